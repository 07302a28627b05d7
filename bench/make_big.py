#!/usr/bin/env python3
"""Write a large synthetic Llama-shaped .higgs file (f16, random weights) without ever holding
more than one chunk of one tensor in memory.  Used by bench/scale.sh.

    python3 bench/make_big.py OUT.higgs [--layers 32] [--dim 4096] [--hidden 11008] \
        [--heads 32] [--kv-heads 32] [--vocab 32000] [--seq-len 4096] [--seed 1]
    python3 bench/make_big.py --size [same shape options]      # print the file size and exit

Defaults are Llama-2-7B's shape (untied lm_head).  Linear layers, the embedding table and the
output head are N(0, 0.02) rounded to f16; norm weights are ones (f32, as the format requires).
The tokenizer is models/brown-hf/tokenizer.model (4096 pieces); the model's vocab is 32000, so ids
>= 4096 decode to nothing -- the same arrangement as bench/speed.sh's synthetic checkpoint, which
goes through tests/make_synthetic.py + export.py --hf.  Here the file is written directly with
export.py's streaming writer (write_higgs), fed by lazy sources that generate each row chunk
when the writer asks for it, so no 13 GB safetensors copy is made.
"""
import argparse
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
import export  # noqa: E402  (the repository's writer)

STD = 0.02


class RandomF16:
    """A lazy [rows, cols] f16 tensor of N(0, STD^2) values.  write_higgs only reads it as
    src[r0:r1] in row chunks (export.CHUNK_ELEMS elements each), so each chunk is generated on
    demand; the values depend only on (seed, tensor index, r0), not on call order."""

    def __init__(self, shape, seed, index):
        self.shape = tuple(shape)
        self.seed, self.index = seed, index

    def __getitem__(self, idx):
        if not isinstance(idx, slice) or idx.step not in (None, 1):
            raise TypeError("RandomF16 supports only row slices")
        r0, r1, _ = idx.indices(self.shape[0])
        rng = np.random.default_rng([self.seed, self.index, r0])
        x = rng.standard_normal((max(0, r1 - r0),) + self.shape[1:], dtype=np.float32)
        x *= STD
        return x.astype(np.float16)


def hf_config(a):
    """The HF config.json that a Llama-2-7B-shaped checkpoint would have (see make_synthetic)."""
    return {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": a.dim,
            "intermediate_size": a.hidden, "num_hidden_layers": a.layers,
            "num_attention_heads": a.heads, "num_key_value_heads": a.kv_heads,
            "vocab_size": a.vocab, "max_position_embeddings": a.seq_len, "rope_theta": 10000.0,
            "rope_scaling": None, "rms_norm_eps": 1e-5, "tie_word_embeddings": False,
            "bos_token_id": 1, "eos_token_id": 2, "hidden_act": "silu"}


def entries(conf, seed):
    out = []
    for i, (name, shape) in enumerate(export.expected_tensors(conf)):
        if export.is_norm_name(name):
            out.append(export.TensorEntry(name, shape, export.F32,
                                          lambda shape=shape: np.ones(shape, dtype=np.float32)))
        else:
            out.append(export.TensorEntry(name, shape, export.F16, RandomF16(shape, seed, i)))
    return out


def file_size(conf, tok, meta, ents):
    """Bytes the writer will produce (same layout rules as export.write_higgs)."""
    meta_block = (16 + len(export.pack_conf(conf)) + 16 + len(export.pack_tokn(tok, conf["vocab_size"]))
                  + 16 + len(export.pack_kvmd(meta)))
    pos = 0
    for e in ents:
        pos = export._align(pos) + export.type_nbytes(e.ttype, e.shape)
    tdir = sum(2 + len(e.name.encode()) + export.TDIR_FIXED.size for e in ents)
    return export._align(export.HEADER_SIZE + meta_block + 16 + tdir) + pos


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?")
    ap.add_argument("--size", action="store_true", help="print the output size in bytes and exit")
    ap.add_argument("--layers", type=int, default=32)
    ap.add_argument("--dim", type=int, default=4096)
    ap.add_argument("--hidden", type=int, default=11008)
    ap.add_argument("--heads", type=int, default=32)
    ap.add_argument("--kv-heads", type=int, default=32)
    ap.add_argument("--vocab", type=int, default=32000)
    ap.add_argument("--seq-len", type=int, default=4096)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tokenizer-dir", default=os.path.join(ROOT, "models", "brown-hf"),
                    help="directory with tokenizer.model (default models/brown-hf)")
    a = ap.parse_args()
    if not a.size and not a.out:
        ap.error("missing output file")
    hf = hf_config(a)
    conf = export.hf_config_to_conf(hf)
    tok, tok_src = export.load_hf_tokenizer(a.tokenizer_dir, hf)   # 4096 pieces <= vocab 32000
    meta = {"source": "bench/make_big.py (random N(0,%g), seed %d)" % (STD, a.seed),
            "exported_by": "bench/make_big.py", "dtype": "f16", "source_format": "synthetic",
            "tokenizer_source": tok_src}
    ents = entries(conf, a.seed)
    if a.size:
        print(file_size(conf, tok, meta, ents))
        return
    # progress=True: one line per tensor; fsync so the timing includes getting it onto the disk
    export.write_higgs(a.out, conf, tok, ents, meta, progress=True, fsync=True)


if __name__ == "__main__":
    try:
        main()
    except export.ExportError as e:
        sys.stderr.write("make_big.py: error: %s\n" % e)
        sys.exit(1)
