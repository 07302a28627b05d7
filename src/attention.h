/* higgs.c implementation part: attention over one key/value head of the KV cache. Included by higgs.h under
 * HIGGS_IMPLEMENTATION; not a header of its own.
 *
 * attend() is the whole of one key/value head's attention for up to ATT_G query heads: scores,
 * softmax, the weighted sum of values. Keys come in blocks of KB positions, each block
 * dimension-major ([hd][KB]): the scores of KB positions are KB independent sums that vectorize
 * across positions with no horizontal sum. Values are [pos][hd]. Where these arrays live (the KV
 * cache's layout) is src/kv_cache.h's concern. */

#define KB 16                         /* positions per key block of the KV cache */
#define ATT_SPAN 512                  /* positions per span of a long cache: attention tasks split along it */
/* floats per query head in a task's score buffer: a span, from the start of its first key group to
 * the end of its last, and 16 more so that the heads' rows do not fall on the same cache sets */
#define ATT_ROW (ATT_SPAN + 2 * KG + 16)
#define KG 32                         /* positions per key group of the HIGGS cache types (a multiple of KB) */
#define HG_KV_MAX_HD 256              /* the largest head size of the HIGGS cache types */
#define KV_SIGN_SEED 0x4b56           /* the rotated values' random signs: hg_sign_negative(KV_SIGN_SEED, d) */
enum { KV_GRID_NONE, KV_GRID_P2_256B, KV_GRID_P2_64B, KV_GRID_P1_32 };   /* the rotated values' grids */

/* bytes of one rotated value's codes: 4, 3 or 5 bits a value */
static inline size_t kv_rot_row_bytes(int grid, int hd) {
    return (size_t)hd * (grid == KV_GRID_P2_256B ? 4 : grid == KV_GRID_P2_64B ? 3 : 5) / 8;
}

/* the values' rotation: x -> H D x / sqrt(hd) (D: the random signs, H: Walsh-Hadamard), in place */
static void kv_rotate(float *x, int hd) {
    for (int d = 0; d < hd; d++)
        if (hg_sign_negative(KV_SIGN_SEED, (uint64_t)d)) x[d] = -x[d];
    hg_fwht(x, hd);
    float s = 1.0f / sqrtf((float)hd);
    for (int d = 0; d < hd; d++) x[d] *= s;
}

/* and back: x -> D H x / sqrt(hd) (the signs flipped as sign bits: -(x s) is -x s exactly) */
static void kv_unrotate(float *x, int hd) {
    hg_fwht(x, hd);
    float s = 1.0f / sqrtf((float)hd);
    for (int d = 0; d < hd; d++) x[d] *= s;
    hg_copy_signs_at(x, x, 0, (uint64_t)hd, KV_SIGN_SEED);
}
/* ATT_G: query heads per attention task (see attend); ATT_KG: heads whose sums one kernel keeps in
 * registers, so a task's heads go through the kernels ATT_KG at a time. AVX2 has 16 registers, room
 * for 4 heads' sums, but takes 8 heads a task: its q4 values kernel decodes each position once for
 * all 8 (TinyLlama's and Llama's 8 query heads per key/value head). */
#if defined(HG_AVX512)
#define ATT_G 8
#define ATT_KG 8
#elif defined(HG_AVX2)
#define ATT_G 8
#define ATT_KG 4
#else
#define ATT_G 4
#define ATT_KG 4
#endif


/* Query heads that share a key/value head (grouped-query attention) go up to
 * ATT_G at a time, so each key and value is loaded once for all of them.
 * Every head's sums run in the same order whatever G is: a head's result does
 * not depend on its company (decode and prompt batches agree bit for bit). */
#ifdef __GNUC__
#define ATT_INLINE static inline __attribute__((always_inline))   /* G becomes a constant in each caller */
#else
#define ATT_INLINE static inline
#endif

/* Rotated values are summed as bf16 products: each softmax numerator (times the value's scale) and
 * each grid coordinate is rounded to bf16, so that vdpbf16ps can take them; a product of two bf16 is
 * exact in a float, so every ISA's sum (one rounding per position, in position order) is the same.
 * Numerators below 2^-64 count as 0: then no product or partial sum is subnormal, which vdpbf16ps
 * would flush. kv_bf16_weight is the definition fv_bf16 vectorises. */
static inline float kv_bf16_round(float x) {   /* a finite float to the nearest bf16 (ties to even) */
    uint32_t u;
    memcpy(&u, &x, 4);
    u = (u + 0x7fffu + (u >> 16 & 1)) & 0xffff0000u;
    memcpy(&x, &u, 4);
    return x;
}
static inline float kv_bf16_weight(float x) { return x >= 0x1p-64f ? kv_bf16_round(x) : 0.0f; }

/* 16 floats in registers: one zmm, two ymm, four NEON q registers, or a plain
 * array (the portable reference, which the compiler vectorizes as it can).
 * fv_fma(acc, a, x) = acc + a * x (fused where the ISA fuses). */
