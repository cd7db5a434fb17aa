// Whole slip steps on small scenes: liquid inside a closed box made of a thin shell stays inside
// (and falls straight through it without the method), for a resting and for a moving box.
#include <gtest/gtest.h>


#include "../../test_support.hpp"
#include "../../stepping.hpp"
#include "shell_box.hpp"
#include "ripple/coupling/slip/slip_coupler.hpp"
#include "ripple/sim/world_setup.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

json shell_box_scene(const std::string& obj, const std::string& method, const Vec3& pin_velocity,
                     const Vec3& pin_spin) {
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.015},
    "time": {"end": 1.0, "fps": 30},
    "fluid": {"representation": "apic", "regions": [{"type": "box", "min": [0.09, 0.09, 0.09], "max": [0.21, 0.16, 0.21]}]},
    "solids": [{"type": "shell", "name": "box", "density": 200, "thickness": 0.001, "young": 1e6,
                "geometry": {"type": "mesh", "file": ""},
                "pinned": {"regions": [{"min": [-1, -1, -1], "max": [2, 2, 2]}]}}],
    "output": {"preview": {"enabled": false}}
  })");
  j["solids"][0]["geometry"]["file"] = obj;
  j["solids"][0]["pinned"]["velocity"] = {pin_velocity.x(), pin_velocity.y(), pin_velocity.z()};
  j["solids"][0]["pinned"]["angular_velocity"] = {pin_spin.x(), pin_spin.y(), pin_spin.z()};
  j["coupling"]["method"] = method;
  return j;
}

/// Steps the scene for `seconds`; returns the number of particles that left the box, judged in
/// the box's own moving frame with a margin of a quarter cell.
int64_t particles_escaped(const json& j, double seconds, const Vec3& lo, const Vec3& hi, const Vec3& velocity,
                          const Vec3& spin) {
  const Scene scene = test::scene_from(j);
  World w(scene);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  const Vec3 centre0 = 0.5 * (lo + hi);
  int64_t escaped = 0;
  test::run_for(w, *coupler, seconds, [&](const World& now) {
    const Vec3 c = centre0 + velocity * now.time;
    const Eigen::Matrix3d back = spin.norm() > 0 ? Eigen::AngleAxisd(-spin.norm() * now.time, spin.normalized()).matrix()
                                                 : Eigen::Matrix3d::Identity();
    const double margin = 0.25 * scene.grid.dx;
    escaped = 0;
    for (const Vec3f& xf : now.liquid.particles.x) {
      const Vec3 local = back * (xf.cast<double>() - c);
      escaped += ((local.array().abs() - (0.5 * (hi - lo)).array() - margin) > 0.0).any();
    }
  });
  return escaped;
}

}  // namespace

TEST(SlipRun, LiquidStaysInsideAClosedShellBox) {
  const auto dir = test::temp_dir("slip_shell_box");
  const Vec3 lo(0.075, 0.075, 0.075), hi(0.225, 0.225, 0.225);
  const std::string obj = test::write_box_obj(dir / "box.obj", lo, hi, 4);
  const Vec3 still = Vec3::Zero();
  EXPECT_EQ(particles_escaped(shell_box_scene(obj, "slip", still, still), 0.3, lo, hi, still, still), 0);
  // Without the method the liquid does not see the shell and falls out of the box: the check can fail.
  EXPECT_GT(particles_escaped(shell_box_scene(obj, "none", still, still), 0.3, lo, hi, still, still), 100);
}

TEST(SlipRun, LiquidStaysInsideAMovingSpinningShellBox) {
  const auto dir = test::temp_dir("slip_shell_box_moving");
  const Vec3 lo(0.075, 0.075, 0.075), hi(0.225, 0.225, 0.225);
  const std::string obj = test::write_box_obj(dir / "box.obj", lo, hi, 4);
  const Vec3 v(0.05, 0.0, 0.0), spin(0.0, 0.0, 1.0);
  EXPECT_EQ(particles_escaped(shell_box_scene(obj, "slip", v, spin), 0.3, lo, hi, v, spin), 0);
}

// The method keeps no state between steps but the world's: a run resumed from a checkpoint writes
// the same frames, byte for byte, as one that ran through.
TEST(SlipRun, ResumesExactly) {
  const auto dir = test::temp_dir("slip_resume");
  const json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.2, 0.2, 0.2], "dx": 0.0125},
    "time": {"end": 0.1, "fps": 30},
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.2, 0.1, 0.2]}]},
    "solids": [{"type": "rigid", "name": "block", "density": 500,
                "geometry": {"type": "box", "min": [0.07, 0.08, 0.07], "max": [0.13, 0.14, 0.13]}},
               {"type": "shell", "name": "sheet", "density": 300,
                "geometry": {"type": "grid", "center": [0.1, 0.17, 0.1], "width": 0.1, "depth": 0.1, "resolution": 5}}],
    "coupling": {"method": "slip"},
    "output": {"checkpoint_every": 1, "preview": {"enabled": false}}
  })");
  const auto [a, b] = test::run_whole_and_resumed(dir, j, 1);
  test::expect_same_files(a, b, {"liquid_0003.ply", "solid_block_0003.ply", "solid_sheet_0003.ply"});
}

