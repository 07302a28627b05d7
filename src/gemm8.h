/* higgs.c implementation part: batched int8 products for prompts.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* ---- batched int8 products (prompt tokens) ----
 * Each row's codes are decoded once into its integer weights, which then meet
 * the activations of all B tokens. The integer sums per block are exact and
 * the float epilogue is hg_qdot8_row's (total += (scale * d) * isum in block
 * order), so every result equals hg_qdot8_row's bit for bit: a prompt gives
 * the logits that decoding it token by token gives. */

/* the VNNI product reads the activation in the order its decode8 writes the weights: natural (a->q)
 * or per 128 the even then the odd (a->qp); the kernel tables say which (hg_kernels.gemm8_natural) */
static int hg_gemm8_natural(const hg_qinfo *q) { return q->k.gemm8_natural; }

/* the (kx, ky) bytes of p=2 code c, as one 16-bit lane */
HG_INLINE short hg_pair16(const int8_t *g, int c) {
    int16_t v;
    memcpy(&v, g + 2 * c, 2);
    return v;
}

/* p=1 4-bit weights i.. of a row: byte j holds weight 2j in its low nibble, 2j + 1 in its high */
static void hg_row8_decode_p1n16_from(const hg_qinfo *q, const uint8_t *codes, int8_t *k, uint64_t i) {
    for (; i < q->cols_pad; i += 2) {
        k[i] = q->g8->k[codes[i / 2] & 15];
        k[i + 1] = q->g8->k[codes[i / 2] >> 4];
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
    const int8_t *g = q->g8->k;
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

/* p=4: a point's four bytes per code from a word table: k (g8->kw) or, for
 * the VNNI product, k + 128 (g8->kuw); natural order either way */
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
    hg_row8_decode_p4_words(q, codes, k, q->g8->kw);
}
#if defined(HG_AVX512_VNNI) || defined(HG_AVX2)
#define HG_RC_TILE 256
#define HG_RC_TOKENS 16
/* rows 0 .. nr - 1 of a tile by their pick of block g (a counting sort, K <= 32): order[start[k] ..
 * start[k + 1] - 1] are the rows that read copy k */
static void hg_rc_group_rows(const hg_qinfo *q, const uint16_t *const sc[], int nr, uint64_t g, int order[], int start[33]) {
    int fill[33] = {0};
    for (int i = 0; i < nr; i++) fill[(sc[i][g] & q->choice_mask) + 1]++;
    for (int k = 0; k < q->choices; k++) fill[k + 1] += fill[k];
    memcpy(start, fill, sizeof fill);
    for (int i = 0; i < nr; i++) order[fill[sc[i][g] & q->choice_mask]++] = i;
}

/* The rotation choice's prompt products, their loops written once: rows row0 .. row1 - 1 decoded
 * HG_RC_TILE at a time into buf (sc[i]: row i's scales), tokens b0 .. b0 + nb - 1 (nb <= HG_RC_TOKENS, ntg
 * groups of four) at a time; for each block g, the tile's rows grouped by pick (hg_rc_group_rows) and the
 * body pasted in for each copy k (gk: block g of copy k in the tokens' activations), adding into
 * tot[i][t], which is zeroed before the first block and written to out after the last: each (row, token)
 * adds its blocks in order, the one-row product's order */
#define HG_RC_TILES(out, ostride, B, w, q, row0, row1, buf, ...)                                                    \
    do {                                                                                                        \
        const uint64_t H = (uint64_t)(q)->group, G = (q)->groups;                                               \
        float tot[HG_RC_TILE][HG_RC_TOKENS];                                                                    \
        for (int r = (row0); r < (row1); r += HG_RC_TILE) {                                                     \
            const int nr = (row1) - r < HG_RC_TILE ? (row1) - r : HG_RC_TILE;                                   \
            const uint16_t *sc[HG_RC_TILE];                                                                     \
            for (int i = 0; i < nr; i++) {                                                                      \
                (q)->k.decode8(q, hg_qcodes(w, q, r + i), (buf) + (uint64_t)i * (q)->cols_pad);                 \
                sc[i] = hg_qscales(w, q, r + i);                                                                \
            }                                                                                                   \
            for (int b0 = 0; b0 < (B); b0 += HG_RC_TOKENS) {                                                    \
                const int nb = (B) - b0 < HG_RC_TOKENS ? (B) - b0 : HG_RC_TOKENS, ntg = (nb + 3) / 4;           \
                for (int i = 0; i < nr; i++)                                                                    \
                    for (int t = 0; t < HG_RC_TOKENS; t++) tot[i][t] = 0;                                       \
                for (uint64_t g = 0; g < G; g++) {                                                              \
                    int order[HG_RC_TILE], start[33];                                                           \
                    hg_rc_group_rows(q, sc, nr, g, order, start);                                               \
                    for (int k = 0; k < (q)->choices; k++) {                                                    \
                        const uint64_t gk = (uint64_t)k * G + g;                                                \
                        __VA_ARGS__                                                                             \
                    }                                                                                           \
                }                                                                                               \
                for (int i = 0; i < nr; i++)                                                                    \
                    for (int t = 0; t < nb; t++) (out)[(size_t)(b0 + t) * (ostride) + (size_t)(r + i)] = tot[i][t]; \
            }                                                                                                   \
        }                                                                                                       \
    } while (0)
#endif

#if defined(HG_AVX512_VNNI)
static void hg_row8_decode_p4_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p4_words(q, codes, k, q->g8->kuw);
}
#endif

