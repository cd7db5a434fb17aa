#pragma once
// The name <-> value table of every enum the scene format spells as a string (schema.hpp,
// EnumTable): the schema's allowed strings and the loader's parsing both read these.
#include "ripple/scene/scene.hpp"
#include "ripple/scene/schema.hpp"

namespace ripple {

const EnumTable<BoundaryType>& boundary_type_names();
const EnumTable<LiquidRepresentation>& liquid_representation_names();
const EnumTable<LevelSetAdvection>& level_set_advection_names();
const EnumTable<SurfaceVolume>& surface_volume_names();
const EnumTable<PressurePreconditioner>& pressure_preconditioner_names();
const EnumTable<WallContact>& wall_contact_names();
const EnumTable<EmitterMode>& emitter_mode_names();
const EnumTable<PathInterpolation>& path_interpolation_names();
const EnumTable<LinearSolverKind>& linear_solver_names();
const EnumTable<HingeHessian>& hinge_hessian_names();
const EnumTable<ShellBending>& shell_bending_names();
const EnumTable<VolumeModel>& volume_model_names();
/// A solid's `type`: the simulated kinds (a box, sphere or mesh `type` is an obstacle).
const EnumTable<SolidKind>& solid_kind_names();
bool is_simulated_solid(const std::string& type);
/// The `type` of a liquid region or obstacle shape.
const EnumTable<ShapeDesc::Kind>& shape_kind_names();

/// The `type` of each solid kind's `geometry`.
enum class ShellGeometry { grid, mesh };
enum class RodGeometry { polyline, web };
enum class VolumeGeometry { box, sphere, msh, mesh };
enum class RigidGeometry { box, sphere, mesh };
const EnumTable<ShellGeometry>& shell_geometry_names();
const EnumTable<RodGeometry>& rod_geometry_names();
const EnumTable<VolumeGeometry>& volume_geometry_names();
const EnumTable<RigidGeometry>& rigid_geometry_names();

/// A rigid solid's `motion`.
enum class RigidMotion { dynamic, fixed, kinematic };
const EnumTable<RigidMotion>& rigid_motion_names();

}  // namespace ripple
