/* higgs.c implementation part: code layouts (bit streams, planar), the scalar reference dot product, code unpacking.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* code i of a little-endian bit stream; never reads past the byte holding its last bit */
static inline int hg_code_at(const uint8_t *codes, uint64_t i, int bits) {
    uint64_t pos = i * (uint64_t)bits;
    const uint8_t *b = codes + (pos >> 3);
    unsigned shift = (unsigned)(pos & 7), need = shift + (unsigned)bits;
    uint32_t v = b[0];
    if (need > 8) v |= (uint32_t)b[1] << 8;
    if (need > 16) v |= (uint32_t)b[2] << 16;
    return (int)((v >> shift) & ((1u << bits) - 1));
}

static inline void hg_code_put(uint8_t *codes, uint64_t i, int bits, int code) {
    for (int k = 0; k < bits; k++) {
        uint64_t pos = i * (uint64_t)bits + (uint64_t)k;
        if ((code >> k) & 1) codes[pos >> 3] |= (uint8_t)(1u << (pos & 7));
    }
}

/* the planar layout of 6-bit codes (file variant 4: the 3-bit block grid, docs/format.md): per chunk
 * of 32 codes, 24 bytes; code i's bits 0-3 (its x index) in byte i % 16, the low nibble for i < 16
 * and the high one for i >= 16, then e = (c >> 4) ^ (c & 3) in bits 2 * (i / 8) of byte 16 + i % 8.
 * The AVX2 kernel takes the x index as it is and the y index as nibble ^ e, one XOR, from a table in
 * that order (hg_grid8.blk_ku[2]), where the standard bit stream costs six instructions to unpack. */
static inline int hg_code_at_planar(const uint8_t *codes, uint64_t i) {
    const uint8_t *b = codes + i / 32 * 24;
    const unsigned j = (unsigned)(i % 32), nib = b[j % 16] >> (j / 16 * 4) & 15u, e = b[16 + j % 8] >> (j / 8 * 2) & 3u;
    return (int)(nib | (e ^ (nib & 3u)) << 4);
}
/* into zeroed codes */
static inline void hg_code_put_planar(uint8_t *codes, uint64_t i, int code) {
    uint8_t *b = codes + i / 32 * 24;
    const unsigned j = (unsigned)(i % 32), c = (unsigned)code;
    b[j % 16] |= (uint8_t)((c & 15u) << (j / 16 * 4));
    b[16 + j % 8] |= (uint8_t)((((c >> 4) ^ (c & 3u)) & 3u) << (j / 8 * 2));
}
/* the planar layout of p=4 12-bit codes (file variant 6: the paired grid): per chunk of 64 codes, 96
 * bytes; code i's magnitude index (bits 0-7) in byte i, then four sign planes of 8 bytes: sign bit d
 * (bit 8 + d) of code i in bit i % 8 of byte 64 + 8d + i / 8. The AVX-512 kernel loads the 64 indices
 * as they are and each plane as a mask register (bit i for code i). */
static inline int hg_code_at_p4planar(const uint8_t *codes, uint64_t i) {
    const uint8_t *b = codes + i / 64 * 96;
    const unsigned j = (unsigned)(i % 64);
    unsigned c = b[j];
    for (unsigned d = 0; d < 4; d++) c |= (unsigned)(b[64 + 8 * d + j / 8] >> (j % 8) & 1u) << (8 + d);
    return (int)c;
}
/* bit i of x in bit 0 of byte i */
static inline uint64_t hg_bits_to_bytes(unsigned x) {
    uint64_t r = x & 255u;
    r = (r | r << 28) & 0x0000000F0000000Full;
    r = (r | r << 14) & 0x0003000300030003ull;
    return (r | r << 7) & 0x0101010101010101ull;
}
/* the 64 codes of a planar p=4 chunk (96 bytes at b) as ints: eight codes' sign nibbles a 64-bit word */
static inline void hg_unpack_p4planar_chunk(const uint8_t *b, int32_t *idx) {
    for (int k = 0; k < 8; k++) {
        const uint64_t nib = hg_bits_to_bytes(b[64 + k]) | hg_bits_to_bytes(b[72 + k]) << 1 | hg_bits_to_bytes(b[80 + k]) << 2 |
                             hg_bits_to_bytes(b[88 + k]) << 3;
        for (int t = 0; t < 8; t++) idx[8 * k + t] = b[8 * k + t] | (int32_t)(nib >> (8 * t) & 15) << 8;
    }
}
static inline void hg_code_put_p4planar(uint8_t *codes, uint64_t i, int code) {
    uint8_t *b = codes + i / 64 * 96;
    const unsigned j = (unsigned)(i % 64), c = (unsigned)code;
    b[j] = (uint8_t)(c & 255u);
    for (unsigned d = 0; d < 4; d++) b[64 + 8 * d + j / 8] |= (uint8_t)((c >> (8 + d) & 1u) << (j % 8));
}
/* the planar layout of p=1 5-bit codes in sign-magnitude order (file variant 7 with 5-bit codes): per
 * chunk of 32 codes, 20 bytes; code i's bits 0-3 (the magnitude index) in byte i % 16 as in
 * hg_code_at_planar, then its bit 4 (the sign) in bit 8 (i % 4) + i / 4 of the little-endian 32-bit word
 * at byte 16: byte 16 + i % 4, bit i / 4. The AVX2 kernel broadcasts that word and shifts 32-bit lane j
 * left by 7 - j, which puts code i's sign in bit 7 of byte i. */
