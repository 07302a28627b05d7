#!/bin/sh
# Writes src/grids_data.h between its vector grid markers: the p=4 256- and 1024-point grids of
# tools/grids_vector.h (gen_grids.py --vector) and the sign-symmetric p=4 4096-point (plain and
# paired) and p=2 256- and 64-point ones of tools/grids_symmetric.h (gen_grids.py --symmetric), rounded
# to 6 significant digits (a relative change below 1e-6 of their MSE; the full-precision tables stay
# in tools/ for the grid tests), then the block grids of tools/grids_blocks.h (gen_grids.py --blocks)
# as they are. (tools/grids_table.h, the p=1 and p=2 grids, is included by higgs.h as it is.)
cd "$(dirname "$0")/.." || exit 1
PY=$(for p in python3 /usr/bin/python3; do "$p" -c 'import sys' 2>/dev/null && echo "$p" && break; done)
"$PY" - <<'PYEOF'
import re
s = open("src/grids_data.h").read()

v = open("tools/grids_vector.h").read()
VB = "/* BEGIN vector grids (p=4 of tools/grids_vector.h, 6 significant digits; refresh with tools/embed_grids.sh) */\n"
VE = "/* END vector grids */\n"
out = ["/* MSE-optimal grids for N(0, I_4) (Lloyd on Gaussian samples, tools/gen_grids.py --vector): point-major",
       " * x0 y0 z0 w0 x1 ..., sorted lexicographically. MSE per dimension (Monte Carlo, tools/grids_vector.h):"]
table = []
for p, n, mse in re.findall(r"\{(\d+), (\d+), HG_VGRID_P\d+_N\d+, ([0-9.eE+-]+)\}", v):
    if p != "4" or n == "4096":   # the 4096-point grid is the sign-symmetric one, below
        continue
    out.append(f" *   p=4 n={n:<5} mse_per_dim = {mse}")
    table.append((p, n, mse))
out.append(" */")
for p, n, mse in table:
    m = re.search(r"static const float HG_VGRID_P%s_N%s\[[^\]]*\]\s*=\s*\{([^}]*)\}" % (p, n), v)
    vals = [float(x.strip().rstrip("f")) for x in m.group(1).split(",") if x.strip()]
    assert len(vals) == int(p) * int(n)
    out.append(f"static const float HG_GRID_P{p}_N{n}[{n} * {p}] = {{")
    for i in range(0, len(vals), 8):
        out.append("    " + ", ".join("%.6g" % x for x in vals[i:i + 8]) + ",")
    out.append("};")
sym = open("tools/grids_symmetric.h").read()
smse = re.search(r"#define HG_SGRID_P4_N4096_MSE ([0-9.eE+-]+)", sym).group(1)
m = re.search(r"static const float HG_SGRID_P4_N4096_ABS\[[^\]]*\]\s*=\s*\{([^}]*)\}", sym)
vals = [float(x.strip().rstrip("f")) for x in m.group(1).split(",") if x.strip()]
assert len(vals) == 1024
end = out.index(" */")
out[end:end] = [f" *   p=4 n=4096  mse_per_dim = {smse}  (sign-symmetric, tools/grids_symmetric.h: point(c) = the row",
                " *               c & 255 of HG_GRID_P4_N4096_ABS with coordinate d negated when bit 8 + d of c is set)"]
out.append("static const float HG_GRID_P4_N4096_ABS[256 * 4] = {")
for i in range(0, len(vals), 8):
    out.append("    " + ", ".join("%.6g" % x for x in vals[i:i + 8]) + ",")
out.append("};")
out.append("static float hg_grid_p4_n4096[4096 * 4];   /* HG_GRID_P4_N4096_ABS with the signs, filled by hg_grid */")
pmse = re.search(r"#define HG_SGRID_P4_N4096P_MSE ([0-9.eE+-]+)", sym).group(1)
m = re.search(r"static const float HG_SGRID_P4_N4096P_ABS\[[^\]]*\]\s*=\s*\{([^}]*)\}", sym)
vals = [float(x.strip().rstrip("f")) for x in m.group(1).split(",") if x.strip()]
assert len(vals) == 1024
out.append(f"/* the paired sign-symmetric p=4 grid of 4096 points (tools/grids_symmetric.h), mse_per_dim = {pmse}: as")
out.append(" * HG_GRID_P4_N4096_ABS, point(c) = the row c & 255 with coordinate d negated when bit 8 + d of c is set;")
out.append(" * rows 128-255 are rows 0-127 with coordinates 0, 1 and 2, 3 swapped (hg_grid8.paired) */")
out.append("static const float HG_GRID_P4_N4096P_ABS[256 * 4] = {")
for i in range(0, len(vals), 8):
    out.append("    " + ", ".join("%.6g" % x for x in vals[i:i + 8]) + ",")
