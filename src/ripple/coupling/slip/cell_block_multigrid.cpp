#include "ripple/coupling/slip/cell_block_multigrid.hpp"

#include <algorithm>

#include "ripple/core/parallel.hpp"

namespace ripple {

CellBlockMultigrid::CellBlockMultigrid(const GridGeometry& g, const Array3<int32_t>& row, const OccludedFaces& occ,
                                       const WallSides& walls, const SparseMatrix& matrix, int64_t rows, double density,
                                       const std::array<Array3<uint8_t>, 3>* held, const PeriodicAxes& periodic)
    : row_(row) {
  // The same liquid (phi < 0 exactly on the rows' cells) with the occluded faces closed.
  LiquidState liquid;
  liquid.grid = g;
  liquid.velocity.resize(g);
  liquid.phi = ScalarGrid(g.n, 1.0);
  for (int64_t c = 0; c < row.size(); ++c)
    if (row.data()[c] >= 0) liquid.phi.data()[c] = -1.0;
  boundary_.node_phi = ScalarGrid(g.node_dims(), 1e30);
  boundary_.velocity.resize(g);
  const ObstacleField none({}, g.dx);
  update_face_fractions(boundary_, g, walls, none, 0.0);
  for (const OccludedFace& f : occ.faces) boundary_.face_open[f.axis](f.face.x(), f.face.y(), f.face.z()) = 0.0;
  boundary_.has_obstacles = !occ.faces.empty();
  if (held)
    for (int a = 0; a < 3; ++a)
      for (int64_t i = 0; i < (*held)[a].size(); ++i)
        if ((*held)[a].data()[i]) {
          boundary_.face_open[a].data()[i] = 0.0;
          boundary_.has_obstacles = true;
        }
  ProjectionParams params;
  params.dt = 1.0;
  params.density = density;
  params.periodic = periodic;
  assemble_pressure_system(system_, liquid, boundary_, nullptr, params);
  // Row numbering against the compact layout, and the scale from the diagonals' ratio (median).
  compact_.assign(rows, -1);
  inverse_diagonal_ = matrix.diagonal().head(rows).cwiseInverse();
  std::vector<double> ratio;
  for (int64_t c = 0; c < row.size(); ++c) {
    const int32_t r = row.data()[c];
    if (r < 0 || !system_.A.active[c]) continue;
    compact_[r] = system_.A.layout.grid_to_compact[c];
    ratio.push_back(matrix.coeff(r, r) / system_.A.diag[c]);
  }
  if (!ratio.empty()) {
    std::nth_element(ratio.begin(), ratio.begin() + ratio.size() / 2, ratio.end());
    scale_ = ratio[ratio.size() / 2];
  }
  // The fine level takes the multiplier matrix's own 7-point entries (in the Poisson matrix's
  // units): next to a surface they differ from the Poisson matrix's (a side sample adds to the
  // diagonal, a cut face weighs by its mass), and the V-cycle's smoother should see them.
  // Column r of the (symmetric) matrix is row r: its entries to the cells' rows along +x, +y, +z.
  std::vector<int64_t> cell_of_row(static_cast<size_t>(rows), -1);
  for (int64_t c = 0; c < row.size(); ++c)
    if (row.data()[c] >= 0) cell_of_row[static_cast<size_t>(row.data()[c])] = c;
  parallel_for(0, rows, [&](int64_t r) {
    const int64_t c = cell_of_row[static_cast<size_t>(r)];
    if (c < 0 || !system_.A.active[c]) return;
    for (SparseMatrix::InnerIterator it(matrix, r); it; ++it) {
      const int64_t r2 = it.row();
      if (r2 == r) {
        system_.A.diag[c] = it.value() / scale_;
        continue;
      }
      if (r2 >= rows) continue;
      const int64_t c2 = cell_of_row[static_cast<size_t>(r2)];
      for (int a = 0; a < 3; ++a)
        if (c2 == c + system_.A.stride[a] && system_.A.off[a][c] != 0.0) system_.A.off[a][c] = it.value() / scale_;
    }
  }, 1024);
  // The V-cycle adds its seam couplings to the finest diagonal, which the matrix's already holds.
  if (system_.periodic) {
    std::vector<int64_t> cell_of(static_cast<size_t>(system_.A.layout.size), -1);
    for (int64_t c = 0; c < system_.A.cells(); ++c)
      if (system_.A.active[c]) cell_of[static_cast<size_t>(system_.A.layout.grid_to_compact[c])] = c;
    for (const auto& axis : system_.periodic->pairs())
      for (const PeriodicCoupling::Pair& p : axis) {
        system_.A.diag[cell_of[static_cast<size_t>(p.i)]] -= p.k;
        system_.A.diag[cell_of[static_cast<size_t>(p.j)]] -= p.k;
      }
  }
  multigrid_ = std::make_unique<MultigridPreconditioner>(system_.A, system_.mg);
}

void CellBlockMultigrid::apply(const VectorX& r, VectorX& z) {
  r_pad_.assign(static_cast<size_t>(system_.A.layout.padded), 0.0);
  z_pad_.assign(r_pad_.size(), 0.0);  // its pad must stay zero
  for (Eigen::Index i = 0; i < r.size(); ++i)
    if (compact_[i] >= 0) r_pad_[compact_[i]] = r[i];
  multigrid_->apply(r_pad_, z_pad_);
  z.resize(r.size());
  for (Eigen::Index i = 0; i < r.size(); ++i)
    z[i] = compact_[i] >= 0 ? z_pad_[compact_[i]] / scale_ : r[i] * inverse_diagonal_[i];
}

}  // namespace ripple
