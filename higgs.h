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
 *     hg_pool_destroy(pool). fn(ctx, task, thread) runs for every task once;
 *     thread < hg_pool_threads(pool). On a busy machine fewer threads take part
 *     (hg_pool_active). hg_default_threads(): the CPUs this process may use.
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
 * {p | grid variant << 8, bits, group, hadamard | m << 16 | seed << 24}: seed 0 is the plain Sylvester
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
    int variant;                      /* HIGGS: the grid variant (params[0] >> 8), HG_GRID_FREE, _SIGNSYM, _UNIFORM or _BLOCKS */
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
    const uint8_t (*grid8abs)[256];   /* act8, sign-symmetric grids (p=4 4096 points, p=2 256 of variants HG_GRID_SIGNSYM
                                       * and HG_GRID_BLOCKS): |k| of each magnitude point (0..255, 0..63) per coordinate */
    const uint8_t *grid8by;           /* act8, HG_GRID_BLOCKS 256 points: |k| of Y[t], t = 0..15 (grid8abs[0][0..15] are X's) */
    const uint8_t (*grid8bu)[16];     /* act8, HG_GRID_BLOCKS 64 points: k + 64 of X[t] and of Y[t], t = 0..15;
                                       * [2], Y's in the planar layout's order: entry j holds Y[(j >> 2) | (j & 3) << 2] */
    int grid8paired;                  /* act8, p=4 4096 points: grid8abs[d][m + 128] = grid8abs[d ^ 1][m] (the paired grid) */
    const uint32_t *grid8absw;        /* act8, p=4 4096 points: the four |k| of magnitude m in one word */
    int planar;                       /* codes in planes: HG_PLANAR_P2B6 (file variant 4), HG_PLANAR_P4B12 (6) */
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
 * p=2 256-point grids: the 4-bit configs; p=2 64-point: 3-bit; the p=4 grids), a token's rotated activation is
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
    int8_t *qp;         /* cols_pad values in the SIMD kernels' order (AVX-512: per 128, the 64 even then the 64 odd;
                         * p=4 256 points: per 256, coordinate d of the 64 points for d = 0..3) */
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
/* HIGGS grids computed by tools/gen_grids.py: n points of p coordinates, point-major. A HIGGS
 * tensor's params[0] is p | variant << 8: variant HG_GRID_SIGNSYM is the sign-symmetric grid of
 * (p, n) where one exists besides the free one (p=2, 256 points: point(c) = row c & 63 of 64
 * magnitudes with coordinate d negated when bit 6 + d of c is set; p=4, 4096 points: the paired
 * grid, point(c) = row c & 255 of 256 magnitudes, rows 128-255 being rows 0-127 with coordinates
 * 0, 1 and 2, 3 swapped, with coordinate d negated when bit 8 + d is set); HG_GRID_UNIFORM, p=1 8-bit
 * only, the levels (c - 128) * HG_GRID_P1_N256U_STEP: the codes are int8 weights as they are;
 * HG_GRID_BLOCKS, p=2 256 and 64 points only: 256, sign-symmetric like HG_GRID_SIGNSYM with magnitude
 * m = (X[m & 15], Y[m >> 2]); 64, point(c) = (X[c & 15], Y[c >> 2]), signed: each coordinate one
 * 16-entry lookup (docs/format.md). HG_VARIANT_BLOCKS_PLANAR is a file's variant field only: the
 * 64-point block grid (hg_qinfo.variant HG_GRID_BLOCKS) with its 6-bit codes in the planar layout
 * (hg_qinfo.planar = HG_PLANAR_P2B6; hg_code_at_planar); HG_VARIANT_P4_PAIRED_PLANAR likewise the p=4
 * paired grid (variant HG_GRID_SIGNSYM) with its 12-bit codes in planes (HG_PLANAR_P4B12;
 * hg_code_at_p4planar). A file variant 5 (the plain p=4 grid in an earlier planar layout, written by
 * development builds only) is refused. */
enum { HG_GRID_FREE = 0, HG_GRID_SIGNSYM = 1, HG_GRID_UNIFORM = 2, HG_GRID_BLOCKS = 3, HG_VARIANT_BLOCKS_PLANAR = 4,
       HG_VARIANT_P4_PAIRED_PLANAR = 6 };
enum { HG_PLANAR_P2B6 = 1, HG_PLANAR_P4B12 = 2 };
const float *hg_grid(int p, int n, double *mse_per_dim);   /* variant HG_GRID_FREE */
const float *hg_grid_variant(int p, int n, int variant, double *mse_per_dim);

typedef struct hg_pool hg_pool;
typedef void (*hg_task_fn)(void *ctx, int task, int thread);
hg_pool *hg_pool_create(int n_threads);
void hg_pool_run(hg_pool *p, hg_task_fn fn, void *ctx, int n_tasks);
int hg_pool_threads(const hg_pool *p);
int hg_pool_active(const hg_pool *p);     /* threads taking part now: fewer while others are descheduled */
int hg_default_threads(void);     /* CPUs in the affinity mask, capped by a cgroup CPU quota */
int hg_cgroup_cpus(const char *root);   /* that quota in CPUs (rounded up), 0 when none is set */
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
 *   HG_AVXVNNI      AVX-VNNI on an AVX2 build (Intel Alder Lake and later, AMD Zen 5): the AVX2
 *                   int8 kernels add their products with vpdpbusd (same integers)
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
#if defined(__AVXVNNI__)
#define HG_AVXVNNI 1
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

#if defined(HG_AVX2)
static inline float hg_hsum256(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
    return _mm_cvtss_f32(s);
}
#endif
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
#if defined(HG_AVXVNNI)
const char *hg_simd_name(void) { return "avx2+avx-vnni"; }
#else
const char *hg_simd_name(void) { return "avx2"; }
#endif
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
 *   p=4 n=4096  mse_per_dim = 0.026251962  (sign-symmetric, tools/grids_symmetric.h: point(c) = the row
 *               c & 255 of HG_GRID_P4_N4096_ABS with coordinate d negated when bit 8 + d of c is set)
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
static const float HG_GRID_P4_N4096_ABS[256 * 4] = {
    0.157156, 0.512082, 0.544182, 0.578393, 0.179047, 0.203366, 0.153558, 0.247184,
    0.179184, 0.201813, 0.583861, 0.923482, 0.180754, 0.797579, 1.00914, 0.635282,
    0.181936, 0.618493, 0.213416, 0.189978, 0.187407, 0.209066, 0.172008, 0.700031,
    0.187692, 0.581529, 0.240807, 0.967431, 0.188747, 0.771704, 0.168316, 0.563773,
    0.189045, 0.255934, 1.02515, 0.996788, 0.192122, 0.210575, 0.201685, 1.16661,
    0.195031, 0.238202, 0.49849, 0.155995, 0.195478, 1.07813, 0.221297, 0.173115,
    0.198571, 0.635343, 1.21638, 0.19914, 0.199649, 1.37243, 0.59897, 0.226793,
    0.199713, 0.224384, 0.892424, 0.181048, 0.201524, 0.20699, 1.32941, 0.215469,
    0.204023, 0.71606, 0.244408, 1.44707, 0.20451, 0.671037, 0.665484, 0.175755,
    0.208649, 0.245774, 1.81518, 0.26124, 0.209047, 0.677257, 0.7224, 1.03363,
    0.210741, 1.47162, 0.9858, 0.621045, 0.218389, 1.71177, 0.200735, 0.249362,
    0.222007, 1.22917, 1.39609, 0.23771, 0.222507, 0.683179, 1.4156, 1.07809,
    0.22319, 0.230485, 0.936213, 0.564635, 0.223285, 1.02994, 0.223103, 1.01308,
    0.223393, 0.941059, 0.554232, 0.522384, 0.228176, 0.240793, 0.212547, 1.6619,
    0.229606, 0.209511, 0.669505, 1.39353, 0.229635, 1.16204, 0.666992, 0.886097,
    0.230933, 0.631072, 0.906619, 1.49189, 0.230936, 1.04039, 0.93291, 0.216098,
    0.231424, 0.207587, 1.38692, 0.691006, 0.234394, 0.667884, 1.50414, 0.558665,
    0.236884, 0.284062, 0.641733, 1.91001, 0.237646, 1.24276, 0.189249, 0.566407,
    0.240213, 1.21952, 1.5515, 0.764121, 0.242232, 1.23213, 0.252731, 1.88095,
    0.247843, 1.4662, 0.228997, 1.30877, 0.24945, 1.16052, 1.14394, 1.16205,
    0.249575, 0.79942, 1.85301, 0.213522, 0.253945, 1.59792, 0.333529, 0.749305,
    0.259349, 1.07475, 0.650635, 1.43674, 0.26143, 0.251828, 1.19534, 1.77046,
    0.26162, 1.86185, 1.30966, 0.260878, 0.262624, 0.151033, 0.521014, 0.495116,
    0.263427, 1.63, 0.762993, 1.18127, 0.271144, 2.03811, 0.245424, 0.923873,
    0.272228, 0.856969, 0.814227, 2.06107, 0.277424, 0.831007, 2.06783, 0.763266,
    0.278846, 0.280836, 0.262679, 2.31923, 0.288367, 1.88868, 0.696023, 0.267365,
    0.29156, 1.51547, 0.850425, 1.89458, 0.291673, 2.39205, 0.294902, 0.317078,
    0.295649, 2.15934, 0.8354, 0.789207, 0.29953, 1.54579, 1.97827, 0.304818,
    0.301924, 0.258821, 1.87803, 0.854134, 0.304703, 0.297321, 2.39625, 0.314715,
    0.30533, 0.898034, 1.36108, 1.74352, 0.305975, 0.284683, 1.88149, 1.50719,
    0.316526, 0.223107, 1.37474, 1.2789, 0.317954, 1.98567, 0.298643, 1.71848,
    0.323651, 1.54452, 1.54366, 1.55428, 0.326759, 1.88849, 1.4626, 0.90252,
    0.337239, 0.896338, 1.92787, 1.3852, 0.34937, 0.419311, 1.73264, 2.2033,
    0.359517, 0.337379, 0.990441, 2.46253, 0.36528, 1.01635, 2.56046, 0.331606,
    0.370209, 2.14953, 1.02306, 1.49683, 0.375742, 1.45718, 1.37226, 2.56711,
    0.382187, 2.59235, 1.04272, 0.308421, 0.386398, 1.57001, 2.15804, 1.03687,
    0.390535, 0.456969, 0.475596, 3.13119, 0.393303, 0.324686, 2.49161, 1.0214,
    0.395432, 2.72946, 0.371223, 1.26739, 0.406764, 0.928852, 0.313431, 2.47616,
    0.422193, 1.63995, 0.417857, 2.70371, 0.434954, 0.405414, 2.62631, 1.87425,
    0.435298, 2.41248, 1.88079, 0.422359, 0.4539, 0.695862, 0.269519, 1.89468,
    0.469874, 1.10021, 2.91451, 1.21848, 0.47205, 0.53471, 0.20064, 0.65218,
    0.481445, 0.475441, 3.29413, 0.504375, 0.483902, 1.31064, 2.24439, 2.10364,
    0.506543, 3.18032, 0.432705, 0.443074, 0.522131, 0.547052, 1.08098, 0.699781,
    0.522514, 3.06989, 1.27999, 1.04246, 0.524595, 0.557702, 0.616905, 0.46927,
    0.526224, 2.56385, 0.671344, 2.28508, 0.548098, 2.36261, 1.95965, 1.62206,
    0.548556, 1.96915, 2.81293, 0.479635, 0.549386, 0.496415, 0.19139, 0.203928,
    0.552013, 0.154081, 0.241058, 0.180087, 0.553933, 0.230584, 0.518958, 0.859705,
    0.559655, 1.44145, 0.956826, 0.213186, 0.574206, 0.997156, 0.546746, 0.190651,
    0.580887, 0.566142, 0.967086, 0.204809, 0.582123, 0.211368, 0.216904, 1.24526,
    0.587839, 0.211014, 0.88208, 1.13687, 0.59113, 0.530981, 1.65744, 3.04103,
    0.598762, 0.180414, 0.701233, 0.188894, 0.600963, 0.685244, 0.185519, 1.09109,
    0.604604, 0.896741, 1.37574, 0.23401, 0.608371, 0.167255, 0.169435, 0.594061,
    0.613527, 0.209263, 1.24414, 0.251349, 0.615303, 0.560685, 0.569381, 1.33971,
    0.617952, 1.39725, 0.228868, 0.216175, 0.617994, 1.06118, 1.08771, 0.678507,
    0.622278, 0.877495, 0.172752, 0.212126, 0.624405, 0.736215, 0.625363, 0.862069,
    0.628396, 1.27216, 0.599182, 0.581007, 0.635169, 0.286218, 1.68216, 0.274189,
    0.647192, 0.708784, 1.14535, 1.22175, 0.662929, 1.0729, 0.260142, 1.49849,
    0.678172, 1.27082, 0.228365, 1.01017, 0.683362, 0.988199, 0.214552, 0.637554,
    0.727902, 0.191902, 0.944387, 0.639993, 0.728864, 0.215995, 1.42256, 0.834657,
    0.732809, 1.64009, 0.93534, 0.830716, 0.737662, 0.245173, 0.786532, 1.78154,
    0.742719, 1.92332, 0.292447, 0.252727, 0.744623, 0.232335, 0.229053, 1.77857,
    0.754552, 1.04427, 1.91307, 0.306743, 0.758192, 0.696264, 1.6013, 0.757773,
    0.766684, 1.3676, 1.00262, 1.47669, 0.767013, 1.11292, 0.709594, 1.1147,
    0.774011, 1.24934, 1.52726, 0.954884, 0.784027, 0.55916, 0.525411, 0.16425,
    0.784856, 1.54448, 1.46337, 0.322258, 0.798871, 0.940504, 0.883797, 0.243943,
    0.805196, 1.78443, 0.361233, 1.28153, 0.819624, 1.62691, 0.23937, 0.682239,
    0.831044, 2.28841, 0.320916, 0.820853, 0.835513, 0.201194, 0.527893, 0.505048,
    0.864692, 0.336977, 1.3836, 1.80806, 0.868733, 0.565767, 0.187641, 0.568612,
    0.869893, 0.408646, 2.11224, 0.252391, 0.873305, 1.52872, 0.337929, 1.91084,
    0.881587, 2.05758, 1.02404, 0.29391, 0.882232, 0.241038, 0.198693, 0.952326,
    0.892317, 0.811774, 0.812826, 1.70086, 0.896973, 1.01548, 0.990781, 2.26625,
    0.948061, 0.210489, 0.182621, 0.199651, 0.953391, 0.322283, 1.78984, 1.33235,
    0.953709, 0.311557, 0.346737, 2.37432, 0.960385, 0.213176, 1.00099, 0.230657,
    0.961269, 0.92423, 2.11705, 0.991125, 0.970138, 0.245591, 1.09649, 1.29967,
    0.971869, 0.704631, 0.575943, 0.575253, 0.973258, 1.0407, 1.64396, 1.69966,
    0.982428, 0.617685, 1.36217, 0.243984, 0.985597, 1.49319, 0.672819, 0.218445,
    0.999252, 0.639804, 0.226709, 1.52062, 1.00084, 0.276117, 0.67183, 0.951327,
    1.00422, 0.65708, 1.05463, 0.694236, 1.01391, 0.198187, 0.440723, 1.38848,
    1.02283, 0.259235, 1.97172, 0.76436, 1.03137, 1.13877, 0.218023, 0.251915,
    1.04216, 0.768418, 0.248537, 1.01917, 1.06667, 0.341935, 2.69344, 0.393056,
    1.06743, 2.26681, 1.00595, 1.03777, 1.07274, 1.80626, 1.17655, 1.91961,
    1.09734, 2.4297, 0.395048, 0.274085, 1.11144, 1.18946, 1.16993, 0.242059,
    1.11665, 0.656508, 0.207917, 0.193805, 1.12236, 1.78943, 1.6008, 1.09498,
    1.13071, 1.77686, 1.99489, 0.381888, 1.13501, 1.15174, 0.743691, 0.716042,
    1.14266, 0.849038, 1.29689, 1.20307, 1.15825, 0.208036, 0.567762, 0.185258,
    1.16014, 0.320993, 1.07423, 2.41622, 1.17524, 0.222824, 1.58172, 0.269227,
    1.17766, 0.591115, 0.804613, 0.212183, 1.17859, 1.25627, 0.279652, 1.34905,
    1.17955, 0.20625, 0.213973, 0.606654, 1.19391, 0.913941, 0.299566, 2.08093,
    1.20282, 0.742318, 0.735056, 1.18809, 1.21843, 1.20395, 0.235709, 0.754971,
    1.21945, 0.754661, 0.510622, 3.14052, 1.22613, 0.444846, 2.14603, 2.09866,
    1.23377, 1.73384, 0.717875, 0.656838, 1.23829, 0.215571, 1.24664, 0.77977,
    1.25267, 1.16306, 2.59794, 0.378965, 1.2612, 0.987316, 0.599637, 0.216263,
    1.30066, 2.38205, 0.405658, 1.65503, 1.30513, 0.410872, 2.62195, 1.2514,
    1.30689, 0.223102, 0.700047, 0.609439, 1.31748, 1.65102, 0.240126, 0.272463,
    1.31985, 0.990228, 1.76127, 0.260454, 1.32043, 1.26431, 1.27781, 0.744299,
    1.33653, 0.678387, 0.220285, 0.656168, 1.34119, 0.26857, 0.212199, 1.10896,
    1.35889, 1.47467, 0.853241, 1.29139, 1.40542, 0.231663, 1.09575, 0.249882,
    1.41254, 1.59477, 2.43662, 1.41329, 1.41445, 0.281525, 0.237948, 1.81399,
    1.41467, 1.91084, 0.264742, 0.988528, 1.41812, 0.287714, 0.789715, 1.7301,
    1.42722, 2.63977, 1.5426, 0.448405, 1.42872, 0.661841, 1.46888, 0.717005,
    1.46345, 0.209119, 0.207981, 0.218291, 1.46743, 1.71528, 0.461926, 2.50219,
    1.47824, 0.712954, 0.731409, 0.677778, 1.50859, 0.334126, 1.2709, 1.30513,
    1.51129, 1.78687, 1.2943, 0.271798, 1.51289, 0.774882, 1.13472, 0.247453,
    1.52341, 0.26057, 0.728694, 1.11149, 1.58431, 2.96168, 0.491244, 0.695761,
    1.58563, 0.79671, 0.281526, 1.33993, 1.6135, 0.363933, 2.05484, 0.310523,
    1.618, 0.629503, 0.272092, 0.225577, 1.61867, 1.13134, 0.230066, 0.271643,
    1.61996, 0.933097, 0.871387, 1.75507, 1.63518, 1.17075, 1.52895, 2.51062,
    1.65775, 1.36855, 0.799447, 0.288953, 1.67038, 0.345646, 1.46065, 1.91156,
    1.67555, 1.0805, 1.94748, 0.826182, 1.70215, 1.10295, 1.52801, 1.44408,
    1.70436, 0.227617, 0.28097, 0.688784, 1.71381, 0.249157, 0.701772, 0.235439,
    1.71428, 1.41323, 0.320983, 1.67232, 1.72018, 2.11705, 0.429342, 0.330682,
    1.73059, 0.293702, 1.78911, 1.01226, 1.73261, 1.33842, 0.336144, 0.875336,
    1.83494, 0.746257, 0.2653, 0.776009, 1.83658, 0.439867, 0.449741, 2.5132,
    1.84396, 0.938594, 0.927863, 0.978214, 1.84507, 0.28592, 1.41267, 0.284665,
    1.85411, 0.289316, 0.993277, 0.731311, 1.86881, 0.26546, 0.30132, 1.27687,
    1.88962, 1.73634, 1.06495, 0.836633, 1.91407, 0.782395, 0.735076, 0.284261,
    1.93701, 2.15942, 1.38018, 1.61059, 1.95753, 1.02299, 1.45167, 0.331864,
    2.07087, 0.538964, 2.7601, 0.505178, 2.09134, 0.262637, 0.265005, 0.256811,
    2.15007, 1.54866, 0.306359, 0.34866, 2.15602, 0.414844, 0.355801, 1.78957,
    2.23035, 1.9674, 0.391033, 1.22176, 2.23317, 1.67114, 2.00027, 0.440224,
    2.23422, 0.34077, 1.05661, 1.23781, 2.28275, 0.873769, 0.274758, 0.31354,
    2.30257, 0.546212, 2.13247, 1.51947, 2.31689, 0.303889, 0.364869, 0.850218,
    2.3272, 1.00643, 0.363666, 1.13218, 2.35978, 0.331114, 0.940399, 0.334808,
    2.44007, 1.18985, 0.975099, 0.351665, 2.4464, 0.444014, 1.78715, 0.464128,
    2.46148, 1.31105, 0.516292, 2.05223, 2.49992, 2.26785, 0.781003, 0.419286,
    2.50872, 0.464808, 1.14946, 2.09462, 2.53659, 1.16648, 1.29469, 1.17166,
    2.87214, 0.379593, 0.355723, 0.361055, 3.00045, 0.453327, 0.447566, 1.33968,
    3.08198, 1.33226, 0.438079, 0.550027, 3.15302, 0.498634, 1.23677, 0.558193,
};
static float hg_grid_p4_n4096[4096 * 4];   /* HG_GRID_P4_N4096_ABS with the signs, filled by hg_grid */
/* the paired sign-symmetric p=4 grid of 4096 points (tools/grids_symmetric.h), mse_per_dim = 0.026315471: as
 * HG_GRID_P4_N4096_ABS, point(c) = the row c & 255 with coordinate d negated when bit 8 + d of c is set;
 * rows 128-255 are rows 0-127 with coordinates 0, 1 and 2, 3 swapped (hg_grid8.paired) */
