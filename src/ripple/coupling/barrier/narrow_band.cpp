#include "ripple/coupling/barrier/narrow_band.hpp"

#include <cmath>

#include "ripple/coupling/barrier/smoothed_heaviside.hpp"
#include "ripple/grid/connected_components.hpp"
#include "ripple/grid/level_set_volume.hpp"

namespace ripple {

NarrowBand select_narrow_band(const GridGeometry& grid, const Array3<double>& phi, double eps, double sharpness,
                              int first_dof) {
  NarrowBand nb;
  nb.first_dof = first_dof;
  nb.level_set.grid = grid;
  nb.level_set.phi = phi;
  nb.level_set.dof.resize(phi.nx(), phi.ny(), phi.nz(), -1);
  // A cell next to a sign change lies within one cell of the surface, so within the band,
  // whatever its value: the optimisation leaves phi a non-distance cliff under a resting solid
  // (air cells are cheap to raise, Eq. 13) that the contact-keeping redistance preserves, and
  // |phi*| < eps alone would leave a vertex between +3.7 dx and -3.3 dx with no unknown.
  auto crosses = [&](int i, int j, int k) {
    const bool inside = phi(i, j, k) < 0.0;
    for (int a = 0; a < 3; ++a)
      for (int s : {-1, 1}) {
        Vec3i q(i, j, k);
        q[a] += s;
        if (phi.in_range(q.x(), q.y(), q.z()) && (phi(q.x(), q.y(), q.z()) < 0.0) != inside) return true;
      }
    return false;
  };
  auto in_band = [&](int i, int j, int k) { return std::abs(phi(i, j, k)) < eps || crosses(i, j, k); };
  auto in_component = [&](int i, int j, int k) { return phi(i, j, k) < eps || crosses(i, j, k); };
  // Components: cells with phi* < eps (liquid and its band), face-connected.
  std::vector<uint8_t> inside(static_cast<size_t>(phi.size()));
  for (int64_t i = 0; i < phi.size(); ++i) {
    const Vec3i c = phi.coords(i);
    inside[static_cast<size_t>(i)] = in_component(c.x(), c.y(), c.z());
  }
  CellComponents labelled = label_components(phi.dims(), inside);
  Array3<int>& label = labelled.label;
  const int components = labelled.count;
  nb.components.resize(components);
  nb.volumes.assign(components, 0.0);
  const double vc = grid.dx * grid.dx * grid.dx;
  std::vector<double> predicted;
  for (int64_t i = 0; i < phi.size(); ++i) {  // x fastest: a deterministic numbering
    const Vec3i c = phi.coords(i);
    const int l = label(c.x(), c.y(), c.z());
    if (l < 0) continue;
    const double p = phi(c.x(), c.y(), c.z());
    const double v = smoothed_heaviside(p, sharpness).value * vc;
    nb.volumes[l] += v;
    if (in_band(c.x(), c.y(), c.z())) {
      const int dof = first_dof + static_cast<int>(predicted.size());
      nb.level_set.dof(c.x(), c.y(), c.z()) = dof;
      nb.components[l].dofs.push_back(dof);
      predicted.push_back(p);
    } else {
      nb.components[l].fixed_volume += v;
    }
  }
  nb.sharp_volumes = liquid_volumes_by_label(phi, grid, label, components);
  nb.count = static_cast<int>(predicted.size());
  nb.label = std::move(label);
  nb.predicted = Eigen::Map<const VectorX>(predicted.data(), nb.count);
  return nb;
}

}  // namespace ripple
