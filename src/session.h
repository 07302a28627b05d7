/* higgs.c implementation part: a session, one conversation on a model. It owns its KV cache,
 * its position and every buffer a forward pass writes, so sessions on one model run from several
 * threads at once (the model's pool takes their jobs one at a time). Included by higgs.h under
 * HIGGS_IMPLEMENTATION; not a header of its own. */

/* ----------------------------------------------------------- session */

#define ATT_GROUPS(c) (((c)->n_heads / (c)->n_kv_heads + ATT_G - 1) / ATT_G)

struct hg_session {
    hg_model *m;
    int n_ctx;                        /* positions the KV cache holds */
    int n_past;                       /* positions evaluated */
    int batch;                        /* tokens per prompt pass (rows of the buffers below) */
    int profile;
    KVCache kv;
    /* the tokens of one pass, one row per token (llama2.c's names) */
    float *x;                         /* [batch][dim] the residual stream */
    float *xb;                        /* [batch][max(dim, q_dim)] a branch's input (normed x), then attention's output */
    float *xb2;                       /* [batch][dim] a branch's output before it is added to x */
    float *hb, *hb2;                  /* [batch][hidden_dim] FFN: silu(gate) * up, and up */
    float *q, *k, *v;                 /* [batch][q_dim] queries, [batch][kv_dim] keys and values before the cache */
    float *rope_cos, *rope_sin;       /* [batch][head_dim / 2] for the pass's positions */
    float *logits;                    /* [vocab] the last token's */
    float *logits_all;                /* [batch][vocab] every token's (HG_EVAL_ALL_LOGITS) */
    float *att;                       /* [threads][ATT_G][ATT_ROW] attention scores of one span */
    int att_cap;                      /* positions the attention buffers serve: the KV cache's capacity */
    float *span_out;                  /* [batch][n_heads][span_cap][head_dim + 2] spans' results */
    int span_cap;                     /* spans of ATT_SPAN positions span_out serves (0: none, one span) */
    /* prompt passes: activations rotated for HIGGS, each token's int8 copy, decoded weight rows */
    float *xrot;                      /* [batch][xr_stride] */
    hg_act8 *act8;                    /* [batch] */
    float *rowbuf;                    /* [threads][row_stride] */
    size_t xr_stride, row_stride;
    /* decode: the activation padded (and rotated for HIGGS), and as int8 */
    float *dec_xrot;
    hg_act8 dec_act8;
    int last_n, last_all;             /* the last evaluation: tokens, and whether every row has logits */
    hg_profile prof;
};

void hg_session_free(hg_session *s) {
    if (!s) return;
    const hg_allocator *a = &s->m->alloc;
    kvcache_free(&s->kv);
    float *bufs[] = {s->x, s->xb, s->xb2, s->hb, s->hb2, s->q, s->k, s->v, s->rope_cos, s->rope_sin,
                     s->logits, s->logits_all, s->att, s->xrot, s->rowbuf, s->dec_xrot, s->span_out};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) hg_buf_free(a, bufs[i]);
    if (s->act8)
        for (int b = 0; b < s->batch; b++) hg_buf_act8_free(a, &s->act8[b]);
    hg_buf_free(a, s->act8);
    hg_buf_act8_free(a, &s->dec_act8);
    hg_buf_free(a, s);
}