static const float HG_GRID_P4_N4096P_ABS[256 * 4] = {
    0.168631, 0.577748, 0.639634, 0.257045, 0.1703, 0.176274, 0.506001, 0.199259,
    0.177769, 0.766467, 0.196971, 0.232662, 0.18175, 0.984546, 0.824802, 0.635972,
    0.185135, 0.973105, 0.225124, 0.702514, 0.188675, 0.22145, 0.186166, 0.960492,
    0.190248, 0.499944, 1.06101, 1.0382, 0.200097, 0.198967, 0.660221, 1.18767,
    0.206442, 1.44776, 0.828157, 0.203281, 0.208413, 1.01646, 0.533619, 0.193212,
    0.215453, 0.234083, 0.209443, 1.47917, 0.219476, 1.20089, 0.208402, 1.15531,
    0.222693, 1.13657, 0.64963, 1.46971, 0.227487, 1.60676, 0.282099, 0.203244,
    0.229648, 0.250602, 1.13366, 1.55094, 0.231575, 0.238149, 0.624392, 1.72836,
    0.232585, 0.747668, 0.224012, 1.67054, 0.234391, 1.19981, 1.62008, 0.849511,
    0.24159, 1.04733, 1.08915, 1.1262, 0.242902, 0.175428, 0.550145, 0.775615,
    0.252139, 1.7808, 1.03933, 1.28947, 0.268467, 0.29931, 0.247162, 2.14872,
    0.278576, 0.753013, 1.58712, 1.35699, 0.284944, 1.82355, 0.317724, 1.40391,
    0.297933, 0.29639, 2.34581, 0.91052, 0.300035, 2.22384, 0.313752, 0.910903,
    0.304808, 0.692468, 1.83474, 0.807994, 0.321049, 1.40684, 1.12444, 0.69285,
    0.332526, 0.317594, 2.06386, 1.5652, 0.35103, 2.73962, 0.319114, 0.416182,
    0.352533, 1.44106, 1.61738, 1.54953, 0.358616, 2.36679, 0.941559, 0.286064,
    0.359085, 0.426226, 0.414547, 2.96595, 0.402098, 0.170853, 0.176332, 0.178788,
    0.452094, 2.29666, 1.43623, 2.11201, 0.474129, 3.35947, 0.804052, 0.580224,
    0.509184, 0.477593, 1.68901, 2.97158, 0.511161, 0.96712, 0.586601, 1.00647,
    0.515413, 0.557999, 0.47978, 0.167165, 0.545322, 0.193399, 0.637895, 0.233354,
    0.550664, 1.65592, 0.59193, 3.00516, 0.55174, 0.449873, 0.575262, 0.906228,
    0.555042, 0.190651, 0.216803, 1.13746, 0.560341, 1.2101, 0.194476, 0.677952,
    0.622566, 1.27831, 0.232155, 0.194856, 0.640727, 0.24851, 1.3769, 0.67321,
    0.643208, 1.73957, 0.736738, 0.228712, 0.644725, 0.704722, 0.181491, 0.879823,
    0.654535, 0.163224, 0.846204, 0.627394, 0.658884, 1.64906, 0.264994, 0.957388,
    0.669126, 0.58545, 0.251202, 1.3483, 0.670222, 0.210963, 1.12989, 0.216535,
    0.68567, 0.675717, 1.30026, 0.967076, 0.692142, 1.21235, 1.19866, 0.222404,
    0.706454, 1.30221, 0.794615, 1.35366, 0.712857, 1.72596, 0.226063, 0.347273,
    0.716001, 0.220317, 0.242373, 1.71612, 0.729635, 0.214024, 0.660885, 1.29502,
    0.788343, 0.761394, 0.242558, 1.8937, 0.788682, 0.340819, 1.96542, 0.707828,
    0.793911, 1.35511, 1.2836, 1.09911, 0.801378, 1.32565, 2.03384, 0.851891,
    0.839238, 1.95942, 0.891488, 1.54433, 0.839598, 0.50936, 0.531569, 0.50954,
    0.850225, 1.74014, 1.32087, 0.397734, 0.855894, 0.248839, 1.72245, 1.18379,
    0.86063, 0.560008, 0.195339, 0.17842, 0.910225, 0.29375, 0.347979, 2.35038,
    0.915152, 0.941265, 0.208208, 0.502392, 0.917937, 0.266598, 0.202537, 0.935943,
    0.941899, 0.858904, 1.76705, 1.29471, 0.963554, 0.699699, 0.664501, 0.951674,
    0.976913, 0.749417, 0.635727, 1.52569, 0.978376, 1.14785, 0.232191, 0.936417,
    1.02118, 0.303122, 2.39178, 0.30489, 1.02349, 0.324049, 1.1609, 2.30171,
    1.028, 2.04386, 1.65928, 1.24596, 1.03646, 0.413266, 2.51352, 1.16146,
    1.04609, 0.399911, 2.12246, 2.05628, 1.05599, 1.36435, 0.244366, 0.264295,
    1.08863, 0.678162, 1.3568, 0.231554, 1.10389, 1.047, 0.324158, 2.47612,
    1.11465, 0.211855, 0.254195, 1.34683, 1.12139, 1.26758, 1.59953, 0.246098,
    1.17452, 1.47976, 0.817496, 0.257161, 1.17479, 0.642393, 0.217065, 0.698505,
    1.19161, 0.195432, 0.258728, 0.1716, 1.19241, 0.537365, 0.639564, 3.19356,
    1.20692, 1.20162, 0.685995, 1.09634, 1.33482, 0.303278, 1.7841, 0.239953,
    1.33771, 0.837819, 1.97957, 0.562692, 1.33999, 0.264664, 0.555588, 0.54843,
    1.35687, 0.826645, 0.678619, 0.662201, 1.38316, 2.88507, 0.609103, 1.39734,
    1.38345, 0.351391, 0.277007, 1.83327, 1.38406, 1.40365, 0.974795, 1.57493,
    1.38538, 1.79539, 0.312646, 0.228815, 1.42603, 0.240234, 1.01054, 0.655723,
    1.47634, 1.16678, 2.25458, 1.53373, 1.50845, 0.298776, 1.94341, 0.968146,
    1.62075, 0.206519, 0.729803, 0.20273, 1.64935, 0.972834, 1.44116, 0.272082,
    1.68551, 1.23023, 0.756216, 0.291743, 1.71634, 1.74587, 0.31513, 1.29868,
    1.72603, 0.255939, 0.256024, 1.27953, 1.74057, 2.15647, 1.16386, 1.70451,
    1.76824, 2.2719, 0.322126, 0.507586, 1.77232, 0.362605, 0.424492, 2.45092,
    1.81219, 0.513127, 1.54315, 2.48313, 1.8491, 1.10825, 0.33633, 1.91066,
    1.84937, 0.311309, 0.906065, 1.65195, 1.87565, 1.38075, 0.89707, 0.924757,
    1.87575, 0.22201, 0.622475, 0.77773, 1.91875, 0.740221, 0.836762, 0.85163,
    1.9847, 0.372847, 2.13661, 0.355979, 2.00301, 1.49475, 0.639899, 2.58356,
    2.02418, 1.25941, 2.10346, 0.376653, 2.09112, 0.257106, 0.264548, 0.300576,
    2.11795, 1.19258, 0.279855, 0.860508, 2.2186, 0.349228, 0.304361, 1.66841,
    2.22913, 0.87085, 0.327314, 0.296461, 2.28463, 0.993906, 1.05944, 0.315574,
    2.51012, 0.371241, 1.05687, 1.10851, 2.5564, 2.07754, 0.488082, 1.17633,
    2.58598, 1.08656, 0.457878, 1.3777, 2.71809, 0.401981, 1.58991, 0.418028,
    2.81524, 0.511787, 0.744563, 2.08187, 2.89588, 1.21744, 0.398204, 0.430203,
    0.577748, 0.168631, 0.257045, 0.639634, 0.176274, 0.1703, 0.199259, 0.506001,
    0.766467, 0.177769, 0.232662, 0.196971, 0.984546, 0.18175, 0.635972, 0.824802,
    0.973105, 0.185135, 0.702514, 0.225124, 0.22145, 0.188675, 0.960492, 0.186166,
    0.499944, 0.190248, 1.0382, 1.06101, 0.198967, 0.200097, 1.18767, 0.660221,
    1.44776, 0.206442, 0.203281, 0.828157, 1.01646, 0.208413, 0.193212, 0.533619,
    0.234083, 0.215453, 1.47917, 0.209443, 1.20089, 0.219476, 1.15531, 0.208402,
    1.13657, 0.222693, 1.46971, 0.64963, 1.60676, 0.227487, 0.203244, 0.282099,
    0.250602, 0.229648, 1.55094, 1.13366, 0.238149, 0.231575, 1.72836, 0.624392,
    0.747668, 0.232585, 1.67054, 0.224012, 1.19981, 0.234391, 0.849511, 1.62008,
    1.04733, 0.24159, 1.1262, 1.08915, 0.175428, 0.242902, 0.775615, 0.550145,
    1.7808, 0.252139, 1.28947, 1.03933, 0.29931, 0.268467, 2.14872, 0.247162,
    0.753013, 0.278576, 1.35699, 1.58712, 1.82355, 0.284944, 1.40391, 0.317724,
    0.29639, 0.297933, 0.91052, 2.34581, 2.22384, 0.300035, 0.910903, 0.313752,
    0.692468, 0.304808, 0.807994, 1.83474, 1.40684, 0.321049, 0.69285, 1.12444,
    0.317594, 0.332526, 1.5652, 2.06386, 2.73962, 0.35103, 0.416182, 0.319114,
    1.44106, 0.352533, 1.54953, 1.61738, 2.36679, 0.358616, 0.286064, 0.941559,
    0.426226, 0.359085, 2.96595, 0.414547, 0.170853, 0.402098, 0.178788, 0.176332,
    2.29666, 0.452094, 2.11201, 1.43623, 3.35947, 0.474129, 0.580224, 0.804052,
    0.477593, 0.509184, 2.97158, 1.68901, 0.96712, 0.511161, 1.00647, 0.586601,
    0.557999, 0.515413, 0.167165, 0.47978, 0.193399, 0.545322, 0.233354, 0.637895,
    1.65592, 0.550664, 3.00516, 0.59193, 0.449873, 0.55174, 0.906228, 0.575262,
    0.190651, 0.555042, 1.13746, 0.216803, 1.2101, 0.560341, 0.677952, 0.194476,
    1.27831, 0.622566, 0.194856, 0.232155, 0.24851, 0.640727, 0.67321, 1.3769,
    1.73957, 0.643208, 0.228712, 0.736738, 0.704722, 0.644725, 0.879823, 0.181491,
    0.163224, 0.654535, 0.627394, 0.846204, 1.64906, 0.658884, 0.957388, 0.264994,
    0.58545, 0.669126, 1.3483, 0.251202, 0.210963, 0.670222, 0.216535, 1.12989,
    0.675717, 0.68567, 0.967076, 1.30026, 1.21235, 0.692142, 0.222404, 1.19866,
    1.30221, 0.706454, 1.35366, 0.794615, 1.72596, 0.712857, 0.347273, 0.226063,
    0.220317, 0.716001, 1.71612, 0.242373, 0.214024, 0.729635, 1.29502, 0.660885,
    0.761394, 0.788343, 1.8937, 0.242558, 0.340819, 0.788682, 0.707828, 1.96542,
    1.35511, 0.793911, 1.09911, 1.2836, 1.32565, 0.801378, 0.851891, 2.03384,
    1.95942, 0.839238, 1.54433, 0.891488, 0.50936, 0.839598, 0.50954, 0.531569,
    1.74014, 0.850225, 0.397734, 1.32087, 0.248839, 0.855894, 1.18379, 1.72245,
    0.560008, 0.86063, 0.17842, 0.195339, 0.29375, 0.910225, 2.35038, 0.347979,
    0.941265, 0.915152, 0.502392, 0.208208, 0.266598, 0.917937, 0.935943, 0.202537,
    0.858904, 0.941899, 1.29471, 1.76705, 0.699699, 0.963554, 0.951674, 0.664501,
    0.749417, 0.976913, 1.52569, 0.635727, 1.14785, 0.978376, 0.936417, 0.232191,
    0.303122, 1.02118, 0.30489, 2.39178, 0.324049, 1.02349, 2.30171, 1.1609,
    2.04386, 1.028, 1.24596, 1.65928, 0.413266, 1.03646, 1.16146, 2.51352,
    0.399911, 1.04609, 2.05628, 2.12246, 1.36435, 1.05599, 0.264295, 0.244366,
    0.678162, 1.08863, 0.231554, 1.3568, 1.047, 1.10389, 2.47612, 0.324158,
    0.211855, 1.11465, 1.34683, 0.254195, 1.26758, 1.12139, 0.246098, 1.59953,
    1.47976, 1.17452, 0.257161, 0.817496, 0.642393, 1.17479, 0.698505, 0.217065,
    0.195432, 1.19161, 0.1716, 0.258728, 0.537365, 1.19241, 3.19356, 0.639564,
    1.20162, 1.20692, 1.09634, 0.685995, 0.303278, 1.33482, 0.239953, 1.7841,
    0.837819, 1.33771, 0.562692, 1.97957, 0.264664, 1.33999, 0.54843, 0.555588,
    0.826645, 1.35687, 0.662201, 0.678619, 2.88507, 1.38316, 1.39734, 0.609103,
    0.351391, 1.38345, 1.83327, 0.277007, 1.40365, 1.38406, 1.57493, 0.974795,
    1.79539, 1.38538, 0.228815, 0.312646, 0.240234, 1.42603, 0.655723, 1.01054,
    1.16678, 1.47634, 1.53373, 2.25458, 0.298776, 1.50845, 0.968146, 1.94341,
    0.206519, 1.62075, 0.20273, 0.729803, 0.972834, 1.64935, 0.272082, 1.44116,
    1.23023, 1.68551, 0.291743, 0.756216, 1.74587, 1.71634, 1.29868, 0.31513,
    0.255939, 1.72603, 1.27953, 0.256024, 2.15647, 1.74057, 1.70451, 1.16386,
    2.2719, 1.76824, 0.507586, 0.322126, 0.362605, 1.77232, 2.45092, 0.424492,
    0.513127, 1.81219, 2.48313, 1.54315, 1.10825, 1.8491, 1.91066, 0.33633,
    0.311309, 1.84937, 1.65195, 0.906065, 1.38075, 1.87565, 0.924757, 0.89707,
    0.22201, 1.87575, 0.77773, 0.622475, 0.740221, 1.91875, 0.85163, 0.836762,
    0.372847, 1.9847, 0.355979, 2.13661, 1.49475, 2.00301, 2.58356, 0.639899,
    1.25941, 2.02418, 0.376653, 2.10346, 0.257106, 2.09112, 0.300576, 0.264548,
    1.19258, 2.11795, 0.860508, 0.279855, 0.349228, 2.2186, 1.66841, 0.304361,
    0.87085, 2.22913, 0.296461, 0.327314, 0.993906, 2.28463, 0.315574, 1.05944,
    0.371241, 2.51012, 1.10851, 1.05687, 2.07754, 2.5564, 1.17633, 0.488082,
    1.08656, 2.58598, 1.3777, 0.457878, 0.401981, 2.71809, 0.418028, 1.58991,
    0.511787, 2.81524, 2.08187, 0.744563, 1.21744, 2.89588, 0.430203, 0.398204,
};
static float hg_grid_p4_n4096p[4096 * 4];   /* HG_GRID_P4_N4096P_ABS with the signs, filled by hg_grid_variant */
#define HG_GRID_P4_N4096P_MSE 0.026315471
/* the sign-symmetric p=2 grid of 256 points (tools/grids_symmetric.h), mse_per_dim = 0.0078378937: point(c) = the
 * row c & 63 of HG_GRID_P2_N256S_ABS with coordinate d negated when bit 6 + d of c is set */
static const float HG_GRID_P2_N256S_ABS[64 * 2] = {
    0.102399, 0.294033, 0.113286, 0.517628, 0.11391, 0.0954069, 0.11618, 0.744021,
    0.12161, 0.996383, 0.138642, 1.26364, 0.144862, 1.54875, 0.164611, 1.8802,
    0.209481, 2.26472, 0.290702, 0.360373, 0.292141, 2.72467, 0.338209, 0.121838,
    0.343675, 0.835959, 0.356268, 0.59871, 0.386563, 1.09284, 0.432108, 1.3599,
    0.43938, 1.66226, 0.47176, 3.37465, 0.498084, 0.361403, 0.537157, 2.01506,
    0.561489, 0.120102, 0.576675, 0.875387, 0.606885, 0.60453, 0.684495, 1.12692,
    0.727168, 0.360377, 0.733343, 1.41646, 0.739972, 2.39411, 0.754868, 1.7235,
    0.790859, 0.117247, 0.805593, 0.784562, 0.899368, 0.55185, 0.944438, 0.991249,
    0.985854, 0.3205, 0.996672, 1.99889, 1.0142, 1.26351, 1.04014, 0.104709,
    1.0624, 2.87763, 1.07256, 1.58952, 1.10644, 0.738229, 1.20837, 0.463401,
    1.2543, 1.02301, 1.28325, 0.161307, 1.35311, 2.29218, 1.36561, 1.36008,
    1.40851, 0.740377, 1.41755, 1.77923, 1.49902, 0.440593, 1.55629, 0.144315,
    1.60131, 1.07163, 1.74466, 0.749458, 1.77511, 1.45799, 1.82925, 0.438516,
    1.85904, 0.141291, 1.86837, 2.76696, 1.87667, 1.97238, 2.02601, 1.04986,
    2.16991, 0.624574, 2.20539, 0.202784, 2.29864, 1.46581, 2.55229, 2.13464,
    2.56258, 0.884112, 2.63716, 0.28304, 3.04407, 1.35705, 3.25283, 0.452233,
};
static float hg_grid_p2_n256s[256 * 2];   /* HG_GRID_P2_N256S_ABS with the signs, filled by hg_grid_variant */
#define HG_GRID_P2_N256S_MSE 0.0078378937
/* the sign-symmetric p=2 grid of 64 points (tools/grids_symmetric.h), mse_per_dim = 0.030325387: point(c) = the
 * row c & 15 of HG_GRID_P2_N64S_ABS with coordinate d negated when bit 4 + d of c is set */
static const float HG_GRID_P2_N64S_ABS[16 * 2] = {
    0.20824, 0.206221, 0.241496, 0.634461, 0.247463, 1.10606, 0.276959, 1.69922,
    0.485084, 2.55317, 0.648023, 0.229103, 0.743546, 0.695384, 0.767329, 1.21047,
    0.902554, 1.84903, 1.14924, 0.245191, 1.31417, 0.773532, 1.36969, 1.35789,
    1.74441, 2.17824, 1.7691, 0.321328, 2.08037, 1.1498, 2.59292, 0.465432,
};
static float hg_grid_p2_n64s[64 * 2];   /* HG_GRID_P2_N64S_ABS with the signs, filled by hg_grid_variant */
#define HG_GRID_P2_N64S_MSE 0.030325387
/* the block-structured sign-symmetric p=2 grid of 256 points (tools/grids_blocks.h), mse_per_dim = 0.0082038864:
 * point(c) = (HG_GRID_P2_N256B_X[m & 15], HG_GRID_P2_N256B_Y[m >> 2]), m = c & 63, coordinate d negated when
 * bit 6 + d of c is set. Its 64 magnitudes are 4 blocks of 4 x 4 points, so that on AVX2 each coordinate is
 * one 16-entry vpshufb lookup; 4.7% more MSE than HG_GRID_P2_N256S_ABS (quantize --grid fast). */
static const float HG_GRID_P2_N256B_X[16] = {
    0.119542047f, 0.580239177f, 1.09185195f, 1.77001452f, 0.124563806f, 0.617588758f, 1.18875051f, 2.01199913f,
    0.346377224f, 0.828366101f, 1.40086555f, 2.38702655f, 0.361116529f, 0.885629177f, 1.53187144f, 2.99143481f,
};
static const float HG_GRID_P2_N256B_Y[16] = {
    0.11634104f, 0.343206704f, 0.12501289f, 0.359057665f, 0.57871139f, 0.826535881f, 0.61474067f, 0.882393241f,
    1.09019649f, 1.39512837f, 1.18276346f, 1.52115583f, 1.75992608f, 2.37947631f, 2.00423455f, 2.9860754f,
};
static float hg_grid_p2_n256b_abs[64 * 2];   /* the 64 magnitudes of the block grid, filled by hg_grid_variant */
static float hg_grid_p2_n256b[256 * 2];      /* and the 256 points with the signs */
#define HG_GRID_P2_N256B_MSE 0.0082038864
/* the block-structured p=2 grid of 64 points (tools/grids_blocks.h), mse_per_dim = 0.030655711: point(c) =
 * (HG_GRID_P2_N64B_X[c & 15], HG_GRID_P2_N64B_Y[c >> 2]), signed: 4 blocks of 4 x 4 points on the whole plane, so
 * that on AVX2 each coordinate is one 16-entry vpshufb lookup and there are no signs to apply; 1.1% more MSE
 * than HG_GRID_P2_N64S_ABS (quantize --grid fast, 3 bits). */
static const float HG_GRID_P2_N64B_X[16] = {
    -2.39121675f, -0.697751999f, 0.224366158f, 1.27807057f, -1.76104712f, -0.676552355f, 0.221741453f, 1.16131675f,
    -1.16131675f, -0.221741453f, 0.676552355f, 1.76104712f, -1.27807057f, -0.224366158f, 0.697751999f, 2.39121675f,
};
static const float HG_GRID_P2_N64B_Y[16] = {
    -1.41918647f, -2.37982655f, -1.04139435f, -1.70007575f, -0.370548934f, -0.830425262f, -0.0795951858f, -0.52837038f,
    0.52837038f, 0.0795951858f, 0.830425262f, 0.370548934f, 1.70007575f, 1.04139435f, 2.37982655f, 1.41918647f,
};
static float hg_grid_p2_n64b[64 * 2];   /* its 64 points, filled by hg_grid_variant */
#define HG_GRID_P2_N64B_MSE 0.030655711
static const hg_grid_info hg_grid4_table[] = {
    {4, 256, HG_GRID_P4_N256, 0.09682871},
    {4, 1024, HG_GRID_P4_N1024, 0.05008262},
    {4, 4096, hg_grid_p4_n4096, 0.026251962},
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
/* The uniform 256-level grid of HG_GRID_UNIFORM: the step that minimizes E (X - Q(X))^2 for X ~
 * N(0, 1) over the levels (c - 128) * step, and that MSE, both by exact integrals (tools/gen_grids.py
 * --uniform prints them). Twice the MSE of the 256-level Gaussian grid, seven times below the
 * 64-level one's, and the int8 kernels multiply the codes as they are (the RTN 8-bit ones). */
#define HG_GRID_P1_N256U_STEP 0.0307655782f
#define HG_GRID_P1_N256U_MSE 8.7706922e-05
static float hg_grid_p1_n256u[256];
static int8_t hg_rtn8_k[256];         /* RTN 8-bit as int8 weights: k = c - 128 */
static uint8_t hg_rtn8_u[256];        /* and k + 128 = c, the unsigned operand of VNNI products */

#ifndef HG_NO_THREADS
static pthread_mutex_t hg_grid_sign_mu = PTHREAD_MUTEX_INITIALIZER;
#endif
/* a sign-symmetric grid from its magnitudes, once: point c is magnitude row c & (2^mag_bits - 1) with
 * coordinate d negated when bit mag_bits + d of c is set */
static void hg_grid_expand_signs(const float *mags, int p, int n, int mag_bits, float *out, int *done) {
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_grid_sign_mu);
#endif
    for (int c = 0; !*done && c < n; c++)
        for (int d = 0; d < p; d++) {
            float a = mags[p * (c & ((1 << mag_bits) - 1)) + d];
            out[p * c + d] = c >> (mag_bits + d) & 1 ? -a : a;
        }
    *done = 1;
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_grid_sign_mu);
#endif
}

