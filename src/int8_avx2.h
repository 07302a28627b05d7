/* higgs.c implementation part: int8 kernels for AVX2 (and AVX-VNNI).
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

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

/* two rows' block epilogues: t += (scale_b * d_b) * isum_b, each as the definition has it (isum_b:
 * the lanes' sum less off, the offset tables' 64 * sum(q)) */
HG_INLINE void hg_add_block2_avx2(float *t0, float *t1, uint16_t sc0, uint16_t sc1, float d, __m256i s0, __m256i s1,
                                  int32_t off) {
    *t0 += hg_block_epilogue(sc0, d, hg_isum_avx2(s0, _mm256_setzero_si256()) - off);
    *t1 += hg_block_epilogue(sc1, d, hg_isum_avx2(s1, _mm256_setzero_si256()) - off);
}
/* the same where the rows read their own blocks g0 and g1 of the activation (the rotation choice); off: per
 * unit of sum q */
HG_INLINE void hg_add_block2_rc_avx2(float *t0, float *t1, const hg_act8 *a, uint16_t sc0, uint16_t sc1, uint64_t g0,
                                     uint64_t g1, __m256i s0, __m256i s1, int32_t off) {
    *t0 += hg_block_epilogue(sc0, a->d[g0], hg_isum_avx2(s0, _mm256_setzero_si256()) - off * a->qsum[g0]);
    *t1 += hg_block_epilogue(sc1, a->d[g1], hg_isum_avx2(s1, _mm256_setzero_si256()) - off * a->qsum[g1]);
}
/* AVX2 has no unsigned-by-signed dot with 32-bit sums, but vpmaddubsw on |k|
 * and sign(k) * q cannot saturate (2 * 127 * 127 < 32768); natural order. */
static float hg_qdot8_p1n16_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const __m256i T = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)q->g8->k));
    const __m128i m4 = _mm_set1_epi8(15);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        const uint8_t *c = codes + g * H / 2;
        __m256i acc = _mm256_setzero_si256();
        for (uint64_t j = 0; j < H; j += 32, c += 16, x += 32) {
            __m128i b = _mm_loadu_si128((const __m128i *)c);
            __m128i lo = _mm_and_si128(b, m4), hi = _mm_and_si128(_mm_srli_epi16(b, 4), m4);
            __m256i idx = _mm256_set_m128i(_mm_unpackhi_epi8(lo, hi), _mm_unpacklo_epi8(lo, hi));
            __m256i k = _mm256_shuffle_epi8(T, idx), v = _mm256_loadu_si256((const __m256i *)x);
            acc = hg_dpbusd_avx2(acc, _mm256_sign_epi8(k, k), _mm256_sign_epi8(v, k));
        }
        isum = hg_isum_avx2(acc, _mm256_setzero_si256());
    })
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
        total += hg_block_epilogue(sc[g], a->d[g], hg_isum_avx2(s, _mm256_setzero_si256()));
    }
    return total;
}

/* Several tokens at once (rows8n, hg_qmatvec8_tokens) for RTN 8-bit, the 8-bit head a step of several
 * conversations multiplies once per token: each 32 weights' flipped codes and magnitudes once, then per
 * token the signs on its activation and the products, hg_p1n256_block_avx2's integers; each block's
 * epilogue as hg_add4_blocks does it lane by lane, so each product is hg_qdot8_row's bit for bit. N (1..4)
 * a constant. */
HG_INLINE void hg_qrows8n_p1n256_avx2_n(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, const int N, int row0,
                                        int row1, float *out, size_t ostride) {
    const __m256i flip = _mm256_set1_epi8((char)0x80);
    const uint64_t H = (uint64_t)q->group;
    for (int r = row0; r < row1; r++) {
        const uint16_t *sc = hg_qscales(w, q, r);
        const uint8_t *c = hg_qcodes(w, q, r);
        float tot[4] = {0, 0, 0, 0};
        for (uint64_t g = 0; g < q->groups; g++, c += H) {
            __m256i s[4][2];
            for (int k = 0; k < 4; k++) s[k][0] = s[k][1] = _mm256_setzero_si256();
            for (uint64_t j = 0; j < H; j += 64)
                for (int h = 0; h < 2 && j + 32 * (uint64_t)h < H; h++) {   /* a block of 32 + 64i ends with one step */
                    const __m256i k = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(c + j + 32 * h)), flip);
                    const __m256i mag = _mm256_sign_epi8(k, k);
                    for (int t = 0; t < N; t++) {
                        const __m256i x = _mm256_loadu_si256((const __m256i *)(a[t].q + g * H + j + 32 * h));
                        s[t][h] = hg_dpbusd_avx2(s[t][h], mag, _mm256_sign_epi8(x, k));
                    }
                }
            for (int t = 0; t < N; t++) tot[t] += hg_block_epilogue(sc[g], a[t].d[g], hg_isum_avx2(s[t][0], s[t][1]));
        }
        for (int t = 0; t < N; t++) out[(size_t)t * ostride + (size_t)(r - row0)] = tot[t];
    }
}
static void hg_qrows8n_p1n256_avx2(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int B, int row0, int row1,
                                   float *out, size_t ostride) {
#define HG_ROWS8N(n) hg_qrows8n_p1n256_avx2_n(w, q, a, n, row0, row1, out, ostride)
    HG_TOKENS_BY_4(a, out, ostride, B, HG_ROWS8N);
#undef HG_ROWS8N
}

/* p=2, 256 points (8-bit codes) and 64 (6-bit): the (kx, ky) int16 pairs of 8 codes, looked up with
 * scalar loads and packed into a vector, multiplied by the activation pairs
 * with vpmaddwd. Not vpgatherdd: in cache on the bench host (Zen 5, an AVX2
 * build of bench/bench_kernels) the gathers decoded 3.1-3.3 GB/s of codes and
 * the scalar loads 4.8-5.2; microcode that mitigates Gather Data Sampling
 * makes gathers slower still on many Intel CPUs. */
HG_INLINE float hg_qdot8_pairs_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int bits) {
    const int32_t *tab = q->g8->kxy16;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        const uint8_t *c = codes + g * H / 2 * (uint64_t)bits / 8;
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
        isum = hg_isum_avx2(a0, a1);
    })
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
/* p=1 32 and 64 levels (5- and 6-bit codes): 32 codes a step. The Gaussian levels are antisymmetric,
 * k[n - 1 - c] = -k[c] (test_kernels checks the kernels against the definition), so a level is a sign
 * times one of the n/2 magnitudes M, and only M is looked up: one 16-entry table for 5 bits, two and a
 * blend for 6, where the signed levels took two tables (5 bits) or four and three blends (6). A byte
 * whose sign is the level's (never zero) puts the sign onto the activation (vpsignb), and vpmaddubsw
 * multiplies the magnitude by it (2 * 127 * 127 < 32768). The kinds:
 *  - 5 and 6, the bit stream (hg_codes5x32_avx2, hg_codes6x32_avx2: code i in byte i): with d = c - n/2
 *    the level is sign(d) * M[max(d, -1 - d)], the sign byte d | 1;
 *  - HG_P1K_SYMPL, the sign-magnitude 64 levels in the planar layout (HG_VARIANT_SYM_PLANAR, 24 bytes per
 *    32 codes, hg_code_at_planar): the nibbles are M's index bits 0-3 as they are (one broadcast, per-lane
 *    shifts by 0 and 4), and h = e ^ nibble, the 2-bit fields broadcast and shifted per 64-bit lane,
 *    holds index bit 4 (the blend) and the sign in bits 0 and 1; 9 vector instructions from bytes to
 *    the product where the bit stream takes 15;
 *  - HG_P1K_SYMPL5, the sign-magnitude 32 levels in their planar layout (20 bytes per 32 codes,
 *    hg_code_at_p1b5planar): the nibbles index M as they are, and the sign word, broadcast and shifted
 *    left by 7 - j in 32-bit lane j, has code i's sign in bit 7 of byte i; 6 instructions where the bit
 *    stream takes 14. */
