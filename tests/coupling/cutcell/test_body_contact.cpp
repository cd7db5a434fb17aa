#include <gtest/gtest.h>

#include "../../test_support.hpp"
#include "ripple/contact/intersection_check.hpp"
#include "ripple/coupling/cutcell/body_contact.hpp"
#include "../../stepping.hpp"
#include "ripple/solid/forms/inertia_form.hpp"

using namespace ripple;

namespace {

/// Two bodies thrown at each other in the air, without gravity, above a shallow pool.
Scene collision_scene(const std::string& type, double offset_z) {
  const std::string geometry = type == "rigid" ? R"("subdivisions": 2)" : R"("resolution": 5)";
  const std::string material = type == "rigid" ? "" : R"("model": "corotated_linear", "young": 1e5, "poisson": 0.3,)";
  return test::scene_from(nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.4, 0.3, 0.3], "dx": 0.02},
    "gravity": [0, 0, 0],
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.4, 0.04, 0.3]}]},
    "solids": [
      {"type": ")" + type + R"(", "name": "a", "density": 1000, )" + material + R"( "velocity": [1, 0, 0],
       "geometry": {"type": "sphere", "center": [0.14, 0.18, 0.15], "radius": 0.04, )" + geometry + R"(}},
      {"type": ")" + type + R"(", "name": "b", "density": 500, )" + material + R"( "velocity": [-1, 0, 0],
       "geometry": {"type": "sphere", "center": [0.26, 0.18, )" + std::to_string(0.15 + offset_z) + R"(], "radius": 0.04, )" +
                                                 geometry + R"(}}],
    "coupling": {"method": "cutcell"},
    "output": {"preview": {"enabled": false}}
  })"));
}

Vec3 linear_momentum(const World& w) {
  const SolidModel& m = w.lagrangian->model;
  const VectorX p = InertiaForm::mass_times(m, w.lagrangian->state.velocity, false);
  Vec3 total = Vec3::Zero();
  for (const SolidBodyInfo& b : m.bodies) {
    if (b.fixed) continue;
    if (b.kind == SolidKind::rigid) {
      total += p.segment<3>(b.first_dof);
      continue;
    }
    for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) total += p.segment<3>(m.vertex_dof[v]);
  }
  return total;
}

/// Runs the collision and checks, at every step: no intersection between the bodies, no gap
/// below zero, and the total momentum kept; at the end the bodies move apart.
void expect_clean_collision(const Scene& s) {
  World w(s);
  CutCellCoupler c(cutcell_settings(s));
  initialise_world(w, c);
  PhaseTimings timings;
  const Vec3 p0 = linear_momentum(w);
  const double scale = 1.0 * (w.lagrangian->model.bodies[0].mass + w.lagrangian->model.bodies[1].mass);
  int filtered = 0, held = 0;
  for (int i = 0; i < 30; ++i) {
    const CutCellStepReport r = test::step(w, c, 0.004, timings);
    filtered += r.motion.contact.filtered;
    held += r.motion.contact.held;
    const VectorX x = w.lagrangian->model.positions(w.lagrangian->state.z);
    ASSERT_EQ(count_intersecting_pairs(c.state.body_collision, x), 0) << "step " << i;
    if (r.motion.contact.pairs > 0) {
      EXPECT_GT(r.motion.contact.min_gap, 0.0) << "step " << i;
    }
    EXPECT_LT((linear_momentum(w) - p0).norm(), 1e-3 * scale) << "step " << i << ": " << linear_momentum(w).transpose();
  }
  EXPECT_GT(filtered, 0);  // they did meet
  EXPECT_GT(held, 0);
  // Afterwards they no longer approach along the line between their centres.
  const SolidModel& m = w.lagrangian->model;
  const CoupledSolids& cs = c.state.solids;
  const VectorX& z = w.lagrangian->state.z;
  const VectorX q = coupled_velocity(m, cs, z, w.lagrangian->state.velocity);
  const VectorX x = m.positions(z);
  auto mean = [&](int body, bool velocity) {
    const SolidBodyInfo& b = m.bodies[body];
    Vec3 sum = Vec3::Zero();
    for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v)
      sum += velocity ? vertex_velocity(cs, m, z, q, v) : Vec3(x.segment<3>(3 * v));
    return Vec3(sum / b.num_vertices);
  };
  const Vec3 axis = (mean(1, false) - mean(0, false)).normalized();
  // The 2 m/s approach is stopped (inelastic contact): what is left is the elastic balls' ringing.
  EXPECT_LE((mean(0, true) - mean(1, true)).dot(axis), 0.05);
}

}  // namespace

TEST(CutCellBodyContact, CollisionMeshKeepsOnlyTheCoupledBodies) {
  const Scene s = collision_scene("volume", 0.0);
  World w(s);
  CutCellCoupler c(cutcell_settings(s));
  initialise_world(w, c);
  const SolidModel& m = w.lagrangian->model;
  const CollisionMesh& mesh = c.state.body_collision;
  ASSERT_GT(m.bodies.size(), 2u);  // the domain's walls are a body of the model
  for (const auto& f : mesh.faces)
    for (int v : f) EXPECT_LT(m.vertex_body[v], 2);
  int dropped = 0;
  for (int v = 0; v < m.num_vertices; ++v) dropped += m.vertex_body[v] >= 2 && !mesh.is_collidable(v);
  EXPECT_GT(dropped, 0);
  EXPECT_LT(mesh.faces.size(), m.collision.faces.size());
}

TEST(CutCellBodyContact, ElasticBallsCollideWithoutIntersectingAndKeepMomentum) {
  expect_clean_collision(collision_scene("volume", 0.0));
}

TEST(CutCellBodyContact, RigidBallsCollideOffCentreWithoutIntersectingAndKeepMomentum) {
  expect_clean_collision(collision_scene("rigid", 0.03));
}

TEST(CutCellBodyContact, NoContactLeavesTheMoveAlone) {
  // Far apart, the filter does not run and the step is the plain move of Eq. 34.
  const Scene s = collision_scene("rigid", 0.0);
  World w(s);
  CutCellCoupler c(cutcell_settings(s));
  initialise_world(w, c);
  const SolidModel& m = w.lagrangian->model;
  const CoupledSolids& cs = c.state.solids;
  VectorX z = w.lagrangian->state.z;
  VectorX q = coupled_velocity(m, cs, z, w.lagrangian->state.velocity);
  const VectorX z0 = z, q0 = q;
  advance_coupled_positions(m, cs, 0.001, q, z);
  const VectorX moved = z;
  double kappa = 0.0;
  std::vector<HeldContact> held;
  const BodyContactReport r = filter_body_contact(m, cs, c.state.body_collision, 1e-3, 1e-3, NewtonSettings{},
                                                  0.001, z0, z, q, kappa, {}, held);
  EXPECT_FALSE(r.filtered);
  EXPECT_EQ(z, moved);
  EXPECT_EQ(q, q0);
  EXPECT_TRUE(held.empty());
}
