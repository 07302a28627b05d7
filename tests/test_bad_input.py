#!/usr/bin/env python3
"""Bad-input tests: ./run-san and ./quantize-san (ASan + UBSan builds) against truncated,
corrupted and semantically invalid .higgs files, bad tokenizer.bin files and bad CLI use; and
export.py --gguf against truncated, corrupted and unsupported GGUF files (written by
tests/gguf_write.py, then cut or patched at the offsets the writer reports).

    /usr/bin/python3 tests/test_bad_input.py [-v] [name-substring ...]

Every bad input must end the program with exit code 1 (no signal, no sanitizer report) and a
single stderr line "run: error: ..." / "quantize: error: ..." / "export.py: error: ...". quantize
and export.py must leave neither their output nor a temporary file behind. Files are corrupted through a small parser of the format
(docs/format.md) written here, so no offset is hard-coded. Prints PASS/FAIL per case and exits
non-zero on any failure.
"""
import glob
import hashlib
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from concurrent.futures import ThreadPoolExecutor

try:
    import numpy  # noqa: F401  (tests/make_synthetic.py needs it)
except ImportError:  # e.g. a pyenv python3 first on PATH: retry with the system one
    if not os.environ.get("_reexec_guard") and os.access("/usr/bin/python3", os.X_OK):
        os.environ["_reexec_guard"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:])
    print("FAIL import numpy (install python3-numpy)")
    sys.exit(1)
os.environ.pop("_reexec_guard", None)

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)
import numpy as np  # noqa: E402
from make_synthetic import make_checkpoint  # noqa: E402
import gguf_write as gw  # noqa: E402

RUN = os.path.join(ROOT, "run-san")
QUANT = os.path.join(ROOT, "quantize-san")
TOKENIZER_MODEL = os.path.join(ROOT, "models", "brown-hf", "tokenizer.model")
TIMEOUT = 20
WORKERS = 4
SAN_MARKERS = ("AddressSanitizer", "runtime error", "LeakSanitizer", "UndefinedBehaviorSanitizer")
ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0",
           UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1", OMP_NUM_THREADS="1")

# ------------------------------------------------------------------------------------------
# a tiny reader/writer of the .higgs layout (docs/format.md)

HEADER = struct.Struct("<8sIIQQQIIIIQ")       # 64 bytes
assert HEADER.size == 64
HEADER_FIELDS = ("magic", "version", "header_size", "meta_size", "data_offset", "data_size",
                 "meta_crc", "data_crc", "n_tensors", "flags", "reserved")
HEADER_OFF = {}
_o = 0
for _name, _fmt in zip(HEADER_FIELDS, ("8s", "I", "I", "Q", "Q", "Q", "I", "I", "I", "I", "Q")):
    HEADER_OFF[_name] = (_o, "<" + _fmt)
    _o += struct.calcsize("<" + _fmt)

CONF_FIELDS = [("dim", "I"), ("hidden_dim", "I"), ("n_layers", "I"), ("n_heads", "I"),
               ("n_kv_heads", "I"), ("head_dim", "I"), ("vocab_size", "I"), ("seq_len", "I"),
               ("rope_theta", "f"), ("rope_scaling_type", "I"), ("rope_factor", "f"),
               ("rope_low_freq_factor", "f"), ("rope_high_freq_factor", "f"),
               ("rope_original_max_pos", "I"), ("rms_norm_eps", "f"), ("tied_embeddings", "I"),
               ("bos_id", "i"), ("eos_id", "i"), ("arch", "32s")]
CONF_OFF = {}
_o = 0
for _name, _fmt in CONF_FIELDS:
    CONF_OFF[_name] = (_o, "<" + _fmt)
    _o += struct.calcsize("<" + _fmt)
CONF_SIZE = _o
assert CONF_SIZE == 104

TOKN_FIELDS = [("type", "I"), ("n_pieces", "I"), ("flags", "I"), ("pretokenizer", "I"),
               ("bos_id", "i"), ("eos_id", "i"), ("unk_id", "i"), ("pad_id", "i"), ("n_stop", "I")]


def align64(x):
    return (x + 63) // 64 * 64


class Higgs:
    """Absolute byte offsets of every field of a .higgs file."""

    def __init__(self, buf):
        buf = bytes(buf)
        self.buf = buf
        self.h = dict(zip(HEADER_FIELDS, HEADER.unpack_from(buf, 0)))
        # sections
        self.sections = []
        pos, end = 64, 64 + self.h["meta_size"]
        while pos < end:
            tag = buf[pos:pos + 4]
            length = struct.unpack_from("<Q", buf, pos + 8)[0]
            self.sections.append({"tag": tag, "hdr": pos, "len_off": pos + 8, "payload": pos + 16,
                                  "length": length, "end": pos + 16 + length})
            pos += 16 + length
        assert pos == end, "meta block does not end on a section boundary"
        self.sec = {s["tag"]: s for s in self.sections}
        # CONF
        base = self.sec[b"CONF"]["payload"]
        self.conf_off = {k: base + o for k, (o, _) in CONF_OFF.items()}
        self.conf = {k: struct.unpack_from(f, buf, base + o)[0] for k, (o, f) in CONF_OFF.items()}
        # TOKN
        p = self.sec[b"TOKN"]["payload"]
        self.tok_off, self.tok = {}, {}
        for name, f in TOKN_FIELDS:
            self.tok_off[name] = p
            self.tok[name] = struct.unpack_from("<" + f, buf, p)[0]
            p += 4
        self.stop_off = [p + 4 * i for i in range(self.tok["n_stop"])]
        p += 4 * self.tok["n_stop"]
        self.pieces = []
        for _ in range(self.tok["n_pieces"]):
            n = struct.unpack_from("<H", buf, p + 5)[0]
            self.pieces.append({"score": p, "kind": p + 4, "len_off": p + 5, "bytes": p + 7, "len": n,
                                "text": buf[p + 7:p + 7 + n]})
            p += 7 + n
        self.n_merges_off = p
        self.n_merges = struct.unpack_from("<I", buf, p)[0]
        self.merges_off = p + 4
        assert p + 4 + 8 * self.n_merges == self.sec[b"TOKN"]["end"], "TOKN walk mismatch"
        # TDIR
        p = self.sec[b"TDIR"]["payload"]
        self.tensors = []
        for _ in range(self.h["n_tensors"]):
            n = struct.unpack_from("<H", buf, p)[0]
            a = p + 2 + n
            t = {"start": p, "name_len_off": p, "name_off": p + 2, "name": buf[p + 2:a].decode(),
                 "type_off": a, "ndim_off": a + 4, "shape_off": a + 8, "params_off": a + 40,
                 "offset_off": a + 56, "nbytes_off": a + 64, "end": a + 72}
            t["type"], t["ndim"] = struct.unpack_from("<II", buf, a)
            t["shape"] = list(struct.unpack_from("<4Q", buf, a + 8))
            t["offset"], t["nbytes"] = struct.unpack_from("<QQ", buf, a + 56)
            self.tensors.append(t)
            p = a + 72
        assert p == self.sec[b"TDIR"]["end"], "TDIR walk mismatch"
        self.tensor = {t["name"]: t for t in self.tensors}

    def payload(self, tag):
        s = self.sec[tag]
        return self.buf[s["payload"]:s["end"]]

    def data(self):
        return self.buf[self.h["data_offset"]:]


def fix_meta_crc(buf):
    """Recompute meta_crc (bytes [0, 64 + meta_size) with the two crc fields zeroed)."""
    buf = bytearray(buf)
    meta_size = struct.unpack_from("<Q", buf, 16)[0]
    tmp = bytearray(buf[:64 + meta_size])
    tmp[40:48] = bytes(8)
    struct.pack_into("<I", buf, 40, zlib.crc32(bytes(tmp)) & 0xFFFFFFFF)
    return bytes(buf)


def patch(buf, off, fmt, value, crc=True):
    """Write one little-endian field; recompute meta_crc unless crc=False."""
    b = bytearray(buf)
    struct.pack_into("<" + fmt.lstrip("<"), b, off, value)
    return fix_meta_crc(b) if crc else bytes(b)


def build(sections, data, n_tensors, **header):
    """Assemble a file from (tag, payload) sections and the data block, like the C writer."""
    meta = b"".join(tag + struct.pack("<IQ", 0, len(p)) + p for tag, p in sections)
    data_offset = align64(64 + len(meta))
    h = {"magic": b"HIGGSLM\0", "version": 1, "header_size": 64, "meta_size": len(meta),
         "data_offset": data_offset, "data_size": len(data), "meta_crc": 0,
         "data_crc": zlib.crc32(data) & 0xFFFFFFFF, "n_tensors": n_tensors, "flags": 0, "reserved": 0}
    h.update(header)
    head = HEADER.pack(*[h[k] for k in HEADER_FIELDS])
    out = head + meta + bytes(data_offset - 64 - len(meta)) + data
    return fix_meta_crc(out)


