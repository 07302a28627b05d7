#!/usr/bin/env python3
"""Convert checkpoints to the `.higgs` file format (docs/format.md, version 1).

Usage:
    python3 export.py --hf DIR OUT.higgs [--dtype f32|f16|bf16]
    python3 export.py --gguf MODEL.gguf OUT.higgs [--dtype ...]
    python3 export.py --llama2c MODEL.bin --tokenizer tokenizer.bin OUT.higgs [--dtype ...]
    python3 export.py --tokenizer-only (tokenizer.model | tokenizer.json | model.higgs) tokenizer.bin
    python3 export.py --info MODEL.higgs [--verify]

--hf       a Hugging Face Llama / Mistral / Qwen2 / Phi-3 directory (docs/models.md): config.json,
           model.safetensors (or sharded model-XXXXX-of-YYYYY.safetensors +
           model.safetensors.index.json), and tokenizer.model (SentencePiece BPE, with added tokens
           from tokenizer.json) or tokenizer.json (byte-level BPE: Llama 3, Qwen2, SmolLM2, GPT-2).
--gguf     a llama.cpp GGUF file (v2/v3; llama or qwen2; F32/F16/BF16/Q8_0 tensors; k-quants refused).
--llama2c  a karpathy/llama2.c float32 checkpoint (legacy v0 or "ak42" version 1) plus its
           tokenizer.bin.  Meta's interleaved RoPE layout is permuted to HF rotate-half.
--dtype    storage type of the linear layers, the embeddings and the output head (default f16);
           norm weights are always f32.
--tokenizer-only  writes a llama2.c-format tokenizer.bin.
--info     prints header, config, tokenizer summary, metadata and tensor list (--verify also
           checks data_crc).

Only numpy is needed (no torch / transformers / sentencepiece / safetensors).  Errors are one line
on stderr with exit status 1; the output is written to OUT.tmp.<pid> and renamed into place only
on success.
"""
import os
import sys

