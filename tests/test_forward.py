#!/usr/bin/env python3
"""run.c's forward pass against the independent numpy reference (tests/reference.py).

Synthetic Hugging Face checkpoints (tests/make_synthetic.py) in many shapes go
through export.py into .higgs files; ./run -m logits must give the reference's
logits, ./run -m ppl the reference's perplexity, the llama2.c import the same
logits as the HF import, and quantize's dtype conversion the same weights.

Bounds: max |logit error| <= 1e-4 for f32 and bf16 weights (the reference runs
in float64 on the very same weight values), and the same for f16 files
compared with a reference fed the f16-rounded weights. Logits have std ~1-2.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, ROOT)
import numpy as np  # noqa: E402

import export  # noqa: E402
import make_synthetic as ms  # noqa: E402
import reference as ref  # noqa: E402

from testlib import PY, TOKENIZER, finish, report, sh  # noqa: E402

BOUND = 1e-4
# HIGGS_RUN: another build of run for the logits checks (test_all.sh: the portable and AVX2 builds, --variants)
RUN_BIN = os.environ.get("HIGGS_RUN") or os.path.join(ROOT, "run")


def run_logits(model, ids, tmp, threads=2, binary="run", extra=()):
    """./run -m logits with the exact f32 cache (run's default is q8) unless extra names --kv"""
    idf, out = os.path.join(tmp, "ids.txt"), os.path.join(tmp, "logits.bin")
    with open(idf, "w") as f:
        f.write(" ".join(map(str, ids)))
    sh(RUN_BIN if binary == "run" else os.path.join(ROOT, binary), model, "-m", "logits", "-f", idf, "-o", out, "-T",
       threads, "--kv", "f32", *extra)
    return np.fromfile(out, dtype=np.float32).reshape(len(ids), -1)


def export_hf(d, out, dtype):
    sh(PY, os.path.join(ROOT, "export.py"), "--hf", d, out, "--dtype", dtype)


def weights_of(higgs_path):
    """the weights exactly as stored in a .higgs file, as float32 arrays"""
    h = export.read_higgs(higgs_path)
    return {t["name"]: export.higgs_tensor_f32(h, t["name"]) for t in h["tensors"]}


VARIANTS = [
    # name, make_checkpoint kwargs, export dtype
    ("gqa_untied_f32", dict(dim=64, hidden_dim=160, n_layers=2, n_heads=8, n_kv_heads=2), "f32"),
    ("mha_tied_f32", dict(dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=4, tie=True), "f32"),
    ("theta500k_llama3_scaling", dict(dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=2, rope_theta=500000.0,
                                      rope_scaling={"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                                                    "high_freq_factor": 4.0, "original_max_position_embeddings": 16}), "f32"),
    ("head_dim_differs", dict(dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=2, head_dim=24), "f32"),
    ("dim288_not_pow2", dict(dim=288, hidden_dim=768, n_layers=2, n_heads=6, n_kv_heads=6), "f32"),
    ("sharded_bf16_gqa_tied_theta", dict(dim=128, hidden_dim=256, n_layers=3, n_heads=8, n_kv_heads=2, tie=True,
                                         rope_theta=500000.0, dtype="BF16", shards=3), "bf16"),
    ("f16_export_of_f32", dict(dim=96, hidden_dim=256, n_layers=2, n_heads=6, n_kv_heads=3), "f16"),
    # query heads per key/value head that are not a multiple of run.c's group of heads (attend_group:
    # 8 at a time on AVX-512, 4 elsewhere): 6 (one group of 6, or 4 + 2) and 12 (8 + 4, or 3 x 4)
    ("gqa_6_per_kv_head", dict(dim=96, hidden_dim=160, n_layers=2, n_heads=6, n_kv_heads=1), "f32"),
    ("gqa_12_per_kv_head_hd64", dict(dim=768, hidden_dim=256, n_layers=2, n_heads=12, n_kv_heads=1), "f32"),
    # head sizes for run.c's value sums: 64 dimensions at a time (AVX-512), 16 at a time, plain tails
    ("head_dim_64_gqa4", dict(dim=256, hidden_dim=256, n_layers=2, n_heads=4, n_kv_heads=1), "f32"),
    ("head_dim_72", dict(dim=144, hidden_dim=256, n_layers=2, n_heads=2, n_kv_heads=2), "f32"),
    # the other families (tests/test_families.py has more): q/k/v biases; sliding windows that start
    # inside a key block and past two (the attention's first block and its two-block loop)
    ("qwen2_biases_gqa4", dict(arch="qwen2", dim=64, hidden_dim=128, n_layers=2, n_heads=8, n_kv_heads=2), "f32"),
    ("mistral_window5_gqa6", dict(arch="mistral", sliding_window=5, dim=96, hidden_dim=160, n_layers=2, n_heads=6,
                                  n_kv_heads=1), "f32"),
    ("phi3_fused_window20_hd64", dict(arch="phi3", sliding_window=20, dim=128, hidden_dim=128, n_layers=2, n_heads=2,
                                      n_kv_heads=2), "f32"),
]


def rms(a):
    return float(np.sqrt(np.mean(np.square(a))))


def build_variant(tmp, prefix, name, kw, dtype, seed=None):
    """a VARIANTS checkpoint exported to .higgs: its path and the reference model of its stored weights
    (seed None: a new draw each run, hash() of a str being salted per process)"""
    d = os.path.join(tmp, prefix + name)
    ms.make_checkpoint(d, vocab_size=4096, seq_len=64, tokenizer_model=TOKENIZER,
                       seed=hash(name) % 1000 if seed is None else seed, **kw)
    out = d + ".higgs"
    export_hf(d, out, dtype)
    return out, ref.load_model(None, weights=weights_of(out), config=ms.load_hf(d)[0])


def test_variants(tmp):
    rng = np.random.default_rng(0)
    for name, kw, dtype in VARIANTS:
        try:
            out, model = build_variant(tmp, "", name, kw, dtype)
            ids = [1] + rng.integers(3, 4096, size=40).tolist()
            want = ref.forward(model, ids)
            for extra in ((), ("--no-batch",)):    # the prompt (batched) path and the decode path
                got = run_logits(out, ids, tmp, extra=extra)
                err = float(np.abs(want - got).max())
                report(err <= BOUND, f"logits_{name}{'_decode_path' if extra else ''}",
                       f"max abs err {err:.2e}, logit std {want.std():.2f}")
        except Exception as e:  # noqa: BLE001
            report(False, f"logits_{name}", str(e))


# head sizes the HIGGS cache types take besides the VARIANTS' 64: 32 (GQA), and 128 with a sliding window
# that starts inside a key group
KV_VARIANTS = [
    ("kv_hd32_gqa2", dict(dim=128, hidden_dim=160, n_layers=2, n_heads=4, n_kv_heads=2), "f32"),
    ("kv_hd128_mistral_window37", dict(arch="mistral", sliding_window=37, dim=256, hidden_dim=160, n_layers=2, n_heads=2,
                                       n_kv_heads=1), "f32"),
]
HIGGS_KV = ("q4", "q3", "q5", "q8,q4", "q4,f16")


def test_kv_cache_types(tmp):
    """run's KV cache types against the reference fed the same cache (reference.kv_store): f16 and
    q8 keys and values, alone and mixed, in the prompt and decode paths, on shapes that take every
    path of the attention kernels (GQA groups, a sliding window, a head size with a tail, biases);
    the HIGGS types (q5, q4, q3, and mixed with flat ones) on the shapes whose head size is a power of
    two >= 32 (41 tokens: a closed key group, then the open one; windows that start inside a group).
    On other head sizes run must refuse a HIGGS type with a one-line error."""
    rng = np.random.default_rng(3)
    names = ("gqa_untied_f32", "head_dim_72", "qwen2_biases_gqa4", "mistral_window5_gqa6", "gqa_12_per_kv_head_hd64",
             "head_dim_64_gqa4", "phi3_fused_window20_hd64")
    for name, kw, dtype in [v for v in VARIANTS if v[0] in names] + KV_VARIANTS:
        try:
            out, model = build_variant(tmp, "kv_", name, kw, dtype, seed=17)
            ids = [1] + rng.integers(3, 4096, size=40).tolist()
            exact = ref.forward(model, ids)
            hd = model["head_dim"]
            higgs = hd >= 32 and hd & (hd - 1) == 0
            if not higgs:   # a HIGGS type on this head size: a one-line error, exit status 1, no logits
                with open(os.path.join(tmp, "ids.txt"), "w") as f:
                    f.write(" ".join(map(str, ids)))
                for kv in ("q4", "f16,q3"):
                    r = subprocess.run([RUN_BIN, out, "-m", "logits", "-f", os.path.join(tmp, "ids.txt"), "-o",
                                        os.path.join(tmp, "refused.bin"), "--kv", kv], capture_output=True, text=True, timeout=60)
                    lines = r.stderr.strip().splitlines()
                    report(r.returncode == 1 and len(lines) == 1 and "error" in lines[0] and str(hd) in lines[0],
                           f"kv_{kv}_{name}_refused", f"exit {r.returncode}, stderr {r.stderr.strip()[-200:]!r}")
            for kv in ("f16", "q8", "q8,f16", "f16,q8") + (HIGGS_KV if higgs else ()):
                kt, vt = (kv.split(",") + [kv])[:2]
                want = ref.forward(model, ids, kv_types=(kt, vt))
                effect = rms(want - exact)
                # run rounds its own float32 keys and values, which differ from the reference's in the
                # last bits; one near a rounding tie of f16 or q8 (or a HIGGS type's grid points or key
                # levels) lands one step away (a few logits move by up to 1e-3 .. 1e-2). So the test is
                # on the whole: the logits' RMS distance from the reference with that cache must be a
                # small part of the distance the cache itself makes (half of it: a wrong load, layout or
                # scale moves them by far more than the cache does). The HIGGS types' effect is 10-50x
                # q8's while a step away costs about as much, so their bound is a tenth of the effect
                # (run sits within 1e-2 of it): the reference without the open-group rule (every key
                # decoded, or none) lands at 0.25 .. 2.6 of it, and q4,f16 isolates the keys.
                # tests/test_attention.c checks the loads, the stored bytes and attention exactly.
                part = 0.1 if kt in ref.HIGGS_KV_BITS or vt in ref.HIGGS_KV_BITS else 0.5
                for extra in ((), ("--no-batch",)):
                    got = run_logits(out, ids, tmp, extra=("--kv", kv) + extra)
                    err = rms(want - got)
                    report(err <= max(BOUND / 10, part * effect) and effect > 0,
                           f"kv_{kv}_{name}{'_decode_path' if extra else ''}",
                           f"RMS err {err:.2e} against the reference with that cache (the cache itself moves the "
                           f"logits by {effect:.2e} RMS)")
        except Exception as e:  # noqa: BLE001
            report(False, f"kv_{name}", str(e))


def test_outlier_keys_copy(tmp):
    """tools/outlier_keys.py: two RoPE pairs of every kv head's keys x8, the matching query
    dimensions x1/8. Powers of two scale exactly, so with the exact (f32) cache the copy's logits
    are the original's; a per-token q8 key cache sees the outliers and moves the logits more."""
    d = os.path.join(tmp, "outlier")
    ms.make_checkpoint(d, dim=128, hidden_dim=256, n_layers=2, n_heads=8, n_kv_heads=2, vocab_size=4096, seq_len=64,
                       tokenizer_model=TOKENIZER, seed=11)
    out, copy = d + ".higgs", d + "-outliers.higgs"
    export_hf(d, out, "f32")
    sh(PY, os.path.join(ROOT, "tools", "outlier_keys.py"), out, copy)
    ids = [1] + list(range(7, 47))
    a, b = run_logits(out, ids, tmp), run_logits(copy, ids, tmp)
    err = float(np.abs(a - b).max())
    report(err <= 1e-5, "outlier_keys_copy_same_logits_f32_cache", f"max abs diff {err:.2e}")
    qa, qb = run_logits(out, ids, tmp, extra=("--kv", "q8")), run_logits(copy, ids, tmp, extra=("--kv", "q8"))
    ea, eb = float(np.abs(qa - a).max()), float(np.abs(qb - b).max())
    report(eb > 2 * ea, "outlier_keys_copy_hurts_per_token_q8_keys",
           f"q8 cache moves the logits by {ea:.2e} on the original, {eb:.2e} on the copy")


def test_threads_identical(tmp):
    d = os.path.join(tmp, "threads")
    ms.make_checkpoint(d, dim=128, hidden_dim=256, n_layers=2, n_heads=8, n_kv_heads=4, vocab_size=4096, seq_len=64,
                       tokenizer_model=TOKENIZER, seed=5)
    out = d + ".higgs"
    export_hf(d, out, "f16")
    ids = list(range(1, 30))
    a, b = run_logits(out, ids, tmp, threads=1), run_logits(out, ids, tmp, threads=3)
    report(np.array_equal(a, b), "threads_1_vs_3_bit_identical", f"max diff {np.abs(a - b).max():.2e}")
    # the model read into memory (the default for small files) and mapped (--mmap) are the same bytes
    c = run_logits(out, ids, tmp, threads=2, extra=("--mmap",))
    report(np.array_equal(a, c), "mmap_vs_copied_model_bit_identical", f"max diff {np.abs(a - c).max():.2e}")
    # the rotation choice's copies shared by decode's threads (run shares them from 16384 values a
    # matrix: 1024-wide rows at 16 rotations): 1, 2 and 3 threads give the same logits
    d = os.path.join(tmp, "threads_rc")
    ms.make_checkpoint(d, dim=1024, hidden_dim=1024, n_layers=1, n_heads=8, n_kv_heads=4, vocab_size=4096, seq_len=64,
                       tokenizer_model=TOKENIZER, seed=6)
    export_hf(d, d + ".higgs", "f16")
    q = d + "_r16.higgs"
    sh(os.path.join(ROOT, "quantize"), d + ".higgs", q, "--method", "higgs", "--p", "2", "--bits", "3", "--rotations", "16")
    base = run_logits(q, ids, tmp, threads=1, extra=("--no-batch",))
    worst = max(float(np.abs(base - run_logits(q, ids, tmp, threads=t, extra=("--no-batch",))).max()) for t in (2, 3))
    report(worst == 0, "int8_rotations16_decode_threads_bit_identical", f"max diff {worst:.2e} over 2 and 3 threads against 1")


def test_decode_pairs_identical(tmp):
    """Decoding walks two row streams per task where a kernel can (run.c plan_tasks: gate with
    up, k with v, the two halves of any other matrix, rows left over on their own); the logits
    must be the one-stream logits bit for bit, at 1, 2 and 3 threads. Shapes chosen so that some
    halves are not whole cache lines (176 rows: 80 + 80 paired, 16 alone)."""
    d = os.path.join(tmp, "pairs")
    ms.make_checkpoint(d, dim=176, hidden_dim=200, n_layers=2, n_heads=11, n_kv_heads=1, vocab_size=4096, seq_len=64,
                       tokenizer_model=TOKENIZER, seed=9)
    f16 = d + ".higgs"
    export_hf(d, f16, "f16")
    ids = list(range(1, 20))
    for name, args in (("f16", None), ("p2b4", ["--p", "2", "--bits", "4"]), ("p1b4", ["--p", "1", "--bits", "4"]),
                       ("p2b3", ["--p", "2", "--bits", "3"])):
        model = f16
        if args:
            model = os.path.join(tmp, f"pairs_{name}.higgs")
            sh(os.path.join(ROOT, "quantize"), f16, model, "--method", "higgs", *args)
        base = run_logits(model, ids, tmp, threads=1, extra=("--no-batch", "--no-pairs"))
        worst, same = 0.0, True
        for threads in (1, 2, 3):
            got = run_logits(model, ids, tmp, threads=threads, extra=("--no-batch",))
            same &= np.array_equal(base, got)
            worst = max(worst, float(np.abs(base - got).max()))
        report(same, f"decode_pairs_bit_identical_{name}", f"max diff {worst:.2e} over 1, 2, 3 threads")


def test_batches(tmp):
    """A prompt longer than two batches (run.c BATCH = 128 tokens; 300 leaves 44, not a multiple
    of the four-token tiles) against the reference, batched and token by token; for an int8 file
    the batched logits equal the token-by-token ones bit for bit (integer sums, one epilogue)."""
    d = os.path.join(tmp, "batches")
    ms.make_checkpoint(d, dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4096, seq_len=320,
                       tokenizer_model=TOKENIZER, seed=13)
    f16 = d + ".higgs"
    export_hf(d, f16, "f16")
    ids = [1] + np.random.default_rng(13).integers(3, 4096, size=299).tolist()
    model = ref.load_model(None, weights=weights_of(f16), config=ms.load_hf(d)[0])
    want = ref.forward(model, ids)
    for extra in ((), ("--no-batch",)):
        got = run_logits(f16, ids, tmp, extra=extra)
        err = float(np.abs(want - got).max())
        report(err <= BOUND, f"logits_300_tokens{'_decode_path' if extra else '_batched'}",
               f"max abs err {err:.2e}, logit std {want.std():.2f}")
    q = os.path.join(tmp, "batches_p2b4.higgs")
    sh(os.path.join(ROOT, "quantize"), f16, q, "--method", "higgs", "--p", "2", "--bits", "4")
    a, b = run_logits(q, ids, tmp), run_logits(q, ids, tmp, extra=("--no-batch",))
    report(np.array_equal(a, b), "int8_300_tokens_batched_equals_decode", f"max diff {np.abs(a - b).max():.2e}")
    # the rotation choice: K copies of each token prepared by the threads, rows grouped by pick (1 and 3 threads)
    q = os.path.join(tmp, "batches_p2b3r16.higgs")
    sh(os.path.join(ROOT, "quantize"), f16, q, "--method", "higgs", "--p", "2", "--bits", "3", "--rotations", "16")
    b = run_logits(q, ids, tmp, extra=("--no-batch",))
    for threads in (1, 3):
        a = run_logits(q, ids, tmp, threads=threads)
        report(np.array_equal(a, b), f"int8_rotations16_300_tokens_batched_equals_decode_{threads}t",
               f"max diff {np.abs(a - b).max():.2e}")


def test_llama2c_import(tmp):
    d = os.path.join(tmp, "l2c")
    for tie in (False, True):
        cfg, w = ms.make_checkpoint(d, dim=64, hidden_dim=160, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4096,
                                    seq_len=64, tokenizer_model=TOKENIZER, tie=tie, seed=11)
        hf_out, bin_path, l2c_out = d + ".higgs", d + ".bin", d + "_l2c.higgs"
        tokbin = os.path.join(tmp, "tok.bin")
        export_hf(d, hf_out, "f32")
        ms.write_llama2c_v0(bin_path, w, cfg)
        sh(PY, os.path.join(ROOT, "export.py"), "--tokenizer-only", TOKENIZER, tokbin)
        sh(PY, os.path.join(ROOT, "export.py"), "--llama2c", bin_path, "--tokenizer", tokbin, l2c_out, "--dtype", "f32")
        ids = [1, 100, 2000, 35, 7, 4000, 9, 12, 13]
        a, b = run_logits(hf_out, ids, tmp), run_logits(l2c_out, ids, tmp)
        err = float(np.abs(a - b).max())
        report(err <= 1e-5, f"llama2c_v0_{'tied' if tie else 'untied'}_equals_hf", f"max abs diff {err:.2e}")
        # the same prompt tokenizes the same with the embedded tokenizer and with -z tokenizer.bin
        p1 = sh(os.path.join(ROOT, "run"), l2c_out, "-m", "tokenize", "-i", "The jury said, 1961.").stdout
        p2 = sh(os.path.join(ROOT, "run"), hf_out, "-m", "tokenize", "-z", tokbin, "-i", "The jury said, 1961.").stdout
        report(p1 == p2 and p1.strip(), f"llama2c_tokenizer_bin_{'tied' if tie else 'untied'}", f"{p1.strip()} vs {p2.strip()}")


def test_perplexity(tmp):
    import sentencepiece as spm
    d = os.path.join(tmp, "ppl")
    # the acceptance case: GQA, tied embeddings, rope_theta != 10000, sharded BF16 safetensors
    ms.make_checkpoint(d, dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4096, seq_len=64,
                       tokenizer_model=TOKENIZER, seed=3, rope_theta=500000.0, tie=True, dtype="BF16", shards=2)
    out = d + ".higgs"
    export_hf(d, out, "bf16")
    text = open(os.path.join(ROOT, "data", "brown-heldout.txt"), encoding="utf-8").read()[:3000]
    tf = os.path.join(tmp, "text.txt")
    with open(tf, "w", encoding="utf-8") as f:
        f.write(text)
    sp = spm.SentencePieceProcessor(model_file=TOKENIZER)
    ids = [sp.bos_id()] + sp.encode(text)
    model = ref.load_model(d)
    for ctx in (64, 37):
        want, n_want = ref.perplexity(model, ids, ctx)
        r = sh(os.path.join(ROOT, "run"), out, "-m", "ppl", "-f", tf, "-c", ctx, "--kv", "f32")
        last = r.stdout.strip().splitlines()[-1]
        ok = last.startswith("perplexity: ")
        got = float(last.split()[1]) if ok else float("nan")
        n_got = int(last.split("(")[1].split()[0]) if ok else -1
        rel = abs(got - want) / want
        report(ok and n_got == n_want and rel < 1e-5, f"perplexity_ctx{ctx}_gqa_tied_bf16_theta500k_equals_reference",
               f"run {got:.6f} ({n_got} tokens) vs reference {want:.6f} ({n_want} tokens), rel {rel:.1e}")


def test_kld(tmp):
    """run -m ppl --kld BASE [--second-half]: perplexities, mean KL divergence and top-1 agreement against
    the reference over the same windows (two models of one shape: a checkpoint and another draw)"""
    import sentencepiece as spm
    dq, db = os.path.join(tmp, "kq"), os.path.join(tmp, "kb")
    for d, seed in ((dq, 11), (db, 12)):
        ms.make_checkpoint(d, dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4096, seq_len=64,
                           tokenizer_model=TOKENIZER, seed=seed)
        export_hf(d, d + ".higgs", "f32")
    text = open(os.path.join(ROOT, "data", "brown-heldout.txt"), encoding="utf-8").read()[:2500]
    tf = os.path.join(tmp, "kld.txt")
    with open(tf, "w", encoding="utf-8") as f:
        f.write(text)
    sp = spm.SentencePieceProcessor(model_file=TOKENIZER)
    ids = [sp.bos_id()] + sp.encode(text)
    mq, mb = ref.load_model(dq), ref.load_model(db)
    for ctx, half in ((64, False), (48, True), (37, True)):
        want = ref.compare(mq, mb, ids, ctx, second_half=half, bos=sp.bos_id())
        r = sh(os.path.join(ROOT, "run"), dq + ".higgs", "-m", "ppl", "-f", tf, "-c", ctx, "--kv", "f32", "--kld", db + ".higgs",
               *(["--second-half"] if half else []))
        lines = r.stdout.strip().splitlines()
        got = {}
        for ln in lines:
            m = re.match(r"(perplexity|base perplexity): ([0-9.]+) \((\d+) tokens\)$", ln)
            if m:
                got[m.group(1)] = (float(m.group(2)), int(m.group(3)))
        m = re.match(r"kld: ([0-9.]+) \(same top token ([0-9.]+)%, (\d+) tokens\)$", lines[-1])
        ok = m is not None and len(got) == 2
        if ok:
            kld, same, n = float(m.group(1)), float(m.group(2)) / 100, int(m.group(3))
            ok = (n == want[4] and got["perplexity"][1] == n and abs(got["perplexity"][0] / want[0] - 1) < 1e-5
                  and abs(got["base perplexity"][0] / want[1] - 1) < 1e-5 and abs(kld / want[2] - 1) < 1e-4
                  and abs(same - want[3]) < 0.6 / n)
        report(ok, f"ppl_kld_ctx{ctx}{'_second_half' if half else ''}_equals_reference",
               f"run {lines[-3:]} vs reference ppl {want[0]:.6f} base {want[1]:.6f} kld {want[2]:.6f} "
               f"same {100 * want[3]:.3f}% n {want[4]}")
    # the same model as its own base: no divergence, every top token the same
    r = sh(os.path.join(ROOT, "run"), dq + ".higgs", "-m", "ppl", "-f", tf, "-c", 64, "--kv", "f32", "--kld", dq + ".higgs")
    report(r.stdout.strip().splitlines()[-1].startswith("kld: 0.000000 (same top token 100.000%"), "ppl_kld_self_is_zero",
           r.stdout.strip().splitlines()[-1])


def test_quantize_dtype(tmp):
    d = os.path.join(tmp, "conv")
    ms.make_checkpoint(d, dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4096, seq_len=64,
                       tokenizer_model=TOKENIZER, seed=8)
    f32, f16a, f16b, bf16 = (os.path.join(tmp, n) for n in ("c32.higgs", "c16a.higgs", "c16b.higgs", "cbf.higgs"))
    export_hf(d, f32, "f32")
    export_hf(d, f16a, "f16")
    sh(os.path.join(ROOT, "quantize"), f32, f16b, "--dtype", "f16")
    sh(os.path.join(ROOT, "quantize"), f16b, bf16, "--dtype", "bf16")
    wa, wb = weights_of(f16a), weights_of(f16b)
    same = wa.keys() == wb.keys() and all(np.array_equal(wa[k], wb[k]) for k in wa)
    report(same, "quantize_f32_to_f16_matches_export_f16", "tensors differ" if not same else "bit-identical tensors")
    h = export.read_higgs(f16b)
    norms_f32 = all(t["type"] == 0 for t in h["tensors"] if t["name"].endswith("norm.weight"))
    report(norms_f32, "quantize_keeps_norms_f32")
    wbf = weights_of(bf16)
    ok = all(np.array_equal(wbf[k], ms.round_to_dtype(wb[k], "BF16")) for k in wb if not k.endswith("norm.weight"))
    report(ok, "quantize_f16_to_bf16_rounds_like_reference")
    info = sh(os.path.join(ROOT, "quantize"), "--info", f16b).stdout
    report("F16" in info and "model.layers.1.mlp.down_proj.weight" in info and "bits/parameter" in info,
           "quantize_info_lists_tensors")
    r = sh(os.path.join(ROOT, "run"), f16b, "--verify")
    report("OK" in r.stdout, "verify_converted_file")


def test_generate(tmp):
    d = os.path.join(tmp, "gen")
    ms.make_checkpoint(d, dim=64, hidden_dim=128, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=4096, seq_len=64,
                       tokenizer_model=TOKENIZER, seed=9)
    out = d + ".higgs"
    export_hf(d, out, "f16")
    # random weights emit arbitrary byte tokens: compare bytes, not text
    runs = [sh(os.path.join(ROOT, "run"), out, "-i", "The jury", "-n", 30, "-s", 7, "-t", t, "--kv", "f32", text=False) for t in ("0", "0", "0.8")]
    report(runs[0].stdout == runs[1].stdout and runs[0].stdout.startswith(b"The jury"), "generate_greedy_deterministic",
           repr(runs[0].stdout[:60]))
    report(b"achieved tok/s:" in runs[2].stderr, "generate_reports_tok_per_s", runs[2].stderr.strip()[-80:])
    # greedy generation continues with the reference's argmax tokens
    ids = [int(x) for x in sh(os.path.join(ROOT, "run"), out, "-m", "tokenize", "-i", "The jury").stdout.split()]
    model = ref.load_model(d)
    seq = [1] + ids
    for _ in range(5):
        seq.append(int(np.argmax(ref.forward(model, seq)[-1])))
    # weights in the file are f16: use them for the reference too
    model16 = ref.load_model(None, weights=weights_of(out), config=ms.load_hf(d)[0])
    seq16 = [1] + ids
    for _ in range(5):
        seq16.append(int(np.argmax(ref.forward(model16, seq16)[-1])))
    idf = os.path.join(tmp, "g.txt")
    with open(idf, "w") as f:
        f.write(" ".join(map(str, seq16[1:])))
    text = sh(os.path.join(ROOT, "run"), out, "-m", "decode", "-f", idf, text=False).stdout
    # generate mode drops raw control bytes when printing; decode mode does not
    text = bytes(b for b in text if b >= 32 or b in (9, 10))
    report(len(text) > 8 and runs[0].stdout.startswith(text), "generate_greedy_follows_reference_argmax",
           f"{text!r} vs {runs[0].stdout[:80]!r}")
    # stdout and stderr on one pipe (a terminal, `make demo`): the text ends with a newline before the stats
    both = subprocess.run([os.path.join(ROOT, "run"), out, "-i", "The jury", "-n", "30", "-t", "0"], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, timeout=60).stdout
    report(b"\nprompt: " in both and b"\nachieved tok/s: " in both and not both.startswith(b"prompt:"),
           "generate_stats_on_their_own_line", repr(both[-160:]))
    chat = subprocess.run([os.path.join(ROOT, "run"), out, "-m", "chat", "-y", "Be brief.", "-i", "Hello", "-n", "60", "-t", "0"],
                          capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    report(chat.returncode == 0 and b"Assistant:" in chat.stdout, "chat_llama2_template_runs", chat.stderr.strip()[-100:])


def main():
    with tempfile.TemporaryDirectory() as tmp:
        tests = (test_variants, test_kv_cache_types, test_outlier_keys_copy, test_threads_identical, test_decode_pairs_identical, test_batches, test_llama2c_import, test_perplexity, test_kld, test_quantize_dtype,
                 test_generate)
        for t in tests[:2] if "--variants" in sys.argv[1:] else tests:
            try:
                t(tmp)
            except Exception as e:  # noqa: BLE001
                report(False, t.__name__, f"{type(e).__name__}: {e}")
    finish()


if __name__ == "__main__":
    main()
