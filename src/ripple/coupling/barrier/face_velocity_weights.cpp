#include "ripple/coupling/barrier/face_velocity_weights.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

#include "ripple/core/box_clipping.hpp"
#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

/// An element: up to 3 vertices (triangle, rod edge or point).
struct Element {
  std::array<int, 3> v{-1, -1, -1};
  int count = 0;
};

struct CellKey {
  int64_t operator()(const Vec3i& c) const {
    return (static_cast<int64_t>(c.x()) * 73856093) ^ (static_cast<int64_t>(c.y()) * 19349663) ^
           (static_cast<int64_t>(c.z()) * 83492791);
  }
};

}  // namespace

double face_velocity(const FaceWeights& row, int axis, const VectorX& v) {
  double u = 0.0;
  for (const auto& [vertex, w] : row.vertices) u += w * v[3 * vertex + axis];
  return u;
}

std::vector<FaceWeights> face_velocity_weights(const CollisionMesh& mesh, const VectorX& x,
                                               const std::vector<Vec3>& centres, double half_size) {
  // Elements: triangles, rod edges (on no triangle), free points.
  std::vector<Element> elements;
  std::set<std::pair<int, int>> face_edges;
  for (const auto& f : mesh.faces) {
    elements.push_back({{f[0], f[1], f[2]}, 3});
    for (int k = 0; k < 3; ++k) face_edges.insert(std::minmax(f[k], f[(k + 1) % 3]));
  }
  for (const auto& e : mesh.edges)
    if (!face_edges.count(std::minmax(e[0], e[1]))) elements.push_back({{e[0], e[1], -1}, 2});
  const std::vector<uint8_t> isolated = mesh.isolated_vertices();
  for (int v = 0; v < mesh.num_vertices; ++v)
    if (isolated[v]) elements.push_back({{v, -1, -1}, 1});

  // Hash the elements' boxes on cells of the query boxes' size.
  const double h = 2.0 * half_size;
  auto cell_of = [&](const Vec3& p) { return Vec3i((p / h).array().floor().cast<int>()); };
  std::unordered_map<Vec3i, std::vector<int>, CellKey> cells;
  for (size_t e = 0; e < elements.size(); ++e) {
    Aabb b;
    for (int k = 0; k < elements[e].count; ++k) b.extend(x.segment<3>(3 * elements[e].v[k]));
    const Vec3i lo = cell_of(b.lo), hi = cell_of(b.hi);
    for (int i = lo.x(); i <= hi.x(); ++i)
      for (int j = lo.y(); j <= hi.y(); ++j)
        for (int k = lo.z(); k <= hi.z(); ++k) cells[Vec3i(i, j, k)].push_back(static_cast<int>(e));
  }

  std::vector<FaceWeights> rows(centres.size());
  parallel_for(0, static_cast<int64_t>(centres.size()), [&](int64_t f) {
    Aabb box;
    box.lo = centres[f] - Vec3::Constant(half_size);
    box.hi = centres[f] + Vec3::Constant(half_size);
    std::vector<int> near;
    const Vec3i lo = cell_of(box.lo), hi = cell_of(box.hi);
    for (int i = lo.x(); i <= hi.x(); ++i)
      for (int j = lo.y(); j <= hi.y(); ++j)
        for (int k = lo.z(); k <= hi.z(); ++k)
          if (auto it = cells.find(Vec3i(i, j, k)); it != cells.end()) near.insert(near.end(), it->second.begin(), it->second.end());
    std::sort(near.begin(), near.end());
    near.erase(std::unique(near.begin(), near.end()), near.end());
    std::map<int, double> weight;  // ordered: deterministic rows
    for (int e : near) {
      const Element& el = elements[e];
      auto at = [&](int k) { return Vec3(x.segment<3>(3 * el.v[k])); };
      double overlap = 0.0;
      if (el.count == 3) {
        overlap = polygon_area(clip_polygon_to_box({at(0), at(1), at(2)}, box));
      } else if (el.count == 2) {
        const auto [t0, t1] = clip_segment_to_box(at(0), at(1), box);
        const double radius = 0.5 * (mesh.thickness[el.v[0]] + mesh.thickness[el.v[1]]);
        if (t1 > t0) overlap = (t1 - t0) * (at(1) - at(0)).norm() * std::max(2.0 * radius, 1e-3 * half_size);
      } else if (((at(0) - centres[f]).cwiseAbs().array() <= half_size).all()) {
        overlap = 1e-6 * half_size * half_size;  // a free particle: counts only where nothing else does
      }
      if (overlap <= 0.0) continue;
      for (int k = 0; k < el.count; ++k) weight[el.v[k]] += overlap;
    }
    double total = 0.0;
    for (const auto& [v, w] : weight) total += w;
    if (total <= 0.0) return;
    for (const auto& [v, w] : weight) rows[f].vertices.push_back({v, w / total});
  }, 64);
  return rows;
}

}  // namespace ripple
