/* higgs.c implementation part: per-layer KV cache types by the linearity theorem (--kv-bits).
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after src/sensitivity.h; not a header of its own.
 *
 * HIGGS's linearity theorem says the damage of independent errors in different layers adds up.
 * For the cache: KL(exact || cache) ~ sum over layers of D_K(l, type of l's keys) + D_V(l, type of
 * l's values), each D measured alone: layer l's keys (or values) in that type, every other cache
 * exact, KL on sequences the model samples itself (data-free, as the weights' alphas) or on a text.
 * The DP of src/alloc.h then picks each layer's key and value types for the least predicted KL at
 * an average width (bits per stored value, scales and ranges included). */

static const int kv_alloc_types[HG_KV_ALLOC_N] = {HG_KV_Q3, HG_KV_Q4, HG_KV_Q5, HG_KV_Q8, HG_KV_F16};
#define KV_ALLOC_N HG_KV_ALLOC_N

int hg_kv_alloc_type(int j) { return j >= 0 && j < KV_ALLOC_N ? kv_alloc_types[j] : -1; }

/* bytes per KG positions of one kv head's keys (side 0: codes or elements, scales, ranges) or values */
static uint64_t kv_side_group_bytes(int type, int hd, int side) {
    if (side) return kv_group_bytes(KA_VALUES, type, type, hd) + kv_group_bytes(KA_VSCALE, type, type, hd);
    return kv_group_bytes(KA_KEYS, type, type, hd) + kv_group_bytes(KA_KSCALE, type, type, hd) +
           kv_group_bytes(KA_KRANGE, type, type, hd);
}

/* mean KL(base || the model with cache types `types`) over the sequences; base_lp: log-probabilities */
static int kv_alloc_kl(hg_model *m, const int *types, const hg_ids *seqs, int n_seq, int len, const float *base_lp,
                       double *kl, hg_error *e) {
    int vocab = m->c.vocab_size, rc = 0;
    hg_session_params sp = {.n_ctx = len, .kv_layers = types, .n_batch = len - 1};
    hg_session *s = hg_session_new(m, &sp, e);
    if (!s) return e ? e->code : HG_E_NOMEM;
    double sum = 0;
    for (int q = 0; q < n_seq && !rc; q++) {
        if ((rc = hg_session_eval(s, seqs->v + (size_t)q * len, len - 1, 0, HG_EVAL_ALL_LOGITS, e))) break;
        for (int p = 0; p < len - 1; p++) {
            const float *lg = hg_session_logits(s, p), *lb = base_lp + ((size_t)q * (len - 1) + p) * vocab;
            double lse = nll_of(lg, vocab, 0) + lg[0], k = 0;
            for (int i = 0; i < vocab; i++) k += exp((double)lb[i]) * ((double)lb[i] - ((double)lg[i] - lse));
            sum += k > 0 ? k : 0;
        }
    }
    hg_session_free(s);
    *kl = sum / ((double)n_seq * (len - 1));
    return rc;
}

