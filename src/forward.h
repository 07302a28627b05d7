/* higgs.c implementation part: the forward pass. One definition of the layer sequence serves
 * prompts (many tokens a pass) and decode (one). Included by higgs.h under HIGGS_IMPLEMENTATION;
 * not a header of its own. */

/* ------------------------------------------------------- forward pass */

/* the sum of squares in 8 double lanes (vectorizes; a single chain of dependent adds took ~2 us per call) */
static void rmsnorm(float *o, const float *x, const float *w, int n, float eps) {
    double part[8] = {0}, ss = 0;
    int i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; k++) part[k] += (double)x[i + k] * x[i + k];
    for (int k = 0; k < 8; k++) ss += part[k];
    for (; i < n; i++) ss += (double)x[i] * x[i];
    float inv = (float)(1.0 / sqrt(ss / n + eps));
    for (int i = 0; i < n; i++) o[i] = w[i] * (x[i] * inv);
}

/* x += b (a q/k/v bias; none when b is NULL) */
static void add_bias(float *x, const hg_tensor *b, int n) {
    if (!b) return;
    const float *v = (const float *)b->data;
    for (int i = 0; i < n; i++) x[i] += v[i];
}

static void rope_apply(float *v, int n_heads, int head_dim, const float *cs, const float *sn) {
    int half = head_dim / 2;
    for (int h = 0; h < n_heads; h++) {
        float *p = v + h * head_dim;
        for (int i = 0; i < half; i++) {
            float a = p[i], b = p[i + half];
            p[i] = a * cs[i] - b * sn[i];
            p[i + half] = b * cs[i] + a * sn[i];
        }
    }
}

/* One pass of the layer sequence: B tokens at positions pos0.. . decode: the one-token kernels
 * (matrix-vector products, B = 1); else the prompt kernels (each weight row read and decoded once
 * for all B tokens). The two give the same logits for int8 formats; the float paths may round
 * differently, and each caller keeps the kind it has always used. */
typedef struct {
    int B, pos0;
    int decode;
    int all_logits;                   /* every token's logits (logits_all), else the last one's (logits) */
    int first_layer;                  /* > 0: s->x holds the residual stream entering this layer */
    float *const *record;             /* record[l] receives the stream entering layer l (B x dim) */
    hg_session *const *rows;          /* several conversations (hg_sessions_step): row b is the next token of
                                         rows[b], at position pos[b], in its own KV cache; NULL: every row is
                                         the session's own, at pos0 + b */
    const int *pos;
} Pass;

static hg_session *row_session(hg_session *s, const Pass *p, int b) { return p->rows ? p->rows[b] : s; }
static int row_pos(const Pass *p, int b) { return p->rows ? p->pos[b] : p->pos0 + b; }

/* positions the pass's attention reaches: one past its furthest token */
static int pass_reach(const Pass *p) {
    int end = p->rows ? 0 : p->pos0 + p->B;
    if (p->rows)
        for (int b = 0; b < p->B; b++) end = p->pos[b] + 1 > end ? p->pos[b] + 1 : end;
    return end;
}

/* outs[i] = ws[i] x for the pass's tokens, then the epilogue (EPI_ADD: acc += outs[0]; EPI_GLU:
 * outs[0] = silu(outs[0]) * outs[1]) */
static void project(hg_session *s, const Pass *p, int job, float *const *outs, const float *x, const Weight *const *ws,
                    int n, int epi, float *acc) {
    if (p->decode && p->B == 1) {
        matmul_n(s, job, outs, x, ws, n, epi, acc);
        return;
    }
    if (p->decode) matmul_multi_n(s, outs, x, p->B, ws, n);   /* several conversations' next tokens */
    else matmul_batch_n(s, outs, x, p->B, ws, n);
    size_t total = (size_t)p->B * ws[0]->t->rows;
    if (epi == EPI_ADD)
        for (size_t i = 0; i < total; i++) acc[i] += outs[0][i];
    else if (epi == EPI_GLU) silu_mul(outs[0], outs[1], 0, total);
}

typedef struct { hg_session *s; const Pass *p; int layer, spans; } AttnJob;

/* task = ((b * kv heads + kv head) * groups + group) * spans + span: token b's query heads
 * h0..h0+G-1 attend to positions 0..pos (from pos + 1 - window with a sliding window). A cache
 * longer than ATT_SPAN positions is split into spans of ATT_SPAN, each a task of its own (so decode
 * spreads over the pool along the cache, not only over heads), combined after (attend_combine).
 * Spans are fixed positions, so the result does not depend on the threads, and decode and prompt
 * passes agree bit for bit. */
