/* higgs.c implementation part: the quantizer's inner loop: the nearest grid point (p=1 binary
 * search, p=2 buckets, p=4 k-d tree), block scales and hg_quantize_row.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* nearest codebook point. p=1: binary search over the sorted levels. p=2:
 * a bucket grid over [-R, R]^2 whose cells list only the points that can be
 * nearest to somewhere in the cell (exact: a point is dropped only when its
 * closest approach to the cell is farther than another point's farthest). */
#define HG_CELLS 48
/* p=4: a k-d tree over the points (median splits on the widest coordinate,
 * leaves of at most 8); a search visits the nearer side first and the other
 * only when the splitting plane is no farther than the best point so far */
typedef struct { int lo, hi, dim, left, right; float split; } hg_kdnode;
typedef struct {
    const float *pts; int n; float R; int *start, *list;   /* p=2 buckets */
    hg_kdnode *nodes; int *perm;                            /* p=4 k-d tree */
    int sym;   /* p=4 sign-symmetric: the tree holds points 0..255 (the positive orthant) only */
} hg_buckets;
/* One entry per grid a process searches, built on first use. The library has 11 grids of p = 2 or
 * 4 (7 and 4); with 8 entries the ninth grid used fell back to a full scan on every search (4,096
 * points for the p=4 ones: about half of test_kernels' time). Room for all, and more. */
#define HG_BUCKET_CAP 32
static hg_buckets hg_bucket_cache[HG_BUCKET_CAP];
static int hg_bucket_count;
#ifndef HG_NO_THREADS
static pthread_mutex_t hg_bucket_mu = PTHREAD_MUTEX_INITIALIZER;
#endif

static const float *hg_kd_pts;   /* the sort's keys (built under hg_bucket_mu) */
static int hg_kd_dim;
static int hg_kd_cmp(const void *a, const void *b) {
    int i = *(const int *)a, j = *(const int *)b;
    float u = hg_kd_pts[4 * i + hg_kd_dim], v = hg_kd_pts[4 * j + hg_kd_dim];
    return u < v ? -1 : u > v ? 1 : i - j;
}
static int hg_kd_build(hg_buckets *b, int lo, int hi, int *count) {
    int id = (*count)++;
    hg_kdnode *nd = &b->nodes[id];
    nd->lo = lo, nd->hi = hi, nd->left = nd->right = -1, nd->dim = 0, nd->split = 0;
    if (hi - lo <= 8) return id;
    float widest = -1;
    for (int d = 0; d < 4; d++) {
        float mn = INFINITY, mx = -INFINITY;
        for (int k = lo; k < hi; k++) mn = fminf(mn, b->pts[4 * b->perm[k] + d]), mx = fmaxf(mx, b->pts[4 * b->perm[k] + d]);
        if (mx - mn > widest) widest = mx - mn, nd->dim = d;
    }
    hg_kd_pts = b->pts;
    hg_kd_dim = nd->dim;
    qsort(b->perm + lo, (size_t)(hi - lo), sizeof(int), hg_kd_cmp);
    int mid = (lo + hi) / 2;
    nd->split = b->pts[4 * b->perm[mid] + nd->dim];   /* left: coordinate <= split, right: >= split */
    int l = hg_kd_build(b, lo, mid, count), r = hg_kd_build(b, mid, hi, count);
    b->nodes[id].left = l, b->nodes[id].right = r;
    return id;
}

