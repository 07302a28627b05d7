/* higgs.h - what run.c and quantize.c share: the .higgs file format, number
 * formats, a thread pool, the matrix-vector kernels and the tokenizer.
 *
 * A library in the stb style: every file that includes it sees the API below;
 * exactly one translation unit per program defines HIGGS_IMPLEMENTATION before
 * including it to get the code, which lives in src/, one file per concern
 * (the list at the end of this file; docs/architecture.md). For a single
 * header to embed elsewhere: python3 tools/amalgamate.py higgs_single.h.
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
 *   Tokenizer (SentencePiece BPE, byte-level BPE with the Llama 3 / Qwen2 / SmolLM2 / GPT-2
 *   pre-tokenizers):
 *     int  hg_tok_load(hg_tokenizer *t, const uint8_t *p, uint64_t n, int vocab_size,
 *                      char *err, size_t errlen);         from a TOKN section
 *     int  hg_tok_load_llama2c(t, data, size, path, vocab_size, err, errlen);
 *         from a llama2.c tokenizer.bin's bytes. Both return 0, or -1 with a one-line
 *         message in err and nothing left allocated.
 *     int  hg_tok_encode(t, text, n, hg_ids *out, err, errlen);   ids appended to out
 *     int  hg_tok_decode(t, id, after_bos, buf, cap);    the bytes of one piece
 *     hg_tok_find, hg_tok_is_stop, hg_tok_free; hg_ids_push.
 *     int  hg_chat_turn_ids(t, first, system, user, hg_ids *ids, err, errlen);
 *         one chat turn's ids (ChatML, Llama 3, Phi-3 or Llama 2 template, by the
 *         special tokens: hg_chat_template, hg_chat_template_name). 0, or -1 with a
 *         one-line message in err.
 *
 * Little-endian hosts only (tensor data is used in place from the mapping).
 */
#ifndef HIGGS_H
#define HIGGS_H

#include <stddef.h>
#include <stdio.h>                    /* FILE (hg_sensitivities) */
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
 * {p | grid variant << 8 | choice bits << 16, bits, group, hadamard | m << 16 | seed << 24}: seed 0 is
 * the plain Sylvester matrix; seed 1..255 multiplies by random signs first, Hn D (see
 * hg_sign_word). Choice bits c = 1..4 (formats with hg_format.rot_choice): each block of each row was
 * rotated by the best of K = 2^c sign vectors, Hn D R_k with R_0 = I (hg_choice_signs), and k is the low
 * c bits of the block's fp16 scale (the scale keeps 10 - c mantissa bits; docs/format.md). Tensor bytes: scales [rows][cols_pad/group] fp16,
 * zero-padded to a multiple of 64 bytes, then codes [rows][row_code_bytes]. */
typedef struct hg_qinfo hg_qinfo;
typedef struct hg_act8 hg_act8;   /* the int8 activation, below */
/* the copy of the int8 activation hg_prepare_act8 writes to hg_act8.qp besides a->q */
enum {
    HG_ACT_NONE = 0,     /* none */
    HG_ACT_EVEN_ODD = 1, /* per 128 values (a block's last t < 128: per t) the even ones, then the odd ones */
    HG_ACT_COORDS4 = 2   /* p=4: per 256 values, coordinate d of the 64 points together (values 4j + d) */
};
/* A tensor format's kernels on this build, chosen once when the format is read
 * (hg_qinfo_get) from the kernel tables of src/select.h: per entry, the fastest ISA level of this
 * build that has one for the format and block, else the portable kernel.
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
    /* several tokens' activations a[0..B-1] over rows [row0, row1) (hg_qmatvec8_tokens): out[b * ostride + r - row0];
     * NULL: each token's rows8 in turn */
    void (*rows8n)(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int B, int row0, int row1, float *out,
                   size_t ostride);
    void (*decode8)(const hg_qinfo *q, const uint8_t *codes, int8_t *k);
    int (*gemm8)(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q,
                 int row0, int row1, int8_t *buf);
    int gemm8_vnni;     /* decode8 writes k + 128 for the VNNI product (see hg_act8.qp) */
    int gemm8_natural;  /* gemm8_vnni: decode8 writes weights in natural order (they meet a->q), else in
                         * HG_ACT_EVEN_ODD order (they meet a->qp) */
    int act_layout;     /* HG_ACT_*: the copy hg_prepare_act8 writes to a->qp for this format's kernels */
} hg_kernels;
/* A grid as int8 (the hg_act8 path), built once per grid (hg_grid8_get, src/grids.h) and shared by every
 * tensor of the format: point c's coordinates g scaled to k = round(g * S), S = 127 / max|g| (63 for the
 * 64-point block grid, whose k + 64 must be unsigned bytes), and the tables the int8 kernels read, each
 * built for the grids whose kernels read it (zero elsewhere). n points of p coordinates; RTN 8-bit and the
 * uniform 8-bit grid have k = c - 128 (k, ku and inv only). */
