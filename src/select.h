/* higgs.c implementation part: which kernel serves which format on this build.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* ---- kernel tables ----
 * One table per ISA level, indexed by format id (src/formats.h), as data: an entry holds up to
 * HG_KCELLS cells, each the kernels this level has for the format where the block (q->group) is
 * a multiple of the cell's `multiple`, and the activation copy (hg_act_rule) the level prepares.
 * A NULL kernel in a cell means "a cell below serves it". hg_kernels_resolve fills q->k (the tensor's
 * kernel entries, struct hg_kernels; not the grid integers g8->k, the int8 weight values) per
 * kernel from the first cell that applies and has one, going from the build's highest level down
 * (within a level, in cell order) to the portable table, which has a cell for every format.
 * The levels this build has are fixed at compile time (hg_klevels). Then two rules:
 *  - formats whose int8 kernels unpack a row on the stack (hg_format.row_buffer) keep rows longer
 *    than HG_N64_MAX_COLS on the float kernels, on every build alike;
 *  - the int8 path is used for a format (q->act8) where its chain has a row kernel (rows8).
 * Levels, lowest first: portable; AVX2 (its float kernels only where AVX-512 is not built: the
 * AVX-512 float table covers every format the AVX2 one does); AVX-512 (float kernels); AVX-512
 * VNNI (int8); NEON (int8). tests/test_tables.c prints every (format, level) cell with the kernel
 * that serves it and fails on a gap; `run --info` lists the formats this build runs as int8
 * (hg_act8_grids, generated from the tables). Kernel names follow hg_<op>_<code shape>_<isa>,
 * e.g. hg_dot_p1b4_avx2: the float product of p=1 4-bit codes (RTN 4-bit, NF4, AF4, p1-4bit). The
 * code shape counts bits per code, not per weight (docs/grids.md#names): p<P>b<C> is C-bit codes, one
 * per P weights (hg_dot_p2b4_avx2 serves p2-2bit, hg_qdot8_p4b12_avx2 p4-3bit), p<P>n<N> an N-point
 * grid; a benchmark config such as p2b4 is --p 2 --bits 4, bits per weight. */

/* the float kernels as table entries: hg_dot_<shape>_<isa> and hg_dequant_<shape>_<isa>, from one
 * kernel call that takes (xr, out) with one of them NULL */
#define HG_DOT_DEQ(shape, call)                                                                              \
    static float hg_dot_##shape(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const float *xr) { \
        float *out = NULL;                                                                                  \
        return call;                                                                                        \
    }                                                                                                       \
    static void hg_dequant_##shape(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, float *out) {   \
        const float *xr = NULL;                                                                             \
        (void)(call);                                                                                       \
    }

#if defined(HG_AVX2) && !defined(HG_AVX512)
HG_DOT_DEQ(p1b2_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 2))
HG_DOT_DEQ(p1b3_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 3))
HG_DOT_DEQ(p1b4_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 1, 4))
HG_DOT_DEQ(p2b4_avx2, hg_qrow_lut_avx2(q, sc, codes, xr, out, 2, 4))
HG_DOT_DEQ(gather_avx2, hg_qrow_gather_avx2(q, sc, codes, xr, out))
#endif
#if defined(HG_AVX512)
HG_DOT_DEQ(p1b2_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 2))
HG_DOT_DEQ(p1b3_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 3))
HG_DOT_DEQ(p1b4_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 4))
HG_DOT_DEQ(p1b5_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 5))
HG_DOT_DEQ(p1b6_avx512, hg_qrow_p1_avx512(q, sc, codes, xr, out, 6))
HG_DOT_DEQ(p1gather_avx512, hg_qrow_p1gather_avx512(q, sc, codes, xr, out))
HG_DOT_DEQ(p2b4_avx512, hg_qrow_p2lut_avx512(q, sc, codes, xr, out, 4))
HG_DOT_DEQ(p2b6_avx512, hg_qrow_p2lut_avx512(q, sc, codes, xr, out, 6))
HG_DOT_DEQ(p2b8_avx512, hg_qrow_p2n256_avx512(q, sc, codes, xr, out))
#endif

/* the kernels' names beside them, for tests/test_tables.c */
typedef struct { const char *dot, *dequant, *dot8, *rows8, *rows8x2, *rows8n, *decode8, *gemm8; } hg_knames;
typedef struct {
    int multiple;      /* the cell serves blocks (q->group) that are a multiple of this; 0: any */
    hg_kernels k;      /* NULL: a cell below serves that kernel; k.act_layout unused (hg_act_rule) */
    hg_knames name;
} hg_kcell;
typedef struct {
    int layout, multiple;   /* HG_ACT_*, prepared where the block is a multiple of `multiple` */
} hg_act_rule;
#define HG_KCELLS 3
typedef struct {
    hg_kcell cell[HG_KCELLS];   /* tried in order */
    hg_act_rule act;
} hg_kentry;
typedef struct {
    const char *name;
    const hg_kentry *table;     /* [HG_FMT_COUNT] */
} hg_klevel;

