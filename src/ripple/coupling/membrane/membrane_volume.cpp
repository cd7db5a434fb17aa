#include "ripple/coupling/membrane/membrane_volume.hpp"

#include <algorithm>

namespace ripple {

double restore_membrane_volume(LiquidMembrane& m, double target, double largest) {
  double moved = 0.0;
  for (int round = 0; round < 2; ++round) {  // the second removes the first's curvature error
    std::vector<Vec3> grad(m.size(), Vec3::Zero());  // dV/dx_i = sum_t A_t n_t / 3
    for (const Eigen::Vector3i& t : m.triangles) {
      const Vec3 an = 0.5 * (m.x[static_cast<size_t>(t[1])] - m.x[static_cast<size_t>(t[0])])
                                .cross(m.x[static_cast<size_t>(t[2])] - m.x[static_cast<size_t>(t[0])]);
      for (int c = 0; c < 3; ++c) grad[static_cast<size_t>(t[c])] += an / 3.0;
    }
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
