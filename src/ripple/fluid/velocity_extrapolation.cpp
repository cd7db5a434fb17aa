#include "ripple/fluid/velocity_extrapolation.hpp"

#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

constexpr int kOff[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

template <class F>
void for_each_neighbour(const ScalarGrid& u, int64_t idx, F&& f) {
  const Vec3i c = u.coords(idx);
  for (const auto& o : kOff) {
    const int i = c.x() + o[0], j = c.y() + o[1], k = c.z() + o[2];
    if (u.in_range(i, j, k)) f(u.index(i, j, k));
  }
}

}  // namespace

// Works on a frontier: one full scan finds the unknown faces next to known ones; each later
// layer visits only the unknown neighbours of the faces the previous layer filled. Values of
// a layer read only faces known before it, so the result does not depend on visiting order.
void extrapolate_velocity(MacVelocity& velocity, FaceFlags& valid, int layers) {
  for (int a = 0; a < 3; ++a) {
    ScalarGrid& u = velocity.u[a];
    Array3<uint8_t>& ok = valid[a];  // 0 unknown, 1 known, 2 queued in the frontier
    constexpr int64_t kBlock = 1 << 14;
    std::vector<std::vector<int64_t>> found(static_cast<size_t>((u.size() + kBlock - 1) / kBlock));
    parallel_blocks(0, u.size(), kBlock, [&](int64_t lo, int64_t hi) {
      auto& out = found[static_cast<size_t>(lo / kBlock)];
      for (int64_t idx = lo; idx < hi; ++idx) {
        if (ok[idx]) continue;
        bool near_known = false;
        for_each_neighbour(u, idx, [&](int64_t nb) { near_known |= ok[nb] == 1; });
        if (near_known) out.push_back(idx);
      }
    });
    std::vector<int64_t> frontier;
    for (const auto& f : found) frontier.insert(frontier.end(), f.begin(), f.end());
    std::vector<double> values;
    for (int layer = 0; layer < layers && !frontier.empty(); ++layer) {
      values.assign(frontier.size(), 0.0);
      parallel_for(0, static_cast<int64_t>(frontier.size()), [&](int64_t q) {
        double sum = 0.0;
        int count = 0;
        for_each_neighbour(u, frontier[q], [&](int64_t nb) {
          if (ok[nb] == 1) { sum += u[nb]; ++count; }
        });
        values[q] = sum / count;  // every frontier face has a known neighbour
      });
      for (size_t q = 0; q < frontier.size(); ++q) {
        u[frontier[q]] = values[q];
        ok[frontier[q]] = 1;
      }
      std::vector<int64_t> next;
      for (int64_t idx : frontier)
        for_each_neighbour(u, idx, [&](int64_t nb) {
          if (ok[nb] == 0) { ok[nb] = 2; next.push_back(nb); }
        });
      frontier.swap(next);
    }
    for (int64_t idx : frontier) ok[idx] = 0;
    // Faces still unknown (far from any liquid) get zero.
    parallel_for(0, u.size(), [&](int64_t idx) { if (!ok[idx]) u[idx] = 0.0; });
  }
}

}  // namespace ripple
