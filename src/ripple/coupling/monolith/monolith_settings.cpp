#include "ripple/coupling/monolith/monolith_settings.hpp"

#include "ripple/core/errors.hpp"

namespace ripple {

using nlohmann::json;

namespace {

const EnumTable<MonolithPreconditioner>& preconditioner_names() {
  static const EnumTable<MonolithPreconditioner> t{{"multigrid", MonolithPreconditioner::multigrid},
                                                   {"jacobi", MonolithPreconditioner::jacobi}};
  return t;
}

const EnumTable<ElasticSplit>& split_names() {
  static const EnumTable<ElasticSplit> t{{"ldlt", ElasticSplit::ldlt},
                                         {"natural", ElasticSplit::natural},
                                         {"incomplete", ElasticSplit::incomplete},
                                         {"schur", ElasticSplit::schur}};
  return t;
}

}  // namespace

SchemaNode monolith_settings_schema() {
  SchemaNode monolith = schema_object(
      "Settings of `monolith` (ElastoMonolith, Takahashi & Batty 2022): the liquid's pressures and the contact "
      "forces of rigid bodies and elastic volumes on the walls, the obstacles and each other found in one "
      "box-constrained solve (MPRGP) with the bodies' velocities, inside a Newton iteration over the elastic "
      "volumes' positions; a body's `friction` is its Coulomb coefficient (pyramid friction).");
  monolith
      .add("baumgarte", schema_number("Share of a contact's penetration removed per substep (Baumgarte "
                                      "stabilisation).",
                                      "", 0.2)
                            .range(0, 1))
      .add("friction_updates", schema_integer("Solves per substep after the first, frictionless one, each with the "
                                              "friction pyramid bounded by the last normal forces.",
                                              3)
                                   .range(0, 100))
      .add("tolerance", schema_number("Relative residual (2-norm of the projected gradient) at which MPRGP stops (as "
                                      "the pressure solves' default; the paper's 1e-8 can stall near 1e-7 when a body "
                                      "rests on the floor with nearly redundant rows).",
                                      "", 1e-6)
                            .range(0, 1, true))
      .add("max_iterations", schema_integer("MPRGP's iteration cap per solve; a solve that hits it stops the run "
                                            "(exit 3).",
                                            5000)
                                 .range(1, 1000000))
      .add("preconditioner", schema_enum("How MPRGP preconditions the pressure rows (the contact rows by their "
                                         "diagonal): `multigrid`, the liquid's V-cycle over the fluid fractions "
                                         "(8-16 times fewer iterations without contacts); `jacobi`, the diagonal "
                                         "alone (for comparison).",
                                         preconditioner_names(), MonolithPreconditioner::multigrid))
      .add("newton_iterations", schema_integer("Newton iterations a step with elastic volumes may take; a step that "
                                               "reaches them ends there, with a warning when its last update moved "
                                               "a vertex less than a tenth of a cell, else the run stops (exit 3).",
                                               20)
                                    .range(1, 1000))
      .add("elastic_split", schema_enum("How the elastic volumes' stiffness K enters the solve: `ldlt`, as rows "
                                        "Q^T v with compliance D^-1 from its sparse LDL^T factorisation (the "
                                        "paper's scheme); `natural`, as one row per tetrahedron and eigen-direction "
                                        "of its Hessian (the paper's NF: no factorisation, many more rows); "
                                        "`incomplete`, through its incomplete Cholesky factor (the paper's IC: an "
                                        "approximate K, so more Newton iterations); `schur`, through the whole "
                                        "elastic Hessian's Cholesky factor inside the solve's operator (no extra "
                                        "rows: the fastest, several times so with many elastic contacts). All four "
                                        "end a converged step at the same state (with contacts, up to the contacts' "
                                        "small regularisation, which each scales by its own estimate of their "
                                        "stiffness).",
                                        split_names(), ElasticSplit::schur))
      .add("newton_tolerance", schema_number("A Newton update that moves no elastic vertex farther than this ends the "
                                             "step.",
                                             "cells", 1e-3)
                                   .range(0, 1, true));
  return monolith;
}

MonolithSettings monolith_settings(const Scene& s) {
  const json& mj = s.resolved.at("coupling").at("monolith");
  MonolithSettings m;
  m.contact.baumgarte = mj["baumgarte"];
  m.contact.friction_updates = mj["friction_updates"];
  m.contact.qp.tolerance = mj["tolerance"];
  m.contact.qp.max_iterations = mj["max_iterations"];
  m.preconditioner = enum_value(mj["preconditioner"], preconditioner_names());
  m.newton_iterations = mj["newton_iterations"];
  m.newton_tolerance = mj["newton_tolerance"];
  m.elastic_split = enum_value(mj["elastic_split"], split_names());
  auto fail = [&](const std::string& ptr, const std::string& reason) { throw InputError(s.source_path + ": " + ptr, reason); };
  if (s.fluid.surface_tension > 0.0)
    fail("/fluid/surface_tension", "coupling.method \"monolith\" has no surface tension; use \"none\", \"cutcell\" or "
                                   "\"barrier\"");
  for (const LagrangianSolidDesc& d : s.lagrangian_solids) {
    if (d.kind == SolidKind::volume) continue;
    if (d.motion.fixed || d.motion.kinematic)
      fail(d.pointer + "/motion", "coupling.method \"monolith\" simulates dynamic rigid bodies; give a fixed or moving "
                                  "boundary as a box, sphere or mesh obstacle");
  }
  return m;
}

}  // namespace ripple
