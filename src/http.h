/* http.h - a strict, bounded HTTP/1.1 request-head parser, for run's server.
 *
 * Standalone (libc only), not part of the engine library, like src/json.h. The server reads a
 * connection's bytes into a buffer and calls http_parse_head until the head is complete; it never
 * trusts a length or a count from the client:
 *
 * - the request line is METHOD SP target SP HTTP/1.0 or HTTP/1.1, CRLF; header lines are
 *   name ":" value with CRLF endings (a bare LF, a folded line, a space before the colon or a
 *   control character is a 400, as RFC 9112 allows, so that no two parsers read one request two
 *   ways);
 * - the head has at most max_head bytes and max_headers fields (431 past either);
 * - Content-Length is digits only, at most max_body (413 past it), and repeated only with the same
 *   value; Transfer-Encoding is refused (501: every client the server serves sends a length), so a
 *   body's end is never in doubt (no request smuggling);
 * - the target is an origin-form path of printable ASCII, at most 255 bytes; its query is split off.
 *
 * The few fields the server uses are kept (Content-Length, Connection, Authorization, Expect);
 * the rest are checked and skipped. */
#ifndef HIGGS_HTTP_H
#define HIGGS_HTTP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct {
    size_t max_head;                  /* bytes of the request line and headers (0: 16 KiB) */
    int max_headers;                  /* header fields (0: 64) */
    size_t max_body;                  /* Content-Length (0: 1 MiB) */
} http_limits;

typedef struct {
    char method[8];                   /* "GET", "POST", ... (at most 7 bytes) */
    char path[256];                   /* the target up to '?' */
    char query[256];                  /* after '?', if any */
    int minor;                        /* HTTP/1.minor */
    size_t head_len;                  /* bytes of the head, the final CRLF included: the body follows */
    size_t content_length;            /* 0 without the field */
    int keep_alive;                   /* the connection stays open after the response */
    int expect_continue;              /* "Expect: 100-continue": answer 100 before reading the body */
    char auth[512];                   /* the Authorization field's value ("" without one) */
    int status;                       /* on an error: the status to answer (400, 413, 431, 501, 505) */
    char err[128];                    /* and why */
} http_request;

static int http_fail(http_request *r, int status, const char *why) {
    r->status = status;
    snprintf(r->err, sizeof r->err, "%s", why);
    return -1;
}

static int http_tchar(unsigned char c) {   /* a token character (RFC 9110 5.6.2) */
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c && strchr("!#$%&'*+-.^_`|~", c));
}

/* the value of one header line, its surrounding spaces and tabs trimmed */
static void http_trim(const char **v, const char **e) {
    while (*v < *e && (**v == ' ' || **v == '\t')) (*v)++;
    while (*e > *v && ((*e)[-1] == ' ' || (*e)[-1] == '\t')) (*e)--;
}

/* does the comma-separated list v..e hold token tok (case-insensitive)? */
static int http_list_has(const char *v, const char *e, const char *tok) {
    size_t n = strlen(tok);
    while (v < e) {
        const char *c = memchr(v, ',', (size_t)(e - v));
        const char *ie = c ? c : e, *iv = v;
        http_trim(&iv, &ie);
        if ((size_t)(ie - iv) == n && !strncasecmp(iv, tok, n)) return 1;
        v = c ? c + 1 : e;
    }
    return 0;
}

static int http_header(http_request *r, const char *name, size_t nl, const char *v, const char *e, const http_limits *lim,
                       int *seen_length) {
    size_t vl = (size_t)(e - v);
    if (nl == 14 && !strncasecmp(name, "content-length", 14)) {
        if (!vl || vl > 19) return http_fail(r, 400, "bad Content-Length");
        size_t len = 0;
        for (const char *p = v; p < e; p++) {
            if (*p < '0' || *p > '9') return http_fail(r, 400, "bad Content-Length");
            len = len * 10 + (size_t)(*p - '0');
        }
        if (*seen_length && len != r->content_length) return http_fail(r, 400, "conflicting Content-Length fields");
        if (len > lim->max_body) return http_fail(r, 413, "request body too large");
        r->content_length = len, *seen_length = 1;
    } else if (nl == 17 && !strncasecmp(name, "transfer-encoding", 17)) {
        return http_fail(r, 501, "Transfer-Encoding is not supported: send Content-Length");
    } else if (nl == 10 && !strncasecmp(name, "connection", 10)) {
        if (http_list_has(v, e, "close")) r->keep_alive = 0;
        else if (http_list_has(v, e, "keep-alive")) r->keep_alive = 1;
    } else if (nl == 13 && !strncasecmp(name, "authorization", 13)) {
        if (vl >= sizeof r->auth) return http_fail(r, 400, "Authorization field too long");
        memcpy(r->auth, v, vl), r->auth[vl] = 0;
    } else if (nl == 6 && !strncasecmp(name, "expect", 6)) {
        if (vl == 12 && !strncasecmp(v, "100-continue", 12)) r->expect_continue = 1;
        else return http_fail(r, 417, "unsupported Expect");
    }
    return 0;
}

