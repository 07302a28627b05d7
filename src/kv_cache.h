/* higgs.c implementation part: the KV cache of a session. Included by higgs.h under
 * HIGGS_IMPLEMENTATION; not a header of its own.
 *
 * A cache type is one row of kv_types (below). Keys and values choose their types separately
 * (--kv KTYPE,VTYPE), and each layer may have its own pair (--kv-bits: the DP of src/kv_alloc.h).
 * Two families (docs/kv-cache.md has the measurements that chose them):
 * - flat types (f32, f16, q8): one element per value; q8 adds a float scale per (token, kv head).
 *   `encode` is the scalar definition.
 * - HIGGS types (q5, q4, q3):
 *   keys: per channel over groups of KG positions, uniform levels between the group's minimum and
 *   maximum (two f16 per channel and group), codes in bit planes (q5, q3) or, for q4, in nibbles
 *   laid out for integer dot products (src/attention.h). The group being filled is kept in
 *   f16 until it closes (the recent keys, which attention weighs most, are not quantized);
 *   values: per (token, kv head), random signs and a Walsh-Hadamard transform, one f16 scale
 *   (least squares), the nearest point of the project's MSE-optimal Gaussian grid (q4: the 256-point
 *   p=2 block grid, q3: its 64-point one, q5: the 32-level p=1 grid); attention sums values in the
 *   rotated domain and rotates the sum back once per head.
 *   kv_encode_key_group and kv_encode_value_rot are their scalar definitions.
 *
 * Layout, per layer and key/value head, each one contiguous stream (a transposed [hd][max_pos]
 * array made the hardware prefetcher follow hd streams at once):
 * - flat keys: blocks of KB positions, each dimension-major ([kpos / KB][hd][KB] elements);
 * - grouped keys, bit planes: [kpos / KG][hd][bits] uint32 (bit t of plane j: bit j of position t's
 *   code); nibbles: [kpos / KG][hd / 4][64] bytes, byte 4 i + c of channel quad j holding channel
 *   4 j + c of position i (low nibble) and of position 16 + i (high nibble), i < 16; both with
 *   [kpos / KG][2][hd] f16 (the minima, then the steps), and the open group [KG][hd] f16;
 * - values: [kpos][row] (flat: hd elements; rotated: hd * bits / 8 bytes of codes);
 * - scales: [kpos] per head (q8 keys or values: f32; rotated values: f16).
 * The cache grows with the conversation (kv_reserve), up to the session's context. */


typedef struct {
    const char *name, *title;
    int elem_bytes;                   /* flat: bytes per stored value; 0: a HIGGS type */
    int load;                         /* flat: KV_LOAD_*, how attention reads the elements */
    int scaled;                       /* flat: one float scale per (token, kv head) */
    /* flat: the scalar definition: x[0..n) to n elements at out; returns the scale (1 when unscaled) */
    float (*encode)(const float *x, int n, void *out);
    int bits;                         /* HIGGS: code bits per key and per value */
    int vgrid;                        /* HIGGS: KV_GRID_* of the values */
    int knib;                         /* HIGGS keys: 1 = nibbles by channel quads (integer dot products), 0 = bit planes */
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
    [HG_KV_F32] = {"f32", "32-bit floats (exact)", 4, KV_LOAD_F32, 0, kv_encode_f32, 0, KV_GRID_NONE, 0},
    [HG_KV_F16] = {"f16", "16-bit floats", 2, KV_LOAD_F16, 0, kv_encode_f16, 0, KV_GRID_NONE, 0},
    [HG_KV_Q8] = {"q8", "8-bit integers, one scale per token and kv head (max|x| / 127)", 1, KV_LOAD_I8, 1, kv_encode_q8, 0,
                  KV_GRID_NONE, 0},
    [HG_KV_Q5] = {"q5", "HIGGS 5-bit: keys per channel over 32 tokens, values rotated on the 32-level Gaussian grid", 0, 0, 0,
                  NULL, 5, KV_GRID_P1_32, 0},
    [HG_KV_Q4] = {"q4", "HIGGS 4-bit: keys per channel over 32 tokens, values rotated on the 256-point p=2 grid", 0, 0, 0,
                  NULL, 4, KV_GRID_P2_256B, 1},
    [HG_KV_Q3] = {"q3", "HIGGS 3-bit: keys per channel over 32 tokens, values rotated on the 64-point p=2 grid", 0, 0, 0,
                  NULL, 3, KV_GRID_P2_64B, 0},
};

