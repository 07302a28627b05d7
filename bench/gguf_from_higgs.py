#!/usr/bin/env python3
"""Write a llama.cpp GGUF (v3) file of the same model as an unquantized .higgs file (numpy only).

    python3 bench/gguf_from_higgs.py MODEL.higgs OUT.gguf

For timing llama.cpp on a model of exactly the shape (and weights) that ./run times: the GGUF is
F16 (or F32/BF16: every tensor keeps its .higgs type), so llama.cpp's quantize can make its
Q4_0/Q3_K/... files from it. Llama architecture, SentencePiece tokenizers (TOKN type 1), no
sliding window; quantized .higgs files are refused. As llama.cpp's convert script does, q and k
rows go from Hugging Face's rotate-half order to Meta's interleaved one (the order llama.cpp's rope
expects; export.py --gguf undoes it). Tokenizer pieces beyond the .higgs tokenizer's count (its
embedding may have more rows) become unused "<unused N>" tokens: llama.cpp wants one per row.
"""
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import export  # noqa: E402  (the .higgs reader and the GGUF tensor names of export.py --gguf)

ALIGN = 32
T_UINT32, T_INT32, T_FLOAT32, T_BOOL, T_STRING, T_ARRAY = 4, 5, 6, 7, 8, 9
GGML_TYPE = {export.F32: 0, export.F16: 1, export.BF16: 30}
FILE_TYPE = {export.F32: 0, export.F16: 1, export.BF16: 32}     # llama_ftype ALL_F32, MOSTLY_F16, MOSTLY_BF16
HF_TO_GGUF = {v: k for k, v in export.GGUF_GLOBAL_NAMES.items()}
LAYER_TO_GGUF = {v: k for k, v in export.GGUF_LAYER_NAMES.items()}


def gguf_str(s):
    b = s.encode("utf-8") if isinstance(s, str) else s
    return struct.pack("<Q", len(b)) + b


def kv_bytes(key, vtype, value):
    out = gguf_str(key) + struct.pack("<I", vtype)
    if vtype == T_STRING:
        return out + gguf_str(value)
    if vtype == T_ARRAY:
        etype, items = value
        out += struct.pack("<IQ", etype, len(items))
        if etype == T_STRING:
            return out + b"".join(gguf_str(x) for x in items)
        return out + np.asarray(items, dtype={T_FLOAT32: "<f4", T_INT32: "<i4"}[etype]).tobytes()
    return out + struct.pack({T_UINT32: "<I", T_INT32: "<i", T_FLOAT32: "<f", T_BOOL: "<?"}[vtype], value)


def gguf_name(hf):
    if hf in HF_TO_GGUF:
        return HF_TO_GGUF[hf]
    _model, _layers, i, rest = hf.split(".", 3)
    return "blk.%s.%s" % (i, LAYER_TO_GGUF[rest])


