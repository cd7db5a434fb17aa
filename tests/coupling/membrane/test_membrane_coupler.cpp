// The membrane coupling end to end (Ruan et al. 2021): a pool at rest stays at rest under the
// hydrostatic pressure, a drop without gravity holds Laplace's pressure 2 sigma / R with small
// spurious currents and exactly its volume, and the membrane survives a checkpoint.
#include <gtest/gtest.h>

#include <cmath>

#include "../../stepping.hpp"
#include "../../test_support.hpp"
#include "ripple/coupling/membrane/membrane_coupler.hpp"
#include "ripple/sim/frame_output.hpp"

namespace ripple {
namespace {

nlohmann::json membrane_scene() {
  nlohmann::json j = test::small_scene();
  j["fluid"]["representation"] = "levelset";
  j["fluid"]["surface_tension"] = 0.0728;
  j["coupling"]["method"] = "membrane";
  return j;
}

TEST(MembraneCoupler, APoolAtRestStaysAtRestUnderItsHydrostaticPressure) {
  nlohmann::json j = membrane_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.1, 0.1, 0.1}}, {"resolution", 10}};
  j["fluid"]["regions"][0] = {{"type", "box"}, {"min", {0, 0, 0}}, {"max", {0.1, 0.045, 0.1}}};
  const Scene s = test::scene_from(j);
  World w(s);
  const std::unique_ptr<Coupler> coupler = initialise_world(w);
  auto& membrane = dynamic_cast<MembraneCoupler&>(*coupler);
  const double volume = membrane.liquid_surface(w)->signed_volume();
  test::run_for(w, *coupler, 0.05);
  EXPECT_LT(w.liquid.velocity.max_abs(), 1e-6);
  // The bottom cells' centres lie 0.04 m below the surface.
  const double rho_g = 1000.0 * 9.81;
  EXPECT_NEAR(w.liquid.pressure(5, 0, 5), rho_g * 0.04, 0.01 * rho_g * 0.04);
  EXPECT_NEAR(membrane.membrane().mesh().signed_volume(), volume, 1e-12);
}

TEST(MembraneCoupler, ADropWithoutGravityHoldsLaplacesPressure) {
  const double dx = 0.001, R = 6 * dx, sigma = 0.0728;
  nlohmann::json j = membrane_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.02, 0.02, 0.02}}, {"dx", dx}};
  j["gravity"] = {0, 0, 0};
  j["fluid"]["regions"][0] = {{"type", "sphere"}, {"center", {0.01, 0.01, 0.01}}, {"radius", R}};
  const Scene s = test::scene_from(j);
  World w(s);
  const std::unique_ptr<Coupler> coupler = initialise_world(w);
  auto& membrane = dynamic_cast<MembraneCoupler&>(*coupler);
  const double volume = membrane.liquid_surface(w)->signed_volume();
  auto inner_pressure = [&] {
    double sum = 0.0;
    int count = 0;
    for (int64_t c = 0; c < w.liquid.phi.size(); ++c)
      if (w.liquid.phi[c] < -2 * dx) { sum += w.liquid.pressure[c]; ++count; }
    EXPECT_GT(count, 20);
    return sum / std::max(count, 1);
  };
  // The pressure averaged over the substeps (the last, shorter one, shows the spurious
  // currents' inertia more).
  double max_speed = 0.0, p_sum = 0.0;
  int steps = 0;
  test::run_for(w, *coupler, 0.02, [&](const World& world) {
    max_speed = std::max(max_speed, world.liquid.velocity.max_abs());
    p_sum += inner_pressure();
    ++steps;
  });
  const double p = p_sum / steps, exact = 2 * sigma / R;
  std::printf("membrane: Laplace pressure at R = 6 dx: %.2f Pa (exact %.2f, %+.1f %%), spurious currents max %.3g m/s\n",
              p, exact, 100 * (p / exact - 1), max_speed);
  EXPECT_NEAR(p, exact, 0.1 * exact);
  EXPECT_LT(max_speed, 0.03);
  EXPECT_NEAR(membrane.membrane().mesh().signed_volume() / volume, 1.0, 1e-9);
}

TEST(MembraneCoupler, TheMembraneSurvivesACheckpoint) {
  nlohmann::json j = membrane_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.02, 0.02, 0.02}}, {"resolution", 10}};
  j["gravity"] = {0, 0, 0};
  j["fluid"]["regions"][0] = {{"type", "sphere"}, {"center", {0.01, 0.01, 0.01}}, {"radius", 0.005}};
  const Scene s = test::scene_from(j);
  World w(s);
  const std::unique_ptr<Coupler> coupler = initialise_world(w);
  test::run_for(w, *coupler, 0.002);
  BinaryWriter out;
  coupler->save(out);
  MembraneCoupler copy(membrane_settings(s));
  BinaryReader in(out.data(), "test");
  copy.load(in);
  const LiquidMembrane& a = dynamic_cast<MembraneCoupler&>(*coupler).membrane();
  const LiquidMembrane& b = copy.membrane();
  ASSERT_EQ(a.size(), b.size());
  ASSERT_EQ(a.triangles.size(), b.triangles.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a.x[i], b.x[i]);
    EXPECT_EQ(a.v[i], b.v[i]);
  }
  // A truncated checkpoint is refused.
  const std::string cut = out.data().substr(0, out.data().size() / 2);
  BinaryReader short_in(cut, "test");
  MembraneCoupler broken(membrane_settings(s));
  EXPECT_THROW(broken.load(short_in), InputError);
}

