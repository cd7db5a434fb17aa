// Particle <-> grid transfers (src/ripple/fluid/particle_transfer.cpp).
#include <gtest/gtest.h>

#include <random>

#include "ripple/fluid/particle_transfer.hpp"

using namespace ripple;

namespace {

GridGeometry small_grid() {
  GridGeometry g;
  g.origin = Vec3(0.1, -0.2, 0.0);
  g.dx = 0.05;
  g.n = Vec3i(12, 10, 8);
  return g;
}

// u(x) = u0 + G (x - x0): an affine velocity on the faces.
MacVelocity affine_field(const GridGeometry& g, const Vec3& u0, const Mat3& G) {
  MacVelocity v;
  v.resize(g);
  const Vec3 x0(0.3, 0.05, 0.2);
  for (int a = 0; a < 3; ++a)
    for (int64_t idx = 0; idx < v.u[a].size(); ++idx) {
      const Vec3i I = v.u[a].coords(idx);
      Vec3 x = g.origin + g.dx * I.cast<double>() + g.dx * face_sample_offset(a);
      v.u[a][idx] = u0[a] + G.row(a).dot(x - x0);
    }
  return v;
}

Particles random_particles(const GridGeometry& g, int n, unsigned seed) {
  std::mt19937 rng(seed);
  Particles p;
  p.resize(static_cast<size_t>(n));
  for (int q = 0; q < n; ++q)
    for (int a = 0; a < 3; ++a) {
      // Interior: at least one cell from every side, where every face stencil is complete.
      std::uniform_real_distribution<double> U(g.origin[a] + g.dx, g.origin[a] + (g.n[a] - 1) * g.dx);
      p.x[q][a] = static_cast<float>(U(rng));
    }
  return p;
}

}  // namespace

// APIC reproduces affine fields exactly (Jiang et al. 2015): v_p = u(x_p), C_p = grad u.
TEST(ParticleTransfer, ApicGridToParticlesIsExactForAffineFields) {
  const GridGeometry g = small_grid();
  Mat3 G;
  G << 0.3, -1.2, 0.5, 2.0, 0.1, -0.7, -0.4, 0.9, 1.5;
  const MacVelocity v = affine_field(g, Vec3(1.0, -2.0, 0.5), G);
  Particles p = random_particles(g, 500, 11);
  grid_to_particles_apic(p, g, v);
  for (size_t q = 0; q < p.size(); ++q) {
    const Vec3 x = p.x[q].cast<double>();
    const Vec3 expected = Vec3(1.0, -2.0, 0.5) + G * (x - Vec3(0.3, 0.05, 0.2));
    EXPECT_NEAR((p.v[q].cast<double>() - expected).norm(), 0.0, 1e-5) << "particle " << q;
    EXPECT_NEAR((p.c[q].cast<double>() - G).norm(), 0.0, 1e-4) << "particle " << q;
  }
}

// The particle advection starts its midpoint rule from the APIC particle velocity instead of
// sampling the grid again: that relies on v_p being exactly the trilinear grid sample at x_p,
// everywhere (walls included), for any field.
TEST(ParticleTransfer, ApicParticleVelocityIsTheGridSample) {
  GridGeometry g = small_grid();
  MacVelocity v;
  v.resize(g);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> U(-3, 3);
  for (auto& c : v.u)
    for (auto& x : c.data()) x = U(rng);
  Particles p;
  p.resize(400);
  std::uniform_real_distribution<double> V(0.0, 1.0);
  for (size_t q = 0; q < p.size(); ++q)
    for (int a = 0; a < 3; ++a)  // anywhere in the domain, up to the walls
      p.x[q][a] = static_cast<float>(g.origin[a] + g.n[a] * g.dx * (q < 40 ? (q % 2 ? 1e-4 : 1 - 1e-4) : V(rng)));
  grid_to_particles_apic(p, g, v);
  for (size_t q = 0; q < p.size(); ++q) {
    const Vec3 s = v.sample(g, p.x[q].cast<double>());
    EXPECT_NEAR((p.v[q].cast<double>() - s).norm(), 0.0, 1e-5 * (1 + s.norm())) << "particle " << q;
  }
}

// A uniform particle velocity (C = 0) becomes exactly that velocity on every face the
// particles reach (the weights are normalised per face).
TEST(ParticleTransfer, ParticleToGridReproducesAUniformField) {
  const GridGeometry g = small_grid();
  Particles p = random_particles(g, 3000, 3);
  for (size_t q = 0; q < p.size(); ++q) {
    p.v[q] = Vec3f(0.7f, -0.3f, 1.1f);
    p.c[q] = Mat3f::Zero();
  }
  ParticleBins bins;
  sort_particles_by_cell(p, g, bins);
  MacVelocity v;
  v.resize(g);
  FaceFlags valid;
  particles_to_grid(p, bins, g, true, v, valid);
  int64_t reached = 0;
  for (int a = 0; a < 3; ++a)
    for (int64_t idx = 0; idx < v.u[a].size(); ++idx)
      if (valid[a][idx]) {
        ++reached;
        ASSERT_NEAR(v.u[a][idx], (Vec3(0.7, -0.3, 1.1))[a], 1e-6);
      }
  EXPECT_GT(reached, 1000);
}
