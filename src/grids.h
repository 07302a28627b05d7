/* higgs.c implementation part: grids at run time: NF4/AF4/uniform levels, sign expansion, int8 tables, hg_qinfo_get.
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* ------------------------------------------------------ quantized tensors */

/* NF4 (QLoRA) and AF4 levels: constants published with those methods */
static const float hg_nf4_levels[16] = {
    -1.0f, -0.6961928009986877f, -0.5250730514526367f, -0.39491748809814453f, -0.28444138169288635f,
    -0.18477343022823334f, -0.09105003625154495f, 0.0f, 0.07958029955625534f, 0.16093020141124725f,
    0.24611230194568634f, 0.33791524171829224f, 0.44070982933044434f, 0.5626170039176941f,
    0.7229568362236023f, 1.0f};
static const float hg_af4_levels[16] = {
    -1.0f, -0.69441008f, -0.51243739f, -0.3736951f, -0.25607552f, -0.14982478f, -0.04934812f, 0.0f,
    0.04273164f, 0.12934483f, 0.21961274f, 0.31675666f, 0.42563882f, 0.55496234f, 0.72424863f, 1.0f};
static float hg_rtn_levels[9][256];   /* [bits]: c - 2^(bits-1) */
/* The uniform 256-level grid of HG_GRID_UNIFORM: the step that minimizes E (X - Q(X))^2 for X ~
 * N(0, 1) over the levels (c - 128) * step, and that MSE, both by exact integrals (tools/gen_grids.py
 * --uniform prints them). Twice the MSE of the 256-level Gaussian grid, seven times below the
 * 64-level one's, and the int8 kernels multiply the codes as they are (the RTN 8-bit ones). */
#define HG_GRID_P1_N256U_STEP 0.0307655782f
#define HG_GRID_P1_N256U_MSE 8.7706922e-05
static float hg_grid_p1_n256u[256];
/* RTN 8-bit as int8 weights, k = c - 128 (ku = c, the unsigned operand of VNNI products), and the
 * uniform 8-bit grid with the same k, whose levels are k * HG_GRID_P1_N256U_STEP */
static hg_grid8 hg_grid8_rtn8, hg_grid8_uniform;   /* filled by hg_rtn_tables_fill (zero here: not in the binary) */

#ifndef HG_NO_THREADS
static pthread_mutex_t hg_grid_sign_mu = PTHREAD_MUTEX_INITIALIZER;
#endif
/* a sign-symmetric grid from its magnitudes, once: point c is magnitude row c & (2^mag_bits - 1) with
 * coordinate d negated when bit mag_bits + d of c is set */
static void hg_grid_expand_signs(const float *mags, int p, int n, int mag_bits, float *out, int *done) {
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_grid_sign_mu);
#endif
    for (int c = 0; !*done && c < n; c++)
        for (int d = 0; d < p; d++) {
            float a = mags[p * (c & ((1 << mag_bits) - 1)) + d];
            out[p * c + d] = c >> (mag_bits + d) & 1 ? -a : a;
        }
    *done = 1;
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_grid_sign_mu);
#endif
}

/* the RTN tables, once, under the lock: tensors may be opened from several threads at once, and
 * none may see a table half filled */
static void hg_rtn_tables_fill(void) {
    static int done;
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_grid_sign_mu);
#endif
    if (!done) {
        for (int bits = 2; bits <= 8; bits++)
            for (int c = 0; c < 1 << bits; c++) hg_rtn_levels[bits][c] = (float)(c - (1 << (bits - 1)));
        for (int c = 0; c < 256; c++) {
            hg_grid8_rtn8.k[c] = hg_grid8_uniform.k[c] = (int8_t)(c - 128);
            hg_grid8_rtn8.ku[c] = hg_grid8_uniform.ku[c] = (uint8_t)c;
        }
        hg_grid8_rtn8.p = hg_grid8_uniform.p = 1;
        hg_grid8_rtn8.n = hg_grid8_uniform.n = 256;
        hg_grid8_uniform.variant = HG_GRID_UNIFORM;
        hg_grid8_rtn8.inv = 1.0f;
        hg_grid8_uniform.inv = HG_GRID_P1_N256U_STEP;
        hg_grid8_rtn8.ready = hg_grid8_uniform.ready = 1;
        for (int c = 0; c < 256; c++) hg_grid_p1_n256u[c] = (float)(c - 128) * HG_GRID_P1_N256U_STEP;
        done = 1;
    }
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_grid_sign_mu);
#endif
}


