/* higgs.c implementation part: int8 kernels of the p=4 grids (bit streams and the paired grid) for AVX-512 VNNI and AVX2.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* p=4 on x86: a code's point is one 32-bit table load (tables of 1-16 KB
 * stay in L1), four codes (bits / 2 bytes) read as one 64-bit word, and the
 * words put into vector lanes by inserts. On Zen 5, in cache, that decodes
 * ~5.4 codes/ns, against 2.9-3.3 for vpgatherdd (bench/bench_kernels); 8 of
 * the 4096-point table's coordinates would not fit in registers. Blocks that
 * are multiples of 64 weights (32 on AVX2); natural order. */
#if defined(HG_AVX2) || defined(HG_AVX512_VNNI)
HG_INLINE __m128i hg_p4_four(const uint32_t *tab, const uint8_t *c, const uint8_t *end, const int bits) {
    uint64_t v = 0;
    if (end - c >= 8) memcpy(&v, c, 8);
    else memcpy(&v, c, (size_t)bits / 2);   /* the row's last words: never read past it */
    const uint64_t m = (1u << bits) - 1;
    return _mm_setr_epi32((int)tab[v & m], (int)tab[v >> bits & m], (int)tab[v >> 2 * bits & m], (int)tab[v >> 3 * bits & m]);
}
#endif
#if defined(HG_AVX512_VNNI)
HG_INLINE float hg_qdot8_p4_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int bits) {
    const uint32_t *tab = q->g8->kuw;
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *end = codes + q->row_code_bytes;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        __m512i acc0 = _mm512_setzero_si512(), acc1 = acc0;
        for (uint64_t j = 0; j < H; j += 64, codes += 2 * bits, x += 64) {   /* 16 codes, 2 * bits bytes */
            const int step = bits / 2;
            __m512i w = _mm512_castsi128_si512(hg_p4_four(tab, codes, end, bits));
            w = _mm512_inserti32x4(w, hg_p4_four(tab, codes + step, end, bits), 1);
            w = _mm512_inserti32x4(w, hg_p4_four(tab, codes + 2 * step, end, bits), 2);
            w = _mm512_inserti32x4(w, hg_p4_four(tab, codes + 3 * step, end, bits), 3);
            if (j & 64) acc1 = hg_dpbusd(acc1, w, _mm512_loadu_si512(x));
            else acc0 = hg_dpbusd(acc0, w, _mm512_loadu_si512(x));
        }
        isum = _mm512_reduce_add_epi32(_mm512_add_epi32(acc0, acc1)) - 128 * a->qsum[gk];
    })
    return total;
}
static float hg_qdot8_p4b8_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_vnni(q, sc, codes, a, 8);
}
/* p=4 256 points in blocks of 256k: as hg_qdot8_p2n256_avx512 with four
 * coordinates, each looked up in its own 256-byte table (two vpermi2b and a
 * blend on the code's top bit) and met with the activation's coordinate-major
 * copy (hg_act8_coords4): 64 codes, 256 weights, per step */
