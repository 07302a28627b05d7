/* json.h - a strict JSON reader and a JSON string writer, for run's HTTP server.
 *
 * Standalone (libc only), not part of the engine library: run.c includes it, as do the tests and
 * the fuzz harness. Everything it reads comes from the network, so it is strict and bounded:
 *
 * - RFC 8259 exactly: no comments, trailing commas, single quotes, NaN/Infinity, leading zeros or
 *   "+" signs; whitespace is space, tab, CR and LF only; the whole text is one value.
 * - Strings are valid UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF), with no raw
 *   control characters; \u escapes pair their surrogates (a lone one is an error).
 * - Bounded: at most max_depth nested arrays and objects, at most cap tokens (the caller's array),
 *   texts under 2 GiB. No recursion and no allocation: a malicious text costs time in its length
 *   and nothing more.
 *
 * js_parse fills a flat array of tokens in document order; a container's children follow it, and
 * each token records where its subtree ends, so lookups skip whole values. Object members are a
 * key token (a string) followed by its value. Duplicate keys are kept: js_find reports them, and
 * the server refuses a request whose fields it reads are ambiguous. */
#ifndef HIGGS_JSON_H
#define HIGGS_JSON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { JS_NULL, JS_FALSE, JS_TRUE, JS_NUMBER, JS_STRING, JS_ARRAY, JS_OBJECT } js_type;

typedef struct {
    uint8_t type;                     /* js_type */
    uint8_t escaped;                  /* strings: has backslash escapes (js_string decodes them) */
    int32_t start, len;               /* its bytes in the text; a string's without the quotes */
    int32_t count;                    /* arrays: elements; objects: members (key + value pairs) */
    int32_t end;                      /* index of the first token after this value's subtree */
} js_tok;

typedef struct {
    js_tok *tok;                      /* the caller's array of cap tokens */
    int cap, n;                       /* tokens available, tokens used */
    int max_depth;                    /* containers nested deeper are an error (0: 64) */
    char err[96];                     /* why the text was refused */
    size_t err_at;                    /* at which byte */
} js_doc;

#define JS_MAX_TEXT 0x7fffffff        /* token offsets are int32 */

/* ------------------------------------------------------------------ UTF-8 */

/* The length of the valid UTF-8 sequence at s[0..n) (n >= 1), or 0 if it is not one (overlong,
 * surrogate, above U+10FFFF, truncated or a stray continuation byte). */
static inline int js_utf8_len(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    if (c < 0x80) return 1;
    int len;
    unsigned lo = 0x80, hi = 0xBF;   /* the second byte's range (RFC 3629's table) */
    if (c >= 0xC2 && c <= 0xDF) len = 2;
    else if (c >= 0xE0 && c <= 0xEF) len = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4) len = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else return 0;
    if (n < (size_t)len || s[1] < lo || s[1] > hi) return 0;
    for (int i = 2; i < len; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return len;
}

/* the number of bytes of s[0..n) that are whole valid UTF-8 sequences from the start, stopping at
 * the first byte that is not: a stream's text can be cut there and the rest sent later */
static inline size_t js_utf8_valid_prefix(const char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        int l = js_utf8_len((const unsigned char *)s + i, n - i);
        if (!l) break;
        i += (size_t)l;
    }
    return i;
}

/* appends code point cp (< 0x110000, not a surrogate) to out as UTF-8; returns the bytes */
static inline int js_put_utf8(char *out, uint32_t cp) {
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) return o[0] = (unsigned char)cp, 1;
    if (cp < 0x800) return o[0] = (unsigned char)(0xC0 | cp >> 6), o[1] = (unsigned char)(0x80 | (cp & 63)), 2;
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | cp >> 12), o[1] = (unsigned char)(0x80 | (cp >> 6 & 63));
        o[2] = (unsigned char)(0x80 | (cp & 63));
        return 3;
    }
    o[0] = (unsigned char)(0xF0 | cp >> 18), o[1] = (unsigned char)(0x80 | (cp >> 12 & 63));
    o[2] = (unsigned char)(0x80 | (cp >> 6 & 63)), o[3] = (unsigned char)(0x80 | (cp & 63));
    return 4;
}

/* ------------------------------------------------------------------ reading */

static int js_fail(js_doc *d, size_t at, const char *why) {
    d->err_at = at;
    snprintf(d->err, sizeof d->err, "%s at byte %zu", why, at);
    return -1;
}