const float *hg_grid_variant(int p, int n, int variant, double *mse_per_dim) {
    if (variant == HG_GRID_FREE) return hg_grid(p, n, mse_per_dim);
    if (variant == HG_GRID_UNIFORM) {
        if (p != 1 || n != 256) return NULL;
        hg_rtn_tables_fill();         /* fills hg_grid_p1_n256u too, under the lock */
        if (mse_per_dim) *mse_per_dim = HG_GRID_P1_N256U_MSE;
        return hg_grid_p1_n256u;
    }
    if (variant == HG_GRID_BLOCKS) {
        static int doneb, done64b;
        if (p != 2 || (n != 256 && n != 64)) return NULL;
#ifndef HG_NO_THREADS
        pthread_mutex_lock(&hg_grid_sign_mu);   /* the magnitudes once, as hg_grid_expand_signs does the points */
#endif
        for (int m = 0; !doneb && m < 64; m++) {
            hg_grid_p2_n256b_abs[2 * m] = HG_GRID_P2_N256B_X[m & 15];
            hg_grid_p2_n256b_abs[2 * m + 1] = HG_GRID_P2_N256B_Y[m >> 2];
        }
        for (int c = 0; !done64b && c < 64; c++) {
            hg_grid_p2_n64b[2 * c] = HG_GRID_P2_N64B_X[c & 15];
            hg_grid_p2_n64b[2 * c + 1] = HG_GRID_P2_N64B_Y[c >> 2];
        }
        done64b = 1;
#ifndef HG_NO_THREADS
        pthread_mutex_unlock(&hg_grid_sign_mu);
#endif
        if (n == 64) {
            if (mse_per_dim) *mse_per_dim = HG_GRID_P2_N64B_MSE;
            return hg_grid_p2_n64b;
        }
        hg_grid_expand_signs(hg_grid_p2_n256b_abs, 2, 256, 6, hg_grid_p2_n256b, &doneb);
        if (mse_per_dim) *mse_per_dim = HG_GRID_P2_N256B_MSE;
        return hg_grid_p2_n256b;
    }
    if (variant == HG_GRID_SIGNSYM && p == 1 && (n == 64 || n == 32)) {   /* the free levels in sign-magnitude order */
        static float pts64[64], pts32[32];
        static int done64, done32;
        const float *levels = hg_grid(1, n, mse_per_dim);   /* ascending and antisymmetric: n/2.. are the magnitudes */
        hg_grid_expand_signs(levels + n / 2, 1, n, n == 64 ? 5 : 4, n == 64 ? pts64 : pts32, n == 64 ? &done64 : &done32);
        return n == 64 ? pts64 : pts32;
    }
    if (variant == HG_GRID_SIGNSYM && p == 4 && n == 4096) {
        static int done4p;
        hg_grid_expand_signs(HG_GRID_P4_N4096P_ABS, 4, 4096, 8, hg_grid_p4_n4096p, &done4p);
        if (mse_per_dim) *mse_per_dim = HG_GRID_P4_N4096P_MSE;
        return hg_grid_p4_n4096p;
    }
    if (variant != HG_GRID_SIGNSYM || p != 2 || (n != 256 && n != 64)) return NULL;
    static int done, done64;
    if (n == 64) {
        hg_grid_expand_signs(HG_GRID_P2_N64S_ABS, 2, 64, 4, hg_grid_p2_n64s, &done64);
        if (mse_per_dim) *mse_per_dim = HG_GRID_P2_N64S_MSE;
        return hg_grid_p2_n64s;
    }
    hg_grid_expand_signs(HG_GRID_P2_N256S_ABS, 2, 256, 6, hg_grid_p2_n256s, &done);
    if (mse_per_dim) *mse_per_dim = HG_GRID_P2_N256S_MSE;
    return hg_grid_p2_n256s;
}

const float *hg_grid(int p, int n, double *mse_per_dim) {
    static int done4;
    if (p == 4 && n == 4096) hg_grid_expand_signs(HG_GRID_P4_N4096_ABS, 4, 4096, 8, hg_grid_p4_n4096, &done4);
    const size_t n1 = sizeof hg_grid_table / sizeof hg_grid_table[0], n4 = sizeof hg_grid4_table / sizeof hg_grid4_table[0];
    for (size_t i = 0; i < n1 + n4; i++) {
        const hg_grid_info *g = i < n1 ? &hg_grid_table[i] : &hg_grid4_table[i - n1];
        if (g->p == p && g->n == n) {
            if (mse_per_dim) *mse_per_dim = g->mse_per_dim;
            return g->points;
        }
    }
    return NULL;
}

