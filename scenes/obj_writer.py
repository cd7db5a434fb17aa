"""Writes Wavefront OBJ meshes for the scenes' generators (meshes/make_meshes.py in each
method's folder): a closed surface is turned to face outwards (positive volume). Also builds
closed surfaces of revolution, which several scenes use."""
import math


def signed_volume(V, F):
    return sum(
        V[a][0] * (V[b][1] * V[c][2] - V[b][2] * V[c][1])
        - V[a][1] * (V[b][0] * V[c][2] - V[b][2] * V[c][0])
        + V[a][2] * (V[b][0] * V[c][1] - V[b][1] * V[c][0])
        for a, b, c in F) / 6.0


def write(name, vertices, faces, comment, closed=True):
    """Writes an OBJ; a closed surface is turned to face outwards (positive volume)."""
    if closed and signed_volume(vertices, faces) < 0:
        faces = [(a, c, b) for a, b, c in faces]
    with open(name, "w") as f:
        f.write(f"# {comment}\n")
        for v in vertices:
            f.write("v %.6f %.6f %.6f\n" % v)
        for t in faces:
            f.write("f %d %d %d\n" % tuple(i + 1 for i in t))


def revolve(profile, n_around):
    """Closed surface of revolution about the y axis of an open profile [(r, y)...] whose first
    and last points lie on the axis (r = 0): those become single pole vertices."""
    V, F = [], []
    rings = []
    for r, y in profile:
        if r == 0.0:
            rings.append([len(V)])
            V.append((0.0, y, 0.0))
            continue
        ring = []
        for i in range(n_around):
            a = 2 * math.pi * i / n_around
            ring.append(len(V))
            V.append((r * math.cos(a), y, r * math.sin(a)))
        rings.append(ring)
    for p, q in zip(rings, rings[1:]):
        for i in range(n_around):
            i2 = (i + 1) % n_around
            if len(p) == 1:
                F.append((p[0], q[i2], q[i]))
            elif len(q) == 1:
                F.append((p[i], p[i2], q[0]))
            else:
                F += [(p[i], p[i2], q[i2]), (p[i], q[i2], q[i])]
    return V, F
