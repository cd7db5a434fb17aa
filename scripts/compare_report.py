#!/usr/bin/env python3
"""Draws the report of a `ripple compare` folder: figures as PNG files in DIR/figures/ and one
self-contained page, DIR/report.html (the figures and preview strip embedded; opens offline).

    python3 scripts/compare_report.py DIR

Reads DIR/summary.json (written by `ripple compare`) and each method's DIR/<method>/stats.jsonl.
Needs matplotlib (Debian: python3-matplotlib). `ripple compare` runs it; run it by hand to redraw.
"""
import base64
import html
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.image as mpimg  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

# One colour per method, the same in every figure and in every report.
METHOD_COLOURS = {"barrier": "#1f77b4", "cutcell": "#ff7f0e", "slip": "#2ca02c", "monolith": "#d62728",
                  "membrane": "#9467bd", "none": "#7f7f7f"}
STRIP_FRAMES = 5
FIGURES = ["previews.png", "volume.png", "energy.png", "contact.png", "bodies.png", "iterations.png", "timing.png"]


def read_frames(run_dir, last_frame):
    """The stats lines of a run, one per frame (a resumed run's repeats: the last), up to last_frame."""
    frames = {}
    try:
        with open(os.path.join(run_dir, "stats.jsonl")) as f:
            for line in f:
                try:
                    j = json.loads(line)
                except json.JSONDecodeError:
                    break
                if j.get("frame", -1) <= last_frame:
                    frames[j["frame"]] = j
    except FileNotFoundError:
        pass
    return [frames[k] for k in sorted(frames)]


def series(frames, get):
    """(times, values) of the frames where get(frame) is a number."""
    t, v = [], []
    for f in frames:
        try:
            x = get(f)
        except (KeyError, TypeError, IndexError):
            continue
        if isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x):
            t.append(f["time"])
            v.append(x)
    return t, v


def colour(method):
    return METHOD_COLOURS.get(method, "#17becf")