/* the RTN tables, once, under the lock: tensors may be opened from several threads at once, and
 * none may see a table half filled */
static void hg_rtn_tables_fill(void) {
    static int done;
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_grid_sign_mu);
#endif
    if (!done) {
        for (int bits = 2; bits <= 8; bits++)
            for (int c = 0; c < 1 << bits; c++) hg_rtn_levels[bits][c] = (float)(c - (1 << (bits - 1)));
        for (int c = 0; c < 256; c++) hg_rtn8_k[c] = (int8_t)(c - 128), hg_rtn8_u[c] = (uint8_t)c;
        for (int c = 0; c < 256; c++) hg_grid_p1_n256u[c] = (float)(c - 128) * HG_GRID_P1_N256U_STEP;
        done = 1;
    }
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_grid_sign_mu);
#endif
}


const float *hg_grid_variant(int p, int n, int variant, double *mse_per_dim) {
    if (variant == HG_GRID_FREE) return hg_grid(p, n, mse_per_dim);
    if (variant == HG_GRID_UNIFORM) {
        if (p != 1 || n != 256) return NULL;
        hg_rtn_tables_fill();         /* fills hg_grid_p1_n256u too, under the lock */
        if (mse_per_dim) *mse_per_dim = HG_GRID_P1_N256U_MSE;
        return hg_grid_p1_n256u;
    }
    if (variant == HG_GRID_BLOCKS) {
        static int doneb, done64b;
        if (p != 2 || (n != 256 && n != 64)) return NULL;
#ifndef HG_NO_THREADS
        pthread_mutex_lock(&hg_grid_sign_mu);   /* the magnitudes once, as hg_grid_expand_signs does the points */
#endif
        for (int m = 0; !doneb && m < 64; m++) {
            hg_grid_p2_n256b_abs[2 * m] = HG_GRID_P2_N256B_X[m & 15];
            hg_grid_p2_n256b_abs[2 * m + 1] = HG_GRID_P2_N256B_Y[m >> 2];
        }
        for (int c = 0; !done64b && c < 64; c++) {
            hg_grid_p2_n64b[2 * c] = HG_GRID_P2_N64B_X[c & 15];
            hg_grid_p2_n64b[2 * c + 1] = HG_GRID_P2_N64B_Y[c >> 2];
        }
        done64b = 1;
#ifndef HG_NO_THREADS
        pthread_mutex_unlock(&hg_grid_sign_mu);
#endif
        if (n == 64) {
            if (mse_per_dim) *mse_per_dim = HG_GRID_P2_N64B_MSE;
            return hg_grid_p2_n64b;
        }
        hg_grid_expand_signs(hg_grid_p2_n256b_abs, 2, 256, 6, hg_grid_p2_n256b, &doneb);
        if (mse_per_dim) *mse_per_dim = HG_GRID_P2_N256B_MSE;
        return hg_grid_p2_n256b;
    }
    if (variant == HG_GRID_SIGNSYM && p == 4 && n == 4096) {
        static int done4p;
        hg_grid_expand_signs(HG_GRID_P4_N4096P_ABS, 4, 4096, 8, hg_grid_p4_n4096p, &done4p);
        if (mse_per_dim) *mse_per_dim = HG_GRID_P4_N4096P_MSE;
        return hg_grid_p4_n4096p;
    }
    if (variant != HG_GRID_SIGNSYM || p != 2 || (n != 256 && n != 64)) return NULL;
    static int done, done64;
    if (n == 64) {
        hg_grid_expand_signs(HG_GRID_P2_N64S_ABS, 2, 64, 4, hg_grid_p2_n64s, &done64);
        if (mse_per_dim) *mse_per_dim = HG_GRID_P2_N64S_MSE;
        return hg_grid_p2_n64s;
    }
    hg_grid_expand_signs(HG_GRID_P2_N256S_ABS, 2, 256, 6, hg_grid_p2_n256s, &done);
    if (mse_per_dim) *mse_per_dim = HG_GRID_P2_N256S_MSE;
    return hg_grid_p2_n256s;
}

const float *hg_grid(int p, int n, double *mse_per_dim) {
    static int done4;
    if (p == 4 && n == 4096) hg_grid_expand_signs(HG_GRID_P4_N4096_ABS, 4, 4096, 8, hg_grid_p4_n4096, &done4);
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
    int p, n, variant, ready;
    int8_t k[4096 * 4], kx[256], ky[256];
    uint8_t ku[4096 * 4], kux[256], kuy[256];
    uint8_t kuc[4][256];   /* p=4 n=256: k + 128 of coordinate d of each point (byte lookups) */
    uint32_t kw[4096], kuw[4096];   /* p=4: a point's four k (k + 128) as one little-endian word */
    int sym;                        /* p=4 n=4096: point(c) = signs (bits 8-11 of c) * point(c & 255), k >= 0 there;
                                     * p=2 HG_GRID_SIGNSYM: signs (bits 6-7) * point(c & 63) */
    int paired;                     /* sym, p=4: kabs[d][m + 128] = kabs[d ^ 1][m] for m < 128 (HG_GRID_SIGNSYM) */
    uint32_t kabsw[256];            /* sym, p=4: the four |k| of magnitude m as one little-endian word */
    uint8_t kabs[4][256];           /* sym: k of coordinate d of the magnitude points */
    uint8_t kby[16];                /* HG_GRID_BLOCKS 256 points: k of Y[t] (kabs[1][4t]) */
    uint8_t kbu[3][16];             /* HG_GRID_BLOCKS 64 points: k + 64 of X[t] and of Y[t] (|k| <= 63 there), and
                                     * of Y[(t >> 2) | (t & 3) << 2] (the planar layout's y index) */
    int32_t pair[256];
    uint8_t rx[64], ry[64], spread[64], shift[64];
    float inv;
} hg_grid8;
/* The int8 path (hg_act8) on every build: p=1 16 and 64 levels and the uniform 256 (whose k are the
 * codes), p=2 256 and 64 points.
 * Where AVX-512 VNNI + VBMI are built, also the grids whose codes are 2, 3, 5
 * (p=1) or 4 bits (p=2, 16 points): vpmultishiftqb unpacks them; elsewhere
 * those keep the float kernels, whose results differ from the int8 path's by
 * the int8 rounding (hg_act8_grids says which grids a build runs as int8).
 * p=1 64 levels: k = round(level * 127 / max level) moves a level by up to 0.013 (of the
 * block's RMS), which adds about 9% to the grid's MSE; the Gaussian 256-level grid would
 * more than double its own, so it stays float (its uniform variant is the fast 8-bit). */
#if defined(HG_AVX512_VNNI)
#endif
const char *hg_act8_grids(void) {
#if defined(HG_AVX512_VNNI)
    return "p1 2/3/4/5/6-bit, p1u 8-bit, p2 2/3/4-bit, p4 2/2.5/3-bit, rtn 8-bit";
#else
    return "p1 4/5/6-bit, p1u 8-bit, p2 3/4-bit, p4 2/2.5/3-bit, rtn 8-bit";
#endif
}
#define HG_GRID8_COUNT 16
static hg_grid8 hg_grid8_tab[HG_GRID8_COUNT] = {
    {.p = 1, .n = 16}, {.p = 2, .n = 256}, {.p = 2, .n = 64},   {.p = 1, .n = 4},    {.p = 1, .n = 8},
    {.p = 1, .n = 32}, {.p = 2, .n = 16},  {.p = 4, .n = 256},  {.p = 4, .n = 1024}, {.p = 4, .n = 4096},
    {.p = 2, .n = 256, .variant = HG_GRID_SIGNSYM}, {.p = 2, .n = 64, .variant = HG_GRID_SIGNSYM}, {.p = 1, .n = 64},
    {.p = 2, .n = 256, .variant = HG_GRID_BLOCKS}, {.p = 2, .n = 64, .variant = HG_GRID_BLOCKS},
    {.p = 4, .n = 4096, .variant = HG_GRID_SIGNSYM}};
#ifndef HG_NO_THREADS
static pthread_mutex_t hg_grid8_mu = PTHREAD_MUTEX_INITIALIZER;
#endif
static const hg_grid8 *hg_grid8_get(int p, int n, int variant) {
    hg_grid8 *g = NULL;
    for (int i = 0; i < HG_GRID8_COUNT; i++)
        if (hg_grid8_tab[i].p == p && hg_grid8_tab[i].n == n && hg_grid8_tab[i].variant == variant) g = &hg_grid8_tab[i];
    const float *pts = hg_grid_variant(p, n, variant, NULL);
    if (!g || !pts) return NULL;
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_grid8_mu);
#endif
    if (!g->ready) {
        float m = 0;
        for (int i = 0; i < n * p; i++) m = fmaxf(m, fabsf(pts[i]));
        /* the 64-point block grid on |k| <= 63: k + 64 is an unsigned byte for vpmaddubsw (AVX2), and
         * the step of 1/63 of the largest coordinate adds about 0.4% to that grid's MSE */
        const int blocks64 = variant == HG_GRID_BLOCKS && n == 64;
        float S = (blocks64 ? 63.0f : 127.0f) / m;
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
        /* sign-symmetric: n / 2^p magnitude points, the sign bits above their index bits */
        g->sym = (p == 4 && n == 4096) || (p == 2 && (variant == HG_GRID_SIGNSYM || (variant == HG_GRID_BLOCKS && n == 256)));
        const int mag_bits = p == 4 ? 8 : n == 64 ? 4 : 6, mags = 1 << mag_bits;
        for (int c = 0; g->sym && c < n; c++)
            for (int d = 0; d < p; d++) {
                int a = g->k[p * (c & (mags - 1)) + d];
                g->sym &= a >= 0 && g->k[p * c + d] == (c >> (mag_bits + d) & 1 ? -a : a);
            }
        for (int i = 0; g->sym && i < mags; i++)
            for (int d = 0; d < p; d++) g->kabs[d][i] = (uint8_t)g->k[p * i + d];
        for (int i = 0; g->sym && p == 4 && i < 256; i++)
            g->kabsw[i] = (uint32_t)g->kabs[0][i] | (uint32_t)g->kabs[1][i] << 8 | (uint32_t)g->kabs[2][i] << 16 |
                          (uint32_t)g->kabs[3][i] << 24;
        g->paired = g->sym && p == 4;
        for (int i = 0; g->paired && i < 128; i++)
            for (int d = 0; d < 4; d++) g->paired &= g->kabs[d][i + 128] == g->kabs[d ^ 1][i];
        for (int t = 0; variant == HG_GRID_BLOCKS && n == 256 && t < 16; t++) g->kby[t] = g->kabs[1][4 * t];
        for (int t = 0; blocks64 && t < 16; t++) {   /* point t has X[t], point 4t has Y[t] */
            g->kbu[0][t] = (uint8_t)(g->k[2 * t] + 64);
            g->kbu[1][t] = (uint8_t)(g->k[2 * (4 * t) + 1] + 64);
        }
        for (int t = 0; blocks64 && t < 16; t++) g->kbu[2][t] = g->kbu[1][(t >> 2) | (t & 3) << 2];
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
    q->p = (int)(params[0] & 0xFFu);
    q->variant = (int)(params[0] >> 8);
    q->bits = (int)params[1];
    q->group = (int)params[2];
    q->hadamard = (int)(params[3] & 0xFFFFu);
    q->had_m = (int)(params[3] >> 16 & 0xFFu);
    q->sign_seed = (int)(params[3] >> 24);
    if ((q->sign_seed || q->had_m) && type != HG_HIGGS) return -1;
    if (!q->had_m) q->had_m = 1;
    if (q->variant == HG_VARIANT_BLOCKS_PLANAR) {   /* the 3-bit block grid, planar codes: whole 32-code chunks */
        if (type != HG_HIGGS || q->p != 2 || q->bits != 6 || q->group % 64) return -1;
        q->variant = HG_GRID_BLOCKS;
        q->planar = HG_PLANAR_P2B6;
    }
    if (q->variant == HG_VARIANT_P4_PAIRED_PLANAR) {   /* the paired p=4 grid, planar codes: whole 64-code chunks */
        if (type != HG_HIGGS || q->p != 4 || q->bits != 12 || q->group % 256) return -1;
        q->variant = HG_GRID_SIGNSYM;
        q->planar = HG_PLANAR_P4B12;
    }
    if (q->variant) {
        int signsym = (q->variant == HG_GRID_SIGNSYM && q->p == 2 && (q->bits == 8 || q->bits == 6)) ||
                      (q->variant == HG_GRID_SIGNSYM && q->planar == HG_PLANAR_P4B12) ||
                      (q->variant == HG_GRID_BLOCKS && q->p == 2 && (q->bits == 8 || q->bits == 6));
        int uniform = q->variant == HG_GRID_UNIFORM && q->p == 1 && q->bits == 8;
        if (type != HG_HIGGS || !(signsym || uniform)) return -1;
    }
    if (!hg_is_quantized(type) || q->p < 1 || q->p > 4 || q->p == 3 || q->bits < 1 || q->bits > 8 * q->p || q->bits > 16) return -1;
    if (q->group < 16 || q->group > 32768 || q->group % q->p) return -1;
    if (q->had_m == 1 ? !hg_pow2((uint64_t)q->group) : q->group % 32 || q->group % q->had_m || !hg_pow2((uint64_t)(q->group / q->had_m)))
        return -1;
    q->n = 1 << q->bits;
    switch (type) {
    case HG_HIGGS:
        if (q->hadamard != q->group) return -1;
        if (q->had_m > 1 && !(q->had_base = hg_hadamard_base(q->had_m))) return -1;
        q->codebook = hg_grid_variant(q->p, q->n, q->variant, &q->mse_per_dim);
        if (q->variant == HG_GRID_UNIFORM) {   /* level (c - 128) * step: the RTN 8-bit int8 path, scaled */
            q->grid8 = hg_rtn8_k;
            q->grid8u = hg_rtn8_u;
            q->grid8_inv = HG_GRID_P1_N256U_STEP;
        } else {
            const hg_grid8 *g8 = hg_grid8_get(q->p, q->n, q->variant);
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
                q->grid8abs = g8->sym ? g8->kabs : NULL;
                q->grid8paired = g8->paired;
                q->grid8absw = g8->kabsw;
                q->grid8by = g8->kby;
                q->grid8bu = g8->kbu;
                q->grid8uw = g8->kuw;
            }
        }
        break;
    case HG_RTN:
        if (q->p != 1 || q->bits < 2 || q->bits > 8 || q->hadamard) return -1;
        hg_rtn_tables_fill();
        q->codebook = hg_rtn_levels[q->bits];
        if (q->bits == 8) {           /* the levels are the int8 values themselves: the int8 activation path */
            q->grid8 = hg_rtn8_k;
            q->grid8u = hg_rtn8_u;
            q->grid8_inv = 1.0f;
        }
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

/* the planar layout of 6-bit codes (file variant 4: the 3-bit block grid, docs/format.md): per chunk
 * of 32 codes, 24 bytes; code i's bits 0-3 (its x index) in byte i % 16, the low nibble for i < 16
 * and the high one for i >= 16, then e = (c >> 4) ^ (c & 3) in bits 2 * (i / 8) of byte 16 + i % 8.
 * The AVX2 kernel takes the x index as it is and the y index as nibble ^ e, one XOR, from a table in
 * that order (grid8bu[2]), where the standard bit stream costs six instructions to unpack. */
static inline int hg_code_at_planar(const uint8_t *codes, uint64_t i) {
    const uint8_t *b = codes + i / 32 * 24;
    const unsigned j = (unsigned)(i % 32), nib = b[j % 16] >> (j / 16 * 4) & 15u, e = b[16 + j % 8] >> (j / 8 * 2) & 3u;
    return (int)(nib | (e ^ (nib & 3u)) << 4);
}
/* into zeroed codes */
static inline void hg_code_put_planar(uint8_t *codes, uint64_t i, int code) {
    uint8_t *b = codes + i / 32 * 24;
    const unsigned j = (unsigned)(i % 32), c = (unsigned)code;
    b[j % 16] |= (uint8_t)((c & 15u) << (j / 16 * 4));
    b[16 + j % 8] |= (uint8_t)((((c >> 4) ^ (c & 3u)) & 3u) << (j / 8 * 2));
}
/* the planar layout of p=4 12-bit codes (file variant 6: the paired grid): per chunk of 64 codes, 96
 * bytes; code i's magnitude index (bits 0-7) in byte i, then four sign planes of 8 bytes: sign bit d
 * (bit 8 + d) of code i in bit i % 8 of byte 64 + 8d + i / 8. The AVX-512 kernel loads the 64 indices
 * as they are and each plane as a mask register (bit i for code i). */
static inline int hg_code_at_p4planar(const uint8_t *codes, uint64_t i) {
    const uint8_t *b = codes + i / 64 * 96;
    const unsigned j = (unsigned)(i % 64);
    unsigned c = b[j];
    for (unsigned d = 0; d < 4; d++) c |= (unsigned)(b[64 + 8 * d + j / 8] >> (j % 8) & 1u) << (8 + d);
    return (int)c;
}
/* bit i of x in bit 0 of byte i */
static inline uint64_t hg_bits_to_bytes(unsigned x) {
    uint64_t r = x & 255u;
    r = (r | r << 28) & 0x0000000F0000000Full;
    r = (r | r << 14) & 0x0003000300030003ull;
    return (r | r << 7) & 0x0101010101010101ull;
}
/* the 64 codes of a planar p=4 chunk (96 bytes at b) as ints: eight codes' sign nibbles a 64-bit word */
static inline void hg_unpack_p4planar_chunk(const uint8_t *b, int32_t *idx) {
    for (int k = 0; k < 8; k++) {
        const uint64_t nib = hg_bits_to_bytes(b[64 + k]) | hg_bits_to_bytes(b[72 + k]) << 1 | hg_bits_to_bytes(b[80 + k]) << 2 |
                             hg_bits_to_bytes(b[88 + k]) << 3;
        for (int t = 0; t < 8; t++) idx[8 * k + t] = b[8 * k + t] | (int32_t)(nib >> (8 * t) & 15) << 8;
    }
}
static inline void hg_code_put_p4planar(uint8_t *codes, uint64_t i, int code) {
    uint8_t *b = codes + i / 64 * 96;
    const unsigned j = (unsigned)(i % 64), c = (unsigned)code;
    b[j] = (uint8_t)(c & 255u);
    for (unsigned d = 0; d < 4; d++) b[64 + 8 * d + j / 8] |= (uint8_t)((c >> (8 + d) & 1u) << (j % 8));
}
/* code i of a row of q's tensor, in any layout */
static inline int hg_qcode(const hg_qinfo *q, const uint8_t *codes, uint64_t i) {
    return q->planar == HG_PLANAR_P2B6 ? hg_code_at_planar(codes, i)
           : q->planar                 ? hg_code_at_p4planar(codes, i)
                                       : hg_code_at(codes, i, q->bits);
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
            const float *pt = q->codebook + (size_t)hg_qcode(q, codes, idx) * (size_t)q->p;
            for (int d = 0; d < q->p; d++) acc += pt[d] * xr[idx * (uint64_t)q->p + (uint64_t)d];
        }
        sum += (double)hg_f16_to_f32(sc[g]) * acc;
    }
    return (float)sum;
}

/* the planar layout's (hg_code_at_planar) n codes at c as bytes, n a multiple of 32; eight codes a
 * 64-bit word (each byte lane on its own, so either byte order of the word works) */
static void hg_unpack6_planar(const uint8_t *c, uint64_t n, uint8_t *out) {
    const uint64_t m4 = 0x0F0F0F0F0F0F0F0Full, m2 = 0x0303030303030303ull;
    for (uint64_t i = 0; i < n; i += 32, c += 24, out += 32) {
        uint64_t b0, b1, e;
        memcpy(&b0, c, 8), memcpy(&b1, c + 8, 8), memcpy(&e, c + 16, 8);
        const uint64_t nib[4] = {b0 & m4, b1 & m4, b0 >> 4 & m4, b1 >> 4 & m4};   /* codes 0-7, 8-15, 16-23, 24-31 */
        for (int k = 0; k < 4; k++) {   /* e of codes 8k .. 8k + 7: bits 2k of e's bytes */
            const uint64_t code = nib[k] | (((e >> (2 * k)) ^ nib[k]) & m2) << 4;
            memcpy(out + 8 * k, &code, 8);
        }
    }
}

