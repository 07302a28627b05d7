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
#define FV_WIDE 1
#elif defined(HG_NEON)
typedef struct { float32x4_t v[4]; } fv;
static inline fv fv_zero(void) { fv r; for (int i = 0; i < 4; i++) r.v[i] = vdupq_n_f32(0); return r; }
static inline fv fv_load(const float *p) { fv r; for (int i = 0; i < 4; i++) r.v[i] = vld1q_f32(p + 4 * i); return r; }
static inline fv fv_fma(fv acc, float a, fv x) { for (int i = 0; i < 4; i++) acc.v[i] = vfmaq_n_f32(acc.v[i], x.v[i], a); return acc; }
static inline void fv_store_scaled(float *p, fv x, float s) { for (int i = 0; i < 4; i++) vst1q_f32(p + 4 * i, vmulq_n_f32(x.v[i], s)); }
#define FV_WIDE 1
#else
typedef struct { float v[16]; } fv;
static inline fv fv_zero(void) { fv r; memset(&r, 0, sizeof r); return r; }
static inline fv fv_load(const float *p) { fv r; memcpy(r.v, p, sizeof r.v); return r; }
static inline fv fv_fma(fv acc, float a, fv x) { for (int i = 0; i < 16; i++) acc.v[i] += a * x.v[i]; return acc; }
static inline void fv_store_scaled(float *p, fv x, float s) { for (int i = 0; i < 16; i++) p[i] = x.v[i] * s; }
#define FV_WIDE 1
#endif

/* The values of positions t0..t0+m-1 (clipped to n) toward the cache while
 * the scores read the keys: a second stream through memory keeps more reads
 * in flight than the keys alone, and the value pass then reads from cache. */
static inline void prefetch_values(const float *values, int t0, int n, int m, int hd) {
    int t1 = t0 + m < n ? t0 + m : n;
    const char *p = (const char *)(values + (size_t)t0 * hd), *end = (const char *)(values + (size_t)t1 * hd);
    for (; p < end; p += 64) __builtin_prefetch(p, 0, 3);
}

/* att[g][t] = scale * <q[g], k_t> for t < n (and junk up to the end of the last
 * block: att has kpos floats). FV_WIDE blocks at a time where registers allow:
 * more independent sums in flight. */
ATT_INLINE void attn_scores_g(float *const *att, const float *const *q, const int G, const float *restrict keys, int hd,
                              int n, float scale, const float *values) {
    int t0 = 0;
#if FV_WIDE == 2
    for (; t0 + KB < n; t0 += 2 * KB) {
        const float *b0 = keys + (size_t)t0 * hd, *b1 = b0 + (size_t)KB * hd;
        prefetch_values(values, t0, n, 2 * KB, hd);
        fv acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = fv_zero();
        for (int d = 0; d < hd; d++) {
            fv k0 = fv_load(b0 + (size_t)d * KB), k1 = fv_load(b1 + (size_t)d * KB);
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], q[g][d], k0);
                acc[g][1] = fv_fma(acc[g][1], q[g][d], k1);
            }
        }
        for (int g = 0; g < G; g++) {
            fv_store_scaled(att[g] + t0, acc[g][0], scale);
            fv_store_scaled(att[g] + t0 + KB, acc[g][1], scale);
        }
    }
#endif
    for (; t0 < n; t0 += KB) {
        const float *blk = keys + (size_t)t0 * hd;    /* block t0 / KB */
        prefetch_values(values, t0, n, KB, hd);
        fv acc[ATT_G];
        for (int g = 0; g < G; g++) acc[g] = fv_zero();
        for (int d = 0; d < hd; d++) {
            fv k = fv_load(blk + (size_t)d * KB);
            for (int g = 0; g < G; g++) acc[g] = fv_fma(acc[g], q[g][d], k);
        }
        for (int g = 0; g < G; g++) fv_store_scaled(att[g] + t0, acc[g], scale);
    }
}

