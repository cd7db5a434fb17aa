// A gas under the slip method: smoke inside a closed box made of a thin shell stays inside while
// the box moves and spins (collidable advection, Sec. 2.4, and swept cells invalidated), and the
// same box under the method "none" lets it out: the check can fail.
#include <gtest/gtest.h>

#include "../../stepping.hpp"
#include "../../test_support.hpp"
#include "shell_box.hpp"
#include "ripple/fluid/gas_sources.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

json smoke_box_scene(const std::string& obj, const std::string& method, const Vec3& velocity, const Vec3& spin) {
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.015, "boundary": {"y_max": "open"}},
    "time": {"end": 1.0, "fps": 30, "max_dt": 0.0025},
    "fluid": {"representation": "gas", "density": 1.2,
              "gas": {"heat_lift": 5.0, "markers": [{"type": "box", "min": [0.09, 0.09, 0.09], "max": [0.21, 0.21, 0.21]}]},
              "regions": [{"type": "box", "min": [0.09, 0.09, 0.09], "max": [0.21, 0.21, 0.21], "temperature": 1.0}]},
    "solids": [{"type": "shell", "name": "box", "density": 200, "thickness": 0.001, "young": 1e6,
                "geometry": {"type": "mesh", "file": ""},
                "pinned": {"regions": [{"min": [-1, -1, -1], "max": [2, 2, 2]}]}}],
    "output": {"preview": {"enabled": false}}
  })");
  j["solids"][0]["geometry"]["file"] = obj;
  j["solids"][0]["pinned"]["velocity"] = {velocity.x(), velocity.y(), velocity.z()};
  j["solids"][0]["pinned"]["angular_velocity"] = {spin.x(), spin.y(), spin.z()};
  j["coupling"]["method"] = method;
  return j;
}

struct SmokeSplit {
  double inside_max = 0.0;   ///< densest cell inside the box
  double outside_max = 0.0;  ///< densest cell more than a cell outside it
  int64_t markers_out = 0;   ///< marker particles more than a quarter cell outside it
  int steps = 0;
};

/// Runs `seconds`; the smoke inside and outside the box [lo, hi] carried along by its motion.
SmokeSplit run_smoke_box(const json& j, double seconds, const Vec3& lo, const Vec3& hi, const Vec3& velocity,
                         const Vec3& spin) {
  const Scene scene = test::scene_from(j);
  World w(scene);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  SmokeSplit out;
  test::run_for(w, *coupler, seconds, [&](const World& now) {
    ++out.steps;
    const GridGeometry& g = now.liquid.grid;
    const Vec3 c = 0.5 * (lo + hi) + velocity * now.time;
    const Eigen::Matrix3d back = Eigen::AngleAxisd(-spin.norm() * now.time, spin.normalized()).matrix();
    out.inside_max = out.outside_max = 0.0;
    for (int64_t cell = 0; cell < now.liquid.smoke.size(); ++cell) {
      const Vec3i I = now.liquid.smoke.coords(cell);
      const Vec3 local = back * (g.cell_center(I.x(), I.y(), I.z()) - c);
      const double reach = local.cwiseAbs().maxCoeff() - 0.5 * (hi - lo).x();
      const double s = now.liquid.smoke[cell];
      if (reach < 0.0) out.inside_max = std::max(out.inside_max, s);
      if (reach > g.dx) out.outside_max = std::max(out.outside_max, s);
    }
    out.markers_out = 0;
    for (const Vec3f& x : now.liquid.particles.x) {
      const Vec3 local = back * (x.cast<double>() - c);
      out.markers_out += local.cwiseAbs().maxCoeff() - 0.5 * (hi - lo).x() > 0.25 * g.dx;
    }
  });
  return out;
}

}  // namespace