#define HG_N64_MAX_COLS 32768
/* hg_grid8's tables for the VBMI kernels on planar codes (hg_codes64_avx512 builds the index nibble |
 * high bits << 4): k + 128 by that index. For 6-bit codes (HG_PLANAR_P2B6) the high bits are e, and
 * code = nibble | (e ^ (nibble & 3)) << 4 is folded into the table; for p=1 5-bit (HG_PLANAR_P1B5) they
 * are the sign and the index is the code (bit 5, not masked, meets the 32 levels repeated). */
static void hg_grid8_planar_vbmi(hg_grid8 *g, int layout) {
    for (int t = 0; t < 64; t++) {
        const int nib = t & 15, c = layout == HG_PLANAR_P1B5 ? t & 31 : (nib | ((t >> 4 & 3) ^ (nib & 3)) << 4);
        g->vbmi_pl_kux[t] = g->p == 1 ? g->ku[c] : g->kux[c];
        g->vbmi_pl_kuy[t] = g->p == 1 ? g->ku[c] : g->kuy[c];
    }
}

/* the int8 version of a grid (struct hg_grid8 in higgs.h: its tables and their shapes), built once. Its
 * k are the grid integers: the int8 weight values every int8 kernel multiplies and decode8 writes for a
 * row ("a row's k"); not q->k, a tensor's kernel entries (struct hg_kernels, src/select.h) */
/* The int8 path (hg_act8) on every build: p=1 16 and 64 levels and the uniform 256 (whose k are the
 * codes), p=2 256 and 64 points.
 * Where AVX-512 VNNI + VBMI are built, also the grids whose codes are 2, 3, 5
 * (p=1) or 4 bits (p=2, 16 points): vpmultishiftqb unpacks them; elsewhere
 * those keep the float kernels, whose results differ from the int8 path's by
 * the int8 rounding (hg_act8_grids, src/select.h, lists from the kernel tables the
 * formats a build runs as int8).
 * p=1 64 levels: k = round(level * 127 / max level) moves a level by up to 0.013 (of the
 * block's RMS), which adds about 9% to the grid's MSE; the Gaussian 256-level grid would
 * more than double its own, so it stays float (its uniform variant is the fast 8-bit). */
#define HG_GRID8_COUNT 18
static hg_grid8 hg_grid8_tab[HG_GRID8_COUNT] = {
    {.p = 1, .n = 16}, {.p = 2, .n = 256}, {.p = 2, .n = 64},   {.p = 1, .n = 4},    {.p = 1, .n = 8},
    {.p = 1, .n = 32}, {.p = 2, .n = 16},  {.p = 4, .n = 256},  {.p = 4, .n = 1024}, {.p = 4, .n = 4096},
    {.p = 2, .n = 256, .variant = HG_GRID_SIGNSYM}, {.p = 2, .n = 64, .variant = HG_GRID_SIGNSYM}, {.p = 1, .n = 64},
    {.p = 2, .n = 256, .variant = HG_GRID_BLOCKS}, {.p = 2, .n = 64, .variant = HG_GRID_BLOCKS},
    {.p = 4, .n = 4096, .variant = HG_GRID_SIGNSYM}, {.p = 1, .n = 64, .variant = HG_GRID_SIGNSYM},
    {.p = 1, .n = 32, .variant = HG_GRID_SIGNSYM}};
