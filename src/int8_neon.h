/* higgs.c implementation part: int8 kernels for NEON (with and without dotprod).
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

#if defined(HG_NEON)
/* NEON: table lookups with tbl (16 levels in one register; 256 points as four
 * 64-byte tables, tbl for the first and tbx for the rest). Products: with the
 * dot-product extension (ARMv8.2+, e.g. Cortex-A76 in the Raspberry Pi 5)
 * sdot adds four at a time into each int32 lane, one instruction per 16;
 * without it widening multiplies (|k q| <= 127 * 127 fits int16) and pairwise
 * adds, four instructions per 16. The lanes hold different partial sums, the
 * totals are the same integers. */
static inline int32x4_t hg_q8_mla(int32x4_t acc, int8x16_t k, int8x16_t x) {
#if defined(HG_NEON_DOTPROD)
    return vdotq_s32(acc, k, x);
#else
    acc = vpadalq_s16(acc, vmull_s8(vget_low_s8(k), vget_low_s8(x)));
    return vpadalq_s16(acc, vmull_high_s8(k, x));
#endif
}
static float hg_qdot8_p1n16_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int8x16_t T = vld1q_s8(q->g8->k);
    const uint8x16_t m4 = vdupq_n_u8(15);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        const uint8_t *c = codes + g * H / 2;
        int32x4_t a0 = vdupq_n_s32(0), a1 = a0;
        for (uint64_t j = 0; j < H; j += 32, c += 16, x += 32) {
            uint8x16_t b = vld1q_u8(c);
            uint8x16x2_t idx = vzipq_u8(vandq_u8(b, m4), vshrq_n_u8(b, 4));   /* natural order */
            a0 = hg_q8_mla(a0, vqtbl1q_s8(T, idx.val[0]), vld1q_s8(x));
            a1 = hg_q8_mla(a1, vqtbl1q_s8(T, idx.val[1]), vld1q_s8(x + 16));
        }
        isum = vaddvq_s32(vaddq_s32(a0, a1));
    })
    return total;
}
/* p=1 with whole code bytes, natural order: 256 levels as they are (RTN 8-bit and the uniform grid:
 * the code with its top bit flipped is k), 32 and 64 levels through one 64-byte table lookup (tbl)
 * per 16 (the 32-level table's upper half is never indexed) */
static float hg_qdot8_p1_bytes_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *bytes, const hg_act8 *a) {
    const uint8x16_t flip = vdupq_n_u8(0x80);
    const int direct = q->n == 256;
    int8_t tab[64] = {0};
    memcpy(tab, q->g8->k, direct ? 0 : (size_t)q->n);
    const int8x16x4_t T = vld1q_s8_x4(tab);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        const uint8_t *c = bytes + g * H;
        int32x4_t a0 = vdupq_n_s32(0), a1 = a0;
        for (uint64_t j = 0; j < H; j += 32) {
            uint8x16_t c0 = vld1q_u8(c + j), c1 = vld1q_u8(c + j + 16);
            int8x16_t k0 = direct ? vreinterpretq_s8_u8(veorq_u8(c0, flip)) : vqtbl4q_s8(T, c0);
            int8x16_t k1 = direct ? vreinterpretq_s8_u8(veorq_u8(c1, flip)) : vqtbl4q_s8(T, c1);
            a0 = hg_q8_mla(a0, k0, vld1q_s8(x + j));
            a1 = hg_q8_mla(a1, k1, vld1q_s8(x + j + 16));
        }
        isum = vaddvq_s32(vaddq_s32(a0, a1));
    })
    return total;
}
static float hg_qdot8_p2n256_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int8_t *tx = q->g8->kx, *ty = q->g8->ky;
    int8x16x4_t X[4], Y[4];
    for (int t = 0; t < 4; t++) { X[t] = vld1q_s8_x4(tx + 64 * t); Y[t] = vld1q_s8_x4(ty + 64 * t); }
    const uint8x16_t s64 = vdupq_n_u8(64);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        const uint8_t *c = codes + g * H / 2;
        int32x4_t a0 = vdupq_n_s32(0), a1 = a0;
        for (uint64_t j = 0; j < H; j += 32, c += 16, x += 32) {
            uint8x16_t i0 = vld1q_u8(c), i1 = vsubq_u8(i0, s64), i2 = vsubq_u8(i1, s64), i3 = vsubq_u8(i2, s64);
            int8x16_t kx = vqtbl4q_s8(X[0], i0), ky = vqtbl4q_s8(Y[0], i0);
            kx = vqtbx4q_s8(kx, X[1], i1); ky = vqtbx4q_s8(ky, Y[1], i1);
            kx = vqtbx4q_s8(kx, X[2], i2); ky = vqtbx4q_s8(ky, Y[2], i2);
            kx = vqtbx4q_s8(kx, X[3], i3); ky = vqtbx4q_s8(ky, Y[3], i3);
            int8x16x2_t k = vzipq_s8(kx, ky);                                  /* (x, y) pairs, natural order */
            a0 = hg_q8_mla(a0, k.val[0], vld1q_s8(x));
            a1 = hg_q8_mla(a1, k.val[1], vld1q_s8(x + 16));
        }
        isum = vaddvq_s32(vaddq_s32(a0, a1));
    })
    return total;
}
/* Several tokens at once (rows8n, hg_qmatvec8_tokens), p=2 256 points: each 16 codes' signed k looked up
 * once (hg_qdot8_p2n256_neon's tables and order), then two products a token; each token's block sums and
 * epilogue are the one-token kernel's, so its results are hg_qdot8_row's bit for bit. N (1..4) constant. */
