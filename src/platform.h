/* higgs.c implementation part: what this build targets (ISA macros), the includes, numbers (f16/bf16) and bounded reading.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* No fused multiply-adds unless written: every kernel path must round like the
 * scalar reference (the int8 epilogues, the batched prompt products). GCC with
 * -std=c11 does not fuse; clang fuses a * b + c by default. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* What this build targets. Every kernel choice tests these, never the
 * compiler's own macros, so "has AVX2" is spelled one way:
 *   HG_AVX512       AVX-512 F + BW: the float kernels, conversions, reductions
 *   HG_AVX512_VBMI  + VBMI: byte permutes (the 64-entry float tables, code unpacking)
 *   HG_AVX512_VNNI  + VNNI + VBMI: the int8 kernels with vpdpbusd
 *   HG_AVX512_BF16  + BF16: rotated KV values summed by vdpbf16ps (the same sums as the float path)
 *   HG_AVX2         AVX2 + FMA (every AVX2 CPU has FMA)
 *   HG_F16C         F16C on an AVX2 or AVX-512 build: f16 <-> f32 in hardware
 *   HG_AVXVNNI      AVX-VNNI on an AVX2 build (Intel Alder Lake and later, AMD Zen 5): the AVX2
 *                   int8 kernels add their products with vpdpbusd (same integers)
 *   HG_NEON         AArch64 NEON (32-bit ARM builds take the portable path)
 *   HG_NEON_DOTPROD + the dot-product instructions (sdot; -march=armv8.2-a+dotprod and later) */
#if defined(__AVX512F__) && defined(__AVX512BW__)
#define HG_AVX512 1
#if defined(__AVX512BF16__)
#define HG_AVX512_BF16 1
#endif
#if defined(__AVX512VBMI__)
#define HG_AVX512_VBMI 1
#if defined(__AVX512VNNI__) && defined(__AVX2__) && defined(__FMA__)   /* its kernels share AVX2 helpers; */
#define HG_AVX512_VNNI 1                                             /* every VNNI CPU has AVX2 and FMA */
#endif
#endif
#endif
#if defined(__AVX2__) && defined(__FMA__)
#define HG_AVX2 1
#if defined(__F16C__)
#define HG_F16C 1
#endif
#if defined(__AVXVNNI__)
#define HG_AVXVNNI 1
#endif
#endif
#if defined(__ARM_NEON) && defined(__aarch64__)
#define HG_NEON 1
#if defined(__ARM_FEATURE_DOTPROD)
#define HG_NEON_DOTPROD 1
#endif
#endif

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifndef HG_NO_THREADS
#include <pthread.h>
#include <stdatomic.h>
#endif
/* kernels' inner functions: always inlined, so their `bits` and `p` arguments become constants */
/* and a cold path kept out of its caller's loop (a row's last few blocks), so the loop stays compact */
#if defined(__GNUC__)
#define HG_INLINE static inline __attribute__((always_inline))
#define HG_NOINLINE static __attribute__((noinline))
#else
#define HG_INLINE static inline
#define HG_NOINLINE static
#endif

#if defined(HG_AVX2) || defined(HG_AVX512)
#include <immintrin.h>
#endif
#if defined(HG_NEON)
#include <arm_neon.h>
#endif

