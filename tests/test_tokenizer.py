#!/usr/bin/env python3
"""Tokenizer conformance tests for ./run (and its ASan+UBSan build ./run-san).

    /usr/bin/python3 tests/test_tokenizer.py

1. SentencePiece BPE: `./run -m tokenize` must give exactly the ids of the `sentencepiece`
   library (Debian python3-sentencepiece) for models/brown-hf/tokenizer.model (identity
   normalizer, dummy prefix, remove_extra_whitespaces=false, byte fallback), for a small BPE
   model trained here (remove_extra_whitespaces=true) and for one with user-defined symbols, on
   paragraphs of data/brown-heldout.txt, hand-written edge cases and seeded random strings;
   `-m decode` of those ids must equal sp.decode(ids) wherever sentencepiece round-trips the text.
2. Byte-level BPE (Llama 3): an independent reference written here -- the Llama 3 split regex
   translated to Python `re` with character classes generated from unicodedata, a byte-level
   BPE trained here, lowest-rank-first merging -- against `./run` on a synthetic model whose
   tokenizer.json export.py converts; exact ids, and `-m decode` must give back the input bytes.
   Also with "ignore_merges": true and whole pre-tokens present in the vocabulary.
   Text that spells a special token ("<|eot_id|>") is ordinary text, as in tiktoken's
   encode_ordinary (the runtime never parses special tokens out of user text).
   The same for the other byte-level pre-tokenizers, each with its own reference split and a BPE
   trained with it: Qwen2 (Llama 3's regex with single digits) with the ChatML chat template
   (<|im_start|>role\n...<|im_end|>\n), SmolLM2 (every digit alone, then GPT-2's regex) and GPT-2.
   Phi-3's chat template (<|user|>\n...<|end|>\n<|assistant|>\n) on a SentencePiece model with
   added tokens, against ids built with the sentencepiece library as torchtune's Phi-3 tokenizer
   builds them (content encoded as a continuation: no dummy prefix).
3. Through ./run-san (ASan+UBSan): the brown SentencePiece comparison string by string; for the
   other tokenizers all the text joined into one input (with LeakSanitizer) plus the edge cases
   in SAN_EDGE one by one; and every decode comparison.

HIGGS_RUN / HIGGS_RUN_SAN name other binaries to test (the two are copied to a temporary
directory first, so a concurrent `make` cannot swap them mid-test).

Prints PASS/FAIL lines; exits non-zero if any check fails.
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unicodedata

try:
    import numpy  # noqa: F401  (tests/make_synthetic.py needs it)
except ImportError:  # e.g. a pyenv python3 first on PATH: retry with the system one
    if not os.environ.get("_reexec_guard") and os.access("/usr/bin/python3", os.X_OK):
        os.environ["_reexec_guard"] = "1"
        os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:])
    print("FAIL import numpy (install python3-numpy; tests/make_synthetic.py needs it)")
    sys.exit(1)
os.environ.pop("_reexec_guard", None)

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from make_synthetic import make_checkpoint  # noqa: E402

try:
    import sentencepiece as spm
    SPM_ERROR = None
except ImportError as e:
    spm = None
    SPM_ERROR = ("the Python module `sentencepiece` is not available (%s); install Debian's "
                 "python3-sentencepiece (apt-get install python3-sentencepiece) and run with "
                 "/usr/bin/python3" % e)

RUN = os.environ.get("HIGGS_RUN") or os.path.join(ROOT, "run")              # overrides: for
RUN_SAN = os.environ.get("HIGGS_RUN_SAN") or os.path.join(ROOT, "run-san")  # trying other builds
EXPORT = os.path.join(ROOT, "export.py")
BROWN_SPM = os.path.join(ROOT, "models", "brown-hf", "tokenizer.model")
HELDOUT = os.path.join(ROOT, "data", "brown-heldout.txt")
PY = sys.executable

LLAMA3_REGEX = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|"
                r" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")
SPECIALS = ["<|begin_of_text|>", "<|end_of_text|>", "<|eot_id|>", "<|start_header_id|>",
            "<|end_header_id|>"]

failures = 0


def report(name, ok, detail=""):
    global failures
    if ok:
        print("PASS %s" % name)
    else:
        failures += 1
        print("FAIL %s: %s" % (name, detail))
    sys.stdout.flush()


def short(s, n=120):
    r = repr(s)
    return r if len(r) <= n else r[:n] + "...(%d chars)" % len(s)


# ----------------------------------------------------------------------------------------------
# test text

def heldout_paragraphs():
    """Several paragraphs (runs of whole lines, ~500-900 bytes) from different parts of the
    held-out Brown text, plus one multi-paragraph string with blank lines."""
    with open(HELDOUT, "r", encoding="utf-8") as f:
        lines = f.read().split("\n")
    out = []
    for frac in (0.0, 0.13, 0.29, 0.47, 0.61, 0.78, 0.93):
        i = int(frac * (len(lines) - 40))
        para = []
        while i < len(lines) and sum(len(x) + 1 for x in para) < 500:
            para.append(lines[i])
            i += 1
        out.append("\n".join(para))
    out.append(out[1][:300] + "\n\n" + out[2][:300] + "\n\n\n" + out[3][:200] + "\n")
    return out


HAND = [
    "", "a", " ", "  ", "\n", "\n\n", "\t", " \n ", "x ", " x", "   leading spaces",
    "trailing spaces   ", "  both ends  ", "multiple    internal     spaces  and\t\ttabs",
    "\ttab\tseparated\tvalues\t", "mixed \t whitespace \t\t runs \n\t \n",
    "line one\nline two\n", "para one\n\npara two\n\n\n\nthree\n", "windows\r\nline endings\r\n\r\n",
    "old mac\rline\r", "trailing newline and spaces \n  ", "   \n\n   ", "word \n word\n \nword",
    "Café, naïve façade, jalapeño, Ångström, Zürich, Øresund, Łódź, İstanbul, ß",
    "résumé déjà vu crème brûlée à la carte",
    "cafe\u0301 (combining acute), n\u0303, a\u0308\u0304 stacked, \u0301 leading mark",
    "東京は日本の首都です。中文测试，汉字。", "日本語のテキストとカタカナ、ひらがな", "한국어 텍스트입니다",
    "Привет, мир! Съешь же ещё этих мягких французских булок.", "Ελληνικά γράμματα αβγ ΑΒΓ",
    "עברית וערבית العربية", "हिन्दी देवनागरी लिपि", "ไทย ภาษาไทย",
    "emoji: \U0001F600\U0001F389\U0001F44D\U0001F3FD \U0001F468\u200d\U0001F469\u200d\U0001F467 "
    "\U0001F1EB\U0001F1F7 \u2764\ufe0f",
    "math \u2211\u222b\u221a\u221e \u2260 \u2264 \u2265 \u00b1 \u00d7 \u00f7 \u2192 \u21d2",
    "digits 0123456789 and long numbers 1234567 31415926535897932384626 1,000,000.00 -42 3.14e-10",
    "1234567", "12", "1 2 3", "year 1959, 20th century, 3rd, 1st-class, A300",
    "Arabic-Indic \u0660\u0661\u0662\u0663\u0664 fullwidth \uff11\uff12\uff13\uff14 "
    "super\u00b2\u00b3 \u00bd \u216b \u2460",
    "punctuation!!! ??? ... --- ;;; :: ''' \"\"\" (parens) [brackets] {braces} <angle> "
    "@#$%^&*_+=|\\/~`",
    "!!!\n\n", "...\r\n", "-- Vital", "'quoted'", "\"double\"",
    "<s>", "</s>", "<0x41>", "<unk>", "<s> hello </s> <0x41><0x0A> <unk>", "<pad> <mask>",
    "<|begin_of_text|>", "text <|eot_id|> more<|start_header_id|>user<|end_header_id|>\n\n",
    "contractions: I'll we've they're she'd it's don't I'M THEY'RE they'RE WE'VE he'D she'S",
    "'s", "'t", "'re", "'ll", "''s", "'", "x'", "'S", "'Re", "'x", "'123", "'\n", "' s",
    "I'll", "they'RE", "don't stop", "rock'n'roll", "o'clock", "can't'll've",
    # U+017F LATIN SMALL LETTER LONG S case-folds to 's', so (?i:'s) matches "'\u017f"
    "'\u017f", "it'\u017ft", "'\u017f'\u017f", "'\u212a elvin", "'\u0130 dotted",
    "\u00a0non-breaking\u00a0space, em\u2003space, ideographic\u3000space, \u202fnarrow",
    "zero\u200bwidth\u200cnon\u200djoiners and soft\u00adhyphen \ufeffbom",
    "supplementary: \U0001D518\U0001D52B\U0001D526 \U0001D7D9\U0001D7DA \U00010348 \U00020000",
    "a" * 200, "ab" * 100, " " * 40 + "x", "x" + " " * 41, "\n" * 10, "!" * 50,
    "MiXeD CaSe WoRdS and ALLCAPS and lowercase",
    "email@example.com https://example.org/path?q=1&x=2#frag",
    "C code: int main(void) { return 0; }\n    indented\n\tline\n",
    "next line\u0085 line sep\u2028 para sep\u2029 end",
    "vertical\x0btab and form\x0cfeed", "info\x1cseparators\x1d\x1e\x1f end \x1f",
    "bell\x07 escape\x1b[0m del\x7f", "nul\x00byte",
]

POOL = (list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") * 3 + list("0123456789") * 2 +
        list("     ") * 4 + ["\n", "\n", "\r", "\t", "'", "'", "'", "-", ".", ",", "!", "?", "\"",
                              "(", "<", ">", "/", "_", "@"] +
        list("éüßøÅçñ") + list("ЖжЯя") + list("αβΩ") + list("中文字日本") + list("한글") +
        ["\u0301", "\u0308", "\u00a0", "\u3000", "\u2003", "\u0085", "\u2028", "\x0b", "\x1f",
         "\U0001F600", "\U0001F44D", "\u200d", "\u00b2", "\u0663", "\uff11", "\u017f", "\u212a",
         "\U0001D7D9", "\u00ad"])


def random_strings(n, seed):
    rng = random.Random(seed)
    return ["".join(rng.choice(POOL) for _ in range(rng.randint(1, 60))) for _ in range(n)]


# strings run one by one through ./run-san for every tokenizer (empty input, single bytes and
# characters, whitespace-only input, chunks that end the text, a NUL byte)
SAN_EDGE = ["", "a", " ", "  ", "\n", "\n\n", "\t", " \n ", "x ", " x", "'", "x'", "'s", "'re", "'\n",
            "1234567", "!!!\n\n", "   \n\n   ", "\U0001F600", "\u0301 leading mark", "nul\x00byte",
            "<s>", "<0x41>", "<unk>", "<|begin_of_text|>", "a" * 200, " " * 40 + "x", "x" + " " * 41]


def varied_texts():
    return heldout_paragraphs() + HAND + random_strings(60, 1234)


# ----------------------------------------------------------------------------------------------
# running ./run

class Runner:
    def __init__(self, binary, model, tmp, env=None):
        self.binary, self.model, self.tmp = binary, model, tmp
        self.env = dict(os.environ, **(env or {}))
        self.k = 0

    def _file(self, data):
        self.k += 1
        path = os.path.join(self.tmp, "in%d" % self.k)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def _run(self, mode, data):
        try:
            p = subprocess.run([self.binary, self.model, "-m", mode, "-f", self._file(data)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60,
                               env=self.env)
        except subprocess.TimeoutExpired:
            return None, "timed out"
        except OSError as e:
            return None, "cannot run %s: %s" % (self.binary, e)
        err = p.stderr.decode("utf-8", "replace")
        if p.returncode != 0 or "Sanitizer" in err or "runtime error" in err:
            return None, "exit code %d, stderr: %s" % (p.returncode, err.strip()[-1500:])
        return p.stdout, None

    def tokenize(self, text):
        """-> (ids, error)"""
        out, err = self._run("tokenize", text.encode("utf-8"))
        if err:
            return None, err
        try:
            return [int(x) for x in out.split()], None
        except ValueError:
            return None, "unparsable output %s" % short(out)

    def decode(self, ids):
        """-> (bytes, error)"""
        return self._run("decode", " ".join(map(str, ids)).encode())


def export_model(hf_dir, out, vocab_size, tokenizer_model=None, extra_config=None):
    make_checkpoint(hf_dir, dim=32, hidden_dim=64, n_layers=1, n_heads=2, n_kv_heads=1,
                    vocab_size=vocab_size, seq_len=64, tokenizer_model=tokenizer_model,
                    extra_config=extra_config)
    p = subprocess.run([PY, EXPORT, "--hf", hf_dir, out, "--dtype", "f32"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    if p.returncode != 0:
        raise RuntimeError("export.py failed: %s" % p.stdout.decode("utf-8", "replace")[-1500:])
    return out


CHAT_SYSTEM = "Be brief. Answer in one line."
CHAT_USER = "Hello there!\nWhat is 2+2?"


def chat_ids(binary, model, user, system=None):
    """./run -m tokenize --chat: the ids chat mode feeds the model for a first turn -> (ids, error)"""
    cmd = [binary, model, "-m", "tokenize", "--chat", "-i", user] + (["-y", system] if system else [])
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if p.returncode != 0:
        return None, "exit code %d: %s" % (p.returncode, p.stderr.decode("utf-8", "replace").strip()[-300:])
    return [int(x) for x in p.stdout.split()], None


def check_chat_template(name, binary, model, expected):
    """expected(user, system or None) -> ids; with and without a system prompt"""
    for system in (CHAT_SYSTEM, None):
        ids, err = chat_ids(binary, model, CHAT_USER, system)
        exp = expected(CHAT_USER, system)
        report("%s chat template ids (%s system prompt)" % (name, "with" if system else "without"),
               ids == exp, err or "expected %s got %s" % (exp, ids))


def compare_encode(name, runner, texts, expected_fn):
    """./run's ids against expected_fn(text), one process per text; one PASS/FAIL line."""
    bad, first, nbytes = 0, None, 0
    for t in texts:
        exp = expected_fn(t)
        got, err = runner.tokenize(t)
        nbytes += len(t.encode("utf-8"))
        if err:
            bad += 1
            first = first or "text %s: ./run failed: %s" % (short(t), err)
        elif got != exp:
            bad += 1
            if first is None:
                j = next((k for k in range(min(len(got), len(exp))) if got[k] != exp[k]),
                         min(len(got), len(exp)))
                lo = max(0, j - 12)
                first = ("text %s: %d ids expected, %d got; first difference at id #%d%s\n"
                         "  expected %s\n  got      %s"
                         % (short(t), len(exp), len(got), j,
                            " (lists shown from #%d)" % lo if lo else "",
                            exp[lo:j + 24], got[lo:j + 24]))
    report("%s (%d strings, %d bytes)" % (name, len(texts), nbytes), bad == 0,
           "%d of %d strings differ; first: %s" % (bad, len(texts), first))


