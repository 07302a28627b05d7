#!/usr/bin/env python3
"""Independent float64 numpy reference of Hugging Face's LlamaForCausalLM forward pass, and of the
Llama-shaped families: Mistral (sliding-window attention), Qwen2 (q/k/v projection biases;
sliding window only with use_sliding_window, on layers from max_window_layers on) and Phi-3
(fused qkv_proj / gate_up_proj weights, sliding window), read from their own checkpoints.

Straightforward on purpose: whole sequence at once, a full (or sliding-window) causal mask, no
KV cache. numpy only (torch is used by --selftest, optionally, as a second opinion).

    from reference import load_model, forward, perplexity
    m = load_model("path/to/hf_dir")                 # or load_model(dir, weights={...})
    logits = forward(m, [1, 5, 9])                   # [T, vocab] float64
    ppl, n = perplexity(m, [1] + ids, ctx=64)

CLI:
    python3 tests/reference.py HF_DIR --tokens 1,5,9 [--out logits.npy]
    python3 tests/reference.py HF_DIR --ppl-tokens FILE --ctx N
    python3 tests/reference.py --selftest
"""
import argparse
import math
import os
import struct
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_synthetic as ms  # noqa: E402

# ----------------------------------------------------------------------------------------
# model loading


def _config_fields(config):
    dim = int(config["hidden_size"])
    nh = int(config["num_attention_heads"])
    nkv = int(config.get("num_key_value_heads") or nh)
    hd = config.get("head_dim")
    hd = int(hd) if hd else dim // nh
    vocab = int(config["vocab_size"])
    mt = config.get("model_type") or ""
    archs = config.get("architectures") or []
    n_layers = int(config["num_hidden_layers"])
    # transformers: MistralConfig's sliding_window defaults to 4096; Phi-3 uses its own when set;
    # Qwen2 only with use_sliding_window, on the layers from max_window_layers on
    windows = [0] * n_layers
    if mt == "mistral" or "MistralForCausalLM" in archs:
        windows = [int(config.get("sliding_window", 4096) or 0)] * n_layers
    elif mt == "phi3" or "Phi3ForCausalLM" in archs:
        windows = [int(config.get("sliding_window") or 0)] * n_layers
    elif (mt == "qwen2" or "Qwen2ForCausalLM" in archs) and config.get("use_sliding_window"):
        mwl = int(config.get("max_window_layers") or 0)
        windows = [int(config.get("sliding_window") or 0) if i >= mwl else 0 for i in range(n_layers)]
    return dict(
        windows=windows,
        dim=dim,
        hidden_dim=int(config["intermediate_size"]),
        n_layers=n_layers,
        n_heads=nh,
        n_kv_heads=nkv,
        head_dim=hd,
        vocab_size=vocab,
        seq_len=int(config.get("max_position_embeddings") or 0),
        rope_theta=float(config.get("rope_theta", 10000.0)),
        rope_scaling=config.get("rope_scaling"),
        eps=float(config.get("rms_norm_eps", 1e-6)),
        tie=bool(config.get("tie_word_embeddings", False)),
    )


def load_model(hf_dir=None, weights=None, config=None):
    """Load an HF Llama dir into a dict model (float64 weights).

    weights: optional {hf_name: array}; entries replace the loaded ones (or, with
             hf_dir None, are the whole model, then `config` must be given).
    config:  optional HF config dict; replaces the dir's config.json.
    """
    cfg, w = {}, {}
    if hf_dir is not None:
        cfg, w = ms.load_hf(hf_dir)
    if config is not None:
        cfg = dict(config)
    if weights is not None:
        w = dict(w)
        w.update(weights)
    if not cfg:
        raise ValueError("no config")
    m = _config_fields(cfg)
    if "lm_head.weight" not in w:
        m["tie"] = True  # transformers would also fall back to tying here
    m["config"] = cfg
    m["w"] = {k: np.asarray(v, dtype=np.float64) for k, v in w.items()}
    m["inv_freq"] = rope_inv_freq(m["head_dim"], m["rope_theta"], m["rope_scaling"])
    return m


# ----------------------------------------------------------------------------------------
# building blocks


def rope_inv_freq(head_dim, theta, rope_scaling=None):
    """inv_freq as transformers' ROPE_INIT_FUNCTIONS ('default' and 'llama3')."""
    inv_freq = 1.0 / (theta ** (np.arange(0, head_dim, 2, dtype=np.float64) / head_dim))
    if not rope_scaling:
        return inv_freq
    rtype = rope_scaling.get("rope_type", rope_scaling.get("type"))
    if rtype in (None, "default"):
        return inv_freq
    if rtype != "llama3":
        raise NotImplementedError("rope_scaling type %r" % rtype)
    factor = float(rope_scaling["factor"])
    low_ff = float(rope_scaling["low_freq_factor"])
    high_ff = float(rope_scaling["high_freq_factor"])
    old_ctx = float(rope_scaling["original_max_position_embeddings"])
    low_freq_wavelen = old_ctx / low_ff
    high_freq_wavelen = old_ctx / high_ff
    wavelen = 2 * math.pi / inv_freq
    out = np.empty_like(inv_freq)
    for i, (f, wl) in enumerate(zip(inv_freq, wavelen)):
        if wl < high_freq_wavelen:
            out[i] = f                                   # high frequency: unchanged
        elif wl > low_freq_wavelen:
            out[i] = f / factor                          # low frequency: scaled
        else:
            smooth = (old_ctx / wl - low_ff) / (high_ff - low_ff)
            out[i] = (1 - smooth) * f / factor + smooth * f
    return out