/* unpack the codes of one group into ints so table loops can index them */
static inline void hg_unpack_codes(const hg_qinfo *q, const uint8_t *codes, uint64_t first, int count, int32_t *idx) {
    const int bits = q->bits;
    if (q->planar == HG_PLANAR_P4B12) {
        int k = 0;
        for (; k + 64 <= count && !((first + (uint64_t)k) % 64); k += 64)
            hg_unpack_p4planar_chunk(codes + (first + (uint64_t)k) / 64 * 96, idx + k);
        for (; k < count; k++) idx[k] = hg_code_at_p4planar(codes, first + (uint64_t)k);
        return;
    }
    if (q->planar) {
        int k = 0;
        for (uint8_t b[32]; k + 32 <= count && !((first + (uint64_t)k) % 32); k += 32) {
            hg_unpack6_planar(codes + (first + (uint64_t)k) / 32 * 24, 32, b);
            for (int j = 0; j < 32; j++) idx[k + j] = b[j];
        }
        for (; k < count; k++) idx[k] = hg_code_at_planar(codes, first + (uint64_t)k);
        return;
    }
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
            hg_unpack_codes(q, codes, g * (uint64_t)per_group + (uint64_t)done, count, idx);
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
            hg_unpack_codes(q, codes, g * (uint64_t)per_group + (uint64_t)done, count, idx);
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

/* the VNNI kernels' order (and the AVX2 kernel's of the sign-symmetric p=2 grid): per 128 values,
 * the 64 even then the 64 odd; a block's last t < 128 values (blocks that are a multiple of 32, not
 * of 128, such as 288 = 2 x 128 + 32), likewise: the t/2 even then the t/2 odd */
#if defined(HG_AVX512_VNNI) || defined(HG_AVX2)
static void hg_act8_interleave_tail(const int8_t *q, int8_t *qp, uint64_t t) {
    for (uint64_t i = 0; i < t / 2; i++) {
        qp[i] = q[2 * i];
        qp[t / 2 + i] = q[2 * i + 1];
    }
}
#endif
#if defined(HG_AVX512_VNNI)
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

#if defined(HG_NEON)
/* the coordinate-major copy for the NEON paired p=4 kernel (per 256 values, coordinate d of the 64
 * points together, as hg_act8_coords4): ld4 takes 16 points' coordinates apart */
static void hg_act8_coords4_neon(const int8_t *q, int8_t *qp, uint64_t n) {
    for (uint64_t c = 0; c < n; c += 256)
        for (int t = 0; t < 4; t++) {
            const int8x16x4_t v = vld4q_s8(q + c + 64 * t);
            for (int d = 0; d < 4; d++) vst1q_s8(qp + c + 64 * d + 16 * t, v.val[d]);
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
        if ((q->n == 256 || q->grid8abs) && !(H % 256)) hg_act8_coords4(a->q, a->qp, q->cols_pad);
    } else if (!(H % 128)) hg_act8_interleave(a->q, a->qp, q->cols_pad);
    else if (!(H % 32))
        for (uint64_t b = 0; b < q->groups; b++) {
            uint64_t full = H / 128 * 128;
            hg_act8_interleave(a->q + b * H, a->qp + b * H, full);
            hg_act8_interleave_tail(a->q + b * H + full, a->qp + b * H + full, H - full);
        }
#elif defined(HG_AVX2)
    if (q->p == 2 && (q->grid8abs || q->n == 64) && !(H % 32))   /* hg_qdot8_p2s_avx2, _p2n64; a few microseconds a token */
        for (uint64_t b = 0; b < q->groups; b++)
            for (uint64_t j = 0; j < H; j += 128)
                hg_act8_interleave_tail(a->q + b * H + j, a->qp + b * H + j, H - j < 128 ? H - j : 128);
#elif defined(HG_NEON)
    if (q->p == 4 && q->planar && q->grid8paired && !(H % 256)) hg_act8_coords4_neon(a->q, a->qp, q->cols_pad);
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
            const int8_t *pt = q->grid8 + (size_t)hg_qcode(q, codes, idx) * (size_t)q->p;
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
    if (q->planar) return 0;   /* the planar layout: the AVX2 kernels (hg_p2bp_lookup_avx2) */
    if (q->p == 1 && (q->bits == 2 || q->bits == 3 || q->bits == 5 || q->bits == 6)) return q->group % 64 ? 0 : q->bits;
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
    case 6: hg_qrows8_packed(w, q, a, row0, row1, out, 6, 1); break;
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
    case 6: hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, 6, 1); break;
    case 12: hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, 4, 2); break;
    default: hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, 6, 2); break;
    }
}

static void hg_row8_packed_avx512(const hg_qinfo *q, const uint8_t *codes, uint8_t *u) {
    switch (hg_packed_kind(q)) {
    case 2: hg_row8_packed(q, codes, u, 2, 1); break;
    case 3: hg_row8_packed(q, codes, u, 3, 1); break;
    case 5: hg_row8_packed(q, codes, u, 5, 1); break;
    case 6: hg_row8_packed(q, codes, u, 6, 1); break;
    case 12: hg_row8_packed(q, codes, u, 4, 2); break;
    default: hg_row8_packed(q, codes, u, 6, 2); break;
    }
}
#endif

#if defined(HG_AVX2)
/* acc + the dot products of each four unsigned bytes of u with the signed bytes of s, exact: with
 * AVX-VNNI one vpdpbusd; else vpmaddubsw (its pairs cannot saturate in these kernels: u <= 128 and
 * |s| <= 127) and vpmaddwd against ones */
HG_INLINE __m256i hg_dpbusd_avx2(__m256i acc, __m256i u, __m256i s) {
#if defined(HG_AVXVNNI)
    return _mm256_dpbusd_avx_epi32(acc, u, s);
#elif defined(HG_AVX512_VNNI) && defined(__AVX512VL__)   /* AVX-512 builds running an AVX2 kernel */
    return _mm256_dpbusd_epi32(acc, u, s);
#else
    return _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1)));
#endif
}
/* 32 int8 weights k (natural order) times the activations at x, into one of a block's two
 * accumulators by step (j & 32): |k| by sign(k) * q with vpmaddubsw, which cannot saturate
 * (2 * 127 * 127 < 32768) */
HG_INLINE void hg_acc_k32_avx2(__m256i k, const int8_t *x, uint64_t j, __m256i *a0, __m256i *a1) {
    __m256i v = _mm256_loadu_si256((const __m256i *)x);
    if (j & 32) *a1 = hg_dpbusd_avx2(*a1, _mm256_sign_epi8(k, k), _mm256_sign_epi8(v, k));
    else *a0 = hg_dpbusd_avx2(*a0, _mm256_sign_epi8(k, k), _mm256_sign_epi8(v, k));
}
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
            acc = hg_dpbusd_avx2(acc, _mm256_sign_epi8(k, k), _mm256_sign_epi8(v, k));
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(acc, _mm256_setzero_si256());
    }
    return total;
}

/* RTN 8-bit: the code bytes with the top bit flipped are the int8 weights; |k| <= 128, so
 * vpmaddubsw on |k| and sign(k) * q cannot saturate either (2 * 128 * 127 < 32768).
 * One block's products as eight int32 lanes (blocks of 32 + 64i end with one step of 32). */
HG_INLINE __m256i hg_p1n256_block_avx2(const uint8_t *c, const int8_t *x, uint64_t H) {
    const __m256i flip = _mm256_set1_epi8((char)0x80);
    __m256i a0 = _mm256_setzero_si256(), a1 = a0;
    uint64_t j = 0;
    for (; j + 64 <= H; j += 64) {
        __m256i k0 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(c + j)), flip);
        __m256i k1 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(c + j + 32)), flip);
        a0 = hg_dpbusd_avx2(a0, _mm256_sign_epi8(k0, k0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)(x + j)), k0));
        a1 = hg_dpbusd_avx2(a1, _mm256_sign_epi8(k1, k1), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)(x + j + 32)), k1));
    }
    if (j < H) {
        __m256i k0 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(c + j)), flip);
        a0 = hg_dpbusd_avx2(a0, _mm256_sign_epi8(k0, k0), _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)(x + j)), k0));
    }
    return _mm256_add_epi32(a0, a1);
}
/* total + four blocks' (scale_b * d_b) * isum_b: the products as one vector, then added one by one,
 * in the definition's order (hg_qdot8_codes_ref) */
HG_INLINE float hg_add4_blocks(float total, const uint16_t *sc, const float *d, __m128i isum) {
#if defined(HG_F16C)
    __m128 scale = _mm_cvtph_ps(_mm_loadl_epi64((const __m128i *)sc));
#else
    __m128 scale = _mm_setr_ps(hg_f16_to_f32(sc[0]), hg_f16_to_f32(sc[1]), hg_f16_to_f32(sc[2]), hg_f16_to_f32(sc[3]));
#endif
    float v[4];
    _mm_storeu_ps(v, _mm_mul_ps(_mm_mul_ps(scale, _mm_loadu_ps(d)), _mm_cvtepi32_ps(isum)));
    total += v[0];
    total += v[1];
    total += v[2];
    total += v[3];
    return total;
}
/* Four blocks at a time: their sums reduced together (two rounds of vphaddd), then hg_add4_blocks. */
static float hg_qdot8_p1n256_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    uint64_t g = 0;
    for (; g + 4 <= q->groups; g += 4) {
        __m256i s0 = hg_p1n256_block_avx2(codes + g * H, a->q + g * H, H);
        __m256i s1 = hg_p1n256_block_avx2(codes + (g + 1) * H, a->q + (g + 1) * H, H);
        __m256i s2 = hg_p1n256_block_avx2(codes + (g + 2) * H, a->q + (g + 2) * H, H);
        __m256i s3 = hg_p1n256_block_avx2(codes + (g + 3) * H, a->q + (g + 3) * H, H);
        __m256i h = _mm256_hadd_epi32(_mm256_hadd_epi32(s0, s1), _mm256_hadd_epi32(s2, s3));
        total = hg_add4_blocks(total, sc + g, a->d + g, _mm_add_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1)));
    }
    for (; g < q->groups; g++) {
        __m256i s = hg_p1n256_block_avx2(codes + g * H, a->q + g * H, H);
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(s, _mm256_setzero_si256());
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
/* m ? b : a by bit 7 of each byte of m (vpblendvb). GCC 12 folds _mm256_blendv_epi8 into a select
 * on m < 0 and then emits that comparison (a vpcmpgtb per blend) when m is computed, as the code
 * bits shifted to bit 7 are here: the p=2 4-bit kernels ran 3-8% slower (bench_kernels, AVX2 build
 * on Zen 5) */
#if defined(__GNUC__) && !defined(__clang__)
HG_INLINE __m256i hg_blendv_avx2(__m256i a, __m256i b, __m256i m) {
    __m256i r;
    __asm__("vpblendvb %3, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b), "x"(m));
    return r;
}
HG_INLINE __m128i hg_blendv_sse(__m128i a, __m128i b, __m128i m) {
    __m128i r;
    __asm__("vpblendvb %3, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b), "x"(m));
    return r;
}
#else
#define hg_blendv_avx2 _mm256_blendv_epi8
#define hg_blendv_sse _mm_blendv_epi8
#endif
/* the 16 bytes at c and the 16 at c + off, of a step of 2 * off bytes of codes: at the row's last
 * step (fewer than off + 16 bytes left before end) from a copy, never reading past the step */
HG_INLINE void hg_load_step_avx2(const uint8_t *c, const uint8_t *end, int off, __m128i *lo, __m128i *hi) {
    if (end - c >= off + 16) {
        *lo = _mm_loadu_si128((const __m128i *)c);
        *hi = _mm_loadu_si128((const __m128i *)(c + off));
    } else {
        uint8_t b[32] = {0};
        memcpy(b, c, (size_t)(2 * off));
        *lo = _mm_loadu_si128((const __m128i *)b);
        *hi = _mm_loadu_si128((const __m128i *)(b + off));
    }
}
/* 32 six-bit codes from 24 bytes: byte i holds code i in bits 0-5 and, in bits 6-7, two bits
 * of another code */
HG_INLINE __m256i hg_codes6x32_raw_avx2(const uint8_t *c, const uint8_t *end) {
    __m128i lo, hi;
    hg_load_step_avx2(c, end, 12, &lo, &hi);
    /* per 3 bytes b0 b1 b2 (u = b0 | b1 << 8 | b2 << 16, code j = bits 6j..6j+5 of u) the 16-bit
     * words b0 | b1 << 8 (u's bits 0-15: codes 0 and 1 at bits 0 and 6) and b1 | b2 << 8 (u's bits
     * 8-23), that one shifted right by 4 (codes 2 and 3 at bits 0 and 6); then each word's low byte
     * keeps bits 0-5 and its high byte takes bits 6-11 */
    const __m256i spread = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11, 0, 1, 1, 2, 3, 4, 4, 5, 6, 7,
                                            7, 8, 9, 10, 10, 11);
    __m256i g = _mm256_shuffle_epi8(_mm256_set_m128i(hi, lo), spread);
    __m256i v = _mm256_blend_epi16(g, _mm256_srli_epi16(g, 4), 0xAA);
    return _mm256_blendv_epi8(v, _mm256_slli_epi16(v, 2), _mm256_set1_epi16((short)0xFF00));
}
/* byte i = code i (the raw form above with bits 6-7 cleared) */
HG_INLINE __m256i hg_codes6x32_avx2(const uint8_t *c, const uint8_t *end) {
    return _mm256_and_si256(hg_codes6x32_raw_avx2(c, end), _mm256_set1_epi8(63));
}
HG_INLINE __m256i hg_lut64_avx2(const __m256i T[4], __m256i c, __m256i m4, __m256i m5) {
    __m256i a = hg_blendv_avx2(_mm256_shuffle_epi8(T[0], c), _mm256_shuffle_epi8(T[1], c), m4);
    __m256i b = hg_blendv_avx2(_mm256_shuffle_epi8(T[2], c), _mm256_shuffle_epi8(T[3], c), m4);
    return hg_blendv_avx2(a, b, m5);
}
/* p=1 32 levels: 32 codes (20 bytes) a step. Each code's two bytes into a 16-bit word (vpshufb from
 * the 16 bytes at the step and at +10, each lane its 8 codes), then a multiply by 2^(11 - shift) puts
 * the code at bits 11-15 and a shift right by 11 brings it down; vpackuswb and vpermq order the 32
 * codes; k from two 16-entry tables picked by code bit 4 */
HG_INLINE __m256i hg_codes5x32_avx2(const uint8_t *c, const uint8_t *end) {
    __m128i lo, hi;
    hg_load_step_avx2(c, end, 10, &lo, &hi);
    /* code i (bits 5i..5i+4) lies in bytes 5i/8 and 5i/8 + 1, at bit 5i % 8 of that pair */
    const __m256i spread = _mm256_setr_epi8(0, 1, 0, 1, 1, 2, 1, 2, 2, 3, 3, 4, 3, 4, 4, 5, 5, 6, 5, 6, 6, 7, 6, 7, 7, 8, 8, 9, 8,
                                            9, 9, 10);
    const __m256i mul = _mm256_setr_epi16(1 << 11, 1 << 6, 1 << 9, 1 << 4, 1 << 7, 1 << 10, 1 << 5, 1 << 8, 1 << 11, 1 << 6,
                                          1 << 9, 1 << 4, 1 << 7, 1 << 10, 1 << 5, 1 << 8);
    __m256i wa = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(lo), spread);   /* codes 0-7 | 8-15 */
    __m256i wb = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(hi), spread);   /* codes 16-23 | 24-31 */
    wa = _mm256_srli_epi16(_mm256_mullo_epi16(wa, mul), 11);
    wb = _mm256_srli_epi16(_mm256_mullo_epi16(wb, mul), 11);
    return _mm256_permute4x64_epi64(_mm256_packus_epi16(wa, wb), 0xD8);   /* 0-7 16-23 8-15 24-31 -> in order */
}
/* p=1 32 and 64 levels (5- and 6-bit codes): 32 codes a step, each in its own byte
 * (hg_codes5x32_avx2, hg_codes6x32_avx2), k from the 16-entry tables of hg_lut64_avx2 (two and a
 * blend for 5-bit), |k| by sign(k) * q with vpmaddubsw (as hg_qdot8_p1n16_avx2); blocks of 32i */
HG_INLINE __m256i hg_p1_k32_avx2(const __m256i T[4], const uint8_t *c, const uint8_t *end, const int bits) {
    __m256i i = bits == 5 ? hg_codes5x32_avx2(c, end) : hg_codes6x32_avx2(c, end), m4 = _mm256_slli_epi16(i, 3);
    if (bits == 5) return hg_blendv_avx2(_mm256_shuffle_epi8(T[0], i), _mm256_shuffle_epi8(T[1], i), m4);
    return hg_lut64_avx2(T, i, m4, _mm256_slli_epi16(i, 2));
}
HG_INLINE void hg_p1_tables_avx2(const hg_qinfo *q, __m256i T[4]) {
    for (int h = 0; h < 4; h++) T[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(q->grid8 + 16 * (h % (q->n / 16)))));
}
static float hg_qdot8_p1k_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int bits = q->bits;         /* 5 or 6: a branch per step that always goes the same way */
    __m256i T[4];
    hg_p1_tables_avx2(q, T);
    const uint8_t *end = codes + q->row_code_bytes;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H * (uint64_t)bits / 8;
        const int8_t *x = a->q + g * H;
        __m256i a0 = _mm256_setzero_si256(), a1 = a0;
        for (uint64_t j = 0; j < H; j += 32, c += 4 * bits, x += 32) hg_acc_k32_avx2(hg_p1_k32_avx2(T, c, end, bits), x, j, &a0, &a1);
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(a0, a1);
    }
    return total;
}
/* prompts: the row's k, natural order (hg_qmatmul8_avx2) */
static void hg_row8_decode_p1k_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    __m256i T[4];
    hg_p1_tables_avx2(q, T);
    const int bits = q->bits;
    const uint8_t *end = codes + q->row_code_bytes;
    for (uint64_t i = 0; i < q->cols_pad; i += 32, codes += 4 * bits)
        _mm256_storeu_si256((__m256i *)(k + i), hg_p1_k32_avx2(T, codes, end, bits));
}
#endif

#if defined(HG_AVX2)
/* p=2, the sign-symmetric 256 points (HG_GRID_SIGNSYM): code bits 0-5 pick one of 64 magnitude
 * points, bits 6 and 7 negate x and y. 32 codes a step: each coordinate's |k| from the four 16-entry
 * tables of hg_lut64_avx2 (code bits 4 and 5 pick the table), or for the block grid (HG_GRID_BLOCKS,
 * `blocks`) from one 16-entry table by code bits 0-3 (x) and 2-5 (y); the signs put on the activation
 * (vpsignb; "| 1" keeps a sign byte nonzero, the shift moves bit 6 to bit 7), vpmaddubsw multiplies
 * |k| by the signed q (2 * 127 * 127 < 32768: no saturation). Activations coordinate-major
 * (hg_act8_interleave_tail order in a->qp): per 128 the 64 x then the 64 y, a block's last t the
 * t/2 x then the t/2 y. The 16-code version takes the blocks' last 16 codes (blocks 32 + 64k). */
/* |kx| and |ky| of 32 codes k (one per byte) */
HG_INLINE void hg_p2s_mags_avx2(const __m256i TX[4], const __m256i TY[4], __m256i k, const int blocks, __m256i *kx, __m256i *ky) {
    if (blocks) {   /* HG_GRID_BLOCKS: |x| entry m & 15 of TX[0], |y| entry m >> 2 of TY[0] (bits 0-3 of the shifted byte) */
        const __m256i m15 = _mm256_set1_epi8(15);
        *kx = _mm256_shuffle_epi8(TX[0], _mm256_and_si256(k, m15));
        *ky = _mm256_shuffle_epi8(TY[0], _mm256_and_si256(_mm256_srli_epi16(k, 2), m15));
    } else {
        const __m256i i = _mm256_and_si256(k, _mm256_set1_epi8(63)), m4 = _mm256_slli_epi16(k, 3), m5 = _mm256_slli_epi16(k, 2);
        *kx = hg_lut64_avx2(TX, i, m4, m5);
        *ky = hg_lut64_avx2(TY, i, m4, m5);
    }
}
HG_INLINE __m256i hg_p2s32_avx2(__m256i acc, const __m256i TX[4], const __m256i TY[4], __m256i k, __m256i vx, __m256i vy,
                                 const int blocks) {
    const __m256i sy = _mm256_or_si256(k, _mm256_set1_epi8(1)), sx = _mm256_slli_epi16(sy, 1);
    __m256i kx, ky;
    hg_p2s_mags_avx2(TX, TY, k, blocks, &kx, &ky);
    acc = hg_dpbusd_avx2(acc, kx, _mm256_sign_epi8(vx, sx));
    return hg_dpbusd_avx2(acc, ky, _mm256_sign_epi8(vy, sy));
}
HG_INLINE __m128i hg_lut64_sse(const __m256i T[4], __m128i c, __m128i m4, __m128i m5) {
    __m128i a = hg_blendv_sse(_mm_shuffle_epi8(_mm256_castsi256_si128(T[0]), c), _mm_shuffle_epi8(_mm256_castsi256_si128(T[1]), c), m4);
    __m128i b = hg_blendv_sse(_mm_shuffle_epi8(_mm256_castsi256_si128(T[2]), c), _mm_shuffle_epi8(_mm256_castsi256_si128(T[3]), c), m4);
    return hg_blendv_sse(a, b, m5);
}
HG_INLINE __m128i hg_p2s16_sse(const __m256i TX[4], const __m256i TY[4], __m128i k, __m128i vx, __m128i vy, const int blocks) {
    const __m128i sy = _mm_or_si128(k, _mm_set1_epi8(1)), sx = _mm_slli_epi16(sy, 1), ones = _mm_set1_epi16(1);
    __m128i kx, ky;
    if (blocks) {
        const __m128i m15 = _mm_set1_epi8(15);
        kx = _mm_shuffle_epi8(_mm256_castsi256_si128(TX[0]), _mm_and_si128(k, m15));
        ky = _mm_shuffle_epi8(_mm256_castsi256_si128(TY[0]), _mm_and_si128(_mm_srli_epi16(k, 2), m15));
    } else {
        const __m128i i = _mm_and_si128(k, _mm_set1_epi8(63)), m4 = _mm_slli_epi16(k, 3), m5 = _mm_slli_epi16(k, 2);
        kx = hg_lut64_sse(TX, i, m4, m5);
        ky = hg_lut64_sse(TY, i, m4, m5);
    }
    __m128i px = _mm_maddubs_epi16(kx, _mm_sign_epi8(vx, sx));
    __m128i py = _mm_maddubs_epi16(ky, _mm_sign_epi8(vy, sy));
    return _mm_add_epi32(_mm_madd_epi16(px, ones), _mm_madd_epi16(py, ones));
}
/* a block's last t = 32, 64 or 96 weights (blocks 32 + 128k...): m = t/2 codes, the m x then the m y */
HG_INLINE __m256i hg_p2s_tail_avx2(const __m256i TX[4], const __m256i TY[4], const uint8_t *c, const int8_t *x, uint64_t m,
                                   const int blocks) {
    __m256i s = _mm256_setzero_si256();
    uint64_t i = 0;
    if (m >= 32) {
        s = hg_p2s32_avx2(s, TX, TY, _mm256_loadu_si256((const __m256i *)c), _mm256_loadu_si256((const __m256i *)x),
                          _mm256_loadu_si256((const __m256i *)(x + m)), blocks);
        i = 32;
    }
    if (i < m)
        s = _mm256_add_epi32(s, _mm256_castsi128_si256(hg_p2s16_sse(TX, TY, _mm_loadu_si128((const __m128i *)(c + i)),
                                                                    _mm_loadu_si128((const __m128i *)(x + i)),
                                                                    _mm_loadu_si128((const __m128i *)(x + m + i)), blocks)));
    return s;
}
/* the lookup tables: the 64 magnitudes' four 16-entry tables per coordinate, or (blocks) X and Y */
HG_INLINE void hg_p2s_tables_avx2(const hg_qinfo *q, __m256i TX[4], __m256i TY[4], const int blocks) {
    for (int h = 0; h < (blocks ? 1 : 4); h++) {
        TX[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(q->grid8abs[0] + 16 * h)));
        TY[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(blocks ? q->grid8by : q->grid8abs[1] + 16 * h)));
    }
}
HG_INLINE float hg_qdot8_p2sb_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int blocks) {
    __m256i TX[4], TY[4];
    hg_p2s_tables_avx2(q, TX, TY, blocks);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = codes + g * H / 2;
        const int8_t *x = a->qp + g * H;
        __m256i a0 = _mm256_setzero_si256(), a1 = a0;
        uint64_t j = 0;
        for (; j + 128 <= H; j += 128, c += 64, x += 128) {
            a0 = hg_p2s32_avx2(a0, TX, TY, _mm256_loadu_si256((const __m256i *)c), _mm256_loadu_si256((const __m256i *)x),
                               _mm256_loadu_si256((const __m256i *)(x + 64)), blocks);
            a1 = hg_p2s32_avx2(a1, TX, TY, _mm256_loadu_si256((const __m256i *)(c + 32)), _mm256_loadu_si256((const __m256i *)(x + 32)),
                               _mm256_loadu_si256((const __m256i *)(x + 96)), blocks);
        }
        if (j < H) a1 = _mm256_add_epi32(a1, hg_p2s_tail_avx2(TX, TY, c, x, (H - j) / 2, blocks));
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(a0, a1);
    }
    return total;
}
static float hg_qdot8_p2s_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2sb_avx2(q, sc, codes, a, 0);
}
static float hg_qdot8_p2b_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2sb_avx2(q, sc, codes, a, 1);
}
/* two rows' block epilogues: t += (scale_b * d_b) * isum_b, each as the definition has it (isum_b:
 * the lanes' sum less off, the offset tables' 64 * sum(q)) */
