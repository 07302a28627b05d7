/* higgs.c implementation part: the format registry, one row per stored format.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own.
 *
 * A quantized tensor's (type, params) name one row: the type, p (weights per code), the bits per
 * code, and the variant field of params[0] as files store it. hg_qinfo_get finds the row once
 * (hg_format_of) and copies what the rest of the code reads from it (the grid, the code layout);
 * quantize picks rows by name or by (p, bits, grid) (hg_format_pick); the kernel tables
 * (src/select.h) are indexed by the row's id. Adding a format is adding a row here, its codebook
 * to hg_grid_variant and its kernels to the tables (docs/architecture.md has the checklist). */

#define HG_ROW(id_, name_, title_, type_, p_, cbits_, grid_, layout_, variant_, multiple_, rowbuf_, ...)             \
    [id_] = {.id = id_, .name = name_, .title = title_, .type = type_, .p = p_, .code_bits = cbits_, .grid = grid_, \
             .layout = layout_, .file_variant = variant_, .block_multiple = multiple_, .row_buffer = rowbuf_, __VA_ARGS__}
#define HG_RTN_ROW(b, rowbuf) HG_ROW(HG_FMT_RTN##b, "rtn-" #b "bit", "RTN " #b "-bit (uniform levels, absmax scale per group)", \
                                     HG_RTN, 1, b, 0, HG_LAYOUT_STREAM, 0, 1, rowbuf)
#define HG_P1_ROW(b, rowbuf) HG_ROW(HG_FMT_P1_##b##BIT, "p1-" #b "bit", "HIGGS p=1 " #b "-bit (Gaussian levels)",   \
                                    HG_HIGGS, 1, b, HG_GRID_FREE, HG_LAYOUT_STREAM, 0, 1, rowbuf)
