#!/usr/bin/python3
"""Generate MSE-optimal quantization grids for the standard Gaussian N(0, I_p).

Writes tools/grids_table.h (a C fragment, committed; regenerate with
`/usr/bin/python3 tools/gen_grids.py`).  Everything is computed here from
first principles; no table is copied from anywhere.

p = 1, n in {4, 8, 16, 32, 64, 256}:
    Lloyd-Max quantizer of N(0,1) with exact integrals (math.erf/erfc).
    Fixed point of  y_i = E[X | t_{i-1} < X < t_i],  t_i = (y_i + y_{i+1}) / 2,
    solved for the positive half (the grid is symmetric) by Lloyd iterations
    followed by Newton's method on the fixed-point equations, until
    max |y_i - centroid_i| < 1e-12.  The MSE is exact (closed-form integrals).
    Points are sorted ascending.

p = 2, n in {16, 64, 256}:
    Lloyd's algorithm (generalized k-means) on a deterministic Gaussian-weighted
    quadrature lattice: each axis of [-R, R] is cut into bins of width h, every
    bin is represented by its exact conditional mean, mass and variance (truncated
    normal), and the 2-D lattice is the product of those bins.  The distortion of a
    grid on the lattice (bin means + exact within-bin variance, each bin assigned
    whole to one grid point) is an upper bound of the true MSE, tight for small h.
    Several starts run on a coarse lattice (h=0.03): random points drawn with a fixed
    seed from N(0, 2I), the asymptotically optimal point density f^(p/(p+2)), and
    hexagonal lattices companded radially to that density (much better local optima
    for n >= 64).  The best is polished with over-relaxed Lloyd on a fine lattice
    (h=0.015).  The stated MSE is the distortion on a very fine lattice (h=0.005):
    an upper bound of the exact MSE, above it by about 0.1% or less (it decreases
    roughly linearly in h).  A Monte Carlo estimate on an independent sample (4M
    points, its own seed; standard error about 0.1%) is given beside it.
    Point order: sorted by x, then by y (numpy.lexsort((y, x))); the array is
    interleaved x0, y0, x1, y1, ...  The p=2 grids are not forced to be
    centrally symmetric (Lloyd's local optima need not be).

Values are written as float32 with %.9g (exact float32 round trip); the stated
MSEs are those of the float32-rounded grids.

--vector (`/usr/bin/python3 tools/gen_grids.py --vector`, about 8-9 minutes on one core):
    writes tools/grids_vector.h instead, the p = 3, 4 grids (4x256, 4x1024, 3x512,
    4x4096, 3x4096; not used by the runtime yet).  Lloyd (k-means, over-relaxed) on a
    fixed sample of N(0, I_p) points from several starts (random subsets of the sample;
    the D4 / body-centred cubic lattice companded radially to the optimal point density
    f^(p/(p+2)) = N(0, (p+2)/p I)), the best start then refined by Lloyd steps on fresh
    4M-point samples (which undo the fit to the training sample: in 4-D that fit is
    about 1% at 2000 samples per cell).  Nearest points by exact search in blocks of
    512 samples against all centers (a float32 product of [x, 1] with [-2c; |c|^2]).
    The stated MSE is Monte Carlo on 4M independent points with its standard error.
    Seeds, plan and the MSE table are in the header's comment (docs/grids.md).
    `--vector 4x256 3x512` computes only those grids into tools/grids_vector.h.partial.
    Deterministic: each grid's random streams are seeded by (seed, p, n) alone.

--symmetric writes tools/grids_symmetric.h (the sign-symmetric grids), --blocks
tools/grids_blocks.h (the block-structured p = 2 4- and 3-bit grids of quantize --grid
fast, about 8 minutes), --uniform prints the uniform p = 1 8-bit grid's step and MSE.
"""

import math
import os
import re
import sys
import time

import numpy as np

SQRT2 = math.sqrt(2.0)
INV_SQRT2PI = 1.0 / math.sqrt(2.0 * math.pi)

P1_SIZES = [4, 8, 16, 32, 64, 256]
P2_SIZES = [16, 64, 256]
PUBLISHED = {  # MSE per dimension, HIGGS paper (for the report only)
    (1, 4): 0.11748, (1, 8): 0.034548, (1, 16): 0.009501, (1, 32): 0.002505,
    (2, 16): 0.1077, (2, 64): 0.02963, (2, 256): 0.00775,
}
INIT_SEED = 20250101        # p=2 restarts' initial points
MC_SEED = 777001            # p=2 Monte Carlo evaluation (independent of the above)
MC_SAMPLES = 4_000_000
COARSE_H = 0.03             # p=2 lattice bin widths (per axis, on [-6, 6])
FINE_H = 0.015
EVAL_H = 0.005              # p=2 final quadrature (upper bound, within ~0.1% of the exact MSE)


# ---------------------------------------------------------------- 1-D exact pieces

def phi(x):
    if math.isinf(x):
        return 0.0
    return INV_SQRT2PI * math.exp(-0.5 * x * x)


def gauss_mass(a, b):
    """P(a < X < b) for X ~ N(0,1), accurate in the tails."""
    if a >= 0.0:
        return 0.5 * (math.erfc(a / SQRT2) - math.erfc(b / SQRT2))
    if b <= 0.0:
        return 0.5 * (math.erfc(-b / SQRT2) - math.erfc(-a / SQRT2))
    return 0.5 * (math.erf(b / SQRT2) - math.erf(a / SQRT2))


def xphi(x):
    return 0.0 if math.isinf(x) else x * phi(x)


def cell_moments(a, b):
    """(int phi, int x phi, int x^2 phi) over [a, b]."""
    m0 = gauss_mass(a, b)
    m1 = phi(a) - phi(b)
    m2 = m0 + xphi(a) - xphi(b)
    return m0, m1, m2


def centroid(a, b):
    m0, m1, _ = cell_moments(a, b)
    return m1 / m0


def p1_exact_mse(points):
    """Exact E (X - Q(X))^2 for the nearest-point quantizer with the given levels."""
    y = np.sort(np.asarray(points, dtype=np.float64))
    t = [-math.inf] + [0.5 * (y[i] + y[i + 1]) for i in range(len(y) - 1)] + [math.inf]
    total = 0.0
    for i, yi in enumerate(y):
        a, b = t[i], t[i + 1]
        m0, m1, m2 = cell_moments(a, b)
        c = m1 / m0
        var = m2 / m0 - c * c          # within-cell variance
        total += m0 * (var + (c - yi) ** 2)
    return total


def inv_phi_cdf(p):
    """Inverse standard normal CDF by bisection (only used for initialization)."""
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if 0.5 * math.erfc(-mid / SQRT2) < p:
            lo = mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def lloyd_max_1d(n, tol=1e-12):
    """Symmetric Lloyd-Max quantizer of N(0,1) with n (even) levels; returns ascending levels."""
    assert n % 2 == 0
    m = n // 2
    # init: companding with the optimal point density f^(1/3) ~ N(0, 3)
    y = np.array([math.sqrt(3.0) * inv_phi_cdf((m + i + 0.5) / n) for i in range(m)])

    def thresholds(y):
        # positive half: cell i is [t_i, t_{i+1}], t_0 = 0 (symmetry), t_m = inf
        return [0.0] + [0.5 * (y[i] + y[i + 1]) for i in range(m - 1)] + [math.inf]

    def residual(y):
        t = thresholds(y)
        c = np.array([centroid(t[i], t[i + 1]) for i in range(m)])
        return y - c, t, c

    for _ in range(100):            # plain Lloyd to get into Newton's basin
        _, _, c = residual(y)
        y = c
    for _ in range(100):            # Newton on F(y) = y - c(t(y))
        r, t, c = residual(y)
        if np.max(np.abs(r)) < tol * 1e-2:
            break
        J = np.eye(m)
        for i in range(m):
            a, b = t[i], t[i + 1]
            z = gauss_mass(a, b)
            dca = phi(a) * (c[i] - a) / z if not math.isinf(a) else 0.0
            dcb = phi(b) * (b - c[i]) / z if not math.isinf(b) else 0.0
            # a = (y[i-1] + y[i]) / 2 for i > 0 (a = 0 for i == 0); b = (y[i] + y[i+1]) / 2
            if i > 0:
                J[i, i - 1] -= 0.5 * dca
                J[i, i] -= 0.5 * dca
            if i < m - 1:
                J[i, i] -= 0.5 * dcb
                J[i, i + 1] -= 0.5 * dcb
        step = np.linalg.solve(J, r)
        lam = 1.0
        n0 = np.max(np.abs(r))
        while lam > 1e-4:
            y_new = y - lam * step
            if np.all(np.diff(y_new) > 0) and y_new[0] > 0:
                if np.max(np.abs(residual(y_new)[0])) < n0 or lam < 1e-3:
                    break
            lam *= 0.5
        y = y_new
    r, _, _ = residual(y)
    res = float(np.max(np.abs(r)))
    if res > tol:
        raise RuntimeError(f"Lloyd-Max n={n} did not converge: residual {res:g}")
    return np.concatenate([-y[::-1], y]), res


