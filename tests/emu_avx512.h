/* AVX-512 on a host without it, for the kernel tests only: SIMDe (Debian's libsimde-dev) supplies
 * portable definitions of the _mm512_* intrinsics, and this file the few that SIMDe 0.7.4 lacks.
 * Force-included before the project (`cc -mavx2 -mfma -mf16c -include tests/emu_avx512.h ...`), it
 * then claims AVX-512 (F/BW/VL/DQ/VBMI/VNNI, or less: HG_EMU_AVX512_LEVEL), so higgs.h builds its
 * AVX-512 kernels and tests/test_kernels.c checks them against the scalar definitions on any AVX2
 * machine. Speed means nothing here; only the results do. Never part of run or quantize. */
#ifndef HG_EMU_AVX512_H
#define HG_EMU_AVX512_H

#if defined(__AVX512F__)
#error "tests/emu_avx512.h is for hosts without AVX-512: build natively instead"
#endif

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* which AVX-512 to claim: HG_EMU_AVX512_LEVEL 1 = F, BW, VL, DQ (Skylake-X: the AVX-512 float kernels beside
 * the AVX2 int8 ones), 2 = + VBMI, 3 (the default) = + VNNI (Ice Lake, Zen 4: the int8 kernels of int8_avx512.h) */
#ifndef HG_EMU_AVX512_LEVEL
#define HG_EMU_AVX512_LEVEL 3
#endif
#define __AVX512F__ 1
#define __AVX512BW__ 1
#define __AVX512VL__ 1
#define __AVX512DQ__ 1
#if HG_EMU_AVX512_LEVEL >= 2
#define __AVX512VBMI__ 1
#endif
#if HG_EMU_AVX512_LEVEL >= 3
#define __AVX512VNNI__ 1
#endif
#define HG_NO_ASM 1    /* the kernels' vpdpbusd asm statements need real zmm registers */

/* The vectors are GCC's own types (SIMDe aliases them); element access goes through arrays. */
#define EMU_UNARY(name, tin, tout, ein, eout, n, expr)                              \
    static inline tout emu_##name(tin a) {                                          \
        ein x[n];                                                                   \
        eout r[n];                                                                  \
        memcpy(x, &a, sizeof x);                                                    \
        for (int i = 0; i < n; i++) r[i] = (expr);                                  \
        tout o;                                                                     \
        memset(&o, 0, sizeof o);                                                    \
        memcpy(&o, r, sizeof r);                                                    \
        return o;                                                                   \
    }

EMU_UNARY(cvtepi32_ps, __m512i, __m512, int32_t, float, 16, (float)x[i])
EMU_UNARY(cvtepi32_epi8, __m512i, __m128i, int32_t, int8_t, 16, (int8_t)(uint8_t)(uint32_t)x[i])
EMU_UNARY(cvtepu16_epi32, __m256i, __m512i, uint16_t, int32_t, 16, (int32_t)x[i])
EMU_UNARY(cvtepi8_epi32, __m128i, __m512i, int8_t, int32_t, 16, (int32_t)x[i])
EMU_UNARY(cvtepu8_epi32, __m128i, __m512i, uint8_t, int32_t, 16, (int32_t)x[i])
EMU_UNARY(zextsi256_si512, __m256i, __m512i, int32_t, int32_t, 8, x[i])

static inline int32_t emu_round_nearest_i32(float f) {     /* vcvtps2dq: ties to even, 0x80000000 out of range */
    float r = nearbyintf(f);
    return (r >= -2147483648.0f && r < 2147483648.0f) ? (int32_t)r : INT32_MIN;
}
EMU_UNARY(cvt_roundps_epi32_nearest, __m512, __m512i, float, int32_t, 16, emu_round_nearest_i32(x[i]))

static inline __m512 emu_cvtph_ps(__m256i a) {
    __m256 lo = _mm256_cvtph_ps(_mm256_castsi256_si128(a)), hi = _mm256_cvtph_ps(_mm256_extracti128_si256(a, 1));
    __m512 o;
    memcpy(&o, &lo, 32);
    memcpy((char *)&o + 32, &hi, 32);
    return o;
}

static inline __m512 emu_i32gather_ps(__m512i idx, const void *base, int scale) {
    int32_t x[16];
    float r[16];
    memcpy(x, &idx, 64);
    for (int i = 0; i < 16; i++) memcpy(&r[i], (const char *)base + (int64_t)x[i] * scale, 4);
    __m512 o;
    memcpy(&o, r, 64);
    return o;
}

/* masked loads and stores touch only the selected elements, as the hardware does */
static inline void emu_mask_storeu_epi8(void *p, uint64_t m, __m512i a) {
    uint8_t x[64];
    memcpy(x, &a, 64);
    for (int i = 0; i < 64; i++)
        if (m >> i & 1) ((uint8_t *)p)[i] = x[i];
}
static inline __m512i emu_maskz_loadu_epi8(uint64_t m, const void *p) {
    uint8_t r[64] = {0};
    for (int i = 0; i < 64; i++)
        if (m >> i & 1) r[i] = ((const uint8_t *)p)[i];
    __m512i o;
    memcpy(&o, r, 64);
    return o;
}
static inline __m512i emu_maskz_loadu_epi16(uint32_t m, const void *p) {
    uint16_t r[32] = {0};
    for (int i = 0; i < 32; i++)
        if (m >> i & 1) memcpy(&r[i], (const char *)p + 2 * i, 2);
    __m512i o;
    memcpy(&o, r, 64);
    return o;
}

