// Liquid emitters and drains: an emitter adds its shape's volume when it starts and then speed x
// cross-section per second (particles and level set, within 2 %), the liquid it adds is where
// its surface says, a `once` emitter fills its shape a single time, a drain removes what flows
// into it (the rest of the liquid keeps the balance), the coupled methods pour onto a floating
// body as the liquid alone does, and scenes that cannot run are refused.
#include <gtest/gtest.h>

#include "../stepping.hpp"
#include "../test_support.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/sim/frame_output.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

/// A tap: a 0.1 m square box emitter 0.04 m tall at the top of an empty domain, pouring
/// straight down at 1 m/s without gravity (so the stream keeps the emitter's speed).
json tap_scene(const std::string& representation) {
  return json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.6, 0.3], "dx": 0.01},
    "time": {"end": 1.0, "fps": 30},
    "gravity": [0, 0, 0],
    "fluid": {"representation": ")" + representation + R"(",
              "emitters": [{"type": "box", "min": [0.1, 0.44, 0.1], "max": [0.2, 0.48, 0.2],
                            "velocity": [0, -1, 0], "name": "tap"}]},
    "output": {"preview": {"enabled": false}}
  })");
}

double liquid_volume(World& w) { return measure_liquid(w).volume; }

}  // namespace

TEST(LiquidFlows, AnEmitterAddsItsShapeThenSpeedTimesCrossSection) {
  for (const std::string rep : {"apic", "levelset"}) {
    const Scene s = test::scene_from(tap_scene(rep));
    const auto coupler = make_coupler(s);
    World w(s);
    initialise_world(w, *coupler);
    ASSERT_TRUE(w.has_liquid());
    EXPECT_NEAR(liquid_volume(w), 0.0, 1e-12) << rep;  // nothing before it starts
    const double T = 0.2;
    test::run_for(w, *coupler, T);
    // The shape (0.1 x 0.04 x 0.1 m) at the start, then 1 m/s through 0.01 m^2 for T.
    const double expected = 0.1 * 0.04 * 0.1 + 1.0 * 0.01 * T;
    const double emitted = w.flows.record.emitted[0];
    EXPECT_NEAR(emitted / expected, 1.0, 0.02) << rep;
    // The liquid is there: the surface encloses what was emitted (a stream 10 cells across;
    // the particles' surface is held to their volume, the level set loses 6 %).
    const double volume = liquid_volume(w);
    EXPECT_NEAR(volume / emitted, 1.0, rep == "apic" ? 0.001 : 0.08) << rep;
    // It falls at the emitter's speed: the stream's front is T x 1 m/s below the emitter.
    const Aabb box = measure_liquid(w).bbox;
    EXPECT_NEAR(box.lo.y(), 0.44 - T, 2.0 * s.grid.dx) << rep;
    if (rep == "apic") {
      EXPECT_EQ(static_cast<double>(w.liquid.particles.size()), std::round(emitted / (1e-6 / 8)));
    }
    std::printf("%s: emitted %.4g m^3 (expected %.4g), surface %.4g m^3, front at y = %.3f m\n", rep.c_str(), emitted,
                expected, volume, box.lo.y());
  }
}

TEST(LiquidFlows, AnEmitterOffTheGridOrWithLongStepsAddsTheSame) {
  // The tap moved a third of a cell off the grid's faces, and (particles) substeps of up to
  // three cells: still its shape, then speed x cross-section.
  for (const std::string rep : {"apic", "levelset"}) {
    json j = tap_scene(rep);
    j["fluid"]["emitters"][0]["min"] = {0.1, 0.4433, 0.1};
    j["fluid"]["emitters"][0]["max"] = {0.2, 0.4833, 0.2};
    if (rep == "apic") j["time"]["cfl"] = 3.0;
    const Scene s = test::scene_from(j);
    const auto coupler = make_coupler(s);
    World w(s);
    initialise_world(w, *coupler);
    test::run_for(w, *coupler, 0.2);
    EXPECT_NEAR(w.flows.record.emitted[0] / (0.1 * 0.04 * 0.1 + 1.0 * 0.01 * 0.2), 1.0, 0.02) << rep;
  }
}

TEST(LiquidFlows, AOnceEmitterFillsItsShapeOnceAtItsStart) {
  for (const std::string rep : {"flip", "levelset"}) {
    json j = tap_scene(rep);
    j["fluid"]["emitters"][0]["mode"] = "once";
    j["fluid"]["emitters"][0]["start"] = 0.05;
    const Scene s = test::scene_from(j);
    const auto coupler = make_coupler(s);
    World w(s);
    initialise_world(w, *coupler);
    test::run_for(w, *coupler, 0.04);
    EXPECT_EQ(w.flows.record.emitted[0], 0.0) << rep;
    test::run_for(w, *coupler, 0.15);
    EXPECT_NEAR(w.flows.record.emitted[0] / (0.1 * 0.04 * 0.1), 1.0, 0.02) << rep;
  }
}