#ifndef HG_NO_THREADS
static pthread_mutex_t hg_grid8_mu = PTHREAD_MUTEX_INITIALIZER;
#endif
static const hg_grid8 *hg_grid8_get(int p, int n, int variant) {
    hg_grid8 *g = NULL;
    for (int i = 0; i < HG_GRID8_COUNT; i++)
        if (hg_grid8_tab[i].p == p && hg_grid8_tab[i].n == n && hg_grid8_tab[i].variant == variant) g = &hg_grid8_tab[i];
    const float *pts = hg_grid_variant(p, n, variant, NULL);
    if (!g || !pts) return NULL;
#ifndef HG_NO_THREADS
    pthread_mutex_lock(&hg_grid8_mu);
#endif
    if (!g->ready) {
        float m = 0;
        for (int i = 0; i < n * p; i++) m = fmaxf(m, fabsf(pts[i]));
        /* the 64-point block grid on |k| <= 63: k + 64 is an unsigned byte for vpmaddubsw (AVX2), and
         * the step of 1/63 of the largest coordinate adds about 0.4% to that grid's MSE */
        const int blocks64 = variant == HG_GRID_BLOCKS && n == 64;
        float S = (blocks64 ? 63.0f : 127.0f) / m;
        for (int i = 0; i < n * p; i++) {
            long k = lrintf(pts[i] * S);
            k = k > 127 ? 127 : k < -127 ? -127 : k;
            g->k[i] = (int8_t)k;
            g->ku[i] = (uint8_t)(k + 128);
        }
        for (int i = 0; p == 2 && i < n; i++) {
            g->kx[i] = g->k[2 * i];
            g->ky[i] = g->k[2 * i + 1];
            g->kux[i] = g->ku[2 * i];
            g->kuy[i] = g->ku[2 * i + 1];
            g->kxy16[i] = (int32_t)((uint32_t)(uint16_t)(int16_t)g->kx[i] | (uint32_t)(uint16_t)(int16_t)g->ky[i] << 16);
        }
        for (int i = 0; p == 4 && n == 256 && i < n; i++)
            for (int d = 0; d < 4; d++) g->kuc[d][i] = g->ku[4 * i + d];
        /* sign-symmetric: n / 2^p magnitude points, the sign bits above their index bits */
        g->sym = (p == 4 && n == 4096) || (p == 2 && (variant == HG_GRID_SIGNSYM || (variant == HG_GRID_BLOCKS && n == 256)));
        const int mag_bits = p == 4 ? 8 : n == 64 ? 4 : 6, mags = 1 << mag_bits;
        for (int c = 0; g->sym && c < n; c++)
            for (int d = 0; d < p; d++) {
                int a = g->k[p * (c & (mags - 1)) + d];
                g->sym &= a >= 0 && g->k[p * c + d] == (c >> (mag_bits + d) & 1 ? -a : a);
            }
        for (int i = 0; g->sym && i < mags; i++)
            for (int d = 0; d < p; d++) g->kabs[d][i] = (uint8_t)g->k[p * i + d];
        for (int i = 0; g->sym && p == 4 && i < 256; i++)
            g->kabsw[i] = (uint32_t)g->kabs[0][i] | (uint32_t)g->kabs[1][i] << 8 | (uint32_t)g->kabs[2][i] << 16 |
                          (uint32_t)g->kabs[3][i] << 24;
        g->paired = g->sym && p == 4;
        for (int i = 0; g->paired && i < 128; i++)
            for (int d = 0; d < 4; d++) g->paired &= g->kabs[d][i + 128] == g->kabs[d ^ 1][i];
        for (int t = 0; variant == HG_GRID_BLOCKS && n == 256 && t < 16; t++) g->blk_ky[t] = g->kabs[1][4 * t];
        for (int t = 0; blocks64 && t < 16; t++) {   /* point t has X[t], point 4t has Y[t] */
            g->blk_ku[0][t] = (uint8_t)(g->k[2 * t] + 64);
            g->blk_ku[1][t] = (uint8_t)(g->k[2 * (4 * t) + 1] + 64);
        }
        for (int t = 0; blocks64 && t < 16; t++) g->blk_ku[2][t] = g->blk_ku[1][(t >> 2) | (t & 3) << 2];
        for (int i = 0; p == 4 && i < n; i++) {
            g->kw[i] = (uint32_t)(uint8_t)g->k[4 * i] | (uint32_t)(uint8_t)g->k[4 * i + 1] << 8 |
                       (uint32_t)(uint8_t)g->k[4 * i + 2] << 16 | (uint32_t)(uint8_t)g->k[4 * i + 3] << 24;
            g->kuw[i] = (uint32_t)g->ku[4 * i] | (uint32_t)g->ku[4 * i + 1] << 8 | (uint32_t)g->ku[4 * i + 2] << 16 |
                        (uint32_t)g->ku[4 * i + 3] << 24;
        }
        int bits = 0;
        while ((1 << bits) < n) bits++;
        for (int i = 0; i < 64 && p <= 2; i++) {
            g->vbmi_kux[i] = p == 1 ? g->ku[i % n] : g->kux[i % n];
            g->vbmi_kuy[i] = p == 1 ? g->ku[i % n] : g->kuy[i % n];
            int lane = i / 8, j = i % 8;
            g->vbmi_spread[i] = (uint8_t)(bits * lane + (j < bits ? j : 0));   /* byte j of lane <- code byte bits * lane + j */
            g->vbmi_shift[i] = (uint8_t)(bits * j);                              /* code j of the lane at bit bits * j */
        }
        if (p <= 2 && (n == 64 || (p == 1 && n == 32))) hg_grid8_planar_vbmi(g, n == 32 ? HG_PLANAR_P1B5 : HG_PLANAR_P2B6);
        g->inv = 1.0f / S;
        g->ready = 1;
    }
#ifndef HG_NO_THREADS
    pthread_mutex_unlock(&hg_grid8_mu);
#endif
    return g;
}

