/* libFuzzer harnesses for everything the engine reads from untrusted bytes.
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -DFUZZ_TARGET=1 \
 *         -D_GNU_SOURCE -o fuzz_model tests/fuzz/fuzz_run.c -lm -lpthread
 * FUZZ_TARGET 1: a whole .higgs file (header, sections, config, tensor directory, tokenizer) and,
 *                when the reader accepts it, the engine's checks of its weights (model_bind)
 * FUZZ_TARGET 2: text through a tokenizer (encode + decode); the first byte picks it: the
 *                SentencePiece one of models/brown-f16.higgs, or the byte-level one of
 *                tests/fuzz/seeds-model/tiny-bytelevel-qwen2.higgs with pre-tokenizer 1-4
 * FUZZ_TARGET 3: a llama2.c tokenizer.bin
 * FUZZ_TARGET 4: a JSON text through src/json.h (the server's request bodies): parsed with a small
 *                token cap and depth, then every token read back (strings decoded, numbers,
 *                members looked up), and the bytes written as a JSON string
 * FUZZ_TARGET 5: an HTTP request head through src/http.h (the server's connections), whole and cut
 *                short: a prefix of a valid head is incomplete or the same error, never valid
 * The reader, the tokenizer and the engine return their errors and free what they allocated, so
 * every target runs with leak detection on. */
#ifndef FUZZ_TARGET
#define FUZZ_TARGET 1
#endif

#if FUZZ_TARGET <= 3                  /* the engine's targets (the server's parsers build in seconds without it) */
#define HIGGS_IMPLEMENTATION
#include "../../higgs.h"
#endif
#include "../../src/http.h"
#include "../../src/json.h"

#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#if FUZZ_TARGET <= 3
static hg_file f;

static void load_model_bytes(const uint8_t *data, size_t size) {
    memset(&f, 0, sizeof f);
    f.map = (uint8_t *)data;
    f.size = size;
    char err[512];
    if (hg_parse(&f, err, sizeof err) == 0) {
        hg_tokenizer t;
        if (f.tok && hg_tok_load(&t, f.tok, f.tok_size, f.cfg.vocab_size, err, sizeof err) == 0) {
            hg_ids ids = {0};
            static const char probe[] = "Hello world, 123 \n\t\xe2\x96\x81 caf\xc3\xa9! <s>";
            hg_tok_encode(&t, probe, sizeof probe - 1, &ids, err, sizeof err);
            char buf[4096];
            for (int i = 0; i < ids.n; i++) hg_tok_decode(&t, ids.v[i], i == 0, buf, (int)sizeof buf);
            free(ids.v);
            hg_tok_free(&t);
        }
        if (hg_verify_data(&f)) { /* exercise the data CRC on accepted files too */ }
        hg_model m;                        /* the tensors the forward pass would read, checked */
        memset(&m, 0, sizeof m);
        m.file = f;
        hg_error e;
        model_bind(&m, &e);
        hg_buf_free(NULL, m.layers);
        hg_buf_free(NULL, m.inv_freq);
    }
    free(f.tensors);
    f.tensors = NULL;
}

#endif

#if FUZZ_TARGET == 2
static hg_tokenizer g_tok, g_tok_bl;
static int g_tok_ready;

static void load_tok(hg_tokenizer *t, const char *path) {
    hg_file m;
    char err[512];
    if (hg_open(&m, path, err, sizeof err) || hg_tok_load(t, m.tok, m.tok_size, m.cfg.vocab_size, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        abort();
    }
    hg_close(&m);                          /* the tokenizer holds copies of its pieces */
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#if FUZZ_TARGET == 1
    load_model_bytes(data, size);
#elif FUZZ_TARGET == 2
    if (!g_tok_ready) {
        load_tok(&g_tok, "models/brown-f16.higgs");
        load_tok(&g_tok_bl, "tests/fuzz/seeds-model/tiny-bytelevel-qwen2.higgs");
        g_tok_ready = 1;
    }
    hg_tokenizer *t = &g_tok;
    if (size && data[0] % 5) {            /* byte-level, pre-tokenizer 1-4 */
        t = &g_tok_bl;
        t->pretok = data[0] % 5;
    }
    hg_ids ids = {0};
    char err[512];
    hg_tok_encode(t, (const char *)data, size, &ids, err, sizeof err);
    char buf[65536 * 3];
    for (int i = 0; i < ids.n; i++) hg_tok_decode(t, ids.v[i], i == 0, buf, (int)sizeof buf);
    free(ids.v);
#elif FUZZ_TARGET == 4
    static js_tok toks[512];
    js_doc d = {toks, 512, 0, 16, {0}, 0};
    if (js_parse(&d, (const char *)data, size) == 0) {
        char buf[256];
        double v;
        for (int i = 0; i < d.n; i++) {
            if (toks[i].end <= i || toks[i].end > d.n) abort();   /* subtree ends are well formed */
            js_string(&d, (const char *)data, i, buf, sizeof buf);
            js_number(&d, (const char *)data, i, &v);
            js_find(&d, (const char *)data, i, "messages");
            js_at(&d, i, toks[i].count - 1);
        }
    }
    js_buf b = {0};
    b.limit = 1 << 20;
    js_str(&b, (const char *)data, size);
    if (!b.full && js_parse(&d, b.p, b.n)) abort();             /* what js_str writes is valid JSON */
    free(b.p);
#elif FUZZ_TARGET == 5
    static const http_limits lim = {4096, 32, 65536};
    http_request r, cut;
    int rc = http_parse_head((const char *)data, size, &lim, &r);
    if (rc == 1 && (r.head_len > size || r.content_length > lim.max_body)) abort();
    if (rc == 1 && r.head_len > 1 && http_parse_head((const char *)data, r.head_len - 1, &lim, &cut) == 1) abort();
#else
    hg_tokenizer t;
    char err[512];
    if (hg_tok_load_llama2c(&t, data, size, "fuzz", 512, err, sizeof err) == 0) {
        hg_ids ids = {0};
        hg_tok_encode(&t, "The jury said 1961.", 19, &ids, err, sizeof err);
        free(ids.v);
        hg_tok_free(&t);
    }
#endif
    return 0;
}