def rope_cos_sin(inv_freq, positions):
    freqs = np.asarray(positions, dtype=np.float64)[:, None] * inv_freq[None, :]  # [T, hd/2]
    emb = np.concatenate([freqs, freqs], axis=-1)                                # [T, hd]
    return np.cos(emb), np.sin(emb)   # attention_scaling is 1 for default and llama3


def rotate_half(x):
    h = x.shape[-1] // 2
    return np.concatenate([-x[..., h:], x[..., :h]], axis=-1)


def apply_rope(x, cos, sin):
    """x: [n_heads, T, hd]; cos/sin: [T, hd]."""
    return x * cos[None] + rotate_half(x) * sin[None]


def rmsnorm(x, w, eps):
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * w


def silu(x):
    return x / (1.0 + np.exp(-x))


def softmax(x, axis=-1):
    x = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(x)
    return e / np.sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=-1):
    x = x - np.max(x, axis=axis, keepdims=True)
    return x - np.log(np.sum(np.exp(x), axis=axis, keepdims=True))


# ----------------------------------------------------------------------------------------
# forward


KG = 32                 # positions per key group of the HIGGS cache types (src/attention.h)
KV_SIGN_SEED = 0x4B56   # the rotated values' random signs
HIGGS_KV_BITS = {"q5": 5, "q4": 4, "q3": 3}


def _c_float_table(name):
    """a `static const float NAME[...] = {...}` table of the project's headers (src/grids_data.h,
    tools/grids_table.h), as float32"""
    import re
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for rel in ("src/grids_data.h", "tools/grids_table.h"):
        with open(os.path.join(root, rel)) as f:
            m = re.search(r"static const float %s\[[^\]]*\]\s*=\s*\{([^}]*)\}" % name, f.read())
        if m:
            return np.array([float(v.strip().rstrip("f")) for v in m.group(1).split(",") if v.strip()], dtype=np.float32)
    raise KeyError(name)


def kv_value_grid(kind):
    """the grid of a HIGGS cache type's values, [n, p] float32: q4 the 256-point p=2 block grid (point c:
    m = c & 63 gives (X[m & 15], Y[m >> 2]), coordinate d negated when bit 6 + d of c is set), q3 the
    64-point one ((X[c & 15], Y[c >> 2])), q5 the 32 ascending levels of the p=1 grid"""
    if kind == "q5":
        return _c_float_table("HG_GRID_P1_N32").reshape(32, 1)
    n = 256 if kind == "q4" else 64
    X, Y = (_c_float_table("HG_GRID_P2_N%dB_%s" % (n, a)) for a in "XY")
    c = np.arange(n)
    if n == 64:
        return np.stack([X[c & 15], Y[c >> 2]], axis=1)
    m = c & 63
    signs = np.where((c[:, None] >> (6 + np.arange(2))[None, :]) & 1, -1.0, 1.0).astype(np.float32)
    return np.stack([X[m & 15], Y[m >> 2]], axis=1) * signs


def sign_vector(seed, n):
    """the random signs of docs/format.md (higgs.h, hg_sign_word): column j is negated when bit j % 64
    of splitmix64's finalizer of (seed << 32 | j // 64) is set; seed 0: no signs. HIGGS weights use
    their tensor's seed, the KV cache's rotated values KV_SIGN_SEED."""
    if not seed:
        return np.ones(n)
    u = np.uint64
    z = (u(seed) << u(32)) | np.arange((n + 63) // 64, dtype=np.uint64)
    z = z + u(0x9E3779B97F4A7C15)
    z = (z ^ (z >> u(30))) * u(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> u(27))) * u(0x94D049BB133111EB)
    z = z ^ (z >> u(31))
    bits = (z[:, None] >> np.arange(64, dtype=np.uint64)[None, :]) & u(1)
    return np.where(bits.reshape(-1)[:n] == 1, -1.0, 1.0)


def kv_signs(n):
    """the values' random signs D of the KV cache's rotated types"""
    return sign_vector(KV_SIGN_SEED, n)


def _walsh_hadamard(n):
    H = np.ones((1, 1))
    while H.shape[0] < n:
        H = np.block([[H, H], [H, -H]])
    return H


def _f16(a):
    return np.asarray(a, dtype=np.float32).astype(np.float16).astype(np.float32)


def _kv_higgs_keys(bits, x32):
    """HIGGS keys: rounded to f16; per channel over each group of KG positions lo = f16(min),
    step = f16((max - lo) / (2^bits - 1)), code = clamp(rint((x - lo) * (1 / step)), 0, 2^bits - 1)
    (0 when step is 0), decoded as lo + step * code. Returns (closed, open, groups): the keys as a
    closed group gives them back (positions of the last, unfinished group: f16), as f16, and for
    4 bits, which attention reads as integers (q4_scores), (lo, step, code) of the closed groups."""
    H, T, hd = x32.shape
    x16 = _f16(x32)
    closed = x16.astype(np.float64)
    G = T // KG
    if G:
        g = x16[:, :G * KG].reshape(H, G, KG, hd)
        top = np.float32((1 << bits) - 1)
        lo = _f16(g.min(axis=2))
        step = _f16((g.max(axis=2) - lo) / top)
        inv = np.where(step > 0, np.float32(1) / np.where(step > 0, step, np.float32(1)), np.float32(0)).astype(np.float32)
        code = np.clip(np.rint((g - lo[:, :, None]) * inv[:, :, None]), 0, top)
        dec = lo[:, :, None].astype(np.float64) + step[:, :, None].astype(np.float64) * code
        closed[:, :G * KG] = dec.reshape(H, G * KG, hd)
        if bits == 4:
            return closed, x16.astype(np.float64), (lo, step, code)
    return closed, x16.astype(np.float64), None


