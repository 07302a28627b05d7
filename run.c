/* run.c - inference for Llama-family models stored as .higgs files.
 *
 *   ./run model.higgs -i "Once upon a time"      generate
 *   ./run model.higgs -m chat                    chat (Llama 2 / Llama 3 templates)
 *   ./run model.higgs -m ppl -f text.txt         perplexity
 *   ./run --info model.higgs, ./run --verify model.higgs
 *
 * One file in the spirit of llama2.c: model, forward pass, tokenizer glue,
 * sampler, the loops, the CLI. Format, kernels, threads, the tokenizer and
 * the chat templates live in higgs.h.
 */
#define HIGGS_IMPLEMENTATION
#include "higgs.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------- errors */

#ifdef HIGGS_FUZZ                      /* tests/fuzz: errors return to the harness */
#include <setjmp.h>
static jmp_buf g_fuzz_exit;
#endif

static char g_out_tmp[4200];          /* the -o file being written (out_open): removed on an error or a signal */

static _Noreturn void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
#ifdef HIGGS_FUZZ
    (void)fmt;
    va_end(ap);
    longjmp(g_fuzz_exit, 1);
#else
    fprintf(stderr, "run: error: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    if (g_out_tmp[0]) unlink(g_out_tmp);
    exit(1);
#endif
}

