// Zarifi & Batty 2017 coupling with contact between coupled bodies (body_contact.hpp): a rigid
// block resting on a floating rigid raft. The raft carries the block's weight through the
// contact only, so it floats deeper than alone: Archimedes for the pair gives its immersed depth
// (m_raft + m_block) / (rho A), A the raft's footprint. Asserted within 5 % after settling, with
// no intersection at any sample and the block still on the raft. (A ball would not do: it rolls
// off the raft's least tilt, which its own weight then increases; the block is held by friction.) With RIPPLE_VALIDATION_OUT set
// the series goes to cutcell_stack.csv.
#include <gtest/gtest.h>

#include <fstream>

#include "../liquid_surface.hpp"
#include "../test_support.hpp"
#include "ripple/contact/intersection_check.hpp"

#include "../stepping.hpp"

using namespace ripple;

namespace {

// Raft 0.24 x 0.08 x 0.16 m at 500 kg/m^3; an 8 cm block at 2000 kg/m^3 on top of it.
constexpr double kRaftMinX = 0.08, kRaftMaxX = 0.32;

double lowest(const World& w, int body, int axis, bool highest = false) {
  const SolidModel& m = w.lagrangian->model;
  const SolidBodyInfo& b = m.bodies[body];
  const VectorX x = m.positions(w.lagrangian->state.z);
  double v = highest ? -1e9 : 1e9;
  for (int i = b.first_vertex; i < b.first_vertex + b.num_vertices; ++i)
    v = highest ? std::max(v, x[3 * i + axis]) : std::min(v, x[3 * i + axis]);
  return v;
}

}  // namespace

TEST(ValidationCutCellStack, RaftCarryingABlockFloatsAtTheDepthOfTheirJointWeight) {
  const Scene s = test::scene_from(nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.4, 0.3, 0.25], "dx": 0.0125},
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.4, 0.15, 0.25]}]},
    "solids": [
      {"type": "rigid", "name": "raft", "density": 500,
       "geometry": {"type": "box", "min": [0.08, 0.085, 0.045], "max": [0.32, 0.165, 0.205]}},
      {"type": "rigid", "name": "block", "density": 2000,
       "geometry": {"type": "box", "min": [0.16, 0.167, 0.085], "max": [0.24, 0.247, 0.165]}}],
    "coupling": {"method": "cutcell"},
    "output": {"preview": {"enabled": false}}
  })"));
  World w(s);
  CutCellCoupler c(cutcell_settings(s));
  initialise_world(w, c);
  const SolidModel& m = w.lagrangian->model;
  const double area = 0.24 * 0.16;
  const double analytic = (m.bodies[0].mass + m.bodies[1].mass) / (1000.0 * area);
  PhaseTimings timings;
  std::ofstream csv;
  if (const std::string path = test::validation_csv("cutcell_stack.csv"); !path.empty()) {
    csv.open(path);
    csv << "time_s,raft_immersed_depth_m,analytic_m\n";
  }
  double sum = 0.0;
  int samples = 0, contact_steps = 0;
  for (double t = 0.02; t < 2.5 + 1e-9; t += 0.02) {
    while (w.time < t - 1e-9)
      contact_steps += test::step(w, c, std::min(c.stable_time_step(w), t - w.time), timings).motion.contact.filtered;
    ASSERT_EQ(count_intersecting_pairs(c.state.body_collision, m.positions(w.lagrangian->state.z)), 0) << t;
    // The raft's mean bottom below the surface: its centre minus half its height (a slight tilt
    // moves its lowest corner, not the volume it displaces).
    const double depth = test::surface_height(w, 1, 1) - (w.lagrangian->state.z[m.bodies[0].first_dof + 1] - 0.04);
    if (csv.is_open()) csv << w.time << "," << depth << "," << analytic << "\n";
    if (t > 1.5) { sum += depth; ++samples; }
  }
  const double depth = sum / samples;
  std::printf("raft with block: immersed depth %.4f m (analytic %.4f m, %+.1f %%; raft alone %.4f m)\n", depth,
              analytic, 100.0 * (depth - analytic) / analytic, m.bodies[0].mass / (1000.0 * area));
  EXPECT_NEAR(depth, analytic, 0.05 * analytic);
  EXPECT_GT(contact_steps, 0);
  // The block still rides on the raft: above its bottom and within its footprint.
  EXPECT_GT(lowest(w, 1, 1), lowest(w, 0, 1));
  EXPECT_GT(lowest(w, 1, 0), kRaftMinX);
  EXPECT_LT(lowest(w, 1, 0, true), kRaftMaxX);
}
