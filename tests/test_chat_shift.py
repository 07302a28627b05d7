#!/usr/bin/env python3
"""run -m chat goes on past its context by shifting (issue 54, item 3).

1. A synthetic model with a 2,048-token context (tests/make_synthetic.py, export.py) chats for 48
   turns at temperature 0 (-n 48 a reply), over 3,000 tokens in all. run must exit 0, answer every
   turn, say on stderr that it dropped turns, and, from its -o log (the ids the context holds after
   each turn):
   - the context never holds more than 2,048 ids, and the first turn is dropped at some point;
   - the context always starts with the template's first turn with the system prompt and the
     message of the oldest kept turn (`run -m tokenize --chat -y SYS -i MSG`);
   - a turn without a shift appends its opening and reply to the context before it; after a shift,
     that first turn is followed by the end of the context before it (the kept turns' ids, the
     oldest kept turn's reply first), then the new turn's opening and reply;
   - the replies after a shift are what the model predicts from the context evaluated afresh
     (`run -m logits` over the same ids: each reply token is the argmax, within 1e-3), so the
     session's rewind and re-encoding left the cache as a fresh run would.
2. The bundled model at -c 128: a system prompt over half of it and a message longer than the whole
   context are cut, not an error: exit 0, every turn answered, no context over 128 ids, the context
   starts with the first turn of the system prompt's kept beginning.
3. -i (one turn): -n bounds the reply, not the conversation.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import numpy as np  # noqa: E402

import make_synthetic as ms  # noqa: E402
from testlib import PY, TOKENIZER, finish, report, sh  # noqa: E402

RUN = os.environ.get("HIGGS_RUN") or os.path.join(ROOT, "run")   # another build (e.g. run-san) for every run here
SYS = "You are a careful assistant who answers in one short paragraph."
CTX, TURNS, REPLY = 2048, 48, 48
LINE = re.compile(r"turn (\d+): first (\d+), held (\d+), opening (\d+), reply (\d+):((?: \d+)*)$")


def messages(n):
    """n user messages: sentences of the held-out text, 60-300 bytes"""
    text = open(os.path.join(ROOT, "data", "brown-heldout.txt"), encoding="utf-8").read()
    out = [s.strip().replace("\n", " ") for s in re.split(r"(?<=[.?!])\s+", text)]
    out = [s for s in out if 60 <= len(s.encode()) <= 300]
    return out[:n]


def chat(model, users, extra, log, system=SYS, timeout=60):
    stdin = "".join(u + "\n" for u in users)
    t0 = time.time()
    r = subprocess.run([RUN, model, "-m", "chat", "-y", system, "-o", log, "-T", "2", "--kv", "f32", *map(str, extra)], input=stdin,
                       capture_output=True, text=True, errors="replace", timeout=timeout)
    lines = []
    if os.path.exists(log):
        for s in open(log).read().splitlines():
            m = LINE.match(s)
            if not m:
                lines.append(None)
                continue
            t, first, held, opening, reply = map(int, m.groups()[:5])
            lines.append(dict(turn=t, first=first, held=held, opening=opening, reply=reply,
                              ids=[int(x) for x in m.group(6).split()]))
    return r, lines, time.time() - t0


def chat_ids(model, user, cache):
    """the ids of the template's first turn with the system prompt (what run -m tokenize --chat gives)"""
    if user not in cache:
        cache[user] = [int(x) for x in sh(RUN, model, "-m", "tokenize", "--chat", "-y", SYS, "-i", user,
                                          timeout=30).stdout.split()]
    return cache[user]


