/* The kernel tables (src/select.h) of this build: prints every (format, ISA level) cell and the
 * kernel that serves each format at each level, and fails on a silent gap: a format without its
 * portable kernels, a cell half filled, a cell that can never give a kernel, a chain whose int8
 * path lacks a kernel it calls, an activation copy the kernels read but the level does not
 * prepare, or hg_qinfo_get choosing other kernels than the tables say.
 * Prints PASS/FAIL lines and "N passed, M failed"; exit 1 on any failure. */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

#include <stdio.h>
#include <string.h>

static int passes, failures;
static char why[512];   /* the first reason a check failed, "" while none */

static void fail(const char *fmt_name, const char *level, int group, const char *rule) {
    if (!why[0]) snprintf(why, sizeof why, "%s, %s, block %d: %s", fmt_name, level, group, rule);
}

static void check(const char *name) {
    if (!why[0]) { passes++; printf("PASS %s\n", name); }
    else { failures++; printf("FAIL %s (%s)\n", name, why); }
    why[0] = 0;
}

/* the blocks a format takes: powers of two and the Paley-based widths (3 * 2^j, 5 * 2^j, ...) */
static const int groups[] = {16, 32, 64, 96, 128, 160, 192, 256, 320, 384, 512, 768, 1024, 2048, 4096, 32768};
#define NGROUPS ((int)(sizeof groups / sizeof groups[0]))
static int group_ok(const hg_format *f, int g) { return g % f->block_multiple == 0 && g % f->p == 0; }

static const char *act_name(int layout) {
    return layout == HG_ACT_EVEN_ODD ? "even/odd" : layout == HG_ACT_COORDS4 ? "coords4" : "none";
}

/* the kernels a cell gives, as a bit mask (1: dot ... 128: gemm8) */
static int cell_mask(const hg_kcell *c) {
    const hg_kernels *k = &c->k;
    return (k->dot != NULL) | (k->dequant != NULL) << 1 | (k->dot8 != NULL) << 2 | (k->rows8 != NULL) << 3 |
           (k->rows8x2 != NULL) << 4 | (k->rows8n != NULL) << 5 | (k->decode8 != NULL) << 6 | (k->gemm8 != NULL) << 7;
}
#define INT8_KERNELS (4 | 8 | 16 | 32 | 64 | 128)

/* the kernel entries in struct order, for printing */
enum { NK = 8 };
static const char *const label[NK] = {"dot", "dequant", "dot8", "rows8", "rows8x2", "rows8n", "decode8", "gemm8"};

static void print_cell(const hg_kcell *c) {
    const hg_knames *n = &c->name;
    if (c->multiple > 1) printf(" [blocks of %d]", c->multiple);
    else printf(" [any block]");
    const char *f[NK] = {n->dot, n->dequant, n->dot8, n->rows8, n->rows8x2, n->rows8n, n->decode8, n->gemm8};
    for (int i = 0; i < NK; i++)
        if (f[i]) printf(" %s=%s", label[i], f[i]);
}

static void print_entry(int f, int l) {
    const hg_kentry *e = &hg_klevels[l].table[f];
    int any = e->act.layout != 0;
    for (int i = 0; i < HG_KCELLS; i++) any |= cell_mask(&e->cell[i]) != 0;
    if (!any) return;
    printf("  %-12s", hg_klevels[l].name);
    for (int i = 0; i < HG_KCELLS; i++)
        if (cell_mask(&e->cell[i])) print_cell(&e->cell[i]);
    if (e->act.layout) printf(" [act %s in blocks of %d]", act_name(e->act.layout), e->act.multiple);
    printf("\n");
}

/* what serves format f through level `top` in blocks of g */
static void print_resolved(int f, int top, int g) {
    hg_kernels k;
    hg_kfrom from;
    hg_kernels_resolve(f, g, top, &k, &from);
    printf("  -> %-9s block %d:", hg_klevels[top].name, g);
    const hg_kcell *c[NK] = {from.dot, from.dequant, from.dot8, from.rows8, from.rows8x2, from.rows8n, from.decode8, from.gemm8};
    for (int i = 0; i < NK; i++) {
        if (!c[i]) continue;
        const hg_knames *n = &c[i]->name;
        const char *nm[NK] = {n->dot, n->dequant, n->dot8, n->rows8, n->rows8x2, n->rows8n, n->decode8, n->gemm8};
        printf(" %s=%s", label[i], nm[i]);
    }
    printf(" act=%s\n", act_name(k.act_layout));
}