/* the planar layouts' 32 nibbles at c (16 bytes: codes 0-15 in the low nibbles, 16-31 in the high ones),
 * code i's in byte i: one broadcast, per-lane shifts by 0 and 4 */
HG_INLINE __m256i hg_nibbles32_avx2(const uint8_t *c) {
    const __m256i nib = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)c));
    return _mm256_and_si256(_mm256_srlv_epi64(nib, _mm256_setr_epi64x(0, 0, 4, 4)), _mm256_set1_epi8(15));
}
/* the 6-bit planar layout's 32 codes at c: byte i of *xi is code i's nibble (bits 0-3), bits 0-1 of byte i
 * of *e its field e = (c >> 4) ^ (c & 3) (bits 2-7: other codes' fields) */
HG_INLINE void hg_planar6_avx2(const uint8_t *c, __m256i *xi, __m256i *e) {
    uint64_t e8;
    memcpy(&e8, c + 16, 8);
    *xi = hg_nibbles32_avx2(c);
    *e = _mm256_srlv_epi64(_mm256_set1_epi64x((long long)e8), _mm256_setr_epi64x(0, 2, 4, 6));
}
enum { HG_P1K_SYMPL = 7, HG_P1K_SYMPL5 = 8 };
HG_INLINE __m256i hg_p1_mag32_avx2(const __m256i M[2], const uint8_t *c, const uint8_t *end, const int kind, __m256i *sgn) {
    if (kind == HG_P1K_SYMPL5) {   /* the 5-bit planes: one table by the nibble, the sign word's bits to bit 7 */
        uint32_t w;
        memcpy(&w, c + 16, 4);
        const __m256i xi = hg_nibbles32_avx2(c);
        *sgn = _mm256_or_si256(_mm256_sllv_epi32(_mm256_set1_epi32((int)w), _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0)),
                               _mm256_set1_epi8(1));
        return _mm256_shuffle_epi8(M[0], xi);
    }
    if (kind == HG_P1K_SYMPL) {
        __m256i xi, e;
        hg_planar6_avx2(c, &xi, &e);
        const __m256i h = _mm256_xor_si256(e, xi);
        *sgn = _mm256_or_si256(_mm256_slli_epi16(h, 6), _mm256_set1_epi8(1));   /* bit 1 of each byte to bit 7 */
        return hg_blendv_avx2(_mm256_shuffle_epi8(M[0], xi), _mm256_shuffle_epi8(M[1], xi), _mm256_slli_epi16(h, 7));
    }
    const __m256i u = kind == 5 ? hg_codes5x32_avx2(c, end) : hg_codes6x32_avx2(c, end);   /* the bit streams */
    const __m256i d = _mm256_sub_epi8(u, _mm256_set1_epi8((char)(kind == 5 ? 16 : 32)));
    const __m256i i = _mm256_max_epi8(d, _mm256_xor_si256(d, _mm256_set1_epi8(-1)));
    *sgn = _mm256_or_si256(d, _mm256_set1_epi8(1));
    if (kind == 5) return _mm256_shuffle_epi8(M[0], i);
    return hg_blendv_avx2(_mm256_shuffle_epi8(M[0], i), _mm256_shuffle_epi8(M[1], i), _mm256_slli_epi16(i, 3));
}
/* M: the magnitudes, 16 a table: the positive levels k[n/2 ..], or in sign-magnitude order k[0 ..] */
HG_INLINE void hg_p1_mags_avx2(const hg_qinfo *q, __m256i M[2]) {
    const int8_t *m = q->g8->k + (q->variant == HG_GRID_SIGNSYM ? 0 : q->n / 2);
    for (int h = 0; h < 2; h++) M[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(m + 16 * (h % (q->n / 32)))));
}
/* the kind of q's rows (above) */
HG_INLINE int hg_p1k_kind(const hg_qinfo *q) {
    return q->planar == HG_PLANAR_P1B5 ? HG_P1K_SYMPL5 : q->planar ? HG_P1K_SYMPL : q->bits;
}
/* acc + 32 codes at c against the 32 activations v */
HG_INLINE __m256i hg_p1k_x32_avx2(__m256i acc, const __m256i M[2], const uint8_t *c, const uint8_t *end, const int kind, __m256i v) {
    __m256i sgn;
    const __m256i mag = hg_p1_mag32_avx2(M, c, end, kind, &sgn);
    return hg_dpbusd_avx2(acc, mag, _mm256_sign_epi8(v, sgn));
}
/* one block of H weights (a multiple of 32), for one row (two = 0) or two (codes at c1, end1): steps
 * of 64 weights into two accumulators a row, s[0..1] and s[2..3], each activation vector loaded once
 * for both rows; a block's last 32 weights, where H is an odd multiple of 32, one more step */