#if defined(HG_AVX2)
/* p=2 256 and 64 points: eight (kx, ky) pairs per 16-byte store, by 16-bit
 * inserts (5.4 codes/ns on Zen 5, against 3.9 for 8-byte scalar stores and
 * 1.5 for vpgatherdd) */
static void hg_row8_decode_p2_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    const uint64_t n = q->cols_pad;
    const int8_t *g = q->g8->k;
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
    const int8_t *g = q->g8->k;
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
    const int8_t *g = q->g8->k;
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
        total += hg_block_epilogue(sc[g], a->d[g], s);
    }
    return total;
}
static void hg_row8_copy_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) { memcpy(k, codes, q->cols_pad); }

#if defined(HG_AVX2)
/* the planar 3-bit block grid for the VNNI prompt product: k + 128, each block's 64 x then 64 y per
 * 128 weights (a block's last 64, 32 and 32), as the activations (hg_p2n64kind_x); 32 codes a step looked
 * up as the decode kernel does */
static void hg_row8_decode_p2n64blkpl_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    __m256i TX[4], TY[4], kx, ky;
    hg_p2n64kind_tables_avx2(q, HG_P2N64_BLKPL, TX, TY);
    const uint64_t H = (uint64_t)q->group;
    const __m256i m64 = _mm256_set1_epi8(64);
    for (uint64_t g = 0; g < q->groups; g++)
        for (uint64_t j = 0, half; j < H; j += 64, codes += 24) {
            int8_t *u = (int8_t *)hg_p2n64kind_x(k + g * H, j, H, &half);
            hg_p2n64blkpl_lookup_avx2(TX, TY, codes, &kx, &ky);
            _mm256_storeu_si256((__m256i *)u, _mm256_add_epi8(kx, m64));
            _mm256_storeu_si256((__m256i *)(u + half), _mm256_add_epi8(ky, m64));
        }
}
/* the sign-magnitude planar rows (p=1 5/6-bit, p=2 3-bit sym) for the VNNI prompt product: the AVX2
 * decoder's k in natural order, then + 128 in place, as hg_qmatmul8_vnni reads unsigned weights */
