/* test_engine.c - the engine's contract (higgs.h): errors returned with a message for bad
 * arguments, bad token ids, a full context and every failed allocation; sessions on one model
 * independent of each other, run one after the other or from two threads at once; rewind and
 * prefix copies that give the logits a fresh evaluation gives. Built plain, with ASan+UBSan and
 * with TSan by test_all.sh:
 *   cc -O1 -g -std=c11 -D_GNU_SOURCE -fsanitize=thread -o tests/test_engine_tsan tests/test_engine.c -lm -lpthread
 * Runs from the repository root (the bundled model). */
#define HIGGS_IMPLEMENTATION
#include "../higgs.h"

#include <pthread.h>

static const char *MODEL = "models/brown-higgs4.higgs";
static int passed, failed;
static void check(int ok, const char *name, const char *detail) {
    if (ok) { passed++; printf("PASS %s\n", name); }
    else { failed++; printf("FAIL %s: %s\n", name, detail); }
}

/* an error of this code with a non-empty message */
static void check_error(int rc, const hg_error *e, int code, const char *name) {
    char detail[600];
    snprintf(detail, sizeof detail, "returned %d (want %d), message '%.500s'", rc, code, e->msg);
    check(rc == code && e->code == code && e->msg[0], name, detail);
}

static void test_bad_calls(hg_model *m) {
    hg_error e;
    const hg_config *c = hg_model_config(m);
    hg_model *none = hg_model_open("/nonexistent/model.higgs", NULL, &e);
    check_error(none ? 0 : e.code, &e, HG_E_FILE, "open_missing_file");
    hg_model_params bad = {-3, NULL, 0, 0, 0, NULL, NULL};
    check_error(hg_model_open(MODEL, &bad, &e) ? 0 : e.code, &e, HG_E_ARG, "open_negative_threads");
    hg_model_params badtok = {1, NULL, 0, 0, 0, "/nonexistent/tokenizer.bin", NULL};
    check_error(hg_model_open(MODEL, &badtok, &e) ? 0 : e.code, &e, HG_E_FILE, "open_missing_tokenizer");
    hg_session_params sp = {.n_ctx = c->seq_len + 1};
    check_error(hg_session_new(m, &sp, &e) ? 0 : e.code, &e, HG_E_ARG, "session_context_over_model");
    sp = (hg_session_params){.n_ctx = 16, .kv_type = 99};
    check_error(hg_session_new(m, &sp, &e) ? 0 : e.code, &e, HG_E_ARG, "session_unknown_kv_type");
    sp = (hg_session_params){.n_ctx = 16, .n_batch = HG_MAX_BATCH + 1};
    check_error(hg_session_new(m, &sp, &e) ? 0 : e.code, &e, HG_E_ARG, "session_batch_too_large");

    sp = (hg_session_params){.n_ctx = 16, .n_batch = 8};
    hg_session *s = hg_session_new(m, &sp, &e);
    if (!s) { check(0, "session_new", e.msg); return; }
    int ids[20] = {1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23};
    int bad_id[2] = {1, c->vocab_size};
    check_error(hg_session_eval(s, bad_id, 2, 0, 0, &e), &e, HG_E_TOKEN, "eval_token_id_past_vocab");
    bad_id[1] = -1;
    check_error(hg_session_eval(s, bad_id, 2, 0, 0, &e), &e, HG_E_TOKEN, "eval_negative_token_id");
    check(hg_session_pos(s) == 0, "eval_error_evaluates_nothing", "position moved");
    check_error(hg_session_eval(s, ids, 17, 0, 0, &e), &e, HG_E_CONTEXT, "eval_past_context");
    check_error(hg_session_eval(s, ids, 0, 0, 0, &e), &e, HG_E_ARG, "eval_no_tokens");
    check_error(hg_session_eval(s, NULL, 1, 0, 0, &e), &e, HG_E_ARG, "eval_null_tokens");
    check_error(hg_session_eval(s, ids, 2, 5, 0, &e), &e, HG_E_ARG, "eval_position_gap");
    check_error(hg_session_eval(s, ids, 9, 0, HG_EVAL_ALL_LOGITS, &e), &e, HG_E_ARG, "eval_all_logits_over_batch");
    check_error(hg_session_eval(s, ids, 2, 0, 0x40, &e), &e, HG_E_ARG, "eval_unknown_flag");
    check(hg_session_eval(s, ids, 16, 0, 0, &e) == 0, "eval_fills_context", e.msg);
    check_error(hg_session_eval(s, ids, 1, 16, 0, &e), &e, HG_E_CONTEXT, "eval_when_full");
    check(hg_session_logits(s, -1) != NULL && hg_session_logits(s, 0) == NULL, "logits_last_only", "");
    check_error(hg_session_rewind(s, 17, &e), &e, HG_E_ARG, "rewind_past_end");
    hg_sampler_params bp = {-1.0f, 0, 0, 0, 0, 0, 0, 0, 1};
    check_error(hg_sampler_new(m, &bp, &e) ? 0 : e.code, &e, HG_E_ARG, "sampler_negative_temperature");
    bp = (hg_sampler_params){1.0f, 2.0f, 0, 0, 0, 0, 0, 0, 1};
    check_error(hg_sampler_new(m, &bp, &e) ? 0 : e.code, &e, HG_E_ARG, "sampler_top_p_over_1");
    hg_sampler *smp = hg_sampler_new(m, NULL, &e);
    check(smp != NULL, "sampler_defaults", e.msg);
    check_error(hg_generate(s, smp, ids, -1, NULL, NULL, &e), &e, HG_E_ARG, "generate_negative_prompt");
    const char *empty[1] = {""};
    hg_generate_params gp = {4, empty, 1, 0, NULL, NULL};
    check_error(hg_generate(s, smp, ids, 1, &gp, NULL, &e), &e, HG_E_ARG, "generate_empty_stop_string");
    hg_session_rewind(s, 0, &e);
    hg_generate_result r;
    check_error(hg_generate(s, smp, ids, 17, NULL, &r, &e), &e, HG_E_CONTEXT, "generate_prompt_past_context");
    hg_generate_params lim = {3, NULL, 0, 0, NULL, NULL};
    int rc = hg_generate(s, smp, ids, 4, &lim, &r, &e);
    check(rc == 0 && r.n_generated <= 3 && (r.finish == HG_FINISH_LENGTH || r.finish == HG_FINISH_STOP_TOKEN), "generate_max_tokens", e.msg);
    hg_session_rewind(s, 0, &e);
    hg_generate_params all = {0, NULL, 0, 0, NULL, NULL};
    rc = hg_generate(s, smp, ids, 4, &all, &r, &e);
    check(rc == 0 && (r.finish == HG_FINISH_CONTEXT || r.finish == HG_FINISH_STOP_TOKEN) && hg_session_pos(s) <= 16,
          "generate_stops_at_full_context", e.msg);
    hg_sampler_free(smp);
    hg_session_free(s);
}

