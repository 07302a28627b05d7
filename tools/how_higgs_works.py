#!/usr/bin/env python3
"""Makes the figures and the numbers of docs/how-higgs-works.md: the HIGGS pipeline on one layer
of the bundled model, then across all its linear layers.

    /usr/bin/python3 tools/how_higgs_works.py [--model models/brown-f16.higgs]
                                              [--layer model.layers.3.mlp.gate_proj.weight]

Writes docs/img/higgs-*.svg and prints what it wrote plus the numbers the document quotes.
numpy only (the SVG is written by hand). Reads the model with export.py's reader and the grids
from higgs.h; calls ./quantize for the per-layer errors and the bit allocation, and
`./run -m alphas` for the sensitivities (slow: minutes; cached next to the model as MODEL.alphas,
the file quantize --target-bits reads too). Builds ./run and ./quantize with make if missing.
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_REEXEC_GUARD = "_how_higgs_works_reexec"

try:
    import numpy as np
except ImportError:
    if not os.environ.get(_REEXEC_GUARD):
        import subprocess
        here = os.path.realpath(sys.executable or "")
        for cand in ("/usr/bin/python3", "/usr/local/bin/python3"):
            if not os.access(cand, os.X_OK) or os.path.realpath(cand) == here:
                continue
            try:
                ok = subprocess.run([cand, "-c", "import numpy"], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL, timeout=60).returncode == 0
            except (OSError, subprocess.SubprocessError):
                ok = False
            if ok:
                env = dict(os.environ)
                env[_REEXEC_GUARD] = "1"
                os.execve(cand, [cand, os.path.abspath(__file__)] + sys.argv[1:], env)
    print("how_higgs_works.py: needs numpy; install python3-numpy (apt-get install python3-numpy)")
    sys.exit(1)

import argparse  # noqa: E402
import math  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
import export  # noqa: E402
from reference import sign_vector  # noqa: E402  (D of docs/format.md, as the tests check it)

KINDS = [("self_attn.q_proj", "q"), ("self_attn.k_proj", "k"), ("self_attn.v_proj", "v"), ("self_attn.o_proj", "o"),
         ("mlp.gate_proj", "gate"), ("mlp.up_proj", "up"), ("mlp.down_proj", "down")]
KIND_COLORS = {"q": "#1f77b4", "k": "#17becf", "v": "#2ca02c", "o": "#bcbd22", "gate": "#d62728", "up": "#ff7f0e",
               "down": "#9467bd"}
SEED = 1            # the quantizer's default sign seed
BLOCK = 256         # the Hadamard block quantize picks for rows of 256 and 768 (docs/format.md, hg_hadamard_for)


# ------------------------------------------------------------------------------------------ the math

def parse_grids():
    """the HIGGS grids embedded in higgs.h: {(p, n): array [n, p]}, and their MSE per dimension"""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    from amalgamate import source
    src = source(ROOT)
    grids, mse = {}, {}
    for m in re.finditer(r"static const float HG_GRID_P(\d)_N(\d+)\[[^\]]*\]\s*=\s*\{([^}]*)\}", src):
        p, n = int(m.group(1)), int(m.group(2))
        vals = np.array([float(v.strip().rstrip("f")) for v in m.group(3).split(",") if v.strip()])
        grids[(p, n)] = vals.reshape(n, p)
    for m in re.finditer(r"\{(\d), (\d+), HG_GRID_P\d_N\d+, ([0-9.e+-]+)\}", src):
        mse[(int(m.group(1)), int(m.group(2)))] = float(m.group(3))
    return grids, mse


def fwht(x):
    """normalized Walsh-Hadamard transform (Sylvester, natural order) of the last axis: Hn x,
    Hn = H / sqrt(n); O(n log n) butterflies. Hn is symmetric and its own inverse."""
    x = np.array(x, dtype=np.float64)
    shape, n = x.shape, x.shape[-1]
    x = x.reshape(-1, n)
    k = 1
    while k < n:
        y = x.reshape(-1, n // (2 * k), 2, k)
        a, b = y[:, :, 0, :].copy(), y[:, :, 1, :].copy()
        y[:, :, 0, :], y[:, :, 1, :] = a + b, a - b
        x = y.reshape(-1, n)
        k *= 2
    return (x / math.sqrt(n)).reshape(shape)


def rotate(W, seed, h=BLOCK):
    """W [rows, cols] -> blocks [rows, cols / h, h] of Hn D w"""
    rows, cols = W.shape
    return fwht((W * sign_vector(seed, cols)).reshape(rows, cols // h, h))


def unrotate(X, seed):
    """blocks [rows, groups, h] of the rotated domain -> W [rows, cols]"""
    rows, groups, h = X.shape
    return fwht(X).reshape(rows, groups * h) * sign_vector(seed, groups * h)


def per_block_rms(X):
    return np.sqrt((X ** 2).mean(axis=-1, keepdims=True))


def kurtosis(v):
    v = np.asarray(v).ravel()
    return float(np.mean(v ** 4) / np.mean(v ** 2) ** 2)


def nearest(V, grid):
    """codes of the grid points nearest to the p-vectors V [N, p]"""
    codes = np.empty(len(V), dtype=np.int64)
    g2 = (grid ** 2).sum(1)
    for a in range(0, len(V), 8192):
        d = g2[None, :] - 2 * V[a:a + 8192] @ grid.T
        codes[a:a + 8192] = d.argmin(1)
    return codes


def higgs_layer(W, grid, seed=SEED):
    """the HIGGS quantization of one layer with block-RMS scales, as quantize does it:
    returns (dequantized W in the original domain, stored rotated-domain values [rows, groups, h])"""
    X = rotate(W, seed)
    s = per_block_rms(X).astype(np.float16).astype(np.float64)     # one fp16 scale per block
    p = grid.shape[1]
    codes = nearest((X / s).reshape(-1, p), grid)
    Q = grid[codes].reshape(X.shape) * s
    return unrotate(Q, seed), Q


def rel_err(a, b):
    return float(((a - b) ** 2).sum() / (b ** 2).sum())


def normal_pdf(x):
    return np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)


# ------------------------------------------------------------------------------------------ SVG

def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg_open(W, H, title):
    return [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
            'font-family="sans-serif" font-size="12">',
            f'<rect width="{W}" height="{H}" fill="white"/>',
            f'<text x="{W / 2}" y="22" text-anchor="middle" font-size="15">{esc(title)}</text>']


def svg_write(path, out):
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {os.path.relpath(path, ROOT)}")


class Panel:
    """a plot area: box (left, top, right, bottom) in pixels, data ranges, optional log10 y"""

    def __init__(self, box, xr, yr, logy=False):
        self.box, self.xr, self.yr, self.logy = box, xr, yr, logy

    def sx(self, x):
        L, _, R, _ = self.box
        return L + (x - self.xr[0]) / (self.xr[1] - self.xr[0]) * (R - L)

    def sy(self, y):
        _, T, _, B = self.box
        if self.logy:
            y = math.log10(max(y, 10 ** self.yr[0]))
        return B - (y - self.yr[0]) / (self.yr[1] - self.yr[0]) * (B - T)

    def axes(self, out, xlabel, ylabel, xticks=None, yticks=None, title=None):
        L, T, R, B = self.box
        if title:
            out.append(f'<text x="{(L + R) / 2}" y="{T - 8}" text-anchor="middle" font-size="13">{esc(title)}</text>')
        for v in (yticks if yticks is not None else []):
            y = self.sy(v)
            out.append(f'<line x1="{L}" y1="{y:.1f}" x2="{R}" y2="{y:.1f}" stroke="#eee"/>')
            out.append(f'<text x="{L - 6}" y="{y + 4:.1f}" text-anchor="end">{v:.3g}</text>')
        for v in (xticks if xticks is not None else []):
            x = self.sx(v)
            out.append(f'<text x="{x:.1f}" y="{B + 16}" text-anchor="middle">{v:.3g}</text>')
        out.append(f'<line x1="{L}" y1="{B}" x2="{R}" y2="{B}" stroke="black"/>')
        out.append(f'<line x1="{L}" y1="{T}" x2="{L}" y2="{B}" stroke="black"/>')
        if xlabel:
            out.append(f'<text x="{(L + R) / 2}" y="{B + 36}" text-anchor="middle">{esc(xlabel)}</text>')
        if ylabel:
            cy = (T + B) / 2
            out.append(f'<text x="{L - 48}" y="{cy}" text-anchor="middle" transform="rotate(-90 {L - 48} {cy})">'
                       f'{esc(ylabel)}</text>')

    def polyline(self, out, xs, ys, color, width=1.5, dash=None):
        pts = " ".join(f"{self.sx(x):.1f},{self.sy(y):.1f}" for x, y in zip(xs, ys))
        d = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{color}" stroke-width="{width}"{d}/>')


def legend(out, x, y, items):
    """items: [(label, color, kind)] with kind 'line', 'dash' or 'box'"""
    for i, (label, color, kind) in enumerate(items):
        yy = y + 18 * i
        if kind == "box":
            out.append(f'<rect x="{x}" y="{yy - 9}" width="14" height="10" fill="{color}"/>')
        else:
            d = ' stroke-dasharray="5 3"' if kind == "dash" else ""
            out.append(f'<line x1="{x}" y1="{yy - 4}" x2="{x + 16}" y2="{yy - 4}" stroke="{color}" '
                       f'stroke-width="2"{d}/>')
        out.append(f'<text x="{x + 22}" y="{yy}">{esc(label)}</text>')


def log_density(out, pnl, v, edges, color):
    """a density histogram on a log axis: bin midpoints joined, broken where a bin is empty"""
    dens, _ = np.histogram(v, bins=edges, density=True)
    mids = (edges[:-1] + edges[1:]) / 2
    run = []
    for x, d in list(zip(mids, dens)) + [(0, 0)]:
        if d > 0:
            run.append((x, d))
        elif run:
            if len(run) == 1:
                cx, cy = pnl.sx(run[0][0]), pnl.sy(run[0][1])
                out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="1.5" fill="{color}"/>')
            else:
                pnl.polyline(out, [a for a, _ in run], [b for _, b in run], color)
            run = []


def step_hist(v, edges):
    """a density histogram as the corner points of a step line"""
    dens, _ = np.histogram(v, bins=edges, density=True)
    xs, ys = [edges[0]], [0.0]
    for a, b, d in zip(edges[:-1], edges[1:], dens):
        xs += [a, b]
        ys += [d, d]
    xs.append(edges[-1])
    ys.append(0.0)
    return xs, ys


# ------------------------------------------------------------------------------------------ figures

def fig_rotation(W, name, path):
    """Figure 1: the layer's weights / block RMS before and after Hn D, against N(0,1)"""
    rows, cols = W.shape
    B = W.reshape(rows, cols // BLOCK, BLOCK)
    before = (B / per_block_rms(B)).ravel()
    X = rotate(W, SEED)
    after = (X / per_block_rms(X)).ravel()
    kb, ka = kurtosis(before), kurtosis(after)
    edges = np.linspace(-5, 5, 81)
    xs = np.linspace(-5, 5, 201)
    out = svg_open(900, 450, f"{name}: weights / block RMS, before and after the rotation")
    items = [(f"before (kurtosis {kb:.2f})", "#7f7f7f", "line"), (f"after Hn D (kurtosis {ka:.2f})", "#d62728", "line"),
             ("N(0,1) (kurtosis 3)", "black", "dash")]
    lin = Panel((80, 60, 420, 360), (-5, 5), (0, 0.45))
    lin.axes(out, "value / block RMS", "density", xticks=range(-4, 5, 2), yticks=[0, 0.1, 0.2, 0.3, 0.4],
             title="linear scale")
    log = Panel((530, 60, 870, 360), (-5, 5), (-5, 0), logy=True)
    log.axes(out, "value / block RMS", "density (log scale)", xticks=range(-4, 5, 2), title="log scale: the tails")
    for e in range(-5, 1):
        y = log.sy(10.0 ** e)
        out.append(f'<text x="{log.box[0] - 6}" y="{y + 4:.1f}" text-anchor="end">1e{e}</text>')
        out.append(f'<line x1="{log.box[0]}" y1="{y:.1f}" x2="{log.box[2]}" y2="{y:.1f}" stroke="#eee"/>')
    for pnl in (lin, log):
        for v, c in ((before, "#7f7f7f"), (after, "#d62728")):
            if pnl.logy:
                log_density(out, pnl, v, edges, c)
            else:
                pnl.polyline(out, *step_hist(v, edges), c)
        pnl.polyline(out, xs, normal_pdf(xs), "black", 1.2, "5 3")
    legend(out, 90, 420, items[:2])
    legend(out, 530, 420, items[2:])
    svg_write(path, out)
    return kb, ka


def fig_signs(W, name, path):
    """Figure 1b: a layer where the random signs matter: Hn alone vs Hn D (log density)"""
    rows, cols = W.shape
    B = W.reshape(rows, cols // BLOCK, BLOCK)
    vals = {"before": (B / per_block_rms(B)).ravel()}
    spread = {}
    for seed, key in ((0, "Hn only"), (SEED, "Hn D")):
        X = rotate(W, seed)
        X = X / per_block_rms(X)
        vals[key] = X.ravel()
        ms = (X ** 2).mean(axis=(0, 1))       # mean square of each coordinate of the block, over all rows
        spread[key] = (float(ms.min()), float(ms.max()))
    k = {key: kurtosis(v) for key, v in vals.items()}
    colors = {"before": "#7f7f7f", "Hn only": "#1f77b4", "Hn D": "#d62728"}
    out = svg_open(640, 460, f"{name}: the random signs D")
    pnl = Panel((90, 50, 610, 340), (-7, 7), (-5.5, 0), logy=True)
    pnl.axes(out, "value / block RMS", "density (log scale)", xticks=range(-6, 7, 2))
    for e in range(-5, 1):
        y = pnl.sy(10.0 ** e)
        out.append(f'<text x="{pnl.box[0] - 6}" y="{y + 4:.1f}" text-anchor="end">1e{e}</text>')
        out.append(f'<line x1="{pnl.box[0]}" y1="{y:.1f}" x2="{pnl.box[2]}" y2="{y:.1f}" stroke="#eee"/>')
    edges = np.linspace(-7, 7, 71)
    for key, v in vals.items():
        log_density(out, pnl, v, edges, colors[key])
    xs = np.linspace(-5, 5, 201)
    pnl.polyline(out, xs, normal_pdf(xs), "black", 1.2, "5 3")
    legend(out, 100, 410, [(f"before (kurtosis {k['before']:.2f})", colors["before"], "line"),
                           (f"Hn only, no signs (kurtosis {k['Hn only']:.2f})", colors["Hn only"], "line")])
    legend(out, 380, 410, [(f"Hn D, seed {SEED} (kurtosis {k['Hn D']:.2f})", colors["Hn D"], "line"),
                           ("N(0,1)", "black", "dash")])
    svg_write(path, out)
    return k, spread


def point_color(i):
    """a distinct-looking color per grid point (golden-ratio hues, three lightness levels)"""
    hue = (i * 0.618033988749895) % 1.0
    light = (0.45, 0.62, 0.78)[i % 3]
    sat = 0.65
    # HSL -> RGB
    c = (1 - abs(2 * light - 1)) * sat
    hp = hue * 6
    x = c * (1 - abs(hp % 2 - 1))
    r, g, b = [(c, x, 0), (x, c, 0), (0, c, x), (0, x, c), (x, 0, c), (c, 0, x)][int(hp) % 6]
    m = light - c / 2
    return "#%02x%02x%02x" % tuple(int(round(255 * (v + m))) for v in (r, g, b))


def voronoi_cells(points, box):
    """the cell of every point (the plane's points nearer to it than to any other point) inside the
    rectangle box = (x0, y0, x1, y1): a convex polygon per point, clipped by one bisector per neighbour"""
    x0, y0, x1, y1 = box
    cells = []
    for i, p in enumerate(points):
        poly = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        d = np.hypot(*(points - p).T)
        for j in np.argsort(d)[1:]:
            if not poly:
                break
            if d[j] > 2 * max(math.hypot(vx - p[0], vy - p[1]) for vx, vy in poly):
                break     # this bisector and every farther one miss the cell
            q = points[j]
            nx, ny = q[0] - p[0], q[1] - p[1]
            c = (nx * (p[0] + q[0]) + ny * (p[1] + q[1])) / 2     # keep n . v <= c (the side of p)
            out = []
            for k in range(len(poly)):
                a, b = poly[k], poly[(k + 1) % len(poly)]
                fa, fb = nx * a[0] + ny * a[1] - c, nx * b[0] + ny * b[1] - c
                if fa <= 0:
                    out.append(a)
                if (fa < 0 < fb) or (fb < 0 < fa):
                    t = fa / (fa - fb)
                    out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
            poly = out
        cells.append(poly)
    return cells


def fig_grids(grids, mse, path):
    """Figure 2: the p=1 16-level grid on the N(0,1) density; the p=2 256-point grid with the cell of
    every point (the values that round to it) and circles of the 2-D Gaussian"""
    g1 = grids[(1, 16)][:, 0]
    g2 = grids[(2, 256)]
    out = svg_open(1000, 520, "MSE-optimal grids for the standard Gaussian")
    left = Panel((70, 60, 460, 400), (-3.5, 3.5), (0, 0.45))
    left.axes(out, "value", "N(0,1) density", xticks=range(-3, 4), yticks=[0, 0.1, 0.2, 0.3, 0.4],
              title=f"p=1: 16 levels, 4 bits per weight, MSE {mse[(1, 16)]:.5f}")
    cuts = np.concatenate([[-3.5], (g1[:-1] + g1[1:]) / 2, [3.5]])
    for i in range(16):   # each level's cell under the density, alternately shaded
        xs = np.linspace(cuts[i], cuts[i + 1], 20)
        pts = [(left.sx(cuts[i]), left.sy(0))] + [(left.sx(x), left.sy(normal_pdf(x))) for x in xs] + \
              [(left.sx(cuts[i + 1]), left.sy(0))]
        fill = "#fbd5d5" if i % 2 else "#f3e6c8"
        out.append('<polygon points="' + " ".join(f"{a:.1f},{b:.1f}" for a, b in pts) + f'" fill="{fill}"/>')
    xs = np.linspace(-3.5, 3.5, 281)
    left.polyline(out, xs, normal_pdf(xs), "black", 1.5)
    for v in g1:
        x = left.sx(v)
        out.append(f'<line x1="{x:.1f}" y1="{left.sy(0)}" x2="{x:.1f}" y2="{left.sy(normal_pdf(v)):.1f}" '
                   'stroke="#d62728" stroke-width="1.5"/>')
        out.append(f'<circle cx="{x:.1f}" cy="{left.sy(0)}" r="3" fill="#d62728"/>')
    out.append('<text x="70" y="470">red: the 16 levels; shaded: their cells (the values that round to each</text>')
    out.append('<text x="70" y="486">level; the cell borders are the midpoints between levels)</text>')
    lim = 3.6
    right = Panel((580, 60, 920, 400), (-lim, lim), (-lim, lim))
    right.axes(out, "first coordinate", "second coordinate", xticks=range(-3, 4), yticks=range(-3, 4),
               title=f"p=2: 256 points, 4 bits per weight, MSE {mse[(2, 256)]:.5f}")
    for i, cell in enumerate(voronoi_cells(g2, (-lim, -lim, lim, lim))):
        if len(cell) >= 3:
            pts = " ".join(f"{right.sx(a):.1f},{right.sy(b):.1f}" for a, b in cell)
            out.append(f'<polygon points="{pts}" fill="{point_color(i)}" fill-opacity="0.55" stroke="white" '
                       'stroke-width="0.8"/>')
    for r in (1, 2, 3):
        out.append(f'<circle cx="{right.sx(0):.1f}" cy="{right.sy(0):.1f}" r="{right.sx(r) - right.sx(0):.1f}" '
                   'fill="none" stroke="black" stroke-width="1" stroke-dasharray="4 3"/>')
    for a, b in g2:
        out.append(f'<circle cx="{right.sx(a):.1f}" cy="{right.sy(b):.1f}" r="2" fill="black"/>')
    out.append('<text x="580" y="470">black: the 256 points; colored: their cells (a pair of values rounds to</text>')
    out.append('<text x="580" y="486">the point of its cell); dashed: radius 1, 2, 3 of N(0, I). The cells are</text>')
    out.append('<text x="580" y="502">small where the Gaussian is dense and large in its tails.</text>')
    svg_write(path, out)


def layer_names(h):
    L = h["config"]["n_layers"]
    return [(l, kind, f"model.layers.{l}.{key}.weight") for l in range(L) for key, kind in KINDS]


def bars(out, pnl, names, series, width_frac=0.8):
    """series: [(values by layer index, color or None for kind colors)] side by side"""
    n = len(series)
    for i, (l, kind, _) in enumerate(names):
        for j, (vals, color) in enumerate(series):
            w = (pnl.sx(1) - pnl.sx(0)) * width_frac / n
            x = pnl.sx(i) - (pnl.sx(1) - pnl.sx(0)) * width_frac / 2 + j * w
            y0, y1 = pnl.sy(vals[i]), pnl.box[3]
            out.append(f'<rect x="{x:.1f}" y="{y0:.1f}" width="{w:.1f}" height="{max(y1 - y0, 0):.1f}" '
                       f'fill="{color or KIND_COLORS[kind]}"/>')


def layer_axis(out, pnl, names):
    """kind initials under each bar, layer numbers under each group of seven"""
    B = pnl.box[3]
    for i, (l, kind, _) in enumerate(names):
        out.append(f'<text x="{pnl.sx(i):.1f}" y="{B + 12}" text-anchor="middle" font-size="9">{kind[0]}</text>')
        if kind == "q":
            x = pnl.sx(i - 0.5)
            out.append(f'<line x1="{x:.1f}" y1="{pnl.box[1]}" x2="{x:.1f}" y2="{B + 28}" stroke="#ddd"/>')
            out.append(f'<text x="{pnl.sx(i + 3):.1f}" y="{B + 28}" text-anchor="middle">layer {l}</text>')


def fig_layers(names, t2_4, t2_3, alphas, mse, path):
    """Figure 3: t^2 per linear layer at p=2 4-bit and 3-bit; alpha per layer"""
    n = len(names)
    out = svg_open(1000, 700, "Per-layer relative error t^2 (./quantize) and sensitivity alpha (./run -m alphas)")
    top = Panel((90, 60, 960, 300), (-0.6, n - 0.4), (0, 0.036))
    top.axes(out, None, "t^2 = |W - Q(W)|^2 / |W|^2", yticks=[0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.035],
             title="relative error of each layer, HIGGS p=2, block 256, seed 1")
    bars(out, top, names, [(t2_4, "#1f77b4"), (t2_3, "#ff7f0e")])
    for v, c in ((mse[(2, 256)], "#1f77b4"), (mse[(2, 64)], "#ff7f0e")):
        y = top.sy(v)
        out.append(f'<line x1="{top.box[0]}" y1="{y:.1f}" x2="{top.box[2]}" y2="{y:.1f}" stroke="{c}" '
                   'stroke-dasharray="5 3"/>')
    layer_axis(out, top, names)
    legend(out, 100, 345, [("4 bits (256-point grid)", "#1f77b4", "box"), ("3 bits (64-point grid)", "#ff7f0e", "box")])
    legend(out, 330, 345, [(f"grid MSE {mse[(2, 256)]:.5f} and {mse[(2, 64)]:.5f} (dashed)", "#555", "dash")])
    positive = [a for a in alphas if a > 0]
    lo = math.floor(math.log10(min(positive))) if positive else -4
    hi = math.ceil(math.log10(max(positive))) if positive else 0
    bot = Panel((90, 420, 960, 620), (-0.6, n - 0.4), (lo, hi), logy=True)
    bot.axes(out, None, "alpha (log scale)", title="sensitivity: KL(original || noisy) per unit t^2, data-free")
    for e in range(lo, hi + 1):
        y = bot.sy(10.0 ** e)
        out.append(f'<text x="{bot.box[0] - 6}" y="{y + 4:.1f}" text-anchor="end">1e{e}</text>')
        out.append(f'<line x1="{bot.box[0]}" y1="{y:.1f}" x2="{bot.box[2]}" y2="{y:.1f}" stroke="#eee"/>')
    bars(out, bot, names, [(alphas, None)])
    layer_axis(out, bot, names)
    legend_items = [(k, c, "box") for k, c in KIND_COLORS.items()]
    for i, it in enumerate(legend_items):
        legend(out, 100 + 120 * i, 685, [it])
    svg_write(path, out)


BITS_COLORS = {2: "#fff5eb", 3: "#c6dbef", 4: "#6baed6", 5: "#3182bd", 6: "#08519c", 8: "#08306b"}


def bits_color(b):
    """a color per code width (light: few bits, dark: many); f16 gray"""
    return "#999999" if b >= 16 else BITS_COLORS.get(int(b), "#ffffff")


def fig_bitmap(names, alloc, L, target, achieved, path):
    """Figure 4: the DP's choice per layer and kind, colored by bits per weight"""
    kinds = [k for _, k in KINDS]
    cw, ch, x0, y0 = 100, 40, 110, 70
    W, H = x0 + cw * len(kinds) + 30, y0 + ch * L + 80
    out = svg_open(W, H, f"Bit allocation at --target-bits {target} (got {achieved:.4f} bits/weight)")
    for j, k in enumerate(kinds):
        out.append(f'<text x="{x0 + cw * j + cw / 2}" y="{y0 - 8}" text-anchor="middle">{k}</text>')
    for l, kind, name in names:
        j = kinds.index(kind)
        desc, bits = alloc[name]
        x, y = x0 + cw * j, y0 + ch * l
        fill = bits_color(bits)
        ink = "white" if bits >= 5 else "black"
        out.append(f'<rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="{fill}" stroke="white"/>')
        out.append(f'<text x="{x + cw / 2}" y="{y + 17}" text-anchor="middle" fill="{ink}" font-size="13">'
                   f'{"f16" if bits >= 16 else f"{bits:.4f}"}</text>')
        out.append(f'<text x="{x + cw / 2}" y="{y + 32}" text-anchor="middle" fill="{ink}" font-size="10">'
                   f'{esc(desc)}</text>')
    for l in range(L):
        out.append(f'<text x="{x0 - 10}" y="{y0 + ch * l + ch / 2 + 4}" text-anchor="end">layer {l}</text>')
    yl = y0 + ch * L + 25
    out.append(f'<text x="{x0}" y="{yl + 12}">bits/weight (codes + fp16 scales):</text>')
    for i, b in enumerate((2, 3, 4, 5, 6, 8)):
        x = x0 + 230 + 60 * i
        out.append(f'<rect x="{x}" y="{yl}" width="56" height="18" fill="{bits_color(b + 16 / BLOCK)}"/>')
        out.append(f'<text x="{x + 28}" y="{yl + 13}" text-anchor="middle" fill="{"white" if b >= 5 else "black"}">'
                   f'{b + 16 / BLOCK:.4f}</text>')
    svg_write(path, out)


# ------------------------------------------------------------------------------------------ tools

def ensure_built():
    if not all(os.access(os.path.join(ROOT, b), os.X_OK) for b in ("run", "quantize")):
        print("building ./run and ./quantize (make)")
        subprocess.run(["make", "-C", ROOT, "run", "quantize"], check=True)


def quantize_report(model, args):
    """runs ./quantize MODEL TMP ARGS; returns its stdout"""
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run([os.path.join(ROOT, "quantize"), model, os.path.join(d, "out.higgs")] + args,
                           capture_output=True, text=True)
        if r.returncode:
            sys.exit(f"quantize {' '.join(args)} failed:\n{r.stderr}")
        return r.stdout


def per_tensor_t2(stdout):
    """{name: t^2} from quantize's per-tensor lines (tensor, config..., t^2, bits/w)"""
    t2 = {}
    for line in stdout.splitlines():
        f = line.split()
        if f and f[0].startswith("model.") and len(f) >= 4:
            try:
                t2[f[0]] = float(f[-2])
            except ValueError:
                pass
    return t2


def alphas_file(model, h):
    """MODEL.alphas (run -m alphas' output; quantize reads the same cache): computed if missing or stale"""
    path = model + ".alphas"
    want = "%08x%08x" % (h["header"]["meta_crc"], h["header"]["data_crc"])
    ok = False
    if os.path.exists(path):
        with open(path) as f:
            ok = any(line.split()[:2] == ["model_crc", want] for line in f)
    if not ok:
        print(f"measuring the sensitivities with ./run -m alphas (minutes); cached in {os.path.relpath(path, ROOT)}")
        tmp = f"{path}.tmp.{os.getpid()}"
        r = subprocess.run([os.path.join(ROOT, "run"), model, "-m", "alphas", "-o", tmp])
        if r.returncode:
            sys.exit("run -m alphas failed")
        os.replace(tmp, path)
    else:
        print(f"using the cached sensitivities {os.path.relpath(path, ROOT)}")
    alphas, deltas, t2s = {}, {}, []
    for line in open(path):
        f = line.split()
        if f and f[0] == "t2":
            t2s = [float(v) for v in f[1:]]
        if len(f) >= 2 and f[0].startswith("model."):
            alphas[f[0]] = max(float(f[1]), 0.0)
            deltas[f[0]] = [float(v) for v in f[2:]]
    return alphas, deltas, t2s


def parse_allocation(stdout):
    """{name: (short description, bits per weight with scales)} from quantize --target-bits' table"""
    alloc, achieved = {}, None
    for line in stdout.splitlines():
        m = re.match(r"(model\.\S+)\s+(f16|higgs p(\d) (\d)b h(\d+))\s+\S+\s+\S+\s+\S+\s*$", line)
        if m:
            if m.group(2) == "f16":
                alloc[m.group(1)] = ("f16", 16.0)
            else:
                p, b, hh = int(m.group(3)), int(m.group(4)), int(m.group(5))
                alloc[m.group(1)] = (f"p={p}, {1 << (p * b)} pts", b + 16 / hh)
        m = re.match(r"allocated ([0-9.]+) bits/weight", line)
        if m:
            achieved = float(m.group(1))
    return alloc, achieved


# ------------------------------------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default=os.path.join(ROOT, "models", "brown-f16.higgs"))
    ap.add_argument("--layer", default="model.layers.3.mlp.gate_proj.weight")
    ap.add_argument("--signs-layer", default="model.layers.3.self_attn.o_proj.weight")
    ap.add_argument("--target-bits", default="3.25")
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "img"))
    a = ap.parse_args()
    start = time.time()
    ensure_built()
    os.makedirs(a.out, exist_ok=True)
    h = export.read_higgs(a.model)
    grids, mse = parse_grids()
    W = export.higgs_tensor_f32(h, a.layer).astype(np.float64)
    rows, cols = W.shape
    if cols % BLOCK:
        sys.exit(f"how_higgs_works.py: {a.layer} has rows of {cols}; this script assumes a multiple of {BLOCK}")
    print(f"layer {a.layer}: {rows} x {cols}, Hadamard block {BLOCK}, sign seed {SEED}")

    kb, ka = fig_rotation(W, a.layer, os.path.join(a.out, "higgs-rotation.svg"))
    print(f"  kurtosis of weights / block RMS: before {kb:.3f}, after Hn D {ka:.3f} (a Gaussian: 3)")
    kall = []
    for _, _, n in layer_names(h):
        Wl = export.higgs_tensor_f32(h, n).astype(np.float64)
        Bl, Xl = Wl.reshape(Wl.shape[0], -1, BLOCK), rotate(Wl, SEED)
        kall.append((kurtosis(Bl / per_block_rms(Bl)), kurtosis(Xl / per_block_rms(Xl))))
    kall = np.array(kall)
    print(f"  kurtosis over all {len(kall)} linear layers: before {kall[:, 0].min():.2f} .. {kall[:, 0].max():.2f}, "
          f"after Hn D {kall[:, 1].min():.2f} .. {kall[:, 1].max():.2f}")
    Wo = export.higgs_tensor_f32(h, a.signs_layer).astype(np.float64)
    ks, spread = fig_signs(Wo, a.signs_layer, os.path.join(a.out, "higgs-signs.svg"))
    print(f"  {a.signs_layer} kurtosis: before {ks['before']:.3f}, Hn only {ks['Hn only']:.3f}, Hn D {ks['Hn D']:.3f}")
    for key, seed in (("Hn only", 0), ("Hn D", SEED)):
        t2 = rel_err(higgs_layer(Wo, grids[(2, 256)], seed)[0], Wo)
        print(f"    {key}: mean square of the {BLOCK} rotated coordinates over the rows from {spread[key][0]:.2f} "
              f"to {spread[key][1]:.2f}; t^2 at p=2 4-bit {t2:.5f} (grid MSE {mse[(2, 256)]:.5f})")
    fig_grids(grids, mse, os.path.join(a.out, "higgs-grids.svg"))

    # one layer through the whole pipeline, in numpy
    q4 = quantize_report(a.model, ["--method", "higgs", "--p", "2", "--bits", "4"])
    cfg = next((line.split()[4] for line in q4.splitlines() if line.startswith(a.layer + " ")), "")
    if cfg != f"h{BLOCK}":
        sys.exit(f"how_higgs_works.py: {a.layer} is quantized with Hadamard block {cfg or '?'}; this script "
                 f"assumes {BLOCK} (rows a multiple of {BLOCK}, as in the bundled model)")
    q3 = quantize_report(a.model, ["--method", "higgs", "--p", "2", "--bits", "3"])
    q14 = quantize_report(a.model, ["--method", "higgs", "--p", "1", "--bits", "4"])
    rng = np.random.default_rng(7)
    xs = rng.standard_normal((64, cols))
    y = xs @ W.T
    G = rng.standard_normal(W.shape)       # control: Gaussian noise of the layer's shape, quantized alike
    print("\n| grid | bits/weight | grid MSE | t^2 (numpy) | t^2 (./quantize) | t^2 of N(0,1) noise | sqrt(grid MSE) "
          "| W x rel. error |")
    print("|---|---|---|---|---|---|---|---|")
    for (p, n), rep, bits in (((1, 16), q14, 4), ((2, 256), q4, 4), ((2, 64), q3, 3)):
        What, Q = higgs_layer(W, grids[(p, n)])
        t2 = rel_err(What, W)
        t2g = rel_err(higgs_layer(G, grids[(p, n)])[0], G)
        yq = xs @ What.T
        mv = math.sqrt(((yq - y) ** 2).sum() / (y ** 2).sum())
        print(f"| p={p}, {n} points | {bits + 16 / BLOCK:.4f} | {mse[(p, n)]:.5f} | {t2:.5f} | "
              f"{per_tensor_t2(rep)[a.layer]:.5f} | {t2g:.5f} | {math.sqrt(mse[(p, n)]):.4f} | {mv:.4f} |")
        if (p, n) == (2, 256):
            # run time: rotate the activation instead of un-rotating the weights
            xr = fwht((xs * sign_vector(SEED, cols)).reshape(len(xs), cols // BLOCK, BLOCK))
            y_rot = np.einsum("rgk,bgk->br", Q, xr)
            agree = float(np.abs(y_rot - yq).max() / np.abs(yq).max())
    print(f"\nW' (Hn D x) vs (unrotated W) x, p=2 4-bit: max difference {agree:.1e} of max |y| "
          "(the same product, rounding aside)")

    names = layer_names(h)
    t2_4, t2_3 = per_tensor_t2(q4), per_tensor_t2(q3)
    alphas, deltas, t2s = alphas_file(a.model, h)
    print(f"  {a.layer}: alpha {alphas[a.layer]:.4g}; measured KL increase at t^2 = "
          + ", ".join(f"{t:g}: {d:.3g}" for t, d in zip(t2s, deltas[a.layer]))
          + "; per unit t^2: " + ", ".join(f"{d / t:.3g}" for t, d in zip(t2s, deltas[a.layer])))
    fig_layers(names, [t2_4[n] for _, _, n in names], [t2_3[n] for _, _, n in names],
               [alphas[n] for _, _, n in names], mse, os.path.join(a.out, "higgs-layers.svg"))
    v4, v3 = np.array(list(t2_4.values())), np.array(list(t2_3.values()))
    print(f"  t^2 over {len(v4)} layers: 4-bit {v4.min():.5f} .. {v4.max():.5f} (mean {v4.mean():.5f}), "
          f"3-bit {v3.min():.5f} .. {v3.max():.5f} (mean {v3.mean():.5f})")
    av = sorted(((alphas[n], n) for _, _, n in names), reverse=True)
    print(f"  alpha: largest {av[0][0]:.4g} ({av[0][1]}), smallest {av[-1][0]:.4g} ({av[-1][1]})")
    by_kind = {k: np.mean([alphas[n] for _, kk, n in names if kk == k]) for _, k in KINDS}
    print("  mean alpha by kind: " + ", ".join(f"{k} {v:.3g}" for k, v in by_kind.items()))
    shapes = {t["name"]: t["shape"] for t in h["tensors"]}
    print("  weights per layer: " + ", ".join(f"{k} {shapes[n][0]}x{shapes[n][1]}" for l, k, n in names if l == 0))
    for (p, n), bits in (((2, 64), 3), ((2, 256), 4)):
        print(f"  predicted KL, every layer p={p} {n} points ({bits + 16 / BLOCK:.4f} bits/weight): "
              f"sum alpha * {mse[(p, n)]:.5f} = {sum(alphas.values()) * mse[(p, n)]:.4g}")

    rep = quantize_report(a.model, ["--target-bits", a.target_bits])
    alloc, achieved = parse_allocation(rep)
    fig_bitmap(names, alloc, h["config"]["n_layers"], a.target_bits, achieved, os.path.join(a.out, "higgs-bitmap.svg"))
    counts = {}
    for desc, bits in alloc.values():
        counts[f"{bits:.4f}"] = counts.get(f"{bits:.4f}", 0) + 1
    print("  allocation: " + ", ".join(f"{c} layers at {b}" for b, c in sorted(counts.items(),
                                                                               key=lambda kv: float(kv[0]))))
    for line in rep.splitlines():
        if line.startswith(("bit allocation", "allocated")):
            print("  " + line)
    print(f"done in {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