_REEXEC_GUARD = "_reexec_guard"

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the interpreter
    if __name__ != "__main__":
        raise
    if not os.environ.get(_REEXEC_GUARD):
        import subprocess
        here = os.path.realpath(sys.executable or "")
        for cand in ("/usr/bin/python3", "/usr/local/bin/python3"):
            if not os.access(cand, os.X_OK) or os.path.realpath(cand) == here:
                continue
            try:
                ok = subprocess.run([cand, "-c", "import numpy"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, timeout=60).returncode == 0
            except (OSError, subprocess.SubprocessError):
                ok = False
            if ok:
                env = dict(os.environ)
                env[_REEXEC_GUARD] = "1"
                os.execve(cand, [cand, os.path.abspath(__file__)] + sys.argv[1:], env)
    sys.stderr.write("export.py: needs numpy; install python3-numpy (Debian) or `pip install numpy`, "
                     "or run it with an interpreter that has numpy (e.g. /usr/bin/python3)\n")
    sys.exit(1)

import json
import re
import struct
import zlib

# ----------------------------------------------------------------------------------------------
# constants from docs/format.md

MAGIC = b"HIGGSLM\0"
VERSION = 1
HEADER_SIZE = 64
ALIGN = 64

F32, F16, BF16 = 0, 1, 2
HIGGS_T, RTN_T, NF4_T, AF4_T = 16, 17, 18, 19
TYPE_NAMES = {F32: "F32", F16: "F16", BF16: "BF16", HIGGS_T: "HIGGS", RTN_T: "RTN",
              NF4_T: "NF4", AF4_T: "AF4"}
DTYPE_ARG = {"f32": F32, "f16": F16, "bf16": BF16}

# TOKN
TOK_SPM, TOK_BYTELEVEL = 1, 2
FLAG_ADD_DUMMY_PREFIX = 1 << 0
FLAG_REMOVE_EXTRA_WS = 1 << 1
FLAG_BYTE_FALLBACK = 1 << 2
FLAG_IGNORE_MERGES = 1 << 3
FLAG_ADD_BOS = 1 << 4
FLAG_NAMES = [(FLAG_ADD_DUMMY_PREFIX, "add_dummy_prefix"), (FLAG_REMOVE_EXTRA_WS, "remove_extra_whitespaces"),
              (FLAG_BYTE_FALLBACK, "byte_fallback"), (FLAG_IGNORE_MERGES, "ignore_merges"),
              (FLAG_ADD_BOS, "add_bos")]
PRETOK_NONE, PRETOK_LLAMA3, PRETOK_QWEN2, PRETOK_SMOLLM, PRETOK_GPT2 = 0, 1, 2, 3, 4
PRETOK_NAMES = {PRETOK_NONE: "none", PRETOK_LLAMA3: "llama3", PRETOK_QWEN2: "qwen2", PRETOK_SMOLLM: "smollm",
                PRETOK_GPT2: "gpt2"}
KIND_NORMAL, KIND_UNKNOWN, KIND_CONTROL, KIND_USER, KIND_UNUSED, KIND_BYTE = 1, 2, 3, 4, 5, 6

LLAMA3_REGEX = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|"
                r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
# Qwen2 / Qwen2.5: Llama 3's regex with single digits
QWEN2_REGEX = LLAMA3_REGEX.replace(r"\p{N}{1,3}", r"\p{N}")
# GPT-2's (Hugging Face ByteLevel with use_regex=true)
GPT2_REGEX = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
# added tokens that end generation when the vocabulary has them (as control tokens)
STOP_TOKEN_NAMES = ("<|end_of_text|>", "<|eot_id|>", "<|eom_id|>", "<|im_end|>", "<|endoftext|>", "<|end|>")

CONF_STRUCT = struct.Struct("<8If I 3f I f I 2i 32s")
assert CONF_STRUCT.size == 104
HEADER_STRUCT = struct.Struct("<8sIIQQQIIIIQ")
assert HEADER_STRUCT.size == HEADER_SIZE
SECTION_STRUCT = struct.Struct("<4sIQ")
TDIR_FIXED = struct.Struct("<II4Q4IQQ")  # after name: type, ndim, shape[4], params[4], offset, nbytes

CONF_FIELDS = ["dim", "hidden_dim", "n_layers", "n_heads", "n_kv_heads", "head_dim", "vocab_size",
               "seq_len", "rope_theta", "rope_scaling_type", "rope_factor", "rope_low_freq_factor",
               "rope_high_freq_factor", "rope_original_max_pos", "rms_norm_eps", "tied_embeddings",
               "bos_id", "eos_id", "arch"]

SPM_SPACE = "\u2581"
PROGRESS_PARAMS = 20_000_000
CHUNK_ELEMS = 1 << 24  # elements converted/written at once (keeps peak memory bounded)


class ExportError(Exception):
    """A user-facing error: printed as one line, exit status 1."""


def warn(msg):
    sys.stderr.write("export.py: warning: %s\n" % msg)


def _align(n, a=ALIGN):
    return (n + a - 1) // a * a


# ----------------------------------------------------------------------------------------------
# number conversions

def bf16_bits_to_f32(bits):
    """uint16 bfloat16 bit patterns -> float32 array (exact)."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16_bits(x):
    """float32 -> bfloat16 bit patterns (uint16), round to nearest even; NaN stays (quiet) NaN."""
    f = np.ascontiguousarray(x, dtype=np.float32)
    u = f.view(np.uint32)
    r = ((u + np.uint32(0x7FFF) + ((u >> 16) & np.uint32(1))) >> 16).astype(np.uint16)
    nan = np.isnan(f)
    if nan.any():
        r[nan] = ((u[nan] >> 16) | np.uint32(0x0040)).astype(np.uint16)
    return r


class BF16Array:
    """A bfloat16 tensor held as its uint16 bit patterns (numpy has no bfloat16)."""
    __slots__ = ("bits",)

    def __init__(self, bits):
        self.bits = bits

    @property
    def shape(self):
        return tuple(self.bits.shape)

    def __getitem__(self, idx):
        return BF16Array(self.bits[idx])

    def to_f32(self):
        return bf16_bits_to_f32(self.bits)


def to_f32(a):
    if isinstance(a, BF16Array):
        return a.to_f32()
    return np.asarray(a, dtype=np.float32)


def encode_chunk(chunk, ttype, name):
    """Convert one chunk of a tensor to the little-endian bytes of `ttype` (returns an ndarray)."""
    if ttype == F32:
        return np.ascontiguousarray(to_f32(chunk), dtype="<f4")
    if ttype == F16:
        if not isinstance(chunk, BF16Array) and np.asarray(chunk).dtype == np.float16:
            return np.ascontiguousarray(chunk, dtype="<f2")
        f = to_f32(chunk)
        with np.errstate(over="ignore"):
            h = f.astype("<f2")
        if np.isinf(h).any() and (np.isinf(h) & np.isfinite(f)).any():
            raise ExportError("tensor %s has values outside the f16 range (max |x| = %g); "
                              "use --dtype bf16 or --dtype f32" % (name, float(np.nanmax(np.abs(f)))))
        return np.ascontiguousarray(h)
    if ttype == BF16:
        if isinstance(chunk, BF16Array):
            return np.ascontiguousarray(chunk.bits, dtype="<u2")
        return np.ascontiguousarray(f32_to_bf16_bits(chunk), dtype="<u2")
    raise ExportError("cannot write tensor %s: unsupported tensor type %d" % (name, ttype))


def type_nbytes(ttype, shape, params=(0, 0, 0, 0)):
    n = 1
    for d in shape:
        n *= int(d)
    if ttype == F32:
        return 4 * n
    if ttype in (F16, BF16):
        return 2 * n
    raise ExportError("size of tensor type %s is not known to export.py" % TYPE_NAMES.get(ttype, ttype))


# ----------------------------------------------------------------------------------------------
# the .higgs writer

class TensorEntry:
    """One tensor to write: name, shape, output type and a source (ndarray, BF16Array, or a
    zero-argument callable returning one; called only when the tensor is written)."""
    __slots__ = ("name", "shape", "ttype", "source")

    def __init__(self, name, shape, ttype, source):
        self.name = name
        self.shape = tuple(int(d) for d in shape)
        self.ttype = ttype
        self.source = source


def _as_entry(t):
    if isinstance(t, TensorEntry):
        return t
    if len(t) == 3:  # (name, array, ttype)
        name, arr, ttype = t
        return TensorEntry(name, arr.shape, ttype, arr)
    if len(t) == 4:  # (name, shape, ttype, source)
        return TensorEntry(*t)
    raise ValueError("bad tensor entry %r" % (t,))


def is_norm_name(name):
    return name.endswith("layernorm.weight") or name == "model.norm.weight"


def is_bias_name(name):
    return name.endswith(".bias")


def is_f32_name(name):
    """tensors always stored as F32: norm weights and biases"""
    return is_norm_name(name) or is_bias_name(name)


def bias_tensors(config):
    """[(name, shape)] of the q/k/v projection biases an architecture has (Qwen2)"""
    if config.get("arch") != "qwen2":
        return []
    hd, nh, nkv = config["head_dim"], config["n_heads"], config["n_kv_heads"]
    out = []
    for i in range(config["n_layers"]):
        p = "model.layers.%d.self_attn." % i
        out += [(p + "q_proj.bias", (nh * hd,)), (p + "k_proj.bias", (nkv * hd,)), (p + "v_proj.bias", (nkv * hd,))]
    return out


def expected_tensors(config):
    """[(name, shape)] of the required tensors in file order."""
    d, h, L = config["dim"], config["hidden_dim"], config["n_layers"]
    hd, nh, nkv, V = config["head_dim"], config["n_heads"], config["n_kv_heads"], config["vocab_size"]
    out = [("model.embed_tokens.weight", (V, d))]
    for i in range(L):
        p = "model.layers.%d." % i
        out += [(p + "input_layernorm.weight", (d,)),
                (p + "self_attn.q_proj.weight", (nh * hd, d)),
                (p + "self_attn.k_proj.weight", (nkv * hd, d)),
                (p + "self_attn.v_proj.weight", (nkv * hd, d)),
                (p + "self_attn.o_proj.weight", (d, nh * hd)),
                (p + "post_attention_layernorm.weight", (d,)),
                (p + "mlp.gate_proj.weight", (h, d)),
                (p + "mlp.up_proj.weight", (h, d)),
                (p + "mlp.down_proj.weight", (d, h))]
    out.append(("model.norm.weight", (d,)))
    if not config["tied_embeddings"]:
        out.append(("lm_head.weight", (V, d)))
    return out


def _check_config(c):
    for k in CONF_FIELDS:
        if k not in c:
            raise ExportError("config is missing field %s" % k)
    for k in ("dim", "hidden_dim", "n_layers", "n_heads", "n_kv_heads", "head_dim", "vocab_size", "seq_len"):
        if int(c[k]) <= 0:
            raise ExportError("config %s must be positive (got %r)" % (k, c[k]))
    if c["n_heads"] % c["n_kv_heads"]:
        raise ExportError("n_kv_heads (%d) does not divide n_heads (%d)" % (c["n_kv_heads"], c["n_heads"]))
    if c["head_dim"] % 2:
        raise ExportError("head_dim must be even (got %d)" % c["head_dim"])
    if c["rope_scaling_type"] not in (0, 1):
        raise ExportError("rope_scaling_type must be 0 or 1")
    if len(c["arch"].encode()) > 31:
        raise ExportError("arch name too long")


def pack_conf(c):
    return CONF_STRUCT.pack(
        c["dim"], c["hidden_dim"], c["n_layers"], c["n_heads"], c["n_kv_heads"], c["head_dim"],
        c["vocab_size"], c["seq_len"], float(c["rope_theta"]), c["rope_scaling_type"],
        float(c["rope_factor"]), float(c["rope_low_freq_factor"]), float(c["rope_high_freq_factor"]),
        c["rope_original_max_pos"], float(c["rms_norm_eps"]), int(bool(c["tied_embeddings"])),
        int(c["bos_id"]), int(c["eos_id"]), c["arch"].encode())


def pack_tokn(t, vocab_size=None):
    pieces = t["pieces"]
    merges = t.get("merges") or []
    n = len(pieces)
    if vocab_size is not None and n > vocab_size:
        raise ExportError("vocab mismatch: tokenizer has %d pieces but the model's vocab_size is %d"
                          % (n, vocab_size))
    stops = list(t.get("stop_ids") or [])
    parts = [struct.pack("<4I4iI", t["type"], n, t["flags"], t["pretokenizer"], t["bos_id"],
                         t["eos_id"], t["unk_id"], t["pad_id"], len(stops))]
    parts.append(struct.pack("<%di" % len(stops), *stops))
    ps = struct.Struct("<fBH")
    for i, (b, score, kind) in enumerate(pieces):
        if len(b) > 0xFFFF:
            raise ExportError("tokenizer piece %d is too long (%d bytes)" % (i, len(b)))
        if not 1 <= kind <= 6:
            raise ExportError("tokenizer piece %d has bad kind %d" % (i, kind))
        parts.append(ps.pack(score, kind, len(b)))
        parts.append(b)
    if t["type"] == TOK_SPM and merges:
        raise ExportError("SentencePiece tokenizers carry no merges")
    parts.append(struct.pack("<I", len(merges)))
    if merges:
        m = np.asarray(merges, dtype="<u4").reshape(-1, 2)
        if m.size and int(m.max()) >= n:
            raise ExportError("tokenizer merge refers to a piece id >= n_pieces")
        parts.append(m.tobytes())
    return b"".join(parts)


def pack_kvmd(meta):
    items = list(meta.items()) if isinstance(meta, dict) else list(meta or [])
    parts = [struct.pack("<I", len(items))]
    for k, v in items:
        kb, vb = str(k).encode("utf-8"), str(v).encode("utf-8")
        parts.append(struct.pack("<H", len(kb)) + kb + struct.pack("<I", len(vb)) + vb)
    return b"".join(parts)


def _section(tag, payload):
    return SECTION_STRUCT.pack(tag, 0, len(payload)) + payload


def _pack_tdir(entries, offsets):
    parts = []
    for e, off in zip(entries, offsets):
        nb = e.name.encode("utf-8")
        if not 1 <= len(nb) <= 255:
            raise ExportError("tensor name length out of range: %r" % e.name)
        if not 1 <= len(e.shape) <= 2:
            raise ExportError("tensor %s: ndim must be 1 or 2 (shape %s)" % (e.name, list(e.shape)))
        shape4 = list(e.shape) + [1] * (4 - len(e.shape))
        parts.append(struct.pack("<H", len(nb)) + nb +
                     TDIR_FIXED.pack(e.ttype, len(e.shape), *shape4, 0, 0, 0, 0, off,
                                     type_nbytes(e.ttype, e.shape)))
    return b"".join(parts)


def write_higgs(path, config, tokenizer, tensors_iter, meta=None, validate=True, progress=None,
                fsync=True):
    """Write a .higgs file.

    `tensors_iter` yields TensorEntry objects, (name, shape, ttype, source) or (name, array, ttype)
    tuples; sources are loaded one at a time in file order, converted, written and released, so
    peak memory stays around one tensor.  The file is written to `path + '.tmp.<pid>'` and renamed
    to `path` only on success; on failure (including KeyboardInterrupt) the temporary is removed.
    `progress`: None (auto), True (one line per tensor) or False (summary only)."""
    entries = [_as_entry(t) for t in tensors_iter]
    _check_config(config)
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise ExportError("duplicate tensor names")
    if validate:
        have = {e.name: e for e in entries}
        for name, shape in expected_tensors(config):
            if name not in have:
                raise ExportError("missing tensor %s" % name)
            if have[name].shape != tuple(shape):
                raise ExportError("shape mismatch for %s: expected %s, got %s"
                                  % (name, list(shape), list(have[name].shape)))
        for e in entries:
            if is_norm_name(e.name) and e.ttype != F32:
                raise ExportError("norm weight %s must be F32" % e.name)
        allowed_bias = dict(bias_tensors(config))
        for e in entries:
            if is_bias_name(e.name):
                if e.name not in allowed_bias:
                    raise ExportError("bias tensor %s is not supported for arch %s" % (e.name, config["arch"]))
                if e.shape != tuple(allowed_bias[e.name]):
                    raise ExportError("shape mismatch for %s: expected %s, got %s"
                                      % (e.name, list(allowed_bias[e.name]), list(e.shape)))
                if e.ttype != F32:
                    raise ExportError("bias %s must be F32" % e.name)
    meta_block = b"".join([
        _section(b"CONF", pack_conf(config)),
        _section(b"TOKN", pack_tokn(tokenizer, config["vocab_size"])),
        _section(b"KVMD", pack_kvmd(meta or {})),
    ])
    # tensor offsets, computed up front from shapes and types
    offsets, pos = [], 0
    for e in entries:
        pos = _align(pos)
        offsets.append(pos)
        pos += type_nbytes(e.ttype, e.shape)
    data_size = pos
    meta_block += _section(b"TDIR", _pack_tdir(entries, offsets))
    meta_size = len(meta_block)
    data_offset = _align(HEADER_SIZE + meta_size)
    n_params = sum(int(np.prod(e.shape)) for e in entries)
    if progress is None:
        progress = n_params > PROGRESS_PARAMS

    tmp = "%s.tmp.%d" % (path, os.getpid())
    f = None
    try:
        f = open(tmp, "wb")
        f.write(b"\0" * HEADER_SIZE)
        f.write(meta_block)
        f.write(b"\0" * (data_offset - HEADER_SIZE - meta_size))
        data_crc = 0
        pos = 0
        for i, (e, off) in enumerate(zip(entries, offsets)):
            if off > pos:
                pad = b"\0" * (off - pos)
                f.write(pad)
                data_crc = zlib.crc32(pad, data_crc)
                pos = off
            src = e.source() if callable(e.source) else e.source
            shape = tuple(src.shape)
            if shape != e.shape:
                raise ExportError("shape mismatch for %s: expected %s, got %s"
                                  % (e.name, list(e.shape), list(shape)))
            if len(shape) == 1:
                step = shape[0] or 1
            else:
                step = max(1, CHUNK_ELEMS // max(1, int(np.prod(shape[1:]))))
            written = 0
            for r0 in range(0, shape[0], step):
                buf = encode_chunk(src[r0:r0 + step], e.ttype, e.name)
                mv = memoryview(buf).cast("B")
                f.write(mv)
                data_crc = zlib.crc32(mv, data_crc)
                written += mv.nbytes
            if written != type_nbytes(e.ttype, e.shape):
                raise ExportError("internal error: wrote %d bytes for %s" % (written, e.name))
            pos += written
            del src
            if progress:
                print("[%d/%d] %-48s %-14s %s" % (i + 1, len(entries), e.name,
                                                 "x".join(str(d) for d in e.shape),
                                                 TYPE_NAMES[e.ttype]), flush=True)
        assert pos == data_size
        header = HEADER_STRUCT.pack(MAGIC, VERSION, HEADER_SIZE, meta_size, data_offset, data_size,
                                    0, 0, len(entries), 0, 0)
        meta_crc = zlib.crc32(meta_block, zlib.crc32(header))
        header = HEADER_STRUCT.pack(MAGIC, VERSION, HEADER_SIZE, meta_size, data_offset, data_size,
                                    meta_crc, data_crc & 0xFFFFFFFF, len(entries), 0, 0)
        f.seek(0)
        f.write(header)
        f.flush()
        if fsync:
            os.fsync(f.fileno())
        f.close()
        f = None
        os.replace(tmp, path)
    except BaseException:
        if f is not None:
            try:
                f.close()
            except OSError:
                pass
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if fsync:
        try:
            dfd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass
    total = data_offset + data_size
    print("wrote %s: %d tensors, %s params, %s bytes" % (path, len(entries), f"{n_params:,}",
                                                         f"{total:,}"), flush=True)
    return {"meta_size": meta_size, "data_offset": data_offset, "data_size": data_size,
            "n_params": n_params, "file_size": total}


# ----------------------------------------------------------------------------------------------
# the .higgs reader

class _Reader:
    def __init__(self, buf, what):
        self.b, self.p, self.what = buf, 0, what

    def take(self, n):
        if n < 0 or self.p + n > len(self.b):
            raise ExportError("%s: truncated" % self.what)
        r = self.b[self.p:self.p + n]
        self.p += n
        return r

    def unpack(self, fmt):
        s = struct.Struct(fmt)
        return s.unpack(self.take(s.size))

    def done(self):
        return self.p >= len(self.b)


def parse_tokn(payload):
    r = _Reader(payload, "TOKN")
    ttype, n, flags, pretok, bos, eos, unk, pad, n_stop = r.unpack("<4I4iI")
    stops = list(r.unpack("<%di" % n_stop))
    pieces = []
    for _ in range(n):
        score, kind, ln = r.unpack("<fBH")
        pieces.append((bytes(r.take(ln)), score, kind))
    (n_merges,) = r.unpack("<I")
    m = np.frombuffer(r.take(8 * n_merges), dtype="<u4").reshape(-1, 2)
    if not r.done():
        raise ExportError("TOKN: %d trailing bytes" % (len(payload) - r.p))
    return {"type": ttype, "flags": flags, "pretokenizer": pretok, "bos_id": bos, "eos_id": eos,
            "unk_id": unk, "pad_id": pad, "stop_ids": stops, "pieces": pieces,
            "merges": [(int(a), int(b)) for a, b in m]}


def parse_conf(payload):
    if len(payload) < CONF_STRUCT.size:
        raise ExportError("CONF: too short (%d bytes)" % len(payload))
    v = list(CONF_STRUCT.unpack(payload[:CONF_STRUCT.size]))
    c = dict(zip(CONF_FIELDS, v))
    c["arch"] = c["arch"].split(b"\0", 1)[0].decode("utf-8", "replace")
    return c


def parse_kvmd(payload):
    r = _Reader(payload, "KVMD")
    (count,) = r.unpack("<I")
    out = {}
    for _ in range(count):
        (kl,) = r.unpack("<H")
        k = bytes(r.take(kl)).decode("utf-8", "replace")
        (vl,) = r.unpack("<I")
        out[k] = bytes(r.take(vl)).decode("utf-8", "replace")
    return out


def parse_tdir(payload, n_tensors):
    r = _Reader(payload, "TDIR")
    out = []
    for _ in range(n_tensors):
        (nl,) = r.unpack("<H")
        name = bytes(r.take(nl)).decode("utf-8", "replace")
        ttype, ndim, s0, s1, s2, s3, p0, p1, p2, p3, off, nbytes = r.unpack(TDIR_FIXED.format)
        out.append({"name": name, "type": ttype, "ndim": ndim, "shape": [s0, s1, s2, s3][:ndim],
                    "shape4": [s0, s1, s2, s3], "params": [p0, p1, p2, p3], "offset": off,
                    "nbytes": nbytes})
    if not r.done():
        raise ExportError("TDIR: trailing bytes")
    return out


def read_higgs(path, load_tensors=True, verify_data=False):
    """Read a .higgs file.  Returns a dict with header, config, tokenizer, meta, tensors (the TDIR
    entries) and, if load_tensors, arrays: name -> read-only numpy memmap (float32 for F32,
    float16 for F16, uint16 bit patterns for BF16; use higgs_tensor_f32 to get float32)."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            head = f.read(HEADER_SIZE)
            if len(head) < HEADER_SIZE:
                raise ExportError("%s: file too small for a .higgs header" % path)
            (magic, version, header_size, meta_size, data_offset, data_size, meta_crc, data_crc,
             n_tensors, flags, reserved) = HEADER_STRUCT.unpack(head)
            if magic != MAGIC:
                raise ExportError("%s: not a .higgs file (bad magic)" % path)
            if version != VERSION:
                raise ExportError("%s: unsupported .higgs version %d" % (path, version))
            if header_size != HEADER_SIZE:
                raise ExportError("%s: bad header_size %d" % (path, header_size))
            if data_offset % ALIGN or data_offset < HEADER_SIZE + meta_size:
                raise ExportError("%s: bad data_offset %d" % (path, data_offset))
            if data_offset + data_size != size:
                raise ExportError("%s: size mismatch: header says %d bytes, file has %d"
                                  % (path, data_offset + data_size, size))
            meta = f.read(meta_size)
            if len(meta) != meta_size:
                raise ExportError("%s: truncated meta block" % path)
            zhead = HEADER_STRUCT.pack(magic, version, header_size, meta_size, data_offset, data_size,
                                       0, 0, n_tensors, flags, reserved)
            got = zlib.crc32(meta, zlib.crc32(zhead))
            if got != meta_crc:
                raise ExportError("%s: meta_crc mismatch (stored %08x, computed %08x)"
                                  % (path, meta_crc, got))
            data_crc_ok = None
            if verify_data:
                f.seek(data_offset)
                crc, left = 0, data_size
                while left:
                    blk = f.read(min(left, 1 << 24))
                    if not blk:
                        raise ExportError("%s: truncated data" % path)
                    crc = zlib.crc32(blk, crc)
                    left -= len(blk)
                data_crc_ok = crc == data_crc
    except OSError as e:
        raise ExportError("cannot read %s: %s" % (path, e.strerror or e))
    r = _Reader(meta, "meta block")
    sections = {}
    order = []
    while not r.done():
        tag, _res, ln = r.unpack("<4sIQ")
        payload = r.take(ln)
        tag = tag.decode("latin-1")
        order.append(tag)
        if tag in ("CONF", "TOKN", "KVMD", "TDIR"):
            if tag in sections:
                raise ExportError("%s: duplicate %s section" % (path, tag))
            sections[tag] = payload
    for tag in ("CONF", "TOKN", "TDIR"):
        if tag not in sections:
            raise ExportError("%s: missing %s section" % (path, tag))
    config = parse_conf(sections["CONF"])
    tok = parse_tokn(sections["TOKN"])
    kv = parse_kvmd(sections["KVMD"]) if "KVMD" in sections else {}
    tdir = parse_tdir(sections["TDIR"], n_tensors)
    for t in tdir:
        if t["offset"] % ALIGN:
            raise ExportError("%s: tensor %s offset not 64-aligned" % (path, t["name"]))
        if t["type"] in (F32, F16, BF16) and t["nbytes"] != type_nbytes(t["type"], t["shape"]):
            raise ExportError("%s: tensor %s nbytes mismatch" % (path, t["name"]))
        if t["offset"] + t["nbytes"] > data_size:
            raise ExportError("%s: tensor %s extends past the data" % (path, t["name"]))
    out = {"header": {"magic": magic, "version": version, "header_size": header_size,
                      "meta_size": meta_size, "data_offset": data_offset, "data_size": data_size,
                      "meta_crc": meta_crc, "data_crc": data_crc, "n_tensors": n_tensors,
                      "flags": flags, "reserved": reserved, "file_size": size},
           "sections": order, "config": config, "tokenizer": tok, "meta": kv, "tensors": tdir,
           "data_crc_ok": data_crc_ok}
    if load_tensors:
        arrays = {}
        npdt = {F32: "<f4", F16: "<f2", BF16: "<u2"}
        for t in tdir:
            if t["type"] not in npdt:
                continue
            n = int(np.prod(t["shape"]))
            arr = (np.memmap(path, dtype=npdt[t["type"]], mode="r",
                             offset=data_offset + t["offset"], shape=(n,)) if n else
                   np.zeros(0, dtype=npdt[t["type"]]))
            arrays[t["name"]] = arr.reshape(t["shape"])
        out["arrays"] = arrays
    return out


def higgs_tensor_f32(h, name):
    t = next(t for t in h["tensors"] if t["name"] == name)
    a = h["arrays"][name]
    if t["type"] == BF16:
        return bf16_bits_to_f32(a)
    return np.asarray(a, dtype=np.float32)


# ----------------------------------------------------------------------------------------------
# safetensors

ST_DTYPES = {"F32": ("<f4", 4), "F16": ("<f2", 2), "BF16": ("<u2", 2)}


class STTensor:
    __slots__ = ("name", "file", "dtype", "shape", "offset", "nbytes")

    def __init__(self, name, file, dtype, shape, offset, nbytes):
        self.name, self.file, self.dtype, self.shape = name, file, dtype, tuple(shape)
        self.offset, self.nbytes = offset, nbytes

    def load(self):
        """numpy memmap (F32/F16) or BF16Array, without reading the data yet."""
        if self.dtype not in ST_DTYPES:
            raise ExportError("tensor %s has unsupported dtype %s (supported: BF16, F16, F32)"
                              % (self.name, self.dtype))
        npdt, _ = ST_DTYPES[self.dtype]
        n = int(np.prod(self.shape)) if self.shape else 1
        if n == 0:
            arr = np.zeros(self.shape, dtype=npdt)
        else:
            arr = np.memmap(self.file, dtype=npdt, mode="r", offset=self.offset,
                            shape=(n,)).reshape(self.shape)
        return BF16Array(arr) if self.dtype == "BF16" else arr


def read_safetensors_header(path):
    """-> {name: STTensor} for one .safetensors file (metadata entry dropped)."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            raw = f.read(8)
            if len(raw) < 8:
                raise ExportError("%s: not a safetensors file (too small)" % path)
            (hlen,) = struct.unpack("<Q", raw)
            if hlen > 100 * 1024 * 1024 or 8 + hlen > size:
                raise ExportError("%s: bad safetensors header length %d" % (path, hlen))
            hdr = f.read(hlen)
    except OSError as e:
        raise ExportError("cannot read %s: %s" % (path, e.strerror or e))
    try:
        h = json.loads(hdr.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ExportError("%s: corrupt safetensors header" % path)
    if not isinstance(h, dict):
        raise ExportError("%s: corrupt safetensors header" % path)
    base = 8 + hlen
    out = {}
    for name, info in h.items():
        if name == "__metadata__":
            continue
        try:
            dt, shape, (b, e) = info["dtype"], [int(x) for x in info["shape"]], info["data_offsets"]
        except (KeyError, TypeError, ValueError):
            raise ExportError("%s: corrupt safetensors entry for %s" % (path, name))
        if not 0 <= b <= e or base + e > size:
            raise ExportError("%s: tensor %s data out of range (file truncated?)" % (path, name))
        if dt in ST_DTYPES:
            n = 1
            for d in shape:
                n *= d
            if n * ST_DTYPES[dt][1] != e - b:
                raise ExportError("%s: tensor %s byte size %d does not match shape %s %s"
                                  % (path, name, e - b, shape, dt))
        out[name] = STTensor(name, path, dt, shape, base + b, e - b)
    return out


def read_safetensors_index(d):
    """All tensors of a Hugging Face checkpoint directory: {name: STTensor}.  Uses
    model.safetensors.index.json (sharded) or model.safetensors."""
    idx = os.path.join(d, "model.safetensors.index.json")
    single = os.path.join(d, "model.safetensors")
    if os.path.exists(idx):
        try:
            with open(idx, "r", encoding="utf-8") as f:
                wm = json.load(f)["weight_map"]
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise ExportError("%s: cannot read weight_map (%s)" % (idx, e))
        out, headers = {}, {}
        for name, fn in wm.items():
            p = os.path.join(d, fn)
            if p not in headers:
                if not os.path.exists(p):
                    raise ExportError("shard %s listed in %s is missing" % (fn, os.path.basename(idx)))
                headers[p] = read_safetensors_header(p)
            if name not in headers[p]:
                raise ExportError("tensor %s not found in shard %s" % (name, fn))
            out[name] = headers[p][name]
        return out
    if os.path.exists(single):
        return read_safetensors_header(single)
    shards = sorted(fn for fn in os.listdir(d) if re.fullmatch(r"model-\d+-of-\d+\.safetensors", fn))
    if shards:
        out = {}
        for fn in shards:
            out.update(read_safetensors_header(os.path.join(d, fn)))
        return out
    if any(fn.endswith(".bin") or fn.endswith(".pth") for fn in os.listdir(d)):
        raise ExportError("%s: only safetensors checkpoints are supported (found PyTorch .bin/.pth files)" % d)
    raise ExportError("%s: no model.safetensors or model.safetensors.index.json" % d)


# ----------------------------------------------------------------------------------------------
# SentencePiece model (protobuf) parsing

def _pb_varint(b, i):
    r = s = 0
    while True:
        if i >= len(b):
            raise ExportError("tokenizer.model: truncated protobuf")
        c = b[i]
        i += 1
        r |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return r, i
        if s > 70:
            raise ExportError("tokenizer.model: bad varint")


def _pb_fields(b):
    """Yield (field_number, wire_type, value) of a protobuf message (value: int or bytes)."""
    i, n = 0, len(b)
    while i < n:
        key, i = _pb_varint(b, i)
        fn, wt = key >> 3, key & 7
        if wt == 0:
            v, i = _pb_varint(b, i)
        elif wt == 1:
            v, i = b[i:i + 8], i + 8
        elif wt == 2:
            ln, i = _pb_varint(b, i)
            v, i = b[i:i + ln], i + ln
        elif wt == 5:
            v, i = b[i:i + 4], i + 4
        else:
            raise ExportError("tokenizer.model: unsupported protobuf wire type %d" % wt)
        if i > n:
            raise ExportError("tokenizer.model: truncated protobuf")
        yield fn, wt, v


def _pb_int32(v):
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >= 1 << 63 else v


SPM_MODEL_TYPES = {1: "UNIGRAM", 2: "BPE", 3: "WORD", 4: "CHAR"}


def parse_sentencepiece_model(data):
    """Parse a SentencePiece ModelProto.  Returns a dict with pieces [(piece str, score, type)],
    model_type, byte_fallback, unk/bos/eos/pad ids (resolved as SentencePieceProcessor does), the
    trainer_spec's own ids, and normalizer fields (name, add_dummy_prefix,
    remove_extra_whitespaces, escape_whitespaces), treat_whitespace_as_suffix."""
    data = bytes(data)
    pieces = []
    ts = {"model_type": 1, "byte_fallback": False, "unk_id": 0, "bos_id": 1, "eos_id": 2, "pad_id": -1,
          "unk_piece": "<unk>", "bos_piece": "<s>", "eos_piece": "</s>", "pad_piece": "<pad>",
          "treat_whitespace_as_suffix": False}
    ns = {"name": None, "add_dummy_prefix": True, "remove_extra_whitespaces": True,
          "escape_whitespaces": True}
    for fn, wt, v in _pb_fields(data):
        if fn == 1 and wt == 2:  # SentencePiece
            piece, score, typ = "", 0.0, 1
            for f2, w2, v2 in _pb_fields(v):
                if f2 == 1 and w2 == 2:
                    piece = v2.decode("utf-8", "surrogateescape")
                elif f2 == 2 and w2 == 5:
                    (score,) = struct.unpack("<f", v2)
                elif f2 == 3 and w2 == 0:
                    typ = _pb_int32(v2)
            pieces.append((piece, score, typ))
        elif fn == 2 and wt == 2:  # TrainerSpec
            for f2, w2, v2 in _pb_fields(v):
                if w2 == 0:
                    if f2 == 3:
                        ts["model_type"] = _pb_int32(v2)
                    elif f2 == 35:
                        ts["byte_fallback"] = bool(v2)
                    elif f2 == 24:
                        ts["treat_whitespace_as_suffix"] = bool(v2)
                    elif f2 in (40, 41, 42, 43):
                        ts[{40: "unk_id", 41: "bos_id", 42: "eos_id", 43: "pad_id"}[f2]] = _pb_int32(v2)
                elif w2 == 2 and f2 in (45, 46, 47, 48):
                    ts[{45: "unk_piece", 46: "bos_piece", 47: "eos_piece", 48: "pad_piece"}[f2]] = \
                        v2.decode("utf-8", "surrogateescape")
        elif fn == 3 and wt == 2:  # NormalizerSpec
            for f2, w2, v2 in _pb_fields(v):
                if f2 == 1 and w2 == 2:
                    ns["name"] = v2.decode("utf-8", "replace")
                elif w2 == 0 and f2 in (3, 4, 5):
                    ns[{3: "add_dummy_prefix", 4: "remove_extra_whitespaces",
                        5: "escape_whitespaces"}[f2]] = bool(v2)
    if not pieces:
        raise ExportError("tokenizer.model: no pieces (not a SentencePiece model?)")
    index = {}
    for i, (p, _s, _t) in enumerate(pieces):
        index.setdefault(p, i)

    def special(piece, typ):
        i = index.get(piece, -1)
        return i if i >= 0 and pieces[i][2] == typ else -1

    unk = next((i for i, p in enumerate(pieces) if p[2] == KIND_UNKNOWN), -1)
    return {"pieces": pieces, "model_type": ts["model_type"],
            "model_type_name": SPM_MODEL_TYPES.get(ts["model_type"], str(ts["model_type"])),
            "byte_fallback": ts["byte_fallback"],
            "treat_whitespace_as_suffix": ts["treat_whitespace_as_suffix"],
            "unk_id": unk, "bos_id": special(ts["bos_piece"], KIND_CONTROL),
            "eos_id": special(ts["eos_piece"], KIND_CONTROL),
            "pad_id": special(ts["pad_piece"], KIND_CONTROL),
            "trainer_spec": ts, "normalizer": ns}


def sentencepiece_to_tokn(sp, add_bos=True, extra_stop=(), where="tokenizer.model"):
    if sp["model_type"] != 2:
        raise ExportError("%s: unsupported SentencePiece model_type %s (only BPE is supported)"
                          % (where, sp["model_type_name"]))
    ns = sp["normalizer"]
    if ns["name"] not in (None, "", "identity"):
        warn("%s uses the %r normalization, which the runtime does not implement; text containing "
             "characters it changes may tokenize differently" % (where, ns["name"]))
    if not ns["escape_whitespaces"]:
        warn("%s has escape_whitespaces=false, which the runtime does not implement" % where)
    if sp["treat_whitespace_as_suffix"]:
        warn("%s has treat_whitespace_as_suffix=true, which the runtime does not implement" % where)
    flags = 0
    if ns["add_dummy_prefix"]:
        flags |= FLAG_ADD_DUMMY_PREFIX
    if ns["remove_extra_whitespaces"]:
        flags |= FLAG_REMOVE_EXTRA_WS
    if sp["byte_fallback"]:
        flags |= FLAG_BYTE_FALLBACK
    if add_bos and sp["bos_id"] >= 0:
        flags |= FLAG_ADD_BOS
    pieces = [(p.encode("utf-8", "surrogateescape"), float(s), t if 1 <= t <= 6 else KIND_NORMAL)
              for p, s, t in sp["pieces"]]
    stops = _dedup([sp["eos_id"]] + list(extra_stop))
    return {"type": TOK_SPM, "flags": flags, "pretokenizer": PRETOK_NONE, "bos_id": sp["bos_id"],
            "eos_id": sp["eos_id"], "unk_id": sp["unk_id"], "pad_id": sp["pad_id"],
            "stop_ids": stops, "pieces": pieces, "merges": []}


def _dedup(ids):
    out = []
    for i in ids:
        if i is not None and int(i) >= 0 and int(i) not in out:
            out.append(int(i))
    return out


def load_sentencepiece_model(path, add_bos=True):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ExportError("cannot read %s: %s" % (path, e.strerror or e))
    return sentencepiece_to_tokn(parse_sentencepiece_model(data), add_bos=add_bos,
                                 where=os.path.basename(path))


# ----------------------------------------------------------------------------------------------
# tokenizer.json (byte-level BPE, Llama 3)

def bytes_to_unicode():
    bs = (list(range(ord("!"), ord("~") + 1)) + list(range(ord("\xa1"), ord("\xac") + 1)) +
          list(range(ord("\xae"), ord("\xff") + 1)))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, (chr(c) for c in cs)))


_BYTE_DECODER = {c: b for b, c in bytes_to_unicode().items()}


def _unbyte(tok):
    try:
        return bytes(_BYTE_DECODER[c] for c in tok)
    except KeyError:
        return None


def _find_split_regex(pt):
    """-> (list of Split regexes, list of ByteLevel nodes) found in a pre_tokenizer tree."""
    splits, bls = [], []
    if not isinstance(pt, dict):
        return splits, bls
    typ = pt.get("type")
    if typ == "Sequence":
        for sub in pt.get("pretokenizers") or []:
            s, b = _find_split_regex(sub)
            splits += s
            bls += b
    elif typ == "Split":
        pat = pt.get("pattern") or {}
        splits.append((pat.get("Regex") if isinstance(pat, dict) else None, pt))
    elif typ == "ByteLevel":
        bls.append(pt)
    else:
        splits.append((None, pt))
    return splits, bls


def _pretok_nodes(pt):
    """a pre_tokenizer tree as the flat list of its steps"""
    if not isinstance(pt, dict):
        return []
    if pt.get("type") == "Sequence":
        out = []
        for sub in pt.get("pretokenizers") or []:
            out += _pretok_nodes(sub)
        return out
    return [pt]


def detect_pretokenizer(pt, where):
    """The TOKN pretokenizer id of a tokenizer.json pre_tokenizer: Split(regex) + ByteLevel(use_regex
    false) with the Llama 3, Qwen2 or GPT-2 regex; Digits(individual) + ByteLevel(use_regex true)
    (SmolLM2, StarCoder); ByteLevel(use_regex true) alone (GPT-2). Anything else is refused."""
    nodes = _pretok_nodes(pt)
    desc = "+".join(str(n.get("type")) for n in nodes) or "none"
    supported = "supported: Llama 3, Qwen2, GPT-2 and SmolLM2 byte-level pre-tokenizers"

    def bytelevel(n, use_regex):
        if n.get("type") != "ByteLevel" or bool(n.get("use_regex", True)) != use_regex:
            return False
        if n.get("add_prefix_space"):
            raise ExportError("%s: unsupported pre-tokenizer (ByteLevel add_prefix_space)" % where)
        return True
    if len(nodes) == 2 and nodes[0].get("type") == "Split" and bytelevel(nodes[1], False):
        pat = nodes[0].get("pattern") or {}
        rx = pat.get("Regex") if isinstance(pat, dict) else None
        if nodes[0].get("behavior", "Isolated") == "Isolated" and not nodes[0].get("invert"):
            found = {LLAMA3_REGEX: PRETOK_LLAMA3, QWEN2_REGEX: PRETOK_QWEN2, GPT2_REGEX: PRETOK_GPT2}.get(rx)
            if found is not None:
                return found
        raise ExportError("%s: unsupported pre-tokenizer Split regex %r (%s)" % (where, rx, supported))
    if (len(nodes) == 2 and nodes[0].get("type") == "Digits" and nodes[0].get("individual_digits")
            and bytelevel(nodes[1], True)):
        return PRETOK_SMOLLM
    if len(nodes) == 1 and bytelevel(nodes[0], True):
        return PRETOK_GPT2
    raise ExportError("%s: unsupported pre-tokenizer %s (%s)" % (where, desc, supported))


def _generation_eos(d):
    """eos_token_id of generation_config.json (an int or a list), [] without one"""
    v = _read_json_opt(os.path.join(d, "generation_config.json")).get("eos_token_id")
    v = v if isinstance(v, list) else [v]
    return [int(x) for x in v if isinstance(x, int) and not isinstance(x, bool)]


def byte_level_scores(pieces, merges):
    """llama2.c-style scores for a byte-level BPE vocabulary: -rank for the piece produced by a
    merge (first rank wins), -1e10 for control/user/unused pieces (never merged into by llama2.c's
    greedy encoder), 0 for the remaining (base) pieces."""
    scores = [0.0 if k in (KIND_NORMAL, KIND_BYTE, KIND_UNKNOWN) else -1e10 for _b, _s, k in pieces]
    index = {}
    for i, (b, _s, k) in enumerate(pieces):
        if k in (KIND_NORMAL, KIND_BYTE):
            index.setdefault(b, i)
    seen = set()
    for rank, (l, r) in enumerate(merges):
        rid = index.get(pieces[l][0] + pieces[r][0])
        if rid is not None and rid not in seen:
            seen.add(rid)
            scores[rid] = -float(rank)
    return scores


def load_tokenizer_json(path, config=None):
    """Parse a Hugging Face tokenizer.json with a byte-level BPE model (Llama 3 style) into a TOKN
    dict.  `config` (HF config.json dict) supplies bos/eos ids when the tokenizer lacks them."""
    config = config or {}
    try:
        with open(path, "r", encoding="utf-8") as f:
            tj = json.load(f)
    except (OSError, ValueError) as e:
        raise ExportError("cannot read %s: %s" % (path, e))
    where = os.path.basename(path)
    model = tj.get("model") or {}
    if model.get("type") != "BPE":
        raise ExportError("%s: unsupported tokenizer model type %r (only byte-level BPE)"
                          % (where, model.get("type")))
    if model.get("continuing_subword_prefix") or model.get("end_of_word_suffix"):
        raise ExportError("%s: BPE continuing_subword_prefix/end_of_word_suffix not supported" % where)
    pretok = detect_pretokenizer(tj.get("pre_tokenizer"), where)
    if tj.get("normalizer"):
        nt = tj["normalizer"].get("type") if isinstance(tj["normalizer"], dict) else "?"
        if nt == "NFC":   # Qwen2: text already in NFC (most text is) tokenizes the same
            warn("%s has an NFC normalizer, which the runtime does not apply: text that is not in NFC "
                 "may tokenize differently" % where)
        else:
            warn("%s has a normalizer (%s) that the runtime does not implement" % (where, nt))
    vocab = model.get("vocab") or {}
    added = tj.get("added_tokens") or []
    ids = [int(i) for i in vocab.values()] + [int(a["id"]) for a in added]
    if not ids:
        raise ExportError("%s: empty vocabulary" % where)
    n = max(ids) + 1
    pieces = [(b"", 0.0, KIND_UNUSED)] * n
    bad = []
    for tok, i in vocab.items():
        b = _unbyte(tok)
        if b is None:
            bad.append(tok)
            b = tok.encode("utf-8")
        pieces[int(i)] = (b, 0.0, KIND_NORMAL)
    if bad:
        warn("%s: %d vocab entries are not byte-level encoded (stored as UTF-8), e.g. %r"
             % (where, len(bad), bad[0]))
    for a in added:
        pieces[int(a["id"])] = (a["content"].encode("utf-8"), 0.0,
                                KIND_CONTROL if a.get("special") else KIND_USER)
    merges = []
    for rank, m in enumerate(model.get("merges") or []):
        if isinstance(m, str):
            parts = m.split(" ")
        else:
            parts = list(m)
        if len(parts) != 2:
            raise ExportError("%s: malformed merge #%d: %r" % (where, rank, m))
        a, b = parts
        if a not in vocab or b not in vocab:
            raise ExportError("%s: merge #%d %r: part not in the vocabulary" % (where, rank, m))
        if a + b not in vocab:
            raise ExportError("%s: merge #%d %r: result not in the vocabulary" % (where, rank, m))
        merges.append((int(vocab[a]), int(vocab[b])))
    scores = byte_level_scores(pieces, merges)
    pieces = [(b, sc, k) for (b, _s, k), sc in zip(pieces, scores)]
    by_content = {a["content"]: int(a["id"]) for a in added}

    def cfg_ids(key):
        v = config.get(key)
        if v is None:
            return []
        return [int(x) for x in (v if isinstance(v, list) else [v])]

    bos = by_content.get("<|begin_of_text|>")
    if bos is None:
        bos = (cfg_ids("bos_token_id") or [-1])[0]
    eos = by_content.get("<|end_of_text|>")
    if eos is None:
        eos = (cfg_ids("eos_token_id") or [-1])[0]
    unk = -1
    if model.get("unk_token") is not None:
        unk = vocab.get(model["unk_token"], by_content.get(model["unk_token"], -1))
    pad = config.get("pad_token_id")
    pad = int(pad) if isinstance(pad, int) and 0 <= pad < n else -1
    stops = _dedup(cfg_ids("eos_token_id") + _generation_eos(os.path.dirname(path)) + [eos] +
                   [by_content[s] for s in STOP_TOKEN_NAMES if s in by_content and pieces[by_content[s]][2] == KIND_CONTROL])
    flags = 0
    if model.get("ignore_merges"):
        flags |= FLAG_IGNORE_MERGES
    if model.get("byte_fallback"):
        flags |= FLAG_BYTE_FALLBACK
    add_bos = False
    if bos >= 0:
        pp = tj.get("post_processor")
        if pp:
            add_bos = pieces[bos][0].decode("utf-8", "replace") in json.dumps(pp, ensure_ascii=False)
        else:
            tc = _read_json_opt(os.path.join(os.path.dirname(path), "tokenizer_config.json"))
            add_bos = bool(tc.get("add_bos_token", False))
    if add_bos:
        flags |= FLAG_ADD_BOS
    return {"type": TOK_BYTELEVEL, "flags": flags, "pretokenizer": pretok, "bos_id": bos,
            "eos_id": eos, "unk_id": unk, "pad_id": pad, "stop_ids": stops, "pieces": pieces,
            "merges": merges}


def _read_json_opt(path):
    try:
        with open(path, "r", encoding="utf-8") as f:
            v = json.load(f)
        return v if isinstance(v, dict) else {}
    except (OSError, ValueError):
        return {}


# ----------------------------------------------------------------------------------------------
# llama2.c tokenizer.bin

_BYTE_PIECE = re.compile(rb"<0x[0-9A-Fa-f]{2}>")


def load_llama2c_tokenizer(path, n_expected=None):
    """Read a llama2.c tokenizer.bin (u32 max_token_length, then per token f32 score, i32 len,
    bytes) until EOF (or n_expected tokens) and convert it to a SentencePiece-type TOKN dict."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise ExportError("cannot read %s: %s" % (path, e.strerror or e))
    where = os.path.basename(path)
    if len(data) < 4:
        raise ExportError("%s: not a llama2.c tokenizer (too small)" % where)
    p, raw = 4, []
    while p < len(data) and (n_expected is None or len(raw) < n_expected):
        if p + 8 > len(data):
            raise ExportError("%s: truncated at token %d" % (where, len(raw)))
        score, ln = struct.unpack_from("<fi", data, p)
        p += 8
        if ln < 0 or p + ln > len(data):
            raise ExportError("%s: truncated or corrupt at token %d" % (where, len(raw)))
        raw.append((data[p:p + ln], score))
        p += ln
    if n_expected is not None and len(raw) < n_expected:
        raise ExportError("%s: has %d tokens, expected %d" % (where, len(raw), n_expected))
    if len(raw) < 3:
        raise ExportError("%s: too few tokens (%d)" % (where, len(raw)))
    space = SPM_SPACE.encode("utf-8")
    pieces = []
    for i, (b, score) in enumerate(raw):
        if i == 0:
            pieces.append((b"<unk>", score, KIND_UNKNOWN))
        elif i == 1:
            pieces.append((b"<s>", score, KIND_CONTROL))
        elif i == 2:
            pieces.append((b"</s>", score, KIND_CONTROL))
        elif _BYTE_PIECE.fullmatch(b):
            pieces.append((b"<0x%02X>" % int(b[3:5], 16), score, KIND_BYTE))
        else:
            pieces.append((b.replace(b" ", space), score, KIND_NORMAL))
    return {"type": TOK_SPM, "flags": FLAG_ADD_DUMMY_PREFIX | FLAG_BYTE_FALLBACK | FLAG_ADD_BOS,
            "pretokenizer": PRETOK_NONE, "bos_id": 1, "eos_id": 2, "unk_id": 0, "pad_id": -1,
            "stop_ids": [2], "pieces": pieces, "merges": [],
            "max_token_length": struct.unpack_from("<I", data, 0)[0],
            "trailing_bytes": len(data) - p}


