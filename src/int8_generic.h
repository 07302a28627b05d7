/* higgs.c implementation part: portable int8 kernels (code unpacking, generic products).
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* 6-bit codes (p=2 and p=1, 64 points) -> one byte each; n is a multiple of 4 */
static void hg_unpack6(const uint8_t *c, uint64_t n, uint8_t *out) {
    for (uint64_t i = 0; i < n; i += 4, c += 3) {
        uint32_t v = (uint32_t)c[0] | (uint32_t)c[1] << 8 | (uint32_t)c[2] << 16;
        out[i] = (uint8_t)(v & 63); out[i + 1] = (uint8_t)(v >> 6 & 63);
        out[i + 2] = (uint8_t)(v >> 12 & 63); out[i + 3] = (uint8_t)(v >> 18);
    }
}

/* a p=2 6-bit row's first n codes as bytes, in either layout */
static void hg_unpack6_row(const hg_qinfo *q, const uint8_t *c, uint64_t n, uint8_t *out) {
    if (q->planar) hg_unpack6_planar(c, n, out);
    else hg_unpack6(c, n, out);
}

/* portable: whole code bytes, int32 sums (what -march-less builds run) */
static float hg_qdot8_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int8_t *k = q->g8->k;
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        const uint8_t *c = codes + g * H / 2;
        int32_t s0 = 0, s1 = 0;
        if (q->p == 1)
            for (uint64_t j = 0; j < H / 2; j++) { s0 += k[c[j] & 15] * x[2 * j]; s1 += k[c[j] >> 4] * x[2 * j + 1]; }
        else
            for (uint64_t j = 0; j < H / 2; j++) { s0 += k[2 * c[j]] * x[2 * j]; s1 += k[2 * c[j] + 1] * x[2 * j + 1]; }
        isum = s0 + s1;
    })
    return total;
}

/* 5-bit codes -> one byte each; n is a multiple of 8 */
static void hg_unpack5(const uint8_t *c, uint64_t n, uint8_t *out) {
    for (uint64_t i = 0; i < n; i += 8, c += 5) {
        uint64_t v = (uint64_t)c[0] | (uint64_t)c[1] << 8 | (uint64_t)c[2] << 16 | (uint64_t)c[3] << 24 | (uint64_t)c[4] << 32;
        for (int k = 0; k < 8; k++) out[i + k] = (uint8_t)(v >> (5 * k) & 31);
    }
}
/* p=1 with whole code bytes, natural order, one table lookup a weight: 256 levels as they are
 * (RTN 8-bit and the uniform grid: k = c - 128), 32 and 64 levels from the row's 5- or 6-bit codes
 * unpacked into bytes (rows of at most HG_N64_MAX_COLS) */
static float hg_qdot8_p1_bytes_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *bytes, const hg_act8 *a) {
    const uint64_t H = (uint64_t)q->group;
    float total = 0;
    HG_FOR_BLOCKS8(q, sc, a, a->q, total, {
        const uint8_t *c = bytes + g * H;
        int32_t s = 0;
        for (uint64_t j = 0; j < H; j++) s += q->g8->k[c[j]] * x[j];
        isum = s;
    })
    return total;
}
/* a p=1 32- or 64-level row's codes, one byte each (cols_pad <= HG_N64_MAX_COLS), in either layout */
static void hg_unpack_p1_row(const hg_qinfo *q, const uint8_t *codes, uint8_t *bytes) {
    if (q->planar == HG_PLANAR_P1B5) hg_unpack5_p1planar(codes, q->cols_pad, bytes);
    else if (q->planar) hg_unpack6_planar(codes, q->cols_pad, bytes);
    else if (q->n == 64) hg_unpack6(codes, q->cols_pad, bytes);
    else hg_unpack5(codes, q->cols_pad, bytes);
}
static float hg_qdot8_p1_unpacked_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS];
    hg_unpack_p1_row(q, codes, bytes);
    return hg_qdot8_p1_bytes_generic(q, sc, bytes, a);
}
static void hg_row8_decode_p1n256(const hg_qinfo *q, const uint8_t *codes, int8_t *k) {
    for (uint64_t i = 0; i < q->cols_pad; i++) k[i] = (int8_t)(codes[i] ^ 0x80);
}

/* p=4 (8-, 10- or 12-bit codes): a point's four int8 coordinates per code,
 * a block's codes unpacked at a time */
static float hg_qdot8_p4_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    const int per_group = q->group / 4;
    int32_t idx[1024];
    float total = 0;
    for (uint64_t g = 0; g < q->groups; g++) {
        const uint64_t gk = hg_choice_block(q, sc, g);   /* the block's copy of the activation */
        int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int done = 0; done < per_group; done += 1024) {
            int count = per_group - done < 1024 ? per_group - done : 1024;
            hg_unpack_codes(q, codes, g * (uint64_t)per_group + (uint64_t)done, count, idx);
            const int8_t *x = a->q + gk * (uint64_t)q->group + 4 * (uint64_t)done;
            for (int j = 0; j < count; j++) {
                const int8_t *pt = q->g8->k + 4 * idx[j];
                s0 += pt[0] * x[4 * j]; s1 += pt[1] * x[4 * j + 1]; s2 += pt[2] * x[4 * j + 2]; s3 += pt[3] * x[4 * j + 3];
            }
        }
        total += hg_block_epilogue(sc[g], a->d[gk], s0 + s1 + s2 + s3);
    }
    return total;
}

