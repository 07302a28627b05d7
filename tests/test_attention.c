/* test_attention.c - the KV cache (src/kv_cache.h) and attention over it (src/attention.h), every
 * pair of cache types (f32, f16, q8, and the HIGGS q5, q4, q3; keys and values apart, mixed, and a
 * different pair per layer), against definitions written here: the flat types' elements and scales,
 * the HIGGS keys' groups (per channel over KG = 32 positions: f16 keys, lo = f16(min), step =
 * f16((max - lo) / (2^bits - 1)), code = clamp(rint((x - lo) * (1 / step))), the open group in f16),
 * the HIGGS values (r = H D x / sqrt(hd), s = rms(r), the nearest points of the grids' tables, twice
 * s = <r, g> / <g, g> and the points again, f16(s)), each read back from the documented layouts by
 * code of this file, and attention over them computed in double (a Walsh-Hadamard transform of its
 * own). Covers:
 *   - the stored bytes of every token, exactly (codes, ranges, scales; a code chosen between two grid
 *     points that are equally near within float rounding is counted as a tie, not a difference);
 *   - attention against the double reference at lengths around the groups (1, 31, 32, 33, 63, 64, 65,
 *     100 ...), every query head count 1..ATT_G, sliding windows that start inside a group, head sizes
 *     32, 64, 128 (and up to HG_KV_MAX_HD) for the HIGGS types and 16..128 with tails for the flat ones;
 *   - decode (passes of one position) against prompt passes of several positions, and a head's
 *     output alone against it in a group of ATT_G heads: bit for bit;
 *   - a cache that grows (kv_reserve) against one reserved in full, growth in the middle of a pass,
 *     failed growth (an allocator that fails its Nth call: the cache as it was, nothing leaked);
 *   - rewinds and prefix copies (kv_reopen, kv_copy_prefix): the open rows of a reopened closed group
 *     are its decoded codes rounded to f16, and the conversation goes on bit for bit alike in both;
 *   - a cache longer than ATT_SPAN: attend_span per span and attend_combine against the reference.
 * Runs on each build as test_kernels does (native, AVX2, scalar, aarch64 under qemu, emulated AVX-512).
 *   cc -O2 -std=c11 -D_GNU_SOURCE -march=native -o tests/test_attention tests/test_attention.c -lm -lpthread */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

#define MAXHD 512                     /* this file's buffers: the largest head size the definitions name */

static int passed, failed;
static void check(int ok, const char *name, const char *detail) {
    if (ok) { passed++; printf("PASS %s (%s)\n", name, detail); }
    else { failed++; printf("FAIL %s: %s\n", name, detail); }
}

static unsigned long long rng = 0x243F6A8885A308D3ull;
static double uniform(void) {
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return (double)((rng * 0x2545F4914F6CDD1Dull) >> 11) / 9007199254740992.0;
}
static float gauss(void) { return (float)(sqrt(-2.0 * log(uniform() + 1e-300)) * cos(6.283185307179586 * uniform())); }

/* ================================================================ the definitions, written here */

/* f16: the nearest value with 11 significant bits (ties to even), subnormals down to 2^-24, inf past 65504 */
static float ref_f16(float x) {
    if (x != x || isinf(x)) return x;
    double a = fabs((double)x);
    int e;
    frexp(a, &e);                                   /* a = f 2^e, f in [0.5, 1) */
    int u = e - 11 < -24 ? -24 : e - 11;            /* the f16 spacing at a: 2^u */
    double r = ldexp(nearbyint(ldexp(a, -u)), u);
    if (r > 65504.0) r = INFINITY;
    return (float)copysign(r, (double)x);
}
static float ref_f16_value(uint16_t h) {             /* an f16's bits as a float */
    int e = h >> 10 & 31, m = h & 1023;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
    return (float)(h >> 15 ? -v : v);
}
static int same_f16(uint16_t h, float v) {           /* the stored f16 is the value v (sign of zero included) */
    float w = ref_f16_value(h);
    return (w == v && !signbit(w) == !signbit(v)) || (w != w && v != v);
}

static int is_higgs(int t) { return t == HG_KV_Q5 || t == HG_KV_Q4 || t == HG_KV_Q3; }
static int higgs_bits(int t) { return t == HG_KV_Q5 ? 5 : t == HG_KV_Q4 ? 4 : 3; }
/* the rotated values: points per grid, codes per row, bits per code, bytes per row */
static int v_npts(int t) { return t == HG_KV_Q4 ? 256 : t == HG_KV_Q3 ? 64 : 32; }
static int v_pairs(int t) { return t != HG_KV_Q5; }
static int v_ncodes(int t, int hd) { return v_pairs(t) ? hd / 2 : hd; }
static int v_codebits(int t) { return t == HG_KV_Q4 ? 8 : t == HG_KV_Q3 ? 6 : 5; }
static size_t v_rowbytes(int t, int hd) { return (size_t)v_ncodes(t, hd) * v_codebits(t) / 8; }
static size_t flat_bytes(int t) { return t == HG_KV_F32 ? 4 : t == HG_KV_F16 ? 2 : 1; }

/* the random signs D: splitmix64's finalizer of (KV_SIGN_SEED << 32 | d / 64), bit d % 64 */
static int ref_sign(int d) {
    uint64_t z = ((uint64_t)KV_SIGN_SEED << 32 | (uint64_t)(d >> 6)) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (int)(z >> (d & 63) & 1);
}

/* Walsh-Hadamard, unnormalised: butterflies (a, b) -> (a + b, a - b) at distances 1, 2, 4, ... */
static void ref_wht_f(float *x, int n) {
    for (int len = 1; len < n; len <<= 1)
        for (int i = 0; i < n; i += 2 * len)
            for (int j = i; j < i + len; j++) {
                float a = x[j], b = x[j + len];
                x[j] = a + b, x[j + len] = a - b;
            }
}
static void ref_wht_d(double *x, int n) {
    for (int len = 1; len < n; len <<= 1)
        for (int i = 0; i < n; i += 2 * len)
            for (int j = i; j < i + len; j++) {
                double a = x[j], b = x[j + len];
                x[j] = a + b, x[j + len] = a - b;
            }
}

/* grid point c of the values of type t, from the tables: q4 the 256-point block grid (m = c & 63:
 * (X[m & 15], Y[m >> 2]), x negated by bit 6, y by bit 7), q3 the 64-point one ((X[c & 15], Y[c >> 2])),
 * q5 the 32 ascending levels of the p=1 grid */
static double pts[3][256][2];
static void ref_points_init(void) {
    for (int c = 0; c < 256; c++) {
        int m = c & 63;
        pts[0][c][0] = c >> 6 & 1 ? -HG_GRID_P2_N256B_X[m & 15] : HG_GRID_P2_N256B_X[m & 15];
        pts[0][c][1] = c >> 7 & 1 ? -HG_GRID_P2_N256B_Y[m >> 2] : HG_GRID_P2_N256B_Y[m >> 2];
    }
    for (int c = 0; c < 64; c++) pts[1][c][0] = HG_GRID_P2_N64B_X[c & 15], pts[1][c][1] = HG_GRID_P2_N64B_Y[c >> 2];
    for (int c = 0; c < 32; c++) pts[2][c][0] = HG_GRID_P1_N32[c], pts[2][c][1] = 0;
}
static const double *ref_point(int t, int c) { return pts[t == HG_KV_Q4 ? 0 : t == HG_KV_Q3 ? 1 : 2][c]; }

/* code i of a rotated value row: q4 one byte per pair code; q3 / q5 bit planes of 16 codes
 * ([codes / 16][bits] uint16, bit i of plane j = bit j of code i) */
static int ref_vcode(const unsigned char *row, int t, int i) {
    if (t == HG_KV_Q4) return row[i];
    int bits = v_codebits(t), c = 0;
    for (int j = 0; j < bits; j++) {
        uint16_t w;
        memcpy(&w, row + ((size_t)(i / 16) * bits + j) * 2, 2);
        c |= (w >> (i % 16) & 1) << j;
    }
    return c;
}
/* code of position p (0..KG-1) of a closed key group in channel d. q4 (4 bits): nibbles, 64 bytes per
 * channel quad, byte 4 i + c of quad j holding channel 4 j + c of position i in its low nibble and of
 * position 16 + i in its high one; q5, q3: [hd][bits] uint32 planes, bit p of plane j */
static int ref_kcode(const void *codes, int bits, int d, int p) {
    if (bits == 4) {
        unsigned char b = ((const unsigned char *)codes)[(size_t)(d / 4) * 64 + 4 * (p % 16) + d % 4];
        return p < 16 ? b & 15 : b >> 4;
    }
    const uint32_t *planes = (const uint32_t *)codes;
    int c = 0;
    for (int j = 0; j < bits; j++) c |= (int)(planes[(size_t)d * bits + j] >> p & 1) << j;
    return c;
}

#define TIE 1e-6                                     /* a tie: distances within TIE (1 + x^2 + y^2) */

/* where a second point is as near as the nearest within float rounding: position idx, code alt */
typedef struct { int n, idx[MAXHD], alt[MAXHD]; } Ties;

/* codes of r at scale s: the nearest point to r / s (pairs (i, i + hd/2); p=1: r[i] / s), first on
 * exact ties; ties->(idx, alt) lists the near ties */
static void ref_assign(const float *r, int hd, float s, int t, int *codes, Ties *ties) {
    int pairs = v_pairs(t), n = v_ncodes(t, hd), np = v_npts(t);
    ties->n = 0;
    for (int i = 0; i < n; i++) {
        double x = s > 0 ? (double)r[i] / s : 0, y = pairs && s > 0 ? (double)r[i + hd / 2] / s : 0;
        int best = 0, second = -1;
        double bd = INFINITY, sd = INFINITY;
        for (int c = 0; c < np; c++) {
            const double *p = ref_point(t, c);
            double d = (p[0] - x) * (p[0] - x) + (p[1] - y) * (p[1] - y);
            if (d < bd) sd = bd, second = best, bd = d, best = c;
            else if (d < sd) sd = d, second = c;
        }
        codes[i] = best;
        if (second >= 0 && sd - bd <= TIE * (1 + x * x + y * y))
            ties->idx[ties->n] = i, ties->alt[ties->n++] = second;
    }
}
static void ref_gather(const int *codes, int hd, int t, float *g) {
    for (int i = 0; i < v_ncodes(t, hd); i++) {
        const double *p = ref_point(t, codes[i]);
        g[i] = (float)p[0];
        if (v_pairs(t)) g[i + hd / 2] = (float)p[1];
    }
}

