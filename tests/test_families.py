#!/usr/bin/env python3
"""Model families beyond Llama, and GGUF import, against the independent numpy reference.

1. Qwen2 (q/k/v projection biases; tied and untied head), Phi-3 (fused qkv_proj and gate_up_proj in
   the checkpoint, split at export; a sliding window) and Mistral (sliding window shorter than the
   sequence): a synthetic Hugging Face checkpoint (tests/make_synthetic.py) goes through export.py;
   ./run -m logits, batched (prompt path) and token by token (decode path), must give the logits of
   tests/reference.py (which reads the checkpoint itself: its own bias add, fused split and window
   mask) within 1e-4, and greedy generation must continue with the reference's argmax tokens. For
   the windowed models the reference without the window must differ (the window matters here).
2. The same files quantized (./quantize --method higgs --p 2 --bits 4): biases stay F32 and equal,
   and ./run --no-int8 gives the logits of the reference fed the dequantized weights (decoded here
   by tests/test_quant.py's independent decoder) within 1e-4.
3. GGUF: tests/gguf_write.py writes the synthetic checkpoints as GGUF files (a llama model with Q/K
   permuted to Meta's interleaved layout as llama.cpp's converter does, F32/F16/BF16/Q8_0 tensors,
   llama3 rope scaling as a rope_freqs tensor, the pieces of a SentencePiece model read here; a tied
   qwen2 model with biases and a byte-level BPE tokenizer; GGUF version 2 and 3).
   export.py --gguf must give the same tensors, config and tokenizer as export.py --hf on a checkpoint
   holding the same values, and ./run the same logits.
4. A 151,665-piece byte-level tokenizer with 150,000 merges (Qwen2's size): export.py and ./run
   load it in bounded time (no quadratic work); the times are printed.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)
import numpy as np  # noqa: E402

import export  # noqa: E402
import gguf_write as gw  # noqa: E402
import make_synthetic as ms  # noqa: E402
import reference as ref  # noqa: E402
from testlib import PY, TOKENIZER, finish, report, sh  # noqa: E402

RUN = os.path.join(ROOT, "run")
BOUND = 1e-4

FAMILIES = [
    # name, make_checkpoint kwargs
    ("qwen2_tied_gqa", dict(arch="qwen2", tie=True, n_heads=4, n_kv_heads=2)),
    ("qwen2_untied", dict(arch="qwen2", n_heads=4, n_kv_heads=4, rope_theta=1000000.0)),
    ("phi3_fused_window7", dict(arch="phi3", n_heads=4, n_kv_heads=4, sliding_window=7)),
    ("mistral_window6_gqa", dict(arch="mistral", n_heads=8, n_kv_heads=2, sliding_window=6)),
    ("mistral_no_window", dict(arch="mistral", n_heads=4, n_kv_heads=2, sliding_window=None)),
]
QUANTIZED = ("qwen2_untied", "phi3_fused_window7", "mistral_window6_gqa")


def run_logits(model, ids, tmp, extra=()):
    idf, out = os.path.join(tmp, "ids.txt"), os.path.join(tmp, "logits.bin")
    with open(idf, "w") as f:
        f.write(" ".join(map(str, ids)))
    sh(RUN, model, "-m", "logits", "-f", idf, "-o", out, "-T", 2, "--kv", "f32", *extra)
    return np.fromfile(out, dtype=np.float32).reshape(len(ids), -1)


def export_hf(d, out, dtype="f32"):
    sh(PY, os.path.join(ROOT, "export.py"), "--hf", d, out, "--dtype", dtype)


def weights_of(path):
    h = export.read_higgs(path)
    return {t["name"]: export.higgs_tensor_f32(h, t["name"]) for t in h["tensors"]}


def greedy_check(name, model, ref_model, tmp, stops):
    """./run's greedy continuation of "The jury" starts with the reference's argmax tokens"""
    ids = [int(x) for x in sh(RUN, model, "-m", "tokenize", "-i", "The jury").stdout.split()]
    seq, steps = [1] + ids, 36
    while len(seq) < steps:
        nxt = int(np.argmax(ref.forward(ref_model, seq)[-1]))
        if nxt in stops:
            break
        seq.append(nxt)
    idf = os.path.join(tmp, "g.txt")
    with open(idf, "w") as f:
        f.write(" ".join(map(str, seq[1:])))
    want = sh(RUN, model, "-m", "decode", "-f", idf, text=False).stdout
    want = bytes(b for b in want if b >= 32 or b in (9, 10))      # generate drops raw control bytes
    got = sh(RUN, model, "-i", "The jury", "-n", steps, "-t", 0, "-T", 2, "--kv", "f32", text=False).stdout
    report(len(seq) > len(ids) + 5 and got.startswith(want), f"{name}_greedy_follows_reference",
           f"{len(seq) - 1 - len(ids)} reference tokens past the prompt ({steps} positions); "
           f"{want[:50]!r} vs {got[:50]!r}")


def test_families(tmp):
    rng = np.random.default_rng(0)
    ids = [1] + rng.integers(3, 4096, size=44).tolist()
    files = {}
    for name, kw in FAMILIES:
        d = os.path.join(tmp, name)
        try:
            kw = dict(kw)
            cfg, w = ms.make_checkpoint(d, dim=64, hidden_dim=96, n_layers=2, vocab_size=4096, seq_len=64,
                                        tokenizer_model=TOKENIZER, seed=zlib.crc32(name.encode()) % 1000, **kw)
            out = d + ".higgs"
            export_hf(d, out)
            files[name] = (d, out, cfg)
            h = export.read_higgs(out, load_tensors=False)
            types = {t["name"]: t["type"] for t in h["tensors"]}
            arch = kw["arch"]
            window = kw.get("sliding_window") or 0
            biases = [n for n in types if n.endswith(".bias")]
            ok = (h["config"]["arch"] == arch and h["meta"].get("sliding_window", "0") == str(window)
                  and len(biases) == (6 if arch == "qwen2" else 0) and all(types[n] == 0 for n in biases)
                  and ("lm_head.weight" in types) == (not kw.get("tie"))
                  and not any("qkv_proj" in n or "gate_up" in n for n in types))
            report(ok, f"{name}_exported_layout", f"arch {h['config']['arch']}, window {h['meta'].get('sliding_window')}, "
                   f"{len(biases)} F32 biases, {len(types)} tensors")
            model = ref.load_model(d)
            want = ref.forward(model, ids)
            for extra in ((), ("--no-batch",)):
                got = run_logits(out, ids, tmp, extra)
                err = float(np.abs(want - got).max())
                report(err <= BOUND, f"{name}_logits{'_decode_path' if extra else ''}",
                       f"max abs err {err:.2e}, logit std {want.std():.2f}")
            if window:
                nowin = ref.load_model(d, config=dict(cfg, sliding_window=None))
                diff = float(np.abs(ref.forward(nowin, ids) - want).max())
                report(diff > 1e-2, f"{name}_window_changes_reference", f"max |diff| without the window {diff:.2e}")
            if arch == "qwen2":
                nob = ref.load_model(d, weights={k: 0 * v for k, v in w.items() if k.endswith(".bias")})
                diff = float(np.abs(ref.forward(nob, ids) - want).max())
                report(diff > 1e-2, f"{name}_biases_change_reference", f"max |diff| without the biases {diff:.2e}")
            info = sh(RUN, out, "--info").stdout
            report(f"arch {arch}:" in info and (not window or f"sliding window: {window}" in info),
                   f"{name}_run_info", info.splitlines()[0])
            greedy_check(name, out, model, tmp, stops={2})
        except Exception as e:  # noqa: BLE001
            report(False, name, f"{type(e).__name__}: {e}")
    return files


def test_quantized(tmp, files):
    import test_quant as tq
    grids = tq.parse_grids()
    rng = np.random.default_rng(1)
    ids = [1] + rng.integers(3, 4096, size=40).tolist()
    for name in QUANTIZED:
        if name not in files:
            continue
        d, f32, cfg = files[name]
        try:
            q = os.path.join(tmp, name + "_p2b4.higgs")
            sh(os.path.join(ROOT, "quantize"), f32, q, "--method", "higgs", "--p", 2, "--bits", 4, "-T", 2)
            h = export.read_higgs(q, load_tensors=False)
            w32 = weights_of(f32)
            wq = dict(w32)
            n_q = 0
            for t in h["tensors"]:
                if t["type"] >= 16:
                    wq[t["name"]] = tq.decode_tensor(q, h, t, grids)[0].astype(np.float32)
                    n_q += 1
            hq = export.read_higgs(q)
            biases = [t for t in h["tensors"] if t["name"].endswith(".bias")]
            same_bias = all(t["type"] == 0 and np.array_equal(export.higgs_tensor_f32(hq, t["name"]), w32[t["name"]])
                            for t in biases)
            window = export.read_higgs(f32, load_tensors=False)["meta"].get("sliding_window")
            n_higgs = sum(t["type"] == 16 for t in h["tensors"])
            head = [t for t in h["tensors"] if t["name"] == "lm_head.weight"]   # untied: int8 (RTN 8-bit), the default
            head_ok = all(t["type"] == 17 and t["params"][1] == 8 for t in head) and n_q == n_higgs + len(head)
            report(n_higgs == 14 and head_ok and same_bias and h["meta"].get("sliding_window") == window,
                   f"{name}_quantized_layout", f"{n_higgs} HIGGS tensors, {len(head)} int8 head, {len(biases)} biases kept F32, "
                   f"window {h['meta'].get('sliding_window')}")
            model = ref.load_model(None, weights=wq, config=cfg)
            want = ref.forward(model, ids)
            for extra in (("--no-int8",), ("--no-int8", "--no-batch")):
                got = run_logits(q, ids, tmp, extra)
                err = float(np.abs(want - got).max())
                report(err <= BOUND, f"{name}_higgs_p2b4_logits{'_decode_path' if len(extra) > 1 else ''}",
                       f"max abs err {err:.2e}")
        except Exception as e:  # noqa: BLE001
            report(False, f"{name}_quantized", f"{type(e).__name__}: {e}")


# ----------------------------------------------------------------------------------------------
# GGUF

def _varint(b, i):
    r = sh_ = 0
    while True:
        c = b[i]
        i += 1
        r |= (c & 0x7F) << sh_
        sh_ += 7
        if c < 0x80:
            return r, i


def spm_pieces(path):
    """[(piece, score, type)] of a SentencePiece model: ModelProto field 1 (pieces: 1 piece string,
    2 float score, 3 type, default NORMAL = 1), read with a few lines of protobuf here"""
    b = open(path, "rb").read()
    out, i = [], 0
    while i < len(b):
        key, i = _varint(b, i)
        fn, wt = key >> 3, key & 7
        if wt == 0:
            _, i = _varint(b, i)
            continue
        if wt == 5:
            i += 4
            continue
        if wt == 1:
            i += 8
            continue
        ln, i = _varint(b, i)
        body, i = b[i:i + ln], i + ln
        if fn != 1:
            continue
        piece, score, typ, j = "", 0.0, 1, 0
        while j < len(body):
            k2, j = _varint(body, j)
            if k2 == (1 << 3 | 2):
                ln2, j = _varint(body, j)
                piece, j = body[j:j + ln2].decode("utf-8"), j + ln2
            elif k2 == (2 << 3 | 5):
                score, j = struct.unpack_from("<f", body, j)[0], j + 4
            elif k2 == (3 << 3 | 0):
                typ, j = _varint(body, j)
            else:
                raise ValueError("unexpected field %d in a SentencePiece piece" % (k2 >> 3))
        out.append((piece, score, typ))
    return out


def spm_metadata():
    """tokenizer.ggml.* of models/brown-hf/tokenizer.model (pieces, scores and types as stored)"""
    pieces = spm_pieces(TOKENIZER)
    ids = {p: i for i, (p, _s, _t) in enumerate(pieces)}
    return [("tokenizer.ggml.model", "llama"),
            ("tokenizer.ggml.tokens", (gw.ARRAY, (gw.STRING, [p for p, _s, _t in pieces]))),
            ("tokenizer.ggml.scores", (gw.ARRAY, (gw.FLOAT32, [sc for _p, sc, _t in pieces]))),
            ("tokenizer.ggml.token_type", (gw.ARRAY, (gw.INT32, [t for _p, _s, t in pieces]))),
            ("tokenizer.ggml.bos_token_id", ids["<s>"]), ("tokenizer.ggml.eos_token_id", ids["</s>"]),
            ("tokenizer.ggml.unknown_token_id", next(i for i, p in enumerate(pieces) if p[2] == 2)),
            ("tokenizer.ggml.add_bos_token", True), ("tokenizer.ggml.add_space_prefix", True),
            ("tokenizer.ggml.remove_extra_whitespaces", False)]


BYTE_ENC = export.bytes_to_unicode()


def bl(b):
    return "".join(BYTE_ENC[x] for x in b)


def small_bpe():
    """a byte-level BPE: the 256 bytes, a few merges, and Qwen2's three special tokens"""
    vocab = [bytes([b]) for b in range(256)]
    merges = [(b" ", b"t"), (b"h", b"e"), (b" t", b"he"), (b"i", b"n"), (b" ", b"a"), (b"\n", b"\n"),
              (b"1", b"2"), (b"e", b"r"), (b" a", b"n"), (b"in", b"g")]
    for a, b in merges:
        vocab.append(a + b)
    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
    return vocab, merges, specials