/* a cell's entries: HG_AT(multiple, HG_K(kernel, function), ...) */
#define HG_AT(m, ...) {.multiple = m, __VA_ARGS__}
#define HG_K(field, fn) .k.field = fn, .name.field = #fn
#define HG_F(shape) HG_K(dot, hg_dot_##shape), HG_K(dequant, hg_dequant_##shape)
/* the VNNI prompt product; natural: its decode8 writes weights in natural order (else even/odd) */
#define HG_GEMM8_VNNI(natural) HG_K(gemm8, hg_qmatmul8_vnni), .k.gemm8_vnni = 1, .k.gemm8_natural = natural
#define HG_EVEN_ODD_32 {HG_ACT_EVEN_ODD, 32}
#define HG_COORDS4_256 {HG_ACT_COORDS4, 256}

/* portable: every format; the int8 kernels where the format has an int8 grid (q->g8) */
#define HG_SCALAR HG_K(dot, hg_qdot_scalar), HG_K(dequant, hg_qdequant_scalar)
#define HG_PORTABLE(dot8_, decode8_, rows8_) \
    {.cell = {HG_AT(0, HG_SCALAR, HG_K(dot8, dot8_), HG_K(decode8, decode8_), rows8_)}}
#define HG_EACH HG_K(rows8, hg_qrows8_each)
#define HG_CHOICE(dot8_, decode8_) \
    {.cell = {HG_AT(0, HG_K(dot, hg_qdot_choice), HG_K(dequant, hg_qdequant_scalar), HG_K(dot8, dot8_), \
                    HG_K(decode8, decode8_), HG_EACH)}}
#define HG_NO_ROWS .k.rows8 = NULL   /* no row kernel: these grids stay on the float kernels */
static const hg_kentry hg_kernels_portable[HG_FMT_COUNT] = {
    [HG_FMT_RTN2] = {.cell = {HG_AT(0, HG_SCALAR)}}, [HG_FMT_RTN3] = {.cell = {HG_AT(0, HG_SCALAR)}},
    [HG_FMT_RTN4] = {.cell = {HG_AT(0, HG_SCALAR)}}, [HG_FMT_RTN5] = {.cell = {HG_AT(0, HG_SCALAR)}},
    [HG_FMT_RTN6] = {.cell = {HG_AT(0, HG_SCALAR)}}, [HG_FMT_RTN7] = {.cell = {HG_AT(0, HG_SCALAR)}},
    [HG_FMT_RTN8] = HG_PORTABLE(hg_qdot8_p1_bytes_generic, hg_row8_decode_p1n256, HG_EACH),
    [HG_FMT_NF4] = {.cell = {HG_AT(0, HG_SCALAR)}}, [HG_FMT_AF4] = {.cell = {HG_AT(0, HG_SCALAR)}},
    [HG_FMT_P1_2BIT] = HG_PORTABLE(hg_qdot8_codes_ref, hg_row8_decode_generic, HG_NO_ROWS),
    [HG_FMT_P1_3BIT] = HG_PORTABLE(hg_qdot8_codes_ref, hg_row8_decode_generic, HG_NO_ROWS),
    [HG_FMT_P1_4BIT] = HG_PORTABLE(hg_qdot8_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P1_5BIT] = HG_PORTABLE(hg_qdot8_p1_unpacked_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P1_6BIT] = HG_PORTABLE(hg_qdot8_p1_unpacked_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P1_5BIT_SYM_PLANAR] = HG_PORTABLE(hg_qdot8_p1_unpacked_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P1_6BIT_SYM_PLANAR] = HG_PORTABLE(hg_qdot8_p1_unpacked_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P1_8BIT] = {.cell = {HG_AT(0, HG_SCALAR)}},   /* the Gaussian 256 levels: no int8 grid */
    [HG_FMT_P1_8BIT_UNIFORM] = HG_PORTABLE(hg_qdot8_p1_bytes_generic, hg_row8_decode_p1n256, HG_EACH),
    [HG_FMT_P2_2BIT] = HG_PORTABLE(hg_qdot8_codes_ref, hg_row8_decode_generic, HG_NO_ROWS),
    [HG_FMT_P2_3BIT] = HG_PORTABLE(hg_qdot8_p2n64_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P2_3BIT_SYM] = HG_PORTABLE(hg_qdot8_p2n64_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P2_3BIT_SYM_PLANAR] = HG_PORTABLE(hg_qdot8_p2n64_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P2_3BIT_BLOCK] = HG_PORTABLE(hg_qdot8_p2n64_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P2_3BIT_BLOCK_PLANAR] = HG_PORTABLE(hg_qdot8_p2n64_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P2_4BIT] = HG_PORTABLE(hg_qdot8_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P2_4BIT_SYM] = HG_PORTABLE(hg_qdot8_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P2_4BIT_BLOCK] = HG_PORTABLE(hg_qdot8_generic, hg_row8_decode_generic, HG_EACH),
    [HG_FMT_P4_2BIT] = HG_PORTABLE(hg_qdot8_p4_generic, hg_row8_decode_p4, HG_EACH),
    [HG_FMT_P4_2_5BIT] = HG_PORTABLE(hg_qdot8_p4_generic, hg_row8_decode_p4, HG_EACH),
    [HG_FMT_P4_3BIT] = HG_PORTABLE(hg_qdot8_p4_generic, hg_row8_decode_p4, HG_EACH),
    [HG_FMT_P4_3BIT_PAIRED_PLANAR] = HG_PORTABLE(hg_qdot8_p4_generic, hg_row8_decode_p4, HG_EACH),
    /* the rotation choice: float products through copy 0 (hg_qdot_choice) */
    [HG_FMT_P2_3BIT_RC] = HG_CHOICE(hg_qdot8_p2n64_generic, hg_row8_decode_generic),
    [HG_FMT_P2_4BIT_SYM_RC] = HG_CHOICE(hg_qdot8_generic, hg_row8_decode_generic),
    [HG_FMT_P4_3BIT_RC] = HG_CHOICE(hg_qdot8_p4_generic, hg_row8_decode_p4),
    [HG_FMT_P4_3BIT_PAIRED_PLANAR_RC] = HG_CHOICE(hg_qdot8_p4_generic, hg_row8_decode_p4),
};
#undef HG_CHOICE
#undef HG_PORTABLE
#undef HG_NO_ROWS