def tokn_to_llama2c_bytes(tok):
    """Serialize a TOKN dict as a llama2.c tokenizer.bin."""
    entries = []
    if tok["type"] == TOK_SPM:
        space = SPM_SPACE.encode("utf-8")
        for i, (b, score, _k) in enumerate(tok["pieces"]):
            if i == tok["bos_id"]:
                b = b"\n<s>\n"
            elif i == tok["eos_id"]:
                b = b"\n</s>\n"
            entries.append((b.replace(space, b" "), score))
    else:
        scores = byte_level_scores(tok["pieces"], tok["merges"])
        entries = [(b, s) for (b, _s, _k), s in zip(tok["pieces"], scores)]
    maxlen = max((len(b) for b, _ in entries), default=0)
    parts = [struct.pack("<I", maxlen)]
    for b, s in entries:
        parts.append(struct.pack("<fI", s, len(b)))
        parts.append(b)
    return b"".join(parts)


def _atomic_write_bytes(path, data):
    tmp = "%s.tmp.%d" % (path, os.getpid())
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ----------------------------------------------------------------------------------------------
# Hugging Face export

def _load_hf_config(d):
    p = os.path.join(d, "config.json")
    if not os.path.isdir(d):
        raise ExportError("%s is not a directory" % d)
    if not os.path.exists(p):
        raise ExportError("%s: missing config.json" % d)
    try:
        with open(p, "r", encoding="utf-8") as f:
            c = json.load(f)
    except (OSError, ValueError) as e:
        raise ExportError("cannot read %s: %s" % (p, e))
    if not isinstance(c, dict):
        raise ExportError("%s: not a JSON object" % p)
    return c