# ---------------------------------------------------------------- 2-D Lloyd on a lattice

def axis_bins(h, R, half=False):
    """Exact per-bin (mass, mean, variance) of N(0,1) on bins of width h covering [-R, R]
    ([0, R] when half: the folded |X|, masses doubled)."""
    k = int(round((R if half else 2 * R) / h))
    edges = np.linspace(0.0 if half else -R, R, k + 1)
    mass, mean, var = [], [], []
    for a, b in zip(edges[:-1], edges[1:]):
        m0, m1, m2 = cell_moments(float(a), float(b))
        c = m1 / m0
        mass.append(2 * m0 if half else m0)
        mean.append(c)
        var.append(max(m2 / m0 - c * c, 0.0))
    return np.array(mass), np.array(mean), np.array(var)


class Lattice2D:
    def __init__(self, h, R=6.0, min_weight=1e-15, folded=False):
        """folded: the positive quadrant with the density of |X| (the sign-symmetric grids)"""
        mass, mean, var = axis_bins(h, R, folded)
        W = np.outer(mass, mass)
        keep = W > min_weight
        ii, jj = np.nonzero(keep)
        self.x = np.stack([mean[ii], mean[jj]], axis=1)         # (N, 2)
        self.w = W[keep]
        self.within = float(np.sum(self.w * (var[ii] + var[jj])))  # exact within-bin part
        self.x32 = self.x.astype(np.float32)
        self.h = h

    def assign(self, C, chunk=4096):
        """Nearest center of every lattice point (float32 search over all centers) and the
        squared distance (float64)."""
        C = np.asarray(C, dtype=np.float64)
        C32 = C.astype(np.float32)
        c2 = np.sum(C32 ** 2, axis=1)
        N = len(self.x)
        idx = np.empty(N, dtype=np.int64)
        for s in range(0, N, chunk):
            D = c2[None, :] - 2.0 * (self.x32[s:s + chunk] @ C32.T)
            idx[s:s + chunk] = np.argmin(D, axis=1)
        d = np.sum((self.x - C[idx]) ** 2, axis=1)
        return idx, d

    def assign_local(self, C, prev_idx, k=13, chunk=1 << 16):
        """Like assign, but only searches the k centers nearest to each point's previous
        center (valid while centers move little; the caller re-checks with assign)."""
        C = np.asarray(C, dtype=np.float64)
        k = min(k, len(C))
        cc = np.sum((C[:, None, :] - C[None, :, :]) ** 2, axis=2)
        nbr = np.argsort(cc, axis=1, kind="stable")[:, :k]        # includes the center itself
        N = len(self.x)
        idx = np.empty(N, dtype=np.int64)
        d = np.empty(N)
        for s in range(0, N, chunk):
            cand = nbr[prev_idx[s:s + chunk]]                          # (m, k)
            diff = self.x[s:s + chunk, None, :] - C[cand]              # (m, k, 2)
            dd = np.einsum("mkj,mkj->mk", diff, diff)
            j = np.argmin(dd, axis=1)
            r = np.arange(len(j))
            idx[s:s + chunk] = cand[r, j]
            d[s:s + chunk] = dd[r, j]
        return idx, d

    def distortion(self, C):
        """Upper bound of E|X - Q(X)|^2 (total, not per dimension)."""
        _, d = self.assign(C)
        return float(np.sum(self.w * d)) + self.within

    def lloyd(self, C, max_iter, rtol=1e-9, omega=1.0, local=False, full_every=20):
        """Lloyd iterations, optionally over-relaxed (C += omega * (centroid - C)); a step
        that does not lower the distortion is redone with omega = 1.  Returns the best
        grid seen, its distortion (total) and the number of iterations."""
        C = np.array(C, dtype=np.float64)
        n = len(C)
        best_C, best_D = C.copy(), math.inf
        prev = math.inf
        idx = None
        it = 0
        for it in range(1, max_iter + 1):
            if local and idx is not None and it % full_every != 0:
                idx, d = self.assign_local(C, idx)
            else:
                idx, d = self.assign(C)
            D = float(np.sum(self.w * d)) + self.within
            if D < best_D:
                best_C, best_D = C.copy(), D
            if D > prev and omega != 1.0:       # overshoot: back to the best, plain step
                C = best_C.copy()
                idx, d = self.assign(C)
                D = best_D
                step = 1.0
            else:
                step = omega
            mass = np.bincount(idx, weights=self.w, minlength=n)
            sx = np.bincount(idx, weights=self.w * self.x[:, 0], minlength=n)
            sy = np.bincount(idx, weights=self.w * self.x[:, 1], minlength=n)
            empty = mass <= 0
            mass_safe = np.where(empty, 1.0, mass)
            cen = np.stack([sx / mass_safe, sy / mass_safe], axis=1)
            C = C + step * (cen - C)
            if np.any(empty):       # re-seed empty cells at the worst-served lattice points
                worst = np.argsort(-self.w * d)[:int(np.sum(empty))]
                C[empty] = self.x[worst]
                best_D = math.inf
                prev = math.inf
                idx = None
                continue
            if prev - D <= rtol * D and D <= prev:
                break
            prev = D
        D = self.distortion(C)
        if D < best_D or best_D == math.inf:
            best_C, best_D = C, D
        return best_C, best_D, it


def mc_mse(C, n_samples, seed, chunk=1 << 18):
    """Monte Carlo E|X - Q(X)|^2 / p on an independent N(0, I) sample."""
    rng = np.random.default_rng(seed)
    p = C.shape[1]
    c2 = np.sum(C ** 2, axis=1)
    total = 0.0
    done = 0
    while done < n_samples:
        m = min(chunk, n_samples - done)
        X = rng.standard_normal((m, p))
        D = c2[None, :] - 2.0 * (X @ C.T)
        total += float(np.sum(np.maximum(np.min(D, axis=1) + np.sum(X * X, axis=1), 0.0)))
        done += m
    return total / (n_samples * p)


def hex_init(n, offset=(0.0, 0.0), scale=1.0):
    """n points of a hexagonal lattice (the n nearest to the origin), companded radially so
    that their density follows N(0, 2I), the asymptotically optimal point density f^(1/2):
    a disc holding a fraction u of the points maps to the radius sqrt(-4 ln(1 - u))."""
    k = int(math.sqrt(n)) + 6
    i, j = np.meshgrid(np.arange(-k, k + 1), np.arange(-k, k + 1), indexing="ij")
    P = np.stack([(i + 0.5 * j).ravel() + offset[0],
                  (j * math.sqrt(3.0) / 2).ravel() + offset[1]], axis=1)
    r2 = np.sum(P ** 2, axis=1)
    order = np.lexsort((np.arctan2(P[:, 1], P[:, 0]), np.round(r2, 9)))
    P = P[order][:n]
    r2 = np.sum(P ** 2, axis=1)
    u = np.minimum(math.pi * r2 / (n * math.sqrt(3.0) / 2) * scale, 1.0 - 0.3 / n)
    g = np.sqrt(-4.0 * np.log1p(-u))
    r = np.sqrt(r2)
    f = np.where(r > 0, g / np.maximum(r, 1e-300), 1.0)
    return P * f[:, None]