#if defined(HG_AVX512)
typedef struct { __m512 v; } fv;
static inline fv fv_zero(void) { return (fv){_mm512_setzero_ps()}; }
static inline fv fv_set1(float a) { return (fv){_mm512_set1_ps(a)}; }
static inline fv fv_load(const float *p) { return (fv){_mm512_loadu_ps(p)}; }
static inline fv fv_fma(fv acc, float a, fv x) { return (fv){_mm512_fmadd_ps(_mm512_set1_ps(a), x.v, acc.v)}; }
static inline void fv_store_scaled(float *p, fv x, float s) { _mm512_storeu_ps(p, _mm512_mul_ps(x.v, _mm512_set1_ps(s))); }
static inline fv fv_mul(fv x, fv y) { return (fv){_mm512_mul_ps(x.v, y.v)}; }
static inline fv fv_load_i8(const int8_t *p) { return (fv){_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)p)))}; }
static inline fv fv_load_i32(const int32_t *p) { return (fv){_mm512_cvtepi32_ps(_mm512_loadu_si512(p))}; }
static inline void fv_store(float *p, fv x) { _mm512_storeu_ps(p, x.v); }
static inline fv fv_fmav(fv acc, fv x, fv y) { return (fv){_mm512_fmadd_ps(x.v, y.v, acc.v)}; }
static inline fv fv_add(fv x, fv y) { return (fv){_mm512_add_ps(x.v, y.v)}; }
static inline fv fv_sub(fv x, fv y) { return (fv){_mm512_sub_ps(x.v, y.v)}; }
static inline fv fv_maxv(fv x, fv y) { return (fv){_mm512_max_ps(x.v, y.v)}; }
static inline fv fv_pow2i(fv k) {   /* 2^k for integral k in [-126, 127] */
    return (fv){_mm512_castsi512_ps(_mm512_slli_epi32(_mm512_add_epi32(_mm512_cvt_roundps_epi32(k.v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC), _mm512_set1_epi32(127)), 23))};
}
static inline fv fv_max_abs(fv m, fv x) { return (fv){_mm512_max_ps(m.v, _mm512_abs_ps(x.v))}; }
static inline float fv_hmax(fv x) { return _mm512_reduce_max_ps(x.v); }
static inline float fv_hsum(fv x) { return _mm512_reduce_add_ps(x.v); }
static inline fv fv_bf16(fv x) {   /* each x >= 2^-64 rounded to bf16 (ties to even), smaller ones 0 (kv_bf16_weight) */
    __m512i u = _mm512_castps_si512(x.v);
    u = _mm512_add_epi32(u, _mm512_add_epi32(_mm512_set1_epi32(0x7fff), _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1))));
    __mmask16 big = _mm512_cmp_ps_mask(x.v, _mm512_set1_ps(0x1p-64f), _CMP_GE_OQ);
    return (fv){_mm512_castsi512_ps(_mm512_maskz_and_epi32(big, u, _mm512_set1_epi32((int)0xffff0000u)))};
}
static inline fv fv_round_i8(fv x, int8_t *p) {   /* nearest integers (ties to even), also stored as int8 at p */
    __m512i i = _mm512_cvt_roundps_epi32(x.v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm_storeu_si128((__m128i *)p, _mm512_cvtepi32_epi8(i));
    return (fv){_mm512_cvtepi32_ps(i)};
}
#if defined(HG_F16C)
static inline fv fv_load_f16(const uint16_t *p) { return (fv){_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)p))}; }
#define FV_HAS_F16 1
#endif
#define FV_WIDE 2                     /* independent 16-float sums per head: 32 registers allow two */
#elif defined(HG_AVX2)
typedef struct { __m256 lo, hi; } fv;
static inline fv fv_zero(void) { return (fv){_mm256_setzero_ps(), _mm256_setzero_ps()}; }
static inline fv fv_set1(float a) { return (fv){_mm256_set1_ps(a), _mm256_set1_ps(a)}; }
static inline fv fv_load(const float *p) { return (fv){_mm256_loadu_ps(p), _mm256_loadu_ps(p + 8)}; }
static inline fv fv_fma(fv acc, float a, fv x) {
    __m256 b = _mm256_set1_ps(a);
    return (fv){_mm256_fmadd_ps(b, x.lo, acc.lo), _mm256_fmadd_ps(b, x.hi, acc.hi)};
}
static inline void fv_store_scaled(float *p, fv x, float s) {
    __m256 b = _mm256_set1_ps(s);
    _mm256_storeu_ps(p, _mm256_mul_ps(x.lo, b));
    _mm256_storeu_ps(p + 8, _mm256_mul_ps(x.hi, b));
}
static inline fv fv_mul(fv x, fv y) { return (fv){_mm256_mul_ps(x.lo, y.lo), _mm256_mul_ps(x.hi, y.hi)}; }
static inline fv fv_load_i8(const int8_t *p) {
    __m128i b = _mm_loadu_si128((const __m128i *)p);
    return (fv){_mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(b)), _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_srli_si128(b, 8)))};
}
static inline fv fv_load_i32(const int32_t *p) {
    return (fv){_mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)p)), _mm256_cvtepi32_ps(_mm256_loadu_si256((const __m256i *)(p + 8)))};
}
static inline void fv_store(float *p, fv x) { _mm256_storeu_ps(p, x.lo), _mm256_storeu_ps(p + 8, x.hi); }
static inline fv fv_fmav(fv acc, fv x, fv y) { return (fv){_mm256_fmadd_ps(x.lo, y.lo, acc.lo), _mm256_fmadd_ps(x.hi, y.hi, acc.hi)}; }
static inline fv fv_add(fv x, fv y) { return (fv){_mm256_add_ps(x.lo, y.lo), _mm256_add_ps(x.hi, y.hi)}; }
static inline fv fv_sub(fv x, fv y) { return (fv){_mm256_sub_ps(x.lo, y.lo), _mm256_sub_ps(x.hi, y.hi)}; }
static inline fv fv_maxv(fv x, fv y) { return (fv){_mm256_max_ps(x.lo, y.lo), _mm256_max_ps(x.hi, y.hi)}; }
static inline __m256 fv_pow2i8(__m256 k) {
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(_mm256_cvttps_epi32(k), _mm256_set1_epi32(127)), 23));
}
static inline fv fv_pow2i(fv k) { return (fv){fv_pow2i8(k.lo), fv_pow2i8(k.hi)}; }   /* 2^k for integral k in [-126, 127] */
static inline fv fv_max_abs(fv m, fv x) {
    const __m256 mag = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    return (fv){_mm256_max_ps(m.lo, _mm256_and_ps(x.lo, mag)), _mm256_max_ps(m.hi, _mm256_and_ps(x.hi, mag))};
}
static inline float fv_hmax(fv x) {
    __m256 m = _mm256_max_ps(x.lo, x.hi);
    __m128 a = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
    a = _mm_max_ps(a, _mm_movehl_ps(a, a));
    return _mm_cvtss_f32(_mm_max_ss(a, _mm_shuffle_ps(a, a, 1)));
}
static inline float fv_hsum(fv x) {
    __m256 m = _mm256_add_ps(x.lo, x.hi);
    __m128 a = _mm_add_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
    a = _mm_add_ps(a, _mm_movehl_ps(a, a));
    return _mm_cvtss_f32(_mm_add_ss(a, _mm_shuffle_ps(a, a, 1)));
}
static inline __m256 fv_bf16_8(__m256 x) {
    __m256i u = _mm256_castps_si256(x);
    u = _mm256_add_epi32(u, _mm256_add_epi32(_mm256_set1_epi32(0x7fff), _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1))));
    __m256 big = _mm256_cmp_ps(x, _mm256_set1_ps(0x1p-64f), _CMP_GE_OQ);
    return _mm256_and_ps(_mm256_and_ps(_mm256_castsi256_ps(u), big), _mm256_castsi256_ps(_mm256_set1_epi32((int)0xffff0000u)));
}
static inline fv fv_bf16(fv x) { return (fv){fv_bf16_8(x.lo), fv_bf16_8(x.hi)}; }   /* see the AVX-512 one */
static inline fv fv_round_i8(fv x, int8_t *p) {   /* nearest integers (ties to even), also stored as int8 at p */
    __m256i a = _mm256_cvtps_epi32(x.lo), b = _mm256_cvtps_epi32(x.hi);
    __m256i w = _mm256_permute4x64_epi64(_mm256_packs_epi32(a, b), 0xD8);
    _mm_storeu_si128((__m128i *)p, _mm_packs_epi16(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1)));
    return (fv){_mm256_cvtepi32_ps(a), _mm256_cvtepi32_ps(b)};
}
#if defined(HG_F16C)
static inline fv fv_load_f16(const uint16_t *p) {
    return (fv){_mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)p)), _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(p + 8)))};
}
#define FV_HAS_F16 1
#endif
#define FV_WIDE 1
#elif defined(HG_NEON)
typedef struct { float32x4_t v[4]; } fv;
static inline fv fv_zero(void) { fv r; for (int i = 0; i < 4; i++) r.v[i] = vdupq_n_f32(0); return r; }
static inline fv fv_set1(float a) { fv r; for (int i = 0; i < 4; i++) r.v[i] = vdupq_n_f32(a); return r; }
static inline fv fv_load(const float *p) { fv r; for (int i = 0; i < 4; i++) r.v[i] = vld1q_f32(p + 4 * i); return r; }
static inline fv fv_fma(fv acc, float a, fv x) { for (int i = 0; i < 4; i++) acc.v[i] = vfmaq_n_f32(acc.v[i], x.v[i], a); return acc; }
static inline void fv_store_scaled(float *p, fv x, float s) { for (int i = 0; i < 4; i++) vst1q_f32(p + 4 * i, vmulq_n_f32(x.v[i], s)); }
static inline fv fv_mul(fv x, fv y) { for (int i = 0; i < 4; i++) x.v[i] = vmulq_f32(x.v[i], y.v[i]); return x; }
static inline fv fv_load_i8(const int8_t *p) {
    int8x16_t b = vld1q_s8(p);
    int16x8_t lo = vmovl_s8(vget_low_s8(b)), hi = vmovl_s8(vget_high_s8(b));
    fv r = {{vcvtq_f32_s32(vmovl_s16(vget_low_s16(lo))), vcvtq_f32_s32(vmovl_s16(vget_high_s16(lo))),
             vcvtq_f32_s32(vmovl_s16(vget_low_s16(hi))), vcvtq_f32_s32(vmovl_s16(vget_high_s16(hi)))}};
    return r;
}
static inline fv fv_load_f16(const uint16_t *p) {
    fv r;
    for (int i = 0; i < 4; i++) r.v[i] = vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(p + 4 * i)));
    return r;
}
static inline fv fv_load_i32(const int32_t *p) { fv r; for (int i = 0; i < 4; i++) r.v[i] = vcvtq_f32_s32(vld1q_s32(p + 4 * i)); return r; }
static inline void fv_store(float *p, fv x) { for (int i = 0; i < 4; i++) vst1q_f32(p + 4 * i, x.v[i]); }
static inline fv fv_fmav(fv acc, fv x, fv y) { for (int i = 0; i < 4; i++) acc.v[i] = vfmaq_f32(acc.v[i], x.v[i], y.v[i]); return acc; }
static inline fv fv_add(fv x, fv y) { for (int i = 0; i < 4; i++) x.v[i] = vaddq_f32(x.v[i], y.v[i]); return x; }
static inline fv fv_sub(fv x, fv y) { for (int i = 0; i < 4; i++) x.v[i] = vsubq_f32(x.v[i], y.v[i]); return x; }
static inline fv fv_maxv(fv x, fv y) { for (int i = 0; i < 4; i++) x.v[i] = vmaxq_f32(x.v[i], y.v[i]); return x; }
static inline fv fv_pow2i(fv k) {   /* 2^k for integral k in [-126, 127] */
    for (int i = 0; i < 4; i++) k.v[i] = vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(vcvtq_s32_f32(k.v[i]), vdupq_n_s32(127)), 23));
    return k;
}
static inline fv fv_max_abs(fv m, fv x) { for (int i = 0; i < 4; i++) m.v[i] = vmaxq_f32(m.v[i], vabsq_f32(x.v[i])); return m; }
static inline float fv_hmax(fv x) { return vmaxvq_f32(vmaxq_f32(vmaxq_f32(x.v[0], x.v[1]), vmaxq_f32(x.v[2], x.v[3]))); }
static inline float fv_hsum(fv x) { return vaddvq_f32(vaddq_f32(vaddq_f32(x.v[0], x.v[1]), vaddq_f32(x.v[2], x.v[3]))); }
static inline fv fv_bf16(fv x) {   /* see the AVX-512 one */
    for (int k = 0; k < 4; k++) {
        uint32x4_t u = vreinterpretq_u32_f32(x.v[k]);
        u = vaddq_u32(u, vaddq_u32(vdupq_n_u32(0x7fff), vandq_u32(vshrq_n_u32(u, 16), vdupq_n_u32(1))));
        u = vandq_u32(vandq_u32(u, vdupq_n_u32(0xffff0000u)), vcgeq_f32(x.v[k], vdupq_n_f32(0x1p-64f)));
        x.v[k] = vreinterpretq_f32_u32(u);
    }
    return x;
}
static inline fv fv_round_i8(fv x, int8_t *p) {   /* nearest integers (ties to even), also stored as int8 at p */
    int32x4_t i[4];
    for (int k = 0; k < 4; k++) i[k] = vcvtnq_s32_f32(x.v[k]), x.v[k] = vcvtq_f32_s32(i[k]);
    int16x8_t lo = vcombine_s16(vmovn_s32(i[0]), vmovn_s32(i[1])), hi = vcombine_s16(vmovn_s32(i[2]), vmovn_s32(i[3]));
    vst1q_s8(p, vcombine_s8(vmovn_s16(lo), vmovn_s16(hi)));
    return x;
}
#define FV_HAS_F16 1
#define FV_WIDE 1
#else
typedef struct { float v[16]; } fv;
static inline fv fv_zero(void) { fv r; memset(&r, 0, sizeof r); return r; }
static inline fv fv_set1(float a) { fv r; for (int i = 0; i < 16; i++) r.v[i] = a; return r; }
static inline fv fv_load(const float *p) { fv r; memcpy(r.v, p, sizeof r.v); return r; }
static inline fv fv_fma(fv acc, float a, fv x) { for (int i = 0; i < 16; i++) acc.v[i] += a * x.v[i]; return acc; }
static inline void fv_store_scaled(float *p, fv x, float s) { for (int i = 0; i < 16; i++) p[i] = x.v[i] * s; }
static inline fv fv_mul(fv x, fv y) { for (int i = 0; i < 16; i++) x.v[i] *= y.v[i]; return x; }
static inline fv fv_load_i8(const int8_t *p) { fv r; for (int i = 0; i < 16; i++) r.v[i] = (float)p[i]; return r; }
static inline fv fv_load_i32(const int32_t *p) { fv r; for (int i = 0; i < 16; i++) r.v[i] = (float)p[i]; return r; }
static inline void fv_store(float *p, fv x) { memcpy(p, x.v, sizeof x.v); }
static inline fv fv_fmav(fv acc, fv x, fv y) { for (int i = 0; i < 16; i++) acc.v[i] += x.v[i] * y.v[i]; return acc; }
static inline fv fv_add(fv x, fv y) { for (int i = 0; i < 16; i++) x.v[i] += y.v[i]; return x; }
static inline fv fv_sub(fv x, fv y) { for (int i = 0; i < 16; i++) x.v[i] -= y.v[i]; return x; }
static inline fv fv_maxv(fv x, fv y) { for (int i = 0; i < 16; i++) x.v[i] = x.v[i] > y.v[i] ? x.v[i] : y.v[i]; return x; }
static inline fv fv_pow2i(fv k) {   /* 2^k for integral k in [-126, 127] */
    for (int i = 0; i < 16; i++) {
        int32_t bits = ((int32_t)k.v[i] + 127) * (1 << 23);
        memcpy(&k.v[i], &bits, sizeof bits);
    }
    return k;
}
static inline fv fv_max_abs(fv m, fv x) { for (int i = 0; i < 16; i++) m.v[i] = fabsf(x.v[i]) > m.v[i] ? fabsf(x.v[i]) : m.v[i]; return m; }
static inline float fv_hmax(fv x) { float m = x.v[0]; for (int i = 1; i < 16; i++) m = x.v[i] > m ? x.v[i] : m; return m; }
static inline float fv_hsum(fv x) { float s = 0; for (int i = 0; i < 16; i++) s += x.v[i]; return s; }
static inline fv fv_bf16(fv x) {   /* see the AVX-512 one */
    for (int i = 0; i < 16; i++) x.v[i] = kv_bf16_weight(x.v[i]);
    return x;
}
static inline fv fv_round_i8(fv x, int8_t *p) {   /* nearest integers (ties to even), also stored as int8 at p */
    for (int i = 0; i < 16; i++) x.v[i] = rintf(x.v[i]), p[i] = (int8_t)x.v[i];
    return x;
}
#define FV_WIDE 1
#endif
#ifndef FV_HAS_F16                    /* no f16 conversion in hardware: exact in software */
static inline fv fv_load_f16(const uint16_t *p) {
    float t[16];
    for (int i = 0; i < 16; i++) t[i] = hg_f16_to_f32(p[i]);
    return fv_load(t);
}
#endif

/* dst[i] = the f16 src[i] as a float, i < n: exact, vectorised where the ISA converts f16 */
static inline void kv_f16_to_f32_n(float *dst, const uint16_t *src, int n) {
    int i = 0;
#if defined(HG_F16C) && (defined(HG_AVX512) || defined(HG_AVX2))
    for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i))));
#elif defined(HG_NEON)
    for (; i + 4 <= n; i += 4) vst1q_f32(dst + i, vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(src + i))));
#endif
    for (; i < n; i++) dst[i] = hg_f16_to_f32(src[i]);
}

/* Flat values' softmax: a[t] = exp(a[t] - m) / sum for t < n (scores whose maximum is m), normalized
 * in place (the arithmetic of 89a384c, which tests/test_identical.sh holds the default cache to).
 * exp without a libm call per element, so the loop vectorizes: 2^k * e^r with
 * k = round(x / ln 2), r = x - k ln 2 (ln 2 in two parts), e^r by its degree-6
 * Taylor polynomial (within 2.5e-7 of exp over [-87, 0]); x >= -87 keeps
 * 2^k a normal float (smaller terms are below 1e-37 of the largest anyway). */
static inline float exp_shifted1(float x) {   /* one element of it, scalar */
    x = x < -87.0f ? -87.0f : x;
    float y = x * 1.44269504f;
    float k = (y + 12582912.0f) - 12582912.0f;          /* round to nearest: no call */
    float r = x - k * 0.693359375f;
    r = r - k * -2.12194440e-4f;
    float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120 + r * (1.0f / 720))))));
    int32_t bits = ((int32_t)k + 127) * (1 << 23);
    float scale;
    memcpy(&scale, &bits, sizeof scale);
    return p * scale;
}
static inline fv exp_shifted16(fv x) {         /* the same operations on 16 elements (no FMA: none above) */
    x = fv_maxv(fv_set1(-87.0f), x);           /* -87 > x ? -87 : x, as above (NaN stays NaN) */
    fv k = fv_sub(fv_add(fv_mul(x, fv_set1(1.44269504f)), fv_set1(12582912.0f)), fv_set1(12582912.0f));
    fv r = fv_sub(x, fv_mul(k, fv_set1(0.693359375f)));
    r = fv_sub(r, fv_mul(k, fv_set1(-2.12194440e-4f)));
    static const float c[6] = {1.0f / 120, 1.0f / 24, 1.0f / 6, 0.5f, 1.0f, 1.0f};
    fv p = fv_mul(r, fv_set1(1.0f / 720));
    for (int i = 0; i < 6; i++) {
        p = fv_add(fv_set1(c[i]), p);
        if (i < 5) p = fv_mul(r, p);
    }
    return fv_mul(p, fv_pow2i(k));
}
static float softmax_shifted(float *a, int n, float m) {
    int t = 0;
    for (; t + 16 <= n; t += 16) fv_store(a + t, exp_shifted16(fv_sub(fv_load(a + t), fv_set1(m))));
    for (; t < n; t++) a[t] = exp_shifted1(a[t] - m);
    float part[16] = {0}, sum = 0;    /* 16 running sums: a vector, not a chain of dependent adds */
    for (t = 0; t + 16 <= n; t += 16)
        for (int i = 0; i < 16; i++) part[i] += a[t + i];
    for (int i = 0; i < 16; i++) sum += part[i];
    for (; t < n; t++) sum += a[t];
    float inv = 1.0f / sum;
    for (t = 0; t < n; t++) a[t] *= inv;
    return sum;
}