int hg_is_quantized(uint32_t type) { return type == HG_HIGGS || type == HG_RTN || type == HG_NF4 || type == HG_AF4; }

static int hg_pow2(uint64_t v) { return v && !(v & (v - 1)); }

static void hg_kernels_select(hg_qinfo *q);   /* "kernel selection", below the kernels */

int hg_qinfo_get(uint32_t type, const uint32_t params[4], uint64_t cols, hg_qinfo *q) {
    memset(q, 0, sizeof *q);
    q->type = type;
    q->p = (int)(params[0] & 0xFFu);
    q->bits = (int)params[1];
    q->group = (int)params[2];
    q->hadamard = (int)(params[3] & 0xFFFFu);
    q->had_m = (int)(params[3] >> 16 & 0xFFu);
    q->sign_seed = (int)(params[3] >> 24);
    q->choice_bits = (int)(params[0] >> 16);   /* hg_format_of: 0 or, for rot_choice rows, 1..4 */
    q->choices = 1 << (q->choice_bits & 15);
    q->choice_mask = (uint32_t)q->choices - 1;
    if ((q->sign_seed || q->had_m) && type != HG_HIGGS) return -1;
    if (!q->had_m) q->had_m = 1;
    int id = hg_format_of(type, params);      /* the one place a file's variant field is decoded */
    if (id < 0) return -1;
    q->fmt = &hg_formats[id];
    q->variant = q->fmt->grid;
    q->planar = q->fmt->layout;
    if (q->group % q->fmt->block_multiple) return -1;   /* planar codes: whole chunks per block */
    if (q->group < 16 || q->group > 32768 || q->group % q->p) return -1;
    if (q->choice_bits && q->group > HG_CHOICE_MAX_BLOCK) return -1;
    if (q->had_m == 1 ? !hg_pow2((uint64_t)q->group) : q->group % 32 || q->group % q->had_m || !hg_pow2((uint64_t)(q->group / q->had_m)))
        return -1;
    q->n = 1 << q->bits;
    switch (type) {
    case HG_HIGGS:
        if (q->hadamard != q->group) return -1;
        if (q->had_m > 1 && !(q->had_base = hg_hadamard_base(q->had_m))) return -1;
        q->codebook = hg_grid_variant(q->p, q->n, q->variant, &q->mse_per_dim);
        if (q->variant == HG_GRID_UNIFORM) {   /* level (c - 128) * step: the RTN 8-bit int8 path, scaled */
            q->g8 = &hg_grid8_uniform;
        } else {
            q->g8 = hg_grid8_get(q->p, q->n, q->variant);
        }
        break;
    case HG_RTN:
        if (q->p != 1 || q->bits < 2 || q->bits > 8 || q->hadamard) return -1;
        hg_rtn_tables_fill();
        q->codebook = hg_rtn_levels[q->bits];
        if (q->bits == 8) {           /* the levels are the int8 values themselves: the int8 activation path */
            q->g8 = &hg_grid8_rtn8;
        }
        break;
    case HG_NF4: case HG_AF4:
        if (q->p != 1 || q->bits != 4 || q->hadamard) return -1;
        q->codebook = type == HG_NF4 ? hg_nf4_levels : hg_af4_levels;
        break;
    }
    if (!q->codebook) return -1;
    q->levels = q->p == 1 && q->variant == HG_GRID_SIGNSYM ? hg_grid(1, q->n, NULL) : q->codebook;
    q->cols = cols;
    q->cols_pad = (cols + (uint64_t)q->group - 1) / (uint64_t)q->group * (uint64_t)q->group;
    q->groups = q->cols_pad / (uint64_t)q->group;
    if ((q->cols_pad / (uint64_t)q->p * (uint64_t)q->bits) % 8) return -1;
    q->row_code_bytes = q->cols_pad / (uint64_t)q->p * (uint64_t)q->bits / 8;
    hg_kernels_select(q);
    return 0;
}

static uint64_t hg_qtensor_bytes(uint32_t type, const uint32_t params[4], uint64_t rows, uint64_t cols) {
    hg_qinfo q;
    if (hg_qinfo_get(type, params, cols, &q)) return 0;
    if (rows > (1ull << 32) || q.groups > (1ull << 32)) return 0;
    uint64_t scales = (rows * q.groups * 2 + HG_ALIGN - 1) / HG_ALIGN * HG_ALIGN;
    return scales + rows * q.row_code_bytes;
}

