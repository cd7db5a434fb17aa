#pragma once
// Typed, validated, immutable scene description (built from JSON by scene_loader).
// Downstream code never asks whether a key exists: every default is filled in.
#include <array>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/contact/level_set_distance.hpp"
#include "ripple/coupling/barrier/barrier_points.hpp"
#include "ripple/core/types.hpp"
#include "ripple/grid/grid_geometry.hpp"
#include "ripple/solid/solid_builder.hpp"
#include "ripple/solid/energies/discrete_shell_bending.hpp"
#include "ripple/solver/newton_solver.hpp"

namespace ripple {

enum class BoundaryType { Wall, Open };
enum class LiquidRepresentation { Apic, Flip, LevelSet };
enum class LevelSetAdvection { SemiLagrangian, MacCormack };
enum class PressurePreconditioner { Multigrid, Mic, None };
/// How liquid meets closed faces (domain walls, obstacles): `Separating` lets it pull away
/// (no suction at walls), `Bilateral` always holds it to the wall's normal velocity.
enum class WallContact { Separating, Bilateral };
enum class CouplingMethod { None, Barrier, CutCell };

struct ShapeDesc {
  enum class Kind { Box, Sphere, Mesh };
  Kind kind = Kind::Box;
  Vec3 min = Vec3::Zero(), max = Vec3::Zero();  ///< box corners (m)
  Vec3 center = Vec3::Zero();                   ///< sphere centre (m)
  double radius = 0.0;                          ///< sphere radius (m)
  std::string file;                             ///< mesh: resolved absolute path
  std::shared_ptr<const TriangleMesh> mesh;     ///< mesh: loaded, scaled, translated (m)
  Aabb bounds() const;
  Vec3 centroid() const;
};

struct FluidRegionDesc {
  ShapeDesc shape;
  Vec3 velocity = Vec3::Zero();  ///< m/s
};

struct ObstacleDesc {
  std::string name;
  ShapeDesc shape;
  Vec3 velocity = Vec3::Zero();          ///< m/s
  Vec3 angular_velocity = Vec3::Zero();  ///< rad/s about shape.centroid()
  bool kinematic() const { return velocity.squaredNorm() > 0 || angular_velocity.squaredNorm() > 0; }
};

/// A simulated Lagrangian solid, meshed and checked (vertex indices into `vertices`).
struct LagrangianSolidDesc {
  std::string name;
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
  std::vector<FluidRegionDesc> regions;
};

struct PressureSolverSettings {
  double tolerance = 1e-6;
  int max_iterations = 500;
  PressurePreconditioner preconditioner = PressurePreconditioner::Multigrid;
  WallContact wall_contact = WallContact::Separating;
};

/// Where the barrier method applies surface tension (coupling.barrier.surface_tension).
enum class BarrierSurfaceTension {
  ghost_fluid,  ///< the jump gamma kappa at the interface in the final projection
  csf           ///< Eq. 8's continuum surface force in the prediction, as the paper writes it
};

/// Which volume of each liquid component the barrier method holds (coupling.barrier.volume_measure).
enum class BarrierVolumeMeasure {
  smoothed,  ///< Eq. 11's smoothed volume, held by the optimisation's constraint (the paper)
  sharp      ///< the volume inside the surface, steered by a divergence source (volume_control.hpp)
};

/// How the barrier method's final projection treats the solids at closed contact faces
/// (coupling.barrier.final_projection).
enum class BarrierFinalProjection {
  one_way,  ///< Eq. 23: the faces take the solids' velocity; the solids are not pushed
  two_way   ///< the solids' masses in the pressure solve: the pressure pushes them (momentum kept)
};

/// coupling.barrier (Liu et al. 2025). Lengths in cells are multiplied by dx when used.
struct BarrierSettings {
  LevelSetInterpolation interpolation = LevelSetInterpolation::quadratic;
  BarrierSampling points = BarrierSampling::vertices;  ///< where the solids feel the liquid
  double dhat_cells = 0.5;             ///< solid-liquid barrier activation distance (cells)
  double band_cells = 3.0;             ///< eps: narrow band half width, Eq. 8 and Sec. 4.2.2 (cells)
  double heaviside_width_cells = 1.0;  ///< 1/k of the smoothed Heaviside, Eq. 11 (cells)
  double stiffness = 0.0;              ///< kappa (kg); 0 = automatic (rho dx^3, adapted)
  double volume_tolerance = 1e-6;      ///< relative, per liquid component
  double air_density = 1.0;            ///< rho_a of Eq. 13 in the level-set inertia (kg/m^3)
  bool line_search = true;             ///< backtracking in the coupled Newton solve
  int max_iterations = 50;             ///< Newton cap of the coupled solve
  bool trace = false;                  ///< print every coupled Newton iteration to stderr
  bool volume_constraint = true;       ///< hold each liquid component's volume (Eq. 11)
  BarrierVolumeMeasure volume_measure = BarrierVolumeMeasure::sharp;
  BarrierSurfaceTension surface_tension = BarrierSurfaceTension::ghost_fluid;
  BarrierFinalProjection final_projection = BarrierFinalProjection::one_way;
};

/// coupling.cutcell (Zarifi & Batty 2017): which form of the coupled projection is solved.
enum class CutCellFormulation { spd, indefinite };
enum class IndefiniteSolver { bicgstab, minres };
/// How much of the solid's dynamics the projection solves with the pressures (Sec. 8,
/// "Stability Assessment"): all of it (the paper's method), damping only (elastic forces
/// explicit), or none (weak: the solid first under last step's pressure, then the liquid).
enum class CutCellScheme { strong, damping_only, weak };

struct CutCellSettings {
  CutCellFormulation formulation = CutCellFormulation::spd;  ///< Eq. 33 (CG) or Eq. 19
  IndefiniteSolver indefinite_solver = IndefiniteSolver::bicgstab;
  double sigma = 0.9;       ///< Z1 = sigma (1/dt + tau_m) M, Eq. 30
  double alpha = 0.0;       ///< solid-row scaling of Eq. 33; 0 = automatic (||b_1|| / ||b_2||)
  double tolerance = 1e-8;  ///< relative residual (2-norm) of the coupled solve
  int max_iterations = 5000;
  bool no_slip = false;     ///< comparison variant: the liquid takes the bodies' full velocity in cut cells
  CutCellScheme scheme = CutCellScheme::strong;
  bool multigrid = true;    ///< SPD form: block preconditioner with multigrid on the liquid (else IC)
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
  bool preview = true;
  int preview_every = 1, preview_width = 640, preview_height = 360;
  CameraSettings camera;
};

struct Scene {
  std::string source_path;   ///< the scene file ("" for scenes built in memory)
  std::string name;          ///< file stem
  nlohmann::json resolved;   ///< the validated JSON with defaults (written as scene.resolved.json)
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
  NewtonSettings newton;
  HingeHessian bending_hessian = HingeHessian::gauss_newton;  ///< solver.newton.bending_hessian
  CouplingMethod coupling = CouplingMethod::None;
  BarrierSettings barrier;
  CutCellSettings cutcell;
  PressureSolverSettings pressure;
  OutputSettings output;

  BoundaryType boundary_at(int axis, int side) const { return boundary[static_cast<size_t>(2 * axis + side)]; }
};

}  // namespace ripple