static void attention_task(void *ctx, int task, int thread) {
    const AttnJob *j = (const AttnJob *)ctx;
    hg_session *s = j->s;
    const hg_config *c = &s->m->c;
    int span = task % j->spans, head_task = task / j->spans;
    int groups = ATT_GROUPS(c), per_token = c->n_kv_heads * groups, b = head_task / per_token;
    int kvh = head_task % per_token / groups, grp = head_task % groups, hd = c->head_dim, rep = c->n_heads / c->n_kv_heads;
    int h0 = kvh * rep + ATT_G * grp, G = rep - ATT_G * grp < ATT_G ? rep - ATT_G * grp : ATT_G;
    int pos = row_pos(j->p, b), window = s->m->window;
    int t0 = window && pos >= window ? pos + 1 - window : 0, a = span * ATT_SPAN, end = pos + 1;
    size_t q_dim = (size_t)c->n_heads * hd, stride = ATT_ROW;
    const float *qs[ATT_G] = {0};
    float *atts[ATT_G] = {0}, *outs[ATT_G] = {0}, ml[2 * ATT_G];
    for (int g = 0; g < G; g++) {
        qs[g] = s->q + b * q_dim + (size_t)(h0 + g) * hd;
        atts[g] = s->att + ((size_t)thread * ATT_G + g) * stride;
        outs[g] = j->spans == 1 ? s->xb + b * q_dim + (size_t)(h0 + g) * hd
                                : s->span_out + (((size_t)b * c->n_heads + h0 + g) * j->spans + span) * (hd + 2);
    }
    KVHead h = kv_head(&row_session(s, j->p, b)->kv, j->layer, kvh, pos);
    if (j->spans == 1) {
        attend(outs, atts, qs, G, &h, hd, t0, end);
        return;
    }
    if (end > a + ATT_SPAN) end = a + ATT_SPAN;
    if (a < t0) a = t0;
    if (a >= end) {                   /* nothing of this span: an empty result */
        for (int g = 0; g < G; g++) outs[g][hd] = 0, outs[g][hd + 1] = 0;
        return;
    }
    attend_span(outs, atts, qs, G, &h, hd, a, end, ml);
    for (int g = 0; g < G; g++) outs[g][hd] = ml[2 * g], outs[g][hd + 1] = ml[2 * g + 1];
}

/* the pass's attention in layer l: every token's heads (and spans), then the spans combined */
static void attention(hg_session *s, const Pass *p, int l) {
    const hg_config *c = &s->m->c;
    int spans = (pass_reach(p) + ATT_SPAN - 1) / ATT_SPAN, hd = c->head_dim;
    AttnJob aj = {s, p, l, spans};
    hg_pool_run(s->m->pool, attention_task, &aj, p->B * c->n_kv_heads * ATT_GROUPS(c) * spans);
    if (spans == 1) return;
    size_t q_dim = (size_t)c->n_heads * hd;
    for (int b = 0; b < p->B; b++) {
        int rotated = kv_values_rotated(&row_session(s, p, b)->kv, l);
        for (int h = 0; h < c->n_heads; h++) {
            float *out = s->xb + b * q_dim + (size_t)h * hd;
            attend_combine(out, s->span_out + ((size_t)b * c->n_heads + h) * spans * (hd + 2), spans, hd);
            attend_output(out, rotated, hd);
        }
    }
}

