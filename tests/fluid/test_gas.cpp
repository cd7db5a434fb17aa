// The gas representation: it fills the domain, its smoke and heat are carried and held by
// sources, buoyancy lifts hot gas, an inflow leaves through the open side, and scenes that cannot
// run are refused.
#include <gtest/gtest.h>

#include "../stepping.hpp"
#include "../test_support.hpp"
#include "ripple/fluid/body_forces.hpp"
#include "ripple/fluid/gas_sources.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

json gas_scene() {
  return json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.2, 0.4, 0.2], "dx": 0.0125, "boundary": {"y_max": "open"}},
    "time": {"end": 1.0, "fps": 30},
    "fluid": {"representation": "gas", "density": 1.2,
              "gas": {"heat_lift": 4.0,
                      "sources": [{"type": "sphere", "center": [0.1, 0.06, 0.1], "radius": 0.03,
                                   "smoke": 1.0, "temperature": 1.0}]}},
    "output": {"preview": {"enabled": false}}
  })");
}

/// Centre of the smoke (m), weighted by its density.
Vec3 smoke_centroid(const LiquidState& L) {
  Vec3 sum = Vec3::Zero();
  double total = 0.0;
  for (int64_t c = 0; c < L.smoke.size(); ++c) {
    const Vec3i I = L.smoke.coords(c);
    sum += L.smoke[c] * L.grid.cell_center(I.x(), I.y(), I.z());
    total += L.smoke[c];
  }
  return sum / total;
}

/// Largest |divergence| (1/s) of the face velocities over the cells.
double max_divergence(const LiquidState& L) {
  const GridGeometry& g = L.grid;
  double worst = 0.0;
  for (int k = 0; k < g.n.z(); ++k)
    for (int j = 0; j < g.n.y(); ++j)
      for (int i = 0; i < g.n.x(); ++i) {
        double d = 0.0;
        for (int a = 0; a < 3; ++a) {
          Vec3i hi(i, j, k);
          hi[a] += 1;
          d += L.velocity.u[a](hi.x(), hi.y(), hi.z()) - L.velocity.u[a](i, j, k);
        }
        worst = std::max(worst, std::abs(d) / g.dx);
      }
  return worst;
}

}  // namespace

TEST(Gas, FillsTheDomainWithTheRegionsSmoke) {
  json j = gas_scene();
  j["fluid"]["regions"] = json::parse(R"([{"type": "box", "min": [0, 0.2, 0], "max": [0.2, 0.3, 0.2],
                                           "smoke": 0.5, "temperature": 2.0, "velocity": [0, 0.1, 0]}])");
  const Scene s = test::scene_from(j);
  World w(s);
  initialise_world(w);
  const LiquidState& L = w.liquid;
  ASSERT_TRUE(w.has_liquid());
  for (int64_t c = 0; c < L.phi.size(); ++c) EXPECT_LT(L.phi[c], 0.0);
  const Vec3i inside(8, 20, 8), below(8, 10, 8);
  EXPECT_DOUBLE_EQ(L.smoke(inside.x(), inside.y(), inside.z()), 0.5);
  EXPECT_DOUBLE_EQ(L.temperature(inside.x(), inside.y(), inside.z()), 2.0);
  EXPECT_DOUBLE_EQ(L.smoke(below.x(), below.y(), below.z()), 0.0);
  EXPECT_DOUBLE_EQ(L.velocity.u[1](8, 20, 8), 0.1);
  EXPECT_DOUBLE_EQ(L.velocity.u[1](8, 10, 8), 0.0);
}

TEST(Gas, BuoyancyIsHeatLiftMinusSmokeWeightAgainstGravity) {
  GridGeometry g;
  g.n = Vec3i(2, 3, 2);
  g.dx = 0.1;
  MacVelocity v;
  v.resize(g);
  ScalarGrid smoke(2, 3, 2, 0.5), temperature(2, 3, 2, 3.0);
  apply_buoyancy(v, smoke, temperature, Vec3(0, 1, 0), 2.0, 0.25, 0.1);
  // (0.25 * 3 - 2 * 0.5) * 0.1 = -0.025 m/s on every vertical face, nothing sideways.
  for (int64_t f = 0; f < v.u[1].size(); ++f) EXPECT_NEAR(v.u[1][f], -0.025, 1e-15);
  EXPECT_EQ(v.u[0].data(), std::vector<double>(v.u[0].size(), 0.0));
}

TEST(Gas, HotSmokeRisesDivergenceFreeAndTheSourceHoldsItsValues) {
  const Scene s = test::scene_from(gas_scene());
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  test::run_for(w, *coupler, 0.4);
  const LiquidState& L = w.liquid;
  // The plume rises well above the source (centre y = 0.06 m) ...
  EXPECT_GT(smoke_centroid(L).y(), 0.1);
  // ... while the source keeps its cells at its values.
  EXPECT_DOUBLE_EQ(L.smoke(8, 4, 8), 1.0);
  EXPECT_DOUBLE_EQ(L.temperature(8, 4, 8), 1.0);
  // After a projection (the velocity written is advected after it), the gas is divergence-free.
  PhaseTimings timings;
  ProjectionInput in = prepare_projection(w, 1e-3, timings);
  project_pressure(w.liquid, w.solids, nullptr, projection_params(s, 1e-3), in.valid, w.pressure_system);
  EXPECT_LT(max_divergence(w.liquid), 1e-4);
  // Closed sides and bottom, nothing blown in: no flow through the open top on average, so the
  // vertical momentum of the whole gas is zero (integral of v = height x outflow).
  double momentum = 0.0;
  for (double u : w.liquid.velocity.u[1].data()) momentum += u;
  EXPECT_LT(std::abs(momentum) * s.grid.dx, 1e-6);
}

