/* bench_stream.c - how fast the decode kernels stream weights from DRAM.
 *
 * bench_kernels times the kernels on matrices that fit in cache; this one
 * builds one large matrix (about 512 MB, 2048 columns, in anonymous memory
 * with transparent huge pages, as run loads models) and times matrix-vector
 * products over all of it with 1 and 2 threads of the hg_pool, either as one
 * job or as a sequence of jobs of N rows each (a decoded token is a sequence
 * of per-tensor jobs: TinyLlama's are 2048 to 11264 rows); p=2 4-bit on the free, the
 * sign-symmetric (p2s, the default) and the block grid (p2b, --grid fast), p=2 3-bit on the
 * sign-symmetric (--grid sym) and the block grid (--grid fast). Codes and scales
 * are random bytes: the speed does not depend on their values. Reports GB/s
 * of weight bytes next to the read bandwidth of a plain sum over the same
 * buffer, read as one stream per thread and as two (each thread's two halves
 * at once). Where the build has two-row kernels (hg_qmatvec8_pairs) each job
 * also runs as run decodes: rows of the job's first half paired with those of
 * its second half ("pairs"), and the same jobs in a scattered order ("p, scat":
 * every job starts cold, as in decode). Best of 5 passes; the machine may be
 * noisy, compare rows of one run.
 *   make bench   (run's flags, -O3: built at -O2 the kernels are other code and run at other speeds)
 *   bench/bench_stream [rows per job ...]      (default: all, 11264, 2048)
 * -DHG_BENCH_HEADER='"/other/higgs.h"' builds it against another version of the header.
 * Add -DHG_STREAM_LOAD_ZMM to build the kernels with one 64-byte load per code
 * vector instead of two 32-byte halves (see hg_load_stream512 in higgs.h).
 */
#define HIGGS_IMPLEMENTATION
#ifndef HG_BENCH_HEADER
#define HG_BENCH_HEADER "../higgs.h"
#endif
#include HG_BENCH_HEADER

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct {
    const hg_tensor *t;
    const hg_qinfo *q;
    const hg_act8 *a;
    const float *x;
    float *out;
    int first, chunk, rows;
    int half;                         /* > 0: task t pairs rows first + t * chunk.. with those `half` rows later */
} job;

static void job_task(void *ctx, int task, int thread) {
    (void)thread;
    job *j = (job *)ctx;
    int r0 = j->first + task * j->chunk, r1 = r0 + j->chunk;
    if (j->half) {
        if (r1 > j->first + j->half) r1 = j->first + j->half;
        hg_qmatvec8_rows2(j->out + r0, j->t, r0, j->out + r0 + j->half, j->t, r0 + j->half, r1 - r0, j->a, j->q);
        return;
    }
    if (r1 > j->first + j->rows) r1 = j->first + j->rows;
    if (j->q) hg_qmatvec8_rows(j->out, j->a, j->t, j->q, r0, r1);
    else hg_matvec_rows(j->out, j->x, j->t, r0, r1);
}

typedef struct { const float *p; size_t n; } sum_job;
static volatile float sink;
static void sum_task(void *ctx, int task, int thread) {
    (void)thread;
    sum_job *s = (sum_job *)ctx;
    size_t per = s->n / 2 / 16 * 16, lo = (size_t)task * per, hi = task ? s->n : per;
    float acc[16] = {0};
    for (size_t i = lo; i + 16 <= hi; i += 16)
        for (int k = 0; k < 16; k++) acc[k] += s->p[i + k];
    float t = 0;
    for (int k = 0; k < 16; k++) t += acc[k];
    sink = t;
}

/* the same sum, each thread's slice read as two streams (its two halves) at once */
static void sum2_task(void *ctx, int task, int thread) {
    (void)thread;
    sum_job *s = (sum_job *)ctx;
    size_t per = s->n / 2 / 32 * 32, lo = (size_t)task * per, half = per / 2;
    float acc[16] = {0}, acc2[16] = {0};
    for (size_t i = lo; i + 16 <= lo + half; i += 16)
        for (int k = 0; k < 16; k++) { acc[k] += s->p[i + k]; acc2[k] += s->p[i + half + k]; }
    float t = 0;
    for (int k = 0; k < 16; k++) t += acc[k] + acc2[k];
    sink = t;
}