/* in-lane shuffles of 32-bit elements (vpermilps / vpshufd with an immediate) */
static inline __m512i emu_shuffle32(__m512i a, int imm) {
    uint32_t x[16], r[16];
    memcpy(x, &a, 64);
    for (int i = 0; i < 16; i++) r[i] = x[(i & ~3) + ((imm >> (2 * (i & 3))) & 3)];
    __m512i o;
    memcpy(&o, r, 64);
    return o;
}
static inline __m512 emu_permute_ps(__m512 a, int imm) {
    __m512i t;
    memcpy(&t, &a, 64);
    t = emu_shuffle32(t, imm);
    __m512 o;
    memcpy(&o, &t, 64);
    return o;
}
/* 128-bit lanes: lanes 0-1 from a, 2-3 from b (vshuff32x4 / vshufi64x2) */
static inline __m512i emu_shuffle_lanes(__m512i a, __m512i b, int imm) {
    unsigned char x[64], y[64], r[64];
    memcpy(x, &a, 64);
    memcpy(y, &b, 64);
    for (int l = 0; l < 4; l++) memcpy(r + 16 * l, (l < 2 ? x : y) + 16 * ((imm >> (2 * l)) & 3), 16);
    __m512i o;
    memcpy(&o, r, 64);
    return o;
}
static inline __m512 emu_shuffle_f32x4(__m512 a, __m512 b, int imm) {
    __m512i x, y;
    memcpy(&x, &a, 64);
    memcpy(&y, &b, 64);
    x = emu_shuffle_lanes(x, y, imm);
    __m512 o;
    memcpy(&o, &x, 64);
    return o;
}

/* reductions in GCC 12's order (halves, then quarters, then pairs), so float sums round as in a native GCC build */
static inline float emu_reduce_add_ps(__m512 a) {
    float x[16], t3[8], t6[4];
    memcpy(x, &a, 64);
    for (int i = 0; i < 8; i++) t3[i] = x[8 + i] + x[i];
    for (int i = 0; i < 4; i++) t6[i] = t3[4 + i] + t3[i];
    float t8_0 = t6[0] + t6[2], t8_1 = t6[1] + t6[3];
    return t8_0 + t8_1;
}
static inline float emu_max(float a, float b) { return a > b ? a : b; }    /* maxps: the first if greater, else the second */
static inline float emu_reduce_max_ps(__m512 a) {
    float x[16], t3[8], t6[4];
    memcpy(x, &a, 64);
    for (int i = 0; i < 8; i++) t3[i] = emu_max(x[8 + i], x[i]);
    for (int i = 0; i < 4; i++) t6[i] = emu_max(t3[4 + i], t3[i]);
    float t8[4] = {emu_max(t6[0], t6[2]), emu_max(t6[1], t6[3]), emu_max(t6[2], t6[0]), emu_max(t6[3], t6[1])};
    return emu_max(t8[0], t8[1]);
}
static inline int emu_reduce_add_epi32(__m512i a) {
    uint32_t x[16], s = 0;
    memcpy(x, &a, 64);
    for (int i = 0; i < 16; i++) s += x[i];
    return (int)s;
}

#undef _cvtu64_mask64
#define _cvtu64_mask64(m) ((__mmask64)(m))
#undef _mm512_cvtepi32_ps
#undef _mm512_cvtepi32_epi8
#undef _mm512_cvtepu16_epi32
#undef _mm512_cvtepu8_epi32
#undef _mm512_zextsi256_si512
#undef _mm512_cvt_roundps_epi32
#undef _mm512_cvtph_ps
#undef _mm512_i32gather_ps
#undef _mm512_mask_storeu_epi8
#undef _mm512_maskz_loadu_epi8
#undef _mm512_maskz_loadu_epi16
#undef _mm512_shuffle_epi32
#undef _mm512_permute_ps
#undef _mm512_shuffle_f32x4
#undef _mm512_shuffle_i64x2
#undef _mm512_reduce_add_ps
#undef _mm512_reduce_max_ps
#undef _mm512_reduce_add_epi32
#define _mm512_cvtepi32_ps(a) emu_cvtepi32_ps(a)
#define _mm512_cvtepi32_epi8(a) emu_cvtepi32_epi8(a)
#define _mm512_cvtepu16_epi32(a) emu_cvtepu16_epi32(a)
#define _mm512_cvtepi8_epi32(a) emu_cvtepi8_epi32(a)
#define _mm512_cvtepu8_epi32(a) emu_cvtepu8_epi32(a)
#define _mm512_zextsi256_si512(a) emu_zextsi256_si512(a)
#define _mm512_cvt_roundps_epi32(a, mode) ((void)(mode), emu_cvt_roundps_epi32_nearest(a))   /* the project asks only for nearest */
#define _mm512_cvtph_ps(a) emu_cvtph_ps(a)
#define _mm512_i32gather_ps(idx, base, scale) emu_i32gather_ps(idx, base, scale)
#define _mm512_mask_storeu_epi8(p, m, a) emu_mask_storeu_epi8(p, m, a)
#define _mm512_maskz_loadu_epi8(m, p) emu_maskz_loadu_epi8(m, p)
#define _mm512_maskz_loadu_epi16(m, p) emu_maskz_loadu_epi16(m, p)
#define _mm512_shuffle_epi32(a, imm) emu_shuffle32(a, (int)(imm))
#define _mm512_permute_ps(a, imm) emu_permute_ps(a, imm)
#define _mm512_shuffle_f32x4(a, b, imm) emu_shuffle_f32x4(a, b, imm)
#define _mm512_shuffle_i64x2(a, b, imm) emu_shuffle_lanes(a, b, imm)
#define _mm512_reduce_add_ps(a) emu_reduce_add_ps(a)
#define _mm512_reduce_max_ps(a) emu_reduce_max_ps(a)
#define _mm512_reduce_add_epi32(a) emu_reduce_add_epi32(a)

#endif
