/* bench/mca/kernels.c: the decode and prompt kernels of issue 37 as exported symbols, for
 * bench/mca.sh: it compiles this file with -S for a target (-march=...), cuts each wrapper's hot
 * inner loop (bench/mca/cut_loop.py) and feeds it to llvm-mca. The kernels are the project's own
 * (src/, through higgs.h): nothing here copies them, so the figures follow src/ as it changes. */
#define HIGGS_IMPLEMENTATION
#include "../../higgs.h"

#if defined(HG_AVX512_VNNI)
/* p=2 4-bit, the free and block 256-point grids (HG_FMT_P2_4BIT, HG_FMT_P2_4BIT_BLOCK) at avx512-vnni: one row, two rows */
void mca_p2n256_vnni_1row(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int r0, int r1, float *out) {
    hg_qrows8_p2n256_avx512(w, q, a, r0, r1, out);
}
void mca_p2n256_vnni_2row(const hg_qinfo *q, const hg_tensor *w0, int r0, float *o0, const hg_tensor *w1, int r1, float *o1,
                          int n, const hg_act8 *a) {
    hg_qrows8x2_p2n256_avx512(q, w0, r0, o0, w1, r1, o1, n, a);
}
/* p=2 4-bit sign-symmetric grid (HG_FMT_P2_4BIT_SYM, the default) at avx512-vnni: one row, two rows
 * (bench/mca.sh defines MCA_P2N256SYM where the sources have these kernels: not in older commits) */
#if defined(MCA_P2N256SYM)
void mca_p2n256sym_vnni_1row(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int r0, int r1, float *out) {
    hg_qrows8_p2n256sym_avx512(w, q, a, r0, r1, out);
}
void mca_p2n256sym_vnni_2row(const hg_qinfo *q, const hg_tensor *w0, int r0, float *o0, const hg_tensor *w1, int r1, float *o1,
                             int n, const hg_act8 *a) {
    hg_qrows8x2_p2n256sym_avx512(q, w0, r0, o0, w1, r1, o1, n, a);
}
#endif
/* the packed kernels (vpmultishiftqb) on the default file's p=1 6-bit and 5-bit and p=2 3-bit rows, two rows:
 * bit streams and the planar rows (hg_codes64_avx512; bench/mca.sh defines MCA_PLANAR512 where the
 * sources have them) */
#if defined(MCA_PLANAR512)
#define MCA_PACKED_X2(name, b, p, lay)                                                                               \
    void name(const hg_qinfo *q, const hg_tensor *w0, int r0, float *o0, const hg_tensor *w1, int r1, float *o1, int n, \
              const hg_act8 *a) {                                                                                    \
        hg_qrows8x2_packed(q, w0, r0, o0, w1, r1, o1, n, a, b, p, lay);                                              \
    }
MCA_PACKED_X2(mca_p1b6_stream_vnni_2row, 6, 1, 0)
MCA_PACKED_X2(mca_p1b6_planar_vnni_2row, 6, 1, HG_PLANAR_P2B6)
MCA_PACKED_X2(mca_p1b5_stream_vnni_2row, 5, 1, 0)
MCA_PACKED_X2(mca_p1b5_planar_vnni_2row, 5, 1, HG_PLANAR_P1B5)
MCA_PACKED_X2(mca_p2b6_stream_vnni_2row, 6, 2, 0)
MCA_PACKED_X2(mca_p2b6_planar_vnni_2row, 6, 2, HG_PLANAR_P2B6)
#undef MCA_PACKED_X2
#endif
/* the VNNI prompt product (4 rows x 4 tokens of vpdpbusd) and its p=2 4-bit row decoder */
int mca_gemm8_vnni(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q, int r0, int r1,
                   int8_t *buf) {
    return hg_qmatmul8_vnni(out, ostride, a, B, w, q, r0, r1, buf);
}
void mca_decode8_p2n256_vnni(const hg_qinfo *q, const uint8_t *codes, int8_t *k) { hg_row8_decode_vnni(q, codes, k); }
#endif

#if defined(HG_AVX2)
/* p=2 4-bit sign-symmetric grid (HG_FMT_P2_4BIT_SYM) at avx2: one row (dot8 through hg_qrows8_each), two rows */
float mca_p2s_avx2_1row(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n256sym_avx2(q, sc, codes, a);
}
void mca_p2s_avx2_2row(const hg_qinfo *q, const hg_tensor *w0, int r0, float *o0, const hg_tensor *w1, int r1, float *o1, int n,
                       const hg_act8 *a) {
    hg_qrows8x2_p2n256sym_avx2(q, w0, r0, o0, w1, r1, o1, n, a);
}
/* the same grid, several tokens at once (rows8n, a server's step of several conversations): 4 tokens and 1
 * (bench/mca.sh defines MCA_ROWS8N_AVX2 where the sources have the kernel) */
#if defined(MCA_ROWS8N_AVX2)
void mca_p2s_avx2_tokens4(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int r0, int r1, float *out, size_t os) {
    hg_qrows8n_p2n256sym_avx2_n(w, q, a, 4, 0, r0, r1, out, os);
}
void mca_p2s_avx2_tokens1(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int r0, int r1, float *out, size_t os) {
    hg_qrows8n_p2n256sym_avx2_n(w, q, a, 1, 0, r0, r1, out, os);
}
#endif
/* p=2 3-bit block grid, planar (HG_FMT_P2_3BIT_BLOCK_PLANAR): the AVX2 kernels serve AVX2 and
 * AVX-512 VNNI builds alike (vpdpbusd on 256 bits where the build has VNNI) */
float mca_p2bp_avx2_1row(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    return hg_qdot8_p2n64blkpl_avx2(q, sc, codes, a);
}
void mca_p2bp_avx2_2row(const hg_qinfo *q, const hg_tensor *w0, int r0, float *o0, const hg_tensor *w1, int r1, float *o1, int n,
                        const hg_act8 *a) {
    hg_qrows8x2_p2n64blkpl_avx2(q, w0, r0, o0, w1, r1, o1, n, a);
}
/* the AVX2 prompt product (2 rows x 4 tokens) */
int mca_gemm8_avx2(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q, int r0, int r1,
                   int8_t *buf) {
    return hg_qmatmul8_avx2(out, ostride, a, B, w, q, r0, r1, buf);
}
#endif
