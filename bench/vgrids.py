#!/usr/bin/env python3
"""What would the p=3 / p=4 grids of tools/grids_vector.h bring, before any kernel exists?

A simulation with float weights, not a runtime path: every linear weight (q, k, v, o, gate, up,
down of every layer; embeddings, head and norms as they are) is fake-quantized in numpy the way
`quantize --method higgs` does by default (higgs.h, hg_quantize_row):

  random signs D from the sign seed (splitmix64, as hg_sign_word), the block hg_hadamard_for picks
  (rows of 256 and 768 on the bundled model: Sylvester blocks of 256, done as float32 butterflies
  in hg_fwht's order, so the rotated values are the C code's bit for bit), one fp16 scale per block
  chosen as --scales lsq-unbiased (least-squares refit s = <x, g> / <g, g> and re-rounding, up to 8
  rounds from the block RMS, with hg_block_scale's stopping rule; fp16 rounding; then the unbiased
  rescale s *= <x, x> / <x, Q>, rounded to fp16 again), each group of p values replaced by its
  nearest grid point (exact: brute force against every point in float64, in chunks of at most
  2^18 distances, 2 MB), and the block rotated back: W_hat = D Hn^T Q.

W_hat is written into an F16 copy of the model (same header, tokenizer and other tensors) and
scored with

  ./run FILE -m ppl -f data/brown-heldout.txt --no-int8 --kld models/brown-f16.higgs -T 1

The F16 rounding of W_hat adds a relative error of about 1e-7 per layer (printed per run as
f16_t2), against t^2 = 0.007-0.1 from the grids: negligible.

--validate S quantizes the model for real (`./quantize --method higgs --p 2 --bits 4|3 --seed S`),
decodes the file with tests/test_quant.py's decoder and compares codes, scales, W_hat and the
per-layer t^2 that quantize prints with the simulation's, then scores the real file with the same
run command (so its KLD sits next to the simulated one of the same seed).

A grid name with rK appended (p2n64r16) quantizes each block under K sign vectors and keeps the one
with the least error, charging log2 K bits per block: what a per-block choice of rotation would buy,
compared with the same grid without it.

  /usr/bin/python3 bench/vgrids.py [--seeds 1,2,3,4] [--grids p2n64,p4n4096,...] [--validate 1]
                                   [--jobs 1] [--tag vgrids]

Per-run results are cached in bench/cache/vgrids/ (keyed by grid, seed and the inputs' sizes and
mtimes), so an interrupted run resumes; --fresh ignores the cache. Writes
bench/results/TAG.tsv (one line per grid and seed) and bench/results/TAG.md (the summary).
"""
import argparse
import json
import math
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)
import numpy as np  # noqa: E402

import export  # noqa: E402
import test_grids_vector as tgv  # noqa: E402   parse_vector: the p=3/p=4 grids
import test_quant as tq  # noqa: E402          parse_grids, sign_vector, hadamard, decode_tensor

MODEL = os.path.join(ROOT, "models", "brown-f16.higgs")
TEXT = os.path.join(ROOT, "data", "brown-heldout.txt")
LINEAR = ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj")
# grid name -> (p, n); the p=2 grid each p=3/p=4 grid is compared with (same code bits per weight)
GRIDS = {"p2n16": (2, 16), "p2n64": (2, 64), "p2n256": (2, 256),
         "p4n256": (4, 256), "p3n512": (3, 512), "p4n4096": (4, 4096), "p3n4096": (3, 4096)}
BASELINE = {"p4n256": "p2n16", "p3n512": "p2n64", "p4n4096": "p2n64", "p3n4096": "p2n256"}
CHUNK_ELEMS = 1 << 18      # distances per chunk of the nearest-point search (float64: 2 MB, stays in cache)


# ------------------------------------------------------------------------------------ grids

def load_grid(name):
    p, n = GRIDS[name]
    if p <= 2:
        return tq.parse_grids()[(p, n)].astype(np.float32)                 # higgs.h (tools/grids_table.h)
    arrays, table, _ = tgv.parse_vector(open(tgv.HEADER, encoding="utf-8").read())
    return arrays[table[(p, n)][0]].astype(np.float32).reshape(n, p)      # tools/grids_vector.h