typedef struct hg_grid8 {
    int p, n, variant, ready;         /* the grid (ready: built) */
    float inv;                        /* 1 / S: hg_prepare_act8 folds it into each block's activation step a->d[b] */
    int8_t k[4096 * 4];               /* [n][p]: k of coordinate d of point c at k[p * c + d] */
    uint8_t ku[4096 * 4];             /* [n][p]: k + 128, the unsigned operand of VNNI dot products */
    /* p=2: the two coordinates apart (zero past n), so that a kernel's per-row setup is a few register loads */
    int8_t kx[256], ky[256];          /* [n]: k of the first / second coordinate */
    uint8_t kux[256], kuy[256];       /* [n]: k + 128 */
    int32_t kxy16[256];               /* [n]: (kx, ky) as two int16 in one int32 (AVX2 lookups) */
    /* p <= 2, codes of 2-6 bits read 8 per 64-bit lane (AVX-512 VBMI) */
    uint8_t vbmi_kux[64], vbmi_kuy[64]; /* [64]: each coordinate's k + 128 (p=1: ku) repeated to 64 entries
                                         * (vpermb reads 6 index bits) */
    uint8_t vbmi_spread[64];          /* [64]: byte k of lane l takes code byte bits * l + k */
    uint8_t vbmi_shift[64];           /* [64]: code k of a lane starts at bit bits * k */
    /* the same kernels on planar codes (hg_codes64_avx512): p=1 5-bit (HG_PLANAR_P1B5) and the 6-bit codes
     * of HG_PLANAR_P2B6, 64 codes (two chunks) a step */
    uint8_t vbmi_pl_kux[64], vbmi_pl_kuy[64]; /* [64]: k + 128 by the planar index (nibble | high bits << 4) */
    /* p=4 */
    uint8_t kuc[4][256];              /* [4][n], n = 256: k + 128 of coordinate d of each point (byte lookups) */
    uint32_t kw[4096], kuw[4096];     /* [n]: a point's four k (k + 128) as one little-endian word, for 32-bit loads */
    /* sign-symmetric grids (p=4 4096 points; p=2 256 and 64 points of HG_GRID_SIGNSYM, 256 of HG_GRID_BLOCKS) */
    int sym;                          /* point c = signs (bits 8-11 of c for p=4, 6-7 / 4-5 for p=2) * point(c & (mags - 1)),
                                       * its k >= 0 there; the tables below are set only where this holds */
    uint8_t kabs[4][256];             /* [p][mags]: |k| of coordinate d of each magnitude point (256, 64 or 16 of them) */
    uint32_t kabsw[256];              /* [256], p=4: the four |k| of magnitude m as one little-endian word */
    int paired;                       /* p=4: kabs[d][m + 128] = kabs[d ^ 1][m] for m < 128 (the paired grid) */
    /* HG_GRID_BLOCKS (p=2: X[t] and Y[t], t = 0..15, the two coordinates' 16 levels) */
    uint8_t blk_ky[16];               /* [16], 256 points: |k| of Y[t] (kabs[1][4t]; kabs[0][0..15] are X's) */
    uint8_t blk_ku[3][16];            /* [3][16], 64 points: k + 64 of X[t], of Y[t], and of Y in the planar layout's
                                       * order (entry j holds Y[(j >> 2) | (j & 3) << 2]) */
} hg_grid8;
struct hg_qinfo {
    const struct hg_format *fmt;      /* the stored format: its row of hg_formats */
    uint32_t type;
    int p, bits, n, group, hadamard;
    int variant;                      /* HIGGS: the grid variant (params[0] >> 8), HG_GRID_FREE, _SIGNSYM, _UNIFORM or _BLOCKS */
    int had_m;                        /* HIGGS: Hadamard block = H(had_m) (x) Sylvester(hadamard / had_m); 1: Sylvester */
    const int8_t *had_base;           /* had_m > 1: H(had_m), had_m x had_m entries +-1 (hg_hadamard_base) */
    int sign_seed;                    /* HIGGS: 0, or the seed of the random signs (params[3] >> 24) */
    int choice_bits;                  /* HIGGS: log2 K of the rotation choice (params[0] >> 16 & 15), 0: none */
    int choices;                      /* K = 1 << choice_bits: the activation copies the int8 path prepares */
    uint32_t choice_mask;             /* K - 1: a block's copy is its fp16 scale & choice_mask */
    int scales;                       /* quantizing only (the caller sets it): HIGGS block scales, HG_SCALES_* */
    uint64_t cols, cols_pad, groups, row_code_bytes, scale_bytes;
    const float *codebook;            /* n * p floats */
    const float *levels;              /* p=1: the levels ascending, for quantize's nearest-level search (the
                                       * codebook, or the free grid's for its sign-magnitude order) */
    double mse_per_dim;               /* HIGGS grids: E||g - Q(g)||^2 / p under N(0, I) */
    int act8;                         /* decode may use the int8 path (hg_qdot8_row) */
    const hg_grid8 *g8;               /* act8: the grid's int8 tables (struct hg_grid8 above); NULL: no int8 grid */
    int planar;                       /* codes in planes: HG_PLANAR_P2B6 (file variants 4, 7), HG_PLANAR_P4B12 (6),
                                       * HG_PLANAR_P1B5 (7 with p=1 5-bit codes) */
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
/* x (cols floats) -> xr (cols_pad floats): zero-pad, and for HIGGS rotate each block by Hn (the first copy
 * of the rotation choice: hg_prepare_act8 makes the others) */
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
    int8_t *q;          /* cols_pad values, natural order (q->choices copies, one after the other) */
    int8_t *qp;         /* cols_pad values in the SIMD kernels' order (AVX-512: per 128, the 64 even then the 64 odd;
                         * p=4 256 points: per 256, coordinate d of the 64 points for d = 0..3); likewise */
    float *d;           /* per block: d_b / S (copy k's block b at k * groups + b: hg_choice_block) */
    int32_t *qsum;      /* per block: sum of q (the VNNI kernels' offset correction); likewise */
    float *xr;          /* max_cols_pad floats of scratch (hg_act8_alloc): the rotated activation */
};
/* max_cols_pad: the most int8 values a tensor's activation takes, hg_act8_values (copies included) */
int hg_act8_alloc(hg_act8 *a, uint64_t max_cols_pad, uint64_t max_groups);   /* 0 ok */
uint64_t hg_act8_values(const hg_qinfo *q);   /* q->cols_pad * q->choices */
void hg_act8_free(hg_act8 *a);
/* x (cols floats) -> a, for tensors of q's shape (q->act8) */
void hg_prepare_act8(const hg_qinfo *q, const float *x, hg_act8 *a);
/* the same in parts that threads share, for the rotation choice's K copies: hg_prepare_act8_begin(q, x, a),
 * then hg_prepare_act8_part(q, a, p, n) for every p < n (any order, any thread; n at most
 * hg_prepare_act8_parts(q), which is 1 where the prep does not split: no choice, or a layout in 256s
 * over smaller blocks); a ends as hg_prepare_act8 leaves it, byte for byte */
