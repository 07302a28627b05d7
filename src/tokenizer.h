/* higgs.c implementation part: the tokenizer (SentencePiece BPE and byte-level BPE with the
 * Llama 3 / Qwen2 / SmolLM2 / GPT-2 pre-tokenizers), loaded from a TOKN section or a llama2.c
 * tokenizer.bin, and the chat templates (ChatML, Llama 3, Phi-3, Llama 2).
 * Included by higgs.h under HIGGS_IMPLEMENTATION, after the parts before it (see the list
 * there and docs/architecture.md); not a header of its own. */

#include <ctype.h>

/* ------------------------------------------------------------- tokenizer */
/* Two kinds, one merge engine. SentencePiece BPE repeatedly merges the
 * adjacent pair whose merged piece has the highest score; byte-level BPE
 * (Llama 3) merges the pair with the lowest merge rank. Both break ties to
 * the left, use a heap, and run in O(n log n).
 *
 * Errors are returned, never fatal: the loaders give -1 with a one-line message in err and leave
 * the tokenizer empty (everything they allocated freed), encoding gives -1 when memory runs out or
 * the text is over INT32_MAX bytes. */

/* calloc with the overflow check; NULL with a message in err */
static void *hg_tok_calloc(size_t n, size_t size, char *err, size_t errlen) {
    if (size && n > SIZE_MAX / size) { hg_errf(err, errlen, "allocation size overflow"); return NULL; }
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) hg_errf(err, errlen, "out of memory allocating %zu bytes", n * size);
    return p;
}

/* a loader's failure: the message (fmt NULL: err already holds it), everything freed, -1 */
static int hg_tok_fail(hg_tokenizer *t, char *err, size_t errlen, const char *fmt, ...) {
    if (fmt && err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    hg_tok_free(t);
    return -1;
}

static uint64_t hg_tok_hash(const char *s, int n) {
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < n; i++) { h ^= (uint8_t)s[i]; h *= 1099511628211ull; }
    return h;
}

static int hg_tok_lookup(const hg_tokenizer *t, const char *s, int n) {
    uint64_t mask = (uint64_t)t->table_cap - 1;
    for (uint64_t i = hg_tok_hash(s, n) & mask;; i = (i + 1) & mask) {
        int id = t->table[i];
        if (id < 0) return -1;
        if (t->len[id] == n && !memcmp(t->piece[id], s, (size_t)n)) return id;
    }
}

static void hg_tok_insert(hg_tokenizer *t, int id) {
    uint64_t mask = (uint64_t)t->table_cap - 1;
    for (uint64_t i = hg_tok_hash(t->piece[id], t->len[id]) & mask;; i = (i + 1) & mask) {
        int other = t->table[i];
        if (other < 0) { t->table[i] = id; return; }
        if (t->len[other] == t->len[id] && !memcmp(t->piece[other], t->piece[id], (size_t)t->len[id])) return;
    }
}

static uint64_t hg_tok_mix64(uint64_t x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdull; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ull; x ^= x >> 33;
    return x;
}

static int hg_tok_merge_rank(const hg_tokenizer *t, int a, int b) {
    if (!t->merge_cap) return -1;
    uint64_t key = (uint64_t)(uint32_t)a << 32 | (uint32_t)b, mask = (uint64_t)t->merge_cap - 1;
    for (uint64_t i = hg_tok_mix64(key) & mask;; i = (i + 1) & mask) {
        if (t->merge_rank[i] < 0) return -1;
        if (t->merge_key[i] == key) return t->merge_rank[i];
    }
}

static int hg_tok_hex_byte(const char *p, int n, int *value) {
    if (n != 6 || p[0] != '<' || p[1] != '0' || p[2] != 'x' || p[5] != '>' ||
        !isxdigit((unsigned char)p[3]) || !isxdigit((unsigned char)p[4])) return 0;
    *value = (int)strtol(p + 3, NULL, 16);
    return 1;
}

static int hg_tok_build_index(hg_tokenizer *t, char *err, size_t errlen) {
    int cap = 16;
    while (cap < 2 * t->n) cap *= 2;
    t->table_cap = cap;
    if (!(t->table = hg_tok_calloc((size_t)cap, sizeof(int), err, errlen))) return -1;
    for (int i = 0; i < cap; i++) t->table[i] = -1;
    for (int i = 0; i < 256; i++) t->byte_id[i] = -1;
    for (int id = 0; id < t->n; id++) {
        int b;
        if (t->kind[id] == HG_PIECE_NORMAL || t->kind[id] == HG_PIECE_USER) hg_tok_insert(t, id);
        if (t->type == 1 && t->kind[id] == HG_PIECE_USER && t->len[id] > t->max_user_len) t->max_user_len = t->len[id];
        if (t->type == 1 && t->kind[id] == HG_PIECE_BYTE && hg_tok_hex_byte(t->piece[id], t->len[id], &b) && t->byte_id[b] < 0)
            t->byte_id[b] = id;
        if (t->type == 2 && t->len[id] == 1 && t->kind[id] == HG_PIECE_NORMAL && t->byte_id[(uint8_t)t->piece[id][0]] < 0)
            t->byte_id[(uint8_t)t->piece[id][0]] = id;
    }
    return 0;
}

static int hg_tok_check_id(int id, int limit) { return id >= -1 && id < limit; }

