// A fast drop hitting the floor with and without the barrier method's volume constraint (Liu
// et al. 2025, Eq. 11): a 6 mm drop (3 cells) at 2 m/s in a slab 10 cells thick (dx = 2 mm),
// 0.3 s. Two volumes are followed: the smoothed one the constraint holds (sum of H(phi) V_c,
// Eq. 11) and the sharp one (inside the piecewise-linear surface, the exported mesh's).
// With RIPPLE_VALIDATION_OUT set the series are written as barrier_volume.csv for
// docs/plots/plot_validation.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "../test_support.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"
#include "../stepping.hpp"
#include "ripple/grid/level_set_volume.hpp"

using namespace ripple;

namespace {

struct Volumes {
  double smoothed = 0.0, sharp = 0.0;  ///< m^3
};

Volumes volumes(const World& w) {
  const GridGeometry& g = w.liquid.grid;
  const Scene& s = w.scene;
  const double eps = barrier_settings(s).band_cells * g.dx, k = 1.0 / (barrier_settings(s).heaviside_width_cells * g.dx);
  Volumes v;
  for (double c : select_narrow_band(g, w.liquid.phi, eps, k, 0).volumes) v.smoothed += c;
  v.sharp = liquid_volume(w.liquid.phi, g);
  return v;
}

struct Series {
  std::vector<double> t, smoothed, sharp;  ///< relative to the start
  double worst(const std::vector<double>& x) const {
    double m = 0.0;
    for (double v : x) m = std::max(m, std::abs(v));
    return m;
  }
};

Series run(bool constraint, const char* volume_measure) {
  auto j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {0.06, 0.05, 0.02}}, {"dx", 0.002}};
  j["time"]["cfl"] = 1.0;
  j["fluid"]["representation"] = "levelset";
  j["fluid"]["surface_tension"] = 0.0728;
  j["fluid"]["regions"] = {{{"type", "sphere"}, {"center", {0.03, 0.03, 0.01}}, {"radius", 0.006}, {"velocity", {0, -2.0, 0}}}};
  j["coupling"] = {{"method", "barrier"},
                   {"barrier", {{"volume_constraint", constraint}, {"volume_measure", volume_measure}}}};
  const Scene s = test::scene_from(j);
  World w(s);
  BarrierCoupler b(barrier_settings(s));
  initialise_world(w, b);
  PhaseTimings timings;
  const Volumes v0 = volumes(w);
  Series out;
  while (w.time < 0.3) {
    test::step(w, b, b.stable_time_step(w), timings);
    const Volumes v = volumes(w);
    out.t.push_back(w.time);
    out.smoothed.push_back(v.smoothed / v0.smoothed - 1.0);
    out.sharp.push_back(v.sharp / v0.sharp - 1.0);
  }
  return out;
}

}  // namespace

TEST(ValidationBarrierVolume, ConstraintHoldsTheDropThroughItsSplash) {
  // The paper's measure (Eq. 11), with and without the constraint; then the default, which
  // also holds the volume inside the surface (volume_control.hpp).
  const Series with = run(true, "smoothed"), without = run(false, "smoothed"), held = run(true, "sharp");
  std::printf("volume drift over 0.3 s, worst |dV/V0|: with the constraint smoothed %.2e, sharp %.3f; "
              "without smoothed %.3f, sharp %.3f; at the end with %+.4f / %+.4f, without %+.4f / %+.4f\n",
              with.worst(with.smoothed), with.worst(with.sharp), without.worst(without.smoothed),
              without.worst(without.sharp), with.smoothed.back(), with.sharp.back(), without.smoothed.back(),
              without.sharp.back());
  std::printf("volume_measure sharp: worst |dV/V0| inside the surface %.3f, smoothed %.3f; at the end %+.4f / %+.4f\n",
              held.worst(held.sharp), held.worst(held.smoothed), held.sharp.back(), held.smoothed.back());
  if (const std::string path = test::validation_csv("barrier_volume.csv"); !path.empty()) {
    std::ofstream f(path);
    f << "t,with_smoothed,with_sharp,without_smoothed,without_sharp,held_sharp\n";
    // On the constrained run's steps, the other runs' last values at or before each.
    size_t k = 0, h = 0;
    for (size_t i = 0; i < with.t.size(); ++i) {
      while (k + 1 < without.t.size() && without.t[k + 1] <= with.t[i]) ++k;
      while (h + 1 < held.t.size() && held.t[h + 1] <= with.t[i]) ++h;
      f << with.t[i] << ',' << with.smoothed[i] << ',' << with.sharp[i] << ',' << without.smoothed[k] << ','
        << without.sharp[k] << ',' << held.sharp[h] << '\n';
    }
  }
  // Measured: with the constraint the run ends at -0.4 % smoothed and -17 % sharp (the volume
  // inside the surface; a one-cell ramp of phi had read -8 %): the constraint holds the
  // smoothed volume, which counts the splash's films on the floor as more than they are. The
  // smoothed volume swings by up to 11 % at impact, because the step redistances after the
  // optimisation (Algorithm 1, line 11). Without it, semi-Lagrangian advection loses about
  // 0.8 % per step from the falling 3-cell drop and the film on the floor vanishes: all of it
  // is gone by 23 ms.
  EXPECT_LT(std::abs(with.smoothed.back()), 0.02);
  EXPECT_LT(with.sharp.back(), -0.05);  // the true volume the paper's measure lets go
  EXPECT_GT(with.sharp.back(), -0.3);
  EXPECT_LT(without.sharp.back(), -0.5);
  // The default (volume_measure "sharp") holds the volume inside the surface through the
  // splash: measured within 0.8 % on every step, +0.13 % at the end (the paper's: 31 %, -17 %).
  EXPECT_LT(held.worst(held.sharp), 0.02);
  EXPECT_LT(std::abs(held.sharp.back()), 0.01);
}