HG_INLINE void hg_add_block2_avx2(float *t0, float *t1, uint16_t sc0, uint16_t sc1, float d, __m256i s0, __m256i s1,
                                  int32_t off) {
    *t0 += (hg_f16_to_f32(sc0) * d) * (float)(hg_isum_avx2(s0, _mm256_setzero_si256()) - off);
    *t1 += (hg_f16_to_f32(sc1) * d) * (float)(hg_isum_avx2(s1, _mm256_setzero_si256()) - off);
}
/* two rows at once (hg_qmatvec8_rows2): each activation vector loaded once for both, and two
 * streams through memory in flight; each row's sums and epilogue as in hg_qdot8_p2sb_avx2 */
HG_INLINE void hg_qrows8x2_p2sb_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                     int row1, float *out1, int n, const hg_act8 *a, const int blocks) {
    __m256i TX[4], TY[4];
    hg_p2s_tables_avx2(q, TX, TY, blocks);
    const uint64_t H = (uint64_t)q->group;
    for (int r = 0; r < n; r++) {
        const uint16_t *sc0 = hg_qscales(w0, q, row0 + r), *sc1 = hg_qscales(w1, q, row1 + r);
        const uint8_t *codes0 = hg_qcodes(w0, q, row0 + r), *codes1 = hg_qcodes(w1, q, row1 + r);
        float t0 = 0, t1 = 0;
        for (uint64_t g = 0; g < q->groups; g++) {
            const uint8_t *c0 = codes0 + g * H / 2, *c1 = codes1 + g * H / 2;
            const int8_t *x = a->qp + g * H;
            __m256i s0 = _mm256_setzero_si256(), s1 = s0;
            uint64_t j = 0;
            for (; j + 128 <= H; j += 128, c0 += 64, c1 += 64, x += 128) {
                __m256i vx = _mm256_loadu_si256((const __m256i *)x), vy = _mm256_loadu_si256((const __m256i *)(x + 64));
                s0 = hg_p2s32_avx2(s0, TX, TY, _mm256_loadu_si256((const __m256i *)c0), vx, vy, blocks);
                s1 = hg_p2s32_avx2(s1, TX, TY, _mm256_loadu_si256((const __m256i *)c1), vx, vy, blocks);
                vx = _mm256_loadu_si256((const __m256i *)(x + 32)), vy = _mm256_loadu_si256((const __m256i *)(x + 96));
                s0 = hg_p2s32_avx2(s0, TX, TY, _mm256_loadu_si256((const __m256i *)(c0 + 32)), vx, vy, blocks);
                s1 = hg_p2s32_avx2(s1, TX, TY, _mm256_loadu_si256((const __m256i *)(c1 + 32)), vx, vy, blocks);
            }
            if (j < H) {
                s0 = _mm256_add_epi32(s0, hg_p2s_tail_avx2(TX, TY, c0, x, (H - j) / 2, blocks));
                s1 = _mm256_add_epi32(s1, hg_p2s_tail_avx2(TX, TY, c1, x, (H - j) / 2, blocks));
            }
            hg_add_block2_avx2(&t0, &t1, sc0[g], sc1[g], a->d[g], s0, s1, 0);
        }
        out0[r] = t0;
        out1[r] = t1;
    }
}
static void hg_qrows8x2_p2s_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                 int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2sb_avx2(q, w0, row0, out0, w1, row1, out1, n, a, 0);
}
static void hg_qrows8x2_p2b_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                 int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2sb_avx2(q, w0, row0, out0, w1, row1, out1, n, a, 1);
}
/* a row's int8 weights for the prompt product in natural order (as hg_row8_decode_p2b3_avx2): 32
 * codes a step, magnitudes looked up as in hg_p2s32_avx2 and the signs (code bits 6 and 7) put on
 * them, x and y interleaved; a row's last 16 codes by scalar loads */
HG_INLINE void hg_row8_decode_p2sb_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k, const int blocks) {
    __m256i TX[4], TY[4];
    hg_p2s_tables_avx2(q, TX, TY, blocks);
    const uint64_t n = q->cols_pad / 2;
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m256i c = _mm256_loadu_si256((const __m256i *)(codes + i));
        const __m256i sy = _mm256_or_si256(c, _mm256_set1_epi8(1)), sx = _mm256_slli_epi16(sy, 1);
        __m256i ax, ay;
        hg_p2s_mags_avx2(TX, TY, c, blocks, &ax, &ay);
        const __m256i kx = _mm256_sign_epi8(ax, sx), ky = _mm256_sign_epi8(ay, sy);
        const __m256i lo = _mm256_unpacklo_epi8(kx, ky), hi = _mm256_unpackhi_epi8(kx, ky);   /* per lane: codes 0-7, 8-15 */
        _mm256_storeu_si256((__m256i *)(k + 2 * i), _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_storeu_si256((__m256i *)(k + 2 * i + 32), _mm256_permute2x128_si256(lo, hi, 0x31));
    }
    for (; i < n; i++) memcpy(k + 2 * i, q->grid8 + 2 * codes[i], 2);
}
static void hg_row8_decode_p2s_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2sb_avx2(q, codes, k, 0);
}
static void hg_row8_decode_p2b_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2sb_avx2(q, codes, k, 1);
}
#endif

#if defined(HG_AVX2)
/* p=2, the sign-symmetric 64 points (3 bits a weight): code bits 0-3 pick one of 16 magnitude
 * points, bits 4 and 5 negate x and y. 32 six-bit codes a step (hg_codes6x32_avx2: byte i = code
 * i); each coordinate's |k| is one vpshufb (it reads the code's low four bits; bits 4-5 lie outside
 * them and bit 7 is clear), the signs go on the activation as in hg_p2s32_avx2, and the activation
 * is coordinate-major (a->qp: per 128 values the 64 x then the 64 y; a block's last 64, the 32 x
 * then the 32 y). Blocks that are no multiple of 64 take the pairs kernel on the expanded table. */
/* acc + one step of 32 codes at c against the x at x and the y at x + half (int32 lanes) */
/* the 3-bit grids' kinds (hg_p2b3_tables_avx2 below) and their lookups of 32 raw codes t
 * (hg_codes6x32_raw_avx2: bits 6-7 of each byte belong to a neighbour): the sign-symmetric grid's
 * |k| (code bits 0-3), the block grid's k + 64 (x entry c & 15, y entry c >> 2), the free grid's k
 * (four tables picked by code bits 4 and 5) */
enum { HG_P2B3_FREE = 0, HG_P2B3_SYM = 1, HG_P2B3_BLOCKS = 2, HG_P2B3_PLANAR = 3 };
HG_INLINE void hg_p2b3_lookup_avx2(const __m256i TX[4], const __m256i TY[4], const int kind, __m256i t, __m256i *kx, __m256i *ky) {
    if (kind == HG_P2B3_BLOCKS) {
        const __m256i m15 = _mm256_set1_epi8(15);
        *kx = _mm256_shuffle_epi8(TX[0], _mm256_and_si256(t, m15));
        *ky = _mm256_shuffle_epi8(TY[0], _mm256_and_si256(_mm256_srli_epi16(t, 2), m15));
        return;
    }
    const __m256i c = _mm256_and_si256(t, _mm256_set1_epi8(63));
    if (kind == HG_P2B3_SYM) {   /* vpshufb reads bits 0-3; bits 4-5 lie outside them and bit 7 is clear */
        *kx = _mm256_shuffle_epi8(TX[0], c);
        *ky = _mm256_shuffle_epi8(TY[0], c);
    } else {
        const __m256i m4 = _mm256_slli_epi16(c, 3), m5 = _mm256_slli_epi16(c, 2);
        *kx = hg_lut64_avx2(TX, c, m4, m5);
        *ky = hg_lut64_avx2(TY, c, m4, m5);
    }
}
/* the block grid's 32 codes at c in the planar layout (hg_code_at_planar: 24 bytes, nothing read past
 * them): byte i of the x index vector is code i's nibble (the first 16 bytes' low nibbles, then their
 * high ones: one broadcast, per-lane shifts by 0 and 4), its y index nibble ^ e (the 8 bytes of e
 * broadcast, each 64-bit lane shifted by 2 (i / 8)); both looked up as k + 64, TY in grid8bu[2]'s
 * order. 7 vector instructions where the standard layout takes 11 (hg_codes6x32_raw_avx2 and
 * hg_p2b3_lookup_avx2) */
HG_INLINE void hg_p2bp_lookup_avx2(const __m256i TX[4], const __m256i TY[4], const uint8_t *c, __m256i *kx, __m256i *ky) {
    uint64_t e8;
    memcpy(&e8, c + 16, 8);
    const __m256i nib = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)c));
    const __m256i xi = _mm256_and_si256(_mm256_srlv_epi64(nib, _mm256_setr_epi64x(0, 0, 4, 4)), _mm256_set1_epi8(15));
    const __m256i e = _mm256_and_si256(_mm256_srlv_epi64(_mm256_set1_epi64x((long long)e8), _mm256_setr_epi64x(0, 2, 4, 6)),
                                       _mm256_set1_epi8(3));
    *kx = _mm256_shuffle_epi8(TX[0], xi);
    *ky = _mm256_shuffle_epi8(TY[0], _mm256_xor_si256(xi, e));
}
HG_INLINE void hg_p2s6x32_avx2(__m256i *ax, __m256i *ay, const __m256i TX[4], const __m256i TY[4], const uint8_t *c, const uint8_t *end,
                                  const int8_t *x, uint64_t half) {
    /* the signs (code bits 4 and 5) from the raw codes: bits 6-7 shift out of their byte (into the
     * next byte's bits 0-2, which do not touch its bit 7), and "| 1" keeps every byte nonzero */
    const __m256i t = hg_codes6x32_raw_avx2(c, end), s = _mm256_or_si256(t, _mm256_set1_epi8(1));
    const __m256i sx = _mm256_slli_epi16(s, 3), sy = _mm256_slli_epi16(s, 2);
    __m256i kx, ky;
    hg_p2b3_lookup_avx2(TX, TY, HG_P2B3_SYM, t, &kx, &ky);
    *ax = hg_dpbusd_avx2(*ax, kx, _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)x), sx));
    *ay = hg_dpbusd_avx2(*ay, ky, _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)(x + half)), sy));
}
/* one step of the free 64-point grid (the 3-bit default): 32 codes (24 bytes, 64 weights), each in
 * its own byte (hg_codes6x32_avx2); each coordinate looked up in four 16-entry tables, the right one
 * picked by code bits 4 and 5 (hg_lut64_avx2); |k| by sign(k) * q with vpmaddubsw; activations as
 * above */
HG_INLINE void hg_p2n64x32_avx2(__m256i *ax, __m256i *ay, const __m256i TX[4], const __m256i TY[4], const uint8_t *c, const uint8_t *end,
                                   const int8_t *x, uint64_t half) {
    __m256i kx, ky;
    hg_p2b3_lookup_avx2(TX, TY, HG_P2B3_FREE, hg_codes6x32_raw_avx2(c, end), &kx, &ky);
    __m256i vx = _mm256_loadu_si256((const __m256i *)x), vy = _mm256_loadu_si256((const __m256i *)(x + half));
    *ax = hg_dpbusd_avx2(*ax, _mm256_sign_epi8(kx, kx), _mm256_sign_epi8(vx, kx));
    *ay = hg_dpbusd_avx2(*ay, _mm256_sign_epi8(ky, ky), _mm256_sign_epi8(vy, ky));
}
/* one step of the block grid (HG_GRID_BLOCKS, 64 points): x is entry c & 15 of one 16-entry table
 * and y entry c >> 2 of another, both signed; the tables hold k + 64 (|k| <= 63), an unsigned byte
 * that vpmaddubsw multiplies by q as it is, and the block's sum drops 64 * sum(q) (hg_act8.qsum)
 * afterwards. 17 vector instructions per 64 weights against 20 for the sign-symmetric grid (no
 * sign bits to move and apply). Activations as above. */
HG_INLINE void hg_p2b6x32_avx2(__m256i *ax, __m256i *ay, const __m256i TX[4], const __m256i TY[4], const int kind,
                                const uint8_t *c, const uint8_t *end, const int8_t *x, uint64_t half) {
    __m256i kx, ky;   /* the bit stream (HG_P2B3_BLOCKS) or the planar layout (HG_P2B3_PLANAR) */
    if (kind == HG_P2B3_PLANAR) hg_p2bp_lookup_avx2(TX, TY, c, &kx, &ky);
    else hg_p2b3_lookup_avx2(TX, TY, HG_P2B3_BLOCKS, hg_codes6x32_raw_avx2(c, end), &kx, &ky);
    *ax = hg_dpbusd_avx2(*ax, kx, _mm256_loadu_si256((const __m256i *)x));
    *ay = hg_dpbusd_avx2(*ay, ky, _mm256_loadu_si256((const __m256i *)(x + half)));
}
/* the 3-bit grids' tables by kind (HG_P2B3_*): sym, the 16 magnitudes of each coordinate in T[0];
 * blocks, X's and Y's k + 64 in T[0] (planar, Y's in grid8bu[2]'s order); free, the 64 points'
 * coordinates in T[0..3] */
HG_INLINE void hg_p2b3_tables_avx2(const hg_qinfo *q, const int kind, __m256i TX[4], __m256i TY[4]) {
    const int blocks = kind == HG_P2B3_BLOCKS || kind == HG_P2B3_PLANAR;
    for (int h = 0; h < (kind != HG_P2B3_FREE ? 1 : 4); h++) {
        const void *x = kind == HG_P2B3_SYM ? (const void *)q->grid8abs[0] : blocks ? (const void *)q->grid8bu[0]
                                                                                    : (const void *)(q->grid8x + 16 * h);
        const void *y = kind == HG_P2B3_SYM ? (const void *)q->grid8abs[1]
                        : blocks            ? (const void *)q->grid8bu[kind == HG_P2B3_PLANAR ? 2 : 1]
                                            : (const void *)(q->grid8y + 16 * h);
        TX[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)x));
        TY[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)y));
    }
}
/* step j (its first weight) of a block of H: the activations of its 32 x (y at + half) */
HG_INLINE const int8_t *hg_p2b3_x(const int8_t *xb, uint64_t j, uint64_t H, uint64_t *half) {
    const uint64_t chunk = j / 128 * 128;
    *half = H - chunk < 128 ? (H - chunk) / 2 : 64;
    return xb + chunk + (j - chunk) / 2;
}
/* one step of 32 codes at c into the x and the y products' accumulators (two chains: with vpdpbusd,
 * AVX-VNNI and AVX-512 builds, one accumulator would wait on its latency twice a step) */
HG_INLINE void hg_p2b3_step_avx2(__m256i *ax, __m256i *ay, const __m256i TX[4], const __m256i TY[4], const int kind,
                                 const uint8_t *c, const uint8_t *end, const int8_t *x, uint64_t half) {
    if (kind == HG_P2B3_SYM) hg_p2s6x32_avx2(ax, ay, TX, TY, c, end, x, half);
    else if (kind == HG_P2B3_BLOCKS || kind == HG_P2B3_PLANAR) hg_p2b6x32_avx2(ax, ay, TX, TY, kind, c, end, x, half);
    else hg_p2n64x32_avx2(ax, ay, TX, TY, c, end, x, half);
}
/* the steps of one block of H weights (a multiple of 64) whose codes start at c, for one row (two = 0)
 * or two, into the rows' x and y accumulators s[0..1] and s[2..3]: whole chunks of 128 weights (two
 * steps against the 64 x, then the 64 y) with plain 16-byte loads and no per-step bookkeeping; a
 * block's last 64 weights, and the last chunk of a row whose loads would end 4 bytes past it, through
 * the checked load (hg_load_step_avx2) */
HG_INLINE void hg_p2b3_block_avx2(__m256i s[4], const __m256i TX[4], const __m256i TY[4], const int kind, const int two,
                                  const uint8_t *c0, const uint8_t *c1, const uint8_t *end0, const uint8_t *end1,
                                  const int8_t *xb, uint64_t H) {
    const uint64_t bytes = H / 2 * 6 / 8;
    uint64_t full = H / 128 * 128, j = 0;
    if (kind != HG_P2B3_PLANAR && !(H % 128) && ((uint64_t)(end0 - c0) < bytes + 4 || (two && (uint64_t)(end1 - c1) < bytes + 4)))
        full -= 128;   /* the planar layout's loads stay in the step */
    for (; j < full; j += 128, c0 += 48, c1 += two ? 48 : 0, xb += 128) {
        hg_p2b3_step_avx2(&s[0], &s[1], TX, TY, kind, c0, c0 + 28, xb, 64);   /* end c + 28: the check folds away */
        if (two) hg_p2b3_step_avx2(&s[2], &s[3], TX, TY, kind, c1, c1 + 28, xb, 64);
        hg_p2b3_step_avx2(&s[0], &s[1], TX, TY, kind, c0 + 24, c0 + 52, xb + 32, 64);
        if (two) hg_p2b3_step_avx2(&s[2], &s[3], TX, TY, kind, c1 + 24, c1 + 52, xb + 32, 64);
    }
    for (uint64_t half; j < H; j += 64, c0 += 24, c1 += two ? 24 : 0) {
        const int8_t *x = hg_p2b3_x(xb - full, j, H, &half);
        hg_p2b3_step_avx2(&s[0], &s[1], TX, TY, kind, c0, end0, x, half);
        if (two) hg_p2b3_step_avx2(&s[2], &s[3], TX, TY, kind, c1, end1, x, half);
    }
}
HG_INLINE float hg_qdot8_p2b3_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int kind) {
    if (q->group % 64) return hg_qdot8_pairs_avx2(q, sc, codes, a, 6);   /* blocks such as 96: 16 codes at a time */
    __m256i TX[4], TY[4];
    hg_p2b3_tables_avx2(q, kind, TX, TY);
    const int32_t off = kind == HG_P2B3_BLOCKS || kind == HG_P2B3_PLANAR ? 64 : 0;   /* the block grid's tables hold k + 64 */
    const uint8_t *end = codes + q->row_code_bytes;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        __m256i acc[4] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
        hg_p2b3_block_avx2(acc, TX, TY, kind, 0, codes + g * H / 2 * 6 / 8, codes, end, end, a->qp + g * H, H);
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)(hg_isum_avx2(acc[0], acc[1]) - off * a->qsum[g]);
    }
    return total;
}
static float hg_qdot8_p2s6_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2b3_avx2(q, sc, codes, a, HG_P2B3_SYM);
}
static float hg_qdot8_p2b6_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2b3_avx2(q, sc, codes, a, HG_P2B3_BLOCKS);
}
static float hg_qdot8_p2n64_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2b3_avx2(q, sc, codes, a, HG_P2B3_FREE);
}
static float hg_qdot8_p2bp_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2b3_avx2(q, sc, codes, a, HG_P2B3_PLANAR);
}
/* two rows at once, as hg_qrows8x2_p2s_avx2 */
HG_INLINE void hg_qrows8x2_p2b3_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                     int row1, float *out1, int n, const hg_act8 *a, const int kind) {
    __m256i TX[4], TY[4];
    hg_p2b3_tables_avx2(q, kind, TX, TY);
    const int32_t off = kind == HG_P2B3_BLOCKS || kind == HG_P2B3_PLANAR ? 64 : 0;
    const uint64_t H = (uint64_t)q->group;
    for (int r = 0; r < n; r++) {
        const uint16_t *sc0 = hg_qscales(w0, q, row0 + r), *sc1 = hg_qscales(w1, q, row1 + r);
        const uint8_t *codes0 = hg_qcodes(w0, q, row0 + r), *codes1 = hg_qcodes(w1, q, row1 + r);
        if (q->group % 64) {
            out0[r] = hg_qdot8_pairs_avx2(q, sc0, codes0, a, 6);
            out1[r] = hg_qdot8_pairs_avx2(q, sc1, codes1, a, 6);
            continue;
        }
        const uint8_t *end0 = codes0 + q->row_code_bytes, *end1 = codes1 + q->row_code_bytes;
        float t0 = 0, t1 = 0;
        for (uint64_t g = 0; g < q->groups; g++) {
            __m256i s[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
            hg_p2b3_block_avx2(s, TX, TY, kind, 1, codes0 + g * H / 2 * 6 / 8, codes1 + g * H / 2 * 6 / 8, end0, end1, a->qp + g * H, H);
            hg_add_block2_avx2(&t0, &t1, sc0[g], sc1[g], a->d[g], _mm256_add_epi32(s[0], s[1]), _mm256_add_epi32(s[2], s[3]),
                               off * a->qsum[g]);
        }
        out0[r] = t0;
        out1[r] = t1;
    }
}
static void hg_qrows8x2_p2s6_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                  int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2b3_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2B3_SYM);
}
static void hg_qrows8x2_p2b6_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                  int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2b3_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2B3_BLOCKS);
}
static void hg_qrows8x2_p2n64_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                   int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2b3_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2B3_FREE);
}
static void hg_qrows8x2_p2bp_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                  int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2b3_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2B3_PLANAR);
}
/* a row's int8 weights for the prompt product (hg_qmatmul8_avx2) in natural order, (k[2i], k[2i + 1])
 * the point of code i: 32 codes a step looked up as the decode kernels do (the block grid's k + 64
 * back to k, the sign-symmetric grid's signs put on its magnitudes), x and y interleaved; a row's
 * last 16 codes by scalar loads */
