/* test_sampler.c - run.c's nucleus (top-p) selection and sampling against a
 * reference written here: sort descending, take tokens until their sum (in
 * double) exceeds topp. Checks the selected set (as a multiset of
 * probabilities: tied tokens are interchangeable), its mass, and that walking
 * coins over [0, 1) picks each nucleus token with frequency p / mass and
 * nothing else.
 *   cc -O2 -std=c11 -D_GNU_SOURCE -o tests/test_sampler tests/test_sampler.c -lm -lpthread
 */
#define main run_main
#include "../run.c"
#undef main

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
    const int n = 2000, M = 200000;
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

int main(void) {
    test_sets();
    test_frequencies();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
