#include "ripple/fluid/particle_bins.hpp"

#include <algorithm>

namespace ripple {

void sort_particles_by_cell(Particles& p, const GridGeometry& g, ParticleBins& bins) {
  const int64_t cells = g.cell_count();
  const size_t np = p.size();
  std::vector<int64_t>& cell_of = bins.cell_of;
  cell_of.resize(np);
  parallel_for(0, static_cast<int64_t>(np), [&](int64_t i) {
    const Vec3 s = ((p.x[i].cast<double>() - g.origin) / g.dx);
    const int ci = std::clamp(static_cast<int>(std::floor(s.x())), 0, g.n.x() - 1);
    const int cj = std::clamp(static_cast<int>(std::floor(s.y())), 0, g.n.y() - 1);
    const int ck = std::clamp(static_cast<int>(std::floor(s.z())), 0, g.n.z() - 1);
    cell_of[i] = ci + static_cast<int64_t>(g.n.x()) * (cj + static_cast<int64_t>(g.n.y()) * ck);
  });
  bins.start.assign(static_cast<size_t>(cells + 1), 0);
  for (size_t i = 0; i < np; ++i) ++bins.start[cell_of[i] + 1];
  for (int64_t c = 0; c < cells; ++c) bins.start[c + 1] += bins.start[c];
  std::vector<int64_t>& dest = bins.dest;
  dest.resize(np);
  {
    std::vector<int64_t> cursor(bins.start.begin(), bins.start.end() - 1);
    for (size_t i = 0; i < np; ++i) dest[i] = cursor[cell_of[i]]++;
  }
  auto permute = [&](auto& arr, auto& out) {
    out.resize(arr.size());
    parallel_for(0, static_cast<int64_t>(np), [&](int64_t i) { out[dest[i]] = arr[i]; });
    arr.swap(out);
  };
  permute(p.x, bins.spare.x);
  permute(p.v, bins.spare.v);
  permute(p.c, bins.spare.c);
}

}  // namespace ripple
