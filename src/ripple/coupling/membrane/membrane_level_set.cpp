#include "ripple/coupling/membrane/membrane_level_set.hpp"

#include "ripple/contact/mesh_signed_distance.hpp"

namespace ripple {

void level_set_from_membrane(const LiquidMembrane& m, const GridGeometry& g, ScalarGrid& phi) {
  const double band = 3.0 * g.dx;
  phi = ScalarGrid(g.n, band);
  std::vector<std::array<int, 3>> tris(m.triangles.size());
  for (size_t t = 0; t < m.triangles.size(); ++t) tris[t] = {m.triangles[t][0], m.triangles[t][1], m.triangles[t][2]};
  Lattice lattice;
  lattice.origin = g.cell_center(0, 0, 0);
  lattice.h = g.dx;
  min_with_mesh_signed_distance(m.x, tris, lattice, band, phi);
}

}  // namespace ripple
