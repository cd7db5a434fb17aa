#pragma once
// Generated solid geometry for scenes and tests (all lengths in m, y up).
#include <array>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

struct SurfaceGeometry {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;
};

struct CurveGeometry {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 2>> edges;
};

struct TetGeometry {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 4>> tets;
};

/// Horizontal (y = centre.y) rectangular cloth, `width` along x and `depth` along z, with
/// `resolution` vertices along the longer side; quads split along alternating diagonals.
SurfaceGeometry cloth_grid(const Vec3& centre, double width, double depth, int resolution);

/// Closed, outward-oriented surface of the box [lo, hi] (8 vertices, 12 triangles).
SurfaceGeometry box_surface(const Vec3& lo, const Vec3& hi);

/// Icosphere: an icosahedron subdivided `subdivisions` times, projected to the sphere.
SurfaceGeometry sphere_surface(const Vec3& centre, double radius, int subdivisions);

/// Tetrahedralised box [lo, hi] with `resolution` cells along the longest side (6
/// positively oriented tets per cell, conforming across cells).
TetGeometry tet_box(const Vec3& lo, const Vec3& hi, int resolution);

/// Tetrahedralised ball: tet_box of the cube [-1, 1]^3 with `resolution` cells per side,
/// mapped onto the ball by the volume-filling cube-to-sphere map (each coordinate scaled by
/// sqrt(1 - b^2/2 - c^2/2 + b^2 c^2 / 3) of the other two), so the cube's faces land on the
/// sphere; then scaled by `radius` and moved to `centre`.
TetGeometry tet_sphere(const Vec3& centre, double radius, int resolution);

/// Tetrahedra filling a closed, outward-oriented surface (#F by 3 indices into `vertices`): the
/// cubes of a lattice with `resolution` cells along the surface's longest side whose centres
/// lie inside (6 tets each, as tet_box), then the vertices on the fill's boundary moved onto
/// the surface (along the signed distance's gradient, at most a cell, and only where no
/// tetrahedron inverts or flattens below a tenth of its volume). Thin parts below a cell vanish.
TetGeometry tet_fill(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles, int resolution);

/// The tetrahedra of `t` whose centroid lies at least `radius` from `centre` (a hollow), with
/// the vertices no tetrahedron uses removed and the rest renumbered in order of first use.
TetGeometry without_tets_inside(const TetGeometry& t, const Vec3& centre, double radius);

/// A polyline through `points`, each span cut into `segments` edges.
CurveGeometry polyline(const std::vector<Vec3>& points, int segments);

/// An orb-weaver web in the plane through `centre` with normal `normal`: `spokes` radial
/// threads of length `radius` and `rings` polygonal spiral rings joining them; each
/// thread between junctions cut into `segments` edges. Junctions are shared vertices.
CurveGeometry spider_web(const Vec3& centre, const Vec3& normal, double radius, int spokes, int rings, int segments);

}  // namespace ripple
