/* The bit allocator and the alpha fit: the DP against brute force on random
 * small instances (objective equal, budget respected, chosen costs fit), and
 * the through-the-origin fit against known slopes. PASS/FAIL lines. */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int passes, failures;
static void check(int ok, const char *name, const char *detail) {
    if (ok) { passes++; printf("PASS %s\n", name); }
    else { failures++; printf("FAIL %s: %s\n", name, detail); }
}

static uint64_t rng = 0x1234567887654321ull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

/* exhaustive search over all n_opts^n_items assignments with the same rounding */
static double brute(int n, int m, const uint64_t *cost, const double *value, uint64_t budget, uint64_t unit) {
    double best = INFINITY;
    int choice[8] = {0};
    for (;;) {
        uint64_t units = 0;
        double v = 0;
        int ok = 1;
        for (int i = 0; i < n && ok; i++) {
            uint64_t c = cost[i * m + choice[i]];
            if (c == UINT64_MAX) ok = 0;
            else { units += (c + unit - 1) / unit; v += value[i * m + choice[i]]; }
        }
        if (ok && units <= budget / unit && v < best) best = v;
        int k = 0;
        while (k < n && ++choice[k] == m) choice[k++] = 0;
        if (k == n) break;
    }
    return best;
}

static void test_dp(void) {
    int bad_obj = 0, bad_budget = 0, infeasible_agree = 0, trials = 3000;
    for (int trial = 0; trial < trials; trial++) {
        int n = 1 + (int)(next() % 6), m = 1 + (int)(next() % 5);
        uint64_t cost[64];
        double value[64];
        for (int k = 0; k < n * m; k++) {
            cost[k] = next() % 7 == 0 ? UINT64_MAX : 1 + next() % 1000;
            value[k] = (double)(next() % 100000) / 1000.0;
        }
        uint64_t budget = next() % (uint64_t)(600 * n + 1), unit = 1 + next() % 40;
        int choice[8];
        double dp = hg_dp_allocate(n, m, cost, value, budget, unit, choice);
        double bf = brute(n, m, cost, value, budget, unit);
        if (dp == INFINITY || bf == INFINITY) { infeasible_agree += dp == bf; if (dp != bf) bad_obj++; continue; }
        if (fabs(dp - bf) > 1e-9) bad_obj++;
        uint64_t used = 0;
        double v = 0;
        for (int i = 0; i < n; i++) { used += cost[i * m + choice[i]]; v += value[i * m + choice[i]]; }
        if (used > budget || fabs(v - dp) > 1e-9) bad_budget++;
    }
    char d[128];
    snprintf(d, sizeof d, "%d of %d instances differ from brute force", bad_obj, trials);
    check(bad_obj == 0, "dp_equals_brute_force_3000_random_instances", d);
    snprintf(d, sizeof d, "%d choices exceed the budget or disagree with the objective", bad_budget);
    check(bad_budget == 0, "dp_choices_fit_budget", d);
    check(infeasible_agree > 0, "dp_reports_infeasible_like_brute_force", "no infeasible instance seen");
}

/* the inverse query: the smallest rounded budget whose optimum is within a bound, against brute force
 * over every budget; hg_dp_allocate at that budget returns an objective within it, one unit less does not */
static void test_min_units(void) {
    int bad = 0, bad_consistent = 0, none_agree = 0, trials = 2000;
    for (int trial = 0; trial < trials; trial++) {
        int n = 1 + (int)(next() % 5), m = 1 + (int)(next() % 4);
        uint64_t cost[64], unit = 1 + next() % 30, max_units = 0;
        double value[64];
        for (int k = 0; k < n * m; k++) {
            cost[k] = next() % 7 == 0 ? UINT64_MAX : 1 + next() % 500;
            value[k] = (double)(next() % 100000) / 1000.0;
        }
        for (int i = 0; i < n; i++) {
            uint64_t hi = 0;
            for (int j = 0; j < m; j++)
                if (cost[i * m + j] != UINT64_MAX && (cost[i * m + j] + unit - 1) / unit > hi) hi = (cost[i * m + j] + unit - 1) / unit;
            max_units += hi;
        }
        double bound = (double)(next() % (uint64_t)(60000 * n + 1)) / 1000.0, below;
        uint64_t b = hg_dp_min_units(n, m, cost, value, bound, unit, max_units, &below);
        uint64_t want = UINT64_MAX;           /* brute force: the first budget whose best assignment is within */
        for (uint64_t u = 0; u <= max_units && want == UINT64_MAX; u++)
            if (brute(n, m, cost, value, u * unit, unit) <= bound) want = u;
        if (b != want) { bad++; continue; }
        if (b == UINT64_MAX) { none_agree++; continue; }
        int choice[8];
        double at = hg_dp_allocate(n, m, cost, value, b * unit, unit, choice);
        double less = b ? hg_dp_allocate(n, m, cost, value, (b - 1) * unit, unit, choice) : INFINITY;
        if (!(at <= bound) || !(less > bound) || (b && fabs(less - below) > 1e-9 && !(less == INFINITY && below == INFINITY)))
            bad_consistent++;
    }
    char d[128];
    snprintf(d, sizeof d, "%d of %d instances differ from brute force", bad, trials);
    check(bad == 0, "dp_min_units_equals_brute_force_2000_random_instances", d);
    snprintf(d, sizeof d, "%d instances: the allocation at that budget exceeds the bound, or one unit less does not", bad_consistent);
    check(bad_consistent == 0, "dp_min_units_agrees_with_dp_allocate", d);
    check(none_agree > 0, "dp_min_units_reports_unreachable_bounds", "no unreachable bound seen");
}

static void test_fit(void) {
    const double t2[4] = {0.0025, 0.005, 0.01, 0.02};
    double y[4], worst = 0;
    for (int k = 0; k < 200; k++) {
        double a = (double)(next() % 10000) / 100.0, b = a * 0.5 * ((double)(next() % 1000) / 1000.0 - 0.5);
        /* a slope with a small quadratic term, as a metric curving slightly upwards or down */
        for (int i = 0; i < 4; i++) y[i] = a * t2[i] + b * t2[i] * t2[i];
        double fit = hg_fit_alpha(t2, y, 4);
        double rel = a > 0 ? fabs(fit - a) / a : fabs(fit);
        if (rel > worst) worst = rel;
    }
    char d[64];
    snprintf(d, sizeof d, "worst relative error %.2e", worst);
    check(worst < 0.01, "alpha_fit_recovers_slope_of_quadratic_metric", d);
    for (int i = 0; i < 4; i++) y[i] = -3 * t2[i];
    check(hg_fit_alpha(t2, y, 4) == 0, "alpha_fit_clamps_negative_to_zero", "negative slope not clamped");
}

int main(void) {
    test_dp();
    test_min_units();
    test_fit();
    printf("%d passed, %d failed\n", passes, failures);
    return failures ? 1 : 0;
}