TEST(MembraneCoupler, AStartWithNoLiquidOutsideTheBodiesIsRefused) {
  nlohmann::json j = membrane_scene();
  j["fluid"]["regions"][0] = {{"type", "sphere"}, {"center", {0.2, 0.15, 0.05}}, {"radius", 0.02}};
  j["solids"] = nlohmann::json::parse(R"([{"type": "rigid", "name": "block", "density": 500,
      "geometry": {"type": "box", "min": [0.12, 0.07, 0.01], "max": [0.28, 0.23, 0.09]}}])");
  const auto dir = test::temp_dir("membrane_no_liquid");
  const std::string scene = test::write_text(dir / "scene.json", j.dump());
  EXPECT_EQ(test::run_ripple("run " + scene + " --quiet --out " + (dir / "out").string(), (dir / "log").string()), 2);
  EXPECT_NE(test::read_text(dir / "log").find("/fluid/regions"), std::string::npos) << test::read_text(dir / "log");
}

TEST(MembraneSettings, ScenesItCannotRunAreRefusedNamingTheKey) {
  EXPECT_EQ(test::input_error_of(membrane_scene()), "");
  nlohmann::json j = membrane_scene();
  j["fluid"]["representation"] = "apic";
  EXPECT_EQ(test::input_error_of(j), "") << "particles run as a level set";
  j["fluid"]["representation"] = "gas";
  j["fluid"]["surface_tension"] = 0.0;
  EXPECT_NE(test::input_error_of(j).find("/fluid/representation"), std::string::npos) << test::input_error_of(j);
  j = membrane_scene();
  j["fluid"]["viscosity"] = 1.0;
  EXPECT_NE(test::input_error_of(j).find("/fluid/viscosity"), std::string::npos) << test::input_error_of(j);
  j = membrane_scene();
  j["domain"]["boundary"]["y_max"] = "open";
  EXPECT_NE(test::input_error_of(j).find("/domain/boundary"), std::string::npos) << test::input_error_of(j);
  j = membrane_scene();
  j["obstacles"] = nlohmann::json::parse(R"([{"type": "sphere", "center": [0.2, 0.1, 0.05], "radius": 0.03}])");
  EXPECT_NE(test::input_error_of(j).find("/obstacles"), std::string::npos) << test::input_error_of(j);
  j = membrane_scene();
  j["solids"] = nlohmann::json::parse(R"([{"type": "rigid", "name": "block", "density": 500,
      "geometry": {"type": "box", "min": [0.26, 0.22, 0.02], "max": [0.32, 0.28, 0.08]}}])");
  EXPECT_EQ(test::input_error_of(j), "");
  j["solids"][0]["motion"] = "fixed";
  EXPECT_NE(test::input_error_of(j).find("/solids/0/motion"), std::string::npos) << test::input_error_of(j);
  j["solids"][0] = nlohmann::json::parse(R"({"type": "shell", "name": "cloth",
      "geometry": {"type": "grid", "center": [0.1, 0.25, 0.05], "width": 0.08, "depth": 0.06, "resolution": 4}})");
  EXPECT_NE(test::input_error_of(j).find("/solids/0/type"), std::string::npos) << test::input_error_of(j);
  j = membrane_scene();
  j["coupling"]["membrane"]["thickness"] = 0.0;
  EXPECT_NE(test::input_error_of(j).find("/coupling/membrane/thickness"), std::string::npos) << test::input_error_of(j);
  j = membrane_scene();
  j["coupling"]["membrane"]["refinement"] = 9;
  EXPECT_NE(test::input_error_of(j).find("/coupling/membrane/refinement"), std::string::npos) << test::input_error_of(j);
  j = membrane_scene();
  j["coupling"]["membrane"]["wall_contact_angle"]["y_max"] = 190;
  EXPECT_NE(test::input_error_of(j).find("/coupling/membrane/wall_contact_angle/y_max"), std::string::npos)
      << test::input_error_of(j);
  j["coupling"]["membrane"]["wall_contact_angle"] = {{"x_mn", 30}};
  EXPECT_NE(test::input_error_of(j).find("/coupling/membrane/wall_contact_angle/x_mn"), std::string::npos)
      << test::input_error_of(j);
}

}  // namespace
}  // namespace ripple
