#include "ripple/grid/surface_smoothing.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/core/parallel.hpp"

namespace ripple {

void taubin_smooth(TriangleMesh& mesh, int iterations, const Aabb& walls, double lambda, double mu) {
  const int64_t nv = static_cast<int64_t>(mesh.vertices.size());
  if (iterations <= 0 || nv == 0) return;
  // Neighbour lists (compressed rows) from the triangle edges, duplicates removed.
  std::vector<std::vector<int>> nb(static_cast<size_t>(nv));
  for (const auto& t : mesh.triangles)
    for (int e = 0; e < 3; ++e) {
      nb[t[e]].push_back(t[(e + 1) % 3]);
      nb[t[(e + 1) % 3]].push_back(t[e]);
    }
  std::vector<int64_t> start(static_cast<size_t>(nv) + 1, 0);
  std::vector<int> adj;
  for (int64_t v = 0; v < nv; ++v) {
    auto& n = nb[v];
    std::sort(n.begin(), n.end());
    n.erase(std::unique(n.begin(), n.end()), n.end());
    adj.insert(adj.end(), n.begin(), n.end());
    start[v + 1] = static_cast<int64_t>(adj.size());
  }
  nb.clear();
  // Vertices on a wall plane stay put: caps and their rims keep the walls' exact shape (a rim
  // vertex's umbrella would mix cap and surface neighbours and lift the rim).
  const double eps = 1e-9 * std::max(1.0, (walls.hi - walls.lo).norm());
  std::vector<uint8_t> pinned(static_cast<size_t>(nv), 0);
  for (int64_t v = 0; v < nv; ++v)
    for (int a = 0; a < 3; ++a) {
      const double x = mesh.vertices[v][a];
      if (std::abs(x - walls.lo[a]) < eps || std::abs(x - walls.hi[a]) < eps) pinned[v] = 1;
    }
  std::vector<Vec3> next(mesh.vertices.size());
  auto step = [&](double factor) {
    parallel_for(0, nv, [&](int64_t v) {
      const Vec3& x = mesh.vertices[v];
      const int64_t b = start[v], e = start[v + 1];
      if (b == e || pinned[v]) {
        next[v] = x;
        return;
      }
      Vec3 mean = Vec3::Zero();
      for (int64_t k = b; k < e; ++k) mean += mesh.vertices[adj[k]];
      mean /= static_cast<double>(e - b);
      next[v] = x + factor * (mean - x);
    });
    mesh.vertices.swap(next);
  };
  for (int it = 0; it < iterations; ++it) {
    step(lambda);
    step(mu);
  }
}

}  // namespace ripple
