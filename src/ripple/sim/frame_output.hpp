#pragma once
// Everything written per frame: liquid and solid meshes, preview image and one stats line.
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "ripple/sim/world.hpp"

namespace ripple {

/// Per-frame measurements of the liquid.
struct LiquidMeasures {
  double volume = 0.0;            ///< m^3, enclosed by the written surface mesh
  double kinetic_energy = 0.0;    ///< J
  double potential_energy = 0.0;  ///< J, gravity's, zero at the world origin
  double surface_energy = 0.0;    ///< J, surface tension times the surface's area off the walls
  double max_speed = 0.0;         ///< m/s
  Vec3 momentum = Vec3::Zero();   ///< kg m/s, rho u over the liquid's faces
  Aabb bbox;
  TriangleMesh surface;
};

LiquidMeasures measure_liquid(World& world);

/// Aggregated substep data of one frame.
struct FrameLog {
  int substeps = 0;
  int64_t pressure_iterations = 0;
  int pressure_iterations_max = 0;
  double pressure_residual_max = 0.0;
  int unconverged_solves = 0;
  int64_t separation_rounds = 0;
  int64_t released_cells_max = 0;
  int64_t particles_removed = 0;
  std::map<std::string, double> timings;
  // Lagrangian solids.
  int64_t newton_iterations = 0;
  int newton_iterations_max = 0;
  int64_t line_search_steps = 0;
  int newton_unconverged = 0;
  double min_contact_gap = std::numeric_limits<double>::infinity();
  std::string linear_solver;
  std::map<std::string, double> solid_timings;
  // Coupling "barrier" (Liu et al. 2025); its Newton solves are counted in newton_* above.
  struct Coupling {
    int unknowns_max = 0;                                       ///< level-set unknowns
    double min_gap = std::numeric_limits<double>::infinity();   ///< m, barrier's distance, over the substeps
    int64_t closed_faces = 0;
    double stiffness = 0.0;                                     ///< kg, last substep
    int64_t start_repairs = 0;                                  ///< vertices lifted out of the liquid at solve starts
    int64_t stencil_repairs = 0;  ///< frozen linear stencils re-taken where the trilinear field stopped a step
    int64_t start_stuck = 0;                                    ///< vertices starting inside with nothing to lift
    int64_t control_cells_kept = 0;  ///< level-set cells the volume control's guard put back near solid vertices
    double volume_advection = 0.0, volume_optimisation = 0.0, volume_control = 0.0, volume_redistance = 0.0;  ///< m^3, summed
  } coupling;
  // Coupling "cutcell" (Zarifi & Batty 2017); its solves are also counted in pressure_* above.
  struct CutCell {
    std::string solver;             ///< e.g. "cg+ic"
    double coupled_residual_max = 0.0;
    int64_t fluid_unknowns_max = 0, solid_unknowns = 0, nonzeros_max = 0, pieces_max = 0;
    double alpha = 0.0;             ///< last substep's solid-row scale (Eq. 33)
    int64_t corrected_vertices = 0; ///< explicit wall/obstacle corrections, summed
    // Contact between the coupled bodies (cutcell/body_contact.hpp), over the substeps.
    int64_t contact_steps = 0;      ///< substeps whose move was filtered
    int64_t contact_pairs_max = 0, contact_held_max = 0, contact_newton_max = 0;
    int64_t contact_unconverged = 0;  ///< filters that hit Newton's iteration cap
    double contact_min_gap = std::numeric_limits<double>::infinity();  ///< m
    std::vector<std::string> body_names;
    std::vector<Vec3> body_force;   ///< N, the liquid's force on each coupled body, last substep
  } cutcell;
};

/// Writes meshes and preview for the current frame and returns its stats object (the caller
/// adds `wall_seconds`, which includes this output).
nlohmann::json write_frame(World& world, const std::string& out_dir, const FrameLog& log, double initial_volume,
                           LiquidMeasures& measures);

/// File name of frame `frame` with a prefix and extension, e.g. liquid_0004.ply.
std::string frame_file(const std::string& prefix, int frame, const std::string& ext);

}  // namespace ripple