def rebuild(hf, replace=None, extra=None, drop=(), n_tensors=None):
    """hf's sections with payloads replaced ({tag: bytes}), extra sections inserted before TDIR."""
    replace = replace or {}
    secs = []
    for s in hf.sections:
        if s["tag"] in drop:
            continue
        if s["tag"] == b"TDIR" and extra:
            secs.extend(extra)
        secs.append((s["tag"], replace.get(s["tag"], hf.buf[s["payload"]:s["end"]])))
    return build(secs, hf.data(), hf.h["n_tensors"] if n_tensors is None else n_tensors)


# ------------------------------------------------------------------------------------------
# running the programs

def one_line_error(err, prefix):
    text = err.strip()
    if not text:
        return "stderr is empty"
    if "\n" in text:
        return "stderr has %d lines: %r" % (text.count("\n") + 1, text[:300])
    if not text.startswith(prefix):
        return "stderr does not start with %r: %r" % (prefix, text[:200])
    if len(text) < len(prefix) + 8:
        return "error message too short: %r" % text
    return None


def execute(cmd, cwd, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, env=dict(ENV, **env) if env else ENV, stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "", ""
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def check(case, cwd):
    """case: dict(name, cmd, expect in {'ok', 'err', 'any'}, prefix, out (quantize output path))."""
    rc, out, err = execute(case["cmd"], cwd, case.get("env"))
    if rc is None:
        return "hang (no exit within %d s)" % TIMEOUT
    for m in SAN_MARKERS:
        if m in err:
            i = err.find(m)
            return "sanitizer report (rc %d): %s" % (rc, err[max(0, i - 100):i + 600])
    if rc < 0:
        return "killed by signal %d: %s" % (-rc, err[-300:])
    expect, prefix = case["expect"], case["prefix"]
    if expect == "ok" and rc != 0:
        return "expected success, got exit %d: %s" % (rc, err.strip()[-300:])
    if expect == "err" and rc != 1:
        return "expected exit 1, got %d: %s" % (rc, err.strip()[-300:])
    if expect == "any" and rc not in (0, 1):
        return "expected exit 0 or 1, got %d: %s" % (rc, err.strip()[-300:])
    if rc == 1 and prefix:            # prefix None: a usage text, not a one-line error (the case's post checks it)
        problem = one_line_error(err, prefix)
        if problem:
            return problem
    qout = case.get("out")
    if qout:
        left = glob.glob(glob.escape(qout) + ".tmp.*")
        if left:
            return "temporary file left behind: %s" % left
        if rc != 0 and os.path.exists(qout) and not case.get("out_preexists"):
            return "output %s left behind after a failure" % qout
        if rc == 0 and not os.path.exists(qout):
            return "exit 0 but no output %s" % qout
    if case.get("post"):
        return case["post"](rc, out, err)
    return None


# ------------------------------------------------------------------------------------------
# the cases

class Cases:
    def __init__(self, tmp):
        self.tmp = tmp
        self.list = []
        self.inproc = []      # export.py cases run in this process (check_inproc)
        self.n_files = 0

    def add(self, name, cmd, expect="err", prefix="run: error:", **kw):
        self.list.append(dict(name=name, cmd=cmd, expect=expect, prefix=prefix, **kw))

    def write(self, data, suffix=".higgs"):
        self.n_files += 1
        path = os.path.join(self.tmp, "f%04d%s" % (self.n_files, suffix))
        with open(path, "wb") as f:
            f.write(data)
        return path

    def file(self, name, data, run="err", qinfo=None, qconv=None, verify=None):
        """A model file for run --info (and --verify), quantize --info and the conversion.
        Expectations: 'ok', 'err', 'any' (either, but no crash), or None (skip)."""
        path = self.write(data)
        qinfo = run if qinfo is None else qinfo
        qconv = qinfo if qconv is None else qconv
        self.add(name + " [run --info]", [RUN, path, "--info"], run)
        if verify:
            self.add(name + " [run --verify]", [RUN, path, "--verify"], verify)
        if qinfo:
            self.add(name + " [quantize --info]", [QUANT, "--info", path], qinfo, "quantize: error:")
        if qconv:
            out = path + ".out.higgs"
            self.add(name + " [quantize f16]", [QUANT, path, out, "--dtype", "f16"], qconv,
                     "quantize: error:", out=out)
        return path


def make_model(tmp):
    hf = os.path.join(tmp, "hf")
    make_checkpoint(hf, dim=32, hidden_dim=64, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4096,
                    seq_len=32, tokenizer_model=TOKENIZER_MODEL)
    model = os.path.join(tmp, "M.higgs")
    tokbin = os.path.join(tmp, "tok.bin")
    for args in (["--hf", hf, model, "--dtype", "f16"], ["--tokenizer-only", TOKENIZER_MODEL, tokbin]):
        p = subprocess.run([sys.executable, os.path.join(ROOT, "export.py")] + args, capture_output=True, text=True)
        if p.returncode:
            raise RuntimeError("export.py %s failed: %s" % (" ".join(args), p.stderr[-2000:]))
    return model, tokbin


def file_cases(C, valid):
    hf = Higgs(valid)
    size = len(valid)
    conf, tok = hf.conf, hf.tok
    vocab = conf["vocab_size"]
    assert rebuild(hf) == valid, "the test's writer does not reproduce export.py's file"

    # --- the valid file
    C.file("valid file", valid, run="ok", verify="ok")

    # --- truncations
    cuts = {0: "empty", 8: "after magic", 63: "inside header", 64: "header only"}
    for s in hf.sections:
        t = s["tag"].decode()
        cuts.setdefault(s["hdr"], t + " section start")
        cuts.setdefault(s["hdr"] + 4, t + " section header (reserved)")
        cuts.setdefault(s["hdr"] + 10, t + " section header (length)")
        cuts.setdefault(s["payload"], t + " payload start")
        cuts.setdefault(s["payload"] + s["length"] // 2, t + " payload middle")
        cuts.setdefault(s["end"], t + " section end")
    for i, t in enumerate(hf.tensors):
        cuts.setdefault(t["start"], "TDIR entry %d" % i)
    for i in (0, len(hf.tensors) - 1):
        cuts.setdefault(hf.tensors[i]["type_off"] + 2, "inside TDIR entry %d" % i)
    cuts.setdefault(hf.h["data_offset"] - 1, "before data_offset")
    cuts.setdefault(hf.h["data_offset"], "data_offset")
    for t in hf.tensors:
        cuts.setdefault(hf.h["data_offset"] + t["offset"], "start of " + t["name"])
    for t in (hf.tensors[0], hf.tensors[-1]):
        cuts.setdefault(hf.h["data_offset"] + t["offset"] + t["nbytes"] // 2, "inside " + t["name"])
    cuts.setdefault(size - 1, "last byte")
    rng = random.Random(1234)
    for _ in range(40):
        cuts.setdefault(rng.randrange(1, size), "random")
    for at in sorted(cuts):
        assert at < size
        C.file("truncated at %d (%s)" % (at, cuts[at]), valid[:at])
    C.file("one byte appended", valid + b"\0")

    # --- header
    def hdr(field, value, crc=True):
        o, f = HEADER_OFF[field]
        return patch(valid, o, f, value, crc)
    C.file("wrong magic", hdr("magic", b"HIGGSLX\0", crc=False))
    C.file("GGUF magic", b"GGUF" + valid[4:])
    C.file("wrong version 2", hdr("version", 2))
    C.file("wrong version 0", hdr("version", 0))
    C.file("header_size 65", hdr("header_size", 65))
    C.file("header_size 0", hdr("header_size", 0))
    C.file("meta_size huge", hdr("meta_size", 1 << 63))
    C.file("meta_size 2^64-1", hdr("meta_size", (1 << 64) - 1))
    C.file("meta_size past the file", hdr("meta_size", size))
    C.file("meta_size 0", hdr("meta_size", 0))
    C.file("meta_size cuts the TDIR section", hdr("meta_size", hf.h["meta_size"] - 1))
    C.file("data_offset unaligned", hdr("data_offset", hf.h["data_offset"] + 8))
    C.file("data_offset past the end", hdr("data_offset", align64(size) + 64))
    C.file("data_offset 2^64-64", hdr("data_offset", (1 << 64) - 64))
    C.file("data_offset inside the meta block", hdr("data_offset", 64))
    C.file("data_size + 64", hdr("data_size", hf.h["data_size"] + 64))
    C.file("data_size - 1", hdr("data_size", hf.h["data_size"] - 1))
    C.file("data_size 2^64-1", hdr("data_size", (1 << 64) - 1))
    C.file("n_tensors + 1", hdr("n_tensors", hf.h["n_tensors"] + 1))
    C.file("n_tensors - 1", hdr("n_tensors", hf.h["n_tensors"] - 1))
    C.file("n_tensors 2^32-1", hdr("n_tensors", 0xFFFFFFFF))

    # --- checksums
    b = bytearray(valid)
    b[hf.pieces[100]["bytes"]] ^= 0x20                      # a tokenizer piece's text
    C.file("flipped byte in the meta block (CRC mismatch)", bytes(b))
    b = bytearray(valid)
    b[hf.conf_off["dim"]] ^= 0x01
    C.file("flipped byte in CONF (CRC mismatch)", bytes(b))
    b = bytearray(valid)
    b[HEADER_OFF["reserved"][0]] ^= 0xFF
    C.file("flipped byte in the header reserved field (CRC mismatch)", bytes(b))
    C.file("meta_crc off by one", hdr("meta_crc", hf.h["meta_crc"] ^ 1, crc=False))
    emb = hf.tensor["model.embed_tokens.weight"]
    b = bytearray(valid)
    b[hf.h["data_offset"] + emb["offset"] + 1000] ^= 0x04
    C.file("flipped byte in the data", bytes(b), run="ok", verify="err", qinfo="ok", qconv="err")
    C.file("data_crc off by one", hdr("data_crc", hf.h["data_crc"] ^ 1),
           run="ok", verify="err", qinfo="ok", qconv="err")

    # --- CONF, with the CRC recomputed
    def cf(field, value):
        o = hf.conf_off[field]
        return patch(valid, o, CONF_OFF[field][1], value)
    nan = float("nan")
    for field, value in [("dim", 0), ("dim", 1 << 31), ("dim", 0xFFFFFFFF), ("hidden_dim", 0),
                         ("n_layers", 0), ("n_layers", 10 ** 6), ("n_heads", 0), ("n_kv_heads", 0),
                         ("vocab_size", 1 << 30), ("vocab_size", 0), ("n_heads", 3), ("n_kv_heads", 3),
                         ("head_dim", 7), ("head_dim", 0), ("head_dim", 1 << 20), ("seq_len", 0),
                         ("seq_len", 1 << 31), ("rope_theta", nan), ("rope_theta", -10000.0),
                         ("rope_theta", 0.0), ("rope_theta", float("inf")), ("rms_norm_eps", nan),
                         ("rms_norm_eps", -1e-5), ("rms_norm_eps", float("inf")), ("rope_scaling_type", 2),
                         ("tied_embeddings", 2), ("bos_id", vocab), ("bos_id", -2), ("eos_id", vocab),
                         ("eos_id", 0x7FFFFFFF)]:
        C.file("config %s = %r" % (field, value), cf(field, value))
    # llama3 scaling switched on with zero parameters
    C.file("config llama3 rope scaling with zero factors", cf("rope_scaling_type", 1))
    # in range, but the tensors do not match: run must refuse; quantize only reads the file
    C.file("config dim 64 (tensors are for 32)", cf("dim", 64), run="err", qinfo="any")
    C.file("config n_layers 3 (file has 2)", cf("n_layers", 3), run="err", qinfo="any")
    C.file("config vocab 4000 (tensors are for 4096)", cf("vocab_size", 4000), run="err", qinfo="any")
    C.file("config tied_embeddings 1 with lm_head present", cf("tied_embeddings", 1), run="ok", qinfo="ok")

    # --- TDIR, with the CRC recomputed
    q = hf.tensor["model.layers.0.self_attn.q_proj.weight"]
    norm = hf.tensor["model.norm.weight"]
    last = hf.tensors[-1]

    def td(t, key, fmt, value):
        return patch(valid, t[key], fmt, value)
    C.file("tensor offset past the end", td(last, "offset_off", "Q", hf.h["data_size"]))
    C.file("tensor offset 2^64-64", td(q, "offset_off", "Q", (1 << 64) - 64))
    C.file("tensor offset runs past the end", td(last, "offset_off", "Q", last["offset"] + 64))
    C.file("tensor offset unaligned", td(q, "offset_off", "Q", q["offset"] + 2))
    C.file("tensor nbytes + 2", td(q, "nbytes_off", "Q", q["nbytes"] + 2))
    C.file("tensor nbytes 0", td(q, "nbytes_off", "Q", 0))
    C.file("tensor nbytes 2^64-1", td(q, "nbytes_off", "Q", (1 << 64) - 1))
    C.file("tensor type 99", td(q, "type_off", "I", 99))
    C.file("tensor type HIGGS (reserved, no layout yet)", td(q, "type_off", "I", 16))
    C.file("tensor ndim 3", td(q, "ndim_off", "I", 3))
    C.file("tensor ndim 0", td(q, "ndim_off", "I", 0))
    C.file("tensor shape[0] = 0", td(q, "shape_off", "Q", 0))
    C.file("tensor shape 2^40", td(q, "shape_off", "Q", 1 << 40))
    C.file("1-D tensor with shape[1] = 2", patch(valid, norm["shape_off"] + 8, "Q", 2))
    C.file("tensor name length 0", td(hf.tensors[0], "name_len_off", "H", 0))
    C.file("tensor name length 300", td(hf.tensors[0], "name_len_off", "H", 300))
    C.file("tensor name length 65535", td(hf.tensors[0], "name_len_off", "H", 65535))
    b = bytearray(valid)
    b[q["name_off"] + 3] = 0
    C.file("tensor name with a NUL byte", fix_meta_crc(b))
    # duplicate: rename layer 1's q_proj to layer 0's (same length)
    q1 = hf.tensor["model.layers.1.self_attn.q_proj.weight"]
    b = bytearray(valid)
    b[q1["name_off"]:q1["name_off"] + len(q1["name"])] = q["name"].encode()
    C.file("duplicate tensor name", fix_meta_crc(b))
    # shape mismatch vs config, consistent inside the TDIR (rows 16 instead of 32)
    b = bytearray(patch(valid, q["shape_off"], "Q", q["shape"][0] // 2, crc=False))
    struct.pack_into("<Q", b, q["nbytes_off"], q["nbytes"] // 2)
    C.file("tensor shape mismatch vs config", fix_meta_crc(b), run="err", qinfo="any")
    # a norm stored as F16 (format says norms are always F32)
    b = bytearray(patch(valid, norm["type_off"], "I", 1, crc=False))
    struct.pack_into("<Q", b, norm["nbytes_off"], norm["nbytes"] // 2)
    C.file("norm weight stored as F16", fix_meta_crc(b), run="err", qinfo="any")
    for name in ("model.norm.weight", "model.layers.1.mlp.down_proj.weight", "lm_head.weight",
                 "model.embed_tokens.weight"):
        t = hf.tensor[name]
        b = bytearray(valid)
        b[t["name_off"] + 6] = ord("X")
        C.file("missing required tensor %s (renamed)" % name, fix_meta_crc(b), run="err", qinfo="any")

    # --- TOKN, with the CRC recomputed
    def tk(field, value, fmt="I"):
        return patch(valid, hf.tok_off[field], fmt, value)
    C.file("tokenizer n_pieces > vocab_size", tk("n_pieces", vocab + 1), run="err", qinfo="any")
    C.file("tokenizer n_pieces 0", tk("n_pieces", 0), run="err", qinfo="any")
    C.file("tokenizer n_pieces 2^32-1", tk("n_pieces", 0xFFFFFFFF), run="err", qinfo="any")
    C.file("tokenizer n_pieces - 1 (trailing bytes)", tk("n_pieces", tok["n_pieces"] - 1), run="err", qinfo="any")
    C.file("tokenizer type 9", tk("type", 9), run="err", qinfo="any")
    C.file("tokenizer type 0", tk("type", 0), run="err", qinfo="any")
    C.file("tokenizer pretokenizer 7", tk("pretokenizer", 7), run="err", qinfo="any")
    C.file("tokenizer bos id = n_pieces", tk("bos_id", tok["n_pieces"], "i"), run="err", qinfo="any")
    C.file("tokenizer bos id -5", tk("bos_id", -5, "i"), run="err", qinfo="any")
    C.file("tokenizer unk id 2^31-1", tk("unk_id", 0x7FFFFFFF, "i"), run="err", qinfo="any")
    C.file("tokenizer n_stop 2^32-1", tk("n_stop", 0xFFFFFFFF), run="err", qinfo="any")
    C.file("tokenizer n_stop + 1000 (runs past)", tk("n_stop", tok["n_stop"] + 1000), run="err", qinfo="any")
    if hf.stop_off:
        C.file("tokenizer stop id = vocab_size", patch(valid, hf.stop_off[0], "i", vocab), run="err", qinfo="any")
        C.file("tokenizer stop id -1", patch(valid, hf.stop_off[0], "i", -1), run="err", qinfo="any")
    lastp = hf.pieces[-1]
    C.file("tokenizer last piece length runs past the section", patch(valid, lastp["len_off"], "H", 65535),
           run="err", qinfo="any")
    C.file("tokenizer piece length runs past the section", patch(valid, hf.pieces[10]["len_off"], "H", 65535),
           run="err", qinfo="any")
    C.file("tokenizer piece kind 9", patch(valid, hf.pieces[10]["kind"], "B", 9), run="err", qinfo="any")
    C.file("tokenizer piece kind 0", patch(valid, hf.pieces[10]["kind"], "B", 0), run="err", qinfo="any")
    C.file("tokenizer NaN score", patch(valid, hf.pieces[10]["score"], "f", nan), run="err", qinfo="any")
    C.file("tokenizer -inf score", patch(valid, hf.pieces[10]["score"], "f", float("-inf")), run="err", qinfo="any")
    C.file("tokenizer n_merges huge", patch(valid, hf.n_merges_off, "I", 10 ** 7 - 1), run="err", qinfo="any")
    C.file("tokenizer n_merges 2^32-1", patch(valid, hf.n_merges_off, "I", 0xFFFFFFFF), run="err", qinfo="any")
    tokn = bytearray(hf.payload(b"TOKN"))
    rel = hf.n_merges_off - hf.sec[b"TOKN"]["payload"]
    n = tok["n_pieces"]
    for label, pair in [("right id = n_pieces", (5, n)), ("left id 2^32-1", (0xFFFFFFFF, 5))]:
        t2 = bytes(tokn[:rel]) + struct.pack("<III", 1, *pair)
        C.file("tokenizer merge %s" % label, rebuild(hf, {b"TOKN": t2}), run="err", qinfo="any")
    C.file("tokenizer section cut by 3 bytes", rebuild(hf, {b"TOKN": bytes(tokn[:-3])}), run="err", qinfo="any")
    C.file("tokenizer section with trailing bytes", rebuild(hf, {b"TOKN": bytes(tokn) + b"\0\0\0\0"}),
           run="err", qinfo="any")
    C.file("tokenizer section empty", rebuild(hf, {b"TOKN": b""}), run="err", qinfo="any")

    # --- sections
    C.file("unknown extra section is skipped", rebuild(hf, extra=[(b"XTRA", b"future stuff" * 10)]),
           run="ok", qinfo="ok", verify="ok")
    C.file("unknown empty section is skipped", rebuild(hf, extra=[(b"ZZZZ", b"")]), run="ok", qinfo="ok")
    for tag in (b"CONF", b"TOKN", b"TDIR"):
        C.file("missing %s section" % tag.decode(), rebuild(hf, drop=(tag,)))
    C.file("duplicate CONF section", rebuild(hf, extra=[(b"CONF", hf.payload(b"CONF"))]))
    C.file("duplicate TDIR section", rebuild(hf, extra=[(b"TDIR", hf.payload(b"TDIR"))]))
    C.file("CONF section 100 bytes", rebuild(hf, {b"CONF": hf.payload(b"CONF")[:100]}))
    C.file("CONF section empty", rebuild(hf, {b"CONF": b""}))
    C.file("TDIR with trailing bytes", rebuild(hf, {b"TDIR": hf.payload(b"TDIR") + b"\0" * 8}))
    C.file("no tensors at all", build([(s["tag"], hf.payload(s["tag"])) for s in hf.sections
                                       if s["tag"] != b"TDIR"] + [(b"TDIR", b"")], b"", 0),
           run="err", qinfo="any")
    for tag in (b"CONF", b"TOKN", b"TDIR"):
        s = hf.sec[tag]
        C.file("%s section length past the meta block" % tag.decode(),
               patch(valid, s["len_off"], "Q", s["length"] + 1000))
    C.file("TDIR section length 2^64-1", patch(valid, hf.sec[b"TDIR"]["len_off"], "Q", (1 << 64) - 1))
    C.file("TDIR section length 2^64-16", patch(valid, hf.sec[b"TDIR"]["len_off"], "Q", (1 << 64) - 16))
    C.file("CONF section length 0 (rest misparsed)", patch(valid, hf.sec[b"CONF"]["len_off"], "Q", 0))
    if b"KVMD" in hf.sec:
        kv = hf.sec[b"KVMD"]
        C.file("KVMD count huge (free-form metadata)", patch(valid, kv["payload"], "I", 0xFFFFFFFF),
               run="ok", qinfo="any")


def quantized_cases(C, tmp):
    """HIGGS tensors' parameters (docs/format.md): a model with rows of 96 and 192 columns, whose
    default HIGGS blocks are H(12) (x) Sylvester; its q_proj's params patched, the CRC recomputed"""
    hf = os.path.join(tmp, "hf96")
    make_checkpoint(hf, dim=96, hidden_dim=192, n_layers=1, n_heads=4, n_kv_heads=2, vocab_size=4096,
                    seq_len=32, tokenizer_model=TOKENIZER_MODEL)
    f16, qpath = os.path.join(tmp, "M96.higgs"), os.path.join(tmp, "M96-q.higgs")
    p = subprocess.run([sys.executable, os.path.join(ROOT, "export.py"), "--hf", hf, f16, "--dtype", "f16"],
                       capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError("export.py failed: %s" % p.stderr[-2000:])
    p = subprocess.run([os.path.join(ROOT, "quantize"), f16, qpath, "--method", "higgs", "--bits", "4"],
                       capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError("quantize failed: %s" % p.stderr[-2000:])
    valid = open(qpath, "rb").read()
    hq = Higgs(valid)
    q = hq.tensor["model.layers.0.self_attn.q_proj.weight"]
    p0, bits, group, h3 = struct.unpack_from("<4I", valid, q["params_off"])
    C.add("valid: HIGGS H(12) blocks, generation", [RUN, qpath, "-i", "hello", "-n", "6", "-t", "0", "-T", "2"], "ok")
    C.file("valid HIGGS H(12) blocks", valid, run="ok", qinfo="ok", qconv="err")

    def par(value):
        return patch(valid, q["params_off"] + 12, "I", value)
    assert group == 96 and h3 & 0xFFFF == 96 and h3 >> 16 & 0xFF == 12, (group, h3)
    seed = h3 & 0xFF000000
    C.file("HIGGS base order 52 (no construction)", par(96 | 52 << 16 | seed), qinfo="any", qconv="err")
    C.file("HIGGS base order 255", par(96 | 255 << 16 | seed), qinfo="any", qconv="err")
    C.file("HIGGS base order 20 (96 = 20 x 4.8)", par(96 | 20 << 16 | seed), qinfo="any", qconv="err")
    C.file("HIGGS base order 24 (96 = 24 x 4: another valid rotation)", par(96 | 24 << 16 | seed), run="ok",
           qinfo="ok", qconv="err")
    C.file("HIGGS base order 12 without it (96 is no power of two)", par(96 | seed), qinfo="any", qconv="err")
    C.file("HIGGS hadamard 192 != group 96", par(192 | 12 << 16 | seed), qinfo="any", qconv="err")
    C.file("HIGGS hadamard 0", par(0 | 12 << 16 | seed), qinfo="any", qconv="err")
    C.file("HIGGS hadamard 2^16 - 1", par(0xFFFF | 12 << 16 | seed), qinfo="any", qconv="err")
    C.file("HIGGS group 48 (m 12, not a multiple of 32)",
           patch(patch(valid, q["params_off"] + 8, "I", 48, crc=False), q["params_off"] + 12, "I", 48 | 12 << 16 | seed),
           qinfo="any", qconv="err")
    # params[0] = p | grid variant << 8: the default 4-bit file has the sign-symmetric p=2 grid (variant 1)
    assert p0 == 2 | 1 << 8, p0

    def p0_is(value):
        return patch(valid, q["params_off"], "I", value)
    C.file("HIGGS free p=2 grid (variant 0) for the sign-symmetric one", p0_is(2), run="ok", qinfo="ok", qconv="err")
    C.file("HIGGS grid variant 2 (uniform, p=1 8-bit only) with p=2", p0_is(2 | 2 << 8), qinfo="any", qconv="err")
    C.file("HIGGS block grid (variant 3) for the sign-symmetric one", p0_is(2 | 3 << 8), run="ok", qinfo="ok", qconv="err")
    C.file("HIGGS planar block grid (variant 4, 6-bit codes in blocks of 64k only) on 8-bit codes in blocks of 96",
           p0_is(2 | 4 << 8), qinfo="any", qconv="err")
    C.file("HIGGS grid variant 5 (an earlier planar p=4 layout, refused) on p=2 8-bit codes",
           p0_is(2 | 5 << 8), qinfo="any", qconv="err")
    C.file("HIGGS grid variant 5 with p=4 on 8-bit codes in blocks of 96", p0_is(4 | 5 << 8), qinfo="any", qconv="err")
    C.file("HIGGS paired p=4 grid (variant 6, 12-bit codes in blocks of 256k only) on p=2 8-bit codes",
           p0_is(2 | 6 << 8), qinfo="any", qconv="err")
    C.file("HIGGS paired p=4 grid (variant 6) with p=4 on 8-bit codes in blocks of 96", p0_is(4 | 6 << 8), qinfo="any",
           qconv="err")
    C.file("HIGGS sign-symmetric variant 1 with p=4 (the paired grid has no bit-stream form)", p0_is(4 | 1 << 8), qinfo="any",
           qconv="err")
    C.file("HIGGS sign-symmetric planar variant 7 (p=2 6-bit, p=1 5- and 6-bit only) on p=2 8-bit codes", p0_is(2 | 7 << 8),
           qinfo="any", qconv="err")
    C.file("HIGGS sign-symmetric planar variant 7 with p=1 on 8-bit codes", p0_is(1 | 7 << 8), qinfo="any", qconv="err")
    C.file("HIGGS sign-symmetric planar variant 7 with p=4", p0_is(4 | 7 << 8), qinfo="any", qconv="err")
    C.file("HIGGS block grid variant with p=1", p0_is(1 | 3 << 8), qinfo="any", qconv="err")
    C.file("HIGGS block grid variant with p=4", p0_is(4 | 3 << 8), qinfo="any", qconv="err")
    C.file("HIGGS uniform p=1 8-bit grid on a tensor sized for p=2 4-bit", p0_is(1 | 2 << 8), qinfo="any", qconv="err")
    C.file("HIGGS grid variant 255", p0_is(2 | 255 << 8), qinfo="any", qconv="err")
    C.file("HIGGS sign-symmetric variant with p=1", p0_is(1 | 1 << 8), qinfo="any", qconv="err")
    C.file("HIGGS p=2 | 1 << 16 (bits above the variant)", p0_is(2 | 1 << 16), qinfo="any", qconv="err")
    # bits 16-23: the rotation choice (K = 2^c copies of the activation, the picks in the scales' low bits), on
    # the sign-symmetric 4-bit grid only up to c = 5
    C.file("HIGGS sign-symmetric grid with 16 rotations (any scale bits are picks)", p0_is(2 | 1 << 8 | 4 << 16), run="ok",
           qinfo="ok", qconv="err")
    C.file("HIGGS sign-symmetric grid with 64 rotations (past 32)", p0_is(2 | 1 << 8 | 6 << 16), qinfo="any", qconv="err")
    C.file("HIGGS sign-symmetric grid, choice field 255", p0_is(2 | 1 << 8 | 255 << 16), qinfo="any", qconv="err")
    C.file("HIGGS sign-symmetric grid, bit 24 of params[0]", p0_is(2 | 1 << 8 | 1 << 24), qinfo="any", qconv="err")
    C.file("HIGGS block grid with the rotation choice (no such row)", p0_is(2 | 3 << 8 | 2 << 16), qinfo="any", qconv="err")
    C.file("HIGGS p=4 paired grid with the rotation choice on a tensor sized for p=2 4-bit", p0_is(4 | 6 << 8 | 2 << 16),
           qinfo="any", qconv="err")
    nf4 = patch(valid, q["type_off"], "I", 18, crc=False)
    C.file("NF4 tensor with a base order", patch(nf4, q["params_off"] + 12, "I", 12 << 16), qinfo="any", qconv="err")
    # the head: RTN 8-bit in groups of 32 (96 columns), run with int8 activations
    hd = hq.tensor["lm_head.weight"]
    assert struct.unpack_from("<4I", valid, hd["params_off"]) == (1, 8, 32, 0) and \
        struct.unpack_from("<I", valid, hd["type_off"])[0] == 17

    def head_par(index, value):
        return patch(valid, hd["params_off"] + 4 * index, "I", value)
    C.file("int8 head in groups of 16 (another size)", head_par(2, 16), qinfo="any", qconv="err")
    C.file("int8 head in groups of 48 (no power of two)", head_par(2, 48), qinfo="any", qconv="err")
    C.file("int8 head in groups of 0", head_par(2, 0), qinfo="any", qconv="err")
    C.file("int8 head with 7-bit codes", head_par(1, 7), qinfo="any", qconv="err")
    C.file("int8 head with 9-bit codes", head_par(1, 9), qinfo="any", qconv="err")
    C.file("int8 head with a Hadamard block", head_par(3, 32), qinfo="any", qconv="err")
    C.file("int8 head with p=2", head_par(0, 2), qinfo="any", qconv="err")
    C.file("int8 head as HIGGS", patch(valid, hd["type_off"], "I", 16), qinfo="any", qconv="err")


def cli_cases(C, model, tokbin, valid):
    tmp = C.tmp
    R = lambda *a: [RUN, model] + list(a)  # noqa: E731

    def txt(content, name):
        p = os.path.join(tmp, name)
        with open(p, "w") as f:
            f.write(content)
        return p
    ids_ok = txt("1 450 29 7\n", "ids_ok.txt")
    C.add("valid: generation", R("-i", "hello world", "-n", "8", "-t", "0", "-T", "2"), "ok")
    C.add("valid: generation without a prompt", R("-n", "4", "-t", "0", "-T", "1"), "ok")
    C.add("valid: -z tokenizer.bin", R("-z", tokbin, "-i", "hello", "-n", "4", "-t", "0", "-T", "1"), "ok")
    C.add("valid: logits", R("-m", "logits", "-f", ids_ok, "-o", os.path.join(tmp, "logits.bin"), "-T", "1"), "ok",
          post=lambda rc, o, e: None if os.path.getsize(os.path.join(tmp, "logits.bin")) == 4 * 4096 * 4
          else "logits file has the wrong size")
    C.add("valid: ppl", R("-m", "ppl", "-f", txt("The cat sat on the mat. " * 4, "ppl_ok.txt"), "-T", "1"), "ok")
    C.add("-n 0 means seq_len", R("-i", "hello", "-n", "0", "-t", "0", "-T", "1"), "ok")

    C.add("prompt longer than the context", R("-i", "the cat sat on a mat " * 40, "-t", "0"),
          post=lambda rc, o, e: None if "longer than the model's context of 32" in e else "message does not say why: %r" % e)
    C.add("prompt longer than -n", R("-i", "the cat sat on a mat " * 3, "-n", "4", "-t", "0"), post=n_counts_prompt(4))
    C.add("-n 1 with a prompt", R("-i", "hello world", "-n", "1", "-t", "0"), post=n_counts_prompt(1))
    C.add("chat: -n bounds the reply, not the first turn", R("-m", "chat", "-i", "hello world", "-y", "be terse", "-n",
                                                             "2", "-t", "0", "-T", "1"), "ok")
    C.add("chat: a message longer than the context is cut", R("-m", "chat", "-i", "the cat sat on a mat " * 40, "-t", "0",
                                                              "-T", "1"), "ok",
          post=lambda rc, o, e: None if "the message was cut to its last" in e and "Assistant: " in o
          else "no reply, or the cut not said: %r" % e)
    out = os.path.join(tmp, "logits_bad.bin")
    C.add("logits: id >= vocab", R("-m", "logits", "-f", txt("1 4096\n", "ids_big.txt"), "-o", out))
    C.add("logits: negative id", R("-m", "logits", "-f", txt("1 -3 5", "ids_neg.txt"), "-o", out))
    C.add("logits: non-numeric id", R("-m", "logits", "-f", txt("1 abc 5", "ids_abc.txt"), "-o", out))
    C.add("logits: id 12x", R("-m", "logits", "-f", txt("1 12x", "ids_12x.txt"), "-o", out),
          post=lambda rc, o, e: None if "12x" in e else "message does not name the bad id '12x'")
    C.add("logits: id overflowing long", R("-m", "logits", "-f", txt("99999999999999999999999", "ids_ovf.txt"),
                                            "-o", out))
    C.add("logits: empty ids file", R("-m", "logits", "-f", txt("", "ids_empty.txt"), "-o", out))
    C.add("logits: whitespace-only ids file", R("-m", "logits", "-f", txt(" \n\t\n", "ids_ws.txt"), "-o", out))
    C.add("logits: more ids than seq_len", R("-m", "logits", "-f", txt(" ".join(["5"] * 40), "ids_long.txt"),
                                             "-o", out))
    C.add("logits: -o is a directory", R("-m", "logits", "-f", ids_ok, "-o", tmp))
    C.add("logits: no -o", R("-m", "logits", "-f", ids_ok))
    C.add("logits: -f is a directory", R("-m", "logits", "-f", tmp, "-o", out))
    C.add("decode: id >= vocab", R("-m", "decode", "-f", os.path.join(tmp, "ids_big.txt")))
    C.add("ppl: empty text file", R("-m", "ppl", "-f", txt("", "empty.txt")))
    C.add("ppl: -c larger than seq_len", R("-m", "ppl", "-f", os.path.join(tmp, "ppl_ok.txt"), "-c", "64"))
    ppl_ok = os.path.join(tmp, "ppl_ok.txt")
    C.add("valid: ppl --kld against itself, --second-half", R("-m", "ppl", "-f", ppl_ok, "-c", "8", "--kld", model,
                                                              "--second-half", "-T", "1", "--kv", "f32"), "ok",
          post=lambda rc, o, e: None if o.strip().splitlines()[-1].startswith("kld: 0.000000 (same top token 100.000%")
          else "last line is not kld: 0 for the model against itself: %r" % o[-200:])
    C.add("ppl --kld: base file missing", R("-m", "ppl", "-f", ppl_ok, "--kld", os.path.join(tmp, "nope.higgs")))
    C.add("ppl --kld: base is not a model", R("-m", "ppl", "-f", ppl_ok, "--kld", ppl_ok))
    C.add("ppl --kld: no value", R("-m", "ppl", "-f", ppl_ok, "--kld"))
    C.add("ppl --kld with -m generate", R("-i", "hello", "--kld", model))
    C.add("ppl --kld: base of another vocabulary", R("-m", "ppl", "-f", ppl_ok, "--kld",
                                                       os.path.join(ROOT, "tests", "fuzz", "seeds-model", "tiny-f16.higgs")),
          post=lambda rc, o, e: None if "vocabulary" in e else "message does not mention the vocabulary: %r" % e)
    C.add("ppl --second-half: fewer tokens than one window", R("-m", "ppl", "-f", txt("The cat sat.", "short.txt"),
                                                                  "-c", "16", "--second-half"),
          post=lambda rc, o, e: None if "whole window" in e else "message does not say why: %r" % e)
    C.add("ppl --second-half with -c 3", R("-m", "ppl", "-f", ppl_ok, "-c", "3", "--second-half"))
    C.add("ppl: -c 1", R("-m", "ppl", "-f", os.path.join(tmp, "ppl_ok.txt"), "-c", "1"))
    C.add("ppl: -f is a directory", R("-m", "ppl", "-f", tmp))
    C.add("ppl: -f does not exist", R("-m", "ppl", "-f", os.path.join(tmp, "nope.txt")))
    C.add("ppl: no -f", R("-m", "ppl"))
    C.add("tokenize: -f is a directory", R("-m", "tokenize", "-f", tmp))

    # a valid file with the shortest legal context
    hf = Higgs(valid)
    s1 = C.write(patch(valid, hf.conf_off["seq_len"], "I", 1))
    C.add("ppl on a seq_len 1 model", [RUN, s1, "-m", "ppl", "-f", os.path.join(tmp, "ppl_ok.txt")])
    C.add("generation on a seq_len 1 model", [RUN, s1, "-i", "hello world", "-t", "0"])
    # a context of 2^22 positions: its KV cache (2 layers x 2 kv heads x 8 x 2 x 4 bytes a position, 1 GB) does
    # not fit in 100 MB (HIGGS_MEM_MB): the default context is capped with a message, an explicit -c is an error
    huge = C.write(patch(valid, hf.conf_off["seq_len"], "I", 1 << 22))
    C.add("-c beyond the memory available", [RUN, huge, "-i", "hello", "-c", str(1 << 22), "-n", "8"],
          env={"HIGGS_MEM_MB": "100"})
    C.add("valid: the default context capped to the memory available", [RUN, huge, "-i", "hello", "-n", "8", "-t", "0"],
          "ok", env={"HIGGS_MEM_MB": "100"},
          post=lambda rc, o, e: None if "capped at" in e else "no message about the capped context: %r" % e)
    # the HIGGS cache types and --kv-bits need heads of 32 .. 256 values; this model's are 8
    for args in (["--kv", "q4"], ["--kv", "f32,q3"], ["--kv", "q5,f16"], ["--kv-bits", "4"], ["--kv-bits", "0.5"],
                 ["--kv-bits", "x"], ["--kv-bits", "100"], ["--kv-bits", "nan"]):
        C.add("bad argument %s" % " ".join(repr(a) for a in args), R(*args, "-i", "x"))
    C.add("option --kv-bits without a value", R("-i", "x", "--kv-bits"))

    C.add("model path does not exist", [RUN, os.path.join(tmp, "nope.higgs"), "--info"])
    C.add("model is a 0-byte file", [RUN, txt("", "zero.higgs"), "--info"])
    C.add("model is a directory", [RUN, tmp, "--info"])
    C.add("model is a directory (generation)", [RUN, tmp, "-i", "x"])
    C.add("model is /dev/null", [RUN, "/dev/null", "--info"])
    C.add("two model paths", [RUN, model, model, "--info"])

    # llama2.c tokenizer.bin variants
    with open(tokbin, "rb") as f:
        tb = f.read()
    assert struct.unpack_from("<i", tb, 8)[0] >= 0
    neg = bytearray(tb)
    struct.pack_into("<i", neg, 8, -1)                      # length of token 0
    bigl = bytearray(tb)
    struct.pack_into("<i", bigl, 8, 1 << 30)
    nanz = bytearray(tb)
    struct.pack_into("<f", nanz, 4, float("nan"))
    maxl = bytearray(tb)
    struct.pack_into("<i", maxl, 0, -7)
    rng = random.Random(99)
    for label, data in [("truncated in the middle", tb[:len(tb) // 2]), ("truncated to 2 bytes", tb[:2]),
                        ("truncated before the last token", tb[:-1]), ("0 bytes", b""),
                        ("random garbage", bytes(rng.randrange(256) for _ in range(5000))),
                        ("negative token length", bytes(neg)), ("token length 2^30", bytes(bigl)),
                        ("NaN score", bytes(nanz)), ("negative max_token_length", bytes(maxl))]:
        C.add("-z tokenizer.bin: %s" % label, R("-z", C.write(data, ".bin"), "-i", "hi", "-n", "4"))
    C.add("-z tokenizer.bin: a directory", R("-z", tmp, "-i", "hi"))
    C.add("-z tokenizer.bin: does not exist", R("-z", os.path.join(tmp, "nope.bin"), "-i", "hi"))

    # numeric arguments and options
    for args in (["-t", "abc"], ["-t", "-1"], ["-t", "nan"], ["-t", ""], ["-p", "2"], ["-p", "-0.1"],
                 ["-n", "-5"], ["-n", "1e3"], ["-n", "99999999999999999999"], ["-T", "0"], ["-T", "x"],
                 ["-T", "100000"], ["-s", "-1"], ["-c", "abc"]):
        C.add("bad argument %s" % " ".join(repr(a) for a in args), R(*args, "-i", "x"))
    for args in (["--kv", "x"], ["--kv", "q8,zz"], ["--kv", ","], ["--kv", "q8,"], ["--kv", ""], ["--top-k", "-1"],
                 ["--min-p", "2"], ["--repeat-penalty", "nan"], ["--frequency-penalty", "1e9"], ["--presence-penalty", "x"],
                 ["-c", "0"]):
        C.add("bad argument %s" % " ".join(repr(a) for a in args), R(*args, "-i", "x"))
    C.add("option --kv without a value", R("-i", "x", "--kv"))
    C.add("valid: --kv q8,f16 with the sampler's filters and penalties", R("-i", "The", "-n", "12", "--kv", "q8,f16",
          "--top-k", "40", "--min-p", "0.05", "--repeat-penalty", "1.1", "--frequency-penalty", "0.2",
          "--presence-penalty", "0.1", "-s", "3", "-T", "1"), "ok")
    C.add("unknown option -x", R("-x", "1"))
    C.add("unknown option --bogus", R("--bogus"))
    C.add("unknown option --bogus with a value", R("--bogus", "1"))
    C.add("unknown option -q as the last argument", R("-q"),
          post=lambda rc, o, e: None if "unknown option '-q'" in e else "message is not 'unknown option': %r" % e)
    C.add("option -n without a value", R("-n"))
    C.add("unknown mode", R("-m", "dance"))

    # quantize CLI
    Q = QUANT
    qo = os.path.join(tmp, "q_out.higgs")
    C.add("quantize: unknown dtype", [Q, model, qo, "--dtype", "f8"], prefix="quantize: error:", out=qo)
    C.add("quantize: input does not exist", [Q, os.path.join(tmp, "nope.higgs"), qo, "--dtype", "f16"],
          prefix="quantize: error:", out=qo)
    C.add("quantize: input is a directory", [Q, tmp, qo, "--dtype", "f16"], prefix="quantize: error:", out=qo)
    C.add("quantize --info: a directory", [Q, "--info", tmp], prefix="quantize: error:")
    C.add("quantize --info: 0-byte file", [Q, "--info", os.path.join(tmp, "zero.higgs")], prefix="quantize: error:")
    C.add("quantize: output directory does not exist",
          [Q, model, os.path.join(tmp, "no", "such", "dir", "o.higgs"), "--dtype", "f16"], prefix="quantize: error:")
    odir = os.path.join(tmp, "outdir.higgs")
    os.makedirs(odir)
    C.add("quantize: output is a directory", [Q, model, odir, "--dtype", "f16"], prefix="quantize: error:",
          out=odir, out_preexists=True)
    C.add("quantize: unknown option", [Q, "--frobnicate", model], prefix="quantize: error:")
    C.add("quantize: unknown option as the last argument", [Q, model, qo, "--frob"], prefix="quantize: error:", out=qo,
          post=lambda rc, o, e: None if "unknown option --frob" in e else "message is not 'unknown option --frob': %r" % e)
    C.add("quantize: --dtype without a value", [Q, model, qo, "--dtype"], prefix="quantize: error:", out=qo)
    C.add("quantize: valid conversion", [Q, model, os.path.join(tmp, "q_ok.higgs"), "--dtype", "bf16"], "ok",
          prefix="quantize: error:", out=os.path.join(tmp, "q_ok.higgs"))
    same_file_cases(C, valid)
    usage_cases(C, model)


def n_counts_prompt(n):
    """-n smaller than the prompt: one line saying that -n counts the prompt, and how long the prompt is"""
    def post(rc, o, e):
        ok = "-n counts the prompt" in e and ("and -n is %d:" % n) in e and "the prompt is " in e
        return None if ok else "message does not say that -n counts the prompt and its length: %r" % e
    return post


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def same_file_cases(C, valid):
    """quantize must refuse an output that is its input (the same inode: the path itself, a symlink, a
    hard link) or a directory before any work: exit 1, the input's bytes unchanged, nothing left
    beside it, not even the sensitivity cache that the default (per-layer) mode measures first"""
    def untouched(x, what, extra=()):
        digest = sha256(x)
        def post(rc, o, e):
            if sha256(x) != digest:
                return "the input %s changed" % x
            left = [p for p in glob.glob(glob.escape(x) + "*") if p != x and p not in extra]
            if left:
                return "files left beside the input (work was started): %s" % left
            return None if what in e else "message does not say %r: %r" % (what, e)
        return post
    Q = QUANT
    for opts, label in (([], "default per-layer mode"), (["--bits", "4"], "--bits 4"), (["--dtype", "f16"], "--dtype f16")):
        x = C.write(valid)
        C.add("quantize: output is the input (%s)" % label, [Q, x, x] + opts, prefix="quantize: error:", out=x,
              out_preexists=True, post=untouched(x, "the same file"))
    x = C.write(valid)
    link = x + ".link.higgs"
    os.symlink(x, link)
    C.add("quantize: output is a symlink to the input", [Q, x, link], prefix="quantize: error:", out=link,
          out_preexists=True, post=untouched(x, "the same file", [link]))
    x = C.write(valid)
    hard = x + ".hard.higgs"
    os.link(x, hard)
    C.add("quantize: output is a hard link to the input", [Q, x, hard, "--bits", "4"], prefix="quantize: error:",
          out=hard, out_preexists=True, post=untouched(x, "the same file", [hard]))
    x = C.write(valid)
    d = x + ".dir"
    os.makedirs(d)
    post_dir = untouched(x, "is a directory", [d])
    C.add("quantize: output is a directory (default per-layer mode)", [Q, x, d], prefix="quantize: error:", out=d,
          out_preexists=True, post=lambda rc, o, e: post_dir(rc, o, e) or (None if not os.listdir(d) else "files in %s" % d))
    x = C.write(valid)
    alphas = C.write(b"not sensitivities\n", ".alphas")
    C.add("quantize: output is the --alphas file", [Q, x, alphas, "--target-bits", "3", "--alphas", alphas],
          prefix="quantize: error:", out=alphas, out_preexists=True, post=untouched(alphas, "the same file"))


def usage_cases(C, model):
    """-h/--help: the usage on stdout, exit 0, nothing on stderr (`run --help | less` shows it); a usage
    error (no arguments, a bad option): stderr, exit 1, nothing on stdout"""
    def help_ok(rc, o, e):
        return None if o.lower().startswith("usage") and not e else "stdout %r..., stderr %r" % (o[:60], e[:300])

    def usage_error(rc, o, e):
        return None if e.lower().startswith("usage") and not o else "stdout %r, stderr %r..." % (o[:300], e[:60])

    def quiet_stdout(rc, o, e):
        return None if not o else "stdout is not empty: %r" % o[:300]
    exp = [sys.executable, os.path.join(ROOT, "export.py")]
    for name, cmd in (("run", [RUN]), ("quantize", [QUANT]), ("export.py", exp)):
        for flag in ("-h", "--help"):
            C.add("%s %s: usage on stdout, exit 0" % (name, flag), cmd + [flag], "ok", post=help_ok)
        C.add("%s without arguments: usage on stderr, exit 1" % name, cmd, prefix=None, post=usage_error)
    C.add("run --help after the model path", [RUN, model, "--help"], "ok", post=help_ok)
    C.add("quantize --info without a file: usage on stderr, exit 1", [QUANT, "--info"], prefix=None, post=usage_error)
    C.add("run: bad option, nothing on stdout", [RUN, model, "--frob"], post=quiet_stdout)
    C.add("quantize: bad option, nothing on stdout", [QUANT, model, "--frob"], prefix="quantize: error:", post=quiet_stdout)
    C.add("export.py: bad option: usage on stderr, exit 1", exp + ["--hf", C.tmp, "--frob"], prefix=None, post=usage_error)
    C.add("export.py: no output file: usage on stderr, exit 1", exp + ["--hf", C.tmp], prefix=None, post=usage_error)


# ------------------------------------------------------------------------------------------
# GGUF files for export.py --gguf

def gguf_model(version=3, kv_edit=None, tensor_edit=None):
    """a tiny llama GGUF (dim 32, one layer, a SentencePiece-style vocabulary of 300 pieces) ->
    (bytes, layout); kv_edit(list) / tensor_edit(list) may change the lists before writing"""
    rng = np.random.default_rng(3)
    toks = ["<unk>", "<s>", "</s>"] + ["<0x%02X>" % b for b in range(256)] + \
        ["\u2581" + "abcdefghijklmnopqrstuvwxyz"[i % 26] * (1 + i // 26) for i in range(41)]
    types = [2, 3, 3] + [6] * 256 + [1] * 41
    kv = [("general.architecture", "llama"), ("general.alignment", 32), ("llama.context_length", 64),
          ("llama.embedding_length", 32), ("llama.block_count", 1), ("llama.feed_forward_length", 64),
          ("llama.attention.head_count", 4), ("llama.attention.head_count_kv", 2),
          ("llama.rope.dimension_count", 8), ("llama.rope.freq_base", 10000.0),
          ("llama.attention.layer_norm_rms_epsilon", 1e-5), ("tokenizer.ggml.model", "llama"),
          ("tokenizer.ggml.tokens", (gw.ARRAY, (gw.STRING, toks))),
          ("tokenizer.ggml.scores", (gw.ARRAY, (gw.FLOAT32, [-float(i) for i in range(len(toks))]))),
          ("tokenizer.ggml.token_type", (gw.ARRAY, (gw.INT32, types))),
          ("tokenizer.ggml.bos_token_id", 1), ("tokenizer.ggml.eos_token_id", 2),
          ("tokenizer.ggml.add_bos_token", True)]
    d, h, v = 32, 64, len(toks)
    shapes = [("token_embd.weight", (v, d), gw.F16), ("blk.0.attn_norm.weight", (d,), gw.F32),
              ("blk.0.attn_q.weight", (d, d), gw.Q8_0), ("blk.0.attn_k.weight", (16, d), gw.F16),
              ("blk.0.attn_v.weight", (16, d), gw.BF16), ("blk.0.attn_output.weight", (d, d), gw.F32),
              ("blk.0.ffn_norm.weight", (d,), gw.F32), ("blk.0.ffn_gate.weight", (h, d), gw.F16),
              ("blk.0.ffn_up.weight", (h, d), gw.Q8_0), ("blk.0.ffn_down.weight", (d, h), gw.F16),
              ("output_norm.weight", (d,), gw.F32)]
    tensors = [(n, (0.1 * rng.standard_normal(shp)).astype(np.float32), t) for n, shp, t in shapes]
    if kv_edit:
        kv_edit(kv)
    if tensor_edit:
        tensor_edit(tensors)
    with tempfile.NamedTemporaryFile(suffix=".gguf") as f:
        layout = gw.write_gguf(f.name, kv, tensors, version=version)
        return open(f.name, "rb").read(), layout


def gguf_cases(C):
    valid, L = gguf_model()
    exp = os.path.join(ROOT, "export.py")

    def g(name, data, expect="err", post=None, cli=False):
        """a case through the command line (cli), or in this process (export.export_gguf: fast; the
        command line prints an ExportError as its one error line)"""
        path = C.write(data, ".gguf")
        out = path + ".out.higgs"
        if cli:
            C.add("gguf: " + name, [sys.executable, exp, "--gguf", path, out, "--dtype", "f16"], expect,
                  "export.py: error:", out=out, post=post)
        else:
            C.inproc.append(dict(name="gguf (in-process): " + name, path=path, out=out, expect=expect, post=post))

    def patched(off, fmt, value, data=None):
        b = bytearray(valid if data is None else data)
        struct.pack_into("<" + fmt, b, off, value)
        return bytes(b)
    g("valid file", valid, "ok", cli=True)
    g("valid file", valid, "ok")
    # truncations: in the header, metadata, tensor directory and data
    kv, tn = L["kv"], L["tensors"]
    cuts = {0: "empty", 8: "after version", kv["general.architecture"][0] + 4:
            "inside the first key's length", kv["tokenizer.ggml.tokens"][2] + 500: "inside the token list",
            kv["tokenizer.ggml.scores"][2] + 30: "inside the scores", tn["blk.0.attn_q.weight"]["dims"] + 4:
            "inside a tensor's dimensions", L["data"] - 1: "before the data", L["data"] + 100: "inside the first tensor",
            L["size"] - 1: "last byte"}
    for at, what in sorted(cuts.items()):
        g("truncated at %d (%s)" % (at, what), valid[:at], cli=at in (0, kv["tokenizer.ggml.tokens"][2] + 500))
    g("bad magic", b"GGUX" + valid[4:], cli=True)
    g("random bytes", bytes(random.Random(5).randrange(256) for _ in range(3000)))
    for v, what in ((1, "version 1"), (4, "version 4"), (0x03000000, "big-endian version 3")):
        g(what, patched(4, "I", v), cli=v == 1)
    for field, v in (("tensor_count", (1 << 64) - 1), ("tensor_count", 100000),
                     ("kv_count", 1 << 62), ("kv_count", 1000)):
        g("%s %d" % (field, v), patched(L[field], "Q", v), cli=v == (1 << 64) - 1)
    g("first key length 2^62", patched(kv["general.architecture"][0], "Q", 1 << 62))
    g("token list count 2^40", patched(kv["tokenizer.ggml.tokens"][2] + 4, "Q", 1 << 40))
    g("token list element type 99", patched(kv["tokenizer.ggml.tokens"][2], "I", 99))
    g("metadata value type 77", patched(kv["llama.block_count"][1], "I", 77))
    g("bool value 2", patched(kv["tokenizer.ggml.add_bos_token"][2], "B", 2))
    g("general.alignment 7", patched(kv["general.alignment"][2], "I", 7))
    g("block_count 0", patched(kv["llama.block_count"][2], "I", 0))
    g("head_count 3 (does not divide)", patched(kv["llama.attention.head_count"][2], "I", 3))
    g("embedding_length as a float", patched(kv["llama.embedding_length"][1], "I", gw.FLOAT32))
    q = tn["blk.0.attn_q.weight"]
    g("tensor with 0 dimensions", patched(q["n_dims"], "I", 0))
    g("tensor with 9 dimensions", patched(q["n_dims"], "I", 9))
    g("tensor dimension 0", patched(q["dims"], "Q", 0))
    g("tensor dimension not whole Q8_0 blocks", patched(q["dims"], "Q", 33))
    g("tensor type Q4_K", patched(q["type"], "I", gw.Q4_K),
      post=lambda rc, o, e: None if "Q4_K" in e else "message does not name Q4_K", cli=True)
    g("tensor type 99", patched(q["type"], "I", 99))
    g("tensor offset unaligned", patched(q["offset"], "Q", q["data_offset"] + 1))
    g("tensor offset past the end", patched(q["offset"], "Q", L["size"]))
    g("tensor name length 2^40", patched(q["name"], "Q", 1 << 40))

    def kv_set(key, value):
        def edit(kvs):
            kvs[:] = [(k, value if k == key else v) for k, v in kvs]
        return edit
    g("architecture gptneox", gguf_model(kv_edit=kv_set("general.architecture", "gptneox"))[0])
    g("tokenizer model bert", gguf_model(kv_edit=kv_set("tokenizer.ggml.model", "bert"))[0])
    g("scores of the wrong length", gguf_model(kv_edit=kv_set("tokenizer.ggml.scores",
                                                                (gw.ARRAY, (gw.FLOAT32, [0.0] * 10))))[0])
    g("rope scaling yarn", gguf_model(kv_edit=lambda kvs: kvs.append(("llama.rope.scaling.type", "yarn")))[0])
    g("partial rope", gguf_model(kv_edit=kv_set("llama.rope.dimension_count", 4))[0])
    g("duplicate metadata key", gguf_model(kv_edit=lambda kvs: kvs.append(("llama.block_count", 1)))[0])
    g("missing tensor blk.0.ffn_up.weight", gguf_model(
        tensor_edit=lambda ts: ts.__setitem__(slice(None), [t for t in ts if t[0] != "blk.0.ffn_up.weight"]))[0],
      post=lambda rc, o, e: None if "blk.0.ffn_up.weight" in e else "message does not name the tensor", cli=True)
    g("unknown tensor blk.0.attn_q_norm.weight", gguf_model(
        tensor_edit=lambda ts: ts.append(("blk.0.attn_q_norm.weight", np.ones(8, np.float32), gw.F32)))[0], cli=True)
    g("tensor blk.5.attn_q.weight past block_count", gguf_model(
        tensor_edit=lambda ts: ts.append(("blk.5.attn_q.weight", np.ones((32, 32), np.float32), gw.F32)))[0])
    g("wrong tensor shape", gguf_model(tensor_edit=lambda ts: ts.__setitem__(
        3, ("blk.0.attn_k.weight", np.ones((32, 32), np.float32), gw.F16)))[0])
    g("bias on a llama model", gguf_model(
        tensor_edit=lambda ts: ts.append(("blk.0.attn_q.bias", np.ones(32, np.float32), gw.F32)))[0])
    out = os.path.join(C.tmp, "gguf_dir.out.higgs")
    C.add("gguf: input is a directory", [sys.executable, exp, "--gguf", C.tmp, out], "err", "export.py: error:", out=out)
    C.add("gguf: input does not exist", [sys.executable, exp, "--gguf", os.path.join(C.tmp, "nope.gguf"), out], "err",
          "export.py: error:", out=out)


def check_inproc(case):
    """export.export_gguf on a file in this process: an ExportError with a one-line message for a
    bad file (the command line prints it as its error line and exits 1), never another exception;
    no output or temporary file left behind after an error"""
    import contextlib
    import io
    import export
    err, exc = "", None
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            export.export_gguf(case["path"], case["out"], export.F16)
    except export.ExportError as e:
        err = "export.py: error: %s" % e
    except Exception as e:  # noqa: BLE001
        exc = e
    if exc is not None:
        return "unexpected %s: %s (the command line would report an internal error)" % (type(exc).__name__, exc)
    left = glob.glob(glob.escape(case["out"]) + ".tmp.*")
    if left:
        return "temporary file left behind: %s" % left
    if case["expect"] == "ok":
        if err:
            return "expected success: %s" % err
        return None if os.path.exists(case["out"]) else "no output written"
    if not err:
        return "expected an error, the export succeeded"
    if os.path.exists(case["out"]):
        return "output left behind after a failure"
    problem = one_line_error(err, "export.py: error:")
    if problem:
        return problem
    return case["post"](1, "", err) if case.get("post") else None


def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    filters = [a for a in args if a != "-v"]
    p = subprocess.run(["make", "-s", "-C", ROOT, "run-san", "quantize-san"], capture_output=True, text=True)
    if p.returncode or not (os.path.exists(RUN) and os.path.exists(QUANT)):
        print("FAIL build of run-san/quantize-san: %s" % (p.stdout + p.stderr)[-2000:])
        return 1
    tmp = tempfile.mkdtemp(prefix="higgs_bad_")
    try:
        model, tokbin = make_model(tmp)
        with open(model, "rb") as f:
            valid = f.read()
        C = Cases(tmp)
        file_cases(C, valid)
        quantized_cases(C, tmp)
        cli_cases(C, model, tokbin, valid)
        gguf_cases(C)
        cases = [c for c in C.list if not filters or any(s in c["name"] for s in filters)]
        with ThreadPoolExecutor(max_workers=WORKERS) as ex:
            results = list(ex.map(lambda c: check(c, tmp), cases))
        inproc = [c for c in C.inproc if not filters or any(s in c["name"] for s in filters)]
        cases += inproc
        results += [check_inproc(c) for c in inproc]
        failed = 0
        for c, problem in zip(cases, results):
            if problem:
                failed += 1
                print("FAIL %s: %s" % (c["name"], problem))
                if verbose:
                    print("     cmd:", " ".join(c["cmd"])[:500])
            else:
                print("PASS %s" % c["name"])
        print("%d cases, %d failed" % (len(cases), failed))
        return 1 if failed else 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
