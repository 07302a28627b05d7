/* The thread pool and the default thread count: every task runs exactly once
 * and is finished when hg_pool_run returns (over thousands of jobs of many
 * sizes, with more threads than cores); a pool whose workers keep stalling
 * drops to fewer threads and takes one back when the stalls stop; the cgroup
 * CPU quota is read from a fake cgroup tree laid out like this process's own
 * (/proc/self/cgroup). PASS/FAIL lines. */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

#include <stdio.h>
#include <stdlib.h>

static int passes, failures;
static void check(int ok, const char *name, const char *detail) {
    if (ok) { passes++; printf("PASS %s\n", name); }
    else { failures++; printf("FAIL %s: %s\n", name, detail); }
}

typedef struct {
    atomic_int *count;        /* [n_tasks] runs of each task */
    atomic_int bad_thread;
    int n_threads;
    int stall_us;             /* workers (thread > 0) sleep this long in every task */
} Job;

static void count_task(void *ctx, int task, int thread) {
    Job *j = (Job *)ctx;
    if (thread < 0 || thread >= j->n_threads) atomic_store(&j->bad_thread, 1);
    if (j->stall_us) {                            /* every task works 20 us, so that workers get some */
        uint64_t t0 = hg_now_ns();
        while (hg_now_ns() - t0 < 20000) { }
        struct timespec ts = {0, (long)j->stall_us * 1000};
        if (thread > 0) nanosleep(&ts, NULL);
    }
    atomic_fetch_add(&j->count[task], 1);
}

/* one job of n tasks; 1 when every task ran once and no thread index was out of range */
static int run_once(hg_pool *p, Job *j, int n) {
    for (int t = 0; t < n; t++) atomic_store(&j->count[t], 0);
    hg_pool_run(p, count_task, j, n);
    int ok = !atomic_load(&j->bad_thread);
    for (int t = 0; t < n; t++) ok &= atomic_load(&j->count[t]) == 1;
    return ok;
}

static void test_exactly_once(int threads, int jobs) {
    hg_pool *p = hg_pool_create(threads);
    Job j = {calloc(512, sizeof(atomic_int)), 0, hg_pool_threads(p), 0};
    int bad = -1;
    uint64_t r = 88172645463325252ull;
    for (int k = 0; k < jobs && bad < 0; k++) {
        r ^= r << 13; r ^= r >> 7; r ^= r << 17;
        int n = (int)(r % 512);                   /* 0..511 tasks, 1 and fewer than threads among them */
        if (!run_once(p, &j, n)) bad = k;
    }
    char name[96], detail[96];
    snprintf(name, sizeof name, "pool: %d jobs on %d threads, every task once", jobs, threads);
    snprintf(detail, sizeof detail, "job %d had a task run not exactly once or a bad thread index", bad);
    check(bad < 0 && hg_pool_threads(p) == threads, name, detail);
    hg_pool_destroy(p);
    free(j.count);
}

/* workers that sleep in every task look like descheduled ones: the pool must
 * drop them (the caller then runs alone) and, once they stop, take them back */
static void test_adapts(void) {
    hg_pool *p = hg_pool_create(4);
    Job j = {calloc(64, sizeof(atomic_int)), 0, 4, 2000};
    int ok = 1, jobs = 0;
    for (; jobs < 3000 && hg_pool_active(p) > 1; jobs++) ok &= run_once(p, &j, 64);
    char detail[96];
    snprintf(detail, sizeof detail, "still %d threads after %d stalled jobs", hg_pool_active(p), jobs);
    check(ok && hg_pool_active(p) == 1, "pool: stalling workers are dropped", detail);
    j.stall_us = 0;
    uint64_t t0 = hg_now_ns();
    /* on a machine of 2 or more CPUs, a second thread makes these jobs faster: the pool's trials
     * must find it (it need not take all 4 back where fewer CPUs are idle) */
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    while (hg_pool_active(p) < 2 && cpus >= 2 && hg_now_ns() - t0 < 20000000000ull) ok &= run_once(p, &j, 64);
    snprintf(detail, sizeof detail, "%d threads 20 s after the stalls stopped", hg_pool_active(p));
    check(ok && (hg_pool_active(p) >= 2 || cpus < 2), "pool: threads come back when the stalls stop", detail);
    hg_pool_destroy(p);
    free(j.count);
}

