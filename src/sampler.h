/* higgs.c implementation part: the sampler. Included by higgs.h under HIGGS_IMPLEMENTATION; not a
 * header of its own.
 *
 * In order: penalties on a copy of the logits (repetition, frequency, presence: the tokens
 * accepted, the last penalty_last_n), the temperature, a softmax, then the candidates: top-k, min-p
 * and top-p cut the tempered distribution, and a draw from what is left. With none of the new
 * filters (top-k, min-p, penalties) the draws are llama2.c's: the same seed gives the same text. */

typedef struct { float prob; int index; } ProbIndex;

static unsigned int random_u32(unsigned long long *state) {
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return (unsigned int)((*state * 0x2545F4914F6CDD1Dull) >> 32);
}
static float random_f32(unsigned long long *state) { return (float)(random_u32(state) >> 8) / 16777216.0f; }

static int sample_argmax(const float *p, int n) {
    int best = 0;
    for (int i = 1; i < n; i++)
        if (p[i] > p[best]) best = i;
    return best;
}

static void softmax(float *x, int n) {
    float maxv = x[0];
    for (int i = 1; i < n; i++)
        if (x[i] > maxv) maxv = x[i];
    double sum = 0;
    for (int i = 0; i < n; i++) { x[i] = expf(x[i] - maxv); sum += x[i]; }
    for (int i = 0; i < n; i++) x[i] = (float)(x[i] / sum);
}

static int sample_mult(const float *p, int n, float coin) {
    float cdf = 0;
    for (int i = 0; i < n; i++) {
        cdf += p[i];
        if (coin < cdf) return i;
    }
    return n - 1;
}

/* The nucleus (top-p set): the fewest most probable tokens whose
 * probabilities sum to more than topp. Leaves it in pi[0..k) (in no particular
 * order), returns k and its probability mass in *mass. Tokens below
 * (1 - topp) / (n - 1) can never be in it and are skipped first; the rest are
 * selected by a quickselect on cumulative mass (three-way partitions around
 * a median-of-three pivot; each step keeps the part the boundary lies in),
 * O(n) expected. Sorting instead (llama2.c's way) took 5 ms per token on a
 * 32000-token vocabulary with flat probabilities, a quarter of a 1B model's
 * decode step. Among tokens of exactly equal probability at the boundary,
 * the ones earlier in pi are taken. */
static void swap_pi(ProbIndex *a, ProbIndex *b) { ProbIndex t = *a; *a = *b; *b = t; }

static float median3(float a, float b, float c) {
    return a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
}

static int nucleus(const float *p, int n, float topp, ProbIndex *pi, float *mass) {
    int n0 = 0;
    const float cutoff = n > 1 ? (1.0f - topp) / (float)(n - 1) : 0.0f;
    for (int i = 0; i < n; i++)
        if (p[i] >= cutoff) { pi[n0].index = i; pi[n0].prob = p[i]; n0++; }
    int lo = 0, hi = n0;              /* pi[0..lo) are in the nucleus, pi[hi..n0) are not */
    double cum = 0;                   /* mass of pi[0..lo) (double: 32000 float terms drift by ~1e-5) */
    while (lo < hi) {
        float pivot = median3(pi[lo].prob, pi[lo + (hi - lo) / 2].prob, pi[hi - 1].prob);
        /* three-way partition of [lo, hi): > pivot in [lo, gt), == in [gt, lt), < in [lt, hi) */
        int gt = lo, i = lo, lt = hi;
        double sum_gt = 0, sum_eq = 0;
        while (i < lt) {
            float v = pi[i].prob;
            if (v > pivot) { sum_gt += v; swap_pi(&pi[gt++], &pi[i++]); }
            else if (v < pivot) swap_pi(&pi[i], &pi[--lt]);
            else { sum_eq += v; i++; }
        }
        if (cum + sum_gt > topp) { hi = gt; continue; }            /* the boundary is among the larger ones */
        cum += sum_gt;
        lo = gt;
        if (cum + sum_eq > topp) {                                   /* among the equal ones: take just enough */
            while (lo < lt && cum <= topp) cum += pi[lo++].prob;
            *mass = (float)cum;
            return lo;
        }
        cum += sum_eq;
        lo = lt;
    }
    /* reached when the whole candidate list sums to <= topp (rounding): take it all */
    *mass = (float)cum;
    return lo;
}

/* nucleus sampling: a token of the nucleus, with probability proportional to its own */
static int sample_topp(const float *p, int n, float topp, ProbIndex *pi, float coin) {
    float mass;
    int k = nucleus(p, n, topp, pi, &mass);
    if (k == 0) return sample_argmax(p, n);
    float r = coin * mass, cdf = 0;
    for (int i = 0; i < k; i++) {
        cdf += pi[i].prob;
        if (r < cdf) return pi[i].index;
    }
    return pi[k - 1].index;
}


