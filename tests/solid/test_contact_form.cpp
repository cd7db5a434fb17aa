// The solids' IPC contact form: candidates reused over Newton's small tail steps (a ball of
// dhat / 2 around a reference configuration) give the same CCD limits, energies and
// derivatives as a broad phase run afresh for every step.
#include <gtest/gtest.h>

#include <random>

#include "ripple/solid/forms/contact_form.hpp"
#include "ripple/solid/solid_step.hpp"
#include "solid_fixtures.hpp"

namespace ripple {
namespace {

TEST(ContactForm, ReusedCandidatesMatchAFreshBroadPhase) {
  // Two cloths, the upper one a barrier distance above the lower (offsets included), both
  // free, so that vertex-face and edge-edge pairs enter and leave dhat as they jiggle.
  const double dhat = 1e-3;
  ShellMaterial cloth;
  cloth.thickness = 1e-3;
  const auto lower = test::cloth_grid(10, 0.05, 0.0);
  const auto upper = test::cloth_grid(10, 0.05, cloth.thickness + 0.8 * dhat, 0.0021, 0.0013);
  SolidModelBuilder b;
  b.add_shell("lower", lower.x, lower.triangles, cloth);
  b.add_shell("upper", upper.x, upper.triangles, cloth);
  const SolidModel m = b.build();
  VectorX z = initial_solid_state(m).z;

  ContactForm reused(m, dhat, 1.0);
  reused.set_stiffness(1.0, 1.0);
  reused.update_candidates(z);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> jiggle(-1.0, 1.0);
  int active_seen = 0;
  for (int step = 0; step < 60; ++step) {
    // Small steps (largest vertex motion about 0.4 dhat) that drift the layers together and
    // apart, so the reused candidates are rebuilt now and then.
    VectorX dz = VectorX::Zero(z.size());
    const double drift = (step / 15) % 2 == 0 ? -0.05 : 0.05;
    for (int v = 0; v < m.num_vertices; ++v)
      for (int k = 0; k < 3; ++k)
        dz[m.vertex_dof[v] + k] = 0.2 * dhat * jiggle(rng) + (v >= m.num_vertices / 2 && k == 1 ? drift * dhat : 0.0);
    reused.begin_iteration(z);
    const double alpha_reused = reused.max_step(z, dz);
    ContactForm fresh(m, dhat, 1.0);
    fresh.set_stiffness(1.0, 1.0);
    fresh.begin_iteration(z);
    const double alpha_fresh = fresh.max_step(z, dz);
    ASSERT_EQ(alpha_reused, alpha_fresh) << step;
    ASSERT_GT(alpha_fresh, 0.0) << step;
    // Energies and derivatives along the step, where the line search evaluates them.
    for (double a : {0.5 * alpha_fresh, alpha_fresh}) {
      const VectorX trial = z + a * dz;
      EXPECT_NEAR(reused.value(trial), fresh.value(trial), 1e-12 * (1.0 + fresh.value(trial))) << step;
      VectorX g_reused = VectorX::Zero(z.size()), g_fresh = VectorX::Zero(z.size());
      reused.add_derivatives(trial, g_reused, nullptr);
      fresh.add_derivatives(trial, g_fresh, nullptr);
      EXPECT_LE((g_reused - g_fresh).norm(), 1e-9 * (1.0 + g_fresh.norm())) << step;
      active_seen += fresh.active_pairs(trial) > 0;
    }
    z += 0.9 * alpha_fresh * dz;
  }
  EXPECT_GT(active_seen, 20);  // the comparison covered pairs inside dhat, not only empty sums
}

}  // namespace
}  // namespace ripple
