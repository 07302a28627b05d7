/* test_attention.c - attention over every KV cache type pair (src/attention.h, src/kv_cache.h)
 * against a reference computed here in double from each type's scalar definition (its `encode`:
 * the stored elements and scale, decoded as the type defines them). Covers every head count of a
 * task (1..ATT_G), head sizes with and without a tail of 16, lengths around the key blocks of 16,
 * sliding windows that start inside a block, and the exact stored bytes of a token. Runs on each
 * build as test_kernels does (native, AVX2, scalar, aarch64 under qemu, emulated AVX-512).
 *   cc -O2 -std=c11 -D_GNU_SOURCE -march=native -o tests/test_attention tests/test_attention.c -lm -lpthread */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

static int passed, failed;
static void check(int ok, const char *name, const char *detail) {
    if (ok) { passed++; printf("PASS %s\n", name); }
    else { failed++; printf("FAIL %s: %s\n", name, detail); }
}

static unsigned long long rng = 0x243F6A8885A308D3ull;
static double uniform(void) {
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return (double)((rng * 0x2545F4914F6CDD1Dull) >> 11) / 9007199254740992.0;
}
static float gauss(void) { return (float)(sqrt(-2.0 * log(uniform() + 1e-300)) * cos(6.283185307179586 * uniform())); }

/* element i of n encoded by type t (at enc, with scale s), as the type defines its value */
static double decoded(int t, const void *enc, int i, float s) {
    if (t == HG_KV_F32) return ((const float *)enc)[i];
    if (t == HG_KV_F16) return hg_f16_to_f32(((const uint16_t *)enc)[i]);
    return (double)((const int8_t *)enc)[i] * s;
}

/* one case: n positions of hd values, G query heads, window start t0; worst |got - want| / (1 + |want|) */
static double one_case(int kt, int vt, int hd, int n, int G, int t0) {
    hg_config cfg = {0};
    cfg.n_layers = 1; cfg.n_kv_heads = 1; cfg.head_dim = hd;
    KVCache c;
    if (kvcache_init(&c, NULL, kt, vt, &cfg, n)) return 1e9;
    double *kd = malloc(sizeof(double) * n * hd), *vd = malloc(sizeof(double) * n * hd);
    float *k = malloc(sizeof(float) * hd), *v = malloc(sizeof(float) * hd);
    unsigned char *enc = malloc((size_t)hd * 4);
    for (int t = 0; t < n; t++) {
        float amp = t % 7 == 3 ? 20.0f : 1.0f;    /* some tokens larger: scales differ per token */
        for (int d = 0; d < hd; d++) k[d] = amp * gauss(), v[d] = gauss() * (d % 5 == 0 ? 4.0f : 1.0f);
        kv_store(&c, 0, t, k, v);
        float ks = kv_types[kt].encode(k, hd, enc);
        for (int d = 0; d < hd; d++) kd[(size_t)t * hd + d] = decoded(kt, enc, d, ks);
        float vs = kv_types[vt].encode(v, hd, enc);
        for (int d = 0; d < hd; d++) vd[(size_t)t * hd + d] = decoded(vt, enc, d, vs);
    }
    float *q[ATT_G], *out[ATT_G], *att[ATT_G];
    for (int g = 0; g < G; g++) {
        q[g] = malloc(sizeof(float) * hd);
        out[g] = malloc(sizeof(float) * hd);
        att[g] = malloc(sizeof(float) * c.kpos);
        for (int d = 0; d < hd; d++) q[g][d] = 0.3f * gauss();
    }
    KVHead h = kv_head(&c, 0, 0);
    attend(out, att, (const float *const *)q, G, &h, hd, t0, n);
    double worst = 0, *p = malloc(sizeof(double) * n);
    for (int g = 0; g < G; g++) {
        double m = -1e300, sum = 0;
        for (int t = t0; t < n; t++) {
            double s = 0;
            for (int d = 0; d < hd; d++) s += (double)q[g][d] * kd[(size_t)t * hd + d];
            p[t] = s / sqrt((double)hd);
            m = p[t] > m ? p[t] : m;
        }
        for (int t = t0; t < n; t++) sum += (p[t] = exp(p[t] - m));
        for (int d = 0; d < hd; d++) {
            double want = 0;
            for (int t = t0; t < n; t++) want += p[t] / sum * vd[(size_t)t * hd + d];
            double err = fabs(out[g][d] - want) / (1 + fabs(want));
            worst = err > worst ? err : worst;
        }
    }
    for (int g = 0; g < G; g++) free(q[g]), free(out[g]), free(att[g]);
    free(p); free(kd); free(vd); free(k); free(v); free(enc);
    kvcache_free(&c, NULL);
    return worst;
}