static void hg_row8_plus128_avx2(int8_t *k, uint64_t n) {
    const __m256i m128 = _mm256_set1_epi8(-128);
    for (uint64_t i = 0; i < n; i += 32)   /* planar rows hold whole 32-code chunks: n % 32 == 0 */
        _mm256_storeu_si256((__m256i *)(k + i), _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(k + i)), m128));
}
static void hg_row8_decode_p1k_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p1k_avx2(q, codes, k);
    hg_row8_plus128_avx2(k, q->cols_pad);
}
static void hg_row8_decode_p2n64sympl_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_decode_p2n64sympl_avx2(q, codes, k);
    hg_row8_plus128_avx2(k, q->cols_pad);
}
#endif
/* the codes of 2-6 bits that hg_qrows8_packed_avx512 reads */
static void hg_row8_decode_packed_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    hg_row8_packed_avx512(q, codes, (uint8_t *)k);
}
/* p=1 4-bit and p=2 256 points (8-bit codes) */
static void hg_row8_decode_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    const uint64_t n = q->cols_pad;
    uint8_t *u = (uint8_t *)k;
    if (q->p == 1) {
        const __m512i T = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)q->g8->ku)), m4 = _mm512_set1_epi8(15);
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
        const uint8_t *tx = q->g8->kux, *ty = q->g8->kuy;
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


/* The rotation choice on VNNI: a quad of rows reads one copy per row and block, so four rows meet four
 * tokens through 16 loads of activations, from K copies of each token (K x cols bytes each, far past L2
 * for a batch). Instead the rows are decoded HG_RC_TILE at a time and, block by block, grouped by their
 * pick: the rows that read copy k of block g meet the tokens' copy k together, in quads of rows that share
 * each token's load as without the choice, HG_RC_TOKENS tokens at a time (their copy's block in L1).
 * Each (row, token) total adds its blocks in order, so the results are the one-row product's bits. */
static void hg_qmatmul8_rc_vnni(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q,
                                int row0, int row1, int8_t *buf) {
    const int nat = hg_gemm8_natural(q);
    HG_RC_TILES(out, ostride, B, w, q, row0, row1, buf, {
        for (int o = start[k]; o < start[k + 1]; o += 4) {
            const int nq = start[k + 1] - o < 4 ? start[k + 1] - o : 4;   /* a short quad repeats its last row */
            int ri[4];
            const int8_t *ug[4];
            for (int i = 0; i < 4; i++) ri[i] = order[o + (i < nq ? i : nq - 1)], ug[i] = buf + (uint64_t)ri[i] * q->cols_pad + g * H;
            for (int tg = 0; tg < ntg; tg++) {
                const hg_act8 *tk[4];
                const int8_t *xg[4];
                for (int k4 = 0; k4 < 4; k4++) {   /* a short last group repeats its last token */
                    tk[k4] = &a[b0 + (4 * tg + k4 < nb ? 4 * tg + k4 : nb - 1)];
                    xg[k4] = (nat ? tk[k4]->q : tk[k4]->qp) + gk * H;
                }
                __m128i sums[4];
                if (H % 64) hg_isum8_4x4(ug, xg, H, sums, 1);
                else hg_isum8_4x4(ug, xg, H, sums, 0);
                const __m128 d = _mm_setr_ps(tk[0]->d[gk], tk[1]->d[gk], tk[2]->d[gk], tk[3]->d[gk]);
                const __m128i qs = _mm_setr_epi32(128 * tk[0]->qsum[gk], 128 * tk[1]->qsum[gk], 128 * tk[2]->qsum[gk],
                                                  128 * tk[3]->qsum[gk]);
                for (int i = 0; i < nq; i++) {
                    float *tt = &tot[ri[i]][4 * tg];
                    _mm_storeu_ps(tt, _mm_add_ps(_mm_loadu_ps(tt), _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_scale_f32(sc[ri[i]][g])), d),
                                                                             _mm_cvtepi32_ps(_mm_sub_epi32(sums[i], qs)))));
                }
            }
        }
    });
}

