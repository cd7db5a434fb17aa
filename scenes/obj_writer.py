"""Writes Wavefront OBJ meshes for the scenes' generators (meshes/make_meshes.py in each
method's folder): a closed surface is turned to face outwards (positive volume)."""


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
