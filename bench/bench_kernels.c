/* bench_kernels.c - single-thread throughput of the matrix-vector kernels.
 *
 * For every quantized config (and dense F16/F32) builds a 4096x4096 matrix of
 * Gaussian weights, quantizes it with hg_quantize_row, and times one
 * hg_qmatvec_rows (hg_matvec_rows for dense) over all rows, many times. Reports
 * GB/s of weight bytes (scales + codes) streamed and Gweights/s, next to a
 * memory-read baseline (sum of a 1 GiB array) measured in the same run; also
 * hg_qdequant_row_stored (batched prompt path), hg_prepare_activation, hg_prepare_act8 (the int8
 * preparation; with the rotation choice all its copies), and for
 * the 4-bit HIGGS configs the int8 decode kernel (hg_qdot8_row), and where the
 * build has them the two-row kernels decode uses (hg_qmatvec8_rows2, "pairs"), and
 * the int8 prompt product (hg_qmatmul8_rows) of 64 distinct activations and the product of 4
 * (hg_qmatvec8_tokens, several conversations' next tokens), in billions of multiply-adds per
 * second ("prompt GMAC/s", "4-tok GMAC/s"). On AVX-512 VNNI builds, the bound those products meet:
 * vpdpbusd's own rate on one core (16 independent accumulators, 512 and 256 bits).
 *
 * Each tensor ends exactly at a page boundary followed by a PROT_NONE page,
 * like the last tensor of an mmap'd file: a kernel that reads past the end of
 * the last row faults here. Every kernel is also checked against
 * hg_qdot_row_ref on a sample of rows.
 *
 * The machine may be shared: numbers are the best of several rounds, and
 * configs are compared within one run. Build:
 *   make bench   (run's flags, -O3: built at -O2 the kernels are other code and run at other speeds;
 *                by hand keep -std=c11: GNU modes contract the scalar definition's float operations
 *                into FMAs, and the int8 checks then report a mismatch that the kernels do not have)
 * Usage: bench/bench_kernels [rounds (3)] [seconds per config per round (0.25)] [rows (4096)] [cols (4096)]
 *                            [only configs whose name contains this; several separated by commas]
 */
#define HIGGS_IMPLEMENTATION
#ifndef HG_BENCH_HEADER
#define HG_BENCH_HEADER "../higgs.h"   /* -DHG_BENCH_HEADER='"/other/higgs.h"' to compare versions */
#endif
#include HG_BENCH_HEADER

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static double urand(void) {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return ((rng >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}
static float gauss(void) { return (float)(sqrt(-2.0 * log(urand())) * cos(6.283185307179586 * urand())); }

/* nbytes placed so they end at a page boundary, followed by an inaccessible page */
typedef struct { uint8_t *map; size_t map_len; uint8_t *data; } guarded;
static uint8_t *guarded_alloc(guarded *g, size_t nbytes) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE), body = (nbytes + page - 1) / page * page;
    g->map_len = body + page;
    g->map = mmap(NULL, g->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g->map == MAP_FAILED) { perror("mmap"); exit(1); }
    if (mprotect(g->map + body, page, PROT_NONE)) { perror("mprotect"); exit(1); }
    g->data = g->map + body - nbytes;
    memset(g->data, 0, nbytes);
    return g->data;
}
static void guarded_free(guarded *g) { munmap(g->map, g->map_len); }