/* -o outputs appear whole or not at all: written to PATH.tmp.PID, renamed by out_close */
static void out_on_signal(int sig) {
    if (g_out_tmp[0]) unlink(g_out_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static FILE *out_open(const char *path, const char *mode) {
    if ((size_t)snprintf(g_out_tmp, sizeof g_out_tmp, "%s.tmp.%ld", path, (long)getpid()) >= sizeof g_out_tmp)
        g_out_tmp[0] = 0, die("output path too long: %s", path);
    signal(SIGINT, out_on_signal);
    signal(SIGTERM, out_on_signal);
    signal(SIGXFSZ, SIG_IGN);         /* a file-size limit fails the write (and removes the file) instead of killing us */
    FILE *f = fopen(g_out_tmp, mode);
    if (!f) {
        g_out_tmp[0] = 0;
        die("cannot create %s: %s", path, strerror(errno));
    }
    return f;
}

static void out_close(FILE *f, const char *path) {
    if (fclose(f)) die("writing %s failed", path);
    if (rename(g_out_tmp, path)) die("cannot write %s: %s", path, strerror(errno));
    g_out_tmp[0] = 0;
}

#ifdef HIGGS_FUZZ                      /* what a rejected input allocated, freed by the harness */
static void *g_fuzz_allocs[1 << 16];
static int g_fuzz_n_allocs;
#endif

/* zeroed and on a 64-byte boundary (hg_calloc64): the kernels' vector loads of activations never
 * split a cache line */
static void *xcalloc(size_t n, size_t size) {
    if (size && n > SIZE_MAX / size) die("allocation size overflow");
    size_t bytes = (n ? n : 1) * (size ? size : 1);
    void *p = hg_calloc64(bytes);
    if (!p) die("out of memory allocating %zu bytes", bytes);
#ifdef HIGGS_FUZZ
    if (g_fuzz_n_allocs < (int)(sizeof g_fuzz_allocs / sizeof g_fuzz_allocs[0])) g_fuzz_allocs[g_fuzz_n_allocs++] = p;
#endif
    return p;
}

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

typedef struct {
    hg_file file;
    hg_config c;
    Layer *layers;
    const hg_tensor *embed, *final_norm;
    Weight head;
    double *inv_freq;                 /* head_dim/2 RoPE frequencies */
    uint64_t max_cols_pad;            /* scratch size for rotated activations */
    uint64_t max_act8;                /* ... and for int8 activations (hg_act8_values: copies of the rotation choice) */
    uint64_t max_gemm8_buf;           /* ... and for decoded rows of the prompt product (hg_qmatmul8_buf_bytes) */
    int window;                       /* sliding-window attention: a position sees the last `window`
                                         positions (itself included); 0: all (KVMD key sliding_window) */
} Model;

/* prompt tokens per batch: each weight row is read and decoded once per batch. 128 against 64: prompts
 * +8-17% (int8 p=2, native and AVX2) and f16 +12% on one Zen 4 core (bench/ab.sh-style alternating
 * runs); the batch buffers take about BATCH x (vocab + 5 dims + 2 hidden) floats: 28 MB at TinyLlama's shape */
#define BATCH 128

typedef struct {
    int max_pos;                      /* positions the KV cache holds */
    int window;                       /* Model.window: attention sees positions > pos - window (0: all) */
    /* one token (llama2.c's names) */
    float *x;                         /* [dim] the residual stream */
    float *xb;                        /* [max(dim, q_dim)] a branch's input (normed x), then attention's output */
    float *xb2;                       /* [dim] a branch's output before it is added to x */
    float *hb, *hb2;                  /* [hidden_dim] FFN: silu(gate) * up, and up */
    float *q;                         /* [q_dim] queries */
    float *att;                       /* [attention tasks][ATT_G * kpos] attention scores */
    float *logits;                    /* [vocab] */
    int kpos, n_kv_heads, head_dim;   /* kpos: max_pos rounded up to whole key blocks */
    size_t kv_bytes;                  /* of each of the two caches */
    float *key_cache;                 /* [layer][kv head][kpos / KB][head_dim][KB], see key_head */
    float *value_cache;               /* [layer][kv head][kpos][head_dim] */
    float *rope_cos, *rope_sin;       /* head_dim/2 for the current position */
    /* prompt batches: BATCH tokens at a time, one row per token, as the one-token buffers above */
    float *batch_x;                   /* [BATCH][dim] */
    float *batch_xb;                  /* [BATCH][max(dim, q_dim)] */
    float *batch_xb2;                 /* [BATCH][dim] */
    float *batch_hb, *batch_hb2;      /* [BATCH][hidden_dim] */
    float *batch_q;                   /* [BATCH][q_dim] */
    float *batch_k, *batch_v;         /* [BATCH][kv_dim] keys and values before they enter the cache */
    float *batch_xrot;                /* [BATCH][xr_stride] activations rotated for HIGGS (float kernels) */
    float *batch_logits;              /* [BATCH][vocab] */
    float *batt;                      /* [threads][ATT_G * kpos] attention scratch of prompt batches */
    float *browbuf;                   /* [threads][row_stride] decoded weight rows */
    hg_act8 bact8[BATCH];             /* the batch's activations as int8 (tensors with q.act8) */
    size_t xr_stride, row_stride;
} RunState;

#define KB 16                         /* positions per key block of the KV cache (see key_head) */
#if defined(HG_AVX512)
#define ATT_G 8                       /* query heads per attention task (see attend): as many as registers hold */
#else
#define ATT_G 4
#endif
static int att_groups(const hg_config *c) { return (c->n_heads / c->n_kv_heads + ATT_G - 1) / ATT_G; }

static float *g_xrot;                 /* the activation, padded (and rotated for HIGGS) */
static hg_act8 g_act8;                /* the activation as int8, for tensors with q.act8 */
static int g_int8 = 1;                /* 0: --no-int8, decode with float activations */
static int g_profile;                 /* --profile: time the parts of decoding */
static int g_pairs = 1;               /* 0: --no-pairs, one row stream per thread (hg_qmatvec8_rows2) */
static int g_resume = 1;              /* 0: --no-resume, alphas' noisy passes run every layer (Resid) */
static int g_random_tokens = 0;       /* 1: --random-tokens, data-free alphas on uniformly random tokens */
static double g_prof[4];              /* seconds in: activation prep, matrix-vector jobs, attention, forward() */
enum { JOB_QKV, JOB_O, JOB_GATE_UP, JOB_DOWN, JOB_HEAD, N_JOBS };
static const char *const k_job_names[N_JOBS] = {"q/k/v", "o", "gate/up", "down", "head"};
static int g_job = JOB_HEAD;          /* --profile: which kind of job matmul_n is running */
static double g_job_s[N_JOBS], g_job_bytes[N_JOBS];   /* seconds in the pool and weight bytes, per kind */
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const hg_tensor *need_tensor(Model *m, const char *name, uint64_t rows, uint64_t cols, int f32_only) {
    const hg_tensor *t = hg_find(&m->file, name);
    if (!t) die("model is missing tensor %s", name);
    uint64_t want_ndim = rows ? 2 : 1;
    if (t->ndim != want_ndim || (rows && t->rows != rows) || t->cols != cols)
        die("tensor %s has shape [%llu, %llu], expected [%llu, %llu]", name, (unsigned long long)t->shape[0],
            (unsigned long long)(t->ndim > 1 ? t->shape[1] : 0), (unsigned long long)rows, (unsigned long long)cols);
    if (f32_only && t->type != HG_F32) die("tensor %s must be F32, is %s", name, hg_type_name(t->type));
    if (t->type != HG_F32 && t->type != HG_F16 && t->type != HG_BF16 && !(rows && hg_is_quantized(t->type)))
        die("tensor %s has type %s, which this build cannot run", name, hg_type_name(t->type));
    return t;
}

static Weight need_weight(Model *m, const char *name, uint64_t rows, uint64_t cols) {
    Weight w = {need_tensor(m, name, rows, cols, 0), 0, {0}};
    if (hg_is_quantized(w.t->type)) {
        if (hg_qinfo_get(w.t->type, w.t->params, w.t->cols, &w.q)) die("tensor %s: bad quantization parameters", name);
        w.quantized = 1;
        if (w.q.cols_pad > m->max_cols_pad) m->max_cols_pad = w.q.cols_pad;
        if (hg_act8_values(&w.q) > m->max_act8) m->max_act8 = hg_act8_values(&w.q);
        if (hg_qmatmul8_buf_bytes(&w.q) > m->max_gemm8_buf) m->max_gemm8_buf = hg_qmatmul8_buf_bytes(&w.q);
    }
    return w;
}

static void rope_init(Model *m) {
    hg_config *c = &m->c;
    int half = c->head_dim / 2;
    m->inv_freq = xcalloc((size_t)half, sizeof(double));
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
}

static uint64_t g_scratch_cols, g_scratch_act8;   /* what g_xrot and g_act8 hold */
static void scratch_free(void) {
    free(g_xrot);
    free(g_act8.q); free(g_act8.qp); free(g_act8.d); free(g_act8.qsum); free(g_act8.xr);
    g_xrot = NULL;
    memset(&g_act8, 0, sizeof g_act8);
    g_scratch_cols = g_scratch_act8 = 0;
}

/* g_xrot and g_act8 for activations of up to cols_pad values (grown when a
 * second model, the base of ppl --kld, has wider padded rows) */
static void scratch_reserve(uint64_t cols_pad, uint64_t act8_values) {
    if (g_xrot && cols_pad <= g_scratch_cols && act8_values <= g_scratch_act8) return;
    if (cols_pad < g_scratch_cols) cols_pad = g_scratch_cols;
    if (act8_values < g_scratch_act8) act8_values = g_scratch_act8;
    scratch_free();
    g_xrot = xcalloc(cols_pad ? cols_pad : 1, sizeof(float));
    if (act8_values < cols_pad) act8_values = cols_pad;
    uint64_t n8 = (act8_values + 127) / 128 * 128 + 128, groups = act8_values / 16 + 1;
    g_act8 = (hg_act8){xcalloc(n8, 1), xcalloc(n8, 1), xcalloc(groups, sizeof(float)), xcalloc(groups, sizeof(int32_t)),
                       xcalloc(n8, sizeof(float))};
    g_scratch_cols = cols_pad;
    g_scratch_act8 = act8_values;
}

static int g_mmap = 0;                /* 1: --mmap, always map the file */

/* Copy the weights into (huge-page) memory when the file takes under half of
 * the memory available now; else map it, which never needs more than the
 * page cache and lets the kernel evict what it must. */
static int load_by_copy(const char *path) {
    struct stat st;
    if (g_mmap || stat(path, &st) || !S_ISREG(st.st_mode)) return 0;
    FILE *f = fopen("/proc/meminfo", "r");
    if (!f) return 0;
    char line[256];
    unsigned long long kb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1) break;
    fclose(f);
    return kb && (unsigned long long)st.st_size < kb * 1024 / 2;
}

/* the value of KVMD key `key` (free-form metadata, docs/format.md) as a NUL-terminated string in
 * buf; 0 when the key is absent or the section is malformed (KVMD is optional: a reader never
 * fails on it, only on a value it needs and cannot parse) */
static int kv_get(const hg_file *f, const char *key, char *buf, size_t cap) {
    if (!f->kv) return 0;
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

/* optional F32 vector [cols] */
static const hg_tensor *opt_vector(Model *m, const char *name, uint64_t cols) {
    return hg_find(&m->file, name) ? need_tensor(m, name, 0, cols, 1) : NULL;
}

static void model_load(Model *m, const char *path) {
    char err[512];
    if (hg_open_ex(&m->file, path, load_by_copy(path) ? HG_OPEN_COPY : 0, err, sizeof err)) die("%s", err);
    m->c = m->file.cfg;
    hg_config *c = &m->c;
    /* the architectures this forward pass computes (docs/models.md); a file of another one may
     * hold tensors that change the result, so it is refused rather than run without them */
    static const char *const archs[] = {"llama", "mistral", "qwen2", "phi3"};
    int known = 0;
    for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++) known |= !strcmp(c->arch, archs[i]);
    if (!known) {
        char shown[33];
        int k = 0;
        for (; c->arch[k]; k++) shown[k] = isprint((unsigned char)c->arch[k]) ? c->arch[k] : '?';
        shown[k] = 0;
        die("unsupported architecture '%s' (this build runs llama, mistral, qwen2, phi3)", shown);
    }
    m->window = 0;
    char val[64];
    if (kv_get(&m->file, "sliding_window", val, sizeof val)) {
        char *end;
        errno = 0;
        long w = strtol(val, &end, 10);
        if (errno || end == val || *end || w < 1 || w > INT32_MAX) die("metadata sliding_window '%s' is not a positive integer", val);
        m->window = w < c->seq_len ? (int)w : 0;   /* a window as long as the context changes nothing */
    }
    for (int i = 0; i < m->file.n_tensors; i++) {   /* biases the forward pass does not add: refuse */
        const char *nm = m->file.tensors[i].name;
        size_t len = strlen(nm);
        if (len > 5 && !strcmp(nm + len - 5, ".bias")) {
            int layer = -1, end = 0;
            char which = 0;
            char canon[128] = "";
            if (sscanf(nm, "model.layers.%d.self_attn.%c_proj.bias%n", &layer, &which, &end) == 2 && end == (int)len &&
                layer >= 0 && layer < c->n_layers && which && strchr("qkv", which))
                snprintf(canon, sizeof canon, "model.layers.%d.self_attn.%c_proj.bias", layer, which);
            if (strcmp(canon, nm)) die("tensor %s: this build adds only q/k/v projection biases", nm);
        }
    }
    uint64_t q_dim = (uint64_t)c->n_heads * c->head_dim, kv_dim = (uint64_t)c->n_kv_heads * c->head_dim;
    m->embed = need_tensor(m, "model.embed_tokens.weight", c->vocab_size, c->dim, 0);
    m->final_norm = need_tensor(m, "model.norm.weight", 0, c->dim, 1);
    if (c->tied_embeddings) m->head = (Weight){m->embed, 0, {0}};
    else m->head = need_weight(m, "lm_head.weight", c->vocab_size, c->dim);
    m->layers = xcalloc((size_t)c->n_layers, sizeof(Layer));
    m->max_cols_pad = m->max_act8 = m->max_gemm8_buf = 0;
    for (int l = 0; l < c->n_layers; l++) {
        char name[128];
        Layer *L = &m->layers[l];
#define LAYER_NAME(suffix) (snprintf(name, sizeof name, "model.layers.%d.%s", l, suffix), name)
        L->attn_norm = need_tensor(m, LAYER_NAME("input_layernorm.weight"), 0, c->dim, 1);
        L->wq = need_weight(m, LAYER_NAME("self_attn.q_proj.weight"), q_dim, c->dim);
        L->wk = need_weight(m, LAYER_NAME("self_attn.k_proj.weight"), kv_dim, c->dim);
        L->wv = need_weight(m, LAYER_NAME("self_attn.v_proj.weight"), kv_dim, c->dim);
        L->wo = need_weight(m, LAYER_NAME("self_attn.o_proj.weight"), c->dim, q_dim);
        L->ffn_norm = need_tensor(m, LAYER_NAME("post_attention_layernorm.weight"), 0, c->dim, 1);
        L->w_gate = need_weight(m, LAYER_NAME("mlp.gate_proj.weight"), c->hidden_dim, c->dim);
        L->w_up = need_weight(m, LAYER_NAME("mlp.up_proj.weight"), c->hidden_dim, c->dim);
        L->w_down = need_weight(m, LAYER_NAME("mlp.down_proj.weight"), c->dim, c->hidden_dim);
        L->bq = opt_vector(m, LAYER_NAME("self_attn.q_proj.bias"), q_dim);
        L->bk = opt_vector(m, LAYER_NAME("self_attn.k_proj.bias"), kv_dim);
        L->bv = opt_vector(m, LAYER_NAME("self_attn.v_proj.bias"), kv_dim);
#undef LAYER_NAME
    }
    rope_init(m);
    scratch_reserve(m->max_cols_pad, m->max_act8);
}

static void model_free(Model *m) {
    free(m->layers);
    free(m->inv_freq);
    scratch_free();
    hg_close(&m->file);
}

/* The KV cache is read back in full for every token: anonymous memory with
 * huge pages where allowed (with 4 KB pages a TLB walk and a prefetcher
 * restart every 4 KB; attention at 300 positions ran ~1.4x slower). Zeroed. */
static float *kv_alloc(size_t bytes) {
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return (float *)p;
}

static void state_init(RunState *s, const hg_config *c, int max_pos, uint64_t max_cols_pad, uint64_t max_act8,
                       uint64_t max_gemm8_buf, int threads) {
    size_t kv_dim = (size_t)c->n_kv_heads * c->head_dim, q_dim = (size_t)c->n_heads * c->head_dim;
    size_t big = (size_t)c->dim > q_dim ? (size_t)c->dim : q_dim;
    s->max_pos = max_pos;
    s->window = 0;
    s->x = xcalloc((size_t)c->dim, sizeof(float));
    s->xb = xcalloc(big, sizeof(float));
    s->xb2 = xcalloc((size_t)c->dim, sizeof(float));
    s->hb = xcalloc((size_t)c->hidden_dim, sizeof(float));
    s->hb2 = xcalloc((size_t)c->hidden_dim, sizeof(float));
    s->q = xcalloc(q_dim, sizeof(float));
    s->kpos = (max_pos + KB - 1) / KB * KB;
    s->n_kv_heads = c->n_kv_heads;
    s->head_dim = c->head_dim;
    s->att = xcalloc((size_t)c->n_kv_heads * att_groups(c) * ATT_G * (size_t)s->kpos, sizeof(float));
    s->logits = xcalloc((size_t)c->vocab_size, sizeof(float));
    size_t cache = (size_t)c->n_layers * (size_t)s->kpos * kv_dim;
    s->kv_bytes = cache * sizeof(float);
    s->key_cache = kv_alloc(s->kv_bytes);
    s->value_cache = kv_alloc(s->kv_bytes);
    if (!s->key_cache || !s->value_cache)
        die("cannot allocate a KV cache of %.1f MB for %d positions; ask for fewer (-n / -c)",
            2.0 * cache * sizeof(float) / 1e6, max_pos);
    s->rope_cos = xcalloc((size_t)c->head_dim / 2, sizeof(float));
    s->rope_sin = xcalloc((size_t)c->head_dim / 2, sizeof(float));
    size_t widest = (size_t)(c->hidden_dim > c->dim ? c->hidden_dim : c->dim);
    if (widest < q_dim) widest = q_dim;
    s->xr_stride = (size_t)max_cols_pad > widest ? (size_t)max_cols_pad : widest;
    s->row_stride = s->xr_stride > (max_gemm8_buf + 3) / 4 ? s->xr_stride : (size_t)(max_gemm8_buf + 3) / 4;
    s->batch_x = xcalloc((size_t)BATCH * c->dim, sizeof(float));
    s->batch_xb = xcalloc((size_t)BATCH * big, sizeof(float));
    s->batch_xb2 = xcalloc((size_t)BATCH * c->dim, sizeof(float));
    s->batch_hb = xcalloc((size_t)BATCH * c->hidden_dim, sizeof(float));
    s->batch_hb2 = xcalloc((size_t)BATCH * c->hidden_dim, sizeof(float));
    s->batch_q = xcalloc((size_t)BATCH * q_dim, sizeof(float));
    s->batch_k = xcalloc((size_t)BATCH * kv_dim, sizeof(float));
    s->batch_v = xcalloc((size_t)BATCH * kv_dim, sizeof(float));
    s->batch_xrot = xcalloc((size_t)BATCH * s->xr_stride, sizeof(float));
    s->batch_logits = xcalloc((size_t)BATCH * c->vocab_size, sizeof(float));
    s->batt = xcalloc((size_t)threads * ATT_G * (size_t)s->kpos, sizeof(float));
    s->browbuf = xcalloc((size_t)threads * s->row_stride, sizeof(float));
    for (int b = 0; b < BATCH; b++)
        if (hg_act8_alloc(&s->bact8[b], max_act8 > max_cols_pad ? max_act8 : max_cols_pad,
                          (max_act8 > max_cols_pad ? max_act8 : max_cols_pad) / 16 + 1))
            die("out of memory (activation buffers)");
}

static void state_free(RunState *s) {
    free(s->x); free(s->xb); free(s->xb2); free(s->hb); free(s->hb2); free(s->q);
    free(s->att); free(s->logits);
    if (s->key_cache) munmap(s->key_cache, s->kv_bytes);
    if (s->value_cache) munmap(s->value_cache, s->kv_bytes);
    free(s->rope_cos); free(s->rope_sin);
    free(s->batch_x); free(s->batch_xb); free(s->batch_xb2); free(s->batch_hb); free(s->batch_hb2); free(s->batch_q); free(s->batch_k); free(s->batch_v);
    free(s->batch_xrot); free(s->batch_logits); free(s->batt); free(s->browbuf);
    for (int b = 0; b < BATCH; b++) hg_act8_free(&s->bact8[b]);
}

/* ------------------------------------------------------- forward pass */

static hg_pool *g_pool;

/* y += a x; restrict lets the compiler vectorise it */

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

/* One pool run computes out_i = W_i x for up to three weights that share the
 * input (q/k/v, gate/up): one barrier instead of three, and the activation is
 * prepared once when the weights share a format. Rows go out in tasks of
 * whole cache lines, several per thread so that a thread finishing early
 * takes more work instead of waiting. */
#define MM_MAX 3
#define MM_TASKS 320
/* what a task does with its rows after the product: nothing; acc[r] += out[r]
 * (the residual connection); or out0[r] = silu(out0[r]) * out1[r] (the gated
 * feed-forward, gate and up rows of one range in one task). In the tasks the
 * threads share this work and the main thread never reads rows another core
 * just wrote only to write them again. */
enum { EPI_NONE, EPI_ADD, EPI_GLU };
typedef struct { float *out; const Weight *w; int act8; const float *x; } MatmulPart;
/* a task: rows r0..r1-1 of part `part`; with part2 set, also rows s0.. (as many)
 * of part2, the two walked together (hg_qmatvec8_rows2) */
enum { NO_PART = 255 };
typedef struct { unsigned char part, part2; int r0, r1, s0; } MatmulTask;
typedef struct {
    MatmulPart part[MM_MAX];
    int n_tasks, epi;
    float *acc;                       /* EPI_ADD */
    MatmulTask task[MM_TASKS];
} MatmulJob;

/* g[r] = silu(g[r]) * u[r] */
static void silu_mul(float *g, const float *u, size_t r0, size_t r1) {
    for (size_t r = r0; r < r1; r++) g[r] = g[r] / (1.0f + expf(-g[r])) * u[r];
}

static void matmul_part_rows(const MatmulPart *p, int r0, int r1) {
    if (p->act8) hg_qmatvec8_rows(p->out, &g_act8, p->w->t, &p->w->q, r0, r1);
    else if (p->w->quantized) hg_qmatvec_rows(p->out, p->x, p->w->t, &p->w->q, r0, r1);
    else hg_matvec_rows(p->out, p->x, p->w->t, r0, r1);
}

static void matmul_task(void *ctx, int task, int thread) {
    (void)thread;
    MatmulJob *j = (MatmulJob *)ctx;
    const MatmulTask *t = &j->task[task];
    int r0 = t->r0, r1 = t->r1, s0 = t->s0, n = r1 - r0;
    const MatmulPart *p = &j->part[t->part], *p2 = t->part2 == NO_PART ? NULL : &j->part[t->part2];
    if (p2 && p->act8) hg_qmatvec8_rows2(p->out + r0, p->w->t, r0, p2->out + s0, p2->w->t, s0, n, &g_act8, &p->w->q);
    else if (p2) hg_matvec_rows2(p->out + r0, p->w->t, r0, p2->out + s0, p2->w->t, s0, n, p->x);
    if (j->epi == EPI_GLU) {          /* gate rows and the same up rows: paired, or one after the other */
        if (!p2) {
            matmul_part_rows(&j->part[0], r0, r1);
            matmul_part_rows(&j->part[1], r0, r1);
        }
        silu_mul(j->part[0].out, j->part[1].out, (size_t)r0, (size_t)r1);
        return;
    }
    if (!p2) matmul_part_rows(p, r0, r1);
    if (j->epi == EPI_ADD) {
        for (int r = r0; r < r1; r++) j->acc[r] += p->out[r];
        if (p2)
            for (int r = s0; r < s0 + n; r++) j->acc[r] += p2->out[r];
    }
}

static int same_format(const Weight *a, const Weight *b) {
    return a->t->type == b->t->type && !memcmp(a->t->params, b->t->params, sizeof a->t->params) && a->t->cols == b->t->cols;
}

static void add_task(MatmulJob *j, int part, int r0, int r1, int part2, int s0) {
    j->task[j->n_tasks++] = (MatmulTask){(unsigned char)part, (unsigned char)part2, r0, r1, s0};
}

/* Tasks of `c` rows (`c` rows of each of two streams when paired). Paired:
 * gate with up (EPI_GLU), k with v (same rows), and any other weight's first
 * half with its second half. The pool gives each thread a contiguous run of
 * tasks, so each of its two streams runs on through memory from task to task. */
static void plan_tasks(MatmulJob *j, const Weight *const *ws, int n, int epi, int pairs, int c) {
    for (int i = 0; i < n; i++) {
        int rows = (int)ws[i]->t->rows;
        if (!pairs) {
            for (int r = 0; r < rows; r += c) add_task(j, i, r, r + c < rows ? r + c : rows, NO_PART, 0);
            if (epi == EPI_GLU) return;   /* GLU tasks cover the same rows of every part */
            continue;
        }
        if (epi == EPI_GLU || (i + 1 < n && (int)ws[i + 1]->t->rows == rows)) {   /* gate/up, k/v */
            for (int r = 0; r < rows; r += c) add_task(j, i, r, r + c < rows ? r + c : rows, i + 1, r);
            if (epi == EPI_GLU) return;
            i++;
            continue;
        }
        int half = rows / 2 / 16 * 16;   /* output rows in whole cache lines */
        for (int r = 0; r < half; r += c) add_task(j, i, r, r + c < half ? r + c : half, i, half + r);
        for (int r = 2 * half; r < rows; r += c) add_task(j, i, r, r + c < rows ? r + c : rows, NO_PART, 0);
    }
}

/* decode's int8 activation for weights of format q. The rotation choice's K copies (~7-22 us a
 * matrix at K = 16 on the TinyLlama shape, one thread: ~1 ms a token) are shared by the threads, a
 * part each, where there are enough of them to be worth a job of their own (a job costs ~1-2 us) */
#define PREP_SPLIT_VALUES 16384
typedef struct { const hg_qinfo *q; int parts; } PrepPartJob;
static void prep_part_task(void *ctx, int task, int thread) {
    (void)thread;
    const PrepPartJob *j = (const PrepPartJob *)ctx;
    hg_prepare_act8_part(j->q, &g_act8, task, j->parts);
}
static void prepare_act8(const hg_qinfo *q, const float *x) {
    int threads = hg_pool_threads(g_pool), parts = hg_prepare_act8_parts(q);
    if (threads == 1 || parts == 1 || hg_act8_values(q) < PREP_SPLIT_VALUES) {
        hg_prepare_act8(q, x, &g_act8);
        return;
    }
    PrepPartJob j = {q, parts < threads ? parts : threads};
    hg_prepare_act8_begin(q, x, &g_act8);
    hg_pool_run(g_pool, prep_part_task, &j, j.parts);
}

/* outs[i] = ws[i] x, then the epilogue (EPI_ADD: n = 1, acc += outs[0];
 * EPI_GLU: n = 2, outs[0] = silu(outs[0]) * outs[1]) */
static void matmul_n(float *const *outs, const float *x, const Weight *const *ws, int n, int epi, float *acc) {
    int threads = hg_pool_threads(g_pool);
    for (int i = 1; i < n; i++)
        if (!same_format(ws[0], ws[i]) || (epi == EPI_GLU && ws[i]->t->rows != ws[0]->t->rows)) {
            /* mixed formats (a --target-bits file): one at a time */
            for (int k = 0; k < n; k++) matmul_n(&outs[k], x, &ws[k], 1, EPI_NONE, NULL);
            if (epi == EPI_GLU) silu_mul(outs[0], outs[1], 0, ws[0]->t->rows);
            return;
        }
    const Weight *w = ws[0];
    double t0 = g_profile ? now_s() : 0;
    int act8 = w->quantized && w->q.act8 && g_int8;
    if (act8) prepare_act8(&w->q, x);
    else if (w->quantized) {
        hg_prepare_activation(&w->q, x, g_xrot);
        x = g_xrot;
    }
    MatmulJob j;
    j.epi = epi;
    j.acc = acc;
    int pairs = g_pairs && (act8 ? hg_qmatvec8_pairs(&w->q) : !w->quantized && hg_matvec_pairs(w->t));
    int total = 0;
    for (int i = 0; i < n; i++) {
        j.part[i] = (MatmulPart){outs[i], ws[i], act8, x};
        if (epi != EPI_GLU || i == 0) total += (int)ws[i]->t->rows;
    }
    if (pairs && epi != EPI_GLU) total /= 2;   /* a paired task covers twice its rows */
    /* tasks in all: 24 per thread (a thread that finishes first waits for at
     * most one task of the other's: 24 decoded 1-9% faster than 12), and at
     * most ~512 KB of weights each (the 131 MB f16 head in 24 tasks left one
     * thread waiting ~50 us for the other) */
    uint64_t bytes = 0;
    for (int i = 0; i < n; i++) bytes += ws[i]->t->nbytes;
    int want = threads == 1 ? 1 : threads * 24;
    if (threads > 1 && bytes / (512 << 10) > (uint64_t)want) want = (int)(bytes / (512 << 10));
    int c = ((total + want - 1) / want + 15) / 16 * 16;
    for (;;) {                                    /* never more tasks than slots (a bound: pairs need fewer) */
        int count = 0;
        for (int i = 0; i < n; i++) count += ((int)ws[i]->t->rows + c - 1) / c + (pairs ? 1 : 0);
        if (count <= MM_TASKS) break;
        c *= 2;
    }
    j.n_tasks = 0;
    plan_tasks(&j, ws, n, epi, pairs, c);
    double t1 = g_profile ? now_s() : 0;
    hg_pool_run(g_pool, matmul_task, &j, j.n_tasks);
    if (g_profile) {
        double dt = now_s() - t1;
        g_prof[0] += t1 - t0;
        g_prof[1] += dt;
        g_job_s[g_job] += dt;
        for (int i = 0; i < n; i++) g_job_bytes[g_job] += (double)ws[i]->t->nbytes;
    }
}

/* out = W x */
static void matmul(float *out, const float *x, const Weight *w) { matmul_n(&out, x, &w, 1, EPI_NONE, NULL); }

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

/* The KV cache, per layer and key/value head. Keys are stored in blocks of
 * KB positions, each block dimension-major ([hd][KB]): the scores of KB
 * positions are KB independent sums that vectorize across positions with no
 * horizontal sum, and a head's keys are one contiguous stream (a transposed
 * [hd][max_pos] array made the hardware prefetcher follow hd streams at once).
 * Values are [pos][hd] per head, also one stream. */
static float *key_head(const RunState *s, int layer, int kvh) {
    return s->key_cache + ((size_t)layer * s->n_kv_heads + (size_t)kvh) * s->kpos * s->head_dim;
}
static float *value_head(const RunState *s, int layer, int kvh) {
    return s->value_cache + ((size_t)layer * s->n_kv_heads + (size_t)kvh) * s->kpos * s->head_dim;
}

static void store_kv(RunState *s, int layer, int pos, const float *k, const float *v) {
    int hd = s->head_dim;
    for (int h = 0; h < s->n_kv_heads; h++) {
        float *kb = key_head(s, layer, h) + (size_t)(pos / KB) * KB * hd + pos % KB;
        for (int d = 0; d < hd; d++) kb[(size_t)d * KB] = k[h * hd + d];
        memcpy(value_head(s, layer, h) + (size_t)pos * hd, v + h * hd, (size_t)hd * sizeof(float));
    }
}

/* a[t] = exp(a[t] - m) / sum for t < n (softmax of scores whose maximum is m).
 * exp without a libm call per element, so the loop vectorizes: 2^k * e^r with
 * k = round(x / ln 2), r = x - k ln 2 (ln 2 in two parts), e^r by its degree-6
 * Taylor polynomial (within 2.5e-7 of exp over [-87, 0]); x >= -87 keeps
 * 2^k a normal float (smaller terms are below 1e-37 of the largest anyway). */
static void softmax_shifted(float *a, int n, float m) {
    for (int t = 0; t < n; t++) {
        float x = a[t] - m;
        x = x < -87.0f ? -87.0f : x;
        float y = x * 1.44269504f;
        float k = (y + 12582912.0f) - 12582912.0f;          /* round to nearest: no call */
        float r = x - k * 0.693359375f;
        r = r - k * -2.12194440e-4f;
        float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120 + r * (1.0f / 720))))));
        int32_t bits = ((int32_t)k + 127) * (1 << 23);
        float scale;
        memcpy(&scale, &bits, sizeof scale);
        a[t] = p * scale;
    }
    float part[16] = {0}, sum = 0;    /* 16 running sums: a vector, not a chain of dependent adds */
    int t = 0;
    for (; t + 16 <= n; t += 16)
        for (int i = 0; i < 16; i++) part[i] += a[t + i];
    for (int i = 0; i < 16; i++) sum += part[i];
    for (; t < n; t++) sum += a[t];
    float inv = 1.0f / sum;
    for (t = 0; t < n; t++) a[t] *= inv;
}

