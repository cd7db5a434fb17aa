// The barrier method's final projection (Liu et al. 2025, Eq. 23): the liquid-air faces next to
// a contacting solid move with it, but only while the solid pushes. A drop moving away from a
// still cloth keeps its velocity at those faces (they are opened again); a drop moving into it
// is stopped there. With final_projection "two_way" the same pressure pushes a free cloth: the
// momentum the liquid loses, the cloth gains.
#include <gtest/gtest.h>

#include "../../test_support.hpp"
#include "ripple/coupling/barrier/contact_faces.hpp"
#include "ripple/coupling/barrier/final_projection.hpp"
#include "../../stepping.hpp"
#include "ripple/sim/frame_output.hpp"

namespace ripple {
namespace {

struct Outcome {
  FinalProjectionReport report;
  double mean_face_velocity = 0.0;  ///< m/s, y-velocity over the contact faces after the projection
  int faces = 0;
  Vec3 liquid_momentum_change = Vec3::Zero();  ///< kg m/s, over the projection
  Vec3 cloth_momentum_change = Vec3::Zero();   ///< kg m/s, from report.vertex_velocity_change
  double cloth_mass = 0.0;                     ///< kg
};

// A 40 mm drop in zero gravity, its top 0.5 mm under a still 30 mm cloth patch, every face of
// the liquid moving at `vy`; no surface tension, so a free drop needs no pressure at all.
Outcome project_drop(double vy, const std::string& final_projection = "one_way", bool pinned = true) {
  nlohmann::json j = nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.1, 0.1, 0.1], "dx": 0.005},
    "time": {"end": 0.1, "fps": 30},
    "gravity": [0, 0, 0],
    "fluid": {"representation": "levelset", "regions": [{"type": "sphere", "center": [0.05, 0.05, 0.05], "radius": 0.02}]},
    "solids": [{"type": "shell", "name": "cloth",
                "geometry": {"type": "grid", "center": [0.05, 0.0705, 0.05], "width": 0.03, "depth": 0.03, "resolution": 10},
                "pinned": {"regions": [{"min": [0, 0, 0], "max": [0.1, 0.1, 0.1]}]}}],
    "coupling": {"method": "barrier"},
    "output": {"preview": {"enabled": false}}
  })");
  j["coupling"]["barrier"]["final_projection"] = final_projection;
  if (!pinned) j["solids"][0].erase("pinned");
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  for (int a = 0; a < 3; ++a) w.liquid.velocity.u[a].data().assign(w.liquid.velocity.u[a].data().size(), a == 1 ? vy : 0.0);
  const SolidModel& m = w.lagrangian->model;
  const VectorX x = m.positions(w.lagrangian->state.z);
  std::vector<int> all(static_cast<size_t>(m.num_vertices));
  for (int v = 0; v < m.num_vertices; ++v) all[v] = v;
  const std::vector<ContactFace> faces = find_contact_faces(w.liquid.grid, w.liquid.phi, x, all);
  PhaseTimings timings;
  Outcome out;
  const Vec3 before = measure_liquid(w).momentum;
  out.report = project_with_contacts(w, barrier_settings(s), m, x, VectorX::Zero(x.size()), all, 0.01, timings);
  out.liquid_momentum_change = measure_liquid(w).momentum - before;
  for (int v = 0; v < m.num_vertices; ++v) {
    out.cloth_mass += m.vertex_mass[v];
    if (out.report.vertex_velocity_change.size() > 0)
      out.cloth_momentum_change += m.vertex_mass[v] * out.report.vertex_velocity_change.segment<3>(3 * v);
  }
  for (const ContactFace& f : faces)
    if (f.axis == 1 && std::abs(f.centre.y() - 0.07) < 1e-9) {  // right under the cloth: closed at first
      out.mean_face_velocity += w.liquid.velocity.u[1](f.index.x(), f.index.y(), f.index.z());
      ++out.faces;
    }
  if (out.faces > 0) out.mean_face_velocity /= out.faces;
  return out;
}

TEST(FinalProjection, ContactFacesPushButDoNotHoldTheLiquid) {
  const Outcome leaving = project_drop(-0.2), arriving = project_drop(0.2);
  ASSERT_GT(leaving.faces, 4);
  ASSERT_GT(arriving.faces, 4);
  // Leaving: closed at first, the faces pull (suction), are opened, and the drop keeps moving.
  EXPECT_GT(leaving.report.released_faces, 0);
  EXPECT_NEAR(leaving.mean_face_velocity, -0.2, 0.02);
  // Arriving: the cloth pushes; the faces stay closed at its velocity (0).
  EXPECT_EQ(arriving.report.released_faces, 0);
  EXPECT_GT(arriving.report.closed_faces, 4);
  EXPECT_NEAR(arriving.mean_face_velocity, 0.0, 1e-12);
}

TEST(FinalProjection, TwoWayGivesTheClothTheMomentumTheLiquidLoses) {
  // One way (Eq. 23): the free cloth is not pushed, and the liquid loses momentum into it.
  const Outcome one_way = project_drop(0.2, "one_way", false);
  EXPECT_EQ(one_way.report.vertex_velocity_change.size(), 0);
  EXPECT_LT(one_way.liquid_momentum_change.y(), -0.02 * 0.2 * one_way.cloth_mass);
  // Two way: the pressure that stops the liquid pushes the cloth, and they leave the projection
  // at one velocity on the closed faces, between the cloth's (0) and the drop's (0.2 m/s).
  const Outcome two_way = project_drop(0.2, "two_way", false);
  ASSERT_TRUE(two_way.report.converged);
  ASSERT_GT(two_way.faces, 4);
  ASSERT_EQ(two_way.report.released_faces, 0);
  const double gained = two_way.cloth_momentum_change.y();
  EXPECT_GT(gained / two_way.cloth_mass, 0.02);  // the cloth's mean velocity, m/s (0.072)
  // Momentum: one way loses 2.6e-4 kg m/s; two way keeps all but 2.5e-5 (the liquid's
  // momentum, summed over faces by their liquid share, is not exact at the free surface).
  EXPECT_LT(std::abs(two_way.liquid_momentum_change.y() + gained), 0.2 * std::abs(one_way.liquid_momentum_change.y()));
  EXPECT_GT(two_way.mean_face_velocity, 0.1);  // 0.167
  EXPECT_LT(two_way.mean_face_velocity, 0.2);
  // A pinned cloth has no inverse mass: two way is one way there.
  const Outcome pinned = project_drop(0.2, "two_way", true);
  EXPECT_NEAR(pinned.mean_face_velocity, 0.0, 1e-12);
  EXPECT_EQ(pinned.cloth_momentum_change.norm(), 0.0);
}

}  // namespace
}  // namespace ripple
