/* higgs.c implementation part: float dot products (f32/f16/bf16) with their scalar references.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

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