/* every buffer of a pass of s->batch tokens; 0, or -1 when one cannot be had */
static int session_buffers(hg_session *s) {
    const hg_model *m = s->m;
    const hg_config *c = &m->c;
    const hg_allocator *a = &m->alloc;
    size_t B = (size_t)s->batch, threads = (size_t)hg_pool_threads(m->pool);
    size_t kv_dim = (size_t)c->n_kv_heads * c->head_dim, q_dim = (size_t)c->n_heads * c->head_dim;
    size_t big = (size_t)c->dim > q_dim ? (size_t)c->dim : q_dim;
    size_t widest = (size_t)(c->hidden_dim > c->dim ? c->hidden_dim : c->dim);
    if (widest < q_dim) widest = q_dim;
    s->xr_stride = (size_t)m->max_cols_pad > widest ? (size_t)m->max_cols_pad : widest;
    s->row_stride = s->xr_stride > (m->max_gemm8_buf + 3) / 4 ? s->xr_stride : (size_t)(m->max_gemm8_buf + 3) / 4;
    s->x = (float *)hg_buf_alloc(a, B * c->dim, sizeof(float));
    s->xb = (float *)hg_buf_alloc(a, B * big, sizeof(float));
    s->xb2 = (float *)hg_buf_alloc(a, B * c->dim, sizeof(float));
    s->hb = (float *)hg_buf_alloc(a, B * c->hidden_dim, sizeof(float));
    s->hb2 = (float *)hg_buf_alloc(a, B * c->hidden_dim, sizeof(float));
    s->q = (float *)hg_buf_alloc(a, B * q_dim, sizeof(float));
    s->k = (float *)hg_buf_alloc(a, B * kv_dim, sizeof(float));
    s->v = (float *)hg_buf_alloc(a, B * kv_dim, sizeof(float));
    s->rope_cos = (float *)hg_buf_alloc(a, B * (c->head_dim / 2), sizeof(float));
    s->rope_sin = (float *)hg_buf_alloc(a, B * (c->head_dim / 2), sizeof(float));
    s->logits = (float *)hg_buf_alloc(a, (size_t)c->vocab_size, sizeof(float));
    s->logits_all = (float *)hg_buf_alloc(a, B * c->vocab_size, sizeof(float));
    s->xrot = (float *)hg_buf_alloc(a, B * s->xr_stride, sizeof(float));
    s->rowbuf = (float *)hg_buf_alloc(a, threads * s->row_stride, sizeof(float));
    s->act8 = (hg_act8 *)hg_buf_alloc(a, B, sizeof(hg_act8));
    if (!s->x || !s->xb || !s->xb2 || !s->hb || !s->hb2 || !s->q || !s->k || !s->v || !s->rope_cos || !s->rope_sin ||
        !s->logits || !s->logits_all || !s->xrot || !s->rowbuf || !s->act8)
        return -1;
    uint64_t values = m->max_act8 > m->max_cols_pad ? m->max_act8 : m->max_cols_pad;
    for (size_t b = 0; b < B; b++)
        if (hg_buf_act8(a, &s->act8[b], values, values / 16 + 1, 0)) return -1;
    /* decode's: 128 bytes of slack after the codes, as the one-token kernels have always had */
    s->dec_xrot = (float *)hg_buf_alloc(a, m->max_cols_pad ? m->max_cols_pad : 1, sizeof(float));
    return s->dec_xrot && !hg_buf_act8(a, &s->dec_act8, values, values / 16 + 1, 128) ? 0 : -1;
}

