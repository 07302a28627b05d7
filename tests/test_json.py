"""src/json.h against Python's json module, case by case: which texts it accepts, and what it reads
from them. Python's reader is the reference, held to RFC 8259 as json.h is: NaN and Infinity
refused, the text strict UTF-8, no lone surrogates from \\u escapes, containers nested at most 64
deep. The cases are hand-written edge cases, random documents in random spellings (whitespace,
escapes, number forms), and those documents with bytes deleted, inserted or replaced.
tests/test_json (built by test_all.sh, or here with cc) answers each in --batch mode.
  python3 tests/test_json.py [cases (3000)]"""
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import ROOT, finish, report  # noqa: E402

MAX_DEPTH = 64


class Refused(Exception):
    pass


def refuse_constant(name):
    raise Refused(name)


def depth_of(v):
    """containers nested in v, iteratively (v may come from a deep text)"""
    best, stack = 0, [(v, 1)]
    while stack:
        x, d = stack.pop()
        if isinstance(x, list):
            best = max(best, d)
            stack += [(e, d + 1) for e in x if isinstance(e, list)]
    return best


def tag(v):
    """the tagged form tests/test_json --batch prints (lists of pairs stand for objects)"""
    if v is None:
        return {"z": 1}
    if v is True:
        return {"t": 1}
    if v is False:
        return {"f": 1}
    if isinstance(v, (int, float)):
        return {"n": float(v)}
    if isinstance(v, str):
        v.encode("utf-8")             # a lone surrogate raises: json.h refuses those texts
        return {"s": v}
    if isinstance(v, Obj):
        return {"o": [[tag(k), tag(x)] for k, x in v]}
    return {"a": [tag(x) for x in v]}


class Obj(list):
    """an object's members in order, duplicates kept"""


def reference(data):
    """what json.h should say about data: None (refused) or the tagged value"""
    try:
        text = data.decode("utf-8")
        v = json.loads(text, parse_constant=refuse_constant, object_pairs_hook=Obj)
    except (ValueError, Refused, RecursionError, UnicodeDecodeError):
        return None
    try:
        if depth_of(containers(v)) > MAX_DEPTH:
            return None
        return tag(v)
    except UnicodeEncodeError:
        return None


def containers(v):
    """v with objects and arrays both as lists (for depth_of)"""
    if isinstance(v, Obj):
        return [containers(x) for _, x in v]
    if isinstance(v, list):
        return [containers(x) for x in v]
    return 0


def from_c(line):
    """a --batch answer as the tagged value (numbers from C's %a)"""
    if line == "err":
        return None
    v = json.loads(line[3:])

    def fix(x):
        if "n" in x:
            return {"n": float.fromhex(x["n"]) if x["n"] != "long" else x["n"]}
        if "a" in x:
            return {"a": [fix(e) for e in x["a"]]}
        if "o" in x:
            return {"o": [[fix(k), fix(e)] for k, e in x["o"]]}
        return x
    return fix(v)


EDGE = [b"", b" ", b"0", b"-0", b"01", b"-01", b"1.", b".1", b"1e", b"1e+", b"1E-2", b"-", b"+1", b"0x10",
        b"1.5e308", b"1e999", b"-1e-999", b"123456789012345678901234567890", b"NaN", b"Infinity", b"-Infinity",
        b"true", b"tru", b"truex", b"null", b"nul", b"false", b"False", b"[]", b"[", b"]", b"[]]", b"[[]", b"{}",
        b"{", b"}", b"{}}", b"[1,]", b"[,1]", b"[1,,2]", b"[1 2]", b'{"a":1,}', b'{"a" 1}', b'{"a":}', b'{:1}',
        b"{1:2}", b'{"a":1 "b":2}', b'{"a":1,"a":2}', b'{"a"}', b'{"a":1}x', b'"a" "b"', b' [1] ', b"\t\r\n[1]\n",
        b"\x0b[1]", b"\x0c[1]", b"\xc2\xa0[1]", b"\xef\xbb\xbf[1]", b'"\\u0041"', b'"\\u004"', b'"\\u00zz"',
        b'"\\x41"', b'"\\a"', b'"\\/"', b'"\\"', b'"\\\\"', b'"abc', b'"a\x00b"', b'"a\x1fb"', b'"a\x7fb"',
        b'"\\ud83d\\ude00"', b'"\\ud83d"', b'"\\ude00"', b'"\\ud83d\\u0041"', b'"\\ud83d\\ud83d"', b'"\\ude00\\ud83d"',
        b'"\\ud83dx"', b'"\xf0\x9f\x98\x80"', b'"\xc0\xaf"', b'"\xc1\xbf"', b'"\xe0\x80\xaf"', b'"\xed\xa0\x80"',
        b'"\xed\x9f\xbf"', b'"\xee\x80\x80"', b'"\xf4\x8f\xbf\xbf"', b'"\xf4\x90\x80\x80"', b'"\xf5\x80\x80\x80"',
        b'"\xff"', b'"\x80"', b'"\xe2\x82"', b'"\xe2\x82\xac"', b'"\\u0000"', b'["\\uDBFF\\uDFFF"]', b'{"":""}',
        b'{"a":{"b":{"c":[1,{"d":null}]}}}', b"[" * 64 + b"]" * 64, b"[" * 65 + b"]" * 65,
        b'{"a":' * 64 + b"1" + b"}" * 64, b'{"a":' * 65 + b"1" + b"}" * 65, b"[" * 3000, b"[1]" + b" " * 10,
        b"-0.0e+0", b"0e0", b"0.0000001", b"2.2250738585072011e-308", b"4.9e-324", b"1" + b"0" * 40]

