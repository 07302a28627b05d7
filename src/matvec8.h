/* higgs.c implementation part: the int8 matrix-vector entry points (rows, pairs of rows).
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

/* p=2 64 points where no kernel reads 6-bit codes in place: the row's codes as
 * bytes, then a 256-point kernel (its tables hold the 64 points). Its own
 * function so that only these rows pay for the buffer. */
static float hg_qdot8_p2n64_generic(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS / 2];
    hg_unpack6_row(q, codes, q->cols_pad / 2, bytes);
    return hg_qdot8_generic(q, sc, bytes, a);
}
#if defined(HG_NEON)
static float hg_qdot8_p2n64_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS / 2];
    hg_unpack6_row(q, codes, q->cols_pad / 2, bytes);
    return hg_qdot8_p2n256_neon(q, sc, bytes, a);
}
/* p=1 64 and 32 levels: the row's codes as bytes, then hg_qdot8_p1_bytes_neon */
static float hg_qdot8_p1_unpacked_neon(const hg_qinfo *q, const uint16_t *sc, const uint8_t *codes, const hg_act8 *a) {
    uint8_t bytes[HG_N64_MAX_COLS];
    hg_unpack_p1_row(q, codes, bytes);
    return hg_qdot8_p1_bytes_neon(q, sc, bytes, a);
}
#endif

/* rows [row0, row1) one at a time through the format's one-row kernel */
static void hg_qrows8_each(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    for (int r = row0; r < row1; r++) out[r - row0] = q->k.dot8(q, hg_qscales(w, q, r), hg_qcodes(w, q, r), a);
}

/* out[r - row0] for r in row0..row1-1; every row's product is the same
 * whatever range it is computed in */
static void hg_qrows8(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int row0, int row1, float *out) {
    q->k.rows8(w, q, a, row0, row1, out);
}

float hg_qdot8_row(const hg_tensor *w, const hg_qinfo *q, int row, const hg_act8 *a) {
    float y;
    hg_qrows8(w, q, a, row, row + 1, &y);
    return y;
}

void hg_qmatvec8_rows(float *out, const hg_act8 *a, const hg_tensor *w, const hg_qinfo *q, int row0, int row1) {
    hg_qrows8(w, q, a, row0, row1, out + row0);
}

/* the rows a token takes before the next token meets them (hg_qrows8n_each): few enough to stay in L1
 * for the other tokens */
#define HG_TOKENS_ROWS 16

/* several tokens over rows [row0, row1) through the one-token kernel, each token in turn over
 * HG_TOKENS_ROWS rows: the rows8n of formats whose shared decoding would save little (a cell names it
 * where a lower level's rows8n would otherwise serve), and of those with none */
static void hg_qrows8n_each(const hg_tensor *w, const hg_qinfo *q, const hg_act8 *a, int B, int row0, int row1, float *out,
                            size_t ostride) {
    for (int c0 = row0; c0 < row1; c0 += HG_TOKENS_ROWS) {
        const int c1 = c0 + HG_TOKENS_ROWS < row1 ? c0 + HG_TOKENS_ROWS : row1;
        for (int b = 0; b < B; b++) hg_qrows8(w, q, &a[b], c0, c1, out + (size_t)b * ostride + (size_t)(c0 - row0));
    }
}

void hg_qmatvec8_tokens(float *out, size_t ostride, const hg_act8 *a, int B, const hg_tensor *w, const hg_qinfo *q, int row0,
                        int row1) {
    (q->k.rows8n ? q->k.rows8n : hg_qrows8n_each)(w, q, a, B, row0, row1, out, ostride);
}

int hg_qmatvec8_pairs(const hg_qinfo *q) { return q->k.rows8x2 != NULL; }

void hg_qmatvec8_rows2(float *out0, const hg_tensor *w0, int row0, float *out1, const hg_tensor *w1, int row1, int n,
                       const hg_act8 *a, const hg_qinfo *q) {
    if (q->k.rows8x2) {
        q->k.rows8x2(q, w0, row0, out0, w1, row1, out1, n, a);
        return;
    }
    hg_qrows8(w0, q, a, row0, row0 + n, out0);
    hg_qrows8(w1, q, a, row1, row1 + n, out1);
}

