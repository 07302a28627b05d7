/* higgs.c implementation part: which kernel serves which format on this build.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* ---- kernel selection ----
 * hg_qinfo_get fills q->k once per tensor format: hg_kernels_generic puts in
 * the portable kernels, then this build's selectors (AVX2; AVX-512; its VNNI
 * part; NEON) replace the entries they have a faster kernel for, each filling
 * only what it implements. The int8 path is used for a format (q->act8) where
 * some selector gave it a row kernel. What each ISA has, "-" where the
 * previous row's kernel stays:
 *
 *                 float dot, dequant           int8 one row / row range      two streams   prompt (decode8, gemm8)
 *   portable      every format                 p1 4/5/6-bit, p1u 8-bit,      -             every int8 format
 *                                              p2 3/4-bit
 *   AVX2          p1 2/3/4-bit, p2 2-bit:      p1 4/5/6-bit, p1u 8-bit,      -             decode8 p1 4/5/6-bit, p2 3/4-bit;
 *                 pshufb tables; the rest      p2 3/4-bit (blocks of 32;                   gemm8 in blocks of 32
 *                                              p2 4-bit
 *                                              sign-symmetric: pshufb
 *                                              magnitude tables)
 *                 up to 8-bit codes: gathers
 *                 (blocks of 16 codes; only
 *                 where AVX-512 is not built)
 *   AVX-512       p1 2-8-bit, p2 2/3/4-bit     -                             -             -
 *                 (blocks of 16 codes)
 *   AVX-512 VNNI  -                            row ranges: p1 2/3/4/5/6-bit, the same      the same formats (k + 128)
 *                                              p2 2/3/4-bit (p1 4-bit, p2
 *                                              4-bit in blocks of 32; the
 *                                              rest in blocks of 64 codes)
 *   NEON          - (portable)                 p1 4/5/6-bit, p1u 8-bit,      -             decode8 p1 4-bit
 *                                              p2 3/4-bit
 *                                              (blocks of 32; sdot with
 *                                              HG_NEON_DOTPROD)
 * p=4 grids (256, 1024, 4096 points): the float kernels are portable everywhere; int8: portable on
 * every build, AVX2 word-table lookups in blocks of 32 (gemm8 too), AVX-512 VNNI word tables in
 * blocks of 64 and, in blocks of 256k, byte tables (vpermi2b) on the coordinate-major activation
 * (hg_act8_coords4) for 256 points and for the sign-symmetric 4096 (magnitudes; signs on the
 * activation); the VNNI prompt product in natural order; NEON: the bit-stream grids by word-table
 * lane loads in blocks of 32, the paired 4096-point grid (planar codes, blocks of 256k) by tbl lookups
 * with its own prompt decode (sdot with HG_NEON_DOTPROD). No two-stream kernel.
 */

/* the float kernels as table entries: name_dot and name_deq, from one kernel
 * call that takes (xr, out) with one of them NULL */
#define HG_DOT_DEQ(name, call)                                                                                  \
    static float name##_dot(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr) {     \
        float *out = NULL;                                                                                      \
        return call;                                                                                            \
    }                                                                                                           \
    static void name##_deq(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, float *out) {           \
        const float *xr = NULL;                                                                                 \
        (void)(call);                                                                                           \
    }

static void hg_kernels_generic(hg_qinfo *q) {
    q->k.dot = hg_qdot_scalar;
    q->k.dequant = hg_qdequant_scalar;
    if (!q->grid8) return;
    q->k.dot8 = hg_qdot8_codes_ref;
    q->k.decode8 = hg_row8_decode_generic;
    if ((q->p == 1 && q->n == 16) || (q->p == 2 && q->n == 256)) q->k.dot8 = hg_qdot8_generic;
    else if (q->p == 1 && q->n == 256) q->k.dot8 = hg_qdot8_p1_bytes_generic, q->k.decode8 = hg_row8_decode_p1n256;
    else if (q->p == 2 && q->n == 64) q->k.dot8 = hg_qdot8_p2n64_generic;
    else if (q->p == 1 && (q->n == 64 || q->n == 32)) q->k.dot8 = hg_qdot8_p1_unpacked_generic;
    else if (q->p == 4) q->k.dot8 = hg_qdot8_p4_generic, q->k.decode8 = hg_row8_decode_p4;
    else return;
    q->k.rows8 = hg_qrows8_each;
}