int hg_prepare_act8_parts(const hg_qinfo *q);
void hg_prepare_act8_begin(const hg_qinfo *q, const float *x, hg_act8 *a);
void hg_prepare_act8_part(const hg_qinfo *q, hg_act8 *a, int part, int parts);
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
/* the next tokens of several conversations: out[b * ostride + r - row0] = hg_qdot8_row(w, q, r, &a[b]) for
 * b < B and row0 <= r < row1, bit for bit, as decode computes them (no buffer). Where the build has a kernel
 * for the format (hg_kernels.rows8n) each row is decoded once for all B tokens; elsewhere each token
 * meets a few rows in turn while they are in cache. */
void hg_qmatvec8_tokens(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q, int row0,
                        int row1);
/* prompt batches: out[b * ostride + r] = hg_qdot8_row(w, q, r, &a[b]) for b < B and
 * row0 <= r < row1, bit for bit, each row decoded once into buf (hg_qmatmul8_buf_bytes(q) bytes:
 * 4 * q->cols_pad, or more for a tile of rows with the rotation choice) */
void hg_qmatmul8_rows(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q, int row0,
                      int row1, int8_t *buf);
uint64_t hg_qmatmul8_buf_bytes(const hg_qinfo *q);
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
 * hg_code_at_p4planar); HG_VARIANT_SYM_PLANAR a sign-symmetric 64-point grid with its 6-bit codes in
 * the planar layout of HG_VARIANT_BLOCKS_PLANAR: p=2, the sign-symmetric 3-bit grid; p=1, the free 64
 * levels in sign-magnitude order (point(c) = level 32 + (c & 31), negated when bit 5 of c is set); and
 * with p=1 5-bit codes the free 32 levels in sign-magnitude order (level 16 + (c & 15), negated when
 * bit 4 is set) in a planar layout of their own (hg_code_at_p1b5planar). A file variant 5 (the plain
 * p=4 grid in an earlier planar layout, written by development builds only) is refused. */
enum { HG_GRID_FREE = 0, HG_GRID_SIGNSYM = 1, HG_GRID_UNIFORM = 2, HG_GRID_BLOCKS = 3, HG_VARIANT_BLOCKS_PLANAR = 4,
       HG_VARIANT_P4_PAIRED_PLANAR = 6, HG_VARIANT_SYM_PLANAR = 7 };
enum { HG_PLANAR_P2B6 = 1, HG_PLANAR_P4B12 = 2, HG_PLANAR_P1B5 = 3 };
const float *hg_grid(int p, int n, double *mse_per_dim);   /* variant HG_GRID_FREE */
const float *hg_grid_variant(int p, int n, int variant, double *mse_per_dim);

/* Stored formats (src/formats.h): the (type, params) of every quantized tensor name one row of
 * hg_formats; hg_qinfo_get finds it once (hg_qinfo.fmt) and the reader, quantize, the kernel
 * tables and --info read the row instead of deciding again. bits per weight = code_bits / p. */
typedef enum {
    HG_FMT_RTN2, HG_FMT_RTN3, HG_FMT_RTN4, HG_FMT_RTN5, HG_FMT_RTN6, HG_FMT_RTN7, HG_FMT_RTN8,
    HG_FMT_NF4, HG_FMT_AF4,
    HG_FMT_P1_2BIT, HG_FMT_P1_3BIT, HG_FMT_P1_4BIT, HG_FMT_P1_5BIT, HG_FMT_P1_5BIT_SYM_PLANAR, HG_FMT_P1_6BIT,
    HG_FMT_P1_6BIT_SYM_PLANAR,
    HG_FMT_P1_8BIT, HG_FMT_P1_8BIT_UNIFORM,
    HG_FMT_P2_2BIT, HG_FMT_P2_3BIT, HG_FMT_P2_3BIT_SYM, HG_FMT_P2_3BIT_SYM_PLANAR, HG_FMT_P2_3BIT_BLOCK,
    HG_FMT_P2_3BIT_BLOCK_PLANAR,
    HG_FMT_P2_4BIT, HG_FMT_P2_4BIT_SYM, HG_FMT_P2_4BIT_BLOCK,
    HG_FMT_P4_2BIT, HG_FMT_P4_2_5BIT, HG_FMT_P4_3BIT, HG_FMT_P4_3BIT_PAIRED_PLANAR,
    HG_FMT_P2_3BIT_RC, HG_FMT_P2_4BIT_SYM_RC, HG_FMT_P4_3BIT_RC, HG_FMT_P4_3BIT_PAIRED_PLANAR_RC,
    HG_FMT_COUNT
} hg_format_id;
#define HG_CHOICE_BITS_MAX 5      /* the rotation choice: K = 2^c sign vectors per block, c <= 5 */
#define HG_CHOICE_MAX_BLOCK 4096  /* ... in Hadamard blocks of at most this */
enum { HG_LAYOUT_STREAM = 0, HG_LAYOUT_PLANAR_P2B6 = HG_PLANAR_P2B6, HG_LAYOUT_PLANAR_P4B12 = HG_PLANAR_P4B12,
       HG_LAYOUT_PLANAR_P1B5 = HG_PLANAR_P1B5 };
