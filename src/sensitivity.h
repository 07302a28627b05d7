/* higgs.c implementation part: per-layer sensitivities (alphas) for quantize --target-bits.
 * Included by higgs.h under HIGGS_IMPLEMENTATION; not a header of its own.
 *
 * The linearity theorem of HIGGS: for moderate errors, the damage of
 * quantization is additive, metric(Q) - metric(base) ~ sum_l alpha_l t_l^2,
 * with t_l^2 = ||W_l - Q(W_l)||^2 / ||W_l||^2. alpha_l is measured here by
 * adding Gaussian noise of relative size t to layer l alone (all others
 * exact) at one or a few t^2 in the linear range, and fitting a line through
 * the origin. Data-free metric: KL(original || noisy) on sequences the model
 * samples itself (temperature 1, from BOS): its own text, no data. On uniformly
 * random tokens (--random-tokens) the model's predictions move more under noise
 * than on text, and the alphas predicted ~1.4x the measured loss (docs/linearity.md);
 * on its own samples the prediction is within a few % of held-out text's.
 * Data-aware metric: perplexity on a calibration text.
 * quantize --target-bits reads the file this writes. */

/* Data-free (KL): one noise level, one draw. KL(base || noisy) has no first-order term (zero
 * slope at zero noise), so one draw measures alpha * t^2; on the bundled model it agrees with four
 * levels of antithetic pairs (8 passes per layer) better than those agree with themselves under
 * another seed (docs/linearity.md). Data-aware (perplexity on a text): the first-order term
 * (gradient . noise) is large, so each of four levels is an antithetic pair, +noise then -noise,
 * which cancels it in the mean. */
static const double k_t2_kl[] = {0.01};
static const double k_t2_ppl[] = {0.0025, 0.005, 0.01, 0.02};
#define MAX_T2 4
#define KL_SEQS 4

static double gauss_noise(unsigned long long *state) {
    double u1 = (random_u32(state) + 1.0) / 4294967297.0, u2 = random_u32(state) / 4294967296.0;
    return sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2);
}

static double nll_of(const float *logits, int vocab, int target) {
    float maxv = logits[0];
    for (int i = 1; i < vocab; i++)
        if (logits[i] > maxv) maxv = logits[i];
    double sum = 0;
    for (int i = 0; i < vocab; i++) sum += exp((double)logits[i] - maxv);
    return log(sum) + maxv - logits[target];
}

/* The residual stream entering every layer, for every scored token of the unperturbed model:
 * with noise in layer l's weights, the layers before l compute what they computed without it,
 * so the noisy passes start at layer l from here. That skips half the layers on average, and
 * the metric comes out bit for bit the same. */
typedef struct {
    float *x;                         /* [layer][sequence * len + position][dim] */
    float **rec;                      /* n_layers pointers: where one batch records */
    int n_layers, rows, dim;
} Resid;

static float *resid_at(const Resid *r, int layer, int row) {
    return r->x + ((size_t)layer * r->rows + row) * r->dim;
}

/* the metric for the current weights: mean KL against base_logp, or perplexity. With resid: from
 * layer `first` on (the pass that records it, first < 0, runs every layer and fills it) */