HF_ARCHS = {"LlamaForCausalLM": "llama", "MistralForCausalLM": "mistral", "Qwen2ForCausalLM": "qwen2",
            "Phi3ForCausalLM": "phi3"}
HF_MODEL_TYPES = {"llama": "llama", "mistral": "mistral", "qwen2": "qwen2", "phi3": "phi3"}


def hf_config_to_conf(c):
    """HF config.json dict -> CONF dict (raises ExportError on unsupported settings).  The dict also
    carries "sliding_window" (0: none), which export_hf stores as KVMD metadata."""
    archs = c.get("architectures") or []
    if isinstance(archs, str):
        archs = [archs]
    mt = c.get("model_type")
    arch = next((HF_ARCHS[a] for a in archs if a in HF_ARCHS), HF_MODEL_TYPES.get(mt))
    if arch is None:
        raise ExportError("unsupported architecture %s (supported: %s)"
                          % (",".join(map(str, archs)) or mt or "unknown", ", ".join(HF_ARCHS)))

    def need(k):
        if c.get(k) is None:
            raise ExportError("config.json: missing %s" % k)
        return c[k]

    if c.get("attention_bias") and arch != "qwen2":
        raise ExportError("attention_bias=true is not supported")
    if c.get("mlp_bias"):
        raise ExportError("mlp_bias=true is not supported")
    act = c.get("hidden_act", "silu")
    if act not in ("silu", "swish"):
        raise ExportError("unsupported hidden_act %r (only silu)" % act)
    if float(c.get("partial_rotary_factor") or 1.0) != 1.0:
        raise ExportError("partial_rotary_factor %r is not supported (RoPE over the whole head only)"
                          % c.get("partial_rotary_factor"))
    if c.get("num_local_experts") or c.get("num_experts"):
        raise ExportError("mixture-of-experts models are not supported")
    dim = int(need("hidden_size"))
    nh = int(need("num_attention_heads"))
    nkv = int(c.get("num_key_value_heads") or nh)
    hd = c.get("head_dim")
    if hd is None:
        if dim % nh:
            raise ExportError("hidden_size %d is not divisible by num_attention_heads %d" % (dim, nh))
        hd = dim // nh
    hd = int(hd)
    if nh % nkv:
        raise ExportError("num_key_value_heads %d does not divide num_attention_heads %d" % (nkv, nh))
    n_layers = int(need("num_hidden_layers"))
    seq_len = int(c.get("max_position_embeddings") or 2048)
    # sliding-window attention (a position sees the last `window` positions, itself included),
    # as transformers applies it: Mistral (default 4096 when the key is absent), Phi-3, and Qwen2
    # only with use_sliding_window, then on the layers from max_window_layers on
    window = 0
    if arch == "mistral":
        window = c.get("sliding_window", 4096)
    elif arch == "phi3":
        window = c.get("sliding_window")
    elif arch == "qwen2" and c.get("use_sliding_window") and c.get("sliding_window") is not None:
        mwl = c.get("max_window_layers")
        if mwl is None or int(mwl) < n_layers:
            raise ExportError("use_sliding_window=true with sliding layers (max_window_layers %s < %d layers) is "
                              "not supported" % (mwl, n_layers))
    if window is not None and not isinstance(window, bool) and isinstance(window, (int, float)) and window > 0:
        window = int(window)
        if window >= seq_len:
            window = 0                            # as long as the context: changes nothing
    elif window not in (None, 0):
        raise ExportError("config.json: bad sliding_window %r" % (window,))
    else:
        window = 0
    rs = c.get("rope_scaling")
    rtype, factor, lo, hi, orig = 0, 1.0, 1.0, 1.0, 0
    if rs:
        kind = rs.get("rope_type", rs.get("type"))
        if kind in (None, "default"):
            pass
        elif kind == "llama3":
            try:
                rtype = 1
                factor = float(rs["factor"])
                lo = float(rs["low_freq_factor"])
                hi = float(rs["high_freq_factor"])
                orig = int(rs["original_max_position_embeddings"])
            except (KeyError, TypeError, ValueError):
                raise ExportError("rope_scaling llama3 needs factor, low_freq_factor, high_freq_factor, "
                                  "original_max_position_embeddings")
        elif kind in ("longrope", "su"):
            raise ExportError("unsupported rope_scaling type %r (Phi-3 128k / Phi-3.5 long context; only "
                              "plain RoPE and llama3 scaling are supported)" % kind)
        else:
            raise ExportError("unsupported rope_scaling type %r (only llama3)" % kind)

    def first(v):
        if isinstance(v, list):
            return int(v[0]) if v else -1
        return -1 if v is None else int(v)

    return {"dim": dim, "hidden_dim": int(need("intermediate_size")),
            "n_layers": n_layers, "n_heads": nh, "n_kv_heads": nkv,
            "head_dim": hd, "vocab_size": int(need("vocab_size")), "seq_len": seq_len,
            "rope_theta": float(c.get("rope_theta") or 10000.0), "rope_scaling_type": rtype,
            "rope_factor": factor, "rope_low_freq_factor": lo, "rope_high_freq_factor": hi,
            "rope_original_max_pos": orig, "rms_norm_eps": float(c.get("rms_norm_eps") or 1e-6),
            "tied_embeddings": 1 if c.get("tie_word_embeddings", False) else 0,
            "bos_id": first(c.get("bos_token_id")), "eos_id": first(c.get("eos_token_id")),
            "arch": arch, "sliding_window": window}