def compare_decode(name, runner, cases, sep):
    """cases: [(text, ids, expected bytes)].  All id lists are decoded by one process, joined by
    `sep` (a BOS id: decoding restarts after it, as at the start); on a mismatch each list is
    decoded alone to name the first one that differs."""
    ids, exp = [], b""
    for k, (_t, i, e) in enumerate(cases):
        ids += (sep if k else []) + list(i)
        exp += e
    got, err = runner.decode(ids)
    if not err and got == exp:
        report("%s (%d id lists, %d ids)" % (name, len(cases), len(ids)), True)
        return
    bad, first = 0, None
    for t, i, e in cases:
        g, er = runner.decode(i)
        if er or g != e:
            bad += 1
            first = first or ("text %s ids %s: %s" % (short(t), short(i, 200), er or
                                                      "expected %s got %s" % (short(e), short(g))))
    report("%s (%d id lists)" % (name, len(cases)), False,
           "decoding them all at once: %s; one at a time %d of %d differ; first: %s"
           % (err or "output differs", bad, len(cases), first))


# ----------------------------------------------------------------------------------------------
# 1. SentencePiece BPE

USER_SYMBOLS = ["<sep>", "qzx", "\u2581\u2581", "[INST]", "="]
USER_TEXTS = ["a<sep>b", "hello <sep> world<sep><sep>", "xqzxy qzx qzxqzx", "<se<sep>p>",
              "two  spaces   three    four", "[INST] hi [/INST]", "a == b, c=d", "  <sep>  ",
              "qz<sep>x", "==="]


