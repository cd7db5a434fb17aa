#include "ripple/fluid/particle_level_set.hpp"

#include <cmath>

#include "ripple/grid/redistance.hpp"

namespace ripple {

double particle_radius(double dx, int particles_per_cell) { return dx / std::cbrt(static_cast<double>(particles_per_cell)); }

WallSides wall_sides(const Scene& scene) {
  WallSides w{};
  for (int i = 0; i < 6; ++i) w[static_cast<size_t>(i)] = scene.boundary[static_cast<size_t>(i)] == BoundaryType::Wall;
  return w;
}

void level_set_from_particles(LiquidState& liquid, const ParticleBins& bins, double r, const SolidBoundary& solids,
                              const WallSides& walls) {
  const GridGeometry& g = liquid.grid;
  const Particles& p = liquid.particles;
  const double R = 2.0 * r;
  const int reach = static_cast<int>(std::ceil(R / g.dx));
  const double far = kLevelSetBandCells * g.dx;
  liquid.phi.resize(g.n.x(), g.n.y(), g.n.z(), far);
  parallel_for(0, liquid.phi.size(), [&](int64_t c) {
    const Vec3i I = liquid.phi.coords(c);
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    double wsum = 0.0;
    Vec3 xbar = Vec3::Zero();
    // Walls within R of x: their mirror planes (at most one per axis).
    int mirror_axis[3], nmirror = 0;
    double plane[3];
    const Vec3 lo = g.origin, hi = g.upper();
    for (int a = 0; a < 3; ++a) {
      if (walls[2 * a] && x[a] - lo[a] < R) { mirror_axis[nmirror] = a; plane[nmirror++] = lo[a]; }
      else if (walls[2 * a + 1] && hi[a] - x[a] < R) { mirror_axis[nmirror] = a; plane[nmirror++] = hi[a]; }
    }
    auto accumulate = [&](const Vec3& xp) {
      const double s2 = (x - xp).squaredNorm() / (R * R);
      if (s2 >= 1.0) return;
      const double t = 1.0 - s2;
      const double w = t * t * t;
      wsum += w;
      xbar += w * xp;
    };
    for (int k = std::max(0, I.z() - reach); k <= std::min(g.n.z() - 1, I.z() + reach); ++k)
      for (int j = std::max(0, I.y() - reach); j <= std::min(g.n.y() - 1, I.y() + reach); ++j) {
        const int i0 = std::max(0, I.x() - reach), i1 = std::min(g.n.x() - 1, I.x() + reach);
        const int64_t row = static_cast<int64_t>(g.n.x()) * (j + static_cast<int64_t>(g.n.y()) * k);
        for (int64_t q = bins.start[row + i0]; q < bins.start[row + i1 + 1]; ++q) {
          const Vec3 xp = p.x[q].cast<double>();
          accumulate(xp);
          // Mirror images across every subset of the nearby walls.
          for (int mask = 1; mask < (1 << nmirror); ++mask) {
            Vec3 m = xp;
            for (int b = 0; b < nmirror; ++b)
              if (mask & (1 << b)) m[mirror_axis[b]] = 2 * plane[b] - m[mirror_axis[b]];
            accumulate(m);
          }
        }
      }
    liquid.phi[c] = wsum > 0.0 ? (x - xbar / wsum).norm() - r : far;
  });
  extend_level_set_into_solids(liquid.phi, g, solids);
  redistance(liquid.phi, g.dx, kLevelSetBandCells);
  liquid.phi_matches_particles = true;
}

void extend_level_set_into_solids(ScalarGrid& phi, const GridGeometry& g, const SolidBoundary& solids) {
  if (!solids.has_obstacles) return;
  ScalarGrid out = phi;
  parallel_for(0, phi.size(), [&](int64_t c) {
    const Vec3i I = phi.coords(c);
    if (phi[c] < 0.0) return;
    if (solid_phi_at(solids, g, g.cell_center(I.x(), I.y(), I.z())) >= 0.0) return;
    constexpr int off[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (const auto& o : off) {
      const int i = I.x() + o[0], j = I.y() + o[1], k = I.z() + o[2];
      if (phi.in_range(i, j, k) && phi(i, j, k) < 0.0) { out[c] = -0.5 * g.dx; return; }
    }
  });
  phi = std::move(out);
}

}  // namespace ripple
