#pragma once
// Everything written per frame: liquid and solid meshes (a gas: its volume), preview image and
// one stats line.
#include <nlohmann/json.hpp>
#include <string>

#include "ripple/coupling/coupler.hpp"
#include "ripple/world/frame_log.hpp"
#include "ripple/world/stats_fields.hpp"

namespace ripple {

/// Per-frame measurements of the liquid.
struct LiquidMeasures {
  double volume = 0.0;            ///< m^3, enclosed by the written surface mesh
  double kinetic_energy = 0.0;    ///< J
  double potential_energy = 0.0;  ///< J, gravity's, zero at the world origin
  double surface_energy = 0.0;    ///< J, surface tension times the surface's area off the walls
  double max_speed = 0.0;         ///< m/s
  Vec3 momentum = Vec3::Zero();   ///< kg m/s, rho u over the liquid's faces
  double smoke_amount = 0.0;      ///< gas: m^3, smoke density integrated over the domain
  double smoke_max = 0.0;         ///< gas: largest cell's smoke density
  double temperature_max = 0.0;   ///< gas: K above ambient, hottest cell
  Aabb bbox;
  TriangleMesh surface;
};

/// The liquid as written: outside the coupled bodies' signed distance `body_phi` (m, at grid
/// nodes) when a method's level set reaches into them (Coupler::body_phi), else all of it;
/// its surface is `surface` where the method carries its own (Coupler::liquid_surface).
LiquidMeasures measure_liquid(World& world, const ScalarGrid* body_phi = nullptr, const TriangleMesh* surface = nullptr);

/// Writes meshes and preview for the current frame and returns its stats object, the coupling
/// method's entries included (the caller adds `wall_seconds`, which includes this output).
nlohmann::json write_frame(World& world, Coupler& coupler, const std::string& out_dir, const FrameLog& log,
                           double initial_volume, LiquidMeasures& measures);

/// The fields write_frame writes itself (the coupling method adds its own: coupler_factory.hpp).
std::vector<StatsGroup> frame_stats_groups();

/// File name of frame `frame` with a prefix and extension, e.g. liquid_0004.ply.
std::string frame_file(const std::string& prefix, int frame, const std::string& ext);

}  // namespace ripple