HG_INLINE void hg_qrows8n_p2n256_neon_n(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, const int N, int row0, int row1,
                                        float *out, size_t ostride) {
    const int8_t *tx = q->g8->kx, *ty = q->g8->ky;
    int8x16x4_t X[4], Y[4];
    for (int t = 0; t < 4; t++) { X[t] = vld1q_s8_x4(tx + 64 * t); Y[t] = vld1q_s8_x4(ty + 64 * t); }
    const uint8x16_t s64 = vdupq_n_u8(64);
    const uint64_t H = (uint64_t)q->group;
    for (int r = row0; r < row1; r++) {
        const uint16_t *sc = hg_qscales(w, q, r);
        const uint8_t *c = hg_qcodes(w, q, r);
        float tot[4] = {0, 0, 0, 0};
        for (uint64_t g = 0; g < q->groups; g++) {
            const uint64_t gk = hg_choice_block(q, sc, g);
            int32x4_t s0[4], s1[4];
            for (int k = 0; k < 4; k++) s0[k] = s1[k] = vdupq_n_s32(0);
            for (uint64_t j = 0; j < H; j += 32, c += 16) {
                uint8x16_t i0 = vld1q_u8(c), i1 = vsubq_u8(i0, s64), i2 = vsubq_u8(i1, s64), i3 = vsubq_u8(i2, s64);
                int8x16_t kx = vqtbl4q_s8(X[0], i0), ky = vqtbl4q_s8(Y[0], i0);
                kx = vqtbx4q_s8(kx, X[1], i1); ky = vqtbx4q_s8(ky, Y[1], i1);
                kx = vqtbx4q_s8(kx, X[2], i2); ky = vqtbx4q_s8(ky, Y[2], i2);
                kx = vqtbx4q_s8(kx, X[3], i3); ky = vqtbx4q_s8(ky, Y[3], i3);
                const int8x16x2_t kk = vzipq_s8(kx, ky);
                for (int k = 0; k < N; k++) {
                    const int8_t *x = a[k].q + gk * H + j;
                    s0[k] = hg_q8_mla(s0[k], kk.val[0], vld1q_s8(x));
                    s1[k] = hg_q8_mla(s1[k], kk.val[1], vld1q_s8(x + 16));
                }
            }
            for (int k = 0; k < N; k++) tot[k] += hg_block_epilogue(sc[g], a[k].d[gk], vaddvq_s32(vaddq_s32(s0[k], s1[k])));
        }
        for (int k = 0; k < N; k++) out[(size_t)k * ostride + (size_t)(r - row0)] = tot[k];
    }
}
static void hg_qrows8n_p2n256_neon(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int B, int row0, int row1, float *out,
                                   size_t ostride) {
#define HG_ROWS8N(n) hg_qrows8n_p2n256_neon_n(w, q, a, n, row0, row1, out, ostride)
    HG_TOKENS_BY_4(a, out, ostride, B, HG_ROWS8N);
#undef HG_ROWS8N
}
#endif

