/* bench_values_int8.c - a design experiment for q4's rotated value sums on AVX2: what would summing
 * them with integer weights cost, and what would it lose?
 *
 * Today (src/attention.h, attn_values_q4_avx2) each query head adds bf16 weight x bf16 coordinate
 * products in floats: 8 FMAs per (position, query head) at head size 64, two a cycle at best, about
 * a third of decode attention at depth. The experiment: per block of 32 positions and head, the
 * weights become 6-bit integers against the block's largest (u = round(63 w / W)), the grid's
 * coordinates int8 at one scale, and the sums integer: vpmaddubsw on 4 positions of one dimension
 * a dword, two of them added as int16 (4 x 63 x 127 < 2^15: exact), vpmaddwd to int32; a block's
 * sums become floats once (times W / 63 and the grid's scale). The same codes and weights go through
 * both kernels, alternating, the cache small enough for L2 (the arithmetic alone).
 *
 * Accuracy: each kernel's output against the sum in double with the exact weights and grid,
 * relative RMS over the dimensions, for diffuse (score sd 1) and peaked (sd 4) softmax weights;
 * beside them, what the cache's own quantization error does to the same sum.
 * Not part of the engine: nothing here is used by run.
 * Build: make bench. Usage: bench/bench_values_int8 [positions (2048)] [rounds (40)] */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"
#include "bench_common.h"

#include <stdlib.h>
#include <string.h>

#if !defined(HG_AVX2) || defined(HG_AVX512)
int main(void) {
    printf("bench_values_int8: an experiment for AVX2 builds without AVX-512; this build is not one\n");
    return 0;
}
#else
enum { HD = 64, NG = 8, BLK = 32 };

static uint64_t rng = 0x243f6a8885a308d3ull;
static double uniform(void) {
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return ((rng >> 11) + 0.5) / 9007199254740992.0;
}
static double gauss(void) { return sqrt(-2 * log(uniform())) * cos(6.283185307179586 * uniform()); }

/* t[0..15] as int8 at one scale: t[i] ~ q[i] * (returned scale) */
static float int8_table(const float *t, int8_t *q) {
    float m = 0;
    for (int i = 0; i < 16; i++) m = fabsf(t[i]) > m ? fabsf(t[i]) : m;
    float s = m / 127;
    for (int i = 0; i < 16; i++) q[i] = (int8_t)lrintf(t[i] / s);
    return s;
}

/* one position's 32 codes to int8 coordinates: x (dims 0..31), y (dims 32..63). Bits 0-3 index x,
 * 2-5 y; bit 6 negates x, bit 7 y (vpsignb: a negative selector negates, the low bit keeps it nonzero) */
static inline void decode_i8(const unsigned char *codes, __m256i tx, __m256i ty, __m256i *x, __m256i *y) {
    const __m256i low = _mm256_set1_epi8(15), one = _mm256_set1_epi8(1);
    __m256i c = _mm256_loadu_si256((const __m256i *)codes);
    __m256i ix = _mm256_and_si256(c, low), iy = _mm256_and_si256(_mm256_srli_epi16(c, 2), low);
    *x = _mm256_sign_epi8(_mm256_shuffle_epi8(tx, ix), _mm256_or_si256(_mm256_add_epi8(c, c), one));
    *y = _mm256_sign_epi8(_mm256_shuffle_epi8(ty, iy), _mm256_or_si256(c, one));
}

/* 4 positions' 32 bytes to 4 vectors of 8 dimensions x 4 positions (a dword: one dimension's 4
 * positions). q[k], lane 0: dims 4k..4k+3; lane 1: dims 16 + 4k.. */
static inline void quad_bytes(const __m256i *p, __m256i *q) {
    __m256i a = _mm256_unpacklo_epi8(p[0], p[1]), b = _mm256_unpackhi_epi8(p[0], p[1]);
    __m256i c = _mm256_unpacklo_epi8(p[2], p[3]), d = _mm256_unpackhi_epi8(p[2], p[3]);
    q[0] = _mm256_unpacklo_epi16(a, c), q[1] = _mm256_unpackhi_epi16(a, c);
    q[2] = _mm256_unpacklo_epi16(b, d), q[3] = _mm256_unpackhi_epi16(b, d);
}

/* a block's 32 weights to 6-bit integers against their largest W (0: an empty block): u, 4 a dword
 * in position order; returns W */