static int kv_grouped(int type) { return kv_types[type].elem_bytes == 0; }

const char *hg_kv_type_name(int type) { return type >= 0 && type < HG_KV_COUNT ? kv_types[type].name : NULL; }

int hg_kv_type_parse(const char *name) {
    for (int i = 0; name && i < HG_KV_COUNT; i++)
        if (!strcmp(name, kv_types[i].name)) return i;
    return -1;
}

/* bytes per position of one kv head's keys and of its values, scales and group ranges included */
static double kv_key_bytes(int type, int hd) {
    const KVType *t = &kv_types[type];
    return t->elem_bytes ? (double)hd * t->elem_bytes + (t->scaled ? 4 : 0) : hd * (t->bits / 8.0 + 4.0 / KG);
}
static double kv_value_bytes(int type, int hd) {
    const KVType *t = &kv_types[type];
    return t->elem_bytes ? (double)hd * t->elem_bytes + (t->scaled ? 4 : 0) : hd * t->bits / 8.0 + 2;
}

double hg_kv_type_bits(int type, int hd, int values) {   /* bits per value */
    if (!hg_kv_type_name(type) || hd <= 0) return 0;
    return 8 * (values ? kv_value_bytes(type, hd) : kv_key_bytes(type, hd)) / hd;
}

/* a HIGGS type needs a head size the rotation and the pairs of the p=2 grids split: 32, 64, 128 or
 * 256 (a power of two for the Walsh-Hadamard transform; HG_KV_MAX_HD bounds the stack buffers) */
int hg_kv_type_fits(int type, int hd) {
    if (!hg_kv_type_name(type)) return 0;
    if (!kv_grouped(type)) return 1;
    return hd >= 32 && hd <= HG_KV_MAX_HD && (hd & (hd - 1)) == 0;
}

/* ------------------------------------------------------------ the HIGGS types' definitions */

/* The nearest point of a block grid (HG_GRID_P2_N256B / N64B: point m = (X[m & 15], Y[m >> 2]),
 * m < 64) to (x, y). Its 64 points are 4 blocks (bits 2-3 of m) of 4 x 4 products: bits 0-1 pick X
 * and bits 4-5 pick Y independently, so each block's nearest is two searches of 4; then the
 * nearest of the 4 blocks (the first on ties, in the order b, i, j). */
static int kv_nearest_block(const float *X, const float *Y, float x, float y) {
    int best = 0;
    float bd = INFINITY;
    for (int b = 0; b < 4; b++) {
        int bi = 0, bj = 0;
        float dx = INFINITY, dy = INFINITY;
        for (int i = 0; i < 4; i++) {
            float e = X[i | b << 2] - x;
            if (e * e < dx) dx = e * e, bi = i;
        }
        for (int j = 0; j < 4; j++) {
            float e = Y[b | j << 2] - y;
            if (e * e < dy) dy = e * e, bj = j;
        }
        if (dx + dy < bd) bd = dx + dy, best = bi | b << 2 | bj << 4;
    }
    return best;
}

