"""run -m serve through real clients: Python's http.client, curl and the openai npm package under
node, on loopback only.

At temperature 0 a chat reply, streamed or not, equals `run -m chat` with the same message and
system prompt, and a text completion equals `run -i PROMPT`. Malformed requests get OpenAI error
objects with the right status while the server goes on serving; the API key is enforced; several
clients at once each get their own reply; a client that leaves mid-stream, a slow client, and idle
connections do not stop anyone else; a second turn reuses the first turn's tokens
(usage.prompt_tokens_details.cached_tokens); SIGTERM stops the server. Every loop is bounded.
  python3 tests/test_server.py"""
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import ROOT, finish, report  # noqa: E402

RUN = os.environ.get("HIGGS_RUN", os.path.join(ROOT, "run"))
MODEL = os.path.join(ROOT, "models", "brown-higgs4.higgs")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    def __init__(self, *args):
        self.port = free_port()
        self.p = subprocess.Popen([RUN, MODEL, "-m", "serve", "--port", str(self.port), *args], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        self.ready = self.p.stdout.readline()   # the one line it prints when ready (or nothing if it died)

    def conn(self, timeout=60):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None, timeout=60):
        c = self.conn(timeout)
        h = {"Content-Type": "application/json"}
        h.update(headers or {})
        c.request(method, path, body=json.dumps(body) if isinstance(body, (dict, list)) else body, headers=h)
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, data, r

    def stop(self):
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGTERM)
            try:
                self.p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()
        return self.p.returncode


def run_chat(message, system, n):
    """run -m chat's reply at temperature 0, n tokens at most"""
    out = subprocess.run([RUN, MODEL, "-m", "chat", "-i", message, "-y", system, "-t", "0", "-n", str(n)], capture_output=True,
                         text=True, timeout=120).stdout
    assert out.startswith("Assistant: "), out
    return out[len("Assistant: "):-1]


def chat_body(message, system=None, n=24, **extra):
    msgs = ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": message}]
    body = {"model": "brown", "messages": msgs, "temperature": 0, "max_tokens": n}
    body.update(extra)
    return body


def read_stream(resp):
    """the events of a server-sent event stream: (list of JSON objects, saw [DONE])"""
    events, done = [], False
    for line in resp.read().decode("utf-8").split("\n"):
        if not line.startswith("data: "):
            continue
        if line == "data: [DONE]":
            done = True
        else:
            events.append(json.loads(line[6:]))
    return events, done


def stream_text(events):
    return "".join(e["choices"][0]["delta"].get("content", "") for e in events if e.get("choices"))


def test_basics(S):
    report(S.ready.startswith("server: listening on http://127.0.0.1:"), "the server prints one line when ready", S.ready.strip())
    st, data, _ = S.request("GET", "/health")
    report(st == 200 and json.loads(data) == {"status": "ok"}, "GET /health is 200 {\"status\": \"ok\"}", f"{st} {data[:80]!r}")
    st, data, _ = S.request("GET", "/v1/models")
    m = json.loads(data)
    report(st == 200 and m["object"] == "list" and m["data"][0]["object"] == "model" and m["data"][0]["id"],
           "GET /v1/models lists the model", f"{st} {data[:120]!r}")


def test_chat_equals_run(S):
    cases = [("Hello there", "", 24), ("Tell me about the jury.", "You are brief.", 40)]
    for msg, system, n in cases:
        want = run_chat(msg, system, n)
        st, data, _ = S.request("POST", "/v1/chat/completions", chat_body(msg, system or None, n))
        r = json.loads(data)
        got = r["choices"][0]["message"]["content"] if st == 200 else None
        report(st == 200 and got == want, f"chat at temperature 0 = run -m chat ({msg!r}, system {system!r})", f"{got!r} vs {want!r}")
        u = r.get("usage", {})
        report(r.get("object") == "chat.completion" and r["choices"][0]["finish_reason"] in ("stop", "length") and
               u.get("total_tokens") == u.get("prompt_tokens", 0) + u.get("completion_tokens", -1) and u["completion_tokens"] > 0,
               "a chat.completion with finish_reason and usage", json.dumps(r)[:300])
        c = S.conn()
        c.request("POST", "/v1/chat/completions", body=json.dumps(chat_body(msg, system or None, n, stream=True,
                                                                            stream_options={"include_usage": True})),
                  headers={"Content-Type": "application/json"})
        resp = c.getresponse()
        events, done = read_stream(resp)
        c.close()
        chunks = [e for e in events if e.get("choices")]
        ok = (resp.status == 200 and resp.getheader("Content-Type", "").startswith("text/event-stream") and done and chunks and
              chunks[0]["choices"][0]["delta"].get("role") == "assistant" and
              all(e["object"] == "chat.completion.chunk" for e in events) and
              chunks[-1]["choices"][0]["finish_reason"] in ("stop", "length") and
              events[-1]["choices"] == [] and events[-1]["usage"]["completion_tokens"] == u.get("completion_tokens"))
        report(ok and stream_text(events) == want, f"streamed chat = run -m chat ({msg!r}), chunks end with finish_reason, usage, [DONE]",
               f"{stream_text(events)!r} vs {want!r}; {len(events)} events")


