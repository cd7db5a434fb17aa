// The monolith coupling (Takahashi & Batty 2022) run as a scene: a box twice as dense as water
// resting on the floor of a still tank stays at rest (the issue's hydrostatics check, with a
// rigid body; the contact force carries its weight less buoyancy), and a box of half the
// water's density floats at Archimedes' depth (tank 0.4 m wide, dx = 2 cm); an elastic block
// resting submerged on the floor stays at rest, the liquid's volume kept, no tetrahedron
// inverted (the issue's invariants); a sinking elastic block ends alike under every split
// scheme of Table 1.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "../liquid_surface.hpp"
#include "ripple/sim/frame_output.hpp"
#include "ripple/sim/simulation.hpp"
#include "ripple/solid/forms/elastic_form.hpp"
#include "../stepping.hpp"
#include "../test_support.hpp"

using namespace ripple;

namespace {

nlohmann::json tank_with_box(double density, double bottom) {
  return nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.4, 0.4, 0.4], "dx": 0.02},
    "time": {"end": 1.0, "fps": 30, "cfl": 1.0},
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.4, 0.2, 0.4]}]},
    "solids": [{"type": "rigid", "name": "box", "friction": 0.5,
                "geometry": {"type": "box", "min": [0.15, )" + std::to_string(bottom) + R"(, 0.15],
                                            "max": [0.25, )" + std::to_string(bottom + 0.1) + R"(, 0.25]},
                "density": )" + std::to_string(density) + R"(}],
    "coupling": {"method": "monolith"},
    "output": {"preview": {"enabled": false}}
  })");
}

}  // namespace

TEST(ValidationMonolithBodies, AHeavyBoxRestsOnTheFloorOfAStillTank) {
  const Scene s = test::scene_from(tank_with_box(2000.0, 0.0005));
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  test::run_for(w, *coupler, 1.0);
  const SolidBodyInfo& body = w.lagrangian->model.bodies[w.lagrangian->scene_bodies[0]];
  const Vec3 v = w.lagrangian->state.velocity.segment<3>(body.first_dof);
  const double y = w.lagrangian->state.z[body.first_dof + 1];
  std::printf("heavy box after 1 s: speed %.2e m/s, centre at %.5f m\n", v.norm(), y);
  EXPECT_LT(v.norm(), 1e-4);  // the issue's bound for a resting body
  EXPECT_NEAR(y, 0.0505, 2e-3);  // on the floor, not sunk into it
}

TEST(ValidationMonolithBodies, ALightBoxFloatsAtArchimedesDepth) {
  const Scene s = test::scene_from(tank_with_box(500.0, 0.16));
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  double sum = 0.0;
  int samples = 0;
  test::run_for(w, *coupler, 1.5, [&](const World& world) {
    if (world.time < 0.8) return;
    const SolidBodyInfo& body = world.lagrangian->model.bodies[world.lagrangian->scene_bodies[0]];
    // The water's own surface in a column 5 cm from the tank's side, away from the box.
    const double level = test::surface_height(world, 2, 10);
    sum += level - (world.lagrangian->state.z[body.first_dof + 1] - 0.05);
    ++samples;
  });
  const double immersed = sum / samples;
  std::printf("light box: immersed %.4f m over 0.8-1.5 s, Archimedes 0.05 m (%.1f %%)\n", immersed,
              100.0 * (immersed - 0.05) / 0.05);
  EXPECT_NEAR(immersed, 0.05, 0.1 * 0.05);  // within 10 %
}

