/* quantize.c - rewrite .higgs files: HIGGS data-free quantization, the RTN /
 * NF4 / AF4 baselines, number-format conversion, and a description of what a
 * file holds.
 *
 *   ./quantize --info model.higgs
 *   ./quantize in.higgs out.higgs --dtype f16                 (f32 | f16 | bf16)
 *   ./quantize in.higgs out.higgs --method higgs --bits 4 --p 2 [--hadamard 1024]
 *   ./quantize in.higgs out.higgs --method rtn --bits 4 --group 64
 *   ./quantize in.higgs out.higgs --method nf4      (or af4; blocks of 64)
 *
 * Streams tensor by tensor: memory is one tensor, never the model. The output
 * is written to a temporary file and renamed, so a failure leaves nothing.
 */
#define HIGGS_IMPLEMENTATION
#include "higgs.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <math.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static hg_writer *g_writer;           /* removed on a fatal error or a signal */
static char g_alphas_tmp[4400];       /* the sensitivities being measured into it: removed the same way */
static volatile pid_t g_alphas_pid;   /* and the run process measuring them, stopped first */

static _Noreturn void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "quantize: error: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    if (g_writer) hg_writer_abort(g_writer);
    if (g_alphas_tmp[0]) unlink(g_alphas_tmp);
    exit(1);
}

static void on_signal(int sig) {
    static const char msg[] = "quantize: interrupted; no output written\n";
    if (g_writer && g_writer->tmp_path[0]) unlink(g_writer->tmp_path);
    if (g_alphas_pid > 0) {           /* a signal sent to quantize alone must not leave run working */
        kill(g_alphas_pid, SIGTERM);
        waitpid(g_alphas_pid, NULL, 0);
    }
    if (g_alphas_tmp[0]) unlink(g_alphas_tmp);
    if (write(2, msg, sizeof msg - 1) < 0) { /* nothing more to do in a signal handler */ }
    signal(sig, SIG_DFL);
    raise(sig);
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) die("out of memory allocating %zu bytes", n);
    return p;
}

/* ------------------------------------------------------------ metadata */

typedef struct { char *key, *value; } KV;
typedef struct { KV *v; int n; } KVList;

static void kv_set(KVList *l, const char *key, const char *value) {
    for (int i = 0; i < l->n; i++)
        if (!strcmp(l->v[i].key, key)) {
            free(l->v[i].value);
            l->v[i].value = strdup(value);
            return;
        }
    l->v = realloc(l->v, (size_t)(l->n + 1) * sizeof(KV));
    if (!l->v) die("out of memory");
    l->v[l->n].key = strdup(key);
    l->v[l->n].value = strdup(value);
    l->n++;
}

static void kv_parse(KVList *l, const uint8_t *p, uint64_t n) {
    memset(l, 0, sizeof *l);
    if (!p) return;
    hg_rd r = {p, n, 0, 0};
    uint32_t count = hg_rd_u32(&r);
    for (uint32_t i = 0; i < count; i++) {
        uint16_t kl = hg_rd_u16(&r);
        const uint8_t *k = hg_rd_bytes(&r, kl);
        uint32_t vl = hg_rd_u32(&r);
        const uint8_t *v = hg_rd_bytes(&r, vl);
        if (r.bad || !k || !v) die("metadata section is corrupt");
        char *key = strndup((const char *)k, kl), *value = strndup((const char *)v, vl);
        kv_set(l, key, value);
        free(key);
        free(value);
    }
}

static uint8_t *kv_serialize(const KVList *l, uint64_t *size) {
    uint64_t n = 4;
    for (int i = 0; i < l->n; i++) n += 2 + strlen(l->v[i].key) + 4 + strlen(l->v[i].value);
    uint8_t *b = xmalloc(n), *p = b;
    uint32_t count = (uint32_t)l->n;
    memcpy(p, &count, 4); p += 4;
    for (int i = 0; i < l->n; i++) {
        uint16_t kl = (uint16_t)strlen(l->v[i].key);
        uint32_t vl = (uint32_t)strlen(l->v[i].value);
        memcpy(p, &kl, 2); p += 2;
        memcpy(p, l->v[i].key, kl); p += kl;
        memcpy(p, &vl, 4); p += 4;
        memcpy(p, l->v[i].value, vl); p += vl;
    }
    *size = n;
    return b;
}

static void kv_free(KVList *l) {
    for (int i = 0; i < l->n; i++) { free(l->v[i].key); free(l->v[i].value); }
    free(l->v);
}

/* ---------------------------------------------------------------- info */

static void info(const char *path) {
    hg_file f;
    char err[512];
    if (hg_open(&f, path, err, sizeof err)) die("%s", err);
    const hg_config *c = &f.cfg;
    printf("file %s: %.2f MB, format v%d, meta %llu bytes, data %llu bytes at %llu\n", path, f.size / 1e6, HG_VERSION,
           (unsigned long long)f.meta_size, (unsigned long long)f.data_size, (unsigned long long)f.data_offset);
    printf("config: arch %s, dim %d, hidden_dim %d, n_layers %d, n_heads %d, n_kv_heads %d, head_dim %d, vocab %d, seq_len %d\n",
           c->arch, c->dim, c->hidden_dim, c->n_layers, c->n_heads, c->n_kv_heads, c->head_dim, c->vocab_size, c->seq_len);
    printf("        rope_theta %g, rope scaling %s", (double)c->rope_theta, c->rope_scaling_type ? "llama3" : "none");
    if (c->rope_scaling_type)
        printf(" (factor %g, low %g, high %g, original %d)", (double)c->rope_factor, (double)c->rope_low_freq_factor,
               (double)c->rope_high_freq_factor, c->rope_original_max_pos);
    printf(", rms_norm_eps %g, tied %d, bos %d, eos %d\n", (double)c->rms_norm_eps, c->tied_embeddings, c->bos_id, c->eos_id);
    hg_rd r = {f.tok, f.tok_size, 0, 0};
    uint32_t ttype = hg_rd_u32(&r), npieces = hg_rd_u32(&r);
    printf("tokenizer: %s, %u pieces, %llu bytes\n", ttype == 1 ? "sentencepiece-bpe" : ttype == 2 ? "byte-level-bpe" : "unknown",
           npieces, (unsigned long long)f.tok_size);
    KVList kv;
    kv_parse(&kv, f.kv, f.kv_size);
    for (int i = 0; i < kv.n; i++) printf("meta: %s = %s\n", kv.v[i].key, kv.v[i].value);
    kv_free(&kv);
    uint64_t params = 0, linear_params = 0, linear_bytes = 0;
    int per_format[HG_FMT_COUNT] = {0};
    printf("%-52s %-24s %-6s %-14s %12s\n", "tensor", "format", "block", "shape", "bytes");
    for (int i = 0; i < f.n_tensors; i++) {
        const hg_tensor *t = &f.tensors[i];
        char shape[64];
        if (t->ndim == 2) snprintf(shape, sizeof shape, "%llux%llu", (unsigned long long)t->shape[0], (unsigned long long)t->shape[1]);
        else snprintf(shape, sizeof shape, "%llu", (unsigned long long)t->shape[0]);
        int id = hg_is_quantized(t->type) ? hg_format_of(t->type, t->params) : -1;
        char block[16] = "-";
        if (id >= 0) per_format[id]++, snprintf(block, sizeof block, "%u", t->params[2]);
        printf("%-52s %-24s %-6s %-14s %12llu\n", t->name, id >= 0 ? hg_formats[id].name : hg_type_name(t->type), block, shape,
               (unsigned long long)t->nbytes);
        params += t->rows * t->cols;
        if (strstr(t->name, "model.layers.") && t->ndim == 2) {
            linear_params += t->rows * t->cols;
            linear_bytes += t->nbytes;
        }
    }
    printf("%d tensors, %.3fM parameters, %.3f bits/parameter overall", f.n_tensors, params / 1e6, 8.0 * f.data_size / params);
    if (linear_params) printf(", %.3f bits/weight in the linear layers", 8.0 * linear_bytes / linear_params);
    printf("\n");
    for (int i = 0; i < HG_FMT_COUNT; i++)
        if (per_format[i]) printf("format %-24s %4d tensors: %s\n", hg_formats[i].name, per_format[i], hg_formats[i].title);
    hg_close(&f);
}

/* ---------------------------------------------------------- conversion */

static int parse_dtype(const char *s) {
    if (!strcmp(s, "f32")) return HG_F32;
    if (!strcmp(s, "f16")) return HG_F16;
    if (!strcmp(s, "bf16")) return HG_BF16;
    die("unknown --dtype '%s' (f32, f16 or bf16)", s);
}

/* one tensor -> new type, whole tensor in memory (never the whole model) */
static void *convert_tensor(const hg_tensor *t, uint32_t type, uint64_t *nbytes) {
    *nbytes = hg_tensor_bytes(type, t->params, t->rows, t->cols);
    uint8_t *out = xmalloc(*nbytes);
    float *row = xmalloc(t->cols * sizeof(float));
    for (uint64_t r = 0; r < t->rows; r++) {
        hg_dequant_row(row, t, (int)r);
        uint8_t *o = out + r * (*nbytes / t->rows);
        for (uint64_t i = 0; i < t->cols; i++) {
            if (type == HG_F32) memcpy(o + 4 * i, &row[i], 4);
            else {
                uint16_t h = type == HG_F16 ? hg_f32_to_f16(row[i]) : hg_f32_to_bf16(row[i]);
                memcpy(o + 2 * i, &h, 2);
            }
        }
    }
    free(row);
    return out;
}