int hg_kv_allocate(hg_model *m, const hg_kv_alloc_params *p, int *types, double *table, hg_error *e) {
    const hg_config *c = &m->c;
    int L = c->n_layers, hd = c->head_dim, vocab = c->vocab_size, rc = 0, n_seq = 0, len = 0;
    if (!p || !types) return hg_set_error(e, HG_E_ARG, "kv allocate: a bad argument");
    for (int i = 0; i < KV_ALLOC_N; i++)
        if (!hg_kv_type_fits(kv_alloc_types[i], hd))
            return hg_set_error(e, HG_E_ARG, "--kv-bits needs a head size of 32, 64, 128 or 256; this model's is %d", hd);
    double lo = hg_kv_type_bits(HG_KV_Q3, hd, 0) + hg_kv_type_bits(HG_KV_Q3, hd, 1);
    double hi = hg_kv_type_bits(HG_KV_F16, hd, 0) + hg_kv_type_bits(HG_KV_F16, hd, 1);
    if (!(p->bits * 2 >= lo && p->bits * 2 <= hi))
        return hg_set_error(e, HG_E_ARG, "--kv-bits %g is not in [%.2f, %.2f] (q3 .. f16 with this head size)", p->bits,
                            lo / 2, hi / 2);
    int ctx = p->ctx ? p->ctx : c->seq_len < 128 ? c->seq_len : 128;
    if (ctx < 2 || ctx > c->seq_len || ctx > HG_MAX_BATCH + 1)
        return hg_set_error(e, HG_E_ARG, "kv allocate: sequences of %d tokens (2 .. %d)", ctx, HG_MAX_BATCH + 1);
    hg_ids seqs = {0};
    float *base = NULL;
    double *D = (double *)calloc((size_t)2 * L * KV_ALLOC_N, sizeof(double));
    uint64_t *cost = (uint64_t *)calloc((size_t)2 * L * KV_ALLOC_N, sizeof(uint64_t));
    int *cfg = (int *)malloc(sizeof(int) * 2 * (size_t)L), *choice = (int *)malloc(sizeof(int) * 2 * (size_t)L);
    hg_session_params sp = {.n_ctx = ctx, .n_batch = ctx - 1};
    hg_session *s = hg_session_new(m, &sp, e);
    if (!D || !cost || !cfg || !choice || !s) { rc = s ? NOMEM(e, "kv allocate") : e ? e->code : HG_E_NOMEM; goto done; }
    hg_sens_params sens = {p->calib, p->calib_len, ctx, p->seed, 0, 0, NULL, NULL, NULL};
    if ((rc = sens_sequences(s, &sens, &seqs, &n_seq, &len, e))) goto done;
    if (!(base = (float *)malloc(sizeof(float) * (size_t)n_seq * (len - 1) * vocab))) { rc = NOMEM(e, "kv allocate"); goto done; }
    for (int q = 0; q < n_seq; q++) {   /* the exact cache's log-probabilities */
        if ((rc = hg_session_eval(s, seqs.v + (size_t)q * len, len - 1, 0, HG_EVAL_ALL_LOGITS, e))) goto done;
        for (int t = 0; t < len - 1; t++) {
            const float *lg = hg_session_logits(s, t);
            float *lb = base + ((size_t)q * (len - 1) + t) * vocab;
            double lse = nll_of(lg, vocab, 0) + lg[0];
            for (int i = 0; i < vocab; i++) lb[i] = (float)((double)lg[i] - lse);
        }
    }
    for (int item = 0; item < 2 * L; item++)   /* item l: layer l's keys; L + l: its values */
        for (int j = 0; j < KV_ALLOC_N; j++) {
            int side = item >= L, type = kv_alloc_types[j];
            cost[(size_t)item * KV_ALLOC_N + j] = kv_side_group_bytes(type, hd, side);
            if (type == HG_KV_F16) continue;   /* f16 measures 0 (KL x1000 0.0000 on every model tried) */
            for (int i = 0; i < 2 * L; i++) cfg[i] = HG_KV_F32;
            cfg[item] = type;
            if ((rc = kv_alloc_kl(m, cfg, &seqs, n_seq, len, base, &D[(size_t)item * KV_ALLOC_N + j], e))) goto done;
            if (p->progress) p->progress(p->user, item * (KV_ALLOC_N - 1) + j + 1, 2 * L * (KV_ALLOC_N - 1));
        }
    /* the budget: bits per value over both sides of every layer, in bytes per KG positions of a head */
    uint64_t budget = (uint64_t)floor(p->bits * hd * KG / 8.0 * 2 * L + 1e-6);
    double best = hg_dp_allocate(2 * L, KV_ALLOC_N, cost, D, budget, 1, choice);
    if (best == INFINITY) { rc = hg_set_error(e, HG_E_ARG, "--kv-bits %g: no choice of types fits", p->bits); goto done; }
    for (int i = 0; i < 2 * L; i++) types[i] = kv_alloc_types[choice[i]];
    if (table) memcpy(table, D, sizeof(double) * 2 * (size_t)L * KV_ALLOC_N);
done:
    hg_session_free(s);
    free(seqs.v);
    free(base);
    free(D);
    free(cost);
    free(cfg);
    free(choice);
    return rc;
}
