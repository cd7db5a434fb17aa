#include "ripple/scene/scene_enums.hpp"

namespace ripple {

const EnumTable<BoundaryType>& boundary_type_names() {
  static const EnumTable<BoundaryType> t{{"wall", BoundaryType::Wall}, {"open", BoundaryType::Open}, {"periodic", BoundaryType::Periodic}};
  return t;
}

const EnumTable<LiquidRepresentation>& liquid_representation_names() {
  static const EnumTable<LiquidRepresentation> t{
      {"apic", LiquidRepresentation::Apic}, {"flip", LiquidRepresentation::Flip}, {"levelset", LiquidRepresentation::LevelSet},
      {"gas", LiquidRepresentation::Gas}};
  return t;
}

const EnumTable<LevelSetAdvection>& level_set_advection_names() {
  static const EnumTable<LevelSetAdvection> t{{"semi_lagrangian", LevelSetAdvection::SemiLagrangian},
                                              {"maccormack", LevelSetAdvection::MacCormack}};
  return t;
}

const EnumTable<SurfaceVolume>& surface_volume_names() {
  static const EnumTable<SurfaceVolume> t{{"held", SurfaceVolume::Held}, {"free", SurfaceVolume::Free}};
  return t;
}

const EnumTable<PressurePreconditioner>& pressure_preconditioner_names() {
  static const EnumTable<PressurePreconditioner> t{
      {"mgpcg", PressurePreconditioner::Multigrid}, {"mic", PressurePreconditioner::Mic}, {"none", PressurePreconditioner::None}};
  return t;
}

const EnumTable<WallContact>& wall_contact_names() {
  static const EnumTable<WallContact> t{{"separating", WallContact::Separating}, {"bilateral", WallContact::Bilateral}};
  return t;
}

const EnumTable<EmitterMode>& emitter_mode_names() {
  static const EnumTable<EmitterMode> t{{"continuous", EmitterMode::Continuous}, {"once", EmitterMode::Once}};
  return t;
}

const EnumTable<PathInterpolation>& path_interpolation_names() {
  static const EnumTable<PathInterpolation> t{{"linear", PathInterpolation::linear}, {"smooth", PathInterpolation::smooth}};
  return t;
}

const EnumTable<LinearSolverKind>& linear_solver_names() {
  static const EnumTable<LinearSolverKind> t{{"cholmod", LinearSolverKind::cholmod}, {"pcg", LinearSolverKind::pcg}};
  return t;
}

const EnumTable<HingeHessian>& hinge_hessian_names() {
  static const EnumTable<HingeHessian> t{{"gauss_newton", HingeHessian::gauss_newton},
                                         {"projected", HingeHessian::projected}};
  return t;
}

const EnumTable<ShellBending>& shell_bending_names() {
  static const EnumTable<ShellBending> t{{"hinge", ShellBending::hinge}, {"midedge", ShellBending::midedge}};
  return t;
}

const EnumTable<VolumeModel>& volume_model_names() {
  static const EnumTable<VolumeModel> t{{"stable_neohookean", VolumeModel::stable_neohookean},
                                        {"corotated_linear", VolumeModel::corotated_linear}};
  return t;
}

const EnumTable<SolidKind>& solid_kind_names() {
  static const EnumTable<SolidKind> t{
      {"shell", SolidKind::shell}, {"rod", SolidKind::rod}, {"volume", SolidKind::volume}, {"rigid", SolidKind::rigid}};
  return t;
}

bool is_simulated_solid(const std::string& type) {
  for (const auto& [name, kind] : solid_kind_names())
    if (name == type) return true;
  return false;
}

const EnumTable<ShapeDesc::Kind>& shape_kind_names() {
  static const EnumTable<ShapeDesc::Kind> t{
      {"box", ShapeDesc::Kind::Box}, {"sphere", ShapeDesc::Kind::Sphere}, {"mesh", ShapeDesc::Kind::Mesh}};
  return t;
}

const EnumTable<ShellGeometry>& shell_geometry_names() {
  static const EnumTable<ShellGeometry> t{{"grid", ShellGeometry::grid}, {"mesh", ShellGeometry::mesh}};
  return t;
}

const EnumTable<RodGeometry>& rod_geometry_names() {
  static const EnumTable<RodGeometry> t{{"polyline", RodGeometry::polyline}, {"web", RodGeometry::web}};
  return t;
}

const EnumTable<VolumeGeometry>& volume_geometry_names() {
  static const EnumTable<VolumeGeometry> t{{"box", VolumeGeometry::box},
                                           {"sphere", VolumeGeometry::sphere},
                                           {"msh", VolumeGeometry::msh},
                                           {"mesh", VolumeGeometry::mesh}};
  return t;
}

const EnumTable<RigidGeometry>& rigid_geometry_names() {
  static const EnumTable<RigidGeometry> t{
      {"box", RigidGeometry::box}, {"sphere", RigidGeometry::sphere}, {"mesh", RigidGeometry::mesh}};
  return t;
}

const EnumTable<RigidMotion>& rigid_motion_names() {
  static const EnumTable<RigidMotion> t{
      {"dynamic", RigidMotion::dynamic}, {"fixed", RigidMotion::fixed}, {"kinematic", RigidMotion::kinematic}};
  return t;
}

}  // namespace ripple
