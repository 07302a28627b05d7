/* test_json.c - src/json.h, the server's JSON reader and writer.
 *
 *   tests/test_json           the checks below (PASS/FAIL lines)
 *   tests/test_json --batch   for tests/test_json.py: reads cases from stdin, each "<bytes>\n" then
 *                             that many bytes, and prints one line per case: "ok <value>" with the
 *                             value re-written in a tagged form ({"s":...}, {"n":"%a"}, {"a":[...]},
 *                             {"o":[[key, value], ...]}, {"t":1}, {"f":1}, {"z":1}) through js_str,
 *                             or "err". The Python test compares it with its json module.
 */
#include "../src/json.h"

#include <stdio.h>

static int passes, failures;

static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    ok ? passes++ : failures++;
}

enum { CAP = 1 << 16 };
static js_tok toks[CAP];

static int parse(js_doc *d, const char *s, size_t n, int cap, int depth) {
    memset(d, 0, sizeof *d);
    d->tok = toks, d->cap = cap, d->max_depth = depth;
    return js_parse(d, s, n);
}

/* the tagged form of token t (see the top); returns the token after its subtree */
static int tagged(js_buf *b, const js_doc *d, const char *s, int t) {
    const js_tok *k = &d->tok[t];
    static char text[1 << 20];
    switch (k->type) {
    case JS_NULL: js_cstr(b, "{\"z\":1}"); break;
    case JS_TRUE: js_cstr(b, "{\"t\":1}"); break;
    case JS_FALSE: js_cstr(b, "{\"f\":1}"); break;
    case JS_NUMBER: {
        double v;
        char num[64];
        if (js_number(d, s, t, &v)) snprintf(num, sizeof num, "long");
        else snprintf(num, sizeof num, "%a", v);
        js_cstr(b, "{\"n\":"), js_str(b, num, strlen(num)), js_cstr(b, "}");
        break;
    }
    case JS_STRING: {
        int l = js_string(d, s, t, text, sizeof text);
        js_cstr(b, "{\"s\":"), js_str(b, text, l < 0 ? 0 : (size_t)l), js_cstr(b, "}");
        break;
    }
    case JS_ARRAY: {
        js_cstr(b, "{\"a\":[");
        int i = t + 1;
        for (int e = 0; e < k->count; e++) {
            if (e) js_cstr(b, ",");
            i = tagged(b, d, s, i);
        }
        js_cstr(b, "]}");
        break;
    }
    default: {
        js_cstr(b, "{\"o\":[");
        int i = t + 1;
        for (int m = 0; m < k->count; m++) {
            js_cstr(b, m ? ",[" : "[");
            i = tagged(b, d, s, i);
            js_cstr(b, ",");
            i = tagged(b, d, s, i);
            js_cstr(b, "]");
        }
        js_cstr(b, "]}");
    }
    }
    return k->end;
}

static int batch(void) {
    static char in[1 << 20];
    size_t n;
    while (scanf("%zu", &n) == 1 && getchar() == '\n') {
        if (n > sizeof in || fread(in, 1, n, stdin) != n) return 1;
        js_doc d;
        if (parse(&d, in, n, CAP, 64)) {
            printf("err\n");
            continue;
        }
        js_buf b = {0};
        b.limit = (size_t)64 << 20;
        tagged(&b, &d, in, 0);
        printf("ok %s\n", b.full ? "(too long)" : b.p);
        free(b.p);
    }
    return 0;
}

