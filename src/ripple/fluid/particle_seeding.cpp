#include "ripple/fluid/particle_seeding.hpp"

#include <cmath>
#include <random>

#include "ripple/core/parallel.hpp"
#include "ripple/fluid/liquid_regions.hpp"
#include "ripple/grid/level_set_volume.hpp"

namespace ripple {

Particles seed_particles(const Scene& scene, const SolidBoundary& solids) {
  const GridGeometry& g = scene.grid;
  const int ppc = scene.fluid.particles_per_cell;
  const int strata = static_cast<int>(std::lround(std::cbrt(static_cast<double>(ppc))));
  const bool stratified = strata * strata * strata == ppc;
  const LiquidRegions regions(scene);
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> U(0.0, 1.0);
  Particles p;
  for (int k = 0; k < g.n.z(); ++k)
    for (int j = 0; j < g.n.y(); ++j)
      for (int i = 0; i < g.n.x(); ++i) {
        const Vec3 c = g.cell_center(i, j, k);
        if (regions.signed_distance(c) >= g.dx) continue;
        for (int q = 0; q < ppc; ++q) {
          Vec3 local(U(rng), U(rng), U(rng));
          if (stratified) {
            // A regular lattice: translation-invariant, so a flat surface's level set is flat
            // and a still tank is an exact discrete equilibrium.
            const Vec3 cellq(q % strata, (q / strata) % strata, q / (strata * strata));
            local = (cellq + Vec3::Constant(0.5)) / strata;
          }
          const Vec3 x = g.node(i, j, k) + g.dx * local;
          if (regions.signed_distance(x) >= 0.0 || solid_phi_at(solids, g, x) < 0.0) continue;
          p.x.push_back(x.cast<float>());
          p.v.push_back(regions.velocity(regions.region_at(x)).cast<float>());
          p.c.push_back(Mat3f::Zero());
        }
      }
  return p;
}

double regions_volume(const Scene& scene, const SolidBoundary& solids) {
  const GridGeometry& g = scene.grid;
  const LiquidRegions regions(scene);
  const double cell = g.dx * g.dx * g.dx;
  // Points on a boundary count as inside (a region's faces often lie on cell faces, where a
  // whole tetrahedron can have every corner at zero).
  const double on_boundary = 1e-9 * g.dx;
  auto liquid = [&](const Vec3& x) {
    return std::max(regions.signed_distance(x), -solid_phi_at(solids, g, x)) - on_boundary;
  };
  constexpr int kSub = 4;  // subcubes per cell and axis
  return parallel_sum(0, static_cast<int64_t>(g.n.prod()), [&](int64_t c) {
    const int i = static_cast<int>(c % g.n.x()), j = static_cast<int>((c / g.n.x()) % g.n.y()),
              k = static_cast<int>(c / (static_cast<int64_t>(g.n.x()) * g.n.y()));
    const double centre = liquid(g.cell_center(i, j, k));
    if (std::abs(centre) > g.dx) return centre < 0.0 ? cell : 0.0;
    // Near a boundary: the value at the corners of kSub^3 subcubes, each subcube's liquid by
    // the Kuhn tetrahedra's linear interpolation (exact for a plane).
    Array3<double> f(kSub + 1, kSub + 1, kSub + 1);
    for (int c2 = 0; c2 < f.size(); ++c2) {
      const Vec3i s = f.coords(c2);
      f[c2] = liquid(g.node(i, j, k) + g.dx * s.cast<double>() / kSub);
    }
    double fraction = 0.0;
    for (int sk = 0; sk < kSub; ++sk)
      for (int sj = 0; sj < kSub; ++sj)
        for (int si = 0; si < kSub; ++si) {
          std::array<double, 8> corner;
          for (int q = 0; q < 8; ++q) corner[static_cast<size_t>(q)] = f(si + (q & 1), sj + ((q >> 1) & 1), sk + ((q >> 2) & 1));
          for_each_liquid_tet(corner, 1.0, [&](int, double v) { fraction += v; });
        }
    return cell * fraction / (kSub * kSub * kSub);
  });
}

}  // namespace ripple