def write_bpe_tokenizer_json(d, vocab, merges, specials):
    n = len(vocab)
    tj = {"version": "1.0", "normalizer": None, "post_processor": None,
          "added_tokens": [{"id": n + i, "content": s, "special": True} for i, s in enumerate(specials)],
          "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
              {"type": "Split", "pattern": {"Regex": export.QWEN2_REGEX}, "behavior": "Isolated", "invert": False},
              {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False}]},
          "model": {"type": "BPE", "vocab": {bl(b): i for i, b in enumerate(vocab)},
                    "merges": ["%s %s" % (bl(a), bl(b)) for a, b in merges]}}
    with open(os.path.join(d, "tokenizer.json"), "w", encoding="utf-8") as f:
        json.dump(tj, f, ensure_ascii=False)


def bpe_metadata(vocab, merges, specials):
    toks = [bl(b) for b in vocab] + specials
    types = [1] * len(vocab) + [3] * len(specials)
    n = len(vocab)
    return [("tokenizer.ggml.model", "gpt2"), ("tokenizer.ggml.pre", "qwen2"),
            ("tokenizer.ggml.tokens", (gw.ARRAY, (gw.STRING, toks))),
            ("tokenizer.ggml.token_type", (gw.ARRAY, (gw.INT32, types))),
            ("tokenizer.ggml.merges", (gw.ARRAY, (gw.STRING, ["%s %s" % (bl(a), bl(b)) for a, b in merges]))),
            ("tokenizer.ggml.bos_token_id", n), ("tokenizer.ggml.eos_token_id", n + 2),
            ("tokenizer.ggml.padding_token_id", n), ("tokenizer.ggml.add_bos_token", False)]