HG_INLINE void hg_p1k_block_avx2(__m256i s[4], const __m256i M[2], const int kind, const int two, const uint8_t *c0,
                                 const uint8_t *c1, const uint8_t *end0, const uint8_t *end1, const int8_t *x, uint64_t H) {
    const uint64_t step = kind == 5 || kind == HG_P1K_SYMPL5 ? 20 : 24;   /* code bytes per 32 weights */
    uint64_t j = 0;
    for (; j + 64 <= H; j += 64, c0 += 2 * step, c1 += two ? 2 * step : 0, x += 64) {
        const __m256i v0 = _mm256_loadu_si256((const __m256i *)x), v1 = _mm256_loadu_si256((const __m256i *)(x + 32));
        s[0] = hg_p1k_x32_avx2(s[0], M, c0, end0, kind, v0);
        s[1] = hg_p1k_x32_avx2(s[1], M, c0 + step, end0, kind, v1);
        if (!two) continue;
        s[2] = hg_p1k_x32_avx2(s[2], M, c1, end1, kind, v0);
        s[3] = hg_p1k_x32_avx2(s[3], M, c1 + step, end1, kind, v1);
    }
    if (j < H) {
        const __m256i v = _mm256_loadu_si256((const __m256i *)x);
        s[0] = hg_p1k_x32_avx2(s[0], M, c0, end0, kind, v);
        if (two) s[2] = hg_p1k_x32_avx2(s[2], M, c1, end1, kind, v);
    }
}
HG_INLINE float hg_qdot8_p1kind_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int kind) {
    __m256i M[2];
    hg_p1_mags_avx2(q, M);
    const uint8_t *end = codes + q->row_code_bytes;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        __m256i s[4] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
        hg_p1k_block_avx2(s, M, kind, 0, codes + g * H * (uint64_t)q->bits / 8, codes, end, end, x, H);
        isum = hg_isum_avx2(s[0], s[1]);
    })
    return total;
}
static float hg_qdot8_p1k_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int kind = hg_p1k_kind(q);
    return kind == 5   ? hg_qdot8_p1kind_avx2(q, sc, codes, a, 5)
           : kind == 6 ? hg_qdot8_p1kind_avx2(q, sc, codes, a, 6)
           : kind == HG_P1K_SYMPL5 ? hg_qdot8_p1kind_avx2(q, sc, codes, a, HG_P1K_SYMPL5)
                                   : hg_qdot8_p1kind_avx2(q, sc, codes, a, HG_P1K_SYMPL);
}
/* two rows at once (hg_qmatvec8_rows2), as hg_qrows8x2_p2n64kind_avx2; p=1 rows have no rotation choice */
HG_INLINE void hg_qrows8x2_p1kind_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                       int row1, float *out1, int n, const hg_act8 *a, const int kind) {
    __m256i M[2];
    hg_p1_mags_avx2(q, M);
    const uint64_t H = (uint64_t)q->group;
    for (int r = 0; r < n; r++) {
        const uint16_t *sc0 = hg_qscales(w0, q, row0 + r), *sc1 = hg_qscales(w1, q, row1 + r);
        const uint8_t *codes0 = hg_qcodes(w0, q, row0 + r), *codes1 = hg_qcodes(w1, q, row1 + r);
        const uint8_t *end0 = codes0 + q->row_code_bytes, *end1 = codes1 + q->row_code_bytes;
        float t0 = 0, t1 = 0;
        for (uint64_t g = 0; g < q->groups; g++) {
            __m256i s[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
            const uint64_t off = g * H * (uint64_t)q->bits / 8;
            hg_p1k_block_avx2(s, M, kind, 1, codes0 + off, codes1 + off, end0, end1, a->q + g * H, H);
            hg_add_block2_avx2(&t0, &t1, sc0[g], sc1[g], a->d[g], _mm256_add_epi32(s[0], s[1]), _mm256_add_epi32(s[2], s[3]), 0);
        }
        out0[r] = t0;
        out1[r] = t1;
    }
}
static void hg_qrows8x2_p1k_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1, int row1,
                                 float *out1, int n, const hg_act8 *a) {
    const int kind = hg_p1k_kind(q);
    if (kind == 5) hg_qrows8x2_p1kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, 5);
    else if (kind == 6) hg_qrows8x2_p1kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, 6);
    else if (kind == HG_P1K_SYMPL5) hg_qrows8x2_p1kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P1K_SYMPL5);
    else hg_qrows8x2_p1kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P1K_SYMPL);
}
/* prompts: the row's k, natural order (hg_qmatmul8_avx2) */
static void hg_row8_decode_p1k_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    __m256i M[2], sgn;
    hg_p1_mags_avx2(q, M);
    const int kind = hg_p1k_kind(q);
    const uint8_t *end = codes + q->row_code_bytes;
    for (uint64_t i = 0; i < q->cols_pad; i += 32, codes += 4 * q->bits) {
        const __m256i mag = hg_p1_mag32_avx2(M, codes, end, kind, &sgn);
        _mm256_storeu_si256((__m256i *)(k + i), _mm256_sign_epi8(mag, sgn));
    }
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
 * t/2 x then the t/2 y. The 16-code version takes the blocks' last 16 codes (blocks that are an odd multiple of 32). */
/* |kx| and |ky| of the 32 codes in c (one per byte) */
HG_INLINE void hg_p2n256kind_mags_avx2(const __m256i TX[4], const __m256i TY[4], __m256i c, const int blocks, __m256i *kx, __m256i *ky) {
    if (blocks) {   /* HG_GRID_BLOCKS: |x| entry m & 15 of TX[0], |y| entry m >> 2 of TY[0] (bits 0-3 of the shifted byte) */
        const __m256i m15 = _mm256_set1_epi8(15);
        *kx = _mm256_shuffle_epi8(TX[0], _mm256_and_si256(c, m15));
        *ky = _mm256_shuffle_epi8(TY[0], _mm256_and_si256(_mm256_srli_epi16(c, 2), m15));
    } else {
        const __m256i i = _mm256_and_si256(c, _mm256_set1_epi8(63)), m4 = _mm256_slli_epi16(c, 3), m5 = _mm256_slli_epi16(c, 2);
        *kx = hg_lut64_avx2(TX, i, m4, m5);
        *ky = hg_lut64_avx2(TY, i, m4, m5);
    }
}
HG_INLINE __m256i hg_p2n256kind_x32_avx2(__m256i acc, const __m256i TX[4], const __m256i TY[4], __m256i c, __m256i vx, __m256i vy,
                                 const int blocks) {
    const __m256i sy = _mm256_or_si256(c, _mm256_set1_epi8(1)), sx = _mm256_slli_epi16(sy, 1);
    __m256i kx, ky;
    hg_p2n256kind_mags_avx2(TX, TY, c, blocks, &kx, &ky);
    acc = hg_dpbusd_avx2(acc, kx, _mm256_sign_epi8(vx, sx));
    return hg_dpbusd_avx2(acc, ky, _mm256_sign_epi8(vy, sy));
}
HG_INLINE __m128i hg_lut64_sse(const __m256i T[4], __m128i c, __m128i m4, __m128i m5) {
    __m128i a = hg_blendv_sse(_mm_shuffle_epi8(_mm256_castsi256_si128(T[0]), c), _mm_shuffle_epi8(_mm256_castsi256_si128(T[1]), c), m4);
    __m128i b = hg_blendv_sse(_mm_shuffle_epi8(_mm256_castsi256_si128(T[2]), c), _mm_shuffle_epi8(_mm256_castsi256_si128(T[3]), c), m4);
    return hg_blendv_sse(a, b, m5);
}
HG_INLINE __m128i hg_p2n256kind_x16_sse(const __m256i TX[4], const __m256i TY[4], __m128i c, __m128i vx, __m128i vy, const int blocks) {
    const __m128i sy = _mm_or_si128(c, _mm_set1_epi8(1)), sx = _mm_slli_epi16(sy, 1), ones = _mm_set1_epi16(1);
    __m128i kx, ky;
    if (blocks) {
        const __m128i m15 = _mm_set1_epi8(15);
        kx = _mm_shuffle_epi8(_mm256_castsi256_si128(TX[0]), _mm_and_si128(c, m15));
        ky = _mm_shuffle_epi8(_mm256_castsi256_si128(TY[0]), _mm_and_si128(_mm_srli_epi16(c, 2), m15));
    } else {
        const __m128i i = _mm_and_si128(c, _mm_set1_epi8(63)), m4 = _mm_slli_epi16(c, 3), m5 = _mm_slli_epi16(c, 2);
        kx = hg_lut64_sse(TX, i, m4, m5);
        ky = hg_lut64_sse(TY, i, m4, m5);
    }
    __m128i px = _mm_maddubs_epi16(kx, _mm_sign_epi8(vx, sx));
    __m128i py = _mm_maddubs_epi16(ky, _mm_sign_epi8(vy, sy));
    return _mm_add_epi32(_mm_madd_epi16(px, ones), _mm_madd_epi16(py, ones));
}
/* a block's last t = 32, 64 or 96 weights (its length mod 128): m = t/2 codes, the m x then the m y */
HG_INLINE __m256i hg_p2n256kind_tail_avx2(const __m256i TX[4], const __m256i TY[4], const uint8_t *c, const int8_t *x, uint64_t m,
                                   const int blocks) {
    __m256i s = _mm256_setzero_si256();
    uint64_t i = 0;
    if (m >= 32) {
        s = hg_p2n256kind_x32_avx2(s, TX, TY, _mm256_loadu_si256((const __m256i *)c), _mm256_loadu_si256((const __m256i *)x),
                          _mm256_loadu_si256((const __m256i *)(x + m)), blocks);
        i = 32;
    }
    if (i < m)
        s = _mm256_add_epi32(s, _mm256_castsi128_si256(hg_p2n256kind_x16_sse(TX, TY, _mm_loadu_si128((const __m128i *)(c + i)),
                                                                    _mm_loadu_si128((const __m128i *)(x + i)),
                                                                    _mm_loadu_si128((const __m128i *)(x + m + i)), blocks)));
    return s;
}
/* the lookup tables: the 64 magnitudes' four 16-entry tables per coordinate, or (blocks) X and Y */
HG_INLINE void hg_p2n256kind_tables_avx2(const hg_qinfo *q, __m256i TX[4], __m256i TY[4], const int blocks) {
    for (int h = 0; h < (blocks ? 1 : 4); h++) {
        TX[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(q->g8->kabs[0] + 16 * h)));
        TY[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(blocks ? q->g8->blk_ky : q->g8->kabs[1] + 16 * h)));
    }
}
/* Blocks of 64 (--hadamard 64): a block is one 32-code step, so its reduction and epilogue would cost as
 * much as its products; here eight blocks' sums are reduced together (hg_sum8_blocks_avx2) and their
 * epilogues computed as one vector (hg_add_blocks8). Each block's int32 sum and float steps are the
 * one-block loop's, so the results are its bits. One row (two = 0) or two, sharing the activation loads
 * where they read the same copies. */