static double sens_metric(hg_session *s, const hg_ids *seqs, int n_seq, int len, const float *base_logp, float *logp,
                          const Resid *resid, int first) {
    int vocab = s->m->c.vocab_size;
    double total = 0;
    long count = 0;
    for (int q = 0; q < n_seq; q++) {
        const int *tok = seqs->v + (size_t)q * len;
        for (int p = 0; p + 1 < len; p += s->batch) {
            int B = len - 1 - p < s->batch ? len - 1 - p : s->batch;
            Pass pass = {B, p, 0, 1, 0, NULL, NULL, NULL};
            if (resid && first < 0) {
                for (int l = 0; l < resid->n_layers; l++) resid->rec[l] = resid_at(resid, l, q * len + p);
                pass.record = resid->rec;
            } else if (resid && first > 0) {
                memcpy(s->x, resid_at(resid, first, q * len + p), (size_t)B * resid->dim * sizeof(float));
                pass.first_layer = first;
            }
            forward(s, &pass, tok + p);
            for (int b = 0; b < B; b++) {
                const float *lg = s->logits_all + (size_t)b * vocab;
                double lse = nll_of(lg, vocab, 0) + lg[0];     /* log-sum-exp */
                size_t at = ((size_t)q * len + p + b) * vocab;
                count++;
                if (logp) {                                    /* recording the reference */
                    for (int v = 0; v < vocab; v++) logp[at + v] = (float)(lg[v] - lse);
                } else if (base_logp) {                        /* KL(base || current) */
                    double kl = 0;
                    for (int v = 0; v < vocab; v++) kl += exp(base_logp[at + v]) * (base_logp[at + v] - (lg[v] - lse));
                    total += kl;
                } else total += lse - lg[tok[p + b + 1]];      /* NLL */
            }
        }
    }
    return base_logp ? total / count : exp(total / count);
}

/* n sequences of len tokens, each from the tokenizer's BOS (else a random token), every next token
 * drawn from the model's own distribution (temperature 1): text in the model's regime, no data */
static int sample_sequences(hg_session *s, int n, int len, unsigned long long *rng, hg_ids *out, hg_error *e) {
    const hg_tokenizer *t = &s->m->tok;
    int vocab = s->m->c.vocab_size;
    float *p = (float *)hg_buf_alloc(&s->m->alloc, (size_t)vocab, sizeof(float));
    if (!p) return NOMEM(e, "sampling buffer");
    int rc = 0;
    for (int q = 0; q < n && !rc; q++) {
        int tok = t->bos >= 0 && t->bos < vocab ? t->bos : (int)(random_u32(rng) % (unsigned)vocab);
        for (int pos = 0; pos < len; pos++) {
            if (hg_ids_push(out, tok)) { rc = NOMEM(e, "token ids"); break; }
            if (pos + 1 == len) break;
            if ((rc = hg_session_eval(s, &tok, 1, pos, 0, e))) break;
            memcpy(p, hg_session_logits(s, -1), (size_t)vocab * sizeof(float));
            softmax(p, vocab);
            tok = sample_mult(p, vocab, random_f32(rng));
        }
    }
    hg_buf_free(&s->m->alloc, p);
    return rc;
}

/* the sequences the metric runs on: windows of the calibration text, or the model's own samples */
static int sens_sequences(hg_session *s, const hg_sens_params *p, hg_ids *seqs, int *n_seq, int *len, hg_error *e) {
    const hg_tokenizer *t = &s->m->tok;
    int vocab = s->m->c.vocab_size;
    if (p->calib) {                   /* data-aware: windows of the calibration text */
        hg_ids all = {0};
        int rc = hg_tokenize(s->m, p->calib, p->calib_len, (t->flags & HG_TOK_ADD_BOS) && t->bos >= 0, &all, e);
        *len = p->ctx;
        *n_seq = all.n / *len < 8 ? all.n / *len : 8;
        if (!rc && *n_seq < 1) rc = hg_set_error(e, HG_E_ARG, "the calibration text is too short for one window of %d tokens", *len);
        for (int i = 0; !rc && i < *n_seq * *len; i++)
            if (hg_ids_push(seqs, all.v[i])) rc = NOMEM(e, "token ids");
        free(all.v);
        return rc;
    }
    *len = p->ctx < 128 ? p->ctx : 128;   /* data-free: sequences the model samples itself */
    *n_seq = KL_SEQS;
    unsigned long long rng = p->seed ? p->seed : 1234;
    if (!p->random_tokens) return sample_sequences(s, *n_seq, *len, &rng, seqs, e);
    for (int i = 0; i < *n_seq * *len; i++)
        if (hg_ids_push(seqs, (int)(random_u32(&rng) % (unsigned)vocab))) return NOMEM(e, "token ids");
    return 0;
}