/* The definition from assignment `it` on (0: at s = rms(r); 1, 2: after s = <r, g> / <g, g>; a scale that
 * reaches 0 ends it): codes and the last s into codes / *s_out. Where a near tie (float rounding may pick
 * either point) meets the stored result (`have`, `s16`): at the last assignment the stored code is taken;
 * before it, the alternatives are followed too (up to 2^3 per step), and the first path that ends at the
 * stored codes and scale is the one returned (its ties counted). Returns 1 when the result is the stored one. */
static int ref_search(const float *r, int hd, int t, int it, float s, const int *have, uint16_t s16, int *codes_out,
                      float *s_out, long *ties) {
    int codes[MAXHD];
    Ties T;
    ref_assign(r, hd, s, t, codes, &T);
    int nc = v_ncodes(t, hd);
    if (it == 2 || !(s > 0)) {
        long adopted = 0;
        for (int k = 0; have && k < T.n; k++)
            if (have[T.idx[k]] == T.alt[k]) codes[T.idx[k]] = T.alt[k], adopted++;
        memcpy(codes_out, codes, (size_t)nc * sizeof(int));
        *s_out = s;
        int same = have && same_f16(s16, ref_f16(s));
        for (int i = 0; same && i < nc; i++) same = codes[i] == have[i];
        if (same) *ties += adopted;
        return same;
    }
    int k = T.n < 3 ? T.n : 3;
    for (int mask = 0; mask < (have ? 1 << k : 1); mask++) {
        int c2[MAXHD], o[MAXHD];
        float g[MAXHD], so;
        memcpy(c2, codes, (size_t)nc * sizeof(int));
        for (int j = 0; j < k; j++)
            if (mask >> j & 1) c2[T.idx[j]] = T.alt[j];
        ref_gather(c2, hd, t, g);
        double rg = 0, gg = 0;
        for (int d = 0; d < hd; d++) rg += (double)r[d] * g[d], gg += (double)g[d] * g[d];
        float s2 = gg > 0 && rg > 0 ? (float)(rg / gg) : 0.0f;
        long t0 = *ties;
        int same = ref_search(r, hd, t, it + 1, s2, have, s16, mask ? o : codes_out, mask ? &so : s_out, ties);
        if (same && mask) {
            memcpy(codes_out, o, (size_t)nc * sizeof(int)), *s_out = so;
            for (int j = 0; j < k; j++) *ties += mask >> j & 1;
        }
        if (same) return 1;
        *ties = t0;
    }
    return 0;
}

/* a value of type t (HIGGS): r = H D x / sqrt(hd), s = rms(r), codes at s, then twice s = <r, g> / <g, g>
 * and codes at s; returns s (stored as f16(s)). have / s16: the stored codes and scale, for the ties. */
static float ref_encode_value(const float *x, int hd, int t, const int *have, uint16_t s16, int *codes, long *ties) {
    float r[MAXHD];
    for (int d = 0; d < hd; d++) r[d] = ref_sign(d) ? -x[d] : x[d];
    ref_wht_f(r, hd);
    /* / sqrt(hd) as a multiplication by the float 1 / sqrt(hd), as kv_rotate does: r's last bit decides
     * near-ties of the first assignments, and so (rarely: a few in 1e5 values) the stored codes and scale */
    float inv_sqrt = 1.0f / sqrtf((float)hd);
    for (int d = 0; d < hd; d++) r[d] *= inv_sqrt;
    double ss = 0;
    for (int d = 0; d < hd; d++) ss += (double)r[d] * r[d];
    float s;
    ref_search(r, hd, t, 0, (float)sqrt(ss / hd), have, s16, codes, &s, ties);
    return s;
}

/* the value those codes and the stored scale s16 give back: D H (s g) / sqrt(hd), in double */
static void ref_decode_value(const int *codes, float s16, int hd, int t, double *out) {
    double y[MAXHD];
    int pairs = v_pairs(t);
    for (int i = 0; i < v_ncodes(t, hd); i++) {
        const double *p = ref_point(t, codes[i]);
        y[i] = (double)s16 * p[0];
        if (pairs) y[i + hd / 2] = (double)s16 * p[1];
    }
    ref_wht_d(y, hd);
    for (int d = 0; d < hd; d++) out[d] = (ref_sign(d) ? -y[d] : y[d]) / sqrt((double)hd);
}

/* a closed key group: rows [KG][hd] of f16 values; lo, step (f16 values) per channel, codes [KG][hd] */
static void ref_key_group(const float *rows, int hd, int bits, float *lo, float *step, unsigned char *codes) {
    int top = (1 << bits) - 1;
    for (int d = 0; d < hd; d++) {
        float mn = rows[d], mx = rows[d];
        for (int p = 1; p < KG; p++) {
            float v = rows[(size_t)p * hd + d];
            mn = v < mn ? v : mn, mx = v > mx ? v : mx;
        }
        float l = ref_f16(mn), st = ref_f16((mx - l) / (float)top), inv = st > 0 ? 1.0f / st : 0.0f;
        for (int p = 0; p < KG; p++) {
            long c = lrintf((rows[(size_t)p * hd + d] - l) * inv);
            codes[(size_t)p * hd + d] = (unsigned char)(c < 0 ? 0 : c > top ? top : c);
        }
        lo[d] = l, step[d] = st;
    }
}

/* q8 as docs/kv-cache.md defines it: s = max|x| / 127, q = round(x / s), ties to even (a zero vector: 0, s 0).
 * `have`: the stored elements, taken where x / s is a tie within rounding (counted in *ties). */
static float ref_q8(const float *x, int hd, const int8_t *have, int *q, long *ties) {
    float amax = 0;
    for (int d = 0; d < hd; d++) amax = fabsf(x[d]) > amax ? fabsf(x[d]) : amax;
    float s = amax / 127.0f;
    for (int d = 0; d < hd; d++) {
        double y = s > 0 ? (double)x[d] / s : 0;
        q[d] = (int)nearbyint(y);
        if (have && have[d] != q[d] && fabs(fabs(y - floor(y)) - 0.5) < 1e-5 && fabs(have[d] - y) < 0.5 + 1e-5) q[d] = have[d], (*ties)++;
    }
    return s;
}

/* the largest head size the HIGGS types take (hg_kv_type_fits) */
static int higgs_max_hd(void) {
    int m = 0;
    for (int hd = 32; hd <= MAXHD; hd *= 2)
        if (hg_kv_type_fits(HG_KV_Q4, hd)) m = hd;
    return m;
}

/* ================================================================ a cache and its reference */

#define MAXL 3
typedef struct {
    int L, H, hd, maxpos, kt[MAXL], vt[MAXL];
    KVCache c;
    /* the reference, [L][H][maxpos][hd] (per position) or [L][H][maxpos / KG][hd] (per group) */
    float *rows16;            /* HIGGS keys: each position's key in f16, as the open group holds it */
    double *kdec, *vdec;      /* keys (flat types; HIGGS: in closed groups) and values as stored, decoded */
    unsigned char *kcode;     /* HIGGS keys: the codes of closed groups */
    float *klo, *kstep;       /* HIGGS keys: per group and channel */
    int *vcode;               /* HIGGS values: the codes */
    float *kscale, *vscale;   /* [L][H][maxpos] q8 scales; HIGGS values: the f16 scale's value */
    float *att[ATT_G];
    long bad, ties;
    char first_bad[200];
    struct Memo *memo;        /* the reference's value encodings, shared by caches fed the same tokens */
} Sim;

/* the reference's rotated values of (layer, head, position): the same token with the same stored codes
 * need not be searched again (the exhaustive search is most of this file's time) */
typedef struct Memo { int L, H, maxpos, hd; unsigned char *valid; int *have, *codes; float *s; long *ties; } Memo;
static Memo *memo_new(int L, int H, int maxpos, int hd) {
    Memo *m = calloc(1, sizeof *m);
    size_t n = (size_t)L * H * maxpos;
    m->L = L, m->H = H, m->maxpos = maxpos, m->hd = hd;
    m->valid = calloc(n, 1), m->have = calloc(n * hd, sizeof(int)), m->codes = calloc(n * hd, sizeof(int));
    m->s = calloc(n, sizeof(float)), m->ties = calloc(n, sizeof(long));
    return m;
}
static void memo_free(Memo *m) {
    if (m) free(m->valid), free(m->have), free(m->codes), free(m->s), free(m->ties), free(m);
}

static size_t at_pos(const Sim *S, int l, int h, int t) { return ((size_t)l * S->H + h) * S->maxpos + t; }
static size_t at_grp(const Sim *S, int l, int h, int g) { return ((size_t)l * S->H + h) * (S->maxpos / KG) + g; }

static void sim_bad(Sim *S, const char *what, int l, int h, int t, int d) {
    if (!S->bad++)
        snprintf(S->first_bad, sizeof S->first_bad, "%s (layer %d types %s,%s, head %d, position %d, element %d, hd %d)", what, l,
                 hg_kv_type_name(S->kt[l]), hg_kv_type_name(S->vt[l]), h, t, d, S->hd);
}