static inline int hg_code_at_p1b5planar(const uint8_t *codes, uint64_t i) {
    const uint8_t *b = codes + i / 32 * 20;
    const unsigned j = (unsigned)(i % 32), nib = b[j % 16] >> (j / 16 * 4) & 15u;
    return (int)(nib | (b[16 + j % 4] >> (j / 4) & 1u) << 4);
}
/* into zeroed codes */
static inline void hg_code_put_p1b5planar(uint8_t *codes, uint64_t i, int code) {
    uint8_t *b = codes + i / 32 * 20;
    const unsigned j = (unsigned)(i % 32), c = (unsigned)code;
    b[j % 16] |= (uint8_t)((c & 15u) << (j / 16 * 4));
    b[16 + j % 4] |= (uint8_t)((c >> 4 & 1u) << (j / 4));
}
/* code i of a row of q's tensor, in any layout */
static inline int hg_qcode(const hg_qinfo *q, const uint8_t *codes, uint64_t i) {
    return q->planar == HG_PLANAR_P2B6   ? hg_code_at_planar(codes, i)
           : q->planar == HG_PLANAR_P1B5 ? hg_code_at_p1b5planar(codes, i)
           : q->planar                   ? hg_code_at_p4planar(codes, i)
                                         : hg_code_at(codes, i, q->bits);
}
/* code i of a row, written into zeroed codes in q's layout */
static inline void hg_qcode_put(const hg_qinfo *q, uint8_t *codes, uint64_t i, int code) {
    if (q->planar == HG_PLANAR_P2B6) hg_code_put_planar(codes, i, code);
    else if (q->planar == HG_PLANAR_P1B5) hg_code_put_p1b5planar(codes, i, code);
    else if (q->planar) hg_code_put_p4planar(codes, i, code);
    else hg_code_put(codes, i, q->bits, code);
}

/* scalar reference: the definition of every quantized type */
float hg_qdot_row_ref(const hg_tensor *w, const hg_qinfo *q, int row, const float *xr) {
    const uint16_t *sc = hg_qscales(w, q, row);
    const uint8_t *codes = hg_qcodes(w, q, row);
    int per_group = q->group / q->p;
    double sum = 0;
    float xk[HG_CHOICE_MAX_BLOCK];
    for (uint64_t g = 0; g < q->groups; g++) {
        float acc = 0;
        const float *x = xr + g * (uint64_t)q->group;
        if (q->choice_bits) {   /* the rotation choice: the activation block moved to the block's own rotation */
            memcpy(xk, x, (size_t)q->group * sizeof(float));
            hg_choice_to_copy0(q, g, (int)(sc[g] & q->choice_mask), xk);   /* Hn R_k Hn^T: its own inverse */
            x = xk;
        }
        for (int j = 0; j < per_group; j++) {
            uint64_t idx = g * (uint64_t)per_group + (uint64_t)j;
            const float *pt = q->codebook + (size_t)hg_qcode(q, codes, idx) * (size_t)q->p;
            for (int d = 0; d < q->p; d++) acc += pt[d] * x[(uint64_t)j * (uint64_t)q->p + (uint64_t)d];
        }
        sum += (double)hg_f16_to_f32(sc[g]) * acc;
    }
    return (float)sum;
}

/* the planar layout's (hg_code_at_planar) n codes at c as bytes, n a multiple of 32; eight codes a
 * 64-bit word (each byte lane on its own, so either byte order of the word works) */
static void hg_unpack6_planar(const uint8_t *c, uint64_t n, uint8_t *out) {
    const uint64_t m4 = 0x0F0F0F0F0F0F0F0Full, m2 = 0x0303030303030303ull;
    for (uint64_t i = 0; i < n; i += 32, c += 24, out += 32) {
        uint64_t b0, b1, e;
        memcpy(&b0, c, 8), memcpy(&b1, c + 8, 8), memcpy(&e, c + 16, 8);
        const uint64_t nib[4] = {b0 & m4, b1 & m4, b0 >> 4 & m4, b1 >> 4 & m4};   /* codes 0-7, 8-15, 16-23, 24-31 */
        for (int k = 0; k < 4; k++) {   /* e of codes 8k .. 8k + 7: bits 2k of e's bytes */
            const uint64_t code = nib[k] | (((e >> (2 * k)) ^ nib[k]) & m2) << 4;
            memcpy(out + 8 * k, &code, 8);
        }
    }
}