static int js_hex4(const char *s, uint32_t *v) {
    *v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int x = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (x < 0) return -1;
        *v = *v << 4 | (uint32_t)x;
    }
    return 0;
}

/* a string from the opening quote at s[*i]; on success *i is past the closing quote */
static int js_scan_string(js_doc *d, const char *s, size_t n, size_t *i, int *escaped) {
    size_t p = *i + 1;
    *escaped = 0;
    while (p < n) {
        unsigned char c = (unsigned char)s[p];
        if (c == '"') return *i = p + 1, 0;
        if (c < 0x20) return js_fail(d, p, "control character in a string");
        if (c == '\\') {
            *escaped = 1;
            if (p + 1 >= n) break;
            char e = s[p + 1];
            if (e == 'u') {
                uint32_t v, w;
                if (p + 6 > n || js_hex4(s + p + 2, &v)) return js_fail(d, p, "bad \\u escape");
                p += 6;
                if (v >= 0xDC00 && v <= 0xDFFF) return js_fail(d, p - 6, "lone low surrogate");
                if (v >= 0xD800 && v <= 0xDBFF) {   /* must be followed by \u of a low surrogate */
                    if (p + 6 > n || s[p] != '\\' || s[p + 1] != 'u' || js_hex4(s + p + 2, &w) || w < 0xDC00 || w > 0xDFFF)
                        return js_fail(d, p - 6, "lone high surrogate");
                    p += 6;
                }
                continue;
            }
            if (!strchr("\"\\/bfnrt", e) || e == 0) return js_fail(d, p, "bad escape");
            p += 2;
            continue;
        }
        int l = js_utf8_len((const unsigned char *)s + p, n - p);
        if (!l) return js_fail(d, p, "invalid UTF-8");
        p += (size_t)l;
    }
    return js_fail(d, *i, "unterminated string");
}

static int js_scan_number(js_doc *d, const char *s, size_t n, size_t *i) {
    size_t p = *i;
    if (p < n && s[p] == '-') p++;
    if (p >= n || s[p] < '0' || s[p] > '9') return js_fail(d, *i, "bad number");
    if (s[p] == '0') p++;
    else
        while (p < n && s[p] >= '0' && s[p] <= '9') p++;
    if (p < n && s[p] == '.') {
        if (++p >= n || s[p] < '0' || s[p] > '9') return js_fail(d, *i, "bad number");
        while (p < n && s[p] >= '0' && s[p] <= '9') p++;
    }
    if (p < n && (s[p] == 'e' || s[p] == 'E')) {
        if (++p < n && (s[p] == '+' || s[p] == '-')) p++;
        if (p >= n || s[p] < '0' || s[p] > '9') return js_fail(d, *i, "bad number");
        while (p < n && s[p] >= '0' && s[p] <= '9') p++;
    }
    *i = p;
    return 0;
}

static int js_push(js_doc *d, js_type type, size_t start, size_t len) {
    if (d->n >= d->cap) return js_fail(d, start, "too many values");
    js_tok *t = &d->tok[d->n];
    t->type = (uint8_t)type, t->escaped = 0, t->start = (int32_t)start, t->len = (int32_t)len;
    t->count = 0, t->end = d->n + 1;
    return d->n++;
}

/* Parses text[0..n). Returns 0, or -1 with d->err saying why and where. Iterative: a stack of the
 * open containers' token indices (at most max_depth) in place of recursion. */