static const hg_buckets *hg_get_buckets(const float *pts, int n, int p) {
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_bucket_mu);
#endif
    hg_buckets *b = NULL;
    for (int i = 0; i < hg_bucket_count; i++)
        if (hg_bucket_cache[i].pts == pts) b = &hg_bucket_cache[i];
    if (!b && hg_bucket_count < HG_BUCKET_CAP && p == 4) {
        b = &hg_bucket_cache[hg_bucket_count];
        b->pts = pts;
        b->n = n;
        /* a sign-symmetric grid (point c = signs of c's bits 8-11 times point c & 255): search |x| among
         * the 256 positive points, then put x's signs into the code */
        b->sym = n == 4096;
        for (int c = 0; b->sym && c < n; c++)
            for (int d = 0; d < 4; d++) {
                float a = pts[4 * (c & 255) + d];
                b->sym &= a > 0 && pts[4 * c + d] == (c >> (8 + d) & 1 ? -a : a);
            }
        if (b->sym) n = 256;
        b->perm = (int *)malloc((size_t)n * sizeof(int));
        b->nodes = (hg_kdnode *)malloc((size_t)(2 * n / 4 + 16) * sizeof(hg_kdnode));   /* leaves hold >= 4 */
        if (!b->perm || !b->nodes) {
            free(b->perm), free(b->nodes), b = NULL;
        } else {
            for (int i = 0; i < n; i++) b->perm[i] = i;
            int count = 0;
            hg_kd_build(b, 0, n, &count);
            hg_bucket_count++;
        }
    }
    if (!b && hg_bucket_count < HG_BUCKET_CAP && p == 2) {
        b = &hg_bucket_cache[hg_bucket_count];
        float R = 0;
        for (int i = 0; i < 2 * n; i++) R = fmaxf(R, fabsf(pts[i]));
        b->R = R;
        b->start = (int *)calloc(HG_CELLS * HG_CELLS + 1, sizeof(int));
        int *tmp = (int *)malloc((size_t)HG_CELLS * HG_CELLS * (size_t)n * sizeof(int));
        int total = 0;
        float cell = 2 * R / HG_CELLS;
        for (int cy = 0; cy < HG_CELLS; cy++)
            for (int cx = 0; cx < HG_CELLS; cx++) {
                float x0 = -R + cx * cell, x1 = x0 + cell, y0 = -R + cy * cell, y1 = y0 + cell, best_far = INFINITY;
                for (int i = 0; i < n; i++) {
                    float fx = fmaxf(fabsf(pts[2 * i] - x0), fabsf(pts[2 * i] - x1));
                    float fy = fmaxf(fabsf(pts[2 * i + 1] - y0), fabsf(pts[2 * i + 1] - y1));
                    best_far = fminf(best_far, fx * fx + fy * fy);
                }
                b->start[cy * HG_CELLS + cx] = total;
                for (int i = 0; i < n; i++) {
                    float px = pts[2 * i], py = pts[2 * i + 1];
                    float dx = px < x0 ? x0 - px : px > x1 ? px - x1 : 0, dy = py < y0 ? y0 - py : py > y1 ? py - y1 : 0;
                    if (dx * dx + dy * dy <= best_far * 1.0001f + 1e-12f) tmp[total++] = i;
                }
            }
        b->start[HG_CELLS * HG_CELLS] = total;
        b->list = (int *)malloc((size_t)total * sizeof(int));
        memcpy(b->list, tmp, (size_t)total * sizeof(int));
        free(tmp);
        b->pts = pts;
        b->n = n;
        hg_bucket_count++;
    }
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_bucket_mu);
#endif
    return b;
}

static int hg_nearest2(const hg_buckets *b, const float *pts, int n, float x, float y) {
    int best = 0;
    float bd = INFINITY;
    if (b && fabsf(x) < b->R && fabsf(y) < b->R) {
        int cx = (int)((x + b->R) / (2 * b->R) * HG_CELLS), cy = (int)((y + b->R) / (2 * b->R) * HG_CELLS);
        if (cx >= HG_CELLS) cx = HG_CELLS - 1;
        if (cy >= HG_CELLS) cy = HG_CELLS - 1;
        for (int k = b->start[cy * HG_CELLS + cx]; k < b->start[cy * HG_CELLS + cx + 1]; k++) {
            int i = b->list[k];
            float dx = pts[2 * i] - x, dy = pts[2 * i + 1] - y, d = dx * dx + dy * dy;
            if (d < bd || (d == bd && i < best)) { bd = d; best = i; }
        }
        return best;
    }
    for (int i = 0; i < n; i++) {     /* outside the bucket grid: full scan */
        float dx = pts[2 * i] - x, dy = pts[2 * i + 1] - y, d = dx * dx + dy * dy;
        if (d < bd) { bd = d; best = i; }
    }
    return best;
}

static void hg_kd_search(const hg_buckets *b, int node, const float x[4], float *bd, int *best) {
    const hg_kdnode *nd = &b->nodes[node];
    if (nd->left < 0) {
        for (int k = nd->lo; k < nd->hi; k++) {
            int i = b->perm[k];
            const float *g = b->pts + 4 * i;
            float d0 = g[0] - x[0], d1 = g[1] - x[1], d2 = g[2] - x[2], d3 = g[3] - x[3];
            float d = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
            if (d < *bd || (d == *bd && i < *best)) *bd = d, *best = i;
        }
        return;
    }
    float diff = x[nd->dim] - nd->split;
    hg_kd_search(b, diff < 0 ? nd->left : nd->right, x, bd, best);
    if (diff * diff <= *bd) hg_kd_search(b, diff < 0 ? nd->right : nd->left, x, bd, best);
}