GGUF_LAYER = {"input_layernorm.weight": "attn_norm.weight", "self_attn.q_proj.weight": "attn_q.weight",
              "self_attn.k_proj.weight": "attn_k.weight", "self_attn.v_proj.weight": "attn_v.weight",
              "self_attn.o_proj.weight": "attn_output.weight", "post_attention_layernorm.weight": "ffn_norm.weight",
              "mlp.gate_proj.weight": "ffn_gate.weight", "mlp.up_proj.weight": "ffn_up.weight",
              "mlp.down_proj.weight": "ffn_down.weight", "self_attn.q_proj.bias": "attn_q.bias",
              "self_attn.k_proj.bias": "attn_k.bias", "self_attn.v_proj.bias": "attn_v.bias"}


def gguf_name(n):
    g = {"model.embed_tokens.weight": "token_embd.weight", "model.norm.weight": "output_norm.weight",
         "lm_head.weight": "output.weight"}
    if n in g:
        return g[n]
    parts = n.split(".", 3)
    return "blk.%s.%s" % (parts[2], GGUF_LAYER[parts[3]])


def gguf_model(tmp, name, arch, shape, tie, tokenizer, rope_scaling=None, version=3):
    """A synthetic model as an HF checkpoint and a GGUF file holding the same values: weights go through
    the GGUF type first (Q8_0, BF16, F16 rounding), the HF checkpoint gets the rounded values in F32."""
    d = os.path.join(tmp, name)
    kw = dict(shape, vocab_size=shape["vocab_size"], seq_len=64, tie=tie, arch=arch, seed=len(name))
    cfg, w = ms.make_checkpoint(d, tokenizer_model=TOKENIZER if tokenizer == "spm" else None,
                                rope_scaling=rope_scaling, **kw)
    types = [gw.F16, gw.Q8_0, gw.BF16, gw.F32]
    tensors, rounded = [], {}
    for i, (n, a) in enumerate(sorted(w.items())):
        t = gw.F32 if a.ndim == 1 else types[i % len(types)]
        if n == "model.embed_tokens.weight":
            t = gw.Q8_0 if tie else gw.F16
        if t == gw.Q8_0:
            v = gw.q8_0_roundtrip(a)
        elif t == gw.BF16:
            v = ms.round_to_dtype(a, "BF16")
        elif t == gw.F16:
            v = ms.round_to_dtype(a, "F16")
        else:
            v = a
        rounded[n] = v
        g = v
        if arch == "llama" and n.endswith(("q_proj.weight", "k_proj.weight")):    # llama.cpp's permute
            heads = shape["n_heads"] if "q_proj" in n else shape["n_kv_heads"]
            g = ms.hf_to_meta_rows(v, heads)
        tensors.append((gguf_name(n), g, t))
    cfg, _ = ms.make_checkpoint(d, tokenizer_model=TOKENIZER if tokenizer == "spm" else None,
                                rope_scaling=rope_scaling, weights=rounded, **kw)
    if arch == "qwen2":   # make_checkpoint(weights=) draws new biases: store the rounded ones
        ms.write_safetensors(os.path.join(d, "model.safetensors"), rounded, "F32")
    hd = shape["dim"] // shape["n_heads"]
    kv = [("general.architecture", arch), ("general.name", name), ("general.alignment", 64),
          (f"{arch}.context_length", 64), (f"{arch}.embedding_length", shape["dim"]),
          (f"{arch}.block_count", shape["n_layers"]), (f"{arch}.feed_forward_length", shape["hidden_dim"]),
          (f"{arch}.attention.head_count", shape["n_heads"]), (f"{arch}.attention.head_count_kv", shape["n_kv_heads"]),
          (f"{arch}.rope.dimension_count", hd), (f"{arch}.rope.freq_base", float(cfg["rope_theta"])),
          (f"{arch}.attention.layer_norm_rms_epsilon", float(cfg["rms_norm_eps"]))]
    if rope_scaling:   # llama.cpp stores llama3 scaling as per-frequency divisors
        rs = rope_scaling
        inv = 1.0 / (np.float32(cfg["rope_theta"]) ** (np.arange(0, hd, 2, dtype=np.float32) / np.float32(hd)))
        lo_wl, hi_wl = rs["original_max_position_embeddings"] / rs["low_freq_factor"], \
            rs["original_max_position_embeddings"] / rs["high_freq_factor"]
        fac = []
        for f in inv.astype(np.float64):
            wl = 2 * np.pi / f
            if wl < hi_wl:
                fac.append(1.0)
            elif wl > lo_wl:
                fac.append(rs["factor"])
            else:
                sm = (rs["original_max_position_embeddings"] / wl - rs["low_freq_factor"]) / \
                    (rs["high_freq_factor"] - rs["low_freq_factor"])
                fac.append(1.0 / ((1 - sm) / rs["factor"] + sm))
        tensors.append(("rope_freqs.weight", np.array(fac, dtype=np.float32), gw.F32))
    if tokenizer == "spm":
        kv += spm_metadata()
    else:
        vocab, merges, specials = small_bpe()
        write_bpe_tokenizer_json(d, vocab, merges, specials)
        kv += bpe_metadata(vocab, merges, specials)
        with open(os.path.join(d, "config.json")) as f:
            c = json.load(f)
        c.update(bos_token_id=len(vocab), eos_token_id=len(vocab) + 2)
        with open(os.path.join(d, "config.json"), "w") as f:
            json.dump(c, f)
    path = os.path.join(tmp, name + ".gguf")
    gw.write_gguf(path, kv, tensors, version=version)
    return d, path, {n: t for n, _g, t in tensors}