static int js_parse(js_doc *d, const char *s, size_t n) {
    enum { JS_STACK = 256 };
    int stack[JS_STACK], depth = 0, max_depth = d->max_depth > 0 ? d->max_depth : 64;
    if (max_depth > JS_STACK) max_depth = JS_STACK;
    d->n = 0, d->err[0] = 0, d->err_at = 0;
    if (n > JS_MAX_TEXT) return js_fail(d, 0, "text too long");
    size_t i = 0;
    int want_value = 1;               /* a value may come next (else ',' or a closing bracket) */
    int after_comma = 0;              /* a value must come next (after ',' or ':') */
    int want_key = 0;                 /* inside an object, a member's key comes next */
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
        if (i >= n) break;
        char c = s[i];
        int top = depth ? stack[depth - 1] : -1;
        int in_object = top >= 0 && d->tok[top].type == JS_OBJECT;
        if (c == ']' || c == '}') {
            if (!depth || (c == ']') != !in_object) return js_fail(d, i, "unexpected closing bracket");
            if (after_comma) return js_fail(d, i, "expected a value");   /* after ',' or ':' */
            d->tok[top].end = d->n;
            depth--, i++;
            want_value = 0, after_comma = 0, want_key = 0;
            if (!depth) {             /* the top-level value closed: only whitespace may follow */
                while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
                return i < n ? js_fail(d, i, "text after the value") : 0;
            }
            continue;
        }
        if (c == ',') {
            if (!depth || want_value) return js_fail(d, i, "unexpected ','");
            i++;
            want_value = 1, after_comma = 1, want_key = in_object;
            continue;
        }
        if (c == ':') return js_fail(d, i, "unexpected ':'");   /* (a key's ':' is read with the key) */
        if (!want_value) return js_fail(d, i, depth ? "expected ',' or a closing bracket" : "text after the value");
        if (in_object && want_key) {  /* a key, then ':' */
            if (c != '"') return js_fail(d, i, "expected a string key");
            size_t k0 = i;
            int esc, t;
            if (js_scan_string(d, s, n, &i, &esc)) return -1;
            if ((t = js_push(d, JS_STRING, k0 + 1, i - k0 - 2)) < 0) return -1;
            d->tok[t].escaped = (uint8_t)esc;
            while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
            if (i >= n || s[i] != ':') return js_fail(d, i, "expected ':'");
            i++;
            d->tok[top].count++;
            want_key = 0, after_comma = 1;
            continue;
        }
        /* a value */
        if (top >= 0 && !in_object) d->tok[top].count++;
        size_t v0 = i;
        int t;
        if (c == '{' || c == '[') {
            if (depth >= max_depth) return js_fail(d, i, "nested too deep");
            if ((t = js_push(d, c == '{' ? JS_OBJECT : JS_ARRAY, i, 1)) < 0) return -1;
            stack[depth++] = t;
            i++;
            want_value = 1, after_comma = 0, want_key = c == '{';
            continue;
        }
        if (c == '"') {
            int esc;
            if (js_scan_string(d, s, n, &i, &esc)) return -1;
            if ((t = js_push(d, JS_STRING, v0 + 1, i - v0 - 2)) < 0) return -1;
            d->tok[t].escaped = (uint8_t)esc;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            if (js_scan_number(d, s, n, &i) || js_push(d, JS_NUMBER, v0, i - v0) < 0) return -1;
        } else if (n - i >= 4 && !memcmp(s + i, "true", 4)) {
            if (js_push(d, JS_TRUE, i, 4) < 0) return -1;
            i += 4;
        } else if (n - i >= 5 && !memcmp(s + i, "false", 5)) {
            if (js_push(d, JS_FALSE, i, 5) < 0) return -1;
            i += 5;
        } else if (n - i >= 4 && !memcmp(s + i, "null", 4)) {
            if (js_push(d, JS_NULL, i, 4) < 0) return -1;
            i += 4;
        } else
            return js_fail(d, i, "unexpected character");
        want_value = 0, after_comma = 0;
        if (!depth) {                 /* the top-level value: only whitespace may follow */
            while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++;
            if (i < n) return js_fail(d, i, "text after the value");
            return 0;
        }
        if (in_object) want_key = 0;
    }
    if (depth) return js_fail(d, n, "unterminated array or object");
    if (!d->n) return js_fail(d, n, "no value");
    return 0;
}

/* ------------------------------------------------------------------ access */

/* String token t decoded (escapes to UTF-8) into out[0..cap): returns its length, with a NUL
 * after it; -1 if it does not fit (or t is not a string). A decoded \u0000 is a NUL inside the
 * length: callers that need C strings compare strlen(out) with the length. */
static int js_string(const js_doc *d, const char *s, int t, char *out, size_t cap) {
    if (t < 0 || t >= d->n || d->tok[t].type != JS_STRING || !cap) return -1;
    const char *p = s + d->tok[t].start, *e = p + d->tok[t].len;
    size_t o = 0;
    while (p < e) {
        if (o + 5 > cap) return -1;   /* room for the longest piece and the NUL */
        if (*p != '\\') { out[o++] = *p++; continue; }
        char c = p[1];
        if (c != 'u') {
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            out[o++] = to[strchr(from, c) - from];
            p += 2;
            continue;
        }
        uint32_t v, w;
        js_hex4(p + 2, &v);           /* (js_parse checked every escape) */
        p += 6;
        if (v >= 0xD800 && v <= 0xDBFF) js_hex4(p + 2, &w), p += 6, v = 0x10000 + ((v - 0xD800) << 10) + (w - 0xDC00);
        o += (size_t)js_put_utf8(out + o, v);
    }
    out[o] = 0;
    return (int)o;
}

