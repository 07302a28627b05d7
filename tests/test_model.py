#!/usr/bin/env python3
"""The bundled model: its files are intact, its held-out perplexity stays in a stated band (a
regression anywhere in the runtime, tokenizer or kernels moves it), ./run equals the numpy
reference on the real trained weights, and the default HIGGS file generates English.

Bands: perplexity on the first 100,000 bytes of data/brown-heldout.txt (a third of it, to keep the
test quick), measured once with `./run MODEL -m ppl -f SLICE` when the files were made, +-1%: a
real change to the forward pass, tokenizer or kernels moves it by more than that, while thread
counts and SIMD paths stay far inside it. The full held-out figures are in docs/models.md (the bundled model).
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
import reference as ref  # noqa: E402
from testlib import finish, report  # noqa: E402

F16 = os.path.join(ROOT, "models", "brown-f16.higgs")
HIGGS4 = os.path.join(ROOT, "models", "brown-higgs4.higgs")
HELDOUT = os.path.join(ROOT, "data", "brown-heldout.txt")
# held-out perplexity measured when the files were made (docs/models.md: the bundled model)
PPL_F16 = 153.151
PPL_HIGGS4 = 153.312
BAND = 0.01


def run(*args, text=True):
    r = subprocess.run([os.path.join(ROOT, "run"), *map(str, args)], capture_output=True, text=text, timeout=900)
    if r.returncode:
        raise RuntimeError(f"run {' '.join(map(str, args))}: {r.stderr.strip()[-300:]}")
    return r.stdout


def ppl_of(path, text):
    last = run(path, "-m", "ppl", "-f", text, "-T", "2", "--kv", "f32").strip().splitlines()[-1]
    return float(last.split()[1]), int(last.split("(")[1].split()[0])


def main():
    for path in (F16, HIGGS4):
        ok = os.path.exists(path)
        report(ok, f"{os.path.basename(path)}_exists")
        if ok:
            report("OK" in run(path, "--verify"), f"{os.path.basename(path)}_verifies")
    import testlib
    if testlib.failures:
        finish()
    tmpdir = tempfile.TemporaryDirectory()
    slice_path = os.path.join(tmpdir.name, "slice.txt")
    with open(HELDOUT, "rb") as f, open(slice_path, "wb") as g:
        g.write(f.read(100000))
    for path, want in ((F16, PPL_F16), (HIGGS4, PPL_HIGGS4)):
        got, n = ppl_of(path, slice_path)
        report(abs(got - want) <= BAND * want, f"{os.path.basename(path)}_heldout_ppl_in_band",
               f"{got:.3f} over {n} tokens, expected {want:.3f} +-{BAND:.0%}")
    # the real trained weights: run's logits equal the float64 reference on a held-out passage
    import sentencepiece as spm
    sp = spm.SentencePieceProcessor(model_file=os.path.join(ROOT, "models", "brown-hf", "tokenizer.model"))
    text = open(HELDOUT, encoding="utf-8").read()[:1500]
    ids = ([sp.bos_id()] + sp.encode(text))[:200]
    h = export.read_higgs(F16)
    cfg = h["config"]
    weights = {t["name"]: export.higgs_tensor_f32(h, t["name"]) for t in h["tensors"]}
    hf_cfg = {"hidden_size": cfg["dim"], "intermediate_size": cfg["hidden_dim"], "num_hidden_layers": cfg["n_layers"],
              "num_attention_heads": cfg["n_heads"], "num_key_value_heads": cfg["n_kv_heads"], "head_dim": cfg["head_dim"],
              "vocab_size": cfg["vocab_size"], "max_position_embeddings": cfg["seq_len"], "rope_theta": cfg["rope_theta"],
              "rms_norm_eps": cfg["rms_norm_eps"], "tie_word_embeddings": bool(cfg["tied_embeddings"])}
    want = ref.forward(ref.load_model(None, weights=weights, config=hf_cfg), ids)
    with tempfile.TemporaryDirectory() as tmp:
        idf, out = os.path.join(tmp, "ids.txt"), os.path.join(tmp, "l.bin")
        with open(idf, "w") as f:
            f.write(" ".join(map(str, ids)))
        run(F16, "-m", "logits", "-f", idf, "-o", out, "-T", "2", "--kv", "f32")
        got = np.fromfile(out, dtype=np.float32).reshape(len(ids), -1)
    err = float(np.abs(got - want).max())
    report(err <= 1e-3, "trained_model_logits_equal_reference", f"max abs err {err:.2e} on logits of std {want.std():.2f}")
    # the tokenizer: what run encodes is what sentencepiece encodes, on the whole held-out text
    got_ids = run(F16, "-m", "tokenize", "-f", HELDOUT).split()
    want_ids = sp.encode(open(HELDOUT, encoding="utf-8").read())
    report(list(map(int, got_ids)) == want_ids, "heldout_tokenization_equals_sentencepiece", f"{len(want_ids)} tokens")
    # the demo: fluent-looking output from the default file (mostly letters and spaces, real words)
    out = run(HIGGS4, "-i", "The committee said that", "-n", "120", "-s", "42", "-t", "0.8", text=False).decode("utf-8", "replace")
    words = out.split()
    letters = sum(c.isalpha() or c.isspace() for c in out) / max(1, len(out))
    report(len(words) >= 40 and letters > 0.85, "demo_generates_english_like_text", repr(out[:160]))
    finish()


if __name__ == "__main__":
    main()
