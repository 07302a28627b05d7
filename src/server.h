/* server.h - run's HTTP server (run MODEL -m serve): OpenAI's chat and text completions over
 * HTTP/1.1, several conversations at once. Included by run.c after the engine; libc and pthreads
 * only, with src/http.h and src/json.h for what clients send.
 *
 * Two threads. The I/O thread owns every socket: one poll() over the listening socket, a wake pipe
 * and the connections. It reads requests with deadlines, answers what needs no model (health,
 * models, errors) and queues completions; a slow or idle client costs a buffer, never a thread. The
 * generation thread owns the slots, each an engine session with its own KV cache and sampler. It
 * takes queued jobs into free slots (the slot whose cached tokens share the longest prefix with the
 * prompt: only the rest is evaluated), then steps every active slot a token at a time in turn, and
 * hands the text to the I/O thread through the job's output buffer. A job whose client is gone is
 * cancelled at its next step. One mutex guards the queue and the jobs' shared fields.
 * docs/server.md has the wire format and the limits. */

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "http.h"
#include "json.h"

typedef struct {
    const char *host;                 /* address to bind (127.0.0.1) */
    int port;                         /* 8080 */
    const char *api_key;              /* NULL: none; else "Authorization: Bearer KEY" on every endpoint but /health */
    int slots;                        /* conversations at once (4) */
    int ctx;                          /* positions per slot */
    int kv[2];                        /* cache types of keys and values */
    int queue;                        /* requests that may wait for a slot; more get 429 (64) */
    int max_conns;                    /* open connections (2048) */
    size_t max_body;                  /* bytes of a request body (1 MiB) */
    double head_timeout_s;            /* a request's head and body must arrive within this (10 s) */
    double idle_timeout_s;            /* a kept-alive connection with no request is closed after this (30 s) */
    double write_timeout_s;           /* a client that takes nothing for this long is dropped (30 s) */
    const char *model_name;           /* the id /v1/models shows and responses carry */
} ServeOptions;

enum { SRV_MAX_MESSAGES = 256, SRV_MAX_STOP = 4, SRV_STOP_BYTES = 128, SRV_MAX_TOKENS_JSON = 1 << 16 };

/* ------------------------------------------------------------- jobs */

typedef struct Job {
    int refs;                         /* the connection's and the generation thread's (under mu) */
    int chat, stream, include_usage, keep_alive, chunked;
    hg_ids prompt;
    int max_tokens;
    hg_sampler_params sp;
    char stop_text[SRV_MAX_STOP][SRV_STOP_BYTES];
    const char *stop[SRV_MAX_STOP];
    int n_stop;
    char id[48];
    long created;
    /* shared, under mu */
    js_buf out;                       /* response bytes for the I/O thread to send */
    int done;                         /* out holds the whole response */
    int cancelled;                    /* the client went away */
    struct Job *next;                 /* the queue */
    /* the generation thread's */
    js_buf text;                      /* the reply so far (not streamed) or the text of this step */
    char hold[4];                     /* a streamed UTF-8 sequence cut between two tokens */
    int hold_n, started, n_prompt, n_cached, n_gen, finish;
} Job;

static void job_release(Job *j) {     /* (under mu) */
    if (--j->refs) return;
    free(j->prompt.v), free(j->out.p), free(j->text.p), free(j);
}

/* ------------------------------------------------------------- server state */

typedef struct {
    hg_session *s;
    hg_sampler *smp;
    hg_gen *g;
    Job *job;
    hg_ids cached;                    /* the tokens the session holds, in order (for prefix reuse) */
    int cache_lost;                   /* a push to cached failed: it is empty until the next job rewinds */
    int token;                        /* the next token to evaluate (sampled in this round) */
    hg_error err;                     /* why the job could not start */
} Slot;

typedef enum { C_READ, C_BUSY, C_WRITE_CLOSE } ConnState;

typedef struct {
    int fd;
    ConnState state;
    char *in;
    size_t in_n, in_cap;
    char *out;
    size_t out_n, out_off, out_cap;
    double deadline;                  /* reading: the request's arrival (started) or the idle time's end */
    double wdeadline;                 /* output pending: the client must take some by then */
    int keep_alive, started, sent_continue;
    int fresh;                        /* bytes arrived, or a job ended, since its head was last parsed */
    Job *job;
} Conn;

typedef struct {
    const ServeOptions *o;
    hg_model *m;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    Job *queue_head, *queue_tail;
    int queued, stopping;
    Slot *slot;
    /* the generation thread's round (srv_generate_thread): per slot what it does, whether its job ends,
     * whether it failed to start; the slots stepping; their sessions and tokens for hg_sessions_step */
    int *round_what, *round_over, *round_failed, *round_who, *step_tok;
    hg_session **step_s;
    int wake[2];                      /* the generation thread (or a signal) writes a byte: the I/O thread looks */
    double started_at;
} Server;

static volatile sig_atomic_t srv_signal;
static int srv_wake_fd = -1;
static void srv_on_signal(int sig) {
    srv_signal = sig;
    if (srv_wake_fd >= 0) {
        char b = 1;
        ssize_t r = write(srv_wake_fd, &b, 1);
        (void)r;
    }
}

static double srv_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static void srv_wake(Server *S) {
    char b = 1;
    ssize_t r = write(S->wake[1], &b, 1);   /* a full pipe already wakes it */
    (void)r;
}

/* ------------------------------------------------------------- responses */

static const char *srv_error_type(int status) {
    switch (status) {
    case 401: return "authentication_error";
    case 404: return "not_found_error";
    case 429: return "rate_limit_error";
    case 500: return "server_error";
    case 503: return "unavailable_error";
    default: return "invalid_request_error";
    }
}

/* a whole response with a body into b */
static void srv_response(js_buf *b, int status, const char *type, const char *body, size_t n, int keep_alive, const char *extra) {
    char head[512];
    snprintf(head, sizeof head, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\nConnection: %s\r\n%s\r\n", status,
             http_reason(status), type, n, keep_alive ? "keep-alive" : "close", extra ? extra : "");
    js_cstr(b, head);
    js_raw(b, body, n);
}

static void srv_error_body(js_buf *b, const char *message, int status, const char *param) {
    js_cstr(b, "{\"error\":{\"message\":");
    js_str(b, message, strlen(message));
    js_cstr(b, ",\"type\":\"");
    js_cstr(b, srv_error_type(status));
    js_cstr(b, "\",\"param\":");
    if (param) js_str(b, param, strlen(param));
    else js_cstr(b, "null");
    js_cstr(b, ",\"code\":null}}");
}