static void hg_errf(char *err, size_t errlen, const char *fmt, ...) {
    if (!err || !errlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------- numbers */

float hg_f16_to_f32(uint16_t h) {
    uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff, bits;
    if (exp == 0) {
        if (man == 0) bits = sign;
        else {                        /* subnormal: renormalise */
            int e = -1;
            do { man <<= 1; e++; } while (!(man & 0x400));
            bits = sign | ((uint32_t)(127 - 15 - e) << 23) | ((man & 0x3ff) << 13);
        }
    } else if (exp == 31) bits = sign | 0x7f800000u | (man << 13);
    else bits = sign | ((exp + 127 - 15) << 23) | (man << 13);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

uint16_t hg_f32_to_f16(float f) {     /* round to nearest even, as numpy does */
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000;
    int32_t exp = (int32_t)((x >> 23) & 0xff);
    uint32_t man = x & 0x7fffff;
    if (exp == 255) return (uint16_t)(sign | 0x7c00 | (man ? 0x200 : 0));
    int32_t e = exp - 127 + 15;
    if (e >= 31) return (uint16_t)(sign | 0x7c00);
    if (e <= 0) {
        if (e < -10) return (uint16_t)sign;
        man |= 0x800000;
        uint32_t shift = (uint32_t)(14 - e);
        uint32_t half = 1u << (shift - 1), rest = man & ((1u << shift) - 1);
        uint32_t r = man >> shift;
        if (rest > half || (rest == half && (r & 1))) r++;
        return (uint16_t)(sign | r);
    }
    uint32_t r = ((uint32_t)e << 10) | (man >> 13), rest = man & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (r & 1))) r++;   /* may carry into exp: fine */
    return (uint16_t)(sign | r);
}

float hg_bf16_to_f32(uint16_t h) {
    uint32_t bits = (uint32_t)h << 16;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

uint16_t hg_f32_to_bf16(float f) {
    uint32_t x;
    memcpy(&x, &f, 4);
    if ((x & 0x7fffffff) > 0x7f800000) return (uint16_t)((x >> 16) | 0x40);  /* NaN stays NaN */
    x += 0x7fff + ((x >> 16) & 1);
    return (uint16_t)(x >> 16);
}

static uint32_t hg_crc_table[8][256];
static int hg_crc_ready;

static void hg_crc_init(void) {
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        hg_crc_table[0][i] = c;
    }
    for (uint32_t i = 0; i < 256; i++)
        for (int t = 1; t < 8; t++)
            hg_crc_table[t][i] = (hg_crc_table[t - 1][i] >> 8) ^ hg_crc_table[0][hg_crc_table[t - 1][i] & 0xff];
    hg_crc_ready = 1;
}

/* zlib-compatible CRC-32, slicing by 8 (about 2 GB/s) */
uint32_t hg_crc32(uint32_t crc, const void *data, size_t n) {
    if (!hg_crc_ready) hg_crc_init();
    const uint8_t *p = (const uint8_t *)data;
    crc = ~crc;
    while (n >= 8) {
        uint32_t lo = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
        crc = hg_crc_table[7][lo & 0xff] ^ hg_crc_table[6][(lo >> 8) & 0xff] ^
              hg_crc_table[5][(lo >> 16) & 0xff] ^ hg_crc_table[4][lo >> 24] ^
              hg_crc_table[3][p[4]] ^ hg_crc_table[2][p[5]] ^ hg_crc_table[1][p[6]] ^ hg_crc_table[0][p[7]];
        p += 8;
        n -= 8;
    }
    while (n--) crc = hg_crc_table[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
    return ~crc;
}

/* ------------------------------------------------------- bounded reading */

int hg_rd_need(hg_rd *r, uint64_t k) {
    if (r->bad || k > r->n - r->pos) { r->bad = 1; return 0; }
    return 1;
}
uint8_t hg_rd_u8(hg_rd *r) { return hg_rd_need(r, 1) ? r->p[r->pos++] : 0; }
uint16_t hg_rd_u16(hg_rd *r) {
    if (!hg_rd_need(r, 2)) return 0;
    const uint8_t *b = r->p + r->pos;
    r->pos += 2;
    return (uint16_t)(b[0] | b[1] << 8);
}
uint32_t hg_rd_u32(hg_rd *r) {
    if (!hg_rd_need(r, 4)) return 0;
    const uint8_t *b = r->p + r->pos;
    r->pos += 4;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
uint64_t hg_rd_u64(hg_rd *r) {
    uint64_t lo = hg_rd_u32(r);
    return lo | (uint64_t)hg_rd_u32(r) << 32;
}
float hg_rd_f32(hg_rd *r) {
    uint32_t u = hg_rd_u32(r);
    float f;
    memcpy(&f, &u, 4);
    return f;
}
const uint8_t *hg_rd_bytes(hg_rd *r, uint64_t k) {
    if (!hg_rd_need(r, k)) return NULL;
    const uint8_t *b = r->p + r->pos;
    r->pos += k;
    return b;
}