def spm_checks(tmp, texts, runners):
    if spm is None:
        report("sentencepiece comparison", False, SPM_ERROR)
        return
    # two models trained here: remove_extra_whitespaces=true and a small vocabulary; and one
    # with user-defined symbols (matched before BPE, longest first, never merged)
    with open(HELDOUT, "r", encoding="utf-8") as f:
        train = f.read()[20000:140000]
    train += ("\nCafé naïve façade crème brûlée. Привет мир, как дела? Ελληνικά. 東京 日本.\n") * 30
    train_path = os.path.join(tmp, "spm_train.txt")
    with open(train_path, "w", encoding="utf-8") as f:
        f.write(train)
    models = [("spm-brown", BROWN_SPM, 0, texts)]
    for name, kw, ts in (("spm-trained", dict(remove_extra_whitespaces=True), texts),
                         ("spm-userdef", dict(remove_extra_whitespaces=False,
                                              user_defined_symbols=USER_SYMBOLS),
                          texts + USER_TEXTS)):
        prefix = os.path.join(tmp, name)
        try:
            spm.SentencePieceTrainer.train(
                input=train_path, model_prefix=prefix, model_type="bpe", vocab_size=500,
                byte_fallback=True, normalization_rule_name="identity", character_coverage=1.0,
                num_threads=1, minloglevel=2, **kw)
            models.append((name, prefix + ".model", 7, ts))
        except Exception as e:  # noqa: BLE001
            report("train the SentencePiece BPE model %s" % name, False, repr(e))
    for mname, mpath, extra, ts in models:
        sp = spm.SentencePieceProcessor(model_file=mpath)
        try:
            higgs = export_model(os.path.join(tmp, mname + "-hf"),
                                 os.path.join(tmp, mname + ".higgs"), sp.get_piece_size() + extra,
                                 tokenizer_model=mpath)
        except Exception as e:  # noqa: BLE001
            report("%s export" % mname, False, str(e))
            continue
        cases, skipped = [], 0
        for t in ts:
            ids = sp.encode(t)
            dec = sp.decode(ids)
            if dec == t:
                cases.append((t, ids, dec.encode("utf-8")))
            else:
                skipped += 1
        run_all(mname, "sentencepiece", runners, higgs, tmp, ts, sp.encode, cases, [sp.bos_id()],
                full_san=(mname == "spm-brown"),
                decode_note=" (%d strings that sentencepiece does not round-trip left out)" % skipped)
        if mname == "spm-brown":   # no header tokens: the Llama 2 template
            def llama2(user, system, sp=sp):
                text = ("[INST] <<SYS>>\n%s\n<</SYS>>\n\n%s [/INST]" % (system, user) if system
                        else "[INST] %s [/INST]" % user)
                return [sp.bos_id()] + sp.encode(text)
            check_chat_template(mname + " (Llama 2)", runners[0][1], higgs, llama2)
            phi3_template_check(tmp, sp, runners[0][1])


