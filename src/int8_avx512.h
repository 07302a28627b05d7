/* higgs.c implementation part: int8 kernels for AVX-512 VNNI.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

#if defined(HG_AVX512_VNNI)
/* 64 bytes of a weight stream, loaded as two 32-byte halves. Measured on the
 * AMD Zen 5 host of bench/results (bench/bench_stream, built with and
 * without -DHG_STREAM_LOAD_ZMM): the p=1 4-bit kernel, which takes two
 * 64-byte code vectors per iteration, streams ~26 instead of ~20 GB/s per
 * core this way (2 threads: 45-55 instead of 37-39); the p=2 kernels stream
 * the same either way. A plain loop of zmm loads streams at full speed, so
 * it is not the load width alone; we did not pin down the mechanism. */
static inline __m512i hg_load_stream512(const uint8_t *p) {
#ifdef HG_STREAM_LOAD_ZMM
    return _mm512_loadu_si512(p);
#else
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)p)),
                              _mm256_loadu_si256((const __m256i *)(p + 32)), 1);
#endif
}

/* acc + the VNNI dot products of u (unsigned bytes) and x (signed bytes).
 * GCC 12 at -O3 keeps some accumulators of _mm512_dpbusd_epi32 loops in
 * stack memory or copies them around each product (a store and a reload, or
 * a move, in each iteration's dependency chain): the two-row p=2 decode
 * kernel ran at 33-36 GB/s in cache instead of 50, the 4 x 4 prompt tile at
 * half speed. The same instruction as an asm statement with the accumulator
 * tied in place keeps every accumulator in a register. hg_dpbusd lets x be a
 * memory operand (the decode kernels read each activation once);
 * hg_dpbusd_rr wants it in a register (the prompt tile reuses each operand
 * four times, and GCC otherwise reloaded it for every product). HG_NO_ASM
 * (tests/emu_avx512.h) keeps the intrinsic, for builds that emulate AVX-512. */
#if defined(__GNUC__) && !defined(HG_NO_ASM)
#define HG_VPDPBUSD(acc, u, x, x_where) __asm__("vpdpbusd %2, %1, %0" : "+v"(acc) : "v"(u), x_where(x))
static inline __m512i hg_dpbusd(__m512i acc, __m512i u, __m512i x) { HG_VPDPBUSD(acc, u, x, "vm"); return acc; }
static inline __m512i hg_dpbusd_rr(__m512i acc, __m512i u, __m512i x) { HG_VPDPBUSD(acc, u, x, "v"); return acc; }
/* keeps two loaded vectors in registers: GCC otherwise folds each load into every vpdpbusd that reads it */
#define HG_KEEP_IN_REGISTERS(a, b) __asm__("" : "+v"(a), "+v"(b))
#else
#define HG_KEEP_IN_REGISTERS(a, b) ((void)0)
#define hg_dpbusd _mm512_dpbusd_epi32
#define hg_dpbusd_rr _mm512_dpbusd_epi32
#endif

/* The last t = 32, 64 or 96 weights of a block that is not a multiple of 128:
 * t/2 code bytes (p=1 4-bit: two codes a byte; p=2 256 points: one per pair)
 * and the t/2 even and t/2 odd activations (hg_act8_interleave_tail), by masked
 * loads that read nothing past them. Masked-off code bytes meet zero
 * activations, so they add nothing. */
typedef struct { __m512i c, xe, xo; } hg_tail8;
HG_INLINE hg_tail8 hg_tail8_load(const uint8_t *c, const int8_t *x, uint64_t t) {
    const __mmask64 m = ((__mmask64)1 << (t / 2)) - 1;
    hg_tail8 r = {_mm512_maskz_loadu_epi8(m, c), _mm512_maskz_loadu_epi8(m, x), _mm512_maskz_loadu_epi8(m, x + t / 2)};
    return r;
}

/* the rotation choice: a row's block reads the activation copy its scale names, so the scales are on the
 * loads' critical path (without the choice only the epilogue waits for them): row r + 8's scales asked
 * for while row r is decoded (a thin stream the hardware prefetcher leaves behind) */
HG_INLINE void hg_prefetch_scales(const hg_tensor *w, const hg_qinfo *q, int r, int end) {
    if (r + 8 < end) _mm_prefetch((const char *)hg_qscales(w, q, r + 8), _MM_HINT_T0);
}

/* p=1, 16 levels: 64 code bytes = 128 weights; low nibbles are the even
 * weights, high nibbles the odd ones, matching a->qp. vpshufb looks k + 128
 * up from a register; vpdpbusd multiplies unsigned by signed bytes and adds
 * four products into each int32 lane; sum (k + 128) q - 128 sum q = sum k q. */
HG_INLINE float hg_qdot8_p1n16_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const __m512i T,
                                      const int tail) {
    const __m512i m4 = _mm512_set1_epi8(15);
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->qp, total, {
        const uint8_t *c = codes + g * H / 2;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
        uint64_t j = 0;
        for (; j + 256 <= H; j += 256, c += 128, x += 256) {
            __m512i b0 = hg_load_stream512(c), b1 = hg_load_stream512(c + 64);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(b0, m4)), _mm512_loadu_si512(x));
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(b0, 4), m4)), _mm512_loadu_si512(x + 64));
            a2 = hg_dpbusd(a2, _mm512_shuffle_epi8(T, _mm512_and_si512(b1, m4)), _mm512_loadu_si512(x + 128));
            a3 = hg_dpbusd(a3, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(b1, 4), m4)), _mm512_loadu_si512(x + 192));
        }
        for (; tail ? j + 128 <= H : j < H; j += 128, c += 64, x += 128) {
            __m512i b0 = hg_load_stream512(c);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(b0, m4)), _mm512_loadu_si512(x));
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(b0, 4), m4)), _mm512_loadu_si512(x + 64));
        }
        if (tail && j < H) {          /* a block's last 32, 64 or 96 weights (blocks such as 288) */
            const hg_tail8 t = hg_tail8_load(c, x, H - j);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(t.c, m4)), t.xe);
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(t.c, 4), m4)), t.xo);
        }
        isum = _mm512_reduce_add_epi32(_mm512_add_epi32(_mm512_add_epi32(a0, a1), _mm512_add_epi32(a2, a3)))
               - 128 * a->qsum[gk];
    })
    return total;
}

/* Rows row0..row1-1 into out[0..]: the table is loaded once per call, not per
 * row (a store to out may alias it, so the compiler would reload it per row;
 * 2048-column rows are short enough for that to cost ~10% in cache). */
static void hg_qrows8_p1n16_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    const __m512i T = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)q->g8->ku));
    if (q->group % 128)   /* blocks with a masked last step: a copy of the kernel of their own (tail, a constant) */
        for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p1n16_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T, 1);
    else
        for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p1n16_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, T, 0);
}

/* p=2, 256 points: one code byte per pair; 64 codes = 128 weights. Each
 * coordinate (k + 128) comes from a 256-byte table in four registers:
 * vpermi2b reads 7 index bits from a 128-byte pair of them, and the code's
 * top bit picks the pair. x coordinates meet the even activations, y the odd. */
