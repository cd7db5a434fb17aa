#include "ripple/grid/surface_cut_cells.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/core/box_clipping.hpp"
#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

/// Area-weighted centroid of a planar convex polygon (fan from its first vertex).
Vec3 polygon_centroid(const std::vector<Vec3>& poly, double& area) {
  Vec3 c = Vec3::Zero();
  area = 0.0;
  for (size_t i = 1; i + 1 < poly.size(); ++i) {
    const double a = 0.5 * (poly[i] - poly[0]).cross(poly[i + 1] - poly[0]).norm();
    c += a * (poly[0] + poly[i] + poly[i + 1]) / 3.0;
    area += a;
  }
  return area > 0.0 ? Vec3(c / area) : poly[0];
}

/// Barycentric coordinates of p (in the triangle's plane) over (A, B, C).
Vec3 barycentric(const Vec3& p, const Vec3& A, const Vec3& B, const Vec3& C) {
  const Vec3 e1 = B - A, e2 = C - A, d = p - A;
  const double a11 = e1.dot(e1), a12 = e1.dot(e2), a22 = e2.dot(e2);
  const double b1 = e1.dot(d), b2 = e2.dot(d);
  const double det = a11 * a22 - a12 * a12;
  const double s = (a22 * b1 - a12 * b2) / det, t = (a11 * b2 - a12 * b1) / det;
  return Vec3(1.0 - s - t, s, t);
}

}  // namespace

std::vector<SurfacePiece> cut_surface_by_cells(const std::vector<Vec3>& vertices,
                                               const std::vector<std::array<int, 3>>& triangles,
                                               const GridGeometry& g) {
  std::vector<std::vector<SurfacePiece>> per_triangle(triangles.size());
  const double min_area = 1e-14 * g.dx * g.dx;
  // A triangle in a grid plane would be clipped into both cells beside it; moving it this far
  // along its outward normal for the clipping puts it in the outer cell only.
  const double nudge = 1e-9 * g.dx;
  parallel_for(0, static_cast<int64_t>(triangles.size()), [&](int64_t f) {
    const auto& t = triangles[f];
    const Vec3 &A = vertices[t[0]], &B = vertices[t[1]], &C = vertices[t[2]];
    const Vec3 cross = (B - A).cross(C - A);
    const double twice_area = cross.norm();
    if (!(twice_area > 0.0)) return;  // degenerate: no area, no flux
    const Vec3 outward = cross / twice_area;
    const Vec3 shift = nudge * outward;
    const std::vector<Vec3> tri = {A + shift, B + shift, C + shift};
    const Vec3 lo = A.cwiseMin(B).cwiseMin(C) + shift, hi = A.cwiseMax(B).cwiseMax(C) + shift;
    const Vec3i c0 = ((lo - g.origin) / g.dx).array().floor().cast<int>().max(0).matrix();
    const Vec3i c1 = ((hi - g.origin) / g.dx).array().floor().cast<int>().min((g.n - Vec3i::Ones()).array()).matrix();
    auto& out = per_triangle[f];
    for (int k = c0.z(); k <= c1.z(); ++k)
      for (int j = c0.y(); j <= c1.y(); ++j)
        for (int i = c0.x(); i <= c1.x(); ++i) {
          Aabb cell;
          cell.lo = g.node(i, j, k);
          cell.hi = g.node(i + 1, j + 1, k + 1);
          const std::vector<Vec3> piece = clip_polygon_to_box(tri, cell);
          if (piece.size() < 3) continue;
          double area = 0.0;
          const Vec3 centroid = polygon_centroid(piece, area) - shift;
          if (area <= min_area) continue;
          SurfacePiece p;
          p.cell = i + static_cast<int64_t>(g.n.x()) * (j + static_cast<int64_t>(g.n.y()) * k);
          p.triangle = static_cast<int>(f);
          p.area = area;
          p.normal = -outward;
          p.barycentric = barycentric(centroid, A, B, C);
          p.centroid = centroid;
          out.push_back(p);
        }
  });
  std::vector<SurfacePiece> pieces;
  for (auto& v : per_triangle) pieces.insert(pieces.end(), v.begin(), v.end());
  std::stable_sort(pieces.begin(), pieces.end(), [](const SurfacePiece& a, const SurfacePiece& b) { return a.cell < b.cell; });
  return pieces;
}

}  // namespace ripple