PHI3_SPECIALS = ["<|endoftext|>", "<|assistant|>", "<|placeholder1|>", "<|system|>", "<|end|>", "<|user|>"]


def phi3_template_check(tmp, sp, binary):
    """Phi-3: the SentencePiece model plus added tokens (tokenizer.json) after its pieces; the
    expected ids as torchtune's Phi3MiniTokenizer builds them: <|role|>, encode("\n") (dummy
    prefix: "_" and the newline), the content as a continuation (encode("\n" + content) without
    the tokens of "\n"), <|end|>, encode("\n"); no BOS (add_bos_token false)."""
    n = sp.get_piece_size()
    hf = os.path.join(tmp, "phi3-hf")
    os.makedirs(hf, exist_ok=True)
    with open(os.path.join(hf, "tokenizer.json"), "w") as f:
        json.dump({"added_tokens": [{"id": n + i, "content": c, "special": True}
                                    for i, c in enumerate(PHI3_SPECIALS)]}, f)
    with open(os.path.join(hf, "tokenizer_config.json"), "w") as f:
        json.dump({"add_bos_token": False}, f)
    try:
        higgs = export_model(hf, os.path.join(tmp, "phi3.higgs"), n + 64, tokenizer_model=BROWN_SPM,
                             extra_config={"eos_token_id": n})
    except Exception as e:  # noqa: BLE001
        report("phi3 export", False, str(e))
        return
    nl = sp.encode("\n")

    def cont(text):
        return sp.encode("\n" + text.rstrip(" "))[len(nl):]

    def special(tok):
        return n + PHI3_SPECIALS.index(tok)

    def phi3(user, system):
        ids = []
        if system:
            ids += [special("<|system|>")] + nl + cont(system) + [special("<|end|>")] + nl
        return ids + [special("<|user|>")] + nl + cont(user) + [special("<|end|>")] + nl + [special("<|assistant|>")] + nl
    check_chat_template("spm-brown + Phi-3 added tokens (Phi-3)", binary, higgs, phi3)
    info = subprocess.run([binary, higgs, "--info"], stdout=subprocess.PIPE, stderr=subprocess.PIPE).stdout.decode()
    report("Phi-3 file: chat template phi3, %d pieces" % (n + len(PHI3_SPECIALS)),
           "chat template phi3" in info and "%d pieces" % (n + len(PHI3_SPECIALS)) in info, info[:300])
    # a Llama 3 header token without <|begin_of_text|>: the template needs a token the file lacks
    hf3 = os.path.join(tmp, "llama3-partial-hf")
    os.makedirs(hf3, exist_ok=True)
    with open(os.path.join(hf3, "tokenizer.json"), "w") as f:
        json.dump({"added_tokens": [{"id": n, "content": "<|start_header_id|>", "special": True}]}, f)
    try:
        partial = export_model(hf3, os.path.join(tmp, "llama3-partial.higgs"), n + 64, tokenizer_model=BROWN_SPM)
    except Exception as e:  # noqa: BLE001
        report("llama3-partial export", False, str(e))
        return
    r = subprocess.run([binary, partial, "-m", "tokenize", "--chat", "-i", "hello"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    err = r.stderr.decode()
    report("chat template missing a special token: one-line error, exit 1",
           r.returncode == 1 and err.count("\n") == 1 and
           "chat template needs the special token <|begin_of_text|>, which the tokenizer lacks" in err, err[:300])


def run_all(mname, refname, runners, higgs, tmp, texts, expected_fn, dec_cases, sep, full_san,
            decode_note=""):
    """The encode and decode comparisons with ./run, then with ./run-san: every string when
    full_san, otherwise all the strings joined into one plus the edge cases in SAN_EDGE."""
    joined = "\n".join(texts)
    for label, binary in runners:
        if label == "run":
            r = Runner(binary, higgs, tmp)
            compare_encode("%s encode vs %s [%s]" % (mname, refname, label), r, texts, expected_fn)
        else:
            # one run with LeakSanitizer; the per-string runs without it (it doubles their cost)
            r = Runner(binary, higgs, tmp)
            compare_encode("%s encode vs %s, all text joined [%s]" % (mname, refname, label), r,
                           [joined], expected_fn)
            r = Runner(binary, higgs, tmp, env={"ASAN_OPTIONS": "detect_leaks=0"})
            sub = texts if full_san else [t for t in texts if t in SAN_EDGE or t in USER_TEXTS]
            compare_encode("%s encode vs %s, %s [%s]" % (mname, refname, "every string" if full_san
                                                          else "edge cases", label), r, sub, expected_fn)
        compare_decode("%s decode vs %s [%s]%s" % (mname, refname, label, decode_note), r,
                       dec_cases, sep)


# ----------------------------------------------------------------------------------------------
# 2. byte-level BPE reference

WHITE_SPACE = ("\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(chr(c) for c in range(0x2000, 0x200B)) +
               "\u2028\u2029\u202f\u205f\u3000")


def _class_ranges(pred):
    out, start, prev = [], None, None
    for cp in range(0x110000):
        if pred(cp):
            if start is None:
                start = cp
            prev = cp
        elif start is not None:
            out.append((start, prev))
            start = None
    if start is not None:
        out.append((start, prev))
    return "".join("\\U%08x" % a if a == b else "\\U%08x-\\U%08x" % (a, b) for a, b in out)


def llama3_regex():
    """LLAMA3_REGEX in Python `re` syntax: \\p{L} / \\p{N} as explicit classes built from
    unicodedata's general categories, \\s / \\S as the Unicode White_Space set."""
    L, N, S = unicode_classes()
    pat = ("(?i:'s|'t|'re|'ve|'m|'ll|'d)"
           "|[^\\r\\n" + L + N + "]?[" + L + "]+"
           "|[" + N + "]{1,3}"
           "| ?[^" + S + L + N + "]+[\\r\\n]*"
           "|[" + S + "]*[\\r\\n]+"
           "|[" + S + "]+(?![^" + S + "])"
           "|[" + S + "]+")
    return re.compile(pat)


_CLASSES = {}


def unicode_classes():
    """(L, N, S): \\p{L} and \\p{N} as Python `re` class bodies from unicodedata, \\s as White_Space"""
    if not _CLASSES:
        cats = [unicodedata.category(chr(cp))[0] for cp in range(0x110000)]
        _CLASSES["L"] = _class_ranges(lambda cp: cats[cp] == "L")
        _CLASSES["N"] = _class_ranges(lambda cp: cats[cp] == "N")
        _CLASSES["S"] = "".join("\\U%08x" % ord(c) for c in WHITE_SPACE)
    return _CLASSES["L"], _CLASSES["N"], _CLASSES["S"]


def qwen2_regex():
    """Qwen2's regex: Llama 3's with \\p{N} (single digits) for \\p{N}{1,3}"""
    L, N, S = unicode_classes()
    return re.compile("(?i:'s|'t|'re|'ve|'m|'ll|'d)"
                      "|[^\\r\\n" + L + N + "]?[" + L + "]+"
                      "|[" + N + "]"
                      "| ?[^" + S + L + N + "]+[\\r\\n]*"
                      "|[" + S + "]*[\\r\\n]+"
                      "|[" + S + "]+(?![^" + S + "])"
                      "|[" + S + "]+")


def gpt2_regex():
    """GPT-2's: 's|'t|'re|'ve|'m|'ll|'d| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+ (case-sensitive)"""
    L, N, S = unicode_classes()
    return re.compile("'s|'t|'re|'ve|'m|'ll|'d"
                      "| ?[" + L + "]+"
                      "| ?[" + N + "]+"
                      "| ?[^" + S + L + N + "]+"
                      "|[" + S + "]+(?![^" + S + "])"
                      "|[" + S + "]+")


def digits_then(rx):
    """SmolLM2's pre-tokenizer: Hugging Face Digits(individual_digits) isolates every numeric
    character (general category N), then the regex splits each stretch between them"""
    def split(text):
        out, cur = [], ""
        for ch in text:
            if unicodedata.category(ch)[0] == "N":
                if cur:
                    out += pretokenize(rx, cur)
                    cur = ""
                out.append(ch)
            else:
                cur += ch
        if cur:
            out += pretokenize(rx, cur)
        return out
    return split


def pretokenize(rx, text):
    """HF Split(behavior=Isolated): the matches and the gaps between them, in order (rx may also
    be a function doing the whole split)"""
    if callable(rx):
        return rx(text)
    out, pos = [], 0
    for m in rx.finditer(text):
        if m.start() > pos:
            out.append(text[pos:m.start()])
        if m.end() > m.start():
            out.append(m.group())
        pos = m.end()
    if pos < len(text):
        out.append(text[pos:])
    return out


def bytes_to_unicode():
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    cs, n = bs[:], 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, (chr(c) for c in cs)))