TEST(ValidationMonolithBodies, AnElasticBlockRestsSubmergedOnTheFloor) {
  // The issue's hydrostatics check: a 10 x 8 x 10 cm neo-Hookean block (1500 kg/m^3, 1e5 Pa)
  // under 12 cm of water, 2 mm above the floor at the start, at rest after 1 s.
  const Scene s = test::scene_from(nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.02},
    "time": {"end": 1.0, "fps": 30},
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.3, 0.2, 0.3]}]},
    "solids": [{"type": "volume", "name": "block", "density": 1500, "young": 1e5, "poisson": 0.3,
                "friction": 0.5,
                "geometry": {"type": "box", "min": [0.1, 0.002, 0.1], "max": [0.2, 0.082, 0.2], "resolution": 4}}],
    "coupling": {"method": "monolith"},
    "output": {"preview": {"enabled": false}}
  })"));
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  const double volume0 = measure_liquid(w, coupler->body_phi()).volume;
  double worst_volume = 0.0;
  int inverted = 0;
  const ElasticForm elastic(w.lagrangian->model, 1.0);
  for (int frame = 1; frame <= 30; ++frame) {  // the liquid's volume as written, every frame
    test::run_for(w, *coupler, frame / 30.0);
    worst_volume = std::max(worst_volume, std::abs(measure_liquid(w, coupler->body_phi()).volume / volume0 - 1.0));
    inverted = std::max(inverted, elastic.inverted_elements(w.lagrangian->state.z));
  }
  const SolidModel& m = w.lagrangian->model;
  double fastest = 0.0, lowest = 1.0;
  const VectorX x = m.positions(w.lagrangian->state.z);
  for (int v = 0; v < m.num_vertices; ++v) {
    fastest = std::max(fastest, w.lagrangian->state.velocity.segment<3>(m.vertex_dof[v]).norm());
    lowest = std::min(lowest, x[3 * v + 1]);
  }
  std::printf("elastic block after 1 s: fastest vertex %.2e m/s, lowest vertex %.2e m, liquid volume within %.2f %%\n",
              fastest, lowest, 100.0 * worst_volume);
  EXPECT_LT(fastest, 1e-4);
  EXPECT_GT(lowest, -1e-3);  // on the floor, not through it
  EXPECT_LT(worst_volume, 0.01);
  EXPECT_EQ(inverted, 0);
}

TEST(ValidationMonolithBodies, ARigidBoxDroppedOnAnElasticSlabRestsOnIt) {
  // A 4 cm rigid box (1000 kg/m^3) dropped from 2 cm onto a soft neo-Hookean slab (4 cm thick,
  // 2e4 Pa, vertices 8 cm apart: none under the box) lying on the floor; a pool in the far
  // corner keeps the monolith's solve running. Only the box's vertices meeting the slab's
  // surface triangles (surface_contacts.hpp) can hold it: it must come to rest on the slab,
  // pressing it in, not fall through it to the floor.
  const Scene s = test::scene_from(nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.02},
    "time": {"end": 1.0, "fps": 30},
    "fluid": {"regions": [{"type": "box", "min": [0.24, 0, 0.24], "max": [0.3, 0.04, 0.3]}]},
    "solids": [
      {"type": "volume", "name": "slab", "density": 1000, "young": 2e4, "poisson": 0.3, "friction": 0.5,
       "geometry": {"type": "box", "min": [0.04, 0.001, 0.04], "max": [0.2, 0.041, 0.2], "resolution": 2}},
      {"type": "rigid", "name": "box", "density": 1000, "friction": 0.5,
       "geometry": {"type": "box", "min": [0.06, 0.061, 0.06], "max": [0.1, 0.101, 0.1]}}],
    "coupling": {"method": "monolith"},
    "output": {"preview": {"enabled": false}}
  })"));
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  test::run_for(w, *coupler, 0.7);
  const SolidModel& m = w.lagrangian->model;
  const SolidBodyInfo& box = m.bodies[w.lagrangian->scene_bodies[1]];
  const double bottom = w.lagrangian->state.z[box.first_dof + 1] - 0.02;
  const double speed = w.lagrangian->state.velocity.segment<3>(box.first_dof).norm();
  // The slab's sag under the box: its pressure 1000 * 9.81 * 0.04 Pa on 4 cm of a 2e4 Pa solid
  // is a strain of about 2 %, under a millimetre (more on so coarse a slab).
  std::printf("rigid box on an elastic slab after 0.7 s: bottom at %.4f m (slab top 0.041 m), speed %.2e m/s\n",
              bottom, speed);
  EXPECT_GT(bottom, 0.035);  // on the slab, not through it (the floor is at 0)
  EXPECT_LT(bottom, 0.042);
  EXPECT_LT(speed, 0.01);
}

