// A keyframed obstacle: keys describing a constant motion push the liquid exactly as the same
// constant velocity does, no liquid is left inside a ball dragged through a pool, a keyframed
// collider carries a Lagrangian body resting on it, and bad keys are refused.
#include <gtest/gtest.h>

#include "../stepping.hpp"
#include "../test_support.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

/// A ball (radius 0.04 m) dragged at 0.5 m/s along x through a pool 0.1 m deep.
json pool_with_ball(const json& motion) {
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.4, 0.2, 0.1], "dx": 0.01},
    "fluid": {"regions": [{"type": "box", "min": [-1, -1, -1], "max": [1, 0.1, 1]}]},
    "solids": [{"type": "sphere", "name": "ball", "center": [0.1, 0.08, 0.05], "radius": 0.04}],
    "output": {"preview": {"enabled": false}}
  })");
  for (const auto& [k, v] : motion.items()) j["solids"][0][k] = v;
  return j;
}

struct PoolResult {
  double volume;
  Vec3 momentum;
  int64_t particles_inside;
};

PoolResult drag(const json& motion, double seconds) {
  PoolResult r{};
  test::run_scene(test::scene_from(pool_with_ball(motion)), seconds, [&](World& w) {
    const LiquidMeasures m = measure_liquid(w);
    r = {m.volume, m.momentum, 0};
    const Vec3 centre = Vec3(0.1, 0.08, 0.05) + Vec3(0.5, 0, 0) * std::min(seconds, 0.4);
    for (const Vec3f& x : w.liquid.particles.x) r.particles_inside += (x.cast<double>() - centre).norm() < 0.04 - 0.005;
  });
  return r;
}

}  // namespace

TEST(KeyframedObstacle, ConstantMotionKeysPushTheLiquidAsTheVelocityDoes) {
  const double T = 0.2;
  const PoolResult by_velocity = drag({{"velocity", {0.5, 0, 0}}}, T);
  const PoolResult by_keys = drag(json::parse(R"({"keyframes": [{"time": 0, "position": [0.1, 0.08, 0.05]},
                                                                {"time": 0.4, "position": [0.3, 0.08, 0.05]}]})"),
                                  T);
  EXPECT_NEAR(by_keys.volume / by_velocity.volume, 1.0, 1e-6);
  EXPECT_LT((by_keys.momentum - by_velocity.momentum).norm(), 1e-6 * by_velocity.momentum.norm());
  EXPECT_GT(by_keys.momentum.x(), 0.0);  // the ball pushes the liquid along
  EXPECT_EQ(by_keys.particles_inside, 0);
  EXPECT_EQ(by_velocity.particles_inside, 0);
  std::printf("velocity: volume %.6g m^3, momentum x %.6g; keys: %.6g, %.6g\n", by_velocity.volume,
              by_velocity.momentum.x(), by_keys.volume, by_keys.momentum.x());
}

TEST(KeyframedObstacle, ACollidingBodyRidesAKeyframedLift) {
  // A rigid ball resting on a box that rises 0.1 m in 0.5 s, eased at both ends: the box is at
  // its keys, and the ball rides up with it (its bottom stays on the box's top).
  const Scene s = test::scene_from(json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.4, 0.3], "dx": 0.02},
    "time": {"end": 0.6, "fps": 30, "max_dt": 0.005},
    "solids": [
      {"type": "box", "name": "lift", "min": [0.05, 0.005, 0.05], "max": [0.25, 0.055, 0.25], "interpolation": "smooth",
       "keyframes": [{"time": 0, "position": [0.15, 0.03, 0.15]}, {"time": 0.5, "position": [0.15, 0.13, 0.15]}]},
      {"type": "rigid", "name": "ball", "density": 500,
       "geometry": {"type": "sphere", "center": [0.15, 0.0855, 0.15], "radius": 0.03, "subdivisions": 2}}],
    "output": {"preview": {"enabled": false}}
  })"));
  const auto coupler = make_coupler(s);
  World w(s);
  initialise_world(w, *coupler);
  FrameLog log;
  PhaseTimings timings;
  const WarningSink warn;
  while (w.time < 0.6 - 1e-12) {  // no liquid: the solids step alone, as the simulation loop does
    const double dt = std::min(s.time.max_dt, 0.6 - w.time);
    step_free_solids(w, dt, StepContext{log, timings, warn, 0});
    w.advance_clock(dt);
  }
  const SolidWorld& sw = *w.lagrangian;
  const VectorX x = sw.model.positions(sw.state.z);
  double ball_bottom = 1e9, lift_top = -1e9;
  for (const SolidBodyInfo& b : sw.model.bodies)
    for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) {
      if (b.name == "ball") ball_bottom = std::min(ball_bottom, x[3 * v + 1]);
      if (b.name == "lift") lift_top = std::max(lift_top, x[3 * v + 1]);
    }
  EXPECT_NEAR(lift_top, 0.155, 1e-9);                        // the last key: its top at 0.13 + 0.025
  EXPECT_NEAR(ball_bottom, lift_top, 2.0 * s.contact_dhat);  // carried up, resting on it
  EXPECT_GT(ball_bottom, lift_top);
  std::printf("lift top %.5f m, ball bottom %.5f m\n", lift_top, ball_bottom);
}

TEST(KeyframedObstacle, BadKeysAreRefused) {
  auto error_with = [](const json& motion) { return test::input_error_of(pool_with_ball(motion)); };
  EXPECT_NE(error_with(json::parse(R"({"keyframes": [{"time": 0.5, "position": [0.1, 0.08, 0.05]},
                                                     {"time": 0.2, "position": [0.2, 0.08, 0.05]}]})"))
                .find("/solids/0/keyframes/1/time: keyframes out of order"),
            std::string::npos);
  EXPECT_NE(error_with(json::parse(R"({"keyframes": [{"time": 0.5, "position": [0.1, 0.08, 0.05]}]})"))
                .find("at least two keys"),
            std::string::npos);
  EXPECT_NE(error_with(json::parse(R"({"velocity": [1, 0, 0], "keyframes": [{"time": 0, "position": [0.1, 0.08, 0.05]},
                                                     {"time": 1, "position": [0.2, 0.08, 0.05]}]})"))
                .find("not both"),
            std::string::npos);
  EXPECT_NE(error_with(json::parse(R"({"keyframes": [{"time": 0, "position": [0.1, 0.08, 0.05]},
                                                     {"time": 1e-9, "position": [0.2, 0.08, 0.05]}]})"))
                .find("faster than one grid cell per time.min_dt"),
            std::string::npos);
  EXPECT_NE(error_with(json::parse(R"({"keyframes": [{"time": 0}, {"time": 1, "position": [0.2, 0.08, 0.05]}]})"))
                .find("position"),
            std::string::npos);
}
