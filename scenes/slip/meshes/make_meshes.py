#!/usr/bin/env python3
"""Writes the OBJ meshes the slip scenes use (run from this folder): a helical ramp (an open
ribbon for a shell), a thin disk, a torus and a cylinder (closed surfaces for rigid bodies)."""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ among the scenes
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from obj_writer import write  # noqa: E402


def helix_ramp(r0=0.01, r1=0.19, y0=0.2, y1=0.8, turns=1.5, n_around=72, n_across=8):
    """A helicoid ribbon about the y axis (centred at x = z = 0): n_around quads per turn."""
    steps = int(n_around * turns)
    V, F = [], []
    for i in range(steps + 1):
        a = 2 * math.pi * turns * i / steps
        y = y0 + (y1 - y0) * i / steps
        for j in range(n_across + 1):
            r = r0 + (r1 - r0) * j / n_across
            V.append((r * math.cos(a), y, r * math.sin(a)))
    w = n_across + 1
    for i in range(steps):
        for j in range(n_across):
            a, b, c, d = i * w + j, i * w + j + 1, (i + 1) * w + j + 1, (i + 1) * w + j
            F += [(a, b, c), (a, c, d)]
    return V, F


def ring_solid(profile, n_around):
    """Surface of revolution about the y axis of a closed profile [(r, y)...] (counter-clockwise)."""
    V, F = [], []
    m = len(profile)
    for i in range(n_around):
        a = 2 * math.pi * i / n_around
        for r, y in profile:
            V.append((r * math.cos(a), y, r * math.sin(a)))
    for i in range(n_around):
        i2 = (i + 1) % n_around
        for k in range(m):
            k2 = (k + 1) % m
            a, b, c, d = i * m + k, i * m + k2, i2 * m + k2, i2 * m + k
            F += [(a, c, b), (a, d, c)]
    return V, F


def hexahedron(corners):
    """A closed hexahedron from its 8 corners, indexed by bits (x, y, z) = (1, 2, 4)."""
    quads = [(0, 4, 6, 2), (1, 3, 7, 5), (0, 1, 5, 4), (2, 6, 7, 3), (0, 2, 3, 1), (4, 5, 7, 6)]
    return corners, [t for a, b, c, d in quads for t in ((a, b, c), (a, c, d))]


def capped_cylinder(radius, half_height, n_around):
    """A closed cylinder about the y axis: side, two caps fanned from their centres."""
    V = [(radius * math.cos(2 * math.pi * i / n_around), y, radius * math.sin(2 * math.pi * i / n_around))
         for y in (-half_height, half_height) for i in range(n_around)]
    V += [(0.0, -half_height, 0.0), (0.0, half_height, 0.0)]
    bottom, top = 2 * n_around, 2 * n_around + 1
    F = []
    for i in range(n_around):
        i2 = (i + 1) % n_around
        F += [(i, n_around + i2, i2), (i, n_around + i, n_around + i2)]
        F += [(bottom, i, i2), (top, n_around + i2, n_around + i)]
    return V, F


if __name__ == "__main__":
    write("helix_ramp.obj", *helix_ramp(), "helicoid ribbon, radii 0.01-0.19 m, 1.5 turns from y = 0.2 to 0.8 m",
          closed=False)
    # A flat disk of radius 0.12 m (an open surface for a shell) in the x-y plane: rings of quads
    # around a centre fan.
    rings, around = 4, 32
    V = [(0.0, 0.0, 0.0)] + [(0.12 * (k + 1) / rings * math.cos(2 * math.pi * i / around),
                               0.12 * (k + 1) / rings * math.sin(2 * math.pi * i / around), 0.0)
                              for k in range(rings) for i in range(around)]
    F = [(0, 1 + i, 1 + (i + 1) % around) for i in range(around)]
    for k in range(rings - 1):
        for i in range(around):
            a, b = 1 + k * around + i, 1 + k * around + (i + 1) % around
            F += [(a, a + around, b + around), (a, b + around, b)]
    write("disk.obj", V, F, "flat disk, radius 0.12 m, in the x-y plane", closed=False)
    # The two sides of the plane of plane_opposite_flows.json (through (0.5, 0.3) at pi/16 to x),
    # as closed regions reaching past the domain: the liquid regions of the two opposite flows.
    def plane_y(x):
        return 0.3 + (x - 0.5) * math.tan(math.pi / 16)
    for name, y_far in (("plane_upper.obj", 0.9), ("plane_lower.obj", -0.3)):
        C = [(x, y, z) for z in (-0.1, 0.3) for y in ("plane", "far") for x in (-0.2, 1.2)]
        C = [(x, plane_y(x) if y == "plane" else y_far, z) for x, y, z in C]
        write(name, *hexahedron(C), f"the side of the tilted plane towards y = {y_far} m")
    # A torus: tube radius 0.025 m about a ring of 0.07 m, axis y.
    tube = [(0.07 + 0.025 * math.cos(-2 * math.pi * k / 12), 0.025 * math.sin(-2 * math.pi * k / 12)) for k in range(12)]
    write("torus.obj", *ring_solid(tube, 24), "torus, ring radius 0.07 m, tube radius 0.025 m, axis y")
    # A cylinder spanning z (axis z), radius 0.06 m, length 0.2 m.
    V, F = capped_cylinder(0.06, 0.1, 32)
    write("cylinder.obj", [(x, z, y) for x, y, z in V], F, "cylinder, radius 0.06 m, length 0.2 m, axis z")