/* a stop string ends the text before it: what the callback got equals the full text cut there */
typedef struct { char text[4096]; size_t len; } Collect;
static int collect(void *user, int token, const char *text, size_t len) {
    (void)token;
    Collect *c = (Collect *)user;
    if (c->len + len < sizeof c->text) memcpy(c->text + c->len, text, len), c->len += len;
    return 0;
}

static void test_stop_strings(hg_model *m) {
    hg_error e;
    hg_session *s = hg_session_new(m, NULL, &e);
    hg_sampler *smp = hg_sampler_new(m, NULL, &e);   /* greedy */
    hg_ids ids = {0};
    hg_tokenize(m, "The jury said", 13, 1, &ids, &e);
    Collect full = {{0}, 0}, cut = {{0}, 0};
    hg_generate_params gp = {40, NULL, 0, 0, collect, &full};
    hg_generate(s, smp, ids.v, ids.n, &gp, NULL, &e);
    full.text[full.len] = 0;
    /* a stop string from the middle of the greedy text: 3 bytes starting at a third of it */
    char stop[8] = {0};
    size_t at = full.len / 3;
    memcpy(stop, full.text + at, 3);
    const char *stops[2] = {"\x01never", stop};
    hg_generate_params gc = {40, stops, 2, 0, collect, &cut};
    hg_session_rewind(s, 0, &e);
    hg_generate_result r;
    int rc = hg_generate(s, smp, ids.v, ids.n, &gc, &r, &e);
    size_t want = (size_t)(strstr(full.text, stop) - full.text);
    char detail[300];
    snprintf(detail, sizeof detail, "got %zu bytes, want %zu (stop '%s'), finish %d", cut.len, want, stop, r.finish);
    check(rc == 0 && full.len > 9 && r.finish == HG_FINISH_STOP_STRING && cut.len == want && !memcmp(cut.text, full.text, want),
          "generate_stop_string_cuts_text", detail);
    free(ids.v);
    hg_sampler_free(smp);
    hg_session_free(s);
}

