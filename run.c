/* run.c - the command line over the higgs.c engine: Llama-family models stored as .higgs files.
 *
 *   ./run model.higgs -i "Once upon a time"      generate
 *   ./run model.higgs -m chat                    chat (the model's chat template)
 *   ./run model.higgs -m ppl -f text.txt         perplexity (--kld BASE: KL divergence from BASE)
 *   ./run --info model.higgs, ./run --verify model.higgs
 *
 * In the spirit of llama2.c's loops: options, then one function per mode. The model, the forward
 * pass, the KV cache, the sampler and the generation loop are the engine's (higgs.h, src/): it
 * returns errors; this file turns them into one line on stderr and exit status 1.
 */
#define HIGGS_IMPLEMENTATION
#include "higgs.h"
#include "src/server.h"               /* -m serve */

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------- errors */

static char g_out_tmp[4200];          /* the -o file being written (out_open): removed on an error or a signal */

static _Noreturn void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "run: error: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    if (g_out_tmp[0]) unlink(g_out_tmp);
    exit(1);
}

/* an engine call's error, as the one line it carries */
static void check(int rc, const hg_error *e) {
    if (rc) die("%s", e->msg);
}

/* -o outputs appear whole or not at all: written to PATH.tmp.PID, renamed by out_close */
static void out_on_signal(int sig) {
    if (g_out_tmp[0]) unlink(g_out_tmp);
    signal(sig, SIG_DFL);
    raise(sig);
}

static FILE *out_open(const char *path, const char *mode) {
    if ((size_t)snprintf(g_out_tmp, sizeof g_out_tmp, "%s.tmp.%ld", path, (long)getpid()) >= sizeof g_out_tmp)
        g_out_tmp[0] = 0, die("output path too long: %s", path);
    signal(SIGINT, out_on_signal);
    signal(SIGTERM, out_on_signal);
    signal(SIGXFSZ, SIG_IGN);         /* a file-size limit fails the write (and removes the file) instead of killing us */
    FILE *f = fopen(g_out_tmp, mode);
    if (!f) {
        g_out_tmp[0] = 0;
        die("cannot create %s: %s", path, strerror(errno));
    }
    return f;
}

static void out_close(FILE *f, const char *path) {
    if (fclose(f)) die("writing %s failed", path);
    if (rename(g_out_tmp, path)) die("cannot write %s: %s", path, strerror(errno));
    g_out_tmp[0] = 0;
}

/* ------------------------------------------------------------ helpers */

static double now_sec(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) die("out of memory allocating %zu x %zu bytes", n, size);
    return p;
}

static void ids_push(hg_ids *a, int id) { if (hg_ids_push(a, id)) die("out of memory"); }

static char *read_file(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) die("%s is not a regular file", path);
    char *buf = xcalloc((size_t)st.st_size + 1, 1);
    *n = fread(buf, 1, (size_t)st.st_size, f);
    fclose(f);
    return buf;
}

/* token ids from a text file of whitespace-separated integers */
static void read_ids(const char *path, int limit, hg_ids *ids) {
    size_t n;
    char *text = read_file(path, &n), *p = text;
    for (;;) {
        while (*p && isspace((unsigned char)*p)) p++;
        if (!*p) break;
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (end == p || errno || v < 0 || v >= limit || (*end && !isspace((unsigned char)*end))) {
            int tl = 0;
            while (tl < 20 && p[tl] && !isspace((unsigned char)p[tl])) tl++;
            die("%s: token id '%.*s' is not an integer in [0, %d)", path, tl, p, limit);
        }
        ids_push(ids, (int)v);
        p = end;
    }
    free(text);
}

/* the whole file, tokenized once, after BOS where the tokenizer adds one (perplexity) */
static hg_ids tokenize_file(const hg_model *m, const char *path) {
    size_t n;
    char *text = read_file(path, &n);
    const hg_tokenizer *t = hg_model_tokenizer(m);
    hg_ids ids = {0};
    hg_error e;
    check(hg_tokenize(m, text, n, (t->flags & HG_TOK_ADD_BOS) && t->bos >= 0, &ids, &e), &e);
    free(text);
    return ids;
}

static void print_bytes(const char *buf, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)buf[i];
        if (ch < 32 && ch != '\n' && ch != '\t') continue;   /* no raw control bytes */
        putchar(ch);
    }
    fflush(stdout);
}

static void print_piece(const hg_model *m, int id, int after_bos) {
    char buf[65536 * 3];
    print_bytes(buf, (size_t)hg_detokenize(m, id, after_bos, buf, (int)sizeof buf));
}

static int print_token(void *user, int token, const char *text, size_t len) {
    (void)user, (void)token;
    print_bytes(text, len);
    return 0;
}

static int parse_int(const char *s, const char *what, long lo, long hi) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) die("%s must be an integer in [%ld, %ld], got '%s'", what, lo, hi, s);
    return (int)v;
}

static float parse_float(const char *s, const char *what, double lo, double hi) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= lo && v <= hi)) die("%s must be a number in [%g, %g], got '%s'", what, lo, hi, s);
    return (float)v;
}

/* ---------------------------------------------------------- the loops */

/* a prompt of n tokens does not fit in steps positions, and at least need are wanted: -n counts the
 * prompt (llama2.c's meaning), which a user who means "tokens to generate" cannot guess */
static _Noreturn void prompt_over_steps(const hg_model *m, int steps, int n, int need) {
    int seq_len = hg_model_config(m)->seq_len;
    if (steps < seq_len)
        die("the prompt is %d tokens and -n is %d: -n counts the prompt's tokens too (as in llama2.c), "
            "so give -n %d or more (0: the model's context, %d)", n, steps, need, seq_len);
    die("the prompt is %d tokens, longer than the model's context of %d", n, seq_len);
}

static void print_profile(const hg_session *s, int generated) {
    hg_profile p;
    hg_session_profile(s, &p);
    double ms = 1000.0 / (generated - 1);
    fprintf(stderr, "decode profile, ms per token: matrix-vector jobs %.3f, activation prep %.3f, attention %.3f, "
            "other %.3f (total %.3f)\n", p.matvec_s * ms, p.prep_s * ms, p.attention_s * ms,
            (p.forward_s - p.prep_s - p.matvec_s - p.attention_s) * ms, p.forward_s * ms);
    fprintf(stderr, "matrix-vector jobs, ms per token and weight GB/s:");
    for (int k = 0; k < HG_N_JOBS; k++)
        if (p.job_s[k] > 0) fprintf(stderr, " %s %.3f (%.1f)", hg_job_name(k), p.job_s[k] * ms, p.job_bytes[k] / p.job_s[k] / 1e9);
    fprintf(stderr, "\n");
}