HG_INLINE __m256i hg_sum8_blocks_avx2(const __m256i s[8]) {   /* the eight lanes' sums of s[0..7], in order */
    const __m256i lo = _mm256_hadd_epi32(_mm256_hadd_epi32(s[0], s[1]), _mm256_hadd_epi32(s[2], s[3]));
    const __m256i hi = _mm256_hadd_epi32(_mm256_hadd_epi32(s[4], s[5]), _mm256_hadd_epi32(s[6], s[7]));
    return _mm256_add_epi32(_mm256_permute2x128_si256(lo, hi, 0x20), _mm256_permute2x128_si256(lo, hi, 0x31));
}
/* blocks g .. g + n - 1 (n <= 8) of one row or two, into their totals */
HG_INLINE void hg_p2n256kind_g64_group(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                       const uint8_t *c1, const hg_act8 *a, uint64_t g, int n, const __m256i TX[4],
                                       const __m256i TY[4], float *t0, float *t1, const int two, const int blocks, const int choice) {
    __m256i s0[8], s1[8];
    for (int i = 0; i < 8; i++) {
        s0[i] = s1[i] = _mm256_setzero_si256();
        if (i >= n) continue;
        const int8_t *x = a->qp + (choice ? hg_choice_block(q, sc0, g + (uint64_t)i) : g + (uint64_t)i) * 64;
        const __m256i vx = _mm256_loadu_si256((const __m256i *)x), vy = _mm256_loadu_si256((const __m256i *)(x + 32));
        s0[i] = hg_p2n256kind_x32_avx2(s0[i], TX, TY, _mm256_loadu_si256((const __m256i *)(c0 + 32 * i)), vx, vy, blocks);
        if (!two) continue;
        __m256i wx = vx, wy = vy;
        if (choice) {
            const int8_t *x1 = a->qp + hg_choice_block(q, sc1, g + (uint64_t)i) * 64;
            wx = _mm256_loadu_si256((const __m256i *)x1), wy = _mm256_loadu_si256((const __m256i *)(x1 + 32));
        }
        s1[i] = hg_p2n256kind_x32_avx2(s1[i], TX, TY, _mm256_loadu_si256((const __m256i *)(c1 + 32 * i)), wx, wy, blocks);
    }
    *t0 = hg_add_blocks8(*t0, q, sc0, a, g, n, hg_sum8_blocks_avx2(s0), choice);
    if (two) *t1 = hg_add_blocks8(*t1, q, sc1, a, g, n, hg_sum8_blocks_avx2(s1), choice);
}
/* a row's last groups % 8 blocks (n), out of the loop below */
HG_NOINLINE void hg_p2n256kind_g64_last(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                        const uint8_t *c1, const hg_act8 *a, uint64_t g, int n, const __m256i TX[4],
                                        const __m256i TY[4], float *t0, float *t1, int two, int blocks) {
    if (q->choice_bits) hg_p2n256kind_g64_group(q, sc0, c0, sc1, c1, a, g, n, TX, TY, t0, t1, two, blocks, 1);
    else hg_p2n256kind_g64_group(q, sc0, c0, sc1, c1, a, g, n, TX, TY, t0, t1, two, blocks, 0);
}
HG_INLINE void hg_qdot8xn_p2n256kind_g64_avx2(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                              const uint8_t *c1, const hg_act8 *a, const __m256i TX[4], const __m256i TY[4],
                                              float *y0, float *y1, const int two, const int blocks, const int choice) {
    float t0 = 0, t1 = 0;
    uint64_t g = 0;
    for (; g + 8 <= q->groups; g += 8, c0 += 256, c1 += 256) {
        if (choice) hg_prefetch_blocks2(c0, two ? c1 : c0, 256);
        hg_p2n256kind_g64_group(q, sc0, c0, sc1, c1, a, g, 8, TX, TY, &t0, &t1, two, blocks, choice);
    }
    if (g < q->groups) hg_p2n256kind_g64_last(q, sc0, c0, sc1, c1, a, g, (int)(q->groups - g), TX, TY, &t0, &t1, two, blocks);
    *y0 = t0;
    if (two) *y1 = t1;
}
HG_INLINE float hg_qdot8_p2n256kind_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int blocks) {
    __m256i TX[4], TY[4];
    hg_p2n256kind_tables_avx2(q, TX, TY, blocks);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    if (H == 64) {   /* blocks of 64: eight at a time */
        if (q->choice_bits) hg_qdot8xn_p2n256kind_g64_avx2(q, sc, codes, sc, codes, a, TX, TY, &total, NULL, 0, blocks, 1);
        else hg_qdot8xn_p2n256kind_g64_avx2(q, sc, codes, sc, codes, a, TX, TY, &total, NULL, 0, blocks, 0);
        return total;
    }
    HG_FOR_BLOCKS8(q, sc, a, a->qp, total, {
        const uint8_t *c = codes + g * H / 2;
        __m256i a0 = _mm256_setzero_si256(), a1 = a0;
        uint64_t j = 0;
        for (; j + 128 <= H; j += 128, c += 64, x += 128) {
            a0 = hg_p2n256kind_x32_avx2(a0, TX, TY, _mm256_loadu_si256((const __m256i *)c), _mm256_loadu_si256((const __m256i *)x),
                               _mm256_loadu_si256((const __m256i *)(x + 64)), blocks);
            a1 = hg_p2n256kind_x32_avx2(a1, TX, TY, _mm256_loadu_si256((const __m256i *)(c + 32)), _mm256_loadu_si256((const __m256i *)(x + 32)),
                               _mm256_loadu_si256((const __m256i *)(x + 96)), blocks);
        }
        if (j < H) a1 = _mm256_add_epi32(a1, hg_p2n256kind_tail_avx2(TX, TY, c, x, (H - j) / 2, blocks));
        isum = hg_isum_avx2(a0, a1);
    })
    return total;
}
static float hg_qdot8_p2n256sym_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n256kind_avx2(q, sc, codes, a, 0);
}
static float hg_qdot8_p2n256blk_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n256kind_avx2(q, sc, codes, a, 1);
}
/* Several tokens at once (rows8n, hg_qmatvec8_tokens) for p=2 4-bit sym in blocks of 128k: each 32 codes'
 * magnitudes and sign vectors once (hg_p2n256kind_mags_avx2), then per token the signs on its activation
 * and the products, the one-token kernel's integers (hg_p2n256kind_x32_avx2 with the lookups shared) and
 * its scalar epilogue, so each product is hg_qdot8_row's bit for bit. With AVX-VNNI the signs go on the
 * shared weights instead (as k + 128, the AVX-512 kernel's form): two vpdpbusd a token, without the two
 * vpsignb. N (1..4) and choice are constants. */
