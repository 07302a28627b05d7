/* higgs.c implementation part: attention over an f32 key/value head. Included by higgs.h under
 * HIGGS_IMPLEMENTATION; not a header of its own.
 *
 * attend() is the whole of one key/value head's attention for up to ATT_G query heads: scores,
 * softmax, the weighted sum of values. Keys come in blocks of KB positions, each block
 * dimension-major ([hd][KB]): the scores of KB positions are KB independent sums that vectorize
 * across positions with no horizontal sum. Values are [pos][hd]. Where these arrays live (the KV
 * cache's layout) is src/kv_cache.h's concern. */

#define KB 16                         /* positions per key block of the KV cache */
#if defined(HG_AVX512)
#define ATT_G 8                       /* query heads per attention task (see attend): as many as registers hold */
#else
#define ATT_G 4
#endif

/* a[t] = exp(a[t] - m) / sum for t < n (softmax of scores whose maximum is m).
 * exp without a libm call per element, so the loop vectorizes: 2^k * e^r with
 * k = round(x / ln 2), r = x - k ln 2 (ln 2 in two parts), e^r by its degree-6
 * Taylor polynomial (within 2.5e-7 of exp over [-87, 0]); x >= -87 keeps
 * 2^k a normal float (smaller terms are below 1e-37 of the largest anyway). */
static void softmax_shifted(float *a, int n, float m) {
    for (int t = 0; t < n; t++) {
        float x = a[t] - m;
        x = x < -87.0f ? -87.0f : x;
        float y = x * 1.44269504f;
        float k = (y + 12582912.0f) - 12582912.0f;          /* round to nearest: no call */
        float r = x - k * 0.693359375f;
        r = r - k * -2.12194440e-4f;
        float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120 + r * (1.0f / 720))))));
        int32_t bits = ((int32_t)k + 127) * (1 << 23);
        float scale;
        memcpy(&scale, &bits, sizeof scale);
        a[t] = p * scale;
    }
    float part[16] = {0}, sum = 0;    /* 16 running sums: a vector, not a chain of dependent adds */
    int t = 0;
    for (; t + 16 <= n; t += 16)
        for (int i = 0; i < 16; i++) part[i] += a[t + i];
    for (int i = 0; i < 16; i++) sum += part[i];
    for (; t < n; t++) sum += a[t];
    float inv = 1.0f / sum;
    for (t = 0; t < n; t++) a[t] *= inv;
}

/* max of a[0..n), n >= 1, with 16 running maxima (exact in any order) */
static float max_of(const float *a, int n) {
    float part[16], m = a[0];
    for (int i = 0; i < 16; i++) part[i] = a[0];
    int t = 0;
    for (; t + 16 <= n; t += 16)
        for (int i = 0; i < 16; i++) part[i] = a[t + i] > part[i] ? a[t + i] : part[i];
    for (int i = 0; i < 16; i++) m = part[i] > m ? part[i] : m;
    for (; t < n; t++) m = a[t] > m ? a[t] : m;
    return m;
}

/* Query heads that share a key/value head (grouped-query attention) go up to
 * ATT_G at a time, so each key and value is loaded once for all of them.
 * Every head's sums run in the same order whatever G is: a head's result does
 * not depend on its company (decode and prompt batches agree bit for bit). */
#ifdef __GNUC__
#define ATT_INLINE static inline __attribute__((always_inline))   /* G becomes a constant in each caller */
#else
#define ATT_INLINE static inline
#endif

/* 16 floats in registers: one zmm, two ymm, four NEON q registers, or a plain
 * array (the portable reference, which the compiler vectorizes as it can).
 * fv_fma(acc, a, x) = acc + a * x (fused where the ISA fuses). */