def plot_panels(runs, panels, path, title):
    """One figure of stacked panels; each panel is (label, unit, get). Panels no run measures are
    left out; returns False when none is left."""
    shown = [p for p in panels if any(series(fr, p[2])[0] for _, fr in runs)]
    if not shown:
        return False
    fig, axes = plt.subplots(len(shown), 1, figsize=(8, 2.6 * len(shown)), sharex=True, squeeze=False)
    for ax, (label, unit, get) in zip(axes[:, 0], shown):
        for method, frames in runs:
            t, v = series(frames, get)
            if t:
                ax.plot(t, v, label=method, color=colour(method), linewidth=1.6)
        ax.set_ylabel(f"{label} ({unit})" if unit else label)
        ax.grid(True, alpha=0.3)
    axes[0, 0].legend(loc="best", fontsize=8)
    axes[0, 0].set_title(title)
    axes[-1, 0].set_xlabel("simulated time (s)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def energy_sum(*keys):
    def get(f):
        return sum(f[k] for k in keys if k in f)
    return get


def total_energy_change(runs):
    """Total energy against each run's own frame 0 (methods carrying the liquid differently start
    from slightly different absolute energies)."""
    def get(f):
        return f["total_energy"] - f["_start_energy"]

    for _, frames in runs:
        if frames and "total_energy" in frames[0]:
            for f in frames:
                f["_start_energy"] = frames[0]["total_energy"]
    return get


def per_substep(key):
    def get(f):
        return f[key] / f["substeps"] if f["substeps"] else None
    return get


def body_coordinate(index, axis):
    def get(f):
        return f["bodies"][index]["center_of_mass"][axis]
    return get


def moving_axis(runs, index):
    """The axis (0, 1, 2) along which the body's centre of mass travels farthest in any run."""
    best, axis = -1.0, 1
    for a in range(3):
        for _, frames in runs:
            _, v = series(frames, body_coordinate(index, a))
            if v and max(v) - min(v) > best:
                best, axis = max(v) - min(v), a
    return axis


def plot_timing(runs, summary_methods, path):
    """Seconds per substep over time, and each method's total time by phase (stacked bars)."""
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(8, 6.5))
    for method, frames in runs:
        t, v = series(frames[1:], lambda f: f["wall_seconds"] / f["substeps"] if f["substeps"] else None)
        if t:
            ax1.plot(t, v, label=method, color=colour(method), linewidth=1.6)
    ax1.set_xlabel("simulated time (s)")
    ax1.set_ylabel("wall seconds per substep")
    ax1.set_yscale("log")
    ax1.grid(True, alpha=0.3, which="both")
    if ax1.get_legend_handles_labels()[0]:
        ax1.legend(fontsize=8)
    ax1.set_title("time per substep")
    totals = {m["method"]: m.get("timings", {}) for m in summary_methods}
    phase_sum = {}
    for t in totals.values():
        for k, v in t.items():
            phase_sum[k] = phase_sum.get(k, 0.0) + v
    top = sorted(phase_sum, key=phase_sum.get, reverse=True)[:8]
    names = [m for m, _ in runs]
    left = [0.0] * len(names)
    cmap = plt.get_cmap("tab20")
    for i, phase in enumerate(top + ["other"]):
        widths = []
        for m in names:
            t = totals.get(m, {})
            widths.append(sum(v for k, v in t.items() if k not in top) if phase == "other" else t.get(phase, 0.0))
        ax2.barh(names, widths, left=left, color=cmap(i % 20), label=phase)
        left = [a + b for a, b in zip(left, widths)]
    ax2.set_xlabel("wall seconds in all (by phase)")
    if top:
        ax2.legend(fontsize=7, ncol=3, loc="best")
    ax2.set_title("where the time went")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def preview_strip(root, methods, last_frames, path):
    """Rows: methods; columns: the same frames of each run's preview images (up to its last)."""
    available = {}
    for m, last in zip(methods, last_frames):
        d = os.path.join(root, m)
        names = os.listdir(d) if os.path.isdir(d) else []
        available[m] = sorted(int(n[8:-4]) for n in names
                              if n.startswith("preview_") and n.endswith(".png") and n[8:-4].isdigit()
                              and int(n[8:-4]) <= last)
    every = sorted(set().union(*available.values())) if available else []
    if not every:
        return None
    if len(every) <= STRIP_FRAMES:
        picked = every
    else:
        picked = [every[round(i * (len(every) - 1) / (STRIP_FRAMES - 1))] for i in range(STRIP_FRAMES)]
    fig, axes = plt.subplots(len(methods), len(picked), figsize=(2.4 * len(picked), 1.9 * len(methods) + 0.3),
                             squeeze=False)
    for r, m in enumerate(methods):
        for c, frame in enumerate(picked):
            ax = axes[r, c]
            ax.set_xticks([])
            ax.set_yticks([])
            f = os.path.join(root, m, f"preview_{frame:04d}.png")
            if os.path.exists(f):
                ax.imshow(mpimg.imread(f))
            else:
                ax.text(0.5, 0.5, "no frame", ha="center", va="center", transform=ax.transAxes, color="grey")
            if r == 0:
                ax.set_title(f"frame {frame}", fontsize=9)
            if c == 0:
                ax.set_ylabel(m, fontsize=10, color=colour(m))
    fig.tight_layout(pad=0.4)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return picked


DASH = "\u2013"  # a value the method does not measure


def fmt(x, unit=""):
    if x is None:
        return DASH
    if isinstance(x, float) and not x.is_integer() or abs(x) >= 1e6:
        s = f"{x:.3g}"
    else:
        s = f"{int(x)}"
    return f"{s} {unit}".strip()


def duration(s):
    if s is None:
        return DASH
    if s < 60:
        return f"{s:.1f} s"
    m, s = divmod(int(round(s)), 60)
    return f"{m} min {s:02d} s" if m < 60 else f"{m // 60} h {m % 60:02d} min"


