#include "ripple/fluid/particle_seeding.hpp"

#include <cmath>
#include <random>

#include "ripple/solid/shape_sdf.hpp"

namespace ripple {

double region_signed_distance(const Scene& scene, const Vec3& p) {
  double d = 1e30;
  for (const auto& r : scene.fluid.regions) d = std::min(d, ShapeSdf(r.shape, scene.grid.dx)(p));
  return d;
}

Particles seed_particles(const Scene& scene, const SolidBoundary& solids) {
  const GridGeometry& g = scene.grid;
  const int ppc = scene.fluid.particles_per_cell;
  const int strata = static_cast<int>(std::lround(std::cbrt(static_cast<double>(ppc))));
  const bool stratified = strata * strata * strata == ppc;
  std::vector<ShapeSdf> sdfs;
  for (const auto& r : scene.fluid.regions) sdfs.emplace_back(r.shape, 0.5 * g.dx);
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> U(0.0, 1.0);
  Particles p;
  for (int k = 0; k < g.n.z(); ++k)
    for (int j = 0; j < g.n.y(); ++j)
      for (int i = 0; i < g.n.x(); ++i) {
        const Vec3 c = g.cell_center(i, j, k);
        bool near = false;
        for (const auto& s : sdfs) near |= s(c) < g.dx;
        if (!near) continue;
        for (int q = 0; q < ppc; ++q) {
          Vec3 local(U(rng), U(rng), U(rng));
          if (stratified) {
            // A regular lattice: translation-invariant, so a flat surface's level set is flat
            // and a still tank is an exact discrete equilibrium.
            const Vec3 cellq(q % strata, (q / strata) % strata, q / (strata * strata));
            local = (cellq + Vec3::Constant(0.5)) / strata;
          }
          const Vec3 x = g.node(i, j, k) + g.dx * local;
          for (size_t r = 0; r < sdfs.size(); ++r) {
            if (sdfs[r](x) >= 0.0) continue;
            if (solid_phi_at(solids, g, x) < 0.0) break;
            p.x.push_back(x.cast<float>());
            p.v.push_back(scene.fluid.regions[r].velocity.cast<float>());
            p.c.push_back(Mat3f::Zero());
            break;
          }
        }
      }
  return p;
}

}  // namespace ripple
