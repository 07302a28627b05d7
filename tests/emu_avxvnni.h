/* AVX-VNNI (the 256-bit vpdpbusd of Intel Alder Lake and later, AMD Zen 5) on an AVX2 host without
 * it, for the tests only: force-included before the project (`cc -mavx2 -mfma -mf16c -include
 * tests/emu_avxvnni.h ...`), it claims __AVXVNNI__, so higgs.h builds its AVX2 + AVX-VNNI kernels, and
 * gives _mm256_dpbusd_avx_epi32 a portable definition: each int32 lane plus the four products of its
 * unsigned bytes of a with the signed bytes of b, exactly, wrapping as the instruction does. The tests
 * then check those kernels against the scalar definitions on any AVX2 machine. Speed means nothing
 * here; only the results do. Never part of run or quantize. */
#ifndef HG_EMU_AVXVNNI_H
#define HG_EMU_AVXVNNI_H

#if defined(__AVXVNNI__)
#error "tests/emu_avxvnni.h is for hosts without AVX-VNNI: build with -mavxvnni instead"
#endif

#include <immintrin.h>   /* first: its own AVX-VNNI part is then already behind us */
#include <stdint.h>
#include <string.h>

static inline __m256i emu_dpbusd_avx_epi32(__m256i acc, __m256i a, __m256i b) {
    uint8_t u[32];
    int8_t s[32];
    int32_t r[8];
    memcpy(u, &a, sizeof u), memcpy(s, &b, sizeof s), memcpy(r, &acc, sizeof r);
    for (int i = 0; i < 8; i++) {
        uint32_t sum = (uint32_t)r[i];
        for (int k = 0; k < 4; k++) sum += (uint32_t)((int32_t)u[4 * i + k] * (int32_t)s[4 * i + k]);
        r[i] = (int32_t)sum;
    }
    memcpy(&acc, r, sizeof r);
    return acc;
}
#define _mm256_dpbusd_avx_epi32 emu_dpbusd_avx_epi32
#define __AVXVNNI__ 1

#endif
