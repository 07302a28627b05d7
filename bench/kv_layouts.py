#!/usr/bin/env python3
"""Chooses the layouts of the low-bit KV cache types by measurement: the numpy reference forward
pass (tests/reference.py) on the bundled model and on its copy with outlier key channels, with
candidate key and value quantizers, scored as run -m ppl --kld does in llama.cpp's protocol
(-c 256 --second-half: windows of 256 tokens starting with BOS, the second half scored), KL from
the same model with exact keys and values.

Keys in a causal cache: a layout that quantizes keys per channel over a group of tokens keeps the
group being filled in full precision, so the query at position t sees key j quantized only when
j's group was complete at t (as run's cache does).

    bench/kv_layouts.py [--windows 40] [--bits 4] [--only NAME;...]
Prints a markdown table (bench/results/kv-layouts.md is its output). numpy only.
"""
import argparse
import math
import re
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
try:
    import numpy as np
except ImportError:
    sys.exit("kv_layouts.py: needs numpy (apt-get install python3-numpy; run it with /usr/bin/python3)")
import export  # noqa: E402
import reference as ref  # noqa: E402

# ------------------------------------------------------------------ grids and transforms


def lloyd_max(n):
    """the symmetric Lloyd-Max (MSE-optimal) grid of N(0, 1) with n levels, by Lloyd iterations on
    exact integrals (tools/gen_grids.py computes the project's; this is the same optimum)"""
    def phi(x):
        return math.exp(-x * x / 2) / math.sqrt(2 * math.pi)

    def cdf(x):
        return 0.5 * math.erfc(-x / math.sqrt(2))
    y = [(-3 + 6 * (i + 0.5) / n) for i in range(n)]
    for _ in range(3000):
        t = [-math.inf] + [(y[i] + y[i + 1]) / 2 for i in range(n - 1)] + [math.inf]
        y = [(phi(t[i]) - phi(t[i + 1])) / max(cdf(t[i + 1]) - cdf(t[i]), 1e-300) for i in range(n)]
    return np.array(y)


def hadamard(n):
    h = np.array([[1.0]])
    while h.shape[0] < n:
        h = np.block([[h, h], [h, -h]])
    return h / math.sqrt(n)


def nearest(x, grid):
    """index of the nearest grid point of each x"""
    mids = (grid[1:] + grid[:-1]) / 2
    return np.searchsorted(mids, x)


def rotated_grid(x, bits, signs, H, scale_rule="ls"):
    """per vector (last axis): random signs and a Hadamard transform, one scale, nearest point of
    the Gaussian grid, back; returns the reconstruction"""
    grid = GRIDS[bits]
    r = (x * signs) @ H.T
    rms = np.sqrt(np.mean(r * r, axis=-1, keepdims=True))
    s = np.where(rms > 0, rms, 1.0)
    c = grid[nearest(r / s, grid)]
    if scale_rule == "ls":       # least-squares scale for the chosen points, one step
        s = np.sum(r * c, axis=-1, keepdims=True) / np.maximum(np.sum(c * c, axis=-1, keepdims=True), 1e-30)
        c = grid[nearest(r / np.where(s > 0, s, 1.0), grid)]
        s = np.sum(r * c, axis=-1, keepdims=True) / np.maximum(np.sum(c * c, axis=-1, keepdims=True), 1e-30)
    return ((s * c) @ H) * signs


def absmax_uniform(x, bits):
    """per vector, symmetric uniform levels with an absmax scale (q8's rule at `bits`)"""
    m = 2 ** (bits - 1) - 1
    a = np.abs(x).max(axis=-1, keepdims=True)
    s = np.where(a > 0, a / m, 1.0)
    return np.rint(x / s) * s


def q4_0_blocks(x, bits=4):
    """llama.cpp's q4_0: blocks of 32 values, d = max / -8, levels -8..7"""
    shp = x.shape
    b = x.reshape(-1, 32)
    idx = np.argmax(np.abs(b), axis=-1)
    mx = b[np.arange(len(b)), idx][:, None]
    d = mx / -8
    inv = np.where(d != 0, 1 / np.where(d != 0, d, 1), 0)
    q = np.clip(np.floor(b * inv + 8.5), 0, 15)
    return ((q - 8) * d).reshape(shp)