def test_gguf(tmp):
    cases = [
        ("gguf_llama_gqa_untied_llama3rope_v3", "llama", dict(dim=64, hidden_dim=96, n_layers=2, n_heads=4, n_kv_heads=2,
                                                           vocab_size=4096), False, "spm",
         {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
          "original_max_position_embeddings": 8192}, 3),
        ("gguf_llama_mha_tied_v2", "llama", dict(dim=64, hidden_dim=96, n_layers=2, n_heads=4, n_kv_heads=4,
                                               vocab_size=4096), True, "spm", None, 2),
        ("gguf_qwen2_tied_bpe", "qwen2", dict(dim=64, hidden_dim=96, n_layers=2, n_heads=4, n_kv_heads=2,
                                             vocab_size=320), True, "bpe", None, 3),
    ]
    for name, arch, shape, tie, tok, rs, version in cases:
        try:
            d, gpath, types = gguf_model(tmp, name, arch, shape, tie, tok, rs, version)
            a, b = os.path.join(tmp, name + "_hf.higgs"), os.path.join(tmp, name + "_gguf.higgs")
            export_hf(d, a)
            sh(PY, os.path.join(ROOT, "export.py"), "--gguf", gpath, b, "--dtype", "f32")
            ha, hb = export.read_higgs(a), export.read_higgs(b)
            wa, wb = weights_of(a), weights_of(b)
            same_w = wa.keys() == wb.keys() and all(np.array_equal(wa[k], wb[k]) for k in wa)
            bad = [k for k in wa if k not in wb or not np.array_equal(wa[k], wb[k])]
            report(same_w, f"{name}_tensors_equal_hf_export",
                   f"{len(wa)} tensors; GGUF types {sorted({gw_name(t) for t in types.values()})}"
                   + (f"; differ: {bad[:3]}" if bad else ""))
            ca, cb = dict(ha["config"]), dict(hb["config"])
            for c in (ca, cb):
                for k in ("rope_theta", "rms_norm_eps", "rope_factor", "rope_low_freq_factor", "rope_high_freq_factor"):
                    c[k] = float(np.float32(c[k]))
            report(ca == cb, f"{name}_config_equal_hf_export",
                   "; ".join(f"{k}: {ca[k]} vs {cb[k]}" for k in ca if ca[k] != cb[k]) or
                   f"rope scaling type {cb['rope_scaling_type']}, tied {cb['tied_embeddings']}")
            ta, tb = ha["tokenizer"], hb["tokenizer"]
            keys = ("type", "flags", "pretokenizer", "bos_id", "eos_id", "unk_id", "merges")
            same_t = all(ta[k] == tb[k] for k in keys) and \
                [(p, np.float32(s), k) for p, s, k in ta["pieces"]] == [(p, np.float32(s), k) for p, s, k in tb["pieces"]]
            report(same_t and set(ta["stop_ids"]) <= set(tb["stop_ids"]), f"{name}_tokenizer_equal_hf_export",
                   "; ".join(f"{k}: {ta[k]} vs {tb[k]}" for k in keys + ("stop_ids",) if ta[k] != tb[k])[:300]
                   or f"{len(tb['pieces'])} pieces, {len(tb['merges'])} merges, pretokenizer {tb['pretokenizer']}")
            ids = [1 if tok == "spm" else 5] + np.random.default_rng(2).integers(3, shape["vocab_size"], size=30).tolist()
            la, lb = run_logits(a, ids, tmp), run_logits(b, ids, tmp)
            want = ref.forward(ref.load_model(d), ids)
            err = float(np.abs(lb - want).max())
            report(np.array_equal(la, lb) and err <= BOUND, f"{name}_logits_equal_hf_export_and_reference",
                   f"max |gguf - hf| {float(np.abs(la - lb).max()):.1e}, max |gguf - reference| {err:.2e}")
        except Exception as e:  # noqa: BLE001
            report(False, name, f"{type(e).__name__}: {e}")
    # a k-quant tensor: refused with a message naming the type, nothing written
    try:
        _d, gpath, _ = gguf_model(tmp, "gguf_llama_small", "llama", dict(dim=64, hidden_dim=256, n_layers=1, n_heads=4,
                                                                         n_kv_heads=4, vocab_size=4096), True, "spm")
        out = os.path.join(tmp, "kq.higgs")
        r = subprocess.run([PY, os.path.join(ROOT, "export.py"), "--gguf", kquant_copy(gpath, tmp), out],
                           capture_output=True, text=True)
        report(r.returncode == 1 and "Q4_K" in r.stderr and len(r.stderr.strip().splitlines()) == 1
               and not os.path.exists(out), "gguf_k_quant_refused_naming_the_type", r.stderr.strip())
    except Exception as e:  # noqa: BLE001
        report(False, "gguf_k_quant_refused_naming_the_type", f"{type(e).__name__}: {e}")