def summary_rows(summary):
    """The summary table as (quantity, [one plain-text cell per method]) rows."""
    methods = summary["methods"]

    def newton(m):
        it = m.get("iterations", {})
        v = [x for x in (it.get("newton_iterations"), it.get("coupling_newton_iterations")) if x is not None]
        return fmt(sum(v)) if v else DASH

    rows = [("status", lambda m: m["status"]),
            ("frames", lambda m: fmt(m["frames"])),
            ("simulated time", lambda m: fmt(m["simulated_seconds"], "s")),
            ("wall time", lambda m: duration(m["wall_seconds"])),
            ("wall seconds per simulated second", lambda m: fmt(m["seconds_per_simulated_second"])),
            ("peak memory", lambda m: fmt(m["peak_memory_bytes"] / 1e6, "MB") if m.get("peak_memory_bytes")
             else DASH),
            ("threads", lambda m: fmt(m.get("threads"))),
            ("substeps", lambda m: fmt(m["substeps"])),
            ("pressure iterations", lambda m: fmt(m.get("iterations", {}).get("pressure_iterations"))),
            ("Newton iterations", newton)]
    for c in summary["columns"]:
        if not any(m["worst"].get(c["key"]) is not None for m in methods):
            continue  # no method measures it in this scene
        if c["key"] == "fluid_volume_change":
            rows.append((c["label"], lambda m, k=c["key"]: DASH if m["worst"].get(k) is None
                         else fmt(100.0 * m["worst"][k], "%")))
        else:
            rows.append((c["label"], lambda m, k=c["key"], u=c["unit"]: fmt(m["worst"].get(k), u)))
    return [(label, [get(m) for m in methods]) for label, get in rows]


def summary_table(summary):
    """One row per quantity, one column per method: each cell one number."""
    head = "<tr><th></th>" + "".join(
        f'<th><span style="color:{colour(m["method"])}">&#9632;</span> {html.escape(m["method"])}</th>'
        for m in summary["methods"]) + "</tr>"
    body = "".join("<tr><td>" + html.escape(label) + "</td>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) +
                   "</tr>" for label, cells in summary_rows(summary))
    return f"<table><thead>{head}</thead><tbody>{body}</tbody></table>"


def summary_markdown(summary):
    """The same table in Markdown, for docs."""
    names = [m["method"] for m in summary["methods"]]
    lines = ["| | " + " | ".join(f"`{n}`" for n in names) + " |", "|---|" + "---|" * len(names)]
    lines += ["| " + label + " | " + " | ".join(cells) + " |" for label, cells in summary_rows(summary)]
    return "\n".join(lines) + "\n"


