/* higgs.h - what run.c and quantize.c share: the .higgs file format, number
 * formats, a thread pool and the matrix-vector kernels.
 *
 * Single-header library in the stb style: every file that includes it sees
 * the API below; exactly one translation unit per program defines
 * HIGGS_IMPLEMENTATION before including it to get the code.
 *
 *   API
 *   ---
 *   File format (docs/format.md):
 *     int  hg_open(hg_file *f, const char *path, char *err, size_t errlen);
 *         mmap a .higgs file, check header, meta CRC, config, tensor directory.
 *         Returns 0, or -1 with a one-line message in err.
 *     void hg_close(hg_file *f);
 *     int  hg_verify_data(const hg_file *f);          1 when data_crc matches
 *     const hg_tensor *hg_find(const hg_file *f, const char *name);
 *     uint64_t hg_tensor_bytes(uint32_t type, const uint32_t params[4],
 *                              uint64_t rows, uint64_t cols);   0 if invalid
 *     hg_writer: hg_writer_begin / hg_writer_add_tensor / hg_writer_write_data /
 *                hg_writer_finish / hg_writer_abort (temporary file + rename).
 *   Numbers:
 *     float hg_f16_to_f32(uint16_t), uint16_t hg_f32_to_f16(float),
 *     float hg_bf16_to_f32(uint16_t), uint16_t hg_f32_to_bf16(float)
 *     uint32_t hg_crc32(uint32_t crc, const void *p, size_t n)   (zlib's CRC-32)
 *   Kernels:
 *     void hg_matvec_rows(float *out, const float *x, const hg_tensor *w,
 *                         int row0, int row1);
 *         out[r] = dot(W[r,:], x) for rows [row0, row1), any tensor type.
 *     void hg_matvec_rows2(out0, w0, row0, out1, w1, row1, n, x), and
 *     hg_qmatvec8_rows2 for int8 activations: two row streams walked together
 *         (the same results; more reads in flight; see hg_qmatvec8_pairs).
 *     hg_dot_<type> (best SIMD path built) and hg_dot_<type>_ref (scalar).
 *     void hg_dequant_row(float *out, const hg_tensor *w, int row);
 *   Threads:
 *     hg_pool *hg_pool_create(int n_threads); hg_pool_run(pool, fn, ctx, n_tasks);
 *     hg_pool_destroy(pool). fn(ctx, task, thread) runs for every task once.
 *
 * Little-endian hosts only (tensor data is used in place from the mapping).
 */
#ifndef HIGGS_H
#define HIGGS_H

#include <stddef.h>
#include <stdint.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "higgs.c supports little-endian hosts only"
#endif

#define HG_MAGIC "HIGGSLM"        /* 8 bytes with the terminating NUL */
#define HG_VERSION 1
#define HG_HEADER_SIZE 64
#define HG_ALIGN 64
#define HG_MAX_NAME 255

enum hg_type {
    HG_F32 = 0, HG_F16 = 1, HG_BF16 = 2,
    HG_HIGGS = 16, HG_RTN = 17, HG_NF4 = 18, HG_AF4 = 19
};

typedef struct {
    int dim, hidden_dim, n_layers, n_heads, n_kv_heads, head_dim, vocab_size, seq_len;
    float rope_theta;
    int rope_scaling_type;            /* 0 none, 1 llama3 */
    float rope_factor, rope_low_freq_factor, rope_high_freq_factor;
    int rope_original_max_pos;
    float rms_norm_eps;
    int tied_embeddings;
    int bos_id, eos_id;
    char arch[33];
} hg_config;
#define HG_CONF_SIZE 104

typedef struct {
    char name[HG_MAX_NAME + 1];
    uint32_t type, ndim;
    uint64_t shape[4];
    uint32_t params[4];
    uint64_t offset, nbytes;
    uint64_t rows, cols;              /* 2-D view: rows = shape[0] (1 for 1-D) */
    uint64_t row_bytes;
    const uint8_t *data;              /* into the mapping (reader) */
} hg_tensor;

typedef struct {
    uint8_t *map;
    uint64_t size;
    uint64_t meta_size, data_offset, data_size;
    uint32_t meta_crc, data_crc;
    hg_config cfg;
    const uint8_t *conf, *tok, *kv;   /* section payloads inside the mapping */
    uint64_t conf_size, tok_size, kv_size;
    hg_tensor *tensors;
    int n_tensors;
    int copied;                       /* map is anonymous memory holding a copy (HG_OPEN_COPY) */
} hg_file;

int hg_open(hg_file *f, const char *path, char *err, size_t errlen);
/* HG_OPEN_COPY: read the file into anonymous memory instead of mapping it.
 * On Linux that memory is backed by 2 MiB transparent huge pages where the
 * kernel allows (madvise mode): far fewer TLB misses, and the hardware
 * prefetchers are not stopped at every 4 KiB page boundary, which makes
 * streaming the weights up to ~1.5x faster than from a file mapping. */
#define HG_OPEN_COPY 1
int hg_open_ex(hg_file *f, const char *path, int flags, char *err, size_t errlen);
void hg_close(hg_file *f);
int hg_verify_data(const hg_file *f);
/* drop the mapped pages of [p, p + n) from this process (streaming tools call it after each tensor
 * so resident memory stays near one tensor, not the whole file); a hint, never an error */
void hg_release(const hg_file *f, const void *p, uint64_t n);
const hg_tensor *hg_find(const hg_file *f, const char *name);
const char *hg_type_name(uint32_t type);
uint64_t hg_tensor_bytes(uint32_t type, const uint32_t params[4], uint64_t rows, uint64_t cols);
int hg_config_parse(hg_config *c, const uint8_t *p, uint64_t n, char *err, size_t errlen);
void hg_config_write(const hg_config *c, uint8_t out[HG_CONF_SIZE]);

/* bounds-checked little-endian reader for untrusted bytes */
typedef struct { const uint8_t *p; uint64_t n, pos; int bad; } hg_rd;
int hg_rd_need(hg_rd *r, uint64_t k);
uint8_t hg_rd_u8(hg_rd *r);
uint16_t hg_rd_u16(hg_rd *r);
uint32_t hg_rd_u32(hg_rd *r);
uint64_t hg_rd_u64(hg_rd *r);
float hg_rd_f32(hg_rd *r);
const uint8_t *hg_rd_bytes(hg_rd *r, uint64_t k);

/* writer: meta sections are given as raw payloads (config, tokenizer, kv);
 * tensors are declared first, then their data is streamed in order. */
typedef struct {
    char path[4096], tmp_path[4200];
    void *fp;                         /* FILE* */
    hg_tensor *tensors;
    int n_tensors, cap, next_data;
    uint64_t data_offset, data_size, written;
    uint32_t data_crc;
    uint8_t *meta;
    uint64_t meta_size;
} hg_writer;
int hg_writer_begin(hg_writer *w, const char *path, char *err, size_t errlen);
int hg_writer_add_tensor(hg_writer *w, const char *name, uint32_t type, uint32_t ndim,
                         const uint64_t shape[4], const uint32_t params[4]);
/* after all tensors are added: lays out the meta block and the data offsets */
int hg_writer_layout(hg_writer *w, const uint8_t conf[HG_CONF_SIZE],
                     const uint8_t *tok, uint64_t tok_size, const uint8_t *kv, uint64_t kv_size);
/* data of tensor i (in declaration order); nbytes must match */
int hg_writer_write_data(hg_writer *w, const void *data, uint64_t nbytes);
int hg_writer_finish(hg_writer *w, char *err, size_t errlen);   /* rename into place */
void hg_writer_abort(hg_writer *w);                              /* remove temp file */

float hg_f16_to_f32(uint16_t h);
uint16_t hg_f32_to_f16(float f);
float hg_bf16_to_f32(uint16_t h);
uint16_t hg_f32_to_bf16(float f);
uint32_t hg_crc32(uint32_t crc, const void *p, size_t n);

float hg_dot_f32(const float *w, const float *x, int n);
float hg_dot_f16(const uint16_t *w, const float *x, int n);
float hg_dot_bf16(const uint16_t *w, const float *x, int n);
float hg_dot_f32_ref(const float *w, const float *x, int n);
/* out[k] = dot(w, x + k * stride) for k < 4: one pass over w for four activations (batched prompts) */
void hg_dot4_f32(const float *w, const float *x, size_t stride, int n, float out[4]);
/* out[4 r + k] = dot(row r of w, x + k * xstride) for r, k < 4; w: four rows of n F16 or BF16 values
 * (type), wstride elements apart. Equals hg_dot4_f32 on each row converted to float, bit for bit;
 * buf (n floats) is used by builds without the register-tiled kernel. */
void hg_dot4x4_half(const uint16_t *w, size_t wstride, uint32_t type, const float *x, size_t xstride, int n,
                    float *buf, float out[16]);
float hg_dot_f16_ref(const uint16_t *w, const float *x, int n);
float hg_dot_bf16_ref(const uint16_t *w, const float *x, int n);
void hg_matvec_rows(float *out, const float *x, const hg_tensor *w, int row0, int row1);
/* hg_qmatvec8_rows2 for dense tensors: out0[i] = row row0 + i of w0 times x, out1[i]
 * = row row1 + i of w1, bit for bit hg_matvec_rows's; hg_matvec_pairs(w): 1 when this
 * build walks the two rows together (else one range after the other) */
int hg_matvec_pairs(const hg_tensor *w);
void hg_matvec_rows2(float *out0, const hg_tensor *w0, int row0, float *out1, const hg_tensor *w1, int row1, int n,
                     const float *x);
void hg_dequant_row(float *out, const hg_tensor *w, int row);
const char *hg_simd_name(void);
/* the HIGGS grids this build decodes with int8 activations (hg_act8), e.g. "p1 4-bit, p2 3/4-bit, p4 2/2.5/3-bit"
 * (grids other than p1 4-bit, p2 3/4-bit and p4 only in Hadamard blocks of at least 64 codes) */
const char *hg_act8_grids(void);

/* Quantized tensors (HIGGS, RTN, NF4, AF4) share one layout: codes of `bits`
 * bits (a little-endian bit stream per row) index a p-dimensional codebook;
 * every `group` weights of a row share an fp16 scale. HIGGS rows are stored in
 * the Hadamard-rotated domain (block `hadamard`, = group): y = W x is computed
 * as W' (Hn x), rotating the activation once per block. params[4] =
 * {p, bits, group, hadamard | seed << 24}: seed 0 is the plain Sylvester
 * matrix; seed 1..255 multiplies by random signs first, Hn D (see
 * hg_sign_word). Tensor bytes: scales [rows][cols_pad/group] fp16,
 * zero-padded to a multiple of 64 bytes, then codes [rows][row_code_bytes]. */
typedef struct hg_qinfo hg_qinfo;
typedef struct hg_act8 hg_act8;   /* the int8 activation, below */
/* A tensor format's kernels on this build, chosen once when the format is read
 * (hg_qinfo_get): the portable kernels first, then the build's ISA selector
 * replaces the entries it has a faster kernel for (higgs.h, "kernel selection").
 * Every entry computes what the portable one defines; the int8 ones bit for bit. */
typedef struct {
    /* float activations (hg_prepare_activation): one row's product; one row dequantized (stored domain) */
    float (*dot)(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr);
    void (*dequant)(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, float *out);
    /* int8 activations (q->act8): one row; rows [row0, row1) into out[0..]; two row streams at once
     * (NULL: this build has none for the format); a row's int8 weights for the prompt product, and
     * that product (returns 0 where it cannot take the batch: the portable loop runs instead) */
    float (*dot8)(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a);
    void (*rows8)(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out);
    void (*rows8x2)(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                    int row1, float *out1, int n, const hg_act8 *a);
    void (*decode8)(const hg_qinfo *q, const uint8_t *codes, int8_t *k);
    int (*gemm8)(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q,
                 int row0, int row1, int8_t *buf);
    int gemm8_vnni;     /* decode8 writes k + 128 for the VNNI product (see hg_act8.qp) */
} hg_kernels;
struct hg_qinfo {
    uint32_t type;
    int p, bits, n, group, hadamard;
    int had_m;                        /* HIGGS: Hadamard block = H(had_m) (x) Sylvester(hadamard / had_m); 1: Sylvester */
    const int8_t *had_base;           /* had_m > 1: H(had_m), had_m x had_m entries +-1 (hg_hadamard_base) */
    int sign_seed;                    /* HIGGS: 0, or the seed of the random signs (params[3] >> 24) */
    int scales;                       /* quantizing only (the caller sets it): HIGGS block scales, HG_SCALES_* */
    uint64_t cols, cols_pad, groups, row_code_bytes, scale_bytes;
    const float *codebook;            /* n * p floats */
    double mse_per_dim;               /* HIGGS grids: E||g - Q(g)||^2 / p under N(0, I) */
    int act8;                         /* decode may use the int8 path (hg_qdot8_row) */
    const int8_t *grid8;              /* act8: n * p ints k = round(g * S), S = 127 / max|g| */
    const uint8_t *grid8u;            /* act8: k + 128, the unsigned operand of VNNI dot products */
    float grid8_inv;                  /* act8: 1 / S */
    /* act8, p=2: the coordinates apart (256 entries, zero past n), built once
     * so that a kernel's per-row setup is a few register loads */
    const int8_t *grid8x, *grid8y;    /* k of the first / second coordinate */
    const uint8_t *grid8ux, *grid8uy; /* k + 128 */
    const int32_t *grid8pair;         /* (kx, ky) as two int16 in one int32 (AVX2 lookups) */
    /* act8, codes of 2-6 bits read 8 per 64-bit lane (AVX-512 VBMI): the table of
     * each coordinate's k + 128 repeated to 64 entries (vpermb reads 6 index bits),
     * and the byte spread / bit shifts that put code k of a lane in its byte k */
    const uint8_t *grid8rx, *grid8ry, *grid8spread, *grid8shift;
    const uint8_t (*grid8c)[256];     /* act8, p=4 256 points: k + 128 of each coordinate apart */
    const uint32_t *grid8w, *grid8uw; /* act8, p=4: a point's four k (k + 128) in one word, for 32-bit loads */
    hg_kernels k;                     /* this format's kernels on this build */
};

int hg_qinfo_get(uint32_t type, const uint32_t params[4], uint64_t cols, hg_qinfo *q);   /* 0 ok */
/* How hg_quantize_row picks a HIGGS block's scale s (codes are the nearest grid
 * points to x / s, x the rotated block):
 *  RMS:       s = the block's RMS (the paper's choice);
 *  UNBIASED:  the RMS codes, then s *= <x, x> / <x, Q> so that the error is
 *             uncorrelated with the weights (no shrink; see hg_quantize_row);
 *  LSQ:       least squares: alternately s = <x, g> / <g, g> and re-rounding
 *             (the MSE never rises), a few rounds from the RMS;
 *  LSQ_UNBIASED: the LSQ codes, then the UNBIASED rescale. */
enum { HG_SCALES_RMS = 0, HG_SCALES_UNBIASED = 1, HG_SCALES_LSQ = 2, HG_SCALES_LSQ_UNBIASED = 3 };
int hg_is_quantized(uint32_t type);
/* in-place fast Walsh-Hadamard transform, natural (Sylvester) order, unnormalised; n power of two */
void hg_fwht(float *x, int n);
/* H(m), a Hadamard matrix of order m that is not a power of two (m % 4 == 0, 12 <= m <= 255):
 * the Paley I matrix when m - 1 is a prime, else the Paley II matrix when m / 2 - 1 is a prime
 * (= 1 mod 4); NULL for other m. Row-major m x m entries +-1, built once. docs/format.md */
const int8_t *hg_hadamard_base(int m);
/* HIGGS block size for a row of cols weights: the largest power-of-two divisor up to 1024 when
 * it is at least 256 (scales cost <= 1/16 bit per weight), else the largest divisor m * 2^j <= 4096
 * with H(m) available and a multiple of 32 (any width that is a multiple of 32 gets a block of
 * at least 160 when one exists); else the power-of-two rule of older files. *m gets the base order. */
int hg_hadamard_for(uint64_t cols, int *m);
/* x (one block of q->group values) -> Hn x in place, Hn = (H(had_m) (x) Sylvester) / sqrt(group);
 * hg_unrotate_block applies the inverse (the transpose) */
void hg_rotate_block(const hg_qinfo *q, float *x);
void hg_unrotate_block(const hg_qinfo *q, float *x);
/* x (cols floats) -> xr (cols_pad floats): zero-pad, and for HIGGS rotate each block by Hn */
void hg_prepare_activation(const hg_qinfo *q, const float *x, float *xr);
/* quantize one row w[cols]; writes its scales and codes; returns ||w - Q(w)||^2 */
double hg_quantize_row(const hg_qinfo *q, const float *w, uint16_t *scales, uint8_t *codes, float *scratch);
/* y[r] for rows [row0, row1) of a quantized tensor, xr from hg_prepare_activation */
void hg_qmatvec_rows(float *out, const float *xr, const hg_tensor *w, const hg_qinfo *q, int row0, int row1);
float hg_qdot_row_ref(const hg_tensor *w, const hg_qinfo *q, int row, const float *xr);
float hg_qdot_row(const hg_tensor *w, const hg_qinfo *q, int row, const float *xr);
/* the row in the stored domain (rotated for HIGGS), cols_pad floats */
void hg_qdequant_row_stored(const hg_tensor *w, const hg_qinfo *q, int row, float *out);

/* The int8 decode path. For HIGGS tensors with q->act8 (p=1 16-point and
 * p=2 256-point grids: the 4-bit configs; p=2 64-point: 3-bit), a token's rotated activation is
 * quantized per Hadamard block b to int8 q_i with an absmax scale d_b, and each
 * grid coordinate g is replaced by k/S with k = round(g * S) an int8. A row's
 * dot product is then
 *     sum_b  scale_b * (d_b / S) * sum_{i in b} k_i * q_i
 * with the inner sums exact in int32: every SIMD path computes the same
 * integers and the same float operations in the same order as the scalar
 * reference, so all paths (x86, ARM, portable) agree bit for bit. The cost is
 * the rounding of both operands (about 1% of the weights' own quantization
 * error); run's --no-int8 decodes with float activations instead. */
struct hg_act8 {
    int8_t *q;          /* cols_pad values, natural order */
    int8_t *qp;         /* cols_pad values in the SIMD kernels' order (AVX-512: per 128, the 64 even then the 64 odd) */
    float *d;           /* per block: d_b / S */
    int32_t *qsum;      /* per block: sum of q (the VNNI kernels' offset correction) */
    float *xr;          /* cols_pad floats of scratch: the rotated activation */
};
int hg_act8_alloc(hg_act8 *a, uint64_t max_cols_pad, uint64_t max_groups);   /* 0 ok */
void hg_act8_free(hg_act8 *a);
/* x (cols floats) -> a, for tensors of q's shape (q->act8) */
void hg_prepare_act8(const hg_qinfo *q, const float *x, hg_act8 *a);
float hg_qdot8_row_ref(const hg_tensor *w, const hg_qinfo *q, int row, const hg_act8 *a);
float hg_qdot8_row(const hg_tensor *w, const hg_qinfo *q, int row, const hg_act8 *a);
void hg_qmatvec8_rows(float *out, const hg_act8 *a, const hg_tensor *w, const hg_qinfo *q, int row0, int row1);
/* two row streams at once: out0[i] = hg_qdot8_row(w0, q, row0 + i, a) and
 * out1[i] = hg_qdot8_row(w1, q, row1 + i, a) for i < n, bit for bit (w0 and w1
 * share q's format; they may be one tensor). Where hg_qmatvec8_pairs(q) is 1
 * the build has a kernel that walks both rows together: the activation is
 * loaded once for two rows, and two streams far apart through memory keep
 * more reads in flight than one (one core of a Zen 5 reads 15-25% faster so;
 * two streams close together, such as adjacent rows, read slower than one).
 * Elsewhere the rows go one range after the other. */
int hg_qmatvec8_pairs(const hg_qinfo *q);
void hg_qmatvec8_rows2(float *out0, const hg_tensor *w0, int row0, float *out1, const hg_tensor *w1, int row1, int n,
                       const hg_act8 *a, const hg_qinfo *q);
/* prompt batches: out[b * ostride + r] = hg_qdot8_row(w, q, r, &a[b]) for b < B and
 * row0 <= r < row1, bit for bit, each row decoded once into buf (4 * q->cols_pad bytes) */
void hg_qmatmul8_rows(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q, int row0,
                      int row1, int8_t *buf);
/* HIGGS grids computed by tools/gen_grids.py */
const float *hg_grid(int p, int n, double *mse_per_dim);

typedef struct hg_pool hg_pool;
typedef void (*hg_task_fn)(void *ctx, int task, int thread);
hg_pool *hg_pool_create(int n_threads);
void hg_pool_run(hg_pool *p, hg_task_fn fn, void *ctx, int n_tasks);
int hg_pool_threads(const hg_pool *p);
void hg_pool_destroy(hg_pool *p);

/* Bit allocation (HIGGS section 5): pick one option per item (layer) to
 * minimise the sum of values (alpha_l * t2) with the sum of costs (bytes) <=
 * budget: a multiple-choice knapsack solved exactly by dynamic programming
 * over costs in units of `unit` bytes. Costs are rounded up and the budget
 * down, so the answer always fits the real budget, and it is optimal among
 * all assignments whose rounded costs fit. cost[i * n_opts + j] ==
 * UINT64_MAX marks a missing option. Returns the objective (INFINITY if
 * nothing fits) and fills choice[n_items]. */
double hg_dp_allocate(int n_items, int n_opts, const uint64_t *cost, const double *value, uint64_t budget,
                      uint64_t unit, int *choice);
/* slope of y ~ alpha * x through the origin (least squares), negatives clamped to 0 */
double hg_fit_alpha(const double *x, const double *y, int n);

/* Unicode classes for the Llama 3 pre-tokenizer (tables generated by tools/gen_unicode.py) */
int hg_unicode_is_letter(uint32_t cp);
int hg_unicode_is_number(uint32_t cp);
int hg_unicode_is_space(uint32_t cp);

#endif /* HIGGS_H */

/* ======================================================================== */
#ifdef HIGGS_IMPLEMENTATION

/* No fused multiply-adds unless written: every kernel path must round like the
 * scalar reference (the int8 epilogues, the batched prompt products). GCC with
 * -std=c11 does not fuse; clang fuses a * b + c by default. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* What this build targets. Every kernel choice tests these, never the
 * compiler's own macros, so "has AVX2" is spelled one way:
 *   HG_AVX512       AVX-512 F + BW: the float kernels, conversions, reductions
 *   HG_AVX512_VBMI  + VBMI: byte permutes (the 64-entry float tables, code unpacking)
 *   HG_AVX512_VNNI  + VNNI + VBMI: the int8 kernels with vpdpbusd
 *   HG_AVX2         AVX2 + FMA (every AVX2 CPU has FMA)
 *   HG_F16C         F16C on an AVX2 or AVX-512 build: f16 <-> f32 in hardware
 *   HG_NEON         AArch64 NEON (32-bit ARM builds take the portable path)
 *   HG_NEON_DOTPROD + the dot-product instructions (sdot; -march=armv8.2-a+dotprod and later) */
#if defined(__AVX512F__) && defined(__AVX512BW__)
#define HG_AVX512 1
#if defined(__AVX512VBMI__)
#define HG_AVX512_VBMI 1
#if defined(__AVX512VNNI__)
#define HG_AVX512_VNNI 1
#endif
#endif
#endif
#if defined(__AVX2__) && defined(__FMA__)
#define HG_AVX2 1
#if defined(__F16C__)
#define HG_F16C 1
#endif
#endif
#if defined(__ARM_NEON) && defined(__aarch64__)
#define HG_NEON 1
#if defined(__ARM_FEATURE_DOTPROD)
#define HG_NEON_DOTPROD 1
#endif
#endif

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifndef HG_NO_THREADS
#include <pthread.h>
#include <stdatomic.h>
#endif
#if defined(HG_AVX2) || defined(HG_AVX512)
#include <immintrin.h>
#endif
#if defined(HG_NEON)
#include <arm_neon.h>
#endif

static void hg_errf(char *err, size_t errlen, const char *fmt, ...) {
    if (!err || !errlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------- numbers */

float hg_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
    if (exp == 0) {
        if (man == 0) bits = sign;
        else {                        /* subnormal: renormalise */
            int e = -1;
            do { man <<= 1; e++; } while (!(man & 0x400));
            bits = sign | ((uint32_t)(127 - 15 - e) << 23) | ((man & 0x3ff) << 13);
        }
    } else if (exp == 31) bits = sign | 0x7f800000u | (man << 13);
    else bits = sign | ((exp + 127 - 15) << 23) | (man << 13);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

uint16_t hg_f32_to_f16(float f) {     /* round to nearest even, as numpy does */
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000;
    int32_t exp = (int32_t)((x >> 23) & 0xff);
    uint32_t man = x & 0x7fffff;
    if (exp == 255) return (uint16_t)(sign | 0x7c00 | (man ? 0x200 : 0));
    int32_t e = exp - 127 + 15;
    if (e >= 31) return (uint16_t)(sign | 0x7c00);
    if (e <= 0) {
        if (e < -10) return (uint16_t)sign;
        man |= 0x800000;
        uint32_t shift = (uint32_t)(14 - e);
        uint32_t half = 1u << (shift - 1), rest = man & ((1u << shift) - 1);
        uint32_t r = man >> shift;
        if (rest > half || (rest == half && (r & 1))) r++;
        return (uint16_t)(sign | r);
    }
    uint32_t r = ((uint32_t)e << 10) | (man >> 13), rest = man & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (r & 1))) r++;   /* may carry into exp: fine */
    return (uint16_t)(sign | r);
}

float hg_bf16_to_f32(uint16_t h) {
    uint32_t bits = (uint32_t)h << 16;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

uint16_t hg_f32_to_bf16(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    if ((x & 0x7fffffff) > 0x7f800000) return (uint16_t)((x >> 16) | 0x40);  /* NaN stays NaN */
    x += 0x7fff + ((x >> 16) & 1);
    return (uint16_t)(x >> 16);
}

static uint32_t hg_crc_table[8][256];
static int hg_crc_ready;

static void hg_crc_init(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        hg_crc_table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int t = 1; t < 8; t++)
            hg_crc_table[t][i] = (hg_crc_table[t - 1][i] >> 8) ^ hg_crc_table[0][hg_crc_table[t - 1][i] & 0xff];
    hg_crc_ready = 1;
}

/* zlib-compatible CRC-32, slicing by 8 (about 2 GB/s) */
uint32_t hg_crc32(uint32_t crc, const void *data, size_t n) {
    if (!hg_crc_ready) hg_crc_init();
    const uint8_t *p = (const uint8_t *)data;
    crc = ~crc;
    while (n >= 8) {
        uint32_t lo = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        crc = hg_crc_table[7][lo & 0xff] ^ hg_crc_table[6][(lo >> 8) & 0xff] ^
              hg_crc_table[5][(lo >> 16) & 0xff] ^ hg_crc_table[4][lo >> 24] ^
              hg_crc_table[3][p[4]] ^ hg_crc_table[2][p[5]] ^ hg_crc_table[1][p[6]] ^ hg_crc_table[0][p[7]];
        p += 8;
        n -= 8;
    }
    while (n--) crc = hg_crc_table[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
    return ~crc;
}

/* ------------------------------------------------------- bounded reading */

int hg_rd_need(hg_rd *r, uint64_t k) {
    if (r->bad || k > r->n - r->pos) { r->bad = 1; return 0; }
    return 1;
}
uint8_t hg_rd_u8(hg_rd *r) { return hg_rd_need(r, 1) ? r->p[r->pos++] : 0; }
uint16_t hg_rd_u16(hg_rd *r) {
    if (!hg_rd_need(r, 2)) return 0;
    const uint8_t *b = r->p + r->pos;
    r->pos += 2;
    return (uint16_t)(b[0] | b[1] << 8);
}
uint32_t hg_rd_u32(hg_rd *r) {
    if (!hg_rd_need(r, 4)) return 0;
    const uint8_t *b = r->p + r->pos;
    r->pos += 4;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
uint64_t hg_rd_u64(hg_rd *r) {
    uint64_t lo = hg_rd_u32(r);
    return lo | (uint64_t)hg_rd_u32(r) << 32;
}
float hg_rd_f32(hg_rd *r) {
    uint32_t u = hg_rd_u32(r);
    float f;
    memcpy(&f, &u, 4);
    return f;
}
const uint8_t *hg_rd_bytes(hg_rd *r, uint64_t k) {
    if (!hg_rd_need(r, k)) return NULL;
    const uint8_t *b = r->p + r->pos;
    r->pos += k;
    return b;
}

/* ------------------------------------------------------------ the format */

const char *hg_type_name(uint32_t type) {
    switch (type) {
    case HG_F32: return "F32";
    case HG_F16: return "F16";
    case HG_BF16: return "BF16";
    case HG_HIGGS: return "HIGGS";
    case HG_RTN: return "RTN";
    case HG_NF4: return "NF4";
    case HG_AF4: return "AF4";
    default: return "?";
    }
}

static uint64_t hg_qtensor_bytes(uint32_t type, const uint32_t params[4], uint64_t rows, uint64_t cols);

uint64_t hg_tensor_bytes(uint32_t type, const uint32_t params[4], uint64_t rows, uint64_t cols) {
    uint64_t elt;
    switch (type) {
    case HG_F32: elt = 4; break;
    case HG_F16: case HG_BF16: elt = 2; break;
    default: return hg_qtensor_bytes(type, params, rows, cols);
    }
    if (cols == 0 || rows == 0 || cols > UINT64_MAX / elt / rows) return 0;
    return rows * cols * elt;
}

static void hg_put_u32(uint8_t *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static void hg_put_u64(uint8_t *p, uint64_t v) { for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i)); }
static void hg_put_f32(uint8_t *p, float f) { uint32_t u; memcpy(&u, &f, 4); hg_put_u32(p, u); }

int hg_config_parse(hg_config *c, const uint8_t *p, uint64_t n, char *err, size_t errlen) {
    hg_rd r = {p, n, 0, 0};
    memset(c, 0, sizeof *c);
    if (n < HG_CONF_SIZE) { hg_errf(err, errlen, "CONF section is %llu bytes, expected %d", (unsigned long long)n, HG_CONF_SIZE); return -1; }
    uint32_t v[8];
    for (int i = 0; i < 8; i++) v[i] = hg_rd_u32(&r);
    c->rope_theta = hg_rd_f32(&r);
    uint32_t scaling = hg_rd_u32(&r);
    c->rope_factor = hg_rd_f32(&r);
    c->rope_low_freq_factor = hg_rd_f32(&r);
    c->rope_high_freq_factor = hg_rd_f32(&r);
    uint32_t orig = hg_rd_u32(&r);
    c->rms_norm_eps = hg_rd_f32(&r);
    uint32_t tied = hg_rd_u32(&r);
    int32_t bos = (int32_t)hg_rd_u32(&r), eos = (int32_t)hg_rd_u32(&r);
    const uint8_t *arch = hg_rd_bytes(&r, 32);
    if (r.bad || !arch) { hg_errf(err, errlen, "CONF section truncated"); return -1; }
    static const char *names[8] = {"dim", "hidden_dim", "n_layers", "n_heads", "n_kv_heads", "head_dim", "vocab_size", "seq_len"};
    /* generous limits that still keep every size product far from overflow */
    static const uint32_t limits[8] = {1u << 16, 1u << 18, 1024, 1024, 1024, 4096, 1u << 22, 1u << 22};
    for (int i = 0; i < 8; i++)
        if (v[i] == 0 || v[i] > limits[i]) {
            hg_errf(err, errlen, "config: %s = %u is out of range (1..%u)", names[i], v[i], limits[i]);
            return -1;
        }
    c->dim = (int)v[0]; c->hidden_dim = (int)v[1]; c->n_layers = (int)v[2]; c->n_heads = (int)v[3];
    c->n_kv_heads = (int)v[4]; c->head_dim = (int)v[5]; c->vocab_size = (int)v[6]; c->seq_len = (int)v[7];
    if (c->n_heads % c->n_kv_heads) { hg_errf(err, errlen, "config: n_heads %d is not a multiple of n_kv_heads %d", c->n_heads, c->n_kv_heads); return -1; }
    if (c->head_dim % 2) { hg_errf(err, errlen, "config: head_dim %d must be even for RoPE", c->head_dim); return -1; }
    if ((uint64_t)c->n_heads * (uint64_t)c->head_dim > (1u << 18)) { hg_errf(err, errlen, "config: n_heads * head_dim too large"); return -1; }
    if (!(c->rope_theta > 1.0f && c->rope_theta < 1e12f)) { hg_errf(err, errlen, "config: rope_theta %g out of range", (double)c->rope_theta); return -1; }
    if (!(c->rms_norm_eps >= 0.0f && c->rms_norm_eps < 1.0f)) { hg_errf(err, errlen, "config: rms_norm_eps %g out of range", (double)c->rms_norm_eps); return -1; }
    if (scaling > 1) { hg_errf(err, errlen, "config: unknown rope scaling type %u", scaling); return -1; }
    c->rope_scaling_type = (int)scaling;
    if (scaling == 1 && !(c->rope_factor >= 1.0f && c->rope_factor < 1e6f && c->rope_low_freq_factor > 0 &&
                          c->rope_high_freq_factor > c->rope_low_freq_factor && orig > 0 && orig <= (1u << 24))) {
        hg_errf(err, errlen, "config: invalid llama3 rope scaling parameters");
        return -1;
    }
    c->rope_original_max_pos = (int)orig;
    if (tied > 1) { hg_errf(err, errlen, "config: tied_embeddings must be 0 or 1"); return -1; }
    c->tied_embeddings = (int)tied;
    if (bos < -1 || bos >= c->vocab_size || eos < -1 || eos >= c->vocab_size) {
        hg_errf(err, errlen, "config: bos/eos id (%d, %d) out of vocabulary range", bos, eos);
        return -1;
    }
    c->bos_id = bos; c->eos_id = eos;
    memcpy(c->arch, arch, 32);
    c->arch[32] = 0;
    return 0;
}

void hg_config_write(const hg_config *c, uint8_t o[HG_CONF_SIZE]) {
    memset(o, 0, HG_CONF_SIZE);
    int v[8] = {c->dim, c->hidden_dim, c->n_layers, c->n_heads, c->n_kv_heads, c->head_dim, c->vocab_size, c->seq_len};
    for (int i = 0; i < 8; i++) hg_put_u32(o + 4 * i, (uint32_t)v[i]);
    hg_put_f32(o + 32, c->rope_theta);
    hg_put_u32(o + 36, (uint32_t)c->rope_scaling_type);
    hg_put_f32(o + 40, c->rope_factor);
    hg_put_f32(o + 44, c->rope_low_freq_factor);
    hg_put_f32(o + 48, c->rope_high_freq_factor);
    hg_put_u32(o + 52, (uint32_t)c->rope_original_max_pos);
    hg_put_f32(o + 56, c->rms_norm_eps);
    hg_put_u32(o + 60, (uint32_t)c->tied_embeddings);
    hg_put_u32(o + 64, (uint32_t)c->bos_id);
    hg_put_u32(o + 68, (uint32_t)c->eos_id);
    memcpy(o + 72, c->arch, strnlen(c->arch, 32));
}

static int hg_parse_tdir(hg_file *f, const uint8_t *p, uint64_t n, uint32_t n_tensors, char *err, size_t errlen) {
    hg_rd r = {p, n, 0, 0};
    if (n_tensors > 100000) { hg_errf(err, errlen, "tensor directory: %u tensors is absurd", n_tensors); return -1; }
    f->tensors = (hg_tensor *)calloc(n_tensors ? n_tensors : 1, sizeof(hg_tensor));
    if (!f->tensors) { hg_errf(err, errlen, "out of memory"); return -1; }
    for (uint32_t i = 0; i < n_tensors; i++) {
        hg_tensor *t = &f->tensors[i];
        uint16_t len = hg_rd_u16(&r);
        const uint8_t *name = hg_rd_bytes(&r, len);
        t->type = hg_rd_u32(&r);
        t->ndim = hg_rd_u32(&r);
        for (int k = 0; k < 4; k++) t->shape[k] = hg_rd_u64(&r);
        for (int k = 0; k < 4; k++) t->params[k] = hg_rd_u32(&r);
        t->offset = hg_rd_u64(&r);
        t->nbytes = hg_rd_u64(&r);
        if (r.bad || !name) { hg_errf(err, errlen, "tensor directory truncated at entry %u", i); return -1; }
        if (len == 0 || len > HG_MAX_NAME || memchr(name, 0, len)) { hg_errf(err, errlen, "tensor %u: bad name", i); return -1; }
        memcpy(t->name, name, len);
        t->name[len] = 0;
        if (t->ndim < 1 || t->ndim > 2) { hg_errf(err, errlen, "tensor %s: ndim %u unsupported", t->name, t->ndim); return -1; }
        for (int k = 0; k < 4; k++)
            if (t->shape[k] == 0 || t->shape[k] > (1ull << 32) || (k >= (int)t->ndim && t->shape[k] != 1)) {
                hg_errf(err, errlen, "tensor %s: bad shape", t->name);
                return -1;
            }
        t->rows = t->ndim == 2 ? t->shape[0] : 1;
        t->cols = t->ndim == 2 ? t->shape[1] : t->shape[0];
        uint64_t expect = hg_tensor_bytes(t->type, t->params, t->rows, t->cols);
        if (!expect) { hg_errf(err, errlen, "tensor %s: unsupported type %u (%s) or parameters", t->name, t->type, hg_type_name(t->type)); return -1; }
        if (t->nbytes != expect) {
            hg_errf(err, errlen, "tensor %s: %llu bytes, expected %llu", t->name, (unsigned long long)t->nbytes, (unsigned long long)expect);
            return -1;
        }
        t->row_bytes = expect / t->rows;
        if (t->offset % HG_ALIGN || t->offset > f->data_size || t->nbytes > f->data_size - t->offset) {
            hg_errf(err, errlen, "tensor %s: offset %llu + %llu bytes lies outside the data (%llu bytes) or is unaligned",
                    t->name, (unsigned long long)t->offset, (unsigned long long)t->nbytes, (unsigned long long)f->data_size);
            return -1;
        }
        t->data = f->map + f->data_offset + t->offset;
        for (uint32_t j = 0; j < i; j++)
            if (!strcmp(f->tensors[j].name, t->name)) { hg_errf(err, errlen, "tensor %s appears twice", t->name); return -1; }
    }
    f->n_tensors = (int)n_tensors;
    if (r.pos != n) { hg_errf(err, errlen, "tensor directory has %llu trailing bytes", (unsigned long long)(n - r.pos)); return -1; }
    return 0;
}

static int hg_parse(hg_file *f, char *err, size_t errlen) {
    const uint8_t *m = f->map;
    if (f->size < HG_HEADER_SIZE) { hg_errf(err, errlen, "file too small for a .higgs header (%llu bytes)", (unsigned long long)f->size); return -1; }
    if (memcmp(m, HG_MAGIC, 8)) { hg_errf(err, errlen, "not a .higgs file (bad magic)"); return -1; }
    hg_rd r = {m, HG_HEADER_SIZE, 8, 0};
    uint32_t version = hg_rd_u32(&r), header_size = hg_rd_u32(&r);
    f->meta_size = hg_rd_u64(&r);
    f->data_offset = hg_rd_u64(&r);
    f->data_size = hg_rd_u64(&r);
    f->meta_crc = hg_rd_u32(&r);
    f->data_crc = hg_rd_u32(&r);
    uint32_t n_tensors = hg_rd_u32(&r);
    if (version != HG_VERSION) { hg_errf(err, errlen, "unsupported .higgs version %u (this build reads %d)", version, HG_VERSION); return -1; }
    if (header_size != HG_HEADER_SIZE) { hg_errf(err, errlen, "bad header size %u", header_size); return -1; }
    if (f->meta_size > f->size - HG_HEADER_SIZE) { hg_errf(err, errlen, "file truncated: meta block of %llu bytes does not fit", (unsigned long long)f->meta_size); return -1; }
    if (f->data_offset % HG_ALIGN || f->data_offset < HG_HEADER_SIZE + f->meta_size || f->data_offset > f->size ||
        f->data_size != f->size - f->data_offset) {
        hg_errf(err, errlen, "file truncated or corrupt: data at %llu + %llu bytes, file is %llu bytes",
                (unsigned long long)f->data_offset, (unsigned long long)f->data_size, (unsigned long long)f->size);
        return -1;
    }
    uint8_t head[HG_HEADER_SIZE];
    memcpy(head, m, HG_HEADER_SIZE);
    memset(head + 40, 0, 8);
    uint32_t crc = hg_crc32(hg_crc32(0, head, HG_HEADER_SIZE), m + HG_HEADER_SIZE, f->meta_size);
    if (crc != f->meta_crc) { hg_errf(err, errlen, "header/metadata checksum mismatch (file corrupt)"); return -1; }

    hg_rd s = {m + HG_HEADER_SIZE, f->meta_size, 0, 0};
    const uint8_t *tdir = NULL;
    uint64_t tdir_size = 0;
    while (s.pos < s.n) {
        const uint8_t *tag = hg_rd_bytes(&s, 4);
        hg_rd_u32(&s);
        uint64_t len = hg_rd_u64(&s);
        const uint8_t *payload = hg_rd_bytes(&s, len);
        if (s.bad || !tag || !payload) { hg_errf(err, errlen, "meta block truncated"); return -1; }
        const uint8_t **slot = NULL;
        uint64_t *slot_size = NULL;
        if (!memcmp(tag, "CONF", 4)) { slot = &f->conf; slot_size = &f->conf_size; }
        else if (!memcmp(tag, "TOKN", 4)) { slot = &f->tok; slot_size = &f->tok_size; }
        else if (!memcmp(tag, "KVMD", 4)) { slot = &f->kv; slot_size = &f->kv_size; }
        else if (!memcmp(tag, "TDIR", 4)) { slot = &tdir; slot_size = &tdir_size; }
        if (!slot) continue;          /* unknown section: skip */
        if (*slot) { hg_errf(err, errlen, "section %.4s appears twice", (const char *)tag); return -1; }
        *slot = payload;
        *slot_size = len;
    }
    if (!f->conf || !f->tok || !tdir) { hg_errf(err, errlen, "missing section %s", !f->conf ? "CONF" : !f->tok ? "TOKN" : "TDIR"); return -1; }
    if (hg_config_parse(&f->cfg, f->conf, f->conf_size, err, errlen)) return -1;
    return hg_parse_tdir(f, tdir, tdir_size, n_tensors, err, errlen);
}

/* the whole file into anonymous memory (huge pages where allowed); NULL on failure */
static void *hg_read_copy(int fd, uint64_t size, char *err, size_t errlen, const char *path) {
    void *mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) { hg_errf(err, errlen, "cannot allocate %llu bytes for %s", (unsigned long long)size, path); return NULL; }
#ifdef MADV_HUGEPAGE
    madvise(mem, size, MADV_HUGEPAGE);
#endif
    uint64_t got = 0;
    while (got < size) {
        size_t want = size - got < (1u << 30) ? (size_t)(size - got) : (size_t)1 << 30;
        ssize_t r = read(fd, (uint8_t *)mem + got, want);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            hg_errf(err, errlen, "cannot read %s: %s", path, r < 0 ? strerror(errno) : "file shrank while reading");
            munmap(mem, size);
            return NULL;
        }
        got += (uint64_t)r;
    }
    return mem;
}

int hg_open(hg_file *f, const char *path, char *err, size_t errlen) { return hg_open_ex(f, path, 0, err, errlen); }

int hg_open_ex(hg_file *f, const char *path, int flags, char *err, size_t errlen) {
    memset(f, 0, sizeof *f);
    int fd = open(path, O_RDONLY);
    if (fd < 0) { hg_errf(err, errlen, "cannot open %s: %s", path, strerror(errno)); return -1; }
    struct stat st;
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        hg_errf(err, errlen, "%s is not a regular file", path);
        close(fd);
        return -1;
    }
    if (st.st_size == 0) { hg_errf(err, errlen, "%s is empty", path); close(fd); return -1; }
    f->size = (uint64_t)st.st_size;
    void *map;
    if (flags & HG_OPEN_COPY) {
        map = hg_read_copy(fd, f->size, err, errlen, path);
        close(fd);
        if (!map) return -1;
        f->copied = 1;
    } else {
        map = mmap(NULL, f->size, PROT_READ, MAP_PRIVATE, fd, 0);
        close(fd);
        if (map == MAP_FAILED) { hg_errf(err, errlen, "cannot mmap %s: %s", path, strerror(errno)); return -1; }
    }
    f->map = (uint8_t *)map;
    char msg[400];
    if (hg_parse(f, msg, sizeof msg)) {
        hg_errf(err, errlen, "%s: %s", path, msg);
        hg_close(f);
        return -1;
    }
    return 0;
}

void hg_close(hg_file *f) {
    if (f->map) munmap(f->map, f->size);
    free(f->tensors);
    memset(f, 0, sizeof *f);
}

void hg_release(const hg_file *f, const void *p, uint64_t n) {
    if (f->copied) return;     /* anonymous memory: dropping it would lose the data */
    uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t start = (uint64_t)((const uint8_t *)p - f->map), end = start + n;
    start = (start + page - 1) / page * page;        /* whole pages inside the range only */
    end = end >= f->size ? (f->size + page - 1) / page * page : end / page * page;
    if (end > start) madvise(f->map + start, end - start, MADV_DONTNEED);
}

/* the data CRC in 64 MiB steps, releasing each step: checking a 7B file needs no 7B of RAM */
int hg_verify_data(const hg_file *f) {
    uint32_t crc = 0;
    const uint64_t step = 64ull << 20;
    for (uint64_t off = 0; off < f->data_size; off += step) {
        uint64_t n = f->data_size - off < step ? f->data_size - off : step;
        crc = hg_crc32(crc, f->map + f->data_offset + off, n);
        hg_release(f, f->map + f->data_offset + off, n);
    }
    return crc == f->data_crc;
}

const hg_tensor *hg_find(const hg_file *f, const char *name) {
    for (int i = 0; i < f->n_tensors; i++)
        if (!strcmp(f->tensors[i].name, name)) return &f->tensors[i];
    return NULL;
}

/* ---------------------------------------------------------------- writer */

int hg_writer_begin(hg_writer *w, const char *path, char *err, size_t errlen) {
    memset(w, 0, sizeof *w);
    if (strlen(path) >= sizeof w->path) { hg_errf(err, errlen, "output path too long"); return -1; }
    strcpy(w->path, path);
    snprintf(w->tmp_path, sizeof w->tmp_path, "%s.tmp.%ld", path, (long)getpid());
    w->fp = fopen(w->tmp_path, "wb");
    if (!w->fp) { hg_errf(err, errlen, "cannot create %s: %s", w->tmp_path, strerror(errno)); return -1; }
    return 0;
}

int hg_writer_add_tensor(hg_writer *w, const char *name, uint32_t type, uint32_t ndim,
                         const uint64_t shape[4], const uint32_t params[4]) {
    if (w->n_tensors == w->cap) {
        int cap = w->cap ? 2 * w->cap : 64;
        hg_tensor *t = (hg_tensor *)realloc(w->tensors, (size_t)cap * sizeof *t);
        if (!t) return -1;
        w->tensors = t;
        w->cap = cap;
    }
    hg_tensor *t = &w->tensors[w->n_tensors];
    memset(t, 0, sizeof *t);
    size_t len = strlen(name);
    if (len == 0 || len > HG_MAX_NAME || ndim < 1 || ndim > 2) return -1;
    memcpy(t->name, name, len + 1);
    t->type = type;
    t->ndim = ndim;
    for (int k = 0; k < 4; k++) t->shape[k] = k < (int)ndim ? shape[k] : 1;
    for (int k = 0; k < 4; k++) t->params[k] = params ? params[k] : 0;
    t->rows = ndim == 2 ? shape[0] : 1;
    t->cols = ndim == 2 ? shape[1] : shape[0];
    t->nbytes = hg_tensor_bytes(type, t->params, t->rows, t->cols);
    if (!t->nbytes) return -1;
    w->n_tensors++;
    return 0;
}

static void hg_section(uint8_t *p, uint64_t *pos, const char tag[4], const uint8_t *payload, uint64_t len) {
    memcpy(p + *pos, tag, 4);
    hg_put_u32(p + *pos + 4, 0);
    hg_put_u64(p + *pos + 8, len);
    if (len) memcpy(p + *pos + 16, payload, len);
    *pos += 16 + len;
}

int hg_writer_layout(hg_writer *w, const uint8_t conf[HG_CONF_SIZE], const uint8_t *tok, uint64_t tok_size,
                     const uint8_t *kv, uint64_t kv_size) {
    uint64_t tdir_size = 0, off = 0;
    for (int i = 0; i < w->n_tensors; i++) {
        hg_tensor *t = &w->tensors[i];
        tdir_size += 2 + strlen(t->name) + 4 + 4 + 32 + 16 + 8 + 8;
        t->offset = off;
        off += (t->nbytes + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    }
    w->data_size = off;
    w->meta_size = 16 + HG_CONF_SIZE + 16 + tok_size + (kv ? 16 + kv_size : 0) + 16 + tdir_size;
    w->data_offset = (HG_HEADER_SIZE + w->meta_size + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    w->meta = (uint8_t *)calloc(1, w->data_offset);
    uint8_t *tdir = (uint8_t *)malloc(tdir_size ? tdir_size : 1);
    if (!w->meta || !tdir) { free(tdir); return -1; }
    uint64_t p = 0;
    for (int i = 0; i < w->n_tensors; i++) {
        hg_tensor *t = &w->tensors[i];
        uint16_t len = (uint16_t)strlen(t->name);
        tdir[p] = (uint8_t)len; tdir[p + 1] = (uint8_t)(len >> 8); p += 2;
        memcpy(tdir + p, t->name, len); p += len;
        hg_put_u32(tdir + p, t->type); p += 4;
        hg_put_u32(tdir + p, t->ndim); p += 4;
        for (int k = 0; k < 4; k++) { hg_put_u64(tdir + p, t->shape[k]); p += 8; }
        for (int k = 0; k < 4; k++) { hg_put_u32(tdir + p, t->params[k]); p += 4; }
        hg_put_u64(tdir + p, t->offset); p += 8;
        hg_put_u64(tdir + p, t->nbytes); p += 8;
    }
    uint8_t *m = w->meta;
    memcpy(m, HG_MAGIC, 8);
    hg_put_u32(m + 8, HG_VERSION);
    hg_put_u32(m + 12, HG_HEADER_SIZE);
    hg_put_u64(m + 16, w->meta_size);
    hg_put_u64(m + 24, w->data_offset);
    hg_put_u64(m + 32, w->data_size);
    hg_put_u32(m + 48, (uint32_t)w->n_tensors);
    uint64_t pos = HG_HEADER_SIZE;
    hg_section(m, &pos, "CONF", conf, HG_CONF_SIZE);
    hg_section(m, &pos, "TOKN", tok, tok_size);
    if (kv) hg_section(m, &pos, "KVMD", kv, kv_size);
    hg_section(m, &pos, "TDIR", tdir, tdir_size);
    free(tdir);
    hg_put_u32(m + 40, hg_crc32(0, m, HG_HEADER_SIZE + w->meta_size));
    /* header is rewritten with data_crc at the end; reserve its space now */
    if (fwrite(m, 1, w->data_offset, (FILE *)w->fp) != w->data_offset) return -1;
    w->data_crc = 0;
    return 0;
}

int hg_writer_write_data(hg_writer *w, const void *data, uint64_t nbytes) {
    static const uint8_t zeros[HG_ALIGN];
    if (w->next_data >= w->n_tensors || w->tensors[w->next_data].nbytes != nbytes) return -1;
    FILE *fp = (FILE *)w->fp;
    if (fwrite(data, 1, nbytes, fp) != nbytes) return -1;
    w->data_crc = hg_crc32(w->data_crc, data, nbytes);
    uint64_t pad = (HG_ALIGN - nbytes % HG_ALIGN) % HG_ALIGN;
    if (pad && fwrite(zeros, 1, pad, fp) != pad) return -1;
    w->data_crc = hg_crc32(w->data_crc, zeros, pad);
    w->next_data++;
    return 0;
}

int hg_writer_finish(hg_writer *w, char *err, size_t errlen) {
    FILE *fp = (FILE *)w->fp;
    if (w->next_data != w->n_tensors) { hg_errf(err, errlen, "internal: %d of %d tensors written", w->next_data, w->n_tensors); goto fail; }
    uint8_t crc[4];
    hg_put_u32(crc, w->data_crc);
    if (fflush(fp) || fseek(fp, 44, SEEK_SET) || fwrite(crc, 1, 4, fp) != 4 || fflush(fp) || fsync(fileno(fp))) {
        hg_errf(err, errlen, "writing %s: %s", w->tmp_path, strerror(errno));
        goto fail;
    }
    if (fclose(fp)) { w->fp = NULL; hg_errf(err, errlen, "writing %s: %s", w->tmp_path, strerror(errno)); goto fail; }
    w->fp = NULL;
    if (rename(w->tmp_path, w->path)) { hg_errf(err, errlen, "rename to %s: %s", w->path, strerror(errno)); goto fail; }
    free(w->tensors); free(w->meta);
    w->tensors = NULL; w->meta = NULL;
    return 0;
fail:
    hg_writer_abort(w);
    return -1;
}

void hg_writer_abort(hg_writer *w) {
    if (w->fp) fclose((FILE *)w->fp);
    w->fp = NULL;
    if (w->tmp_path[0]) unlink(w->tmp_path);
    free(w->tensors); free(w->meta);
    w->tensors = NULL; w->meta = NULL;
}

/* --------------------------------------------------------------- kernels */
/* Each dot product has a scalar reference (_ref) with four accumulators, so
 * the compiler can pipeline it without -ffast-math, and one SIMD path picked
 * at compile time. Tests check that both agree. */

float hg_dot_f32_ref(const float *w, const float *x, int n) {
    float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        a0 += w[i] * x[i]; a1 += w[i + 1] * x[i + 1];
        a2 += w[i + 2] * x[i + 2]; a3 += w[i + 3] * x[i + 3];
    }
    for (; i < n; i++) a0 += w[i] * x[i];
    return (a0 + a1) + (a2 + a3);
}

float hg_dot_f16_ref(const uint16_t *w, const float *x, int n) {
    float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        a0 += hg_f16_to_f32(w[i]) * x[i]; a1 += hg_f16_to_f32(w[i + 1]) * x[i + 1];
        a2 += hg_f16_to_f32(w[i + 2]) * x[i + 2]; a3 += hg_f16_to_f32(w[i + 3]) * x[i + 3];
    }
    for (; i < n; i++) a0 += hg_f16_to_f32(w[i]) * x[i];
    return (a0 + a1) + (a2 + a3);
}

float hg_dot_bf16_ref(const uint16_t *w, const float *x, int n) {
    float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        a0 += hg_bf16_to_f32(w[i]) * x[i]; a1 += hg_bf16_to_f32(w[i + 1]) * x[i + 1];
        a2 += hg_bf16_to_f32(w[i + 2]) * x[i + 2]; a3 += hg_bf16_to_f32(w[i + 3]) * x[i + 3];
    }
    for (; i < n; i++) a0 += hg_bf16_to_f32(w[i]) * x[i];
    return (a0 + a1) + (a2 + a3);
}

#if defined(HG_AVX512)
const char *hg_simd_name(void) { return "avx512"; }
static inline float hg_hsum512(__m512 v) { return _mm512_reduce_add_ps(v); }
float hg_dot_f32(const float *w, const float *x, int n) {
    __m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps();
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        a0 = _mm512_fmadd_ps(_mm512_loadu_ps(w + i), _mm512_loadu_ps(x + i), a0);
        a1 = _mm512_fmadd_ps(_mm512_loadu_ps(w + i + 16), _mm512_loadu_ps(x + i + 16), a1);
    }
    for (; i + 16 <= n; i += 16) a0 = _mm512_fmadd_ps(_mm512_loadu_ps(w + i), _mm512_loadu_ps(x + i), a0);
    float s = hg_hsum512(_mm512_add_ps(a0, a1));
    for (; i < n; i++) s += w[i] * x[i];
    return s;
}
float hg_dot_f16(const uint16_t *w, const float *x, int n) {
    __m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps();
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        a0 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(w + i))), _mm512_loadu_ps(x + i), a0);
        a1 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(w + i + 16))), _mm512_loadu_ps(x + i + 16), a1);
    }
    for (; i + 16 <= n; i += 16)
        a0 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(w + i))), _mm512_loadu_ps(x + i), a0);
    float s = hg_hsum512(_mm512_add_ps(a0, a1));
    for (; i < n; i++) s += hg_f16_to_f32(w[i]) * x[i];
    return s;
}
/* hg_dot_f16 of two rows at once, each row's sums in hg_dot_f16's order */
static void hg_dot2_f16(const uint16_t *w, const uint16_t *v, const float *x, int n, float *yw, float *yv) {
    __m512 a0 = _mm512_setzero_ps(), a1 = a0, b0 = a0, b1 = a0;
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        __m512 x0 = _mm512_loadu_ps(x + i), x1 = _mm512_loadu_ps(x + i + 16);
        a0 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(w + i))), x0, a0);
        a1 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(w + i + 16))), x1, a1);
        b0 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(v + i))), x0, b0);
        b1 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(v + i + 16))), x1, b1);
    }
    for (; i + 16 <= n; i += 16) {
        __m512 x0 = _mm512_loadu_ps(x + i);
        a0 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(w + i))), x0, a0);
        b0 = _mm512_fmadd_ps(_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(v + i))), x0, b0);
    }
    float s = hg_hsum512(_mm512_add_ps(a0, a1)), t = hg_hsum512(_mm512_add_ps(b0, b1));
    for (; i < n; i++) {
        s += hg_f16_to_f32(w[i]) * x[i];
        t += hg_f16_to_f32(v[i]) * x[i];
    }
    *yw = s;
    *yv = t;
}
#define HG_DOT2_F16 1
static inline __m512 hg_bf16x16(const uint16_t *p) {
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)p)), 16));
}
float hg_dot_bf16(const uint16_t *w, const float *x, int n) {
    __m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps();
    int i = 0;
    for (; i + 32 <= n; i += 32) {
        a0 = _mm512_fmadd_ps(hg_bf16x16(w + i), _mm512_loadu_ps(x + i), a0);
        a1 = _mm512_fmadd_ps(hg_bf16x16(w + i + 16), _mm512_loadu_ps(x + i + 16), a1);
    }
    for (; i + 16 <= n; i += 16) a0 = _mm512_fmadd_ps(hg_bf16x16(w + i), _mm512_loadu_ps(x + i), a0);
    float s = hg_hsum512(_mm512_add_ps(a0, a1));
    for (; i < n; i++) s += hg_bf16_to_f32(w[i]) * x[i];
    return s;
}
#elif defined(HG_F16C)
const char *hg_simd_name(void) { return "avx2"; }
static inline float hg_hsum256(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
    return _mm_cvtss_f32(s);
}
float hg_dot_f32(const float *w, const float *x, int n) {
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w + i), _mm256_loadu_ps(x + i), a0);
        a1 = _mm256_fmadd_ps(_mm256_loadu_ps(w + i + 8), _mm256_loadu_ps(x + i + 8), a1);
    }
    for (; i + 8 <= n; i += 8) a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w + i), _mm256_loadu_ps(x + i), a0);
    float s = hg_hsum256(_mm256_add_ps(a0, a1));
    for (; i < n; i++) s += w[i] * x[i];
    return s;
}
float hg_dot_f16(const uint16_t *w, const float *x, int n) {
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        a0 = _mm256_fmadd_ps(_mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(w + i))), _mm256_loadu_ps(x + i), a0);
        a1 = _mm256_fmadd_ps(_mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(w + i + 8))), _mm256_loadu_ps(x + i + 8), a1);
    }
    for (; i + 8 <= n; i += 8)
        a0 = _mm256_fmadd_ps(_mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(w + i))), _mm256_loadu_ps(x + i), a0);
    float s = hg_hsum256(_mm256_add_ps(a0, a1));
    for (; i < n; i++) s += hg_f16_to_f32(w[i]) * x[i];
    return s;
}
static inline __m256 hg_bf16x8(const uint16_t *p) {
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p)), 16));
}
float hg_dot_bf16(const uint16_t *w, const float *x, int n) {
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        a0 = _mm256_fmadd_ps(hg_bf16x8(w + i), _mm256_loadu_ps(x + i), a0);
        a1 = _mm256_fmadd_ps(hg_bf16x8(w + i + 8), _mm256_loadu_ps(x + i + 8), a1);
    }
    for (; i + 8 <= n; i += 8) a0 = _mm256_fmadd_ps(hg_bf16x8(w + i), _mm256_loadu_ps(x + i), a0);
    float s = hg_hsum256(_mm256_add_ps(a0, a1));
    for (; i < n; i++) s += hg_bf16_to_f32(w[i]) * x[i];
    return s;
}
#elif defined(HG_NEON)
const char *hg_simd_name(void) {
#if defined(HG_NEON_DOTPROD)
    return "neon+dotprod";
#else
    return "neon";
#endif
}
float hg_dot_f32(const float *w, const float *x, int n) {
    float32x4_t a0 = vdupq_n_f32(0), a1 = vdupq_n_f32(0);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        a0 = vfmaq_f32(a0, vld1q_f32(w + i), vld1q_f32(x + i));
        a1 = vfmaq_f32(a1, vld1q_f32(w + i + 4), vld1q_f32(x + i + 4));
    }
    float s = vaddvq_f32(vaddq_f32(a0, a1));
    for (; i < n; i++) s += w[i] * x[i];
    return s;
}
float hg_dot_f16(const uint16_t *w, const float *x, int n) {
    float32x4_t a0 = vdupq_n_f32(0), a1 = vdupq_n_f32(0);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        float16x8_t h = vreinterpretq_f16_u16(vld1q_u16(w + i));
        a0 = vfmaq_f32(a0, vcvt_f32_f16(vget_low_f16(h)), vld1q_f32(x + i));
        a1 = vfmaq_f32(a1, vcvt_high_f32_f16(h), vld1q_f32(x + i + 4));
    }
    float s = vaddvq_f32(vaddq_f32(a0, a1));
    for (; i < n; i++) s += hg_f16_to_f32(w[i]) * x[i];
    return s;
}
float hg_dot_bf16(const uint16_t *w, const float *x, int n) {
    float32x4_t a0 = vdupq_n_f32(0), a1 = vdupq_n_f32(0);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        uint16x8_t h = vld1q_u16(w + i);
        a0 = vfmaq_f32(a0, vreinterpretq_f32_u32(vshll_n_u16(vget_low_u16(h), 16)), vld1q_f32(x + i));
        a1 = vfmaq_f32(a1, vreinterpretq_f32_u32(vshll_n_u16(vget_high_u16(h), 16)), vld1q_f32(x + i + 4));
    }
    float s = vaddvq_f32(vaddq_f32(a0, a1));
    for (; i < n; i++) s += hg_bf16_to_f32(w[i]) * x[i];
    return s;
}
#else
const char *hg_simd_name(void) { return "scalar"; }
float hg_dot_f32(const float *w, const float *x, int n) { return hg_dot_f32_ref(w, x, n); }
float hg_dot_f16(const uint16_t *w, const float *x, int n) { return hg_dot_f16_ref(w, x, n); }
float hg_dot_bf16(const uint16_t *w, const float *x, int n) { return hg_dot_bf16_ref(w, x, n); }
#endif

void hg_dot4_f32(const float *w, const float *x, size_t stride, int n, float out[4]) {
    const float *x0 = x, *x1 = x + stride, *x2 = x + 2 * stride, *x3 = x + 3 * stride;
    int i = 0;
#if defined(HG_AVX512)
    __m512 a0 = _mm512_setzero_ps(), a1 = _mm512_setzero_ps(), a2 = _mm512_setzero_ps(), a3 = _mm512_setzero_ps();
    for (; i + 16 <= n; i += 16) {
        __m512 wv = _mm512_loadu_ps(w + i);
        a0 = _mm512_fmadd_ps(wv, _mm512_loadu_ps(x0 + i), a0);
        a1 = _mm512_fmadd_ps(wv, _mm512_loadu_ps(x1 + i), a1);
        a2 = _mm512_fmadd_ps(wv, _mm512_loadu_ps(x2 + i), a2);
        a3 = _mm512_fmadd_ps(wv, _mm512_loadu_ps(x3 + i), a3);
    }
    out[0] = _mm512_reduce_add_ps(a0); out[1] = _mm512_reduce_add_ps(a1);
    out[2] = _mm512_reduce_add_ps(a2); out[3] = _mm512_reduce_add_ps(a3);
#elif defined(HG_AVX2)
    __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps(), a2 = _mm256_setzero_ps(), a3 = _mm256_setzero_ps();
    for (; i + 8 <= n; i += 8) {
        __m256 wv = _mm256_loadu_ps(w + i);
        a0 = _mm256_fmadd_ps(wv, _mm256_loadu_ps(x0 + i), a0);
        a1 = _mm256_fmadd_ps(wv, _mm256_loadu_ps(x1 + i), a1);
        a2 = _mm256_fmadd_ps(wv, _mm256_loadu_ps(x2 + i), a2);
        a3 = _mm256_fmadd_ps(wv, _mm256_loadu_ps(x3 + i), a3);
    }
    out[0] = hg_hsum256(a0); out[1] = hg_hsum256(a1); out[2] = hg_hsum256(a2); out[3] = hg_hsum256(a3);
#elif defined(HG_NEON)
    float32x4_t a0 = vdupq_n_f32(0), a1 = vdupq_n_f32(0), a2 = vdupq_n_f32(0), a3 = vdupq_n_f32(0);
    for (; i + 4 <= n; i += 4) {
        float32x4_t wv = vld1q_f32(w + i);
        a0 = vfmaq_f32(a0, wv, vld1q_f32(x0 + i)); a1 = vfmaq_f32(a1, wv, vld1q_f32(x1 + i));
        a2 = vfmaq_f32(a2, wv, vld1q_f32(x2 + i)); a3 = vfmaq_f32(a3, wv, vld1q_f32(x3 + i));
    }
    out[0] = vaddvq_f32(a0); out[1] = vaddvq_f32(a1); out[2] = vaddvq_f32(a2); out[3] = vaddvq_f32(a3);
#else
    out[0] = out[1] = out[2] = out[3] = 0;
#endif
    for (; i < n; i++) {
        out[0] += w[i] * x0[i]; out[1] += w[i] * x1[i]; out[2] += w[i] * x2[i]; out[3] += w[i] * x3[i];
    }
}

static float hg_dot_row(const hg_tensor *w, int r, const float *x) {
    int n = (int)w->cols;
    const uint8_t *row = w->data + (uint64_t)r * w->row_bytes;
    switch (w->type) {
    case HG_F32: return hg_dot_f32((const float *)row, x, n);
    case HG_F16: return hg_dot_f16((const uint16_t *)row, x, n);
    case HG_BF16: return hg_dot_bf16((const uint16_t *)row, x, n);
    default: return 0;
    }
}

void hg_matvec_rows(float *out, const float *x, const hg_tensor *w, int row0, int row1) {
    for (int r = row0; r < row1; r++) out[r] = hg_dot_row(w, r, x);
}

int hg_matvec_pairs(const hg_tensor *w) {
#ifdef HG_DOT2_F16
    return w->type == HG_F16;
#else
    (void)w;
    return 0;
#endif
}

void hg_matvec_rows2(float *out0, const hg_tensor *w0, int row0, float *out1, const hg_tensor *w1, int row1, int n,
                     const float *x) {
#ifdef HG_DOT2_F16
    if (w0->type == HG_F16 && w1->type == HG_F16 && w0->cols == w1->cols) {
        for (int i = 0; i < n; i++)
            hg_dot2_f16((const uint16_t *)(w0->data + (uint64_t)(row0 + i) * w0->row_bytes),
                        (const uint16_t *)(w1->data + (uint64_t)(row1 + i) * w1->row_bytes), x, (int)w0->cols, &out0[i],
                        &out1[i]);
        return;
    }
#endif
    for (int i = 0; i < n; i++) {
        out0[i] = hg_dot_row(w0, row0 + i, x);
        out1[i] = hg_dot_row(w1, row1 + i, x);
    }
}

/* whole rows of halves / bfloat16 to float: the batched prompt path decodes every weight row once
 * per batch, so this must run at memory speed, not one branchy scalar conversion at a time */
static void hg_f16_row(float *out, const uint16_t *h, uint64_t n) {
    uint64_t i = 0;
#if defined(HG_AVX512)
    for (; i + 16 <= n; i += 16) _mm512_storeu_ps(out + i, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)(h + i))));
#elif defined(HG_F16C)
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(h + i))));
#elif defined(HG_NEON)
    for (; i + 4 <= n; i += 4) vst1q_f32(out + i, vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(h + i))));
#endif
    for (; i < n; i++) out[i] = hg_f16_to_f32(h[i]);
}

static void hg_bf16_row(float *out, const uint16_t *h, uint64_t n) {
    for (uint64_t i = 0; i < n; i++) {               /* a shift: compilers vectorise this loop */
        uint32_t bits = (uint32_t)h[i] << 16;
        memcpy(out + i, &bits, 4);
    }
}

void hg_dequant_row(float *out, const hg_tensor *w, int row) {
    const uint8_t *p = w->data + (uint64_t)row * w->row_bytes;
    if (w->type == HG_F32) { memcpy(out, p, w->cols * sizeof(float)); return; }
    if (w->type == HG_F16 && !((uintptr_t)p & 1)) { hg_f16_row(out, (const uint16_t *)p, w->cols); return; }
    if (w->type == HG_BF16 && !((uintptr_t)p & 1)) { hg_bf16_row(out, (const uint16_t *)p, w->cols); return; }
    for (uint64_t i = 0; i < w->cols; i++) {
        switch (w->type) {
        case HG_F32: { float f; memcpy(&f, p + 4 * i, 4); out[i] = f; break; }
        case HG_F16: { uint16_t h; memcpy(&h, p + 2 * i, 2); out[i] = hg_f16_to_f32(h); break; }
        case HG_BF16: { uint16_t h; memcpy(&h, p + 2 * i, 2); out[i] = hg_bf16_to_f32(h); break; }
        default: out[i] = 0; break;
        }
    }
}

/* Four rows times four tokens: hg_dot4_f32 reads one weight vector and four token vectors per
 * four FMAs and keeps four dependent FMA chains, so it waits on loads and latency. Here each weight
 * vector (converted in registers) and each token vector serve four products, sixteen independent
 * chains (AVX2: two rows per pass, eight chains, within its 16 registers). Every chain adds the same products in the same order as hg_dot4_f32 on the converted
 * row, so prompts give the same bits either way. */
static float hg_half_to_f32(const uint16_t *p, int bf16) {
    uint16_t h;
    memcpy(&h, p, 2);
    return bf16 ? hg_bf16_to_f32(h) : hg_f16_to_f32(h);
}
#if defined(HG_AVX512)
static inline __m512 hg_half16(const uint16_t *p, int bf16) {
    __m256i h = _mm256_loadu_si256((const __m256i *)p);
    return bf16 ? _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(h), 16)) : _mm512_cvtph_ps(h);
}
#elif defined(HG_F16C)
static inline __m256 hg_half8(const uint16_t *p, int bf16) {
    __m128i h = _mm_loadu_si128((const __m128i *)p);
    return bf16 ? _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16)) : _mm256_cvtph_ps(h);
}
#endif
void hg_dot4x4_half(const uint16_t *w, size_t wstride, uint32_t type, const float *x, size_t xstride, int n,
                    float *buf, float out[16]) {
    const int bf16 = type == HG_BF16;
#if defined(HG_AVX512)
    (void)buf;
    const uint16_t *w0 = w, *w1 = w + wstride, *w2 = w + 2 * wstride, *w3 = w + 3 * wstride;
    const float *x0 = x, *x1 = x + xstride, *x2 = x + 2 * xstride, *x3 = x + 3 * xstride;
    __m512 a00 = _mm512_setzero_ps(), a01 = a00, a02 = a00, a03 = a00, a10 = a00, a11 = a00, a12 = a00, a13 = a00;
    __m512 a20 = a00, a21 = a00, a22 = a00, a23 = a00, a30 = a00, a31 = a00, a32 = a00, a33 = a00;
    int i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m512 y0 = _mm512_loadu_ps(x0 + i), y1 = _mm512_loadu_ps(x1 + i), y2 = _mm512_loadu_ps(x2 + i),
                     y3 = _mm512_loadu_ps(x3 + i);
        __m512 v = hg_half16(w0 + i, bf16);
        a00 = _mm512_fmadd_ps(v, y0, a00); a01 = _mm512_fmadd_ps(v, y1, a01);
        a02 = _mm512_fmadd_ps(v, y2, a02); a03 = _mm512_fmadd_ps(v, y3, a03);
        v = hg_half16(w1 + i, bf16);
        a10 = _mm512_fmadd_ps(v, y0, a10); a11 = _mm512_fmadd_ps(v, y1, a11);
        a12 = _mm512_fmadd_ps(v, y2, a12); a13 = _mm512_fmadd_ps(v, y3, a13);
        v = hg_half16(w2 + i, bf16);
        a20 = _mm512_fmadd_ps(v, y0, a20); a21 = _mm512_fmadd_ps(v, y1, a21);
        a22 = _mm512_fmadd_ps(v, y2, a22); a23 = _mm512_fmadd_ps(v, y3, a23);
        v = hg_half16(w3 + i, bf16);
        a30 = _mm512_fmadd_ps(v, y0, a30); a31 = _mm512_fmadd_ps(v, y1, a31);
        a32 = _mm512_fmadd_ps(v, y2, a32); a33 = _mm512_fmadd_ps(v, y3, a33);
    }
    const __m512 acc[16] = {a00, a01, a02, a03, a10, a11, a12, a13, a20, a21, a22, a23, a30, a31, a32, a33};
    for (int k = 0; k < 16; k++) out[k] = _mm512_reduce_add_ps(acc[k]);
    for (int r = 0; r < 4; r++)          /* the tail, as hg_dot4_f32 adds it */
        for (int j = i; j < n; j++) {
            const float wj = hg_half_to_f32(w + (size_t)r * wstride + j, bf16);
            out[4 * r] += wj * x0[j]; out[4 * r + 1] += wj * x1[j];
            out[4 * r + 2] += wj * x2[j]; out[4 * r + 3] += wj * x3[j];
        }
#elif defined(HG_F16C)
    (void)buf;                           /* two rows per pass: 8 accumulators + 6 operands fit 16 ymm */
    const float *x0 = x, *x1 = x + xstride, *x2 = x + 2 * xstride, *x3 = x + 3 * xstride;
    for (int r = 0; r < 4; r += 2) {
        const uint16_t *wa = w + (size_t)r * wstride, *wb = wa + wstride;
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0, b0 = a0, b1 = a0, b2 = a0, b3 = a0;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            const __m256 y0 = _mm256_loadu_ps(x0 + i), y1 = _mm256_loadu_ps(x1 + i), y2 = _mm256_loadu_ps(x2 + i),
                         y3 = _mm256_loadu_ps(x3 + i);
            const __m256 va = hg_half8(wa + i, bf16), vb = hg_half8(wb + i, bf16);
            a0 = _mm256_fmadd_ps(va, y0, a0); a1 = _mm256_fmadd_ps(va, y1, a1);
            a2 = _mm256_fmadd_ps(va, y2, a2); a3 = _mm256_fmadd_ps(va, y3, a3);
            b0 = _mm256_fmadd_ps(vb, y0, b0); b1 = _mm256_fmadd_ps(vb, y1, b1);
            b2 = _mm256_fmadd_ps(vb, y2, b2); b3 = _mm256_fmadd_ps(vb, y3, b3);
        }
        float *oa = out + 4 * r, *ob = oa + 4;
        oa[0] = hg_hsum256(a0); oa[1] = hg_hsum256(a1); oa[2] = hg_hsum256(a2); oa[3] = hg_hsum256(a3);
        ob[0] = hg_hsum256(b0); ob[1] = hg_hsum256(b1); ob[2] = hg_hsum256(b2); ob[3] = hg_hsum256(b3);
        for (; i < n; i++) {             /* the tail, as hg_dot4_f32 adds it */
            const float ua = hg_half_to_f32(wa + i, bf16), ub = hg_half_to_f32(wb + i, bf16);
            oa[0] += ua * x0[i]; oa[1] += ua * x1[i]; oa[2] += ua * x2[i]; oa[3] += ua * x3[i];
            ob[0] += ub * x0[i]; ob[1] += ub * x1[i]; ob[2] += ub * x2[i]; ob[3] += ub * x3[i];
        }
    }
#else
    for (int r = 0; r < 4; r++) {
        const uint16_t *row = w + (size_t)r * wstride;
        if (!((uintptr_t)row & 1)) {
            if (bf16) hg_bf16_row(buf, row, (uint64_t)n);
            else hg_f16_row(buf, row, (uint64_t)n);
        } else {
            for (int j = 0; j < n; j++) buf[j] = hg_half_to_f32(row + j, bf16);
        }
        hg_dot4_f32(buf, x, xstride, n, out + 4 * r);
    }
#endif
}

/* BEGIN grids (tools/grids_table.h, generated by tools/gen_grids.py; refresh with tools/embed_grids.sh) */
/* Generated by tools/gen_grids.py -- do not edit.
 *
 * MSE-optimal quantization grids for the standard Gaussian N(0, I_p).
 * p=1: exact Lloyd-Max quantizers, sorted ascending.
 * p=2: Lloyd (k-means) on a Gaussian-weighted lattice; points sorted by x,
 *      then by y; stored interleaved x0, y0, x1, y1, ...
 *
 * MSE per dimension, E|X - Q(X)|^2 / p for X ~ N(0, I_p):
 *   p=1 n=4   mse_per_dim = 0.1174818  (exact integral)
 *   p=1 n=8   mse_per_dim = 0.03454776  (exact integral)
 *   p=1 n=16  mse_per_dim = 0.009501008  (exact integral)
 *   p=1 n=32  mse_per_dim = 0.002504668  (exact integral)
 *   p=1 n=64  mse_per_dim = 0.0006442397  (exact integral)
 *   p=1 n=256 mse_per_dim = 4.118508e-05  (exact integral)
 *   p=2 n=16  mse_per_dim = 0.1076003  (lattice quadrature h=0.005, an upper bound; Monte Carlo 4M: 0.10775)
 *   p=2 n=64  mse_per_dim = 0.02966028  (lattice quadrature h=0.005, an upper bound; Monte Carlo 4M: 0.029721)
 *   p=2 n=256 mse_per_dim = 0.007739224  (lattice quadrature h=0.005, an upper bound; Monte Carlo 4M: 0.0077558)
 */
#ifndef HG_GRIDS_TABLE_H
#define HG_GRIDS_TABLE_H

static const float HG_GRID_P1_N4[4] = {
    -1.51041758f, -0.452780038f, 0.452780038f, 1.51041758f,
};

static const float HG_GRID_P1_N8[8] = {
    -2.15194559f, -1.34390926f, -0.756005287f, -0.24509418f,
    0.24509418f, 0.756005287f, 1.34390926f, 2.15194559f,
};

static const float HG_GRID_P1_N16[16] = {
    -2.73258948f, -2.06901717f, -1.6180464f, -1.25623119f,
    -0.942340434f, -0.656759143f, -0.388048291f, -0.128395036f,
    0.128395036f, 0.388048291f, 0.656759143f, 0.942340434f,
    1.25623119f, 1.6180464f, 2.06901717f, 2.73258948f,
};

static const float HG_GRID_P1_N32[32] = {
    -3.26073241f, -2.69111967f, -2.31773949f, -2.02872849f,
    -1.78723323f, -1.57622802f, -1.38634038f, -1.21180439f,
    -1.0487833f, -0.894565105f, -0.747135699f, -0.604933619f,
    -0.466699511f, -0.331378311f, -0.198051825f, -0.0658896565f,
    0.0658896565f, 0.198051825f, 0.331378311f, 0.466699511f,
    0.604933619f, 0.747135699f, 0.894565105f, 1.0487833f,
    1.21180439f, 1.38634038f, 1.57622802f, 1.78723323f,
    2.02872849f, 2.31773949f, 2.69111967f, 3.26073241f,
};

static const float HG_GRID_P1_N64[64] = {
    -3.74410129f, -3.24043703f, -2.9174068f, -2.67227387f,
    -2.47130489f, -2.29898119f, -2.14681029f, -2.00961113f,
    -1.88397729f, -1.76754189f, -1.65858889f, -1.55583119f,
    -1.45827639f, -1.36514103f, -1.27579451f, -1.18972015f,
    -1.10648823f, -1.02573633f, -0.947154939f, -0.870476604f,
    -0.795467675f, -0.721921921f, -0.649655581f, -0.578503013f,
    -0.508313775f, -0.438949674f, -0.37028265f, -0.302192837f,
    -0.234566987f, -0.167296901f, -0.100278288f, -0.0334095061f,
    0.0334095061f, 0.100278288f, 0.167296901f, 0.234566987f,
    0.302192837f, 0.37028265f, 0.438949674f, 0.508313775f,
    0.578503013f, 0.649655581f, 0.721921921f, 0.795467675f,
    0.870476604f, 0.947154939f, 1.02573633f, 1.10648823f,
    1.18972015f, 1.27579451f, 1.36514103f, 1.45827639f,
    1.55583119f, 1.65858889f, 1.76754189f, 1.88397729f,
    2.00961113f, 2.14681029f, 2.29898119f, 2.47130489f,
    2.67227387f, 2.9174068f, 3.24043703f, 3.74410129f,
};

static const float HG_GRID_P1_N256[256] = {
    -4.60353565f, -4.18659544f, -3.92563772f, -3.73166633f,
    -3.57558799f, -3.44407177f, -3.32984853f, -3.22850013f,
    -3.13713264f, -3.05374193f, -2.97688222f, -2.90547299f,
    -2.83868575f, -2.77587056f, -2.71650767f, -2.66017389f,
    -2.60652137f, -2.55525947f, -2.50614262f, -2.4589622f,
    -2.41353869f, -2.36971712f, -2.32736182f, -2.28635454f,
    -2.2465899f, -2.20797539f, -2.17042828f, -2.13387418f,
    -2.09824657f, -2.06348515f, -2.02953577f, -1.9963485f,
    -1.96387839f, -1.9320842f, -1.90092802f, -1.87037516f,
    -1.8403933f, -1.81095314f, -1.78202689f, -1.75358939f,
    -1.72561693f, -1.69808745f, -1.67098033f, -1.6442765f,
    -1.61795783f, -1.59200752f, -1.56640983f, -1.54114962f,
    -1.51621318f, -1.49158704f, -1.46725869f, -1.44321656f,
    -1.41944933f, -1.39594638f, -1.37269759f, -1.34969366f,
    -1.32692528f, -1.30438399f, -1.28206146f, -1.25994992f,
    -1.23804176f, -1.21632993f, -1.19480765f, -1.17346823f,
    -1.15230536f, -1.1313132f, -1.11048603f, -1.08981812f,
    -1.06930423f, -1.04893923f, -1.02871823f, -1.00863647f,
    -0.988689363f, -0.968872607f, -0.949181795f, -0.929612935f,
    -0.910162032f, -0.890825272f, -0.871598899f, -0.852479279f,
    -0.833463013f, -0.814546704f, -0.795727015f, -0.777000844f,
    -0.758365035f, -0.739816606f, -0.721352637f, -0.702970266f,
    -0.684666753f, -0.666439414f, -0.648285508f, -0.630202591f,
    -0.612188101f, -0.594239593f, -0.576354682f, -0.558531046f,
    -0.540766299f, -0.523058295f, -0.50540477f, -0.487803608f,
    -0.470252663f, -0.452749878f, -0.435293198f, -0.417880654f,
    -0.400510222f, -0.383179963f, -0.365888f, -0.348632425f,
    -0.331411391f, -0.314223051f, -0.297065586f, -0.279937238f,
    -0.262836218f, -0.245760784f, -0.228709206f, -0.211679757f,
    -0.194670752f, -0.177680492f, -0.160707325f, -0.143749565f,
    -0.126805589f, -0.10987372f, -0.0929523557f, -0.0760398582f,
    -0.0591346025f, -0.0422349833f, -0.0253393836f, -0.0084461933f,
    0.0084461933f, 0.0253393836f, 0.0422349833f, 0.0591346025f,
    0.0760398582f, 0.0929523557f, 0.10987372f, 0.126805589f,
    0.143749565f, 0.160707325f, 0.177680492f, 0.194670752f,
    0.211679757f, 0.228709206f, 0.245760784f, 0.262836218f,
    0.279937238f, 0.297065586f, 0.314223051f, 0.331411391f,
    0.348632425f, 0.365888f, 0.383179963f, 0.400510222f,
    0.417880654f, 0.435293198f, 0.452749878f, 0.470252663f,
    0.487803608f, 0.50540477f, 0.523058295f, 0.540766299f,
    0.558531046f, 0.576354682f, 0.594239593f, 0.612188101f,
    0.630202591f, 0.648285508f, 0.666439414f, 0.684666753f,
    0.702970266f, 0.721352637f, 0.739816606f, 0.758365035f,
    0.777000844f, 0.795727015f, 0.814546704f, 0.833463013f,
    0.852479279f, 0.871598899f, 0.890825272f, 0.910162032f,
    0.929612935f, 0.949181795f, 0.968872607f, 0.988689363f,
    1.00863647f, 1.02871823f, 1.04893923f, 1.06930423f,
    1.08981812f, 1.11048603f, 1.1313132f, 1.15230536f,
    1.17346823f, 1.19480765f, 1.21632993f, 1.23804176f,
    1.25994992f, 1.28206146f, 1.30438399f, 1.32692528f,
    1.34969366f, 1.37269759f, 1.39594638f, 1.41944933f,
    1.44321656f, 1.46725869f, 1.49158704f, 1.51621318f,
    1.54114962f, 1.56640983f, 1.59200752f, 1.61795783f,
    1.6442765f, 1.67098033f, 1.69808745f, 1.72561693f,
    1.75358939f, 1.78202689f, 1.81095314f, 1.8403933f,
    1.87037516f, 1.90092802f, 1.9320842f, 1.96387839f,
    1.9963485f, 2.02953577f, 2.06348515f, 2.09824657f,
    2.13387418f, 2.17042828f, 2.20797539f, 2.2465899f,
    2.28635454f, 2.32736182f, 2.36971712f, 2.41353869f,
    2.4589622f, 2.50614262f, 2.55525947f, 2.60652137f,
    2.66017389f, 2.71650767f, 2.77587056f, 2.83868575f,
    2.90547299f, 2.97688222f, 3.05374193f, 3.13713264f,
    3.22850013f, 3.32984853f, 3.44407177f, 3.57558799f,
    3.73166633f, 3.92563772f, 4.18659544f, 4.60353565f,
};

static const float HG_GRID_P2_N16[16 * 2] = {
    -1.80822074f, -0.458206087f, -1.65927792f, 0.855223954f, -1.19051516f, -1.60948217f,
    -0.885664523f, 0.103661351f, -0.797755182f, 1.83757675f, -0.569396734f, -0.766557574f,
    -0.378741831f, 0.878222942f, 0.000383310107f, 0.000572796969f, 0.0900466517f, -1.86465454f,
    0.354092509f, -0.818912148f, 0.509354591f, 1.79556632f, 0.533228636f, 0.715860784f,
    0.949425519f, -0.10984657f, 1.30111372f, -1.33799613f, 1.57114685f, 1.00987709f,
    1.9893049f, -0.227489486f,
};

static const float HG_GRID_P2_N64[64 * 2] = {
    -2.63760591f, -0.740919411f, -2.50405788f, 0.439887613f, -2.24061704f, 1.58465278f,
    -2.05708003f, -1.75910127f, -1.97098815f, -0.29432857f, -1.71835375f, 0.857004941f,
    -1.68213546f, -0.94644475f, -1.63111913f, 0.1913082f, -1.3607378f, 1.50312853f,
    -1.32307112f, -0.360529572f, -1.24517012f, -1.55400705f, -1.19863391f, 0.502915263f,
    -1.18159461f, 2.34200168f, -1.06785762f, -2.50773573f, -1.05428576f, -0.845452607f,
    -1.00266588f, 0.971897185f, -0.990291476f, 0.0480546169f, -0.748763919f, -0.383535564f,
    -0.72233355f, -1.27738404f, -0.701705635f, 1.47899735f, -0.692434371f, 0.486312479f,
    -0.5298388f, -1.89642835f, -0.489086837f, -0.801367164f, -0.481716365f, 0.0397403985f,
    -0.454066575f, 0.942355216f, -0.350352615f, 1.98765397f, -0.242645681f, -0.379347146f,
    -0.224054441f, 0.458938718f, -0.204854757f, -1.28022921f, -0.0812837631f, 1.39921713f,
    -0.0118961399f, 0.0235505048f, -0.0110468529f, 2.74416757f, 0.0170655083f, -0.804761529f,
    0.0363792889f, 0.887172937f, 0.106110916f, -1.8167659f, 0.188714549f, -2.6356883f,
    0.238060385f, 0.42066735f, 0.245475665f, -0.380607873f, 0.325456619f, -1.26463223f,
    0.399973273f, 1.90690184f, 0.463645339f, 0.0208802596f, 0.497127205f, 0.819893301f,
    0.499956965f, 1.30681241f, 0.531948507f, -0.779993474f, 0.749535024f, 0.439551651f,
    0.767515838f, -1.82189822f, 0.770127356f, -0.380556464f, 0.858066201f, -1.19279253f,
    0.948427498f, 0.0355132706f, 1.01390505f, 0.927856624f, 1.10368228f, 2.41312814f,
    1.11517155f, 1.54262125f, 1.16073692f, -0.732727706f, 1.31415451f, 0.415433377f,
    1.37929249f, -0.207326129f, 1.43092537f, -2.31201839f, 1.45394611f, -1.35595095f,
    1.65866268f, 0.943580389f, 1.82115233f, -0.652756333f, 1.90164196f, 0.169084907f,
    1.97207654f, 1.74623942f, 2.30082726f, -1.41754067f, 2.51978517f, 0.789496005f,
    2.62307119f, -0.31492269f,
};

static const float HG_GRID_P2_N256[256 * 2] = {
    -3.29747462f, 0.762366354f, -3.27062511f, -0.274582982f, -3.10969925f, -1.21927094f,
    -2.84361291f, 1.75799274f, -2.72208452f, 0.291649789f, -2.62936735f, -2.05339813f,
    -2.61842942f, -0.269348383f, -2.59981465f, 0.908594847f, -2.57912302f, -0.810569227f,
    -2.35098314f, -1.36983454f, -2.28296375f, 1.35833228f, -2.26092958f, 0.0282276589f,
    -2.2441268f, 0.510318756f, -2.2001195f, -0.481134832f, -2.07878256f, 2.65959048f,
    -2.07555962f, -0.949332178f, -2.06045008f, 0.947176039f, -2.05898428f, 1.85536337f,
    -1.97325504f, -1.83176267f, -1.9335885f, -0.204279512f, -1.93205392f, 0.238460034f,
    -1.91452718f, -2.63776207f, -1.8388114f, -0.629931152f, -1.83552277f, 0.635839283f,
    -1.81908929f, -1.35071504f, -1.80398262f, 1.35881042f, -1.68088567f, 0.00954826456f,
    -1.65800393f, -0.987110674f, -1.64821112f, 0.996123433f, -1.63308966f, -0.373575032f,
    -1.61664891f, 0.385025531f, -1.59770501f, 2.15027595f, -1.52723122f, -2.12863708f,
    -1.51894248f, 1.68923879f, -1.49089444f, -0.685046256f, -1.48677611f, -1.66528845f,
    -1.47929072f, 0.700268865f, -1.43093956f, -0.168059528f, -1.42599237f, 0.170246586f,
    -1.39807284f, -1.28592587f, -1.3943584f, 1.30611849f, -1.30649531f, -0.435299814f,
    -1.30268633f, 0.446478933f, -1.30060768f, -0.966537595f, -1.29363596f, 0.987630308f,
    -1.23399258f, 0.00298675243f, -1.21266854f, 2.54492211f, -1.17082608f, -0.685131788f,
    -1.16410148f, 0.69999814f, -1.14476168f, -3.12874794f, -1.13724804f, 1.99009585f,
    -1.12723136f, -0.221438617f, -1.12694728f, 0.230889037f, -1.12364757f, 1.58411908f,
    -1.10840416f, -1.54613864f, -1.10720479f, -2.44652963f, -1.09839201f, -1.93768728f,
    -1.04427266f, -1.20839155f, -1.04355204f, 1.23765194f, -1.02104712f, 3.30981779f,
    -1.00728464f, 0.446625888f, -1.00680804f, -0.436544597f, -0.99651438f, 0.942956865f,
    -0.995681524f, -0.92518568f, -0.979834259f, 0.00249384018f, -0.886389196f, -0.651373506f,
    -0.885358632f, 0.660422981f, -0.852099836f, 0.217548415f, -0.85138905f, -0.215483859f,
    -0.8055619f, 1.45508349f, -0.800720692f, -1.42395222f, -0.778264999f, 1.80774641f,
    -0.757275939f, -1.76822078f, -0.747730315f, 0.866678894f, -0.744760036f, -0.85601002f,
    -0.739507616f, 0.428322345f, -0.738258064f, -0.427751541f, -0.736431301f, 2.22634006f,
    -0.729904056f, 1.12411118f, -0.724684477f, 0.000315425801f, -0.720555007f, -1.10841894f,
    -0.684528232f, -2.17264891f, -0.617423296f, 0.637927711f, -0.615090072f, 2.71617389f,
    -0.614980757f, -0.638893604f, -0.598498523f, -0.210533142f, -0.598403811f, 0.209956124f,
    -0.552575946f, -2.67568517f, -0.545604467f, 1.33270705f, -0.5387097f, -1.31757164f,
    -0.50477761f, 0.871342719f, -0.500833333f, -0.875455439f, -0.486720145f, 1.63006461f,
    -0.484716564f, 0.421946496f, -0.484484106f, -0.422395498f, -0.477524668f, -0.000922216452f,
    -0.471075416f, -1.59766293f, -0.40776366f, 1.10392237f, -0.396843344f, 1.97937119f,
    -0.392718077f, -1.09871483f, -0.369391739f, -1.91851044f, -0.365290731f, -0.640045166f,
    -0.365218669f, 0.639232755f, -0.358631253f, 0.209706977f, -0.358199596f, -0.210065931f,
    -0.270491391f, 1.37611043f, -0.258034587f, -1.35794568f, -0.246898666f, 0.866877317f,
    -0.245149136f, -0.864563048f, -0.240131885f, 2.39517069f, -0.2399057f, 1.99229878e-16f,
    -0.239487961f, -0.419675946f, -0.2392703f, 0.420148253f, -0.211752981f, -2.29381108f,
    -0.204568326f, -3.35732341f, -0.162161753f, 1.68214869f, -0.137297034f, -1.64391208f,
    -0.132933274f, 1.11138237f, -0.125250399f, -1.10419309f, -0.119814962f, -0.206832349f,
    -0.119814962f, 0.206832349f, -0.119077101f, -0.634980619f, -0.118863784f, 0.635957479f,
    -0.0480849445f, 3.06390381f, -0.00254354719f, 2.01321721f, -0.000305729918f, 1.38421476f,
    -0.000241335147f, 0.416644514f, 4.12268439e-17f, 2.73369163e-17f, 2.25592191e-16f, -0.416145056f,
    0.000132641915f, -0.863497138f, 0.000466017053f, 0.867392063f, 0.0154652419f, -1.36509466f,
    0.0246776491f, -1.95110703f, 0.06221788f, -2.73783398f, 0.118693314f, -0.634619892f,
    0.119165912f, 0.63550204f, 0.119519182f, 0.20727466f, 0.119814962f, -0.206832349f,
    0.133497775f, -1.10087669f, 0.134028658f, 1.11484206f, 0.162642583f, 1.68073082f,
    0.191464633f, -1.64264417f, 0.21095404f, 2.38813567f, 0.239146754f, -0.419273883f,
    0.239487961f, 0.419675946f, 0.2399057f, 2.48832816e-16f, 0.246168345f, -0.859615982f,
    0.246285021f, 0.867617667f, 0.265080869f, -2.26944304f, 0.271904618f, 1.37860608f,
    0.285487622f, -1.35127389f, 0.358631253f, -0.209706977f, 0.358631253f, 0.209706977f,
    0.365218669f, 0.639232755f, 0.366024256f, -0.63671428f, 0.392573446f, 1.97569025f,
    0.406366915f, -1.08674967f, 0.4077636f, 1.10392237f, 0.427366316f, -1.91090953f,
    0.477187872f, 4.19760763e-19f, 0.484716564f, 0.421946496f, 0.484825671f, -0.421443313f,
    0.492501676f, 1.63180518f, 0.50477761f, 0.871342719f, 0.505797327f, -0.867389739f,
    0.518112838f, -1.58931148f, 0.546309412f, 2.71278644f, 0.54681915f, 1.33335006f,
    0.554613709f, -1.30389774f, 0.598403811f, -0.209956124f, 0.598403811f, 0.209956124f,
    0.600636601f, -2.60471821f, 0.616659641f, -0.636340499f, 0.617423296f, 0.637927711f,
    0.713639438f, 2.22019577f, 0.724270701f, -3.87111196e-17f, 0.731555462f, 1.12343395f,
    0.738305509f, -1.10975361f, 0.738659739f, -0.426851273f, 0.738994777f, 0.428548455f,
    0.749428332f, -2.15264249f, 0.749724567f, 0.865869224f, 0.750307202f, -0.858619452f,
    0.788419127f, -3.23129344f, 0.793058157f, 1.81149018f, 0.810818791f, 1.45491529f,
    0.818508804f, -1.76477456f, 0.826539457f, -1.41751182f, 0.829311967f, 3.33028698f,
    0.85153842f, -0.215981945f, 0.85200274f, 0.215145513f, 0.887141943f, -0.653097987f,
    0.887504041f, 0.657888472f, 0.985598862f, -0.00202008546f, 1.00133443f, 0.937492967f,
    1.0052464f, -0.931393981f, 1.00765753f, 0.440317988f, 1.00774741f, -0.439002693f,
    1.05039728f, 1.23057663f, 1.07140613f, -1.21648812f, 1.12800181f, 2.53783488f,
    1.13168311f, 0.22225526f, 1.13247502f, 1.57499981f, 1.13256383f, -0.224008888f,
    1.14678431f, -1.56092942f, 1.15110874f, -2.50366092f, 1.15473402f, 1.99838114f,
    1.17114413f, 0.695052981f, 1.17238319f, -0.692211747f, 1.18300748f, -1.97728682f,
    1.25948966f, -7.70023835e-16f, 1.30410218f, 0.980646551f, 1.30806541f, 0.447546661f,
    1.30853248f, -0.443308085f, 1.31810534f, -0.973629773f, 1.41330254f, 1.29684758f,
    1.43026948f, -1.29480636f, 1.44154823f, 0.18774496f, 1.44373333f, -0.184553221f,
    1.49357247f, 0.695886493f, 1.49824953f, -0.688761771f, 1.50944662f, 1.68474603f,
    1.53584254f, -1.68237805f, 1.63498473f, 2.18749523f, 1.64506316f, 0.390008301f,
    1.64551234f, -0.389059812f, 1.66668296f, 0.985747337f, 1.67573643f, -2.19075704f,
    1.67832863f, -0.982397616f, 1.67867815f, 0.00124140712f, 1.78791726f, -2.88478923f,
    1.79366493f, 2.86278915f, 1.83229065f, 1.33127213f, 1.85572278f, 0.641620994f,
    1.8591013f, -1.33970594f, 1.87259519f, -0.63401103f, 1.94352436f, -0.212918758f,
    1.9469403f, 0.211734802f, 1.97875893f, 1.77332675f, 2.02817917f, -1.77873063f,
    2.10263205f, -0.963556767f, 2.10755563f, 0.95542562f, 2.2284317f, 0.490380973f,
    2.25495529f, -0.472171903f, 2.29471135f, -0.0114678964f, 2.38270712f, 1.38878751f,
    2.46274972f, -1.39077759f, 2.50422478f, 2.17000937f, 2.5702734f, -0.82956171f,
    2.60891342f, -2.15745592f, 2.63451147f, 0.820425153f, 2.67195487f, 0.272196382f,
    2.79738927f, -0.302100509f, 3.13126159f, 1.31606269f, 3.2468195f, -1.02796519f,
    3.36449575f, 0.240332752f,
};

typedef struct {
    int p;                  /* dimension of a grid point */
    int n;                  /* number of points */
    const float *points;    /* n * p floats, point-major */
    double mse_per_dim;     /* E|X - Q(X)|^2 / p under N(0, I_p) */
} hg_grid_info;

static const hg_grid_info hg_grid_table[] = {
    {1, 4, HG_GRID_P1_N4, 0.1174818},
    {1, 8, HG_GRID_P1_N8, 0.03454776},
    {1, 16, HG_GRID_P1_N16, 0.009501008},
    {1, 32, HG_GRID_P1_N32, 0.002504668},
    {1, 64, HG_GRID_P1_N64, 0.0006442397},
    {1, 256, HG_GRID_P1_N256, 4.118508e-05},
    {2, 16, HG_GRID_P2_N16, 0.1076003},
    {2, 64, HG_GRID_P2_N64, 0.02966028},
    {2, 256, HG_GRID_P2_N256, 0.007739224},
};

#define HG_GRID_TABLE_COUNT 9

#endif /* HG_GRIDS_TABLE_H */
/* END grids */
/* BEGIN vector grids (p=4 of tools/grids_vector.h, 6 significant digits; refresh with tools/embed_grids.sh) */
/* MSE-optimal grids for N(0, I_4) (Lloyd on Gaussian samples, tools/gen_grids.py --vector): point-major
 * x0 y0 z0 w0 x1 ..., sorted lexicographically. MSE per dimension (Monte Carlo, tools/grids_vector.h):
 *   p=4 n=256   mse_per_dim = 0.09682871
 *   p=4 n=1024  mse_per_dim = 0.05008262
 *   p=4 n=4096  mse_per_dim = 0.02552528
 */
static const float HG_GRID_P4_N256[256 * 4] = {
    -2.54943, 0.529393, 0.432193, 0.999181, -2.50945, 0.34527, 0.655046, -0.727339,
    -2.42752, -0.227514, -0.677426, -0.323762, -2.24177, -1.46183, 0.286408, -0.330453,
    -2.24153, 1.38384, -0.558448, -0.634741, -2.10239, 0.642558, -1.13096, 0.773105,
    -2.04745, -0.426437, 1.62909, 0.075184, -1.98662, -0.837851, -1.01618, 0.783092,
    -1.94977, -0.447496, 0.23936, 0.462377, -1.83359, -1.2806, 0.905105, 1.2536,
    -1.793, 0.585727, -0.114294, 0.0313151, -1.78198, -0.708537, -0.317919, -1.22383,
    -1.78017, 0.138252, -1.48063, -1.27197, -1.72067, 0.35796, 0.111321, -1.99376,
    -1.69245, 1.86679, 1.04787, 0.0985286, -1.68799, -0.601174, -0.519037, 1.89772,
    -1.59832, -0.00976045, 1.43052, 1.45791, -1.59664, -1.11109, 1.11925, -1.17642,
    -1.55906, 1.60428, -0.0505893, 0.561414, -1.54295, -0.0932921, 0.626371, -0.544179,
    -1.53632, 1.34644, 0.483003, -1.08086, -1.53085, 0.60787, 0.935247, 0.354382,
    -1.52616, -1.75353, -0.107465, 0.757304, -1.52333, 0.371616, -0.102591, 1.18915,
    -1.47648, -0.981902, -1.58641, -0.498082, -1.44936, -0.248227, -2.00375, 0.467935,
    -1.44605, 0.942686, 1.72707, -0.546018, -1.42213, -0.0555799, 1.56543, -1.44765,
    -1.39774, -1.02494, -0.467792, -0.0846337, -1.37296, 0.64545, -1.30265, -0.342162,
    -1.35651, -2.05193, -0.717691, -0.885896, -1.29093, 0.391611, -0.257469, -0.90327,
    -1.28228, -0.124511, -0.761979, -0.0222321, -1.25549, 1.47363, -0.191797, 1.70687,
    -1.22584, 1.26469, 1.16832, 1.42815, -1.18869, -1.04301, 0.710725, -0.150799,
    -1.15178, -0.482538, 1.03692, 0.51642, -1.10836, -1.87347, 1.47402, 0.100793,
    -1.09906, 1.38832, -1.24391, 0.725503, -1.0963, -0.0336707, 0.138942, 0.0392247,
    -1.09265, -0.661731, -0.176442, 0.788817, -1.08759, 1.93485, -1.53505, -0.495914,
    -1.07811, 0.315987, 0.313755, 2.36577, -1.04906, 1.23916, -0.861792, -1.54236,
    -1.0256, 1.34517, -0.519153, -0.351002, -1.01984, 0.645879, -1.38818, 1.92459,
    -1.01586, 0.0655352, -0.964441, 1.01033, -1.00753, -1.18663, 0.101522, -2.09622,
    -0.973191, -1.93657, -1.3458, 0.41475, -0.955965, -0.287271, 0.489854, -1.39467,
    -0.950298, 0.617079, -0.432883, 0.456003, -0.941304, -0.560711, 0.5908, 1.50086,
    -0.93494, 0.833257, 0.299104, -0.138948, -0.911489, -1.37075, 0.187071, -0.819672,
    -0.906455, -0.576283, -0.0721447, -0.469181, -0.887622, 0.68714, 2.27124, 0.511627,
    -0.862969, 0.108527, 0.352749, 0.864095, -0.858585, 0.619731, 0.862799, -0.839746,
    -0.853841, -1.09068, -1.38681, -1.67846, -0.848837, -0.292893, -0.765852, -0.936121,
    -0.842606, -0.105928, 1.64334, -0.305286, -0.841602, 0.835127, -2.33986, 0.425515,
    -0.782212, -0.0367331, -0.734817, -2.00168, -0.733138, -0.763909, -1.1649, 0.359161,
    -0.7228, -0.725758, 2.17819, 0.711718, -0.6983, -0.910176, 2.24304, -0.812711,
    -0.682786, 0.668894, 1.23212, -2.00155, -0.680923, 1.8229, 0.432384, -0.150747,
    -0.677813, -1.25421, -0.803155, 1.37591, -0.668929, -0.70568, -1.82219, 1.49591,
    -0.654415, 0.229948, 0.972246, 0.108936, -0.634284, 0.417695, 1.24663, 0.989395,
    -0.632025, 1.00286, 0.316926, 0.880473, -0.623941, -2.41747, 0.144807, -0.0798311,
    -0.605928, -1.3495, 0.689956, 0.711184, -0.597756, 0.504975, -2.14478, -1.30696,
    -0.571489, -0.13535, -1.54654, -0.539868, -0.546386, 2.56203, -0.444479, 0.290316,
    -0.545341, -1.39151, -0.251585, 0.181094, -0.541087, -0.360063, 0.745025, -0.56056,
    -0.537903, 0.290389, -1.20534, 0.269547, -0.534092, -1.22576, 0.190118, 2.12731,
    -0.531602, -2.17243, 0.996816, -1.22335, -0.511018, -1.2217, -0.707874, -0.659665,
    -0.510565, -0.119539, -0.273433, 1.57044, -0.506701, 1.09479, 0.035627, -0.930187,
    -0.504744, 1.16733, 1.03741, 0.304599, -0.479912, 0.48255, -0.56573, -0.301169,
    -0.469774, 1.73173, 1.28148, -1.19751, -0.447598, -0.641166, 0.434354, 0.218452,
    -0.446991, 1.35759, 0.0850732, -2.14721, -0.440168, -0.305052, -0.365493, 0.326565,
    -0.431386, -2.14902, 0.0761053, 1.2556, -0.421175, 0.0264057, -0.0141488, -0.609569,
    -0.410826, 1.38159, -0.528983, 0.499133, -0.3841, -0.542177, -2.63398, -0.317182,
    -0.373341, 2.34588, -0.011052, -1.12946, -0.364915, 0.304247, 0.0697998, -1.41929,
    -0.334664, -1.43264, 1.4947, 1.55267, -0.332997, 0.804058, -0.438403, 1.40169,
    -0.332149, 0.221074, 0.255844, 0.232781, -0.319143, 0.990962, -1.41555, -0.368062,
    -0.313134, -0.958062, 1.32989, -0.0167208, -0.298815, 0.497462, -0.899856, -1.12056,
    -0.297927, 1.99578, 1.72175, 0.166706, -0.290219, 2.0988, 0.619453, 1.22603,
    -0.259681, -0.386228, 1.02043, 0.865394, -0.255729, -0.693413, -0.0432047, -1.27992,
    -0.253888, -0.948663, 1.00565, -1.08305, -0.214921, -0.102689, 1.69995, 1.93912,
    -0.204372, 0.509986, 2.3386, -1.05063, -0.203546, -0.877798, -0.030906, 0.941059,
    -0.182009, 0.403944, 0.651738, 1.63189, -0.162657, -1.17142, -1.59889, -0.430291,
    -0.151737, -0.494743, -0.749908, -0.280239, -0.128531, -0.901077, 1.19898, -2.23653,
    -0.127291, -0.217432, -0.94319, 0.992765, -0.122903, 0.0312258, 1.19245, -1.21635,
    -0.11562, 0.497927, 0.593786, -0.512704, -0.115015, 0.0853088, 0.280971, -2.51599,
    -0.0958188, 0.753489, 1.45865, -0.314894, -0.0933399, 0.459885, -0.466623, 0.568904,
    -0.0927816, -0.236727, -1.85091, 0.475367, -0.0863637, 1.91497, -0.970565, 1.4872,
    -0.0768955, -0.316594, -0.928464, 2.32773, -0.0737401, -1.53262, 0.502734, -0.439769,
    -0.0724009, 0.782818, -1.41902, 0.917969, -0.0589429, 0.945884, 0.0579732, 0.0742231,
    -0.0243467, -1.81156, -0.258744, -1.42323, -0.0131011, -0.751596, 0.0421838, -0.313679,
    0.0263555, 1.55775, -0.553242, -0.397749, 0.0341367, -1.17407, -0.786861, 0.5671,
    0.0416086, 0.0901164, 0.100701, 0.979927, 0.0614068, -0.588116, -1.01661, -1.29678,
    0.107714, 1.24315, 0.224588, 2.32951, 0.110076, 0.118822, 1.74167, 0.576894,
    0.136576, -2.2181, -1.1585, -0.682646, 0.140064, -0.138957, 0.896347, -0.0642783,
    0.15115, 1.09607, 1.62821, 1.44807, 0.152974, -1.57779, -1.9424, 0.665264,
    0.156043, 0.527631, 0.786876, 0.572827, 0.156256, 1.6827, -1.44042, -1.33528,
    0.186596, -2.1199, 1.2101, 0.525516, 0.210182, 0.863317, 0.660769, -1.38801,
    0.212322, 1.43158, 0.635115, -0.530237, 0.21393, 1.67211, 0.249459, 0.416787,
    0.222944, 1.8604, -1.60314, 0.19013, 0.241851, 0.540889, -1.31229, -2.19738,
    0.242384, 0.0948036, -0.0929243, -0.0815117, 0.250747, -0.66223, 0.631632, 1.45266,
    0.254782, 0.625371, -0.169108, -0.697227, 0.263883, 0.0839235, -1.17372, -0.201947,
    0.304627, -0.26037, 1.6743, -0.444652, 0.332718, -1.36993, 0.308155, 0.382697,
    0.336704, -0.429171, 0.320538, 0.491376, 0.349576, 0.787092, -0.842036, 0.0767371,
    0.351569, -0.922605, -0.528436, -2.32515, 0.352178, -0.355534, 0.398505, 2.59456,
    0.366824, -2.2972, -0.613114, 0.602229, 0.368471, -0.178962, 0.397471, -0.780866,
    0.381167, 1.28029, -0.324649, -1.38181, 0.392096, 0.785555, -1.07185, 2.05515,
    0.403535, 1.06791, 0.313095, 1.17464, 0.416446, -1.38601, -0.473117, -0.276301,
    0.419494, -0.121239, -0.540483, -0.765852, 0.432727, -1.60355, 1.75009, -0.557363,
    0.434493, -0.86303, 1.27394, 0.535015, 0.438542, 0.214366, -2.28109, 1.41046,
    0.442955, -0.601193, -0.323462, 1.40664, 0.446393, -1.11165, -2.03696, -1.4797,
    0.45657, -0.292967, -0.562238, 0.40951, 0.46114, 0.728396, -2.19922, -0.0427237,
    0.478549, 0.13538, -0.374317, -1.61116, 0.492824, 0.0543605, -1.80312, -0.997831,
    0.512426, -0.788041, -1.28953, 0.162673, 0.515405, -0.348188, 0.537918, -1.62653,
    0.516188, -1.53194, -0.837866, 1.87113, 0.562007, 0.942684, 2.45768, 0.216489,
    0.563828, -0.926926, 0.814083, -0.402563, 0.564401, 1.30137, -0.577919, 0.717297,
    0.576507, -0.64838, 2.55358, 0.295665, 0.613489, 0.721429, 0.568922, -0.13989,
    0.614096, 1.28068, 1.20962, 0.434238, 0.618956, 0.773337, -1.02769, -0.856667,
    0.624467, 0.391563, -0.718157, 1.09621, 0.626537, -0.923893, -0.12416, -1.04797,
    0.632022, -0.565967, -1.30805, 1.22312, 0.666341, -1.66401, 0.45418, 1.45345,
    0.692937, 1.40321, 1.67613, -0.861152, 0.693119, 2.43379, 0.721352, -0.112523,
    0.705676, 0.528641, 0.00366808, 0.477118, 0.710154, -0.57329, 1.79838, -1.40194,
    0.710435, 0.260699, 0.0227993, 1.67947, 0.723617, 0.0110492, 0.959158, 1.02968,
    0.787488, 0.433754, 1.06622, -0.831479, 0.789938, -0.584215, -0.104557, -0.140752,
    0.794993, -1.51639, 0.69304, -1.45206, 0.813046, -0.795364, -1.10329, -0.681004,
    0.836396, -2.31136, 0.302105, -0.411883, 0.85822, 0.167055, -1.35333, 0.501225,
    0.890912, 1.21185, -0.113693, -0.399841, 0.904076, -1.16445, -0.394719, 0.714701,
    0.917354, -0.09919, 0.585086, 0.0286337, 0.923471, 0.529459, 1.27875, -2.01607,
    0.931442, 0.396976, 1.3646, 0.0779616, 0.944149, -0.82592, 1.68211, 1.5115,
    0.95238, 2.22119, -0.622403, -0.663846, 1.0219, 2.31523, -0.477141, 0.804696,
    1.02726, 0.433815, 0.160659, -1.07224, 1.03243, 0.280867, -0.392493, -0.20249,
    1.07222, -0.574038, -2.25278, -0.0193546, 1.08067, 0.926403, -0.0793756, -2.29899,
    1.11331, -0.837476, 0.57482, 0.677273, 1.13346, -0.192942, -0.120578, 0.885969,
    1.187, 1.69035, 0.576432, -1.26667, 1.19412, 1.2569, -1.61003, 1.03013,
    1.23011, 0.443998, 0.973467, 2.02856, 1.23434, 1.17397, -1.04418, -0.0296801,
    1.25302, 1.3926, 0.201646, 0.391739, 1.25695, 1.7725, 0.957882, 1.33396,
    1.29376, -0.412496, 0.737587, -0.844215, 1.30101, -0.175597, -1.10636, -1.71362,
    1.30289, -1.6137, -0.649297, -1.35418, 1.30959, 0.13714, -1.24381, -0.458228,
    1.31399, -0.570928, 1.4769, -0.00816118, 1.32146, -1.76421, -1.07374, -0.10076,
    1.32976, -1.24724, 0.225888, -0.260178, 1.33688, 0.54842, 0.631229, 0.803924,
    1.3381, -1.70849, 1.28174, 0.36203, 1.38397, -0.590124, -0.793615, 0.158671,
    1.40753, 1.17464, -0.333972, 1.60324, 1.43784, -0.351705, -0.29656, -0.860412,
    1.45392, 0.396912, 1.86987, 0.970198, 1.45469, -1.24528, -1.54554, 1.04215,
    1.45541, -0.0709963, -0.950512, 1.90747, 1.45716, 1.13578, -1.94966, -0.870576,
    1.47957, -0.73663, 0.255326, 1.79123, 1.52224, 0.598741, 0.404469, -0.266162,
    1.52685, 0.282482, 1.98374, -0.823405, 1.54647, 0.518192, -0.571479, 0.586243,
    1.61939, 0.914468, -0.647039, -1.22544, 1.62395, -0.560175, 0.192466, -1.97617,
    1.70581, -0.26871, 0.169544, 0.151362, 1.72148, -1.90358, -0.0309396, 0.78408,
    1.77479, 1.40783, 1.21705, -0.12453, 1.87444, -1.26399, 1.30903, -0.964397,
    2.04002, 0.259468, -1.65693, 0.583132, 2.04947, -0.768115, -1.45381, -0.755846,
    2.13232, 0.456186, 0.568582, -1.24355, 2.13436, -0.674159, 0.992246, 0.911291,
    2.14612, -0.638347, -0.553769, 0.920428, 2.19, 1.52771, -0.278726, -0.138886,
    2.27737, 0.104049, 1.07995, -0.0534541, 2.37595, 0.592073, 0.212008, 1.03338,
    2.3803, 0.236799, -0.541429, -0.361901, 2.40607, -1.05624, 0.00232359, -0.453795,
};
static const float HG_GRID_P4_N1024[1024 * 4] = {
    -3.04808, -0.291764, -0.914118, 0.193876, -2.88645, -0.515554, 0.379444, 1.05999,
    -2.88369, 0.0641758, 1.2853, -0.329133, -2.85602, 1.0359, -0.240034, -0.335616,
    -2.83464, -0.962485, -0.160451, -1.03643, -2.75223, 0.200176, 0.0403146, -1.46869,
    -2.65011, -1.39793, -0.444293, 0.363325, -2.55438, 0.672326, -0.344625, 0.963553,
    -2.54858, -0.708654, 0.433825, -0.177082, -2.53635, 0.757275, 0.727559, 0.483196,
    -2.50339, 0.819866, -1.60935, 0.689551, -2.48552, 1.04634, 0.728242, -0.686651,
    -2.42979, -0.0422639, 1.32786, 1.51186, -2.36524, 0.133379, -0.397251, -0.668311,
    -2.35239, -1.07877, 1.34395, 0.366971, -2.35074, 1.72921, 0.339424, 0.854454,
    -2.34754, -0.0646166, -1.55576, -0.325362, -2.32601, -0.315743, -0.500283, 0.892812,
    -2.29093, -0.977624, -0.922015, 1.9926, -2.27997, -2.18223, 0.531873, 0.846251,
    -2.27188, 0.476643, -1.48761, -1.40982, -2.2617, -0.451239, 1.16036, -1.17171,
    -2.25979, -1.88215, 0.583209, -0.386313, -2.24295, 0.163556, 0.0154128, 0.238793,
    -2.23195, 1.82973, -0.755481, 0.411102, -2.21154, 0.333526, 1.94322, 0.57581,
    -2.20597, 1.30276, -1.31284, -0.533936, -2.1969, 0.589532, -0.710319, 0.0271338,
    -2.17302, 1.21016, -0.778695, 1.96193, -2.16791, -0.170401, 0.789958, 0.404499,
    -2.14987, -0.452092, -0.480755, -0.097804, -2.14946, 0.104185, 0.501575, -0.507762,
    -2.14785, -0.613259, -1.23271, -1.2266, -2.12685, 0.672451, 0.470754, 1.73124,
    -2.1057, 1.19325, 1.94224, -0.439784, -2.09329, 0.792257, 1.4763, -2.00412,
    -2.06361, -1.28158, -1.24406, -0.456407, -2.05229, 1.34301, 1.45176, 1.24579,
    -2.03437, 1.34166, 0.256365, -1.63017, -2.02084, 0.928841, -0.548325, -1.20291,
    -2.01958, -0.538893, -2.32915, 0.560958, -2.00884, -0.500725, -1.42053, 1.1741,
    -1.98651, -0.100439, -0.142889, 1.68782, -1.96527, -0.832354, 0.0889838, 0.505725,
    -1.9396, -0.430353, 2.10352, -0.271769, -1.93559, -1.12781, 0.846364, -2.34692,
    -1.92481, -1.99876, -0.524355, -0.837026, -1.90199, 0.548479, -2.45014, -0.159863,
    -1.89747, -1.06719, -0.148786, -0.567005, -1.88563, -0.0120402, 0.383672, -2.02628,
    -1.88236, -1.2087, 0.542966, -1.20067, -1.88209, 1.85496, 0.0452545, -0.514869,
    -1.87187, -1.11614, -1.19279, 0.499912, -1.87022, -1.50396, 1.95907, -1.15172,
    -1.8604, 2.34295, -0.748041, -1.28402, -1.85617, -0.688656, 0.625979, 2.21281,
    -1.85198, -0.621646, -0.824007, -2.28054, -1.85043, -0.426821, 0.0643467, -1.10955,
    -1.84914, -2.23896, -1.47173, 0.338778, -1.83792, 0.438233, -1.07016, 1.35697,
    -1.83553, 0.0153726, -1.14398, 0.4296, -1.83478, 0.565082, 1.13244, -0.0754163,
    -1.83437, 1.40033, 0.698246, 0.0646388, -1.81988, -1.24842, 0.516136, 1.24651,
    -1.81397, 0.593136, -0.714498, -2.39187, -1.80778, -1.36702, 1.83789, 1.32331,
    -1.80324, -0.603329, 1.16161, -0.272264, -1.78585, -1.90424, -0.255902, 0.299088,
    -1.78207, 1.12088, -0.0353238, 0.320998, -1.77235, 2.16281, 1.20421, -1.01923,
    -1.77051, -1.01586, -2.50884, -0.852129, -1.7675, 0.519262, 1.04615, -1.19619,
    -1.76045, 0.156869, 0.445934, 0.932606, -1.71732, -1.0812, -0.399279, 1.1348,
    -1.70361, 0.0687369, -0.964608, -0.648911, -1.70273, -0.0163046, -0.573509, -1.35269,
    -1.70041, -0.484108, 1.06372, 1.10823, -1.68417, -1.10296, -0.441737, -1.47303,
    -1.67914, 2.63588, -0.0275511, 0.226698, -1.65625, 0.443074, 0.188522, -1.14898,
    -1.63358, -1.2225, 0.486465, 0.0086654, -1.62632, 1.04695, 0.151345, -0.677902,
    -1.61843, 1.13754, -0.585384, -0.261679, -1.616, -0.526388, -1.07997, -0.155623,
    -1.61445, 1.16945, -0.990534, 0.585201, -1.60618, 0.54649, 0.0235183, -0.15381,
    -1.59713, 0.525046, -0.502163, 0.485798, -1.5907, 0.437211, 1.15845, 1.02906,
    -1.58869, 0.578273, -1.15315, -0.114364, -1.58012, 0.673671, -0.0696053, 1.02119,
    -1.57555, 1.11775, 0.64538, 0.937208, -1.56809, -0.595575, 0.570741, -0.580407,
    -1.56726, -0.510323, 0.174591, 1.05792, -1.56162, 0.267536, 2.07996, -1.16846,
    -1.56003, 1.38919, -0.425073, 1.23571, -1.55545, -1.06429, -0.454007, 0.067277,
    -1.54881, -0.0235298, -0.482176, 1.02418, -1.54504, -0.0579925, 1.20042, 0.358929,
    -1.5421, -0.552653, 0.0365007, -0.0857032, -1.54138, 0.569477, 0.540962, 0.302035,
    -1.52208, -1.50468, 1.10734, -0.574923, -1.51482, -0.492984, -0.637217, 0.543926,
    -1.50704, -0.0360251, 0.00719364, 0.440748, -1.50559, -0.525543, -0.550816, -0.704048,
    -1.49631, 0.193269, -0.140274, 2.59721, -1.49612, 0.0133993, -0.500768, -0.0451409,
    -1.48829, -1.74253, 1.02642, 0.516211, -1.48492, -0.639228, 0.669105, 0.435438,
    -1.48312, 1.13572, 1.03281, -0.615757, -1.47294, -0.0755683, 0.54076, -0.0507389,
    -1.47094, -0.04543, -0.01553, -0.559074, -1.46448, 0.0714802, 1.38294, -0.60125,
    -1.46371, 1.94463, 1.33884, 0.269713, -1.46153, 0.502797, -0.471042, -0.673161,
    -1.44773, 0.543317, -2.36069, 1.37157, -1.43436, 0.00397443, -1.64643, -0.762221,
    -1.4179, 1.22966, -1.76835, 0.476837, -1.41324, 0.378353, 0.597957, -0.556302,
    -1.41259, 1.55285, 0.364996, 1.99037, -1.40938, -1.89695, -1.20127, -1.73228,
    -1.38385, -0.144434, 0.679612, -1.12127, -1.38059, 0.967958, 1.7532, 0.46504,
    -1.36924, 0.729545, -2.31153, -1.38765, -1.36378, -1.87086, -0.787407, 1.14432,
    -1.35802, 0.372733, 2.77083, 0.42234, -1.35735, -0.282153, 1.84224, 0.661637,
    -1.35641, -1.55845, -0.260865, 2.0339, -1.35392, 1.82168, -1.05251, -0.38978,
    -1.35242, -2.19175, 0.479264, -1.39321, -1.34794, 0.250821, -1.65323, 0.748068,
    -1.34455, -0.559492, -1.82064, -0.0157251, -1.32145, -1.13949, 1.56034, 0.334084,
    -1.31717, -0.325537, -0.999008, 1.84158, -1.31053, -0.187061, 1.96211, 1.67398,
    -1.29977, 0.477689, -1.32805, 2.38327, -1.29579, 1.08982, -1.07881, -1.11398,
    -1.29292, -1.63326, 0.0592444, -0.544874, -1.28771, 0.640224, 1.14424, 2.1733,
    -1.28578, 2.12585, -1.36319, 0.902237, -1.28383, 0.948664, -1.69069, -0.555047,
    -1.28046, 0.620461, -0.281426, -1.62904, -1.27578, -0.507332, 1.15358, -1.72278,
    -1.26234, 1.94736, -2.17842, -0.440689, -1.25921, -0.154992, 0.573821, 1.5996,
    -1.24917, -2.25128, 0.478562, 1.40805, -1.24639, -0.673004, 0.229443, -1.6479,
    -1.24034, -1.47448, 0.0183488, 0.654997, -1.23629, 2.41029, -0.43742, 1.57499,
    -1.23303, 1.76737, 0.180612, 0.64371, -1.22521, -1.09262, -1.23344, -0.955563,
    -1.22093, -2.56093, 1.16631, -0.441476, -1.21658, 0.418399, -1.2212, -1.63046,
    -1.1981, -0.631285, 1.72306, -1.04143, -1.1871, 1.73166, -0.380658, 0.0875219,
    -1.18701, 1.45974, -0.604103, -2.09403, -1.16982, 0.599797, 0.25063, 1.6582,
    -1.15752, -0.979981, -1.07828, 1.30528, -1.15252, 0.194799, -0.427787, 1.62643,
    -1.14933, 0.335349, -1.69807, 0.0171287, -1.13676, 1.83698, 2.10549, 1.1845,
    -1.13425, 2.23891, 0.775202, 1.15255, -1.13417, 1.05699, 0.577967, -1.92156,
    -1.13257, 0.903812, -1.21834, 1.26128, -1.13076, -1.74968, -2.08744, 1.21319,
    -1.12983, 1.5191, 0.529066, -1.11784, -1.12589, 0.486576, 0.403039, -3.01383,
    -1.12232, -2.88144, -0.124771, -0.17667, -1.12069, -0.634719, -0.141676, 1.72463,
    -1.11862, 1.67156, -0.4652, -1.13292, -1.11389, 1.00976, 1.04311, 0.126797,
    -1.11114, -1.10134, -0.587674, -0.590528, -1.11063, -1.7552, -0.658664, 0.046019,
    -1.10854, 0.33947, 1.54663, 0.0633367, -1.10572, -0.583341, -1.97924, -1.14258,
    -1.10293, 0.995167, 1.85481, -0.456169, -1.0957, -0.89241, 2.6263, 0.121313,
    -1.09037, -1.12706, -1.08906, -0.0757675, -1.08458, -0.594248, -1.95227, 1.01424,
    -1.0819, -0.980125, 1.15095, 1.13053, -1.07919, -1.97459, 0.373764, 0.0313461,
    -1.07312, 0.371745, 1.32651, -1.83965, -1.07312, -0.527965, -1.1731, -1.6566,
    -1.0696, 1.66775, 0.560729, -0.110608, -1.06795, 0.429263, -0.988757, 0.533985,
    -1.06493, -0.0642416, -1.0496, 1.09144, -1.06134, -1.51976, 0.0587612, -2.13494,
    -1.06037, -0.454908, -1.19614, 0.4622, -1.05647, -0.158262, -0.355653, -1.73933,
    -1.05636, -1.10074, 0.00492337, -1.04466, -1.05446, -0.579373, -0.0150937, 0.475777,
    -1.0524, -0.487153, 1.5339, -0.120539, -1.04868, -2.22296, -1.21471, -0.574974,
    -1.04612, -1.09298, 0.908214, -1.14526, -1.04371, -0.0428565, -0.918505, -1.06101,
    -1.04355, 1.08817, -0.465596, 0.5527, -1.04248, -0.907973, 1.00079, -0.0803922,
    -1.04111, 0.174078, 0.464939, -1.75158, -1.0403, -0.9966, 0.463453, -0.49484,
    -1.03923, 1.03749, 0.0168627, -0.0137043, -1.02876, -1.47635, -1.9335, -0.40666,
    -1.02754, -1.2497, -1.48518, 0.599124, -1.02058, -1.04954, -0.583938, 0.557571,
    -1.01873, 0.00991395, -1.0002, -0.0387272, -1.00582, 0.543461, 0.490063, 0.954394,
    -1.0037, 1.03384, -0.538063, 1.91297, -1.00351, -0.0163387, 0.508424, 0.518845,
    -1.00028, 0.488527, -0.0247581, 0.455901, -0.998521, -0.406806, 0.999602, -0.622004,
    -0.994422, 1.04359, 0.460912, 0.481848, -0.98816, 0.631383, 1.68683, 1.19948,
    -0.986866, 0.0255791, 0.0248846, 0.997604, -0.984534, 0.487329, -1.08356, -0.563925,
    -0.983081, 0.507534, -0.4933, -0.00736658, -0.981856, -0.520202, -0.52554, -0.0276919,
    -0.980943, -1.31507, 1.75801, -0.543802, -0.978742, 0.964679, -1.08334, 0.065348,
    -0.978321, 0.959275, 0.557103, -0.472128, -0.977025, 1.04775, 1.31472, -1.22806,
    -0.975538, -0.474944, -1.13797, -0.527704, -0.972527, -1.09947, -0.00801413, -0.018096,
    -0.970901, 0.56821, -0.513609, 1.03841, -0.96937, -1.11789, 0.621414, 0.525428,
    -0.968919, 0.0510978, -0.0232974, -1.07529, -0.967915, -0.519125, -0.459729, 1.01728,
    -0.963372, 1.03212, -0.540849, -0.508551, -0.957672, -1.24743, 0.54909, 1.70701,
    -0.954662, 0.967386, -0.0181707, -1.18472, -0.951316, -0.02548, -0.491233, 0.49302,
    -0.950558, 0.437196, 1.05473, 0.571299, -0.949252, -0.529463, -0.0757502, -0.493247,
    -0.94896, -0.373826, -2.03909, -2.16527, -0.947115, -0.0718893, 0.921693, -0.0124434,
    -0.944543, 2.39255, 0.168262, -0.690002, -0.944462, -0.54264, -0.467433, -1.10003,
    -0.941946, 0.524863, 0.587861, -1.07439, -0.94161, -0.0252285, -0.00110066, -0.00648626,
    -0.940543, -0.507907, -1.89927, 2.03218, -0.939173, 0.0618838, 1.00924, 1.2495,
    -0.937411, -0.733369, 1.22413, 2.13084, -0.934007, -0.515264, 0.508569, 1.00184,
    -0.929052, 1.25542, 1.0451, 1.09656, -0.925898, 0.517568, 0.0115125, -0.516917,
    -0.924502, 0.456358, 0.487352, 0.00970924, -0.920259, 2.17862, 0.336856, -1.9621,
    -0.915753, 1.45723, -0.0106112, -0.581837, -0.914577, -0.54144, 0.44269, 0.00746791,
    -0.914291, -0.511212, 0.374556, -0.983291, -0.914228, -1.86884, -0.421559, -1.08768,
    -0.911575, 0.43562, 1.03527, -0.518099, -0.911564, 0.4163, 2.9011, -0.794247,
    -0.910971, -0.461673, 1.09847, 0.556485, -0.90678, -0.0325449, -2.43965, -0.473442,
    -0.903448, -0.530097, 0.0378397, -2.49185, -0.90243, -1.07197, 0.116592, 1.10308,
    -0.901246, -0.088473, 2.15465, -0.299684, -0.894397, 1.1828, 0.041575, 1.12681,
    -0.893547, 0.0257159, -0.483361, -0.507232, -0.886811, -0.0341595, 0.42663, -0.493688,
    -0.878433, 0.557228, -0.564216, -1.02959, -0.877748, 0.89681, -2.55133, 0.154427,
    -0.853169, -0.766917, 2.08488, -2.04803, -0.843353, 1.96618, 1.24123, -0.628492,
    -0.818407, 0.0488933, 1.21385, -1.17542, -0.80353, 2.7829, -0.888397, -0.0435966,
    -0.801561, 2.75954, 0.714882, 0.171552, -0.798828, -0.881708, 0.134212, 2.92554,
    -0.795798, -2.41813, -0.284805, 0.707024, -0.779093, 1.47647, -1.53064, 2.02746,
    -0.776019, -2.11864, 1.43986, 1.05611, -0.76683, -1.14917, -0.707069, -1.64163,
    -0.762725, -2.01559, 2.11015, 0.1989, -0.757913, -1.06036, 2.05738, 0.972366,
    -0.754101, 1.69214, -1.0423, 0.226612, -0.741665, -1.22524, -1.08788, 2.3251,
    -0.73468, -1.63021, 1.0832, -0.0357486, -0.730417, 0.496836, -0.140095, -2.23617,
    -0.730131, -1.36512, 1.01686, -1.93686, -0.728963, 0.755856, 2.44767, 1.79605,
    -0.713519, 1.6353, -0.884723, 1.1696, -0.712875, -0.0991514, 0.457497, 2.23433,
    -0.706428, -0.0483002, -2.20596, 0.465377, -0.704934, -1.01833, -2.53496, 0.271903,
    -0.681491, -0.0293067, -0.913598, -2.61585, -0.676152, 1.96513, -1.43777, -1.09126,
    -0.675891, 0.0792352, -1.67378, -1.05391, -0.65888, -2.08705, -1.29254, 0.436394,
    -0.652007, 2.0639, 2.1119, -0.163878, -0.647879, -1.7821, 0.535908, 0.655311,
    -0.64574, 2.31131, -0.329229, 0.650876, -0.645015, 0.937684, -1.64682, -2.37833,
    -0.642916, 1.42508, 2.1789, -1.20829, -0.638978, 0.979782, -1.78036, 1.04764,
    -0.63622, -1.30037, -1.16189, -2.6815, -0.629271, -1.49253, 0.447261, -0.561046,
    -0.61507, 1.12616, -1.84791, -1.27248, -0.610087, 1.47472, 1.41498, -2.22872,
    -0.608923, 1.24652, 1.52595, 0.100921, -0.603145, -0.0737055, 1.50332, 0.929762,
    -0.600194, -0.305375, 1.02636, -2.57489, -0.59935, 0.836653, 0.161504, 2.78521,
    -0.588926, 0.0523653, -1.67638, 1.21769, -0.584102, 1.33986, -1.74226, -0.0324021,
    -0.577415, 0.0565568, 2.22609, 0.785361, -0.576265, 0.540029, 2.13586, -2.01327,
    -0.57389, 0.315881, -1.04279, 1.68449, -0.573556, -0.102488, -1.54865, -0.104375,
    -0.573162, -1.49945, -0.474583, -0.470895, -0.570752, -0.897575, -1.64468, -0.025905,
    -0.569796, 0.522914, -1.54487, 0.409762, -0.569297, 0.414124, 1.60206, -0.579805,
    -0.5686, -0.0555709, 0.0045472, 1.51397, -0.566757, -0.410701, 0.55616, -1.62884,
    -0.561568, -0.151277, -0.603034, 2.42934, -0.558465, -1.07966, -0.516944, 1.16993,
    -0.549655, 1.18516, -1.09158, -0.564013, -0.547307, -1.69737, -0.0497521, 1.46348,
    -0.540684, 0.612861, 2.08257, 0.121329, -0.539435, 0.560158, -1.69985, -0.458578,
    -0.538716, -1.61622, -0.423874, 0.595281, -0.536311, 1.79139, -2.23379, 0.910291,
    -0.535797, 1.84922, -0.562432, -0.485499, -0.535035, 1.12982, -0.968368, -1.6412,
    -0.53438, -0.531775, -1.10061, 1.03947, -0.523847, 1.07091, 1.15011, -0.518541,
    -0.520983, -1.87475, 1.0453, -1.03954, -0.519402, 1.04893, -0.501702, -0.0113207,
    -0.515231, -1.57797, 0.239714, -1.31379, -0.514484, 1.21944, 0.297624, 1.82178,
    -0.513088, -0.449377, -0.645854, 1.6127, -0.507779, -1.00958, -0.512976, -0.0263506,
    -0.503804, 0.52871, 0.514423, 1.60107, -0.503153, 1.75332, 0.997212, 0.189176,
    -0.501794, 1.57303, 0.397331, 0.574451, -0.500371, -0.0855753, 1.98856, -1.10769,
    -0.499728, 1.03766, 0.489645, -0.0175598, -0.495692, -1.00273, -0.00388521, 0.507328,
    -0.495122, 0.943499, -0.0157561, 0.444251, -0.494704, -1.04296, 1.02718, -0.506007,
    -0.492413, 1.76517, 0.00992598, 0.0139066, -0.492104, -0.0215808, -0.994212, 0.494269,
    -0.491319, 1.00499, -1.02825, 0.602958, -0.489903, -0.503844, -0.500909, 0.484209,
    -0.489287, -1.0768, -0.981034, 0.49194, -0.487645, -0.537943, 1.78724, 0.402403,
    -0.486703, 0.502646, 1.00347, -0.000572471, -0.486254, -0.50204, -0.980647, 0.0147631,
    -0.485648, 0.515792, -0.473546, -1.57328, -0.483844, -0.501734, 0.479775, 0.479792,
    -0.482353, -0.529643, 1.03846, -1.04534, -0.48214, -0.00060357, 0.00124932, 0.473795,
    -0.478834, -1.08394, 0.520047, 0.0551473, -0.473935, -0.483948, -0.0108739, 0.93325,
    -0.473656, -1.60692, 0.0118733, 0.0481706, -0.470934, 0.478705, -0.513676, 0.470709,
    -0.464438, 0.508367, -0.040809, 0.990625, -0.464249, 0.00849028, -1.02578, -0.566254,
    -0.463731, 0.0994128, 1.30665, 1.79282, -0.460849, -0.0015675, -0.475468, -0.00793755,
    -0.459409, -0.463035, -0.511179, -0.492677, -0.457745, 0.448021, -0.999184, -0.0402916,
    -0.457054, -0.920738, 0.0325878, -1.61952, -0.456904, 0.035906, 0.503802, 0.996633,
    -0.456409, 1.50643, -0.387754, 0.590656, -0.45546, -0.0389281, 1.47706, 0.0921586,
    -0.455309, 0.470075, -0.0153161, -0.0223184, -0.452758, 0.566283, 0.581471, -1.68876,
    -0.452213, -0.969612, -0.00850422, -0.500461, -0.452088, 0.0159784, -0.510444, 1.03235,
    -0.449279, -0.52655, -1.06067, -1.118, -0.44916, -1.24194, 2.14013, 1.98869,
    -0.448499, -0.611049, 0.508872, 1.5725, -0.44828, -0.514979, 0.475485, -0.453141,
    -0.446841, 0.450584, -1.04943, 1.0078, -0.446183, -0.954427, -1.04959, -0.545884,
    -0.445331, 1.03315, 0.487552, -1.03316, -0.445173, 0.591153, -1.12994, -1.05706,
    -0.44484, 0.0175445, 0.541553, -0.988841, -0.441766, -0.626696, -1.71542, -0.653547,
    -0.439794, 0.472315, 0.475376, 0.444994, -0.439251, -0.486537, -0.0215768, 0.0281952,
    -0.438575, -1.07215, 1.18414, 0.553936, -0.437605, 1.17359, 1.35455, 1.87928,
    -0.436933, -0.98725, -0.463475, -0.965731, -0.435693, 0.525463, -0.275205, 1.75265,
    -0.434099, -1.62678, -1.10615, 1.14338, -0.434073, -0.519127, 1.62055, -0.516933,
    -0.433594, 2.14328, 0.906436, 2.11963, -0.432867, 0.495024, 0.48741, -0.484574,
    -0.432722, -1.37397, 1.18791, 1.45187, -0.432433, 0.99911, -0.568558, 1.17723,
    -0.432167, 1.23159, 1.99599, 0.812895, -0.431158, 0.146359, -1.23952, -1.69551,
    -0.429616, -1.08701, -1.76716, -1.5087, -0.427781, -0.00190048, -0.00948925, -0.488483,
    -0.426876, 0.605988, 1.4856, 0.558508, -0.426475, 0.509671, 0.00305775, -0.998288,
    -0.424919, 0.542049, -0.523678, -0.498592, -0.423067, -0.0520952, 0.983027, -0.446168,
    -0.422985, 1.86442, 0.00287379, 1.29042, -0.421288, -0.547195, 0.991849, 1.10203,
    -0.419357, 0.01948, -0.531002, -1.04036, -0.41724, -2.19272, 0.243694, -0.646788,
    -0.417212, 0.925393, 0.458353, 0.990657, -0.41693, 1.14841, -0.53367, -1.01843,
    -0.416904, -1.56696, -1.13929, -1.09891, -0.416145, -0.0118727, 0.937763, 0.501651,
    -0.41486, -1.07721, 1.74216, 0.0239113, -0.413905, -0.393907, -0.549207, -1.72964,
    -0.41291, -2.08946, 2.09975, -1.20731, -0.411016, -0.486403, -1.58172, 0.542136,
    -0.409553, 1.02913, -0.0369412, -0.473662, -0.409224, -0.44603, -0.0202872, -1.00707,
    -0.406554, -0.0120345, 0.46191, -0.000635807, -0.405721, 1.74186, 1.00883, -1.31355,
    -0.402942, 1.52881, 0.581442, -0.598592, -0.398661, 1.25777, -0.0461705, -1.81036,
    -0.385435, -1.13789, 1.66268, -1.19213, -0.38416, -0.557767, 0.992595, 0.0317679,
    -0.377911, 1.04753, 0.966776, 0.554783, -0.376647, 0.0227448, 0.0430141, -1.55913,
    -0.369314, -1.55105, -1.21614, -0.154234, -0.366747, -0.932539, -0.0814525, 2.00867,
    -0.365527, -2.11854, -1.97311, -1.37332, -0.3652, -2.54148, 1.04488, 0.153508,
    -0.364845, -0.890973, 2.71766, -0.864337, -0.35971, 0.611283, 1.05475, -1.13957,
    -0.358127, 0.612477, 1.02477, 1.15085, -0.352257, -0.967619, 0.497809, -1.06586,
    -0.345683, -2.31599, -0.989352, 1.80314, -0.333322, 1.87184, -0.000325102, -1.22256,
    -0.32571, 0.505348, -2.05937, 2.00944, -0.312809, -2.18573, -0.553377, -0.228623,
    -0.31201, -1.82596, 0.843874, 2.39761, -0.310774, -1.15412, 0.582601, 0.961447,
    -0.30686, 2.0636, 1.46023, 0.850945, -0.265755, -1.99533, -0.394524, -1.90783,
    -0.259249, 0.161541, -2.64905, -1.46765, -0.2579, -1.18713, -1.85779, 1.5442,
    -0.254098, 1.15507, 2.85874, 0.0688052, -0.227193, -0.176539, -2.79399, 1.30512,
    -0.226152, 0.126106, 1.19266, -1.84943, -0.214659, 1.93022, -0.617643, 2.18672,
    -0.19316, 1.57147, 0.729598, 1.17288, -0.186428, 0.0123277, -3.18427, 0.103152,
    -0.179956, -0.293408, 2.97604, 1.04919, -0.174869, 2.72123, -0.634722, -1.03273,
    -0.169326, -1.22758, -1.7376, 0.567994, -0.165808, 2.05766, -1.04743, -1.95312,
    -0.161213, -0.604977, 1.6732, 1.18438, -0.14389, -2.14732, -2.02083, -0.129623,
    -0.130046, 0.877413, -2.48187, -0.51478, -0.126736, 0.0830523, 1.4656, 2.85514,
    -0.118712, -2.8313, 0.17236, 1.28919, -0.118194, -0.887527, -2.71733, -0.684432,
    -0.110576, -0.719566, 1.16205, -1.62696, -0.106486, -3.04166, 0.149801, -1.08044,
    -0.105863, 0.628214, 1.74832, -1.19156, -0.102111, 1.02785, -1.03861, 0.00845455,
    -0.0917246, 2.48848, -1.85029, 0.100425, -0.0898629, -2.29553, 0.233367, 0.201688,
    -0.0867153, 1.86571, -1.19849, -0.324039, -0.0844425, -0.923604, -0.436471, -2.33034,
    -0.0828934, 0.789337, -0.877465, 2.35421, -0.0821247, 2.20113, 0.62972, -0.413613,
    -0.0815096, 0.512862, -2.28134, 0.591802, -0.0813444, -0.0239377, -2.14683, -0.257453,
    -0.057716, 1.62773, -1.15364, 0.593076, -0.0533625, -1.68805, 1.08398, 0.456167,
    -0.0521378, -0.989356, 0.0197072, 1.14904, -0.0511932, -0.123619, 2.42821, 0.00731029,
    -0.0497129, -1.61532, -0.333903, -1.07518, -0.0474354, 2.80523, 0.820206, -1.31631,
    -0.0460686, 0.523642, 1.70924, 1.19978, -0.0420541, 0.766426, 0.674893, -2.55716,
    -0.0297556, -1.76457, 1.33139, -0.476601, -0.0271364, -3.03994, -1.04421, 0.33183,
    -0.0251453, -0.502806, -1.27759, 1.71239, -0.0204437, 0.0165555, 0.594522, 1.5918,
    -0.0196025, -0.500355, -0.512402, 1.0046, -0.0181633, 1.12144, -0.0275, 0.99539,
    -0.0179226, 0.0374154, -1.524, 0.430124, -0.0171337, -0.0366947, 1.16145, -1.04534,
    -0.0162982, -1.97347, 0.582735, 1.11911, -0.0161167, 1.10197, -1.18616, 1.41683,
    -0.0079125, 1.26297, 1.8645, -0.478406, -0.00687852, -1.16315, -0.731418, 1.72723,
    -0.0060207, -0.975277, -0.00890729, 0.016194, -0.00598841, 2.63204, -0.0478873, -0.133888,
    -0.00503635, 0.507587, 1.03183, -0.545918, -0.00458721, 0.985316, 0.945355, -0.0380571,
    -0.00452456, 0.0758572, 0.0766038, -2.31769, -0.000688467, 1.2047, 0.674357, -1.69821,
    -0.000314257, 1.66474, -0.0395426, -0.552754, 0.00079449, -1.012, -0.463994, 0.516083,
    0.00166938, 0.984716, -0.465697, 0.504717, 0.00203102, -1.57318, 0.570012, -0.0977411,
    0.00397372, -0.441556, -0.996664, -0.474214, 0.00616129, -1.4779, 0.128236, 0.591569,
    0.00636832, -0.0196653, -0.440535, 0.492871, 0.0083991, 1.51075, -0.542554, -0.00878842,
    0.0106345, 0.959586, 0.412331, 0.435816, 0.0111551, 0.565481, -1.03478, -0.537021,
    0.0115432, 0.0303498, 0.0119729, 0.983152, 0.011744, -0.0228251, -0.948133, -0.0061756,
    0.0141426, 1.15297, -1.65981, -0.549092, 0.0157369, -2.55424, -0.878603, -0.968003,
    0.0168736, -0.493302, 0.501166, 0.97583, 0.0184058, 0.491929, -0.47437, -0.00482539,
    0.0201891, 0.956366, -0.0365583, -0.00997587, 0.0204101, -0.332636, -1.80192, -1.23159,
    0.0206216, 1.08641, 0.00255147, -1.05954, 0.0209168, 0.483408, -0.0240572, -0.499978,
    0.0221242, 0.439273, 0.99354, 0.488969, 0.023168, 2.28523, 0.505444, 0.609833,
    0.0231928, 0.00974158, 1.5961, -0.430733, 0.0242581, -0.933192, 0.551099, 0.41807,
    0.0247657, -0.977639, -0.966675, 0.0210972, 0.0251461, 0.420504, -0.943229, 0.466927,
    0.0293682, -0.384118, -0.0832856, 1.49421, 0.030227, -0.436619, 0.00684607, -0.467527,
    0.0304964, -0.494644, -0.930368, 0.477469, 0.0305665, -0.0739413, -1.06684, 1.02651,
    0.0306937, 0.613789, -1.59426, 0.0119349, 0.0307377, 0.737093, -0.648101, -2.25245,
    0.033495, -0.48422, -0.442156, 0.00761406, 0.0337476, 0.634691, 1.54391, -0.0216165,
    0.0338349, 0.51618, -0.563372, 1.02557, 0.0349952, 0.475869, -0.0202463, 0.484124,
    0.0351321, -0.953176, 0.48924, -0.428136, 0.0353179, -0.578959, 1.23317, 1.75852,
    0.0355187, 0.0445887, -0.514533, -0.48633, 0.0356601, -0.432621, -1.87052, 1.13667,
    0.0360021, -0.0245099, 0.46819, 0.466245, 0.0370083, 0.0100317, -0.00319824, 0.00146161,
    0.0373163, -0.497562, 1.098, 0.552982, 0.0374324, -0.939424, -1.09667, 0.989737,
    0.0378114, 0.676222, 0.735917, 2.31456, 0.0421911, 1.45546, 0.375099, -0.0454046,
    0.0422891, 0.546737, -1.54253, 0.95566, 0.0423649, 0.479926, 0.473725, -0.0321801,
    0.0447319, -0.496321, 0.0135555, 0.502359, 0.0454202, 0.0284933, 0.000170799, -0.974449,
    0.0455112, 0.014814, 0.502394, -0.496227, 0.0455242, -0.459029, 0.50363, -0.00495146,
    0.0459128, 0.48586, 0.497895, -1.03119, 0.0460262, 0.983837, 0.505458, -0.533554,
    0.0467406, 0.0421669, 0.0629688, 2.15945, 0.0470733, 0.0349505, -1.47767, -0.535738,
    0.0498, 1.22167, -0.33662, 1.6871, 0.0503264, -1.32056, 0.36411, -2.83237,
    0.05293, -0.457191, 0.51692, -0.968201, 0.0529415, 0.000775179, 1.02158, 1.06731,
    0.0539081, -1.62884, -0.411885, 1.07739, 0.0542565, 0.528385, -0.519842, -1.02397,
    0.0600131, -1.04788, -0.664656, -1.44324, 0.0613219, -0.500343, -1.20926, -1.94799,
    0.0645267, 0.485569, 0.481716, 0.937762, 0.066975, -1.49194, -0.0764895, -0.460564,
    0.0688086, 0.57713, 0.0356212, -1.57528, 0.0737544, -0.0389247, 0.623053, -1.55251,
    0.0753118, -2.30916, 0.789691, -1.88485, 0.0761601, 0.48972, 2.27323, -0.493017,
    0.0770514, 1.62883, 1.17856, -0.319252, 0.0788353, -1.56782, -0.518529, 0.106863,
    0.0803813, 0.0292519, 0.985816, -0.0026161, 0.080842, -0.428659, -0.513223, -0.972825,
    0.0813987, -0.624465, -1.51891, -0.0770109, 0.0817312, 0.496692, -1.80654, -1.12705,
    0.0823333, -0.499508, 1.02039, -0.494353, 0.084028, -0.889448, -0.521731, -0.487483,
    0.0842878, 1.40311, -0.19969, -2.87339, 0.0878683, -1.50739, -0.847603, -0.58325,
    0.0882594, 2.28057, -0.70624, 0.400573, 0.0900009, -1.07301, 1.13104, -0.0583862,
    0.090331, 0.0691982, -0.571017, -1.64871, 0.0910982, -1.06799, 1.07201, -0.925982,
    0.0912436, -0.63495, 0.461153, -2.1234, 0.0924128, 1.17141, 1.18315, -1.03352,
    0.0957717, -0.00863506, -1.05575, -1.10077, 0.100117, 1.04769, -0.562576, -0.539034,
    0.104339, 1.22644, -1.75444, 0.54353, 0.104462, -1.25204, 1.96489, -0.426143,
    0.105398, -1.55214, 0.511298, -0.867943, 0.1055, -0.944891, 0.00535295, -0.971672,
    0.112661, 0.0837602, -0.667345, 1.64401, 0.113374, 0.0811418, 1.63275, 0.510857,
    0.115991, -1.31095, -1.79966, -0.64821, 0.116134, -1.4095, 1.76537, 0.675579,
    0.116668, 1.68055, -0.691524, -0.996084, 0.11829, -1.3866, 0.680453, -1.65277,
    0.124703, 2.76884, 1.40037, -0.141214, 0.12566, -0.507194, -0.0756548, -1.50664,
    0.127255, 0.529953, -0.0215973, 1.44582, 0.131832, -0.133922, -1.35326, 2.722,
    0.132519, -0.315499, 1.94862, -1.73342, 0.137752, 2.92185, -0.128661, 1.25875,
    0.145412, 1.6206, -0.0493839, 0.481741, 0.153288, -0.0835317, 2.2032, 1.87746,
    0.159898, -1.61452, -1.13684, 0.477468, 0.164691, 1.21452, -1.28278, -1.10658,
    0.166079, -1.24214, 2.80339, 0.315173, 0.167767, -0.879963, -1.21808, -1.04637,
    0.177543, -0.670484, 0.589596, 2.35775, 0.17881, 1.00109, 0.574523, 1.5577,
    0.193133, 1.28357, 1.58054, 0.384815, 0.197482, -0.59769, 1.7346, -0.955771,
    0.203355, 0.637889, -1.13712, -1.57797, 0.206938, -1.26322, 0.627626, 1.66453,
    0.20704, -2.22632, -0.561208, 0.593809, 0.211357, 0.356481, -1.41877, 1.68485,
    0.211675, -0.541096, 1.56828, 0.0613288, 0.214566, 1.77285, -0.644807, 1.15593,
    0.232044, 0.187521, 2.89899, -1.19804, 0.235099, 1.23266, 1.28476, 1.13304,
    0.246762, 1.55733, 0.776788, 0.457667, 0.254289, 2.15688, -1.52625, 1.37193,
    0.257397, 1.24525, -0.588869, -1.59968, 0.268954, -1.89303, -0.0950355, 1.98322,
    0.293907, -1.16155, 1.14838, 1.11821, 0.29643, -0.571338, 2.0596, 0.618768,
    0.29679, -0.481755, -2.26433, 0.344841, 0.309545, -1.31578, -2.74729, 0.742202,
    0.312186, 0.594185, 2.37771, 0.711018, 0.328634, 0.987211, -1.03895, 0.583699,
    0.335383, 1.52695, -2.42405, -1.34983, 0.362875, 1.92798, 1.65822, -1.01055,
    0.370226, 0.116834, -1.86567, -2.22271, 0.375297, -2.13809, 1.50095, 1.37367,
    0.376756, 0.79887, 1.41817, -1.77599, 0.380173, 0.596827, 1.26743, 1.71915,
    0.382149, -1.14809, 1.5139, -2.3526, 0.389067, -0.225877, 0.0341263, 3.08119,
    0.393305, 0.0841345, -0.770384, -2.9411, 0.396266, -1.28471, -0.0552277, -1.71834,
    0.399092, -2.1769, -1.80172, 1.03028, 0.403433, 1.75037, 0.591652, -1.17985,
    0.406036, 1.45612, 2.14925, 1.63882, 0.414043, 1.82991, 0.35808, 1.9273,
    0.415637, -1.33175, -1.35129, -2.05516, 0.416693, -0.441538, -0.603974, 2.20714,
    0.417113, 2.07034, -0.0213595, -1.90507, 0.442794, 1.35824, -2.87805, 0.271479,
    0.443342, -1.33651, -0.576323, 2.76665, 0.445506, -0.529623, -1.46344, 0.535592,
    0.448462, 0.924948, 0.942776, 0.457605, 0.449686, 1.07724, 0.488902, 0.932911,
    0.456718, -2.27116, 0.658019, -0.626037, 0.458108, 0.95246, -2.3009, 1.35269,
    0.458522, -0.957879, -0.438889, 0.99567, 0.465137, -0.991705, -0.0320314, 1.7501,
    0.465175, 0.494755, 1.02487, -1.14593, 0.471773, 0.948754, -0.00658686, -0.514782,
    0.473998, 1.53935, -1.95245, -0.0947928, 0.475349, 0.512053, -1.02783, -0.0128046,
    0.476492, -0.701669, 0.567667, -1.48923, 0.477964, -1.52263, 0.0522414, 0.116212,
    0.48027, 0.708765, -0.0686092, 2.18465, 0.49509, 0.0494363, -0.0146904, -0.493326,
    0.500289, -0.0598934, 1.64731, 1.17469, 0.502566, -0.928561, 0.436454, 0.925987,
    0.508381, 1.22056, -1.08549, -0.331627, 0.508394, 0.00933726, -0.483922, 1.00393,
    0.509796, 0.0355282, -0.489296, 0.0313353, 0.510088, -0.503884, -1.90663, -0.593955,
    0.511079, -1.33447, -1.82821, 0.103131, 0.512156, 0.525959, 1.00006, 1.01153,
    0.51232, -0.441795, 0.00855241, 0.00922341, 0.517346, 0.0603686, 1.75913, -1.021,
    0.517692, 0.951626, -0.532153, 0.0460482, 0.518499, 0.0262244, -0.0103661, 0.46765,
    0.52227, 0.451381, 0.492196, 0.406878, 0.523408, 2.14817, -1.51566, -0.962055,
    0.525649, -0.0115381, 0.0686097, -1.5215, 0.526861, 0.499499, -0.00786143, -0.0119654,
    0.527064, 0.496508, 0.522329, -0.503514, 0.527754, 1.03101, -0.501462, 1.02408,
    0.529886, -0.4364, 0.00429658, 0.969751, 0.531617, 0.0104227, -1.58318, 0.0377818,
    0.533352, -0.927163, -0.0141512, 0.434876, 0.533796, -0.0129596, 0.477822, 0.94052,
    0.534404, 0.0380878, 1.06702, -0.556403, 0.534628, 1.7489, 0.129503, 1.0749,
    0.534879, -0.47567, -0.913748, -0.00327818, 0.535233, 0.987081, 0.53666, -1.03133,
    0.535796, -1.49013, 0.683723, 0.607457, 0.536077, -1.71963, -1.17142, -1.1874,
    0.537031, 0.502267, -0.492492, 0.506715, 0.537244, -0.46588, 0.490847, -0.490003,
    0.537865, -0.90827, -0.040557, -0.378603, 0.538581, -0.477416, -0.488183, 0.48391,
    0.539143, 0.0148041, 0.493539, -0.0430399, 0.539259, -0.434104, 0.50745, 0.44952,
    0.541039, -0.00213988, -0.998906, 0.498501, 0.541455, -0.00105056, 1.05876, 0.499839,
    0.541832, -0.412208, -0.475197, -0.468448, 0.542686, 0.520242, -0.00426492, 0.953963,
    0.544374, -0.518425, 0.525316, 1.56366, 0.544632, 1.7665, 0.524105, -0.410539,
    0.548265, -2.16431, 2.06216, 0.121465, 0.548384, 1.13156, 1.07465, -0.497247,
    0.548908, 0.497342, -0.519473, -0.468875, 0.549264, -0.965563, 1.07197, 0.425219,
    0.550754, 1.95511, -0.598514, -0.392962, 0.551027, 0.00141027, 0.553564, -1.01957,
    0.552681, 0.298073, 1.76038, -2.64314, 0.553023, -2.41399, -0.130318, -0.284654,
    0.554479, 1.34656, -0.154832, 2.93444, 0.554547, -0.454431, 0.998552, -0.0178281,
    0.559266, 0.520504, 1.10157, -0.0367976, 0.559942, 1.00476, 0.49945, -0.052312,
    0.559958, 1.01779, 0.031749, 0.467929, 0.560347, -0.982594, 0.514823, -0.0309636,
    0.560441, 0.501357, 0.0175766, -1.02496, 0.562583, -0.489504, 1.0421, 1.07355,
    0.564011, -1.95088, -0.0268376, -1.19701, 0.568397, -1.13877, -1.14193, -0.402289,
    0.569265, -1.84988, 1.00934, 0.0164308, 0.569828, -0.484296, -1.07487, -0.782058,
    0.570647, 0.409895, -1.06196, 1.05366, 0.572646, 0.500974, -1.10207, -0.911979,
    0.573232, -0.556018, 2.31026, -0.38057, 0.576333, -1.06768, -0.536876, -0.0353273,
    0.576689, 0.0200471, -1.04892, -0.452202, 0.580698, -2.92927, 0.872059, 0.537254,
    0.580907, 0.0504139, -0.521006, -1.02776, 0.581574, -0.610144, -0.654361, 1.5161,
    0.581748, 0.508757, 0.609349, -1.80931, 0.582616, -1.51295, -0.971505, 1.26389,
    0.584145, -1.06939, -1.01236, 0.469712, 0.586859, -0.430694, 0.002218, -0.956129,
    0.587506, -2.70065, 1.48855, -0.73895, 0.590402, 1.10333, 0.0891078, -1.67412,
    0.593001, -0.392474, -0.362595, -2.1317, 0.593667, 0.5641, -1.6853, -0.45153,
    0.595038, -1.59006, 0.15595, 1.19541, 0.596512, 0.882627, -0.554385, -1.07634,
    0.600561, -0.55584, 1.09043, -1.06034, 0.601473, -1.49305, 1.76202, -1.2888,
    0.603854, 0.0128371, -0.0768086, 1.58758, 0.604493, 2.26294, 1.17852, 1.29118,
    0.604578, -1.03544, -0.429345, -0.944652, 0.605226, -2.01237, -1.18895, -0.128993,
    0.610844, 1.528, -0.0943388, -0.935355, 0.611416, 1.48399, -0.110027, -0.0719155,
    0.614536, -0.52809, -0.743227, -1.45344, 0.618871, 0.310394, 0.561329, 1.55297,
    0.620921, 0.0656152, 1.68253, -0.0824031, 0.621396, 1.95016, 1.29622, 0.240859,
    0.62228, -1.00623, 0.395878, -0.90065, 0.622286, -0.148947, 1.18207, -1.74259,
    0.623329, 1.9839, 2.33655, 0.295711, 0.632165, -0.439681, -1.09542, 1.08513,
    0.632567, -1.22825, 0.97078, -0.51068, 0.635981, 0.0325241, -1.87944, 1.01138,
    0.642234, 0.67987, 1.60123, -0.680733, 0.655071, 0.619752, -1.64856, 0.497801,
    0.658682, 0.930245, 2.02645, -0.000377511, 0.659872, 1.53872, -0.632952, 0.50396,
    0.660083, 0.655145, -0.692992, 1.65395, 0.661869, -0.0996885, 1.18906, 1.9799,
    0.66543, -0.745553, 1.48329, -0.495938, 0.6666, 1.83378, 1.34924, -2.05177,
    0.670679, -0.980764, -2.32173, -1.52812, 0.685991, -2.14635, 0.256486, 0.597864,
    0.688036, 1.24413, 2.42625, -1.28709, 0.698381, 0.463065, -0.387333, -1.77456,
    0.700069, -1.4973, -0.407148, 0.677436, 0.70318, -1.02246, -1.69796, 1.0346,
    0.707068, 0.690784, 1.58809, 0.690198, 0.715189, 2.2403, -0.0554924, 0.350303,
    0.724958, 1.29873, -1.47028, -2.15469, 0.725849, 0.263733, -2.5991, -0.902754,
    0.725981, -1.55601, 0.253674, -0.524948, 0.729051, -1.19343, 2.13051, 1.43839,
    0.7344, 0.427696, -2.34547, 0.0620991, 0.736364, -1.65528, -0.544876, -0.573915,
    0.740676, 2.60391, 0.0906792, -0.796079, 0.750945, -0.281493, 0.693017, -2.75522,
    0.762004, 1.94129, -1.28763, 0.246504, 0.763777, -0.240754, -1.60724, -1.28158,
    0.764977, 0.136842, -1.03195, -1.72831, 0.770229, -1.26836, -1.53861, 2.01169,
    0.783643, -1.28616, 1.70602, 0.00487155, 0.792272, -1.54903, 0.874352, -1.2494,
    0.792625, -1.0741, 1.42706, 2.28675, 0.796322, 1.18453, -1.30002, 1.14967,
    0.807088, -0.26883, -2.22639, 2.01882, 0.834665, 1.03248, 0.167361, 1.53259,
    0.846484, 1.21989, -1.59364, 2.20321, 0.860073, -2.13185, -0.51096, -2.11493,
    0.861764, -0.666431, -1.51672, -0.0648829, 0.865178, -0.829233, 1.57605, 0.729081,
    0.923362, 1.28699, 1.17744, 2.23308, 0.927665, 0.0012365, -1.28624, 1.72981,
    0.929627, 1.67491, 0.517122, 0.237833, 0.966955, 2.88979, -0.86946, -0.103481,
    0.970219, 1.5297, -0.563646, 1.74179, 0.97449, 1.14439, -1.22456, 0.206854,
    0.974846, 0.0445392, -0.0160884, -0.0299549, 0.978976, 1.41378, 0.885253, 0.932655,
    0.979884, -0.745074, 0.0453968, -1.61819, 0.993649, 0.66779, -1.66954, -1.31252,
    0.995774, 1.20216, 1.19194, 0.0680659, 0.996833, 1.09088, -0.506615, -0.520698,
    0.999121, -0.246931, 2.67887, 0.609709, 1.00028, 1.28334, -1.04855, -1.12667,
    1.00638, 0.563639, 0.437682, 0.974416, 1.00813, -0.0169312, 1.69201, 0.577739,
    1.00828, -2.45346, -0.558929, 1.2935, 1.01639, -1.01305, -1.22571, -1.05159,
    1.01688, 0.0592477, -0.515874, -0.486161, 1.01881, 0.0441223, 0.456135, -0.573164,
    1.03012, -1.81927, -0.43091, 0.150175, 1.03144, 0.562774, -1.00012, 0.520989,
    1.03739, 0.239895, 0.585171, 2.56805, 1.04463, 0.0386988, 1.01208, -0.0327701,
    1.04518, 0.0512946, 0.484459, 0.475902, 1.04527, 0.011138, -0.508066, 0.514778,
    1.0502, 0.556866, 0.523365, -0.0695706, 1.05097, 1.23947, -1.72263, -0.566536,
    1.05353, -1.256, -0.629542, -1.54819, 1.05438, -1.00563, 0.00399395, 1.24333,
    1.05863, -0.532888, -0.449161, -0.0149927, 1.06571, 0.561386, 0.00766148, -0.597245,
    1.0671, -0.556922, 2.28888, -1.53935, 1.06825, -0.457806, -0.0585958, 2.00976,
    1.06893, 1.02099, 0.00814719, -0.114444, 1.0694, 1.19966, 0.572735, -0.62181,
    1.0708, -0.443866, 0.940904, -0.494439, 1.07356, -0.512976, 0.455195, -0.0165984,
    1.07386, 0.0221951, -1.07778, 0.0317264, 1.0751, -1.00995, 0.441858, 0.508055,
    1.0761, 0.458315, -0.0364862, -2.6052, 1.07637, -1.62819, 0.467032, 0.0910728,
    1.07695, -0.508314, 0.00526878, -0.508343, 1.08498, 0.485231, -0.0481347, 0.491329,
    1.08802, -0.416302, 0.0202535, 0.458106, 1.08879, 1.28946, 0.536628, -2.25171,
    1.09213, 0.51952, -0.5333, -0.013235, 1.09307, 2.79302, 0.668274, 0.2454,
    1.0938, 0.559779, 1.00833, 0.468462, 1.09451, -0.142624, 0.420457, -1.85527,
    1.09585, 0.599743, 1.03535, -0.582705, 1.09632, 0.457412, 2.09866, 1.52553,
    1.09657, -0.549441, -1.01386, 0.51571, 1.09673, -0.454038, 0.991841, 0.48802,
    1.10073, -0.00662054, -0.0359093, -1.13856, 1.10191, -0.897953, -0.571133, -2.689,
    1.1047, 0.221199, 2.5285, -0.506318, 1.10809, -0.464085, -0.39624, 0.989569,
    1.11167, -0.569952, -0.958641, -0.413289, 1.11295, 1.15444, 1.08672, -1.30197,
    1.11683, 0.325023, -0.675698, 2.52499, 1.11694, -1.1023, -0.0545678, -0.0293243,
    1.1193, -2.20487, -1.98645, -0.807779, 1.11954, 0.633699, -1.08725, -0.451561,
    1.12083, -0.526999, 0.523437, -1.07458, 1.12151, -0.988178, -0.408404, 0.545263,
    1.12186, 0.563483, -0.482284, 1.07884, 1.12446, 2.04802, -0.590839, -1.3247,
    1.12446, 2.07337, 1.16592, -0.636052, 1.12482, -0.690774, -2.66838, -0.300395,
    1.12986, 0.0885526, 1.05777, -1.14625, 1.13072, -1.21354, 0.845311, 1.24643,
    1.13413, 1.29879, -0.0770302, 0.93765, 1.13499, -0.498495, -0.52813, -0.99085,
    1.13635, -2.12285, 0.690394, 1.73946, 1.13776, 0.0140172, 0.048174, 1.0713,
    1.15122, -0.847367, 1.15566, -1.73087, 1.15187, -0.47715, 0.52253, 1.04448,
    1.15287, 1.05445, -0.475798, 0.378487, 1.15485, 1.02315, 0.435922, 0.448675,
    1.15491, -0.0722993, -0.596901, 1.5323, 1.15639, 0.0805481, 1.05719, 1.07668,
    1.15746, 1.11758, -0.0165179, -1.15697, 1.16755, 2.35824, -0.792334, 1.17215,
    1.17069, 0.496491, 0.511769, -1.16535, 1.17303, -0.260937, -1.82879, 0.425714,
    1.17901, 0.0073074, -1.05574, -1.01308, 1.18308, -1.0372, 1.0551, 0.0239484,
    1.19187, 0.440047, 1.86305, -1.46901, 1.19482, -0.029084, -1.73684, -0.541265,
    1.19653, -1.20328, -1.02862, 0.0892345, 1.19781, -1.48369, -0.448705, 1.89692,
    1.21315, 0.855134, 0.899612, 1.43839, 1.22198, 0.545391, -0.610098, -1.11361,
    1.22711, -1.83129, 1.30081, 0.678741, 1.22766, -1.09264, -0.428973, -0.625883,
    1.22949, -0.211968, 1.65564, -0.756989, 1.22988, 1.1991, -0.603543, -1.96724,
    1.23007, 0.0436212, -1.10344, 0.971466, 1.23554, -0.504246, 1.69849, 0.0100657,
    1.23577, 1.40326, 1.72866, 0.921237, 1.23578, 1.81961, 0.0656567, -0.465923,
    1.23663, -1.80936, -1.17905, 0.710912, 1.23673, -1.33646, 0.166795, -1.23592,
    1.26023, -0.569862, 1.50122, 1.44021, 1.26676, -1.02039, 0.48414, -0.509063,
    1.27155, 1.63445, -0.766568, -0.299127, 1.27438, -0.0038745, -2.79859, 0.754913,
    1.27618, -0.201106, 0.648929, 1.70763, 1.28434, -1.15452, -1.83113, -0.590544,
    1.28736, 1.34133, 1.81304, -0.535671, 1.29962, 0.427087, 0.0562416, 1.74174,
    1.30021, 1.60112, -2.02143, 0.748803, 1.31245, -1.80114, 1.18572, -0.518331,
    1.32778, -2.34755, -0.624683, -1.08144, 1.32868, -0.997443, -0.905099, 1.17928,
    1.32908, 0.468312, 1.69037, -0.0263991, 1.33163, -1.28435, 2.35668, -0.629266,
    1.34047, -2.76095, -0.739905, 0.105026, 1.34876, 0.553551, -1.70886, 0.141073,
    1.36579, -0.994869, 1.28383, -0.901776, 1.36643, -1.35958, -2.11936, 0.535145,
    1.36678, -1.37853, 0.527941, -2.2309, 1.36884, 1.80936, -0.190447, 0.38849,
    1.38775, -0.254396, -0.495202, -1.77831, 1.40206, 0.882661, 2.63175, 0.370811,
    1.40499, -1.7141, 0.079244, 0.876419, 1.41326, 0.567045, -0.00407299, -1.66025,
    1.41703, -1.06199, 0.512756, 2.30928, 1.42306, -0.813853, -1.41398, -1.91094,
    1.42421, 2.1037, 0.4322, 1.24132, 1.44365, 0.528498, -1.8566, 1.20659,
    1.44994, -2.39513, 0.627851, -1.26037, 1.45052, 2.03854, 0.481922, -1.42613,
    1.46192, 1.165, -0.943791, 0.929996, 1.48742, -1.79661, -0.0124922, -0.518793,
    1.49145, 0.418204, 1.10715, -2.07808, 1.50378, -0.0183447, -0.11316, -0.582358,
    1.51461, -0.00551199, 0.433661, -0.0482276, 1.54606, -0.0515754, -0.498512, 0.0585343,
    1.55732, -2.4797, 0.516173, 0.151503, 1.55836, -0.604156, -1.71663, 1.23107,
    1.57956, 0.541217, 0.0409878, 0.0151664, 1.57956, -1.23447, 2.20823, 0.589483,
    1.60286, 1.31767, 0.533311, -0.167031, 1.62476, 0.334372, -1.19339, -2.16095,
    1.62916, -1.60403, -1.02433, -0.555188, 1.6325, 0.48649, 0.507587, 0.57984,
    1.65009, 1.30514, 0.180349, 2.12701, 1.65943, 0.000400505, -2.29053, -1.45052,
    1.68001, -0.646338, -1.00527, 2.19764, 1.68491, 0.618047, 1.35357, 0.91509,
    1.68994, 0.104891, 1.08902, -0.48762, 1.69022, -0.63822, -1.34819, 0.0255511,
    1.69484, 2.01277, -1.56043, -0.88504, 1.69611, 1.97726, 1.25353, 0.306115,
    1.70589, -0.61021, 0.00870671, 0.0387146, 1.71543, 0.623545, 0.49802, -0.595724,
    1.71631, 0.805754, 1.06086, -0.0110077, 1.72182, 0.784141, -0.972531, 1.82433,
    1.72198, -0.382534, 0.575985, 0.531911, 1.73009, 1.05308, -2.39873, -0.30176,
    1.73381, 0.826832, -0.0339975, 1.16397, 1.73692, 0.941249, -1.12326, -0.0306763,
    1.74159, -0.622063, -0.0805597, -1.19708, 1.74779, -0.935515, 0.128675, 0.743068,
    1.75118, 0.119693, -1.19523, 0.502936, 1.75316, 0.596363, -0.465846, -0.484404,
    1.76046, 0.249696, 1.37065, 2.03744, 1.76456, 0.0962601, -1.08635, -0.392397,
    1.76987, -1.37801, -0.463838, 0.229143, 1.77024, -0.0571911, -0.0917905, 0.644321,
    1.77354, -0.949241, 1.18442, 0.636123, 1.77697, -0.0527465, 1.19862, 0.34644,
    1.78902, -0.356579, 0.482131, -0.612516, 1.79079, -0.505222, -1.30069, -1.03486,
    1.79297, -0.612962, -0.639376, -0.469269, 1.79344, -0.274204, 0.770311, -1.35793,
    1.79549, -1.33395, 0.572738, 0.101516, 1.79689, -0.715416, -0.0534144, 1.45476,
    1.80156, 0.560387, -0.507348, 0.498707, 1.80629, 1.27348, 0.0654766, -0.835749,
    1.81774, -0.613321, -0.693732, 0.578229, 1.82149, 1.93032, -1.11971, 0.323595,
    1.85488, 0.0921229, -0.635679, -1.20229, 1.86578, -0.648343, 1.13386, -0.318465,
    1.87011, 1.20256, -0.270473, 0.0941813, 1.8705, 1.22917, -0.730932, -0.908869,
    1.89534, 0.0578285, -0.640609, 1.24769, 1.91331, 0.138917, 0.507785, 1.22053,
    1.92619, 1.32578, 0.520233, 0.583785, 1.93428, 0.711234, 1.56603, -1.02369,
    1.9439, 0.686925, -1.50289, -1.02825, 1.9733, -0.187364, 2.0026, 0.930212,
    1.98122, -1.05941, -0.00851619, -0.56625, 1.98878, 0.300447, 0.153626, -1.12155,
    2.06502, -1.33906, -0.535989, -1.57154, 2.07153, -1.36155, 0.698135, -1.12709,
    2.12001, 2.29605, -0.0481675, -0.189677, 2.15406, -0.717013, 1.00809, 1.47334,
    2.16055, 0.985882, 0.668498, -1.59339, 2.16441, -0.186562, 0.147061, -2.1973,
    2.17459, -0.124011, 2.05489, -0.312486, 2.1785, 1.62416, 1.07292, -0.694148,
    2.17928, -0.588443, 1.57906, -1.5628, 2.19587, -1.63641, -0.646886, 1.26935,
    2.20098, 1.68614, -0.445773, 1.1654, 2.21992, -1.40277, -1.49643, 0.413966,
    2.23055, -0.0800364, -1.99644, -0.0830855, 2.25315, 0.000650232, -0.113957, -0.249433,
    2.26759, 1.32555, -0.491717, -1.83295, 2.27469, 0.342874, 0.523433, 0.180498,
    2.28003, 0.0519459, -0.00329195, 2.14189, 2.28557, -1.7234, 0.650619, 1.1315,
    2.29783, 0.865259, -1.44634, 0.86973, 2.29995, 1.2482, 0.918679, 1.43548,
    2.33882, -1.53709, 1.49875, -0.17567, 2.38553, 1.00927, 1.66356, 0.328496,
    2.48033, -1.16526, -1.57308, -0.905834, 2.48653, -1.91104, -0.131478, -0.108499,
    2.51849, -0.361111, -1.34658, 1.23589, 2.57159, 0.0842052, -0.865802, 0.138057,
    2.57405, -0.856269, -0.632012, -0.0853466, 2.58133, -0.715995, 0.577471, 0.0547224,
    2.67299, 0.202813, 0.952898, -0.692611, 2.70223, 0.679515, -0.137242, 0.820634,
    2.709, 1.02893, 0.170212, -0.343979, 2.72862, 1.15576, -0.999967, -0.192101,
    2.73727, -0.514209, -0.0965917, 0.856093, 2.76123, 0.164727, -0.715031, -1.07506,
    2.80921, 0.0211032, 1.07621, 0.724291, 2.85739, -0.598939, 0.152528, -0.995027,
};
static const float HG_GRID_P4_N4096[4096 * 4] = {
    -3.46751, 0.0511448, 0.100943, -1.34074, -3.40114, -0.0323824, -0.0999526, 0.691151,
    -3.30074, 0.223406, -1.32467, -0.0304059, -3.29401, -1.41469, 0.0353871, 0.536999,
    -3.23858, -0.966837, 0.263763, -0.454518, -3.21966, 0.983063, -0.56571, 0.51548,
    -3.20634, 0.836156, 0.656746, 0.150056, -3.18795, -0.465749, 1.18265, 0.582822,
    -3.14644, -0.416361, 0.364219, 1.62216, -3.13417, 0.610411, -0.351541, -0.517192,
    -3.12869, -0.517901, -0.810356, -0.935259, -3.09932, 1.222, 0.160677, 1.36354,
    -3.09452, -1.44194, 1.30287, -0.22805, -3.08333, -0.371404, 1.05146, -0.747016,
    -3.06474, -0.976556, -1.40684, -0.00959758, -3.04563, 0.159626, -1.0003, 1.95382,
    -3.0423, -0.481003, -0.50957, 0.015758, -3.03278, 0.760145, -1.18878, -1.04676,
    -3.0222, 1.86719, 0.807833, -0.150613, -3.01663, 1.88125, -0.987771, 0.144104,
    -3.00144, 1.77363, -0.126181, -1.02564, -2.98217, -0.976366, -0.834481, 1.00485,
    -2.9725, 0.269341, 0.35333, -0.550568, -2.96638, -0.231755, -1.66018, 0.997382,
    -2.95223, 0.625001, 1.15655, 1.17302, -2.90349, 0.402255, 1.63896, -0.804892,
    -2.84362, -1.47587, -0.529579, -0.523482, -2.83745, -0.872334, -0.136668, -1.72728,
    -2.81622, 0.149019, 0.678119, 0.0933082, -2.74567, -0.407873, 2.16455, -0.0838681,
    -2.74172, 1.34851, 1.15397, -1.3731, -2.73783, 0.459297, 0.515881, -1.77046,
    -2.72548, -1.1405, 1.64198, 1.08769, -2.71237, -0.678407, 0.21383, 0.518316,
    -2.687, -0.171989, 1.34251, -1.73998, -2.68586, -0.129608, -0.732085, 0.648978,
    -2.67765, -0.43076, 0.0229849, -0.686457, -2.67743, 1.2731, -0.103403, -0.109909,
    -2.67466, 0.544004, -0.0207783, 0.549295, -2.66043, -2.02153, 0.142701, -1.37994,
    -2.65695, -1.85965, -1.05981, 0.291891, -2.65174, 0.561971, -0.869763, 1.19292,
    -2.64413, -0.00213075, 0.498576, 0.847077, -2.63653, 0.361891, -0.711622, 0.120101,
    -2.63173, -1.05276, -1.92951, -1.27323, -2.62613, 0.38225, -0.0345737, 1.73245,
    -2.61128, 1.70945, 1.27672, 0.773948, -2.60857, -0.510803, 0.575993, -0.154703,
    -2.60735, 1.09963, 1.68174, -0.0887113, -2.6015, 0.358032, 1.48644, 0.432741,
    -2.57998, 1.86632, -1.17284, 1.36434, -2.57352, -1.55506, 0.426988, -0.298391,
    -2.5684, -1.32557, 0.921072, -1.23968, -2.56021, 0.935865, 0.349086, -0.942346,
    -2.5531, 1.1828, -1.65402, -0.161631, -2.54913, -0.09604, -0.991067, -1.43083,
    -2.53123, 0.43023, -1.55049, 0.408928, -2.52611, -1.01537, 0.0948322, 1.34226,
    -2.52517, -0.395051, -0.631051, 1.62608, -2.51631, -1.45229, 0.599436, 0.471658,
    -2.5088, 0.00422198, -0.419262, -0.496962, -2.50156, 0.00295092, 0.0429123, 0.095481,
    -2.49521, -0.0382252, 2.23118, 1.27785, -2.4896, 1.54057, 0.246151, 0.596291,
    -2.48559, 0.819176, 1.01341, -0.521599, -2.47652, -0.296894, 1.23594, 1.61965,
    -2.47252, -2.42371, -0.0865274, 0.384609, -2.47014, -0.880874, -2.54014, 0.501341,
    -2.45805, -1.95974, 0.231139, 1.42559, -2.45723, 0.226752, -2.44439, -0.136966,
    -2.45017, -0.257204, -1.05887, -0.0720272, -2.44855, -1.00338, 0.874595, -2.24588,
    -2.44257, 0.0690008, -1.88475, -1.175, -2.44043, 0.253641, -1.44366, -0.446218,
    -2.44025, 0.700034, -1.07933, -2.224, -2.43915, -0.754528, -0.285618, -0.0529422,
    -2.42762, -1.35834, -0.715352, 2.17575, -2.42485, -0.411246, 0.522807, -1.37835,
    -2.42128, 0.0820488, -0.070162, -1.23398, -2.42117, 1.03324, -0.503045, -0.924339,
    -2.41412, 0.629385, -0.199669, -0.14544, -2.41395, 1.45509, -0.123842, -1.91205,
    -2.41367, 1.20151, 2.27266, 0.672552, -2.40849, 1.07862, -2.12596, 0.881579,
    -2.40547, -0.0410148, -0.122229, 1.11807, -2.40488, -0.814936, 1.13617, 0.393355,
    -2.3948, 0.641943, -0.315392, -1.54954, -2.39338, -0.609657, -1.69021, -0.515644,
    -2.38718, -0.64352, 1.60037, -1.04529, -2.38215, 0.0221038, -0.104685, -2.3051,
    -2.38129, -1.48136, -0.384674, 0.747023, -2.37502, -2.25791, -1.0059, -0.800357,
    -2.37148, -0.148498, 1.45426, -0.0238499, -2.37045, 0.891026, 0.472174, 0.949573,
    -2.36784, 0.573878, 0.586514, 2.2487, -2.36659, 2.29558, 0.0522074, -0.0903452,
    -2.36245, -0.866921, 0.884699, 2.42719, -2.36136, 0.996767, -0.982118, 0.467705,
    -2.34831, -1.04641, -0.223337, -0.943364, -2.34676, -0.980647, 1.13891, -0.446895,
    -2.3351, -0.658523, -1.52067, 0.411757, -2.33432, 0.0659062, 0.387342, -0.601093,
    -2.30633, -2.17514, 1.27252, 1.15002, -2.3008, 1.04815, 0.889532, 0.2906,
    -2.29381, 0.307839, 0.829599, -1.17323, -2.28976, 0.998099, -0.878171, -0.30046,
    -2.28545, -0.643959, -0.859745, -0.761757, -2.28538, -1.30617, 2.16015, -0.641756,
    -2.27277, 1.62677, -1.0928, -1.56037, -2.26175, 1.7077, -0.682209, -0.52559,
    -2.25862, 0.420196, -0.891837, -0.789269, -2.2524, 0.809735, 0.359694, -0.057369,
    -2.2521, 1.36108, 0.604736, -0.507926, -2.25168, 0.0701571, 1.13539, -0.594178,
    -2.25149, 0.981958, -0.44692, 0.870393, -2.24953, -0.994192, 0.45135, -0.770955,
    -2.2489, -0.914255, -0.850709, 0.473674, -2.24284, 1.74566, -0.253745, 1.18188,
    -2.2403, 1.92644, -1.76079, -0.763564, -2.23723, 1.11709, -0.79413, 2.35735,
    -2.22529, -1.06983, -0.906332, -0.239664, -2.21714, 1.02982, -0.240505, 1.56886,
    -2.21498, -0.371685, 0.400575, 1.65198, -2.21449, -0.442006, -0.435244, -1.34514,
    -2.20772, -1.5614, -0.156279, 0.0534152, -2.20067, -0.761043, -0.413018, 0.938635,
    -2.19299, 1.58227, -0.666107, 0.347987, -2.19127, 1.32001, 0.676822, 1.45718,
    -2.18725, -1.54541, 1.46458, 0.155517, -2.18346, -0.0936414, 0.882663, 0.364296,
    -2.17794, -1.27266, -0.75408, -1.48197, -2.1765, 0.31275, 0.719519, 1.37986,
    -2.17613, -0.35298, -0.374004, 0.453234, -2.17399, -0.505811, 0.804452, 0.923601,
    -2.16934, 1.77099, 1.55765, 1.83566, -2.16698, 2.39903, 0.402454, 1.54848,
    -2.16618, -1.87306, -2.14883, -0.417592, -2.16412, 0.914908, 2.39965, -1.01455,
    -2.15949, -1.51046, -1.40826, 0.787694, -2.15084, -0.897248, -1.64746, 1.22791,
    -2.14165, -1.21296, 0.90808, 1.42028, -2.13962, -0.37778, -0.954518, 1.07107,
    -2.13286, 0.3751, 0.938149, -0.0264354, -2.1199, 2.2463, 0.747086, -1.49933,
    -2.11339, 2.72399, -0.841768, -0.17223, -2.11194, -0.414205, 0.745775, -0.781797,
    -2.1112, 0.488984, -0.0429915, -0.811625, -2.10902, -0.167388, -0.246844, 2.50185,
    -2.10725, -0.0585816, 1.32751, 0.919026, -2.10611, 0.216223, -0.481839, 0.733251,
    -2.10586, 1.92261, 1.86603, -0.509846, -2.10163, -0.654663, 1.89449, 0.633579,
    -2.09771, -0.917186, 0.437499, 0.0266674, -2.09646, 0.0144485, -1.71893, 1.00692,
    -2.09455, 0.428472, 0.419308, 0.374877, -2.09401, -2.18671, 1.19666, -0.851892,
    -2.09401, 0.517619, 0.92951, 0.744274, -2.09319, -1.26044, -0.128924, -2.43508,
    -2.09128, 1.7428, 0.0260494, -0.92244, -2.08695, 1.9283, 0.92462, -0.176232,
    -2.08617, -2.18591, 0.886925, 0.0714608, -2.08495, -0.159365, 2.31168, -1.28445,
    -2.08457, 0.789135, 1.4454, -1.30867, -2.07874, -1.44592, -1.31549, -0.957807,
    -2.07753, -1.0413, 0.489579, 0.792595, -2.07346, 0.0257132, -2.11419, 1.86272,
    -2.06907, -0.951635, -0.0137145, 0.440558, -2.06858, -0.399466, 0.348512, 0.361713,
    -2.06763, 1.00867, -1.34348, -1.06611, -2.06246, 0.776552, 1.52888, 1.60423,
    -2.0568, -0.866216, -1.30893, -2.47576, -2.05472, -0.488757, 0.961514, -0.151794,
    -2.05343, 0.537293, 0.0223293, 0.97258, -2.04845, 1.2234, -2.23467, -1.37708,
    -2.04659, 0.93016, -0.0559007, 0.411574, -2.046, 1.05153, -0.0808735, -0.525776,
    -2.04593, 0.117299, 2.70033, 0.00209238, -2.04278, 0.391877, -1.0831, 0.786862,
    -2.04259, -2.65346, 0.123309, -0.510717, -2.03864, 1.02041, 0.56605, -1.84239,
    -2.03751, 0.462943, 1.8241, -0.259888, -2.03487, -0.500804, 0.254743, -0.382141,
    -2.03421, 0.405498, -0.990053, -0.0390381, -2.02433, -0.480337, 0.0933753, 0.901595,
    -2.02284, -0.0825052, -0.999977, 0.39685, -2.01915, -0.372097, -0.00671728, -0.886249,
    -2.01679, 1.50803, 0.161121, -0.0114805, -2.01558, -1.76476, 0.312981, -0.578356,
    -2.00927, -1.04394, -0.0936323, -0.375901, -2.00898, 0.233769, -1.04701, 1.89542,
    -2.00607, 0.493959, 0.534006, -0.503382, -2.00263, 0.539079, -0.487787, 0.276085,
    -2.00213, -0.634156, -1.41389, -1.41614, -1.99295, 0.790524, -1.48628, 1.3193,
    -1.9929, -1.19057, -0.82255, 1.37879, -1.99205, -0.0603976, -0.807015, -0.401383,
    -1.98702, -1.6883, -0.596662, -0.47721, -1.98654, 0.00243602, -0.437464, 0.0182106,
    -1.98578, 0.0323714, 0.441703, 0.820898, -1.97975, 0.0144399, -0.498042, -0.880064,
    -1.97365, 0.0251378, -2.12263, -2.07004, -1.96597, 0.43226, 1.8698, 0.90057,
    -1.95999, -0.502099, -0.399186, -0.466419, -1.95488, 0.260857, 1.95105, -2.17614,
    -1.95447, -0.0285944, 0.52076, -0.0947727, -1.94746, -0.691668, 1.65843, -0.109229,
    -1.94707, 1.19491, 1.4247, 0.839362, -1.94614, 0.483617, -0.422367, -0.404829,
    -1.9417, -0.595514, 0.276484, -1.85914, -1.94108, 0.0666319, -0.0302813, 0.45854,
    -1.93263, 0.425424, -1.29048, -1.45089, -1.92703, -0.558992, -0.748852, 0.000467401,
    -1.91891, 0.876358, 1.35107, 2.65272, -1.91219, -0.394774, -0.0679803, 0.0262903,
    -1.91197, 2.47556, 0.521605, 0.576533, -1.9099, 0.389629, 0.0472591, -0.0319782,
    -1.90265, -1.32405, 0.135516, -1.49238, -1.89673, -1.11401, 0.23658, 2.14499,
    -1.89254, 0.0259625, 0.0281297, -0.430094, -1.89229, 2.35481, -0.588424, 0.702629,
    -1.89033, 1.56247, -1.35757, 0.736604, -1.88822, 1.13167, -0.139624, -2.97064,
    -1.88702, -0.860201, 1.00733, -1.44653, -1.88699, -1.42671, -1.44984, -0.171674,
    -1.88598, 0.278329, 0.455723, -1.69905, -1.88482, 1.15674, -0.00556163, -1.33445,
    -1.88214, -0.192598, -1.21912, -0.902025, -1.8779, -1.74491, 0.586726, 0.686265,
    -1.87725, -0.672328, -0.271526, 1.70496, -1.87586, -0.054084, 0.988126, -2.07012,
    -1.8741, 0.25985, -0.531104, -1.79899, -1.87351, -1.65323, 1.7308, -1.69138,
    -1.87309, -1.93562, -0.167666, -1.12237, -1.87154, -1.31826, 0.882535, -0.310159,
    -1.86856, -0.583487, -1.22233, 2.49581, -1.86563, -0.418767, -1.40995, -0.11648,
    -1.86477, 0.715002, 0.451584, -1.14519, -1.86401, 0.471412, 0.763859, -2.72707,
    -1.85945, 2.52445, -0.736091, -1.35207, -1.85805, 1.38373, -0.87621, 1.39258,
    -1.85708, -0.598339, -0.630872, -1.86909, -1.85678, 1.13691, -0.360784, -0.0384441,
    -1.8511, 0.574164, -1.87511, -0.728491, -1.8506, 1.2739, 1.38601, 0.00625535,
    -1.84954, 0.725586, 1.21132, -0.436291, -1.84952, 1.43849, 0.79245, -1.24121,
    -1.84908, 0.0375486, -0.0514344, 1.74188, -1.84895, -0.763498, -2.10348, -0.0953358,
    -1.84663, 0.712473, -0.579026, -1.24174, -1.84386, 0.666133, 1.40453, 0.309908,
    -1.84382, 0.0263151, 1.4035, -1.38729, -1.8318, -1.43186, 0.0414918, 1.33667,
    -1.82953, 0.350574, -1.84302, 0.474628, -1.82864, -0.150384, 1.77766, -0.513801,
    -1.82754, -2.12744, -0.637229, 1.47307, -1.82551, -2.13532, -0.720528, 0.0461936,
    -1.82362, 1.61576, -0.1712, 0.506314, -1.82079, 1.66728, 0.836658, 0.691573,
    -1.81919, 0.397174, -0.724706, 1.31497, -1.81866, -0.122491, -0.435971, 1.22026,
    -1.81491, 0.940389, -1.96871, -0.0794385, -1.8138, 1.11192, 0.45079, 0.620679,
    -1.8135, -0.560722, -1.27791, 1.70307, -1.80803, 2.03112, -1.24592, -0.177154,
    -1.79692, -2.1834, -1.09822, -1.8054, -1.79667, 0.645112, 0.324397, 1.56228,
    -1.79637, 0.0715574, 0.311717, -1.07533, -1.79442, -0.704536, 1.5133, 1.40133,
    -1.79429, 0.170465, -1.64023, -0.0417598, -1.79318, 1.5527, 1.73027, -1.78394,
    -1.79105, -0.0257804, -1.16172, -2.13813, -1.78817, 1.41471, -0.608032, -1.01992,
    -1.78702, -1.28768, 1.37324, -0.833968, -1.78601, -1.22208, 1.31869, 0.779684,
    -1.78429, -0.167199, 1.7051, 2.15226, -1.78125, -2.2541, 2.02014, -0.106067,
    -1.78102, -1.19491, 2.34978, 0.166919, -1.7807, -0.0367613, 1.74225, 0.293636,
    -1.77727, -2.16911, -1.8534, 1.29549, -1.77176, 0.283034, 1.01864, -0.880669,
    -1.77132, -1.12179, -0.428539, 0.0791127, -1.7705, -1.54712, 2.19784, 0.973229,
    -1.76633, -0.831737, 1.04923, 0.30109, -1.76566, -1.83784, -0.128193, 0.670921,
    -1.76458, -1.47171, -0.878824, 0.263957, -1.76184, -0.769516, 0.325449, -1.16563,
    -1.75945, -2.98183, -0.892919, -0.240674, -1.7532, 0.0582754, 0.841974, 1.94706,
    -1.75195, 0.769403, -1.30382, 0.354, -1.75086, 0.735769, -1.3013, -0.318132,
    -1.75037, 1.16309, 0.00587911, 2.07121, -1.75021, -0.365805, -1.71349, 0.490361,
    -1.74743, -0.813162, 0.415195, 1.31801, -1.74445, 2.83713, 1.16626, -0.0531757,
    -1.74367, -0.137151, -2.70752, -1.11053, -1.74165, -1.79388, -0.890262, 0.83901,
    -1.74069, -0.107329, -0.0316975, -1.66402, -1.73455, 1.31214, -1.34422, 0.00139659,
    -1.73319, -0.816312, -1.34447, -0.560852, -1.72905, -0.158597, -1.83974, -0.597636,
    -1.72725, 2.78927, -1.55705, 0.860681, -1.72675, -1.26176, -0.404435, -0.844127,
    -1.72554, 0.560055, -0.413656, 1.87656, -1.72253, 0.819797, 0.793235, -0.0431957,
    -1.71591, -0.44515, 1.25576, -0.907548, -1.71525, -1.27984, 0.730436, 0.337104,
    -1.71399, -1.25425, -0.324093, 0.744592, -1.69981, -0.772069, -0.366809, -1.13608,
    -1.69435, -0.944846, -1.36989, 0.292167, -1.6904, 1.07494, 2.21907, -0.214064,
    -1.69006, 1.24389, 0.831084, -0.500919, -1.68812, -0.499766, 1.27613, 0.649782,
    -1.68586, -1.37921, -2.13864, 0.587437, -1.68463, 0.877764, -0.773834, -0.673456,
    -1.68153, 1.19365, 0.198457, 1.12403, -1.68059, -1.2821, 0.357375, -0.14457,
    -1.67858, 1.15195, 1.57048, -0.743427, -1.67757, -1.89201, 0.231327, 0.105407,
    -1.67742, -0.388366, -2.39719, 0.576736, -1.67591, -0.064817, 1.18785, -0.404616,
    -1.67302, 0.886996, -0.937802, 0.878084, -1.67168, 1.96465, -0.353606, -0.106686,
    -1.66831, 0.93167, 0.884187, 1.25504, -1.66599, 1.87788, 0.481099, -0.543128,
    -1.66517, -0.257898, 0.718105, -1.30108, -1.66235, -0.316351, 0.888956, 1.21863,
    -1.66202, -1.30672, 0.333216, -0.814811, -1.66009, 1.40884, 0.767465, 0.16152,
    -1.65449, 1.92904, 0.229283, 0.879383, -1.65295, -1.48986, 1.73807, 2.01717,
    -1.65045, -0.11615, 2.51429, 0.748894, -1.64966, 1.13751, -0.888529, -1.87047,
    -1.64696, -0.0437071, -1.24999, 1.18006, -1.64598, 0.855537, -0.3421, 1.25546,
    -1.64198, -0.974526, -0.825529, 0.774556, -1.64027, 0.871638, -0.0228135, 2.94284,
    -1.63982, -2.49305, 0.238572, 0.946427, -1.63882, 2.44416, 0.0937244, -0.795935,
    -1.63636, 2.02625, 1.67698, 0.528508, -1.63605, -0.584999, -1.21312, 0.776999,
    -1.63401, 1.22954, -0.81242, 0.317601, -1.632, 0.261646, -2.71347, 0.959739,
    -1.63195, -0.0237499, -0.534252, -2.98353, -1.63135, 1.32327, -0.491365, 0.822197,
    -1.63102, -0.326649, 0.736967, 0.34676, -1.63043, -1.39052, -1.4887, 1.89602,
    -1.62887, -0.00166266, -1.18487, -0.387724, -1.62641, 0.839578, 0.910853, -0.906522,
    -1.62566, 0.060403, 0.443565, 1.27619, -1.62274, -0.814744, 0.764556, -0.827756,
    -1.62029, 1.32094, -1.47882, -0.687117, -1.62007, -0.338265, -0.72178, -1.28758,
    -1.61921, 0.267156, 1.28968, -0.0700777, -1.61773, 1.44233, -0.807031, -0.366107,
    -1.61747, -0.832793, -0.323827, 1.14618, -1.61538, -0.725577, -0.356145, 0.416078,
    -1.61533, -0.944855, -0.971558, -1.08579, -1.61507, 0.501936, 0.364708, 0.775545,
    -1.61488, 0.0431578, 1.18815, 0.444383, -1.61454, 0.704354, 2.10522, 0.463005,
    -1.61153, -1.15873, -0.780281, -0.454589, -1.61103, 0.7746, 0.112654, -2.22055,
    -1.6106, 0.334456, -0.0618118, 1.21705, -1.6096, -1.0186, -2.01679, -1.5862,
    -1.60874, 0.486727, 0.00417724, -1.33684, -1.60586, 0.471542, 1.59767, -0.7956,
    -1.60549, -0.3414, -0.370144, 0.783958, -1.60494, -1.23873, 1.44238, -0.00280259,
    -1.60422, 0.44723, -1.27514, -0.763709, -1.60303, 0.140946, 1.2586, 1.37539,
    -1.60253, 0.279779, -0.859657, -1.09507, -1.60159, -2.28191, 0.251407, 2.11298,
    -1.60157, -1.18496, -2.82087, -0.501252, -1.60039, 0.806246, 0.308825, -0.41378,
    -1.59722, 1.17166, 0.339081, -0.846666, -1.59572, 1.21778, -2.90575, -0.0776178,
    -1.594, -1.73666, 0.746859, -1.20895, -1.59358, -0.368226, 0.692583, -0.358155,
    -1.59317, -0.43192, -0.749326, 0.44482, -1.59292, -0.522447, -0.8271, -0.525953,
    -1.59194, -1.27989, 0.0895818, 0.302624, -1.59164, 0.815066, -0.462941, 0.448671,
    -1.58902, -0.0301755, 0.71202, -0.727864, -1.58777, 0.55062, 1.3171, 0.890143,
    -1.58597, 1.60109, -1.74745, 1.93819, -1.58584, 0.0975901, -0.338877, -1.21805,
    -1.58583, -2.13605, -1.5041, 0.212076, -1.58232, 0.420035, -0.411432, 0.798377,
    -1.58063, 1.34565, -0.0693584, -0.444884, -1.58047, -0.323124, 0.0227314, 1.2062,
    -1.58, 0.371951, 0.796892, 0.325297, -1.57944, -0.768012, 0.412696, 0.374083,
    -1.57875, 1.70467, 0.118083, 1.6253, -1.57871, 0.389505, -0.815198, 0.400559,
    -1.57636, 0.851651, -0.136094, -0.858856, -1.57507, 2.10055, -2.29394, -0.169549,
    -1.57435, 1.58945, -0.149855, -2.13464, -1.57302, 1.16032, 0.339761, -0.0753793,
    -1.57161, -0.816487, 0.828039, 0.884419, -1.57135, -0.742389, 1.19411, -0.431301,
    -1.5704, 0.824973, -0.757765, -0.0578434, -1.56687, 1.30737, 0.879209, 2.01459,
    -1.56586, 3.35237, 0.065643, -0.166177, -1.56285, -0.984068, -2.69037, 1.45395,
    -1.56247, -0.375527, 2.37018, -0.56608, -1.56166, 0.294606, -1.56309, 2.77829,
    -1.56097, 0.851891, 0.885157, 0.566069, -1.55886, -0.375302, 0.31225, -0.725235,
    -1.55791, -0.957271, 1.39156, -2.71362, -1.55598, -0.379091, 0.436308, 0.777915,
    -1.5556, -0.806328, 0.731703, -0.0866568, -1.55267, -1.18039, 0.276787, 0.828459,
    -1.55229, -0.00342255, -0.77129, 0.822375, -1.55174, 2.53907, 1.44455, 1.2394,
    -1.54975, -0.355028, 0.00102647, -1.24688, -1.54953, -0.78961, 0.350955, -0.398725,
    -1.54868, -0.796166, 0.00617096, 0.0264334, -1.54697, -0.357029, 1.16008, 0.0574315,
    -1.54621, 0.12501, 0.597586, 2.92139, -1.53988, 0.415138, 0.348526, -0.74523,
    -1.53944, -1.49861, -0.691513, -2.01925, -1.53813, 0.752625, 0.39252, 0.291395,
    -1.53752, -0.850014, -0.0182557, -0.745216, -1.53741, 0.363954, -0.775557, -0.391831,
    -1.53722, -0.757641, 2.35714, 1.41679, -1.53517, 0.0366169, 0.761718, 0.754463,
    -1.53498, 0.718171, 1.0438, -1.61295, -1.53358, -0.0864537, -1.19589, 0.404196,
    -1.5295, 0.0613646, 0.362232, 0.338081, -1.52804, 0.395896, 0.404804, -0.0615644,
    -1.5202, 1.78491, 1.24135, -0.880447, -1.51927, -0.255806, -0.689851, 1.79064,
    -1.51771, 0.837985, -0.0420486, 0.735598, -1.516, 0.793009, -0.0478294, 0.0422497,
    -1.51586, -0.795368, 1.88949, -1.11192, -1.51549, 1.88865, 0.342377, 0.176242,
    -1.51538, -0.364696, 0.351396, 0.00288027, -1.5151, -1.89891, 0.826625, 1.16227,
    -1.51478, -0.618259, 1.57545, -1.8383, -1.51469, 0.0837053, -3.1743, -0.121161,
    -1.51303, -0.769667, -0.401586, -0.299588, -1.51115, 0.832703, 1.42721, -2.24431,
    -1.50968, 0.0377739, 0.031318, 0.798437, -1.50946, -0.0374642, -0.769006, 0.00237439,
    -1.50923, -0.723078, 0.039189, 0.738053, -1.50908, 0.39985, 0.81201, -0.394616,
    -1.50816, 0.0265954, -0.387646, 0.398067, -1.50776, -2.34648, 0.626266, -1.92504,
    -1.50564, 0.458907, 0.748583, 1.06965, -1.50396, -0.323248, 0.018269, 0.39853,
    -1.50058, -0.0277015, -0.399057, -0.355877, -1.50055, -0.399192, -0.348546, -0.752973,
    -1.49892, 0.402996, -0.396348, -0.785798, -1.49685, 0.775962, -0.317042, -0.370296,
    -1.49499, -1.46156, -0.359984, 1.89121, -1.49451, -1.88445, -0.0899562, -0.484744,
    -1.49169, -2.66845, -0.931225, 0.795459, -1.4876, -0.900593, -0.86134, 0.0866067,
    -1.48714, 0.409892, -0.0140335, 0.385827, -1.48367, -0.376828, 0.409583, 1.67495,
    -1.48325, -2.73821, 1.28545, 0.477997, -1.48277, -0.381886, -0.0165505, -0.348369,
    -1.48102, -0.0646099, -1.73372, -1.27137, -1.48075, -0.669704, -2.22199, -0.788965,
    -1.48074, 0.0185685, -2.25895, -0.0323864, -1.47887, -0.0714471, -0.741395, -0.749243,
    -1.47808, 0.386037, -0.408474, 0.0283248, -1.47576, 0.0353874, -0.0363049, -0.755683,
    -1.47501, -0.378013, -0.398433, 0.0293948, -1.47363, -0.5713, 0.382761, -3.28681,
    -1.47051, 1.29094, 0.0755903, 0.39787, -1.46844, -0.884319, 3.08418, -0.778497,
    -1.4678, 0.352001, -1.15066, 0.044964, -1.46729, 0.0195216, -0.0156523, -0.00340371,
    -1.46644, 0.394132, -0.0197919, -0.37791, -1.46375, -0.531869, -0.822293, 1.24071,
    -1.46275, -1.29777, -0.120476, -0.328347, -1.46244, -0.449227, -0.288069, -2.33136,
    -1.46114, -0.443762, -1.07279, -0.0315633, -1.46084, 0.816043, -2.20386, 1.47953,
    -1.4596, 0.416582, 0.189357, 2.19427, -1.45845, -0.301953, 1.72587, 0.927734,
    -1.45707, 0.996387, 2.30128, 1.35536, -1.45632, 0.0319449, 0.785939, -0.04814,
    -1.45486, 1.80081, 0.0936431, -1.48032, -1.45478, 0.810356, -0.280886, -1.78283,
    -1.44913, 1.748, -1.74455, 0.286779, -1.44846, 1.25525, -1.62073, -2.56226,
    -1.44714, -0.329315, 0.216052, 2.25644, -1.44582, 1.41055, 0.732542, -2.03913,
    -1.44474, -1.36046, 0.779357, -1.88507, -1.44388, 1.78353, 1.02373, 1.21725,
    -1.44178, -0.414735, 0.464432, -2.44401, -1.44098, 0.0133228, 0.363704, -0.36925,
    -1.43218, -1.48933, 0.747569, 1.92942, -1.42927, 0.0218589, -1.1111, -1.59641,
    -1.42903, -1.75611, 0.726915, -0.399982, -1.42633, -0.473423, 2.28284, 0.0630787,
    -1.42167, 0.370761, -1.28671, 0.757275, -1.42122, 0.109537, 1.999, 1.48386,
    -1.41878, 0.757427, -2.29226, 0.446104, -1.41725, -1.63329, -0.376726, 0.0687849,
    -1.41625, -1.46273, 2.10122, -0.661346, -1.4148, 2.54433, -0.280864, 1.47897,
    -1.41355, 2.51698, -0.657205, -0.517034, -1.41058, -2.3496, -0.596816, -0.768914,
    -1.40603, -1.89836, 1.3204, -0.150288, -1.40571, -2.23404, -1.5061, -0.832584,
    -1.40571, 1.58095, -2.19386, 1.02191, -1.39991, -3.32696, 0.353133, 0.472155,
    -1.3996, -0.539312, 0.967321, 2.31354, -1.39502, -1.68871, -0.854511, -1.13415,
    -1.3916, 1.04416, 2.94388, 0.549842, -1.39037, 1.07453, -0.883164, 2.00689,
    -1.38757, 1.76584, -0.341753, -0.766624, -1.38648, 0.317469, 0.816171, -1.27014,
    -1.38377, -1.83179, 1.46593, 0.607191, -1.38279, -0.887903, -0.439721, -1.6288,
    -1.38021, 0.253981, 2.24774, 0.0202264, -1.37798, 1.87283, -1.25179, -1.01582,
    -1.37714, -0.753181, 0.972144, 1.72032, -1.37582, 0.548795, -0.660534, -2.40652,
    -1.37482, 0.986851, -1.64099, 0.578737, -1.37446, 2.03909, 1.22133, -0.0906582,
    -1.37378, -1.33219, -1.64478, -0.861828, -1.36797, 0.870376, -0.87281, -1.22597,
    -1.36717, 0.51276, 2.2467, -0.713501, -1.36591, 2.56877, 1.0305, -0.911553,
    -1.36291, 1.85708, -0.450037, 0.977189, -1.35563, -0.929424, 0.218471, 2.97283,
    -1.3555, 0.607505, -1.62895, 1.93222, -1.35342, 1.32191, 1.22896, 0.5057,
    -1.35278, 0.611764, -2.07601, -1.44061, -1.35177, -1.70441, -0.890894, -0.36986,
    -1.34898, -0.473875, 0.767631, -1.7857, -1.34836, -0.731753, 1.7246, 0.377742,
    -1.34828, 0.456771, -2.43874, -0.583396, -1.34723, -0.780591, 0.279472, -1.63925,
    -1.34429, -1.18975, 0.0224718, -2.06946, -1.34327, -2.39058, -0.174527, 0.036218,
    -1.34304, 1.85589, -0.85986, 0.304772, -1.34237, -0.0226396, -1.80118, 1.33018,
    -1.34203, -2.30514, 0.413472, -0.550034, -1.33832, -0.743885, -1.85659, 1.31875,
    -1.33516, 2.46398, 0.216858, -0.000449762, -1.33309, 0.544981, -1.19095, 1.33495,
    -1.33156, 0.171348, 0.0948856, -2.1633, -1.33009, -0.799497, -0.420081, 2.29063,
    -1.32957, -1.81172, 0.0265894, -1.40527, -1.32948, -0.00448036, 1.86349, -1.08924,
    -1.32858, 1.42836, 1.98416, 0.72875, -1.32421, -1.44003, -1.52888, 0.867222,
    -1.32264, 0.441518, -1.83216, 0.883297, -1.3223, 0.386716, -0.624701, 2.43165,
    -1.3207, 0.626128, 0.448789, -1.71648, -1.3188, -2.7723, -0.143049, -1.49317,
    -1.31437, -0.775883, -1.26682, -1.76597, -1.31321, -1.72163, 0.80906, 0.285261,
    -1.31234, 1.70467, -0.0910158, 2.35513, -1.31136, 1.4489, -0.397494, 0.0349204,
    -1.30862, 1.16518, -2.12865, -0.874083, -1.30836, 0.746, 1.61763, -0.256413,
    -1.3073, -0.837112, 1.72675, -0.347899, -1.30466, 0.732223, -1.43799, -1.86787,
    -1.30345, 1.44727, 1.72353, -0.0974781, -1.30241, -0.384054, -1.19217, -1.17621,
    -1.30237, -0.77605, -1.66261, -0.280629, -1.30162, 1.73418, -0.737886, -1.48977,
    -1.30149, 1.34015, -0.424997, 1.40565, -1.30087, -2.42348, 0.54639, 0.23677,
    -1.29957, -1.29077, 1.29776, 1.31824, -1.29882, -0.960206, 0.224602, 1.64886,
    -1.29453, 0.743877, 1.92749, -1.47952, -1.29203, 1.15434, -0.294358, -1.33264,
    -1.29183, -0.980754, -1.27655, 1.33685, -1.29158, -1.51475, -1.96549, -0.164498,
    -1.29032, -0.541972, -1.62063, -0.895746, -1.2894, -1.22199, -0.215687, -1.2204,
    -1.28798, 0.490865, 0.710572, 1.66311, -1.28625, 0.0236588, 0.410623, -1.56762,
    -1.28485, 1.19011, 1.13028, -0.267973, -1.28443, -1.21436, 0.803379, -0.695226,
    -1.27968, 0.403509, 1.71533, 0.844905, -1.27461, -0.860012, -0.501725, 1.63033,
    -1.27346, -0.207288, -0.542977, 3.21556, -1.27094, -1.40542, -0.891516, 1.21187,
    -1.26817, -0.0667206, -1.28113, 1.83976, -1.26785, -1.33194, 0.424354, 1.23032,
    -1.26588, -1.6378, -0.473201, 0.86934, -1.26222, 1.22271, 0.384972, -1.42317,
    -1.26216, -0.294135, 1.60135, -0.0536088, -1.26079, -2.3611, -1.07354, 2.19,
    -1.25737, 0.975856, 0.212517, 1.63532, -1.25611, 1.92225, -0.877396, 1.58569,
    -1.25568, 0.681348, 1.10034, 0.0224733, -1.25566, 0.470712, -0.74189, -1.65324,
    -1.25516, -3.07921, 0.894532, -0.668051, -1.25382, 0.780032, 1.33865, 1.88714,
    -1.25297, -1.13236, 1.26667, -1.38176, -1.25269, -0.351594, -1.5873, 0.0757055,
    -1.25261, 1.20178, 1.37133, 1.20511, -1.25141, 0.256177, 1.57221, 0.226446,
    -1.25064, 0.844093, 1.52464, 0.384893, -1.24657, -0.333562, 1.25266, -1.25943,
    -1.24178, 0.64039, 3.28704, -0.66164, -1.24131, -1.1927, 0.441523, -1.23548,
    -1.24002, 2.02111, -1.35951, 0.899257, -1.23967, 0.0617961, -0.355056, 1.47141,
    -1.23712, 1.6355, 0.726084, -0.244423, -1.23614, 1.21102, 0.649304, 0.795744,
    -1.23587, -0.783655, 2.61316, -1.9441, -1.23581, -0.286018, -1.72824, 0.785647,
    -1.23535, 0.0892481, 1.19267, -1.81626, -1.23302, -0.367165, -0.0691774, 1.65362,
    -1.2322, 0.0057953, -1.52235, -0.338242, -1.23177, 0.482588, -1.59727, 0.0657328,
    -1.23164, 0.0444527, 1.18191, -0.760866, -1.23097, -0.0240433, -0.468219, -1.69396,
    -1.23001, 1.21238, -1.32557, 1.23993, -1.22964, 0.254567, 0.147173, 1.59409,
    -1.22961, -1.25137, 0.837452, 0.781028, -1.22786, 1.6094, 0.358069, -0.883473,
    -1.22747, 0.734987, 2.25418, 2.20256, -1.22474, -0.387138, 1.5996, -0.68711,
    -1.22376, -0.57134, 3.21516, 0.393923, -1.22334, -1.72415, 0.359428, 0.754383,
    -1.2229, -0.805971, -1.63693, 0.496723, -1.22228, -1.12336, -0.386918, 0.400003,
    -1.22142, 1.71533, 0.0581078, -0.257965, -1.21858, -1.91484, 0.0271281, 1.3863,
    -1.21821, 2.50502, 1.9527, -1.17926, -1.21767, 0.378782, -0.757983, 1.67285,
    -1.21667, 0.0576261, 1.20601, 0.795617, -1.21548, 0.135353, 1.66407, -0.405834,
    -1.21542, -0.040916, -1.20642, -0.776851, -1.21393, 0.789683, 0.641063, -1.15076,
    -1.21264, -1.16148, -1.16321, -0.365449, -1.2117, 0.811563, -0.684299, 1.13391,
    -1.21039, 1.70737, -0.17997, 0.443095, -1.20869, 0.687557, 1.13746, -0.648955,
    -1.20789, 0.384692, 1.34963, -1.19708, -1.20761, 0.0752514, -1.55932, 0.382626,
    -1.20713, -1.17596, 0.819979, -0.0578072, -1.20606, 1.10449, -1.43873, -1.23358,
    -1.20497, 1.27317, -1.19602, 0.406429, -1.20453, 1.2855, -0.739816, -0.874814,
    -1.20443, 1.43755, 2.06418, -0.926708, -1.20164, -1.30474, -1.39015, 0.195022,
    -1.19844, -1.28512, -0.89449, 0.53907, -1.19697, 1.24077, -1.18165, -0.295171,
    -1.1961, 1.14055, -0.443796, -0.408021, -1.19545, -1.17361, 1.23033, 0.368438,
    -1.19507, -0.79449, 1.29639, 0.845908, -1.19472, -0.730136, 0.826204, 0.375138,
    -1.19438, 0.800966, -1.17377, 0.019203, -1.19233, 0.873397, -1.62618, -0.418397,
    -1.19091, -0.372082, 0.762723, -0.743467, -1.19068, -1.82097, 1.41827, -0.848215,
    -1.18805, -1.53986, -0.0617927, 0.451594, -1.18759, -1.85399, -0.892609, 0.316381,
    -1.18608, -0.325296, 0.359969, -1.1098, -1.18517, 0.0205403, -0.837496, 1.2135,
    -1.18351, -0.771564, -1.1279, -0.750105, -1.1834, 0.315637, 0.337944, -1.11984,
    -1.18066, 0.434587, -1.29467, -1.17334, -1.17925, -1.59802, -0.362486, -0.701558,
    -1.17518, -0.368804, 1.17426, 1.21136, -1.17251, -0.775175, -0.396709, -0.763307,
    -1.17249, 1.75674, 2.67189, -0.226252, -1.17203, -1.62927, 0.245458, -0.0752155,
    -1.17176, -0.678536, 0.776468, -1.23507, -1.17114, -1.37838, -1.26906, -1.50196,
    -1.16743, 0.727584, 0.00804761, 1.13847, -1.16738, -1.23035, -0.246898, 1.21017,
    -1.16731, -2.48342, 1.25261, 1.50796, -1.16717, -2.17028, -2.64105, 0.1139,
    -1.167, -1.16911, 0.433188, 0.334514, -1.16639, 0.394625, -1.73038, -0.739787,
    -1.16548, -0.82595, 1.22662, -0.829588, -1.16521, -0.378189, -0.348371, 1.13892,
    -1.16488, -0.749462, 1.1873, -0.00720677, -1.16331, -0.728987, 0.087715, 1.1713,
    -1.16309, 0.826058, -1.09997, -0.705714, -1.16207, -0.165254, 0.748854, 1.6266,
    -1.16189, 1.22367, 0.820231, -0.850402, -1.16115, 1.17437, 0.402818, -0.396597,
    -1.15982, 0.757263, -0.753007, 0.365581, -1.15862, 0.769396, 0.705677, -0.340313,
    -1.15753, 0.724594, 0.346837, 0.728517, -1.157, 1.16599, 1.31331, -1.36553,
    -1.15675, 1.07385, -0.344196, 0.347703, -1.15674, 1.5929, 0.274634, 1.0076,
    -1.15622, -0.32606, 1.11319, -0.360696, -1.15614, 1.09412, 0.792036, 0.143793,
    -1.1548, -0.348418, 0.451487, 1.07413, -1.15423, 1.35512, 0.686834, 1.46594,
    -1.15348, -0.357984, -0.37818, -1.13692, -1.15294, 0.360037, -0.358331, 1.1226,
    -1.15225, -1.28615, 1.26732, -0.395936, -1.15138, -0.720111, 0.00497407, -1.17394,
    -1.15099, -0.724898, -0.33379, 0.736928, -1.14899, -0.366027, 0.824476, 0.712714,
    -1.1487, 2.14642, -1.00348, -2.27773, -1.14788, 0.761122, -0.315048, 1.6208,
    -1.14734, 2.637, 0.187914, 2.33077, -1.14376, 0.748854, 0.0309522, -1.17783,
    -1.1429, -1.16913, 0.374971, -0.363603, -1.14246, 1.18694, -0.109142, 0.823348,
    -1.1424, 2.6929, 0.0301271, -1.79828, -1.14232, -1.16608, -0.729927, -0.846269,
    -1.14219, 2.57732, -1.38527, 0.109036, -1.14209, 0.843544, 0.560697, 1.16014,
    -1.14193, 0.159661, 2.68594, -1.37364, -1.14164, -1.75218, 0.412605, -2.65495,
    -1.14099, -0.772789, 0.369648, -0.775058, -1.13959, 0.37355, -0.739551, 0.762369,
    -1.13924, 0.764569, 0.35433, -0.745744, -1.1384, 1.86195, 1.74422, 2.16208,
    -1.13676, -0.35565, -0.083889, -1.73581, -1.13529, 0.440718, -0.433076, -1.19258,
    -1.13521, 0.104086, -1.48957, -2.86693, -1.13499, -0.00264939, -0.368969, 0.767879,
    -1.13495, 0.33131, 0.358857, 1.07568, -1.13487, 1.22599, -0.0404198, -0.787954,
    -1.13443, -0.377417, -1.1397, -0.359199, -1.13443, -2.21928, -0.357167, 0.664434,
    -1.13435, 1.2281, -0.725374, 0.752276, -1.1342, -0.368725, 0.702965, -0.00369686,
    -1.13293, -0.800316, 0.699999, 1.21806, -1.13238, 0.0144128, -0.0494512, -1.1711,
    -1.13227, -0.379245, -0.71626, 0.729962, -1.13148, 0.368285, -1.12993, -0.365524,
    -1.13112, -0.692322, -0.760208, -1.26492, -1.13065, 2.24563, 0.861606, 0.472504,
    -1.12938, -0.365476, -0.8399, -2.06788, -1.12753, -0.736071, 0.749765, -0.386438,
    -1.1268, 1.65511, 0.681671, 0.511926, -1.12675, -1.2476, -0.696696, -0.000250452,
    -1.12658, -1.65744, 0.326734, -0.769581, -1.12616, -0.757031, 0.38038, 0.00272153,
    -1.12488, -0.0118574, 0.713957, 0.347705, -1.12479, 0.77322, -1.13486, 0.788329,
    -1.12469, -0.338068, 1.27284, 0.417991, -1.12404, 0.36583, 0.726438, -0.730797,
    -1.12313, -1.28276, 1.86696, 0.729769, -1.12198, 1.12147, -0.015977, -0.0601085,
    -1.12077, 0.351329, 1.12484, 0.37087, -1.11893, -0.739374, -0.745829, -0.326024,
    -1.11594, 3.14305, 0.328884, 0.763983, -1.11562, -0.712995, 0.0198818, 0.359143,
    -1.11512, -0.0365877, 0.0643915, 1.17257, -1.11509, -0.398972, -1.09972, 0.372435,
    -1.11463, 2.08868, -1.0231, 2.48106, -1.11413, 0.753255, 1.0819, 0.784523,
    -1.11407, 2.60269, -0.566231, 0.457643, -1.11375, 0.376434, -0.777225, -0.766318,
    -1.11338, 1.05205, 0.311439, 0.402477, -1.11254, -0.73771, -0.705622, 0.363045,
    -1.11187, -0.767824, 0.42211, 0.714288, -1.11044, -0.00211446, 0.36998, 0.686852,
    -1.11029, 0.733472, -0.729404, -0.365073, -1.11002, 0.727996, 0.342458, -0.0239607,
    -1.1098, 1.28094, -1.98128, -0.0739649, -1.10924, 0.792283, -0.426344, -0.802674,
    -1.10892, 0.0199695, -0.753864, -1.16957, -1.10866, -0.835993, -2.07477, 2.31699,
    -1.10787, -0.00160894, -0.722722, 0.373848, -1.10687, -1.09355, 0.0356034, 0.722194,
    -1.10534, 0.358759, 0.727816, 0.710037, -1.10495, -0.745595, -0.00352914, -0.363684,
    -1.10341, -1.10612, -0.38038, -0.33502, -1.10332, 0.0462683, 0.787838, 1.12319,
    -1.10314, -0.864391, -1.12847, 0.690853, -1.10239, -0.740676, -0.352824, 0.0383189,
    -1.1023, -0.457686, -1.22492, 1.0369, -1.10078, -0.0213203, -0.747488, -0.364414,
    -1.10064, -0.377787, 0.379331, 0.353694, -1.10008, 0.339806, -0.00924811, 0.724113,
    -1.09936, -1.09481, 0.00769798, 0.0373847, -1.0989, 0.349048, -0.737576, -0.000387382,
    -1.09839, -0.981414, -2.16764, 0.34503, -1.09803, -0.382432, -0.742426, -0.738096,
    -1.09695, -0.350833, 0.0160022, 0.735967, -1.0948, -0.0339088, 1.08593, 0.0390969,
    -1.09442, 0.294105, 1.15048, -0.301333, -1.09384, -0.11739, -1.68835, -2.02785,
    -1.09309, -2.01708, -2.29612, -1.52333, -1.09193, -0.00260185, 0.353823, -0.731584,
    -1.09116, 0.776624, -0.00470533, -0.408478, -1.0911, 0.350499, -0.380555, -0.385501,
    -1.09047, -0.339768, -0.334384, 0.362921, -1.09046, -0.0218897, -1.14401, 0.741064,
    -1.09045, 2.53683, -1.9275, -1.20244, -1.08927, -0.377165, 0.34576, -0.376815,
    -1.08818, 0.37813, -0.0391505, -0.769481, -1.08774, -1.24648, -0.974655, 2.90132,
    -1.08743, -0.371744, -0.00827145, -0.743314, -1.08716, 0.693173, 0.710412, 0.357797,
    -1.08617, -2.92712, -0.191808, 1.43432, -1.08567, -1.19122, -0.69095, -3.13149,
    -1.08457, -0.366831, -0.353454, -0.365352, -1.0842, 0.705318, -0.357524, -0.010329,
    -1.08333, 0.358241, -0.00417905, -0.0196045, -1.08297, 0.738153, -0.3719, 0.708892,
    -1.0823, -0.0482893, 0.787377, -1.13149, -1.08011, 0.355187, 0.356121, 0.331661,
    -1.08009, -1.17615, 0.0154152, -0.692348, -1.08005, 2.11054, 0.998301, -2.6589,
    -1.07931, 0.0571105, 1.55764, 2.81374, -1.0789, -0.00217015, -0.372341, -0.737172,
    -1.07812, 0.351628, -0.370282, 0.369569, -1.07776, 0.00571818, -0.349009, -0.00496584,
    -1.07638, -0.359432, -0.699054, 0.00378261, -1.07612, 0.509267, 1.19973, 1.24772,
    -1.07505, -0.00473082, 0.00719667, 0.341217, -1.07438, -0.912812, -0.688012, 1.0277,
    -1.07351, 0.362735, 0.697282, -0.0246496, -1.0727, -0.0149193, -1.10783, 0.0208229,
    -1.07243, 0.700709, -0.0198138, 0.352282, -1.07063, 0.372918, 0.331362, -0.390619,
    -1.06929, -0.364083, 0.0176363, -0.00951017, -1.0687, -1.68426, 0.142425, 2.58363,
    -1.06711, 1.82524, 0.94228, -1.56623, -1.0663, 0.00562163, 0.340859, -0.0172997,
    -1.06565, -0.775182, -1.18342, 0.0441813, -1.06304, 0.362685, -0.0609879, -1.65643,
    -1.06224, -0.0588984, -0.429706, 2.08648, -1.06193, -1.36648, 1.83595, 0.0360332,
    -1.05968, 0.0486357, 1.35937, 1.74674, -1.05966, 1.17476, -0.776006, 0.0331317,
    -1.05787, 1.43011, 0.37533, 0.112612, -1.05581, -0.105012, 1.94451, 0.425938,
    -1.05561, 0.007365, -0.0166571, -0.37897, -1.05482, 0.386888, -1.07166, 0.387458,
    -1.05367, 1.78076, -1.36795, -0.243556, -1.05359, -0.102015, 1.96272, -1.77408,
    -1.05274, 0.00951362, 0.714355, -0.382889, -1.05035, 2.1688, 0.421186, -1.09896,
    -1.04133, -2.10853, 2.35101, -1.08588, -1.03898, 1.63167, -0.747014, -0.408304,
    -1.03836, 0.972259, 0.59494, 2.31623, -1.03509, 2.21461, 0.422917, 1.14763,
    -1.02986, 0.305407, 0.86853, 2.26414, -1.02847, 0.468502, -2.05206, -0.0849722,
    -1.02785, 0.514781, 0.807912, -2.24851, -1.01987, 0.0147218, 1.55287, -2.61768,
    -1.01952, -1.52181, -0.894187, 1.81044, -1.0185, -0.118868, -2.01405, -0.460413,
    -1.01577, -0.584804, -1.09517, 2.12969, -1.01205, 0.920636, 2.13404, 0.223476,
    -1.01083, 0.387059, 2.32997, 0.849612, -1.01033, 0.0306633, -2.0884, 0.470583,
    -1.00923, 1.46358, -1.9998, -1.68211, -1.00859, -0.0585075, 2.88332, 1.44689,
    -1.00529, -0.417912, -2.09541, 0.0514377, -1.00077, -2.35349, 0.552322, -1.07925,
    -0.999739, -0.822336, 2.34902, 0.576986, -0.995779, -1.75037, -1.33895, -0.276066,
    -0.995203, -0.743254, 1.55373, 2.04386, -0.994787, -2.22278, 2.22152, 1.08675,
    -0.990487, 2.14341, 0.0993119, 0.515168, -0.989337, 2.00742, -0.428793, 0.0105889,
    -0.983138, -1.61462, 2.74743, 0.076722, -0.983091, 0.300173, 0.199016, -2.89558,
    -0.981524, -1.01189, 1.26268, 3.15724, -0.980903, -0.171442, -2.40967, -1.64076,
    -0.979448, -0.612413, 1.71544, 1.35963, -0.97855, 2.20199, -0.427982, -1.10365,
    -0.978495, -1.45371, -0.541603, -1.72763, -0.978282, -0.923398, 0.35046, 2.15331,
    -0.976639, -0.078727, -2.18828, 1.76025, -0.970269, -2.40493, -0.795898, -0.223035,
    -0.964545, 1.13236, 1.35637, -0.681277, -0.964184, -0.556877, 1.00132, -2.22292,
    -0.962059, 2.18968, -0.93212, -0.519827, -0.958761, 1.05528, 0.331197, -2.56065,
    -0.957301, -0.882178, 2.28042, -0.42188, -0.952007, 1.71057, 1.29169, 0.355808,
    -0.951887, -0.940998, -0.538343, -2.26266, -0.949307, 1.84869, 0.792971, 2.09973,
    -0.949159, 2.18639, 0.67498, -0.419726, -0.946765, -1.44381, 1.47563, -2.09004,
    -0.944491, 2.12356, 2.51412, 1.10818, -0.943203, 0.677211, -3.09183, -1.37491,
    -0.936582, 2.24602, -0.0383851, -0.421095, -0.931823, -1.26521, -1.46386, -2.32499,
    -0.931198, -0.22357, -1.18104, -1.5982, -0.931145, -0.442454, -2.44266, 0.87314,
    -0.92629, 0.977747, -0.160385, 2.29892, -0.925811, 0.651282, 1.67535, -0.794368,
    -0.923313, 0.43815, -1.0959, 2.19063, -0.921525, -2.24971, 1.03875, -0.350232,
    -0.92131, -2.0334, -1.24472, 1.21481, -0.915895, 2.79454, 2.16118, -0.0731996,
    -0.91279, -0.54211, -2.7685, -0.0287159, -0.912462, 1.68659, 1.15935, -0.427333,
    -0.911288, -2.12128, -1.05291, -2.27585, -0.911111, -2.13331, -0.406111, -1.14615,
    -0.911108, 0.501628, -1.60683, 1.21472, -0.910206, -2.0294, -0.0469892, -0.431933,
    -0.909074, -0.957736, -2.19724, -0.432419, -0.907614, 0.847132, -2.59467, 2.17734,
    -0.906626, 1.00934, -1.15302, 2.92909, -0.904965, -1.81135, 0.644281, 1.42133,
    -0.904868, -0.0106353, 0.504653, -1.97458, -0.904654, -2.26424, 0.482597, 0.846768,
    -0.902328, -1.24867, 0.90555, -1.13162, -0.89887, -3.01971, -1.82147, -0.158332,
    -0.897452, 0.873892, 0.0567614, -1.70932, -0.894693, 1.57166, -0.231917, -1.24589,
    -0.893168, 1.64972, -0.884783, 0.923165, -0.892018, 0.326192, -1.08542, -2.09132,
    -0.891142, 0.379084, 1.94592, -0.123056, -0.891135, -1.18558, 1.93551, -1.3013,
    -0.889647, -0.0861148, 2.22723, -0.407383, -0.887805, -0.864547, -2.36014, -2.56313,
    -0.886947, -2.23296, 1.89505, 0.0392734, -0.886735, -0.316774, 2.18864, 1.00599,
    -0.884838, 1.34743, -0.362132, -1.88747, -0.884296, -0.46959, -1.24557, 1.54839,
    -0.88082, -1.00895, -2.92101, -1.14215, -0.88008, 0.727072, -0.340933, -2.15625,
    -0.879885, 0.78459, -0.837514, 1.59147, -0.879877, 1.3681, -1.10638, -1.72945,
    -0.879132, -0.0464933, 1.60939, 0.887272, -0.877667, 1.79658, 0.0714077, 1.61328,
    -0.876216, 0.806471, -0.672422, -1.60245, -0.875384, 2.03073, 1.85262, -0.163069,
    -0.87437, -1.86087, 1.33956, -1.37632, -0.874069, -0.960816, 0.465974, -2.261,
    -0.873509, 0.539437, 1.76476, 1.39541, -0.873037, 0.468366, -0.0909777, 1.98067,
    -0.871512, 0.7046, 1.07349, -1.1043, -0.870542, -1.30191, -2.70641, 0.648585,
    -0.869892, 1.00487, 2.02195, -0.431641, -0.869213, -1.59907, 0.792097, -0.110922,
    -0.868557, -0.482882, 2.22696, -0.981514, -0.867336, -1.4668, 0.192985, -1.75231,
    -0.866455, -1.56232, -2.10997, 1.25328, -0.866415, -1.89572, -0.437874, -0.0247924,
    -0.865652, 2.98724, 0.278161, -0.80006, -0.86485, 0.673824, 2.46704, -2.3696,
    -0.864192, -0.420469, -0.500656, 1.5958, -0.864028, 0.0856057, -0.00280522, 2.60472,
    -0.863816, 0.0420534, 0.373429, 1.96847, -0.863434, -1.72761, 0.459742, -1.25291,
    -0.861772, 1.22592, 0.00277921, 1.23466, -0.859779, 1.1017, 1.25421, -0.00461697,
    -0.859318, 0.841074, 1.67879, 0.843612, -0.858001, -1.72998, -1.34836, 0.547193,
    -0.856788, 0.985987, -3.05636, 0.905857, -0.854871, -1.9888, 0.0464485, 0.376222,
    -0.852367, -0.409606, 0.387345, -1.55382, -0.851505, -1.28869, -1.2173, -0.871291,
    -0.849485, -1.39844, -0.186082, 1.74179, -0.849372, 0.989838, 0.769583, -1.61804,
    -0.847753, -0.395265, 0.362614, 1.52993, -0.843376, -0.92933, -0.809554, 1.49896,
    -0.843166, -1.65232, 0.82439, -0.729838, -0.840544, -1.11925, -1.83623, -1.39832,
    -0.839085, 1.18927, 1.10896, 0.679535, -0.836832, -2.10708, 0.443761, 0.0293709,
    -0.836316, -0.489592, 1.23462, -1.6734, -0.835372, 2.24502, -0.446359, 0.994632,
    -0.835313, -0.400413, -2.10742, -0.98082, -0.835122, -0.438888, 0.0516361, 2.07627,
    -0.83452, 1.30491, -1.21076, -0.719314, -0.833722, -0.39264, 0.029765, -2.24532,
    -0.831107, -2.91472, -0.261868, 0.200457, -0.82928, 0.249577, -1.73507, -1.33607,
    -0.828191, 0.503356, 1.11594, -1.65432, -0.826636, -0.0289645, -1.58014, -0.819851,
    -0.826432, -0.852518, -0.0518974, -1.6503, -0.825301, -1.66172, 0.827398, 0.711569,
    -0.824661, 1.65338, -1.84438, -0.838415, -0.824445, 1.70746, 2.88955, -1.49612,
    -0.823776, 0.411153, 0.471862, -1.53552, -0.820814, -1.29372, 2.11659, 1.51675,
    -0.820397, 1.46451, -0.297039, -0.374066, -0.818955, 1.7032, 0.813528, -0.877644,
    -0.818117, 1.89324, 0.0822026, -2.15732, -0.816986, 1.4081, -0.513905, -2.92527,
    -0.816785, 2.68909, 1.42198, 0.572742, -0.816567, -1.63162, 1.26586, 0.266479,
    -0.816145, 1.3533, -1.64819, 0.423058, -0.814984, -2.06429, -0.208751, -1.9187,
    -0.814813, -1.58453, -0.0531976, 0.840071, -0.814611, 1.48528, -0.482409, 0.425099,
    -0.8141, 1.74188, -1.13284, 0.366494, -0.813746, -1.1911, -1.59343, -0.359529,
    -0.812682, -1.81507, 1.40401, 1.12197, -0.812626, -2.02704, -1.93443, 0.312215,
    -0.812602, -1.45429, -0.0627203, -0.0310164, -0.812545, -0.921236, -1.69307, 0.927558,
    -0.812341, -0.424334, -1.68386, -1.42395, -0.812303, 1.63092, -0.21037, 0.817956,
    -0.812211, 1.95848, 1.39896, 1.3334, -0.811601, -0.33885, 1.63648, -1.24293,
    -0.811441, -0.943265, 0.669088, -1.62895, -0.811299, -0.811147, -0.0773223, 1.65237,
    -0.810166, -2.25445, 1.10227, 0.440445, -0.81, -2.07923, 1.12008, 2.3792,
    -0.809021, 0.794494, 0.813258, 1.54905, -0.808918, 1.06816, -2.04159, 1.1744,
    -0.808616, 1.06189, 0.991232, 3.08796, -0.808065, 0.392666, -1.51727, 0.401649,
    -0.807298, -1.27321, 1.72978, -0.627877, -0.805922, 0.816236, -0.993997, -1.09158,
    -0.804669, -3.26417, -0.609146, -0.834405, -0.803262, 0.0147982, -1.22814, 1.15196,
    -0.803073, 1.50598, 0.25306, 0.529501, -0.801839, -0.733054, -0.730912, -1.69835,
    -0.801639, -0.793498, 1.5664, 0.0655158, -0.801098, 0.656905, 1.49881, 0.0271499,
    -0.799536, 1.39173, 1.40676, -2.11672, -0.799347, -0.747637, 1.14595, -0.366555,
    -0.797119, 0.326473, -2.27802, 1.02707, -0.79674, 2.75022, -1.1836, 1.39118,
    -0.795902, 0.405955, -1.14696, -1.49518, -0.795104, -1.53297, -0.366761, -1.19266,
    -0.795089, -0.431322, 1.95137, -0.0378151, -0.794527, -1.17306, 0.0297965, -1.1482,
    -0.793982, -0.307386, 1.1102, -0.761634, -0.793841, -0.365249, -0.731237, 1.1391,
    -0.793276, -0.387529, -1.53428, -0.369478, -0.793263, 1.20286, -0.631874, -1.22835,
    -0.792261, -1.48946, -0.387698, 0.371764, -0.792146, -1.53731, 0.365944, 0.325116,
    -0.791828, 0.503489, -2.23492, -0.944159, -0.79177, 0.772413, -1.6151, 0.714383,
    -0.791607, -1.74567, -0.822072, -0.644492, -0.790334, -0.326792, 1.50041, -0.363763,
    -0.789885, -0.749145, 1.69563, 0.689373, -0.789626, 0.0387165, 1.63111, -0.743937,
    -0.789484, 0.783358, -2.22679, 0.433143, -0.788396, -1.12119, 0.754632, 0.396147,
    -0.788386, 1.3213, -0.335274, 1.80441, -0.785691, 0.0607511, 1.48643, -0.00341727,
    -0.785169, 0.438664, 0.304276, 1.48506, -0.784738, -0.0323696, -1.56801, 0.0547669,
    -0.784606, 1.74079, 0.000526605, -0.773918, -0.784392, 1.43316, 0.868542, -0.00576089,
    -0.784351, 0.347722, 1.60965, 0.465407, -0.783308, 0.370065, -1.14904, -0.74661,
    -0.782734, 1.54269, 0.348544, -0.397973, -0.782699, -0.751436, -1.19778, -1.20468,
    -0.781156, -0.0109556, 1.96183, 1.98255, -0.780885, -0.458266, -1.46197, 0.49639,
    -0.780795, 2.44445, -2.38028, 0.77639, -0.779158, -1.11168, -0.360733, 0.745832,
    -0.7783, -2.45921, -1.2689, 0.358221, -0.778265, -0.893176, 1.16764, 1.22868,
    -0.777264, -0.803661, -1.63436, -0.781979, -0.776748, 1.14179, 0.752829, -0.411313,
    -0.776717, 0.276611, -1.34295, 1.66109, -0.776608, -0.763153, -0.354205, -1.11611,
    -0.775612, 0.372132, -1.54923, -0.344731, -0.775173, -0.75964, 0.754579, -0.749342,
    -0.77272, 1.68518, 0.913257, 0.946003, -0.772622, 1.75041, -2.82993, -0.8554,
    -0.771511, -1.1333, -0.747989, -1.28265, -0.771048, 1.8927, 0.461032, 0.0471568,
    -0.769383, -0.703598, 1.67212, -0.736958, -0.769277, -0.0723438, 2.56333, 0.270992,
    -0.768971, 2.94679, -0.525956, -0.257133, -0.768734, 0.0170188, -0.764079, 1.64663,
    -0.767238, -1.15099, 0.0744719, 1.1742, -0.767041, -0.360006, -1.14611, -0.757616,
    -0.765175, -1.29191, 0.430873, 1.63458, -0.764827, -0.733686, 0.71937, 0.0246808,
    -0.764713, -0.0290565, -0.364416, 1.12117, -0.764105, 1.05976, 0.281666, 0.775444,
    -0.763601, -0.396862, -0.328932, -1.46937, -0.762938, 1.56195, -0.0551835, 0.060092,
    -0.762457, -1.21411, 0.751107, 1.14522, -0.762357, -0.743774, 1.12933, 0.398038,
    -0.762089, 0.739322, 0.715215, -0.711394, -0.761917, -0.0122665, 0.0528478, -1.46251,
    -0.761753, -0.0126827, -1.12608, -1.126, -0.761351, 0.766319, 0.384278, -1.12841,
    -0.761256, -1.12256, 0.768431, -0.372653, -0.760353, 0.794579, -1.1496, 0.353928,
    -0.759859, 0.757516, -1.15937, -0.35173, -0.759464, 0.0972824, -0.406811, -2.20148,
    -0.758977, 1.23181, 1.64306, 0.389213, -0.758711, 1.15776, -0.652819, 1.18483,
    -0.758547, -0.0734012, -0.697886, -1.61619, -0.757974, -0.370737, 1.09505, 0.0134132,
    -0.757311, 1.08195, -0.734972, -0.447695, -0.755544, -0.019402, 0.834128, -1.52748,
    -0.755493, 1.13318, 0.36717, -0.76971, -0.755162, 0.320317, 1.097, -0.721861,
    -0.755123, -1.16566, -0.768172, -0.379644, -0.753828, -1.42704, -0.797148, 0.83979,
    -0.753486, -0.749985, 0.739259, 0.739067, -0.753394, -0.778435, 0.375119, -1.13118,
    -0.753008, 0.37249, -0.742501, 1.16651, -0.752801, 0.830604, -1.62105, 0.0467436,
    -0.751769, -0.00156647, 1.19147, 1.16966, -0.751315, -0.749193, -0.318154, 1.1534,
    -0.750934, 0.74289, 1.11041, 0.358466, -0.750322, -1.76649, -2.05737, -0.759741,
    -0.749659, 1.15441, -1.197, 0.822207, -0.749553, -0.770401, -1.13381, -0.412687,
    -0.748913, -0.38648, 0.755733, 1.12906, -0.748595, 1.0809, -0.375095, -0.0240579,
    -0.748405, -0.018124, 1.08481, 0.398155, -0.748364, 0.759062, 1.09552, -0.343203,
    -0.747758, -0.386039, 1.14274, 0.787598, -0.747706, 1.39977, -0.953248, 1.65952,
    -0.747492, 0.61985, 2.64344, -0.143107, -0.747328, 0.353963, 0.717717, -1.09305,
    -0.747318, 1.05402, 0.371477, -0.00369033, -0.746838, -0.329364, -3.37399, 0.54708,
    -0.745955, 0.723236, -0.322829, 1.08178, -0.745844, -0.0125342, -0.0502472, 1.57605,
    -0.745106, 0.714682, -0.738621, -0.00756154, -0.744636, 1.666, -0.773952, -0.938295,
    -0.744063, 1.09647, 0.317622, 1.77685, -0.742779, 0.131122, 0.774162, 1.53641,
    -0.742305, -1.46331, 1.2967, 1.75269, -0.741827, -1.10601, -0.363435, -0.729515,
    -0.740316, -0.388885, 0.0399234, -1.09506, -0.740069, -0.316877, -0.723091, -2.63682,
    -0.739102, -0.730656, 0.361423, -0.34653, -0.738582, -0.00528447, 0.358866, -1.08107,
    -0.73797, -0.359727, 0.706163, 0.375298, -0.737529, -0.73871, -0.738124, -0.746808,
    -0.736249, -0.728885, 0.00445379, -0.710903, -0.736067, 0.0137882, -0.720273, 0.733906,
    -0.735937, -0.73409, 2.50649, 2.34796, -0.735852, -0.735809, -1.62992, 0.0153861,
    -0.735731, -0.365565, 0.717281, -0.35736, -0.735652, -1.49786, -0.384294, -0.36396,
    -0.735596, -0.368477, 0.0150136, 1.11986, -0.735594, -1.14049, 0.412916, -0.739464,
    -0.735192, -0.00341417, -0.341303, -1.08372, -0.735103, 0.0358994, 1.18273, -1.16993,
    -0.734996, -0.366131, 0.691185, -1.06099, -0.734661, 1.09866, -0.0176556, 0.341198,
    -0.734329, -1.71751, -0.509488, 1.24006, -0.733747, -1.2055, 1.26093, 0.711851,
    -0.732786, 0.350732, 1.70579, -1.312, -0.731672, 0.710286, -0.749698, 0.724674,
    -0.731469, -1.08387, -0.71912, 0.383226, -0.730627, 0.73949, 1.09787, -2.99426,
    -0.730052, -0.375398, 0.364589, -0.703301, -0.729609, 0.208954, -2.61892, 0.181196,
    -0.729584, 0.362472, -1.11059, 0.00635849, -0.729442, -1.52219, -0.86063, 0.0612215,
    -0.72932, -1.21496, 0.370403, 0.747198, -0.728914, -0.00412103, 0.712641, 0.734909,
    -0.728501, 0.37041, 0.0244023, -1.11311, -0.728226, 0.382205, -1.13624, 0.78461,
    -0.72787, 0.711517, -0.336538, -0.35968, -0.727769, 0.0209138, -1.62085, 0.771286,
    -0.727539, 0.42535, 0.721099, 1.11031, -0.72738, -0.739133, 0.354547, 0.357108,
    -0.726877, 1.1272, -0.327894, -0.740971, -0.726634, 1.11848, 0.713622, 1.10464,
    -0.726585, -0.347188, -0.358746, 0.718268, -0.725083, -0.789023, 0.735, 1.68038,
    -0.724786, 0.00462372, -1.11718, -0.36811, -0.724254, 0.853912, -1.58501, -0.828392,
    -0.72361, -0.00589774, 0.373288, 1.10303, -0.722865, -0.74049, 0.360782, 1.09087,
    -0.722652, -0.713969, -0.359561, -0.350338, -0.722307, 1.13087, 0.0128481, -1.16178,
    -0.72191, 0.723568, -0.318356, -1.11415, -0.721498, -0.399767, -1.70756, 1.1511,
    -0.72113, 0.342807, 1.12541, 0.746828, -0.721015, -0.70761, 0.00109917, 0.728993,
    -0.720969, -0.020544, -0.00206032, 0.702409, -0.720956, 0.350616, -0.722142, -0.355966,
    -0.720759, -0.0172527, -0.733438, -0.70576, -0.720393, 0.786043, -2.90925, -0.223992,
    -0.720173, -1.16284, 1.14165, -0.00186569, -0.720134, 1.49291, 0.408646, -1.35632,
    -0.719481, 0.311757, -0.0278036, 1.09528, -0.719157, -0.733489, -0.731419, -0.000143215,
    -0.718688, 0.389661, -0.357417, 1.53718, -0.717806, -0.692773, -0.34469, 0.355826,
    -0.71749, -0.380396, -0.341211, -0.715366, -0.717461, 0.340743, -0.705782, 0.354741,
    -0.717304, -2.17839, -0.413206, 1.67512, -0.717074, -0.716604, -0.689536, 0.736256,
    -0.716962, -1.11685, 0.40051, 0.016535, -0.716926, -0.100818, -2.66143, -0.616004,
    -0.716874, -1.07244, 0.00559505, 0.365285, -0.716693, 0.358919, 0.36085, -0.717155,
    -0.71637, -0.362013, 0.360184, 0.712285, -0.716288, -0.366309, -0.731678, -1.11047,
    -0.715371, 0.339932, 0.343409, 0.714498, -0.715286, -1.09292, 0.888991, 2.3485,
    -0.715096, 0.706991, -0.383291, 0.332774, -0.71509, 0.333158, -0.36325, 0.723845,
    -0.71489, -0.697986, 1.15961, -1.15057, -0.714815, 1.36047, 1.97319, -1.54956,
    -0.714206, 0.680725, -0.00642558, 0.689345, -0.714196, 0.725273, 0.687981, 0.719969,
    -0.713133, 1.09843, 0.050192, -0.357072, -0.712949, 1.72495, -1.64167, 1.34246,
    -0.712619, 0.699861, -0.0080568, -0.0138051, -0.71166, -0.703542, 0.0174881, -0.00913491,
    -0.711513, 0.335759, -0.346441, -0.693056, -0.711048, 0.710565, 0.0103012, -0.727997,
    -0.710713, 0.565219, -2.22909, -2.19742, -0.710169, -1.42907, -1.5847, 1.87504,
    -0.710105, 1.03565, -1.47701, 1.90525, -0.70969, 0.729088, 0.737305, 0.00698082,
    -0.709458, -0.000973408, 0.00968787, -0.722659, -0.709167, -0.362001, 0.351322, 0.00187724,
    -0.70916, -0.372717, -1.12613, -0.00423283, -0.708936, 0.717186, 0.363775, -0.359029,
    -0.708474, -0.295953, 0.65074, 2.66443, -0.708074, 1.38788, 1.97686, 1.31857,
    -0.707919, -0.364886, -0.728834, -0.355479, -0.706828, 0.338301, -0.720851, -1.08195,
    -0.70656, -0.001221, 0.338742, 0.344038, -0.705847, 0.985929, -2.17809, -0.436634,
    -0.705672, 0.33465, -0.0209256, 0.326764, -0.705638, -0.0182257, -0.35817, 0.344365,
    -0.705369, 0.42169, 1.46261, -0.429618, -0.704516, 0.339573, 0.71052, 0.366018,
    -0.7042, -0.0160644, 0.690661, 0.00727388, -0.703703, -0.360328, 0.0124314, 0.345562,
    -0.703699, -0.357818, -0.712824, 0.338369, -0.703423, 1.23304, -1.1694, -0.0146447,
    -0.702717, 0.337658, -0.352556, -0.0231679, -0.702555, 1.61364, 1.46508, -0.932751,
    -0.702079, -1.05882, -0.366665, 0.0195134, -0.701699, -1.53685, 0.350002, -0.332707,
    -0.701084, 0.35443, -0.404686, -1.53354, -0.700136, -0.0195996, -1.10438, 0.360863,
    -0.699852, -2.11192, -1.43159, -1.39163, -0.699507, 1.11235, 0.698527, 0.401158,
    -0.699439, 0.433427, 3.08474, 0.572735, -0.699232, -0.349564, -0.338082, -0.004205,
    -0.698502, -1.13655, -1.16307, 0.00819149, -0.698416, -0.00786482, -0.707598, -0.00663839,
    -0.698232, 0.683397, 0.334248, 0.351046, -0.698016, 1.09797, -0.737334, 0.400807,
    -0.697881, -1.06859, 0.0183094, -0.347086, -0.697502, -0.0187222, -0.357921, -0.349067,
    -0.696513, 0.369787, 0.705134, -0.344193, -0.696152, -1.60791, -0.00705745, -0.718728,
    -0.694956, 0.348482, 0.00357969, -0.351648, -0.694486, -0.162666, 2.97369, -0.562312,
    -0.693158, -0.00969054, 0.345905, -0.348288, -0.692459, 0.690929, -0.672417, -0.714183,
    -0.692121, -0.362897, -1.04391, 0.719041, -0.691292, -0.00467794, 0.70032, -0.705896,
    -0.691209, -0.00061969, -0.00300843, -0.0151731, -0.68934, 0.348082, 1.05792, 0.0227383,
    -0.689121, 0.318422, 2.23353, -0.84702, -0.687614, 0.35747, 0.350388, -0.00474715,
    -0.686702, 1.07412, -0.318733, 0.745236, -0.685479, 0.712259, 0.264114, 1.11313,
    -0.685373, -0.299162, 1.56014, 0.389098, -0.685252, -1.94191, -0.7408, 0.599348,
    -0.684159, -0.744901, -1.07399, 0.368616, -0.683984, -0.348785, 0.00746874, -0.367593,
    -0.683085, -2.64448, -0.0443464, -0.45682, -0.682613, -0.928849, -0.65108, 2.17939,
    -0.681981, -1.20898, -1.77253, 0.384622, -0.681782, 1.97099, -2.01014, -0.109153,
    -0.680529, 1.21423, 1.35442, 1.44096, -0.678721, 0.00638631, 1.08573, -0.334743,
    -0.677077, -2.52559, 1.68441, -0.742701, -0.676559, -1.19404, -1.25799, 0.6408,
    -0.675015, 1.61934, -0.725426, 0.00779827, -0.674168, -1.49608, 0.900317, -1.78156,
    -0.674089, -0.672793, 0.882429, -3.03397, -0.673025, -3.19702, 1.50898, 0.406131,
    -0.672917, -1.39243, 3.00754, 1.11771, -0.671992, 2.36241, 1.31158, -0.526486,
    -0.668153, -0.432493, 1.22464, 1.56139, -0.667846, -0.199336, -0.820671, 2.7179,
    -0.667684, 1.27899, 0.379759, -1.97384, -0.667283, 0.764033, -1.08979, 1.25162,
    -0.665464, -1.69638, 1.42763, -0.29969, -0.663853, 1.42885, 1.70394, -0.215225,
    -0.66239, 2.84585, -0.875481, -1.32859, -0.662151, -1.5776, -0.449337, 2.30344,
    -0.661816, 2.85264, 0.82649, 1.62757, -0.656419, -1.13528, 1.23056, -0.739071,
    -0.654378, 1.46608, -2.33136, 0.512915, -0.6537, -0.224039, 0.899568, 2.049,
    -0.65326, 1.77332, 1.92683, 0.565913, -0.640635, 0.579883, 1.6477, -2.01078,
    -0.640207, 0.479166, 0.194563, -2.19191, -0.638827, 1.1888, 0.883299, -1.07919,
    -0.637441, -0.810645, -1.12692, 1.05893, -0.63719, 0.850337, -0.151585, 3.04337,
    -0.634526, 0.843986, -0.0790678, 1.50927, -0.634386, 2.07453, 1.56664, -1.39557,
    -0.633987, 0.877593, -0.963565, -2.40033, -0.631924, 0.0442348, -1.7528, 2.54478,
    -0.627141, 2.00123, -1.37217, -1.46481, -0.622688, -0.748733, 1.68242, -2.37431,
    -0.61895, -2.52083, -2.01274, 1.37561, -0.610961, 1.5905, 0.451768, 1.25743,
    -0.608514, 0.79695, 1.20073, 1.0832, -0.604372, 0.78971, -1.7024, -1.39668,
    -0.60334, -1.36443, -1.20737, 1.20624, -0.602868, -1.67553, -0.924238, -1.17693,
    -0.598284, 2.63595, 0.483121, 0.0188488, -0.597999, 1.13626, 1.73043, 2.13513,
    -0.590159, 1.31212, -1.63747, -0.336743, -0.587955, 0.443241, -0.503631, -3.03088,
    -0.584826, -2.52028, 1.42878, -1.88921, -0.577946, 0.0173037, -2.96012, 1.43972,
    -0.571552, -2.19581, -0.0891263, 0.95871, -0.570712, 1.67198, -0.442431, 1.2607,
    -0.569018, 0.890917, 1.46076, -1.05288, -0.562682, 0.629417, 1.19857, 1.76211,
    -0.558865, 0.905369, 2.72205, -0.892675, -0.558199, -1.46045, -0.314217, -2.4433,
    -0.556702, 1.30434, 0.894321, 1.81218, -0.547191, 2.26987, -0.827627, -0.00943657,
    -0.545765, -2.09541, 0.523122, -0.494651, -0.545255, 1.36167, 2.56557, 0.246147,
    -0.542551, -2.40867, 0.408344, 1.61814, -0.54073, 0.792242, -0.742686, 2.01329,
    -0.540293, 0.79864, -1.25813, -1.7827, -0.53933, -2.37702, -0.868756, -0.897551,
    -0.537837, -2.23348, 0.499113, -1.69192, -0.534897, -2.27791, -1.52384, -0.452674,
    -0.534595, -0.0543971, 0.977661, -2.0782, -0.533494, -1.00951, 1.26489, -1.64703,
    -0.531748, 1.99805, -0.448487, 0.470505, -0.531732, 0.953371, 2.25326, 0.813066,
    -0.530393, 0.323461, -2.05326, -0.362871, -0.529608, -0.500245, -1.40375, -2.49097,
    -0.529131, -0.474933, -1.68354, 1.88834, -0.528137, 2.17383, -0.0492797, 0.0982581,
    -0.525805, 0.470046, 2.1307, 0.336831, -0.522249, 2.6112, -1.44226, -0.511682,
    -0.522125, 2.11004, 0.342954, -1.46068, -0.521223, -1.64718, -1.41353, 0.0229466,
    -0.519899, 0.528226, 0.499081, 1.95647, -0.51753, -0.0238992, -0.00934367, -1.91433,
    -0.516234, 1.95702, -0.386471, -0.418823, -0.515855, -1.50653, -2.12364, -0.165905,
    -0.515743, -2.4884, -0.697231, 0.885087, -0.512973, 1.97582, -0.48159, -1.6459,
    -0.509634, -1.32813, 1.74728, 0.980086, -0.509158, -0.037383, 0.562198, -2.57646,
    -0.507959, 2.19401, -1.0867, 0.744571, -0.505688, 2.21409, 0.984925, 0.114548,
    -0.504614, 0.433759, 1.42871, 2.44602, -0.504207, -1.58539, 2.18968, -0.340397,
    -0.502303, -2.92876, 0.287188, 0.799805, -0.499762, -0.429007, -1.9135, 0.538199,
    -0.497111, 1.39861, -0.650654, 2.43617, -0.496599, 0.0143517, 1.70098, 1.36078,
    -0.493569, -1.78774, 1.80946, 0.424274, -0.493501, -0.69844, -0.0771487, 2.65845,
    -0.490939, -1.20483, -0.450749, 1.155, -0.487987, -2.14851, 0.0375225, -0.895895,
    -0.487335, -1.58098, 2.37057, -2.14294, -0.48521, -1.68873, 0.132406, 1.19044,
    -0.48453, -1.25943, 0.497887, -1.16708, -0.484459, 1.99735, -0.351324, 1.90221,
    -0.483201, 0.105594, 2.09947, 0.815621, -0.482093, -2.71112, 0.689607, -0.000508308,
    -0.480649, -0.453728, 0.77036, -1.49347, -0.479137, 1.58612, 0.796874, 0.357557,
    -0.478713, 1.26381, -1.21561, -1.22501, -0.478627, -0.905431, 2.00805, -0.015913,
    -0.478396, -0.800761, -1.22639, -1.75386, -0.471792, -0.341982, -0.397892, 2.12899,
    -0.471422, 1.89652, -1.75736, 0.65223, -0.470638, 0.362575, -1.95204, 0.386928,
    -0.469335, -1.23528, 1.63643, 0.168755, -0.468845, -1.87574, 0.0484105, -0.0267089,
    -0.468721, -2.0142, -0.939597, -0.0160265, -0.467304, -0.606384, 1.88697, -1.74518,
    -0.465726, 1.979, 0.484204, 0.565851, -0.465379, 0.103836, -1.72618, 1.34142,
    -0.464075, -0.0839015, -2.02819, 0.0493784, -0.463837, -3.3596, -0.965443, 0.671461,
    -0.463578, 0.90521, 1.85203, 0.0473311, -0.463476, -0.50024, -0.444306, -2.00793,
    -0.459811, -0.718835, 2.61495, -0.10667, -0.457117, -0.39473, -2.04149, -0.441761,
    -0.456787, 0.0558481, 1.44919, -1.77532, -0.455305, 1.8094, -1.29256, -0.695883,
    -0.452376, 0.288309, -0.464057, 2.22892, -0.451436, 1.57798, 2.27036, -0.694969,
    -0.450763, 0.797222, -0.250703, -1.58314, -0.450104, -0.621617, -0.0731701, -2.78341,
    -0.450052, 1.28868, 1.12302, -0.556517, -0.447645, -0.733922, -2.16238, 0.0817138,
    -0.446956, 2.66545, 0.0385711, 0.634677, -0.446916, -1.28776, 2.87285, -0.971407,
    -0.445671, -0.478922, 0.482046, -1.96992, -0.445305, 2.40553, -0.125547, -0.843685,
    -0.444093, 0.615847, 2.41337, 1.55931, -0.443075, 0.0710758, -1.08286, 2.12028,
    -0.442566, 0.35906, 0.0349065, -1.53859, -0.442119, -1.37997, -0.933824, -1.8074,
    -0.441384, 2.09114, 0.595436, 1.5822, -0.4405, -2.27676, -0.332626, 0.283755,
    -0.440152, 0.0383227, 1.95515, 0.0317896, -0.440106, -1.66615, 0.0147595, -1.23984,
    -0.437338, 1.72077, 1.27199, -0.0480096, -0.435931, -1.75494, 0.426489, 0.675718,
    -0.435353, 2.44448, 0.804185, 0.86633, -0.434931, 1.42214, 0.386527, 0.0371348,
    -0.434643, -1.94204, 0.781039, 0.140641, -0.434433, 0.776066, 0.314211, -1.50884,
    -0.433748, 1.63002, 0.728504, -0.380706, -0.432325, 0.925673, 2.04946, -1.08591,
    -0.429627, 3.21254, 1.1344, -0.133386, -0.428058, 1.48682, -0.781072, -0.391343,
    -0.425794, -1.19537, -0.399837, -1.78848, -0.425598, 2.07367, 0.325983, -0.504095,
    -0.423639, -0.391872, 2.03422, 0.487784, -0.42315, 0.358624, 1.54836, 0.869201,
    -0.422836, 0.510957, -1.9379, 1.88712, -0.421653, 0.841387, -1.59735, 1.229,
    -0.421171, 0.392438, -1.52397, -0.777087, -0.420875, -0.779106, 0.283664, 1.49184,
    -0.420396, 0.748064, 1.50736, 0.443979, -0.42014, 0.559044, 0.343544, 2.55446,
    -0.420112, -1.15493, -0.765608, -0.779249, -0.419904, -0.397221, -0.0641705, 1.53705,
    -0.419856, -0.228227, -1.18826, -1.59539, -0.419742, -0.348871, -1.0626, 1.12631,
    -0.419621, 1.0613, -0.753567, -1.66122, -0.419193, -0.833197, -0.422836, 1.62376,
    -0.418658, 1.34632, 1.44194, 0.831054, -0.41786, 0.538207, 0.622628, -1.91525,
    -0.416397, 0.769495, 1.09517, -0.71561, -0.416237, 2.84019, 0.848419, -1.60029,
    -0.416189, -0.908803, 0.0471238, -2.0874, -0.414215, 0.435911, -1.14209, -1.104,
    -0.413585, -1.6851, -1.31468, -0.7049, -0.412384, -0.773947, 1.54418, -0.373425,
    -0.412291, 1.52004, 0.366399, -0.820825, -0.411905, -1.79319, 0.236257, 1.85192,
    -0.411682, -0.778272, 1.09941, 0.788437, -0.410364, 1.32557, -0.0354837, -1.54291,
    -0.409824, 1.40639, 0.476471, 0.734966, -0.409202, 1.92936, 1.28254, 0.647912,
    -0.408311, 0.341887, 1.11862, 1.19052, -0.407853, -0.384532, -1.5581, -0.827008,
    -0.407594, 0.0661931, -2.02324, -0.919533, -0.407552, -1.4735, 0.782968, 0.308471,
    -0.40649, 1.57457, 0.0536041, 0.940189, -0.405892, 0.867432, 1.21082, -1.53293,
    -0.404446, -1.27358, 2.34223, 0.47103, -0.40353, -2.31835, 0.985727, -0.989144,
    -0.401835, 1.52718, -1.59545, -2.3541, -0.401625, 1.5124, -0.332001, -0.754191,
    -0.401381, 2.10616, 0.0399308, 0.937297, -0.401289, 0.321984, -0.785931, -1.54802,
    -0.400822, -1.22046, 0.0250108, -1.49899, -0.400425, -0.0146132, -1.51952, -0.381681,
    -0.399672, -0.340832, 1.46747, -0.0171774, -0.399621, -0.414305, 0.0441952, -1.53024,
    -0.399027, -1.0156, 0.0825798, 2.03108, -0.398549, 1.08183, -0.730888, -0.00809756,
    -0.398435, -0.946843, -2.25825, 0.781014, -0.398224, -1.04718, -2.24216, -0.861645,
    -0.398137, -0.333169, 0.678585, 1.5376, -0.397246, 0.522873, 1.97203, -0.422587,
    -0.396982, -0.721926, 1.09913, 0.0163663, -0.396857, -0.901959, -1.11121, 1.64915,
    -0.396793, -0.00237345, 0.425111, -1.48458, -0.396667, -0.330291, 1.55799, 0.890427,
    -0.395977, -0.387193, -0.725724, 1.58333, -0.395208, -0.727223, 0.710218, -0.33225,
    -0.395205, 1.52784, -1.2806, 0.815928, -0.394862, 1.74949, -1.30692, -0.0056199,
    -0.394659, -0.687461, 1.08033, -0.696751, -0.394615, 0.3977, 1.16984, -1.05647,
    -0.393122, -1.37805, -0.778949, 1.66708, -0.392669, 1.13471, -0.778939, -0.80032,
    -0.392243, -0.951333, -1.68109, 1.41374, -0.392064, -1.48702, 0.000151113, 0.382695,
    -0.39199, -1.55367, -0.418757, -0.776187, -0.39177, -0.4381, 1.38967, 2.42329,
    -0.390859, -1.10524, -0.358779, -1.09934, -0.390793, -0.373348, -0.345857, 1.06525,
    -0.390329, -1.12127, -2.66043, -0.077412, -0.390242, -0.0680644, 0.0990029, 3.4877,
    -0.38947, 0.00111456, 0.340666, 1.48463, -0.388653, 0.338431, -1.49575, 0.00418858,
    -0.388321, 1.09154, 0.260343, 1.12847, -0.387955, -0.816236, 1.57357, 1.18873,
    -0.38754, -1.24261, -2.82005, 1.73546, -0.387533, -0.0678992, -1.1698, 1.54088,
    -0.387368, -0.561561, -2.31135, 1.34802, -0.387368, -0.732949, 0.0166995, -1.06127,
    -0.386391, 0.718577, 0.72705, -1.14093, -0.386374, 0.00330864, -0.693284, 1.09153,
    -0.385978, 0.359649, -1.08178, 0.371698, -0.385919, -2.08275, -0.447525, -0.455058,
    -0.384931, -1.11681, 0.0185605, -0.758081, -0.384208, -1.13039, -1.1124, -0.406385,
    -0.383199, 1.08754, 0.767688, -0.0715345, -0.382983, 0.765509, -1.11074, -0.740605,
    -0.38279, -1.13731, -0.0342259, 0.766415, -0.382231, 2.18377, 0.855276, -0.935343,
    -0.382099, -0.741501, 0.702608, 0.38193, -0.381621, 0.717035, -1.08986, 0.00124673,
    -0.381229, 0.0199256, -1.45767, -1.1833, -0.380818, 2.65336, -0.200765, 1.40678,
    -0.380491, -1.73032, 1.13544, -0.707289, -0.379291, 1.15255, -1.12844, 0.373915,
    -0.378618, -0.851004, 2.19849, 1.0289, -0.377859, -0.373636, 1.06758, 0.372588,
    -0.377614, -0.722486, 0.360294, -0.707347, -0.377503, 1.1708, -0.770282, 0.80374,
    -0.376224, -0.0545277, -0.373337, -1.45058, -0.376085, 0.378597, -1.0786, -0.367145,
    -0.375347, -0.763656, 1.63596, -1.18421, -0.374671, 0.0429639, 1.4425, 0.389559,
    -0.374351, -0.335038, 1.48292, -0.777972, -0.37433, 0.379921, -0.773953, 1.60713,
    -0.373978, 0.715353, -0.695173, -0.355791, -0.373856, 1.07459, 0.0118819, 0.00354914,
    -0.373812, -0.767516, -0.747162, -1.15101, -0.373559, -0.351436, 1.07064, -0.347753,
    -0.373462, -0.496828, -2.49803, -1.34423, -0.373404, 1.10443, -1.13474, -0.404117,
    -0.37257, 1.27409, -1.18651, 1.3243, -0.372479, 0.960203, 1.02669, -2.15391,
    -0.372008, 0.711716, -0.690761, -1.14041, -0.371826, -0.362645, 0.694921, 0.0154499,
    -0.37133, -1.16348, 0.760336, -0.689325, -0.371216, 0.0278545, 1.55156, -0.372052,
    -0.370992, -0.0272895, 1.07998, 0.740952, -0.370757, -0.0290197, -0.979456, -2.06898,
    -0.370581, 1.54315, 0.0179919, -0.322742, -0.369995, -0.792279, 0.713046, -1.06927,
    -0.36989, -0.752606, -1.12972, -0.785606, -0.368675, -1.70299, -0.339659, 0.709148,
    -0.368372, -1.59534, 0.426009, -0.739569, -0.367333, -0.742692, -0.325624, -1.45334,
    -0.367226, 1.59392, 0.0164707, 0.363073, -0.367199, -0.731997, -0.671863, 1.15482,
    -0.366893, 1.94806, -1.93763, 2.02717, -0.366397, 0.748307, -1.13398, 0.729904,
    -0.366166, -1.22073, -1.64179, -0.760144, -0.366031, 0.349832, -0.703149, -0.00876726,
    -0.365637, -0.725063, -1.51071, -0.399193, -0.365192, -1.25279, 1.15041, -1.19876,
    -0.364224, 0.0132272, -1.09243, -0.737732, -0.363931, -1.67297, 0.755638, 1.21099,
    -0.363893, -0.346376, -1.54528, 0.0286996, -0.363598, -0.7178, -0.356686, 0.705105,
    -0.363508, -0.825358, 0.335115, -1.49424, -0.363478, 0.341199, -0.703599, 0.698809,
    -0.363426, 0.0169103, 0.709614, 1.10339, -0.363318, 1.18901, 1.14786, 0.33291,
    -0.363317, 0.686815, -0.345762, -0.0104249, -0.363311, 0.68477, -0.00690523, 0.330298,
    -0.363215, -0.754745, 0.731121, 1.13313, -0.363153, -0.359103, 0.361766, -1.10023,
    -0.362879, -0.380131, 0.685009, 0.72383, -0.362817, 1.88622, 0.247267, 2.78535,
    -0.362552, -0.714838, 0.346136, 0.0102796, -0.362415, -0.00967732, 0.689144, 0.366155,
    -0.362353, 0.751348, -1.58727, -0.368475, -0.362081, 0.704491, -0.716886, 0.350053,
    -0.361882, 1.08888, -0.340083, -0.350851, -0.361838, 0.323717, -0.353609, 0.327139,
    -0.361398, -0.36076, -0.348417, -1.06504, -0.3603, 0.333519, -0.334327, -1.0431,
    -0.360239, -1.26922, -0.032725, 1.48656, -0.360113, -0.363466, 0.355813, -0.339582,
    -0.359984, -1.11563, -0.734761, 0.778886, -0.359961, 0.330872, -1.11489, 1.13213,
    -0.35967, 0.00184902, -1.4831, 0.406296, -0.359613, -0.363531, -1.09602, -0.396235,
    -0.359458, -0.708859, -1.08751, -0.043628, -0.359458, -0.0176868, -1.07959, -0.0182464,
    -0.359273, -0.339863, 2.05599, -0.495293, -0.358888, 0.351275, 0.34858, -1.06323,
    -0.358736, -0.00894476, -0.379043, 1.48695, -0.358593, -1.53477, 0.801501, -0.301548,
    -0.358348, -1.45548, -0.339627, 0.0147001, -0.358154, 1.06591, -0.350984, 0.347447,
    -0.358049, -1.52507, -0.779334, -0.326757, -0.357741, 1.74949, -0.0537746, -1.15043,
    -0.357704, -0.01641, 0.00378363, -1.06372, -0.357614, 1.1093, 0.0116672, -0.728255,
    -0.357554, 1.48988, -0.72829, -2.18522, -0.357463, -0.725794, -0.712379, -0.379193,
    -0.357457, 0.73607, -0.681493, 1.035, -0.357261, -1.521, -0.706375, 0.374128,
    -0.357115, 0.687141, -0.341768, 0.677514, -0.356921, -0.920805, 1.24462, 1.71528,
    -0.356821, 0.713356, 0.369651, -0.709429, -0.356817, -0.257957, 2.3055, 1.44229,
    -0.356194, -0.374072, 0.331617, 1.08105, -0.356163, 0.0166622, -1.09407, 0.748239,
    -0.355859, 0.153204, -1.58662, -1.82479, -0.355796, -0.020332, 0.332106, 0.699892,
    -0.355731, -0.749058, 0.32936, 0.714155, -0.355683, -0.442561, 0.332246, 1.99158,
    -0.355216, -0.364896, -0.714324, -0.71902, -0.353973, -1.07473, -0.3617, -0.368546,
    -0.353821, 1.46696, -0.358788, 0.0542006, -0.353459, -0.715234, -0.361064, -0.713085,
    -0.353104, 0.340631, -0.34936, -0.355029, -0.353044, -1.09571, 0.371741, -0.35409,
    -0.352949, 1.10269, 0.0198749, 0.669631, -0.352343, -0.770171, -1.47596, 0.365343,
    -0.352025, 1.41423, 0.305805, 2.18322, -0.351983, 1.60245, -0.807651, 0.447527,
    -0.351945, 0.821048, -0.481164, 1.4695, -0.351723, -0.360206, -0.00231909, 0.697226,
    -0.35141, -2.30309, 0.907662, 1.07767, -0.350974, -0.0195638, -0.350814, -0.69043,
    -0.350834, -0.704057, 0.000824667, 0.339724, -0.350756, 0.000736779, -0.332372, 0.694835,
    -0.35065, -0.69151, -0.345555, -0.00593444, -0.350625, 1.14513, 1.35263, -0.124054,
    -0.350494, -0.356248, 0.347869, 0.343664, -0.350413, -0.355807, 0.681881, -0.696944,
    -0.350315, -1.18857, -1.26059, -1.25838, -0.350209, 0.32797, 0.333541, 0.348427,
    -0.350127, -1.11369, 0.364427, 0.398334, -0.34967, 0.0408248, 1.23321, 1.72738,
    -0.349417, 0.385048, -1.55945, 0.838623, -0.349239, -0.359481, -0.348178, -0.35968,
    -0.349044, -0.351335, 0.00939887, -0.709947, -0.348894, -0.0128374, -0.00639521, 0.327117,
    -0.348619, 0.329165, -0.00243627, 0.680705, -0.348445, -0.0163767, -0.00934648, 1.07835,
    -0.348369, 0.0595613, 0.0155007, 2.00659, -0.348268, 1.49635, 0.400306, -2.74269,
    -0.347909, -0.345003, -0.339294, 0.335138, -0.34779, 0.852385, 0.469289, 1.50728,
    -0.347636, -0.0044678, -0.70083, -0.351022, -0.347447, -1.05727, 0.0147857, 0.0158196,
    -0.346951, -0.438408, -0.754506, -1.50779, -0.346498, -0.709571, 0.00215842, -0.359549,
    -0.346366, -0.00744584, 1.06317, 0.0245009, -0.346109, 0.341512, 0.688399, 0.725825,
    -0.34584, 0.700711, 0.356401, -0.0105839, -0.345573, 0.00550241, 0.692423, -0.336761,
    -0.345035, -0.329462, -0.679369, 0.696356, -0.344855, -1.06913, 0.735831, 0.00875616,
    -0.344819, 0.760301, 1.06152, 0.678457, -0.344442, -0.0078136, -0.705605, 0.330797,
    -0.344345, -0.33715, 1.03953, -1.10913, -0.344311, 0.343875, -0.71101, -0.700338,
    -0.344084, 1.06053, 0.368186, 0.347737, -0.343592, 0.336322, 0.0138351, -0.687356,
    -0.343421, 0.720777, -0.331461, -0.699004, -0.343344, -0.0642576, 1.95039, -1.0475,
    -0.343282, 0.0241543, 0.713234, -1.06215, -0.342996, -0.369875, -0.693327, -0.020997,
    -0.342877, 1.09714, 0.370581, -1.13042, -0.342376, 0.70549, 0.337728, 0.696487,
    -0.342341, -0.761342, -0.0486337, 1.10694, -0.342316, 0.345855, 0.692825, 0.015779,
    -0.341996, 0.350034, 0.337436, 1.09302, -0.341891, -0.341581, 1.0908, 1.1808,
    -0.341777, 1.96129, -0.90146, 1.29208, -0.341554, -0.00658389, 0.352321, -0.683563,
    -0.341413, -1.14745, -1.08707, 0.360888, -0.340988, -0.34941, 0.00325239, -0.0148423,
    -0.340846, -0.00252684, 0.341212, 1.24037e-05, -0.340804, 1.13993, 0.839124, 0.772689,
    -0.340593, 0.805886, -0.127581, 1.99247, -0.340443, -0.585659, 2.45195, -1.34683,
    -0.340239, -1.2016, 0.745609, 0.75528, -0.339952, 0.704442, 0.0151101, -0.355478,
    -0.33952, 1.01416, -2.16092, -1.05848, -0.339485, 0.368631, 0.722515, -0.704724,
    -0.33938, 0.349326, -0.344949, 1.09991, -0.339303, 0.337581, 0.00359883, -0.0171017,
    -0.338569, 0.358822, 1.07149, 0.386282, -0.338535, -1.09026, -0.727324, -0.0043588,
    -0.338456, 2.26721, -0.854593, -0.932018, -0.338141, 0.38033, 1.50627, 0.0215331,
    -0.338086, 0.701971, 0.702521, 0.360024, -0.337339, -0.705151, -0.701261, 0.327168,
    -0.337179, -1.07468, -0.366702, 0.375791, -0.33682, 0.0052526, 1.09127, -0.709869,
    -0.336777, -0.00138342, -0.735596, -1.091, -0.336565, 0.71175, 0.70705, -0.346889,
    -0.336071, -0.00550248, -0.000232876, -0.342648, -0.335426, 1.11316, -0.390636, -1.13079,
    -0.335158, 0.231544, 2.29121, -1.66324, -0.33492, 0.419449, 0.0337316, 1.5325,
    -0.334822, -0.00778723, -0.353627, -0.0185062, -0.334361, 0.330847, 0.807537, -1.45335,
    -0.334182, 1.16368, -0.303405, 1.13319, -0.334047, 0.722547, 1.10856, 0.0375881,
    -0.333317, -1.4279, -0.0186912, -0.360392, -0.333279, 0.749977, 1.46834, -0.376118,
    -0.332296, -0.951867, 0.943569, -2.21047, -0.331754, 1.11222, 0.368755, -0.372312,
    -0.331244, -0.369485, -1.12259, -1.11159, -0.330958, 0.346896, 0.360197, -0.347429,
    -0.32995, -1.12229, -1.59818, -0.0498972, -0.3298, 0.919457, -0.122673, -2.24622,
    -0.329454, 0.378558, 1.08048, -0.354546, -0.328995, 1.09119, 0.72213, -0.684047,
    -0.328084, 0.697572, -0.00203049, -1.07713, -0.327257, -1.15605, 0.382482, 1.11081,
    -0.327022, -1.71409, 1.20044, 0.643735, -0.326796, 0.725766, 0.691902, 1.0634,
    -0.326656, -0.417195, -1.42423, 0.803328, -0.32632, -1.73259, 0.839909, -1.27597,
    -0.326176, -0.757624, 1.50231, 0.489031, -0.324693, -1.13859, 1.17313, -0.311441,
    -0.324576, -1.25174, 1.1685, 1.16758, -0.323744, -0.508938, -1.83264, -1.98471,
    -0.323293, -2.56075, -0.197719, -1.35789, -0.322585, -0.357579, -1.08406, 0.343983,
    -0.318789, -1.54441, 0.453035, 2.46827, -0.316325, 1.182, 1.67721, -0.660038,
    -0.311311, 1.67057, 0.903714, -1.28426, -0.3099, 1.50325, -0.374906, 0.691451,
    -0.309721, -1.13268, 1.14298, 0.374381, -0.308374, -1.45302, -1.80897, 1.00628,
    -0.308113, -1.63416, 1.42616, -2.89429, -0.307872, -1.48022, 0.360938, 0.0242455,
    -0.307265, -0.860338, -1.29272, 2.49115, -0.305333, 0.862174, -2.15458, 0.0708283,
    -0.305295, 0.702411, -0.0366685, 1.0454, -0.304881, -2.34985, 0.256214, 0.472897,
    -0.304259, 1.0419, -1.8094, 0.688692, -0.301928, -0.974681, 2.13852, -0.805401,
    -0.301373, -1.90529, -1.32432, 2.67226, -0.300177, 1.38435, 0.0473102, 1.5763,
    -0.298209, -0.732131, -1.01083, 0.681834, -0.296044, -1.79329, -1.3144, 0.67542,
    -0.295498, -0.718835, -1.69722, -1.28818, -0.295168, 0.540257, -0.536772, -1.9906,
    -0.29428, 1.77751, 0.862009, -1.97329, -0.292894, 1.2056, 3.1086, 1.12945,
    -0.292487, 2.45874, -1.51129, 0.264712, -0.291759, -0.0779295, 1.44681, -1.27019,
    -0.290999, 1.65867, -0.814412, -1.33669, -0.289243, 1.22615, 0.747426, -1.61127,
    -0.287255, -0.00140199, -2.13682, 0.861989, -0.287019, -1.32241, 0.762769, 1.71658,
    -0.28685, 0.391067, 0.782242, 1.53159, -0.286562, -1.4176, 0.433793, -1.85483,
    -0.285448, -1.35743, -3.42244, -0.310156, -0.284429, 0.293931, 1.55429, -0.770317,
    -0.281426, 1.39363, 0.934581, 1.24468, -0.279649, -2.80756, -0.912602, -1.87679,
    -0.278879, 0.857542, 1.79076, 1.23221, -0.276778, 1.09033, 0.959608, 2.38635,
    -0.273962, 0.701697, -1.50958, 0.404761, -0.270582, -1.39974, 1.75937, -1.52764,
    -0.269732, -1.39062, 1.6195, -0.891638, -0.265924, -2.29697, 1.32409, -0.0765023,
    -0.264746, -0.566479, 1.8037, 1.76735, -0.255524, -1.85829, -0.901872, 1.17778,
    -0.253146, 1.34237, 1.40811, -1.31446, -0.249897, -1.59442, -2.04329, 0.40997,
    -0.249552, -1.95193, -0.664283, -1.5514, -0.248577, 1.49312, -2.6706, -0.0668923,
    -0.247995, 1.08504, -1.52597, 0.101309, -0.246049, 0.427117, -2.51984, -1.42818,
    -0.245079, 1.32938, -1.55855, -0.869291, -0.245001, -0.452009, 2.74043, 0.68286,
    -0.239169, 0.409323, -1.61405, -2.42142, -0.23856, -2.04983, 1.90779, 1.86458,
    -0.232211, -2.49644, 1.54149, 0.786334, -0.224497, -3.46955, 0.339144, -0.0434609,
    -0.221465, 1.82319, -1.07036, 1.94277, -0.219882, 0.59004, 1.71987, 1.80599,
    -0.215125, -1.002, -0.924807, -2.37446, -0.209836, 0.587775, -0.997423, 2.58613,
    -0.2028, -1.63098, 1.26377, 0.0470321, -0.201972, -2.25334, 0.0893503, -2.75397,
    -0.200959, -2.09751, -1.07666, 1.92487, -0.195284, -1.30453, 0.438321, -2.70525,
    -0.194995, 0.000961477, -3.35738, -0.657553, -0.19498, 2.71257, -0.661201, 0.504,
    -0.185813, 0.64361, -2.30406, 1.18966, -0.185694, -0.435093, -0.957271, 2.08853,
    -0.185548, -0.665017, 0.809658, 2.12047, -0.184058, 0.601215, -1.452, -3.2604,
    -0.182612, -0.505217, 1.29366, -1.66972, -0.181243, 0.146721, -0.0896379, -2.4975,
    -0.177229, -0.877783, -1.59406, 0.801434, -0.176951, -1.49486, -1.8917, -1.29183,
    -0.175892, 1.14742, 2.19638, -0.0836194, -0.17516, 1.84769, 1.46362, 2.29934,
    -0.174674, -2.7012, -0.78908, 0.0047011, -0.171654, 1.86302, 1.62972, -0.552834,
    -0.171079, 1.43668, -1.88138, 0.156797, -0.166819, 0.498631, 1.71376, -1.26117,
    -0.162796, 1.91353, 0.361558, -0.00824772, -0.156997, -1.0812, -2.29207, -1.8598,
    -0.156639, 0.392224, 2.45691, 2.48027, -0.148665, -2.72657, 0.431745, -0.691549,
    -0.145816, -2.83022, -0.863238, 1.60311, -0.144839, 1.20072, -2.33156, 1.59391,
    -0.143509, -3.1325, 1.05629, 1.61576, -0.140735, 0.411348, 0.91308, 2.25009,
    -0.139432, 1.05335, -1.88612, 2.57298, -0.138711, -0.336952, -1.66411, 1.26771,
    -0.137023, 0.45823, -1.32438, 1.59268, -0.135152, 0.519405, -2.54564, -0.504409,
    -0.13422, -1.91917, 0.0268426, -0.417009, -0.132504, -0.80347, 0.770505, -1.60387,
    -0.13199, -1.46523, -0.421483, -1.31517, -0.126027, -0.0955992, -2.02808, -1.58112,
    -0.124986, 3.30833, 0.0578602, 0.0651368, -0.116936, 0.0209014, 0.475571, -1.99209,
    -0.115253, -0.0782165, 0.892505, -1.61652, -0.11514, -1.31989, -1.50012, -1.95626,
    -0.113505, -0.210785, 1.42667, -2.36273, -0.112856, -0.034552, 2.5614, -0.887622,
    -0.111791, -0.410559, -2.55961, 0.494929, -0.111014, 2.35816, 1.65937, 0.0826144,
    -0.11046, 0.361909, -2.65261, 0.532134, -0.10987, 0.990321, 1.85078, -1.74969,
    -0.107766, -0.0684264, 0.506317, 2.51717, -0.105377, 0.82941, 1.1217, 1.26638,
    -0.104739, 3.37707, -1.29133, -0.0257981, -0.103717, 0.334372, -1.18255, -1.5014,
    -0.102962, -1.90839, 2.28965, 0.892813, -0.102915, 0.82113, -1.19019, -1.25156,
    -0.100612, 0.00668646, -0.443313, -1.89749, -0.0994151, 1.30452, -0.458703, 1.74345,
    -0.0990372, -1.88747, -0.470758, 0.0198311, -0.0983415, -1.80066, -0.443696, 1.68239,
    -0.0980801, -0.825536, -1.97736, -0.378586, -0.0978267, 0.796355, -1.09822, 1.13836,
    -0.0969804, 1.23817, 1.67188, 0.409535, -0.0966479, 0.41333, 1.26876, -1.56356,
    -0.0944683, 1.96936, -0.386129, 0.0340183, -0.0944043, -1.31351, 1.71001, -0.311187,
    -0.0940227, -0.806341, 1.50285, 0.0286924, -0.092561, 1.98076, -0.863507, -0.379644,
    -0.0913758, -0.478969, -1.24575, 1.50639, -0.0913119, 1.36668, -1.76821, -1.46539,
    -0.0911941, 0.046527, 0.546778, 1.88958, -0.0864771, 2.63921, 1.72659, 1.23149,
    -0.0854666, -1.29787, -0.337616, 3.22389, -0.0850737, -0.0520319, 0.0724145, -3.47748,
    -0.0847285, -2.47631, -1.36468, 0.870336, -0.0835797, 1.32606, -2.59252, -1.8648,
    -0.0817946, 1.24809, -0.766787, 1.27103, -0.0800594, -0.919748, -0.527568, 2.07887,
    -0.0797764, 0.784955, -1.74468, -1.8003, -0.0787275, -0.0178903, 0.0120641, -1.47296,
    -0.0780968, 2.11317, 0.895234, -0.368098, -0.0776484, 1.68704, 1.88461, 0.0549337,
    -0.0767233, -2.11695, 0.415986, -1.0198, -0.0764174, 2.42475, -0.0791613, -1.46645,
    -0.0760949, -0.108607, 3.42279, -0.022477, -0.0756016, -0.0700285, 2.51373, 0.0285099,
    -0.0753122, -1.91742, 1.6323, -0.568034, -0.073718, -1.11697, 0.0459265, -1.12524,
    -0.0735957, -0.238509, 3.35196, 1.41827, -0.0719427, 1.53946, -0.814508, -0.786193,
    -0.0719168, -1.62583, -0.815657, -0.827012, -0.0717164, -2.37272, -2.44692, -0.168234,
    -0.0707633, -0.393295, 1.93916, 0.0087292, -0.0695266, 0.357986, 1.45714, 1.31285,
    -0.068566, -1.13402, 1.85035, 1.99704, -0.0685305, 0.455171, 0.0508318, -1.92519,
    -0.0681821, -1.89041, 2.12462, -1.0913, -0.0679777, 1.6284, 0.858396, 0.744576,
    -0.0678739, 0.481905, -1.92754, -0.679008, -0.067839, 3.48174, -0.416734, 1.0397,
    -0.0673112, 1.95841, 1.27107, 1.39306, -0.0668636, 1.79352, -2.76303, 1.01125,
    -0.0660695, 0.355218, -0.366902, -1.44638, -0.0650254, -1.60404, -1.06999, 0.23505,
    -0.0648027, 1.86744, 1.93291, 1.03418, -0.0635607, -0.404948, 1.06738, 1.7032,
    -0.0632838, -1.23718, 1.69082, 0.543803, -0.0624397, -0.813237, 0.657764, 1.55737,
    -0.0623633, -0.757078, 1.11235, -1.15671, -0.0616484, 1.80978, -1.79305, -0.358487,
    -0.0604784, 0.352065, 1.00581, -2.19262, -0.0598363, -2.44783, -0.0750099, 2.46501,
    -0.0597992, -0.418913, 1.10541, 0.725227, -0.0584121, 2.07246, -0.452712, 0.868102,
    -0.0583909, 0.381217, -1.70651, -1.23714, -0.056456, -0.393174, 0.0255936, -2.10748,
    -0.0563753, 0.80068, -0.831155, 1.56901, -0.0555569, 0.316541, -0.844037, -2.56882,
    -0.0548685, -0.788108, 1.49345, -0.767256, -0.0541992, -2.06063, -0.976397, -0.423071,
    -0.0531721, -2.48584, 2.51205, -0.0767615, -0.0525979, 0.741865, 1.96187, 0.565303,
    -0.0520704, -1.56865, 0.0796131, 0.77734, -0.0513996, 0.310263, -0.266672, 2.82986,
    -0.0510322, 1.48585, 0.54668, 1.62549, -0.0506482, 1.13287, -2.10377, -0.472797,
    -0.0498323, 1.56613, 0.753546, -0.769437, -0.0490535, -1.61123, 0.371825, -1.25879,
    -0.0490108, 0.803742, 1.47473, 0.791883, -0.0488711, 1.08389, -1.13278, 2.02677,
    -0.0485376, -0.3618, 1.50658, 0.373784, -0.0482543, -1.1421, -0.800482, 1.19097,
    -0.0482152, -1.0854, 0.375598, -0.761306, -0.0472893, -1.50411, -1.157, -0.302938,
    -0.0467674, 2.21997, -0.77659, -2.34458, -0.0461296, -2.05089, 1.02357, 1.7371,
    -0.0456146, -0.7546, -1.14932, 1.10389, -0.0455778, -1.56374, -0.342956, 1.17823,
    -0.0451523, -2.98523, -1.26632, -0.69105, -0.0444427, 1.99671, -0.426774, -0.886974,
    -0.0442605, 0.387135, 1.1061, 0.782174, -0.0439354, 2.72396, 0.505089, -0.658421,
    -0.0438918, 1.43443, -1.75951, 1.04823, -0.0428054, -0.547399, -2.64951, -0.576933,
    -0.0426671, 0.536606, 2.55655, -0.320421, -0.0423575, -2.0615, 0.440703, -0.0530532,
    -0.0398668, 1.10398, 0.754272, 0.362803, -0.0393917, 1.10357, -0.731688, 0.377129,
    -0.0391796, -0.0267139, 1.52827, 0.771545, -0.0373631, -1.21426, -1.19314, 0.813574,
    -0.036879, 0.346156, -0.729042, 1.10417, -0.0365656, 2.58102, -0.80847, 2.1451,
    -0.036406, 1.82575, -2.19689, -1.00297, -0.0362161, 0.0471836, 1.97705, 0.457062,
    -0.0352455, 1.51777, 2.48352, 1.79903, -0.0344833, 1.75279, 0.149338, -1.74448,
    -0.0334205, -1.84773, 0.948178, -2.06486, -0.0332594, -1.54589, -0.0176085, -0.79731,
    -0.0327071, 1.49594, 0.760805, -0.0175462, -0.0323441, 1.5054, -0.78108, 0.0238269,
    -0.032333, 0.696766, -3.41451, 0.169486, -0.0320313, 1.09085, -1.06138, -0.00503292,
    -0.0313853, 0.427025, -1.92489, 0.00347208, -0.0296192, 1.09244, 0.254153, -1.71141,
    -0.0291873, 1.61031, 1.26191, 0.268611, -0.0281937, 0.375956, 0.332162, -1.43298,
    -0.0280484, 2.49302, -0.0508544, -0.108412, -0.0279209, 0.844709, 1.55683, -2.51815,
    -0.0273417, -1.31453, -1.52113, 0.343424, -0.0268852, 1.51083, -1.28087, 0.401453,
    -0.0262677, 1.18849, -0.396923, -1.62493, -0.0261264, 2.06046, 0.00900053, 1.42452,
    -0.0260789, -1.11562, 1.09484, -0.721488, -0.0259532, 0.912721, 0.394657, 2.01919,
    -0.0258315, -0.453596, -0.330196, 1.40747, -0.0256468, 1.08386, 0.413837, 0.749645,
    -0.0254371, -0.0245864, -2.50489, -0.0766917, -0.0254295, 1.12527, 0.760576, -1.13429,
    -0.0251492, -0.367199, -0.724055, 1.07225, -0.0242648, 0.360991, -1.4523, -0.372316,
    -0.0235801, -0.544645, -0.921868, -3.25818, -0.0235691, -1.6052, -1.41662, 1.36765,
    -0.023537, 2.56979, -1.6427, 1.22113, -0.0232925, 0.930733, 0.529086, -2.25561,
    -0.0222201, 0.336794, -1.06337, 0.006434, -0.0218827, 1.08718, -0.70248, -0.370525,
    -0.0214949, -0.749443, 1.10357, 1.17027, -0.020981, -0.00462939, -1.4914, -0.731003,
    -0.0204161, -0.709878, 0.346597, -1.1268, -0.0195135, 0.351545, 1.97806, 1.04365,
    -0.0195031, -0.0073784, 1.07041, 0.365868, -0.0192319, 1.45876, -0.116559, -2.23257,
    -0.0191281, -0.0101583, -0.771912, 1.45986, -0.018928, -2.20893, 0.851363, 0.505456,
    -0.018803, 1.5099, 0.409008, 0.367823, -0.018649, 0.729521, -0.700289, -1.50854,
    -0.0185264, -1.09658, 0.0167763, 0.363025, -0.0182373, 0.819114, 0.00131341, 1.51622,
    -0.01794, -0.743694, 1.02492, 0.36359, -0.0179257, 0.678266, -0.340391, 0.351056,
    -0.0178373, -0.372126, 1.08648, 0.0016362, -0.0175457, -1.89813, 0.0251127, 0.313941,
    -0.0171912, 0.341587, -0.333845, -0.00149298, -0.0168751, 1.06353, -0.381941, 0.737078,
    -0.0162538, -0.927593, -0.693681, -1.64367, -0.0162335, 3.20352, -0.306047, -0.867001,
    -0.0161109, -0.0202827, 0.704315, 0.717294, -0.0160099, -0.756967, 0.693677, 0.735867,
    -0.0155469, 1.58589, 1.11883, -0.364715, -0.0154666, -1.17022, 1.55666, 2.7389,
    -0.0154047, 0.742838, 1.51402, -0.77956, -0.0153562, 0.368946, -1.09595, 0.715952,
    -0.0152488, 0.0134305, 1.29358, -3.17427, -0.015209, -1.11968, -0.379123, -0.735529,
    -0.0151894, 0.566218, 0.542322, -2.86255, -0.0148389, 1.06722, 0.000843311, 0.355806,
    -0.0141814, -0.719125, 1.04309, -0.337706, -0.014111, -0.00339085, -1.05354, -0.384214,
    -0.0140295, 0.34703, -0.6948, -0.352661, -0.0137775, 2.02911, 0.560569, 0.988285,
    -0.0137457, 0.727474, -0.728631, -0.738269, -0.0135488, -0.198721, 3.20648, -1.56071,
    -0.0122695, -0.341573, -1.98407, -0.901352, -0.0122042, 1.10308, -0.37559, -0.721736,
    -0.0118845, 1.05314, -0.357952, 0.00691027, -0.0114436, -1.15036, -0.372772, 1.52732,
    -0.0112972, -0.351176, 0.341199, -0.00135151, -0.0111575, 0.685886, 0.354026, 0.344593,
    -0.0107661, -1.92655, -0.750485, -2.18423, -0.0106844, -1.14529, 0.693909, -1.17823,
    -0.0104625, -0.350844, 0.00785874, -0.363698, -0.010088, 0.701432, -0.720387, 0.688864,
    -0.00998943, 0.00435222, 1.09815, -0.349111, -0.00979199, 0.69385, -0.703448, -0.00794554,
    -0.00946752, -0.356748, 0.696565, 0.346527, -0.00879938, -0.371764, -0.00621124, -1.09153,
    -0.00849904, 0.712295, 0.0108987, 0.00205933, -0.00847083, -0.707182, 0.353803, -0.348813,
    -0.0084416, -0.511997, -0.115327, 1.89634, -0.00842626, -0.698691, -0.34553, 0.340489,
    -0.00835935, 0.0830564, 1.1783, 3.2098, -0.0082458, -0.00859139, -1.53126, 0.822069,
    -0.00796971, -0.0238688, 0.0179756, 1.51929, -0.00788283, -1.71485, -1.6646, -0.160873,
    -0.00779157, -0.750341, -0.718572, -0.756942, -0.00755933, -0.727229, -0.0118969, 0.682735,
    -0.00748916, -2.08655, 0.878953, -0.467119, -0.0073464, -0.708711, 0.693377, 0.00733331,
    -0.00701977, -0.0150355, 0.337196, -1.04052, -0.00698497, 1.0777, 0.00483725, -0.360854,
    -0.00667461, 0.335405, 0.00302809, 0.333959, -0.006176, -1.61917, 0.447996, 0.38648,
    -0.00602672, 1.51688, -1.21803, -0.2934, -0.006018, -0.344415, 1.57226, 1.32871,
    -0.00587829, -0.422455, 0.389707, -1.55492, -0.00569408, -0.711209, 0.703557, -0.71683,
    -0.00514778, 0.341886, 0.34553, -0.00452847, -0.00506874, -0.355409, 0.350928, -0.698607,
    -0.00500297, -1.14439, -1.12522, -0.806308, -0.00497685, -0.329007, 0.709816, -1.11085,
    -0.00475007, 0.33627, -0.685155, 0.328975, -0.00474073, 1.12302, -0.00494448, -1.12272,
    -0.00450176, -0.34885, 0.00762228, 0.328612, -0.00428155, 0.0107945, -0.697399, 0.687586,
    -0.00420622, -1.11058, -0.387468, 0.726472, -0.00409596, -0.35021, 0.703097, -0.343001,
    -0.00392426, -1.1817, -0.790826, -1.22079, -0.00391977, -0.0125237, -1.06959, 0.341532,
    -0.0035633, 1.09906, -1.58394, 1.56911, -0.003383, -0.687072, -1.48029, -0.00519446,
    -0.00318577, 0.725675, -1.04928, -0.360408, -0.00298, 0.365672, 1.07533, 0.0140318,
    -0.00290238, -0.00916489, 1.14411, 1.09479, -0.00251468, -1.54273, -0.769697, 0.785635,
    -0.00250313, 0.72812, 1.08923, -1.11728, -0.00231539, 0.266968, 2.62464, 1.08844,
    -0.00223581, 0.39086, -0.3552, 1.556, -0.00222191, -0.368356, -0.698373, -0.377601,
    -0.0022068, 1.09036, 0.385933, -0.00787167, -0.00209162, 0.34212, -0.341343, 0.699543,
    -0.00198985, -2.09586, -0.349841, 0.977889, -0.00163537, 1.508, -0.401751, -0.363258,
    -0.00155899, -0.0175144, -0.500028, 1.90011, -0.00128509, 0.329742, -7.05202e-05, -0.344911,
    -0.00127195, -0.0577137, -1.59163, 1.89958, -0.00126619, 2.04905, -0.952659, 0.29109,
    -0.00103912, -0.35118, -0.334436, 0.68621, -0.000956291, -0.00425031, -0.338268, 0.332502,
    -0.000614558, -0.715132, 0.356605, 0.344756, -0.000591493, 2.74652, 1.54581, -0.898713,
    -0.000587956, -0.712183, -0.0111766, -0.721923, -0.000422398, 0.327483, 0.689468, 0.362688,
    -0.000415606, -1.06336, -1.10684, -0.00154422, -0.000315863, -0.39849, -0.351327, -1.53542,
    -0.000187334, -0.363068, -1.05644, -0.02889, 6.1804e-05, -0.0114524, 0.700776, 0.00406645,
    7.45202e-05, -2.03359, 0.373228, 1.00062, 0.00013511, -0.00757953, 0.350708, 0.336467,
    0.000452349, -0.470338, -0.836201, -1.94926, 0.000812825, -0.0225326, -0.361114, 1.06909,
    0.000999613, -0.400074, 1.46113, -0.37214, 0.00119379, 0.749346, -0.0605189, -1.45749,
    0.00148977, 0.710768, -1.07008, 0.34999, 0.00181724, -1.06207, 0.0153757, -0.384386,
    0.00201951, -2.27707, -1.51374, 0.134178, 0.00265436, -0.00419188, -0.68766, -0.0101587,
    0.00317879, 0.332693, 0.343568, 0.694836, 0.00336792, -0.396724, 0.314586, 1.45525,
    0.00368259, 2.18082, 1.83833, -2.12034, 0.0037698, 0.367652, -0.749707, -1.09324,
    0.0038526, -0.761201, 2.10482, 0.377438, 0.00386027, -0.352341, -0.329615, -0.0197195,
    0.00392218, -0.380964, -0.707488, -1.09265, 0.00468842, 0.702415, 0.703571, -0.00058088,
    0.0050821, -0.00627974, 0.0015803, 0.000196842, 0.00523498, -0.0717698, -0.834479, -1.50737,
    0.00531842, -0.366309, 0.347458, 0.692225, 0.00539873, 0.688525, -0.343402, -0.356575,
    0.00542698, 1.45792, 0.010247, 0.00925724, 0.00694925, 0.342165, -0.347398, -0.695401,
    0.00715968, -0.0187874, -0.359531, -1.0781, 0.00722149, -0.382083, 0.684549, 1.09898,
    0.00743028, 1.5446, 0.317333, 1.11074, 0.00754322, -0.705411, 0.00286401, -0.0112674,
    0.00757314, -0.0216389, -1.46584, -0.00446539, 0.00758086, -1.05418, -0.343407, -0.00272426,
    0.00760115, -2.10127, -0.823507, 0.463052, 0.007663, -1.48921, -0.352221, 0.408449,
    0.00796314, -2.12471, -2.08961, 0.882926, 0.008353, 0.00692123, -0.706066, -0.714856,
    0.00866741, -0.00794113, 0.00728092, 0.679673, 0.00879438, 0.341104, 0.345948, -0.676952,
    0.0089768, 1.1957, 1.23887, 1.73879, 0.00921792, -0.746099, -0.357138, -1.12409,
    0.00925786, -1.14785, 1.18337, 0.772294, 0.00925933, 0.698397, 0.0218305, -0.693785,
    0.00931628, -0.0167925, 0.342226, -0.342343, 0.00965959, 2.21141, 2.67189, 0.225156,
    0.00969685, -0.0104854, -0.0255511, -0.699152, 0.0101409, -0.354511, -0.35039, -0.708253,
    0.0101586, -0.00744348, -0.344405, -0.347501, 0.0104187, -0.343995, -0.0103162, 1.04647,
    0.0106905, 0.725959, 0.67035, -1.55036, 0.010857, -1.78569, 1.36346, 1.12216,
    0.011279, -0.705855, -0.349007, -0.367686, 0.0113559, -0.372533, -1.50938, -0.388359,
    0.0114138, 1.51416, 0.40092, -0.382902, 0.0116619, -0.352185, -0.692799, 0.329564,
    0.0119644, 0.758699, 1.07789, -0.390756, 0.0122299, 1.98389, 0.0418468, 0.475797,
    0.0124807, -0.348997, 1.07317, -0.730551, 0.0124884, -1.50537, -0.377731, -0.385658,
    0.0129186, -0.00640287, 0.359308, 1.06507, 0.013567, -1.09199, -0.726021, -0.388852,
    0.0137271, -0.711474, -1.1165, -1.2285, 0.0143279, -0.0512716, -1.94324, 0.378607,
    0.0144761, -1.1361, 0.696895, 0.368009, 0.0146935, -0.777267, -0.374781, 1.06049,
    0.0147687, 1.50789, 0.00620523, -0.778479, 0.0149323, -1.16967, -0.035251, 1.05414,
    0.0150799, 0.396902, -1.10784, -0.756091, 0.0153187, 0.698792, 0.350034, -0.344674,
    0.0157469, 0.50504, 2.14123, -0.87808, 0.0158288, -0.74028, 0.317581, 1.05305,
    0.015871, 0.797545, -1.51965, -0.825684, 0.0163284, 0.695347, 0.01063, 0.687634,
    0.0163427, 1.34026, 1.57338, 1.19363, 0.0168624, 0.382887, 1.49702, 0.389641,
    0.0173659, -2.00516, -0.365439, -1.04345, 0.0173882, 0.334533, 0.705633, -0.338849,
    0.0176314, -1.51316, 0.385039, -0.386105, 0.0182084, 0.702093, 0.714693, -0.720075,
    0.018509, -0.0311041, -1.15338, 1.1562, 0.0185683, -0.00851496, -1.93335, -0.355673,
    0.0190346, -0.786826, -0.0358786, -1.63927, 0.0192769, -0.948559, -1.96428, 0.387582,
    0.0192973, 0.710793, -0.360334, -1.05239, 0.0195884, -0.710095, -0.694272, -0.0214731,
    0.019824, 0.00109504, 1.51372, -0.00715631, 0.0201997, 0.692593, -0.36162, 1.10298,
    0.020255, -1.37467, -1.30437, 2.04899, 0.0202961, 1.23401, -1.13522, -1.78268,
    0.0208661, 0.58295, 2.61819, 0.441276, 0.0213013, -1.50492, -0.326477, 2.24949,
    0.0219459, 0.311166, -0.00182926, 1.08652, 0.0229018, 1.09883, 1.03484, -0.0547462,
    0.0229119, -1.08334, -0.747671, 0.379087, 0.0230605, -1.09558, 0.701652, -0.364544,
    0.0233187, -0.910496, -1.92344, 2.97499, 0.023369, -1.93194, 0.00438621, -1.73782,
    0.0235709, 1.91616, -0.0560185, -0.450056, 0.0237797, 0.400526, 0.382045, 1.51345,
    0.0239058, -1.51604, 0.334364, 1.32731, 0.0240551, 0.312041, -1.46373, 0.38169,
    0.024136, -0.72832, -1.09673, -0.415338, 0.0242572, -0.763418, 0.645874, 3.11187,
    0.0247, -1.07841, 0.365238, -0.000292264, 0.0247541, 2.02564, 0.374747, -0.907013,
    0.025366, -0.859095, 0.033511, 1.50982, 0.0255899, -0.445117, 1.95574, -1.00525,
    0.0257852, 1.14707, 1.16483, -0.768623, 0.0258075, -0.00481313, 0.716585, -0.693656,
    0.0267329, 1.06871, -0.100231, 2.53903, 0.0270054, 0.339985, 0.700247, -1.06245,
    0.0270494, 0.329654, -0.00678871, -1.05909, 0.027082, 1.5143, 0.382186, -1.26394,
    0.0276005, -1.88633, 1.34292, -1.37946, 0.0288473, -1.73346, -1.30091, -1.33807,
    0.0294198, 0.721789, 0.356824, -1.06701, 0.0302968, 0.0663652, 1.09346, -1.11929,
    0.0306454, 1.07221, 0.632493, 1.25499, 0.0307737, -0.0106028, 0.782856, 1.44477,
    0.0309099, 1.03257, 2.69406, -1.58771, 0.0310032, -2.52478, -0.0351695, -0.0246851,
    0.0312423, -0.331172, -1.05492, 0.730354, 0.0315471, 1.57942, -0.828505, 0.87346,
    0.0315663, -2.56483, 0.0257291, 1.29261, 0.0323554, 0.083386, -2.21876, 1.62098,
    0.0327387, -0.367774, -1.08329, -0.755811, 0.0327464, 2.37403, -1.54948, -1.00118,
    0.032841, 1.10017, -1.17633, 0.750743, 0.0335573, 0.372853, 1.10289, -0.712179,
    0.0337534, 0.380368, 0.737621, 1.11197, 0.0338489, 1.58806, -0.269467, 1.21609,
    0.0339902, 0.104434, 1.94842, -0.420939, 0.0340501, 1.1257, -1.54968, -0.373093,
    0.0344601, -2.4123, -1.89078, -1.23581, 0.0347116, 0.446686, 1.98881, 0.0436261,
    0.0359467, 0.685022, 0.329064, 1.07505, 0.0362207, 0.701401, 0.720901, 0.728214,
    0.0368821, -0.703528, -0.695949, 0.701571, 0.0382092, 2.62708, -0.666531, -0.387529,
    0.0382734, -1.11584, 1.13025, 0.0250118, 0.0387289, -1.13235, -1.46856, -0.416619,
    0.0391024, -0.735646, -1.53883, -0.837627, 0.0393418, 1.13638, -1.09999, -0.739772,
    0.040272, 1.52327, -0.364682, -1.19114, 0.0408893, 1.10265, 0.350337, -0.749443,
    0.0410472, -0.387525, 2.35954, -2.52097, 0.041219, -1.40476, -0.0854548, -2.14516,
    0.0416056, -1.14632, 0.356393, 0.728337, 0.042408, 1.02278, 3.36229, 0.0282402,
    0.0454085, -0.724507, -1.10971, 0.371842, 0.0462344, 0.813232, 1.55774, 0.0339701,
    0.0466785, -0.509824, 0.618843, -2.61837, 0.0471373, 1.09355, 0.00811364, 1.07478,
    0.0474802, -1.43941, -0.000490505, -0.0136897, 0.0478838, 2.25444, 2.4159, -0.926059,
    0.0481928, -0.374419, -1.51169, 0.407996, 0.0482218, 1.14551, -0.800072, -1.21527,
    0.0486804, 0.728348, -1.43919, -0.0140129, 0.0513219, 0.766852, 1.09893, 0.378193,
    0.0531258, 0.544217, -1.9869, 0.623511, 0.054908, -1.58848, 0.796211, -0.814981,
    0.0550373, -0.938709, -2.12354, 1.8379, 0.058013, -0.356948, 2.06138, 0.989318,
    0.0587718, 0.786903, 0.813675, 1.70123, 0.0605253, 0.330342, -1.79936, 1.1664,
    0.0610418, -0.012124, 1.90191, 1.88942, 0.0616164, -1.5701, -2.74121, 0.77002,
    0.0628063, -1.1599, 0.731432, 1.175, 0.0633277, -0.825371, 0.337509, 2.43111,
    0.0639225, 0.183893, -1.18103, 3.3808, 0.065106, 1.54164, -0.394514, 0.393642,
    0.0667392, -1.23187, 0.309329, 1.84193, 0.0680968, 0.0276265, -1.11416, -1.10525,
    0.068657, 0.531994, -1.10051, -1.98586, 0.069098, -1.26503, 3.17893, 0.18184,
    0.0692221, -0.282415, -0.568272, -2.49037, 0.0705954, 1.45316, 0.00791702, 0.713339,
    0.0723006, 0.405344, -0.031362, 2.04165, 0.0736931, -0.266122, -1.50127, -1.19277,
    0.0750519, -2.58157, -0.393017, -0.63926, 0.0762027, -0.824076, 1.96485, -0.383713,
    0.0777715, -0.683815, -0.797781, 1.58775, 0.0785993, 1.11796, 0.717619, -0.414453,
    0.0805526, 2.45394, 0.433541, 0.396268, 0.0814352, 0.917813, 1.96041, -0.442862,
    0.082939, 0.403135, 1.4652, -0.334813, 0.0832311, -1.41602, -0.715605, 0.00502621,
    0.0858301, -0.853511, -0.397883, -2.19693, 0.0858952, -1.49067, 0.777514, -0.0197071,
    0.0878192, 1.94697, 0.798817, 0.236034, 0.0883084, -0.768475, 1.64382, 0.914347,
    0.0897819, -0.855886, 0.423937, -2.09476, 0.0902042, -1.34446, 0.948789, 2.27939,
    0.0912237, 1.04132, -2.44163, 0.608079, 0.091828, -1.39493, 1.30339, 1.60869,
    0.0929378, -0.569841, -0.648724, 2.78295, 0.0931738, -0.358971, -1.33385, -1.70683,
    0.0937163, -0.166414, 1.88492, -1.72253, 0.0971354, -0.209916, -2.5439, 2.27303,
    0.0996179, -3.01626, 1.14632, -1.39037, 0.100619, -0.487189, -1.96011, 0.867316,
    0.102248, -0.0946994, 1.50957, -0.759177, 0.105508, -1.15719, 1.52592, -2.0624,
    0.106586, 1.26413, 1.45639, -0.252985, 0.107936, -1.61447, 0.755766, 0.837245,
    0.113016, -0.126169, 1.37245, 2.21662, 0.114888, -0.484567, -1.988, 0.0334952,
    0.115169, 2.50874, -2.45353, -0.19341, 0.116448, 2.32158, 0.324951, -2.44815,
    0.116968, 1.13943, 1.11777, 0.818087, 0.11702, -1.32589, 1.92075, 1.2889,
    0.118403, -1.93578, -1.86718, -2.15558, 0.119211, 1.81187, -1.28788, -1.46803,
    0.119665, -1.25341, 0.918188, -1.72006, 0.122331, -0.450804, 0.994996, -2.06003,
    0.124121, -0.388952, 1.41864, -1.23386, 0.12523, -1.00412, 2.73853, 1.47686,
    0.12564, 1.3796, 2.3771, 0.697836, 0.127055, 0.791202, -0.551956, 2.08143,
    0.129937, 1.56902, 1.97393, -1.2673, 0.137186, -1.14543, 0.261916, -1.57445,
    0.137882, 0.455491, 1.2091, 1.80117, 0.139042, 1.89845, 0.0761738, 2.03397,
    0.140867, 0.381449, -0.951335, 1.93429, 0.142548, -1.87887, 1.94954, 0.0323519,
    0.148123, 0.794322, -1.5113, 0.950744, 0.148244, 3.09456, 0.792889, 0.799287,
    0.14929, 2.08103, 1.28499, -1.49578, 0.14949, -0.203119, -0.0394468, 2.44198,
    0.150456, 1.20817, -2.99245, -0.898543, 0.151756, 1.74536, 1.24173, -0.88709,
    0.152566, -1.55424, 1.21858, -0.45441, 0.155224, -1.62959, 1.07142, 0.45398,
    0.162073, -1.55952, -1.06337, -2.97831, 0.166611, -2.21892, -1.02582, -1.04284,
    0.172402, -1.92973, -1.80409, -0.658377, 0.172979, -2.54151, 1.4993, -0.826142,
    0.173222, 1.77704, -1.37416, 1.44609, 0.178282, -1.25052, 2.30238, 0.0533032,
    0.183285, 1.92172, -1.67916, 0.447103, 0.185238, 1.87273, 0.828312, 1.89365,
    0.189836, -1.90966, 0.035154, 1.59221, 0.190155, -1.57731, -2.69804, -1.31125,
    0.190896, -1.09022, 2.40608, -1.69327, 0.19421, -0.672571, 2.72291, -0.557523,
    0.200879, 0.0923798, -2.38085, -0.974426, 0.203237, -1.26383, -1.95354, -0.193598,
    0.207345, 1.03206, -0.943933, -2.57247, 0.209495, -3.24341, 0.158882, -1.23853,
    0.210955, -2.6198, 0.359366, -1.94029, 0.212936, -0.139298, -1.36755, 2.47837,
    0.213834, -3.10728, 1.30026, -0.115806, 0.213949, 1.39647, 2.66443, -0.436276,
    0.215845, -0.226963, -1.41233, -2.41473, 0.217619, 2.64451, 1.10192, 2.25256,
    0.219069, 0.00232871, 0.41882, -1.4751, 0.21974, 1.37159, 1.39061, -1.90741,
    0.222753, 0.94722, -0.59094, -1.97727, 0.223486, 2.26768, 1.21296, 0.621809,
    0.224809, 0.0263465, -2.48472, -2.42804, 0.225365, -1.42782, -2.4437, -0.502735,
    0.227191, -0.66633, -3.23228, 0.901027, 0.230605, 1.69774, -0.558811, -1.78792,
    0.230747, 3.14029, -0.433651, -1.92639, 0.241512, 0.744397, -0.161302, -2.659,
    0.244254, -0.876788, 1.69025, -1.369, 0.246877, -2.78714, -0.295983, 0.572927,
    0.250638, 1.20176, -0.0383549, -3.44197, 0.251629, -0.76741, 1.39027, 1.56531,
    0.255748, 1.19213, 1.90701, 1.78973, 0.255798, -2.78172, 0.582808, 0.618966,
    0.257222, 1.18621, -0.274107, 3.39499, 0.260832, 0.12669, 1.64174, -1.21356,
    0.262811, -1.38648, -0.308422, -1.68568, 0.262933, -0.403369, 0.422487, 1.97291,
    0.26363, 1.69477, -1.28293, -0.769065, 0.263849, 1.23162, 2.25615, -2.68158,
    0.264606, -0.790956, -1.3487, 1.83834, 0.265962, 0.568619, -1.53513, 2.17145,
    0.268371, -1.26902, -0.822451, 1.64001, 0.270204, 0.566769, -3.15034, 1.23774,
    0.270663, -0.907476, -1.23984, -1.72334, 0.270921, -1.26339, 1.19465, -1.15714,
    0.271465, -0.7399, 1.48323, 0.376332, 0.273546, 1.57066, -1.19993, 2.76138,
    0.275754, -1.73721, -2.09243, 1.80569, 0.276028, -0.35446, 0.838935, -1.52926,
    0.276534, -0.90602, -2.17432, -0.965324, 0.276837, 2.53806, 0.979859, -0.0673806,
    0.276926, -0.906185, 1.42782, -0.33335, 0.277229, 0.77517, 1.13161, -1.74467,
    0.277918, -0.0228637, 0.0426495, -1.92422, 0.278952, 1.53967, 0.876572, 1.22131,
    0.27972, 0.385026, -1.18473, 1.12708, 0.279769, 2.15166, 0.56312, -1.51227,
    0.280789, -0.781542, -1.67297, -1.39563, 0.281529, -0.044825, 1.25253, 1.57487,
    0.283112, 2.52237, 0.497452, 1.43607, 0.285118, -0.910578, -1.64374, 1.19855,
    0.285451, -1.31724, -1.71236, -0.864222, 0.286126, 2.14148, -1.00383, 0.862555,
    0.289062, 0.538019, 3.11716, -0.820225, 0.290083, 1.68064, 1.34017, 0.767468,
    0.294498, 1.20346, -1.68271, 0.555443, 0.297539, 0.775977, -1.62364, -1.29134,
    0.298184, -0.00312826, 1.09101, 0.719326, 0.299489, 1.26819, 0.117349, 1.5121,
    0.30161, 0.0920857, -0.6535, 2.37661, 0.302844, 0.274821, 0.839657, -1.51444,
    0.303127, 2.28361, -1.74841, -1.9469, 0.303641, 1.12731, -0.43628, 1.16592,
    0.3047, 0.892901, 1.64175, -1.17077, 0.305323, -1.57923, -0.0094958, -1.27106,
    0.305359, -0.338579, 2.0237, -0.462263, 0.306596, -0.974383, -2.45913, 0.151108,
    0.306829, -1.3243, -1.66881, 0.76031, 0.307798, -0.157378, -1.09713, 1.76986,
    0.309893, 1.52399, 1.00354, -2.75949, 0.310669, -2.27642, 1.47843, 0.355035,
    0.31082, 0.466858, 0.48828, -1.91515, 0.310968, -0.727839, 0.731857, -1.11506,
    0.311412, -0.201648, -2.51454, 1.15329, 0.311939, 0.728278, -0.771153, 1.07083,
    0.312168, -2.12204, 0.299534, -0.487149, 0.312192, -1.54705, 1.38665, 0.0597987,
    0.313018, 1.20279, 1.15701, -1.26574, 0.313611, -1.99785, -0.387047, -0.544427,
    0.315391, 0.33618, -0.419919, -2.05585, 0.315568, 1.08604, 0.35355, 0.38248,
    0.315759, 1.2146, 0.709262, -1.69483, 0.317066, -1.39885, 0.384433, -0.765727,
    0.317451, 2.34329, -0.0779345, -0.823274, 0.319385, 2.28864, -1.29022, -0.20329,
    0.320177, -0.010495, 1.32347, -1.69012, 0.321315, -1.09138, -0.0102702, -0.733695,
    0.321536, -0.0192332, -0.40712, -1.48758, 0.32164, -1.97989, 0.887198, 0.0182765,
    0.32276, -1.15259, -0.355264, -1.15573, 0.323524, 1.85361, -0.693645, 1.43292,
    0.323613, 0.430385, 0.469859, 2.0914, 0.325365, -0.3729, 1.0972, 0.359778,
    0.325562, 0.340143, 0.00546069, -0.00464323, 0.325612, -0.732283, 1.07486, -0.733868,
    0.326288, 0.3535, 1.08499, 0.366672, 0.327004, 0.0026914, 1.09615, -0.0164901,
    0.328956, -1.24351, 1.60637, -0.797316, 0.329509, 0.801128, 1.5483, 1.17555,
    0.329647, -0.384465, 1.08289, 1.13279, 0.329767, -0.698264, -0.0133579, 0.333668,
    0.331765, -2.06698, -0.274788, 0.521455, 0.331905, 0.700881, -1.53819, 0.362606,
    0.332211, 0.536877, 1.71637, -1.79233, 0.332286, -1.5346, 2.44675, -0.560223,
    0.332405, 0.691083, -0.339073, -0.00189336, 0.33294, 0.377741, -1.07347, -0.330698,
    0.33323, -0.363459, 0.00821621, -1.48961, 0.334258, 1.54723, 0.422346, 0.755599,
    0.334321, 0.708545, -0.691775, 0.318755, 0.335021, -0.00258392, -0.341647, -0.00843435,
    0.335809, 0.646716, 0.680643, 2.90851, 0.336181, -0.720941, 0.350827, -0.708618,
    0.336519, -1.13646, 1.74748, 0.0928508, 0.336981, -0.365573, 0.721692, 0.708689,
    0.337104, 0.310464, -0.0419507, -1.51939, 0.339579, 0.345587, -0.772822, -1.56268,
    0.339634, 0.33432, -1.56769, -0.804185, 0.339722, -0.516056, -3.12849, -0.0491842,
    0.339769, -1.09642, -0.371576, 0.357774, 0.340267, 0.333735, -0.757038, 1.45348,
    0.340529, -0.353441, 0.00154752, -0.0127459, 0.340966, 1.09173, -1.17947, 0.283828,
    0.340969, 0.344259, 0.699414, 0.0200101, 0.341566, 0.337882, 0.71532, 0.71193,
    0.341948, -0.0153091, -0.761353, 1.04997, 0.342151, -0.357316, 0.705644, 0.005942,
    0.342255, 0.750082, 1.12154, -0.0276066, 0.342297, 1.072, -0.352193, 0.355376,
    0.342862, -0.721432, 1.11676, 0.732711, 0.343391, 1.08252, -0.719813, 0.710213,
    0.343465, 0.709704, 0.35104, 0.00661644, 0.343839, 0.344238, -0.691095, -0.0118098,
    0.34399, -0.745582, 0.0132204, -1.13598, 0.344692, 0.332251, 1.51235, 0.813005,
    0.344952, -0.356909, 0.00855048, 0.682179, 0.344993, 0.33519, 0.3504, -0.331838,
    0.345202, 0.343881, -0.349584, -0.348379, 0.345383, 1.07804, 0.00847591, 0.0113325,
    0.345581, 0.333305, 0.338078, 0.346798, 0.345607, 0.692045, 0.697496, 0.346122,
    0.345681, -0.35776, 0.00866365, -0.714334, 0.345849, 0.365779, -0.72117, -0.704801,
    0.345874, 1.39603, 1.67576, -0.738938, 0.346014, -0.346605, 0.338192, -0.338956,
    0.346336, 0.686399, 0.00356899, 0.34409, 0.346606, 0.345754, -0.734111, 0.717951,
    0.346779, 1.46283, -0.808355, 0.419243, 0.346846, 1.20065, 1.2326, 0.300466,
    0.346871, -0.345115, -0.340778, 0.328859, 0.347385, -0.0154074, -0.0037015, -0.350022,
    0.347428, -0.0335506, 1.50916, 0.376937, 0.347798, 0.00241533, -0.702703, -0.368242,
    0.347976, -0.00995615, 0.719781, 0.339437, 0.348351, -0.0121308, 0.345713, 0.00507556,
    0.349237, -0.781604, -1.14042, 0.745491, 0.349591, -1.07994, -0.341531, -0.353188,
    0.349986, -0.00324657, 0.00452662, 0.332666, 0.350054, -1.47314, 0.0472692, 0.39198,
    0.350527, 0.329798, -0.00654316, 0.697745, 0.350845, -0.352796, -0.690036, -0.024567,
    0.350918, -0.519861, -3.13781, -1.51092, 0.350973, -0.354185, 0.350332, 0.338061,
    0.350988, 0.972321, -1.97711, 0.0943748, 0.350994, -0.352209, -0.352679, -0.372775,
    0.351013, -0.0101833, -1.07427, -0.0229647, 0.351014, 0.0116552, -0.697075, 0.348712,
    0.351088, 0.698856, 0.00884442, -0.344159, 0.351555, -0.00149084, 0.345585, -0.693568,
    0.351566, -1.14363, 0.815415, 1.74104, 0.351859, 0.0635016, 1.75445, 1.26274,
    0.352405, 0.833989, 0.0264668, -1.9929, 0.352603, 0.329417, -1.07791, 0.32004,
    0.353125, -0.00377944, -0.340201, 0.683776, 0.353235, 2.16719, 0.413346, -0.312503,
    0.353998, 0.358633, 0.341708, -1.02781, 0.354201, -0.0171098, -0.326782, 1.4574,
    0.35545, -0.694427, 0.344886, 0.00495387, 0.355514, 0.344776, -0.345251, 0.340522,
    0.356066, 0.784187, -0.436065, 1.53516, 0.35621, -1.05656, -0.0157731, 0.697882,
    0.356228, 1.07414, -0.360288, -0.325416, 0.356241, -0.011062, 0.363621, 0.682804,
    0.356527, 0.336635, -0.385428, 1.06701, 0.357088, -0.695954, 0.00285426, -0.353148,
    0.357118, -0.340947, -0.699688, 0.692434, 0.357483, -0.955353, 2.28215, 0.868821,
    0.357639, -1.68805, 1.7206, 0.701922, 0.358123, 0.0551972, 0.310296, -2.52459,
    0.358321, 0.351423, 8.84293e-05, -0.682581, 0.358439, -0.34017, 0.691677, -0.71074,
    0.358636, -0.720752, -0.706088, 0.330394, 0.358672, 0.346832, -0.393714, -1.09218,
    0.358754, 1.49076, 0.834775, 0.399775, 0.359141, -0.00907763, 0.705741, -0.332074,
    0.359161, -1.13563, -0.787758, 0.742761, 0.35932, -1.63452, 0.746504, -1.33274,
    0.359598, 0.561229, -1.76356, 1.61186, 0.359825, 1.09869, 0.351692, -0.358014,
    0.360066, -0.736393, -0.362123, -0.735636, 0.360217, -0.362857, 1.4946, 0.83452,
    0.360255, -0.731417, -0.0465488, 1.08694, 0.360575, -1.80441, -1.27717, 0.717207,
    0.36134, -0.704131, -0.354168, -0.0239949, 0.361388, -0.728261, -1.05964, -0.0269935,
    0.361661, 1.09861, -0.72215, 0.00254014, 0.361664, 2.34339, -0.711359, -1.47148,
    0.362273, 0.724753, -0.723679, -0.349068, 0.362432, 0.719093, -0.367688, -0.698895,
    0.362445, 1.52848, 0.436754, -0.0191902, 0.362828, -1.62527, -0.793251, -0.389309,
    0.362873, -0.427972, -1.15432, 1.19796, 0.363008, -0.368879, -1.07425, -0.375685,
    0.363157, 0.696095, 0.363148, 0.705637, 0.364174, -0.422497, 1.55345, -0.0322218,
    0.364494, -0.0332918, -1.55985, 1.32788, 0.364596, 0.689696, -0.351174, 0.717502,
    0.365222, -0.362858, 0.372276, -1.08322, 0.365356, -0.00882425, -0.352919, -0.713157,
    0.365482, 0.716812, 0.70156, -0.341291, 0.365973, -0.363381, -0.360547, 1.03869,
    0.366431, -0.723832, 1.1238, 2.20588, 0.366486, 2.06579, -0.473326, 0.506937,
    0.36673, 1.47076, -0.00280559, -0.385436, 0.366758, -0.715411, 0.357478, 0.706421,
    0.366983, -2.13264, -0.665411, -0.0208911, 0.366988, -1.20739, -1.14225, 0.376379,
    0.367215, -1.08894, -1.5075, 0.00508869, 0.36722, -1.50904, -0.353986, -0.789184,
    0.367346, 0.358614, 0.369631, 1.07587, 0.367748, 0.126694, -1.32149, -1.59842,
    0.367806, -0.744808, -0.744019, 1.10793, 0.36817, 0.367299, 1.0551, -0.354562,
    0.368384, -0.711935, -0.361733, 0.687479, 0.368668, 1.55305, -0.800136, -0.388458,
    0.368696, -1.55667, -0.296049, 0.818385, 0.369019, 0.708605, -0.0259978, 1.11163,
    0.369735, -0.38054, -0.360229, -1.09008, 0.369903, -0.0201247, 0.0102573, -1.10861,
    0.369992, -0.700123, 0.689634, -0.349488, 0.370715, -1.14219, 1.15768, 0.386165,
    0.370956, 1.46797, -0.388729, 0.00617999, 0.370977, 1.05899, -0.023763, 0.712559,
    0.371165, -0.344923, -0.655695, 1.43372, 0.371282, -0.365738, -0.720498, -0.723205,
    0.371402, -1.11325, 0.339674, -1.12166, 0.371932, 0.722842, -0.0216197, -1.04044,
    0.372007, 0.00888735, -1.11778, 0.708971, 0.372181, -1.07484, 0.00277194, -0.000852541,
    0.3722, -2.10942, 1.00406, 2.73037, 0.372247, -0.353637, 1.08163, -0.392908,
    0.372642, -1.10449, 0.293599, 1.17497, 0.372915, 0.788856, -1.13041, 1.46724,
    0.372978, 0.758049, -1.48228, -0.407341, 0.373055, -0.0275595, -0.751815, -1.09178,
    0.373204, -1.45384, -0.962698, -1.74337, 0.374383, 0.797407, 0.840033, 1.17707,
    0.374472, 0.591264, -2.00794, -0.383297, 0.374479, 1.09325, -0.0377634, -0.716027,
    0.374539, -1.08624, 0.355115, -0.355358, 0.374571, 1.90936, -0.00980163, 0.00204325,
    0.374762, -1.06251, 0.352653, 0.345695, 0.374858, -0.714056, 1.09815, 0.0136868,
    0.374994, -1.1739, 1.02391, -0.346113, 0.375056, 1.1569, -0.705494, -0.731742,
    0.375203, 1.13086, -0.35119, -1.1632, 0.375302, -0.0123139, 0.894636, 2.08759,
    0.37531, -0.358931, -1.07583, 0.341728, 0.376124, -1.54453, -0.365401, 0.0388586,
    0.376345, -0.0154633, -0.00595907, 1.06754, 0.376405, 0.00381997, -1.09675, -0.726258,
    0.37645, -1.16172, -0.757077, -0.748894, 0.376639, -0.73818, 0.711766, 1.14682,
    0.377023, -0.723371, 0.729437, 0.357274, 0.377188, 2.54137, -0.552392, 1.35541,
    0.377327, -0.729429, -0.71013, -0.38472, 0.377746, -0.400504, -1.48442, 0.784401,
    0.377832, -0.807482, 1.14331, -1.55188, 0.378243, 0.746605, -0.751145, -1.13398,
    0.378297, 1.52798, -0.411788, 2.19041, 0.378564, -0.00190359, 0.732528, 1.08425,
    0.379617, -1.08284, 0.74757, 0.737496, 0.379837, 1.66919, -2.26638, 0.382047,
    0.380048, 0.376548, 0.0179484, 1.51354, 0.380227, -0.439266, 0.780302, 1.5645,
    0.380608, 0.771929, -1.08926, -0.753012, 0.381274, 1.10884, 0.743731, 0.0299227,
    0.381405, 0.353022, -1.54633, -0.0342107, 0.381728, 1.10693, 0.364493, 1.05518,
    0.382567, -3.35827, -0.0890831, 1.29796, 0.382851, -0.763691, -0.730747, -1.11447,
    0.383407, 1.50718, 0.0179869, 0.37202, 0.383434, 1.5869, -0.387079, -0.777709,
    0.383924, 0.422029, 1.59733, -0.759122, 0.38497, 0.358926, 0.711703, -0.701401,
    0.38594, -1.08549, 0.711536, 0.0212724, 0.386149, 0.388633, 1.13862, 1.23289,
    0.386156, -0.428321, -0.768176, -1.51866, 0.386388, -0.0269077, 0.382485, 1.47494,
    0.386814, 0.63385, -2.61031, -0.0896952, 0.387244, -0.371247, 0.343087, 1.06445,
    0.387724, 1.07217, 0.746125, 0.702317, 0.388234, -1.56377, 0.368922, -0.0067725,
    0.388399, -2.62307, 0.584231, -0.181679, 0.389495, -0.0233879, -0.0432782, 1.91137,
    0.389979, 0.759367, 0.731663, -1.16495, 0.39018, 0.964215, 0.0130901, 1.98536,
    0.391772, -0.80433, 0.36644, 1.59114, 0.391936, 0.746689, 0.253751, -1.47952,
    0.392494, -0.451292, -2.09858, -0.55634, 0.393564, -1.68301, -0.865184, 1.20524,
    0.394399, -0.792172, -1.56355, 0.417895, 0.395086, -1.14936, -1.11301, -0.371206,
    0.395386, -1.17399, -1.18858, 1.22251, 0.395586, 0.441844, -1.17034, -1.1648,
    0.395923, 0.72873, 0.375485, -0.705382, 0.396382, -1.73192, -1.24392, 0.0335422,
    0.396434, -1.51485, 0.0161587, -0.391394, 0.397603, -0.340403, -1.54253, -0.748914,
    0.397938, -1.59672, -0.749845, 0.426253, 0.398279, -1.159, -0.418617, 1.136,
    0.399314, -3.15017, -1.27446, 0.315012, 0.399725, -1.0075, -2.2464, 0.975417,
    0.400346, 0.00831674, 0.718101, -1.09582, 0.400801, 0.0145664, -1.44941, -0.375022,
    0.401448, 1.15893, 0.343827, -1.17186, 0.401751, 1.18731, 0.735626, -0.808048,
    0.401992, -1.68543, 0.732483, 1.29471, 0.401996, -0.302974, 1.09665, -1.10294,
    0.402077, -1.61874, -1.23562, -0.704748, 0.402778, 1.52841, -0.393803, 0.858473,
    0.402962, -3.35383, -0.275364, -0.293193, 0.403034, 1.24242, -1.03813, 1.11891,
    0.40337, 1.59224, -0.818091, -1.25011, 0.403527, 0.690043, 1.11938, 0.769867,
    0.403897, 0.769147, 1.09456, -0.759232, 0.404099, -1.17158, 1.18939, 1.15502,
    0.404315, 1.36849, -1.60559, -0.055861, 0.405, -2.29004, 0.812385, -0.982015,
    0.405227, 1.1696, -1.24824, -1.16538, 0.405261, 0.715061, -1.09779, 0.640221,
    0.40551, -1.96403, -0.0462856, -0.0477321, 0.405523, -1.12179, 0.773311, -0.772367,
    0.406833, 0.817534, 2.24353, 1.04921, 0.40785, 1.62003, 0.354998, -0.774707,
    0.408254, 1.15085, -1.13706, -0.29657, 0.4084, 1.86188, -0.082053, -1.2295,
    0.409064, 0.409956, 1.51885, 0.0133453, 0.410939, -1.11414, -0.74389, 0.0119237,
    0.411577, -0.0264778, 1.50677, -0.39023, 0.412626, 0.0489323, 1.10914, -0.746605,
    0.412653, 0.705589, -0.355764, -1.50858, 0.413877, -0.416541, -1.46231, -0.00876843,
    0.414085, -0.809268, -0.386196, 1.5432, 0.414149, 0.802574, -2.23609, -0.985441,
    0.414199, -1.62372, -0.769836, -1.15073, 0.414327, -0.790796, -1.56657, -0.430936,
    0.414374, 1.72326, 0.817786, -0.425453, 0.414883, 0.404751, -2.03344, -1.73329,
    0.415043, 0.315672, 1.6288, -2.42633, 0.41534, -0.428675, -0.0254405, 1.50178,
    0.416372, -0.44585, -0.520664, 2.00893, 0.416437, 2.04096, 0.0566344, 0.917007,
    0.416527, -0.82846, -0.364276, -1.57507, 0.41699, -0.502578, -1.85737, 1.59781,
    0.417456, 0.804315, 1.5567, 0.401264, 0.417855, -0.0117095, -1.48799, 0.358543,
    0.418145, 0.441593, 1.19075, -1.17914, 0.418767, 0.000277989, 2.09327, -0.890409,
    0.419667, 1.94129, -0.7013, 0.0029737, 0.419738, 0.34709, -1.55487, 0.759103,
    0.420393, 1.63962, 0.800316, -1.20881, 0.422074, 0.962201, 2.24379, 0.124083,
    0.422633, 1.22869, 1.71426, 0.684535, 0.423217, 0.759494, 0.408301, 1.5159,
    0.42399, -0.568121, -2.31994, -1.51567, 0.424477, -0.957874, 2.14485, -0.92691,
    0.425676, 2.14395, -0.848991, -0.835949, 0.4257, -0.00785588, 2.04893, 0.0917314,
    0.426529, 1.33033, -1.76936, -0.788461, 0.427166, 1.32001, 1.77118, -0.0322109,
    0.427297, -1.70431, -2.06925, 0.283106, 0.427407, -0.88989, -0.0539832, 2.11788,
    0.427451, 0.409806, 2.27468, -1.3862, 0.428051, -1.17611, -1.20491, -1.19721,
    0.428626, 0.725691, -1.07261, 0.0216835, 0.429077, 1.36858, -0.979482, 1.74397,
    0.429683, 0.87109, 1.50632, -0.428216, 0.43013, 1.30988, -0.0197699, -1.59982,
    0.432716, -1.63544, 0.713733, -0.434491, 0.433162, 0.00981149, -1.82454, -1.22088,
    0.433437, 0.358267, 0.768628, 1.59674, 0.43569, -0.440218, 1.94883, 0.486201,
    0.435966, -1.83134, 0.287928, -0.880527, 0.437577, 0.53309, 1.60898, 2.37476,
    0.439044, -0.563683, 1.56095, -0.788911, 0.439731, -0.640532, -0.0769591, -2.71678,
    0.441417, -2.05772, 0.456553, 0.425082, 0.4432, -0.781324, -1.15824, -0.781131,
    0.443712, -1.85773, 0.535962, 1.97484, 0.446318, 1.67251, -1.18741, 0.163303,
    0.448596, 1.27555, 1.10964, -0.406481, 0.448985, -2.34615, -0.798942, 0.941559,
    0.45189, -1.31329, -0.144443, 1.69669, 0.452553, -1.46063, 0.624365, 0.454783,
    0.454057, 0.432457, 1.98218, 0.530952, 0.455168, -1.53265, 0.282338, 0.84068,
    0.455234, 1.27004, 0.701881, 1.83674, 0.456031, -1.06818, -0.710857, 2.24043,
    0.456097, 1.45184, 0.365803, -2.2081, 0.456541, -0.424992, -1.12981, -1.14833,
    0.45737, -0.444856, 2.03701, 2.77654, 0.460251, 0.0297701, 0.82148, -2.07003,
    0.460325, -2.13272, 1.96982, -1.85767, 0.46082, -0.522211, 2.66537, 0.255626,
    0.462048, 0.956757, -2.08267, 1.07877, 0.462943, -2.327, 0.0113781, -1.20209,
    0.462945, -0.00259289, -1.97136, 0.811079, 0.463415, -0.332327, 2.3532, 1.61664,
    0.463786, -0.094096, -1.87681, -0.00236678, 0.463875, -0.0314352, -0.928958, -2.05245,
    0.466474, -0.784263, 0.529883, -1.56053, 0.468787, -2.29017, -1.25068, -0.373762,
    0.469969, 2.71127, -0.061475, 0.772069, 0.473283, 2.04596, -0.402635, -0.403465,
    0.474521, -0.399773, 0.426551, -1.98879, 0.476814, 2.29245, 0.888565, -0.911233,
    0.478515, 0.319182, -2.09153, 0.305313, 0.479257, 1.83774, 1.27809, 0.041002,
    0.484082, -0.355737, -0.382772, -1.97348, 0.485151, 0.974525, 2.2341, -0.89124,
    0.485307, 1.66047, -1.36685, 0.900661, 0.485956, 0.91402, 1.03605, 2.28498,
    0.490023, -0.0248773, 2.34952, 0.789841, 0.494162, 1.19413, -1.81202, -2.26623,
    0.50059, 0.860721, -1.19941, -1.66583, 0.501479, 2.47452, -1.48125, 0.50117,
    0.502804, 0.470588, 2.03196, -0.361101, 0.504935, 3.45907, 0.673025, -0.698372,
    0.508742, 0.479445, 2.06649, 1.67352, 0.508865, -0.919776, 1.37791, -2.80669,
    0.508979, -1.40187, 0.483002, -2.3151, 0.51139, -2.47286, 0.654975, 1.49159,
    0.516392, -1.07688, 1.60688, 0.734821, 0.516828, -2.76434, -0.713825, -1.38528,
    0.51744, -2.40828, -0.397494, 1.6662, 0.517666, 1.21352, 1.7424, 2.864,
    0.521753, -0.39158, 2.37051, -1.47584, 0.523852, -1.47693, 0.203703, 2.56433,
    0.526754, 1.97758, 0.506186, 0.451832, 0.535183, -0.679123, 2.11608, -0.0811761,
    0.536141, 2.14712, 1.51665, -0.508797, 0.536916, 1.17417, -2.84554, 2.01783,
    0.536959, -2.13601, 0.183037, 0.939293, 0.538098, 2.63762, -0.564969, 0.136092,
    0.538893, 0.0485238, 2.64042, -0.442963, 0.539446, -2.12629, -1.43423, 1.46615,
    0.54208, 1.95289, 1.87093, 0.513964, 0.543597, -1.54232, 0.0711741, 1.28709,
    0.545274, -1.78277, 1.31804, -0.920449, 0.547038, -0.785377, -1.07825, -2.26014,
    0.550832, -2.16176, 1.101, 0.890037, 0.553452, -2.2199, 1.34365, -0.330131,
    0.556785, 1.42449, -2.37687, -0.38156, 0.558673, 0.416258, 0.024878, 2.5535,
    0.560239, -0.889854, 0.0190482, -2.04375, 0.56339, -1.37021, -0.513778, -2.40645,
    0.569449, -0.909461, -1.89633, -2.52784, 0.570951, -1.30293, 0.158396, -3.29421,
    0.573406, 0.447157, -0.476192, 1.94588, 0.577685, 0.857596, -0.885664, 2.51837,
    0.578604, 0.127733, -2.05785, -0.540468, 0.579568, 1.78483, 2.08265, -0.32489,
    0.582185, -0.492636, -2.06275, 0.44218, 0.586263, 0.742113, 0.861206, -2.33202,
    0.586853, 1.3175, 1.2597, 1.21163, 0.588062, 1.77947, -2.01369, 1.22871,
    0.589013, 1.28072, -0.397571, 1.61634, 0.600148, -2.26707, 1.92168, 1.29533,
    0.603612, 0.844067, 1.37481, 1.67394, 0.603689, -0.849424, 0.899839, -2.13658,
    0.608565, 0.169471, -0.616719, -2.86699, 0.612506, 2.82707, 1.79426, 0.0651187,
    0.613162, 1.78029, -0.0671235, 1.43276, 0.617408, -0.666763, 1.70002, -1.91342,
    0.61775, -0.328369, -1.79862, -1.8857, 0.623441, 1.46578, 0.577917, 2.72037,
    0.625016, 1.69835, 0.476244, 1.30409, 0.625627, 1.90587, -1.84217, -0.199442,
    0.629583, 2.23359, 0.783539, 0.953552, 0.637402, -1.61852, -1.13016, 2.66995,
    0.637921, 0.126576, -2.82871, -0.634944, 0.638476, 0.304214, 0.387705, -1.45151,
    0.641548, -1.33585, 0.300226, -1.69548, 0.641652, -1.91944, 0.51526, -1.68268,
    0.642516, -1.78472, -0.791627, 1.81864, 0.644466, 3.00451, -1.2067, -0.963658,
    0.650329, -1.61146, 2.57761, 0.641475, 0.650953, -1.38098, 2.43624, 2.28855,
    0.653922, -1.44203, -0.415, -0.350989, 0.657593, -1.42809, 1.8209, -1.33142,
    0.658012, -1.32389, -1.79426, -1.53669, 0.659205, 0.292027, -1.24113, 1.64702,
    0.663354, -1.64385, 1.8136, -0.423768, 0.666174, 0.753072, 1.08671, 0.34128,
    0.666711, -0.339665, 1.0864, -0.00127491, 0.66756, 2.82625, 0.104261, 2.16521,
    0.669617, 1.44878, -0.360071, -2.52789, 0.6699, 1.2829, -1.83549, 1.94097,
    0.670016, 0.357683, 0.0207256, -2.21832, 0.670319, -0.261732, 0.442051, -1.48638,
    0.671425, -1.48451, 1.12258, 0.709245, 0.672014, 2.78235, 0.396154, 0.114741,
    0.673673, -0.0129052, 0.00286571, -0.0114011, 0.674868, 0.436163, -1.58575, -2.24274,
    0.677003, 0.361791, -1.1073, -0.678464, 0.677419, 0.461431, 2.69049, 0.199496,
    0.677813, -0.0482972, 1.22494, 1.13696, 0.678273, 0.35032, -0.342777, -0.00622905,
    0.678539, 0.35449, -0.0275623, -1.12598, 0.679515, -0.104608, 0.57945, 2.68005,
    0.680786, 0.0726073, -2.76114, 0.480839, 0.680896, 2.15996, -0.0241169, 0.35346,
    0.680971, -1.0085, 1.73724, 1.42991, 0.681884, 0.366761, 1.06293, 0.011651,
    0.682085, 1.10604, -1.55927, 1.32498, 0.682443, 0.353044, 0.345893, 0.000300738,
    0.683299, -0.820579, 1.23022, -1.12039, 0.68439, -2.34736, -1.54682, 0.533352,
    0.68499, -0.371301, -0.00252743, 0.343933, 0.686048, -0.143242, 3.20719, 0.7459,
    0.686324, 1.21688, -0.0194062, 1.14906, 0.68754, 1.64803, 1.37992, 1.83028,
    0.688722, -0.00144152, -0.695132, -0.000516394, 0.689048, 0.338468, 0.00983157, -0.353099,
    0.690742, -0.00287475, -0.363643, 0.332699, 0.69124, 0.00905035, 1.08987, 0.369481,
    0.692622, 1.50297, -1.08752, -1.96959, 0.693259, -0.366452, -0.350035, -0.0134559,
    0.69491, -0.00510169, -0.00176088, -0.709203, 0.694934, -0.0137135, 0.367303, 0.341755,
    0.695118, -0.284501, -2.3967, -0.0520794, 0.695535, 0.382727, -0.736462, 0.346792,
    0.695836, -2.01026, -0.595353, -1.59891, 0.69585, -0.00833444, 0.351591, -0.352591,
    0.697902, -0.382153, 0.00307934, -1.07796, 0.699939, 0.705088, -0.0024186, 0.0122847,
    0.700128, -1.1738, 1.22019, -0.0238576, 0.700159, -0.0165389, -0.358178, -0.362941,
    0.700392, -0.755388, 0.00597135, -0.744646, 0.700718, -0.368342, 1.79281, 1.24694,
    0.700887, -1.84142, -0.368122, 1.2492, 0.701106, -0.741538, 1.13438, -0.36513,
    0.701277, 0.343898, -0.00231346, 0.34808, 0.7014, -0.399374, 1.29287, 1.6478,
    0.701796, -0.657399, 0.0765898, -1.54036, 0.701871, 0.0413872, -1.11821, 1.17018,
    0.702827, 1.15594, -1.9893, -1.50238, 0.70284, -0.709383, -0.0018192, 0.00769826,
    0.703157, 0.702009, -0.340028, -0.355911, 0.703621, -0.0125271, -0.724687, 1.6484,
    0.704625, -0.545767, -0.0286014, 2.88593, 0.705563, -0.756206, -0.877814, 1.60916,
    0.705799, 0.585435, 2.83638, 1.73522, 0.705927, -0.0255144, -0.0174026, 0.701907,
    0.707198, 0.713122, -0.00361096, 0.715252, 0.707665, 0.0164342, 0.707221, 0.00834669,
    0.708318, 0.341796, -0.367441, -0.7091, 0.709505, 0.741927, 0.354977, 0.364155,
    0.709591, -0.761477, -1.1316, 0.361491, 0.709759, -0.35248, 0.349411, 0.00521337,
    0.70995, 0.00957729, 1.5145, 1.49286e-05, 0.710064, -1.1486, -0.371043, 0.70437,
    0.710366, -0.367855, 0.355116, -0.691495, 0.711309, 0.712275, 0.344954, -0.36788,
    0.71154, -0.717801, 0.360816, 0.354406, 0.711941, -0.360564, -0.0049862, -0.354355,
    0.711966, 1.10932, 0.358995, -0.00482148, 0.712317, -0.25526, 0.731884, -2.83609,
    0.712638, 0.715649, -0.341538, 0.362349, 0.712682, -0.473507, -1.64217, -1.13148,
    0.712943, 0.345664, 0.355452, 0.702536, 0.713711, -0.0191996, -0.387574, -1.08074,
    0.713885, -0.0394656, 0.720048, 0.722116, 0.714034, 0.336457, -0.384456, 0.731848,
    0.714274, 1.5538, 0.809276, 0.817547, 0.71437, -0.372038, -0.709854, 0.322388,
    0.714525, 0.291427, 1.09124, 0.784795, 0.71522, 1.125, 0.733982, -0.381621,
    0.715478, 0.804856, -1.73202, 0.672216, 0.715683, -0.375286, 0.738289, 0.360777,
    0.716012, 0.716209, 0.697231, -0.00708701, 0.71631, 1.63326, 0.941913, -1.87846,
    0.71682, -1.1667, 0.751539, -1.24273, 0.717284, 2.68771, 0.16499, -1.44922,
    0.717367, 0.344079, -0.706727, -0.358321, 0.718412, -1.77182, 3.2685, -0.837988,
    0.718863, 0.00663664, 0.372548, -1.04241, 0.719362, 1.13933, -0.538677, -1.61878,
    0.719417, -0.38417, -0.357869, -0.721525, 0.719827, 0.346737, -0.00274329, 1.07571,
    0.719854, -0.728931, -0.739598, 0.716692, 0.720595, -2.01, -0.106244, -2.29093,
    0.720661, -1.57765, 0.789266, 0.0898789, 0.720672, -0.735551, -0.369905, 0.347789,
    0.72101, -0.728575, -0.358899, -0.362058, 0.72124, 0.365055, 0.716432, 0.376075,
    0.722362, 0.392798, -1.11694, 0.00625487, 0.722595, 0.513051, -2.91683, -1.51661,
    0.722796, 0.399741, 1.47421, 0.404304, 0.723378, -0.356084, 0.696733, -0.336175,
    0.723512, -0.333574, 1.67692, -1.30857, 0.724439, -0.360919, -0.717135, -0.353059,
    0.724942, 0.304153, -0.774314, -1.08781, 0.724948, 1.21626, -1.25617, 0.645748,
    0.725221, 0.72367, -0.71883, 0.71579, 0.725577, 0.008371, -0.73411, 0.702145,
    0.726568, -0.694966, 0.759413, -0.743087, 0.726805, -1.09546, 0.716155, -0.352832,
    0.727207, 0.755571, 0.359532, 1.07639, 0.727234, 0.741833, -0.700644, -0.701899,
    0.727636, -1.09939, -0.370816, 0.0311912, 0.728221, -0.7176, 0.74639, 0.746559,
    0.728515, -0.999426, 1.74763, -0.438526, 0.728557, 0.0267685, 1.08367, -0.373417,
    0.728776, 0.714738, -0.693687, -0.0157408, 0.728935, 0.365769, 0.698987, -0.374682,
    0.72896, 1.0698, -0.0280878, -0.35267, 0.729414, 1.50615, -1.18634, -2.89113,
    0.729433, -1.45825, 1.20644, -1.74791, 0.729456, 0.378283, 0.71683, 1.10306,
    0.729828, 1.50842, 0.379437, 0.36039, 0.730635, -1.64212, -0.29521, 0.446253,
    0.731302, -0.359566, 0.351242, 0.714715, 0.731306, -0.704187, -0.0213092, 0.725773,
    0.732336, -1.11316, -0.00833054, 0.384015, 0.732433, -0.358818, -1.65101, -0.35346,
    0.732548, -0.896561, -2.0808, -0.217542, 0.732556, -0.0315418, 0.747036, -0.736371,
    0.732836, -1.08419, -0.374115, -0.757611, 0.73292, 0.80006, -1.59129, -0.799943,
    0.732961, -0.00643171, 0.349935, 1.07681, 0.733445, 1.14627, 0.344307, 0.729924,
    0.734209, -1.07619, -0.00379149, -0.347537, 0.734501, -1.21783, 0.735173, 1.12348,
    0.734701, 0.266722, -0.412491, -1.62962, 0.734806, -1.07666, 0.382866, -0.756564,
    0.735198, -0.0380303, -0.418811, 1.09787, 0.735315, -1.10286, -0.0270371, -1.24682,
    0.735376, 1.12832, 0.335585, -0.774489, 0.735436, -0.714256, 0.340953, -0.345626,
    0.735936, -0.743988, 0.344299, 1.14571, 0.736693, 0.0159671, 1.59816, -0.839681,
    0.737915, 1.11165, -0.0110052, 0.348937, 0.737933, -0.72952, 0.387338, -1.12328,
    0.738138, 0.444012, -0.768297, 1.1617, 0.738202, -0.0136589, -1.07136, 0.327685,
    0.738532, -0.841127, -0.808164, -1.65501, 0.738545, 2.67434, -0.0107964, -0.490299,
    0.738737, -0.023394, -0.737145, -0.699515, 0.738818, 0.753497, 1.09937, -0.354167,
    0.738933, -1.39078, -0.0018873, -0.743528, 0.739069, -1.1192, 0.355916, 0.735032,
    0.739122, -1.24842, -1.80913, 0.321625, 0.739123, 1.05928, -0.757886, 0.357149,
    0.739951, 0.369935, 0.352417, -0.712129, 0.740121, 1.50931, -0.382365, -0.399949,
    0.740537, -0.354156, -0.386296, 0.698668, 0.741196, -0.373769, -0.0211391, 1.10608,
    0.74206, -0.368867, -1.08641, 0.73664, 0.742196, 0.755836, -0.338295, 1.13993,
    0.742862, -0.385985, 1.45897, 0.371735, 0.743212, -1.26914, 0.429491, 1.62756,
    0.743661, -0.017496, 1.6464, 0.757873, 0.743988, 1.5631, -0.380225, 0.430256,
    0.744556, -0.509927, -1.01975, 2.26704, 0.744566, -0.741524, -0.739948, -0.0123576,
    0.744719, -0.728876, 0.739115, 0.0151547, 0.744719, -1.12171, 0.372553, 0.0119698,
    0.745196, 0.017013, -1.21599, -1.16268, 0.745431, 1.14197, 0.716032, 1.22639,
    0.745792, 0.052464, 0.470946, 1.9358, 0.746076, -0.756535, -1.1779, -0.373707,
    0.746536, -1.7266, 1.31021, 1.36027, 0.74676, -0.746428, 1.21465, 1.1021,
    0.747021, 1.93237, -0.126126, -1.9215, 0.747038, 0.33729, -1.11204, 0.720436,
    0.748103, -0.0185688, 0.0423549, -1.70239, 0.748317, 1.5037, 0.359917, -0.401596,
    0.748405, -0.816071, 1.58487, 0.0884749, 0.748409, 0.33994, -0.358856, 1.44634,
    0.748665, 0.401287, 0.746025, -1.08388, 0.748859, 1.13548, -0.38283, 0.760256,
    0.750218, 0.455728, -2.34925, 0.865282, 0.750822, 0.209716, 1.40211, 1.7452,
    0.750901, 0.779887, 0.01849, 1.55438, 0.751149, 1.25759, -1.21649, -0.702255,
    0.751677, 0.858548, -1.57326, 0.0210574, 0.752048, 0.751802, -1.21592, 1.01918,
    0.752652, -0.806706, -1.75251, 2.38935, 0.753103, -2.54712, -0.0304052, -0.391888,
    0.753598, 0.0302788, -1.06949, -0.30819, 0.75379, -1.66029, -0.267446, -1.16657,
    0.753871, -0.361654, 1.18153, -0.784913, 0.754222, -0.371651, -1.11141, -0.0277875,
    0.754229, -0.45372, 1.57636, -0.406244, 0.7559, 1.64488, 0.319845, -1.45483,
    0.756038, 1.62411, -0.864618, 0.725486, 0.756411, -1.4143, -1.61936, -0.374564,
    0.75664, 2.19885, -1.43309, 2.12509, 0.756854, 0.715279, -0.028349, -0.744111,
    0.757171, -1.17306, 1.20965, -0.706378, 0.75729, 1.50508, -0.000496284, -0.939992,
    0.757581, 1.1458, -0.381968, -0.795444, 0.757822, 0.611203, -0.881939, -2.15639,
    0.758296, -0.380163, 1.13709, -1.68939, 0.758342, -0.708738, -0.752426, -0.758544,
    0.758917, -1.47455, -0.0314572, 0.0193842, 0.7596, 0.386364, 1.47539, -0.364488,
    0.760358, 1.0865, -0.364346, 0.00405623, 0.760581, 1.13669, -0.756001, -0.365968,
    0.760787, 1.09785, 0.726228, 0.35267, 0.760938, 1.29965, -3.00328, 0.204791,
    0.761224, -0.954323, -1.7293, -0.836008, 0.762686, 0.850701, -0.970051, 1.75794,
    0.763225, -0.362666, 0.741049, 1.13365, 0.763692, 1.5212, -0.0425188, -0.000886386,
    0.764872, 0.790802, 0.748182, -0.766069, 0.76523, 0.729386, 0.751151, 0.742926,
    0.765332, 1.37325, 1.90131, 1.24375, 0.766206, 0.374456, -1.96633, 2.70457,
    0.766442, -1.13912, -0.780598, -0.395982, 0.766628, -0.378513, -0.797774, 1.13747,
    0.767735, -0.4232, 0.412593, 1.59771, 0.768285, 1.50151, 0.889638, 0.0411189,
    0.768314, -1.14246, -0.038277, 1.1043, 0.76904, 0.0697084, 1.17516, -1.24239,
    0.769076, 0.656161, 0.795646, -1.5942, 0.769553, -1.39448, 1.36035, 2.0351,
    0.770164, 1.13414, 1.22566, -0.0140568, 0.771332, 0.727096, 0.339326, -1.11123,
    0.771364, -0.344575, 1.13438, 0.721542, 0.772419, -0.423607, 0.804966, -1.21537,
    0.772505, -0.728654, -0.385142, -1.16809, 0.772867, 1.67507, -1.44754, -1.25694,
    0.77439, 0.421079, -1.5016, -0.36722, 0.776115, -0.0304991, -0.831711, -1.55548,
    0.776294, -2.76893, -0.696377, -0.147554, 0.776298, -0.302488, -0.369728, -1.49503,
    0.776352, 0.422398, 1.14174, -0.780866, 0.778204, 1.61725, 0.0201878, 0.818494,
    0.778209, 1.73847, -1.14091, -0.310728, 0.778758, -2.18166, -0.694178, -0.849567,
    0.779156, -0.298147, -1.1672, -0.671629, 0.779768, -1.56324, -1.72481, 1.13594,
    0.779805, -1.1526, -0.781983, 0.416136, 0.78025, 0.999312, 0.411794, -1.81494,
    0.780932, -0.426648, -1.27977, -1.69535, 0.781179, -1.12397, 0.793056, 0.382858,
    0.781415, 0.0777781, -1.60691, -0.806517, 0.78177, 1.66844, 1.38782, -1.24497,
    0.782355, 1.9455, 0.549316, -0.047528, 0.782519, -0.3686, -1.59703, 1.11538,
    0.782741, -0.812858, 1.16849, 0.457537, 0.782901, -1.21202, -1.16516, 0.0159,
    0.783093, 0.854645, 1.68618, -0.0535351, 0.783393, 0.699227, -0.401229, -1.11435,
    0.783816, 0.450068, 1.75771, 1.16837, 0.783945, -0.722692, -0.397196, 1.13214,
    0.784197, -0.880467, 0.95894, 1.60228, 0.784428, -2.25551, -0.0705531, 0.316135,
    0.785443, -0.0322282, 0.0183981, 1.50305, 0.78556, 1.13443, -0.810668, -1.1731,
    0.787217, 0.436512, -2.35073, 1.63736, 0.788785, -1.30449, -0.440965, -1.67355,
    0.789892, 0.904332, 1.24781, -1.32375, 0.790229, 0.373518, -1.69325, 1.20721,
    0.791916, 1.15119, 1.15957, 0.656777, 0.792313, 0.559887, 2.50327, -2.10269,
    0.792506, 1.04794, -0.0203189, -1.27782, 0.793023, 0.393962, -1.55585, 0.327779,
    0.794223, -0.418414, 0.0412531, 2.11583, 0.794286, -1.56148, -0.707051, 0.0593881,
    0.794889, -1.2485, -1.24584, 0.739718, 0.795076, -1.17041, -0.722277, -1.14657,
    0.796558, -2.46083, 2.17468, -0.802198, 0.79721, 0.802941, -1.12754, -0.404095,
    0.798869, 1.93435, 0.0422141, -0.524058, 0.79956, 1.21558, 1.21436, -0.820807,
    0.801973, -1.89593, -1.35462, -1.17304, 0.803455, -0.127906, 1.28146, -2.33136,
    0.804048, -0.577496, 1.82483, 2.00385, 0.804714, -1.15127, -0.741975, 1.067,
    0.805366, -1.42841, 1.74456, 0.376555, 0.806837, -1.28347, -1.32558, 1.8264,
    0.807068, -1.63174, 0.814206, -0.887892, 0.807219, -0.00469472, 0.856246, 1.53259,
    0.808472, -0.824758, -1.24905, 1.18744, 0.810616, -0.911946, 0.470819, 2.19245,
    0.810719, -1.67341, -0.772839, 0.788671, 0.812819, -2.06888, 1.06157, -2.48626,
    0.812825, 0.338264, 0.028065, 1.97151, 0.814052, -0.0508099, -1.86241, 1.88274,
    0.816991, 2.16113, -1.58557, -0.75636, 0.819761, -1.84221, 1.31737, 0.211944,
    0.820388, 2.22125, 2.45473, 1.21233, 0.820831, 1.01131, -0.197838, 2.39227,
    0.821235, -1.68894, -2.92752, -0.0319446, 0.823362, -0.866436, -1.70035, 0.794631,
    0.823425, 0.878007, -0.350459, -2.0941, 0.823581, 0.521423, -1.62163, -1.26159,
    0.825301, -0.173936, 1.30036, 2.52081, 0.825867, 1.66988, -0.772418, -0.828742,
    0.826117, -1.51213, 0.401009, -0.403716, 0.826435, -1.59394, 1.17405, -0.343408,
    0.827533, -1.9514, -0.0062886, -0.62484, 0.829612, 2.96863, -0.926507, 0.83018,
    0.830231, 0.451089, 1.66634, -1.28481, 0.831183, 1.19283, 2.01298, -1.59197,
    0.831212, 1.01528, -0.734559, 1.18324, 0.832126, -0.824081, -0.000675235, 1.56515,
    0.832902, 1.48803, -0.753836, 0.0443042, 0.832904, -1.60782, 0.289194, 0.40752,
    0.833962, -0.384634, -0.787798, -1.11442, 0.834076, 0.790105, 1.65355, -0.763545,
    0.834422, -0.402595, -1.5466, 0.400746, 0.834577, -2.18281, -0.856166, 0.34472,
    0.834825, 0.630355, -0.823215, -1.49203, 0.83541, -0.00289999, -1.50287, 0.0469528,
    0.83853, 0.373315, 0.390604, 1.46886, 0.839745, -2.27864, -1.11823, -2.17518,
    0.840044, 1.20111, -1.1849, 0.055738, 0.840145, -0.767687, -1.57767, -0.03952,
    0.842535, 0.783374, 0.405313, 2.10458, 0.843417, 0.857541, 1.54328, 0.796647,
    0.844088, -0.00170933, -1.50741, 0.75355, 0.846618, 1.28599, 0.294227, 1.74205,
    0.847506, -0.861366, -2.57785, -0.691246, 0.847564, 0.0128724, 0.801457, -1.60541,
    0.848839, -0.0675187, 2.03194, -0.366328, 0.84887, 0.735888, 1.14807, 1.14956,
    0.85302, 0.614063, -0.0339472, -1.62408, 0.853631, 0.481027, 1.29869, -1.82553,
    0.853741, -0.484437, 2.21925, -0.80467, 0.854295, 0.775251, 0.845277, 1.64357,
    0.855705, 0.0246106, -0.724146, 2.94303, 0.857181, -0.975604, 2.18828, 0.384272,
    0.857304, 0.926562, -2.0404, -0.422699, 0.857641, -0.338779, -1.29509, 1.65528,
    0.858909, 1.6391, 0.746332, -0.818363, 0.859644, 1.19204, 0.741689, -1.27086,
    0.860602, -0.661767, 1.7288, 0.784158, 0.86121, -1.70261, -2.23364, -0.864866,
    0.861622, -2.02779, 0.307549, -0.0600664, 0.863697, -2.0599, 0.734847, -0.415688,
    0.864447, 0.197611, -1.50703, -2.99528, 0.86683, -3.04158, 1.33994, 0.887205,
    0.869935, -1.19763, -2.73505, 1.37371, 0.870808, -1.75963, -1.06339, -0.330703,
    0.871226, 1.94277, 0.492738, 2.00185, 0.874534, -1.69824, -1.36606, 0.340134,
    0.874611, -1.7221, 0.666735, 0.822069, 0.874939, -0.420729, 3.36297, -0.378709,
    0.877059, -0.414975, -0.390674, 1.58469, 0.879208, 2.11653, -2.38967, -1.18658,
    0.882915, -1.52418, 0.338084, -1.12117, 0.886062, -2.06202, -1.82429, -0.132893,
    0.889464, 1.41141, 1.62421, 0.263807, 0.894491, 1.58264, -0.643677, 1.23486,
    0.895239, 0.240029, -1.11455, 2.24774, 0.896287, -1.74831, -0.168098, 2.10001,
    0.897631, 1.99762, -0.446032, 1.85501, 0.89821, -2.26584, 1.29836, -1.50322,
    0.899451, -2.36733, 0.881164, 0.26831, 0.899611, 0.383803, 1.96489, 0.114447,
    0.90183, 0.919803, 2.12758, 0.554313, 0.902114, -1.27177, -1.22221, -0.802408,
    0.902318, 0.768795, -1.18557, 0.4476, 0.902749, -1.98682, -0.418122, -0.188618,
    0.903246, -1.26013, -0.55892, 1.54966, 0.90518, 2.12097, -0.936801, 0.351623,
    0.905223, 0.294046, 0.513312, -2.01648, 0.905728, -0.767012, -0.558322, -2.24512,
    0.90662, -1.60063, -0.63154, -0.71606, 0.91686, 2.40119, -2.40384, 0.831569,
    0.917094, 0.839744, -2.29254, 0.301356, 0.918615, -0.357717, -2.21546, 1.09265,
    0.918649, -0.0440662, -0.441835, 2.15107, 0.918759, 2.12455, -0.429491, 0.942272,
    0.92031, -2.57454, -1.99895, -1.66673, 0.920358, -0.838681, -2.64451, 0.408258,
    0.921402, 1.78799, 1.26235, 0.65689, 0.922786, 2.26851, 1.42514, 1.28604,
    0.924487, 0.3783, -1.96901, -0.112838, 0.926143, 1.66317, -0.482282, -1.38923,
    0.926741, 0.883702, 2.34043, -0.305953, 0.927568, -2.74134, -1.77535, -0.607377,
    0.93147, 0.264484, -1.33791, -1.72767, 0.932661, -1.00657, 1.06242, 2.85881,
    0.934049, 1.86276, -1.55714, 0.475221, 0.934615, 2.17387, 0.413658, -1.01172,
    0.934794, -0.332109, 0.099054, -2.25076, 0.937171, 1.68087, 1.32916, -0.411848,
    0.938308, -0.408379, 0.825914, 2.09244, 0.93857, 2.63457, 1.14051, -1.89419,
    0.938704, -0.17009, -2.41488, -1.23202, 0.940598, 1.34278, 1.81842, -0.635064,
    0.944047, 0.697057, -1.07666, -0.979677, 0.944221, -0.0397306, -0.448839, -2.26722,
    0.944305, 1.2023, 2.91362, 0.938687, 0.947685, -0.878407, -1.23105, -1.30969,
    0.955628, -2.38693, -0.295487, 0.897535, 0.955773, -3.00169, 0.298453, 0.279399,
    0.955902, 0.0626334, 1.93991, -1.75571, 0.959851, 1.37867, -1.89712, 0.491205,
    0.960416, -0.61796, 2.42114, 1.00079, 0.961321, -1.08288, 2.73617, -1.24651,
    0.962621, -1.1027, -0.501486, 2.87755, 0.96477, 2.00409, -0.402381, 0.0138706,
    0.96764, 0.341919, 2.24949, -0.917493, 0.968883, -1.6802, -0.0336304, 0.872274,
    0.970065, 2.44071, -0.816848, -0.457166, 0.970143, -2.96278, -1.47039, 1.19829,
    0.971767, 2.22855, 0.840304, -0.407517, 0.974859, 2.21646, -0.336107, -1.01903,
    0.985061, 2.22315, -1.28555, 1.26686, 0.988394, 0.940442, 0.268979, -2.52706,
    0.989258, 1.54402, 2.5366, 0.219795, 0.992843, 2.4072, 1.04282, 0.278606,
    0.992866, 0.316773, 0.100571, 3.4776, 0.993566, -0.349682, 1.93137, 0.114977,
    0.99658, 0.71035, 1.13224, -3.15904, 0.998549, 0.183607, 0.0819864, -3.14738,
    0.999668, -0.0350158, -0.00675565, -1.23348, 0.999972, 3.35862, -0.280584, 0.0209956,
    1.00135, 0.0612405, 2.10748, 0.538523, 1.00206, 1.33424, 2.80081, -1.04026,
    1.00755, -1.82338, 0.457936, 1.40431, 1.01145, 3.25376, 1.38099, 0.909507,
    1.01182, -3.10167, 0.782632, -0.782958, 1.01232, 1.81017, -0.381751, 2.84187,
    1.01624, -0.769846, 0.453994, -1.79852, 1.01794, -0.931543, 1.73063, -0.991635,
    1.01794, 0.91625, -0.472323, 1.83843, 1.01908, -0.92139, 2.44012, -0.331713,
    1.02169, -2.15596, 1.93762, 0.325208, 1.02359, -0.020428, -0.00601956, 0.331161,
    1.02868, 1.31744, 1.52351, -2.21703, 1.03047, -1.3981, -1.35756, -2.05447,
    1.03228, -0.936319, 1.0443, -1.62355, 1.0324, -0.881652, -0.458694, 2.07609,
    1.03437, 1.37958, -1.63202, -0.25643, 1.0356, 0.351603, -0.00652894, -0.018476,
    1.0365, -0.00246825, -0.349238, -0.0155404, 1.03682, -1.26781, 1.47592, 0.914728,
    1.03738, -0.329852, -2.12478, -0.615887, 1.03975, 0.355065, -0.386842, 0.360143,
    1.04181, 2.78747, 1.19325, -0.776455, 1.0452, -0.38877, 1.3805, 0.0293334,
    1.04605, 0.354838, 0.360971, 0.34432, 1.04637, 0.0209588, -2.04616, 0.412441,
    1.04769, -2.17478, -2.42634, 0.836512, 1.04814, 0.388164, 0.933115, 2.18421,
    1.04896, -0.356937, 1.08657, -0.379524, 1.04931, -2.2377, 0.539566, -1.08928,
    1.0494, 0.460355, 1.12122, 0.5153, 1.0507, -0.000849567, 0.358728, -0.00907679,
    1.0514, -0.725868, -1.00999, -2.90482, 1.06012, -0.376562, -0.00376515, -0.746715,
    1.06117, 0.341016, -0.0415584, -0.740789, 1.06285, -0.00749909, -0.0136438, -0.378663,
    1.06323, 0.725884, 0.325806, 0.00857609, 1.06501, -0.367042, -0.0122238, -0.0142289,
    1.06717, -0.367734, 0.358378, 0.344188, 1.06785, -0.786323, 1.13906, 0.00159953,
    1.0683, -0.709352, -0.236867, -1.74286, 1.06833, -0.740811, 0.369527, 0.734428,
    1.06895, -0.00112886, 0.333954, 0.705965, 1.06918, 2.1315, 1.8905, -1.29948,
    1.07151, 0.367158, -0.367824, -0.356635, 1.07165, -0.747214, -1.17713, -0.813853,
    1.07322, -0.376497, -0.371648, 0.335532, 1.07395, -0.341144, 0.773025, 0.0178237,
    1.0752, -0.329355, 0.410226, -1.09847, 1.0768, 0.343038, -0.0347562, 0.712359,
    1.07783, 0.704275, 1.13877, 0.0520551, 1.08, -0.00960752, 0.371671, -0.695901,
    1.08066, 0.722092, -0.0268641, -0.376891, 1.08144, -0.840449, -1.8775, 1.5432,
    1.0826, -2.58831, -0.929056, 2.29193, 1.08451, 0.546792, -2.20034, -0.919176,
    1.08636, 0.0985985, 1.10146, 0.0335532, 1.08754, -0.737004, -0.00830251, 0.360652,
    1.08892, 0.0508263, -1.52971, -0.37213, 1.09018, -0.71296, -0.00788644, -0.382261,
    1.09095, 2.83504, -1.72653, 0.0457115, 1.09163, 0.361028, 0.360129, -0.365516,
    1.09184, 0.31929, -0.727891, 0.00571427, 1.09293, -0.0275561, -0.724508, 0.369417,
    1.09395, -0.0323929, -0.38689, -0.747944, 1.09445, -0.734678, -0.351308, -0.0153067,
    1.09524, 0.276707, -0.391415, -1.21569, 1.09563, 0.0132516, 0.734059, -0.359192,
    1.09584, 1.23321, -2.65773, 1.1051, 1.09864, -0.756298, 0.719427, -0.400126,
    1.10012, -0.000625774, 0.753636, 0.386583, 1.10029, -0.78268, 0.760959, 1.16234,
    1.1003, -0.373528, -0.381109, -0.395598, 1.10075, 1.09627, 0.362108, -0.41824,
    1.10164, 0.731369, -1.09517, 0.0105224, 1.10263, -0.992742, 0.659075, -2.53432,
    1.1028, 0.395295, 0.714382, -0.00318948, 1.103, -0.74307, 0.353488, -0.760264,
    1.10339, 0.71358, -0.340841, 0.0176053, 1.10441, -0.255524, -2.98054, 1.47782,
    1.10488, -0.744202, 0.379709, -0.00504126, 1.10558, 1.43814, -1.24238, 1.20662,
    1.10709, 0.707348, 0.362341, 0.709406, 1.10718, -0.344002, -0.733053, -0.0178869,
    1.10816, 0.74148, 0.012303, 0.367755, 1.11086, -0.360343, -0.038264, 0.717915,
    1.1115, -0.736381, -0.345612, -0.768802, 1.11158, 0.370139, -0.72459, -0.783519,
    1.11182, 0.0240076, -0.0622008, 1.10622, 1.11492, 0.742895, -0.352552, 0.76399,
    1.11549, 1.07479, -0.0226514, -0.79633, 1.11592, 0.000570313, -1.80896, -1.35597,
    1.11596, 0.00461371, -0.397998, 0.725988, 1.11689, -1.10967, -0.0286749, 0.0230537,
    1.1173, -1.14787, 0.392693, 0.340339, 1.11746, -2.37506, 0.474729, 0.903046,
    1.11774, -0.7244, -0.748679, -0.410234, 1.12001, 0.0662569, 2.90867, -1.47748,
    1.12136, -0.715411, -0.747248, 0.381265, 1.12152, -0.373134, 0.769483, -0.788044,
    1.12182, -0.336777, 0.312362, 1.20974, 1.1223, 0.743082, -0.720588, -0.368436,
    1.12241, -0.363678, 0.356772, -0.347628, 1.12505, 0.435118, -0.772768, 0.782389,
    1.12555, 1.12527, -0.440921, -0.379697, 1.12705, -0.000194996, 1.15923, -0.794298,
    1.12762, 0.363252, 0.26044, -1.09478, 1.12768, 0.690994, 0.0623579, 1.14095,
    1.12771, 1.09731, -1.31042, -1.43575, 1.12777, 0.304, -1.14474, 0.32316,
    1.12796, 0.308544, 1.27461, 1.19467, 1.12903, 0.757312, 0.751028, -0.387546,
    1.12951, -1.21854, 0.790669, -0.0641166, 1.13043, -1.53474, -0.128971, -0.359086,
    1.13235, 1.12799, 0.0392809, 0.761524, 1.13453, -0.117352, 2.62761, 0.0864976,
    1.13514, 0.70789, -1.5732, 1.76657, 1.13565, -0.00948098, -0.740962, -0.36146,
    1.1361, 0.411844, 0.740843, -0.762385, 1.13692, 1.13692, -0.363805, 0.412391,
    1.13717, 1.69599, 0.444681, 0.893166, 1.13744, -1.19847, 0.734626, -0.704844,
    1.13752, -1.44444, 2.07527, 1.41983, 1.13963, -0.760763, -1.17068, 0.071364,
    1.13964, -0.777974, -0.384482, 0.76248, 1.13991, 0.428072, -0.785933, 1.6718,
    1.14014, 0.0754116, 0.730523, -1.15688, 1.14036, 0.739188, 0.728135, 0.362451,
    1.14254, 0.0227676, -0.764801, 1.20659, 1.14315, -0.738999, 0.770141, 0.394735,
    1.14393, 1.69964, 0.725412, 0.367189, 1.14463, -0.379908, 0.748989, 0.751912,
    1.14852, -1.13314, -0.701587, 0.0507012, 1.15034, 1.11275, -0.813253, 0.755707,
    1.15121, -0.14312, -1.08321, -2.17643, 1.15175, 1.17003, -0.253996, 1.39754,
    1.15193, 1.20201, 0.3245, 1.21591, 1.15238, 0.0796094, 1.4505, 0.35134,
    1.15279, 0.754923, 0.402598, -0.794734, 1.15357, -0.0734917, 1.52139, -0.35762,
    1.15558, -1.18653, -0.363184, 0.421038, 1.15641, 1.46224, -0.0316056, -0.446317,
    1.15675, 1.19292, 0.360829, 0.367926, 1.15825, -0.35573, 1.29331, 1.26445,
    1.15845, 0.0128755, 0.751398, 1.13954, 1.15855, -1.14217, -0.37905, -0.407181,
    1.1592, 0.469347, -1.20695, 1.21808, 1.1597, -0.764903, -1.20528, 0.736257,
    1.16031, -1.20003, -0.0381961, -0.899157, 1.16166, 0.413289, -1.10407, -0.371936,
    1.1619, 2.18576, 0.150531, -0.0856602, 1.16223, 0.763706, -0.427938, -0.798707,
    1.16385, -2.49127, -0.125372, -1.04359, 1.16483, 1.09651, -0.000656468, -0.0120318,
    1.16502, -0.397908, -0.730803, 0.791556, 1.16558, 0.813404, 0.347222, -1.44301,
    1.16604, -1.82708, -0.0122695, -1.5315, 1.16629, 0.421603, -0.411397, 1.14631,
    1.16641, 0.349668, 0.72641, 0.745382, 1.167, -0.350299, 0.198055, -1.57489,
    1.16774, 1.45432, -1.10211, 1.9807, 1.16791, -0.277994, 0.720953, -2.12521,
    1.16823, 0.146857, -1.16605, -0.798057, 1.1693, 0.341951, 2.53017, 1.01794,
    1.16951, -1.24861, 0.0446241, -2.07006, 1.17016, 2.30041, 0.312869, 0.589002,
    1.17108, -1.3622, 2.10148, -2.17635, 1.1724, -1.44511, -1.15881, 1.25105,
    1.17319, 1.08536, 0.71026, -0.00991422, 1.17325, -0.445246, 1.27929, -1.24662,
    1.17379, -0.830757, 0.748933, -1.12454, 1.17462, -0.362658, -0.368592, -1.15087,
    1.17505, 0.204621, 0.342993, -1.54096, 1.17522, 1.57428, 0.310235, -0.0374428,
    1.17578, 0.447005, -1.66379, 0.687657, 1.17603, -1.22229, 0.764479, 0.749278,
    1.17808, 0.693338, -0.714063, 0.365481, 1.18052, -0.756332, 1.19835, -0.721169,
    1.18072, 0.393199, 1.10993, -0.370858, 1.1808, -1.14613, 0.0475838, 0.709574,
    1.18093, -0.00266266, -1.10391, 0.773474, 1.18147, -2.51233, 0.184203, 1.97409,
    1.18175, -1.15988, 0.384968, -1.43246, 1.182, 1.49923, 0.745534, -0.339049,
    1.18237, -0.0322152, -1.13888, -0.032992, 1.18401, -0.701275, 0.0494794, -1.19056,
    1.18413, 2.34321, 2.54742, -0.437861, 1.18725, -0.810533, -1.90563, -1.33001,
    1.18807, -0.294187, -0.818534, -0.727093, 1.18881, -0.35293, -1.12818, 0.366067,
    1.18963, -0.777421, -0.829749, 1.26279, 1.18982, -1.3175, 1.85634, -0.138829,
    1.18994, -0.757127, 0.0454316, 1.14451, 1.19032, 0.290031, -2.46144, -0.265357,
    1.1908, -1.57242, 0.389513, 0.0146419, 1.19086, 2.35265, 0.361768, 1.39917,
    1.19164, -1.1346, 0.266426, -0.426642, 1.19297, -0.390852, -1.58169, -0.742364,
    1.19535, -1.80597, 2.50947, -0.216746, 1.19544, 0.426277, 1.57268, -0.0656036,
    1.19621, -0.0280723, 1.13174, 0.794885, 1.19995, -1.32436, 1.25121, -1.14857,
    1.20149, -1.29003, -0.0313556, 1.77442, 1.20184, -1.2941, 1.25484, 0.331417,
    1.2027, 2.17957, -1.01234, -1.35921, 1.20462, 0.0444495, -0.288943, 1.6117,
    1.20543, 1.31028, 0.0428804, -1.82672, 1.20702, 0.301684, 0.331677, 1.08002,
    1.20765, -2.19615, -0.92139, 1.26356, 1.21106, 0.348189, -0.704681, -1.72678,
    1.21166, -0.150146, 2.0156, -2.53813, 1.21181, 1.22409, -0.844348, -0.857751,
    1.21195, 2.38931, -0.771617, -2.18902, 1.21291, -1.67624, -0.230691, 0.307625,
    1.21504, 0.122773, -3.37434, 0.0503293, 1.2155, 0.773422, 1.19455, -0.793292,
    1.21576, -0.441109, -1.20511, -0.332815, 1.21733, 1.74936, 0.0170392, 0.429792,
    1.21874, -0.302422, -1.2488, 1.22776, 1.21931, -1.98839, 1.32855, -0.74058,
    1.21966, -0.29376, 1.75214, -0.853517, 1.2202, 1.16301, 0.717126, 0.783349,
    1.22034, 0.386253, 1.67103, 0.711186, 1.22134, 1.36224, 0.306887, -1.18458,
    1.22209, 1.70773, -0.673194, -0.37162, 1.22236, -2.23135, 1.50532, 2.08846,
    1.22252, -1.26636, -0.311057, 1.10627, 1.22322, -0.756394, 1.20382, 0.781893,
    1.22587, 0.329879, 1.62684, -0.702893, 1.22863, -1.16352, -1.0942, -0.303769,
    1.22943, 1.11828, 1.21897, -0.315421, 1.23078, 0.854502, 1.55375, 0.349862,
    1.23376, -0.380432, -0.354078, 1.14806, 1.23416, 0.718356, 0.693095, 1.15898,
    1.23429, -0.943303, -1.66727, -0.519008, 1.23515, 1.1825, -0.33185, -1.2361,
    1.23612, 1.37837, -1.93981, -0.960594, 1.23647, 0.0140626, -0.805421, -1.17217,
    1.23692, -1.65047, 0.287266, 3.24939, 1.23726, 1.21009, 1.22538, 1.23452,
    1.23818, -0.773089, -1.84711, 0.286856, 1.23853, -1.41344, -2.11716, -0.0503202,
    1.2394, 1.19053, 0.78238, -0.830826, 1.24051, -0.513029, -0.81547, -1.57544,
    1.24144, -1.2928, 0.365726, 1.17647, 1.24215, -1.14899, -0.71386, -0.790558,
    1.24366, 0.00327426, 1.89687, 1.35628, 1.24704, -1.29802, 1.08518, 1.36015,
    1.2489, -2.78444, 1.51498, -0.271921, 1.25028, -1.37549, -1.02262, -1.37839,
    1.25129, 1.67266, 0.867927, 1.45023, 1.25332, 0.153278, 0.362763, 1.65141,
    1.25457, -1.79736, 0.88338, 0.417301, 1.25533, -0.320691, 0.746361, 1.61714,
    1.25679, -0.215081, -0.863174, 1.7635, 1.25777, 0.546094, -0.143109, 1.63757,
    1.2581, 1.12614, -0.722365, 0.0667308, 1.25838, -1.21945, -1.36894, 0.342368,
    1.25862, -2.32062, -1.12969, -0.40532, 1.25999, -0.335989, -1.74505, -0.0650492,
    1.26004, 1.66362, -0.278347, -0.887516, 1.26048, 1.65074, -0.684554, 0.501316,
    1.26353, -1.08198, -0.401534, -1.37895, 1.26588, -0.330899, 1.09876, 0.376064,
    1.26812, 0.720017, 1.55146, 1.8004, 1.26934, -1.18591, -0.787573, 0.713008,
    1.26959, 0.1881, 2.17522, 2.23533, 1.27016, -0.797962, 1.65292, 0.292144,
    1.27116, -1.57724, 0.683439, 2.0408, 1.27407, -1.67432, -0.928405, 0.375094,
    1.27611, 0.73571, 0.845908, -1.22803, 1.27617, 0.719979, -1.55024, -0.302955,
    1.27729, 0.642556, -0.154748, -1.28369, 1.27927, 0.31666, -0.102501, -1.86542,
    1.28028, -1.18579, 1.27821, -0.350114, 1.28437, -0.283895, -1.2914, -1.26821,
    1.2845, 0.280736, 1.32286, -1.23358, 1.28597, -0.717539, 1.68831, -0.359928,
    1.28983, -0.406258, 0.0897317, 1.7324, 1.29031, 1.48072, -0.342201, 0.0334211,
    1.29165, -0.878535, 0.478659, 1.66499, 1.29197, -0.0497617, 0.263993, 2.29621,
    1.29668, 1.13889, -2.87093, -0.72622, 1.29864, -0.264359, 1.64176, 0.734211,
    1.30222, 0.94591, -2.43736, -2.12885, 1.30222, -0.148019, -0.392681, -1.71864,
    1.30243, -2.61343, 0.272043, -1.82935, 1.30471, -1.27052, -2.09848, 0.815645,
    1.30914, 1.17251, -1.12338, -0.330376, 1.3104, 1.4499, -1.26032, 0.332624,
    1.31583, 3.09873, 0.449003, 0.804326, 1.31629, 1.21307, 0.964389, 2.10378,
    1.31754, 1.68072, -1.2432, -0.777836, 1.31906, 1.9574, 0.436301, -2.40176,
    1.31948, 0.782329, 0.357167, 1.67398, 1.32053, 1.24192, 1.12163, 0.421442,
    1.32301, 0.394714, -1.22349, -1.31602, 1.32485, 2.20969, 1.77842, 0.228075,
    1.32514, 1.68153, 0.0475453, 1.38539, 1.326, 1.01626, -1.34171, 0.85834,
    1.32608, 0.552024, 1.05748, -2.2829, 1.32668, 0.880516, -1.97362, 1.0565,
    1.32918, 0.911312, -1.76505, 0.306, 1.33263, 1.16838, 0.775239, -1.87525,
    1.33285, 0.35483, 0.959923, 1.58761, 1.33291, 0.249564, -1.73455, -0.74218,
    1.33442, 1.39018, 0.0221447, 2.03663, 1.33489, 1.92666, -2.30819, -0.119701,
    1.33736, -1.58628, 1.97537, -0.97873, 1.33943, 0.077867, -1.78651, 1.21602,
    1.34032, -0.399445, 0.795762, -1.5588, 1.34178, 0.505355, -0.583212, -2.48777,
    1.34319, 0.863633, -1.44026, -0.856881, 1.34347, 0.464591, -0.280343, 2.2839,
    1.34371, 2.00097, -1.3531, -0.134632, 1.34376, 1.48547, -0.282242, 0.882389,
    1.34515, 0.359515, 0.876502, -1.65793, 1.34638, -1.7339, 0.211396, -0.783365,
    1.34849, 1.18663, 1.35685, -1.39729, 1.35113, 1.95968, 0.80976, -1.47978,
    1.35334, -1.66235, -0.658808, -0.152181, 1.35735, 1.44601, -0.726506, -1.95839,
    1.35839, -0.696217, -0.755094, -1.0386, 1.36027, 0.83303, -0.76458, -1.37447,
    1.36055, -1.23303, -2.33138, -1.91099, 1.36218, 0.34347, -0.0627211, 0.336679,
    1.36487, 0.848248, 1.72335, -0.385404, 1.36678, 0.765728, 1.12997, 0.793787,
    1.36736, 1.65814, 1.25721, 0.0319078, 1.3692, -0.161627, -2.0512, -2.12003,
    1.36946, -0.119128, 1.43676, 1.9236, 1.36951, 0.315592, 0.326037, -2.4387,
    1.37072, -0.681278, 1.37248, -2.04115, 1.37088, 0.987908, -0.814393, 1.41074,
    1.37296, 0.840657, 1.96215, -1.10697, 1.37337, 1.58567, 1.84318, 0.840763,
    1.37359, -0.972198, -3.09665, -0.946115, 1.37449, -0.0896341, -1.52798, 0.46883,
    1.37663, -0.803682, -0.338271, 1.50957, 1.377, 0.660536, 0.383942, 2.59522,
    1.37721, -1.51764, -0.58853, -2.08121, 1.37731, 0.255267, 2.15812, -0.275736,
    1.38024, -1.79735, -0.564731, 0.913146, 1.38321, -0.819359, 1.20401, 1.87093,
    1.38372, -0.59296, -1.76424, 0.876197, 1.38502, -0.698767, 2.03965, -1.45166,
    1.3872, -0.0566046, 0.0144328, -0.866744, 1.38769, -1.66742, -0.427022, -1.05077,
    1.38778, -2.1929, 0.268891, 0.364175, 1.38942, -0.512725, 2.84433, 1.5674,
    1.39039, 0.814873, -1.31978, -2.13538, 1.3926, 0.810834, 1.8604, 1.13208,
    1.39399, -1.6409, 0.777786, -0.425908, 1.39524, 0.905729, -0.954807, 2.56718,
    1.39662, -1.61984, 0.260143, 0.652591, 1.39722, 1.38077, 2.10499, 1.86063,
    1.39964, -0.0587317, 1.39205, -1.7451, 1.39965, 0.313028, -1.65486, 0.0729386,
    1.40255, 1.84627, 0.334818, -0.671717, 1.40279, 0.726877, 3.31104, 0.0865894,
    1.40378, 2.77089, -0.541547, 1.39181, 1.40782, -2.3736, -0.395641, 0.242728,
    1.40985, 0.858064, -0.354734, -1.88939, 1.41153, 1.82263, 1.09923, -0.831611,
    1.41175, -0.796356, -1.27402, -1.92737, 1.41304, -1.68901, -1.02264, -0.724986,
    1.41355, -1.47504, 0.956233, -1.87226, 1.41437, -0.794416, -1.17202, 1.90867,
    1.41451, -1.6873, 0.737621, -1.24263, 1.41726, 2.32874, -0.358705, 0.554108,
    1.42075, -0.356117, 0.344898, 0.811105, 1.42543, -0.0166753, 0.378173, 0.376434,
    1.42611, -0.0386567, -0.362451, 0.311358, 1.43153, -3.15583, -0.745798, -1.08674,
    1.43837, -0.65675, -1.30435, 2.85429, 1.43848, -0.0175846, 0.0279921, -0.0342284,
    1.43886, -0.713313, -0.0967108, -2.76678, 1.43952, -3.15777, -0.161935, 1.00357,
    1.44871, -1.75426, -1.93371, 1.90548, 1.44896, -1.74657, -1.71519, -1.11037,
    1.44898, -0.787335, 1.75508, 1.27838, 1.45055, -1.85926, 1.36248, -0.082741,
    1.45134, -0.399355, -0.402256, 2.45645, 1.45311, -1.90213, -1.56001, 0.731549,
    1.45311, 1.29121, 1.86035, 0.109388, 1.4543, -0.336597, -2.49128, 0.539529,
    1.45701, 2.0955, 1.15149, 2.36002, 1.45949, 0.336141, -0.364683, -0.782844,
    1.46061, 0.355944, 0.346498, 0.0410797, 1.46103, 0.706831, 0.012277, -0.74757,
    1.46122, -0.12292, 2.71706, -0.729951, 1.46187, -1.88532, -0.120123, 1.43775,
    1.46201, -0.012447, -0.369708, -0.369434, 1.46369, -1.93334, 0.0461229, -0.224334,
    1.4647, -0.769888, 0.804258, -0.0626673, 1.46705, -2.25936, 0.950904, 1.36773,
    1.46717, -1.63911, -1.42528, -0.177726, 1.46803, 2.40812, -0.274139, -0.408248,
    1.47071, -0.387286, 2.24349, 0.60188, 1.47126, 1.97943, 0.0120508, -1.48493,
    1.47141, 0.361955, 0.00314468, -0.382107, 1.47356, -2.24191, -0.416545, -0.580158,
    1.4747, 0.394102, 1.28424, 2.9288, 1.47742, -0.366254, -0.00783764, 0.335053,
    1.47755, -1.91354, 1.47031, 0.883991, 1.47823, -1.05856, 2.90437, 0.314845,
    1.47982, -0.351587, 0.477858, 0.0183054, 1.48244, 0.0785278, 0.80185, -0.720834,
    1.48586, 0.484991, -1.1859, 0.714347, 1.48727, -0.386796, -0.390412, -0.049541,
    1.48792, -0.742116, -0.801688, -0.028575, 1.49073, 0.777317, 0.373468, -0.313212,
    1.49372, 0.0164941, 0.81813, -0.0232422, 1.49378, 0.349855, -0.374184, -0.00960952,
    1.49421, -2.37189, 0.580933, -0.429615, 1.49523, -0.351858, -0.00311548, -0.404582,
    1.49572, 1.74603, -0.698559, 1.41894, 1.50113, -0.745317, 0.352735, 0.421686,
    1.50273, -0.373462, 0.392021, -0.789245, 1.50412, -0.719463, 0.0330414, -0.0409113,
    1.50439, 0.389933, -0.720907, -0.399107, 1.50604, -0.36002, 0.814379, -0.424533,
    1.51471, -0.608965, -2.30403, -0.234876, 1.51489, -0.384915, 1.225, -0.087731,
    1.51611, 0.941271, -0.266512, 1.08401, 1.51925, 0.320782, 0.369751, -0.749088,
    1.52039, -0.759917, -0.370157, 0.363644, 1.52227, 0.373415, 0.802225, 0.380378,
    1.52246, 0.809018, -0.300335, -0.359149, 1.52474, 1.07888, -2.10989, -0.271058,
    1.5255, 0.952839, -1.24256, 0.214383, 1.52711, -1.29353, 1.92305, 0.610863,
    1.52887, 0.00354373, 0.0423664, 0.821839, 1.52916, -0.774132, -0.345605, -0.415243,
    1.53434, 0.094693, -1.43554, 2.07126, 1.53478, 0.438091, 0.280659, 0.626616,
    1.53789, 0.672426, 2.25566, 0.408891, 1.54132, 0.867119, 0.426102, 0.292139,
    1.54324, -0.776685, 0.0454251, -0.798713, 1.54367, 2.05197, 0.958383, 0.791784,
    1.54502, -0.810482, 0.520541, 1.00084, 1.54557, 1.63968, 1.90894, -0.587483,
    1.54611, -0.757431, 0.397823, -0.41501, 1.55285, 0.281716, -0.725893, 0.390651,
    1.55548, -1.22815, -0.286613, -0.0561109, 1.55699, 0.350744, -0.356057, 0.7496,
    1.55785, -0.0670503, 1.71607, 0.051646, 1.5593, 0.00953085, 0.384547, -0.352961,
    1.56049, 0.821636, -0.285517, 0.483528, 1.5606, 0.600698, -1.90818, -1.44289,
    1.56159, 1.69808, -1.82019, 1.28979, 1.56282, -0.0557799, 0.327575, -1.31538,
    1.56406, -1.19942, 0.338837, -0.0397401, 1.567, -1.5723, -0.863335, 2.10021,
    1.56802, 1.19183, 0.245875, -0.790895, 1.57082, -1.19545, 0.75374, 0.339998,
    1.571, -0.364642, -2.25136, 2.16297, 1.57398, 0.73663, -0.0130661, 0.07678,
    1.57454, -0.0065054, -0.327252, -1.27636, 1.57599, 0.798422, -0.873019, -0.776248,
    1.57653, -0.226959, 0.195758, -1.95277, 1.57791, 1.67676, -1.66039, -1.81199,
    1.57798, 2.77725, 0.471406, -0.344846, 1.57804, 0.436075, 1.28033, 0.164522,
    1.57952, -0.112186, 0.365275, 1.27828, 1.58146, -2.0726, 2.60493, 1.0134,
    1.58631, -0.764051, -0.04629, 0.80172, 1.58691, -1.21808, 0.437922, -0.915904,
    1.58811, 0.0677399, 2.03454, -1.17866, 1.58821, -0.0353041, -0.815937, -0.0341618,
    1.58868, 2.01376, -1.18683, 0.752025, 1.58925, -0.394118, -0.372408, -0.815301,
    1.58938, -0.294669, -0.346364, 0.723526, 1.59189, 0.044879, -1.24525, -0.437589,
    1.59345, -0.00489948, -0.768343, 0.829107, 1.59625, 2.02928, 0.798308, -0.125188,
    1.59689, -1.11594, 0.12267, 2.42019, 1.60088, -2.23227, -0.974823, -1.43037,
    1.60107, 1.30104, 0.00200374, 0.396083, 1.60495, 1.24124, -0.272909, -2.80413,
    1.60683, -0.550276, 0.686822, 2.65607, 1.60717, 0.40856, -1.17732, 0.0935089,
    1.60931, -0.376661, -0.770432, 0.384932, 1.60962, 1.25831, -0.428946, -0.617203,
    1.60987, 2.85817, -0.175687, -1.23331, 1.61074, -0.457932, 0.909342, 1.21004,
    1.61221, -0.355839, 1.28364, -0.792341, 1.61428, 0.0972593, 1.23632, -0.36672,
    1.6162, 0.736419, -0.703723, -0.0221125, 1.6169, 0.887492, 0.216428, 0.844735,
    1.61702, -0.470186, -0.805118, -0.432755, 1.61728, 0.872199, 0.929862, 0.0542016,
    1.61779, -0.622933, -0.517882, -2.07969, 1.62219, 0.432475, 0.726312, -0.287985,
    1.63003, 2.81958, -0.887153, 0.111604, 1.63034, 0.65256, 1.73887, -1.83583,
    1.63509, -0.771023, -0.6608, 0.842694, 1.63547, -0.789602, 1.20575, 0.282459,
    1.63723, -0.444189, -1.2331, 0.888893, 1.63952, 0.543393, -0.681118, 1.23722,
    1.64079, 0.73897, 0.302303, -1.20719, 1.64128, -2.6885, -1.10023, 0.391751,
    1.64178, 0.801481, -0.807621, 0.680576, 1.64305, 0.482029, -2.44221, 0.319974,
    1.64487, 1.2713, 0.166792, -0.234495, 1.6452, -1.08154, -0.0132642, 0.338866,
    1.64667, -0.000654834, -0.407769, 1.26875, 1.64694, -0.00211, 0.689637, 0.744224,
    1.6482, -0.262094, -0.392842, 1.83168, 1.65432, -1.26756, -0.669952, 1.39468,
    1.65488, -1.04428, -1.16121, -0.756054, 1.65704, -0.461034, -1.19015, -0.818829,
    1.65798, 0.975858, -1.96033, 2.31464, 1.65872, -0.537723, 2.25855, -0.24054,
    1.6593, 0.438226, 0.0366477, 1.21112, 1.65946, 0.322814, -2.49798, 1.24329,
    1.66129, -1.34209, 0.0663529, -1.47631, 1.66344, 0.610054, 0.36852, -1.78316,
    1.66705, -0.83623, 0.856159, -0.802137, 1.66743, 1.46855, 0.548615, 0.121984,
    1.66874, -0.926858, -1.47545, -0.134943, 1.66985, -0.308896, 0.849649, -1.11195,
    1.67042, -0.266475, 0.833006, -2.87036, 1.6719, -0.586246, -0.175234, -1.45482,
    1.67436, -0.721623, 0.422904, -1.30002, 1.67812, 0.232325, 1.27113, 0.894578,
    1.67851, 1.79846, -0.132058, -0.206712, 1.68, -1.07904, -0.333399, -0.921586,
    1.68123, -0.500473, 0.772641, 0.478696, 1.68624, -0.314504, -2.01266, -1.01841,
    1.68912, 0.117754, -1.14804, 1.31294, 1.69087, 1.11514, 0.593524, 1.32897,
    1.69572, -1.16501, -0.792113, 0.267845, 1.696, -0.86425, 0.391048, -2.00427,
    1.70051, 0.80733, 2.47004, -0.473827, 1.70097, -0.345498, -1.29963, 0.0162154,
    1.70248, -3.10423, -0.0890755, -0.283538, 1.70532, -1.10226, 1.09978, 0.879359,
    1.7091, -0.75305, -1.25781, 0.402025, 1.70978, -0.535957, -0.830223, 1.36879,
    1.7101, 1.97206, -0.781135, 0.0707011, 1.71114, -1.26044, -1.1998, 0.834606,
    1.71544, -0.00152183, -0.701601, -0.697945, 1.71583, 0.397315, -0.685709, 1.91043,
    1.72456, 0.357075, 0.690202, 1.18994, 1.72909, 0.320619, 0.758055, -1.19808,
    1.72936, 0.0237301, -2.02266, -0.241774, 1.72994, -1.21633, -2.04816, -0.705357,
    1.73034, 0.744543, 1.21499, -0.383385, 1.731, -1.31058, 0.0229813, -0.499879,
    1.735, 1.51106, -0.83742, -1.28537, 1.73777, 0.197272, -0.577649, -3.33247,
    1.74241, 0.367905, -0.747016, -1.12936, 1.74305, 0.280311, -0.0272083, -1.08168,
    1.74324, 1.22891, 1.40289, -0.822714, 1.74738, -1.37082, -0.315769, 0.790745,
    1.75044, -1.08236, -1.53361, 1.42085, 1.7508, 0.510374, 1.32684, -0.922973,
    1.75254, -1.13974, -0.776415, -0.352218, 1.75289, 0.241156, -0.897097, -1.82569,
    1.75787, 0.775224, 0.729796, -0.75984, 1.76095, 1.55714, 0.432361, 0.79555,
    1.76342, 0.792125, -1.3659, 1.47644, 1.76572, -0.43023, 1.38102, 0.842148,
    1.76689, -1.70212, 0.618371, 1.0018, 1.76732, 1.3289, -0.718572, 0.961624,
    1.76842, -0.833873, 1.38333, -1.35615, 1.7693, 1.35894, 0.752611, -0.470075,
    1.7741, 0.653492, -1.17515, -0.3989, 1.77503, 1.34383, -0.793817, 0.381068,
    1.77669, -1.19144, 0.751651, -0.350446, 1.78015, -0.935973, 1.93481, 2.24582,
    1.78128, -1.20756, 0.0905204, 1.39151, 1.78584, -1.64718, 0.0204765, 0.235873,
    1.78956, 0.818527, -0.335353, -1.04477, 1.79136, -0.977029, -1.48222, -1.35698,
    1.79338, 1.3383, -0.869265, -0.279246, 1.79548, -0.441547, -0.0494221, 1.24734,
    1.7971, -0.031756, 1.13909, 0.350276, 1.79762, -2.59524, 0.915768, 0.344236,
    1.80348, 0.138567, -2.7818, -0.904033, 1.80391, 0.168095, 0.0594714, 1.74857,
    1.80917, -1.87504, 0.260995, -2.41338, 1.80962, -0.781735, 1.21504, -0.335977,
    1.80981, 1.2551, -0.140861, -1.53457, 1.81355, 1.0117, -0.220508, 1.72537,
    1.81582, 1.36208, 0.668977, -1.2886, 1.8196, -1.32115, 1.40894, -0.755427,
    1.82045, 0.0991168, -0.00857192, 0.370818, 1.82055, -0.573363, 1.76301, 0.342591,
    1.82182, -1.82533, -0.648325, 0.40082, 1.82317, -0.00763433, 0.862256, 1.99744,
    1.82721, 0.18798, -1.33876, -0.983758, 1.8274, 0.777696, 0.722716, 0.722021,
    1.83294, 2.01018, -0.703222, -0.746854, 1.83778, 1.0917, -0.371661, 0.0490051,
    1.83812, -0.266584, -0.833635, -1.32188, 1.84054, -1.36787, 1.25308, 0.100333,
    1.84463, 0.377431, -1.72828, 0.74638, 1.85057, -0.942436, -0.738949, -1.35236,
    1.85862, -0.58724, 0.458414, 1.72437, 1.86195, 1.47248, 1.27791, 0.982637,
    1.86345, -0.418976, 1.73163, -0.553677, 1.86486, 0.663249, 0.589437, 1.92205,
    1.86832, 0.0142191, -1.19144, 0.483506, 1.86974, -1.10126, -2.75746, 0.136284,
    1.8714, -1.20138, 0.338281, 0.652302, 1.87381, -1.64047, -0.46012, -0.404417,
    1.87541, -2.20726, -2.05773, -0.133982, 1.87741, 0.628394, -1.84629, -0.643124,
    1.87963, -0.194994, -1.50812, -1.65454, 1.88139, -0.290045, -1.86106, 0.452592,
    1.88272, 2.08408, 0.297738, 0.210505, 1.88326, 0.825747, 1.46595, 0.57394,
    1.88345, -0.049994, 1.29076, 1.39135, 1.89027, 0.128328, 0.880551, -1.9762,
    1.89273, 0.256635, 1.73904, -0.506953, 1.89716, 1.38499, -2.48411, 0.484371,
    1.8994, 0.195233, 1.80494, 0.588484, 1.90262, -0.0192488, -0.0625786, -0.524408,
    1.90569, -0.865768, -0.336072, 1.98687, 1.90591, -0.0748664, -0.389844, -0.0398032,
    1.91068, 0.533331, -0.336926, -1.60373, 1.91114, -1.13876, 1.87494, -0.120505,
    1.91547, 1.99947, -0.597783, 2.12666, 1.91609, 1.20761, 0.860092, 0.447764,
    1.91658, 1.36068, -1.37777, -0.786206, 1.91759, 0.757, 1.25298, 1.32736,
    1.9176, -1.79163, 0.712336, 0.140545, 1.92727, 1.59737, -1.65586, 0.0413857,
    1.92931, -0.322981, 0.0946538, -0.0023697, 1.93014, -0.276966, -1.67587, 1.4178,
    1.93222, -1.21035, -1.17409, -2.59695, 1.93445, -1.37437, 0.955233, 1.66123,
    1.93826, -0.750481, 0.497963, 0.0566005, 1.94177, 0.403894, 0.00665248, -0.117989,
    1.94196, 2.00392, -0.0987564, 1.23352, 1.94579, -0.0566479, 0.540686, 0.153509,
    1.94782, -2.18949, 1.402, -1.28086, 1.9496, 0.774113, 1.77954, -0.0439061,
    1.95538, 0.157133, -0.629542, 2.90552, 1.95578, 1.60867, -0.0746683, -0.915098,
    1.9575, 0.46985, 0.493515, 0.239544, 1.96075, -0.37802, 0.264282, 0.621309,
    1.96668, -0.499558, -1.61887, -0.506399, 1.96764, 1.18386, 0.168303, 2.66029,
    1.9701, -1.24088, -1.87036, 0.45762, 1.98048, 0.472317, -0.431941, -0.522484,
    1.98255, -0.393385, 0.50114, -0.476902, 1.98288, -0.0519727, -1.22104, -2.53454,
    1.98663, 0.890242, 0.0163792, -0.493481, 1.99097, 2.5309, 1.38528, -0.708754,
    1.99582, -0.440146, 0.0146672, -0.952609, 1.9989, 2.39422, -1.54894, -0.827701,
    1.9997, -0.823641, -0.345026, -0.0278081, 2.00058, 0.0872389, 2.11265, 1.39969,
    2.00261, -2.27508, -0.0643916, 0.873126, 2.00454, 1.36893, 1.26398, -0.0630329,
    2.00558, -2.13475, 0.0606535, -1.33681, 2.01038, -2.2093, -0.937708, -0.257858,
    2.01043, 0.0583301, 0.955794, -0.59118, 2.01166, 0.910843, 0.498648, -0.127507,
    2.01308, 0.00566383, 1.35084, -1.26216, 2.01332, 0.689703, -1.76221, 0.144611,
    2.02415, -0.0515336, 0.418366, -0.928168, 2.0264, 0.471302, -0.372829, 0.339643,
    2.02641, -1.7643, 0.596246, -0.723443, 2.02795, -1.57507, -0.748152, -1.73459,
    2.02878, -1.10862, 1.38815, -2.32365, 2.03118, -0.01793, 0.000362781, -1.60899,
    2.03154, 1.73586, -0.289793, 0.499871, 2.0371, 0.830329, -1.20246, -1.35468,
    2.03751, 1.15833, -1.47156, 0.732471, 2.03768, 0.725494, -0.358888, 0.881447,
    2.05272, 0.0142176, 2.72058, 0.419154, 2.05873, 0.164561, -0.097975, -2.43407,
    2.0592, -0.735151, 0.0249488, -0.395932, 2.05968, 0.400943, 1.68585, -2.65113,
    2.05997, -0.461288, -0.315668, 0.426308, 2.06028, 1.08835, 2.42836, -1.41691,
    2.0607, 1.25476, -0.00498782, 1.03836, 2.0638, -0.688261, -0.563463, -0.658701,
    2.06406, 1.2317, 0.992692, -2.34846, 2.06951, -0.470437, 0.7518, -1.70622,
    2.07071, -1.54549, -1.20701, 0.160888, 2.08172, -0.473656, -0.824558, -0.0206161,
    2.087, 0.811884, 1.10785, -1.45584, 2.08839, 0.489486, 0.247277, -0.78389,
    2.09057, -1.31063, 0.863034, -1.3809, 2.09304, 0.295128, -0.764339, -0.0952673,
    2.09386, 0.769532, -0.989879, 0.26778, 2.09991, 1.73646, 1.40712, -1.47215,
    2.10338, -0.313548, 0.9951, -0.135708, 2.10716, 0.985806, 0.17614, -2.15164,
    2.10727, 0.0905428, -1.39756, -0.15418, 2.11014, -2.01628, -1.11923, 1.27145,
    2.11277, -1.1828, 2.33138, -1.04803, 2.11446, -0.299939, -0.751992, 1.02301,
    2.11783, -1.53968, -1.24244, -0.838274, 2.11878, -0.873368, 0.539361, 1.0606,
    2.12296, 1.57232, 0.488169, 1.77721, 2.12487, 0.391937, 0.254364, 0.717873,
    2.12647, 0.0359069, -0.215429, 0.880963, 2.12876, -2.04655, 1.86322, -0.133441,
    2.12976, 2.72936, 0.0661096, 0.773677, 2.13252, 0.44551, -1.04159, 0.907113,
    2.13328, -0.0951487, 0.459991, 1.17169, 2.13681, 2.37965, 1.24248, 0.332153,
    2.14008, -0.246405, -0.946741, 1.89984, 2.14121, 1.14801, 2.24153, 1.08984,
    2.14781, 1.01378, 0.115836, 0.370613, 2.15695, 2.03396, 0.507754, -0.805261,
    2.16228, 0.257366, 0.458528, -0.310591, 2.16278, -0.822611, -0.229749, 0.96932,
    2.17055, -0.902692, -2.37544, 1.22068, 2.17203, -1.95693, 0.0362524, 1.97211,
    2.19096, -0.155849, -0.900049, -0.601025, 2.19568, 1.29656, -0.912072, 1.42123,
    2.19699, -0.326755, 0.903111, 0.746138, 2.19913, 0.478038, 1.10074, -0.0188038,
    2.20317, -0.0400219, -0.691203, 0.409553, 2.21961, -0.00642848, 0.102, 2.3937,
    2.22819, -0.75138, 1.43509, 1.42536, 2.22883, 1.64928, 2.25303, 0.066176,
    2.23222, -0.829131, 2.26606, 0.986999, 2.23359, -2.15382, 0.0231815, -0.100163,
    2.23359, -1.02195, 0.296372, -0.872546, 2.23727, 0.594895, 0.274735, 1.35263,
    2.24506, 1.46113, -0.303579, -0.205838, 2.24529, 0.352155, -0.489354, 1.43866,
    2.24718, -1.48674, -0.308214, -0.958771, 2.24747, 0.911371, -0.895432, 2.19175,
    2.24776, -1.32002, 0.250187, -0.130418, 2.25199, 1.03369, -0.607553, -0.846027,
    2.25326, -0.927129, -0.800865, 0.53789, 2.25531, 1.0538, 0.265153, -1.10143,
    2.2662, 2.09842, 1.19979, 1.36348, 2.27196, -0.94283, 0.808748, 0.349843,
    2.27487, 1.3651, -2.18754, -0.919854, 2.27736, 1.16256, -0.900101, -2.12824,
    2.28439, -1.11707, 0.00981079, -1.56898, 2.286, -0.919843, 0.871392, -0.511954,
    2.2867, -0.932135, -1.15074, -0.160915, 2.28801, 0.342965, 0.955336, 0.683416,
    2.28881, -0.0805852, -2.9083, 0.311496, 2.29205, -1.48419, 1.48021, 0.803969,
    2.29579, -1.34762, -0.308527, 0.332918, 2.29857, -1.12812, -0.846661, 1.36219,
    2.30481, 0.129177, -0.318677, -1.00026, 2.30899, -0.556714, -1.35913, 0.759361,
    2.31866, 0.852352, 1.43885, 2.14812, 2.33986, -0.0285892, 1.59702, 0.0172049,
    2.34047, -0.559732, -0.466575, -1.20185, 2.34242, -0.418016, -0.535579, -1.99058,
    2.34451, 0.388284, 0.492167, -1.40612, 2.35041, -0.669478, 1.39539, 0.353844,
    2.35684, 0.952401, 0.921856, -0.552041, 2.36546, 0.971357, -1.22088, -0.288562,
    2.36938, -0.0718214, 2.48384, -0.631132, 2.37036, -0.427779, 0.850541, -1.03451,
    2.37151, 0.895239, -2.07273, 1.33145, 2.37506, -0.769531, 0.141845, 0.289236,
    2.37754, 1.98837, -0.0400642, -1.72698, 2.38379, -0.2557, 1.88507, -1.70671,
    2.39115, 2.16005, -1.40327, 0.881019, 2.40103, -0.773304, -2.18585, -1.34219,
    2.41034, 0.786876, -0.418289, -0.0855013, 2.41737, 0.0376308, 0.083598, 0.181819,
    2.41849, 0.429995, -0.953157, -0.691722, 2.41919, -0.20169, -0.272371, -0.329461,
    2.42311, 0.490172, -2.01514, -1.83909, 2.44998, 1.58041, 0.614141, 0.282971,
    2.45025, -0.607945, 1.48874, -0.759789, 2.45353, 2.39135, -0.165702, -0.271176,
    2.46747, -0.238739, -0.0740291, 1.54926, 2.46846, 1.39202, 0.294128, -0.414067,
    2.47029, -0.503426, -1.91843, 0.0124264, 2.47518, -0.647836, -1.19284, -0.966337,
    2.48035, 1.12123, -0.675099, 0.677103, 2.49385, 0.127143, -1.74747, -0.882559,
    2.50253, -0.798522, 1.02667, 2.30587, 2.50939, -1.22839, -0.549599, -0.346421,
    2.50998, -1.53968, 0.491289, 0.632324, 2.51559, -1.07776, 0.19134, 1.82247,
    2.51601, 0.756283, 1.74989, -0.824712, 2.5243, -1.483, -0.175903, 1.07965,
    2.53588, 1.76381, -0.968446, 0.0388606, 2.53644, 0.119047, -0.935792, -1.51569,
    2.54247, -2.51228, 0.625954, -0.825936, 2.55435, 0.182262, 0.928602, 1.53592,
    2.55691, 0.323326, 1.01551, -0.810811, 2.55764, 0.28977, -1.2787, 0.297343,
    2.56663, 1.05641, 0.675086, 1.02705, 2.56905, -0.392036, 0.198832, -1.38644,
    2.58395, -2.28198, 0.953595, 1.07625, 2.59421, -1.55249, 1.15556, -0.283262,
    2.59751, -1.38794, -1.91486, -0.320758, 2.59778, -0.327361, 0.146695, 0.750806,
    2.60373, -0.894776, 0.2593, -2.41443, 2.60865, 0.689691, 0.49961, 0.112793,
    2.62938, -0.0966572, 0.783632, 0.192572, 2.63772, 1.0786, 1.31772, 0.591022,
    2.66124, -0.935191, -0.9622, 2.29478, 2.67505, 1.69654, -0.746814, -1.02347,
    2.67581, 0.930295, -0.149357, 1.44643, 2.68012, -0.0237272, 0.344183, -0.554012,
    2.69819, 0.0434009, -1.82438, 0.939856, 2.69837, 0.710383, -0.30587, -1.54699,
    2.70147, 0.211694, -0.683588, 0.782931, 2.70541, 0.670531, -0.0904123, 0.574051,
    2.70739, -0.664258, 0.500441, -0.276664, 2.71608, 0.628305, -0.0109815, -0.62436,
    2.718, -0.283389, -1.05881, -0.0979242, 2.72182, -0.695825, 0.752954, 1.22028,
    2.73397, -2.23566, -0.722566, -0.828575, 2.73478, -1.96355, -0.784135, 0.463333,
    2.73573, 0.504341, -2.22073, -0.090445, 2.73884, 0.306096, -1.21377, 1.62355,
    2.75906, -0.898157, 2.12334, 0.0615401, 2.77539, 0.603325, 2.03561, 0.263493,
    2.78148, 1.71825, 1.18872, -0.41401, 2.81909, 0.0148139, 1.5822, 0.99553,
    2.82346, 1.81026, 0.0566556, 0.795279, 2.82431, -0.470946, -0.683673, 1.18435,
    2.83298, -0.640211, -0.394841, 0.254581, 2.83782, 0.099064, 0.743503, -2.03551,
    2.84913, -0.746254, -0.191782, -0.710731, 2.87614, 0.267655, -0.417742, -0.0536531,
    2.90014, -1.11551, -0.942135, -1.59045, 2.95235, -1.16652, -1.38573, 0.740852,
    2.99826, 1.16042, 0.655893, -1.23857, 3.00226, -1.2187, 0.797175, -1.23041,
    3.00227, 1.05658, -1.32207, 0.313688, 3.10005, 0.23541, 0.449213, 0.887482,
    3.12181, -1.56621, 0.111363, -0.220373, 3.13555, 0.44281, 0.170148, 1.99935,
    3.14093, 0.874036, -1.10158, -0.846162, 3.17071, -0.196305, 1.38767, -0.518556,
    3.18432, 1.35921, -0.719853, 1.27272, 3.20973, 1.24291, -0.13684, -0.0818662,
    3.2226, 0.0135979, -0.662629, -0.843682, 3.22395, -0.970721, 1.01392, 0.494667,
    3.35249, 0.692901, 0.961474, 0.0397525, 3.36091, 0.0515204, 0.287272, -1.18686,
    3.36691, -0.867702, -0.00915779, 0.963798, 3.36967, -0.888189, -1.18124, -0.3819,
    3.40248, -0.202027, 0.244374, -0.056163, 3.54471, 0.0731409, -0.786114, 0.461693,
};
static const hg_grid_info hg_grid4_table[] = {
    {4, 256, HG_GRID_P4_N256, 0.09682871},
    {4, 1024, HG_GRID_P4_N1024, 0.05008262},
    {4, 4096, HG_GRID_P4_N4096, 0.02552528},
};
/* END vector grids */

/* ------------------------------------------------------ quantized tensors */

/* NF4 (QLoRA) and AF4 levels: constants published with those methods */
static const float hg_nf4_levels[16] = {
    -1.0f, -0.6961928009986877f, -0.5250730514526367f, -0.39491748809814453f, -0.28444138169288635f,
    -0.18477343022823334f, -0.09105003625154495f, 0.0f, 0.07958029955625534f, 0.16093020141124725f,
    0.24611230194568634f, 0.33791524171829224f, 0.44070982933044434f, 0.5626170039176941f,
    0.7229568362236023f, 1.0f};
static const float hg_af4_levels[16] = {
    -1.0f, -0.69441008f, -0.51243739f, -0.3736951f, -0.25607552f, -0.14982478f, -0.04934812f, 0.0f,
    0.04273164f, 0.12934483f, 0.21961274f, 0.31675666f, 0.42563882f, 0.55496234f, 0.72424863f, 1.0f};
static float hg_rtn_levels[9][256];   /* [bits]: c - 2^(bits-1) */

const float *hg_grid(int p, int n, double *mse_per_dim) {
    const size_t n1 = sizeof hg_grid_table / sizeof hg_grid_table[0], n4 = sizeof hg_grid4_table / sizeof hg_grid4_table[0];
    for (size_t i = 0; i < n1 + n4; i++) {
        const hg_grid_info *g = i < n1 ? &hg_grid_table[i] : &hg_grid4_table[i - n1];
        if (g->p == p && g->n == n) {
            if (mse_per_dim) *mse_per_dim = g->mse_per_dim;
            return g->points;
        }
    }
    return NULL;
}

#define HG_N64_MAX_COLS 32768
/* the int8 version of a grid (see hg_act8), built once */
typedef struct {
    int p, n, ready;
    int8_t k[4096 * 4], kx[256], ky[256];
    uint8_t ku[4096 * 4], kux[256], kuy[256];
    uint8_t kuc[4][256];   /* p=4 n=256: k + 128 of coordinate d of each point (byte lookups) */
    uint32_t kw[4096], kuw[4096];   /* p=4: a point's four k (k + 128) as one little-endian word */
    int32_t pair[256];
    uint8_t rx[64], ry[64], spread[64], shift[64];
    float inv;
} hg_grid8;
/* The int8 path (hg_act8) on every build: p=1 16 levels, p=2 256 and 64 points.
 * Where AVX-512 VNNI + VBMI are built, also the grids whose codes are 2, 3, 5
 * (p=1) or 4 bits (p=2, 16 points): vpmultishiftqb unpacks them; elsewhere
 * those keep the float kernels, whose results differ from the int8 path's by
 * the int8 rounding (hg_act8_grids says which grids a build runs as int8). */
#if defined(HG_AVX512_VNNI)
#endif
const char *hg_act8_grids(void) {
#if defined(HG_AVX512_VNNI)
    return "p1 2/3/4/5-bit, p2 2/3/4-bit, p4 2/2.5/3-bit";
#else
    return "p1 4-bit, p2 3/4-bit, p4 2/2.5/3-bit";
#endif
}
static hg_grid8 hg_grid8_tab[10] = {{.p = 1, .n = 16}, {.p = 2, .n = 256}, {.p = 2, .n = 64},   {.p = 1, .n = 4},
                                    {.p = 1, .n = 8},  {.p = 1, .n = 32},  {.p = 2, .n = 16},   {.p = 4, .n = 256},
                                    {.p = 4, .n = 1024}, {.p = 4, .n = 4096}};
#ifndef HG_NO_THREADS
static pthread_mutex_t hg_grid8_mu = PTHREAD_MUTEX_INITIALIZER;
#endif
static const hg_grid8 *hg_grid8_get(int p, int n) {
    hg_grid8 *g = NULL;
    for (int i = 0; i < 10; i++)
        if (hg_grid8_tab[i].p == p && hg_grid8_tab[i].n == n) g = &hg_grid8_tab[i];
    const float *pts = hg_grid(p, n, NULL);
    if (!g || !pts) return NULL;
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_grid8_mu);
#endif
    if (!g->ready) {
        float m = 0;
        for (int i = 0; i < n * p; i++) m = fmaxf(m, fabsf(pts[i]));
        float S = 127.0f / m;
        for (int i = 0; i < n * p; i++) {
            long k = lrintf(pts[i] * S);
            k = k > 127 ? 127 : k < -127 ? -127 : k;
            g->k[i] = (int8_t)k;
            g->ku[i] = (uint8_t)(k + 128);
        }
        for (int i = 0; p == 2 && i < n; i++) {
            g->kx[i] = g->k[2 * i];
            g->ky[i] = g->k[2 * i + 1];
            g->kux[i] = g->ku[2 * i];
            g->kuy[i] = g->ku[2 * i + 1];
            g->pair[i] = (int32_t)((uint32_t)(uint16_t)(int16_t)g->kx[i] | (uint32_t)(uint16_t)(int16_t)g->ky[i] << 16);
        }
        for (int i = 0; p == 4 && n == 256 && i < n; i++)
            for (int d = 0; d < 4; d++) g->kuc[d][i] = g->ku[4 * i + d];
        for (int i = 0; p == 4 && i < n; i++) {
            g->kw[i] = (uint32_t)(uint8_t)g->k[4 * i] | (uint32_t)(uint8_t)g->k[4 * i + 1] << 8 |
                       (uint32_t)(uint8_t)g->k[4 * i + 2] << 16 | (uint32_t)(uint8_t)g->k[4 * i + 3] << 24;
            g->kuw[i] = (uint32_t)g->ku[4 * i] | (uint32_t)g->ku[4 * i + 1] << 8 | (uint32_t)g->ku[4 * i + 2] << 16 |
                        (uint32_t)g->ku[4 * i + 3] << 24;
        }
        int bits = 0;
        while ((1 << bits) < n) bits++;
        for (int i = 0; i < 64 && p <= 2; i++) {
            g->rx[i] = p == 1 ? g->ku[i % n] : g->kux[i % n];
            g->ry[i] = p == 1 ? g->ku[i % n] : g->kuy[i % n];
            int lane = i / 8, k = i % 8;
            g->spread[i] = (uint8_t)(bits * lane + (k < bits ? k : 0));   /* byte k of lane <- code byte bits * lane + k */
            g->shift[i] = (uint8_t)(bits * k);                              /* code k of the lane at bit bits * k */
        }
        g->inv = 1.0f / S;
        g->ready = 1;
    }
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_grid8_mu);
#endif
    return g;
}

int hg_is_quantized(uint32_t type) { return type == HG_HIGGS || type == HG_RTN || type == HG_NF4 || type == HG_AF4; }

static int hg_pow2(uint64_t v) { return v && !(v & (v - 1)); }

static void hg_kernels_select(hg_qinfo *q);   /* "kernel selection", below the kernels */

int hg_qinfo_get(uint32_t type, const uint32_t params[4], uint64_t cols, hg_qinfo *q) {
    memset(q, 0, sizeof *q);
    q->type = type;
    q->p = (int)params[0];
    q->bits = (int)params[1];
    q->group = (int)params[2];
    q->hadamard = (int)(params[3] & 0xFFFFu);
    q->had_m = (int)(params[3] >> 16 & 0xFFu);
    q->sign_seed = (int)(params[3] >> 24);
    if ((q->sign_seed || q->had_m) && type != HG_HIGGS) return -1;
    if (!q->had_m) q->had_m = 1;
    if (!hg_is_quantized(type) || q->p < 1 || q->p > 4 || q->p == 3 || q->bits < 1 || q->bits > 8 * q->p || q->bits > 16) return -1;
    if (q->group < 16 || q->group > 32768 || q->group % q->p) return -1;
    if (q->had_m == 1 ? !hg_pow2((uint64_t)q->group) : q->group % 32 || q->group % q->had_m || !hg_pow2((uint64_t)(q->group / q->had_m)))
        return -1;
    q->n = 1 << q->bits;
    switch (type) {
    case HG_HIGGS:
        if (q->hadamard != q->group) return -1;
        if (q->had_m > 1 && !(q->had_base = hg_hadamard_base(q->had_m))) return -1;
        q->codebook = hg_grid(q->p, q->n, &q->mse_per_dim);
        {
            const hg_grid8 *g8 = hg_grid8_get(q->p, q->n);
            if (g8) {
                q->grid8 = g8->k;
                q->grid8u = g8->ku;
                q->grid8_inv = g8->inv;
                q->grid8x = g8->kx;
                q->grid8y = g8->ky;
                q->grid8ux = g8->kux;
                q->grid8uy = g8->kuy;
                q->grid8pair = g8->pair;
                q->grid8rx = g8->rx;
                q->grid8ry = g8->ry;
                q->grid8spread = g8->spread;
                q->grid8shift = g8->shift;
                q->grid8c = g8->kuc;
                q->grid8w = g8->kw;
                q->grid8uw = g8->kuw;
            }
        }
        break;
    case HG_RTN:
        if (q->p != 1 || q->bits < 2 || q->bits > 8 || q->hadamard) return -1;
        if (hg_rtn_levels[q->bits][1] == 0.0f)
            for (int c = 0; c < q->n; c++) hg_rtn_levels[q->bits][c] = (float)(c - q->n / 2);
        q->codebook = hg_rtn_levels[q->bits];
        break;
    case HG_NF4: case HG_AF4:
        if (q->p != 1 || q->bits != 4 || q->hadamard) return -1;
        q->codebook = type == HG_NF4 ? hg_nf4_levels : hg_af4_levels;
        break;
    }
    if (!q->codebook) return -1;
    q->cols = cols;
    q->cols_pad = (cols + (uint64_t)q->group - 1) / (uint64_t)q->group * (uint64_t)q->group;
    q->groups = q->cols_pad / (uint64_t)q->group;
    if ((q->cols_pad / (uint64_t)q->p * (uint64_t)q->bits) % 8) return -1;
    q->row_code_bytes = q->cols_pad / (uint64_t)q->p * (uint64_t)q->bits / 8;
    hg_kernels_select(q);
    return 0;
}

static uint64_t hg_qtensor_bytes(uint32_t type, const uint32_t params[4], uint64_t rows, uint64_t cols) {
    hg_qinfo q;
    if (hg_qinfo_get(type, params, cols, &q)) return 0;
    if (rows > (1ull << 32) || q.groups > (1ull << 32)) return 0;
    uint64_t scales = (rows * q.groups * 2 + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    return scales + rows * q.row_code_bytes;
}

/* Butterflies (a, b) -> (a + b, a - b), stage by stage. The vector paths do
 * the very same float operations as the scalar loop, so the result is
 * bit-identical (hg_quantize_row uses the transform too). */
void hg_fwht(float *x, int n) {
    int len = 1;
#if defined(HG_AVX512)
    /* stages 1, 2, 4, 8 inside each 16-float block: the partner (lane ^ len)
     * comes from an in-register permute; lanes below the partner take a + b, those above a - b */
    for (int i = 0; n >= 16 && i < n; i += 16) {
        __m512 v = _mm512_loadu_ps(x + i), s;
        s = _mm512_permute_ps(v, 0xB1);            /* lane ^ 1 */
        v = _mm512_mask_sub_ps(_mm512_add_ps(v, s), 0xAAAA, s, v);
        s = _mm512_permute_ps(v, 0x4E);            /* lane ^ 2 */
        v = _mm512_mask_sub_ps(_mm512_add_ps(v, s), 0xCCCC, s, v);
        s = _mm512_shuffle_f32x4(v, v, 0xB1);      /* lane ^ 4 */
        v = _mm512_mask_sub_ps(_mm512_add_ps(v, s), 0xF0F0, s, v);
        s = _mm512_shuffle_f32x4(v, v, 0x4E);      /* lane ^ 8 */
        v = _mm512_mask_sub_ps(_mm512_add_ps(v, s), 0xFF00, s, v);
        _mm512_storeu_ps(x + i, v);
    }
    if (n >= 16) len = 16;
#elif defined(HG_AVX2)
    /* the same for stages 1, 2, 4 inside each 8-float block */
    for (int i = 0; n >= 8 && i < n; i += 8) {
        __m256 v = _mm256_loadu_ps(x + i), s;
        s = _mm256_permute_ps(v, 0xB1);
        v = _mm256_blend_ps(_mm256_add_ps(v, s), _mm256_sub_ps(s, v), 0xAA);
        s = _mm256_permute_ps(v, 0x4E);
        v = _mm256_blend_ps(_mm256_add_ps(v, s), _mm256_sub_ps(s, v), 0xCC);
        s = _mm256_permute2f128_ps(v, v, 0x01);
        v = _mm256_blend_ps(_mm256_add_ps(v, s), _mm256_sub_ps(s, v), 0xF0);
        _mm256_storeu_ps(x + i, v);
    }
    if (n >= 8) len = 8;
#endif
    for (; len < n; len <<= 1)
        for (int i = 0; i < n; i += 2 * len) {
            int j = i;
#if defined(HG_AVX512)
            for (; j + 16 <= i + len; j += 16) {
                __m512 a = _mm512_loadu_ps(x + j), b = _mm512_loadu_ps(x + j + len);
                _mm512_storeu_ps(x + j, _mm512_add_ps(a, b));
                _mm512_storeu_ps(x + j + len, _mm512_sub_ps(a, b));
            }
#endif
#if defined(HG_AVX2)
            for (; j + 8 <= i + len; j += 8) {
                __m256 a = _mm256_loadu_ps(x + j), b = _mm256_loadu_ps(x + j + len);
                _mm256_storeu_ps(x + j, _mm256_add_ps(a, b));
                _mm256_storeu_ps(x + j + len, _mm256_sub_ps(a, b));
            }
#endif
            for (; j < i + len; j++) {
                float a = x[j], b = x[j + len];
                x[j] = a + b;
                x[j + len] = a - b;
            }
        }
}

/* x[i] *= s, vectorised (the compiler does not at -O2) */
static void hg_scale_floats(float *x, int n, float s) {
    int i = 0;
#if defined(HG_AVX512)
    for (; i + 16 <= n; i += 16) _mm512_storeu_ps(x + i, _mm512_mul_ps(_mm512_loadu_ps(x + i), _mm512_set1_ps(s)));
#elif defined(HG_AVX2)
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(x + i, _mm256_mul_ps(_mm256_loadu_ps(x + i), _mm256_set1_ps(s)));
#endif
    for (; i < n; i++) x[i] *= s;
}

/* The random signs of a seeded HIGGS tensor: column j of a padded row is
 * negated when bit j % 64 of hg_sign_word(seed, j / 64) is set. The word is
 * the splitmix64 finalizer of (seed << 32 | j / 64). With signs the rotation
 * is Hn D (D diagonal, +-1): still orthogonal, and each seed gives another
 * realization of the quantization error (the randomized Hadamard transform). */
static inline uint64_t hg_sign_word(int seed, uint64_t word) {
    uint64_t z = ((uint64_t)(uint32_t)seed << 32 | word) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline int hg_sign_negative(int seed, uint64_t col) { return (int)(hg_sign_word(seed, col >> 6) >> (col & 63) & 1); }

/* x[j] = D_jj x[j] for j < n (columns 0..n-1 of a row): flips float sign bits */
static void hg_apply_signs(float *x, uint64_t n, int seed) {
    for (uint64_t j = 0; j < n; j += 64) {
        uint64_t bits = hg_sign_word(seed, j >> 6);
        uint64_t m = n - j < 64 ? n - j : 64;
        for (uint64_t k = 0; k < m; k++) {
            uint32_t u;
            memcpy(&u, x + j + k, 4);
            u ^= (uint32_t)(bits >> k & 1) << 31;
            memcpy(x + j + k, &u, 4);
        }
    }
}

/* Hadamard matrices of orders other than powers of two, by Paley's
 * constructions over GF(q), q prime: chi(a) = 0, 1 or -1 as a is 0, a nonzero
 * square or a non-square mod q.
 *  Paley I (q = 3 mod 4, order q + 1): H = I + S, S = [[0, 1^T], [-1, Q]],
 *    Q[i][j] = chi(j - i); S is antisymmetric with S S^T = q I, so H H^T = (q + 1) I.
 *  Paley II (q = 1 mod 4, order 2 (q + 1)): C = [[0, 1^T], [1, Q]] (symmetric);
 *    each 0 of C becomes [[1, 1], [1, -1]] and each +-1 becomes +-[[1, -1], [-1, -1]].
 * tests/test_kernels.c checks H H^T = m I; tests/test_quant.py builds them independently in numpy. */
static int hg_is_prime(int v) {
    if (v < 2) return 0;
    for (int d = 2; d * d <= v; d++)
        if (v % d == 0) return 0;
    return 1;
}
static int hg_chi(int a, int q) {   /* quadratic character mod q (prime) */
    a = ((a % q) + q) % q;
    if (!a) return 0;
    for (int x = 1; x < q; x++)
        if (x * x % q == a) return 1;
    return -1;
}
static int8_t *hg_hadamard_tab[256];
#ifndef HG_NO_THREADS
static pthread_mutex_t hg_hadamard_mu = PTHREAD_MUTEX_INITIALIZER;
#endif
static int8_t *hg_paley(int m) {
    int8_t *h = NULL;
    if (hg_is_prime(m - 1) && (m - 1) % 4 == 3) {
        int q = m - 1;
        h = (int8_t *)malloc((size_t)m * (size_t)m);
        if (!h) return NULL;
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++) {
                int v = i == j ? 0 : i == 0 ? 1 : j == 0 ? -1 : hg_chi(j - i, q);   /* S */
                h[i * m + j] = (int8_t)(v + (i == j));                                  /* S + I */
            }
    } else if (m % 2 == 0 && hg_is_prime(m / 2 - 1) && (m / 2 - 1) % 4 == 1) {
        int q = m / 2 - 1, n = q + 1;
        h = (int8_t *)malloc((size_t)m * (size_t)m);
        if (!h) return NULL;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) {
                int c = i == j ? 0 : i == 0 || j == 0 ? 1 : hg_chi(j - i, q);
                for (int a = 0; a < 2; a++)
                    for (int b = 0; b < 2; b++) {
                        int v = c == 0 ? (a && b ? -1 : 1) : c * (a || b ? -1 : 1);
                        h[(2 * i + a) * m + 2 * j + b] = (int8_t)v;
                    }
            }
    }
    return h;
}

const int8_t *hg_hadamard_base(int m) {
    if (m < 12 || m > 255 || m % 4 || hg_pow2((uint64_t)m)) return NULL;
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_hadamard_mu);
#endif
    if (!hg_hadamard_tab[m]) hg_hadamard_tab[m] = hg_paley(m);
    const int8_t *h = hg_hadamard_tab[m];
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_hadamard_mu);
#endif
    return h;
}

int hg_hadamard_for(uint64_t cols, int *m) {
    int p2 = 1;
    while (p2 < 1024 && cols % (uint64_t)(2 * p2) == 0) p2 *= 2;
    *m = 1;
    if (p2 >= 256) return p2;
    int best = 0, best_m = 1;
    for (int base = 12; base <= 255; base += 4)
        for (int h = base; h <= 4096 && cols % (uint64_t)h == 0; h *= 2)
            if (h % 32 == 0 && h > best && hg_hadamard_base(base)) { best = h; best_m = base; }
    if (best > p2 && best >= 64) { *m = best_m; return best; }
    if (p2 >= 64) return p2;
    int h = 64;                                   /* the row is padded to a power of two */
    while ((uint64_t)h < cols && h < 1024) h *= 2;
    return h;
}

/* y = H(m) x (or H(m)^T x) over the m rows of a block viewed as [m][w] (w = 2^j
 * columns), 16 columns at a time through stack buffers. Each term is a product
 * with +-1, exact, so every build (fused or not, any vector width) gets the same sums. */
static void hg_base_transform(const int8_t *H, int m, float *x, int w, int transpose) {
    float in[255 * 16], out[16];
    for (int c0 = 0; c0 < w; c0 += 16) {
        int cw = w - c0 < 16 ? w - c0 : 16;
        if (cw < 16) memset(in, 0, sizeof in);
        for (int a = 0; a < m; a++) memcpy(in + a * 16, x + (size_t)a * w + c0, (size_t)cw * sizeof(float));
        for (int r = 0; r < m; r++) {
            for (int c = 0; c < 16; c++) out[c] = 0;
            for (int a = 0; a < m; a++) {
                const float sgn = (float)(transpose ? H[a * m + r] : H[r * m + a]), *v = in + a * 16;
                for (int c = 0; c < 16; c++) out[c] += sgn * v[c];
            }
            memcpy(x + (size_t)r * w + c0, out, (size_t)cw * sizeof(float));
        }
    }
}

static void hg_block_transform(const hg_qinfo *q, float *x, int transpose) {
    int m = q->had_m, w = q->group / m;
    for (int a = 0; a < m; a++) hg_fwht(x + (size_t)a * w, w);
    if (m > 1) hg_base_transform(q->had_base, m, x, w, transpose);
    hg_scale_floats(x, q->group, 1.0f / sqrtf((float)q->group));
}

void hg_rotate_block(const hg_qinfo *q, float *x) { hg_block_transform(q, x, 0); }
void hg_unrotate_block(const hg_qinfo *q, float *x) { hg_block_transform(q, x, 1); }

void hg_prepare_activation(const hg_qinfo *q, const float *x, float *xr) {
    memcpy(xr, x, q->cols * sizeof(float));
    memset(xr + q->cols, 0, (q->cols_pad - q->cols) * sizeof(float));
    if (q->type != HG_HIGGS) return;
    if (q->sign_seed) hg_apply_signs(xr, q->cols_pad, q->sign_seed);
    for (uint64_t b = 0; b < q->cols_pad; b += (uint64_t)q->group) hg_rotate_block(q, xr + b);
}

static inline const uint16_t *hg_qscales(const hg_tensor *w, const hg_qinfo *q, int row) {
    return (const uint16_t *)w->data + (uint64_t)row * q->groups;
}
static inline const uint8_t *hg_qcodes(const hg_tensor *w, const hg_qinfo *q, int row) {
    uint64_t scale_bytes = (w->rows * q->groups * 2 + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    return w->data + scale_bytes + (uint64_t)row * q->row_code_bytes;
}

/* code i of a little-endian bit stream; never reads past the byte holding its last bit */
static inline int hg_code_at(const uint8_t *codes, uint64_t i, int bits) {
    uint64_t pos = i * (uint64_t)bits;
    const uint8_t *b = codes + (pos >> 3);
    unsigned shift = (unsigned)(pos & 7), need = shift + (unsigned)bits;
    uint32_t v = b[0];
    if (need > 8) v |= (uint32_t)b[1] << 8;
    if (need > 16) v |= (uint32_t)b[2] << 16;
    return (int)((v >> shift) & ((1u << bits) - 1));
}

static inline void hg_code_put(uint8_t *codes, uint64_t i, int bits, int code) {
    for (int k = 0; k < bits; k++) {
        uint64_t pos = i * (uint64_t)bits + (uint64_t)k;
        if ((code >> k) & 1) codes[pos >> 3] |= (uint8_t)(1u << (pos & 7));
    }
}

/* scalar reference: the definition of every quantized type */
float hg_qdot_row_ref(const hg_tensor *w, const hg_qinfo *q, int row, const float *xr) {
    const uint16_t *sc = hg_qscales(w, q, row);
    const uint8_t *codes = hg_qcodes(w, q, row);
    int per_group = q->group / q->p;
    double sum = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        float acc = 0;
        for (int k = 0; k < per_group; k++) {
            uint64_t idx = g * (uint64_t)per_group + (uint64_t)k;
            const float *pt = q->codebook + (size_t)hg_code_at(codes, idx, q->bits) * (size_t)q->p;
            for (int d = 0; d < q->p; d++) acc += pt[d] * xr[idx * (uint64_t)q->p + (uint64_t)d];
        }
        sum += (double)hg_f16_to_f32(sc[g]) * acc;
    }
    return (float)sum;
}

/* unpack the codes of one group into ints so table loops can index them */
static inline void hg_unpack_codes(const uint8_t *codes, uint64_t first, int count, int bits, int32_t *idx) {
    if (bits == 8) { for (int k = 0; k < count; k++) idx[k] = codes[first + (uint64_t)k]; return; }
    if (bits == 4 && !(first & 1)) {
        const uint8_t *b = codes + first / 2;
        for (int k = 0; k < count / 2; k++) { idx[2 * k] = b[k] & 15; idx[2 * k + 1] = b[k] >> 4; }
        return;
    }
    int k = 0;
    if (bits == 12 && !(first & 1)) {   /* two codes in three bytes */
        const uint8_t *b = codes + first / 2 * 3;
        for (; k + 2 <= count; k += 2, b += 3) {
            idx[k] = b[0] | (b[1] & 15) << 8;
            idx[k + 1] = b[1] >> 4 | b[2] << 4;
        }
    }
    if (bits == 10 && !(first & 3)) {   /* four codes in five bytes */
        const uint8_t *b = codes + first / 4 * 5;
        for (; k + 4 <= count; k += 4, b += 5) {
            uint64_t v = (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24 | (uint64_t)b[4] << 32;
            for (int j = 0; j < 4; j++) idx[k + j] = (int32_t)(v >> (10 * j) & 1023);
        }
    }
    if (bits < 8 && !(first & 7)) {
        /* 8 codes fill exactly `bits` bytes: gather them into one word, then shift the codes out */
        const uint8_t *b = codes + first / 8 * (uint64_t)bits;
        uint32_t mask = (1u << bits) - 1;
        for (; k + 8 <= count; k += 8, b += bits) {
            uint64_t v = 0;
            for (int j = 0; j < bits; j++) v |= (uint64_t)b[j] << (8 * j);
            for (int j = 0; j < 8; j++) idx[k + j] = (int32_t)((v >> (j * bits)) & mask);
        }
    }
    for (; k < count; k++) idx[k] = hg_code_at(codes, first + (uint64_t)k, bits);
}

/* ------------------------------------------------ quantized SIMD kernels
 * Decoding the codes is the whole cost of a quantized matmul (the rows are
 * 2-8 bits a weight, the activation stays in L1). Each kernel splits a chunk
 * of codes into vector lanes, looks the lanes up in the codebook and then
 * either dots the weights with xr or, for hg_qdequant_row_stored, stores them
 * (out != NULL; the same lookups, so both agree with the scalar code).
 *  - codebooks of up to 64 floats per coordinate live in registers and are
 *    read with permutes; their copies are multiplied by each group's scale
 *    once per group, so the inner loop is split, permute, FMA;
 *  - 256-pair codebooks (p=2, 8 bits) are read with scalar loads: on Zen 4/5
 *    that is 3-4x faster than vgatherdpd, and 512 floats do not fit in
 *    registers;
 *  - several accumulators, because one FMA chain would wait on its latency.
 * Rows can end at the end of the mapping: a chunk's code bytes are loaded
 * with a wide load only when that many bytes remain in the row, else with a
 * masked (non-faulting) or copying load. Groups must hold a multiple of 16
 * codes; other shapes (p=2 with group 16) take the portable path. */

#if defined(__GNUC__)
#define HG_INLINE static inline __attribute__((always_inline))   /* so `bits` arguments become constants */
#else
#define HG_INLINE static inline
#endif

#if defined(HG_F16C)
static inline float hg_scale_f32(uint16_t h) { return _cvtsh_ss(h); }
#else
static inline float hg_scale_f32(uint16_t h) { return hg_f16_to_f32(h); }
#endif

/* code bytes [p, p+8) as a little-endian word, zero past end; never reads at
 * or past end (end == NULL: the caller knows 8 bytes remain) */
HG_INLINE uint64_t hg_code_word(const uint8_t *p, const uint8_t *end) {
    uint64_t v = 0;
    if (!end || end - p >= 8) memcpy(&v, p, 8);   /* one load */
    else memcpy(&v, p, (size_t)(end - p));
    return v;
}

/* how many of the n chunks of cb bytes from c can be read with loads of
 * `width` bytes without reaching end: those take the unchecked fast path */
HG_INLINE uint64_t hg_safe_chunks(const uint8_t *c, const uint8_t *end, uint64_t n, int cb, int width) {
    ptrdiff_t left = end - c - width;
    if (left < 0) return 0;
    return (uint64_t)(left / cb) + 1 < n ? (uint64_t)(left / cb) + 1 : n;
}

#if defined(HG_AVX512)

/* bytes a 16-code chunk (2*bits bytes) is loaded with */
#define HG_CHUNK16_LOAD(bits) ((bits) == 2 ? 4 : (bits) <= 4 ? 8 : 16)

/* scales of the 16 groups from sc (n < 16: the row's last n) as floats, so
 * that each group broadcasts its scale straight from memory */
HG_INLINE void hg_scales16(const uint16_t *sc, uint64_t n, float out[16]) {
    __m256i h = n >= 16 ? _mm256_loadu_si256((const __m256i *)sc)
                        : _mm512_castsi512_si256(_mm512_maskz_loadu_epi16((__mmask32)((1u << n) - 1), sc));
    _mm512_storeu_ps(out, _mm512_cvtph_ps(h));
}

/* lane orders: natural (lane l = code l); p=2 16 points (codes j and 8+j in
 * the low and high halves of 64-bit lane j); p=2 x/y tables (see below) */
enum { HG_LANES_NATURAL, HG_LANES_P2N16, HG_LANES_P2XY };
static const uint8_t hg_lane_order[3][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15},
    {0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15}};

/* Splits a chunk of 16 codes of bits <= 8 into the 32-bit lanes of a zmm in
 * one of the orders above. The chunk is broadcast from memory, which costs
 * no shuffle (4 bytes to every 32-bit lane, 8 to every 64-bit lane or 16 to
 * every 128-bit lane), then:
 *  - 2-bit codes, and 4-bit codes in the p=2 16-point order: every lane
 *    already holds the 32 bits its code is in, one variable shift aligns it;
 *  - 3- and 4-bit codes with VBMI: one vpmultishiftqb gives each lane the
 *    8 bits at its code's offset within the 64-bit lane;
 *  - else a byte shuffle brings the two bytes holding each code into its
 *    lane and a variable shift aligns it.
 * Bits above the code are left as garbage: the permutes that consume the
 * lanes read only their low index bits, and the gather path masks. */
typedef struct { __m512i shuf, shift, multishift; } hg_split16;
static inline hg_split16 hg_split16_make(int bits, int lanes) {
    uint8_t shuf[64], ms[64] = {0};
    uint32_t shift[16];
    for (int l = 0; l < 16; l++) {
        int bit = hg_lane_order[lanes][l] * bits, byte = bit >> 3;
        shift[l] = (uint32_t)(bit & 7);
        if (bits == 2 && lanes == HG_LANES_NATURAL) shift[l] = (uint32_t)bit;       /* from a 32-bit broadcast */
        if (bits == 4 && lanes == HG_LANES_P2N16) shift[l] = (uint32_t)(bit & 31);  /* from a 64-bit broadcast */
        shuf[4 * l] = (uint8_t)byte;
        shuf[4 * l + 1] = byte + 1 < 16 ? (uint8_t)(byte + 1) : 0x80;
        shuf[4 * l + 2] = shuf[4 * l + 3] = 0x80;   /* 0x80: zero */
        ms[4 * l] = (uint8_t)(bit & 63);
    }
    hg_split16 s = {_mm512_loadu_si512(shuf), _mm512_loadu_si512(shift), _mm512_loadu_si512(ms)};
    return s;
}
/* the chunk at p. end == NULL: the caller knows the load stays in the row
 * (the fast path); else fewer bytes may remain and a masked load reads them
 * (masked-off bytes past the end of the row cannot fault) */
HG_INLINE __m512i hg_split16_codes(const hg_split16 *s, const uint8_t *p, const uint8_t *end, int bits, int lanes) {
    __m512i b;
    if (bits == 2 && lanes == HG_LANES_NATURAL) {   /* the load is the chunk: always in the row */
        uint32_t v;
        memcpy(&v, p, 4);
        return _mm512_srlv_epi32(_mm512_set1_epi32((int)v), s->shift);
    }
    if (!end || end - p >= HG_CHUNK16_LOAD(bits)) {
        if (bits <= 4) {
            uint64_t v;
            memcpy(&v, p, 8);
            b = _mm512_set1_epi64((long long)v);
        } else {
            b = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p));
        }
    } else {
        __m128i t = _mm512_castsi512_si128(_mm512_maskz_loadu_epi8(((__mmask64)1 << (end - p)) - 1, p));
        b = bits <= 4 ? _mm512_broadcastq_epi64(t) : _mm512_broadcast_i32x4(t);
    }
    if (bits == 4 && lanes == HG_LANES_P2N16) return _mm512_srlv_epi32(b, s->shift);
#if defined(HG_AVX512_VBMI)
    if (bits <= 4) return _mm512_multishift_epi64_epi8(s->multishift, b);
#endif
    return _mm512_srlv_epi32(_mm512_shuffle_epi8(b, s->shuf), s->shift);
}

/* Up to 64 levels (or coordinates) in four zmm. vpermps reads 4 index bits
 * and vpermt2ps 5, so 2..8 levels are repeated to fill 16 and 64 levels
 * choose between two 32-level halves by bit 5. */
typedef struct { __m512 t[4]; } hg_lut64;
static inline hg_lut64 hg_lut64_load(const float *levels, int n, int stride) {
    float tmp[64];
    for (int i = 0; i < 64; i++) tmp[i] = levels[(size_t)(i % n) * (size_t)stride];
    hg_lut64 l;
    for (int j = 0; j < 4; j++) l.t[j] = _mm512_loadu_ps(tmp + 16 * j);
    return l;
}
HG_INLINE hg_lut64 hg_lut64_scale(hg_lut64 l, float s, int bits) {
    __m512 v = _mm512_set1_ps(s);
    for (int j = 0; j < (bits <= 4 ? 1 : bits == 5 ? 2 : 4); j++) l.t[j] = _mm512_mul_ps(l.t[j], v);
    return l;
}
HG_INLINE __m512 hg_lut64_get(const hg_lut64 *l, __m512i idx, int bits) {
    if (bits <= 4) return _mm512_permutexvar_ps(idx, l->t[0]);
    __m512 lo = _mm512_permutex2var_ps(l->t[0], idx, l->t[1]);
    if (bits == 5) return lo;
    __mmask16 hi = _mm512_test_epi32_mask(idx, _mm512_set1_epi32(32));
    return _mm512_mask_blend_ps(hi, lo, _mm512_permutex2var_ps(l->t[2], idx, l->t[3]));
}

/* p=1, bits <= 6: 16 weights per chunk from a register table */
HG_INLINE __m512 hg_p1_chunk(const hg_lut64 *t, const hg_split16 *sp, const uint8_t *c, const uint8_t *end, int bits) {
    return hg_lut64_get(t, hg_split16_codes(sp, c, end, bits, HG_LANES_NATURAL), bits);
}
HG_INLINE float hg_qrow_p1_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr,
                                  float *out, int bits) {
    const uint8_t *end = codes + q->row_code_bytes;
    const hg_split16 sp = hg_split16_make(bits, HG_LANES_NATURAL);
    const hg_lut64 lut = hg_lut64_load(q->codebook, 1 << bits, 1);
    const int cb = 2 * bits;                                       /* bytes per 16-code chunk */
    const uint64_t per = (uint64_t)q->group / 16, n = q->cols_pad / 16;   /* chunks per group, per row */
    const uint64_t safe = hg_safe_chunks(codes, end, n, cb, HG_CHUNK16_LOAD(bits));   /* chunks [safe, n) check the end */
    __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
    float sf[16];
    for (uint64_t g = 0; g < q->groups; g++) {
        if (!(g & 15)) hg_scales16(sc + g, q->groups - g, sf);
        const hg_lut64 t = hg_lut64_scale(lut, sf[g & 15], bits);
        uint64_t k = g * per;   /* chunk index */
        const uint64_t kend = k + per, kfast = kend < safe ? kend : safe;
        const uint8_t *c = codes + k * (uint64_t)cb;
        if (out) {
            for (; k < kfast; k++, c += cb) _mm512_storeu_ps(out + 16 * k, hg_p1_chunk(&t, &sp, c, NULL, bits));
            for (; k < kend; k++, c += cb) _mm512_storeu_ps(out + 16 * k, hg_p1_chunk(&t, &sp, c, end, bits));
            continue;
        }
        const float *x = xr + 16 * k;
        for (; k + 4 <= kfast; k += 4, c += 4 * cb, x += 64) {
            a0 = _mm512_fmadd_ps(hg_p1_chunk(&t, &sp, c, NULL, bits), _mm512_loadu_ps(x), a0);
            a1 = _mm512_fmadd_ps(hg_p1_chunk(&t, &sp, c + cb, NULL, bits), _mm512_loadu_ps(x + 16), a1);
            a2 = _mm512_fmadd_ps(hg_p1_chunk(&t, &sp, c + 2 * cb, NULL, bits), _mm512_loadu_ps(x + 32), a2);
            a3 = _mm512_fmadd_ps(hg_p1_chunk(&t, &sp, c + 3 * cb, NULL, bits), _mm512_loadu_ps(x + 48), a3);
        }
        for (; k < kend; k++, c += cb, x += 16) a0 = _mm512_fmadd_ps(hg_p1_chunk(&t, &sp, c, end, bits), _mm512_loadu_ps(x), a0);
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)));
}

/* p=1, 7-8 bits (too many levels for registers): masked codes, vgatherdps */
static inline float hg_qrow_p1gather_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr,
                                            float *out) {
    const uint8_t *end = codes + q->row_code_bytes;
    const int bits = q->bits, G = q->group, cb = 2 * bits;
    const hg_split16 sp = hg_split16_make(bits, HG_LANES_NATURAL);
    const __m512i mask = _mm512_set1_epi32(q->n - 1);
    const uint64_t safe = hg_safe_chunks(codes, end, q->cols_pad / 16, cb, 16);   /* chunks [safe, n) check the end */
    __m512 total = _mm512_setzero_ps();
    float sf[16];
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * (uint64_t)(G / 16 * cb);
        const uint64_t base = g * (uint64_t)G;
        if (!(g & 15)) hg_scales16(sc + g, q->groups - g, sf);
        const __m512 s = _mm512_set1_ps(sf[g & 15]);
        __m512 a0 = _mm512_setzero_ps(), a1 = a0;
        for (int k = 0; k < G; k += 16, c += cb) {
            __m512i idx = hg_split16_codes(&sp, c, (base + (uint64_t)k) / 16 < safe ? NULL : end, bits, HG_LANES_NATURAL);
            idx = _mm512_and_si512(idx, mask);
            __m512 w = _mm512_i32gather_ps(idx, q->codebook, 4);
            if (out) _mm512_storeu_ps(out + base + k, _mm512_mul_ps(w, s));
            else if (k & 16) a1 = _mm512_fmadd_ps(w, _mm512_loadu_ps(xr + base + k), a1);
            else a0 = _mm512_fmadd_ps(w, _mm512_loadu_ps(xr + base + k), a0);
        }
        total = _mm512_fmadd_ps(s, _mm512_add_ps(a0, a1), total);
    }
    return _mm512_reduce_add_ps(total);
}

/* p=2, 16 points: the 16 (x, y) pairs, as doubles, fill two zmm and vpermt2pd
 * looks up 8 pairs by the low 4 bits of each 64-bit lane. Codes j and 8+j
 * share lane j (low and high half), so one split feeds two lookups. */
HG_INLINE void hg_p2n16_chunk(const hg_lut64 *t, const hg_split16 *sp, const uint8_t *c, const uint8_t *end,
                              __m512 *w0, __m512 *w1) {
    __m512i idx = hg_split16_codes(sp, c, end, 4, HG_LANES_P2N16);
    __m512d lo = _mm512_castps_pd(t->t[0]), hi = _mm512_castps_pd(t->t[1]);
    *w0 = _mm512_castpd_ps(_mm512_permutex2var_pd(lo, idx, hi));
    *w1 = _mm512_castpd_ps(_mm512_permutex2var_pd(lo, _mm512_srli_epi64(idx, 32), hi));
}

/* p=2, 64 points: x and y coordinates in separate 64-entry tables (four zmm
 * each, like p=1 6-bit). Lanes are ordered so that unpacklo/unpackhi of the
 * x and y lookups give the pairs in their natural (interleaved) order. */
HG_INLINE void hg_p2n64_chunk(const hg_lut64 *tx, const hg_lut64 *ty, const hg_split16 *sp, const uint8_t *c,
                              const uint8_t *end, __m512 *w0, __m512 *w1) {
    __m512i idx = hg_split16_codes(sp, c, end, 6, HG_LANES_P2XY);
    __m512 x = hg_lut64_get(tx, idx, 6), y = hg_lut64_get(ty, idx, 6);
    *w0 = _mm512_unpacklo_ps(x, y);
    *w1 = _mm512_unpackhi_ps(x, y);
}

HG_INLINE void hg_p2_chunk(const hg_lut64 *tx, const hg_lut64 *ty, const hg_split16 *sp, const uint8_t *c,
                           const uint8_t *end, __m512 *w0, __m512 *w1, int bits) {
    if (bits == 4) hg_p2n16_chunk(tx, sp, c, end, w0, w1);
    else hg_p2n64_chunk(tx, ty, sp, c, end, w0, w1);
}

/* p=2 with 16 or 64 points: 16 codes (32 weights) per chunk */
HG_INLINE float hg_qrow_p2lut_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr,
                                     float *out, int bits) {
    const uint8_t *end = codes + q->row_code_bytes;
    const hg_split16 sp = hg_split16_make(bits, bits == 4 ? HG_LANES_P2N16 : HG_LANES_P2XY);
    const hg_lut64 px = bits == 4 ? hg_lut64_load(q->codebook, 32, 1) : hg_lut64_load(q->codebook, 64, 2),
                   py = bits == 4 ? px : hg_lut64_load(q->codebook + 1, 64, 2);
    const int cb = 2 * bits;                                       /* bytes per 16-code chunk */
    const uint64_t per = (uint64_t)q->group / 32, n = q->cols_pad / 32;   /* chunks per group, per row */
    const uint64_t safe = hg_safe_chunks(codes, end, n, cb, HG_CHUNK16_LOAD(bits));   /* chunks [safe, n) check the end */
    __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0, w0, w1, w2, w3;
    float sf[16];
    for (uint64_t g = 0; g < q->groups; g++) {
        if (!(g & 15)) hg_scales16(sc + g, q->groups - g, sf);
        const float s = sf[g & 15];
        const hg_lut64 tx = hg_lut64_scale(px, s, bits == 4 ? 5 : 6), ty = bits == 4 ? tx : hg_lut64_scale(py, s, 6);
        uint64_t k = g * per;   /* chunk index: 16 codes, 32 weights */
        const uint64_t kend = k + per, kfast = kend < safe ? kend : safe;
        const uint8_t *c = codes + k * (uint64_t)cb;
        if (out) {
            for (float *o = out + 32 * k; k < kend; k++, c += cb, o += 32) {
                hg_p2_chunk(&tx, &ty, &sp, c, k < kfast ? NULL : end, &w0, &w1, bits);
                _mm512_storeu_ps(o, w0);
                _mm512_storeu_ps(o + 16, w1);
            }
            continue;
        }
        const float *x = xr + 32 * k;
        for (; k + 2 <= kfast; k += 2, c += 2 * cb, x += 64) {
            hg_p2_chunk(&tx, &ty, &sp, c, NULL, &w0, &w1, bits);
            hg_p2_chunk(&tx, &ty, &sp, c + cb, NULL, &w2, &w3, bits);
            a0 = _mm512_fmadd_ps(w0, _mm512_loadu_ps(x), a0);
            a1 = _mm512_fmadd_ps(w1, _mm512_loadu_ps(x + 16), a1);
            a2 = _mm512_fmadd_ps(w2, _mm512_loadu_ps(x + 32), a2);
            a3 = _mm512_fmadd_ps(w3, _mm512_loadu_ps(x + 48), a3);
        }
        for (; k < kend; k++, c += cb, x += 32) {
            hg_p2_chunk(&tx, &ty, &sp, c, end, &w0, &w1, bits);
            a0 = _mm512_fmadd_ps(w0, _mm512_loadu_ps(x), a0);
            a1 = _mm512_fmadd_ps(w1, _mm512_loadu_ps(x + 16), a1);
        }
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(a0, a1), _mm512_add_ps(a2, a3)));
}

/* 8 pairs of a 256-pair codebook, codes = the 8 bytes of v: scalar 64-bit
 * loads assembled into a zmm (much faster than vgatherdpd on AMD) */
HG_INLINE __m512 hg_pairs8_avx512(const double *tab, uint64_t v) {
    __m128d p0 = _mm_loadh_pd(_mm_load_sd(tab + (v & 255)), tab + ((v >> 8) & 255));
    __m128d p1 = _mm_loadh_pd(_mm_load_sd(tab + ((v >> 16) & 255)), tab + ((v >> 24) & 255));
    __m128d p2 = _mm_loadh_pd(_mm_load_sd(tab + ((v >> 32) & 255)), tab + ((v >> 40) & 255));
    __m128d p3 = _mm_loadh_pd(_mm_load_sd(tab + ((v >> 48) & 255)), tab + (v >> 56));
    __m256d l = _mm256_insertf128_pd(_mm256_castpd128_pd256(p0), p1, 1);
    __m256d h = _mm256_insertf128_pd(_mm256_castpd128_pd256(p2), p3, 1);
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(l), h, 1));
}

/* p=2, 256 points (8-bit codes, one byte each): per-group sums times the scale */
static inline float hg_qrow_p2n256_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr,
                                          float *out) {
    const double *tab = (const double *)(const void *)q->codebook;
    const int per_group = q->group / 2;
    __m512 total = _mm512_setzero_ps();
    float sf[16];
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * (uint64_t)per_group;
        if (!(g & 15)) hg_scales16(sc + g, q->groups - g, sf);
        const __m512 s = _mm512_set1_ps(sf[g & 15]);
        uint64_t v0, v1;
        if (out) {
            float *o = out + g * (uint64_t)q->group;
            for (int k = 0; k < per_group; k += 8) {
                memcpy(&v0, c + k, 8);
                _mm512_storeu_ps(o + 2 * k, _mm512_mul_ps(hg_pairs8_avx512(tab, v0), s));
            }
            continue;
        }
        const float *x = xr + g * (uint64_t)q->group;
        __m512 a0 = _mm512_setzero_ps(), a1 = a0;
        for (int k = 0; k < per_group; k += 16) {   /* codes are whole bytes: 8-byte loads stay in the row */
            memcpy(&v0, c + k, 8);
            memcpy(&v1, c + k + 8, 8);
            a0 = _mm512_fmadd_ps(hg_pairs8_avx512(tab, v0), _mm512_loadu_ps(x + 2 * k), a0);
            a1 = _mm512_fmadd_ps(hg_pairs8_avx512(tab, v1), _mm512_loadu_ps(x + 2 * k + 16), a1);
        }
        total = _mm512_fmadd_ps(s, _mm512_add_ps(a0, a1), total);
    }
    return _mm512_reduce_add_ps(total);
}

#endif

#if !defined(HG_AVX512) && defined(HG_AVX2)   /* the float kernels; AVX-512 builds have their own */
static inline float hg_qhsum256(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
    return _mm_cvtss_f32(s);
}

/* AVX2 version of hg_split16: 8 codes of bits <= 8 (`bits` bytes, read as
 * one word broadcast to both 128-bit lanes) into the 32-bit lanes of a ymm */
typedef struct { __m256i shuf, shift; } hg_split8;
static inline hg_split8 hg_split8_make(int bits, const uint8_t *order) {
    uint8_t shuf[32];
    uint32_t shift[8];
    for (int l = 0; l < 8; l++) {
        int bit = (order ? order[l] : l) * bits, byte = bit >> 3;
        shift[l] = (uint32_t)(bit & 7);
        shuf[4 * l] = (uint8_t)byte;
        shuf[4 * l + 1] = byte + 1 < 8 ? (uint8_t)(byte + 1) : 0x80;
        shuf[4 * l + 2] = shuf[4 * l + 3] = 0x80;
    }
    hg_split8 s = {_mm256_loadu_si256((const __m256i *)shuf), _mm256_loadu_si256((const __m256i *)shift)};
    return s;
}
HG_INLINE __m256i hg_split8_codes(const hg_split8 *s, const uint8_t *c, const uint8_t *end) {
    __m256i b;
    if (!end || end - c >= 8) b = _mm256_broadcastq_epi64(_mm_loadl_epi64((const __m128i *)c));   /* from memory */
    else b = _mm256_set1_epi64x((long long)hg_code_word(c, end));
    return _mm256_srlv_epi32(_mm256_shuffle_epi8(b, s->shuf), s->shift);
}

/* up to 16 levels in two ymm: vpermps reads 3 index bits, bit 3 picks the
 * half (moved to the sign bit for blendv); 2..4 levels repeat to fill 8.
 * AVX2 has 16 registers: the unscaled levels stay in memory. */
typedef struct { __m256 lo, hi; } hg_lut16;
static inline void hg_lut16_levels(const float *levels, int n, int stride, float out[16]) {
    for (int i = 0; i < 16; i++) out[i] = levels[(size_t)(i % n) * (size_t)stride];
}
HG_INLINE hg_lut16 hg_lut16_scaled(const float levels[16], float s) {
    __m256 v = _mm256_set1_ps(s);
    hg_lut16 l = {_mm256_mul_ps(_mm256_loadu_ps(levels), v), _mm256_mul_ps(_mm256_loadu_ps(levels + 8), v)};
    return l;
}
HG_INLINE __m256 hg_lut16_get(const hg_lut16 *l, __m256i idx, int bits) {
    __m256 lo = _mm256_permutevar8x32_ps(l->lo, idx);
    if (bits <= 3) return lo;
    return _mm256_blendv_ps(lo, _mm256_permutevar8x32_ps(l->hi, idx), _mm256_castsi256_ps(_mm256_slli_epi32(idx, 28)));
}

/* p=1 with up to 16 levels, or p=2 with 16 points (x and y tables, lanes
 * ordered so unpacklo/hi interleave the pairs): register lookups */
static const uint8_t hg_order_p2xy8[8] = {0, 1, 4, 5, 2, 3, 6, 7};
HG_INLINE float hg_qrow_lut_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr,
                                 float *out, int p, int bits) {
    const uint8_t *end = codes + q->row_code_bytes;
    const hg_split8 sp = hg_split8_make(bits, p == 2 ? hg_order_p2xy8 : NULL);
    float lx[16], ly[16];
    hg_lut16_levels(q->codebook, 1 << bits, p, lx);
    hg_lut16_levels(q->codebook + p - 1, 1 << bits, p, ly);
    const int G = q->group, per_chunk = 8 * p;   /* weights per chunk of 8 codes (`bits` bytes) */
    const uint64_t safe = hg_safe_chunks(codes, end, q->cols_pad / (uint64_t)per_chunk, bits, 8);
    __m256 a0 = _mm256_setzero_ps(), a1 = a0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const float s = hg_scale_f32(sc[g]);
        const hg_lut16 tx = hg_lut16_scaled(lx, s), ty = p == 2 ? hg_lut16_scaled(ly, s) : tx;
        const uint8_t *c = codes + g * (uint64_t)(G / per_chunk * bits);
        const uint64_t base = g * (uint64_t)G;
        for (int k = 0; k < G; k += 16, c += 16 / per_chunk * bits) {   /* 16 weights: two p=1 chunks or one p=2 */
            const uint8_t *e = (base + (uint64_t)k) / (uint64_t)per_chunk + 16 / per_chunk <= safe ? NULL : end;   /* NULL: 8-byte loads stay in the row */
            __m256 w0, w1;
            if (p == 1) {
                w0 = hg_lut16_get(&tx, hg_split8_codes(&sp, c, e), bits);
                w1 = hg_lut16_get(&tx, hg_split8_codes(&sp, c + bits, e), bits);
            } else {
                __m256i idx = hg_split8_codes(&sp, c, e);
                __m256 x = hg_lut16_get(&tx, idx, bits), y = hg_lut16_get(&ty, idx, bits);
                w0 = _mm256_unpacklo_ps(x, y);
                w1 = _mm256_unpackhi_ps(x, y);
            }
            if (out) {
                _mm256_storeu_ps(out + base + k, w0);
                _mm256_storeu_ps(out + base + k + 8, w1);
            } else {
                a0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(xr + base + k), a0);
                a1 = _mm256_fmadd_ps(w1, _mm256_loadu_ps(xr + base + k + 8), a1);
            }
        }
    }
    return hg_qhsum256(_mm256_add_ps(a0, a1));
}

/* 4 pairs of a p=2 codebook by scalar 64-bit loads; codes in v, `bits` each */
HG_INLINE __m256 hg_pairs4_avx2(const double *tab, uint64_t v, int bits) {
    const uint64_t m = (1u << bits) - 1;
    __m128d p0 = _mm_loadh_pd(_mm_load_sd(tab + (v & m)), tab + ((v >> bits) & m));
    __m128d p1 = _mm_loadh_pd(_mm_load_sd(tab + ((v >> 2 * bits) & m)), tab + ((v >> 3 * bits) & m));
    return _mm256_castpd_ps(_mm256_insertf128_pd(_mm256_castpd128_pd256(p0), p1, 1));
}

/* the other shapes: p=1 by vgatherdps, p=2 by scalar pair loads; 8 codes
 * (`bits` bytes) per step, per-group sums times the scale */
static inline float hg_qrow_gather_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr,
                                        float *out) {
    const uint8_t *end = codes + q->row_code_bytes;
    const int bits = q->bits, G = q->group, per_chunk = 8 * q->p;
    const hg_split8 sp = hg_split8_make(bits, NULL);
    const __m256i mask = _mm256_set1_epi32(q->n - 1);
    const double *pairs = (const double *)(const void *)q->codebook;
    const uint64_t safe = hg_safe_chunks(codes, end, q->cols_pad / (uint64_t)per_chunk, bits, 8);
    __m256 total = _mm256_setzero_ps();
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * (uint64_t)(G / per_chunk * bits);
        const uint64_t base = g * (uint64_t)G;
        const __m256 s = _mm256_set1_ps(hg_scale_f32(sc[g]));
        __m256 a0 = _mm256_setzero_ps(), a1 = a0;
        for (int k = 0; k < G; k += per_chunk, c += bits) {
            const uint8_t *e = (base + (uint64_t)k) / (uint64_t)per_chunk < safe ? NULL : end;   /* NULL: 8-byte loads stay in the row */
            __m256 w0, w1 = _mm256_setzero_ps();
            if (q->p == 1) {
                w0 = _mm256_i32gather_ps(q->codebook, _mm256_and_si256(hg_split8_codes(&sp, c, e), mask), 4);
            } else {
                uint64_t v = hg_code_word(c, e);
                w0 = hg_pairs4_avx2(pairs, v, bits);
                w1 = hg_pairs4_avx2(pairs, v >> 4 * bits, bits);
            }
            if (out) {
                _mm256_storeu_ps(out + base + k, _mm256_mul_ps(w0, s));
                if (q->p == 2) _mm256_storeu_ps(out + base + k + 8, _mm256_mul_ps(w1, s));
            } else {
                a0 = _mm256_fmadd_ps(w0, _mm256_loadu_ps(xr + base + k), a0);
                if (q->p == 2) a1 = _mm256_fmadd_ps(w1, _mm256_loadu_ps(xr + base + k + 8), a1);
            }
        }
        total = _mm256_fmadd_ps(s, _mm256_add_ps(a0, a1), total);
    }
    return hg_qhsum256(total);
}

#endif

/* portable path: unpacked codes, table lookups, four accumulators */
static float hg_qdot_scalar(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr) {
    int per_group = q->group / q->p;
    int32_t idx[4096];
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const float *xg = xr + g * (uint64_t)q->group;
        float a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        int done = 0;
        while (done < per_group) {
            int count = per_group - done < 4096 ? per_group - done : 4096;
            hg_unpack_codes(codes, g * (uint64_t)per_group + (uint64_t)done, count, q->bits, idx);
            const float *x = xg + (size_t)done * (size_t)q->p;
            if (q->p == 1)
                for (int k = 0; k < count; k += 4) {
                    a0 += q->codebook[idx[k]] * x[k]; a1 += q->codebook[idx[k + 1]] * x[k + 1];
                    a2 += q->codebook[idx[k + 2]] * x[k + 2]; a3 += q->codebook[idx[k + 3]] * x[k + 3];
                }
            else if (q->p == 2)
                for (int k = 0; k < count; k += 2) {
                    const float *u = q->codebook + 2 * idx[k], *v = q->codebook + 2 * idx[k + 1];
                    a0 += u[0] * x[2 * k]; a1 += u[1] * x[2 * k + 1];
                    a2 += v[0] * x[2 * k + 2]; a3 += v[1] * x[2 * k + 3];
                }
            else   /* p=4: a point per code */
                for (int k = 0; k < count; k++) {
                    const float *u = q->codebook + 4 * idx[k];
                    a0 += u[0] * x[4 * k]; a1 += u[1] * x[4 * k + 1];
                    a2 += u[2] * x[4 * k + 2]; a3 += u[3] * x[4 * k + 3];
                }
            done += count;
        }
        total += hg_f16_to_f32(sc[g]) * ((a0 + a1) + (a2 + a3));
    }
    return total;
}

float hg_qdot_row(const hg_tensor *w, const hg_qinfo *q, int row, const float *xr) {
    return q->k.dot(q, hg_qscales(w, q, row), hg_qcodes(w, q, row), xr);
}

/* portable: a group's codes unpacked at a time, then weight = scale * point */
static void hg_qdequant_scalar(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, float *out) {
    int per_group = q->group / q->p;
    int32_t idx[4096];
    for (uint64_t g = 0; g < q->groups; g++) {
        float s = hg_f16_to_f32(sc[g]);
        for (int done = 0; done < per_group; done += 4096) {
            int count = per_group - done < 4096 ? per_group - done : 4096;
            hg_unpack_codes(codes, g * (uint64_t)per_group + (uint64_t)done, count, q->bits, idx);
            float *o = out + (g * (uint64_t)per_group + (uint64_t)done) * (uint64_t)q->p;
            for (int k = 0; k < count; k++)
                for (int d = 0; d < q->p; d++) o[k * q->p + d] = s * q->codebook[(size_t)idx[k] * (size_t)q->p + (size_t)d];
        }
    }
}

void hg_qdequant_row_stored(const hg_tensor *w, const hg_qinfo *q, int row, float *out) {
    q->k.dequant(q, hg_qscales(w, q, row), hg_qcodes(w, q, row), out);
}

void hg_qmatvec_rows(float *out, const float *xr, const hg_tensor *w, const hg_qinfo *q, int row0, int row1) {
    for (int r = row0; r < row1; r++) out[r] = hg_qdot_row(w, q, r, xr);
}

/* ---- the int8 decode path (see hg_act8 in the API) ---- */

int hg_act8_alloc(hg_act8 *a, uint64_t max_cols_pad, uint64_t max_groups) {
    memset(a, 0, sizeof *a);
    uint64_t n = (max_cols_pad + 127) / 128 * 128;
    a->q = (int8_t *)calloc(n, 1);
    a->qp = (int8_t *)calloc(n, 1);
    a->xr = (float *)calloc(n, sizeof(float));
    a->d = (float *)calloc(max_groups ? max_groups : 1, sizeof(float));
    a->qsum = (int32_t *)calloc(max_groups ? max_groups : 1, sizeof(int32_t));
    if (!a->q || !a->qp || !a->xr || !a->d || !a->qsum) { hg_act8_free(a); return -1; }
    return 0;
}

void hg_act8_free(hg_act8 *a) {
    free(a->q); free(a->qp); free(a->xr); free(a->d); free(a->qsum);
    memset(a, 0, sizeof *a);
}

/* One block of the rotated activation to int8: k_i = round(v_i * 127 / max|v|)
 * (nearest, ties to even, without a libm call: adding 1.5 * 2^23 leaves no
 * fraction bits, |v * inv| <= 127 being far below 2^22). Returns max|v|; the
 * sum of the k_i goes to *sum. The vector paths do the same float operations
 * (the product is its own operation, never fused into the addition) and so
 * produce the same bytes; hg_act8_block_ref is the definition and the tail. */
static float hg_act8_block_ref(const float *v, uint64_t H, int8_t *o, int32_t *sum) {
    float m = 0;
    for (uint64_t i = 0; i < H; i++) {
        float av = fabsf(v[i]);
        m = av > m ? av : m;                   /* NaN never wins */
    }
    float inv = m > 0 ? 127.0f / m : 0.0f;
    int32_t s = 0;
    for (uint64_t i = 0; i < H; i++) {
        float t = v[i] * inv;                  /* its own statement: never contracted into an FMA */
        float r = (t + 12582912.0f) - 12582912.0f;
        int k = (int)r;
        k = k > 127 ? 127 : k < -127 ? -127 : k;
        o[i] = (int8_t)k;
        s += k;
    }
    *sum = s;
    return m;
}

static float hg_act8_block(const float *v, uint64_t H, int8_t *o, int32_t *sum) {
#if defined(HG_AVX512)
    if (!(H % 16)) {
        __m512 mv = _mm512_setzero_ps();
        for (uint64_t i = 0; i < H; i += 16)   /* max(|v|, m): a NaN |v| returns m, as above */
            mv = _mm512_max_ps(_mm512_abs_ps(_mm512_loadu_ps(v + i)), mv);
        float m = _mm512_reduce_max_ps(mv);
        const __m512 inv = _mm512_set1_ps(m > 0 ? 127.0f / m : 0.0f), magic = _mm512_set1_ps(12582912.0f);
        const __m512i hi = _mm512_set1_epi32(127), lo = _mm512_set1_epi32(-127);
        __m512i s = _mm512_setzero_si512();
        for (uint64_t i = 0; i < H; i += 16) {
            __m512 r = _mm512_sub_ps(_mm512_add_ps(_mm512_mul_ps(_mm512_loadu_ps(v + i), inv), magic), magic);
            __m512i k = _mm512_max_epi32(_mm512_min_epi32(_mm512_cvttps_epi32(r), hi), lo);
            _mm_storeu_si128((__m128i *)(o + i), _mm512_cvtepi32_epi8(k));
            s = _mm512_add_epi32(s, k);
        }
        *sum = _mm512_reduce_add_epi32(s);
        return m;
    }
#elif defined(HG_AVX2)
    if (!(H % 8)) {
        const __m256 absmask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
        __m256 mv = _mm256_setzero_ps();
        for (uint64_t i = 0; i < H; i += 8) mv = _mm256_max_ps(_mm256_and_ps(_mm256_loadu_ps(v + i), absmask), mv);
        float lanes[8], m = 0;
        _mm256_storeu_ps(lanes, mv);
        for (int k = 0; k < 8; k++) m = lanes[k] > m ? lanes[k] : m;
        const __m256 inv = _mm256_set1_ps(m > 0 ? 127.0f / m : 0.0f), magic = _mm256_set1_ps(12582912.0f);
        const __m256i hi = _mm256_set1_epi32(127), lo = _mm256_set1_epi32(-127);
        __m256i s = _mm256_setzero_si256();
        for (uint64_t i = 0; i < H; i += 8) {
            __m256 r = _mm256_sub_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_loadu_ps(v + i), inv), magic), magic);
            __m256i k = _mm256_max_epi32(_mm256_min_epi32(_mm256_cvttps_epi32(r), hi), lo);
            __m128i k16 = _mm_packs_epi32(_mm256_castsi256_si128(k), _mm256_extracti128_si256(k, 1));
            _mm_storel_epi64((__m128i *)(o + i), _mm_packs_epi16(k16, k16));
            s = _mm256_add_epi32(s, k);
        }
        int32_t part[8], t = 0;
        _mm256_storeu_si256((__m256i *)part, s);
        for (int k = 0; k < 8; k++) t += part[k];
        *sum = t;
        return m;
    }
#endif
    return hg_act8_block_ref(v, H, o, sum);
}

#if defined(HG_AVX512_VNNI)
/* the VNNI kernels' order: per 128 values, the 64 even then the 64 odd; a
 * block's last t < 128 values (blocks that are a multiple of 32, not of 128,
 * such as 288 = 2 x 128 + 32), likewise: the t/2 even then the t/2 odd */
static void hg_act8_interleave_tail(const int8_t *q, int8_t *qp, uint64_t t) {
    for (uint64_t i = 0; i < t / 2; i++) {
        qp[i] = q[2 * i];
        qp[t / 2 + i] = q[2 * i + 1];
    }
}
static void hg_act8_interleave(const int8_t *q, int8_t *qp, uint64_t n) {
    static const uint8_t ev[64] = {0,   2,   4,   6,   8,   10,  12,  14,  16,  18,  20,  22,  24,  26,  28,  30,
                                   32,  34,  36,  38,  40,  42,  44,  46,  48,  50,  52,  54,  56,  58,  60,  62,
                                   64,  66,  68,  70,  72,  74,  76,  78,  80,  82,  84,  86,  88,  90,  92,  94,
                                   96,  98,  100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126};
    const __m512i E = _mm512_loadu_si512(ev), O = _mm512_add_epi8(E, _mm512_set1_epi8(1));
    for (uint64_t c = 0; c < n; c += 128) {
        __m512i a = _mm512_loadu_si512(q + c), b = _mm512_loadu_si512(q + c + 64);
        _mm512_storeu_si512(qp + c, _mm512_permutex2var_epi8(a, E, b));
        _mm512_storeu_si512(qp + c + 64, _mm512_permutex2var_epi8(a, O, b));
    }
}
#endif

#if defined(HG_AVX512_VNNI)
/* p=4 256 points: per 256 values, coordinate d of the 64 points (values 4j + d) together */
static void hg_act8_coords4(const int8_t *q, int8_t *qp, uint64_t n) {
    uint8_t idx[4][64];
    for (int d = 0; d < 4; d++)
        for (int j = 0; j < 64; j++) idx[d][j] = (uint8_t)(4 * (j % 32) + d);
    for (uint64_t c = 0; c < n; c += 256) {
        __m512i A = _mm512_loadu_si512(q + c), B = _mm512_loadu_si512(q + c + 64), C = _mm512_loadu_si512(q + c + 128),
                D = _mm512_loadu_si512(q + c + 192);
        for (int d = 0; d < 4; d++) {
            __m512i I = _mm512_loadu_si512(idx[d]);
            _mm512_storeu_si512(qp + c + 64 * d, _mm512_mask_blend_epi8((__mmask64)0xFFFFFFFF00000000ull,
                                                                         _mm512_permutex2var_epi8(A, I, B),
                                                                         _mm512_permutex2var_epi8(C, I, D)));
        }
    }
}
#endif

void hg_prepare_act8(const hg_qinfo *q, const float *x, hg_act8 *a) {
    hg_prepare_activation(q, x, a->xr);
    const uint64_t H = (uint64_t)q->group;
    for (uint64_t b = 0; b < q->groups; b++) {
        float m = hg_act8_block(a->xr + b * H, H, a->q + b * H, &a->qsum[b]);
        a->d[b] = (m / 127.0f) * q->grid8_inv;
    }
#if defined(HG_AVX512_VNNI)
    if (q->p == 4) {
        if (q->n == 256 && !(H % 256)) hg_act8_coords4(a->q, a->qp, q->cols_pad);
    } else if (!(H % 128)) hg_act8_interleave(a->q, a->qp, q->cols_pad);
    else if (!(H % 32))
        for (uint64_t b = 0; b < q->groups; b++) {
            uint64_t full = H / 128 * 128;
            hg_act8_interleave(a->q + b * H, a->qp + b * H, full);
            hg_act8_interleave_tail(a->q + b * H + full, a->qp + b * H + full, H - full);
        }
#endif
}

/* the definition: sum_b scale_b * (d_b / S) * sum k_i q_i, in this float order */
static float hg_qdot8_codes_ref(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int per_group = q->group / q->p;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        int32_t isum = 0;
        for (int k = 0; k < per_group; k++) {
            uint64_t idx = g * (uint64_t)per_group + (uint64_t)k;
            const int8_t *pt = q->grid8 + (size_t)hg_code_at(codes, idx, q->bits) * (size_t)q->p;
            for (int d = 0; d < q->p; d++) isum += (int32_t)pt[d] * (int32_t)a->q[idx * (uint64_t)q->p + (uint64_t)d];
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)isum;
    }
    return total;
}

float hg_qdot8_row_ref(const hg_tensor *w, const hg_qinfo *q, int row, const hg_act8 *a) {
    return hg_qdot8_codes_ref(q, hg_qscales(w, q, row), hg_qcodes(w, q, row), a);
}

#if defined(HG_AVX512_VNNI)
/* 64 bytes of a weight stream, loaded as two 32-byte halves. Measured on the
 * AMD Zen 5 host of bench/results (bench/bench_stream, built with and
 * without -DHG_STREAM_LOAD_ZMM): the p=1 4-bit kernel, which takes two
 * 64-byte code vectors per iteration, streams ~26 instead of ~20 GB/s per
 * core this way (2 threads: 45-55 instead of 37-39); the p=2 kernels stream
 * the same either way. A plain loop of zmm loads streams at full speed, so
 * it is not the load width alone; we did not pin down the mechanism. */
static inline __m512i hg_load_stream512(const uint8_t *p) {
#ifdef HG_STREAM_LOAD_ZMM
    return _mm512_loadu_si512(p);
#else
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)p)),
                              _mm256_loadu_si256((const __m256i *)(p + 32)), 1);
#endif
}

/* acc + the VNNI dot products of u (unsigned bytes) and x (signed bytes).
 * GCC 12 at -O3 keeps some accumulators of _mm512_dpbusd_epi32 loops in
 * stack memory or copies them around each product (a store and a reload, or
 * a move, in each iteration's dependency chain): the two-row p=2 decode
 * kernel ran at 33-36 GB/s in cache instead of 50, the 4 x 4 prompt tile at
 * half speed. The same instruction as an asm statement with the accumulator
 * tied in place keeps every accumulator in a register. hg_dpbusd lets x be a
 * memory operand (the decode kernels read each activation once);
 * hg_dpbusd_rr wants it in a register (the prompt tile reuses each operand
 * four times, and GCC otherwise reloaded it for every product). */
#if defined(__GNUC__)
#define HG_VPDPBUSD(acc, u, x, x_where) __asm__("vpdpbusd %2, %1, %0" : "+v"(acc) : "v"(u), x_where(x))
static inline __m512i hg_dpbusd(__m512i acc, __m512i u, __m512i x) { HG_VPDPBUSD(acc, u, x, "vm"); return acc; }
static inline __m512i hg_dpbusd_rr(__m512i acc, __m512i u, __m512i x) { HG_VPDPBUSD(acc, u, x, "v"); return acc; }
#else
#define hg_dpbusd _mm512_dpbusd_epi32
#define hg_dpbusd_rr _mm512_dpbusd_epi32
#endif

/* The last t = 32, 64 or 96 weights of a block that is not a multiple of 128:
 * t/2 code bytes (p=1 4-bit: two codes a byte; p=2 256 points: one per pair)
 * and the t/2 even and t/2 odd activations (hg_act8_interleave_tail), by masked
 * loads that read nothing past them. Masked-off code bytes meet zero
 * activations, so they add nothing. */
typedef struct { __m512i c, xe, xo; } hg_tail8;
HG_INLINE hg_tail8 hg_tail8_load(const uint8_t *c, const int8_t *x, uint64_t t) {
    const __mmask64 m = ((__mmask64)1 << (t / 2)) - 1;
    hg_tail8 r = {_mm512_maskz_loadu_epi8(m, c), _mm512_maskz_loadu_epi8(m, x), _mm512_maskz_loadu_epi8(m, x + t / 2)};
    return r;
}

/* p=1, 16 levels: 64 code bytes = 128 weights; low nibbles are the even
 * weights, high nibbles the odd ones, matching a->qp. vpshufb looks k + 128
 * up from a register; vpdpbusd multiplies unsigned by signed bytes and adds
 * four products into each int32 lane; sum (k + 128) q - 128 sum q = sum k q. */
HG_INLINE float hg_qdot8_p1n16_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const __m512i T,
                                      const int tail) {
    const __m512i m4 = _mm512_set1_epi8(15);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2;
        const int8_t *x = a->qp + g * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
        uint64_t j = 0;
        for (; j + 256 <= H; j += 256, c += 128, x += 256) {
            __m512i b0 = hg_load_stream512(c), b1 = hg_load_stream512(c + 64);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(b0, m4)), _mm512_loadu_si512(x));
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(b0, 4), m4)), _mm512_loadu_si512(x + 64));
            a2 = hg_dpbusd(a2, _mm512_shuffle_epi8(T, _mm512_and_si512(b1, m4)), _mm512_loadu_si512(x + 128));
            a3 = hg_dpbusd(a3, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(b1, 4), m4)), _mm512_loadu_si512(x + 192));
        }
        for (; tail ? j + 128 <= H : j < H; j += 128, c += 64, x += 128) {
            __m512i b0 = hg_load_stream512(c);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(b0, m4)), _mm512_loadu_si512(x));
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(b0, 4), m4)), _mm512_loadu_si512(x + 64));
        }
        if (tail && j < H) {          /* a block's last 32, 64 or 96 weights (blocks such as 288) */
            const hg_tail8 t = hg_tail8_load(c, x, H - j);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(t.c, m4)), t.xe);
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(t.c, 4), m4)), t.xo);
        }
        int32_t isum = _mm512_reduce_add_epi32(_mm512_add_epi32(_mm512_add_epi32(a0, a1), _mm512_add_epi32(a2, a3)))
                       - 128 * a->qsum[g];
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)isum;
    }
    return total;
}

/* Rows row0..row1-1 into out[0..]: the table is loaded once per call, not per
 * row (a store to out may alias it, so the compiler would reload it per row;
 * 2048-column rows are short enough for that to cost ~10% in cache). */
static void hg_qrows8_p1n16_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    const __m512i T = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)q->grid8u));
    if (q->group % 128)   /* blocks with a masked last step: a copy of the kernel of their own (tail, a constant) */
        for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p1n16_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T, 1);
    else
        for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p1n16_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T, 0);
}

/* p=2, 256 points: one code byte per pair; 64 codes = 128 weights. Each
 * coordinate (k + 128) comes from a 256-byte table in four registers:
 * vpermi2b reads 7 index bits from a 128-byte pair of them, and the code's
 * top bit picks the pair. x coordinates meet the even activations, y the odd. */
HG_INLINE float hg_qdot8_p2n256_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                       const __m512i X0, const __m512i X1, const __m512i X2, const __m512i X3,
                                       const __m512i Y0, const __m512i Y1, const __m512i Y2, const __m512i Y3, const int tail) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2;
        const int8_t *x = a->qp + g * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
        uint64_t j = 0;
        for (; j + 256 <= H; j += 256, c += 128, x += 256) {
            __m512i b = hg_load_stream512(c), e = hg_load_stream512(c + 64);
            __mmask64 hi = _mm512_movepi8_mask(b), he = _mm512_movepi8_mask(e);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(X0, b, X1), _mm512_permutex2var_epi8(X2, b, X3)), _mm512_loadu_si512(x));
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(Y0, b, Y1), _mm512_permutex2var_epi8(Y2, b, Y3)), _mm512_loadu_si512(x + 64));
            a2 = hg_dpbusd(a2, _mm512_mask_blend_epi8(he, _mm512_permutex2var_epi8(X0, e, X1), _mm512_permutex2var_epi8(X2, e, X3)), _mm512_loadu_si512(x + 128));
            a3 = hg_dpbusd(a3, _mm512_mask_blend_epi8(he, _mm512_permutex2var_epi8(Y0, e, Y1), _mm512_permutex2var_epi8(Y2, e, Y3)), _mm512_loadu_si512(x + 192));
        }
        for (; tail ? j + 128 <= H : j < H; j += 128, c += 64, x += 128) {
            __m512i b = hg_load_stream512(c);
            __mmask64 hi = _mm512_movepi8_mask(b);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(X0, b, X1), _mm512_permutex2var_epi8(X2, b, X3)), _mm512_loadu_si512(x));
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(Y0, b, Y1), _mm512_permutex2var_epi8(Y2, b, Y3)), _mm512_loadu_si512(x + 64));
        }
        if (tail && j < H) {
            const hg_tail8 t = hg_tail8_load(c, x, H - j);
            __mmask64 hi = _mm512_movepi8_mask(t.c);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(X0, t.c, X1), _mm512_permutex2var_epi8(X2, t.c, X3)), t.xe);
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(Y0, t.c, Y1), _mm512_permutex2var_epi8(Y2, t.c, Y3)), t.xo);
        }
        a0 = _mm512_add_epi32(a0, a2);
        a1 = _mm512_add_epi32(a1, a3);
        int32_t isum = _mm512_reduce_add_epi32(_mm512_add_epi32(a0, a1)) - 128 * a->qsum[g];
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)isum;
    }
    return total;
}

static void hg_qrows8_p2n256_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    const uint8_t *tx = q->grid8ux, *ty = q->grid8uy;
    const __m512i X0 = _mm512_loadu_si512(tx), X1 = _mm512_loadu_si512(tx + 64), X2 = _mm512_loadu_si512(tx + 128),
                  X3 = _mm512_loadu_si512(tx + 192), Y0 = _mm512_loadu_si512(ty), Y1 = _mm512_loadu_si512(ty + 64),
                  Y2 = _mm512_loadu_si512(ty + 128), Y3 = _mm512_loadu_si512(ty + 192);
    if (q->group % 128)
        for (int r = row0; r < row1; r++)
            out[r - row0] = hg_qdot8_p2n256_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, X0, X1, X2, X3, Y0, Y1, Y2, Y3, 1);
    else
        for (int r = row0; r < row1; r++)
            out[r - row0] = hg_qdot8_p2n256_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, X0, X1, X2, X3, Y0, Y1, Y2, Y3, 0);
}

/* Two rows at once (hg_qmatvec8_rows2): the same integer sums per block and
 * the same float epilogue per row as the one-row kernels above, so every
 * result is theirs bit for bit; each activation vector is loaded once for
 * both rows. */
/* the end of block g for two rows: the one-row kernels' epilogue, row by row */
HG_INLINE void hg_qx2_block_end(const hg_act8 *a, uint64_t g, const uint16_t *sc0, const uint16_t *sc1, __m512i s0,
                                __m512i s1, float *t0, float *t1) {
    float d = a->d[g];
    int32_t i0 = _mm512_reduce_add_epi32(s0) - 128 * a->qsum[g], i1 = _mm512_reduce_add_epi32(s1) - 128 * a->qsum[g];
    *t0 += (hg_f16_to_f32(sc0[g]) * d) * (float)i0;
    *t1 += (hg_f16_to_f32(sc1[g]) * d) * (float)i1;
}

HG_INLINE void hg_qdot8x2_p1n16_avx512(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                       const uint8_t *c1, const hg_act8 *a, const __m512i T, float *y0, float *y1, const int tail) {
    const __m512i m4 = _mm512_set1_epi8(15);
    const uint64_t H = (uint64_t)q->group;
    float t0 = 0, t1 = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->qp + g * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, b0 = a0, b1 = a0;
        uint64_t j = 0;
        for (; tail ? j + 128 <= H : j < H; j += 128, c0 += 64, c1 += 64, x += 128) {
            __m512i u = hg_load_stream512(c0), v = hg_load_stream512(c1);
            __m512i xe = _mm512_loadu_si512(x), xo = _mm512_loadu_si512(x + 64);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(u, m4)), xe);
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(u, 4), m4)), xo);
            b0 = hg_dpbusd(b0, _mm512_shuffle_epi8(T, _mm512_and_si512(v, m4)), xe);
            b1 = hg_dpbusd(b1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(v, 4), m4)), xo);
        }
        if (tail && j < H) {
            const hg_tail8 t = hg_tail8_load(c0, x, H - j);
            const __m512i v = _mm512_maskz_loadu_epi8(((__mmask64)1 << ((H - j) / 2)) - 1, c1);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(t.c, m4)), t.xe);
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(t.c, 4), m4)), t.xo);
            b0 = hg_dpbusd(b0, _mm512_shuffle_epi8(T, _mm512_and_si512(v, m4)), t.xe);
            b1 = hg_dpbusd(b1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(v, 4), m4)), t.xo);
            c0 += (H - j) / 2;
            c1 += (H - j) / 2;
        }
        hg_qx2_block_end(a, g, sc0, sc1, _mm512_add_epi32(a0, a1), _mm512_add_epi32(b0, b1), &t0, &t1);
    }
    *y0 = t0;
    *y1 = t1;
}

HG_INLINE void hg_qdot8x2_p2n256_avx512(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                        const uint8_t *c1, const hg_act8 *a, const __m512i X0, const __m512i X1,
                                        const __m512i X2, const __m512i X3, const __m512i Y0, const __m512i Y1,
                                        const __m512i Y2, const __m512i Y3, float *y0, float *y1, const int tail) {
    const uint64_t H = (uint64_t)q->group;
    float t0 = 0, t1 = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->qp + g * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, b0 = a0, b1 = a0;
        uint64_t j = 0;
        for (; tail ? j + 128 <= H : j < H; j += 128, c0 += 64, c1 += 64, x += 128) {
            __m512i u = hg_load_stream512(c0), v = hg_load_stream512(c1);
            __m512i xe = _mm512_loadu_si512(x), xo = _mm512_loadu_si512(x + 64);
            __mmask64 hu = _mm512_movepi8_mask(u), hv = _mm512_movepi8_mask(v);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hu, _mm512_permutex2var_epi8(X0, u, X1), _mm512_permutex2var_epi8(X2, u, X3)), xe);
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hu, _mm512_permutex2var_epi8(Y0, u, Y1), _mm512_permutex2var_epi8(Y2, u, Y3)), xo);
            b0 = hg_dpbusd(b0, _mm512_mask_blend_epi8(hv, _mm512_permutex2var_epi8(X0, v, X1), _mm512_permutex2var_epi8(X2, v, X3)), xe);
            b1 = hg_dpbusd(b1, _mm512_mask_blend_epi8(hv, _mm512_permutex2var_epi8(Y0, v, Y1), _mm512_permutex2var_epi8(Y2, v, Y3)), xo);
        }
        if (tail && j < H) {
            const hg_tail8 t = hg_tail8_load(c0, x, H - j);
            const __m512i v = _mm512_maskz_loadu_epi8(((__mmask64)1 << ((H - j) / 2)) - 1, c1);
            __mmask64 hu = _mm512_movepi8_mask(t.c), hv = _mm512_movepi8_mask(v);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hu, _mm512_permutex2var_epi8(X0, t.c, X1), _mm512_permutex2var_epi8(X2, t.c, X3)), t.xe);
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hu, _mm512_permutex2var_epi8(Y0, t.c, Y1), _mm512_permutex2var_epi8(Y2, t.c, Y3)), t.xo);
            b0 = hg_dpbusd(b0, _mm512_mask_blend_epi8(hv, _mm512_permutex2var_epi8(X0, v, X1), _mm512_permutex2var_epi8(X2, v, X3)), t.xe);
            b1 = hg_dpbusd(b1, _mm512_mask_blend_epi8(hv, _mm512_permutex2var_epi8(Y0, v, Y1), _mm512_permutex2var_epi8(Y2, v, Y3)), t.xo);
            c0 += (H - j) / 2;
            c1 += (H - j) / 2;
        }
        hg_qx2_block_end(a, g, sc0, sc1, _mm512_add_epi32(a0, a1), _mm512_add_epi32(b0, b1), &t0, &t1);
    }
    *y0 = t0;
    *y1 = t1;
}

static void hg_qrows8x2_p1n16_avx512(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                     int row1, float *out1, int n, const hg_act8 *a) {
    const __m512i T = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)q->grid8u));
    if (q->group % 128)
        for (int i = 0; i < n; i++)
            hg_qdot8x2_p1n16_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                                    hg_qcodes(w1, q, row1 + i), a, T, &out0[i], &out1[i], 1);
    else
        for (int i = 0; i < n; i++)
            hg_qdot8x2_p1n16_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                                    hg_qcodes(w1, q, row1 + i), a, T, &out0[i], &out1[i], 0);
}

static void hg_qrows8x2_p2n256_avx512(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                      int row1, float *out1, int n, const hg_act8 *a) {
    const uint8_t *tx = q->grid8ux, *ty = q->grid8uy;
    const __m512i X0 = _mm512_loadu_si512(tx), X1 = _mm512_loadu_si512(tx + 64), X2 = _mm512_loadu_si512(tx + 128),
                  X3 = _mm512_loadu_si512(tx + 192), Y0 = _mm512_loadu_si512(ty), Y1 = _mm512_loadu_si512(ty + 64),
                  Y2 = _mm512_loadu_si512(ty + 128), Y3 = _mm512_loadu_si512(ty + 192);
    if (q->group % 128)
        for (int i = 0; i < n; i++)
            hg_qdot8x2_p2n256_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                                     hg_qcodes(w1, q, row1 + i), a, X0, X1, X2, X3, Y0, Y1, Y2, Y3, &out0[i], &out1[i], 1);
    else
        for (int i = 0; i < n; i++)
            hg_qdot8x2_p2n256_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                                     hg_qcodes(w1, q, row1 + i), a, X0, X1, X2, X3, Y0, Y1, Y2, Y3, &out0[i], &out1[i], 0);
}

/* Codes of b = 2..6 bits (p=1 4, 8, 32 levels; p=2 16 and 64 points): 64 codes
 * in 8b bytes per step. vpermb gives each 64-bit lane the b bytes of its 8
 * codes, vpmultishiftqb moves code k of the lane to byte k (bits bk..), and
 * vpermb looks each coordinate up in a 64-byte table (it reads 6 index bits:
 * the table repeats the levels). p=1: 64 weights in natural order, against
 * a->q; p=2: 128 weights, x coordinates against the even activations and y
 * against the odd ones (a->qp). */
HG_INLINE __m512i hg_load_code_bytes(const uint8_t *c, int nb) {   /* exactly nb bytes: never past the row */
    switch (nb) {
    case 16: return _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)c));
    case 24: return _mm512_castsi256_si512(_mm256_set_m128i(_mm_loadl_epi64((const __m128i *)(c + 16)),
                                                            _mm_loadu_si128((const __m128i *)c)));
    case 32: return _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)c));
    case 40: return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)c)),
                                       _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(c + 32))), 1);
    default:   /* 48 as 32 + 16 (a masked load decoded at half the speed streaming from DRAM) */
        return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)c)),
                                  _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(c + 32))), 1);
    }
}

HG_INLINE float hg_qdot8_packed(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int b,
                                const int p, const __m512i X, const __m512i Y, const __m512i SP, const __m512i SH) {
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *c = codes;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = (p == 1 ? a->q : a->qp) + g * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0;
        for (uint64_t j = 0; j < H; j += 64 * (uint64_t)p, c += 8 * b) {
            __m512i idx = _mm512_multishift_epi64_epi8(SH, _mm512_permutexvar_epi8(SP, hg_load_code_bytes(c, 8 * b)));
            a0 = hg_dpbusd(a0, _mm512_permutexvar_epi8(idx, X), _mm512_loadu_si512(x + j));
            if (p == 2) a1 = hg_dpbusd(a1, _mm512_permutexvar_epi8(idx, Y), _mm512_loadu_si512(x + j + 64));
        }
        int32_t isum = _mm512_reduce_add_epi32(_mm512_add_epi32(a0, a1)) - 128 * a->qsum[g];
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)isum;
    }
    return total;
}

/* the row's k + 128 in the order hg_qdot8_packed reads activations */
HG_INLINE void hg_row8_packed(const hg_qinfo *q, const uint8_t *c, uint8_t *u, const int b, const int p) {
    const __m512i X = _mm512_loadu_si512(q->grid8rx), Y = _mm512_loadu_si512(q->grid8ry);
    const __m512i SP = _mm512_loadu_si512(q->grid8spread), SH = _mm512_loadu_si512(q->grid8shift);
    for (uint64_t j = 0; j < q->cols_pad; j += 64 * (uint64_t)p, c += 8 * b) {
        __m512i idx = _mm512_multishift_epi64_epi8(SH, _mm512_permutexvar_epi8(SP, hg_load_code_bytes(c, 8 * b)));
        _mm512_storeu_si512(u + j, _mm512_permutexvar_epi8(idx, X));
        if (p == 2) _mm512_storeu_si512(u + j + 64, _mm512_permutexvar_epi8(idx, Y));
    }
}

/* which packed kernel: 0 none (p=1 16 levels and p=2 256 points have their own) */
static int hg_packed_kind(const hg_qinfo *q) {
    if (q->p == 1 && (q->bits == 2 || q->bits == 3 || q->bits == 5)) return q->group % 64 ? 0 : q->bits;
    if (q->p == 2 && (q->bits == 4 || q->bits == 6)) return q->group % 128 ? 0 : 8 + q->bits;
    return 0;
}

HG_INLINE void hg_qrows8_packed(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out,
                                const int b, const int p) {
    const __m512i X = _mm512_loadu_si512(q->grid8rx), Y = _mm512_loadu_si512(q->grid8ry);
    const __m512i SP = _mm512_loadu_si512(q->grid8spread), SH = _mm512_loadu_si512(q->grid8shift);
    for (int r = row0; r < row1; r++)
        out[r - row0] = hg_qdot8_packed(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, b, p, X, Y, SP, SH);
}

static void hg_qrows8_packed_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    switch (hg_packed_kind(q)) {   /* constant b and p in each copy */
    case 2: hg_qrows8_packed(w, q, a, row0, row1, out, 2, 1); break;
    case 3: hg_qrows8_packed(w, q, a, row0, row1, out, 3, 1); break;
    case 5: hg_qrows8_packed(w, q, a, row0, row1, out, 5, 1); break;
    case 12: hg_qrows8_packed(w, q, a, row0, row1, out, 4, 2); break;
    default: hg_qrows8_packed(w, q, a, row0, row1, out, 6, 2); break;
    }
}

/* two rows of packed codes at once (hg_qmatvec8_rows2): hg_qdot8_packed's sums and epilogue per row */
HG_INLINE void hg_qdot8x2_packed(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                 const uint8_t *c1, const hg_act8 *a, const int b, const int p, const __m512i X,
                                 const __m512i Y, const __m512i SP, const __m512i SH, float *y0, float *y1) {
    const uint64_t H = (uint64_t)q->group;
    float t0 = 0, t1 = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = (p == 1 ? a->q : a->qp) + g * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, b0 = a0, b1 = a0;
        for (uint64_t j = 0; j < H; j += 64 * (uint64_t)p, c0 += 8 * b, c1 += 8 * b) {
            __m512i i0 = _mm512_multishift_epi64_epi8(SH, _mm512_permutexvar_epi8(SP, hg_load_code_bytes(c0, 8 * b)));
            __m512i i1 = _mm512_multishift_epi64_epi8(SH, _mm512_permutexvar_epi8(SP, hg_load_code_bytes(c1, 8 * b)));
            __m512i xe = _mm512_loadu_si512(x + j);
            a0 = hg_dpbusd(a0, _mm512_permutexvar_epi8(i0, X), xe);
            b0 = hg_dpbusd(b0, _mm512_permutexvar_epi8(i1, X), xe);
            if (p == 2) {
                __m512i xo = _mm512_loadu_si512(x + j + 64);
                a1 = hg_dpbusd(a1, _mm512_permutexvar_epi8(i0, Y), xo);
                b1 = hg_dpbusd(b1, _mm512_permutexvar_epi8(i1, Y), xo);
            }
        }
        hg_qx2_block_end(a, g, sc0, sc1, _mm512_add_epi32(a0, a1), _mm512_add_epi32(b0, b1), &t0, &t1);
    }
    *y0 = t0;
    *y1 = t1;
}

HG_INLINE void hg_qrows8x2_packed(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                  int row1, float *out1, int n, const hg_act8 *a, const int b, const int p) {
    const __m512i X = _mm512_loadu_si512(q->grid8rx), Y = _mm512_loadu_si512(q->grid8ry);
    const __m512i SP = _mm512_loadu_si512(q->grid8spread), SH = _mm512_loadu_si512(q->grid8shift);
    for (int i = 0; i < n; i++)
        hg_qdot8x2_packed(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                          hg_qcodes(w1, q, row1 + i), a, b, p, X, Y, SP, SH, &out0[i], &out1[i]);
}

static void hg_qrows8x2_packed_avx512(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                      int row1, float *out1, int n, const hg_act8 *a) {
    switch (hg_packed_kind(q)) {   /* constant b and p in each copy */
    case 2: hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, 2, 1); break;
    case 3: hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, 3, 1); break;
    case 5: hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, 5, 1); break;
    case 12: hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, 4, 2); break;
    default: hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, 6, 2); break;
    }
}

static void hg_row8_packed_avx512(const hg_qinfo *q, const uint8_t *codes, uint8_t *u) {
    switch (hg_packed_kind(q)) {
    case 2: hg_row8_packed(q, codes, u, 2, 1); break;
    case 3: hg_row8_packed(q, codes, u, 3, 1); break;
    case 5: hg_row8_packed(q, codes, u, 5, 1); break;
    case 12: hg_row8_packed(q, codes, u, 4, 2); break;
    default: hg_row8_packed(q, codes, u, 6, 2); break;
    }
}
#endif

#if defined(HG_AVX2)
/* the int32 sum of a block's two accumulators, exact (the integer every kernel's epilogue scales) */
static inline int32_t hg_isum_avx2(__m256i a0, __m256i a1) {
    __m256i acc = _mm256_add_epi32(a0, a1);
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}

/* AVX2 has no unsigned-by-signed dot with 32-bit sums, but vpmaddubsw on |k|
 * and sign(k) * q cannot saturate (2 * 127 * 127 < 32768); natural order. */
static float hg_qdot8_p1n16_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const __m256i T = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)q->grid8));
    const __m128i m4 = _mm_set1_epi8(15);
    const __m256i ones = _mm256_set1_epi16(1);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2;
        const int8_t *x = a->q + g * H;
        __m256i acc = _mm256_setzero_si256();
        for (uint64_t j = 0; j < H; j += 32, c += 16, x += 32) {
            __m128i b = _mm_loadu_si128((const __m128i *)c);
            __m128i lo = _mm_and_si128(b, m4), hi = _mm_and_si128(_mm_srli_epi16(b, 4), m4);
            __m256i idx = _mm256_set_m128i(_mm_unpackhi_epi8(lo, hi), _mm_unpacklo_epi8(lo, hi));
            __m256i k = _mm256_shuffle_epi8(T, idx), v = _mm256_loadu_si256((const __m256i *)x);
            __m256i p = _mm256_maddubs_epi16(_mm256_sign_epi8(k, k), _mm256_sign_epi8(v, k));
            acc = _mm256_add_epi32(acc, _mm256_madd_epi16(p, ones));
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(acc, _mm256_setzero_si256());
    }
    return total;
}

/* p=2, 256 points (8-bit codes) and 64 (6-bit): the (kx, ky) int16 pairs of 8 codes, looked up with
 * scalar loads and packed into a vector, multiplied by the activation pairs
 * with vpmaddwd. Not vpgatherdd: in cache on the bench host (Zen 5, an AVX2
 * build of bench/bench_kernels) the gathers decoded 3.1-3.3 GB/s of codes and
 * the scalar loads 4.8-5.2; microcode that mitigates Gather Data Sampling
 * makes gathers slower still on many Intel CPUs. */
HG_INLINE float hg_qdot8_pairs_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int bits) {
    const int32_t *tab = q->grid8pair;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2 * (uint64_t)bits / 8;
        const int8_t *x = a->q + g * H;
        __m256i a0 = _mm256_setzero_si256(), a1 = a0;
        for (uint64_t j = 0; j < H; j += 32, c += 2 * bits, x += 32) {
            __m256i k0, k1;
            if (bits == 8) {
                k0 = _mm256_setr_epi32(tab[c[0]], tab[c[1]], tab[c[2]], tab[c[3]], tab[c[4]], tab[c[5]], tab[c[6]], tab[c[7]]);
                k1 = _mm256_setr_epi32(tab[c[8]], tab[c[9]], tab[c[10]], tab[c[11]], tab[c[12]], tab[c[13]], tab[c[14]], tab[c[15]]);
            } else {   /* 6-bit codes, little-endian: 8 codes in 6 bytes (never read past them) */
                uint32_t u0, v0;
                uint16_t u1, v1;   /* 4 + 2 bytes each, in registers (one 6-byte memcpy went through the stack) */
                memcpy(&u0, c, 4);
                memcpy(&u1, c + 4, 2);
                memcpy(&v0, c + 6, 4);
                memcpy(&v1, c + 10, 2);
                const uint64_t u = u0 | (uint64_t)u1 << 32, v = v0 | (uint64_t)v1 << 32;
                k0 = _mm256_setr_epi32(tab[u & 63], tab[u >> 6 & 63], tab[u >> 12 & 63], tab[u >> 18 & 63], tab[u >> 24 & 63],
                                       tab[u >> 30 & 63], tab[u >> 36 & 63], tab[u >> 42 & 63]);
                k1 = _mm256_setr_epi32(tab[v & 63], tab[v >> 6 & 63], tab[v >> 12 & 63], tab[v >> 18 & 63], tab[v >> 24 & 63],
                                       tab[v >> 30 & 63], tab[v >> 36 & 63], tab[v >> 42 & 63]);
            }
            a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(k0, _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)x))));
            a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(k1, _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(x + 16)))));
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(a0, a1);
    }
    return total;
}
static float hg_qdot8_p2n256_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_pairs_avx2(q, sc, codes, a, 8);
}
/* p=2 64 points, 32 codes (24 bytes, 64 weights) per step, all in registers:
 * each 3 code bytes spread into a 32-bit lane and the four 6-bit codes moved
 * into its four bytes with shifts and masks; then each coordinate is looked up
 * in four 16-entry tables (pshufb reads the low 4 bits) and the right one
 * picked by code bits 4 and 5 (vpblendvb on the codes shifted so each bit
 * lands in bit 7 of its byte). */
HG_INLINE __m256i hg_codes6x32_avx2(const uint8_t *c, const uint8_t *end) {
    __m128i lo, hi;
    if (end - c >= 28) {
        lo = _mm_loadu_si128((const __m128i *)c);
        hi = _mm_loadu_si128((const __m128i *)(c + 12));
    } else {                          /* the row's last step: never read past its 24 bytes */
        uint8_t b[28] = {0};
        memcpy(b, c, 24);
        lo = _mm_loadu_si128((const __m128i *)b);
        hi = _mm_loadu_si128((const __m128i *)(b + 12));
    }
    const __m256i spread = _mm256_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1, 0, 1, 2, -1, 3, 4, 5, -1, 6,
                                            7, 8, -1, 9, 10, 11, -1);
    __m256i g = _mm256_shuffle_epi8(_mm256_set_m128i(hi, lo), spread);   /* 24 bits per lane: 4 codes */
    __m256i c01 = _mm256_or_si256(_mm256_and_si256(g, _mm256_set1_epi32(0x3F)),
                                  _mm256_and_si256(_mm256_slli_epi32(g, 2), _mm256_set1_epi32(0x3F00)));
    __m256i c23 = _mm256_or_si256(_mm256_and_si256(_mm256_slli_epi32(g, 4), _mm256_set1_epi32(0x3F0000)),
                                  _mm256_and_si256(_mm256_slli_epi32(g, 6), _mm256_set1_epi32(0x3F000000)));
    return _mm256_or_si256(c01, c23);
}
HG_INLINE __m256i hg_lut64_avx2(const __m256i T[4], __m256i c, __m256i m4, __m256i m5) {
    __m256i a = _mm256_blendv_epi8(_mm256_shuffle_epi8(T[0], c), _mm256_shuffle_epi8(T[1], c), m4);
    __m256i b = _mm256_blendv_epi8(_mm256_shuffle_epi8(T[2], c), _mm256_shuffle_epi8(T[3], c), m4);
    return _mm256_blendv_epi8(a, b, m5);
}
static float hg_qdot8_p2n64_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    if (q->group % 64) return hg_qdot8_pairs_avx2(q, sc, codes, a, 6);   /* blocks such as 96: 16 codes at a time */
    __m256i TX[4], TY[4];
    for (int h = 0; h < 4; h++) {
        TX[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(q->grid8x + 16 * h)));
        TY[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(q->grid8y + 16 * h)));
    }
    const __m256i ones = _mm256_set1_epi16(1);
    const uint8_t *end = codes + q->row_code_bytes;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2 * 6 / 8;
        const int8_t *x = a->q + g * H;
        __m256i a0 = _mm256_setzero_si256(), a1 = a0;
        for (uint64_t j = 0; j < H; j += 64, c += 24, x += 64) {
            __m256i k = hg_codes6x32_avx2(c, end);
            __m256i m4 = _mm256_slli_epi16(k, 3), m5 = _mm256_slli_epi16(k, 2);
            __m256i kx = hg_lut64_avx2(TX, k, m4, m5), ky = hg_lut64_avx2(TY, k, m4, m5);
            /* lane 0 holds codes 0-15 (weights 0-31), lane 1 codes 16-31 (weights 32-63) */
            __m256i w0 = _mm256_unpacklo_epi8(kx, ky), w1 = _mm256_unpackhi_epi8(kx, ky);   /* weights 0-15 | 32-47, 16-31 | 48-63 */
            __m256i x0 = _mm256_loadu_si256((const __m256i *)x), x1 = _mm256_loadu_si256((const __m256i *)(x + 32));
            __m256i v0 = _mm256_permute2x128_si256(x0, x1, 0x20), v1 = _mm256_permute2x128_si256(x0, x1, 0x31);
            a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_sign_epi8(w0, w0), _mm256_sign_epi8(v0, w0)), ones));
            a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_sign_epi8(w1, w1), _mm256_sign_epi8(v1, w1)), ones));
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(a0, a1);
    }
    return total;
}
#endif

#if defined(HG_NEON)
/* NEON: table lookups with tbl (16 levels in one register; 256 points as four
 * 64-byte tables, tbl for the first and tbx for the rest). Products: with the
 * dot-product extension (ARMv8.2+, e.g. Cortex-A76 in the Raspberry Pi 5)
 * sdot adds four at a time into each int32 lane, one instruction per 16;
 * without it widening multiplies (|k q| <= 127 * 127 fits int16) and pairwise
 * adds, four instructions per 16. The lanes hold different partial sums, the
 * totals are the same integers. */
static inline int32x4_t hg_q8_mla(int32x4_t acc, int8x16_t k, int8x16_t x) {
#if defined(HG_NEON_DOTPROD)
    return vdotq_s32(acc, k, x);
#else
    acc = vpadalq_s16(acc, vmull_s8(vget_low_s8(k), vget_low_s8(x)));
    return vpadalq_s16(acc, vmull_high_s8(k, x));
#endif
}
static float hg_qdot8_p1n16_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int8x16_t T = vld1q_s8(q->grid8);
    const uint8x16_t m4 = vdupq_n_u8(15);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2;
        const int8_t *x = a->q + g * H;
        int32x4_t a0 = vdupq_n_s32(0), a1 = a0;
        for (uint64_t j = 0; j < H; j += 32, c += 16, x += 32) {
            uint8x16_t b = vld1q_u8(c);
            uint8x16x2_t idx = vzipq_u8(vandq_u8(b, m4), vshrq_n_u8(b, 4));   /* natural order */
            a0 = hg_q8_mla(a0, vqtbl1q_s8(T, idx.val[0]), vld1q_s8(x));
            a1 = hg_q8_mla(a1, vqtbl1q_s8(T, idx.val[1]), vld1q_s8(x + 16));
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)vaddvq_s32(vaddq_s32(a0, a1));
    }
    return total;
}
static float hg_qdot8_p2n256_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int8_t *tx = q->grid8x, *ty = q->grid8y;
    int8x16x4_t X[4], Y[4];
    for (int t = 0; t < 4; t++) { X[t] = vld1q_s8_x4(tx + 64 * t); Y[t] = vld1q_s8_x4(ty + 64 * t); }
    const uint8x16_t s64 = vdupq_n_u8(64);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2;
        const int8_t *x = a->q + g * H;
        int32x4_t a0 = vdupq_n_s32(0), a1 = a0;
        for (uint64_t j = 0; j < H; j += 32, c += 16, x += 32) {
            uint8x16_t i0 = vld1q_u8(c), i1 = vsubq_u8(i0, s64), i2 = vsubq_u8(i1, s64), i3 = vsubq_u8(i2, s64);
            int8x16_t kx = vqtbl4q_s8(X[0], i0), ky = vqtbl4q_s8(Y[0], i0);
            kx = vqtbx4q_s8(kx, X[1], i1); ky = vqtbx4q_s8(ky, Y[1], i1);
            kx = vqtbx4q_s8(kx, X[2], i2); ky = vqtbx4q_s8(ky, Y[2], i2);
            kx = vqtbx4q_s8(kx, X[3], i3); ky = vqtbx4q_s8(ky, Y[3], i3);
            int8x16x2_t k = vzipq_s8(kx, ky);                                  /* (x, y) pairs, natural order */
            a0 = hg_q8_mla(a0, k.val[0], vld1q_s8(x));
            a1 = hg_q8_mla(a1, k.val[1], vld1q_s8(x + 16));
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)vaddvq_s32(vaddq_s32(a0, a1));
    }
    return total;
}
#endif

/* 6-bit codes (p=2, 64 points) -> one byte each; n is a multiple of 4 */
static void hg_unpack6(const uint8_t *c, uint64_t n, uint8_t *out) {
    for (uint64_t i = 0; i < n; i += 4, c += 3) {
        uint32_t v = (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16;
        out[i] = (uint8_t)(v & 63); out[i + 1] = (uint8_t)(v >> 6 & 63);
        out[i + 2] = (uint8_t)(v >> 12 & 63); out[i + 3] = (uint8_t)(v >> 18);
    }
}

/* portable: whole code bytes, int32 sums (what -march-less builds run) */
static float hg_qdot8_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int8_t *k = q->grid8;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2;
        const int8_t *x = a->q + g * H;
        int32_t s0 = 0, s1 = 0;
        if (q->p == 1)
            for (uint64_t j = 0; j < H / 2; j++) { s0 += k[c[j] & 15] * x[2 * j]; s1 += k[c[j] >> 4] * x[2 * j + 1]; }
        else
            for (uint64_t j = 0; j < H / 2; j++) { s0 += k[2 * c[j]] * x[2 * j]; s1 += k[2 * c[j] + 1] * x[2 * j + 1]; }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)(s0 + s1);
    }
    return total;
}

/* p=4 (8-, 10- or 12-bit codes): a point's four int8 coordinates per code,
 * a block's codes unpacked at a time */
static float hg_qdot8_p4_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int per_group = q->group / 4;
    int32_t idx[1024];
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int done = 0; done < per_group; done += 1024) {
            int count = per_group - done < 1024 ? per_group - done : 1024;
            hg_unpack_codes(codes, g * (uint64_t)per_group + (uint64_t)done, count, q->bits, idx);
            const int8_t *x = a->q + g * (uint64_t)q->group + 4 * (uint64_t)done;
            for (int k = 0; k < count; k++) {
                const int8_t *pt = q->grid8 + 4 * idx[k];
                s0 += pt[0] * x[4 * k]; s1 += pt[1] * x[4 * k + 1]; s2 += pt[2] * x[4 * k + 2]; s3 += pt[3] * x[4 * k + 3];
            }
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)(s0 + s1 + s2 + s3);
    }
    return total;
}

/* p=4 on x86: a code's point is one 32-bit table load (tables of 1-16 KB
 * stay in L1), four codes (bits / 2 bytes) read as one 64-bit word, and the
 * words put into vector lanes by inserts. On Zen 5, in cache, that decodes
 * ~5.4 codes/ns, against 2.9-3.3 for vpgatherdd (bench/bench_kernels); 8 of
 * the 4096-point table's coordinates would not fit in registers. Blocks that
 * are multiples of 64 weights (32 on AVX2); natural order. */
#if defined(HG_AVX2) || defined(HG_AVX512_VNNI)
HG_INLINE __m128i hg_p4_four(const uint32_t *tab, const uint8_t *c, const uint8_t *end, const int bits) {
    uint64_t v = 0;
    if (end - c >= 8) memcpy(&v, c, 8);
    else memcpy(&v, c, (size_t)bits / 2);   /* the row's last words: never read past it */
    const uint64_t m = (1u << bits) - 1;
    return _mm_setr_epi32((int)tab[v & m], (int)tab[v >> bits & m], (int)tab[v >> 2 * bits & m], (int)tab[v >> 3 * bits & m]);
}
#endif
#if defined(HG_AVX512_VNNI)
HG_INLINE float hg_qdot8_p4_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int bits) {
    const uint32_t *tab = q->grid8uw;
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *end = codes + q->row_code_bytes;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->q + g * H;
        __m512i acc0 = _mm512_setzero_si512(), acc1 = acc0;
        for (uint64_t j = 0; j < H; j += 64, codes += 2 * bits, x += 64) {   /* 16 codes, 2 * bits bytes */
            const int step = bits / 2;
            __m512i w = _mm512_castsi128_si512(hg_p4_four(tab, codes, end, bits));
            w = _mm512_inserti32x4(w, hg_p4_four(tab, codes + step, end, bits), 1);
            w = _mm512_inserti32x4(w, hg_p4_four(tab, codes + 2 * step, end, bits), 2);
            w = _mm512_inserti32x4(w, hg_p4_four(tab, codes + 3 * step, end, bits), 3);
            if (j & 64) acc1 = hg_dpbusd(acc1, w, _mm512_loadu_si512(x));
            else acc0 = hg_dpbusd(acc0, w, _mm512_loadu_si512(x));
        }
        int32_t isum = _mm512_reduce_add_epi32(_mm512_add_epi32(acc0, acc1)) - 128 * a->qsum[g];
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)isum;
    }
    return total;
}
static float hg_qdot8_p4b8_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_vnni(q, sc, codes, a, 8);
}
/* p=4 256 points in blocks of 256k: as hg_qdot8_p2n256_avx512 with four
 * coordinates, each looked up in its own 256-byte table (two vpermi2b and a
 * blend on the code's top bit) and met with the activation's coordinate-major
 * copy (hg_act8_coords4): 64 codes, 256 weights, per step */
HG_INLINE float hg_qdot8_p4n256_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                       const __m512i T[16]) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->qp + g * H;
        __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
        for (uint64_t j = 0; j < H; j += 256, codes += 64, x += 256) {
            __m512i u = hg_load_stream512(codes);
            __mmask64 hi = _mm512_movepi8_mask(u);
            for (int d = 0; d < 4; d++)
                acc[d] = hg_dpbusd(acc[d], _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(T[4 * d], u, T[4 * d + 1]),
                                                                  _mm512_permutex2var_epi8(T[4 * d + 2], u, T[4 * d + 3])),
                                   _mm512_loadu_si512(x + 64 * d));
        }
        __m512i s = _mm512_add_epi32(_mm512_add_epi32(acc[0], acc[1]), _mm512_add_epi32(acc[2], acc[3]));
        int32_t isum = _mm512_reduce_add_epi32(s) - 128 * a->qsum[g];
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)isum;
    }
    return total;
}
static void hg_p4n256_tables(const hg_qinfo *q, __m512i T[16]) {
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < 4; k++) T[4 * d + k] = _mm512_loadu_si512(q->grid8c[d] + 64 * k);
}
static float hg_qdot8_p4n256_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    __m512i T[16];
    hg_p4n256_tables(q, T);
    return hg_qdot8_p4n256_avx512(q, sc, codes, a, T);
}
static void hg_qrows8_p4n256_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    __m512i T[16];
    hg_p4n256_tables(q, T);
    for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p4n256_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T);
}
static float hg_qdot8_p4b10_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_vnni(q, sc, codes, a, 10);
}
static float hg_qdot8_p4b12_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_vnni(q, sc, codes, a, 12);
}
#endif
#if defined(HG_AVX2)
/* signed k by signed q as in hg_qdot8_p1n16_avx2: vpmaddubsw on |k| and sign(k) * q */
HG_INLINE float hg_qdot8_p4_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int bits) {
    const uint32_t *tab = q->grid8w;
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *end = codes + q->row_code_bytes;
    const __m256i ones = _mm256_set1_epi16(1);
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->q + g * H;
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0;
        for (uint64_t j = 0; j < H; j += 32, codes += bits, x += 32) {   /* 8 codes, bits bytes */
            __m256i w = _mm256_set_m128i(hg_p4_four(tab, codes + bits / 2, end, bits), hg_p4_four(tab, codes, end, bits));
            __m256i xv = _mm256_loadu_si256((const __m256i *)x);
            __m256i p = _mm256_madd_epi16(_mm256_maddubs_epi16(_mm256_sign_epi8(w, w), _mm256_sign_epi8(xv, w)), ones);
            if (j & 32) acc1 = _mm256_add_epi32(acc1, p);
            else acc0 = _mm256_add_epi32(acc0, p);
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(acc0, acc1);
    }
    return total;
}
static float hg_qdot8_p4b8_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_avx2(q, sc, codes, a, 8);
}
static float hg_qdot8_p4b10_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_avx2(q, sc, codes, a, 10);
}
static float hg_qdot8_p4b12_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_avx2(q, sc, codes, a, 12);
}
#endif

/* p=2 64 points where no kernel reads 6-bit codes in place: the row's codes as
 * bytes, then a 256-point kernel (its tables hold the 64 points). Its own
 * function so that only these rows pay for the buffer. */
static float hg_qdot8_p2n64_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS / 2];
    hg_unpack6(codes, q->cols_pad / 2, bytes);
    return hg_qdot8_generic(q, sc, bytes, a);
}
#if defined(HG_NEON)
static float hg_qdot8_p2n64_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS / 2];
    hg_unpack6(codes, q->cols_pad / 2, bytes);
    return hg_qdot8_p2n256_neon(q, sc, bytes, a);
}
#endif

/* rows [row0, row1) one at a time through the format's one-row kernel */
static void hg_qrows8_each(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    for (int r = row0; r < row1; r++) out[r - row0] = q->k.dot8(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a);
}

/* out[r - row0] for r in row0..row1-1; every row's product is the same
 * whatever range it is computed in */
static void hg_qrows8(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    q->k.rows8(w, q, a, row0, row1, out);
}

float hg_qdot8_row(const hg_tensor *w, const hg_qinfo *q, int row, const hg_act8 *a) {
    float y;
    hg_qrows8(w, q, a, row, row + 1, &y);
    return y;
}

void hg_qmatvec8_rows(float *out, const hg_act8 *a, const hg_tensor *w, const hg_qinfo *q, int row0, int row1) {
    hg_qrows8(w, q, a, row0, row1, out + row0);
}

int hg_qmatvec8_pairs(const hg_qinfo *q) { return q->k.rows8x2 != NULL; }

void hg_qmatvec8_rows2(float *out0, const hg_tensor *w0, int row0, float *out1, const hg_tensor *w1, int row1, int n,
                       const hg_act8 *a, const hg_qinfo *q) {
    if (q->k.rows8x2) {
        q->k.rows8x2(q, w0, row0, out0, w1, row1, out1, n, a);
        return;
    }
    hg_qrows8(w0, q, a, row0, row0 + n, out0);
    hg_qrows8(w1, q, a, row1, row1 + n, out1);
}

/* ---- batched int8 products (prompt tokens) ----
 * Each row's codes are decoded once into its integer weights, which then meet
 * the activations of all B tokens. The integer sums per block are exact and
 * the float epilogue is hg_qdot8_row's (total += (scale * d) * isum in block
 * order), so every result equals hg_qdot8_row's bit for bit: a prompt gives
 * the logits that decoding it token by token gives. */

/* p=1 codes other than 4-bit and p=4 codes meet the activations in natural order (a->q) in
 * the VNNI product, the rest in the kernels' order (a->qp: per 128, the even
 * then the odd activations) */
static int hg_gemm8_natural(const hg_qinfo *q) { return (q->p == 1 && q->bits != 4) || q->p == 4; }

/* the (kx, ky) bytes of p=2 code c, as one 16-bit lane */
HG_INLINE short hg_pair16(const int8_t *g, int c) {
    int16_t v;
    memcpy(&v, g + 2 * c, 2);
    return v;
}

/* p=1 4-bit weights i.. of a row: byte j holds weight 2j in its low nibble, 2j + 1 in its high */
static void hg_row8_decode_p1n16_from(const hg_qinfo *q, const uint8_t *codes, int8_t *k, uint64_t i) {
    for (; i < q->cols_pad; i += 2) {
        k[i] = q->grid8[codes[i / 2] & 15];
        k[i + 1] = q->grid8[codes[i / 2] >> 4];
    }
}

/* p=2 codes i..i+7 (8- or 6-bit) as bytes: in place, or unpacked into c6 */
HG_INLINE const uint8_t *hg_codes8_at(const hg_qinfo *q, const uint8_t *codes, uint64_t i, uint8_t c6[8]) {
    if (q->bits == 8) return codes + i;
    hg_unpack6(codes + i / 4 * 3, 8, c6);
    return c6;
}

/* A row's int8 weights k for the prompt product (hg_kernels.decode8), natural
 * order; the VNNI decoder writes k + 128 in its product's order. Portable:
 * p=2 a (kx, ky) pair per code, p=1 4-bit both nibbles of a byte, else one
 * code at a time. */
static void hg_row8_decode_generic(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    const uint64_t n = q->cols_pad;
    const int8_t *g = q->grid8;
    if (q->p == 2 && (q->bits == 8 || q->bits == 6)) {
        uint8_t c6[8];
        uint64_t i = 0;
        for (; i + 8 <= n / 2; i += 8) {
            const uint8_t *c = hg_codes8_at(q, codes, i, c6);
            for (int j = 0; j < 8; j++) memcpy(k + 2 * (i + (uint64_t)j), g + 2 * c[j], 2);
        }
        for (; i < n / 2; i++) memcpy(k + 2 * i, g + 2 * hg_code_at(codes, i, q->bits), 2);
        return;
    }
    if (q->p == 1 && q->bits == 4) {
        hg_row8_decode_p1n16_from(q, codes, k, 0);
        return;
    }
    for (uint64_t i = 0; i < n / (uint64_t)q->p; i++) {
        int c = hg_code_at(codes, i, q->bits);
        for (int d = 0; d < q->p; d++) k[i * (uint64_t)q->p + (uint64_t)d] = g[c * q->p + d];
    }
}

/* p=4: a point's four bytes per code from a word table: k (grid8w) or, for
 * the VNNI product, k + 128 (grid8uw); natural order either way */
static void hg_row8_decode_p4_words(const hg_qinfo *q, const uint8_t *codes, int8_t *k, const uint32_t *tab) {
    const int per_row = (int)(q->cols_pad / 4);
    int32_t idx[1024];
    for (int done = 0; done < per_row; done += 1024) {
        int count = per_row - done < 1024 ? per_row - done : 1024;
        hg_unpack_codes(codes, (uint64_t)done, count, q->bits, idx);
        for (int i = 0; i < count; i++) memcpy(k + 4 * (uint64_t)(done + i), &tab[idx[i]], 4);
    }
}
static void hg_row8_decode_p4(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p4_words(q, codes, k, q->grid8w);
}
#if defined(HG_AVX512_VNNI)
static void hg_row8_decode_p4_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p4_words(q, codes, k, q->grid8uw);
}
#endif

#if defined(HG_AVX2)
/* p=2 256 and 64 points: eight (kx, ky) pairs per 16-byte store, by 16-bit
 * inserts (5.4 codes/ns on Zen 5, against 3.9 for 8-byte scalar stores and
 * 1.5 for vpgatherdd) */
static void hg_row8_decode_p2_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    const uint64_t n = q->cols_pad;
    const int8_t *g = q->grid8;
    uint8_t c6[8];
    uint64_t i = 0;
    for (; i + 8 <= n / 2; i += 8) {
        const uint8_t *c = hg_codes8_at(q, codes, i, c6);
        _mm_storeu_si128((__m128i *)(k + 2 * i),
                         _mm_setr_epi16(hg_pair16(g, c[0]), hg_pair16(g, c[1]), hg_pair16(g, c[2]), hg_pair16(g, c[3]),
                                        hg_pair16(g, c[4]), hg_pair16(g, c[5]), hg_pair16(g, c[6]), hg_pair16(g, c[7])));
    }
    for (; i < n / 2; i++) memcpy(k + 2 * i, g + 2 * hg_code_at(codes, i, q->bits), 2);
}
/* p=1 4-bit: both nibbles of 16 code bytes looked up with pshufb and interleaved */
static void hg_row8_decode_p1n16_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    const uint64_t n = q->cols_pad;
    const int8_t *g = q->grid8;
    const __m128i T = _mm_loadu_si128((const __m128i *)g), m4 = _mm_set1_epi8(15);
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m128i b = _mm_loadu_si128((const __m128i *)(codes + i / 2));
        __m128i lo = _mm_shuffle_epi8(T, _mm_and_si128(b, m4)), hi = _mm_shuffle_epi8(T, _mm_and_si128(_mm_srli_epi16(b, 4), m4));
        _mm_storeu_si128((__m128i *)(k + i), _mm_unpacklo_epi8(lo, hi));
        _mm_storeu_si128((__m128i *)(k + i + 16), _mm_unpackhi_epi8(lo, hi));
    }
    hg_row8_decode_p1n16_from(q, codes, k, i);
}
#endif

#if defined(HG_NEON)
/* p=1 4-bit: tbl on both nibbles, stored interleaved */
static void hg_row8_decode_p1n16_neon(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    const uint64_t n = q->cols_pad;
    const int8_t *g = q->grid8;
    const int8x16_t T = vld1q_s8(g);
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        uint8x16_t b = vld1q_u8(codes + i / 2);
        int8x16x2_t z = {{vqtbl1q_s8(T, vandq_u8(b, vdupq_n_u8(15))), vqtbl1q_s8(T, vshrq_n_u8(b, 4))}};
        vst2q_s8(k + i, z);
    }
    hg_row8_decode_p1n16_from(q, codes, k, i);
}
#endif

#if defined(HG_AVX512_VNNI)
/* k + 128 in the order of the activations the VNNI product reads */
static void hg_row8_decode_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    const uint64_t n = q->cols_pad;
    uint8_t *u = (uint8_t *)k;
    if (hg_packed_kind(q)) hg_row8_packed_avx512(q, codes, u);
    else if (q->p == 1) {
        const __m512i T = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)q->grid8u)), m4 = _mm512_set1_epi8(15);
        for (uint64_t i = 0; i < n && !(q->group % 128); i += 128, codes += 64) {   /* 64 code bytes: 128 weights */
            __m512i b = _mm512_loadu_si512(codes);
            _mm512_storeu_si512(u + i, _mm512_shuffle_epi8(T, _mm512_and_si512(b, m4)));
            _mm512_storeu_si512(u + i + 64, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(b, 4), m4)));
        }
        for (uint64_t i = 0; i < n && q->group % 128;) {   /* blocks such as 288: each one's last t < 128 masked */
            uint64_t t = (uint64_t)q->group - i % (uint64_t)q->group < 128 ? (uint64_t)q->group - i % (uint64_t)q->group : 128;
            __mmask64 m = t == 128 ? ~(__mmask64)0 : ((__mmask64)1 << (t / 2)) - 1;
            __m512i b = _mm512_maskz_loadu_epi8(m, codes);
            _mm512_mask_storeu_epi8(u + i, m, _mm512_shuffle_epi8(T, _mm512_and_si512(b, m4)));
            _mm512_mask_storeu_epi8(u + i + t / 2, m, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(b, 4), m4)));
            i += t;
            codes += t / 2;
        }
    } else if (q->bits == 8) {
        const uint8_t *tx = q->grid8ux, *ty = q->grid8uy;
        const __m512i X0 = _mm512_loadu_si512(tx), X1 = _mm512_loadu_si512(tx + 64), X2 = _mm512_loadu_si512(tx + 128),
                      X3 = _mm512_loadu_si512(tx + 192), Y0 = _mm512_loadu_si512(ty), Y1 = _mm512_loadu_si512(ty + 64),
                      Y2 = _mm512_loadu_si512(ty + 128), Y3 = _mm512_loadu_si512(ty + 192);
        for (uint64_t i = 0; i < n && !(q->group % 128); i += 128, codes += 64) {
            __m512i b = _mm512_loadu_si512(codes);
            __mmask64 hi = _mm512_movepi8_mask(b);
            _mm512_storeu_si512(u + i, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(X0, b, X1),
                                                              _mm512_permutex2var_epi8(X2, b, X3)));
            _mm512_storeu_si512(u + i + 64, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(Y0, b, Y1),
                                                                   _mm512_permutex2var_epi8(Y2, b, Y3)));
        }
        for (uint64_t i = 0; i < n && q->group % 128;) {
            uint64_t t = (uint64_t)q->group - i % (uint64_t)q->group < 128 ? (uint64_t)q->group - i % (uint64_t)q->group : 128;
            __mmask64 m = t == 128 ? ~(__mmask64)0 : ((__mmask64)1 << (t / 2)) - 1;
            __m512i b = _mm512_maskz_loadu_epi8(m, codes);
            __mmask64 hi = _mm512_movepi8_mask(b);
            _mm512_mask_storeu_epi8(u + i, m, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(X0, b, X1),
                                                                     _mm512_permutex2var_epi8(X2, b, X3)));
            _mm512_mask_storeu_epi8(u + i + t / 2, m, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(Y0, b, Y1),
                                                                             _mm512_permutex2var_epi8(Y2, b, Y3)));
            i += t;
            codes += t / 2;
        }
    }
}
#endif

#if defined(HG_AVX512_VNNI)
/* the four horizontal sums at once: per 128-bit lane [a, b, c, d] partial sums, then the lanes */
static inline __m128i hg_hsum4_epi32(__m512i a0, __m512i a1, __m512i a2, __m512i a3) {
    __m512i ab = _mm512_add_epi32(_mm512_unpacklo_epi32(a0, a1), _mm512_unpackhi_epi32(a0, a1));
    __m512i cd = _mm512_add_epi32(_mm512_unpacklo_epi32(a2, a3), _mm512_unpackhi_epi32(a2, a3));
    __m512i v = _mm512_add_epi32(_mm512_unpacklo_epi64(ab, cd), _mm512_unpackhi_epi64(ab, cd));
    __m256i h = _mm256_add_epi32(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_add_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

/* four rows x four tokens over one block: 8 loads per 16 vpdpbusd (sixteen
 * accumulators and the eight operands fit AVX-512's 32 registers). Through
 * hg_dpbusd_rr: with the intrinsic GCC 12 copied every accumulator around each
 * vpdpbusd and folded the activations back into memory operands (123 against
 * 240 GMAC/s in bench_kernels, p=2 4-bit, 64 tokens, Zen 5) */
HG_INLINE void hg_isum8_4x4(const int8_t *const u[4], const int8_t *const x[4], uint64_t H, __m128i s[4], const int tail) {
    __m512i acc[4][4];
    for (int i = 0; i < 4; i++)
        for (int t = 0; t < 4; t++) acc[i][t] = _mm512_setzero_si512();
    uint64_t j = 0;
    for (; tail ? j + 64 <= H : j < H; j += 64) {
        __m512i w[4], v[4];
        for (int i = 0; i < 4; i++) w[i] = _mm512_loadu_si512(u[i] + j);
        for (int t = 0; t < 4; t++) v[t] = _mm512_loadu_si512(x[t] + j);
        for (int i = 0; i < 4; i++)
            for (int t = 0; t < 4; t++) acc[i][t] = hg_dpbusd_rr(acc[i][t], w[i], v[t]);
    }
    if (tail && j < H) {              /* the last 32 of a block such as 288: masked loads, zeros add nothing */
        const __mmask64 m = ((__mmask64)1 << (H - j)) - 1;
        __m512i w[4], v[4];
        for (int i = 0; i < 4; i++) w[i] = _mm512_maskz_loadu_epi8(m, u[i] + j);
        for (int t = 0; t < 4; t++) v[t] = _mm512_maskz_loadu_epi8(m, x[t] + j);
        for (int i = 0; i < 4; i++)
            for (int t = 0; t < 4; t++) acc[i][t] = hg_dpbusd_rr(acc[i][t], w[i], v[t]);
    }
    for (int i = 0; i < 4; i++) s[i] = hg_hsum4_epi32(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
}

/* hg_qmatmul8_rows on VNNI: rows in fours, tokens in fours, the float epilogue
 * on four tokens at once (the same operations per lane as the scalar one).
 * 0: too many blocks x token groups for the stack tables (the caller loops instead) */
#define HG_GEMM8_TAB 1024
static int hg_qmatmul8_vnni(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q,
                            int row0, int row1, int8_t *buf) {
    const uint64_t H = (uint64_t)q->group, G = q->groups;
    const int ntg = (B + 3) / 4, nat = hg_gemm8_natural(q);
    if (G * (uint64_t)ntg > HG_GEMM8_TAB) return 0;
    __m128 dd[HG_GEMM8_TAB];          /* [token group][block]: the 4 tokens' d (a short last group repeats its last) */
    __m128i qq[HG_GEMM8_TAB];         /* 128 * sum q, likewise */
    for (int tg = 0; tg < ntg; tg++)
        for (uint64_t g = 0; g < G; g++) {
            const hg_act8 *t[4];
            for (int k = 0; k < 4; k++) t[k] = &a[4 * tg + k < B ? 4 * tg + k : B - 1];
            dd[(uint64_t)tg * G + g] = _mm_setr_ps(t[0]->d[g], t[1]->d[g], t[2]->d[g], t[3]->d[g]);
            qq[(uint64_t)tg * G + g] = _mm_setr_epi32(128 * t[0]->qsum[g], 128 * t[1]->qsum[g], 128 * t[2]->qsum[g],
                                                      128 * t[3]->qsum[g]);
        }
    for (int r = row0; r < row1; r += 4) {
        const int nr = row1 - r < 4 ? row1 - r : 4;   /* a short last quad repeats its last row */
        if (r + 4 < row1) {           /* the next quad's codes, while this one meets the tokens */
            const char *next = (const char *)hg_qcodes(w, q, r + 4);
            const int nn = row1 - r - 4 < 4 ? row1 - r - 4 : 4;
            for (uint64_t o = 0; o < (uint64_t)nn * q->row_code_bytes; o += 64) __builtin_prefetch(next + o);
        }
        const int8_t *u[4];
        const uint16_t *sc[4];
        for (int i = 0; i < 4; i++) {
            int8_t *ui = buf + (uint64_t)i * q->cols_pad;
            if (i < nr) q->k.decode8(q, hg_qcodes(w, q, r + i), ui);
            u[i] = i < nr ? ui : u[nr - 1];
            sc[i] = hg_qscales(w, q, r + (i < nr ? i : nr - 1));
        }
        for (int tg = 0; tg < ntg; tg++) {
            const int8_t *x[4];
            for (int k = 0; k < 4; k++) {
                const hg_act8 *t = &a[4 * tg + k < B ? 4 * tg + k : B - 1];
                x[k] = nat ? t->q : t->qp;
            }
            __m128 tot[4] = {_mm_setzero_ps(), _mm_setzero_ps(), _mm_setzero_ps(), _mm_setzero_ps()};
            for (uint64_t g = 0; g < G; g++) {
                const int8_t *xg[4] = {x[0] + g * H, x[1] + g * H, x[2] + g * H, x[3] + g * H};
                const int8_t *ug[4] = {u[0] + g * H, u[1] + g * H, u[2] + g * H, u[3] + g * H};
                __m128i sums[4];
                if (H % 64) hg_isum8_4x4(ug, xg, H, sums, 1);
                else hg_isum8_4x4(ug, xg, H, sums, 0);
                __m128 d = dd[(uint64_t)tg * G + g];
                __m128i qs = qq[(uint64_t)tg * G + g];
                for (int i = 0; i < 4; i++)
                    tot[i] = _mm_add_ps(tot[i], _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_f16_to_f32(sc[i][g])), d),
                                                           _mm_cvtepi32_ps(_mm_sub_epi32(sums[i], qs))));
            }
            for (int i = 0; i < nr; i++) {
                float v[4];
                _mm_storeu_ps(v, tot[i]);
                for (int k = 0; k < 4 && 4 * tg + k < B; k++) out[(size_t)(4 * tg + k) * ostride + (size_t)(r + i)] = v[k];
            }
        }
    }
    return 1;
}
#endif

#if defined(HG_AVX2)
/* [sum a0, sum a1, sum a2, sum a3] */
static inline __m128i hg_hsum4_epi32_avx2(__m256i a0, __m256i a1, __m256i a2, __m256i a3) {
    __m256i v = _mm256_hadd_epi32(_mm256_hadd_epi32(a0, a1), _mm256_hadd_epi32(a2, a3));
    return _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

/* two rows (k in natural order) x four tokens over one block of H (a multiple
 * of 32): |k| against sign(k) * x with vpmaddubsw, as hg_qdot8_p1n16_avx2 */
HG_INLINE void hg_isum8_2x4_avx2(const int8_t *k0, const int8_t *k1, const int8_t *const x[4], uint64_t H, __m128i *s0,
                                  __m128i *s1) {
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i a[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
    __m256i b[4] = {a[0], a[0], a[0], a[0]};
    for (uint64_t j = 0; j < H; j += 32) {
        __m256i w0 = _mm256_loadu_si256((const __m256i *)(k0 + j)), w1 = _mm256_loadu_si256((const __m256i *)(k1 + j));
        __m256i m0 = _mm256_sign_epi8(w0, w0), m1 = _mm256_sign_epi8(w1, w1);
        for (int t = 0; t < 4; t++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(x[t] + j));
            a[t] = _mm256_add_epi32(a[t], _mm256_madd_epi16(_mm256_maddubs_epi16(m0, _mm256_sign_epi8(v, w0)), ones));
            b[t] = _mm256_add_epi32(b[t], _mm256_madd_epi16(_mm256_maddubs_epi16(m1, _mm256_sign_epi8(v, w1)), ones));
        }
    }
    *s0 = hg_hsum4_epi32_avx2(a[0], a[1], a[2], a[3]);
    *s1 = hg_hsum4_epi32_avx2(b[0], b[1], b[2], b[3]);
}

/* hg_qmatmul8_rows on AVX2 for blocks that are a multiple of 32: rows in
 * pairs, tokens in fours, the float epilogue on four tokens at once (per lane
 * the scalar one's operations) */
static int hg_qmatmul8_avx2(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q,
                            int row0, int row1, int8_t *buf) {
    const uint64_t H = (uint64_t)q->group, G = q->groups;
    int8_t *k0 = buf, *k1 = buf + q->cols_pad;
    for (int r = row0; r < row1; r += 2) {
        const int two = r + 1 < row1;
#if defined(__GNUC__)
        if (r + 2 < row1) {           /* the next pair's codes, while this pair meets the tokens */
            const char *next = (const char *)hg_qcodes(w, q, r + 2);
            for (uint64_t o = 0; o < (two + 1) * q->row_code_bytes; o += 64) __builtin_prefetch(next + o);
        }
#endif
        q->k.decode8(q, hg_qcodes(w, q, r), k0);
        if (two) q->k.decode8(q, hg_qcodes(w, q, r + 1), k1);
        const uint16_t *sc0 = hg_qscales(w, q, r), *sc1 = hg_qscales(w, q, two ? r + 1 : r);
        for (int b0 = 0; b0 < B; b0 += 4) {
            const hg_act8 *t[4];
            for (int i = 0; i < 4; i++) t[i] = &a[b0 + i < B ? b0 + i : B - 1];   /* a short last group repeats its last */
            __m128 f0 = _mm_setzero_ps(), f1 = f0;
            for (uint64_t g = 0; g < G; g++) {
                const int8_t *xg[4] = {t[0]->q + g * H, t[1]->q + g * H, t[2]->q + g * H, t[3]->q + g * H};
                __m128i s0, s1;
                hg_isum8_2x4_avx2(k0 + g * H, (two ? k1 : k0) + g * H, xg, H, &s0, &s1);
                __m128 d = _mm_setr_ps(t[0]->d[g], t[1]->d[g], t[2]->d[g], t[3]->d[g]);
                f0 = _mm_add_ps(f0, _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_f16_to_f32(sc0[g])), d), _mm_cvtepi32_ps(s0)));
                f1 = _mm_add_ps(f1, _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_f16_to_f32(sc1[g])), d), _mm_cvtepi32_ps(s1)));
            }
            float v0[4], v1[4];
            _mm_storeu_ps(v0, f0);
            _mm_storeu_ps(v1, f1);
            for (int i = 0; i < 4 && b0 + i < B; i++) {
                out[(size_t)(b0 + i) * ostride + (size_t)r] = v0[i];
                if (two) out[(size_t)(b0 + i) * ostride + (size_t)r + 1] = v1[i];
            }
        }
    }
    return 1;
}
#endif

/* sums[t] = sum_i k_i x_t[i] over one block of H values, for 4 token activations
 * x[0..3] (the row's k as hg_kernels.decode8 left them; VNNI: sum of (k + 128) x, the
 * caller subtracts 128 * sum x) */
static void hg_isum8_4(const int8_t *k, const int8_t *const x[4], uint64_t H, int vnni, int32_t sums[4]) {
#if defined(HG_AVX512_VNNI)
    if (vnni) {
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
        uint64_t j = 0;
        for (; j + 64 <= H; j += 64) {
            __m512i w = _mm512_loadu_si512(k + j);
            a0 = _mm512_dpbusd_epi32(a0, w, _mm512_loadu_si512(x[0] + j));
            a1 = _mm512_dpbusd_epi32(a1, w, _mm512_loadu_si512(x[1] + j));
            a2 = _mm512_dpbusd_epi32(a2, w, _mm512_loadu_si512(x[2] + j));
            a3 = _mm512_dpbusd_epi32(a3, w, _mm512_loadu_si512(x[3] + j));
        }
        if (j < H) {
            const __mmask64 m = ((__mmask64)1 << (H - j)) - 1;
            __m512i w = _mm512_maskz_loadu_epi8(m, k + j);
            a0 = _mm512_dpbusd_epi32(a0, w, _mm512_maskz_loadu_epi8(m, x[0] + j));
            a1 = _mm512_dpbusd_epi32(a1, w, _mm512_maskz_loadu_epi8(m, x[1] + j));
            a2 = _mm512_dpbusd_epi32(a2, w, _mm512_maskz_loadu_epi8(m, x[2] + j));
            a3 = _mm512_dpbusd_epi32(a3, w, _mm512_maskz_loadu_epi8(m, x[3] + j));
        }
        _mm_storeu_si128((__m128i *)sums, hg_hsum4_epi32(a0, a1, a2, a3));
        return;
    }
#else
    (void)vnni;
#endif
#if defined(HG_AVX2)
    if (!(H % 32)) {
        const __m256i ones = _mm256_set1_epi16(1);
        __m256i acc[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
        for (uint64_t j = 0; j < H; j += 32) {
            __m256i w = _mm256_loadu_si256((const __m256i *)(k + j)), aw = _mm256_sign_epi8(w, w);
            for (int t = 0; t < 4; t++) {
                __m256i p = _mm256_maddubs_epi16(aw, _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)(x[t] + j)), w));
                acc[t] = _mm256_add_epi32(acc[t], _mm256_madd_epi16(p, ones));
            }
        }
        for (int t = 0; t < 4; t++) {
            __m128i s = _mm_add_epi32(_mm256_castsi256_si128(acc[t]), _mm256_extracti128_si256(acc[t], 1));
            s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
            s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
            sums[t] = _mm_cvtsi128_si32(s);
        }
        return;
    }
#elif defined(HG_NEON)
    if (!(H % 16)) {
        int32x4_t acc[4] = {vdupq_n_s32(0), vdupq_n_s32(0), vdupq_n_s32(0), vdupq_n_s32(0)};
        for (uint64_t j = 0; j < H; j += 16) {
            int8x16_t w = vld1q_s8(k + j);
            for (int t = 0; t < 4; t++) acc[t] = hg_q8_mla(acc[t], w, vld1q_s8(x[t] + j));
        }
        for (int t = 0; t < 4; t++) sums[t] = vaddvq_s32(acc[t]);
        return;
    }
#endif
    for (int t = 0; t < 4; t++) {
        int32_t s0 = 0;
        for (uint64_t j = 0; j < H; j++) s0 += (int32_t)k[j] * (int32_t)x[t][j];
        sums[t] = s0;
    }
}

void hg_qmatmul8_rows(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q, int row0,
                      int row1, int8_t *buf) {
    const uint64_t H = (uint64_t)q->group;
    const int vnni = q->k.gemm8_vnni;
    if (q->k.gemm8 && q->k.gemm8(out, ostride, a, B, w, q, row0, row1, buf)) return;
    for (int r = row0; r < row1; r++) {   /* the portable product: one row at a time, tokens in fours */
        const uint16_t *sc = hg_qscales(w, q, r);
#if defined(__GNUC__)
        /* the next row's codes, while this one meets the tokens: decoding waited on DRAM for
         * a quarter of its time (the products of 32 tokens hide the stream if it starts early) */
        if (r + 1 < row1) {
            const char *next = (const char *)hg_qcodes(w, q, r + 1);
            for (uint64_t o = 0; o < q->row_code_bytes; o += 64) __builtin_prefetch(next + o);
        }
#endif
        q->k.decode8(q, hg_qcodes(w, q, r), buf);
        for (int b0 = 0; b0 < B; b0 += 4) {
            int nb = B - b0 < 4 ? B - b0 : 4;
            const hg_act8 *at[4];
            const int8_t *x[4];
            for (int t = 0; t < 4; t++) {
                at[t] = &a[b0 + (t < nb ? t : nb - 1)];   /* a short last group repeats its last token */
                x[t] = vnni && !hg_gemm8_natural(q) ? at[t]->qp : at[t]->q;
            }
            float total[4] = {0, 0, 0, 0};
            for (uint64_t g = 0; g < q->groups; g++) {
                const int8_t *xg[4] = {x[0] + g * H, x[1] + g * H, x[2] + g * H, x[3] + g * H};
                int32_t isum[4];
                hg_isum8_4(buf + g * H, xg, H, vnni, isum);
                float s = hg_f16_to_f32(sc[g]);
                for (int t = 0; t < 4; t++)
                    total[t] += (s * at[t]->d[g]) * (float)(isum[t] - (vnni ? 128 * at[t]->qsum[g] : 0));
            }
            for (int t = 0; t < nb; t++) out[(size_t)(b0 + t) * ostride + (size_t)r] = total[t];
        }
    }
}

/* ---- kernel selection ----
 * hg_qinfo_get fills q->k once per tensor format: hg_kernels_generic puts in
 * the portable kernels, then this build's selectors (AVX2; AVX-512; its VNNI
 * part; NEON) replace the entries they have a faster kernel for, each filling
 * only what it implements. The int8 path is used for a format (q->act8) where
 * some selector gave it a row kernel. What each ISA has, "-" where the
 * previous row's kernel stays:
 *
 *                 float dot, dequant           int8 one row / row range      two streams   prompt (decode8, gemm8)
 *   portable      every format                 p1 4-bit, p2 3/4-bit          -             every int8 format
 *   AVX2          p1 2/3/4-bit, p2 2-bit:      p1 4-bit, p2 3/4-bit          -             decode8 p1 4-bit, p2 3/4-bit;
 *                 pshufb tables; the rest      (blocks of 32)                              gemm8 in blocks of 32
 *                 up to 8-bit codes: gathers
 *                 (blocks of 16 codes; only
 *                 where AVX-512 is not built)
 *   AVX-512       p1 2-8-bit, p2 2/3/4-bit     -                             -             -
 *                 (blocks of 16 codes)
 *   AVX-512 VNNI  -                            row ranges: p1 2/3/4/5-bit,   the same      the same formats (k + 128)
 *                                              p2 2/3/4-bit (p1 4-bit, p2
 *                                              4-bit in blocks of 32; the
 *                                              rest in blocks of 64 codes)
 *   NEON          - (portable)                 p1 4-bit, p2 3/4-bit          -             decode8 p1 4-bit
 *                                              (blocks of 32; sdot with
 *                                              HG_NEON_DOTPROD)
 */

/* the float kernels as table entries: name_dot and name_deq, from one kernel
 * call that takes (xr, out) with one of them NULL */
#define HG_DOT_DEQ(name, call)                                                                                  \
    static float name##_dot(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr) {     \
        float *out = NULL;                                                                                      \
        return call;                                                                                            \
    }                                                                                                           \
    static void name##_deq(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, float *out) {           \
        const float *xr = NULL;                                                                                 \
        (void)(call);                                                                                           \
    }

static void hg_kernels_generic(hg_qinfo *q) {
    q->k.dot = hg_qdot_scalar;
    q->k.dequant = hg_qdequant_scalar;
    if (!q->grid8) return;
    q->k.dot8 = hg_qdot8_codes_ref;
    q->k.decode8 = hg_row8_decode_generic;
    if ((q->p == 1 && q->n == 16) || (q->p == 2 && q->n == 256)) q->k.dot8 = hg_qdot8_generic;
    else if (q->p == 2 && q->n == 64) q->k.dot8 = hg_qdot8_p2n64_generic;
    else if (q->p == 4) q->k.dot8 = hg_qdot8_p4_generic, q->k.decode8 = hg_row8_decode_p4;
    else return;
    q->k.rows8 = hg_qrows8_each;
}

#if defined(HG_AVX2)
#if !defined(HG_AVX512)
HG_DOT_DEQ(hg_k_p1b2_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 2))
HG_DOT_DEQ(hg_k_p1b3_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 3))
HG_DOT_DEQ(hg_k_p1b4_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 4))
HG_DOT_DEQ(hg_k_p2b4_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 2, 4))
HG_DOT_DEQ(hg_k_gather_avx2, hg_qrow_gather_avx2(q, sc, codes, xr, out))
#endif
static void hg_kernels_avx2(hg_qinfo *q) {
#if !defined(HG_AVX512)   /* AVX-512 builds keep their own float kernels, or the portable ones */
    if (!((q->group / q->p) % 16) && q->bits <= 8 && q->p <= 2) {
        if (q->p == 1 && q->bits <= 4 && q->bits >= 2) {
            q->k.dot = q->bits == 2 ? hg_k_p1b2_avx2_dot : q->bits == 3 ? hg_k_p1b3_avx2_dot : hg_k_p1b4_avx2_dot;
            q->k.dequant = q->bits == 2 ? hg_k_p1b2_avx2_deq : q->bits == 3 ? hg_k_p1b3_avx2_deq : hg_k_p1b4_avx2_deq;
        } else if (q->p == 2 && q->bits == 4) {
            q->k.dot = hg_k_p2b4_avx2_dot;
            q->k.dequant = hg_k_p2b4_avx2_deq;
        } else {
            q->k.dot = hg_k_gather_avx2_dot;
            q->k.dequant = hg_k_gather_avx2_deq;
        }
    }
#endif
    if (q->p == 4 && q->k.rows8 && !(q->group % 32)) {
        q->k.dot8 = q->bits == 8 ? hg_qdot8_p4b8_avx2 : q->bits == 10 ? hg_qdot8_p4b10_avx2 : hg_qdot8_p4b12_avx2;
        q->k.gemm8 = hg_qmatmul8_avx2;
        return;
    }
    if (!q->k.rows8 || q->p > 2) return;
    if (q->p == 2) q->k.decode8 = hg_row8_decode_p2_avx2;
    else q->k.decode8 = hg_row8_decode_p1n16_avx2;
    if (q->group % 32) return;
    q->k.dot8 = q->p == 1 ? hg_qdot8_p1n16_avx2 : q->n == 256 ? hg_qdot8_p2n256_avx2 : hg_qdot8_p2n64_avx2;
    q->k.gemm8 = hg_qmatmul8_avx2;
}
#endif

#if defined(HG_AVX512)
HG_DOT_DEQ(hg_k_p1b2_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 2))
HG_DOT_DEQ(hg_k_p1b3_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 3))
HG_DOT_DEQ(hg_k_p1b4_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 4))
HG_DOT_DEQ(hg_k_p1b5_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 5))
HG_DOT_DEQ(hg_k_p1b6_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 6))
HG_DOT_DEQ(hg_k_p1gather_avx512, hg_qrow_p1gather_avx512(q, sc, codes, xr, out))
HG_DOT_DEQ(hg_k_p2b4_avx512, hg_qrow_p2lut_avx512(q, sc, codes, xr, out, 4))
HG_DOT_DEQ(hg_k_p2b6_avx512, hg_qrow_p2lut_avx512(q, sc, codes, xr, out, 6))
HG_DOT_DEQ(hg_k_p2b8_avx512, hg_qrow_p2n256_avx512(q, sc, codes, xr, out))
static void hg_kernels_avx512(hg_qinfo *q) {
    if ((q->group / q->p) % 16) return;
    float (*dot)(const hg_qinfo *, const uint16_t *, const uint8_t *, const float *) = NULL;
    void (*deq)(const hg_qinfo *, const uint16_t *, const uint8_t *, float *) = NULL;
#define HG_PICK(name) (dot = name##_dot, deq = name##_deq)
    if (q->p == 1) {
        switch (q->bits) {
        case 2: HG_PICK(hg_k_p1b2_avx512); break;
        case 3: HG_PICK(hg_k_p1b3_avx512); break;
        case 4: HG_PICK(hg_k_p1b4_avx512); break;
        case 5: HG_PICK(hg_k_p1b5_avx512); break;
        case 6: HG_PICK(hg_k_p1b6_avx512); break;
        case 7: case 8: HG_PICK(hg_k_p1gather_avx512); break;
        }
    } else if (q->p == 2) {
        switch (q->bits) {
        case 4: HG_PICK(hg_k_p2b4_avx512); break;
        case 6: HG_PICK(hg_k_p2b6_avx512); break;
        case 8: HG_PICK(hg_k_p2b8_avx512); break;
        }
    }
#undef HG_PICK
    if (dot) {
        q->k.dot = dot;
        q->k.dequant = deq;
    }
}
#endif

#if defined(HG_AVX512_VNNI)
static void hg_kernels_avx512_vnni(hg_qinfo *q) {
    if (!q->grid8) return;
    if (q->p == 4 && !(q->group % 64)) {
        q->k.dot8 = q->bits == 8 ? hg_qdot8_p4b8_vnni : q->bits == 10 ? hg_qdot8_p4b10_vnni : hg_qdot8_p4b12_vnni;
        q->k.rows8 = hg_qrows8_each;
        if (q->bits == 8 && !(q->group % 256)) q->k.dot8 = hg_qdot8_p4n256_vnni, q->k.rows8 = hg_qrows8_p4n256_avx512;
        q->k.decode8 = hg_row8_decode_p4_vnni;
        q->k.gemm8 = hg_qmatmul8_vnni;
        q->k.gemm8_vnni = 1;
        return;
    }
    const int p1n16 = q->p == 1 && q->n == 16 && !(q->group % 32), p2n256 = q->p == 2 && q->n == 256 && !(q->group % 32);
    if (!hg_packed_kind(q) && !p1n16 && !p2n256) return;
    q->k.rows8 = hg_packed_kind(q) ? hg_qrows8_packed_avx512 : p1n16 ? hg_qrows8_p1n16_avx512 : hg_qrows8_p2n256_avx512;
    q->k.rows8x2 = hg_packed_kind(q) ? hg_qrows8x2_packed_avx512 : p1n16 ? hg_qrows8x2_p1n16_avx512 : hg_qrows8x2_p2n256_avx512;
    q->k.decode8 = hg_row8_decode_vnni;
    q->k.gemm8 = hg_qmatmul8_vnni;
    q->k.gemm8_vnni = 1;
}
#endif

#if defined(HG_NEON)
static void hg_kernels_neon(hg_qinfo *q) {
    if (!q->k.rows8 || q->p > 2) return;
    if (q->p == 1) q->k.decode8 = hg_row8_decode_p1n16_neon;
    if (q->group % 32) return;
    q->k.dot8 = q->p == 1 ? hg_qdot8_p1n16_neon : q->n == 256 ? hg_qdot8_p2n256_neon : hg_qdot8_p2n64_neon;
}
#endif

static void hg_kernels_select(hg_qinfo *q) {
    memset(&q->k, 0, sizeof q->k);
    hg_kernels_generic(q);
#if defined(HG_AVX2)
    hg_kernels_avx2(q);
#endif
#if defined(HG_AVX512)
    hg_kernels_avx512(q);
#endif
#if defined(HG_AVX512_VNNI)
    hg_kernels_avx512_vnni(q);
#endif
#if defined(HG_NEON)
    hg_kernels_neon(q);
#endif
    /* off the AVX-512 path 6-bit codes are unpacked a row at a time into a stack buffer */
    if (q->n == 64 && q->p == 2 && q->cols_pad > HG_N64_MAX_COLS) q->k.rows8 = NULL, q->k.rows8x2 = NULL;
    q->act8 = q->k.rows8 != NULL;
}

/* nearest codebook point. p=1: binary search over the sorted levels. p=2:
 * a bucket grid over [-R, R]^2 whose cells list only the points that can be
 * nearest to somewhere in the cell (exact: a point is dropped only when its
 * closest approach to the cell is farther than another point's farthest). */
#define HG_CELLS 48
/* p=4: a k-d tree over the points (median splits on the widest coordinate,
 * leaves of at most 8); a search visits the nearer side first and the other
 * only when the splitting plane is no farther than the best point so far */
typedef struct { int lo, hi, dim, left, right; float split; } hg_kdnode;
typedef struct {
    const float *pts; int n; float R; int *start, *list;   /* p=2 buckets */
    hg_kdnode *nodes; int *perm;                            /* p=4 k-d tree */
} hg_buckets;
static hg_buckets hg_bucket_cache[8];
static int hg_bucket_count;
#ifndef HG_NO_THREADS
static pthread_mutex_t hg_bucket_mu = PTHREAD_MUTEX_INITIALIZER;
#endif

static const float *hg_kd_pts;   /* the sort's keys (built under hg_bucket_mu) */
static int hg_kd_dim;
static int hg_kd_cmp(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    float u = hg_kd_pts[4 * i + hg_kd_dim], v = hg_kd_pts[4 * j + hg_kd_dim];
    return u < v ? -1 : u > v ? 1 : i - j;
}
static int hg_kd_build(hg_buckets *b, int lo, int hi, int *count) {
    int id = (*count)++;
    hg_kdnode *nd = &b->nodes[id];
    nd->lo = lo, nd->hi = hi, nd->left = nd->right = -1, nd->dim = 0, nd->split = 0;
    if (hi - lo <= 8) return id;
    float widest = -1;
    for (int d = 0; d < 4; d++) {
        float mn = INFINITY, mx = -INFINITY;
        for (int k = lo; k < hi; k++) mn = fminf(mn, b->pts[4 * b->perm[k] + d]), mx = fmaxf(mx, b->pts[4 * b->perm[k] + d]);
        if (mx - mn > widest) widest = mx - mn, nd->dim = d;
    }
    hg_kd_pts = b->pts;
    hg_kd_dim = nd->dim;
    qsort(b->perm + lo, (size_t)(hi - lo), sizeof(int), hg_kd_cmp);
    int mid = (lo + hi) / 2;
    nd->split = b->pts[4 * b->perm[mid] + nd->dim];   /* left: coordinate <= split, right: >= split */
    int l = hg_kd_build(b, lo, mid, count), r = hg_kd_build(b, mid, hi, count);
    b->nodes[id].left = l, b->nodes[id].right = r;
    return id;
}

static const hg_buckets *hg_get_buckets(const float *pts, int n, int p) {
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_bucket_mu);
#endif
    hg_buckets *b = NULL;
    for (int i = 0; i < hg_bucket_count; i++)
        if (hg_bucket_cache[i].pts == pts) b = &hg_bucket_cache[i];
    if (!b && hg_bucket_count < 8 && p == 4) {
        b = &hg_bucket_cache[hg_bucket_count];
        b->pts = pts;
        b->n = n;
        b->perm = (int *)malloc((size_t)n * sizeof(int));
        b->nodes = (hg_kdnode *)malloc((size_t)(2 * n / 4 + 16) * sizeof(hg_kdnode));   /* leaves hold >= 4 */
        if (!b->perm || !b->nodes) {
            free(b->perm), free(b->nodes), b = NULL;
        } else {
            for (int i = 0; i < n; i++) b->perm[i] = i;
            int count = 0;
            hg_kd_build(b, 0, n, &count);
            hg_bucket_count++;
        }
    }
    if (!b && hg_bucket_count < 8 && p == 2) {
        b = &hg_bucket_cache[hg_bucket_count];
        float R = 0;
        for (int i = 0; i < 2 * n; i++) R = fmaxf(R, fabsf(pts[i]));
        b->R = R;
        b->start = (int *)calloc(HG_CELLS * HG_CELLS + 1, sizeof(int));
        int *tmp = (int *)malloc((size_t)HG_CELLS * HG_CELLS * (size_t)n * sizeof(int));
        int total = 0;
        float cell = 2 * R / HG_CELLS;
        for (int cy = 0; cy < HG_CELLS; cy++)
            for (int cx = 0; cx < HG_CELLS; cx++) {
                float x0 = -R + cx * cell, x1 = x0 + cell, y0 = -R + cy * cell, y1 = y0 + cell, best_far = INFINITY;
                for (int i = 0; i < n; i++) {
                    float fx = fmaxf(fabsf(pts[2 * i] - x0), fabsf(pts[2 * i] - x1));
                    float fy = fmaxf(fabsf(pts[2 * i + 1] - y0), fabsf(pts[2 * i + 1] - y1));
                    best_far = fminf(best_far, fx * fx + fy * fy);
                }
                b->start[cy * HG_CELLS + cx] = total;
                for (int i = 0; i < n; i++) {
                    float px = pts[2 * i], py = pts[2 * i + 1];
                    float dx = px < x0 ? x0 - px : px > x1 ? px - x1 : 0, dy = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;
                    if (dx * dx + dy * dy <= best_far * 1.0001f + 1e-12f) tmp[total++] = i;
                }
            }
        b->start[HG_CELLS * HG_CELLS] = total;
        b->list = (int *)malloc((size_t)total * sizeof(int));
        memcpy(b->list, tmp, (size_t)total * sizeof(int));
        free(tmp);
        b->pts = pts;
        b->n = n;
        hg_bucket_count++;
    }
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_bucket_mu);
#endif
    return b;
}

static int hg_nearest2(const hg_buckets *b, const float *pts, int n, float x, float y) {
    int best = 0;
    float bd = INFINITY;
    if (b && fabsf(x) < b->R && fabsf(y) < b->R) {
        int cx = (int)((x + b->R) / (2 * b->R) * HG_CELLS), cy = (int)((y + b->R) / (2 * b->R) * HG_CELLS);
        if (cx >= HG_CELLS) cx = HG_CELLS - 1;
        if (cy >= HG_CELLS) cy = HG_CELLS - 1;
        for (int k = b->start[cy * HG_CELLS + cx]; k < b->start[cy * HG_CELLS + cx + 1]; k++) {
            int i = b->list[k];
            float dx = pts[2 * i] - x, dy = pts[2 * i + 1] - y, d = dx * dx + dy * dy;
            if (d < bd || (d == bd && i < best)) { bd = d; best = i; }
        }
        return best;
    }
    for (int i = 0; i < n; i++) {     /* outside the bucket grid: full scan */
        float dx = pts[2 * i] - x, dy = pts[2 * i + 1] - y, d = dx * dx + dy * dy;
        if (d < bd) { bd = d; best = i; }
    }
    return best;
}

static void hg_kd_search(const hg_buckets *b, int node, const float x[4], float *bd, int *best) {
    const hg_kdnode *nd = &b->nodes[node];
    if (nd->left < 0) {
        for (int k = nd->lo; k < nd->hi; k++) {
            int i = b->perm[k];
            const float *g = b->pts + 4 * i;
            float d0 = g[0] - x[0], d1 = g[1] - x[1], d2 = g[2] - x[2], d3 = g[3] - x[3];
            float d = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
            if (d < *bd || (d == *bd && i < *best)) *bd = d, *best = i;
        }
        return;
    }
    float diff = x[nd->dim] - nd->split;
    hg_kd_search(b, diff < 0 ? nd->left : nd->right, x, bd, best);
    if (diff * diff <= *bd) hg_kd_search(b, diff < 0 ? nd->right : nd->left, x, bd, best);
}

/* p=4: exact (ties to the lowest code, as a full scan in code order) */
static int hg_nearest4(const hg_buckets *b, const float *pts, int n, const float v[4]) {
    int best = 0;
    float bd = INFINITY;
    if (b) {
        hg_kd_search(b, 0, v, &bd, &best);
        return best;
    }
    for (int i = 0; i < n; i++) {   /* no tree (out of memory): full scan */
        const float *g = pts + 4 * i;
        float d0 = g[0] - v[0], d1 = g[1] - v[1], d2 = g[2] - v[2], d3 = g[3] - v[3];
        float d = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
        if (d < bd) bd = d, best = i;
    }
    return best;
}

static int hg_nearest1(const float *levels, int n, float v) {   /* levels ascending */
    int lo = 0, hi = n - 1;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (levels[mid] <= v) lo = mid; else hi = mid;
    }
    return v - levels[lo] <= levels[hi] - v ? lo : hi;
}

/* the nearest grid point (code) to x[0..p) */
static inline int hg_nearest(const hg_qinfo *q, const hg_buckets *b, const float *x, float inv) {
    if (q->p == 4) {
        const float v[4] = {x[0] * inv, x[1] * inv, x[2] * inv, x[3] * inv};
        return hg_nearest4(b, q->codebook, q->n, v);
    }
    return q->p == 1 ? hg_nearest1(q->codebook, q->n, x[0] * inv) : hg_nearest2(b, q->codebook, q->n, x[0] * inv, x[1] * inv);
}

/* one HIGGS block rounded at scale s (grid units): *xg = <x, g>, *gg = <g, g> */
static void hg_round_stats(const hg_qinfo *q, const hg_buckets *b, const float *x, float s, double *xg, double *gg) {
    float inv = s > 0 ? 1.0f / s : 0.0f;
    double a = 0, c = 0;
    for (int i = 0; i < q->group; i += q->p) {
        const float *pt = q->codebook + (size_t)hg_nearest(q, b, x + i, inv) * (size_t)q->p;
        for (int d = 0; d < q->p; d++) { a += (double)x[i + d] * pt[d]; c += (double)pt[d] * pt[d]; }
    }
    *xg = a;
    *gg = c;
}

/* the scale of a rotated HIGGS block x (its RMS is rms) before fp16 rounding */
static float hg_block_scale(const hg_qinfo *q, const hg_buckets *b, const float *x, float rms) {
    if (q->scales != HG_SCALES_LSQ && q->scales != HG_SCALES_LSQ_UNBIASED) return rms;
    float s = rms;
    for (int it = 0; it < 8 && s > 0; it++) {   /* each round lowers the block's error; 2-4 rounds settle */
        double xg, gg;
        hg_round_stats(q, b, x, s, &xg, &gg);
        if (!(gg > 0) || !(xg > 0)) break;
        float next = (float)(xg / gg);
        if (fabsf(next - s) <= 1e-6f * s) { s = next; break; }
        s = next;
    }
    return s;
}

double hg_quantize_row(const hg_qinfo *q, const float *w, uint16_t *scales, uint8_t *codes, float *v) {
    const hg_buckets *b = q->p >= 2 ? hg_get_buckets(q->codebook, q->n, q->p) : NULL;
    memset(codes, 0, q->row_code_bytes);
    memcpy(v, w, q->cols * sizeof(float));
    memset(v + q->cols, 0, (q->cols_pad - q->cols) * sizeof(float));
    if (q->sign_seed) hg_apply_signs(v, q->cols_pad, q->sign_seed);   /* v = D w */
    double err = 0;
    float qmax = q->type == HG_RTN ? (float)(q->n / 2 - 1) : 1.0f;
    for (uint64_t g = 0; g < q->groups; g++) {
        float *x = v + g * (uint64_t)q->group;
        float scale;
        if (q->type == HG_HIGGS) {
            hg_rotate_block(q, x);                /* x = Hn D w: mean square rms^2 */
            double ss = 0;
            for (int i = 0; i < q->group; i++) ss += (double)x[i] * x[i];
            scale = hg_block_scale(q, b, x, (float)sqrt(ss / q->group));
        } else {
            float amax = 0;
            for (int i = 0; i < q->group; i++) amax = fmaxf(amax, fabsf(x[i]));
            scale = amax / qmax;
        }
        uint16_t s16 = hg_f32_to_f16(scale);
        float s = hg_f16_to_f32(s16), inv = s > 0 ? 1.0f / s : 0.0f;
        scales[g] = s16;
        double xx = 0, xq = 0;
        for (int i = 0; i < q->group; i += q->p) {
            uint64_t ci = (g * (uint64_t)q->group + (uint64_t)i) / (uint64_t)q->p;
            int c = hg_nearest(q, b, x + i, inv);
            hg_code_put(codes, ci, q->bits, c);
            for (int d = 0; d < q->p; d++) {
                float qv = s * q->codebook[c * q->p + d];
                xx += (double)x[i + d] * x[i + d];
                xq += (double)x[i + d] * qv;
                x[i + d] = qv;                    /* x := Q, stored domain */
            }
        }
        /* UNBIASED scales (HIGGS): rescale the block so that its error is uncorrelated with the
         * weights, <w, Q(w) - w> = 0, i.e. scale *= <x, x> / <x, Q>. An MSE-optimal grid's error is
         * anti-correlated with the weights (E[x e] = -E[e^2]): Q(W) ~ (1 - t^2) W + noise, a
         * shrink that the linearity theorem's noise model (alphas measured with independent
         * noise) does not see. The codes stay those of the scale before. */
        int unbiased = q->scales == HG_SCALES_UNBIASED || q->scales == HG_SCALES_LSQ_UNBIASED;
        if (unbiased && q->type == HG_HIGGS && xq > 0) {
            uint16_t s2 = hg_f32_to_f16((float)(s * xx / xq));
            float f = hg_f16_to_f32(s2) / s;
            scales[g] = s2;
            for (int i = 0; i < q->group; i++) x[i] *= f;
        }
        /* the error in the original domain, over the real (unpadded) columns */
        if (q->type == HG_HIGGS) hg_unrotate_block(q, x);
        for (int i = 0; i < q->group; i++) {
            uint64_t col = g * (uint64_t)q->group + (uint64_t)i;
            if (col >= q->cols) break;
            float back = q->sign_seed && hg_sign_negative(q->sign_seed, col) ? -x[i] : x[i];   /* D^-1 = D */
            double e = (double)w[col] - back;
            err += e * e;
        }
    }
    return err;
}


/* ------------------------------------------------------- bit allocation */

double hg_fit_alpha(const double *x, const double *y, int n) {
    double num = 0, den = 0;
    for (int i = 0; i < n; i++) { num += x[i] * y[i]; den += x[i] * x[i]; }
    double a = den > 0 ? num / den : 0;
    return a > 0 ? a : 0;
}

double hg_dp_allocate(int n_items, int n_opts, const uint64_t *cost, const double *value, uint64_t budget,
                      uint64_t unit, int *choice) {
    if (unit == 0) unit = 1;
    uint64_t U = budget / unit;
    if (U > (1u << 26)) return INFINITY;                  /* refuse absurd tables */
    size_t width = (size_t)U + 1;
    double *prev = (double *)malloc(width * sizeof(double)), *cur = (double *)malloc(width * sizeof(double));
    int16_t *back = (int16_t *)malloc(width * (size_t)n_items * sizeof(int16_t));
    double best = INFINITY;
    if (!prev || !cur || !back || n_opts > 32767) goto done;
    for (size_t b = 0; b < width; b++) prev[b] = INFINITY;
    prev[0] = 0;                                          /* prev[b]: best value at rounded cost exactly b */
    for (int i = 0; i < n_items; i++) {
        int16_t *bk = back + (size_t)i * width;
        for (size_t b = 0; b < width; b++) { cur[b] = INFINITY; bk[b] = -1; }
        for (int j = 0; j < n_opts; j++) {
            uint64_t c = cost[(size_t)i * n_opts + j];
            if (c == UINT64_MAX) continue;
            uint64_t cu = (c + unit - 1) / unit;
            if (cu > U) continue;
            double v = value[(size_t)i * n_opts + j];
            for (size_t b = 0; b + cu < width; b++) {
                if (prev[b] == INFINITY) continue;
                double nv = prev[b] + v;
                if (nv < cur[b + cu]) { cur[b + cu] = nv; bk[b + cu] = (int16_t)j; }
            }
        }
        double *t = prev; prev = cur; cur = t;
    }
    size_t at = 0;
    for (size_t b = 0; b < width; b++)
        if (prev[b] < best) { best = prev[b]; at = b; }
    if (best == INFINITY) goto done;
    for (int i = n_items - 1; i >= 0; i--) {               /* walk the back-pointers */
        int j = back[(size_t)i * width + at];
        choice[i] = j;
        at -= (size_t)((cost[(size_t)i * n_opts + j] + unit - 1) / unit);
    }
done:
    free(prev); free(cur); free(back);
    return best;
}

/* ----------------------------------------------------------- thread pool */
/* Persistent workers. A dispatch bumps a generation counter; workers spin on
 * it for up to HG_SPIN_NS (decode issues thousands of small matmuls a second,
 * and a futex wake per matmul costs more than the work) and then sleep on a
 * condition variable so an idle process uses no CPU. The limit is time, not
 * iterations: 20000 spins took ~9 us on a Zen 5, less than the gap between
 * two of decode's jobs (activation preparation, attention), so the worker slept
 * and each job waited 5-16 us for it to wake (VM: an interrupt to a halted vCPU);
 * spinning up to 1 ms decoded 1-8% faster in alternating runs.
 * Tasks are split into one contiguous range per thread, each with its own
 * counter on its own cache line: a thread takes its tasks in order (one
 * stream through memory, and a counter no other core touches) and only then
 * takes what is left of the others' ranges. One shared counter made every
 * task move a cache line between cores, ~10 us per matrix-vector job on a
 * 2-vCPU VM, a third of a 2048-row job's time. */

#ifndef HG_NO_THREADS
/* a thread's range of tasks, lo..hi-1, in one word (hi << 32 | lo): its owner takes
 * tasks from the front (fetch-add on lo), others take from the back (CAS on hi) */
typedef struct { _Alignas(64) atomic_uint_least64_t w; char pad[64 - sizeof(atomic_uint_least64_t)]; } hg_pool_range;

struct hg_pool {
    int n;
    pthread_t *threads;
    hg_pool_range *range;             /* [n]: thread i's tasks are next..end-1 */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    atomic_uint gen;
    atomic_int pending;
    atomic_int quit;
    hg_task_fn fn;
    void *ctx;
};

typedef struct { hg_pool *p; int id; } hg_worker_arg;

static void hg_pool_work(hg_pool *p, int thread) {
    hg_pool_range *own = &p->range[thread];
    for (;;) {                                /* own range from the front: one stream through memory */
        uint64_t v = atomic_fetch_add_explicit(&own->w, 1, memory_order_relaxed);
        if ((uint32_t)v >= (uint32_t)(v >> 32)) break;
        p->fn(p->ctx, (int)(uint32_t)v, thread);
    }
    for (int k = 1; k < p->n; k++) {          /* then the others' from the back, so that their owners' streams go on */
        hg_pool_range *r = &p->range[(thread + k) % p->n];
        uint64_t v = atomic_load_explicit(&r->w, memory_order_relaxed);
        for (;;) {
            uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
            if (lo >= hi) break;
            if (atomic_compare_exchange_weak_explicit(&r->w, &v, (uint64_t)(hi - 1) << 32 | lo, memory_order_relaxed,
                                                      memory_order_relaxed)) {
                p->fn(p->ctx, (int)(hi - 1), thread);
                v = atomic_load_explicit(&r->w, memory_order_relaxed);
            }
        }
    }
}

#ifndef HG_SPIN_NS
#define HG_SPIN_NS 1000000
#endif
static uint64_t hg_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void *hg_worker(void *arg) {
    hg_worker_arg a = *(hg_worker_arg *)arg;
    free(arg);
    hg_pool *p = a.p;
    unsigned seen = 0;                /* the generation at creation: a late start must not skip a dispatch */
    for (;;) {
        unsigned spins = 0;
        uint64_t until = 0;
        while (atomic_load_explicit(&p->gen, memory_order_acquire) == seen && !atomic_load(&p->quit)) {
            if (++spins % 1024) continue;                 /* the clock every 1024 spins */
            uint64_t t = hg_now_ns();
            if (!until) until = t + HG_SPIN_NS;
            if (t > until) {
                pthread_mutex_lock(&p->mu);
                while (atomic_load(&p->gen) == seen && !atomic_load(&p->quit)) pthread_cond_wait(&p->cv, &p->mu);
                pthread_mutex_unlock(&p->mu);
            }
        }
        if (atomic_load(&p->quit)) return NULL;
        seen = atomic_load(&p->gen);
        hg_pool_work(p, a.id);
        atomic_fetch_sub_explicit(&p->pending, 1, memory_order_release);
    }
}

hg_pool *hg_pool_create(int n_threads) {
    hg_pool *p = (hg_pool *)calloc(1, sizeof *p);
    if (!p) return NULL;
    p->n = n_threads < 1 ? 1 : n_threads;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->threads = (pthread_t *)calloc((size_t)p->n, sizeof(pthread_t));
    p->range = (hg_pool_range *)aligned_alloc(64, (size_t)p->n * sizeof(hg_pool_range));
    if (!p->threads || !p->range) { free(p->threads); free(p->range); free(p); return NULL; }
    for (int i = 0; i < p->n; i++) atomic_init(&p->range[i].w, 0);
    for (int i = 1; i < p->n; i++) {
        hg_worker_arg *a = (hg_worker_arg *)malloc(sizeof *a);
        if (!a) { p->n = i; break; }
        a->p = p;
        a->id = i;
        if (pthread_create(&p->threads[i], NULL, hg_worker, a)) { free(a); p->n = i; break; }
    }
    return p;
}

void hg_pool_run(hg_pool *p, hg_task_fn fn, void *ctx, int n_tasks) {
    if (!p || p->n == 1 || n_tasks <= 1) {
        for (int t = 0; t < n_tasks; t++) fn(ctx, t, 0);
        return;
    }
    p->fn = fn;
    p->ctx = ctx;
    for (int i = 0; i < p->n; i++) {
        uint64_t lo = (uint64_t)((int64_t)n_tasks * i / p->n), hi = (uint64_t)((int64_t)n_tasks * (i + 1) / p->n);
        atomic_store_explicit(&p->range[i].w, hi << 32 | lo, memory_order_relaxed);
    }
    atomic_store(&p->pending, p->n - 1);
    pthread_mutex_lock(&p->mu);
    atomic_fetch_add_explicit(&p->gen, 1, memory_order_release);
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    hg_pool_work(p, 0);
    while (atomic_load_explicit(&p->pending, memory_order_acquire) > 0) { }
}

int hg_pool_threads(const hg_pool *p) { return p ? p->n : 1; }

void hg_pool_destroy(hg_pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    atomic_store(&p->quit, 1);
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 1; i < p->n; i++) pthread_join(p->threads[i], NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->threads);
    free(p->range);
    free(p);
}
#else
struct hg_pool { int n; };
hg_pool *hg_pool_create(int n_threads) { (void)n_threads; hg_pool *p = (hg_pool *)calloc(1, sizeof *p); if (p) p->n = 1; return p; }
void hg_pool_run(hg_pool *p, hg_task_fn fn, void *ctx, int n_tasks) { (void)p; for (int t = 0; t < n_tasks; t++) fn(ctx, t, 0); }
int hg_pool_threads(const hg_pool *p) { (void)p; return 1; }
void hg_pool_destroy(hg_pool *p) { free(p); }
#endif

/* --------------------------------------------------------------- unicode */

/* BEGIN unicode tables (generated by tools/gen_unicode.py, do not edit) */
/* Unicode 14.0.0: general categories L* and N* as inclusive ranges */
static const uint32_t hg_unicode_letters[648][2] = {
    {0x41,0x5A},{0x61,0x7A},{0xAA,0xAA},{0xB5,0xB5},{0xBA,0xBA},{0xC0,0xD6},
    {0xD8,0xF6},{0xF8,0x2C1},{0x2C6,0x2D1},{0x2E0,0x2E4},{0x2EC,0x2EC},{0x2EE,0x2EE},
    {0x370,0x374},{0x376,0x377},{0x37A,0x37D},{0x37F,0x37F},{0x386,0x386},{0x388,0x38A},
    {0x38C,0x38C},{0x38E,0x3A1},{0x3A3,0x3F5},{0x3F7,0x481},{0x48A,0x52F},{0x531,0x556},
    {0x559,0x559},{0x560,0x588},{0x5D0,0x5EA},{0x5EF,0x5F2},{0x620,0x64A},{0x66E,0x66F},
    {0x671,0x6D3},{0x6D5,0x6D5},{0x6E5,0x6E6},{0x6EE,0x6EF},{0x6FA,0x6FC},{0x6FF,0x6FF},
    {0x710,0x710},{0x712,0x72F},{0x74D,0x7A5},{0x7B1,0x7B1},{0x7CA,0x7EA},{0x7F4,0x7F5},
    {0x7FA,0x7FA},{0x800,0x815},{0x81A,0x81A},{0x824,0x824},{0x828,0x828},{0x840,0x858},
    {0x860,0x86A},{0x870,0x887},{0x889,0x88E},{0x8A0,0x8C9},{0x904,0x939},{0x93D,0x93D},
    {0x950,0x950},{0x958,0x961},{0x971,0x980},{0x985,0x98C},{0x98F,0x990},{0x993,0x9A8},
    {0x9AA,0x9B0},{0x9B2,0x9B2},{0x9B6,0x9B9},{0x9BD,0x9BD},{0x9CE,0x9CE},{0x9DC,0x9DD},
    {0x9DF,0x9E1},{0x9F0,0x9F1},{0x9FC,0x9FC},{0xA05,0xA0A},{0xA0F,0xA10},{0xA13,0xA28},
    {0xA2A,0xA30},{0xA32,0xA33},{0xA35,0xA36},{0xA38,0xA39},{0xA59,0xA5C},{0xA5E,0xA5E},
    {0xA72,0xA74},{0xA85,0xA8D},{0xA8F,0xA91},{0xA93,0xAA8},{0xAAA,0xAB0},{0xAB2,0xAB3},
    {0xAB5,0xAB9},{0xABD,0xABD},{0xAD0,0xAD0},{0xAE0,0xAE1},{0xAF9,0xAF9},{0xB05,0xB0C},
    {0xB0F,0xB10},{0xB13,0xB28},{0xB2A,0xB30},{0xB32,0xB33},{0xB35,0xB39},{0xB3D,0xB3D},
    {0xB5C,0xB5D},{0xB5F,0xB61},{0xB71,0xB71},{0xB83,0xB83},{0xB85,0xB8A},{0xB8E,0xB90},
    {0xB92,0xB95},{0xB99,0xB9A},{0xB9C,0xB9C},{0xB9E,0xB9F},{0xBA3,0xBA4},{0xBA8,0xBAA},
    {0xBAE,0xBB9},{0xBD0,0xBD0},{0xC05,0xC0C},{0xC0E,0xC10},{0xC12,0xC28},{0xC2A,0xC39},
    {0xC3D,0xC3D},{0xC58,0xC5A},{0xC5D,0xC5D},{0xC60,0xC61},{0xC80,0xC80},{0xC85,0xC8C},
    {0xC8E,0xC90},{0xC92,0xCA8},{0xCAA,0xCB3},{0xCB5,0xCB9},{0xCBD,0xCBD},{0xCDD,0xCDE},
    {0xCE0,0xCE1},{0xCF1,0xCF2},{0xD04,0xD0C},{0xD0E,0xD10},{0xD12,0xD3A},{0xD3D,0xD3D},
    {0xD4E,0xD4E},{0xD54,0xD56},{0xD5F,0xD61},{0xD7A,0xD7F},{0xD85,0xD96},{0xD9A,0xDB1},
    {0xDB3,0xDBB},{0xDBD,0xDBD},{0xDC0,0xDC6},{0xE01,0xE30},{0xE32,0xE33},{0xE40,0xE46},
    {0xE81,0xE82},{0xE84,0xE84},{0xE86,0xE8A},{0xE8C,0xEA3},{0xEA5,0xEA5},{0xEA7,0xEB0},
    {0xEB2,0xEB3},{0xEBD,0xEBD},{0xEC0,0xEC4},{0xEC6,0xEC6},{0xEDC,0xEDF},{0xF00,0xF00},
    {0xF40,0xF47},{0xF49,0xF6C},{0xF88,0xF8C},{0x1000,0x102A},{0x103F,0x103F},{0x1050,0x1055},
    {0x105A,0x105D},{0x1061,0x1061},{0x1065,0x1066},{0x106E,0x1070},{0x1075,0x1081},{0x108E,0x108E},
    {0x10A0,0x10C5},{0x10C7,0x10C7},{0x10CD,0x10CD},{0x10D0,0x10FA},{0x10FC,0x1248},{0x124A,0x124D},
    {0x1250,0x1256},{0x1258,0x1258},{0x125A,0x125D},{0x1260,0x1288},{0x128A,0x128D},{0x1290,0x12B0},
    {0x12B2,0x12B5},{0x12B8,0x12BE},{0x12C0,0x12C0},{0x12C2,0x12C5},{0x12C8,0x12D6},{0x12D8,0x1310},
    {0x1312,0x1315},{0x1318,0x135A},{0x1380,0x138F},{0x13A0,0x13F5},{0x13F8,0x13FD},{0x1401,0x166C},
    {0x166F,0x167F},{0x1681,0x169A},{0x16A0,0x16EA},{0x16F1,0x16F8},{0x1700,0x1711},{0x171F,0x1731},
    {0x1740,0x1751},{0x1760,0x176C},{0x176E,0x1770},{0x1780,0x17B3},{0x17D7,0x17D7},{0x17DC,0x17DC},
    {0x1820,0x1878},{0x1880,0x1884},{0x1887,0x18A8},{0x18AA,0x18AA},{0x18B0,0x18F5},{0x1900,0x191E},
    {0x1950,0x196D},{0x1970,0x1974},{0x1980,0x19AB},{0x19B0,0x19C9},{0x1A00,0x1A16},{0x1A20,0x1A54},
    {0x1AA7,0x1AA7},{0x1B05,0x1B33},{0x1B45,0x1B4C},{0x1B83,0x1BA0},{0x1BAE,0x1BAF},{0x1BBA,0x1BE5},
    {0x1C00,0x1C23},{0x1C4D,0x1C4F},{0x1C5A,0x1C7D},{0x1C80,0x1C88},{0x1C90,0x1CBA},{0x1CBD,0x1CBF},
    {0x1CE9,0x1CEC},{0x1CEE,0x1CF3},{0x1CF5,0x1CF6},{0x1CFA,0x1CFA},{0x1D00,0x1DBF},{0x1E00,0x1F15},
    {0x1F18,0x1F1D},{0x1F20,0x1F45},{0x1F48,0x1F4D},{0x1F50,0x1F57},{0x1F59,0x1F59},{0x1F5B,0x1F5B},
    {0x1F5D,0x1F5D},{0x1F5F,0x1F7D},{0x1F80,0x1FB4},{0x1FB6,0x1FBC},{0x1FBE,0x1FBE},{0x1FC2,0x1FC4},
    {0x1FC6,0x1FCC},{0x1FD0,0x1FD3},{0x1FD6,0x1FDB},{0x1FE0,0x1FEC},{0x1FF2,0x1FF4},{0x1FF6,0x1FFC},
    {0x2071,0x2071},{0x207F,0x207F},{0x2090,0x209C},{0x2102,0x2102},{0x2107,0x2107},{0x210A,0x2113},
    {0x2115,0x2115},{0x2119,0x211D},{0x2124,0x2124},{0x2126,0x2126},{0x2128,0x2128},{0x212A,0x212D},
    {0x212F,0x2139},{0x213C,0x213F},{0x2145,0x2149},{0x214E,0x214E},{0x2183,0x2184},{0x2C00,0x2CE4},
    {0x2CEB,0x2CEE},{0x2CF2,0x2CF3},{0x2D00,0x2D25},{0x2D27,0x2D27},{0x2D2D,0x2D2D},{0x2D30,0x2D67},
    {0x2D6F,0x2D6F},{0x2D80,0x2D96},{0x2DA0,0x2DA6},{0x2DA8,0x2DAE},{0x2DB0,0x2DB6},{0x2DB8,0x2DBE},
    {0x2DC0,0x2DC6},{0x2DC8,0x2DCE},{0x2DD0,0x2DD6},{0x2DD8,0x2DDE},{0x2E2F,0x2E2F},{0x3005,0x3006},
    {0x3031,0x3035},{0x303B,0x303C},{0x3041,0x3096},{0x309D,0x309F},{0x30A1,0x30FA},{0x30FC,0x30FF},
    {0x3105,0x312F},{0x3131,0x318E},{0x31A0,0x31BF},{0x31F0,0x31FF},{0x3400,0x4DBF},{0x4E00,0xA48C},
    {0xA4D0,0xA4FD},{0xA500,0xA60C},{0xA610,0xA61F},{0xA62A,0xA62B},{0xA640,0xA66E},{0xA67F,0xA69D},
    {0xA6A0,0xA6E5},{0xA717,0xA71F},{0xA722,0xA788},{0xA78B,0xA7CA},{0xA7D0,0xA7D1},{0xA7D3,0xA7D3},
    {0xA7D5,0xA7D9},{0xA7F2,0xA801},{0xA803,0xA805},{0xA807,0xA80A},{0xA80C,0xA822},{0xA840,0xA873},
    {0xA882,0xA8B3},{0xA8F2,0xA8F7},{0xA8FB,0xA8FB},{0xA8FD,0xA8FE},{0xA90A,0xA925},{0xA930,0xA946},
    {0xA960,0xA97C},{0xA984,0xA9B2},{0xA9CF,0xA9CF},{0xA9E0,0xA9E4},{0xA9E6,0xA9EF},{0xA9FA,0xA9FE},
    {0xAA00,0xAA28},{0xAA40,0xAA42},{0xAA44,0xAA4B},{0xAA60,0xAA76},{0xAA7A,0xAA7A},{0xAA7E,0xAAAF},
    {0xAAB1,0xAAB1},{0xAAB5,0xAAB6},{0xAAB9,0xAABD},{0xAAC0,0xAAC0},{0xAAC2,0xAAC2},{0xAADB,0xAADD},
    {0xAAE0,0xAAEA},{0xAAF2,0xAAF4},{0xAB01,0xAB06},{0xAB09,0xAB0E},{0xAB11,0xAB16},{0xAB20,0xAB26},
    {0xAB28,0xAB2E},{0xAB30,0xAB5A},{0xAB5C,0xAB69},{0xAB70,0xABE2},{0xAC00,0xD7A3},{0xD7B0,0xD7C6},
    {0xD7CB,0xD7FB},{0xF900,0xFA6D},{0xFA70,0xFAD9},{0xFB00,0xFB06},{0xFB13,0xFB17},{0xFB1D,0xFB1D},
    {0xFB1F,0xFB28},{0xFB2A,0xFB36},{0xFB38,0xFB3C},{0xFB3E,0xFB3E},{0xFB40,0xFB41},{0xFB43,0xFB44},
    {0xFB46,0xFBB1},{0xFBD3,0xFD3D},{0xFD50,0xFD8F},{0xFD92,0xFDC7},{0xFDF0,0xFDFB},{0xFE70,0xFE74},
    {0xFE76,0xFEFC},{0xFF21,0xFF3A},{0xFF41,0xFF5A},{0xFF66,0xFFBE},{0xFFC2,0xFFC7},{0xFFCA,0xFFCF},
    {0xFFD2,0xFFD7},{0xFFDA,0xFFDC},{0x10000,0x1000B},{0x1000D,0x10026},{0x10028,0x1003A},{0x1003C,0x1003D},
    {0x1003F,0x1004D},{0x10050,0x1005D},{0x10080,0x100FA},{0x10280,0x1029C},{0x102A0,0x102D0},{0x10300,0x1031F},
    {0x1032D,0x10340},{0x10342,0x10349},{0x10350,0x10375},{0x10380,0x1039D},{0x103A0,0x103C3},{0x103C8,0x103CF},
    {0x10400,0x1049D},{0x104B0,0x104D3},{0x104D8,0x104FB},{0x10500,0x10527},{0x10530,0x10563},{0x10570,0x1057A},
    {0x1057C,0x1058A},{0x1058C,0x10592},{0x10594,0x10595},{0x10597,0x105A1},{0x105A3,0x105B1},{0x105B3,0x105B9},
    {0x105BB,0x105BC},{0x10600,0x10736},{0x10740,0x10755},{0x10760,0x10767},{0x10780,0x10785},{0x10787,0x107B0},
    {0x107B2,0x107BA},{0x10800,0x10805},{0x10808,0x10808},{0x1080A,0x10835},{0x10837,0x10838},{0x1083C,0x1083C},
    {0x1083F,0x10855},{0x10860,0x10876},{0x10880,0x1089E},{0x108E0,0x108F2},{0x108F4,0x108F5},{0x10900,0x10915},
    {0x10920,0x10939},{0x10980,0x109B7},{0x109BE,0x109BF},{0x10A00,0x10A00},{0x10A10,0x10A13},{0x10A15,0x10A17},
    {0x10A19,0x10A35},{0x10A60,0x10A7C},{0x10A80,0x10A9C},{0x10AC0,0x10AC7},{0x10AC9,0x10AE4},{0x10B00,0x10B35},
    {0x10B40,0x10B55},{0x10B60,0x10B72},{0x10B80,0x10B91},{0x10C00,0x10C48},{0x10C80,0x10CB2},{0x10CC0,0x10CF2},
    {0x10D00,0x10D23},{0x10E80,0x10EA9},{0x10EB0,0x10EB1},{0x10F00,0x10F1C},{0x10F27,0x10F27},{0x10F30,0x10F45},
    {0x10F70,0x10F81},{0x10FB0,0x10FC4},{0x10FE0,0x10FF6},{0x11003,0x11037},{0x11071,0x11072},{0x11075,0x11075},
    {0x11083,0x110AF},{0x110D0,0x110E8},{0x11103,0x11126},{0x11144,0x11144},{0x11147,0x11147},{0x11150,0x11172},
    {0x11176,0x11176},{0x11183,0x111B2},{0x111C1,0x111C4},{0x111DA,0x111DA},{0x111DC,0x111DC},{0x11200,0x11211},
    {0x11213,0x1122B},{0x11280,0x11286},{0x11288,0x11288},{0x1128A,0x1128D},{0x1128F,0x1129D},{0x1129F,0x112A8},
    {0x112B0,0x112DE},{0x11305,0x1130C},{0x1130F,0x11310},{0x11313,0x11328},{0x1132A,0x11330},{0x11332,0x11333},
    {0x11335,0x11339},{0x1133D,0x1133D},{0x11350,0x11350},{0x1135D,0x11361},{0x11400,0x11434},{0x11447,0x1144A},
    {0x1145F,0x11461},{0x11480,0x114AF},{0x114C4,0x114C5},{0x114C7,0x114C7},{0x11580,0x115AE},{0x115D8,0x115DB},
    {0x11600,0x1162F},{0x11644,0x11644},{0x11680,0x116AA},{0x116B8,0x116B8},{0x11700,0x1171A},{0x11740,0x11746},
    {0x11800,0x1182B},{0x118A0,0x118DF},{0x118FF,0x11906},{0x11909,0x11909},{0x1190C,0x11913},{0x11915,0x11916},
    {0x11918,0x1192F},{0x1193F,0x1193F},{0x11941,0x11941},{0x119A0,0x119A7},{0x119AA,0x119D0},{0x119E1,0x119E1},
    {0x119E3,0x119E3},{0x11A00,0x11A00},{0x11A0B,0x11A32},{0x11A3A,0x11A3A},{0x11A50,0x11A50},{0x11A5C,0x11A89},
    {0x11A9D,0x11A9D},{0x11AB0,0x11AF8},{0x11C00,0x11C08},{0x11C0A,0x11C2E},{0x11C40,0x11C40},{0x11C72,0x11C8F},
    {0x11D00,0x11D06},{0x11D08,0x11D09},{0x11D0B,0x11D30},{0x11D46,0x11D46},{0x11D60,0x11D65},{0x11D67,0x11D68},
    {0x11D6A,0x11D89},{0x11D98,0x11D98},{0x11EE0,0x11EF2},{0x11FB0,0x11FB0},{0x12000,0x12399},{0x12480,0x12543},
    {0x12F90,0x12FF0},{0x13000,0x1342E},{0x14400,0x14646},{0x16800,0x16A38},{0x16A40,0x16A5E},{0x16A70,0x16ABE},
    {0x16AD0,0x16AED},{0x16B00,0x16B2F},{0x16B40,0x16B43},{0x16B63,0x16B77},{0x16B7D,0x16B8F},{0x16E40,0x16E7F},
    {0x16F00,0x16F4A},{0x16F50,0x16F50},{0x16F93,0x16F9F},{0x16FE0,0x16FE1},{0x16FE3,0x16FE3},{0x17000,0x187F7},
    {0x18800,0x18CD5},{0x18D00,0x18D08},{0x1AFF0,0x1AFF3},{0x1AFF5,0x1AFFB},{0x1AFFD,0x1AFFE},{0x1B000,0x1B122},
    {0x1B150,0x1B152},{0x1B164,0x1B167},{0x1B170,0x1B2FB},{0x1BC00,0x1BC6A},{0x1BC70,0x1BC7C},{0x1BC80,0x1BC88},
    {0x1BC90,0x1BC99},{0x1D400,0x1D454},{0x1D456,0x1D49C},{0x1D49E,0x1D49F},{0x1D4A2,0x1D4A2},{0x1D4A5,0x1D4A6},
    {0x1D4A9,0x1D4AC},{0x1D4AE,0x1D4B9},{0x1D4BB,0x1D4BB},{0x1D4BD,0x1D4C3},{0x1D4C5,0x1D505},{0x1D507,0x1D50A},
    {0x1D50D,0x1D514},{0x1D516,0x1D51C},{0x1D51E,0x1D539},{0x1D53B,0x1D53E},{0x1D540,0x1D544},{0x1D546,0x1D546},
    {0x1D54A,0x1D550},{0x1D552,0x1D6A5},{0x1D6A8,0x1D6C0},{0x1D6C2,0x1D6DA},{0x1D6DC,0x1D6FA},{0x1D6FC,0x1D714},
    {0x1D716,0x1D734},{0x1D736,0x1D74E},{0x1D750,0x1D76E},{0x1D770,0x1D788},{0x1D78A,0x1D7A8},{0x1D7AA,0x1D7C2},
    {0x1D7C4,0x1D7CB},{0x1DF00,0x1DF1E},{0x1E100,0x1E12C},{0x1E137,0x1E13D},{0x1E14E,0x1E14E},{0x1E290,0x1E2AD},
    {0x1E2C0,0x1E2EB},{0x1E7E0,0x1E7E6},{0x1E7E8,0x1E7EB},{0x1E7ED,0x1E7EE},{0x1E7F0,0x1E7FE},{0x1E800,0x1E8C4},
    {0x1E900,0x1E943},{0x1E94B,0x1E94B},{0x1EE00,0x1EE03},{0x1EE05,0x1EE1F},{0x1EE21,0x1EE22},{0x1EE24,0x1EE24},
    {0x1EE27,0x1EE27},{0x1EE29,0x1EE32},{0x1EE34,0x1EE37},{0x1EE39,0x1EE39},{0x1EE3B,0x1EE3B},{0x1EE42,0x1EE42},
    {0x1EE47,0x1EE47},{0x1EE49,0x1EE49},{0x1EE4B,0x1EE4B},{0x1EE4D,0x1EE4F},{0x1EE51,0x1EE52},{0x1EE54,0x1EE54},
    {0x1EE57,0x1EE57},{0x1EE59,0x1EE59},{0x1EE5B,0x1EE5B},{0x1EE5D,0x1EE5D},{0x1EE5F,0x1EE5F},{0x1EE61,0x1EE62},
    {0x1EE64,0x1EE64},{0x1EE67,0x1EE6A},{0x1EE6C,0x1EE72},{0x1EE74,0x1EE77},{0x1EE79,0x1EE7C},{0x1EE7E,0x1EE7E},
    {0x1EE80,0x1EE89},{0x1EE8B,0x1EE9B},{0x1EEA1,0x1EEA3},{0x1EEA5,0x1EEA9},{0x1EEAB,0x1EEBB},{0x20000,0x2A6DF},
    {0x2A700,0x2B738},{0x2B740,0x2B81D},{0x2B820,0x2CEA1},{0x2CEB0,0x2EBE0},{0x2F800,0x2FA1D},{0x30000,0x3134A},
};
static const uint32_t hg_unicode_numbers[134][2] = {
    {0x30,0x39},{0xB2,0xB3},{0xB9,0xB9},{0xBC,0xBE},{0x660,0x669},{0x6F0,0x6F9},
    {0x7C0,0x7C9},{0x966,0x96F},{0x9E6,0x9EF},{0x9F4,0x9F9},{0xA66,0xA6F},{0xAE6,0xAEF},
    {0xB66,0xB6F},{0xB72,0xB77},{0xBE6,0xBF2},{0xC66,0xC6F},{0xC78,0xC7E},{0xCE6,0xCEF},
    {0xD58,0xD5E},{0xD66,0xD78},{0xDE6,0xDEF},{0xE50,0xE59},{0xED0,0xED9},{0xF20,0xF33},
    {0x1040,0x1049},{0x1090,0x1099},{0x1369,0x137C},{0x16EE,0x16F0},{0x17E0,0x17E9},{0x17F0,0x17F9},
    {0x1810,0x1819},{0x1946,0x194F},{0x19D0,0x19DA},{0x1A80,0x1A89},{0x1A90,0x1A99},{0x1B50,0x1B59},
    {0x1BB0,0x1BB9},{0x1C40,0x1C49},{0x1C50,0x1C59},{0x2070,0x2070},{0x2074,0x2079},{0x2080,0x2089},
    {0x2150,0x2182},{0x2185,0x2189},{0x2460,0x249B},{0x24EA,0x24FF},{0x2776,0x2793},{0x2CFD,0x2CFD},
    {0x3007,0x3007},{0x3021,0x3029},{0x3038,0x303A},{0x3192,0x3195},{0x3220,0x3229},{0x3248,0x324F},
    {0x3251,0x325F},{0x3280,0x3289},{0x32B1,0x32BF},{0xA620,0xA629},{0xA6E6,0xA6EF},{0xA830,0xA835},
    {0xA8D0,0xA8D9},{0xA900,0xA909},{0xA9D0,0xA9D9},{0xA9F0,0xA9F9},{0xAA50,0xAA59},{0xABF0,0xABF9},
    {0xFF10,0xFF19},{0x10107,0x10133},{0x10140,0x10178},{0x1018A,0x1018B},{0x102E1,0x102FB},{0x10320,0x10323},
    {0x10341,0x10341},{0x1034A,0x1034A},{0x103D1,0x103D5},{0x104A0,0x104A9},{0x10858,0x1085F},{0x10879,0x1087F},
    {0x108A7,0x108AF},{0x108FB,0x108FF},{0x10916,0x1091B},{0x109BC,0x109BD},{0x109C0,0x109CF},{0x109D2,0x109FF},
    {0x10A40,0x10A48},{0x10A7D,0x10A7E},{0x10A9D,0x10A9F},{0x10AEB,0x10AEF},{0x10B58,0x10B5F},{0x10B78,0x10B7F},
    {0x10BA9,0x10BAF},{0x10CFA,0x10CFF},{0x10D30,0x10D39},{0x10E60,0x10E7E},{0x10F1D,0x10F26},{0x10F51,0x10F54},
    {0x10FC5,0x10FCB},{0x11052,0x1106F},{0x110F0,0x110F9},{0x11136,0x1113F},{0x111D0,0x111D9},{0x111E1,0x111F4},
    {0x112F0,0x112F9},{0x11450,0x11459},{0x114D0,0x114D9},{0x11650,0x11659},{0x116C0,0x116C9},{0x11730,0x1173B},
    {0x118E0,0x118F2},{0x11950,0x11959},{0x11C50,0x11C6C},{0x11D50,0x11D59},{0x11DA0,0x11DA9},{0x11FC0,0x11FD4},
    {0x12400,0x1246E},{0x16A60,0x16A69},{0x16AC0,0x16AC9},{0x16B50,0x16B59},{0x16B5B,0x16B61},{0x16E80,0x16E96},
    {0x1D2E0,0x1D2F3},{0x1D360,0x1D378},{0x1D7CE,0x1D7FF},{0x1E140,0x1E149},{0x1E2F0,0x1E2F9},{0x1E8C7,0x1E8CF},
    {0x1E950,0x1E959},{0x1EC71,0x1ECAB},{0x1ECAD,0x1ECAF},{0x1ECB1,0x1ECB4},{0x1ED01,0x1ED2D},{0x1ED2F,0x1ED3D},
    {0x1F100,0x1F10C},{0x1FBF0,0x1FBF9},
};
/* END unicode tables */

static int hg_in_ranges(const uint32_t (*r)[2], int n, uint32_t cp) {
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (cp < r[mid][0]) hi = mid - 1;
        else if (cp > r[mid][1]) lo = mid + 1;
        else return 1;
    }
    return 0;
}
int hg_unicode_is_letter(uint32_t cp) {
    return hg_in_ranges(hg_unicode_letters, (int)(sizeof hg_unicode_letters / sizeof hg_unicode_letters[0]), cp);
}
int hg_unicode_is_number(uint32_t cp) {
    return hg_in_ranges(hg_unicode_numbers, (int)(sizeof hg_unicode_numbers / sizeof hg_unicode_numbers[0]), cp);
}
/* Unicode White_Space, as \s in the regex engines Hugging Face tokenizers use */
int hg_unicode_is_space(uint32_t cp) {
    return (cp >= 0x9 && cp <= 0xD) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
           (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
           cp == 0x205F || cp == 0x3000;
}

#endif /* HIGGS_IMPLEMENTATION */
