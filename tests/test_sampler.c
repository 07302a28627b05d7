/* test_sampler.c - the sampler (src/sampler.h) against references written here.
 * Nucleus (top-p): sort descending, take tokens until their sum (in double) exceeds topp; checks
 * the selected set (as a multiset of probabilities: tied tokens are interchangeable), its mass, and
 * that walking coins over [0, 1) picks each nucleus token with frequency p / mass and nothing else.
 * Top-k and min-p: the same frequencies over the k most probable tokens, or those at least min_p
 * times the most probable one. Penalties: llama.cpp's formulas applied here to the logits of the
 * last penalty_last_n accepted tokens.
 *   cc -O2 -std=c11 -D_GNU_SOURCE -o tests/test_sampler tests/test_sampler.c -lm -lpthread
 */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

static int passed, failed;
static void check(int ok, const char *name, const char *detail) {
    if (ok) { passed++; printf("PASS %s\n", name); }
    else { failed++; printf("FAIL %s: %s\n", name, detail); }
}

static int by_prob_desc(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x > y ? -1 : x < y ? 1 : 0;
}

static unsigned long long rng = 88172645463325252ull;
static double uniform01(void) { return (random_u32(&rng) >> 8) / 16777216.0; }
static double normal01(void) {
    double u = uniform01() + 1e-12, v = uniform01();
    return sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v);
}

/* probabilities from logits of scale `sigma`; levels > 0 rounds logits to that many values (ties) */
static void make_probs(float *p, int n, double sigma, int levels) {
    for (int i = 0; i < n; i++) {
        double z = sigma * normal01();
        if (levels > 0) z = floor(z * levels / (sigma * 8.0)) * (sigma * 8.0) / levels;
        p[i] = (float)z;
    }
    softmax(p, n);
}

/* 1: nucleus() agrees with the reference; 0: it does not; 2: too close to call
 * (a prefix sum within float rounding of topp) */
static int compare_one(const float *p, int n, float topp, ProbIndex *pi, char *why, size_t whylen) {
    double *sorted = malloc((size_t)n * sizeof(double)), *got = malloc((size_t)n * sizeof(double));
    const float cutoff = n > 1 ? (1.0f - topp) / (float)(n - 1) : 0.0f;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (p[i] >= cutoff) sorted[m++] = p[i];
    qsort(sorted, (size_t)m, sizeof(double), by_prob_desc);
    double cum = 0, near = 1;
    int kref = m;
    for (int i = 0; i < m; i++) {
        cum += sorted[i];
        near = fmin(near, fabs(cum - topp));
        if (cum > topp) { kref = i + 1; break; }
    }
    float mass;
    int k = nucleus(p, n, topp, pi, &mass);
    int status = 1;
    if (near < 1e-9) status = 2;
    else if (k != kref) { snprintf(why, whylen, "n=%d topp=%g: %d tokens, reference %d", n, topp, k, kref); status = 0; }
    else {
        for (int i = 0; i < k; i++) got[i] = pi[i].prob;
        qsort(got, (size_t)k, sizeof(double), by_prob_desc);
        double refmass = 0;
        for (int i = 0; i < k; i++) {
            refmass += sorted[i];
            if (got[i] != sorted[i]) { snprintf(why, whylen, "n=%d topp=%g: token %d of the set has p %g, reference %g", n, topp, i, got[i], sorted[i]); status = 0; break; }
        }
        if (status == 1 && fabs(mass - refmass) > 1e-5) { snprintf(why, whylen, "n=%d topp=%g: mass %g, reference %g", n, topp, mass, refmass); status = 0; }
        /* the set is distinct tokens */
        for (int i = 0; status == 1 && i < k; i++)
            if (pi[i].index < 0 || pi[i].index >= n || p[pi[i].index] != pi[i].prob) { snprintf(why, whylen, "bad entry %d", i); status = 0; }
    }
    free(sorted); free(got);
    return status;
}

static void test_sets(void) {
    const int sizes[] = {1, 2, 3, 10, 257, 1000, 32000};
    const float topps[] = {0.05f, 0.5f, 0.9f, 0.99f};
    const double sigmas[] = {0.05, 1.0, 3.0, 12.0};
    const int levels[] = {0, 0, 3, 40};   /* rounded logits: many exact ties */
    float *p = malloc(32000 * sizeof(float));
    ProbIndex *pi = malloc(32000 * sizeof(ProbIndex));
    char why[256] = "", name[128];
    for (int a = 0; a < 7; a++) {
        int bad = 0, close = 0, cases = 0;
        char first[256] = "";
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 4; c++)
                for (int d = 0; d < 4; d++)
                    for (int rep = 0; rep < 3; rep++) {
                        make_probs(p, sizes[a], sigmas[c], levels[d]);
                        int r = compare_one(p, sizes[a], topps[b], pi, why, sizeof why);
                        cases++;
                        if (r == 2) close++;
                        if (r == 0 && !bad++) snprintf(first, sizeof first, "%s", why);
                    }
        /* uniform: every token ties */
        for (int i = 0; i < sizes[a]; i++) p[i] = 1.0f / (float)sizes[a];
        for (int b = 0; b < 4; b++) {
            int r = compare_one(p, sizes[a], topps[b], pi, why, sizeof why);
            cases++;
            if (r == 2) close++;
            if (r == 0 && !bad++) snprintf(first, sizeof first, "uniform: %s", why);
        }
        snprintf(name, sizeof name, "nucleus_set_n%d", sizes[a]);
        char detail[400];
        snprintf(detail, sizeof detail, "%d of %d cases wrong (%d too close to call); first: %s", bad, cases, close, first);
        check(bad == 0 && close * 10 < cases, name, detail);
    }
    free(p); free(pi);
}

