/* bench_attention.c - single-thread speed of decode attention over each KV cache type.
 *
 * Builds a cache of L layers x H kv heads (TinyLlama's shape by default: 22 x 4, head size 64, 8
 * query heads per kv head) filled with Gaussian keys and values to a depth, then times what one
 * decoded token's attention does in every layer: each kv head's query heads attend to the whole
 * cache in spans of ATT_SPAN positions (attend_span), and the spans are combined (attend_combine),
 * as src/forward.h runs it on one thread. Before each layer the processor's caches are flushed by
 * reading a buffer larger than them (untimed): in decode a layer's weights (30 MB on this shape)
 * stream between two layers' attention, so the KV cache and the scratch come from memory.
 *
 * Reports milliseconds per token (all layers) and nanoseconds per (position, query head). Types
 * alternate within each round; the best round counts (the machine may be shared).
 * flush 0 leaves the caches as the last layer left them: the arithmetic alone, which varies far
 * less than memory on a shared machine (A/B comparisons of a kernel's instructions).
 * Build: make bench (run's flags).
 * Usage: bench/bench_attention [depth (1765)] [rounds (3)] [types (f32,q8,q4)] [layers (22)] [flush (1)]
 */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { H = 4, HD = 64, REP = 8 };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static float gauss(void) {
    double u[2];
    for (int i = 0; i < 2; i++) {
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        u[i] = ((rng >> 11) + 0.5) / 9007199254740992.0;
    }
    return (float)(sqrt(-2 * log(u[0])) * cos(6.283185307179586 * u[1]));
}

/* a cache of `depth` positions in every layer, keys and values of type `type` */
static int fill(KVCache *c, int type, int layers, int depth) {
    hg_config cfg = {0};
    cfg.n_layers = layers, cfg.n_kv_heads = H, cfg.head_dim = HD;
    int *types = malloc(sizeof(int) * (size_t)layers);
    for (int l = 0; l < layers; l++) types[l] = type;
    int bad = kvcache_init(c, NULL, types, types, &cfg, depth + 1, 1) || kv_reserve(c, depth + 1);
    free(types);
    float k[H * HD], v[H * HD];
    for (int t = 0; !bad && t < depth; t++)
        for (int l = 0; l < layers; l++) {
            for (int i = 0; i < H * HD; i++) k[i] = gauss() * (i % 16 == 3 ? 8.0f : 1.0f), v[i] = gauss();
            kv_pass_begin(c, l, t);
            kv_store(c, l, t, k, v);
            kv_pass_end(c, l, t + 1);
        }
    return bad;
}

static const size_t flush_n = (size_t)64 << 20;   /* bytes: beyond any L3 of one core's reach */
static unsigned char *flush;
static int flush_on = 1;
static volatile unsigned sink;

static void flush_caches(void) {
    unsigned acc = 0;
    if (!flush_on) return;
    for (size_t j = 0; j < flush_n; j += 64) acc += flush[j];
    sink += acc;
}

/* one token's attention at position depth - 1 over every layer and kv head, one thread; returns
 * the seconds it took, the flushes before each layer left out */
static double attend_all(KVCache *c, int layers, int depth, const float *q, float *att, float *span_out, float *out) {
    int spans = (depth + ATT_SPAN - 1) / ATT_SPAN;
    double t = 0;
    for (int l = 0; l < layers; l++) {
        flush_caches();
        double t0 = now();
        kv_pass_begin(c, l, depth - 1);
        for (int h = 0; h < H; h++) {
            KVHead kh = kv_head(c, l, h, depth - 1);
            const float *qs[ATT_G];
            float *atts[ATT_G], *outs[ATT_G], ml[2 * ATT_G];
            for (int g0 = 0; g0 < REP; g0 += ATT_G) {
                int G = REP - g0 < ATT_G ? REP - g0 : ATT_G;
                for (int span = 0; span < spans; span++) {
                    int a = span * ATT_SPAN, end = a + ATT_SPAN < depth ? a + ATT_SPAN : depth;
                    for (int g = 0; g < G; g++) {
                        qs[g] = q + (size_t)(h * REP + g0 + g) * HD;
                        atts[g] = att + (size_t)g * ATT_ROW;
                        outs[g] = span_out + ((size_t)(g0 + g) * spans + span) * (HD + 2);
                    }
                    attend_span(outs, atts, qs, G, &kh, HD, a, end, ml);
                    for (int g = 0; g < G; g++) outs[g][HD] = ml[2 * g], outs[g][HD + 1] = ml[2 * g + 1];
                }
            }
            for (int g = 0; g < REP; g++) {
                attend_combine(out + (size_t)(h * REP + g) * HD, span_out + (size_t)g * spans * (HD + 2), spans, HD);
                attend_output(out + (size_t)(h * REP + g) * HD, kh.vgrid != KV_GRID_NONE, HD);
            }
        }
        kv_pass_end(c, l, depth);
        t += now() - t0;
    }
    return t;
}

int main(int argc, char **argv) {
    int depth = argc > 1 ? atoi(argv[1]) : 1765, rounds = argc > 2 ? atoi(argv[2]) : 3;
    const char *list = argc > 3 ? argv[3] : "f32,q8,q4";
    int layers = argc > 4 ? atoi(argv[4]) : 22;
    flush_on = argc > 5 ? atoi(argv[5]) : 1;
    if (depth < 1 || rounds < 1 || layers < 1) {
        fprintf(stderr, "usage: %s [depth] [rounds] [types, comma-separated] [layers] [flush 1|0]\n", argv[0]);
        return 1;
    }
    int types[HG_KV_COUNT], nt = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, ","); tok && nt < HG_KV_COUNT; tok = strtok(NULL, ",")) {
        if ((types[nt] = hg_kv_type_parse(tok)) < 0) { fprintf(stderr, "unknown cache type '%s'\n", tok); return 1; }
        nt++;
    }
    int spans = (depth + ATT_SPAN - 1) / ATT_SPAN;
    float *q = malloc(sizeof(float) * H * REP * HD), *att = malloc(sizeof(float) * ATT_G * ATT_ROW);
    float *span_out = malloc(sizeof(float) * REP * (size_t)spans * (HD + 2)), *out = malloc(sizeof(float) * H * REP * HD);
    KVCache *c = calloc((size_t)nt, sizeof(KVCache));
    for (int i = 0; i < H * REP * HD; i++) q[i] = 0.5f * gauss();
    for (int i = 0; i < nt; i++)
        if (fill(&c[i], types[i], layers, depth)) { fprintf(stderr, "out of memory\n"); return 1; }
    flush = malloc(flush_n);
    memset(flush, 1, flush_n);
    double best[HG_KV_COUNT];
    for (int i = 0; i < nt; i++) best[i] = 1e30;
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < nt; i++) {
            int reps = 0;
            double t = 0;
            do t += attend_all(&c[i], layers, depth, q, att, span_out, out), reps++;
            while (reps < 4);
            best[i] = t / reps < best[i] ? t / reps : best[i];
        }
    free(flush);
    printf("depth %d, %d layers x %d kv heads x %d query heads, head size %d, best of %d rounds, caches %s\n", depth, layers, H,
           REP, HD, rounds, flush_on ? "flushed before each layer" : "not flushed");
    for (int i = 0; i < nt; i++)
        printf("%-4s %8.3f ms per token  %6.3f ns per (position, query head)\n", kv_types[types[i]].name, 1e3 * best[i],
               1e9 * best[i] / ((double)depth * layers * H * REP));
    for (int i = 0; i < nt; i++) kvcache_free(&c[i]);
    free(c), free(q), free(att), free(span_out), free(out);
    return 0;
}
