/* bench/mca/proto.c: rewritten inner loops proposed in docs/intel.md, for llvm-mca (bench/mca.sh
 * --proto) and a bit-exactness check against the scalar definition on random data
 * (cc -O2 -march=native -DPROTO_TEST bench/mca/proto.c && ./a.out, on a CPU with AVX-512 VBMI + VNNI).
 * Not used by the project: prototypes only (the kernels live in src/). Each function is one hot
 * loop over n codes (a multiple of its step) with the activation layout the real kernels read. */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__AVX512VBMI__) && defined(__AVX512VNNI__)
#define ASM_DPBUSD(acc, u, x) __asm__("vpdpbusd %2, %1, %0" : "+v"(acc) : "v"(u), "vm"(x))
static inline __m512i dpbusd(__m512i acc, __m512i u, __m512i x) { ASM_DPBUSD(acc, u, x); return acc; }

/* p=2 4-bit sign-symmetric grid (HG_FMT_P2_4BIT_SYM) on AVX-512 VNNI: code bits 0-5 pick one of 64
 * magnitude points, bit 6 negates x and bit 7 y. One vpermb per coordinate (it reads the low 6
 * bits: the signs are ignored) looks |k| up from a 64-byte table, and the signs go on the
 * activation (masked vpsubb from zero; |q| <= 127, so -q is exact). The int32 sums equal the
 * 256-point kernel's sum of (k + 128) q less 128 sum q: the epilogue takes them without the
 * 128 * qsum term. Activations as hg_qdot8_p2n256_avx512 reads them (a->qp: per 128 weights the 64 x
 * then the 64 y). Per 64 codes: 2 vpermb (port 5 on Intel) against 4 vpermi2b (8 port-5 uops). */
void mca_proto_p2s_vnni_1row(const uint8_t *c, const int8_t *x, size_t n, const uint8_t *magx, const uint8_t *magy,
                             int32_t *out) {
    const __m512i MX = _mm512_loadu_si512(magx), MY = _mm512_loadu_si512(magy), z = _mm512_setzero_si512();
    __m512i a0 = z, a1 = z, a2 = z, a3 = z;
    for (size_t j = 0; j < n; j += 128, c += 128, x += 256) {
        __m512i b = _mm512_loadu_si512(c), e = _mm512_loadu_si512(c + 64);
        __mmask64 yb = _mm512_movepi8_mask(b), xb = _mm512_movepi8_mask(_mm512_add_epi8(b, b));
        __mmask64 ye = _mm512_movepi8_mask(e), xe = _mm512_movepi8_mask(_mm512_add_epi8(e, e));
        __m512i v0 = _mm512_loadu_si512(x), v1 = _mm512_loadu_si512(x + 64);
        __m512i v2 = _mm512_loadu_si512(x + 128), v3 = _mm512_loadu_si512(x + 192);
        a0 = dpbusd(a0, _mm512_permutexvar_epi8(b, MX), _mm512_mask_sub_epi8(v0, xb, z, v0));
        a1 = dpbusd(a1, _mm512_permutexvar_epi8(b, MY), _mm512_mask_sub_epi8(v1, yb, z, v1));
        a2 = dpbusd(a2, _mm512_permutexvar_epi8(e, MX), _mm512_mask_sub_epi8(v2, xe, z, v2));
        a3 = dpbusd(a3, _mm512_permutexvar_epi8(e, MY), _mm512_mask_sub_epi8(v3, ye, z, v3));
    }
    *out = _mm512_reduce_add_epi32(_mm512_add_epi32(_mm512_add_epi32(a0, a2), _mm512_add_epi32(a1, a3)));
}
/* two rows against the same activations (hg_qrows8x2_p2n256_avx512's shape) */
void mca_proto_p2s_vnni_2row(const uint8_t *c0, const uint8_t *c1, const int8_t *x, size_t n, const uint8_t *magx,
                             const uint8_t *magy, int32_t *out) {
    const __m512i MX = _mm512_loadu_si512(magx), MY = _mm512_loadu_si512(magy), z = _mm512_setzero_si512();
    __m512i a0 = z, a1 = z, b0 = z, b1 = z;
    for (size_t j = 0; j < n; j += 64, c0 += 64, c1 += 64, x += 128) {
        __m512i u = _mm512_loadu_si512(c0), v = _mm512_loadu_si512(c1);
        __m512i ve = _mm512_loadu_si512(x), vo = _mm512_loadu_si512(x + 64);
        __mmask64 yu = _mm512_movepi8_mask(u), xu = _mm512_movepi8_mask(_mm512_add_epi8(u, u));
        __mmask64 yv = _mm512_movepi8_mask(v), xv = _mm512_movepi8_mask(_mm512_add_epi8(v, v));
        a0 = dpbusd(a0, _mm512_permutexvar_epi8(u, MX), _mm512_mask_sub_epi8(ve, xu, z, ve));
        a1 = dpbusd(a1, _mm512_permutexvar_epi8(u, MY), _mm512_mask_sub_epi8(vo, yu, z, vo));
        b0 = dpbusd(b0, _mm512_permutexvar_epi8(v, MX), _mm512_mask_sub_epi8(ve, xv, z, ve));
        b1 = dpbusd(b1, _mm512_permutexvar_epi8(v, MY), _mm512_mask_sub_epi8(vo, yv, z, vo));
    }
    out[0] = _mm512_reduce_add_epi32(_mm512_add_epi32(a0, a1));
    out[1] = _mm512_reduce_add_epi32(_mm512_add_epi32(b0, b1));
}
#endif