HG_INLINE float hg_qdot8_p2n256_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                       const __m512i X0, const __m512i X1, const __m512i X2, const __m512i X3,
                                       const __m512i Y0, const __m512i Y1, const __m512i Y2, const __m512i Y3, const int tail) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->qp, total, {
        const uint8_t *c = codes + g * H / 2;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
        uint64_t j = 0;
        for (; j + 256 <= H; j += 256, c += 128, x += 256) {
            __m512i b = hg_load_stream512(c), e = hg_load_stream512(c + 64);
            __mmask64 hi = _mm512_movepi8_mask(b), he = _mm512_movepi8_mask(e);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(X0, b, X1), _mm512_permutex2var_epi8(X2, b, X3)), _mm512_loadu_si512(x));
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(Y0, b, Y1), _mm512_permutex2var_epi8(Y2, b, Y3)), _mm512_loadu_si512(x + 64));
            a2 = hg_dpbusd(a2, _mm512_mask_blend_epi8(he, _mm512_permutex2var_epi8(X0, e, X1), _mm512_permutex2var_epi8(X2, e, X3)), _mm512_loadu_si512(x + 128));
            a3 = hg_dpbusd(a3, _mm512_mask_blend_epi8(he, _mm512_permutex2var_epi8(Y0, e, Y1), _mm512_permutex2var_epi8(Y2, e, Y3)), _mm512_loadu_si512(x + 192));
        }
        for (; tail ? j + 128 <= H : j < H; j += 128, c += 64, x += 128) {
            __m512i b = hg_load_stream512(c);
            __mmask64 hi = _mm512_movepi8_mask(b);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(X0, b, X1), _mm512_permutex2var_epi8(X2, b, X3)), _mm512_loadu_si512(x));
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(Y0, b, Y1), _mm512_permutex2var_epi8(Y2, b, Y3)), _mm512_loadu_si512(x + 64));
        }
        if (tail && j < H) {
            const hg_tail8 t = hg_tail8_load(c, x, H - j);
            __mmask64 hi = _mm512_movepi8_mask(t.c);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(X0, t.c, X1), _mm512_permutex2var_epi8(X2, t.c, X3)), t.xe);
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(Y0, t.c, Y1), _mm512_permutex2var_epi8(Y2, t.c, Y3)), t.xo);
        }
        a0 = _mm512_add_epi32(a0, a2);
        a1 = _mm512_add_epi32(a1, a3);
        isum = _mm512_reduce_add_epi32(_mm512_add_epi32(a0, a1)) - 128 * a->qsum[gk];
    })
    return total;
}

static void hg_qrows8_p2n256_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    const uint8_t *tx = q->g8->kux, *ty = q->g8->kuy;
    const __m512i X0 = _mm512_loadu_si512(tx), X1 = _mm512_loadu_si512(tx + 64), X2 = _mm512_loadu_si512(tx + 128),
                  X3 = _mm512_loadu_si512(tx + 192), Y0 = _mm512_loadu_si512(ty), Y1 = _mm512_loadu_si512(ty + 64),
                  Y2 = _mm512_loadu_si512(ty + 128), Y3 = _mm512_loadu_si512(ty + 192);
    if (q->group % 128)
        for (int r = row0; r < row1; r++)
            out[r - row0] = hg_qdot8_p2n256_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, X0, X1, X2, X3, Y0, Y1, Y2, Y3, 1);
    else
        for (int r = row0; r < row1; r++)
            out[r - row0] = hg_qdot8_p2n256_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, X0, X1, X2, X3, Y0, Y1, Y2, Y3, 0);
}

/* Two rows at once (hg_qmatvec8_rows2): the same integer sums per block and
 * the same float epilogue per row as the one-row kernels above, so every
 * result is theirs bit for bit; each activation vector is loaded once for
 * both rows. */
/* the end of block g for two rows: the one-row kernels' epilogue, row by row (g0, g1: the rows' blocks
 * of the activation, hg_choice_block; g and g without the rotation choice) */
HG_INLINE void hg_qx2_block_end(const hg_act8 *a, uint64_t g, uint64_t g0, uint64_t g1, const uint16_t *sc0,
                                const uint16_t *sc1, __m512i s0, __m512i s1, float *t0, float *t1) {
    int32_t i0 = _mm512_reduce_add_epi32(s0) - 128 * a->qsum[g0], i1 = _mm512_reduce_add_epi32(s1) - 128 * a->qsum[g1];
    *t0 += hg_block_epilogue(sc0[g], a->d[g0], i0);
    *t1 += hg_block_epilogue(sc1[g], a->d[g1], i1);
}

/* the two rows' blocks of the activation: with the rotation choice (a constant in each kernel copy)
 * each row's own copy, x1 apart from x0 where they differ; without it block g of one copy */
#define HG_X2_BLOCKS(q, sc0, sc1, g, choice, act)                                                                 \
    const uint64_t g0 = (choice) ? hg_choice_block(q, sc0, g) : g, g1 = (choice) ? hg_choice_block(q, sc1, g) : g; \
    const int8_t *x = (act) + g0 * (uint64_t)(q)->group, *x1 = (act) + g1 * (uint64_t)(q)->group;               \
    (void)x1

HG_INLINE void hg_qdot8x2_p1n16_avx512(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                       const uint8_t *c1, const hg_act8 *a, const __m512i T, float *y0, float *y1, const int tail) {
    const __m512i m4 = _mm512_set1_epi8(15);
    const uint64_t H = (uint64_t)q->group;
    float t0 = 0, t1 = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->qp + g * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, b0 = a0, b1 = a0;
        uint64_t j = 0;
        for (; tail ? j + 128 <= H : j < H; j += 128, c0 += 64, c1 += 64, x += 128) {
            __m512i u = hg_load_stream512(c0), v = hg_load_stream512(c1);
            __m512i xe = _mm512_loadu_si512(x), xo = _mm512_loadu_si512(x + 64);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(u, m4)), xe);
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(u, 4), m4)), xo);
            b0 = hg_dpbusd(b0, _mm512_shuffle_epi8(T, _mm512_and_si512(v, m4)), xe);
            b1 = hg_dpbusd(b1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(v, 4), m4)), xo);
        }
        if (tail && j < H) {
            const hg_tail8 t = hg_tail8_load(c0, x, H - j);
            const __m512i v = _mm512_maskz_loadu_epi8(((__mmask64)1 << ((H - j) / 2)) - 1, c1);
            a0 = hg_dpbusd(a0, _mm512_shuffle_epi8(T, _mm512_and_si512(t.c, m4)), t.xe);
            a1 = hg_dpbusd(a1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(t.c, 4), m4)), t.xo);
            b0 = hg_dpbusd(b0, _mm512_shuffle_epi8(T, _mm512_and_si512(v, m4)), t.xe);
            b1 = hg_dpbusd(b1, _mm512_shuffle_epi8(T, _mm512_and_si512(_mm512_srli_epi16(v, 4), m4)), t.xo);
            c0 += (H - j) / 2;
            c1 += (H - j) / 2;
        }
        hg_qx2_block_end(a, g, g, g, sc0, sc1, _mm512_add_epi32(a0, a1), _mm512_add_epi32(b0, b1), &t0, &t1);
    }
    *y0 = t0;
    *y1 = t1;
}