static int sim_init(Sim *S, int L, int H, int hd, const int *kt, const int *vt, int maxpos, int batch, const hg_allocator *a) {
    memset(S, 0, sizeof *S);
    S->L = L, S->H = H, S->hd = hd, S->maxpos = (maxpos + KG - 1) / KG * KG;
    for (int l = 0; l < L; l++) S->kt[l] = kt[l], S->vt[l] = vt[l];
    hg_config cfg = {0};
    cfg.n_layers = L, cfg.n_kv_heads = H, cfg.head_dim = hd;
    size_t n = (size_t)L * H * S->maxpos * hd;
    S->rows16 = calloc(n, sizeof(float));
    S->kdec = calloc(n, sizeof(double)), S->vdec = calloc(n, sizeof(double));
    S->kcode = calloc(n, 1), S->vcode = calloc(n, sizeof(int));
    S->klo = calloc(n / KG, sizeof(float)), S->kstep = calloc(n / KG, sizeof(float));
    S->kscale = calloc((size_t)L * H * S->maxpos, sizeof(float)), S->vscale = calloc((size_t)L * H * S->maxpos, sizeof(float));
    for (int g = 0; g < ATT_G; g++) S->att[g] = calloc((size_t)S->maxpos + 64, sizeof(float));
    return kvcache_init(&S->c, a, kt, vt, &cfg, maxpos, batch);
}

static void sim_free(Sim *S) {
    kvcache_free(&S->c);
    free(S->rows16), free(S->kdec), free(S->vdec), free(S->kcode), free(S->vcode), free(S->klo), free(S->kstep);
    free(S->kscale), free(S->vscale);
    for (int g = 0; g < ATT_G; g++) free(S->att[g]);
}

/* the reference's copy of another's state (the same shape): for kv_copy_prefix */
static void sim_copy_ref(Sim *D, const Sim *S) {
    size_t n = (size_t)S->L * S->H * S->maxpos * S->hd, m = (size_t)S->L * S->H * S->maxpos;
    memcpy(D->rows16, S->rows16, n * sizeof(float));
    memcpy(D->kdec, S->kdec, n * sizeof(double)), memcpy(D->vdec, S->vdec, n * sizeof(double));
    memcpy(D->kcode, S->kcode, n), memcpy(D->vcode, S->vcode, n * sizeof(int));
    memcpy(D->klo, S->klo, n / KG * sizeof(float)), memcpy(D->kstep, S->kstep, n / KG * sizeof(float));
    memcpy(D->kscale, S->kscale, m * sizeof(float)), memcpy(D->vscale, S->vscale, m * sizeof(float));
}

/* element i of a flat array of type t as the type defines its value (q8: times the scale) */
static double flat_value(int t, const void *p, size_t i, float scale) {
    if (t == HG_KV_F32) return ((const float *)p)[i];
    if (t == HG_KV_F16) return ref_f16_value(((const uint16_t *)p)[i]);
    return (double)((const int8_t *)p)[i] * scale;
}

/* a flat vector x of type t into the reference (dec, *scale) checked against the stored elements
 * (elem(d): where element d lies) */
static void sim_flat(Sim *S, int t, const float *x, const unsigned char *base, size_t (*where)(int, int, int), int pos,
                     const float *stored_scale, double *dec, float *scale, int l, int h, const char *what) {
    int hd = S->hd;
    size_t e = flat_bytes(t);
    if (t == HG_KV_Q8) {
        int8_t have[MAXHD * 2] = {0};
        int q[MAXHD * 2];
        for (int d = 0; d < hd; d++) have[d] = (int8_t)base[where(hd, pos, d)];
        float s = ref_q8(x, hd, have, q, &S->ties);
        for (int d = 0; d < hd; d++) {
            if (have[d] != q[d]) sim_bad(S, what, l, h, pos, d);
            dec[d] = (double)q[d] * s;
        }
        if (*stored_scale != s) sim_bad(S, what, l, h, pos, -1);
        *scale = s;
        return;
    }
    for (int d = 0; d < hd; d++) {
        const unsigned char *p = base + where(hd, pos, d) * e;
        if (t == HG_KV_F32) {
            if (memcmp(p, &x[d], 4)) sim_bad(S, what, l, h, pos, d);
            dec[d] = x[d];
        } else {
            uint16_t v;
            memcpy(&v, p, 2);
            float want = ref_f16(x[d]);
            if (!same_f16(v, want)) sim_bad(S, what, l, h, pos, d);
            dec[d] = want;
        }
    }
    *scale = 1;
}
/* where element d of position pos lies: flat keys in blocks of KB positions, dimension-major; values [pos][hd] */
static size_t where_key(int hd, int pos, int d) { return (size_t)(pos / KB) * KB * hd + (size_t)d * KB + pos % KB; }
static size_t where_value(int hd, int pos, int d) { return (size_t)pos * hd + d; }

/* a rotated value into the reference, checked against the stored codes and scale */
static void sim_rot(Sim *S, int l, int h, int pos, const float *x, const KVHead *hh) {
    int t = S->vt[l], hd = S->hd, have[MAXHD] = {0}, codes[MAXHD];
    const unsigned char *row = (const unsigned char *)hh->values + (size_t)pos * v_rowbytes(t, hd);
    int nc = v_ncodes(t, hd);
    for (int i = 0; i < nc; i++) have[i] = ref_vcode(row, t, i);
    Memo *M = S->memo;
    size_t im = M ? ((size_t)l * M->H + h) * M->maxpos + pos : 0;
    float s;
    if (M && M->valid[im] && !memcmp(M->have + im * hd, have, (size_t)nc * sizeof(int))) {
        memcpy(codes, M->codes + im * hd, (size_t)nc * sizeof(int));
        s = M->s[im], S->ties += M->ties[im];
    } else {
        long t0 = S->ties;
        s = ref_encode_value(x, hd, t, have, hh->vscale16[pos], codes, &S->ties);
        if (M) {
            memcpy(M->have + im * hd, have, (size_t)nc * sizeof(int)), memcpy(M->codes + im * hd, codes, (size_t)nc * sizeof(int));
            M->s[im] = s, M->ties[im] = S->ties - t0, M->valid[im] = 1;
        }
    }
    float s16 = ref_f16(s);
    int *vc = S->vcode + at_pos(S, l, h, pos) * hd;
    for (int i = 0; i < v_ncodes(t, hd); i++) {
        if (have[i] != codes[i]) sim_bad(S, "value code", l, h, pos, i);
        vc[i] = codes[i];
    }
    if (!same_f16(hh->vscale16[pos], s16)) sim_bad(S, "value scale", l, h, pos, -1);
    S->vscale[at_pos(S, l, h, pos)] = s16;
    ref_decode_value(codes, s16, hd, t, S->vdec + at_pos(S, l, h, pos) * hd);
}

/* the keys of positions g * KG .. g * KG + KG - 1 as a closed group: the reference's codes and ranges
 * from its f16 rows, checked against the stored planes and ranges */
static void sim_close_group(Sim *S, int l, int h, int g, const KVHead *hh) {
    int hd = S->hd, bits = higgs_bits(S->kt[l]);
    const float *rows = S->rows16 + at_pos(S, l, h, g * KG) * hd;
    unsigned char *codes = S->kcode + at_pos(S, l, h, g * KG) * hd;
    float *lo = S->klo + at_grp(S, l, h, g) * hd, *st = S->kstep + at_grp(S, l, h, g) * hd;
    ref_key_group(rows, hd, bits, lo, st, codes);
    const uint32_t *planes = (const uint32_t *)hh->keys + (size_t)g * hd * bits;
    const uint16_t *range = hh->krange + (size_t)g * hd * 2;   /* [2][hd]: the minima, then the steps */
    for (int d = 0; d < hd; d++) {
        if (!same_f16(range[d], lo[d]) || !same_f16(range[hd + d], st[d])) sim_bad(S, "key range", l, h, g * KG, d);
        for (int p = 0; p < KG; p++) {
            int c = codes[(size_t)p * hd + d];
            if (ref_kcode(planes, bits, d, p) != c) sim_bad(S, "key code", l, h, g * KG + p, d);
            S->kdec[at_pos(S, l, h, g * KG + p) * hd + d] = (double)lo[d] + (double)st[d] * c;
        }
    }
}

/* kv_store of token pos in layer l (k, v: H * hd floats), and the same token into the reference */
static void sim_store(Sim *S, int l, int pos, const float *k, const float *v) {
    kv_store(&S->c, l, pos, k, v);
    int hd = S->hd;
    for (int h = 0; h < S->H; h++) {
        const float *kh = k + (size_t)h * hd, *vh = v + (size_t)h * hd;
        KVHead hh = kv_head(&S->c, l, h, pos);
        size_t ip = at_pos(S, l, h, pos);
        if (is_higgs(S->kt[l])) {
            float *r16 = S->rows16 + ip * hd;
            const uint16_t *row = hh.kopen + (size_t)(pos - hh.closed) * hd;   /* the open group's row of pos */
            for (int d = 0; d < hd; d++) {
                r16[d] = ref_f16(kh[d]);
                if (!same_f16(row[d], r16[d])) sim_bad(S, "open key row", l, h, pos, d);
            }
            if (pos % KG == KG - 1) sim_close_group(S, l, h, pos / KG, &hh);
        } else
            sim_flat(S, S->kt[l], kh, (const unsigned char *)hh.keys, where_key, pos, hh.kscale ? &hh.kscale[pos] : &(float){1},
                     S->kdec + ip * hd, &S->kscale[ip], l, h, "key");
        if (is_higgs(S->vt[l])) sim_rot(S, l, h, pos, vh, &hh);
        else
            sim_flat(S, S->vt[l], vh, (const unsigned char *)hh.values, where_value, pos, hh.vscale ? &hh.vscale[pos] : &(float){1},
                     S->vdec + ip * hd, &S->vscale[ip], l, h, "value");
    }
}

/* every stored byte of positions < n against the reference (outside a pass: the open groups' rows
 * are in the layers' kopen) */
