#include <gtest/gtest.h>

#include "../../test_support.hpp"

#include "../../stepping.hpp"

using namespace ripple;

TEST(CutCellSolidMotion, SpinningBallInAirKeepsItsAngularVelocity) {
  // A rigid ball spinning in the air above a pool: no torque acts, so omega stays as it was
  // (its rotation is applied exactly, and omega is read against the A it was written for; read
  // against the rotated A it would shrink by cos(|omega| dt) every step).
  const Scene s = test::scene_from(nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.02},
    "gravity": [0, 0, 0],
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.3, 0.06, 0.3]}]},
    "solids": [{"type": "rigid", "name": "ball", "density": 500, "angular_velocity": [1, 2, 20],
                "geometry": {"type": "sphere", "center": [0.15, 0.2, 0.15], "radius": 0.04, "subdivisions": 2}}],
    "coupling": {"method": "cutcell"},
    "output": {"preview": {"enabled": false}}
  })"));
  World w(s);
  CutCellCoupler c(cutcell_settings(s));
  initialise_world(w, c);
  PhaseTimings timings;
  const SolidModel& m = w.lagrangian->model;
  const CoupledSolids& cs = c.state.solids;
  const Vec3 omega0 = coupled_velocity(m, cs, w.lagrangian->state.z, w.lagrangian->state.velocity).segment<3>(3);
  for (int i = 0; i < 40; ++i) test::step(w, c, 0.01, timings);
  const VectorX q = coupled_velocity(m, cs, w.lagrangian->state.z, w.lagrangian->state.velocity);
  // The icosphere's inertia is nearly isotropic, so omega is nearly constant (torque-free);
  // 40 steps of cos(0.2) would leave 45 % of it.
  EXPECT_LT((q.segment<3>(3) - omega0).norm(), 1e-3 * omega0.norm()) << q.segment<3>(3).transpose();
  EXPECT_LT(q.head<3>().norm(), 1e-9);
  const Mat3 A = rigid_rotation(m, cs.rigid[0], w.lagrangian->state.z);
  EXPECT_LT((A.transpose() * A - Mat3::Identity()).norm(), 1e-12);
}
