#!/usr/bin/env python3
"""Turns benchmark TSVs into Markdown tables and SVG plots, and puts tables into README.md.

  report.py quality TSV OUT.md OUT.svg MODEL TEXT [RUN_PPL_FLAGS [CPU]]
  report.py speed TSV OUT.md
  report.py readme README.md NAME TABLE.md    (replaces <!-- NAME:begin --> ... <!-- NAME:end -->)
  report.py kvspeed KV.md OUT.svg [KV.md ...]  (bench/kv.sh tables: decode speed against depth per cache type)
"""
import csv
import math
import sys


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


DEFAULT_COLORS = {"higgs p=4": "#8c564b", "higgs p=2": "#d62728", "higgs p=1": "#ff7f0e", "nf4": "#1f77b4",
                  "af4": "#17becf", "rtn": "#7f7f7f", "f16": "#2ca02c", "llama.cpp": "#e377c2",
                  "ik_llama.cpp": "#bcbd22"}


def svg_scatter(points, path, title, xlabel, ylabel, colors=None, diagonal=False, logy=False):
    """points: [(x, y, label, series)]; a dependency-free scatter plot (logy: log10 y axis)"""
    colors = colors or DEFAULT_COLORS
    if logy:
        points = [(x, math.log10(y), label, series) for x, y, label, series in points]
    W, H, L, R, T, B = 720, 460, 70, 190, 40, 55
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    if diagonal:
        lo, hi = min(xs + ys), max(xs + ys)
        xs, ys = [lo, hi], [lo, hi]
    x0, x1 = min(xs), max(xs)
    xpad = (x1 - x0) * 0.06 or 1
    x0, x1 = x0 - xpad, x1 + xpad
    y0, y1 = min(ys), max(ys)
    pad = (y1 - y0) * 0.08 or 1
    y0, y1 = y0 - pad, y1 + pad
    sx = lambda x: L + (x - x0) / (x1 - x0) * (W - L - R)
    sy = lambda y: H - B - (y - y0) / (y1 - y0) * (H - T - B)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2}" y="22" text-anchor="middle" font-size="15">{title}</text>',
           f'<line x1="{L}" y1="{H - B}" x2="{W - R}" y2="{H - B}" stroke="black"/>',
           f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H - B}" stroke="black"/>',
           f'<text x="{(L + W - R) / 2}" y="{H - 15}" text-anchor="middle">{xlabel}</text>',
           f'<text x="18" y="{(T + H - B) / 2}" text-anchor="middle" transform="rotate(-90 18 {(T + H - B) / 2})">{ylabel}</text>']
    for i in range(6):
        xv = x0 + (x1 - x0) * i / 5
        yv = y0 + (y1 - y0) * i / 5
        out.append(f'<text x="{sx(xv)}" y="{H - B + 16}" text-anchor="middle">{xv:.3g}</text>')
        out.append(f'<text x="{L - 6}" y="{sy(yv) + 4}" text-anchor="end">{10 ** yv if logy else yv:.3g}</text>')
        out.append(f'<line x1="{L}" y1="{sy(yv)}" x2="{W - R}" y2="{sy(yv)}" stroke="#eee"/>')
    if diagonal:
        out.append(f'<line x1="{sx(x0)}" y1="{sy(x0)}" x2="{sx(x1)}" y2="{sy(x1)}" stroke="#999" stroke-dasharray="4 4"/>')
    for x, y, label, series in points:
        c = colors.get(series, "black")
        out.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="5" fill="{c}"/>')
        out.append(f'<text x="{sx(x) + 7:.1f}" y="{sy(y) - 6:.1f}" font-size="10">{label}</text>')
    present = {p[3] for p in points}
    for i, (series, c) in enumerate((s, c) for s, c in colors.items() if s in present):
        out.append(f'<circle cx="{W - R + 20}" cy="{T + 10 + 18 * i}" r="5" fill="{c}"/>')
        out.append(f'<text x="{W - R + 30}" y="{T + 14 + 18 * i}">{series}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def series_of(name):
    for s in ("higgs p=4", "higgs p=2", "higgs p=1", "nf4", "af4", "rtn", "f16", "llama.cpp", "ik_llama.cpp"):
        if name.startswith(s):
            return s
    return "higgs mixed" if name.startswith("higgs") else "other"


def mean_sd(v):
    m = sum(v) / len(v)
    sd = (sum((x - m) ** 2 for x in v) / (len(v) - 1)) ** 0.5 if len(v) > 1 else 0.0
    return m, sd


def fmt_ms(v, digits, signed=False):
    m, sd = mean_sd(v)
    s = f"{m:+.{digits}f}" if signed else f"{m:.{digits}f}"
    return s + (f" +- {sd:.{digits}f}" if len(v) > 1 else "")


def other_tools_note(rows):
    """a sentence on the rows of llama.cpp builds (bench/quality.sh --llama-bin): their args column
    holds: TYPE [--imatrix TEXT]; build B"""
    tools, texts = {}, set()
    for r in rows:
        tool = r["config"].split(" ")[0]
        if not tool.endswith("llama.cpp"):
            continue
        args, _, build = r["args"].partition("; build ")
        tools[tool] = build or "unknown"
        if "--imatrix " in args:
            texts.add(args.split("--imatrix ", 1)[1])
    if not tools:
        return ""
    named = " and ".join(f"{t} (build {b})" for t, b in sorted(tools.items()))
    imat = (" Rows named \"imatrix\" were made with an importance matrix (`llama-imatrix`) from "
            + ", ".join(f"`{t}`" for t in sorted(texts)) + "." if texts else "")
    return (f"Rows named {named} are its types, with the per-tensor mixes its llama-quantize gives them, made from "
            "the same f16 weights (embeddings f16, the head q8_0, as HIGGS keeps them; bits/weight: the bytes of "
            "their linear layers, bench/gguf_bits.py) and scored by its llama-perplexity --kl-divergence against its "
            "own f16 logits." + imat)


def quality(tsv, md, svg, model, text, ppl_flags="", cpu=""):
    """ppl_flags: the run -m ppl flags every row was scored with (-c N --second-half: llama.cpp's
    protocol); cpu: the machine's CPU (bench/cpu_name.sh). dPPL is each row's perplexity minus its
    own base's (a llama.cpp build scores its rows against its own f16 logits)."""
    rows = read_tsv(tsv)
    note = other_tools_note(rows)
    base = next(r for r in rows if r["config"] == "f16")
    base_ppl = float(base["ppl"])
    groups = {}
    for r in rows:
        groups.setdefault(r["config"], []).append(r)
    n_seeds = max(len(g) for g in groups.values())
    half = "--second-half" in ppl_flags.split()
    protocol = (f" Scored as llama.cpp's perplexity scores (`run -m ppl {ppl_flags}`: windows from BOS, the second "
                "half of each window scored)." if half else "")
    where = f"; CPU: {cpu}" if cpu else ""
    lines = [f"`{model}` on `{text}` ({base['tokens']} tokens scored, f16 perplexity {base_ppl:.3f}{where}).{protocol} "
             "bits/weight counts the linear layers with their fp16 scales; file MB the whole file (embeddings f16, the head int8 "
             "unless a row keeps it f16: `quantize --head`). "
             "dPPL: perplexity minus f16's; KLD: mean KL divergence of the next-token distribution from f16's; "
             "top-1: how often both models' most probable next token agree. HIGGS rows: mean +- standard "
             f"deviation over {n_seeds} random-sign seeds (one file each); RTN, NF4 and AF4 have no randomness."
             + (" " + note if note else ""), "",
             "| config | bits/weight (linear) | file MB | dPPL | KLD x 1000 | top-1 % |", "|---|---|---|---|---|---|"]
    pts = []
    for name, g in sorted(groups.items(), key=lambda kv: (-float(kv[1][0]["bits_linear"]), kv[0])):
        bits = sum(float(r["bits_linear"]) for r in g) / len(g)
        mb = sum(float(r["file_mb"]) for r in g) / len(g)
        if name == "f16":
            lines.append(f"| f16 | 16.000 | {mb:.2f} | +0.000 | 0 | 100 |")
            continue
        dppl = [float(r["ppl"]) - float(r.get("base_ppl") or base_ppl) for r in g]
        kld = [1000 * float(r["kld"]) for r in g]
        top = [float(r["same_top"]) for r in g]
        lines.append(f"| {name} | {bits:.3f} | {mb:.2f} | {fmt_ms(dppl, 3, True)} | {fmt_ms(kld, 3)} | "
                     f"{mean_sd(top)[0]:.2f} |")
        # one point per file: an int8 row only when the same files' float row is not in the table
        if "int8" not in name or name.replace(", int8", "") not in groups:
            pts.append((bits, mean_sd(kld)[0], name.replace("higgs ", "").replace(", int8", ""), series_of(name)))
    ours = [n for n in groups if n.startswith(("higgs", "nf4", "af4", "rtn"))]
    if any("int8" in n for n in ours) and all("int8" in n for n in ours):
        lines += ["", "Rows named \"int8\" are scored as `run` computes them by default (int8 activations and grid "
                  "for the grids `run --info` lists)."]
    elif any("int8" in n for n in ours):
        lines += ["", "Scored with float activations (`run --no-int8`): the quantization methods side by side. "
                  "Rows named \"int8\" are the same files as `run` computes them by default (int8 activations "
                  "and grid for the grids `run --info` lists)."]
    with open(md, "w") as f:
        f.write("\n".join(lines) + "\n")
    colors = dict(DEFAULT_COLORS)
    colors["higgs mixed"] = "#9467bd"
    colors.pop("f16", None)
    svg_scatter(pts, svg, "KL divergence from f16 vs bits per weight (mean over seeds)", "bits per weight (linear layers)",
                "KLD x 1000 (log scale)", colors, logy=True)


def speed(tsv, md):
    """Adds "of peak": the row's effective bandwidth over the highest read bandwidth seen for its
    thread count anywhere in the run (a lower bound on a host whose bandwidth swings), next to
    speed.sh's "paired" fraction (each decode run against the measurements around it)."""
    rows = read_tsv(tsv)
    keys = [k for k in rows[0].keys() if k != "of read bandwidth"]
    peak = {}
    for r in rows:
        peak[r["threads"]] = max(peak.get(r["threads"], 0.0), float(r["read bandwidth GB/s"]))
    head = keys + ["of peak"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        frac = 100.0 * float(r["effective GB/s"]) / peak[r["threads"]]
        lines.append("| " + " | ".join(r[k] for k in keys) + f" | {frac:.0f}% |")
    lines += ["", "Peak read bandwidth in this run: " + ", ".join(
        f"{peak[t]:.1f} GB/s ({t} thread{'s' if t != '1' else ''})" for t in sorted(peak)) + "."]
    with open(md, "w") as f:
        f.write("\n".join(lines) + "\n")


def readme(path, name, table):
    src = open(path, encoding="utf-8").read()
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    if begin not in src or end not in src:
        sys.exit(f"report.py: {path} has no {begin} ... {end} markers")
    a, b = src.index(begin) + len(begin), src.index(end)
    body = open(table, encoding="utf-8").read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(src[:a] + "\n" + body + src[b:])


def kvspeed(svg, *tables):
    """decode tok/s against depth, a series per cache type, from bench/kv.sh's markdown tables"""
    points, colors = [], {}
    palette = ["#1f77b4", "#2ca02c", "#d62728", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"]
    for path in tables:
        for line in open(path):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 4 or not cells[1].isdigit():
                continue
            kv, depth, dec = cells[0], int(cells[1]), float(cells[2])
            if kv not in colors:
                colors[kv] = palette[len(colors) % len(palette)]
            points.append((depth, dec, "", kv))
    svg_scatter(points, svg, "decode speed against depth (bench/kv.sh)", "depth (tokens in the cache)", "decode tok/s",
                colors=colors)


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "quality":
        quality(*sys.argv[2:9])
    elif cmd == "speed":
        speed(*sys.argv[2:4])
    elif cmd == "readme":
        readme(*sys.argv[2:5])
    elif cmd == "kvspeed":
        kvspeed(sys.argv[3], *([sys.argv[2]] + sys.argv[4:]))
    else:
        sys.exit(__doc__)
