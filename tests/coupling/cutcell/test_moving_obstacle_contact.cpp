// Cut-cell contact with a moving obstacle: an elastic cube resting on a rising platform in a
// pool moves up with it. Its vertices on the platform are held through the projection at the
// platform's normal velocity, not at rest (held there, the cube would only be pushed up by the
// position corrections and report no velocity).
#include <gtest/gtest.h>

#include "../../stepping.hpp"
#include "../../test_support.hpp"

using namespace ripple;
using nlohmann::json;

TEST(CutCellMovingObstacle, AVolumeOnARisingPlatformMovesWithIt) {
  const double speed = 0.5;  // m/s
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.01},
    "time": {"end": 0.3, "fps": 30},
    "fluid": {"regions": [{"type": "box", "min": [-1, -1, -1], "max": [1, 0.06, 1]}]},
    "solids": [
      {"type": "volume", "name": "cube", "density": 1500, "young": 1e6, "poisson": 0.3, "model": "corotated_linear",
       "geometry": {"type": "box", "min": [0.12, 0.072, 0.12], "max": [0.18, 0.132, 0.18], "resolution": 3}},
      {"type": "box", "name": "lift", "min": [0.07, 0.02, 0.07], "max": [0.23, 0.04, 0.23],
       "keyframes": [{"time": 0, "position": [0.15, 0.03, 0.15]}, {"time": 0.2, "position": [0.15, 0.13, 0.15]}]}
    ],
    "coupling": {"method": "cutcell"},
    "output": {"preview": {"enabled": false}}
  })");
  const Scene s = test::scene_from(j);
  const auto coupler = make_coupler(s);
  World w(s);
  initialise_world(w, *coupler);
  const SolidWorld& sw = *w.lagrangian;
  const SolidBodyInfo& cube = sw.model.bodies[sw.scene_bodies[0]];
  double velocity_sum = 0.0;
  int steps = 0;
  test::run_for(w, *coupler, 0.18, [&](const World& world) {
    if (world.time < 0.1) return;  // landed on the platform by then
    double mv = 0.0, m = 0.0;
    for (int v = cube.first_vertex; v < cube.first_vertex + cube.num_vertices; ++v) {
      mv += sw.model.vertex_mass[v] * world.lagrangian->state.velocity[sw.model.vertex_dof[v] + 1];
      m += sw.model.vertex_mass[v];
    }
    velocity_sum += mv / m;
    ++steps;
  });
  ASSERT_GT(steps, 3);
  const double mean = velocity_sum / steps;
  EXPECT_NEAR(mean, speed, 0.1 * speed) << "the cube's mean upward velocity while the platform lifts it";
  std::printf("mean upward velocity %.4f m/s over %d steps (platform %.2f m/s)\n", mean, steps, speed);
}
