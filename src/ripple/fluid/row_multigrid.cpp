#include "ripple/fluid/row_multigrid.hpp"

#include "ripple/core/parallel.hpp"

namespace ripple {

RowMultigrid::RowMultigrid(const GridGeometry& g, const Array3<int32_t>& row, std::array<ScalarGrid, 3> face_open,
                           double density, double units, const SparseMatrix* matrix,
                           const std::vector<int64_t>& cell_of_row, const VectorX& diagonal,
                           const PeriodicAxes& periodic)
    : row_(row), face_open_(std::move(face_open)), units_(units) {
  const double poisson_scale = 1.0 / (density * g.dx * g.dx);  // per unit open fraction (dt = 1)
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

  // The fine level: the Poisson matrix over the fractions, where a given matrix has its own
  // 7-point entries (next to a surface they differ: a side sample adds to the diagonal, a cut
  // face weighs by its mass) those. Column r of the (symmetric) matrix is row r.
  const int64_t rows = static_cast<int64_t>(cell_of_row.size());
  compact_.assign(static_cast<size_t>(rows), -1);
  inverse_diagonal_ = diagonal.head(rows).cwiseInverse();
  parallel_for(0, rows, [&](int64_t r) {
    const int64_t c = cell_of_row[static_cast<size_t>(r)];
    if (!A.active[c]) return;
    compact_[static_cast<size_t>(r)] = A.layout.grid_to_compact[c];
    const Vec3i I = row.coords(c);
    double diag = 0.0;
    for (int a = 0; a < 3; ++a) {
      Vec3i hi = I;
      hi[a] += 1;
      diag += (face_open_[a](I.x(), I.y(), I.z()) + face_open_[a](hi.x(), hi.y(), hi.z())) * poisson_scale;
      if (I[a] + 1 < g.n[a] && A.active[c + A.stride[a]])
        A.off[a][c] = -face_open_[a](hi.x(), hi.y(), hi.z()) * poisson_scale;
    }
    // Without a matrix its given diagonal (which holds what the fractions do not: a free
    // surface's ghost-fluid weight, coupled bodies).
    A.diag[c] = matrix ? diag : diagonal[r] / units_;
    if (!matrix) return;
    for (SparseMatrix::InnerIterator it(*matrix, r); it; ++it) {
      const int64_t r2 = it.row();
      if (r2 == r) {
        A.diag[c] = it.value() / units_;
        continue;
      }
      if (r2 >= rows) continue;
      const int64_t c2 = cell_of_row[static_cast<size_t>(r2)];
      for (int a = 0; a < 3; ++a)
        if (c2 == c + A.stride[a] && A.off[a][c] != 0.0) A.off[a][c] = it.value() / units_;
    }
  }, 1024);
  // The V-cycle adds its seam couplings to the finest diagonal, which already holds the seam faces.
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

void RowMultigrid::apply(const VectorX& r, VectorX& z) {
  r_pad_.assign(static_cast<size_t>(system_.A.layout.padded), 0.0);
  z_pad_.assign(r_pad_.size(), 0.0);  // its pad must stay zero
  parallel_for(0, r.size(), [&](int64_t i) {
    if (compact_[i] >= 0) r_pad_[compact_[i]] = r[i];
  }, 8192);
  multigrid_->apply(r_pad_, z_pad_);
  z.resize(r.size());
  parallel_for(0, r.size(), [&](int64_t i) {
    z[i] = compact_[i] >= 0 ? z_pad_[compact_[i]] / units_ : r[i] * inverse_diagonal_[i];
  }, 8192);
}

}  // namespace ripple