/* coins spread over [0, 1): each nucleus token's share of them is p / mass */
static void test_frequencies(void) {
    const int n = 2000, M = 50000;   /* evenly spaced coins: each share is exact to within a coin (2 / M below) */
    float *p = malloc(n * sizeof(float));
    ProbIndex *pi = malloc(n * sizeof(ProbIndex));
    int *count = calloc(n, sizeof(int));
    char detail[256] = "";
    int bad = 0;
    for (int trial = 0; trial < 3; trial++) {
        make_probs(p, n, trial == 0 ? 0.3 : trial == 1 ? 2.0 : 6.0, 0);
        const float topp = 0.9f;
        for (int i = 0; i < n; i++) count[i] = 0;
        for (int j = 0; j < M; j++) count[sample_topp(p, n, topp, pi, (float)((j + 0.5) / M))]++;
        float mass;
        int k = nucleus(p, n, topp, pi, &mass);
        char *in = calloc(n, 1);
        for (int i = 0; i < k; i++) in[pi[i].index] = 1;
        for (int i = 0; i < n; i++) {
            double want = in[i] ? p[i] / mass : 0, got = (double)count[i] / M;
            if (fabs(got - want) > 2.0 / M + 1e-6 * want) {
                if (!bad++) snprintf(detail, sizeof detail, "trial %d token %d: frequency %.6f, p/mass %.6f (in nucleus: %d)", trial, i, got, want, in[i]);
            }
        }
        free(in);
    }
    check(bad == 0, "sample_topp_frequencies", detail);
    free(p); free(pi); free(count);
}

/* a sampler with these params over n tokens, built by hand (hg_sampler_new wants a model) */
static hg_sampler *sampler_of(hg_sampler_params p, int n) {
    hg_sampler *s = calloc(1, sizeof *s);
    if (!p.penalty_last_n) p.penalty_last_n = 64;
    s->p = p;
    s->vocab_size = n;
    s->probs = calloc(n, sizeof(float));
    s->probindex = calloc(n, sizeof(ProbIndex));
    s->recent = calloc(p.penalty_last_n, sizeof(int));
    s->count = calloc(n, sizeof(int));
    s->seen = calloc(n, sizeof(unsigned));
    return s;
}
static void sampler_drop(hg_sampler *s) { free(s->probs); free(s->probindex); free(s->recent); free(s->count); free(s->seen); free(s); }

/* coins over [0, 1) through top-k / min-p: each kept token's share is p / (the kept mass), the rest 0 */
static void test_filters(void) {
    const int n = 1000, M = 20000;   /* 120,000 draws over 1,000 candidates */
    float *p = malloc(n * sizeof(float));
    int *count = calloc(n, sizeof(int));
    double *sorted = malloc(n * sizeof(double));
    const struct { int top_k; float min_p; } cases[] = {{1, 0}, {10, 0}, {200, 0}, {0, 0.05f}, {0, 0.5f}, {20, 0.1f}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        make_probs(p, n, 2.0, 0);
        hg_sampler *s = sampler_of((hg_sampler_params){1.0f, 0, cases[c].top_k, cases[c].min_p, 0, 0, 0, 0, 1}, n);
        /* the reference: the k-th largest probability and the min-p floor */
        float pmax = 0;
        for (int i = 0; i < n; i++) { sorted[i] = p[i]; pmax = p[i] > pmax ? p[i] : pmax; }
        qsort(sorted, n, sizeof(double), by_prob_desc);
        double kth = cases[c].top_k ? sorted[cases[c].top_k - 1] : 0, floor_p = cases[c].min_p * pmax, mass = 0;
        for (int i = 0; i < n; i++)
            if (p[i] >= kth && p[i] >= floor_p) mass += p[i];
        for (int i = 0; i < n; i++) count[i] = 0;
        for (int j = 0; j < M; j++) count[sample_filtered(s, p, n, (float)((j + 0.5) / M))]++;
        int bad = 0;
        char detail[256] = "";
        for (int i = 0; i < n; i++) {
            int in = p[i] >= kth && p[i] >= floor_p;
            double want = in ? p[i] / mass : 0, got = (double)count[i] / M;
            if (fabs(got - want) > 2.0 / M + 1e-5 * want && !bad++)
                snprintf(detail, sizeof detail, "token %d: frequency %.6f, want %.6f (kept: %d)", i, got, want, in);
        }
        char name[64];
        snprintf(name, sizeof name, "filter_top_k%d_min_p%g", cases[c].top_k, (double)cases[c].min_p);
        check(bad == 0, name, detail);
        sampler_drop(s);
    }
    free(p); free(count); free(sorted);
}

