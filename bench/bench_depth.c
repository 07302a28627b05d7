/* bench_depth.c - decode speed deep in a conversation against decode speed at its start, measured
 * close together in time.
 *
 * bench/kv.sh times each depth in its own run of ./run, minutes apart at long depths (the prompt
 * alone takes them), and on a shared machine the speed drifts more than that between the two: its
 * ratios at 8k moved by more than 0.1 from one round to the next. Here one process holds two
 * sessions on the same model and cache type, one after a DEPTH-token prompt and one after a
 * SHALLOW-token prompt (2: kv.sh's depth 0), and each round decodes TOKENS tokens in each, in alternating
 * order, then rewinds both to where they were. Each round gives a ratio (deep over shallow tokens
 * per second) from measurements seconds apart; the median ratio is reported with every round's.
 * Prompts are token ids, not text: decode costs the same whatever the tokens. The last line splits
 * a token's time at each depth into attention and the rest (hg_session_profile, medians).
 * Build: make bench (run's flags).
 * Usage: bench/bench_depth MODEL [depth (8192)] [kv type (q4)] [threads (1)] [rounds (7)] [tokens (16)] [shallow (2)]
 */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"
#include "bench_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* seconds per token to decode n tokens from the session's position (then rewound there), or < 0;
 * *attn: the seconds per token in attention */
static double decode_time(hg_session *s, int n, int vocab, double *attn, hg_error *e) {
    int pos = hg_session_pos(s);
    hg_session_profile_reset(s);
    double t0 = bench_now();
    for (int i = 0; i < n; i++) {
        int tok = 1 + (300 + 7 * i) % (vocab - 1);
        if (hg_session_eval(s, &tok, 1, hg_session_pos(s), 0, e)) return -1;
    }
    double dt = (bench_now() - t0) / n;
    hg_profile prof;
    hg_session_profile(s, &prof);
    *attn = prof.attention_s / n;
    return hg_session_rewind(s, pos, e) ? -1 : dt;
}

/* a prompt of n token ids at position 0, in pieces of 512 with progress on stderr */
static int prompt(hg_session *s, int n, int vocab, hg_error *e) {
    int piece[512];
    for (int at = 0; at < n;) {
        int k = n - at < 512 ? n - at : 512;
        for (int i = 0; i < k; i++) piece[i] = 1 + (100 + 13 * (at + i)) % (vocab - 1);
        if (hg_session_eval(s, piece, k, at, 0, e)) return -1;
        at += k;
        if (n > 512) fprintf(stderr, "\rbench_depth: prompt %d / %d", at, n);
    }
    if (n > 512) fprintf(stderr, "\n");
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s MODEL [depth] [kv type] [threads] [rounds] [tokens]\n", argv[0]);
        return 1;
    }
    const char *kv_name = argc > 3 ? argv[3] : "q4";
    int depth = argc > 2 ? atoi(argv[2]) : 8192, kv = hg_kv_type_parse(kv_name);
    int threads = argc > 4 ? atoi(argv[4]) : 1, rounds = argc > 5 ? atoi(argv[5]) : 7, tokens = argc > 6 ? atoi(argv[6]) : 16;
    int shallow_n = argc > 7 ? atoi(argv[7]) : 2;
    if (shallow_n < 1 || depth <= shallow_n || kv < 0 || threads < 1 || rounds < 1 || rounds > 99 || tokens < 1) {
        fprintf(stderr, "bench_depth: 1 <= shallow < depth, a cache type (f32, f16, q8, q5, q4, q3), positive threads and\n"
                        "tokens, 1-99 rounds\n");
        return 1;
    }
    hg_error e;
    hg_model *m = bench_open_model(argv[1], threads);
    if (!m) return 1;
    int vocab = hg_model_config(m)->vocab_size, ctx = depth + tokens + 1;
    hg_session_params sp = {.n_ctx = ctx, .kv_type = kv, .kv_vtype = kv, .profile = 1};
    hg_session *deep = hg_session_new(m, &sp, &e), *shallow = deep ? hg_session_new(m, &sp, &e) : NULL;
    if (!shallow || prompt(deep, depth, vocab, &e) || prompt(shallow, shallow_n, vocab, &e)) {
        fprintf(stderr, "%s\n", e.msg);
        return 1;
    }
    double ratio[99], ts[99], td[99], as[99], ad[99];
    for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < 2; k++) {   /* shallow first in even rounds, deep first in odd ones */
            int is_deep = (r + k) % 2;
            double t = decode_time(is_deep ? deep : shallow, tokens, vocab, is_deep ? &ad[r] : &as[r], &e);
            if (t < 0) {
                fprintf(stderr, "%s\n", e.msg);
                return 1;
            }
            (is_deep ? td : ts)[r] = t;
        }
        ratio[r] = ts[r] / td[r];
    }
    printf("%s, --kv %s, %d thread(s): %d tokens decoded at depth %d and at depth %d, alternating, %d rounds\n", argv[1],
           kv_name, threads, tokens, depth, shallow_n, rounds);
    printf("| round | tok/s at depth %d | tok/s at depth %d | ratio |\n|---|---|---|---|\n", shallow_n, depth);
    for (int r = 0; r < rounds; r++) printf("| %d | %.2f | %.2f | %.3f |\n", r + 1, 1 / ts[r], 1 / td[r], ratio[r]);
    qsort(ratio, (size_t)rounds, sizeof ratio[0], cmp_double);
    qsort(ts, (size_t)rounds, sizeof ts[0], cmp_double);
    qsort(td, (size_t)rounds, sizeof td[0], cmp_double);
    qsort(as, (size_t)rounds, sizeof as[0], cmp_double);
    qsort(ad, (size_t)rounds, sizeof ad[0], cmp_double);
    printf("| median | %.2f | %.2f | %.3f |\n", 1 / ts[rounds / 2], 1 / td[rounds / 2], ratio[rounds / 2]);
    printf("\nA token (medians): %.1f ms at depth %d (attention %.1f ms), %.1f ms at depth %d (attention %.1f ms)\n",
           1e3 * ts[rounds / 2], shallow_n, 1e3 * as[rounds / 2], 1e3 * td[rounds / 2], depth, 1e3 * ad[rounds / 2]);
    hg_session_free(shallow);
    hg_session_free(deep);
    hg_model_close(m);
    return 0;
}