/* p=4: exact (ties to the lowest code, as a full scan in code order) */
static int hg_nearest4(const hg_buckets *b, const float *pts, int n, const float v[4]) {
    int best = 0;
    float bd = INFINITY;
    if (b && b->sym) {
        /* |x_d - (-a_d)| = |(-x_d) - a_d| exactly in float; x_d = 0 keeps the positive sign, the lower code */
        const float f[4] = {fabsf(v[0]), fabsf(v[1]), fabsf(v[2]), fabsf(v[3])};
        hg_kd_search(b, 0, f, &bd, &best);
        return best | (v[0] < 0) << 8 | (v[1] < 0) << 9 | (v[2] < 0) << 10 | (v[3] < 0) << 11;
    }
    if (b) {
        hg_kd_search(b, 0, v, &bd, &best);
        return best;
    }
    for (int i = 0; i < n; i++) {   /* no tree (out of memory): full scan */
        const float *g = pts + 4 * i;
        float d0 = g[0] - v[0], d1 = g[1] - v[1], d2 = g[2] - v[2], d3 = g[3] - v[3];
        float d = d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3;
        if (d < bd) bd = d, best = i;
    }
    return best;
}

static int hg_nearest1(const float *levels, int n, float v) {   /* levels ascending */
    int lo = 0, hi = n - 1;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (levels[mid] <= v) lo = mid; else hi = mid;
    }
    return v - levels[lo] <= levels[hi] - v ? lo : hi;
}

/* the nearest grid point (code) to x[0..p) */
static inline int hg_nearest(const hg_qinfo *q, const hg_buckets *b, const float *x, float inv) {
    if (q->p == 4) {
        const float v[4] = {x[0] * inv, x[1] * inv, x[2] * inv, x[3] * inv};
        return hg_nearest4(b, q->codebook, q->n, v);
    }
    if (q->p == 1) {
        const int c = hg_nearest1(q->levels, q->n, x[0] * inv), half = q->n / 2;
        if (q->variant != HG_GRID_SIGNSYM) return c;
        return c >= half ? c - half : (half - 1 - c) | half;   /* sign-magnitude order: the ascending level renamed */
    }
    return hg_nearest2(b, q->codebook, q->n, x[0] * inv, x[1] * inv);
}

/* one HIGGS block rounded at scale s (grid units): *xg = <x, g>, *gg = <g, g> */
static void hg_round_stats(const hg_qinfo *q, const hg_buckets *b, const float *x, float s, double *xg, double *gg) {
    float inv = s > 0 ? 1.0f / s : 0.0f;
    double a = 0, c = 0;
    for (int i = 0; i < q->group; i += q->p) {
        const float *pt = q->codebook + (size_t)hg_nearest(q, b, x + i, inv) * (size_t)q->p;
        for (int d = 0; d < q->p; d++) { a += (double)x[i + d] * pt[d]; c += (double)pt[d] * pt[d]; }
    }
    *xg = a;
    *gg = c;
}

/* the scale of a rotated HIGGS block x (its RMS is rms) before fp16 rounding */
static float hg_block_scale(const hg_qinfo *q, const hg_buckets *b, const float *x, float rms) {
    float s = rms;
    if (q->variant == HG_GRID_UNIFORM) {
        /* the block's largest weight on the last level, 127 steps out: nothing clipped. At the RMS
         * scale the grid ends at 3.9 RMS, and one weight past that in a block (a 4.5-sigma one, say)
         * costs more than the whole block's rounding error */
        float amax = 0;
        for (int i = 0; i < q->group; i++) amax = fmaxf(amax, fabsf(x[i]));
        s = amax / (127.0f * HG_GRID_P1_N256U_STEP);
    }
    if (q->scales != HG_SCALES_LSQ && q->scales != HG_SCALES_LSQ_UNBIASED) return s;
    for (int it = 0; it < 8 && s > 0; it++) {   /* each round lowers the block's error; 2-4 rounds settle */
        double xg, gg;
        hg_round_stats(q, b, x, s, &xg, &gg);
        if (!(gg > 0) || !(xg > 0)) break;
        float next = (float)(xg / gg);
        if (fabsf(next - s) <= 1e-6f * s) { s = next; break; }
        s = next;
    }
    return s;
}