/* top-k among ties: probabilities of 5 levels (hundreds of tokens on each), so the k-th place
 * falls inside a run of equal ones; the reference sorts every token by probability, then index
 * (the lower index first), keeps the first k, and each must be drawn with frequency p / their mass */
typedef struct { double p; int i; } RefCand;
static int ref_cand_order(const void *a, const void *b) {
    const RefCand *x = a, *y = b;
    return x->p > y->p ? -1 : x->p < y->p ? 1 : x->i - y->i;
}
static void test_top_k_ties(void) {
    const int n = 1000, M = 20000, ks[] = {1, 10, 37, 200, 999};
    float *p = malloc(n * sizeof(float));
    int *count = calloc(n, sizeof(int)), *in = calloc(n, sizeof(int));
    RefCand *rc = malloc(n * sizeof(RefCand));
    double total = 0;
    for (int i = 0; i < n; i++) total += 1 + (i * 7919 % 5);
    for (int i = 0; i < n; i++) p[i] = (float)((1 + (i * 7919 % 5)) / total);
    for (size_t c = 0; c < sizeof ks / sizeof ks[0]; c++) {
        hg_sampler *s = sampler_of((hg_sampler_params){1.0f, 0, ks[c], 0, 0, 0, 0, 0, 1}, n);
        for (int i = 0; i < n; i++) rc[i] = (RefCand){p[i], i}, in[i] = 0, count[i] = 0;
        qsort(rc, n, sizeof *rc, ref_cand_order);
        double mass = 0;
        for (int j = 0; j < ks[c]; j++) in[rc[j].i] = 1, mass += rc[j].p;
        for (int j = 0; j < M; j++) count[sample_filtered(s, p, n, (float)((j + 0.5) / M))]++;
        int bad = 0;
        char detail[256] = "";
        for (int i = 0; i < n; i++) {
            double want = in[i] ? p[i] / mass : 0, got = (double)count[i] / M;
            if (fabs(got - want) > 2.0 / M + 1e-5 * want && !bad++)
                snprintf(detail, sizeof detail, "token %d (p %.6f): frequency %.6f, want %.6f (kept: %d)", i, (double)p[i], got, want, in[i]);
        }
        char name[64];
        snprintf(name, sizeof name, "filter_top_k%d_among_ties", ks[c]);
        check(bad == 0, name, detail);
        sampler_drop(s);
    }
    free(p); free(count); free(in); free(rc);
}

/* repetition, frequency and presence penalties over the last penalty_last_n accepted tokens */
static void test_penalties(void) {
    const int n = 50, last_n = 8;
    const int accepted[] = {3, 7, 3, 9, 11, 3, 20, 7, 41, 5, 7, 0};   /* the window keeps the last 8 */
    const int n_acc = (int)(sizeof accepted / sizeof accepted[0]);
    hg_sampler *s = sampler_of((hg_sampler_params){0, 0, 0, 0, 1.3f, 0.25f, 0.5f, last_n, 1}, n);
    for (int i = 0; i < n_acc; i++) hg_sampler_accept(s, accepted[i]);
    float logits[50], want[50];
    for (int i = 0; i < n; i++) logits[i] = want[i] = (float)((i * 37 % 23) - 11) * 0.37f;
    int seen[50] = {0};
    for (int i = n_acc - last_n; i < n_acc; i++) seen[accepted[i]]++;
    for (int t = 0; t < n; t++) {
        if (!seen[t]) continue;
        want[t] = want[t] > 0 ? want[t] / 1.3f : want[t] * 1.3f;
        want[t] -= (float)seen[t] * 0.25f + 0.5f;
    }
    apply_penalties(s, logits);
    int bad = 0;
    char detail[200] = "";
    for (int t = 0; t < n; t++)
        if (logits[t] != want[t] && !bad++) snprintf(detail, sizeof detail, "token %d: %g, want %g", t, logits[t], want[t]);
    check(bad == 0, "penalties_last_n_window", detail);
    /* greedy after the penalties: the best unpenalized token wins over a penalized larger one */
    for (int i = 0; i < n; i++) logits[i] = 0;
    logits[7] = 1.0f;   /* accepted 3 times in the window: 1/1.3 - 0.75 - 0.5 < 0 */
    logits[8] = 0.5f;
    check(hg_sampler_sample(s, logits) == 8 && logits[7] == 1.0f, "penalties_greedy_and_logits_untouched", "");
    hg_sampler_reset(s);
    check(hg_sampler_sample(s, logits) == 7, "penalties_reset", "");
    sampler_drop(s);
}

int main(void) {
    test_sets();
    test_frequencies();
    test_filters();
    test_top_k_ties();
    test_penalties();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
