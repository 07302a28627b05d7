/* higgs.c implementation part: the thread pool and the default thread count.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* ----------------------------------------------------------- thread pool */
/* Persistent workers; the caller is thread 0 and works too. A dispatch bumps a
 * generation counter; workers spin on it for a while (decode issues thousands
 * of small matmuls a second, and a futex wake per matmul costs more than the
 * work) and then sleep on their own condition variable, so an idle process
 * uses no CPU. The spin limit is time, not iterations: 20000 spins took ~9 us
 * on a Zen 5, less than the gap between two of decode's jobs, and spinning up
 * to 1 ms decoded 1-8% faster in alternating runs on an idle machine.
 *
 * Tasks are split into one contiguous range per thread, each with its own
 * counter on its own cache line: a thread takes its tasks in order (one stream
 * through memory, and a counter no other core touches) and only then takes
 * what is left of the others' ranges from the back. One shared counter made
 * every task move a cache line between cores, ~10 us per matrix-vector job on
 * a 2-vCPU VM.
 *
 * On a busy machine a worker can be descheduled for a whole time slice (ms),
 * and a job waits for every task it has claimed. So:
 *  - a job is done when its tasks are done (a count), not when every worker
 *    has checked in: a worker that never woke costs nothing, others took its
 *    range;
 *  - the caller and the workers spin briefly, then block;
 *  - the pool adapts how many threads take part, judging windows of
 *    HG_WINDOW jobs by their wall time. Two signals:
 *    lost time: the caller's wait after its own share beyond what an uneven
 *    last task explains (HG_STALL_NS or a quarter of its own working time) is
 *    time lost to a descheduled thread; when more than 1/HG_LOST_PART of the
 *    recent windows' time was lost (a decaying sum, weight 3/4 per window,
 *    judged from the second window at a count on), a thread drops at once.
 *    The sum, not one window: an idle virtual machine also loses a vCPU for a
 *    few ms now and then (once in ~20 windows), which cost 12% of a window and
 *    dropped two threads to one, 0.85x the decode speed.
 *    trials: a descheduled worker whose range the caller took costs no wait
 *    but gives no speed either (seen under a light load: two threads half as
 *    fast as one, with nothing lost), so from time to time the pool tries one
 *    thread more (or, with all taking part, one fewer) for a settling window
 *    and HG_TRIAL_WINDOWS measured ones, and keeps the count whose windows
 *    were faster (by HG_TRIAL_GAIN). A failed trial doubles the wait before
 *    the next (HG_PROBE_NS up to HG_PROBE_MAX_NS). With all threads taking
 *    part, a trial of one fewer needs a sign that a worker lags: the caller
 *    took more than 1/HG_TAKEN_PART of the recent tasks from others' ranges
 *    (on an idle machine it takes 1-3%, from uneven ends). Without that gate
 *    the trials ran a 200-token decode at one thread for a tenth of its time.
 *    Decode repeats the same jobs every token, so windows of 128 jobs compare
 *    like with like. */

#ifndef HG_NO_THREADS
#include <sched.h>

#ifndef HG_SPIN_NS
#define HG_SPIN_NS 1000000          /* spin this long before blocking, while jobs finish on time */
#endif
#define HG_SPIN_BUSY_NS 20000       /* ... and this long once stalls were seen */
#define HG_STALL_NS 200000          /* a wait up to this long after the caller's own share is no loss */
#define HG_WINDOW 128               /* jobs per verdict */
#define HG_LOST_PART 10             /* losing more than 1/10 of the recent windows' time drops a thread */
#define HG_LOSS_WINDOWS 2           /* windows at a count before its losses are judged */
#define HG_TAKEN_PART 8             /* with all threads on, a trial of one fewer needs the caller to have taken 1/8 of the tasks from others' ranges */
#define HG_TRIAL_WINDOWS 2          /* measured windows per trial (after one to settle) */
#define HG_TRIAL_GAIN 0.97          /* a trial count is kept when its windows took < 0.97x the time */
#define HG_PROBE_NS 200000000ull    /* the wait before a trial, doubled after each failed one ... */
#define HG_PROBE_MAX_NS 3200000000ull   /* ... up to this */
#define HG_FIRST_TRIAL_NS 1000000000ull /* no trial of one thread fewer in the first second */