struct hg_sampler {
    hg_sampler_params p;
    int vocab_size;
    unsigned long long rng_state;
    float *probs;                     /* [vocab] the logits being turned into probabilities */
    ProbIndex *probindex;             /* [vocab] candidates */
    int *recent, n_recent, head;      /* [penalty_last_n] accepted tokens, a ring */
    int *count;                       /* [vocab] occurrences among the recent ones */
    unsigned *seen, stamp;            /* [vocab] seen[t] == stamp: t's penalty applied in this call */
    const hg_allocator *alloc;
};

static int penalties_on(const hg_sampler_params *p) {
    return (p->repeat_penalty > 0 && p->repeat_penalty != 1) || p->frequency_penalty != 0 || p->presence_penalty != 0;
}

hg_sampler *hg_sampler_new(const hg_model *m, const hg_sampler_params *params, hg_error *e) {
    hg_sampler_params p = params ? *params : (hg_sampler_params){0};
    if (!m) return hg_set_error(e, HG_E_ARG, "no model given"), NULL;
    if (!(p.temperature >= 0 && p.temperature <= 1e6))
        return hg_set_error(e, HG_E_ARG, "temperature must be in [0, 1e6], got %g", (double)p.temperature), NULL;
    if (!(p.top_p >= 0 && p.top_p <= 1)) return hg_set_error(e, HG_E_ARG, "top_p must be in [0, 1], got %g", (double)p.top_p), NULL;
    if (!(p.min_p >= 0 && p.min_p <= 1)) return hg_set_error(e, HG_E_ARG, "min_p must be in [0, 1], got %g", (double)p.min_p), NULL;
    if (p.top_k < 0) return hg_set_error(e, HG_E_ARG, "top_k must be 0 (off) or positive, got %d", p.top_k), NULL;
    if (!(p.repeat_penalty >= 0 && p.repeat_penalty <= 100))
        return hg_set_error(e, HG_E_ARG, "repeat_penalty must be in [0, 100], got %g", (double)p.repeat_penalty), NULL;
    if (!(fabsf(p.frequency_penalty) <= 100) || !(fabsf(p.presence_penalty) <= 100))
        return hg_set_error(e, HG_E_ARG, "frequency and presence penalties must be in [-100, 100]"), NULL;
    if (p.penalty_last_n < 0 || p.penalty_last_n > (1 << 20))
        return hg_set_error(e, HG_E_ARG, "penalty_last_n must be in [0, %d], got %d", 1 << 20, p.penalty_last_n), NULL;
    if (!p.penalty_last_n) p.penalty_last_n = 64;
    const hg_allocator *a = &m->alloc;
    int vocab = m->c.vocab_size;
    hg_sampler *s = (hg_sampler *)hg_buf_alloc(a, 1, sizeof *s);
    if (!s) return NOMEM(e, "sampler"), NULL;
    s->p = p;
    s->alloc = a;
    s->vocab_size = vocab;
    s->rng_state = p.seed ? p.seed : (unsigned long long)time(NULL);
    s->probs = (float *)hg_buf_alloc(a, (size_t)vocab, sizeof(float));
    s->probindex = (ProbIndex *)hg_buf_alloc(a, (size_t)vocab, sizeof(ProbIndex));
    s->recent = (int *)hg_buf_alloc(a, (size_t)p.penalty_last_n, sizeof(int));
    s->count = (int *)hg_buf_alloc(a, (size_t)vocab, sizeof(int));
    s->seen = (unsigned *)hg_buf_alloc(a, (size_t)vocab, sizeof(unsigned));
    if (!s->probs || !s->probindex || !s->recent || !s->count || !s->seen) {
        hg_sampler_free(s);
        return NOMEM(e, "sampler"), NULL;
    }
    return s;
}

void hg_sampler_free(hg_sampler *s) {
    if (!s) return;
    const hg_allocator *a = s->alloc;
    hg_buf_free(a, s->probs);
    hg_buf_free(a, s->probindex);
    hg_buf_free(a, s->recent);
    hg_buf_free(a, s->count);
    hg_buf_free(a, s->seen);
    hg_buf_free(a, s);
}

void hg_sampler_reset(hg_sampler *s) {
    s->n_recent = s->head = 0;
    memset(s->count, 0, (size_t)s->vocab_size * sizeof(int));
}

void hg_sampler_accept(hg_sampler *s, int token) {
    if (token < 0 || token >= s->vocab_size) return;
    int cap = s->p.penalty_last_n;
    if (s->n_recent == cap) s->count[s->recent[s->head]]--;   /* the oldest leaves the window */
    else s->n_recent++;
    s->recent[s->head] = token;
    s->count[token]++;
    s->head = (s->head + 1) % cap;
}

/* llama.cpp's penalties: repetition divides a positive logit (multiplies a negative one), then
 * frequency (per occurrence) and presence (once) are subtracted */
