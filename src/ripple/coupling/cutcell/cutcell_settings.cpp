#include "ripple/coupling/cutcell/cutcell_settings.hpp"

#include "ripple/core/errors.hpp"

namespace ripple {

using nlohmann::json;

namespace {

const EnumTable<CutCellFormulation>& formulation_names() {
  static const EnumTable<CutCellFormulation> t{{"spd", CutCellFormulation::spd},
                                               {"indefinite", CutCellFormulation::indefinite}};
  return t;
}

const EnumTable<IndefiniteSolver>& indefinite_solver_names() {
  static const EnumTable<IndefiniteSolver> t{{"bicgstab", IndefiniteSolver::bicgstab}, {"minres", IndefiniteSolver::minres}};
  return t;
}

const EnumTable<CutCellPreconditioner>& preconditioner_names() {
  static const EnumTable<CutCellPreconditioner> t{{"multigrid", CutCellPreconditioner::multigrid},
                                                  {"incomplete_cholesky", CutCellPreconditioner::incomplete_cholesky}};
  return t;
}

const EnumTable<CutCellScaling>& scaling_names() {
  static const EnumTable<CutCellScaling> t{{"automatic", CutCellScaling::automatic}, {"fixed", CutCellScaling::fixed}};
  return t;
}

const EnumTable<CutCellSlip>& slip_names() {
  static const EnumTable<CutCellSlip> t{{"free", CutCellSlip::free}, {"no_slip", CutCellSlip::no_slip}};
  return t;
}

const EnumTable<CutCellScheme>& scheme_names() {
  static const EnumTable<CutCellScheme> t{
      {"strong", CutCellScheme::strong}, {"damping_only", CutCellScheme::damping_only}, {"weak", CutCellScheme::weak}};
  return t;
}

}  // namespace

SchemaNode cutcell_settings_schema() {
  SchemaNode cutcell = schema_object(
      "Settings of `cutcell` (Zarifi & Batty 2017): one linear system for the liquid's pressures and the volumes' and "
      "rigid bodies' velocities, coupled through the solid surface cut by the grid's cells (free slip at the true "
      "interface).");
  cutcell
      .add("formulation", schema_enum("`spd`: the positive-definite transformation (Eq. 28-33), solved by "
                                      "incomplete-Cholesky CG; `indefinite`: the symmetric indefinite system (Eq. 19) "
                                      "as it stands, for comparison.",
                                      formulation_names(), CutCellFormulation::spd))
      .add("indefinite_solver", schema_enum("Solver of the `indefinite` form: `bicgstab` (ILU-preconditioned, as the "
                                            "paper's Table 2) or `minres` (Jacobi-scaled).",
                                            indefinite_solver_names(), IndefiniteSolver::bicgstab))
      .add("preconditioner",
           schema_enum("Preconditioner of CG on the `spd` form: `multigrid` (block diagonal: the liquid block by "
                       "ripple's multigrid V-cycle with the coupling's diagonal added, the solid block by a sparse "
                       "Cholesky factorisation) or `incomplete_cholesky` (on the whole matrix, as the paper).",
                       preconditioner_names(), CutCellPreconditioner::multigrid))
      .add("sigma", schema_number("Share of the solid's mass term moved into Z1 = sigma (1/dt + tau_m) M (Eq. 30).", "",
                                  0.9)
                        .range(0, 0.999, true))
      .add("scaling", schema_enum("Scale alpha of the solid rows in the `spd` form (Eq. 33): `automatic` balances "
                                  "the two right-hand sides' norms every step; `fixed` uses `alpha`.",
                                  scaling_names(), CutCellScaling::automatic))
      .add("alpha", schema_number("Solid-row scale with `scaling` `fixed` (the paper used 0.001).", "", 0.001)
                        .range(0, 1e12, true))
      .add("tolerance", schema_number("Relative residual (2-norm) at which the coupled solve stops.", "", 1e-8)
                            .range(0, 1, true))
      .add("max_iterations", schema_integer("Iteration cap of the coupled solve; hitting it is reported in stats "
                                            "and the log.",
                                            5000)
                                 .range(1, 1000000))
      .add("slip", schema_enum("Tangential condition at the bodies: `free` (the paper's: only the normal velocity is "
                               "coupled, at the true interface); `no_slip` (a comparison variant: after the projection "
                               "the liquid in every cell the surface cuts takes the body's full velocity, as "
                               "voxelised couplings do).",
                               slip_names(), CutCellSlip::free))
      .add("scheme", schema_enum("How the solids' dynamics enter the projection (the paper's stability study, Sec. 8): "
                                 "`strong` (mass, damping and elasticity in one solve with the pressures: the "
                                 "method), `damping_only` (elastic forces explicit), `weak` (the solids step alone "
                                 "under the last step's pressure, then the liquid sees their velocity). The last two "
                                 "are for comparison: they go unstable or wrong where `strong` does not.",
                                 scheme_names(), CutCellScheme::strong));
  return cutcell;
}

CutCellSettings cutcell_settings(const Scene& s) {
  const json& cj = s.resolved.at("coupling").at("cutcell");
  CutCellSettings c;
  c.formulation = enum_value(cj["formulation"], formulation_names());
  c.indefinite_solver = enum_value(cj["indefinite_solver"], indefinite_solver_names());
  c.sigma = cj["sigma"];
  c.alpha = enum_value(cj["scaling"], scaling_names()) == CutCellScaling::fixed ? double(cj["alpha"]) : 0.0;
  c.tolerance = cj["tolerance"];
  c.max_iterations = cj["max_iterations"];
  c.no_slip = enum_value(cj["slip"], slip_names()) == CutCellSlip::no_slip;
  c.multigrid = enum_value(cj["preconditioner"], preconditioner_names()) == CutCellPreconditioner::multigrid;
  c.scheme = enum_value(cj["scheme"], scheme_names());
  // Zarifi & Batty 2017 couple solids of some thickness through their closed surfaces.
  auto fail = [&](const std::string& ptr, const std::string& reason) { throw InputError(s.source_path + ": " + ptr, reason); };
  const json& domain = s.resolved.at("domain");  // the domain as given (the grid may round it)
  const Vec3 lo(domain["min"][0].get<double>(), domain["min"][1].get<double>(), domain["min"][2].get<double>());
  const Vec3 hi(domain["max"][0].get<double>(), domain["max"][1].get<double>(), domain["max"][2].get<double>());
  for (const LagrangianSolidDesc& d : s.lagrangian_solids) {
    const std::string& ptr = d.pointer;
    if (d.kind == SolidKind::rigid && (d.motion.fixed || d.motion.kinematic))
      fail(ptr + "/motion", "coupling.method \"cutcell\" simulates dynamic rigid bodies only; give a fixed or "
                            "moving boundary as a box, sphere or mesh obstacle");
    const double density = d.kind == SolidKind::rigid ? d.rigid.density : d.volume.density;
    if (density > 1e5 || density < 1e-3)
      fail(ptr + "/density", "density " + format_number(density) + " kg/m^3 is outside [1e-3, 1e5] kg/m^3, where the "
                             "coupled solve stays well conditioned (the mass ratio to the liquid enters Eq. 33)");
    for (const Vec3& x : d.vertices)
      if ((x.array() < lo.array()).any() || (x.array() > hi.array()).any())
        fail(ptr, "solid \"" + d.name + "\" starts partly outside the domain (a vertex at " + format_number(x.x()) + ", " +
                      format_number(x.y()) + ", " + format_number(x.z()) + " m)");
  }
  return c;
}

}  // namespace ripple