typedef struct hg_format {
    hg_format_id id;
    const char *name;        /* e.g. "p2-3bit-block-planar": --info, quantize's table, docs */
    const char *title;       /* e.g. "HIGGS p=2 3-bit, block grid, codes in planes" */
    uint32_t type;           /* HG_HIGGS, HG_RTN, HG_NF4, HG_AF4 */
    int p, code_bits;        /* weights per code, bits per code */
    int grid;                /* HIGGS: the codebook, HG_GRID_FREE, _SIGNSYM, _UNIFORM or _BLOCKS */
    int layout;              /* where code i lies: HG_LAYOUT_STREAM (a little-endian bit stream) or planar */
    int file_variant;        /* params[0] >> 8 as files store it */
    int block_multiple;      /* the block (group) must be a multiple of this: whole planar chunks */
    int stands_for;          /* planar rows: the grid quantize asks for (hg_format_pick) to get this row */
    int row_buffer;          /* int8 kernels unpack a row on the stack: rows of at most HG_N64_MAX_COLS */
    int rot_choice;          /* the per-block rotation choice: tensors carry choice bits 1..4 (params[0] >> 16),
                              * and every kernel of the row's table cells reads each block's own copy */
} hg_format;
extern const hg_format hg_formats[HG_FMT_COUNT];
int hg_format_of(uint32_t type, const uint32_t params[4]);   /* the row's id, or -1: no such format */
const hg_format *hg_format_named(const char *name);          /* by name, or NULL */
const hg_format *hg_format_pick(int p, int code_bits, int grid, int block, int rot_choice);   /* what quantize writes */
int hg_format_grid_asked(const hg_format *f);   /* the grid that picks row f: its own, or what a planar row stands for */

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

/* Tokenizer (src/tokenizer.h): SentencePiece BPE (type 1) and byte-level BPE (type 2) */
enum { HG_PIECE_NORMAL = 1, HG_PIECE_UNKNOWN = 2, HG_PIECE_CONTROL = 3, HG_PIECE_USER = 4, HG_PIECE_UNUSED = 5,
       HG_PIECE_BYTE = 6 };                               /* piece kinds */
enum { HG_TOK_DUMMY_PREFIX = 1, HG_TOK_REMOVE_EXTRA_WS = 2, HG_TOK_BYTE_FALLBACK = 4, HG_TOK_IGNORE_MERGES = 8,
       HG_TOK_ADD_BOS = 16 };                             /* hg_tokenizer.flags */
/* byte-level pre-tokenizers (TOKN pretokenizer): the regex that cuts text into chunks before BPE */
enum { HG_PRETOK_NONE = 0, HG_PRETOK_LLAMA3 = 1, HG_PRETOK_QWEN2 = 2, HG_PRETOK_SMOLLM = 3, HG_PRETOK_GPT2 = 4 };

typedef struct {
    int type, n, vocab_size, flags, pretok;
    int bos, eos, unk, pad;           /* -1: none */
    int *stop, n_stop;
    char **piece;                     /* NUL-terminated copies */
    int *len;
    float *score;
    uint8_t *kind;
    int *table, table_cap;            /* piece text -> id (open addressing) */
    uint64_t *merge_key;              /* (left << 32 | right) -> rank */
    int *merge_rank, merge_cap, n_merges;
    int byte_id[256];
    int max_user_len;                 /* longest user-defined piece (SentencePiece) */
} hg_tokenizer;

/* a growable list of token ids; {0} is empty, free(v) when done */
typedef struct { int *v; int n, cap; } hg_ids;
int hg_ids_push(hg_ids *a, int id);                      /* 0, or -1: out of memory (a unchanged) */

/* the TOKN section of a .higgs file (docs/format.md) for a model of vocab_size ids. Returns 0, or -1
 * with a one-line message in err and *t empty (nothing to free) */
int hg_tok_load(hg_tokenizer *t, const uint8_t *p, uint64_t n, int vocab_size, char *err, size_t errlen);
/* a llama2.c tokenizer.bin held in data[0..size); path only names it in messages. As hg_tok_load */
int hg_tok_load_llama2c(hg_tokenizer *t, const void *data, size_t size, const char *path, int vocab_size,
                        char *err, size_t errlen);
void hg_tok_free(hg_tokenizer *t);                        /* any state a loader left, twice is fine */
/* text[0..n) -> ids appended to out (BOS is the caller's); 0, or -1 with a message in err (out of
 * memory, text over INT32_MAX bytes); out keeps what was appended */
