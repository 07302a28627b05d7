/* The SIMD kernels test_kernels.c does not reach directly: hg_dot4_f32 (four
 * dot products sharing one weight row, used by the batched prompt path) and
 * hg_dequant_row's vectorised half/bfloat16 row decoders, on every length
 * around the vector widths (4, 8, 16) against plain scalar loops. Written for
 * the NEON path under qemu-aarch64 but valid on any build. Prints PASS/FAIL
 * lines; exit 1 on any failure. */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, passes;

static void check(int ok, const char *name, const char *detail) {
    if (ok) { passes++; printf("PASS %s\n", name); }
    else { failures++; printf("FAIL %s: %s\n", name, detail); }
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static float frand(void) {             /* uniform in [-1, 1) */
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (float)((rng >> 11) * (1.0 / 9007199254740992.0) * 2.0 - 1.0);
}

#define MAXN 1100
static const int lens[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 256, 257, 768, 1030};

static void test_dot4(void) {
    static float w[MAXN], x[4 * (MAXN + 3)];
    char detail[256], name[64];
    size_t stride = MAXN + 3;          /* not a multiple of the vector width */
    double worst = 0;
    int bad_n = -1;
    for (size_t i = 0; i < MAXN; i++) w[i] = frand();
    for (size_t i = 0; i < 4 * stride; i++) x[i] = frand();
    for (size_t k = 0; k < sizeof lens / sizeof *lens; k++) {
        int n = lens[k];
        float out[4];
        hg_dot4_f32(w, x, stride, n, out);
        for (int r = 0; r < 4; r++) {
            double ref = 0, mag = 0;
            for (int i = 0; i < n; i++) { ref += (double)w[i] * x[r * stride + i]; mag += fabs((double)w[i] * x[r * stride + i]); }
            double err = fabs(out[r] - ref) / (mag + 1e-30);
            if (err > worst) { worst = err; if (err > 1e-5) bad_n = n; }
        }
    }
    snprintf(name, sizeof name, "dot4_f32_%s_vs_float64", hg_simd_name());
    snprintf(detail, sizeof detail, "worst relative error %.3g (n=%d)", worst, bad_n);
    check(bad_n < 0, name, detail);
}

static void test_rows(void) {
    static uint16_t h[2 * MAXN + 8];   /* two rows of up to MAXN */
    static float out[MAXN + 8];
    char detail[256], name[64];
    for (int type = 0; type < 2; type++) {
        uint32_t tt = type ? HG_BF16 : HG_F16;
        int bad = 0;
        snprintf(detail, sizeof detail, "ok");
        for (size_t i = 0; i < 2 * MAXN + 8; i++) {
            float v = frand() * (i % 7 == 0 ? 60000.0f : i % 5 == 0 ? 1e-6f : 3.0f);
            h[i] = type ? hg_f32_to_bf16(v) : hg_f32_to_f16(v);
        }
        if (!type) { h[3] = 0x7C00; h[5] = 0xFC00; h[9] = 0x0001; h[10] = 0x8000; h[11] = 0x03FF; }
        for (size_t k = 0; k < sizeof lens / sizeof *lens && !bad; k++) {
            int n = lens[k];
            hg_tensor t;
            memset(&t, 0, sizeof t);
            t.type = tt; t.ndim = 2; t.rows = 2; t.cols = (uint64_t)n; t.row_bytes = 2 * (uint64_t)n;
            t.shape[0] = 2; t.shape[1] = (uint64_t)n;
            t.data = (const uint8_t *)h;
            for (int row = 0; row < 2 && !bad; row++) {
                for (int i = 0; i < n + 4; i++) out[i] = -12345.0f;
                hg_dequant_row(out, &t, row);
                for (int i = 0; i < n && !bad; i++) {
                    uint16_t b = h[row * n + i];
                    float ref = type ? hg_bf16_to_f32(b) : hg_f16_to_f32(b);
                    if (memcmp(&ref, &out[i], 4) && !(isnan(ref) && isnan(out[i]))) {   /* NaN payloads may differ */
                        bad = 1;
                        snprintf(detail, sizeof detail, "n=%d row %d [%d]: 0x%04x -> %g, want %g", n, row, i, b, out[i], ref);
                    }
                }
                for (int i = n; i < n + 4 && !bad; i++)
                    if (out[i] != -12345.0f) { bad = 1; snprintf(detail, sizeof detail, "n=%d wrote past the row", n); }
            }
        }
        snprintf(name, sizeof name, "dequant_row_%s_%s_bit_exact", type ? "bf16" : "f16", hg_simd_name());
        check(!bad, name, detail);
    }
}

int main(void) {
    printf("kernels: %s\n", hg_simd_name());
    test_dot4();
    test_rows();
    printf("%d passed, %d failed\n", passes, failures);
    return failures ? 1 : 0;
}