static void srv_error(js_buf *b, int status, const char *message, const char *param, int keep_alive) {
    js_buf body = {0};
    body.limit = 1 << 16;
    srv_error_body(&body, message, status, param);
    srv_response(b, status, "application/json", body.p ? body.p : "", body.n, keep_alive,
                 status == 401 ? "WWW-Authenticate: Bearer\r\n" : status == 405 ? "Allow: GET, POST\r\n" : NULL);
    free(body.p);
}

/* ------------------------------------------------------------- requests */

typedef struct {
    int status;                       /* 0: valid */
    char message[HG_ERROR_MAX + 128];
    const char *param;
} Verdict;

static int srv_bad(Verdict *v, const char *param, const char *fmt, const char *arg) {
    v->status = 400;
    v->param = param;
    snprintf(v->message, sizeof v->message, fmt, arg ? arg : "");
    return -1;
}

/* member `key` of the body, or -1 absent (a duplicate is an error: -2) */
static int srv_field(const js_doc *d, const char *s, int obj, const char *key, Verdict *v) {
    int t = js_find(d, s, obj, key);
    if (t == -2) srv_bad(v, key, "'%s' appears more than once", key);
    return t;
}

static int srv_number(const js_doc *d, const char *s, int obj, const char *key, double lo, double hi, double *out, Verdict *v) {
    int t = srv_field(d, s, obj, key, v);
    if (t == -2) return -1;
    if (t < 0 || d->tok[t].type == JS_NULL) return 0;
    if (d->tok[t].type != JS_NUMBER || js_number(d, s, t, out) || !(*out >= lo && *out <= hi)) {
        char msg[160];
        snprintf(msg, sizeof msg, "'%s' must be a number from %g to %g", key, lo, hi);
        return srv_bad(v, key, "%s", msg);
    }
    return 1;
}

static int srv_integer(const js_doc *d, const char *s, int obj, const char *key, double lo, double hi, long long *out, Verdict *v) {
    double x;
    int r = srv_number(d, s, obj, key, lo, hi, &x, v);
    if (r == 1 && x != floor(x)) return srv_bad(v, key, "'%s' must be an integer", key);
    if (r == 1) *out = (long long)x;
    return r;
}

static int srv_bool(const js_doc *d, const char *s, int obj, const char *key, int *out, Verdict *v) {
    int t = srv_field(d, s, obj, key, v);
    if (t == -2) return -1;
    if (t < 0 || d->tok[t].type == JS_NULL) return 0;
    if (d->tok[t].type != JS_TRUE && d->tok[t].type != JS_FALSE) return srv_bad(v, key, "'%s' must be true or false", key);
    *out = d->tok[t].type == JS_TRUE;
    return 1;
}

/* a string token decoded into a new C string (NUL inside: an error) */
static char *srv_string(const js_doc *d, const char *s, int t, const char *param, Verdict *v) {
    size_t cap = (size_t)d->tok[t].len + 8;   /* (js_string wants room for a whole character) */
    char *out = (char *)malloc(cap);
    int n = out ? js_string(d, s, t, out, cap) : -1;
    if (n < 0 || strlen(out) != (size_t)n) {
        free(out);
        srv_bad(v, param, n < 0 ? "out of memory" : "'%s' holds a NUL character", param);
        return NULL;
    }
    return out;
}

/* a message's content: a string, or an array of {"type": "text", "text": ...} parts, joined */
static char *srv_content(const js_doc *d, const char *s, int msg, Verdict *v) {
    int t = srv_field(d, s, msg, "content", v);
    if (t == -2) return NULL;
    if (t < 0 || d->tok[t].type == JS_NULL) return calloc(1, 1);
    if (d->tok[t].type == JS_STRING) return srv_string(d, s, t, "messages", v);
    if (d->tok[t].type != JS_ARRAY) {
        srv_bad(v, "messages", "a message's content must be a string or an array of text parts%s", NULL);
        return NULL;
    }
    js_buf joined = {0};
    joined.limit = (size_t)1 << 30;
    js_raw(&joined, "", 0);
    for (int i = 0; i < d->tok[t].count; i++) {
        int part = js_at(d, t, i), ty = js_find(d, s, part, "type"), tx = js_find(d, s, part, "text");
        char kind[16];
        if (ty < 0 || js_string(d, s, ty, kind, sizeof kind) < 0 || strcmp(kind, "text") || tx < 0 || d->tok[tx].type != JS_STRING) {
            free(joined.p);
            srv_bad(v, "messages", "content parts must be {\"type\": \"text\", \"text\": ...}%s", NULL);
            return NULL;
        }
        char *text = srv_string(d, s, tx, "messages", v);
        if (!text) { free(joined.p); return NULL; }
        js_cstr(&joined, text);
        free(text);
    }
    if (joined.full) { free(joined.p); srv_bad(v, "messages", "out of memory%s", NULL); return NULL; }
    return joined.p;
}

/* the chat template over the messages: an optional system message first, then user and assistant
 * turns alternating, the last a user's. Assistant replies are their text's tokens, closed by the
 * next turn's template (as run -m chat holds a conversation). */