def embed(path):
    with open(path, "rb") as f:
        return "data:image/png;base64," + base64.b64encode(f.read()).decode("ascii")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: compare_report.py COMPARE_DIR")
    root = sys.argv[1]
    with open(os.path.join(root, "summary.json")) as f:
        summary = json.load(f)
    methods = [m["method"] for m in summary["methods"]]
    runs = [(m["method"], read_frames(os.path.join(root, m["folder"]), m["last_frame"])) for m in summary["methods"]]
    figdir = os.path.join(root, "figures")
    os.makedirs(figdir, exist_ok=True)
    for old in FIGURES:  # an earlier report's, which this one may not draw again
        if os.path.exists(os.path.join(figdir, old)):
            os.remove(os.path.join(figdir, old))

    figures = []  # (file, heading)
    strip = preview_strip(root, methods, [m["last_frame"] for m in summary["methods"]],
                          os.path.join(figdir, "previews.png"))
    if strip:
        figures.append(("previews.png", "The runs side by side (frames " + ", ".join(map(str, strip)) + ")"))
    if plot_panels(runs, [("liquid volume change", "%", lambda f: 100.0 * f["fluid_volume_change"])],
                   os.path.join(figdir, "volume.png"), "liquid volume inside the surface, against the start"):
        figures.append(("volume.png", "Liquid volume"))
    if plot_panels(runs, [("kinetic energy", "J", energy_sum("fluid_kinetic_energy", "solid_kinetic_energy")),
                          ("total energy change from the start", "J", total_energy_change(runs))],
                   os.path.join(figdir, "energy.png"), "energy (liquid and solids)"):
        figures.append(("energy.png", "Energy"))
    if plot_panels(runs, [("solid vertices inside the liquid", "", lambda f: f["penetrating_vertices"]),
                          ("intersecting solid pairs", "", lambda f: f["intersecting_pairs"]),
                          ("smallest solid-liquid gap", "m", lambda f: f["min_solid_fluid_distance"]),
                          ("smallest gap between solids", "m", lambda f: f["min_contact_distance"])],
                   os.path.join(figdir, "contact.png"), "penetration and gaps"):
        figures.append(("contact.png", "Penetration and gaps"))
    bodies = []
    for _, frames in runs:
        if frames and "bodies" in frames[0]:
            bodies = [b["name"] for b in frames[0]["bodies"]]
            break
    axes = [moving_axis(runs, i) for i in range(min(len(bodies), 4))]
    if bodies and plot_panels(runs, [(f"{name}: centre of mass {'xyz'[axes[i]]}", "m",
                                      body_coordinate(i, axes[i])) for i, name in enumerate(bodies[:4])],
                              os.path.join(figdir, "bodies.png"), "the bodies"):
        figures.append(("bodies.png", "The bodies"))
    if plot_panels(runs, [("pressure iterations per substep", "", per_substep("pressure_iterations")),
                          ("Newton iterations per substep", "", per_substep("newton_iterations")),
                          ("coupled Newton iterations per substep", "", per_substep("coupling_newton_iterations"))],
                   os.path.join(figdir, "iterations.png"), "solver iterations"):
        figures.append(("iterations.png", "Solver iterations"))
    plot_timing(runs, summary["methods"], os.path.join(figdir, "timing.png"))
    figures.append(("timing.png", "Time"))

    scene_name = os.path.splitext(os.path.basename(summary["scene"]))[0]
    description = ""
    for m in methods:
        try:
            with open(os.path.join(root, m, "scene.resolved.json")) as f:
                description = json.load(f).get("description", "")
            break
        except (OSError, json.JSONDecodeError):
            continue
    notes = []
    for m in summary["methods"]:
        for n in m.get("notices", []):
            notes.append(f"<li><b>{html.escape(m['method'])}</b>: {html.escape(n)}</li>")
        if m.get("error"):
            notes.append(f"<li><b>{html.escape(m['method'])}</b> failed: <pre>{html.escape(m['error'])}</pre></li>")
    for s in summary.get("skipped", []):
        notes.append(f"<li><b>{html.escape(s['method'])}</b> not run: {html.escape(s['reason'])}</li>")
    overrides = ", ".join(f"<code>{html.escape(k)}={html.escape(v)}</code>" for k, v in summary.get("overrides", []))
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>ripple compare: {html.escape(scene_name)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }}
table {{ border-collapse: collapse; font-size: 0.85em; display: block; overflow-x: auto; }}
th, td {{ border: 1px solid #ccc; padding: 0.3em 0.5em; text-align: right; white-space: nowrap; }}
th {{ background: #f3f3f3; min-width: 6em; }}
td:first-child, th:first-child {{ text-align: left; }}
img {{ max-width: 100%; border: 1px solid #eee; }}
figure {{ margin: 1.5em 0; }} figcaption {{ font-weight: 600; margin-bottom: 0.4em; }}
.meta {{ color: #555; }}
</style></head><body>
<h1>{html.escape(scene_name)}: {len(methods)} coupling method{"s" if len(methods) != 1 else ""} side by side</h1>
<p>{html.escape(description)}</p>
<p class="meta">Scene <code>{html.escape(summary["scene"])}</code>{" with " + overrides if overrides else ""}.
The runs went {html.escape(summary["schedule"])} and took {duration(summary["compare_wall_seconds"])} of
wall time. Wall times of runs side by side share the machine's cores and memory bandwidth.</p>
<h2>Summary</h2>
<p class="meta">Totals, and the worst value of each invariant over the run; &ndash; where the method does not
measure it.</p>
{summary_table(summary)}
{"<ul>" + "".join(notes) + "</ul>" if notes else ""}
""" + "".join(f'<figure><figcaption>{html.escape(h)}</figcaption><img alt="{html.escape(h)}" '
              f'src="{embed(os.path.join(figdir, f))}"></figure>\n' for f, h in figures) + """
<p class="meta">Made by <code>ripple compare</code>; the figures are also in figures/, the numbers in
summary.json, and each run's frames and stats.jsonl in its method's folder.</p>
</body></html>
"""
    with open(os.path.join(root, "report.html"), "w") as f:
        f.write(page)
    with open(os.path.join(root, "summary.md"), "w") as f:
        f.write(summary_markdown(summary))


if __name__ == "__main__":
    main()
