#include "ripple/fluid/velocity_extrapolation.hpp"

#include "ripple/core/parallel.hpp"

namespace ripple {

void extrapolate_velocity(MacVelocity& velocity, FaceFlags& valid, int layers) {
  for (int a = 0; a < 3; ++a) {
    ScalarGrid& u = velocity.u[a];
    Array3<uint8_t>& ok = valid[a];
    for (int layer = 0; layer < layers; ++layer) {
      Array3<uint8_t> next = ok;
      ScalarGrid next_u = u;
      bool changed = false;
      parallel_for(0, u.size(), [&](int64_t idx) {
        if (ok[idx]) return;
        const Vec3i f = u.coords(idx);
        double sum = 0.0;
        int count = 0;
        constexpr int off[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        for (const auto& o : off) {
          const int i = f.x() + o[0], j = f.y() + o[1], k = f.z() + o[2];
          if (!u.in_range(i, j, k)) continue;
          const int64_t nb = u.index(i, j, k);
          if (ok[nb]) { sum += u[nb]; ++count; }
        }
        if (count) {
          next_u[idx] = sum / count;
          next[idx] = 1;
        }
      });
      for (int64_t i = 0; i < u.size(); ++i)
        if (next[i] != ok[i]) { changed = true; break; }
      u = std::move(next_u);
      ok = std::move(next);
      if (!changed) break;
    }
    // Faces still unknown (far from any liquid) get zero.
    for (int64_t i = 0; i < u.size(); ++i)
      if (!ok[i]) u[i] = 0.0;
  }
}

}  // namespace ripple