/* max of a[0..n), n >= 1, with 16 running maxima (exact in any order) */
static float max_of(const float *a, int n) {
    float part[16], m = a[0];
    for (int i = 0; i < 16; i++) part[i] = a[0];
    int t = 0;
    for (; t + 16 <= n; t += 16)
        for (int i = 0; i < 16; i++) part[i] = a[t + i] > part[i] ? a[t + i] : part[i];
    for (int i = 0; i < 16; i++) m = part[i] > m ? part[i] : m;
    for (; t < n; t++) m = a[t] > m ? a[t] : m;
    return m;
}

/* Query heads that share a key/value head (grouped-query attention) go up to
 * ATT_G at a time, so each key and value is loaded once for all of them.
 * Every head's sums run in the same order whatever G is: a head's result does
 * not depend on its company (decode and prompt batches agree bit for bit). */
#ifdef __GNUC__
#define ATT_INLINE static inline __attribute__((always_inline))   /* G becomes a constant in each caller */
#else
#define ATT_INLINE static inline
#endif

/* 16 floats in registers: one zmm, two ymm, four NEON q registers, or a plain
 * array (the portable reference, which the compiler vectorizes as it can).
 * fv_fma(acc, a, x) = acc + a * x (fused where the ISA fuses). */
#if defined(HG_AVX512)
typedef struct { __m512 v; } fv;
static inline fv fv_zero(void) { return (fv){_mm512_setzero_ps()}; }
static inline fv fv_load(const float *p) { return (fv){_mm512_loadu_ps(p)}; }
static inline fv fv_fma(fv acc, float a, fv x) { return (fv){_mm512_fmadd_ps(_mm512_set1_ps(a), x.v, acc.v)}; }
static inline void fv_store_scaled(float *p, fv x, float s) { _mm512_storeu_ps(p, _mm512_mul_ps(x.v, _mm512_set1_ps(s))); }
#define FV_WIDE 2                     /* independent 16-float sums per head: 32 registers allow two */
#elif defined(HG_AVX2)
typedef struct { __m256 lo, hi; } fv;
static inline fv fv_zero(void) { return (fv){_mm256_setzero_ps(), _mm256_setzero_ps()}; }
static inline fv fv_load(const float *p) { return (fv){_mm256_loadu_ps(p), _mm256_loadu_ps(p + 8)}; }
static inline fv fv_fma(fv acc, float a, fv x) {
    __m256 b = _mm256_set1_ps(a);
    return (fv){_mm256_fmadd_ps(b, x.lo, acc.lo), _mm256_fmadd_ps(b, x.hi, acc.hi)};
}
static inline void fv_store_scaled(float *p, fv x, float s) {
    __m256 b = _mm256_set1_ps(s);
    _mm256_storeu_ps(p, _mm256_mul_ps(x.lo, b));
    _mm256_storeu_ps(p + 8, _mm256_mul_ps(x.hi, b));
}
#define FV_WIDE 1
#elif defined(HG_NEON)
typedef struct { float32x4_t v[4]; } fv;
static inline fv fv_zero(void) { fv r; for (int i = 0; i < 4; i++) r.v[i] = vdupq_n_f32(0); return r; }
static inline fv fv_load(const float *p) { fv r; for (int i = 0; i < 4; i++) r.v[i] = vld1q_f32(p + 4 * i); return r; }
static inline fv fv_fma(fv acc, float a, fv x) { for (int i = 0; i < 4; i++) acc.v[i] = vfmaq_n_f32(acc.v[i], x.v[i], a); return acc; }
static inline void fv_store_scaled(float *p, fv x, float s) { for (int i = 0; i < 4; i++) vst1q_f32(p + 4 * i, vmulq_n_f32(x.v[i], s)); }
#define FV_WIDE 1
#else
typedef struct { float v[16]; } fv;
static inline fv fv_zero(void) { fv r; memset(&r, 0, sizeof r); return r; }
static inline fv fv_load(const float *p) { fv r; memcpy(r.v, p, sizeof r.v); return r; }
static inline fv fv_fma(fv acc, float a, fv x) { for (int i = 0; i < 16; i++) acc.v[i] += a * x.v[i]; return acc; }
static inline void fv_store_scaled(float *p, fv x, float s) { for (int i = 0; i < 16; i++) p[i] = x.v[i] * s; }
#define FV_WIDE 1
#endif