/* every linear layer, in file order */
static void linear_weights(hg_model *m, Weight **lin) {
    for (int l = 0; l < m->c.n_layers; l++) {
        Layer *L = &m->layers[l];
        Weight *w[7] = {&L->wq, &L->wk, &L->wv, &L->wo, &L->w_gate, &L->w_up, &L->w_down};
        for (int k = 0; k < 7; k++) lin[7 * l + k] = w[k];
    }
}

/* alpha of one linear layer: noise of relative size t at each t^2 in its weights, the metric's
 * change, a line through the origin; deltas[n_t2] receives the changes */
static int layer_alpha(hg_session *s, Weight *w, int i, const hg_sens_params *p, const hg_ids *seqs, int n_seq, int len,
                       const float *base_logp, double base, const Resid *rs, double *alpha, double *delta, hg_error *e) {
    const hg_allocator *a = &s->m->alloc;
    Weight saved = *w;
    const hg_tensor *src = saved.t;
    if (saved.quantized) return hg_set_error(e, HG_E_ARG, "sensitivities need a full-precision model (%s is quantized)", src->name);
    size_t numel = (size_t)src->rows * src->cols;
    float *w0 = (float *)hg_buf_alloc(a, numel, sizeof(float)), *wn = (float *)hg_buf_alloc(a, numel, sizeof(float));
    if (!w0 || !wn) {
        hg_buf_free(a, w0);
        hg_buf_free(a, wn);
        return NOMEM(e, "a layer's weights");
    }
    double norm2 = 0;
    for (uint64_t r = 0; r < src->rows; r++) hg_dequant_row(w0 + r * src->cols, src, (int)r);
    for (size_t k = 0; k < numel; k++) norm2 += (double)w0[k] * w0[k];
    hg_tensor noisy = *src;
    noisy.type = HG_F32;
    noisy.row_bytes = src->cols * 4;
    noisy.nbytes = numel * 4;
    noisy.data = (const uint8_t *)wn;
    w->t = &noisy;
    w->quantized = 0;
    const double *k_t2 = p->calib ? k_t2_ppl : k_t2_kl;
    int n_t2 = p->calib ? 4 : 1, n_draws = p->calib ? 2 : 1;
    for (int j = 0; j < n_t2; j++) {
        delta[j] = 0;
        for (int sd = 0; sd < n_draws; sd++) {   /* sd odd: the same draw, subtracted */
            unsigned long long rng = 0x9E3779B97F4A7C15ull * (unsigned long long)(1 + i * 977 + j * 31 + sd / 2) ^ p->seed;
            double sigma = sqrt(norm2 * k_t2[j] / (double)numel) * (sd & 1 ? -1.0 : 1.0);
            for (size_t k = 0; k < numel; k++) wn[k] = (float)(w0[k] + sigma * gauss_noise(&rng));
            double v = sens_metric(s, seqs, n_seq, len, base_logp, NULL, rs, i / 7);
            delta[j] += (p->calib ? v - base : v) / n_draws;
        }
    }
    *w = saved;
    *alpha = hg_fit_alpha(k_t2, delta, n_t2);
    hg_buf_free(a, w0);
    hg_buf_free(a, wn);
    return 0;
}