def half_to_interleaved(w, n_heads):
    """HF rotate-half q/k rows -> Meta's interleaved rows (llama.cpp convert's permute)"""
    rows, cols = w.shape
    return w.reshape(n_heads, 2, rows // n_heads // 2, cols).transpose(0, 2, 1, 3).reshape(rows, cols)


def metadata(c, tok, name, file_type):
    if tok["type"] != 1:
        raise SystemExit("gguf_from_higgs: only SentencePiece tokenizers are written (TOKN type %d)" % tok["type"])
    pieces = tok["pieces"] + [(b"<unused %d>" % i, 0.0, 5) for i in range(len(tok["pieces"]), c["vocab_size"])]
    a = "llama"
    kv = [("general.architecture", T_STRING, a), ("general.name", T_STRING, name),
          ("general.file_type", T_UINT32, file_type),
          (a + ".vocab_size", T_UINT32, c["vocab_size"]), (a + ".context_length", T_UINT32, c["seq_len"]),
          (a + ".embedding_length", T_UINT32, c["dim"]), (a + ".block_count", T_UINT32, c["n_layers"]),
          (a + ".feed_forward_length", T_UINT32, c["hidden_dim"]),
          (a + ".attention.head_count", T_UINT32, c["n_heads"]),
          (a + ".attention.head_count_kv", T_UINT32, c["n_kv_heads"]),
          (a + ".attention.key_length", T_UINT32, c["head_dim"]),
          (a + ".attention.value_length", T_UINT32, c["head_dim"]),
          (a + ".rope.dimension_count", T_UINT32, c["head_dim"]),
          (a + ".rope.freq_base", T_FLOAT32, c["rope_theta"]),
          (a + ".attention.layer_norm_rms_epsilon", T_FLOAT32, c["rms_norm_eps"]),
          ("tokenizer.ggml.model", T_STRING, "llama"),
          ("tokenizer.ggml.tokens", T_ARRAY, (T_STRING, [p[0] for p in pieces])),
          ("tokenizer.ggml.scores", T_ARRAY, (T_FLOAT32, [p[1] for p in pieces])),
          ("tokenizer.ggml.token_type", T_ARRAY, (T_INT32, [p[2] for p in pieces])),
          ("tokenizer.ggml.add_bos_token", T_BOOL, bool(tok["flags"] & 16)),
          ("tokenizer.ggml.add_eos_token", T_BOOL, False),
          ("tokenizer.ggml.add_space_prefix", T_BOOL, bool(tok["flags"] & 1)),
          ("tokenizer.ggml.remove_extra_whitespaces", T_BOOL, bool(tok["flags"] & 2))]
    for key in ("bos", "eos", "unk", "pad"):
        if tok[key + "_id"] >= 0:
            kv.append(("tokenizer.ggml.%s_token_id" % ("unknown" if key == "unk" else
                                                        "padding" if key == "pad" else key), T_UINT32, tok[key + "_id"]))
    return kv


def convert(src, dst):
    h = export.read_higgs(src)
    c = h["config"]
    if c["arch"] not in ("llama", "mistral") or "sliding_window" in h["meta"]:
        raise SystemExit("gguf_from_higgs: %s: only Llama models without a sliding window (arch %s)" % (src, c["arch"]))
    if c["rope_scaling_type"] != 0:
        raise SystemExit("gguf_from_higgs: %s: rope scaling is not written" % src)
    types = {t["type"] for t in h["tensors"] if t["ndim"] == 2}
    if not types <= set(GGML_TYPE) or len(types) != 1:
        raise SystemExit("gguf_from_higgs: %s: needs an unquantized (f16, bf16 or f32) .higgs file" % src)
    kv = metadata(c, h["tokenizer"], h["meta"].get("source", os.path.basename(src)), FILE_TYPE[types.pop()])
    infos, off = [], 0
    for t in h["tensors"]:
        infos.append((t, off))
        off += (t["nbytes"] + ALIGN - 1) // ALIGN * ALIGN
    head = b"GGUF" + struct.pack("<IQQ", 3, len(infos), len(kv)) + b"".join(kv_bytes(*x) for x in kv)
    for t, o in infos:
        ne = list(reversed(t["shape"]))
        head += gguf_str(gguf_name(t["name"])) + struct.pack("<I%dQIQ" % len(ne), len(ne), *ne, GGML_TYPE[t["type"]], o)
    head += bytes(-len(head) % ALIGN)
    tmp = dst + ".tmp"
    with open(tmp, "wb") as f:
        f.write(head)
        for t, o in infos:
            a = h["arrays"][t["name"]]
            if t["name"].endswith(("q_proj.weight", "k_proj.weight")):
                a = half_to_interleaved(a, c["n_heads"] if "q_proj" in t["name"] else c["n_kv_heads"])
            f.write(np.ascontiguousarray(a).tobytes())
            f.write(bytes(-t["nbytes"] % ALIGN))
            assert f.tell() == len(head) + o + (t["nbytes"] + ALIGN - 1) // ALIGN * ALIGN
    os.replace(tmp, dst)
    print("wrote %s: %d tensors, %d pieces, %.1f MB" % (dst, len(infos), c["vocab_size"], os.path.getsize(dst) / 1e6))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: gguf_from_higgs.py MODEL.higgs OUT.gguf")
    if not os.path.isfile(sys.argv[1]):
        raise SystemExit("gguf_from_higgs: no such file: %s" % sys.argv[1])
    try:
        convert(sys.argv[1], sys.argv[2])
    except export.ExportError as e:
        raise SystemExit("gguf_from_higgs: %s" % e)
