/* Memory read bandwidth with 1..N threads: each thread sums its slice of a
 * 1 GiB buffer (AVX/NEON-friendly loop, several accumulators), in huge pages
 * where the kernel gives them (as run loads models). Two access patterns: the
 * slice read as one stream, and as two streams (its two halves at once); a
 * core keeps more reads in flight with two far-apart streams (on this Zen 5
 * VM one core reads ~15% faster so), and run's kernels use two. The machine's
 * read bandwidth is the better of the two, best of 5 runs each.
 *   cc -O2 -march=native -o bench/bandwidth bench/bandwidth.c -lpthread
 *   bench/bandwidth [threads...]
 * prints "threads N: X GB/s (one stream A, two streams B per thread)", X = max(A, B) */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define BYTES (1ull << 30)

typedef struct { const float *p; size_t n; int streams; float sum; } Slice;

static void *sum_slice(void *arg) {
    Slice *s = (Slice *)arg;
    float a[16] = {0}, b[16] = {0};
    if (s->streams == 1) {
        for (size_t i = 0; i + 16 <= s->n; i += 16)
            for (int k = 0; k < 16; k++) a[k] += s->p[i + k];
    } else {
        size_t half = s->n / 2 / 16 * 16;
        const float *q = s->p + half;
        for (size_t i = 0; i + 16 <= half; i += 16)
            for (int k = 0; k < 16; k++) { a[k] += s->p[i + k]; b[k] += q[i + k]; }
    }
    float t = 0;
    for (int k = 0; k < 16; k++) t += a[k] + b[k];
    s->sum = t;
    return NULL;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* best GB/s of 5 runs: nt threads, each summing its slice as `streams` streams */
static double measure(const float *buf, int nt, int streams, float *check) {
    double best = 0;
    for (int rep = 0; rep < 5; rep++) {
        pthread_t th[64];
        Slice sl[64];
        size_t per = BYTES / 4 / (size_t)nt;
        double t0 = now();
        for (int t = 0; t < nt; t++) {
            sl[t] = (Slice){buf + per * (size_t)t, per, streams, 0};
            pthread_create(&th[t], NULL, sum_slice, &sl[t]);
        }
        for (int t = 0; t < nt; t++) { pthread_join(th[t], NULL); *check += sl[t].sum; }
        double gbs = BYTES / (now() - t0) / 1e9;
        if (gbs > best) best = gbs;
    }
    return best;
}

int main(int argc, char **argv) {
    float *buf = mmap(NULL, BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (buf == MAP_FAILED) { fprintf(stderr, "bandwidth: out of memory\n"); return 1; }
#ifdef MADV_HUGEPAGE
    madvise(buf, BYTES, MADV_HUGEPAGE);
#endif
    for (size_t i = 0; i < BYTES / 4; i++) buf[i] = (float)(i & 7);
    int counts[8] = {1, 2}, n_counts = 2;
    if (argc > 1) { n_counts = 0; for (int i = 1; i < argc && i < 9; i++) counts[n_counts++] = atoi(argv[i]); }
    for (int c = 0; c < n_counts; c++) {
        int nt = counts[c] < 1 ? 1 : counts[c] > 64 ? 64 : counts[c];
        float check = 0;
        double one = measure(buf, nt, 1, &check), two = measure(buf, nt, 2, &check);
        printf("threads %d: %.2f GB/s (one stream %.2f, two streams %.2f per thread; checksum %g)\n", nt,
               one > two ? one : two, one, two, (double)check);
    }
    munmap(buf, BYTES);
    return 0;
}