HG_INLINE void hg_qdot8x2_p2n256_avx512(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                        const uint8_t *c1, const hg_act8 *a, const __m512i X0, const __m512i X1,
                                        const __m512i X2, const __m512i X3, const __m512i Y0, const __m512i Y1,
                                        const __m512i Y2, const __m512i Y3, float *y0, float *y1, const int tail) {
    const uint64_t H = (uint64_t)q->group;
    float t0 = 0, t1 = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const int8_t *x = a->qp + g * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, b0 = a0, b1 = a0;
        uint64_t j = 0;
        for (; tail ? j + 128 <= H : j < H; j += 128, c0 += 64, c1 += 64, x += 128) {
            __m512i u = hg_load_stream512(c0), v = hg_load_stream512(c1);
            __m512i xe = _mm512_loadu_si512(x), xo = _mm512_loadu_si512(x + 64);
            __mmask64 hu = _mm512_movepi8_mask(u), hv = _mm512_movepi8_mask(v);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hu, _mm512_permutex2var_epi8(X0, u, X1), _mm512_permutex2var_epi8(X2, u, X3)), xe);
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hu, _mm512_permutex2var_epi8(Y0, u, Y1), _mm512_permutex2var_epi8(Y2, u, Y3)), xo);
            b0 = hg_dpbusd(b0, _mm512_mask_blend_epi8(hv, _mm512_permutex2var_epi8(X0, v, X1), _mm512_permutex2var_epi8(X2, v, X3)), xe);
            b1 = hg_dpbusd(b1, _mm512_mask_blend_epi8(hv, _mm512_permutex2var_epi8(Y0, v, Y1), _mm512_permutex2var_epi8(Y2, v, Y3)), xo);
        }
        if (tail && j < H) {
            const hg_tail8 t = hg_tail8_load(c0, x, H - j);
            const __m512i v = _mm512_maskz_loadu_epi8(((__mmask64)1 << ((H - j) / 2)) - 1, c1);
            __mmask64 hu = _mm512_movepi8_mask(t.c), hv = _mm512_movepi8_mask(v);
            a0 = hg_dpbusd(a0, _mm512_mask_blend_epi8(hu, _mm512_permutex2var_epi8(X0, t.c, X1), _mm512_permutex2var_epi8(X2, t.c, X3)), t.xe);
            a1 = hg_dpbusd(a1, _mm512_mask_blend_epi8(hu, _mm512_permutex2var_epi8(Y0, t.c, Y1), _mm512_permutex2var_epi8(Y2, t.c, Y3)), t.xo);
            b0 = hg_dpbusd(b0, _mm512_mask_blend_epi8(hv, _mm512_permutex2var_epi8(X0, v, X1), _mm512_permutex2var_epi8(X2, v, X3)), t.xe);
            b1 = hg_dpbusd(b1, _mm512_mask_blend_epi8(hv, _mm512_permutex2var_epi8(Y0, v, Y1), _mm512_permutex2var_epi8(Y2, v, Y3)), t.xo);
            c0 += (H - j) / 2;
            c1 += (H - j) / 2;
        }
        hg_qx2_block_end(a, g, g, g, sc0, sc1, _mm512_add_epi32(a0, a1), _mm512_add_epi32(b0, b1), &t0, &t1);
    }
    *y0 = t0;
    *y1 = t1;
}

static void hg_qrows8x2_p1n16_avx512(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                     int row1, float *out1, int n, const hg_act8 *a) {
    const __m512i T = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)q->g8->ku));
    if (q->group % 128)
        for (int i = 0; i < n; i++)
            hg_qdot8x2_p1n16_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                                    hg_qcodes(w1, q, row1 + i), a, T, &out0[i], &out1[i], 1);
    else
        for (int i = 0; i < n; i++)
            hg_qdot8x2_p1n16_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                                    hg_qcodes(w1, q, row1 + i), a, T, &out0[i], &out1[i], 0);
}

static void hg_qrows8x2_p2n256_avx512(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                      int row1, float *out1, int n, const hg_act8 *a) {
    const uint8_t *tx = q->g8->kux, *ty = q->g8->kuy;
    const __m512i X0 = _mm512_loadu_si512(tx), X1 = _mm512_loadu_si512(tx + 64), X2 = _mm512_loadu_si512(tx + 128),
                  X3 = _mm512_loadu_si512(tx + 192), Y0 = _mm512_loadu_si512(ty), Y1 = _mm512_loadu_si512(ty + 64),
                  Y2 = _mm512_loadu_si512(ty + 128), Y3 = _mm512_loadu_si512(ty + 192);
    if (q->group % 128)
        for (int i = 0; i < n; i++)
            hg_qdot8x2_p2n256_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                                     hg_qcodes(w1, q, row1 + i), a, X0, X1, X2, X3, Y0, Y1, Y2, Y3, &out0[i], &out1[i], 1);
    else
        for (int i = 0; i < n; i++)
            hg_qdot8x2_p2n256_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                                     hg_qcodes(w1, q, row1 + i), a, X0, X1, X2, X3, Y0, Y1, Y2, Y3, &out0[i], &out1[i], 0);
}

/* p=2, 256 points, sign-symmetric (HG_FMT_P2_4BIT_SYM): point c is magnitude row c & 63 with x
 * negated when bit 6 of c is set and y when bit 7 is. One vpermb per coordinate looks |k| up from a
 * 64-byte table (kabs; it reads the low 6 index bits, so the signs are ignored), and the signs go on
 * the activation: bits 6 and 7 as masks (vpmovb2m of c + c and of c) negate the even and odd
 * activation bytes (masked vpsubb from zero; |q| <= 127, so -q is exact). vpdpbusd then adds
 * |k| * (+-q) = k q: no 128 * qsum term. Per 64 codes two vpermb (one port-5 uop each on Intel)
 * where hg_qdot8_p2n256_avx512 has four vpermi2b (three uops each). Activations, tails and masked-off
 * codes (zero activations) as there; the codes as one zmm load (not hg_load_stream512: its
 * vinserti64x4 cost this loop ~10% in cache on the Zen 5 host, and it streams from DRAM the same). */
HG_INLINE __m512i hg_p2n256sym_dot_avx512(__m512i acc, const __m512i M, __m512i c, __mmask64 neg, __m512i x) {
    return hg_dpbusd(acc, _mm512_permutexvar_epi8(c, M), _mm512_mask_sub_epi8(x, neg, _mm512_setzero_si512(), x));
}
#define HG_P2N256SYM_NEGX(c) _mm512_movepi8_mask(_mm512_add_epi8(c, c))   /* bit 6: x negated */