HG_INLINE float hg_qdot8_p4n256_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                       const __m512i T[16]) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->qp, total, {
        __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
        for (uint64_t j = 0; j < H; j += 256, codes += 64, x += 256) {
            _mm_prefetch((const char *)codes + 1024, _MM_HINT_T0);
            __m512i u = hg_load_stream512(codes);
            __mmask64 hi = _mm512_movepi8_mask(u);
            for (int d = 0; d < 4; d++)
                acc[d] = hg_dpbusd(acc[d], _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(T[4 * d], u, T[4 * d + 1]),
                                                                  _mm512_permutex2var_epi8(T[4 * d + 2], u, T[4 * d + 3])),
                                   _mm512_loadu_si512(x + 64 * d));
        }
        __m512i s = _mm512_add_epi32(_mm512_add_epi32(acc[0], acc[1]), _mm512_add_epi32(acc[2], acc[3]));
        isum = _mm512_reduce_add_epi32(s) - 128 * a->qsum[gk];
    })
    return total;
}
/* four 256-byte tables (one per coordinate) in 16 registers */
static void hg_byte_tables4(const uint8_t (*t)[256], __m512i T[16]) {
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < 4; k++) T[4 * d + k] = _mm512_loadu_si512(t[d] + 64 * k);
}
/* a byte-table kernel's table entries: one row (dot8) and a row range (rows8), tables loaded once */
#define HG_BYTE_TABLE_ENTRIES(name, kernel, tables)                                                                 \
    static float hg_qdot8_##name##_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) { \
        __m512i T[16];                                                                                              \
        hg_byte_tables4(q->g8->tables, T);                                                                          \
        return kernel(q, sc, codes, a, T);                                                                          \
    }                                                                                                               \
    static void hg_qrows8_##name##_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1,  \
                                          float *out) {                                                             \
        __m512i T[16];                                                                                              \
        hg_byte_tables4(q->g8->tables, T);                                                                          \
        for (int r = row0; r < row1; r++) out[r - row0] = kernel(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T); \
    }
HG_BYTE_TABLE_ENTRIES(p4n256, hg_qdot8_p4n256_avx512, kuc)

/* p=4 4096 sign-symmetric points in blocks of 256k: a code is 8 bits of magnitude index and 4 sign
 * bits. 32 codes (48 bytes) are spread into 16-bit lanes (two bytes each, odd codes shifted down by
 * 4): the low bytes are the indices, bits 8-11 the signs, one mask per coordinate. The magnitudes
 * come from four 256-byte tables as for 256 points (k >= 0: vpdpbusd's unsigned operand, no offset)
 * and the signs go onto the activation (a masked negation), so 64 codes cost what 64 codes of the
 * 256-point grid do plus the unpacking. */
/* 32 codes (48 bytes) in 16-bit lanes: code i from bytes 3(i/2) + (i&1) and the next. A plain
 * 64-byte load where the row goes on (the masked load, which never reads past the 48 bytes, streamed
 * at a quarter of the speed from memory on Zen 5: it seems not to train the prefetchers) */
HG_INLINE __m512i hg_p4n4096sym_lanes32(const uint8_t *c, const uint8_t *end) {
    static const uint8_t spread[64] = {0,  1,  1,  2,  3,  4,  4,  5,  6,  7,  7,  8,  9,  10, 10, 11, 12, 13, 13, 14, 15, 16,
                                       16, 17, 18, 19, 19, 20, 21, 22, 22, 23, 24, 25, 25, 26, 27, 28, 28, 29, 30, 31, 31, 32,
                                       33, 34, 34, 35, 36, 37, 37, 38, 39, 40, 40, 41, 42, 43, 43, 44, 45, 46, 46, 47};
    const __m512i b = end - c >= 64 ? _mm512_loadu_si512(c) : _mm512_maskz_loadu_epi8((__mmask64)0xFFFFFFFFFFFFull, c);
    return _mm512_srlv_epi16(_mm512_permutexvar_epi8(_mm512_loadu_si512(spread), b), _mm512_set1_epi32(4 << 16));
}
/* one step's 64 magnitude indices (*u) and sign nibbles (*sg) from the bit stream, 32 codes of 48 bytes
 * at a time in 16-bit lanes */
