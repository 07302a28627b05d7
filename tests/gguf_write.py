"""A small GGUF writer for the tests (numpy only), written from the format description
(ggml's docs/gguf.md): header "GGUF", version, u64 tensor count, u64 metadata count; metadata
as (string key, u32 value type, value); tensor infos (string name, u32 n_dims, u64 ne[n_dims] with
ne[0] the fastest-varying dimension, u32 ggml type, u64 offset from the data start); zero padding to
general.alignment (default 32); tensor data, each tensor at a multiple of the alignment.
Strings are u64 length + bytes (version 2 and 3; version 1, with u32 counts, is not written).

    from gguf_write import write_gguf, Q8_0, F16, F32, BF16, q8_0_roundtrip
    layout = write_gguf(path, [("general.architecture", "llama"), ...], [(name, array, F16), ...])

Metadata values: str (string), bool, int (uint32), float (float32), or (type, value) with an
explicit type (UINT64 ...), or (ARRAY, element type, list). `layout` gives the byte offsets of the
fields (for the malformed-file tests).
"""
import struct

import numpy as np

UINT8, INT8, UINT16, INT16, UINT32, INT32, FLOAT32, BOOL, STRING, ARRAY, UINT64, INT64, FLOAT64 = range(13)
F32, F16, Q8_0, BF16, Q4_K = 0, 1, 8, 30, 12
_SCALAR = {UINT8: "<B", INT8: "<b", UINT16: "<H", INT16: "<h", UINT32: "<I", INT32: "<i", FLOAT32: "<f",
           BOOL: "<B", UINT64: "<Q", INT64: "<q", FLOAT64: "<d"}
_NP = {UINT8: "u1", INT8: "i1", UINT16: "<u2", INT16: "<i2", UINT32: "<u4", INT32: "<i4", FLOAT32: "<f4",
       UINT64: "<u8", INT64: "<i8", FLOAT64: "<f8"}


def _string(b):
    if isinstance(b, str):
        b = b.encode("utf-8")
    return struct.pack("<Q", len(b)) + b


def _typed(v):
    if isinstance(v, tuple):
        return v
    if isinstance(v, bool):
        return (BOOL, v)
    if isinstance(v, int):
        return (UINT32, v)
    if isinstance(v, float):
        return (FLOAT32, v)
    if isinstance(v, (str, bytes)):
        return (STRING, v)
    raise TypeError("metadata value %r" % (v,))


def _value(vt, v):
    if vt == STRING:
        return _string(v)
    if vt == ARRAY:
        et, items = v
        head = struct.pack("<IQ", et, len(items))
        if et == STRING:
            return head + b"".join(_string(x) for x in items)
        if et == BOOL:
            return head + bytes(1 if x else 0 for x in items)
        return head + np.asarray(items, dtype=_NP[et]).tobytes()
    return struct.pack(_SCALAR[vt], v)


def bf16_bits(a):
    """float32 -> bfloat16 bit patterns, round to nearest even"""
    u = np.ascontiguousarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)


def q8_0_encode(a):
    """rows of a float array (a multiple of 32 wide) -> Q8_0 bytes: per block of 32, an fp16 scale
    d = max|x| / 127 and 32 int8 q = round(x / d)"""
    a = np.asarray(a, dtype=np.float32)
    blocks = a.reshape(-1, 32)
    d = np.abs(blocks).max(axis=1) / 127.0
    inv = np.where(d > 0, 1.0 / np.where(d > 0, d, 1), 0)
    q = np.clip(np.rint(blocks * inv[:, None]), -127, 127).astype(np.int8)
    out = np.zeros(len(blocks), dtype=[("d", "<f2"), ("q", "i1", (32,))])
    out["d"] = d.astype(np.float16)
    out["q"] = q
    return out.tobytes()


def q8_0_roundtrip(a):
    """the values a Q8_0 tensor written by q8_0_encode holds (fp16 scale times int8), float32"""
    raw = np.frombuffer(q8_0_encode(a), dtype=[("d", "<f2"), ("q", "i1", (32,))])
    return (raw["d"].astype(np.float32)[:, None] * raw["q"].astype(np.float32)).reshape(np.shape(a))


def tensor_bytes(a, ttype):
    if ttype == F32:
        return np.ascontiguousarray(a, dtype="<f4").tobytes()
    if ttype == F16:
        return np.ascontiguousarray(a, dtype="<f2").tobytes()
    if ttype == BF16:
        return bf16_bits(a).tobytes()
    if ttype == Q8_0:
        return q8_0_encode(a)
    if ttype == Q4_K:   # only for refusal tests: the right size (144 bytes per 256), zero content
        return bytes(np.asarray(a).size // 256 * 144)
    raise ValueError("type %d" % ttype)


def write_gguf(path, kv, tensors, version=3, alignment=None):
    """kv: [(key, value)]; tensors: [(name, numpy array in row-major shape, ggml type)] -> layout
    {"tensor_count", "kv_count": offsets, "kv": {key: (key offset, type offset, value offset)},
    "tensors": {name: {"n_dims", "dims", "type", "offset"}: offsets}, "data": data start,
    "size": file size}"""
    if alignment is None:   # general.alignment when the metadata has it, else GGUF's default 32
        alignment = next((_typed(v)[1] for k, v in kv if k == "general.alignment"), 32)
    out = bytearray(b"GGUF" + struct.pack("<I", version))
    layout = {"tensor_count": len(out)}
    out += struct.pack("<Q", len(tensors))
    layout["kv_count"] = len(out)
    out += struct.pack("<Q", len(kv))
    layout["kv"] = {}
    for key, v in kv:
        vt, val = _typed(v)
        k_off = len(out)
        out += _string(key)
        t_off = len(out)
        out += struct.pack("<I", vt)
        layout["kv"][key] = (k_off, t_off, len(out))
        out += _value(vt, val)
    blobs, off = [], 0
    layout["tensors"] = {}
    for name, a, ttype in tensors:
        raw = tensor_bytes(a, ttype)
        ne = list(reversed(np.shape(a)))
        info = {"name": len(out)}
        out += _string(name)
        info["n_dims"] = len(out)
        out += struct.pack("<I", len(ne))
        info["dims"] = len(out)
        out += struct.pack("<%dQ" % len(ne), *ne)
        info["type"] = len(out)
        out += struct.pack("<I", ttype)
        info["offset"] = len(out)
        out += struct.pack("<Q", off)
        info["data_offset"], info["nbytes"] = off, len(raw)
        layout["tensors"][name] = info
        blobs.append((off, raw))
        off = (off + len(raw) + alignment - 1) // alignment * alignment
    pad = (-len(out)) % alignment
    out += bytes(pad)
    layout["data"] = len(out)
    for o, raw in blobs:
        out += bytes(layout["data"] + o - len(out))
        out += raw
    with open(path, "wb") as f:
        f.write(out)
    layout["size"] = len(out)
    return layout