/* The pool's verdicts on synthetic timings (hg_pool_adapt, as hg_pool_run calls it after each job),
 * so that they do not depend on this machine's load: 128-job windows of 2-thread jobs, each the
 * caller's 60 us share and a 10 us wait. */
static int adapt_windows(hg_pool *p, int windows, int stall_every, uint64_t stall_ns, int taken_per_job,
                         uint64_t *now, int *fewest) {
    for (int w = 0; w < windows; w++)
        for (int k = 0; k < HG_WINDOW; k++) {
            uint64_t wait = stall_every && w % stall_every == stall_every / 2 && k == 5 ? stall_ns : 10000;
            *now += 60000 + wait;
            hg_pool_adapt(p, 64, taken_per_job, 60000, wait, *now);
            if (hg_pool_active(p) < *fewest) *fewest = hg_pool_active(p);
        }
    return hg_pool_active(p);
}

static void test_adapt_verdicts(void) {
    char detail[128];
    uint64_t now = 1000000000ull;
    /* a vCPU gone for 3 ms once in 20 windows (an idle virtual machine): 31% of that window, but
     * not of the recent ones, and the caller took nothing from the worker: two threads stay two,
     * and no trial of one fewer runs */
    hg_pool *p = hg_pool_create(2);
    int fewest = 2;
    adapt_windows(p, 400, 20, 3000000, 0, &now, &fewest);
    snprintf(detail, sizeof detail, "dropped to %d threads over 400 windows with a 3 ms stall in every 20th", fewest);
    check(fewest == 2, "pool: a rare stall and no lagging worker keep two threads", detail);
    /* the same stall in every window: a third of the time lost, one thread fewer */
    fewest = 2;
    adapt_windows(p, 4, 1, 3000000, 0, &now, &fewest);
    snprintf(detail, sizeof detail, "still %d threads after 4 windows each losing a third of its time", fewest);
    check(fewest == 1, "pool: stalls in every window drop a thread", detail);
    hg_pool_destroy(p);
    /* a worker that lags (the caller takes a quarter of the tasks from its range), with no wait
     * to see: after the first second the pool tries one thread fewer */
    p = hg_pool_create(2);
    fewest = 2;
    adapt_windows(p, 400, 0, 0, 16, &now, &fewest);
    snprintf(detail, sizeof detail, "fewest %d threads over 400 windows of a lagging worker", fewest);
    check(fewest == 1, "pool: a lagging worker gets a trial of one thread fewer", detail);
    hg_pool_destroy(p);
}

static int write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    if (!f) return 0;
    fputs(text, f);
    return fclose(f) == 0;
}

static void mkdirs(const char *path) {
    char tmp[4400];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *s = tmp + 1; *s; s++)
        if (*s == '/') { *s = 0; mkdir(tmp, 0755); *s = '/'; }
    mkdir(tmp, 0755);
}

/* Lays a fake tree under root with the quota files of every hierarchy this
 * process is in: v1 "cpu" controllers get quota/period (cfs), v2 cpu.max. */