/* the p=1 5-bit planar layout's (hg_code_at_p1b5planar) n codes at c as bytes, n a multiple of 32; eight
 * codes a 64-bit word as in hg_unpack6_planar. Byte u of word k is code 8k + u, whose sign is bit
 * 2k + u / 4 of sign byte u % 4: the sign word twice (byte u holds sign byte u % 4) shifted right by 2k,
 * and by one more in the upper four bytes, puts it at bit 0 of byte u. */
static void hg_unpack5_p1planar(const uint8_t *c, uint64_t n, uint8_t *out) {
    const uint64_t m4 = 0x0F0F0F0F0F0F0F0Full, lo = 0x0000000001010101ull, hi = 0x0101010100000000ull;
    for (uint64_t i = 0; i < n; i += 32, c += 20, out += 32) {
        uint64_t b0, b1;
        uint32_t w;
        memcpy(&b0, c, 8), memcpy(&b1, c + 8, 8), memcpy(&w, c + 16, 4);
        const uint64_t s2 = (uint64_t)w | (uint64_t)w << 32;
        const uint64_t nib[4] = {b0 & m4, b1 & m4, b0 >> 4 & m4, b1 >> 4 & m4};   /* codes 0-7, 8-15, 16-23, 24-31 */
        for (int k = 0; k < 4; k++) {
            const uint64_t t = s2 >> (2 * k), code = nib[k] | ((t & lo) | (t >> 1 & hi)) << 4;
            memcpy(out + 8 * k, &code, 8);
        }
    }
}

/* unpack the codes of one group into ints so table loops can index them */
static inline void hg_unpack_codes(const hg_qinfo *q, const uint8_t *codes, uint64_t first, int count, int32_t *idx) {
    const int bits = q->bits;
    if (q->planar == HG_PLANAR_P4B12) {
        int k = 0;
        for (; k + 64 <= count && !((first + (uint64_t)k) % 64); k += 64)
            hg_unpack_p4planar_chunk(codes + (first + (uint64_t)k) / 64 * 96, idx + k);
        for (; k < count; k++) idx[k] = hg_code_at_p4planar(codes, first + (uint64_t)k);
        return;
    }
    if (q->planar) {   /* chunks of 32 codes: 24 bytes (6-bit codes) or 20 (p=1 5-bit) */
        const int five = q->planar == HG_PLANAR_P1B5;
        int k = 0;
        for (uint8_t b[32]; k + 32 <= count && !((first + (uint64_t)k) % 32); k += 32) {
            const uint8_t *c = codes + (first + (uint64_t)k) / 32 * (five ? 20 : 24);
            if (five) hg_unpack5_p1planar(c, 32, b);
            else hg_unpack6_planar(c, 32, b);
            for (int j = 0; j < 32; j++) idx[k + j] = b[j];
        }
        for (; k < count; k++) idx[k] = hg_qcode(q, codes, first + (uint64_t)k);
        return;
    }
    if (bits == 8) { for (int k = 0; k < count; k++) idx[k] = codes[first + (uint64_t)k]; return; }
    if (bits == 4 && !(first & 1)) {
        const uint8_t *b = codes + first / 2;
        for (int k = 0; k < count / 2; k++) { idx[2 * k] = b[k] & 15; idx[2 * k + 1] = b[k] >> 4; }
        return;
    }
    int k = 0;
    if (bits == 12 && !(first & 1)) {   /* two codes in three bytes */
        const uint8_t *b = codes + first / 2 * 3;
        for (; k + 2 <= count; k += 2, b += 3) {
            idx[k] = b[0] | (b[1] & 15) << 8;
            idx[k + 1] = b[1] >> 4 | b[2] << 4;
        }
    }
    if (bits == 10 && !(first & 3)) {   /* four codes in five bytes */
        const uint8_t *b = codes + first / 4 * 5;
        for (; k + 4 <= count; k += 4, b += 5) {
            uint64_t v = (uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 | (uint64_t)b[3] << 24 | (uint64_t)b[4] << 32;
            for (int j = 0; j < 4; j++) idx[k + j] = (int32_t)(v >> (10 * j) & 1023);
        }
    }
    if (bits < 8 && !(first & 7)) {
        /* 8 codes fill exactly `bits` bytes: gather them into one word, then shift the codes out */
        const uint8_t *b = codes + first / 8 * (uint64_t)bits;
        uint32_t mask = (1u << bits) - 1;
        for (; k + 8 <= count; k += 8, b += bits) {
            uint64_t v = 0;
            for (int j = 0; j < bits; j++) v |= (uint64_t)b[j] << (8 * j);
            for (int j = 0; j < 8; j++) idx[k + j] = (int32_t)((v >> (j * bits)) & mask);
        }
    }
    for (; k < count; k++) idx[k] = hg_code_at(codes, first + (uint64_t)k, bits);
}