def test_long_conversation(tmp):
    d = os.path.join(tmp, "ctx2048")
    ms.make_checkpoint(d, dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4096, seq_len=CTX,
                       tokenizer_model=TOKENIZER, seed=54)
    model = d + ".higgs"
    sh(PY, os.path.join(ROOT, "export.py"), "--hf", d, model, "--dtype", "f32", timeout=120)
    users = messages(TURNS)
    if len(users) < TURNS:
        report(False, "enough user messages", f"{len(users)} of {TURNS}")
        return
    log = os.path.join(tmp, "chat.log")
    r, lines, secs = chat(model, users, ["-n", REPLY, "-t", 0], log)
    errs = [s for s in r.stderr.splitlines() if s.strip()]
    shifts = [s for s in errs if s.startswith("[context full: dropped ")]
    report(r.returncode == 0, "chat exits 0", f"{secs:.1f} s; stderr tail {r.stderr.strip()[-200:]!r}")
    report(r.stdout.count("Assistant: ") == TURNS, "every turn answered",
           f"{r.stdout.count('Assistant: ')} 'Assistant:' of {TURNS} turns")
    report(len(shifts) > 0 and all(s.startswith("[context full: ") for s in errs),
           "stderr: the shift said, nothing else", f"{len(shifts)} shifts, e.g. {(shifts or errs or [''])[0]!r}")
    ok = len(lines) == TURNS and all(x and x["turn"] == i and len(x["ids"]) == x["held"] for i, x in enumerate(lines))
    report(ok, "-o log: a line per turn", f"{len(lines)} lines")
    if not ok:
        return
    total = sum(x["opening"] + x["reply"] for x in lines)
    report(total > 3000, "the conversation is over 3,000 tokens", f"{total} tokens on a {CTX}-token context")
    most = max(x["held"] for x in lines)
    report(most <= CTX, "the context never holds more than its size", f"at most {most} ids of {CTX}")
    report(all(x["reply"] <= REPLY for x in lines), "-n bounds each reply",
           f"replies of {min(x['reply'] for x in lines)}..{max(x['reply'] for x in lines)} tokens")
    report(lines[-1]["first"] > 0 and len(shifts) == sum(1 for a, b in zip(lines, lines[1:]) if b["first"] > a["first"]),
           "the oldest turns are dropped, once a shift each",
           f"the last context starts at turn {lines[-1]['first']}; {len(shifts)} shift messages")
    cache, bad_prefix, bad_shape, shifted = {}, [], [], []
    for prev, x in zip([None] + lines, lines):
        head = chat_ids(model, users[x["first"]], cache)
        if x["ids"][:len(head)] != head:
            bad_prefix.append(x["turn"])
        if prev is None or x["first"] == prev["first"]:            # appended
            want = (prev["ids"] if prev else []) + x["ids"][len(x["ids"]) - x["opening"] - x["reply"]:]
            if x["ids"] != want or x["held"] != (prev["held"] if prev else 0) + x["opening"] + x["reply"]:
                bad_shape.append(x["turn"])
        else:                                                       # shifted: first turn, kept ids, this turn
            shifted.append(x)
            kept = x["held"] - len(head) - x["opening"] - x["reply"]
            if x["first"] == x["turn"]:                             # every earlier turn dropped: this one is first
                ok = x["opening"] == len(head) and x["held"] == x["opening"] + x["reply"]
            else:
                ok = 0 <= kept < prev["held"] and x["ids"][len(head):len(head) + kept] == prev["ids"][prev["held"] - kept:]
            if not ok:
                bad_shape.append(x["turn"])
    report(not bad_prefix, "every context starts with the system prompt's first turn (that of its oldest turn)",
           f"{len(cache)} first turns checked; bad at turns {bad_prefix[:5]}")
    report(not bad_shape, "the contexts are the kept turns' ids in order, then the new turn",
           f"{len(shifted)} shifts; bad at turns {bad_shape[:5]}")
    # the replies after the first two shifts (and a turn without one) against a fresh evaluation
    checked, worst = [], 0.0
    for x in shifted[:2] + lines[-1:]:
        ids, n_reply = x["ids"], x["reply"]
        if n_reply == 0:
            continue
        idf, out = os.path.join(tmp, "ids.txt"), os.path.join(tmp, "logits.bin")
        with open(idf, "w") as f:
            f.write(" ".join(map(str, ids[:-1])))
        sh(RUN, model, "-m", "logits", "-f", idf, "-o", out, "-T", 2, "--kv", "f32", timeout=60)
        logits = np.fromfile(out, dtype=np.float32).reshape(len(ids) - 1, -1)
        rows = logits[len(ids) - 1 - n_reply:]                      # the rows that predict the reply
        gap = float(max(row.max() - row[tok] for row, tok in zip(rows, ids[len(ids) - n_reply:])))
        worst = max(worst, gap)
        checked.append(x["turn"])
    report(len(checked) >= 2 and worst <= 1e-3, "replies after a shift = the argmax of a fresh evaluation",
           f"turns {checked}: each reply token within {worst:.1e} of the top logit")
    return secs