/* an allocator option: a HIGGS grid, or f16 (p = 0); rc: with the per-block rotation choice (a row
 * with hg_format.rot_choice; K from --rotations, else DEFAULT_ROTATIONS) */
typedef struct { int p, cbits, grid, rc; } MenuItem;
#define MAX_OPTS 24

typedef struct {
    uint32_t method;                  /* 0: only change dtype; else HG_HIGGS / HG_RTN / HG_NF4 / HG_AF4 */
    int dtype, bits, p, hadamard, group, threads;
    double target_bits, max_t2;       /* --target-bits: DP allocation over the HIGGS menu */
    const char *alphas, *calib;
    int seed;                         /* HIGGS random signs: 0 none (plain Sylvester), 1..255; -1 unset */
    int choice_bits;                  /* --rotations K: log2 K, the per-block rotation choice; 0 none, -1 unset */
    int vector_grids;                 /* --vector-grids: the DP menu has the p=4 grids too */
    int grid;                         /* --grid: HG_GRID_SIGNSYM, HG_GRID_FREE or HG_GRID_UNIFORM; -1 unset */
    int head;                         /* lm_head: HEAD_KEEP, HEAD_INT8 or HEAD_SAME (--head); -1 unset */
    int head_set;                     /* --head or --quantize-head given */
    int target_as_uniform;            /* no options: the DP's budget is the size of uniform HIGGS p=2 4-bit */
    double max_kld, target_size;      /* --max-kld X, --target-size MB: the DP's budget from a loss or a file size */
    MenuItem menu[MAX_OPTS];          /* --menu: the DP's options; n_menu 0: the default menu */
    int n_menu;
} Options;

/* the DP allocates the linear layers' grids: --target-bits, --max-kld, --target-size, or no options */
static int allocates(const Options *o) { return o->target_bits > 0 || o->max_kld > 0 || o->target_size > 0; }
enum { HEAD_KEEP, HEAD_INT8, HEAD_SAME };

/* The head by default: int8 (RTN 8-bit, one scale per 64 weights; 32 where 64 does not divide the
 * row). On the bundled model it adds 1-2% to the KL divergence of a 4-bit file (bench/quality.sh,
 * "head kept" row) and takes 14% off the file; at decode the head is 10% of an f16-head 4-bit
 * model's reads (docs/quantization.md). */
#define DEFAULT_HEAD HEAD_INT8
static int head_group(uint64_t cols) { return cols % 64 && !(cols % 32) ? 32 : 64; }

/* which tensors a method touches: the linear layers (and the head on request) */
static int is_linear(const hg_tensor *t, const Options *o) {
    if (t->ndim != 2) return 0;
    if (!strncmp(t->name, "model.layers.", 13)) return 1;
    return o->head == HEAD_SAME && !strcmp(t->name, "lm_head.weight");
}

/* HIGGS block size for a row of `cols`: by default hg_hadamard_for (a power of
 * two that divides the row, or a Hadamard order m * 2^j for widths such as 288
 * or 192); a requested power of two if it divides the row, else the row is padded */
static int hadamard_for(uint64_t cols, int requested, int *m) {
    *m = 1;
    if (!requested) return hg_hadamard_for(cols, m);
    int h = requested;
    while (h > 64 && (uint64_t)h / 2 >= cols) h /= 2;   /* never more than one block of padding */
    return h;
}

#define DEFAULT_GRID4 HG_GRID_SIGNSYM /* p=2 4-bit: the same KL divergence within the seed spread, 2.4x the AVX2
                                       * decode speed of the free grid (docs/grids.md) */
#define DEFAULT_GRID3 HG_GRID_FREE    /* p=2 3-bit */
#define DP_GRID3 HG_GRID_SIGNSYM      /* p=2 3-bit in the default's DP menu (no options): the least sensitive
                                       * layers take it, 1% more KL divergence there (4 seeds), and it decodes
                                       * 2x faster without AVX-512. --target-bits keeps the 3-bit default (free):
                                       * at 3.25 bits most layers are 3-bit and sym costs 6% */
#define DEFAULT_GRID8 HG_GRID_UNIFORM /* p=1 8-bit: twice the Gaussian grid's MSE (still 1/7 of 6-bit's), and
                                       * int8 kernels on every build where the Gaussian one runs in float at
                                       * a tenth of the speed (docs/grids.md) */
/* the grid variant of (p, bits per code): p=2 4-bit and 3-bit have a free, a sign-symmetric and a
 * block grid (--grid fast), p=1 8-bit a free (Gaussian) and a uniform one */
static int grid_variant(int p, int code_bits, int grid) {
    if (p == 1 && code_bits == 8) return grid == HG_GRID_FREE ? HG_GRID_FREE : DEFAULT_GRID8;
    if (p != 2 || (code_bits != 8 && code_bits != 6)) return HG_GRID_FREE;
    return grid >= 0 ? grid : code_bits == 8 ? DEFAULT_GRID4 : DEFAULT_GRID3;
}

static void params_for(const hg_tensor *t, const Options *o, uint32_t params[4]) {
    memset(params, 0, 4 * sizeof(uint32_t));
    switch (o->method) {
    case HG_HIGGS: {
        int m, h = hadamard_for(t->cols, o->hadamard, &m);
        /* the registry's row for this grid at this block: planar codes where the block holds whole chunks */
        const hg_format *f = hg_format_pick(o->p, o->bits * o->p, grid_variant(o->p, o->bits * o->p, o->grid), h, o->choice_bits > 0);
        if (!f && o->choice_bits > 0) die("--rotations: no p=%d %d-bit grid with the rotation choice (p=2 3-bit free, p=2 4-bit sym, p=4 3-bit)", o->p, o->bits);
        params[0] = (uint32_t)o->p | (uint32_t)(f ? f->file_variant : 0) << 8 | (uint32_t)(o->choice_bits > 0 ? o->choice_bits : 0) << 16;
        params[1] = (uint32_t)(o->bits * o->p); params[2] = (uint32_t)h;
        params[3] = (uint32_t)h | (uint32_t)(m > 1 ? m : 0) << 16 | (uint32_t)o->seed << 24;
        break;
    }
    case HG_RTN: params[0] = 1; params[1] = (uint32_t)o->bits; params[2] = (uint32_t)o->group; break;
    default: params[0] = 1; params[1] = 4; params[2] = (uint32_t)o->group; break;      /* NF4, AF4 */
    }
}

typedef struct {
    const hg_tensor *in;
    const hg_qinfo *q;
    uint8_t *out;
    uint64_t scale_bytes;
    double *err, *norm;               /* per thread */
    float **scratch;
    int rows_per_task;
} QuantJob;

static void quant_task(void *ctx, int task, int thread) {
    QuantJob *j = (QuantJob *)ctx;
    const hg_qinfo *q = j->q;
    float *row = j->scratch[thread], *work = row + q->cols_pad;
    int r0 = task * j->rows_per_task, r1 = r0 + j->rows_per_task;
    if (r1 > (int)j->in->rows) r1 = (int)j->in->rows;
    for (int r = r0; r < r1; r++) {
        hg_dequant_row(row, j->in, r);
        double n2 = 0;
        for (uint64_t i = 0; i < q->cols; i++) n2 += (double)row[i] * row[i];
        uint16_t *scales = (uint16_t *)j->out + (uint64_t)r * q->groups;
        uint8_t *codes = j->out + j->scale_bytes + (uint64_t)r * q->row_code_bytes;
        j->err[thread] += hg_quantize_row(q, row, scales, codes, work);
        j->norm[thread] += n2;
    }
}

static int g_scales = -1;             /* HIGGS block scales (HG_SCALES_*, --scales); -1: the default */
static const char *const k_scales_names[] = {"rms", "unbiased", "lsq", "lsq-unbiased"};
#define DEFAULT_SCALES HG_SCALES_LSQ_UNBIASED   /* the lowest KL divergence on the bundled model: docs/quantization.md */
#define DEFAULT_SEED 1                /* HIGGS random signs unless --seed 0 */
#define DEFAULT_ROTATION_BITS 4       /* the rotation choice's rows in --menu without --rotations: 16 sign vectors */

/* --rotations K: 1, 2, 4, 8, 16 or 32 sign vectors per block -> log2 K */
static int parse_rotations(const char *v) {
    for (int b = 0; b <= HG_CHOICE_BITS_MAX; b++)
        if (!strcmp(v, (const char *[]){"1", "2", "4", "8", "16", "32"}[b])) return b;
    die("--rotations takes 1, 2, 4, 8, 16 or 32 (got '%s')", v);
}

static int parse_scales(const char *v) {
    for (int i = 0; i < 4; i++)
        if (!strcmp(v, k_scales_names[i])) return i;
    die("unknown --scales '%s' (rms, unbiased, lsq, lsq-unbiased)", v);
}