TEST(ValidationMonolithBodies, AnElasticBlockSinksAlikeUnderEverySplitScheme) {
  // coupling.monolith.elastic_split changes how the stiffness enters the solve, not the step's
  // solution: run to convergence (IC's inexact Newton directions need many more iterations),
  // the block sinking through the water for 0.1 s ends where LDL^T puts it.
  std::vector<VectorX> ends;
  for (const char* scheme : {"ldlt", "natural", "incomplete", "schur"}) {
    nlohmann::json j = nlohmann::json::parse(R"({
      "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.02},
      "time": {"end": 0.1, "fps": 30},
      "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.3, 0.2, 0.3]}]},
      "solids": [{"type": "volume", "name": "block", "density": 1500, "young": 1e5, "poisson": 0.3,
                  "geometry": {"type": "box", "min": [0.1, 0.06, 0.1], "max": [0.2, 0.14, 0.2], "resolution": 3}}],
      "coupling": {"method": "monolith", "monolith": {"tolerance": 1e-9, "newton_tolerance": 1e-6,
                                                 "newton_iterations": 300}},
      "output": {"preview": {"enabled": false}}
    })");
    j["coupling"]["monolith"]["elastic_split"] = scheme;
    const Scene scene = test::scene_from(j);
    World w(scene);
    std::unique_ptr<Coupler> coupler = initialise_world(w);
    const VectorX x0 = w.lagrangian->model.positions(w.lagrangian->state.z);
    test::run_for(w, *coupler, 0.1);
    ends.push_back(w.lagrangian->model.positions(w.lagrangian->state.z) - x0);
  }
  const double sunk = -ends[0].reshaped(3, ends[0].size() / 3).row(1).mean();
  std::printf("block sunk %.3f mm in 0.1 s; natural, incomplete and schur differ from ldlt by %.2e, %.2e and %.2e m\n",
              1e3 * sunk, (ends[1] - ends[0]).cwiseAbs().maxCoeff(), (ends[2] - ends[0]).cwiseAbs().maxCoeff(),
              (ends[3] - ends[0]).cwiseAbs().maxCoeff());
  EXPECT_GT(sunk, 1e-3);
  EXPECT_LT((ends[1] - ends[0]).cwiseAbs().maxCoeff(), 1e-3 * sunk);
  EXPECT_LT((ends[2] - ends[0]).cwiseAbs().maxCoeff(), 1e-3 * sunk);
  EXPECT_LT((ends[3] - ends[0]).cwiseAbs().maxCoeff(), 1e-3 * sunk);
}

TEST(ValidationMonolithBodies, WithoutLiquidTheMonolithStepsTheSolidsAndASoftBallRestsOnTheFloor) {
  // A scene with no liquid under `monolith` is stepped by the monolith's own Newton iteration
  // and QP (its stats say so), as the paper's solid-only scenes: a soft ball dropped on the
  // floor lands, stays on it and comes to rest, no tetrahedron inverted.
  const Scene s = test::scene_from(nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.02},
    "time": {"end": 1.2, "fps": 30, "max_dt": 0.0084},
    "fluid": {"regions": []},
    "solids": [{"type": "volume", "name": "ball", "density": 500, "young": 20000, "poisson": 0.45, "friction": 0.5,
                "geometry": {"type": "sphere", "center": [0.15, 0.12, 0.15], "radius": 0.05, "resolution": 4}}],
    "coupling": {"method": "monolith"},
    "output": {"preview": {"enabled": false}, "checkpoint_every": 0, "liquid_mesh": false, "solid_meshes": false}
  })"));
  RunOptions opt;
  opt.output_dir = (test::temp_dir("monolith_dry_ball") / "out").string();
  run_simulation(s, opt);
  std::ifstream in(opt.output_dir + "/stats.jsonl");
  std::vector<nlohmann::json> frames;
  for (std::string line; std::getline(in, line);) frames.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(frames.size(), 37u);
  int newton = 0, inverted = 0;
  double lowest = 1.0;
  for (size_t f = 1; f < frames.size(); ++f) {
    newton += frames[f]["monolith"]["newton_iterations"].get<int>();
    inverted = std::max(inverted, frames[f]["inverted_elements"].get<int>());
    const double gap = frames[f]["min_contact_distance"].is_null() ? 1.0 : frames[f]["min_contact_distance"].get<double>();
    lowest = std::min(lowest, gap);
  }
  const double kinetic = frames.back()["solid_kinetic_energy"];
  const double height = frames.back()["bodies"][0]["center_of_mass"][1];
  std::printf("soft ball without liquid: %d Newton iterations, centre at %.4f m (radius 0.05), kinetic energy %.2e J, "
              "closest contact %.2e m\n",
              newton, height, kinetic, lowest);
  EXPECT_GT(newton, 36);  // every frame's substeps went through the monolith's solve
  EXPECT_EQ(inverted, 0);
  EXPECT_GT(height, 0.035);  // on the floor, squashed a little, not through it
  EXPECT_LT(height, 0.05);
  EXPECT_GT(lowest, -1e-3);
  EXPECT_LT(kinetic, 1e-4);  // at rest (it fell with 0.18 J)
}
