#include "ripple/coupling/cutcell/cut_cell_boundary.hpp"

#include <algorithm>
#include <limits>

#include "ripple/core/parallel.hpp"
#include "ripple/contact/mesh_signed_distance.hpp"

namespace ripple {
namespace {

std::vector<Vec3> vertex_positions(const SolidModel& m, const VectorX& z) {
  const VectorX x = m.positions(z);
  std::vector<Vec3> out(m.num_vertices);
  for (int v = 0; v < m.num_vertices; ++v) out[v] = x.segment<3>(3 * v);
  return out;
}

}  // namespace

void update_cut_cell_boundary(World& w, CutCellCouplingState& cc, double t) {
  const Scene& s = w.scene;
  const GridGeometry& g = s.grid;
  SolidBoundary& sb = w.solids;
  sample_obstacle_phi(sb, s.grid, w.obstacles, t);
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
  update_face_fractions(sb, s.grid, wall_sides(s), w.obstacles, t, 0.99);
}

namespace {

/// The coupled bodies' velocity at a point from the nearest cut piece's centroid (Eq. 12) among
/// the cells around it.
class PieceVelocity {
 public:
  PieceVelocity(const World& w, const CutCellCouplingState& cc, const VectorX& q) : w_(w), q_(q), g_(w.scene.grid), cc_(cc) {
    const int64_t cells = g_.cell_count();
    first_.assign(static_cast<size_t>(cells) + 1, 0);
    for (const SurfacePiece& p : cc_.pieces) ++first_[p.cell + 1];
    for (int64_t c = 0; c < cells; ++c) first_[c + 1] += first_[c];
  }
  int64_t pieces_in(int64_t cell) const { return first_[cell + 1] - first_[cell]; }
  /// False when no piece lies within max_distance of x among the cells lo..hi.
  bool at(const Vec3& x, Vec3i lo, Vec3i hi, double max_distance, Vec3& v) const {
    lo = lo.cwiseMax(0);
    hi = hi.cwiseMin(g_.n - Vec3i::Ones());
    double best = max_distance * max_distance;
    int64_t nearest = -1;
    for (int k = lo.z(); k <= hi.z(); ++k)
      for (int j = lo.y(); j <= hi.y(); ++j)
        for (int i = lo.x(); i <= hi.x(); ++i) {
          const int64_t c = i + static_cast<int64_t>(g_.n.x()) * (j + static_cast<int64_t>(g_.n.y()) * k);
          for (int64_t pi = first_[c]; pi < first_[c + 1]; ++pi) {
            const double d = (cc_.pieces[pi].centroid - x).squaredNorm();
            if (d <= best) { best = d; nearest = pi; }
          }
        }
    if (nearest < 0) return false;
    const SurfacePiece& p = cc_.pieces[nearest];
    const auto& t = cc_.solids.surface[p.triangle];
    v = Vec3::Zero();
    for (int k = 0; k < 3; ++k)
      v += p.barycentric[k] * vertex_velocity(cc_.solids, w_.lagrangian->model, w_.lagrangian->state.z, q_, t[k]);
    return true;
  }

 private:
  const World& w_;
  const VectorX& q_;
  const GridGeometry& g_;
  const CutCellCouplingState& cc_;
  std::vector<int64_t> first_;
};

}  // namespace

void set_body_face_velocities(World& w, const CutCellCouplingState& cc, const VectorX& q,
                              std::array<Array3<uint8_t>, 3>& unset) {
  const GridGeometry& g = w.scene.grid;
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    unset[a].resize(fd.x(), fd.y(), fd.z(), 0);
    std::fill(unset[a].data().begin(), unset[a].data().end(), uint8_t(0));
  }
  if (cc.pieces.empty() || !w.lagrangian) return;
  const PieceVelocity velocity(w, cc, q);
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
      // The nearest piece centroid among the cells around the face (two along its axis).
      Vec3i lo = f - Vec3i::Ones(), hi = f + Vec3i::Ones();
      lo[a] = f[a] - 2;
      Vec3 v;
      if (!velocity.at(g.face_center(a, f.x(), f.y(), f.z()), lo, hi, g.dx, v)) {
        unset[a][idx] = 1;
        return;
      }
      u[idx] = v[a];
    });
  }
}

int64_t impose_no_slip(World& w, const CutCellCouplingState& cc, const VectorX& q) {
  const GridGeometry& g = w.scene.grid;
  if (cc.pieces.empty() || !w.lagrangian) return 0;
  const PieceVelocity velocity(w, cc, q);
  int64_t set = 0;
  for (int a = 0; a < 3; ++a) {
    ScalarGrid& u = w.liquid.velocity.u[a];
    set += static_cast<int64_t>(parallel_sum(0, u.size(), [&](int64_t idx) {
      const Vec3i f = u.coords(idx);
      Vec3i below = f;
      below[a] -= 1;
      auto cut = [&](const Vec3i& c) {
        return c[a] >= 0 && c[a] < g.n[a] && velocity.pieces_in(c.x() + static_cast<int64_t>(g.n.x()) *
                                                                            (c.y() + static_cast<int64_t>(g.n.y()) * c.z())) > 0;
      };
      if (!cut(f) && !cut(below)) return 0.0;
      Vec3i lo = f - Vec3i::Ones(), hi = f + Vec3i::Ones();
      lo[a] = f[a] - 2;
      Vec3 v;
      if (!velocity.at(g.face_center(a, f.x(), f.y(), f.z()), lo, hi, 2.0 * g.dx, v)) return 0.0;
      u[idx] = v[a];
      return 1.0;
    }));
  }
  return set;
}

}  // namespace ripple