BYTE_ENC = bytes_to_unicode()


def tok_str(b):
    return "".join(BYTE_ENC[x] for x in b)


def train_byte_bpe(rx, text, n_merges):
    """-> (vocab {bytes: id}, merges [(bytes, bytes)]): byte tokens in GPT-2's bytes_to_unicode
    order (ids 0..255), then one token per merge; the most frequent adjacent pair within
    pre-tokens wins, ties broken by the smallest (left bytes, right bytes)."""
    vocab = {}
    for b in BYTE_ENC:
        vocab[bytes([b])] = len(vocab)
    counts = {}
    for w in pretokenize(rx, text):
        b = w.encode("utf-8")
        counts[b] = counts.get(b, 0) + 1
    words = [[list(bytes([x]) for x in w), c] for w, c in counts.items()]
    merges = []
    for _ in range(n_merges):
        pairs = {}
        for syms, c in words:
            for a, b in zip(syms, syms[1:]):
                pairs[(a, b)] = pairs.get((a, b), 0) + c
        if not pairs:
            break
        best = min(pairs, key=lambda p: (-pairs[p], p))
        merges.append(best)
        new = best[0] + best[1]
        if new not in vocab:  # two different pairs may spell the same token
            vocab[new] = len(vocab)
        for wc in words:
            syms = wc[0]
            if len(syms) < 2:
                continue
            i, out = 0, []
            while i < len(syms):
                if i + 1 < len(syms) and syms[i] == best[0] and syms[i + 1] == best[1]:
                    out.append(new)
                    i += 2
                else:
                    out.append(syms[i])
                    i += 1
            wc[0] = out
    return vocab, merges