#if defined(__AVX2__)
static inline __m256i dp256(__m256i acc, __m256i u, __m256i s) {
#if defined(__AVXVNNI__)
    return _mm256_dpbusd_avx_epi32(acc, u, s);
#elif defined(__AVX512VNNI__) && defined(__AVX512VL__)
    return _mm256_dpbusd_epi32(acc, u, s);
#else
    return _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1)));
#endif
}
/* p=2 3-bit block grid, planar layout, one row: hg_qdot8_p2n64blkpl_avx2's lookups (hg_p2n64blkpl_lookup_avx2)
 * with four accumulators instead of two, so that no accumulator takes two vpdpbusd per 128 weights
 * (the one-row loop is bound by the vpdpbusd latency on Golden Cove: 2 x 5 cycles a step) */
void mca_proto_p2bp_avx2_4acc(const uint8_t *c, const int8_t *x, size_t n, const uint8_t *tx, const uint8_t *ty, int32_t *out) {
    const __m256i TX = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)tx));
    const __m256i TY = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)ty));
    const __m256i s4 = _mm256_setr_epi64x(0, 0, 4, 4), s2 = _mm256_setr_epi64x(0, 2, 4, 6);
    const __m256i m15 = _mm256_set1_epi8(15), m3 = _mm256_set1_epi8(3);
    __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
    for (size_t j = 0; j < n; j += 64, c += 48, x += 128) {   /* 64 codes = 128 weights: two steps of 32 */
        for (int h = 0; h < 2; h++) {
            uint64_t e8;
            memcpy(&e8, c + 24 * h + 16, 8);
            const __m256i nib = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(c + 24 * h)));
            const __m256i xi = _mm256_and_si256(_mm256_srlv_epi64(nib, s4), m15);
            const __m256i e = _mm256_and_si256(_mm256_srlv_epi64(_mm256_set1_epi64x((long long)e8), s2), m3);
            const __m256i kx = _mm256_shuffle_epi8(TX, xi), ky = _mm256_shuffle_epi8(TY, _mm256_xor_si256(xi, e));
            const __m256i vx = _mm256_loadu_si256((const __m256i *)(x + 32 * h)), vy = _mm256_loadu_si256((const __m256i *)(x + 64 + 32 * h));
            if (h) a2 = dp256(a2, kx, vx), a3 = dp256(a3, ky, vy);
            else a0 = dp256(a0, kx, vx), a1 = dp256(a1, ky, vy);
        }
    }
    __m256i s = _mm256_add_epi32(_mm256_add_epi32(a0, a1), _mm256_add_epi32(a2, a3));
    int32_t v[8];
    _mm256_storeu_si256((__m256i *)v, s);
    *out = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
}