#if defined(HG_AVX2)
/* float kernels in blocks of 16 codes (p=1: 16 weights, p=2: 32): pshufb tables for 2-4-bit codes,
 * gathers up to 8 bits; planar codes and p=4 stay portable. AVX-512 builds take theirs instead. */
#if !defined(HG_AVX512)
#define HG_F_AVX2(shape) HG_F(shape##_avx2)
#else
#define HG_F_AVX2(shape) .k.dot = NULL
#endif
/* int8: blocks of 32; decode8 (prompts) in any block */
#define HG_AVX2_INT8(dot8_, ...) HG_K(dot8, dot8_), HG_K(gemm8, hg_qmatmul8_avx2), __VA_ARGS__   /* rows8x2 */
#define HG_X2(fn) HG_K(rows8x2, fn)   /* two row streams */
#define HG_NO_X2 .k.rows8x2 = NULL
#define HG_P2_AVX2(float_, dot8_, x2_, dec_) \
    {.cell = {HG_AT(32, float_, HG_AVX2_INT8(dot8_, x2_)), HG_AT(0, HG_K(decode8, dec_))}, .act = HG_EVEN_ODD_32}
/* p=2 4-bit sym: besides, several tokens at once in blocks of 128k */
#define HG_P2_AVX2_SYM(float_)                                                                                       \
    {.cell = {HG_AT(128, HG_K(rows8n, hg_qrows8n_p2n256sym_avx2)),                                                   \
              HG_AT(32, float_, HG_AVX2_INT8(hg_qdot8_p2n256sym_avx2, HG_X2(hg_qrows8x2_p2n256sym_avx2))),            \
              HG_AT(0, HG_K(decode8, hg_row8_decode_p2n256sym_avx2))},                                                \
     .act = HG_EVEN_ODD_32}
