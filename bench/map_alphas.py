#!/usr/bin/env python3
"""Per-layer sensitivities for a synthetic model, taken from a trained one by relative depth.

  bench/map_alphas.py SRC.alphas N_SRC_LAYERS N_DST_LAYERS OUT.alphas

A model with random weights has no sensitivity pattern of its own (every layer measures about
the same), so `quantize --target-bits` on it would allocate almost uniformly. For timing the
allocations a trained model gets, layer l of the deeper model takes the alpha of layer
floor(l * N_SRC / N_DST) of the trained one, matrix by matrix (q, k, v, o, gate, up, down).
bench/speed.sh uses it with the bundled model's alphas for its "dp" row.
"""
import re
import sys

KINDS = ["self_attn.q_proj.weight", "self_attn.k_proj.weight", "self_attn.v_proj.weight", "self_attn.o_proj.weight",
         "mlp.gate_proj.weight", "mlp.up_proj.weight", "mlp.down_proj.weight"]


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    src, n_src, n_dst, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    alpha = {}
    with open(src) as f:
        for line in f:
            m = re.match(r"model\.layers\.(\d+)\.(\S+)\s+(\S+)", line)
            if m:
                alpha[(int(m.group(1)), m.group(2))] = m.group(3)
    missing = [(l, k) for l in range(n_src) for k in KINDS if (l, k) not in alpha]
    if missing:
        sys.exit(f"map_alphas: {src} has no alpha for layer {missing[0][0]} {missing[0][1]}")
    with open(out, "w") as f:
        f.write(f"# alphas of {src} ({n_src} layers) mapped onto {n_dst} layers by relative depth\nmetric kl\n")
        for l in range(n_dst):
            for k in KINDS:
                f.write(f"model.layers.{l}.{k} {alpha[(l * n_src // n_dst, k)]}\n")


if __name__ == "__main__":
    main()