/* The values of positions t0..t0+m-1 (clipped to n) toward the cache while
 * the scores read the keys: a second stream through memory keeps more reads
 * in flight than the keys alone, and the value pass then reads from cache. */
static inline void prefetch_values(const float *values, int t0, int n, int m, int hd) {
    int t1 = t0 + m < n ? t0 + m : n;
    const char *p = (const char *)(values + (size_t)t0 * hd), *end = (const char *)(values + (size_t)t1 * hd);
    for (; p < end; p += 64) __builtin_prefetch(p, 0, 3);
}

/* att[g][t] = scale * <q[g], k_t> for t < n (and junk up to the end of the last
 * block: att has kpos floats). FV_WIDE blocks at a time where registers allow:
 * more independent sums in flight. */
ATT_INLINE void attn_scores_g(float *const *att, const float *const *q, const int G, const float *restrict keys, int hd,
                              int n, float scale, const float *values) {
    int t0 = 0;
#if FV_WIDE == 2
    for (; t0 + KB < n; t0 += 2 * KB) {
        const float *b0 = keys + (size_t)t0 * hd, *b1 = b0 + (size_t)KB * hd;
        prefetch_values(values, t0, n, 2 * KB, hd);
        fv acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = fv_zero();
        for (int d = 0; d < hd; d++) {
            fv k0 = fv_load(b0 + (size_t)d * KB), k1 = fv_load(b1 + (size_t)d * KB);
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], q[g][d], k0);
                acc[g][1] = fv_fma(acc[g][1], q[g][d], k1);
            }
        }
        for (int g = 0; g < G; g++) {
            fv_store_scaled(att[g] + t0, acc[g][0], scale);
            fv_store_scaled(att[g] + t0 + KB, acc[g][1], scale);
        }
    }
#endif
    for (; t0 < n; t0 += KB) {
        const float *blk = keys + (size_t)t0 * hd;    /* block t0 / KB */
        prefetch_values(values, t0, n, KB, hd);
        fv acc[ATT_G];
        for (int g = 0; g < G; g++) acc[g] = fv_zero();
        for (int d = 0; d < hd; d++) {
            fv k = fv_load(blk + (size_t)d * KB);
            for (int g = 0; g < G; g++) acc[g] = fv_fma(acc[g], q[g][d], k);
        }
        for (int g = 0; g < G; g++) fv_store_scaled(att[g] + t0, acc[g], scale);
    }
}

/* out[g][d] = sum_t p[g][t] * v_t[d] for d < hd: 16 * FV_WIDE dimensions at a
 * time stay in registers across all positions (an axpy per position would
 * store and reload out); a head size that is not a multiple of 16 ends in plain loops */
ATT_INLINE void attn_values_g(float *const *out, const float *const *p, const int G, const float *restrict values, int hd,
                              int n) {
    int d0 = 0;
#if FV_WIDE == 2
    for (; G <= 4 && d0 + 64 <= hd; d0 += 64) {   /* 4 x 4 accumulators of the 32 registers */
        fv acc[ATT_G][4];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = acc[g][2] = acc[g][3] = fv_zero();
        for (int t = 0; t < n; t++) {
            const float *row = values + (size_t)t * hd + d0;
            fv v0 = fv_load(row), v1 = fv_load(row + 16), v2 = fv_load(row + 32), v3 = fv_load(row + 48);
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], p[g][t], v0);
                acc[g][1] = fv_fma(acc[g][1], p[g][t], v1);
                acc[g][2] = fv_fma(acc[g][2], p[g][t], v2);
                acc[g][3] = fv_fma(acc[g][3], p[g][t], v3);
            }
        }
        for (int g = 0; g < G; g++)
            for (int k = 0; k < 4; k++) fv_store_scaled(out[g] + d0 + 16 * k, acc[g][k], 1.0f);
    }
    for (; d0 + 32 <= hd; d0 += 32) {                 /* up to 8 x 2 */
        fv acc[ATT_G][2];
        for (int g = 0; g < G; g++) acc[g][0] = acc[g][1] = fv_zero();
        for (int t = 0; t < n; t++) {
            const float *row = values + (size_t)t * hd + d0;
            fv v0 = fv_load(row), v1 = fv_load(row + 16);
            for (int g = 0; g < G; g++) {
                acc[g][0] = fv_fma(acc[g][0], p[g][t], v0);
                acc[g][1] = fv_fma(acc[g][1], p[g][t], v1);
            }
        }
        for (int g = 0; g < G; g++) {
            fv_store_scaled(out[g] + d0, acc[g][0], 1.0f);
            fv_store_scaled(out[g] + d0 + 16, acc[g][1], 1.0f);
        }
    }
#endif
    for (; d0 + 16 <= hd; d0 += 16) {
        fv acc[ATT_G];
        for (int g = 0; g < G; g++) acc[g] = fv_zero();
        for (int t = 0; t < n; t++) {
            fv v = fv_load(values + (size_t)t * hd + d0);
            for (int g = 0; g < G; g++) acc[g] = fv_fma(acc[g], p[g][t], v);
        }
        for (int g = 0; g < G; g++) fv_store_scaled(out[g] + d0, acc[g], 1.0f);
    }
    for (int g = 0; g < G; g++)
        for (int d = d0; d < hd; d++) {
            float a = 0;
            for (int t = 0; t < n; t++) a += p[g][t] * values[(size_t)t * hd + d];
            out[g][d] = a;
        }
}

/* heads q[0..G) attend to positions t0..n-1 of one key/value head (t0 > 0: a
 * sliding window); att[g] is scratch of n floats, out[g] receives hd floats.
 * The scores start at t0's key block (blocks hold KB positions); the softmax
 * and the value sum start at t0 itself. */
static void attend(float *const *out, float *const *att, const float *const *q, int G, const float *keys,
                   const float *values, int hd, int t0, int n) {
    float scale = 1.0f / sqrtf((float)hd);
    int s0 = t0 / KB * KB;
    keys += (size_t)s0 * hd;                      /* block s0 / KB */
    const float *vs = values + (size_t)s0 * hd;   /* (prefetched while the scores run) */
    n -= s0;
    switch (G) {
#if ATT_G == 8
    case 8: attn_scores_g(att, q, 8, keys, hd, n, scale, vs); break;
    case 7: attn_scores_g(att, q, 7, keys, hd, n, scale, vs); break;
    case 6: attn_scores_g(att, q, 6, keys, hd, n, scale, vs); break;
    case 5: attn_scores_g(att, q, 5, keys, hd, n, scale, vs); break;
#endif
    case 4: attn_scores_g(att, q, 4, keys, hd, n, scale, vs); break;
    case 3: attn_scores_g(att, q, 3, keys, hd, n, scale, vs); break;
    case 2: attn_scores_g(att, q, 2, keys, hd, n, scale, vs); break;
    default: attn_scores_g(att, q, 1, keys, hd, n, scale, vs); break;
    }
    const float *p[ATT_G] = {0};
    int skip = t0 - s0;                           /* positions of the first block before the window */
    values += (size_t)t0 * hd;
    n -= skip;
    for (int g = 0; g < G; g++) {
        softmax_shifted(att[g] + skip, n, max_of(att[g] + skip, n));
        p[g] = att[g] + skip;
    }
    switch (G) {
#if ATT_G == 8
    case 8: attn_values_g(out, p, 8, values, hd, n); break;
    case 7: attn_values_g(out, p, 7, values, hd, n); break;
    case 6: attn_values_g(out, p, 6, values, hd, n); break;
    case 5: attn_values_g(out, p, 5, values, hd, n); break;
#endif
    case 4: attn_values_g(out, p, 4, values, hd, n); break;
    case 3: attn_values_g(out, p, 3, values, hd, n); break;
    case 2: attn_values_g(out, p, 2, values, hd, n); break;
    default: attn_values_g(out, p, 1, values, hd, n); break;
    }
}

/* the query heads of kv head kvh in groups of ATT_G: group `grp` covers heads h0..h0+G-1 */
static int att_group_heads(const hg_config *c, int kvh, int grp, int *h0) {
    int rep = c->n_heads / c->n_kv_heads;
    *h0 = kvh * rep + ATT_G * grp;
    return rep - ATT_G * grp < ATT_G ? rep - ATT_G * grp : ATT_G;
}

/* one token's attention for the heads of one group: q, out hold the token's n_heads * hd */
static void attend_group(const hg_config *c, const RunState *s, int layer, int pos, int task, const float *q, float *out,
                         float *att_scratch, size_t att_stride) {
    int hd = c->head_dim, kvh = task / att_groups(c), h0;
    int G = att_group_heads(c, kvh, task % att_groups(c), &h0);
    const float *qs[ATT_G] = {0};
    float *atts[ATT_G] = {0}, *outs[ATT_G] = {0};
    for (int g = 0; g < G; g++) {
        qs[g] = q + (size_t)(h0 + g) * hd;
        atts[g] = att_scratch + (size_t)g * att_stride;
        outs[g] = out + (size_t)(h0 + g) * hd;
    }
    int t0 = s->window && pos >= s->window ? pos + 1 - s->window : 0;
    attend(outs, atts, qs, G, key_head(s, layer, kvh), value_head(s, layer, kvh), hd, t0, pos + 1);
}

typedef struct { const Model *m; RunState *s; int layer, pos; } AttnJob;

static void attention_task(void *ctx, int task, int thread) {
    (void)thread;
    AttnJob *j = (AttnJob *)ctx;
    RunState *s = j->s;
    attend_group(&j->m->c, s, j->layer, j->pos, task, s->q, s->xb, s->att + (size_t)task * ATT_G * s->kpos, s->kpos);
}

/* x += b (a q/k/v bias; none when b is NULL) */
static void add_bias(float *x, const hg_tensor *b, int n) {
    if (!b) return;
    const float *v = (const float *)b->data;
    for (int i = 0; i < n; i++) x[i] += v[i];
}

static float *forward(const Model *m, RunState *s, int token, int pos) {
    const hg_config *c = &m->c;
    double tf = g_profile ? now_s() : 0;
    int dim = c->dim, hd = c->head_dim;
    hg_dequant_row(s->x, m->embed, token);
    for (int i = 0; i < hd / 2; i++) {
        double a = pos * m->inv_freq[i];
        s->rope_cos[i] = (float)cos(a);
        s->rope_sin[i] = (float)sin(a);
    }
    for (int l = 0; l < c->n_layers; l++) {
        const Layer *L = &m->layers[l];
        float *k = s->batch_k, *v = s->batch_v;
        rmsnorm(s->xb, s->x, (const float *)L->attn_norm->data, dim, c->rms_norm_eps);
        float *qkv_out[3] = {s->q, k, v};
        const Weight *qkv[3] = {&L->wq, &L->wk, &L->wv};
        g_job = JOB_QKV;
        matmul_n(qkv_out, s->xb, qkv, 3, EPI_NONE, NULL);
        add_bias(s->q, L->bq, c->n_heads * hd);
        add_bias(k, L->bk, c->n_kv_heads * hd);
        add_bias(v, L->bv, c->n_kv_heads * hd);
        rope_apply(s->q, c->n_heads, hd, s->rope_cos, s->rope_sin);
        rope_apply(k, c->n_kv_heads, hd, s->rope_cos, s->rope_sin);
        store_kv(s, l, pos, k, v);
        AttnJob aj = {m, s, l, pos};
        double ta = g_profile ? now_s() : 0;
        hg_pool_run(g_pool, attention_task, &aj, c->n_kv_heads * att_groups(c));
        if (g_profile) g_prof[2] += now_s() - ta;
        const Weight *wo = &L->wo, *wdown = &L->w_down;
        g_job = JOB_O;
        matmul_n(&s->xb2, s->xb, &wo, 1, EPI_ADD, s->x);             /* x += Wo xb */
        rmsnorm(s->xb, s->x, (const float *)L->ffn_norm->data, dim, c->rms_norm_eps);
        float *gu_out[2] = {s->hb, s->hb2};
        const Weight *gu[2] = {&L->w_gate, &L->w_up};
        g_job = JOB_GATE_UP;
        matmul_n(gu_out, s->xb, gu, 2, EPI_GLU, NULL);                /* hb = silu(Wg xb) * (Wu xb) */
        g_job = JOB_DOWN;
        matmul_n(&s->xb2, s->hb, &wdown, 1, EPI_ADD, s->x);           /* x += Wd hb */
    }
    rmsnorm(s->x, s->x, (const float *)m->final_norm->data, dim, c->rms_norm_eps);
    g_job = JOB_HEAD;
    matmul(s->logits, s->x, &m->head);
    if (g_profile) g_prof[3] += now_s() - tf;
    return s->logits;
}


