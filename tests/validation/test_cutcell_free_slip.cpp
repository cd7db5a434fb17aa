// Zarifi & Batty 2017, free slip at the true interface (issue 5's validation): a liquid slab
// resting on a stiff elastic plate pinned along its sides, under gravity tilted 20 degrees
// (the plate an incline). With free slip the plate pushes only along its normal, so the slab's
// mean speed along the incline is g sin(20 deg) t exactly (no tangential force acts on it), and
// the liquid next to the plate moves as fast; the no-slip variant (coupling.cutcell.slip =
// "no_slip": the liquid in cut cells takes the plate's velocity) holds the liquid at the plate
// and slows the whole slab (a crude variant: only the cut cells stick, so the particles a cell
// above still slide). Measured on the particles after 0.1 s, before the slab reaches the
// plate's end. With RIPPLE_VALIDATION_OUT set the series go to cutcell_free_slip.csv.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

#include "../test_support.hpp"

#include "../stepping.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

constexpr double kAngle = 20.0 * M_PI / 180.0, kPlateTop = 0.0925;  // rad, m

struct SlipRun {
  std::vector<double> t, near, mean;  ///< m/s along the incline: particles within 1.5 dx of the plate, all
};

SlipRun run(const std::string& slip) {
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.4, 0.2, 0.1], "dx": 0.01},
    "time": {"end": 1.0, "fps": 30, "cfl": 1.0},
    "fluid": {"regions": [{"type": "box", "min": [0.05, 0.0925, 0.0], "max": [0.25, 0.1325, 0.1]}]},
    "solids": [{"type": "volume", "name": "plate", "density": 1000, "model": "corotated_linear", "young": 1e7,
                "poisson": 0.3,
                "geometry": {"type": "box", "min": [0.01, 0.0525, 0.0], "max": [0.39, 0.0925, 0.1], "resolution": 19},
                "pinned": {"regions": [{"min": [0, 0, 0], "max": [0.4, 0.2, 0.001]},
                                       {"min": [0, 0, 0.099], "max": [0.4, 0.2, 0.1]}]}}],
    "coupling": {"method": "cutcell"},
    "output": {"preview": {"enabled": false}}
  })");
  j["gravity"] = json::array({9.81 * std::sin(kAngle), -9.81 * std::cos(kAngle), 0.0});
  j["coupling"]["cutcell"]["slip"] = slip;
  const Scene s = test::scene_from(j);
  World w(s);
  CutCellCoupler c(cutcell_settings(s));
  initialise_world(w, c);
  PhaseTimings timings;
  SlipRun out;
  for (double t = 0.01; t < 0.1 + 1e-9; t += 0.01) {
    while (w.time < t - 1e-9) test::step(w, c, std::min(c.stable_time_step(w), t - w.time), timings);
    const Particles& p = w.liquid.particles;
    double near = 0.0, all = 0.0;
    int n_near = 0;
    for (size_t q = 0; q < p.size(); ++q) {
      all += p.v[q].x();
      if (p.x[q].y() < kPlateTop + 1.5 * s.grid.dx) { near += p.v[q].x(); ++n_near; }
    }
    out.t.push_back(w.time);
    out.near.push_back(n_near > 0 ? near / n_near : 0.0);
    out.mean.push_back(all / p.size());
  }
  return out;
}

}  // namespace

TEST(ValidationCutCellFreeSlip, LiquidSlidesFreelyAlongAnInclinedPlateUnlikeNoSlip) {
  const SlipRun free = run("free"), stuck = run("no_slip");
  const double expected = 9.81 * std::sin(kAngle) * 0.1;  // m/s after 0.1 s
  std::printf("after 0.1 s along the incline (g sin t = %.4f m/s): free slip mean %.4f, next to the plate %.4f; "
              "no slip mean %.4f, next to the plate %.4f\n",
              expected, free.mean.back(), free.near.back(), stuck.mean.back(), stuck.near.back());
  EXPECT_NEAR(free.mean.back(), expected, 0.05 * expected);
  EXPECT_NEAR(free.near.back(), expected, 0.10 * expected);
  EXPECT_LT(stuck.near.back(), 0.8 * free.near.back());
  EXPECT_LT(stuck.mean.back(), 0.9 * free.mean.back());
  if (const std::string path = test::validation_csv("cutcell_free_slip.csv"); !path.empty()) {
    std::ofstream csv(path);
    csv << "time_s,free_near_mps,free_mean_mps,no_slip_near_mps,no_slip_mean_mps,frictionless_mps\n";
    for (size_t i = 0; i < free.t.size(); ++i)
      csv << free.t[i] << "," << free.near[i] << "," << free.mean[i] << "," << stuck.near[i] << "," << stuck.mean[i]
          << "," << 9.81 * std::sin(kAngle) * free.t[i] << "\n";
  }
}
