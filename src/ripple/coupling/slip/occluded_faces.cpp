#include "ripple/coupling/slip/occluded_faces.hpp"

#include <algorithm>
#include <map>

#include "ripple/contact/segment_triangle.hpp"
#include "ripple/core/box_clipping.hpp"
#include "ripple/core/parallel.hpp"

namespace ripple {

Vec3 OccludedFace::solid_velocity(const SlipSurface& s) const {
  Vec3 v = Vec3::Zero();
  for (const auto& [vertex, w] : weights) v += w * s.v[vertex];
  return v;
}

std::vector<int> crossed_triangles(const SurfaceBins& bins, int axis, const Vec3i& f) {
  const GridGeometry& g = bins.grid();
  const SlipSurface& s = bins.surface();
  Vec3i lower = f;
  lower[axis] -= 1;
  const Vec3 p = g.cell_center(lower.x(), lower.y(), lower.z()), q = g.cell_center(f.x(), f.y(), f.z());
  std::vector<int> out;
  for (int t : bins.triangles_near(p.cwiseMin(q), p.cwiseMax(q))) {
    const auto& tri = s.triangles[t];
    if (segment_meets_triangle(p, q, s.x[tri[0]], s.x[tri[1]], s.x[tri[2]])) out.push_back(t);
  }
  return out;
}

std::array<double, 2> crossing_fractions(const SurfaceBins& bins, int axis, const Vec3i& f,
                                         const std::vector<int>& crossed) {
  const GridGeometry& g = bins.grid();
  const SlipSurface& s = bins.surface();
  Vec3i lower = f;
  lower[axis] -= 1;
  const Vec3 p = g.cell_center(lower.x(), lower.y(), lower.z()), d = g.cell_center(f.x(), f.y(), f.z()) - p;
  double first = 1.0, last = 0.0;
  for (int t : crossed) {
    const auto& tri = s.triangles[t];
    const Vec3 n = (s.x[tri[1]] - s.x[tri[0]]).cross(s.x[tri[2]] - s.x[tri[0]]);
    const double den = n.dot(d);
    const double at = std::abs(den) > 0.0 ? std::clamp(n.dot(s.x[tri[0]] - p) / den, 0.0, 1.0) : 0.5;
    first = std::min(first, at);
    last = std::max(last, at);
  }
  if (crossed.empty()) return {0.5, 0.5};
  return {first, 1.0 - last};
}

bool dual_cell_surface(const SurfaceBins& bins, int axis, const Vec3i& f, const std::vector<int>& crossed,
                       Vec3& normal, std::vector<std::pair<int, double>>& weights) {
  const GridGeometry& g = bins.grid();
  const SlipSurface& s = bins.surface();
  const Vec3 centre = g.face_center(axis, f.x(), f.y(), f.z());
  Aabb box;
  box.lo = centre - Vec3::Constant(0.5 * g.dx);
  box.hi = centre + Vec3::Constant(0.5 * g.dx);
  std::map<int, double> w;
  Vec3 n_sum = Vec3::Zero();
  double area_sum = 0.0;
  for (int t : bins.triangles_near(box.lo, box.hi)) {
    const auto& tri = s.triangles[t];
    const Vec3 &a = s.x[tri[0]], &b = s.x[tri[1]], &c = s.x[tri[2]];
    const Vec3 cross = (b - a).cross(c - a);
    const double twice_area = cross.norm();
    if (!(twice_area > 0.0)) continue;
    // The mesh's own orientation (outward for closed bodies), so that pieces on two sides of an
    // edge average to the edge's normal; the sum is oriented along the axis below.
    const Vec3 n = cross / twice_area;
    const std::vector<Vec3> poly = clip_polygon_to_box({a, b, c}, box);
    if (poly.size() < 3) continue;
    // Fan triangulation; barycentric coordinates of each piece's centroid in (a, b, c).
    for (size_t k = 1; k + 1 < poly.size(); ++k) {
      const double piece = 0.5 * (poly[k] - poly[0]).cross(poly[k + 1] - poly[0]).norm();
      if (!(piece > 0.0)) continue;
      const Vec3 centroid = (poly[0] + poly[k] + poly[k + 1]) / 3.0;
      const double la = (b - centroid).cross(c - centroid).dot(cross) / (twice_area * twice_area);
      const double lb = (c - centroid).cross(a - centroid).dot(cross) / (twice_area * twice_area);
      const double lc = 1.0 - la - lb;
      w[tri[0]] += piece * la;
      w[tri[1]] += piece * lb;
      w[tri[2]] += piece * lc;
      if (crossed.empty() || std::find(crossed.begin(), crossed.end(), t) != crossed.end()) n_sum += piece * n;
      area_sum += piece;
    }
  }
  if (!(area_sum > 0.0)) return false;
  const double len = n_sum.norm();
  normal = len > 1e-12 * area_sum ? Vec3(n_sum / len) : Vec3::Unit(axis);
  if (normal[axis] < 0.0) normal = -normal;
  weights.clear();
  for (const auto& [v, x] : w) weights.emplace_back(v, x / area_sum);
  return true;
}

OccludedFaces find_occluded_faces(const SurfaceBins& bins) {
  const GridGeometry& g = bins.grid();
  const SlipSurface& s = bins.surface();
  OccludedFaces out;
  for (int a = 0; a < 3; ++a) {
    out.index[a] = Array3<int32_t>(g.face_dims(a), -1);
    if (s.empty()) continue;
    Array3<int32_t>& idx = out.index[a];
    parallel_for(0, idx.size(), [&](int64_t i) {
      const Vec3i f = idx.coords(i);
      if (f[a] == 0 || f[a] == g.n[a]) return;  // the domain's sides are the grid's business
      Vec3i lower = f;
      lower[a] -= 1;
      const Vec3 p = g.cell_center(lower.x(), lower.y(), lower.z()), q = g.cell_center(f.x(), f.y(), f.z());
      std::vector<int> candidates = bins.cell_triangles(lower);
      const std::vector<int> upper = bins.cell_triangles(f);
      candidates.insert(candidates.end(), upper.begin(), upper.end());
      for (int t : candidates) {
        const auto& tri = s.triangles[t];
        if (segment_meets_triangle(p, q, s.x[tri[0]], s.x[tri[1]], s.x[tri[2]])) {
          idx.data()[i] = 0;  // mark; numbered below in a fixed order
          return;
        }
      }
    });
    for (int64_t i = 0; i < idx.size(); ++i) {
      if (idx.data()[i] < 0) continue;
      OccludedFace face;
      face.axis = a;
      face.face = idx.coords(i);
      idx.data()[i] = static_cast<int32_t>(out.faces.size());
      out.faces.push_back(face);
    }
  }
  parallel_for(0, static_cast<int64_t>(out.faces.size()), [&](int64_t i) {
    OccludedFace& face = out.faces[i];
    const std::vector<int> crossed = crossed_triangles(bins, face.axis, face.face);
    face.side_fraction = crossing_fractions(bins, face.axis, face.face, crossed);
    if (!dual_cell_surface(bins, face.axis, face.face, crossed, face.normal, face.weights))
      face.normal = Vec3::Unit(face.axis);
  }, 16);
  return out;
}

}  // namespace ripple
