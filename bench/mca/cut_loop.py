#!/usr/bin/env python3
"""Cut a kernel's hot inner loop out of GCC's -S output, for llvm-mca.

usage: cut_loop.py FILE.s FUNCTION KEY [--list] [--nth N] [--skip REGEX]

FUNCTION: the symbol (GCC's clones FUNCTION.constprop.N / .isra.N / .part.N count as it).
A loop is a label and a later conditional or plain jump back to it; the innermost loops (no other
back edge strictly inside) that contain an instruction whose mnemonic matches the regular
expression KEY are the candidates; the one with the most KEY instructions is printed (ties: the
longest, then the first), or the Nth with --nth (order of --list). Output: the loop's instructions,
labels and directives dropped, the back-edge jump kept (llvm-mca treats the block as a loop body).
--skip drops the candidates with an instruction matching REGEX (e.g. the masked tail copies).
--list prints each candidate's line range, instruction count and KEY count to stderr.
"""
import re
import sys


def mnemonic(l):   # "{vex} vpdpbusd ..." -> vpdpbusd
    return [t for t in l.split() if not t.startswith("{")][0]


def main():
    args = sys.argv[1:]
    listing = "--list" in args
    nth = None
    if "--nth" in args:
        i = args.index("--nth")
        nth = int(args[i + 1])
        del args[i:i + 2]
    skip = None
    if "--skip" in args:
        i = args.index("--skip")
        skip = re.compile(args[i + 1])
        del args[i:i + 2]
    args = [a for a in args if a != "--list"]
    path, fn, key = args
    keyre = re.compile(key)
    lines = open(path).read().split("\n")
    # every emitted copy of the function: "fn:" or "fn.<clone>.N:"
    fnre = re.compile(r"^" + re.escape(fn) + r"(\.(constprop|isra|part|cold)\.\d+)*:$")
    cands = []
    i = 0
    while i < len(lines):
        if not fnre.match(lines[i]):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("\t.size"):
            j += 1
        body = lines[i:j]
        labels = {}
        for k, l in enumerate(body):
            m = re.match(r"^(\.L\w+):", l)
            if m:
                labels[m.group(1)] = k
        loops = []
        for k, l in enumerate(body):
            m = re.match(r"^\s+j\w*\s+(\.L\w+)\s*$", l)
            if m and m.group(1) in labels and labels[m.group(1)] < k:
                loops.append((labels[m.group(1)], k))
        for (s, e) in loops:
            if any(s <= s2 and e2 <= e and (s2, e2) != (s, e) for (s2, e2) in loops):
                continue   # not innermost
            ins = [l.strip() for l in body[s:e + 1] if l.startswith("\t") and not l.startswith("\t.")]
            nkey = sum(1 for l in ins if keyre.match(mnemonic(l)))
            if nkey and not (skip and any(skip.search(l) for l in ins)):
                cands.append((nkey, len(ins), i + s + 1, i + e + 1, ins))
        i = j
    if not cands:
        sys.exit(f"cut_loop: no inner loop with /{key}/ in {fn} ({path})")
    if listing:
        for n, c in enumerate(cands):
            print(f"  [{n}] lines {c[2]}-{c[3]}: {c[1]} instructions, {c[0]} /{key}/", file=sys.stderr)
    if nth is not None:
        best = cands[nth]
    else:
        best = max(cands, key=lambda c: (c[0], c[1], -c[2]))
    print("\n".join(best[4]))


main()