static void sim_verify(Sim *S, int n) {
    int hd = S->hd;
    for (int l = 0; l < S->L; l++)
        for (int h = 0; h < S->H; h++) {
            KVHead hh = kv_head(&S->c, l, h, 0);
            const KVLayer *Ly = &S->c.layers[l];
            if (is_higgs(S->kt[l])) {
                int bits = higgs_bits(S->kt[l]);
                for (int g = 0; g < n / KG; g++) {
                    const uint32_t *planes = (const uint32_t *)hh.keys + (size_t)g * hd * bits;
                    const uint16_t *range = hh.krange + (size_t)g * hd * 2;
                    const float *lo = S->klo + at_grp(S, l, h, g) * hd, *st = S->kstep + at_grp(S, l, h, g) * hd;
                    for (int d = 0; d < hd; d++) {
                        if (!same_f16(range[d], lo[d]) || !same_f16(range[hd + d], st[d])) sim_bad(S, "key range (verify)", l, h, g * KG, d);
                        for (int p = 0; p < KG; p++)
                            if (ref_kcode(planes, bits, d, p) != S->kcode[at_pos(S, l, h, g * KG + p) * hd + d])
                                sim_bad(S, "key code (verify)", l, h, g * KG + p, d);
                    }
                }
                for (int p = n / KG * KG; p < n; p++)
                    for (int d = 0; d < hd; d++)
                        if (!same_f16(Ly->kopen[((size_t)h * KG + p % KG) * hd + d], S->rows16[at_pos(S, l, h, p) * hd + d]))
                            sim_bad(S, "open key row (verify)", l, h, p, d);
            } else
                for (int p = 0; p < n; p++) {
                    float ks = hh.kscale ? hh.kscale[p] : 1;
                    if (hh.kscale && ks != S->kscale[at_pos(S, l, h, p)]) sim_bad(S, "key scale (verify)", l, h, p, -1);
                    for (int d = 0; d < hd; d++)
                        if (flat_value(S->kt[l], hh.keys, where_key(hd, p, d), ks) != S->kdec[at_pos(S, l, h, p) * hd + d])
                            sim_bad(S, "key (verify)", l, h, p, d);
                }
            for (int p = 0; p < n; p++) {
                size_t ip = at_pos(S, l, h, p);
                if (is_higgs(S->vt[l])) {
                    const unsigned char *row = (const unsigned char *)hh.values + (size_t)p * v_rowbytes(S->vt[l], hd);
                    for (int i = 0; i < v_ncodes(S->vt[l], hd); i++)
                        if (ref_vcode(row, S->vt[l], i) != S->vcode[ip * hd + i]) sim_bad(S, "value code (verify)", l, h, p, i);
                    if (!same_f16(hh.vscale16[p], S->vscale[ip])) sim_bad(S, "value scale (verify)", l, h, p, -1);
                } else {
                    float vs = hh.vscale ? hh.vscale[p] : 1;
                    if (hh.vscale && vs != S->vscale[ip]) sim_bad(S, "value scale (verify)", l, h, p, -1);
                    for (int d = 0; d < hd; d++)
                        if (flat_value(S->vt[l], hh.values, where_value(hd, p, d), vs) != S->vdec[ip * hd + d])
                            sim_bad(S, "value (verify)", l, h, p, d);
                }
            }
        }
}

/* after kv_reopen(n) of a cache that held src_past positions: the reference's open rows of n's group
 * are the decoded codes rounded to f16 where that group had closed */
static void sim_reopen_ref(Sim *S, int n, int src_past) {
    if (!(n % KG) || src_past / KG == n / KG) return;
    for (int l = 0; l < S->L; l++)
        for (int h = 0; is_higgs(S->kt[l]) && h < S->H; h++) {
            int g = n / KG;
            const float *lo = S->klo + at_grp(S, l, h, g) * S->hd, *st = S->kstep + at_grp(S, l, h, g) * S->hd;
            for (int p = g * KG; p < n; p++)
                for (int d = 0; d < S->hd; d++)
                    S->rows16[at_pos(S, l, h, p) * S->hd + d] = ref_f16(lo[d] + st[d] * (float)S->kcode[at_pos(S, l, h, p) * S->hd + d]);
        }
}

/* the query at position t of layer l, kv head h: heads q[0..G) over positions t0..t; out[g] */
static void sim_attend(Sim *S, int l, int h, int t, int t0, int G, float *const *q, float *const *out) {
    KVHead hh = kv_head(&S->c, l, h, t);
    attend(out, S->att, (const float *const *)q, G, &hh, S->hd, t0, t + 1);
}

/* q4's scores against a closed group (docs/kv-cache.md): <q, k_j> = sum_d q_d lo_d + sum_d q'_d c_jd with
 * q'_d = q_d step_d (a float product) taken as int8: amax = max|q'|, q8_d = rint(q'_d * (127 / amax)) (float
 * products, ties to even), qs = amax / 127 (amax <= 1e-30: q8 = 0, qs = 0); score = sum_d q_d lo_d +
 * 7.5 sum_d (q'_d - qs q8_d) + qs sum_d q8_d c_jd. Sets *a to a bound of the terms' magnitudes. */
static double ref_score_q4(const Sim *S, int l, int h, int j, const float *q, double *a) {
    int hd = S->hd, g = j / KG;
    const float *lo = S->klo + at_grp(S, l, h, g) * hd, *st = S->kstep + at_grp(S, l, h, g) * hd;
    float qp[MAXHD], amax = 0;
    for (int d = 0; d < hd; d++) qp[d] = q[d] * st[d], amax = fabsf(qp[d]) > amax ? fabsf(qp[d]) : amax;
    float inv = amax > 1e-30f ? 127.0f / amax : 0.0f, qs = inv > 0 ? amax / 127.0f : 0.0f;
    double s = 0;
    *a = 0;
    for (int d = 0; d < hd; d++) {
        float q8 = rintf(qp[d] * inv);
        int c = S->kcode[at_pos(S, l, h, j) * hd + d];
        s += (double)q[d] * lo[d] + 7.5 * ((double)qp[d] - (double)qs * q8) + (double)qs * q8 * c;
        *a += fabs((double)q[d] * lo[d]) + 16 * fabs((double)qp[d]);
    }
    return s;
}

/* one head's output against attention in double over the reference's keys (HIGGS: closed groups
 * before t's group decoded (q4: as ref_score_q4), from t / KG * KG on the f16 rows) and values: the
 * worst |got - want| in units of what float rounding may move it by, vmax (1 + amax) (vmax: the largest
 * |value| attended, amax: the largest sum_d |q_d k_d| / sqrt(hd), which bounds a score's rounding) */
/* w to the nearest bf16 (8 significant bits; ties to even), 0 below 2^-64 (src/attention.h
 * kv_bf16_weight); *ulp: its spacing there, *near: w is within 1e-5 relative of a rounding boundary */
static double ref_bf16(double w, double *ulp, int *near) {
    *ulp = 0, *near = 0;
    if (w < 0x1p-64) return 0;
    int ex;
    frexp(w, &ex);                       /* w = f 2^ex, f in [0.5, 1): 8 bits are f's first 8 */
    double u = ldexp(1.0, ex - 8), q = w / u, r = nearbyint(q);   /* the default mode: ties to even */
    *ulp = u, *near = fabs(fabs(q - floor(q)) - 0.5) * u < 1e-5 * w;
    return r * u;
}

/* Rotated values' attention output, the definition of src/attention.h: the weights w_j = e_j s_j
 * (e_j = e^(score - max), s_j the value's f16 scale) and the grid coordinates rounded to bf16, their
 * products summed in the rotated domain, / sum e_j, then rotated back; in double. The kernel's scores
 * and exponentials are floats, so a weight within rounding of a bf16 boundary may round either way:
 * returns the most those can move an output (the rotation keeps lengths). */
static double ref_rot_values(const Sim *S, int l, int h, int t0, int n, const double *e, double sum, double *out) {
    int hd = S->hd, t = S->vt[l], pairs = v_pairs(t), near;
    double y[MAXHD] = {0}, slack = 0, ulp, dummy;
    for (int j = t0; j < n; j++) {
        size_t ip = at_pos(S, l, h, j);
        double w = ref_bf16(e[j] * S->vscale[ip], &ulp, &near), len = 0;
        const int *codes = S->vcode + ip * hd;
        for (int i = 0; i < v_ncodes(t, hd); i++) {
            const double *pt = ref_point(t, codes[i]);
            double x = ref_bf16(fabs(pt[0]), &dummy, &near) * (pt[0] < 0 ? -1 : 1);
            y[i] += w * x, len += x * x;
            if (pairs) {
                double z = ref_bf16(fabs(pt[1]), &dummy, &near) * (pt[1] < 0 ? -1 : 1);
                y[i + hd / 2] += w * z, len += z * z;
            }
        }
        ref_bf16(e[j] * S->vscale[ip], &ulp, &near);
        if (near) slack += ulp * sqrt(len) / sum;
    }
    for (int i = 0; i < hd; i++) y[i] /= sum;
    ref_wht_d(y, hd);
    for (int d = 0; d < hd; d++) out[d] = (ref_sign(d) ? -y[d] : y[d]) / sqrt((double)hd);
    return slack;
}

/* Query q at position t over positions [t0, n) (n <= t + 1; the open group is t's): want[hd] the
 * output; returns the slack of ref_rot_values (0 for flat values) and sets *mx, *sum (the softmax's
 * maximum and sum over the range) and *scale, the size its errors are measured against */
typedef struct { double mx, sum, scale; } RefSpan;
static double ref_attend(const Sim *S, int l, int h, int t, int t0, int n, const float *q, double *want, RefSpan *r) {
    int hd = S->hd, closed = is_higgs(S->kt[l]) ? t / KG * KG : t + 1;
    static double sc[4096];
    double m = -INFINITY, sum = 0, amax = 0, vmax = 0, slack = 0;
    for (int j = t0; j < n; j++) {
        size_t ip = at_pos(S, l, h, j) * hd;
        double s = 0, a = 0;
        for (int d = 0; d < hd; d++) {
            double k = j < closed ? S->kdec[ip + d] : (double)S->rows16[ip + d];
            s += (double)q[d] * k, a += fabs((double)q[d] * k);
            vmax = fabs(S->vdec[ip + d]) > vmax ? fabs(S->vdec[ip + d]) : vmax;
        }
        if (j < closed && S->kt[l] == HG_KV_Q4) s = ref_score_q4(S, l, h, j, q, &a);
        sc[j] = s / sqrt((double)hd);
        amax = a / sqrt((double)hd) > amax ? a / sqrt((double)hd) : amax;
        m = sc[j] > m ? sc[j] : m;
    }
    for (int j = t0; j < n; j++) sum += (sc[j] = exp(sc[j] - m));
    if (is_higgs(S->vt[l])) slack = ref_rot_values(S, l, h, t0, n, sc, sum, want);
    else
        for (int d = 0; d < hd; d++) {
            want[d] = 0;
            for (int j = t0; j < n; j++) want[d] += sc[j] / sum * S->vdec[at_pos(S, l, h, j) * hd + d];
        }
    r->mx = m, r->sum = sum, r->scale = vmax * (1 + amax) + 1e-30;
    return slack;
}

