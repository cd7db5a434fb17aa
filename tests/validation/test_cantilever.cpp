// Cantilevers under their own weight against Euler-Bernoulli, tip deflection q L^4 / (8 EI),
// for a shell strip, a rod and a tetrahedral beam (Poisson's ratio 0, deflection ~2-4 % of L).
// The static equilibrium is reached by implicit steps of 1 s (the inertia term is then far
// weaker than the beams' stiffness) with the velocity reset between steps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>

#include "ripple/solid/mesh_generators.hpp"
#include "ripple/solid/solid_builder.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {
namespace {

constexpr double kLength = 0.5, kGravity = 9.81;

/// Runs quasi-static steps until the largest vertex motion per step is below 1e-9 m.
SolidState static_equilibrium(const SolidModel& m) {
  SolidState s = initial_solid_state(m);
  SolidStepSettings settings;
  settings.newton.tolerance = 1e-9;  // m per 1 s step
  settings.newton.max_iterations = 200;
  for (int k = 0; k < 20; ++k) {
    const VectorX before = s.z;
    const SolidStepReport r = step_solids(m, settings, 1.0, s);
    s.velocity.setZero();
    if (std::getenv("RIPPLE_TRACE_STATIC"))
      std::printf("  static step %d: %d Newton iterations (converged %d), moved %.3e m\n", k, r.newton.iterations,
                  r.newton.converged, m.max_vertex_displacement(s.z - before));
    if (m.max_vertex_displacement(s.z - before) < 1e-9) break;
  }
  return s;
}

/// Lowest vertex y at the free end (x = L) minus its rest height.
double tip_deflection(const SolidModel& m, const SolidState& s) {
  const VectorX x = m.positions(s.z);
  double sum = 0.0;
  int n = 0;
  for (int v = 0; v < m.num_vertices; ++v)
    if (m.rest_positions[3 * v] > kLength - 1e-9) {
      sum += x[3 * v + 1] - m.rest_positions[3 * v + 1];
      ++n;
    }
  return -sum / n;
}

double euler_bernoulli(double q, double ei) { return q * std::pow(kLength, 4) / (8.0 * ei); }

TEST(ValidationCantilever, RodMatchesEulerBernoulli) {
  const double radius = 2e-3, young = 1e10, density = 1000.0;
  const auto line = polyline({Vec3(0, 0, 0), Vec3(kLength, 0, 0)}, 50);
  SolidModelBuilder b;
  BodyMotion clamp;
  clamp.pinned = {0, 1};
  b.add_rod("rod", line.vertices, line.edges, RodMaterial{density, radius, young}, clamp);
  const SolidModel m = b.build();
  const double area = std::numbers::pi * radius * radius, inertia = std::numbers::pi * std::pow(radius, 4) / 4;
  const double expected = euler_bernoulli(density * area * kGravity, young * inertia);
  const double got = tip_deflection(m, static_equilibrium(m));
  std::printf("rod: tip deflection %.5e m, Euler-Bernoulli %.5e m (%+.2f %%)\n", got, expected, 100 * (got / expected - 1));
  EXPECT_NEAR(got, expected, 0.05 * expected);
}

/// A strip of equilateral triangles along x (rows `rows` apart in z, odd rows shifted by
/// half a side), from x = 0 to L, with side L / n. Discrete-shell bending is isotropic on
/// such meshes; on right-triangle grids it is not (see docs/validation.md).
SurfaceGeometry equilateral_strip(int n, int rows) {
  SurfaceGeometry g;
  const double a = kLength / n, hz = a * std::sqrt(3.0) / 2.0;
  std::vector<std::vector<int>> id(rows + 1);
  for (int j = 0; j <= rows; ++j) {
    const bool odd = j % 2;
    // Odd rows: a half-step shifted row, plus both ends so the strip spans [0, L].
    std::vector<double> xs;
    if (odd) xs.push_back(0.0);
    for (int i = 0; i <= n - (odd ? 1 : 0); ++i) xs.push_back(odd ? (i + 0.5) * a : i * a);
    if (odd) xs.push_back(kLength);
    for (double x : xs) {
      id[j].push_back(static_cast<int>(g.vertices.size()));
      g.vertices.push_back(Vec3(x, 0, j * hz));
    }
  }
  // Triangulate each pair of rows by merging them along x (a zipper).
  for (int j = 0; j < rows; ++j) {
    const auto &lo = id[j], &hi = id[j + 1];
    size_t p = 0, q = 0;
    while (p + 1 < lo.size() || q + 1 < hi.size()) {
      const bool advance_lo = q + 1 >= hi.size() ||
                              (p + 1 < lo.size() && g.vertices[lo[p + 1]].x() <= g.vertices[hi[q + 1]].x());
      if (advance_lo) {
        g.triangles.push_back({lo[p], lo[p + 1], hi[q]});
        ++p;
      } else {
        g.triangles.push_back({lo[p], hi[q + 1], hi[q]});
        ++q;
      }
    }
  }
  return g;
}

TEST(ValidationCantilever, ShellStripMatchesEulerBernoulli) {
  const double thickness = 2e-3, young = 1e10, density = 1000.0;
  const auto grid = equilateral_strip(100, 10);
  const double width = grid.vertices.back().z();
  SolidModelBuilder b;
  BodyMotion clamp;
  for (size_t v = 0; v < grid.vertices.size(); ++v)
    if (grid.vertices[v].x() < 1e-9 + kLength / 100) clamp.pinned.push_back(static_cast<int>(v));  // first column of triangles
  ShellMaterial mat;
  mat.density = density;
  mat.thickness = thickness;
  mat.young = young;
  mat.poisson = 0.0;
  b.add_shell("strip", grid.vertices, grid.triangles, mat, clamp);
  const SolidModel m = b.build();
  const double ei = young * width * std::pow(thickness, 3) / 12.0;
  const double expected = euler_bernoulli(density * thickness * width * kGravity, ei);
  const double got = tip_deflection(m, static_equilibrium(m));
  std::printf("shell strip: tip deflection %.5e m, Euler-Bernoulli %.5e m (%+.2f %%)\n", got, expected,
              100 * (got / expected - 1));
  EXPECT_NEAR(got, expected, 0.05 * expected);
}

TEST(ValidationCantilever, TetBeamMatchesEulerBernoulli) {
  const double side = 0.04, young = 5e7, density = 1000.0;
  const auto beam = tet_box(Vec3(0, -0.5 * side, -0.5 * side), Vec3(kLength, 0.5 * side, 0.5 * side), 100);
  SolidModelBuilder b;
  BodyMotion clamp;
  for (size_t v = 0; v < beam.vertices.size(); ++v)
    if (beam.vertices[v].x() < 1e-9) clamp.pinned.push_back(static_cast<int>(v));
  VolumeMaterial mat;
  mat.density = density;
  mat.young = young;
  mat.poisson = 0.0;
  b.add_volume("beam", beam.vertices, beam.tets, mat, clamp);
  const SolidModel m = b.build();
  const double ei = young * std::pow(side, 4) / 12.0;
  const double expected = euler_bernoulli(density * side * side * kGravity, ei);
  const double got = tip_deflection(m, static_equilibrium(m));
  std::printf("tet beam (%zu tets): tip deflection %.5e m, Euler-Bernoulli %.5e m (%+.2f %%)\n", beam.tets.size(), got,
              expected, 100 * (got / expected - 1));
  EXPECT_NEAR(got, expected, 0.05 * expected);
}

}  // namespace
}  // namespace ripple