/* out[g][d] = sum_t p[g][t] * v_t[d] for d < hd: 16 * FV_WIDE dimensions at a
 * time stay in registers across all positions (an axpy per position would
 * store and reload out); a head size that is not a multiple of 16 ends in plain loops */
ATT_INLINE void attn_values_g(float *const *out, const float *const *p, const int G, const float *restrict values, int hd,
                              int n) {
    int d0 = 0;
#if FV_WIDE == 2
    for (; G <= 4 && d0 + 64 <= hd; d0 += 64) {   /* 4 x 4 accumulators of the 32 registers */
        fv acc[ATT_G][4];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = acc[g][2] = acc[g][3] = fv_zero();
        for (int t = 0; t < n; t++) {
            const float *row = values + (size_t)t * hd + d0;
            fv v0 = fv_load(row), v1 = fv_load(row + 16), v2 = fv_load(row + 32), v3 = fv_load(row + 48);
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
            const float *row = values + (size_t)t * hd + d0;
            fv v0 = fv_load(row), v1 = fv_load(row + 16);
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
            fv v = fv_load(values + (size_t)t * hd + d0);
            for (int g = 0; g < G; g++) acc[g] = fv_fma(acc[g], p[g][t], v);
        }
        for (int g = 0; g < G; g++) fv_store_scaled(out[g] + d0, acc[g], 1.0f);
    }
    for (int g = 0; g < G; g++)
        for (int d = d0; d < hd; d++) {
            float a = 0;
            for (int t = 0; t < n; t++) a += p[g][t] * values[(size_t)t * hd + d];
            out[g][d] = a;
        }
}

/* heads q[0..G) attend to positions t0..n-1 of one key/value head (t0 > 0: a
 * sliding window); att[g] is scratch of n floats, out[g] receives hd floats.
 * The scores start at t0's key block (blocks hold KB positions); the softmax
 * and the value sum start at t0 itself. */
static void attend(float *const *out, float *const *att, const float *const *q, int G, const float *keys,
                   const float *values, int hd, int t0, int n) {
    float scale = 1.0f / sqrtf((float)hd);
    int s0 = t0 / KB * KB;
    keys += (size_t)s0 * hd;                      /* block s0 / KB */
    const float *vs = values + (size_t)s0 * hd;   /* (prefetched while the scores run) */
    n -= s0;
    switch (G) {
#if ATT_G == 8
    case 8: attn_scores_g(att, q, 8, keys, hd, n, scale, vs); break;
    case 7: attn_scores_g(att, q, 7, keys, hd, n, scale, vs); break;
    case 6: attn_scores_g(att, q, 6, keys, hd, n, scale, vs); break;
    case 5: attn_scores_g(att, q, 5, keys, hd, n, scale, vs); break;
#endif
    case 4: attn_scores_g(att, q, 4, keys, hd, n, scale, vs); break;
    case 3: attn_scores_g(att, q, 3, keys, hd, n, scale, vs); break;
    case 2: attn_scores_g(att, q, 2, keys, hd, n, scale, vs); break;
    default: attn_scores_g(att, q, 1, keys, hd, n, scale, vs); break;
    }
    const float *p[ATT_G] = {0};
    int skip = t0 - s0;                           /* positions of the first block before the window */
    values += (size_t)t0 * hd;
    n -= skip;
    for (int g = 0; g < G; g++) {
        softmax_shifted(att[g] + skip, n, max_of(att[g] + skip, n));
        p[g] = att[g] + skip;
    }
    switch (G) {
#if ATT_G == 8
    case 8: attn_values_g(out, p, 8, values, hd, n); break;
    case 7: attn_values_g(out, p, 7, values, hd, n); break;
    case 6: attn_values_g(out, p, 6, values, hd, n); break;
    case 5: attn_values_g(out, p, 5, values, hd, n); break;
#endif
    case 4: attn_values_g(out, p, 4, values, hd, n); break;
    case 3: attn_values_g(out, p, 3, values, hd, n); break;
    case 2: attn_values_g(out, p, 2, values, hd, n); break;
    default: attn_values_g(out, p, 1, values, hd, n); break;
    }
}