def bpe_word(word, ranks):
    """Merge the adjacent pair of lowest rank (leftmost on ties) until none is left."""
    syms = [bytes([x]) for x in word]
    while len(syms) > 1:
        best, at = None, -1
        for i in range(len(syms) - 1):
            r = ranks.get((syms[i], syms[i + 1]))
            if r is not None and (best is None or r < best):
                best, at = r, i
        if best is None:
            break
        syms[at:at + 2] = [syms[at] + syms[at + 1]]
    return syms


def ref_encode(rx, vocab, ranks, text, ignore_merges=False):
    ids = []
    for w in pretokenize(rx, text):
        b = w.encode("utf-8")
        if ignore_merges and b in vocab:
            ids.append(vocab[b])
            continue
        ids.extend(vocab[s] for s in bpe_word(b, ranks))
    return ids


def write_tokenizer_json(path, vocab, merges, ignore_merges, pre_tokenizer=None, specials=None):
    specials = SPECIALS if specials is None else specials
    n = max(vocab.values()) + 1
    tj = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": n + i, "content": s, "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": False, "special": True}
                         for i, s in enumerate(specials)],
        "normalizer": None,
        "pre_tokenizer": pre_tokenizer or {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": LLAMA3_REGEX}, "behavior": "Isolated",
             "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
             "use_regex": False}]},
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                    "use_regex": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": None, "end_of_word_suffix": None,
                  "fuse_unk": False, "byte_fallback": False, "ignore_merges": ignore_merges,
                  "vocab": {tok_str(b): i for b, i in vocab.items()},
                  "merges": ["%s %s" % (tok_str(a), tok_str(b)) for a, b in merges]},
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(tj, f, ensure_ascii=False)
    return n + len(specials)


def pretokenizer_self_check(rx):
    """A few hand-derived splits, so a broken translation of the regex is caught here rather
    than blamed on the runtime."""
    cases = [
        ("I'll they'RE 's", ["I", "'ll", " they", "'RE", " '", "s"]),
        ("1234567", ["123", "456", "7"]),
        ("  hello  \n\n world  ", [" ", " hello", "  \n\n", " world", "  "]),
        ("a\r\n b", ["a", "\r\n", " b"]),
        (" \n ", [" \n", " "]),
        ("x \t!!\n\nz", ["x", " ", "\t", "!!\n\n", "z"]),
        ("--Vital", ["--", "Vital"]),
        ("\u00a0caf\u00e9\u0301!", ["\u00a0caf\u00e9", "\u0301!"]),
        ("a\x1c b", ["a", "\x1c", " b"]),
        ("it'\u017ft", ["it", "'\u017f", "t"]),
    ]
    for text, exp in cases:
        got = pretokenize(rx, text)
        if got != exp:
            return "pretokenize(%r) = %r, expected %r" % (text, got, exp)
    return None