static void *quantize_tensor(const hg_tensor *t, uint32_t type, const uint32_t params[4], hg_pool *pool,
                             uint64_t *nbytes, double *t2) {
    hg_qinfo q;
    if (hg_qinfo_get(type, params, t->cols, &q)) die("%s: invalid quantization parameters", t->name);
    q.scales = g_scales;
    *nbytes = hg_tensor_bytes(type, params, t->rows, t->cols);
    uint8_t *out = calloc(1, *nbytes);
    if (!out) die("out of memory for tensor %s (%llu bytes)", t->name, (unsigned long long)*nbytes);
    int threads = hg_pool_threads(pool);
    double err[256] = {0}, norm[256] = {0};
    float *scratch[256];
    for (int i = 0; i < threads; i++) scratch[i] = xmalloc(2 * q.cols_pad * sizeof(float));
    QuantJob j = {t, &q, out, (t->rows * q.groups * 2 + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN, err, norm, scratch, 16};
    hg_pool_run(pool, quant_task, &j, (int)((t->rows + 15) / 16));
    double e = 0, n = 0;
    for (int i = 0; i < threads; i++) { e += err[i]; n += norm[i]; free(scratch[i]); }
    *t2 = n > 0 ? e / n : 0;
    return out;
}


/* ------------------------------------------------------ bit allocation */
/* --target-bits B: every linear layer picks one option from a menu (the HIGGS
 * grids the runtime decodes fast, at the layer's Hadamard size, or f16) so
 * that sum_l alpha_l * t2 is minimal and the linear layers, scales included,
 * fit in B bits per weight on average. --max-kld X: the smallest budget whose
 * minimum is at most X; --target-size MB: the budget a file size leaves.
 * alpha_l comes from `run -m alphas` (cached next to the model, keyed by its
 * checksum); t2 of an option is measured: the quantizer's relative error on a
 * sample of the layer's rows (measure_t2). docs/linearity.md. */

typedef struct { char *name; double alpha; } Alpha;
typedef struct { Alpha *v; int n; char metric[16]; } Alphas;

static int alphas_load(const char *path, const hg_file *f, Alphas *a, int check_crc) {
    FILE *fp = fopen(path, "r");
    if (!fp) return -1;
    char line[1024], crc[32], want[32], input[16] = "random";   /* files without the line: random tokens */
    snprintf(want, sizeof want, "%08x%08x", f->meta_crc, f->data_crc);
    int crc_ok = !check_crc;
    memset(a, 0, sizeof *a);
    while (fgets(line, sizeof line, fp)) {
        char name[512];
        double alpha;
        if (sscanf(line, "model_crc %31s", crc) == 1) crc_ok |= !strcmp(crc, want);
        else if (sscanf(line, "metric %15s", a->metric) == 1) continue;
        else if (sscanf(line, "input %15s", input) == 1) continue;
        else if (!strncmp(line, "model.", 6) && sscanf(line, "%511s %lf", name, &alpha) == 2 && isfinite(alpha)) {
            a->v = realloc(a->v, (size_t)(a->n + 1) * sizeof(Alpha));
            if (!a->v) die("out of memory");
            a->v[a->n].name = strdup(name);
            a->v[a->n].alpha = alpha < 0 ? 0 : alpha;
            a->n++;
        }
    }
    fclose(fp);
    /* a cached data-free file is recomputed unless it measured KL on the model's own samples */
    if (check_crc && strcmp(a->metric, "ppl") && strcmp(input, "sampled")) crc_ok = 0;
    if (!crc_ok) {
        for (int i = 0; i < a->n; i++) free(a->v[i].name);
        free(a->v);
        memset(a, 0, sizeof *a);
        return -2;
    }
    return a->n ? 0 : -1;
}

static double alpha_of(const Alphas *a, const char *name) {
    for (int i = 0; i < a->n; i++)
        if (!strcmp(a->v[i].name, name)) return a->v[i].alpha;
    die("no sensitivity for %s in the alphas file", name);
}

/* runs `run IN -m alphas` (the run binary next to this one) into path */
static void alphas_compute(const char *in, const char *path, const Options *o) {
    char exe[4096], run_bin[4200], threads[16], *tmp = g_alphas_tmp;
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = 0;
        char *slash = strrchr(exe, '/');
        if (slash) *slash = 0;
        snprintf(run_bin, sizeof run_bin, "%s/run", exe);
    } else snprintf(run_bin, sizeof run_bin, "./run");
    if (access(run_bin, X_OK)) die("computing sensitivities needs the run binary next to quantize (%s); build it with make", run_bin);
    snprintf(tmp, sizeof g_alphas_tmp, "%s.tmp.%ld", path, (long)getpid());
    snprintf(threads, sizeof threads, "%d", o->threads);
    fprintf(stderr, "measuring layer sensitivities (%s) with %s -m alphas; cached in %s\n",
            o->calib ? "perplexity on the calibration text" : "data-free: KL on text the model samples", run_bin, path);
    pid_t pid = fork();
    if (pid < 0) die("fork failed: %s", strerror(errno));
    if (pid == 0) {
        if (o->calib) execl(run_bin, run_bin, in, "-m", "alphas", "-o", tmp, "-T", threads, "-f", o->calib, (char *)NULL);
        else execl(run_bin, run_bin, in, "-m", "alphas", "-o", tmp, "-T", threads, (char *)NULL);
        _exit(127);
    }
    g_alphas_pid = pid;
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        g_alphas_pid = 0;
        die("measuring sensitivities failed (see the message above)");
    }
    g_alphas_pid = 0;
    if (rename(tmp, path)) die("cannot write %s: %s", path, strerror(errno));
    tmp[0] = 0;
}

/* where measured sensitivities are cached: next to the model, one file per kind of measurement */
static void alphas_cache_path(const char *in, const Options *o, char *path, size_t size) {
    snprintf(path, size, "%s.%s", in, o->calib ? "calib-alphas" : "alphas");
}

typedef struct { uint32_t type, params[4]; } Plan;

/* The menu: one entry per format the DP may give a layer, a HIGGS grid (p, bits per code, grid
 * variant) or f16 (p = 0). A layer takes a grid at its own Hadamard block, in the registry row
 * hg_format_pick gives there (codes in planes where the block holds whole chunks). */
static const MenuItem k_every_grid[] = {
    {0, 16, 0, 0}, {1, 2, HG_GRID_FREE, 0}, {1, 3, HG_GRID_FREE, 0}, {1, 4, HG_GRID_FREE, 0}, {1, 5, HG_GRID_FREE, 0},
    {1, 6, HG_GRID_FREE, 0}, {1, 8, HG_GRID_UNIFORM, 0}, {1, 8, HG_GRID_FREE, 0}, {2, 4, HG_GRID_FREE, 0},
    {2, 6, HG_GRID_FREE, 0}, {2, 6, HG_GRID_SIGNSYM, 0}, {2, 6, HG_GRID_BLOCKS, 0}, {2, 8, HG_GRID_FREE, 0},
    {2, 8, HG_GRID_SIGNSYM, 0}, {2, 8, HG_GRID_BLOCKS, 0}, {4, 8, HG_GRID_FREE, 0}, {4, 10, HG_GRID_FREE, 0},
    {4, 12, HG_GRID_FREE, 0}, {2, 6, HG_GRID_FREE, 1}, {2, 8, HG_GRID_SIGNSYM, 1}, {4, 12, HG_GRID_FREE, 1}};

/* the registry's name of a menu entry (its bit-stream row; planar rows are where a block allows) */
static const char *menu_name(const MenuItem *m) {
    if (!m->p) return "f16";
    for (int i = 0; i < HG_FMT_COUNT; i++) {
        const hg_format *f = &hg_formats[i];
        if (f->type == HG_HIGGS && f->p == m->p && f->code_bits == m->cbits && f->grid == m->grid &&
            f->layout == HG_LAYOUT_STREAM && f->rot_choice == m->rc)
            return f->name;
    }
    return "?";
}

static int menu_has(const MenuItem *m, int n, MenuItem x) {
    for (int i = 0; i < n; i++)
        if (m[i].p == x.p && m[i].cbits == x.cbits && m[i].grid == x.grid && m[i].rc == x.rc) return 1;
    return 0;
}

/* --menu NAMES: registry names (quantize --info's), f16, or "all" (every HIGGS grid and f16) */
static void parse_menu(const char *list, Options *o) {
    char buf[1024];
    if (strlen(list) >= sizeof buf) die("--menu: list too long");
    strcpy(buf, list);
    o->n_menu = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        MenuItem add[MAX_OPTS];
        int n = 0;
        const hg_format *f = hg_format_named(tok);
        if (!strcmp(tok, "all")) {
            n = (int)(sizeof k_every_grid / sizeof k_every_grid[0]);
            memcpy(add, k_every_grid, sizeof k_every_grid);
        } else if (!strcmp(tok, "f16")) add[n++] = (MenuItem){0, 16, 0, 0};
        else if (f && f->type == HG_HIGGS) {
            /* a planar row stands for its grid: the layout follows the block */
            add[n++] = (MenuItem){f->p, f->code_bits, hg_format_grid_asked(f), f->rot_choice};
        } else if (f) die("--menu: %s is not a HIGGS grid (the allocation picks among HIGGS grids and f16)", tok);
        else {
            char names[1024] = "";
            for (int i = 0; i < HG_FMT_COUNT; i++)
                if (hg_formats[i].type == HG_HIGGS && hg_formats[i].layout == HG_LAYOUT_STREAM)
                    snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? ", " : "", hg_formats[i].name);
            die("--menu: unknown option '%s' (HIGGS grids: %s; also f16, all)", tok, names);
        }
        for (int i = 0; i < n; i++)
            if (!menu_has(o->menu, o->n_menu, add[i])) {
                if (o->n_menu == MAX_OPTS) die("--menu: more than %d options", MAX_OPTS);
                o->menu[o->n_menu++] = add[i];
            }
    }
    if (!o->n_menu) die("--menu needs at least one option");
}

