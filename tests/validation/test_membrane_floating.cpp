// Objects held by surface tension under the membrane coupling (Ruan et al. 2021):
// scenes/membrane/dense_bar.json, a bar twice as dense as water laid on the surface, stays
// afloat at water's surface tension (0.0728 N/m) and sinks at 0.005 N/m, which cannot carry
// it: the capillary pull along its contact line (Eq. 20) holds it, not its buoyancy. On every
// substep the liquid's volume (the membrane's) holds to 1e-5 (measured 8e-7: particles
// projected out of the bar after the volume's offset) and no membrane particle lies inside the
// bar beyond a hundredth of a cell (its distance is sampled every quarter cell; measured 0.002
// cells). Measured (0.05 s): the bar's centre 0.54 mm above the still water at 0.0728 N/m, 2.1
// mm below it at 0.005 N/m, 4.2 mm below it (on the floor) under the plain level-set cut-cell
// coupling. Keller's law for the bar (and, disabled as it fails, for
// scenes/membrane/sphere_into_water.json's light ball). About 2 minutes.
#include <gtest/gtest.h>

#include <fstream>

#include "../stepping.hpp"
#include "../test_support.hpp"
#include "ripple/coupling/membrane/membrane_coupler.hpp"
#include "ripple/sim/frame_output.hpp"
#include "ripple/world/rigid_bodies.hpp"

using namespace ripple;

namespace {

/// The bar's centre height (m) after `seconds` at surface tension `sigma` (N/m).
double bar_height(double sigma, double seconds) {
  const std::string dir = std::string(RIPPLE_SOURCE_DIR) + "/scenes/membrane";
  nlohmann::json j = test::shipped_scene("scenes/membrane/dense_bar.json");
  j["fluid"]["surface_tension"] = sigma;
  const Scene s = test::scene_from(j, dir);
  World w(s);
  const std::unique_ptr<Coupler> coupler = initialise_world(w);
  auto& membrane = dynamic_cast<MembraneCoupler&>(*coupler);
  const double volume = membrane.liquid_surface(w)->signed_volume();
  std::vector<int> model_body, scene_solid;
  std::vector<RigidBody> bodies = make_rigid_bodies(w, 0.25 * s.grid.dx, model_body, scene_solid);
  test::run_for(w, *coupler, seconds, [&](const World& world) {
    const LiquidMembrane& m = membrane.membrane();
    EXPECT_NEAR(m.mesh().signed_volume() / volume, 1.0, 1e-5);
    read_rigid_bodies(world, model_body, bodies);
    double deepest = 0.0;
    for (const Vec3& x : m.x) deepest = std::min(deepest, rigid_body_distance(bodies[0], x));
    EXPECT_GT(deepest, -1e-2 * s.grid.dx) << "a membrane particle inside the bar at t = " << world.time;
  });
  read_rigid_bodies(w, model_body, bodies);
  return bodies[0].position.y();
}

/// Keller's law (Keller 1998, "Surface tension force on a partly submerged body"): a body at
/// rest on the surface carries its weight m g through the weight of the liquid it and its
/// menisci displace below the level where the liquid's pressure is the air's,
/// rho g (A h0 - V_L) for a tank of floor area A holding V_L of liquid. The liquid's pressure
/// is hydrostatic, p = rho g (h0 - y), so A rho g h0 is the floor's load, read from the bottom
/// cells' pressures (their centres half a cell up). Averaged over [from, seconds] of every
/// substep; the body bobs, so the change of the vertical momentum of body and liquid over that
/// time (which the floor's load also pays for) is taken out. Returns {rho g (A h0 - V_L), m g}
/// in N.
std::pair<double, double> keller_balance(const std::string& scene, double seconds, double from) {
  const std::string dir = std::string(RIPPLE_SOURCE_DIR) + "/scenes/membrane";
  nlohmann::json j = test::shipped_scene("scenes/membrane/" + scene);
  const Scene s = test::scene_from(j, dir);
  World w(s);
  const std::unique_ptr<Coupler> coupler = initialise_world(w);
  auto& membrane = dynamic_cast<MembraneCoupler&>(*coupler);
  std::vector<int> model_body, scene_solid;
  std::vector<RigidBody> bodies = make_rigid_bodies(w, 0.25 * s.grid.dx, model_body, scene_solid);
  const double rho = s.fluid.density, g = s.gravity.norm(), dx = s.grid.dx;
  auto vertical_momentum = [&] {
    read_rigid_bodies(w, model_body, bodies);
    return bodies[0].mass * bodies[0].velocity.y() + measure_liquid(w).momentum.y();
  };
  double sum = 0.0, weight = 0.0, last = 0.0, p_from = 0.0;
  test::run_for(w, *coupler, seconds, [&](const World& world) {
    const double dt = world.time - last;
    last = world.time;
    if (world.time <= from) {
      if (world.time > from - 0.01) p_from = vertical_momentum();
      return;
    }
    double floor_load = 0.0;
    for (int k = 0; k < s.grid.n.z(); ++k)
      for (int i = 0; i < s.grid.n.x(); ++i) floor_load += dx * dx * (world.liquid.pressure(i, 0, k) + rho * g * 0.5 * dx);
    sum += dt * (floor_load - rho * g * membrane.membrane().mesh().signed_volume());
    weight += dt;
  });
  const double p_change = vertical_momentum() - p_from;
  return {(sum - p_change) / weight, bodies[0].mass * g};
}

}  // namespace