/* a thread's range of tasks, lo..hi-1, in one word (hi << 32 | lo): its owner takes
 * tasks from the front (fetch-add on lo), others take from the back (CAS on hi) */
typedef struct { _Alignas(64) atomic_uint_least64_t w; char pad[64 - sizeof(atomic_uint_least64_t)]; } hg_pool_range;

typedef struct {                    /* one per worker: where it sleeps */
    pthread_cond_t cv;
    atomic_int sleeping;
} hg_pool_bed;

struct hg_pool {
    int n;                          /* threads, the caller included */
    pthread_t *threads;             /* [n], [0] unused */
    hg_pool_range *range;           /* [n]: thread i's unclaimed tasks */
    hg_pool_bed *bed;               /* [n], [0] unused */
    pthread_mutex_t mu;
    pthread_mutex_t run_mu;         /* one job at a time: callers in several threads (sessions) queue here */
    pthread_cond_t done_cv;         /* the caller sleeps here */
    atomic_int caller_sleeping;
    atomic_uint gen;                /* bumped once per job */
    atomic_int remaining;           /* tasks of this job not yet finished */
    atomic_int active;              /* threads taking part: 1..n */
    atomic_int quit;
    atomic_uint_least64_t spin_ns;
    hg_task_fn fn;
    void *ctx;
    /* the caller's bookkeeping for adapting `active` (hg_pool_adapt) */
    int window_jobs;
    uint64_t window_ns, window_lost_ns;   /* this window's wall time, and the part lost to stalls */
    uint64_t recent_ns, recent_lost_ns;   /* the same, summed over the windows at this count, each x3/4 per window */
    uint64_t window_tasks, window_taken;  /* this window's tasks, and those the caller took from others' ranges */
    uint64_t recent_tasks, recent_taken;  /* the same, summed as recent_ns */
    int windows_at_count;                 /* windows since `active` last changed */
    uint64_t base_ns;                     /* recent windows' time at this count (halved each window) */
    int trial_from, trial_windows;        /* a trial: the count it left (0: none), windows seen */
    uint64_t trial_ns;                    /* the trial's measured windows' time */
    uint64_t next_trial_ns, backoff_ns;
};

typedef struct { hg_pool *p; int id; } hg_worker_arg;

static uint64_t hg_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void hg_pool_finished(hg_pool *p, int n_done) {
    if (!n_done) return;
    if (atomic_fetch_sub(&p->remaining, n_done) == n_done && atomic_load(&p->caller_sleeping)) {
        pthread_mutex_lock(&p->mu);
        pthread_cond_signal(&p->done_cv);
        pthread_mutex_unlock(&p->mu);
    }
}

/* Runs tasks until none is left unclaimed. The claims acquire what the caller
 * released with the ranges, so fn and ctx are the job's even for a worker that
 * woke late: any task it claims belongs to the job now published. */
static int hg_pool_work(hg_pool *p, int thread) {
    int n = atomic_load_explicit(&p->active, memory_order_relaxed), done = 0, taken = 0;
    hg_pool_range *own = &p->range[thread];
    for (;;) {                                /* own range from the front: one stream through memory */
        uint64_t v = atomic_fetch_add_explicit(&own->w, 1, memory_order_acquire);
        if ((uint32_t)v >= (uint32_t)(v >> 32)) break;
        p->fn(p->ctx, (int)(uint32_t)v, thread);
        done++;
    }
    hg_pool_finished(p, done);
    for (int k = 1; k < n; k++) {             /* then the others' from the back, so that their owners' streams go on */
        hg_pool_range *r = &p->range[(thread + k) % n];
        uint64_t v = atomic_load_explicit(&r->w, memory_order_acquire);
        for (;;) {
            uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
            if (lo >= hi) break;
            if (atomic_compare_exchange_weak_explicit(&r->w, &v, (uint64_t)(hi - 1) << 32 | lo, memory_order_acquire,
                                                      memory_order_acquire)) {
                p->fn(p->ctx, (int)(hi - 1), thread);
                hg_pool_finished(p, 1);
                taken++;
                v = atomic_load_explicit(&r->w, memory_order_acquire);
            }
        }
    }
    return taken;
}