/* The menu without --menu. The default (no options): f16, p=1 4- to 6-bit, the uniform 8-bit grid and
 * the sign-symmetric p=2 3- and 4-bit grids, the grids with int8 kernels on every build (p=1 2- and 3-bit
 * and p=2 2-bit decode with float kernels: src/select.h).
 * --target-bits, --max-kld, --target-size: those, p=1 2- and 3-bit, p=2 2-bit and the p=4 2- and 3-bit
 * grids: below 4 bits
 * per weight the p=4 3-bit grid has 0.89x the p=2 3-bit grid's error at the same size, and decodes at
 * 0.9x its speed with AVX-512, 0.42x the p=2 3-bit block grid's on an AVX2-only Zen 3 (docs/grids.md,
 * docs/speed.md). Not p4-2.5bit (--menu can name it): its kernels look codes up with 32-bit table
 * loads, and a 3.25-bit file with it decoded at 0.52x the speed of one without it, for 2% less KL
 * divergence (docs/linearity.md). --grid G: the p=2 3- and
 * 4-bit grids are G's; --grid fast (the block grids) also leaves the p=4 grids out, for AVX2 speed;
 * --vector-grids puts them in wherever they are not. */
static int default_menu(const Options *o, MenuItem *m) {
    int n = 0;
    m[n++] = (MenuItem){0, 16, 0, 0};
    for (int b = o->target_as_uniform ? 4 : 2; b <= 6; b++) m[n++] = (MenuItem){1, b, HG_GRID_FREE, 0};
    m[n++] = (MenuItem){1, 8, DEFAULT_GRID8, 0};
    if (!o->target_as_uniform) m[n++] = (MenuItem){2, 4, HG_GRID_FREE, 0};
    m[n++] = (MenuItem){2, 6, o->grid >= 0 ? o->grid : DP_GRID3, 0};
    m[n++] = (MenuItem){2, 8, o->grid >= 0 ? o->grid : DEFAULT_GRID4, 0};
    const int p4 = o->vector_grids || (!o->target_as_uniform && o->grid != HG_GRID_BLOCKS);
    if (p4)
        for (int b = 8; b <= 12; b += 4) m[n++] = (MenuItem){4, b, HG_GRID_FREE, 0};   /* not p4-2.5bit: slow kernels */
    if (o->choice_bits > 0) {   /* --rotations K: the p=2 3- and 4-bit and p=4 3-bit grids with the rotation choice as well */
        m[n++] = (MenuItem){2, 6, HG_GRID_FREE, 1};
        m[n++] = (MenuItem){2, 8, HG_GRID_SIGNSYM, 1};
        if (p4) m[n++] = (MenuItem){4, 12, HG_GRID_FREE, 1};
    }
    return n;
}

/* a menu entry's params for tensor t (its block, the sign seed); -1: no such row at this block */
static int menu_params(const hg_tensor *t, const Options *o, const MenuItem *m, Plan *pl) {
    memset(pl, 0, sizeof *pl);
    if (!m->p) { pl->type = HG_F16; return 0; }
    int mh, h = hadamard_for(t->cols, o->hadamard, &mh);
    const hg_format *f = hg_format_pick(m->p, m->cbits, m->grid, h, m->rc);
    if (!f) return -1;
    pl->type = HG_HIGGS;
    int rot = m->rc ? (o->choice_bits > 0 ? o->choice_bits : DEFAULT_ROTATION_BITS) : 0;
    pl->params[0] = (uint32_t)m->p | (uint32_t)f->file_variant << 8 | (uint32_t)rot << 16;
    pl->params[1] = (uint32_t)m->cbits;
    pl->params[2] = (uint32_t)h;
    pl->params[3] = (uint32_t)h | (uint32_t)(mh > 1 ? mh : 0) << 16 | (uint32_t)o->seed << 24;
    hg_qinfo q;
    return hg_qinfo_get(HG_HIGGS, pl->params, t->cols, &q) ? -1 : 0;
}

/* t^2 of every option, measured: the quantizer's own relative error ||W - Q(W)||^2 / ||W||^2 on
 * T2_SAMPLE weights of the layer (whole rows, evenly spaced), with the file's block, signs and
 * scales. The grids' Gaussian MSE is off by up to 2x: the uniform 8-bit grid's error is half its MSE
 * on trained rows, p=1 5- and 6-bit 0.92x, p=2 2-bit and p=4 2-bit 1.1x with the unbiased scales.
 * One pass over the sampled rows per option: a fixed cost per layer, about 1 s for the bundled model's
 * 56 layers and 14 grids on 2 cores, ~3 s for a 22-block Llama (154 layers), whose quantization takes
 * ~130 s per billion weights. */
#define T2_SAMPLE 16384

typedef struct {
    const float *rows;                /* the sampled rows, [n_rows][cols] */
    uint64_t cols, max_pad, max_groups;
    int n_rows;
    const hg_qinfo *q;                /* one per measured option */
    double *err;                      /* [option][row]: summed in a fixed order, whatever the threads */
    float **scratch;
} T2Job;

static void t2_task(void *ctx, int task, int thread) {
    T2Job *j = (T2Job *)ctx;
    int k = task / j->n_rows, r = task % j->n_rows;
    float *v = j->scratch[thread];
    uint16_t *scales = (uint16_t *)(v + j->max_pad);
    uint8_t *codes = (uint8_t *)(scales + j->max_groups);
    j->err[task] = hg_quantize_row(&j->q[k], j->rows + (size_t)r * j->cols, scales, codes, v);
}

static void measure_t2(const hg_tensor *t, const Plan *opts, int n_opts, const int *ok, double *t2, hg_pool *pool) {
    int n_rows = (int)((T2_SAMPLE + t->cols - 1) / t->cols);
    if ((uint64_t)n_rows > t->rows) n_rows = (int)t->rows;
    float *rows = xmalloc((size_t)n_rows * t->cols * sizeof(float));
    double norm = 0;
    for (int i = 0; i < n_rows; i++) {
        hg_dequant_row(rows + (size_t)i * t->cols, t, (int)((uint64_t)i * t->rows / (uint64_t)n_rows));
        for (uint64_t c = 0; c < t->cols; c++) norm += (double)rows[(size_t)i * t->cols + c] * rows[(size_t)i * t->cols + c];
    }
    hg_qinfo q[MAX_OPTS];
    int which[MAX_OPTS], n_q = 0;
    uint64_t max_pad = 0, max_groups = 0, max_codes = 0;
    for (int j = 0; j < n_opts; j++) {
        t2[j] = 0;
        if (!ok[j] || opts[j].type != HG_HIGGS) continue;
        if (hg_qinfo_get(HG_HIGGS, opts[j].params, t->cols, &q[n_q])) die("%s: invalid quantization parameters", t->name);
        q[n_q].scales = g_scales;
        if (q[n_q].cols_pad > max_pad) max_pad = q[n_q].cols_pad;
        if (q[n_q].groups > max_groups) max_groups = q[n_q].groups;
        if (q[n_q].row_code_bytes > max_codes) max_codes = q[n_q].row_code_bytes;
        which[n_q++] = j;
    }
    int threads = hg_pool_threads(pool);
    float *scratch[256];
    for (int i = 0; i < threads; i++) scratch[i] = xmalloc(max_pad * sizeof(float) + max_groups * 2 + max_codes + 64);
    double *err = xmalloc((size_t)n_q * n_rows * sizeof(double));
    T2Job job = {rows, t->cols, max_pad, max_groups, n_rows, q, err, scratch};
    if (n_q) hg_pool_run(pool, t2_task, &job, n_q * n_rows);
    for (int k = 0; k < n_q; k++) {
        double e = 0;
        for (int r = 0; r < n_rows; r++) e += err[(size_t)k * n_rows + r];
        t2[which[k]] = norm > 0 ? e / norm : 0;
    }
    for (int i = 0; i < threads; i++) free(scratch[i]);
    free(err);
    free(rows);
}

/* An upper bound on a file's bytes outside the linear layers (--target-size): header, config,
 * tokenizer, metadata (what it holds now and what this run adds, at most), tensor directory, and the
 * other tensors in their planned types, every tensor aligned. */
