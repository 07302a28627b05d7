#!/usr/bin/env python3
"""Validates the linearity theorem and the DP allocation on a model (default: the bundled one).

  bench/linearity.sh [MODEL.higgs] [--heldout TEXT] [--calib TEXT] [--random N] [--seeds K]
  bench/linearity.sh --report bench/results/linearity.tsv     (tables and plot again from a run's TSV)
  bench/linearity.sh --kld-sweep [MODEL.higgs] [--seeds K] [--targets LIST] [--max-kld LIST] [--tag TAG]

--kld-sweep: the allocation's predicted KL divergence (what quantize prints: sum of alpha_l * t2_l with
    the default data-free alphas) against the KL divergence measured on the held-out text with
    llama.cpp's protocol (`run -m ppl -c 256 --second-half --kld MODEL`), for --target-bits over a sweep
    of targets, the default (no options) and --max-kld requests, each over sign seeds 1..K. Writes
    bench/results/TAG.{tsv,md} (TAG default kld-sweep; the CPU named by bench/cpu_name.sh) and the
    table between the <!-- TAG:begin/end --> markers of docs/linearity.md. Every target's files share
    the sign seed, so a larger target measuring more KLD is the allocation's fault, not the rounding's.

(a) predicted vs measured dPPL: predicted = sum_l alpha_l * t2_l, with data-aware alphas (perplexity
    on the calibration text, `run -m alphas -f`) and the t2 that quantize reports per layer; measured
    = held-out PPL of the file minus that of the full-precision model. Uniform HIGGS configs and N
    mixed allocations (the DP run on random sensitivities at random sizes between 2.5 and 6 bits).
    R^2 of measured on predicted, a scatter plot.
(b) DP (data-aware alphas) vs the best uniform config of no greater size at 3.0 ... 4.25 bits.
(c) the same with data-free alphas (KL on text the model samples, the default of `quantize --target-bits`).
The theorem predicts the expected dPPL over realizations of the quantization error; one file is one
realization, and on a small model two realizations of the same config differ by tenths of a PPL. So
every uniform and DP config is quantized with K random-sign seeds (`quantize --seed 1..K`) and its
dPPL averaged (the tables give the mean and its standard error); random mixes use one seed each.
DP and uniform files of the same seed share the sign pattern, so (b) and (c) also give the paired
difference per seed (DP minus uniform), its mean, standard error and how many seeds the DP won.
Writes bench/results/TAG.{tsv,md,svg} (TAG: --tag, default linearity) and the table between the
<!-- TAG:begin/end --> markers of docs/linearity.md.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import report  # noqa: E402

UNIFORM = [(1, b) for b in (2, 3, 4, 5, 6, 8)] + [(2, b) for b in (2, 3, 4)]
TARGETS = [3.0, 3.25, 3.5, 4.0, 4.25]


def sh(*args):
    r = subprocess.run([str(a) for a in args], capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"linearity: {' '.join(map(str, args))} failed: {r.stderr.strip()[-300:]}")
    return r.stdout


def ppl(model, text, threads):
    # float activations: the weights' quantization alone (run's default int8 activations add ~0.004)
    out = sh(os.path.join(ROOT, "run"), model, "-m", "ppl", "-f", text, "-T", threads, "--no-int8")
    return float(out.strip().splitlines()[-1].split()[1])


def quantize(base, out, args, threads):
    """-> (bits/weight of the linear layers, {tensor: t2})"""
    log = sh(os.path.join(ROOT, "quantize"), base, out, *args, "-T", threads)
    t2 = {}
    for line in log.splitlines():
        m = re.match(r"(model\.layers\.\S+)\s+p\d-\S+ h\d+\*?(?: signed)?\s+(\S+)\s+\S+$", line)
        if m:
            t2[m.group(1)] = float(m.group(2))
    bits = float(re.search(r"linear layers: ([0-9.]+) bits/weight", log).group(1))
    return bits, t2


def read_alphas(path):
    alphas = {}
    for line in open(path):
        parts = line.split()
        if parts and parts[0].startswith("model."):
            alphas[parts[0]] = float(parts[1])
    return alphas


def r_squared(x, y):
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxx = sum((a - mx) ** 2 for a in x)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    syy = sum((b - my) ** 2 for b in y)
    return (sxy * sxy / (sxx * syy)) if sxx > 0 and syy > 0 else float("nan")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model", nargs="?", default=os.path.join(ROOT, "models", "brown-f16.higgs"))
    ap.add_argument("--heldout", default=os.path.join(ROOT, "data", "brown-heldout.txt"))
    ap.add_argument("--calib", default=os.path.join(ROOT, "data", "brown-calib.txt"))
    ap.add_argument("--random", type=int, default=12)
    ap.add_argument("--threads", default="2")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--seeds", type=int, default=4, help="realizations (sign seeds) per uniform/DP config")
    ap.add_argument("--report", help="only write the tables and the plot from this TSV of an earlier run")
    ap.add_argument("--extra", default="", help="more quantize options for every file, e.g. --unbiased")
    ap.add_argument("--tag", default=None, help="results name: bench/results/TAG.{tsv,md,svg}, markers in docs/linearity.md "
                    "(default linearity; with --kld-sweep, kld-sweep)")
    ap.add_argument("--kld-sweep", action="store_true", help="predicted against measured KL divergence over a sweep of targets")
    ap.add_argument("--targets", default="2.25,2.5,2.75,3.0,3.25,3.5,3.75,4.0,4.25,4.5",
                    help="--kld-sweep: the --target-bits values")
    ap.add_argument("--max-kld", default="0.003,0.0015,0.0008", help="--kld-sweep: the --max-kld requests")
    ap.add_argument("--run", default=os.path.join(ROOT, "run"), help="--kld-sweep: the run binary that measures")
    ap.add_argument("--quantize", default=os.path.join(ROOT, "quantize"), help="--kld-sweep: the quantize binary")
    a = ap.parse_args()
    if a.kld_sweep and a.report:         # the table again from a sweep's TSV
        with open(a.report) as f:
            cmd = f.readline()[2:].strip()
            info = f.readline()[2:].strip()
            f.readline()
            rows = []
            for line in f:
                k, v, sd, bits, mb, pred, meas, top = line.rstrip("\n").split("\t")
                rows.append((k, v, int(sd), float(bits), float(mb), float(pred), float(meas), float(top)))
        m = re.match(r"model (\S+), text (\S+), CPU (.*)", info)
        kld_sweep_report(rows, m.group(1).rstrip(","), m.group(2).rstrip(","), m.group(3), cmd, a.tag or "kld-sweep")
        return
    if a.kld_sweep:
        kld_sweep(a)
        return
    a.tag = a.tag or "linearity"
    if a.report:
        with open(a.report) as f:
            head = f.readline().split()            # "# base PPL seeds K model NAME"
            f.readline()
            rows = []
            for line in f:
                k, label, bits, pred, mean, se, n, per = line.rstrip("\n").split("\t")
                rows.append((k, label, float(bits), float(pred), float(mean), float(se), int(n),
                             [float(v) for v in per.split()]))
        write_report(rows, float(head[2]), int(head[4]), head[6], a.tag)
        return
    rng = random.Random(a.seed)
    sh("make", "-s", "-C", ROOT, "run", "quantize")
    res = os.path.join(ROOT, "bench", "results")
    os.makedirs(res, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "base.higgs")
        sh("cp", a.model, base)
        if os.path.exists(a.model + ".alphas"):     # quantize's data-free cache (keyed by the model's checksum)
            sh("cp", a.model + ".alphas", base + ".alphas")
        base_ppl = ppl(base, a.heldout, a.threads)
        print(f"base held-out PPL {base_ppl:.4f}", flush=True)
        aware = os.path.join(tmp, "aware.alphas")
        sh(os.path.join(ROOT, "run"), base, "-m", "alphas", "-f", a.calib, "-o", aware, "-T", a.threads)
        alphas = read_alphas(aware)
        free_path = base + ".alphas"      # quantize's default (data-free) cache
        rows = []          # (kind, label, bits, predicted, mean measured, its stderr, seeds, [measured per seed])
        q = os.path.join(tmp, "q.higgs")

        def measure(kind, label, args, seeds):
            """-> (bits, mean measured dPPL, its standard error) over sign seeds 1..seeds"""
            preds, meas = [], []
            for sd in range(1, seeds + 1):
                bits, t2 = quantize(base, q, args + ["--seed", sd] + a.extra.split(), a.threads)
                preds.append(sum(alphas[n] * v for n, v in t2.items()))
                meas.append(ppl(q, a.heldout, a.threads) - base_ppl)
            pred, mean = sum(preds) / seeds, sum(meas) / seeds
            se = (sum((m - mean) ** 2 for m in meas) / (seeds - 1) / seeds) ** 0.5 if seeds > 1 else float("nan")
            rows.append((kind, label, bits, pred, mean, se, seeds, meas))
            print(f"{kind:8s} {label:28s} {bits:6.3f} bits  predicted {pred:+.4f}  measured {mean:+.4f}"
                  f" +- {se:.4f} ({' '.join(f'{m:+.3f}' for m in meas)})", flush=True)
            return bits, mean, se

        for p, b in UNIFORM:
            measure("uniform", f"higgs p={p} {b}-bit", ["--method", "higgs", "--p", p, "--bits", b],
                                      a.seeds)
        for i in range(a.random):
            fake = os.path.join(tmp, "random.alphas")
            with open(fake, "w") as f:
                f.write("metric kl\n")
                for n in alphas:
                    f.write(f"{n} {rng.lognormvariate(0, 1.5):.6g}\n")
            target = round(rng.uniform(2.5, 6.0), 3)
            # the whole menu (2-bit grids included): random mixes probe the theorem everywhere
            measure("random", f"random mix #{i + 1} @{target}", ["--target-bits", target, "--alphas", fake,
                                                                  "--max-t2", "1"], 1)
        for target in TARGETS:
            measure("dp-aware", f"dp data-aware @{target}", ["--target-bits", target, "--alphas", aware], a.seeds)
            measure("dp-free", f"dp data-free @{target}", ["--target-bits", target], a.seeds)
        if os.path.exists(free_path):
            os.remove(free_path)

    write_report(rows, base_ppl, a.seeds, os.path.basename(a.model), a.tag)


def kld_sweep(a):
    """predicted (quantize) against measured (run --kld) KL divergence over --target-bits, the default and --max-kld"""
    tag = a.tag or "kld-sweep"
    if a.run == os.path.join(ROOT, "run") or a.quantize == os.path.join(ROOT, "quantize"):
        sh("make", "-s", "-C", ROOT, "run", "quantize")
    res = os.path.join(ROOT, "bench", "results")
    os.makedirs(res, exist_ok=True)
    cpu = subprocess.run(["bash", os.path.join(ROOT, "bench", "cpu_name.sh")], capture_output=True, text=True).stdout.strip()
    configs = [("target-bits", t, ["--target-bits", t]) for t in a.targets.split(",") if t]
    configs.append(("default", "", []))
    configs += [("max-kld", x, ["--max-kld", x]) for x in a.max_kld.split(",") if x]
    rows = []          # (kind, value, seed, bits, file MB, predicted, measured, same top %)
    cmd = "bench/linearity.sh --kld-sweep " + " ".join(a_ for a_ in sys.argv[1:] if a_ != "--kld-sweep")
    tsv = os.path.join(res, tag + ".tsv")
    with open(tsv, "w") as f:         # row by row: an interrupted sweep keeps what it measured
        f.write(f"# {cmd}\n# model {os.path.basename(a.model)}, text {os.path.basename(a.heldout)}, CPU {cpu}\n")
        f.write("kind\tvalue\tseed\tbits\tfile_mb\tpredicted_kld\tmeasured_kld\tsame_top\n")
    with tempfile.TemporaryDirectory() as tmp:
        base = os.path.join(tmp, "base.higgs")
        sh("cp", a.model, base)
        if os.path.exists(a.model + ".alphas"):
            sh("cp", a.model + ".alphas", base + ".alphas")
        q = os.path.join(tmp, "q.higgs")
        for kind, val, args in configs:
            for sd in range(1, a.seeds + 1):
                log = sh(a.quantize, base, q, *args, "--seed", sd, "-T", a.threads)
                bits = float(re.search(r"linear layers: ([0-9.]+) bits/weight", log).group(1))
                pred = float(re.search(r"predicted KL (?:divergence|change): ([0-9.eE+-]+)", log).group(1))
                out = sh(a.run, q, "-m", "ppl", "-f", a.heldout, "-c", "256", "--second-half", "--kld", base, "-T", a.threads)
                m = re.search(r"^kld: ([0-9.]+) \(same top token ([0-9.]+)%", out, re.M)
                rows.append((kind, val, sd, bits, os.path.getsize(q) / 1e6, pred, float(m.group(1)), float(m.group(2))))
                with open(tsv, "a") as f:
                    f.write("\t".join(map(str, rows[-1])) + "\n")
                print("\t".join(map(str, rows[-1])), flush=True)
    kld_sweep_report(rows, os.path.basename(a.model), os.path.basename(a.heldout), cpu, cmd, tag)


def kld_sweep_report(rows, model_name, text_name, cpu, cmd, tag):
    def ms(v):
        m = sum(v) / len(v)
        sd = (sum((x - m) ** 2 for x in v) / (len(v) - 1)) ** 0.5 if len(v) > 1 else float("nan")
        return m, sd

    groups = {}
    for r in rows:
        groups.setdefault((r[0], r[1]), []).append(r)
    seeds = max(len(g) for g in groups.values())
    md = [f"`{model_name}` on `{text_name}` (llama.cpp's protocol: `run -m ppl -c 256 --second-half --kld`), "
          f"mean +- standard deviation over {seeds} sign seed{'s' if seeds > 1 else ''}; predicted: quantize's sum of alpha * t^2 (data-free "
          f"alphas, t^2 measured on each layer); ratio: measured / predicted. CPU: {cpu}. Command: `{cmd}`.", "",
          "| allocation | bits/weight (linear) | file MB | predicted KLD x 1000 | measured KLD x 1000 | ratio | same top % |",
          "|---|---|---|---|---|---|---|"]
    prev = None
    monotone = True
    for (kind, val), g in groups.items():
        bits, mb, pred, meas, top = (ms([r[i] for r in g]) for i in (3, 4, 5, 6, 7))
        ratio = ms([r[6] / r[5] for r in g])
        label = {"target-bits": f"--target-bits {val}", "default": "default (no options)", "max-kld": f"--max-kld {val}"}[kind]
        if kind == "max-kld":
            label += f" (measured within 25%: {sum(abs(r[6] / float(val) - 1) <= 0.25 for r in g)}/{len(g)})"
        spread = f" +- {1000 * meas[1]:.3f}" if meas[1] == meas[1] else ""
        md.append(f"| {label} | {bits[0]:.3f} | {mb[0]:.2f} | {1000 * pred[0]:.3f} | {1000 * meas[0]:.3f}{spread} | "
                  f"{ratio[0]:.2f} | {top[0]:.2f} |")
        if kind == "target-bits":
            if prev and meas[0] > prev:
                monotone = False
            prev = meas[0]
    # per seed too: files of one seed share the sign pattern across targets
    per_seed = {}
    for r in rows:
        if r[0] == "target-bits":
            per_seed.setdefault(r[2], []).append((float(r[1]), r[6]))
    grows = [sd for sd, v in per_seed.items() if any(b[1] > a[1] for a, b in zip(sorted(v), sorted(v)[1:]))]
    md += ["", f"Measured KLD {'never grows' if monotone else 'GROWS somewhere'} with --target-bits over this sweep "
           f"(means over the seeds); seed by seed it grows {'nowhere' if not grows else 'for seeds ' + str(grows)}."]
    res = os.path.join(ROOT, "bench", "results")
    with open(os.path.join(res, tag + ".md"), "w") as f:
        f.write("\n".join(md) + "\n")
    doc = os.path.join(ROOT, "docs", "linearity.md")
    if f"<!-- {tag}:begin -->" in open(doc).read():
        report.readme(doc, tag, os.path.join(res, tag + ".md"))
    print("\n".join(md))


def write_report(rows, base_ppl, seeds, model_name, tag="linearity"):
    res = os.path.join(ROOT, "bench", "results")
    with open(os.path.join(res, tag + ".tsv"), "w") as f:
        f.write(f"# base {base_ppl:.6f} seeds {seeds} model {model_name}\n")
        f.write("kind\tlabel\tbits\tpredicted_dppl\tmeasured_dppl\tstderr\tseeds\tmeasured_per_seed\n")
        for r in rows:
            f.write("%s\t%s\t%.4f\t%.5f\t%.5f\t%.5f\t%d\t" % r[:7] + " ".join("%.5f" % v for v in r[7]) + "\n")
    lin = [r for r in rows if r[0] in ("uniform", "random")]
    r2_all = r_squared([r[3] for r in lin], [r[4] for r in lin])
    ge3 = [r for r in lin if r[2] >= 3.0]
    r2_ge3 = r_squared([r[3] for r in ge3], [r[4] for r in ge3])

    def pm(mean, se):
        return f"{mean:+.3f} +- {se:.3f}" if se == se else f"{mean:+.3f}"

    md = [f"Base model `{model_name}`: held-out PPL {base_ppl:.3f}. Predicted dPPL = sum of "
          "alpha_l * t2_l with data-aware alphas from the calibration text; measured on the held-out text. "
          f"Uniform and DP configs: mean over {seeds} realizations (random-sign seeds 1..{seeds}) +- its "
          "standard error; random mixes: one realization each.", "",
          f"R^2 (measured on predicted), all {len(lin)} uniform and random configs: **{r2_all:.3f}**; "
          f"the {len(ge3)} at >= 3 bits/weight: **{r2_ge3:.3f}**.", "",
          "| config | bits/weight | predicted dPPL | measured dPPL |", "|---|---|---|---|"]
    for r in sorted(lin, key=lambda r: -r[2]):
        md.append(f"| {r[1]} | {r[2]:.3f} | {r[3]:+.4f} | {pm(r[4], r[5])} |")
    uniform = [r for r in rows if r[0] == "uniform"]
    dp = {(r[0], float(r[1].split("@")[1])): r for r in rows if r[0] in ("dp-aware", "dp-free")}
    md += ["", "DP allocation vs the best uniform HIGGS config of no greater size (held-out dPPL, mean over "
           f"{seeds} realizations +- standard error; base PPL {base_ppl:.3f}). \"paired\": DP minus uniform "
           "for each seed (the same sign pattern), mean +- standard error, and the seeds the DP won:", "",
           "| target bits | best uniform (bits) | its dPPL | DP data-aware (bits) | dPPL | paired | "
           "DP data-free (bits) | dPPL | paired |", "|---|---|---|---|---|---|---|---|---|"]
    for target in TARGETS:
        fits = [r for r in uniform if r[2] <= target + 1e-9]
        best = min(fits, key=lambda r: r[4]) if fits else None
        cells = [str(target), f"{best[1].replace('higgs ', '')} ({best[2]:.3f})" if best else "none",
                 pm(best[4], best[5]) if best else "-"]
        for kind in ("dp-aware", "dp-free"):
            r = dp[(kind, target)]
            cells += [f"{r[2]:.3f}", pm(r[4], r[5])]
            if best and len(r[7]) == len(best[7]) > 1:
                d = [x - y for x, y in zip(r[7], best[7])]
                m = sum(d) / len(d)
                se = (sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d)) ** 0.5
                cells.append(f"{m:+.3f} +- {se:.3f}, {sum(x < 0 for x in d)}/{len(d)}")
            else:
                cells.append("-")
        md.append("| " + " | ".join(cells) + " |")
    with open(os.path.join(res, tag + ".md"), "w") as f:
        f.write("\n".join(md) + "\n")
    pts = [(r[3], r[4], r[1].replace("higgs ", "") if r[0] == "uniform" else "", r[0]) for r in lin]
    report.svg_scatter(pts, os.path.join(res, tag + ".svg"),
                       f"Measured vs predicted dPPL (R^2 {r2_all:.3f}; >= 3 bits: {r2_ge3:.3f})",
                       "predicted dPPL (sum alpha_l t_l^2)", "measured dPPL",
                       colors={"uniform": "#d62728", "random": "#1f77b4"}, diagonal=True)
    report.readme(os.path.join(ROOT, "docs", "linearity.md"), tag, os.path.join(res, tag + ".md"))
    print("\n".join(md))


if __name__ == "__main__":
    main()