static const hg_kentry hg_kernels_avx2[HG_FMT_COUNT] = {
    [HG_FMT_RTN2] = {.cell = {HG_AT(16, HG_F_AVX2(p1b2))}}, [HG_FMT_RTN3] = {.cell = {HG_AT(16, HG_F_AVX2(p1b3))}},
    [HG_FMT_RTN4] = {.cell = {HG_AT(16, HG_F_AVX2(p1b4))}}, [HG_FMT_RTN5] = {.cell = {HG_AT(16, HG_F_AVX2(gather))}},
    [HG_FMT_RTN6] = {.cell = {HG_AT(16, HG_F_AVX2(gather))}}, [HG_FMT_RTN7] = {.cell = {HG_AT(16, HG_F_AVX2(gather))}},
    [HG_FMT_RTN8] = {.cell = {HG_AT(16, HG_F_AVX2(gather)),
                              HG_AT(32, HG_AVX2_INT8(hg_qdot8_p1n256_avx2, HG_NO_X2), HG_K(rows8n, hg_qrows8n_p1n256_avx2))}},
    [HG_FMT_NF4] = {.cell = {HG_AT(16, HG_F_AVX2(p1b4))}}, [HG_FMT_AF4] = {.cell = {HG_AT(16, HG_F_AVX2(p1b4))}},
    [HG_FMT_P1_2BIT] = {.cell = {HG_AT(16, HG_F_AVX2(p1b2))}}, [HG_FMT_P1_3BIT] = {.cell = {HG_AT(16, HG_F_AVX2(p1b3))}},
    [HG_FMT_P1_4BIT] = {.cell = {HG_AT(16, HG_F_AVX2(p1b4)), HG_AT(32, HG_AVX2_INT8(hg_qdot8_p1n16_avx2, HG_NO_X2)),
                         HG_AT(0, HG_K(decode8, hg_row8_decode_p1n16_avx2))}},
    [HG_FMT_P1_5BIT] = {.cell = {HG_AT(16, HG_F_AVX2(gather)), HG_AT(32, HG_AVX2_INT8(hg_qdot8_p1k_avx2, HG_X2(hg_qrows8x2_p1k_avx2)),
                                                             HG_K(decode8, hg_row8_decode_p1k_avx2))}},
    [HG_FMT_P1_6BIT] = {.cell = {HG_AT(16, HG_F_AVX2(gather)), HG_AT(32, HG_AVX2_INT8(hg_qdot8_p1k_avx2, HG_X2(hg_qrows8x2_p1k_avx2)),
                                                             HG_K(decode8, hg_row8_decode_p1k_avx2))}},
    [HG_FMT_P1_5BIT_SYM_PLANAR] = {.cell = {HG_AT(32, HG_AVX2_INT8(hg_qdot8_p1k_avx2, HG_X2(hg_qrows8x2_p1k_avx2)),
                                                  HG_K(decode8, hg_row8_decode_p1k_avx2))}},   /* planar: portable float kernels */
    [HG_FMT_P1_6BIT_SYM_PLANAR] = {.cell = {HG_AT(32, HG_AVX2_INT8(hg_qdot8_p1k_avx2, HG_X2(hg_qrows8x2_p1k_avx2)),
                                                  HG_K(decode8, hg_row8_decode_p1k_avx2))}},
    [HG_FMT_P1_8BIT] = {.cell = {HG_AT(16, HG_F_AVX2(gather))}},
    [HG_FMT_P1_8BIT_UNIFORM] = {.cell = {HG_AT(16, HG_F_AVX2(gather)),
                                 HG_AT(32, HG_AVX2_INT8(hg_qdot8_p1n256_avx2, HG_NO_X2), HG_K(rows8n, hg_qrows8n_p1n256_avx2))}},
    [HG_FMT_P2_2BIT] = {.cell = {HG_AT(32, HG_F_AVX2(p2b4))}},
    [HG_FMT_P2_3BIT] = HG_P2_AVX2(HG_F_AVX2(gather), hg_qdot8_p2n64_avx2, HG_X2(hg_qrows8x2_p2n64_avx2),
                                  hg_row8_decode_p2n64_avx2),
    [HG_FMT_P2_3BIT_SYM] = HG_P2_AVX2(HG_F_AVX2(gather), hg_qdot8_p2n64sym_avx2, HG_X2(hg_qrows8x2_p2n64sym_avx2),
                                      hg_row8_decode_p2n64sym_avx2),
    [HG_FMT_P2_3BIT_SYM_PLANAR] = HG_P2_AVX2(.k.dot = NULL, hg_qdot8_p2n64sympl_avx2, HG_X2(hg_qrows8x2_p2n64sympl_avx2),
                                             hg_row8_decode_p2n64sympl_avx2),   /* planar: portable float kernels */
    [HG_FMT_P2_3BIT_BLOCK] = HG_P2_AVX2(HG_F_AVX2(gather), hg_qdot8_p2n64blk_avx2, HG_X2(hg_qrows8x2_p2n64blk_avx2),
                                        hg_row8_decode_p2n64blk_avx2),
    [HG_FMT_P2_3BIT_BLOCK_PLANAR] = HG_P2_AVX2(.k.dot = NULL, hg_qdot8_p2n64blkpl_avx2, HG_X2(hg_qrows8x2_p2n64blkpl_avx2),
                                               hg_row8_decode_p2n64blkpl_avx2),   /* planar: portable float kernels */
    [HG_FMT_P2_4BIT] = {.cell = {HG_AT(32, HG_F_AVX2(gather), HG_AVX2_INT8(hg_qdot8_p2n256_avx2, HG_NO_X2)),
                         HG_AT(0, HG_K(decode8, hg_row8_decode_p2_avx2))}},   /* natural order: no copy */
    [HG_FMT_P2_4BIT_SYM] = HG_P2_AVX2_SYM(HG_F_AVX2(gather)),
    [HG_FMT_P2_4BIT_BLOCK] = HG_P2_AVX2(HG_F_AVX2(gather), hg_qdot8_p2n256blk_avx2, HG_X2(hg_qrows8x2_p2n256blk_avx2),
                                        hg_row8_decode_p2n256blk_avx2),
    /* p=4: word-table lookups */
    [HG_FMT_P4_2BIT] = {.cell = {HG_AT(32, HG_AVX2_INT8(hg_qdot8_p4b8_avx2, HG_NO_X2))}},
    [HG_FMT_P4_2_5BIT] = {.cell = {HG_AT(32, HG_AVX2_INT8(hg_qdot8_p4b10_avx2, HG_NO_X2))}},
    [HG_FMT_P4_3BIT] = {.cell = {HG_AT(32, HG_AVX2_INT8(hg_qdot8_p4b12_avx2, HG_NO_X2))}},
    [HG_FMT_P4_3BIT_PAIRED_PLANAR] = {.cell = {HG_AT(32, HG_AVX2_INT8(hg_qdot8_p4pair_avx2, HG_NO_X2),
                                             HG_K(decode8, hg_row8_decode_p4pair_avx2))}},
    /* the rotation choice: the same int8 kernels (each block reads its copy); float: portable */
    [HG_FMT_P2_3BIT_RC] = HG_P2_AVX2(.k.dot = NULL, hg_qdot8_p2n64_avx2, HG_X2(hg_qrows8x2_p2n64_avx2),
                                     hg_row8_decode_p2n64_avx2),
    [HG_FMT_P2_4BIT_SYM_RC] = HG_P2_AVX2_SYM(.k.dot = NULL),
    [HG_FMT_P4_3BIT_RC] = {.cell = {HG_AT(32, HG_AVX2_INT8(hg_qdot8_p4b12_avx2, HG_NO_X2))}},
    [HG_FMT_P4_3BIT_PAIRED_PLANAR_RC] = {.cell = {HG_AT(32, HG_AVX2_INT8(hg_qdot8_p4pair_avx2, HG_NO_X2),
                                                HG_K(decode8, hg_row8_decode_p4pair_avx2))}},
};
#undef HG_P2_AVX2
#undef HG_P2_AVX2_SYM
#undef HG_NO_X2
#undef HG_X2
#undef HG_AVX2_INT8
#undef HG_F_AVX2
#endif