static void generate(hg_session *s, hg_sampler *smp, const char *prompt, int profile, int steps) {
    const hg_model *m = hg_session_model(s);
    const hg_tokenizer *t = hg_model_tokenizer(m);
    hg_ids ids = {0};
    hg_error e;
    check(hg_tokenize(m, prompt ? prompt : "", prompt ? strlen(prompt) : 0, (t->flags & HG_TOK_ADD_BOS) && t->bos >= 0, &ids, &e), &e);
    if (ids.n == 0) die("empty prompt and the tokenizer has no BOS token to start from");
    if (steps > hg_session_ctx(s)) steps = hg_session_ctx(s);
    if (ids.n > steps) prompt_over_steps(m, steps, ids.n, ids.n);
    double t0 = now_sec();            /* nanoseconds: a tiny model's prompt takes well under a millisecond */
    check(hg_session_eval(s, ids.v, ids.n, 0, 0, &e), &e);
    double t1 = now_sec();
    for (int i = 0; i < ids.n; i++) {
        hg_sampler_accept(smp, ids.v[i]);
        if (!(i == 0 && ids.v[0] == t->bos)) print_piece(m, ids.v[i], i > 0 && ids.v[i - 1] == t->bos);
    }
    hg_session_profile_reset(s);
    /* steps positions: the reply's last token is sampled, not evaluated (as llama2.c) */
    hg_generate_params gp = {steps - ids.n + 1, NULL, 0, 0, print_token, NULL};
    hg_generate_result r;
    check(hg_generate(s, smp, NULL, 0, &gp, &r, &e), &e);
    printf("\n");
    fflush(stdout);                   /* the text ends before the stats on stderr start */
    double t2 = now_sec();
    fprintf(stderr, "prompt: %d tokens at %.1f tok/s\n", ids.n, ids.n / (t1 - t0 + 1e-9));
    if (r.n_generated > 1) fprintf(stderr, "achieved tok/s: %f\n", (r.n_generated - 1) / (t2 - t1 + 1e-9));
    if (profile && r.n_generated > 1) print_profile(s, r.n_generated);
    if (profile) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        fprintf(stderr, "memory: KV cache %.1f MB (%d positions), peak resident %.1f MB\n", hg_session_kv_bytes(s) / 1e6,
                hg_session_pos(s), ru.ru_maxrss / 1e3);
    }
    free(ids.v);
}

static void read_stdin(const char *guide, char *buf, size_t n) {
    printf("%s", guide);
    fflush(stdout);
    if (fgets(buf, (int)n, stdin)) {
        size_t len = strlen(buf);
        if (len && buf[len - 1] == '\n') buf[len - 1] = 0;
    } else buf[0] = 0;
}

/* ------------------------------------------------------------- chat */

/* A conversation as turns: the user's message, the ids that open the turn where it stands in the
 * context (the first kept turn: the template's first turn, with the system prompt; a later one: the
 * close of the reply before it, then the user's message) and the reply's ids. The context holds the
 * kept turns in order; the last reply's last id may not be evaluated yet (hg_generate samples it
 * but leaves it to the next turn). */
typedef struct { char *user; hg_ids open, reply; } Turn;

static char *xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    return memcpy(xcalloc(n, 1), s, n);
}

static void ids_append(hg_ids *a, const hg_ids *b) {
    for (int i = 0; i < b->n; i++) ids_push(a, b->v[i]);
}

/* the ids of a chat turn (the template's first turn, with the system prompt, when first is set) in
 * ids, replacing what it held; returns how many */
static int turn_ids(const hg_model *m, int first, const char *system, const char *user, hg_ids *ids) {
    hg_error e;
    ids->n = 0;
    check(hg_chat_apply(m, first, system, user, ids, &e), &e);
    return ids->n;
}

/* the longest first part of system whose first turn (with an empty message) takes at most limit
 * tokens: system is cut there, at a character boundary; returns its bytes */
static size_t cut_system(const hg_model *m, char *system, int limit, hg_ids *scratch) {
    size_t lo = 0, hi = strlen(system);            /* lo fits (nothing kept), hi does not */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2, k = mid;
        while (k > 0 && ((unsigned char)system[k] & 0xC0) == 0x80) k--;
        char c = system[k];
        system[k] = 0;
        int fits = turn_ids(m, 1, system, "", scratch) <= limit;
        system[k] = c;
        if (fits) lo = mid;
        else hi = mid;
    }
    while (lo > 0 && ((unsigned char)system[lo] & 0xC0) == 0x80) lo--;
    system[lo] = 0;
    return lo;
}

/* the shortest last part of user whose first turn takes at most limit tokens (an empty message
 * does): user is cut to it, at a character boundary; returns its bytes */
static size_t cut_user(const hg_model *m, const char *system, char *user, int limit, hg_ids *scratch) {
    size_t n = strlen(user), lo = 0, hi = n;       /* dropping lo bytes does not fit, dropping hi does */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2, k = mid;
        while (k < n && ((unsigned char)user[k] & 0xC0) == 0x80) k++;
        if (turn_ids(m, 1, system, user + k, scratch) <= limit) hi = mid;
        else lo = mid;
    }
    while (hi < n && ((unsigned char)user[hi] & 0xC0) == 0x80) hi++;
    memmove(user, user + hi, n - hi + 1);
    return n - hi;
}

/* hg_generate's callback in chat: the reply's ids kept, its text printed */
static int chat_token(void *user, int token, const char *text, size_t len) {
    if (token >= 0) ids_push((hg_ids *)user, token);
    print_bytes(text, len);
    return 0;
}

/* Chat in the session's context. -n (steps; 0: no bound) bounds each reply, and a reply also ends
 * where the conversation fills the context. Before a turn is evaluated, the turn and room for a
 * reply (min(steps, a quarter of the context), at least 1) must fit after what the context holds;
 * when they do not, the context shifts: the oldest turns are dropped (the system prompt stays, in
 * the first kept turn's template), the session rewinds to what the old and new contexts share,
 * and the rest is evaluated again. A message too long for even an empty context keeps its end; a
 * system prompt over half the context keeps its beginning. log (-o): after each turn, the ids the
 * context holds, a line each. */