HG_INLINE float hg_qdot8_p2n256sym_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a,
                                          const __m512i MX, const __m512i MY, const int tail) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->qp, total, {
        const uint8_t *c = codes + g * H / 2;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
        uint64_t j = 0;
        for (; j + 256 <= H; j += 256, c += 128, x += 256) {
            __m512i b = _mm512_loadu_si512(c), e = _mm512_loadu_si512(c + 64);
            a0 = hg_p2n256sym_dot_avx512(a0, MX, b, HG_P2N256SYM_NEGX(b), _mm512_loadu_si512(x));
            a1 = hg_p2n256sym_dot_avx512(a1, MY, b, _mm512_movepi8_mask(b), _mm512_loadu_si512(x + 64));
            a2 = hg_p2n256sym_dot_avx512(a2, MX, e, HG_P2N256SYM_NEGX(e), _mm512_loadu_si512(x + 128));
            a3 = hg_p2n256sym_dot_avx512(a3, MY, e, _mm512_movepi8_mask(e), _mm512_loadu_si512(x + 192));
        }
        for (; tail ? j + 128 <= H : j < H; j += 128, c += 64, x += 128) {
            __m512i b = _mm512_loadu_si512(c);
            a0 = hg_p2n256sym_dot_avx512(a0, MX, b, HG_P2N256SYM_NEGX(b), _mm512_loadu_si512(x));
            a1 = hg_p2n256sym_dot_avx512(a1, MY, b, _mm512_movepi8_mask(b), _mm512_loadu_si512(x + 64));
        }
        if (tail && j < H) {
            const hg_tail8 t = hg_tail8_load(c, x, H - j);
            a0 = hg_p2n256sym_dot_avx512(a0, MX, t.c, HG_P2N256SYM_NEGX(t.c), t.xe);
            a1 = hg_p2n256sym_dot_avx512(a1, MY, t.c, _mm512_movepi8_mask(t.c), t.xo);
        }
        isum = _mm512_reduce_add_epi32(_mm512_add_epi32(_mm512_add_epi32(a0, a2), _mm512_add_epi32(a1, a3)));
    })
    return total;
}

/* Blocks of 64 (--hadamard 64). One block per step would spend more on its reduction and epilogue than
 * on its 64 weights; here a 128-weight step takes two blocks (their code bytes are adjacent; a->qp holds
 * a block of 64 as its 32 even, then 32 odd activations, so each half of the even and odd vectors is one
 * block's, read from its own copy with the rotation choice), eight blocks' sums are reduced together
 * (hg_sum8_blocks64) and their epilogues computed as one vector (hg_add_blocks8). Every block's int32
 * sum and float steps are the one-block kernel's, so the results are its bits. */
HG_INLINE __m512i hg_act64x2(const int8_t *x0, const int8_t *x1) {   /* 32 bytes of each block's copy */
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)x0)), _mm256_loadu_si256((const __m256i *)x1), 1);
}
/* the sums of eight blocks of 64, in order, from four two-block sums (s[i]: block 2i in lanes 0-7, 2i + 1
 * in lanes 8-15) */
HG_INLINE __m256i hg_sum8_blocks64(const __m512i s[4]) {
    /* quarter j of lo: 4 partial sums of block j; of hi: of block j + 4 */
    const __m512i lo = _mm512_add_epi32(_mm512_shuffle_i64x2(s[0], s[1], 0x88), _mm512_shuffle_i64x2(s[0], s[1], 0xDD));
    const __m512i hi = _mm512_add_epi32(_mm512_shuffle_i64x2(s[2], s[3], 0x88), _mm512_shuffle_i64x2(s[2], s[3], 0xDD));
    __m512i t = _mm512_add_epi32(_mm512_unpacklo_epi32(lo, hi), _mm512_unpackhi_epi32(lo, hi));
    t = _mm512_add_epi32(t, _mm512_shuffle_epi32(t, _MM_PERM_BADC));   /* quarter j: block j, block j + 4, ... */
    return _mm512_castsi512_si256(_mm512_permutexvar_epi32(_mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 0, 0, 0, 0, 0, 0, 0, 0), t));
}
/* p=2 4-bit sym, blocks b and b + 1 (one: b alone, the row's last block) of a row: their sums in lanes 0-7
 * and 8-15 */
HG_INLINE __m512i hg_p2n256sym_blocks64_avx512(const hg_qinfo *q, const uint16_t *sc, const uint8_t *c, const hg_act8 *a,
                                               uint64_t b, const int one, const __m512i MX, const __m512i MY, const int choice) {
    const int8_t *xa = a->qp + (choice ? hg_choice_block(q, sc, b) : b) * 64;
    __m512i u, xe, xo;
    if (one) {   /* zeros above the block: its code bytes and activations alone */
        u = _mm512_zextsi256_si512(_mm256_loadu_si256((const __m256i *)c));
        xe = _mm512_zextsi256_si512(_mm256_loadu_si256((const __m256i *)xa));
        xo = _mm512_zextsi256_si512(_mm256_loadu_si256((const __m256i *)(xa + 32)));
    } else {
        const int8_t *xb = a->qp + (choice ? hg_choice_block(q, sc, b + 1) : b + 1) * 64;
        u = _mm512_loadu_si512(c), xe = hg_act64x2(xa, xb), xo = hg_act64x2(xa + 32, xb + 32);
    }
    return hg_p2n256sym_dot_avx512(hg_p2n256sym_dot_avx512(_mm512_setzero_si512(), MX, u, HG_P2N256SYM_NEGX(u), xe), MY, u,
                                   _mm512_movepi8_mask(u), xo);
}
/* blocks g .. g + n - 1 (n <= 8) of one row or two, into their totals */
HG_INLINE void hg_p2n256sym_g64_group(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                      const uint8_t *c1, const hg_act8 *a, uint64_t g, int n, const __m512i MX, const __m512i MY,
                                      float *t0, float *t1, const int two, const int choice) {
    __m512i s0[4], s1[4];
    for (int i = 0; i < 4; i++) {
        s0[i] = s1[i] = _mm512_setzero_si512();
        if (2 * i >= n) continue;
        const uint64_t b = g + 2 * (uint64_t)i;
        if (!choice && two && 2 * i + 1 < n) {   /* both rows read the same copy: its loads shared */
            const __m512i xe = hg_act64x2(a->qp + b * 64, a->qp + b * 64 + 64), xo = hg_act64x2(a->qp + b * 64 + 32, a->qp + b * 64 + 96);
            const __m512i u = _mm512_loadu_si512(c0 + 64 * i), v = _mm512_loadu_si512(c1 + 64 * i);
            s0[i] = hg_p2n256sym_dot_avx512(hg_p2n256sym_dot_avx512(s0[i], MX, u, HG_P2N256SYM_NEGX(u), xe), MY, u, _mm512_movepi8_mask(u), xo);
            s1[i] = hg_p2n256sym_dot_avx512(hg_p2n256sym_dot_avx512(s1[i], MX, v, HG_P2N256SYM_NEGX(v), xe), MY, v, _mm512_movepi8_mask(v), xo);
            continue;
        }
        s0[i] = hg_p2n256sym_blocks64_avx512(q, sc0, c0 + 64 * i, a, b, 2 * i + 1 >= n, MX, MY, choice);
        if (two) s1[i] = hg_p2n256sym_blocks64_avx512(q, sc1, c1 + 64 * i, a, b, 2 * i + 1 >= n, MX, MY, choice);
    }
    *t0 = hg_add_blocks8(*t0, q, sc0, a, g, n, hg_sum8_blocks64(s0), choice);
    if (two) *t1 = hg_add_blocks8(*t1, q, sc1, a, g, n, hg_sum8_blocks64(s1), choice);
}
/* a row's last groups % 8 blocks (n), out of the loop below */
HG_NOINLINE void hg_p2n256sym_g64_last(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                       const uint8_t *c1, const hg_act8 *a, uint64_t g, int n, const __m512i MX, const __m512i MY,
                                       float *t0, float *t1, int two) {
    if (q->choice_bits) hg_p2n256sym_g64_group(q, sc0, c0, sc1, c1, a, g, n, MX, MY, t0, t1, two, 1);
    else hg_p2n256sym_g64_group(q, sc0, c0, sc1, c1, a, g, n, MX, MY, t0, t1, two, 0);
}
/* p=2 4-bit sym in blocks of 64: one row (two: 0; sc1 and c1 then any valid row's, unread), or two rows */
HG_INLINE void hg_qdot8xn_p2n256sym_g64_avx512(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                               const uint8_t *c1, const hg_act8 *a, const __m512i MX, const __m512i MY,
                                               float *y0, float *y1, const int two, const int choice) {
    float t0 = 0, t1 = 0;
    uint64_t g = 0;
    for (; g + 8 <= q->groups; g += 8, c0 += 256, c1 += 256) {
        if (choice) hg_prefetch_blocks2(c0, two ? c1 : c0, 256);
        hg_p2n256sym_g64_group(q, sc0, c0, sc1, c1, a, g, 8, MX, MY, &t0, &t1, two, choice);
    }
    if (g < q->groups) hg_p2n256sym_g64_last(q, sc0, c0, sc1, c1, a, g, (int)(q->groups - g), MX, MY, &t0, &t1, two);
    *y0 = t0;
    if (two) *y1 = t1;
}