const hg_format hg_formats[HG_FMT_COUNT] = {
    HG_RTN_ROW(2, 0), HG_RTN_ROW(3, 0), HG_RTN_ROW(4, 0), HG_RTN_ROW(5, 1), HG_RTN_ROW(6, 1), HG_RTN_ROW(7, 0),
    HG_RTN_ROW(8, 0),
    HG_ROW(HG_FMT_NF4, "nf4", "NF4 (QLoRA's normal-float levels)", HG_NF4, 1, 4, 0, HG_LAYOUT_STREAM, 0, 1, 0),
    HG_ROW(HG_FMT_AF4, "af4", "AF4 (abnormal-float levels)", HG_AF4, 1, 4, 0, HG_LAYOUT_STREAM, 0, 1, 0),
    HG_P1_ROW(2, 0), HG_P1_ROW(3, 0), HG_P1_ROW(4, 0), HG_P1_ROW(5, 1), HG_P1_ROW(6, 1), HG_P1_ROW(8, 0),
    /* the same 32 and 64 levels in sign-magnitude order, codes in planes: what quantize writes for p1-5bit, p1-6bit */
    HG_ROW(HG_FMT_P1_5BIT_SYM_PLANAR, "p1-5bit-sym-planar", "HIGGS p=1 5-bit (Gaussian levels), sign-magnitude codes in planes",
           HG_HIGGS, 1, 5, HG_GRID_SIGNSYM, HG_LAYOUT_PLANAR_P1B5, HG_VARIANT_SYM_PLANAR, 32, 1, .stands_for = HG_GRID_FREE),
    HG_ROW(HG_FMT_P1_6BIT_SYM_PLANAR, "p1-6bit-sym-planar", "HIGGS p=1 6-bit (Gaussian levels), sign-magnitude codes in planes",
           HG_HIGGS, 1, 6, HG_GRID_SIGNSYM, HG_LAYOUT_PLANAR_P2B6, HG_VARIANT_SYM_PLANAR, 32, 1, .stands_for = HG_GRID_FREE),
    HG_ROW(HG_FMT_P1_8BIT_UNIFORM, "p1-8bit-uniform", "HIGGS p=1 8-bit, uniform levels (int8 weights)", HG_HIGGS, 1, 8,
           HG_GRID_UNIFORM, HG_LAYOUT_STREAM, HG_GRID_UNIFORM, 1, 0),
    HG_ROW(HG_FMT_P2_2BIT, "p2-2bit", "HIGGS p=2 2-bit (16-point grid)", HG_HIGGS, 2, 4, HG_GRID_FREE, HG_LAYOUT_STREAM,
           0, 1, 0),
    HG_ROW(HG_FMT_P2_3BIT, "p2-3bit", "HIGGS p=2 3-bit (64-point grid)", HG_HIGGS, 2, 6, HG_GRID_FREE, HG_LAYOUT_STREAM,
           0, 1, 1),
    HG_ROW(HG_FMT_P2_3BIT_SYM, "p2-3bit-sym", "HIGGS p=2 3-bit, sign-symmetric grid", HG_HIGGS, 2, 6, HG_GRID_SIGNSYM,
           HG_LAYOUT_STREAM, HG_GRID_SIGNSYM, 1, 1),
    HG_ROW(HG_FMT_P2_3BIT_SYM_PLANAR, "p2-3bit-sym-planar", "HIGGS p=2 3-bit, sign-symmetric grid, codes in planes",
           HG_HIGGS, 2, 6, HG_GRID_SIGNSYM, HG_LAYOUT_PLANAR_P2B6, HG_VARIANT_SYM_PLANAR, 64, 1, .stands_for = HG_GRID_SIGNSYM),
    HG_ROW(HG_FMT_P2_3BIT_BLOCK, "p2-3bit-block", "HIGGS p=2 3-bit, block grid (--grid fast)", HG_HIGGS, 2, 6,
           HG_GRID_BLOCKS, HG_LAYOUT_STREAM, HG_GRID_BLOCKS, 1, 1),
    HG_ROW(HG_FMT_P2_3BIT_BLOCK_PLANAR, "p2-3bit-block-planar", "HIGGS p=2 3-bit, block grid, codes in planes",
           HG_HIGGS, 2, 6, HG_GRID_BLOCKS, HG_LAYOUT_PLANAR_P2B6, HG_VARIANT_BLOCKS_PLANAR, 64, 1, .stands_for = HG_GRID_BLOCKS),
    HG_ROW(HG_FMT_P2_4BIT, "p2-4bit", "HIGGS p=2 4-bit (256-point grid)", HG_HIGGS, 2, 8, HG_GRID_FREE, HG_LAYOUT_STREAM,
           0, 1, 0),
    HG_ROW(HG_FMT_P2_4BIT_SYM, "p2-4bit-sym", "HIGGS p=2 4-bit, sign-symmetric grid (the default)", HG_HIGGS, 2, 8,
           HG_GRID_SIGNSYM, HG_LAYOUT_STREAM, HG_GRID_SIGNSYM, 1, 0),
    HG_ROW(HG_FMT_P2_4BIT_BLOCK, "p2-4bit-block", "HIGGS p=2 4-bit, block grid (--grid fast)", HG_HIGGS, 2, 8,
           HG_GRID_BLOCKS, HG_LAYOUT_STREAM, HG_GRID_BLOCKS, 1, 0),
    HG_ROW(HG_FMT_P4_2BIT, "p4-2bit", "HIGGS p=4 2-bit (256-point grid)", HG_HIGGS, 4, 8, HG_GRID_FREE, HG_LAYOUT_STREAM,
           0, 1, 0),
    HG_ROW(HG_FMT_P4_2_5BIT, "p4-2.5bit", "HIGGS p=4 2.5-bit (1024-point grid)", HG_HIGGS, 4, 10, HG_GRID_FREE,
           HG_LAYOUT_STREAM, 0, 1, 0),
    HG_ROW(HG_FMT_P4_3BIT, "p4-3bit", "HIGGS p=4 3-bit, sign-symmetric 4096-point grid", HG_HIGGS, 4, 12, HG_GRID_FREE,
           HG_LAYOUT_STREAM, 0, 1, 0),
    HG_ROW(HG_FMT_P4_3BIT_PAIRED_PLANAR, "p4-3bit-paired-planar", "HIGGS p=4 3-bit, paired grid, codes in planes",
           HG_HIGGS, 4, 12, HG_GRID_SIGNSYM, HG_LAYOUT_PLANAR_P4B12, HG_VARIANT_P4_PAIRED_PLANAR, 256, 0, .stands_for = HG_GRID_FREE),
    /* the per-block rotation choice: K = 2..32 sign vectors, the block's pick in its scale's low bits */
    HG_ROW(HG_FMT_P2_3BIT_RC, "p2-3bit-rc", "HIGGS p=2 3-bit (64-point grid), rotation chosen per block", HG_HIGGS, 2, 6,
           HG_GRID_FREE, HG_LAYOUT_STREAM, 0, 1, 1, .rot_choice = 1),
    HG_ROW(HG_FMT_P2_4BIT_SYM_RC, "p2-4bit-sym-rc", "HIGGS p=2 4-bit, sign-symmetric grid, rotation chosen per block",
           HG_HIGGS, 2, 8, HG_GRID_SIGNSYM, HG_LAYOUT_STREAM, HG_GRID_SIGNSYM, 1, 0, .rot_choice = 1),
    HG_ROW(HG_FMT_P4_3BIT_RC, "p4-3bit-rc", "HIGGS p=4 3-bit, sign-symmetric 4096-point grid, rotation chosen per block",
           HG_HIGGS, 4, 12, HG_GRID_FREE, HG_LAYOUT_STREAM, 0, 1, 0, .rot_choice = 1),
    HG_ROW(HG_FMT_P4_3BIT_PAIRED_PLANAR_RC, "p4-3bit-paired-planar-rc",
           "HIGGS p=4 3-bit, paired grid, codes in planes, rotation chosen per block", HG_HIGGS, 4, 12, HG_GRID_SIGNSYM,
           HG_LAYOUT_PLANAR_P4B12, HG_VARIANT_P4_PAIRED_PLANAR, 256, 0, .stands_for = HG_GRID_FREE, .rot_choice = 1),
};
#undef HG_P1_ROW
#undef HG_RTN_ROW
#undef HG_ROW