static int srv_chat_ids(Server *S, const js_doc *d, const char *s, int msgs, hg_ids *ids, Verdict *v) {
    int n = d->tok[msgs].count;
    if (n < 1 || n > SRV_MAX_MESSAGES) {
        char why[64];
        snprintf(why, sizeof why, "%d", SRV_MAX_MESSAGES);
        return srv_bad(v, "messages", "'messages' must hold 1 to %s messages", why);
    }
    char *system = NULL;
    int first = 1, want = 0, rc = 0;  /* want: 0 user next, 1 assistant next */
    hg_error e;
    for (int i = 0; i < n && !rc; i++) {
        int m = js_at(d, msgs, i), r = m >= 0 && d->tok[m].type == JS_OBJECT ? srv_field(d, s, m, "role", v) : -1;
        char role[16];
        if (r == -2) { rc = -1; break; }
        if (r < 0 || d->tok[r].type != JS_STRING || js_string(d, s, r, role, sizeof role) < 0) {
            rc = srv_bad(v, "messages", "each message must be an object with a 'role'%s", NULL);
            break;
        }
        char *content = srv_content(d, s, m, v);
        if (!content) { rc = -1; break; }
        if (!strcmp(role, "system") || !strcmp(role, "developer")) {
            if (i != 0) rc = srv_bad(v, "messages", "a system message may only come first%s", NULL);
            else system = content, content = NULL;
        } else if (!strcmp(role, "user")) {
            if (want != 0) rc = srv_bad(v, "messages", "two user messages in a row%s", NULL);
            else if (hg_chat_apply(S->m, first, system, content, ids, &e)) rc = srv_bad(v, "messages", "%s", e.msg);
            first = 0, want = 1;
        } else if (!strcmp(role, "assistant")) {
            if (want != 1) rc = srv_bad(v, "messages", "an assistant message must follow a user message%s", NULL);
            else if (hg_tokenize(S->m, content, strlen(content), 0, ids, &e)) rc = srv_bad(v, "messages", "%s", e.msg);
            want = 0;
        } else
            rc = srv_bad(v, "messages", "unknown role '%s' (system, user or assistant)", role);
        free(content);
    }
    if (!rc && want != 1) rc = srv_bad(v, "messages", "the last message must be the user's%s", NULL);
    free(system);
    return rc;
}

/* stop: a string or an array of up to 4 */
static int srv_stops(const js_doc *d, const char *s, int obj, Job *j, Verdict *v) {
    int t = srv_field(d, s, obj, "stop", v);
    if (t == -2) return -1;
    if (t < 0 || d->tok[t].type == JS_NULL) return 0;
    int n = d->tok[t].type == JS_ARRAY ? d->tok[t].count : 1;
    if (d->tok[t].type != JS_ARRAY && d->tok[t].type != JS_STRING) return srv_bad(v, "stop", "'stop' must be a string or an array of strings%s", NULL);
    if (n > SRV_MAX_STOP) return srv_bad(v, "stop", "'stop' holds at most 4 strings%s", NULL);
    for (int i = 0; i < n; i++) {
        int e = d->tok[t].type == JS_ARRAY ? js_at(d, t, i) : t;
        int len = e >= 0 && d->tok[e].type == JS_STRING ? js_string(d, s, e, j->stop_text[j->n_stop], SRV_STOP_BYTES) : -1;
        if (len < 0 || strlen(j->stop_text[j->n_stop]) != (size_t)len) return srv_bad(v, "stop", "stop strings are strings of at most 127 bytes%s", NULL);
        if (len == 0) continue;       /* an empty stop string stops nothing */
        j->stop[j->n_stop] = j->stop_text[j->n_stop];
        j->n_stop++;
    }
    return 0;
}

/* a completion request's body as a job, or a verdict */
static Job *srv_parse_job(Server *S, const char *body, size_t n, int chat, Verdict *v) {
    static js_tok toks[1 << 16];     /* (the I/O thread's alone) */
    js_doc d = {toks, 1 << 16, 0, 32, {0}, 0};
    memset(v, 0, sizeof *v);
    if (js_parse(&d, body, n)) {
        char msg[160];
        snprintf(msg, sizeof msg, "the body is not valid JSON: %s", d.err);
        srv_bad(v, NULL, "%s", msg);
        return NULL;
    }
    if (d.tok[0].type != JS_OBJECT) { srv_bad(v, NULL, "the body must be a JSON object%s", NULL); return NULL; }
    Job *j = (Job *)calloc(1, sizeof *j);
    if (!j) { v->status = 500, snprintf(v->message, sizeof v->message, "out of memory"); return NULL; }
    j->chat = chat, j->refs = 1;
    j->out.limit = j->text.limit = (size_t)1 << 30;
    j->sp.temperature = 1.0f;         /* OpenAI's defaults */
    int ctx = S->o->ctx, ok = 1;
    double x;
    long long k;
    if (chat) {
        int msgs = srv_field(&d, body, 0, "messages", v);
        if (msgs == -2) ok = 0;
        else if (msgs < 0 || d.tok[msgs].type != JS_ARRAY) ok = !srv_bad(v, "messages", "'messages' (an array) is required%s", NULL);
        else ok = !srv_chat_ids(S, &d, body, msgs, &j->prompt, v);
    } else {
        int p = srv_field(&d, body, 0, "prompt", v);
        if (p >= 0 && d.tok[p].type == JS_ARRAY && d.tok[p].count == 1) p = js_at(&d, p, 0);
        if (p == -2) ok = 0;
        else if (p < 0 || d.tok[p].type != JS_STRING) ok = !srv_bad(v, "prompt", "'prompt' (a string) is required%s", NULL);
        else {
            char *text = srv_string(&d, body, p, "prompt", v);
            hg_error e;
            if (!text) ok = 0;
            else if (hg_tokenize(S->m, text, strlen(text), 1, &j->prompt, &e)) ok = !srv_bad(v, "prompt", "%s", e.msg);
            free(text);
        }
    }
    int mt = -1;
    if (ok && (mt = srv_number(&d, body, 0, "temperature", 0, 2, &x, v)) < 0) ok = 0;
    else if (ok && mt == 1) j->sp.temperature = (float)x;
    if (ok && (mt = srv_number(&d, body, 0, "top_p", 0, 1, &x, v)) < 0) ok = 0;
    else if (ok && mt == 1) j->sp.top_p = (float)x;
    if (ok && (mt = srv_integer(&d, body, 0, "seed", -9.2e18, 9.2e18, &k, v)) < 0) ok = 0;
    else if (ok && mt == 1) j->sp.seed = (unsigned long long)k ? (unsigned long long)k : 1;
    const char *mt_key = js_find(&d, body, 0, "max_completion_tokens") >= 0 ? "max_completion_tokens" : "max_tokens";
    if (ok && (mt = srv_integer(&d, body, 0, mt_key, 1, ctx, &k, v)) < 0) ok = 0;
    else if (ok && mt == 1) j->max_tokens = (int)k;
    if (ok && (mt = srv_integer(&d, body, 0, "n", 1, 1, &k, v)) < 0) ok = 0;
    if (ok && srv_bool(&d, body, 0, "stream", &j->stream, v) < 0) ok = 0;
    if (ok && j->stream) {
        int so = js_find(&d, body, 0, "stream_options");
        if (so >= 0 && d.tok[so].type == JS_OBJECT && srv_bool(&d, body, so, "include_usage", &j->include_usage, v) < 0) ok = 0;
    }
    if (ok && srv_stops(&d, body, 0, j, v)) ok = 0;
    if (ok && j->prompt.n >= ctx) {
        char msg[64];
        snprintf(msg, sizeof msg, "%d tokens", j->prompt.n);
        v->status = 400, v->param = chat ? "messages" : "prompt";
        snprintf(v->message, sizeof v->message, "the prompt takes %s; the context of a slot is %d (-c)", msg, ctx);
        ok = 0;
    }
    if (!ok) {
        free(j->prompt.v), free(j);
        return NULL;
    }
    return j;
}

