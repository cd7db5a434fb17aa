#include "ripple/solver/poisson_system.hpp"

#include <cmath>
#include <queue>

namespace ripple {

void PoissonSystem::resize(const Vec3i& dims) {
  n = dims;
  stride[0] = 1;
  stride[1] = n.x();
  stride[2] = static_cast<int64_t>(n.x()) * n.y();
  const size_t c = static_cast<size_t>(cells());
  active.assign(c, 0);
  diag.assign(c, 0.0);
  for (auto& o : off) o.assign(c, 0.0);
  layout.clear();
}

int PoissonSystem::regularize_floating_components() {
  const int64_t nc = cells();
  std::vector<int32_t> comp(static_cast<size_t>(nc), -1);
  int floating = 0;
  std::vector<int64_t> members;
  for (int64_t seed = 0; seed < nc; ++seed) {
    if (!active[seed] || comp[seed] >= 0) continue;
    members.clear();
    std::queue<int64_t> q;
    q.push(seed);
    comp[seed] = 1;
    bool has_dirichlet = false;
    while (!q.empty()) {
      const int64_t c = q.front();
      q.pop();
      members.push_back(c);
      double offsum = 0.0;
      for (int a = 0; a < 3; ++a) {
        const int64_t st = stride[a];
        if (c + st < nc) {
          offsum += std::abs(off[a][c]);
          if (off[a][c] != 0.0 && comp[c + st] < 0) { comp[c + st] = 1; q.push(c + st); }
        }
        if (c - st >= 0) {
          offsum += std::abs(off[a][c - st]);
          if (off[a][c - st] != 0.0 && comp[c - st] < 0) { comp[c - st] = 1; q.push(c - st); }
        }
      }
      if (diag[c] > offsum * (1.0 + 1e-12)) has_dirichlet = true;
    }
    if (!has_dirichlet) {
      ++floating;
      for (int64_t c : members) diag[c] *= 1.0 + 1e-9;
    }
  }
  return floating;
}

}  // namespace ripple
