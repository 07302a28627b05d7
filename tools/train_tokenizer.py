#!/usr/bin/env python3
"""Train a Llama-2-style SentencePiece BPE tokenizer on data/brown-train.txt.

    /usr/bin/python3 tools/train_tokenizer.py

Writes models/brown-hf/tokenizer.model (+ tokenizer.vocab).  Only the training
split is used; the held-out documents are never seen.
"""
import os
import sys

import sentencepiece as spm

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def main():
    inp = os.path.join(ROOT, "data", "brown-train.txt")
    outdir = os.path.join(ROOT, "models", "brown-hf")
    os.makedirs(outdir, exist_ok=True)
    prefix = os.path.join(outdir, "tokenizer")
    vocab_size = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    spm.SentencePieceTrainer.train(
        input=inp,
        model_prefix=prefix,
        model_type="bpe",
        vocab_size=vocab_size,
        byte_fallback=True,
        normalization_rule_name="identity",
        remove_extra_whitespaces=False,
        add_dummy_prefix=True,
        split_digits=True,
        allow_whitespace_only_pieces=True,
        character_coverage=1.0,
        unk_id=0, bos_id=1, eos_id=2, pad_id=-1,
        num_threads=1,
        input_sentence_size=100000000,
        shuffle_input_sentence=False,
        max_sentence_length=1 << 16,
    )
    sp = spm.SentencePieceProcessor(model_file=prefix + ".model")
    print(f"vocab size {sp.get_piece_size()} -> {os.path.relpath(prefix + '.model', ROOT)}")
    for split in ("train", "heldout"):
        text = open(os.path.join(ROOT, "data", f"brown-{split}.txt"), encoding="utf-8").read()
        docs = [d for d in text.split("\n\n") if d.strip()]
        n = sum(len(sp.encode(d)) + 1 for d in docs)  # +1 for BOS
        print(f"{split}: {len(docs)} docs, {n} tokens (incl. BOS)")
    print(sp.encode("The Fulton County Grand Jury said Friday 1961.", out_type=str))


if __name__ == "__main__":
    main()
