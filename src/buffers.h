/* higgs.c implementation part: the engine's memory. Included by higgs.h under
 * HIGGS_IMPLEMENTATION; not a header of its own.
 *
 * Every buffer the engine owns (model tables, session activations, KV caches, samplers) comes
 * from here: zeroed and on a 64-byte boundary (the kernels' vector loads of activations never
 * split a cache line), from the caller's allocator when the model was opened with one
 * (hg_model_params.allocator: an embedded application's own heap, or a test that fails the Nth
 * allocation), else from aligned_alloc. A NULL return is the caller's to turn into HG_E_NOMEM. */

static void *hg_buf_alloc(const hg_allocator *a, size_t n, size_t size) {
    if (size && n > SIZE_MAX / size) return NULL;
    size_t bytes = (n ? n : 1) * (size ? size : 1);
    if (!a || !a->alloc) return hg_calloc64(bytes);
    if (bytes > SIZE_MAX - 64) return NULL;
    void *p = a->alloc(a->user, (bytes + 63) / 64 * 64);
    if (p) memset(p, 0, bytes);
    return p;
}

static void hg_buf_free(const hg_allocator *a, void *p) {
    if (!p) return;
    if (a && a->alloc) a->free(a->user, p);
    else free(p);
}

/* Memory read back in full for every token (the KV cache): anonymous memory with huge pages
 * where allowed (with 4 KB pages a TLB walk and a prefetcher restart every 4 KB; attention at
 * 300 positions ran ~1.4x slower). Zeroed. A caller's allocator serves it as any other buffer. */
static void *hg_buf_alloc_big(const hg_allocator *a, size_t bytes) {
    if (a && a->alloc) return hg_buf_alloc(a, bytes, 1);
    void *p = mmap(NULL, bytes ? bytes : 1, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes ? bytes : 1, MADV_HUGEPAGE);
#endif
    return p;
}

static void hg_buf_free_big(const hg_allocator *a, void *p, size_t bytes) {
    if (!p) return;
    if (a && a->alloc) a->free(a->user, p);
    else munmap(p, bytes ? bytes : 1);
}

/* an int8 activation of up to `values` values (hg_act8_alloc's sizes, from the allocator);
 * `slack` extra bytes after the codes (decode's buffer has 128) */
static int hg_buf_act8(const hg_allocator *a, hg_act8 *x, uint64_t values, uint64_t groups, uint64_t slack) {
    memset(x, 0, sizeof *x);
    uint64_t n8 = (values + 127) / 128 * 128 + slack;
    x->q = (int8_t *)hg_buf_alloc(a, n8, 1);
    x->qp = (int8_t *)hg_buf_alloc(a, n8, 1);
    x->d = (float *)hg_buf_alloc(a, groups, sizeof(float));
    x->qsum = (int32_t *)hg_buf_alloc(a, groups, sizeof(int32_t));
    x->xr = (float *)hg_buf_alloc(a, n8, sizeof(float));
    return x->q && x->qp && x->d && x->qsum && x->xr ? 0 : -1;
}

static void hg_buf_act8_free(const hg_allocator *a, hg_act8 *x) {
    hg_buf_free(a, x->q); hg_buf_free(a, x->qp); hg_buf_free(a, x->d); hg_buf_free(a, x->qsum); hg_buf_free(a, x->xr);
    memset(x, 0, sizeof *x);
}
