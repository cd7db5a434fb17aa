// The barrier method's whole step on a World (Liu et al. 2025, Algorithm 1): scene keys and
// their errors, a solid starting inside the liquid refused, and a drop landing on a fixed
// plate of vertices: no vertex ever inside the liquid (counted independently of the
// barrier), no liquid below the plate, the components' volumes held.
#include <gtest/gtest.h>

#include "../../test_support.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"
#include "../../stepping.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/grid/level_set_volume.hpp"
#include "ripple/sim/checkpoint.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

// A 12 mm drop (4 cells) 8 mm above a fixed 40 mm plate (vertex spacing 2.5 mm < dx = 3 mm), falling.
json drop_on_plate() {
  return json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.06, 0.06, 0.06], "dx": 0.003},
    "time": {"end": 0.2, "fps": 30},
    "fluid": {"representation": "levelset", "surface_tension": 0.5,
              "regions": [{"type": "sphere", "center": [0.03, 0.04, 0.03], "radius": 0.012, "velocity": [0, -0.3, 0]}]},
    "solids": [{"type": "shell", "name": "plate",
                "geometry": {"type": "grid", "center": [0.03, 0.019, 0.03], "width": 0.04, "depth": 0.04, "resolution": 16},
                "pinned": {"regions": [{"min": [0, 0, 0], "max": [0.06, 0.06, 0.06]}]}}],
    "coupling": {"method": "barrier"},
    "output": {"preview": {"enabled": false}}
  })");
}

// Liquid cells under the plate's footprint more than a cell below it.
int liquid_cells_below_plate(const World& w, double plate_y) {
  const GridGeometry& g = w.liquid.grid;
  int below = 0;
  for (int64_t c = 0; c < w.liquid.phi.size(); ++c) {
    const Vec3i I = w.liquid.phi.coords(c);
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    if (w.liquid.phi[c] < 0 && x.y() < plate_y - g.dx && std::abs(x.x() - 0.03) < 0.012 && std::abs(x.z() - 0.03) < 0.012)
      ++below;
  }
  return below;
}

/// The plate drop's world and penetration counts of its current state: with the barrier's
/// interpolation `kind`, or by the plain trilinear level set.
struct PlateRun {
  Scene s;
  World w{s};
  BarrierCoupler b{barrier_settings(s)};
  std::vector<uint8_t> coupled;
  explicit PlateRun(const json& j) : s(test::scene_from(j)) {
    initialise_world(w, b);
    coupled = liquid_coupled_vertices(w);
  }
  BarrierStepReport step(double dt, PhaseTimings& timings) { return test::step(w, b, dt, timings); }
  PenetrationReport penetration(LevelSetInterpolation kind) const {
    const SolidModel& m = w.lagrangian->model;
    return check_penetration(w.liquid.grid, w.liquid.phi, m.collision, m.positions(w.lagrangian->state.z), kind, coupled);
  }
  int trilinear_penetrating() const {
    const SolidModel& m = w.lagrangian->model;
    return check_penetration(w.liquid.grid, w.liquid.phi, m.collision, m.positions(w.lagrangian->state.z), coupled)
        .penetrating;
  }
};