HG_INLINE void hg_p4n4096sym_codes(const uint8_t *codes, const uint8_t *end, __m512i *u, __m512i *sg) {
    static const uint8_t lo[64] = {0,   2,   4,   6,   8,   10,  12,  14,  16,  18,  20,  22,  24,  26,  28,  30,
                                   32,  34,  36,  38,  40,  42,  44,  46,  48,  50,  52,  54,  56,  58,  60,  62,
                                   64,  66,  68,  70,  72,  74,  76,  78,  80,  82,  84,  86,  88,  90,  92,  94,
                                   96,  98,  100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126};
    const __m512i L = _mm512_loadu_si512(lo), Hb = _mm512_add_epi8(L, _mm512_set1_epi8(1));
    const __m512i w0 = hg_p4n4096sym_lanes32(codes, end), w1 = hg_p4n4096sym_lanes32(codes + 48, end);
    *u = _mm512_permutex2var_epi8(w0, L, w1);     /* 64 magnitude indices */
    *sg = _mm512_permutex2var_epi8(w0, Hb, w1);   /* their sign bits 0-3 */
}
/* acc[d] += coordinate d of 64 codes (magnitudes from T, signs onto the activation) against x */
HG_INLINE void hg_p4n4096sym_step(__m512i acc[4], const __m512i T[16], __m512i u, __m512i sg, const int8_t *x) {
    const __mmask64 hi = _mm512_movepi8_mask(u);
    for (int d = 0; d < 4; d++) {
        const __mmask64 neg = _mm512_test_epi8_mask(sg, _mm512_set1_epi8((char)(1 << d)));
        const __m512i xv = _mm512_loadu_si512(x + 64 * d);
        acc[d] = hg_dpbusd(acc[d], _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(T[4 * d], u, T[4 * d + 1]),
                                                          _mm512_permutex2var_epi8(T[4 * d + 2], u, T[4 * d + 3])),
                           _mm512_mask_sub_epi8(xv, neg, _mm512_setzero_si512(), xv));
    }
}
HG_INLINE float hg_p4n4096sym_block_sum(const __m512i acc[4], uint16_t sc, float d) {
    const __m512i s = _mm512_add_epi32(_mm512_add_epi32(acc[0], acc[1]), _mm512_add_epi32(acc[2], acc[3]));
    return hg_block_epilogue(sc, d, _mm512_reduce_add_epi32(s));
}
HG_INLINE float hg_qdot8_p4n4096sym_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                    const __m512i T[16]) {
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *end = codes + q->row_code_bytes;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint64_t gk = hg_choice_block(q, sc, g);   /* the block's copy of the activation */
        const int8_t *x = a->qp + gk * H;
        __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()}, u, sg;
        for (uint64_t j = 0; j < H; j += 256, codes += 96, x += 256) {
            /* the stream ahead: without it this loop's long chains left the reads waiting (26 instead of
             * 38 tok/s decoding the TinyLlama-shaped model on one Zen 5 core) */
            _mm_prefetch((const char *)codes + 1024, _MM_HINT_T0);
            _mm_prefetch((const char *)codes + 1024 + 64, _MM_HINT_T0);
            hg_p4n4096sym_codes(codes, end, &u, &sg);
            hg_p4n4096sym_step(acc, T, u, sg, x);
        }
        total += hg_p4n4096sym_block_sum(acc, sc[g], a->d[gk]);
    }
    return total;
}
HG_BYTE_TABLE_ENTRIES(p4n4096sym, hg_qdot8_p4n4096sym_avx512, kabs)

/* The paired grid (file variant 6, planar codes) in blocks of 256k: magnitude m = j | h << 7 is point
 * j of 128 (h = 0) or that point with coordinates 0, 1 and 2, 3 swapped (h = 1). Coordinate d of the 64
 * points j is one vpermi2b from a 128-byte table (where 256 entries take two and a blend), the h = 1
 * lanes take coordinate d ^ 1's instead (a blend on the index's top bit), and the sign planes are the
 * masks of the activation's negation as they lie in the file: 64 codes cost 4 lookups, 4 blends, 4
 * negations and 4 vpdpbusd where the plain grid's bit stream took 8, 4, 4 and 4 plus 12 to unpack. */