/* the worst error of got[hd] beyond the slack, relative to the reference's scale */
static double ref_worst(const double *want, const float *got, int hd, double slack, double scale) {
    double worst = 0;
    for (int d = 0; d < hd; d++) {
        double diff = fabs(got[d] - want[d]) - slack;
        double e = (diff > 0 ? diff : 0) / scale;
        if (!(e <= 1e300)) e = 1e300;   /* NaN */
        worst = e > worst ? e : worst;
    }
    return worst;
}

static double ref_err(const Sim *S, int l, int h, int t, int t0, const float *q, const float *got) {
    double want[MAXHD];
    RefSpan r;
    if (t + 1 > 4096) return 1e300;
    double slack = ref_attend(S, l, h, t, t0, t + 1, q, want, &r);
    return ref_worst(want, got, S->hd, slack, r.scale);
}

/* ================================================================ passes and what each query checks */

enum { RW = 20 };                    /* the window of the recorded outputs (t0 = t - 19: inside a group) */
static const int windows[] = {0, 5, 20, 37, 70};

typedef struct {
    const float *Q;                  /* [maxpos][ATT_G][hd] queries */
    float *rec;                      /* [maxpos][L][H][2][ATT_G][hd] outputs of G = ATT_G, no window and RW */
    int compare;                     /* 1: compare with rec (bit for bit), 0: write it */
    int full;                        /* the reference, every G and window at the checked positions */
    double worst;                    /* worst error against the reference */
    char where[160];
    long diffs, gdiffs, nref;        /* outputs that differ from rec's; heads whose output changed with G; reference checks */
    char diff_where[160];
} Visit;

static int checked_pos(int t) {
    return t == 0 || t == 30 || t == 31 || t == 32 || t == 33 || t == 62 || t == 63 || t == 64 || t == 95 || t == 99;
}

static float *vq[ATT_G], *vout[ATT_G], *vone[ATT_G];

static void note_err(Visit *V, const Sim *S, double e, int l, int t, int t0, int G) {
    V->nref++;
    if (e > V->worst)
        V->worst = e, snprintf(V->where, sizeof V->where, "hd %d, n %d, t0 %d, G %d, layer %s,%s", S->hd, t + 1, t0, G,
                               hg_kv_type_name(S->kt[l]), hg_kv_type_name(S->vt[l]));
}

static void visit(Sim *S, Visit *V, int l, int h, int t) {
    int hd = S->hd;
    for (int g = 0; g < ATT_G; g++) vq[g] = (float *)V->Q + ((size_t)t * ATT_G + g) * hd;
    for (int wi = 0; wi < 2; wi++) {
        int w = wi ? RW : 0, t0 = w && t + 1 > w ? t + 1 - w : 0;
        sim_attend(S, l, h, t, t0, ATT_G, vq, vout);
        float *rec = V->rec + ((((size_t)t * S->L + l) * S->H + h) * 2 + wi) * ATT_G * hd;
        for (int g = 0; g < ATT_G; g++) {
            if (!V->compare) memcpy(rec + (size_t)g * hd, vout[g], (size_t)hd * sizeof(float));
            else if (memcmp(rec + (size_t)g * hd, vout[g], (size_t)hd * sizeof(float)) && !V->diffs++)
                snprintf(V->diff_where, sizeof V->diff_where, "hd %d, query %d, t0 %d, layer %d, head %d, q head %d", hd, t, t0, l, h, g);
        }
    }
    if (!V->full || !checked_pos(t)) return;
    for (size_t wi = 0; wi < sizeof windows / sizeof windows[0]; wi++) {
        int w = windows[wi], t0 = w && t + 1 > w ? t + 1 - w : 0;
        if (w && !t0) continue;
        sim_attend(S, l, h, t, t0, ATT_G, vq, vout);
        for (int g = 0; g < ATT_G; g++) note_err(V, S, ref_err(S, l, h, t, t0, vq[g], vout[g]), l, t, t0, ATT_G);
        for (int G = 1; G < ATT_G && (w == 0 || w == RW); G++) {   /* a head's output does not depend on its company */
            sim_attend(S, l, h, t, t0, G, vq, vone);
            for (int g = 0; g < G; g++) V->gdiffs += memcmp(vone[g], vout[g], (size_t)hd * sizeof(float)) != 0;
        }
    }
}

/* positions from..to-1 in passes of sizes[0], sizes[1], ... (cycling), as layer_forward orders them:
 * per layer, kv_pass_begin, every position stored, every query attends, kv_pass_end. The cache grows
 * before each pass (grow) as a session's does. K, V: [L][maxpos][H * hd]. */
static void sim_run(Sim *S, Visit *V, const float *K, const float *V_, int from, int to, const int *sizes, int nsizes, int grow) {
    size_t kvd = (size_t)S->H * S->hd;
    for (int p0 = from, i = 0; p0 < to; i++) {
        int B = sizes[i % nsizes] < to - p0 ? sizes[i % nsizes] : to - p0;
        if (grow && kv_reserve(&S->c, p0 + B)) sim_bad(S, "kv_reserve failed", 0, 0, p0 + B, -1);
        for (int l = 0; l < S->L; l++) {
            kv_pass_begin(&S->c, l, p0);
            for (int b = 0; b < B; b++)
                sim_store(S, l, p0 + b, K + ((size_t)l * S->maxpos + p0 + b) * kvd, V_ + ((size_t)l * S->maxpos + p0 + b) * kvd);
            for (int b = 0; V && b < B; b++)
                for (int h = 0; h < S->H; h++) visit(S, V, l, h, p0 + b);
            kv_pass_end(&S->c, l, p0 + B);
        }
        p0 += B;
    }
}

/* keys with the cases a group meets: a constant channel (step 0), outlier channels, a range of a few f16
 * steps, f16 subnormals, a negative-only channel, and tokens 20x larger */
static void gen_key(float *k, int hd, int t, int h) {
    float amp = t % 7 == 3 ? 20.0f : 1.0f;
    for (int d = 0; d < hd; d++) switch (d % 8) {
        case 0: k[d] = 0.75f + (float)h; break;
        case 1: k[d] = 8.0f * gauss(); break;
        case 2: k[d] = 2.0f + 1e-3f * gauss(); break;
        case 3: k[d] = 1e-5f * gauss(); break;
        case 4: k[d] = -3.0f - fabsf(gauss()); break;
        default: k[d] = amp * gauss();
        }
}
/* values: some dimensions larger, a zero vector, a one-hot one, tokens 300x larger */
static void gen_value(float *v, int hd, int t) {
    for (int d = 0; d < hd; d++) v[d] = gauss() * (d % 5 == 0 ? 4.0f : 1.0f) * (t % 13 == 4 ? 300.0f : 1.0f);
    if (t == 5) memset(v, 0, (size_t)hd * sizeof(float));
    if (t == 9) memset(v, 0, (size_t)hd * sizeof(float)), v[7] = 3.0f;
}
static void gen_data(float *K, float *V, float *Q, int L, int H, int hd, int maxpos) {
    for (int l = 0; l < L; l++)
        for (int t = 0; t < maxpos; t++)
            for (int h = 0; h < H; h++) {
                gen_key(K + (((size_t)l * maxpos + t) * H + h) * hd, hd, t, h);
                gen_value(V + (((size_t)l * maxpos + t) * H + h) * hd, hd, t);
            }
    for (size_t i = 0; i < (size_t)maxpos * ATT_G * hd; i++) Q[i] = 0.3f * gauss();
}

/* ================================================================ the tests */

/* float rounding against double, in units of vmax (1 + amax) (ref_err): 6e-8 at most on the native,
 * AVX2, scalar, NEON and emulated AVX-512 builds; a code, scale or position read wrong moves the output
 * by a step of the grid, 1e-2 or more */
static const double TOL = 1e-6;

typedef struct { double worst; char where[160]; long bad, ties, diffs, gdiffs, nref; char first_bad[200], diff_where[160]; } Tally;
static void tally_sim(Tally *T, const Sim *S) {
    if (S->bad && !T->bad) snprintf(T->first_bad, sizeof T->first_bad, "%s", S->first_bad);
    T->bad += S->bad, T->ties += S->ties;
}
static void tally_visit(Tally *T, const Visit *V) {
    if (V->worst > T->worst) T->worst = V->worst, snprintf(T->where, sizeof T->where, "%s", V->where);
    if (V->diffs && !T->diffs) snprintf(T->diff_where, sizeof T->diff_where, "%s", V->diff_where);
    T->diffs += V->diffs, T->gdiffs += V->gdiffs, T->nref += V->nref;
}

/* one pair (kt, vt) at head size hd over N positions: layer 0 keys kt, values vt; layer 1 the other way
 * round; 2 kv heads. A decodes (passes of 1, growing); B prompt passes of 3, 29, 1, 33, 7, 64 (growing),
 * C one pass of all N in a cache reserved in full: B and C bit for bit as A. */