static void hg_qrows8_p2n256sym_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    const __m512i MX = _mm512_loadu_si512(q->g8->kabs[0]), MY = _mm512_loadu_si512(q->g8->kabs[1]);
    if (q->group == 64)
        for (int r = row0; r < row1; r++) {
            if (q->choice_bits)
                hg_qdot8xn_p2n256sym_g64_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), hg_qscales(w, q, r), hg_qcodes(w, q, r), a, MX, MY,
                                                &out[r - row0], NULL, 0, 1);
            else
                hg_qdot8xn_p2n256sym_g64_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), hg_qscales(w, q, r), hg_qcodes(w, q, r), a, MX, MY,
                                                &out[r - row0], NULL, 0, 0);
        }
    else if (q->group % 128)
        for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p2n256sym_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, MX, MY, 1);
    else
        for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_p2n256sym_avx512(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, MX, MY, 0);
}

/* two rows (hg_qmatvec8_rows2): hg_qdot8_p2n256sym_avx512's sums and epilogue per row */
HG_INLINE void hg_qdot8x2_p2n256sym_avx512(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                           const uint8_t *c1, const hg_act8 *a, const __m512i MX, const __m512i MY, float *y0,
                                           float *y1, const int tail, const int choice) {
    const uint64_t H = (uint64_t)q->group;
    float t0 = 0, t1 = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        HG_X2_BLOCKS(q, sc0, sc1, g, choice, a->qp);
        if (choice) hg_prefetch_blocks2(c0, c1, H / 2);
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, b0 = a0, b1 = a0;
        uint64_t j = 0;
        for (; tail ? j + 128 <= H : j < H; j += 128, c0 += 64, c1 += 64, x += 128, x1 += 128) {
            __m512i u = _mm512_loadu_si512(c0), v = _mm512_loadu_si512(c1);
            __m512i xe = _mm512_loadu_si512(x), xo = _mm512_loadu_si512(x + 64);
            __m512i xe1 = choice ? _mm512_loadu_si512(x1) : xe, xo1 = choice ? _mm512_loadu_si512(x1 + 64) : xo;
            a0 = hg_p2n256sym_dot_avx512(a0, MX, u, HG_P2N256SYM_NEGX(u), xe);
            a1 = hg_p2n256sym_dot_avx512(a1, MY, u, _mm512_movepi8_mask(u), xo);
            b0 = hg_p2n256sym_dot_avx512(b0, MX, v, HG_P2N256SYM_NEGX(v), xe1);
            b1 = hg_p2n256sym_dot_avx512(b1, MY, v, _mm512_movepi8_mask(v), xo1);
        }
        if (tail && j < H) {
            const hg_tail8 t = hg_tail8_load(c0, x, H - j), t1x = choice ? hg_tail8_load(c1, x1, H - j) : t;
            const __m512i v = _mm512_maskz_loadu_epi8(((__mmask64)1 << ((H - j) / 2)) - 1, c1);
            a0 = hg_p2n256sym_dot_avx512(a0, MX, t.c, HG_P2N256SYM_NEGX(t.c), t.xe);
            a1 = hg_p2n256sym_dot_avx512(a1, MY, t.c, _mm512_movepi8_mask(t.c), t.xo);
            b0 = hg_p2n256sym_dot_avx512(b0, MX, v, HG_P2N256SYM_NEGX(v), t1x.xe);
            b1 = hg_p2n256sym_dot_avx512(b1, MY, v, _mm512_movepi8_mask(v), t1x.xo);
            c0 += (H - j) / 2;
            c1 += (H - j) / 2;
        }
        t0 += hg_block_epilogue(sc0[g], a->d[g0], _mm512_reduce_add_epi32(_mm512_add_epi32(a0, a1)));
        t1 += hg_block_epilogue(sc1[g], a->d[g1], _mm512_reduce_add_epi32(_mm512_add_epi32(b0, b1)));
    }
    *y0 = t0;
    *y1 = t1;
}

static void hg_qrows8x2_p2n256sym_avx512(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                         int row1, float *out1, int n, const hg_act8 *a) {
    const __m512i MX = _mm512_loadu_si512(q->g8->kabs[0]), MY = _mm512_loadu_si512(q->g8->kabs[1]);
#define HG_X2_ROWS(tail, choice)                                                                                          \
    for (int i = 0; i < n; i++) do {                                                                                   \
        if (choice) hg_prefetch_scales(w0, q, row0 + i, row0 + n), hg_prefetch_scales(w1, q, row1 + i, row1 + n);     \
        hg_qdot8x2_p2n256sym_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i), \
                                    hg_qcodes(w1, q, row1 + i), a, MX, MY, &out0[i], &out1[i], tail, choice);          \
    } while (0)
#define HG_X2_ROWS64(choice)                                                                                              \
    for (int i = 0; i < n; i++) do {                                                                                   \
        if (choice) hg_prefetch_scales(w0, q, row0 + i, row0 + n), hg_prefetch_scales(w1, q, row1 + i, row1 + n);     \
        hg_qdot8xn_p2n256sym_g64_avx512(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i), \
                                        hg_qcodes(w1, q, row1 + i), a, MX, MY, &out0[i], &out1[i], 1, choice);         \
    } while (0)
    if (q->group == 64) {   /* blocks of 64: two a step */
        if (q->choice_bits) HG_X2_ROWS64(1);
        else HG_X2_ROWS64(0);
    } else if (q->choice_bits) {   /* the rotation choice: each row reads its own copy */
        if (q->group % 128) HG_X2_ROWS(1, 1);
        else HG_X2_ROWS(0, 1);
    } else if (q->group % 128) HG_X2_ROWS(1, 0);
    else HG_X2_ROWS(0, 0);
#undef HG_X2_ROWS
#undef HG_X2_ROWS64
}
#undef HG_P2N256SYM_NEGX

/* Several tokens at once (rows8n: the next tokens of several conversations, hg_qmatvec8_tokens), p=2
 * 256-point sign-symmetric codes in blocks of a multiple of 128. Each 64 code bytes are decoded once into
 * the weights' k + 128 and meet every token's activation, so the decode is shared and a token costs two
 * vpdpbusd a step (the one-token kernel spends seven more operations a step putting the signs on the
 * activation). The code's bits 0-6 index the x coordinate's k + 128 directly (kux: magnitude, then its
 * sign in bit 6; vpermt2b); y's magnitude comes by vpermb and its sign (bit 7) negates k + 128 modulo 256,
 * which is 128 - k. A block's sum is then sum (k + 128) q - 128 sum q, the one-token kernel's integer,
 * and the epilogue is the scalar one on four lanes, so every product is hg_qdot8_row's bit for bit. */