/* Prompt processing: BATCH tokens at a time. Each weight row is read (and
 * decoded, for quantized types) once per batch and multiplied with every
 * token's activation, turning matrix-vector products into a matrix-matrix
 * product; that is what makes prompts and perplexity fast. */

typedef struct {
    float *out;                       /* [B][rows] */
    const float *x;                   /* [B][xstride] */
    size_t xstride;
    const Weight *w;
    RunState *s;
    int rows, chunk, B, act8;
} BatchJob;

/* rows r..r+4*quads-1 (quads <= HALF_BLOCK / 4) of an F16 / BF16 tensor for all tokens through
 * the register-tiled kernel (four rows x four tokens), the row quads innermost: four tokens'
 * activations come from L2 once per HALF_BLOCK rows, not once per four rows (a batch's activations
 * outgrow L1; streaming them again for every four rows left the FMAs waiting: 1.15x the prompt
 * speed of a TinyLlama-shaped f16 model on one AVX-512 core); the tokens past a multiple of four as
 * the one-row path computes them */
#define HALF_BLOCK 16
static void matmul_half_rows(const BatchJob *j, const hg_tensor *t, int r, int quads, int n, float *buf) {
    const uint16_t *w = (const uint16_t *)(t->data + (uint64_t)r * t->row_bytes);
    size_t wstride = t->row_bytes / 2;
    int b = 0;
    for (; b + 4 <= j->B; b += 4)
        for (int q = 0; q < quads; q++) {
            float d[16];
            hg_dot4x4_half(w + (size_t)(4 * q) * wstride, wstride, t->type, j->x + (size_t)b * j->xstride, j->xstride, n, buf, d);
            for (int i = 0; i < 4; i++)
                for (int k = 0; k < 4; k++) j->out[(size_t)(b + k) * j->rows + r + 4 * q + i] = d[4 * i + k];
        }
    if (b == j->B) return;
    for (int i = 0; i < 4 * quads; i++) {
        hg_dequant_row(buf, t, r + i);
        for (int k = b; k < j->B; k++) j->out[(size_t)k * j->rows + r + i] = hg_dot_f32(buf, j->x + (size_t)k * j->xstride, n);
    }
}

static void matmul_batch_task(void *ctx, int task, int thread) {
    BatchJob *j = (BatchJob *)ctx;
    const hg_tensor *t = j->w->t;
    float *buf = j->s->browbuf + (size_t)thread * j->s->row_stride;
    int r0 = task * j->chunk, r1 = r0 + j->chunk < j->rows ? r0 + j->chunk : j->rows;
    if (j->act8) {                    /* int8: each row decoded once, then all tokens (higgs.h) */
        hg_qmatmul8_rows(j->out, (size_t)j->rows, j->s->bact8, j->B, t, &j->w->q, r0, r1, (int8_t *)buf);
        return;
    }
    int n = j->w->quantized ? (int)j->w->q.cols_pad : (int)t->cols;
    int r = r0;
    if (!j->w->quantized && (t->type == HG_F16 || t->type == HG_BF16) && t->row_bytes % 2 == 0)
        while (r + 4 <= r1) {
            int quads = (r1 - r) / 4 < HALF_BLOCK / 4 ? (r1 - r) / 4 : HALF_BLOCK / 4;
            matmul_half_rows(j, t, r, quads, n, buf);
            r += 4 * quads;
        }
    for (; r < r1; r++) {
        const float *row = buf;
        if (j->w->quantized) hg_qdequant_row_stored(t, &j->w->q, r, buf);
        else if (t->type == HG_F32) row = (const float *)(t->data + (uint64_t)r * t->row_bytes);
        else hg_dequant_row(buf, t, r);
        int b = 0;
        for (; b + 4 <= j->B; b += 4) {   /* four tokens per pass over the row */
            float d[4];
            hg_dot4_f32(row, j->x + (size_t)b * j->xstride, j->xstride, n, d);
            for (int k = 0; k < 4; k++) j->out[(size_t)(b + k) * j->rows + r] = d[k];
        }
        for (; b < j->B; b++) j->out[(size_t)b * j->rows + r] = hg_dot_f32(row, j->x + (size_t)b * j->xstride, n);
    }
}

/* a prompt batch's activations prepared for a quantized weight, tokens shared among the threads (each
 * token's own scratch: with the rotation choice K copies of each token, 1 ms a token at K = 16 on the
 * TinyLlama shape) */
typedef struct { RunState *s; const Weight *w; const float *x; int cols, B, per; } PrepJob;
static void prep_batch_task(void *ctx, int task, int thread) {
    (void)thread;
    PrepJob *j = (PrepJob *)ctx;
    for (int b = task * j->per; b < (task + 1) * j->per && b < j->B; b++) {
        if (j->w->q.act8 && g_int8) hg_prepare_act8(&j->w->q, j->x + (size_t)b * j->cols, &j->s->bact8[b]);
        else hg_prepare_activation(&j->w->q, j->x + (size_t)b * j->cols, j->s->batch_xrot + (size_t)b * j->s->xr_stride);
    }
}

/* outs[i][b] = ws[i] x[b] for b < B and i < n; x rows are `cols` wide, out rows
 * ws[i]->rows wide. The activations are prepared once for weights that share a
 * format (q/k/v, gate/up): rotated, and for int8 tensors rounded (as decoding
 * does, so a prompt's logits equal decoding's bit for bit). */
static void matmul_batch_n(RunState *s, float *const *outs, const float *x, int B, const Weight *const *ws, int n) {
    for (int i = 1; i < n; i++)
        if (!same_format(ws[0], ws[i])) {
            for (int k = 0; k < n; k++) matmul_batch_n(s, &outs[k], x, B, &ws[k], 1);
            return;
        }
    const Weight *w = ws[0];
    int threads = hg_pool_threads(g_pool), cols = (int)w->t->cols;
    int act8 = w->quantized && w->q.act8 && g_int8;
    const float *xin = x;
    size_t stride = (size_t)cols;
    if (w->quantized) {
        PrepJob pj = {s, w, x, cols, B, B > threads ? (B + threads - 1) / threads : 1};
        hg_pool_run(g_pool, prep_batch_task, &pj, (B + pj.per - 1) / pj.per);
    }
    if (!act8 && w->quantized) {
        xin = s->batch_xrot;
        stride = s->xr_stride;
    }
    for (int i = 0; i < n; i++) {
        int rows = (int)ws[i]->t->rows;
        int tasks = threads == 1 ? 1 : threads * 4;
        int chunk = ((rows + tasks - 1) / tasks + 3) / 4 * 4;
        BatchJob j = {outs[i], xin, stride, ws[i], s, rows, chunk, B, act8};
        hg_pool_run(g_pool, matmul_batch_task, &j, (rows + chunk - 1) / chunk);
    }
}

static void matmul_batch(RunState *s, float *out, const float *x, int B, const Weight *w) {
    matmul_batch_n(s, &out, x, B, &w, 1);
}

typedef struct { const Model *m; RunState *s; int layer, pos0, B; } BatchAttnJob;

/* task = b * (head groups) + group: token b of the batch attends to positions 0..pos0+b */
static void attention_batch_task(void *ctx, int task, int thread) {
    BatchAttnJob *j = (BatchAttnJob *)ctx;
    const hg_config *c = &j->m->c;
    RunState *s = j->s;
    int per_token = c->n_kv_heads * att_groups(c), b = task / per_token;
    size_t q_dim = (size_t)c->n_heads * c->head_dim;
    attend_group(c, s, j->layer, j->pos0 + b, task % per_token, s->batch_q + b * q_dim, s->batch_xb + b * q_dim,
                 s->batt + (size_t)thread * ATT_G * s->kpos, s->kpos);
}

/* runs tokens[0..B) at positions pos0.. (B <= BATCH) through layers first_layer.. ; logits of every
 * token land in s->batch_logits when all_logits, else only the last one's in s->logits. For
 * first_layer > 0 the caller has put the residual stream entering that layer in s->batch_x (layers
 * before it, and their KV cache, are not touched). record[l] (when record is not NULL) receives
 * the residual stream entering layer l, B x dim floats. forward_batch: from the embedding. */
static void forward_batch_layers(const Model *m, RunState *s, const int *tokens, int B, int pos0, int all_logits,
                                 int first_layer, float *const *record) {
    const hg_config *c = &m->c;
    int dim = c->dim, hd = c->head_dim, kv_dim = c->n_kv_heads * hd, q_dim = c->n_heads * hd, hidden = c->hidden_dim;
    float *kbuf = s->batch_k, *vbuf = s->batch_v;
    if (first_layer == 0)
        for (int b = 0; b < B; b++) hg_dequant_row(s->batch_x + (size_t)b * dim, m->embed, tokens[b]);
    for (int l = first_layer; l < c->n_layers; l++) {
        const Layer *L = &m->layers[l];
        if (record) memcpy(record[l], s->batch_x, (size_t)B * dim * sizeof(float));
        for (int b = 0; b < B; b++)
            rmsnorm(s->batch_xb + (size_t)b * dim, s->batch_x + (size_t)b * dim, (const float *)L->attn_norm->data, dim, c->rms_norm_eps);
        float *qkv_out[3] = {s->batch_q, kbuf, vbuf};
        const Weight *qkv[3] = {&L->wq, &L->wk, &L->wv};
        matmul_batch_n(s, qkv_out, s->batch_xb, B, qkv, 3);
        for (int b = 0; b < B; b++) {
            int pos = pos0 + b;
            add_bias(s->batch_q + (size_t)b * q_dim, L->bq, q_dim);
            add_bias(kbuf + (size_t)b * kv_dim, L->bk, kv_dim);
            add_bias(vbuf + (size_t)b * kv_dim, L->bv, kv_dim);
            for (int i = 0; i < hd / 2; i++) {
                double a = pos * m->inv_freq[i];
                s->rope_cos[i] = (float)cos(a);
                s->rope_sin[i] = (float)sin(a);
            }
            rope_apply(s->batch_q + (size_t)b * q_dim, c->n_heads, hd, s->rope_cos, s->rope_sin);
            rope_apply(kbuf + (size_t)b * kv_dim, c->n_kv_heads, hd, s->rope_cos, s->rope_sin);
            store_kv(s, l, pos, kbuf + (size_t)b * kv_dim, vbuf + (size_t)b * kv_dim);
        }
        BatchAttnJob aj = {m, s, l, pos0, B};
        hg_pool_run(g_pool, attention_batch_task, &aj, B * c->n_kv_heads * att_groups(c));
        matmul_batch(s, s->batch_xb2, s->batch_xb, B, &L->wo);
        for (size_t i = 0; i < (size_t)B * dim; i++) s->batch_x[i] += s->batch_xb2[i];
        for (int b = 0; b < B; b++)
            rmsnorm(s->batch_xb + (size_t)b * dim, s->batch_x + (size_t)b * dim, (const float *)L->ffn_norm->data, dim, c->rms_norm_eps);
        float *gu_out[2] = {s->batch_hb, s->batch_hb2};
        const Weight *gu[2] = {&L->w_gate, &L->w_up};
        matmul_batch_n(s, gu_out, s->batch_xb, B, gu, 2);
        silu_mul(s->batch_hb, s->batch_hb2, 0, (size_t)B * hidden);
        matmul_batch(s, s->batch_xb2, s->batch_hb, B, &L->w_down);
        for (size_t i = 0; i < (size_t)B * dim; i++) s->batch_x[i] += s->batch_xb2[i];
    }
    int first = all_logits ? 0 : B - 1;
    for (int b = first; b < B; b++)
        rmsnorm(s->batch_x + (size_t)b * dim, s->batch_x + (size_t)b * dim, (const float *)m->final_norm->data, dim, c->rms_norm_eps);
    if (all_logits) matmul_batch(s, s->batch_logits, s->batch_x, B, &m->head);
    else matmul(s->logits, s->batch_x + (size_t)(B - 1) * dim, &m->head);
}

static void forward_batch(const Model *m, RunState *s, const int *tokens, int B, int pos0, int all_logits) {
    forward_batch_layers(m, s, tokens, B, pos0, all_logits, 0, NULL);
}

/* ---------------------------------------------------------- tokenizer */
/* The tokenizer is higgs.h's (src/tokenizer.h); its errors end the program here. */

static void ids_push(hg_ids *a, int id) { if (hg_ids_push(a, id)) die("out of memory"); }

/* text -> ids; BOS is added by the caller */
static void tok_encode(const hg_tokenizer *t, const char *text, size_t n, hg_ids *out) {
    char err[256];
    if (hg_tok_encode(t, text, n, out, err, sizeof err)) die("%s", err);
}

static void print_piece(const hg_tokenizer *t, int id, int after_bos) {
    char buf[65536 * 3];
    int n = hg_tok_decode(t, id, after_bos, buf, (int)sizeof buf);
    for (int i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)buf[i];
        if (ch < 32 && ch != '\n' && ch != '\t') continue;   /* no raw control bytes */
        putchar(ch);
    }
    fflush(stdout);
}