/* the nearest of n ascending levels (p=1) to x, the lower on ties */
static int kv_nearest1(const float *lv, int n, float x) {
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (x > 0.5f * (lv[mid] + lv[mid + 1])) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* the rotated value r (hd floats) as codes at scale s: pairs (i, i + hd/2) on a p=2 block grid,
 * single values on p=1 levels; g receives the codes' points (unscaled) */
static void kv_assign(const float *r, int hd, float s, int grid, uint16_t *codes, float *g) {
    float inv = s > 0 ? 1.0f / s : 0.0f;
    if (grid == KV_GRID_P1_32) {
        const float *lv = hg_grid(1, 32, NULL);
        for (int i = 0; i < hd; i++) {
            int c = kv_nearest1(lv, 32, r[i] * inv);
            codes[i] = (uint16_t)c;
            g[i] = lv[c];
        }
        return;
    }
    for (int i = 0; i < hd / 2; i++) {
        float x = r[i] * inv, y = r[i + hd / 2] * inv;
        int c;
        if (grid == KV_GRID_P2_256B) {   /* the magnitudes' nearest, then the signs (bits 6 and 7) */
            c = kv_nearest_block(HG_GRID_P2_N256B_X, HG_GRID_P2_N256B_Y, fabsf(x), fabsf(y)) | (x < 0) << 6 | (y < 0) << 7;
            g[i] = c >> 6 & 1 ? -HG_GRID_P2_N256B_X[c & 15] : HG_GRID_P2_N256B_X[c & 15];
            g[i + hd / 2] = c >> 7 & 1 ? -HG_GRID_P2_N256B_Y[c >> 2 & 15] : HG_GRID_P2_N256B_Y[c >> 2 & 15];
        } else {
            c = kv_nearest_block(HG_GRID_P2_N64B_X, HG_GRID_P2_N64B_Y, x, y);
            g[i] = HG_GRID_P2_N64B_X[c & 15], g[i + hd / 2] = HG_GRID_P2_N64B_Y[c >> 2];
        }
        codes[i] = (uint16_t)c;
    }
}

/* codes per row of a rotated value type: hd / 2 pair codes (p=2) or hd level codes (p=1) */
static int kv_vcodes(int grid, int hd) { return grid == KV_GRID_P1_32 ? hd : hd / 2; }

/* A rotated value's codes, packed: q4 (8-bit pair codes) one byte each; q3 (6-bit) and q5 (5-bit)
 * in bit planes of 16 codes ([codes / 16][bits] uint16, bit i of plane j: bit j of code i). */
static void kv_pack_value(const uint16_t *codes, int ncodes, int bits_per_code, unsigned char *out) {
    if (bits_per_code == 8) {
        for (int i = 0; i < ncodes; i++) out[i] = (unsigned char)codes[i];
        return;
    }
    uint16_t *pl = (uint16_t *)out;
    for (int c0 = 0; c0 < ncodes; c0 += 16)
        for (int j = 0; j < bits_per_code; j++) {
            uint16_t w = 0;
            for (int i = 0; i < 16; i++) w |= (uint16_t)((codes[c0 + i] >> j & 1) << i);
            pl[c0 / 16 * bits_per_code + j] = w;
        }
}
static int kv_code_bits(int grid) { return grid == KV_GRID_P2_256B ? 8 : grid == KV_GRID_P2_64B ? 6 : 5; }

/* The scalar definition of a rotated value: r = the rotation of x; s = rms(r), codes = nearest points
 * of r / s; then twice s = <r, g> / <g, g> (least squares for the chosen points) and the codes again
 * at that s. Writes the packed codes; returns s rounded to f16 (as stored). The float order is part
 * of the definition (x / sqrt(hd) as x * (1 / sqrtf(hd)), r / s as r * (1 / s); exact ties between
 * grid points go to the first in kv_nearest_block's order): a byte-exact port keeps it. */
static uint16_t kv_encode_value_rot(const float *x, int hd, int grid, unsigned char *out) {
    float r[HG_KV_MAX_HD], g[HG_KV_MAX_HD];
    uint16_t codes[HG_KV_MAX_HD];
    memcpy(r, x, (size_t)hd * sizeof(float));
    kv_rotate(r, hd);
    double ss = 0;
    for (int d = 0; d < hd; d++) ss += (double)r[d] * r[d];
    float s = (float)sqrt(ss / hd);
    kv_assign(r, hd, s, grid, codes, g);
    for (int it = 0; it < 2 && s > 0; it++) {
        double rg = 0, gg = 0;
        for (int d = 0; d < hd; d++) rg += (double)r[d] * g[d], gg += (double)g[d] * g[d];
        s = gg > 0 && rg > 0 ? (float)(rg / gg) : 0.0f;
        kv_assign(r, hd, s, grid, codes, g);
    }
    kv_pack_value(codes, kv_vcodes(grid, hd), kv_code_bits(grid), out);
    return hg_f32_to_f16(s);
}

/* where position t's code of channel d sits in a closed group's nibbles: byte (and shift) */
static inline size_t kv_nib_byte(int d, int t) { return (size_t)(d / 4) * 64 + 4 * (size_t)(t % 16) + (size_t)(d % 4); }

/* The scalar definition of a closed key group: for each channel d, over the KG positions' keys
 * x[t * hd + d] (f16 values), lo = f16(min), step = f16((max - lo) / (2^bits - 1)); code = the nearest
 * level, clamp(rint((x - lo) / step), 0, 2^bits - 1) (0 when step is 0). Writes the codes ([hd][bits]
 * planes, or nibbles when nib) and [2][hd] f16 (the minima, then the steps). */
static void kv_encode_key_group(const uint16_t *x, int hd, int bits, int nib, void *codes, uint16_t *range) {
    int top = (1 << bits) - 1;
    if (nib) memset(codes, 0, (size_t)hd * 16);
    for (int d = 0; d < hd; d++) {
        float lo = INFINITY, hi = -INFINITY;
        for (int t = 0; t < KG; t++) {
            float v = hg_f16_to_f32(x[(size_t)t * hd + d]);
            lo = v < lo ? v : lo, hi = v > hi ? v : hi;
        }
        uint16_t lo16 = hg_f32_to_f16(lo), st16 = hg_f32_to_f16((hi - hg_f16_to_f32(lo16)) / (float)top);
        float lof = hg_f16_to_f32(lo16), step = hg_f16_to_f32(st16), inv = step > 0 ? 1.0f / step : 0.0f;
        uint32_t *pl = (uint32_t *)codes + (size_t)d * bits;
        for (int j = 0; !nib && j < bits; j++) pl[j] = 0;
        for (int t = 0; t < KG; t++) {
            long c = lrintf((hg_f16_to_f32(x[(size_t)t * hd + d]) - lof) * inv);
            c = c < 0 ? 0 : c > top ? top : c;
            if (nib) ((unsigned char *)codes)[kv_nib_byte(d, t)] |= (unsigned char)(c << (t / 16 * 4));
            else
                for (int j = 0; j < bits; j++) pl[j] |= (uint32_t)(c >> j & 1) << t;
        }
        range[d] = lo16, range[hd + d] = st16;
    }
}

/* position t's code in channel d of a closed group's codes (planes or nibbles) */
static int kv_key_code(const void *codes, int bits, int nib, int d, int t) {
    if (nib) return ((const unsigned char *)codes)[kv_nib_byte(d, t)] >> (t / 16 * 4) & 15;
    int c = 0;
    for (int j = 0; j < bits; j++) c |= (int)(((const uint32_t *)codes)[(size_t)d * bits + j] >> t & 1) << j;
    return c;
}

/* position t's key in channel d of a closed group, as lo + step * code */
static float kv_key_group_value(const void *codes, const uint16_t *range, int bits, int nib, int hd, int d, int t) {
    return hg_f16_to_f32(range[d]) + hg_f16_to_f32(range[hd + d]) * (float)kv_key_code(codes, bits, nib, d, t);
}

/* ------------------------------------------------------------ the cache */

/* a layer's arrays, each [n_kv_heads] streams of bytes_per_group(array) * kpos / KG bytes */
enum { KA_KEYS, KA_VALUES, KA_KSCALE, KA_VSCALE, KA_KRANGE, KA_N };

typedef struct {
    int ktype, vtype;                 /* HG_KV_* of the layer's keys and values */
    void *a[KA_N];                    /* KA_*: keys, values, key scales (q8, f32), value scales (q8: f32;
                                         rotated: f16), grouped keys' ranges ([kpos / KG][hd][2] f16) */
    size_t stride[KA_N];              /* bytes of one kv head's stream at the cache's capacity */
    uint16_t *kopen;                  /* grouped keys: [n_kv_heads][KG][hd] f16, the open group's keys */
} KVLayer;

typedef struct {
    int n_layers, n_kv_heads, head_dim;
    int kpos;                         /* positions held: the capacity, a multiple of KG */
    int max_pos;                      /* the most it may grow to (the session's context, rounded up) */
    KVLayer *layers;
    unsigned char *enc;               /* [head_dim * 4] one head's keys encoded, before they spread over a block */
    /* grouped keys in a pass: the open group's keys, then the pass's ([n_kv_heads][pass_cap][hd] f16) */
    uint16_t *kpass;
    int pass_start, pass_cap;         /* the position of kpass's row 0 (a multiple of KG); rows per head */
    const hg_allocator *alloc;
} KVCache;

/* bytes per KG positions of one kv head in array `arr` of a layer with these types (0: none) */
static size_t kv_group_bytes(int arr, int ktype, int vtype, int hd) {
    const KVType *kt = &kv_types[ktype], *vt = &kv_types[vtype];
    size_t h = (size_t)hd;
    switch (arr) {
    case KA_KEYS: return kt->elem_bytes ? KG * h * (size_t)kt->elem_bytes : h * (size_t)kt->bits * 4;
    case KA_VALUES: return vt->elem_bytes ? KG * h * (size_t)vt->elem_bytes : KG * h * (size_t)vt->bits / 8;
    case KA_KSCALE: return kt->scaled ? KG * 4 : 0;
    case KA_VSCALE: return vt->scaled ? KG * 4 : vt->elem_bytes ? 0 : KG * 2;
    default: return kt->elem_bytes ? 0 : h * 4;
    }
}

static int kv_any_grouped(const KVCache *c) {
    for (int l = 0; l < c->n_layers; l++)
        if (kv_grouped(c->layers[l].ktype)) return 1;
    return 0;
}

static size_t kv_open_bytes(const KVCache *c) { return (size_t)c->n_kv_heads * KG * (size_t)c->head_dim * 2; }

/* bytes the cache takes at capacity kpos: every array, the open groups included */
static size_t kvcache_bytes_at(const KVCache *c, int kpos) {
    size_t b = 0;
    for (int l = 0; c->layers && l < c->n_layers; l++) {
        const KVLayer *L = &c->layers[l];
        for (int i = 0; i < KA_N; i++)
            b += (size_t)c->n_kv_heads * kv_group_bytes(i, L->ktype, L->vtype, c->head_dim) * (size_t)(kpos / KG);
        if (kv_grouped(L->ktype)) b += kv_open_bytes(c);
    }
    return b;
}

static size_t kvcache_bytes(const KVCache *c) { return kvcache_bytes_at(c, c->kpos); }

/* grows the cache to hold at least n positions (capacity doubles, up to max_pos); 0, or -1 when
 * the memory is not there (the cache is then as it was) */
static int kv_reserve(KVCache *c, int n) {
    if (n <= c->kpos) return 0;
    if (n > c->max_pos) return -1;
    int cap = c->kpos ? c->kpos : KG;
    while (cap < n) cap *= 2;
    cap = cap > c->max_pos ? c->max_pos : cap;
    size_t h = (size_t)c->n_kv_heads;
    KVLayer *grown = (KVLayer *)hg_buf_alloc(c->alloc, (size_t)c->n_layers, sizeof(KVLayer));
    int ok = grown != NULL;
    for (int l = 0; ok && l < c->n_layers; l++) {
        const KVLayer *L = &c->layers[l];
        KVLayer *N = &grown[l];
        *N = *L;
        for (int i = 0; i < KA_N; i++) N->a[i] = NULL;
        for (int i = 0; i < KA_N; i++) {
            N->stride[i] = kv_group_bytes(i, L->ktype, L->vtype, c->head_dim) * (size_t)(cap / KG);
            N->a[i] = NULL;
            if (!N->stride[i]) continue;
            unsigned char *p = (unsigned char *)hg_buf_alloc_big(c->alloc, h * N->stride[i]);
            if (!(ok = p != NULL)) break;
            for (size_t j = 0; L->a[i] && j < h; j++) memcpy(p + j * N->stride[i], (unsigned char *)L->a[i] + j * L->stride[i], L->stride[i]);
            N->a[i] = p;
        }
        if (ok && kv_grouped(L->ktype) && !L->kopen) ok = (N->kopen = (uint16_t *)hg_buf_alloc(c->alloc, kv_open_bytes(c), 1)) != NULL;
    }
    for (int l = 0; grown && l < c->n_layers; l++) {   /* the arrays that are no longer needed */
        KVLayer *old = ok ? &c->layers[l] : &grown[l];
        for (int i = 0; i < KA_N; i++) hg_buf_free_big(c->alloc, old->a[i], h * old->stride[i]);
        if (!ok && old->kopen != c->layers[l].kopen) hg_buf_free(c->alloc, old->kopen);
    }
    if (!ok) {
        hg_buf_free(c->alloc, grown);
        return -1;
    }
    hg_buf_free(c->alloc, c->layers);
    c->layers = grown;
    c->kpos = cap;
    return 0;
}

/* whether layer `layer`'s values are summed rotated (attend_output rotates them back) */
static int kv_values_rotated(const KVCache *c, int layer) { return kv_types[c->layers[layer].vtype].vgrid != KV_GRID_NONE; }

/* kv head h's stream of array `arr` in layer L */
static inline void *kv_arr(const KVLayer *L, int arr, size_t h) { return (unsigned char *)L->a[arr] + h * L->stride[arr]; }

/* layer `layer`'s kv head kvh as attend reads it, for the query at position t */
static KVHead kv_head(const KVCache *c, int layer, int kvh, int t) {
    const KVLayer *L = &c->layers[layer];
    const KVType *kt = &kv_types[L->ktype], *vt = &kv_types[L->vtype];
    size_t h = (size_t)kvh, hd = (size_t)c->head_dim;
    KVHead r = {0};
    r.len = t + 1;
    r.keys = kv_arr(L, KA_KEYS, h);
    r.values = kv_arr(L, KA_VALUES, h);
    r.kk = kt->load, r.vk = vt->load;
    if (kt->scaled) r.kscale = (const float *)kv_arr(L, KA_KSCALE, h);
    if (vt->scaled) r.vscale = (const float *)kv_arr(L, KA_VSCALE, h);
    if (kv_grouped(L->ktype)) {
        r.kbits = kt->bits, r.knib = kt->knib;
        r.krange = (const uint16_t *)kv_arr(L, KA_KRANGE, h);
        r.closed = t / KG * KG;       /* positions before t's group are in closed groups */
        r.kopen = c->kpass + (h * (size_t)c->pass_cap + (size_t)(r.closed - c->pass_start)) * hd;
    }
    if (kv_grouped(L->vtype)) {
        r.vgrid = vt->vgrid;
        r.vscale16 = (const uint16_t *)kv_arr(L, KA_VSCALE, h);
    }
    return r;
}

/* Before a pass of tokens from pos0 through layer `layer`: the open key group's rows into kpass */
static void kv_pass_begin(KVCache *c, int layer, int pos0) {
    const KVLayer *L = &c->layers[layer];
    if (!kv_grouped(L->ktype)) return;
    size_t hd = (size_t)c->head_dim, open = (size_t)(pos0 % KG);
    c->pass_start = pos0 / KG * KG;
    for (size_t h = 0; h < (size_t)c->n_kv_heads; h++)
        memcpy(c->kpass + h * (size_t)c->pass_cap * hd, L->kopen + h * KG * hd, open * hd * 2);
}

/* After it (positions up to end - 1 stored): the open group's rows back */
static void kv_pass_end(KVCache *c, int layer, int end) {
    const KVLayer *L = &c->layers[layer];
    if (!kv_grouped(L->ktype)) return;
    size_t hd = (size_t)c->head_dim, start = (size_t)(end / KG * KG - c->pass_start), open = (size_t)(end % KG);
    for (size_t h = 0; h < (size_t)c->n_kv_heads; h++)
        memcpy(L->kopen + h * KG * hd, c->kpass + (h * (size_t)c->pass_cap + start) * hd, open * hd * 2);
}

/* token `pos`'s keys and values (n_kv_heads * head_dim each, after RoPE) into layer `layer` (grouped
 * keys: between kv_pass_begin and kv_pass_end, positions in order) */
static void kv_store(KVCache *c, int layer, int pos, const float *k, const float *v) {
    const KVLayer *L = &c->layers[layer];
    int hd = c->head_dim;
    const KVType *kt = &kv_types[L->ktype], *vt = &kv_types[L->vtype];
    for (size_t h = 0; h < (size_t)c->n_kv_heads; h++) {
        const float *kh = k + h * hd, *vh = v + h * hd;
        if (kt->elem_bytes) {
            size_t ke = (size_t)kt->elem_bytes;
            float ks = kt->encode(kh, hd, c->enc);
            unsigned char *kb = (unsigned char *)kv_arr(L, KA_KEYS, h) + ((size_t)(pos / KB) * KB * hd + pos % KB) * ke;
            for (int d = 0; d < hd; d++) memcpy(kb + (size_t)d * KB * ke, c->enc + (size_t)d * ke, ke);
            if (kt->scaled) ((float *)kv_arr(L, KA_KSCALE, h))[pos] = ks;
        } else {
            uint16_t *rows = c->kpass + h * c->pass_cap * hd, *row = rows + (size_t)(pos - c->pass_start) * hd;
            for (int d = 0; d < hd; d++) row[d] = hg_f32_to_f16(kh[d]);
            if (pos % KG == KG - 1) {   /* the group closes */
                size_t g = (size_t)(pos / KG);
                kv_encode_key_group(rows + (size_t)(pos + 1 - KG - c->pass_start) * hd, hd, kt->bits, kt->knib,
                                    (uint32_t *)kv_arr(L, KA_KEYS, h) + g * hd * kt->bits,
                                    (uint16_t *)kv_arr(L, KA_KRANGE, h) + g * hd * 2);
            }
        }
        if (vt->elem_bytes) {
            size_t ve = (size_t)vt->elem_bytes;
            float vs = vt->encode(vh, hd, (unsigned char *)kv_arr(L, KA_VALUES, h) + (size_t)pos * hd * ve);
            if (vt->scaled) ((float *)kv_arr(L, KA_VSCALE, h))[pos] = vs;
        } else {
            size_t row = (size_t)hd * vt->bits / 8;
            ((uint16_t *)kv_arr(L, KA_VSCALE, h))[pos] =
                kv_encode_value_rot(vh, hd, vt->vgrid, (unsigned char *)kv_arr(L, KA_VALUES, h) + pos * row);
        }
    }
}

/* After a rewind or a copy to position n: a grouped layer's open group holds positions n / KG * KG
 * .. n - 1. Where that group had closed in src (src_past: the positions src held), its keys come
 * back from the codes as f16(lo + step * code), and the group is quantized again when it closes. */
static void kv_reopen(KVCache *dst, const KVCache *src, int n, int src_past) {
    size_t hd = (size_t)src->head_dim, g = (size_t)(n / KG), open = (size_t)(n % KG);
    if (!open) return;
    for (int l = 0; l < src->n_layers; l++) {
        const KVLayer *S = &src->layers[l];
        KVLayer *D = &dst->layers[l];
        if (!kv_grouped(S->ktype)) continue;
        int bits = kv_types[S->ktype].bits, nib = kv_types[S->ktype].knib;
        for (size_t h = 0; h < (size_t)src->n_kv_heads; h++) {
            uint16_t *o = D->kopen + h * KG * hd;
            if (src_past / KG == n / KG) {   /* still open in src */
                if (D != S) memcpy(o, S->kopen + h * KG * hd, open * hd * 2);
                continue;
            }
            const uint32_t *codes = (const uint32_t *)kv_arr(S, KA_KEYS, h) + g * hd * bits;
            const uint16_t *range = (const uint16_t *)kv_arr(S, KA_KRANGE, h) + g * hd * 2;
            for (size_t t = 0; t < open; t++)
                for (size_t d = 0; d < hd; d++)
                    o[t * hd + d] = hg_f32_to_f16(kv_key_group_value(codes, range, bits, nib, (int)hd, (int)d, (int)t));
        }
    }
}

/* positions 0..n-1 of every layer and head from src (same model and types; dst holds n) */
static void kv_copy_prefix(KVCache *dst, const KVCache *src, int n, int src_past) {
    size_t groups = ((size_t)n + KG - 1) / KG;   /* whole groups: the flat arrays' tails are harmless */
    for (int l = 0; dst != src && l < src->n_layers; l++) {
        const KVLayer *S = &src->layers[l];
        KVLayer *D = &dst->layers[l];
        for (int i = 0; i < KA_N; i++) {
            size_t gb = kv_group_bytes(i, S->ktype, S->vtype, src->head_dim);
            size_t bytes = (i == KA_KEYS || i == KA_KRANGE) && kv_grouped(S->ktype) ? gb * ((size_t)n / KG) : gb * groups;
            for (size_t h = 0; gb && h < (size_t)src->n_kv_heads; h++) memcpy(kv_arr(D, i, h), kv_arr(S, i, h), bytes);
        }
    }
    kv_reopen(dst, src, n, src_past);
}

/* an empty cache that may grow to max_pos positions, layer l's types ktypes[l] and vtypes[l], passes
 * of up to `batch` tokens; 0, or -1 when the memory is not there */
static int kvcache_init(KVCache *c, const hg_allocator *a, const int *ktypes, const int *vtypes, const hg_config *cfg,
                        int max_pos, int batch) {
    memset(c, 0, sizeof *c);
    c->alloc = a;
    c->n_layers = cfg->n_layers;
    c->n_kv_heads = cfg->n_kv_heads;
    c->head_dim = cfg->head_dim;
    c->max_pos = (max_pos + KG - 1) / KG * KG;
    c->layers = (KVLayer *)hg_buf_alloc(a, (size_t)cfg->n_layers, sizeof(KVLayer));
    c->enc = (unsigned char *)hg_buf_alloc(a, (size_t)cfg->head_dim, 4);
    if (!c->layers || !c->enc) return -1;
    for (int l = 0; l < c->n_layers; l++) c->layers[l].ktype = ktypes[l], c->layers[l].vtype = vtypes[l];
    if (kv_any_grouped(c)) {
        c->pass_cap = KG + batch;
        c->kpass = (uint16_t *)hg_buf_alloc(a, (size_t)c->n_kv_heads * (size_t)c->pass_cap * (size_t)c->head_dim, 2);
        if (!c->kpass) return -1;
    }
    return 0;
}

static void kvcache_free(KVCache *c) {
    size_t h = (size_t)c->n_kv_heads;
    for (int l = 0; c->layers && l < c->n_layers; l++) {
        KVLayer *L = &c->layers[l];
        for (int i = 0; i < KA_N; i++) hg_buf_free_big(c->alloc, L->a[i], h * L->stride[i]);
        hg_buf_free(c->alloc, L->kopen);
    }
    hg_buf_free(c->alloc, c->layers);
    hg_buf_free(c->alloc, c->enc);
    hg_buf_free(c->alloc, c->kpass);
    memset(c, 0, sizeof *c);
}