static void pair_case(int kt, int vt, int hd, int N, int H, int sims, Tally *T) {
    const int L = 2, maxpos = (N + KG - 1) / KG * KG;
    int kts[2] = {kt, vt}, vts[2] = {vt, kt};
    size_t kvd = (size_t)H * hd;
    float *K = malloc(sizeof(float) * L * maxpos * kvd), *Vv = malloc(sizeof(float) * L * maxpos * kvd);
    float *Q = malloc(sizeof(float) * maxpos * ATT_G * hd);
    float *rec = malloc(sizeof(float) * (size_t)maxpos * L * H * 2 * ATT_G * hd);
    gen_data(K, Vv, Q, L, H, hd, maxpos);
    static const int one[] = {1}, mixed[] = {3, 29, 1, 33, 7, 64};
    const int all[] = {N};
    Memo *memo = memo_new(L, H, maxpos, hd);
    for (int s = 0; s < sims; s++) {
        Sim S;
        Visit V = {Q, rec, s > 0, s == 0, 0, "", 0, 0, 0, ""};
        int batch = s == 0 ? 1 : s == 1 ? 64 : N;
        if (sim_init(&S, L, H, hd, kts, vts, maxpos, batch, NULL)) {
            S.bad++, snprintf(S.first_bad, sizeof S.first_bad, "kvcache_init failed");
        } else {
            S.memo = memo;
            if (s == 2 && kv_reserve(&S.c, maxpos)) sim_bad(&S, "kv_reserve failed", 0, 0, maxpos, -1);
            sim_run(&S, &V, K, Vv, 0, N, s == 0 ? one : s == 1 ? mixed : all, s == 0 ? 1 : s == 1 ? 6 : 1, s < 2);
            sim_verify(&S, N);
        }
        tally_sim(T, &S);
        tally_visit(T, &V);
        sim_free(&S);
    }
    memo_free(memo);
    free(K), free(Vv), free(Q), free(rec);
}

static void report_pair(const char *what, int kt, int vt, const Tally *T) {
    char name[96], d[600];
    snprintf(name, sizeof name, "%s_%s_%s", what, hg_kv_type_name(kt), hg_kv_type_name(vt));
    snprintf(d, sizeof d, "worst error %.2e relative at %s; %ld reference checks", T->worst, T->where, T->nref);
    check(T->worst < TOL && T->nref > 0, name, d);
    snprintf(name, sizeof name, "%s_decode_vs_pass_%s_%s", what, hg_kv_type_name(kt), hg_kv_type_name(vt));
    snprintf(d, sizeof d, "%ld outputs differ from decode's (first: %s), %ld heads differ with their group size", T->diffs,
             T->diff_where, T->gdiffs);
    check(!T->diffs && !T->gdiffs, name, d);
    snprintf(name, sizeof name, "%s_stored_%s_%s", what, hg_kv_type_name(kt), hg_kv_type_name(vt));
    snprintf(d, sizeof d, "%ld stored elements differ from the definition (first: %s); %ld ties within rounding", T->bad,
             T->bad ? T->first_bad : "-", T->ties);
    check(!T->bad, name, d);
}

static void test_pairs(void) {
    for (int kt = 0; kt < HG_KV_COUNT; kt++)
        for (int vt = 0; vt < HG_KV_COUNT; vt++) {
            static const int hd_flat[] = {16, 32, 64, 72, 80, 128}, hd_higgs[] = {32, 64, 128};
            int higgs = is_higgs(kt) || is_higgs(vt);
            const int *hds = higgs ? hd_higgs : hd_flat;
            int nh = higgs ? 3 : 6;
            Tally T = {0};
            for (int i = 0; i < nh; i++)   /* in full at 64; elsewhere one kv head, decode against mixed passes */
                pair_case(kt, vt, hds[i], hds[i] == 64 ? 100 : 70, hds[i] == 64 ? 2 : 1, hds[i] == 64 ? 3 : 2, &T);
            report_pair("attend", kt, vt, &T);
        }
    /* the largest heads (hg_fwht's 256-float blocks on AVX-512): each HIGGS type as keys and as values */
    static const int big[][2] = {{HG_KV_Q5, HG_KV_Q4}, {HG_KV_Q4, HG_KV_Q3}, {HG_KV_Q3, HG_KV_Q5}};
    for (int i = 0; i < 3; i++) {
        Tally T = {0};
        for (int hd = 256; hd <= higgs_max_hd(); hd *= 2) pair_case(big[i][0], big[i][1], hd, 40, 1, 2, &T);
        report_pair("attend_hd256", big[i][0], big[i][1], &T);
    }
}

/* the HIGGS encoders called directly, head sizes 32..512, against the definitions: value codes and
 * scales, key codes and ranges, on random, edge and hand-made inputs */
static void test_encoders(void) {
    long bad = 0, ties = 0, n = 0;
    char first[160] = "";
    for (int hd = 32; hd <= higgs_max_hd(); hd *= 2)
        for (int t = HG_KV_Q5; t <= HG_KV_Q3; t++)
            for (int it = 0; it < 24; it++) {
                float x[MAXHD];
                for (int d = 0; d < hd; d++) x[d] = gauss() * (it % 3 == 1 ? 1e-3f : it % 3 == 2 ? 50.0f : 1.0f);
                if (it == 0) memset(x, 0, sizeof x);                   /* zero: scale 0, the points nearest the origin */
                if (it == 3) memset(x, 0, sizeof x), x[hd - 1] = -2.0f;  /* one-hot: every |r| alike */
                if (it == 6) for (int d = 0; d < hd; d++) x[d] = 1.0f; /* constant */
                unsigned char row[MAXHD];
                uint16_t s16 = kv_encode_value_rot(x, hd, kv_types[t].vgrid, row);
                int have[MAXHD], codes[MAXHD];
                for (int i = 0; i < v_ncodes(t, hd); i++) have[i] = ref_vcode(row, t, i);
                float s = ref_encode_value(x, hd, t, have, s16, codes, &ties);
                int ok = same_f16(s16, ref_f16(s));
                for (int i = 0; i < v_ncodes(t, hd); i++) ok &= have[i] == codes[i];
                n++;
                if (!ok && !bad++) snprintf(first, sizeof first, "%s values, hd %d, input %d", hg_kv_type_name(t), hd, it);
            }
    char d[400];
    snprintf(d, sizeof d, "%ld of %ld rotated values differ (first: %s); %ld codes were ties within rounding", bad, n, first, ties);
    check(!bad, "encode_value_rot_definition", d);

    bad = 0, n = 0;
    for (int hd = 32; hd <= higgs_max_hd(); hd *= 2)
        for (int bits = 3; bits <= 5; bits++)
            for (int it = 0; it < 6; it++) {
                static uint16_t x16[KG * MAXHD];
                static float rows[KG * MAXHD], lo[MAXHD], st[MAXHD];
                static unsigned char codes[KG * MAXHD];
                static uint32_t planes[MAXHD * 5];
                static uint16_t range[MAXHD * 2];
                for (int p = 0; p < KG; p++)
                    for (int c = 0; c < hd; c++) {
                        float v = gauss() * (c % 4 == 0 ? 1000.0f : c % 4 == 1 ? 1e-6f : 1.0f);
                        if (it == 1) v = (float)(p % 8) - 0.5f * (c % 3);      /* exact ties of (x - lo) / step */
                        if (it == 2) v = c % 2 ? 65504.0f * (p % 2 ? 1 : -1) : 5.0f;   /* the f16 extremes; constant */
                        if (it == 3) v = (float)((p * 7 + c) % 32) * 0.25f; /* every code of a uniform range */
                        x16[(size_t)p * hd + c] = hg_f32_to_f16(v);
                        rows[(size_t)p * hd + c] = ref_f16(v);
                    }
                kv_encode_key_group(x16, hd, bits, bits == 4, planes, range);
                ref_key_group(rows, hd, bits, lo, st, codes);
                int ok = 1;
                for (int c = 0; c < hd; c++) {
                    ok &= same_f16(range[c], lo[c]) && same_f16(range[hd + c], st[c]);
                    for (int p = 0; p < KG; p++) {
                        ok &= ref_kcode(planes, bits, c, p) == codes[(size_t)p * hd + c];
                        /* kv_key_group_value: lo + step * code, as a reopened group reads it */
                        ok &= kv_key_group_value(planes, range, bits, bits == 4, hd, c, p) == lo[c] + st[c] * (float)codes[(size_t)p * hd + c];
                    }
                }
                n++;
                if (!ok && !bad++) snprintf(first, sizeof first, "%d bits, hd %d, input %d", bits, hd, it);
            }
    snprintf(d, sizeof d, "%ld of %ld key groups differ (first: %s)", bad, n, first);
    check(!bad, "encode_key_group_definition", d);

    /* hand-made: bits 3, one channel 0..7 in steps of 1 with halves: ties to even */
    {
        uint16_t x16[KG * 32];
        uint32_t planes[32 * 3];
        uint16_t range[64];
        const float vals[8] = {0, 7, 2.5f, 3.5f, 0.5f, 1.5f, 6.49f, 4.51f};
        const int want[8] = {0, 7, 2, 4, 0, 2, 6, 5};
        for (int p = 0; p < KG; p++)
            for (int c = 0; c < 32; c++) x16[p * 32 + c] = hg_f32_to_f16(c == 0 ? vals[p % 8] : 1.0f);
        kv_encode_key_group(x16, 32, 3, 0, planes, range);
        int ok = ref_f16_value(range[0]) == 0 && ref_f16_value(range[32]) == 1 && ref_f16_value(range[1]) == 1 && ref_f16_value(range[33]) == 0;
        for (int p = 0; p < KG; p++) ok &= ref_kcode(planes, 3, 0, p) == want[p % 8] && ref_kcode(planes, 3, 1, p) == 0;
        check(ok, "encode_key_group_hand_cases", "range 0..7, step 1: halves to even; a constant channel: step 0, codes 0");
    }
}

/* q8's definition on edge inputs: a zero vector, exact halves (ties to even), the extremes; and on random
 * vectors, as docs/kv-cache.md defines it (round(x / s), s = max|x| / 127) */
static void test_q8_definition(void) {
    float x[8] = {0}, s;
    int8_t e[8];
    s = kv_encode_q8(x, 8, e);
    int ok = s == 0;
    for (int i = 0; i < 8; i++) ok &= e[i] == 0;
    float y[8] = {127, -127, 0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 63.5f};
    s = kv_encode_q8(y, 8, e);
    const int8_t want[8] = {127, -127, 0, 2, 2, 0, -2, 64};
    ok &= s == 1.0f && !memcmp(e, want, 8);
    check(ok, "q8_definition_zero_ties_extremes", "a zero vector, ties to even, the extremes");
    long bad = 0, ties = 0;
    for (int it = 0; it < 20000; it++) {
        float v[64];
        int8_t q[64];
        int r[64];
        for (int d = 0; d < 64; d++) v[d] = gauss() * (it % 2 ? 1e-3f : 10.0f);
        float ks = kv_encode_q8(v, 64, q), rs = ref_q8(v, 64, q, r, &ties);
        bad += ks != rs;
        for (int d = 0; d < 64; d++) bad += q[d] != r[d];
    }
    char d[160];
    snprintf(d, sizeof d, "%ld of 1280000 elements or scales differ from round(x / s); %ld ties within rounding", bad, ties);
    check(!bad, "q8_definition_random", d);
}

