#!/usr/bin/env python3
"""Unit tests for export.py (numpy only; the SentencePiece tests also use the `sentencepiece`
module when it is installed, e.g. Debian's python3-sentencepiece).

    /usr/bin/python3 tests/test_export_unit.py [-v] [name-substring ...]

Prints PASS/FAIL/SKIP lines; exits non-zero if any test fails.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import traceback
import zlib

try:
    import numpy as np
except ImportError:  # e.g. a pyenv python3 first on PATH: retry with the system one
    if not os.environ.get("_reexec_guard") and os.access("/usr/bin/python3", os.X_OK):
        os.environ["_reexec_guard"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:])
    print("FAIL import numpy (install python3-numpy)")
    sys.exit(1)
os.environ.pop("_reexec_guard", None)  # children (export.py runs) start with a clean slate

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)
import export as ex  # noqa: E402

EXPORT = os.path.join(ROOT, "export.py")
PY = sys.executable

try:
    import sentencepiece as spm
except ImportError:
    spm = None


class Skip(Exception):
    pass


# ----------------------------------------------------------------------------------------------
# helpers

def tiny_config(**kw):
    c = {"dim": 16, "hidden_dim": 40, "n_layers": 2, "n_heads": 4, "n_kv_heads": 2, "head_dim": 4,
         "vocab_size": 50, "seq_len": 64, "rope_theta": 500000.0, "rope_scaling_type": 1,
         "rope_factor": 8.0, "rope_low_freq_factor": 1.0, "rope_high_freq_factor": 4.0,
         "rope_original_max_pos": 8192, "rms_norm_eps": 1e-5, "tied_embeddings": 0,
         "bos_id": 1, "eos_id": 2, "arch": "llama"}
    c.update(kw)
    return c


def tiny_tokenizer(n=40):
    pieces = [(b"<unk>", 0.0, 2), (b"<s>", 0.0, 3), (b"</s>", 0.0, 3)]
    for i in range(3, n):
        pieces.append(((u"\u2581t%d" % i).encode(), -float(i), 1))
    return {"type": 1, "flags": 0b10111, "pretokenizer": 0, "bos_id": 1, "eos_id": 2, "unk_id": 0,
            "pad_id": -1, "stop_ids": [2, 7], "pieces": pieces, "merges": []}


def random_tensors(c, rng, scale=1.0):
    out = {}
    for name, shape in ex.expected_tensors(c):
        out[name] = (rng.standard_normal(shape) * scale).astype(np.float32)
    return out


def bf16_manual(x):
    """Reference f32 -> bf16 (round to nearest, ties to even), element by element in Python."""
    out = np.empty(x.shape, dtype=np.uint16)
    flat = x.reshape(-1)
    o = out.reshape(-1)
    for i, v in enumerate(flat):
        u = struct.unpack("<I", struct.pack("<f", float(v)))[0]
        hi, lo = u >> 16, u & 0xFFFF
        if lo > 0x8000 or (lo == 0x8000 and (hi & 1)):
            hi += 1
        o[i] = hi & 0xFFFF
    return out


def run_cli(args, cwd=None, exe=None):
    p = subprocess.run([exe or PY, EXPORT] + list(args), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, cwd=cwd, timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def check(cond, msg="check failed"):
    if not cond:
        raise AssertionError(msg)


def write_safetensors(path, tensors):
    """tensors: {name: (dtype_str, np array)} -> safetensors file (BF16 arrays given as float32
    are rounded with the reference RNE)."""
    header, blobs, off = {}, [], 0
    for name, (dt, arr) in tensors.items():
        if dt == "BF16":
            raw = bf16_manual(np.asarray(arr, np.float32)).tobytes()
        elif dt == "F16":
            raw = np.asarray(arr, "<f2").tobytes()
        elif dt == "F32":
            raw = np.asarray(arr, "<f4").tobytes()
        else:
            raw = np.asarray(arr).tobytes()
        header[name] = {"dtype": dt, "shape": list(arr.shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    header["__metadata__"] = {"format": "pt"}
    h = json.dumps(header).encode()
    h += b" " * ((8 - len(h) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)


def st_value(dt, arr):
    """What a reader should get back (as float32) for array written with dtype dt."""
    if dt == "BF16":
        return ex.bf16_bits_to_f32(bf16_manual(np.asarray(arr, np.float32)))
    if dt == "F16":
        return np.asarray(arr, np.float16).astype(np.float32)
    return np.asarray(arr, np.float32)


_SPM_CACHE = {}


def trained_spm(tmp):
    """Train a small SentencePiece BPE model (byte_fallback) in tmp; returns its path."""
    if spm is None:
        raise Skip("sentencepiece module not installed")
    if "path" in _SPM_CACHE and os.path.exists(_SPM_CACHE["path"]):
        return _SPM_CACHE["path"]
    src = os.path.join(ROOT, "data", "brown-heldout.txt")  # committed; the training split is not
    text = ""
    if os.path.exists(src):
        with open(src, "r", encoding="utf-8", errors="replace") as f:
            text = f.read(200000)
    if len(text) < 10000:
        rng = np.random.default_rng(0)
        words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "higgs", "quant",
                 "llama", "tokens", "model", "zebra", "caf\u00e9", "na\u00efve", "2024", "x=1"]
        text = "\n".join(" ".join(rng.choice(words, 12)) for _ in range(3000))
    d = os.path.join(tmp, "spm")
    os.makedirs(d, exist_ok=True)
    inp = os.path.join(d, "corpus.txt")
    with open(inp, "w", encoding="utf-8") as f:
        f.write(text)
    prefix = os.path.join(d, "tok")
    spm.SentencePieceTrainer.train(input=inp, model_prefix=prefix, model_type="bpe", vocab_size=400,
                                   byte_fallback=True, character_coverage=0.9995, num_threads=1,
                                   unk_id=0, bos_id=1, eos_id=2, pad_id=-1,
                                   normalization_rule_name="identity",
                                   remove_extra_whitespaces=False, minloglevel=2)
    _SPM_CACHE["path"] = prefix + ".model"
    return prefix + ".model"


def compare_spm(model_path):
    sp = spm.SentencePieceProcessor(model_file=model_path)
    with open(model_path, "rb") as f:
        parsed = ex.parse_sentencepiece_model(f.read())
    n = sp.get_piece_size()
    check(len(parsed["pieces"]) == n, "piece count %d vs %d" % (len(parsed["pieces"]), n))
    for i, (piece, score, typ) in enumerate(parsed["pieces"]):
        check(piece == sp.id_to_piece(i), "piece %d: %r vs %r" % (i, piece, sp.id_to_piece(i)))
        check(np.float32(score) == np.float32(sp.get_score(i)), "score %d" % i)
        check((typ == 6) == sp.is_byte(i), "is_byte %d" % i)
        check((typ == 3) == sp.is_control(i), "is_control %d" % i)
        check((typ == 2) == sp.is_unknown(i), "is_unknown %d" % i)
        check((typ == 5) == sp.is_unused(i), "is_unused %d" % i)
    check(parsed["unk_id"] == sp.unk_id(), "unk_id")
    check(parsed["bos_id"] == sp.bos_id(), "bos_id %d vs %d" % (parsed["bos_id"], sp.bos_id()))
    check(parsed["eos_id"] == sp.eos_id(), "eos_id")
    check(parsed["pad_id"] == sp.pad_id(), "pad_id")
    check(parsed["model_type"] == 2, "model_type BPE")
    return parsed, sp


def llama2c_reference_tokenizer_bin(sp):
    """llama2.c's tokenizer.py export(), reproduced with the sentencepiece library."""
    tokens, scores = [], []
    for i in range(sp.get_piece_size()):
        t = sp.id_to_piece(i)
        s = sp.get_score(i)
        if i == sp.bos_id():
            t = "\n<s>\n"
        elif i == sp.eos_id():
            t = "\n</s>\n"
        t = t.replace("\u2581", " ")
        tokens.append(t.encode("utf-8"))
        scores.append(s)
    out = [struct.pack("I", max(len(t) for t in tokens))]
    for b, s in zip(tokens, scores):
        out.append(struct.pack("fI", s, len(b)))
        out.append(b)
    return b"".join(out)


