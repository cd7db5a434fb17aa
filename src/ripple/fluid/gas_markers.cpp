#include "ripple/fluid/gas_markers.hpp"

#include <cmath>

#include "ripple/solid/shape_sdf.hpp"

namespace ripple {
namespace {

/// splitmix64: a well-mixed 64-bit hash (Steele, Lea & Flood 2014).
uint64_t mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// A number in [0, 1) from the hash of the key's parts.
double uniform(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  return static_cast<double>(mix(mix(mix(mix(a) ^ b) ^ c) ^ d) >> 11) * 0x1.0p-53;
}

void add_marker(Particles& p, const Vec3& x) {
  p.x.push_back(x.cast<float>());
  p.v.push_back(Vec3f::Zero());
  p.c.push_back(Mat3f::Zero());
}

}  // namespace

Particles seed_gas_markers(const Scene& scene, const SolidBoundary& solids) {
  const GridGeometry& g = scene.grid;
  Particles p;
  for (size_t r = 0; r < scene.fluid.gas.markers.size(); ++r) {
    const GasMarkerRegion& m = scene.fluid.gas.markers[r];
    const ShapeSdf sdf(m.shape, 0.5 * g.dx);
    for (int k = 0; k < g.n.z(); ++k)
      for (int j = 0; j < g.n.y(); ++j)
        for (int i = 0; i < g.n.x(); ++i) {
          if (sdf(g.cell_center(i, j, k)) >= 0.0) continue;
          const uint64_t cell = static_cast<uint64_t>(i + int64_t(g.n.x()) * (j + int64_t(g.n.y()) * k));
          for (int q = 0; q < m.per_cell; ++q) {
            const Vec3 local(uniform(r, cell, q, 0), uniform(r, cell, q, 1), uniform(r, cell, q, 2));
            const Vec3 x = g.node(i, j, k) + g.dx * local;
            if (solid_phi_at(solids, g, x) >= 0.0) add_marker(p, x);
          }
        }
  }
  return p;
}

void release_gas_markers(const std::vector<GasSourceCells>& sources, const GridGeometry& g, double dt, int64_t step,
                         Particles& markers) {
  for (size_t s = 0; s < sources.size(); ++s) {
    const GasSourceCells& src = sources[s];
    if (src.markers_per_second <= 0.0 || src.cells.empty()) continue;
    const double expected = src.markers_per_second * dt;
    const auto whole = static_cast<int64_t>(std::floor(expected));
    const int64_t count = whole + (uniform(s, static_cast<uint64_t>(step), 7, 0) < expected - whole ? 1 : 0);
    for (int64_t q = 0; q < count; ++q) {
      const uint64_t key = static_cast<uint64_t>(step) * 1000003ull + static_cast<uint64_t>(q);
      const auto pick = static_cast<size_t>(uniform(s, key, 1, 3) * static_cast<double>(src.cells.size()));
      const int64_t c = src.cells[std::min(pick, src.cells.size() - 1)];
      const Vec3i I(static_cast<int>(c % g.n.x()), static_cast<int>((c / g.n.x()) % g.n.y()),
                    static_cast<int>(c / (int64_t(g.n.x()) * g.n.y())));
      const Vec3 local(uniform(s, key, 2, 0), uniform(s, key, 2, 1), uniform(s, key, 2, 2));
      add_marker(markers, g.node(I.x(), I.y(), I.z()) + g.dx * local);
    }
  }
}

}  // namespace ripple