/* the first CRLF at or after p, before limit + 2 (the head's final CRLF CRLF bounds every search) */
static const char *http_eol(const char *p, const char *limit) {
    while (p < limit && !(p[0] == '\r' && p[1] == '\n')) p++;
    return p;
}

/* The head at buf[0..n). Returns 1 when it is complete and valid (r filled; the body is the
 * content_length bytes from head_len), 0 when more bytes are needed, -1 on an error (r->status,
 * r->err). Call again from the start as bytes arrive; a head is at most max_head bytes, so that
 * costs O(max_head) a read at worst. */
static int http_parse_head(const char *buf, size_t n, const http_limits *limits, http_request *r) {
    http_limits lim = *limits;
    if (!lim.max_head) lim.max_head = 16384;
    if (!lim.max_headers) lim.max_headers = 64;
    if (!lim.max_body) lim.max_body = (size_t)1 << 20;
    memset(r, 0, sizeof *r);
    size_t scan = n < lim.max_head ? n : lim.max_head;
    /* the end of the head: the first CRLF CRLF within max_head bytes */
    const char *end = NULL;
    for (size_t i = 0; i + 3 < scan; i++)
        if (buf[i] == '\r' && buf[i + 1] == '\n' && buf[i + 2] == '\r' && buf[i + 3] == '\n') {
            end = buf + i;
            break;
        }
    /* a line ending in a bare LF is an error at once (not a wait for the CRLF CRLF that never comes) */
    for (size_t i = 0; i < scan && (!end || buf + i < end); i++)
        if (buf[i] == '\n' && (i == 0 || buf[i - 1] != '\r')) return http_fail(r, 400, "bare LF in the request head");
    if (!end) return n >= lim.max_head ? http_fail(r, 431, "request head too large") : 0;
    r->head_len = (size_t)(end - buf) + 4;
    /* request line */
    const char *p = buf, *eol = http_eol(p, end);
    const char *sp1 = memchr(p, ' ', (size_t)(eol - p));
    if (!sp1 || sp1 == p || (size_t)(sp1 - p) >= sizeof r->method) return http_fail(r, 400, "bad request line");
    for (const char *q = p; q < sp1; q++)
        if (!http_tchar((unsigned char)*q)) return http_fail(r, 400, "bad method");
    memcpy(r->method, p, (size_t)(sp1 - p));
    const char *t = sp1 + 1, *sp2 = memchr(t, ' ', (size_t)(eol - t));
    if (!sp2 || sp2 == t) return http_fail(r, 400, "bad request line");
    if (*t != '/') return http_fail(r, 400, "the target must be a path");
    const char *qm = memchr(t, '?', (size_t)(sp2 - t)), *pe = qm ? qm : sp2;
    if ((size_t)(pe - t) >= sizeof r->path || (qm && (size_t)(sp2 - qm - 1) >= sizeof r->query))
        return http_fail(r, 414, "target too long");
    for (const char *q = t; q < sp2; q++)
        if ((unsigned char)*q <= 0x20 || (unsigned char)*q >= 0x7f) return http_fail(r, 400, "bad character in the target");
    memcpy(r->path, t, (size_t)(pe - t));
    if (qm) memcpy(r->query, qm + 1, (size_t)(sp2 - qm - 1));
    if (eol - sp2 - 1 != 8 || memcmp(sp2 + 1, "HTTP/1.", 7)) return http_fail(r, 400, "bad protocol version");
    if (sp2[8] != '0' && sp2[8] != '1') return http_fail(r, 505, "HTTP version not supported");
    r->minor = sp2[8] - '0';
    r->keep_alive = r->minor == 1;
    /* header lines */
    int count = 0, seen_length = 0;
    for (p = eol + 2; p < end + 2; p = eol + 2) {
        eol = http_eol(p, end);
        if (eol == p) break;          /* (the blank line: p == end + 2 ends the loop first) */
        if (++count > lim.max_headers) return http_fail(r, 431, "too many header fields");
        if (*p == ' ' || *p == '\t') return http_fail(r, 400, "folded header line");
        const char *colon = memchr(p, ':', (size_t)(eol - p));
        if (!colon || colon == p) return http_fail(r, 400, "bad header line");
        for (const char *q = p; q < colon; q++)
            if (!http_tchar((unsigned char)*q)) return http_fail(r, 400, "bad header name");
        const char *v = colon + 1, *e = eol;
        for (const char *q = v; q < e; q++)
            if (((unsigned char)*q < 0x20 && *q != '\t') || *q == 0x7f) return http_fail(r, 400, "control character in a header");
        http_trim(&v, &e);
        if (http_header(r, p, (size_t)(colon - p), v, e, &lim, &seen_length)) return -1;
    }
    return 1;
}

/* the reason phrase of a status the server sends */
static const char *http_reason(int status) {
    switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 417: return "Expectation Failed";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
    }
}

#endif
