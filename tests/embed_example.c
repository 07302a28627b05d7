/* embed_example.c - higgs.c inside your own program: one model, two conversations taking turns
 * token by token, each in its own session (its KV cache and position) with its own sampler.
 *   cc -O2 -std=c11 -D_GNU_SOURCE -march=native -o embed_example tests/embed_example.c -lm -lpthread
 *   ./embed_example [model.higgs]
 * Prints each reply as "A: ..." and "B: ..." lines. `make check` runs it and compares each reply with
 * `run -m chat` given the same system prompt and message at temperature 0. */
#define HIGGS_IMPLEMENTATION          /* exactly one file of a program compiles the library */
#include "../higgs.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name, *system, *user;
    hg_session *session;
    hg_sampler *sampler;
    int left;                         /* tokens it may still add: the context's free positions */
    char reply[8192];
    size_t len;
} Conversation;

static int fail(const char *what, const hg_error *e) {
    fprintf(stderr, "embed_example: %s: %s\n", what, e->msg);
    return 1;
}

/* a session for the conversation, its chat turn evaluated */
static int start(hg_model *m, Conversation *c, hg_error *e) {
    hg_sampler_params greedy = {0};   /* temperature 0: the most probable token */
    c->session = hg_session_new(m, NULL, e);
    c->sampler = c->session ? hg_sampler_new(m, &greedy, e) : NULL;
    if (!c->sampler) return -1;
    hg_ids ids = {0};
    int rc = hg_chat_apply(m, 1, c->system, c->user, &ids, e);
    if (!rc) rc = hg_session_eval(c->session, ids.v, ids.n, 0, 0, e);
    c->left = hg_session_ctx(c->session) - ids.n;
    free(ids.v);
    return rc;
}

/* one token of the reply: sampled, appended, evaluated when another may follow; 0 when it ended */
static int step(hg_model *m, Conversation *c, hg_error *e, int *rc) {
    int token = hg_sampler_sample(c->sampler, hg_session_logits(c->session, -1));
    if (hg_tok_is_stop(hg_model_tokenizer(m), token) || c->left == 0) return 0;
    char piece[256];
    int n = hg_detokenize(m, token, c->len == 0, piece, (int)sizeof piece);
    if (c->len + (size_t)n < sizeof c->reply) memcpy(c->reply + c->len, piece, (size_t)n), c->len += (size_t)n;
    if (--c->left == 0) return 0;     /* the context is full: the last token is not evaluated */
    *rc = hg_session_eval(c->session, &token, 1, hg_session_pos(c->session), 0, e);
    return *rc == 0;
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "models/brown-higgs4.higgs";
    hg_error e;
    hg_model *m = hg_model_open(path, NULL, &e);   /* NULL: default threads, load, kernels */
    if (!m) return fail("open", &e);
    Conversation conv[2] = {
        {"A", "You are terse.", "Tell me about the jury.", NULL, NULL, 0, "", 0},
        {"B", "", "What did the committee say about the city?", NULL, NULL, 0, "", 0},
    };
    int rc = 0;
    for (int i = 0; i < 2 && !rc; i++)
        if (start(m, &conv[i], &e)) rc = fail(conv[i].name, &e);
    for (int active = 3; active && !rc;)             /* bit i: conversation i goes on */
        for (int i = 0; i < 2; i++)
            if ((active >> i & 1) && !step(m, &conv[i], &e, &rc)) {
                active &= ~(1 << i);
                if (rc) rc = fail(conv[i].name, &e);
            }
    for (int i = 0; i < 2; i++) {
        if (!rc) printf("%s: %.*s\n", conv[i].name, (int)conv[i].len, conv[i].reply);
        hg_sampler_free(conv[i].sampler);
        hg_session_free(conv[i].session);
    }
    hg_model_close(m);
    return rc;
}