#define PROMPT_B 64             /* run.c's BATCH */
typedef struct { const char *name; uint32_t type, p, bits, group; } config;
static const config configs[] = {
    {"HIGGS p1 b4 g1024", HG_HIGGS, 1, 4, 1024},
    {"HIGGS p2 b8 g1024", HG_HIGGS, 2, 8, 1024},
    {"HIGGS p2s b8 g1024", HG_HIGGS, 2 | HG_GRID_SIGNSYM << 8, 8, 1024},   /* the sign-symmetric grid (the default) */
    {"HIGGS p2s b6 g1024", HG_HIGGS, 2 | HG_GRID_SIGNSYM << 8, 6, 1024},   /* the sign-symmetric 3-bit grid (--grid sym) */
    {"HIGGS p2sp b6 g1024", HG_HIGGS, 2 | HG_VARIANT_SYM_PLANAR << 8, 6, 1024},   /* the same, planar codes (what quantize writes) */
    {"HIGGS p2b b8 g1024", HG_HIGGS, 2 | HG_GRID_BLOCKS << 8, 8, 1024},    /* the block grid (--grid fast) */
    {"HIGGS p2b b6 g1024", HG_HIGGS, 2 | HG_GRID_BLOCKS << 8, 6, 1024},    /* the 3-bit block grid, standard codes */
    {"HIGGS p2bp b6 g1024", HG_HIGGS, 2 | HG_VARIANT_BLOCKS_PLANAR << 8, 6, 1024},   /* planar codes (--grid fast) */
    {"HIGGS p2 b6 g1024", HG_HIGGS, 2, 6, 1024},
    {"HIGGS p2 b4 g1024", HG_HIGGS, 2, 4, 1024},
    {"HIGGS p2 b6 g1024 r16", HG_HIGGS, 2 | 4u << 16, 6, 1024},   /* the rotation choice, 16 rotations (--rotations 16) */
    {"HIGGS p2s b8 g1024 r16", HG_HIGGS, 2 | HG_GRID_SIGNSYM << 8 | 4u << 16, 8, 1024},
    {"HIGGS p1 b2 g1024", HG_HIGGS, 1, 2, 1024},
    {"HIGGS p1 b3 g1024", HG_HIGGS, 1, 3, 1024},
    {"HIGGS p1 b5 g1024", HG_HIGGS, 1, 5, 1024},   /* p=1 5-, 6- and 8-bit: the high-precision end of the --target-bits menu */
    {"HIGGS p1sp b5 g1024", HG_HIGGS, 1 | HG_VARIANT_SYM_PLANAR << 8, 5, 1024},
    {"HIGGS p1 b6 g1024", HG_HIGGS, 1, 6, 1024},
    {"HIGGS p1sp b6 g1024", HG_HIGGS, 1 | HG_VARIANT_SYM_PLANAR << 8, 6, 1024},   /* sign-magnitude order, planar codes (what quantize writes) */
    {"HIGGS p1 b8 g1024", HG_HIGGS, 1, 8, 1024},   /* the Gaussian 8-bit grid (--grid free), float */
    {"HIGGS p1u b8 g1024", HG_HIGGS, 1 | HG_GRID_UNIFORM << 8, 8, 1024},   /* the uniform one, the 8-bit default */
    {"RTN b8 g64", HG_RTN, 1, 8, 64},
    {"HIGGS p4 b8 g1024", HG_HIGGS, 4, 8, 1024},
    {"HIGGS p4 b10 g1024", HG_HIGGS, 4, 10, 1024},
    {"HIGGS p4 b12 g1024", HG_HIGGS, 4, 12, 1024},   /* the 12-bit stream */
    {"HIGGS p4p b12 g1024", HG_HIGGS, 4 | HG_VARIANT_P4_PAIRED_PLANAR << 8, 12, 1024},   /* the paired grid, planar codes (--p 4 --bits 3) */
    {"RTN b4 g64", HG_RTN, 1, 4, 64},
    {"NF4 g64", HG_NF4, 1, 4, 64},
    {"F16 dense", HG_F16, 0, 0, 0},
    {"F32 dense", HG_F32, 0, 0, 0},
};
#define N_CONFIGS (int)(sizeof configs / sizeof configs[0])

typedef struct {
    guarded mem;
    hg_tensor t;
    hg_qinfo q;
    int quantized;
    const float *x;             /* the activation every call multiplies */
    float *xr, *out, *deq;
    hg_act8 a8;                 /* q.act8: the int8 activation */
    hg_act8 *ab;                /* q.act8: PROMPT_B activations of a prompt batch */
    float *outb;
    int8_t *gbuf;
    double best_mv, best_deq, best_mv8, best_mv8x2, best_gemm8, best_tok4, max_err;
} bench;