static int hg_worker_idle(hg_pool *p, int id, unsigned seen) {
    return (atomic_load_explicit(&p->gen, memory_order_acquire) == seen || id >= atomic_load(&p->active)) &&
           !atomic_load(&p->quit);
}

static void *hg_worker(void *arg) {
    hg_worker_arg a = *(hg_worker_arg *)arg;
    free(arg);
    hg_pool *p = a.p;
    hg_pool_bed *bed = &p->bed[a.id];
    unsigned seen = 0;                /* the generation at creation: a late start must not skip a dispatch */
    for (;;) {
        unsigned spins = 0;
        uint64_t until = 0;
        while (hg_worker_idle(p, a.id, seen)) {
            if (a.id < atomic_load(&p->active) && ++spins % 1024) continue;   /* the clock every 1024 spins */
            uint64_t t = hg_now_ns();
            if (!until) until = t + atomic_load_explicit(&p->spin_ns, memory_order_relaxed);
            if (t > until || a.id >= atomic_load(&p->active)) {
                pthread_mutex_lock(&p->mu);
                atomic_store(&bed->sleeping, 1);
                while (hg_worker_idle(p, a.id, seen)) pthread_cond_wait(&bed->cv, &p->mu);
                atomic_store(&bed->sleeping, 0);
                pthread_mutex_unlock(&p->mu);
            }
        }
        if (atomic_load(&p->quit)) return NULL;
        seen = atomic_load(&p->gen);
        hg_pool_work(p, a.id);
    }
}

hg_pool *hg_pool_create(int n_threads) {
    hg_pool *p = (hg_pool *)calloc(1, sizeof *p);
    if (!p) return NULL;
    p->n = n_threads < 1 ? 1 : n_threads;
    pthread_mutex_init(&p->mu, NULL);
    pthread_mutex_init(&p->run_mu, NULL);
    pthread_cond_init(&p->done_cv, NULL);
    p->threads = (pthread_t *)calloc((size_t)p->n, sizeof(pthread_t));
    p->bed = (hg_pool_bed *)calloc((size_t)p->n, sizeof(hg_pool_bed));
    p->range = (hg_pool_range *)aligned_alloc(64, (size_t)p->n * sizeof(hg_pool_range));
    if (!p->threads || !p->range || !p->bed) { free(p->threads); free(p->range); free(p->bed); free(p); return NULL; }
    for (int i = 0; i < p->n; i++) {
        atomic_init(&p->range[i].w, 0);
        pthread_cond_init(&p->bed[i].cv, NULL);
    }
    atomic_init(&p->spin_ns, HG_SPIN_NS);
    p->backoff_ns = HG_PROBE_NS;
    for (int i = 1; i < p->n; i++) {
        hg_worker_arg *a = (hg_worker_arg *)malloc(sizeof *a);
        if (!a) { p->n = i; break; }
        a->p = p;
        a->id = i;
        if (pthread_create(&p->threads[i], NULL, hg_worker, a)) { free(a); p->n = i; break; }
    }
    atomic_init(&p->active, p->n);
    return p;
}

static void hg_pool_set_active(hg_pool *p, int active, uint64_t spin) {
    p->recent_ns = p->recent_lost_ns = p->recent_tasks = p->recent_taken = 0;
    p->windows_at_count = 0;
    atomic_store(&p->active, active);
    atomic_store(&p->spin_ns, spin);
}