int hg_tok_encode(const hg_tokenizer *t, const char *text, size_t n, hg_ids *out, char *err, size_t errlen);
/* the bytes piece `id` stands for, at most cap; `after_bos` drops the dummy-prefix space */
int hg_tok_decode(const hg_tokenizer *t, int id, int after_bos, char *buf, int cap);
int hg_tok_find(const hg_tokenizer *t, const char *s);   /* the id whose piece is exactly s, or -1 */
int hg_tok_is_stop(const hg_tokenizer *t, int id);       /* a stop id or EOS */

/* chat templates, chosen by the tokenizer's special tokens (hg_chat_template) */
enum { HG_TPL_LLAMA2, HG_TPL_LLAMA3, HG_TPL_CHATML, HG_TPL_PHI3 };
int hg_chat_template(const hg_tokenizer *t);             /* HG_TPL_*: the template its special tokens call for */
const char *hg_chat_template_name(int tpl);              /* "llama2", "llama3", "chatml", "phi3" */
/* the ids of one chat turn appended to ids: system prompt (first turn), user message, opening of the
 * assistant's reply; a later turn first closes the previous reply. 0, or -1 with a message in err (a
 * special token the template needs is missing, out of memory); ids keeps what was appended */
int hg_chat_turn_ids(const hg_tokenizer *t, int first, const char *system, const char *user, hg_ids *ids,
                     char *err, size_t errlen);

/* ======================================================================== */
/* The engine (src/model.h .. src/sensitivity.h; docs/architecture.md): a model opened once and
 * shared read-only, sessions that each own a KV cache and a position, one forward pass for prompts
 * and decode, a sampler, a generation loop. Nothing in it exits or prints: a call that fails
 * returns a negative HG_E_* code and, when err is not NULL, fills it with the code and a one-line
 * message. Calls on different sessions may run in different threads at once (the model's thread
 * pool takes their jobs one at a time); one session is used by one thread at a time.
 *
 *   hg_model *m = hg_model_open("model.higgs", NULL, &err);        NULL params: the defaults
 *   hg_session *s = hg_session_new(m, NULL, &err);                  the model's whole context
 *   hg_ids ids = {0};  hg_tokenize(m, "Hello", 5, 1, &ids, &err);
 *   hg_session_eval(s, ids.v, ids.n, 0, 0, &err);                   a prompt at position 0
 *   const float *logits = hg_session_logits(s, -1);                 its last token's logits
 *   hg_session_eval(s, &next, 1, hg_session_pos(s), 0, &err);       decode: one token
 *   ... hg_session_free(s); hg_model_close(m); free(ids.v);
 */
typedef struct hg_model hg_model;
typedef struct hg_session hg_session;
typedef struct hg_sampler hg_sampler;

enum {
    HG_OK = 0,
    HG_E_ARG = -1,        /* a bad argument: a NULL, a value out of its range, an unknown flag */
    HG_E_NOMEM = -2,      /* an allocation failed */
    HG_E_FILE = -3,       /* a file could not be opened, read or is not a valid .higgs file */
    HG_E_MODEL = -4,      /* the file is valid but this build cannot run it (tensor, architecture, tokenizer) */
    HG_E_TOKEN = -5,      /* a token id outside the vocabulary */
    HG_E_CONTEXT = -6,    /* the tokens do not fit in the session's context */
    HG_E_TOKENIZE = -7    /* text the tokenizer or the chat template could not turn into ids */
};
#define HG_ERROR_MAX 4400 /* room for a path in a message */
typedef struct { int code; char msg[HG_ERROR_MAX]; } hg_error;
int hg_set_error(hg_error *e, int code, const char *fmt, ...);   /* returns code; e may be NULL */

/* Where the engine's buffers come from (model tables, sessions, KV caches, samplers): alloc returns
 * `bytes` (a multiple of 64) on a 64-byte boundary or NULL; free takes what alloc returned. The file
 * reader, the tokenizer and the thread pool allocate with malloc and report failures as errors too. */
typedef struct {
    void *(*alloc)(void *user, size_t bytes);
    void (*free)(void *user, void *p);
    void *user;
} hg_allocator;

enum { HG_LOAD_AUTO = 0, HG_LOAD_MMAP = 1, HG_LOAD_COPY = 2 };
typedef struct {                  /* {0}: every default */
    int n_threads;                /* the pool's threads; 0: hg_default_threads() (ignored when pool is set) */
    hg_pool *pool;                /* a pool to share with other models (the caller destroys it after them) */
    int load;                     /* HG_LOAD_AUTO: copy the weights into (huge-page) memory when the file takes
                                     under half of the memory available, else map it; _MMAP, _COPY: always */
    int no_int8;                  /* decode HIGGS layers with float activations (exact; slower) */
    int no_pairs;                 /* one row stream per thread in decode (same results; to compare speed) */
    const char *tokenizer_path;   /* a llama2.c tokenizer.bin in place of the file's own tokenizer */
    const hg_allocator *allocator;/* NULL: aligned_alloc and, for KV caches, huge-page anonymous memory */
} hg_model_params;