/* the pass's tokens through layer l: attention, then the feed-forward block, each added to x */
static void layer_forward(hg_session *s, const Pass *p, int l) {
    const hg_config *c = &s->m->c;
    const Layer *L = &s->m->layers[l];
    int B = p->B, dim = c->dim, hd = c->head_dim, q_dim = c->n_heads * hd, kv_dim = c->n_kv_heads * hd;
    for (int b = 0; b < B; b++)
        rmsnorm(s->xb + (size_t)b * dim, s->x + (size_t)b * dim, (const float *)L->attn_norm->data, dim, c->rms_norm_eps);
    float *qkv_out[3] = {s->q, s->k, s->v};
    const Weight *qkv[3] = {&L->wq, &L->wk, &L->wv};
    project(s, p, HG_JOB_QKV, qkv_out, s->xb, qkv, 3, EPI_NONE, NULL);
    if (!p->rows) kv_pass_begin(&s->kv, l, p->pos0);
    for (int b = 0; b < B; b++) {
        KVCache *kv = &row_session(s, p, b)->kv;
        if (p->rows) kv_pass_begin(kv, l, p->pos[b]);
        float *q = s->q + (size_t)b * q_dim, *k = s->k + (size_t)b * kv_dim, *v = s->v + (size_t)b * kv_dim;
        const float *cs = s->rope_cos + (size_t)b * (hd / 2), *sn = s->rope_sin + (size_t)b * (hd / 2);
        add_bias(q, L->bq, q_dim);
        add_bias(k, L->bk, kv_dim);
        add_bias(v, L->bv, kv_dim);
        rope_apply(q, c->n_heads, hd, cs, sn);
        rope_apply(k, c->n_kv_heads, hd, cs, sn);
        kv_store(kv, l, row_pos(p, b), k, v);
    }
    double ta = s->profile ? now_s() : 0;
    attention(s, p, l);
    if (!p->rows) kv_pass_end(&s->kv, l, p->pos0 + B);
    else
        for (int b = 0; b < B; b++) kv_pass_end(&p->rows[b]->kv, l, p->pos[b] + 1);
    if (s->profile && p->decode) s->prof.attention_s += now_s() - ta;
    const Weight *wo = &L->wo, *wdown = &L->w_down;
    project(s, p, HG_JOB_O, &s->xb2, s->xb, &wo, 1, EPI_ADD, s->x);                 /* x += Wo xb */
    for (int b = 0; b < B; b++)
        rmsnorm(s->xb + (size_t)b * dim, s->x + (size_t)b * dim, (const float *)L->ffn_norm->data, dim, c->rms_norm_eps);
    float *gu_out[2] = {s->hb, s->hb2};
    const Weight *gu[2] = {&L->w_gate, &L->w_up};
    project(s, p, HG_JOB_GATE_UP, gu_out, s->xb, gu, 2, EPI_GLU, NULL);          /* hb = silu(Wg xb) * (Wu xb) */
    project(s, p, HG_JOB_DOWN, &s->xb2, s->hb, &wdown, 1, EPI_ADD, s->x);        /* x += Wd hb */
}

/* The forward pass: tokens[0..B) (the embedding, unless p->first_layer > 0), every layer, the
 * final norm and the head. The only definition of the model's computation. */
static void forward(hg_session *s, const Pass *p, const int *tokens) {
    const hg_model *m = s->m;
    const hg_config *c = &m->c;
    double tf = s->profile ? now_s() : 0;
    int B = p->B, dim = c->dim, half = c->head_dim / 2;
    if (p->first_layer == 0)
        for (int b = 0; b < B; b++) hg_dequant_row(s->x + (size_t)b * dim, m->embed, tokens[b]);
    for (int b = 0; b < B; b++)
        for (int i = 0; i < half; i++) {
            double a = row_pos(p, b) * m->inv_freq[i];
            s->rope_cos[(size_t)b * half + i] = (float)cos(a);
            s->rope_sin[(size_t)b * half + i] = (float)sin(a);
        }
    for (int l = p->first_layer; l < c->n_layers; l++) {
        if (p->record) memcpy(p->record[l], s->x, (size_t)B * dim * sizeof(float));
        layer_forward(s, p, l);
    }
    int first = p->all_logits ? 0 : B - 1;
    for (int b = first; b < B; b++)
        rmsnorm(s->x + (size_t)b * dim, s->x + (size_t)b * dim, (const float *)m->final_norm->data, dim, c->rms_norm_eps);
    const Weight *head = &m->head;
    float *last = s->x + (size_t)(B - 1) * dim;
    if (p->all_logits && !p->decode) matmul_batch_n(s, &s->logits_all, s->x, B, &head, 1);
    else if (p->all_logits && B > 1) matmul_multi_n(s, &s->logits_all, s->x, B, &head, 1);
    else matmul_n(s, HG_JOB_HEAD, &s->logits, last, &head, 1, EPI_NONE, NULL);
    if (s->profile && p->decode) s->prof.forward_s += now_s() - tf;
}