def gw_name(t):
    return {0: "F32", 1: "F16", 8: "Q8_0", 30: "BF16"}.get(t, str(t))


def kquant_copy(gpath, tmp):
    """the GGUF model re-written with blk.0.ffn_down.weight as Q4_K (256-wide rows)"""
    g = export.read_gguf(gpath)
    kv = []
    for k, v in g["kv"].items():
        if isinstance(v, np.ndarray):
            kv.append((k, (gw.ARRAY, ({"f": gw.FLOAT32}.get(v.dtype.kind, gw.INT32), v.tolist()))))
        elif isinstance(v, list):
            kv.append((k, (gw.ARRAY, (gw.STRING, v))))
        else:
            kv.append((k, v))
    tensors = []
    for n, t in g["tensors"].items():
        a = np.asarray(export._gguf_materialize(export.gguf_tensor_source(g, t)()), dtype=np.float32) \
            if t.type != 30 else export.gguf_tensor_source(g, t)().to_f32()
        tensors.append((n, a, gw.Q4_K if n == "blk.0.ffn_down.weight" else gw.F32))
    path = os.path.join(tmp, "kquant.gguf")
    gw.write_gguf(path, kv, tensors)
    return path


# ----------------------------------------------------------------------------------------------

def test_large_vocab(tmp):
    """151,665 pieces (151,643 byte-level tokens + 22 added), 150,000 merges"""
    rng = np.random.default_rng(5)
    vocab = [bytes([b]) for b in range(256)]
    seen = set(vocab)
    merges = []
    letters = [bytes([c]) for c in b"abcdefghijklmnopqrstuvwxyz "]
    while len(merges) < 150000:
        i = int(rng.integers(0, len(vocab)))
        j = int(rng.integers(0, min(len(vocab), 300 + len(merges) // 4)))
        a, b = vocab[i] if len(vocab[i]) < 12 else letters[i % 27], vocab[j]
        if a + b in seen or len(a + b) > 16:
            continue
        seen.add(a + b)
        vocab.append(a + b)
        merges.append((a, b))
    while len(vocab) < 151643:
        v = bytes(rng.integers(97, 123, size=17).tolist())
        if v not in seen:
            seen.add(v)
            vocab.append(v)
    specials = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"] + ["<|extra_%d|>" % i for i in range(19)]
    d = os.path.join(tmp, "bigvocab")
    ms.make_checkpoint(d, dim=32, hidden_dim=32, n_layers=1, n_heads=2, n_kv_heads=1, vocab_size=151936, seq_len=64,
                       arch="qwen2", tie=True, dtype="F16", weight_std=0.02)
    write_bpe_tokenizer_json(d, vocab, merges, specials)
    out = d + ".higgs"
    t0 = time.time()
    export_hf(d, out, "f16")
    t_export = time.time() - t0
    text = "the quick brown fox jumps over the lazy dog 12345, " * 4
    times = []
    for _ in range(3):
        t0 = time.time()
        r = sh(RUN, out, "-m", "tokenize", "-i", text)
        times.append(time.time() - t0)
    n_ids = len(r.stdout.split())
    info = sh(RUN, out, "--info").stdout
    t_run = min(times)
    report("151665 pieces, 150000 merges" in info and 0 < n_ids < len(text) and t_run < 3.0 and t_export < 120,
           "large_vocab_loads_fast", f"151,665 pieces + 150,000 merges: ./run loads and tokenizes in {t_run:.2f} s "
           f"(best of 3), export.py --hf takes {t_export:.1f} s; {n_ids} ids for {len(text)} bytes")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        try:
            files = test_families(tmp)
            test_quantized(tmp, files)
        except Exception as e:  # noqa: BLE001
            report(False, "families", f"{type(e).__name__}: {e}")
        for t in (test_gguf, test_large_vocab):
            try:
                t(tmp)
            except Exception as e:  # noqa: BLE001
                report(False, t.__name__, f"{type(e).__name__}: {e}")
    finish()


if __name__ == "__main__":
    main()