HEX_S = (0.5, math.sqrt(3.0) / 6)   # offset putting the origin at a hexagon's center
# (kind, argument): ("rand", count) random N(0, 2I) starts; ("hex", (offset, scale)).
# Trimmed to the starts that matter (a wider search with more random starts and hex
# variants ended in these same optima), to keep the run time down.
P2_INITS = {
    16: [("rand", 8), ("hex", ((0.0, 0.0), 1.0))],
    64: [("hex", ((0.0, 0.0), 0.9)), ("hex", ((0.0, 0.0), 1.0)), ("hex", ((0.5, 0.0), 1.0))],
    256: [("hex", ((0.0, 0.0), 0.95)), ("hex", (HEX_S, 1.0))],
}


def optimize_p2(n, coarse, fine, log):
    """Lloyd from several starts on the coarse lattice, then the best one polished
    (over-relaxed Lloyd) on the fine lattice."""
    rng = np.random.default_rng(INIT_SEED + n)
    starts = []
    for kind, arg in P2_INITS[n]:
        if kind == "rand":
            for r in range(arg):
                starts.append((f"random #{r}", rng.standard_normal((n, 2)) * SQRT2))
        else:
            starts.append((f"hex offset=({arg[0][0]:.3f},{arg[0][1]:.3f}) scale={arg[1]}",
                           hex_init(n, arg[0], arg[1])))
    best = None
    for name, C0 in starts:
        C, D, it = coarse.lloyd(C0, max_iter=400, rtol=1e-9)
        log(f"  p=2 n={n} start {name}: coarse-lattice bound {D / 2:.6f} ({it} it)")
        if best is None or D < best[1]:
            best = (C, D)
    C, D, it = fine.lloyd(best[0], max_iter=300, rtol=1e-12, omega=1.9, local=True)
    log(f"  p=2 n={n} polished on the fine lattice: bound {D / 2:.7f} ({it} it)")
    return C


# ---------------------------------------------------------------- --vector: p = 3, 4 by sampled Lloyd

# (p, n): 4x256 = 2 bits/weight, 4x1024 = 2.5, 3x512 = 3, 4x4096 = 3, 3x4096 = 4
VEC_SIZES = [(4, 256), (4, 1024), (3, 512), (4, 4096), (3, 4096)]
VEC_P2_SAME_BITS = {2.0: 16, 3.0: 64, 4.0: 256}      # p=2 grid of the same bits/weight
VEC_TRAIN_SEED = 20260301     # training sample of Lloyd (one per grid: seed + 1000 p + n ... below)
VEC_INIT_SEED = 20260302      # random-subset starts
VEC_POLISH_SEED = 20260303    # fresh samples of the big-sample Lloyd steps
VEC_MC_SEED = 777002          # final Monte Carlo evaluation (independent of all the above)
VEC_MC_SAMPLES = 4_000_000
VEC_CHUNK = 512               # samples per block of the exact nearest-point search
# per grid: training samples, Lloyd iterations per start, starts, big-sample polish steps
VEC_PLAN = {
    (4, 256): dict(train=1 << 19, iters=100, starts=[("rand", 2), ("lat", (0.0, 1.0)), ("lat", (0.5, 1.0))],
                   polish=2, polish_samples=1 << 22),
    (4, 1024): dict(train=1 << 20, iters=60, starts=[("rand", 1), ("lat", (0.0, 1.0))],
                    polish=2, polish_samples=1 << 22),
    (3, 512): dict(train=1 << 20, iters=80, starts=[("rand", 1), ("lat", (0.0, 1.0)), ("lat", (0.25, 1.0))],
                   polish=2, polish_samples=1 << 22),
    # n = 4096: fewer training iterations, then more steps on fresh samples, the first ones
    # over-relaxed (C += 1.5 (centroid - C)): they still lowered the MSE by 0.1-0.4% a step
    (4, 4096): dict(train=1 << 20, iters=40, starts=[("lat", (0.0, 1.0))],
                    polish=6, polish_samples=1 << 22, polish_omega=[1.5] * 4 + [1.0] * 2),
    (3, 4096): dict(train=1 << 20, iters=40, starts=[("lat", (0.0, 1.0))],
                    polish=6, polish_samples=1 << 22, polish_omega=[1.5] * 4 + [1.0] * 2),
}


def vq_assign(X32, C, chunk=VEC_CHUNK):
    """Exact nearest center of every row of X32 (float32, (m, p)): blocks of `chunk` samples
    against all centers, argmin of -2 x.c + |c|^2 (one float32 matrix product with the
    augmented vectors [x, 1] and [-2c; |c|^2]); memory chunk * n floats."""
    C32 = np.asarray(C, dtype=np.float32)
    A = np.vstack([-2.0 * C32.T, np.sum(C32.astype(np.float64) ** 2, axis=1)[None, :]]).astype(np.float32)
    m, p = X32.shape
    idx = np.empty(m, dtype=np.int64)
    Xa = np.empty((chunk, p + 1), dtype=np.float32)
    Xa[:, p] = 1.0
    for s in range(0, m, chunk):
        e = min(s + chunk, m)
        Xa[:e - s, :p] = X32[s:e]
        idx[s:e] = np.argmin(Xa[:e - s] @ A, axis=1)
    return idx


def vq_stats(X, idx, n):
    """Per-center sample count, coordinate sums, and the total squared error (float64)."""
    p = X.shape[1]
    cnt = np.bincount(idx, minlength=n).astype(np.float64)
    sums = np.stack([np.bincount(idx, weights=X[:, j], minlength=n) for j in range(p)], axis=1)
    return cnt, sums


def vq_lloyd(X, C0, max_iter, omega=1.7, rtol=1e-6):
    """Over-relaxed Lloyd (k-means) on the fixed sample X (float64 (m, p)):
    C += omega * (centroid - C); a step that raises the sample distortion is redone from the
    best centers with omega = 1.  Returns the best centers, their sample distortion per
    dimension and the number of iterations."""
    X32 = X.astype(np.float32)
    C = np.array(C0, dtype=np.float64)
    n, p = C.shape
    m = len(X)
    best_C, best_D = C.copy(), math.inf
    prev_D = math.inf
    it = 0
    for it in range(1, max_iter + 1):
        idx = vq_assign(X32, C)
        D = float(np.sum((X - C[idx]) ** 2)) / (m * p)
        step = omega
        if D < best_D:
            best_C, best_D = C.copy(), D
        elif omega != 1.0:                  # overshoot: back to the best, plain step
            C = best_C.copy()
            idx = vq_assign(X32, C)
            D = best_D
            step = 1.0
        cnt, sums = vq_stats(X, idx, n)
        empty = cnt == 0
        cen = np.where(empty[:, None], C, sums / np.maximum(cnt, 1.0)[:, None])
        C = C + step * (cen - C)
        if np.any(empty):       # re-seed at the worst-served samples
            err = np.sum((X - C[idx]) ** 2, axis=1)
            C[empty] = X[np.argsort(-err)[:int(np.sum(empty))]]
            best_D = prev_D = math.inf
            continue
        if 0 <= prev_D - D <= rtol * D:
            break
        prev_D = D
    idx = vq_assign(X32, C)
    D = float(np.sum((X - C[idx]) ** 2)) / (m * p)
    if D < best_D:
        best_C, best_D = C, D
    return best_C, best_D, it


def chi_quantile(p, u, scale2):
    """Radius r with P(|Y| < r) = u for Y ~ N(0, scale2 I_p), p in {3, 4} (vectorized bisection)."""
    u = np.asarray(u, dtype=np.float64)
    lo = np.zeros_like(u)
    hi = np.full_like(u, 40.0)
    for _ in range(80):
        mid = 0.5 * (lo + hi)
        t = mid / math.sqrt(scale2)
        if p == 4:
            cdf = 1.0 - np.exp(-0.5 * t * t) * (1.0 + 0.5 * t * t)
        elif p == 3:
            erf = np.vectorize(math.erf)
            cdf = erf(t / SQRT2) - math.sqrt(2.0 / math.pi) * t * np.exp(-0.5 * t * t)
        else:
            raise ValueError(p)
        lo = np.where(cdf < u, mid, lo)
        hi = np.where(cdf < u, hi, mid)
    return 0.5 * (lo + hi)