ALPHABET = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\x01", "\x7f", "é", "€", "😀", "\u2028", "\ufeff",
            "\ud7ff", "\ue000", "\uffff", "\U0010ffff"]


def rand_string(rng):
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(0, 8)))


def rand_value(rng, depth=0):
    r = rng.random()
    if depth > 5 or r < 0.45:
        c = rng.randrange(6)
        if c == 0:
            return rng.choice([None, True, False])
        if c == 1:
            return rng.randrange(-10**6, 10**6)
        if c == 2:
            return rng.uniform(-1e6, 1e6) * 10 ** rng.randrange(-30, 30)
        return rand_string(rng)
    if r < 0.7:
        return [rand_value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return Obj((rand_string(rng), rand_value(rng, depth + 1)) for _ in range(rng.randrange(0, 4)))


def spell_string(rng, s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\" or o < 0x20 or rng.random() < 0.2:
            short = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "/": "\\/"}
            if ch in short and rng.random() < 0.5:
                out.append(short[ch])
            elif o >= 0x10000:
                o -= 0x10000
                out.append("\\u%04x\\u%04X" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
            else:
                out.append(("\\u%04x" if rng.random() < 0.5 else "\\u%04X") % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def spell(rng, v):
    ws = lambda: rng.choice(["", "", " ", "\n", "\t ", "\r\n"])  # noqa: E731
    if v is None or v is True or v is False:
        return {None: "null", True: "true", False: "false"}[v]
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return rng.choice([repr(v), "%.17g" % v, "%.6E" % v]).replace("inf", "1e999")
    if isinstance(v, str):
        return spell_string(rng, v)
    if isinstance(v, Obj):
        return "{" + ws() + ("," + ws()).join(spell_string(rng, k) + ws() + ":" + ws() + spell(rng, x) for k, x in v) + ws() + "}"
    return "[" + ws() + ("," + ws()).join(spell(rng, x) for x in v) + ws() + "]"


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randrange(1, 4)):
        op, at = rng.randrange(3), rng.randrange(len(data) + 1)
        b = rng.choice(b'{}[],:"\\ 0e.-+ntfu\x00\x1f\x80\xbf\xc0\xed\xf4\xff')
        if op == 0 and at < len(data):
            del data[at]
        elif op == 1:
            data.insert(at, b)
        elif at < len(data):
            data[at] = b
    return bytes(data)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    exe = os.path.join(ROOT, "tests", "test_json")
    if not os.path.exists(exe):
        subprocess.run(["cc", "-O2", "-std=c11", "-D_GNU_SOURCE", "-o", exe, os.path.join(ROOT, "tests", "test_json.c")], check=True)
    rng = random.Random(1)
    cases = list(EDGE)
    while len(cases) < len(EDGE) + n:
        doc = spell(rng, rand_value(rng)).encode("utf-8", "surrogatepass")
        cases.append(doc)
        cases.append(mutate(rng, doc))
    stdin = b"".join(b"%d\n" % len(c) + c for c in cases)
    out = subprocess.run([exe, "--batch"], input=stdin, capture_output=True, timeout=300)
    lines = out.stdout.decode("utf-8", "replace").split("\n")   # (invalid UTF-8 out: a mismatch below)
    report(out.returncode == 0 and len(lines) == len(cases) + 1, "test_json --batch answered every case",
           f"{len(lines) - 1} of {len(cases)}, exit {out.returncode}")
    wrong, accepted = [], 0
    for c, line in zip(cases, lines):
        ref, got = reference(c), from_c(line)
        accepted += ref is not None
        if ref != got:
            wrong.append((c, ref is not None, got is not None))
    detail = f"{len(cases)} cases, {accepted} valid by Python's json; " + (
        "; ".join(f"{c[:60]!r}: Python {'accepts' if r else 'refuses'}, json.h {'accepts' if g else 'refuses'}"
                  for c, r, g in wrong[:5]) if wrong else "all agree")
    report(not wrong, "json.h accepts what Python's json accepts (RFC 8259, strict UTF-8) and reads the same values", detail)
    report(0 < accepted < len(cases), "the cases include both valid and invalid texts", f"{accepted} valid")
    finish()


if __name__ == "__main__":
    main()