static uint64_t size_overhead(const hg_file *f, const Options *o, const Plan *plan, const KVList *kv) {
    uint64_t kv_size, tdir = 0, data = 0, added = 0;
    free(kv_serialize(kv, &kv_size));
    for (int i = 0; i < f->n_tensors; i++) {
        const hg_tensor *t = &f->tensors[i];
        tdir += 2 + strlen(t->name) + 4 + 4 + 32 + 16 + 8 + 8;
        if (is_linear(t, o)) added += 2 + strlen("alloc.") + strlen(t->name) + 4 + 256;
        else data += (hg_tensor_bytes(plan[i].type, plan[i].params, t->rows, t->cols) + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    }
    added += 8 * (2 + 32 + 4 + 256);      /* alloc.target_bits, .bits, .predicted, .max_kld; quantization, dtype, ... */
    uint64_t meta = 16 + HG_CONF_SIZE + 16 + f->tok_size + 16 + kv_size + added + 16 + tdir;
    return (HG_HEADER_SIZE + meta + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN + data;
}

static double *g_alpha;               /* per tensor of the input: its sensitivity when the DP allocated it, else -1 */
static int g_alloc_kl;                /* the sensitivities measure KL (else perplexity) */

/* fills plan[] for the linear layers by the DP; returns the predicted metric change */
/* plan[] holds the uniform config's choice for every linear layer on entry (target_as_uniform: the budget
 * is its size); *target gets the budget in bits per weight */
static double allocate(const hg_file *f, const char *in, const Options *o, Plan *plan, KVList *kv, double *target,
                       hg_pool *pool) {
    Alphas al;
    char cache[4200];
    if (o->alphas) {
        int rc = alphas_load(o->alphas, f, &al, 0);
        if (rc) die("cannot read sensitivities from %s", o->alphas);
    } else {
        alphas_cache_path(in, o, cache, sizeof cache);
        if (alphas_load(cache, f, &al, 1)) {
            alphas_compute(in, cache, o);
            if (alphas_load(cache, f, &al, 1)) die("the sensitivities in %s do not match %s", cache, in);
        } else fprintf(stderr, "using cached sensitivities %s\n", cache);
    }
    int kl = strcmp(al.metric, "ppl") != 0;
    g_alloc_kl = kl;
    if (o->max_kld > 0 && !kl)
        die("--max-kld needs KL sensitivities (the default, data-free); %s holds perplexity ones", o->alphas ? o->alphas : cache);
    int n_items = 0, *idx = calloc((size_t)f->n_tensors, sizeof(int));
    uint64_t numel = 0;
    for (int i = 0; i < f->n_tensors; i++)
        if (is_linear(&f->tensors[i], o)) { idx[n_items++] = i; numel += f->tensors[i].rows * f->tensors[i].cols; }
    if (!n_items) die("no linear layers to allocate");
    MenuItem menu[MAX_OPTS];
    int n_opts = o->n_menu ? o->n_menu : default_menu(o, menu);
    if (o->n_menu) memcpy(menu, o->menu, (size_t)n_opts * sizeof(MenuItem));
    uint64_t *cost = calloc((size_t)n_items * n_opts, sizeof(uint64_t));
    double *value = calloc((size_t)n_items * n_opts, sizeof(double)), *t2 = calloc((size_t)n_items * n_opts, sizeof(double));
    Plan *opt_plan = calloc((size_t)n_items * n_opts, sizeof(Plan));
    int *choice = calloc((size_t)n_items, sizeof(int));
    if (!idx || !cost || !value || !t2 || !opt_plan || !choice) die("out of memory");
    const int aligned = o->target_size > 0;   /* --target-size counts the file: every tensor starts 64-byte aligned */
    uint64_t f16_units = 0, least_units = 0, most_units = 0;
    double least = 0;                 /* the least objective the menu allows (every layer at its lowest alpha * t^2) */
    for (int k = 0; k < n_items; k++) {
        const hg_tensor *t = &f->tensors[idx[k]];
        double a = alpha_of(&al, t->name);
        int ok[MAX_OPTS];
        Plan *pk = &opt_plan[(size_t)k * n_opts];
        for (int j = 0; j < n_opts; j++) ok[j] = !menu_params(t, o, &menu[j], &pk[j]);
        measure_t2(t, pk, n_opts, ok, &t2[(size_t)k * n_opts], pool);
        hg_release(f, t->data, t->nbytes);
        double lo = INFINITY;
        for (int j = 0; j < n_opts; j++) {
            uint64_t bytes = ok[j] ? hg_tensor_bytes(pk[j].type, pk[j].params, t->rows, t->cols) : 0;
            if (aligned) bytes = (bytes + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
            double v = a * t2[(size_t)k * n_opts + j];
            if (o->max_t2 > 0 && t2[(size_t)k * n_opts + j] > o->max_t2) bytes = 0;
            cost[(size_t)k * n_opts + j] = bytes ? bytes : UINT64_MAX;
            value[(size_t)k * n_opts + j] = v;
            if (bytes && v < lo) lo = v;
        }
        if (lo == INFINITY) die("%s: no option of the menu applies to it", t->name);
        least += lo;
        f16_units += (t->rows * t->cols * 2 + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    }
    /* The DP counts bytes in units of f16 size / 2^18 (about 1/16384 bit per weight): the same units
     * whatever the target, so a larger budget can only lower the objective, and --max-kld's answer is
     * what --target-bits at its size returns. Rounding loses less than one unit per layer. */
    uint64_t unit = f16_units / (1u << 18) + 1;
    for (int k = 0; k < n_items; k++) {
        uint64_t lo = UINT64_MAX, hi = 0;
        for (int j = 0; j < n_opts; j++) {
            uint64_t c = cost[(size_t)k * n_opts + j];
            if (c == UINT64_MAX) continue;
            if ((c + unit - 1) / unit < lo) lo = (c + unit - 1) / unit;
            if ((c + unit - 1) / unit > hi) hi = (c + unit - 1) / unit;
        }
        least_units += lo;
        most_units += hi;
    }
    uint64_t budget = (uint64_t)(o->target_bits * (double)numel / 8.0);
    double below = NAN;               /* --max-kld: the least objective of any smaller budget */
    if (o->target_as_uniform) {
        budget = 0;
        for (int k = 0; k < n_items; k++) {
            const hg_tensor *t = &f->tensors[idx[k]];
            budget += hg_tensor_bytes(plan[idx[k]].type, plan[idx[k]].params, t->rows, t->cols);
        }
    } else if (o->target_size > 0) {
        uint64_t want = (uint64_t)(o->target_size * 1e6), over = size_overhead(f, o, plan, kv);
        if (want < over + least_units * unit)
            die("no file of this menu fits %.6g MB: the smallest is %.6g MB (%.3f MB outside the linear layers)",
                o->target_size, (over + least_units * unit) / 1e6, over / 1e6);
        budget = want - over;
    } else if (o->max_kld > 0) {
        if (o->max_kld < least)
            die("no allocation of this menu predicts a KL divergence <= %.6g: the least it can is %.6g%s", o->max_kld, least,
                menu_has(menu, n_opts, (MenuItem){0, 16, 0, 0}) ? "" : " (f16 is not in the menu)");
        uint64_t b = hg_dp_min_units(n_items, n_opts, cost, value, o->max_kld, unit, most_units, &below);
        if (b == UINT64_MAX) die("no allocation of this menu predicts a KL divergence <= %.6g", o->max_kld);
        budget = b * unit;
    }
    *target = 8.0 * (double)budget / (double)numel;
    double obj = hg_dp_allocate(n_items, n_opts, cost, value, budget, unit, choice);
    if (obj == INFINITY)
        die("no allocation fits %.3f bits per weight: the smallest this menu allows is %.3f", *target,
            8.0 * (double)(least_units * unit) / (double)numel);
    uint64_t used = 0;
    char menu_desc[1024] = "";
    for (int j = 0; j < n_opts; j++)
        snprintf(menu_desc + strlen(menu_desc), sizeof menu_desc - strlen(menu_desc), "%s%s", j ? " " : "", menu_name(&menu[j]));
    printf("bit allocation: target %.3f bits/weight over %d linear layers (%.1fM weights), metric %s\n", *target, n_items,
           numel / 1e6, al.metric[0] ? al.metric : "?");
    printf("menu%s: %s%s; t^2 measured on %d weights per layer and option\n", o->n_menu ? " (--menu)" : "", menu_desc,
           o->max_t2 > 0 ? ", options with t^2 above --max-t2 left out" : "", T2_SAMPLE);
    printf("%-44s %-16s %10s %10s %12s\n", "tensor", "choice", "t^2", "alpha", "alpha*t^2");
    char key[512], val[256];
    g_alpha = xmalloc((size_t)f->n_tensors * sizeof(double));
    for (int i = 0; i < f->n_tensors; i++) g_alpha[i] = -1;
    for (int k = 0; k < n_items; k++) {
        const hg_tensor *t = &f->tensors[idx[k]];
        int j = choice[k];
        Plan *pl = &opt_plan[(size_t)k * n_opts + j];
        plan[idx[k]] = *pl;
        used += hg_tensor_bytes(pl->type, pl->params, t->rows, t->cols);
        char desc[64], name[64];
        if (!menu[j].p) snprintf(desc, sizeof desc, "f16"), snprintf(name, sizeof name, "f16");
        else {
            int id = hg_format_of(HG_HIGGS, pl->params);
            snprintf(desc, sizeof desc, "higgs p%d %gb h%u", menu[j].p, (double)menu[j].cbits / menu[j].p, pl->params[2]);
            snprintf(name, sizeof name, "%s h%u", id >= 0 ? hg_formats[id].name : "?", pl->params[2]);
        }
        double a = alpha_of(&al, t->name), tt = t2[(size_t)k * n_opts + j];
        g_alpha[idx[k]] = a;
        printf("%-44s %-16s %10.6f %10.4g %12.4g\n", t->name, desc, tt, a, a * tt);
        snprintf(key, sizeof key, "alloc.%s", t->name);
        snprintf(val, sizeof val, "%s t2=%.6g alpha=%.6g", name, tt, a);
        kv_set(kv, key, val);
    }
    const char *what = kl ? "KL divergence" : "perplexity change";
    printf("allocated %.4f bits/weight (budget %.4f); predicted %s: %.6g (sum of alpha * t^2, the sensitivities' %s)\n",
           8.0 * used / numel, *target, what, obj, kl ? "KL on text the model samples unless --alphas says otherwise" : "perplexity");
    if (o->max_kld > 0)
        printf("--max-kld %.6g: the smallest allocation within it; any smaller budget predicts at least %.6g\n", o->max_kld, below);
    if (o->target_size > 0)
        printf("--target-size %.6g MB: %.4f MB for the linear layers, at most %.4f MB for the rest\n", o->target_size,
               budget / 1e6, (o->target_size * 1e6 - budget) / 1e6);
    snprintf(val, sizeof val, "%.4f", *target);
    kv_set(kv, "alloc.target_bits", val);
    snprintf(val, sizeof val, "%.4f", 8.0 * used / numel);
    kv_set(kv, "alloc.bits", val);
    snprintf(val, sizeof val, "%s %.6g", kl ? "kl" : "dppl", obj);
    kv_set(kv, "alloc.predicted", val);
    if (o->max_kld > 0) snprintf(val, sizeof val, "%.6g", o->max_kld), kv_set(kv, "alloc.max_kld", val);
    if (o->target_size > 0) snprintf(val, sizeof val, "%.6g", o->target_size), kv_set(kv, "alloc.target_size_mb", val);
    for (int i = 0; i < al.n; i++) free(al.v[i].name);
    free(al.v); free(idx); free(cost); free(value); free(t2); free(opt_plan); free(choice);
    return obj;
}

static const char *method_name(uint32_t m) {
    return m == HG_HIGGS ? "higgs" : m == HG_RTN ? "rtn" : m == HG_NF4 ? "nf4" : m == HG_AF4 ? "af4" : "none";
}

static void convert(const char *in, const char *out, const Options *o) {
    hg_file f;
    char err[512];
    if (hg_open(&f, in, err, sizeof err)) die("%s", err);
    if (!hg_verify_data(&f)) die("%s: weight checksum mismatch (file corrupt)", in);
    hg_writer w = {0};
    g_writer = &w;                    /* before the temporary file exists: a signal from then on removes it */
    if (hg_writer_begin(&w, out, err, sizeof err)) { g_writer = NULL; die("%s", err); }
    uint64_t linear_params = 0, linear_bytes = 0, params_total = 0;
    Plan *plan = calloc((size_t)f.n_tensors, sizeof(Plan));
    if (!plan) die("out of memory");
    int has_head = 0;                 /* an lm_head.weight made int8 */
    for (int i = 0; i < f.n_tensors; i++) {
        const hg_tensor *t = &f.tensors[i];
        plan[i].type = t->ndim == 1 ? HG_F32 : (uint32_t)o->dtype;
        if (hg_is_quantized(t->type)) die("%s: tensor %s is already quantized; start from a full-precision file", in, t->name);
        if (o->dtype < 0) plan[i].type = t->type;       /* keep the input's number format */
        if (o->method && is_linear(t, o)) { plan[i].type = o->method; params_for(t, o, plan[i].params); }
        if (o->method && o->head == HEAD_INT8 && t->ndim == 2 && !strcmp(t->name, "lm_head.weight")) {
            plan[i].type = HG_RTN;
            plan[i].params[0] = 1, plan[i].params[1] = 8, plan[i].params[2] = (uint32_t)head_group(t->cols);
            has_head = 1;
        }
    }
    if (o->head == HEAD_INT8 && !has_head && o->head_set)
        printf("note: no lm_head.weight (the head is the embedding table, which stays as it is): --head int8 changes nothing\n");
    KVList kv;
    kv_parse(&kv, f.kv, f.kv_size);
    double target = o->target_bits, predicted = 0;
    hg_pool *pool = hg_pool_create(o->threads);
    if (allocates(o)) predicted = allocate(&f, in, o, plan, &kv, &target, pool);
    for (int i = 0; i < f.n_tensors; i++) {
        const hg_tensor *t = &f.tensors[i];
        if (hg_writer_add_tensor(&w, t->name, plan[i].type, t->ndim, t->shape, plan[i].params))
            die("cannot add tensor %s (type %s)", t->name, hg_type_name(plan[i].type));
    }
    free(plan);
    uint8_t conf[HG_CONF_SIZE];
    hg_config_write(&f.cfg, conf);
    char desc[256];
    if (allocates(o)) snprintf(desc, sizeof desc, "higgs mixed, dp allocation at %.3f bits%s", target,
                               o->target_as_uniform ? " (the size of p=2 4-bit)" : o->max_kld > 0 ? " (--max-kld)"
                               : o->target_size > 0 ? " (--target-size)" : "");
    else if (o->method == HG_HIGGS) {
        int pos = snprintf(desc, sizeof desc, "higgs p=%d bits=%d", o->p, o->bits);
        if ((o->p == 2 && (o->bits == 4 || o->bits == 3)) || (o->p == 1 && o->bits == 8)) {
            int v = grid_variant(o->p, o->p * o->bits, o->grid);
            pos += snprintf(desc + pos, sizeof desc - (size_t)pos, " grid=%s",
                            v == HG_GRID_SIGNSYM ? "sym" : v == HG_GRID_UNIFORM ? "uniform" : v == HG_GRID_BLOCKS ? "fast" : "free");
        }
        if (o->hadamard) pos += snprintf(desc + pos, sizeof desc - (size_t)pos, " hadamard=%d", o->hadamard);
        else pos += snprintf(desc + pos, sizeof desc - (size_t)pos, " hadamard=auto");
        if (o->choice_bits > 0) snprintf(desc + pos, sizeof desc - (size_t)pos, " rotations=%d", 1 << o->choice_bits);
    }
    else if (o->method == HG_RTN) snprintf(desc, sizeof desc, "rtn bits=%d group=%d", o->bits, o->group);
    else if (o->method) snprintf(desc, sizeof desc, "%s group=%d", method_name(o->method), o->group);
    else snprintf(desc, sizeof desc, "none");
    if (o->method == HG_HIGGS && o->seed) {
        size_t len = strlen(desc);
        snprintf(desc + len, sizeof desc - len, ", sign seed %d", o->seed);
    }
    if (o->method == HG_HIGGS && g_scales != HG_SCALES_RMS) {
        size_t len = strlen(desc);
        snprintf(desc + len, sizeof desc - len, ", %s scales", k_scales_names[g_scales]);
    }
    if (o->method && has_head) {
        size_t len = strlen(desc);
        snprintf(desc + len, sizeof desc - len, ", head int8");
    }
    if (o->method) kv_set(&kv, "quantization", desc);
    if (o->dtype >= 0) kv_set(&kv, "dtype", o->dtype == HG_F32 ? "f32" : o->dtype == HG_F16 ? "f16" : "bf16");
    kv_set(&kv, "converted_by", "quantize");
    uint64_t kv_size;
    uint8_t *kvb = kv_serialize(&kv, &kv_size);
    if (hg_writer_layout(&w, conf, f.tok, f.tok_size, kvb, kv_size)) die("writing %s: %s", out, strerror(errno));
    double t2_sum = 0, seconds_q = 0, predicted_all = 0;
    uint64_t weights_q = 0;
    int n_q = 0;
    if (o->method) printf("%-44s %-26s %10s %8s\n", "tensor", "config", "t^2", "bits/w");
    for (int i = 0; i < f.n_tensors; i++) {
        const hg_tensor *t = &f.tensors[i];
        const hg_tensor *ot = &w.tensors[i];
        uint64_t nbytes;
        void *data = NULL;
        params_total += t->rows * t->cols;
        if (hg_is_quantized(ot->type)) {
            double t2;
            struct timespec a, b;
            clock_gettime(CLOCK_MONOTONIC, &a);
            data = quantize_tensor(t, ot->type, ot->params, pool, &nbytes, &t2);
            clock_gettime(CLOCK_MONOTONIC, &b);
            seconds_q += (double)(b.tv_sec - a.tv_sec) + 1e-9 * (double)(b.tv_nsec - a.tv_nsec);
            weights_q += t->rows * t->cols;
            char cfg[64];
            int id = hg_format_of(ot->type, ot->params);
            if (ot->type == HG_HIGGS) snprintf(cfg, sizeof cfg, "%s h%u%s%s", id < 0 ? "?" : hg_formats[id].name, ot->params[2],
                                               ot->params[3] >> 16 & 0xFF ? "*" : "", ot->params[3] >> 24 ? " signed" : "");
            else snprintf(cfg, sizeof cfg, "%s g%u", id < 0 ? "?" : hg_formats[id].name, ot->params[2]);
            printf("%-44s %-26s %10.6g %8.4f\n", t->name, cfg, t2, 8.0 * nbytes / (double)(t->rows * t->cols));
            fflush(stdout);
            if (is_linear(t, o)) t2_sum += t2, n_q++;
            if (g_alpha && g_alpha[i] >= 0) predicted_all += g_alpha[i] * t2;
        } else if (ot->type == t->type) {
            nbytes = t->nbytes;           /* kept as is: written straight from the mapping, no copy */
        } else data = convert_tensor(t, ot->type, &nbytes);
        if (is_linear(t, o)) { linear_params += t->rows * t->cols; linear_bytes += nbytes; }
        if (hg_writer_write_data(&w, data ? data : t->data, nbytes)) die("writing %s: %s", out, strerror(errno));
        free(data);
        hg_release(&f, t->data, t->nbytes);           /* streaming: keep one tensor resident */
        if (!o->method && f.size > (64u << 20)) fprintf(stderr, "[%d/%d] %s\n", i + 1, f.n_tensors, t->name);
    }
    hg_pool_destroy(pool);
    if (hg_writer_finish(&w, err, sizeof err)) { g_writer = NULL; die("%s", err); }
    g_writer = NULL;
    uint64_t file_size = w.data_offset + w.data_size;
    if (o->method)
        printf("linear layers: %.4f bits/weight, mean t^2 %.6f over %d tensors; quantized %.1fM weights in %.2f s (%.1f s per billion)\n",
               8.0 * linear_bytes / (double)linear_params, t2_sum / n_q, n_q, weights_q / 1e6, seconds_q,
               seconds_q / (weights_q / 1e9));
    if (g_alpha)
        printf("predicted %s with the t^2 of the whole layers: %.6g (the allocation's, from sampled rows: %.6g)\n",
               g_alloc_kl ? "KL divergence" : "perplexity change", predicted_all, predicted);
    printf("wrote %s: %d tensors, %.2f MB, %.4f bits/parameter overall\n", out, f.n_tensors, file_size / 1e6,
           8.0 * file_size / (double)params_total);
    free(kvb);
    kv_free(&kv);
    hg_close(&f);
}

/* -h/--help: to stdout, exit 0 (so `quantize --help | less` works); a usage error: to stderr, exit 1 */
static _Noreturn void usage(int rc) {
    fprintf(rc ? stderr : stdout,
            "Usage: quantize --info <model.higgs>\n"
            "       quantize <in.higgs> <out.higgs> [options]\n"
            "With no options: HIGGS with per-layer grids in the size of uniform p=2 4-bit (about half its\n"
            "KL divergence; the layers' sensitivities are measured once, cached as IN.alphas: seconds for\n"
            "small models, ~15 minutes for 1B parameters on 2 cores). --bits 4 for uniform HIGGS.\n"
            "Options:\n"
            "  --dtype f32|f16|bf16   number format of the tensors left unquantized (default: as the input)\n"
            "  --method higgs|rtn|nf4|af4   quantize the linear layers (q,k,v,o,gate,up,down);\n"
            "                   --method higgs alone: uniform p=2 4-bit (no options: per-layer grids, above)\n"
            "  --bits B         higgs: bits per weight, p=1: 2,3,4,5,6,8; p=2: 2,3,4; p=4: 2,3 (default 4);\n"
            "                   rtn: 2..8\n"
            "  --p P            higgs grid dimension, 1, 2 or 4 (default 2)\n"
            "  --grid sym|free  higgs p=2 4-bit and 3-bit: the sign-symmetric grid (decodes about 2x faster\n"
            "                   on CPUs without AVX-512; the 4-bit default) or the free one (1.3%% lower MSE\n"
            "                   at 4 bits, 2.2%% at 3; the 3-bit default)\n"
            "  --grid fast      higgs p=2 4-bit and 3-bit: the block grids, 4 blocks of 4 x 4 points (4-bit:\n"
            "                   magnitudes, 4.7%% more MSE than sym; 3-bit: signed, 1.1%% more than sym);\n"
            "                   on CPUs with AVX2 and no AVX-512 they decode about 1.5x (4-bit) and 1.6x\n"
            "                   (3-bit) faster than sym, elsewhere at about the same speed\n"
            "  --grid uniform|free  higgs p=1 8-bit: levels (c - 128) x step, which run as int8 on every\n"
            "                   CPU (the default), or the Gaussian grid (half the MSE; float, ~10x slower)\n"
            "  --hadamard H     higgs block size, a power of two 64..4096 (default: the largest power of\n"
            "                   two up to 1024 dividing the row when >= 256, else a Hadamard order\n"
            "                   m x 2^j dividing it, such as 288 = 36 x 8: rows need no padding)\n"
            "  --group G        rtn/nf4/af4 scale group (default 64)\n"
            "  --head H         lm_head: int8 (8-bit RTN, one scale per 64 weights; the default), keep\n"
            "                   (as it is), or same (the linear layers' method); embeddings stay as they are\n"
            "  --quantize-head  the same as --head same\n"
            "  --target-bits B  mixed HIGGS: per-layer grids chosen by dynamic programming on the\n"
            "                   linearity theorem so the linear layers average B bits/weight (2..16)\n"
            "  --max-kld X      mixed HIGGS, the smallest file whose predicted KL divergence from the\n"
            "                   original (sum of alpha * t^2, printed for every allocation) is at most X\n"
            "  --target-size MB mixed HIGGS, the best allocation whose whole file takes at most MB x 10^6 bytes\n"
            "  --menu LIST      the formats the allocation picks from, comma-separated: names as quantize\n"
            "                   --info prints them (p2-4bit-sym, p4-3bit, p1-8bit-uniform, ...), f16, or all.\n"
            "                   Default: f16, p=1 4-6 bit, p1-8bit-uniform, p2-3bit-sym, p2-4bit-sym (int8 kernels\n"
            "                   on every build), and with --target-bits/--max-kld/--target-size also p=1 2-3 bit,\n"
            "                   p2-2bit, p4-2bit, p4-2.5bit and\n"
            "                   p4-3bit (0.89x the error of p=2 at 3 bits; they decode at ~0.9x the p=2 grids'\n"
            "                   speed with AVX-512, ~0.4x the p=2 block grids' on AVX2-only CPUs)\n"
            "  --grid sym|free|fast  with the allocation: the p=2 3- and 4-bit grids it offers; fast (the\n"
            "                   block grids) also leaves the p=4 grids out, for AVX2 decode speed\n"
            "  --alphas FILE    per-layer sensitivities (from run -m alphas); default: measured data-free\n"
            "                   (KL on text the model samples) and cached as IN.alphas\n"
            "  --calib TEXT     measure data-aware sensitivities (perplexity on TEXT) instead\n"
            "  --vector-grids   offer the p=4 grids also where the menu leaves them out (no options, --grid fast)\n"
            "  --max-t2 X       leave out options whose measured t^2 (relative squared error) on a layer\n"
            "                   exceeds X (default: none)\n"
            "  --seed S         higgs: random signs before each Hadamard block (the randomized Hadamard\n"
            "                   transform) drawn from seed S in 1..255, default 1; each seed is another\n"
            "                   realization of the quantization error. 0: no signs (plain Sylvester)\n"
            "  --rotations K    higgs: each block is quantized under K sign vectors (2, 4, 8, 16 or 32; 1:\n"
            "                   none) and keeps the least error; the choice costs log2 K of the fp16 scale's\n"
            "                   mantissa bits (p=2 3-bit free grid, p=2 4-bit sym grid, p=4 3-bit;\n"
            "                   docs/format.md)\n"
            "  --scales S       higgs block scales: rms (the block RMS, the paper's), unbiased (the error\n"
            "                   made uncorrelated with the weights), lsq (least squares, re-rounded),\n"
            "                   lsq-unbiased (lsq codes, unbiased scale; the default: docs/quantization.md)\n"
            "  --unbiased, --biased   the same as --scales unbiased, --scales rms\n"
            "  -T N             threads (default: the CPUs this process may use)\n");
    exit(rc);
}

/* the options that take a value: any other option is unknown, even as the last argument */
static int takes_value(const char *a) {
    static const char *const opts[] = {"--dtype", "--method", "--bits", "--p", "--hadamard", "--group", "-T",
                                       "--target-bits", "--max-t2", "--alphas", "--calib", "--seed", "--rotations", "--scales",
                                       "--head", "--grid", "--max-kld", "--target-size", "--menu"};
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (!strcmp(a, opts[i])) return 1;
    return 0;
}

/* An output must be neither a directory (the rename would fail only after all the work) nor a file
 * this run reads: the same device and inode, so also through a symlink or a hard link, whose
 * replacement would destroy the input. Checked before any work. */
static void check_output(const char *what, const char *path, const char *const *inputs, int n, const char *fix) {
    struct stat so, si;
    if (stat(path, &so)) return;      /* not there yet; a missing directory is the writer's to report */
    if (S_ISDIR(so.st_mode)) die("%s %s is a directory; %s", what, path, fix);
    for (int i = 0; i < n; i++)
        if (inputs[i] && !stat(inputs[i], &si) && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
            die("%s %s is the input %s (the same file); %s", what, path, inputs[i], fix);
}

/* the outputs of a conversion: out, and the sensitivities cached next to the input when measured */
static void check_outputs(const char *in, const char *out, const Options *o) {
    char cache[4200] = "";
    int measures = allocates(o) && !o->alphas;
    if (measures) alphas_cache_path(in, o, cache, sizeof cache);
    const char *inputs[] = {in, o->alphas, o->calib, measures ? cache : NULL};
    check_output("the output", out, inputs, 4, "give another file path");
    if (measures) check_output("the sensitivity cache", cache, inputs, 3, "move it away or give --alphas FILE");
}

static int parse_int_arg(const char *s, const char *what, int lo, int hi) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) die("%s must be an integer in [%d, %d], got '%s'", what, lo, hi, s);
    return (int)v;
}

static double parse_double_arg(const char *s, const char *what, double lo, double hi) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi)) die("%s must be a number in [%g, %g], got '%s'", what, lo, hi, s);
    return v;
}

