#!/usr/bin/env python3
"""Plots the validation time series written by the tests into docs/img/*.png.

    RIPPLE_VALIDATION_OUT=build/validation RIPPLE_LONG_VALIDATION=1 \
        build/tests/ripple_tests --gtest_filter='*DamBreak*:*Enright*:*BarrierVolume*:*BarrierNewtonCfl*:*CoulombSweep*'
    /usr/bin/python3 docs/plots/plot_validation.py build/validation

Needs Debian's python3-matplotlib (installed by scripts/quickstart.sh plots, see docs/validation.md).
"""
import csv
import pathlib
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# Martin & Moyce (1952), Tables 2 and 6, n^2 = 2 (../shared/reference/validation-data.md, section 1).
MM_T = [0.41, 0.84, 1.19, 1.43, 1.63, 1.83, 1.98, 2.20, 2.32, 2.51, 2.65, 2.83, 2.98, 3.11, 3.33]
MM_Z = [1.11, 1.22, 1.44, 1.67, 1.89, 2.11, 2.33, 2.56, 2.78, 3.00, 3.22, 3.44, 3.67, 3.89, 4.11]
MM_TAU = [0.56, 0.77, 0.93, 1.08, 1.28, 1.46, 1.66, 1.84, 2.00, 2.21, 2.45, 2.70, 3.06]
MM_H = [.94, .89, .83, .78, .72, .67, .61, .56, .50, .44, .39, .33, .28]


