#!/usr/bin/env python3
"""Writes the OBJ meshes the monolith scenes use (run from this folder): a bowl with a flat
base (a closed surface of revolution, for an elastic volume filled with tetrahedra or a rigid
body) and a torus (for a static obstacle)."""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ among the scenes
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from obj_writer import revolve, write  # noqa: E402


def bowl(outer=0.09, inner=0.06, base=0.05, n_arc=12, n_around=48):
    """A hemispherical bowl, rim at y = 0, outer radius `outer`, inner `inner`, cut flat at the
    bottom where the outer sphere is `base` wide; the base's underside at y = -sqrt(outer^2 - base^2)."""
    y_base = -math.sqrt(outer * outer - base * base)
    profile = [(0.0, y_base), (0.5 * base, y_base)]
    a0 = math.atan2(y_base, base)  # the outer arc, from the base's edge up to the rim
    profile += [(outer * math.cos(a0 * (1 - k / n_arc)), outer * math.sin(a0 * (1 - k / n_arc)))
                for k in range(n_arc + 1)]
    inner_bottom = max(-inner, y_base + (outer - inner))  # the floor as thick as the wall
    profile += [(inner * math.cos(-0.5 * math.pi * k / n_arc), inner * math.sin(-0.5 * math.pi * k / n_arc))
                for k in range(n_arc) if inner * math.sin(-0.5 * math.pi * k / n_arc) > inner_bottom]
    r_floor = math.sqrt(max(inner * inner - inner_bottom * inner_bottom, 0.0))
    profile += [(r_floor, inner_bottom), (0.5 * r_floor, inner_bottom), (0.0, inner_bottom)]
    return revolve(profile, n_around)


def torus(major=0.1, minor=0.025, n_major=48, n_minor=16):
    V, F = [], []
    for i in range(n_major):
        a = 2 * math.pi * i / n_major
        for j in range(n_minor):
            b = 2 * math.pi * j / n_minor
            r = major + minor * math.cos(b)
            V.append((r * math.cos(a), minor * math.sin(b), r * math.sin(a)))
    for i in range(n_major):
        for j in range(n_minor):
            i2, j2 = (i + 1) % n_major, (j + 1) % n_minor
            a, b, c, d = i * n_minor + j, i * n_minor + j2, i2 * n_minor + j2, i2 * n_minor + j
            F += [(a, b, c), (a, c, d)]
    return V, F


if __name__ == "__main__":
    V, F = bowl()
    write("bowl.obj", V, F, "bowl: outer radius 0.09 m, inner 0.06 m, rim at y = 0, flat base (make_meshes.py)")
    V, F = torus()
    write("torus.obj", V, F, "torus: major radius 0.1 m, minor 0.025 m, about the y axis (make_meshes.py)")