static void chat(hg_session *s, hg_sampler *smp, const char *cli_user, const char *cli_system, int steps,
                 const char *log_path) {
    const hg_model *m = hg_session_model(s);
    int n_ctx = hg_session_ctx(s), room = steps && steps < n_ctx / 4 ? steps : n_ctx / 4;
    if (room < 1) room = 1;
    char system[4096] = "", user[4096];
    hg_ids ids = {0}, held = {0}, next = {0};      /* this turn's opening; the context's ids; scratch */
    Turn *turn = NULL;
    int n = 0, dropped = 0, number = 0;            /* turns held; turns dropped; turns so far */
    hg_error e;
    int bare = turn_ids(m, 1, "", "", &ids), limit = n_ctx / 2 > bare ? n_ctx / 2 : bare;
    if (bare + room > n_ctx) room = n_ctx - bare;  /* a tiny context: what the template leaves */
    if (room < 1) {                                /* as the context full before the first turn */
        fprintf(stderr, "[context full: the template's empty turn takes %d tokens, the context %d (-c)]\n", bare, n_ctx);
        free(ids.v);
        return;
    }
    FILE *log = log_path ? out_open(log_path, "w") : NULL;
    if (cli_system) snprintf(system, sizeof system, "%s", cli_system);
    else read_stdin("Enter system prompt (optional): ", system, sizeof system);
    if (turn_ids(m, 1, system, "", &ids) > limit) {
        size_t kept = cut_system(m, system, limit, &next);
        if (kept) fprintf(stderr, "[the system prompt takes over half of the context of %d: kept its first %zu bytes]\n", n_ctx, kept);
        else fprintf(stderr, "[the system prompt takes over half of the context of %d: left out]\n", n_ctx);
    }
    turn = xcalloc(1, sizeof *turn);
    for (;;) {
        if (number == 0 && cli_user) snprintf(user, sizeof user, "%s", cli_user);
        else read_stdin("User: ", user, sizeof user);
        if (!user[0] && feof(stdin)) break;
        int total = 0, len = turn_ids(m, n == 0, system, user, &ids);
        for (int i = 0; i < n; i++) total += turn[i].open.n + turn[i].reply.n;
        if (total + len + room > n_ctx) {          /* shift: drop the fewest oldest turns that make room */
            int k = 1, rest = total;
            for (; k < n; k++) {                   /* turn k first: its opening becomes the template's first */
                rest -= turn[k - 1].open.n + turn[k - 1].reply.n;
                int first = turn_ids(m, 1, system, turn[k].user, &next);
                if (rest - turn[k].open.n + first + len + room <= n_ctx) break;
            }
            if (k >= n) k = n;                     /* none: the turn alone, first in the context */
            for (int i = 0; i < k; i++) free(turn[i].user), free(turn[i].open.v), free(turn[i].reply.v);
            memmove(turn, turn + k, (size_t)(n - k) * sizeof *turn);
            n -= k, dropped += k;
            size_t cut = 0;
            if (n) {
                hg_ids t = turn[0].open;
                turn[0].open = next, next = t;
            } else if ((len = turn_ids(m, 1, system, user, &ids)) + room > n_ctx) {
                size_t was = strlen(user);
                cut_user(m, system, user, n_ctx - room, &next);
                cut = was - strlen(user);
                turn_ids(m, 1, system, user, &ids);
            }
            int kept = 0;
            for (int i = 0; i < n; i++) kept += turn[i].open.n + turn[i].reply.n;
            fflush(stdout);                        /* one line on stderr */
            char gone[64];
            if (k == 1) snprintf(gone, sizeof gone, n ? "the oldest turn" : "the earlier turn");
            else snprintf(gone, sizeof gone, n ? "the %d oldest turns" : "all %d earlier turns", k);
            if (k && n)
                fprintf(stderr, "[context full: dropped %s, kept %sthe last %d turn%s (%d tokens)", gone,
                        system[0] ? "the system prompt and " : "", n, n == 1 ? "" : "s", kept);
            else if (k) fprintf(stderr, "[context full: dropped %s%s", gone, system[0] ? ", kept the system prompt" : "");
            if (cut) fprintf(stderr, "%sthe message was cut to its last %zu bytes to fit the context of %d", k ? "; " : "[",
                             strlen(user), n_ctx);
            fprintf(stderr, "]\n");
        }
        next.n = 0;                                /* the context as it will stand: the kept turns, this one */
        for (int i = 0; i < n; i++) ids_append(&next, &turn[i].open), ids_append(&next, &turn[i].reply);
        ids_append(&next, &ids);
        /* what the old and new contexts share stays evaluated; the rest is evaluated now */
        int pos = hg_session_pos(s), same = 0;
        while (same < pos && same < held.n && same < next.n - 1 && held.v[same] == next.v[same]) same++;
        if (same < pos) {
            check(hg_session_rewind(s, same, &e), &e);
            hg_sampler_reset(smp);                 /* the penalties see the conversation as the context holds it */
            for (int i = 0; i < same; i++) hg_sampler_accept(smp, next.v[i]);
        }
        Turn *t = &turn[n];
        *t = (Turn){xstrdup(user), ids, {0}};
        ids = (hg_ids){0};
        printf("Assistant: ");
        int max = n_ctx - next.n;                  /* every id of the reply fits in the context */
        if (steps && steps < max) max = steps;
        hg_generate_params gp = {max, NULL, 0, 1, chat_token, &t->reply};
        check(hg_generate(s, smp, next.v + same, next.n - same, &gp, NULL, &e), &e);
        printf("\n");
        fflush(stdout);
        n++, number++;
        held.n = 0;
        ids_append(&held, &next);
        ids_append(&held, &t->reply);
        if (log) {
            fprintf(log, "turn %d: first %d, held %d, opening %d, reply %d:", number - 1, dropped, held.n, t->open.n,
                    t->reply.n);
            for (int i = 0; i < held.n; i++) fprintf(log, " %d", held.v[i]);
            fprintf(log, "\n");
            fflush(log);
        }
        if (cli_user) break;
        Turn *grown = realloc(turn, (size_t)(n + 1) * sizeof *turn);
        if (!grown) die("out of memory");
        turn = grown;
    }
    if (log) out_close(log, log_path);
    for (int i = 0; i < n; i++) free(turn[i].user), free(turn[i].open.v), free(turn[i].reply.v);
    free(turn), free(ids.v), free(held.v), free(next.v);
}

/* log-softmax of n logits into lp (double) */
static void log_softmax(const float *logits, int n, double *lp) {
    float maxv = logits[0];
    for (int i = 1; i < n; i++)
        if (logits[i] > maxv) maxv = logits[i];
    double sum = 0;
    for (int i = 0; i < n; i++) sum += exp((double)logits[i] - maxv);
    double lse = log(sum) + maxv;
    for (int i = 0; i < n; i++) lp[i] = (double)logits[i] - lse;
}

static int argmax(const float *p, int n) {
    int best = 0;
    for (int i = 1; i < n; i++)
        if (p[i] > p[best]) best = i;
    return best;
}

/* KL(P_base || P_q) for one position, from both models' logits; *same: 1 when
 * their most probable tokens agree (first index on ties) */
static double kl_of(const float *lq, const float *lb, int n, double *lpq, double *lpb, int *same) {
    log_softmax(lq, n, lpq);
    log_softmax(lb, n, lpb);
    double kl = 0;
    for (int i = 0; i < n; i++) kl += exp(lpb[i]) * (lpb[i] - lpq[i]);
    *same = argmax(lq, n) == argmax(lb, n);
    return kl > 0 ? kl : 0;   /* rounding can leave a tiny negative for identical models */
}