def lattice_init(p, n, shift, scale):
    """The n points nearest the origin of the best known quantizing lattice (p=4: D4, integer
    vectors with even sum, cell volume 2; p=3: body-centred cubic, Z^3 and Z^3 + 1/2, cell
    volume 1/2), shifted by `shift` along (1, 0, ...), companded radially to the asymptotically
    optimal point density f^(p/(p+2)), i.e. N(0, (p+2)/p I): a ball holding a fraction u of the
    points maps to the ball holding u of that Gaussian."""
    k = int(round(n ** (1.0 / p))) + 4
    r = np.arange(-k, k + 1)
    Z = np.stack(np.meshgrid(*([r] * p), indexing="ij"), axis=-1).reshape(-1, p).astype(np.float64)
    if p == 4:
        P = Z[np.sum(Z, axis=1) % 2 == 0]
        vol = 2.0
    else:
        P = np.concatenate([Z, Z + 0.5])
        vol = 0.5
    P[:, 0] += shift
    r2 = np.sum(P ** 2, axis=1)
    P = P[np.lexsort(tuple(P[:, j] for j in reversed(range(p))) + (np.round(r2, 9),))][:n]
    r = np.sqrt(np.sum(P ** 2, axis=1))
    ball = math.pi ** (p / 2) / math.gamma(p / 2 + 1)
    u = np.minimum(ball * r ** p / (n * vol) * scale, 1.0 - 0.3 / n)
    g = chi_quantile(p, u, (p + 2) / p)
    f = np.where(r > 0, g / np.maximum(r, 1e-300), 1.0)
    return P * f[:, None]


def vq_big_step(C, n_samples, rng, omega=1.0, chunk=1 << 18, fold=False):
    """One Lloyd step (over-relaxed when omega != 1) on a fresh sample of n_samples points drawn
    independently of C: returns the new centers and the unbiased Monte Carlo mse/dim of the old
    centers on that sample.  fold: the sample is |X| (the sign-symmetric grid's magnitudes)."""
    n, p = C.shape
    cnt = np.zeros(n)
    sums = np.zeros((n, p))
    err = 0.0
    done = 0
    while done < n_samples:
        m = min(chunk, n_samples - done)
        X = rng.standard_normal((m, p))
        if fold:
            X = np.abs(X)
        idx = vq_assign(X.astype(np.float32), C)
        err += float(np.sum((X - C[idx]) ** 2))
        c, s = vq_stats(X, idx, n)
        cnt += c
        sums += s
        done += m
    newC = np.where(cnt[:, None] > 0, sums / np.maximum(cnt, 1.0)[:, None], C)
    if omega != 1.0:
        newC = C + omega * (newC - C)
    return newC, err / (n_samples * p)


def vq_mc(C, n_samples, seed, chunk=1 << 18):
    """Monte Carlo mse/dim of the nearest-point quantizer on an independent N(0, I) sample,
    with its standard error."""
    rng = np.random.default_rng(seed)
    n, p = C.shape
    s1 = s2 = 0.0
    done = 0
    while done < n_samples:
        m = min(chunk, n_samples - done)
        X = rng.standard_normal((m, p))
        idx = vq_assign(X.astype(np.float32), C)
        e = np.sum((X - C[idx]) ** 2, axis=1) / p
        s1 += float(np.sum(e))
        s2 += float(np.sum(e * e))
        done += m
    mean = s1 / n_samples
    var = s2 / n_samples - mean * mean
    return mean, math.sqrt(max(var, 0.0) / n_samples)


def optimize_vector(p, n, log):
    plan = VEC_PLAN[(p, n)]
    rng_train = np.random.default_rng([VEC_TRAIN_SEED, p, n])
    X = rng_train.standard_normal((plan["train"], p))
    rng_init = np.random.default_rng([VEC_INIT_SEED, p, n])
    starts = []
    for kind, arg in plan["starts"]:
        if kind == "rand":
            for r in range(arg):
                starts.append((f"random subset #{r}", X[rng_init.choice(len(X), n, replace=False)]))
        else:
            lat = "D4" if p == 4 else "BCC"
            starts.append((f"{lat} shift={arg[0]} scale={arg[1]}", lattice_init(p, n, arg[0], arg[1])))
    best = None
    for name, C0 in starts:
        t1 = time.time()
        C, D, it = vq_lloyd(X, C0, plan["iters"])
        log(f"  p={p} n={n} start {name}: training-sample mse/dim {D:.6f} ({it} it, "
            f"{time.time() - t1:.0f} s)")
        if best is None or D < best[1]:
            best = (C, D, name)
    del X
    C = best[0]
    log(f"  p={p} n={n} best start: {best[2]}")
    rng_pol = np.random.default_rng([VEC_POLISH_SEED, p, n])
    omegas = plan.get("polish_omega", [1.0] * plan["polish"])
    for s in range(plan["polish"]):
        t1 = time.time()
        C, d_old = vq_big_step(C, plan["polish_samples"], rng_pol, omegas[s])
        log(f"  p={p} n={n} big-sample Lloyd step {s + 1} ({plan['polish_samples']} fresh samples, "
            f"omega {omegas[s]}): "
            f"mse/dim before the step {d_old:.6f} ({time.time() - t1:.0f} s)")
    return C, best[2]


def main_vector():
    t_start = time.time()
    here = os.path.dirname(os.path.abspath(__file__))
    out_path = os.path.join(here, "grids_vector.h")

    def log(msg):
        print(msg, flush=True)

    # p=2 references of the same bits/weight, from the committed table (its quadrature MSE)
    p2_mse = {}
    with open(os.path.join(here, "grids_table.h")) as f:
        for line in f:
            mm = re.search(r"p=2 n=(\d+)\s+mse_per_dim = ([0-9.e+-]+)", line)
            if mm:
                p2_mse[int(mm.group(1))] = float(mm.group(2))
    only = [a for a in sys.argv[1:] if a != "--vector"]
    sizes = [tuple(int(v) for v in a.split("x")) for a in only] if only else VEC_SIZES

    grids = []
    for p, n in sizes:
        t0 = time.time()
        C, start = optimize_vector(p, n, log)
        C32 = C.astype(np.float32)
        C32 = C32[np.lexsort(tuple(C32[:, j] for j in reversed(range(p))))]
        mse, se = vq_mc(C32.astype(np.float64), VEC_MC_SAMPLES, VEC_MC_SEED)
        bits = math.log2(n) / p
        ref_n = VEC_P2_SAME_BITS.get(bits)
        ref = p2_mse.get(ref_n) if ref_n else None
        rd = 2.0 ** (-2.0 * bits)
        log(f"p={p} n={n} ({bits:g} bits): mse/dim {mse:.6g} +- {se:.2g} (Monte Carlo, "
            f"{VEC_MC_SAMPLES} samples)" + (f", p=2 n={ref_n}: {ref:.6g} (ratio {mse / ref:.4f})"
                                            if ref else "") +
            f", 2^(-2R) = {rd:.6g}; {time.time() - t0:.0f} s")
        grids.append((p, n, C32, mse, se, bits, ref_n, ref, rd, start))

    lines = []
    lines.append("/* Generated by `/usr/bin/python3 tools/gen_grids.py --vector` -- do not edit.")
    lines.append(" *")
    lines.append(" * MSE-optimal (Lloyd) quantization grids for the standard Gaussian N(0, I_p), p = 3, 4.")
    lines.append(" * Not used by the runtime yet (no kernels); tools/grids_table.h holds p = 1, 2.")
    lines.append(" *")
    lines.append(" * Method: Lloyd's algorithm (k-means) on a fixed sample of N(0, I_p) points (512K for")
    lines.append(f" * n=256, 1M otherwise; numpy default_rng([{VEC_TRAIN_SEED}, p, n])), from several")
    lines.append(f" * starts: random subsets of the sample (default_rng([{VEC_INIT_SEED}, p, n])) and the")
    lines.append(" * D4 (p=4) or body-centred cubic (p=3) lattice companded radially to the optimal point")
    lines.append(" * density f^(p/(p+2)); the start with the lowest training-sample MSE is kept.")
    lines.append(" * Over-relaxed Lloyd (C += 1.7 (centroid - C), a plain step after any rise); nearest")
    lines.append(f" * points by exact search, blocks of {VEC_CHUNK} samples against all centers.")
    lines.append(" * The best start then takes Lloyd steps on fresh samples of 4M points each")
    lines.append(f" * (default_rng([{VEC_POLISH_SEED}, p, n])): 2 for n <= 1024; 6 for n = 4096, the first")
    lines.append(" * 4 over-relaxed (C += 1.5 (centroid - C)).  They undo the fit to the training sample.")
    lines.append(f" * MSE: Monte Carlo on {VEC_MC_SAMPLES // 1000000}M independent points "
                 f"(default_rng({VEC_MC_SEED})) of the float32 grid,")
    lines.append(" * +- its standard error.  Points sorted lexicographically (by x0, then x1, ...),")
    lines.append(" * one per line, stored point-major: x0 y0 z0 [w0] x1 ...")
    lines.append(" *")
    lines.append(" * MSE per dimension, E|X - Q(X)|^2 / p for X ~ N(0, I_p); p=2 of the same bits/weight")
    lines.append(" * (tools/grids_table.h) and the rate-distortion bound 2^(-2R), R = log2(n) / p:")
    for p, n, _, mse, se, bits, ref_n, ref, rd, _ in grids:
        cmp = (f"p=2 n={ref_n}: {ref:.6g}, ratio {mse / ref:.4f}" if ref else "no p=2 grid")
        lines.append(f" *   p={p} n={n:<4d} mse_per_dim = {mse:.7g} +- {se:.2g}  ({bits:g} bits; {cmp}; "
                     f"2^(-2R) = {rd:.6g})")
    lines.append(" */")
    lines.append("#ifndef HG_GRIDS_VECTOR_H")
    lines.append("#define HG_GRIDS_VECTOR_H")
    lines.append("")
    for p, n, pts, *_ in grids:
        lines.append(f"static const float HG_VGRID_P{p}_N{n}[{n} * {p}] = {{")
        lines.append(c_float_list(pts.reshape(-1), p))      # one point per line
        lines.append("};")
        lines.append("")
    lines.append("typedef struct {")
    lines.append("    int p;                  /* dimension of a grid point */")
    lines.append("    int n;                  /* number of points */")
    lines.append("    const float *points;    /* n * p floats, point-major */")
    lines.append("    double mse_per_dim;     /* E|X - Q(X)|^2 / p under N(0, I_p), Monte Carlo */")
    lines.append("} hg_vgrid_info;")
    lines.append("")
    lines.append("static const hg_vgrid_info hg_vgrid_table[] = {")
    for p, n, _, mse, *_ in grids:
        lines.append(f"    {{{p}, {n}, HG_VGRID_P{p}_N{n}, {mse:.7g}}},")
    lines.append("};")
    lines.append("")
    lines.append(f"#define HG_VGRID_TABLE_COUNT {len(grids)}")
    lines.append("")
    lines.append("#endif /* HG_GRIDS_VECTOR_H */")
    if only:
        out_path += ".partial"
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    log(f"wrote {out_path}; total {time.time() - t_start:.1f} s")