/* the fp16 scale nearest s whose low choice bits hold k (mask = q->choice_mask; 0: plain rounding) */
static uint16_t hg_f16_choice(float s, uint32_t mask, uint32_t k) {
    uint16_t h = hg_f32_to_f16(s);
    if (!mask) return h;
    const uint32_t step = mask + 1;
    uint32_t best = ((uint32_t)h & ~mask) | k;
    if (best > 0x7BFFu) best -= step;                 /* past the largest finite half */
    const uint32_t near[2] = {best - step, best + step};
    for (int i = 0; i < 2; i++)                        /* the neighbours with the same low bits */
        if (near[i] <= 0x7BFFu && fabsf(hg_f16_to_f32((uint16_t)near[i]) - s) < fabsf(hg_f16_to_f32((uint16_t)best) - s))
            best = near[i];
    return (uint16_t)best;
}

/* One rotated HIGGS block x (q->group values) with the rotation choice k: its codes into code[], its
 * quantized values (stored domain) into y, its fp16 scale into *s16; returns sum (x - y)^2 */
static double hg_quantize_block(const hg_qinfo *q, const hg_buckets *b, const float *x, float *y, int *code,
                                uint16_t *s16, uint32_t k) {
    double ss = 0;
    for (int i = 0; i < q->group; i++) ss += (double)x[i] * x[i];
    float scale = hg_block_scale(q, b, x, (float)sqrt(ss / q->group));
    *s16 = hg_f16_choice(scale, q->choice_mask, k);
    float s = hg_f16_to_f32(*s16), inv = s > 0 ? 1.0f / s : 0.0f;
    double xx = 0, xq = 0;
    for (int i = 0; i < q->group; i += q->p) {
        int c = hg_nearest(q, b, x + i, inv);
        code[i / q->p] = c;
        for (int d = 0; d < q->p; d++) {
            float qv = s * q->codebook[c * q->p + d];
            xx += (double)x[i + d] * x[i + d];
            xq += (double)x[i + d] * qv;
            y[i + d] = qv;
        }
    }
    /* UNBIASED scales: rescale the block so that its error is uncorrelated with the weights,
     * <w, Q(w) - w> = 0, i.e. scale *= <x, x> / <x, Q>. An MSE-optimal grid's error is
     * anti-correlated with the weights (E[x e] = -E[e^2]): Q(W) ~ (1 - t^2) W + noise, a shrink
     * that the linearity theorem's noise model (alphas measured with independent noise) does not
     * see. The codes stay those of the scale before. */
    int unbiased = q->scales == HG_SCALES_UNBIASED || q->scales == HG_SCALES_LSQ_UNBIASED;
    if (unbiased && xq > 0) {
        *s16 = hg_f16_choice((float)(s * xx / xq), q->choice_mask, k);
        float f = hg_f16_to_f32(*s16) / s;
        for (int i = 0; i < q->group; i++) y[i] *= f;
    }
    double err = 0;
    for (int i = 0; i < q->group; i++) err += ((double)x[i] - y[i]) * ((double)x[i] - y[i]);
    return err;
}

/* the squared error of rotated block x rounded at its RMS scale (one pass: the rotation choice's screen) */
static double hg_block_rms_error(const hg_qinfo *q, const hg_buckets *b, const float *x) {
    double ss = 0, err = 0;
    for (int i = 0; i < q->group; i++) ss += (double)x[i] * x[i];
    float s = (float)sqrt(ss / q->group), inv = s > 0 ? 1.0f / s : 0.0f;
    for (int i = 0; i < q->group; i += q->p) {
        const float *pt = q->codebook + (size_t)hg_nearest(q, b, x + i, inv) * (size_t)q->p;
        for (int d = 0; d < q->p; d++) err += ((double)x[i + d] - s * pt[d]) * ((double)x[i + d] - s * pt[d]);
    }
    return err;
}

#define HG_CHOICE_FINALISTS 3   /* rotations quantized in full after the screen: 3 keep 99% of the gain of all */

/* Block g of a HIGGS row, x = D w (signed, not rotated) in, its quantized values out (stored domain,
 * rotated by the chosen Hn D R_k). Each of the q->choices rotations is screened by its error at the
 * RMS scale; the HG_CHOICE_FINALISTS least are quantized in full (q->scales) and the least squared
 * error kept (ties: the lower k); codes into code[], the scale (with k in its low bits) into *s16.
 * work: 3 blocks of floats; code_k: a block of codes. */
