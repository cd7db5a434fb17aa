#!/usr/bin/env python3
"""Writes the OBJ meshes the fluid scenes use (run from this folder): a drinking glass, a closed
surface of revolution about the y axis with its foot at y = 0 (outer wall, rim, inner wall and
the inside of its thick base); and a flexible flap's animation, one OBJ per frame in flap/
(flap_0001.obj, ...), a plate standing on the floor that bends back and forth."""
import math
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ among the scenes
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from obj_writer import revolve, write  # noqa: E402


def glass(radius=0.05, height=0.12, wall=0.012, base=0.016, n_around=64):
    """Outer radius, height, wall and base thickness in metres."""
    inner = radius - wall
    profile = [(0.0, 0.0), (radius, 0.0), (radius, height), (inner, height), (inner, base), (0.0, base)]
    return revolve(profile, n_around)


V, F = glass()
write("glass.obj", V, F, "a drinking glass: outer radius 0.05 m, 0.12 m tall, walls 0.012 m, base 0.016 m "
      "(scenes/fluid/meshes/make_meshes.py)")


def bent_plate(x0, thickness, width, height, z0, levels, bend):
    """A plate standing on y = 0: its centre line at x0 + bend(y), thickness along x, width
    along z from z0, cut into `levels` slabs along y so it can bend; a closed box-like surface."""
    V, F = [], []
    corners = [(-0.5, 0.0), (0.5, 0.0), (0.5, 1.0), (-0.5, 1.0)]  # (x across, z across) in units
    for i in range(levels + 1):
        y = height * i / levels
        for cx, cz in corners:
            V.append((x0 + bend(y) + cx * thickness, y, z0 + cz * width))
    for i in range(levels):
        for k in range(4):
            a, b = 4 * i + k, 4 * i + (k + 1) % 4
            c, d = a + 4, b + 4
            F += [(a, b, d), (a, d, c)]
    top = 4 * levels
    F += [(0, 2, 1), (0, 3, 2), (top, top + 1, top + 2), (top, top + 2, top + 3)]
    return V, F


def flap_frames(fps=24, seconds=2.0, amplitude=0.06, frequency=1.5, height=0.2):
    """The flap's tip swings +-amplitude (m) at `frequency` (Hz), bending as (y/height)^2."""
    os.makedirs("flap", exist_ok=True)
    for f in range(int(round(fps * seconds)) + 1):
        t = f / fps
        swing = amplitude * math.sin(2 * math.pi * frequency * t)
        V, F = bent_plate(0.08, 0.02, 0.22, height, -0.01, 10, lambda y: swing * (y / height) ** 2)
        write("flap/flap_%04d.obj" % (f + 1), V, F, "a bending flap at t = %.4f s "
              "(scenes/fluid/meshes/make_meshes.py)" % t)


flap_frames()