#if defined(HG_AVX2)
#if !defined(HG_AVX512)
HG_DOT_DEQ(hg_k_p1b2_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 2))
HG_DOT_DEQ(hg_k_p1b3_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 3))
HG_DOT_DEQ(hg_k_p1b4_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 4))
HG_DOT_DEQ(hg_k_p2b4_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 2, 4))
HG_DOT_DEQ(hg_k_gather_avx2, hg_qrow_gather_avx2(q, sc, codes, xr, out))
#endif
static void hg_kernels_avx2(hg_qinfo *q) {
#if !defined(HG_AVX512)   /* AVX-512 builds keep their own float kernels, or the portable ones */
    if (!((q->group / q->p) % 16) && q->bits <= 8 && q->p <= 2 && !q->planar) {   /* planar: the portable ones */
        if (q->p == 1 && q->bits <= 4 && q->bits >= 2) {
            q->k.dot = q->bits == 2 ? hg_k_p1b2_avx2_dot : q->bits == 3 ? hg_k_p1b3_avx2_dot : hg_k_p1b4_avx2_dot;
            q->k.dequant = q->bits == 2 ? hg_k_p1b2_avx2_deq : q->bits == 3 ? hg_k_p1b3_avx2_deq : hg_k_p1b4_avx2_deq;
        } else if (q->p == 2 && q->bits == 4) {
            q->k.dot = hg_k_p2b4_avx2_dot;
            q->k.dequant = hg_k_p2b4_avx2_deq;
        } else {
            q->k.dot = hg_k_gather_avx2_dot;
            q->k.dequant = hg_k_gather_avx2_deq;
        }
    }
#endif
    if (q->p == 4 && q->k.rows8 && !(q->group % 32)) {
        q->k.dot8 = q->bits == 8 ? hg_qdot8_p4b8_avx2 : q->bits == 10 ? hg_qdot8_p4b10_avx2 : hg_qdot8_p4b12_avx2;
        if (q->planar && q->grid8paired) q->k.dot8 = hg_qdot8_p4p_avx2, q->k.decode8 = hg_row8_decode_p4p_avx2;
        else if (q->planar) q->k.dot8 = hg_qdot8_p4_generic;
        q->k.gemm8 = hg_qmatmul8_avx2;
        return;
    }
    if (!q->k.rows8 || q->p > 2) return;
    if (q->p == 1 && q->n == 256) {   /* RTN 8-bit */
        if (q->group % 32) return;
        q->k.dot8 = hg_qdot8_p1n256_avx2;
        q->k.gemm8 = hg_qmatmul8_avx2;
        return;
    }
    if (q->p == 1 && (q->n == 64 || q->n == 32)) {
        if (q->group % 32) return;
        q->k.dot8 = hg_qdot8_p1k_avx2;
        q->k.decode8 = hg_row8_decode_p1k_avx2;
        q->k.gemm8 = hg_qmatmul8_avx2;
        return;
    }
    if (q->p == 2) q->k.decode8 = hg_row8_decode_p2_avx2;
    else q->k.decode8 = hg_row8_decode_p1n16_avx2;
    if (q->p == 2 && q->n == 64)   /* the 3-bit grids: 32 codes a step, as their decode kernels look them up */
        q->k.decode8 = q->grid8abs ? hg_row8_decode_p2s6_avx2
                       : q->variant == HG_GRID_BLOCKS ? (q->planar ? hg_row8_decode_p2bp_avx2 : hg_row8_decode_p2b6_avx2)
                                                      : hg_row8_decode_p2n64_avx2;
    if (q->p == 2 && q->n == 256 && q->grid8abs)   /* the sign-symmetric and block 4-bit grids likewise */
        q->k.decode8 = q->variant == HG_GRID_BLOCKS ? hg_row8_decode_p2b_avx2 : hg_row8_decode_p2s_avx2;
    if (q->group % 32) return;
    q->k.dot8 = q->p == 1 ? hg_qdot8_p1n16_avx2 : q->grid8abs ? (q->n == 256 ? hg_qdot8_p2s_avx2 : hg_qdot8_p2s6_avx2) : q->n == 256 ? hg_qdot8_p2n256_avx2 : hg_qdot8_p2n64_avx2;
    if (q->p == 2 && (q->grid8abs || q->n == 64))   /* two row streams */
        q->k.rows8x2 = q->n == 64 ? (q->grid8abs ? hg_qrows8x2_p2s6_avx2 : hg_qrows8x2_p2n64_avx2) : hg_qrows8x2_p2s_avx2;
    if (q->variant == HG_GRID_BLOCKS && q->n == 256) q->k.dot8 = hg_qdot8_p2b_avx2, q->k.rows8x2 = hg_qrows8x2_p2b_avx2;
    if (q->variant == HG_GRID_BLOCKS && q->n == 64) q->k.dot8 = hg_qdot8_p2b6_avx2, q->k.rows8x2 = hg_qrows8x2_p2b6_avx2;
    if (q->planar == HG_PLANAR_P2B6) q->k.dot8 = hg_qdot8_p2bp_avx2, q->k.rows8x2 = hg_qrows8x2_p2bp_avx2;
    q->k.gemm8 = hg_qmatmul8_avx2;
}
#endif