HG_INLINE __m128i hg_sum4x16_epi32(__m512i s0, __m512i s1, __m512i s2, __m512i s3) {   /* lane t: the sum of s_t */
    const __m512i a = _mm512_add_epi32(_mm512_shuffle_i64x2(s0, s1, 0x44), _mm512_shuffle_i64x2(s0, s1, 0xEE));
    const __m512i b = _mm512_add_epi32(_mm512_shuffle_i64x2(s2, s3, 0x44), _mm512_shuffle_i64x2(s2, s3, 0xEE));
    __m512i c = _mm512_add_epi32(_mm512_shuffle_i64x2(a, b, 0x88), _mm512_shuffle_i64x2(a, b, 0xDD));   /* quarter t: s_t's */
    c = _mm512_add_epi32(c, _mm512_shuffle_epi32(c, _MM_PERM_BADC));
    c = _mm512_add_epi32(c, _mm512_shuffle_epi32(c, _MM_PERM_CDAB));
    return _mm512_castsi512_si128(_mm512_permutexvar_epi32(_mm512_setr_epi32(0, 4, 8, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), c));
}
/* The shared decode of 64 code bytes (128 weights of a row): x's k + 128 (code bits 0-6 index kux, sign
 * included) and y's (kuy by bits 0-5, negated modulo 256 where bit 7 is set) */
HG_INLINE void hg_p2n256sym_ku(const uint8_t *c, const __m512i TX0, const __m512i TX1, const __m512i TY, __m512i *wx, __m512i *wy) {
    const __m512i u = _mm512_loadu_si512(c), yu = _mm512_permutexvar_epi8(u, TY);
    *wx = _mm512_permutex2var_epi8(TX0, u, TX1);
    *wy = _mm512_mask_sub_epi8(yu, _mm512_movepi8_mask(u), _mm512_setzero_si512(), yu);
}
/* one row's products with N tokens' block sums: the epilogue of block g, four lanes at once */
HG_INLINE __m128 hg_tokens4_epilogue(__m128 tot, uint16_t scale, const hg_act8 *const *t, uint64_t gk, __m512i s0, __m512i s1,
                                     __m512i s2, __m512i s3) {
    const __m128i qsum = _mm_setr_epi32(t[0]->qsum[gk], t[1]->qsum[gk], t[2]->qsum[gk], t[3]->qsum[gk]);
    const __m128i isum = _mm_sub_epi32(hg_sum4x16_epi32(s0, s1, s2, s3), _mm_slli_epi32(qsum, 7));
    const __m128 d = _mm_setr_ps(t[0]->d[gk], t[1]->d[gk], t[2]->d[gk], t[3]->d[gk]);
    return _mm_add_ps(tot, _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(hg_scale_f32(scale)), d), _mm_cvtepi32_ps(isum)));
}
/* N (1..4, a constant) tokens a[0..N-1] over rows row0..row1-1, two rows at a time, one from each half of
 * the range (two streams far apart through memory: adjacent rows as two streams read at half the speed
 * in the model; an odd range's last row goes with itself, its second results dropped):
 * out[t * ostride + r - row0]. Each token's activation is loaded into a register once for both rows (the empty asm keeps GCC from folding it into each
 * vpdpbusd as a memory operand: 2.3 -> 2.0 ns a 128-weight step for 4 tokens on Zen 5; one row at a
 * time took 3.0). choice (a constant): the rotation choice, where the two rows' blocks may read different
 * copies of the activations. */
HG_INLINE void hg_qrows8n_p2n256sym_n(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, const int N, const int choice,
                                      int row0, int row1, float *out, size_t ostride) {
    const __m512i TX0 = _mm512_loadu_si512(q->g8->kux), TX1 = _mm512_loadu_si512(q->g8->kux + 64), TY = _mm512_loadu_si512(q->g8->kuy);
    const uint64_t H = (uint64_t)q->group;
    const hg_act8 *t[4] = {a, &a[N > 1 ? 1 : 0], &a[N > 2 ? 2 : 0], &a[N > 3 ? 3 : 0]};
    const int half = (row1 - row0 + 1) / 2;
    for (int r = row0; r < row0 + half; r++) {
        const int rb = r + half < row1 ? r + half : r;
        const uint16_t *sa = hg_qscales(w, q, r), *sb = hg_qscales(w, q, rb);
        const uint8_t *ca = hg_qcodes(w, q, r), *cb = hg_qcodes(w, q, rb);
        __m128 ta = _mm_setzero_ps(), tb = ta;
        for (uint64_t g = 0; g < q->groups; g++) {
            const uint64_t ga = hg_choice_block(q, sa, g), gb = hg_choice_block(q, sb, g);
            const int8_t *xa[4], *xb[4];   /* each token's block for row a and for row b */
            for (int k = 0; k < 4; k++) xa[k] = t[k]->qp + ga * H, xb[k] = t[k]->qp + gb * H;
            __m512i ax[4], ay[4], bx[4], by[4];
            for (int k = 0; k < 4; k++) ax[k] = ay[k] = bx[k] = by[k] = _mm512_setzero_si512();
            for (uint64_t j = 0; j < H; j += 128, ca += 64, cb += 64) {
                __m512i wax, way, wbx, wby;
                hg_p2n256sym_ku(ca, TX0, TX1, TY, &wax, &way);
                hg_p2n256sym_ku(cb, TX0, TX1, TY, &wbx, &wby);
#define HG_TOKEN_STEP(k)                                                                                          \
    if (N > k) {                                                                                                  \
        __m512i e = _mm512_loadu_si512(xa[k] + j), o = _mm512_loadu_si512(xa[k] + j + 64);                        \
        HG_KEEP_IN_REGISTERS(e, o);                                                                               \
        ax[k] = hg_dpbusd(ax[k], wax, e), ay[k] = hg_dpbusd(ay[k], way, o);                                       \
        if (choice) e = _mm512_loadu_si512(xb[k] + j), o = _mm512_loadu_si512(xb[k] + j + 64);                    \
        bx[k] = hg_dpbusd(bx[k], wbx, e), by[k] = hg_dpbusd(by[k], wby, o);                                       \
    }
                HG_TOKEN_STEP(0)
                HG_TOKEN_STEP(1)
                HG_TOKEN_STEP(2)
                HG_TOKEN_STEP(3)
#undef HG_TOKEN_STEP
            }
            ta = hg_tokens4_epilogue(ta, sa[g], t, ga, _mm512_add_epi32(ax[0], ay[0]), _mm512_add_epi32(ax[1], ay[1]),
                                     _mm512_add_epi32(ax[2], ay[2]), _mm512_add_epi32(ax[3], ay[3]));
            tb = hg_tokens4_epilogue(tb, sb[g], t, gb, _mm512_add_epi32(bx[0], by[0]), _mm512_add_epi32(bx[1], by[1]),
                                     _mm512_add_epi32(bx[2], by[2]), _mm512_add_epi32(bx[3], by[3]));
        }
        float va[4], vb[4];
        _mm_storeu_ps(va, ta);
        _mm_storeu_ps(vb, tb);
        for (int k = 0; k < N; k++) {
            out[(size_t)k * ostride + (size_t)(r - row0)] = va[k];
            if (rb != r) out[(size_t)k * ostride + (size_t)(rb - row0)] = vb[k];
        }
    }
}
static void hg_qrows8n_p2n256sym_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int B, int row0, int row1,
                                        float *out, size_t ostride) {
#define HG_ROWS8N(n)                                                                                                 \
    (q->choice_bits ? hg_qrows8n_p2n256sym_n(w, q, a, n, 1, row0, row1, out, ostride)                               \
                    : hg_qrows8n_p2n256sym_n(w, q, a, n, 0, row0, row1, out, ostride))
    HG_TOKENS_BY_4(a, out, ostride, B, HG_ROWS8N);   /* four tokens keep their 16 sums in registers */
#undef HG_ROWS8N
}