/* one conversation: a prompt, then greedy decode; every step's logits into out (steps x vocab) */
typedef struct { hg_model *m; const int *prompt; int n_prompt, steps; float *out; int rc; } Conv;
static void *run_conv(void *arg) {
    Conv *c = (Conv *)arg;
    hg_error e;
    int vocab = hg_model_config(c->m)->vocab_size;
    hg_session *s = hg_session_new(c->m, NULL, &e);
    if (!s) { c->rc = -1; return NULL; }
    c->rc = hg_session_eval(s, c->prompt, c->n_prompt, 0, 0, &e);
    for (int i = 0; i < c->steps && !c->rc; i++) {
        const float *l = hg_session_logits(s, -1);
        memcpy(c->out + (size_t)i * vocab, l, (size_t)vocab * sizeof(float));
        int best = 0;
        for (int t = 1; t < vocab; t++) best = l[t] > l[best] ? t : best;
        c->rc = hg_session_eval(s, &best, 1, hg_session_pos(s), 0, &e);
    }
    hg_session_free(s);
    return NULL;
}

static void test_sessions_independent(hg_model *m) {
    int vocab = hg_model_config(m)->vocab_size, steps = 24;
    int p1[] = {1, 450, 432, 119, 287, 1082, 338, 2988, 15, 77, 1000};
    int p2[] = {1, 9, 8, 7, 6, 5, 4, 3, 2, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300};
    Conv a = {m, p1, (int)(sizeof p1 / sizeof p1[0]), steps, calloc((size_t)steps * vocab, sizeof(float)), 0};
    Conv b = {m, p2, (int)(sizeof p2 / sizeof p2[0]), steps, calloc((size_t)steps * vocab, sizeof(float)), 0};
    run_conv(&a);
    run_conv(&b);
    Conv a2 = a, b2 = b;
    a2.out = calloc((size_t)steps * vocab, sizeof(float));
    b2.out = calloc((size_t)steps * vocab, sizeof(float));
    pthread_t ta, tb;
    pthread_create(&ta, NULL, run_conv, &a2);
    pthread_create(&tb, NULL, run_conv, &b2);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    size_t bytes = (size_t)steps * vocab * sizeof(float);
    check(a.rc == 0 && b.rc == 0 && a2.rc == 0 && b2.rc == 0, "two_conversations_run", "an eval failed");
    check(!memcmp(a.out, a2.out, bytes) && !memcmp(b.out, b2.out, bytes), "two_threads_same_logits_as_one_after_other",
          "the logits of a conversation run beside another differ from its logits run alone");
    check(memcmp(a.out, b.out, bytes) != 0, "two_conversations_differ", "two different prompts gave the same logits");
    free(a.out); free(b.out); free(a2.out); free(b2.out);
}