TEST(LiquidFlows, ADrainRemovesWhatFlowsIntoIt) {
  // A pool 0.1 m deep with a drain in its floor: the liquid drains, and what is left plus what
  // the drain removed is what there was. A level set advected with MacCormack loses 17 % of the
  // pool in the flow into the drain (semi-Lagrangian: 2 %).
  for (const std::string rep : {"apic", "levelset", "semi_lagrangian"}) {
    const bool level_set = rep != "apic";
    const Scene s = test::scene_from(json::parse(R"({
      "domain": {"min": [0, 0, 0], "max": [0.2, 0.2, 0.2], "dx": 0.01},
      "fluid": {"representation": ")" + std::string(level_set ? "levelset" : "apic") + R"(",
                "levelset_advection": ")" + std::string(rep == "levelset" ? "maccormack" : "semi_lagrangian") + R"(",
                "regions": [{"type": "box", "min": [-1, -1, -1], "max": [1, 0.1, 1]}],
                "drains": [{"type": "box", "min": [0.07, -0.1, 0.07], "max": [0.13, 0.02, 0.13], "start": 0.02}]},
      "output": {"preview": {"enabled": false}}
    })"));
    const auto coupler = make_coupler(s);
    World w(s);
    initialise_world(w, *coupler);
    const double before = liquid_volume(w);
    test::run_for(w, *coupler, 0.3);
    const double drained = w.flows.record.drained[0], after = liquid_volume(w);
    EXPECT_GT(drained, 0.15 * before) << rep;  // it drains
    EXPECT_NEAR((after + drained) / before, 1.0, rep == "levelset" ? 0.2 : 0.03) << rep;
    std::printf("%s: before %.4g m^3, drained %.4g, after %.4g (sum %.4f of before)\n", rep.c_str(), before, drained,
                after, (after + drained) / before);
  }
}

TEST(LiquidFlows, TheCoupledMethodsPourOntoAFloatingBody) {
  // A tap pours onto a light box floating on a pool: every method that runs emitters adds the
  // tap's volume exactly and keeps the liquid's (its surface's) within 5 % of the pool's plus it
  // (+2.8 % cutcell, +2.0 % slip, -1.1 % monolith: the splash's particle surface swells).
  const json scene = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.4, 0.3], "dx": 0.01},
    "fluid": {"regions": [{"type": "box", "min": [-1, -1, -1], "max": [1, 0.1, 1]}],
              "emitters": [{"type": "box", "min": [0.12, 0.3, 0.12], "max": [0.18, 0.33, 0.18],
                            "velocity": [0, -0.5, 0], "end": 0.2}]},
    "solids": [{"type": "rigid", "name": "box", "density": 500,
                "geometry": {"type": "box", "min": [0.1, 0.08, 0.1], "max": [0.2, 0.13, 0.2]}}],
    "output": {"preview": {"enabled": false}}
  })");
  for (const std::string method : {"cutcell", "slip", "monolith"}) {
    json j = scene;
    j["coupling"] = {{"method", method}};
    const Scene s = test::scene_from(j);
    const auto coupler = make_coupler(s);
    World w(s);
    initialise_world(w, *coupler);
    const double before = liquid_volume(w);
    test::run_for(w, *coupler, 0.15);
    // The method's projection kept the tap's faces at its velocity (the face at y = 0.31 m).
    EXPECT_NEAR(w.liquid.velocity.u[1](15, 31, 15), -0.5, 1e-9) << method;
    test::run_for(w, *coupler, 0.25);
    const double emitted = w.flows.record.emitted[0], after = liquid_volume(w);
    EXPECT_NEAR(emitted / (0.06 * 0.03 * 0.06 + 0.5 * 0.06 * 0.06 * 0.2), 1.0, 0.02) << method;
    EXPECT_NEAR(after / (before + emitted), 1.0, 0.05) << method;
    std::printf("%s: emitted %.4g m^3, liquid %.4g -> %.4g m^3 (%.4f of pool + emitted)\n", method.c_str(), emitted,
                before, after, after / (before + emitted));
  }
}

TEST(LiquidFlows, ScenesThatCannotRunAreRefused) {
  for (const std::string method : {"membrane", "barrier"}) {
    json j = tap_scene("levelset");
    j["coupling"] = {{"method", method}};
    const std::string what = test::input_error_of(j);
    EXPECT_NE(what.find("/fluid/emitters"), std::string::npos) << what;
    EXPECT_NE(what.find("\"" + method + "\" cannot run liquid emitters"), std::string::npos) << what;
    EXPECT_NE(what.find("methods that can: \"none\", \"cutcell\", \"slip\" and \"monolith\""), std::string::npos)
        << what;
  }
  auto error_with = [](const std::function<void(json&)>& change) {
    json j = tap_scene("apic");
    change(j);
    return test::input_error_of(j);
  };
  EXPECT_NE(error_with([](json& j) { j["fluid"]["emitters"][0]["start"] = 0.5, j["fluid"]["emitters"][0]["end"] = 0.2; })
                .find("/fluid/emitters/0/end"),
            std::string::npos);
  EXPECT_NE(error_with([](json& j) { j["fluid"]["emitters"][0]["mode"] = "once", j["fluid"]["emitters"][0]["end"] = 0.2; })
                .find("no end"),
            std::string::npos);
  EXPECT_NE(error_with([](json& j) {
              j["fluid"]["emitters"][0]["min"] = {2, 2, 2};
              j["fluid"]["emitters"][0]["max"] = {3, 3, 3};
            }).find("emitter lies entirely outside the domain"),
            std::string::npos);
  EXPECT_NE(error_with([](json& j) { j["fluid"]["representation"] = "gas"; }).find("gas.sources"), std::string::npos);
  EXPECT_NE(error_with([](json& j) {
              j["fluid"]["drains"] = json::array({j["fluid"]["emitters"][0]});
              j["fluid"]["drains"][0].erase("velocity");
            }).find("duplicate emitter or drain name \"tap\""),
            std::string::npos);
  EXPECT_NE(error_with([](json& j) { j["fluid"]["emitters"][0]["mode"] = "sometimes"; }).find("mode"), std::string::npos);
}