HG_INLINE void hg_qrows8n_p2n256sym_avx2_n(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, const int N, const int choice,
                                           int row0, int row1, float *out, size_t ostride) {
    __m256i TX[4], TY[4];
    hg_p2n256kind_tables_avx2(q, TX, TY, 0);
    const uint64_t H = (uint64_t)q->group;
    for (int r = row0; r < row1; r++) {
        const uint16_t *sc = hg_qscales(w, q, r);
        const uint8_t *c = hg_qcodes(w, q, r);
        float tot[4] = {0, 0, 0, 0};
        for (uint64_t g = 0; g < q->groups; g++) {
            const uint64_t gk = choice ? hg_choice_block(q, sc, g) : g;
            __m256i s[4][2];
            for (int k = 0; k < 4; k++) s[k][0] = s[k][1] = _mm256_setzero_si256();
            /* 64 codes a step: the first 32 against x[j..] (y 64 further) into s[k][0], the next 32 against
             * x[j + 32..] into s[k][1]; constant indices, so the accumulators stay in registers */
            for (uint64_t j = 0; j < H; j += 128, c += 64)
                for (int h = 0; h < 2; h++) {
                    const __m256i cv = _mm256_loadu_si256((const __m256i *)(c + 32 * h));
                    const __m256i sy = _mm256_or_si256(cv, _mm256_set1_epi8(1)), sx = _mm256_slli_epi16(sy, 1);
                    __m256i kx, ky;
                    hg_p2n256kind_mags_avx2(TX, TY, cv, 0, &kx, &ky);
#if defined(HG_AVXVNNI)
                    /* the weights once as unsigned k + 128 (signs on the magnitudes, top bit flipped), then two
                     * vpdpbusd a token on its activation as it is; 128 sum q comes off in the epilogue */
                    const __m256i top = _mm256_set1_epi8((char)0x80);
                    const __m256i ux = _mm256_xor_si256(_mm256_sign_epi8(kx, sx), top);
                    const __m256i uy = _mm256_xor_si256(_mm256_sign_epi8(ky, sy), top);
                    for (int k = 0; k < N; k++) {
                        const int8_t *x = a[k].qp + gk * H + j + 32 * h;
                        s[k][h] = _mm256_dpbusd_avx_epi32(s[k][h], ux, _mm256_loadu_si256((const __m256i *)x));
                        s[k][h] = _mm256_dpbusd_avx_epi32(s[k][h], uy, _mm256_loadu_si256((const __m256i *)(x + 64)));
                    }
#else
                    for (int k = 0; k < N; k++) {
                        const int8_t *x = a[k].qp + gk * H + j + 32 * h;
                        s[k][h] = hg_dpbusd_avx2(s[k][h], kx, _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)x), sx));
                        s[k][h] = hg_dpbusd_avx2(s[k][h], ky, _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)(x + 64)), sy));
                    }
#endif
                }
            for (int k = 0; k < N; k++) {
                int32_t isum = hg_isum_avx2(s[k][0], s[k][1]);
#if defined(HG_AVXVNNI)
                isum -= 128 * a[k].qsum[gk];
#endif
                tot[k] += hg_block_epilogue(sc[g], a[k].d[gk], isum);
            }
        }
        for (int k = 0; k < N; k++) out[(size_t)k * ostride + (size_t)(r - row0)] = tot[k];
    }
}
static void hg_qrows8n_p2n256sym_avx2(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int B, int row0, int row1,
                                      float *out, size_t ostride) {
#define HG_ROWS8N(n)                                                                                                 \
    (q->choice_bits ? hg_qrows8n_p2n256sym_avx2_n(w, q, a, n, 1, row0, row1, out, ostride)                          \
                    : hg_qrows8n_p2n256sym_avx2_n(w, q, a, n, 0, row0, row1, out, ostride))
    HG_TOKENS_BY_4(a, out, ostride, B, HG_ROWS8N);
#undef HG_ROWS8N
}
/* two rows at once (hg_qmatvec8_rows2): each activation vector loaded once for both, and two
 * streams through memory in flight; each row's sums and epilogue as in hg_qdot8_p2n256kind_avx2 */
HG_INLINE void hg_qrows8x2_p2n256kind_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                     int row1, float *out1, int n, const hg_act8 *a, const int blocks, const int choice) {
    __m256i TX[4], TY[4];
    hg_p2n256kind_tables_avx2(q, TX, TY, blocks);
    const uint64_t H = (uint64_t)q->group;
    for (int r = 0; r < n; r++) {
        const uint16_t *sc0 = hg_qscales(w0, q, row0 + r), *sc1 = hg_qscales(w1, q, row1 + r);
        const uint8_t *codes0 = hg_qcodes(w0, q, row0 + r), *codes1 = hg_qcodes(w1, q, row1 + r);
        if (H == 64) {   /* blocks of 64: eight at a time */
            hg_qdot8xn_p2n256kind_g64_avx2(q, sc0, codes0, sc1, codes1, a, TX, TY, &out0[r], &out1[r], 1, blocks, choice);
            continue;
        }
        float t0 = 0, t1 = 0;
        for (uint64_t g = 0; g < q->groups; g++) {
            const uint8_t *c0 = codes0 + g * H / 2, *c1 = codes1 + g * H / 2;
            /* the rows' blocks of the activation: their own copies with the rotation choice (x1) */
            const uint64_t g0 = choice ? hg_choice_block(q, sc0, g) : g, g1 = choice ? hg_choice_block(q, sc1, g) : g;
            const int8_t *x = a->qp + g0 * H, *x1 = a->qp + g1 * H;
            if (choice) hg_prefetch_blocks2(c0, c1, H / 2);
            __m256i s0 = _mm256_setzero_si256(), s1 = s0;
            uint64_t j = 0;
            for (; j + 128 <= H; j += 128, c0 += 64, c1 += 64, x += 128, x1 += 128) {
                __m256i vx = _mm256_loadu_si256((const __m256i *)x), vy = _mm256_loadu_si256((const __m256i *)(x + 64));
                __m256i wx = choice ? _mm256_loadu_si256((const __m256i *)x1) : vx;
                __m256i wy = choice ? _mm256_loadu_si256((const __m256i *)(x1 + 64)) : vy;
                s0 = hg_p2n256kind_x32_avx2(s0, TX, TY, _mm256_loadu_si256((const __m256i *)c0), vx, vy, blocks);
                s1 = hg_p2n256kind_x32_avx2(s1, TX, TY, _mm256_loadu_si256((const __m256i *)c1), wx, wy, blocks);
                vx = _mm256_loadu_si256((const __m256i *)(x + 32)), vy = _mm256_loadu_si256((const __m256i *)(x + 96));
                wx = choice ? _mm256_loadu_si256((const __m256i *)(x1 + 32)) : vx;
                wy = choice ? _mm256_loadu_si256((const __m256i *)(x1 + 96)) : vy;
                s0 = hg_p2n256kind_x32_avx2(s0, TX, TY, _mm256_loadu_si256((const __m256i *)(c0 + 32)), vx, vy, blocks);
                s1 = hg_p2n256kind_x32_avx2(s1, TX, TY, _mm256_loadu_si256((const __m256i *)(c1 + 32)), wx, wy, blocks);
            }
            if (j < H) {
                s0 = _mm256_add_epi32(s0, hg_p2n256kind_tail_avx2(TX, TY, c0, x, (H - j) / 2, blocks));
                s1 = _mm256_add_epi32(s1, hg_p2n256kind_tail_avx2(TX, TY, c1, x1, (H - j) / 2, blocks));
            }
            if (choice) hg_add_block2_rc_avx2(&t0, &t1, a, sc0[g], sc1[g], g0, g1, s0, s1, 0);
            else hg_add_block2_avx2(&t0, &t1, sc0[g], sc1[g], a->d[g], s0, s1, 0);
        }
        out0[r] = t0;
        out1[r] = t1;
    }
}
static void hg_qrows8x2_p2n256sym_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                 int row1, float *out1, int n, const hg_act8 *a) {
    if (q->choice_bits) hg_qrows8x2_p2n256kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, 0, 1);
    else hg_qrows8x2_p2n256kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, 0, 0);
}
static void hg_qrows8x2_p2n256blk_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                 int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2n256kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, 1, 0);
}
/* a row's int8 weights for the prompt product in natural order (as hg_row8_decode_p2n64kind_avx2): 32
 * codes a step, magnitudes looked up as in hg_p2n256kind_x32_avx2 and the signs (code bits 6 and 7) put on
 * them, x and y interleaved; a row's last 16 codes by scalar loads */