def write_hf_dir(d, rng, cfg_over=None, dtypes=("BF16", "F16", "F32"), sharded=False, tokenizer=None,
                 tied=False, extra=None, drop=None, vocab=416):
    """A tiny Llama HF checkpoint: returns (config dict, {name: float32 reference})."""
    os.makedirs(d, exist_ok=True)
    cfg = {"architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": 32,
           "intermediate_size": 48, "num_hidden_layers": 2, "num_attention_heads": 4,
           "num_key_value_heads": 2, "head_dim": 8, "vocab_size": vocab,
           "max_position_embeddings": 256, "rope_theta": 500000.0,
           "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                            "high_freq_factor": 4.0, "original_max_position_embeddings": 8192},
           "rms_norm_eps": 1e-5, "tie_word_embeddings": tied, "bos_token_id": 1,
           "eos_token_id": [2, 5], "hidden_act": "silu", "attention_bias": False}
    cfg.update(cfg_over or {})
    with open(os.path.join(d, "config.json"), "w") as f:
        json.dump(cfg, f)
    conf = ex.hf_config_to_conf(dict(cfg, rope_scaling=None, attention_bias=False, model_type="llama",
                                     architectures=["LlamaForCausalLM"], partial_rotary_factor=None,
                                     use_sliding_window=False))
    names = ex.expected_tensors(dict(conf, tied_embeddings=1 if tied else 0))
    tensors, ref = {}, {}
    for i, (name, shape) in enumerate(names):
        if drop and name in drop:
            continue
        dt = dtypes[i % len(dtypes)]
        a = rng.standard_normal(shape).astype(np.float32)
        tensors[name] = (dt, a)
        ref[name] = st_value(dt, a)
    for name, (dt, a) in (extra or {}).items():
        tensors[name] = (dt, a)
    if sharded:
        items = list(tensors.items())
        half = len(items) // 2
        shards = [dict(items[:half]), dict(items[half:])]
        wm = {}
        for k, sh in enumerate(shards):
            fn = "model-%05d-of-%05d.safetensors" % (k + 1, len(shards))
            write_safetensors(os.path.join(d, fn), sh)
            for n in sh:
                wm[n] = fn
        with open(os.path.join(d, "model.safetensors.index.json"), "w") as f:
            json.dump({"metadata": {"total_size": 0}, "weight_map": wm}, f)
    else:
        write_safetensors(os.path.join(d, "model.safetensors"), tensors)
    if tokenizer:
        shutil.copy(tokenizer, os.path.join(d, os.path.basename(tokenizer)
                                            if tokenizer.endswith(".json") else "tokenizer.model"))
    return cfg, ref


# llama2.c checkpoints -------------------------------------------------------------------------