TEST(SlipGas, SmokeStaysInsideAMovingSpinningShellBox) {
  const auto dir = test::temp_dir("slip_smoke_box");
  const Vec3 lo(0.075, 0.075, 0.075), hi(0.225, 0.225, 0.225);
  const std::string obj = test::write_box_obj(dir / "box.obj", lo, hi, 4);
  const Vec3 v(0.05, 0.0, 0.0), spin(0.0, 0.0, 1.0);
  const SmokeSplit slip = run_smoke_box(smoke_box_scene(obj, "slip", v, spin), 0.5, lo, hi, v, spin);
  EXPECT_GE(slip.steps, 200);
  EXPECT_GT(slip.inside_max, 0.5);
  EXPECT_LT(slip.outside_max, 1e-6 * slip.inside_max);
  EXPECT_EQ(slip.markers_out, 0);  // the markers ride the gas and stay in too
  // The gas does not see the shell without the method: the hot smoke rises out of the box.
  const SmokeSplit none = run_smoke_box(smoke_box_scene(obj, "none", v, spin), 0.2, lo, hi, v, spin);
  EXPECT_GT(none.outside_max, 0.05);
  EXPECT_GT(none.markers_out, 0);
}

// A source's inflow is held by the slip projection too (an unknown of infinite mass), at the
// source's velocity even where its heat lifts the gas: a hot jet blown through the floor past a
// pinned sheet leaves through the open top, flux for flux.
TEST(SlipGas, AnInflowPastASheetLeavesThroughTheOpenSide) {
  const json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.2, 0.4, 0.2], "dx": 0.0125, "boundary": {"y_max": "open"}},
    "time": {"end": 1.0, "fps": 30},
    "fluid": {"representation": "gas", "density": 1.2,
              "gas": {"heat_lift": 5.0,
                      "sources": [{"type": "box", "min": [0.075, -0.1, 0.075], "max": [0.125, 0.025, 0.125],
                                   "velocity": [0, 0.5, 0], "temperature": 1.0}]}},
    "solids": [{"type": "shell", "name": "sheet", "density": 200, "thickness": 0.001, "young": 1e6,
                "geometry": {"type": "grid", "center": [0.06, 0.2, 0.1], "width": 0.1, "depth": 0.1, "resolution": 4},
                "pinned": {"regions": [{"min": [-1, -1, -1], "max": [2, 2, 2]}]}}],
    "coupling": {"method": "slip"},
    "output": {"preview": {"enabled": false}}
  })");
  const Scene s = test::scene_from(j);
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  const double inflow = gas_source_inflow(w.gas_sources, s.grid);
  ASSERT_NEAR(inflow, 0.5 * 0.05 * 0.05, 1e-12);
  test::run_for(w, *coupler, 0.1);
  // The open top's flux after 0.1 s (the jet is steady by then): what the source blows in.
  double outflow = 0.0;
  const ScalarGrid& v = w.liquid.velocity.u[1];
  for (int k = 0; k < s.grid.n.z(); ++k)
    for (int i = 0; i < s.grid.n.x(); ++i) outflow += v(i, s.grid.n.y(), k) * s.grid.dx * s.grid.dx;
  EXPECT_NEAR(outflow, inflow, 0.05 * inflow);
  EXPECT_GT(w.liquid.velocity.max_abs(), 0.4);
}

// A gas resumed from a checkpoint writes the same volume, markers and sheet as a run that went
// through: smoke, temperature and markers are in the checkpoint, and the markers a source
// releases depend on the step only.
TEST(SlipGas, ResumesExactly) {
  const auto dir = test::temp_dir("slip_gas_resume");
  const json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.2, 0.3, 0.2], "dx": 0.0125, "boundary": {"y_max": "open"}},
    "time": {"end": 0.1, "fps": 30},
    "fluid": {"representation": "gas", "density": 1.2,
              "gas": {"heat_lift": 3.0,
                      "sources": [{"type": "sphere", "center": [0.1, 0.05, 0.1], "radius": 0.03, "temperature": 1.0,
                                   "velocity": [0, 0.2, 0], "markers_per_second": 500}]}},
    "solids": [{"type": "shell", "name": "sheet", "density": 100, "thickness": 0.001, "young": 1e5,
                "geometry": {"type": "grid", "center": [0.1, 0.18, 0.1], "width": 0.1, "depth": 0.1, "resolution": 5}}],
    "coupling": {"method": "slip"},
    "output": {"checkpoint_every": 1, "preview": {"enabled": false}}
  })");
  const auto [a, b] = test::run_whole_and_resumed(dir, j, 1);
  test::expect_same_files(a, b, {"gas_0003.vtk", "markers_0003.ply", "solid_sheet_0003.ply"});
}