/* max of a[0..n), n >= 1 (exact in any order) */
static float max_of(const float *a, int n) {
    fv mv = fv_set1(a[0]);
    int t = 0;
    for (; t + 16 <= n; t += 16) mv = fv_maxv(mv, fv_load(a + t));
    float m = fv_hmax(mv);
    for (; t < n; t++) m = a[t] > m ? a[t] : m;
    return m;
}

/* e^x for x <= 0, without a libm call: 2^k * e^r with k = round(x / ln 2), r = x - k ln 2 (ln 2 in
 * two parts), e^r by its degree-6 Taylor polynomial (within 2.5e-7 of exp over [-87, 0]); x >= -87
 * keeps 2^k a normal float (smaller terms are below 1e-37 of the largest anyway) */
static inline fv fv_exp_neg(fv x) {
    x = fv_maxv(x, fv_set1(-87.0f));
    fv k = fv_sub(fv_add(fv_mul(x, fv_set1(1.44269504f)), fv_set1(12582912.0f)), fv_set1(12582912.0f));   /* round */
    fv r = fv_fma(fv_fma(x, -0.693359375f, k), 2.12194440e-4f, k);
    fv p = fv_set1(1.0f / 720);
    static const float c[6] = {1.0f / 120, 1.0f / 24, 1.0f / 6, 0.5f, 1.0f, 1.0f};
    for (int i = 0; i < 6; i++) p = fv_fmav(fv_set1(c[i]), p, r);
    return fv_mul(p, fv_pow2i(k));
}

/* Rotated values' softmax: the numerators in one pass, a[t] = e^(a[t] - m) times value t's f16 scale
 * vs16[t] for t < n (scores whose maximum is m), as bf16 (kv_bf16_weight); returns sum_t e^(a[t] - m), by which the caller
 * divides each head's weighted sum of values once instead of every a[t]. A last piece shorter than
 * 16 goes through the same vector code, padded in a buffer. */
static float softmax_numerators(float *a, int n, float m, const uint16_t *vs16) {
    fv sum = fv_zero(), mv = fv_set1(m);
    for (int t = 0; t < n; t += 16) {
        float pad[16], spad[16];
        int len = n - t < 16 ? n - t : 16;
        float *x = a + t;
        fv sc;
        if (len < 16) {   /* e^-87 past the end adds nothing visible; the scales past it are 1 */
            for (int i = 0; i < 16; i++) pad[i] = i < len ? a[t + i] : m - 87.0f, spad[i] = i < len ? hg_f16_to_f32(vs16[t + i]) : 1.0f;
            x = pad, sc = fv_load(spad);
        } else
            sc = fv_load_f16(vs16 + t);
        fv e = fv_exp_neg(fv_sub(fv_load(x), mv));
        sum = fv_add(sum, e);
        fv_store(x, fv_bf16(fv_mul(e, sc)));
        if (len < 16) memcpy(a + t, pad, sizeof(float) * (size_t)len);
    }
    return fv_hsum(sum);
}

/* How a cache's elements become floats (KVType.load): every conversion is exact, so a kind's
 * loads give the same floats on every ISA. */
enum { KV_LOAD_F32, KV_LOAD_F16, KV_LOAD_I8 };
ATT_INLINE fv fv_load_kind(const void *p, size_t i, const int kind) {
    if (kind == KV_LOAD_F32) return fv_load((const float *)p + i);
    if (kind == KV_LOAD_F16) return fv_load_f16((const uint16_t *)p + i);
    return fv_load_i8((const int8_t *)p + i);
}
static inline size_t kv_load_bytes(int kind) { return kind == KV_LOAD_F32 ? 4 : kind == KV_LOAD_F16 ? 2 : 1; }

/* A run of cache lines brought toward the cache a few at a time, spread over a loop's iterations
 * (pf_step once an iteration). Decode attention reads the cache from memory: a layer's weights pass
 * through the caches between two layers' attention. The processor's own prefetching loses the
 * stream at every 4 KB key block, and a burst of a whole block's prefetches at once stalled the
 * loads behind it; lines spread evenly keep about twice the reads in flight (docs/kv-cache.md). */
typedef struct {
    const char *next;                 /* the next line to fetch */
    size_t left;                      /* lines still to fetch */
    size_t per;                       /* lines a step */
} Prefetch;

/* bytes at p over `steps` steps (none where bytes or steps is 0) */
static inline Prefetch pf_span(const void *p, size_t bytes, size_t steps) {
    Prefetch r = {(const char *)p, (bytes + 63) / 64, 0};
    r.per = steps ? (r.left + steps - 1) / steps : 0;
    if (!steps) r.left = 0;
    return r;
}

static inline void pf_step(Prefetch *f) {
    for (size_t i = 0; i < f->per && f->left; i++, f->left--, f->next += 64) __builtin_prefetch(f->next, 0, 3);
}

/* element i of a cache array of load kind `kind`, as a float */
ATT_INLINE float kv_elem(const void *p, size_t i, const int kind) {
    if (kind == KV_LOAD_F32) return ((const float *)p)[i];
    if (kind == KV_LOAD_F16) return hg_f16_to_f32(((const uint16_t *)p)[i]);
    return (float)((const int8_t *)p)[i];
}

/* a block's 16 sums to scores: times the keys' scales (scaled kinds) and the softmax's 1/sqrt(hd) */
ATT_INLINE void store_scores(float *att, fv acc, const float *kscale, float scale) {
    if (kscale) acc = fv_mul(acc, fv_load(kscale));
    fv_store_scaled(att, acc, scale);
}

/* att[g][t] = scale * kscale[t] * <q[g], k_t> for t < n (kscale NULL: 1), and junk up to the end
 * of the last block (att has kpos floats). Keys of load kind kk. FV_WIDE blocks at a time where
 * registers allow: more independent sums in flight. Meanwhile the keys one step ahead and the
 * values of the same positions (vrow_bytes a row; the value pass reads them next) come toward the
 * cache, a few lines each dimension. */
ATT_INLINE void attn_scores_g(float *const *att, const float *const *q, const int G, const void *restrict keys,
                              const float *kscale, const int kk, int hd, int n, float scale, const void *values,
                              size_t vrow_bytes) {
    const int step = KB * FV_WIDE;                   /* positions an iteration */
    size_t krow = kv_load_bytes(kk) * (size_t)hd, iters = (size_t)((n + step - 1) / step) * (size_t)hd;
    size_t kbytes = (size_t)((n + KB - 1) / KB * KB) * krow;   /* whole blocks */
    Prefetch pv = pf_span(values, (size_t)n * vrow_bytes, iters);
    Prefetch pk = pf_span((const char *)keys + (kbytes < step * krow ? kbytes : step * krow),
                          kbytes > step * krow ? kbytes - step * krow : 0, iters);
    int t0 = 0;
#if FV_WIDE == 2
    for (; t0 + KB < n; t0 += 2 * KB) {
        size_t b0 = (size_t)t0 * hd, b1 = b0 + (size_t)KB * hd;
        fv acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = fv_zero();
        for (int d = 0; d < hd; d++) {
            pf_step(&pk), pf_step(&pv);
            fv k0 = fv_load_kind(keys, b0 + (size_t)d * KB, kk), k1 = fv_load_kind(keys, b1 + (size_t)d * KB, kk);
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], q[g][d], k0);
                acc[g][1] = fv_fma(acc[g][1], q[g][d], k1);
            }
        }
        for (int g = 0; g < G; g++) {
            store_scores(att[g] + t0, acc[g][0], kscale ? kscale + t0 : NULL, scale);
            store_scores(att[g] + t0 + KB, acc[g][1], kscale ? kscale + t0 + KB : NULL, scale);
        }
    }
#endif
    for (; t0 < n; t0 += KB) {
        size_t blk = (size_t)t0 * hd;                 /* block t0 / KB */
        fv acc[ATT_G];
        for (int g = 0; g < G; g++) acc[g] = fv_zero();
        for (int d = 0; d < hd; d++) {
            pf_step(&pk), pf_step(&pv);
            fv k = fv_load_kind(keys, blk + (size_t)d * KB, kk);
            for (int g = 0; g < G; g++) acc[g] = fv_fma(acc[g], q[g][d], k);
        }
        for (int g = 0; g < G; g++) store_scores(att[g] + t0, acc[g], kscale ? kscale + t0 : NULL, scale);
    }
}

/* out[g][d] = sum_t p[g][t] * v_t[d] for d < hd, values of load kind vk: 16 * FV_WIDE dimensions at
 * a time stay in registers across all positions (an axpy per position would store and reload out);
 * a head size that is not a multiple of 16 ends in plain loops */
ATT_INLINE void attn_values_g(float *const *out, const float *const *p, const float *inv, const int G,
                              const void *restrict values, const int vk, int hd, int n, Prefetch *next) {
    int width = FV_WIDE == 2 ? (G <= 4 ? 64 : 32) : 16;   /* dimensions a pass over the positions */
    size_t steps = (size_t)n * (size_t)(hd / width);
    next->per = steps ? (next->left + steps - 1) / steps : 0;
    int d0 = 0;
#if FV_WIDE == 2
    for (; G <= 4 && d0 + 64 <= hd; d0 += 64) {   /* 4 x 4 accumulators of the 32 registers */
        fv acc[ATT_G][4];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = acc[g][2] = acc[g][3] = fv_zero();
        for (int t = 0; t < n; t++) {
            size_t row = (size_t)t * hd + d0;
            pf_step(next);
            fv v0 = fv_load_kind(values, row, vk), v1 = fv_load_kind(values, row + 16, vk);
            fv v2 = fv_load_kind(values, row + 32, vk), v3 = fv_load_kind(values, row + 48, vk);
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], p[g][t], v0);
                acc[g][1] = fv_fma(acc[g][1], p[g][t], v1);
                acc[g][2] = fv_fma(acc[g][2], p[g][t], v2);
                acc[g][3] = fv_fma(acc[g][3], p[g][t], v3);
            }
        }
        for (int g = 0; g < G; g++)
            for (int k = 0; k < 4; k++) fv_store_scaled(out[g] + d0 + 16 * k, acc[g][k], inv[g]);
    }
    for (; d0 + 32 <= hd; d0 += 32) {                 /* up to 8 x 2 */
        fv acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = fv_zero();
        for (int t = 0; t < n; t++) {
            size_t row = (size_t)t * hd + d0;
            pf_step(next);
            fv v0 = fv_load_kind(values, row, vk), v1 = fv_load_kind(values, row + 16, vk);
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], p[g][t], v0);
                acc[g][1] = fv_fma(acc[g][1], p[g][t], v1);
            }
        }
        for (int g = 0; g < G; g++) {
            fv_store_scaled(out[g] + d0, acc[g][0], inv[g]);
            fv_store_scaled(out[g] + d0 + 16, acc[g][1], inv[g]);
        }
    }
#endif
    for (; d0 + 16 <= hd; d0 += 16) {
        fv acc[ATT_G];
        for (int g = 0; g < G; g++) acc[g] = fv_zero();
        for (int t = 0; t < n; t++) {
            pf_step(next);
            fv v = fv_load_kind(values, (size_t)t * hd + d0, vk);
            for (int g = 0; g < G; g++) acc[g] = fv_fma(acc[g], p[g][t], v);
        }
        for (int g = 0; g < G; g++) fv_store_scaled(out[g] + d0, acc[g], inv[g]);
    }
    for (int g = 0; g < G; g++)
        for (int d = d0; d < hd; d++) {
            float a = 0;
            for (int t = 0; t < n; t++) a += p[g][t] * kv_elem(values, (size_t)t * hd + d, vk);
            out[g][d] = a * inv[g];
        }
}