hg_session *hg_session_new(hg_model *m, const hg_session_params *params, hg_error *e) {
    hg_session_params p = params ? *params : (hg_session_params){0};
    if (!m) return hg_set_error(e, HG_E_ARG, "no model given"), NULL;
    const hg_config *c = &m->c;
    if (p.n_ctx < 0 || p.n_ctx > c->seq_len)
        return hg_set_error(e, HG_E_ARG, "a context of %d positions is not in [1, %d] (the model's)", p.n_ctx,
                            c->seq_len), NULL;
    if (p.n_batch < 0 || p.n_batch > HG_MAX_BATCH)
        return hg_set_error(e, HG_E_ARG, "a batch of %d tokens is not in [1, %d]", p.n_batch, HG_MAX_BATCH), NULL;
    int *types = (int *)hg_buf_alloc(&m->alloc, 2 * (size_t)c->n_layers, sizeof(int));
    if (!types) return NOMEM(e, "session"), NULL;
    for (int l = 0; l < c->n_layers; l++) {
        types[l] = p.kv_layers ? p.kv_layers[l] : p.kv_type;
        types[c->n_layers + l] = p.kv_layers ? p.kv_layers[c->n_layers + l] : p.kv_vtype;
    }
    for (int i = 0; i < 2 * c->n_layers; i++) {
        const char *what = i < c->n_layers ? "keys" : "values";
        if (!hg_kv_type_name(types[i])) {
            hg_set_error(e, HG_E_ARG, "unknown KV cache type %d for the %s of layer %d", types[i], what, i % c->n_layers);
            return hg_buf_free(&m->alloc, types), NULL;
        }
        if (!hg_kv_type_fits(types[i], c->head_dim)) {
            hg_set_error(e, HG_E_ARG, "KV cache type %s needs a head size of 32, 64, 128 or 256; this model's is %d",
                         hg_kv_type_name(types[i]), c->head_dim);
            return hg_buf_free(&m->alloc, types), NULL;
        }
    }
    hg_session *s = (hg_session *)hg_buf_alloc(&m->alloc, 1, sizeof *s);
    if (!s) hg_buf_free(&m->alloc, types);
    if (!s) return NOMEM(e, "session"), NULL;
    s->m = m;
    s->n_ctx = p.n_ctx ? p.n_ctx : c->seq_len;
    s->batch = p.n_batch ? p.n_batch : HG_MAX_BATCH;
    s->profile = p.profile;
    int kv_failed = kvcache_init(&s->kv, &m->alloc, types, types + c->n_layers, c, s->n_ctx, s->batch);
    hg_buf_free(&m->alloc, types);
    if (kv_failed) {
        NOMEM(e, "KV cache");
        hg_session_free(s);
        return NULL;
    }
    if (session_buffers(s)) {
        NOMEM(e, "activation buffers");
        hg_session_free(s);
        return NULL;
    }
    return s;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

const hg_model *hg_session_model(const hg_session *s) { return s->m; }
int hg_session_pos(const hg_session *s) { return s->n_past; }
int hg_session_ctx(const hg_session *s) { return s->n_ctx; }
int hg_session_batch(const hg_session *s) { return s->batch; }
size_t hg_session_kv_bytes(const hg_session *s) { return kvcache_bytes(&s->kv); }
size_t hg_session_kv_bytes_at(const hg_session *s, int n) { return kvcache_bytes_at(&s->kv, (n + KG - 1) / KG * KG); }

/* room for positions 0..n-1: the KV cache and the attention scratch grow to hold them */
static int session_reserve(hg_session *s, int n, hg_error *e) {
    if (n <= s->att_cap) return 0;
    if (kv_reserve(&s->kv, n))
        return hg_set_error(e, HG_E_NOMEM, "cannot grow the KV cache to %d positions (%.1f MB)", n,
                            (double)kvcache_bytes_at(&s->kv, (n + KG - 1) / KG * KG) / 1e6);
    size_t threads = (size_t)hg_pool_threads(s->m->pool);
    float *att = (float *)hg_buf_alloc(&s->m->alloc, threads * ATT_G * (size_t)ATT_ROW, sizeof(float)), *spans = NULL;
    int n_spans = (s->kv.kpos + ATT_SPAN - 1) / ATT_SPAN;
    if (att && n_spans > 1)
        spans = (float *)hg_buf_alloc(&s->m->alloc, (size_t)s->batch * s->m->c.n_heads * n_spans * ((size_t)s->m->c.head_dim + 2),
                                      sizeof(float));
    if (!att || (n_spans > 1 && !spans)) {
        hg_buf_free(&s->m->alloc, att);
        return hg_set_error(e, HG_E_NOMEM, "cannot grow the attention scratch to %d positions", s->kv.kpos);
    }
    hg_buf_free(&s->m->alloc, s->att);
    hg_buf_free(&s->m->alloc, s->span_out);
    s->att = att;
    s->span_out = spans;
    s->span_cap = spans ? n_spans : 0;
    s->att_cap = s->kv.kpos;
    return 0;
}

/* span_out for passes whose tokens reach n_spans spans: the cache of another session, in a pass
 * this session hosts (hg_sessions_step) */
static int session_spans(hg_session *s, int n_spans, hg_error *e) {
    if (n_spans <= 1 || n_spans <= s->span_cap) return 0;
    float *spans = (float *)hg_buf_alloc(&s->m->alloc, (size_t)s->batch * s->m->c.n_heads * n_spans * ((size_t)s->m->c.head_dim + 2),
                                         sizeof(float));
    if (!spans) return hg_set_error(e, HG_E_NOMEM, "cannot grow the attention scratch to %d spans", n_spans);
    hg_buf_free(&s->m->alloc, s->span_out);
    s->span_out = spans;
    s->span_cap = n_spans;
    return 0;
}
void hg_session_profile(const hg_session *s, hg_profile *out) { *out = s->prof; }
void hg_session_profile_reset(hg_session *s) { memset(&s->prof, 0, sizeof s->prof); }

int hg_session_rewind(hg_session *s, int pos, hg_error *e) {
    if (pos < 0 || pos > s->n_past)
        return hg_set_error(e, HG_E_ARG, "cannot rewind to position %d: the session holds %d", pos, s->n_past);
    kv_reopen(&s->kv, &s->kv, pos, s->n_past);
    s->n_past = pos;
    s->last_n = 0;
    return 0;
}

int hg_session_copy_prefix(hg_session *dst, const hg_session *src, int n, hg_error *e) {
    if (dst->m != src->m) return hg_set_error(e, HG_E_ARG, "sessions of different models");
    for (int l = 0; l < src->kv.n_layers; l++)
        if (dst->kv.layers[l].ktype != src->kv.layers[l].ktype || dst->kv.layers[l].vtype != src->kv.layers[l].vtype)
            return hg_set_error(e, HG_E_ARG, "sessions with different KV cache types");
    if (n < 0 || n > src->n_past)
        return hg_set_error(e, HG_E_ARG, "cannot copy %d positions: the source holds %d", n, src->n_past);
    if (n > dst->n_ctx) return hg_set_error(e, HG_E_CONTEXT, "cannot copy %d positions into a context of %d", n, dst->n_ctx);
    int grown = session_reserve(dst, n, e);
    if (grown) return grown;
    if (dst != src) kv_copy_prefix(&dst->kv, &src->kv, n, src->n_past);
    else kv_reopen(&dst->kv, &src->kv, n, src->n_past);
    dst->n_past = n;
    dst->last_n = 0;
    return 0;
}

