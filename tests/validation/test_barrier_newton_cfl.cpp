// Liu et al. 2025, Fig. 12: Newton iterations per coupled solve against the CFL number (0.7,
// 1.2, 2.0), with the CCD-filtered backtracking line search and without it (CCD-filtered full
// steps), on the paper's setting: the drop falling on a row of fixed particles one cell apart
// (particle_row.hpp), 0.2 s, with the mean over each 10 ms. Every run must keep every particle
// vertex out of the liquid; the paper's finding is that without line search Newton fails at
// CFL 2. With RIPPLE_VALIDATION_OUT set the series go to barrier_newton_cfl.csv, plotted by
// docs/plots/plot_validation.py.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "../test_support.hpp"
#include "particle_row.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"
#include "../stepping.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

struct CflRun {
  std::vector<double> t, iterations;  ///< window end (s), mean Newton iterations per solve in it
  int solves = 0, capped = 0, penetrating = 0;
  double mean = 0.0, closest = 1.0;   ///< iterations per solve over the run; smallest gap (m)
};

CflRun run(double cfl, bool line_search) {
  json j = test::particle_row_scene(0.004);
  j["time"]["cfl"] = cfl;
  j["time"]["end"] = 0.2;
  j["coupling"]["barrier"] = {{"line_search", line_search}, {"max_iterations", 30}};  // the paper's cap
  const Scene s = test::scene_from(j);
  World w(s);
  BarrierCoupler b(barrier_settings(s));
  initialise_world(w, b);
  const SolidModel& m = w.lagrangian->model;
  const std::vector<uint8_t> coupled = liquid_coupled_vertices(w);
  PhaseTimings timings;
  CflRun out;
  int64_t total = 0;
  for (double end = 0.01; end < 0.2 + 1e-9; end += 0.01) {
    int its = 0, solves = 0;
    while (w.time < end - 1e-9) {
      const BarrierStepReport r = test::step(w, b, std::min(b.stable_time_step(w), end - w.time), timings);
      its += r.newton.iterations;
      ++solves;
      out.capped += !r.newton.converged;
      const PenetrationReport p =
          check_penetration(w.liquid.grid, w.liquid.phi, m.collision, m.positions(w.lagrangian->state.z),
                            barrier_settings(s).interpolation, coupled);
      out.penetrating = std::max(out.penetrating, p.penetrating);
      out.closest = std::min(out.closest, p.min_distance);
    }
    out.t.push_back(end);
    out.iterations.push_back(solves > 0 ? double(its) / solves : 0.0);
    out.solves += solves;
    total += its;
  }
  out.mean = out.solves > 0 ? double(total) / out.solves : 0.0;
  return out;
}

}  // namespace

TEST(ValidationBarrierNewtonCfl, EveryCflKeepsTheParticlesOutWithLineSearch) {
  const double cfls[] = {0.7, 1.2, 2.0};
  std::ofstream csv;
  if (const std::string path = test::validation_csv("barrier_newton_cfl.csv"); !path.empty()) {
    csv.open(path);
    csv << "cfl,line_search,t,iterations\n";
  }
  for (double cfl : cfls)
    for (bool line_search : {true, false}) {
      const CflRun r = run(cfl, line_search);
      std::printf("CFL %.1f, line search %-3s: %d solves, %.2f Newton iterations per solve, %d capped at 30, "
                  "most penetrating vertices %d\n",
                  cfl, line_search ? "on" : "off", r.solves, r.mean, r.capped, r.penetrating);
      for (size_t i = 0; csv && i < r.t.size(); ++i)
        csv << cfl << ',' << int(line_search) << ',' << r.t[i] << ',' << r.iterations[i] << '\n';
      EXPECT_LT(r.closest, 0.004) << "the drop reached the row";  // else the study measures nothing
      if (line_search) {
        EXPECT_EQ(r.penetrating, 0) << "CFL " << cfl;
        EXPECT_LE(r.capped, r.solves / 10) << "CFL " << cfl;
      }
    }
}