/* One key/value head's cache for attend: arrays of their load kinds, and for scaled kinds one
 * float per position (kscale[t] multiplies key t, vscale[t] value t; NULL: none). Grouped keys
 * (kbits > 0, src/kv_cache.h): per channel over groups of KG positions, closed groups before position
 * `closed` as bit planes with (minimum, step) ranges, the open group's keys as f16 rows from `closed`
 * on. Rotated values (vgrid > 0): codes of a grid, an f16 scale per position, in the rotated domain. */
typedef struct {
    const void *keys, *values;
    const float *kscale, *vscale;
    int kk, vk;                       /* KV_LOAD_* */
    int kbits, knib, closed;          /* grouped keys: code bits; nibbles (else bit planes); positions in closed groups */
    const uint16_t *krange, *kopen;   /* [groups][2][hd] f16 (minima, steps); [positions from closed][hd] f16 */
    int vgrid;                        /* KV_GRID_* of rotated values, else KV_GRID_NONE */
    const uint16_t *vscale16;         /* rotated values: [positions] f16 */
    int len;                          /* positions stored that the query may see (0: unknown) */
} KVHead;

/* where the scores of positions from t0 start: t0's key group (grouped keys) or key block */
static inline int kv_score_start(const KVHead *h, int t0) { return h->kbits ? t0 / KG * KG : t0 / KB * KB; }

/* grouped keys: the end of the closed groups among positions before n */
static inline int kv_closed_before(const KVHead *h, int n) { return h->closed < n ? h->closed : n; }

/* ----------------------------------------------------------- grouped keys */

/* the codes of positions 16 * half .. 16 * half + 15 of a group in one channel, from its bit planes */
static inline fv kv_key_codes16(const uint32_t *planes, int bits, int half) {
#if defined(HG_AVX512)
    __m512i c = _mm512_setzero_si512();
    for (int j = 0; j < bits; j++)
        c = _mm512_mask_add_epi32(c, (__mmask16)(planes[j] >> (16 * half)), c, _mm512_set1_epi32(1 << j));
    return (fv){_mm512_cvtepi32_ps(c)};
#elif defined(HG_AVX2)
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), one = _mm256_set1_epi32(1);
    __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
    for (int j = 0; j < bits; j++) {
        __m256i w = _mm256_set1_epi32((int)(planes[j] >> (16 * half)));
        lo = _mm256_or_si256(lo, _mm256_slli_epi32(_mm256_and_si256(_mm256_srlv_epi32(w, lane), one), j));
        hi = _mm256_or_si256(hi, _mm256_slli_epi32(_mm256_and_si256(_mm256_srlv_epi32(_mm256_srli_epi32(w, 8), lane), one), j));
    }
    return (fv){_mm256_cvtepi32_ps(lo), _mm256_cvtepi32_ps(hi)};
#else
    float t[16];
    for (int i = 0; i < 16; i++) {
        int c = 0;
        for (int j = 0; j < bits; j++) c |= (int)(planes[j] >> (16 * half + i) & 1) << j;
        t[i] = (float)c;
    }
    return fv_load(t);
#endif
}

/* att[g][t - s0] = scale * <q[g], k_t> for t in [s0, closed) (whole groups, closed <= h->closed) from the codes:
 * k_t[d] = lo[d] + step[d] * code, decoded once for all G heads */
ATT_INLINE void attn_scores_groups(float *const *att, const float *const *q, const int G, const KVHead *h, int hd,
                                   int s0, int closed, float scale) {
    float range[2 * HG_KV_MAX_HD];
    for (int gs = s0; gs < closed; gs += KG) {
        const uint32_t *planes = (const uint32_t *)h->keys + (size_t)(gs / KG) * hd * h->kbits;
        kv_f16_to_f32_n(range, h->krange + (size_t)(gs / KG) * hd * 2, 2 * hd);
        fv acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = fv_zero();
        for (int d = 0; d < hd; d++) {
            fv lo = fv_set1(range[d]);
            float step = range[hd + d];
            fv k0 = fv_fma(lo, step, kv_key_codes16(planes + (size_t)d * h->kbits, h->kbits, 0));
            fv k1 = fv_fma(lo, step, kv_key_codes16(planes + (size_t)d * h->kbits, h->kbits, 1));
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], q[g][d], k0);
                acc[g][1] = fv_fma(acc[g][1], q[g][d], k1);
            }
        }
        for (int g = 0; g < G; g++) {
            fv_store_scaled(att[g] + gs - s0, acc[g][0], scale);
            fv_store_scaled(att[g] + gs - s0 + 16, acc[g][1], scale);
        }
    }
}

/* ----------------------------------------------------------- 4-bit keys by integer dot products */

#define KQ_AHEAD 2                    /* groups ahead whose keys the nibble scores prefetch */

/* Toward the cache while group gs's scores run: the codes and ranges of the group KQ_AHEAD groups on,
 * and this group's values and their scales (the value pass reads them after the span's scores). In
 * decode the cache comes from memory (a layer's weights pass through between two layers'
 * attention); once the scores needed a third of their earlier work, the hardware's prefetching no
 * longer kept up (docs/kv-cache.md has the measurements). */
static inline void kq_prefetch_group(const KVHead *h, int hd, int gs, int closed) {
    if (gs + KQ_AHEAD * KG < closed) {
        const char *k = (const char *)h->keys + (size_t)(gs / KG + KQ_AHEAD) * hd * 16;
        const char *r = (const char *)(h->krange + (size_t)(gs / KG + KQ_AHEAD) * hd * 2);
        for (int o = 0; o < hd * 16; o += 64) __builtin_prefetch(k + o, 0, 3);
        for (int o = 0; o < hd * 4; o += 64) __builtin_prefetch(r + o, 0, 3);
    }
    size_t vrow = h->vgrid ? kv_rot_row_bytes(h->vgrid, hd) : kv_load_bytes(h->vk) * (size_t)hd;
    const char *vals = (const char *)h->values + (size_t)gs * vrow;
    for (size_t o = 0; o < KG * vrow; o += 64) __builtin_prefetch(vals + o, 0, 3);
    if (h->vscale16) __builtin_prefetch(h->vscale16 + gs, 0, 3);
}

/* One head's query for a closed group of nibble keys, as integers. <q, k_t> = sum_d q_d lo_d +
 * sum_d q'_d c_td, q'_d = q_d step_d. q' is rounded to int8 at qs = max|q'| / 127 (q8_d = the nearest
 * integer, ties to even, to q'_d * (127 / max|q'|)). Its rounding errors e_d = q'_d - qs q8_d enter the
 * constant term as 7.5 sum_d e_d, as if every code were the middle of 0..15, so what is lost is
 * sum_d e_d (c_td - 7.5): about 1% of the keys' own quantization noise. Returns the constant term
 * and sets *qs; a query with max|q'| <= 1e-30 is all constant (q8 = 0, qs = 0). */
static float kq_prepare(const float *q, const float *lo, const float *step, int hd, int8_t *q8, float *qs) {
    float qp[HG_KV_MAX_HD];
    fv m = fv_zero();
    for (int d = 0; d < hd; d += 16) {
        fv x = fv_mul(fv_load(q + d), fv_load(step + d));
        fv_store(qp + d, x);
        m = fv_max_abs(m, x);
    }
    float amax = fv_hmax(m), inv = amax > 1e-30f ? 127.0f / amax : 0.0f;
    *qs = inv > 0 ? amax / 127.0f : 0.0f;
    fv acc = fv_zero(), mid = fv_set1(7.5f), by = fv_set1(inv);
    for (int d = 0; d < hd; d += 16) {
        fv x = fv_load(qp + d), r = fv_round_i8(fv_mul(x, by), q8 + d);
        acc = fv_fmav(acc, fv_load(q + d), fv_load(lo + d));
        acc = fv_fmav(acc, mid, fv_fma(x, -*qs, r));
    }
    return fv_hsum(acc);
}

#if defined(HG_AVX2)
/* The sums of one quarter of a group's positions for heads g0..g0+G-1: the low (nib 0) or high
 * (nib 1) nibbles of bytes 32 * half .. 32 * half + 31 of each quad, stored at isum[g] + 16 * nib +
 * 8 * half. w[j][g]: head g's q8 of dimensions 4j..4j+3 (kq_prepare_avx2's layout). Each
 * vpmaddubsw pair is within 2 * 15 * 127 = 3810, so up to 8 of them add as int16 (30480 < 2^15)
 * before one vpmaddwd widens them: a third of the multiplies of widening each, the same sums.
 * AVX-VNNI adds each product pair with vpdpbusd instead. */
ATT_INLINE void kq_dot_quarter(int32_t (*isum)[KG], const int32_t (*w)[8], int g0, const int G, const unsigned char *codes,
                               int hd, int half, const int nib) {
    const __m256i low = _mm256_set1_epi8(15);
    __m256i acc[ATT_G];
    for (int g = 0; g < G; g++) acc[g] = _mm256_setzero_si256();
    for (int j0 = 0; j0 < hd / 4; j0 += 8) {
        int j1 = j0 + 8 < hd / 4 ? j0 + 8 : hd / 4;
#if defined(HG_AVXVNNI)
        for (int j = j0; j < j1; j++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(codes + 64 * j + 32 * half));
            __m256i c = _mm256_and_si256(nib ? _mm256_srli_epi16(v, 4) : v, low);
            for (int g = 0; g < G; g++) acc[g] = hg_dpbusd_avx2(acc[g], c, _mm256_set1_epi32(w[j][g0 + g]));
        }
#else
        __m256i s[ATT_G];
        for (int g = 0; g < G; g++) s[g] = _mm256_setzero_si256();
        for (int j = j0; j < j1; j++) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(codes + 64 * j + 32 * half));
            __m256i c = _mm256_and_si256(nib ? _mm256_srli_epi16(v, 4) : v, low);
            for (int g = 0; g < G; g++) s[g] = _mm256_add_epi16(s[g], _mm256_maddubs_epi16(c, _mm256_set1_epi32(w[j][g0 + g])));
        }
        for (int g = 0; g < G; g++) acc[g] = _mm256_add_epi32(acc[g], _mm256_madd_epi16(s[g], _mm256_set1_epi16(1)));
#endif
    }
    for (int g = 0; g < G; g++) _mm256_storeu_si256((__m256i *)(isum[g] + 16 * nib + 8 * half), acc[g]);
}

/* the four quarters of a group (bytes 0..31 of each quad: positions 0..7, 16..23; then 32..63) */
ATT_INLINE void kq_dot_quarters(int32_t (*isum)[KG], const int32_t (*w)[8], int g0, const int G, const unsigned char *codes,
                                int hd) {
    for (int half = 0; half < 2; half++) {
        kq_dot_quarter(isum, w, g0, G, codes, hd, half, 0);
        kq_dot_quarter(isum, w, g0, G, codes, hd, half, 1);
    }
}
#endif

/* isum[g][t] = sum_d q8[g][d] c_td for the KG positions of one group's nibbles (src/kv_cache.h: 64
 * bytes per channel quad, 4 bytes a position, low nibbles positions 0..15, high 16..31), exact */
ATT_INLINE void kq_dot_group(int32_t (*isum)[KG], const int8_t (*q8)[HG_KV_MAX_HD], const int G, const unsigned char *codes,
                             int hd) {
#if defined(HG_AVX2)   /* (AVX-512 VNNI takes attn_scores_nib8; AVX2 alone attn_scores_nib_avx2) */
    int32_t w[HG_KV_MAX_HD / 4][8];
    for (int j = 0; j < hd / 4; j++)
        for (int g = 0; g < G; g++) memcpy(&w[j][g], q8[g] + 4 * j, 4);
    kq_dot_quarters(isum, (const int32_t (*)[8])w, 0, G, codes, hd);
#else
    for (int g = 0; g < G; g++) {
        int32_t lo[16] = {0}, hi[16] = {0};
        for (int j = 0; j < hd / 4; j++)
            for (int i = 0; i < 16; i++)
                for (int c = 0; c < 4; c++) {
                    int b = codes[64 * j + 4 * i + c], w = q8[g][4 * j + c];
                    lo[i] += w * (b & 15), hi[i] += w * (b >> 4);
                }
        for (int i = 0; i < 16; i++) isum[g][i] = lo[i], isum[g][16 + i] = hi[i];
    }
#endif
}

