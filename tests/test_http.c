/* test_http.c - src/http.h, the server's request-head parser: what it accepts and reads, each
 * malformed head's status, its limits, and heads fed a byte at a time (as a slow client sends).
 *   cc -O2 -std=c11 -D_GNU_SOURCE -o tests/test_http tests/test_http.c && tests/test_http */
#include "../src/http.h"

static int passes, failures;

static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "PASS" : "FAIL", what);
    ok ? passes++ : failures++;
}

static const http_limits lim = {0, 0, 0};

/* the parse of s; its status (200 for a valid head, 0 incomplete) */
static int status_of(const char *s, http_request *r) {
    int rc = http_parse_head(s, strlen(s), &lim, r);
    return rc == 1 ? 200 : rc == 0 ? 0 : r->status;
}

static void expect(const char *s, int status, const char *what) {
    http_request r;
    int got = status_of(s, &r);
    char msg[200];
    snprintf(msg, sizeof msg, "%s: %d (got %d%s%s)", what, status, got, got >= 400 ? ", " : "", got >= 400 ? r.err : "");
    check(got == status, msg);
}

int main(void) {
    http_request r;
    const char *post = "POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\n"
                       "Authorization:  Bearer sk-abc \r\nContent-Length: 42\r\nConnection: keep-alive, Upgrade\r\n"
                       "Expect: 100-continue\r\n\r\n{\"body\":";
    check(status_of(post, &r) == 200 && !strcmp(r.method, "POST") && !strcmp(r.path, "/v1/chat/completions") &&
          !strcmp(r.query, "x=1") && r.minor == 1 && r.content_length == 42 && r.keep_alive && r.expect_continue &&
          !strcmp(r.auth, "Bearer sk-abc") && !strcmp(post + r.head_len, "{\"body\":"),
          "a POST head: method, path, query, length, keep-alive, Expect, trimmed Authorization, body offset");
    check(status_of("GET /health HTTP/1.0\r\n\r\n", &r) == 200 && !r.keep_alive && r.minor == 0 && !r.content_length,
          "HTTP/1.0 closes by default");
    check(status_of("GET / HTTP/1.1\r\nConnection: Close\r\n\r\n", &r) == 200 && !r.keep_alive, "Connection: close");
    check(status_of("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", &r) == 200 && r.keep_alive, "1.0 keep-alive");
    expect("GET / HTTP/1.1\r\nHost: x\r\n", 0, "no blank line yet");
    expect("GET / HTTP/1.1\r\nHost: x\r\n\r", 0, "a CR of the blank line");
    expect("", 0, "nothing yet");

    /* malformed heads */
    expect("GET / HTTP/1.1\nHost: x\r\n\r\n", 400, "bare LF");
    expect("GET / HTTP/1.1\r\nHost: x\n", 400, "bare LF before the head is complete");
    expect("GET /  HTTP/1.1\r\n\r\n", 400, "two spaces");
    expect("GET\r\n\r\n", 400, "no target");
    expect("G(T / HTTP/1.1\r\n\r\n", 400, "a method that is not a token");
    expect("GETTTTTTT / HTTP/1.1\r\n\r\n", 400, "a method too long");
    expect("GET http://x/ HTTP/1.1\r\n\r\n", 400, "absolute-form target");
    expect("GET /a\x01 HTTP/1.1\r\n\r\n", 400, "control character in the target");
    expect("GET / HTTP/2.0\r\n\r\n", 400, "HTTP/2.0 request line");
    expect("GET / HTTP/1.2\r\n\r\n", 505, "HTTP/1.2");
    expect("GET / HTTP/1.1\r\n folded\r\n\r\n", 400, "a folded line");
    expect("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400, "a space before the colon");
    expect("GET / HTTP/1.1\r\n: x\r\n\r\n", 400, "an empty name");
    expect("GET / HTTP/1.1\r\nNoColon\r\n\r\n", 400, "no colon");
    expect("GET / HTTP/1.1\r\nX: a\x01b\r\n\r\n", 400, "control character in a value");
    expect("GET / HTTP/1.1\r\nX: a\rb\r\n\r\n", 400, "a bare CR in a value");
    expect("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, "a negative length");
    expect("POST / HTTP/1.1\r\nContent-Length: 1e3\r\n\r\n", 400, "a length not in digits");
    expect("POST / HTTP/1.1\r\nContent-Length:\r\n\r\n", 400, "an empty length");
    expect("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n", 400, "a length of 23 digits");
    expect("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400, "conflicting lengths");
    expect("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n", 200, "a repeated equal length");
    expect("POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n", 413, "a body over 1 MiB");
    expect("POST / HTTP/1.1\r\nContent-Length: 1048576\r\n\r\n", 200, "a body of 1 MiB");
    expect("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501, "chunked bodies");
    expect("POST / HTTP/1.1\r\nExpect: 200-ok\r\n\r\n", 417, "an unknown expectation");

    /* limits */
    static char big[40000];
    strcpy(big, "GET / HTTP/1.1\r\n");
    for (int i = 0; i < 64; i++) strcat(big, "X-A: b\r\n");
    expect(strcat(big, "\r\n"), 200, "64 header fields");
    strcpy(big, "GET / HTTP/1.1\r\n");
    for (int i = 0; i < 65; i++) strcat(big, "X-A: b\r\n");
    strcat(big, "\r\n");
    expect(big, 431, "65 header fields");
    strcpy(big, "GET / HTTP/1.1\r\nX-Long: ");
    memset(big + strlen(big), 'a', 17000);
    big[24 + 17000] = 0;
    expect(big, 431, "a head past 16 KiB without its end");
    char path[400] = "GET /";
    memset(path + 5, 'p', 300), strcpy(path + 305, " HTTP/1.1\r\n\r\n");
    expect(path, 414, "a path of 301 bytes");

    /* a byte at a time: incomplete until the last byte, then the same result */
    size_t n = strlen(post);
    http_request whole, part;
    http_parse_head(post, n, &lim, &whole);
    int early = 0;
    size_t head = whole.head_len;
    for (size_t i = 1; i < head; i++) early |= http_parse_head(post, i, &lim, &part) != 0;
    check(!early && http_parse_head(post, head, &lim, &part) == 1 && !memcmp(&part, &whole, sizeof part),
          "fed byte by byte: incomplete until the blank line, then the same request");
    check(!strcmp(http_reason(431), "Request Header Fields Too Large") && !strcmp(http_reason(429), "Too Many Requests"),
          "reason phrases");
    printf("%d passed, %d failed\n", passes, failures);
    return failures != 0;
}
