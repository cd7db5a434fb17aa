#include "ripple/coupling/slip/cell_block_multigrid.hpp"

#include <algorithm>

#include "ripple/core/parallel.hpp"

namespace ripple {

CellBlockMultigrid::CellBlockMultigrid(const GridGeometry& g, const Array3<int32_t>& row, const OccludedFaces& occ,
                                       const WallSides& walls, const SparseMatrix& matrix,
                                       const std::vector<int64_t>& cell_of_row, double density,
                                       const std::array<Array3<uint8_t>, 3>* held, const PeriodicAxes& periodic)
    : row_(row) {
  // The Poisson matrix of the same liquid with the occluded faces, the held faces and the
  // closed domain sides shut: open fractions 1 elsewhere, which the coarse levels rediscretise.
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    face_open_[a].resize(fd.x(), fd.y(), fd.z(), 1.0);
    ScalarGrid& open = face_open_[a];
    parallel_for(0, open.size(), [&](int64_t i) {
      const int fa = open.coords(i)[a];
      const bool wall = (fa == 0 && walls[2 * a]) || (fa == g.n[a] && walls[2 * a + 1]);
      open[i] = wall || (held && (*held)[a].data()[i]) ? 0.0 : 1.0;
    });
  }
  for (const OccludedFace& f : occ.faces) face_open_[f.axis](f.face.x(), f.face.y(), f.face.z()) = 0.0;
  // Its coefficient per unit open fraction (dt = 1), and the multiplier rows' units over it:
  // an interior row holds 6 dx^4 / (rho dx^3), the Poisson matrix 6 / (rho dx^2).
  const double poisson_scale = 1.0 / (density * g.dx * g.dx);
  scale_ = g.dx * g.dx * g.dx;

  PoissonSystem& A = system_.A;
  A.resize(g.n);
  system_.mg.labels.resize(g.n.x(), g.n.y(), g.n.z(), 0);
  system_.mg.face_open = &face_open_;
  system_.mg.scale = poisson_scale;
  parallel_for(0, A.cells(), [&](int64_t c) {
    const Vec3i I = row.coords(c);
    bool closed = true;
    for (int a = 0; a < 3 && closed; ++a) {
      Vec3i hi = I;
      hi[a] += 1;
      closed = face_open_[a](I.x(), I.y(), I.z()) <= 0.0 && face_open_[a](hi.x(), hi.y(), hi.z()) <= 0.0;
    }
    const bool liquid = row.data()[c] >= 0 && !closed;
    A.active[c] = liquid;
    system_.mg.labels[c] = static_cast<uint8_t>(liquid ? CellLabel::Liquid : closed ? CellLabel::Solid : CellLabel::Air);
  }, 4096);
  A.build_layout();
  attach_periodic_coupling(system_, face_open_, periodic, poisson_scale);

  // The fine level holds the multiplier matrix's own 7-point entries (in the Poisson matrix's
  // units): next to a surface they differ from the Poisson matrix's (a side sample adds to the
  // diagonal, a cut face weighs by its mass), and the V-cycle's smoother should see them. Column
  // r of the (symmetric) matrix is row r: its entries to the cells' rows along +x, +y, +z.
  const int64_t rows = static_cast<int64_t>(cell_of_row.size());
  compact_.assign(static_cast<size_t>(rows), -1);
  inverse_diagonal_ = matrix.diagonal().head(rows).cwiseInverse();
  parallel_for(0, rows, [&](int64_t r) {
    const int64_t c = cell_of_row[static_cast<size_t>(r)];
    if (!A.active[c]) return;
    compact_[static_cast<size_t>(r)] = A.layout.grid_to_compact[c];
    const Vec3i I = row.coords(c);
    for (int a = 0; a < 3; ++a) {  // the Poisson matrix's coupling, where the matrix has none
      Vec3i hi = I;
      hi[a] += 1;
      if (I[a] + 1 < g.n[a] && A.active[c + A.stride[a]])
        A.off[a][c] = -face_open_[a](hi.x(), hi.y(), hi.z()) * poisson_scale;
    }
    for (SparseMatrix::InnerIterator it(matrix, r); it; ++it) {
      const int64_t r2 = it.row();
      if (r2 == r) {
        A.diag[c] = it.value() / scale_;
        continue;
      }
      if (r2 >= rows) continue;
      const int64_t c2 = cell_of_row[static_cast<size_t>(r2)];
      for (int a = 0; a < 3; ++a)
        if (c2 == c + A.stride[a] && A.off[a][c] != 0.0) A.off[a][c] = it.value() / scale_;
    }
  }, 1024);
  // The V-cycle adds its seam couplings to the finest diagonal, which the matrix's already holds.
  if (system_.periodic) {
    std::vector<int64_t> cell_of(static_cast<size_t>(A.layout.size), -1);
    for (int64_t c = 0; c < A.cells(); ++c)
      if (A.active[c]) cell_of[static_cast<size_t>(A.layout.grid_to_compact[c])] = c;
    for (const auto& axis : system_.periodic->pairs())
      for (const PeriodicCoupling::Pair& p : axis) {
        A.diag[cell_of[static_cast<size_t>(p.i)]] -= p.k;
        A.diag[cell_of[static_cast<size_t>(p.j)]] -= p.k;
      }
  }
  multigrid_ = std::make_unique<MultigridPreconditioner>(A, system_.mg);
}

void CellBlockMultigrid::apply(const VectorX& r, VectorX& z) {
  r_pad_.assign(static_cast<size_t>(system_.A.layout.padded), 0.0);
  z_pad_.assign(r_pad_.size(), 0.0);  // its pad must stay zero
  parallel_for(0, r.size(), [&](int64_t i) {
    if (compact_[i] >= 0) r_pad_[compact_[i]] = r[i];
  }, 8192);
  multigrid_->apply(r_pad_, z_pad_);
  z.resize(r.size());
  parallel_for(0, r.size(), [&](int64_t i) {
    z[i] = compact_[i] >= 0 ? z_pad_[compact_[i]] / scale_ : r[i] * inverse_diagonal_[i];
  }, 8192);
}

}  // namespace ripple