def q4_scores(q, lo, step, code):
    """<q_t, k_j> for every query row t of q [T, hd] and every position j of q4's closed groups
    (lo, step [G, hd], code [G, KG, hd]), as the runtime reads 4-bit keys: q' = q * step (float32)
    rounded to int8 at qs = max|q'| / 127, q8 = rint(q' * (127 / max|q'|)), score = sum q lo +
    7.5 sum (q' - qs q8) + qs sum q8 code (max|q'| <= 1e-30: q8 = 0, qs = 0). [T, G * KG]."""
    q32 = q.astype(np.float32)
    qp = q32[:, None, :] * step[None, :, :]                            # [T, G, hd] float32
    amax = np.abs(qp).max(axis=-1)
    ok = amax > np.float32(1e-30)
    inv = np.where(ok, np.float32(127) / np.where(ok, amax, np.float32(1)), np.float32(0)).astype(np.float32)
    qs = np.where(ok, amax / np.float32(127), np.float32(0)).astype(np.float64)
    q8 = np.rint(qp * inv[..., None]).astype(np.float64)
    base = (q32[:, None, :].astype(np.float64) * lo[None].astype(np.float64)).sum(-1) \
        + 7.5 * (qp.astype(np.float64) - qs[..., None] * q8).sum(-1)
    isum = np.einsum("tgd,gkd->tgk", q8, code.astype(np.float64))
    return (base[..., None] + qs[..., None] * isum).reshape(q.shape[0], -1)


def bf16_round(a):
    """float32 a rounded to the nearest bf16 (ties to even), as float32 (finite values)"""
    u = np.asarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    u = (u + 0x7FFF + ((u >> 16) & 1)) & 0xFFFF0000
    return u.astype(np.uint32).view(np.float32)


def rot_values_attend(e, s16, g, hd):
    """Attention over rotated values as the runtime sums them (src/attention.h): e [T, T'] the softmax's
    numerators e^(score - max) (0 where masked), s16 [T'] the values' scales, g [T', hd] their grid points
    (rotated domain). Each weight e * s16 (float32) is rounded to bf16 (0 below 2^-64), each coordinate
    too; their products summed, / sum e, then rotated back: D H (.) / sqrt(hd)."""
    w = (e * s16[None, :]).astype(np.float32)
    w = np.where(w >= np.float32(2.0 ** -64), bf16_round(w), np.float32(0)).astype(np.float64)
    y = (w @ bf16_round(g).astype(np.float64)) / e.sum(axis=-1, keepdims=True)
    return (y @ _walsh_hadamard(hd)) * kv_signs(hd) / math.sqrt(hd)


