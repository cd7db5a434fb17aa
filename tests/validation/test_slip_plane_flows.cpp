// Fig. 5 of Robinson-Mosher et al. 2009 over time: air flowing in opposite directions on the two
// sides of a thin plane tilted by pi/16 (scenes/slip/plane_opposite_flows.json, at 32 cells).
// Slip keeps both flows along the plane; the no-slip variant brakes them next to it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "../stepping.hpp"
#include "../test_support.hpp"

using namespace ripple;

namespace {

struct SideSpeeds {
  double above = 0.0, below = 0.0;  ///< mean speed along the plane 2.5 cells off it (m/s)
};

/// Runs the scene for `seconds` and measures the tangential speed on both sides over the middle
/// third of the plane.
SideSpeeds run_plane(const std::string& condition, double seconds) {
  nlohmann::json j = nlohmann::json::parse(test::read_text(std::string(RIPPLE_SOURCE_DIR) + "/scenes/slip/plane_opposite_flows.json"));
  j["domain"]["resolution"] = 32;
  j["coupling"]["slip"]["condition"] = condition;
  j["output"] = {{"preview", {{"enabled", false}}}};
  const Scene s = test::scene_from(j, std::string(RIPPLE_SOURCE_DIR) + "/scenes/slip");
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  test::run_for(w, *coupler, seconds);
  const double angle = M_PI / 16, dx = s.grid.dx;
  const Vec3 t(std::cos(angle), std::sin(angle), 0.0), n(-std::sin(angle), std::cos(angle), 0.0);
  const Vec3 centre(0.5, 0.3, 0.1);
  SideSpeeds out;
  int count = 0;
  for (double x = -0.15; x <= 0.15 + 1e-9; x += 0.5 * dx, ++count) {
    const Vec3 on = centre + x * t;
    out.above += w.liquid.velocity.sample(s.grid, on + 2.5 * dx * n).dot(t);
    out.below += w.liquid.velocity.sample(s.grid, on - 2.5 * dx * n).dot(t);
  }
  out.above /= count;
  out.below /= count;
  return out;
}

}  // namespace

TEST(ValidationSlipPlaneFlows, SlipKeepsOppositeFlowsThatNoSlipBrakes) {
  const double U = 0.5;  // the scene's initial speeds, +U above and -U below
  for (double seconds : {0.01, 0.1, 0.3}) {
    const SideSpeeds slip = run_plane("slip", seconds);
    const SideSpeeds stick = run_plane("no_slip", seconds);
    std::printf("t = %.1f s: slip above %+.3f U, below %+.3f U; no-slip above %+.3f U, below %+.3f U\n", seconds,
                slip.above / U, slip.below / U, stick.above / U, stick.below / U);
    EXPECT_GT(slip.above, 0.8 * U);
    EXPECT_LT(slip.below, -0.8 * U);
    EXPECT_NEAR(slip.above, -slip.below, 0.02 * U);  // the two sides mirror each other
    if (seconds < 0.3) continue;
    // The no-slip plane drags on both flows: by 0.3 s they are clearly slower next to it.
    EXPECT_LT(stick.above, slip.above - 0.05 * U);
    EXPECT_GT(stick.below, slip.below + 0.05 * U);
  }
}
