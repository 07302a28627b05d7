/* higgs.c implementation part: quantized rows against float activations (AVX-512, AVX2).
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

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

/* portable: block g's weights, scale * point, its codes unpacked a chunk at a time */
static void hg_qdequant_block(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, uint64_t g, float *out) {
    int per_group = q->group / q->p;
    int32_t idx[4096];
    float s = hg_f16_to_f32(sc[g]);
    for (int done = 0; done < per_group; done += 4096) {
        int count = per_group - done < 4096 ? per_group - done : 4096;
        hg_unpack_codes(q, codes, g * (uint64_t)per_group + (uint64_t)done, count, idx);
        float *o = out + (uint64_t)done * (uint64_t)q->p;
        for (int k = 0; k < count; k++)
            for (int d = 0; d < q->p; d++) o[k * q->p + d] = s * q->codebook[(size_t)idx[k] * (size_t)q->p + (size_t)d];
    }
}

/* the row in the stored domain; rot_choice rows: every block in copy 0's rotation (hg_choice_to_copy0) */
static void hg_qdequant_scalar(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, float *out) {
    for (uint64_t g = 0; g < q->groups; g++) {
        float *o = out + g * (uint64_t)q->group;
        hg_qdequant_block(q, sc, codes, g, o);
        hg_choice_to_copy0(q, g, (int)(sc[g] & q->choice_mask), o);
    }
}

/* rot_choice rows against the float activation (copy 0): each block dequantized and moved to copy 0's
 * rotation, then the block's dot product; a portable path (the int8 kernels are the fast one) */
static float hg_qdot_choice(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr) {
    float o[HG_CHOICE_MAX_BLOCK], total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const float *x = xr + g * (uint64_t)q->group;
        hg_qdequant_block(q, sc, codes, g, o);
        hg_choice_to_copy0(q, g, (int)(sc[g] & q->choice_mask), o);
        float a0 = 0, a1 = 0;
        for (int i = 0; i < q->group; i += 2) a0 += o[i] * x[i], a1 += o[i + 1] * x[i + 1];
        total += a0 + a1;
    }
    return total;
}

void hg_qdequant_row_stored(const hg_tensor *w, const hg_qinfo *q, int row, float *out) {
    q->k.dequant(q, hg_qscales(w, q, row), hg_qcodes(w, q, row), out);
}

void hg_qmatvec_rows(float *out, const float *xr, const hg_tensor *w, const hg_qinfo *q, int row0, int row1) {
    for (int r = row0; r < row1; r++) out[r] = hg_qdot_row(w, q, r, xr);
}