#if defined(HG_NEON)
/* The paired p=4 grid (file variant 6: planar codes, blocks of 256k) on NEON. Coordinate d of magnitude
 * j < 128 comes from a 128-byte table in two 64-byte lookups (tbl on j and on j ^ 64, each 0 out of its
 * range, ORed: on Cortex-A76 tbx with four registers costs twice tbl's issue slots); a code with the
 * index's top bit set takes coordinate d ^ 1's instead (bsl). A pass holds one coordinate pair's tables
 * (16 registers) and meets that pair's part of the coordinate-major activation (a->qp). The sign
 * plane's two bytes for 16 codes become byte masks (tbl, then tst against each lane's bit), put on |k|
 * as (k ^ m) - m. Per 16 codes and two coordinates: 4 table lookups, 2 ORs, 2 bsl, 8 for the signs, 2 sdot. */
/* codes 16s .. 16s + 15 of the chunk at c: their signed k for coordinates e and e + 1 (T: coordinate
 * e's table in T[0], T[1], coordinate e + 1's in T[2], T[3]; P the 16 bytes of planes e and e + 1) */
HG_INLINE void hg_p4pair_two_neon(const uint8x16x4_t T[4], const uint8_t *c, uint8x16_t P, int s, int8x16_t w[2]) {
    const uint8x16_t u = vld1q_u8(c + 16 * s);
    const uint8x16_t j = vandq_u8(u, vdupq_n_u8(127)), j64 = veorq_u8(j, vdupq_n_u8(64));   /* out of range: 0 */
    const uint8x16_t swap = vcltzq_s8(vreinterpretq_s8_u8(u));
    const uint8x16_t r0 = vorrq_u8(vqtbl4q_u8(T[0], j), vqtbl4q_u8(T[1], j64)), r1 = vorrq_u8(vqtbl4q_u8(T[2], j), vqtbl4q_u8(T[3], j64));
    /* plane e's bytes 2s (codes 16s .. 16s + 7) and 2s + 1, and plane e + 1's 8 bytes on */
    const uint8x16_t sel = vreinterpretq_u8_u64(vdupq_n_u64(0x0101010101010101ull * (uint64_t)(2 * s)));
    const uint8x16_t sel0 = vaddq_u8(sel, vcombine_u8(vdup_n_u8(0), vdup_n_u8(1)));
    const uint8x16_t bit = vreinterpretq_u8_u64(vdupq_n_u64(0x8040201008040201ull));   /* lane i: bit i % 8 */
    const uint8x16_t m0 = vtstq_u8(vqtbl1q_u8(P, sel0), bit), m1 = vtstq_u8(vqtbl1q_u8(P, vaddq_u8(sel0, vdupq_n_u8(8))), bit);
    w[0] = vreinterpretq_s8_u8(vsubq_u8(veorq_u8(vbslq_u8(swap, r1, r0), m0), m0));
    w[1] = vreinterpretq_s8_u8(vsubq_u8(veorq_u8(vbslq_u8(swap, r0, r1), m1), m1));
}
/* one block's products for coordinates e and e + 1, the pair's tables in registers for the pass */
HG_INLINE int32x4_t hg_p4pair_pass_neon(const hg_qinfo *q, const int e, const uint8_t *c, const int8_t *x, uint64_t H, int32x4_t acc) {
    const uint8x16x4_t T[4] = {vld1q_u8_x4(q->g8->kabs[e]), vld1q_u8_x4(q->g8->kabs[e] + 64), vld1q_u8_x4(q->g8->kabs[e + 1]),
                               vld1q_u8_x4(q->g8->kabs[e + 1] + 64)};
    int32x4_t acc1 = vdupq_n_s32(0);
    for (uint64_t j = 0; j < H; j += 256, c += 96, x += 256) {
        const uint8x16_t P = vld1q_u8(c + 64 + 8 * e);
        for (int s = 0; s < 4; s++) {
            int8x16_t w[2];
            hg_p4pair_two_neon(T, c, P, s, w);
            acc = hg_q8_mla(acc, w[0], vld1q_s8(x + 64 * e + 16 * s));
            acc1 = hg_q8_mla(acc1, w[1], vld1q_s8(x + 64 * (e + 1) + 16 * s));
        }
    }
    return vaddq_s32(acc, acc1);
}
static float hg_qdot8_p4pair_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++, codes += H / 256 * 96) {   /* two passes over a block (a few KB, in L1) */
        const uint64_t gk = hg_choice_block(q, sc, g);   /* the block's copy of the activation */
        int32x4_t acc = hg_p4pair_pass_neon(q, 0, codes, a->qp + gk * H, H, vdupq_n_s32(0));
        acc = hg_p4pair_pass_neon(q, 2, codes, a->qp + gk * H, H, acc);
        total += hg_block_epilogue(sc[g], a->d[gk], vaddvq_s32(acc));
    }
    return total;
}
/* p=4 codes as a bit stream (8-, 10- or 12-bit: the 256-, 1024- and 4096-point grids, file variant
 * 0) on NEON: as hg_qdot8_p4_avx2, a code's four k are one 32-bit word of g8->kw, four codes (bits / 2
 * bytes) read as one 64-bit word and their words put into the lanes of one vector, which meets the
 * activation in natural order: 8 codes, 32 weights, per step */