#if defined(HG_AVX512)
typedef struct { __m512 v; } fv;
static inline fv fv_zero(void) { return (fv){_mm512_setzero_ps()}; }
static inline fv fv_load(const float *p) { return (fv){_mm512_loadu_ps(p)}; }
static inline fv fv_fma(fv acc, float a, fv x) { return (fv){_mm512_fmadd_ps(_mm512_set1_ps(a), x.v, acc.v)}; }
static inline void fv_store_scaled(float *p, fv x, float s) { _mm512_storeu_ps(p, _mm512_mul_ps(x.v, _mm512_set1_ps(s))); }
static inline fv fv_mul(fv x, fv y) { return (fv){_mm512_mul_ps(x.v, y.v)}; }
static inline fv fv_load_i8(const int8_t *p) { return (fv){_mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)p)))}; }
#if defined(HG_F16C)
static inline fv fv_load_f16(const uint16_t *p) { return (fv){_mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)p))}; }
#define FV_HAS_F16 1
#endif
#define FV_WIDE 2                     /* independent 16-float sums per head: 32 registers allow two */
#elif defined(HG_AVX2)
typedef struct { __m256 lo, hi; } fv;
static inline fv fv_zero(void) { return (fv){_mm256_setzero_ps(), _mm256_setzero_ps()}; }
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
#define FV_HAS_F16 1
#define FV_WIDE 1
#else
typedef struct { float v[16]; } fv;
static inline fv fv_zero(void) { fv r; memset(&r, 0, sizeof r); return r; }
static inline fv fv_load(const float *p) { fv r; memcpy(r.v, p, sizeof r.v); return r; }
static inline fv fv_fma(fv acc, float a, fv x) { for (int i = 0; i < 16; i++) acc.v[i] += a * x.v[i]; return acc; }
static inline void fv_store_scaled(float *p, fv x, float s) { for (int i = 0; i < 16; i++) p[i] = x.v[i] * s; }
static inline fv fv_mul(fv x, fv y) { for (int i = 0; i < 16; i++) x.v[i] *= y.v[i]; return x; }
static inline fv fv_load_i8(const int8_t *p) { fv r; for (int i = 0; i < 16; i++) r.v[i] = (float)p[i]; return r; }
#define FV_WIDE 1
#endif
#ifndef FV_HAS_F16                    /* no f16 conversion in hardware: exact in software */
static inline fv fv_load_f16(const uint16_t *p) {
    float t[16];
    for (int i = 0; i < 16; i++) t[i] = hg_f16_to_f32(p[i]);
    return fv_load(t);
}
#endif

/* How a cache's elements become floats (KVType.load): every conversion is exact, so a kind's
 * loads give the same floats on every ISA. */
enum { KV_LOAD_F32, KV_LOAD_F16, KV_LOAD_I8 };
ATT_INLINE fv fv_load_kind(const void *p, size_t i, const int kind) {
    if (kind == KV_LOAD_F32) return fv_load((const float *)p + i);
    if (kind == KV_LOAD_F16) return fv_load_f16((const uint16_t *)p + i);
    return fv_load_i8((const int8_t *)p + i);
}
static inline size_t kv_load_bytes(int kind) { return kind == KV_LOAD_F32 ? 4 : kind == KV_LOAD_F16 ? 2 : 1; }

/* The values of positions t0..t0+m-1 (clipped to n) toward the cache while
 * the scores read the keys: a second stream through memory keeps more reads
 * in flight than the keys alone, and the value pass then reads from cache. */
static inline void prefetch_values(const void *values, int t0, int n, int m, size_t row_bytes) {
    int t1 = t0 + m < n ? t0 + m : n;
    const char *p = (const char *)values + (size_t)t0 * row_bytes, *end = (const char *)values + (size_t)t1 * row_bytes;
    for (; p < end; p += 64) __builtin_prefetch(p, 0, 3);
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
 * registers allow: more independent sums in flight. */
ATT_INLINE void attn_scores_g(float *const *att, const float *const *q, const int G, const void *restrict keys,
                              const float *kscale, const int kk, int hd, int n, float scale, const void *values,
                              size_t vrow_bytes) {
    int t0 = 0;
#if FV_WIDE == 2
    for (; t0 + KB < n; t0 += 2 * KB) {
        size_t b0 = (size_t)t0 * hd, b1 = b0 + (size_t)KB * hd;
        prefetch_values(values, t0, n, 2 * KB, vrow_bytes);
        fv acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = fv_zero();
        for (int d = 0; d < hd; d++) {
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
        prefetch_values(values, t0, n, KB, vrow_bytes);
        fv acc[ATT_G];
        for (int g = 0; g < G; g++) acc[g] = fv_zero();
        for (int d = 0; d < hd; d++) {
            fv k = fv_load_kind(keys, blk + (size_t)d * KB, kk);
            for (int g = 0; g < G; g++) acc[g] = fv_fma(acc[g], q[g][d], k);
        }
        for (int g = 0; g < G; g++) store_scores(att[g] + t0, acc[g], kscale ? kscale + t0 : NULL, scale);
    }
}

/* out[g][d] = sum_t p[g][t] * v_t[d] for d < hd, values of load kind vk: 16 * FV_WIDE dimensions at
 * a time stay in registers across all positions (an axpy per position would store and reload out);
 * a head size that is not a multiple of 16 ends in plain loops */
ATT_INLINE void attn_values_g(float *const *out, const float *const *p, const int G, const void *restrict values,
                              const int vk, int hd, int n) {
    int d0 = 0;
#if FV_WIDE == 2
    for (; G <= 4 && d0 + 64 <= hd; d0 += 64) {   /* 4 x 4 accumulators of the 32 registers */
        fv acc[ATT_G][4];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = acc[g][2] = acc[g][3] = fv_zero();
        for (int t = 0; t < n; t++) {
            size_t row = (size_t)t * hd + d0;
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
            for (int k = 0; k < 4; k++) fv_store_scaled(out[g] + d0 + 16 * k, acc[g][k], 1.0f);
    }
    for (; d0 + 32 <= hd; d0 += 32) {                 /* up to 8 x 2 */
        fv acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = fv_zero();
        for (int t = 0; t < n; t++) {
            size_t row = (size_t)t * hd + d0;
            fv v0 = fv_load_kind(values, row, vk), v1 = fv_load_kind(values, row + 16, vk);
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], p[g][t], v0);
                acc[g][1] = fv_fma(acc[g][1], p[g][t], v1);
            }
        }
        for (int g = 0; g < G; g++) {
            fv_store_scaled(out[g] + d0, acc[g][0], 1.0f);
            fv_store_scaled(out[g] + d0 + 16, acc[g][1], 1.0f);
        }
    }
#endif
    for (; d0 + 16 <= hd; d0 += 16) {
        fv acc[ATT_G];
        for (int g = 0; g < G; g++) acc[g] = fv_zero();
        for (int t = 0; t < n; t++) {
            fv v = fv_load_kind(values, (size_t)t * hd + d0, vk);
            for (int g = 0; g < G; g++) acc[g] = fv_fma(acc[g], p[g][t], v);
        }
        for (int g = 0; g < G; g++) fv_store_scaled(out[g] + d0, acc[g], 1.0f);
    }
    for (int g = 0; g < G; g++)
        for (int d = d0; d < hd; d++) {
            float a = 0;
            for (int t = 0; t < n; t++) a += p[g][t] * kv_elem(values, (size_t)t * hd + d, vk);
            out[g][d] = a;
        }
}