#if defined(HG_AVX512_VNNI)
/* acc + the VNNI dot products of u and the 4 bytes at w broadcast (a memory operand with {1to16}) */
static inline __m512i kq_dpbusd_b(__m512i acc, __m512i u, const int32_t *w) {
#if defined(__GNUC__) && !defined(HG_NO_ASM)
    __asm__("vpdpbusd %2%{1to16%}, %1, %0" : "+v"(acc) : "v"(u), "m"(*w));
    return acc;
#else
    return _mm512_dpbusd_epi32(acc, u, _mm512_set1_epi32(*w));
#endif
}

/* kq_prepare for up to 8 heads at once, without a horizontal reduction per head: lane 2g + k of
 * vector i holds head g's dimension 2i + k (ql: the queries so, heads past G 0), so a pair of steps
 * (or of mid = lo + 7.5 step) is one 64-bit broadcast, the maxima and sums run down the vectors,
 * and the lanes of a head are combined once. The same q8 and qs as kq_prepare (the same float
 * operations per element); the constant sum_d q_d mid_d - 7.5 qs sum_d q8_d is kq_prepare's
 * sum_d q_d lo_d + 7.5 sum_d e_d, summed in another order. w[j][g]: head g's q8 of dimensions
 * 4j..4j+3, the 4 bytes each vpdpbusd of attn_scores_nib8 broadcasts. */
static inline __m512 kq_pair(const float *p) {   /* p[0], p[1] repeated: one 64-bit broadcast (memcpy: no aliasing) */
    double d;
    memcpy(&d, p, sizeof d);
    return _mm512_castpd_ps(_mm512_set1_pd(d));
}
static void kq_prepare8(const float *ql, const float *lo, const float *step, int hd, int32_t (*w)[8], float *base, float *qs) {
    float mid[HG_KV_MAX_HD];
    for (int d = 0; d < hd; d += 16)
        _mm512_storeu_ps(mid + d, _mm512_fmadd_ps(_mm512_set1_ps(7.5f), _mm512_loadu_ps(step + d), _mm512_loadu_ps(lo + d)));
    __m512 m = _mm512_setzero_ps();
    for (int i = 0; i < hd / 2; i++) {
        __m512 st = kq_pair(step + 2 * i);
        m = _mm512_max_ps(m, _mm512_abs_ps(_mm512_mul_ps(_mm512_loadu_ps(ql + 16 * i), st)));
    }
    m = _mm512_max_ps(m, _mm512_permute_ps(m, 0xB1));                       /* both lanes of a head: its max */
    __mmask16 live = _mm512_cmp_ps_mask(m, _mm512_set1_ps(1e-30f), _CMP_GT_OQ);
    __m512 inv = _mm512_maskz_div_ps(live, _mm512_set1_ps(127.0f), m);
    __m512 qsv = _mm512_maskz_div_ps(live, m, _mm512_set1_ps(127.0f));
    __m512 acc = _mm512_setzero_ps();
    __m512i isum = _mm512_setzero_si512();
    for (int i = 0; i < hd / 2; i += 2) {
        __m128i b[2];
        for (int k = 0; k < 2; k++) {
            const float *qi = ql + 16 * (i + k);
            __m512 st = kq_pair(step + 2 * (i + k));
            __m512 md = kq_pair(mid + 2 * (i + k));
            __m512 q = _mm512_loadu_ps(qi);
            __m512i r = _mm512_cvt_roundps_epi32(_mm512_mul_ps(_mm512_mul_ps(q, st), inv), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            isum = _mm512_add_epi32(isum, r);
            acc = _mm512_fmadd_ps(q, md, acc);
            b[k] = _mm512_cvtepi32_epi8(r);                                       /* (head, 2 dims) x 8 */
        }
        _mm_storeu_si128((__m128i *)w[i / 2], _mm_unpacklo_epi16(b[0], b[1]));   /* heads 0-3: 4 dims each */
        _mm_storeu_si128((__m128i *)w[i / 2] + 1, _mm_unpackhi_epi16(b[0], b[1]));
    }
    acc = _mm512_add_ps(acc, _mm512_permute_ps(acc, 0xB1));
    __m512 is = _mm512_cvtepi32_ps(_mm512_add_epi32(isum, _mm512_castps_si512(_mm512_permute_ps(_mm512_castsi512_ps(isum), 0xB1))));
    acc = _mm512_fnmadd_ps(_mm512_mul_ps(_mm512_set1_ps(7.5f), qsv), is, acc);
    float a[16], s[16];
    _mm512_storeu_ps(a, acc), _mm512_storeu_ps(s, qsv);
    for (int g = 0; g < 8; g++) base[g] = a[2 * g], qs[g] = s[2 * g];
}


/* att[g][t - s0] for the closed groups, as attn_scores_nib, with kq_prepare8 */
ATT_INLINE void attn_scores_nib8(float *const *att, const float *const *q, const int G, const KVHead *h, int hd, int s0,
                                 int closed, float scale) {
    _Alignas(64) float ql[HG_KV_MAX_HD * 8];
    _Alignas(64) int32_t w[HG_KV_MAX_HD / 4][8];
    float range[2 * HG_KV_MAX_HD], base[8], qs[8];
    for (int i = 0; i < hd / 2; i++)
        for (int g = 0; g < 8; g++)
            ql[16 * i + 2 * g] = g < G ? q[g][2 * i] : 0.0f, ql[16 * i + 2 * g + 1] = g < G ? q[g][2 * i + 1] : 0.0f;
    const __m512i low = _mm512_set1_epi8(15);
    for (int gs = s0; gs < closed; gs += KG) {
        kv_f16_to_f32_n(range, h->krange + (size_t)(gs / KG) * hd * 2, 2 * hd);
        kq_prefetch_group(h, hd, gs, closed);
        kq_prepare8(ql, range, range + hd, hd, w, base, qs);
        const unsigned char *codes = (const unsigned char *)h->keys + (size_t)(gs / KG) * hd * 16;
        __m512i acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = _mm512_setzero_si512();
        for (int j = 0; j < hd / 4; j++) {
            __m512i v = _mm512_loadu_si512(codes + 64 * j);
            __m512i c0 = _mm512_and_si512(v, low), c1 = _mm512_and_si512(_mm512_srli_epi16(v, 4), low);
            for (int g = 0; g < G; g++) {
                acc[g][0] = kq_dpbusd_b(acc[g][0], c0, &w[j][g]);
                acc[g][1] = kq_dpbusd_b(acc[g][1], c1, &w[j][g]);
            }
        }
        for (int g = 0; g < G; g++) {
            __m512 b = _mm512_set1_ps(base[g]), s = _mm512_set1_ps(qs[g]), sc = _mm512_set1_ps(scale);
            _mm512_storeu_ps(att[g] + gs - s0, _mm512_mul_ps(_mm512_fmadd_ps(s, _mm512_cvtepi32_ps(acc[g][0]), b), sc));
            _mm512_storeu_ps(att[g] + gs - s0 + 16, _mm512_mul_ps(_mm512_fmadd_ps(s, _mm512_cvtepi32_ps(acc[g][1]), b), sc));
        }
    }
}
#endif

#if defined(HG_AVX2) && !defined(HG_AVX512)
/* kq_prepare for up to 8 heads at once, as kq_prepare8 does on AVX-512: lane g of a vector holds
 * head g (ql[8d + g]: head g's q_d, 0 past G), so the maxima and sums run down the vectors with no
 * horizontal reduction per head. The same q8 and qs as kq_prepare (the same float operations per
 * element); the constant, sum_d q_d mid_d - 7.5 qs sum_d q8_d with mid = lo + 7.5 step, is
 * kq_prepare8's. w[j][g]: head g's q8 of dimensions 4j..4j+3. */
static void kq_prepare_avx2(const float *ql, const float *lo, const float *step, int hd, int32_t (*w)[8], float *base,
                            float *qs) {
    const __m256 mag = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    const __m256i by_head = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                             0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    __m256 m = _mm256_setzero_ps();
    for (int d = 0; d < hd; d++)
        m = _mm256_max_ps(m, _mm256_and_ps(_mm256_mul_ps(_mm256_load_ps(ql + 8 * d), _mm256_broadcast_ss(step + d)), mag));
    __m256 live = _mm256_cmp_ps(m, _mm256_set1_ps(1e-30f), _CMP_GT_OQ);
    __m256 inv = _mm256_and_ps(_mm256_div_ps(_mm256_set1_ps(127.0f), m), live);
    __m256 qsv = _mm256_and_ps(_mm256_div_ps(m, _mm256_set1_ps(127.0f)), live);
    __m256 acc = _mm256_setzero_ps();
    __m256i isum = _mm256_setzero_si256();
    for (int j = 0; j < hd / 4; j++) {
        __m256i r[4];
        for (int k = 0; k < 4; k++) {
            int d = 4 * j + k;
            __m256 q = _mm256_load_ps(ql + 8 * d), st = _mm256_broadcast_ss(step + d);
            r[k] = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_mul_ps(q, st), inv));   /* nearest, ties to even */
            isum = _mm256_add_epi32(isum, r[k]);
            acc = _mm256_fmadd_ps(q, _mm256_fmadd_ps(_mm256_set1_ps(7.5f), st, _mm256_broadcast_ss(lo + d)), acc);
        }
        /* bytes: dims 4j..4j+3 of heads 0-3 (lane 0) and 4-7 (lane 1), then each head's 4 together */
        __m256i b = _mm256_packs_epi16(_mm256_packs_epi32(r[0], r[1]), _mm256_packs_epi32(r[2], r[3]));
        _mm256_store_si256((__m256i *)w[j], _mm256_shuffle_epi8(b, by_head));
    }
    acc = _mm256_fnmadd_ps(_mm256_mul_ps(_mm256_set1_ps(7.5f), qsv), _mm256_cvtepi32_ps(isum), acc);
    _mm256_storeu_ps(base, acc);
    _mm256_storeu_ps(qs, qsv);
}

/* att[g][t - s0] for the closed groups, as attn_scores_nib, for up to 8 heads: kq_prepare_avx2 once
 * for all, the integer sums 4 heads at a time (their accumulators fill the registers) */
static void attn_scores_nib_avx2(float *const *att, const float *const *q, int G, const KVHead *h, int hd, int s0,
                                 int closed, float scale) {
    _Alignas(32) float ql[HG_KV_MAX_HD * 8];
    _Alignas(32) int32_t w[HG_KV_MAX_HD / 4][8];
    _Alignas(32) int32_t isum[8][KG];
    float range[2 * HG_KV_MAX_HD], base[8], qs[8];
    for (int d = 0; d < hd; d++)
        for (int g = 0; g < 8; g++) ql[8 * d + g] = g < G ? q[g][d] : 0.0f;
    for (int gs = s0; gs < closed; gs += KG) {
        kv_f16_to_f32_n(range, h->krange + (size_t)(gs / KG) * hd * 2, 2 * hd);
        kq_prefetch_group(h, hd, gs, closed);
        kq_prepare_avx2(ql, range, range + hd, hd, w, base, qs);
        const unsigned char *codes = (const unsigned char *)h->keys + (size_t)(gs / KG) * hd * 16;
        const int32_t (*wc)[8] = (const int32_t (*)[8])w;
        if (G > 4) {
            kq_dot_quarters(isum, wc, 0, 4, codes, hd);
            switch (G) {
            case 8: kq_dot_quarters(isum + 4, wc, 4, 4, codes, hd); break;
            case 7: kq_dot_quarters(isum + 4, wc, 4, 3, codes, hd); break;
            case 6: kq_dot_quarters(isum + 4, wc, 4, 2, codes, hd); break;
            default: kq_dot_quarters(isum + 4, wc, 4, 1, codes, hd); break;
            }
        } else
            switch (G) {
            case 4: kq_dot_quarters(isum, wc, 0, 4, codes, hd); break;
            case 3: kq_dot_quarters(isum, wc, 0, 3, codes, hd); break;
            case 2: kq_dot_quarters(isum, wc, 0, 2, codes, hd); break;
            default: kq_dot_quarters(isum, wc, 0, 1, codes, hd); break;
            }
        for (int g = 0; g < G; g++) {
            fv b = fv_set1(base[g]);
            fv_store_scaled(att[g] + gs - s0, fv_fma(b, qs[g], fv_load_i32(isum[g])), scale);
            fv_store_scaled(att[g] + gs - s0 + 16, fv_fma(b, qs[g], fv_load_i32(isum[g] + 16)), scale);
        }
    }
}
#endif

/* att[g][t - s0] = scale * <q[g], k_t> for t in [s0, closed) (whole groups of nibble keys) as
 * scale * (constant + qs * integer sum) (kq_prepare) */