/* Codes of b = 2..6 bits (p=1 4, 8, 32 levels; p=2 16 and 64 points): 64 codes
 * in 8b bytes per step. vpermb gives each 64-bit lane the b bytes of its 8
 * codes, vpmultishiftqb moves code j of the lane to byte j (bits bj..), and
 * vpermb looks each coordinate up in a 64-byte table (it reads 6 index bits:
 * the table repeats the levels). p=1: 64 weights in natural order, against
 * a->q; p=2: 128 weights, x coordinates against the even activations and y
 * against the odd ones (a->qp). */
HG_INLINE __m512i hg_load_code_bytes(const uint8_t *c, int nb) {   /* exactly nb bytes: never past the row */
    switch (nb) {
    case 16: return _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)c));
    case 24: return _mm512_castsi256_si512(_mm256_set_m128i(_mm_loadl_epi64((const __m128i *)(c + 16)),
                                                            _mm_loadu_si128((const __m128i *)c)));
    case 32: return _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)c));
    case 40: return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)c)),
                                       _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(c + 32))), 1);
    default:   /* 48 as 32 + 16 (a masked load decoded at half the speed streaming from DRAM) */
        return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)c)),
                                  _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(c + 32))), 1);
    }
}

/* The constants of a row's code unpacking: the bit stream's spread and shift (hg_grid8.vbmi_spread, _shift) or,
 * for planar codes (lay = HG_PLANAR_P2B6 or HG_PLANAR_P1B5, the same 8 b bytes per 64 codes), two chunks of
 * 32 in the two 256-bit halves: byte i is code j = i % 32 of its chunk, and its 64-bit lane holds codes
 * 8 (j / 8) .. + 7. SN shifts a lane right by 4 where those codes (j >= 16) take the high nibbles of
 * the chunk's 16 nibble bytes. The high bits sit, for 6-bit codes, at bits 2 (j / 8) of e byte 16 + j % 8
 * (broadcast to each 64-bit lane); for p=1 5-bit, at bit 2 (j / 8) + (j % 8) / 4 of sign byte 16 + j % 4
 * (the word broadcast to each 32-bit lane). RE rotates each 32-bit lane left by 4 minus that bit (mod 32),
 * which moves it to bit 4 of the same byte. And the tables X and Y (k + 128) that the index reads
 * (hg_grid8.vbmi_pl_kux, _kuy for planar codes). */
typedef struct { __m512i X, Y, SP, SH, SN, RE, M; } hg_unpack512;
HG_INLINE hg_unpack512 hg_unpack512_get(const hg_qinfo *q, const int lay) {
    const hg_grid8 *g = q->g8;
    hg_unpack512 u;
    u.X = _mm512_loadu_si512(lay ? g->vbmi_pl_kux : g->vbmi_kux), u.Y = _mm512_loadu_si512(lay ? g->vbmi_pl_kuy : g->vbmi_kuy);
    u.SP = _mm512_loadu_si512(g->vbmi_spread), u.SH = _mm512_loadu_si512(g->vbmi_shift);
    u.SN = _mm512_setr_epi64(0, 0, 4, 4, 0, 0, 4, 4);   /* codes 16-31 of a chunk: the high nibbles */
    u.RE = lay == HG_PLANAR_P1B5 ? _mm512_setr_epi32(4, 3, 2, 1, 0, 31, 30, 29, 4, 3, 2, 1, 0, 31, 30, 29)
                                 : _mm512_setr_epi32(4, 4, 2, 2, 0, 0, 30, 30, 4, 4, 2, 2, 0, 0, 30, 30);
    u.M = _mm512_set1_epi8(15);
    return u;
}
/* 64 codes at c as table indices, byte i for code i: the bit stream's (vpermb + vpmultishiftqb), or the
 * planar index (hg_unpack512 above): each chunk's nibble bytes and high bits broadcast into its half
 * by loads, the nibbles' lane shift and the high bits' rotation, and vpternlogd taking bits 0-3 from the
 * nibbles, 4-7 from the high bits. Reads the 8b bytes of the 64 codes and nothing past them. */
HG_INLINE __m512i hg_codes64_avx512(const uint8_t *c, const int b, const int lay, const hg_unpack512 *u) {
    if (!lay) return _mm512_multishift_epi64_epi8(u->SH, _mm512_permutexvar_epi8(u->SP, hg_load_code_bytes(c, 8 * b)));
    const int chunk = lay == HG_PLANAR_P1B5 ? 20 : 24;
    const __m256i n0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)c)),
                  n1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(c + chunk)));
    const __m512i nib = _mm512_srlv_epi64(_mm512_inserti64x4(_mm512_castsi256_si512(n0), n1, 1), u->SN);
    __m256i h0, h1;
    if (lay == HG_PLANAR_P1B5) {   /* the sign words */
        int32_t w0, w1;
        memcpy(&w0, c + 16, 4), memcpy(&w1, c + chunk + 16, 4);
        h0 = _mm256_set1_epi32(w0), h1 = _mm256_set1_epi32(w1);
    } else {                       /* the e bytes */
        int64_t e0, e1;
        memcpy(&e0, c + 16, 8), memcpy(&e1, c + chunk + 16, 8);
        h0 = _mm256_set1_epi64x(e0), h1 = _mm256_set1_epi64x(e1);
    }
    const __m512i hi = _mm512_rolv_epi32(_mm512_inserti64x4(_mm512_castsi256_si512(h0), h1, 1), u->RE);
    return _mm512_ternarylogic_epi32(u->M, nib, hi, 0xCA);   /* M ? nib : hi, bit by bit */
}

HG_INLINE float hg_qdot8_packed(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a, const int b,
                                const int p, const int lay, const hg_unpack512 *u) {
    const uint64_t H = (uint64_t)q->group;
    const uint8_t *c = codes;
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint64_t gk = hg_choice_block(q, sc, g);   /* the block's copy of the activation */
        const int8_t *x = (p == 1 ? a->q : a->qp) + gk * H;
        __m512i a0 = _mm512_setzero_si512(), a1 = a0;
        for (uint64_t j = 0; j < H; j += 64 * (uint64_t)p, c += 8 * b) {
            __m512i idx = hg_codes64_avx512(c, b, lay, u);
            a0 = hg_dpbusd(a0, _mm512_permutexvar_epi8(idx, u->X), _mm512_loadu_si512(x + j));
            if (p == 2) a1 = hg_dpbusd(a1, _mm512_permutexvar_epi8(idx, u->Y), _mm512_loadu_si512(x + j + 64));
        }
        int32_t isum = _mm512_reduce_add_epi32(_mm512_add_epi32(a0, a1)) - 128 * a->qsum[gk];
        total += hg_block_epilogue(sc[g], a->d[gk], isum);
    }
    return total;
}

