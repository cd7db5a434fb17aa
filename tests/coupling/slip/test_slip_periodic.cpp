// The slip method in a gas with periodic sides: the seam's faces are one unknown, the flow wraps
// around, the shells still hold their smoke, and a solid that reaches a periodic side stops the
// run with a clear error.
#include <gtest/gtest.h>

#include "../../stepping.hpp"
#include "../../test_support.hpp"
#include "shell_box.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

json channel_scene(const std::string& obj, const Vec3& box_velocity) {
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.36, 0.24, 0.24], "dx": 0.015,
               "boundary": {"x_min": "periodic", "x_max": "periodic", "z_min": "periodic", "z_max": "periodic",
                            "y_max": "open"}},
    "time": {"end": 1.0, "fps": 30, "max_dt": 0.004},
    "gravity": [0, 0, 0],
    "fluid": {"representation": "gas", "density": 1.2,
              "regions": [{"type": "box", "min": [0, 0, 0], "max": [0.36, 0.24, 0.24], "velocity": [0.3, 0, 0],
                           "smoke": 0.0}]},
    "solids": [{"type": "shell", "name": "box", "density": 200, "thickness": 0.001, "young": 1e6,
                "geometry": {"type": "mesh", "file": ""},
                "pinned": {"regions": [{"min": [-1, -1, -1], "max": [2, 2, 2]}]}}],
    "coupling": {"method": "slip"},
    "output": {"preview": {"enabled": false}}
  })");
  j["solids"][0]["geometry"]["file"] = obj;
  j["solids"][0]["pinned"]["velocity"] = {box_velocity.x(), box_velocity.y(), box_velocity.z()};
  return j;
}

}  // namespace

// Air blown along x round a periodic channel past a closed shell box full of smoke: the flow
// crosses the seam (its two face copies equal and the air there moving), the liquid cells stay
// divergence-free, and no smoke leaves the box.
TEST(SlipPeriodic, FlowWrapsRoundAShellBoxThatKeepsItsSmoke) {
  const auto dir = test::temp_dir("slip_periodic_box");
  const Vec3 lo(0.12, 0.06, 0.06), hi(0.24, 0.18, 0.18);
  const std::string obj = test::write_box_obj(dir / "box.obj", lo, hi, 4);
  const Scene s = test::scene_from(channel_scene(obj, Vec3::Zero()));
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  const GridGeometry& g = s.grid;
  for (int64_t c = 0; c < w.liquid.smoke.size(); ++c) {
    const Vec3i I = w.liquid.smoke.coords(c);
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    if ((x.array() > lo.array() + 1e-9).all() && (x.array() < hi.array() - 1e-9).all()) w.liquid.smoke[c] = 1.0;
  }
  const FrameLog log = test::run_for(w, *coupler, 0.4);
  double inside = 0.0, outside = 0.0;
  for (int64_t c = 0; c < w.liquid.smoke.size(); ++c) {
    const Vec3i I = w.liquid.smoke.coords(c);
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    const double reach = std::max((lo - x).maxCoeff(), (x - hi).maxCoeff());
    if (reach < 0.0) inside = std::max(inside, w.liquid.smoke[c]);
    if (reach > g.dx) outside = std::max(outside, w.liquid.smoke[c]);
  }
  EXPECT_GT(inside, 0.5);
  EXPECT_LT(outside, 1e-6 * inside);
  // The seam carries the flow: below the box's height the air still moves along x there.
  double seam = 0.0;
  for (int k = 0; k < g.n.z(); ++k)
    for (int j = 0; j < g.n.y(); ++j) {
      EXPECT_EQ(w.liquid.velocity.u[0](0, j, k), w.liquid.velocity.u[0](g.n.x(), j, k));
      seam += w.liquid.velocity.u[0](0, j, k);
    }
  EXPECT_GT(seam / (g.n.y() * g.n.z()), 0.1);
  EXPECT_LT(log.pressure_residual_max, 1e-5);
}

// A solid carried towards a periodic side stops the run (exit 3 for the program) once it comes
// within a cell of it: ripple does not wrap solids.
TEST(SlipPeriodic, ASolidReachingAPeriodicSideStopsTheRun) {
  const auto dir = test::temp_dir("slip_periodic_reach");
  const Vec3 lo(0.12, 0.06, 0.06), hi(0.24, 0.18, 0.18);
  const std::string obj = test::write_box_obj(dir / "box.obj", lo, hi, 4);
  const Scene s = test::scene_from(channel_scene(obj, Vec3(1.0, 0.0, 0.0)));
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  try {
    test::run_for(w, *coupler, 0.2);  // the box's side reaches x = 0.345 m at 0.105 s
    FAIL() << "the run went on";
  } catch (const SimulationError& e) {
    EXPECT_NE(std::string(e.what()).find("solid \"box\" came within a cell of the periodic side x_max"), std::string::npos)
        << e.what();
    EXPECT_GT(w.time, 0.09);
  }
}