int hg_format_of(uint32_t type, const uint32_t params[4]) {
    int p = (int)(params[0] & 0xFFu), variant = (int)(params[0] >> 8 & 0xFFu), code_bits = (int)params[1];
    int choice_bits = (int)(params[0] >> 16);
    if (choice_bits > HG_CHOICE_BITS_MAX) return -1;
    for (int i = 0; i < HG_FMT_COUNT; i++) {
        const hg_format *f = &hg_formats[i];
        if (f->type == type && f->p == p && f->code_bits == code_bits && f->file_variant == variant &&
            f->rot_choice == (choice_bits > 0))
            return i;
    }
    return -1;
}

const hg_format *hg_format_named(const char *name) {
    for (int i = 0; i < HG_FMT_COUNT; i++)
        if (!strcmp(hg_formats[i].name, name)) return &hg_formats[i];
    return NULL;
}

/* The grid quantize (its --grid, the allocator's menu) asks for to get row f: its own, or for a planar row
 * the one it stands for (the p=4 paired grid and the sign-magnitude p=1 order replace the free grid
 * wherever their planes fit; the 3-bit block grid's planes replace its bit stream) */
int hg_format_grid_asked(const hg_format *f) { return f->layout == HG_LAYOUT_STREAM ? f->grid : f->stands_for; }

/* What quantize writes for HIGGS (p, bits per code, grid) at Hadamard block `block`, with the
 * rotation choice or without: the layout the fast kernels read where the block allows it (a planar
 * row of the same grid), else the bit stream; NULL: no such grid. */
const hg_format *hg_format_pick(int p, int code_bits, int grid, int block, int rot_choice) {
    const hg_format *best = NULL;
    for (int i = 0; i < HG_FMT_COUNT; i++) {
        const hg_format *f = &hg_formats[i];
        if (f->type != HG_HIGGS || f->p != p || f->code_bits != code_bits || f->rot_choice != !!rot_choice) continue;
        if (hg_format_grid_asked(f) != grid || block % f->block_multiple) continue;
        if (!best || f->layout > best->layout) best = f;
    }
    return best;
}