out.append("};")
out.append("static float hg_grid_p4_n4096p[4096 * 4];   /* HG_GRID_P4_N4096P_ABS with the signs, filled by hg_grid_variant */")
out.append(f"#define HG_GRID_P4_N4096P_MSE {pmse}")
def sym_p2(n):
    """the sign-symmetric p=2 grid of n points: n / 4 magnitude points, two sign bits above them"""
    mags, sbits = n // 4, (n // 4).bit_length() - 1
    mse = re.search(r"#define HG_SGRID_P2_N%d_MSE ([0-9.eE+-]+)" % n, sym).group(1)
    m = re.search(r"static const float HG_SGRID_P2_N%d_ABS\[[^\]]*\]\s*=\s*\{([^}]*)\}" % n, sym)
    vals = [float(x.strip().rstrip("f")) for x in m.group(1).split(",") if x.strip()]
    assert len(vals) == 2 * mags
    out.append(f"/* the sign-symmetric p=2 grid of {n} points (tools/grids_symmetric.h), mse_per_dim = {mse}: point(c) = the")
    out.append(f" * row c & {mags - 1} of HG_GRID_P2_N{n}S_ABS with coordinate d negated when bit {sbits} + d of c is set */")
    out.append(f"static const float HG_GRID_P2_N{n}S_ABS[{mags} * 2] = {{")
    for i in range(0, len(vals), 8):
        out.append("    " + ", ".join("%.6g" % x for x in vals[i:i + 8]) + ",")
    out.append("};")
    out.append(f"static float hg_grid_p2_n{n}s[{n} * 2];   /* HG_GRID_P2_N{n}S_ABS with the signs, filled by hg_grid_variant */")
    out.append(f"#define HG_GRID_P2_N{n}S_MSE {mse}")
sym_p2(256)
sym_p2(64)
blk = open("tools/grids_blocks.h").read()
def block_tables(n):
    """the block grid of n points: its two 16-entry coordinate tables at full precision"""
    for axis in "XY":
        m = re.search(r"static const float HG_BGRID_P2_N%d_%s\[[^\]]*\]\s*=\s*\{([^}]*)\}" % (n, axis), blk)
        vals = [x.strip() for x in m.group(1).split(",") if x.strip()]
        assert len(vals) == 16
        out.append(f"static const float HG_GRID_P2_N{n}B_{axis}[16] = {{")
        out.append("    " + ", ".join(vals[:8]) + ",")
        out.append("    " + ", ".join(vals[8:]) + ",")
        out.append("};")
    return re.search(r"#define HG_BGRID_P2_N%d_MSE ([0-9.eE+-]+)" % n, blk).group(1)
bmse = re.search(r"#define HG_BGRID_P2_N256_MSE ([0-9.eE+-]+)", blk).group(1)
out.append(f"/* the block-structured sign-symmetric p=2 grid of 256 points (tools/grids_blocks.h), mse_per_dim = {bmse}:")
out.append(" * point(c) = (HG_GRID_P2_N256B_X[m & 15], HG_GRID_P2_N256B_Y[m >> 2]), m = c & 63, coordinate d negated when")
out.append(" * bit 6 + d of c is set. Its 64 magnitudes are 4 blocks of 4 x 4 points, so that on AVX2 each coordinate is")
out.append(" * one 16-entry vpshufb lookup; 4.7% more MSE than HG_GRID_P2_N256S_ABS (quantize --grid fast). */")
block_tables(256)
out.append("static float hg_grid_p2_n256b_abs[64 * 2];   /* the 64 magnitudes of the block grid, filled by hg_grid_variant */")
out.append("static float hg_grid_p2_n256b[256 * 2];      /* and the 256 points with the signs */")
out.append(f"#define HG_GRID_P2_N256B_MSE {bmse}")
bmse = re.search(r"#define HG_BGRID_P2_N64_MSE ([0-9.eE+-]+)", blk).group(1)
out.append(f"/* the block-structured p=2 grid of 64 points (tools/grids_blocks.h), mse_per_dim = {bmse}: point(c) =")
out.append(" * (HG_GRID_P2_N64B_X[c & 15], HG_GRID_P2_N64B_Y[c >> 2]), signed: 4 blocks of 4 x 4 points on the whole plane, so")
out.append(" * that on AVX2 each coordinate is one 16-entry vpshufb lookup and there are no signs to apply; 1.1% more MSE")
out.append(" * than HG_GRID_P2_N64S_ABS (quantize --grid fast, 3 bits). */")
block_tables(64)
out.append("static float hg_grid_p2_n64b[64 * 2];   /* its 64 points, filled by hg_grid_variant */")
out.append(f"#define HG_GRID_P2_N64B_MSE {bmse}")
out.append("static const hg_grid_info hg_grid4_table[] = {")
for p, n, mse in table:
    out.append(f"    {{{p}, {n}, HG_GRID_P{p}_N{n}, {mse}}},")
out.append(f"    {{4, 4096, hg_grid_p4_n4096, {smse}}},")
out.append("};")
a, b = s.index(VB), s.index(VE) + len(VE)
s = s[:a] + VB + "\n".join(out) + "\n" + VE + s[b:]
open("src/grids_data.h.tmp", "w").write(s)
import os
os.replace("src/grids_data.h.tmp", "src/grids_data.h")
PYEOF