typedef struct { bench *b; const float *w; int rows_per_task; } qjob;
static void quantize_task(void *ctx, int task, int thread) {
    (void)thread;
    qjob *j = (qjob *)ctx;
    const hg_qinfo *q = &j->b->q;
    uint64_t scale_bytes = (j->b->t.rows * q->groups * 2 + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    float *work = malloc(2 * q->cols_pad * sizeof(float));
    uint8_t *data = (uint8_t *)j->b->t.data;
    for (int r = task * j->rows_per_task; r < (task + 1) * j->rows_per_task && r < (int)j->b->t.rows; r++)
        hg_quantize_row(q, j->w + (size_t)r * q->cols, (uint16_t *)data + (uint64_t)r * q->groups,
                        data + scale_bytes + (uint64_t)r * q->row_code_bytes, work);
    free(work);
}

static void setup(bench *b, const config *c, int rows, int cols, const float *w, const float *x, hg_pool *pool) {
    memset(b, 0, sizeof *b);
    b->x = x;
    hg_tensor *t = &b->t;
    t->type = c->type; t->ndim = 2; t->rows = (uint64_t)rows; t->cols = (uint64_t)cols;
    t->shape[0] = (uint64_t)rows; t->shape[1] = (uint64_t)cols;
    b->quantized = hg_is_quantized(c->type);
    if (b->quantized) {
        t->params[0] = c->p; t->params[1] = c->bits; t->params[2] = c->group;
        t->params[3] = c->type == HG_HIGGS ? c->group : 0;
        if (hg_qinfo_get(c->type, t->params, (uint64_t)cols, &b->q)) { fprintf(stderr, "bad config %s\n", c->name); exit(1); }
    }
    t->nbytes = hg_tensor_bytes(t->type, t->params, t->rows, t->cols);
    t->row_bytes = t->nbytes / t->rows;
    uint8_t *data = guarded_alloc(&b->mem, t->nbytes);
    t->data = data;
    size_t n_x = b->quantized ? b->q.cols_pad : (size_t)cols;
    b->xr = malloc(n_x * sizeof(float));
    b->deq = malloc(n_x * sizeof(float));
    b->out = malloc((size_t)rows * sizeof(float));
    if (b->quantized) {
        qjob j = {b, w, 64};
        hg_pool_run(pool, quantize_task, &j, (rows + 63) / 64);
        hg_prepare_activation(&b->q, x, b->xr);
        if (b->q.act8) {
            const uint64_t nv = hg_act8_values(&b->q), ng = b->q.groups * (uint64_t)b->q.choices;   /* K copies */
            if (hg_act8_alloc(&b->a8, nv, ng)) { fprintf(stderr, "out of memory\n"); exit(1); }
            hg_prepare_act8(&b->q, x, &b->a8);
            b->ab = calloc(PROMPT_B, sizeof(hg_act8));
            b->outb = malloc((size_t)PROMPT_B * rows * sizeof(float));
            b->gbuf = malloc(hg_qmatmul8_buf_bytes(&b->q));
            float *xb = malloc((size_t)cols * sizeof(float));
            for (int k = 0; k < PROMPT_B; k++) {
                for (int i = 0; i < cols; i++) xb[i] = x[(i + 37 * k) % cols] * (1.0f + 0.01f * (float)k);
                if (hg_act8_alloc(&b->ab[k], nv, ng)) { fprintf(stderr, "out of memory\n"); exit(1); }
                hg_prepare_act8(&b->q, xb, &b->ab[k]);
            }
            free(xb);
        }
    } else {
        for (size_t i = 0; i < (size_t)rows * (size_t)cols; i++) {
            if (c->type == HG_F32) memcpy(data + 4 * i, &w[i], 4);
            else { uint16_t h = hg_f32_to_f16(w[i]); memcpy(data + 2 * i, &h, 2); }
        }
        memcpy(b->xr, x, (size_t)cols * sizeof(float));
    }
}

/* SIMD kernel against the scalar definition on a sample of rows (incl. the last) */
static double check_rows(bench *b) {
    double worst = 0;
    for (int r = (int)b->t.rows - 1; r >= 0; r -= 97) {
        double got, ref, mag = 0;
        if (b->quantized) {
            got = hg_qdot_row(&b->t, &b->q, r, b->xr);
            ref = hg_qdot_row_ref(&b->t, &b->q, r, b->xr);
            hg_qdequant_row_stored(&b->t, &b->q, r, b->deq);
            double exact = 0;
            for (uint64_t i = 0; i < b->q.cols_pad; i++) { exact += (double)b->deq[i] * b->xr[i]; mag += fabs((double)b->deq[i] * b->xr[i]); }
            worst = fmax(worst, fabs(exact - ref) / (mag + 1e-30));
        } else {
            float o[1];
            hg_matvec_rows(o - r, b->xr, &b->t, r, r + 1);
            got = o[0];
            hg_dequant_row(b->deq, &b->t, r);
            ref = 0;
            for (uint64_t i = 0; i < b->t.cols; i++) { ref += (double)b->deq[i] * b->xr[i]; mag += fabs((double)b->deq[i] * b->xr[i]); }
        }
        worst = fmax(worst, fabs(got - ref) / (mag + 1e-30));
        if (b->quantized && b->q.act8) {   /* the int8 kernel must equal its scalar definition exactly */
            float g8 = hg_qdot8_row(&b->t, &b->q, r, &b->a8), r8 = hg_qdot8_row_ref(&b->t, &b->q, r, &b->a8);
            if (g8 != r8) worst = fmax(worst, 1.0);
        }
    }
    return worst;
}

static volatile float sink;

static void matvec_once(bench *b) {
    if (b->quantized) hg_qmatvec_rows(b->out, b->xr, &b->t, &b->q, 0, (int)b->t.rows);
    else hg_matvec_rows(b->out, b->xr, &b->t, 0, (int)b->t.rows);
    sink = b->out[0];
}
static void matvec8_once(bench *b) {
    hg_qmatvec8_rows(b->out, &b->a8, &b->t, &b->q, 0, (int)b->t.rows);
    sink = b->out[0];
}
static void matvec8x2_once(bench *b) {   /* the two halves of the matrix as two row streams (decode's pairs) */
    int half = (int)b->t.rows / 2;
    hg_qmatvec8_rows2(b->out, &b->t, 0, b->out + half, &b->t, half, half, &b->a8, &b->q);
    sink = b->out[0];
}
static void gemm8_once(bench *b) {
    hg_qmatmul8_rows(b->outb, b->t.rows, b->ab, PROMPT_B, &b->t, &b->q, 0, (int)b->t.rows, b->gbuf);
    sink = b->outb[0];
}
static void tokens4_once(bench *b) {   /* four conversations' next tokens (hg_sessions_step's product) */
    hg_qmatvec8_tokens(b->outb, b->t.rows, b->ab, 4, &b->t, &b->q, 0, (int)b->t.rows);
    sink = b->outb[0];
}
static void dequant_once(bench *b) {
    for (int r = 0; r < (int)b->t.rows; r++) {
        if (b->quantized) hg_qdequant_row_stored(&b->t, &b->q, r, b->deq);
        else hg_dequant_row(b->deq, &b->t, r);
        sink = b->deq[r & 255];
    }
}

/* best time of one call, repeating for about `secs` */
static double time_best(void (*fn)(bench *), bench *b, double secs) {
    double best = 1e30, t_end = now() + secs;
    int reps = 0;
    do {
        double t0 = now();
        fn(b);
        double dt = now() - t0;
        if (dt < best) best = dt;
        reps++;
    } while (now() < t_end || reps < 3);
    return best;
}

/* best over 5 rounds of the mean time of `reps` calls (for calls of a few microseconds) */
static double time_reps(void (*fn)(bench *), bench *b, int reps) {
    double best = 1e30;
    for (int r = 0; r < 5; r++) {
        double t0 = now();
        for (int i = 0; i < reps; i++) fn(b);
        best = fmin(best, (now() - t0) / reps);
    }
    return best;
}

static void prepare_once(bench *b) { hg_prepare_activation(&b->q, b->x, b->xr); }
static void prepare8_once(bench *b) { hg_prepare_act8(&b->q, b->x, &b->a8); }

/* single-thread read bandwidth: sum of a 1 GiB array, best of a few passes */
static double mem_bandwidth(int passes) {
    size_t n = (size_t)1 << 27;   /* uint64 words = 1 GiB */
    uint64_t *a = malloc(n * sizeof(uint64_t));
    if (!a) return 0;
    for (size_t i = 0; i < n; i++) a[i] = i;
    double best = 1e30;
    for (int p = 0; p < passes; p++) {
        double t0 = now();
        uint64_t s;
#if defined(__AVX512F__)
        __m512i s0 = _mm512_setzero_si512(), s1 = s0, s2 = s0, s3 = s0;
        for (size_t i = 0; i < n; i += 32) {
            s0 = _mm512_add_epi64(s0, _mm512_loadu_si512(a + i));
            s1 = _mm512_add_epi64(s1, _mm512_loadu_si512(a + i + 8));
            s2 = _mm512_add_epi64(s2, _mm512_loadu_si512(a + i + 16));
            s3 = _mm512_add_epi64(s3, _mm512_loadu_si512(a + i + 24));
        }
        s = (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(_mm512_add_epi64(s0, s1), _mm512_add_epi64(s2, s3)));
#elif defined(__AVX2__)
        __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0;
        for (size_t i = 0; i < n; i += 16) {
            s0 = _mm256_add_epi64(s0, _mm256_loadu_si256((const __m256i *)(a + i)));
            s1 = _mm256_add_epi64(s1, _mm256_loadu_si256((const __m256i *)(a + i + 4)));
            s2 = _mm256_add_epi64(s2, _mm256_loadu_si256((const __m256i *)(a + i + 8)));
            s3 = _mm256_add_epi64(s3, _mm256_loadu_si256((const __m256i *)(a + i + 12)));
        }
        __m256i t = _mm256_add_epi64(_mm256_add_epi64(s0, s1), _mm256_add_epi64(s2, s3));
        uint64_t l[4];
        _mm256_storeu_si256((__m256i *)l, t);
        s = l[0] + l[1] + l[2] + l[3];
#else
        uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (size_t i = 0; i < n; i += 4) { s0 += a[i]; s1 += a[i + 1]; s2 += a[i + 2]; s3 += a[i + 3]; }
        s = s0 + s1 + s2 + s3;
#endif
        double dt = now() - t0;
        if (s != n / 2 * (n - 1)) fprintf(stderr, "bandwidth sum wrong\n");
        if (dt < best) best = dt;
    }
    free(a);
    return (double)(n * sizeof(uint64_t)) / best / 1e9;
}

#if defined(__AVX512VNNI__) && defined(__AVX512VL__)
/* vpdpbusd on 16 independent accumulators: billions of int8 multiply-adds a second, one thread */
#define HG_PEAK_LOOP(T, zero, dp, lanes)                                                                     \
    do {                                                                                                      \
        T acc[16];                                                                                            \
        for (int k = 0; k < 16; k++) { acc[k] = zero; __asm__ volatile("" : "+v"(acc[k])); }   /* opaque: no CSE */ \
        const long n = 20000000;                                                                              \
        double t0 = now();                                                                                    \
        for (long i = 0; i < n; i++) {                                                                        \
            _Pragma("GCC unroll 16") for (int k = 0; k < 16; k++) acc[k] = dp(acc[k], ones, twos);            \
            _Pragma("GCC unroll 16") for (int k = 0; k < 16; k++) __asm__ volatile("" : "+v"(acc[k]));        \
        }                                                                                                     \
        best = fmin(best, (now() - t0) / ((double)n * 16 * lanes));                                           \
        for (int k = 0; k < 16; k++) __asm__ volatile("" ::"v"(acc[k]));                                     \
    } while (0)
static double vnni_peak_gmacs(int wide) {
    double best = 1e30;
    for (int round = 0; round < 3; round++)
        if (wide) {
            const __m512i ones = _mm512_set1_epi8(1), twos = _mm512_set1_epi8(2);
            HG_PEAK_LOOP(__m512i, _mm512_setzero_si512(), _mm512_dpbusd_epi32, 64);
        } else {
            const __m256i ones = _mm256_set1_epi8(1), twos = _mm256_set1_epi8(2);
            HG_PEAK_LOOP(__m256i, _mm256_setzero_si256(), _mm256_dpbusd_epi32, 32);
        }
    return 1e-9 / best;
}
#undef HG_PEAK_LOOP
#endif

/* only: "" (every config), or strings separated by commas: the configs whose name contains one */
static int name_matches(const char *name, const char *only) {
    if (!*only) return 1;
    char item[128];
    for (const char *p = only; *p;) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len < sizeof item) {
            memcpy(item, p, len);
            item[len] = 0;
            if (strstr(name, item)) return 1;
        }
        p += len + (e != NULL);
    }
    return 0;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 3;
    double secs = argc > 2 ? atof(argv[2]) : 0.25;
    int rows = argc > 3 ? atoi(argv[3]) : 4096, cols = argc > 4 ? atoi(argv[4]) : 4096;
    const char *only = argc > 5 ? argv[5] : "";
    if (rounds < 1 || secs <= 0 || rows < 1 || cols < 1) { fprintf(stderr, "usage: %s [rounds] [secs] [rows] [cols]\n", argv[0]); return 1; }
    printf("kernels: %s, %dx%d, %d rounds x %.2f s per config, single thread\n", hg_simd_name(), rows, cols, rounds, secs);

    float *w = malloc((size_t)rows * cols * sizeof(float)), *x = malloc((size_t)cols * sizeof(float));
    for (size_t i = 0; i < (size_t)rows * cols; i++) w[i] = gauss();
    for (int i = 0; i < cols; i++) x[i] = gauss();

    hg_pool *pool = hg_pool_create(2);
    static bench benches[N_CONFIGS];
    double t0 = now();
    int use[N_CONFIGS];
    for (int c = 0; c < N_CONFIGS; c++) use[c] = name_matches(configs[c].name, only);
    use[0] = 1;   /* also times hg_prepare_activation */
    for (int c = 0; c < N_CONFIGS; c++) {
        if (!use[c]) continue;
        setup(&benches[c], &configs[c], rows, cols, w, x, pool);
        benches[c].max_err = check_rows(&benches[c]);
        benches[c].best_mv = benches[c].best_deq = benches[c].best_mv8 = benches[c].best_mv8x2 = benches[c].best_gemm8 = benches[c].best_tok4 = 1e30;
    }
    hg_pool_destroy(pool);
    printf("setup (quantize) %.1f s\n", now() - t0);

    double bw = 0;
    for (int r = 0; r < rounds; r++) {   /* interleave configs across rounds: background load hits all alike */
        double m = mem_bandwidth(2);
        if (m > bw) bw = m;
        for (int c = 0; c < N_CONFIGS; c++) {
            if (!use[c]) continue;
            double a = time_best(matvec_once, &benches[c], secs), d = time_best(dequant_once, &benches[c], secs / 2);
            if (a < benches[c].best_mv) benches[c].best_mv = a;
            if (d < benches[c].best_deq) benches[c].best_deq = d;
            if (benches[c].q.act8) {
                double e = time_best(matvec8_once, &benches[c], secs);
                if (e < benches[c].best_mv8) benches[c].best_mv8 = e;
            }
            if (benches[c].q.act8 && hg_qmatvec8_pairs(&benches[c].q)) {
                double e = time_best(matvec8x2_once, &benches[c], secs);
                if (e < benches[c].best_mv8x2) benches[c].best_mv8x2 = e;
            }
            if (benches[c].q.act8) {
                double e = time_best(gemm8_once, &benches[c], secs);
                if (e < benches[c].best_gemm8) benches[c].best_gemm8 = e;
                e = time_best(tokens4_once, &benches[c], secs);
                if (e < benches[c].best_tok4) benches[c].best_tok4 = e;
            }
        }
    }

    printf("memory read baseline (sum of 1 GiB, 1 thread): %.1f GB/s\n", bw);