/* the row's k + 128 in the order hg_qdot8_packed reads activations */
HG_INLINE void hg_row8_packed(const hg_qinfo *q, const uint8_t *c, uint8_t *k, const int b, const int p, const int lay) {
    const hg_unpack512 u = hg_unpack512_get(q, lay);
    for (uint64_t j = 0; j < q->cols_pad; j += 64 * (uint64_t)p, c += 8 * b) {
        __m512i idx = hg_codes64_avx512(c, b, lay, &u);
        _mm512_storeu_si512(k + j, _mm512_permutexvar_epi8(idx, u.X));
        if (p == 2) _mm512_storeu_si512(k + j + 64, _mm512_permutexvar_epi8(idx, u.Y));
    }
}

/* which copy of the packed kernels (the code bits, p and the layout as constants): p=1 2/3/5/6-bit codes,
 * p=2 4/6-bit, bit streams; and the planar p=1 5-bit, p=1 6-bit and p=2 6-bit codes. Not a selection:
 * the kernel tables (src/select.h) give these kernels to those formats only, in blocks of 64 codes */
enum { HG_PACKED_P1B5PL = 25, HG_PACKED_P1B6PL = 26, HG_PACKED_P2B6PL = 34 };
static int hg_packed_kind(const hg_qinfo *q) { return (q->planar ? 20 : 0) + (q->p == 1 ? q->bits : 8 + q->bits); }
/* one switch for the three entry points: CALL(b, p, lay) with constant arguments */
#define HG_PACKED_SWITCH(q, CALL)                                                    \
    switch (hg_packed_kind(q)) {                                                     \
    case 2: CALL(2, 1, 0); break;                                                    \
    case 3: CALL(3, 1, 0); break;                                                    \
    case 5: CALL(5, 1, 0); break;                                                    \
    case 6: CALL(6, 1, 0); break;                                                    \
    case 12: CALL(4, 2, 0); break;                                                   \
    case HG_PACKED_P1B5PL: CALL(5, 1, HG_PLANAR_P1B5); break;                        \
    case HG_PACKED_P1B6PL: CALL(6, 1, HG_PLANAR_P2B6); break;                        \
    case HG_PACKED_P2B6PL: CALL(6, 2, HG_PLANAR_P2B6); break;                        \
    default: CALL(6, 2, 0); break;                                                   \
    }

HG_INLINE void hg_qrows8_packed(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out,
                                const int b, const int p, const int lay) {
    const hg_unpack512 u = hg_unpack512_get(q, lay);
    for (int r = row0; r < row1; r++) out[r - row0] = hg_qdot8_packed(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a, b, p, lay, &u);
}

static void hg_qrows8_packed_avx512(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
#define HG_CALL(b, p, lay) hg_qrows8_packed(w, q, a, row0, row1, out, b, p, lay)
    HG_PACKED_SWITCH(q, HG_CALL)
#undef HG_CALL
}

/* two rows of packed codes at once (hg_qmatvec8_rows2): hg_qdot8_packed's sums and epilogue per row */
HG_INLINE void hg_qdot8x2_packed(const hg_qinfo *q, const uint16_t *sc0, const uint8_t *c0, const uint16_t *sc1,
                                 const uint8_t *c1, const hg_act8 *a, const int b, const int p, const int lay,
                                 const hg_unpack512 *u, float *y0, float *y1, const int choice) {
    float t0 = 0, t1 = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        HG_X2_BLOCKS(q, sc0, sc1, g, choice, p == 1 ? a->q : a->qp);
        if (choice) hg_prefetch_blocks2(c0, c1, (uint64_t)q->group / (64 * (uint64_t)p) * 8 * (uint64_t)b);
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, b0 = a0, b1 = a0;
        for (uint64_t j = 0; j < (uint64_t)q->group; j += 64 * (uint64_t)p, c0 += 8 * b, c1 += 8 * b) {
            __m512i i0 = hg_codes64_avx512(c0, b, lay, u), i1 = hg_codes64_avx512(c1, b, lay, u);
            __m512i xe = _mm512_loadu_si512(x + j), xe1 = choice ? _mm512_loadu_si512(x1 + j) : xe;
            a0 = hg_dpbusd(a0, _mm512_permutexvar_epi8(i0, u->X), xe);
            b0 = hg_dpbusd(b0, _mm512_permutexvar_epi8(i1, u->X), xe1);
            if (p == 2) {
                __m512i xo = _mm512_loadu_si512(x + j + 64), xo1 = choice ? _mm512_loadu_si512(x1 + j + 64) : xo;
                a1 = hg_dpbusd(a1, _mm512_permutexvar_epi8(i0, u->Y), xo);
                b1 = hg_dpbusd(b1, _mm512_permutexvar_epi8(i1, u->Y), xo1);
            }
        }
        hg_qx2_block_end(a, g, g0, g1, sc0, sc1, _mm512_add_epi32(a0, a1), _mm512_add_epi32(b0, b1), &t0, &t1);
    }
    *y0 = t0;
    *y1 = t1;
}

HG_INLINE void hg_qrows8x2_packed(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                  int row1, float *out1, int n, const hg_act8 *a, const int b, const int p, const int lay) {
    const hg_unpack512 u = hg_unpack512_get(q, lay);
    if (q->choice_bits)   /* the rotation choice: each row reads its own copy (a constant in each kernel copy) */
        for (int i = 0; i < n; i++) {
            hg_prefetch_scales(w0, q, row0 + i, row0 + n), hg_prefetch_scales(w1, q, row1 + i, row1 + n);
            hg_qdot8x2_packed(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                              hg_qcodes(w1, q, row1 + i), a, b, p, lay, &u, &out0[i], &out1[i], 1);
        }
    else
        for (int i = 0; i < n; i++)
            hg_qdot8x2_packed(q, hg_qscales(w0, q, row0 + i), hg_qcodes(w0, q, row0 + i), hg_qscales(w1, q, row1 + i),
                              hg_qcodes(w1, q, row1 + i), a, b, p, lay, &u, &out0[i], &out1[i], 0);
}

static void hg_qrows8x2_packed_avx512(const hg_qinfo *q, const hg_tensor *w0, int row0, float *out0, const hg_tensor *w1,
                                      int row1, float *out1, int n, const hg_act8 *a) {
#define HG_CALL(b, p, lay) hg_qrows8x2_packed(q, w0, row0, out0, w1, row1, out1, n, a, b, p, lay)
    HG_PACKED_SWITCH(q, HG_CALL)
#undef HG_CALL
}

static void hg_row8_packed_avx512(const hg_qinfo *q, const uint8_t *codes, uint8_t *k) {
#define HG_CALL(b, p, lay) hg_row8_packed(q, codes, k, b, p, lay)
    HG_PACKED_SWITCH(q, HG_CALL)
#undef HG_CALL
}
#undef HG_PACKED_SWITCH
#endif