HG_INLINE int8x16_t hg_p4_four_neon(const uint32_t *tab, const uint8_t *c, const uint8_t *end, const int bits) {
    uint64_t v = 0;
    if (end - c >= 8) memcpy(&v, c, 8);
    else memcpy(&v, c, (size_t)bits / 2);   /* the row's last words: never read past it */
    const uint64_t m = (1u << bits) - 1;
    uint32x4_t w = vdupq_n_u32(tab[v & m]);
    w = vsetq_lane_u32(tab[v >> bits & m], w, 1);
    w = vsetq_lane_u32(tab[v >> 2 * bits & m], w, 2);
    w = vsetq_lane_u32(tab[v >> 3 * bits & m], w, 3);
    return vreinterpretq_s8_u32(w);
}
HG_INLINE float hg_qdot8_p4_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int bits) {
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *end = codes + q->row_code_bytes;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        int32x4_t acc0 = vdupq_n_s32(0), acc1 = acc0;
        for (uint64_t j = 0; j < H; j += 32, codes += bits, x += 32) {   /* 8 codes, bits bytes */
            acc0 = hg_q8_mla(acc0, hg_p4_four_neon(q->g8->kw, codes, end, bits), vld1q_s8(x));
            acc1 = hg_q8_mla(acc1, hg_p4_four_neon(q->g8->kw, codes + bits / 2, end, bits), vld1q_s8(x + 16));
        }
        isum = vaddvq_s32(vaddq_s32(acc0, acc1));
    })
    return total;
}
static float hg_qdot8_p4b8_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_neon(q, sc, codes, a, 8);
}
static float hg_qdot8_p4b10_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_neon(q, sc, codes, a, 10);
}
static float hg_qdot8_p4b12_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p4_neon(q, sc, codes, a, 12);
}
/* a row's k in code order for the prompt product: st4 interleaves the four coordinates */
static void hg_row8_decode_p4pair_neon(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    uint8x16x4_t T[2][4];
    for (int e = 0; e < 2; e++)
        for (int t = 0; t < 4; t++) T[e][t] = vld1q_u8_x4(q->g8->kabs[2 * e + t / 2] + 64 * (t % 2));
    for (uint64_t i = 0; i < q->cols_pad; i += 256, codes += 96)
        for (int s = 0; s < 4; s++) {
            int8x16x4_t v;
            hg_p4pair_two_neon(T[0], codes, vld1q_u8(codes + 64), s, v.val);
            hg_p4pair_two_neon(T[1], codes, vld1q_u8(codes + 80), s, v.val + 2);
            vst4q_s8(k + i + 64 * s, v);
        }
}
#endif