/* the library's small pieces against this file's: f16 rounding, the signs, the registry's sizes */
static void test_pieces(void) {
    long bad = 0;
    for (int i = 0; i < 200000; i++) {
        float v = gauss() * (float)ldexp(1.0, (int)(uniform() * 50) - 30);
        if (i < 65536) {
            uint16_t h = (uint16_t)i;
            bad += !same_f16(h, hg_f16_to_f32(h)) && ref_f16_value(h) == ref_f16_value(h);
            v = ref_f16_value(h);
        }
        bad += !same_f16(hg_f32_to_f16(v), ref_f16(v));
    }
    check(!bad, "f16_conversions", "hg_f32_to_f16 / hg_f16_to_f32 against this file's (every f16, 134464 floats)");
    int sbad = 0;
    for (int d = 0; d < MAXHD; d++) sbad += ref_sign(d) != hg_sign_negative(KV_SIGN_SEED, (uint64_t)d);
    check(!sbad, "value_signs", "hg_sign_negative(KV_SIGN_SEED, d) is splitmix64 of (seed << 32 | d / 64), bit d % 64");
    int fbad = 0, bbad = 0;
    for (int hd = 8; hd <= 1024; hd += 8)
        for (int t = 0; t < HG_KV_COUNT; t++) {
            int pow2 = (hd & (hd - 1)) == 0, want = !is_higgs(t) || (pow2 && hd >= 32 && hd <= HG_KV_MAX_HD);
            fbad += hg_kv_type_fits(t, hd) != want;
            double kb = t == HG_KV_F32 ? 32 : t == HG_KV_F16 ? 16 : t == HG_KV_Q8 ? 8 + 32.0 / hd : higgs_bits(t) + 32.0 / KG;
            double vb = t == HG_KV_F32 ? 32 : t == HG_KV_F16 ? 16 : t == HG_KV_Q8 ? 8 + 32.0 / hd : higgs_bits(t) + 16.0 / hd;
            bbad += fabs(hg_kv_type_bits(t, hd, 0) - kb) > 1e-12 || fabs(hg_kv_type_bits(t, hd, 1) - vb) > 1e-12;
        }
    char fd[120];
    snprintf(fd, sizeof fd, "HIGGS types: head sizes 32, 64, .. %d (HG_KV_MAX_HD); flat: any", HG_KV_MAX_HD);
    check(!fbad && HG_KV_MAX_HD >= 256, "kv_type_fits", fd);
    check(!bbad, "kv_type_bits", "keys: bits + 32 / KG (lo, step per channel and group), values: bits + 16 / hd (the f16 scale)");
}

/* an allocator that fails its fail_at-th call, and counts what is live */
typedef struct { long calls, fail_at, live; } Counting;
static void *count_alloc(void *u, size_t bytes) {
    Counting *c = (Counting *)u;
    if (++c->calls == c->fail_at) return NULL;
    void *p = aligned_alloc(64, bytes);
    if (p) c->live++;
    return p;
}
static void count_free(void *u, void *p) { ((Counting *)u)->live--, free(p); }

/* kv_reserve: a cache that grows as it fills gives what one reserved in full gives (pair_case's A and
 * C); growth in the middle of a pass leaves every query's output as it was; a growth past max_pos or
 * whose memory is not there fails and leaves the cache as it was, nothing leaked */
static void test_reserve(void) {
    const int L = 3, H = 2, hd = 64, N = 41, maxpos = 300;
    int kt[3] = {HG_KV_Q4, HG_KV_F16, HG_KV_Q8}, vt[3] = {HG_KV_Q3, HG_KV_Q5, HG_KV_F32};
    int mp = (maxpos + KG - 1) / KG * KG;
    size_t kvd = (size_t)H * hd;
    float *K = malloc(sizeof(float) * L * mp * kvd), *Vv = malloc(sizeof(float) * L * mp * kvd), *Q = malloc(sizeof(float) * mp * ATT_G * hd);
    float *rec = malloc(sizeof(float) * (size_t)mp * L * H * 2 * ATT_G * hd);
    gen_data(K, Vv, Q, L, H, hd, mp);
    long diffs = 0, bad = 0, kpos_bad = 0, leaks = 0, failures = 0;
    char first[200] = "";
    for (long k = 0; k < 200; k++) {   /* the growth's k-th allocation fails (0: none) */
        Counting cnt = {0, 0, 0};
        hg_allocator a = {count_alloc, count_free, &cnt};
        Sim S;
        if (sim_init(&S, L, H, hd, kt, vt, maxpos, N, &a) || kv_reserve(&S.c, N)) {
            sim_free(&S);
            bad++, snprintf(first, sizeof first, "init or the first reserve failed");
            break;
        }
        int kpos0 = S.c.kpos, r = 0;
        Visit V = {Q, rec, 0, 0, 0, "", 0, 0, 0, ""};
        for (int l = 0; l < L; l++) {   /* one pass of N positions, layer by layer as layer_forward runs it */
            kv_pass_begin(&S.c, l, 0);
            for (int b = 0; b < N; b++) sim_store(&S, l, b, K + ((size_t)l * mp + b) * kvd, Vv + ((size_t)l * mp + b) * kvd);
            V.compare = 0;
            for (int b = 0; b < N; b++)
                for (int h = 0; h < H; h++) visit(&S, &V, l, h, b);
            if (l == 0) {                 /* the cache grows (or fails to) in the middle of the pass */
                cnt.fail_at = k ? cnt.calls + k : 0;
                r = kv_reserve(&S.c, 200);
                cnt.fail_at = 0;
                failures += r != 0;
                kpos_bad += r ? S.c.kpos != kpos0 : S.c.kpos != 256;
                kpos_bad += kv_reserve(&S.c, mp + 1) != -1;   /* past max_pos */
            }
            V.compare = 1;
            for (int b = 0; b < N; b++)
                for (int h = 0; h < H; h++) visit(&S, &V, l, h, b);
            kv_pass_end(&S.c, l, N);
        }
        sim_verify(&S, N);
        diffs += V.diffs;
        if (S.bad && !bad) snprintf(first, sizeof first, "%s", S.first_bad);
        bad += S.bad;
        sim_free(&S);
        leaks += cnt.live != 0;
        if (k && !r) break;   /* the growth went through: each of its allocations has failed once */
    }
    char d[400];
    snprintf(d, sizeof d, "%ld outputs changed by growth, %ld wrong capacities, %ld stored elements differ (%s), %ld growths failed, "
             "%ld caches leaked", diffs, kpos_bad, bad, first, failures, leaks);
    check(!diffs && !kpos_bad && !bad && !leaks && failures > 0, "kv_reserve_growth_mid_pass_and_failures", d);

    /* the first growth failing: the empty cache as it was, nothing leaked */
    long f1 = 0, l1 = 0, ok1 = 0;
    for (long fail_at = 1; fail_at < 100; fail_at++) {
        Counting cnt = {0, 0, 0};
        hg_allocator a = {count_alloc, count_free, &cnt};
        Sim S;
        if (sim_init(&S, L, H, hd, kt, vt, maxpos, 8, &a)) { sim_free(&S); continue; }
        cnt.fail_at = cnt.calls + fail_at;
        int r = kv_reserve(&S.c, 10);
        f1 += r != 0;
        ok1 += r ? S.c.kpos == 0 : S.c.kpos == KG;
        int done = !r;
        sim_free(&S);
        l1 += cnt.live != 0;
        if (done) break;
    }
    snprintf(d, sizeof d, "%ld first growths failed, %ld capacities right, %ld caches leaked", f1, ok1, l1);
    check(f1 > 0 && ok1 == f1 + 1 && !l1, "kv_reserve_first_growth_failures", d);
    free(K), free(Vv), free(Q), free(rec);
}

/* rewinds and prefix copies: X holds 80 positions; Y gets its first n by kv_copy_prefix, X rewinds to n
 * (kv_reopen); the open rows of n's group, where that group had closed, are its codes decoded and
 * rounded to f16; then both go on with other tokens (X decoding, Y in passes): bit for bit alike, and
 * against the reference */
static void test_rewind(int kt, int vt, int hd, Tally *T) {
    const int L = 2, H = 1, past = 80, N2 = 100, mp = (N2 + KG - 1) / KG * KG;   /* (mp: the Sims' maxpos) */
    int kts[2] = {kt, vt}, vts[2] = {vt, kt};
    size_t kvd = (size_t)H * hd;
    float *K = malloc(sizeof(float) * L * mp * kvd), *Vv = malloc(sizeof(float) * L * mp * kvd), *Q = malloc(sizeof(float) * mp * ATT_G * hd);
    float *K2 = malloc(sizeof(float) * L * mp * kvd), *V2 = malloc(sizeof(float) * L * mp * kvd);
    float *rec = malloc(sizeof(float) * (size_t)mp * L * H * 2 * ATT_G * hd);
    gen_data(K, Vv, Q, L, H, hd, mp);
    gen_data(K2, V2, Q, L, H, hd, mp);
    static const int ns[] = {70, 64, 40, 20, 1};
    static const int one[] = {1}, some[] = {9, 30, 2, 64}, prompt[] = {17, 40, 23};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        int n = ns[i];
        Sim X, Y;
        if (sim_init(&X, L, H, hd, kts, vts, N2, 64, NULL) | sim_init(&Y, L, H, hd, kts, vts, N2, 64, NULL)) {
            T->bad++;
            sim_free(&X), sim_free(&Y);
            continue;
        }
        sim_run(&X, NULL, K, Vv, 0, past, prompt, 3, 1);
        if (kv_reserve(&Y.c, n)) T->bad++;
        kv_copy_prefix(&Y.c, &X.c, n, past);
        sim_copy_ref(&Y, &X);
        kv_reopen(&X.c, &X.c, n, past);
        sim_reopen_ref(&X, n, past);
        sim_reopen_ref(&Y, n, past);
        sim_verify(&X, n);
        sim_verify(&Y, n);
        Visit VX = {Q, rec, 0, 1, 0, "", 0, 0, 0, ""}, VY = {Q, rec, 1, 0, 0, "", 0, 0, 0, ""};
        sim_run(&X, &VX, K2, V2, n, N2, one, 1, 1);
        sim_run(&Y, &VY, K2, V2, n, N2, some, 4, 1);
        sim_verify(&X, N2), sim_verify(&Y, N2);
        tally_sim(T, &X), tally_sim(T, &Y);
        tally_visit(T, &VX), tally_visit(T, &VY);
        sim_free(&X), sim_free(&Y);
    }
    free(K), free(Vv), free(Q), free(K2), free(V2), free(rec);
}

