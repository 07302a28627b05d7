"""What the Python test suites share: PASS/FAIL reporting (the lines test_all.sh counts), paths,
and running the project's tools."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = os.environ.get("HIGGS_PYTHON", sys.executable)
TOKENIZER = os.path.join(ROOT, "models", "brown-hf", "tokenizer.model")
failures = 0
sys.path.insert(0, os.path.join(ROOT, "tools"))
from amalgamate import source as c_source  # noqa: E402  (higgs.h with its implementation parts, for the C tables)


def report(ok, name, detail=""):
    """one PASS/FAIL line; the detail is shown either way"""
    global failures
    if ok:
        print(f"PASS {name}" + (f" ({detail})" if detail else ""))
    else:
        failures += 1
        print(f"FAIL {name}: {detail}")


def sh(*args, check=True, text=True, timeout=900):
    """run a command, return its stdout; a non-zero exit raises with the end of stderr"""
    r = subprocess.run([str(a) for a in args], capture_output=True, text=text, timeout=timeout)
    if check and r.returncode != 0:
        err = r.stderr if text else r.stderr.decode("utf-8", "replace")
        raise RuntimeError(f"{' '.join(map(str, args))} -> {r.returncode}: {err.strip()[-400:]}")
    return r


def finish():
    sys.exit(1 if failures else 0)