def byte_level_checks(tmp, texts, runners):
    t0 = time.time()
    rx = llama3_regex()
    err = pretokenizer_self_check(rx)
    report("reference Llama 3 pre-tokenizer self-check", err is None, err)
    with open(HELDOUT, "r", encoding="utf-8") as f:
        train = f.read()[150000:175000]
    train += ("\nCafé naïve façade crème brûlée. Привет мир, как дела? Ελληνικά. 東京は日本の首都です。"
              " I'll they're we've 1234567 \U0001F600\U0001F600\n") * 20
    # the hand-written strings too, so that merges exist for their whitespace runs, punctuation,
    # digits and scripts: a chunk boundary misplaced by the runtime then changes the ids
    train += ("\n".join(HAND) + "\n") * 3
    train += "mo\u017ft fir\u017ft la\u017ft be\u017ft Congre\u017fs \u017ftate\n" * 40
    vocab, merges = train_byte_bpe(rx, train, 300)
    ranks = {}
    for r, m in enumerate(merges):
        ranks.setdefault(m, r)
    report("reference byte-level BPE trained (%d merges, %d tokens, %.1fs)"
           % (len(merges), len(vocab), time.time() - t0), len(merges) == 300,
           "only %d merges" % len(merges))

    # with ignore_merges: whole pre-tokens that are vocabulary entries but that the merges
    # would split differently
    extra = [b" zebra", b"hello", b" Vital", b"!!!", b"\n\n", b"123", b" \xe6\x9d\xb1\xe4\xba\xac",
             b"'ll", b"  ", b" quixotic", b"987", b"?!?\n", b"\xd0\x96\xd0\xb6"]
    vocab_im = dict(vocab)
    for e in extra:
        if e not in vocab_im:
            vocab_im[e] = len(vocab_im)
    not_by_merges = [e for e in extra if bpe_word(e, ranks) != [e]]
    report("ignore_merges setup: %d extra whole-word entries the merges do not produce"
           % len(not_by_merges), len(not_by_merges) >= 8, "only %r" % not_by_merges)
    im_texts = texts + ["zebra zebra hello, Vital!!! 123123 東京\n\n東京 I'll  x",
                        "hello zebra'll\n\n 123 !!!", " zebras hellos", " quixotic 987987 ?!?\nЖж"]

    for name, voc, im, ts in (("bytelevel", vocab, False, texts),
                              ("bytelevel-ignore-merges", vocab_im, True, im_texts)):
        hf = os.path.join(tmp, name + "-hf")
        os.makedirs(hf, exist_ok=True)
        n = write_tokenizer_json(os.path.join(hf, "tokenizer.json"), voc, merges, im)
        try:
            higgs = export_model(hf, os.path.join(tmp, name + ".higgs"), n + 4)
        except Exception as e:  # noqa: BLE001
            report("%s export" % name, False, str(e))
            continue

        def expected_fn(t, voc=voc, im=im):
            return ref_encode(rx, voc, ranks, t, im)
        bos = n - len(SPECIALS) + SPECIALS.index("<|begin_of_text|>")
        if not im:   # the header tokens are there: the Llama 3 template
            def special(tok, n=n):
                return n - len(SPECIALS) + SPECIALS.index(tok)

            def llama3(user, system, enc=expected_fn, special=special):
                def block(role, content):
                    return ([special("<|start_header_id|>")] + enc(role) + [special("<|end_header_id|>")]
                            + enc("\n\n") + enc(content) + [special("<|eot_id|>")])
                ids = [special("<|begin_of_text|>")]
                if system:
                    ids += block("system", system)
                ids += block("user", user)
                return ids + [special("<|start_header_id|>")] + enc("assistant") + [special("<|end_header_id|>")] + enc("\n\n")
            check_chat_template(name + " (Llama 3)", runners[0][1], higgs, llama3)
        run_all(name, "reference", runners, higgs, tmp, ts, expected_fn,
                [(t, expected_fn(t), t.encode("utf-8")) for t in ts], [bos], full_san=False,
                decode_note=" (round trip)")
        if im:
            # with ignore_merges the extra entries must actually be used
            r = Runner(runners[0][1], higgs, tmp)
            ids, err = r.tokenize("hello zebra")
            exp = [voc[b"hello"], voc[b" zebra"]]
            report("%s uses whole-word entries" % name, ids == exp,
                   err or "expected %s got %s" % (exp, ids))


# the other byte-level pre-tokenizers: tokenizer.json pre_tokenizer, reference split, hand-derived splits
BYTELEVEL_FAMILIES = [
    ("qwen2", {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": LLAMA3_REGEX.replace(r"\p{N}{1,3}", r"\p{N}")},
         "behavior": "Isolated", "invert": False},
        {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False}]},
     lambda: qwen2_regex(),
     [("1234567", list("1234567")), ("abc 12x", ["abc", " ", "1", "2", "x"]),
      ("I'll they'RE 's", ["I", "'ll", " they", "'RE", " '", "s"]),
      ("  hello  \n\n world  ", [" ", " hello", "  \n\n", " world", "  "]),
      ("x \t!!\n\nz", ["x", " ", "\t", "!!\n\n", "z"])]),
    ("smollm", {"type": "Sequence", "pretokenizers": [
        {"type": "Digits", "individual_digits": True},
        {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}]},
     lambda: digits_then(gpt2_regex()),
     [("a 12b", ["a", " ", "1", "2", "b"]), ("I'll they'RE 's", ["I", "'ll", " they", "'", "RE", " '", "s"]),
      ("  hello  \n\n world  ", [" ", " hello", "  \n\n", " world", "  "]),
      ("x1 2", ["x", "1", " ", "2"]), ("\u0661\u0662 a", ["\u0661", "\u0662", " a"])]),
    ("gpt2", {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
     lambda: gpt2_regex(),
     [("a 12b", ["a", " 12", "b"]), ("I'll they'RE 's", ["I", "'ll", " they", "'", "RE", " '", "s"]),
      ("  hello  \n\n world  ", [" ", " hello", "  \n\n", " world", "  "]),
      ("x \t!!\n\nz", ["x", " ", "\t", "!!", "\n", "\n", "z"])]),
]
CHATML = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]