ATT_INLINE void attn_scores_nib(float *const *att, const float *const *q, const int G, const KVHead *h, int hd, int s0,
                                int closed, float scale) {
    float range[2 * HG_KV_MAX_HD], base[ATT_G], qs[ATT_G];
    _Alignas(64) int8_t q8[ATT_G][HG_KV_MAX_HD];
    _Alignas(64) int32_t isum[ATT_G][KG];
    for (int gs = s0; gs < closed; gs += KG) {
        kv_f16_to_f32_n(range, h->krange + (size_t)(gs / KG) * hd * 2, 2 * hd);
        kq_prefetch_group(h, hd, gs, closed);
        for (int g = 0; g < G; g++) base[g] = kq_prepare(q[g], range, range + hd, hd, q8[g], &qs[g]);
        kq_dot_group(isum, (const int8_t (*)[HG_KV_MAX_HD])q8, G, (const unsigned char *)h->keys + (size_t)(gs / KG) * hd * 16, hd);
        for (int g = 0; g < G; g++) {
            fv b = fv_set1(base[g]);
            fv_store_scaled(att[g] + gs - s0, fv_fma(b, qs[g], fv_load_i32(isum[g])), scale);
            fv_store_scaled(att[g] + gs - s0 + 16, fv_fma(b, qs[g], fv_load_i32(isum[g] + 16)), scale);
        }
    }
}

/* the open group: att[g][t - s0] for t in [from, n) from the f16 rows (row 0: position closed),
 * laid out as two key blocks of floats for attn_scores_g (junk past n, inside the group) */
ATT_INLINE void attn_scores_open(float *const *att, const float *const *q, const int G, const KVHead *h, int hd, int s0,
                                 int from, int n, float scale) {
    float blk[KG * HG_KV_MAX_HD], row[HG_KV_MAX_HD];
    int m = n - from;
    if (m <= 0) return;
    memset(blk, 0, sizeof(float) * (size_t)((m + KB - 1) / KB * KB) * hd);
    for (int t = 0; t < m; t++) {
        kv_f16_to_f32_n(row, h->kopen + (size_t)(from - h->closed + t) * hd, hd);
        float *b = blk + (size_t)(t / KB) * KB * hd + t % KB;
        for (int d = 0; d < hd; d++) b[(size_t)d * KB] = row[d];
    }
    float *a[ATT_G];
    for (int g = 0; g < G; g++) a[g] = att[g] + (from - s0);
    attn_scores_g(a, q, G, blk, NULL, KV_LOAD_F32, hd, m, scale, blk, 0);
}

/* ----------------------------------------------------------- rotated values */

/* The grid's coordinates as bf16 (kv_bf16_round), for kv_value_points16: q4 and q3 the block grids'
 * X (tx[0..15]) and Y (ty[0..15]), q5 the 32 levels (tx[0..31]) */
static void kv_value_tables(int grid, float *tx, float *ty) {
    const float *X = grid == KV_GRID_P2_256B ? HG_GRID_P2_N256B_X : HG_GRID_P2_N64B_X;
    const float *Y = grid == KV_GRID_P2_256B ? HG_GRID_P2_N256B_Y : HG_GRID_P2_N64B_Y;
    if (grid == KV_GRID_P1_32) X = hg_grid(1, 32, NULL), Y = NULL;
    for (int i = 0; i < (Y ? 16 : 32); i++) tx[i] = kv_bf16_round(X[i]);
    for (int i = 0; i < 16; i++) ty[i] = Y ? kv_bf16_round(Y[i]) : 0.0f;
}

#if defined(HG_NEON)
/* the low and high bytes of the bf16 coordinates t[0..15] (floats whose low 16 bits are 0) */
static inline void kv_bf16_byte_tables_neon(const float *t, uint8x16_t *hi, uint8x16_t *lo) {
    uint16x8_t a = vcombine_u16(vshrn_n_u32(vreinterpretq_u32_f32(vld1q_f32(t)), 16), vshrn_n_u32(vreinterpretq_u32_f32(vld1q_f32(t + 4)), 16));
    uint16x8_t b = vcombine_u16(vshrn_n_u32(vreinterpretq_u32_f32(vld1q_f32(t + 8)), 16), vshrn_n_u32(vreinterpretq_u32_f32(vld1q_f32(t + 12)), 16));
    *lo = vcombine_u8(vmovn_u16(a), vmovn_u16(b));
    *hi = vcombine_u8(vshrn_n_u16(a, 8), vshrn_n_u16(b, 8));
}

/* 16 bf16 numbers from their low and high bytes to floats, in order */
static inline void kv_bf16_bytes_to_fv(uint8x16_t lo, uint8x16_t hi, fv *x) {
    uint16x8_t w0 = vreinterpretq_u16_u8(vzip1q_u8(lo, hi)), w1 = vreinterpretq_u16_u8(vzip2q_u8(lo, hi));
    x->v[0] = vreinterpretq_f32_u32(vshll_n_u16(vget_low_u16(w0), 16));
    x->v[1] = vreinterpretq_f32_u32(vshll_high_n_u16(w0, 16));
    x->v[2] = vreinterpretq_f32_u32(vshll_n_u16(vget_low_u16(w1), 16));
    x->v[3] = vreinterpretq_f32_u32(vshll_high_n_u16(w1, 16));
}
#endif

/* 16 points of chunk i0 / 16 of a rotated value row: q4's byte codes (pairs (i, i + hd/2) of the
 * 256-point block grid), q3's 6-bit pair codes in planes (the 64-point block grid) or q5's 5-bit
 * level codes in planes (32 levels), from the tables of kv_value_tables. x: the chunk's first
 * coordinates (dims i0..i0+15), y: the second (dims hd/2 + i0..), unused for q5 (dims i0..i0+15). */
ATT_INLINE void kv_value_points16(const unsigned char *row, const int grid, int i0, const float *tx, const float *ty, fv *x,
                                  fv *y) {
#if defined(HG_AVX512)
    const __m512i low = _mm512_set1_epi32(15);
    if (grid == KV_GRID_P2_256B) {
        __m512i c = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(row + i0)));
        const __m512i sign = _mm512_set1_epi32((int)0x80000000u);
        __m512 px = _mm512_permutexvar_ps(_mm512_and_si512(c, low), _mm512_loadu_ps(tx));
        __m512 py = _mm512_permutexvar_ps(_mm512_and_si512(_mm512_srli_epi32(c, 2), low), _mm512_loadu_ps(ty));
        __m512i sx = _mm512_and_si512(_mm512_slli_epi32(c, 25), sign), sy = _mm512_and_si512(_mm512_slli_epi32(c, 24), sign);
        x->v = _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(px), sx));
        y->v = _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(py), sy));
        return;
    }
    {   /* codes in bit planes of 16 */
        int bits = grid == KV_GRID_P2_64B ? 6 : 5;
        const uint16_t *pl = (const uint16_t *)row + (size_t)(i0 / 16) * bits;
        __m512i c = _mm512_setzero_si512();
        for (int j = 0; j < bits; j++) c = _mm512_mask_add_epi32(c, (__mmask16)pl[j], c, _mm512_set1_epi32(1 << j));
        if (grid == KV_GRID_P2_64B) {
            x->v = _mm512_permutexvar_ps(_mm512_and_si512(c, low), _mm512_loadu_ps(tx));
            y->v = _mm512_permutexvar_ps(_mm512_srli_epi32(c, 2), _mm512_loadu_ps(ty));
        } else {
            x->v = _mm512_permutex2var_ps(_mm512_loadu_ps(tx), c, _mm512_loadu_ps(tx + 16));
            y->v = _mm512_setzero_ps();
        }
        return;
    }
#elif defined(HG_AVX2)
    if (grid == KV_GRID_P2_256B) {   /* 16-entry lookups: two 8-entry ones, chosen by bit 3 of the index */
        const __m256i low = _mm256_set1_epi32(15), sign = _mm256_set1_epi32((int)0x80000000u);
        __m256 X0 = _mm256_loadu_ps(tx), X1 = _mm256_loadu_ps(tx + 8);
        __m256 Y0 = _mm256_loadu_ps(ty), Y1 = _mm256_loadu_ps(ty + 8);
        __m256 rx[2], ry[2];
        for (int k = 0; k < 2; k++) {
            __m256i c = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(row + i0 + 8 * k)));
            __m256i ix = _mm256_and_si256(c, low), iy = _mm256_and_si256(_mm256_srli_epi32(c, 2), low);
            __m256 px = _mm256_blendv_ps(_mm256_permutevar8x32_ps(X0, ix), _mm256_permutevar8x32_ps(X1, ix),
                                         _mm256_castsi256_ps(_mm256_slli_epi32(ix, 28)));
            __m256 py = _mm256_blendv_ps(_mm256_permutevar8x32_ps(Y0, iy), _mm256_permutevar8x32_ps(Y1, iy),
                                         _mm256_castsi256_ps(_mm256_slli_epi32(iy, 28)));
            rx[k] = _mm256_xor_ps(px, _mm256_castsi256_ps(_mm256_and_si256(_mm256_slli_epi32(c, 25), sign)));
            ry[k] = _mm256_xor_ps(py, _mm256_castsi256_ps(_mm256_and_si256(_mm256_slli_epi32(c, 24), sign)));
        }
        x->lo = rx[0], x->hi = rx[1], y->lo = ry[0], y->hi = ry[1];
        return;
    }
#elif defined(HG_NEON)
    if (grid == KV_GRID_P2_256B) {   /* 16 codes a lookup: the coordinates' bf16 bytes by vqtbl1q_u8 */
        uint8x16_t hx, lx, hy, ly;
        kv_bf16_byte_tables_neon(tx, &hx, &lx);
        kv_bf16_byte_tables_neon(ty, &hy, &ly);
        const uint8x16_t low = vdupq_n_u8(15), top = vdupq_n_u8(0x80);
        uint8x16_t c = vld1q_u8(row + i0);
        uint8x16_t ix = vandq_u8(c, low), iy = vandq_u8(vshrq_n_u8(c, 2), low);
        uint8x16_t sx = vandq_u8(vshlq_n_u8(c, 1), top), sy = vandq_u8(c, top);   /* bit 6 negates x, bit 7 y */
        kv_bf16_bytes_to_fv(vqtbl1q_u8(lx, ix), veorq_u8(vqtbl1q_u8(hx, ix), sx), x);
        kv_bf16_bytes_to_fv(vqtbl1q_u8(ly, iy), veorq_u8(vqtbl1q_u8(hy, iy), sy), y);
        return;
    }
    {   /* codes in bit planes of 16 (bit i of plane j: bit j of code i), gathered by vtst, then looked up */
        static const uint16_t lane_bit[16] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768};
        int bits = grid == KV_GRID_P2_64B ? 6 : 5;
        const uint16_t *pl = (const uint16_t *)row + (size_t)(i0 / 16) * bits;
        const uint16x8_t b0 = vld1q_u16(lane_bit), b1 = vld1q_u16(lane_bit + 8);
        uint16x8_t c0 = vdupq_n_u16(0), c1 = c0;
        for (int j = 0; j < bits; j++) {
            uint16x8_t plane = vdupq_n_u16(pl[j]), bit = vdupq_n_u16((uint16_t)(1u << j));
            c0 = vorrq_u16(c0, vandq_u16(vtstq_u16(plane, b0), bit));
            c1 = vorrq_u16(c1, vandq_u16(vtstq_u16(plane, b1), bit));
        }
        uint8x16_t c = vcombine_u8(vmovn_u16(c0), vmovn_u16(c1)), hx, lx;
        kv_bf16_byte_tables_neon(tx, &hx, &lx);
        if (grid == KV_GRID_P2_64B) {   /* x: entry c & 15, y: entry c >> 2 */
            uint8x16_t hy, ly, ix = vandq_u8(c, vdupq_n_u8(15)), iy = vshrq_n_u8(c, 2);
            kv_bf16_byte_tables_neon(ty, &hy, &ly);
            kv_bf16_bytes_to_fv(vqtbl1q_u8(lx, ix), vqtbl1q_u8(hx, ix), x);
            kv_bf16_bytes_to_fv(vqtbl1q_u8(ly, iy), vqtbl1q_u8(hy, iy), y);
        } else {                        /* q5: one of 32 levels, two 16-byte tables a byte */
            uint8x16x2_t h2, l2;
            h2.val[0] = hx, l2.val[0] = lx;
            kv_bf16_byte_tables_neon(tx + 16, &h2.val[1], &l2.val[1]);
            kv_bf16_bytes_to_fv(vqtbl2q_u8(l2, c), vqtbl2q_u8(h2, c), x);
            *y = fv_zero();
        }
        return;
    }
