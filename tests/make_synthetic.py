#!/usr/bin/env python3
"""Write synthetic Hugging Face Llama checkpoints (random weights) for tests.

numpy only. Library use:

    from make_synthetic import make_checkpoint, load_hf, write_llama2c_v0
    config, weights = make_checkpoint("/tmp/m", dim=64, hidden_dim=160, n_layers=2,
                                      n_heads=4, n_kv_heads=2, vocab_size=300, seq_len=128)
    write_llama2c_v0("/tmp/m.bin", weights, config)
    config2, weights2 = load_hf("/tmp/m")      # float32 arrays, as stored

`make_checkpoint` returns (config_dict, {hf_name: float32 array}); the arrays are the values
actually stored in the file (already rounded to BF16/F16 when dtype says so), so they can be
handed to `write_llama2c_v0` or to tests/reference.py and describe exactly the same model.

CLI:
    python3 tests/make_synthetic.py OUT_DIR --dim 288 --hidden 768 --layers 6 --heads 6 \
        [--kv-heads 6] [--vocab 512] [--seq-len 256] [--head-dim N] [--tie] [--dtype BF16] \
        [--shards 2] [--theta 500000] [--llama3-scaling] [--tokenizer PATH] [--seed N] \
        [--llama2c OUT.bin] [--arch llama|mistral|qwen2|phi3] [--sliding-window N]
"""
import argparse
import json
import os
import shutil
import struct
import sys

import numpy as np

# ----------------------------------------------------------------------------------------
# dtype helpers

_TORCH_DTYPE = {"F32": "float32", "BF16": "bfloat16", "F16": "float16"}
_ITEMSIZE = {"F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2,
             "I8": 1, "U8": 1, "BOOL": 1}
_NP_OF = {"F64": "<f8", "F32": "<f4", "F16": "<f2", "I64": "<i8", "I32": "<i4",
          "I16": "<i2", "I8": "i1", "U8": "u1", "BOOL": "?"}


def f32_to_bf16_bits(a):
    """float32 array -> uint16 bfloat16 bit patterns, round-to-nearest-even (NaN kept NaN)."""
    a = np.ascontiguousarray(a, dtype=np.float32)
    u = a.view(np.uint32).astype(np.uint64)
    rounded = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    nan = np.isnan(a)
    out = rounded.astype(np.uint16)
    if nan.any():
        out[nan] = ((u[nan] >> 16) | 0x40).astype(np.uint16)  # quiet NaN, keep sign
    return out


def bf16_bits_to_f32(b):
    b = np.ascontiguousarray(b, dtype=np.uint16)
    return (b.astype(np.uint32) << 16).view(np.float32)


def round_to_dtype(a, dtype):
    """Return float32 array holding exactly the values that `dtype` storage would hold."""
    a = np.asarray(a, dtype=np.float32)
    if dtype == "F32":
        return a.copy()
    if dtype == "BF16":
        return bf16_bits_to_f32(f32_to_bf16_bits(a)).reshape(a.shape)
    if dtype == "F16":
        return a.astype(np.float16).astype(np.float32)
    raise ValueError("unsupported dtype %r" % dtype)


def _encode(arr, st_dtype):
    """numpy array -> (safetensors dtype string, raw little-endian bytes)."""
    arr = np.asarray(arr)
    if arr.dtype.kind == "f":
        if st_dtype == "BF16":
            return "BF16", f32_to_bf16_bits(arr.astype(np.float32)).tobytes()
        if st_dtype in ("F32", "F16", "F64"):
            return st_dtype, np.ascontiguousarray(arr.astype(_NP_OF[st_dtype])).tobytes()
        raise ValueError("unsupported dtype %r" % st_dtype)
    for name, np_dt in _NP_OF.items():  # integer / bool tensors keep their own type
        if name.startswith("F"):
            continue
        if arr.dtype == np.dtype(np_dt):
            return name, np.ascontiguousarray(arr).tobytes()
    raise ValueError("cannot store numpy dtype %s" % arr.dtype)


# ----------------------------------------------------------------------------------------
# safetensors writer / reader

