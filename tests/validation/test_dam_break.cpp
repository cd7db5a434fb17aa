// Dam break against Martin & Moyce (1952) (validation-data.md section 1): column of width a and
// height 2a released against a wall, quasi-2D (4 cells thick, free-slip side walls). Front
// position Z = x/a versus T = t sqrt(2g/a); residual column height H = h/(2a) versus
// tau = t sqrt(g/a).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>

#include "../test_support.hpp"
#include "../stepping.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;

namespace {

constexpr double kA = 0.05715, kG = 9.81;
// Martin & Moyce (1952), Tables 2 and 6, n^2 = 2.
const double kT[] = {0.41, 0.84, 1.19, 1.43, 1.63, 1.83, 1.98, 2.20, 2.32, 2.51, 2.65, 2.83, 2.98, 3.11, 3.33};
const double kZ[] = {1.11, 1.22, 1.44, 1.67, 1.89, 2.11, 2.33, 2.56, 2.78, 3.00, 3.22, 3.44, 3.67, 3.89, 4.11};
const double kTau[] = {0.56, 0.77, 0.93, 1.08, 1.28, 1.46, 1.66, 1.84, 2.00, 2.21, 2.45, 2.70, 3.06};
const double kH[] = {.94, .89, .83, .78, .72, .67, .61, .56, .50, .44, .39, .33, .28};

// Largest x with liquid in the bottom cell row, with the sub-cell crossing, averaged over z.
double front_position(const World& w) {
  const auto& phi = w.liquid.phi;
  const GridGeometry& g = w.liquid.grid;
  double sum = 0.0;
  for (int k = 0; k < g.n.z(); ++k) {
    double x = g.origin.x();
    for (int i = 0; i < g.n.x(); ++i)
      if (phi(i, 0, k) < 0) {
        const double right = i + 1 < g.n.x() ? phi(i + 1, 0, k) : 1.0;
        const double t = right >= 0 ? phi(i, 0, k) / (phi(i, 0, k) - right) : 1.0;
        x = g.cell_center(i, 0, k).x() + t * g.dx;
      }
    sum += std::min(x, g.upper().x());
  }
  return (sum / g.n.z() - g.origin.x());
}

// Height of the liquid at the wall (first cell column), averaged over z.
double column_height(const World& w) {
  const auto& phi = w.liquid.phi;
  const GridGeometry& g = w.liquid.grid;
  double sum = 0.0;
  for (int k = 0; k < g.n.z(); ++k) {
    double h = 0.0;
    for (int j = 0; j < g.n.y(); ++j)
      if (phi(0, j, k) < 0) {
        const double up = j + 1 < g.n.y() ? phi(0, j + 1, k) : 1.0;
        const double t = up >= 0 ? phi(0, j, k) / (phi(0, j, k) - up) : 1.0;
        h = g.cell_center(0, j, k).y() + t * g.dx;
      }
    sum += h;
  }
  return sum / g.n.z() - g.origin.y();
}

double interpolate(const std::vector<std::pair<double, double>>& series, double t) {
  for (size_t i = 1; i < series.size(); ++i)
    if (series[i].first >= t) {
      const double s = (t - series[i - 1].first) / (series[i].first - series[i - 1].first);
      return series[i - 1].second + s * (series[i].second - series[i - 1].second);
    }
  return series.back().second;
}

// Largest relative error of the simulated series against the measured points, with the
// simulation delayed by `delay` seconds (the series' abscissa is t * scale).
double max_error(const std::vector<std::pair<double, double>>& sim, const double* t_exp, const double* v_exp, size_t n,
                 double scale, double delay, double abscissa_max) {
  double worst = 0.0;
  for (size_t i = 0; i < n && t_exp[i] <= abscissa_max; ++i) {
    const double v = interpolate(sim, std::max(0.0, t_exp[i] - delay * scale));
    worst = std::max(worst, std::abs(v - v_exp[i]) / v_exp[i]);
  }
  return worst;
}

struct DamBreakResult {
  double max_front_error = 0.0;         // max |Z - Z_exp| / Z_exp for T <= 3, release at t = 0
  double max_height_error = 0.0;        // max |H - H_exp| / H_exp for tau <= 3.06, release at t = 0
  double max_height_error_cells = 0.0;  // the same as |h - h_exp| / dx
  double release_delay = 0.0;           // s, the delay that minimises the front error
  double delayed_front_error = 0.0;     // max Z error with that delay
  double delayed_height_error = 0.0;    // max H error with the same delay
  double front_slope = 0.0;             // dZ/dT between T = 1.19 and 2.98 (experiment: 1.25)
};

DamBreakResult run_dam_break(int cells_per_a, const std::string& representation, bool print) {
  const double dx = kA / cells_per_a;
  nlohmann::json j = test::small_scene();
  j["domain"] = {{"min", {0, 0, 0}}, {"max", {5.5 * kA, 2.5 * kA, 4 * dx}}, {"dx", dx}};
  j["fluid"]["representation"] = representation;
  j["fluid"]["regions"][0] = {{"type", "box"}, {"min", {0, 0, 0}}, {"max", {kA, 2 * kA, 1.0}}};
  j["time"]["cfl"] = 1.0;
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  PhaseTimings timings;
  std::vector<std::pair<double, double>> front{{0.0, 1.0}}, height{{0.0, 1.0}};
  const double t_end = 3.2 / std::sqrt(kG / kA);
  const double T_scale = std::sqrt(2 * kG / kA), tau_scale = std::sqrt(kG / kA);
  while (w.time < t_end) {
    test::step(w, test::stable_dt(w), timings);
    refresh_level_set(w);
    front.emplace_back(w.time * T_scale, front_position(w) / kA);
    height.emplace_back(w.time * tau_scale, column_height(w) / (2 * kA));
  }
  if (const std::string csv = test::validation_csv("dam_break_a" + std::to_string(cells_per_a) + ".csv"); !csv.empty()) {
    std::ofstream out(csv);
    out << "T,Z,tau,H\n";
    for (size_t i = 0; i < front.size(); ++i)
      out << front[i].first << ',' << front[i].second << ',' << height[i].first << ',' << height[i].second << '\n';
  }
  DamBreakResult r;
  if (print) std::printf("dam break a/dx = %d (%s): T, Z_sim, Z_exp, error\n", cells_per_a, representation.c_str());
  for (size_t i = 0; i < std::size(kT); ++i) {
    if (kT[i] > 3.0) break;
    const double z = interpolate(front, kT[i]);
    const double e = (z - kZ[i]) / kZ[i];
    r.max_front_error = std::max(r.max_front_error, std::abs(e));
    if (print) std::printf("  Z  %.2f  %.3f  %.2f  %+.1f%%\n", kT[i], z, kZ[i], 100 * e);
  }
  for (size_t i = 0; i < std::size(kTau); ++i) {
    const double h = interpolate(height, kTau[i]);
    const double e = (h - kH[i]) / kH[i];
    r.max_height_error = std::max(r.max_height_error, std::abs(e));
    r.max_height_error_cells = std::max(r.max_height_error_cells, std::abs(h - kH[i]) * 2 * cells_per_a);
    if (print) std::printf("  H  %.2f  %.3f  %.2f  %+.1f%%\n", kTau[i], h, kH[i], 100 * e);
  }
  // The experiment's release is not instantaneous (a diaphragm is removed), so its clock starts
  // before the column moves freely. One delay, scanned in 0.1 ms steps up to 30 ms, measures
  // that start-up offset; a correct front speed after it shows as a small delayed error.
  r.delayed_front_error = r.max_front_error;
  for (double delay = 1e-4; delay <= 0.030; delay += 1e-4) {
    const double e = max_error(front, kT, kZ, std::size(kT), T_scale, delay, 3.0);
    if (e < r.delayed_front_error) {
      r.delayed_front_error = e;
      r.release_delay = delay;
    }
  }
  r.delayed_height_error = max_error(height, kTau, kH, std::size(kTau), tau_scale, r.release_delay, 3.1);
  r.front_slope = (interpolate(front, 2.98) - interpolate(front, 1.19)) / (2.98 - 1.19);
  if (print) {
    std::printf("  max |error|: Z %.1f%%, H %.1f%% (%.2f cells)\n", 100 * r.max_front_error, 100 * r.max_height_error,
                r.max_height_error_cells);
    std::printf("  fitted release delay %.1f ms: max |error| Z %.1f%%, H %.1f%%; front slope dZ/dT %.2f (exp 1.25)\n",
                1e3 * r.release_delay, 100 * r.delayed_front_error, 100 * r.delayed_height_error, r.front_slope);
  }
  return r;
}

}  // namespace

