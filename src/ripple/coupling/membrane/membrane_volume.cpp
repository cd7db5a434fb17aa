#include "ripple/coupling/membrane/membrane_volume.hpp"

#include <algorithm>

namespace ripple {

double restore_membrane_volume(LiquidMembrane& m, double target, double largest) {
  double moved = 0.0;
  for (int round = 0; round < 2; ++round) {  // the second removes the first's curvature error
    std::vector<Vec3> grad = area_normals(m);  // dV/dx_i = sum_t A_t n_t / 3
    for (Vec3& g : grad) g /= 3.0;
    double rate = 0.0;
    for (size_t i = 0; i < m.size(); ++i)
      if (m.free(i)) rate += grad[i].norm();
    if (!(rate > 0.0)) return moved;
    const double delta = std::clamp((target - m.mesh().signed_volume()) / rate, -largest - moved, largest - moved);
    for (size_t i = 0; i < m.size(); ++i)
      if (m.free(i) && grad[i].norm() > 0.0) m.x[i] += delta * grad[i].normalized();
    moved += delta;
  }
  return moved;
}

}  // namespace ripple