HG_INLINE void hg_row8_decode_p2b3_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k, const int kind) {
    __m256i TX[4], TY[4];
    hg_p2b3_tables_avx2(q, kind, TX, TY);
    const uint8_t *end = codes + q->row_code_bytes;
    const uint64_t n = q->cols_pad / 2;
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m256i t = kind == HG_P2B3_PLANAR ? _mm256_setzero_si256() : hg_codes6x32_raw_avx2(codes + i / 4 * 3, end);
        __m256i kx, ky;
        if (kind == HG_P2B3_PLANAR) hg_p2bp_lookup_avx2(TX, TY, codes + i / 32 * 24, &kx, &ky);
        else hg_p2b3_lookup_avx2(TX, TY, kind, t, &kx, &ky);
        if (kind == HG_P2B3_BLOCKS || kind == HG_P2B3_PLANAR) {
            kx = _mm256_sub_epi8(kx, _mm256_set1_epi8(64));
            ky = _mm256_sub_epi8(ky, _mm256_set1_epi8(64));
        } else if (kind == HG_P2B3_SYM) {   /* signs as in hg_p2s6x32_avx2 */
            const __m256i s = _mm256_or_si256(t, _mm256_set1_epi8(1));
            kx = _mm256_sign_epi8(kx, _mm256_slli_epi16(s, 3));
            ky = _mm256_sign_epi8(ky, _mm256_slli_epi16(s, 2));
        }
        const __m256i lo = _mm256_unpacklo_epi8(kx, ky), hi = _mm256_unpackhi_epi8(kx, ky);   /* per lane: codes 0-7, 8-15 */
        _mm256_storeu_si256((__m256i *)(k + 2 * i), _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_storeu_si256((__m256i *)(k + 2 * i + 32), _mm256_permute2x128_si256(lo, hi, 0x31));
    }
    for (; i < n; i++) memcpy(k + 2 * i, q->grid8 + 2 * hg_qcode(q, codes, i), 2);
}
static void hg_row8_decode_p2n64_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2b3_avx2(q, codes, k, HG_P2B3_FREE);
}
static void hg_row8_decode_p2s6_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2b3_avx2(q, codes, k, HG_P2B3_SYM);
}
static void hg_row8_decode_p2b6_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2b3_avx2(q, codes, k, HG_P2B3_BLOCKS);
}
static void hg_row8_decode_p2bp_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2b3_avx2(q, codes, k, HG_P2B3_PLANAR);
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
/* p=1 with whole code bytes, natural order: 256 levels as they are (RTN 8-bit and the uniform grid:
 * the code with its top bit flipped is k), 32 and 64 levels through one 64-byte table lookup (tbl)
 * per 16 (the 32-level table's upper half is never indexed) */
static float hg_qdot8_p1_bytes_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *bytes, const hg_act8 *a) {
    const uint8x16_t flip = vdupq_n_u8(0x80);
    const int direct = q->n == 256;
    int8_t tab[64] = {0};
    memcpy(tab, q->grid8, direct ? 0 : (size_t)q->n);
    const int8x16x4_t T = vld1q_s8_x4(tab);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = bytes + g * H;
        const int8_t *x = a->q + g * H;
        int32x4_t a0 = vdupq_n_s32(0), a1 = a0;
        for (uint64_t j = 0; j < H; j += 32) {
            uint8x16_t c0 = vld1q_u8(c + j), c1 = vld1q_u8(c + j + 16);
            int8x16_t k0 = direct ? vreinterpretq_s8_u8(veorq_u8(c0, flip)) : vqtbl4q_s8(T, c0);
            int8x16_t k1 = direct ? vreinterpretq_s8_u8(veorq_u8(c1, flip)) : vqtbl4q_s8(T, c1);
            a0 = hg_q8_mla(a0, k0, vld1q_s8(x + j));
            a1 = hg_q8_mla(a1, k1, vld1q_s8(x + j + 16));
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

#if defined(HG_NEON)
/* The paired p=4 grid (file variant 6: planar codes, blocks of 256k) on NEON. Coordinate d of magnitude
 * j < 128 comes from a 128-byte table in two 64-byte lookups (tbl on j and on j ^ 64, each 0 out of its
 * range, ORed: on Cortex-A76 tbx with four registers costs twice tbl's issue slots); a code with the
 * index's top bit set takes coordinate d ^ 1's instead (bsl). A pass holds one coordinate pair's tables
 * (16 registers) and meets that pair's part of the coordinate-major activation (a->qp). The sign
 * plane's two bytes for 16 codes become byte masks (tbl, then tst against each lane's bit), put on |k|
 * as (k ^ m) - m. Per 16 codes and two coordinates: 4 table lookups, 2 ORs, 2 bsl, 8 for the signs, 2 sdot. */
/* codes 16s .. 16s + 15 of the chunk at c: their signed k for coordinates e and e + 1 (T: coordinate
 * e's table in T[0], T[1], coordinate e + 1's in T[2], T[3]; P the 16 bytes of planes e and e + 1) */
HG_INLINE void hg_p4p_two_neon(const uint8x16x4_t T[4], const uint8_t *c, uint8x16_t P, int s, int8x16_t w[2]) {
    const uint8x16_t u = vld1q_u8(c + 16 * s);
    const uint8x16_t j = vandq_u8(u, vdupq_n_u8(127)), j64 = veorq_u8(j, vdupq_n_u8(64));   /* out of range: 0 */
    const uint8x16_t swap = vcltzq_s8(vreinterpretq_s8_u8(u));
    const uint8x16_t r0 = vorrq_u8(vqtbl4q_u8(T[0], j), vqtbl4q_u8(T[1], j64)), r1 = vorrq_u8(vqtbl4q_u8(T[2], j), vqtbl4q_u8(T[3], j64));
    /* plane e's bytes 2s (codes 16s .. 16s + 7) and 2s + 1, and plane e + 1's 8 bytes on */
    const uint8x16_t sel = vreinterpretq_u8_u64(vdupq_n_u64(0x0101010101010101ull * (uint64_t)(2 * s)));
    const uint8x16_t sel0 = vaddq_u8(sel, vcombine_u8(vdup_n_u8(0), vdup_n_u8(1)));
    const uint8x16_t bit = vreinterpretq_u8_u64(vdupq_n_u64(0x8040201008040201ull));   /* lane i: bit i % 8 */
    const uint8x16_t m0 = vtstq_u8(vqtbl1q_u8(P, sel0), bit), m1 = vtstq_u8(vqtbl1q_u8(P, vaddq_u8(sel0, vdupq_n_u8(8))), bit);
    w[0] = vreinterpretq_s8_u8(vsubq_u8(veorq_u8(vbslq_u8(swap, r1, r0), m0), m0));
    w[1] = vreinterpretq_s8_u8(vsubq_u8(veorq_u8(vbslq_u8(swap, r0, r1), m1), m1));
}
/* one block's products for coordinates e and e + 1, the pair's tables in registers for the pass */
HG_INLINE int32x4_t hg_p4p_pass_neon(const hg_qinfo *q, const int e, const uint8_t *c, const int8_t *x, uint64_t H, int32x4_t acc) {
    const uint8x16x4_t T[4] = {vld1q_u8_x4(q->grid8abs[e]), vld1q_u8_x4(q->grid8abs[e] + 64), vld1q_u8_x4(q->grid8abs[e + 1]),
                               vld1q_u8_x4(q->grid8abs[e + 1] + 64)};
    int32x4_t acc1 = vdupq_n_s32(0);
    for (uint64_t j = 0; j < H; j += 256, c += 96, x += 256) {
        const uint8x16_t P = vld1q_u8(c + 64 + 8 * e);
        for (int s = 0; s < 4; s++) {
            int8x16_t w[2];
            hg_p4p_two_neon(T, c, P, s, w);
            acc = hg_q8_mla(acc, w[0], vld1q_s8(x + 64 * e + 16 * s));
            acc1 = hg_q8_mla(acc1, w[1], vld1q_s8(x + 64 * (e + 1) + 16 * s));
        }
    }
    return vaddq_s32(acc, acc1);
}
static float hg_qdot8_p4p_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++, codes += H / 256 * 96) {   /* two passes over a block (a few KB, in L1) */
        int32x4_t acc = hg_p4p_pass_neon(q, 0, codes, a->qp + g * H, H, vdupq_n_s32(0));
        acc = hg_p4p_pass_neon(q, 2, codes, a->qp + g * H, H, acc);
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)vaddvq_s32(acc);
    }
    return total;
}
/* p=4 codes as a bit stream (8-, 10- or 12-bit: the 256-, 1024- and 4096-point grids, file variant
 * 0) on NEON: as hg_qdot8_p4_avx2, a code's four k are one 32-bit word of grid8w, four codes (bits / 2
 * bytes) read as one 64-bit word and their words put into the lanes of one vector, which meets the
 * activation in natural order: 8 codes, 32 weights, per step */
HG_INLINE int8x16_t hg_p4_four_neon(const uint32_t *tab, const uint8_t *c, const uint8_t *end, const int bits) {
    uint64_t v = 0;
    if (end - c >= 8) memcpy(&v, c, 8);
    else memcpy(&v, c, (size_t)bits / 2);   /* the row's last words: never read past it */
    const uint64_t m = (1u << bits) - 1;
    uint32x4_t w = vdupq_n_u32(tab[v & m]);
    w = vsetq_lane_u32(tab[v >> bits & m], w, 1);
    w = vsetq_lane_u32(tab[v >> 2 * bits & m], w, 2);
    w = vsetq_lane_u32(tab[v >> 3 * bits & m], w, 3);
    return vreinterpretq_s8_u32(w);
}
HG_INLINE float hg_qdot8_p4_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int bits) {
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *end = codes + q->row_code_bytes;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->q + g * H;
        int32x4_t acc0 = vdupq_n_s32(0), acc1 = acc0;
        for (uint64_t j = 0; j < H; j += 32, codes += bits, x += 32) {   /* 8 codes, bits bytes */
            acc0 = hg_q8_mla(acc0, hg_p4_four_neon(q->grid8w, codes, end, bits), vld1q_s8(x));
            acc1 = hg_q8_mla(acc1, hg_p4_four_neon(q->grid8w, codes + bits / 2, end, bits), vld1q_s8(x + 16));
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)vaddvq_s32(vaddq_s32(acc0, acc1));
    }
    return total;
}
static float hg_qdot8_p4b8_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_neon(q, sc, codes, a, 8);
}
static float hg_qdot8_p4b10_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_neon(q, sc, codes, a, 10);
}
static float hg_qdot8_p4b12_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_neon(q, sc, codes, a, 12);
}
/* a row's k in code order for the prompt product: st4 interleaves the four coordinates */
static void hg_row8_decode_p4p_neon(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    uint8x16x4_t T[2][4];
    for (int e = 0; e < 2; e++)
        for (int t = 0; t < 4; t++) T[e][t] = vld1q_u8_x4(q->grid8abs[2 * e + t / 2] + 64 * (t % 2));
    for (uint64_t i = 0; i < q->cols_pad; i += 256, codes += 96)
        for (int s = 0; s < 4; s++) {
            int8x16x4_t v;
            hg_p4p_two_neon(T[0], codes, vld1q_u8(codes + 64), s, v.val);
            hg_p4p_two_neon(T[1], codes, vld1q_u8(codes + 80), s, v.val + 2);
            vst4q_s8(k + i + 64 * s, v);
        }
}
#endif

/* 6-bit codes (p=2 and p=1, 64 points) -> one byte each; n is a multiple of 4 */
static void hg_unpack6(const uint8_t *c, uint64_t n, uint8_t *out) {
    for (uint64_t i = 0; i < n; i += 4, c += 3) {
        uint32_t v = (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16;
        out[i] = (uint8_t)(v & 63); out[i + 1] = (uint8_t)(v >> 6 & 63);
        out[i + 2] = (uint8_t)(v >> 12 & 63); out[i + 3] = (uint8_t)(v >> 18);
    }
}

/* a p=2 6-bit row's first n codes as bytes, in either layout */
static void hg_unpack6_row(const hg_qinfo *q, const uint8_t *c, uint64_t n, uint8_t *out) {
    if (q->planar) hg_unpack6_planar(c, n, out);
    else hg_unpack6(c, n, out);
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

/* 5-bit codes -> one byte each; n is a multiple of 8 */
static void hg_unpack5(const uint8_t *c, uint64_t n, uint8_t *out) {
    for (uint64_t i = 0; i < n; i += 8, c += 5) {
        uint64_t v = (uint64_t)c[0] | (uint64_t)c[1] << 8 | (uint64_t)c[2] << 16 | (uint64_t)c[3] << 24 | (uint64_t)c[4] << 32;
        for (int k = 0; k < 8; k++) out[i + k] = (uint8_t)(v >> (5 * k) & 31);
    }
}
/* p=1 with whole code bytes, natural order, one table lookup a weight: 256 levels as they are
 * (RTN 8-bit and the uniform grid: k = c - 128), 32 and 64 levels from the row's 5- or 6-bit codes
 * unpacked into bytes (rows of at most HG_N64_MAX_COLS) */
static float hg_qdot8_p1_bytes_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *bytes, const hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint8_t *c = bytes + g * H;
        const int8_t *x = a->q + g * H;
        int32_t s = 0;
        for (uint64_t j = 0; j < H; j++) s += q->grid8[c[j]] * x[j];
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)s;
    }
    return total;
}
/* a p=1 32- or 64-level row's codes, one byte each (cols_pad <= HG_N64_MAX_COLS) */
static void hg_unpack_p1_row(const hg_qinfo *q, const uint8_t *codes, uint8_t *bytes) {
    if (q->n == 64) hg_unpack6(codes, q->cols_pad, bytes);
    else hg_unpack5(codes, q->cols_pad, bytes);
}
static float hg_qdot8_p1_unpacked_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS];
    hg_unpack_p1_row(q, codes, bytes);
    return hg_qdot8_p1_bytes_generic(q, sc, bytes, a);
}
static void hg_row8_decode_p1n256(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    for (uint64_t i = 0; i < q->cols_pad; i++) k[i] = (int8_t)(codes[i] ^ 0x80);
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
            hg_unpack_codes(q, codes, g * (uint64_t)per_group + (uint64_t)done, count, idx);
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
            _mm_prefetch((const char *)codes + 1024, _MM_HINT_T0);
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
/* four 256-byte tables (one per coordinate) in 16 registers */
static void hg_byte_tables4(const uint8_t (*t)[256], __m512i T[16]) {
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < 4; k++) T[4 * d + k] = _mm512_loadu_si512(t[d] + 64 * k);
}
/* a byte-table kernel's table entries: one row (dot8) and a row range (rows8), tables loaded once */
#define HG_BYTE_TABLE_ENTRIES(name, kernel, tables)                                                                 \
    static float hg_qdot8_##name##_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) { \
        __m512i T[16];                                                                                              \
        hg_byte_tables4(q->tables, T);                                                                              \
        return kernel(q, sc, codes, a, T);                                                                          \
    }                                                                                                               \
    static void hg_qrows8_##name##_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1,  \
                                          float *out) {                                                             \
        __m512i T[16];                                                                                              \
        hg_byte_tables4(q->tables, T);                                                                              \
        for (int r = row0; r < row1; r++) out[r - row0] = kernel(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T); \
    }
HG_BYTE_TABLE_ENTRIES(p4n256, hg_qdot8_p4n256_avx512, grid8c)

/* p=4 4096 sign-symmetric points in blocks of 256k: a code is 8 bits of magnitude index and 4 sign
 * bits. 32 codes (48 bytes) are spread into 16-bit lanes (two bytes each, odd codes shifted down by
 * 4): the low bytes are the indices, bits 8-11 the signs, one mask per coordinate. The magnitudes
 * come from four 256-byte tables as for 256 points (k >= 0: vpdpbusd's unsigned operand, no offset)
 * and the signs go onto the activation (a masked negation), so 64 codes cost what 64 codes of the
 * 256-point grid do plus the unpacking. */
/* 32 codes (48 bytes) in 16-bit lanes: code i from bytes 3(i/2) + (i&1) and the next. A plain
 * 64-byte load where the row goes on (the masked load, which never reads past the 48 bytes, streamed
 * at a quarter of the speed from memory on Zen 5: it seems not to train the prefetchers) */
HG_INLINE __m512i hg_p4s_lanes32(const uint8_t *c, const uint8_t *end) {
    static const uint8_t spread[64] = {0,  1,  1,  2,  3,  4,  4,  5,  6,  7,  7,  8,  9,  10, 10, 11, 12, 13, 13, 14, 15, 16,
                                       16, 17, 18, 19, 19, 20, 21, 22, 22, 23, 24, 25, 25, 26, 27, 28, 28, 29, 30, 31, 31, 32,
                                       33, 34, 34, 35, 36, 37, 37, 38, 39, 40, 40, 41, 42, 43, 43, 44, 45, 46, 46, 47};
    const __m512i b = end - c >= 64 ? _mm512_loadu_si512(c) : _mm512_maskz_loadu_epi8((__mmask64)0xFFFFFFFFFFFFull, c);
    return _mm512_srlv_epi16(_mm512_permutexvar_epi8(_mm512_loadu_si512(spread), b), _mm512_set1_epi32(4 << 16));
}
/* one step's 64 magnitude indices (*u) and sign nibbles (*sg) from the bit stream, 32 codes of 48 bytes
 * at a time in 16-bit lanes */
HG_INLINE void hg_p4s_codes(const uint8_t *codes, const uint8_t *end, __m512i *u, __m512i *sg) {
    static const uint8_t lo[64] = {0,   2,   4,   6,   8,   10,  12,  14,  16,  18,  20,  22,  24,  26,  28,  30,
                                   32,  34,  36,  38,  40,  42,  44,  46,  48,  50,  52,  54,  56,  58,  60,  62,
                                   64,  66,  68,  70,  72,  74,  76,  78,  80,  82,  84,  86,  88,  90,  92,  94,
                                   96,  98,  100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126};
    const __m512i L = _mm512_loadu_si512(lo), Hb = _mm512_add_epi8(L, _mm512_set1_epi8(1));
    const __m512i w0 = hg_p4s_lanes32(codes, end), w1 = hg_p4s_lanes32(codes + 48, end);
    *u = _mm512_permutex2var_epi8(w0, L, w1);     /* 64 magnitude indices */
    *sg = _mm512_permutex2var_epi8(w0, Hb, w1);   /* their sign bits 0-3 */
}
/* acc[d] += coordinate d of 64 codes (magnitudes from T, signs onto the activation) against x */
HG_INLINE void hg_p4s_step(__m512i acc[4], const __m512i T[16], __m512i u, __m512i sg, const int8_t *x) {
    const __mmask64 hi = _mm512_movepi8_mask(u);
    for (int d = 0; d < 4; d++) {
        const __mmask64 neg = _mm512_test_epi8_mask(sg, _mm512_set1_epi8((char)(1 << d)));
        const __m512i xv = _mm512_loadu_si512(x + 64 * d);
        acc[d] = hg_dpbusd(acc[d], _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(T[4 * d], u, T[4 * d + 1]),
                                                          _mm512_permutex2var_epi8(T[4 * d + 2], u, T[4 * d + 3])),
                           _mm512_mask_sub_epi8(xv, neg, _mm512_setzero_si512(), xv));
    }
}
HG_INLINE float hg_p4s_block_sum(const __m512i acc[4], uint16_t sc, float d) {
    const __m512i s = _mm512_add_epi32(_mm512_add_epi32(acc[0], acc[1]), _mm512_add_epi32(acc[2], acc[3]));
    return (hg_f16_to_f32(sc) * d) * (float)_mm512_reduce_add_epi32(s);
}
HG_INLINE float hg_qdot8_p4s_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                    const __m512i T[16]) {
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *end = codes + q->row_code_bytes;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->qp + g * H;
        __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()}, u, sg;
        for (uint64_t j = 0; j < H; j += 256, codes += 96, x += 256) {
            /* the stream ahead: without it this loop's long chains left the reads waiting (26 instead of
             * 38 tok/s decoding the TinyLlama-shaped model on one Zen 5 core) */
            _mm_prefetch((const char *)codes + 1024, _MM_HINT_T0);
            _mm_prefetch((const char *)codes + 1024 + 64, _MM_HINT_T0);
            hg_p4s_codes(codes, end, &u, &sg);
            hg_p4s_step(acc, T, u, sg, x);
        }
        total += hg_p4s_block_sum(acc, sc[g], a->d[g]);
    }
    return total;
}
HG_BYTE_TABLE_ENTRIES(p4s, hg_qdot8_p4s_avx512, grid8abs)

/* The paired grid (file variant 6, planar codes) in blocks of 256k: magnitude m = j | h << 7 is point
 * j of 128 (h = 0) or that point with coordinates 0, 1 and 2, 3 swapped (h = 1). Coordinate d of the 64
 * points j is one vpermi2b from a 128-byte table (where 256 entries take two and a blend), the h = 1
 * lanes take coordinate d ^ 1's instead (a blend on the index's top bit), and the sign planes are the
 * masks of the activation's negation as they lie in the file: 64 codes cost 4 lookups, 4 blends, 4
 * negations and 4 vpdpbusd where the plain grid's bit stream took 8, 4, 4 and 4 plus 12 to unpack. */