/* The prompt product on VNNI with the rows in the lanes. The 4x4 tile below reduces every (row, token,
 * block) from 16 lanes: at blocks of 64 that costs more than the block's 16 products (prompts ran at 0.4x
 * the speed of blocks of 1024), and at 1024 still ~10%. Here the rows lie in the lanes instead:
 * HG_LANES_ROWS rows are decoded, and their bytes transposed so that one 64-byte vector holds four
 * consecutive columns of 16 rows (hg_pack16_vnni); a token's four activations at those columns,
 * broadcast, meet them in one vpdpbusd, which leaves each row's sum in its own lane. A block's sums are
 * then the lanes themselves, and its epilogue runs on 16 rows at once: the same operations per lane,
 * (scale * d) * (float)(sum - 128 sum q) added to the total block by block, so every result is the
 * one-row product's bits. */
#define HG_LANES_ROWS 32     /* two vectors of rows */
#define HG_LANES_TOKENS 8    /* 16 accumulators: eight tokens x two vectors of rows */

/* columns 0 .. n-1 (n a multiple of 64) of rows r[0..15] into P: P + 64 j holds column dword j of the 16
 * rows (row i at bytes 4i .. 4i+3), a 16 x 16 transpose of dwords per 64 columns */
static void hg_pack16_vnni(const int8_t *const r[16], uint64_t n, int8_t *P) {
    for (uint64_t c = 0; c < n; c += 64, P += 1024) {
        __m512i a[16], b[16];
        for (int i = 0; i < 8; i++) {   /* pairs of rows: dwords of rows 2i and 2i+1 alternate */
            const __m512i x = _mm512_loadu_si512(r[2 * i] + c), y = _mm512_loadu_si512(r[2 * i + 1] + c);
            a[2 * i] = _mm512_unpacklo_epi32(x, y), a[2 * i + 1] = _mm512_unpackhi_epi32(x, y);
        }
        for (int n4 = 0; n4 < 4; n4++) {   /* b[4 n4 + k], 128-bit lane L: rows 4 n4 .. 4 n4 + 3 at column dword 4L + k */
            const __m512i *t = a + 4 * n4;
            b[4 * n4] = _mm512_unpacklo_epi64(t[0], t[2]), b[4 * n4 + 1] = _mm512_unpackhi_epi64(t[0], t[2]);
            b[4 * n4 + 2] = _mm512_unpacklo_epi64(t[1], t[3]), b[4 * n4 + 3] = _mm512_unpackhi_epi64(t[1], t[3]);
        }
        for (int k = 0; k < 4; k++) {   /* column dword 4L + k: lane L of b[k], b[4 + k], b[8 + k], b[12 + k] */
            const __m512i e0 = _mm512_shuffle_i32x4(b[k], b[4 + k], _MM_SHUFFLE(1, 0, 1, 0));
            const __m512i e1 = _mm512_shuffle_i32x4(b[k], b[4 + k], _MM_SHUFFLE(3, 2, 3, 2));
            const __m512i f0 = _mm512_shuffle_i32x4(b[8 + k], b[12 + k], _MM_SHUFFLE(1, 0, 1, 0));
            const __m512i f1 = _mm512_shuffle_i32x4(b[8 + k], b[12 + k], _MM_SHUFFLE(3, 2, 3, 2));
            _mm512_storeu_si512(P + 64 * (0 + k), _mm512_shuffle_i32x4(e0, f0, _MM_SHUFFLE(2, 0, 2, 0)));
            _mm512_storeu_si512(P + 64 * (4 + k), _mm512_shuffle_i32x4(e0, f0, _MM_SHUFFLE(3, 1, 3, 1)));
            _mm512_storeu_si512(P + 64 * (8 + k), _mm512_shuffle_i32x4(e1, f1, _MM_SHUFFLE(2, 0, 2, 0)));
            _mm512_storeu_si512(P + 64 * (12 + k), _mm512_shuffle_i32x4(e1, f1, _MM_SHUFFLE(3, 1, 3, 1)));
        }
    }
}

/* Blocks of 4 x 16 columns, and rows short enough that a tile's decoded rows and panels (64 x cols
 * bytes) stay in L2 while every group of tokens reads them; other formats take the 4x4 tile */
