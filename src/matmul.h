/* higgs.c implementation part: a session's matrix products. Decode's one-token products
 * (matmul_n: matrix-vector, rows split among the pool's threads) and the prompt's (matmul_batch_n:
 * each weight row read and decoded once for every token of the pass). Included by higgs.h under
 * HIGGS_IMPLEMENTATION; not a header of its own. */

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
    const hg_act8 *act8;              /* the session's int8 activation (parts with act8) */
    MatmulTask task[MM_TASKS];
} MatmulJob;

/* g[r] = silu(g[r]) * u[r] */
static void silu_mul(float *g, const float *u, size_t r0, size_t r1) {
    for (size_t r = r0; r < r1; r++) g[r] = g[r] / (1.0f + expf(-g[r])) * u[r];
}

static void matmul_part_rows(const MatmulPart *p, const hg_act8 *act8, int r0, int r1) {
    if (p->act8) hg_qmatvec8_rows(p->out, act8, p->w->t, &p->w->q, r0, r1);
    else if (p->w->quantized) hg_qmatvec_rows(p->out, p->x, p->w->t, &p->w->q, r0, r1);
    else hg_matvec_rows(p->out, p->x, p->w->t, r0, r1);
}

static void matmul_task(void *ctx, int task, int thread) {
    (void)thread;
    MatmulJob *j = (MatmulJob *)ctx;
    const MatmulTask *t = &j->task[task];
    int r0 = t->r0, r1 = t->r1, s0 = t->s0, n = r1 - r0;
    const MatmulPart *p = &j->part[t->part], *p2 = t->part2 == NO_PART ? NULL : &j->part[t->part2];
    if (p2 && p->act8) hg_qmatvec8_rows2(p->out + r0, p->w->t, r0, p2->out + s0, p2->w->t, s0, n, j->act8, &p->w->q);
    else if (p2) hg_matvec_rows2(p->out + r0, p->w->t, r0, p2->out + s0, p2->w->t, s0, n, p->x);
    if (j->epi == EPI_GLU) {          /* gate rows and the same up rows: paired, or one after the other */
        if (!p2) {
            matmul_part_rows(&j->part[0], j->act8, r0, r1);
            matmul_part_rows(&j->part[1], j->act8, r0, r1);
        }
        silu_mul(j->part[0].out, j->part[1].out, (size_t)r0, (size_t)r1);
        return;
    }
    if (!p2) matmul_part_rows(p, j->act8, r0, r1);
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
typedef struct { const hg_qinfo *q; hg_act8 *act8; int parts; } PrepPartJob;
static void prep_part_task(void *ctx, int task, int thread) {
    (void)thread;
    const PrepPartJob *j = (const PrepPartJob *)ctx;
    hg_prepare_act8_part(j->q, j->act8, task, j->parts);
}
static void prepare_act8(hg_session *s, const hg_qinfo *q, const float *x) {
    int threads = hg_pool_threads(s->m->pool), parts = hg_prepare_act8_parts(q);
    if (threads == 1 || parts == 1 || hg_act8_values(q) < PREP_SPLIT_VALUES) {
        hg_prepare_act8(q, x, &s->dec_act8);
        return;
    }
    PrepPartJob j = {q, &s->dec_act8, parts < threads ? parts : threads};
    hg_prepare_act8_begin(q, x, &s->dec_act8);
    hg_pool_run(s->m->pool, prep_part_task, &j, j.parts);
}

/* outs[i] = ws[i] x, then the epilogue (EPI_ADD: n = 1, acc += outs[0];
 * EPI_GLU: n = 2, outs[0] = silu(outs[0]) * outs[1]) */
static void matmul_n(hg_session *s, int job, float *const *outs, const float *x, const Weight *const *ws, int n, int epi,
                     float *acc) {
    int threads = hg_pool_threads(s->m->pool);
    for (int i = 1; i < n; i++)
        if (!same_format(ws[0], ws[i]) || (epi == EPI_GLU && ws[i]->t->rows != ws[0]->t->rows)) {
            /* mixed formats (a --target-bits file): one at a time */
            for (int k = 0; k < n; k++) matmul_n(s, job, &outs[k], x, &ws[k], 1, EPI_NONE, NULL);
            if (epi == EPI_GLU) silu_mul(outs[0], outs[1], 0, ws[0]->t->rows);
            return;
        }
    const Weight *w = ws[0];
    double t0 = s->profile ? now_s() : 0;
    int act8 = w->quantized && w->q.act8 && s->m->int8;
    if (act8) prepare_act8(s, &w->q, x);
    else if (w->quantized) {
        hg_prepare_activation(&w->q, x, s->dec_xrot);
        x = s->dec_xrot;
    }
    MatmulJob j;
    j.epi = epi;
    j.acc = acc;
    j.act8 = &s->dec_act8;
    int pairs = s->m->pairs && (act8 ? hg_qmatvec8_pairs(&w->q) : !w->quantized && hg_matvec_pairs(w->t));
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
    double t1 = s->profile ? now_s() : 0;
    hg_pool_run(s->m->pool, matmul_task, &j, j.n_tasks);
    if (s->profile) {
        double dt = now_s() - t1;
        s->prof.prep_s += t1 - t0;
        s->prof.matvec_s += dt;
        s->prof.job_s[job] += dt;
        for (int i = 0; i < n; i++) s->prof.job_bytes[job] += (double)ws[i]->t->nbytes;
    }
}

/* Prompt processing: up to HG_MAX_BATCH tokens at a time. Each weight row is read (and
 * decoded, for quantized types) once per batch and multiplied with every
 * token's activation, turning matrix-vector products into a matrix-matrix
 * product; that is what makes prompts and perplexity fast. */

typedef struct {
    float *out;                       /* [B][rows] */
    const float *x;                   /* [B][xstride] */
    size_t xstride;
    const Weight *w;
    hg_session *s;
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
    float *buf = j->s->rowbuf + (size_t)thread * j->s->row_stride;
    int r0 = task * j->chunk, r1 = r0 + j->chunk < j->rows ? r0 + j->chunk : j->rows;
    if (j->act8) {                    /* int8: each row decoded once, then all tokens (higgs.h) */
        hg_qmatmul8_rows(j->out, (size_t)j->rows, j->s->act8, j->B, t, &j->w->q, r0, r1, (int8_t *)buf);
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
typedef struct { hg_session *s; const Weight *w; const float *x; int cols, B, per; } PrepJob;
static void prep_batch_task(void *ctx, int task, int thread) {
    (void)thread;
    PrepJob *j = (PrepJob *)ctx;
    for (int b = task * j->per; b < (task + 1) * j->per && b < j->B; b++) {
        if (j->w->q.act8 && j->s->m->int8) hg_prepare_act8(&j->w->q, j->x + (size_t)b * j->cols, &j->s->act8[b]);
        else hg_prepare_activation(&j->w->q, j->x + (size_t)b * j->cols, j->s->xrot + (size_t)b * j->s->xr_stride);
    }
}

/* Decode for several tokens at once (hg_sessions_step): outs[i][b * rows + r] = ws[i] x[b], each token's
 * result the one decoding it alone gives, bit for bit. int8 weights: hg_qmatvec8_tokens (each row decoded
 * once for all tokens where the format has a kernel for it). The float paths take a task's rows in chunks
 * of MULTI_ROWS and compute every token's products over a chunk in turn: the chunk's weights come from
 * memory once and from the cache for the other tokens. */
#define MULTI_ROWS 16
typedef struct {
    float *out;                       /* [B][rows] */
    const float *x;                   /* [B][xstride] (float paths) */
    size_t xstride;
    const Weight *w;
    hg_session *s;
    int rows, chunk, B, act8;
} MultiJob;

static void matmul_multi_task(void *ctx, int task, int thread) {
    (void)thread;
    const MultiJob *j = (const MultiJob *)ctx;
    const hg_tensor *t = j->w->t;
    int r0 = task * j->chunk, r1 = r0 + j->chunk < j->rows ? r0 + j->chunk : j->rows;
    if (j->act8) {
        hg_qmatvec8_tokens(j->out + r0, (size_t)j->rows, j->s->act8, j->B, t, &j->w->q, r0, r1);
        return;
    }
    for (int c0 = r0; c0 < r1; c0 += MULTI_ROWS) {
        int c1 = c0 + MULTI_ROWS < r1 ? c0 + MULTI_ROWS : r1;
        for (int b = 0; b < j->B; b++) {
            float *out = j->out + (size_t)b * j->rows;
            const float *x = j->x + (size_t)b * j->xstride;
            if (j->w->quantized) hg_qmatvec_rows(out, x, t, &j->w->q, c0, c1);
            else hg_matvec_rows(out, x, t, c0, c1);
        }
    }
}

/* outs[i][b] = ws[i] x[b] for b < B and i < n; x rows are `cols` wide, out rows
 * ws[i]->rows wide. The activations are prepared once for weights that share a
 * format (q/k/v, gate/up): rotated, and for int8 tensors rounded (as decoding
 * does, so a prompt's logits equal decoding's bit for bit). multi: each token's result as decode
 * computes it (MultiJob: hg_qmatvec8_tokens, or the float kernels a few rows at a time), else the
 * prompt's batched products. */
static void matmul_tokens_n(hg_session *s, float *const *outs, const float *x, int B, const Weight *const *ws, int n, int multi) {
    for (int i = 1; i < n; i++)
        if (!same_format(ws[0], ws[i])) {
            for (int k = 0; k < n; k++) matmul_tokens_n(s, &outs[k], x, B, &ws[k], 1, multi);
            return;
        }
    const Weight *w = ws[0];
    int threads = hg_pool_threads(s->m->pool), cols = (int)w->t->cols;
    int act8 = w->quantized && w->q.act8 && s->m->int8;
    const float *xin = x;
    size_t stride = (size_t)cols;
    if (w->quantized) {
        PrepJob pj = {s, w, x, cols, B, B > threads ? (B + threads - 1) / threads : 1};
        hg_pool_run(s->m->pool, prep_batch_task, &pj, (B + pj.per - 1) / pj.per);
    }
    if (!act8 && w->quantized) {
        xin = s->xrot;
        stride = s->xr_stride;
    }
    for (int i = 0; i < n; i++) {
        int rows = (int)ws[i]->t->rows;
        if (multi) {
            int tasks = threads == 1 ? 1 : threads * 8;
            int chunk = ((rows + tasks - 1) / tasks + MULTI_ROWS - 1) / MULTI_ROWS * MULTI_ROWS;
            MultiJob j = {outs[i], xin, stride, ws[i], s, rows, chunk, B, act8};
            hg_pool_run(s->m->pool, matmul_multi_task, &j, (rows + chunk - 1) / chunk);
            continue;
        }
        int tasks = threads == 1 ? 1 : threads * 4;
        int chunk = ((rows + tasks - 1) / tasks + 3) / 4 * 4;
        BatchJob j = {outs[i], xin, stride, ws[i], s, rows, chunk, B, act8};
        hg_pool_run(s->m->pool, matmul_batch_task, &j, (rows + chunk - 1) / chunk);
    }
}
static void matmul_batch_n(hg_session *s, float *const *outs, const float *x, int B, const Weight *const *ws, int n) {
    matmul_tokens_n(s, outs, x, B, ws, n, 0);
}
static void matmul_multi_n(hg_session *s, float *const *outs, const float *x, int B, const Weight *const *ws, int n) {
    matmul_tokens_n(s, outs, x, B, ws, n, 1);
}