def _kv_higgs_values(kind, x32, parts=False):
    """HIGGS values, per (head, token): r = H D x / sqrt(hd) (D the signs, H Walsh-Hadamard), s = rms(r),
    the nearest grid points to r / s (p=2: pairs (i, i + hd/2)), then twice s = <r, g> / <g, g> and the
    points again (a scale that reaches 0 stays there); the value D H (f16(s) g) / sqrt(hd). parts: the
    scales f16(s) [H, T] and points g [H, T, hd] instead (rot_values_attend)."""
    H_, T, hd = x32.shape
    D, W = kv_signs(hd), _walsh_hadamard(hd)
    r = (x32.astype(np.float64) * D) @ W / math.sqrt(hd)             # W is symmetric
    P = kv_value_grid(kind).astype(np.float64)                       # [n, p]
    p = P.shape[1]

    def points(s):
        inv = np.where(s > 0, 1 / np.where(s > 0, s, 1), 0)[..., None]
        y = r * inv
        u = np.stack([y[..., :hd // 2], y[..., hd // 2:]], axis=-1) if p == 2 else y[..., None]   # [H, T, m, p]
        d = ((u[..., None, :] - P) ** 2).sum(axis=-1)                 # [H, T, m, n]
        g = P[np.argmin(d, axis=-1)]                                  # [H, T, m, p]
        return np.concatenate([g[..., 0], g[..., 1]], axis=-1) if p == 2 else g[..., 0]

    s = np.sqrt((r * r).mean(axis=-1)).astype(np.float32).astype(np.float64)
    g = points(s)
    for _ in range(2):
        active = s > 0
        rg, gg = (r * g).sum(axis=-1), (g * g).sum(axis=-1)
        new = np.where((gg > 0) & (rg > 0), rg / np.where(gg > 0, gg, 1), 0).astype(np.float32).astype(np.float64)
        s = np.where(active, new, s)
        g = np.where(active[..., None], points(s), g)
    s16 = _f16(s).astype(np.float64)
    if parts:
        return s16, g
    return ((s16[..., None] * g) @ W) * D / math.sqrt(hd)


def kv_store(kind, x, keys=False):
    """What a KV cache of type `kind` gives back for x [heads, T, head_dim] (keys after RoPE, or
    values): run's cache types (src/kv_cache.h), from their definitions. f32: x in float32;
    f16: rounded to float16; q8: per (head, token) s = max|x| / 127, x = s * round(x / s);
    q5 / q4 / q3 (HIGGS): values rotated onto a grid (_kv_higgs_values); keys per channel over
    groups of KG positions (_kv_higgs_keys), which a query sees decoded only in the groups that
    closed before its own group began: for HIGGS keys (keys=True) a pair (closed, open), the query
    at t reading position j from closed where j < t // KG * KG, else from open (the f16 keys)."""
    x32 = x.astype(np.float32)
    if kind == "f32":
        return x32.astype(np.float64)
    if kind == "f16":
        return x32.astype(np.float16).astype(np.float64)
    if kind == "q8":
        amax = np.abs(x32).max(axis=-1, keepdims=True)
        inv = np.where(amax > 0, np.float32(127) / np.where(amax > 0, amax, 1), 0).astype(np.float32)
        q = np.rint(x32 * inv)
        return q.astype(np.float64) * (amax / np.float32(127)).astype(np.float32).astype(np.float64)
    if kind in HIGGS_KV_BITS:
        return _kv_higgs_keys(HIGGS_KV_BITS[kind], x32) if keys else _kv_higgs_values(kind, x32)
    raise ValueError("unknown KV cache type " + kind)


def forward(model, token_ids, return_hidden=False, linear=None, kv_types=None):
    """Logits [T, vocab] (float64) for token_ids at positions 0..T-1.

    linear(name, h) -> h @ W.T may replace the linear layers' and an untied
    head's products (the tests use it to model the runtime's int8 decode path).
    kv_types=(ktype, vtype): the keys and values as a KV cache of those types keeps them (kv_store;
    HIGGS keys as the query at each position sees them)."""
    m = model
    w = m["w"]

    def mm(h, name):
        return linear(name, h) if linear else h @ w[name].T
    toks = np.asarray(token_ids, dtype=np.int64)
    T = len(toks)
    nh, nkv, hd, eps = m["n_heads"], m["n_kv_heads"], m["head_dim"], m["eps"]
    group = nh // nkv
    cos, sin = rope_cos_sin(m["inv_freq"], np.arange(T))
    causal = np.triu(np.ones((T, T), dtype=bool), k=1)
    pos = np.arange(T)

    def proj(h, p, names):
        """the q/k/v (or gate/up) products; from a fused weight when the checkpoint has one (Phi-3)"""
        fused = p + ("self_attn.qkv_proj.weight" if names[0] == "q_proj" else "mlp.gate_up_proj.weight")
        if fused in w:
            sizes = [nh * hd, nkv * hd, nkv * hd] if names[0] == "q_proj" else [m["hidden_dim"]] * 2
            out = mm(h, fused)
            return np.split(out, np.cumsum(sizes)[:-1], axis=-1)
        sub = "self_attn." if names[0] == "q_proj" else "mlp."
        return [mm(h, p + sub + n + ".weight") for n in names]

    x = w["model.embed_tokens.weight"][toks]                        # [T, dim]
    hiddens = [x]
    for i in range(m["n_layers"]):
        p = "model.layers.%d." % i
        h = rmsnorm(x, w[p + "input_layernorm.weight"], eps)
        q, k, v = proj(h, p, ("q_proj", "k_proj", "v_proj"))      # [T, nh*hd], [T, nkv*hd] x 2
        if p + "self_attn.q_proj.bias" in w:                         # Qwen2
            q = q + w[p + "self_attn.q_proj.bias"]
            k = k + w[p + "self_attn.k_proj.bias"]
            v = v + w[p + "self_attn.v_proj.bias"]
        mask = causal
        if m["windows"][i]:                                          # sliding window: j > i - W
            mask = causal | (pos[None, :] <= pos[:, None] - m["windows"][i])
        q = q.reshape(T, nh, hd).transpose(1, 0, 2)                 # [nh, T, hd]
        k = k.reshape(T, nkv, hd).transpose(1, 0, 2)
        v = v.reshape(T, nkv, hd).transpose(1, 0, 2)
        q = apply_rope(q, cos, sin)
        k = apply_rope(k, cos, sin)
        k_open = None
        v_rot = None
        if kv_types and kv_types[1] in HIGGS_KV_BITS:                # rotated values: scales and points
            v_rot = _kv_higgs_values(kv_types[1], v.astype(np.float32), parts=True)
        if kv_types:
            k, v = kv_store(kv_types[0], k, keys=True), kv_store(kv_types[1], v)
            if isinstance(k, tuple):                                # HIGGS keys: per query row
                k, k_open, k_groups = k
                sees_open = pos[None, :] >= (pos[:, None] // KG) * KG   # [T, T]: j in query t's own group
        out = np.empty((nh, T, hd))
        for hh in range(nh):
            kv = hh // group                                        # repeat_kv
            s = q[hh] @ k[kv].T / math.sqrt(hd)                     # [T, T]
            if k_open is not None and k_groups is not None:          # q4: closed groups as integers
                lo, step, code = (a[kv] for a in k_groups)
                n = code.shape[0] * KG
                s[:, :n] = q4_scores(q[hh], lo, step, code) / math.sqrt(hd)
            if k_open is not None:
                s = np.where(sees_open, q[hh] @ k_open[kv].T / math.sqrt(hd), s)
            s = np.where(mask, -np.inf, s)
            if v_rot is not None:
                e = np.exp(s - np.max(s, axis=-1, keepdims=True))
                out[hh] = rot_values_attend(e, v_rot[0][kv], v_rot[1][kv], hd)
            else:
                out[hh] = softmax(s, axis=-1) @ v[kv]
        attn = out.transpose(1, 0, 2).reshape(T, nh * hd)
        x = x + mm(attn, p + "self_attn.o_proj.weight")
        h = rmsnorm(x, w[p + "post_attention_layernorm.weight"], eps)
        g, u = proj(h, p, ("gate_proj", "up_proj"))
        x = x + mm(silu(g) * u, p + "mlp.down_proj.weight")
        hiddens.append(x)
    x = rmsnorm(x, w["model.norm.weight"], eps)
    logits = x @ w["model.embed_tokens.weight"].T if m["tie"] else mm(x, "lm_head.weight")
    if return_hidden:
        return logits, hiddens
    return logits


def perplexity(model, token_ids, ctx):
    """Non-overlapping windows of `ctx` tokens, each run from position 0; every token after
    a window's first is scored. Returns (exp(mean NLL), n_scored)."""
    toks = list(token_ids)
    if ctx < 1:
        raise ValueError("ctx must be >= 1")
    nll, n = 0.0, 0
    for start in range(0, len(toks), ctx):
        win = toks[start:start + ctx]
        if len(win) < 2:
            continue
        lp = log_softmax(forward(model, win)[:-1], axis=-1)
        tgt = np.asarray(win[1:], dtype=np.int64)
        nll -= float(np.sum(lp[np.arange(len(tgt)), tgt]))
        n += len(tgt)
    if n == 0:
        return float("nan"), 0
    return math.exp(nll / n), n


def compare(model, base, token_ids, ctx, second_half=False, bos=None):
    """run -m ppl --kld: model against base over the same windows. Default windows as perplexity();
    second_half: llama.cpp's protocol (whole windows only, the first token of each set to bos, only
    positions ctx/2 .. ctx-2 scored). Returns (ppl, base_ppl, mean KL(base || model), share of
    positions whose most probable next token is the same, n_scored)."""
    toks = list(token_ids)
    starts = range(0, len(toks) - ctx + 1, ctx) if second_half else range(0, len(toks), ctx)
    nll = nll_b = kl = 0.0
    same = n = 0
    for start in starts:
        win = toks[start:start + ctx]
        if second_half and bos is not None:
            win[0] = bos
        if len(win) < 2:
            continue
        first = ctx // 2 if second_half else 0
        lp = log_softmax(forward(model, win)[:-1], axis=-1)[first:]
        lb = log_softmax(forward(base, win)[:-1], axis=-1)[first:]
        tgt = np.asarray(win[1 + first:], dtype=np.int64)
        rows = np.arange(len(tgt))
        nll -= float(np.sum(lp[rows, tgt]))
        nll_b -= float(np.sum(lb[rows, tgt]))
        kl += float(np.sum(np.exp(lb) * (lb - lp)))
        same += int(np.sum(lp.argmax(-1) == lb.argmax(-1)))
        n += len(tgt)
    return math.exp(nll / n), math.exp(nll_b / n), kl / n, same / n, n


# ----------------------------------------------------------------------------------------
# self-test helpers: an independent Meta/llama2.c-convention forward reading a v0 file


def llama2c_forward(path, token_ids, eps=1e-5, theta=10000.0):
    """Token-by-token forward in the style of llama2.c run.c (KV cache, interleaved RoPE as
    complex pairs), float64, reading the v0 .bin directly (no make_synthetic reader)."""
    with open(path, "rb") as f:
        data = f.read()
    dim, hidden, L, nh, nkv, vocab, seq_len = struct.unpack_from("<7i", data, 0)
    shared = vocab > 0
    vocab = abs(vocab)
    hs = dim // nh
    kv_dim = dim * nkv // nh
    kv_mul = nh // nkv
    flt = np.frombuffer(data, dtype="<f4", offset=28).astype(np.float64)
    off = 0

    def nxt(*shape):
        nonlocal off
        n = int(np.prod(shape))
        a = flt[off:off + n].reshape(shape)
        off += n
        return a

    tok_emb = nxt(vocab, dim)
    rms_att = nxt(L, dim)
    wq = nxt(L, dim, dim)
    wk = nxt(L, kv_dim, dim)
    wv = nxt(L, kv_dim, dim)
    wo = nxt(L, dim, dim)
    rms_ffn = nxt(L, dim)
    w1 = nxt(L, hidden, dim)
    w2 = nxt(L, dim, hidden)
    w3 = nxt(L, hidden, dim)
    rms_final = nxt(dim)
    nxt(seq_len, hs // 2)
    nxt(seq_len, hs // 2)
    wcls = tok_emb if shared else nxt(vocab, dim)
    assert off == flt.size

    def norm(x, g):
        ss = np.dot(x, x) / len(x) + eps
        return g * (x / math.sqrt(ss))

    def rot(vec, pos, n_dims):
        vec = vec.copy()
        for i in range(0, n_dims, 2):
            head_dim = i % hs
            freq = 1.0 / theta ** (head_dim / hs)
            fcr, fci = math.cos(pos * freq), math.sin(pos * freq)
            v0, v1 = vec[i], vec[i + 1]
            vec[i] = v0 * fcr - v1 * fci
            vec[i + 1] = v0 * fci + v1 * fcr
        return vec

    key_cache = np.zeros((L, len(token_ids), kv_dim))
    val_cache = np.zeros((L, len(token_ids), kv_dim))
    out = []
    for pos, tok in enumerate(token_ids):
        x = tok_emb[tok].copy()
        for l in range(L):  # noqa: E741
            xb = norm(x, rms_att[l])
            q = rot(wq[l] @ xb, pos, dim)
            key_cache[l, pos] = rot(wk[l] @ xb, pos, kv_dim)
            val_cache[l, pos] = wv[l] @ xb
            xb = np.zeros(dim)
            for h in range(nh):
                qh = q[h * hs:(h + 1) * hs]
                kvh = (h // kv_mul) * hs
                att = np.array([np.dot(qh, key_cache[l, t, kvh:kvh + hs]) / math.sqrt(hs)
                                for t in range(pos + 1)])
                att = np.exp(att - att.max())
                att /= att.sum()
                for t in range(pos + 1):
                    xb[h * hs:(h + 1) * hs] += att[t] * val_cache[l, t, kvh:kvh + hs]
            x = x + wo[l] @ xb
            xb = norm(x, rms_ffn[l])
            hb = w1[l] @ xb
            hb = hb * (1.0 / (1.0 + np.exp(-hb))) * (w3[l] @ xb)
            x = x + w2[l] @ hb
        x = norm(x, rms_final)
        out.append(wcls @ x)
    return np.array(out)


def torch_forward(model, token_ids):
    """Second opinion written like transformers' modeling_llama (float64 torch)."""
    import torch
    w = {k: torch.from_numpy(v) for k, v in model["w"].items()}
    cfg = model["config"]
    nh = cfg["num_attention_heads"]
    nkv = cfg.get("num_key_value_heads") or nh
    hd = cfg.get("head_dim") or cfg["hidden_size"] // nh
    eps = cfg["rms_norm_eps"]
    base = cfg.get("rope_theta", 10000.0)
    inv_freq = 1.0 / (base ** (torch.arange(0, hd, 2, dtype=torch.int64).double() / hd))
    rs = cfg.get("rope_scaling")
    if rs and rs.get("rope_type", rs.get("type")) == "llama3":
        factor, lf, hf = rs["factor"], rs["low_freq_factor"], rs["high_freq_factor"]
        old = rs["original_max_position_embeddings"]
        low_wl, high_wl = old / lf, old / hf
        wavelen = 2 * math.pi / inv_freq
        inv_l = torch.where(wavelen > low_wl, inv_freq / factor, inv_freq)
        smooth = (old / wavelen - lf) / (hf - lf)
        smoothed = (1 - smooth) * inv_l / factor + smooth * inv_l
        medium = ~(wavelen < high_wl) * ~(wavelen > low_wl)
        inv_freq = torch.where(medium, smoothed, inv_l)
    T = len(token_ids)
    pos = torch.arange(T, dtype=torch.float64)
    freqs = torch.outer(pos, inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos()[None, None], emb.sin()[None, None]

    def rms(x, g):
        var = x.pow(2).mean(-1, keepdim=True)
        return g * (x * torch.rsqrt(var + eps))

    def rot_half(x):
        x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        return torch.cat((-x2, x1), dim=-1)

    def repeat_kv(x, n_rep):
        b, n, s, d = x.shape
        return x[:, :, None].expand(b, n, n_rep, s, d).reshape(b, n * n_rep, s, d)

    lin = torch.nn.functional.linear
    x = w["model.embed_tokens.weight"][torch.tensor(token_ids)][None]
    mask = torch.full((T, T), float("-inf"), dtype=torch.float64).triu(1)
    for i in range(cfg["num_hidden_layers"]):
        p = "model.layers.%d." % i
        h = rms(x, w[p + "input_layernorm.weight"])
        q = lin(h, w[p + "self_attn.q_proj.weight"]).view(1, T, nh, hd).transpose(1, 2)
        k = lin(h, w[p + "self_attn.k_proj.weight"]).view(1, T, nkv, hd).transpose(1, 2)
        v = lin(h, w[p + "self_attn.v_proj.weight"]).view(1, T, nkv, hd).transpose(1, 2)
        q = q * cos + rot_half(q) * sin
        k = k * cos + rot_half(k) * sin
        k, v = repeat_kv(k, nh // nkv), repeat_kv(v, nh // nkv)
        a = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(hd) + mask
        a = torch.softmax(a, dim=-1)
        o = torch.matmul(a, v).transpose(1, 2).reshape(1, T, nh * hd)
        x = x + lin(o, w[p + "self_attn.o_proj.weight"])
        h = rms(x, w[p + "post_attention_layernorm.weight"])
        x = x + lin(torch.nn.functional.silu(lin(h, w[p + "mlp.gate_proj.weight"]))
                    * lin(h, w[p + "mlp.up_proj.weight"]), w[p + "mlp.down_proj.weight"])
    x = rms(x, w["model.norm.weight"])
    head = w["lm_head.weight"] if "lm_head.weight" in w and not cfg.get(
        "tie_word_embeddings") else w["model.embed_tokens.weight"]
    return lin(x, head)[0].numpy()


# ----------------------------------------------------------------------------------------
# self-test


def selftest():
    results = []

    def check(name, ok, detail=""):
        results.append(ok)
        print("%-4s %s%s" % ("ok" if ok else "FAIL", name, (": " + detail) if detail else ""))

    tmp = tempfile.mkdtemp(prefix="higgs_ref_")
    rng = np.random.default_rng(123)
    base = dict(dim=48, hidden_dim=112, n_layers=2, n_heads=6, n_kv_heads=2, vocab_size=97,
                seq_len=64)
    toks = [int(t) for t in rng.integers(0, 97, size=24)]
    toks[0] = 1

    # --- 1. safetensors writer/reader round trips ------------------------------------
    for dtype, shards in (("F32", 1), ("BF16", 3), ("F16", 2)):
        d = os.path.join(tmp, "rt_%s_%d" % (dtype, shards))
        _, w = ms.make_checkpoint(d, **base, dtype=dtype, shards=shards, seed=1,
                                  extra_tensors={"model.layers.0.self_attn.rotary_emb.inv_freq":
                                                 np.arange(4, dtype=np.float32)})
        _, w2 = ms.load_hf(d)
        same = set(w) == set(w2) and all(np.array_equal(w[k], w2[k]) for k in w)
        files = sorted(f for f in os.listdir(d) if f.endswith(".safetensors"))
        check("safetensors round trip %s, %d shard(s)" % (dtype, shards),
              same and len(files) == shards, "%d tensors in %s" % (len(w2), files))
    # 1, tie->even (down), tie->even (up), 0.75 ulp, max bf16, f32 max (rounds to inf),
    # a denormal, +-inf, nan
    x = np.array([1.0, 1.0 + 2**-8, 1.0 + 3 * 2**-8, 1.0 + 2**-8 + 2**-9,
                  -3.3895313892515355e38, 3.4028234663852886e38, 2**-133,
                  np.inf, -np.inf, np.nan], dtype=np.float32)
    want = np.array([0x3F80, 0x3F80, 0x3F82, 0x3F81, 0xFF7F, 0x7F80, 0x0001,
                     0x7F80, 0xFF80], dtype=np.uint16)
    bits = ms.f32_to_bf16_bits(x)
    check("bf16 round-to-nearest-even on hand cases",
          np.array_equal(bits[:-1], want) and np.isnan(ms.bf16_bits_to_f32(bits[-1:]))[0],
          " ".join("%04x" % b for b in bits))

    # --- 2. RoPE: q.k after rotation depends only on position difference -------------
    for scaling in (None, ms.llama3_scaling(8.0, 1.0, 4.0, 64)):
        inv = rope_inv_freq(16, 10000.0, scaling)
        q, k = rng.standard_normal(16), rng.standard_normal(16)
        vals = []
        for m_, n_ in ((5, 2), (13, 10), (40, 37), (3, 0)):
            c, s = rope_cos_sin(inv, np.array([m_, n_]))
            qm = apply_rope(q[None, None], c[:1], s[:1])[0, 0]
            kn = apply_rope(k[None, None], c[1:], s[1:])[0, 0]
            vals.append(qm @ kn)
        c, s = rope_cos_sin(inv, np.array([7, 0]))
        other = apply_rope(q[None, None], c[:1], s[:1])[0, 0] @ k
        spread = max(vals) - min(vals)
        check("rope relative-position property (%s)" % ("llama3" if scaling else "default"),
              spread < 1e-12 and abs(other - vals[0]) > 1e-6, "spread %.1e" % spread)

    # llama3 band structure: hand-checked against the formula
    inv0 = rope_inv_freq(16, 10000.0)
    inv3 = rope_inv_freq(16, 10000.0, ms.llama3_scaling(8.0, 1.0, 4.0, 64))
    wl = 2 * math.pi / inv0
    ok = True
    for f0, f3, w_ in zip(inv0, inv3, wl):
        if w_ < 16:
            ok &= f3 == f0
        elif w_ > 64:
            ok &= abs(f3 - f0 / 8) < 1e-15
        else:
            sm = (64 / w_ - 1) / 3
            ok &= abs(f3 - ((1 - sm) * f0 / 8 + sm * f0)) < 1e-15 and f0 / 8 <= f3 <= f0
    bands = (int((wl < 16).sum()), int(((wl >= 16) & (wl <= 64)).sum()), int((wl > 64).sum()))
    check("llama3 inv_freq bands (high, medium, low) = %s" % (bands,),
          ok and all(b > 0 for b in bands))

    # --- 3. GQA == MHA with duplicated kv heads ------------------------------------
    d = os.path.join(tmp, "gqa")
    cfg, w = ms.make_checkpoint(d, **base, seed=2)
    m_gqa = load_model(d)
    group = base["n_heads"] // base["n_kv_heads"]
    hd = base["dim"] // base["n_heads"]
    dup = {}
    for i in range(base["n_layers"]):
        for nm in ("k_proj", "v_proj"):
            key = "model.layers.%d.self_attn.%s.weight" % (i, nm)
            a = w[key].reshape(base["n_kv_heads"], hd, base["dim"])
            dup[key] = np.repeat(a, group, axis=0).reshape(base["n_heads"] * hd, base["dim"])
    cfg_mha = dict(cfg, num_key_value_heads=base["n_heads"])
    m_mha = load_model(d, weights=dup, config=cfg_mha)
    diff = np.abs(forward(m_gqa, toks) - forward(m_mha, toks)).max()
    check("GQA (6 heads / 2 kv) == MHA with duplicated kv weights", diff < 1e-12,
          "max |diff| %.1e" % diff)

    # --- 4. llama2.c v0 writer + Meta interleaved forward == HF forward -------------
    for name, kw in (("untied, GQA", dict(base, tie=False)),
                     ("tied, MHA", dict(base, n_kv_heads=6, tie=True)),
                     ("BF16 weights, GQA 4/1", dict(base, n_heads=4, n_kv_heads=1,
                                                    dtype="BF16"))):
        d = os.path.join(tmp, "v0_" + name.split(",")[0])
        cfg, w = ms.make_checkpoint(d, **kw, seed=3)
        binp = d + ".bin"
        ms.write_llama2c_v0(binp, w, cfg)
        m = load_model(d)
        t = toks[:12]
        a = forward(m, t)
        b = llama2c_forward(binp, t)
        diff = np.abs(a - b).max()
        check("llama2.c v0 (%s): interleaved forward == HF forward" % name, diff < 1e-9,
              "max |diff| %.1e, logits std %.2f" % (diff, a.std()))
        if name.startswith("untied"):
            # the permutation matters: without it the logits differ
            wbad = dict(w)
            for i in range(base["n_layers"]):
                for nm, nhh in (("q_proj", kw["n_heads"]), ("k_proj", kw["n_kv_heads"])):
                    key = "model.layers.%d.self_attn.%s.weight" % (i, nm)
                    wbad[key] = ms.meta_to_hf_rows(w[key], nhh)  # written un-inverted
            ms.write_llama2c_v0(binp + ".bad", wbad, cfg)
            bad = np.abs(a - llama2c_forward(binp + ".bad", t)).max()
            rt = all(np.array_equal(ms.meta_to_hf_rows(ms.hf_to_meta_rows(w[k], 2), 2), w[k])
                     for k in w if k.endswith("k_proj.weight"))
            check("permutation is needed and invertible", bad > 1e-3 and rt,
                  "wrong-layout max |diff| %.2f" % bad)

    # --- 5. perplexity protocol --------------------------------------------------
    d = os.path.join(tmp, "ppl")
    ms.make_checkpoint(d, **base, seed=4)
    m = load_model(d)
    seq = [1] + [int(t) for t in rng.integers(3, 97, size=20)]   # 21 tokens
    lp = log_softmax(forward(m, seq)[:-1])
    ppl_full = math.exp(-np.mean(lp[np.arange(20), seq[1:]]))
    p1, n1 = perplexity(m, seq, 64)
    manual, nn = 0.0, 0
    for s0 in (0, 8, 16):   # windows of 8, 8, 5
        win = seq[s0:s0 + 8]
        lpw = log_softmax(forward(m, win)[:-1])
        manual -= lpw[np.arange(len(win) - 1), win[1:]].sum()
        nn += len(win) - 1
    p2, n2 = perplexity(m, seq, 8)
    p3, n3 = perplexity(m, seq, 10)   # windows 10, 10, 1 -> last scores nothing
    check("perplexity: one window == full-sequence NLL",
          abs(p1 - ppl_full) < 1e-9 and n1 == 20, "ppl %.4f over %d" % (p1, n1))
    check("perplexity: ctx 8 windows (8,8,5)",
          abs(p2 - math.exp(manual / nn)) < 1e-9 and n2 == 18, "ppl %.4f over %d" % (p2, n2))
    check("perplexity: trailing 1-token window scores nothing", n3 == 18, "n %d" % n3)

    # --- 6. optional torch second opinion ----------------------------------------
    try:
        import torch
        have_torch = True
    except Exception as e:  # noqa: BLE001
        have_torch = False
        print("skip torch cross-check (%s)" % e.__class__.__name__)
    if have_torch:
        cases = (("GQA untied", dict(base)),
                 ("tied + llama3 scaling + theta 5e5", dict(
                     base, tie=True, rope_theta=500000.0,
                     rope_scaling=ms.llama3_scaling(8.0, 1.0, 4.0, 256))),
                 ("head_dim 16 != dim/n_heads", dict(base, head_dim=16)))
        for name, kw in cases:
            d = os.path.join(tmp, "torch_%d" % len(results))
            ms.make_checkpoint(d, **kw, seed=5)
            m = load_model(d)
            diff = np.abs(forward(m, toks) - torch_forward(m, toks)).max()
            check("torch cross-check (%s)" % name, diff < 1e-10, "max |diff| %.1e" % diff)
        xx = rng.standard_normal(4096).astype(np.float32) * 10
        tb = torch.from_numpy(xx).to(torch.bfloat16).view(torch.int16).numpy().view(np.uint16)
        check("bf16 rounding == torch .to(bfloat16)",
              np.array_equal(tb, ms.f32_to_bf16_bits(xx)))

    import shutil
    shutil.rmtree(tmp, ignore_errors=True)
    n_fail = results.count(False)
    print("selftest: %d checks, %d failed" % (len(results), n_fail))
    return 1 if n_fail else 0


# ----------------------------------------------------------------------------------------


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("hf_dir", nargs="?")
    ap.add_argument("--tokens", help="comma-separated token ids")
    ap.add_argument("--out", help="save logits [T, vocab] as .npy")
    ap.add_argument("--ppl-tokens", help="file of whitespace-separated token ids")
    ap.add_argument("--ctx", type=int, default=None, help="perplexity window (default seq_len)")
    ap.add_argument("--selftest", action="store_true")
    a = ap.parse_args(argv)
    if a.selftest:
        return selftest()
    if not a.hf_dir or not (a.tokens or a.ppl_tokens):
        ap.error("need HF_DIR and --tokens or --ppl-tokens (or --selftest)")
    m = load_model(a.hf_dir)
    if a.tokens:
        toks = [int(t) for t in a.tokens.replace(",", " ").split()]
        logits = forward(m, toks)
        if a.out:
            np.save(a.out, logits)
        print("logits: shape %s, mean %.6f, std %.6f, max|x| %.6f"
              % (logits.shape, logits.mean(), logits.std(), np.abs(logits).max()))
        for t, row in enumerate(logits):
            top = np.argsort(-row)[:5]
            print("pos %d tok %d: argmax %d  top5 %s  first %s" % (
                t, toks[t], top[0], " ".join("%d:%.4f" % (i, row[i]) for i in top),
                " ".join("%.5f" % v for v in row[:4])))
    if a.ppl_tokens:
        with open(a.ppl_tokens) as f:
            ids = [int(t) for t in f.read().split()]
        ctx = a.ctx or m["seq_len"] or len(ids)
        ppl, n = perplexity(m, ids, ctx)
        print("perplexity: %.6f (%d tokens)" % (ppl, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