/* running sums over the scored positions */
typedef struct { int scored, same_top; double nll, nll_base, kl, kl2, kl_max; double *lpq, *lpb; } PplSums;

/* position p's prediction of target from the quantized (lq) and the base (lb, or NULL) logits */
static void score(PplSums *a, const float *lq, const float *lb, int vocab, int target) {
    log_softmax(lq, vocab, a->lpq);
    a->nll -= a->lpq[target];
    a->scored++;
    if (!lb) return;
    int same;
    double k = kl_of(lq, lb, vocab, a->lpq, a->lpb, &same);
    a->nll_base -= a->lpb[target];
    a->kl += k;
    a->kl2 += k * k;
    a->kl_max = k > a->kl_max ? k : a->kl_max;
    a->same_top += same;
}

/* Perplexity over the file, BOS + its tokens, cut into windows of ctx
 * tokens, each run from an empty cache. Default: non-overlapping windows,
 * every token after a window's first scored given the tokens before it in
 * the window (the last window may be short). second_half: llama.cpp's
 * protocol, only whole windows, the first token of each set to BOS, and only
 * the predictions from positions ctx/2 .. ctx-2 scored (each with at least
 * ctx/2 tokens of context). base: also the mean KL divergence of this
 * model's next-token distribution from base's, and how often their most
 * probable tokens agree, over the same scored positions. */
static void perplexity(hg_session *q, hg_session *base, const char *path, int ctx, int second_half) {
    const hg_model *m = hg_session_model(q);
    const hg_tokenizer *t = hg_model_tokenizer(m);
    hg_ids ids = tokenize_file(m, path);
    if (ids.n < 2) die("%s has too few tokens to score", path);
    int windows = second_half ? ids.n / ctx : (ids.n + ctx - 1) / ctx, vocab = hg_model_config(m)->vocab_size;
    if (windows == 0) die("--second-half needs at least one whole window: %s has %d tokens, -c is %d", path, ids.n, ctx);
    int first = second_half ? ctx / 2 : 0, batch = hg_session_batch(q);
    PplSums a = {0};
    a.lpq = xcalloc((size_t)vocab, sizeof(double));
    a.lpb = xcalloc((size_t)vocab, sizeof(double));
    int *win = xcalloc((size_t)ctx, sizeof(int));
    hg_error e;
    double start = now_sec();
    fprintf(stderr, "perplexity: %d tokens, %d windows of %d%s%s\n", ids.n, windows, ctx,
            second_half ? ", second half of each scored" : "", base ? ", KL divergence from the base model" : "");
    for (int w = 0; w < windows; w++) {
        int len = ids.n - w * ctx < ctx ? ids.n - w * ctx : ctx;
        memcpy(win, ids.v + (size_t)w * ctx, (size_t)len * sizeof(int));
        if (second_half && (t->flags & HG_TOK_ADD_BOS) && t->bos >= 0) win[0] = t->bos;
        for (int p = 0; p + 1 < len;) {
            int B = len - 1 - p < batch ? len - 1 - p : batch;
            check(hg_session_eval(q, win + p, B, p, HG_EVAL_ALL_LOGITS, &e), &e);
            if (base) check(hg_session_eval(base, win + p, B, p, HG_EVAL_ALL_LOGITS, &e), &e);
            for (int b = 0; b < B; b++, p++)
                if (p >= first) score(&a, hg_session_logits(q, b), base ? hg_session_logits(base, b) : NULL, vocab, win[p + 1]);
        }
        fprintf(stderr, "\r[%d/%d] ppl %.4f", w + 1, windows, a.scored ? exp(a.nll / a.scored) : 0.0);
        if (base && a.scored) fprintf(stderr, ", kld %.6f", a.kl / a.scored);
        fprintf(stderr, ", %.0f tok/s   ", a.scored / (now_sec() - start + 1e-9));
    }
    fprintf(stderr, "\n");
    if (!a.scored) die("%s has too few tokens to score", path);
    printf("perplexity: %.6f (%d tokens)\n", exp(a.nll / a.scored), a.scored);
    if (base) {
        double mean = a.kl / a.scored, var = a.scored > 1 ? (a.kl2 - a.scored * mean * mean) / (a.scored - 1) : 0;
        printf("base perplexity: %.6f (%d tokens)\n", exp(a.nll_base / a.scored), a.scored);
        printf("kld standard error: %.6f, max %.6f\n", sqrt(var > 0 ? var / a.scored : 0), a.kl_max);
        printf("kld x1000: %.4f +- %.5f\n", 1000 * mean, 1000 * sqrt(var > 0 ? var / a.scored : 0));
        printf("kld: %.6f (same top token %.3f%%, %d tokens)\n", mean, 100.0 * a.same_top / a.scored, a.scored);
    }
    free(win);
    free(a.lpq);
    free(a.lpb);
    free(ids.v);
}

static void dump_logits(hg_session *s, hg_ids ids, const char *out_path) {
    FILE *f = out_open(out_path, "wb");
    size_t vocab = (size_t)hg_model_config(hg_session_model(s))->vocab_size;
    hg_error e;
    for (int p = 0; p < ids.n;) {
        int B = ids.n - p < hg_session_batch(s) ? ids.n - p : hg_session_batch(s);
        check(hg_session_eval(s, ids.v + p, B, p, HG_EVAL_ALL_LOGITS, &e), &e);
        for (int b = 0; b < B; b++)
            if (fwrite(hg_session_logits(s, b), sizeof(float), vocab, f) != vocab) die("writing %s failed", out_path);
        p += B;
    }
    out_close(f, out_path);
    free(ids.v);
}

static void alphas_progress(void *user, int done, int total, const char *tensor, double alpha, double eta_s) {
    (void)user;
    fprintf(stderr, "\r[%d/%d] %-44s alpha %10.4g   ETA %.0f s   ", done, total, tensor, alpha, eta_s);
    if (done == total) fprintf(stderr, "\n");
}

static void alphas_note(void *user, const char *message) {
    (void)user;
    fprintf(stderr, "%s\n", message);
}

static void alphas(hg_model *m, hg_session *s, const char *calib_path, int ctx, const char *out_path,
                   unsigned long long seed, int random_tokens, int no_resume) {
    size_t n = 0;
    char *calib = calib_path ? read_file(calib_path, &n) : NULL;
    hg_sens_params p = {calib, n, ctx, seed, random_tokens, no_resume, alphas_progress, alphas_note, NULL};
    FILE *f = out_open(out_path, "w");
    hg_error e;
    int rc = hg_sensitivities(m, s, &p, f, &e);
    if (rc && calib && strstr(e.msg, "too short")) die("%s is too short for one window of %d tokens", calib_path, ctx);
    check(rc, &e);
    out_close(f, out_path);
    free(calib);
}

