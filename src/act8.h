/* higgs.c implementation part: int8 activations (hg_act8) and the int8 scalar reference.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* ---- the int8 decode path (see hg_act8 in the API) ---- */

/* zeroed, on a 64-byte boundary: the kernels' 32- and 64-byte activation loads never split a cache
 * line (with calloc's 16-byte alignment they did or not by the heap's layout, and decode speed moved
 * by a few % from build to build); NULL when out of memory */
static void *hg_calloc64(uint64_t bytes) {
    if (bytes > SIZE_MAX - 64) return NULL;
    void *p = aligned_alloc(64, (size_t)(bytes + 63) / 64 * 64);
    if (p) memset(p, 0, (size_t)bytes);
    return p;
}

uint64_t hg_act8_values(const hg_qinfo *q) { return q->cols_pad * (uint64_t)q->choices; }

int hg_act8_alloc(hg_act8 *a, uint64_t max_cols_pad, uint64_t max_groups) {
    memset(a, 0, sizeof *a);
    uint64_t n = (max_cols_pad + 127) / 128 * 128;
    a->q = (int8_t *)hg_calloc64(n);
    a->qp = (int8_t *)hg_calloc64(n);
    a->xr = (float *)hg_calloc64(n * sizeof(float));
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
        /* |r| <= 127 but for a NaN, or an infinite quotient (m subnormal): those give the SIMD
         * conversions' INT_MIN clamped, -127, without converting them (undefined in C) */
        int k = fabsf(r) <= 127.0f ? (int)r : -127;
        o[i] = (int8_t)k;
        s += k;
    }
    *sum = s;
    return m;
}

/* The rounding pass of hg_act8_block_ref on m = max|v_i * s| (given): k_i = round((v_i * s) * 127 / m) into
 * o, their sum into *sum. The conversion rounds to nearest even as the reference's magic-number sum does
 * (|v_i * s * 127 / m| <= 127), and a NaN or infinite quotient gives INT_MIN in both, clamped to -127. */