int main(int argc, char **argv) {
    const int cols = 2048, rows_total = 1 << 18;     /* 2048 x 262144: 512 MiB at 8 bits per weight pair */
    int jobs[16], n_jobs = 0;
    for (int i = 1; i < argc && n_jobs < 16; i++) jobs[n_jobs++] = atoi(argv[i]);
    if (!n_jobs) { jobs[0] = rows_total; jobs[1] = 11264; jobs[2] = 2048; n_jobs = 3; }
    struct { const char *name; uint32_t type, p, bits; } cfg[] = {
        {"HIGGS p2 4-bit (int8)", HG_HIGGS, 2, 8}, {"HIGGS p2s 4-bit (int8)", HG_HIGGS, 2 | 1u << 8, 8},
        {"HIGGS p2b 4-bit (int8)", HG_HIGGS, 2 | 3u << 8, 8}, {"HIGGS p2s 3-bit (int8)", HG_HIGGS, 2 | 1u << 8, 6},
        {"HIGGS p2b 3-bit (int8)", HG_HIGGS, 2 | 3u << 8, 6},   /* the bit stream */
        {"HIGGS p2bp 3-bit (int8)", HG_HIGGS, 2 | 4u << 8, 6},  /* planar codes (--grid fast) */
        {"HIGGS p1 4-bit (int8)", HG_HIGGS, 1, 4}, {"F16", HG_F16, 0, 0}};
    float *x = malloc(cols * sizeof(float)), *out = malloc((size_t)rows_total * sizeof(float));
    for (int i = 0; i < cols; i++) x[i] = sinf((float)i);
    printf("kernels: %s, %d x %d matrices in huge-page memory\n", hg_simd_name(), rows_total, cols);
    printf("%-24s %8s %12s %10s\n", "config", "threads", "rows/job", "GB/s");
    for (size_t c = 0; c < sizeof cfg / sizeof cfg[0]; c++) {
        hg_tensor t;
        hg_qinfo q;
        memset(&t, 0, sizeof t);
        t.type = cfg[c].type; t.ndim = 2; t.rows = rows_total; t.cols = cols;
        t.shape[0] = rows_total; t.shape[1] = cols;
        int quant = cfg[c].type == HG_HIGGS;
        if (quant) {
            uint32_t params[4] = {cfg[c].p, cfg[c].bits, 1024, 1024};
            memcpy(t.params, params, sizeof params);
            if (hg_qinfo_get(HG_HIGGS, params, cols, &q)) return 1;
            t.nbytes = hg_tensor_bytes(HG_HIGGS, params, rows_total, cols);
        } else t.nbytes = (uint64_t)rows_total * cols * 2;
        t.row_bytes = t.nbytes / t.rows;
        uint8_t *d = mmap(NULL, t.nbytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (d == MAP_FAILED) { perror("mmap"); return 1; }
#ifdef MADV_HUGEPAGE
        madvise(d, t.nbytes, MADV_HUGEPAGE);
#endif
        uint64_t s = 88172645463325252ull;
        for (uint64_t i = 0; i < t.nbytes; i++) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; d[i] = (uint8_t)s; }
        uint16_t *h = (uint16_t *)d;   /* finite fp16: scales (quantized) or weights (f16) */
        uint64_t n_f16 = quant ? (uint64_t)rows_total * q.groups : (uint64_t)rows_total * cols;
        for (uint64_t i = 0; i < n_f16; i++) h[i] = hg_f32_to_f16(0.01f * (float)((i % 7) + 1));
        t.data = d;
        hg_act8 a;
        memset(&a, 0, sizeof a);
        if (quant) {
            if (hg_act8_alloc(&a, q.cols_pad, q.groups)) return 1;
            hg_prepare_act8(&q, x, &a);
        }
        for (int T = 1; T <= 2; T++) {
            hg_pool *pool = hg_pool_create(T);
            if (c == 0) {   /* the read bandwidth of the same kind of memory, same threads */
                sum_job sj = {(const float *)d, t.nbytes / 4};
                double best = 1e30;
                for (int r = 0; r < 5; r++) {
                    double t0 = now();
                    hg_pool_run(pool, sum_task, &sj, T == 1 ? 1 : 2);
                    if (T == 1) sum_task(&sj, 1, 0);
                    best = fmin(best, now() - t0);
                }
                printf("%-24s %8d %12s %10.1f\n", "read (sum)", T, "-", t.nbytes / best / 1e9);
                best = 1e30;
                for (int r = 0; r < 5; r++) {
                    double t0 = now();
                    hg_pool_run(pool, sum2_task, &sj, T == 1 ? 1 : 2);
                    if (T == 1) sum2_task(&sj, 1, 0);
                    best = fmin(best, now() - t0);
                }
                printf("%-24s %8d %12s %10.1f\n", "read (sum, 2 streams)", T, "-", t.nbytes / best / 1e9);
            }
            for (int k = 0; k < n_jobs; k++) {
                int per = jobs[k] < 16 ? 16 : jobs[k] > rows_total ? rows_total : jobs[k];
                double best = 1e30;
                for (int r = 0; r < 5; r++) {
                    double t0 = now();
                    for (int first = 0; first < rows_total; first += per) {
                        int rows = rows_total - first < per ? rows_total - first : per;
                        int chunk = T == 1 ? rows : ((rows + 12 * T - 1) / (12 * T) + 15) / 16 * 16;
                        job j = {&t, quant ? &q : NULL, &a, x, out, first, chunk, rows, 0};
                        hg_pool_run(pool, job_task, &j, (rows + chunk - 1) / chunk);
                    }
                    best = fmin(best, now() - t0);
                }
                char label[32];
                snprintf(label, sizeof label, per == rows_total ? "all" : "%d", per);
                printf("%-24s %8d %12s %10.1f\n", cfg[c].name, T, label, t.nbytes / best / 1e9);
                if (!quant || !hg_qmatvec8_pairs(&q)) continue;
                best = 1e30;
                for (int r = 0; r < 5; r++) {   /* row pairs half a job apart (per even: both halves whole) */
                    double t0 = now();
                    for (int first = 0; first < rows_total; first += per) {
                        int rows = rows_total - first < per ? rows_total - first : per, half = rows / 2;
                        int chunk = T == 1 ? half : ((half + 12 * T - 1) / (12 * T) + 7) / 8 * 8;
                        job j = {&t, &q, &a, x, out, first, chunk, rows, half};
                        hg_pool_run(pool, job_task, &j, (half + chunk - 1) / chunk);
                    }
                    best = fmin(best, now() - t0);
                }
                snprintf(label, sizeof label, per == rows_total ? "all, pairs" : "%d, pairs", per);
                printf("%-24s %8d %12s %10.1f\n", cfg[c].name, T, label, t.nbytes / best / 1e9);
                if (per == rows_total) continue;
                best = 1e30;
                for (int r = 0; r < 5; r++) {   /* the same jobs in a scattered order: every job starts cold, as in decode */
                    int n_jobs_all = (rows_total + per - 1) / per;
                    double t0 = now();
                    for (int k2 = 0; k2 < n_jobs_all; k2++) {
                        int first = (int)(((uint64_t)k2 * 7919u) % (uint64_t)n_jobs_all) * per;
                        int rows = rows_total - first < per ? rows_total - first : per, half = rows / 2;
                        int chunk = T == 1 ? half : ((half + 12 * T - 1) / (12 * T) + 7) / 8 * 8;
                        job j = {&t, &q, &a, x, out, first, chunk, rows, half};
                        hg_pool_run(pool, job_task, &j, (half + chunk - 1) / chunk);
                    }
                    best = fmin(best, now() - t0);
                }
                snprintf(label, sizeof label, "%d, p, scat", per);
                printf("%-24s %8d %12s %10.1f\n", cfg[c].name, T, label, t.nbytes / best / 1e9);
            }
            hg_pool_destroy(pool);
        }
        if (quant) hg_act8_free(&a);
        munmap(d, t.nbytes);
    }
    free(x); free(out);
    return 0;
}