/* whether format f has an int8 grid, asked of hg_qinfo_get; -1: it refuses every block tried */
static int has_grid8(int f) {
    const hg_format *fm = &hg_formats[f];
    for (int g = 16; g <= 4096; g *= 2) {
        if (!group_ok(fm, g)) continue;
        uint32_t params[4] = {(uint32_t)fm->p | (uint32_t)fm->file_variant << 8 | (uint32_t)fm->rot_choice << 18, (uint32_t)fm->code_bits, (uint32_t)g,
                              fm->type == HG_HIGGS ? (uint32_t)g : 0};
        hg_qinfo q;
        if (!hg_qinfo_get(fm->type, params, 4 * (uint64_t)g, &q)) return q.g8 != NULL;
    }
    return -1;
}

/* cells: dot with dequant; a two-stream kernel beside its one-stream partner; the VNNI product with
 * the decode8 that writes its k + 128 and an order only for it; no cell that the one before it
 * always shadows; no int8 kernel for a format without an int8 grid */
static void check_cells(int f, int grid8) {
    const char *fn = hg_formats[f].name;
    for (int l = 0; l < HG_KLEVELS; l++) {
        const hg_kentry *e = &hg_klevels[l].table[f];
        const char *ln = hg_klevels[l].name;
        for (int i = 0; i < HG_KCELLS; i++) {
            const hg_kcell *c = &e->cell[i];
            const int m = cell_mask(c);
            if (!c->k.dot != !c->k.dequant) fail(fn, ln, c->multiple, "dot without dequant or dequant without dot");
            if (c->k.rows8x2 && !c->k.rows8 && !c->k.dot8) fail(fn, ln, c->multiple, "rows8x2 without rows8 or dot8");
            if (c->k.gemm8_vnni && (!c->k.gemm8 || !c->k.decode8)) fail(fn, ln, c->multiple, "VNNI gemm8 without its decode8");
            if (c->k.gemm8_natural && !c->k.gemm8_vnni) fail(fn, ln, c->multiple, "gemm8_natural outside a VNNI cell");
            if (c->k.act_layout) fail(fn, ln, c->multiple, "act_layout in a cell (it belongs to the entry's act rule)");
            if (grid8 != 1 && (m & INT8_KERNELS)) fail(fn, ln, c->multiple, "int8 kernel for a format without an int8 grid");
            for (int j = 0; j < i && m; j++) {
                const hg_kcell *b = &e->cell[j];
                int mb = b->multiple > 1 ? b->multiple : 1;
                if (c->multiple % mb == 0 && c->multiple >= mb && !(m & ~cell_mask(b)))
                    fail(fn, ln, c->multiple, "cell shadowed by an earlier one: it never gives a kernel");
            }
        }
        if (e->act.layout == HG_ACT_COORDS4 && hg_formats[f].p != 4) fail(fn, ln, 0, "coords4 copy for p != 4");
        if (e->act.layout && grid8 != 1) fail(fn, ln, 0, "activation copy for a format without an int8 grid");
    }
}