def _added_tokens(d):
    """[(id, content, special)] from tokenizer.json's added_tokens, else added_tokens.json ({content:
    id}, taken as special)"""
    tj = _read_json_opt(os.path.join(d, "tokenizer.json"))
    out = []
    for a in tj.get("added_tokens") or []:
        if isinstance(a, dict) and isinstance(a.get("id"), int) and isinstance(a.get("content"), str):
            out.append((int(a["id"]), a["content"], bool(a.get("special"))))
    if not out:
        for content, i in _read_json_opt(os.path.join(d, "added_tokens.json")).items():
            if isinstance(i, int):
                out.append((int(i), content, True))
    return out


def load_hf_tokenizer(d, hf_cfg):
    spm_path = os.path.join(d, "tokenizer.model")
    tj_path = os.path.join(d, "tokenizer.json")
    eos_cfg = hf_cfg.get("eos_token_id")
    eos_cfg = [] if eos_cfg is None else [int(x) for x in (eos_cfg if isinstance(eos_cfg, list) else [eos_cfg])]
    eos_cfg += _generation_eos(d)
    if os.path.exists(spm_path):
        tc = _read_json_opt(os.path.join(d, "tokenizer_config.json"))
        tok = load_sentencepiece_model(spm_path, add_bos=bool(tc.get("add_bos_token", True)))
        # tokens added on top of the SentencePiece model (Phi-3's <|user|>, <|end|>, ...): appended
        # after its pieces, with unused pieces for any gap
        pieces = tok["pieces"]
        n_sp = len(pieces)
        for i, content, special in sorted(_added_tokens(d)):
            if i < n_sp or i > 1 << 24:
                continue
            while len(pieces) < i:
                pieces.append((b"", 0.0, KIND_UNUSED))
            piece = (content.encode("utf-8"), 0.0, KIND_CONTROL if special else KIND_USER)
            if i == len(pieces):
                pieces.append(piece)
            else:
                pieces[i] = piece
        if tok["bos_id"] < 0 and hf_cfg.get("bos_token_id") is not None:
            tok["bos_id"] = int(hf_cfg["bos_token_id"])
        if tok["eos_id"] < 0 and eos_cfg:
            tok["eos_id"] = eos_cfg[0]
        index = {}
        for i, (b, _s, k) in enumerate(pieces):
            if k == KIND_CONTROL:
                index.setdefault(b, i)
        extra = [index.get(s.encode()) for s in STOP_TOKEN_NAMES]
        tok["stop_ids"] = _dedup(eos_cfg + [tok["eos_id"]] + extra)
        return tok, "tokenizer.model"
    if os.path.exists(tj_path):
        return load_tokenizer_json(tj_path, hf_cfg), "tokenizer.json"
    raise ExportError("%s: no tokenizer.model or tokenizer.json" % d)


def _hf_source(st, name, shape, rows=None):
    """a loader of tensor `name` (rows r0..r1 of it when rows = (r0, r1): a part of a fused tensor)"""
    if st.dtype not in ST_DTYPES:
        raise ExportError("tensor %s has unsupported dtype %s (supported: BF16, F16, F32)"
                          % (name, st.dtype))
    if tuple(st.shape) != tuple(shape):
        raise ExportError("shape mismatch for %s: expected %s, got %s"
                          % (name, list(shape), list(st.shape)))
    if rows is None:
        return st.load
    return lambda: st.load()[rows[0]:rows[1]]


def hf_sources(st, conf):
    """{required or bias tensor name: (TensorEntry shape, loader)}: the tensors as the file holds them,
    Phi-3's fused qkv_proj and gate_up_proj split into q/k/v and gate/up rows"""
    out = {}
    want = expected_tensors(conf) + bias_tensors(conf)
    hd, nh, nkv, d, h = conf["head_dim"], conf["n_heads"], conf["n_kv_heads"], conf["dim"], conf["hidden_dim"]
    for name, shape in want:
        if name in st:
            out[name] = (shape, _hf_source(st[name], name, shape))
            continue
        if conf["arch"] == "phi3" and ".self_attn." in name and name.endswith("_proj.weight") \
                and name.rsplit(".", 2)[-2] in ("q_proj", "k_proj", "v_proj"):
            fused = name.rsplit(".", 2)[0] + ".qkv_proj.weight"
            q, kv = nh * hd, nkv * hd
            span = {"q_proj": (0, q), "k_proj": (q, q + kv), "v_proj": (q + kv, q + 2 * kv)}[name.rsplit(".", 2)[-2]]
            if fused in st:
                out[name] = (shape, _hf_source(st[fused], fused, (q + 2 * kv, d), span))
                continue
        if conf["arch"] == "phi3" and name.endswith(("mlp.gate_proj.weight", "mlp.up_proj.weight")):
            fused = name.rsplit(".", 2)[0] + ".gate_up_proj.weight"
            span = (0, h) if name.endswith("gate_proj.weight") else (h, 2 * h)
            if fused in st:
                out[name] = (shape, _hf_source(st[fused], fused, (2 * h, d), span))
                continue
        raise ExportError("missing tensor %s" % name)
    return out


def export_hf(d, out, dtype=F16):
    hf = _load_hf_config(d)
    conf = hf_config_to_conf(hf)
    st = read_safetensors_index(d)
    allowed = {n for n, _ in bias_tensors(conf)}
    bias = sorted(n for n in st if n.endswith(".bias") and n not in allowed)
    if bias:
        raise ExportError("bias tensors are not supported for %s (found %s)" % (conf["arch"], bias[0]))
    tok, tok_src = load_hf_tokenizer(d, hf)
    if len(tok["pieces"]) > conf["vocab_size"]:
        raise ExportError("vocab mismatch: tokenizer has %d pieces but vocab_size is %d"
                          % (len(tok["pieces"]), conf["vocab_size"]))
    if conf["bos_id"] < 0:
        conf["bos_id"] = tok["bos_id"]
    if conf["eos_id"] < 0:
        conf["eos_id"] = tok["eos_id"]
    if not conf["tied_embeddings"] and "lm_head.weight" not in st:
        raise ExportError("tie_word_embeddings is false but lm_head.weight is missing")
    src = hf_sources(st, conf)
    entries = [TensorEntry(name, shape, F32 if is_f32_name(name) else dtype, loader)
               for name, (shape, loader) in src.items()]
    used = set(src)
    if conf["arch"] == "phi3":
        used |= {n for n in st if n.endswith((".qkv_proj.weight", ".gate_up_proj.weight"))}
    extra = [n for n in st if n not in used and not n.endswith("rotary_emb.inv_freq")
             and not (n == "lm_head.weight" and conf["tied_embeddings"])]
    if extra:
        warn("ignoring %d unexpected tensors (e.g. %s)" % (len(extra), sorted(extra)[0]))
    meta = {"source": os.path.basename(os.path.normpath(d)), "exported_by": "export.py",
            "dtype": _dtype_name(dtype), "source_format": "hf",
            "hf_architecture": ",".join(hf.get("architectures") or [hf.get("model_type", "")]),
            "tokenizer_source": tok_src}
    if conf["sliding_window"]:
        meta["sliding_window"] = str(conf["sliding_window"])
    return write_higgs(out, conf, tok, entries, meta)


def _dtype_name(t):
    return {F32: "f32", F16: "f16", BF16: "bf16"}[t]


# ----------------------------------------------------------------------------------------------
# llama2.c export

L2C_MAGIC = 0x616B3432