def nearest(V, C):
    """index of the nearest point of C [n, p] to each row of V [M, p]: brute force over all points,
    |c|^2 - 2 v.c in float64 (exact up to ~1e-15 relative), first index on ties (as hg_nearest)"""
    C64 = C.astype(np.float64)
    c2 = (C64 * C64).sum(1)
    m2 = -2.0 * C64.T
    step = max(1, CHUNK_ELEMS // len(C))
    idx = np.empty(len(V), dtype=np.int64)
    for s in range(0, len(V), step):
        d = V[s:s + step].astype(np.float64) @ m2
        d += c2
        idx[s:s + step] = d.argmin(1)
    return idx


# ------------------------------------------------------------------------- rotation, blocks

def hadamard_for(cols):
    """higgs.h hg_hadamard_for: (block, base order m)"""
    p2 = 1
    while p2 < 1024 and cols % (2 * p2) == 0:
        p2 *= 2
    if p2 >= 256:
        return p2, 1
    best, best_m = 0, 1
    for base in range(12, 256, 4):
        h = base
        while h <= 4096 and cols % h == 0:
            if h % 32 == 0 and h > best and tq.paley(base) is not None:
                best, best_m = h, base
            h *= 2
    if best > p2 and best >= 64:
        return best, best_m
    if p2 >= 64:
        return p2, 1
    h = 64
    while h < cols and h < 1024:
        h *= 2
    return h, 1


def fwht32(X):
    """hg_fwht on every row of X [B, h] (h a power of two), float32 butterflies in the C order
    (len 1, 2, 4, ...; a + b, a - b): bit-identical to the C transform"""
    B, h = X.shape
    ln = 1
    while ln < h:
        Y = X.reshape(B, h // (2 * ln), 2, ln)
        a = Y[:, :, 0, :].copy()
        b = Y[:, :, 1, :].copy()
        Y[:, :, 0, :] = a + b
        Y[:, :, 1, :] = a - b
        ln *= 2
    return X


def rotate(X, h, m, inverse=False):
    """X [B, h] float32 blocks -> Hn X (or Hn^T X), Hn = (H(m) (x) Sylvester(h / m)) / sqrt(h)"""
    if m == 1:
        X = fwht32(X.astype(np.float32, copy=True))
    else:   # Paley blocks: a float matrix product (not bit-identical to the C code; unused here)
        H = tq.hadamard(h, m).astype(np.float32)
        X = (X @ (H if inverse else H.T)).astype(np.float32)
    X *= np.float32(1.0) / np.sqrt(np.float32(h))
    return X


# --------------------------------------------------------------------------- the quantizer

def tail_grid(C, h):
    """p = 3 does not divide a block of 256 (85 triples and one value left): the h % p values at the
    end of each block are rounded one by one on the p=1 grid of the same bits per weight
    (2^(log2(n) / p) levels: 8 for 3x512, 16 for 3x4096), so that the size stays exactly
    log2(n) / p bits per weight, as for the p=2 grids. None when p divides h."""
    n, p = C.shape
    if h % p == 0:
        return None
    levels = round(2 ** (math.log2(n) / p))
    return tq.parse_grids()[(1, levels)].astype(np.float32)


def grid_round(V, C, C1):
    """V [B, h] float32 (scaled block values) -> (the grid values G [B, h] float32, the codes of the
    p-groups [B, h // p]); the h % p tail values of each block on the p=1 grid C1"""
    B, h = V.shape
    p = C.shape[1]
    hm = h - h % p
    G = np.empty((B, h), np.float32)
    codes = nearest(V[:, :hm].reshape(-1, p), C)
    G[:, :hm] = C[codes].reshape(B, hm)
    if hm < h:
        G[:, hm:] = C1[nearest(V[:, hm:].reshape(-1, 1), C1)].reshape(B, h - hm)
    return G, codes.reshape(B, hm // p)


def quantize_tensor(W, C, seed, rotations=1):
    """hg_quantize_row with --scales lsq-unbiased on every row of W [rows, cols] (float32).
    rotations K > 1: each block quantized under K sign vectors (the seed's, then seeds seed + 7919 c),
    the one with the least error kept (a format that stored log2 K bits per block for the choice).
    -> (W_hat float32 [rows, cols], codes [rows, cols_pad / p], fp16 scales [rows, blocks])"""
    if rotations > 1:
        h, _ = hadamard_for(W.shape[1])
        best = None
        for c in range(rotations):
            W_hat, codes, s2, geo = quantize_tensor(W, C, seed + 7919 * c)
            Wp = np.zeros((W.shape[0], geo[2]), np.float64)
            Wp[:, :W.shape[1]] = W_hat - W                                 # the error, padded columns 0
            err = (Wp.reshape(-1, h) ** 2).sum(1)                          # per block
            if best is None:
                best, best_err, best_s2 = W_hat.copy(), err, s2.copy()
                continue
            win = err < best_err
            rows_blocks = win.reshape(W.shape[0], -1)
            for j in range(rows_blocks.shape[1]):                          # block j of every row
                r = rows_blocks[:, j]
                best[r, j * h:(j + 1) * h] = W_hat[r, j * h:(j + 1) * h]
            best_err = np.minimum(best_err, err)
            best_s2[rows_blocks] = s2[rows_blocks]
        return best, None, best_s2, geo
    rows, cols = W.shape
    n, p = C.shape
    h, m = hadamard_for(cols)
    C1 = tail_grid(C, h)
    cols_pad = -(-cols // h) * h
    Wp = np.zeros((rows, cols_pad), np.float32)
    Wp[:, :cols] = W
    sg = tq.sign_vector(seed, cols_pad).astype(np.float32)
    X = rotate((Wp * sg).reshape(-1, h), h, m)                   # [blocks, h], x = Hn D w
    nb = len(X)
    X64 = X.astype(np.float64)
    xx = (X64 * X64).sum(1)
    s = np.sqrt(xx / h).astype(np.float32)                       # the block RMS (float)
    # least squares: s = <x, g> / <g, g> at the current codes, re-rounded, until it settles
    active = s > 0
    for _ in range(8):
        ia = np.nonzero(active)[0]
        if not len(ia):
            break
        inv = np.float32(1.0) / s[ia]
        G = grid_round(X[ia] * inv[:, None], C, C1)[0].astype(np.float64)
        xg = (X64[ia] * G).sum(1)
        gg = (G * G).sum(1)
        ok = (gg > 0) & (xg > 0)
        nxt = np.where(ok, xg / np.where(ok, gg, 1), 0).astype(np.float32)
        settled = np.abs(nxt - s[ia]) <= np.float32(1e-6) * s[ia]
        s[ia[ok]] = nxt[ok]
        active[ia] = ok & ~settled
    s16 = s.astype(np.float16)
    sf = s16.astype(np.float32)
    inv = np.where(sf > 0, np.float32(1.0) / np.where(sf > 0, sf, 1), 0).astype(np.float32)
    G, codes = grid_round(X * inv[:, None], C, C1)
    Q = sf[:, None] * G
    # the unbiased rescale: <x, Q - x> = 0 per block, the codes kept
    xq = (X64 * Q).sum(1)
    okq = xq > 0
    s2 = s16.copy()
    s2[okq] = (sf[okq].astype(np.float64) * xx[okq] / xq[okq]).astype(np.float32).astype(np.float16)
    f = np.where(okq, s2.astype(np.float32) / np.where(sf > 0, sf, 1), 1).astype(np.float32)
    Q *= f[:, None]
    W_hat = (rotate(Q, h, m, inverse=True).reshape(rows, cols_pad) * sg)[:, :cols]
    return W_hat, codes.reshape(rows, -1), s2.reshape(rows, -1), (h, m, cols_pad)


def is_linear(name):
    return name.startswith("model.layers.") and name.split(".")[-2] in LINEAR


def split_grid(name):
    """'p2n64' -> ('p2n64', 1); 'p2n64r16' -> ('p2n64', 16): the grid and the rotations to choose from"""
    m = re.fullmatch(r"(p\d+n\d+)(?:r(\d+))?", name)
    return (m.group(1), int(m.group(2) or 1)) if m else (name, 1)


def simulate(base, grid, seed, out_path):
    """fake-quantize every linear layer of base; write the F16 model to out_path.
    -> {name: (t2, f16_t2)}, bits per weight of the linear layers"""
    grid, rotations = split_grid(grid)
    C = load_grid(grid)
    n, p = C.shape
    per, tensors, bits, params = {}, [], 0.0, 0
    for t in base["tensors"]:
        name = t["name"]
        W = export.higgs_tensor_f32(base, name)
        if is_linear(name):
            W_hat, _, sc, (h, _, cols_pad) = quantize_tensor(W, C, seed, rotations)
            W16 = W_hat.astype(np.float16)
            W64 = W.astype(np.float64)
            ww = (W64 * W64).sum()
            per[name] = (float(((W64 - W_hat) ** 2).sum() / ww),
                         float(((W_hat.astype(np.float64) - W16) ** 2).sum() / ww))
            rows = W.shape[0]
            bits += rows * cols_pad * math.log2(n) / p + (16 + math.log2(rotations)) * sc.size   # p=3: the tail at log2(n)/p bits too
            params += W.size
            tensors.append((name, W16, export.F16))
        else:
            tensors.append((name, np.asarray(base["arrays"][name]), t["type"]))
    meta = dict(base["meta"])
    meta["quantization"] = f"simulated higgs {grid} seed {seed} rotations {rotations} lsq-unbiased, stored as f16 (bench/vgrids.py)"
    export.write_higgs(out_path, base["config"], base["tokenizer"], tensors, meta=meta, progress=False, fsync=False)
    return per, bits / params


# ------------------------------------------------------------------------------- scoring

RUN_RE_PPL = re.compile(r"^perplexity: ([0-9.]+) \((\d+) tokens\)", re.M)
RUN_RE_BASE = re.compile(r"^base perplexity: ([0-9.]+)", re.M)
RUN_RE_KLD = re.compile(r"^kld: ([0-9.eE+-]+) \(same top token ([0-9.]+)%, (\d+) tokens\)", re.M)


def score_cmd(path, base_path, text):
    """base_path None: perplexity only (the f16 model itself)"""
    return ([os.path.join(ROOT, "run"), path, "-m", "ppl", "-f", text, "--no-int8", "-T", "1"] +
            (["--kld", base_path] if base_path else []))


def parse_score(out):
    mp, mk = RUN_RE_PPL.findall(out), RUN_RE_KLD.findall(out) or [("nan", "nan", "0")]
    if not mp:
        raise RuntimeError("no perplexity line in run's output: " + out[-300:])
    ppl, _ = mp[-1]
    kld, top, tokens = mk[-1]
    mb = RUN_RE_BASE.findall(out)
    return {"ppl": float(ppl), "kld": float(kld), "top1": float(top), "tokens": int(tokens),
            "base_ppl": float(mb[-1]) if mb else float("nan")}


class Scorer:
    """runs ./run jobs in the background, at most `jobs` at a time"""

    def __init__(self, jobs):
        self.jobs, self.running = jobs, []

    def submit(self, path, base_path, text, done):
        while len(self.running) >= self.jobs:
            self.reap(block=True)
        f = tempfile.TemporaryFile(mode="w+")
        proc = subprocess.Popen(["nice", "-n", "19"] + score_cmd(path, base_path, text), stdout=f,
                                stderr=subprocess.DEVNULL, text=True)
        self.running.append((proc, f, done))

    def reap(self, block=False):
        """hand finished jobs to their callbacks; block: wait until at least one finishes"""
        while self.running:
            finished = [j for j in self.running if j[0].poll() is not None]
            for j in finished:
                self.running.remove(j)
                proc, f, done = j
                f.seek(0)
                out = f.read()
                if proc.returncode:
                    raise RuntimeError(f"run exited {proc.returncode}: {out[-300:]}")
                done(parse_score(out))
            if finished or not block:
                return
            time.sleep(0.5)

    def drain(self):
        while self.running:
            self.reap(block=True)


# --------------------------------------------------------------------------- validation

def validate(base, base_path, seed, tmp, text, scorer, results):
    """real ./quantize p=2 4-bit and 3-bit against the simulation, same seed"""
    grids = tq.parse_grids()
    lines = []
    for bits, grid in ((4, "p2n256"), (3, "p2n64")):
        real = os.path.join(tmp, f"real-{grid}-s{seed}.higgs")
        log = subprocess.run([os.path.join(ROOT, "quantize"), base_path, real, "--method", "higgs", "--p", "2",
                              "--bits", str(bits), "--seed", str(seed), "-T", "1"],
                             capture_output=True, text=True, check=True).stdout
        h = export.read_higgs(real, load_tensors=False)
        C = load_grid(grid)
        agree_codes = agree_scales = n_codes = n_scales = 0
        worst_w = 0.0
        t2_rel, t2_sim_vs_real = [], []
        for t in h["tensors"]:
            if t["type"] != tq.HIGGS:
                continue
            W = export.higgs_tensor_f32(base, t["name"])
            W_real, _, codes_r, scales_r, _ = tq.decode_tensor(real, h, t, grids)
            W_sim, codes_s, scales_s, _ = quantize_tensor(W, C, seed)
            agree_codes += int((codes_r == codes_s).sum())
            n_codes += codes_r.size
            agree_scales += int((scales_r.astype(np.float16) == scales_s).sum())
            n_scales += scales_r.size
            worst_w = max(worst_w, float(np.abs(W_real - W_sim).max() / np.abs(W).max()))
            W64 = W.astype(np.float64)
            ww = (W64 * W64).sum()
            t2_r = float(((W64 - W_real) ** 2).sum() / ww)
            t2_s = float(((W64 - W_sim) ** 2).sum() / ww)
            mq = re.search(re.escape(t["name"]) + r"\s+.*?\s([0-9.eE+-]+)\s+([0-9.]+)\n", log)
            t2_q = float(mq.group(1)) if mq else float("nan")
            t2_rel.append(abs(t2_s - t2_q) / t2_q)
            t2_sim_vs_real.append(abs(t2_s - t2_r) / t2_r)
        key = f"real-{grid}-s{seed}"
        lines.append(f"{grid} seed {seed}: codes identical {100.0 * agree_codes / n_codes:.4f}% "
                     f"({n_codes - agree_codes} of {n_codes} differ), fp16 scales identical "
                     f"{100.0 * agree_scales / n_scales:.4f}%, max |W_real - W_sim| / max|W| {worst_w:.2e}, "
                     f"per-layer t^2 sim vs quantize's printed t^2: worst relative diff {max(t2_rel):.2e}, "
                     f"sim vs decoded real: {max(t2_sim_vs_real):.2e}")
        print(lines[-1], flush=True)

        def done(r, key=key, real=real, grid=grid):
            results[key] = dict(r, grid=grid, seed=seed, real=True)
            os.unlink(real)
            print(f"  scored {key}: kld {r['kld']:.6f} ppl {r['ppl']:.4f}", flush=True)
        scorer.submit(real, base_path, text, done)
    return lines


# ---------------------------------------------------------------------------------- report

def mean_sd(v):
    v = np.asarray(v, dtype=np.float64)
    return float(v.mean()), float(v.std(ddof=1)) if len(v) > 1 else 0.0


def write_reports(tag, grids, seeds, runs, base_ppl, val_lines, val_runs, cmdline):
    os.makedirs(os.path.join(ROOT, "bench", "results"), exist_ok=True)
    tsv = os.path.join(ROOT, "bench", "results", tag + ".tsv")
    with open(tsv, "w") as f:
        f.write("grid\tp\tn\tseed\tbits_linear\tmean_t2\tmax_f16_t2\tppl\tbase_ppl\tkld\tsame_top\ttokens\tsource\n")
        for g in grids:
            for s in seeds:
                r = runs.get(f"{g}-s{s}")
                if r:
                    f.write(f"{g}\t{GRIDS[split_grid(g)[0]][0]}\t{GRIDS[split_grid(g)[0]][1]}\t{s}\t{r['bits']:.4f}\t{r['mean_t2']:.6f}\t"
                            f"{r['max_f16_t2']:.2e}\t{r['ppl']:.4f}\t{base_ppl:.4f}\t{r['kld']:.6f}\t{r['top1']:.2f}\t"
                            f"{r['tokens']}\tsim\n")
        for key, r in sorted(val_runs.items()):
            f.write(f"{r['grid']}\t2\t{GRIDS[r['grid']][1]}\t{r['seed']}\t\t\t\t{r['ppl']:.4f}\t{base_ppl:.4f}\t"
                    f"{r['kld']:.6f}\t{r['top1']:.2f}\t{r['tokens']}\treal quantize\n")
    summ = {}
    for g in grids:
        rs = [runs[f"{g}-s{s}"] for s in seeds if f"{g}-s{s}" in runs]
        if not rs:
            continue
        summ[g] = {"n": len(rs), "bits": rs[0]["bits"], "t2": mean_sd([r["mean_t2"] for r in rs]),
                   "dppl": mean_sd([r["ppl"] - base_ppl for r in rs]),
                   "kld": mean_sd([1000 * r["kld"] for r in rs]), "top1": mean_sd([r["top1"] for r in rs])}
    md = [f"`models/brown-f16.higgs` on `data/brown-heldout.txt`, f16 perplexity {base_ppl:.3f}. "
          "Simulation with float weights (`bench/vgrids.py`), not a runtime path: every linear layer "
          "fake-quantized in numpy as `quantize --method higgs` does by default (random signs, Hadamard "
          "blocks of 256, lsq-unbiased fp16 scales, exact nearest grid point), rotated back and stored as f16, "
          f"then scored with `run -m ppl --no-int8 --kld`. Mean +- sd over seeds {','.join(map(str, seeds))}. "
          "bits/weight: code bits plus 16 per block of 256 (and log2 K for a choice among K rotations, "
          "whose rows are compared with the same grid without it). t^2: |W - W_hat|^2 / |W|^2, mean over the 56 "
          "linear layers; p=3 rounds the 256th value of each block on the p=1 grid of the same bits. Ratio: KLD over the KLD of the p=2 grid of the same bits (+- its standard error "
          "from the seed spreads).", "",
          "| grid | bits/weight | mean t^2 | dPPL | KLD x 1000 | top-1 % | KLD ratio vs p=2 | t^2 ratio |",
          "|---|---|---|---|---|---|---|---|"]
    for g in grids:
        if g not in summ:
            continue
        S = summ[g]
        ratio = t2r = "-"
        b = BASELINE.get(g, split_grid(g)[0] if split_grid(g)[1] > 1 else None)
        if b in summ:
            (m1, s1), (m0, s0) = S["kld"], summ[b]["kld"]
            r = m1 / m0
            se = r * math.sqrt((s1 / m1) ** 2 / S["n"] + (s0 / m0) ** 2 / summ[b]["n"])
            ratio = f"{r:.3f} +- {se:.3f} (vs {b})"
            t2r = f"{S['t2'][0] / summ[b]['t2'][0]:.3f}"
        (p, n), K = GRIDS[split_grid(g)[0]], split_grid(g)[1]
        md.append(f"| p={p} n={n}{f' best of {K} rotations' if K > 1 else ''} | {S['bits']:.3f} | {S['t2'][0]:.5f} | {S['dppl'][0]:+.3f} +- {S['dppl'][1]:.3f} | "
                  f"{S['kld'][0]:.3f} +- {S['kld'][1]:.3f} | {S['top1'][0]:.2f} | {ratio} | {t2r} |")
    if val_lines:
        md += ["", "Validation against the real quantizer (same seed, p=2 grids, `./quantize --method higgs`, "
               "decoded with tests/test_quant.py):", ""]
        md += ["- " + ln for ln in val_lines]
        for key, r in sorted(val_runs.items()):
            sim = runs.get(f"{r['grid']}-s{r['seed']}")
            extra = f"; simulated (f16) {1000 * sim['kld']:.4f}, dPPL {sim['ppl'] - base_ppl:+.3f}" if sim else ""
            md.append(f"- {r['grid']} seed {r['seed']}: real file KLD x 1000 {1000 * r['kld']:.4f}, "
                      f"dPPL {r['ppl'] - base_ppl:+.3f}{extra}")
    md += ["", f"Command: `{cmdline}`", ""]
    with open(os.path.join(ROOT, "bench", "results", tag + ".md"), "w") as f:
        f.write("\n".join(md))
    print("\n".join(md))


# ------------------------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="1,2,3,4")
    ap.add_argument("--grids", default=",".join(GRIDS))
    ap.add_argument("--validate", default="1", help="sign seeds to check against ./quantize ('' for none)")
    ap.add_argument("--jobs", type=int, default=1, help="./run scoring jobs at once")
    ap.add_argument("--tag", default="vgrids")
    ap.add_argument("--model", default=MODEL)
    ap.add_argument("--text", default=TEXT)
    ap.add_argument("--fresh", action="store_true", help="ignore bench/cache/vgrids")
    a = ap.parse_args()
    seeds = [int(s) for s in a.seeds.split(",") if s]
    grids = [g for g in a.grids.split(",") if g]
    for g in grids:
        if split_grid(g)[0] not in GRIDS:
            sys.exit(f"vgrids: unknown grid {g} ({', '.join(GRIDS)})")
    subprocess.run(["make", "-s", "-C", ROOT, "run", "quantize"], check=True)
    base = export.read_higgs(a.model)
    cache_dir = os.path.join(ROOT, "bench", "cache", "vgrids")
    os.makedirs(cache_dir, exist_ok=True)
    st = [os.stat(x) for x in (a.model, a.text, os.path.join(ROOT, "run"))]
    stamp = "-".join(f"{s.st_size}.{int(s.st_mtime)}" for s in st[:2])
    cache_file = os.path.join(cache_dir, f"{stamp}.json")
    cache = {} if a.fresh or not os.path.exists(cache_file) else json.load(open(cache_file))

    def save():
        with open(cache_file + ".tmp", "w") as f:
            json.dump(cache, f, indent=1)
        os.replace(cache_file + ".tmp", cache_file)

    scorer = Scorer(a.jobs)
    tmp = tempfile.mkdtemp(prefix="vgrids-")
    val_lines = []
    val_runs = {k: v for k, v in cache.items() if k.startswith("real-")}
    for s in [int(x) for x in a.validate.split(",") if x]:
        if f"real-p2n64-s{s}" in cache and f"val-lines-s{s}" in cache:
            val_lines += cache[f"val-lines-s{s}"]
            continue
        res = {}
        lines = validate(base, a.model, s, tmp, a.text, scorer, res)
        scorer.drain()
        cache.update(res)
        cache[f"val-lines-s{s}"] = lines
        val_runs.update(res)
        val_lines += lines
        save()
    for g in grids:
        for s in seeds:
            key = f"{g}-s{s}"
            if key in cache:
                continue
            t0 = time.time()
            out = os.path.join(tmp, key + ".higgs")
            per, bits = simulate(base, g, s, out)
            t2 = [v[0] for v in per.values()]
            info = {"bits": bits, "mean_t2": float(np.mean(t2)), "max_f16_t2": max(v[1] for v in per.values()),
                    "t2": {k: v[0] for k, v in per.items()}}
            print(f"{key}: simulated in {time.time() - t0:.0f} s, {bits:.4f} bits/weight, mean t^2 "
                  f"{info['mean_t2']:.6f}, f16 rounding t^2 <= {info['max_f16_t2']:.1e}", flush=True)

            def done(r, key=key, info=info, out=out):
                cache[key] = dict(info, **r)
                os.unlink(out)
                save()
                print(f"  scored {key}: kld {r['kld']:.6f} ppl {r['ppl']:.4f} top-1 {r['top1']:.2f}%", flush=True)
            scorer.submit(out, a.model, a.text, done)
            scorer.reap()
    scorer.drain()
    os.rmdir(tmp)
    runs = {k: v for k, v in cache.items() if re.match(r"p\d+n\d+(r\d+)?-s\d+$", k)}
    cmdline = "/usr/bin/python3 bench/vgrids.py" + "".join(f" {shlex.quote(x)}" for x in sys.argv[1:])
    write_reports(a.tag, grids, seeds, runs, next(iter(runs.values()))["base_ppl"], val_lines, val_runs, cmdline)


if __name__ == "__main__":
    main()