/* rewind and copy_prefix: the tail evaluated after either equals a fresh evaluation of the whole */
static void test_rewind_and_copy(hg_model *m) {
    hg_error e;
    int vocab = hg_model_config(m)->vocab_size, ids[40];
    for (int i = 0; i < 40; i++) ids[i] = 1 + (i * 97) % (vocab - 1);
    hg_session *a = hg_session_new(m, NULL, &e), *b = hg_session_new(m, NULL, &e);
    size_t bytes = (size_t)vocab * sizeof(float);
    float *want = malloc(bytes), *got = malloc(bytes);
    hg_session_eval(a, ids, 25, 0, 0, &e);
    hg_session_eval(a, ids + 25, 15, 25, 0, &e);
    memcpy(want, hg_session_logits(a, -1), bytes);
    check(hg_session_copy_prefix(b, a, 25, &e) == 0 && hg_session_pos(b) == 25, "copy_prefix", e.msg);
    hg_session_eval(b, ids + 25, 15, 25, 0, &e);
    check(!memcmp(want, hg_session_logits(b, -1), bytes), "copy_prefix_then_tail_same_logits", "logits differ");
    hg_session_rewind(a, 25, &e);
    hg_session_eval(a, ids + 25, 15, hg_session_pos(a), 0, &e);
    check(!memcmp(want, hg_session_logits(a, -1), bytes), "rewind_then_tail_same_logits", "logits differ");
    hg_session_eval(a, ids, 40, 0, 0, &e);           /* an eval at 0 starts over */
    memcpy(got, hg_session_logits(a, -1), bytes);
    check(hg_session_copy_prefix(b, a, 41, &e) == HG_E_ARG, "copy_prefix_past_source", e.msg);
    hg_session_params small = {.n_ctx = 20};
    hg_session *c = hg_session_new(m, &small, &e);
    check_error(hg_session_copy_prefix(c, a, 30, &e), &e, HG_E_CONTEXT, "copy_prefix_into_small_context");
    hg_session_free(c);
    free(want); free(got);
    hg_session_free(a);
    hg_session_free(b);
}

/* hg_sessions_step: four conversations at different positions (and cache types), a token each per
 * step through one pass, give each the logits it gets alone (hg_session_eval of its token: decode's
 * kernels) bit for bit; bad calls evaluate nothing */
static void test_sessions_step(hg_model *m) {
    enum { N = 4, STEPS = 12 };
    hg_error e;
    int vocab = hg_model_config(m)->vocab_size, kv[N] = {HG_KV_F32, HG_KV_Q4, HG_KV_Q8, HG_KV_Q4}, len[N] = {5, 40, 1, 77};
    hg_session *many[N], *alone[N];
    int ok = 1, same = 1, tok[N];
    for (int i = 0; i < N; i++) {
        hg_session_params sp = {.n_ctx = 128, .kv_type = kv[i], .kv_vtype = kv[i], .n_batch = i == 0 ? 8 : 0};
        many[i] = hg_session_new(m, &sp, &e);
        alone[i] = hg_session_new(m, &sp, &e);
        int ids[80];
        for (int t = 0; t < len[i]; t++) ids[t] = 1 + (t * 131 + i * 17) % (vocab - 1);
        ok &= many[i] && alone[i] && !hg_session_eval(many[i], ids, len[i], 0, 0, &e) && !hg_session_eval(alone[i], ids, len[i], 0, 0, &e);
    }
    for (int step = 0; ok && step < STEPS; step++) {
        for (int i = 0; i < N; i++) tok[i] = 1 + (step * 211 + i * 7) % (vocab - 1);
        ok &= hg_sessions_step(many, tok, N, &e) == 0;
        for (int i = 0; ok && i < N; i++) {
            ok &= hg_session_eval(alone[i], &tok[i], 1, hg_session_pos(alone[i]), 0, &e) == 0;
            const float *a = hg_session_logits(many[i], -1), *b = hg_session_logits(alone[i], -1);
            same &= a && b && hg_session_pos(many[i]) == hg_session_pos(alone[i]) && !memcmp(a, b, (size_t)vocab * sizeof(float));
        }
    }
    check(ok, "sessions_step_runs", e.msg);
    check(same, "sessions_step_same_logits_as_alone", "a session's logits in a shared step differ from its own eval");
    int pos1 = hg_session_pos(many[1]);
    hg_session *twice[2] = {many[1], many[1]};
    check_error(hg_sessions_step(twice, tok, 2, &e), &e, HG_E_ARG, "sessions_step_same_session_twice");
    int badtok[2] = {1, vocab};
    check_error(hg_sessions_step(many, badtok, 2, &e), &e, HG_E_TOKEN, "sessions_step_bad_token");
    hg_session_params two = {.n_ctx = 16, .n_batch = 2};
    hg_session *host = hg_session_new(m, &two, &e), *three[3] = {host, many[1], many[2]};
    check_error(hg_sessions_step(three, tok, 3, &e), &e, HG_E_ARG, "sessions_step_more_than_host_batch");
    check(hg_session_pos(many[1]) == pos1 && hg_session_pos(many[0]) == len[0] + STEPS && hg_session_pos(host) == 0,
          "sessions_step_errors_evaluate_nothing", "a refused step moved a session");
    hg_session_free(host);
    for (int i = 0; i < N; i++) hg_session_free(many[i]), hg_session_free(alone[i]);
}

