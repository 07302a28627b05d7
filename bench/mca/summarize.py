#!/usr/bin/env python3
"""One table row from llvm-mca's default report of a cut loop (bench/mca.sh).

usage: summarize.py LOOP.s MCA_OUTPUT LABEL BUILD MCPU [WEIGHTS]

WEIGHTS: weights per iteration where the loop has no multiply-add (a row decoder)

Weights per iteration: the byte lanes of the loop's multiply-adds (vpdpbusd, vpmaddubsw: 64 per zmm,
32 per ymm, 16 per xmm), one per weight x activation product (the prompt product's count includes
its four tokens). Cycles per iteration: llvm-mca's simulated Total Cycles / Iterations (the block
reciprocal throughput beside it is the static bound). Port 5: the Intel models' Port05 (shuffles,
permutes); on AMD the FP pipe with the most pressure is named instead.
"""
import re
import sys

loop, out, label, build, mcpu = sys.argv[1:6]
ins = [l for l in open(loop).read().split("\n") if l.strip()]
macs = 0
for l in ins:
    m = [t for t in l.split() if not t.startswith("{")]
    if re.match(r"vpdpbusd|vpmaddubsw", m[0]):
        dst = l.split(",")[-1]
        macs += 64 if "zmm" in dst else 32 if "ymm" in dst else 16
if len(sys.argv) > 6:
    macs = int(sys.argv[6])
text = open(out).read()
get = lambda k: float(re.search(k + r":\s+([\d.]+)", text).group(1))
it, cyc, rtp, uops = get("Iterations"), get("Total Cycles"), get("Block RThroughput"), get("Total uOps")
names = dict(re.findall(r"^\[(\d+)\]\s+- (\S+)", text, re.M))
hdr = text.split("Resource pressure per iteration:")[1].split("\n")
idx = [int(x) for x in re.findall(r"\[(\d+)\]", hdr[1])]
vals = [0.0 if v == "-" else float(v) for v in hdr[2].split()]
press = {names[str(i)]: v for i, v in zip(idx, vals)}
per = cyc / it
n64 = 64.0 / macs
top = max(press, key=press.get)
p5 = next((v for k, v in press.items() if re.search(r"Port0?5$", k)), None)
fp = {k: v for k, v in press.items() if re.search(r"FP\d+$|FPU\d+$", k)}
note = ""
if p5 is not None:
    vec = [v for k, v in press.items() if re.search(r"Port0?[015]$", k)]
    note = (f"p5 {p5 * n64:.2f} ({100 * p5 / per:.0f}% of cycles); p0/p1/p5 "
            + "/".join(f"{v * n64:.2f}" for v in vec))
elif fp:
    k = max(fp, key=fp.get)
    note = (f"{k} {fp[k] * n64:.2f} ({100 * fp[k] / per:.0f}% of cycles); FP0-3 "
            + "/".join(f"{v * n64:.2f}" for k2, v in sorted(fp.items())))
print(f"| {label} | {build} | {mcpu} | {len(ins)} | {macs} | {per:.2f} | {rtp:.2f} | **{per * n64:.2f}** | "
      f"{top} {press[top] * n64:.2f} | {note} | {uops / it * n64:.1f} |")