def write_safetensors(path, tensors, dtype="F32", metadata=None):
    """tensors: ordered {name: np array}. Float arrays are stored as `dtype`."""
    header = {}
    chunks = []
    off = 0
    for name, arr in tensors.items():
        st, raw = _encode(arr, dtype)
        header[name] = {"dtype": st, "shape": [int(s) for s in np.shape(arr)],
                        "data_offsets": [off, off + len(raw)]}
        chunks.append(raw)
        off += len(raw)
    if metadata is not None:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    hb = json.dumps(header, separators=(",", ":")).encode("utf-8")
    hb += b" " * ((8 - len(hb) % 8) % 8)  # pad like the reference writer
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(hb)))
        f.write(hb)
        for c in chunks:
            f.write(c)
    return off


def read_safetensors(path):
    """-> ({name: float32 array (ints keep their type)}, metadata dict or None)."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack_from("<Q", data, 0)
    header = json.loads(data[8:8 + n].decode("utf-8"))
    base = 8 + n
    meta = header.pop("__metadata__", None)
    out = {}
    for name, info in header.items():
        a, b = info["data_offsets"]
        raw = data[base + a:base + b]
        shape = tuple(info["shape"])
        dt = info["dtype"]
        if dt == "BF16":
            arr = bf16_bits_to_f32(np.frombuffer(raw, dtype="<u2"))
        elif dt in ("F16", "F32", "F64"):
            arr = np.frombuffer(raw, dtype=_NP_OF[dt]).astype(np.float32)
        elif dt in _NP_OF:
            arr = np.frombuffer(raw, dtype=_NP_OF[dt]).copy()
        else:
            raise ValueError("%s: unsupported dtype %s" % (path, dt))
        if len(raw) != int(np.prod(shape, dtype=np.int64)) * _ITEMSIZE[dt]:
            raise ValueError("%s: tensor %s size mismatch" % (path, name))
        out[name] = arr.reshape(shape)
    return out, meta


def load_hf(hf_dir):
    """Read an HF checkpoint dir -> (config dict, {name: float32 array}); sharded or not."""
    with open(os.path.join(hf_dir, "config.json")) as f:
        config = json.load(f)
    idx = os.path.join(hf_dir, "model.safetensors.index.json")
    if os.path.exists(idx):
        with open(idx) as f:
            files = sorted(set(json.load(f)["weight_map"].values()))
    elif os.path.exists(os.path.join(hf_dir, "model.safetensors")):
        files = ["model.safetensors"]
    else:
        files = sorted(p for p in os.listdir(hf_dir) if p.endswith(".safetensors"))
        if not files:
            raise FileNotFoundError("no .safetensors in %s" % hf_dir)
    weights = {}
    for fn in files:
        t, _ = read_safetensors(os.path.join(hf_dir, fn))
        for k in t:
            if k in weights:
                raise ValueError("tensor %s in more than one shard" % k)
        weights.update(t)
    return config, weights


# ----------------------------------------------------------------------------------------
# checkpoint generation

def hf_tensor_shapes(*, dim, hidden_dim, n_layers, n_heads, n_kv_heads, vocab_size,
                     head_dim=None, tie=False):
    hd = head_dim if head_dim is not None else dim // n_heads
    shapes = {"model.embed_tokens.weight": (vocab_size, dim)}
    for i in range(n_layers):
        p = "model.layers.%d." % i
        shapes[p + "input_layernorm.weight"] = (dim,)
        shapes[p + "self_attn.q_proj.weight"] = (n_heads * hd, dim)
        shapes[p + "self_attn.k_proj.weight"] = (n_kv_heads * hd, dim)
        shapes[p + "self_attn.v_proj.weight"] = (n_kv_heads * hd, dim)
        shapes[p + "self_attn.o_proj.weight"] = (dim, n_heads * hd)
        shapes[p + "post_attention_layernorm.weight"] = (dim,)
        shapes[p + "mlp.gate_proj.weight"] = (hidden_dim, dim)
        shapes[p + "mlp.up_proj.weight"] = (hidden_dim, dim)
        shapes[p + "mlp.down_proj.weight"] = (dim, hidden_dim)
    shapes["model.norm.weight"] = (dim,)
    if not tie:
        shapes["lm_head.weight"] = (vocab_size, dim)
    return shapes


def random_weights(shapes, *, seed=0, weight_std=None, tie=False):
    """Random float32 weights.

    weight_std None (default): linear layers N(0, 1/fan_in), embeddings N(0,1) (untied) or
    N(0, 4/dim) (tied, so logits stay O(1)), norm weights 1 + 0.1*N(0,1).
    weight_std = s: every matrix N(0, s^2); norm weights as above.
    """
    rng = np.random.default_rng(seed)
    w = {}
    for name, shape in shapes.items():
        if len(shape) == 1:
            w[name] = (1.0 + 0.1 * rng.standard_normal(shape)).astype(np.float32)
            continue
        if weight_std is not None:
            std = weight_std
        elif name == "model.embed_tokens.weight":
            std = 2.0 / np.sqrt(shape[1]) if tie else 1.0
        else:
            std = 1.0 / np.sqrt(shape[1])
        w[name] = (std * rng.standard_normal(shape)).astype(np.float32)
    return w


def _split_shards(names, sizes, shards):
    """Contiguous split of the ordered names into `shards` non-empty groups of ~equal bytes."""
    if shards > len(names):
        raise ValueError("more shards than tensors")
    total = sum(sizes)
    groups, cur, acc = [], [], 0
    for i, (n, s) in enumerate(zip(names, sizes)):
        left_names = len(names) - i
        left_groups = shards - len(groups)
        if cur and (acc >= total * (len(groups) + 1) / shards or left_names < left_groups):
            groups.append(cur)
            cur = []
        cur.append(n)
        acc += s
    groups.append(cur)
    assert len(groups) == shards and all(groups), (len(groups), shards)
    return groups


def make_checkpoint(out_dir, *, dim, hidden_dim, n_layers, n_heads, n_kv_heads, vocab_size,
                    seq_len, head_dim=None, rope_theta=10000.0, rope_scaling=None, tie=False,
                    dtype="F32", shards=1, seed=0, rms_norm_eps=1e-5, tokenizer_model=None,
                    weight_std=None, extra_config=None, extra_tensors=None, weights=None,
                    arch="llama", sliding_window=None, bias_std=0.5):
    """Write an HF checkpoint dir. Returns (config dict, {name: float32 array}).

    `arch`: "llama" (LlamaForCausalLM), "mistral" (MistralForCausalLM; `sliding_window` goes
    into config.json, null when None), "qwen2" (Qwen2ForCausalLM: random q/k/v projection
    biases N(0, bias_std^2), sliding window off) or "phi3" (Phi3ForCausalLM: q/k/v stored fused
    as self_attn.qkv_proj.weight = [q; k; v] rows and gate/up as mlp.gate_up_proj.weight =
    [gate; up] rows, as Hugging Face's Phi-3 checkpoints hold them; `sliding_window` as for
    mistral). The returned dict holds the tensors as stored (fused for phi3).
    `weights` (optional): use these HF-layout arrays instead of random ones.
    `extra_tensors`: added to (or replacing) the standard tensors; float arrays are stored
    in `dtype`, integer/bool arrays keep their type. The returned dict includes them.
    """
    if arch not in ("llama", "mistral", "qwen2", "phi3"):
        raise ValueError("arch must be llama, mistral, qwen2 or phi3")
    if dtype not in _TORCH_DTYPE:
        raise ValueError("dtype must be F32, BF16 or F16")
    if n_heads % n_kv_heads:
        raise ValueError("n_kv_heads must divide n_heads")
    if head_dim is None and dim % n_heads:
        raise ValueError("dim not divisible by n_heads; pass head_dim")
    hd = head_dim if head_dim is not None else dim // n_heads
    if hd % 2:
        raise ValueError("head_dim must be even")
    os.makedirs(out_dir, exist_ok=True)

    shapes = hf_tensor_shapes(dim=dim, hidden_dim=hidden_dim, n_layers=n_layers,
                              n_heads=n_heads, n_kv_heads=n_kv_heads, vocab_size=vocab_size,
                              head_dim=head_dim, tie=tie)
    if weights is None:
        w = random_weights(shapes, seed=seed, weight_std=weight_std, tie=tie)
    else:
        w = {}
        for k, shp in shapes.items():
            w[k] = np.asarray(weights[k], dtype=np.float32)
            if w[k].shape != tuple(shp):
                raise ValueError("%s: shape %s, expected %s" % (k, w[k].shape, shp))
    w = {k: round_to_dtype(v, dtype) for k, v in w.items()}
    if arch == "qwen2":
        rng = np.random.default_rng(seed + 7919)
        for i in range(n_layers):
            p = "model.layers.%d.self_attn." % i
            for nm, rows in (("q_proj", n_heads * hd), ("k_proj", n_kv_heads * hd), ("v_proj", n_kv_heads * hd)):
                w[p + nm + ".bias"] = round_to_dtype(bias_std * rng.standard_normal(rows), dtype)
    if arch == "phi3":
        fused = {}
        for k, v in w.items():
            m = k.rsplit(".", 2)
            if k.endswith("self_attn.q_proj.weight"):
                pre = m[0]
                fused[pre + ".qkv_proj.weight"] = np.concatenate(
                    [w[pre + ".q_proj.weight"], w[pre + ".k_proj.weight"], w[pre + ".v_proj.weight"]])
            elif k.endswith("mlp.gate_proj.weight"):
                pre = m[0]
                fused[pre + ".gate_up_proj.weight"] = np.concatenate([w[pre + ".gate_proj.weight"],
                                                                      w[pre + ".up_proj.weight"]])
            elif not k.endswith(("_proj.weight",)) or k.endswith(("o_proj.weight", "down_proj.weight")):
                fused[k] = v
        w = fused
    for k, v in (extra_tensors or {}).items():
        v = np.asarray(v)
        w[k] = round_to_dtype(v, dtype) if v.dtype.kind == "f" else v.copy()

    config = {
        "architectures": [{"llama": "LlamaForCausalLM", "mistral": "MistralForCausalLM",
                           "qwen2": "Qwen2ForCausalLM", "phi3": "Phi3ForCausalLM"}[arch]],
        "model_type": arch,
        "hidden_size": dim,
        "intermediate_size": hidden_dim,
        "num_hidden_layers": n_layers,
        "num_attention_heads": n_heads,
        "num_key_value_heads": n_kv_heads,
    }
    if head_dim is not None:
        config["head_dim"] = head_dim
    config.update({
        "vocab_size": vocab_size,
        "max_position_embeddings": seq_len,
        "rope_theta": float(rope_theta),
        "rope_scaling": dict(rope_scaling) if rope_scaling else None,
        "rms_norm_eps": rms_norm_eps,
        "tie_word_embeddings": bool(tie),
        "bos_token_id": 1,
        "eos_token_id": 2,
        "hidden_act": "silu",
        "attention_bias": False,
        "mlp_bias": False,
        "torch_dtype": _TORCH_DTYPE[dtype],
    })
    if arch in ("mistral", "phi3"):
        config["sliding_window"] = sliding_window
    if arch == "qwen2":
        del config["attention_bias"], config["mlp_bias"]
        config.update({"use_sliding_window": False, "sliding_window": seq_len, "max_window_layers": n_layers})
    config.update(extra_config or {})
    with open(os.path.join(out_dir, "config.json"), "w") as f:
        json.dump(config, f, indent=2)

    # remove stale weights from an earlier run in the same dir
    for fn in os.listdir(out_dir):
        if fn.endswith(".safetensors") or fn == "model.safetensors.index.json":
            os.remove(os.path.join(out_dir, fn))

    names = list(w.keys())
    if shards <= 1:
        write_safetensors(os.path.join(out_dir, "model.safetensors"), w, dtype,
                          metadata={"format": "pt"})
    else:
        sizes = [w[n].size * (_ITEMSIZE[dtype] if w[n].dtype.kind == "f" else w[n].itemsize)
                 for n in names]
        groups = _split_shards(names, sizes, shards)
        weight_map, total = {}, 0
        for gi, g in enumerate(groups):
            fn = "model-%05d-of-%05d.safetensors" % (gi + 1, shards)
            total += write_safetensors(os.path.join(out_dir, fn), {n: w[n] for n in g},
                                       dtype, metadata={"format": "pt"})
            for n in g:
                weight_map[n] = fn
        with open(os.path.join(out_dir, "model.safetensors.index.json"), "w") as f:
            json.dump({"metadata": {"total_size": total}, "weight_map": weight_map}, f,
                      indent=2)

    if tokenizer_model:
        shutil.copyfile(tokenizer_model, os.path.join(out_dir, "tokenizer.model"))
    return config, w


# ----------------------------------------------------------------------------------------
# legacy llama2.c v0 writer

def hf_to_meta_rows(w, n_heads, head_dim=None):
    """Inverse of HF's convert_llama_weights_to_hf permute: rotate-half rows -> interleaved."""
    rows, cols = w.shape
    hd = head_dim if head_dim is not None else rows // n_heads
    return (w.reshape(n_heads, 2, hd // 2, cols).transpose(0, 2, 1, 3)
            .reshape(n_heads * hd, cols))


def meta_to_hf_rows(w, n_heads, head_dim=None):
    """HF's permute (Meta interleaved -> rotate-half), as in convert_llama_weights_to_hf."""
    rows, cols = w.shape
    hd = head_dim if head_dim is not None else rows // n_heads
    return (w.reshape(n_heads, hd // 2, 2, cols).transpose(0, 2, 1, 3)
            .reshape(n_heads * hd, cols))


def _cfg_get(config, *keys, default=None):
    for k in keys:
        if k in config and config[k] is not None:
            return config[k]
    return default


def write_llama2c_v0(path, weights, config):
    """Write HF-layout `weights` as a legacy llama2.c (v0, float32) checkpoint.

    `config` may be an HF config.json dict (hidden_size, ...) or a dict with llama2.c names
    (dim, hidden_dim, n_layers, n_heads, n_kv_heads, vocab_size, seq_len).
    Tie is taken from tie_word_embeddings / tie, or from the absence of lm_head.weight.
    wq/wk are permuted back to Meta's interleaved RoPE layout.
    """
    dim = _cfg_get(config, "hidden_size", "dim")
    hidden = _cfg_get(config, "intermediate_size", "hidden_dim")
    L = _cfg_get(config, "num_hidden_layers", "n_layers")
    nh = _cfg_get(config, "num_attention_heads", "n_heads")
    nkv = _cfg_get(config, "num_key_value_heads", "n_kv_heads", default=nh)
    vocab = _cfg_get(config, "vocab_size")
    seq_len = _cfg_get(config, "max_position_embeddings", "seq_len")
    hd = _cfg_get(config, "head_dim", default=dim // nh)
    tie = _cfg_get(config, "tie_word_embeddings", "tie",
                   default="lm_head.weight" not in weights)
    if hd * nh != dim:
        raise ValueError("llama2.c v0 needs n_heads*head_dim == dim")
    f32 = lambda a: np.ascontiguousarray(np.asarray(a, dtype=np.float32))  # noqa: E731
    lay = lambda s: "model.layers.%d.%s" % (lay_i, s)  # noqa: E731

    with open(path, "wb") as f:
        f.write(struct.pack("<7i", dim, hidden, L, nh, nkv, vocab if tie else -vocab, seq_len))
        f.write(f32(weights["model.embed_tokens.weight"]).tobytes())
        parts = [("input_layernorm.weight", None), ("self_attn.q_proj.weight", nh),
                 ("self_attn.k_proj.weight", nkv), ("self_attn.v_proj.weight", None),
                 ("self_attn.o_proj.weight", None), ("post_attention_layernorm.weight", None),
                 ("mlp.gate_proj.weight", None), ("mlp.down_proj.weight", None),
                 ("mlp.up_proj.weight", None)]
        for suffix, perm_heads in parts:
            for lay_i in range(L):
                a = f32(weights[lay(suffix)])
                if perm_heads is not None:
                    a = hf_to_meta_rows(a, perm_heads, hd)
                f.write(f32(a).tobytes())
        f.write(f32(weights["model.norm.weight"]).tobytes())
        inv = 10000.0 ** (-np.arange(0, hd, 2, dtype=np.float64) / hd)
        ang = np.arange(seq_len, dtype=np.float64)[:, None] * inv[None, :]
        f.write(f32(np.cos(ang)).tobytes())
        f.write(f32(np.sin(ang)).tobytes())
        if not tie:
            f.write(f32(weights["lm_head.weight"]).tobytes())


def read_llama2c_v0(path):
    """-> (config dict with llama2.c names + 'tie', {llama2.c name: float32 array})."""
    with open(path, "rb") as f:
        data = f.read()
    dim, hidden, L, nh, nkv, vocab, seq_len = struct.unpack_from("<7i", data, 0)
    tie = vocab > 0
    vocab = abs(vocab)
    hd = dim // nh
    kvd = nkv * hd
    buf = np.frombuffer(data, dtype="<f4", offset=28)
    pos = [0]

    def take(*shape):
        n = int(np.prod(shape))
        a = buf[pos[0]:pos[0] + n].reshape(shape)
        pos[0] += n
        return a

    w = {}
    w["token_embedding"] = take(vocab, dim)
    w["rms_att"] = take(L, dim)
    w["wq"] = take(L, dim, dim)
    w["wk"] = take(L, kvd, dim)
    w["wv"] = take(L, kvd, dim)
    w["wo"] = take(L, dim, dim)
    w["rms_ffn"] = take(L, dim)
    w["w1"] = take(L, hidden, dim)
    w["w2"] = take(L, dim, hidden)
    w["w3"] = take(L, hidden, dim)
    w["rms_final"] = take(dim)
    w["freq_cis_real"] = take(seq_len, hd // 2)
    w["freq_cis_imag"] = take(seq_len, hd // 2)
    w["wcls"] = w["token_embedding"] if tie else take(vocab, dim)
    if pos[0] != buf.size:
        raise ValueError("%s: %d trailing floats" % (path, buf.size - pos[0]))
    cfg = dict(dim=dim, hidden_dim=hidden, n_layers=L, n_heads=nh, n_kv_heads=nkv,
               vocab_size=vocab, seq_len=seq_len, tie=tie)
    return cfg, w


# ----------------------------------------------------------------------------------------

def llama3_scaling(factor=8.0, low_freq_factor=1.0, high_freq_factor=4.0, orig_ctx=64):
    return {"rope_type": "llama3", "factor": float(factor),
            "low_freq_factor": float(low_freq_factor),
            "high_freq_factor": float(high_freq_factor),
            "original_max_position_embeddings": int(orig_ctx)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out_dir")
    ap.add_argument("--dim", type=int, default=288)
    ap.add_argument("--hidden", type=int, default=768)
    ap.add_argument("--layers", type=int, default=6)
    ap.add_argument("--heads", type=int, default=6)
    ap.add_argument("--kv-heads", type=int, default=None, help="default: --heads")
    ap.add_argument("--vocab", type=int, default=512)
    ap.add_argument("--seq-len", type=int, default=256)
    ap.add_argument("--head-dim", type=int, default=None)
    ap.add_argument("--tie", action="store_true")
    ap.add_argument("--dtype", default="F32", choices=["F32", "BF16", "F16"])
    ap.add_argument("--shards", type=int, default=1)
    ap.add_argument("--theta", type=float, default=10000.0)
    ap.add_argument("--llama3-scaling", action="store_true")
    ap.add_argument("--rope-factor", type=float, default=8.0)
    ap.add_argument("--low-freq-factor", type=float, default=1.0)
    ap.add_argument("--high-freq-factor", type=float, default=4.0)
    ap.add_argument("--orig-ctx", type=int, default=64,
                    help="original_max_position_embeddings for --llama3-scaling")
    ap.add_argument("--eps", type=float, default=1e-5)
    ap.add_argument("--weight-std", type=float, default=None)
    ap.add_argument("--tokenizer", default=None, help="tokenizer.model to copy in")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--llama2c", default=None, help="also write a llama2.c v0 .bin here")
    ap.add_argument("--arch", default="llama", choices=["llama", "mistral", "qwen2", "phi3"])
    ap.add_argument("--sliding-window", type=int, default=None, help="mistral, phi3")
    a = ap.parse_args(argv)
    scaling = (llama3_scaling(a.rope_factor, a.low_freq_factor, a.high_freq_factor, a.orig_ctx)
               if a.llama3_scaling else None)
    config, w = make_checkpoint(
        a.out_dir, dim=a.dim, hidden_dim=a.hidden, n_layers=a.layers, n_heads=a.heads,
        n_kv_heads=a.kv_heads or a.heads, vocab_size=a.vocab, seq_len=a.seq_len,
        head_dim=a.head_dim, rope_theta=a.theta, rope_scaling=scaling, tie=a.tie,
        dtype=a.dtype, shards=a.shards, seed=a.seed, rms_norm_eps=a.eps,
        tokenizer_model=a.tokenizer, weight_std=a.weight_std, arch=a.arch, sliding_window=a.sliding_window)
    n_params = sum(int(v.size) for v in w.values())
    print("wrote %s: %d tensors, %d params, dtype %s, %d shard(s)"
          % (a.out_dir, len(w), n_params, a.dtype, max(1, a.shards)))
    if a.llama2c:
        if a.theta != 10000.0 or scaling:
            print("warning: llama2.c v0 has no rope_theta/scaling field; the .bin assumes "
                  "theta 10000", file=sys.stderr)
        write_llama2c_v0(a.llama2c, w, config)
        print("wrote %s (llama2.c v0, %s)" % (a.llama2c, "shared" if a.tie else "unshared"))


if __name__ == "__main__":
    main()