# ---------------------------------------------------------------- output

def c_float_list(vals, per_line):
    parts = ["%.9g" % float(v) for v in vals]
    parts = [s if any(ch in s for ch in ".e") or s in ("inf", "nan") else s + ".0" for s in parts]
    parts = [s + "f" for s in parts]
    lines = []
    for i in range(0, len(parts), per_line):
        lines.append("    " + ", ".join(parts[i:i + per_line]) + ",")
    return "\n".join(lines)


def main():
    t_start = time.time()
    out_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "grids_table.h")

    def log(msg):
        print(msg, flush=True)

    grids = []   # (p, n, float32 points (n, p), mse_per_dim, note)

    t0 = time.time()
    for n in P1_SIZES:
        y, res = lloyd_max_1d(n)
        y32 = np.sort(y.astype(np.float32))
        mse = p1_exact_mse(y32.astype(np.float64))
        pub = PUBLISHED.get((1, n))
        log(f"p=1 n={n:3d}: mse/dim {mse:.7g} (exact){'' if pub is None else f', published {pub}'}"
            f"; fixed-point residual {res:.1e}")
        grids.append((1, n, y32.reshape(-1, 1), mse, "exact integral"))
    log(f"p=1 done in {time.time() - t0:.1f} s")

    t0 = time.time()
    coarse = Lattice2D(h=COARSE_H)
    fine = Lattice2D(h=FINE_H)
    log(f"lattices: coarse {len(coarse.x)} points (h={COARSE_H}), "
        f"fine {len(fine.x)} points (h={FINE_H})")
    solved = []
    for n in P2_SIZES:
        t1 = time.time()
        C = optimize_p2(n, coarse, fine, log)
        C32 = C.astype(np.float32)
        C32 = C32[np.lexsort((C32[:, 1], C32[:, 0]))]     # by x, then by y
        solved.append((n, C32))
        log(f"  p=2 n={n} optimized in {time.time() - t1:.1f} s")
    del coarse, fine
    t1 = time.time()
    evalq = Lattice2D(h=EVAL_H)
    for n, C32 in solved:
        C64 = C32.astype(np.float64)
        bound = evalq.distortion(C64) / 2
        mc = mc_mse(C64, MC_SAMPLES, MC_SEED)
        pub = PUBLISHED[(2, n)]
        log(f"p=2 n={n:3d}: mse/dim {bound:.7g} (quadrature upper bound, h={EVAL_H}; "
            f"{100 * (bound / pub - 1):+.2f}% vs published {pub}), "
            f"Monte Carlo {mc:.6g} ({MC_SAMPLES} samples, {100 * (mc / pub - 1):+.2f}%)")
        grids.append((2, n, C32, bound,
                      f"lattice quadrature h={EVAL_H}, an upper bound; "
                      f"Monte Carlo {MC_SAMPLES // 1000000}M: {mc:.5g}"))
    log(f"  p=2 evaluation {time.time() - t1:.1f} s")
    log(f"p=2 done in {time.time() - t0:.1f} s")

    lines = []
    lines.append("/* Generated by tools/gen_grids.py -- do not edit.")
    lines.append(" *")
    lines.append(" * MSE-optimal quantization grids for the standard Gaussian N(0, I_p).")
    lines.append(" * p=1: exact Lloyd-Max quantizers, sorted ascending.")
    lines.append(" * p=2: Lloyd (k-means) on a Gaussian-weighted lattice; points sorted by x,")
    lines.append(" *      then by y; stored interleaved x0, y0, x1, y1, ...")
    lines.append(" *")
    lines.append(" * MSE per dimension, E|X - Q(X)|^2 / p for X ~ N(0, I_p):")
    for p, n, _, mse, note in grids:
        lines.append(f" *   p={p} n={n:<3d} mse_per_dim = {mse:.7g}  ({note})")
    lines.append(" */")
    lines.append("#ifndef HG_GRIDS_TABLE_H")
    lines.append("#define HG_GRIDS_TABLE_H")
    lines.append("")
    for p, n, pts, _, _ in grids:
        name = f"HG_GRID_P{p}_N{n}"
        dims = f"{n}" if p == 1 else f"{n} * {p}"
        lines.append(f"static const float {name}[{dims}] = {{")
        lines.append(c_float_list(pts.reshape(-1), 4 if p == 1 else 6))
        lines.append("};")
        lines.append("")
    lines.append("typedef struct {")
    lines.append("    int p;                  /* dimension of a grid point */")
    lines.append("    int n;                  /* number of points */")
    lines.append("    const float *points;    /* n * p floats, point-major */")
    lines.append("    double mse_per_dim;     /* E|X - Q(X)|^2 / p under N(0, I_p) */")
    lines.append("} hg_grid_info;")
    lines.append("")
    lines.append("static const hg_grid_info hg_grid_table[] = {")
    for p, n, _, mse, _ in grids:
        lines.append(f"    {{{p}, {n}, HG_GRID_P{p}_N{n}, {mse:.7g}}},")
    lines.append("};")
    lines.append("")
    lines.append(f"#define HG_GRID_TABLE_COUNT {len(grids)}")
    lines.append("")
    lines.append("#endif /* HG_GRIDS_TABLE_H */")
    with open(out_path, "w") as f:
        f.write("\n".join(lines) + "\n")
    log(f"wrote {out_path}; total {time.time() - t_start:.1f} s")