#endif
    float px[16], py[16];
    if (grid == KV_GRID_P2_256B)
        for (int i = 0; i < 16; i++) {
            int c = row[i0 + i];
            px[i] = c >> 6 & 1 ? -tx[c & 15] : tx[c & 15];
            py[i] = c >> 7 & 1 ? -ty[c >> 2 & 15] : ty[c >> 2 & 15];
        }
    else {
        int bits = grid == KV_GRID_P2_64B ? 6 : 5;
        const uint16_t *pl = (const uint16_t *)row + (size_t)(i0 / 16) * bits;
        for (int i = 0; i < 16; i++) {
            int c = 0;
            for (int j = 0; j < bits; j++) c |= (pl[j] >> i & 1) << j;
            if (grid == KV_GRID_P1_32) px[i] = tx[c], py[i] = 0;
            else px[i] = tx[c & 15], py[i] = ty[c >> 2];
        }
    }
    *x = fv_load(px);
    *y = fv_load(py);
}

/* out[g] = sum_t p[g][t] * point(t) in the rotated domain (bf16 weights and coordinates, one rounding
 * per position in position order), left there: attend_output rotates a head's output back once,
 * after its spans are combined */
ATT_INLINE void attn_values_rot(float *const *out, const float *const *p, const float *inv, const int G,
                                const unsigned char *values, const int grid, int hd, int n) {
    int pairs = grid != KV_GRID_P1_32, row = (int)kv_rot_row_bytes(grid, hd);
    int chunks = pairs ? hd / 2 : hd;
    float tx[32], ty[16];
    kv_value_tables(grid, tx, ty);
    for (int i0 = 0; i0 < chunks; i0 += 16) {
        fv ax[ATT_G], ay[ATT_G];
        for (int g = 0; g < G; g++) ax[g] = ay[g] = fv_zero();
        for (int t = 0; t < n; t++) {
            fv x, y;
            kv_value_points16(values + (size_t)t * row, grid, i0, tx, ty, &x, &y);
            for (int g = 0; g < G; g++) {
                ax[g] = fv_fma(ax[g], p[g][t], x);
                if (pairs) ay[g] = fv_fma(ay[g], p[g][t], y);
            }
        }
        for (int g = 0; g < G; g++) {
            fv_store_scaled(out[g] + i0, ax[g], inv[g]);
            if (pairs) fv_store_scaled(out[g] + hd / 2 + i0, ay[g], inv[g]);
        }
    }
}

#if defined(HG_AVX512_BF16)
/* q4's values by vdpbf16ps: two positions per instruction. It adds the product of a pair's odd
 * element (bits 16-31), then its even one, each rounded once: so the odd element is position t and
 * the even one t + 1, and the sums are attn_values_rot's, position by position. The weights are
 * packed as such pairs first (already bf16: exact); an odd last position pairs with a weight of 0. */
ATT_INLINE void attn_values_q4_bf16(float *const *out, const float *const *p, const float *inv, const int G,
                                    const unsigned char *values, int hd, int n) {
    enum { PW = (ATT_ROW + 1) / 2 + 16 };
    _Alignas(64) uint32_t pw[ATT_G][PW];   /* pw[g][j]: bf16 of p[g][2j] << 16 | bf16 of p[g][2j + 1] */
    int np = (n + 1) / 2, row = hd / 2;
    for (int g = 0; g < G; g++) {
        int t = 0;
        for (; t + 32 <= n; t += 32)
            _mm512_storeu_si512(pw[g] + t / 2, _mm512_rol_epi32((__m512i)_mm512_cvtne2ps_pbh(_mm512_loadu_ps(p[g] + t + 16),
                                                                                        _mm512_loadu_ps(p[g] + t)), 16));
        if (t < n) {
            float pad[32] = {0};
            memcpy(pad, p[g] + t, sizeof(float) * (size_t)(n - t));
            _mm512_storeu_si512(pw[g] + t / 2, _mm512_rol_epi32((__m512i)_mm512_cvtne2ps_pbh(_mm512_loadu_ps(pad + 16),
                                                                                        _mm512_loadu_ps(pad)), 16));
        }
    }
    float tx[32], ty[16];
    kv_value_tables(KV_GRID_P2_256B, tx, ty);
    const __m512i X = _mm512_castsi256_si512((__m256i)_mm512_cvtneps_pbh(_mm512_loadu_ps(tx)));
    const __m512i Y = _mm512_castsi256_si512((__m256i)_mm512_cvtneps_pbh(_mm512_loadu_ps(ty)));
    const __m512i low = _mm512_set1_epi16(15), sign = _mm512_set1_epi16((short)0x8000);
    for (int i0 = 0; i0 < hd / 2; i0 += 16) {
        __m512 ax[ATT_G], ay[ATT_G];
        for (int g = 0; g < G; g++) ax[g] = ay[g] = _mm512_setzero_ps();
        for (int j = 0; j < np; j++) {
            const unsigned char *r0 = values + (size_t)(2 * j) * row + i0, *r1 = 2 * j + 1 < n ? r0 + row : r0;
            __m128i a = _mm_loadu_si128((const __m128i *)r0), b = _mm_loadu_si128((const __m128i *)r1);
            /* words: even t + 1's code, odd t's */
            __m512i c = _mm512_cvtepu8_epi16(_mm256_set_m128i(_mm_unpackhi_epi8(b, a), _mm_unpacklo_epi8(b, a)));
            __m512i x = _mm512_permutexvar_epi16(_mm512_and_si512(c, low), X);
            __m512i y = _mm512_permutexvar_epi16(_mm512_and_si512(_mm512_srli_epi16(c, 2), low), Y);
            x = _mm512_xor_si512(x, _mm512_and_si512(_mm512_slli_epi16(c, 9), sign));   /* bit 6: x's sign */
            y = _mm512_xor_si512(y, _mm512_and_si512(_mm512_slli_epi16(c, 8), sign));   /* bit 7: y's */
            for (int g = 0; g < G; g++) {
                __m512bh w = (__m512bh)_mm512_set1_epi32((int)pw[g][j]);
                ax[g] = _mm512_dpbf16_ps(ax[g], (__m512bh)x, w);
                ay[g] = _mm512_dpbf16_ps(ay[g], (__m512bh)y, w);
            }
        }
        for (int g = 0; g < G; g++) {
            _mm512_storeu_ps(out[g] + i0, _mm512_mul_ps(ax[g], _mm512_set1_ps(inv[g])));
            _mm512_storeu_ps(out[g] + hd / 2 + i0, _mm512_mul_ps(ay[g], _mm512_set1_ps(inv[g])));
        }
    }
}
#define ATT_VALUES_Q4_BF16(GG, K) attn_values_q4_bf16(out, p, inv, GG, (const unsigned char *)values, hd, m + 0 * (K))
#endif

#if defined(HG_AVX2) && !defined(HG_AVX512)
/* q4's values on AVX2, attn_values_rot's sums (the same FMAs per dimension, positions in order). Its
 * per-position decoding above (permutes, blends: 16 points at a time) cost more than the FMAs, and
 * its 4 heads' 16 accumulators left no register free, so they lived on the stack. Here a block of
 * positions is decoded once into floats in L1, 32 points at a time with byte lookups (vpshufb
 * on the high and low bytes of each coordinate's bf16), and each head then sums the block with
 * its 8 accumulators (64 dimensions) in registers. The byte unpacking leaves dimensions in the
 * order of kv_q4_unpack; the results are put back in place once. All the task's heads (up to 8)
 * share each block's decoding. */
enum { KVQ4_BLOCK = 32 };             /* positions decoded at a time: 8 KB of floats */

/* the high and low bytes of the bf16 coordinates t[0..15], in both 128-bit lanes */
static inline void kv_q4_byte_tables(const float *t, __m256i *hi, __m256i *lo) {
    unsigned char h[16], l[16];
    for (int i = 0; i < 16; i++) {
        uint32_t u;
        memcpy(&u, &t[i], 4);
        h[i] = (unsigned char)(u >> 24), l[i] = (unsigned char)(u >> 16);
    }
    *hi = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)h));
    *lo = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)l));
}

/* 32 bf16 (high bytes hi, low bytes lo) to floats in f[0..3]. The bytes pair into bf16 words within
 * 128-bit lanes; a dword's low word becomes a float by a shift, its high one by a mask (a shift and
 * a logic operation, where a second unpack would take another shuffle slot). Element e of f[k] is
 * bf16 number 16 (e / 4) + 8 (k / 2) + 2 (e % 4) + k % 2. */
static inline void kv_q4_unpack(__m256i hi, __m256i lo, __m256 *f) {
    const __m256i top = _mm256_set1_epi32((int)0xffff0000u);
    __m256i w0 = _mm256_unpacklo_epi8(lo, hi), w1 = _mm256_unpackhi_epi8(lo, hi);
    f[0] = _mm256_castsi256_ps(_mm256_slli_epi32(w0, 16)), f[1] = _mm256_castsi256_ps(_mm256_and_si256(w0, top));
    f[2] = _mm256_castsi256_ps(_mm256_slli_epi32(w1, 16)), f[3] = _mm256_castsi256_ps(_mm256_and_si256(w1, top));
}

/* o[i] = s * element i of the 32 floats a[0..31] in kv_q4_unpack's order (f[k] at a + 8k), i < 32:
 * interleaving f[0] with f[1] and f[2] with f[3] gives runs of 4, the lane swaps runs of 8 */
static inline void kv_q4_store32(float *o, const float *a, float s) {
    __m256 f0 = _mm256_load_ps(a), f1 = _mm256_load_ps(a + 8), f2 = _mm256_load_ps(a + 16), f3 = _mm256_load_ps(a + 24);
    __m256 l01 = _mm256_unpacklo_ps(f0, f1), h01 = _mm256_unpackhi_ps(f0, f1);   /* 0-3, 4-7 | 16-19, 20-23 */
    __m256 l23 = _mm256_unpacklo_ps(f2, f3), h23 = _mm256_unpackhi_ps(f2, f3);   /* 8-11, 12-15 | 24-27, 28-31 */
    __m256 sv = _mm256_set1_ps(s);
    _mm256_storeu_ps(o, _mm256_mul_ps(_mm256_permute2f128_ps(l01, h01, 0x20), sv));
    _mm256_storeu_ps(o + 8, _mm256_mul_ps(_mm256_permute2f128_ps(l23, h23, 0x20), sv));
    _mm256_storeu_ps(o + 16, _mm256_mul_ps(_mm256_permute2f128_ps(l01, h01, 0x31), sv));
    _mm256_storeu_ps(o + 24, _mm256_mul_ps(_mm256_permute2f128_ps(l23, h23, 0x31), sv));
}

/* the 64 points of 32 codes (pairs i, i + hd/2) as floats: buf[0..31] x, buf[32..63] y, in
 * kv_q4_unpack's order. Bits 0-3 index x, 2-5 y; bit 6 negates x, bit 7 y (a sign bit flipped). */
static inline void kv_q4_decode32(const unsigned char *codes, const __m256i *tab, float *buf) {
    const __m256i low = _mm256_set1_epi8(15), top = _mm256_set1_epi8((char)0x80);
    __m256i c = _mm256_loadu_si256((const __m256i *)codes);
    __m256i ix = _mm256_and_si256(c, low), iy = _mm256_and_si256(_mm256_srli_epi16(c, 2), low);
    __m256i sx = _mm256_and_si256(_mm256_add_epi8(c, c), top), sy = _mm256_and_si256(c, top);
    __m256 f[8];
    kv_q4_unpack(_mm256_xor_si256(_mm256_shuffle_epi8(tab[0], ix), sx), _mm256_shuffle_epi8(tab[1], ix), f);
    kv_q4_unpack(_mm256_xor_si256(_mm256_shuffle_epi8(tab[2], iy), sy), _mm256_shuffle_epi8(tab[3], iy), f + 4);
    for (int k = 0; k < 8; k++) _mm256_store_ps(buf + 8 * k, f[k]);
}

