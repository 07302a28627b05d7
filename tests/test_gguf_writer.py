#!/usr/bin/env python3
"""bench/gguf_from_higgs.py (the .higgs -> llama.cpp GGUF writer of bench/vs_llamacpp.sh).

Small synthetic Llama checkpoints (tests/make_synthetic.py, the brown SentencePiece tokenizer) are
exported to f16 / bf16 .higgs files, written as GGUF, and imported back with export.py --gguf (which
undoes llama.cpp's q/k row permutation): the tensors, config and tokenizer must come back as they
were (pieces past the tokenizer's count as unused tokens) and ./run -m logits must give identical
logits on both files. One model is untied with grouped-query heads and more embedding rows than
tokenizer pieces, one tied with a head size other than dim / heads. A quantized .higgs is refused.

bench/gguf_bits.py (bits per weight of a GGUF's linear layers, bench/quality.sh's llama.cpp rows):
a file of mixed types gives the bits the types' sizes give (Q4_K 144 bytes per 256 weights, Q8_0 34
per 32, F16 2 per weight), norms and embeddings left out; a file without linear layers is refused.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)
import numpy as np  # noqa: E402

import export  # noqa: E402
import make_synthetic as ms  # noqa: E402
from testlib import PY, TOKENIZER, finish, report, sh  # noqa: E402

RUN = os.path.join(ROOT, "run")
WRITER = os.path.join(ROOT, "bench", "gguf_from_higgs.py")
BITS = os.path.join(ROOT, "bench", "gguf_bits.py")

MODELS = [   # name, make_checkpoint shape, .higgs dtype
    ("untied_gqa_padded_vocab", dict(dim=64, hidden_dim=96, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4160), "f16"),
    ("tied_headdim32", dict(dim=64, hidden_dim=96, n_layers=2, n_heads=4, n_kv_heads=4, head_dim=32,
                            vocab_size=4096, tie=True, rope_theta=500000.0), "bf16"),
]


def weights_of(path):
    h = export.read_higgs(path)
    return h, {t["name"]: export.higgs_tensor_f32(h, t["name"]) for t in h["tensors"]}


def logits(model, ids, tmp):
    idf, out = os.path.join(tmp, "ids.txt"), os.path.join(tmp, "logits.bin")
    with open(idf, "w") as f:
        f.write(" ".join(map(str, ids)))
    sh(RUN, model, "-m", "logits", "-f", idf, "-o", out, "-T", 2, "--kv", "f32")
    return np.fromfile(out, dtype=np.float32).reshape(len(ids), -1)


def roundtrip(tmp, name, shape, dtype):
    d = os.path.join(tmp, name)
    ms.make_checkpoint(d, seq_len=64, tokenizer_model=TOKENIZER, seed=len(name), **shape)
    a, g, b = (os.path.join(tmp, name + s) for s in (".higgs", ".gguf", "_back.higgs"))
    sh(PY, os.path.join(ROOT, "export.py"), "--hf", d, a, "--dtype", dtype)
    sh(PY, WRITER, a, g)
    sh(PY, os.path.join(ROOT, "export.py"), "--gguf", g, b, "--dtype", dtype)
    kv = export.read_gguf(g)["kv"]
    want = {"general.architecture": "llama", "llama.context_length": 64, "llama.embedding_length": 64,
            "llama.block_count": 2, "llama.feed_forward_length": 96, "llama.attention.head_count": 4,
            "llama.attention.head_count_kv": shape["n_kv_heads"], "tokenizer.ggml.model": "llama",
            "tokenizer.ggml.bos_token_id": 1, "tokenizer.ggml.eos_token_id": 2}
    bad = {k: kv.get(k) for k, v in want.items() if kv.get(k) != v}
    report(not bad and len(kv["tokenizer.ggml.tokens"]) == shape["vocab_size"], f"{name}_gguf_metadata",
           str(bad) if bad else f"{len(kv)} keys, {len(kv['tokenizer.ggml.tokens'])} tokens")
    (ha, wa), (hb, wb) = weights_of(a), weights_of(b)
    diff = [k for k in wa if k not in wb or not np.array_equal(wa[k], wb[k])]
    report(not diff and wa.keys() == wb.keys(), f"{name}_tensors_back_equal",
           f"{len(wa)} tensors" + (f"; differ: {diff[:3]}" if diff else ""))
    report(ha["config"] == hb["config"], f"{name}_config_back_equal",
           "; ".join(f"{k}: {ha['config'][k]} vs {hb['config'][k]}" for k in ha["config"]
                     if ha["config"][k] != hb["config"][k]) or f"head_dim {hb['config']['head_dim']}")
    ta, tb = ha["tokenizer"], hb["tokenizer"]
    n = len(ta["pieces"])
    same = all(ta[k] == tb[k] for k in ("type", "flags", "bos_id", "eos_id", "unk_id")) and \
        tb["pieces"][:n] == ta["pieces"] and all(k == 5 for _p, _s, k in tb["pieces"][n:])
    report(same, f"{name}_tokenizer_back_equal", f"{n} pieces + {len(tb['pieces']) - n} unused")
    ids = [1] + np.random.default_rng(3).integers(3, shape["vocab_size"], size=20).tolist()
    la, lb = logits(a, ids, tmp), logits(b, ids, tmp)
    report(np.array_equal(la, lb), f"{name}_logits_identical", f"max |a - b| {float(np.abs(la - lb).max()):.1e}")
    return a


def linear_bits(tmp):
    """gguf_bits.py on a hand-made file against the types' sizes"""
    import gguf_write as gw
    rng = np.random.default_rng(5)
    w = lambda *shape: rng.standard_normal(shape).astype(np.float32)  # noqa: E731
    tensors = [("token_embd.weight", w(64, 256), gw.F16), ("blk.0.attn_norm.weight", w(256), gw.F32),
               ("blk.0.attn_q.weight", w(256, 256), gw.Q4_K), ("blk.0.attn_k.weight", w(64, 256), gw.F16),
               ("blk.0.ffn_down.weight", w(3, 32), gw.Q8_0), ("output.weight", w(64, 256), gw.Q8_0)]
    path = os.path.join(tmp, "mixed.gguf")
    gw.write_gguf(path, [("general.architecture", "llama")], tensors)
    want = (256 * 256 * 144 / 256 + 64 * 256 * 2 + 3 * 34) * 8 / (256 * 256 + 64 * 256 + 3 * 32)
    r = subprocess.run([PY, BITS, path], capture_output=True, text=True)
    got = r.stdout.split()
    report(r.returncode == 0 and abs(float(got[0]) - want) < 1e-4 and got[1] == "1:1,8:1,12:1",
           "gguf_bits_mixed", f"{r.stdout.strip()} {r.stderr.strip()} (want {want:.4f} 1:1,8:1,12:1)")
    path = os.path.join(tmp, "nolinear.gguf")
    gw.write_gguf(path, [("general.architecture", "llama")], tensors[:2])
    r = subprocess.run([PY, BITS, path], capture_output=True, text=True)
    report(r.returncode != 0 and "no linear-layer tensors" in r.stderr and r.stderr.count("\n") == 1,
           "gguf_bits_no_linear", r.stderr.strip())


def main():
    with tempfile.TemporaryDirectory() as tmp:
        try:
            linear_bits(tmp)
        except Exception as e:  # noqa: BLE001
            report(False, "gguf_bits", f"{type(e).__name__}: {e}")
        files = []
        for name, shape, dtype in MODELS:
            try:
                files.append(roundtrip(tmp, name, shape, dtype))
            except Exception as e:  # noqa: BLE001
                report(False, name, f"{type(e).__name__}: {e}")
        try:
            q, g = os.path.join(tmp, "q.higgs"), os.path.join(tmp, "q.gguf")
            sh(os.path.join(ROOT, "quantize"), files[0], q, "--method", "higgs", "--p", 2, "--bits", 4)
            r = subprocess.run([PY, WRITER, q, g], capture_output=True, text=True)
            report(r.returncode != 0 and "unquantized" in r.stderr and not os.path.exists(g),
                   "quantized_higgs_refused", r.stderr.strip())
        except Exception as e:  # noqa: BLE001
            report(False, "quantized_higgs_refused", f"{type(e).__name__}: {e}")
    finish()


if __name__ == "__main__":
    main()