/* p=2 4-bit sign-symmetric grid on AVX2: hg_p2n256kind_x32_avx2 with the 64-entry magnitude lookup done by
 * four vpshufb whose unwanted results are zeroed through index bit 7 and ORed, instead of
 * hg_lut64_avx2's three vpblendvb per coordinate (three uops each on Golden Cove). Table h serves
 * the indices with bits 4-5 = h: index (i ^ 16h) + 0x70 keeps bit 7 clear exactly there (and
 * vpshufb reads the low nibble, which neither operation changes). The indices are shared by x and y. */
void mca_proto_p2s_avx2_or(const uint8_t *c, const int8_t *x, size_t n, const uint8_t *magx, const uint8_t *magy, int32_t *out) {
    __m256i TX[4], TY[4];
    for (int h = 0; h < 4; h++) {
        TX[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(magx + 16 * h)));
        TY[h] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(magy + 16 * h)));
    }
    const __m256i m63 = _mm256_set1_epi8(63), o70 = _mm256_set1_epi8(0x70), one = _mm256_set1_epi8(1);
    __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0;
    for (size_t j = 0; j < n; j += 32, c += 32, x += 64) {
        const __m256i k = _mm256_loadu_si256((const __m256i *)c);
        const __m256i i = _mm256_and_si256(k, m63);
        const __m256i i0 = _mm256_add_epi8(i, o70);
        const __m256i i1 = _mm256_add_epi8(_mm256_xor_si256(i, _mm256_set1_epi8(16)), o70);
        const __m256i i2 = _mm256_add_epi8(_mm256_xor_si256(i, _mm256_set1_epi8(32)), o70);
        const __m256i i3 = _mm256_add_epi8(_mm256_xor_si256(i, _mm256_set1_epi8(48)), o70);
        const __m256i kx = _mm256_or_si256(_mm256_or_si256(_mm256_shuffle_epi8(TX[0], i0), _mm256_shuffle_epi8(TX[1], i1)),
                                           _mm256_or_si256(_mm256_shuffle_epi8(TX[2], i2), _mm256_shuffle_epi8(TX[3], i3)));
        const __m256i ky = _mm256_or_si256(_mm256_or_si256(_mm256_shuffle_epi8(TY[0], i0), _mm256_shuffle_epi8(TY[1], i1)),
                                           _mm256_or_si256(_mm256_shuffle_epi8(TY[2], i2), _mm256_shuffle_epi8(TY[3], i3)));
        const __m256i sy = _mm256_or_si256(k, one), sx = _mm256_slli_epi16(sy, 1);
        const __m256i vx = _mm256_loadu_si256((const __m256i *)x), vy = _mm256_loadu_si256((const __m256i *)(x + 32));
        if (j & 32) acc1 = dp256(dp256(acc1, kx, _mm256_sign_epi8(vx, sx)), ky, _mm256_sign_epi8(vy, sy));
        else acc0 = dp256(dp256(acc0, kx, _mm256_sign_epi8(vx, sx)), ky, _mm256_sign_epi8(vy, sy));
    }
    int32_t v[8];
    _mm256_storeu_si256((__m256i *)v, _mm256_add_epi32(acc0, acc1));
    *out = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
}
#endif

