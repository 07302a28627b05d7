/* higgs.c implementation part: the Walsh-Hadamard and Paley transforms, random signs.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

#if defined(HG_AVX512)
/* Stages 1 .. 128 of 256 floats with the 16 vectors in registers (the partner of vector k in stage 16 d
 * is vector k ^ d): src -> dst (may be src). With signs (four 64-bit words, bit j of word i negating
 * value 64 i + j) the values are negated on the way in (hg_copy_signs_at's flips); with mx, max(|out|,
 * *mx) lane by lane on the way out. Inside each vector (stages 1, 2, 4, 8) the partner (lane ^ len)
 * comes from a permute; lanes below it take a + b, those above a - b, both as one fma(v, +-1, partner):
 * the product by +-1 is exact and the sum rounds once, so the bits are the scalar loop's. */
HG_INLINE void hg_fwht256_avx512(const float *src, float *dst, const uint64_t *signs, __m512 *mx) {
    const __m512 one = _mm512_set1_ps(1.0f), neg = _mm512_set1_ps(-1.0f);
    const __m512 sg1 = _mm512_mask_blend_ps(0xAAAA, one, neg), sg2 = _mm512_mask_blend_ps(0xCCCC, one, neg),
                 sg4 = _mm512_mask_blend_ps(0xF0F0, one, neg), sg8 = _mm512_mask_blend_ps(0xFF00, one, neg);
#define HG_LD(k)                                                                                                 \
    __m512 v##k = _mm512_loadu_ps(src + 16 * k);                                                                 \
    if (signs)                                                                                                   \
        v##k = _mm512_castsi512_ps(_mm512_mask_xor_epi32(_mm512_castps_si512(v##k), (__mmask16)(signs[k / 4] >> (16 * (k % 4))), \
                                                         _mm512_castps_si512(v##k), _mm512_set1_epi32(INT32_MIN)));  \
    v##k = _mm512_fmadd_ps(v##k, sg1, _mm512_permute_ps(v##k, 0xB1));           /* lane ^ 1 */                  \
    v##k = _mm512_fmadd_ps(v##k, sg2, _mm512_permute_ps(v##k, 0x4E));           /* lane ^ 2 */                  \
    v##k = _mm512_fmadd_ps(v##k, sg4, _mm512_shuffle_f32x4(v##k, v##k, 0xB1));  /* lane ^ 4 */                  \
    v##k = _mm512_fmadd_ps(v##k, sg8, _mm512_shuffle_f32x4(v##k, v##k, 0x4E))   /* lane ^ 8 */
#define HG_BF(a, b) do { __m512 t_ = a; a = _mm512_add_ps(t_, b); b = _mm512_sub_ps(t_, b); } while (0)
#define HG_ST(k) _mm512_storeu_ps(dst + 16 * k, v##k)
#define HG_MAX2(a, b) _mm512_max_ps(_mm512_abs_ps(v##a), _mm512_abs_ps(v##b))
    HG_LD(0); HG_LD(1); HG_LD(2); HG_LD(3); HG_LD(4); HG_LD(5); HG_LD(6); HG_LD(7);
    HG_LD(8); HG_LD(9); HG_LD(10); HG_LD(11); HG_LD(12); HG_LD(13); HG_LD(14); HG_LD(15);
    HG_BF(v0, v1); HG_BF(v2, v3); HG_BF(v4, v5); HG_BF(v6, v7);              /* 16 */
    HG_BF(v8, v9); HG_BF(v10, v11); HG_BF(v12, v13); HG_BF(v14, v15);
    HG_BF(v0, v2); HG_BF(v1, v3); HG_BF(v4, v6); HG_BF(v5, v7);              /* 32 */
    HG_BF(v8, v10); HG_BF(v9, v11); HG_BF(v12, v14); HG_BF(v13, v15);
    HG_BF(v0, v4); HG_BF(v1, v5); HG_BF(v2, v6); HG_BF(v3, v7);              /* 64 */
    HG_BF(v8, v12); HG_BF(v9, v13); HG_BF(v10, v14); HG_BF(v11, v15);
    HG_BF(v0, v8); HG_BF(v1, v9); HG_BF(v2, v10); HG_BF(v3, v11);            /* 128 */
    HG_BF(v4, v12); HG_BF(v5, v13); HG_BF(v6, v14); HG_BF(v7, v15);
    HG_ST(0); HG_ST(1); HG_ST(2); HG_ST(3); HG_ST(4); HG_ST(5); HG_ST(6); HG_ST(7);
    HG_ST(8); HG_ST(9); HG_ST(10); HG_ST(11); HG_ST(12); HG_ST(13); HG_ST(14); HG_ST(15);
    if (mx) {   /* a tree, not a chain of 16 (max is exact in any order; a NaN |v| never wins) */
        __m512 m = _mm512_max_ps(_mm512_max_ps(_mm512_max_ps(HG_MAX2(0, 1), HG_MAX2(2, 3)), _mm512_max_ps(HG_MAX2(4, 5), HG_MAX2(6, 7))),
                                 _mm512_max_ps(_mm512_max_ps(HG_MAX2(8, 9), HG_MAX2(10, 11)), _mm512_max_ps(HG_MAX2(12, 13), HG_MAX2(14, 15))));
        *mx = _mm512_max_ps(m, *mx);
    }
#undef HG_MAX2
#undef HG_LD
#undef HG_BF
#undef HG_ST
}

/* blocks of 16 .. 128 floats: stages 1 .. 8 inside each vector, as hg_fwht256_avx512 does them */
HG_INLINE __m512 hg_fwht16_avx512(__m512 v) {
    const __m512 one = _mm512_set1_ps(1.0f), neg = _mm512_set1_ps(-1.0f);
    v = _mm512_fmadd_ps(v, _mm512_mask_blend_ps(0xAAAA, one, neg), _mm512_permute_ps(v, 0xB1));
    v = _mm512_fmadd_ps(v, _mm512_mask_blend_ps(0xCCCC, one, neg), _mm512_permute_ps(v, 0x4E));
    v = _mm512_fmadd_ps(v, _mm512_mask_blend_ps(0xF0F0, one, neg), _mm512_shuffle_f32x4(v, v, 0xB1));
    return _mm512_fmadd_ps(v, _mm512_mask_blend_ps(0xFF00, one, neg), _mm512_shuffle_f32x4(v, v, 0x4E));
}
#endif

/* Butterflies (a, b) -> (a + b, a - b), stage by stage. The vector paths do
 * the very same float operations as the scalar loop, so the result is
 * bit-identical (hg_quantize_row uses the transform too). */
void hg_fwht(float *x, int n) {
    int len = 1;
#if defined(HG_AVX512)
    for (int i = 0; n >= 256 && i < n; i += 256) hg_fwht256_avx512(x + i, x + i, NULL, NULL);
    if (n >= 256) len = 256;
    for (int i = 0; n >= 16 && n < 256 && i < n; i += 16) _mm512_storeu_ps(x + i, hg_fwht16_avx512(_mm512_loadu_ps(x + i)));
    if (n >= 16 && n < 256) len = 16;
#elif defined(HG_AVX2)
    /* the same for stages 1, 2, 4 inside each 8-float block, each as fma(v, +-1, partner) */
    const __m256 one = _mm256_set1_ps(1.0f), neg = _mm256_set1_ps(-1.0f);
    const __m256 sg1 = _mm256_blend_ps(one, neg, 0xAA), sg2 = _mm256_blend_ps(one, neg, 0xCC), sg4 = _mm256_blend_ps(one, neg, 0xF0);
    for (int i = 0; n >= 8 && i < n; i += 8) {
        __m256 v = _mm256_loadu_ps(x + i);
        v = _mm256_fmadd_ps(v, sg1, _mm256_permute_ps(v, 0xB1));
        v = _mm256_fmadd_ps(v, sg2, _mm256_permute_ps(v, 0x4E));
        v = _mm256_fmadd_ps(v, sg4, _mm256_permute2f128_ps(v, v, 0x01));
        _mm256_storeu_ps(x + i, v);
    }
    if (n >= 8) len = 8;
#endif
    /* two stages (len, 2 len) a pass where both are whole vectors: the same butterflies, stage by stage,
     * for half the loads and stores (V: the vector type, W floats; P: its intrinsics' prefix) */
#define HG_FWHT_RADIX4(V, W, P)                                                                         \
    for (; len >= W && 4 * len <= n; len <<= 2)                                                         \
        for (int i = 0; i < n; i += 4 * len)                                                            \
            for (int j = i; j < i + len; j += W) {                                                      \
                V a0 = P##_loadu_ps(x + j), a1 = P##_loadu_ps(x + j + len);                             \
                V a2 = P##_loadu_ps(x + j + 2 * len), a3 = P##_loadu_ps(x + j + 3 * len);               \
                V b0 = P##_add_ps(a0, a1), b1 = P##_sub_ps(a0, a1), b2 = P##_add_ps(a2, a3), b3 = P##_sub_ps(a2, a3); \
                P##_storeu_ps(x + j, P##_add_ps(b0, b2));                                               \
                P##_storeu_ps(x + j + len, P##_add_ps(b1, b3));                                         \
                P##_storeu_ps(x + j + 2 * len, P##_sub_ps(b0, b2));                                     \
                P##_storeu_ps(x + j + 3 * len, P##_sub_ps(b1, b3));                                     \
            }
#if defined(HG_AVX512)
    HG_FWHT_RADIX4(__m512, 16, _mm512)
#elif defined(HG_AVX2)
    HG_FWHT_RADIX4(__m256, 8, _mm256)
#endif
#undef HG_FWHT_RADIX4
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

/* The rotation choice's sign vectors: R_0 = I; R_k (k = 1..K-1, K <= 32) negates column j where bit j % 64 of
 * hg_sign_word(hg_choice_seed(k), j / 64) is set, seeds past the files' 0..255. A block of a
 * rot_choice tensor is stored as Hn D R_k w, so it meets the activation's copy Hn D R_k x. */
static inline int hg_choice_seed(int k) { return 256 + k; }

/* x[j] = D_jj src[j] for columns col0 .. col0 + n - 1 of a row (x[0] is column col0; col0 a multiple of 64;
 * x may be src): flips float sign bits */
static void hg_copy_signs_at(float *x, const float *src, uint64_t col0, uint64_t n, int seed) {
    for (uint64_t j = 0; j < n; j += 64) {
        uint64_t bits = hg_sign_word(seed, (col0 + j) >> 6);
        uint64_t m = n - j < 64 ? n - j : 64, k = 0;
#if defined(HG_AVX512)
        for (; k + 16 <= m; k += 16) {   /* 16 bits of the word as a mask on the sign bits */
            __m512i v = _mm512_loadu_si512(src + j + k);
            _mm512_storeu_si512(x + j + k, _mm512_mask_xor_epi32(v, (__mmask16)(bits >> k), v, _mm512_set1_epi32(INT32_MIN)));
        }
#elif defined(HG_AVX2)
        const __m256i lane = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
        for (; k + 8 <= m; k += 8) {     /* 8 bits of the word spread over the lanes, moved to the sign bits */
            __m256i b = _mm256_and_si256(_mm256_set1_epi32((int)(bits >> k & 255)), lane);
            __m256i neg = _mm256_slli_epi32(_mm256_cmpeq_epi32(b, lane), 31);
            _mm256_storeu_ps(x + j + k, _mm256_xor_ps(_mm256_loadu_ps(src + j + k), _mm256_castsi256_ps(neg)));
        }
#endif
        for (; k < m; k++) {
            uint32_t u;
            memcpy(&u, src + j + k, 4);
            u ^= (uint32_t)(bits >> k & 1) << 31;
            memcpy(x + j + k, &u, 4);
        }
    }
}
static void hg_apply_signs(float *x, uint64_t n, int seed) { hg_copy_signs_at(x, x, 0, n, seed); }

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

/* the block transform's butterflies, H(had_m) (x) Sylvester, and its scaling 1 / sqrt(group) */
static void hg_block_butterflies(const hg_qinfo *q, float *x, int transpose) {
    int m = q->had_m, w = q->group / m;
    for (int a = 0; a < m; a++) hg_fwht(x + (size_t)a * w, w);
    if (m > 1) hg_base_transform(q->had_base, m, x, w, transpose);
}
static float hg_rotation_scale(const hg_qinfo *q) { return 1.0f / sqrtf((float)q->group); }
static void hg_block_transform(const hg_qinfo *q, float *x, int transpose) {
    hg_block_butterflies(q, x, transpose);
    hg_scale_floats(x, q->group, hg_rotation_scale(q));
}

void hg_rotate_block(const hg_qinfo *q, float *x) { hg_block_transform(q, x, 0); }
void hg_unrotate_block(const hg_qinfo *q, float *x) { hg_block_transform(q, x, 1); }

/* x (a block from column col0 on) times R_k: the rotation choice's signs (its own inverse) */
static void hg_choice_signs(float *x, uint64_t col0, int n, int k) {
    for (int i = 0; i < n && k; i++)
        if (hg_sign_negative(hg_choice_seed(k), col0 + (uint64_t)i)) x[i] = -x[i];
}

void hg_prepare_activation(const hg_qinfo *q, const float *x, float *xr) {
    memcpy(xr, x, q->cols * sizeof(float));
    memset(xr + q->cols, 0, (q->cols_pad - q->cols) * sizeof(float));
    if (q->type != HG_HIGGS) return;
    if (q->sign_seed) hg_apply_signs(xr, q->cols_pad, q->sign_seed);
    for (uint64_t b = 0; b < q->cols_pad; b += (uint64_t)q->group) hg_rotate_block(q, xr + b);
}

/* block g of a rot_choice row, rotated by Hn D R_k, moved to copy 0's rotation Hn D: Hn R_k Hn^T o
 * (the float path reads the one activation copy, Hn D x) */
static void hg_choice_to_copy0(const hg_qinfo *q, uint64_t g, int k, float *o) {
    if (!k) return;
    hg_unrotate_block(q, o);
    hg_choice_signs(o, g * (uint64_t)q->group, q->group, k);
    hg_rotate_block(q, o);
}

static inline const uint16_t *hg_qscales(const hg_tensor *w, const hg_qinfo *q, int row) {
    return (const uint16_t *)w->data + (uint64_t)row * q->groups;
}
static inline const uint8_t *hg_qcodes(const hg_tensor *w, const hg_qinfo *q, int row) {
    uint64_t scale_bytes = (w->rows * q->groups * 2 + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    return w->data + scale_bytes + (uint64_t)row * q->row_code_bytes;
}

