// One coupled optimisation of the barrier method (Liu et al. 2025, Eq. 22) without the rest of
// the step: a drop whose predicted level set swallows a fixed particle (the paper's Fig. 11a,
// one step) is pushed back around it by the barrier, keeps its volume through the constraint,
// and elsewhere follows its prediction.
#include <gtest/gtest.h>

#include "../../solid/solid_fixtures.hpp"
#include "ripple/coupling/barrier/level_set_inertia_form.hpp"
#include "ripple/coupling/barrier/liquid_barrier_form.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"
#include "ripple/solver/newton_solver.hpp"

namespace ripple {
namespace {

void run(LevelSetInterpolation kind) {
  GridGeometry g;
  g.dx = 0.01;
  g.n = Vec3i(20, 20, 20);
  const double R = 0.05, eps = 4 * g.dx, k = 1.0 / g.dx, dhat = 0.5 * g.dx;
  const Vec3 before(0.1, 0.12, 0.1), after(0.1, 0.105, 0.1);  // the drop falls 1.5 cells
  // The "particle": a fixed 1 mm box just below the drop's start, inside its prediction.
  const Vec3 particle(0.1, 0.06, 0.1);
  SolidModelBuilder b;
  const auto box = test::box_surface(particle - Vec3::Constant(5e-4), particle + Vec3::Constant(5e-4));
  BodyMotion fixed;
  fixed.fixed = true;
  b.add_rigid("particle", box.x, box.triangles, RigidMaterial{}, fixed);
  const SolidModel m = b.build();

  Array3<double> phi_before(g.n), phi_after(g.n);
  for (int64_t i = 0; i < phi_after.size(); ++i) {
    const Vec3i c = phi_after.coords(i);
    const Vec3 p = g.cell_center(c.x(), c.y(), c.z());
    phi_before(c.x(), c.y(), c.z()) = (p - before).norm() - R;
    phi_after(c.x(), c.y(), c.z()) = (p - after).norm() - R;
  }
  NarrowBand nb = select_narrow_band(g, phi_after, eps, k, m.num_dofs);
  ASSERT_EQ(nb.components.size(), 1u);
  VectorX z(m.num_dofs + nb.count);
  z.head(m.num_dofs) = m.rest_coordinates();
  for (int64_t i = 0; i < phi_after.size(); ++i) {  // start from the previous level set
    const Vec3i c = phi_after.coords(i);
    if (const int d = nb.level_set.dof(c.x(), c.y(), c.z()); d >= 0) z[d] = phi_before(c.x(), c.y(), c.z());
  }
  // V0: the drop's smoothed volume before the step.
  const NarrowBand start = select_narrow_band(g, phi_before, eps, k, 0);
  nb.components[0].target = start.volumes[0];

  LevelSetInertiaSettings st;
  st.cell_volume = g.dx * g.dx * g.dx;
  st.sharpness = k;
  std::vector<int> dofs(nb.count);
  for (int i = 0; i < nb.count; ++i) dofs[i] = nb.first_dof + i;
  LevelSetInertiaForm inertia(dofs, nb.predicted, st);
  LiquidBarrierForm barrier(m, nb.level_set, kind, dhat, 1e-3, z);
  LiquidVolumeConstraint volume(nb.components, st.cell_volume, k, 1e-6);
  ASSERT_GT(barrier.min_gap(z), dhat);  // the start is feasible, the prediction is not:
  VectorX predicted_z = z;
  predicted_z.tail(nb.count) = nb.predicted;
  barrier.begin_iteration(predicted_z);
  ASSERT_LT(barrier.min_gap(predicted_z), 0.0);
  barrier.begin_iteration(z);

  NewtonSettings s;
  s.dt = 1.0 / 100;
  s.tolerance = 1e-3;  // m/s of level-set change
  std::vector<uint8_t> fixed_dofs(z.size(), 0);
  for (int i = 0; i < m.num_dofs; ++i) fixed_dofs[i] = m.dof_fixed[i];
  const NewtonResult r = newton_minimise({&inertia, &barrier}, {&volume}, fixed_dofs,
                                         {[](const VectorX& dz) { return dz.cwiseAbs().maxCoeff(); }}, s, z);
  EXPECT_TRUE(r.converged) << r.iterations;
  EXPECT_LT(r.iterations, 30);
  barrier.begin_iteration(z);
  EXPECT_GT(barrier.min_gap(z), 0.0);  // penetration-free
  VectorX c;
  volume.evaluate(z, c, nullptr);
  EXPECT_LT(std::abs(c[0]), 1e-6 * nb.components[0].target);
  // Away from the particle the level set follows its prediction; next to it, it does not.
  const VectorX change = z.tail(nb.count) - nb.predicted;
  double far = 0.0, near = 0.0;
  for (int64_t i = 0; i < phi_after.size(); ++i) {
    const Vec3i cell = phi_after.coords(i);
    const int d = nb.level_set.dof(cell.x(), cell.y(), cell.z());
    if (d < 0) continue;
    const double r_p = (g.cell_center(cell.x(), cell.y(), cell.z()) - particle).norm();
    (r_p > 4 * g.dx ? far : near) = std::max(r_p > 4 * g.dx ? far : near, std::abs(change[d - nb.first_dof]));
  }
  EXPECT_LT(far, 0.2 * g.dx) << "far " << far << " near " << near;
  EXPECT_GT(near, 0.5 * g.dx) << "far " << far << " near " << near;
}

TEST(BarrierOptimisation, DropIsPushedAroundAFixedParticle) {
  run(LevelSetInterpolation::linear);
  run(LevelSetInterpolation::quadratic);
}

}  // namespace
}  // namespace ripple