HG_INLINE void hg_row8_decode_p2n256kind_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k, const int blocks) {
    __m256i TX[4], TY[4];
    hg_p2n256kind_tables_avx2(q, TX, TY, blocks);
    const uint64_t n = q->cols_pad / 2;
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m256i c = _mm256_loadu_si256((const __m256i *)(codes + i));
        const __m256i sy = _mm256_or_si256(c, _mm256_set1_epi8(1)), sx = _mm256_slli_epi16(sy, 1);
        __m256i ax, ay;
        hg_p2n256kind_mags_avx2(TX, TY, c, blocks, &ax, &ay);
        const __m256i kx = _mm256_sign_epi8(ax, sx), ky = _mm256_sign_epi8(ay, sy);
        const __m256i lo = _mm256_unpacklo_epi8(kx, ky), hi = _mm256_unpackhi_epi8(kx, ky);   /* per lane: codes 0-7, 8-15 */
        _mm256_storeu_si256((__m256i *)(k + 2 * i), _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_storeu_si256((__m256i *)(k + 2 * i + 32), _mm256_permute2x128_si256(lo, hi, 0x31));
    }
    for (; i < n; i++) memcpy(k + 2 * i, q->g8->k + 2 * codes[i], 2);
}
static void hg_row8_decode_p2n256sym_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2n256kind_avx2(q, codes, k, 0);
}
static void hg_row8_decode_p2n256blk_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2n256kind_avx2(q, codes, k, 1);
}
#endif

#if defined(HG_AVX2)
/* p=2, the sign-symmetric 64 points (3 bits a weight): code bits 0-3 pick one of 16 magnitude
 * points, bits 4 and 5 negate x and y. 32 six-bit codes a step (hg_codes6x32_avx2: byte i = code
 * i); each coordinate's |k| is one vpshufb (it reads the code's low four bits; bits 4-5 lie outside
 * them and bit 7 is clear), the signs go on the activation as in hg_p2n256kind_x32_avx2, and the activation
 * is coordinate-major (a->qp: per 128 values the 64 x then the 64 y; a block's last 64, the 32 x
 * then the 32 y). Blocks that are no multiple of 64 take the pairs kernel on the expanded table. */
/* acc + one step of 32 codes at c against the x at x and the y at x + half (int32 lanes) */
/* the 3-bit grids' kinds (hg_p2n64kind_tables_avx2 below) and their lookups of 32 raw codes t
 * (hg_codes6x32_raw_avx2: bits 6-7 of each byte belong to a neighbour): the sign-symmetric grid's
 * |k| (code bits 0-3), the block grid's k + 64 (x entry c & 15, y entry c >> 2), the free grid's k
 * (four tables picked by code bits 4 and 5) */
