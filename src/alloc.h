/* higgs.c implementation part: the DP bit allocator.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* ------------------------------------------------------- bit allocation */

double hg_fit_alpha(const double *x, const double *y, int n) {
    double num = 0, den = 0;
    for (int i = 0; i < n; i++) { num += x[i] * y[i]; den += x[i] * x[i]; }
    double a = den > 0 ? num / den : 0;
    return a > 0 ? a : 0;
}

double hg_dp_allocate(int n_items, int n_opts, const uint64_t *cost, const double *value, uint64_t budget,
                      uint64_t unit, int *choice) {
    if (unit == 0) unit = 1;
    uint64_t U = budget / unit;
    if (U > (1u << 26)) return INFINITY;                  /* refuse absurd tables */
    size_t width = (size_t)U + 1;
    double *prev = (double *)malloc(width * sizeof(double)), *cur = (double *)malloc(width * sizeof(double));
    int16_t *back = (int16_t *)malloc(width * (size_t)n_items * sizeof(int16_t));
    double best = INFINITY;
    if (!prev || !cur || !back || n_opts > 32767) goto done;
    for (size_t b = 0; b < width; b++) prev[b] = INFINITY;
    prev[0] = 0;                                          /* prev[b]: best value at rounded cost exactly b */
    for (int i = 0; i < n_items; i++) {
        int16_t *bk = back + (size_t)i * width;
        for (size_t b = 0; b < width; b++) { cur[b] = INFINITY; bk[b] = -1; }
        for (int j = 0; j < n_opts; j++) {
            uint64_t c = cost[(size_t)i * n_opts + j];
            if (c == UINT64_MAX) continue;
            uint64_t cu = (c + unit - 1) / unit;
            if (cu > U) continue;
            double v = value[(size_t)i * n_opts + j];
            for (size_t b = 0; b + cu < width; b++) {
                if (prev[b] == INFINITY) continue;
                double nv = prev[b] + v;
                if (nv < cur[b + cu]) { cur[b + cu] = nv; bk[b + cu] = (int16_t)j; }
            }
        }
        double *t = prev; prev = cur; cur = t;
    }
    size_t at = 0;
    for (size_t b = 0; b < width; b++)
        if (prev[b] < best) { best = prev[b]; at = b; }
    if (best == INFINITY) goto done;
    for (int i = n_items - 1; i >= 0; i--) {               /* walk the back-pointers */
        int j = back[(size_t)i * width + at];
        choice[i] = j;
        at -= (size_t)((cost[(size_t)i * n_opts + j] + unit - 1) / unit);
    }
done:
    free(prev); free(cur); free(back);
    return best;
}


/* The inverse query: the smallest rounded budget b (in units, b <= max_units) whose optimum is at most
 * max_value, that is the smallest file the allocation can reach within a loss; UINT64_MAX if none.
 * hg_dp_allocate with budget b * unit then returns that optimum (the same recurrence in the same
 * order: the same sums, bit for bit). *below (when not NULL): the least objective over all smaller
 * rounded budgets (> max_value; INFINITY when nothing is smaller). Declared here, not in higgs.h:
 * quantize and tests/test_alloc.c are its users. */
uint64_t hg_dp_min_units(int n_items, int n_opts, const uint64_t *cost, const double *value, double max_value,
                         uint64_t unit, uint64_t max_units, double *below);
uint64_t hg_dp_min_units(int n_items, int n_opts, const uint64_t *cost, const double *value, double max_value,
                         uint64_t unit, uint64_t max_units, double *below) {
    if (unit == 0) unit = 1;
    if (max_units > (1u << 26)) max_units = 1u << 26;    /* the same bound as hg_dp_allocate's table */
    size_t width = (size_t)max_units + 1;
    double *prev = (double *)malloc(width * sizeof(double)), *cur = (double *)malloc(width * sizeof(double));
    uint64_t found = UINT64_MAX;
    if (below) *below = INFINITY;
    if (!prev || !cur) goto done;
    for (size_t b = 0; b < width; b++) prev[b] = INFINITY;
    prev[0] = 0;
    for (int i = 0; i < n_items; i++) {                   /* the same recurrence, in the same order, as hg_dp_allocate */
        for (size_t b = 0; b < width; b++) cur[b] = INFINITY;
        for (int j = 0; j < n_opts; j++) {
            uint64_t c = cost[(size_t)i * n_opts + j];
            if (c == UINT64_MAX) continue;
            uint64_t cu = (c + unit - 1) / unit;
            if (cu > max_units) continue;
            double v = value[(size_t)i * n_opts + j];
            for (size_t b = 0; b + cu < width; b++) {
                if (prev[b] == INFINITY) continue;
                double nv = prev[b] + v;
                if (nv < cur[b + cu]) cur[b + cu] = nv;
            }
        }
        double *t = prev; prev = cur; cur = t;
    }
    double best_below = INFINITY;                         /* the least value at every smaller rounded cost */
    for (size_t b = 0; b < width; b++) {
        if (prev[b] <= max_value) { found = b; break; }
        if (prev[b] < best_below) best_below = prev[b];
    }
    if (below) *below = best_below;
done:
    free(prev); free(cur);
    return found;
}