static void print_info(const hg_model *m) {
    const hg_config *c = hg_model_config(m);
    const hg_file *f = hg_model_file(m);
    const hg_tokenizer *t = hg_model_tokenizer(m);
    printf("arch %s: dim %d, hidden %d, layers %d, heads %d/%d (head_dim %d), vocab %d, seq_len %d\n", c->arch, c->dim,
           c->hidden_dim, c->n_layers, c->n_heads, c->n_kv_heads, c->head_dim, c->vocab_size, c->seq_len);
    printf("rope theta %g%s, rms eps %g, %s embeddings, bos %d, eos %d\n", (double)c->rope_theta,
           c->rope_scaling_type == 1 ? " (llama3 scaling)" : "", (double)c->rms_norm_eps,
           c->tied_embeddings ? "tied" : "untied", c->bos_id, c->eos_id);
    static const char *const pretok[] = {"none", "llama3", "qwen2", "smollm", "gpt2"};
    printf("tokenizer: %s, %d pieces, %d merges, pre-tokenizer %s, chat template %s\n",
           t->type == 1 ? "sentencepiece-bpe" : "byte-level-bpe", t->n, t->n_merges, pretok[t->pretok],
           hg_chat_template_name(hg_chat_template(t)));
    if (hg_model_biases(m) || hg_model_window(m))
        printf("q/k/v biases: %d tensors; sliding window: %d\n", hg_model_biases(m), hg_model_window(m));
    if (f->kv) {
        hg_rd r = {f->kv, f->kv_size, 0, 0};
        uint32_t count = hg_rd_u32(&r);
        for (uint32_t i = 0; i < count && !r.bad; i++) {
            uint16_t kl = hg_rd_u16(&r);
            const uint8_t *k = hg_rd_bytes(&r, kl);
            uint32_t vl = hg_rd_u32(&r);
            const uint8_t *v = hg_rd_bytes(&r, vl);
            if (r.bad || !k || !v) break;
            printf("meta %.*s = %.*s\n", (int)kl, (const char *)k, (int)(vl > 2000 ? 2000 : vl), (const char *)v);
        }
    }
    uint64_t params = 0;
    for (int i = 0; i < f->n_tensors; i++) params += f->tensors[i].rows * f->tensors[i].cols;
    printf("%d tensors, %.2fM parameters, %.2f MB, %.3f bits/parameter, kernels: %s, int8 grids: %s\n", f->n_tensors,
           params / 1e6, f->size / 1e6, 8.0 * f->data_size / (double)params, hg_simd_name(), hg_act8_grids());
    int per_format[HG_FMT_COUNT] = {0};
    for (int i = 0; i < f->n_tensors; i++) {
        int id = hg_is_quantized(f->tensors[i].type) ? hg_format_of(f->tensors[i].type, f->tensors[i].params) : -1;
        if (id >= 0) per_format[id]++;
    }
    for (int i = 0; i < HG_FMT_COUNT; i++)
        if (per_format[i]) printf("format %s: %d tensors, %s\n", hg_formats[i].name, per_format[i], hg_formats[i].title);
    printf("default threads (-T): %d, the CPUs this process may use (affinity mask, cgroup CPU quota)\n",
           hg_default_threads());
}

/* -m tokenize (text or a chat turn to ids) and -m decode (ids to text) */
static void tokenize_mode(const hg_model *m, int decode, const char *in_file, const char *prompt, const char *system,
                          int chat_ids) {
    hg_ids ids = {0};
    hg_error e;
    if (decode) {
        read_ids(in_file, hg_model_config(m)->vocab_size, &ids);
        char buf[65536 * 3];
        int bos = hg_model_tokenizer(m)->bos;
        for (int i = 0; i < ids.n; i++)
            fwrite(buf, 1, (size_t)hg_detokenize(m, ids.v[i], i == 0 || ids.v[i - 1] == bos, buf, (int)sizeof buf), stdout);
    } else {
        size_t n = prompt ? strlen(prompt) : 0;
        char *text = in_file ? read_file(in_file, &n) : NULL;
        if (chat_ids) check(hg_chat_apply(m, 1, system, prompt ? prompt : "", &ids, &e), &e);
        else check(hg_tokenize(m, text ? text : prompt ? prompt : "", n, 0, &ids, &e), &e);
        for (int i = 0; i < ids.n; i++) printf(i ? " %d" : "%d", ids.v[i]);
        printf("\n");
        free(text);
    }
    free(ids.v);
}

/* ---------------------------------------------------------------- CLI */

/* -h/--help: to stdout, exit 0 (so `run --help | less` works); a usage error: to stderr, exit 1 */
static _Noreturn void usage(int rc) {
    fprintf(rc ? stderr : stdout,
            "Usage:   run <model.higgs> [options]\n"
            "Example: run model.higgs -n 256 -i \"Once upon a time\"\n"
            "Options:\n"
            "  -t <float>  temperature in [0,inf), default 1.0\n"
            "  -p <float>  p value in top-p (nucleus) sampling in [0,1], default 0.9\n"
            "  -s <int>    random seed, default time(NULL)\n"
            "  -n <int>    number of steps to run for, the prompt's tokens included (as in\n"
            "              llama2.c; chat: tokens per reply), default 256, 0 = seq_len\n"
            "  -i <string> input prompt\n"
            "  -z <string> optional path to a llama2.c tokenizer.bin (default: the model's own)\n"
            "  -m <string> mode: generate|chat|ppl|tokenize|decode|logits|alphas|serve, default generate\n"
            "              serve: an OpenAI-compatible HTTP server (docs/server.md); -c is each slot's context\n"
            "              (default min(seq_len, 4096)), --kv its cache\n"
            "              alphas: per-layer sensitivities for quantize --target-bits (-o FILE;\n"
            "              -f TEXT for perplexity-based ones, else KL on text the model samples)\n"
            "  -y <string> (optional) system prompt in chat mode\n"
            "  -f <string> input file (ppl: text; logits/decode: token ids; tokenize: text)\n"
            "  -c <int>    perplexity window in tokens, default min(seq_len, 512); chat: the\n"
            "              conversation's context, default seq_len (older turns are dropped past it)\n"
            "  --kld BASE  ppl: also the KL divergence of this model's next-token distribution\n"
            "              from BASE's (the unquantized model) and how often their top tokens agree\n"
            "  --second-half  ppl: llama.cpp's protocol (whole windows starting with BOS, only the\n"
            "              second half of each window scored)\n"
            "  -o <string> output file (logits mode: float32 [tokens, vocab]; chat: the token ids\n"
            "              the context holds after each turn, a line each)\n"
            "  -T <int>    threads, default: the CPUs this process may use (affinity mask, cgroup quota)\n"
            "  --kv <type> KV cache type, or KTYPE,VTYPE for keys and values: q8 (default; one\n"
            "              scale per token and head), f32 (exact; alphas' default), f16, q5, q4, q3\n"
            "              (HIGGS: keys per channel over 32 tokens, values rotated onto Gaussian grids);\n"
            "              ppl --kld always runs BASE with f32\n"
            "  --kv-bits <float>  per-layer KV cache types for this average width in bits per value\n"
            "              (the linearity theorem's DP over each layer's measured damage; -f TEXT to\n"
            "              measure on a text, else on text the model samples itself)\n"
            "  --top-k <int>, --min-p <float>, --repeat-penalty <float>, --frequency-penalty <float>,\n"
            "  --presence-penalty <float>: sampling filters and penalties (default off; as llama.cpp's)\n"
            "  --host <ip> serve: the address to listen on, default 127.0.0.1 (this machine only)\n"
            "  --port <int> serve: default 8080\n"
            "  --api-key <key> serve: require \"Authorization: Bearer <key>\" (all but /health)\n"
            "  --slots <int> serve: conversations at once, default 4\n"
            "  --queue <int> serve: requests that may wait for a slot, default 64 (more get 429)\n"
            "  --timeout <s> serve: seconds a request may take to arrive (default 10; idle\n"
            "              connections close after 3x that, stalled readers after 3x too)\n"
            "  --info      describe the model and exit\n"
            "  --verify    check the weights' checksum and exit\n"
            "  --no-batch  process prompts token by token (for testing)\n"
            "  --no-int8   decode 4-bit HIGGS layers with float activations (exact; slower)\n"
            "  --no-pairs  one row stream per thread in decode (same results; to compare speed)\n"
            "  --no-resume alphas: every noisy pass runs the whole model, not just the layers from\n"
            "              the noisy one on (same results; for testing)\n"
            "  --random-tokens alphas: KL on uniformly random tokens instead of sequences the model\n"
            "              samples itself (to compare; they rank layers alike but predict ~1.4x the loss)\n"
            "  --mmap      map the model file instead of copying it into memory (the default\n"
            "              when it takes under half of the available memory: faster, huge pages)\n"
            "  --profile   generation: print where decoding spends its time\n"
            "  --chat      tokenize: the ids chat mode feeds the model for a first turn\n"
            "              (its template with -y as the system prompt and -i as the user's)\n");
    exit(rc);
}