/* one block of H weights: its four coordinates' products summed into one vector */
HG_INLINE __m512i hg_p4pair_block(const uint8_t *codes, const int8_t *x, uint64_t H, const __m512i T[8]) {
    __m512i acc[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    for (uint64_t j = 0; j < H; j += 256, codes += 96, x += 256) {
        _mm_prefetch((const char *)codes + 1024, _MM_HINT_T0);
        _mm_prefetch((const char *)codes + 1024 + 64, _MM_HINT_T0);
        const __m512i u = _mm512_loadu_si512(codes);
        const __mmask64 swap = _mm512_movepi8_mask(u);
        __m512i r[4];
        for (int d = 0; d < 4; d++) r[d] = _mm512_permutex2var_epi8(T[2 * d], u, T[2 * d + 1]);
        for (int d = 0; d < 4; d++) {
            uint64_t plane;   /* little-endian: bit i of the word is code i's sign bit d */
            memcpy(&plane, codes + 64 + 8 * d, 8);
            const __m512i xv = _mm512_loadu_si512(x + 64 * d);
            acc[d] = hg_dpbusd(acc[d], _mm512_mask_blend_epi8(swap, r[d], r[d ^ 1]),
                               _mm512_mask_sub_epi8(xv, _cvtu64_mask64(plane), _mm512_setzero_si512(), xv));
        }
    }
    return _mm512_add_epi32(_mm512_add_epi32(acc[0], acc[1]), _mm512_add_epi32(acc[2], acc[3]));
}
/* block by block. (Reducing four blocks' sums together, as hg_qdot8_p1n256_vnni does, measured no faster
 * decoding the TinyLlama-shaped model, whose down projection has blocks of 512: bench/ab.sh, 35.9
 * against 34.4 tok/s, within the host's noise.) */
HG_INLINE float hg_qdot8_p4pair_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                       const __m512i T[8]) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++, codes += H / 256 * 96) {
        const uint64_t gk = hg_choice_block(q, sc, g);   /* the block's copy of the activation */
        const int32_t isum = _mm512_reduce_add_epi32(hg_p4pair_block(codes, a->qp + gk * H, H, T));
        total += hg_block_epilogue(sc[g], a->d[gk], isum);
    }
    return total;
}
/* the paired grid's tables: coordinate d of the 128 points j in T[2d], T[2d + 1] */
static void hg_pair_tables(const uint8_t (*t)[256], __m512i T[8]) {
    for (int d = 0; d < 4; d++)
        for (int k = 0; k < 2; k++) T[2 * d + k] = _mm512_loadu_si512(t[d] + 64 * k);
}
static float hg_qdot8_p4pair_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    __m512i T[8];
    hg_pair_tables(q->g8->kabs, T);
    return hg_qdot8_p4pair_avx512(q, sc, codes, a, T);
}
static void hg_qrows8_p4pair_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    __m512i T[8];
    hg_pair_tables(q->g8->kabs, T);
    for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p4pair_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T);
}
/* a row of the paired grid (planar codes) as k + 128 in code order, for the prompt product: a step's
 * four coordinate vectors as hg_qdot8_p4pair_avx512 finds them, the signs applied (128 - |k| or
 * 128 + |k|), then interleaved to four bytes a code (bytes, then 16-bit pairs within 128-bit lanes,
 * then the lanes put in order) */
