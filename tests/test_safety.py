#!/usr/bin/env python3
"""Outputs appear whole or not at all: export.py and quantize write a temporary file in the target
directory and rename it on success. Interrupting them (SIGINT) or hitting a file-size limit
(`ulimit -f`, as a full disk would) must leave no output and no temporary file, and print a clear
message with a non-zero exit."""
import glob
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
import make_synthetic as ms  # noqa: E402

from testlib import PY, finish, report  # noqa: E402


def leftovers(out):
    return [p for p in glob.glob(out + "*")]


def limit_fsize(nbytes):
    def pre():
        resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))
    return pre


def interrupt_when_temp_exists(argv, prefix, delay=0.0):
    """starts argv, sends it SIGINT once a file PREFIX.tmp.* exists (and `delay` seconds more), waits;
    returns its exit status and whether the temporary file was seen"""
    p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    t0 = time.time()
    while not glob.glob(prefix + ".tmp.*") and p.poll() is None and time.time() - t0 < 60:
        time.sleep(0.002)
    started = bool(glob.glob(prefix + ".tmp.*"))
    time.sleep(delay)
    p.send_signal(signal.SIGINT)
    p.wait(timeout=60)
    return p.returncode, started


def check_sigint(name, argv, out, need_temp=False):
    """SIGINT once the temporary file exists: the whole output (it had finished) or nothing"""
    rc, started = interrupt_when_temp_exists(argv, out)
    done = rc == 0 and os.path.exists(out) and not glob.glob(out + ".tmp.*")
    clean = rc != 0 and not leftovers(out)
    report((started or not need_temp) and (done or clean), f"{name}_sigint_leaves_whole_file_or_nothing",
           f"rc {rc}, temp seen {started}, left {leftovers(out)}")
    for f in leftovers(out):
        os.remove(f)


def check_size_limit(name, argv, out, limit):
    """a file-size limit smaller than the output, like a full disk: an error message and nothing left"""
    r = subprocess.run(argv, capture_output=True, text=True, preexec_fn=limit_fsize(limit), timeout=300)
    report(r.returncode != 0 and r.returncode < 128 and not leftovers(out) and r.stderr.strip(),
           f"{name}_file_size_limit_leaves_nothing", f"rc {r.returncode}, left {leftovers(out)}, {r.stderr.strip()[-120:]!r}")
    for f in leftovers(out):
        os.remove(f)


def alphas_case(tmp, base):
    """quantize --target-bits measures sensitivities with a child `run -m alphas` into BASE.alphas.tmp.PID:
    a SIGINT sent to quantize alone (not its process group) must stop the child and leave neither the
    temporary sensitivities nor an output"""
    out = os.path.join(tmp, "alloc.higgs")
    cache = base + ".alphas"
    # 0.2 s after the temporary file appears the child is measuring
    rc, started = interrupt_when_temp_exists([os.path.join(ROOT, "quantize"), base, out, "--target-bits", "4", "-T", "1"],
                                             cache, delay=0.2)
    time.sleep(0.5)                   # a child left running would recreate or keep writing its file
    children = subprocess.run(["pgrep", "-f", "-a", cache + ".tmp"], capture_output=True, text=True).stdout.strip()
    left = glob.glob(cache + "*") + leftovers(out)
    report(started and rc != 0 and not left and not children, "quantize_alphas_sigint_stops_run_and_leaves_nothing",
           f"rc {rc}, temp seen {started}, left {left}, still running {children!r}")
    for f in left:
        os.remove(f)


def run_output_cases(tmp, base):
    """run's -o outputs (logits, alphas) go through a temporary file too"""
    ids = os.path.join(tmp, "ids.txt")
    with open(ids, "w") as f:
        f.write(" ".join(str(1 + i % 4000) for i in range(64)))
    out = os.path.join(tmp, "logits.bin")
    check_size_limit("run_logits", [os.path.join(ROOT, "run"), base, "-m", "logits", "-f", ids, "-o", out], out, 1 << 19)
    out = os.path.join(tmp, "run.alphas")
    check_sigint("run_alphas", [os.path.join(ROOT, "run"), base, "-m", "alphas", "-o", out, "-T", "1"], out, need_temp=True)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        d = os.path.join(tmp, "hf")
        ms.make_checkpoint(d, dim=256, hidden_dim=768, n_layers=4, n_heads=8, n_kv_heads=4, vocab_size=4096, seq_len=64,
                           tokenizer_model=os.path.join(ROOT, "models", "brown-hf", "tokenizer.model"))
        base = os.path.join(tmp, "base.higgs")
        subprocess.run([PY, os.path.join(ROOT, "export.py"), "--hf", d, base, "--dtype", "f32"], check=True,
                       capture_output=True)
        cases = [
            ("export", [PY, os.path.join(ROOT, "export.py"), "--hf", d, "OUT", "--dtype", "f32"]),
            ("quantize_dtype", [os.path.join(ROOT, "quantize"), base, "OUT", "--dtype", "f16"]),
            ("quantize_higgs", [os.path.join(ROOT, "quantize"), base, "OUT", "--method", "higgs", "--bits", "4", "-T", "1"]),
        ]
        alphas_case(tmp, base)
        run_output_cases(tmp, base)
        for name, cmd in cases:
            out = os.path.join(tmp, name + ".higgs")
            argv = [out if a == "OUT" else a for a in cmd]
            check_size_limit(name, argv, out, 1 << 20)
            check_sigint(name, argv, out)
    finish()


if __name__ == "__main__":
    main()