#if defined(HG_AVX512)
/* float kernels in blocks of 16 codes, bit-stream layout only */
#define HG_F512(m, shape) {.cell = {HG_AT(m, HG_F(shape##_avx512))}}
static const hg_kentry hg_kernels_avx512[HG_FMT_COUNT] = {
    [HG_FMT_RTN2] = HG_F512(16, p1b2), [HG_FMT_RTN3] = HG_F512(16, p1b3), [HG_FMT_RTN4] = HG_F512(16, p1b4),
    [HG_FMT_RTN5] = HG_F512(16, p1b5), [HG_FMT_RTN6] = HG_F512(16, p1b6), [HG_FMT_RTN7] = HG_F512(16, p1gather),
    [HG_FMT_RTN8] = HG_F512(16, p1gather), [HG_FMT_NF4] = HG_F512(16, p1b4), [HG_FMT_AF4] = HG_F512(16, p1b4),
    [HG_FMT_P1_2BIT] = HG_F512(16, p1b2), [HG_FMT_P1_3BIT] = HG_F512(16, p1b3), [HG_FMT_P1_4BIT] = HG_F512(16, p1b4),
    [HG_FMT_P1_5BIT] = HG_F512(16, p1b5), [HG_FMT_P1_6BIT] = HG_F512(16, p1b6),
    [HG_FMT_P1_8BIT] = HG_F512(16, p1gather), [HG_FMT_P1_8BIT_UNIFORM] = HG_F512(16, p1gather),
    [HG_FMT_P2_2BIT] = HG_F512(32, p2b4), [HG_FMT_P2_3BIT] = HG_F512(32, p2b6),
    [HG_FMT_P2_3BIT_SYM] = HG_F512(32, p2b6), [HG_FMT_P2_3BIT_BLOCK] = HG_F512(32, p2b6),
    [HG_FMT_P2_4BIT] = HG_F512(32, p2b8), [HG_FMT_P2_4BIT_SYM] = HG_F512(32, p2b8),
    [HG_FMT_P2_4BIT_BLOCK] = HG_F512(32, p2b8),
};
#undef HG_F512
#endif

#if defined(HG_AVX512_VNNI)
/* int8 row ranges with vpdpbusd, each with its own decode8 and the VNNI prompt product. Every p=1
 * and p=2 int8 format gets the even/odd copy of the activation in blocks of 32 (whether or not
 * its kernels read it: the packed p=1 and RTN kernels read a->q); p=4 256 points and the
 * sign-symmetric 4096 the coordinate-major copy in blocks of 256 (byte tables, vpermi2b). */
#define HG_VNNI_ROWS(m, rows8_, x2_, dec_, natural) \
    {.cell = {HG_AT(m, HG_K(rows8, rows8_), HG_K(rows8x2, x2_), HG_K(decode8, dec_), HG_GEMM8_VNNI(natural))}, .act = HG_EVEN_ODD_32}
/* codes of 2-6 bits read 8 per 64-bit lane (vpmultishiftqb): blocks of 64 codes */
#define HG_VNNI_PACKED(m, natural) \
    HG_VNNI_ROWS(m, hg_qrows8_packed_avx512, hg_qrows8x2_packed_avx512, hg_row8_decode_packed_vnni, natural)
#define HG_VNNI_PLANAR(m, natural, dec_any)                                                                            \
    {.cell = {HG_AT(m, HG_K(rows8, hg_qrows8_packed_avx512), HG_K(rows8x2, hg_qrows8x2_packed_avx512),                  \
                    HG_K(decode8, hg_row8_decode_packed_vnni), HG_GEMM8_VNNI(natural)),                                 \
              HG_AT(0, HG_K(decode8, dec_any), HG_GEMM8_VNNI(1))},                                                      \
     .act = HG_EVEN_ODD_32}
#define HG_VNNI_P4(dot8_, rows8_, dec_) HG_K(dot8, dot8_), HG_K(rows8, rows8_), HG_K(decode8, dec_), HG_GEMM8_VNNI(1)
#define HG_VNNI_SYM256                                                                                               \
    {.cell = {HG_AT(128, HG_K(rows8n, hg_qrows8n_p2n256sym_avx512)),                                                 \
              HG_AT(32, HG_K(rows8, hg_qrows8_p2n256sym_avx512), HG_K(rows8x2, hg_qrows8x2_p2n256sym_avx512),       \
                    HG_K(decode8, hg_row8_decode_vnni), HG_GEMM8_VNNI(0))},                                          \
     .act = HG_EVEN_ODD_32}