#ifdef PROTO_TEST
/* the scalar definitions on random codes and activations: sum over pairs of kx q_x + ky q_y */
int main(void) {
    enum { N = 4096 };   /* codes (pairs of weights) */
    static uint8_t c0[N], c1[N], magx[64], magy[64], bx[16], by[16], planar[N / 32 * 24];
    static int8_t xv[2 * N];
    srand(37);
    int bad = 0;
    for (int round = 0; round < 20; round++) {
        for (int i = 0; i < N; i++) c0[i] = (uint8_t)rand(), c1[i] = (uint8_t)rand();
        for (int i = 0; i < 64; i++) magx[i] = (uint8_t)(rand() % 128), magy[i] = (uint8_t)(rand() % 128);
        for (int i = 0; i < 16; i++) bx[i] = (uint8_t)(rand() % 128), by[i] = (uint8_t)(rand() % 128);
        for (int i = 0; i < 2 * N; i++) xv[i] = (int8_t)(rand() % 255 - 127);
        /* activations per 128 weights: the 64 x (pairs 0..63 of the chunk) then the 64 y */
        int32_t ref0 = 0, ref1 = 0, got[2];
        for (int i = 0; i < N; i++) {
            const int8_t *xc = xv + i / 64 * 128;
            int qx = xc[i % 64], qy = xc[64 + i % 64];
            ref0 += (c0[i] & 64 ? -1 : 1) * magx[c0[i] & 63] * qx + (c0[i] & 128 ? -1 : 1) * magy[c0[i] & 63] * qy;
            ref1 += (c1[i] & 64 ? -1 : 1) * magx[c1[i] & 63] * qx + (c1[i] & 128 ? -1 : 1) * magy[c1[i] & 63] * qy;
        }
#if defined(__AVX512VBMI__) && defined(__AVX512VNNI__)
        /* the one-row loop reads 128 codes against 256 activations: x of codes 0-63, y, x of 64-127, y */
        mca_proto_p2s_vnni_1row(c0, xv, N, magx, magy, got);
        bad += got[0] != ref0;
        if (got[0] != ref0) printf("1row %d %d\n", got[0], ref0);
        mca_proto_p2s_vnni_2row(c0, c1, xv, N, magx, magy, got);
        bad += got[0] != ref0 || got[1] != ref1;
#endif
#if defined(__AVX2__)
        {   /* the AVX2 step: 32 codes against 32 x and 32 y (chunks of 64 activations) */
            int32_t r = 0;
            for (int i = 0; i < N; i++) {
                const int8_t *xc = xv + i / 32 * 64;
                r += (c0[i] & 64 ? -1 : 1) * magx[c0[i] & 63] * xc[i % 32] + (c0[i] & 128 ? -1 : 1) * magy[c0[i] & 63] * xc[32 + i % 32];
            }
            mca_proto_p2s_avx2_or(c0, xv, N, magx, magy, got);
            bad += got[0] != r;
            if (got[0] != r) printf("avx2 or %d %d\n", got[0], r);
        }
        {   /* planar block grid: per 32 codes 16 bytes of x nibbles (low nibbles codes 0-15, high 16-31)
             * and 8 bytes of 2-bit fields e; y index = x ^ e (hg_p2n64blkpl_lookup_avx2) */
            for (size_t i = 0; i < sizeof planar; i++) planar[i] = (uint8_t)rand();
            int32_t r = 0;
            for (int i = 0; i < N; i++) {
                const uint8_t *s = planar + i / 32 * 24;
                int t = i % 32, xi = t < 16 ? s[t] & 15 : s[t - 16] >> 4;
                int yi = xi ^ (s[16 + t % 8] >> (2 * (t / 8)) & 3);   /* code t: byte t % 8, bits 2 (t / 8) */
                const int8_t *xc = xv + i / 64 * 128 + (i % 64) / 32 * 32;
                r += bx[xi] * xc[t] + by[yi] * xc[64 + t];
            }
            mca_proto_p2bp_avx2_4acc(planar, xv, N, bx, by, got);
            bad += got[0] != r;
        }
#endif
    }
    printf("%s\n", bad ? "MISMATCH" : "all equal to the scalar definition");
    return bad != 0;
}
#endif