def test_completion_equals_run(S):
    prompt, n = "Once upon a time", 12
    ids = subprocess.run([RUN, MODEL, "-m", "tokenize", "-i", prompt], capture_output=True, text=True).stdout.split()
    out = subprocess.run([RUN, MODEL, "-i", prompt, "-t", "0", "-n", str(len(ids) + n)], capture_output=True, text=True,
                         timeout=120).stdout
    want = out[len(prompt):].rstrip("\n")
    st, data, _ = S.request("POST", "/v1/completions", {"prompt": prompt, "temperature": 0, "max_tokens": n})
    r = json.loads(data)
    got = r["choices"][0]["text"] if st == 200 else None
    report(st == 200 and r["object"] == "text_completion" and got == want, "text completion at temperature 0 = run -i PROMPT",
           f"{got!r} vs {want!r}")


def test_http10_stream(S):
    """an HTTP/1.0 client asking for a stream: plain events (no chunked encoding), ended by the close"""
    body = json.dumps(chat_body("Hello there", n=24, stream=True)).encode()
    s = socket.create_connection(("127.0.0.1", S.port), timeout=30)
    s.sendall(b"POST /v1/chat/completions HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
    buf = b""
    while True:
        b = s.recv(65536)
        if not b:
            break
        buf += b
    s.close()
    head, _, rest = buf.partition(b"\r\n\r\n")
    events = [json.loads(l[6:]) for l in rest.decode().split("\n") if l.startswith("data: {")]
    report(b"Transfer-Encoding" not in head and rest.rstrip().endswith(b"data: [DONE]") and
           stream_text(events) == run_chat("Hello there", "", 24), "an HTTP/1.0 stream: plain events ended by the close",
           repr(head[:80]))


def test_pipelined(S):
    """three requests in one write (two answered at once, a completion between): three answers, in order"""
    body = json.dumps(chat_body("Hello there", n=6)).encode()
    s = socket.create_connection(("127.0.0.1", S.port), timeout=30)
    s.sendall(b"GET /health HTTP/1.1\r\n\r\nPOST /v1/chat/completions HTTP/1.1\r\nContent-Length: %d\r\n\r\n" % len(body) + body +
              b"GET /v1/models HTTP/1.1\r\nConnection: close\r\n\r\n")
    buf = b""
    t0 = time.time()
    try:
        while time.time() - t0 < 20:
            b = s.recv(65536)
            if not b:
                break
            buf += b
    except socket.timeout:
        pass
    s.close()
    heads = [i for i in range(len(buf)) if buf.startswith(b"HTTP/1.1 200", i)]
    order = [buf.find(b'{"status":"ok"}'), buf.find(b'"chat.completion"'), buf.find(b'"object":"list"')]
    report(len(heads) == 3 and -1 not in order and order == sorted(order) and time.time() - t0 < 10,
           "three pipelined requests: three answers in order, then the close the last asked for",
           f"{len(heads)} answers, positions {order}, {time.time() - t0:.1f} s")
    st, _ = raw(S, b"GET /health HTTP/1.0\r\n\r\n", timeout=5)
    s = socket.create_connection(("127.0.0.1", S.port), timeout=5)
    s.sendall(b"GET /health HTTP/1.0\r\n\r\n")
    t0, closed = time.time(), False
    try:
        while not closed:
            closed = s.recv(4096) == b""
    except socket.timeout:
        pass
    s.close()
    report(st == 200 and closed and time.time() - t0 < 2, "an HTTP/1.0 request is answered and its connection closed",
           f"{st}, closed {closed} after {time.time() - t0:.1f} s")


def test_stop(S):
    st, data, _ = S.request("POST", "/v1/chat/completions", chat_body("Hello there", n=40, stop=["1950"]))
    r = json.loads(data)
    text = r["choices"][0]["message"]["content"]
    report(st == 200 and "1950" not in text and r["choices"][0]["finish_reason"] == "stop", "a stop string ends the reply before it",
           repr(text))


def raw(S, data, timeout=10):
    """bytes sent on a fresh connection, the response's status line and body"""
    s = socket.create_connection(("127.0.0.1", S.port), timeout=timeout)
    s.sendall(data)
    buf = b""
    try:
        while True:
            b = s.recv(65536)
            if not b:
                break
            buf += b
            if b"\r\n\r\n" in buf:
                head, body = buf.split(b"\r\n\r\n", 1)
                n = [int(l.split(b":")[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")]
                if n and len(body) >= n[0]:
                    break
    except socket.timeout:
        pass
    s.close()
    status = int(buf.split(b" ")[1]) if buf.startswith(b"HTTP/1.1 ") else 0
    return status, buf.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in buf else b""


def test_errors(S):
    def post(body, path="/v1/chat/completions", **kw):
        return S.request("POST", path, body, **kw)
    cases = [
        ("not JSON", post("{\"messages\": [", ), 400, None),
        ("a JSON array", post("[1,2]"), 400, None),
        ("no messages", post({"model": "x"}), 400, "messages"),
        ("empty messages", post({"messages": []}), 400, "messages"),
        ("a bad role", post({"messages": [{"role": "wizard", "content": "x"}]}), 400, "messages"),
        ("the last message the assistant's", post({"messages": [{"role": "user", "content": "a"},
                                                                {"role": "assistant", "content": "b"}]}), 400, "messages"),
        ("temperature a string", post(chat_body("x", temperature="hot")), 400, "temperature"),
        ("temperature 3", post(chat_body("x", temperature=3)), 400, "temperature"),
        ("max_tokens past the context", post(chat_body("x", n=100000)), 400, "max_tokens"),
        ("max_tokens 1.5", post(chat_body("x", n=1.5)), 400, "max_tokens"),
        ("n = 2", post(dict(chat_body("x", n=5), n=2)), 400, "n"),
        ("stream a string", post(chat_body("x", stream="yes")), 400, "stream"),
        ("five stop strings", post(chat_body("x", stop=["a", "b", "c", "d", "e"])), 400, "stop"),
        ("a duplicate key", post('{"messages":[{"role":"user","content":"x"}],"temperature":0,"temperature":1}'), 400, "temperature"),
        ("invalid UTF-8", post(b'{"messages":[{"role":"user","content":"\xff"}]}'), 400, None),
        ("a lone surrogate", post('{"messages":[{"role":"user","content":"\\ud800"}]}'), 400, None),
        ("a NUL in a message", post('{"messages":[{"role":"user","content":"a\\u0000b"}]}'), 400, "messages"),
        ("a prompt longer than the context", post({"prompt": "the " * 600, "max_tokens": 1}, "/v1/completions"), 400, "prompt"),
        ("no such path", S.request("GET", "/v2/nothing"), 404, None),
        ("GET on a POST endpoint", S.request("GET", "/v1/chat/completions"), 405, None),
        ("POST on /v1/models", S.request("POST", "/v1/models", {}), 405, None),
    ]
    for name, (st, data, _), want, param in cases:
        try:
            err = json.loads(data)["error"]
            ok = st == want and err["message"] and err["type"] and (param is None or err["param"] == param)
        except (ValueError, KeyError, TypeError):
            ok = False
        report(ok, f"{name}: {want} with an error object", f"{st} {data[:200]!r}")
    for name, data, want in [
        ("a 2 MB Content-Length", b"POST /v1/chat/completions HTTP/1.1\r\nContent-Length: 2000000\r\n\r\n", 413),
        ("a 20 kB header", b"GET /health HTTP/1.1\r\nX-A: " + b"a" * 20000 + b"\r\n\r\n", 431),
        ("chunked transfer encoding", b"POST /v1/completions HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501),
        ("a bare LF", b"GET /health HTTP/1.1\nHost: x\n\n", 400),
        ("a folded header", b"GET /health HTTP/1.1\r\nX-A: a\r\n b\r\n\r\n", 400),
        ("HTTP/1.2", b"GET /health HTTP/1.2\r\n\r\n", 505),
    ]:
        st, body = raw(S, data)
        report(st == want and b'"error"' in body, f"{name}: {want}", f"{st} {body[:120]!r}")
    st, _, _ = S.request("GET", "/health")
    report(st == 200, "the server still answers after every malformed request", str(st))


def test_api_key():
    S = Server("--api-key", "sekrit", "--slots", "1")
    try:
        cases = [({}, 401), ({"Authorization": "Bearer wrong"}, 401), ({"Authorization": "sekrit"}, 401),
                 ({"Authorization": "Bearer sekrit"}, 200)]
        for headers, want in cases:
            st, data, _ = S.request("POST", "/v1/chat/completions", chat_body("Hi", n=3), headers=headers)
            report(st == want and (want == 200 or json.loads(data)["error"]["type"] == "authentication_error"),
                   f"--api-key: {headers or 'no header'} -> {want}", f"{st} {data[:100]!r}")
        st, _, _ = S.request("GET", "/v1/models")
        report(st == 401, "--api-key: /v1/models needs the key", str(st))
        st, _, _ = S.request("GET", "/health")
        report(st == 200, "--api-key: /health does not", str(st))
    finally:
        S.stop()


def test_concurrent(S):
    prompts = ["Hello there", "What is the news?", "Tell me about the jury.", "Once upon a time", "Who won?", "The city"]
    want = {p: run_chat(p, "", 20) for p in prompts}
    got, errors = {}, []

    def client(i, p):
        try:
            if i % 2:
                c = S.conn()
                c.request("POST", "/v1/chat/completions", body=json.dumps(chat_body(p, n=20, stream=True)),
                          headers={"Content-Type": "application/json"})
                events, done = read_stream(c.getresponse())
                c.close()
                got[p] = stream_text(events) if done else None
            else:
                st, data, _ = S.request("POST", "/v1/chat/completions", chat_body(p, n=20))
                got[p] = json.loads(data)["choices"][0]["message"]["content"] if st == 200 else None
        except Exception as e:  # noqa: BLE001 (any failure is this test's)
            errors.append(repr(e))
    threads = [threading.Thread(target=client, args=(i, p)) for i, p in enumerate(prompts)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    bad = [p for p in prompts if got.get(p) != want[p]]
    report(not bad and not errors, f"{len(prompts)} clients at once (4 slots, streaming and not): each reply = its run -m chat",
           f"wrong: {bad[:2]} errors: {errors[:2]}")


def test_disconnect(S):
    c = S.conn()
    c.request("POST", "/v1/chat/completions", body=json.dumps(chat_body("Tell me a long story", n=200, stream=True)),
              headers={"Content-Type": "application/json"})
    r = c.getresponse()
    r.fp.readline()                   # the first event, then the client leaves
    c.sock.close()
    c.close()
    time.sleep(0.3)
    st, data, _ = S.request("POST", "/v1/chat/completions", chat_body("Hello there", n=24))
    ok = st == 200 and json.loads(data)["choices"][0]["message"]["content"] == run_chat("Hello there", "", 24)
    report(ok and S.p.poll() is None, "a client leaving mid-stream: the server goes on, the next reply is right", f"{st}")


def test_slow_and_idle():
    S = Server("--timeout", "1", "--slots", "1")
    try:
        idle = [socket.create_connection(("127.0.0.1", S.port), timeout=5) for _ in range(200)]
        slow = socket.create_connection(("127.0.0.1", S.port), timeout=10)
        t0 = time.time()
        got = b""
        for ch in b"GET /health HTTP/1.1\r\nX-Slow: yes":   # a byte every 0.2 s: the head never completes in time
            try:
                slow.sendall(bytes([ch]))
            except OSError:
                break
            st, _, _ = S.request("GET", "/health", timeout=5) if ch == ord("X") else (200, b"", None)
            if st != 200:
                break
            time.sleep(0.2)
            if time.time() - t0 > 8:
                break
        try:
            slow.settimeout(5)
            got = slow.recv(4096)
        except OSError:
            pass
        report(got.startswith(b"HTTP/1.1 408"), "a client sending a byte every 0.2 s gets 408 after --timeout 1", repr(got[:60]))
        st, _, _ = S.request("GET", "/health", timeout=5)
        report(st == 200, "200 idle connections and a slow client: a valid request is still answered", str(st))
        time.sleep(3.5)               # idle connections close after 3x --timeout
        closed = 0
        for s in idle:
            try:
                s.settimeout(2)
                closed += s.recv(1) == b""
            except OSError:
                pass
            s.close()
        slow.close()
        report(closed == len(idle), "idle connections are closed after 3x --timeout", f"{closed} of {len(idle)}")
    finally:
        S.stop()


def test_prefix_reuse(S):
    first = chat_body("Tell me about the jury.", n=16)
    st, data, _ = S.request("POST", "/v1/chat/completions", first)
    r1 = json.loads(data)
    reply = r1["choices"][0]["message"]["content"]
    second = {"messages": first["messages"] + [{"role": "assistant", "content": reply}, {"role": "user", "content": "Why?"}],
              "temperature": 0, "max_tokens": 8}
    st2, data2, _ = S.request("POST", "/v1/chat/completions", second)
    u = json.loads(data2)["usage"]
    cached = u["prompt_tokens_details"]["cached_tokens"]
    report(st == 200 and st2 == 200 and cached >= r1["usage"]["prompt_tokens"], "a second turn reuses the first turn's tokens",
           f"cached {cached} of {u['prompt_tokens']}, first turn's prompt {r1['usage']['prompt_tokens']}")


def test_curl(S):
    if not shutil.which("curl"):
        report(False, "curl is installed (apt-get install curl)", "missing")
        return
    want = run_chat("Hello there", "", 24)
    out = subprocess.run(["curl", "-s", f"http://127.0.0.1:{S.port}/v1/chat/completions", "-H", "Content-Type: application/json",
                          "-d", json.dumps(chat_body("Hello there", n=24))], capture_output=True, text=True, timeout=60).stdout
    got = json.loads(out)["choices"][0]["message"]["content"] if out.startswith("{") else out
    report(got == want, "curl: a chat reply = run -m chat", f"{got!r} vs {want!r}")
    big = json.dumps(dict(chat_body("Hello there", n=4), user="x" * 2000))   # over 1 kB: curl sends Expect: 100-continue
    out = subprocess.run(["curl", "-s", "-w", "\n%{http_code} %{time_total}", f"http://127.0.0.1:{S.port}/v1/chat/completions",
                          "-H", "Content-Type: application/json", "-d", big], capture_output=True, text=True, timeout=60).stdout
    code, secs = out.rsplit("\n", 1)[1].split()
    report(code == "200" and float(secs) < 0.9, "curl with a body over 1 kB (Expect: 100-continue) gets 200 without waiting for the 1 s timer",
           f"{code} in {secs} s")
    out = subprocess.run(["curl", "-sN", f"http://127.0.0.1:{S.port}/v1/chat/completions", "-H", "Content-Type: application/json",
                          "-d", json.dumps(chat_body("Hello there", n=24, stream=True))], capture_output=True, text=True,
                         timeout=60).stdout
    events = [json.loads(l[6:]) for l in out.split("\n") if l.startswith("data: {")]
    report(out.rstrip().endswith("data: [DONE]") and stream_text(events) == want, "curl -N: the streamed reply = run -m chat",
           repr(stream_text(events)))


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def test_load(S):
    """32 clients x 4 requests, half streamed, every 8th left midway: no reply lost, cut or mixed"""
    prompts = ["Hello there", "What is the news?", "Tell me about the jury.", "Once upon a time", "Who won?", "The city",
               "Good morning", "Where is the court?"]
    want = {p: run_chat(p, "", 16) for p in prompts}
    results, lock = [], threading.Lock()
    t_start = time.time()

    def client(k):
        for r in range(4):
            p, stream, leave = prompts[(k + r) % len(prompts)], (k + r) % 2 == 1, (k * 4 + r) % 8 == 7
            t0 = time.time()
            try:
                c = S.conn(120)
                c.request("POST", "/v1/chat/completions", body=json.dumps(chat_body(p, n=16, stream=stream or leave)),
                          headers={"Content-Type": "application/json"})
                resp = c.getresponse()
                if leave:
                    resp.fp.readline()
                    c.sock.close()
                    c.close()
                    continue
                if stream:
                    events, done = read_stream(resp)
                    text, toks = (stream_text(events), sum(1 for e in events if e.get("choices"))) if done else (None, 0)
                else:
                    body = json.loads(resp.read())
                    text, toks = body["choices"][0]["message"]["content"], body["usage"]["completion_tokens"]
                c.close()
                with lock:
                    results.append((p, text, time.time() - t0, toks, resp.status))
            except Exception as e:  # noqa: BLE001
                with lock:
                    results.append((p, repr(e), time.time() - t0, 0, 0))
    threads = [threading.Thread(target=client, args=(k,)) for k in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    wall = time.time() - t_start
    expected = sum(1 for k in range(32) for r in range(4) if (k * 4 + r) % 8 != 7)
    wrong = [(p, t) for p, t, _, _, st in results if st != 200 or t != want[p]]
    lat = sorted(r[2] for r in results)
    p50, p99 = (lat[len(lat) // 2], lat[min(len(lat) - 1, int(len(lat) * 0.99))]) if lat else (0, 0)
    tokens = sum(r[3] for r in results)
    report(len(results) == expected and not wrong,
           "load: 32 clients x 4 requests (half streamed, 16 left midway): every reply whole, its own, = run -m chat",
           f"{len(results)} of {expected} replies, {len(wrong)} wrong {wrong[:1]}; latency p50 {p50:.2f} s, p99 {p99:.2f} s; "
           f"{tokens / wall:.0f} tokens/s over {wall:.1f} s")


def test_abuse():
    """malformed and hostile traffic, bounded: a 4xx each, the server up and answering, its memory bounded"""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    S = Server("--timeout", "2", "--slots", "2")
    try:
        S.request("POST", "/v1/chat/completions", chat_body("Hello there", n=8))
        base = rss_mb(S.p.pid)
        bad = [b"POST /v1/chat/completions HTTP/1.1\r\nContent-Length: 100\r\n\r\n{\"messages\":",   # truncated: then closed
               b'{"messages": [{"role": "user", "content": 5}]}', b'{"messages": "hi"}', b'{"messages": [[[[[[[[]]]]]]]]}',
               b'{"messages": [{"role": "user", "content": "\xc0\xaf"}]}', b"\x00\x01\x02", b'{"a":' * 40 + b"1" + b"}" * 40,
               b'{"messages":[{"role":"user","content":"x"}],"max_tokens":-5}', b'{"messages":[{"role":"user","content":"x"}],"seed":"s"}']
        statuses = []
        for rounds in range(5):
            for i, body in enumerate(bad):
                if i == 0:
                    s = socket.create_connection(("127.0.0.1", S.port), timeout=5)
                    s.sendall(body)
                    s.close()
                    continue
                st, _, _ = S.request("POST", "/v1/chat/completions", body)
                statuses.append(st)
            statuses.append(raw(S, b"POST /v1/chat/completions HTTP/1.1\r\nContent-Length: 5000000\r\n\r\n")[0])
            statuses.append(raw(S, b"GET / HTTP/1.1\r\n" + b"X: y\r\n" * 100 + b"\r\n")[0])
        report(all(400 <= st < 500 for st in statuses), f"abuse: {len(statuses)} malformed requests, a 4xx each",
               str(sorted(set(statuses))))
        idle = []
        for _ in range(1000):
            try:
                idle.append(socket.create_connection(("127.0.0.1", S.port), timeout=5))
            except OSError:
                break
        st, data, _ = S.request("POST", "/v1/chat/completions", chat_body("Hello there", n=8), timeout=10)
        report(len(idle) == 1000 and st == 200, "abuse: with 1,000 idle connections open a valid request is answered",
               f"{len(idle)} open, status {st}")
        slow = socket.create_connection(("127.0.0.1", S.port), timeout=5)
        answered = 0
        cut = False
        for ch in b"POST /v1/chat/completions HTTP/1.1\r\n"[:6]:   # a byte a second for 6 s, valid requests between
            try:
                slow.sendall(bytes([ch]))
            except OSError:
                cut = True            # (the server gave up on it: --timeout 2)
            answered += S.request("GET", "/health", timeout=5)[0] == 200
            time.sleep(1)
        try:
            slow.settimeout(3)
            reply = slow.recv(64)
        except OSError:
            reply = b"(reset)" if cut else b""
        report(answered == 6 and (reply.startswith(b"HTTP/1.1 408") or cut),
               "abuse: a client sending a byte a second holds up no one and is cut off (408)", f"{answered} of 6 answered; {reply[:20]!r}")
        for s in idle:
            s.close()
        slow.close()
        time.sleep(0.5)
        grown = rss_mb(S.p.pid) - base
        report(S.p.poll() is None and grown < 64, "abuse: the server is up and its memory bounded", f"RSS grew {grown:.1f} MB")
    finally:
        S.stop()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_queue_full():
    """one slot and a queue of 1: of 8 requests sent at once (each 200 tokens), at most 2 are taken
    while the first generates (1 when the second comes before the slot took the first); the rest get
    429 with a rate_limit_error"""
    S = Server("--slots", "1", "--queue", "1")
    try:
        statuses, types, lock = [], [], threading.Lock()
        go = threading.Barrier(8)

        def client():
            go.wait()
            st, data, _ = S.request("POST", "/v1/completions", {"prompt": "The", "max_tokens": 200, "temperature": 0})
            with lock:
                statuses.append(st)
                types.append(json.loads(data).get("error", {}).get("type") if st != 200 else None)
        threads = [threading.Thread(target=client) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        refused = statuses.count(429)
        report(refused >= 1 and statuses.count(200) >= 1 and refused + statuses.count(200) == 8 and
               all(t == "rate_limit_error" for t in types if t), "a full queue: 429 with a rate_limit_error, the rest served",
               f"statuses {sorted(statuses)}")
        st, _, _ = S.request("POST", "/v1/chat/completions", chat_body("Hello there", n=4))
        report(st == 200, "afterwards the slot serves again", str(st))
    finally:
        S.stop()


def test_openai_npm():
    """the official openai npm client: OPENAI_MODULE (test_all.sh installs openai@4 into build/npm)"""
    module = os.environ.get("OPENAI_MODULE", os.path.join(ROOT, "build", "npm", "node_modules", "openai"))
    if not shutil.which("node") or not os.path.isdir(module):
        report(False, "node and the openai npm package are installed (test_all.sh installs them)", f"node {shutil.which('node')}, {module}")
        return
    S = Server("--api-key", "sk-test", "--slots", "2")
    try:
        r = subprocess.run(["node", os.path.join(ROOT, "tests", "openai_client.js"), str(S.port), "sk-test"], capture_output=True,
                           text=True, timeout=120, env=dict(os.environ, OPENAI_MODULE=module))
        try:
            out = json.loads(r.stdout)
        except ValueError:
            out = {"error": r.stdout[-300:] + r.stderr[-300:]}
        want = run_chat("Hello there", "", 24)
        report(out.get("chat") == want and out.get("finish") in ("stop", "length") and out.get("usage", {}).get("completion_tokens"),
               "openai npm: chat.completions.create = run -m chat", f"{out.get('chat')!r} vs {want!r} {out.get('error', '')}")
        report(out.get("stream") == want and out.get("stream_usage", {}).get("completion_tokens") == out["usage"]["completion_tokens"],
               "openai npm: the streamed reply (for await) = run -m chat, with usage", f"{out.get('stream')!r}, {out.get('chunks')} chunks")
        report(out.get("completion") and out.get("models") and len(out["models"]) == 1, "openai npm: completions.create and models.list",
               f"{out.get('completion')!r} {out.get('models')}")
        report(out.get("bad_request") == "BadRequestError 400" and out.get("wrong_key") == "AuthenticationError 401",
               "openai npm: a bad request is its BadRequestError (400), a wrong key its AuthenticationError (401)",
               f"{out.get('bad_request')}, {out.get('wrong_key')}")
    finally:
        S.stop()


def main():
    if not os.path.exists(RUN):
        report(False, "./run is built", RUN)
        finish()
    S = Server()
    try:
        test_basics(S)
        test_chat_equals_run(S)
        test_completion_equals_run(S)
        test_stop(S)
        test_http10_stream(S)
        test_pipelined(S)
        test_errors(S)
        test_concurrent(S)
        test_disconnect(S)
        test_prefix_reuse(S)
        test_curl(S)
        test_load(S)
    finally:
        rc = S.stop()
    report(rc == 0, "SIGTERM stops the server cleanly (exit 0)", f"exit {rc}; {S.p.stderr.read()[-200:]!r}")
    test_api_key()
    test_queue_full()
    test_openai_npm()
    test_slow_and_idle()
    test_abuse()
    finish()


if __name__ == "__main__":
    main()
