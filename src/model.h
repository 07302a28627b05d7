/* higgs.c implementation part: the model. A .higgs file opened once, its weights bound and
 * checked, its tokenizer, the thread pool its sessions share; read-only once open. Included by
 * higgs.h under HIGGS_IMPLEMENTATION; not a header of its own. The API is documented in higgs.h,
 * the design in docs/architecture.md.
 *
 * Nothing in the engine (this file to src/generate.h) exits or prints: every failure returns an
 * HG_E_* code with a one-line message. */

/* ------------------------------------------------------------- errors */

int hg_set_error(hg_error *e, int code, const char *fmt, ...) {
    if (e) {
        va_list ap;
        va_start(ap, fmt);
        e->code = code;
        vsnprintf(e->msg, sizeof e->msg, fmt, ap);
        va_end(ap);
    }
    return code;
}

#define NOMEM(e, what) hg_set_error((e), HG_E_NOMEM, "out of memory (%s)", (what))

/* ------------------------------------------------------------- model */

/* a matrix of any tensor type; quantized ones carry their decoded parameters */
typedef struct {
    const hg_tensor *t;
    int quantized;
    hg_qinfo q;
} Weight;

typedef struct {
    const hg_tensor *attn_norm, *ffn_norm;
    const hg_tensor *bq, *bk, *bv;    /* q/k/v projection biases (Qwen2), F32; NULL when absent */
    Weight wq, wk, wv, wo, w_gate, w_up, w_down;
} Layer;

struct hg_model {
    hg_file file;
    hg_config c;
    hg_tokenizer tok;
    int has_tok;
    Layer *layers;
    const hg_tensor *embed, *final_norm;
    Weight head;
    double *inv_freq;                 /* head_dim/2 RoPE frequencies */
    uint64_t max_cols_pad;            /* scratch size for rotated activations */
    uint64_t max_act8;                /* ... and for int8 activations (hg_act8_values: copies of the rotation choice) */
    uint64_t max_gemm8_buf;           /* ... and for decoded rows of the prompt product (hg_qmatmul8_buf_bytes) */
    int window;                       /* sliding-window attention: a position sees the last `window`
                                         positions (itself included); 0: all (KVMD key sliding_window) */
    int int8, pairs;                  /* 0: decode with float activations / one row stream per thread */
    hg_pool *pool;                    /* jobs of every session go through it (it serves one at a time) */
    int own_pool;
    hg_allocator alloc;               /* alloc == NULL: aligned_alloc / mmap */
};

static const hg_tensor *need_tensor(hg_model *m, const char *name, uint64_t rows, uint64_t cols, int f32_only,
                                    hg_error *e) {
    const hg_tensor *t = hg_find(&m->file, name);
    if (!t) return hg_set_error(e, HG_E_MODEL, "model is missing tensor %s", name), NULL;
    uint64_t want_ndim = rows ? 2 : 1;
    if (t->ndim != want_ndim || (rows && t->rows != rows) || t->cols != cols)
        return hg_set_error(e, HG_E_MODEL, "tensor %s has shape [%llu, %llu], expected [%llu, %llu]", name,
                            (unsigned long long)t->shape[0], (unsigned long long)(t->ndim > 1 ? t->shape[1] : 0),
                            (unsigned long long)rows, (unsigned long long)cols), NULL;
    if (f32_only && t->type != HG_F32)
        return hg_set_error(e, HG_E_MODEL, "tensor %s must be F32, is %s", name, hg_type_name(t->type)), NULL;
    if (t->type != HG_F32 && t->type != HG_F16 && t->type != HG_BF16 && !(rows && hg_is_quantized(t->type)))
        return hg_set_error(e, HG_E_MODEL, "tensor %s has type %s, which this build cannot run", name,
                            hg_type_name(t->type)), NULL;
    return t;
}

static int need_weight(hg_model *m, Weight *w, const char *name, uint64_t rows, uint64_t cols, hg_error *e) {
    *w = (Weight){need_tensor(m, name, rows, cols, 0, e), 0, {0}};
    if (!w->t) return -1;
    if (hg_is_quantized(w->t->type)) {
        if (hg_qinfo_get(w->t->type, w->t->params, w->t->cols, &w->q))
            return hg_set_error(e, HG_E_MODEL, "tensor %s: bad quantization parameters", name);
        w->quantized = 1;
        if (w->q.cols_pad > m->max_cols_pad) m->max_cols_pad = w->q.cols_pad;
        if (hg_act8_values(&w->q) > m->max_act8) m->max_act8 = hg_act8_values(&w->q);
        if (hg_qmatmul8_buf_bytes(&w->q) > m->max_gemm8_buf) m->max_gemm8_buf = hg_qmatmul8_buf_bytes(&w->q);
    }
    return 0;
}