/* ------------------------------------------------------------- the generation thread */

/* the start every response object shares: {"id":..,"object":..,"created":..,"model":.. */
static void srv_object_head(Job *j, js_buf *b, int chunk, const char *model) {
    char head[200];
    snprintf(head, sizeof head, "{\"id\":\"%s\",\"object\":\"%s\",\"created\":%ld,\"model\":", j->id,
             !j->chat ? "text_completion" : chunk ? "chat.completion.chunk" : "chat.completion", j->created);
    js_cstr(b, head);
    js_str(b, model, strlen(model));
}

static void srv_chunk_json(Job *j, js_buf *b, const char *text, size_t n, const char *finish, int first, const char *model) {
    srv_object_head(j, b, 1, model);
    if (j->chat) {
        js_cstr(b, ",\"choices\":[{\"index\":0,\"delta\":");
        if (finish) js_cstr(b, "{}");
        else {
            js_cstr(b, first ? "{\"role\":\"assistant\",\"content\":" : "{\"content\":");
            js_str(b, text, n);
            js_cstr(b, "}");
        }
    } else {
        js_cstr(b, ",\"choices\":[{\"index\":0,\"text\":");
        js_str(b, text, finish ? 0 : n);
    }
    js_cstr(b, ",\"logprobs\":null,\"finish_reason\":");
    if (finish) js_str(b, finish, strlen(finish));
    else js_cstr(b, "null");
    js_cstr(b, "}]}");
}

static void srv_usage(Job *j, js_buf *b) {
    char u[256];
    snprintf(u, sizeof u, "{\"prompt_tokens\":%d,\"completion_tokens\":%d,\"total_tokens\":%d,"
             "\"prompt_tokens_details\":{\"cached_tokens\":%d}}", j->n_prompt, j->n_gen, j->n_prompt + j->n_gen, j->n_cached);
    js_cstr(b, u);
}

/* one server-sent event with this JSON, as an HTTP chunk (HTTP/1.0: plain, the connection's close
 * ends the stream) (under mu) */
static void srv_event(Job *j, const js_buf *json) {
    char size[32];
    size_t n = json->n + 8;           /* "data: " + json + "\n\n" */
    snprintf(size, sizeof size, "%zx\r\n", n);
    if (j->chunked) js_cstr(&j->out, size);
    js_cstr(&j->out, "data: ");
    js_raw(&j->out, json->p ? json->p : "", json->n);
    js_cstr(&j->out, j->chunked ? "\n\n\r\n" : "\n\n");
}

static const char *srv_finish_name(int finish) {
    return finish == HG_FINISH_LENGTH || finish == HG_FINISH_CONTEXT ? "length" : "stop";
}

/* the text this step produced (j->text) out to the client: an event when streaming, else kept for
 * the whole response; at the end, the last events or the response. Under mu. */