/* the value of member `key` of object token obj: its index; -1 none (or obj not an object);
 * -2 the key appears more than once (keys compare decoded: "m\u0065ssages" is "messages") */
static int js_find(const js_doc *d, const char *s, int obj, const char *key) {
    if (obj < 0 || obj >= d->n || d->tok[obj].type != JS_OBJECT) return -1;
    size_t kl = strlen(key);
    int found = -1;
    for (int i = obj + 1; i < d->tok[obj].end; i = d->tok[i + 1].end) {   /* i: a key, i + 1 its value */
        const js_tok *k = &d->tok[i];
        int match;
        if (!k->escaped) match = (size_t)k->len == kl && !memcmp(s + k->start, key, kl);
        else {
            char buf[256];            /* the server's keys are short: a longer one cannot match */
            int l = js_string(d, s, i, buf, sizeof buf);
            match = l >= 0 && (size_t)l == kl && !memcmp(buf, key, kl);
        }
        if (match) {
            if (found >= 0) return -2;
            found = i + 1;
        }
    }
    return found;
}

/* number token t as a double (strtod of a bounded copy: JSON numbers are a subset of C's, and the
 * "C" locale's decimal point is run's); -1 if t is not a number or is too long to be one we take */
static int js_number(const js_doc *d, const char *s, int t, double *out) {
    if (t < 0 || t >= d->n || d->tok[t].type != JS_NUMBER || d->tok[t].len >= 64) return -1;
    char buf[64];
    memcpy(buf, s + d->tok[t].start, (size_t)d->tok[t].len);
    buf[d->tok[t].len] = 0;
    *out = strtod(buf, NULL);
    return 0;
}

/* the i-th element of array token arr (i < count): its index, or -1 */
static int js_at(const js_doc *d, int arr, int i) {
    if (arr < 0 || arr >= d->n || d->tok[arr].type != JS_ARRAY || i < 0 || i >= d->tok[arr].count) return -1;
    int t = arr + 1;
    while (i--) t = d->tok[t].end;
    return t;
}

/* ------------------------------------------------------------------ writing */

/* A growing text with a cap: appends past the cap set `full` and are dropped, so a writer checks
 * once at the end. */
typedef struct {
    char *p;
    size_t n, cap, limit;             /* used, allocated, most allowed */
    int full;                         /* an append did not fit (or memory ran out) */
} js_buf;

static int js_reserve(js_buf *b, size_t more) {
    if (b->full) return -1;
    if (b->n + more + 1 <= b->cap) return 0;
    if (b->n + more + 1 > b->limit) return b->full = 1, -1;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + more + 1) cap *= 2;
    if (cap > b->limit) cap = b->limit;
    char *p = (char *)realloc(b->p, cap);
    if (!p) return b->full = 1, -1;
    b->p = p, b->cap = cap;
    return 0;
}

static void js_raw(js_buf *b, const char *s, size_t n) {
    if (js_reserve(b, n)) return;
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}

static void js_cstr(js_buf *b, const char *s) { js_raw(b, s, strlen(s)); }

/* s[0..n) as a JSON string, quotes included: ", \ and control characters escaped, and any byte
 * that does not start a valid UTF-8 sequence written as U+FFFD, so the output is always valid */
static void js_str(js_buf *b, const char *s, size_t n) {
    js_raw(b, "\"", 1);
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            char e[2] = {'\\', (char)c};
            js_raw(b, e, 2), i++;
        } else if (c < 0x20) {
            char e[8];
            static const char named[] = "btn?fr";   /* \b \t \n \f \r (8, 9, 10, 12, 13) */
            if (c >= 8 && c <= 13 && c != 11) e[0] = '\\', e[1] = named[c - 8], js_raw(b, e, 2);
            else snprintf(e, sizeof e, "\\u%04x", c), js_raw(b, e, 6);
            i++;
        } else {
            int l = js_utf8_len((const unsigned char *)s + i, n - i);
            if (l) js_raw(b, s + i, (size_t)l), i += (size_t)l;
            else js_raw(b, "\xEF\xBF\xBD", 3), i++;
        }
    }
    js_raw(b, "\"", 1);
}

#endif