/* a value that must be positive and finite: zero, negatives, NaN and infinities get one line, exit 1 */
static double parse_positive_arg(const char *s, const char *what, double hi, const char *example) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v > 0) || !(v <= hi))
        die("%s must be a positive number up to %g (%s), got '%s'", what, hi, example, s);
    return v;
}

int main(int argc, char **argv) {
    const char *in = NULL, *out = NULL, *dtype = NULL, *method = NULL;
    int want_info = 0, shape_given = 0;   /* shape_given: --bits or --p (a uniform config) */
    Options o = {.dtype = -1, .bits = 4, .p = 2, .group = 64, .threads = hg_default_threads(), .seed = -1, .choice_bits = -1,
                 .grid = -1, .head = -1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--info")) want_info = 1;
        else if (!strcmp(a, "--quantize-head")) o.head = HEAD_SAME;
        else if (!strcmp(a, "--vector-grids")) o.vector_grids = 1;
        else if (!strcmp(a, "--unbiased")) g_scales = HG_SCALES_UNBIASED;
        else if (!strcmp(a, "--biased")) g_scales = HG_SCALES_RMS;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) usage(0);
        else if (a[0] == '-') {
            if (!takes_value(a)) die("unknown option %s (see quantize --help)", a);
            if (i + 1 >= argc) die("option %s needs a value", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--dtype")) dtype = v;
            else if (!strcmp(a, "--method")) method = v;
            else if (!strcmp(a, "--bits")) o.bits = parse_int_arg(v, "--bits", 1, 8), shape_given = 1;
            else if (!strcmp(a, "--p")) {
                o.p = parse_int_arg(v, "--p", 1, 4), shape_given = 1;
                if (o.p == 3) die("--p must be 1, 2 or 4");
            }
            else if (!strcmp(a, "--hadamard")) o.hadamard = parse_int_arg(v, "--hadamard", 64, 4096);
            else if (!strcmp(a, "--group")) o.group = parse_int_arg(v, "--group", 16, 4096);
            else if (!strcmp(a, "-T")) o.threads = parse_int_arg(v, "-T", 1, 256);
            else if (!strcmp(a, "--target-bits")) o.target_bits = parse_double_arg(v, "--target-bits", 2.0, 16.0);
            else if (!strcmp(a, "--max-t2")) o.max_t2 = parse_double_arg(v, "--max-t2", 1e-9, 1.0);
            else if (!strcmp(a, "--max-kld")) o.max_kld = parse_positive_arg(v, "--max-kld", 100, "a KL divergence such as 0.001");
            else if (!strcmp(a, "--target-size")) o.target_size = parse_positive_arg(v, "--target-size", 1e9, "megabytes of 10^6 bytes");
            else if (!strcmp(a, "--menu")) parse_menu(v, &o);
            else if (!strcmp(a, "--alphas")) o.alphas = v;
            else if (!strcmp(a, "--calib")) o.calib = v;
            else if (!strcmp(a, "--seed")) o.seed = parse_int_arg(v, "--seed", 0, 255);
            else if (!strcmp(a, "--rotations")) o.choice_bits = parse_rotations(v);
            else if (!strcmp(a, "--scales")) g_scales = parse_scales(v);
            else if (!strcmp(a, "--head")) {
                if (!strcmp(v, "keep")) o.head = HEAD_KEEP;
                else if (!strcmp(v, "int8")) o.head = HEAD_INT8;
                else if (!strcmp(v, "same")) o.head = HEAD_SAME;
                else die("--head must be keep, int8 or same, got '%s'", v);
            }
            else if (!strcmp(a, "--grid")) {
                if (!strcmp(v, "sym")) o.grid = HG_GRID_SIGNSYM;
                else if (!strcmp(v, "free")) o.grid = HG_GRID_FREE;
                else if (!strcmp(v, "uniform")) o.grid = HG_GRID_UNIFORM;
                else if (!strcmp(v, "fast")) o.grid = HG_GRID_BLOCKS;
                else die("--grid must be sym, free, fast or uniform, got '%s'", v);
            }
            else die("unknown option %s (see quantize --help)", a);
        } else if (!in) in = a;
        else if (!out) out = a;
        else die("unexpected argument '%s'", a);
    }
    if (want_info) {
        if (!in || out) usage(1);
        info(in);
        return 0;
    }
    if (!in || !out) usage(1);
    if ((o.target_bits > 0) + (o.max_kld > 0) + (o.target_size > 0) > 1)
        die("--target-bits, --max-kld and --target-size each set the allocation's budget; give one");
    const char *budget_opt = o.target_bits > 0 ? "--target-bits" : o.max_kld > 0 ? "--max-kld" : "--target-size";
    if (!dtype && !method && !allocates(&o)) {
        method = "higgs";
        /* no options: per-layer widths in the size of uniform p=2 4-bit (half its KL divergence) */
        if (!shape_given) o.target_bits = 4, o.target_as_uniform = 1;
    }
    if (allocates(&o) && method && strcmp(method, "higgs")) die("%s allocates HIGGS grids; drop --method %s", budget_opt, method);
    if (allocates(&o)) method = "higgs";
    if (o.n_menu && !allocates(&o)) die("--menu applies to the allocation (no options, --target-bits, --max-kld or --target-size)");
    if (o.n_menu && (o.grid >= 0 || o.vector_grids)) die("--menu names the options itself; drop --grid and --vector-grids");
    if (o.max_kld > 0 && o.calib) die("--max-kld needs KL sensitivities; --calib measures perplexity ones");
    if (dtype) o.dtype = parse_dtype(dtype);
    if (method) {
        if (!strcmp(method, "higgs")) o.method = HG_HIGGS;
        else if (!strcmp(method, "rtn")) o.method = HG_RTN;
        else if (!strcmp(method, "nf4")) o.method = HG_NF4;
        else if (!strcmp(method, "af4")) o.method = HG_AF4;
        else die("unknown --method '%s' (higgs, rtn, nf4, af4)", method);
    }
    if (o.hadamard & (o.hadamard - 1)) die("--hadamard must be a power of two");
    if (o.group & (o.group - 1)) die("--group must be a power of two");
    if (o.method == HG_HIGGS) {
        int n = 1 << (o.bits * o.p);
        if (o.bits * o.p > 16 || !hg_grid(o.p, n, NULL))
            die("no HIGGS grid for p=%d at %d bits (p=1: 2,3,4,5,6,8; p=2: 2,3,4; p=4: 2,3)", o.p, o.bits);
    }
    if (o.method == HG_RTN && o.bits < 2) die("rtn needs --bits 2..8");
    if (o.vector_grids && !allocates(&o)) die("--vector-grids applies to --target-bits");
    if (o.grid == HG_GRID_UNIFORM ? allocates(&o) || o.method != HG_HIGGS || o.p != 1 || o.bits != 8
        : o.grid >= 0 && !allocates(&o) && (o.method != HG_HIGGS || ((o.p != 2 || (o.bits != 4 && o.bits != 3)) && (o.p != 1 || o.bits != 8))))
        die("--grid applies to HIGGS p=2 4-bit and 3-bit (sym|free|fast), p=1 8-bit (uniform|free) or --target-bits (sym|free|fast)");
    if (o.grid == HG_GRID_SIGNSYM && o.p == 1) die("--grid sym applies to HIGGS p=2 4-bit and 3-bit");
    if (o.grid == HG_GRID_BLOCKS && !allocates(&o) && (o.p != 2 || (o.bits != 4 && o.bits != 3)))
        die("--grid fast applies to HIGGS p=2 4-bit and 3-bit (or --target-bits)");
    if (o.head >= 0 && !o.method) die("--head applies when quantizing (--method or --target-bits)");
    if (o.max_t2 > 0 && !allocates(&o)) die("--max-t2 applies to the allocation (--target-bits, --max-kld, --target-size)");
    o.head_set = o.head >= 0;
    if (o.head < 0) o.head = o.method ? DEFAULT_HEAD : HEAD_KEEP;
    if (o.seed >= 0 && o.method != HG_HIGGS) die("--seed applies to --method higgs");
    if (o.choice_bits > 0 && o.method != HG_HIGGS) die("--rotations applies to --method higgs");
    if (o.choice_bits > 0 && allocates(&o) && (o.grid >= 0 || o.n_menu))
        die("--rotations with the allocation adds the p=2 3- and 4-bit and p=4 3-bit rows with the rotation choice to the "
            "default menu; drop --grid (or name p2-3bit-rc, p2-4bit-sym-rc, p4-3bit-rc in --menu, which --rotations sets K for)");
    if (o.seed < 0) o.seed = o.method == HG_HIGGS ? DEFAULT_SEED : 0;
    if (g_scales >= 0 && o.method != HG_HIGGS) die("--scales, --unbiased and --biased apply to --method higgs");
    if (g_scales < 0) g_scales = DEFAULT_SCALES;
    check_outputs(in, out, &o);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGXFSZ, SIG_IGN);         /* a file-size limit fails the write (and removes the temp file) instead of killing us */
    convert(in, out, &o);
    return 0;
}