static void hg_quantize_block_choice(const hg_qinfo *q, const hg_buckets *b, float *x, uint64_t g, int *code,
                                     uint16_t *s16, float *work, int *code_k) {
    const int H = q->group;
    float *t = work, *y = work + H;
    int fin[HG_CHOICE_FINALISTS], n_fin = 0;
    double fin_err[HG_CHOICE_FINALISTS];
    for (int k = 0; k < q->choices; k++) {   /* the screen: keep the least few, in order */
        memcpy(t, x, (size_t)H * sizeof(float));
        hg_choice_signs(t, g * (uint64_t)H, H, k);
        hg_rotate_block(q, t);
        double e = hg_block_rms_error(q, b, t);
        int at = n_fin < HG_CHOICE_FINALISTS ? n_fin++ : HG_CHOICE_FINALISTS;
        for (; at > 0 && e < fin_err[at - 1]; at--)
            if (at < HG_CHOICE_FINALISTS) fin[at] = fin[at - 1], fin_err[at] = fin_err[at - 1];
        if (at < HG_CHOICE_FINALISTS) fin[at] = k, fin_err[at] = e;
    }
    double best = INFINITY;
    int best_k = q->choices;
    for (int i = 0; i < n_fin; i++) {
        uint16_t h;
        memcpy(t, x, (size_t)H * sizeof(float));
        hg_choice_signs(t, g * (uint64_t)H, H, fin[i]);
        hg_rotate_block(q, t);
        double e = hg_quantize_block(q, b, t, y, code_k, &h, (uint32_t)fin[i]);
        if (e < best || (e == best && fin[i] < best_k)) {
            best = e;
            best_k = fin[i];
            *s16 = h;
            memcpy(code, code_k, (size_t)(H / q->p) * sizeof(int));
            memcpy(work + 2 * H, y, (size_t)H * sizeof(float));
        }
    }
    memcpy(x, work + 2 * H, (size_t)H * sizeof(float));
}

double hg_quantize_row(const hg_qinfo *q, const float *w, uint16_t *scales, uint8_t *codes, float *v) {
    const hg_buckets *b = q->p >= 2 ? hg_get_buckets(q->codebook, q->n, q->p) : NULL;
    memset(codes, 0, q->row_code_bytes);
    memcpy(v, w, q->cols * sizeof(float));
    memset(v + q->cols, 0, (q->cols_pad - q->cols) * sizeof(float));
    if (q->sign_seed) hg_apply_signs(v, q->cols_pad, q->sign_seed);   /* v = D w */
    float *work = NULL;   /* the rotation choice: three blocks of floats, two of codes */
    int *code = NULL;
    if (q->type == HG_HIGGS) {
        work = (float *)malloc((size_t)q->group * (3 * sizeof(float) + 2 * sizeof(int)));
        if (!work) return INFINITY;
        code = (int *)(work + 3 * q->group);
    }
    double err = 0;
    float qmax = q->type == HG_RTN ? (float)(q->n / 2 - 1) : 1.0f;
    for (uint64_t g = 0; g < q->groups; g++) {
        float *x = v + g * (uint64_t)q->group;
        if (q->type == HG_HIGGS) {
            if (q->choices > 1) {
                hg_quantize_block_choice(q, b, x, g, code, &scales[g], work, code + q->group / q->p);
            } else {
                hg_rotate_block(q, x);                /* x = Hn D w: mean square rms^2 */
                memcpy(work, x, (size_t)q->group * sizeof(float));
                hg_quantize_block(q, b, work, x, code, &scales[g], 0);   /* x := Q, stored domain */
            }
            for (int i = 0; i < q->group / q->p; i++) {
                uint64_t ci = g * (uint64_t)(q->group / q->p) + (uint64_t)i;
                hg_qcode_put(q, codes, ci, code[i]);
            }
            hg_unrotate_block(q, x);
            hg_choice_signs(x, g * (uint64_t)q->group, q->group, (int)(scales[g] & q->choice_mask));
        } else {
            float amax = 0;
            for (int i = 0; i < q->group; i++) amax = fmaxf(amax, fabsf(x[i]));
            uint16_t s16 = hg_f32_to_f16(amax / qmax);
            float s = hg_f16_to_f32(s16), inv = s > 0 ? 1.0f / s : 0.0f;
            scales[g] = s16;
            for (int i = 0; i < q->group; i++) {
                uint64_t ci = g * (uint64_t)q->group + (uint64_t)i;
                int c = hg_nearest1(q->codebook, q->n, x[i] * inv);
                hg_code_put(codes, ci, q->bits, c);
                x[i] = s * q->codebook[c];
            }
        }
        /* the error in the original domain, over the real (unpadded) columns */
        for (int i = 0; i < q->group; i++) {
            uint64_t col = g * (uint64_t)q->group + (uint64_t)i;
            if (col >= q->cols) break;
            float back = q->sign_seed && hg_sign_negative(q->sign_seed, col) ? -x[i] : x[i];   /* D^-1 = D */
            double e = (double)w[col] - back;
            err += e * e;
        }
    }
    free(work);
    return err;
}