int hg_sensitivities(hg_model *m, hg_session *s, const hg_sens_params *p, FILE *f, hg_error *e) {
    const hg_config *c = &m->c;
    if (!p || !f || s->m != m) return hg_set_error(e, HG_E_ARG, "sensitivities: a bad argument");
    if (p->ctx < 2 || p->ctx > s->n_ctx)
        return hg_set_error(e, HG_E_ARG, "sensitivities: sequences of %d tokens in a session of %d", p->ctx, s->n_ctx);
    int vocab = c->vocab_size, n_seq = 0, len = 0, rc = session_reserve(s, p->ctx, e);   /* its passes call forward() */
    if (rc) return rc;
    hg_ids seqs = {0};
    Resid resid = {NULL, NULL, c->n_layers, 0, c->dim};
    float *base_logp = NULL;
    Weight **lin = NULL;
    if ((rc = sens_sequences(s, p, &seqs, &n_seq, &len, e))) goto done;
    /* the residual streams of the unperturbed model (Resid), when they fit in 1 GiB */
    resid.rows = n_seq * len;
    size_t resid_bytes = (size_t)c->n_layers * (size_t)n_seq * (size_t)len * (size_t)c->dim * sizeof(float);
    if (!p->no_resume && resid_bytes <= ((size_t)1 << 30)) {
        resid.x = (float *)malloc(resid_bytes);
        resid.rec = (float **)malloc((size_t)c->n_layers * sizeof(float *));
        if (!resid.x || !resid.rec) free(resid.x), free(resid.rec), resid.x = NULL, resid.rec = NULL;
    }
    if (!resid.x && !p->no_resume && p->note) {
        char msg[160];
        snprintf(msg, sizeof msg, "sensitivities: every noisy pass runs the whole model (the per-layer inputs would take %.1f GB)",
                 resid_bytes / 1e9);
        p->note(p->user, msg);
    }
    const Resid *rs = resid.x ? &resid : NULL;
    double base = 0;
    if (!p->calib) {
        base_logp = (float *)calloc((size_t)n_seq * len * vocab, sizeof(float));
        if (!base_logp) { rc = NOMEM(e, "the reference distributions"); goto done; }
        sens_metric(s, &seqs, n_seq, len, NULL, base_logp, rs, -1);
    } else base = sens_metric(s, &seqs, n_seq, len, NULL, NULL, rs, -1);
    int n_lin = 7 * c->n_layers;
    lin = (Weight **)hg_buf_alloc(&m->alloc, (size_t)n_lin, sizeof(Weight *));
    if (!lin) { rc = NOMEM(e, "layer list"); goto done; }
    linear_weights(m, lin);
    const double *k_t2 = p->calib ? k_t2_ppl : k_t2_kl;
    int n_t2 = p->calib ? 4 : 1, n_draws = p->calib ? 2 : 1;
    fprintf(f, "# higgs.c layer sensitivities: metric(noisy) - metric(base) ~ alpha * t^2\n");
    fprintf(f, "model_crc %08x%08x\nmetric %s\ninput %s\nbase %.9g\nsequences %d x %d tokens, %d noise draw%s per t2\nt2",
            m->file.meta_crc, m->file.data_crc, p->calib ? "ppl" : "kl", p->calib ? "text" : p->random_tokens ? "random" : "sampled",
            base, n_seq, len, n_draws, p->calib ? "s (an antithetic pair)" : "");
    for (int i = 0; i < n_t2; i++) fprintf(f, " %g", k_t2[i]);
    fprintf(f, "\n");
    double start = now_s();
    for (int i = 0; i < n_lin; i++) {
        double alpha = 0, delta[MAX_T2] = {0};
        if ((rc = layer_alpha(s, lin[i], i, p, &seqs, n_seq, len, base_logp, base, rs, &alpha, delta, e))) goto done;
        fprintf(f, "%s %.9g", lin[i]->t->name, alpha);
        for (int j = 0; j < n_t2; j++) fprintf(f, " %.6g", delta[j]);
        fprintf(f, "\n");
        double secs = now_s() - start;
        if (p->progress) p->progress(p->user, i + 1, n_lin, lin[i]->t->name, alpha, secs / (i + 1) * (n_lin - i - 1));
    }
done:
    hg_buf_free(&m->alloc, lin);
    free(base_logp);
    free(seqs.v);
    free(resid.x);
    free(resid.rec);
    return rc;
}