#define HG_LANES_MAX_COLS 8192
static int hg_lanes_fit(const hg_qinfo *q) { return !(q->group % 64) && q->cols_pad <= HG_LANES_MAX_COLS; }

/* buf: HG_LANES_ROWS decoded rows, their two packed panels, and the rows' scales as floats per block */
static uint64_t hg_lanes_buf_bytes(const hg_qinfo *q) {
    return 2 * HG_LANES_ROWS * q->cols_pad + (uint64_t)q->groups * HG_LANES_ROWS * sizeof(float);
}

/* rows r .. r + nr - 1 into a tile (a short tile repeats its last row): decoded into buf, the rows'
 * scales as floats in S (S[g * 32 + i]: row i's of block g), the two panels of 16 rows at P and P + 16 n */
static void hg_lanes_tile(const hg_tensor *w, const hg_qinfo *q, int r, int nr, int row1, int8_t *buf, int8_t *P, float *S) {
    const uint64_t n = q->cols_pad;
    const int8_t *u[HG_LANES_ROWS];
    for (int i = 0; i < HG_LANES_ROWS; i++) {
        const int ri = r + (i < nr ? i : nr - 1);
        if (i < nr) {
            q->k.decode8(q, hg_qcodes(w, q, ri), buf + (uint64_t)i * n);
            if (r + HG_LANES_ROWS + i < row1) {   /* the next tile's row, while this one is decoded and used */
                const char *next = (const char *)hg_qcodes(w, q, r + HG_LANES_ROWS + i);
                for (uint64_t o = 0; o < q->row_code_bytes; o += 64) __builtin_prefetch(next + o);
            }
        }
        u[i] = buf + (uint64_t)(i < nr ? i : nr - 1) * n;
        const uint16_t *sc = hg_qscales(w, q, ri);
        for (uint64_t g = 0; g < q->groups; g++) S[g * HG_LANES_ROWS + (uint64_t)i] = hg_scale_f32(sc[g]);
    }
    hg_pack16_vnni(u, n, P);
    hg_pack16_vnni(u + 16, n, P + 16 * n);
}

/* the tile's 32 rows against HG_LANES_TOKENS tokens (x: their activations in the kernels' order): each
 * (row, token) total in tot[token][row / 16], lane row % 16 */
static void hg_lanes_tokens(const hg_qinfo *q, const int8_t *P, const float *S, const hg_act8 *const tk[],
                            const int8_t *const x[], __m512 tot[HG_LANES_TOKENS][2]) {
    const uint64_t H = (uint64_t)q->group;
    for (int t = 0; t < HG_LANES_TOKENS; t++) tot[t][0] = tot[t][1] = _mm512_setzero_ps();
    for (uint64_t g = 0; g < q->groups; g++) {
        __m512i acc[HG_LANES_TOKENS][2];
        for (int t = 0; t < HG_LANES_TOKENS; t++) acc[t][0] = acc[t][1] = _mm512_setzero_si512();
        const int8_t *p0 = P + g * H * 16, *p1 = p0 + 16 * q->cols_pad;
        for (uint64_t c = 0; c < H; c += 4) {
            const __m512i w0 = _mm512_loadu_si512(p0 + 16 * c), w1 = _mm512_loadu_si512(p1 + 16 * c);
            for (int t = 0; t < HG_LANES_TOKENS; t++) {
                int32_t xd;
                memcpy(&xd, x[t] + g * H + c, 4);
                const __m512i xb = _mm512_set1_epi32(xd);
                acc[t][0] = hg_dpbusd_rr(acc[t][0], w0, xb);
                acc[t][1] = hg_dpbusd_rr(acc[t][1], w1, xb);
            }
        }
        const __m512 s0 = _mm512_loadu_ps(S + g * HG_LANES_ROWS), s1 = _mm512_loadu_ps(S + g * HG_LANES_ROWS + 16);
        for (int t = 0; t < HG_LANES_TOKENS; t++) {
            const __m512 d = _mm512_set1_ps(tk[t]->d[g]);
            const __m512i qs = _mm512_set1_epi32(128 * tk[t]->qsum[g]);
            tot[t][0] = _mm512_add_ps(tot[t][0], _mm512_mul_ps(_mm512_mul_ps(s0, d), _mm512_cvtepi32_ps(_mm512_sub_epi32(acc[t][0], qs))));
            tot[t][1] = _mm512_add_ps(tot[t][1], _mm512_mul_ps(_mm512_mul_ps(s1, d), _mm512_cvtepi32_ps(_mm512_sub_epi32(acc[t][1], qs))));
        }
    }
}