typedef struct {
    const char *model_path, *tokenizer_path, *prompt, *mode, *system_prompt, *in_file, *out_file, *kld_path;
    int second_half, steps, ctx, threads, info, verify, chat_ids, no_batch, no_int8, no_pairs, no_resume;
    int random_tokens, mmap, profile;
    int kv[2];                        /* KV cache types of the keys and the values */
    const char *host, *api_key;       /* -m serve */
    int port, slots, queue, queue_set;
    double timeout;                   /* -m serve: seconds a request may take to arrive */
    double kv_bits;                   /* --kv-bits: per-layer types by the DP; 0: --kv */
    hg_sampler_params sp;
} Args;

/* --kv TYPE or --kv KTYPE,VTYPE */
static void parse_kv(const char *v, int kv[2]) {
    char k[16] = "", w[16] = "";
    const char *comma = strchr(v, ',');
    size_t kl = comma ? (size_t)(comma - v) : strlen(v);
    if (kl < sizeof k) memcpy(k, v, kl);
    if (comma && strlen(comma + 1) < sizeof w) strcpy(w, comma + 1);
    kv[0] = hg_kv_type_parse(k);
    kv[1] = comma ? hg_kv_type_parse(w) : kv[0];
    if (kv[0] < 0 || kv[1] < 0) {
        char types[128] = "";
        for (int i = 0; hg_kv_type_name(i); i++) snprintf(types + strlen(types), sizeof types - strlen(types), "%s%s", i ? ", " : "", hg_kv_type_name(i));
        die("--kv must be TYPE or KTYPE,VTYPE with types %s; got '%s'", types, v);
    }
}

/* a long option with a value (--kld, the sampler's): 1 when argv[*i] was one */
static int long_option(Args *a, int argc, char **argv, int *i) {
    static const char *const names[] = {"--kld", "--top-k", "--min-p", "--repeat-penalty", "--frequency-penalty",
                                        "--presence-penalty", "--kv", "--kv-bits", "--host", "--port", "--api-key", "--slots", "--timeout", "--queue"};
    int k = 0, n = (int)(sizeof names / sizeof names[0]);
    while (k < n && strcmp(argv[*i], names[k])) k++;
    if (k == n) return 0;
    if (*i + 1 >= argc) die("option '%s' needs a value (see run -h)", argv[*i]);
    const char *v = argv[++*i];
    switch (k) {
    case 0: a->kld_path = v; break;
    case 1: a->sp.top_k = parse_int(v, "--top-k", 0, 1 << 30); break;
    case 2: a->sp.min_p = parse_float(v, "--min-p", 0, 1); break;
    case 3: a->sp.repeat_penalty = parse_float(v, "--repeat-penalty", 0, 100); break;
    case 4: a->sp.frequency_penalty = parse_float(v, "--frequency-penalty", -100, 100); break;
    case 5: a->sp.presence_penalty = parse_float(v, "--presence-penalty", -100, 100); break;
    case 6: parse_kv(v, a->kv); break;
    case 7: a->kv_bits = parse_float(v, "--kv-bits", 1, 64); break;
    case 8: a->host = v; break;
    case 9: a->port = parse_int(v, "--port", 1, 65535); break;
    case 10: a->api_key = v; break;
    case 11: a->slots = parse_int(v, "--slots", 1, 64); break;
    case 12: a->timeout = parse_float(v, "--timeout", 0.1, 3600); break;
    default: a->queue = parse_int(v, "--queue", 0, 100000); a->queue_set = 1; break;
    }
    return 1;
}

static void parse_args(Args *a, int argc, char **argv) {
    static const char *const flags[] = {"--info", "--verify", "--no-batch", "--no-int8", "--no-pairs", "--no-resume",
                                        "--random-tokens", "--mmap", "--profile", "--chat", "--second-half"};
    int *const flag_vars[] = {&a->info, &a->verify, &a->no_batch, &a->no_int8, &a->no_pairs, &a->no_resume,
                              &a->random_tokens, &a->mmap, &a->profile, &a->chat_ids, &a->second_half};
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int k = 0, n = (int)(sizeof flags / sizeof flags[0]);
        while (k < n && strcmp(s, flags[k])) k++;
        if (k < n) { *flag_vars[k] = 1; continue; }
        if (long_option(a, argc, argv, &i)) continue;
        if (!strcmp(s, "-h") || !strcmp(s, "--help")) usage(0);
        if (s[0] != '-') {
            if (a->model_path) die("unexpected argument '%s' (one model path only)", s);
            a->model_path = s;
            continue;
        }
        /* an unknown option is reported as such, even as the last argument */
        if (strlen(s) != 2 || !strchr("tpsnizmyfcoT", s[1])) die("unknown option '%s' (see run -h)", s);
        if (i + 1 >= argc) die("option '%s' needs a value (see run -h)", s);
        const char *v = argv[++i];
        switch (s[1]) {
        case 't': a->sp.temperature = parse_float(v, "-t temperature", 0, 1e6); break;
        case 'p': a->sp.top_p = parse_float(v, "-p top-p", 0, 1); break;
        case 's': a->sp.seed = (unsigned long long)parse_int(v, "-s seed", 0, 2147483647L); break;
        case 'n': a->steps = parse_int(v, "-n steps", 0, 1 << 30); break;
        case 'i': a->prompt = v; break;
        case 'z': a->tokenizer_path = v; break;
        case 'm': a->mode = v; break;
        case 'y': a->system_prompt = v; break;
        case 'f': a->in_file = v; break;
        case 'c': a->ctx = parse_int(v, "-c context", 2, 1 << 30); break;
        case 'o': a->out_file = v; break;
        default: a->threads = parse_int(v, "-T threads", 1, 1024); break;
        }
    }
}