/* a trial ended: keep its count if its windows were faster, else go back and wait longer */
static void hg_pool_trial_verdict(hg_pool *p, uint64_t now) {
    double before = (double)p->base_ns * HG_TRIAL_WINDOWS, during = (double)p->trial_ns;
    if (during < HG_TRIAL_GAIN * before) {
        p->backoff_ns = HG_PROBE_NS;
        p->base_ns = p->trial_ns / HG_TRIAL_WINDOWS;
    } else {
        hg_pool_set_active(p, p->trial_from, p->trial_from < p->n ? HG_SPIN_BUSY_NS : HG_SPIN_NS);
        if (p->backoff_ns < HG_PROBE_MAX_NS) p->backoff_ns *= 2;
    }
    p->trial_from = 0;
    p->next_trial_ns = now + p->backoff_ns;
}

/* The caller's verdict on one job (own_ns: its own share, wait_ns: then waiting for
 * the others): see the section comment. */
static void hg_pool_adapt(hg_pool *p, int tasks, int taken, uint64_t own_ns, uint64_t wait_ns, uint64_t now) {
    uint64_t explained = own_ns / 4 > HG_STALL_NS ? own_ns / 4 : HG_STALL_NS;
    p->window_tasks += (uint64_t)tasks;
    p->window_taken += (uint64_t)taken;
    p->window_ns += own_ns + wait_ns;
    p->window_lost_ns += wait_ns > explained ? wait_ns - explained : 0;
    if (++p->window_jobs < HG_WINDOW) return;
    int active = atomic_load(&p->active);
    p->recent_ns = p->recent_ns / 4 * 3 + p->window_ns;
    p->recent_lost_ns = p->recent_lost_ns / 4 * 3 + p->window_lost_ns;
    p->recent_tasks = p->recent_tasks / 4 * 3 + p->window_tasks;
    p->recent_taken = p->recent_taken / 4 * 3 + p->window_taken;
    int lossy = ++p->windows_at_count >= HG_LOSS_WINDOWS && p->recent_lost_ns * HG_LOST_PART > p->recent_ns;
    if (!p->next_trial_ns) p->next_trial_ns = now + HG_FIRST_TRIAL_NS;
    if (lossy && active > 1) {                /* stalls: one thread fewer now, no trial needed */
        hg_pool_set_active(p, active - 1, HG_SPIN_BUSY_NS);
        p->base_ns = 0;
        if (p->trial_from && p->backoff_ns < HG_PROBE_MAX_NS) p->backoff_ns *= 2;
        p->trial_from = 0;
        p->next_trial_ns = now + p->backoff_ns;
    } else if (p->trial_from) {               /* a trial: one window to settle, then the measured ones */
        if (p->trial_windows++ > 0) p->trial_ns += p->window_ns;
        if (p->trial_windows > HG_TRIAL_WINDOWS) hg_pool_trial_verdict(p, now);
    } else {
        p->base_ns = p->base_ns ? (p->base_ns + p->window_ns) / 2 : p->window_ns;
        /* one thread fewer is tried only when the caller has been doing others' work */
        int lagging = p->recent_taken * HG_TAKEN_PART > p->recent_tasks;
        if (now > p->next_trial_ns && p->n > 1 && (active < p->n || lagging)) {
            int to = active < p->n ? active + 1 : active - 1;
            p->trial_from = active;
            p->trial_windows = 0;
            p->trial_ns = 0;
            hg_pool_set_active(p, to, to < p->n ? HG_SPIN_BUSY_NS : HG_SPIN_NS);
        }
    }
    p->window_jobs = 0;
    p->window_ns = p->window_lost_ns = p->window_tasks = p->window_taken = 0;
}

static void hg_pool_wait(hg_pool *p) {
    uint64_t until = 0;
    unsigned spins = 0;
    while (atomic_load_explicit(&p->remaining, memory_order_acquire) > 0) {
        if (++spins % 1024) continue;
        uint64_t t = hg_now_ns();
        if (!until) until = t + atomic_load_explicit(&p->spin_ns, memory_order_relaxed);
        if (t < until) continue;
        pthread_mutex_lock(&p->mu);
        atomic_store(&p->caller_sleeping, 1);
        while (atomic_load(&p->remaining) > 0) pthread_cond_wait(&p->done_cv, &p->mu);
        atomic_store(&p->caller_sleeping, 0);
        pthread_mutex_unlock(&p->mu);
    }
}