static int hg_qmatmul8_lanes_vnni(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w,
                                  const hg_qinfo *q, int row0, int row1, int8_t *buf) {
    const uint64_t n = q->cols_pad;
    const int nat = hg_gemm8_natural(q);
    int8_t *P = buf + HG_LANES_ROWS * n;
    float *S = (float *)(buf + 2 * HG_LANES_ROWS * n);
    for (int r = row0; r < row1; r += HG_LANES_ROWS) {
        const int nr = row1 - r < HG_LANES_ROWS ? row1 - r : HG_LANES_ROWS;
        hg_lanes_tile(w, q, r, nr, row1, buf, P, S);
        for (int b0 = 0; b0 < B; b0 += HG_LANES_TOKENS) {
            const int nb = B - b0 < HG_LANES_TOKENS ? B - b0 : HG_LANES_TOKENS;   /* a short group repeats its last token */
            const hg_act8 *tk[HG_LANES_TOKENS];
            const int8_t *x[HG_LANES_TOKENS];
            for (int t = 0; t < HG_LANES_TOKENS; t++) {
                tk[t] = &a[b0 + (t < nb ? t : nb - 1)];
                x[t] = nat ? tk[t]->q : tk[t]->qp;
            }
            __m512 tot[HG_LANES_TOKENS][2];
            hg_lanes_tokens(q, P, S, tk, x, tot);
            for (int t = 0; t < nb; t++) {
                float v[HG_LANES_ROWS];
                _mm512_storeu_ps(v, tot[t][0]);
                _mm512_storeu_ps(v + 16, tot[t][1]);
                for (int i = 0; i < nr; i++) out[(size_t)(b0 + t) * ostride + (size_t)(r + i)] = v[i];
            }
        }
    }
    return 1;
}

/* hg_qmatmul8_rows on VNNI: rows in fours, tokens in fours, the float epilogue
 * on four tokens at once (the same operations per lane as the scalar one).
 * 0: too many blocks x token groups for the stack tables (the caller loops instead) */
