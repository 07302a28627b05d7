#!/usr/bin/env python3
"""data/brown-calib.txt: a calibration text for data-aware sensitivities (run -m alphas -f),
lines spread evenly over the TRAINING split (never the held-out documents), about 40 kB, all genres."""
import os

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
lines = [l for l in open(os.path.join(root, "data", "brown-train.txt"), encoding="utf-8") if l.strip()]
out, size = [], 0
step = max(1, len(lines) // 130)
for i in range(0, len(lines), step):
    out.append(lines[i])
    size += len(lines[i])
    if size > 40000:
        break
with open(os.path.join(root, "data", "brown-calib.txt"), "w", encoding="utf-8") as f:
    f.writelines(out)
print(f"wrote data/brown-calib.txt: {len(out)} lines, {size} bytes")
