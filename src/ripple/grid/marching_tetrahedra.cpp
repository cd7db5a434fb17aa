#include "ripple/grid/marching_tetrahedra.hpp"

#include <algorithm>
#include <unordered_map>

namespace ripple {
namespace {

// Corner c of a cube is offset (c&1, (c>>1)&1, (c>>2)&1). Kuhn split: 6 tets along the 0-7
// diagonal, one per axis permutation; neighbouring cubes split shared faces identically.
constexpr int kTets[6][4] = {{0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7},
                             {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 4, 6, 7}};

}  // namespace

TriangleMesh marching_tetrahedra(const ScalarGrid& f, const Vec3& origin, double dx, const Vec3& offset) {
  TriangleMesh mesh;
  const int nx = f.nx(), ny = f.ny(), nz = f.nz();
  const uint64_t total = static_cast<uint64_t>(f.size());
  std::unordered_map<uint64_t, int> edge_vertex;
  auto pos = [&](int64_t idx) {
    const Vec3i c = f.coords(idx);
    return Vec3(origin + dx * (c.cast<double>() + offset));
  };
  auto inside = [&](int64_t idx) { return f[idx] < 0.0; };
  auto vertex_on_edge = [&](int64_t a, int64_t b) {
    if (a > b) std::swap(a, b);
    const uint64_t key = static_cast<uint64_t>(a) * total + static_cast<uint64_t>(b);
    auto it = edge_vertex.find(key);
    if (it != edge_vertex.end()) return it->second;
    const double fa = f[a], fb = f[b];
    const double t = std::clamp(fa / (fa - fb), 0.0, 1.0);
    const int id = static_cast<int>(mesh.vertices.size());
    mesh.vertices.push_back((1 - t) * pos(a) + t * pos(b));
    edge_vertex.emplace(key, id);
    return id;
  };
  auto emit = [&](int va, int vb, int vc, const Vec3& outward) {
    const Vec3& A = mesh.vertices[va];
    const Vec3 nrm = (mesh.vertices[vb] - A).cross(mesh.vertices[vc] - A);
    if (nrm.dot(outward) >= 0) mesh.triangles.emplace_back(va, vb, vc);
    else mesh.triangles.emplace_back(va, vc, vb);
  };

  for (int k = 0; k + 1 < nz; ++k)
    for (int j = 0; j + 1 < ny; ++j)
      for (int i = 0; i + 1 < nx; ++i) {
        int64_t corner[8];
        int n_in = 0;
        for (int c = 0; c < 8; ++c) {
          corner[c] = f.index(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1));
          n_in += inside(corner[c]);
        }
        if (n_in == 0 || n_in == 8) continue;
        for (const auto& tet : kTets) {
          int64_t in[4], out[4];
          int ni = 0, no = 0;
          for (int v = 0; v < 4; ++v) {
            const int64_t s = corner[tet[v]];
            if (inside(s)) in[ni++] = s;
            else out[no++] = s;
          }
          if (ni == 0 || no == 0) continue;
          Vec3 cin = Vec3::Zero(), cout = Vec3::Zero();
          for (int q = 0; q < ni; ++q) cin += pos(in[q]) / ni;
          for (int q = 0; q < no; ++q) cout += pos(out[q]) / no;
          const Vec3 outward = cout - cin;
          if (ni == 1) {
            emit(vertex_on_edge(in[0], out[0]), vertex_on_edge(in[0], out[1]), vertex_on_edge(in[0], out[2]),
                 outward);
          } else if (ni == 3) {
            emit(vertex_on_edge(out[0], in[0]), vertex_on_edge(out[0], in[1]), vertex_on_edge(out[0], in[2]),
                 outward);
          } else {
            const int a = vertex_on_edge(in[0], out[0]), b = vertex_on_edge(in[0], out[1]),
                      c = vertex_on_edge(in[1], out[1]), d = vertex_on_edge(in[1], out[0]);
            emit(a, b, c, outward);
            emit(a, c, d, outward);
          }
        }
      }
  return mesh;
}

TriangleMesh liquid_surface_mesh(const ScalarGrid& phi, const GridGeometry& g) {
  const int nx = phi.nx(), ny = phi.ny(), nz = phi.nz();
  ScalarGrid padded(nx + 2, ny + 2, nz + 2, 0.0);
  const double eps = 1e-6 * g.dx;
  for (int k = 0; k < nz + 2; ++k)
    for (int j = 0; j < ny + 2; ++j)
      for (int i = 0; i < nx + 2; ++i) {
        const int ci = std::clamp(i - 1, 0, nx - 1), cj = std::clamp(j - 1, 0, ny - 1), ck = std::clamp(k - 1, 0, nz - 1);
        const double inner = phi(ci, cj, ck);
        const bool pad = (i == 0 || j == 0 || k == 0 || i == nx + 1 || j == ny + 1 || k == nz + 1);
        // Pad value -inner puts the zero crossing on the wall, halfway between the samples.
        padded(i, j, k) = pad ? std::max(-inner, eps) : inner;
      }
  return marching_tetrahedra(padded, g.origin, g.dx, Vec3(-0.5, -0.5, -0.5));
}

}  // namespace ripple
