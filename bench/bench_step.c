/* bench_step.c - decode throughput of several conversations at once (hg_sessions_step) against one
 * conversation decoding alone (hg_session_eval): what a server gains by stepping its users together
 * (docs/server.md).
 *
 * N sessions each hold a 16-token prompt; then every step gives each of the first n sessions one
 * token, for n = 1 (one session, alone), 2, 4 and 8, alternating within each round; the best round
 * counts (the machine may be shared). Prints milliseconds a step, aggregate and per-conversation
 * tokens per second.
 * Build: make bench (run's flags).
 * Usage: bench/bench_step MODEL [threads (1)] [rounds (3)] [steps (24)]
 */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"
#include "bench_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { N = 8, PROMPT = 16 };

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s MODEL [threads] [rounds] [steps]\n", argv[0]);
        return 1;
    }
    int threads = argc > 2 ? atoi(argv[2]) : 1, rounds = argc > 3 ? atoi(argv[3]) : 3, steps = argc > 4 ? atoi(argv[4]) : 24;
    if (threads < 1 || rounds < 1 || steps < 1) {
        fprintf(stderr, "threads, rounds and steps must be positive\n");
        return 1;
    }
    hg_error e;
    hg_model *m = bench_open_model(argv[1], threads);
    if (!m) return 1;
    int vocab = hg_model_config(m)->vocab_size, ids[PROMPT], tok[N];
    for (int i = 0; i < PROMPT; i++) ids[i] = 1 + (100 + i) % (vocab - 1);
    hg_session *s[N];
    for (int i = 0; i < N; i++) {
        hg_session_params sp = {.n_ctx = PROMPT + steps + 1, .kv_type = HG_KV_Q8, .kv_vtype = HG_KV_Q8};
        if (!(s[i] = hg_session_new(m, &sp, &e)) || hg_session_eval(s[i], ids, PROMPT, 0, 0, &e)) {
            fprintf(stderr, "%s\n", e.msg);
            return 1;
        }
    }
    double best[4] = {1e30, 1e30, 1e30, 1e30};
    for (int r = 0; r < rounds; r++)
        for (int k = 0, n = 1; n <= N; k++, n *= 2) {
            for (int i = 0; i < n; i++) hg_session_rewind(s[i], PROMPT, &e);
            double t0 = bench_now();
            for (int st = 0; st < steps; st++) {
                for (int i = 0; i < n; i++) tok[i] = 1 + (200 + st + i) % (vocab - 1);
                int rc = n == 1 ? hg_session_eval(s[0], tok, 1, hg_session_pos(s[0]), 0, &e) : hg_sessions_step(s, tok, n, &e);
                if (rc) {
                    fprintf(stderr, "%s\n", e.msg);
                    return 1;
                }
            }
            double dt = (bench_now() - t0) / steps;
            best[k] = dt < best[k] ? dt : best[k];
        }
    printf("%s, %d thread(s), best of %d rounds of %d steps, q8 caches after a %d-token prompt\n", argv[1], threads, rounds,
           steps, PROMPT);
    printf("| conversations | ms a step | tokens/s, all | tokens/s, each | x one alone |\n|---|---|---|---|---|\n");
    for (int k = 0, n = 1; n <= N; k++, n *= 2)
        printf("| %d | %.1f | %.1f | %.1f | %.2f |\n", n, 1e3 * best[k], n / best[k], 1 / best[k], n * best[0] / best[k]);
    for (int i = 0; i < N; i++) hg_session_free(s[i]);
    hg_model_close(m);
    return 0;
}