static inline float weights_u6(const float *w, uint32_t *u) {
    __m256 v[4], m = _mm256_setzero_ps();
    for (int k = 0; k < 4; k++) v[k] = _mm256_loadu_ps(w + 8 * k), m = _mm256_max_ps(m, v[k]);
    __m128 h = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
    h = _mm_max_ps(h, _mm_movehl_ps(h, h));
    h = _mm_max_ss(h, _mm_shuffle_ps(h, h, 1));
    float W = _mm_cvtss_f32(h);
    if (!(W > 0)) return 0;
    __m256 s = _mm256_set1_ps(63.0f / W);
    __m256i i[4];
    for (int k = 0; k < 4; k++) i[k] = _mm256_cvtps_epi32(_mm256_mul_ps(v[k], s));
    __m256i b = _mm256_packus_epi16(_mm256_packs_epi32(i[0], i[1]), _mm256_packs_epi32(i[2], i[3]));
    b = _mm256_permutevar8x32_epi32(b, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    _mm256_storeu_si256((__m256i *)u, b);
    return W;
}

/* out[g][d] = sum_t p[g][t] * point_t[d] with 6-bit block weights and int8 coordinates, n a multiple of BLK */
static void values_int8(float (*out)[HD], const float *const *p, const unsigned char *codes, int n, __m256i tx,
                        __m256i ty, float gscale) {
    _Alignas(32) __m256i buf[BLK / 4][8];
    _Alignas(32) float facc[NG][HD];
    const __m256i ones = _mm256_set1_epi16(1);
    memset(facc, 0, sizeof facc);
    for (int tb = 0; tb < n; tb += BLK) {
        for (int j = 0; j < BLK / 4; j++) {
            __m256i x[4], y[4];
            for (int i = 0; i < 4; i++) decode_i8(codes + (size_t)(tb + 4 * j + i) * (HD / 2), tx, ty, &x[i], &y[i]);
            quad_bytes(x, buf[j]);
            quad_bytes(y, buf[j] + 4);
        }
        for (int g = 0; g < NG; g++) {
            uint32_t u[BLK / 4];
            float W = weights_u6(p[g] + tb, u);
            if (W == 0) continue;
            __m256i acc[8];
            for (int k = 0; k < 8; k++) acc[k] = _mm256_setzero_si256();
            for (int j = 0; j < BLK / 4; j += 2) {
                __m256i wa = _mm256_set1_epi32((int)u[j]), wb = _mm256_set1_epi32((int)u[j + 1]);
                for (int k = 0; k < 8; k++) {
                    __m256i s = _mm256_add_epi16(_mm256_maddubs_epi16(wa, buf[j][k]), _mm256_maddubs_epi16(wb, buf[j + 1][k]));
                    acc[k] = _mm256_add_epi32(acc[k], _mm256_madd_epi16(s, ones));
                }
            }
            __m256 c = _mm256_set1_ps(W / 63 * gscale);
            for (int k = 0; k < 8; k++)
                _mm256_store_ps(facc[g] + 8 * k, _mm256_fmadd_ps(_mm256_cvtepi32_ps(acc[k]), c, _mm256_load_ps(facc[g] + 8 * k)));
        }
    }
    for (int g = 0; g < NG; g++)   /* vector k, lane l, element e: dim 32 (k / 4) + 16 l + 4 (k % 4) + e */
        for (int k = 0; k < 8; k++)
            for (int e = 0; e < 8; e++) out[g][32 * (k / 4) + 16 * (e / 4) + 4 * (k % 4) + e % 4] = facc[g][8 * k + e];
}

/* the exact point of code c in dimension i (< 32: x, else y) */
static double point(unsigned char c, int second, const float *X, const float *Y) {
    double v = second ? Y[c >> 2 & 15] : X[c & 15];
    return (second ? c >> 7 & 1 : c >> 6 & 1) ? -v : v;
}

/* the grid's mean squared error per coordinate on unit Gaussian pairs (nearest of the 256 points, brute force) */
static double grid_mse(const float *X, const float *Y) {
    double e = 0;
    const int n = 20000;
    for (int i = 0; i < n; i++) {
        double a = gauss(), b = gauss(), best = 1e300;
        for (int c = 0; c < 256; c++) {
            double dx = a - point((unsigned char)c, 0, X, Y), dy = b - point((unsigned char)c, 1, X, Y);
            best = dx * dx + dy * dy < best ? dx * dx + dy * dy : best;
        }
        e += best;
    }
    return e / (2.0 * n);
}

static double rel_err(const float *got, const double *want) {
    double e = 0, s = 0;
    for (int d = 0; d < HD; d++) e += (got[d] - want[d]) * (got[d] - want[d]), s += want[d] * want[d];
    return sqrt(e / s);
}

static int cmp_double(const void *a, const void *b) { return *(const double *)a < *(const double *)b ? -1 : *(const double *)a > *(const double *)b; }

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2048, rounds = argc > 2 ? atoi(argv[2]) : 40;
    if (n < BLK || n % BLK || rounds < 1 || rounds > 10000) {
        fprintf(stderr, "usage: bench_values_int8 [positions: a multiple of %d] [rounds 1..10000]\n", BLK);
        return 1;
    }
    unsigned char *codes = malloc((size_t)n * HD / 2);
    float *w = malloc(sizeof(float) * (size_t)n * NG), *wb = malloc(sizeof(float) * (size_t)n * NG);
    double *ref = malloc(sizeof(double) * NG * HD), *tf = malloc(sizeof(double) * rounds), *ti = malloc(sizeof(double) * rounds);
    for (size_t i = 0; i < (size_t)n * HD / 2; i++) codes[i] = (unsigned char)(uniform() * 256);
    float tx[32], ty[16];
    kv_value_tables(KV_GRID_P2_256B, tx, ty);
    int8_t qx[16], qy[16];
    float sx = int8_table(tx, qx), sy = int8_table(ty, qy);
    /* one scale for both coordinates (a block's sums share it): the larger, both tables at it */
    float gs = sx > sy ? sx : sy;
    for (int i = 0; i < 16; i++) qx[i] = (int8_t)lrintf(tx[i] / gs), qy[i] = (int8_t)lrintf(ty[i] / gs);
    __m256i tab_x = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)qx));
    __m256i tab_y = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)qy));
    const float *X = HG_GRID_P2_N256B_X, *Y = HG_GRID_P2_N256B_Y;
    _Alignas(32) float of[NG][HD], oi[NG][HD];
    float *outs[NG], inv[NG];
    const float *pf[NG], *pi[NG];
    printf("bench_values_int8: q4 values (256-point grid), head size %d, %d query heads, %d positions\n", HD, NG, n);
    int mx_x = 0, mx_y = 0;
    for (int i = 0; i < 16; i++) mx_x = abs(qx[i]) > mx_x ? abs(qx[i]) : mx_x, mx_y = abs(qy[i]) > mx_y ? abs(qy[i]) : mx_y;
    printf("grid as int8 at scale %.5f: |x| <= %d, |y| <= %d\n\n", gs, mx_x, mx_y);
    double mse = grid_mse(X, Y);
    printf("For scale, the cache's own error: each coordinate off by the grid's RMS error on unit Gaussians\n"
           "(%.4f), independently, carried through the same weighted sum.\n\n", sqrt(mse));
    printf("| weights | float kernel: rel. error | int8 kernel: rel. error | q4's own error, for scale |\n|---|---|---|---|\n");
    static const double sds[2] = {1.0, 4.0};
    for (int si = 0; si < 2; si++) {
        for (int g = 0; g < NG; g++) {
            double mx = -1e300, *s = malloc(sizeof(double) * (size_t)n);
            for (int t = 0; t < n; t++) s[t] = sds[si] * gauss(), mx = s[t] > mx ? s[t] : mx;
            for (int t = 0; t < n; t++) {
                float e = (float)exp(s[t] - mx) * (float)(0.5 + uniform());   /* a numerator times a value's scale */
                w[(size_t)g * n + t] = e, wb[(size_t)g * n + t] = kv_bf16_weight(e);
            }
            free(s);
            pf[g] = wb + (size_t)g * n, pi[g] = w + (size_t)g * n, outs[g] = of[g], inv[g] = 1.0f;
            for (int d = 0; d < HD; d++) {
                double acc = 0;
                for (int t = 0; t < n; t++) acc += (double)w[(size_t)g * n + t] * point(codes[(size_t)t * HD / 2 + d % 32], d >= 32, X, Y);
                ref[g * HD + d] = acc;
            }
        }
        attn_values_q4_avx2(outs, pf, inv, NG, codes, HD, n);
        values_int8(oi, pi, codes, n, tab_x, tab_y, gs);
        double ef = 0, ei = 0, eq = 0;
        for (int g = 0; g < NG; g++) {
            ef += rel_err(of[g], ref + g * HD) / NG, ei += rel_err(oi[g], ref + g * HD) / NG;
            double e = 0, r = 0;
            for (int d = 0; d < HD; d++) {
                double z = 0;
                for (int t = 0; t < n; t++) z += (double)w[(size_t)g * n + t] * sqrt(mse) * gauss();
                e += z * z, r += ref[g * HD + d] * ref[g * HD + d];
            }
            eq += sqrt(e / r) / NG;
        }
        printf("| softmax of scores with sd %.0f | %.2e | %.2e | %.2e |\n", sds[si], ef, ei, eq);
    }
    for (int r = 0; r < rounds; r++) {   /* alternating, each timed alone */
        double t0 = bench_now();
        attn_values_q4_avx2(outs, pf, inv, NG, codes, HD, n);
        double t1 = bench_now();
        values_int8(oi, pi, codes, n, tab_x, tab_y, gs);
        double t2 = bench_now();
        tf[r] = t1 - t0, ti[r] = t2 - t1;
    }
    qsort(tf, (size_t)rounds, sizeof(double), cmp_double);
    qsort(ti, (size_t)rounds, sizeof(double), cmp_double);
    double per = 1e9 / ((double)n * NG);
    printf("\n| kernel | ns per (position, query head), best | median |\n|---|---|---|\n");
    printf("| float (attn_values_q4_avx2) | %.3f | %.3f |\n", tf[0] * per, tf[rounds / 2] * per);
    printf("| int8, 6-bit block weights | %.3f | %.3f |\n", ti[0] * per, ti[rounds / 2] * per);
    printf("ratio of medians (int8 / float): %.3f\n", ti[rounds / 2] / tf[rounds / 2]);
    free(codes), free(w), free(wb), free(ref), free(tf), free(ti);
    return 0;
}
#endif