/* optional F32 vector [cols]: 0 with *out NULL when absent */
static int opt_vector(hg_model *m, const hg_tensor **out, const char *name, uint64_t cols, hg_error *e) {
    *out = hg_find(&m->file, name) ? need_tensor(m, name, 0, cols, 1, e) : NULL;
    return *out || !hg_find(&m->file, name) ? 0 : -1;
}

static int rope_init(hg_model *m, hg_error *e) {
    hg_config *c = &m->c;
    int half = c->head_dim / 2;
    m->inv_freq = (double *)hg_buf_alloc(&m->alloc, (size_t)half, sizeof(double));
    if (!m->inv_freq) return NOMEM(e, "RoPE table");
    for (int i = 0; i < half; i++) {
        double f = pow((double)c->rope_theta, -2.0 * i / c->head_dim);
        if (c->rope_scaling_type == 1) {   /* Llama 3.1: stretch long wavelengths */
            double old = c->rope_original_max_pos, lo = c->rope_low_freq_factor, hi = c->rope_high_freq_factor;
            double wavelen = 2.0 * M_PI / f;
            if (wavelen > old / lo) f = f / c->rope_factor;
            else if (wavelen >= old / hi) {
                double smooth = (old / wavelen - lo) / (hi - lo);
                f = (1.0 - smooth) * f / c->rope_factor + smooth * f;
            }
        }
        m->inv_freq[i] = f;
    }
    return 0;
}

int hg_meta_get(const hg_file *f, const char *key, char *buf, size_t cap) {
    if (!f->kv || !cap) return 0;
    hg_rd r = {f->kv, f->kv_size, 0, 0};
    uint32_t count = hg_rd_u32(&r);
    size_t klen = strlen(key);
    for (uint32_t i = 0; i < count && !r.bad; i++) {
        uint16_t kl = hg_rd_u16(&r);
        const uint8_t *k = hg_rd_bytes(&r, kl);
        uint32_t vl = hg_rd_u32(&r);
        const uint8_t *v = hg_rd_bytes(&r, vl);
        if (r.bad || !k || !v) return 0;
        if (kl == klen && !memcmp(k, key, klen)) {
            size_t n = vl < cap - 1 ? vl : cap - 1;
            memcpy(buf, v, n);
            buf[n] = 0;
            return 1;
        }
    }
    return 0;
}

/* the architectures this forward pass computes (docs/models.md); a file of another one may hold
 * tensors that change the result, so it is refused rather than run without them */
static int check_arch(const hg_config *c, hg_error *e) {
    static const char *const archs[] = {"llama", "mistral", "qwen2", "phi3"};
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
        if (!strcmp(c->arch, archs[i])) return 0;
    char shown[33];
    int k = 0;
    for (; c->arch[k] && k < 32; k++) shown[k] = c->arch[k] >= 32 && c->arch[k] < 127 ? c->arch[k] : '?';
    shown[k] = 0;
    return hg_set_error(e, HG_E_MODEL, "unsupported architecture '%s' (this build runs llama, mistral, qwen2, phi3)", shown);
}

/* biases the forward pass does not add: refused */
static int check_biases(const hg_model *m, hg_error *e) {
    for (int i = 0; i < m->file.n_tensors; i++) {
        const char *nm = m->file.tensors[i].name;
        size_t len = strlen(nm);
        if (len <= 5 || strcmp(nm + len - 5, ".bias")) continue;
        int layer = -1, end = 0;
        char which = 0, canon[128] = "";
        if (sscanf(nm, "model.layers.%d.self_attn.%c_proj.bias%n", &layer, &which, &end) == 2 && end == (int)len &&
            layer >= 0 && layer < m->c.n_layers && which && strchr("qkv", which))
            snprintf(canon, sizeof canon, "model.layers.%d.self_attn.%c_proj.bias", layer, which);
        if (strcmp(canon, nm)) return hg_set_error(e, HG_E_MODEL, "tensor %s: this build adds only q/k/v projection biases", nm);
    }
    return 0;
}