hg_model *hg_model_open(const char *path, const hg_model_params *params, hg_error *err);   /* NULL on error */
void hg_model_close(hg_model *m);            /* after every session on it is freed; NULL is fine */
const hg_config *hg_model_config(const hg_model *m);
const hg_file *hg_model_file(const hg_model *m);
const hg_tokenizer *hg_model_tokenizer(const hg_model *m);
int hg_model_window(const hg_model *m);      /* sliding-window attention span, 0: none */
int hg_model_threads(const hg_model *m);     /* threads of its pool */
hg_pool *hg_model_pool(const hg_model *m);   /* its pool, to share with another model (hg_model_params.pool) */
int hg_model_biases(const hg_model *m);      /* q/k/v bias tensors (Qwen2) */
/* the value of KVMD metadata key `key` as a NUL-terminated string in buf; 0 when absent or malformed */
int hg_meta_get(const hg_file *f, const char *key, char *buf, size_t cap);

/* text and ids (the model's tokenizer; hg_tok_* for the rest) */
int hg_tokenize(const hg_model *m, const char *text, size_t n, int add_bos, hg_ids *out, hg_error *err);
int hg_detokenize(const hg_model *m, int id, int after_bos, char *buf, int cap);   /* bytes written, <= cap */
/* one chat turn's ids (the model's template: system prompt on the first, user message, the opening
 * of the assistant's reply) appended to out */
int hg_chat_apply(const hg_model *m, int first, const char *system, const char *user, hg_ids *out, hg_error *err);

/* KV cache types: one row each of the registry in src/kv_cache.h; keys and values choose separately */
enum {
    HG_KV_F32 = 0,        /* 32-bit floats: exact */
    HG_KV_F16,            /* 16-bit floats */
    HG_KV_Q8,             /* 8-bit integers, one scale per token and kv head */
    HG_KV_Q5,             /* HIGGS 5-bit: keys per channel over 32 tokens, values rotated onto a Gaussian grid */
    HG_KV_Q4,             /* HIGGS 4-bit */
    HG_KV_Q3,             /* HIGGS 3-bit */
    HG_KV_COUNT
};
const char *hg_kv_type_name(int type);       /* "f32", "f16", "q8", "q5", "q4", "q3"; NULL for an unknown type */
int hg_kv_type_parse(const char *name);      /* HG_KV_*, or -1 */
/* bits per stored key (values = 0) or value (values = 1) with heads of hd values: scales, ranges included */
double hg_kv_type_bits(int type, int hd, int values);
int hg_kv_type_fits(int type, int hd);       /* 1 when the type serves heads of hd values (HIGGS types: 32, 64, 128, 256) */

#define HG_MAX_BATCH 128          /* prompt tokens per pass: each weight row is read once per pass */
typedef struct {                  /* {0}: every default */
    int n_ctx;                    /* positions the session may hold; 0: the model's context (seq_len). The
                                     KV cache grows with the conversation up to it. */
    int kv_type;                  /* HG_KV_* of the keys; 0 is HG_KV_F32, exact (run's CLI defaults to q8) */
    int kv_vtype;                 /* HG_KV_* of the values */
    const int *kv_layers;         /* optional [2 * n_layers]: each layer's key types, then its value types
                                     (hg_kv_allocate); replaces kv_type and kv_vtype */
    int n_batch;                  /* prompt tokens per pass, 1..HG_MAX_BATCH; 0: HG_MAX_BATCH; 1: token by
                                     token through decode's kernels */
    int profile;                  /* time the parts of decoding (hg_session_profile) */
} hg_session_params;

hg_session *hg_session_new(hg_model *m, const hg_session_params *params, hg_error *err);   /* NULL on error */
void hg_session_free(hg_session *s);         /* NULL is fine */
const hg_model *hg_session_model(const hg_session *s);
int hg_session_pos(const hg_session *s);     /* positions evaluated: where the next token goes */
int hg_session_ctx(const hg_session *s);     /* positions it can hold */
int hg_session_batch(const hg_session *s);   /* n_batch: the most tokens one eval returns all logits of */
size_t hg_session_kv_bytes(const hg_session *s);   /* its KV cache's bytes now, scales included */
size_t hg_session_kv_bytes_at(const hg_session *s, int n);   /* and when it holds n positions */

#define HG_EVAL_ALL_LOGITS 1      /* every token's logits (n <= hg_session_batch), else only the last one's */
/* Runs tokens[0..n) at positions pos..pos+n-1, pos <= hg_session_pos (a smaller pos first rewinds).
 * One token without HG_EVAL_ALL_LOGITS goes through decode's kernels (matrix-vector products),
 * more through the prompt's. 0, or HG_E_ARG / HG_E_TOKEN / HG_E_CONTEXT with nothing evaluated. */
int hg_session_eval(hg_session *s, const int *tokens, int n, int pos, int flags, hg_error *err);
/* One token for each of n sessions of one model (distinct, n <= session 0's n_batch), each at its own
 * position (its hg_session_pos), evaluated in one pass: the weights come from memory once for all of
 * them (hg_qmatvec8_tokens: where the format has a kernel for it each row is decoded once for all the
 * tokens), so a server's conversations decode together. Runs on session 0's buffers; each session's
 * cache takes its token. Afterwards each session's logits (hg_session_logits -1) are bit for bit
 * those of hg_session_eval(s, &token, 1, pos, 0). 0, or an error with nothing evaluated. */
int hg_sessions_step(hg_session *const *sessions, const int *tokens, int n, hg_error *err);
/* the logits (vocab_size floats) of token i of the last eval (i < 0 counts from its end: -1 is the
 * last); NULL when that eval did not keep them. Valid until the next eval, rewind or copy. */
