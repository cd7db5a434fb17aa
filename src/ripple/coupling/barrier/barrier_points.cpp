#include "ripple/coupling/barrier/barrier_points.hpp"

#include <algorithm>

namespace ripple {

std::vector<BarrierPoint> barrier_points(const CollisionMesh& mesh, const std::vector<uint8_t>& coupled,
                                         BarrierSampling sampling) {
  auto on = [&](int v) { return coupled.empty() || coupled[static_cast<size_t>(v)]; };
  std::vector<BarrierPoint> points;
  for (int v = 0; v < mesh.num_vertices; ++v)
    if (on(v)) points.push_back({{v, 0, 0}, {1.0, 0.0, 0.0}, 1, mesh.thickness[v]});
  if (sampling == BarrierSampling::vertices) return points;
  for (const auto& e : mesh.edges)
    if (on(e[0]) && on(e[1]))
      points.push_back({{e[0], e[1], 0}, {0.5, 0.5, 0.0}, 2, 0.5 * (mesh.thickness[e[0]] + mesh.thickness[e[1]])});
  if (sampling == BarrierSampling::edges) return points;
  for (const auto& f : mesh.faces)
    if (on(f[0]) && on(f[1]) && on(f[2]))
      points.push_back({{f[0], f[1], f[2]},
                        {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0},
                        3,
                        (mesh.thickness[f[0]] + mesh.thickness[f[1]] + mesh.thickness[f[2]]) / 3.0});
  return points;
}

std::vector<int> vertices_of(const std::vector<BarrierPoint>& points, const std::vector<int>& which) {
  std::vector<int> out;
  for (int i : which)
    for (int k = 0; k < points[i].count; ++k) out.push_back(points[i].vertex[k]);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace ripple
