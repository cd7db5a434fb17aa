#include "ripple/grid/marching_tetrahedra.hpp"

#include <algorithm>
#include <unordered_map>

namespace ripple {

TriangleMesh marching_tetrahedra(const ScalarGrid& f, const SamplePositions& x, bool cap_boundary) {
  TriangleMesh mesh;
  const int nx = f.nx(), ny = f.ny(), nz = f.nz();
  const uint64_t total = static_cast<uint64_t>(f.size());
  std::unordered_map<uint64_t, int> edge_vertex;
  auto pos = [&](int64_t idx) {
    const Vec3i c = f.coords(idx);
    return Vec3(x[0][c.x()], x[1][c.y()], x[2][c.z()]);
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
        for (const auto& tet : kKuhnTets) {
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
  if (cap_boundary) {
    // Caps on the six outer faces of the sample lattice: marching triangles over each face,
    // split along the same diagonal (lowest to highest corner) as the Kuhn tets, so the cap
    // shares its edge vertices with the surface above and the mesh stays watertight.
    std::unordered_map<int64_t, int> sample_vertex;
    auto vertex_at_sample = [&](int64_t s) {
      auto it = sample_vertex.find(s);
      if (it != sample_vertex.end()) return it->second;
      const int id = static_cast<int>(mesh.vertices.size());
      mesh.vertices.push_back(pos(s));
      sample_vertex.emplace(s, id);
      return id;
    };
    const int dims[3] = {nx, ny, nz};
    for (int a = 0; a < 3; ++a)
      for (int side = 0; side < 2; ++side) {
        const int b1 = (a + 1) % 3, b2 = (a + 2) % 3;
        Vec3 outward = Vec3::Zero();
        outward[a] = side ? 1.0 : -1.0;
        for (int q2 = 0; q2 + 1 < dims[b2]; ++q2)
          for (int q1 = 0; q1 + 1 < dims[b1]; ++q1) {
            auto at = [&](int d1, int d2) {
              Vec3i c;
              c[a] = side ? dims[a] - 1 : 0;
              c[b1] = q1 + d1;
              c[b2] = q2 + d2;
              return f.index(c.x(), c.y(), c.z());
            };
            const int64_t s00 = at(0, 0), s10 = at(1, 0), s01 = at(0, 1), s11 = at(1, 1);
            for (const auto& tri : {std::array<int64_t, 3>{s00, s10, s11}, std::array<int64_t, 3>{s00, s11, s01}}) {
              int64_t in[3], out[3];
              int ni = 0, no = 0;
              for (int64_t v : tri) (inside(v) ? in[ni++] : out[no++]) = v;
              if (ni == 0) continue;
              if (ni == 3) emit(vertex_at_sample(tri[0]), vertex_at_sample(tri[1]), vertex_at_sample(tri[2]), outward);
              else if (ni == 1)
                emit(vertex_at_sample(in[0]), vertex_on_edge(in[0], out[0]), vertex_on_edge(in[0], out[1]), outward);
              else {
                const int a0 = vertex_at_sample(in[0]), a1 = vertex_at_sample(in[1]);
                const int e0 = vertex_on_edge(in[0], out[0]), e1 = vertex_on_edge(in[1], out[0]);
                emit(a0, a1, e1, outward);
                emit(a0, e1, e0, outward);
              }
            }
          }
      }
  }
  return mesh;
}

TriangleMesh liquid_surface_mesh(const ScalarGrid& phi, const GridGeometry& g) {
  const int nx = phi.nx(), ny = phi.ny(), nz = phi.nz();
  ScalarGrid padded(nx + 2, ny + 2, nz + 2, 0.0);
  for (int k = 0; k < nz + 2; ++k)
    for (int j = 0; j < ny + 2; ++j)
      for (int i = 0; i < nx + 2; ++i) {
        const int ci = std::clamp(i - 1, 0, nx - 1), cj = std::clamp(j - 1, 0, ny - 1), ck = std::clamp(k - 1, 0, nz - 1);
        const double inner = phi(ci, cj, ck);
        // Pad samples sit on the walls and copy the adjacent cell, extending the surface
        // straight to the wall, where a cap closes it.
        padded(i, j, k) = inner;
      }
  SamplePositions x;
  for (int a = 0; a < 3; ++a) {
    const int n = g.n[a];
    x[a].resize(static_cast<size_t>(n + 2));
    x[a][0] = g.origin[a];
    for (int i = 1; i <= n; ++i) x[a][static_cast<size_t>(i)] = g.origin[a] + (i - 0.5) * g.dx;
    x[a][static_cast<size_t>(n + 1)] = g.origin[a] + n * g.dx;
  }
  return marching_tetrahedra(padded, x, true);
}

}  // namespace ripple
