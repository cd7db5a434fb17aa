#include "ripple/coupling/cutcell/cut_cell_boundary.hpp"

#include <algorithm>
#include <limits>

#include "ripple/core/parallel.hpp"
#include "ripple/grid/mesh_signed_distance.hpp"

namespace ripple {
namespace {

std::vector<Vec3> vertex_positions(const SolidModel& m, const VectorX& z) {
  const VectorX x = m.positions(z);
  std::vector<Vec3> out(m.num_vertices);
  for (int v = 0; v < m.num_vertices; ++v) out[v] = x.segment<3>(3 * v);
  return out;
}

}  // namespace

void update_cut_cell_boundary(World& w, double t) {
  const Scene& s = w.scene;
  const GridGeometry& g = s.grid;
  SolidBoundary& sb = w.solids;
  CutCellCouplingState& cc = w.cutcell;
  sample_obstacle_phi(sb, s, w.obstacles, t);
  const Vec3i nd = g.node_dims();
  cc.body_phi.resize(nd.x(), nd.y(), nd.z(), 1e30);
  std::fill(cc.body_phi.data().begin(), cc.body_phi.data().end(), 1e30);
  cc.pieces.clear();
  if (w.lagrangian && !cc.solids.empty()) {
    const std::vector<Vec3> x = vertex_positions(w.lagrangian->model, w.lagrangian->state.z);
    min_with_mesh_signed_distance(x, cc.solids.surface, Lattice{g.origin, g.dx}, 3.0 * g.dx, cc.body_phi);
    parallel_for(0, sb.node_phi.size(), [&](int64_t i) { sb.node_phi[i] = std::min(sb.node_phi[i], cc.body_phi[i]); });
    sb.has_obstacles = true;
    cc.pieces = cut_surface_by_cells(x, cc.solids.surface, g);
  }
  update_face_fractions(sb, s, w.obstacles, t, 0.99);
}

void set_body_face_velocities(World& w, const VectorX& q, std::array<Array3<uint8_t>, 3>& unset) {
  const GridGeometry& g = w.scene.grid;
  const CutCellCouplingState& cc = w.cutcell;
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    unset[a].resize(fd.x(), fd.y(), fd.z(), 0);
    std::fill(unset[a].data().begin(), unset[a].data().end(), uint8_t(0));
  }
  if (cc.pieces.empty() || !w.lagrangian) return;
  const SolidModel& m = w.lagrangian->model;
  const VectorX& z = w.lagrangian->state.z;
  // Pieces by cell (they come sorted by cell): offsets into cc.pieces.
  const int64_t cells = g.cell_count();
  std::vector<int64_t> first(static_cast<size_t>(cells) + 1, 0);
  for (const SurfacePiece& p : cc.pieces) ++first[p.cell + 1];
  for (int64_t c = 0; c < cells; ++c) first[c + 1] += first[c];
  const VectorX x = m.positions(z);
  auto centroid = [&](const SurfacePiece& p) {
    const auto& t = cc.solids.surface[p.triangle];
    Vec3 c = Vec3::Zero();
    for (int k = 0; k < 3; ++k) c += p.barycentric[k] * x.segment<3>(3 * t[k]);
    return c;
  };
  for (int a = 0; a < 3; ++a) {
    const int b1 = (a + 1) % 3, b2 = (a + 2) % 3;
    ScalarGrid& u = w.solids.velocity.u[a];
    const ScalarGrid& open = w.solids.face_open[a];
    parallel_for(0, u.size(), [&](int64_t idx) {
      if (open[idx] >= 1.0) return;
      const Vec3i f = u.coords(idx);
      bool touches = false;
      for (int d1 = 0; d1 < 2 && !touches; ++d1)
        for (int d2 = 0; d2 < 2; ++d2) {
          Vec3i n = f;
          n[b1] += d1;
          n[b2] += d2;
          if (cc.body_phi(n.x(), n.y(), n.z()) < 0.0) { touches = true; break; }
        }
      if (!touches) return;
      // The nearest piece centroid among the cells around the face.
      const Vec3 fc = g.face_center(a, f.x(), f.y(), f.z());
      double best = std::numeric_limits<double>::infinity();
      const SurfacePiece* nearest = nullptr;
      Vec3i lo = f - Vec3i::Ones(), hi = f + Vec3i::Ones();
      lo[a] = f[a] - 2;
      for (int k = std::max(lo.z(), 0); k <= std::min(hi.z(), g.n.z() - 1); ++k)
        for (int j = std::max(lo.y(), 0); j <= std::min(hi.y(), g.n.y() - 1); ++j)
          for (int i = std::max(lo.x(), 0); i <= std::min(hi.x(), g.n.x() - 1); ++i) {
            const int64_t c = i + static_cast<int64_t>(g.n.x()) * (j + static_cast<int64_t>(g.n.y()) * k);
            for (int64_t pi = first[c]; pi < first[c + 1]; ++pi) {
              const double d = (centroid(cc.pieces[pi]) - fc).squaredNorm();
              if (d < best) { best = d; nearest = &cc.pieces[pi]; }
            }
          }
      if (!nearest || best > g.dx * g.dx) {
        unset[a][idx] = 1;
        return;
      }
      const auto& t = cc.solids.surface[nearest->triangle];
      Vec3 v = Vec3::Zero();
      for (int k = 0; k < 3; ++k) v += nearest->barycentric[k] * vertex_velocity(cc.solids, m, z, q, t[k]);
      u[idx] = v[a];
    });
  }
}

}  // namespace ripple