static void hg_row8_decode_p4pair_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    __m512i T[8];
    hg_pair_tables(q->g8->kabs, T);
    const __m512i c128 = _mm512_set1_epi8((char)128);
    for (uint64_t i = 0; i < q->cols_pad; i += 256, codes += 96, k += 256) {
        const __m512i u = _mm512_loadu_si512(codes);
        const __mmask64 swap = _mm512_movepi8_mask(u);
        __m512i r[4], v[4];
        for (int d = 0; d < 4; d++) r[d] = _mm512_permutex2var_epi8(T[2 * d], u, T[2 * d + 1]);
        for (int d = 0; d < 4; d++) {
            uint64_t plane;
            memcpy(&plane, codes + 64 + 8 * d, 8);
            const __m512i m = _mm512_mask_blend_epi8(swap, r[d], r[d ^ 1]);
            v[d] = _mm512_mask_sub_epi8(_mm512_add_epi8(m, c128), _cvtu64_mask64(plane), c128, m);
        }
        const __m512i t0 = _mm512_unpacklo_epi8(v[0], v[1]), t1 = _mm512_unpackhi_epi8(v[0], v[1]);
        const __m512i t2 = _mm512_unpacklo_epi8(v[2], v[3]), t3 = _mm512_unpackhi_epi8(v[2], v[3]);
        const __m512i u0 = _mm512_unpacklo_epi16(t0, t2), u1 = _mm512_unpackhi_epi16(t0, t2);   /* codes 16L + 0..3, 4..7 */
        const __m512i u2 = _mm512_unpacklo_epi16(t1, t3), u3 = _mm512_unpackhi_epi16(t1, t3);   /* 16L + 8..11, 12..15 */
        const __m512i a = _mm512_shuffle_i64x2(u0, u1, _MM_SHUFFLE(1, 0, 1, 0)), b = _mm512_shuffle_i64x2(u2, u3, _MM_SHUFFLE(1, 0, 1, 0));
        const __m512i c = _mm512_shuffle_i64x2(u0, u1, _MM_SHUFFLE(3, 2, 3, 2)), e = _mm512_shuffle_i64x2(u2, u3, _MM_SHUFFLE(3, 2, 3, 2));
        _mm512_storeu_si512(k, _mm512_shuffle_i64x2(a, b, _MM_SHUFFLE(2, 0, 2, 0)));
        _mm512_storeu_si512(k + 64, _mm512_shuffle_i64x2(a, b, _MM_SHUFFLE(3, 1, 3, 1)));
        _mm512_storeu_si512(k + 128, _mm512_shuffle_i64x2(c, e, _MM_SHUFFLE(2, 0, 2, 0)));
        _mm512_storeu_si512(k + 192, _mm512_shuffle_i64x2(c, e, _MM_SHUFFLE(3, 1, 3, 1)));
    }
}
static float hg_qdot8_p4b10_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_vnni(q, sc, codes, a, 10);
}
static float hg_qdot8_p4b12_vnni(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_vnni(q, sc, codes, a, 12);
}
#endif
#if defined(HG_AVX2)
/* signed k by signed q as in hg_qdot8_p1n16_avx2: vpmaddubsw on |k| and sign(k) * q */
HG_INLINE float hg_qdot8_p4_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int bits) {
    const uint32_t *tab = q->g8->kw;
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *end = codes + q->row_code_bytes;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0;
        for (uint64_t j = 0; j < H; j += 32, codes += bits, x += 32) {   /* 8 codes, bits bytes */
            __m256i w = _mm256_set_m128i(hg_p4_four(tab, codes + bits / 2, end, bits), hg_p4_four(tab, codes, end, bits));
            hg_acc_k32_avx2(w, x, j, &acc0, &acc1);
        }
        isum = hg_isum_avx2(acc0, acc1);
    })
    return total;
}
static float hg_qdot8_p4b8_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_avx2(q, sc, codes, a, 8);
}
/* the planar p=4 layout (hg_code_at_p4planar) on AVX2: eight codes a 32-byte vector, their four |k| one
 * 32-bit load each (g8->kabsw, indexed by the index byte as it lies), and each weight's sign from the chunk's four
 * planes held in registers (hg_p4pair_planes_avx2): weight 4i + d of codes 8s .. 8s + 7 is bit i of
 * plane d's byte s, moved into place by two vpshufb and tested against its bit. The dot product puts
 * the signs (+1 or -1 per byte) on the activation with vpsignb (|k| is vpmaddubsw's unsigned operand
 * as it is), the prompt decode on |k|. */