def permute_interleaved_to_half(w, n_heads):
    """Meta/llama2.c interleaved RoPE rows -> HF rotate-half rows (as in HF's
    convert_llama_weights_to_hf permute)."""
    rows, dim = w.shape
    hd = rows // n_heads
    return (np.asarray(w).reshape(n_heads, hd // 2, 2, dim).transpose(0, 2, 1, 3)
            .reshape(rows, dim))


def read_llama2c_layout(path):
    """Parse a llama2.c checkpoint header and compute the float32 layout.  Returns (params, layout)
    where layout maps a weight group to (float offset, shape) relative to the float data start."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            head = f.read(256)
    except OSError as e:
        raise ExportError("cannot read %s: %s" % (path, e.strerror or e))
    where = os.path.basename(path)
    if len(head) < 28:
        raise ExportError("%s: too small for a llama2.c checkpoint (%d bytes)" % (where, size))
    (magic,) = struct.unpack_from("<I", head, 0)
    if magic == L2C_MAGIC:
        if len(head) < 256:
            raise ExportError("%s: truncated llama2.c v1 header" % where)
        (version,) = struct.unpack_from("<i", head, 4)
        if version != 1:
            raise ExportError("%s: unsupported llama2.c checkpoint version %d (only legacy v0 and "
                              "float32 v1)" % (where, version))
        dim, hidden, L, nh, nkv, vocab, seq = struct.unpack_from("<7i", head, 8)
        shared = bool(head[36])
        version, hdr = 1, 256
    else:
        dim, hidden, L, nh, nkv, vocab, seq = struct.unpack_from("<7i", head, 0)
        shared = vocab > 0
        vocab = abs(vocab)
        version, hdr = 0, 28
    for k, v in (("dim", dim), ("hidden_dim", hidden), ("n_layers", L), ("n_heads", nh),
                 ("n_kv_heads", nkv), ("vocab_size", vocab), ("seq_len", seq)):
        if v <= 0 or v > 1 << 24:
            raise ExportError("%s: implausible %s=%d in the llama2.c header" % (where, k, v))
    if dim % nh or nh % nkv or (dim // nh) % 2:
        raise ExportError("%s: inconsistent heads (dim=%d n_heads=%d n_kv_heads=%d)"
                          % (where, dim, nh, nkv))
    hd = dim // nh
    kv = nkv * hd
    p = {"dim": dim, "hidden_dim": hidden, "n_layers": L, "n_heads": nh, "n_kv_heads": nkv,
         "vocab_size": vocab, "seq_len": seq, "shared": shared, "version": version,
         "header_bytes": hdr, "head_dim": hd}
    shapes = {"emb": (vocab, dim), "rms_att": (L, dim), "wq": (L, dim, dim), "wk": (L, kv, dim),
              "wv": (L, kv, dim), "wo": (L, dim, dim), "rms_ffn": (L, dim), "w1": (L, hidden, dim),
              "w2": (L, dim, hidden), "w3": (L, hidden, dim), "rms_final": (dim,),
              "freq_real": (seq, hd // 2), "freq_imag": (seq, hd // 2), "wcls": (vocab, dim)}
    if version == 0:
        order = ["emb", "rms_att", "wq", "wk", "wv", "wo", "rms_ffn", "w1", "w2", "w3", "rms_final",
                 "freq_real", "freq_imag"]
    else:
        order = ["rms_att", "rms_ffn", "rms_final", "emb", "wq", "wk", "wv", "wo", "w1", "w2", "w3"]
    if not shared:
        order.append("wcls")
    layout, off = {}, 0
    for k in order:
        layout[k] = (off, shapes[k])
        off += int(np.prod(shapes[k]))
    expected = hdr + 4 * off
    if size != expected:
        raise ExportError("%s: size mismatch for a llama2.c v%d checkpoint (dim=%d hidden=%d layers=%d "
                          "heads=%d kv_heads=%d vocab=%d seq_len=%d %s): expected %d bytes, got %d"
                          % (where, version, dim, hidden, L, nh, nkv, vocab, seq,
                             "shared" if shared else "untied", expected, size))
    return p, layout


def llama2c_entries(path, dtype=F16):
    p, layout = read_llama2c_layout(path)
    hdr = p["header_bytes"]
    holder = {}

    def mm():
        if "m" not in holder:
            holder["m"] = np.memmap(path, dtype="<f4", mode="r", offset=hdr)
        return holder["m"]

    def grab(key, layer=None):
        off, shape = layout[key]
        if layer is not None:
            per = int(np.prod(shape[1:]))
            return mm()[off + layer * per: off + (layer + 1) * per].reshape(shape[1:])
        return mm()[off: off + int(np.prod(shape))].reshape(shape)

    conf = {"dim": p["dim"], "hidden_dim": p["hidden_dim"], "n_layers": p["n_layers"],
            "n_heads": p["n_heads"], "n_kv_heads": p["n_kv_heads"], "head_dim": p["head_dim"],
            "vocab_size": p["vocab_size"], "seq_len": p["seq_len"], "rope_theta": 10000.0,
            "rope_scaling_type": 0, "rope_factor": 1.0, "rope_low_freq_factor": 1.0,
            "rope_high_freq_factor": 1.0, "rope_original_max_pos": 0, "rms_norm_eps": 1e-5,
            "tied_embeddings": 1 if p["shared"] else 0, "bos_id": 1, "eos_id": 2, "arch": "llama"}
    src = {"model.embed_tokens.weight": lambda: grab("emb"),
           "model.norm.weight": lambda: grab("rms_final"),
           "lm_head.weight": lambda: grab("wcls")}
    for i in range(p["n_layers"]):
        pre = "model.layers.%d." % i
        src[pre + "input_layernorm.weight"] = (lambda i=i: grab("rms_att", i))
        src[pre + "post_attention_layernorm.weight"] = (lambda i=i: grab("rms_ffn", i))
        src[pre + "self_attn.q_proj.weight"] = (
            lambda i=i: permute_interleaved_to_half(grab("wq", i), p["n_heads"]))
        src[pre + "self_attn.k_proj.weight"] = (
            lambda i=i: permute_interleaved_to_half(grab("wk", i), p["n_kv_heads"]))
        src[pre + "self_attn.v_proj.weight"] = (lambda i=i: grab("wv", i))
        src[pre + "self_attn.o_proj.weight"] = (lambda i=i: grab("wo", i))
        src[pre + "mlp.gate_proj.weight"] = (lambda i=i: grab("w1", i))
        src[pre + "mlp.down_proj.weight"] = (lambda i=i: grab("w2", i))
        src[pre + "mlp.up_proj.weight"] = (lambda i=i: grab("w3", i))
    entries = [TensorEntry(n, s, F32 if is_norm_name(n) else dtype, src[n])
               for n, s in expected_tensors(conf)]
    return conf, entries, p


def export_llama2c(model_path, tok_path, out, dtype=F16):
    conf, entries, p = llama2c_entries(model_path, dtype)
    tok = load_llama2c_tokenizer(tok_path)
    if tok.get("trailing_bytes"):
        raise ExportError("%s: %d trailing bytes" % (os.path.basename(tok_path), tok["trailing_bytes"]))
    if len(tok["pieces"]) > conf["vocab_size"]:
        raise ExportError("vocab mismatch: %s has %d tokens but the model's vocab_size is %d"
                          % (os.path.basename(tok_path), len(tok["pieces"]), conf["vocab_size"]))
    meta = {"source": os.path.basename(model_path), "exported_by": "export.py",
            "dtype": _dtype_name(dtype), "source_format": "llama2c-v%d" % p["version"],
            "tokenizer_source": os.path.basename(tok_path)}
    return write_higgs(out, conf, tok, entries, meta)


# ----------------------------------------------------------------------------------------------
# GGUF (llama.cpp) import: F32/F16/BF16/Q8_0 tensors, llama and qwen2 architectures

GGUF_MAGIC = b"GGUF"
# ggml tensor types: id -> (name, elements per block, bytes per block) for the ones read here; the
# names of the others for the refusal message
GGML_READ = {0: ("F32", 1, 4), 1: ("F16", 1, 2), 8: ("Q8_0", 32, 34), 30: ("BF16", 1, 2)}
GGML_NAMES = {2: "Q4_0", 3: "Q4_1", 6: "Q5_0", 7: "Q5_1", 9: "Q8_1", 10: "Q2_K", 11: "Q3_K", 12: "Q4_K",
              13: "Q5_K", 14: "Q6_K", 15: "Q8_K", 16: "IQ2_XXS", 17: "IQ2_XS", 18: "IQ3_XXS", 19: "IQ1_S",
              20: "IQ4_NL", 21: "IQ3_S", 22: "IQ2_S", 23: "IQ4_XS", 24: "I8", 25: "I16", 26: "I32", 27: "I64",
              28: "F64", 29: "IQ1_M", 34: "TQ1_0", 35: "TQ2_0", 39: "MXFP4"}
GGML_NAMES.update({k: v[0] for k, v in GGML_READ.items()})
# metadata value types: id -> (struct format, size) for scalars; 8 string, 9 array
GGUF_SCALARS = {0: ("<B", 1), 1: ("<b", 1), 2: ("<H", 2), 3: ("<h", 2), 4: ("<I", 4), 5: ("<i", 4),
                6: ("<f", 4), 7: ("<B", 1), 10: ("<Q", 8), 11: ("<q", 8), 12: ("<d", 8)}
GGUF_NP = {0: "u1", 1: "i1", 2: "<u2", 3: "<i2", 4: "<u4", 5: "<i4", 6: "<f4", 10: "<u8", 11: "<i8", 12: "<f8"}
GGUF_INT_TYPES = (0, 1, 2, 3, 4, 5, 10, 11)
GGUF_MAX_TENSORS = 1 << 20
GGUF_MAX_KV = 1 << 20


class GGUFTensor:
    __slots__ = ("name", "dims", "type", "offset", "nbytes")

    def __init__(self, name, dims, ttype, offset, nbytes):
        self.name, self.dims, self.type, self.offset, self.nbytes = name, dims, ttype, offset, nbytes

    @property
    def shape(self):
        """numpy (row-major) shape: the reverse of ggml's ne[] (ne[0] varies fastest)"""
        return tuple(reversed(self.dims))


class _GGUFParser:
    """Bounds-checked reader of a GGUF header, metadata and tensor directory from a mapping."""

    def __init__(self, buf, where):
        self.b, self.p, self.where, self.n = buf, 0, where, len(buf)

    def fail(self, what):
        raise ExportError("%s: %s" % (self.where, what))

    def need(self, k, what):
        if k < 0 or self.p + k > self.n:
            self.fail("truncated GGUF file (%s at byte %d needs %d bytes, the file has %d)"
                      % (what, self.p, k, self.n))

    def scalar(self, fmt, size, what):
        self.need(size, what)
        (v,) = struct.unpack_from(fmt, self.b, self.p)
        self.p += size
        return v

    def u32(self, what):
        return self.scalar("<I", 4, what)

    def u64(self, what):
        return self.scalar("<Q", 8, what)

    def raw_string(self, what, limit=None):
        ln = self.u64(what + " length")
        if limit is not None and ln > limit:
            self.fail("%s is %d bytes long (at most %d)" % (what, ln, limit))
        self.need(ln, what)
        v = bytes(self.b[self.p:self.p + ln])
        self.p += ln
        return v

    def string(self, what, limit=None):
        return self.raw_string(what, limit).decode("utf-8", "replace")

    def value(self, vtype, what, depth=0):
        if vtype in GGUF_SCALARS:
            fmt, size = GGUF_SCALARS[vtype]
            v = self.scalar(fmt, size, what)
            if vtype == 7:
                if v > 1:
                    self.fail("%s: bool value %d" % (what, v))
                return bool(v)
            return v
        if vtype == 8:
            return self.string(what)
        if vtype == 9:
            if depth > 2:
                self.fail("%s: arrays nested too deeply" % what)
            etype = self.u32(what + " element type")
            count = self.u64(what + " element count")
            if etype in GGUF_NP:
                size = GGUF_SCALARS[etype][1]
                if count > (self.n - self.p) // size:
                    self.fail("truncated GGUF file (%s: %d elements of %d bytes do not fit)" % (what, count, size))
                a = np.frombuffer(self.b, dtype=GGUF_NP[etype], count=count, offset=self.p)
                self.p += count * size
                return a
            if etype == 7:
                if count > self.n - self.p:
                    self.fail("truncated GGUF file (%s: %d booleans do not fit)" % (what, count))
                a = np.frombuffer(self.b, dtype="u1", count=count, offset=self.p)
                self.p += count
                return a.astype(bool)
            if etype == 8:   # strings, kept as bytes (token lists)
                if count > (self.n - self.p) // 8:
                    self.fail("truncated GGUF file (%s: %d strings do not fit)" % (what, count))
                out = []
                for _ in range(count):
                    ln = self.u64(what + " element length")
                    self.need(ln, what + " element")
                    out.append(bytes(self.b[self.p:self.p + ln]))
                    self.p += ln
                return out
            if etype == 9:
                if count > (self.n - self.p) // 12:
                    self.fail("truncated GGUF file (%s: %d arrays do not fit)" % (what, count))
                return [self.value(9, what, depth + 1) for _ in range(count)]
            self.fail("%s: unknown array element type %d" % (what, etype))
        self.fail("%s: unknown metadata value type %d" % (what, vtype))


def read_gguf(path):
    """Parse a GGUF v2/v3 file: -> {"version", "kv": {key: value}, "tensors": {name: GGUFTensor},
    "data_offset", "alignment", "buf"} (buf: a read-only numpy uint8 memmap of the whole file)."""
    where = os.path.basename(path)
    try:
        size = os.path.getsize(path)
        if not os.path.isfile(path):
            raise ExportError("%s is not a regular file" % path)
        if size < 24:
            raise ExportError("%s: too small for a GGUF file (%d bytes)" % (where, size))
        buf = np.memmap(path, dtype=np.uint8, mode="r")
    except OSError as e:
        raise ExportError("cannot read %s: %s" % (path, e.strerror or e))
    r = _GGUFParser(buf, where)
    if bytes(buf[:4]) != GGUF_MAGIC:
        r.fail("not a GGUF file (bad magic %r)" % bytes(buf[:4]))
    r.p = 4
    version = r.u32("version")
    if version in (2, 3):
        pass
    elif version == 1:
        r.fail("GGUF version 1 is not supported (an obsolete format; convert the model again)")
    elif version in (0x02000000, 0x03000000):
        r.fail("big-endian GGUF files are not supported")
    else:
        r.fail("unsupported GGUF version %d (supported: 2, 3)" % version)
    n_tensors = r.u64("tensor count")
    n_kv = r.u64("metadata count")
    if n_tensors > GGUF_MAX_TENSORS or n_tensors > (size - r.p) // 32:
        r.fail("implausible tensor count %d for a %d-byte file" % (n_tensors, size))
    if n_kv > GGUF_MAX_KV or n_kv > (size - r.p) // 12:
        r.fail("implausible metadata count %d for a %d-byte file" % (n_kv, size))
    kv = {}
    for i in range(n_kv):
        key = r.string("metadata key %d" % i, limit=65535)
        vtype = r.u32("type of metadata %s" % key)
        if key in kv:
            r.fail("metadata key %s appears twice" % key)
        kv[key] = r.value(vtype, "metadata %s" % key)
    align = kv.get("general.alignment", 32)
    if isinstance(align, (bool, float, str, list, np.ndarray)) or not 8 <= int(align) <= 1 << 20 or int(align) % 8:
        r.fail("bad general.alignment %r" % (align,))
    align = int(align)
    infos = []
    for i in range(n_tensors):
        name = r.string("tensor name %d" % i, limit=1024)
        nd = r.u32("tensor %s dimension count" % name)
        if not 1 <= nd <= 4:
            r.fail("tensor %s has %d dimensions (1 to 4 supported)" % (name, nd))
        dims = [r.u64("tensor %s dimensions" % name) for _ in range(nd)]
        ttype = r.u32("tensor %s type" % name)
        off = r.u64("tensor %s offset" % name)
        infos.append((name, dims, ttype, off))
    data_offset = (r.p + align - 1) // align * align
    if data_offset > size:
        r.fail("truncated GGUF file (tensor data would start at %d, the file has %d bytes)" % (data_offset, size))
    tensors = {}
    for name, dims, ttype, off in infos:
        if name in tensors:
            r.fail("tensor %s appears twice" % name)
        n = 1
        for dd in dims:
            if dd < 1 or dd > 1 << 40:
                r.fail("tensor %s has a bad dimension %d" % (name, dd))
            n *= dd
        if n > 1 << 40:
            r.fail("tensor %s is implausibly large (%d elements)" % (name, n))
        nbytes = None
        if ttype in GGML_READ:
            _tn, blk, bsz = GGML_READ[ttype]
            if dims[0] % blk:
                r.fail("tensor %s: rows of %d elements are not whole %s blocks" % (name, dims[0], _tn))
            nbytes = n // blk * bsz
            if off % align or off > size - data_offset or nbytes > size - data_offset - off:
                r.fail("tensor %s: data at offset %d + %d bytes lies outside the file or is unaligned "
                       "(truncated file?)" % (name, off, nbytes))
        tensors[name] = GGUFTensor(name, dims, ttype, off, nbytes)
    return {"version": version, "kv": kv, "tensors": tensors, "data_offset": data_offset, "alignment": align,
            "buf": buf, "where": where}


class _RowSource:
    """A tensor that is decoded a range of rows at a time (write_higgs slices it by rows)."""
    __slots__ = ("shape", "fetch")

    def __init__(self, shape, fetch):
        self.shape, self.fetch = tuple(shape), fetch

    def __getitem__(self, idx):
        if not isinstance(idx, slice) or idx.step not in (None, 1):
            raise TypeError("row slices only")
        r0, r1, _ = idx.indices(self.shape[0])
        return self.fetch(r0, r1)


def gguf_tensor_source(g, t):
    """A zero-argument loader of GGUF tensor t as a numpy array, BF16Array or _RowSource (Q8_0 is
    dequantized to float32 as rows are written)."""
    if t.type not in GGML_READ:
        raise ExportError("%s: tensor %s has type %s, which cannot be imported (only F32, F16, BF16 and Q8_0; "
                          "k-quants and other quantized types are refused: convert from a higher-precision file)"
                          % (g["where"], t.name, GGML_NAMES.get(t.type, "%d (unknown)" % t.type)))
    shape = t.shape
    start = g["data_offset"] + t.offset

    def load():
        raw = g["buf"][start:start + t.nbytes]
        if t.type == 0:
            return raw.view("<f4").reshape(shape)
        if t.type == 1:
            return raw.view("<f2").reshape(shape)
        if t.type == 30:
            return BF16Array(raw.view("<u2").reshape(shape))
        cols = t.dims[0]
        rows = t.nbytes // (cols // 32 * 34)
        blocks = raw.view(np.dtype([("d", "<f2"), ("q", "i1", (32,))])).reshape(rows, cols // 32)

        def fetch(r0, r1):
            b = blocks[r0:r1]
            w = b["d"].astype(np.float32)[:, :, None] * b["q"].astype(np.float32)
            return w.reshape(r1 - r0, cols)
        if len(shape) == 1:
            return fetch(0, 1).reshape(shape)
        return _RowSource((rows, cols), fetch)
    return load


def _gguf_materialize(a):
    """a loaded GGUF tensor in memory: float32 ndarray or BF16Array"""
    if isinstance(a, _RowSource):
        return a[0:a.shape[0]]
    if isinstance(a, BF16Array):
        return BF16Array(np.array(a.bits))
    return np.array(a)


def _gguf_unpermute(loader, n_heads):
    """llama.cpp's converter stores a Llama model's q and k rows in Meta's interleaved RoPE layout
    (its LlamaModel.permute, with the key/value head count for k); back to HF rotate-half rows"""
    def load():
        a = _gguf_materialize(loader())
        if isinstance(a, BF16Array):
            return BF16Array(permute_interleaved_to_half(a.bits, n_heads))
        return permute_interleaved_to_half(a, n_heads)
    return load


def _llama3_factors(theta, head_dim, factor, lo, hi, orig):
    """rope_freqs.weight as llama.cpp's converter computes it for llama3 rope scaling"""
    freqs = 1.0 / (np.float32(theta) ** (np.arange(0, head_dim, 2, dtype=np.float32) / np.float32(head_dim)))
    out = []
    for f in freqs.astype(np.float64):
        wavelen = 2 * np.pi / f
        if wavelen < orig / hi:
            out.append(1.0)
        elif wavelen > orig / lo:
            out.append(factor)
        else:
            smooth = (orig / wavelen - lo) / (hi - lo)
            out.append(1.0 / ((1 - smooth) / factor + smooth))
    return np.array(out)


GGUF_ARCHS = ("llama", "qwen2")
GGUF_LAYER_NAMES = {"attn_norm.weight": "input_layernorm.weight", "attn_q.weight": "self_attn.q_proj.weight",
                    "attn_k.weight": "self_attn.k_proj.weight", "attn_v.weight": "self_attn.v_proj.weight",
                    "attn_output.weight": "self_attn.o_proj.weight", "ffn_norm.weight": "post_attention_layernorm.weight",
                    "ffn_gate.weight": "mlp.gate_proj.weight", "ffn_up.weight": "mlp.up_proj.weight",
                    "ffn_down.weight": "mlp.down_proj.weight", "attn_q.bias": "self_attn.q_proj.bias",
                    "attn_k.bias": "self_attn.k_proj.bias", "attn_v.bias": "self_attn.v_proj.bias"}
GGUF_GLOBAL_NAMES = {"token_embd.weight": "model.embed_tokens.weight", "output_norm.weight": "model.norm.weight",
                     "output.weight": "lm_head.weight"}
GGUF_PRETOK = {"llama-bpe": PRETOK_LLAMA3, "llama3": PRETOK_LLAMA3, "llama-v3": PRETOK_LLAMA3,
               "qwen2": PRETOK_QWEN2, "smollm": PRETOK_SMOLLM, "gpt-2": PRETOK_GPT2, "gpt2": PRETOK_GPT2}


def _gguf_name_of(hf_name):
    """the GGUF name of an HF tensor name"""
    for k, v in GGUF_GLOBAL_NAMES.items():
        if v == hf_name:
            return k
    m = re.fullmatch(r"model\.layers\.(\d+)\.(.+)", hf_name)
    for k, v in GGUF_LAYER_NAMES.items():
        if m and v == m.group(2):
            return "blk.%s.%s" % (m.group(1), k)
    return hf_name


def _gguf_get(kv, key, kind, default=None, where=""):
    """metadata value of a kind ('int', 'float', 'bool', 'str'); missing -> default (None: required)"""
    if key not in kv:
        if default is None:
            raise ExportError("%s: missing metadata %s" % (where, key))
        return default
    v = kv[key]
    if isinstance(v, np.ndarray) and kind in ("int", "float") and v.ndim == 1 and v.size:
        if not (v == v[0]).all():   # per-layer values: only uniform ones
            raise ExportError("%s: %s differs between layers, which is not supported" % (where, key))
        v = v[0].item()
    if kind == "int" and isinstance(v, int) and not isinstance(v, bool):
        return int(v)
    if kind == "float" and isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    if kind == "bool" and isinstance(v, bool):
        return v
    if kind == "str" and isinstance(v, str):
        return v
    raise ExportError("%s: metadata %s has the wrong type (%s, expected %s)" % (where, key, type(v).__name__, kind))


def _gguf_ids(kv, key, n, where):
    v = kv.get(key)
    if v is None:
        return -1
    v = _gguf_get(kv, key, "int", where=where)
    return v if 0 <= v < n else -1


def gguf_tokenizer(kv, where):
    """The TOKN dict of a GGUF file's tokenizer.ggml.* metadata: "llama" (SentencePiece: tokens,
    scores, token types) or "gpt2" (byte-level BPE: tokens and merges, pre-tokenizer from
    tokenizer.ggml.pre)."""
    model = _gguf_get(kv, "tokenizer.ggml.model", "str", where=where)
    tokens = kv.get("tokenizer.ggml.tokens")
    if not isinstance(tokens, list) or not tokens:
        raise ExportError("%s: tokenizer.ggml.tokens is missing or not a list of strings" % where)
    n = len(tokens)
    types = kv.get("tokenizer.ggml.token_type")
    if types is None:
        kinds = [KIND_NORMAL] * n
    else:
        if not isinstance(types, np.ndarray) or types.dtype.kind not in "iu" or len(types) != n:
            raise ExportError("%s: tokenizer.ggml.token_type must be %d integers" % (where, n))
        kinds = [int(k) if 1 <= k <= 6 else KIND_NORMAL for k in types.tolist()]
    bos = _gguf_ids(kv, "tokenizer.ggml.bos_token_id", n, where)
    eos = _gguf_ids(kv, "tokenizer.ggml.eos_token_id", n, where)
    unk = _gguf_ids(kv, "tokenizer.ggml.unknown_token_id", n, where)
    pad = _gguf_ids(kv, "tokenizer.ggml.padding_token_id", n, where)
    extra_stops = [_gguf_ids(kv, "tokenizer.ggml.eot_token_id", n, where),
                   _gguf_ids(kv, "tokenizer.ggml.eom_token_id", n, where)]
    if model == "llama":
        scores = kv.get("tokenizer.ggml.scores")
        if not isinstance(scores, np.ndarray) or scores.dtype.kind != "f" or len(scores) != n:
            raise ExportError("%s: tokenizer.ggml.scores must be %d floats" % (where, n))
        if not np.isfinite(scores).all():
            raise ExportError("%s: tokenizer.ggml.scores has non-finite values" % where)
        pieces = [(t, float(sc), k) for t, sc, k in zip(tokens, scores.tolist(), kinds)]
        if unk < 0:
            unk = next((i for i, k in enumerate(kinds) if k == KIND_UNKNOWN), -1)
        flags = 0
        if _gguf_get(kv, "tokenizer.ggml.add_space_prefix", "bool", True, where):
            flags |= FLAG_ADD_DUMMY_PREFIX
        if _gguf_get(kv, "tokenizer.ggml.remove_extra_whitespaces", "bool", False, where):
            flags |= FLAG_REMOVE_EXTRA_WS
        if KIND_BYTE in kinds:
            flags |= FLAG_BYTE_FALLBACK
        if _gguf_get(kv, "tokenizer.ggml.add_bos_token", "bool", True, where) and bos >= 0:
            flags |= FLAG_ADD_BOS
        ttype, pretok, merges = TOK_SPM, PRETOK_NONE, []
    elif model == "gpt2":
        pre = _gguf_get(kv, "tokenizer.ggml.pre", "str", "default", where)
        if pre not in GGUF_PRETOK:
            raise ExportError("%s: unsupported pre-tokenizer tokenizer.ggml.pre = %r (supported: %s)"
                              % (where, pre, ", ".join(sorted(GGUF_PRETOK))))
        pretok = GGUF_PRETOK[pre]
        strs = [t.decode("utf-8", "surrogateescape") for t in tokens]
        pieces, bad = [], 0
        for s_, k in zip(strs, kinds):
            if k in (KIND_CONTROL, KIND_USER, KIND_UNUSED):
                b = s_.encode("utf-8", "surrogateescape")
            else:
                b = _unbyte(s_)
                if b is None:
                    bad += 1
                    b = s_.encode("utf-8", "surrogateescape")
            pieces.append((b, 0.0, k))
        if bad:
            warn("%s: %d tokens are not byte-level encoded (kept as UTF-8)" % (where, bad))
        vocab = {}
        for i, s_ in enumerate(strs):
            vocab.setdefault(s_, i)
        raw_merges = kv.get("tokenizer.ggml.merges")
        if not isinstance(raw_merges, list):
            raise ExportError("%s: tokenizer.ggml.merges is missing or not a list of strings" % where)
        merges = []
        for rank, m in enumerate(raw_merges):
            parts = m.decode("utf-8", "surrogateescape").split(" ")
            if len(parts) != 2 or parts[0] not in vocab or parts[1] not in vocab:
                raise ExportError("%s: merge #%d %r: not two tokens of the vocabulary" % (where, rank, m[:60]))
            if parts[0] + parts[1] not in vocab:
                raise ExportError("%s: merge #%d %r: result not in the vocabulary" % (where, rank, m[:60]))
            merges.append((vocab[parts[0]], vocab[parts[1]]))
        scores = byte_level_scores(pieces, merges)
        pieces = [(b, sc, k) for (b, _s, k), sc in zip(pieces, scores)]
        flags = 0
        if _gguf_get(kv, "tokenizer.ggml.add_bos_token", "bool", False, where) and bos >= 0:
            flags |= FLAG_ADD_BOS
        ttype = TOK_BYTELEVEL
    else:
        raise ExportError("%s: unsupported tokenizer.ggml.model %r (supported: llama, gpt2)" % (where, model))
    index = {}
    for i, (b, _s, k) in enumerate(pieces):
        if k == KIND_CONTROL:
            index.setdefault(b, i)
    stops = _dedup([eos] + extra_stops + [index.get(s.encode()) for s in STOP_TOKEN_NAMES])
    return {"type": ttype, "flags": flags, "pretokenizer": pretok, "bos_id": bos, "eos_id": eos,
            "unk_id": unk, "pad_id": pad, "stop_ids": stops, "pieces": pieces, "merges": merges}


def export_gguf(path, out, dtype=F16):
    g = read_gguf(path)
    kv, tensors, where = g["kv"], g["tensors"], g["where"]
    arch = _gguf_get(kv, "general.architecture", "str", where=where)
    if arch not in GGUF_ARCHS:
        raise ExportError("%s: unsupported architecture %r (supported: %s)" % (where, arch, ", ".join(GGUF_ARCHS)))

    def get(key, kind, default=None):
        return _gguf_get(kv, "%s.%s" % (arch, key), kind, default, where)
    if get("expert_count", "int", 0):
        raise ExportError("%s: mixture-of-experts models are not supported" % where)
    dim = get("embedding_length", "int")
    nh = get("attention.head_count", "int")
    nkv = get("attention.head_count_kv", "int", nh)
    n_layers = get("block_count", "int")
    for k, v in (("embedding_length", dim), ("attention.head_count", nh), ("attention.head_count_kv", nkv),
                 ("block_count", n_layers)):
        if not 0 < v <= 1 << 24:
            raise ExportError("%s: implausible %s.%s = %d" % (where, arch, k, v))
    if nh % nkv:
        raise ExportError("%s: head_count_kv %d does not divide head_count %d" % (where, nkv, nh))
    hd = get("attention.key_length", "int", dim // nh)
    if get("attention.value_length", "int", hd) != hd:
        raise ExportError("%s: key and value heads of different sizes are not supported" % where)
    if get("rope.dimension_count", "int", hd) != hd:
        raise ExportError("%s: partial RoPE (rope.dimension_count %d < head size %d) is not supported"
                          % (where, get("rope.dimension_count", "int"), hd))
    rs_type = get("rope.scaling.type", "str", "none")
    if rs_type not in ("none", "") or get("rope.scale_linear", "float", 1.0) != 1.0:
        raise ExportError("%s: rope scaling %r is not supported" % (where, rs_type))
    theta = get("rope.freq_base", "float", 10000.0)
    emb = tensors.get("token_embd.weight")
    if emb is None or len(emb.dims) != 2:
        raise ExportError("%s: missing tensor token_embd.weight" % where)
    vocab = emb.shape[0]
    seq_len = get("context_length", "int")
    window = get("attention.sliding_window", "int", 0)
    conf = {"dim": dim, "hidden_dim": get("feed_forward_length", "int"), "n_layers": n_layers, "n_heads": nh,
            "n_kv_heads": nkv, "head_dim": hd, "vocab_size": vocab, "seq_len": seq_len, "rope_theta": theta,
            "rope_scaling_type": 0, "rope_factor": 1.0, "rope_low_freq_factor": 1.0, "rope_high_freq_factor": 1.0,
            "rope_original_max_pos": 0, "rms_norm_eps": get("attention.layer_norm_rms_epsilon", "float"),
            "tied_embeddings": 0 if "output.weight" in tensors else 1, "bos_id": -1, "eos_id": -1, "arch": arch,
            "sliding_window": window if 0 < window < seq_len else 0}
    tok = gguf_tokenizer(kv, where)
    if len(tok["pieces"]) > vocab:
        raise ExportError("%s: vocab mismatch: %d tokens but token_embd.weight has %d rows"
                          % (where, len(tok["pieces"]), vocab))
    conf["bos_id"], conf["eos_id"] = tok["bos_id"], tok["eos_id"]
    # tensors: GGUF names -> HF names
    hf = {}
    for name, t in tensors.items():
        if name in GGUF_GLOBAL_NAMES:
            hf[GGUF_GLOBAL_NAMES[name]] = t
            continue
        if name == "rope_freqs.weight":
            continue
        m = re.fullmatch(r"blk\.(\d+)\.(.+)", name)
        if m and m.group(2) in GGUF_LAYER_NAMES and int(m.group(1)) < n_layers and str(int(m.group(1))) == m.group(1):
            hf["model.layers.%s.%s" % (m.group(1), GGUF_LAYER_NAMES[m.group(2)])] = t
            continue
        raise ExportError("%s: tensor %s is not part of a %s model this runtime computes (unsupported variant)"
                          % (where, name, arch))
    if "rope_freqs.weight" in tensors:   # llama3 rope scaling, stored as per-frequency divisors
        rf = tensors["rope_freqs.weight"]
        if rf.shape != (hd // 2,) or rf.type != 0:
            raise ExportError("%s: rope_freqs.weight must be F32 [%d]" % (where, hd // 2))
        f = np.asarray(gguf_tensor_source(g, rf)(), dtype=np.float64)
        if not np.allclose(f, 1.0):
            fac = float(f.max())
            fitted = None
            for lo, hi, orig in ((1.0, 4.0, 8192),):
                if np.allclose(_llama3_factors(theta, hd, fac, lo, hi, orig), f, rtol=1e-4, atol=0):
                    fitted = (fac, lo, hi, orig)
            if fitted is None:
                raise ExportError("%s: rope_freqs.weight is not llama3 rope scaling with low/high frequency "
                                  "factors 1/4 and an original context of 8192; not supported" % where)
            conf.update(rope_scaling_type=1, rope_factor=fitted[0], rope_low_freq_factor=fitted[1],
                        rope_high_freq_factor=fitted[2], rope_original_max_pos=fitted[3])
    if arch != "qwen2" and any(n.endswith(".bias") for n in hf):
        raise ExportError("%s: bias tensors are not supported for %s" % (where, arch))
    entries = []
    biases = dict(bias_tensors(conf))
    for name, shape in expected_tensors(conf) + [(n, s) for n, s in biases.items() if n in hf]:
        t = hf.get(name)
        if t is None:
            raise ExportError("%s: missing tensor %s" % (where, _gguf_name_of(name)))
        if t.shape != tuple(shape):
            raise ExportError("%s: shape mismatch for %s: expected %s, got %s" % (where, t.name, list(shape), list(t.shape)))
        loader = gguf_tensor_source(g, t)
        if arch == "llama" and name.endswith(("q_proj.weight", "k_proj.weight")):
            loader = _gguf_unpermute(loader, nh if name.endswith("q_proj.weight") else nkv)
        entries.append(TensorEntry(name, shape, F32 if is_f32_name(name) else dtype, loader))
    meta = {"source": os.path.basename(path), "exported_by": "export.py", "dtype": _dtype_name(dtype),
            "source_format": "gguf-v%d" % g["version"], "gguf_architecture": arch,
            "tokenizer_source": "gguf %s" % kv.get("tokenizer.ggml.model")}
    if isinstance(kv.get("general.name"), str):
        meta["gguf_name"] = kv["general.name"][:200]
    if conf["sliding_window"]:
        meta["sliding_window"] = str(conf["sliding_window"])
    return write_higgs(out, conf, tok, entries, meta)


# ----------------------------------------------------------------------------------------------
# --tokenizer-only and --info

def load_any_tokenizer(path):
    try:
        with open(path, "rb") as f:
            head = f.read(8)
    except OSError as e:
        raise ExportError("cannot read %s: %s" % (path, e.strerror or e))
    if head == MAGIC:
        return read_higgs(path, load_tensors=False)["tokenizer"]
    if path.endswith(".json") or head[:1] == b"{":
        cfg = _read_json_opt(os.path.join(os.path.dirname(path), "config.json"))
        return load_tokenizer_json(path, cfg)
    return load_sentencepiece_model(path)


def export_tokenizer_only(src, out):
    tok = load_any_tokenizer(src)
    data = tokn_to_llama2c_bytes(tok)
    _atomic_write_bytes(out, data)
    print("wrote %s: %d tokens, %d bytes" % (out, len(tok["pieces"]), len(data)))


def _flags_str(flags):
    s = [n for b, n in FLAG_NAMES if flags & b]
    return "|".join(s) if s else "0"


def print_info(path, verify=False):
    h = read_higgs(path, load_tensors=False, verify_data=verify)
    hd = h["header"]
    print("file %s: %d bytes, version %d, meta_size %d, data_offset %d, data_size %d, %d tensors"
          % (path, hd["file_size"], hd["version"], hd["meta_size"], hd["data_offset"],
             hd["data_size"], hd["n_tensors"]))
    print("meta_crc %08x (ok)  data_crc %08x%s" % (hd["meta_crc"], hd["data_crc"],
                                                  "" if h["data_crc_ok"] is None else
                                                  (" (ok)" if h["data_crc_ok"] else " (MISMATCH)")))
    print("sections: %s" % " ".join(h["sections"]))
    print("config:")
    for k in CONF_FIELDS:
        v = h["config"][k]
        print("  %-22s %s" % (k, ("%.7g" % v) if isinstance(v, float) else v))
    t = h["tokenizer"]
    kinds = {}
    for _b, _s, k in t["pieces"]:
        kinds[k] = kinds.get(k, 0) + 1
    print("tokenizer: type %d (%s), %d pieces, %d merges, flags %s, pretokenizer %d"
          % (t["type"], {1: "sentencepiece-bpe", 2: "byte-level-bpe"}.get(t["type"], "?"),
             len(t["pieces"]), len(t["merges"]), _flags_str(t["flags"]), t["pretokenizer"]))
    print("  bos %d eos %d unk %d pad %d stop %s kinds %s"
          % (t["bos_id"], t["eos_id"], t["unk_id"], t["pad_id"], t["stop_ids"],
             " ".join("%d:%d" % kv for kv in sorted(kinds.items()))))
    print("  first pieces: %s" % " ".join(repr(b)[1:] for b, _s, _k in t["pieces"][:12]))
    if h["meta"]:
        print("metadata:")
        for k, v in h["meta"].items():
            print("  %s = %s" % (k, v))
    print("tensors:")
    total = 0
    for e in h["tensors"]:
        total += int(np.prod(e["shape"]))
        print("  %-48s %-5s %-14s offset %-12d nbytes %d"
              % (e["name"], TYPE_NAMES.get(e["type"], str(e["type"])),
                 "x".join(str(x) for x in e["shape"]), e["offset"], e["nbytes"]))
    print("total params: %s" % f"{total:,}")
    if verify and not h["data_crc_ok"]:
        raise ExportError("%s: data_crc mismatch" % path)


# ----------------------------------------------------------------------------------------------
# CLI

def main(argv=None):
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message):  # exit 1 on a usage error, as run and quantize do (argparse: 2)
            self.print_usage(sys.stderr)
            self.exit(1, "%s: error: %s\n" % (self.prog, message))
    ap = Parser(prog="export.py", description="Convert checkpoints to .higgs (docs/format.md).")
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--hf", metavar="DIR", help="Hugging Face Llama/Mistral/Qwen2/Phi-3 directory")
    mode.add_argument("--llama2c", metavar="MODEL.bin", help="llama2.c checkpoint (v0 or v1)")
    mode.add_argument("--gguf", metavar="FILE.gguf", help="llama.cpp GGUF file (llama, qwen2; F32/F16/BF16/Q8_0)")
    mode.add_argument("--tokenizer-only", metavar="TOKENIZER",
                      help="tokenizer.model, tokenizer.json or .higgs -> llama2.c tokenizer.bin")
    mode.add_argument("--info", metavar="FILE.higgs", help="describe a .higgs file")
    ap.add_argument("--tokenizer", metavar="tokenizer.bin", help="llama2.c tokenizer (with --llama2c)")
    ap.add_argument("--dtype", choices=sorted(DTYPE_ARG), default="f16",
                    help="type of linear layers, embeddings and head (default f16; norms stay f32)")
    ap.add_argument("--verify", action="store_true", help="with --info: also check data_crc")
    ap.add_argument("out", nargs="?", help="output file")
    a = ap.parse_args(argv)
    if a.info:
        if a.out:
            ap.error("--info takes no output file")
        print_info(a.info, a.verify)
        return 0
    if not a.out:
        ap.error("missing output file")
    if a.hf:
        export_hf(a.hf, a.out, DTYPE_ARG[a.dtype])
    elif a.gguf:
        export_gguf(a.gguf, a.out, DTYPE_ARG[a.dtype])
    elif a.llama2c:
        if not a.tokenizer:
            ap.error("--llama2c needs --tokenizer tokenizer.bin")
        export_llama2c(a.llama2c, a.tokenizer, a.out, DTYPE_ARG[a.dtype])
    else:
        export_tokenizer_only(a.tokenizer_only, a.out)
    return 0


def _cli():
    try:
        sys.exit(main())
    except ExportError as e:
        sys.stderr.write("export.py: error: %s\n" % e)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.stderr.write("export.py: interrupted\n")
        sys.exit(130)
    except (OSError, MemoryError) as e:
        if os.environ.get("HIGGS_EXPORT_DEBUG"):
            raise
        sys.stderr.write("export.py: error: %s\n" % (e,))
        sys.exit(1)
    except Exception as e:  # unexpected: still one line unless debugging
        if os.environ.get("HIGGS_EXPORT_DEBUG"):
            raise
        sys.stderr.write("export.py: internal error: %s: %s (set HIGGS_EXPORT_DEBUG=1 for a "
                         "traceback)\n" % (type(e).__name__, str(e).replace("\n", " ")))
        sys.exit(1)


if __name__ == "__main__":
    _cli()