#if defined(HG_AVX512)
HG_DOT_DEQ(hg_k_p1b2_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 2))
HG_DOT_DEQ(hg_k_p1b3_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 3))
HG_DOT_DEQ(hg_k_p1b4_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 4))
HG_DOT_DEQ(hg_k_p1b5_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 5))
HG_DOT_DEQ(hg_k_p1b6_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 6))
HG_DOT_DEQ(hg_k_p1gather_avx512, hg_qrow_p1gather_avx512(q, sc, codes, xr, out))
HG_DOT_DEQ(hg_k_p2b4_avx512, hg_qrow_p2lut_avx512(q, sc, codes, xr, out, 4))
HG_DOT_DEQ(hg_k_p2b6_avx512, hg_qrow_p2lut_avx512(q, sc, codes, xr, out, 6))
HG_DOT_DEQ(hg_k_p2b8_avx512, hg_qrow_p2n256_avx512(q, sc, codes, xr, out))
static void hg_kernels_avx512(hg_qinfo *q) {
    if ((q->group / q->p) % 16 || q->planar) return;
    float (*dot)(const hg_qinfo *, const uint16_t *, const uint8_t *, const float *) = NULL;
    void (*deq)(const hg_qinfo *, const uint16_t *, const uint8_t *, float *) = NULL;
#define HG_PICK(name) (dot = name##_dot, deq = name##_deq)
    if (q->p == 1) {
        switch (q->bits) {
        case 2: HG_PICK(hg_k_p1b2_avx512); break;
        case 3: HG_PICK(hg_k_p1b3_avx512); break;
        case 4: HG_PICK(hg_k_p1b4_avx512); break;
        case 5: HG_PICK(hg_k_p1b5_avx512); break;
        case 6: HG_PICK(hg_k_p1b6_avx512); break;
        case 7: case 8: HG_PICK(hg_k_p1gather_avx512); break;
        }
    } else if (q->p == 2) {
        switch (q->bits) {
        case 4: HG_PICK(hg_k_p2b4_avx512); break;
        case 6: HG_PICK(hg_k_p2b6_avx512); break;
        case 8: HG_PICK(hg_k_p2b8_avx512); break;
        }
    }
#undef HG_PICK
    if (dot) {
        q->k.dot = dot;
        q->k.dequant = deq;
    }
}
#endif

