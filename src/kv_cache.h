/* higgs.c implementation part: the KV cache of a session. Included by higgs.h under
 * HIGGS_IMPLEMENTATION; not a header of its own.
 *
 * A cache type is one row of kv_types (below): the bytes of an element, how attention loads it
 * (src/attention.h: KV_LOAD_*), and its scalar definition, `encode`, which turns one token's head
 * (head_dim floats) into elements and a scale. Keys and values choose their types separately
 * (--kv KTYPE,VTYPE). The forward pass reaches the cache only through store, attend and copy.
 *
 * Layout, per layer and key/value head: keys in blocks of KB positions, each block
 * dimension-major ([kpos / KB][hd][KB] elements), one contiguous stream per head (a transposed
 * [hd][max_pos] array made the hardware prefetcher follow hd streams at once); values [kpos][hd]
 * per head, also one stream; a scaled type adds one float per position ([kpos] per head). */

typedef struct {
    const char *name, *title;
    int elem_bytes;                   /* bytes per stored value */
    int load;                         /* KV_LOAD_*: how attention reads the elements */
    int scaled;                       /* one float scale per (token, kv head) */
    /* the scalar definition: x[0..n) to n elements at out; returns the scale (1 when unscaled) */
    float (*encode)(const float *x, int n, void *out);
} KVType;

static float kv_encode_f32(const float *x, int n, void *out) {
    memcpy(out, x, (size_t)n * sizeof(float));
    return 1.0f;
}

static float kv_encode_f16(const float *x, int n, void *out) {
    for (int i = 0; i < n; i++) ((uint16_t *)out)[i] = hg_f32_to_f16(x[i]);
    return 1.0f;
}

/* q8: element = nearest integer (ties to even) to x / s, s = max|x| / 127; a zero vector is all 0, s 0 */
static float kv_encode_q8(const float *x, int n, void *out) {
    float amax = 0;
    for (int i = 0; i < n; i++) amax = fabsf(x[i]) > amax ? fabsf(x[i]) : amax;
    float inv = amax > 0 ? 127.0f / amax : 0.0f;
    for (int i = 0; i < n; i++) ((int8_t *)out)[i] = (int8_t)lrintf(x[i] * inv);
    return amax / 127.0f;
}

static const KVType kv_types[HG_KV_COUNT] = {
    [HG_KV_F32] = {"f32", "32-bit floats (exact)", 4, KV_LOAD_F32, 0, kv_encode_f32},
    [HG_KV_F16] = {"f16", "16-bit floats", 2, KV_LOAD_F16, 0, kv_encode_f16},
    [HG_KV_Q8] = {"q8", "8-bit integers, one scale per token and kv head (max|x| / 127)", 1, KV_LOAD_I8, 1, kv_encode_q8},
};

const char *hg_kv_type_name(int type) { return type >= 0 && type < HG_KV_COUNT ? kv_types[type].name : NULL; }

int hg_kv_type_parse(const char *name) {
    for (int i = 0; name && i < HG_KV_COUNT; i++)
        if (!strcmp(name, kv_types[i].name)) return i;
    return -1;
}

double hg_kv_type_bits(int type) {   /* bits per value, the scale of a 64-value head included */
    if (!hg_kv_type_name(type)) return 0;
    return 8.0 * kv_types[type].elem_bytes + (kv_types[type].scaled ? 32.0 / 64 : 0);
}

typedef struct {
    int ktype, vtype;                 /* HG_KV_* of the keys and of the values */
    int n_layers, n_kv_heads, head_dim;
    int kpos;                         /* positions held, rounded up to whole key blocks */
    size_t kbytes, vbytes, sbytes;    /* of the key array, the value array, each scale array */
    void *keys, *values;
    float *kscale, *vscale;           /* [layer][kv head][kpos] for scaled types, else NULL */
    unsigned char *kenc;              /* [head_dim * 4] one head's keys encoded, before they spread over a block */
} KVCache;

static size_t kv_head_index(const KVCache *c, int layer, int kvh) { return (size_t)layer * c->n_kv_heads + (size_t)kvh; }

/* layer `layer`'s kv head kvh as attend reads it */
static KVHead kv_head(const KVCache *c, int layer, int kvh) {
    size_t h = kv_head_index(c, layer, kvh), per = (size_t)c->kpos * c->head_dim;
    const KVType *kt = &kv_types[c->ktype], *vt = &kv_types[c->vtype];
    return (KVHead){(const char *)c->keys + h * per * kt->elem_bytes, (const char *)c->values + h * per * vt->elem_bytes,
                    c->kscale ? c->kscale + h * c->kpos : NULL, c->vscale ? c->vscale + h * c->kpos : NULL, kt->load, vt->load};
}

