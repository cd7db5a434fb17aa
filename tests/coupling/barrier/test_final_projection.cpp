// The barrier method's final projection (Liu et al. 2025, Eq. 23): the liquid-air faces next to
// a contacting solid move with it, but only while the solid pushes. A drop moving away from a
// still cloth keeps its velocity at those faces (they are opened again); a drop moving into it
// is stopped there.
#include <gtest/gtest.h>

#include "../../test_support.hpp"
#include "ripple/coupling/barrier/contact_faces.hpp"
#include "ripple/coupling/barrier/final_projection.hpp"
#include "ripple/coupling/none/liquid_only_step.hpp"

namespace ripple {
namespace {

struct Outcome {
  FinalProjectionReport report;
  double mean_face_velocity = 0.0;  ///< m/s, y-velocity over the contact faces after the projection
  int faces = 0;
};

// A 40 mm drop in zero gravity, its top 0.5 mm under a still 30 mm cloth patch, every face of
// the liquid moving at `vy`; no surface tension, so a free drop needs no pressure at all.
Outcome project_drop(double vy) {
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
  out.report = project_with_contacts(w, m, x, VectorX::Zero(x.size()), all, 0.01, timings);
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

}  // namespace
}  // namespace ripple