static int bind_layer(hg_model *m, int l, hg_error *e) {
    const hg_config *c = &m->c;
    uint64_t q_dim = (uint64_t)c->n_heads * c->head_dim, kv_dim = (uint64_t)c->n_kv_heads * c->head_dim;
    Layer *L = &m->layers[l];
    char name[128];
#define LAYER_NAME(suffix) (snprintf(name, sizeof name, "model.layers.%d.%s", l, suffix), name)
    if (!(L->attn_norm = need_tensor(m, LAYER_NAME("input_layernorm.weight"), 0, c->dim, 1, e)) ||
        need_weight(m, &L->wq, LAYER_NAME("self_attn.q_proj.weight"), q_dim, c->dim, e) ||
        need_weight(m, &L->wk, LAYER_NAME("self_attn.k_proj.weight"), kv_dim, c->dim, e) ||
        need_weight(m, &L->wv, LAYER_NAME("self_attn.v_proj.weight"), kv_dim, c->dim, e) ||
        need_weight(m, &L->wo, LAYER_NAME("self_attn.o_proj.weight"), c->dim, q_dim, e) ||
        !(L->ffn_norm = need_tensor(m, LAYER_NAME("post_attention_layernorm.weight"), 0, c->dim, 1, e)) ||
        need_weight(m, &L->w_gate, LAYER_NAME("mlp.gate_proj.weight"), c->hidden_dim, c->dim, e) ||
        need_weight(m, &L->w_up, LAYER_NAME("mlp.up_proj.weight"), c->hidden_dim, c->dim, e) ||
        need_weight(m, &L->w_down, LAYER_NAME("mlp.down_proj.weight"), c->dim, c->hidden_dim, e) ||
        opt_vector(m, &L->bq, LAYER_NAME("self_attn.q_proj.bias"), q_dim, e) ||
        opt_vector(m, &L->bk, LAYER_NAME("self_attn.k_proj.bias"), kv_dim, e) ||
        opt_vector(m, &L->bv, LAYER_NAME("self_attn.v_proj.bias"), kv_dim, e))
        return -1;
#undef LAYER_NAME
    return 0;
}

/* the weights of an opened file: architecture, metadata, every tensor the forward pass reads */
static int model_bind(hg_model *m, hg_error *e) {
    m->c = m->file.cfg;
    hg_config *c = &m->c;
    if (check_arch(c, e)) return -1;
    m->window = 0;
    char val[64];
    if (hg_meta_get(&m->file, "sliding_window", val, sizeof val)) {
        char *end;
        errno = 0;
        long w = strtol(val, &end, 10);
        if (errno || end == val || *end || w < 1 || w > INT32_MAX)
            return hg_set_error(e, HG_E_MODEL, "metadata sliding_window '%s' is not a positive integer", val);
        m->window = w < c->seq_len ? (int)w : 0;   /* a window as long as the context changes nothing */
    }
    if (check_biases(m, e)) return -1;
    if (!(m->embed = need_tensor(m, "model.embed_tokens.weight", c->vocab_size, c->dim, 0, e)) ||
        !(m->final_norm = need_tensor(m, "model.norm.weight", 0, c->dim, 1, e)))
        return -1;
    if (c->tied_embeddings) m->head = (Weight){m->embed, 0, {0}};
    else if (need_weight(m, &m->head, "lm_head.weight", c->vocab_size, c->dim, e)) return -1;
    m->layers = (Layer *)hg_buf_alloc(&m->alloc, (size_t)c->n_layers, sizeof(Layer));
    if (!m->layers) return NOMEM(e, "layer table");
    for (int l = 0; l < c->n_layers; l++)
        if (bind_layer(m, l, e)) return -1;
    return rope_init(m, e);
}

/* Copy the weights into (huge-page) memory when the file takes under half of the memory
 * available now; else map it, which never needs more than the page cache and lets the kernel
 * evict what it must. */
static int load_by_copy(const char *path) {
    struct stat st;
    if (stat(path, &st) || !S_ISREG(st.st_mode)) return 0;
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f) return 0;
    char line[256];
    unsigned long long kb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) break;
    fclose(f);
    return kb && (unsigned long long)st.st_size < kb * 1024 / 2;
}