/* out[g] = sum_t p[g][t] * point(t), rotated: attn_values_rot for q4 with hd / 2 a multiple of 32 */
ATT_INLINE void attn_values_q4_avx2(float *const *out, const float *const *p, const float *inv, const int G,
                                    const unsigned char *values, int hd, int n) {
    _Alignas(32) float buf[KVQ4_BLOCK][64], acc[ATT_G][64];
    float tx[32], ty[16];
    kv_value_tables(KV_GRID_P2_256B, tx, ty);
    __m256i tab[4];
    kv_q4_byte_tables(tx, &tab[0], &tab[1]);
    kv_q4_byte_tables(ty, &tab[2], &tab[3]);
    int row = hd / 2;
    for (int i0 = 0; i0 < row; i0 += 32) {
        memset(acc, 0, sizeof acc);
        for (int tb = 0; tb < n; tb += KVQ4_BLOCK) {
            int nb = n - tb < KVQ4_BLOCK ? n - tb : KVQ4_BLOCK;
            for (int t = 0; t < nb; t++) kv_q4_decode32(values + (size_t)(tb + t) * row + i0, tab, buf[t]);
            for (int g = 0; g < G; g++) {
                __m256 a[8];
                for (int k = 0; k < 8; k++) a[k] = _mm256_load_ps(acc[g] + 8 * k);
                const float *pg = p[g] + tb;
                for (int t = 0; t < nb; t++) {
                    __m256 w = _mm256_broadcast_ss(pg + t);
                    for (int k = 0; k < 8; k++) a[k] = _mm256_fmadd_ps(w, _mm256_load_ps(buf[t] + 8 * k), a[k]);
                }
                for (int k = 0; k < 8; k++) _mm256_store_ps(acc[g] + 8 * k, a[k]);
            }
        }
        for (int g = 0; g < G; g++) {   /* x, then y, in place and times 1 / sum */
            kv_q4_store32(out[g] + i0, acc[g], inv[g]);
            kv_q4_store32(out[g] + row + i0, acc[g] + 32, inv[g]);
        }
    }
}
#define ATT_VALUES_Q4_AVX2(GG, K) attn_values_q4_avx2(out, p, inv, GG, (const unsigned char *)values, hd, m + 0 * (K))
#endif

#if defined(HG_AVX2) && !defined(HG_AVX512)
#define ATT_NIB_ALL 1                 /* nibble keys' scores for all of a task's heads at once (attn_scores_nib_avx2) */
#else
#define ATT_NIB_ALL 0
#endif
/* switch (G) cases calling F(G, ...) with G a constant: up to 8 (ATT_CASES8) or 4 heads */
#define ATT_CASES8(F, ...) \
    case 8: F(8, __VA_ARGS__); break; case 7: F(7, __VA_ARGS__); break; case 6: F(6, __VA_ARGS__); break; \
    case 5: F(5, __VA_ARGS__); break; ATT_CASES4(F, __VA_ARGS__)
#define ATT_CASES4(F, ...) \
    case 4: F(4, __VA_ARGS__); break; case 3: F(3, __VA_ARGS__); break; case 2: F(2, __VA_ARGS__); break; \
    default: F(1, __VA_ARGS__); break;
#if ATT_KG == 8
#define ATT_G_CASES(F, ...) ATT_CASES8(F, __VA_ARGS__)   /* the kernels' group sizes */
#else
#define ATT_G_CASES(F, ...) ATT_CASES4(F, __VA_ARGS__)
#endif
#define ATT_SCORES(GG, K) attn_scores_g(att, q, GG, keys, ks, K, hd, m, scale, vs, vrow)
#define ATT_VALUES(GG, K) attn_values_g(out, p, inv, GG, values, K, hd, m, &next)
#define ATT_GROUPS_SCORES(GG, K) attn_scores_groups(att, q, GG, h, hd, s0, closed, scale + 0 * (K))
#if defined(HG_AVX512_VNNI)
#define ATT_NIB_SCORES(GG, K) attn_scores_nib8(att, q, GG, h, hd, s0, closed, scale + 0 * (K))
#else
#define ATT_NIB_SCORES(GG, K) attn_scores_nib(att, q, GG, h, hd, s0, closed, scale + 0 * (K))
#endif
#define ATT_OPEN_SCORES(GG, K) attn_scores_open(att, q, GG, h, hd, s0, from + 0 * (K), n, scale)
#define ATT_VALUES_ROT(GG, K) attn_values_rot(out, p, inv, GG, (const unsigned char *)values, K, hd, m)

/* scores of heads q[0..G), G <= ATT_KG, against positions from t0's key block (blocks hold KB
 * positions, groups KG) to n - 1, into att[g] */
static void attend_scores(float *const *att, const float *const *q, int G, const KVHead *h, int hd, int t0, int n) {
    float scale = 1.0f / sqrtf((float)hd);
    int s0 = kv_score_start(h, t0);
    if (h->kbits) {
        int closed = kv_closed_before(h, n), from = s0 > closed ? s0 : closed;
        if (h->knib) {
            if (!ATT_NIB_ALL) switch (G) { ATT_G_CASES(ATT_NIB_SCORES, 0) }   /* else attend_span took them */
        } else
            switch (G) { ATT_G_CASES(ATT_GROUPS_SCORES, 0) }
        switch (G) { ATT_G_CASES(ATT_OPEN_SCORES, 0) }
        return;
    }
    size_t krow = kv_load_bytes(h->kk) * hd, vrow = h->vgrid ? kv_rot_row_bytes(h->vgrid, hd) : kv_load_bytes(h->vk) * hd;
    const void *keys = (const char *)h->keys + (size_t)s0 * krow;   /* block s0 / KB */
    const void *vs = (const char *)h->values + (size_t)s0 * vrow;   /* (prefetched while the scores run) */
    const float *ks = h->kscale ? h->kscale + s0 : NULL;
    int m = n - s0;
    switch (h->kk) {
    case KV_LOAD_F32: switch (G) { ATT_G_CASES(ATT_SCORES, KV_LOAD_F32) } break;
    case KV_LOAD_F16: switch (G) { ATT_G_CASES(ATT_SCORES, KV_LOAD_F16) } break;
    default: switch (G) { ATT_G_CASES(ATT_SCORES, KV_LOAD_I8) } break;
    }
}

/* out[g] = the weighted sum of values t0..n-1 for heads g < G <= ATT_KG, weights p[g][t - t0] */
static void attend_values(float *const *out, const float *const *p, const float *inv, int G, const KVHead *h, int hd,
                          int t0, int n) {
    size_t vrow = h->vgrid ? kv_rot_row_bytes(h->vgrid, hd) : kv_load_bytes(h->vk) * hd;
    const void *values = (const char *)h->values + (size_t)t0 * vrow;
    int m = n - t0;
    if (h->vgrid) {   /* the grid a constant in each kernel: its decoding without branches */
        switch (h->vgrid) {
#if defined(HG_AVX512_BF16)
        case KV_GRID_P2_256B: switch (G) { ATT_G_CASES(ATT_VALUES_Q4_BF16, 0) } break;
#else
        case KV_GRID_P2_256B: switch (G) { ATT_G_CASES(ATT_VALUES_ROT, KV_GRID_P2_256B) } break;
#endif
        case KV_GRID_P2_64B: switch (G) { ATT_G_CASES(ATT_VALUES_ROT, KV_GRID_P2_64B) } break;
        default: switch (G) { ATT_G_CASES(ATT_VALUES_ROT, KV_GRID_P1_32) } break;
        }
        return;
    }
    /* the next span's keys toward the cache while these values are summed: in decode one thread
     * takes a head's spans in order, and memory would otherwise idle through the softmax and sums */
    Prefetch next = {0};
    if (!h->kbits && n < h->len) {   /* flat keys: position t at t * krow */
        size_t krow = kv_load_bytes(h->kk) * hd;
        int more = h->len - n < ATT_SPAN ? h->len - n : ATT_SPAN;
        next = pf_span((const char *)h->keys + (size_t)n * krow, (size_t)((more + KB - 1) / KB * KB) * krow, 1);
    }
    switch (h->vk) {
    case KV_LOAD_F32: switch (G) { ATT_G_CASES(ATT_VALUES, KV_LOAD_F32) } break;
    case KV_LOAD_F16: switch (G) { ATT_G_CASES(ATT_VALUES, KV_LOAD_F16) } break;
    default: switch (G) { ATT_G_CASES(ATT_VALUES, KV_LOAD_I8) } break;
    }
}

/* heads q[0..G) (G <= ATT_G) attend to positions t0..n-1 of one key/value head h (t0 > 0: a sliding
 * window, or a span of a longer cache); att[g] is scratch of n floats, out[g] receives hd floats,
 * in the values' domain (rotated for the HIGGS types: attend_output).
 * The scores start at t0's key block; the softmax and the value sum start at t0 itself. A value's
 * scale is folded into its probability before the sum. ml (optional): each head's largest scaled
 * score and its softmax's sum, [G][2], to combine spans (attend_combine). */
static void attend_span(float *const *out, float *const *att, const float *const *q, int G, const KVHead *h, int hd,
                        int t0, int n, float *ml) {
#if ATT_NIB_ALL
    if (h->kbits && h->knib) {
        attn_scores_nib_avx2(att, q, G, h, hd, kv_score_start(h, t0), kv_closed_before(h, n), 1.0f / sqrtf((float)hd));
    }
#endif
    for (int g0 = 0; g0 < G; g0 += ATT_KG) attend_scores(att + g0, q + g0, G - g0 < ATT_KG ? G - g0 : ATT_KG, h, hd, t0, n);
    const float *p[ATT_G] = {0};
    float inv[ATT_G];                             /* 1 / each head's softmax sum, applied to its output */
    int skip = t0 - kv_score_start(h, t0);   /* positions of the first block before the window */
    int m = n - t0;
    for (int g = 0; g < G; g++) {
        float *pg = att[g] + skip, mx = max_of(pg, m), sum;
        if (h->vgrid) {   /* rotated values: the numerators times the f16 scales in one pass, 1 / sum on the output */
            sum = softmax_numerators(pg, m, mx, h->vscale16 + t0);
            inv[g] = 1.0f / sum;
        } else {          /* flat values: probabilities, then the q8 scales (bit for bit as before) */
            sum = softmax_shifted(pg, m, mx);
            inv[g] = 1.0f;
            if (h->vscale)
                for (int t = 0; t < m; t++) pg[t] *= h->vscale[t0 + t];
        }
        if (ml) ml[2 * g] = mx, ml[2 * g + 1] = sum;
        p[g] = pg;
    }
#if defined(ATT_VALUES_Q4_AVX2)   /* all the task's heads at once: each position decoded once */
    if (h->vgrid == KV_GRID_P2_256B && hd % 64 == 0) {
        const void *values = (const char *)h->values + (size_t)t0 * kv_rot_row_bytes(h->vgrid, hd);
        switch (G) { ATT_CASES8(ATT_VALUES_Q4_AVX2, 0) }
        return;
    }
#endif
    for (int g0 = 0; g0 < G; g0 += ATT_KG)
        attend_values(out + g0, p + g0, inv + g0, G - g0 < ATT_KG ? G - g0 : ATT_KG, h, hd, t0, n);
}

/* a head's output from attend_span, or from attend_combine of its spans, in its values' domain, to
 * the model's: rotated values are rotated back here, once a head and token rather than once a span
 * (the rotation is linear, so combining first changes only the rounding) */
static void attend_output(float *out, int rotated, int hd) {
    if (rotated) kv_unrotate(out, hd);
}

static void attend(float *const *out, float *const *att, const float *const *q, int G, const KVHead *h, int hd, int t0,
                   int n) {
    attend_span(out, att, q, G, h, hd, t0, n, NULL);
    for (int g = 0; g < G; g++) attend_output(out[g], h->vgrid != KV_GRID_NONE, hd);
}

/* one head's attention from the results of spans (each: hd floats of its normalized output, then
 * its largest score and its softmax's sum; a sum of 0: an empty span), in span order:
 * out = sum_i w_i o_i / sum_i w_i, w_i = sum_i e^(max_i - max) */
static void attend_combine(float *out, const float *spans, int n_spans, int hd) {
    float mx = -INFINITY, total = 0;
    for (int i = 0; i < n_spans; i++) {
        const float *r = spans + (size_t)i * (hd + 2);
        if (r[hd + 1] > 0 && r[hd] > mx) mx = r[hd];
    }
    for (int d = 0; d < hd; d++) out[d] = 0;
    for (int i = 0; i < n_spans; i++) {
        const float *r = spans + (size_t)i * (hd + 2);
        if (!(r[hd + 1] > 0)) continue;
        float w = r[hd + 1] * expf(r[hd] - mx);
        total += w;
        for (int d = 0; d < hd; d++) out[d] += w * r[d];
    }
    float inv = 1.0f / total;
    for (int d = 0; d < hd; d++) out[d] *= inv;
}