def make_llama2c(path, rng, dim=32, hidden=40, L=2, nh=4, nkv=2, vocab=64, seq=16, shared=True,
                 version=0):
    hd = dim // nh
    kv = nkv * hd
    w = {"emb": rng.standard_normal((vocab, dim)), "rms_att": rng.standard_normal((L, dim)),
         "wq": rng.standard_normal((L, dim, dim)), "wk": rng.standard_normal((L, kv, dim)),
         "wv": rng.standard_normal((L, kv, dim)), "wo": rng.standard_normal((L, dim, dim)),
         "rms_ffn": rng.standard_normal((L, dim)), "w1": rng.standard_normal((L, hidden, dim)),
         "w2": rng.standard_normal((L, dim, hidden)), "w3": rng.standard_normal((L, hidden, dim)),
         "rms_final": rng.standard_normal((dim,)),
         "freq_real": rng.standard_normal((seq, hd // 2)),
         "freq_imag": rng.standard_normal((seq, hd // 2)),
         "wcls": rng.standard_normal((vocab, dim))}
    w = {k: v.astype(np.float32) for k, v in w.items()}
    with open(path, "wb") as f:
        if version == 0:
            f.write(struct.pack("<7i", dim, hidden, L, nh, nkv, vocab if shared else -vocab, seq))
            order = ["emb", "rms_att", "wq", "wk", "wv", "wo", "rms_ffn", "w1", "w2", "w3",
                     "rms_final", "freq_real", "freq_imag"]
        else:
            f.write(struct.pack("<Ii7iB", 0x616B3432, 1, dim, hidden, L, nh, nkv, vocab, seq,
                                int(shared)))
            f.write(b"\0" * (256 - f.tell()))
            order = ["rms_att", "rms_ffn", "rms_final", "emb", "wq", "wk", "wv", "wo", "w1", "w2", "w3"]
        if not shared:
            order.append("wcls")
        for k in order:
            f.write(w[k].astype("<f4").tobytes())
    return w


def make_llama2c_tokenizer(path, n=64):
    """A llama2.c tokenizer.bin: unk, bos, eos, 256... (as many byte pieces as fit), then words."""
    toks = [(b"<unk>", 0.0), (b"\n<s>\n", 0.0), (b"\n</s>\n", 0.0)]
    nbytes = min(256, n - 3 - 8)
    for b in range(nbytes):
        toks.append((b"<0x%02X>" % b, 0.0))
    i = 0
    while len(toks) < n:
        toks.append(((" w%d" % i).encode() if i % 2 == 0 else ("x%d" % i).encode(), -float(i)))
        i += 1
    with open(path, "wb") as f:
        f.write(struct.pack("<I", max(len(t) for t, _ in toks)))
        for t, s in toks:
            f.write(struct.pack("<fi", s, len(t)) + t)
    return toks


def rope_interleaved(v, pos, hd, theta=10000.0):
    out = v.copy()
    for i in range(0, hd, 2):
        freq = theta ** (-i / hd)
        c, s = np.cos(pos * freq), np.sin(pos * freq)
        out[i] = v[i] * c - v[i + 1] * s
        out[i + 1] = v[i] * s + v[i + 1] * c
    return out


def rope_half(v, pos, hd, theta=10000.0):
    out = v.copy()
    h = hd // 2
    for i in range(h):
        freq = theta ** (-2 * i / hd)
        c, s = np.cos(pos * freq), np.sin(pos * freq)
        out[i] = v[i] * c - v[i + h] * s
        out[i + h] = v[i] * s + v[i + h] * c
    return out


def check_rope_equivalence(wq0, wk0, wq1, wk1, nh, nkv, dim, rng):
    """Interleaved RoPE with original weights vs rotate-half with permuted: q.k per head equal."""
    hd = wq0.shape[0] // nh
    g = nh // nkv
    x, y = rng.standard_normal(dim), rng.standard_normal(dim)
    q0, k0 = wq0.astype(np.float64) @ x, wk0.astype(np.float64) @ y
    q1, k1 = wq1.astype(np.float64) @ x, wk1.astype(np.float64) @ y
    for m, n in ((0, 0), (3, 1), (7, 11), (13, 2)):
        for h in range(nh):
            kh = h // g
            a = rope_interleaved(q0[h * hd:(h + 1) * hd], m, hd) @ \
                rope_interleaved(k0[kh * hd:(kh + 1) * hd], n, hd)
            b = rope_half(q1[h * hd:(h + 1) * hd], m, hd) @ rope_half(k1[kh * hd:(kh + 1) * hd], n, hd)
            check(abs(a - b) <= 1e-9 * max(1.0, abs(a)), "rope q.k mismatch head %d pos %d,%d: %r vs %r"
                  % (h, m, n, a, b))
    # and the permutation is not the identity (the test would be vacuous otherwise)
    check(not np.array_equal(wq0, wq1), "permutation is the identity")


def no_leftovers(d, base):
    left = [fn for fn in os.listdir(d) if fn.startswith(base)]
    check(not left, "leftover files: %s" % left)


# ----------------------------------------------------------------------------------------------
# tests

def test_roundtrip_layout_crc(tmp):
    rng = np.random.default_rng(1)
    c = tiny_config()
    tok = tiny_tokenizer()
    for dtname, ttype in (("f32", ex.F32), ("f16", ex.F16), ("bf16", ex.BF16)):
        tens = random_tensors(c, rng)
        # exercise bf16 rounding ties and f16 edge values in the embedding
        emb = tens["model.embed_tokens.weight"]
        ties = np.array([0x3F808000, 0x3F818000, 0xBF808000, 0x3F80FFFF, 0x7F7FFFFF >> 0,
                         0x00008000, 0x00018000, 0x3F7F8000], dtype=np.uint32).view(np.float32)
        if ttype == ex.BF16:
            emb[0, :len(ties)] = ties
        entries = [(n, a, ex.F32 if ex.is_norm_name(n) else ttype) for n, a in tens.items()]
        path = os.path.join(tmp, "rt_%s.higgs" % dtname)
        meta = {"source": "unit", "exported_by": "export.py", "dtype": dtname}
        ex.write_higgs(path, c, tok, entries, meta, fsync=False)
        raw = open(path, "rb").read()
        h = ex.read_higgs(path, verify_data=True)
        check(raw[:8] == b"HIGGSLM\0")
        check(struct.unpack_from("<II", raw, 8) == (1, 64))
        meta_size, data_offset, data_size = struct.unpack_from("<QQQ", raw, 16)
        check(data_offset % 64 == 0 and data_offset >= 64 + meta_size)
        check(len(raw) == data_offset + data_size, "file size")
        z = bytearray(raw[:64 + meta_size])
        z[40:48] = b"\0" * 8
        check(struct.unpack_from("<I", raw, 40)[0] == zlib.crc32(bytes(z)), "meta_crc")
        check(struct.unpack_from("<I", raw, 44)[0] == zlib.crc32(raw[data_offset:]), "data_crc")
        check(struct.unpack_from("<IIQ", raw, 48) == (len(entries), 0, 0), "n_tensors/flags/reserved")
        check(h["data_crc_ok"] is True)
        check(raw[64 + meta_size:data_offset] == b"\0" * (data_offset - 64 - meta_size), "padding")
        check(h["sections"] == ["CONF", "TOKN", "KVMD", "TDIR"], "section order %s" % h["sections"])
        # CONF is exactly 104 bytes and first
        check(raw[64:68] == b"CONF" and struct.unpack_from("<IQ", raw, 68) == (0, 104))
        for k in ex.CONF_FIELDS:
            v, w = h["config"][k], c[k]
            check(np.float32(v) == np.float32(w) if isinstance(w, float) else v == w, "config %s" % k)
        t = h["tokenizer"]
        for k in ("type", "flags", "pretokenizer", "bos_id", "eos_id", "unk_id", "pad_id", "stop_ids",
                  "merges"):
            check(t[k] == tok[k], "tokenizer %s" % k)
        check([(b, np.float32(s), k) for b, s, k in t["pieces"]] ==
              [(b, np.float32(s), k) for b, s, k in tok["pieces"]], "pieces")
        check(h["meta"] == meta, "meta")
        check([e["name"] for e in h["tensors"]] == list(tens), "tensor order")
        for e in h["tensors"]:
            name = e["name"]
            check(e["offset"] % 64 == 0, "offset alignment")
            check(e["shape4"][e["ndim"]:] == [1] * (4 - e["ndim"]), "unused dims 1")
            check(e["params"] == [0, 0, 0, 0])
            check(list(e["shape"]) == list(tens[name].shape))
            a, ref = h["arrays"][name], tens[name]
            if ex.is_norm_name(name):
                check(e["type"] == ex.F32, "norm is F32")
            if e["type"] == ex.F32:
                check(np.array_equal(np.asarray(a).view(np.uint32), ref.view(np.uint32)),
                      "f32 bit-exact %s" % name)
            elif e["type"] == ex.F16:
                check(np.array_equal(np.asarray(a), ref.astype(np.float16)), "f16 %s" % name)
                rel = np.abs(np.asarray(a, np.float32) - ref) / np.maximum(np.abs(ref), 6.1e-5)
                check(rel.max() <= 2.0 ** -11 + 1e-7, "f16 rounding bound %s" % name)
            else:
                check(e["type"] == ex.BF16)
                check(np.array_equal(np.asarray(a), bf16_manual(ref)), "bf16 RNE %s" % name)
        # tensor data sits where TDIR says
        e = h["tensors"][1]
        off = data_offset + e["offset"]
        check(raw[off:off + e["nbytes"]] == tens[e["name"]].astype("<f4").tobytes(), "raw bytes")


def test_bf16_ties():
    x = np.array([0x3F808000, 0x3F818000, 0xBF808000, 0x3F80FFFF, 0x3F807FFF, 0x7F7FFFFF,
                  0x00008000, 0x00018000, 0x7FC00001, 0xFF800000, 0x7F800000],
                 dtype=np.uint32).view(np.float32)
    with np.errstate(invalid="ignore"):
        got = ex.f32_to_bf16_bits(x)
    ref = bf16_manual(x[:8])
    check(np.array_equal(got[:8], ref), "%s vs %s" % (got[:8], ref))
    check(got[0] == 0x3F80 and got[1] == 0x3F82 and got[5] == 0x7F80, "ties-to-even/overflow to inf")
    check((got[8] & 0x7F80) == 0x7F80 and (got[8] & 0x7F) != 0, "NaN stays NaN")
    check(got[9] == 0xFF80 and got[10] == 0x7F80, "infinities")


def test_write_errors(tmp):
    rng = np.random.default_rng(2)
    c = tiny_config()
    tens = random_tensors(c, rng)
    path = os.path.join(tmp, "bad.higgs")
    cases = []
    e1 = [(n, a, ex.F16) for n, a in tens.items() if n != "model.norm.weight"]
    cases.append((e1, "missing tensor model.norm.weight"))
    e2 = [(n, a, ex.F32) for n, a in tens.items()]
    e2[3] = (e2[3][0], np.zeros((3, 3), np.float32), ex.F32)
    cases.append((e2, "shape mismatch"))
    e3 = [(n, a * 1e6, ex.F16 if not ex.is_norm_name(n) else ex.F32) for n, a in tens.items()]
    cases.append((e3, "outside the f16 range"))
    for entries, msg in cases:
        try:
            ex.write_higgs(path, c, tiny_tokenizer(), entries, {}, fsync=False)
        except ex.ExportError as err:
            check(msg in str(err), "%r not in %r" % (msg, str(err)))
        else:
            raise AssertionError("no error for %s" % msg)
        no_leftovers(tmp, "bad.higgs")
    try:  # vocab mismatch
        ex.write_higgs(path, tiny_config(vocab_size=10), tiny_tokenizer(40),
                       [(n, a, ex.F32) for n, a in random_tensors(tiny_config(vocab_size=10), rng).items()],
                       fsync=False)
    except ex.ExportError as err:
        check("vocab" in str(err))
    else:
        raise AssertionError("no vocab mismatch error")
    no_leftovers(tmp, "bad.higgs")


def test_safetensors_reader(tmp):
    rng = np.random.default_rng(3)
    d = os.path.join(tmp, "st")
    os.makedirs(d)
    tens = {"a": ("F32", rng.standard_normal((5, 7)).astype(np.float32)),
            "b": ("F16", rng.standard_normal((3, 4)).astype(np.float32)),
            "c": ("BF16", rng.standard_normal((6,)).astype(np.float32)),
            "d": ("BF16", np.array([[1.0, -2.5], [3e38, 1e-40]], np.float32)),
            "e": ("I64", np.arange(4, dtype=np.int64))}
    write_safetensors(os.path.join(d, "model.safetensors"), tens)
    idx = ex.read_safetensors_index(d)
    check(set(idx) == set(tens), "names")
    for n, (dt, a) in tens.items():
        check(idx[n].dtype == dt and idx[n].shape == a.shape, "dtype/shape %s" % n)
        if dt == "I64":
            try:
                idx[n].load()
            except ex.ExportError as err:
                check("unsupported dtype" in str(err))
            else:
                raise AssertionError("I64 accepted")
            continue
        got = ex.to_f32(idx[n].load())
        check(np.array_equal(got, st_value(dt, a)), "values %s" % n)
    # sharded
    d2 = os.path.join(tmp, "st2")
    os.makedirs(d2)
    s1 = {k: tens[k] for k in ("a", "c")}
    s2 = {k: tens[k] for k in ("b", "d")}
    write_safetensors(os.path.join(d2, "model-00001-of-00002.safetensors"), s1)
    write_safetensors(os.path.join(d2, "model-00002-of-00002.safetensors"), s2)
    wm = {"a": "model-00001-of-00002.safetensors", "c": "model-00001-of-00002.safetensors",
          "b": "model-00002-of-00002.safetensors", "d": "model-00002-of-00002.safetensors"}
    with open(os.path.join(d2, "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {}, "weight_map": wm}, f)
    idx2 = ex.read_safetensors_index(d2)
    check(set(idx2) == set(wm))
    for n in wm:
        check(os.path.basename(idx2[n].file) == wm[n])
        check(np.array_equal(ex.to_f32(idx2[n].load()), st_value(*tens[n])), "sharded %s" % n)
    # truncated file -> error
    p = os.path.join(d2, "model-00002-of-00002.safetensors")
    with open(p, "r+b") as f:
        f.truncate(os.path.getsize(p) - 3)
    try:
        ex.read_safetensors_index(d2)
    except ex.ExportError as err:
        check("out of range" in str(err) or "truncated" in str(err), str(err))
    else:
        raise AssertionError("truncated shard accepted")


def test_sentencepiece_parse(tmp):
    path = trained_spm(tmp)
    parsed, sp = compare_spm(path)
    check(parsed["byte_fallback"] is True)
    check(sum(1 for p in parsed["pieces"] if p[2] == 6) == 256, "256 byte pieces")
    check(parsed["normalizer"]["name"] == "identity")
    check(parsed["normalizer"]["add_dummy_prefix"] is True)
    check(parsed["normalizer"]["remove_extra_whitespaces"] is False)
    tok = ex.sentencepiece_to_tokn(parsed)
    check(tok["flags"] == ex.FLAG_ADD_DUMMY_PREFIX | ex.FLAG_BYTE_FALLBACK | ex.FLAG_ADD_BOS,
          "flags %d" % tok["flags"])
    check(tok["stop_ids"] == [2] and tok["bos_id"] == 1 and tok["unk_id"] == 0)
    # the project's own tokenizer, if present
    brown = os.path.join(ROOT, "models", "brown-hf", "tokenizer.model")
    if os.path.exists(brown):
        compare_spm(brown)


def test_sentencepiece_variants(tmp):
    """Defaults and other trainer settings (unigram -> error, different ids, normalizer)."""
    if spm is None:
        raise Skip("sentencepiece module not installed")
    path = trained_spm(tmp)
    d = os.path.dirname(path)
    prefix = os.path.join(d, "uni")
    spm.SentencePieceTrainer.train(input=os.path.join(d, "corpus.txt"), model_prefix=prefix,
                                   model_type="unigram", vocab_size=300, num_threads=1,
                                   unk_id=3, bos_id=-1, eos_id=0, pad_id=1, minloglevel=2)
    sp = spm.SentencePieceProcessor(model_file=prefix + ".model")
    with open(prefix + ".model", "rb") as f:
        parsed = ex.parse_sentencepiece_model(f.read())
    check(parsed["model_type"] == 1, "unigram")
    check(parsed["unk_id"] == sp.unk_id() == 3 and parsed["bos_id"] == sp.bos_id() == -1 and
          parsed["eos_id"] == sp.eos_id() == 0 and parsed["pad_id"] == sp.pad_id() == 1,
          "ids %r" % ((parsed["unk_id"], parsed["bos_id"], parsed["eos_id"], parsed["pad_id"]),))
    check(parsed["normalizer"]["name"] == "nmt_nfkc")
    try:
        ex.sentencepiece_to_tokn(parsed)
    except ex.ExportError as err:
        check("BPE" in str(err))
    else:
        raise AssertionError("unigram accepted")


def test_tokenizer_only_spm(tmp):
    path = trained_spm(tmp)
    sp = spm.SentencePieceProcessor(model_file=path)
    out = os.path.join(tmp, "tok_only.bin")
    rc, so, se = run_cli(["--tokenizer-only", path, out])
    check(rc == 0, se)
    check(open(out, "rb").read() == llama2c_reference_tokenizer_bin(sp), "differs from llama2.c's")
    no_leftovers(tmp, "tok_only.bin.tmp")
    # and back: the llama2.c tokenizer converts to the same pieces/scores/kinds as the model
    t2 = ex.load_llama2c_tokenizer(out)
    t1 = ex.load_sentencepiece_model(path)
    check([(b, np.float32(s), k) for b, s, k in t1["pieces"]] ==
          [(b, np.float32(s), k) for b, s, k in t2["pieces"]], "llama2c tokenizer round trip")


def _bl(s):
    """bytes -> GPT-2 byte-level unicode string."""
    m = ex.bytes_to_unicode()
    return "".join(m[b] for b in s)


def make_tokenizer_json(path, merges_as_pairs=False, regex=None, bad_merge=False):
    vocab = {}
    for b in range(256):
        vocab[_bl(bytes([b]))] = b
    merges_b = [(b" ", b"t"), (b"h", b"e"), (b" t", b"he"), (b"\xc3", b"\xa9"), (b"\n", b"\n")]
    for a, b in merges_b:
        vocab[_bl(a + b)] = len(vocab)
    merges = [[_bl(a), _bl(b)] if merges_as_pairs else "%s %s" % (_bl(a), _bl(b)) for a, b in merges_b]
    if bad_merge:
        merges.append("%s %s" % (_bl(b"x"), _bl(b"q")))
    base = len(vocab)  # 261
    added = [{"id": base + 2, "content": "<|begin_of_text|>", "special": True},
             {"id": base + 3, "content": "<|end_of_text|>", "special": True},
             {"id": base + 5, "content": "<|eot_id|>", "special": True},
             {"id": base + 6, "content": "<|user_tok|>", "special": False}]
    tj = {"version": "1.0", "added_tokens": added, "normalizer": None,
          "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
              {"type": "Split", "pattern": {"Regex": regex or ex.LLAMA3_REGEX}, "behavior": "Isolated",
               "invert": False},
              {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}]},
          "post_processor": {"type": "TemplateProcessing", "single": [
              {"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}},
              {"Sequence": {"id": "A", "type_id": 0}}], "special_tokens": {}},
          "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                    "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False,
                    "ignore_merges": True, "vocab": vocab, "merges": merges}}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(tj, f, ensure_ascii=False)
    return vocab, merges_b, base


def test_tokenizer_json(tmp):
    for pairs in (False, True):
        d = os.path.join(tmp, "tj%d" % pairs)
        os.makedirs(d)
        p = os.path.join(d, "tokenizer.json")
        vocab, merges_b, base = make_tokenizer_json(p, merges_as_pairs=pairs)
        tok = ex.load_tokenizer_json(p, {"eos_token_id": [base + 3, base + 5]})
        check(tok["type"] == 2 and tok["pretokenizer"] == 1)
        check(tok["flags"] == ex.FLAG_IGNORE_MERGES | ex.FLAG_ADD_BOS, "flags %d" % tok["flags"])
        check(len(tok["pieces"]) == base + 7, "n_pieces = max id + 1")
        for b in range(256):
            check(tok["pieces"][b][0] == bytes([b]) and tok["pieces"][b][2] == 1, "byte piece %d" % b)
        check(tok["pieces"][256][0] == b" t" and tok["pieces"][259][0] == b"\xc3\xa9")
        check(tok["pieces"][base][2] == 5 and tok["pieces"][base][0] == b"", "gap -> unused")
        check(tok["pieces"][base + 2] [:1] == (b"<|begin_of_text|>",) and tok["pieces"][base + 2][2] == 3)
        check(tok["pieces"][base + 6][2] == 4, "non-special added token -> user-defined")
        want = [(a[0] if len(a) == 1 else vocab[_bl(a)], b[0] if len(b) == 1 else vocab[_bl(b)])
                for a, b in merges_b]
        check(tok["merges"] == want, "merges %s vs %s" % (tok["merges"], want))
        check(tok["bos_id"] == base + 2 and tok["eos_id"] == base + 3)
        check(tok["stop_ids"] == [base + 3, base + 5], "stops %s" % tok["stop_ids"])
        check(tok["pieces"][258][1] == -2.0, "rank-derived score")
        # TOKN round trip through write/read
        c = tiny_config(vocab_size=300)
        path = os.path.join(d, "m.higgs")
        ex.write_higgs(path, c, tok, [(n, a, ex.F32) for n, a in
                                      random_tensors(c, np.random.default_rng(4)).items()], fsync=False)
        t2 = ex.read_higgs(path, load_tensors=False)["tokenizer"]
        check(t2["merges"] == tok["merges"] and [x[0] for x in t2["pieces"]] == [x[0] for x in tok["pieces"]])
        # --tokenizer-only from tokenizer.json and from .higgs give identical llama2.c files
        o1, o2 = os.path.join(d, "a.bin"), os.path.join(d, "b.bin")
        check(run_cli(["--tokenizer-only", p, o1])[0] == 0)
        check(run_cli(["--tokenizer-only", path, o2])[0] == 0)
        check(open(o1, "rb").read() == open(o2, "rb").read(), "tokenizer-only json vs higgs")
    # errors
    d = os.path.join(tmp, "tjbad")
    os.makedirs(d)
    p = os.path.join(d, "tokenizer.json")
    # the pre-tokenizers: a Split regex (Llama 3, Qwen2, GPT-2), Digits + ByteLevel regex (SmolLM2),
    # ByteLevel regex alone (GPT-2); anything else is refused
    bl = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    for rx, want in ((ex.QWEN2_REGEX, ex.PRETOK_QWEN2), (ex.GPT2_REGEX, ex.PRETOK_GPT2),
                     (ex.LLAMA3_REGEX, ex.PRETOK_LLAMA3)):
        make_tokenizer_json(p, regex=rx)
        check(ex.load_tokenizer_json(p)["pretokenizer"] == want, "regex %r" % rx[:30])
    check(ex.QWEN2_REGEX.count(r"\p{N}|") == 1 and r"\p{N}{1,3}" not in ex.QWEN2_REGEX)
    for pre, want in (({"type": "Sequence", "pretokenizers": [{"type": "Digits", "individual_digits": True}, bl]},
                       ex.PRETOK_SMOLLM), (bl, ex.PRETOK_GPT2), ({"type": "Sequence", "pretokenizers": [bl]}, ex.PRETOK_GPT2)):
        check(ex.detect_pretokenizer(pre, "t") == want, "pre-tokenizer %r" % pre)
    for pre in ({"type": "Sequence", "pretokenizers": [{"type": "Digits", "individual_digits": False}, bl]},
                {"type": "Whitespace"}, None, dict(bl, add_prefix_space=True),
                {"type": "Sequence", "pretokenizers": [{"type": "Digits", "individual_digits": True},
                                                       dict(bl, use_regex=False)]}):
        try:
            ex.detect_pretokenizer(pre, "t")
        except ex.ExportError as err:
            check("unsupported pre-tokenizer" in str(err), str(err))
        else:
            raise AssertionError("pre-tokenizer %r accepted" % (pre,))
    make_tokenizer_json(p, regex=r"\w+|\s+")
    try:
        ex.load_tokenizer_json(p)
    except ex.ExportError as err:
        check("unsupported pre-tokenizer" in str(err))
    else:
        raise AssertionError("an unknown regex accepted")
    make_tokenizer_json(p, bad_merge=True)
    try:
        ex.load_tokenizer_json(p)
    except ex.ExportError as err:
        check("not in the vocabulary" in str(err), str(err))
    else:
        raise AssertionError("bad merge accepted")


def test_hf_export_spm(tmp):
    tokp = trained_spm(tmp)
    sp = spm.SentencePieceProcessor(model_file=tokp)
    for sharded, tied, dtype in ((False, False, "f32"), (True, True, "f32"), (False, False, "bf16"),
                                 (True, False, None)):
        d = os.path.join(tmp, "hf_%d_%d_%s" % (sharded, tied, dtype))
        rng = np.random.default_rng(5)
        extra = {"model.layers.0.self_attn.rotary_emb.inv_freq": ("F32", np.ones(4, np.float32))}
        if tied:  # an lm_head.weight in a tied checkpoint is ignored
            extra["lm_head.weight"] = ("F32", np.ones((416, 32), np.float32))
        cfg, ref = write_hf_dir(d, rng, sharded=sharded, tied=tied, tokenizer=tokp, extra=extra)
        out = os.path.join(tmp, "hf_%d_%d_%s.higgs" % (sharded, tied, dtype))
        args = ["--hf", d, out] + (["--dtype", dtype] if dtype else [])
        rc, so, se = run_cli(args)
        check(rc == 0, "rc %d: %s" % (rc, se))
        check("wrote" in so, so)
        h = ex.read_higgs(out, verify_data=True)
        check(h["data_crc_ok"])
        c = h["config"]
        check((c["dim"], c["hidden_dim"], c["n_layers"], c["n_heads"], c["n_kv_heads"], c["head_dim"],
               c["vocab_size"], c["seq_len"]) == (32, 48, 2, 4, 2, 8, 416, 256), "config %s" % c)
        check(c["rope_theta"] == 500000.0 and c["rope_scaling_type"] == 1 and c["rope_factor"] == 8.0
              and c["rope_low_freq_factor"] == 1.0 and c["rope_high_freq_factor"] == 4.0
              and c["rope_original_max_pos"] == 8192, "rope")
        check(np.float32(c["rms_norm_eps"]) == np.float32(1e-5))
        check(c["tied_embeddings"] == int(tied) and c["bos_id"] == 1 and c["eos_id"] == 2)
        check(c["arch"] == "llama")
        check(h["meta"]["source"] == os.path.basename(d) and h["meta"]["exported_by"] == "export.py")
        check(h["meta"]["dtype"] == (dtype or "f16"))
        names = [e["name"] for e in h["tensors"]]
        check(("lm_head.weight" in names) == (not tied), "lm_head presence")
        check(names == [n for n, _ in ex.expected_tensors(dict(c))], "tensor order")
        for e in h["tensors"]:
            want_t = ex.F32 if ex.is_norm_name(e["name"]) else ex.DTYPE_ARG[dtype or "f16"]
            check(e["type"] == want_t, "type of %s" % e["name"])
            got = ex.higgs_tensor_f32(h, e["name"])
            r = ref[e["name"]]
            if want_t == ex.F32:
                check(np.array_equal(got, r), "values %s" % e["name"])
            elif want_t == ex.BF16:
                check(np.array_equal(np.asarray(h["arrays"][e["name"]]), bf16_manual(r)), "bf16 %s" % e["name"])
            else:
                check(np.array_equal(np.asarray(h["arrays"][e["name"]]), r.astype(np.float16)), "f16 %s" % e["name"])
        t = h["tokenizer"]
        check(t["type"] == 1 and t["pretokenizer"] == 0 and len(t["pieces"]) == sp.get_piece_size())
        check(t["flags"] == ex.FLAG_ADD_DUMMY_PREFIX | ex.FLAG_BYTE_FALLBACK | ex.FLAG_ADD_BOS)
        check(t["stop_ids"] == [2, 5], "stop ids %s" % t["stop_ids"])
        for i, (b, s, k) in enumerate(t["pieces"]):
            check(b.decode() == sp.id_to_piece(i) and np.float32(s) == np.float32(sp.get_score(i)))
        rc, so, se = run_cli(["--info", out])
        check(rc == 0 and "model.layers.1.mlp.down_proj.weight" in so, se)


def test_hf_export_tokenizer_json(tmp):
    d = os.path.join(tmp, "hf_tj")
    os.makedirs(d)
    vocab, merges_b, base = make_tokenizer_json(os.path.join(d, "tokenizer.json"))
    write_hf_dir(d, np.random.default_rng(6), cfg_over={"eos_token_id": [base + 3, base + 5],
                                                        "bos_token_id": base + 2})
    out = os.path.join(tmp, "hf_tj.higgs")
    rc, so, se = run_cli(["--hf", d, out])
    check(rc == 0, se)
    h = ex.read_higgs(out)
    t = h["tokenizer"]
    check(t["type"] == 2 and t["pretokenizer"] == 1 and len(t["merges"]) == len(merges_b))
    check(h["config"]["bos_id"] == base + 2 and h["config"]["eos_id"] == base + 3)
    check(t["stop_ids"] == [base + 3, base + 5])


def test_hf_errors(tmp):
    tokp = trained_spm(tmp)
    cases = [
        ("bias", {}, {"extra": {"model.layers.0.self_attn.q_proj.bias": ("F32", np.zeros(32, np.float32))}},
         "bias"),
        ("attnbias", {"attention_bias": True}, {}, "attention_bias"),
        ("missing", {}, {"drop": ["model.layers.1.mlp.up_proj.weight"]},
         "missing tensor model.layers.1.mlp.up_proj.weight"),
        ("nohead", {}, {"drop": ["lm_head.weight"]}, "lm_head.weight"),
        ("arch", {"architectures": ["GPTNeoXForCausalLM"], "model_type": "gpt_neox"}, {}, "GPTNeoXForCausalLM"),
        ("qwen2nobias", {"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2"}, {},
         "missing tensor model.layers.0.self_attn.q_proj.bias"),
        ("qwen2obias", {"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2"},
         {"extra": {"model.layers.0.self_attn.o_proj.bias": ("F32", np.zeros(32, np.float32))}},
         "bias tensors are not supported for qwen2"),
        ("qwen2swa", {"architectures": ["Qwen2ForCausalLM"], "model_type": "qwen2", "use_sliding_window": True,
                      "sliding_window": 16, "max_window_layers": 1}, {}, "use_sliding_window"),
        ("longrope", {"architectures": ["Phi3ForCausalLM"], "model_type": "phi3",
                      "rope_scaling": {"type": "longrope", "short_factor": [1.0] * 4, "long_factor": [1.0] * 4}},
         {}, "longrope"),
        ("partialrope", {"partial_rotary_factor": 0.5}, {}, "partial_rotary_factor"),
        ("rope", {"rope_scaling": {"type": "yarn", "factor": 4.0}}, {}, "rope_scaling"),
        ("shape", {}, {}, "shape mismatch"),
        ("vocab", {"vocab_size": 100}, {"vocab": 100}, "vocab mismatch"),
        ("dtype", {}, {"dtypes": ("F32", "F64")}, "unsupported dtype"),
    ]
    for tag, over, kw, msg in cases:
        d = os.path.join(tmp, "hferr_" + tag)
        write_hf_dir(d, np.random.default_rng(7), cfg_over=over, tokenizer=tokp, **kw)
        if tag == "shape":  # config says 50 but the tensors were made for 48
            cfg = json.load(open(os.path.join(d, "config.json")))
            cfg["intermediate_size"] = 50
            json.dump(cfg, open(os.path.join(d, "config.json"), "w"))
        out = os.path.join(tmp, "hferr_%s.higgs" % tag)
        rc, so, se = run_cli(["--hf", d, out])
        check(rc == 1, "%s: rc %d %s" % (tag, rc, se))
        lines = se.strip().splitlines()
        check(len(lines) == 1 and msg in lines[0] and "Traceback" not in se,
              "%s: stderr %r" % (tag, se))
        no_leftovers(tmp, "hferr_%s.higgs" % tag)
    # no tokenizer at all
    d = os.path.join(tmp, "hferr_notok")
    write_hf_dir(d, np.random.default_rng(7))
    rc, so, se = run_cli(["--hf", d, os.path.join(tmp, "hferr_notok.higgs")])
    check(rc == 1 and "tokenizer" in se and len(se.strip().splitlines()) == 1, se)
    no_leftovers(tmp, "hferr_notok.higgs")


def test_llama2c(tmp):
    rng = np.random.default_rng(8)
    tokp = os.path.join(tmp, "l2c_tok.bin")
    toks = make_llama2c_tokenizer(tokp, 64)
    for version, shared in ((0, True), (0, False), (1, True), (1, False)):
        mp = os.path.join(tmp, "l2c_v%d_%d.bin" % (version, shared))
        nh, nkv, dim = 4, 2, 32
        w = make_llama2c(mp, rng, dim=dim, nh=nh, nkv=nkv, shared=shared, version=version)
        out = os.path.join(tmp, "l2c_v%d_%d.higgs" % (version, shared))
        rc, so, se = run_cli(["--llama2c", mp, "--tokenizer", tokp, out, "--dtype", "f32"])
        check(rc == 0, se)
        h = ex.read_higgs(out, verify_data=True)
        c = h["config"]
        check((c["dim"], c["hidden_dim"], c["n_layers"], c["n_heads"], c["n_kv_heads"], c["head_dim"],
               c["vocab_size"], c["seq_len"]) == (32, 40, 2, 4, 2, 8, 64, 16))
        check(c["rope_theta"] == 10000.0 and c["rope_scaling_type"] == 0 and
              np.float32(c["rms_norm_eps"]) == np.float32(1e-5))
        check(c["tied_embeddings"] == int(shared) and c["bos_id"] == 1 and c["eos_id"] == 2)
        A = {e["name"]: ex.higgs_tensor_f32(h, e["name"]) for e in h["tensors"]}
        check(("lm_head.weight" in A) == (not shared))
        check(np.array_equal(A["model.embed_tokens.weight"], w["emb"]))
        check(np.array_equal(A["model.norm.weight"], w["rms_final"]))
        if not shared:
            check(np.array_equal(A["lm_head.weight"], w["wcls"]))
        for i in range(2):
            p = "model.layers.%d." % i
            check(np.array_equal(A[p + "input_layernorm.weight"], w["rms_att"][i]))
            check(np.array_equal(A[p + "post_attention_layernorm.weight"], w["rms_ffn"][i]))
            check(np.array_equal(A[p + "self_attn.v_proj.weight"], w["wv"][i]))
            check(np.array_equal(A[p + "self_attn.o_proj.weight"], w["wo"][i]))
            check(np.array_equal(A[p + "mlp.gate_proj.weight"], w["w1"][i]))
            check(np.array_equal(A[p + "mlp.down_proj.weight"], w["w2"][i]))
            check(np.array_equal(A[p + "mlp.up_proj.weight"], w["w3"][i]))
            wq1, wk1 = A[p + "self_attn.q_proj.weight"], A[p + "self_attn.k_proj.weight"]
            check(sorted(map(tuple, wq1)) == sorted(map(tuple, w["wq"][i])), "q rows permuted")
            check_rope_equivalence(w["wq"][i], w["wk"][i], wq1, wk1, nh, nkv, dim, rng)
        t = h["tokenizer"]
        check(t["type"] == 1 and t["pretokenizer"] == 0 and t["merges"] == [])
        check(t["flags"] == ex.FLAG_ADD_DUMMY_PREFIX | ex.FLAG_BYTE_FALLBACK | ex.FLAG_ADD_BOS)
        check((t["bos_id"], t["eos_id"], t["unk_id"], t["pad_id"], t["stop_ids"]) == (1, 2, 0, -1, [2]))
        P = t["pieces"]
        check(P[0] == (b"<unk>", 0.0, 2) and P[1][:1] == (b"<s>",) and P[1][2] == 3 and
              P[2][:1] == (b"</s>",) and P[2][2] == 3)
        check(P[3] == (b"<0x00>", 0.0, 6) and P[3 + 0x2A][0] == b"<0x2A>" and P[3 + 0x2A][2] == 6)
        words = [i for i, (b, s) in enumerate(toks) if b.startswith(b" w")]
        check(P[words[0]][0] == u"\u2581w0".encode() and P[words[0]][2] == 1, "space -> U+2581")
        check(P[words[1]][1] == toks[words[1]][1], "score kept")
        # --tokenizer-only from the .higgs reproduces tokenizer.bin byte for byte
        ob = os.path.join(tmp, "l2c_back.bin")
        check(run_cli(["--tokenizer-only", out, ob])[0] == 0)
        check(open(ob, "rb").read() == open(tokp, "rb").read(), "tokenizer.bin round trip")
    # default dtype f16, and interleaved->half permutation matches HF's permute on a known case
    w0 = np.arange(2 * 8 * 3, dtype=np.float32).reshape(16, 3)
    pw = ex.permute_interleaved_to_half(w0, 2)
    check([int(r[0]) // 3 for r in pw] == [0, 2, 4, 6, 1, 3, 5, 7, 8, 10, 12, 14, 9, 11, 13, 15])


def test_llama2c_errors(tmp):
    rng = np.random.default_rng(9)
    tokp = os.path.join(tmp, "l2e_tok.bin")
    make_llama2c_tokenizer(tokp, 64)
    for version in (0, 1):
        mp = os.path.join(tmp, "l2e_v%d.bin" % version)
        make_llama2c(mp, rng, shared=False, version=version)
        size = os.path.getsize(mp)
        with open(mp, "r+b") as f:
            f.truncate(size - 4)
        out = os.path.join(tmp, "l2e_v%d.higgs" % version)
        rc, so, se = run_cli(["--llama2c", mp, "--tokenizer", tokp, out])
        check(rc == 1, se)
        lines = se.strip().splitlines()
        check(len(lines) == 1 and "expected %d bytes, got %d" % (size, size - 4) in lines[0], se)
        no_leftovers(tmp, "l2e_v%d.higgs" % version)
    # tokenizer with more pieces than the model's vocab
    mp = os.path.join(tmp, "l2e_ok.bin")
    make_llama2c(mp, rng, vocab=64)
    big = os.path.join(tmp, "l2e_big.bin")
    make_llama2c_tokenizer(big, 80)
    rc, so, se = run_cli(["--llama2c", mp, "--tokenizer", big, os.path.join(tmp, "l2e_ok.higgs")])
    check(rc == 1 and "vocab mismatch" in se and len(se.strip().splitlines()) == 1, se)
    no_leftovers(tmp, "l2e_ok.higgs")


def test_reexec(tmp):
    """export.py run by an interpreter without numpy re-executes itself with one that has it."""
    cands = [p for p in os.environ.get("PATH", "").split(os.pathsep)
             if os.access(os.path.join(p, "python3"), os.X_OK)]
    nonumpy = None
    for p in cands:
        exe = os.path.join(p, "python3")
        r = subprocess.run([exe, "-c", "import numpy"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        if r.returncode != 0:
            nonumpy = exe
            break
    if nonumpy is None:
        raise Skip("no python3 without numpy on PATH")
    rc, so, se = run_cli(["--info", os.path.join(tmp, "does-not-exist.higgs")], exe=nonumpy)
    check(rc == 1 and "cannot read" in se and "needs numpy" not in se, se)
    env = dict(os.environ, _reexec_guard="1")
    p = subprocess.run([nonumpy, EXPORT, "--info", "x"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env)
    check(p.returncode == 1 and b"needs numpy" in p.stderr and len(p.stderr.strip().splitlines()) == 1,
          p.stderr)


TESTS = [
    ("bf16_ties", test_bf16_ties, False),
    ("roundtrip_layout_crc", test_roundtrip_layout_crc, True),
    ("write_errors", test_write_errors, True),
    ("safetensors_reader", test_safetensors_reader, True),
    ("sentencepiece_parse", test_sentencepiece_parse, True),
    ("sentencepiece_variants", test_sentencepiece_variants, True),
    ("tokenizer_only_spm", test_tokenizer_only_spm, True),
    ("tokenizer_json", test_tokenizer_json, True),
    ("hf_export_spm", test_hf_export_spm, True),
    ("hf_export_tokenizer_json", test_hf_export_tokenizer_json, True),
    ("hf_errors", test_hf_errors, True),
    ("llama2c", test_llama2c, True),
    ("llama2c_errors", test_llama2c_errors, True),
    ("reexec", test_reexec, True),
]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    verbose = "-v" in sys.argv
    tmp = tempfile.mkdtemp(prefix="higgs_export_test_")
    failed = 0
    try:
        for name, fn, wants_tmp in TESTS:
            if args and not any(a in name for a in args):
                continue
            sub = os.path.join(tmp, name)
            os.makedirs(sub)
            try:
                import contextlib
                import io
                buf = io.StringIO()
                with contextlib.redirect_stdout(buf) if not verbose else contextlib.nullcontext():
                    fn(sub) if wants_tmp else fn()
                print("PASS %s" % name, flush=True)
            except Skip as s:
                print("SKIP %s (%s)" % (name, s), flush=True)
            except Exception:
                failed += 1
                print("FAIL %s" % name, flush=True)
                traceback.print_exc()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%s: %d failed" % ("FAILED" if failed else "OK", failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