/* one block of H weights: its four coordinates' products summed into one vector */
HG_INLINE __m512i hg_p4pair_block(const uint8_t *codes, const int8_t *x, uint64_t H, const __m512i T[8]) {
    __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    for (uint64_t j = 0; j < H; j += 256, codes += 96, x += 256) {
        _mm_prefetch((const char *)codes + 1024, _MM_HINT_T0);
        _mm_prefetch((const char *)codes + 1024 + 64, _MM_HINT_T0);
        const __m512i u = _mm512_loadu_si512(codes);
        const __mmask64 swap = _mm512_movepi8_mask(u);
        __m512i r[4];
        for (int d = 0; d < 4; d++) r[d] = _mm512_permutex2var_epi8(T[2 * d], u, T[2 * d + 1]);
        for (int d = 0; d < 4; d++) {
            uint64_t plane;   /* little-endian: bit i of the word is code i's sign bit d */
            memcpy(&plane, codes + 64 + 8 * d, 8);
            const __m512i xv = _mm512_loadu_si512(x + 64 * d);
            acc[d] = hg_dpbusd(acc[d], _mm512_mask_blend_epi8(swap, r[d], r[d ^ 1]),
                               _mm512_mask_sub_epi8(xv, _cvtu64_mask64(plane), _mm512_setzero_si512(), xv));
        }
    }
    return _mm512_add_epi32(_mm512_add_epi32(acc[0], acc[1]), _mm512_add_epi32(acc[2], acc[3]));
}
/* block by block. (Reducing four blocks' sums together, as hg_qdot8_p1n256_vnni does, measured no faster
 * decoding the TinyLlama-shaped model, whose down projection has blocks of 512: bench/ab.sh, 35.9
 * against 34.4 tok/s, within the host's noise.) */
HG_INLINE float hg_qdot8_p4pair_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                       const __m512i T[8]) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++, codes += H / 256 * 96) {
        const int32_t isum = _mm512_reduce_add_epi32(hg_p4pair_block(codes, a->qp + g * H, H, T));
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)isum;
    }
    return total;
}
/* the paired grid's tables: coordinate d of the 128 points j in T[2d], T[2d + 1] */
static void hg_pair_tables(const uint8_t (*t)[256], __m512i T[8]) {
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < 2; k++) T[2 * d + k] = _mm512_loadu_si512(t[d] + 64 * k);
}
static float hg_qdot8_p4pair_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    __m512i T[8];
    hg_pair_tables(q->grid8abs, T);
    return hg_qdot8_p4pair_avx512(q, sc, codes, a, T);
}
static void hg_qrows8_p4pair_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    __m512i T[8];
    hg_pair_tables(q->grid8abs, T);
    for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p4pair_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T);
}
/* a row of the paired grid (planar codes) as k + 128 in code order, for the prompt product: a step's
 * four coordinate vectors as hg_qdot8_p4pair_avx512 finds them, the signs applied (128 - |k| or
 * 128 + |k|), then interleaved to four bytes a code (bytes, then 16-bit pairs within 128-bit lanes,
 * then the lanes put in order) */
static void hg_row8_decode_p4pair_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    __m512i T[8];
    hg_pair_tables(q->grid8abs, T);
    const __m512i c128 = _mm512_set1_epi8((char)128);
    for (uint64_t i = 0; i < q->cols_pad; i += 256, codes += 96, k += 256) {
        const __m512i u = _mm512_loadu_si512(codes);
        const __mmask64 swap = _mm512_movepi8_mask(u);
        __m512i r[4], v[4];
        for (int d = 0; d < 4; d++) r[d] = _mm512_permutex2var_epi8(T[2 * d], u, T[2 * d + 1]);
        for (int d = 0; d < 4; d++) {
            uint64_t plane;
            memcpy(&plane, codes + 64 + 8 * d, 8);
            const __m512i m = _mm512_mask_blend_epi8(swap, r[d], r[d ^ 1]);
            v[d] = _mm512_mask_sub_epi8(_mm512_add_epi8(m, c128), _cvtu64_mask64(plane), c128, m);
        }
        const __m512i t0 = _mm512_unpacklo_epi8(v[0], v[1]), t1 = _mm512_unpackhi_epi8(v[0], v[1]);
        const __m512i t2 = _mm512_unpacklo_epi8(v[2], v[3]), t3 = _mm512_unpackhi_epi8(v[2], v[3]);
        const __m512i u0 = _mm512_unpacklo_epi16(t0, t2), u1 = _mm512_unpackhi_epi16(t0, t2);   /* codes 16L + 0..3, 4..7 */
        const __m512i u2 = _mm512_unpacklo_epi16(t1, t3), u3 = _mm512_unpackhi_epi16(t1, t3);   /* 16L + 8..11, 12..15 */
        const __m512i a = _mm512_shuffle_i64x2(u0, u1, _MM_SHUFFLE(1, 0, 1, 0)), b = _mm512_shuffle_i64x2(u2, u3, _MM_SHUFFLE(1, 0, 1, 0));
        const __m512i c = _mm512_shuffle_i64x2(u0, u1, _MM_SHUFFLE(3, 2, 3, 2)), e = _mm512_shuffle_i64x2(u2, u3, _MM_SHUFFLE(3, 2, 3, 2));
        _mm512_storeu_si512(k, _mm512_shuffle_i64x2(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
        _mm512_storeu_si512(k + 64, _mm512_shuffle_i64x2(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
        _mm512_storeu_si512(k + 128, _mm512_shuffle_i64x2(c, e, _MM_SHUFFLE(2, 0, 2, 0)));
        _mm512_storeu_si512(k + 192, _mm512_shuffle_i64x2(c, e, _MM_SHUFFLE(3, 1, 3, 1)));
    }
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
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->q + g * H;
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0;
        for (uint64_t j = 0; j < H; j += 32, codes += bits, x += 32) {   /* 8 codes, bits bytes */
            __m256i w = _mm256_set_m128i(hg_p4_four(tab, codes + bits / 2, end, bits), hg_p4_four(tab, codes, end, bits));
            hg_acc_k32_avx2(w, x, j, &acc0, &acc1);
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(acc0, acc1);
    }
    return total;
}
static float hg_qdot8_p4b8_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_avx2(q, sc, codes, a, 8);
}
/* the planar p=4 layout (hg_code_at_p4planar) on AVX2: eight codes a 32-byte vector, their four |k| one
 * 32-bit load each (grid8absw, indexed by the index byte as it lies), and each weight's sign from the chunk's four
 * planes held in registers (hg_p4p_planes_avx2): weight 4i + d of codes 8k .. 8k + 7 is bit i of
 * plane d's byte k, moved into place by two vpshufb and tested against its bit. The dot product puts
 * the signs (+1 or -1 per byte) on the activation with vpsignb (|k| is vpmaddubsw's unsigned operand
 * as it is), the prompt decode on |k|. */
HG_INLINE __m256i hg_p4p_eight_avx2(const uint32_t *mag, const uint8_t *c) {
    return _mm256_setr_epi32((int)mag[c[0]], (int)mag[c[1]], (int)mag[c[2]], (int)mag[c[3]], (int)mag[c[4]], (int)mag[c[5]],
                             (int)mag[c[6]], (int)mag[c[7]]);
}
/* the sign planes of the 64-code chunk at chunk: planes 0, 1 in both lanes of p[0], planes 2, 3 of p[1] */
HG_INLINE void hg_p4p_planes_avx2(const uint8_t *chunk, __m256i p[2]) {
    const __m256i P = _mm256_loadu_si256((const __m256i *)(chunk + 64));
    p[0] = _mm256_permute4x64_epi64(P, 0x44);
    p[1] = _mm256_permute4x64_epi64(P, 0xEE);
}
/* +1 or -1 for each weight of codes 8k .. 8k + 7 */
HG_INLINE __m256i hg_p4p_signs_avx2(const __m256i p[2], int k) {
    const __m256i lo = _mm256_setr_epi8(0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0,
                                        8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128);   /* planes 0, 1 */
    const __m256i hi = _mm256_setr_epi8(-128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8,
                                        -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8);   /* planes 2, 3 */
    const __m256i bit = _mm256_setr_epi8(1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16, 16, 16, 32, 32, 32, 32, 64, 64, 64,
                                         64, -128, -128, -128, -128);   /* weight 4i + d: bit i */
    const __m256i kk = _mm256_set1_epi8((char)k);   /* -128 + k keeps the top bit: those lanes stay 0 */
    const __m256i b = _mm256_or_si256(_mm256_shuffle_epi8(p[0], _mm256_add_epi8(lo, kk)), _mm256_shuffle_epi8(p[1], _mm256_add_epi8(hi, kk)));
    return _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_and_si256(b, bit), bit), _mm256_set1_epi8(1));
}
static float hg_qdot8_p4p_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->q + g * H;
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0, pl[2];
        for (uint64_t j = 0; j < H; j += 256, codes += 96) {   /* blocks of 256k: whole chunks */
            hg_p4p_planes_avx2(codes, pl);
#if defined(__clang__)
#pragma clang loop unroll(full)
#elif defined(__GNUC__)
#pragma GCC unroll 8
#endif
            for (int k = 0; k < 8; k++, x += 32) {   /* codes 8k .. 8k + 7 */
                const __m256i w = hg_p4p_eight_avx2(q->grid8absw, codes + 8 * k);
                const __m256i v = _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)x), hg_p4p_signs_avx2(pl, k));
                if (k & 1) acc1 = hg_dpbusd_avx2(acc1, w, v);
                else acc0 = hg_dpbusd_avx2(acc0, w, v);
            }
        }
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)hg_isum_avx2(acc0, acc1);
    }
    return total;
}
/* a row's k in code order for the prompt product, eight codes a store */
static void hg_row8_decode_p4p_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    for (uint64_t i = 0; i < q->cols_pad; i += 256, codes += 96) {
        __m256i pl[2];
        hg_p4p_planes_avx2(codes, pl);
        for (int e = 0; e < 8; e++, k += 32)
            _mm256_storeu_si256((__m256i *)k, _mm256_sign_epi8(hg_p4p_eight_avx2(q->grid8absw, codes + 8 * e), hg_p4p_signs_avx2(pl, e)));
    }
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
    hg_unpack6_row(q, codes, q->cols_pad / 2, bytes);
    return hg_qdot8_generic(q, sc, bytes, a);
}
#if defined(HG_NEON)
static float hg_qdot8_p2n64_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS / 2];
    hg_unpack6_row(q, codes, q->cols_pad / 2, bytes);
    return hg_qdot8_p2n256_neon(q, sc, bytes, a);
}
/* p=1 64 and 32 levels: the row's codes as bytes, then hg_qdot8_p1_bytes_neon */
static float hg_qdot8_p1_unpacked_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS];
    hg_unpack_p1_row(q, codes, bytes);
    return hg_qdot8_p1_bytes_neon(q, sc, bytes, a);
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
    if (q->planar) {
        for (int j = 0; j < 8; j++) c6[j] = (uint8_t)hg_code_at_planar(codes, i + (uint64_t)j);
        return c6;
    }
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
        for (; i < n / 2; i++) memcpy(k + 2 * i, g + 2 * hg_qcode(q, codes, i), 2);
        return;
    }
    if (q->p == 1 && q->bits == 4) {
        hg_row8_decode_p1n16_from(q, codes, k, 0);
        return;
    }
    for (uint64_t i = 0; i < n / (uint64_t)q->p; i++) {
        int c = hg_qcode(q, codes, i);
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
        hg_unpack_codes(q, codes, (uint64_t)done, count, idx);
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
    for (; i < n / 2; i++) memcpy(k + 2 * i, g + 2 * hg_qcode(q, codes, i), 2);
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
/* RTN 8-bit: the code bytes are k + 128 already; sum (k + 128) q - 128 sum q = sum k q.
 * One block's products as 16 int32 lanes (blocks of 64 + 128i end with one step of 64). */
HG_INLINE __m512i hg_p1n256_block_vnni(const uint8_t *c, const int8_t *x, uint64_t H) {
    __m512i a0 = _mm512_setzero_si512(), a1 = a0;
    uint64_t j = 0;
    for (; j + 128 <= H; j += 128) {
        a0 = hg_dpbusd(a0, hg_load_stream512(c + j), _mm512_loadu_si512(x + j));
        a1 = hg_dpbusd(a1, hg_load_stream512(c + j + 64), _mm512_loadu_si512(x + j + 64));
    }
    if (j < H) a0 = hg_dpbusd(a0, hg_load_stream512(c + j), _mm512_loadu_si512(x + j));
    return _mm512_add_epi32(a0, a1);
}
HG_INLINE __m256i hg_fold512(__m512i v) { return _mm256_add_epi32(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1)); }
/* four blocks at a time, reduced together (hg_add4_blocks) */
static float hg_qdot8_p1n256_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    uint64_t g = 0;
    for (; g + 4 <= q->groups; g += 4) {
        __m256i s0 = hg_fold512(hg_p1n256_block_vnni(codes + g * H, a->q + g * H, H));
        __m256i s1 = hg_fold512(hg_p1n256_block_vnni(codes + (g + 1) * H, a->q + (g + 1) * H, H));
        __m256i s2 = hg_fold512(hg_p1n256_block_vnni(codes + (g + 2) * H, a->q + (g + 2) * H, H));
        __m256i s3 = hg_fold512(hg_p1n256_block_vnni(codes + (g + 3) * H, a->q + (g + 3) * H, H));
        __m256i h = _mm256_hadd_epi32(_mm256_hadd_epi32(s0, s1), _mm256_hadd_epi32(s2, s3));
        __m128i isum = _mm_sub_epi32(_mm_add_epi32(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1)),
                                     _mm_slli_epi32(_mm_loadu_si128((const __m128i *)(a->qsum + g)), 7));
        total = hg_add4_blocks(total, sc + g, a->d + g, isum);
    }
    for (; g < q->groups; g++) {
        int32_t s = _mm512_reduce_add_epi32(hg_p1n256_block_vnni(codes + g * H, a->q + g * H, H)) - 128 * a->qsum[g];
        total += (hg_f16_to_f32(sc[g]) * a->d[g]) * (float)s;
    }
    return total;
}
static void hg_row8_copy_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) { memcpy(k, codes, q->cols_pad); }

#if defined(HG_AVX2)
/* the planar 3-bit block grid for the VNNI prompt product: k + 128, each block's 64 x then 64 y per
 * 128 weights (a block's last 64, 32 and 32), as the activations (hg_p2b3_x); 32 codes a step looked
 * up as the decode kernel does */