def per_channel_groups(k, bits, group, rule):
    """keys [heads, T, hd] quantized per channel over groups of `group` tokens: 'minmax' (KIVI:
    asymmetric uniform levels from the group's min and max) or 'gauss' (the group's mean and
    standard deviation, then the Gaussian grid); returns the reconstruction (the last, partial
    group as well: the caller decides which positions see it)"""
    out = np.empty_like(k)
    T = k.shape[1]
    for g0 in range(0, T, group):
        blk = k[:, g0:g0 + group]                                 # [h, G, hd]
        if rule == "minmax":
            lo, hi = blk.min(axis=1, keepdims=True), blk.max(axis=1, keepdims=True)
            s = (hi - lo) / (2 ** bits - 1)
            s = np.where(s > 0, s, 1.0)
            out[:, g0:g0 + group] = lo + np.rint((blk - lo) / s) * s
        else:
            grid = GRIDS[bits]
            mu = blk.mean(axis=1, keepdims=True)
            sd = blk.std(axis=1, keepdims=True)
            sd = np.where(sd > 0, sd, 1.0)
            out[:, g0:g0 + group] = mu + grid[nearest((blk - mu) / sd, grid)] * sd
    return out


def chan_then_rot(k, bits, group, signs, H):
    """per channel over the group: subtract the mean and divide by the standard deviation; then per
    token the rotated Gaussian grid; back"""
    out = np.empty_like(k)
    T = k.shape[1]
    for g0 in range(0, T, group):
        blk = k[:, g0:g0 + group]
        mu = blk.mean(axis=1, keepdims=True)
        sd = blk.std(axis=1, keepdims=True)
        sd = np.where(sd > 0, sd, 1.0)
        out[:, g0:g0 + group] = mu + rotated_grid((blk - mu) / sd, bits, signs, H) * sd
    return out


GRIDS = {}
P2 = {}


def p2_block_grids():
    """the project's block-structured p=2 grids (src/grids_data.h): 256 points (4 bits a value) and
    64 points (3 bits), as [n, 2] arrays"""
    src = open(os.path.join(ROOT, "src/grids_data.h")).read()

    def table(name):
        body = re.search(r"%s\[16\] = \{([^}]*)\}" % name, src).group(1)
        return np.array([float(v.strip().rstrip("f")) for v in body.split(",") if v.strip()])
    X, Y = table("HG_GRID_P2_N256B_X"), table("HG_GRID_P2_N256B_Y")
    pts = []
    for c in range(256):
        m = c & 63
        pts.append((X[m & 15] * (-1 if c >> 6 & 1 else 1), Y[m >> 2] * (-1 if c >> 7 & 1 else 1)))
    X3, Y3 = table("HG_GRID_P2_N64B_X"), table("HG_GRID_P2_N64B_Y")
    return {4: np.array(pts), 3: np.array([(X3[c & 15], Y3[c >> 2]) for c in range(64)])}


def nearest2(r, pts):
    """r [..., n, 2] -> the nearest points [..., n, 2]"""
    d = ((r[..., None, :] - pts) ** 2).sum(-1)
    return pts[np.argmin(d, axis=-1)]