TEST(ValidationMembraneFloating, KellersLawHoldsForTheFloatingDenseBar) {
  const auto [displaced, weight] = keller_balance("dense_bar.json", 0.1, 0.05);
  std::printf("dense bar: weight of the displaced liquid %.4g N, the bar's weight %.4g N (%+.1f %%)\n", displaced, weight,
              100.0 * (displaced / weight - 1.0));
  EXPECT_NEAR(displaced / weight, 1.0, 0.05);
}

/// The bar's centre height (m) after `seconds` under coupling `method` with plain level-set
/// surface tension (no membrane).
double bar_height_under(const std::string& method, double seconds) {
  nlohmann::json j = test::shipped_scene("scenes/membrane/dense_bar.json");
  j["coupling"] = {{"method", method}};
  const Scene s = test::scene_from(j, std::string(RIPPLE_SOURCE_DIR) + "/scenes/membrane");
  World w(s);
  const std::unique_ptr<Coupler> coupler = initialise_world(w);
  test::run_for(w, *coupler, seconds);
  std::vector<int> model_body, scene_solid;
  const std::vector<RigidBody> bodies = make_rigid_bodies(w, 0.25 * s.grid.dx, model_body, scene_solid);
  return bodies[0].position.y();
}

TEST(ValidationMembraneFloating, TheDenseBarSinksWithThePlainLevelSetMethod) {
  // The cut-cell coupling (Zarifi & Batty 2017) carries surface tension as the level set's
  // pressure jump: nothing pulls along the bar's contact line, and the bar sinks to the floor
  // (its centre 0.75 mm up when it rests there).
  const double water_level = 0.005, y = bar_height_under("cutcell", 0.05);
  std::printf("dense bar under the cut-cell coupling after 0.05 s: centre %+.2f mm from the still water\n",
              1e3 * (y - water_level));
  EXPECT_LT(y, water_level - 3.0e-3);
}

TEST(ValidationMembraneFloating, ADenseBarFloatsOnlyWhileSurfaceTensionCanHoldIt) {
  const double water_level = 0.005;
  const double held = bar_height(0.0728, 0.05), weak = bar_height(0.005, 0.05);
  std::printf("dense bar after 0.05 s: centre %+.2f mm from the still water at 0.0728 N/m, %+.2f mm at 0.005 N/m\n",
              1e3 * (held - water_level), 1e3 * (weak - water_level));
  EXPECT_GT(held, water_level + 0.2e-3);  // afloat, its bottom (0.75 mm below the centre) in a dimple
  EXPECT_LT(weak, water_level - 1.0e-3);  // sinking
}

// Disabled: it fails (measured +13.8 %, outside the 5 %; docs/validation.md, still weak). Run
// it with --gtest_also_run_disabled_tests (about a minute).
TEST(ValidationMembraneFloating, DISABLED_KellersLawHoldsForTheFloatingLightBall) {
  // scenes/membrane/sphere_into_water.json: the ball plunges, then bobs about its floating
  // depth; averaged over its bobbing after the plunge.
  const auto [displaced, weight] = keller_balance("sphere_into_water.json", 0.3, 0.1);
  std::printf("light ball: weight of the displaced liquid %.4g N, the ball's weight %.4g N (%+.1f %%)\n", displaced,
              weight, 100.0 * (displaced / weight - 1.0));
  EXPECT_NEAR(displaced / weight, 1.0, 0.05);
}