static void hg_row8_decode_p2bp_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    __m256i TX[4], TY[4], kx, ky;
    hg_p2b3_tables_avx2(q, HG_P2B3_PLANAR, TX, TY);
    const uint64_t H = (uint64_t)q->group;
    const __m256i m64 = _mm256_set1_epi8(64);
    for (uint64_t g = 0; g < q->groups; g++)
        for (uint64_t j = 0, half; j < H; j += 64, codes += 24) {
            int8_t *u = (int8_t *)hg_p2b3_x(k + g * H, j, H, &half);
            hg_p2bp_lookup_avx2(TX, TY, codes, &kx, &ky);
            _mm256_storeu_si256((__m256i *)u, _mm256_add_epi8(kx, m64));
            _mm256_storeu_si256((__m256i *)(u + half), _mm256_add_epi8(ky, m64));
        }
}
#endif
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
    __m256i a[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
    __m256i b[4] = {a[0], a[0], a[0], a[0]};
    for (uint64_t j = 0; j < H; j += 32) {
        __m256i w0 = _mm256_loadu_si256((const __m256i *)(k0 + j)), w1 = _mm256_loadu_si256((const __m256i *)(k1 + j));
        __m256i m0 = _mm256_sign_epi8(w0, w0), m1 = _mm256_sign_epi8(w1, w1);
        for (int t = 0; t < 4; t++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(x[t] + j));
            a[t] = hg_dpbusd_avx2(a[t], m0, _mm256_sign_epi8(v, w0));
            b[t] = hg_dpbusd_avx2(b[t], m1, _mm256_sign_epi8(v, w1));
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
        __m256i acc[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
        for (uint64_t j = 0; j < H; j += 32) {
            __m256i w = _mm256_loadu_si256((const __m256i *)(k + j)), aw = _mm256_sign_epi8(w, w);
            for (int t = 0; t < 4; t++) {
                acc[t] = hg_dpbusd_avx2(acc[t], aw, _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)(x[t] + j)), w));
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
    /* a kernel whose stack tables cannot take B tokens (many blocks a row) takes them in smaller
     * batches; every token's result is the same whatever batch it is in */
    for (int nb = B; q->k.gemm8 && nb > 0; nb = nb > 4 ? (nb + 1) / 2 : 0) {
        if (!q->k.gemm8(out, ostride, a, nb, w, q, row0, row1, buf)) continue;
        for (int b0 = nb; b0 < B; b0 += nb)
            q->k.gemm8(out + (size_t)b0 * ostride, ostride, a + b0, B - b0 < nb ? B - b0 : nb, w, q, row0, row1, buf);
        return;
    }
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
 *   portable      every format                 p1 4/5/6-bit, p1u 8-bit,      -             every int8 format
 *                                              p2 3/4-bit
 *   AVX2          p1 2/3/4-bit, p2 2-bit:      p1 4/5/6-bit, p1u 8-bit,      -             decode8 p1 4/5/6-bit, p2 3/4-bit;
 *                 pshufb tables; the rest      p2 3/4-bit (blocks of 32;                   gemm8 in blocks of 32
 *                                              p2 4-bit
 *                                              sign-symmetric: pshufb
 *                                              magnitude tables)
 *                 up to 8-bit codes: gathers
 *                 (blocks of 16 codes; only
 *                 where AVX-512 is not built)
 *   AVX-512       p1 2-8-bit, p2 2/3/4-bit     -                             -             -
 *                 (blocks of 16 codes)
 *   AVX-512 VNNI  -                            row ranges: p1 2/3/4/5/6-bit, the same      the same formats (k + 128)
 *                                              p2 2/3/4-bit (p1 4-bit, p2
 *                                              4-bit in blocks of 32; the
 *                                              rest in blocks of 64 codes)
 *   NEON          - (portable)                 p1 4/5/6-bit, p1u 8-bit,      -             decode8 p1 4-bit
 *                                              p2 3/4-bit
 *                                              (blocks of 32; sdot with
 *                                              HG_NEON_DOTPROD)
 * p=4 grids (256, 1024, 4096 points): the float kernels are portable everywhere; int8: portable on
 * every build, AVX2 word-table lookups in blocks of 32 (gemm8 too), AVX-512 VNNI word tables in
 * blocks of 64 and, in blocks of 256k, byte tables (vpermi2b) on the coordinate-major activation
 * (hg_act8_coords4) for 256 points and for the sign-symmetric 4096 (magnitudes; signs on the
 * activation); the VNNI prompt product in natural order; NEON: the bit-stream grids by word-table
 * lane loads in blocks of 32, the paired 4096-point grid (planar codes, blocks of 256k) by tbl lookups
 * with its own prompt decode (sdot with HG_NEON_DOTPROD). No two-stream kernel.
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
    else if (q->p == 1 && q->n == 256) q->k.dot8 = hg_qdot8_p1_bytes_generic, q->k.decode8 = hg_row8_decode_p1n256;
    else if (q->p == 2 && q->n == 64) q->k.dot8 = hg_qdot8_p2n64_generic;
    else if (q->p == 1 && (q->n == 64 || q->n == 32)) q->k.dot8 = hg_qdot8_p1_unpacked_generic;
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
    if (!((q->group / q->p) % 16) && q->bits <= 8 && q->p <= 2 && !q->planar) {   /* planar: the portable ones */
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
        if (q->planar && q->grid8paired) q->k.dot8 = hg_qdot8_p4p_avx2, q->k.decode8 = hg_row8_decode_p4p_avx2;
        else if (q->planar) q->k.dot8 = hg_qdot8_p4_generic;
        q->k.gemm8 = hg_qmatmul8_avx2;
        return;
    }
    if (!q->k.rows8 || q->p > 2) return;
    if (q->p == 1 && q->n == 256) {   /* RTN 8-bit */
        if (q->group % 32) return;
        q->k.dot8 = hg_qdot8_p1n256_avx2;
        q->k.gemm8 = hg_qmatmul8_avx2;
        return;
    }
    if (q->p == 1 && (q->n == 64 || q->n == 32)) {
        if (q->group % 32) return;
        q->k.dot8 = hg_qdot8_p1k_avx2;
        q->k.decode8 = hg_row8_decode_p1k_avx2;
        q->k.gemm8 = hg_qmatmul8_avx2;
        return;
    }
    if (q->p == 2) q->k.decode8 = hg_row8_decode_p2_avx2;
    else q->k.decode8 = hg_row8_decode_p1n16_avx2;
    if (q->p == 2 && q->n == 64)   /* the 3-bit grids: 32 codes a step, as their decode kernels look them up */
        q->k.decode8 = q->grid8abs ? hg_row8_decode_p2s6_avx2
                       : q->variant == HG_GRID_BLOCKS ? (q->planar ? hg_row8_decode_p2bp_avx2 : hg_row8_decode_p2b6_avx2)
                                                      : hg_row8_decode_p2n64_avx2;
    if (q->p == 2 && q->n == 256 && q->grid8abs)   /* the sign-symmetric and block 4-bit grids likewise */
        q->k.decode8 = q->variant == HG_GRID_BLOCKS ? hg_row8_decode_p2b_avx2 : hg_row8_decode_p2s_avx2;
    if (q->group % 32) return;
    q->k.dot8 = q->p == 1 ? hg_qdot8_p1n16_avx2 : q->grid8abs ? (q->n == 256 ? hg_qdot8_p2s_avx2 : hg_qdot8_p2s6_avx2) : q->n == 256 ? hg_qdot8_p2n256_avx2 : hg_qdot8_p2n64_avx2;
    if (q->p == 2 && (q->grid8abs || q->n == 64))   /* two row streams */
        q->k.rows8x2 = q->n == 64 ? (q->grid8abs ? hg_qrows8x2_p2s6_avx2 : hg_qrows8x2_p2n64_avx2) : hg_qrows8x2_p2s_avx2;
    if (q->variant == HG_GRID_BLOCKS && q->n == 256) q->k.dot8 = hg_qdot8_p2b_avx2, q->k.rows8x2 = hg_qrows8x2_p2b_avx2;
    if (q->variant == HG_GRID_BLOCKS && q->n == 64) q->k.dot8 = hg_qdot8_p2b6_avx2, q->k.rows8x2 = hg_qrows8x2_p2b6_avx2;
    if (q->planar == HG_PLANAR_P2B6) q->k.dot8 = hg_qdot8_p2bp_avx2, q->k.rows8x2 = hg_qrows8x2_p2bp_avx2;
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
    if ((q->group / q->p) % 16 || q->planar) return;
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
        if (q->grid8abs && !(q->group % 256)) q->k.dot8 = hg_qdot8_p4s_vnni, q->k.rows8 = hg_qrows8_p4s_avx512;
        if (q->planar) {   /* a layout the bit-stream kernels cannot read: the paired kernel, or the generic one */
            q->k.dot8 = q->grid8paired ? hg_qdot8_p4pair_vnni : hg_qdot8_p4_generic;
            q->k.rows8 = q->grid8paired ? hg_qrows8_p4pair_avx512 : hg_qrows8_each;
        }
        q->k.decode8 = q->planar && q->grid8paired ? hg_row8_decode_p4pair_vnni : hg_row8_decode_p4_vnni;
        q->k.gemm8 = hg_qmatmul8_vnni;
        q->k.gemm8_vnni = 1;
        return;
    }
    if (q->p == 1 && q->n == 256) {   /* RTN 8-bit: the codes are k + 128 as they are */
        if (q->group % 64) return;
        q->k.dot8 = hg_qdot8_p1n256_vnni;
        q->k.decode8 = hg_row8_copy_vnni;
        q->k.gemm8 = hg_qmatmul8_vnni;
        q->k.gemm8_vnni = 1;
        return;
    }
#if defined(HG_AVX2)
    if (q->planar == HG_PLANAR_P2B6) {   /* decode: the AVX2 kernels (vpdpbusd on 256 bits); prompts: the VNNI product */
        q->k.decode8 = hg_row8_decode_p2bp_vnni;
        q->k.gemm8 = hg_qmatmul8_vnni;
        q->k.gemm8_vnni = 1;
        return;
    }
#endif
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
    if (q->p == 4 && q->k.rows8 && q->planar && q->grid8paired && !(q->group % 256)) {
        q->k.dot8 = hg_qdot8_p4p_neon;
        q->k.decode8 = hg_row8_decode_p4p_neon;
        return;
    }
    if (q->p == 4 && q->k.rows8 && !q->planar && !(q->group % 32)) {
        q->k.dot8 = q->bits == 8 ? hg_qdot8_p4b8_neon : q->bits == 10 ? hg_qdot8_p4b10_neon : hg_qdot8_p4b12_neon;
        return;
    }
    if (!q->k.rows8 || q->p > 2) return;
    if (q->p == 1 && q->n == 256) {   /* RTN 8-bit */
        if (!(q->group % 32)) q->k.dot8 = hg_qdot8_p1_bytes_neon;
        return;
    }
    if (q->p == 1 && (q->n == 64 || q->n == 32)) {
        if (!(q->group % 32)) q->k.dot8 = hg_qdot8_p1_unpacked_neon;
        return;
    }
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
    /* off the AVX-512 and AVX2 paths 5- and 6-bit codes are unpacked a row at a time into a stack
     * buffer: every build leaves longer rows to the float kernels alike */
    int row_buffer = (q->n == 64 && q->p <= 2) || (q->n == 32 && q->p == 1);
    if (row_buffer && q->cols_pad > HG_N64_MAX_COLS) q->k.rows8 = NULL, q->k.rows8x2 = NULL;
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
    int sym;   /* p=4 sign-symmetric: the tree holds points 0..255 (the positive orthant) only */
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
        /* a sign-symmetric grid (point c = signs of c's bits 8-11 times point c & 255): search |x| among
         * the 256 positive points, then put x's signs into the code */
        b->sym = n == 4096;
        for (int c = 0; b->sym && c < n; c++)
            for (int d = 0; d < 4; d++) {
                float a = pts[4 * (c & 255) + d];
                b->sym &= a > 0 && pts[4 * c + d] == (c >> (8 + d) & 1 ? -a : a);
            }
        if (b->sym) n = 256;
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
    if (b && b->sym) {
        /* |x_d - (-a_d)| = |(-x_d) - a_d| exactly in float; x_d = 0 keeps the positive sign, the lower code */
        const float f[4] = {fabsf(v[0]), fabsf(v[1]), fabsf(v[2]), fabsf(v[3])};
        hg_kd_search(b, 0, f, &bd, &best);
        return best | (v[0] < 0) << 8 | (v[1] < 0) << 9 | (v[2] < 0) << 10 | (v[3] < 0) << 11;
    }
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
    float s = rms;
    if (q->variant == HG_GRID_UNIFORM) {
        /* the block's largest weight on the last level, 127 steps out: nothing clipped. At the RMS
         * scale the grid ends at 3.9 RMS, and one weight past that in a block (a 4.5-sigma one, say)
         * costs more than the whole block's rounding error */
        float amax = 0;
        for (int i = 0; i < q->group; i++) amax = fmaxf(amax, fabsf(x[i]));
        s = amax / (127.0f * HG_GRID_P1_N256U_STEP);
    }
    if (q->scales != HG_SCALES_LSQ && q->scales != HG_SCALES_LSQ_UNBIASED) return s;
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
            if (q->planar == HG_PLANAR_P2B6) hg_code_put_planar(codes, ci, c);
            else if (q->planar) hg_code_put_p4planar(codes, ci, c);
            else hg_code_put(codes, ci, q->bits, c);
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
/* Persistent workers; the caller is thread 0 and works too. A dispatch bumps a
 * generation counter; workers spin on it for a while (decode issues thousands
 * of small matmuls a second, and a futex wake per matmul costs more than the
 * work) and then sleep on their own condition variable, so an idle process
 * uses no CPU. The spin limit is time, not iterations: 20000 spins took ~9 us
 * on a Zen 5, less than the gap between two of decode's jobs, and spinning up
 * to 1 ms decoded 1-8% faster in alternating runs on an idle machine.
 *
 * Tasks are split into one contiguous range per thread, each with its own
 * counter on its own cache line: a thread takes its tasks in order (one stream
 * through memory, and a counter no other core touches) and only then takes
 * what is left of the others' ranges from the back. One shared counter made
 * every task move a cache line between cores, ~10 us per matrix-vector job on
 * a 2-vCPU VM.
 *
 * On a busy machine a worker can be descheduled for a whole time slice (ms),
 * and a job waits for every task it has claimed. So:
 *  - a job is done when its tasks are done (a count), not when every worker
 *    has checked in: a worker that never woke costs nothing, others took its
 *    range;
 *  - the caller and the workers spin briefly, then block;
 *  - the pool adapts how many threads take part: a job whose caller waited
 *    long after finishing its own share (HG_STALL_NS and half its own working
 *    time) is a stall; HG_STALL_MAX stalls in HG_STALL_WINDOW jobs drop one
 *    thread, and after a back-off (doubling while probes keep failing) it tries
 *    one more again. On an idle machine stalls do not happen and all threads
 *    stay. */

#ifndef HG_NO_THREADS
#include <sched.h>

#ifndef HG_SPIN_NS
#define HG_SPIN_NS 1000000          /* spin this long before blocking, while jobs finish on time */
#endif
#define HG_SPIN_BUSY_NS 20000       /* ... and this long once stalls were seen */
#define HG_STALL_NS 200000          /* a wait this long after the caller's own share is a stall */
#define HG_STALL_WINDOW 64          /* jobs per verdict */
#define HG_STALL_MAX 3              /* stalls in a window that drop a thread */
#define HG_PROBE_NS 100000000ull    /* first back-off before trying a dropped thread again */
#define HG_PROBE_MAX_NS 3200000000ull

/* a thread's range of tasks, lo..hi-1, in one word (hi << 32 | lo): its owner takes
 * tasks from the front (fetch-add on lo), others take from the back (CAS on hi) */
typedef struct { _Alignas(64) atomic_uint_least64_t w; char pad[64 - sizeof(atomic_uint_least64_t)]; } hg_pool_range;

typedef struct {                    /* one per worker: where it sleeps */
    pthread_cond_t cv;
    atomic_int sleeping;
} hg_pool_bed;

struct hg_pool {
    int n;                          /* threads, the caller included */
    pthread_t *threads;             /* [n], [0] unused */
    hg_pool_range *range;           /* [n]: thread i's unclaimed tasks */
    hg_pool_bed *bed;               /* [n], [0] unused */
    pthread_mutex_t mu;
    pthread_cond_t done_cv;         /* the caller sleeps here */
    atomic_int caller_sleeping;
    atomic_uint gen;                /* bumped once per job */
    atomic_int remaining;           /* tasks of this job not yet finished */
    atomic_int active;              /* threads taking part: 1..n */
    atomic_int quit;
    atomic_uint_least64_t spin_ns;
    hg_task_fn fn;
    void *ctx;
    /* the caller's bookkeeping for adapting `active` */
    int window_jobs, window_stalls, probing;
    uint64_t next_probe_ns, probe_backoff_ns, probe_start_ns;
};

typedef struct { hg_pool *p; int id; } hg_worker_arg;

static uint64_t hg_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void hg_pool_finished(hg_pool *p, int n_done) {
    if (!n_done) return;
    if (atomic_fetch_sub(&p->remaining, n_done) == n_done && atomic_load(&p->caller_sleeping)) {
        pthread_mutex_lock(&p->mu);
        pthread_cond_signal(&p->done_cv);
        pthread_mutex_unlock(&p->mu);
    }
}

/* Runs tasks until none is left unclaimed. The claims acquire what the caller
 * released with the ranges, so fn and ctx are the job's even for a worker that
 * woke late: any task it claims belongs to the job now published. */
static void hg_pool_work(hg_pool *p, int thread) {
    int n = atomic_load_explicit(&p->active, memory_order_relaxed), done = 0;
    hg_pool_range *own = &p->range[thread];
    for (;;) {                                /* own range from the front: one stream through memory */
        uint64_t v = atomic_fetch_add_explicit(&own->w, 1, memory_order_acquire);
        if ((uint32_t)v >= (uint32_t)(v >> 32)) break;
        p->fn(p->ctx, (int)(uint32_t)v, thread);
        done++;
    }
    hg_pool_finished(p, done);
    for (int k = 1; k < n; k++) {             /* then the others' from the back, so that their owners' streams go on */
        hg_pool_range *r = &p->range[(thread + k) % n];
        uint64_t v = atomic_load_explicit(&r->w, memory_order_acquire);
        for (;;) {
            uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
            if (lo >= hi) break;
            if (atomic_compare_exchange_weak_explicit(&r->w, &v, (uint64_t)(hi - 1) << 32 | lo, memory_order_acquire,
                                                      memory_order_acquire)) {
                p->fn(p->ctx, (int)(hi - 1), thread);
                hg_pool_finished(p, 1);
                v = atomic_load_explicit(&r->w, memory_order_acquire);
            }
        }
    }
}

static int hg_worker_idle(hg_pool *p, int id, unsigned seen) {
    return (atomic_load_explicit(&p->gen, memory_order_acquire) == seen || id >= atomic_load(&p->active)) &&
           !atomic_load(&p->quit);
}

static void *hg_worker(void *arg) {
    hg_worker_arg a = *(hg_worker_arg *)arg;
    free(arg);
    hg_pool *p = a.p;
    hg_pool_bed *bed = &p->bed[a.id];
    unsigned seen = 0;                /* the generation at creation: a late start must not skip a dispatch */
    for (;;) {
        unsigned spins = 0;
        uint64_t until = 0;
        while (hg_worker_idle(p, a.id, seen)) {
            if (a.id < atomic_load(&p->active) && ++spins % 1024) continue;   /* the clock every 1024 spins */
            uint64_t t = hg_now_ns();
            if (!until) until = t + atomic_load_explicit(&p->spin_ns, memory_order_relaxed);
            if (t > until || a.id >= atomic_load(&p->active)) {
                pthread_mutex_lock(&p->mu);
                atomic_store(&bed->sleeping, 1);
                while (hg_worker_idle(p, a.id, seen)) pthread_cond_wait(&bed->cv, &p->mu);
                atomic_store(&bed->sleeping, 0);
                pthread_mutex_unlock(&p->mu);
            }
        }
        if (atomic_load(&p->quit)) return NULL;
        seen = atomic_load(&p->gen);
        hg_pool_work(p, a.id);
    }
}

hg_pool *hg_pool_create(int n_threads) {
    hg_pool *p = (hg_pool *)calloc(1, sizeof *p);
    if (!p) return NULL;
    p->n = n_threads < 1 ? 1 : n_threads;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->done_cv, NULL);
    p->threads = (pthread_t *)calloc((size_t)p->n, sizeof(pthread_t));
    p->bed = (hg_pool_bed *)calloc((size_t)p->n, sizeof(hg_pool_bed));
    p->range = (hg_pool_range *)aligned_alloc(64, (size_t)p->n * sizeof(hg_pool_range));
    if (!p->threads || !p->range || !p->bed) { free(p->threads); free(p->range); free(p->bed); free(p); return NULL; }
    for (int i = 0; i < p->n; i++) {
        atomic_init(&p->range[i].w, 0);
        pthread_cond_init(&p->bed[i].cv, NULL);
    }
    atomic_init(&p->spin_ns, HG_SPIN_NS);
    p->probe_backoff_ns = HG_PROBE_NS;
    for (int i = 1; i < p->n; i++) {
        hg_worker_arg *a = (hg_worker_arg *)malloc(sizeof *a);
        if (!a) { p->n = i; break; }
        a->p = p;
        a->id = i;
        if (pthread_create(&p->threads[i], NULL, hg_worker, a)) { free(a); p->n = i; break; }
    }
    atomic_init(&p->active, p->n);
    return p;
}

/* The caller's verdict on one job: see the section comment. */
static void hg_pool_adapt(hg_pool *p, uint64_t own_ns, uint64_t wait_ns, uint64_t now) {
    int active = atomic_load(&p->active);
    if (wait_ns > HG_STALL_NS && wait_ns > own_ns / 2) p->window_stalls++;
    if (p->probing && p->window_stalls < HG_STALL_MAX && now - p->probe_start_ns > 4 * HG_PROBE_NS) {
        p->probing = 0;                       /* the added thread held up: back-off from the start again */
        p->probe_backoff_ns = HG_PROBE_NS;
    }
    if (p->window_stalls >= HG_STALL_MAX && active > 1) {
        atomic_store(&p->active, active - 1);
        atomic_store(&p->spin_ns, HG_SPIN_BUSY_NS);
        if (p->probing && p->probe_backoff_ns < HG_PROBE_MAX_NS) p->probe_backoff_ns *= 2;
        p->probing = 0;
        p->next_probe_ns = now + p->probe_backoff_ns;
        p->window_jobs = p->window_stalls = 0;
        return;
    }
    if (++p->window_jobs < HG_STALL_WINDOW) return;
    if (p->window_stalls == 0 && active == p->n) atomic_store(&p->spin_ns, HG_SPIN_NS);
    p->window_jobs = p->window_stalls = 0;
    if (active < p->n && now > p->next_probe_ns) {
        atomic_store(&p->active, active + 1);
        p->probing = 1;
        p->probe_start_ns = now;
    }
}

static void hg_pool_wait(hg_pool *p) {
    uint64_t until = 0;
    unsigned spins = 0;
    while (atomic_load_explicit(&p->remaining, memory_order_acquire) > 0) {
        if (++spins % 1024) continue;
        uint64_t t = hg_now_ns();
        if (!until) until = t + atomic_load_explicit(&p->spin_ns, memory_order_relaxed);
        if (t < until) continue;
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->caller_sleeping, 1);
        while (atomic_load(&p->remaining) > 0) pthread_cond_wait(&p->done_cv, &p->mu);
        atomic_store(&p->caller_sleeping, 0);
        pthread_mutex_unlock(&p->mu);
    }
}

void hg_pool_run(hg_pool *p, hg_task_fn fn, void *ctx, int n_tasks) {
    if (!p || p->n == 1 || n_tasks <= 1) {
        for (int t = 0; t < n_tasks; t++) fn(ctx, t, 0);
        return;
    }
    int n = atomic_load(&p->active);
    if (n == 1) {                             /* the others dropped out: no dispatch, no wait */
        for (int t = 0; t < n_tasks; t++) fn(ctx, t, 0);
        hg_pool_adapt(p, 0, 0, hg_now_ns());
        return;
    }
    p->fn = fn;
    p->ctx = ctx;
    atomic_store(&p->remaining, n_tasks);
    for (int i = 0; i < n; i++) {             /* released: a claim of any of these sees fn, ctx and remaining */
        uint64_t lo = (uint64_t)((int64_t)n_tasks * i / n), hi = (uint64_t)((int64_t)n_tasks * (i + 1) / n);
        atomic_store_explicit(&p->range[i].w, hi << 32 | lo, memory_order_release);
    }
    atomic_fetch_add(&p->gen, 1);             /* seq_cst: ordered before the sleeping flags read below */
    for (int i = 1; i < n; i++)
        if (atomic_load(&p->bed[i].sleeping)) {
            pthread_mutex_lock(&p->mu);
            pthread_cond_signal(&p->bed[i].cv);
            pthread_mutex_unlock(&p->mu);
        }
    uint64_t t0 = hg_now_ns();
    hg_pool_work(p, 0);
    uint64_t t1 = hg_now_ns();
    hg_pool_wait(p);
    uint64_t t2 = hg_now_ns();
    hg_pool_adapt(p, t1 - t0, t2 - t1, t2);
}

/* The default thread count: the CPUs this process may run on (its affinity
 * mask, as `taskset` and container cpusets set it), capped by a cgroup CPU
 * quota rounded up (`docker --cpus 1.5` gives 2). sysconf's count of online
 * CPUs ignores both, and threads beyond the CPUs we get only wait on each other. */
static int hg_read_long_pair(const char *path, long *a, long *b) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char s[64] = "";
    int ok = fscanf(f, "%63s %ld", s, b) == 2;
    fclose(f);
    if (!ok) return 0;
    *a = strcmp(s, "max") ? strtol(s, NULL, 10) : -1;
    return 1;
}

/* CPUs allowed by the quota of a cgroup directory, 0 when it sets none */
static int hg_cgroup_dir_cpus(const char *dir, int v2) {
    char path[4400];
    long quota = -1, period = 0;
    if (v2) {
        if (snprintf(path, sizeof path, "%s/cpu.max", dir) >= (int)sizeof path) return 0;
        if (!hg_read_long_pair(path, &quota, &period)) return 0;
    } else {
        FILE *f;
        if (snprintf(path, sizeof path, "%s/cpu.cfs_quota_us", dir) >= (int)sizeof path) return 0;
        if (!(f = fopen(path, "r"))) return 0;
        if (fscanf(f, "%ld", &quota) != 1) quota = -1;
        fclose(f);
        if (snprintf(path, sizeof path, "%s/cpu.cfs_period_us", dir) >= (int)sizeof path) return 0;
        if (!(f = fopen(path, "r"))) return 0;
        if (fscanf(f, "%ld", &period) != 1) period = 0;
        fclose(f);
    }
    if (quota <= 0 || period <= 0) return 0;
    return (int)((quota + period - 1) / period);
}

/* The tightest CPU quota on the way from this process's cgroup up to the
 * root, under `root` (normally /sys/fs/cgroup); 0 when none is set. */
int hg_cgroup_cpus(const char *root) {
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f) return 0;
    char line[4096], dir[4400];
    int best = 0;
    while (fgets(line, sizeof line, f)) {
        char *ctrl = strchr(line, ':'), *path = ctrl ? strchr(ctrl + 1, ':') : NULL;
        if (!path) continue;
        *path++ = 0;
        path[strcspn(path, "\n")] = 0;
        int v2 = !strcmp(ctrl + 1, "");
        const char *c = ctrl + 1;     /* v1: a controller list such as "cpu,cpuacct" */
        if (!v2 && !strstr(c, "cpu")) continue;
        for (int depth = 0;; depth++) {           /* this cgroup, then each parent */
            if (v2) snprintf(dir, sizeof dir, "%s%s", root, path);
            else snprintf(dir, sizeof dir, "%s/%s%s", root, c, path);
            int cpus = hg_cgroup_dir_cpus(dir, v2);
            if (!cpus && !v2) {                   /* v1 mounts also as "cpu" alone, or at the container's own root */
                snprintf(dir, sizeof dir, "%s/cpu%s", root, path);
                cpus = hg_cgroup_dir_cpus(dir, v2);
            }
            if (cpus && (!best || cpus < best)) best = cpus;
            char *slash = strrchr(path, '/');
            if (!slash || depth > 64) break;
            if (slash == path) {
                if (!path[1]) break;              /* the root itself was read */
                path[1] = 0;
            } else *slash = 0;
        }
    }
    fclose(f);
    return best;
}

int hg_default_threads(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#if defined(__linux__) && defined(CPU_COUNT)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) n = CPU_COUNT(&set);
#endif
    int quota = hg_cgroup_cpus("/sys/fs/cgroup");
    if (quota > 0 && quota < n) n = quota;
    return n > 0 ? (int)n : 1;
}

int hg_pool_threads(const hg_pool *p) { return p ? p->n : 1; }
int hg_pool_active(const hg_pool *p) { return p ? atomic_load(&((hg_pool *)p)->active) : 1; }

void hg_pool_destroy(hg_pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    atomic_store(&p->quit, 1);
    for (int i = 1; i < p->n; i++) pthread_cond_signal(&p->bed[i].cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 1; i < p->n; i++) pthread_join(p->threads[i], NULL);
    for (int i = 0; i < p->n; i++) pthread_cond_destroy(&p->bed[i].cv);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->done_cv);
    free(p->threads);
    free(p->range);
    free(p->bed);
    free(p);
}
#else
struct hg_pool { int n; };
hg_pool *hg_pool_create(int n_threads) { (void)n_threads; hg_pool *p = (hg_pool *)calloc(1, sizeof *p); if (p) p->n = 1; return p; }
void hg_pool_run(hg_pool *p, hg_task_fn fn, void *ctx, int n_tasks) { (void)p; for (int t = 0; t < n_tasks; t++) fn(ctx, t, 0); }
int hg_pool_threads(const hg_pool *p) { (void)p; return 1; }
int hg_pool_active(const hg_pool *p) { (void)p; return 1; }
int hg_default_threads(void) { return 1; }
int hg_cgroup_cpus(const char *root) { (void)root; return 0; }
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