enum { HG_P2N64_FREE = 0, HG_P2N64_SYM = 1, HG_P2N64_BLK = 2, HG_P2N64_BLKPL = 3, HG_P2N64_SYMPL = 4 };
HG_INLINE int hg_p2n64_planar(const int kind) { return kind == HG_P2N64_BLKPL || kind == HG_P2N64_SYMPL; }
HG_INLINE void hg_p2n64kind_lookup_avx2(const __m256i TX[4], const __m256i TY[4], const int kind, __m256i t, __m256i *kx, __m256i *ky) {
    if (kind == HG_P2N64_BLK) {
        const __m256i m15 = _mm256_set1_epi8(15);
        *kx = _mm256_shuffle_epi8(TX[0], _mm256_and_si256(t, m15));
        *ky = _mm256_shuffle_epi8(TY[0], _mm256_and_si256(_mm256_srli_epi16(t, 2), m15));
        return;
    }
    const __m256i c = _mm256_and_si256(t, _mm256_set1_epi8(63));
    if (kind == HG_P2N64_SYM) {   /* vpshufb reads bits 0-3; bits 4-5 lie outside them and bit 7 is clear */
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
 * broadcast, each 64-bit lane shifted by 2 (i / 8)); both looked up as k + 64, TY in blk_ku[2]'s
 * order. 7 vector instructions where the standard layout takes 11 (hg_codes6x32_raw_avx2 and
 * hg_p2n64kind_lookup_avx2) */
HG_INLINE void hg_p2n64blkpl_lookup_avx2(const __m256i TX[4], const __m256i TY[4], const uint8_t *c, __m256i *kx, __m256i *ky) {
    __m256i xi, e;
    hg_planar6_avx2(c, &xi, &e);
    *kx = _mm256_shuffle_epi8(TX[0], xi);
    *ky = _mm256_shuffle_epi8(TY[0], _mm256_xor_si256(xi, _mm256_and_si256(e, _mm256_set1_epi8(3))));
}
/* the sign-symmetric grid's 32 codes at c in the planar layout (HG_VARIANT_SYM_PLANAR): the nibbles
 * index both magnitude tables as they are, and h = e ^ nibble holds the signs (code bits 4 and 5) in
 * bits 0 and 1, moved to bit 7 of *sx and *sy ("| 1" keeps them nonzero). 9 vector instructions from
 * bytes to the signed activations' lookups, where the bit stream takes 13 */
HG_INLINE void hg_p2n64sympl_lookup_avx2(const __m256i TX[4], const __m256i TY[4], const uint8_t *c, __m256i *kx, __m256i *ky,
                                          __m256i *sx, __m256i *sy) {
    __m256i xi, e;
    hg_planar6_avx2(c, &xi, &e);
    *sy = _mm256_or_si256(_mm256_slli_epi16(_mm256_xor_si256(e, xi), 6), _mm256_set1_epi8(1));
    *sx = _mm256_slli_epi16(*sy, 1);
    *kx = _mm256_shuffle_epi8(TX[0], xi);
    *ky = _mm256_shuffle_epi8(TY[0], xi);
}
HG_INLINE void hg_p2n64sym_x32_avx2(__m256i *ax, __m256i *ay, const __m256i TX[4], const __m256i TY[4], const int kind,
                                  const uint8_t *c, const uint8_t *end, const int8_t *x, uint64_t half) {
    __m256i kx, ky, sx, sy;
    if (kind == HG_P2N64_SYMPL) {
        hg_p2n64sympl_lookup_avx2(TX, TY, c, &kx, &ky, &sx, &sy);
    } else {
        /* the signs (code bits 4 and 5) from the raw codes: bits 6-7 shift out of their byte (into the
         * next byte's bits 0-2, which do not touch its bit 7), and "| 1" keeps every byte nonzero */
        const __m256i t = hg_codes6x32_raw_avx2(c, end), s = _mm256_or_si256(t, _mm256_set1_epi8(1));
        sx = _mm256_slli_epi16(s, 3), sy = _mm256_slli_epi16(s, 2);
        hg_p2n64kind_lookup_avx2(TX, TY, HG_P2N64_SYM, t, &kx, &ky);
    }
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
    hg_p2n64kind_lookup_avx2(TX, TY, HG_P2N64_FREE, hg_codes6x32_raw_avx2(c, end), &kx, &ky);
    __m256i vx = _mm256_loadu_si256((const __m256i *)x), vy = _mm256_loadu_si256((const __m256i *)(x + half));
    *ax = hg_dpbusd_avx2(*ax, _mm256_sign_epi8(kx, kx), _mm256_sign_epi8(vx, kx));
    *ay = hg_dpbusd_avx2(*ay, _mm256_sign_epi8(ky, ky), _mm256_sign_epi8(vy, ky));
}
/* one step of the block grid (HG_GRID_BLOCKS, 64 points): x is entry c & 15 of one 16-entry table
 * and y entry c >> 2 of another, both signed; the tables hold k + 64 (|k| <= 63), an unsigned byte
 * that vpmaddubsw multiplies by q as it is, and the block's sum drops 64 * sum(q) (hg_act8.qsum)
 * afterwards. 17 vector instructions per 64 weights against 20 for the sign-symmetric grid (no
 * sign bits to move and apply). Activations as above. */
HG_INLINE void hg_p2n64blk_x32_avx2(__m256i *ax, __m256i *ay, const __m256i TX[4], const __m256i TY[4], const int kind,
                                const uint8_t *c, const uint8_t *end, const int8_t *x, uint64_t half) {
    __m256i kx, ky;   /* the bit stream (HG_P2N64_BLK) or the planar layout (HG_P2N64_BLKPL) */
    if (kind == HG_P2N64_BLKPL) hg_p2n64blkpl_lookup_avx2(TX, TY, c, &kx, &ky);
    else hg_p2n64kind_lookup_avx2(TX, TY, HG_P2N64_BLK, hg_codes6x32_raw_avx2(c, end), &kx, &ky);
    *ax = hg_dpbusd_avx2(*ax, kx, _mm256_loadu_si256((const __m256i *)x));
    *ay = hg_dpbusd_avx2(*ay, ky, _mm256_loadu_si256((const __m256i *)(x + half)));
}
/* the 3-bit grids' tables by kind (HG_P2B3_*): sym, the 16 magnitudes of each coordinate in T[0];
 * blocks, X's and Y's k + 64 in T[0] (planar, Y's in blk_ku[2]'s order); free, the 64 points'
 * coordinates in T[0..3] */
HG_INLINE void hg_p2n64kind_tables_avx2(const hg_qinfo *q, const int kind, __m256i TX[4], __m256i TY[4]) {
    const int blocks = kind == HG_P2N64_BLK || kind == HG_P2N64_BLKPL, sym = kind == HG_P2N64_SYM || kind == HG_P2N64_SYMPL;
    for (int h = 0; h < (kind != HG_P2N64_FREE ? 1 : 4); h++) {
        const void *x = sym ? (const void *)q->g8->kabs[0] : blocks ? (const void *)q->g8->blk_ku[0] : (const void *)(q->g8->kx + 16 * h);
        const void *y = sym ? (const void *)q->g8->kabs[1]
                        : blocks            ? (const void *)q->g8->blk_ku[kind == HG_P2N64_BLKPL ? 2 : 1]
                                            : (const void *)(q->g8->ky + 16 * h);
        TX[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)x));
        TY[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)y));
    }
}
/* step j (its first weight) of a block of H: the activations of its 32 x (y at + half) */
HG_INLINE const int8_t *hg_p2n64kind_x(const int8_t *xb, uint64_t j, uint64_t H, uint64_t *half) {
    const uint64_t chunk = j / 128 * 128;
    *half = H - chunk < 128 ? (H - chunk) / 2 : 64;
    return xb + chunk + (j - chunk) / 2;
}
/* one step of 32 codes at c into the x and the y products' accumulators (two chains: with vpdpbusd,
 * AVX-VNNI and AVX-512 builds, one accumulator would wait on its latency twice a step) */
HG_INLINE void hg_p2n64kind_step_avx2(__m256i *ax, __m256i *ay, const __m256i TX[4], const __m256i TY[4], const int kind,
                                 const uint8_t *c, const uint8_t *end, const int8_t *x, uint64_t half) {
    if (kind == HG_P2N64_SYM || kind == HG_P2N64_SYMPL) hg_p2n64sym_x32_avx2(ax, ay, TX, TY, kind, c, end, x, half);
    else if (kind == HG_P2N64_BLK || kind == HG_P2N64_BLKPL) hg_p2n64blk_x32_avx2(ax, ay, TX, TY, kind, c, end, x, half);
    else hg_p2n64x32_avx2(ax, ay, TX, TY, c, end, x, half);
}
/* the steps of one block of H weights (a multiple of 64) whose codes start at c, for one row (two = 0)
 * or two, into the rows' x and y accumulators s[0..1] and s[2..3]: whole chunks of 128 weights (two
 * steps against the 64 x, then the 64 y) with plain 16-byte loads and no per-step bookkeeping; a
 * block's last 64 weights, and the last chunk of a row whose loads would end 4 bytes past it, through
 * the checked load (hg_load_step_avx2) */