/* ------------------------------------------------------------ sampler */

typedef struct { float prob; int index; } ProbIndex;
typedef struct {
    int vocab_size;
    ProbIndex *probindex;
    float temperature, topp;
    unsigned long long rng_state;
} Sampler;

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

static int sample(Sampler *s, float *logits) {
    if (s->temperature == 0.0f) return sample_argmax(logits, s->vocab_size);
    for (int i = 0; i < s->vocab_size; i++) logits[i] /= s->temperature;
    softmax(logits, s->vocab_size);
    float coin = random_f32(&s->rng_state);
    if (s->topp <= 0 || s->topp >= 1) return sample_mult(logits, s->vocab_size, coin);
    return sample_topp(logits, s->vocab_size, s->topp, s->probindex, coin);
}

/* ---------------------------------------------------------- the loops */

static long time_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void prompt_ids(const hg_tokenizer *t, const char *prompt, hg_ids *ids) {
    if ((t->flags & HG_TOK_ADD_BOS) && t->bos >= 0) ids_push(ids, t->bos);
    if (prompt) tok_encode(t, prompt, strlen(prompt), ids);
    if (ids->n == 0) die("empty prompt and the tokenizer has no BOS token to start from");
}

static int g_batch = 1;               /* 0: --no-batch, every token through forward() */

/* runs ids[0..n) from position pos0; returns the last token's logits */
static float *prefill(const Model *m, RunState *s, const int *ids, int n, int pos0) {
    if (!g_batch) {
        float *logits = NULL;
        for (int i = 0; i < n; i++) logits = forward(m, s, ids[i], pos0 + i);
        return logits;
    }
    for (int i = 0; i < n; i += BATCH) forward_batch(m, s, ids + i, n - i < BATCH ? n - i : BATCH, pos0 + i, 0);
    return s->logits;
}

/* a prompt of n tokens does not fit in steps positions, and at least need are wanted: -n counts the
 * prompt (llama2.c's meaning), which a user who means "tokens to generate" cannot guess */
static _Noreturn void prompt_over_steps(const Model *m, int steps, int n, int need) {
    if (steps < m->c.seq_len)
        die("the prompt is %d tokens and -n is %d: -n counts the prompt's tokens too (as in llama2.c), "
            "so give -n %d or more (0: the model's context, %d)", n, steps, need, m->c.seq_len);
    die("the prompt is %d tokens, longer than the model's context of %d", n, m->c.seq_len);
}

static void generate(const Model *m, RunState *s, const hg_tokenizer *t, Sampler *sampler, const char *prompt, int steps) {
    hg_ids ids = {0};
    prompt_ids(t, prompt, &ids);
    if (ids.n > s->max_pos) prompt_over_steps(m, s->max_pos, ids.n, ids.n);
    double t0 = now_s();              /* nanoseconds: a tiny model's prompt takes well under a millisecond */
    float *logits = prefill(m, s, ids.v, ids.n, 0);
    double t1 = now_s();
    for (int i = 0; i < ids.n; i++)
        if (!(i == 0 && ids.v[0] == t->bos)) print_piece(t, ids.v[i], i > 0 && ids.v[i - 1] == t->bos);
    int pos = ids.n, token = ids.v[ids.n - 1], generated = 0;
    memset(g_prof, 0, sizeof g_prof);
    memset(g_job_s, 0, sizeof g_job_s);
    memset(g_job_bytes, 0, sizeof g_job_bytes);
    while (1) {
        int next = sample(sampler, logits);
        if (hg_tok_is_stop(t, next)) break;
        print_piece(t, next, token == t->bos);
        generated++;
        token = next;
        if (pos >= steps) break;
        logits = forward(m, s, token, pos++);
    }
    printf("\n");
    fflush(stdout);                   /* the text ends before the stats on stderr start */
    double t2 = now_s();
    fprintf(stderr, "prompt: %d tokens at %.1f tok/s\n", ids.n, ids.n / (t1 - t0 + 1e-9));
    if (generated > 1) fprintf(stderr, "achieved tok/s: %f\n", (generated - 1) / (t2 - t1 + 1e-9));
    if (g_profile && generated > 1) {
        double n = generated - 1, ms = 1000.0 / n;
        fprintf(stderr, "decode profile, ms per token: matrix-vector jobs %.3f, activation prep %.3f, attention %.3f, "
                "other %.3f (total %.3f)\n", g_prof[1] * ms, g_prof[0] * ms, g_prof[2] * ms,
                (g_prof[3] - g_prof[0] - g_prof[1] - g_prof[2]) * ms, g_prof[3] * ms);
        fprintf(stderr, "matrix-vector jobs, ms per token and weight GB/s:");
        for (int k = 0; k < N_JOBS; k++)
            if (g_job_s[k] > 0)
                fprintf(stderr, " %s %.3f (%.1f)", k_job_names[k], g_job_s[k] * ms, g_job_bytes[k] / g_job_s[k] / 1e9);
        fprintf(stderr, "\n");
    }
    free(ids.v);
}

static void read_stdin(const char *guide, char *buf, size_t n) {
    printf("%s", guide);
    fflush(stdout);
    if (fgets(buf, (int)n, stdin)) {
        size_t len = strlen(buf);
        if (len && buf[len - 1] == '\n') buf[len - 1] = 0;
    } else buf[0] = 0;
}

/* one chat turn's ids (src/tokenizer.h) */
static void chat_turn_ids(const hg_tokenizer *t, int first, const char *system, const char *user, hg_ids *ids) {
    char err[256];
    if (hg_chat_turn_ids(t, first, system, user, ids, err, sizeof err)) die("%s", err);
}

static void chat(const Model *m, RunState *s, const hg_tokenizer *t, Sampler *sampler, const char *cli_user,
                 const char *cli_system, int steps) {
    char system[4096] = "", user[4096];
    if (cli_system) snprintf(system, sizeof system, "%s", cli_system);
    else read_stdin("Enter system prompt (optional): ", system, sizeof system);
    int pos = 0, first = 1;
    while (pos < steps) {
        if (first && cli_user) snprintf(user, sizeof user, "%s", cli_user);
        else read_stdin("User: ", user, sizeof user);
        if (!user[0] && feof(stdin)) break;
        hg_ids ids = {0};
        chat_turn_ids(t, first, system, user, &ids);
        if (first && ids.n >= steps && steps < m->c.seq_len) prompt_over_steps(m, steps, ids.n, ids.n + 1);
        first = 0;
        if (pos + ids.n >= steps) { fprintf(stderr, "\n[context full]\n"); free(ids.v); break; }
        float *logits = prefill(m, s, ids.v, ids.n, pos);
        pos += ids.n;
        printf("Assistant: ");
        int first_piece = 1;
        while (pos < steps) {
            int next = sample(sampler, logits);
            if (hg_tok_is_stop(t, next)) break;
            print_piece(t, next, first_piece);
            first_piece = 0;
            logits = forward(m, s, next, pos++);
        }
        printf("\n");
        free(ids.v);
        if (cli_user) break;
    }
}

static char *read_file(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) die("%s is not a regular file", path);
    char *buf = xcalloc((size_t)st.st_size + 1, 1);
    *n = fread(buf, 1, (size_t)st.st_size, f);
    fclose(f);
    return buf;
}

static double nll_of(const float *logits, int vocab, int target) {
    float maxv = logits[0];
    for (int i = 1; i < vocab; i++)
        if (logits[i] > maxv) maxv = logits[i];
    double sum = 0;
    for (int i = 0; i < vocab; i++) sum += exp((double)logits[i] - maxv);
    return log(sum) + maxv - logits[target];
}

/* the whole file, tokenized once, after BOS where the tokenizer adds one (perplexity and calibration text) */
static hg_ids tokenize_file(const hg_tokenizer *t, const char *path) {
    size_t n;
    char *text = read_file(path, &n);
    hg_ids ids = {0};
    if ((t->flags & HG_TOK_ADD_BOS) && t->bos >= 0) ids_push(&ids, t->bos);   /* as the tokenizer's own config says */
    tok_encode(t, text, n, &ids);
    free(text);
    return ids;
}

/* log-softmax of n logits into lp (double) */
static void log_softmax(const float *logits, int n, double *lp) {
    float maxv = logits[0];
    for (int i = 1; i < n; i++)
        if (logits[i] > maxv) maxv = logits[i];
    double sum = 0;
    for (int i = 0; i < n; i++) sum += exp((double)logits[i] - maxv);
    double lse = log(sum) + maxv;
    for (int i = 0; i < n; i++) lp[i] = (double)logits[i] - lse;
}

/* KL(P_base || P_q) for one position, from both models' logits; *same: 1 when
 * their most probable tokens agree (first index on ties) */
static double kl_of(const float *lq, const float *lb, int n, double *lpq, double *lpb, int *same) {
    log_softmax(lq, n, lpq);
    log_softmax(lb, n, lpb);
    double kl = 0;
    for (int i = 0; i < n; i++) kl += exp(lpb[i]) * (lpb[i] - lpq[i]);
    *same = sample_argmax(lq, n) == sample_argmax(lb, n);
    return kl > 0 ? kl : 0;   /* rounding can leave a tiny negative for identical models */
}

/* A model with its own run state; ppl --kld runs the base model beside the
 * quantized one on the same windows. */
typedef struct { const Model *m; RunState *s; } Eval;

/* the logits of window tokens [p, p + B) into s->batch_logits (batched, or token by token) */
static void window_logits(const Eval *e, const int *win, int p, int B) {
    if (g_batch) forward_batch(e->m, e->s, win + p, B, p, 1);
    else
        for (int b = 0; b < B; b++)
            memcpy(e->s->batch_logits + (size_t)b * e->m->c.vocab_size, forward(e->m, e->s, win[p + b], p + b),
                   (size_t)e->m->c.vocab_size * sizeof(float));
}

/* Perplexity over the file, BOS + its tokens, cut into windows of ctx
 * tokens, each run from an empty cache. Default: non-overlapping windows,
 * every token after a window's first scored given the tokens before it in
 * the window (the last window may be short). second_half: llama.cpp's
 * protocol, only whole windows, the first token of each set to BOS, and only
 * the predictions from positions ctx/2 .. ctx-2 scored (each with at least
 * ctx/2 tokens of context). base: also the mean KL divergence of this
 * model's next-token distribution from base's, and how often their most
 * probable tokens agree, over the same scored positions. */
static void perplexity(const Eval *q, const Eval *base, const hg_tokenizer *t, const char *path, int ctx, int second_half) {
    hg_ids ids = tokenize_file(t, path);
    if (ids.n < 2) die("%s has too few tokens to score", path);
    int windows = second_half ? ids.n / ctx : (ids.n + ctx - 1) / ctx, vocab = q->m->c.vocab_size;
    if (windows == 0) die("--second-half needs at least one whole window: %s has %d tokens, -c is %d", path, ids.n, ctx);
    int first = second_half ? ctx / 2 : 0, scored = 0, same_top = 0;
    double nll = 0, nll_base = 0, kl = 0, kl2 = 0, kl_max = 0;
    double *lpq = base ? xcalloc((size_t)vocab, sizeof(double)) : NULL, *lpb = base ? xcalloc((size_t)vocab, sizeof(double)) : NULL;
    int *win = xcalloc((size_t)ctx, sizeof(int));
    long start = time_ms();
    fprintf(stderr, "perplexity: %d tokens, %d windows of %d%s%s\n", ids.n, windows, ctx,
            second_half ? ", second half of each scored" : "", base ? ", KL divergence from the base model" : "");
    for (int w = 0; w < windows; w++) {
        int len = ids.n - w * ctx < ctx ? ids.n - w * ctx : ctx;
        memcpy(win, ids.v + (size_t)w * ctx, (size_t)len * sizeof(int));
        if (second_half && (t->flags & HG_TOK_ADD_BOS) && t->bos >= 0) win[0] = t->bos;
        for (int p = 0; p + 1 < len;) {
            int B = g_batch ? (len - 1 - p < BATCH ? len - 1 - p : BATCH) : 1;
            window_logits(q, win, p, B);
            if (base) window_logits(base, win, p, B);
            for (int b = 0; b < B; b++, p++) {
                if (p < first) continue;
                const float *lq = q->s->batch_logits + (size_t)b * vocab;
                nll += nll_of(lq, vocab, win[p + 1]);
                scored++;
                if (!base) continue;
                const float *lb = base->s->batch_logits + (size_t)b * vocab;
                nll_base += nll_of(lb, vocab, win[p + 1]);
                int same;
                double k = kl_of(lq, lb, vocab, lpq, lpb, &same);
                kl += k;
                kl2 += k * k;
                kl_max = k > kl_max ? k : kl_max;
                same_top += same;
            }
        }
        double secs = (time_ms() - start) / 1000.0;
        fprintf(stderr, "\r[%d/%d] ppl %.4f", w + 1, windows, scored ? exp(nll / scored) : 0.0);
        if (base && scored) fprintf(stderr, ", kld %.6f", kl / scored);
        fprintf(stderr, ", %.0f tok/s   ", scored / (secs + 1e-9));
    }
    fprintf(stderr, "\n");
    if (!scored) die("%s has too few tokens to score", path);
    printf("perplexity: %.6f (%d tokens)\n", exp(nll / scored), scored);
    if (base) {
        double mean = kl / scored, var = scored > 1 ? (kl2 - scored * mean * mean) / (scored - 1) : 0;
        printf("base perplexity: %.6f (%d tokens)\n", exp(nll_base / scored), scored);
        printf("kld standard error: %.6f, max %.6f\n", sqrt(var > 0 ? var / scored : 0), kl_max);
        printf("kld: %.6f (same top token %.3f%%, %d tokens)\n", mean, 100.0 * same_top / scored, scored);
    }
    free(win);
    free(lpq);
    free(lpb);
    free(ids.v);
}