/* token `pos`'s keys and values (n_kv_heads * head_dim each, after RoPE) into layer `layer` */
static void kv_store(KVCache *c, int layer, int pos, const float *k, const float *v) {
    int hd = c->head_dim;
    const KVType *kt = &kv_types[c->ktype], *vt = &kv_types[c->vtype];
    size_t ke = (size_t)kt->elem_bytes, ve = (size_t)vt->elem_bytes, per = (size_t)c->kpos * hd;
    for (int h = 0; h < c->n_kv_heads; h++) {
        size_t i = kv_head_index(c, layer, h);
        unsigned char *enc = c->kenc;
        float ks = kt->encode(k + h * hd, hd, enc);
        unsigned char *kb = (unsigned char *)c->keys + (i * per + (size_t)(pos / KB) * KB * hd + pos % KB) * ke;
        for (int d = 0; d < hd; d++) memcpy(kb + (size_t)d * KB * ke, enc + (size_t)d * ke, ke);
        float vs = vt->encode(v + h * hd, hd, (unsigned char *)c->values + (i * per + (size_t)pos * hd) * ve);
        if (c->kscale) c->kscale[i * c->kpos + pos] = ks;
        if (c->vscale) c->vscale[i * c->kpos + pos] = vs;
    }
}

/* positions 0..n-1 of every layer and head from src (same model and types) */
static void kv_copy_prefix(KVCache *dst, const KVCache *src, int n) {
    size_t hd = (size_t)src->head_dim, kblocks = ((size_t)n + KB - 1) / KB, per = (size_t)src->kpos * hd;
    size_t dper = (size_t)dst->kpos * hd, ke = (size_t)kv_types[src->ktype].elem_bytes, ve = (size_t)kv_types[src->vtype].elem_bytes;
    for (size_t h = 0; h < (size_t)src->n_layers * src->n_kv_heads; h++) {
        memcpy((char *)dst->keys + h * dper * ke, (const char *)src->keys + h * per * ke, kblocks * KB * hd * ke);
        memcpy((char *)dst->values + h * dper * ve, (const char *)src->values + h * per * ve, (size_t)n * hd * ve);
        if (src->kscale) memcpy(dst->kscale + h * dst->kpos, src->kscale + h * src->kpos, kblocks * KB * sizeof(float));
        if (src->vscale) memcpy(dst->vscale + h * dst->kpos, src->vscale + h * src->kpos, (size_t)n * sizeof(float));
    }
}

/* a cache of max_pos positions for every layer; 0, or -1 when the memory is not there */
static int kvcache_init(KVCache *c, const hg_allocator *a, int ktype, int vtype, const hg_config *cfg, int max_pos) {
    memset(c, 0, sizeof *c);
    c->ktype = ktype;
    c->vtype = vtype;
    c->n_layers = cfg->n_layers;
    c->n_kv_heads = cfg->n_kv_heads;
    c->head_dim = cfg->head_dim;
    c->kpos = (max_pos + KB - 1) / KB * KB;
    size_t heads = (size_t)cfg->n_layers * (size_t)cfg->n_kv_heads, values = heads * (size_t)c->kpos * (size_t)cfg->head_dim;
    if (values > SIZE_MAX / 4) return -1;
    c->kbytes = values * (size_t)kv_types[ktype].elem_bytes;
    c->vbytes = values * (size_t)kv_types[vtype].elem_bytes;
    c->sbytes = heads * (size_t)c->kpos * sizeof(float);
    c->kenc = (unsigned char *)hg_buf_alloc(a, (size_t)cfg->head_dim, 4);
    c->keys = hg_buf_alloc_big(a, c->kbytes);
    c->values = hg_buf_alloc_big(a, c->vbytes);
    if (kv_types[ktype].scaled) c->kscale = (float *)hg_buf_alloc_big(a, c->sbytes);
    if (kv_types[vtype].scaled) c->vscale = (float *)hg_buf_alloc_big(a, c->sbytes);
    return c->kenc && c->keys && c->values && (c->kscale || !kv_types[ktype].scaled) && (c->vscale || !kv_types[vtype].scaled) ? 0 : -1;
}

/* bytes the cache takes, scales included */
static size_t kvcache_bytes(const KVCache *c) {
    return c->kbytes + c->vbytes + (c->kscale ? c->sbytes : 0) + (c->vscale ? c->sbytes : 0);
}

static void kvcache_free(KVCache *c, const hg_allocator *a) {
    hg_buf_free_big(a, c->keys, c->kbytes);
    hg_buf_free_big(a, c->values, c->vbytes);
    hg_buf_free_big(a, c->kscale, c->sbytes);
    hg_buf_free_big(a, c->vscale, c->sbytes);
    hg_buf_free(a, c->kenc);
    c->keys = c->values = NULL;
    c->kenc = NULL;
    c->kscale = c->vscale = NULL;
}