def rotated_p2(x, bits, signs, H):
    """as rotated_grid with the p=2 block grid: pairs (i, i + hd/2) of the rotated vector"""
    pts = P2[bits]
    r = (x * signs) @ H.T
    hd = r.shape[-1]
    rms = np.sqrt(np.mean(r * r, axis=-1, keepdims=True))
    s = np.where(rms > 0, rms, 1.0)
    for _ in range(2):
        pr = np.stack([r[..., :hd // 2], r[..., hd // 2:]], axis=-1) / s[..., None]
        c2 = nearest2(pr, pts)
        c = np.concatenate([c2[..., 0], c2[..., 1]], axis=-1)
        s = np.sum(r * c, axis=-1, keepdims=True) / np.maximum(np.sum(c * c, axis=-1, keepdims=True), 1e-30)
        s = np.where(s > 0, s, 1.0)
    return ((s * c) @ H) * signs


def key_equalizer(m, layer):
    """per kv head and channel: the size of the channel's key for a unit-RMS input, from the weights
    (the key projection's row norms after the input norm's gains), a RoPE pair's two dimensions
    sharing one value (RoPE mixes them); [nkv, 1, hd]"""
    w = m["w"]
    p = "model.layers.%d." % layer
    wk = w[p + "self_attn.k_proj.weight"] * w[p + "input_layernorm.weight"][None, :]
    e = np.sqrt((wk * wk).sum(axis=1)).reshape(m["n_kv_heads"], m["head_dim"])
    h = m["head_dim"] // 2
    pair = np.sqrt((e[:, :h] ** 2 + e[:, h:] ** 2) / 2)
    return np.concatenate([pair, pair], axis=-1)[:, None, :]

# ------------------------------------------------------------------ the forward pass with a cache


def forward(m, toks, kq, vq, group):
    """logits [T, vocab] with keys kq(k) and values vq(v) (None: exact); a per-channel group layout
    (group > 0) shows query t the quantized key j only when j's group is complete at t"""
    w = m["w"]
    T = len(toks)
    nh, nkv, hd, eps = m["n_heads"], m["n_kv_heads"], m["head_dim"], m["eps"]
    rep = nh // nkv
    cos, sin = ref.rope_cos_sin(m["inv_freq"], np.arange(T))
    causal = np.triu(np.ones((T, T), dtype=bool), k=1)
    pos = np.arange(T)
    closed = (pos[None, :] // group * group + group - 1 <= pos[:, None]) if group else None
    x = w["model.embed_tokens.weight"][toks]
    for i in range(m["n_layers"]):
        p = "model.layers.%d." % i
        h = ref.rmsnorm(x, w[p + "input_layernorm.weight"], eps)
        q = (h @ w[p + "self_attn.q_proj.weight"].T).reshape(T, nh, hd).transpose(1, 0, 2)
        k = (h @ w[p + "self_attn.k_proj.weight"].T).reshape(T, nkv, hd).transpose(1, 0, 2)
        v = (h @ w[p + "self_attn.v_proj.weight"].T).reshape(T, nkv, hd).transpose(1, 0, 2)
        q, k = ref.apply_rope(q, cos, sin), ref.apply_rope(k, cos, sin)
        k32, v32 = k.astype(np.float32).astype(np.float64), v.astype(np.float32).astype(np.float64)
        kk = kq(k32, m, i) if kq else k32
        vv = vq(v32) if vq else v32
        out = np.empty((nh, T, hd))
        for hh in range(nh):
            kv = hh // rep
            s = q[hh] @ kk[kv].T
            if closed is not None:
                s = np.where(closed, s, q[hh] @ k32[kv].T)
            s = np.where(causal, -np.inf, s / math.sqrt(hd))
            out[hh] = ref.softmax(s, axis=-1) @ vv[kv]
        x = x + out.transpose(1, 0, 2).reshape(T, nh * hd) @ w[p + "self_attn.o_proj.weight"].T
        h = ref.rmsnorm(x, w[p + "post_attention_layernorm.weight"], eps)
        x = x + (ref.silu(h @ w[p + "mlp.gate_proj.weight"].T) * (h @ w[p + "mlp.up_proj.weight"].T)) @ \
            w[p + "mlp.down_proj.weight"].T
    x = ref.rmsnorm(x, w["model.norm.weight"], eps)
    return x @ w["lm_head.weight"].T


def load(path):
    h = export.read_higgs(path)
    c = h["config"]
    cfg = {"hidden_size": c["dim"], "intermediate_size": c["hidden_dim"], "num_hidden_layers": c["n_layers"],
           "num_attention_heads": c["n_heads"], "num_key_value_heads": c["n_kv_heads"], "head_dim": c["head_dim"],
           "vocab_size": c["vocab_size"], "max_position_embeddings": c["seq_len"], "rope_theta": c["rope_theta"],
           "rms_norm_eps": c["rms_norm_eps"], "tie_word_embeddings": False, "model_type": "llama"}
    return ref.load_model(weights={t["name"]: export.higgs_tensor_f32(h, t["name"]) for t in h["tensors"]}, config=cfg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--windows", type=int, default=40)
    ap.add_argument("--bits", type=int, default=4)
    ap.add_argument("--group", type=int, default=32)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    for b in (3, 4, 5):
        GRIDS[b] = lloyd_max(2 ** b)
    model_path = os.path.join(ROOT, "models/brown-f16.higgs")
    outl = os.path.join(ROOT, "bench/cache/brown-f16-outliers.higgs")
    if not os.path.exists(outl):
        subprocess.run([sys.executable, os.path.join(ROOT, "tools/outlier_keys.py"), model_path, outl], check=True,
                       stdout=subprocess.DEVNULL)
    ids = subprocess.run([os.path.join(ROOT, "run"), model_path, "-m", "tokenize", "-f",
                          os.path.join(ROOT, "data/brown-heldout.txt")], capture_output=True, text=True, check=True)
    toks = [int(t) for t in ids.stdout.split()]
    ctx = 256
    wins = [toks[s:s + ctx] for s in range(0, len(toks) - ctx + 1, ctx)][:a.windows]
    for wdw in wins:
        wdw[0] = 1
    B, G = a.bits, a.group
    hd = 32
    rng = np.random.default_rng(1)
    signs = rng.choice([-1.0, 1.0], size=hd)
    H = hadamard(hd)
    P2.update(p2_block_grids())
    rot = lambda x, *_: rotated_grid(x, B, signs, H)                    # noqa: E731
    rot2 = lambda x, *_: rotated_p2(x, B, signs, H)                     # noqa: E731

    def eqrot(k, m, layer, p2=False):
        e = key_equalizer(m, layer)
        return (rotated_p2(k / e, B, signs, H) if p2 else rotated_grid(k / e, B, signs, H)) * e
    cands = {   # name: (key quantizer, value quantizer, key group)
        "q4_0 K, q4_0 V": (lambda k, *_: q4_0_blocks(k), lambda v: q4_0_blocks(v), 0),
        "rot K, rot V": (rot, rot, 0),
        "absmax K, rot V": (lambda k, *_: absmax_uniform(k, B), rot, 0),
        "chan-minmax K, rot V": (lambda k, *_: per_channel_groups(k, B, G, "minmax"), rot, G),
        "chan-gauss K, rot V": (lambda k, *_: per_channel_groups(k, B, G, "gauss"), rot, G),
        "chan+rot K, rot V": (lambda k, *_: chan_then_rot(k, B, G, signs, H), rot, G),
        "f32 K, rot V": (None, rot, 0),
        "f32 K, q4_0 V": (None, lambda v: q4_0_blocks(v), 0),
        "q8 K, rot V": (lambda k, *_: absmax_uniform(k, 8), rot, 0),
        "chan-minmax K, f32 V": (lambda k, *_: per_channel_groups(k, B, G, "minmax"), None, G),
        "rot K, f32 V": (rot, None, 0),
        "f32 K, rot-p2 V": (None, rot2, 0),
        "q8 K, rot-p2 V": (lambda k, *_: absmax_uniform(k, 8), rot2, 0),
        "rot-p2 K, rot-p2 V": (rot2, rot2, 0),
        "eq+rot K, rot V": (eqrot, rot, 0),
        "eq+rot-p2 K, rot-p2 V": (lambda k, m, i: eqrot(k, m, i, True), rot2, 0),
        "chan-minmax K, rot-p2 V": (lambda k, *_: per_channel_groups(k, B, G, "minmax"), rot2, G),
    }
    only = [s for s in a.only.split(";") if s]
    models = {"bundled": load(model_path), "outlier keys": load(outl)}
    base = {}
    for mname, m in models.items():
        base[mname] = [ref.log_softmax(forward(m, wdw, None, None, 0)[ctx // 2:-1], axis=-1) for wdw in wins]
    print("| keys, values (%d-bit, key groups of %d tokens) | KLD x1000 bundled | KLD x1000 outlier keys |" % (B, G))
    print("|---|---|---|")
    for name, (kq, vq, g) in cands.items():
        if only and not any(o in name for o in only):
            continue
        row = []
        for mname, m in models.items():
            kl = []
            for wdw, lb in zip(wins, base[mname]):
                lp = ref.log_softmax(forward(m, wdw, kq, vq, g)[ctx // 2:-1], axis=-1)
                kl.append(np.mean(np.sum(np.exp(lb) * (lb - lp), axis=-1)))
            row.append("%.3f" % (1000 * np.mean(kl)))
        print("| %s | %s |" % (name, " | ".join(row)), flush=True)


if __name__ == "__main__":
    main()