/* ------------------------------------------------- layer sensitivities */
/* The linearity theorem of HIGGS: for moderate errors, the damage of
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
static double sens_metric(const Model *m, RunState *s, const hg_ids *seqs, int n_seq, int len, const float *base_logp,
                          float *logp, const Resid *resid, int first) {
    int vocab = m->c.vocab_size;
    double total = 0;
    long count = 0;
    for (int q = 0; q < n_seq; q++) {
        const int *tok = seqs->v + (size_t)q * len;
        for (int p = 0; p + 1 < len; p += BATCH) {
            int B = len - 1 - p < BATCH ? len - 1 - p : BATCH;
            if (!resid) forward_batch(m, s, tok + p, B, p, 1);
            else if (first < 0) {
                for (int l = 0; l < resid->n_layers; l++) resid->rec[l] = resid_at(resid, l, q * len + p);
                forward_batch_layers(m, s, tok + p, B, p, 1, 0, resid->rec);
            } else {
                if (first > 0) memcpy(s->batch_x, resid_at(resid, first, q * len + p), (size_t)B * resid->dim * sizeof(float));
                forward_batch_layers(m, s, tok + p, B, p, 1, first, NULL);
            }
            for (int b = 0; b < B; b++) {
                const float *lg = s->batch_logits + (size_t)b * vocab;
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
static void sample_sequences(const Model *m, RunState *s, const hg_tokenizer *t, int n, int len,
                             unsigned long long *rng, hg_ids *out) {
    int vocab = m->c.vocab_size;
    for (int q = 0; q < n; q++) {
        int tok = t->bos >= 0 && t->bos < vocab ? t->bos : (int)(random_u32(rng) % (unsigned)vocab);
        for (int pos = 0; pos < len; pos++) {
            ids_push(out, tok);
            if (pos + 1 == len) break;
            float *logits = forward(m, s, tok, pos);
            softmax(logits, vocab);
            tok = sample_mult(logits, vocab, random_f32(rng));
        }
    }
}

static void sensitivities(Model *m, RunState *s, const hg_tokenizer *t, const char *calib, int ctx, const char *out_path,
                          unsigned long long seed) {
    const hg_config *c = &m->c;
    int vocab = c->vocab_size, n_seq, len;
    hg_ids seqs = {0};
    if (calib) {                      /* data-aware: windows of the calibration text */
        hg_ids all = tokenize_file(t, calib);
        len = ctx;
        n_seq = all.n / len < 8 ? all.n / len : 8;
        if (n_seq < 1) die("%s is too short for one window of %d tokens", calib, len);
        for (int i = 0; i < n_seq * len; i++) ids_push(&seqs, all.v[i]);
        free(all.v);
    } else {                          /* data-free: sequences the model samples itself */
        len = ctx < 128 ? ctx : 128;
        n_seq = KL_SEQS;
        unsigned long long rng = seed ? seed : 1234;
        if (g_random_tokens)
            for (int i = 0; i < n_seq * len; i++) ids_push(&seqs, (int)(random_u32(&rng) % (unsigned)vocab));
        else sample_sequences(m, s, t, n_seq, len, &rng, &seqs);
    }
    /* the residual streams of the unperturbed model (Resid), when they fit in 1 GiB */
    Resid resid = {NULL, NULL, c->n_layers, n_seq * len, c->dim};
    size_t resid_bytes = (size_t)c->n_layers * (size_t)n_seq * (size_t)len * (size_t)c->dim * sizeof(float);
    if (g_resume && resid_bytes <= ((size_t)1 << 30)) {
        resid.x = malloc(resid_bytes);
        resid.rec = malloc((size_t)c->n_layers * sizeof(float *));
        if (!resid.x || !resid.rec) free(resid.x), free(resid.rec), resid.x = NULL;
    }
    if (!resid.x && g_resume) fprintf(stderr, "sensitivities: every noisy pass runs the whole model (the per-layer inputs "
                                  "would take %.1f GB)\n", resid_bytes / 1e9);
    const Resid *rs = resid.x ? &resid : NULL;
    float *base_logp = NULL;
    double base = 0;
    if (!calib) {
        base_logp = calloc((size_t)n_seq * len * vocab, sizeof(float));
        if (!base_logp) die("out of memory for the reference distributions");
        sens_metric(m, s, &seqs, n_seq, len, NULL, base_logp, rs, -1);
    } else base = sens_metric(m, s, &seqs, n_seq, len, NULL, NULL, rs, -1);

    /* every linear layer, in file order */
    int n_lin = 7 * c->n_layers;
    Weight **lin = xcalloc((size_t)n_lin, sizeof(Weight *));
    for (int l = 0; l < c->n_layers; l++) {
        Layer *L = &m->layers[l];
        Weight *w[7] = {&L->wq, &L->wk, &L->wv, &L->wo, &L->w_gate, &L->w_up, &L->w_down};
        for (int k = 0; k < 7; k++) lin[7 * l + k] = w[k];
    }
    FILE *f = out_open(out_path, "w");
    fprintf(f, "# higgs.c layer sensitivities: metric(noisy) - metric(base) ~ alpha * t^2\n");
    const double *k_t2 = calib ? k_t2_ppl : k_t2_kl;
    int n_t2 = calib ? 4 : 1, n_draws = calib ? 2 : 1;
    fprintf(f, "model_crc %08x%08x\nmetric %s\ninput %s\nbase %.9g\nsequences %d x %d tokens, %d noise draw%s per t2\nt2",
            m->file.meta_crc, m->file.data_crc, calib ? "ppl" : "kl", calib ? "text" : g_random_tokens ? "random" : "sampled",
            base, n_seq, len, n_draws, calib ? "s (an antithetic pair)" : "");
    for (int i = 0; i < n_t2; i++) fprintf(f, " %g", k_t2[i]);
    fprintf(f, "\n");
    long start = time_ms();
    for (int i = 0; i < n_lin; i++) {
        Weight saved = *lin[i];
        const hg_tensor *src = saved.t;
        if (saved.quantized) die("sensitivities need a full-precision model (%s is quantized)", src->name);
        size_t numel = (size_t)src->rows * src->cols;
        float *w0 = xcalloc(numel, sizeof(float)), *wn = xcalloc(numel, sizeof(float));
        double norm2 = 0;
        for (uint64_t r = 0; r < src->rows; r++) hg_dequant_row(w0 + r * src->cols, src, (int)r);
        for (size_t k = 0; k < numel; k++) norm2 += (double)w0[k] * w0[k];
        hg_tensor noisy = *src;
        noisy.type = HG_F32;
        noisy.row_bytes = src->cols * 4;
        noisy.nbytes = numel * 4;
        noisy.data = (const uint8_t *)wn;
        lin[i]->t = &noisy;
        lin[i]->quantized = 0;
        double delta[MAX_T2];
        for (int j = 0; j < n_t2; j++) {
            delta[j] = 0;
            for (int sd = 0; sd < n_draws; sd++) {   /* sd odd: the same draw, subtracted */
                unsigned long long rng = 0x9E3779B97F4A7C15ull * (unsigned long long)(1 + i * 977 + j * 31 + sd / 2) ^ seed;
                double sigma = sqrt(norm2 * k_t2[j] / (double)numel) * (sd & 1 ? -1.0 : 1.0);
                for (size_t k = 0; k < numel; k++) wn[k] = (float)(w0[k] + sigma * gauss_noise(&rng));
                double v = sens_metric(m, s, &seqs, n_seq, len, base_logp, NULL, rs, i / 7);
                delta[j] += (calib ? v - base : v) / n_draws;
            }
        }
        *lin[i] = saved;
        double alpha = hg_fit_alpha(k_t2, delta, n_t2);
        fprintf(f, "%s %.9g", src->name, alpha);
        for (int j = 0; j < n_t2; j++) fprintf(f, " %.6g", delta[j]);
        fprintf(f, "\n");
        free(w0);
        free(wn);
        double secs = (time_ms() - start) / 1000.0;
        fprintf(stderr, "\r[%d/%d] %-44s alpha %10.4g   ETA %.0f s   ", i + 1, n_lin, src->name, alpha,
                secs / (i + 1) * (n_lin - i - 1));
    }
    fprintf(stderr, "\n");
    out_close(f, out_path);
    free(lin); free(base_logp); free(seqs.v); free(resid.x); free(resid.rec);
}

static int parse_int(const char *s, const char *what, long lo, long hi) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) die("%s must be an integer in [%ld, %ld], got '%s'", what, lo, hi, s);
    return (int)v;
}

static float parse_float(const char *s, const char *what, double lo, double hi) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi)) die("%s must be a number in [%g, %g], got '%s'", what, lo, hi, s);
    return (float)v;
}

/* token ids from a text file of whitespace-separated integers */
static void read_ids(const char *path, int limit, hg_ids *ids) {
    size_t n;
    char *text = read_file(path, &n), *p = text;
    for (;;) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) break;
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (end == p || errno || v < 0 || v >= limit || (*end && !isspace((unsigned char)*end))) {
            int tl = 0;
            while (tl < 20 && p[tl] && !isspace((unsigned char)p[tl])) tl++;
            die("%s: token id '%.*s' is not an integer in [0, %d)", path, tl, p, limit);
        }
        ids_push(ids, (int)v);
        p = end;
    }
    free(text);
}

static void dump_logits(const Model *m, RunState *s, hg_ids ids, const char *out_path) {
    FILE *f = out_open(out_path, "wb");
    size_t vocab = (size_t)m->c.vocab_size;
    for (int p = 0; p < ids.n;) {
        int B = g_batch ? (ids.n - p < BATCH ? ids.n - p : BATCH) : 1;
        if (g_batch) forward_batch(m, s, ids.v + p, B, p, 1);
        else memcpy(s->batch_logits, forward(m, s, ids.v[p], p), vocab * sizeof(float));
        if (fwrite(s->batch_logits, sizeof(float), vocab * (size_t)B, f) != vocab * (size_t)B) die("writing %s failed", out_path);
        p += B;
    }
    out_close(f, out_path);
    free(ids.v);
}

static void print_info(const Model *m, const hg_tokenizer *t) {
    const hg_config *c = &m->c;
    const hg_file *f = &m->file;
    printf("arch %s: dim %d, hidden %d, layers %d, heads %d/%d (head_dim %d), vocab %d, seq_len %d\n", c->arch, c->dim,
           c->hidden_dim, c->n_layers, c->n_heads, c->n_kv_heads, c->head_dim, c->vocab_size, c->seq_len);
    printf("rope theta %g%s, rms eps %g, %s embeddings, bos %d, eos %d\n", (double)c->rope_theta,
           c->rope_scaling_type == 1 ? " (llama3 scaling)" : "", (double)c->rms_norm_eps,
           c->tied_embeddings ? "tied" : "untied", c->bos_id, c->eos_id);
    static const char *const pretok[] = {"none", "llama3", "qwen2", "smollm", "gpt2"};
    printf("tokenizer: %s, %d pieces, %d merges, pre-tokenizer %s, chat template %s\n",
           t->type == 1 ? "sentencepiece-bpe" : "byte-level-bpe", t->n, t->n_merges, pretok[t->pretok],
           hg_chat_template_name(hg_chat_template(t)));
    int biases = 0;
    for (int l = 0; l < c->n_layers; l++) biases += !!m->layers[l].bq + !!m->layers[l].bk + !!m->layers[l].bv;
    if (biases || m->window) printf("q/k/v biases: %d tensors; sliding window: %d\n", biases, m->window);
    if (f->kv) {
        hg_rd r = {f->kv, f->kv_size, 0, 0};
        uint32_t count = hg_rd_u32(&r);
        for (uint32_t i = 0; i < count && !r.bad; i++) {
            uint16_t kl = hg_rd_u16(&r);
            const uint8_t *k = hg_rd_bytes(&r, kl);
            uint32_t vl = hg_rd_u32(&r);
            const uint8_t *v = hg_rd_bytes(&r, vl);
            if (r.bad || !k || !v) break;
            printf("meta %.*s = %.*s\n", (int)kl, (const char *)k, (int)(vl > 2000 ? 2000 : vl), (const char *)v);
        }
    }
    uint64_t params = 0;
    for (int i = 0; i < f->n_tensors; i++) params += f->tensors[i].rows * f->tensors[i].cols;
    printf("%d tensors, %.2fM parameters, %.2f MB, %.3f bits/parameter, kernels: %s, int8 grids: %s\n", f->n_tensors,
           params / 1e6, f->size / 1e6, 8.0 * f->data_size / (double)params, hg_simd_name(), hg_act8_grids());
    int per_format[HG_FMT_COUNT] = {0};
    for (int i = 0; i < f->n_tensors; i++) {
        int id = hg_is_quantized(f->tensors[i].type) ? hg_format_of(f->tensors[i].type, f->tensors[i].params) : -1;
        if (id >= 0) per_format[id]++;
    }
    for (int i = 0; i < HG_FMT_COUNT; i++)
        if (per_format[i]) printf("format %s: %d tensors, %s\n", hg_formats[i].name, per_format[i], hg_formats[i].title);
    printf("default threads (-T): %d, the CPUs this process may use (affinity mask, cgroup CPU quota)\n",
           hg_default_threads());
}