# ------------------------------------------------- --symmetric: the sign-symmetric p = 4 3-bit grid
# 4096 points s * a: a one of 256 points with positive coordinates, s one of the 16 sign patterns.
# For x in the positive orthant the nearest such point is its own orthant's (|x_d - s_d a_d| is
# smallest with s_d = +1), so Lloyd on |X|, X ~ N(0, I_4), with 256 centers is exactly Lloyd under
# the constraint. A kernel then looks a code's magnitudes up in four 256-byte tables and applies
# its 4 sign bits to the activation (docs/grids.md). Costs ~3% MSE against the free 4096-point grid.
SYM_TRAIN_SEED = 20260311
SYM_INIT_SEED = 20260312
SYM_POLISH_SEED = 20260313
SYM_MC_SEED = 777003
SYM_PLAN = dict(train=1 << 20, iters=60, starts=2, polish_omega=[1.5, 1.5, 1.0, 1.0], polish_samples=1 << 22)


def sym_mc(C, n_samples, seed, chunk=1 << 18, fold=True):
    """Monte Carlo mse/dim of a grid on X ~ N(0, I_p), +- s.e.; fold: C holds the magnitude points of
    a sign-symmetric grid, searched with |X| (the same error)"""
    rng = np.random.default_rng(seed)
    s1 = s2 = 0.0
    done = 0
    while done < n_samples:
        m = min(chunk, n_samples - done)
        X = rng.standard_normal((m, C.shape[1]))
        X = np.abs(X) if fold else X
        e = np.sum((X - C[vq_assign(X.astype(np.float32), C)]) ** 2, axis=1) / C.shape[1]
        s1 += float(np.sum(e))
        s2 += float(np.sum(e * e))
        done += m
    mean = s1 / n_samples
    return mean, math.sqrt(max(s2 / n_samples - mean * mean, 0.0) / n_samples)


# The paired sign-symmetric p = 4 3-bit grid: as above, but the 256 magnitude points are 128 points
# b_j and their images under the coordinate swap sigma = (0 1)(2 3): magnitude m = j | h << 7 is b_j
# (h = 0) or (b_j1, b_j0, b_j3, b_j2) (h = 1). A kernel then looks coordinate d of b_j up in a
# 128-entry table (one vpermi2b where 256 entries take two and a blend) and swaps the coordinate
# pairs of the h = 1 lanes (docs/grids.md). |X| has a sigma-invariant density, so the nearest point
# to x is sigma of the nearest to sigma(x): Lloyd under the constraint assigns each sample among the
# 256 points and moves b_j to the mean of its samples, those of the h = 1 points mapped back by sigma.
PAIR_SIGMA = [1, 0, 3, 2]
PAIR_TRAIN_SEED = 20260314
PAIR_INIT_SEED = 20260315
PAIR_POLISH_SEED = 20260316
PAIR_MC_SEED = 777005
PAIR_PLAN = dict(train=1 << 20, iters=60, starts=2, polish_omega=[1.5, 1.5, 1.0, 1.0], polish_samples=1 << 22)


def pair_points(B):
    return np.vstack([B, B[:, PAIR_SIGMA]])


def pair_centroids(X, B, chunk=1 << 18):
    """The paired Lloyd update on the sample X (|X| rows): per base point the count and coordinate
    sums of its samples (h = 1 samples mapped back by sigma), and the sample's total squared error"""
    k = len(B)
    cnt, sums, err = np.zeros(k), np.zeros((k, 4)), 0.0
    C = pair_points(B)
    for s in range(0, len(X), chunk):
        x = X[s:s + chunk]
        idx = vq_assign(x.astype(np.float32), C)
        err += float(np.sum((x - C[idx]) ** 2))
        hi = idx >= k
        y, j = np.where(hi[:, None], x[:, PAIR_SIGMA], x), np.where(hi, idx - k, idx)
        c, t = vq_stats(y, j, k)
        cnt += c
        sums += t
    return cnt, sums, err


def pair_lloyd(X, B, iters, omega=1.5):
    """Over-relaxed paired Lloyd on the fixed sample X; the last 10 steps plain. Returns the best base
    points and their sample mse/dim."""
    best = (B.copy(), math.inf)
    for it in range(iters):
        cnt, sums, err = pair_centroids(X, B)
        D = err / X.size
        if D < best[1]:
            best = (B.copy(), D)
        cen = np.where(cnt[:, None] > 0, sums / np.maximum(cnt, 1.0)[:, None], B)
        B = B + (omega if it < iters - 10 else 1.0) * (cen - B)
    return best


def paired_grid(log):
    k = 128
    X = np.abs(np.random.default_rng([PAIR_TRAIN_SEED, 4, k]).standard_normal((PAIR_PLAN["train"], 4)))
    rng_init = np.random.default_rng([PAIR_INIT_SEED, 4, k])
    best = None
    for r in range(PAIR_PLAN["starts"]):
        B, D = pair_lloyd(X, X[rng_init.choice(len(X), k, replace=False)].copy(), PAIR_PLAN["iters"])
        log(f"paired start {r}: training-sample mse/dim {D:.6f}")
        if best is None or D < best[1]:
            best = (B, D)
    B = best[0]
    rng_pol = np.random.default_rng([PAIR_POLISH_SEED, 4, k])
    for step, omega in enumerate(PAIR_PLAN["polish_omega"]):
        Xf = np.abs(rng_pol.standard_normal((PAIR_PLAN["polish_samples"], 4)))
        cnt, sums, err = pair_centroids(Xf, B)
        cen = np.where(cnt[:, None] > 0, sums / np.maximum(cnt, 1.0)[:, None], B)
        B = B + omega * (cen - B)
        log(f"paired fresh-sample Lloyd step {step + 1} (omega {omega}): mse/dim before it {err / Xf.size:.6f}")
    B = B[np.lexsort(B.T[::-1])].astype(np.float32)
    C = pair_points(B)
    mse, se = sym_mc(C.astype(np.float64), VEC_MC_SAMPLES, PAIR_MC_SEED)
    log(f"paired Monte Carlo mse/dim {mse:.8f} +- {se:.1e} (4M points)")
    return C, mse, se


# The sign-symmetric p = 2 grids: n points s * a, a one of n / 4 points with positive coordinates,
# s one of the 4 sign patterns (4-bit: 256 = 64 x 4; 3-bit: 64 = 16 x 4). Lloyd on the folded
# lattice (the positive quadrant with the density of |X|) is Lloyd under that constraint. Their
# AVX2 kernels look a code's magnitudes up in 64- or 16-entry tables (four vpshufb, or one) and
# apply the two sign bits to the activation. Starts: the free grid of the same size folded into the
# quadrant and clustered to n / 4 points, the companded hexagonal lattice likewise, and random
# subsets of a folded Gaussian sample; the best is polished on the fine folded lattice.
SYM2_INIT_SEED = 20261201
SYM2_MC_SEED = 777004
SYM2_RANDOM_STARTS = {256: 2, 64: 16}


def sym2_grid(log, n=256):
    mags = n // 4
    rng = np.random.default_rng([SYM2_INIT_SEED, 2, mags])
    coarse, fine = Lattice2D(h=COARSE_H, folded=True), Lattice2D(h=FINE_H, folded=True)
    here = os.path.dirname(os.path.abspath(__file__))
    tab = open(os.path.join(here, "grids_table.h")).read()
    m = re.search(r"HG_GRID_P2_N%d\[[^\]]*\]\s*=\s*\{([^}]*)\}" % n, tab)
    F = np.abs(np.array([float(v.strip().rstrip("f")) for v in m.group(1).split(",") if v.strip()]).reshape(n, 2))
    starts = [("the free grid folded", vq_lloyd(F, F[::4].copy(), 200, omega=1.0)[0])]
    Hx = np.abs(hex_init(n))   # the companded hexagonal lattice folded, clustered to n / 4 points
    starts.append(("the hexagonal lattice folded", vq_lloyd(Hx, Hx[rng.choice(n, mags, replace=False)], 300, omega=1.0)[0]))
    S = np.abs(rng.standard_normal((1 << 18, 2)))
    for r in range(SYM2_RANDOM_STARTS[n]):
        starts.append((f"random subset #{r}", S[rng.choice(len(S), mags, replace=False)]))
    best = None
    for name, C0 in starts:
        C, D, it = coarse.lloyd(C0, max_iter=3000, rtol=1e-13, omega=1.7)
        log(f"  p=2 n={n} sign-symmetric start {name}: coarse-lattice bound {D / 2:.6f} ({it} it)")
        if best is None or D < best[1]:
            best = (C, D)
    C, D, it = fine.lloyd(best[0], max_iter=2000, rtol=1e-13, omega=1.9, local=True)
    log(f"  p=2 n={n} sign-symmetric polished on the fine lattice: bound {D / 2:.7f} ({it} it)")
    C = C[np.lexsort(C.T[::-1])].astype(np.float32)
    bound = Lattice2D(h=EVAL_H, folded=True).distortion(C.astype(np.float64)) / 2
    mse, se = sym_mc(C.astype(np.float64), VEC_MC_SAMPLES, SYM2_MC_SEED)
    log(f"  p=2 n={n} sign-symmetric: lattice bound {bound:.8f}, Monte Carlo {mse:.8f} +- {se:.1e}")
    return C, bound, mse, se


