#pragma once
// Face-centred (MAC) velocity field: u[a] holds the a-component on faces normal to axis a (m/s).
#include <array>

#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"
#include "ripple/grid/interpolation.hpp"

namespace ripple {

struct MacVelocity {
  std::array<ScalarGrid, 3> u;

  void resize(const GridGeometry& g) {
    for (int a = 0; a < 3; ++a) u[a] = ScalarGrid(g.face_dims(a), 0.0);
  }
  Vec3 sample(const GridGeometry& g, const Vec3& p) const {
    return {ripple::sample(u[0], g, face_sample_offset(0), p), ripple::sample(u[1], g, face_sample_offset(1), p),
            ripple::sample(u[2], g, face_sample_offset(2), p)};
  }
  double max_abs() const {
    double m = 0.0;
    for (const auto& c : u)
      for (double v : c.data()) m = std::max(m, std::abs(v));
    return m;
  }
};

}  // namespace ripple
