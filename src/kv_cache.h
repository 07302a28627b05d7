/* higgs.c implementation part: the KV cache of a session. Included by higgs.h under
 * HIGGS_IMPLEMENTATION; not a header of its own.
 *
 * A cache type is one row of kv_types (below): how a token's keys and values are stored, how one
 * key/value head attends over them, how a prefix is copied to another session. The engine
 * (src/engine.h) reaches the cache only through the row, so a new type (f16, q8, the HIGGS grids)
 * is a new row and its functions; the forward pass does not change.
 *
 * f32 layout, per layer and key/value head: keys in blocks of KB positions, each block
 * dimension-major ([kpos / KB][hd][KB]), one contiguous stream per head (a transposed
 * [hd][max_pos] array made the hardware prefetcher follow hd streams at once); values [kpos][hd]
 * per head, also one stream. */

typedef struct {
    int type;                         /* HG_KV_* */
    int n_layers, n_kv_heads, head_dim;
    int kpos;                         /* positions held, rounded up to whole key blocks */
    size_t bytes;                     /* of each of the two arrays */
    float *keys, *values;
} KVCache;

typedef struct {
    const char *name, *title;
    /* token `pos`'s keys and values (n_kv_heads * head_dim each, after RoPE) into layer `layer` */
    void (*store)(KVCache *c, int layer, int pos, const float *k, const float *v);
    /* query heads q[0..G) of kv head kvh attend to positions t0..n-1 (attend's contract) */
    void (*attend)(const KVCache *c, int layer, int kvh, float *const *out, float *const *att,
                   const float *const *q, int G, int t0, int n);
    /* positions 0..n-1 of every layer and head from src (same model and type) */
    void (*copy_prefix)(KVCache *dst, const KVCache *src, int n);
} KVType;

static float *kv_f32_keys(const KVCache *c, int layer, int kvh) {
    return c->keys + ((size_t)layer * c->n_kv_heads + (size_t)kvh) * c->kpos * c->head_dim;
}
static float *kv_f32_values(const KVCache *c, int layer, int kvh) {
    return c->values + ((size_t)layer * c->n_kv_heads + (size_t)kvh) * c->kpos * c->head_dim;
}

static void kv_f32_store(KVCache *c, int layer, int pos, const float *k, const float *v) {
    int hd = c->head_dim;
    for (int h = 0; h < c->n_kv_heads; h++) {
        float *kb = kv_f32_keys(c, layer, h) + (size_t)(pos / KB) * KB * hd + pos % KB;
        for (int d = 0; d < hd; d++) kb[(size_t)d * KB] = k[h * hd + d];
        memcpy(kv_f32_values(c, layer, h) + (size_t)pos * hd, v + h * hd, (size_t)hd * sizeof(float));
    }
}

static void kv_f32_attend(const KVCache *c, int layer, int kvh, float *const *out, float *const *att,
                          const float *const *q, int G, int t0, int n) {
    attend(out, att, q, G, kv_f32_keys(c, layer, kvh), kv_f32_values(c, layer, kvh), c->head_dim, t0, n);
}

static void kv_f32_copy_prefix(KVCache *dst, const KVCache *src, int n) {
    size_t hd = (size_t)src->head_dim, kblocks = ((size_t)n + KB - 1) / KB;
    for (int l = 0; l < src->n_layers; l++)
        for (int h = 0; h < src->n_kv_heads; h++) {
            memcpy(kv_f32_keys(dst, l, h), kv_f32_keys(src, l, h), kblocks * KB * hd * sizeof(float));
            memcpy(kv_f32_values(dst, l, h), kv_f32_values(src, l, h), (size_t)n * hd * sizeof(float));
        }
}

static const KVType kv_types[HG_KV_COUNT] = {
    [HG_KV_F32] = {"f32", "32-bit floats (exact)", kv_f32_store, kv_f32_attend, kv_f32_copy_prefix},
};

const char *hg_kv_type_name(int type) { return type >= 0 && type < HG_KV_COUNT ? kv_types[type].name : NULL; }

int hg_kv_type_parse(const char *name) {
    for (int i = 0; name && i < HG_KV_COUNT; i++)
        if (!strcmp(name, kv_types[i].name)) return i;
    return -1;
}

/* a cache of max_pos positions for every layer; 0, or -1 when the memory is not there */
static int kvcache_init(KVCache *c, const hg_allocator *a, int type, const hg_config *cfg, int max_pos) {
    memset(c, 0, sizeof *c);
    c->type = type;
    c->n_layers = cfg->n_layers;
    c->n_kv_heads = cfg->n_kv_heads;
    c->head_dim = cfg->head_dim;
    c->kpos = (max_pos + KB - 1) / KB * KB;
    size_t values = (size_t)cfg->n_layers * (size_t)c->kpos * (size_t)cfg->n_kv_heads * (size_t)cfg->head_dim;
    if (values > SIZE_MAX / sizeof(float)) return -1;
    c->bytes = values * sizeof(float);
    c->keys = (float *)hg_buf_alloc_big(a, c->bytes);
    c->values = (float *)hg_buf_alloc_big(a, c->bytes);
    return c->keys && c->values ? 0 : -1;
}

static void kvcache_free(KVCache *c, const hg_allocator *a) {
    hg_buf_free_big(a, c->keys, c->bytes);
    hg_buf_free_big(a, c->values, c->bytes);
    c->keys = c->values = NULL;
}
