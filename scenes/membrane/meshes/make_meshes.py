#!/usr/bin/env python3
"""Writes the OBJ meshes the membrane scenes use (run from this folder): a prolate spheroid of
the volume of a 4 mm sphere, stretched 10 % along y (in millimetres: scenes scale it by 0.001),
for the oscillating drop."""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ among the scenes
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from obj_writer import write  # noqa: E402


def spheroid(radius, stretch, n_around=48, n_up=24):
    """Closed UV surface x^2/a^2 + y^2/b^2 + z^2/a^2 = 1 with b = radius (1 + stretch) and a such
    that the volume is the sphere's (a^2 b = radius^3)."""
    b = radius * (1.0 + stretch)
    a = math.sqrt(radius ** 3 / b)
    V = [(0.0, -b, 0.0)]
    for k in range(1, n_up):
        t = math.pi * k / n_up
        for i in range(n_around):
            p = 2 * math.pi * i / n_around
            V.append((a * math.sin(t) * math.cos(p), -b * math.cos(t), a * math.sin(t) * math.sin(p)))
    V.append((0.0, b, 0.0))
    F = []
    ring = lambda k, i: 1 + (k - 1) * n_around + i % n_around  # noqa: E731
    for i in range(n_around):
        F.append((0, ring(1, i), ring(1, i + 1)))
        F.append((len(V) - 1, ring(n_up - 1, i + 1), ring(n_up - 1, i)))
    for k in range(1, n_up - 1):
        for i in range(n_around):
            F += [(ring(k, i), ring(k + 1, i), ring(k + 1, i + 1)), (ring(k, i), ring(k + 1, i + 1), ring(k, i + 1))]
    return V, F


if __name__ == "__main__":
    V, F = spheroid(4.0, 0.1)
    write("spheroid.obj", V, F, "prolate spheroid, 4 mm sphere's volume, 10 % longer along y (mm)")
