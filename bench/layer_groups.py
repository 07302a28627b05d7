#!/usr/bin/env python3
"""Is the linearity theorem additive for a group of layers, and what does the shrink of an
MSE-optimal grid do to it? Quantizes only layers FIRST..LAST of the bundled model at p=2 3-bit (the
other layers at 6-8 bits, where the damage is ~0), with and without `quantize --unbiased`, and
uniform p=2 3-bit for comparison; each config over sign seeds 1..K. Predicted dPPL = sum of
alpha_l * t2_l (data-aware alphas, measured t2), measured on the held-out text.

  /usr/bin/python3 bench/layer_groups.py [--heldout TEXT] [--alphas FILE] [--layers 2-5] [--seeds 4]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(ROOT, "models", "brown-f16.higgs")


def sh(*args):
    r = subprocess.run([str(a) for a in args], capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"layer_groups: {' '.join(map(str, args))} failed: {r.stderr.strip()[-300:]}")
    return r.stdout


def read_alphas(path):
    return {x[0]: float(x[1]) for x in (line.split() for line in open(path)) if x and x[0].startswith("model.")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--heldout", default=os.path.join(ROOT, "data", "brown-heldout.txt"))
    ap.add_argument("--calib", default=os.path.join(ROOT, "data", "brown-calib.txt"))
    ap.add_argument("--alphas", help="data-aware alphas of the model (default: measured on --calib)")
    ap.add_argument("--layers", default="2-5")
    ap.add_argument("--seeds", type=int, default=4)
    a = ap.parse_args()
    first, last = (int(v) for v in a.layers.split("-"))
    sh("make", "-s", "-C", ROOT, "run", "quantize")
    run, quantize = os.path.join(ROOT, "run"), os.path.join(ROOT, "quantize")
    with tempfile.TemporaryDirectory() as tmp:
        if not a.alphas:
            a.alphas = os.path.join(tmp, "aware.alphas")
            sh(run, MODEL, "-m", "alphas", "-f", a.calib, "-o", a.alphas, "-T", "2")
        alphas = read_alphas(a.alphas)
        # an allocation that gives 3-bit grids to the group and fine grids elsewhere: the DP on
        # sensitivities that are tiny inside the group and huge outside, the menu capped below 2-bit
        fake = os.path.join(tmp, "group.alphas")
        with open(fake, "w") as f:
            f.write("metric ppl\n")
            for n in alphas:
                f.write(f"{n} {1e-3 if first <= int(n.split('.')[2]) <= last else 1e3}\n")
        group = ["--target-bits", "5.5", "--alphas", fake, "--max-t2", "0.03"]
        uniform = ["--method", "higgs", "--p", "2", "--bits", "3"]
        out = os.path.join(tmp, "q.higgs")

        def ppl(path):
            # float activations: the weights' quantization alone, as bench/linearity.py
            return float(sh(run, path, "-m", "ppl", "-f", a.heldout, "-T", "2", "--no-int8").strip().splitlines()[-1].split()[1])

        base = ppl(MODEL)
        print(f"base held-out PPL {base:.4f}; layers {first}-{last}; {a.seeds} seeds\n")
        print("| config | predicted dPPL (layers %d-%d) | measured dPPL |" % (first, last))
        print("|---|---|---|")
        for label, args in ((f"layers {first}-{last} at 3 bits", group + ["--biased"]),
                            (f"layers {first}-{last} at 3 bits, --unbiased", group + ["--unbiased"]),
                            ("uniform p=2 3-bit", uniform), ("uniform p=2 3-bit, --unbiased", uniform + ["--unbiased"])):
            pred = part = meas = 0.0
            for sd in range(1, a.seeds + 1):
                log = sh(quantize, MODEL, out, *args, "--seed", sd, "-T", "2")
                t2 = {m.group(1): float(m.group(2)) for m in
                      re.finditer(r"^(model\.layers\.\S+)\s+higgs p\d n\d+ h\d+(?: signed)?\s+(\S+)\s+\S+$", log, re.M)}
                pred += sum(alphas[n] * v for n, v in t2.items()) / a.seeds
                part += sum(alphas[n] * v for n, v in t2.items() if first <= int(n.split(".")[2]) <= last) / a.seeds
                meas += (ppl(out) - base) / a.seeds
            print(f"| {label} | {pred:+.3f} ({part:+.3f}) | {meas:+.3f} |", flush=True)


if __name__ == "__main__":
    main()