#if defined(__AVX512VNNI__) && defined(__AVX512VL__)
    printf("vpdpbusd bound (1 thread, 16 accumulators): 512-bit %.1f GMAC/s, 256-bit %.1f GMAC/s\n", vnni_peak_gmacs(1), vnni_peak_gmacs(0));
#endif
    printf("%-20s %9s %9s %8s %8s %10s %9s %10s %10s %10s %12s %12s\n", "config", "MiB", "ms", "GB/s", "Gw/s", "deq Gw/s", "max err",
           "int8 GB/s", "int8 Gw/s", "pairs GB/s", "prompt GMAC/s", "4-tok GMAC/s");
    for (int c = 0; c < N_CONFIGS; c++) {
        if (!use[c]) continue;
        bench *b = &benches[c];
        double nw = (double)rows * cols;
        printf("%-20s %9.2f %9.3f %8.2f %8.2f %10.2f %9.2g", configs[c].name, b->t.nbytes / 1048576.0, b->best_mv * 1e3,
               b->t.nbytes / b->best_mv / 1e9, nw / b->best_mv / 1e9, nw / b->best_deq / 1e9, b->max_err);
        if (b->q.act8) printf(" %10.2f %10.2f", b->t.nbytes / b->best_mv8 / 1e9, nw / b->best_mv8 / 1e9);
        if (b->q.act8) {
            if (hg_qmatvec8_pairs(&b->q)) printf(" %10.2f", b->t.nbytes / b->best_mv8x2 / 1e9);
            else printf(" %10s", "-");
            printf(" %12.1f %12.1f", nw * PROMPT_B / b->best_gemm8 / 1e9, nw * 4 / b->best_tok4 / 1e9);
        }
        printf("\n");
    }

    /* activation preparation (includes the Walsh-Hadamard rotation for HIGGS) */
    bench *h = &benches[0];
    printf("hg_prepare_activation (%d cols, hadamard %d): %.2f us\n", cols, h->q.hadamard, time_reps(prepare_once, h, 2000) * 1e6);
    /* the int8 preparation (rotation and rounding; with the rotation choice every copy): the first
     * int8 config without the choice, and each with it */
    int plain_done = 0;
    for (int c = 0; c < N_CONFIGS; c++) {
        bench *b = &benches[c];
        if (!use[c] || !b->q.act8 || (b->q.choices == 1 && plain_done)) continue;
        plain_done |= b->q.choices == 1;
        double tp = time_reps(prepare8_once, b, 500);
        printf("hg_prepare_act8 (%s, %d cols, %d cop%s): %.2f us\n", configs[c].name, cols, b->q.choices,
               b->q.choices == 1 ? "y" : "ies", tp * 1e6);
    }

    int bad = 0;
    for (int c = 0; c < N_CONFIGS; c++) if (use[c] && !(benches[c].max_err < 1e-5)) { bad = 1; printf("ERROR %s: error %.3g vs reference\n", configs[c].name, benches[c].max_err); }
    for (int c = 0; c < N_CONFIGS; c++) {
        if (!use[c]) continue;
        guarded_free(&benches[c].mem);
        free(benches[c].xr); free(benches[c].out); free(benches[c].deq);
        if (benches[c].q.act8) {
            hg_act8_free(&benches[c].a8);
            for (int k = 0; k < PROMPT_B; k++) hg_act8_free(&benches[c].ab[k]);
            free(benches[c].ab); free(benches[c].outb); free(benches[c].gbuf);
        }
    }
    free(w); free(x);
    return bad;
}