static const hg_kentry hg_kernels_avx512_vnni[HG_FMT_COUNT] = {
    [HG_FMT_RTN8] = {.cell = {HG_AT(64, HG_K(dot8, hg_qdot8_p1n256_vnni), HG_K(rows8n, hg_qrows8n_each),
                                    HG_K(decode8, hg_row8_copy_vnni), HG_GEMM8_VNNI(1))},
                     .act = HG_EVEN_ODD_32},   /* the codes are k + 128 as they are */
    [HG_FMT_P1_2BIT] = HG_VNNI_PACKED(64, 1), [HG_FMT_P1_3BIT] = HG_VNNI_PACKED(64, 1),
    [HG_FMT_P1_4BIT] = HG_VNNI_ROWS(32, hg_qrows8_p1n16_avx512, hg_qrows8x2_p1n16_avx512, hg_row8_decode_vnni, 0),
    [HG_FMT_P1_5BIT] = HG_VNNI_PACKED(64, 1), [HG_FMT_P1_6BIT] = HG_VNNI_PACKED(64, 1),
    [HG_FMT_P1_8BIT_UNIFORM] = {.cell = {HG_AT(64, HG_K(dot8, hg_qdot8_p1n256_vnni), HG_K(rows8n, hg_qrows8n_each),
                                       HG_K(decode8, hg_row8_copy_vnni),
                                       HG_GEMM8_VNNI(1))},
                                .act = HG_EVEN_ODD_32},
    [HG_FMT_P2_2BIT] = HG_VNNI_PACKED(128, 0), [HG_FMT_P2_3BIT] = HG_VNNI_PACKED(128, 0),
    [HG_FMT_P2_3BIT_SYM] = HG_VNNI_PACKED(128, 0), [HG_FMT_P2_3BIT_BLOCK] = HG_VNNI_PACKED(128, 0),
#if defined(HG_AVX2)
    /* planar codes: the packed kernels on their planes in blocks of 64 codes; blocks of 32 (p=1) or 64
     * weights (p=2) the AVX2 row kernels (vpdpbusd on 256 bits), with their decoder for the VNNI product */
    [HG_FMT_P1_5BIT_SYM_PLANAR] = HG_VNNI_PLANAR(64, 1, hg_row8_decode_p1k_vnni),
    [HG_FMT_P1_6BIT_SYM_PLANAR] = HG_VNNI_PLANAR(64, 1, hg_row8_decode_p1k_vnni),
    [HG_FMT_P2_3BIT_BLOCK_PLANAR] = {.cell = {HG_AT(0, HG_K(decode8, hg_row8_decode_p2n64blkpl_vnni), HG_GEMM8_VNNI(0))},
                                     .act = HG_EVEN_ODD_32},
    [HG_FMT_P2_3BIT_SYM_PLANAR] = HG_VNNI_PLANAR(128, 0, hg_row8_decode_p2n64sympl_vnni),
#endif
    [HG_FMT_P2_4BIT] = HG_VNNI_ROWS(32, hg_qrows8_p2n256_avx512, hg_qrows8x2_p2n256_avx512, hg_row8_decode_vnni, 0),
    [HG_FMT_P2_4BIT_SYM] = HG_VNNI_SYM256,
    /* ^ magnitudes by vpermb from 64-byte tables, signs on the even/odd activation (no vpermi2b); several
     * tokens: the signed weights once (vpermi2b on x), then two vpdpbusd a token */
    [HG_FMT_P2_4BIT_BLOCK] = HG_VNNI_ROWS(32, hg_qrows8_p2n256_avx512, hg_qrows8x2_p2n256_avx512, hg_row8_decode_vnni, 0),
    /* p=4: byte tables (vpermi2b) on the coordinate-major copy in blocks of 256, word tables in 64 */
    [HG_FMT_P4_2BIT] = {.cell = {HG_AT(256, HG_VNNI_P4(hg_qdot8_p4n256_vnni, hg_qrows8_p4n256_avx512, hg_row8_decode_p4_vnni)),
                         HG_AT(64, HG_VNNI_P4(hg_qdot8_p4b8_vnni, hg_qrows8_each, hg_row8_decode_p4_vnni))},
                        .act = HG_COORDS4_256},
    [HG_FMT_P4_2_5BIT] = {.cell = {HG_AT(64, HG_VNNI_P4(hg_qdot8_p4b10_vnni, hg_qrows8_each, hg_row8_decode_p4_vnni))}},
    [HG_FMT_P4_3BIT] = {.cell = {HG_AT(256, HG_VNNI_P4(hg_qdot8_p4n4096sym_vnni, hg_qrows8_p4n4096sym_avx512, hg_row8_decode_p4_vnni)),
                         HG_AT(64, HG_VNNI_P4(hg_qdot8_p4b12_vnni, hg_qrows8_each, hg_row8_decode_p4_vnni))},
                        .act = HG_COORDS4_256},   /* magnitudes on byte tables, signs on the activation */
    [HG_FMT_P4_3BIT_PAIRED_PLANAR] = {.cell = {HG_AT(64, HG_VNNI_P4(hg_qdot8_p4pair_vnni, hg_qrows8_p4pair_avx512,
                                                            hg_row8_decode_p4pair_vnni))},
                                      .act = HG_COORDS4_256},
    /* the rotation choice: the same kernels (each block reads its copy) */
    [HG_FMT_P2_3BIT_RC] = HG_VNNI_PACKED(128, 0),
    [HG_FMT_P2_4BIT_SYM_RC] = HG_VNNI_SYM256,
    [HG_FMT_P4_3BIT_RC] = {.cell = {HG_AT(256, HG_VNNI_P4(hg_qdot8_p4n4096sym_vnni, hg_qrows8_p4n4096sym_avx512, hg_row8_decode_p4_vnni)),
                            HG_AT(64, HG_VNNI_P4(hg_qdot8_p4b12_vnni, hg_qrows8_each, hg_row8_decode_p4_vnni))},
                           .act = HG_COORDS4_256},
    [HG_FMT_P4_3BIT_PAIRED_PLANAR_RC] = {.cell = {HG_AT(64, HG_VNNI_P4(hg_qdot8_p4pair_vnni, hg_qrows8_p4pair_avx512,
                                                               hg_row8_decode_p4pair_vnni))},
                                         .act = HG_COORDS4_256},
};
#undef HG_VNNI_P4
#undef HG_VNNI_SYM256
#undef HG_VNNI_PLANAR
#undef HG_VNNI_PACKED
#undef HG_VNNI_ROWS
#endif