static void srv_publish(Server *S, Job *j, int finished) {
    const char *model = S->o->model_name;
    if (j->stream) {
        js_buf ev = {0};
        ev.limit = (size_t)1 << 30;
        /* UTF-8 cut between tokens waits for its end; at the finish, whatever is left goes (as U+FFFD) */
        js_buf text = {0};
        text.limit = (size_t)1 << 30;
        js_raw(&text, j->hold, (size_t)j->hold_n);
        js_raw(&text, j->text.p ? j->text.p : "", j->text.n);
        size_t ok = text.p ? js_utf8_valid_prefix(text.p, text.n) : 0, rest = text.n - ok;
        if (!finished && rest && rest < 4 && rest == text.n - ok) {
            unsigned char c = (unsigned char)text.p[ok];
            int need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 ? 2 : 0;
            if (need > (int)rest) memcpy(j->hold, text.p + ok, rest), j->hold_n = (int)rest, text.n = ok;
            else j->hold_n = 0;
        } else
            j->hold_n = 0;
        if (!j->started || text.n) {
            srv_chunk_json(j, &ev, text.p ? text.p : "", text.n, NULL, !j->started, model);
            srv_event(j, &ev);
            j->started = 1;
        }
        if (finished) {
            ev.n = 0;
            srv_chunk_json(j, &ev, "", 0, srv_finish_name(j->finish), 0, model);
            srv_event(j, &ev);
            if (j->include_usage) {
                ev.n = 0;
                srv_object_head(j, &ev, 1, model);
                js_cstr(&ev, ",\"choices\":[],\"usage\":");
                srv_usage(j, &ev);
                js_cstr(&ev, "}");
                srv_event(j, &ev);
            }
            js_buf done = {0};
            done.limit = 64;
            js_cstr(&done, "[DONE]");
            srv_event(j, &done);
            free(done.p);
            if (j->chunked) js_cstr(&j->out, "0\r\n\r\n");
        }
        free(ev.p), free(text.p);
        j->text.n = 0;
        return;
    }
    if (!finished) return;            /* (the text accumulates in j->text) */
    js_buf body = {0};
    body.limit = (size_t)1 << 30;
    srv_object_head(j, &body, 0, model);
    if (j->chat) {
        js_cstr(&body, ",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":");
        js_str(&body, j->text.p ? j->text.p : "", j->text.n);
        js_cstr(&body, ",\"refusal\":null}");
    } else {
        js_cstr(&body, ",\"choices\":[{\"index\":0,\"text\":");
        js_str(&body, j->text.p ? j->text.p : "", j->text.n);
    }
    js_cstr(&body, ",\"logprobs\":null,\"finish_reason\":\"");
    js_cstr(&body, srv_finish_name(j->finish));
    js_cstr(&body, "\"}],\"usage\":");
    srv_usage(j, &body);
    js_cstr(&body, "}");
    srv_response(&j->out, 200, "application/json", body.p ? body.p : "", body.n, j->keep_alive, NULL);
    free(body.p);
}

static int srv_on_token(void *user, int token, const char *text, size_t len) {
    (void)token;
    js_raw(&((Job *)user)->text, text, len);
    return 0;
}

/* token t appended to what the slot records it holds (out of memory: it records nothing, and the
 * next job starts from position 0) */
static void srv_cache_push(Slot *sl, int t) {
    if (!sl->cache_lost && hg_ids_push(&sl->cached, t)) sl->cache_lost = 1, sl->cached.n = 0;
}

/* the number of leading tokens a and b share */
static int srv_common(const hg_ids *a, const hg_ids *b) {
    int n = 0;
    while (n < a->n && n < b->n && a->v[n] == b->v[n]) n++;
    return n;
}

/* a queued job into slot i: the cached prefix kept, the rest of the prompt evaluated, the sampler
 * and the generation set up. 0, or an error message in e. */
static int srv_start(Server *S, Slot *sl, Job *j, hg_error *e) {
    if (sl->cache_lost) sl->cached.n = 0, sl->cache_lost = 0;   /* (cached is empty: keep is 0) */
    int keep = srv_common(&sl->cached, &j->prompt);
    if (keep >= j->prompt.n) keep = j->prompt.n - 1;   /* the last token is evaluated again: its logits */
    if (hg_session_rewind(sl->s, keep < hg_session_pos(sl->s) ? keep : hg_session_pos(sl->s), e)) return -1;
    keep = hg_session_pos(sl->s);
    sl->cached.n = keep;
    j->n_cached = keep;               /* prompt tokens not evaluated again */
    int rc = hg_session_eval(sl->s, j->prompt.v + keep, j->prompt.n - keep, keep, 0, e);
    if (rc) {
        hg_error scratch;
        sl->cached.n = 0;
        hg_session_rewind(sl->s, 0, &scratch);
        return -1;
    }
    for (int i = keep; i < j->prompt.n; i++) srv_cache_push(sl, j->prompt.v[i]);
    hg_sampler_free(sl->smp);
    if (!(sl->smp = hg_sampler_new(S->m, &j->sp, e))) return -1;
    for (int i = 0; i < j->prompt.n; i++) hg_sampler_accept(sl->smp, j->prompt.v[i]);
    int room = hg_session_ctx(sl->s) - j->prompt.n;
    hg_generate_params gp = {j->max_tokens && j->max_tokens < room ? j->max_tokens : room, j->stop, j->n_stop, j->chat, srv_on_token, j};
    if (!(sl->g = hg_gen_new(sl->s, sl->smp, &gp, j->prompt.v[j->prompt.n - 1], e))) return -1;
    j->n_prompt = j->prompt.n;
    return 0;
}

/* an active slot's next token: sampled and its text handed to the job. 1 when the job is over. */
static int srv_sample(Slot *sl, Job *j, hg_error *e) {
    int fin = hg_gen_next(sl->g, &sl->token, e);
    j->n_gen = hg_gen_count(sl->g);
    if (fin) j->finish = fin > 0 ? fin : HG_FINISH_CANCELLED;
    return fin != 0;
}

/* the sampled tokens of slots who[0..n-1] evaluated, together: one pass over the weights for all of
 * them (hg_sessions_step, as many at a time as a session's batch takes). A pass the engine refuses is
 * run a slot at a time, and a slot whose token cannot be evaluated ends its job (over[i] = 1). */
static void srv_eval_round(Server *S, const int *who, int n, int *over) {
    hg_error e;
    for (int i0 = 0; i0 < n;) {
        int most = hg_session_batch(S->slot[who[i0]].s), k = n - i0 < most ? n - i0 : most;
        for (int i = 0; i < k; i++) S->step_s[i] = S->slot[who[i0 + i]].s, S->step_tok[i] = S->slot[who[i0 + i]].token;
        int rc = k > 1 ? hg_sessions_step(S->step_s, S->step_tok, k, &e) : 1;
        for (int i = 0; i < k; i++) {
            Slot *sl = &S->slot[who[i0 + i]];
            if (rc && hg_session_eval(sl->s, &sl->token, 1, hg_session_pos(sl->s), 0, &e)) {
                sl->job->finish = HG_FINISH_CONTEXT;
                over[who[i0 + i]] = 1;
            } else
                srv_cache_push(sl, sl->token);
        }
        i0 += k;
    }
}

/* queued jobs into free slots, the one sharing the longest prefix with the job first (under mu) */
static void srv_assign(Server *S) {
    int n = S->o->slots;
    for (int i = 0; i < n && S->queue_head; i++) {
        if (S->slot[i].job) continue;
        Job *j = S->queue_head;
        int best = i, len = srv_common(&S->slot[i].cached, &j->prompt);
        for (int k = i + 1; k < n; k++)
            if (!S->slot[k].job && srv_common(&S->slot[k].cached, &j->prompt) > len) best = k, len = srv_common(&S->slot[k].cached, &j->prompt);
        S->queue_head = j->next;
        if (!S->queue_head) S->queue_tail = NULL;
        S->queued--;
        S->slot[best].job = j;
        i = -1;                       /* (look again from the first free slot) */
    }
}

/* The generation thread works in rounds: queued jobs into free slots, each new job's prompt evaluated,
 * then one token for every running job. Each samples its token, and the tokens go through the weights
 * together (srv_eval_round), so a round of n conversations reads the weights once. Then every job's
 * output is published and finished jobs leave their slots. */
enum { R_NONE, R_START, R_STEP };
static void *srv_generate_thread(void *arg) {
    Server *S = (Server *)arg;
    int n = S->o->slots, *what = S->round_what, *over = S->round_over, *failed = S->round_failed, *who = S->round_who;
    pthread_mutex_lock(&S->mu);
    while (!S->stopping) {
        srv_assign(S);
        int active = 0;
        for (int i = 0; i < n; i++) {
            Slot *sl = &S->slot[i];
            what[i] = !sl->job ? R_NONE : !sl->g ? R_START : R_STEP;
            over[i] = sl->job && sl->job->cancelled, failed[i] = 0;
            active += sl->job != NULL;
        }
        if (!active) {
            pthread_cond_wait(&S->cv, &S->mu);
            continue;
        }
        pthread_mutex_unlock(&S->mu);
        int stepping = 0;
        for (int i = 0; i < n; i++) {
            Slot *sl = &S->slot[i];
            if (what[i] == R_NONE || over[i]) continue;
            if (what[i] == R_START) {
                if (srv_start(S, sl, sl->job, &sl->err)) failed[i] = 1, over[i] = 1;
            } else if (!(over[i] = srv_sample(sl, sl->job, &sl->err)))
                who[stepping++] = i;
        }
        srv_eval_round(S, who, stepping, over);
        pthread_mutex_lock(&S->mu);
        for (int i = 0; i < n; i++) {
            Slot *sl = &S->slot[i];
            Job *j = sl->job;
            if (what[i] == R_NONE) continue;
            if (failed[i] && !j->cancelled) {
                j->out.n = 0;
                srv_error(&j->out, 500, sl->err.msg, NULL, j->keep_alive);
                j->done = 1;
            } else if (!j->cancelled)
                srv_publish(S, j, over[i]), j->done = over[i];
            if (over[i]) {
                hg_gen_free(sl->g);
                sl->g = NULL;
                sl->job = NULL;
                job_release(j);
            }
        }
        srv_wake(S);
    }
    pthread_mutex_unlock(&S->mu);
    return NULL;
}

/* ------------------------------------------------------------- the I/O thread */

static int srv_auth_ok(const ServeOptions *o, const http_request *r) {
    if (!o->api_key) return 1;
    const char *want = o->api_key, *got = r->auth;
    if (strncmp(got, "Bearer ", 7)) return 0;
    got += 7;
    size_t wl = strlen(want), gl = strlen(got);
    unsigned diff = (unsigned)(wl ^ gl);      /* constant time in the key: every byte compared */
    for (size_t i = 0; i < wl; i++) diff |= (unsigned)(want[i] ^ (i < gl ? got[i] : 0));
    return diff == 0;
}

static double conn_write_timeout;     /* (ServeOptions.write_timeout_s, for conn_out) */
static void conn_out(Conn *c, const char *p, size_t n) {
    if (c->out_n == c->out_off) c->wdeadline = srv_now() + conn_write_timeout;
    if (c->out_n + n > c->out_cap) {
        size_t cap = (c->out_n + n) * 2;
        char *q = (char *)realloc(c->out, cap);
        if (!q) { c->state = C_WRITE_CLOSE, c->keep_alive = 0; return; }
        c->out = q, c->out_cap = cap;
    }
    memcpy(c->out + c->out_n, p, n);
    c->out_n += n;
}

static void conn_answer(Conn *c, js_buf *b) {
    if (b->full) { js_buf small = {0}; small.limit = 1 << 16; srv_error(&small, 500, "response too large", NULL, 0); conn_out(c, small.p, small.n); free(small.p); }
    else conn_out(c, b->p, b->n);
    free(b->p);
    if (!c->keep_alive) c->state = C_WRITE_CLOSE;   /* "Connection: close" (or HTTP/1.0): closed once sent */
}

static void conn_error(Conn *c, int status, const char *msg, const char *param) {
    js_buf b = {0};
    b.limit = 1 << 16;
    srv_error(&b, status, msg, param, c->keep_alive);
    conn_answer(c, &b);
}

/* a complete request (head r, body at c->in + r->head_len): answered, or queued */
static void conn_dispatch(Server *S, Conn *c, const http_request *r) {
    const ServeOptions *o = S->o;
    const char *body = c->in + r->head_len;
    size_t n = r->content_length;
    int get = !strcmp(r->method, "GET"), post = !strcmp(r->method, "POST");
    int chat = !strcmp(r->path, "/v1/chat/completions"), compl = !strcmp(r->path, "/v1/completions");
    int models = !strcmp(r->path, "/v1/models"), health = !strcmp(r->path, "/health");
    c->keep_alive = r->keep_alive;
    if (!(chat || compl || models || health)) { conn_error(c, 404, "no such endpoint", NULL); return; }
    if ((chat || compl) ? !post : !get) { conn_error(c, 405, "method not allowed on this endpoint", NULL); return; }
    if (health) {
        js_buf b = {0};
        b.limit = 1 << 12;
        srv_response(&b, 200, "application/json", "{\"status\":\"ok\"}", 15, c->keep_alive, NULL);
        { conn_answer(c, &b); return; }
    }
    if (!srv_auth_ok(o, r)) { conn_error(c, 401, "a valid API key is required (Authorization: Bearer KEY)", NULL); return; }
    if (models) {
        js_buf body_b = {0}, b = {0};
        body_b.limit = b.limit = 1 << 16;
        char created[64];
        snprintf(created, sizeof created, ",\"object\":\"model\",\"created\":%ld,\"owned_by\":\"higgs.c\"}]}", (long)S->started_at);
        js_cstr(&body_b, "{\"object\":\"list\",\"data\":[{\"id\":");
        js_str(&body_b, o->model_name, strlen(o->model_name));
        js_cstr(&body_b, created);
        srv_response(&b, 200, "application/json", body_b.p, body_b.n, c->keep_alive, NULL);
        free(body_b.p);
        { conn_answer(c, &b); return; }
    }
    Verdict v;
    Job *j = srv_parse_job(S, body, n, chat, &v);
    if (!j) { conn_error(c, v.status ? v.status : 400, v.message, v.param); return; }
    static unsigned long serial;
    snprintf(j->id, sizeof j->id, "%s-%lx%lx", chat ? "chatcmpl" : "cmpl", (unsigned long)time(NULL), ++serial);
    j->created = (long)time(NULL);
    j->chunked = r->minor >= 1;      /* HTTP/1.0 has no chunked encoding: a stream ends with the connection */
    if (j->stream && !j->chunked) c->keep_alive = 0;
    j->keep_alive = c->keep_alive;
    pthread_mutex_lock(&S->mu);
    if (S->queued >= o->queue) {
        pthread_mutex_unlock(&S->mu);
        free(j->prompt.v), free(j);
        { conn_error(c, 429, "the server is busy: every slot is in use and the queue is full; retry later", NULL); return; }
    }
    j->refs = 2;
    if (S->queue_tail) S->queue_tail->next = j;
    else S->queue_head = j;
    S->queue_tail = j;
    S->queued++;
    pthread_cond_signal(&S->cv);
    pthread_mutex_unlock(&S->mu);
    c->job = j;
    c->state = C_BUSY;
    if (j->stream) {
        char head[256];
        snprintf(head, sizeof head, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                 "%sConnection: %s\r\n\r\n", j->chunked ? "Transfer-Encoding: chunked\r\n" : "",
                 c->keep_alive ? "keep-alive" : "close");
        conn_out(c, head, strlen(head));
    }
}

/* bytes read so far: a complete request is dispatched; an invalid one answered and the connection closed */
static void conn_try_request(Server *S, Conn *c, double now) {
    http_request r;
    http_limits lim = {16384, 64, S->o->max_body};
    int rc = http_parse_head(c->in, c->in_n, &lim, &r);
    if (rc < 0) { c->keep_alive = 0; { conn_error(c, r.status, r.err, NULL); return; } }
    if (rc == 0) return;
    if (!c->started) c->started = 1, c->deadline = now + S->o->head_timeout_s;
    if (r.expect_continue && !c->sent_continue && c->in_n < r.head_len + r.content_length) {
        conn_out(c, "HTTP/1.1 100 Continue\r\n\r\n", 25);
        c->sent_continue = 1;
    }
    if (c->in_n < r.head_len + r.content_length) return;
    size_t used = r.head_len + r.content_length;
    conn_dispatch(S, c, &r);
    memmove(c->in, c->in + used, c->in_n - used);   /* (a pipelined request waits for this one's answer) */
    c->in_n -= used;
    c->started = 0, c->sent_continue = 0;
    c->deadline = now + S->o->idle_timeout_s;
    c->fresh = c->in_n > 0;           /* a pipelined request's bytes: parse them next */
}

static void conn_close(Server *S, Conn *c) {
    if (c->job) {
        pthread_mutex_lock(&S->mu);
        c->job->cancelled = 1;
        job_release(c->job);
        pthread_mutex_unlock(&S->mu);
        c->job = NULL;
    }
    close(c->fd);
    free(c->in), free(c->out);
    memset(c, 0, sizeof *c);
    c->fd = -1;
}

/* the job's new bytes into the connection; its end returns the connection to reading */
static void conn_collect(Server *S, Conn *c) {
    Job *j = c->job;
    pthread_mutex_lock(&S->mu);
    if (j->out.n) conn_out(c, j->out.p, j->out.n), j->out.n = 0;
    int done = j->done;
    if (done) job_release(j), c->job = NULL;
    pthread_mutex_unlock(&S->mu);
    if (done && c->state == C_BUSY)
        c->state = c->keep_alive ? C_READ : C_WRITE_CLOSE, c->deadline = srv_now() + S->o->idle_timeout_s, c->fresh = 1;
}

static int srv_listen(const ServeOptions *o, hg_error *e) {
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)o->port);
    if (inet_pton(AF_INET, o->host, &a.sin_addr) != 1)
        return hg_set_error(e, HG_E_ARG, "--host %s is not an IPv4 address (127.0.0.1 serves this machine only)", o->host);
    int fd = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    if (fd < 0) return hg_set_error(e, HG_E_FILE, "socket: %s", strerror(errno));
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(fd, (struct sockaddr *)&a, sizeof a) || listen(fd, 512)) {
        int err = errno;
        close(fd);
        return hg_set_error(e, HG_E_FILE, "cannot listen on %s:%d: %s", o->host, o->port, strerror(err));
    }
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