/* the chain through every level, in every block: what the int8 path calls exists */
static void check_chain(int f, int grid8) {
    const hg_format *fm = &hg_formats[f];
    for (int top = 0; top < HG_KLEVELS; top++)
        for (int gi = 0; gi < NGROUPS; gi++) {
            const int g = groups[gi];
            if (!group_ok(fm, g)) continue;
            hg_kernels k;
            hg_kfrom from;
            hg_kernels_resolve(f, g, top, &k, &from);
            const char *ln = hg_klevels[top].name;
            if (!k.dot || !k.dequant) fail(fm->name, ln, g, "no float dot/dequant");
            if (grid8 == 1 && (!k.dot8 || !k.decode8)) fail(fm->name, ln, g, "int8 grid without dot8/decode8");
            if (k.rows8 && (!k.dot8 || !k.decode8)) fail(fm->name, ln, g, "rows8 without dot8 or decode8");
            if (k.rows8x2 && !k.rows8) fail(fm->name, ln, g, "rows8x2 without rows8");
            if (k.rows8n && !k.rows8) fail(fm->name, ln, g, "rows8n without rows8");
            if (k.gemm8 && !k.decode8) fail(fm->name, ln, g, "gemm8 without decode8 (its fallback loop)");
            if (k.gemm8_vnni && from.decode8 != from.gemm8) fail(fm->name, ln, g, "VNNI gemm8 with another cell's decode8");
            if (k.gemm8_vnni && !k.gemm8_natural && k.act_layout != HG_ACT_EVEN_ODD)
                fail(fm->name, ln, g, "VNNI gemm8 reads a->qp, which this level does not prepare");
            if (k.act_layout == HG_ACT_EVEN_ODD && g % 32) fail(fm->name, ln, g, "even/odd copy in a block not of 32k");
            if (k.act_layout == HG_ACT_COORDS4 && g % 256) fail(fm->name, ln, g, "coords4 copy in a block not of 256k");
        }
}

/* hg_qinfo_get takes what the tables give at the top level (short rows: no row-buffer limit) */
static void check_qinfo(int f) {
    const hg_format *fm = &hg_formats[f];
    for (int g = 16; g <= 4096; g *= 2) {
        if (!group_ok(fm, g)) continue;
        uint32_t params[4] = {(uint32_t)fm->p | (uint32_t)fm->file_variant << 8 | (uint32_t)fm->rot_choice << 18, (uint32_t)fm->code_bits, (uint32_t)g,
                              fm->type == HG_HIGGS ? (uint32_t)g : 0};
        hg_qinfo q;
        hg_kernels k;
        if (hg_qinfo_get(fm->type, params, 4 * (uint64_t)g, &q)) continue;
        hg_kernels_resolve(f, g, HG_KLEVELS - 1, &k, NULL);
        if (q.fmt != fm) fail(fm->name, "qinfo", g, "hg_qinfo_get found another format row");
        if (memcmp(&q.k, &k, sizeof k)) fail(fm->name, "qinfo", g, "q->k differs from the tables");
        if (q.act8 != (k.rows8 != NULL)) fail(fm->name, "qinfo", g, "q->act8 differs from rows8 != NULL");
    }
}

int main(void) {
    printf("levels:");
    for (int l = 0; l < HG_KLEVELS; l++) printf(" %s", hg_klevels[l].name);
    printf("\nint8 grids: %s\n", hg_act8_grids());
    for (int f = 0; f < HG_FMT_COUNT; f++) {
        const hg_format *fm = &hg_formats[f];
        char name[160];
        int grid8 = has_grid8(f);
        printf("%s (%s)%s\n", fm->name, fm->title, grid8 == 1 ? ", int8 grid" : "");
        for (int l = 0; l < HG_KLEVELS; l++) print_entry(f, l);
        for (int l = 0; l < HG_KLEVELS; l++) print_resolved(f, l, 256);
        if (fm->id != (hg_format_id)f) fail(fm->name, "registry", 0, "row out of place");
        if (grid8 < 0) fail(fm->name, "qinfo", 0, "hg_qinfo_get refuses every block");
        snprintf(name, sizeof name, "%s: registry row, hg_qinfo_get accepts it", fm->name);
        check(name);
        check_cells(f, grid8);
        snprintf(name, sizeof name, "%s: every cell whole, none shadowed", fm->name);
        check(name);
        check_chain(f, grid8);
        snprintf(name, sizeof name, "%s: portable dot/dequant%s, int8 chain complete at every level and block",
                 fm->name, grid8 == 1 ? ", dot8/decode8" : "");
        check(name);
        check_qinfo(f);
        snprintf(name, sizeof name, "%s: hg_qinfo_get takes the tables' kernels", fm->name);
        check(name);
    }
    if (!hg_act8_grids()[0]) fail("-", "-", 0, "hg_act8_grids is empty");
    check("hg_act8_grids lists the int8 formats");
    printf("%d passed, %d failed\n", passes, failures);
    return failures != 0;
}