/* a llama2.c tokenizer.bin in place of the file's own tokenizer */
static int load_tokenizer_file(hg_model *m, const char *path, hg_error *e) {
    FILE *f = fopen(path, "rb");
    if (!f) return hg_set_error(e, HG_E_FILE, "cannot open %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        fclose(f);
        return hg_set_error(e, HG_E_FILE, "%s is not a regular file", path);
    }
    char *buf = (char *)malloc((size_t)st.st_size + 1);
    if (!buf) {
        fclose(f);
        return NOMEM(e, "tokenizer file");
    }
    size_t n = fread(buf, 1, (size_t)st.st_size, f);
    fclose(f);
    char err[sizeof e->msg];
    int rc = hg_tok_load_llama2c(&m->tok, buf, n, path, m->c.vocab_size, err, sizeof err);
    free(buf);
    return rc ? hg_set_error(e, HG_E_MODEL, "%s", err) : 0;
}

void hg_model_close(hg_model *m) {
    if (!m) return;
    hg_allocator a = m->alloc;
    if (m->has_tok) hg_tok_free(&m->tok);
    if (m->own_pool) hg_pool_destroy(m->pool);
    hg_buf_free(&a, m->layers);
    hg_buf_free(&a, m->inv_freq);
    hg_close(&m->file);
    hg_buf_free(&a, m);
}

hg_model *hg_model_open(const char *path, const hg_model_params *params, hg_error *e) {
    hg_model_params p = params ? *params : (hg_model_params){0};
    if (!path) return hg_set_error(e, HG_E_ARG, "no model path given"), NULL;
    if (p.n_threads < 0 || p.n_threads > 1024)
        return hg_set_error(e, HG_E_ARG, "threads must be in [0, 1024], got %d", p.n_threads), NULL;
    if (p.load < HG_LOAD_AUTO || p.load > HG_LOAD_COPY)
        return hg_set_error(e, HG_E_ARG, "load must be HG_LOAD_AUTO, _MMAP or _COPY, got %d", p.load), NULL;
    if (p.allocator && (!p.allocator->alloc || !p.allocator->free))
        return hg_set_error(e, HG_E_ARG, "an allocator needs both alloc and free"), NULL;
    hg_allocator a = p.allocator ? *p.allocator : (hg_allocator){0};
    hg_model *m = (hg_model *)hg_buf_alloc(&a, 1, sizeof *m);
    if (!m) return NOMEM(e, "model"), NULL;
    m->alloc = a;
    int copy = p.load == HG_LOAD_COPY || (p.load == HG_LOAD_AUTO && load_by_copy(path));
    char err[sizeof e->msg];
    if (hg_open_ex(&m->file, path, copy ? HG_OPEN_COPY : 0, err, sizeof err)) {
        hg_set_error(e, HG_E_FILE, "%s", err);
        hg_buf_free(&a, m);
        return NULL;
    }
    m->int8 = !p.no_int8;
    m->pairs = !p.no_pairs;
    if (model_bind(m, e)) goto fail;
    if (p.tokenizer_path) {
        if (load_tokenizer_file(m, p.tokenizer_path, e)) goto fail;
    } else if (hg_tok_load(&m->tok, m->file.tok, m->file.tok_size, m->c.vocab_size, err, sizeof err)) {
        hg_set_error(e, HG_E_MODEL, "%s", err);
        goto fail;
    }
    m->has_tok = 1;
    m->pool = p.pool;
    if (!m->pool) {
        m->pool = hg_pool_create(p.n_threads ? p.n_threads : hg_default_threads());
        if (!m->pool) {
            NOMEM(e, "thread pool");
            goto fail;
        }
        m->own_pool = 1;
    }
    return m;
fail:
    hg_model_close(m);
    return NULL;
}

const hg_config *hg_model_config(const hg_model *m) { return &m->c; }
const hg_file *hg_model_file(const hg_model *m) { return &m->file; }
const hg_tokenizer *hg_model_tokenizer(const hg_model *m) { return &m->tok; }
int hg_model_window(const hg_model *m) { return m->window; }
int hg_model_threads(const hg_model *m) { return hg_pool_threads(m->pool); }
hg_pool *hg_model_pool(const hg_model *m) { return m->pool; }

int hg_model_biases(const hg_model *m) {
    int n = 0;
    for (int l = 0; l < m->c.n_layers; l++) n += !!m->layers[l].bq + !!m->layers[l].bk + !!m->layers[l].bv;
    return n;
}

