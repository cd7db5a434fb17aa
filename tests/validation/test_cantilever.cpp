// Cantilevers under their own weight against Euler-Bernoulli, tip deflection q L^4 / (8 EI),
// for a shell strip, a rod and a tetrahedral beam (Poisson's ratio 0, deflection ~2-4 % of L).
// The static equilibrium is reached by implicit steps of 1 s (the inertia term is then far
// weaker than the beams' stiffness) with the velocity reset between steps. The rod and the
// shell strip run in ctest; the tet beam (minutes) is a long validation:
//   RIPPLE_LONG_VALIDATION=1 build/tests/ripple_tests --gtest_filter='ValidationCantilever*'
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <string>

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

bool long_validation() {
  const char* v = std::getenv("RIPPLE_LONG_VALIDATION");
  return v && *v && std::string(v) != "0";
}

// The strip uses the mid-edge bending model. With the one-hinge model on this (regular,
// alternating-diagonal) grid it came out +20.4 %: there the hinge energy of a bent strip can
// relax 19 % into a sub-cell zig-zag mode (docs/validation.md has the analysis), so hinges
// are not a validated bending model for quantitative work.
TEST(ValidationCantilever, ShellStripMatchesEulerBernoulli) {
  const double width = 0.05, thickness = 2e-3, young = 1e10, density = 1000.0;
  // 101 x 11 vertices, the strip along x from 0 to L.
  const auto grid = cloth_grid(Vec3(0.5 * kLength, 0, 0), kLength, width, 101);
  SolidModelBuilder b;
  BodyMotion clamp;
  for (size_t v = 0; v < grid.vertices.size(); ++v)
    if (grid.vertices[v].x() < 1e-9 + kLength / 100) clamp.pinned.push_back(static_cast<int>(v));  // two columns
  ShellMaterial mat;
  mat.density = density;
  mat.thickness = thickness;
  mat.young = young;
  mat.poisson = 0.0;
  mat.bending = ShellBending::midedge;
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
  if (!long_validation()) GTEST_SKIP() << "set RIPPLE_LONG_VALIDATION=1 (about 3 to 5 minutes)";
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