void hg_pool_run(hg_pool *p, hg_task_fn fn, void *ctx, int n_tasks) {
    if (!p || p->n == 1 || n_tasks <= 1) {
        for (int t = 0; t < n_tasks; t++) fn(ctx, t, 0);
        return;
    }
    pthread_mutex_lock(&p->run_mu);           /* another thread's job first (uncontended: ~20 ns) */
    int n = atomic_load(&p->active);
    if (n == 1) {                             /* the others dropped out: no dispatch, no wait */
        uint64_t t0 = hg_now_ns();
        for (int t = 0; t < n_tasks; t++) fn(ctx, t, 0);
        uint64_t t1 = hg_now_ns();
        hg_pool_adapt(p, n_tasks, 0, t1 - t0, 0, t1);
        pthread_mutex_unlock(&p->run_mu);
        return;
    }
    p->fn = fn;
    p->ctx = ctx;
    atomic_store(&p->remaining, n_tasks);
    for (int i = 0; i < n; i++) {             /* released: a claim of any of these sees fn, ctx and remaining */
        uint64_t lo = (uint64_t)((int64_t)n_tasks * i / n), hi = (uint64_t)((int64_t)n_tasks * (i + 1) / n);
        atomic_store_explicit(&p->range[i].w, hi << 32 | lo, memory_order_release);
    }
    atomic_fetch_add(&p->gen, 1);             /* seq_cst: ordered before the sleeping flags read below */
    for (int i = 1; i < n; i++)
        if (atomic_load(&p->bed[i].sleeping)) {
            pthread_mutex_lock(&p->mu);
            pthread_cond_signal(&p->bed[i].cv);
            pthread_mutex_unlock(&p->mu);
        }
    uint64_t t0 = hg_now_ns();
    int taken = hg_pool_work(p, 0);
    uint64_t t1 = hg_now_ns();
    hg_pool_wait(p);
    uint64_t t2 = hg_now_ns();
    hg_pool_adapt(p, n_tasks, taken, t1 - t0, t2 - t1, t2);
    pthread_mutex_unlock(&p->run_mu);
}

/* The default thread count: the CPUs this process may run on (its affinity
 * mask, as `taskset` and container cpusets set it), capped by a cgroup CPU
 * quota rounded up (`docker --cpus 1.5` gives 2). sysconf's count of online
 * CPUs ignores both, and threads beyond the CPUs we get only wait on each other. */
static int hg_read_long_pair(const char *path, long *a, long *b) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char s[64] = "";
    int ok = fscanf(f, "%63s %ld", s, b) == 2;
    fclose(f);
    if (!ok) return 0;
    *a = strcmp(s, "max") ? strtol(s, NULL, 10) : -1;
    return 1;
}

/* CPUs allowed by the quota of a cgroup directory, 0 when it sets none */
static int hg_cgroup_dir_cpus(const char *dir, int v2) {
    char path[4400];
    long quota = -1, period = 0;
    if (v2) {
        if (snprintf(path, sizeof path, "%s/cpu.max", dir) >= (int)sizeof path) return 0;
        if (!hg_read_long_pair(path, &quota, &period)) return 0;
    } else {
        FILE *f;
        if (snprintf(path, sizeof path, "%s/cpu.cfs_quota_us", dir) >= (int)sizeof path) return 0;
        if (!(f = fopen(path, "r"))) return 0;
        if (fscanf(f, "%ld", &quota) != 1) quota = -1;
        fclose(f);
        if (snprintf(path, sizeof path, "%s/cpu.cfs_period_us", dir) >= (int)sizeof path) return 0;
        if (!(f = fopen(path, "r"))) return 0;
        if (fscanf(f, "%ld", &period) != 1) period = 0;
        fclose(f);
    }
    if (quota <= 0 || period <= 0) return 0;
    return (int)((quota + period - 1) / period);
}