/* an allocator that fails its Nth call (0: never) and counts what is live */
typedef struct { long calls, fail_at, live; } FailAlloc;
static void *fail_alloc(void *user, size_t bytes) {
    FailAlloc *f = (FailAlloc *)user;
    if (++f->calls == f->fail_at) return NULL;
    void *p = aligned_alloc(64, bytes);
    if (p) f->live++;
    return p;
}
static void fail_free(void *user, void *p) { ((FailAlloc *)user)->live--; free(p); }

/* open, session, sampler, a prompt and three generated tokens, close: 0, or the first error */
static int whole_run(FailAlloc *fa, hg_error *e) {
    hg_allocator al = {fail_alloc, fail_free, fa};
    hg_model_params mp = {2, NULL, HG_LOAD_MMAP, 0, 0, NULL, &al};
    hg_model *m = hg_model_open(MODEL, &mp, e);
    if (!m) return e->code;
    hg_session_params sp = {.n_ctx = 64, .n_batch = 16};
    hg_session *s = hg_session_new(m, &sp, e);
    hg_sampler *smp = s ? hg_sampler_new(m, NULL, e) : NULL;
    int rc = s && smp ? 0 : e->code, ids[5] = {1, 450, 432, 119, 287};
    hg_generate_params gp = {3, NULL, 0, 0, NULL, NULL};
    if (!rc) rc = hg_generate(s, smp, ids, 5, &gp, NULL, e);
    hg_sampler_free(smp);
    hg_session_free(s);
    hg_model_close(m);
    return rc;
}

static void test_allocation_failures(void) {
    FailAlloc count = {0, 0, 0};
    hg_error e;
    int rc = whole_run(&count, &e);
    char detail[700];
    snprintf(detail, sizeof detail, "rc %d '%.500s', %ld allocations, %ld live after", rc, e.msg, count.calls, count.live);
    check(rc == 0 && count.calls > 10 && count.live == 0, "allocator_serves_every_engine_buffer", detail);
    int bad = 0;
    detail[0] = 0;
    for (long n = 1; n <= count.calls; n++) {
        FailAlloc fa = {0, n, 0};
        memset(&e, 0, sizeof e);
        rc = whole_run(&fa, &e);
        if ((rc != HG_E_NOMEM || !e.msg[0] || fa.live != 0) && !bad++)
            snprintf(detail, sizeof detail, "allocation %ld failing: rc %d, '%.500s', %ld buffers left", n, rc, e.msg, fa.live);
    }
    char name[96];
    snprintf(name, sizeof name, "each_of_%ld_allocations_failing_returns_nomem_and_frees_all", count.calls);
    check(bad == 0, name, detail);
}

int main(void) {
    hg_error e;
    hg_model_params mp = {2, NULL, 0, 0, 0, NULL, NULL};
    hg_model *m = hg_model_open(MODEL, &mp, &e);
    if (!m) { printf("FAIL open %s: %s\n0 passed, 1 failed\n", MODEL, e.msg); return 1; }
    test_bad_calls(m);
    test_stop_strings(m);
    test_sessions_independent(m);
    test_rewind_and_copy(m);
    test_sessions_step(m);
    hg_model_close(m);
    test_allocation_failures();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