/* ---------------------------------------------------------------- CLI */

/* -h/--help: to stdout, exit 0 (so `run --help | less` works); a usage error: to stderr, exit 1 */
static _Noreturn void usage(int rc) {
    fprintf(rc ? stderr : stdout,
            "Usage:   run <model.higgs> [options]\n"
            "Example: run model.higgs -n 256 -i \"Once upon a time\"\n"
            "Options:\n"
            "  -t <float>  temperature in [0,inf), default 1.0\n"
            "  -p <float>  p value in top-p (nucleus) sampling in [0,1], default 0.9\n"
            "  -s <int>    random seed, default time(NULL)\n"
            "  -n <int>    number of steps to run for, the prompt's tokens included (as in\n"
            "              llama2.c; chat: all turns together), default 256, 0 = seq_len\n"
            "  -i <string> input prompt\n"
            "  -z <string> optional path to a llama2.c tokenizer.bin (default: the model's own)\n"
            "  -m <string> mode: generate|chat|ppl|tokenize|decode|logits|alphas, default generate\n"
            "              alphas: per-layer sensitivities for quantize --target-bits (-o FILE;\n"
            "              -f TEXT for perplexity-based ones, else KL on text the model samples)\n"
            "  -y <string> (optional) system prompt in chat mode\n"
            "  -f <string> input file (ppl: text; logits/decode: token ids; tokenize: text)\n"
            "  -c <int>    perplexity window in tokens, default min(seq_len, 512)\n"
            "  --kld BASE  ppl: also the KL divergence of this model's next-token distribution\n"
            "              from BASE's (the unquantized model) and how often their top tokens agree\n"
            "  --second-half  ppl: llama.cpp's protocol (whole windows starting with BOS, only the\n"
            "              second half of each window scored)\n"
            "  -o <string> output file (logits mode: float32 [tokens, vocab])\n"
            "  -T <int>    threads, default: the CPUs this process may use (affinity mask, cgroup quota)\n"
            "  --info      describe the model and exit\n"
            "  --verify    check the weights' checksum and exit\n"
            "  --no-batch  process prompts token by token (for testing)\n"
            "  --no-int8   decode 4-bit HIGGS layers with float activations (exact; slower)\n"
            "  --no-pairs  one row stream per thread in decode (same results; to compare speed)\n"
            "  --no-resume alphas: every noisy pass runs the whole model, not just the layers from\n"
            "              the noisy one on (same results; for testing)\n"
            "  --random-tokens alphas: KL on uniformly random tokens instead of sequences the model\n"
            "              samples itself (to compare; they rank layers alike but predict ~1.4x the loss)\n"
            "  --mmap      map the model file instead of copying it into memory (the default\n"
            "              when it takes under half of the available memory: faster, huge pages)\n"
            "  --profile   generation: print where decoding spends its time\n"
            "  --chat      tokenize: the ids chat mode feeds the model for a first turn\n"
            "              (its template with -y as the system prompt and -i as the user's)\n");
    exit(rc);
}

#ifndef HIGGS_FUZZ
int main(int argc, char **argv) {
    const char *model_path = NULL, *tokenizer_path = NULL, *prompt = NULL, *mode = "generate", *system_prompt = NULL;
    const char *in_file = NULL, *out_file = NULL, *kld_path = NULL;
    int second_half = 0;
    float temperature = 1.0f, topp = 0.9f;
    unsigned long long seed = 0;
    int steps = 256, ctx = 0, threads = 0, info = 0, verify = 0, chat_ids = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--info")) { info = 1; continue; }
        if (!strcmp(a, "--verify")) { verify = 1; continue; }
        if (!strcmp(a, "--no-batch")) { g_batch = 0; continue; }
        if (!strcmp(a, "--no-int8")) { g_int8 = 0; continue; }
        if (!strcmp(a, "--no-pairs")) { g_pairs = 0; continue; }
        if (!strcmp(a, "--no-resume")) { g_resume = 0; continue; }
        if (!strcmp(a, "--random-tokens")) { g_random_tokens = 1; continue; }
        if (!strcmp(a, "--mmap")) { g_mmap = 1; continue; }
        if (!strcmp(a, "--profile")) { g_profile = 1; continue; }
        if (!strcmp(a, "--chat")) { chat_ids = 1; continue; }
        if (!strcmp(a, "--second-half")) { second_half = 1; continue; }
        if (!strcmp(a, "--kld")) {
            if (i + 1 >= argc) die("option '--kld' needs a value (see run -h)");
            kld_path = argv[++i];
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) usage(0);
        if (a[0] != '-') {
            if (model_path) die("unexpected argument '%s' (one model path only)", a);
            model_path = a;
            continue;
        }
        /* an unknown option is reported as such, even as the last argument */
        if (strlen(a) != 2 || !strchr("tpsnizmyfcoT", a[1])) die("unknown option '%s' (see run -h)", a);
        if (i + 1 >= argc) die("option '%s' needs a value (see run -h)", a);
        const char *v = argv[++i];
        switch (a[1]) {
        case 't': temperature = parse_float(v, "-t temperature", 0, 1e6); break;
        case 'p': topp = parse_float(v, "-p top-p", 0, 1); break;
        case 's': seed = (unsigned long long)parse_int(v, "-s seed", 0, 2147483647L); break;
        case 'n': steps = parse_int(v, "-n steps", 0, 1 << 30); break;
        case 'i': prompt = v; break;
        case 'z': tokenizer_path = v; break;
        case 'm': mode = v; break;
        case 'y': system_prompt = v; break;
        case 'f': in_file = v; break;
        case 'c': ctx = parse_int(v, "-c context", 2, 1 << 30); break;
        case 'o': out_file = v; break;
        case 'T': threads = parse_int(v, "-T threads", 1, 1024); break;
        default: die("unknown option '%s' (see run -h)", a);
        }
    }
    if (!model_path) usage(1);
    int is_gen = !strcmp(mode, "generate"), is_chat = !strcmp(mode, "chat"), is_ppl = !strcmp(mode, "ppl");
    int is_tok = !strcmp(mode, "tokenize"), is_dec = !strcmp(mode, "decode"), is_logits = !strcmp(mode, "logits");
    int is_sens = !strcmp(mode, "alphas");
    if (!(is_gen || is_chat || is_ppl || is_tok || is_dec || is_logits || is_sens)) die("unknown mode '%s' (see run -h)", mode);
    if (is_sens && !out_file) die("mode alphas needs -o FILE");
    if ((is_ppl || is_dec || is_logits) && !in_file && !info && !verify) die("mode %s needs -f FILE", mode);
    if (is_logits && !out_file) die("mode logits needs -o FILE");
    if (chat_ids && (!is_tok || in_file)) die("--chat goes with -m tokenize and -i (and -y), not -f");
    if ((kld_path || second_half) && !is_ppl) die("--kld and --second-half go with -m ppl");

    Model model;
    model_load(&model, model_path);
    const hg_config *c = &model.c;
    hg_tokenizer tok;
    char tok_err[4400];                   /* room for a path in the message */
    size_t tok_bytes = 0;
    char *tok_file = tokenizer_path ? read_file(tokenizer_path, &tok_bytes) : NULL;
    int tok_rc = tok_file ? hg_tok_load_llama2c(&tok, tok_file, tok_bytes, tokenizer_path, c->vocab_size, tok_err, sizeof tok_err)
                          : hg_tok_load(&tok, model.file.tok, model.file.tok_size, c->vocab_size, tok_err, sizeof tok_err);
    free(tok_file);
    if (tok_rc) die("%s", tok_err);
    if (info) { print_info(&model, &tok); hg_tok_free(&tok); model_free(&model); return 0; }
    if (verify) {
        int ok = hg_verify_data(&model.file);
        if (!ok) die("%s: weight checksum mismatch (file corrupt)", model_path);
        printf("%s: OK (%d tensors, %.2f MB)\n", model_path, model.file.n_tensors, model.file.size / 1e6);
        hg_tok_free(&tok); model_free(&model);
        return 0;
    }
    if (is_tok || is_dec) {
        hg_ids ids = {0};
        if (is_tok) {
            size_t n = prompt ? strlen(prompt) : 0;
            char *text = in_file ? read_file(in_file, &n) : NULL;
            if (chat_ids) chat_turn_ids(&tok, 1, system_prompt, prompt ? prompt : "", &ids);
            else tok_encode(&tok, text ? text : prompt ? prompt : "", n, &ids);
            for (int i = 0; i < ids.n; i++) printf(i ? " %d" : "%d", ids.v[i]);
            printf("\n");
            free(text);
        } else {
            read_ids(in_file, c->vocab_size, &ids);
            char buf[65536 * 3];
            for (int i = 0; i < ids.n; i++) fwrite(buf, 1, (size_t)hg_tok_decode(&tok, ids.v[i], i == 0 || ids.v[i - 1] == tok.bos, buf, (int)sizeof buf), stdout);
        }
        free(ids.v);
        hg_tok_free(&tok); model_free(&model);
        return 0;
    }

    if (steps == 0 || steps > c->seq_len) steps = c->seq_len;
    if (!ctx) ctx = c->seq_len < 512 ? c->seq_len : 512;
    if (ctx > c->seq_len) die("-c %d exceeds the model's context of %d", ctx, c->seq_len);
    if (is_ppl && ctx < 2) die("perplexity needs a context of at least 2 tokens; the model's is %d", c->seq_len);
    if (second_half && ctx < 4) die("--second-half needs -c of at least 4");
    hg_ids logit_ids = {0};
    if (is_logits) {                  /* the cache needs only as many positions as there are ids */
        read_ids(in_file, c->vocab_size, &logit_ids);
        if (logit_ids.n == 0) die("%s holds no token ids", in_file);
        if (logit_ids.n > c->seq_len) die("%d tokens exceed the model's context of %d", logit_ids.n, c->seq_len);
    }
    int max_pos = is_ppl || is_sens ? ctx : is_logits ? logit_ids.n : steps;
    g_pool = hg_pool_create(threads ? threads : hg_default_threads());
    RunState state;
    state_init(&state, c, max_pos, model.max_cols_pad, model.max_act8, model.max_gemm8_buf, hg_pool_threads(g_pool));
    state.window = model.window;
    Sampler sampler = {c->vocab_size, xcalloc((size_t)c->vocab_size, sizeof(ProbIndex)), temperature, topp,
                       seed ? seed : (unsigned long long)time(NULL)};

    if (is_gen) generate(&model, &state, &tok, &sampler, prompt, steps);
    else if (is_chat) chat(&model, &state, &tok, &sampler, prompt, system_prompt, steps);
    else if (is_ppl) {
        Eval q = {&model, &state}, base = {0};
        Model base_model;
        RunState base_state;
        if (kld_path) {
            model_load(&base_model, kld_path);
            if (base_model.c.vocab_size != c->vocab_size)
                die("--kld: %s has a vocabulary of %d, %s of %d: not the same model", kld_path, base_model.c.vocab_size,
                    model_path, c->vocab_size);
            if (ctx > base_model.c.seq_len) die("--kld: -c %d exceeds %s's context of %d", ctx, kld_path, base_model.c.seq_len);
            state_init(&base_state, &base_model.c, ctx, base_model.max_cols_pad, base_model.max_act8, base_model.max_gemm8_buf,
                       hg_pool_threads(g_pool));
            base = (Eval){&base_model, &base_state};
        }
        perplexity(&q, kld_path ? &base : NULL, &tok, in_file, ctx, second_half);
        if (kld_path) {
            state_free(&base_state);
            model_free(&base_model);
        }
    }
    else if (is_sens) sensitivities(&model, &state, &tok, in_file, ctx, out_file, seed);
    else dump_logits(&model, &state, logit_ids, out_file);

    free(sampler.probindex);
    state_free(&state);
    hg_pool_destroy(g_pool);
    hg_tok_free(&tok);
    model_free(&model);
    return 0;
}
#endif /* HIGGS_FUZZ */
