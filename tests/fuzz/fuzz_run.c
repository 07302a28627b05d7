/* libFuzzer harnesses for everything run.c reads from untrusted bytes.
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -DHIGGS_FUZZ -DFUZZ_TARGET=1 \
 *         -D_GNU_SOURCE -o fuzz_model tests/fuzz/fuzz_run.c -lm -lpthread
 * FUZZ_TARGET 1: a whole .higgs file (header, sections, config, tensor directory, tokenizer)
 * FUZZ_TARGET 2: text through a tokenizer (encode + decode); the first byte picks it: the
 *                SentencePiece one of models/brown-f16.higgs, or the byte-level one of
 *                tests/fuzz/seeds-model/tiny-bytelevel-qwen2.higgs with pre-tokenizer 1-4
 * FUZZ_TARGET 3: a llama2.c tokenizer.bin
 * run.c's die() returns here by longjmp when HIGGS_FUZZ is defined; the harness then frees what
 * run.c's xcalloc handed out for that input (the loaders free nothing before they fail), so a
 * long run does not grow. Other allocations on those paths (realloc'd id lists) would leak:
 * leak detection stays on. */
#include "../../run.c"

#include <stdio.h>
#include <unistd.h>

#ifndef FUZZ_TARGET
#define FUZZ_TARGET 1
#endif

static hg_file f;                      /* static: a rejected tokenizer longjmps past its free */

static void load_model_bytes(const uint8_t *data, size_t size) {
    memset(&f, 0, sizeof f);
    f.map = (uint8_t *)data;
    f.size = size;
    char err[512];
    if (hg_parse(&f, err, sizeof err) == 0) {
        Tokenizer t;
        if (f.tok) {
            tok_load_section(&t, f.tok, f.tok_size, f.cfg.vocab_size);
            Ids ids = {0};
            static const char probe[] = "Hello world, 123 \n\t\xe2\x96\x81 caf\xc3\xa9! <s>";
            tok_encode(&t, probe, sizeof probe - 1, &ids);
            char buf[4096];
            for (int i = 0; i < ids.n; i++) tok_decode(&t, ids.v[i], i == 0, buf, (int)sizeof buf);
            free(ids.v);
            tok_free(&t);
        }
        if (hg_verify_data(&f)) { /* exercise the data CRC on accepted files too */ }
    }
    free(f.tensors);
    f.tensors = NULL;
}

#if FUZZ_TARGET == 2
static Tokenizer g_tok, g_tok_bl;
static int g_tok_ready;

static void load_tok(Tokenizer *t, const char *path) {
    hg_file f;
    char err[512];
    if (hg_open(&f, path, err, sizeof err)) { fprintf(stderr, "%s\n", err); abort(); }
    tok_load_section(t, f.tok, f.tok_size, f.cfg.vocab_size);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    g_fuzz_n_allocs = 0;
    if (setjmp(g_fuzz_exit)) {            /* an input run.c rejected: free what it had allocated */
#if FUZZ_TARGET != 2                      /* (the text harness's tokenizer is loaded once, outside) */
        for (int i = 0; i < g_fuzz_n_allocs; i++) free(g_fuzz_allocs[i]);
#endif
        g_fuzz_n_allocs = 0;
        free(f.tensors);
        f.tensors = NULL;
        return 0;
    }
#if FUZZ_TARGET == 1
    load_model_bytes(data, size);
#elif FUZZ_TARGET == 2
    if (!g_tok_ready) {
        load_tok(&g_tok, "models/brown-f16.higgs");
        load_tok(&g_tok_bl, "tests/fuzz/seeds-model/tiny-bytelevel-qwen2.higgs");
        g_tok_ready = 1;
    }
    Tokenizer *t = &g_tok;
    if (size && data[0] % 5) {            /* byte-level, pre-tokenizer 1-4 */
        t = &g_tok_bl;
        t->pretok = data[0] % 5;
    }
    Ids ids = {0};
    tok_encode(t, (const char *)data, size, &ids);
    char buf[65536 * 3];
    for (int i = 0; i < ids.n; i++) tok_decode(t, ids.v[i], i == 0, buf, (int)sizeof buf);
    free(ids.v);
#else
    char path[64];
    snprintf(path, sizeof path, "/tmp/fuzz-tokenizer-%d.bin", (int)getpid());
    FILE *fp = fopen(path, "wb");
    if (!fp) return 0;
    fwrite(data, 1, size, fp);
    fclose(fp);
    Tokenizer t;
    tok_load_llama2c(&t, path, 512);
    Ids ids = {0};
    tok_encode(&t, "The jury said 1961.", 19, &ids);
    free(ids.v);
    tok_free(&t);
#endif
    return 0;
}