/* The tightest CPU quota on the way from this process's cgroup up to the
 * root, under `root` (normally /sys/fs/cgroup); 0 when none is set. */
int hg_cgroup_cpus(const char *root) {
    FILE *f = fopen("/proc/self/cgroup", "r");
    if (!f) return 0;
    char line[4096], dir[4400];
    int best = 0;
    while (fgets(line, sizeof line, f)) {
        char *ctrl = strchr(line, ':'), *path = ctrl ? strchr(ctrl + 1, ':') : NULL;
        if (!path) continue;
        *path++ = 0;
        path[strcspn(path, "\n")] = 0;
        int v2 = !strcmp(ctrl + 1, "");
        const char *c = ctrl + 1;     /* v1: a controller list such as "cpu,cpuacct" */
        if (!v2 && !strstr(c, "cpu")) continue;
        for (int depth = 0;; depth++) {           /* this cgroup, then each parent */
            if (v2) snprintf(dir, sizeof dir, "%s%s", root, path);
            else snprintf(dir, sizeof dir, "%s/%s%s", root, c, path);
            int cpus = hg_cgroup_dir_cpus(dir, v2);
            if (!cpus && !v2) {                   /* v1 mounts also as "cpu" alone, or at the container's own root */
                snprintf(dir, sizeof dir, "%s/cpu%s", root, path);
                cpus = hg_cgroup_dir_cpus(dir, v2);
            }
            if (cpus && (!best || cpus < best)) best = cpus;
            char *slash = strrchr(path, '/');
            if (!slash || depth > 64) break;
            if (slash == path) {
                if (!path[1]) break;              /* the root itself was read */
                path[1] = 0;
            } else *slash = 0;
        }
    }
    fclose(f);
    return best;
}

int hg_default_threads(void) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
#if defined(__linux__) && defined(CPU_COUNT)
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) n = CPU_COUNT(&set);
#endif
    int quota = hg_cgroup_cpus("/sys/fs/cgroup");
    if (quota > 0 && quota < n) n = quota;
    return n > 0 ? (int)n : 1;
}

int hg_pool_threads(const hg_pool *p) { return p ? p->n : 1; }
int hg_pool_active(const hg_pool *p) { return p ? atomic_load(&((hg_pool *)p)->active) : 1; }

void hg_pool_destroy(hg_pool *p) {
    if (!p) return;
    pthread_mutex_lock(&p->mu);
    atomic_store(&p->quit, 1);
    for (int i = 1; i < p->n; i++) pthread_cond_signal(&p->bed[i].cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 1; i < p->n; i++) pthread_join(p->threads[i], NULL);
    for (int i = 0; i < p->n; i++) pthread_cond_destroy(&p->bed[i].cv);
    pthread_mutex_destroy(&p->mu);
    pthread_mutex_destroy(&p->run_mu);
    pthread_cond_destroy(&p->done_cv);
    free(p->threads);
    free(p->range);
    free(p->bed);
    free(p);
}
#else
struct hg_pool { int n; };
hg_pool *hg_pool_create(int n_threads) { (void)n_threads; hg_pool *p = (hg_pool *)calloc(1, sizeof *p); if (p) p->n = 1; return p; }
void hg_pool_run(hg_pool *p, hg_task_fn fn, void *ctx, int n_tasks) { (void)p; for (int t = 0; t < n_tasks; t++) fn(ctx, t, 0); }
int hg_pool_threads(const hg_pool *p) { (void)p; return 1; }
int hg_pool_active(const hg_pool *p) { (void)p; return 1; }
int hg_default_threads(void) { return 1; }
int hg_cgroup_cpus(const char *root) { (void)root; return 0; }
void hg_pool_destroy(hg_pool *p) { free(p); }
#endif