def byte_level_family_checks(tmp, texts, runners):
    """Qwen2, SmolLM2 and GPT-2 pre-tokenizers: a BPE trained with each reference split, the ids of
    ./run against the reference (and ./run-san on the joined text and the edge cases); ChatML chat
    ids for the Qwen2 one."""
    with open(HELDOUT, "r", encoding="utf-8") as f:
        train = f.read()[150000:165000]
    train += ("\n".join(HAND) + "\n") * 2 + " 2024 3.14159 x1 12abc 007\n" * 20
    for name, pre, make_split, cases in BYTELEVEL_FAMILIES:
        t0 = time.time()
        split = make_split()
        bad = next(("split(%r) = %r, expected %r" % (t, split(t) if callable(split) else pretokenize(split, t), e)
                    for t, e in cases if pretokenize(split, t) != e), None)
        report("reference %s pre-tokenizer self-check" % name, bad is None, bad)
        vocab, merges = train_byte_bpe(split, train, 200)
        # merges of digits, which splits that isolate digits never use: a runtime that chunked
        # digits together (Llama 3's \p{N}{1,3}) would apply them
        for a, b in ((b"1", b"2"), (b"12", b"3"), (b"2", b"3"), (b"0", b"0"), (b"9", b"9"), (b"1", b"9"), (b"3", b"1")):
            if a + b not in vocab:
                vocab[a + b] = len(vocab)
            merges.append((a, b))
        ranks = {}
        for r, m in enumerate(merges):
            ranks.setdefault(m, r)
        hf = os.path.join(tmp, name + "-hf")
        os.makedirs(hf, exist_ok=True)
        n = write_tokenizer_json(os.path.join(hf, "tokenizer.json"), vocab, merges, False, pre, CHATML)
        special = {tok: n - len(CHATML) + i for i, tok in enumerate(CHATML)}
        try:
            higgs = export_model(hf, os.path.join(tmp, name + ".higgs"), n + 4,
                                 extra_config={"bos_token_id": special["<|endoftext|>"],
                                               "eos_token_id": special["<|im_end|>"]})
        except Exception as e:  # noqa: BLE001
            report("%s export" % name, False, str(e))
            continue

        def expected_fn(t, split=split):
            return ref_encode(split, vocab, ranks, t)
        run_all(name, "reference", runners, higgs, tmp, texts, expected_fn,
                [(t, expected_fn(t), t.encode("utf-8")) for t in texts], [special["<|endoftext|>"]],
                full_san=False, decode_note=" (round trip, BPE trained in %.1fs)" % (time.time() - t0))
        if name == "qwen2":
            def chatml(user, system, enc=expected_fn):
                ids = []
                if system:
                    ids += [special["<|im_start|>"]] + enc("system\n" + system) + [special["<|im_end|>"]] + enc("\n")
                return (ids + [special["<|im_start|>"]] + enc("user\n" + user) + [special["<|im_end|>"]] + enc("\n")
                        + [special["<|im_start|>"]] + enc("assistant\n"))
            check_chat_template(name + " (ChatML)", runners[0][1], higgs, chatml)


# ----------------------------------------------------------------------------------------------

def stable_copy(src, dst):
    """Copy a binary that another make may be rewriting: wait until it is executable and has
    not changed for a second."""
    for _ in range(60):
        try:
            st = os.stat(src)
            if os.access(src, os.X_OK) and time.time() - st.st_mtime > 1.0:
                shutil.copy2(src, dst)
                if os.stat(src).st_mtime == st.st_mtime:
                    return dst
        except OSError:
            pass
        time.sleep(0.5)
    return None


def main():
    t0 = time.time()
    missing = [b for b in (RUN, RUN_SAN) if not os.access(b, os.X_OK)]
    if missing:
        p = subprocess.run(["make", "-s", "-C", ROOT] + [os.path.basename(b) for b in missing],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            report("build %s" % " ".join(missing), False, p.stdout.decode("utf-8", "replace")[-2000:])
    texts = varied_texts()
    with tempfile.TemporaryDirectory(prefix="higgs-tok-") as tmp:
        runners = []
        for label, src in (("run", RUN), ("run-san", RUN_SAN)):
            dst = stable_copy(src, os.path.join(tmp, label))
            if dst:
                runners.append((label, dst))
            else:
                report("./%s available" % label, False, "./%s is missing or keeps changing "
                       "(make run run-san)" % label)
        if runners and runners[0][0] == "run":
            spm_checks(tmp, texts, runners)
            byte_level_checks(tmp, texts, runners)
            byte_level_family_checks(tmp, texts, runners)
    print("# %d checks failed, %.1fs" % (failures, time.time() - t0))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