/* One key/value head's cache for attend: arrays of their load kinds, and for scaled kinds one
 * float per position (kscale[t] multiplies key t, vscale[t] value t; NULL: none) */
typedef struct {
    const void *keys, *values;
    const float *kscale, *vscale;
    int kk, vk;                       /* KV_LOAD_* */
} KVHead;

#if ATT_G == 8
#define ATT_G_CASES(F, ...) \
    case 8: F(8, __VA_ARGS__); break; case 7: F(7, __VA_ARGS__); break; case 6: F(6, __VA_ARGS__); break; \
    case 5: F(5, __VA_ARGS__); break; case 4: F(4, __VA_ARGS__); break; case 3: F(3, __VA_ARGS__); break; \
    case 2: F(2, __VA_ARGS__); break; default: F(1, __VA_ARGS__); break;
#else
#define ATT_G_CASES(F, ...) \
    case 4: F(4, __VA_ARGS__); break; case 3: F(3, __VA_ARGS__); break; case 2: F(2, __VA_ARGS__); break; \
    default: F(1, __VA_ARGS__); break;
#endif
#define ATT_SCORES(GG, K) attn_scores_g(att, q, GG, keys, ks, K, hd, n, scale, vs, vrow)
#define ATT_VALUES(GG, K) attn_values_g(out, p, GG, values, K, hd, n)

/* heads q[0..G) attend to positions t0..n-1 of one key/value head h (t0 > 0: a sliding window);
 * att[g] is scratch of n floats, out[g] receives hd floats. The scores start at t0's key block
 * (blocks hold KB positions); the softmax and the value sum start at t0 itself. A value's scale
 * is folded into its probability before the sum. */
static void attend(float *const *out, float *const *att, const float *const *q, int G, const KVHead *h, int hd, int t0,
                   int n) {
    float scale = 1.0f / sqrtf((float)hd);
    int s0 = t0 / KB * KB;
    size_t krow = kv_load_bytes(h->kk) * hd, vrow = kv_load_bytes(h->vk) * hd;
    const void *keys = (const char *)h->keys + (size_t)s0 * krow;   /* block s0 / KB */
    const void *vs = (const char *)h->values + (size_t)s0 * vrow;   /* (prefetched while the scores run) */
    const float *ks = h->kscale ? h->kscale + s0 : NULL;
    n -= s0;
    switch (h->kk) {
    case KV_LOAD_F32: switch (G) { ATT_G_CASES(ATT_SCORES, KV_LOAD_F32) } break;
    case KV_LOAD_F16: switch (G) { ATT_G_CASES(ATT_SCORES, KV_LOAD_F16) } break;
    default: switch (G) { ATT_G_CASES(ATT_SCORES, KV_LOAD_I8) } break;
    }
    const float *p[ATT_G] = {0};
    int skip = t0 - s0;                           /* positions of the first block before the window */
    const void *values = (const char *)h->values + (size_t)t0 * vrow;
    n -= skip;
    for (int g = 0; g < G; g++) {
        float *pg = att[g] + skip;
        softmax_shifted(pg, n, max_of(pg, n));
        if (h->vscale)
            for (int t = 0; t < n; t++) pg[t] *= h->vscale[t0 + t];
        p[g] = pg;
    }
    switch (h->vk) {
    case KV_LOAD_F32: switch (G) { ATT_G_CASES(ATT_VALUES, KV_LOAD_F32) } break;
    case KV_LOAD_F16: switch (G) { ATT_G_CASES(ATT_VALUES, KV_LOAD_F16) } break;
    default: switch (G) { ATT_G_CASES(ATT_VALUES, KV_LOAD_I8) } break;
    }
}