TEST(Gas, AnInflowLeavesThroughTheOpenSide) {
  json j = gas_scene();
  // A jet through the floor: a box source reaching below the domain, blowing upwards.
  j["fluid"]["gas"]["sources"] = json::parse(R"([{"type": "box", "min": [0.075, -0.1, 0.075], "max": [0.125, 0.025, 0.125],
                                                  "velocity": [0, 0.5, 0]}])");
  const Scene s = test::scene_from(j);
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  const double inflow = gas_source_inflow(w.gas_sources, s.grid);
  EXPECT_NEAR(inflow, 0.5 * 0.05 * 0.05, 1e-12);  // 4 x 4 faces of the floor
  test::run_for(w, *coupler, 0.05);
  PhaseTimings timings;
  ProjectionInput in = prepare_projection(w, 1e-3, timings);
  project_pressure(w.liquid, w.solids, nullptr, projection_params(s, 1e-3), in.valid, w.pressure_system);
  double outflow = 0.0;
  const ScalarGrid& v = w.liquid.velocity.u[1];
  for (int k = 0; k < s.grid.n.z(); ++k)
    for (int i = 0; i < s.grid.n.x(); ++i) outflow += v(i, s.grid.n.y(), k) * s.grid.dx * s.grid.dx;
  EXPECT_NEAR(outflow, inflow, 1e-3 * inflow);
}

TEST(Gas, ScenesThatCannotRunAreRefused) {
  json j = gas_scene();
  j["domain"]["boundary"]["y_max"] = "wall";
  j["fluid"]["gas"]["sources"][0] = json::parse(R"({"type": "box", "min": [0.075, -0.1, 0.075], "max": [0.125, 0.025, 0.125],
                                                    "velocity": [0, 0.5, 0]})");
  {
    const Scene s = test::scene_from(j);
    World w(s);
    try {
      initialise_world(w);
      ADD_FAILURE() << "a jet into a closed box was accepted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("/fluid/gas/sources"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("open"), std::string::npos) << e.what();
    }
  }
  json tiny = gas_scene();
  tiny["fluid"]["gas"]["sources"][0]["radius"] = 0.001;
  tiny["fluid"]["gas"]["sources"][0]["center"] = json::array({0.1, 0.0625, 0.1});
  {
    const Scene s = test::scene_from(tiny);
    World w(s);
    EXPECT_THROW(initialise_world(w), InputError);
  }
  json cutcell = gas_scene();
  cutcell["coupling"]["method"] = "cutcell";
  EXPECT_NE(test::input_error_of(cutcell).find("/fluid/representation"), std::string::npos);
  json liquid = gas_scene();
  liquid["fluid"]["representation"] = "apic";
  liquid["fluid"]["regions"] = json::parse(R"([{"type": "box", "min": [0, 0, 0], "max": [0.2, 0.1, 0.2]}])");
  EXPECT_NE(test::input_error_of(liquid).find("/fluid/gas/sources/0"), std::string::npos);
  json tension = gas_scene();
  tension["fluid"]["surface_tension"] = 0.07;
  EXPECT_NE(test::input_error_of(tension).find("/fluid/surface_tension"), std::string::npos);
}

TEST(Gas, MarkersAreSeededReleasedAndCarriedOut) {
  json j = gas_scene();
  j["fluid"]["gas"]["markers"] = json::parse(R"([{"type": "box", "min": [0.075, 0.1, 0.075], "max": [0.125, 0.15, 0.125], "per_cell": 2}])");
  j["fluid"]["gas"]["sources"][0]["markers_per_second"] = 1000.0;
  const Scene s = test::scene_from(j);
  World w(s);
  std::unique_ptr<Coupler> coupler = initialise_world(w);
  // 4 x 4 x 4 cells above the source, two markers each.
  const int64_t seeded_count = 2 * 4 * 4 * 4;
  EXPECT_EQ(static_cast<int64_t>(w.liquid.particles.size()), seeded_count);
  const std::vector<Vec3f> seeded = w.liquid.particles.x;
  const int64_t removed = test::run_for(w, *coupler, 0.2).particles_removed;
  // About 200 released in 0.2 s (each substep rounds its share up or down).
  const int64_t released = static_cast<int64_t>(w.liquid.particles.size()) + removed - seeded_count;
  EXPECT_NEAR(static_cast<double>(released), 200.0, 0.05 * 200.0 + 2.0);
  // The seeded markers rose with the plume (none has left yet: they keep the first places).
  ASSERT_EQ(removed, 0);
  double y0 = 0.0, y1 = 0.0;
  for (size_t i = 0; i < seeded.size(); ++i) {
    y0 += seeded[i].y();
    y1 += w.liquid.particles.x[i].y();
  }
  EXPECT_GT(y1, y0);
  // The same scene seeds the same markers (no random state).
  World again(s);
  initialise_world(again);
  EXPECT_EQ(again.liquid.particles.x, seeded);
}