std::string load_error(const json& j) {
  try {
    const Scene s = test::scene_from(j);
    World w(s);
    initialise_world(w);  // the scene's method checks its start
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(BarrierScene, BadInputNamesTheKey) {
  EXPECT_EQ(load_error(drop_on_plate()), "");
  json j = drop_on_plate();
  j["fluid"]["representation"] = "apic";
  EXPECT_EQ(load_error(j), "") << "particles run as a level set";
  j["fluid"]["representation"] = "gas";
  j["fluid"]["surface_tension"] = 0.0;
  EXPECT_NE(load_error(j).find("/fluid/representation: coupling.method \"barrier\""), std::string::npos) << load_error(j);
  j = drop_on_plate();
  j["coupling"]["barrier"]["band_cells"] = 1.5;
  j["time"]["cfl"] = 1.0;
  EXPECT_NE(load_error(j).find("/coupling/barrier/band_cells: narrow band of 1.5 cells is too thin for cfl 1"),
            std::string::npos)
      << load_error(j);
  j = drop_on_plate();
  j["coupling"]["barrier"]["interpolation"] = "cubic";
  EXPECT_NE(load_error(j).find("/coupling/barrier/interpolation"), std::string::npos) << load_error(j);
  j = drop_on_plate();
  j["coupling"]["barrier"]["surface_tension"] = "jump";
  EXPECT_NE(load_error(j).find("/coupling/barrier/surface_tension"), std::string::npos) << load_error(j);
  j = drop_on_plate();
  j["coupling"]["barrier"]["dhat_cells"] = 3.0;
  EXPECT_NE(load_error(j).find("/coupling/barrier/dhat_cells"), std::string::npos) << load_error(j);
  j = drop_on_plate();
  j["coupling"]["barrier"]["volume_measure"] = "mesh";
  EXPECT_NE(load_error(j).find("/coupling/barrier/volume_measure"), std::string::npos) << load_error(j);
  j = drop_on_plate();
  j["coupling"]["barrier"]["final_projection"] = "both_ways";
  EXPECT_NE(load_error(j).find("/coupling/barrier/final_projection"), std::string::npos) << load_error(j);
  j = drop_on_plate();
  j["coupling"]["barrier"]["air_density"] = 2000.0;
  EXPECT_NE(load_error(j).find("/coupling/barrier/air_density: air density 2000 kg/m^3 exceeds the liquid's"),
            std::string::npos)
      << load_error(j);
  j["coupling"]["barrier"]["air_density"] = -1.0;
  EXPECT_NE(load_error(j).find("/coupling/barrier/air_density"), std::string::npos) << load_error(j);
  j = drop_on_plate();
  j["coupling"]["method"] = "magic";
  EXPECT_NE(load_error(j).find("/coupling/method"), std::string::npos) << load_error(j);
  // The plate moved into the drop: refused before any step, naming the solid.
  j = drop_on_plate();
  j["solids"][0]["geometry"]["center"] = {0.03, 0.04, 0.03};
  EXPECT_NE(load_error(j).find("solid \"plate\" starts with"), std::string::npos) << load_error(j);
}

TEST(BarrierStep, DropLandsOnAFixedPlateWithoutPassing) {
  for (const char* interpolation : {"quadratic", "linear"}) {
    SCOPED_TRACE(interpolation);
    json j = drop_on_plate();
    j["coupling"]["barrier"]["interpolation"] = interpolation;
    PlateRun run(j);
    World& w = run.w;
    const GridGeometry& g = w.liquid.grid;
    const double plate_y = 0.019;
    const BarrierSettings& b = run.b.state.settings;
    const double eps = b.band_cells * g.dx, k = 1.0 / (b.heaviside_width_cells * g.dx);
    const double v0 = select_narrow_band(g, w.liquid.phi, eps, k, 0).volumes.at(0);
    PhaseTimings timings;
    int steps = 0, repairs = 0, unconverged = 0;
    double closest = 1.0;
    int trilinear = 0;  // the plain trilinear count: equal for linear; quadratic may read films thinner
    while (w.time < 0.12) {
      const BarrierStepReport r = run.step(run.b.stable_time_step(w), timings);
      ++steps;
      repairs += r.start_repairs;
      unconverged += !r.newton.converged;
      const PenetrationReport p = run.penetration(b.interpolation);
      ASSERT_EQ(p.penetrating, 0) << "step " << steps << " t " << w.time;
      closest = std::min(closest, p.min_distance);
      trilinear = std::max(trilinear, run.trilinear_penetrating());
    }
    // It landed: within a cell of the plate (dhat = dx / 2 keeps it off).
    EXPECT_LT(closest, g.dx);
    // Solves that stop at the iteration cap are reported (stats, log); measured 2-3 of 26 here.
    EXPECT_LE(unconverged, steps / 5) << unconverged << " of " << steps;
    if (b.interpolation == LevelSetInterpolation::linear) {
      EXPECT_EQ(trilinear, 0);
    }
    // No liquid under the plate's footprint, more than a cell below it. The barrier holds the
    // surface off the vertices only: with MacCormack advection of phi* this found 45 of 207
    // liquid cells below (overshoot in the air behind the plate), hence semi-Lagrangian.
    int liquid = 0;
    for (double p : w.liquid.phi.data()) liquid += p < 0;
    const int below = liquid_cells_below_plate(w, plate_y);
    EXPECT_EQ(below, 0) << below << " of " << liquid << " liquid cells below the plate";
    // The volume targets are carried without loss (Sec. 4.2.2: one constraint per component);
    // fragments that appear in the band enter with their measured volume (measured +1.5e-4
    // quadratic; linear +4.5e-4, and +1.1e-3 since cells at a sign change are always unknowns:
    // four slivers of 2.2e-9 m^3 at the plate's corners)...
    double targets = run.b.state.lost_volume;
    for (double t : run.b.state.target) targets += t;
    EXPECT_NEAR(targets / v0, 1.0, 1.5e-3);
    // ...but the level set after the last redistancing and unconverged solves holds them only
    // within 6 % at this coarse resolution (the drop is 8 cells wide; measured 1-5 %).
    const NarrowBand end = select_narrow_band(g, w.liquid.phi, eps, k, 0);
    double v1 = 0.0;
    for (double v : end.volumes) v1 += v;
    EXPECT_NEAR(v1 / v0, 1.0, 0.06) << steps << " steps, " << repairs << " start repairs";
    EXPECT_GT(measure_liquid(w).volume, 0.0);
  }
}

// coupling.barrier.volume_measure = "sharp" (volume_control.hpp): through the impact on the
// plate (0.06 s, 14 steps) the drop keeps the volume inside its surface, which the smoothed
// constraint lets fall by half (the smoothed Heaviside counts the air gap the barrier
// keeps), still without passing the plate; the sharp targets travel in the checkpoint. Later,
// as the 4-cell drop spreads into a film a cell thick, advection loses 10-20 % per step and
// neither measure holds (docs/validation.md).
TEST(BarrierStep, SharpVolumeMeasureKeepsTheVolumeInsideTheSurface) {
  json j = drop_on_plate();
  j["coupling"]["barrier"]["interpolation"] = "linear";
  auto run = [&](const char* measure, PlateRun* resumed_copy) {
    j["coupling"]["barrier"]["volume_measure"] = measure;
    PlateRun run(j);
    World& w = run.w;
    const GridGeometry& g = w.liquid.grid;
    const double v0 = liquid_volume(w.liquid.phi, g);
    PhaseTimings timings;
    double lowest = 1.0, highest = 1.0;
    for (int step = 0; w.time < 0.06; ++step) {
      const double dt = run.b.stable_time_step(w);
      if (resumed_copy && step == 8) {  // checkpoint, step both, compare
        const std::string path = (test::temp_dir("barrier_sharp") / "c.bin").string();
        write_checkpoint(path, w, run.b);
        read_checkpoint(path, resumed_copy->w, resumed_copy->b);
        resumed_copy->step(dt, timings);
      }
      run.step(dt, timings);
      if (resumed_copy && step == 8) {
        EXPECT_EQ(w.liquid.phi.data(), resumed_copy->w.liquid.phi.data());
        EXPECT_EQ(run.b.state.sharp_target, resumed_copy->b.state.sharp_target);
      }
      EXPECT_EQ(run.trilinear_penetrating(), 0) << "step " << step;
      const double v = liquid_volume(w.liquid.phi, g) / v0;
      lowest = std::min(lowest, v);
      highest = std::max(highest, v);
    }
    if (resumed_copy) {  // the sharp run (the smoothed one has 4 cells below at 0.06 s, 0 by 0.12 s)
      EXPECT_EQ(liquid_cells_below_plate(w, 0.019), 0);
    }
    return std::pair{lowest, highest};
  };
  j["coupling"]["barrier"]["volume_measure"] = "sharp";
  PlateRun copy(j);  // the copy resumed from a checkpoint of the sharp run
  const auto [sharp_low, sharp_high] = run("sharp", &copy);
  const auto [smoothed_low, smoothed_high] = run("smoothed", nullptr);
  // Measured: sharp 0.86-1.0 of the start on every step; smoothed down to 0.52.
  EXPECT_GT(sharp_low, 0.8);
  EXPECT_LT(sharp_high, 1.02);
  EXPECT_LT(smoothed_low, 0.7);
  std::printf("volume inside the surface over 0.06 s: sharp %.3f-%.3f, smoothed %.3f-%.3f\n", sharp_low, sharp_high,
              smoothed_low, smoothed_high);
}

// Algorithm 2 alone (no solids): a 20 mm cube of liquid in zero gravity rounds into a ball
// under the semi-implicit surface tension (Eq. 8), its volume held by the constraint, each
// coupled solve converging in a few Newton iterations.
TEST(BarrierStep, LiquidCubeRoundsIntoABallWithoutSolids) {
  const json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.06, 0.06, 0.06], "dx": 0.002},
    "time": {"end": 0.1, "fps": 30},
    "gravity": [0, 0, 0],
    "fluid": {"representation": "levelset", "surface_tension": 0.5,
              "regions": [{"type": "box", "min": [0.02, 0.02, 0.02], "max": [0.04, 0.04, 0.04]}]},
    "coupling": {"method": "barrier"},
    "output": {"preview": {"enabled": false}}
  })");
  const Scene s = test::scene_from(j);
  World w(s);
  BarrierCoupler b(barrier_settings(s));
  initialise_world(w, b);
  const double v0 = measure_liquid(w).volume;
  PhaseTimings timings;
  int steps = 0, iterations = 0;
  while (w.time < 0.1 - 1e-9) {
    const BarrierStepReport r = test::step(w, b, std::min(b.stable_time_step(w), 0.1 - w.time), timings);
    ASSERT_TRUE(r.newton.converged) << "step " << steps;
    iterations += r.newton.iterations;
    ++steps;
  }
  EXPECT_LE(iterations, 6 * steps) << iterations << " Newton iterations in " << steps << " steps";
  const LiquidMeasures m = measure_liquid(w);
  EXPECT_NEAR(m.volume / v0, 1.0, 0.01);
  // A ball of the cube's volume has diameter 24.8 mm; the cube's corners reach 34.6 mm.
  const Vec3 size = m.bbox.hi - m.bbox.lo;
  for (int a = 0; a < 3; ++a) EXPECT_NEAR(size[a], 0.0248, 0.002) << "axis " << a;
}

