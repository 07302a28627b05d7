#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora (committed): tiny valid .higgs files (through export.py's llama2.c
path; one quantized by ./quantize, which must be built), tiny qwen2 files with byte-level tokenizers
(one per byte-level pre-tokenizer; the text harness takes its byte-level tokenizer from the Qwen2
one), a llama2.c tokenizer.bin, and a few texts. Rerun after a format change."""
import os
import struct
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PY = sys.executable


def tokenizer_bin(path):
    pieces = [(0.0, b"<unk>"), (0.0, b"\n<s>\n"), (0.0, b"\n</s>\n")]
    pieces += [(0.0, b"<0x%02X>" % i) for i in range(256)]
    for k, w in enumerate([b" t", b"he", b" the", b" a", b"in", b" jury", b"er", b" said"]):
        pieces.append((-float(k), w))
    with open(path, "wb") as f:
        f.write(struct.pack("<i", max(len(p) for _, p in pieces)))
        for s, p in pieces:
            f.write(struct.pack("<fi", s, len(p)) + p)
    return len(pieces)


def llama2c_v0(path, vocab, dim=8, hidden=16, heads=2, kv=1):
    layers, seq = 1, 16
    rng = np.random.default_rng(0)
    hd = dim // heads
    parts = [rng.normal(0, 0.5, (vocab, dim)), np.ones((layers, dim)), rng.normal(0, 0.3, (layers, dim, dim)),
             rng.normal(0, 0.3, (layers, kv * hd, dim)), rng.normal(0, 0.3, (layers, kv * hd, dim)),
             rng.normal(0, 0.3, (layers, dim, dim)), np.ones((layers, dim)), rng.normal(0, 0.3, (layers, hidden, dim)),
             rng.normal(0, 0.3, (layers, dim, hidden)), rng.normal(0, 0.3, (layers, hidden, dim)), np.ones(dim),
             np.zeros((seq, hd // 2)), np.zeros((seq, hd // 2))]
    with open(path, "wb") as f:
        f.write(struct.pack("<7i", dim, hidden, layers, heads, kv, vocab, seq))
        for p in parts:
            f.write(np.asarray(p, np.float32).tobytes())


def bytelevel_models(d):
    """qwen2 files (q/k/v biases, tied head, KVMD sliding_window) with a byte-level BPE of 256 bytes,
    a few merges and three added tokens, one per byte-level pre-tokenizer"""
    sys.path.insert(0, ROOT)
    import export
    pieces = [(bytes([b]), 0.0, export.KIND_NORMAL) for b in range(256)]
    merges = []
    for a, b in [(b" ", b"t"), (b"h", b"e"), (b" t", b"he"), (b"1", b"2"), (b"i", b"n"), (b"\n", b"\n"),
                 (b"'", b"s"), (b" ", b" ")]:
        ids = [i for i, p in enumerate(pieces) if p[0] in (a, b)]
        merges.append((next(i for i in ids if pieces[i][0] == a), next(i for i in ids if pieces[i][0] == b)))
        pieces.append((a + b, -float(len(merges)), export.KIND_NORMAL))
    for sp in ("<|endoftext|>", "<|im_start|>", "<|im_end|>"):
        pieces.append((sp.encode(), 0.0, export.KIND_CONTROL))
    n = len(pieces)
    dim, hidden, hd = 8, 16, 4
    conf = {"dim": dim, "hidden_dim": hidden, "n_layers": 1, "n_heads": 2, "n_kv_heads": 1, "head_dim": hd,
            "vocab_size": n, "seq_len": 16, "rope_theta": 1000000.0, "rope_scaling_type": 0, "rope_factor": 1.0,
            "rope_low_freq_factor": 1.0, "rope_high_freq_factor": 1.0, "rope_original_max_pos": 0,
            "rms_norm_eps": 1e-6, "tied_embeddings": 1, "bos_id": n - 3, "eos_id": n - 1, "arch": "qwen2"}
    rng = np.random.default_rng(1)
    tensors = [(name, (0.3 * rng.standard_normal(shape)).astype(np.float32),
                export.F32 if export.is_f32_name(name) else export.F16)
               for name, shape in export.expected_tensors(conf) + export.bias_tensors(conf)]
    for pretok, name in ((export.PRETOK_QWEN2, "qwen2"), (export.PRETOK_SMOLLM, "smollm"), (export.PRETOK_GPT2, "gpt2")):
        tok = {"type": export.TOK_BYTELEVEL, "flags": 0, "pretokenizer": pretok, "bos_id": n - 3, "eos_id": n - 1,
               "unk_id": -1, "pad_id": -1, "stop_ids": [n - 3, n - 1], "pieces": pieces, "merges": merges}
        export.write_higgs(os.path.join(d, "tiny-bytelevel-%s.higgs" % name), conf, tok, tensors,
                           {"source": "tests/fuzz/make_seeds.py", "sliding_window": "4"}, fsync=False)


def main():
    dirs = {k: os.path.join(HERE, "seeds-" + k) for k in ("model", "text", "tokenizer")}
    for d in dirs.values():
        os.makedirs(d, exist_ok=True)
    tok = os.path.join(dirs["tokenizer"], "tiny.bin")
    vocab = tokenizer_bin(tok)
    l2c = os.path.join(HERE, "tiny-l2c.bin")
    llama2c_v0(l2c, vocab)
    for dtype in ("f16", "f32"):
        subprocess.run([PY, os.path.join(ROOT, "export.py"), "--llama2c", l2c, "--tokenizer", tok,
                        os.path.join(dirs["model"], f"tiny-{dtype}.higgs"), "--dtype", dtype], check=True)
    # a quantized model in blocks of H(12) (x) Sylvester: rows of 96 and 192 columns, 4-bit HIGGS
    llama2c_v0(l2c, vocab, dim=96, hidden=192, heads=4, kv=2)
    f16 = os.path.join(HERE, "tiny96-f16.higgs")
    subprocess.run([PY, os.path.join(ROOT, "export.py"), "--llama2c", l2c, "--tokenizer", tok, f16, "--dtype", "f16"],
                   check=True)
    subprocess.run([os.path.join(ROOT, "quantize"), f16, os.path.join(dirs["model"], "tiny96-higgs4-h12.higgs"),
                    "--method", "higgs", "--bits", "4"], check=True, stdout=subprocess.DEVNULL)
    # the block grids (quantize --grid fast, grid variant 3; at 3 bits variant 4 in blocks of 192) at 4 and 3 bits
    subprocess.run([os.path.join(ROOT, "quantize"), f16, os.path.join(dirs["model"], "tiny96-higgs4-fast.higgs"),
                    "--method", "higgs", "--bits", "4", "--grid", "fast"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run([os.path.join(ROOT, "quantize"), f16, os.path.join(dirs["model"], "tiny96-higgs3-fast.higgs"),
                    "--method", "higgs", "--bits", "3", "--grid", "fast"], check=True, stdout=subprocess.DEVNULL)
    # the sign-symmetric 3-bit grid (--grid sym): its bit stream in blocks of 96, planes (variant 7) in 192
    subprocess.run([os.path.join(ROOT, "quantize"), f16, os.path.join(dirs["model"], "tiny96-higgs3-sym.higgs"),
                    "--method", "higgs", "--bits", "3", "--grid", "sym"], check=True, stdout=subprocess.DEVNULL)
    # p=4 3-bit on the paired grid with its codes in planes (grid variant 6: blocks of 256, the rows padded)
    subprocess.run([os.path.join(ROOT, "quantize"), f16, os.path.join(dirs["model"], "tiny96-higgs-p4b3-planar.higgs"),
                    "--method", "higgs", "--p", "4", "--bits", "3", "--hadamard", "256"], check=True, stdout=subprocess.DEVNULL)
    # the rotation choice (choice bits in params[0], the picks in the scales' low bits) at 3 and 4 bits
    for bits, k in (("3", "16"), ("4", "4")):
        subprocess.run([os.path.join(ROOT, "quantize"), f16, os.path.join(dirs["model"], f"tiny96-higgs{bits}-rot{k}.higgs"),
                        "--method", "higgs", "--bits", bits, "--rotations", k], check=True, stdout=subprocess.DEVNULL)
    # and p=4 3-bit: the paired grid in planes (blocks of 256) with 4 rotations
    subprocess.run([os.path.join(ROOT, "quantize"), f16, os.path.join(dirs["model"], "tiny96-higgs-p4b3-planar-rot4.higgs"),
                    "--method", "higgs", "--p", "4", "--bits", "3", "--hadamard", "256", "--rotations", "4"], check=True,
                   stdout=subprocess.DEVNULL)
    # the int8 p=1 grids of the --target-bits menu: 5- and 6-bit (their levels in sign-magnitude order, codes in
    # planes: grid variant 7) and the uniform 8-bit grid
    for bits in ("5", "6", "8"):
        subprocess.run([os.path.join(ROOT, "quantize"), f16, os.path.join(dirs["model"], f"tiny96-higgs-p1b{bits}.higgs"),
                        "--method", "higgs", "--p", "1", "--bits", bits], check=True, stdout=subprocess.DEVNULL)
    os.remove(f16)
    os.remove(l2c)
    bytelevel_models(dirs["model"])
    texts = ["The jury said it did find that many of Georgia's registration laws are outmoded.",
             "  leading and trailing spaces  \n\nnew\tlines, digits 1961 and 12345678",
             "caf\u00e9 na\u00efve \u4e2d\u6587 \U0001F600 \u0416\u0443\u043a <s> </s> <0x41>"]
    for i, t in enumerate(texts):
        with open(os.path.join(dirs["text"], f"t{i}.txt"), "w", encoding="utf-8") as f:
            f.write(t)
    print("seeds written under", HERE)


if __name__ == "__main__":
    main()