def main_symmetric():
    t0 = time.time()
    p, k = 4, 256
    log = lambda msg: print(f"[{time.time() - t0:6.0f} s] {msg}", flush=True)
    C2, bound2, mse2, se2 = sym2_grid(log)
    C3, bound3, mse3, se3 = sym2_grid(log, 64)
    X = np.abs(np.random.default_rng([SYM_TRAIN_SEED, p, k]).standard_normal((SYM_PLAN["train"], p)))
    rng_init = np.random.default_rng([SYM_INIT_SEED, p, k])
    best = None
    for r in range(SYM_PLAN["starts"]):
        C, D, it = vq_lloyd(X, X[rng_init.choice(len(X), k, replace=False)], SYM_PLAN["iters"])
        log(f"start {r}: training-sample mse/dim {D:.6f} ({it} it)")
        if best is None or D < best[1]:
            best = (C, D, r)
    C = best[0]
    rng_pol = np.random.default_rng([SYM_POLISH_SEED, p, k])
    for step, omega in enumerate(SYM_PLAN["polish_omega"]):
        C, d_old = vq_big_step(C, SYM_PLAN["polish_samples"], rng_pol, omega, fold=True)
        log(f"fresh-sample Lloyd step {step + 1} (omega {omega}): mse/dim before it {d_old:.6f}")
    C = C[np.lexsort(C.T[::-1])].astype(np.float32)
    mse, se = sym_mc(C.astype(np.float64), VEC_MC_SAMPLES, SYM_MC_SEED)
    log(f"Monte Carlo mse/dim {mse:.8f} +- {se:.1e} (4M points)")
    CP, msep, sep = paired_grid(log)
    here = os.path.dirname(os.path.abspath(__file__))
    lines = ["/* Generated by `/usr/bin/python3 tools/gen_grids.py --symmetric` -- do not edit.",
             " *",
             " * The sign-symmetric p = 4 grid of 4096 points (3 bits per weight): point(c) = s * a, a = row",
             " * c & 255 of the table below (256 points with positive coordinates, sorted lexicographically),",
             " * coordinate d negated when bit 8 + d of c is set. Lloyd under that constraint (Lloyd on |X|,",
             f" * X ~ N(0, I_4): {SYM_PLAN['train']} samples, default_rng([{SYM_TRAIN_SEED}, 4, 256]); starts:",
             f" * {SYM_PLAN['starts']} random subsets (default_rng([{SYM_INIT_SEED}, 4, 256])), {SYM_PLAN['iters']} iterations, over-relaxed),",
             f" * then {len(SYM_PLAN['polish_omega'])} steps on fresh samples of {SYM_PLAN['polish_samples']} points "
             f"(default_rng([{SYM_POLISH_SEED}, 4, 256]), omega {SYM_PLAN['polish_omega']}).",
             f" * MSE per dimension (Monte Carlo, {VEC_MC_SAMPLES} points, default_rng({SYM_MC_SEED})):",
             f" *   p=4 n=4096 sign-symmetric mse_per_dim = {mse:.8g} +- {se:.1e}",
             " *",
             " * The paired sign-symmetric p = 4 grid of 4096 points (3 bits per weight; file grid variant 6): the",
             " * same form with the magnitudes of HG_SGRID_P4_N4096P_ABS, whose rows 128-255 are rows 0-127 with",
             " * coordinates 0, 1 and 2, 3 swapped (rows 0-127 sorted lexicographically). Lloyd under both",
             f" * constraints: {PAIR_PLAN['train']} samples of |X|, default_rng([{PAIR_TRAIN_SEED}, 4, 128]); "
             f"{PAIR_PLAN['starts']} random starts",
             f" * (default_rng([{PAIR_INIT_SEED}, 4, 128])), {PAIR_PLAN['iters']} iterations, over-relaxed but the last 10; "
             f"{len(PAIR_PLAN['polish_omega'])} steps on fresh",
             f" * samples of {PAIR_PLAN['polish_samples']} (default_rng([{PAIR_POLISH_SEED}, 4, 128]), omega {PAIR_PLAN['polish_omega']}). "
             f"Monte Carlo default_rng({PAIR_MC_SEED}):",
             f" *   p=4 n=4096 paired sign-symmetric mse_per_dim = {msep:.8g} +- {sep:.1e}",
             " *",
             " * The sign-symmetric p = 2 grid of 256 points (4 bits per weight): point(c) = row c & 63 of",
             " * HG_SGRID_P2_N256_ABS (64 points with positive coordinates, sorted by x then y), coordinate d",
             " * negated when bit 6 + d of c is set. Lloyd on the quadrature lattice of the folded density (bins",
             f" * of {COARSE_H} then {FINE_H}); starts: the free grid of grids_table.h and the companded hexagonal lattice,",
             f" * folded and clustered, and two random subsets (default_rng([{SYM2_INIT_SEED}, 2, 64])). MSE per dimension:",
             f" * the bound on a lattice of bins of {EVAL_H} (as grids_table.h states the free grids') and Monte Carlo",
             f" * ({VEC_MC_SAMPLES} points, default_rng({SYM2_MC_SEED})):",
             f" *   p=2 n=256 sign-symmetric mse_per_dim = {bound2:.8g} (Monte Carlo {mse2:.8g} +- {se2:.1e})",
             " *",
             " * The sign-symmetric p = 2 grid of 64 points (3 bits per weight), the same way: point(c) = row",
             " * c & 15 of HG_SGRID_P2_N64_ABS, coordinate d negated when bit 4 + d of c is set; starts from the",
             f" * free 64-point grid, the hexagonal lattice and {SYM2_RANDOM_STARTS[64]} random subsets (default_rng([{SYM2_INIT_SEED}, 2, 16])):",
             f" *   p=2 n=64 sign-symmetric mse_per_dim = {bound3:.8g} (Monte Carlo {mse3:.8g} +- {se3:.1e})",
             " */",
             "#ifndef HG_GRIDS_SYMMETRIC_H",
             "#define HG_GRIDS_SYMMETRIC_H",
             "",
             f"static const float HG_SGRID_P4_N4096_ABS[256 * 4] = {{"]
    for i in range(k):
        lines.append("    " + ", ".join("%.9gf" % float(v) for v in C[i]) + ",")
    lines += ["};", f"#define HG_SGRID_P4_N4096_MSE {mse:.8g}", "", "static const float HG_SGRID_P4_N4096P_ABS[256 * 4] = {"]
    for i in range(256):
        lines.append("    " + ", ".join("%.9gf" % float(v) for v in CP[i]) + ",")
    lines += ["};", f"#define HG_SGRID_P4_N4096P_MSE {msep:.8g}", "", "static const float HG_SGRID_P2_N256_ABS[64 * 2] = {"]
    for i in range(64):
        lines.append("    " + ", ".join("%.9gf" % float(v) for v in C2[i]) + ",")
    lines += ["};", f"#define HG_SGRID_P2_N256_MSE {bound2:.8g}", "", "static const float HG_SGRID_P2_N64_ABS[16 * 2] = {"]
    for i in range(16):
        lines.append("    " + ", ".join("%.9gf" % float(v) for v in C3[i]) + ",")
    lines += ["};", f"#define HG_SGRID_P2_N64_MSE {bound3:.8g}", "", "#endif /* HG_GRIDS_SYMMETRIC_H */", ""]
    with open(os.path.join(here, "grids_symmetric.h"), "w") as f:
        f.write("\n".join(lines))
    log("wrote tools/grids_symmetric.h")