static void test_rewinds(void) {
    /* each HIGGS type as keys with a flat and a HIGGS type as values (and, layer 1, the other way round),
     * and the flat types alone */
    static const int pairs[][2] = {{HG_KV_Q5, HG_KV_F16}, {HG_KV_Q4, HG_KV_Q3}, {HG_KV_Q3, HG_KV_Q8}, {HG_KV_Q4, HG_KV_F32},
                                   {HG_KV_Q5, HG_KV_Q5}, {HG_KV_Q3, HG_KV_Q4}, {HG_KV_F32, HG_KV_F32}, {HG_KV_F16, HG_KV_F16},
                                   {HG_KV_Q8, HG_KV_Q8}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        Tally T = {0};
        test_rewind(pairs[i][0], pairs[i][1], 64, &T);
        report_pair("rewind", pairs[i][0], pairs[i][1], &T);
    }
}

/* the reference of a query at t over [t0, t] split into spans of ATT_SPAN positions as forward.h
 * splits them, each span's output weighted by its sum times e^(its maximum - the largest), in double.
 * Rotated values round their weights to bf16 within each span (against the span's own maximum), so
 * their definition is per span; for the other types this is the whole range's softmax. */
static double ref_err_spans(const Sim *S, int t, int t0, const float *q, const float *got) {
    int hd = S->hd, n_spans = (t + 1 + ATT_SPAN - 1) / ATT_SPAN;
    double want[MAXHD] = {0}, part[MAXHD], slack = 0, mx = -INFINITY, total = 0, scale = 0;
    RefSpan r[8];
    if (n_spans > 8) return 1e300;
    for (int sp = 0; sp < n_spans; sp++) {
        int a = sp * ATT_SPAN < t0 ? t0 : sp * ATT_SPAN, end = t + 1 < (sp + 1) * ATT_SPAN ? t + 1 : (sp + 1) * ATT_SPAN;
        r[sp].sum = 0;
        if (a >= end) continue;
        ref_attend(S, 0, 0, t, a, end, q, part, &r[sp]);
        mx = r[sp].mx > mx ? r[sp].mx : mx;
    }
    for (int sp = 0; sp < n_spans; sp++) {
        int a = sp * ATT_SPAN < t0 ? t0 : sp * ATT_SPAN, end = t + 1 < (sp + 1) * ATT_SPAN ? t + 1 : (sp + 1) * ATT_SPAN;
        if (a >= end) continue;
        double s = ref_attend(S, 0, 0, t, a, end, q, part, &r[sp]), w = r[sp].sum * exp(r[sp].mx - mx);
        for (int d = 0; d < hd; d++) want[d] += w * part[d];
        slack += w * s, total += w;
        scale = r[sp].scale > scale ? r[sp].scale : scale;
    }
    for (int d = 0; d < hd; d++) want[d] /= total;
    return ref_worst(want, got, hd, slack / total, scale);
}

/* a cache longer than ATT_SPAN positions: each span's attend_span (its maximum and sum) and attend_combine,
 * as forward.h's attention splits it (spans of fixed positions; a window clips the first), against the
 * reference over the whole range; and with one span, attend_span as attend, bit for bit */
static void test_spans(void) {
    static const int pairs[][2] = {{HG_KV_Q4, HG_KV_Q3}, {HG_KV_Q8, HG_KV_Q5}, {HG_KV_F32, HG_KV_F16}};
    const int hd = 64, N = 2 * ATT_SPAN + 76, mp = (N + KG - 1) / KG * KG;
    static const int queries[] = {ATT_SPAN - 1, ATT_SPAN, ATT_SPAN + 40, 2 * ATT_SPAN - 1, 2 * ATT_SPAN, 2 * ATT_SPAN + 75};
    static const int wins[] = {0, 37, ATT_SPAN + 100};
    for (size_t pi = 0; pi < sizeof pairs / sizeof pairs[0]; pi++) {
        int kt = pairs[pi][0], vt = pairs[pi][1];
        float *K = malloc(sizeof(float) * mp * hd), *Vv = malloc(sizeof(float) * mp * hd), *Q = malloc(sizeof(float) * mp * ATT_G * hd);
        float *spans = malloc(sizeof(float) * ATT_G * 4 * (hd + 2));
        gen_data(K, Vv, Q, 1, 1, hd, mp);
        Sim S;
        double worst = 0;
        char where[120] = "";
        long nref = 0, same_bad = 0;
        if (sim_init(&S, 1, 1, hd, &kt, &vt, mp, 64, NULL) || kv_reserve(&S.c, mp)) {
            sim_bad(&S, "init", 0, 0, 0, -1);
        } else
            for (int p0 = 0; p0 < N; p0 += 64) {
                int B = N - p0 < 64 ? N - p0 : 64;
                kv_pass_begin(&S.c, 0, p0);
                for (int b = 0; b < B; b++) sim_store(&S, 0, p0 + b, K + (size_t)(p0 + b) * hd, Vv + (size_t)(p0 + b) * hd);
                for (size_t qi = 0; qi < sizeof queries / sizeof queries[0]; qi++) {
                    int t = queries[qi];
                    if (t < p0 || t >= p0 + B) continue;
                    for (int g = 0; g < ATT_G; g++) vq[g] = Q + ((size_t)t * ATT_G + g) * hd;
                    KVHead hh = kv_head(&S.c, 0, 0, t);
                    for (size_t wi = 0; wi < sizeof wins / sizeof wins[0]; wi++) {
                        int w = wins[wi], t0 = w && t + 1 > w ? t + 1 - w : 0, n_spans = (t + 1 + ATT_SPAN - 1) / ATT_SPAN;
                        for (int sp = 0; sp < n_spans; sp++) {   /* as forward.h's attention_task */
                            int a = sp * ATT_SPAN, end = t + 1 < a + ATT_SPAN ? t + 1 : a + ATT_SPAN;
                            a = a < t0 ? t0 : a;
                            float *o[ATT_G], ml[2 * ATT_G];
                            for (int g = 0; g < ATT_G; g++) o[g] = spans + ((size_t)g * 4 + sp) * (hd + 2);
                            if (a >= end) {
                                for (int g = 0; g < ATT_G; g++) o[g][hd] = o[g][hd + 1] = 0;
                                continue;
                            }
                            attend_span(o, S.att, (const float *const *)vq, ATT_G, &hh, hd, a, end, ml);
                            for (int g = 0; g < ATT_G; g++) o[g][hd] = ml[2 * g], o[g][hd + 1] = ml[2 * g + 1];
                        }
                        for (int g = 0; g < ATT_G; g++) {
                            attend_combine(vout[g], spans + (size_t)g * 4 * (hd + 2), n_spans, hd);
                            attend_output(vout[g], hh.vgrid != KV_GRID_NONE, hd);
                            double e = ref_err_spans(&S, t, t0, vq[g], vout[g]);
                            nref++;
                            if (e > worst) worst = e, snprintf(where, sizeof where, "query %d, t0 %d", t, t0);
                        }
                        if (n_spans == 1) {   /* one span: attend itself */
                            attend(vone, S.att, (const float *const *)vq, ATT_G, &hh, hd, t0, t + 1);
                            for (int g = 0; g < ATT_G; g++) {   /* the span's output, rotated back as attend does */
                                float one[MAXHD];
                                memcpy(one, spans + (size_t)g * 4 * (hd + 2), (size_t)hd * 4);
                                attend_output(one, hh.vgrid != KV_GRID_NONE, hd);
                                same_bad += memcmp(vone[g], one, (size_t)hd * 4) != 0;
                            }
                        }
                    }
                }
                kv_pass_end(&S.c, 0, p0 + B);
            }
        char name[64], d[600];
        snprintf(name, sizeof name, "attend_spans_%s_%s", hg_kv_type_name(kt), hg_kv_type_name(vt));
        snprintf(d, sizeof d, "worst error %.2e at %s (%ld checks); one span differs from attend: %ld; stored elements differ: %ld (%s)",
                 worst, where, nref, same_bad, S.bad, S.bad ? S.first_bad : "-");
        check(worst < TOL && nref > 0 && !same_bad && !S.bad, name, d);
        sim_free(&S);
        free(K), free(Vv), free(Q), free(spans);
    }
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(void) {
    printf("kernels: %s\n", hg_simd_name());
    double t0 = now();
    ref_points_init();
    for (int g = 0; g < ATT_G; g++) vout[g] = calloc(MAXHD, sizeof(float)), vone[g] = calloc(MAXHD, sizeof(float));
    test_pieces();
    test_q8_definition();
    test_encoders();
    test_reserve();
    double t1 = now();
    test_pairs();
    double t2 = now();
    test_rewinds();
    double t3 = now();
    test_spans();
    printf("(seconds: definitions and growth %.1f, pairs %.1f, rewinds %.1f, spans %.1f)\n", t1 - t0, t2 - t1, t3 - t2, now() - t3);
    for (int g = 0; g < ATT_G; g++) free(vout[g]), free(vone[g]);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
