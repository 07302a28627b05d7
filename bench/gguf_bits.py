#!/usr/bin/env python3
"""Bits per weight of the linear layers of a llama.cpp GGUF file (numpy only).

    python3 bench/gguf_bits.py MODEL.gguf

Prints one line: "<bits> <types>", the bits per weight of the attention and MLP matrices
(attn_q/k/v/output, ffn_gate/up/down) with every scale and per-row datum their type stores, and
the ggml type ids they use with their counts ("12:40,14:16": a mix such as Q4_K_M's). This is the
figure bench/quality.sh's "bits/weight (linear)" column gives for HIGGS files, so llama.cpp's and
ik_llama.cpp's rows are counted the same way, whatever their types' layouts (ik_llama.cpp's row
scales included). A tensor of a type export.py reads (F32, F16, BF16, Q8_0) counts its exact size;
any other counts the distance from its offset to the next tensor's (the file's end for the last),
which adds the alignment padding when its size is not a multiple of the alignment (at most 31 bytes
a tensor with the default 32; none for the block types on rows of 256 or 768 weights).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import export  # noqa: E402  (the bounds-checked GGUF reader of export.py --gguf)

LINEAR = ("attn_q.weight", "attn_k.weight", "attn_v.weight", "attn_output.weight",
          "ffn_gate.weight", "ffn_up.weight", "ffn_down.weight")


def linear_bits(path):
    """(bits per weight of the linear layers, {ggml type id: tensor count})"""
    g = export.read_gguf(path)
    size = os.path.getsize(path) - g["data_offset"]
    ordered = sorted(g["tensors"].values(), key=lambda t: t.offset)
    bits = weights = 0
    types = {}
    for i, t in enumerate(ordered):
        if not t.name.startswith("blk.") or not t.name.endswith(LINEAR):
            continue
        end = ordered[i + 1].offset if i + 1 < len(ordered) else size
        nbytes = t.nbytes if t.nbytes is not None else end - t.offset
        n = 1
        for d in t.dims:
            n *= d
        bits += 8 * nbytes
        weights += n
        types[t.type] = types.get(t.type, 0) + 1
    if not weights:
        raise export.ExportError("%s: no linear-layer tensors (blk.N.attn_q.weight, ...)" % path)
    return bits / weights, types


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gguf_bits.py MODEL.gguf")
    try:
        bpw, types = linear_bits(sys.argv[1])
    except (OSError, export.ExportError) as e:
        sys.exit("gguf_bits.py: %s" % e)
    print("%.4f %s" % (bpw, ",".join("%d:%d" % kv for kv in sorted(types.items()))))


if __name__ == "__main__":
    main()
