#!/usr/bin/env python3
"""Writes the OBJ meshes the fluid scenes use (run from this folder): a drinking glass, a closed
surface of revolution about the y axis with its foot at y = 0 (outer wall, rim, inner wall and
the inside of its thick base)."""
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