#define HG_GEMM8_TAB 1024
static int hg_qmatmul8_vnni(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q,
                            int row0, int row1, int8_t *buf) {
    const uint64_t H = (uint64_t)q->group, G = q->groups;
    const int ntg = (B + 3) / 4, nat = hg_gemm8_natural(q);
    if (q->choice_bits) {
        hg_qmatmul8_rc_vnni(out, ostride, a, B, w, q, row0, row1, buf);
        return 1;
    }
    if (hg_lanes_fit(q)) return hg_qmatmul8_lanes_vnni(out, ostride, a, B, w, q, row0, row1, buf);
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
            const hg_act8 *tk[4];
            for (int k = 0; k < 4; k++) {
                tk[k] = &a[4 * tg + k < B ? 4 * tg + k : B - 1];
                x[k] = nat ? tk[k]->q : tk[k]->qp;
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
                    tot[i] = _mm_add_ps(tot[i], _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_scale_f32(sc[i][g])), d),
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

/* The rotation choice on AVX2: hg_qmatmul8_rc_vnni's order (tiles of rows, grouped by pick block by
 * block), in pairs of rows against four tokens as hg_qmatmul8_avx2 */
static void hg_qmatmul8_rc_avx2(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q,
                                int row0, int row1, int8_t *buf) {
    HG_RC_TILES(out, ostride, B, w, q, row0, row1, buf, {
        for (int o = start[k]; o < start[k + 1]; o += 2) {
            const int two = o + 1 < start[k + 1], i0 = order[o], i1 = order[two ? o + 1 : o];
            for (int tg = 0; tg < ntg; tg++) {
                const hg_act8 *t[4];
                const int8_t *xg[4];
                for (int k4 = 0; k4 < 4; k4++) {   /* a short last group repeats its last token */
                    t[k4] = &a[b0 + (4 * tg + k4 < nb ? 4 * tg + k4 : nb - 1)];
                    xg[k4] = t[k4]->q + gk * H;
                }
                __m128i s0, s1;
                hg_isum8_2x4_avx2(buf + (uint64_t)i0 * q->cols_pad + g * H, buf + (uint64_t)i1 * q->cols_pad + g * H, xg, H, &s0, &s1);
                const __m128 d = _mm_setr_ps(t[0]->d[gk], t[1]->d[gk], t[2]->d[gk], t[3]->d[gk]);
                float *t0 = &tot[i0][4 * tg], *t1 = &tot[i1][4 * tg];
                _mm_storeu_ps(t0, _mm_add_ps(_mm_loadu_ps(t0), _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_scale_f32(sc[i0][g])), d),
                                                                         _mm_cvtepi32_ps(s0))));
                if (two)
                    _mm_storeu_ps(t1, _mm_add_ps(_mm_loadu_ps(t1), _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_scale_f32(sc[i1][g])), d),
                                                                             _mm_cvtepi32_ps(s1))));
            }
        }
    });
}

/* hg_qmatmul8_rows on AVX2 for blocks that are a multiple of 32: rows in
 * pairs, tokens in fours, the float epilogue on four tokens at once (per lane
 * the scalar one's operations) */
static int hg_qmatmul8_avx2(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q,
                            int row0, int row1, int8_t *buf) {
    const uint64_t H = (uint64_t)q->group, G = q->groups;
    int8_t *k0 = buf, *k1 = buf + q->cols_pad;
    if (q->choice_bits) {
        hg_qmatmul8_rc_avx2(out, ostride, a, B, w, q, row0, row1, buf);
        return 1;
    }
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
                f0 = _mm_add_ps(f0, _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_scale_f32(sc0[g])), d), _mm_cvtepi32_ps(s0)));
                f1 = _mm_add_ps(f1, _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_scale_f32(sc1[g])), d), _mm_cvtepi32_ps(s1)));
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

uint64_t hg_qmatmul8_buf_bytes(const hg_qinfo *q) {
#if defined(HG_AVX512_VNNI)
    if (q->choice_bits && q->k.gemm8 == hg_qmatmul8_vnni) return HG_RC_TILE * q->cols_pad;
    if (q->k.gemm8 == hg_qmatmul8_vnni && hg_lanes_fit(q)) return hg_lanes_buf_bytes(q);
#endif
#if defined(HG_AVX2)
    if (q->choice_bits && q->k.gemm8 == hg_qmatmul8_avx2) return HG_RC_TILE * q->cols_pad;
#endif
    return 4 * q->cols_pad;
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
                const uint64_t gk = hg_choice_block(q, sc, g);   /* the block's copy of the activation */
                const int8_t *xg[4] = {x[0] + gk * H, x[1] + gk * H, x[2] + gk * H, x[3] + gk * H};
                int32_t isum[4];
                hg_isum8_4(buf + g * H, xg, H, vnni, isum);
                float s = hg_scale_f32(sc[g]);
                for (int t = 0; t < 4; t++)
                    total[t] += (s * at[t]->d[gk]) * (float)(isum[t] - (vnni ? 128 * at[t]->qsum[gk] : 0));
            }
            for (int t = 0; t < nb; t++) out[(size_t)(b0 + t) * ostride + (size_t)r] = total[t];
        }
    }
}