const float *hg_session_logits(const hg_session *s, int i);
int hg_session_rewind(hg_session *s, int pos, hg_error *err);   /* forget positions pos.. */
/* dst holds src's first n positions (same model and cache type), its position n: a cached prompt
 * prefix for a new conversation. dst == src is a rewind. */
int hg_session_copy_prefix(hg_session *dst, const hg_session *src, int n, hg_error *err);

/* where decode spends its time (hg_session_params.profile): seconds summed over evals */
enum { HG_JOB_QKV, HG_JOB_O, HG_JOB_GATE_UP, HG_JOB_DOWN, HG_JOB_HEAD, HG_N_JOBS };
typedef struct {
    double prep_s, matvec_s, attention_s, forward_s;   /* activation prep, matrix-vector jobs, attention, all */
    double job_s[HG_N_JOBS], job_bytes[HG_N_JOBS];     /* per kind of job: seconds and weight bytes read */
} hg_profile;
void hg_session_profile(const hg_session *s, hg_profile *out);
void hg_session_profile_reset(hg_session *s);
const char *hg_job_name(int job);            /* "q/k/v", "o", "gate/up", "down", "head" */

/* The sampler: penalties on the logits (of the tokens accepted, the last penalty_last_n), then the
 * temperature, then top-k, min-p and top-p on the tempered distribution, then a draw. */
typedef struct {                  /* {0}: greedy */
    float temperature;            /* 0: the most probable token (argmax) */
    float top_p;                  /* the nucleus: the fewest tokens whose probabilities sum past top_p; 0 or 1: off */
    int top_k;                    /* the k most probable tokens; 0: off */
    float min_p;                  /* tokens at least min_p times the most probable one's probability; 0: off */
    float repeat_penalty;         /* > 1: a seen token's logit divided by it (multiplied when negative); 0 or 1: off */
    float frequency_penalty;      /* subtracted from a seen token's logit once per occurrence */
    float presence_penalty;       /* subtracted once from a seen token's logit */
    int penalty_last_n;           /* how many accepted tokens the penalties look at; 0: 64 */
    unsigned long long seed;      /* the draws' random state; 0: from the clock */
} hg_sampler_params;
hg_sampler *hg_sampler_new(const hg_model *m, const hg_sampler_params *params, hg_error *err);
void hg_sampler_free(hg_sampler *s);
int hg_sampler_sample(hg_sampler *s, const float *logits);   /* a token id (logits are not changed) */
void hg_sampler_accept(hg_sampler *s, int token);           /* a token of the conversation, for the penalties */
void hg_sampler_reset(hg_sampler *s);                       /* forget the accepted tokens */

/* Generation: the prompt (if any) evaluated at the session's position, then tokens sampled, each
 * given to on_token and, while more are wanted, evaluated. Stops at a stop token (EOS), a stop
 * string, max_tokens, a full context, or on_token returning non-zero. Text is given out as it
 * becomes final: bytes that may begin a stop string are held back until they do not. */
enum { HG_FINISH_STOP_TOKEN = 1, HG_FINISH_STOP_STRING, HG_FINISH_LENGTH, HG_FINISH_CONTEXT, HG_FINISH_CANCELLED };
/* token: the id sampled; text[0..len): the bytes this token releases (may be empty, or include bytes
 * held back before); returns non-zero to stop */
typedef int (*hg_token_fn)(void *user, int token, const char *text, size_t len);
typedef struct {
    int max_tokens;               /* tokens to sample at most; 0: until the context is full */
    const char *const *stop;      /* stop strings (n_stop): the text ends before the first match */
    int n_stop;
    int first_after_bos;          /* decode the first sampled piece as after BOS (a reply's start: no dummy space) */
    hg_token_fn on_token;
    void *user;
} hg_generate_params;
typedef struct {
    int n_prompt, n_generated;    /* tokens evaluated from the prompt, tokens sampled */
    int finish;                   /* HG_FINISH_* */
    double prompt_s, decode_s;    /* seconds in the prompt, and from its end to the last token */
} hg_generate_result;
int hg_generate(hg_session *s, hg_sampler *smp, const int *prompt, int n_prompt, const hg_generate_params *params,
                hg_generate_result *result, hg_error *err);
/* The same generation a step at a time, for a caller that evaluates the tokens itself (a server
 * stepping several sessions together with hg_sessions_step). hg_gen_new goes on from the session's
 * last logits (a prompt evaluated and its tokens accepted by the sampler); prev is the
 * conversation's last token (-1: none). hg_gen_next samples a token and hands out its text: 0 with
 * *token to evaluate next at the session's position, HG_FINISH_* when the generation is over (the
 * held text then handed out), or a negative error. */
typedef struct hg_gen hg_gen;
hg_gen *hg_gen_new(hg_session *s, hg_sampler *smp, const hg_generate_params *params, int prev, hg_error *err);
int hg_gen_next(hg_gen *g, int *token, hg_error *err);
int hg_gen_count(const hg_gen *g);           /* tokens sampled so far */
void hg_gen_free(hg_gen *g);

/* Per-layer sensitivities (the linearity theorem's alpha_l) of a full-precision model, for quantize
 * --target-bits: a text file to out (docs/linearity.md). calib: a text for perplexity-based ones,
 * NULL: KL divergence on sequences the model samples itself. The session (n_ctx >= ctx) is the
 * engine's scratch; the model's weights are swapped for noisy copies while it runs, so no other
 * session may use the model meanwhile. progress (optional) gets each layer as it finishes. */
