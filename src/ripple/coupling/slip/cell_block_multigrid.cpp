#include "ripple/coupling/slip/cell_block_multigrid.hpp"

#include "ripple/core/parallel.hpp"

namespace ripple {

CellBlockMultigrid::CellBlockMultigrid(const GridGeometry& g, const Array3<int32_t>& row, const OccludedFaces& occ,
                                       const WallSides& walls, const SparseMatrix& matrix,
                                       const std::vector<int64_t>& cell_of_row, double density,
                                       const std::array<Array3<uint8_t>, 3>* held, const PeriodicAxes& periodic) {
  // The Poisson matrix of the same liquid with the occluded faces, the held faces and the
  // closed domain sides shut: open fractions 1 elsewhere, which the coarse levels rediscretise.
  std::array<ScalarGrid, 3> face_open;
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    face_open[a].resize(fd.x(), fd.y(), fd.z(), 1.0);
    ScalarGrid& open = face_open[a];
    parallel_for(0, open.size(), [&](int64_t i) {
      const int fa = open.coords(i)[a];
      const bool wall = (fa == 0 && walls[2 * a]) || (fa == g.n[a] && walls[2 * a + 1]);
      open[i] = wall || (held && (*held)[a].data()[i]) ? 0.0 : 1.0;
    });
  }
  for (const OccludedFace& f : occ.faces) face_open[f.axis](f.face.x(), f.face.y(), f.face.z()) = 0.0;
  // The multiplier rows' units over the Poisson matrix's: an interior row holds
  // 6 dx^4 / (rho dx^3), the Poisson matrix 6 / (rho dx^2).
  multigrid_ = std::make_unique<RowMultigrid>(g, row, std::move(face_open), density, g.dx * g.dx * g.dx, &matrix,
                                              cell_of_row, matrix.diagonal(), periodic);
}

}  // namespace ripple