# The block-structured p = 2 grids of quantize --grid fast. 4-bit: sign-symmetric like the
# default grid, but its 64 magnitude points are 4 blocks of 4 x 4, magnitude m = i | b << 2 | j << 4
# being (X[b][i], Y[b][j]). Then |x| is entry m & 15 of one 16-entry table and |y| entry m >> 2 of
# another: one vpshufb per coordinate on AVX2 instead of four and three blends. 3-bit: the same
# structure on the whole plane, no sign bits: point c = (X[b][i], Y[b][j]) with c = i | b << 2 |
# j << 4, x entry c & 15 of a 16-entry table and y entry c >> 2 of another, signed; the AVX2 kernel
# needs no sign handling at all. Lloyd under that constraint: assign the lattice to the 64 points,
# then X[b][i] is the mean x (4-bit: |x|) of the cells (b, i, any j) and Y[b][j] the mean y of the
# cells (b, any i, j); each step lowers the distortion. Starts: Lloyd-Max levels dealt out to the
# blocks (level 4i + b to X[b][i], level 4j + perm[b] to Y[b][j]) for every perm of the blocks
# (4-bit: the 16 positive levels of the 32-level quantizer; 3-bit: the 16 levels); the best on the
# coarse lattice is polished on the fine one. (30 random starts for the 3-bit grid all ended worse.)
def blocks_points(X, Y):
    m = np.arange(64)
    i, b, j = m & 3, (m >> 2) & 3, m >> 4
    return np.stack([X[b, i], Y[b, j]], axis=1), i, b, j


def blocks_lloyd(L, X, Y, max_iter, rtol=1e-10):
    X, Y = X.copy(), Y.copy()
    prev = math.inf
    for _ in range(max_iter):
        C, I, B, J = blocks_points(X, Y)
        idx, d = L.assign(C)
        D = float(np.sum(L.w * d)) + L.within
        if prev - D <= rtol * D:
            break
        prev = D
        for b in range(4):
            for k in range(4):
                for T, K, col in ((X, I, 0), (Y, J, 1)):
                    sel = (B[idx] == b) & (K[idx] == k)
                    ws = float(np.sum(L.w[sel]))
                    if ws > 0:
                        T[b, k] = float(np.sum(L.w[sel] * L.x[sel, col])) / ws
    return X, Y, D / 2


def blocks_grid(log, levels, folded):
    """the best block grid from the 24 dealt-out starts: (X, Y) as 16-entry tables, bound, MC, s.e."""
    import itertools
    coarse, fine = Lattice2D(h=COARSE_H, folded=folded), Lattice2D(h=FINE_H, folded=folded)
    best = None
    for perm in itertools.permutations(range(4)):
        X0 = np.array([[levels[4 * i + b] for i in range(4)] for b in range(4)])
        Y0 = np.array([[levels[4 * j + perm[b]] for j in range(4)] for b in range(4)])
        X, Y, mse = blocks_lloyd(coarse, X0, Y0, 500)
        if best is None or mse < best[0]:
            best = (mse, X, Y, perm)
    log(f"best start: blocks of y levels {best[3]}, coarse-lattice mse/dim {best[0]:.6f}")
    X, Y, _ = blocks_lloyd(fine, best[1], best[2], 500)
    X, Y = X.astype(np.float32), Y.astype(np.float32)
    C, _, _, _ = blocks_points(X.astype(np.float64), Y.astype(np.float64))
    bound = Lattice2D(h=EVAL_H, folded=folded).distortion(C) / 2
    mse, se = sym_mc(C, VEC_MC_SAMPLES, SYM2_MC_SEED, fold=folded)
    TX = [float(X[t >> 2, t & 3]) for t in range(16)]          # entry m & 15 = i | b << 2
    TY = [float(Y[t & 3, t >> 2]) for t in range(16)]          # entry m >> 2 = b | j << 2
    return TX, TY, bound, mse, se


def main_blocks():
    t0 = time.time()
    log = lambda msg: print(f"[{time.time() - t0:6.0f} s] {msg}", flush=True)
    lev32, lev16 = (np.array(v[0] if isinstance(v, tuple) else v) for v in (lloyd_max_1d(32), lloyd_max_1d(16)))
    grids = {}
    grids[256] = blocks_grid(log, np.sort(lev32[lev32 > 0]), True)
    log(f"p=2 n=256 block-structured: lattice bound {grids[256][2]:.8f}, Monte Carlo {grids[256][3]:.8f} +- {grids[256][4]:.1e}")
    grids[64] = blocks_grid(log, np.sort(lev16), False)
    log(f"p=2 n=64 block-structured: lattice bound {grids[64][2]:.8f}, Monte Carlo {grids[64][3]:.8f} +- {grids[64][4]:.1e}")
    here = os.path.dirname(os.path.abspath(__file__))
    lines = ["/* Generated by `/usr/bin/python3 tools/gen_grids.py --blocks` -- do not edit.",
             " *",
             " * The block-structured p = 2 grids of quantize --grid fast, on the quadrature lattice (bins of",
             f" * {COARSE_H} then {FINE_H}) from Lloyd-Max levels dealt out to the blocks (24 starts each).",
             " * 256 points (4 bits per weight): sign-symmetric, point(c) = (X[m & 15], Y[m >> 2]) with m = c & 63,",
             " * coordinate d negated when bit 6 + d of c is set. Its 64 magnitude points are 4 blocks of 4 x 4",
             " * (m = i | b << 2 | j << 4 is (X[4b + i], Y[b + 4j])); Lloyd on the folded density.",
             " * 64 points (3 bits per weight): point(c) = (X[c & 15], Y[c >> 2]), signed: 4 blocks of 4 x 4 on",
             " * the whole plane.",
             f" * MSE per dimension: the bound on a lattice of bins of {EVAL_H} and Monte Carlo ({VEC_MC_SAMPLES} points,",
             f" * default_rng({SYM2_MC_SEED})):"]
    for n in (256, 64):
        lines.append(f" *   p=2 n={n} block-structured mse_per_dim = {grids[n][2]:.8g} (Monte Carlo {grids[n][3]:.8g} +- {grids[n][4]:.1e})")
    lines += [" */", "#ifndef HG_GRIDS_BLOCKS_H", "#define HG_GRIDS_BLOCKS_H", ""]
    for n in (256, 64):
        TX, TY, bound = grids[n][0], grids[n][1], grids[n][2]
        for name, T in (("X", TX), ("Y", TY)):
            lines.append(f"static const float HG_BGRID_P2_N{n}_{name}[16] = {{")
            for r in range(0, 16, 4):
                lines.append("    " + ", ".join("%.9gf" % v for v in T[r:r + 4]) + ",")
            lines.append("};")
        lines += [f"#define HG_BGRID_P2_N{n}_MSE {bound:.8g}", ""]
    lines += ["#endif /* HG_GRIDS_BLOCKS_H */", ""]
    with open(os.path.join(here, "grids_blocks.h"), "w") as f:
        f.write("\n".join(lines))
    log("wrote tools/grids_blocks.h")
    return 0


def main_uniform():
    """the step of HG_GRID_UNIFORM (levels (c - 128) * step, c = 0..255) that minimizes the exact
    Gaussian MSE, by golden-section search, and that MSE: the two constants in higgs.h"""
    def mse(d):
        return p1_exact_mse([(c - 128) * d for c in range(256)])
    a, b, r = 0.01, 0.05, (math.sqrt(5.0) - 1.0) / 2.0
    for _ in range(100):
        c, d = b - r * (b - a), a + r * (b - a)
        if mse(c) < mse(d):
            b = d
        else:
            a = c
    step = float(np.float32((a + b) / 2))
    print(f"#define HG_GRID_P1_N256U_STEP {step:.9g}f\n#define HG_GRID_P1_N256U_MSE {mse(step):.8g}")
    return 0


if __name__ == "__main__":
    if "--uniform" in sys.argv[1:]:
        sys.exit(main_uniform())
    if "--symmetric" in sys.argv[1:]:
        sys.exit(main_symmetric())
    if "--blocks" in sys.argv[1:]:
        sys.exit(main_blocks())
    sys.exit(main_vector() if "--vector" in sys.argv[1:] else main())