/* bytes of memory the system can give now (MemAvailable), or 0 when unknown; HIGGS_MEM_MB overrides
 * it (a container whose /proc/meminfo shows the host's, or a test) */
static double available_bytes(void) {
    const char *env = getenv("HIGGS_MEM_MB");
    if (env && *env) return parse_float(env, "HIGGS_MEM_MB", 1, 1e12) * 1e6;
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    double kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %lf kB", &kb) == 1) break;
    if (f) fclose(f);
    if (kb > 0) return kb * 1024;
#ifdef _SC_AVPHYS_PAGES
    long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages > 0 && size > 0) return (double)pages * (double)size;
#endif
    return 0;
}

/* A session that may grow to n_ctx positions on m, or a one-line error. Its KV cache grows with the
 * conversation, so only what a full context would take is checked against the memory available
 * (keeping a fifth free): an explicit -c (chosen) beyond it is an error, the default context is
 * capped to what fits, with a message. */
static hg_session *session_or_die(hg_model *m, int n_ctx, const int kv[2], const int *layers, int no_batch, int profile,
                                  int chosen) {
    hg_session_params sp = {.n_ctx = n_ctx, .kv_type = kv[0], .kv_vtype = kv[1], .n_batch = no_batch ? 1 : 0, .profile = profile};
    sp.kv_layers = layers;
    hg_error e;
    hg_session *s = hg_session_new(m, &sp, &e);
    if (!s) die(e.code == HG_E_NOMEM ? "%s (-n / -c)" : "%s", e.msg);
    double avail = 0.8 * available_bytes(), need = (double)hg_session_kv_bytes_at(s, n_ctx);
    if (avail <= 0 || need <= avail) return s;
    const char *kvname = !layers && kv[0] == kv[1] ? hg_kv_type_name(kv[0]) : "the chosen types";
    if (chosen) die("-c %d needs %.0f MB of KV cache (--kv %s), and %.0f MB are available", n_ctx, need / 1e6, kvname, avail / 0.8e6);
    int fit = (int)((double)n_ctx * avail / need);
    while (fit > 1 && (double)hg_session_kv_bytes_at(s, fit) > avail) fit = fit * 15 / 16;
    if (fit < 2) die("the KV cache (--kv %s) does not fit in the %.0f MB available", kvname, avail / 0.8e6);
    fprintf(stderr, "[a context of %d positions needs %.0f MB of KV cache (--kv %s); %.0f MB are available: capped at %d (-c)]\n",
            n_ctx, need / 1e6, kvname, avail / 0.8e6, fit);
    hg_session_free(s);
    sp.n_ctx = fit;
    if (!(s = hg_session_new(m, &sp, &e))) die("%s", e.msg);
    return s;
}

static void kv_alloc_progress(void *user, int done, int total) {
    (void)user;
    fprintf(stderr, "\r--kv-bits: measuring each layer's keys and values in each type: %d/%d", done, total);
    if (done == total) fprintf(stderr, "\n");
}

/* --kv-bits: each layer's types by the DP; prints the choice and the measured damages on stderr */
static int *kv_layers_for_bits(hg_model *m, double bits, const char *text_path, unsigned long long seed) {
    const hg_config *c = hg_model_config(m);
    int L = c->n_layers, *types = xcalloc(2 * (size_t)L, sizeof(int));
    double *table = xcalloc(2 * (size_t)L * HG_KV_ALLOC_N, sizeof(double));
    size_t len = 0;
    char *text = text_path ? read_file(text_path, &len) : NULL;
    hg_kv_alloc_params p = {bits, text, len, 0, seed, kv_alloc_progress, NULL};
    hg_error e;
    if (hg_kv_allocate(m, &p, types, table, &e)) die("%s", e.msg);
    double total = 0, sum_bits = 0;
    fprintf(stderr, "--kv-bits %g: layer: keys, values (KL x1000 of each alone)\n", bits);
    for (int l = 0; l < L; l++) {
        double dk = 0, dv = 0;
        for (int j = 0; j < HG_KV_ALLOC_N; j++) {
            if (hg_kv_alloc_type(j) == types[l]) dk = table[(size_t)l * HG_KV_ALLOC_N + j];
            if (hg_kv_alloc_type(j) == types[L + l]) dv = table[(size_t)(L + l) * HG_KV_ALLOC_N + j];
        }
        total += dk + dv;
        sum_bits += hg_kv_type_bits(types[l], c->head_dim, 0) + hg_kv_type_bits(types[L + l], c->head_dim, 1);
        const char *kn = hg_kv_type_name(types[l]), *vn = hg_kv_type_name(types[L + l]);
        fprintf(stderr, "  %2d: %s, %s (%.4f, %.4f)\n", l, kn ? kn : "?", vn ? vn : "?", 1e3 * dk, 1e3 * dv);
    }
    fprintf(stderr, "--kv-bits %g: %.3f bits per value, predicted KL x1000 %.4f\n", bits, sum_bits / (2 * L), 1e3 * total);
    free(table);
    free(text);
    return types;
}

