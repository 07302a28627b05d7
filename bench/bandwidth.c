/* Memory read bandwidth with 1..N threads: each thread sums its slice of a
 * 1 GiB buffer (AVX/NEON-friendly loop, several accumulators); best of 5.
 *   cc -O2 -march=native -o bench/bandwidth bench/bandwidth.c -lpthread
 *   bench/bandwidth [threads...]           prints "threads N: X GB/s" */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BYTES (1ull << 30)

typedef struct { const float *p; size_t n; float sum; } Slice;

static void *sum_slice(void *arg) {
    Slice *s = (Slice *)arg;
    float a[16] = {0};
    for (size_t i = 0; i + 16 <= s->n; i += 16)
        for (int k = 0; k < 16; k++) a[k] += s->p[i + k];
    float t = 0;
    for (int k = 0; k < 16; k++) t += a[k];
    s->sum = t;
    return NULL;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    float *buf = aligned_alloc(64, BYTES);
    if (!buf) { fprintf(stderr, "bandwidth: out of memory\n"); return 1; }
    for (size_t i = 0; i < BYTES / 4; i++) buf[i] = (float)(i & 7);
    int counts[8] = {1, 2}, n_counts = 2;
    if (argc > 1) { n_counts = 0; for (int i = 1; i < argc && i < 9; i++) counts[n_counts++] = atoi(argv[i]); }
    for (int c = 0; c < n_counts; c++) {
        int nt = counts[c] < 1 ? 1 : counts[c] > 64 ? 64 : counts[c];
        double best = 0;
        float check = 0;
        for (int rep = 0; rep < 5; rep++) {
            pthread_t th[64];
            Slice sl[64];
            size_t per = BYTES / 4 / (size_t)nt;
            double t0 = now();
            for (int t = 0; t < nt; t++) {
                sl[t] = (Slice){buf + per * (size_t)t, per, 0};
                pthread_create(&th[t], NULL, sum_slice, &sl[t]);
            }
            for (int t = 0; t < nt; t++) { pthread_join(th[t], NULL); check += sl[t].sum; }
            double gbs = BYTES / (now() - t0) / 1e9;
            if (gbs > best) best = gbs;
        }
        printf("threads %d: %.2f GB/s (checksum %g)\n", nt, best, (double)check);
    }
    free(buf);
    return 0;
}