/* a token's stored bytes are exactly what its type's encode writes, keys spread over the block */
static void test_stored_bytes(int kt, int vt) {
    hg_config cfg = {0};
    cfg.n_layers = 2; cfg.n_kv_heads = 3; cfg.head_dim = 40;
    KVCache c;
    kvcache_init(&c, NULL, kt, vt, &cfg, 37);
    float k[120], v[120];
    int bad = 0;
    unsigned char enc[160];
    for (int pos = 0; pos < 37; pos++) {
        for (int i = 0; i < 120; i++) k[i] = gauss(), v[i] = gauss();
        kv_store(&c, 1, pos, k, v);
        for (int h = 0; h < 3; h++) {
            KVHead hh = kv_head(&c, 1, h);
            size_t ke = (size_t)kv_types[kt].elem_bytes, ve = (size_t)kv_types[vt].elem_bytes;
            float ks = kv_types[kt].encode(k + 40 * h, 40, enc);
            for (int d = 0; d < 40; d++)
                bad += memcmp((const char *)hh.keys + ((size_t)(pos / KB) * KB * 40 + (size_t)d * KB + pos % KB) * ke, enc + d * ke, ke) != 0;
            if (hh.kscale) bad += hh.kscale[pos] != ks;
            float vs = kv_types[vt].encode(v + 40 * h, 40, enc);
            bad += memcmp((const char *)hh.values + (size_t)pos * 40 * ve, enc, 40 * ve) != 0;
            if (hh.vscale) bad += hh.vscale[pos] != vs;
        }
    }
    char name[64], detail[64];
    snprintf(name, sizeof name, "stored_bytes_%s_%s", hg_kv_type_name(kt), hg_kv_type_name(vt));
    snprintf(detail, sizeof detail, "%d elements or scales differ", bad);
    check(bad == 0, name, detail);
    kvcache_free(&c, NULL);
}

/* q8's definition on edge inputs: a zero vector, exact halves (ties to even), the extremes */
static void test_q8_definition(void) {
    float x[8] = {0}, s;
    int8_t e[8];
    s = kv_encode_q8(x, 8, e);
    int ok = s == 0;
    for (int i = 0; i < 8; i++) ok &= e[i] == 0;
    float y[8] = {127, -127, 0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 63.5f};
    s = kv_encode_q8(y, 8, e);
    const int8_t want[8] = {127, -127, 0, 2, 2, 0, -2, 64};
    ok &= s == 1.0f && !memcmp(e, want, 8);
    check(ok, "q8_definition_zero_ties_extremes", "a zero vector, ties to even or the extremes encode otherwise");
}

int main(void) {
    printf("kernels: %s\n", hg_simd_name());
    const int hds[] = {16, 32, 64, 72, 80, 128}, ns[] = {1, 15, 16, 17, 40, 100};
    for (int kt = 0; kt < HG_KV_COUNT; kt++)
        for (int vt = 0; vt < HG_KV_COUNT; vt++) {
            double worst = 0;
            char where[160] = "";
            for (size_t a = 0; a < sizeof hds / sizeof hds[0]; a++)
                for (size_t b = 0; b < sizeof ns / sizeof ns[0]; b++)
                    for (int G = 1; G <= ATT_G; G++)
                        for (int w = 0; w < 2; w++) {
                            int t0 = w && ns[b] > 5 ? ns[b] - 5 - (int)(b % 3) : 0;   /* a window from inside a block */
                            double err = one_case(kt, vt, hds[a], ns[b], G, t0);
                            if (err > worst)
                                worst = err, snprintf(where, sizeof where, "hd %d, n %d, G %d, t0 %d", hds[a], ns[b], G, t0);
                        }
            char name[64], detail[240];
            snprintf(name, sizeof name, "attend_%s_%s", hg_kv_type_name(kt), hg_kv_type_name(vt));
            snprintf(detail, sizeof detail, "worst error %.2e relative (at %s)", worst, where);
            check(worst < 3e-5, name, detail);   /* float rounding: the f32 pair, unchanged, reaches 1e-5 */
            test_stored_bytes(kt, vt);
        }
    test_q8_definition();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
