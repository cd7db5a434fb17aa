#pragma once
// Typed, validated, immutable scene description (built from JSON by scene_loader).
// Downstream code never asks whether a key exists: every default is filled in.
#include <array>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/core/types.hpp"
#include "ripple/grid/grid_geometry.hpp"
#include "ripple/solid/shape.hpp"
#include "ripple/solid/solid_builder.hpp"
#include "ripple/solid/energies/discrete_shell_bending.hpp"
#include "ripple/solver/newton_solver.hpp"

namespace ripple {

enum class BoundaryType { Wall, Open, Periodic };
/// How the fluid is carried: particles (APIC, FLIP) or a level set for a free-surface liquid, or a
/// gas that fills the whole domain (no free surface; smoke density and temperature on the grid).
enum class LiquidRepresentation { Apic, Flip, LevelSet, Gas };
/// Does the representation carry the liquid on particles?
inline bool uses_particles(LiquidRepresentation r) {
  return r == LiquidRepresentation::Apic || r == LiquidRepresentation::Flip;
}
enum class LevelSetAdvection { SemiLagrangian, MacCormack };
/// Whether a particle liquid's surface is held to the volume its particles carry.
enum class SurfaceVolume { Held, Free };
enum class PressurePreconditioner { Multigrid, Mic, None };
/// How liquid meets closed faces (domain walls, obstacles): `Separating` lets it pull away
/// (no suction at walls), `Bilateral` always holds it to the wall's normal velocity.
enum class WallContact { Separating, Bilateral };

struct FluidRegionDesc {
  ShapeDesc shape;
  Vec3 velocity = Vec3::Zero();  ///< m/s
  double smoke = 1.0;            ///< gas: smoke density in the region (concentration, 1 = dense smoke)
  double temperature = 0.0;      ///< gas: K above the ambient temperature
};

/// A gas source: inside its shape, smoke and temperature are held at its values every substep,
/// and the faces inside it are an inflow held at its velocity (the projection treats them like a
/// moving solid's faces).
struct GasSourceDesc {
  ShapeDesc shape;
  std::string pointer;           ///< where the scene describes it, e.g. "/fluid/gas/sources/0"
  Vec3 velocity = Vec3::Zero();  ///< m/s
  double smoke = 1.0;            ///< smoke density (concentration)
  double temperature = 0.0;      ///< K above ambient
  double markers_per_second = 0.0;  ///< passive marker particles released inside it (1/s)
};

/// How an emitter adds liquid: `Continuous` keeps its shape full while it runs, `Once` fills it
/// a single time at its start.
enum class EmitterMode { Continuous, Once };

/// A liquid emitter (tap, hose): while it runs, its shape is kept full of liquid moving at its
/// velocity, the grid faces inside it held at that velocity, so liquid leaves it through its
/// downstream side at speed x cross-section (m^3/s); the shape fills when the emitter starts.
struct EmitterDesc {
  std::string name;              ///< for stats and messages (default emitter<index>)
  std::string pointer;           ///< where the scene describes it, e.g. "/fluid/emitters/0"
  ShapeDesc shape;
  Vec3 velocity = Vec3::Zero();  ///< m/s
  EmitterMode mode = EmitterMode::Continuous;
  double start = 0.0;                                       ///< s
  double end = std::numeric_limits<double>::infinity();     ///< s (continuous only)
};

/// A drain: while it runs, the liquid inside its shape is removed.
struct DrainDesc {
  std::string name;     ///< default drain<index>
  std::string pointer;  ///< e.g. "/fluid/drains/0"
  ShapeDesc shape;
  double start = 0.0;                                    ///< s
  double end = std::numeric_limits<double>::infinity();  ///< s
};

/// Passive marker particles seeded in a shape at t = 0: they ride the gas and show its flow.
struct GasMarkerRegion {
  ShapeDesc shape;
  int per_cell = 1;  ///< markers per grid cell inside the shape
};

/// The gas of `representation: gas` (Fedkiw, Stam, Jensen 2001 buoyancy): the body force on the
/// gas is (heat_lift T - smoke_weight s) along -gravity; gravity itself does not act on the gas
/// (its weight is balanced by a hydrostatic pressure that is left out).
struct GasSettings {
  double smoke_weight = 0.0;  ///< m/s^2 per unit smoke density (pulls down)
  double heat_lift = 0.0;     ///< m/s^2 per K above ambient (lifts)
  std::vector<GasSourceDesc> sources;
  std::vector<GasMarkerRegion> markers;
};

/// A simulated Lagrangian solid, meshed and checked (vertex indices into `vertices`).
struct LagrangianSolidDesc {
  std::string name;
  std::string pointer;  ///< where the scene file describes it, e.g. "/solids/2"
  SolidKind kind = SolidKind::shell;
  std::vector<Vec3> vertices;                 ///< m
  std::vector<std::array<int, 3>> triangles;  ///< shell or rigid surface
  std::vector<std::array<int, 2>> edges;      ///< rod
  std::vector<std::array<int, 4>> tets;       ///< volume
  ShellMaterial shell;
  RodMaterial rod;
  VolumeMaterial volume;
  RigidMaterial rigid;
  BodyMotion motion;
  double initial_scale = 1.0;  ///< volume: initial positions = rest scaled about the centroid
};

struct TimeSettings {
  double end = 2.0;     ///< s
  double fps = 30.0;    ///< frames per simulated second
  double cfl = 1.0;
  double max_dt = 0.01; ///< s
  double min_dt = 1e-7; ///< s
  int frame_count() const;
};

struct FluidSettings {
  double density = 1000.0;        ///< kg/m^3
  double viscosity = 0.0;         ///< Pa s
  double surface_tension = 0.0;   ///< N/m
  LiquidRepresentation representation = LiquidRepresentation::Apic;
  int particles_per_cell = 8;
  double flip_blend = 0.97;
  double volume_correction = 0.5;  ///< share of a cell's particle excess spread per correction (every 2nd substep)
  LevelSetAdvection levelset_advection = LevelSetAdvection::MacCormack;
  SurfaceVolume surface_volume = SurfaceVolume::Held;
  std::vector<FluidRegionDesc> regions;
  std::vector<EmitterDesc> emitters;
  std::vector<DrainDesc> drains;
  GasSettings gas;
};

struct PressureSolverSettings {
  double tolerance = 1e-6;
  int max_iterations = 500;
  PressurePreconditioner preconditioner = PressurePreconditioner::Multigrid;
  WallContact wall_contact = WallContact::Separating;
};

struct CameraSettings {
  std::optional<Vec3> position, look_at;  ///< m; absent: chosen from the domain
  double fov_degrees = 40.0;
};

struct OutputSettings {
  std::string directory;
  bool write_ply = true, write_obj = false;
  bool liquid_mesh = true, solid_meshes = true;
  int surface_smoothing = 5;  ///< Taubin iterations on the exported liquid mesh (0 = raw)
  int checkpoint_every = 10;
  int checkpoint_keep = 3;   ///< newest checkpoints kept (0: all)
  bool preview = true;
  int preview_every = 1, preview_width = 640, preview_height = 360;
  CameraSettings camera;
};

struct Scene {
  std::string source_path;   ///< the scene file ("" for scenes built in memory)
  std::string name;          ///< file stem
  nlohmann::json resolved;   ///< the validated JSON with defaults (written as scene.resolved.json)
  /// What loading changed to fit the coupling method (a liquid carried another way), said when
  /// a run or a validation starts.
  std::vector<std::string> notices;
  std::string description;
  GridGeometry grid;
  std::array<BoundaryType, 6> boundary{};  ///< x_min, x_max, y_min, y_max, z_min, z_max
  TimeSettings time;
  Vec3 gravity = Vec3(0, -9.81, 0);        ///< m/s^2
  FluidSettings fluid;
  std::vector<ObstacleDesc> obstacles;
  std::vector<LagrangianSolidDesc> lagrangian_solids;
  double contact_dhat = 1e-3;               ///< m
  double obstacle_friction = 0.3;           ///< obstacles and walls against solids
  /// Friction per named pair of solids (contact.pairs), replacing sqrt(mu_a mu_b).
  struct FrictionPair {
    std::string a, b;
    double friction = 0.0;
  };
  std::vector<FrictionPair> friction_pairs;
  double friction_velocity = 1e-3;          ///< m/s
  int friction_updates = 2;                 ///< contact.friction_updates
  NewtonSettings newton;
  HingeHessian bending_hessian = HingeHessian::gauss_newton;  ///< solver.newton.bending_hessian
  /// coupling.method; the method's own settings are resolved["coupling"][method], parsed by
  /// the method (coupling/coupler_factory.hpp): nothing outside coupling/ names a method.
  std::string coupling_method = "none";
  PressureSolverSettings pressure;
  OutputSettings output;

  BoundaryType boundary_at(int axis, int side) const { return boundary[static_cast<size_t>(2 * axis + side)]; }
  bool any_open_side() const {
    for (BoundaryType b : boundary)
      if (b == BoundaryType::Open) return true;
    return false;
  }
  /// Whether each axis wraps around (both its sides "periodic"; the loader refuses one alone).
  std::array<bool, 3> periodic_axes() const {
    return {boundary[0] == BoundaryType::Periodic, boundary[2] == BoundaryType::Periodic,
            boundary[4] == BoundaryType::Periodic};
  }
  bool any_periodic_side() const {
    for (BoundaryType b : boundary)
      if (b == BoundaryType::Periodic) return true;
    return false;
  }
};

}  // namespace ripple