HG_INLINE __m256i hg_p4pair_eight_avx2(const uint32_t *mag, const uint8_t *c) {
    return _mm256_setr_epi32((int)mag[c[0]], (int)mag[c[1]], (int)mag[c[2]], (int)mag[c[3]], (int)mag[c[4]], (int)mag[c[5]],
                             (int)mag[c[6]], (int)mag[c[7]]);
}
/* the sign planes of the 64-code chunk at chunk: planes 0, 1 in both lanes of p[0], planes 2, 3 of p[1] */
HG_INLINE void hg_p4pair_planes_avx2(const uint8_t *chunk, __m256i p[2]) {
    const __m256i P = _mm256_loadu_si256((const __m256i *)(chunk + 64));
    p[0] = _mm256_permute4x64_epi64(P, 0x44);
    p[1] = _mm256_permute4x64_epi64(P, 0xEE);
}
/* +1 or -1 for each weight of codes 8s .. 8s + 7 */
HG_INLINE __m256i hg_p4pair_signs_avx2(const __m256i p[2], int s) {
    const __m256i lo = _mm256_setr_epi8(0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0,
                                        8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128);   /* planes 0, 1 */
    const __m256i hi = _mm256_setr_epi8(-128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8,
                                        -128, -128, 0, 8, -128, -128, 0, 8, -128, -128, 0, 8);   /* planes 2, 3 */
    const __m256i bit = _mm256_setr_epi8(1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16, 16, 16, 16, 32, 32, 32, 32, 64, 64, 64,
                                         64, -128, -128, -128, -128);   /* weight 4i + d: bit i */
    const __m256i ss = _mm256_set1_epi8((char)s);   /* -128 + s keeps the top bit: those lanes stay 0 */
    const __m256i b = _mm256_or_si256(_mm256_shuffle_epi8(p[0], _mm256_add_epi8(lo, ss)), _mm256_shuffle_epi8(p[1], _mm256_add_epi8(hi, ss)));
    return _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_and_si256(b, bit), bit), _mm256_set1_epi8(1));
}
/* clang takes no #pragma line inside a macro's argument (the loop below is in HG_FOR_BLOCKS8's): its
 * unroll request as _Pragma; GCC keeps its #pragma line, as the code it made before */
#if defined(__clang__)
#define HG_CLANG_UNROLL_FULL _Pragma("clang loop unroll(full)")
#endif
static float hg_qdot8_p4pair_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0, pl[2];
        for (uint64_t j = 0; j < H; j += 256, codes += 96) {   /* blocks of 256k: whole chunks */
            hg_p4pair_planes_avx2(codes, pl);
#if defined(__clang__)
            HG_CLANG_UNROLL_FULL
#elif defined(__GNUC__)
#pragma GCC unroll 8
#endif
            for (int s = 0; s < 8; s++, x += 32) {   /* codes 8s .. 8s + 7 */
                const __m256i w = hg_p4pair_eight_avx2(q->g8->kabsw, codes + 8 * s);
                const __m256i v = _mm256_sign_epi8(_mm256_loadu_si256((const __m256i *)x), hg_p4pair_signs_avx2(pl, s));
                if (s & 1) acc1 = hg_dpbusd_avx2(acc1, w, v);
                else acc0 = hg_dpbusd_avx2(acc0, w, v);
            }
        }
        isum = hg_isum_avx2(acc0, acc1);
    })
    return total;
}
/* a row's k in code order for the prompt product, eight codes a store */
static void hg_row8_decode_p4pair_avx2(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    for (uint64_t i = 0; i < q->cols_pad; i += 256, codes += 96) {
        __m256i pl[2];
        hg_p4pair_planes_avx2(codes, pl);
        for (int e = 0; e < 8; e++, k += 32)
            _mm256_storeu_si256((__m256i *)k, _mm256_sign_epi8(hg_p4pair_eight_avx2(q->g8->kabsw, codes + 8 * e), hg_p4pair_signs_avx2(pl, e)));
    }
}
static float hg_qdot8_p4b10_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_avx2(q, sc, codes, a, 10);
}
static float hg_qdot8_p4b12_avx2(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_avx2(q, sc, codes, a, 12);
}
#endif

