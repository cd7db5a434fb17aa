#include "ripple/fluid/particle_seeding.hpp"

#include <cmath>
#include <random>

#include "ripple/fluid/liquid_regions.hpp"

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

}  // namespace ripple