static int accepts(const char *s) {
    js_doc d;
    return parse(&d, s, strlen(s), CAP, 64) == 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--batch")) return batch();
    js_doc d;
    const char *req = "{\"model\":\"x\",\"m\\u0065ssages\":[{\"role\":\"user\",\"content\":\"hi\"},{\"role\":\"assistant\"}],"
                      "\"n\":-1.5e2,\"stream\":true}";
    check(parse(&d, req, strlen(req), CAP, 64) == 0, "a chat request parses");
    int msgs = js_find(&d, req, 0, "messages");
    check(msgs > 0 && d.tok[msgs].type == JS_ARRAY && d.tok[msgs].count == 2, "js_find decodes an escaped key");
    int m1 = js_at(&d, msgs, 1), role = js_find(&d, req, m1, "role");
    char buf[64];
    check(role > 0 && js_string(&d, req, role, buf, sizeof buf) == 9 && !strcmp(buf, "assistant"), "js_at, js_string");
    check(js_find(&d, req, m1, "content") == -1 && js_at(&d, msgs, 2) == -1, "missing members and elements are -1");
    double v = 0;
    check(js_number(&d, req, js_find(&d, req, 0, "n"), &v) == 0 && v == -150.0, "js_number");
    check(d.tok[js_find(&d, req, 0, "stream")].type == JS_TRUE && d.tok[0].end == d.n, "types and subtree ends");
    const char *dup = "{\"a\":1,\"b\":2,\"\\u0061\":3}";
    check(parse(&d, dup, strlen(dup), CAP, 64) == 0 && js_find(&d, dup, 0, "a") == -2 && js_find(&d, dup, 0, "b") > 0,
          "a duplicate key (escaped or not) is reported as -2");
    check(js_string(&d, req, 0, buf, sizeof buf) == -1, "js_string of a non-string is -1");
    const char *longs = "\"abcdefgh\"";
    check(parse(&d, longs, strlen(longs), CAP, 64) == 0 && js_string(&d, longs, 0, buf, 8) == -1 &&
          js_string(&d, longs, 0, buf, 13) == 8, "js_string refuses a buffer too small");
    const char *nul = "\"a\\u0000b\"";
    check(parse(&d, nul, strlen(nul), CAP, 64) == 0 && js_string(&d, nul, 0, buf, sizeof buf) == 3 && strlen(buf) == 1,
          "a decoded \\u0000 shows as strlen != length");

    /* limits */
    char deep[300];
    for (int depth = 63; depth <= 66; depth++) {
        memset(deep, '[', (size_t)depth), memset(deep + depth, ']', (size_t)depth);
        int r = parse(&d, deep, 2 * (size_t)depth, CAP, 64);
        char what[80];
        snprintf(what, sizeof what, "depth %d %s under max_depth 64", depth, depth <= 64 ? "accepted" : "refused");
        check(depth <= 64 ? r == 0 : r == -1 && strstr(d.err, "deep"), what);
    }
    check(parse(&d, "[1,2,3]", 7, 4, 64) == 0 && parse(&d, "[1,2,3,4]", 9, 4, 64) == -1 && strstr(d.err, "too many"),
          "the token cap is an error, not an overflow");
    static char big[1 << 20];             /* 500k nested '[' cannot exhaust a stack: there is no recursion */
    memset(big, '[', sizeof big);
    check(parse(&d, big, sizeof big, CAP, 256) == -1, "a megabyte of '[' is refused");
    check(!accepts("") && !accepts("  ") && !accepts("[1,]") && !accepts("{\"a\":1,}") && !accepts("01") &&
          !accepts("1.") && !accepts(".5") && !accepts("+1") && !accepts("NaN") && !accepts("[1 2]") && !accepts("{\"a\"}") &&
          !accepts("{\"a\":}") && !accepts("{1:2}") && !accepts("\"\\ud800\"") && !accepts("\"\\udc00\"") &&
          !accepts("\"\xc0\xaf\"") && !accepts("\"\xed\xa0\x80\"") && !accepts("\"\xf4\x90\x80\x80\"") && !accepts("\"a\tb\"") &&
          !accepts("[]]") && !accepts("1 2") && !accepts("\xef\xbb\xbf{}") && !accepts("\"\\x41\"") && !accepts("tru"),
          "malformed texts are refused");
    check(accepts(" {} ") && accepts("[]") && accepts("0") && accepts("-0.0e-0") && accepts("\"\\ud83d\\ude00\"") &&
          accepts("\"\xf0\x9f\x98\x80\"") && accepts("[null,true,false]") && accepts("{\"\":{\"\":[]}}"), "valid texts are accepted");
    check(parse(&d, "[1,", 3, CAP, 64) == -1 && d.err_at == 3 && strstr(d.err, "byte 3"), "errors say where");

    /* the writer */
    js_buf b = {0};
    b.limit = 1 << 20;
    const char raw[] = "q\"\\\n\x01\x7f\xc3\xa9\xff\xe2\x82";   /* quote, backslash, LF, 0x01, DEL, é, stray 0xFF, cut € */
    js_str(&b, raw, sizeof raw - 1);
    check(!b.full && !strcmp(b.p, "\"q\\\"\\\\\\n\\u0001\x7f\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""),
          "js_str escapes and replaces invalid UTF-8 by U+FFFD");
    check(parse(&d, b.p, b.n, CAP, 64) == 0, "what js_str writes parses");
    js_buf small = {0};
    small.limit = 8;
    js_cstr(&small, "1234"), js_cstr(&small, "5678");
    check(small.full && small.n == 4, "js_buf stops at its limit and says so");
    free(small.p), free(b.p);
    check(js_utf8_valid_prefix("ab\xe2\x82", 4) == 2 && js_utf8_valid_prefix("ab\xe2\x82\xac", 5) == 5,
          "js_utf8_valid_prefix holds back a cut sequence");
    printf("%d passed, %d failed\n", passes, failures);
    return failures != 0;
}
