#include "dam_break_state.hpp"

#include <nlohmann/json.hpp>
#include "ripple/sim/scene_input.hpp"

namespace ripple::bench {

DamBreakState make_dam_break(int resolution, int particles_per_cell, double time, const char* preconditioner,
                             double tolerance) {
  nlohmann::json j = {
      {"domain", {{"min", {0, 0, 0}}, {"max", {1, 1, 1}}, {"resolution", resolution}}},
      {"time", {{"end", 10.0}, {"fps", 30}, {"cfl", 1.0}}},
      {"fluid",
       {{"representation", "apic"},
        {"particles_per_cell", particles_per_cell},
        {"regions", {{{"type", "box"}, {"min", {0, 0, 0}}, {"max", {0.4, 0.6, 1.0}}}}}}},
      {"solver", {{"pressure", {{"preconditioner", preconditioner}, {"tolerance", tolerance}, {"max_iterations", 5000}}}}},
      {"output", {{"preview", {{"enabled", false}}}}}};
  DamBreakState s;
  s.scene = std::make_unique<Scene>(build_scene(j, "bench:dam_break", "."));
  s.world = std::make_unique<World>(*s.scene);
  initialise_world(*s.world);
  PhaseTimings timings;
  while (s.world->time < time) step_dam_break(s, timings);
  return s;
}

double step_dam_break(DamBreakState& s, PhaseTimings& timings) {
  const double dt = test::stable_dt(*s.world);
  test::step(*s.world, dt, timings);
  ++s.steps_taken;
  return dt;
}

}  // namespace ripple::bench