#if defined(HG_AVX512)
static void hg_act8_round_avx512(const float *v, uint64_t H, float s, float m, int8_t *o, int32_t *sum) {
    const __m512 S = _mm512_set1_ps(s), inv = _mm512_set1_ps(m > 0 ? 127.0f / m : 0.0f);
    const __m512i hi = _mm512_set1_epi32(127), lo = _mm512_set1_epi32(-127);
    __m512i acc = _mm512_setzero_si512();
    for (uint64_t i = 0; i < H; i += 16) {
        __m512 t = _mm512_mul_ps(_mm512_mul_ps(_mm512_loadu_ps(v + i), S), inv);
        __m512i k = _mm512_max_epi32(_mm512_min_epi32(_mm512_cvt_roundps_epi32(t, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC), hi), lo);
        _mm_storeu_si128((__m128i *)(o + i), _mm512_cvtepi32_epi8(k));
        acc = _mm512_add_epi32(acc, k);
    }
    *sum = _mm512_reduce_add_epi32(acc);
}
#elif defined(HG_AVX2)
static void hg_act8_round_avx2(const float *v, uint64_t H, float s, float m, int8_t *o, int32_t *sum) {
    const __m256 S = _mm256_set1_ps(s), inv = _mm256_set1_ps(m > 0 ? 127.0f / m : 0.0f);
    const __m256i lo8 = _mm256_set1_epi8(-127), bias = _mm256_set1_epi8((char)0x80), order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    __m256i sad = _mm256_setzero_si256();
    uint64_t i = 0;
    for (; i + 32 <= H; i += 32) {   /* 32 at a time: |k| <= 127 but for NaN and inf, whose INT_MIN the packs saturate to -128 */
        __m256i k[4];
        for (int j = 0; j < 4; j++)
            k[j] = _mm256_cvttps_epi32(_mm256_round_ps(_mm256_mul_ps(_mm256_mul_ps(_mm256_loadu_ps(v + i + 8 * j), S), inv),
                                                       _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
        __m256i b = _mm256_packs_epi16(_mm256_packs_epi32(k[0], k[1]), _mm256_packs_epi32(k[2], k[3]));
        b = _mm256_max_epi8(_mm256_permutevar8x32_epi32(b, order), lo8);   /* the packs' lanes in order */
        _mm256_storeu_si256((__m256i *)(o + i), b);
        sad = _mm256_add_epi64(sad, _mm256_sad_epu8(_mm256_xor_si256(b, bias), _mm256_setzero_si256()));   /* sum (k + 128) */
    }
    int64_t q[4];
    _mm256_storeu_si256((__m256i *)q, sad);
    int64_t total = q[0] + q[1] + q[2] + q[3] - 128 * (int64_t)i;
    const __m256i hi = _mm256_set1_epi32(127), lo = _mm256_set1_epi32(-127);
    for (; i < H; i += 8) {   /* the rest: fewer than 32 values */
        __m256 t = _mm256_round_ps(_mm256_mul_ps(_mm256_mul_ps(_mm256_loadu_ps(v + i), S), inv), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        __m256i k = _mm256_max_epi32(_mm256_min_epi32(_mm256_cvttps_epi32(t), hi), lo);
        __m128i k16 = _mm_packs_epi32(_mm256_castsi256_si128(k), _mm256_extracti128_si256(k, 1));
        _mm_storel_epi64((__m128i *)(o + i), _mm_packs_epi16(k16, k16));
        int32_t part[8];
        _mm256_storeu_si256((__m256i *)part, k);
        for (int j = 0; j < 8; j++) total += part[j];
    }
    *sum = (int32_t)total;
}
#endif

/* hg_act8_block of the values v_i * s (s = 1: of v itself; the products rounded as a separate step
 * would round them): the rotation's last scaling done on the way, without a pass of its own. v is
 * scratch where the block is not a whole number of vectors (scaled in place for the definition). */
static float hg_act8_block_scaled(float *v, uint64_t H, float s, int8_t *o, int32_t *sum) {
#if defined(HG_AVX512)
    if (!(H % 16)) {
        const __m512 S = _mm512_set1_ps(s);
        __m512 mv = _mm512_setzero_ps(), m1 = mv, m2 = mv, m3 = mv;   /* four chains: max is exact in any order */
        uint64_t i = 0;
        for (; i + 64 <= H; i += 64) {   /* max(|v|, m): a NaN |v| returns m, as above */
            mv = _mm512_max_ps(_mm512_abs_ps(_mm512_mul_ps(_mm512_loadu_ps(v + i), S)), mv);
            m1 = _mm512_max_ps(_mm512_abs_ps(_mm512_mul_ps(_mm512_loadu_ps(v + i + 16), S)), m1);
            m2 = _mm512_max_ps(_mm512_abs_ps(_mm512_mul_ps(_mm512_loadu_ps(v + i + 32), S)), m2);
            m3 = _mm512_max_ps(_mm512_abs_ps(_mm512_mul_ps(_mm512_loadu_ps(v + i + 48), S)), m3);
        }
        for (; i < H; i += 16) mv = _mm512_max_ps(_mm512_abs_ps(_mm512_mul_ps(_mm512_loadu_ps(v + i), S)), mv);
        float m = _mm512_reduce_max_ps(_mm512_max_ps(_mm512_max_ps(mv, m1), _mm512_max_ps(m2, m3)));
        hg_act8_round_avx512(v, H, s, m, o, sum);
        return m;
    }
#elif defined(HG_AVX2)
    if (!(H % 8)) {
        const __m256 absmask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
        const __m256 S = _mm256_set1_ps(s);
        __m256 mv = _mm256_setzero_ps();
        for (uint64_t i = 0; i < H; i += 8) mv = _mm256_max_ps(_mm256_and_ps(_mm256_mul_ps(_mm256_loadu_ps(v + i), S), absmask), mv);
        float lanes[8], m = 0;
        _mm256_storeu_ps(lanes, mv);
        for (int k = 0; k < 8; k++) m = lanes[k] > m ? lanes[k] : m;
        hg_act8_round_avx2(v, H, s, m, o, sum);
        return m;
    }
#endif
    if (s != 1.0f) hg_scale_floats(v, (int)H, s);
    return hg_act8_block_ref(v, H, o, sum);
}
static float hg_act8_block(float *v, uint64_t H, int8_t *o, int32_t *sum) { return hg_act8_block_scaled(v, H, 1.0f, o, sum); }

/* HG_ACT_EVEN_ODD, the order of the VNNI kernels and of the AVX2 ones of the sign-symmetric and 64-point
 * p=2 grids: per 128 values, the 64 even then the 64 odd; a block's last t < 128 values (blocks that
 * are a multiple of 32, not of 128, such as 288 = 2 x 128 + 32), likewise: the t/2 even then the t/2 odd */
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

/* blocks b0 .. b1 - 1 (of every copy, one after the other): blocks of 128k at once; otherwise (blocks
 * of 32k) each block's 128s, then its tail */
static void hg_act8_even_odd(const hg_qinfo *q, hg_act8 *a, uint64_t b0, uint64_t b1) {
    const uint64_t H = (uint64_t)q->group;
    if (!(H % 128)) {
        hg_act8_interleave(a->q + b0 * H, a->qp + b0 * H, (b1 - b0) * H);
        return;
    }
    for (uint64_t b = b0; b < b1; b++) {
        uint64_t full = H / 128 * 128;
        hg_act8_interleave(a->q + b * H, a->qp + b * H, full);
        hg_act8_interleave_tail(a->q + b * H + full, a->qp + b * H + full, H - full);
    }
}
#elif defined(HG_AVX2)
static void hg_act8_even_odd(const hg_qinfo *q, hg_act8 *a, uint64_t b0, uint64_t b1) {   /* a few microseconds a token */
    const uint64_t H = (uint64_t)q->group;
    for (uint64_t b = b0; b < b1; b++)
        for (uint64_t j = 0; j < H; j += 128)
            hg_act8_interleave_tail(a->q + b * H + j, a->qp + b * H + j, H - j < 128 ? H - j : 128);
}
#endif

/* HG_ACT_COORDS4 (p=4): per 256 values, coordinate d of the 64 points (values 4j + d) together */
#if defined(HG_AVX512_VNNI)
static void hg_act8_coords4(const int8_t *q, int8_t *qp, uint64_t n) {
    uint8_t idx[4][64];
    for (int d = 0; d < 4; d++)
        for (int j = 0; j < 64; j++) idx[d][j] = (uint8_t)(4 * (j % 32) + d);
    for (uint64_t c = 0; c < n; c += 256) {
        __m512i A = _mm512_loadu_si512(q + c), B = _mm512_loadu_si512(q + c + 64), C = _mm512_loadu_si512(q + c + 128),
                D = _mm512_loadu_si512(q + c + 192);
        for (int d = 0; d < 4; d++) {
            __m512i perm = _mm512_loadu_si512(idx[d]);
            _mm512_storeu_si512(qp + c + 64 * d, _mm512_mask_blend_epi8((__mmask64)0xFFFFFFFF00000000ull,
                                                                         _mm512_permutex2var_epi8(A, perm, B),
                                                                         _mm512_permutex2var_epi8(C, perm, D)));
        }
    }
}
#elif defined(HG_NEON)
/* ld4 takes 16 points' coordinates apart */
static void hg_act8_coords4(const int8_t *q, int8_t *qp, uint64_t n) {
    for (uint64_t c = 0; c < n; c += 256)
        for (int t = 0; t < 4; t++) {
            const int8x16x4_t v = vld4q_s8(q + c + 64 * t);
            for (int d = 0; d < 4; d++) vst1q_s8(qp + c + 64 * d + 16 * t, v.val[d]);
        }
}
#endif

/* Where block g of a row meets its activation: copy k = the block's pick (its scale's low choice bits;
 * none without the rotation choice), at block index k * groups + g of a->q, a->qp, a->d and a->qsum
 * (copies lie one after the other, cols_pad values each) */
HG_INLINE uint64_t hg_choice_block(const hg_qinfo *q, const uint16_t *sc, uint64_t g) {
    return g + (uint64_t)(sc[g] & q->choice_mask) * q->groups;
}

/* The rotation choice on x86: two row streams' code bytes of a later block asked for, the nbytes of one
 * block HG_CHOICE_PREFETCH bytes ahead, at each block's start, without a place in L1's recency order
 * (prefetchnta), which keeps more of the block's K activation copies (K x cols bytes) there. Without it
 * the hardware prefetcher runs too close behind the loads (Zen 5, 16 copies, p=2 3-bit: matrix time
 * 1.26x that without the choice; with it 1.12x). prefetcht0 (3 KB ahead) and prefetcht1 (3 and 8 KB)
 * measured 5-15% slower than prefetchnta. */
#define HG_CHOICE_PREFETCH 3072
HG_INLINE void hg_prefetch_blocks2(const uint8_t *c0, const uint8_t *c1, uint64_t nbytes) {
#if defined(HG_AVX2) || defined(HG_AVX512)
    for (uint64_t l = 0; l < nbytes; l += 64) {
        _mm_prefetch((const char *)c0 + HG_CHOICE_PREFETCH + l, _MM_HINT_NTA);
        _mm_prefetch((const char *)c1 + HG_CHOICE_PREFETCH + l, _MM_HINT_NTA);
    }
#else
    (void)c0, (void)c1, (void)nbytes;
#endif
}

/* the copy of a->q the format's kernels read, a->qp, of blocks b0 .. b1 - 1 of every copy of the
 * rotation choice, one after the other (b1 = q->groups * q->choices: all); COORDS4 works in 256s,
 * so a range there starts and ends on one (hg_prepare_act8_parts) */
static void hg_act8_layout(const hg_qinfo *q, hg_act8 *a, uint64_t b0, uint64_t b1) {
#if defined(HG_AVX512_VNNI) || defined(HG_AVX2)
    if (q->k.act_layout == HG_ACT_EVEN_ODD) hg_act8_even_odd(q, a, b0, b1);
#endif
#if defined(HG_AVX512_VNNI) || defined(HG_NEON)
    if (q->k.act_layout == HG_ACT_COORDS4) hg_act8_coords4(a->q + b0 * q->group, a->qp + b0 * q->group, (b1 - b0) * q->group);
#endif
    (void)q, (void)a, (void)b0, (void)b1;
}

/* hg_fwht's passes from stage len on (two stages a pass, then one where one is left), max(|out|, mx[k])
 * taken on the way out of the last on four chains (V: the vector type, W floats; P: its intrinsics'
 * prefix; ABS(x): |x|). The same butterflies as hg_fwht's, so the same bits. */
#define HG_FWHT_PASSES_MAX(V, W, P, ABS, v, H, len, mx)                                                       \
    do {                                                                                                    \
        for (; 4 * (len) <= (H); (len) *= 4) {                                                              \
            const int last_ = 4 * (len) == (H);                                                             \
            for (uint64_t i_ = 0; i_ < (H); i_ += 4 * (len))                                                \
                for (uint64_t j_ = i_; j_ < i_ + (len); j_ += (W)) {                                        \
                    V a0 = P##_loadu_ps(v + j_), a1 = P##_loadu_ps(v + j_ + (len));                         \
                    V a2 = P##_loadu_ps(v + j_ + 2 * (len)), a3 = P##_loadu_ps(v + j_ + 3 * (len));         \
                    V b0 = P##_add_ps(a0, a1), b1 = P##_sub_ps(a0, a1), b2 = P##_add_ps(a2, a3), b3 = P##_sub_ps(a2, a3); \
                    V r_[4] = {P##_add_ps(b0, b2), P##_add_ps(b1, b3), P##_sub_ps(b0, b2), P##_sub_ps(b1, b3)}; \
                    for (int k_ = 0; k_ < 4; k_++) {                                                        \
                        P##_storeu_ps(v + j_ + (uint64_t)k_ * (len), r_[k_]);                               \
                        if (last_) mx[k_] = P##_max_ps(ABS(r_[k_]), mx[k_]);                                \
                    }                                                                                       \
                }                                                                                           \
        }                                                                                                   \
        if ((len) < (H))   /* one stage left, len = H / 2 */                                                \
            for (uint64_t j_ = 0; j_ < (len); j_ += (W)) {                                                  \
                V a_ = P##_loadu_ps(v + j_), b_ = P##_loadu_ps(v + j_ + (len));                             \
                V r0 = P##_add_ps(a_, b_), r1 = P##_sub_ps(a_, b_);                                         \
                P##_storeu_ps(v + j_, r0);                                                                  \
                P##_storeu_ps(v + j_ + (len), r1);                                                          \
                mx[0] = P##_max_ps(ABS(r0), mx[0]);                                                         \
                mx[1] = P##_max_ps(ABS(r1), mx[1]);                                                         \
            }                                                                                               \
    } while (0)

#if defined(HG_AVX512)
/* The rotation choice's copy of one block on AVX-512, for Sylvester blocks (had_m 1) of 2^j >= 256 values:
 * the general path's steps (hg_copy_signs_at, hg_fwht, hg_act8_block_scaled) in three passes over the block
 * instead of six. The signs (seed; 0: none) are flipped on the way into hg_fwht's first pass and the max
 * taken on the way out of its last (max |v| * S is max |v * S|: rounding is monotone); the float
 * operations are those functions', the integer rounding the conversion's (to nearest even, as their
 * magic-number sum), so the bytes are theirs. v: H floats of scratch. */
static float hg_act8_copy_avx512(const float *src, uint64_t col0, int seed, float *v, uint64_t H, float S, int8_t *o,
                                 int32_t *sum) {
    __m512 mx[4] = {_mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps(), _mm512_setzero_ps()};
    for (uint64_t c = 0; c < H; c += 256) {
        uint64_t w[4];
        for (int i = 0; i < 4 && seed; i++) w[i] = hg_sign_word(seed, (col0 + c) / 64 + (uint64_t)i);
        hg_fwht256_avx512(src + c, v + c, seed ? w : NULL, H == 256 ? &mx[0] : NULL);
    }
    uint64_t len = 256;
    HG_FWHT_PASSES_MAX(__m512, 16, _mm512, _mm512_abs_ps, v, H, len, mx);
    const float m = _mm512_reduce_max_ps(_mm512_max_ps(_mm512_max_ps(mx[0], mx[1]), _mm512_max_ps(mx[2], mx[3]))) * S;
    hg_act8_round_avx512(v, H, S, m, o, sum);
    return m;
}
/* The same for a Sylvester block of 64 values, in four registers: the signs, stages 1-8 inside each vector
 * (hg_fwht16_avx512), 16 and 32 across them, the max on the way (|v| first, so a NaN never wins) */
static float hg_act8_copy64_avx512(const float *src, uint64_t col0, int seed, float S, int8_t *o, int32_t *sum) {
    const uint64_t bits = seed ? hg_sign_word(seed, col0 / 64) : 0;
    __m512 v[4], mx = _mm512_setzero_ps();
    for (int r = 0; r < 4; r++) {   /* hg_copy_signs_at's flips: the sign bits of the values whose bit is set */
        const __m512i x = _mm512_castps_si512(_mm512_loadu_ps(src + 16 * r));
        v[r] = hg_fwht16_avx512(_mm512_castsi512_ps(_mm512_mask_xor_epi32(x, (__mmask16)(bits >> (16 * r)), x, _mm512_set1_epi32(INT32_MIN))));
    }
    for (int h = 1; h <= 2; h *= 2)   /* stages 16 and 32 */
        for (int r = 0; r < 4; r++)
            if (!(r & h)) {
                const __m512 a = v[r], b = v[r + h];
                v[r] = _mm512_add_ps(a, b), v[r + h] = _mm512_sub_ps(a, b);
            }
    float w[64];
    for (int r = 0; r < 4; r++) mx = _mm512_max_ps(_mm512_abs_ps(v[r]), mx), _mm512_storeu_ps(w + 16 * r, v[r]);
    const float m = _mm512_reduce_max_ps(mx) * S;
    hg_act8_round_avx512(w, 64, S, m, o, sum);
    return m;
}
#endif
#if defined(HG_AVX2)
/* eight values src[0..7]: hg_copy_signs_at's flips (bits 0-7 of sbits), then hg_fwht's stages 1, 2 and 4 */
HG_INLINE __m256 hg_fwht8_signed_avx2(const float *src, uint64_t sbits) {
    const __m256 one = _mm256_set1_ps(1.0f), neg = _mm256_set1_ps(-1.0f);
    const __m256i lane = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const __m256i b = _mm256_and_si256(_mm256_set1_epi32((int)(sbits & 255)), lane);
    __m256 x = _mm256_xor_ps(_mm256_loadu_ps(src), _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cmpeq_epi32(b, lane), 31)));
    x = _mm256_fmadd_ps(x, _mm256_blend_ps(one, neg, 0xAA), _mm256_permute_ps(x, 0xB1));
    x = _mm256_fmadd_ps(x, _mm256_blend_ps(one, neg, 0xCC), _mm256_permute_ps(x, 0x4E));
    return _mm256_fmadd_ps(x, _mm256_blend_ps(one, neg, 0xF0), _mm256_permute2f128_ps(x, x, 0x01));
}
/* 64 values src[0..63] in eight registers: hg_copy_signs_at's flips (sbits), then hg_fwht's stages 1-32
 * in its order (1, 2 and 4 within each register, 8, 16 and 32 across them) */
HG_INLINE void hg_fwht64_signed_avx2(const float *src, uint64_t sbits, __m256 v[8]) {
    for (int r = 0; r < 8; r++) v[r] = hg_fwht8_signed_avx2(src + 8 * r, sbits >> (8 * r));
    for (int h = 1; h <= 4; h *= 2)
        for (int r = 0; r < 8; r++)
            if (!(r & h)) {
                const __m256 x = v[r], y = v[r + h];
                v[r] = _mm256_add_ps(x, y), v[r + h] = _mm256_sub_ps(x, y);
            }
}
/* The rotation choice's copy on AVX2, for Sylvester blocks of 2^j >= 128 values (on AVX-512 builds, those of
 * 128): the signs flipped on the way into hg_fwht's first stages (hg_fwht64_signed_avx2), the max taken on
 * the way out of its last */
static float hg_act8_copy_avx2(const float *src, uint64_t col0, int seed, float *v, uint64_t H, float S, int8_t *o,
                               int32_t *sum) {
    const __m256 absmask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    for (uint64_t c = 0; c < H; c += 64) {   /* stages 1-32 of each 64 in registers: one pass, not three */
        __m256 r[8];
        hg_fwht64_signed_avx2(src + c, seed ? hg_sign_word(seed, (col0 + c) / 64) : 0, r);
        for (int k = 0; k < 8; k++) _mm256_storeu_ps(v + c + 8 * (uint64_t)k, r[k]);
    }
    __m256 mx[4] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    uint64_t len = 64;
#define HG_ABS256(x) _mm256_and_ps(x, absmask)
    HG_FWHT_PASSES_MAX(__m256, 8, _mm256, HG_ABS256, v, H, len, mx);
#undef HG_ABS256
    float lanes[8], m = 0;
    _mm256_storeu_ps(lanes, _mm256_max_ps(_mm256_max_ps(mx[0], mx[1]), _mm256_max_ps(mx[2], mx[3])));
    for (int k = 0; k < 8; k++) m = lanes[k] > m ? lanes[k] : m;
    m *= S;
#if defined(HG_AVX512)
    hg_act8_round_avx512(v, H, S, m, o, sum);
#else
    hg_act8_round_avx2(v, H, S, m, o, sum);
#endif
    return m;
}
#if !defined(HG_AVX512)
/* The same for a Sylvester block of 64 values, in eight registers, the max on the way (|v| first, so a NaN
 * never wins) */
static float hg_act8_copy64_avx2(const float *src, uint64_t col0, int seed, float S, int8_t *o, int32_t *sum) {
    const __m256 absmask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
    __m256 v[8], mx = _mm256_setzero_ps();
    hg_fwht64_signed_avx2(src, seed ? hg_sign_word(seed, col0 / 64) : 0, v);
    float w[64], lanes[8], m = 0;
    for (int r = 0; r < 8; r++) mx = _mm256_max_ps(_mm256_and_ps(v[r], absmask), mx), _mm256_storeu_ps(w + 8 * r, v[r]);
    _mm256_storeu_ps(lanes, mx);
    for (int k = 0; k < 8; k++) m = lanes[k] > m ? lanes[k] : m;
    m *= S;
    hg_act8_round_avx2(w, 64, S, m, o, sum);
    return m;
}
#endif
#endif

/* One copy of the rotation choice: copy k of block b (bk = k * groups + b, hg_choice_block's order) =
 * Hn D R_k x rounded to int8, from block b of D x (in a->xr, hg_prepare_act8_begin), with H floats of
 * scratch v. On x86, Sylvester blocks of 2^j values take the fused passes of hg_act8_copy_avx512/avx2;
 * the bytes are the same either way. */
static void hg_act8_copy_one(const hg_qinfo *q, hg_act8 *a, uint64_t bk, float *v) {
    const uint64_t H = (uint64_t)q->group, b = bk % q->groups;
    const int k = (int)(bk / q->groups);
    const float *src = a->xr + b * H;
    float m;
#if defined(HG_AVX512) && !defined(HG_AVX2)
    if (q->had_m == 1 && H >= 256 && !(H & (H - 1)))
        m = hg_act8_copy_avx512(src, b * H, k ? hg_choice_seed(k) : 0, v, H, hg_rotation_scale(q), a->q + bk * H, &a->qsum[bk]);
    else if (q->had_m == 1 && H == 64)
        m = hg_act8_copy64_avx512(src, b * H, k ? hg_choice_seed(k) : 0, hg_rotation_scale(q), a->q + bk * H, &a->qsum[bk]);
    else
#elif defined(HG_AVX2)
    if (q->had_m == 1 && H >= 64 && !(H & (H - 1)))
#if defined(HG_AVX512)
        m = H >= 256 ? hg_act8_copy_avx512(src, b * H, k ? hg_choice_seed(k) : 0, v, H, hg_rotation_scale(q), a->q + bk * H, &a->qsum[bk])
          : H == 64  ? hg_act8_copy64_avx512(src, b * H, k ? hg_choice_seed(k) : 0, hg_rotation_scale(q), a->q + bk * H, &a->qsum[bk])
                     : hg_act8_copy_avx2(src, b * H, k ? hg_choice_seed(k) : 0, v, H, hg_rotation_scale(q), a->q + bk * H, &a->qsum[bk]);
#else
        m = H == 64 ? hg_act8_copy64_avx2(src, b * H, k ? hg_choice_seed(k) : 0, hg_rotation_scale(q), a->q + bk * H, &a->qsum[bk])
                    : hg_act8_copy_avx2(src, b * H, k ? hg_choice_seed(k) : 0, v, H, hg_rotation_scale(q), a->q + bk * H, &a->qsum[bk]);
#endif
    else
#endif
    {
        if (k && !(H % 64)) hg_copy_signs_at(v, src, b * H, H, hg_choice_seed(k));
        else {
            memcpy(v, src, H * sizeof(float));
            hg_choice_signs(v, b * H, (int)H, k);
        }
        hg_block_butterflies(q, v, 0);   /* hg_rotate_block less its scaling, which comes next */
        m = hg_act8_block_scaled(v, H, hg_rotation_scale(q), a->q + bk * H, &a->qsum[bk]);
    }
    a->d[bk] = (m / 127.0f) * q->g8->inv;
}

/* The rotation choice's copies in parts that threads can share (decode: ~1 ms a token at K = 16 on the
 * TinyLlama shape, one thread): D x once, then part p of n makes copies bk = p * B / n ..
 * (p + 1) * B / n - 1 (B = groups * K) and their layout copy, each with scratch of its own. Every part
 * runs the one-thread prep's functions on the same blocks, so the bytes are the same. A layout in 256s
 * (COORDS4) splits only where blocks are a multiple of 256. */
int hg_prepare_act8_parts(const hg_qinfo *q) {
    if (q->choices == 1 || (q->k.act_layout == HG_ACT_COORDS4 && q->group % 256)) return 1;
    return (int)(q->groups * (uint64_t)q->choices);
}

void hg_prepare_act8_begin(const hg_qinfo *q, const float *x, hg_act8 *a) {
    if (q->choices == 1) return;
    memcpy(a->xr, x, q->cols * sizeof(float));   /* D x, padded (xr holds cols_pad * K floats) */
    memset(a->xr + q->cols, 0, (q->cols_pad - q->cols) * sizeof(float));
    if (q->sign_seed) hg_apply_signs(a->xr, q->cols_pad, q->sign_seed);
}

void hg_prepare_act8_part(const hg_qinfo *q, hg_act8 *a, int part, int parts) {
    const uint64_t B = q->groups * (uint64_t)q->choices, b0 = B * (uint64_t)part / (uint64_t)parts,
                   b1 = B * (uint64_t)(part + 1) / (uint64_t)parts;
    _Alignas(64) float v[HG_CHOICE_MAX_BLOCK];
    for (uint64_t bk = b0; bk < b1; bk++) hg_act8_copy_one(q, a, bk, v);
    hg_act8_layout(q, a, b0, b1);
}

/* a->q, a->d, a->qsum, and the copy the format's kernels on this build read (q->k.act_layout,
 * from the kernel tables of src/select.h); with the rotation choice, q->choices of each, one after
 * the other (copy k rotated by Hn D R_k) */
void hg_prepare_act8(const hg_qinfo *q, const float *x, hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    if (q->choices > 1) {
        hg_prepare_act8_begin(q, x, a);
        hg_prepare_act8_part(q, a, 0, 1);
        return;
    }
    hg_prepare_activation(q, x, a->xr);
    for (uint64_t b = 0; b < q->groups; b++) {
        float m = hg_act8_block(a->xr + b * H, H, a->q + b * H, &a->qsum[b]);
        a->d[b] = (m / 127.0f) * q->g8->inv;
    }
    hg_act8_layout(q, a, 0, q->groups);
}

/* The int8 kernels' block epilogue, the one float step of the int8 path: block b adds
 *   (scale_b * d_b) * (float)isum_b
 * to the row's total, blocks in order (scale_b the block's f16 scale, d_b = max|v| / 127 / S the
 * activation block's step over the grid's, isum_b = sum k_i q_i exactly). Every int8 kernel that
 * reduces a block to one int32 ends it here; FP_CONTRACT is off (src/platform.h), so the two products
 * and the caller's addition round one by one and every kernel gives the reference's bits. The
 * vector epilogues (hg_add4_blocks, the prompt products' four rows at once) do the same operations
 * lane by lane. */
HG_INLINE float hg_block_epilogue(uint16_t scale_f16, float d, int32_t isum) {   /* hg_scale_f32: F16C where built */
    return (hg_scale_f32(scale_f16) * d) * (float)isum;
}

#if defined(HG_AVX2)
/* total + the epilogues of blocks g .. g + n - 1 of a row (n <= 8; the small-block kernels, blocks of 64),
 * isum their sums in lanes 0 .. n - 1: the products (scale_b * d_b) * isum_b as one vector, each the
 * operations of hg_block_epilogue, then added one by one in the definition's order, so the result is the
 * one-block loop's bit for bit. d_b is each block's own copy's with the rotation choice (gathered); a row's
 * last n < 8 blocks are read into local copies (nothing past the row's scales or the activation's d). */
HG_INLINE float hg_add_blocks8(float total, const hg_qinfo *q, const uint16_t *sc, const hg_act8 *a, uint64_t g, int n,
                               __m256i isum, const int choice) {
    __m128i s16;
    __m256 d;
    if (n == 8) {
        s16 = _mm_loadu_si128((const __m128i *)(sc + g));
        if (choice) {
            const __m256i pick = _mm256_and_si256(_mm256_cvtepu16_epi32(s16), _mm256_set1_epi32((int)q->choice_mask));
            const __m256i idx = _mm256_add_epi32(_mm256_add_epi32(_mm256_set1_epi32((int)g), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)),
                                                 _mm256_mullo_epi32(pick, _mm256_set1_epi32((int)q->groups)));
            d = _mm256_i32gather_ps(a->d, idx, 4);
        } else
            d = _mm256_loadu_ps(a->d + g);
    } else {
        uint16_t sl[8] = {0};
        float dl[8] = {0};
        for (int i = 0; i < n; i++) sl[i] = sc[g + (uint64_t)i], dl[i] = a->d[hg_choice_block(q, sc, g + (uint64_t)i)];
        s16 = _mm_loadu_si128((const __m128i *)sl);
        d = _mm256_loadu_ps(dl);
    }
#if defined(HG_F16C)
    const __m256 scale = _mm256_cvtph_ps(s16);
#else
    uint16_t sl[8];
    float fl[8];
    _mm_storeu_si128((__m128i *)sl, s16);
    for (int i = 0; i < 8; i++) fl[i] = hg_f16_to_f32(sl[i]);
    const __m256 scale = _mm256_loadu_ps(fl);
#endif
    float v[8];
    _mm256_storeu_ps(v, _mm256_mul_ps(_mm256_mul_ps(scale, d), _mm256_cvtepi32_ps(isum)));
    for (int i = 0; i < n; i++) total += v[i];
    return total;
}
#endif

/* The block loop of a one-row int8 kernel, written once: blocks g = 0 .. q->groups - 1 in order; in the
 * body, x is block g's int8 activation in the copy the kernel reads (act: a->q, natural order, or a->qp,
 * the copy of q->k.act_layout) and g the block; the body sets int32_t isum, the block's exact sum of
 * k_i * x_i, and the loop adds its epilogue to total. A kernel with setup per row (tables in registers)
 * does it before; the body is pasted in place, so the code is what the loop written out gives. Where a
 * block is to read another activation (a per-block choice among copies), x is chosen here. */
#define HG_FOR_BLOCKS8(q, sc, a, act, total, ...)                                                                \
    for (uint64_t g = 0; g < (q)->groups; g++) {                                                                 \
        const uint64_t gk = hg_choice_block(q, sc, g);                                                           \
        const int8_t *x = (act) + gk * (uint64_t)(q)->group;                                                     \
        int32_t isum;                                                                                            \
        __VA_ARGS__                                                                                              \
        total += hg_block_epilogue((sc)[g], (a)->d[gk], isum);                                                   \
    }

/* rows8n kernels' dispatch: tokens a[0..B-1] in groups of four (out moves four token rows a group), each
 * group through CALL(n) with n a constant 1..4, so that a kernel's per-token sums stay in registers */
#define HG_TOKENS_BY_4(a, out, ostride, B, CALL)                                                             \
    for (int t_ = 0; t_ < (B); t_ += 4, (a) += 4, (out) += 4 * (ostride))                                    \
        switch ((B) - t_) {                                                                                   \
        case 1: CALL(1); break;                                                                               \
        case 2: CALL(2); break;                                                                               \
        case 3: CALL(3); break;                                                                               \
        default: CALL(4); break;                                                                              \
        }

/* the definition: sum_b scale_b * (d_b / S) * sum k_i q_i, in this float order */
static float hg_qdot8_codes_ref(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int per_group = q->group / q->p;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint64_t gk = hg_choice_block(q, sc, g);   /* the block's copy of the activation */
        const int8_t *x = a->q + gk * (uint64_t)q->group;
        int32_t isum = 0;
        for (int j = 0; j < per_group; j++) {   /* code j of the block: its point's grid integers k */
            uint64_t idx = g * (uint64_t)per_group + (uint64_t)j;
            const int8_t *pt = q->g8->k + (size_t)hg_qcode(q, codes, idx) * (size_t)q->p;
            for (int d = 0; d < q->p; d++) isum += (int32_t)pt[d] * (int32_t)x[(uint64_t)j * (uint64_t)q->p + (uint64_t)d];
        }
        total += hg_block_epilogue(sc[g], a->d[gk], isum);
    }
    return total;
}

float hg_qdot8_row_ref(const hg_tensor *w, const hg_qinfo *q, int row, const hg_act8 *a) {
    return hg_qdot8_codes_ref(q, hg_qscales(w, q, row), hg_qcodes(w, q, row), a);
}