// CI guard at a/dx = 12 (docs/validation.md): with the release at t = 0 the front runs up to
// 23 % ahead of the experiment (the lead is built in the start-up, T < 1.2); with one fitted
// start-up delay it agrees within 10 %, the delay is a plausible release time, and the late
// front speed matches the measured one. The column height tracks the experiment within one
// cell without any delay.
TEST(ValidationDamBreak, CoarseApicTracksMartinMoyce) {
  const DamBreakResult r = run_dam_break(12, "apic", true);
  EXPECT_LT(r.max_front_error, 0.25);
  EXPECT_LT(r.max_height_error_cells, 1.0);
  EXPECT_LT(r.delayed_front_error, 0.10);
  EXPECT_GT(r.release_delay, 0.005);
  EXPECT_LT(r.release_delay, 0.025);
  EXPECT_NEAR(r.front_slope, 1.25, 0.1);
}

// Convergence study at three resolutions; minutes of CPU, so only with RIPPLE_LONG_VALIDATION=1.
// The literal front target (10 % with the release at t = 0) is not reached by the
// converged solution (docs/validation.md); this asserts convergence, the column height within
// 10 % and the front within 10 % after the fitted start-up delay.
TEST(LongValidationDamBreak, ConvergenceStudy) {
  if (!std::getenv("RIPPLE_LONG_VALIDATION")) GTEST_SKIP() << "set RIPPLE_LONG_VALIDATION=1 to run";
  std::vector<DamBreakResult> r;
  for (int n : {12, 24, 48}) r.push_back(run_dam_break(n, "apic", true));
  EXPECT_NEAR(r[2].max_front_error, r[1].max_front_error, 0.03);  // converged front
  EXPECT_NEAR(r[2].release_delay, r[1].release_delay, 0.003);
  EXPECT_LT(r[2].max_height_error, 0.10);
  EXPECT_LT(r[2].delayed_front_error, 0.10);
  EXPECT_NEAR(r[2].front_slope, 1.25, 0.1);
}
