"""The load side of bench/serve.sh: concurrent streaming chat clients against an OpenAI-compatible
server on loopback (run -m serve or llama-server), standard library only.

  serve_client.py PORT clients C1,C2,... [--tokens 64] [--rounds 3]
      each count of clients streams --tokens tokens per request, all at once, in every round
      (counts alternate within a round); prints a markdown row per count: aggregate decode
      tokens/s, per-client decode tokens/s (after its first event), time to the first event p50 / max
      (tokens counted by the stream's usage: some decode to no text)
  serve_client.py PORT cache --long-text FILE
      prompt caching: the time to first token of a fresh ~100-token prompt, of the first turn of a
      ~1,500-token conversation, and of its second turn (the first turn's reply and a short message
      appended)
"""
import http.client
import json
import sys
import threading
import time

PORT = int(sys.argv[1])


def stream_chat(messages, max_tokens, out):
    """one streamed request: out gets (time to first token, decode tokens/s after it, tokens, text)"""
    c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=600)
    body = {"model": "m", "messages": messages, "max_tokens": max_tokens, "temperature": 0, "stream": True,
            "stream_options": {"include_usage": True},   # the token count (some tokens decode to no text)
            "ignore_eos": True}   # (llama-server: never stop early, so every client decodes the same count)
    t0 = time.time()
    c.request("POST", "/v1/chat/completions", body=json.dumps(body), headers={"Content-Type": "application/json"})
    r = c.getresponse()
    first, n, text, usage = None, 0, [], None
    while True:
        line = r.fp.readline()
        if not line:
            break
        line = line.decode("utf-8", "replace").strip()
        if not line.startswith("data: ") or line == "data: [DONE]":
            if line == "data: [DONE]":
                break
            continue
        ev = json.loads(line[6:])
        if ev.get("usage"):
            usage = ev["usage"]
        if ev.get("choices") and first is None:
            first = time.time()       # the first event: the prompt is evaluated
        if ev.get("choices") and ev["choices"][0].get("delta", {}).get("content"):
            n += 1
            text.append(ev["choices"][0]["delta"]["content"])
    end = time.time()
    c.close()
    if usage:
        n = usage["completion_tokens"]
    ttft = (first or end) - t0
    out.append((ttft, n / (end - first) if first and n and end > first else 0.0, n, "".join(text)))


def clients_mode(counts, tokens, rounds):
    prompts = ["Tell me a story about the city.", "What happened at the court?", "Write about the jury.", "Describe the weather.",
               "Who won the game?", "Explain the plan.", "What is the news?", "Tell me about the river."]
    best = {}
    for _ in range(rounds):
        for n in counts:
            out = []
            t0 = time.time()
            threads = [threading.Thread(target=stream_chat, args=([{"role": "user", "content": prompts[i % len(prompts)]}], tokens, out))
                       for i in range(n)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.time() - t0
            agg = sum(o[2] for o in out) / wall
            per = sorted(o[1] for o in out)
            ttft = sorted(o[0] for o in out)
            row = (agg, per[len(per) // 2], min(per), ttft[len(ttft) // 2], ttft[-1])
            if n not in best or row[0] > best[n][0]:
                best[n] = row
    base = best[counts[0]][1]
    print("| clients | tokens/s, all | tokens/s per client (median, min) | x one client's, per client | time to first token p50 / max (s) |")
    print("|---|---|---|---|---|")
    for n in counts:
        agg, med, lo, t50, tmax = best[n]
        print(f"| {n} | {agg:.1f} | {med:.1f}, {lo:.1f} | {lo / base:.2f} | {t50:.2f} / {tmax:.2f} |")


def cache_mode(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    words = text.split()
    short = " ".join(words[:75])      # ~100 tokens
    long = " ".join(words[:1150])     # ~1,500 tokens
    out = []
    stream_chat([{"role": "user", "content": short}], 8, out)
    fresh = out[-1][0]
    stream_chat([{"role": "user", "content": long}], 8, out)
    first_turn, reply = out[-1][0], out[-1][3]
    stream_chat([{"role": "user", "content": long}, {"role": "assistant", "content": reply},
                 {"role": "user", "content": "And then?"}], 8, out)
    second = out[-1][0]
    print("| request | time to first token (s) |")
    print("|---|---|")
    print(f"| a fresh ~100-token prompt | {fresh:.3f} |")
    print(f"| a ~1,500-token conversation, first turn | {first_turn:.3f} |")
    print(f"| its second turn (reply and a short message appended) | {second:.3f} ({second / fresh:.2f}x the fresh prompt's) |")


if __name__ == "__main__":
    if sys.argv[2] == "clients":
        args = sys.argv[3:]
        counts = [int(x) for x in args[0].split(",")]
        tokens = int(args[args.index("--tokens") + 1]) if "--tokens" in args else 64
        rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
        clients_mode(counts, tokens, rounds)
    else:
        cache_mode(sys.argv[sys.argv.index("--long-text") + 1])