// Through the `ripple` binary: a barrier run writes its stats keys on every frame, exits 2 for
// a solid starting inside the liquid, and resumes from a checkpoint to the same bytes (the
// volume targets, labels and kappa travel in the checkpoint).
TEST(BarrierStep, RunWritesStatsAndResumesExactly) {
  namespace fs = std::filesystem;
  const auto dir = test::temp_dir("barrier_run");
  json j = drop_on_plate();
  j["time"]["end"] = 0.1;
  j["output"]["checkpoint_every"] = 1;
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  const std::string a = (dir / "a").string(), b = (dir / "b").string();
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --threads 1 --out " + a, (dir / "a.log").string()), 0)
      << test::read_text(dir / "a.log");
  std::ifstream stats(fs::path(a) / "stats.jsonl");
  std::string line;
  int frames = 0;
  double last_volume = 0.0;
  while (std::getline(stats, line)) {
    const auto s = json::parse(line);
    for (const char* k : {"penetrating_vertices", "penetrating_vertices_trilinear", "min_solid_fluid_distance",
                          "liquid_components", "liquid_volume_lost", "liquid_volume_returned", "coupling_newton_iterations",
                          "coupling_newton_unconverged", "coupling_level_set_unknowns_max", "coupling_start_repairs",
                          "coupling_start_stuck", "liquid_volume_budget"})
      EXPECT_TRUE(s.contains(k)) << k;
    EXPECT_EQ(s["penetrating_vertices"], 0) << line;
    if (frames > 0) {
      EXPECT_TRUE(s["timings"].contains("coupled_optimisation"));
      EXPECT_TRUE(s["timings"].contains("pressure_final"));
      // The phases' changes of the volume inside the surface add up to the frame's change of
      // the exported mesh's volume (the same measure, before smoothing).
      const json& budget = s["liquid_volume_budget"];
      const double phases = budget["advection"].get<double>() + budget["optimisation"].get<double>() +
                            budget["volume_control"].get<double>() + budget["redistance"].get<double>();
      const double mesh = s["fluid_volume"].get<double>() - last_volume;
      EXPECT_NEAR(phases, mesh, 1e-9 * s["fluid_volume"].get<double>()) << line;
      EXPECT_LT(budget["advection"].get<double>(), 0.0);    // semi-Lagrangian advection loses liquid...
      EXPECT_GT(budget["optimisation"].get<double>(), 0.0);  // ...the volume constraint restores it
    }
    last_volume = s["fluid_volume"].get<double>();
    ++frames;
  }
  EXPECT_EQ(frames, 4);
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --threads 1 --frames 1 --out " + b, (dir / "b.log").string()), 0);
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --threads 1 --resume " + b, (dir / "c.log").string()), 0)
      << test::read_text(dir / "c.log");
  EXPECT_EQ(test::read_text(fs::path(a) / "liquid_0003.ply"), test::read_text(fs::path(b) / "liquid_0003.ply"));
  // A plate inside the drop: exit 2, naming the solid.
  j["solids"][0]["geometry"]["center"] = {0.03, 0.04, 0.03};
  const std::string bad = test::write_text(dir / "bad.json", j.dump());
  EXPECT_EQ(test::run_ripple("run " + bad + " --quiet --out " + (dir / "bad").string(), (dir / "bad.log").string()), 2);
  EXPECT_NE(test::read_text(dir / "bad.log").find("solid \"plate\" starts with"), std::string::npos)
      << test::read_text(dir / "bad.log");
}
