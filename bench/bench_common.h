/* bench_common.h - what the engine benchmarks (bench_step, bench_depth) share: a clock and a model
 * opened with a thread count, its error printed. Included after higgs.h. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H
#include <stdio.h>
#include <time.h>

static inline double bench_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* the model at path on `threads` threads, or NULL with the reason on stderr */
static inline hg_model *bench_open_model(const char *path, int threads) {
    hg_error e;
    hg_model_params mp = {threads, NULL, 0, 0, 0, NULL, NULL};
    hg_model *m = hg_model_open(path, &mp, &e);
    if (!m) fprintf(stderr, "%s\n", e.msg);
    return m;
}
#endif