static int fake_cgroups(const char *root, const char *v1_quota, const char *v2_max, int *has_v1, int *has_v2) {
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f) return 0;
    char line[4096], dir[4400], file[4600];
    *has_v1 = *has_v2 = 0;
    while (fgets(line, sizeof line, f)) {
        char *ctrl = strchr(line, ':'), *path = ctrl ? strchr(ctrl + 1, ':') : NULL;
        if (!path) continue;
        *path++ = 0;
        path[strcspn(path, "\n")] = 0;
        if (!strcmp(ctrl + 1, "")) {
            if (!v2_max) continue;
            snprintf(dir, sizeof dir, "%s%s", root, path);
            mkdirs(dir);
            snprintf(file, sizeof file, "%s/cpu.max", dir);
            *has_v2 = write_file(file, v2_max);
        } else if (strstr(ctrl + 1, "cpu") && v1_quota) {
            snprintf(dir, sizeof dir, "%s/%s%s", root, ctrl + 1, path);
            mkdirs(dir);
            snprintf(file, sizeof file, "%s/cpu.cfs_quota_us", dir);
            *has_v1 = write_file(file, v1_quota);
            snprintf(file, sizeof file, "%s/cpu.cfs_period_us", dir);
            *has_v1 &= write_file(file, "100000\n");
        }
    }
    fclose(f);
    return 1;
}

/* the quota read from a fresh fake tree with these files (NULL: none of that version) */
static int quota_of(const char *v1_quota, const char *v2_max, int *laid) {
    char root[] = "/tmp/hg_cgroup_XXXXXX", cmd[128];
    if (!mkdtemp(root)) return -1;
    int v1 = 0, v2 = 0;
    fake_cgroups(root, v1_quota, v2_max, &v1, &v2);
    *laid = (!v1_quota || v1) && (!v2_max || v2);
    int got = hg_cgroup_cpus(root);
    snprintf(cmd, sizeof cmd, "rm -rf %s", root);
    if (system(cmd)) printf("note: could not remove %s\n", root);
    return got;
}

static void test_cgroup_quota(void) {
    int laid, got, any = 0;
    char detail[128];
    got = quota_of(NULL, NULL, &laid);
    check(got == 0, "cgroup quota: an empty tree sets no limit", "a limit was read from nothing");
    if ((got = quota_of("150000\n", NULL, &laid)) >= 0 && laid) {
        any = 1;
        snprintf(detail, sizeof detail, "cgroup v1 quota 150000/100000 read as %d CPUs", got);
        check(got == 2, "cgroup quota: v1 1.5 CPUs rounds up to 2", detail);
        got = quota_of("-1\n", NULL, &laid);
        snprintf(detail, sizeof detail, "v1 quota -1 read as %d CPUs", got);
        check(got == 0, "cgroup quota: v1 -1 is no limit", detail);
    }
    if ((got = quota_of(NULL, "max 100000\n", &laid)) >= 0 && laid) {
        any = 1;
        snprintf(detail, sizeof detail, "v2 \"max\" read as %d CPUs", got);
        check(got == 0, "cgroup quota: v2 max is no limit", detail);
        got = quota_of(NULL, "50000 100000\n", &laid);
        snprintf(detail, sizeof detail, "v2 0.5 CPUs read as %d", got);
        check(got == 1, "cgroup quota: v2 half a CPU is one thread", detail);
        got = quota_of("400000\n", "250000 100000\n", &laid);
        snprintf(detail, sizeof detail, "v1 4 CPUs and v2 2.5 CPUs read as %d", got);
        if (laid) check(got == 3, "cgroup quota: the tightest of v1 and v2", detail);
    }
    if (!any) check(0, "cgroup quota", "this process is in no cgroup hierarchy to imitate");
    int n = hg_default_threads();
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    snprintf(detail, sizeof detail, "%d default threads with %ld CPUs online", n, online);
    check(n >= 1 && n <= online, "default threads: at least 1, at most the CPUs online", detail);
}

int main(void) {
    test_exactly_once(2, 20000);
    test_exactly_once(3, 5000);
    test_exactly_once(8, 3000);                   /* more threads than this machine's cores */
    test_adapts();
    test_adapt_verdicts();
    test_cgroup_quota();
    printf("%d passed, %d failed\n", passes, failures);
    return failures ? 1 : 0;
}