#if defined(HG_AVX512_VNNI)
static void hg_kernels_avx512_vnni(hg_qinfo *q) {
    if (!q->grid8) return;
    if (q->p == 4 && !(q->group % 64)) {
        q->k.dot8 = q->bits == 8 ? hg_qdot8_p4b8_vnni : q->bits == 10 ? hg_qdot8_p4b10_vnni : hg_qdot8_p4b12_vnni;
        q->k.rows8 = hg_qrows8_each;
        if (q->bits == 8 && !(q->group % 256)) q->k.dot8 = hg_qdot8_p4n256_vnni, q->k.rows8 = hg_qrows8_p4n256_avx512;
        if (q->grid8abs && !(q->group % 256)) q->k.dot8 = hg_qdot8_p4s_vnni, q->k.rows8 = hg_qrows8_p4s_avx512;
        if (q->planar) {   /* a layout the bit-stream kernels cannot read: the paired kernel, or the generic one */
            q->k.dot8 = q->grid8paired ? hg_qdot8_p4pair_vnni : hg_qdot8_p4_generic;
            q->k.rows8 = q->grid8paired ? hg_qrows8_p4pair_avx512 : hg_qrows8_each;
        }
        q->k.decode8 = q->planar && q->grid8paired ? hg_row8_decode_p4pair_vnni : hg_row8_decode_p4_vnni;
        q->k.gemm8 = hg_qmatmul8_vnni;
        q->k.gemm8_vnni = 1;
        return;
    }
    if (q->p == 1 && q->n == 256) {   /* RTN 8-bit: the codes are k + 128 as they are */
        if (q->group % 64) return;
        q->k.dot8 = hg_qdot8_p1n256_vnni;
        q->k.decode8 = hg_row8_copy_vnni;
        q->k.gemm8 = hg_qmatmul8_vnni;
        q->k.gemm8_vnni = 1;
        return;
    }
#if defined(HG_AVX2)
    if (q->planar == HG_PLANAR_P2B6) {   /* decode: the AVX2 kernels (vpdpbusd on 256 bits); prompts: the VNNI product */
        q->k.decode8 = hg_row8_decode_p2bp_vnni;
        q->k.gemm8 = hg_qmatmul8_vnni;
        q->k.gemm8_vnni = 1;
        return;
    }
#endif
    const int p1n16 = q->p == 1 && q->n == 16 && !(q->group % 32), p2n256 = q->p == 2 && q->n == 256 && !(q->group % 32);
    if (!hg_packed_kind(q) && !p1n16 && !p2n256) return;
    q->k.rows8 = hg_packed_kind(q) ? hg_qrows8_packed_avx512 : p1n16 ? hg_qrows8_p1n16_avx512 : hg_qrows8_p2n256_avx512;
    q->k.rows8x2 = hg_packed_kind(q) ? hg_qrows8x2_packed_avx512 : p1n16 ? hg_qrows8x2_p1n16_avx512 : hg_qrows8x2_p2n256_avx512;
    q->k.decode8 = hg_row8_decode_vnni;
    q->k.gemm8 = hg_qmatmul8_vnni;
    q->k.gemm8_vnni = 1;
}
#endif

#if defined(HG_NEON)
static void hg_kernels_neon(hg_qinfo *q) {
    if (q->p == 4 && q->k.rows8 && q->planar && q->grid8paired && !(q->group % 256)) {
        q->k.dot8 = hg_qdot8_p4p_neon;
        q->k.decode8 = hg_row8_decode_p4p_neon;
        return;
    }
    if (q->p == 4 && q->k.rows8 && !q->planar && !(q->group % 32)) {
        q->k.dot8 = q->bits == 8 ? hg_qdot8_p4b8_neon : q->bits == 10 ? hg_qdot8_p4b10_neon : hg_qdot8_p4b12_neon;
        return;
    }
    if (!q->k.rows8 || q->p > 2) return;
    if (q->p == 1 && q->n == 256) {   /* RTN 8-bit */
        if (!(q->group % 32)) q->k.dot8 = hg_qdot8_p1_bytes_neon;
        return;
    }
    if (q->p == 1 && (q->n == 64 || q->n == 32)) {
        if (!(q->group % 32)) q->k.dot8 = hg_qdot8_p1_unpacked_neon;
        return;
    }
    if (q->p == 1) q->k.decode8 = hg_row8_decode_p1n16_neon;
    if (q->group % 32) return;
    q->k.dot8 = q->p == 1 ? hg_qdot8_p1n16_neon : q->n == 256 ? hg_qdot8_p2n256_neon : hg_qdot8_p2n64_neon;
}
#endif

static void hg_kernels_select(hg_qinfo *q) {
    memset(&q->k, 0, sizeof q->k);
    hg_kernels_generic(q);
#if defined(HG_AVX2)
    hg_kernels_avx2(q);
#endif
#if defined(HG_AVX512)
    hg_kernels_avx512(q);
#endif
#if defined(HG_AVX512_VNNI)
    hg_kernels_avx512_vnni(q);
#endif
#if defined(HG_NEON)
    hg_kernels_neon(q);
#endif
    /* off the AVX-512 and AVX2 paths 5- and 6-bit codes are unpacked a row at a time into a stack
     * buffer: every build leaves longer rows to the float kernels alike */
    int row_buffer = (q->n == 64 && q->p <= 2) || (q->n == 32 && q->p == 1);
    if (row_buffer && q->cols_pad > HG_N64_MAX_COLS) q->k.rows8 = NULL, q->k.rows8x2 = NULL;
    q->act8 = q->k.rows8 != NULL;
}