/* Serves until SIGINT or SIGTERM. 0, or an error (the address, the sessions). */
static int serve(hg_model *m, const ServeOptions *o, hg_error *e) {
    Server S;
    memset(&S, 0, sizeof S);
    S.o = o, S.m = m, S.started_at = (double)time(NULL);
    struct rlimit rl;                 /* room for max_conns descriptors */
    if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) rl.rlim_cur = rl.rlim_max, setrlimit(RLIMIT_NOFILE, &rl);
    int lfd = srv_listen(o, e);
    if (lfd < 0) return lfd;
    S.slot = (Slot *)calloc((size_t)o->slots, sizeof *S.slot);
    Conn *conns = (Conn *)calloc((size_t)o->max_conns, sizeof *conns);
    struct pollfd *pfd = (struct pollfd *)calloc((size_t)o->max_conns + 2, sizeof *pfd);
    int *pmap = (int *)calloc((size_t)o->max_conns + 2, sizeof *pmap);
    int *round = (int *)calloc((size_t)o->slots * 5, sizeof *round);
    S.step_s = (hg_session **)calloc((size_t)o->slots, sizeof *S.step_s);
    if (round) S.round_what = round, S.round_over = round + o->slots, S.round_failed = round + 2 * o->slots,
               S.round_who = round + 3 * o->slots, S.step_tok = round + 4 * o->slots;
    if (!S.slot || !conns || !pfd || !pmap || !round || !S.step_s || pipe(S.wake)) {
        close(lfd), free(S.slot), free(conns), free(pfd), free(pmap), free(round), free(S.step_s);
        return hg_set_error(e, HG_E_NOMEM, "out of memory for the server");
    }
    for (int i = 0; i < 2; i++) fcntl(S.wake[i], F_SETFL, fcntl(S.wake[i], F_GETFL) | O_NONBLOCK);
    int rc = 0;
    for (int i = 0; i < o->slots && !rc; i++) {
        hg_session_params sp = {.n_ctx = o->ctx, .kv_type = o->kv[0], .kv_vtype = o->kv[1]};
        if (!(S.slot[i].s = hg_session_new(m, &sp, e))) rc = e->code;
    }
    for (int i = 0; i < o->max_conns; i++) conns[i].fd = -1;
    pthread_mutex_init(&S.mu, NULL);
    pthread_cond_init(&S.cv, NULL);
    pthread_t gen;
    if (!rc && pthread_create(&gen, NULL, srv_generate_thread, &S)) rc = hg_set_error(e, HG_E_NOMEM, "cannot start a thread");
    if (rc) {
        for (int i = 0; i < o->slots; i++) hg_session_free(S.slot[i].s);
        close(lfd), close(S.wake[0]), close(S.wake[1]), free(S.slot), free(conns), free(pfd), free(pmap), free(S.round_what), free(S.step_s);
        return rc;
    }
    srv_wake_fd = S.wake[1];
    conn_write_timeout = o->write_timeout_s;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = srv_on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    printf("server: listening on http://%s:%d (%d slots, context %d, KV %s,%s%s)\n", o->host, o->port, o->slots, o->ctx,
           hg_kv_type_name(o->kv[0]), hg_kv_type_name(o->kv[1]), o->api_key ? ", API key required" : "");
    fflush(stdout);
    int n_conns = 0;
    static char rbuf[65536];
    while (!srv_signal) {
        int np = 0;
        pfd[np] = (struct pollfd){S.wake[0], POLLIN, 0}, pmap[np++] = -1;
        if (n_conns < o->max_conns) pfd[np] = (struct pollfd){lfd, POLLIN, 0}, pmap[np++] = -2;
        double now = srv_now(), next = now + 1.0;
        for (int i = 0; i < o->max_conns; i++) {
            Conn *c = &conns[i];
            if (c->fd < 0) continue;
            short ev = 0;
            if (c->state == C_READ || c->state == C_BUSY) ev |= POLLIN;   /* (busy: to see the client leave) */
            if (c->out_n > c->out_off) ev |= POLLOUT;
            if (c->out_n > c->out_off && c->wdeadline < next) next = c->wdeadline;
            if (c->state == C_READ && c->deadline < next) next = c->deadline;
            pfd[np] = (struct pollfd){c->fd, ev, 0}, pmap[np++] = i;
        }
        int wait_ms = (int)((next - now) * 1000) + 1;
        if (poll(pfd, (nfds_t)np, wait_ms < 0 ? 0 : wait_ms > 1000 ? 1000 : wait_ms) < 0 && errno != EINTR) break;
        now = srv_now();
        for (int p = 0; p < np; p++) {
            if (pmap[p] == -1 && (pfd[p].revents & POLLIN)) {
                char drain[256];
                while (read(S.wake[0], drain, sizeof drain) > 0) {}
            } else if (pmap[p] == -2 && (pfd[p].revents & POLLIN)) {
                for (;;) {
                    int fd = accept(lfd, NULL, NULL);
                    if (fd < 0) break;
                    int slot = -1;
                    for (int i = 0; i < o->max_conns && slot < 0; i++) slot = conns[i].fd < 0 ? i : -1;
                    if (slot < 0) { close(fd); break; }
                    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
                    int one = 1;
                    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                    Conn *c = &conns[slot];
                    memset(c, 0, sizeof *c);
                    c->fd = fd, c->state = C_READ, c->keep_alive = 1;
                    c->deadline = now + o->idle_timeout_s;
                    n_conns++;
                    if (n_conns >= o->max_conns) break;
                }
            }
        }
        for (int p = 0; p < np; p++) {
            if (pmap[p] < 0) continue;
            Conn *c = &conns[pmap[p]];
            if (c->fd < 0) continue;
            short re = pfd[p].revents;
            if (re & (POLLIN | POLLHUP | POLLERR)) {   /* read what there is (bounded by the head and body limits) */
                size_t room = 16384 + o->max_body + 1;
                ssize_t got = c->in_n < room ? recv(c->fd, rbuf, sizeof rbuf, 0) : -1;
                if (got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK && c->in_n < room)) {
                    conn_close(&S, c), n_conns--;
                    continue;
                }
                if (got < 0 && c->in_n >= room) {   /* a busy connection's client sending on and on */
                    conn_close(&S, c), n_conns--;
                    continue;
                }
                if (got > 0) {
                    if (c->in_n + (size_t)got > c->in_cap) {
                        size_t cap = (c->in_n + (size_t)got) * 2;
                        char *q = (char *)realloc(c->in, cap);
                        if (!q) { conn_close(&S, c), n_conns--; continue; }
                        c->in = q, c->in_cap = cap;
                    }
                    memcpy(c->in + c->in_n, rbuf, (size_t)got);
                    c->in_n += (size_t)got;
                    c->fresh = 1;
                    if (c->state == C_READ && !c->started) c->started = 1, c->deadline = now + o->head_timeout_s;
                }
            }
            /* a head is parsed again only when something changed: 1,000 half-sent heads cost nothing per wake */
            while (c->state == C_READ && c->in_n && c->fresh && !c->job) c->fresh = 0, conn_try_request(&S, c, now);
            if (c->job) conn_collect(&S, c);
            while (c->state == C_READ && c->in_n && c->fresh && !c->job) c->fresh = 0, conn_try_request(&S, c, now);   /* pipelined */
            if (c->out_n > c->out_off) {
                ssize_t w = send(c->fd, c->out + c->out_off, c->out_n - c->out_off, MSG_NOSIGNAL);
                if (w < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { conn_close(&S, c), n_conns--; continue; }
                if (w > 0) {
                    c->out_off += (size_t)w;
                    c->wdeadline = now + o->write_timeout_s;
                }
                if (c->out_off == c->out_n) c->out_off = c->out_n = 0;
            }
            if (c->out_n == 0 && c->state == C_WRITE_CLOSE) { conn_close(&S, c), n_conns--; continue; }
        }
        for (int i = 0; i < o->max_conns; i++) {   /* deadlines */
            Conn *c = &conns[i];
            if (c->fd < 0) continue;
            if (c->out_n > c->out_off) {          /* a client that takes nothing */
                if (now > c->wdeadline) conn_close(&S, c), n_conns--;
                continue;
            }
            if (c->state != C_READ || now <= c->deadline) continue;
            if (c->started) {                      /* a request too slow to arrive */
                c->keep_alive = 0;
                conn_error(c, 408, "the request did not arrive in time", NULL);
            } else
                conn_close(&S, c), n_conns--;       /* idle */
        }
    }
    fprintf(stderr, "server: stopping (%s)\n", srv_signal == SIGTERM ? "SIGTERM" : "SIGINT");
    for (int i = 0; i < o->max_conns; i++)
        if (conns[i].fd >= 0) conn_close(&S, &conns[i]);
    pthread_mutex_lock(&S.mu);
    S.stopping = 1;
    for (Job *j = S.queue_head, *nx; j; j = nx) nx = j->next, j->refs = 1, job_release(j);
    S.queue_head = S.queue_tail = NULL;
    pthread_cond_signal(&S.cv);
    pthread_mutex_unlock(&S.mu);
    pthread_join(gen, NULL);
    for (int i = 0; i < o->slots; i++) {
        Slot *sl = &S.slot[i];
        if (sl->job) sl->job->refs = 1, job_release(sl->job);
        hg_gen_free(sl->g), hg_sampler_free(sl->smp), hg_session_free(sl->s), free(sl->cached.v);
    }
    srv_wake_fd = -1;
    close(lfd), close(S.wake[0]), close(S.wake[1]);
    pthread_mutex_destroy(&S.mu), pthread_cond_destroy(&S.cv);
    free(S.slot), free(conns), free(pfd), free(pmap), free(S.round_what), free(S.step_s);
    return 0;
}