int main(int argc, char **argv) {
    Args a = {0};
    a.mode = "generate";
    a.steps = 256;
    a.sp.temperature = 1.0f;
    a.sp.top_p = 0.9f;
    a.kv[0] = a.kv[1] = -1;
    parse_args(&a, argc, argv);
    const char *mode = a.mode;
    if (!a.model_path) usage(1);
    int is_gen = !strcmp(mode, "generate"), is_chat = !strcmp(mode, "chat"), is_ppl = !strcmp(mode, "ppl");
    int is_tok = !strcmp(mode, "tokenize"), is_dec = !strcmp(mode, "decode"), is_logits = !strcmp(mode, "logits");
    int is_sens = !strcmp(mode, "alphas"), is_serve = !strcmp(mode, "serve");
    if (!(is_gen || is_chat || is_ppl || is_tok || is_dec || is_logits || is_sens || is_serve)) die("unknown mode '%s' (see run -h)", mode);
    if ((a.host || a.port || a.api_key || a.slots || a.timeout || a.queue_set) && !is_serve)
        die("--host, --port, --api-key, --slots, --queue and --timeout go with -m serve");
    /* q8 is the default cache: its KLD against f32 is 0.003e-3, and it decodes as fast as f32 at depth
     * (47.2 against 47.6 tok/s at 1,674 tokens) in a quarter of the memory (bench/results/kv-quality.md,
     * kv-speed.md). The alphas measure the weights, so they keep the exact cache, as quantize's do. */
    if (a.kv[0] < 0) a.kv[0] = a.kv[1] = is_sens ? HG_KV_F32 : HG_KV_Q8;
    if (is_sens && !a.out_file) die("mode alphas needs -o FILE");
    if ((is_ppl || is_dec || is_logits) && !a.in_file && !a.info && !a.verify) die("mode %s needs -f FILE", mode);
    if (is_logits && !a.out_file) die("mode logits needs -o FILE");
    if (a.chat_ids && (!is_tok || a.in_file)) die("--chat goes with -m tokenize and -i (and -y), not -f");
    if ((a.kld_path || a.second_half) && !is_ppl) die("--kld and --second-half go with -m ppl");

    hg_error e;
    hg_model_params mp = {a.threads, NULL, a.mmap ? HG_LOAD_MMAP : HG_LOAD_AUTO, a.no_int8, a.no_pairs, a.tokenizer_path, NULL};
    hg_model *model = hg_model_open(a.model_path, &mp, &e);
    if (!model) die("%s", e.msg);
    const hg_config *c = hg_model_config(model);
    if (a.info) { print_info(model); hg_model_close(model); return 0; }
    if (a.verify) {
        const hg_file *f = hg_model_file(model);
        if (!hg_verify_data(f)) die("%s: weight checksum mismatch (file corrupt)", a.model_path);
        printf("%s: OK (%d tensors, %.2f MB)\n", a.model_path, f->n_tensors, f->size / 1e6);
        hg_model_close(model);
        return 0;
    }
    if (is_tok || is_dec) {
        tokenize_mode(model, is_dec, a.in_file, a.prompt, a.system_prompt, a.chat_ids);
        hg_model_close(model);
        return 0;
    }

    if (is_serve) {
        ServeOptions so = {a.host ? a.host : "127.0.0.1", a.port ? a.port : 8080, a.api_key, a.slots ? a.slots : 4,
                           a.ctx ? a.ctx : c->seq_len < 4096 ? c->seq_len : 4096, {a.kv[0], a.kv[1]}, 64, 2048, (size_t)1 << 20,
                           10, 30, 30, NULL};
        if (a.timeout) so.head_timeout_s = a.timeout, so.idle_timeout_s = so.write_timeout_s = 3 * a.timeout;
        if (a.queue_set) so.queue = a.queue;
        if (so.ctx > c->seq_len) die("-c %d exceeds the model's context of %d", so.ctx, c->seq_len);
        if (so.api_key && !*so.api_key) die("--api-key is empty");
        const char *base = strrchr(a.model_path, '/');
        so.model_name = base ? base + 1 : a.model_path;
        if (serve(model, &so, &e)) die("%s", e.msg);
        hg_model_close(model);
        return 0;
    }
    int steps = a.steps == 0 || a.steps > c->seq_len ? c->seq_len : a.steps;
    int ctx = a.ctx ? a.ctx : c->seq_len < 512 ? c->seq_len : 512;
    if (ctx > c->seq_len) die("-c %d exceeds the model's context of %d", ctx, c->seq_len);
    if (is_ppl && ctx < 2) die("perplexity needs a context of at least 2 tokens; the model's is %d", c->seq_len);
    if (a.second_half && ctx < 4) die("--second-half needs -c of at least 4");
    hg_ids logit_ids = {0};
    if (is_logits) {                  /* the cache needs only as many positions as there are ids */
        read_ids(a.in_file, c->vocab_size, &logit_ids);
        if (logit_ids.n == 0) die("%s holds no token ids", a.in_file);
        if (logit_ids.n > c->seq_len) die("%d tokens exceed the model's context of %d", logit_ids.n, c->seq_len);
    }
    /* chat: the model's context or -c; -n bounds each reply */
    /* generate: -n bounds prompt and reply together (llama2.c's steps) */
    int max_pos = is_ppl || is_sens ? ctx : is_logits ? logit_ids.n : a.ctx ? ctx : c->seq_len;
    /* alphas always runs its passes in whole batches (its metric is defined on them) */
    int *kv_layers = a.kv_bits > 0 ? kv_layers_for_bits(model, a.kv_bits, is_ppl ? NULL : a.in_file, a.sp.seed) : NULL;
    hg_session *s = session_or_die(model, max_pos, a.kv, kv_layers, a.no_batch && !is_sens, a.profile,
                                   a.ctx > 0 || !(is_gen || is_chat));
    free(kv_layers);
    hg_sampler *smp = hg_sampler_new(model, &a.sp, &e);
    if (!smp) die("%s", e.msg);

    if (is_gen) generate(s, smp, a.prompt, a.profile, steps);
    else if (is_chat) chat(s, smp, a.prompt, a.system_prompt, steps, a.out_file);
    else if (is_ppl) {
        hg_model *base_model = NULL;
        hg_session *base = NULL;
        if (a.kld_path) {
            hg_model_params bp = mp;
            bp.pool = hg_model_pool(model);   /* one set of threads for both models */
            bp.tokenizer_path = NULL;
            if (!(base_model = hg_model_open(a.kld_path, &bp, &e))) die("%s", e.msg);
            const hg_config *bc = hg_model_config(base_model);
            if (bc->vocab_size != c->vocab_size)
                die("--kld: %s has a vocabulary of %d, %s of %d: not the same model", a.kld_path, bc->vocab_size, a.model_path,
                    c->vocab_size);
            if (ctx > bc->seq_len) die("--kld: -c %d exceeds %s's context of %d", ctx, a.kld_path, bc->seq_len);
            static const int exact[2] = {HG_KV_F32, HG_KV_F32};   /* the reference: an exact cache */
            base = session_or_die(base_model, ctx, exact, NULL, a.no_batch, 0, 1);
        }
        perplexity(s, base, a.in_file, ctx, a.second_half);
        hg_session_free(base);
        hg_model_close(base_model);
    } else if (is_sens) alphas(model, s, a.in_file, ctx, a.out_file, a.sp.seed, a.random_tokens, a.no_resume);
    else dump_logits(s, logit_ids, a.out_file);

    hg_sampler_free(smp);
    hg_session_free(s);
    hg_model_close(model);
    return 0;
}