// A level-set liquid resting on a thin sheet stays on it (its level set and velocity are
// advected collidably, Sec. 2.4); without the method it falls through: the check can fail.
TEST(SlipRun, LevelSetLiquidStaysOnASheet) {
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.015},
    "time": {"end": 1.0, "fps": 20},
    "fluid": {"representation": "levelset", "regions": [{"type": "box", "min": [0, 0.15, 0], "max": [0.3, 0.25, 0.3]}]},
    "solids": [{"type": "shell", "name": "sheet", "density": 300, "thickness": 0.001, "young": 1e6,
                "geometry": {"type": "grid", "center": [0.15, 0.12, 0.15], "width": 0.29, "depth": 0.29, "resolution": 8},
                "pinned": {"regions": [{"min": [-1, -1, -1], "max": [2, 2, 2]}]}}],
    "output": {"preview": {"enabled": false}}
  })");
  auto liquid_cells_below = [](const json& scene, double seconds) {
    const Scene s = test::scene_from(scene);
    World w(s);
    std::unique_ptr<Coupler> coupler = initialise_world(w);
    test::run_for(w, *coupler, seconds);
    int64_t below = 0;
    for (int64_t c = 0; c < w.liquid.phi.size(); ++c) {
      const Vec3i I = w.liquid.phi.coords(c);
      below += w.liquid.phi[c] < 0.0 && s.grid.cell_center(I.x(), I.y(), I.z()).y() < 0.12;
    }
    return below;
  };
  j["coupling"]["method"] = "slip";
  EXPECT_EQ(liquid_cells_below(j, 0.4), 0);
  j["coupling"]["method"] = "none";
  EXPECT_GT(liquid_cells_below(j, 0.4), 100);
}

namespace {

/// x-momentum (kg m/s) of the liquid outside a ball (centre c, radius r): rho dx^3 u over the
/// faces between two liquid cells whose centres are outside the ball.
double liquid_momentum_outside(const World& w, const Vec3& c, double r) {
  const GridGeometry& g = w.liquid.grid;
  const double cell_mass = w.scene.fluid.density * g.dx * g.dx * g.dx;
  auto liquid = [&](const Vec3i& I) {
    return w.liquid.phi.in_range(I.x(), I.y(), I.z()) && w.liquid.phi(I.x(), I.y(), I.z()) < 0.0 &&
           (g.cell_center(I.x(), I.y(), I.z()) - c).norm() > r;
  };
  double p = 0.0;
  const ScalarGrid& u = w.liquid.velocity.u[0];
  for (int64_t i = 0; i < u.size(); ++i) {
    const Vec3i f = u.coords(i);
    const Vec3i lo = f - Vec3i::UnitX();
    p += 0.5 * cell_mass * u[i] * ((liquid(lo) ? 1.0 : 0.0) + (liquid(f) ? 1.0 : 0.0));
  }
  return p;
}

}  // namespace

// Robinson-Mosher et al. 2009, Sec. 5 (two-way): a rigid ball of half the liquid's density
// thrown at U through a ball of liquid without gravity. Its first step hands the liquid the
// momentum of the ball's added mass (m_a = rho V / 2 for a sphere: it keeps U m / (m + m_a) =
// U / 2), the liquid and the ball together keep their momentum, and nothing pushes the ball
// sideways.
// The ball's surface and the liquid cells must agree on which cell centres are inside it: a
// centre inside the surface's polygons but outside the interpolated signed distance made liquid
// cells walled in by the ball, pockets that pushed back on it (it kept 43 % of U after one
// step, 5 % after four, and gained sideways momentum).
TEST(SlipRun, AThrownBallHandsTheLiquidItsAddedMassAndKeepsTheSum) {
  const json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [1, 1, 1], "resolution": 40},
    "gravity": [0, 0, 0],
    "time": {"end": 1.0, "fps": 30},
    "fluid": {"representation": "apic", "regions": [{"type": "sphere", "center": [0.5, 0.5, 0.5], "radius": 0.32}]},
    "solids": [{"type": "rigid", "name": "ball", "density": 500, "velocity": [1, 0, 0],
                "geometry": {"type": "sphere", "center": [0.42, 0.5, 0.5], "radius": 0.1}}],
    "coupling": {"method": "slip", "slip": {"solids": "two_way"}},
    "output": {"preview": {"enabled": false}}
  })");
  const Scene scene = test::scene_from(j);
  World w(scene);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  const SolidBodyInfo& body = w.lagrangian->model.bodies[0];
  const double mass = body.mass, p0 = mass * 1.0;
  std::vector<double> ball, total;
  std::vector<Vec3> sideways;
  test::run_for(w, *coupler, 0.04, [&](const World& now) {
    const Vec3 v = now.lagrangian->state.velocity.segment<3>(body.first_dof);
    const Vec3 c = now.lagrangian->state.z.segment<3>(body.first_dof);
    ball.push_back(mass * v.x());
    total.push_back(mass * v.x() + liquid_momentum_outside(now, c, 0.1));
    sideways.push_back(mass * v);
  });
  ASSERT_GE(ball.size(), 3u);
  for (size_t k = 0; k < ball.size(); ++k)
    std::printf("step %zu: ball %.4f, ball + liquid %.4f (of %.4f)\n", k + 1, ball[k], total[k], p0);
  EXPECT_NEAR(ball[0] / p0, 0.5, 0.05);
  for (double t : total) EXPECT_NEAR(t / p0, 1.0, 0.05);
  for (const Vec3& s : sideways) EXPECT_LT(s.tail<2>().norm(), 1e-3 * p0);
}