/* the TOKN section of a .higgs file (docs/format.md) */
int hg_tok_load(hg_tokenizer *t, const uint8_t *p, uint64_t n, int vocab_size, char *err, size_t errlen) {
    hg_rd r = {p, n, 0, 0};
    memset(t, 0, sizeof *t);
    t->vocab_size = vocab_size;
    t->type = (int)hg_rd_u32(&r);
    uint32_t n_pieces = hg_rd_u32(&r);
    t->flags = (int)hg_rd_u32(&r);
    t->pretok = (int)hg_rd_u32(&r);
    t->bos = (int32_t)hg_rd_u32(&r); t->eos = (int32_t)hg_rd_u32(&r);
    t->unk = (int32_t)hg_rd_u32(&r); t->pad = (int32_t)hg_rd_u32(&r);
    uint32_t n_stop = hg_rd_u32(&r);
    if (r.bad) return hg_tok_fail(t, err, errlen, "tokenizer section truncated");
    if (t->type != 1 && t->type != 2) return hg_tok_fail(t, err, errlen, "tokenizer: unknown type %d", t->type);
    if (t->type == 1 ? t->pretok != HG_PRETOK_NONE : t->pretok < HG_PRETOK_LLAMA3 || t->pretok > HG_PRETOK_GPT2)
        return hg_tok_fail(t, err, errlen, "tokenizer: unsupported pre-tokenizer %d", t->pretok);
    if (n_pieces == 0 || n_pieces > (uint32_t)vocab_size) return hg_tok_fail(t, err, errlen, "tokenizer: %u pieces for a vocabulary of %d", n_pieces, vocab_size);
    t->n = (int)n_pieces;
    if (!hg_tok_check_id(t->bos, t->n) || !hg_tok_check_id(t->eos, t->n) || !hg_tok_check_id(t->unk, t->n) || !hg_tok_check_id(t->pad, t->n))
        return hg_tok_fail(t, err, errlen, "tokenizer: special token id out of range");
    if (n_stop > 1024) return hg_tok_fail(t, err, errlen, "tokenizer: %u stop ids is absurd", n_stop);
    t->n_stop = (int)n_stop;
    if (!(t->stop = hg_tok_calloc(n_stop, sizeof(int), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    for (uint32_t i = 0; i < n_stop; i++) {
        t->stop[i] = (int32_t)hg_rd_u32(&r);
        if (t->stop[i] < 0 || t->stop[i] >= vocab_size) return hg_tok_fail(t, err, errlen, "tokenizer: stop id %d out of range", t->stop[i]);
    }
    if (!(t->piece = hg_tok_calloc(n_pieces, sizeof(char *), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    if (!(t->len = hg_tok_calloc(n_pieces, sizeof(int), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    if (!(t->score = hg_tok_calloc(n_pieces, sizeof(float), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    if (!(t->kind = hg_tok_calloc(n_pieces, 1, err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    for (uint32_t i = 0; i < n_pieces; i++) {
        t->score[i] = hg_rd_f32(&r);
        t->kind[i] = hg_rd_u8(&r);
        uint16_t len = hg_rd_u16(&r);
        const uint8_t *b = hg_rd_bytes(&r, len);
        if (r.bad || !b) return hg_tok_fail(t, err, errlen, "tokenizer section truncated at piece %u", i);
        if (t->kind[i] < 1 || t->kind[i] > 6) return hg_tok_fail(t, err, errlen, "tokenizer: piece %u has unknown kind %d", i, t->kind[i]);
        if (!isfinite(t->score[i])) return hg_tok_fail(t, err, errlen, "tokenizer: piece %u has a non-finite score", i);
        if (!(t->piece[i] = hg_tok_calloc((size_t)len + 1, 1, err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
        memcpy(t->piece[i], b, len);
        t->len[i] = len;
    }
    uint32_t n_merges = hg_rd_u32(&r);
    if (r.bad || n_merges > 10000000u) return hg_tok_fail(t, err, errlen, "tokenizer: bad merge count");
    if (n_merges > (n - r.pos) / 8) return hg_tok_fail(t, err, errlen, "tokenizer: merges truncated");
    if (hg_tok_build_index(t, err, errlen)) return hg_tok_fail(t, err, errlen, NULL);
    if (n_merges) {
        int cap = 16;
        while ((uint32_t)cap < 2 * n_merges) cap *= 2;
        t->merge_cap = cap;
        if (!(t->merge_key = hg_tok_calloc((size_t)cap, sizeof(uint64_t), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
        if (!(t->merge_rank = hg_tok_calloc((size_t)cap, sizeof(int), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
        for (int i = 0; i < cap; i++) t->merge_rank[i] = -1;
        char buf[2 * 65536];
        for (uint32_t k = 0; k < n_merges; k++) {
            uint32_t a = hg_rd_u32(&r), b = hg_rd_u32(&r);
            if (r.bad) return hg_tok_fail(t, err, errlen, "tokenizer: merges truncated");
            if (a >= n_pieces || b >= n_pieces) return hg_tok_fail(t, err, errlen, "tokenizer: merge %u uses a piece id out of range", k);
            memcpy(buf, t->piece[a], (size_t)t->len[a]);
            memcpy(buf + t->len[a], t->piece[b], (size_t)t->len[b]);
            if (hg_tok_lookup(t, buf, t->len[a] + t->len[b]) < 0) return hg_tok_fail(t, err, errlen, "tokenizer: merge %u yields a piece not in the vocabulary", k);
            uint64_t key = (uint64_t)a << 32 | b, mask = (uint64_t)cap - 1;
            for (uint64_t i = hg_tok_mix64(key) & mask;; i = (i + 1) & mask) {
                if (t->merge_rank[i] < 0) { t->merge_key[i] = key; t->merge_rank[i] = (int)k; t->n_merges++; break; }
                if (t->merge_key[i] == key) break;      /* duplicate merge: first rank wins */
            }
        }
    }
    if (r.pos != n) return hg_tok_fail(t, err, errlen, "tokenizer section has %llu trailing bytes", (unsigned long long)(n - r.pos));
    if (t->type == 2)
        for (int b = 0; b < 256; b++)
            if (t->byte_id[b] < 0) return hg_tok_fail(t, err, errlen, "tokenizer: byte-level vocabulary lacks byte 0x%02X", b);
    return 0;
}

/* a llama2.c tokenizer.bin (its bytes; `path` names it in messages): scores and strings; kinds are
 * inferred as llama2.c does */
int hg_tok_load_llama2c(hg_tokenizer *t, const void *data, size_t size, const char *path, int vocab_size,
                        char *err, size_t errlen) {
    hg_rd r = {(const uint8_t *)data, size, 0, 0};
    memset(t, 0, sizeof *t);
    t->type = 1;
    t->n = vocab_size;
    t->vocab_size = vocab_size;
    t->flags = HG_TOK_DUMMY_PREFIX | HG_TOK_BYTE_FALLBACK | HG_TOK_ADD_BOS;
    t->unk = 0; t->bos = 1; t->eos = 2; t->pad = -1;
    t->n_stop = 1;
    if (!(t->stop = hg_tok_calloc(1, sizeof(int), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    t->stop[0] = 2;
    if (!(t->piece = hg_tok_calloc((size_t)vocab_size, sizeof(char *), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    if (!(t->len = hg_tok_calloc((size_t)vocab_size, sizeof(int), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    if (!(t->score = hg_tok_calloc((size_t)vocab_size, sizeof(float), err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    if (!(t->kind = hg_tok_calloc((size_t)vocab_size, 1, err, errlen))) return hg_tok_fail(t, err, errlen, NULL);
    int max_len = (int32_t)hg_rd_u32(&r);
    if (r.bad) return hg_tok_fail(t, err, errlen, "tokenizer %s: truncated header", path);
    if (max_len <= 0 || max_len > 65535) return hg_tok_fail(t, err, errlen, "tokenizer %s: bad max token length %d", path, max_len);
    for (int i = 0; i < vocab_size; i++) {
        t->score[i] = hg_rd_f32(&r);
        int len = (int32_t)hg_rd_u32(&r);
        if (r.bad) return hg_tok_fail(t, err, errlen, "tokenizer %s: truncated at token %d (model vocabulary is %d)", path, i, vocab_size);
        if (len < 0 || len > max_len) return hg_tok_fail(t, err, errlen, "tokenizer %s: token %d has bad length %d", path, i, len);
        if (!isfinite(t->score[i])) return hg_tok_fail(t, err, errlen, "tokenizer %s: token %d has a non-finite score", path, i);
        const char *raw = (const char *)hg_rd_bytes(&r, (uint64_t)len);
        if (!raw) return hg_tok_fail(t, err, errlen, "tokenizer %s: truncated at token %d", path, i);
        char *s = hg_tok_calloc((size_t)len * 3 + 8, 1, err, errlen);     /* room for " " -> U+2581, or "</s>" */
        if (!s) return hg_tok_fail(t, err, errlen, NULL);
        int b, o = 0;
        if (i == 1 || i == 2) { strcpy(s, i == 1 ? "<s>" : "</s>"); o = (int)strlen(s); t->kind[i] = HG_PIECE_CONTROL; }
        else if (i == 0) { memcpy(s, raw, (size_t)len); o = len; t->kind[i] = HG_PIECE_UNKNOWN; }
        else {
            for (int k = 0; k < len; k++) {
                if (raw[k] == ' ') { memcpy(s + o, "\xe2\x96\x81", 3); o += 3; }
                else s[o++] = raw[k];
            }
            t->kind[i] = hg_tok_hex_byte(s, o, &b) ? HG_PIECE_BYTE : HG_PIECE_NORMAL;
        }
        t->piece[i] = s;
        t->len[i] = o;
    }
    if (hg_tok_build_index(t, err, errlen)) return hg_tok_fail(t, err, errlen, NULL);
    return 0;
}

void hg_tok_free(hg_tokenizer *t) {
    if (t->piece)
        for (int i = 0; i < t->n; i++) free(t->piece[i]);
    free(t->piece); free(t->len); free(t->score); free(t->kind); free(t->table);
    free(t->merge_key); free(t->merge_rank); free(t->stop);
    memset(t, 0, sizeof *t);
}

static int hg_utf8_len(const unsigned char *s, size_t n) {
    int l = s[0] < 0x80 ? 1 : (s[0] >> 5) == 6 ? 2 : (s[0] >> 4) == 14 ? 3 : (s[0] >> 3) == 30 ? 4 : 1;
    if ((size_t)l > n) return 1;
    for (int i = 1; i < l; i++)
        if ((s[i] & 0xc0) != 0x80) return 1;
    return l;
}

static uint32_t hg_utf8_decode(const unsigned char *s, int l) {
    if (l == 1) return s[0];
    if (l == 2) return (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
    if (l == 3) return (uint32_t)(s[0] & 0x0f) << 12 | (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
    return (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3f) << 12 | (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
}

int hg_ids_push(hg_ids *a, int id) {
    if (a->n == a->cap) {
        if (a->cap > INT32_MAX / 2) return -1;
        int cap = a->cap ? 2 * a->cap : 256, *v = realloc(a->v, (size_t)cap * sizeof(int));
        if (!v) return -1;
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = id;
    return 0;
}

typedef struct { int start, len, prev, next, id, frozen; } hg_tok_sym;
typedef struct { float prio; int left, right, start, len; } hg_tok_cand;   /* higher prio first */

typedef struct { hg_tok_cand *v; int n, cap; } hg_tok_heap;
static int hg_tok_cand_before(const hg_tok_cand *a, const hg_tok_cand *b) {
    return a->prio > b->prio || (a->prio == b->prio && a->start < b->start);
}
static int hg_tok_heap_push(hg_tok_heap *h, hg_tok_cand c) {
    if (h->n == h->cap) {
        if (h->cap > INT32_MAX / 2) return -1;
        int cap = h->cap ? 2 * h->cap : 64;
        hg_tok_cand *v = realloc(h->v, (size_t)cap * sizeof(hg_tok_cand));
        if (!v) return -1;
        h->v = v;
        h->cap = cap;
    }
    int i = h->n++;
    while (i > 0 && hg_tok_cand_before(&c, &h->v[(i - 1) / 2])) { h->v[i] = h->v[(i - 1) / 2]; i = (i - 1) / 2; }
    h->v[i] = c;
    return 0;
}
static hg_tok_cand hg_tok_heap_pop(hg_tok_heap *h) {
    hg_tok_cand top = h->v[0], last = h->v[--h->n];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= h->n) break;
        if (c + 1 < h->n && hg_tok_cand_before(&h->v[c + 1], &h->v[c])) c++;
        if (!hg_tok_cand_before(&h->v[c], &last)) break;
        h->v[i] = h->v[c];
        i = c;
    }
    if (h->n) h->v[i] = last;
    return top;
}

/* try to queue the merge of symbols a and b; -1: out of memory */
static int hg_bpe_consider(const hg_tokenizer *t, const char *text, hg_tok_sym *sym, hg_tok_heap *h, int a, int b) {
    if (a < 0 || b < 0 || sym[a].frozen || sym[b].frozen) return 0;
    int id = hg_tok_lookup(t, text + sym[a].start, sym[a].len + sym[b].len);
    if (id < 0) return 0;
    float prio;
    if (t->type == 1) prio = t->score[id];
    else {
        if (sym[a].id < 0 || sym[b].id < 0) return 0;
        int rank = hg_tok_merge_rank(t, sym[a].id, sym[b].id);
        if (rank < 0) return 0;
        prio = -(float)rank;
    }
    hg_tok_cand c = {prio, a, b, sym[a].start, sym[a].len + sym[b].len};
    return hg_tok_heap_push(h, c);
}

/* BPE over text[0..n): the initial symbols are UTF-8 characters (SentencePiece)
 * or bytes (byte-level); appends the resulting ids. -1: out of memory (the message in err) */
static int hg_bpe_encode(const hg_tokenizer *t, const char *text, int n, hg_ids *out, char *err, size_t errlen) {
    if (n <= 0) return 0;
    if (t->type == 2 && (t->flags & HG_TOK_IGNORE_MERGES)) {
        int id = hg_tok_lookup(t, text, n);
        if (id >= 0) {
            if (!hg_ids_push(out, id)) return 0;
            hg_errf(err, errlen, "out of memory");
            return -1;
        }
    }
    hg_tok_sym *sym = hg_tok_calloc((size_t)n, sizeof(hg_tok_sym), err, errlen);
    if (!sym) return -1;
    int ns = 0;
    for (int i = 0; i < n;) {
        int l = t->type == 1 ? hg_utf8_len((const unsigned char *)text + i, (size_t)(n - i)) : 1, frozen = 0;
        /* SentencePiece: a user-defined piece (longest match) is one symbol that never merges */
        for (int k = t->max_user_len < n - i ? t->max_user_len : n - i; k > 0 && !frozen; k--) {
            int id = hg_tok_lookup(t, text + i, k);
            if (id >= 0 && t->kind[id] == HG_PIECE_USER) { l = k; frozen = 1; }
        }
        sym[ns] = (hg_tok_sym){i, l, ns - 1, -1, t->type == 1 ? hg_tok_lookup(t, text + i, l) : t->byte_id[(uint8_t)text[i]], frozen};
        if (ns) sym[ns - 1].next = ns;
        ns++;
        i += l;
    }
    hg_tok_heap h = {0};
    int bad = 0;
    for (int i = 0; i + 1 < ns && !bad; i++) bad = hg_bpe_consider(t, text, sym, &h, i, i + 1);
    while (h.n && !bad) {
        hg_tok_cand c = hg_tok_heap_pop(&h);
        hg_tok_sym *a = &sym[c.left], *b = &sym[c.right];
        if (a->len == 0 || b->len == 0 || a->next != c.right || a->len + b->len != c.len) continue;   /* stale */
        a->len += b->len;
        a->id = hg_tok_lookup(t, text + a->start, a->len);
        b->len = 0;
        a->next = b->next;
        if (b->next >= 0) sym[b->next].prev = c.left;
        bad = hg_bpe_consider(t, text, sym, &h, a->prev, c.left) || hg_bpe_consider(t, text, sym, &h, c.left, a->next);
    }
    for (int i = 0; i >= 0 && i < ns && !bad; i = sym[i].next) {
        hg_tok_sym *s = &sym[i];
        if (s->id >= 0) bad = hg_ids_push(out, s->id);
        else if (t->flags & HG_TOK_BYTE_FALLBACK) {
            for (int k = 0; k < s->len && !bad; k++) {
                int b = t->byte_id[(uint8_t)text[s->start + k]];
                bad = hg_ids_push(out, b >= 0 ? b : t->unk);
            }
        } else if (t->unk >= 0) bad = hg_ids_push(out, t->unk);
    }
    free(h.v);
    free(sym);
    if (bad) hg_errf(err, errlen, "out of memory");
    return bad ? -1 : 0;
}

/* SentencePiece normalisation for the identity rule: optional whitespace
 * cleanup, spaces become U+2581, and a dummy prefix; NULL with a message in err on failure */
static char *hg_spm_normalize(const hg_tokenizer *t, const char *text, size_t n, int *out_len, char *err, size_t errlen) {
    char *o = hg_tok_calloc(n * 3 + 4, 1, err, errlen);
    if (!o) return NULL;
    size_t k = 0, i = 0, end = n;
    int clean = t->flags & HG_TOK_REMOVE_EXTRA_WS;
    if (clean) {
        while (i < end && text[i] == ' ') i++;
        while (end > i && text[end - 1] == ' ') end--;
    }
    if (i < end && (t->flags & HG_TOK_DUMMY_PREFIX)) { memcpy(o, "\xe2\x96\x81", 3); k = 3; }
    for (; i < end; i++) {
        if (text[i] == ' ') {
            if (clean && i > 0 && text[i - 1] == ' ') continue;
            memcpy(o + k, "\xe2\x96\x81", 3);
            k += 3;
        } else o[k++] = text[i];
    }
    if (k > INT32_MAX) { free(o); hg_errf(err, errlen, "text too long"); return NULL; }
    *out_len = (int)k;
    return o;
}

/* Llama 3 pre-tokenizer, the regex
 *   (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
 *   ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
 * written out by hand; returns the length of the chunk at s[0..n). Qwen2's
 * regex is the same with \p{N} for \p{N}{1,3} (max_digits 1). */
typedef struct { uint32_t cp; int len; } hg_tok_ch;
static hg_tok_ch hg_tok_ch_at(const char *s, int n, int i) {
    hg_tok_ch c = {0, 0};
    if (i >= n) return c;
    c.len = hg_utf8_len((const unsigned char *)s + i, (size_t)(n - i));
    c.cp = hg_utf8_decode((const unsigned char *)s + i, c.len);
    return c;
}
static int hg_tok_is_l(uint32_t cp) { return cp < 128 ? isalpha((int)cp) != 0 : hg_unicode_is_letter(cp); }
static int hg_tok_is_n(uint32_t cp) { return cp < 128 ? isdigit((int)cp) != 0 : hg_unicode_is_number(cp); }
static int hg_tok_is_s(uint32_t cp) { return hg_unicode_is_space(cp); }
static int hg_tok_is_nl(uint32_t cp) { return cp == '\r' || cp == '\n'; }

static int hg_llama3_chunk(const char *s, int n, int max_digits) {
    hg_tok_ch c0 = hg_tok_ch_at(s, n, 0);
    if (c0.cp == '\'' && n > 1) {                         /* contractions */
        int a = tolower((unsigned char)s[1]), b = n > 2 ? tolower((unsigned char)s[2]) : 0;
        if (a == 's' || a == 't' || a == 'm' || a == 'd') return 2;
        if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l')) return 3;
        if (n > 2 && (unsigned char)s[1] == 0xc5 && (unsigned char)s[2] == 0xbf) return 3;   /* U+017F case-folds to 's' */
    }
    {                                                     /* [^\r\n\p{L}\p{N}]?\p{L}+ */
        int i = 0;
        if (!hg_tok_is_nl(c0.cp) && !hg_tok_is_l(c0.cp) && !hg_tok_is_n(c0.cp)) i = c0.len;
        hg_tok_ch c = hg_tok_ch_at(s, n, i);
        if (c.len && hg_tok_is_l(c.cp)) {
            while (c.len && hg_tok_is_l(c.cp)) { i += c.len; c = hg_tok_ch_at(s, n, i); }
            return i;
        }
    }
    if (hg_tok_is_n(c0.cp)) {                                    /* \p{N}{1,3} (Qwen2: \p{N}) */
        int i = 0;
        for (int k = 0; k < max_digits; k++) {
            hg_tok_ch c = hg_tok_ch_at(s, n, i);
            if (!c.len || !hg_tok_is_n(c.cp)) break;
            i += c.len;
        }
        return i;
    }
    {                                                     /*  ?[^\s\p{L}\p{N}]+[\r\n]* */
        int i = c0.cp == ' ' ? 1 : 0, j = i;
        hg_tok_ch c = hg_tok_ch_at(s, n, j);
        while (c.len && !hg_tok_is_s(c.cp) && !hg_tok_is_l(c.cp) && !hg_tok_is_n(c.cp)) { j += c.len; c = hg_tok_ch_at(s, n, j); }
        if (j > i) {
            while (c.len && hg_tok_is_nl(c.cp)) { j += c.len; c = hg_tok_ch_at(s, n, j); }
            return j;
        }
    }
    /* whitespace alternatives: the maximal run first */
    int run = 0, last_nl = -1;
    for (hg_tok_ch c = hg_tok_ch_at(s, n, 0); c.len && hg_tok_is_s(c.cp); c = hg_tok_ch_at(s, n, run)) {
        if (hg_tok_is_nl(c.cp)) last_nl = run + c.len;
        run += c.len;
    }
    if (last_nl > 0) return last_nl;                      /* \s*[\r\n]+ */
    if (run > 0) {
        if (run == n) return run;                         /* \s+(?!\S) at the end */
        int prev = 0;                                     /* drop the last char before \S */
        for (int i = 0; i < run;) { prev = i; i += hg_tok_ch_at(s, n, i).len; }
        if (prev > 0) return prev;
        return run;                                       /* \s+ */
    }
    return c0.len;                                        /* unreachable in practice */
}

/* GPT-2's byte-level regex
 *   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
 * (Hugging Face ByteLevel with use_regex); the length of the chunk at s[0..n) */
static int hg_gpt2_chunk(const char *s, int n) {
    hg_tok_ch c0 = hg_tok_ch_at(s, n, 0);
    if (c0.cp == '\'' && n > 1) {                        /* contractions, case-sensitive */
        char a = s[1], b = n > 2 ? s[2] : 0;
        if (a == 's' || a == 't' || a == 'm' || a == 'd') return 2;
        if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l')) return 3;
    }
    int i = c0.cp == ' ' ? 1 : 0;                         /*  ?\p{L}+,  ?\p{N}+,  ?[^\s\p{L}\p{N}]+ */
    hg_tok_ch c = hg_tok_ch_at(s, n, i);
    if (c.len) {
        int kind = hg_tok_is_l(c.cp) ? 1 : hg_tok_is_n(c.cp) ? 2 : !hg_tok_is_s(c.cp) ? 3 : 0;
        if (kind) {
            while (c.len && (kind == 1 ? hg_tok_is_l(c.cp) : kind == 2 ? hg_tok_is_n(c.cp) : !hg_tok_is_s(c.cp) && !hg_tok_is_l(c.cp) && !hg_tok_is_n(c.cp))) {
                i += c.len;
                c = hg_tok_ch_at(s, n, i);
            }
            return i;
        }
    }
    int run = 0, prev = 0;                                /* \s+(?!\S), else \s+ */
    for (hg_tok_ch w = hg_tok_ch_at(s, n, 0); w.len && hg_tok_is_s(w.cp); w = hg_tok_ch_at(s, n, run)) { prev = run; run += w.len; }
    if (run == 0) return c0.len;                          /* unreachable: c0 is one of the classes */
    if (run == n || prev == 0) return run;                /* at the end, or a single space before \S */
    return prev;                                          /* leave the last one to the next chunk */
}

/* SmolLM2 (StarCoder-style): every digit a chunk of its own (HF Digits with
 * individual_digits), then GPT-2's regex on the text between digits */
static int hg_smollm_chunk(const char *s, int n) {
    hg_tok_ch c0 = hg_tok_ch_at(s, n, 0);
    if (hg_tok_is_n(c0.cp)) return c0.len;
    int e = c0.len;
    for (hg_tok_ch c = hg_tok_ch_at(s, n, e); c.len && !hg_tok_is_n(c.cp); c = hg_tok_ch_at(s, n, e)) e += c.len;
    return hg_gpt2_chunk(s, e);
}

static int hg_pretok_chunk(const hg_tokenizer *t, const char *s, int n) {
    switch (t->pretok) {
    case HG_PRETOK_QWEN2: return hg_llama3_chunk(s, n, 1);
    case HG_PRETOK_SMOLLM: return hg_smollm_chunk(s, n);
    case HG_PRETOK_GPT2: return hg_gpt2_chunk(s, n);
    default: return hg_llama3_chunk(s, n, 3);
    }
}

int hg_tok_encode(const hg_tokenizer *t, const char *text, size_t n, hg_ids *out, char *err, size_t errlen) {
    if (t->type == 1) {
        int len;
        char *norm = hg_spm_normalize(t, text, n, &len, err, errlen);
        if (!norm) return -1;
        int rc = hg_bpe_encode(t, norm, len, out, err, errlen);
        free(norm);
        return rc;
    }
    if (n > INT32_MAX) { hg_errf(err, errlen, "text too long"); return -1; }
    int total = (int)n;
    for (int i = 0; i < total;) {
        int l = hg_pretok_chunk(t, text + i, total - i);
        if (hg_bpe_encode(t, text + i, l, out, err, errlen)) return -1;
        i += l;
    }
    return 0;
}

int hg_tok_find(const hg_tokenizer *t, const char *s) {
    int n = (int)strlen(s);
    for (int i = 0; i < t->n; i++)
        if (t->len[i] == n && !memcmp(t->piece[i], s, (size_t)n)) return i;
    return -1;
}

int hg_tok_is_stop(const hg_tokenizer *t, int id) {
    for (int i = 0; i < t->n_stop; i++)
        if (t->stop[i] == id) return 1;
    return id == t->eos;
}

int hg_tok_decode(const hg_tokenizer *t, int id, int after_bos, char *buf, int cap) {
    if (id < 0 || id >= t->n) return 0;
    const char *p = t->piece[id];
    int n = t->len[id], b;
    if (t->kind[id] == HG_PIECE_CONTROL || t->kind[id] == HG_PIECE_UNUSED) return 0;
    if (t->type == 2) {
        if (n > cap) n = cap;
        memcpy(buf, p, (size_t)n);
        return n;
    }
    if (t->kind[id] == HG_PIECE_BYTE && hg_tok_hex_byte(p, n, &b)) { buf[0] = (char)b; return 1; }
    int o = 0;
    for (int i = 0; i < n && o < cap; i++) {
        if (i + 2 < n && !memcmp(p + i, "\xe2\x96\x81", 3)) { buf[o++] = ' '; i += 2; }
        else buf[o++] = p[i];
    }
    if (after_bos && (t->flags & HG_TOK_DUMMY_PREFIX) && o > 0 && buf[0] == ' ') { memmove(buf, buf + 1, (size_t)o - 1); o--; }
    return o;
}

/* ---------------------------------------------------------- chat templates */
/* Chat templates live with the tokenizer, as in Hugging Face's tokenizer config: which template a
 * model takes follows from its special tokens. Errors are returned like the rest of this part: -1
 * with a one-line message in err (a special token the template needs is missing, out of memory). */

static const char *const hg_chat_template_names[] = {"llama2", "llama3", "chatml", "phi3"};

const char *hg_chat_template_name(int tpl) {
    return tpl >= 0 && tpl < (int)(sizeof hg_chat_template_names / sizeof *hg_chat_template_names)
               ? hg_chat_template_names[tpl] : "unknown";
}

/* which chat template the tokenizer's special tokens call for */
int hg_chat_template(const hg_tokenizer *t) {
    if (hg_tok_find(t, "<|im_start|>") >= 0 && hg_tok_find(t, "<|im_end|>") >= 0) return HG_TPL_CHATML;
    if (hg_tok_find(t, "<|start_header_id|>") >= 0) return HG_TPL_LLAMA3;
    if (hg_tok_find(t, "<|user|>") >= 0 && hg_tok_find(t, "<|assistant|>") >= 0 &&
        hg_tok_find(t, "<|end|>") >= 0) return HG_TPL_PHI3;
    return HG_TPL_LLAMA2;
}

static int hg_chat_push(hg_ids *ids, int id, char *err, size_t errlen) {
    if (hg_ids_push(ids, id)) { hg_errf(err, errlen, "out of memory"); return -1; }
    return 0;
}

static int hg_chat_special(const hg_tokenizer *t, hg_ids *ids, const char *name, char *err, size_t errlen) {
    int id = hg_tok_find(t, name);
    if (id < 0) {
        hg_errf(err, errlen, "chat template needs the special token %s, which the tokenizer lacks", name);
        return -1;
    }
    return hg_chat_push(ids, id, err, errlen);
}

static int hg_chat_text(const hg_tokenizer *t, const char *text, hg_ids *ids, char *err, size_t errlen) {
    return hg_tok_encode(t, text, strlen(text), ids, err, errlen);
}

/* text a followed by text b, tokenized as one piece of text */
static int hg_chat_text2(const hg_tokenizer *t, const char *a, const char *b, hg_ids *ids, char *err, size_t errlen) {
    size_t na = strlen(a), nb = strlen(b);
    char *text = hg_tok_calloc(na + nb + 1, 1, err, errlen);
    if (!text) return -1;
    memcpy(text, a, na);
    memcpy(text + na, b, nb);
    int r = hg_tok_encode(t, text, na + nb, ids, err, errlen);
    free(text);
    return r;
}

/* SentencePiece text that continues other text: no dummy prefix (torchtune's
 * trim_leading_whitespace, which encodes "\n" + text and drops the tokens of
 * "\n"); trailing spaces dropped as Phi-3's HF template tokenizes them */
static int hg_chat_text_cont(const hg_tokenizer *t, const char *text, hg_ids *ids, char *err, size_t errlen) {
    size_t n = strlen(text);
    while (n && text[n - 1] == ' ') n--;
    hg_tokenizer u = *t;
    u.flags &= ~HG_TOK_DUMMY_PREFIX;
    return hg_tok_encode(&u, text, n, ids, err, errlen);
}

/* Phi-3: <|role|> "\n" content <|end|> "\n"; content tokenized as a continuation (SentencePiece) */
static int hg_phi3_block(const hg_tokenizer *t, const char *role, const char *content, hg_ids *ids, char *err,
                         size_t errlen) {
    if (hg_chat_special(t, ids, role, err, errlen)) return -1;
    if (t->type == 1) {
        if (hg_chat_text(t, "\n", ids, err, errlen) || hg_chat_text_cont(t, content, ids, err, errlen)) return -1;
    } else if (hg_chat_text2(t, "\n", content, ids, err, errlen)) return -1;
    if (hg_chat_special(t, ids, "<|end|>", err, errlen)) return -1;
    return hg_chat_text(t, "\n", ids, err, errlen);
}

/* The ids of one chat turn: the system prompt (first turn), the user's
 * message, and the opening of the assistant's reply. A later turn first closes
 * the previous reply (generation stopped at its end token without feeding it).
 * ChatML (Qwen2, SmolLM2): <|im_start|>role\n...<|im_end|>\n; Llama 3 header
 * blocks; Phi-3 <|user|>\n...<|end|>\n; else Llama 2 [INST]. No default system
 * prompt is added. */
int hg_chat_turn_ids(const hg_tokenizer *t, int first, const char *system, const char *user, hg_ids *ids, char *err,
                     size_t errlen) {
    int tpl = hg_chat_template(t), bos = first && (t->flags & HG_TOK_ADD_BOS) && t->bos >= 0;
    int has_system = first && system && *system;
    if (tpl == HG_TPL_CHATML) {
        if (!first && (hg_chat_special(t, ids, "<|im_end|>", err, errlen) || hg_chat_text(t, "\n", ids, err, errlen)))
            return -1;
        if (bos && hg_chat_push(ids, t->bos, err, errlen)) return -1;
        if (has_system && (hg_chat_special(t, ids, "<|im_start|>", err, errlen) ||
                           hg_chat_text2(t, "system\n", system, ids, err, errlen) ||
                           hg_chat_special(t, ids, "<|im_end|>", err, errlen) || hg_chat_text(t, "\n", ids, err, errlen)))
            return -1;
        if (hg_chat_special(t, ids, "<|im_start|>", err, errlen) || hg_chat_text2(t, "user\n", user, ids, err, errlen) ||
            hg_chat_special(t, ids, "<|im_end|>", err, errlen) || hg_chat_text(t, "\n", ids, err, errlen) ||
            hg_chat_special(t, ids, "<|im_start|>", err, errlen) || hg_chat_text(t, "assistant\n", ids, err, errlen))
            return -1;
        return 0;
    }
    if (tpl == HG_TPL_PHI3) {
        if (!first && (hg_chat_special(t, ids, "<|end|>", err, errlen) || hg_chat_text(t, "\n", ids, err, errlen)))
            return -1;
        if (bos && hg_chat_push(ids, t->bos, err, errlen)) return -1;
        if (has_system && hg_phi3_block(t, "<|system|>", system, ids, err, errlen)) return -1;
        if (hg_phi3_block(t, "<|user|>", user, ids, err, errlen) ||
            hg_chat_special(t, ids, "<|assistant|>", err, errlen) || hg_chat_text(t, "\n", ids, err, errlen))
            return -1;
        return 0;
    }
    if (tpl == HG_TPL_LLAMA3) {
        if (first) {
            if (hg_chat_special(t, ids, "<|begin_of_text|>", err, errlen)) return -1;
            if (system && *system &&
                (hg_chat_special(t, ids, "<|start_header_id|>", err, errlen) || hg_chat_text(t, "system", ids, err, errlen) ||
                 hg_chat_special(t, ids, "<|end_header_id|>", err, errlen) || hg_chat_text(t, "\n\n", ids, err, errlen) ||
                 hg_chat_text(t, system, ids, err, errlen) || hg_chat_special(t, ids, "<|eot_id|>", err, errlen)))
                return -1;
        } else if (hg_chat_special(t, ids, "<|eot_id|>", err, errlen)) return -1;
        if (hg_chat_special(t, ids, "<|start_header_id|>", err, errlen) || hg_chat_text(t, "user", ids, err, errlen) ||
            hg_chat_special(t, ids, "<|end_header_id|>", err, errlen) || hg_chat_text(t, "\n\n", ids, err, errlen) ||
            hg_chat_text(t, user, ids, err, errlen) || hg_chat_special(t, ids, "<|eot_id|>", err, errlen) ||
            hg_chat_special(t, ids, "<|start_header_id|>", err, errlen) || hg_chat_text(t, "assistant", ids, err, errlen) ||
            hg_chat_special(t, ids, "<|end_header_id|>", err, errlen) || hg_chat_text(t, "\n\n", ids, err, errlen))
            return -1;
        return 0;
    }
    size_t n = strlen(user) + (system ? strlen(system) : 0) + 64;
    char *text = hg_tok_calloc(n, 1, err, errlen);
    if (!text) return -1;
    if (has_system) snprintf(text, n, "[INST] <<SYS>>\n%s\n<</SYS>>\n\n%s [/INST]", system, user);
    else snprintf(text, n, "[INST] %s [/INST]", user);
    int r = (!first && t->eos >= 0 && hg_chat_push(ids, t->eos, err, errlen)) ||
            (t->bos >= 0 && hg_chat_push(ids, t->bos, err, errlen)) || hg_chat_text(t, text, ids, err, errlen);
    free(text);
    return r ? -1 : 0;
}