HG_INLINE void hg_p2n64kind_block_avx2(__m256i s[4], const __m256i TX[4], const __m256i TY[4], const int kind, const int two,
                                  const uint8_t *c0, const uint8_t *c1, const uint8_t *end0, const uint8_t *end1,
                                  const int8_t *xb, uint64_t H) {
    const uint64_t bytes = H / 2 * 6 / 8;
    uint64_t full = H / 128 * 128, j = 0;
    if (!hg_p2n64_planar(kind) && !(H % 128) && ((uint64_t)(end0 - c0) < bytes + 4 || (two && (uint64_t)(end1 - c1) < bytes + 4)))
        full -= 128;   /* the planar layout's loads stay in the step */
    for (; j < full; j += 128, c0 += 48, c1 += two ? 48 : 0, xb += 128) {
        hg_p2n64kind_step_avx2(&s[0], &s[1], TX, TY, kind, c0, c0 + 28, xb, 64);   /* end c + 28: the check folds away */
        if (two) hg_p2n64kind_step_avx2(&s[2], &s[3], TX, TY, kind, c1, c1 + 28, xb, 64);
        hg_p2n64kind_step_avx2(&s[0], &s[1], TX, TY, kind, c0 + 24, c0 + 52, xb + 32, 64);
        if (two) hg_p2n64kind_step_avx2(&s[2], &s[3], TX, TY, kind, c1 + 24, c1 + 52, xb + 32, 64);
    }
    for (uint64_t half; j < H; j += 64, c0 += 24, c1 += two ? 24 : 0) {
        const int8_t *x = hg_p2n64kind_x(xb - full, j, H, &half);
        hg_p2n64kind_step_avx2(&s[0], &s[1], TX, TY, kind, c0, end0, x, half);
        if (two) hg_p2n64kind_step_avx2(&s[2], &s[3], TX, TY, kind, c1, end1, x, half);
    }
}
HG_INLINE float hg_qdot8_p2n64kind_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int kind) {
    if (q->group % 64) return hg_qdot8_pairs_avx2(q, sc, codes, a, 6);   /* blocks such as 96: 16 codes at a time */
    __m256i TX[4], TY[4];
    hg_p2n64kind_tables_avx2(q, kind, TX, TY);
    const int32_t off = kind == HG_P2N64_BLK || kind == HG_P2N64_BLKPL ? 64 : 0;   /* the block grid's tables hold k + 64 */
    const uint8_t *end = codes + q->row_code_bytes;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint64_t gk = hg_choice_block(q, sc, g);   /* the block's copy of the activation */
        __m256i acc[4] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
        hg_p2n64kind_block_avx2(acc, TX, TY, kind, 0, codes + g * H / 2 * 6 / 8, codes, end, end, a->qp + gk * H, H);
        total += hg_block_epilogue(sc[g], a->d[gk], hg_isum_avx2(acc[0], acc[1]) - off * a->qsum[gk]);
    }
    return total;
}
static float hg_qdot8_p2n64sym_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n64kind_avx2(q, sc, codes, a, HG_P2N64_SYM);
}
static float hg_qdot8_p2n64blk_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n64kind_avx2(q, sc, codes, a, HG_P2N64_BLK);
}
static float hg_qdot8_p2n64_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n64kind_avx2(q, sc, codes, a, HG_P2N64_FREE);
}
static float hg_qdot8_p2n64blkpl_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n64kind_avx2(q, sc, codes, a, HG_P2N64_BLKPL);
}
static float hg_qdot8_p2n64sympl_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n64kind_avx2(q, sc, codes, a, HG_P2N64_SYMPL);
}
/* two rows at once, as hg_qrows8x2_p2n256sym_avx2 */
HG_INLINE void hg_qrows8x2_p2n64kind_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                     int row1, float *out1, int n, const hg_act8 *a, const int kind) {
    __m256i TX[4], TY[4];
    hg_p2n64kind_tables_avx2(q, kind, TX, TY);
    const int32_t off = kind == HG_P2N64_BLK || kind == HG_P2N64_BLKPL ? 64 : 0;
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
            const uint8_t *cg0 = codes0 + g * H / 2 * 6 / 8, *cg1 = codes1 + g * H / 2 * 6 / 8;
            if (q->choice_bits) {   /* the rotation choice: each row against its own copy */
                const uint64_t g0 = hg_choice_block(q, sc0, g), g1 = hg_choice_block(q, sc1, g);
                hg_prefetch_blocks2(cg0, cg1, H / 2 * 6 / 8);
                __m256i s1[4] = {_mm256_setzero_si256(), _mm256_setzero_si256()};
                hg_p2n64kind_block_avx2(s, TX, TY, kind, 0, cg0, cg0, end0, end0, a->qp + g0 * H, H);
                hg_p2n64kind_block_avx2(s1, TX, TY, kind, 0, cg1, cg1, end1, end1, a->qp + g1 * H, H);
                hg_add_block2_rc_avx2(&t0, &t1, a, sc0[g], sc1[g], g0, g1, _mm256_add_epi32(s[0], s[1]),
                                      _mm256_add_epi32(s1[0], s1[1]), off);
                continue;
            }
            hg_p2n64kind_block_avx2(s, TX, TY, kind, 1, cg0, cg1, end0, end1, a->qp + g * H, H);
            hg_add_block2_avx2(&t0, &t1, sc0[g], sc1[g], a->d[g], _mm256_add_epi32(s[0], s[1]), _mm256_add_epi32(s[2], s[3]),
                               off * a->qsum[g]);
        }
        out0[r] = t0;
        out1[r] = t1;
    }
}
static void hg_qrows8x2_p2n64sym_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                  int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2n64kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2N64_SYM);
}
static void hg_qrows8x2_p2n64blk_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                  int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2n64kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2N64_BLK);
}
static void hg_qrows8x2_p2n64_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                   int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2n64kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2N64_FREE);
}
static void hg_qrows8x2_p2n64blkpl_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                  int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2n64kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2N64_BLKPL);
}
static void hg_qrows8x2_p2n64sympl_avx2(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                        int row1, float *out1, int n, const hg_act8 *a) {
    hg_qrows8x2_p2n64kind_avx2(q, w0, row0, out0, w1, row1, out1, n, a, HG_P2N64_SYMPL);
}
/* a row's int8 weights for the prompt product (hg_qmatmul8_avx2) in natural order, (k[2i], k[2i + 1])
 * the point of code i: 32 codes a step looked up as the decode kernels do (the block grid's k + 64
 * back to k, the sign-symmetric grid's signs put on its magnitudes), x and y interleaved; a row's
 * last 16 codes by scalar loads */
HG_INLINE void hg_row8_decode_p2n64kind_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k, const int kind) {
    __m256i TX[4], TY[4];
    hg_p2n64kind_tables_avx2(q, kind, TX, TY);
    const uint8_t *end = codes + q->row_code_bytes;
    const uint64_t n = q->cols_pad / 2;
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m256i t = hg_p2n64_planar(kind) ? _mm256_setzero_si256() : hg_codes6x32_raw_avx2(codes + i / 4 * 3, end);
        __m256i kx, ky, sx, sy;
        if (kind == HG_P2N64_BLKPL) hg_p2n64blkpl_lookup_avx2(TX, TY, codes + i / 32 * 24, &kx, &ky);
        else if (kind == HG_P2N64_SYMPL) hg_p2n64sympl_lookup_avx2(TX, TY, codes + i / 32 * 24, &kx, &ky, &sx, &sy);
        else hg_p2n64kind_lookup_avx2(TX, TY, kind, t, &kx, &ky);
        if (kind == HG_P2N64_BLK || kind == HG_P2N64_BLKPL) {
            kx = _mm256_sub_epi8(kx, _mm256_set1_epi8(64));
            ky = _mm256_sub_epi8(ky, _mm256_set1_epi8(64));
        } else if (kind == HG_P2N64_SYMPL) {
            kx = _mm256_sign_epi8(kx, sx);
            ky = _mm256_sign_epi8(ky, sy);
        } else if (kind == HG_P2N64_SYM) {   /* signs as in hg_p2n64sym_x32_avx2 */
            const __m256i s = _mm256_or_si256(t, _mm256_set1_epi8(1));
            kx = _mm256_sign_epi8(kx, _mm256_slli_epi16(s, 3));
            ky = _mm256_sign_epi8(ky, _mm256_slli_epi16(s, 2));
        }
        const __m256i lo = _mm256_unpacklo_epi8(kx, ky), hi = _mm256_unpackhi_epi8(kx, ky);   /* per lane: codes 0-7, 8-15 */
        _mm256_storeu_si256((__m256i *)(k + 2 * i), _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_storeu_si256((__m256i *)(k + 2 * i + 32), _mm256_permute2x128_si256(lo, hi, 0x31));
    }
    for (; i < n; i++) memcpy(k + 2 * i, q->g8->k + 2 * hg_qcode(q, codes, i), 2);
}
static void hg_row8_decode_p2n64_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2n64kind_avx2(q, codes, k, HG_P2N64_FREE);
}
static void hg_row8_decode_p2n64sym_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2n64kind_avx2(q, codes, k, HG_P2N64_SYM);
}
static void hg_row8_decode_p2n64blk_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2n64kind_avx2(q, codes, k, HG_P2N64_BLK);
}
static void hg_row8_decode_p2n64blkpl_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2n64kind_avx2(q, codes, k, HG_P2N64_BLKPL);
}
static void hg_row8_decode_p2n64sympl_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2n64kind_avx2(q, codes, k, HG_P2N64_SYMPL);
}
#endif