int hg_session_eval(hg_session *s, const int *tokens, int n, int pos, int flags, hg_error *e) {
    if (!s || !tokens) return hg_set_error(e, HG_E_ARG, "no session or tokens given");
    int vocab = s->m->c.vocab_size, all = !!(flags & HG_EVAL_ALL_LOGITS);
    if (flags & ~HG_EVAL_ALL_LOGITS) return hg_set_error(e, HG_E_ARG, "unknown flags 0x%x", (unsigned)flags);
    if (n < 1) return hg_set_error(e, HG_E_ARG, "nothing to evaluate (%d tokens)", n);
    if (pos < 0 || pos > s->n_past)
        return hg_set_error(e, HG_E_ARG, "position %d is not in [0, %d] (the positions this session holds)", pos, s->n_past);
    if (n > s->n_ctx - pos)
        return hg_set_error(e, HG_E_CONTEXT, "context full: %d tokens at position %d exceed the context of %d", n, pos,
                            s->n_ctx);
    if (all && n > s->batch)
        return hg_set_error(e, HG_E_ARG, "every token's logits for %d tokens: at most %d per call", n, s->batch);
    for (int i = 0; i < n; i++)
        if (tokens[i] < 0 || tokens[i] >= vocab)
            return hg_set_error(e, HG_E_TOKEN, "token id %d (at %d) is not in [0, %d)", tokens[i], i, vocab);
    int grown = session_reserve(s, pos + n, e);
    if (grown) return grown;
    if (pos < s->n_past) kv_reopen(&s->kv, &s->kv, pos, s->n_past);
    s->n_past = pos;
    if (s->batch == 1 || (n == 1 && !all)) {          /* token by token: the one-token kernels */
        for (int i = 0; i < n; i++) {
            Pass p = {1, pos + i, 1, 0, 0, NULL, NULL, NULL};
            forward(s, &p, tokens + i);
            if (all) memcpy(s->logits_all + (size_t)i * vocab, s->logits, (size_t)vocab * sizeof(float));
        }
    } else
        for (int i = 0; i < n; i += s->batch) {
            Pass p = {n - i < s->batch ? n - i : s->batch, pos + i, 0, all, 0, NULL, NULL, NULL};
            forward(s, &p, tokens + i);
        }
    s->n_past = pos + n;
    s->last_n = n;
    s->last_all = all;
    return 0;
}

int hg_sessions_step(hg_session *const *ss, const int *tokens, int n, hg_error *e) {
    if (!ss || !tokens || n < 1) return hg_set_error(e, HG_E_ARG, "no sessions or tokens given");
    if (n == 1) return ss[0] ? hg_session_eval(ss[0], tokens, 1, ss[0]->n_past, 0, e)
                             : hg_set_error(e, HG_E_ARG, "session 0 is NULL");
    hg_session *host = ss[0];
    if (!host) return hg_set_error(e, HG_E_ARG, "session 0 is NULL");
    if (n > host->batch) return hg_set_error(e, HG_E_ARG, "%d sessions in one step: at most %d (n_batch of session 0)", n, host->batch);
    int vocab = host->m->c.vocab_size, reach = 0, pos[HG_MAX_BATCH];
    for (int i = 0; i < n; i++) {
        hg_session *s = ss[i];
        if (!s || s->m != host->m) return hg_set_error(e, HG_E_ARG, "session %d is NULL or of another model", i);
        for (int j = 0; j < i; j++)
            if (ss[j] == s) return hg_set_error(e, HG_E_ARG, "session %d appears twice in one step", i);
        if (tokens[i] < 0 || tokens[i] >= vocab)
            return hg_set_error(e, HG_E_TOKEN, "token id %d (of session %d) is not in [0, %d)", tokens[i], i, vocab);
        if (s->n_past >= s->n_ctx)
            return hg_set_error(e, HG_E_CONTEXT, "context full: session %d holds %d positions of %d", i, s->n_past, s->n_ctx);
    }
    for (int i = 0; i < n; i++) {     /* room first: nothing is evaluated unless every session has it */
        int rc = session_reserve(ss[i], ss[i]->n_past + 1, e);
        if (rc) return rc;
        pos[i] = ss[i]->n_past;
        reach = pos[i] + 1 > reach ? pos[i] + 1 : reach;
    }
    int rc = session_spans(host, (reach + ATT_SPAN - 1) / ATT_SPAN, e);
    if (rc) return rc;
    Pass p = {n, 0, 1, 1, 0, NULL, ss, pos};   /* decode's kernels, every row's logits */
    forward(host, &p, tokens);
    for (int i = 0; i < n; i++) {     /* each session's logits where hg_session_logits finds them */
        hg_session *s = ss[i];
        if (s == host) continue;      /* (its row 0 is in place) */
        memcpy(s->logits_all, host->logits_all + (size_t)i * vocab, (size_t)vocab * sizeof(float));
        s->n_past = pos[i] + 1, s->last_n = 1, s->last_all = 1;
    }
    host->n_past = pos[0] + 1, host->last_n = 1, host->last_all = 1;
    return 0;
}

const float *hg_session_logits(const hg_session *s, int i) {
    if (i < 0) i += s->last_n;
    if (i < 0 || i >= s->last_n) return NULL;
    if (s->last_all) return s->logits_all + (size_t)i * s->m->c.vocab_size;
    return i == s->last_n - 1 ? s->logits : NULL;
}
