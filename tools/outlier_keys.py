#!/usr/bin/env python3
"""Writes an equivalent copy of a full-precision .higgs model whose keys have outlier channels, as
real models' keys do (a few channels tens of times larger than the rest): two RoPE pairs of every
key/value head (dimensions i and i + head_dim/2, the pair RoPE rotates together) are scaled by
FACTOR in the key projection (and its bias), and the same dimensions of every query head that reads
that key/value head by 1/FACTOR. Every attention score q.k is unchanged in exact arithmetic, so the
logits are the original's up to float rounding; a KV cache that quantizes keys per token sees the
outliers. numpy only (Debian's python3-numpy).
    tools/outlier_keys.py IN.higgs OUT.higgs [--factor 8] [--pairs 0,5]
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
try:
    import numpy as np
except ImportError:
    sys.exit("outlier_keys.py: needs numpy (apt-get install python3-numpy; run it with /usr/bin/python3)")
import export  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--factor", type=float, default=8.0)
    ap.add_argument("--pairs", default="0,5", help="RoPE pairs (0 .. head_dim/2 - 1) to scale, comma-separated")
    a = ap.parse_args(argv)
    h = export.read_higgs(a.inp)
    c = h["config"]
    hd, nh, nkv = c["head_dim"], c["n_heads"], c["n_kv_heads"]
    pairs = [int(p) for p in a.pairs.split(",")]
    if any(p < 0 or p >= hd // 2 for p in pairs):
        sys.exit("outlier_keys.py: --pairs must be in [0, %d)" % (hd // 2))
    dims = [p for p in pairs] + [p + hd // 2 for p in pairs]
    group = nh // nkv

    def scaled(name, arr):
        """the tensor with the outlier scaling applied (float32), or None when it is not a q/k tensor"""
        for proj, heads, f in (("q_proj", nh, 1.0 / a.factor), ("k_proj", nkv, a.factor)):
            if (".self_attn.%s." % proj) not in name:
                continue
            w = np.array(arr, dtype=np.float32)
            for head in range(heads):
                for d in dims:
                    w[head * hd + d] *= np.float32(f)
            return w
        return None

    def tensors():
        for t in h["tensors"]:
            name = t["name"]
            if t["type"] not in (export.F32, export.F16, export.BF16):
                sys.exit("outlier_keys.py: %s is quantized; give a full-precision model" % name)
            arr = export.higgs_tensor_f32(h, name)
            s = scaled(name, arr)
            yield (name, s if s is not None else arr, t["type"])

    assert group >= 1
    export.write_higgs(a.out, c, h["tokenizer"], tensors(), meta=h["meta"], progress=False)
    print("wrote %s: key dimensions %s of each of %d kv heads x%g, the same query dimensions x1/%g"
          % (a.out, dims, nkv, a.factor, a.factor))


if __name__ == "__main__":
    main()