#if defined(HG_NEON)
/* int8 dot products in blocks of 32 (sdot with HG_NEON_DOTPROD); p=4: word-table lane loads, the
 * paired grid by tbl lookups on the coordinate-major copy with its own prompt decode */
#define HG_NEON_DOT8(fn) {.cell = {HG_AT(32, HG_K(dot8, fn))}}
/* p=2 256 points: besides, several tokens at once (the lookups shared) */
#define HG_NEON_P2N256 {.cell = {HG_AT(32, HG_K(dot8, hg_qdot8_p2n256_neon), HG_K(rows8n, hg_qrows8n_p2n256_neon))}}
static const hg_kentry hg_kernels_neon[HG_FMT_COUNT] = {
    [HG_FMT_RTN8] = HG_NEON_DOT8(hg_qdot8_p1_bytes_neon),
    [HG_FMT_P1_4BIT] = {.cell = {HG_AT(32, HG_K(dot8, hg_qdot8_p1n16_neon)), HG_AT(0, HG_K(decode8, hg_row8_decode_p1n16_neon))}},
    [HG_FMT_P1_5BIT] = HG_NEON_DOT8(hg_qdot8_p1_unpacked_neon),
    [HG_FMT_P1_6BIT] = HG_NEON_DOT8(hg_qdot8_p1_unpacked_neon),
    [HG_FMT_P1_5BIT_SYM_PLANAR] = HG_NEON_DOT8(hg_qdot8_p1_unpacked_neon),
    [HG_FMT_P1_6BIT_SYM_PLANAR] = HG_NEON_DOT8(hg_qdot8_p1_unpacked_neon),
    [HG_FMT_P1_8BIT_UNIFORM] = HG_NEON_DOT8(hg_qdot8_p1_bytes_neon),
    [HG_FMT_P2_3BIT] = HG_NEON_DOT8(hg_qdot8_p2n64_neon), [HG_FMT_P2_3BIT_SYM] = HG_NEON_DOT8(hg_qdot8_p2n64_neon),
    [HG_FMT_P2_3BIT_BLOCK] = HG_NEON_DOT8(hg_qdot8_p2n64_neon),
    [HG_FMT_P2_3BIT_BLOCK_PLANAR] = HG_NEON_DOT8(hg_qdot8_p2n64_neon), [HG_FMT_P2_3BIT_SYM_PLANAR] = HG_NEON_DOT8(hg_qdot8_p2n64_neon),
    [HG_FMT_P2_4BIT] = HG_NEON_P2N256, [HG_FMT_P2_4BIT_SYM] = HG_NEON_P2N256,
    [HG_FMT_P2_4BIT_BLOCK] = HG_NEON_DOT8(hg_qdot8_p2n256_neon),
    [HG_FMT_P4_2BIT] = HG_NEON_DOT8(hg_qdot8_p4b8_neon), [HG_FMT_P4_2_5BIT] = HG_NEON_DOT8(hg_qdot8_p4b10_neon),
    [HG_FMT_P4_3BIT] = HG_NEON_DOT8(hg_qdot8_p4b12_neon),
    [HG_FMT_P4_3BIT_PAIRED_PLANAR] = {.cell = {HG_AT(256, HG_K(dot8, hg_qdot8_p4pair_neon), HG_K(decode8, hg_row8_decode_p4pair_neon))},
                                      .act = HG_COORDS4_256},
    [HG_FMT_P2_3BIT_RC] = HG_NEON_DOT8(hg_qdot8_p2n64_neon), [HG_FMT_P2_4BIT_SYM_RC] = HG_NEON_P2N256,
    [HG_FMT_P4_3BIT_RC] = HG_NEON_DOT8(hg_qdot8_p4b12_neon),
    [HG_FMT_P4_3BIT_PAIRED_PLANAR_RC] = {.cell = {HG_AT(256, HG_K(dot8, hg_qdot8_p4pair_neon),
                                                        HG_K(decode8, hg_row8_decode_p4pair_neon))},
                                         .act = HG_COORDS4_256},
};
#undef HG_NEON_DOT8
#undef HG_NEON_P2N256
#endif

/* this build's levels, lowest first */
static const hg_klevel hg_klevels[] = {
    {"portable", hg_kernels_portable},
#if defined(HG_AVX2)
    {"avx2", hg_kernels_avx2},
#endif
#if defined(HG_AVX512)
    {"avx512", hg_kernels_avx512},
#endif
#if defined(HG_AVX512_VNNI)
    {"avx512-vnni", hg_kernels_avx512_vnni},
#endif
#if defined(HG_NEON)
    {"neon", hg_kernels_neon},
#endif
};
#define HG_KLEVELS ((int)(sizeof hg_klevels / sizeof hg_klevels[0]))

static int hg_block_fits(int multiple, int group) { return multiple <= 1 || group % multiple == 0; }

/* the kernels of cell c that the kernel entries *k have not got yet; from (optional) records which cell
 * gave each */