typedef struct {
    const char *calib;            /* text (its bytes), NULL: data-free */
    size_t calib_len;
    int ctx;                      /* tokens per sequence */
    unsigned long long seed;
    int random_tokens;            /* data-free on uniformly random tokens instead of the model's samples */
    int no_resume;                /* every noisy pass runs the whole model (same results; for testing) */
    void (*progress)(void *user, int done, int total, const char *tensor, double alpha, double eta_s);
    void (*note)(void *user, const char *message);   /* a remark (e.g. memory too short for a speed-up) */
    void *user;
} hg_sens_params;
int hg_sensitivities(hg_model *m, hg_session *s, const hg_sens_params *params, FILE *out, hg_error *err);

/* Per-layer KV cache types for an average width (src/kv_alloc.h): each layer's keys and values alone
 * in each of HG_KV_ALLOC_N types (hg_kv_alloc_type(j)), KL on sequences the model samples itself
 * (calib NULL) or on windows of a text, then the DP for the least predicted KL (the linearity
 * theorem: the layers' damages add) at `bits` per stored value. Writes types[2 * n_layers] (keys
 * of each layer, then values: hg_session_params.kv_layers) and, when table is given, the measured
 * KLs [2 * n_layers][HG_KV_ALLOC_N]. Uses sessions of its own; no other session may run meanwhile
 * on a pool it shares. */
#define HG_KV_ALLOC_N 5
typedef struct {
    double bits;                  /* average bits per stored value, K and V of every layer */
    const char *calib;            /* text (its bytes), NULL: data-free */
    size_t calib_len;
    int ctx;                      /* tokens per sequence; 0: min(128, seq_len) */
    unsigned long long seed;
    void (*progress)(void *user, int done, int total);
    void *user;
} hg_kv_alloc_params;
int hg_kv_allocate(hg_model *m, const hg_kv_alloc_params *params, int *types, double *table, hg_error *err);
int hg_kv_alloc_type(int j);                 /* the allocator's j-th candidate type (HG_KV_*), or -1 */

#endif /* HIGGS_H */

/* ======================================================================== */
#ifdef HIGGS_IMPLEMENTATION
#include "src/platform.h"            /* ISA macros, includes, f16/bf16 numbers, bounded reading */
#include "src/format.h"              /* the .higgs format: reader, validation, writer */
#include "src/formats.h"             /* the format registry: one row per stored format */
#include "src/kernels_float.h"       /* float dot products (f32/f16/bf16) */
#include "tools/grids_table.h"      /* p=1 and p=2 grid tables (generated by tools/gen_grids.py) */
#include "src/grids_data.h"          /* p=4, sign-symmetric and block grid tables (generated) */
#include "src/grids.h"               /* grids at run time, int8 tables, hg_qinfo_get */
#include "src/hadamard.h"            /* Walsh-Hadamard and Paley transforms, random signs */
#include "src/codes.h"               /* code layouts, the scalar reference product */
#include "src/qkernels_float.h"      /* quantized rows x float activations (AVX-512, AVX2) */
#include "src/act8.h"                /* int8 activations and the int8 scalar reference */
#include "src/int8_avx512.h"         /* int8 kernels, AVX-512 VNNI */
#include "src/int8_avx2.h"           /* int8 kernels, AVX2 / AVX-VNNI */
#include "src/int8_neon.h"           /* int8 kernels, NEON */
#include "src/int8_generic.h"        /* int8 kernels, portable */
#include "src/int8_p4.h"             /* int8 kernels of the p=4 grids, AVX-512 VNNI and AVX2 */
#include "src/matvec8.h"             /* int8 matrix-vector entry points */
#include "src/gemm8.h"               /* batched int8 products (prompts) */
#include "src/select.h"              /* kernel selection per format and build */
#include "src/quantize_row.h"        /* nearest grid points, block scales, hg_quantize_row */
#include "src/alloc.h"               /* the DP bit allocator */
#include "src/pool.h"                /* thread pool, default thread count */
#include "src/unicode.h"             /* unicode classes for the tokenizer */
#include "src/tokenizer.h"           /* SentencePiece and byte-level BPE tokenizers, chat templates */
#include "src/buffers.h"             /* the engine's memory: zeroed, aligned, the caller's allocator */
#include "src/attention.h"           /* one key/value head's attention over f32 keys and values */
#include "src/kv_cache.h"            /* the KV cache: one registry row per cache type */
#include "src/model.h"               /* the engine's errors, a model: weights bound and checked, tokenizer, pool */
#include "src/session.h"             /* a session: KV cache, position, buffers, profile */
#include "src/matmul.h"              /* a session's matrix products: decode's and the prompt's */
#include "src/forward.h"             /* the forward pass: one layer sequence, eval, logits */
#include "src/sampler.h"             /* the sampler: penalties, temperature, top-k, min-p, top-p */
#include "src/generate.h"            /* text in, tokens out: tokenize, chat template, the generation loop */
#include "src/sensitivity.h"         /* per-layer sensitivities (alphas) for quantize --target-bits */
#include "src/kv_alloc.h"            /* per-layer KV cache types by the linearity theorem (--kv-bits) */

#endif /* HIGGS_IMPLEMENTATION */