def test_cuts(tmp):
    model = os.path.join(ROOT, "models", "brown-f16.higgs")
    text = open(os.path.join(ROOT, "data", "brown-heldout.txt"), encoding="utf-8").read()
    system = " ".join(text[:400].split())                           # over half of 64 tokens
    users = ["Tell me about the jury.", " ".join(text[1000:3500].split()), "And the city?", "Thank you."]
    log = os.path.join(tmp, "cut.log")
    r, lines, secs = chat(model, users, ["-c", 128, "-n", 20, "-t", 0.8, "-s", 3], log, system=system)
    err = r.stderr
    report(r.returncode == 0 and r.stdout.count("Assistant: ") == len(users), "-c 128: long system prompt and message",
           f"exit {r.returncode}, {r.stdout.count('Assistant: ')} replies, {secs:.1f} s; stderr {err.strip()[-300:]!r}")
    m = re.search(r"^\[the system prompt takes over half of the context of 128: kept its first (\d+) bytes\]$", err, re.M)
    kept = int(m.group(1)) if m else 0
    report(0 < kept < len(system) and re.search(r"the message was cut to its last \d+ bytes to fit the context of 128\]$",
                                                err, re.M), "-c 128: the cuts are said", err.strip()[:300])
    report(len(lines) == len(users) and all(x and 0 < x["held"] <= 128 for x in lines), "-c 128: no context over 128 ids",
           str([x and x["held"] for x in lines]))
    if lines and lines[0]:
        head = [int(x) for x in sh(RUN, model, "-m", "tokenize", "--chat", "-y", system[:kept], "-i", users[0],
                                   timeout=30).stdout.split()]
        report(lines[0]["ids"][:len(head)] == head, "-c 128: the system prompt's beginning kept",
               f"{len(head)} ids of the first turn with its first {kept} bytes")


def test_one_turn(tmp):
    model = os.path.join(ROOT, "models", "brown-f16.higgs")
    log = os.path.join(tmp, "one.log")
    r = subprocess.run([RUN, model, "-m", "chat", "-y", "Be brief.", "-i", "Tell me about the jury.", "-n", "5", "-t", "0",
                        "-o", log, "-T", "2"], capture_output=True, text=True, errors="replace", timeout=60,
                       stdin=subprocess.DEVNULL)
    m = LINE.match(open(log).read().splitlines()[0]) if r.returncode == 0 and os.path.exists(log) else None
    report(m is not None and int(m.group(5)) == 5 and int(m.group(4)) > 5, "-i: -n 5 is a 5-token reply after a longer turn",
           f"exit {r.returncode}, {m and m.group(0)[:60]!r} {r.stderr.strip()[-200:]!r}")


def main():
    t0 = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        for test in (test_long_conversation, test_cuts, test_one_turn):
            try:
                test(tmp)
            except Exception as e:  # noqa: BLE001
                report(False, test.__name__, f"{type(e).__name__}: {e}")
    print(f"test_chat_shift: {time.time() - t0:.1f} s")
    finish()


if __name__ == "__main__":
    main()