def read(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return {k: [float(r[k]) for r in rows] for k in rows[0]}


def interp(xs, ys, x):
    for i in range(1, len(xs)):
        if xs[i] >= x:
            s = (x - xs[i - 1]) / (xs[i] - xs[i - 1])
            return ys[i - 1] + s * (ys[i] - ys[i - 1])
    return ys[-1]


def release_delay(d):
    """The start-up delay (s) minimising the max front error for T <= 3, as the test fits it."""
    scale = (2 * 9.81 / 0.05715) ** 0.5
    def err(delay):
        return max(abs(interp(d["T"], d["Z"], max(0.0, t - delay * scale)) - z) / z
                   for t, z in zip(MM_T, MM_Z) if t <= 3.0)
    return min((err(i * 1e-4), i * 1e-4) for i in range(301))[1]


def dam_break(src, dst):
    files = sorted(src.glob("dam_break_a*.csv"), key=lambda p: int(p.stem.split("_a")[1]))
    if not files:
        return
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    for f in files:
        d = read(f)
        label = f"ripple APIC, a/dx = {f.stem.split('_a')[1]}"
        ax1.plot(d["T"], d["Z"], label=label)
        ax2.plot(d["tau"], d["H"], label=label)
    delay = release_delay(d)  # finest resolution
    ax1.plot([t + delay * (2 * 9.81 / 0.05715) ** 0.5 for t in d["T"]], d["Z"], "k--", lw=0.8,
             label=f"finest, delayed {1e3 * delay:.1f} ms")
    ax2.plot([t + delay * (9.81 / 0.05715) ** 0.5 for t in d["tau"]], d["H"], "k--", lw=0.8,
             label=f"finest, delayed {1e3 * delay:.1f} ms")
    ax1.plot(MM_T, MM_Z, "ko", label="Martin & Moyce 1952")
    ax2.plot(MM_TAU, MM_H, "ko", label="Martin & Moyce 1952")
    ax1.set(xlabel="T = t sqrt(2g/a)", ylabel="Z = x/a", title="Surge front", xlim=(0, 3.3), ylim=(1, 4.5))
    ax2.set(xlabel="tau = t sqrt(g/a)", ylabel="H = h/(2a)", title="Column height at the wall", xlim=(0, 3.2))
    for ax in (ax1, ax2):
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(dst / "dam_break_martin_moyce.png", dpi=110)
    plt.close(fig)


def enright(src, dst):
    files = sorted(src.glob("enright_*.csv"))
    if not files:
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    for f in files:
        d = read(f)
        name = f.stem.replace("enright_", "").replace("_", " ").replace("apic", "particles (APIC = FLIP here)")
        name = name.replace(" ", "^3 ", 1)
        ax.plot(d["t"], [100 * v for v in d["volume_change"]], label=name)
    ax.axvline(1.5, color="gray", lw=0.8, ls="--")
    ax.set(xlabel="t (s), T = 3 s", ylabel="volume change (%)", title="Enright 3D deformation")
    save_volume_plot(fig, ax, dst / "enright_volume.png")


def save_volume_plot(fig, ax, path):
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def barrier_volume(src, dst):
    f = src / "barrier_volume.csv"
    if not f.exists():
        return
    d = read(f)
    fig, ax = plt.subplots(figsize=(6, 4))
    t = [1000 * v for v in d["t"]]
    ax.plot(t, [100 * v for v in d["with_smoothed"]], label="with constraint, smoothed (Eq. 11)")
    ax.plot(t, [100 * v for v in d["with_sharp"]], label="with constraint, inside the surface")
    ax.plot(t, [100 * v for v in d["without_smoothed"]], ls="--", label="without, smoothed")
    ax.plot(t, [100 * v for v in d["without_sharp"]], ls="--", label="without, inside the surface")
    if "held_sharp" in d:
        ax.plot(t, [100 * v for v in d["held_sharp"]], lw=2, label="volume_measure sharp (default), inside the surface")
    ax.set(xlabel="t (ms)", ylabel="volume change (%)", title="Barrier coupling: 3-cell drop at 2 m/s onto the floor")
    save_volume_plot(fig, ax, dst / "barrier_volume_constraint.png")


def barrier_newton_cfl(src, dst):
    """Liu et al. 2025, Fig. 12: Newton iterations per coupled solve against time, per CFL."""
    f = src / "barrier_newton_cfl.csv"
    if not f.exists():
        return
    d = read(f)
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.6), sharey=True)
    for ax, line_search, title in ((axes[0], 1, "with line search"), (axes[1], 0, "without (CCD-filtered full steps)")):
        for cfl in sorted(set(d["cfl"])):
            rows = [i for i in range(len(d["t"])) if d["cfl"][i] == cfl and d["line_search"][i] == line_search]
            ax.plot([1000 * d["t"][i] for i in rows], [d["iterations"][i] for i in rows], marker="o", ms=3,
                    label=f"CFL {cfl:g}")
        ax.set(xlabel="t (ms)", title=title)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("Newton iterations per solve (mean over 10 ms)")
    axes[1].legend()
    fig.suptitle("Barrier coupling: drop on a row of particles (Fig. 12 setting)")
    fig.tight_layout()
    fig.savefig(dst / "barrier_newton_cfl.png", dpi=100)
    plt.close(fig)


def coulomb_sweep(src, dst):
    """Slid distance in 0.5 s on a tan(theta) = 0.5 slope against mu, beside Coulomb's line."""
    f = src / "coulomb_sweep.csv"
    if not f.exists():
        return
    d = read(f)
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.plot(d["mu"], d["coulomb_m"], "k-", lw=1, label="Coulomb: g (sin - mu cos) t^2 / 2")
    ax.plot(d["mu"], d["rigid_m"], "o", ms=5, mfc="none", label="ripple, rigid block")
    ax.plot(d["mu"], d["volume_m"], "x", ms=5, label="ripple, tet block")
    ax.axvline(0.5, color="gray", lw=0.8, ls="--")
    ax.set(xlabel="friction coefficient mu (tan theta = 0.5 dashed)", ylabel="slid in 0.5 s (m)",
           title="Block released at rest on a slope, dt = 5 ms")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(dst / "coulomb_friction_slope.png", dpi=100)
    plt.close(fig)


def main():
    src = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "build/validation")
    dst = pathlib.Path(__file__).resolve().parent.parent / "img"
    dst.mkdir(exist_ok=True)
    dam_break(src, dst)
    enright(src, dst)
    barrier_volume(src, dst)
    barrier_newton_cfl(src, dst)
    coulomb_sweep(src, dst)
    print(f"plots written to {dst}")


if __name__ == "__main__":
    main()