static void apply_penalties(hg_sampler *s, float *logits) {
    const hg_sampler_params *p = &s->p;
    if (++s->stamp == 0) {                /* the stamps wrapped: start them over */
        memset(s->seen, 0, (size_t)s->vocab_size * sizeof(unsigned));
        s->stamp = 1;
    }
    for (int i = 0; i < s->n_recent; i++) {
        int t = s->recent[i], c = s->count[t];
        if (c <= 0 || s->seen[t] == s->stamp) continue;   /* each token once, however often it is in the window */
        s->seen[t] = s->stamp;
        if (p->repeat_penalty > 0 && p->repeat_penalty != 1)
            logits[t] = logits[t] > 0 ? logits[t] / p->repeat_penalty : logits[t] * p->repeat_penalty;
        logits[t] -= (float)c * p->frequency_penalty + p->presence_penalty;
    }
}

static int prob_desc(const void *a, const void *b) {
    float x = ((const ProbIndex *)a)->prob, y = ((const ProbIndex *)b)->prob;
    return x > y ? -1 : x < y ? 1 : ((const ProbIndex *)a)->index - ((const ProbIndex *)b)->index;
}

/* Moves the k first candidates of pi[0..n) in prob_desc's order (a total order: ties go to the lower
 * index) to pi[0..k), in no particular order: a quickselect, O(n) expected, so top-k need not sort
 * the whole vocabulary each draw (qsort of 32,000 candidates took milliseconds a token). After 64
 * partitions (inputs that defeat the median-of-three pivot) the rest is sorted instead. */
static void select_first(ProbIndex *pi, int n, int k) {
    int lo = 0, hi = n;               /* the k-th candidate's place lies in [lo, hi) */
    for (int rounds = 0; hi - lo > 1; rounds++) {
        if (rounds == 64) {
            qsort(pi + lo, (size_t)(hi - lo), sizeof *pi, prob_desc);
            return;
        }
        int mid = lo + (hi - lo) / 2;     /* median of three as the pivot, moved to hi - 1 */
        if (prob_desc(&pi[mid], &pi[lo]) < 0) swap_pi(&pi[mid], &pi[lo]);
        if (prob_desc(&pi[hi - 1], &pi[lo]) < 0) swap_pi(&pi[hi - 1], &pi[lo]);
        if (prob_desc(&pi[mid], &pi[hi - 1]) < 0) swap_pi(&pi[mid], &pi[hi - 1]);
        ProbIndex pivot = pi[hi - 1];
        int store = lo;                   /* those before the pivot to [lo, store) */
        for (int i = lo; i < hi - 1; i++)
            if (prob_desc(&pi[i], &pivot) < 0) swap_pi(&pi[i], &pi[store++]);
        swap_pi(&pi[store], &pi[hi - 1]);
        if (store == k || store == k - 1) return;   /* pi[0..store] or pi[0..store) is exactly the first k */
        if (store < k) lo = store + 1;
        else hi = store;
    }
}

/* top-k, min-p and top-p over the probabilities p[0..n) (a softmax): the candidates, most
 * probable first, renormalized implicitly by drawing coin * their mass */
static int sample_filtered(hg_sampler *s, const float *p, int n, float coin) {
    const hg_sampler_params *sp = &s->p;
    ProbIndex *pi = s->probindex;
    float pmax = 0;
    for (int i = 0; i < n; i++) pmax = p[i] > pmax ? p[i] : pmax;
    float floor_p = sp->min_p > 0 ? sp->min_p * pmax : 0;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (p[i] >= floor_p) pi[k++] = (ProbIndex){p[i], i};
    if (sp->top_k > 0 && k > sp->top_k) {
        select_first(pi, k, sp->top_k);
        k = sp->top_k;
    }
    qsort(pi, (size_t)k, sizeof *pi, prob_desc);
    double mass = 0;
    int kept = 0;
    for (; kept < k; kept++) {                /* top-p: stop once the mass passes top_p */
        mass += pi[kept].prob;
        if (sp->top_p > 0 && sp->top_p < 1 && mass > sp->top_p) { kept++; break; }
    }
    float r = coin * (float)mass, cdf = 0;
    for (int i = 0; i < kept; i++) {
        cdf += pi[i].prob;
        if (r < cdf) return pi[i].index;
    }
    return pi[kept > 0 ? kept - 1 : 0].index;
}

int hg_sampler_sample(hg_sampler *s, const float *logits) {
    float *p = s->probs;
    int n = s->vocab_size;
    memcpy(p, logits, (size_t)n * sizeof(float));
    if (penalties_on(&s->p)) apply_penalties(s, p);
    if (s->p.temperature == 0.0f) return sample_argmax(p, n);
    for (int i = 0; i < n; i++) p[i] /= s->p.temperature;
    softmax(p, n);
    float coin = random_f32(&s->rng_state);
    if (s->p.top_k > 0 || s->p.min_p > 0) return sample_filtered(s, p, n, coin);
    if (s->p.top_p <= 0 || s->p.top_p >= 1) return sample_mult(p, n, coin);
    return sample_topp(p, n, s->p.top_p, s->probindex, coin);
}