typedef struct { const hg_kcell *dot, *dequant, *dot8, *rows8, *rows8x2, *rows8n, *decode8, *gemm8; } hg_kfrom;
static void hg_kcell_take(const hg_kcell *c, hg_kernels *k, hg_kfrom *from) {
#define HG_TAKE(f)                                                                                            \
    if (!k->f && c->k.f) k->f = c->k.f, from->f = c
    HG_TAKE(dot);
    HG_TAKE(dequant);
    HG_TAKE(dot8);
    HG_TAKE(rows8);
    HG_TAKE(rows8x2);
    HG_TAKE(rows8n);
    HG_TAKE(decode8);
#undef HG_TAKE
    if (!k->gemm8 && c->k.gemm8) {   /* the product with its flags: they describe it */
        k->gemm8 = c->k.gemm8, k->gemm8_vnni = c->k.gemm8_vnni, k->gemm8_natural = c->k.gemm8_natural;
        from->gemm8 = c;
    }
}

/* format f's kernels for blocks of `group` on levels 0..top: per kernel, the first cell that fits
 * from the top level down; the activation copy likewise from the first level whose rule fits */
static void hg_kernels_resolve(int f, int group, int top, hg_kernels *k, hg_kfrom *from) {
    hg_kfrom unused;
    if (!from) from = &unused;
    memset(k, 0, sizeof *k);
    memset(from, 0, sizeof *from);
    for (int l = top; l >= 0; l--) {
        const hg_kentry *e = &hg_klevels[l].table[f];
        for (int i = 0; i < HG_KCELLS; i++)
            if (hg_block_fits(e->cell[i].multiple, group)) hg_kcell_take(&e->cell[i], k, from);
        if (!k->act_layout && e->act.layout && hg_block_fits(e->act.multiple, group)) k->act_layout = e->act.layout;
    }
}

static void hg_kernels_select(hg_qinfo *q) {
    hg_kernels_resolve(q->fmt->id, q->group, HG_KLEVELS - 1, &q->k, NULL);
    /* off the AVX-512 and AVX2 paths 5- and 6-bit codes are unpacked a row at a time into a stack
     * buffer: every build leaves longer rows to the float kernels alike */
    if (q->fmt->row_buffer && q->cols_pad > HG_N64_MAX_COLS) q->k.rows8 = NULL, q->k.rows8x2 = NULL, q->k.rows8n = NULL;
    q->act8 = q->k.rows8 != NULL;
}

/* "p1 4/5/6-bit, p1u 8-bit, ...": the formats with a row kernel on this build in some block, by
 * (type, p) in registry order, HIGGS first; bits per weight = code bits / p */
static int hg_format_runs_int8(int f) {
    for (int group = 16; group <= 32768; group *= 2) {
        hg_kernels k;
        if (group % hg_formats[f].block_multiple) continue;
        hg_kernels_resolve(f, group, HG_KLEVELS - 1, &k, NULL);
        if (k.rows8) return 1;
    }
    return 0;
}

/* s + the first len bytes of t, cut to fit cap */
static void hg_str_add(char *s, size_t cap, const char *t, size_t len) {
    size_t n = strlen(s);
    if (len > cap - 1 - n) len = cap - 1 - n;
    memcpy(s + n, t, len);
    s[n + len] = 0;
}
/* "p1 4/5/6-bit, p1u 8-bit, p2 3/4-bit, ...": one entry per prefix (HIGGS first, in registry order),
 * each width once, whatever rows (planar, rotation choice) repeat it */
static void hg_act8_grids_fill(char *s, size_t cap) {
    char prefix[HG_FMT_COUNT][16], widths[HG_FMT_COUNT][64];
    int np = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int f = 0; f < HG_FMT_COUNT; f++) {
            const hg_format *fm = &hg_formats[f];
            if ((fm->type == HG_HIGGS) != !pass || !hg_format_runs_int8(f)) continue;
            char pre[16], key[24];
            if (fm->type != HG_HIGGS) snprintf(pre, sizeof pre, "%s", fm->type == HG_RTN ? "rtn" : fm->name);
            else snprintf(pre, sizeof pre, "p%d%s", fm->p, fm->grid == HG_GRID_UNIFORM ? "u" : "");
            int i = 0;
            while (i < np && strcmp(prefix[i], pre)) i++;
            if (i == np) snprintf(prefix[np], sizeof prefix[np], "%s", pre), snprintf(widths[np++], sizeof widths[0], "/");
            snprintf(key, sizeof key, "/%g/", (double)fm->code_bits / fm->p);   /* widths[i] is "/4/5/": each once */
            if (!strstr(widths[i], key)) hg_str_add(widths[i], sizeof widths[i], key + 1, strlen(key + 1));
        }
    s[0] = 0;
    for (int i = 0; i < np; i++) {
        if (i) hg_str_add(s, cap, ", ", 2);
        hg_str_add(s, cap, prefix[i], strlen(prefix[i]));
        hg_str_add(s, cap, " ", 1);
        hg_str_add(s, cap, widths[i] + 1, strlen(widths[i]) - 2);   /* "/4/5/" -> "4/5" */
        hg_str_add(s, cap, "-bit", 4);
    }
}

const char *hg_act8_grids(void) {
    static char s[256];
    static int done;
#ifndef HG_NO_THREADS
    static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&mu);
#endif
    if (!done) hg_act8_grids_fill(s, sizeof s), done = 1;
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&mu);
#endif
    return s;
}
