#pragma once
// One monolithic solve for an inviscid liquid, rigid bodies and their frictional contact with
// static solids (Takahashi & Batty 2022, Eq. 20 without the elastic and viscous terms): the
// liquid's face velocities u and the bodies' velocities V minimise their kinetic energy
// difference 1/2 |u - u*|^2_Mf + 1/2 |V - V*|^2_Mr subject to the liquid's incompressibility
// with the bodies' motion in it (Eq. 16, Batty, Bertails & Bridson 2007's rigid coupling:
// each face's fluid fraction w carries the liquid, its body fraction 1 - w the body's velocity)
// and the contact conditions (Eq. 19). Its dual over the multipliers lambda = (p dt per
// liquid cell, contact impulses),
//     min 1/2 lambda^T C M^-1 C^T lambda + lambda^T (C V* + bias)  on the box,
// with free pressures, n >= 0 and the friction pyramid |z| <= mu n, is solved by MPRGP: the
// pressures and contact forces are found together, so a body resting on the floor under water
// carries its weight less the liquid's buoyancy, not more and not less. The free surface is a
// ghost-fluid boundary (p = 0 at the interface, the face's mass scaled by theta). A viscous
// liquid adds its stress rows (viscous_rows.hpp) and the faces they reach.
//
#include <functional>
#include <vector>

#include "ripple/coupling/monolith/frictional_contact.hpp"
#include "ripple/grid/surface_cut_cells.hpp"
#include "ripple/solver/ldlt_split.hpp"
#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/pressure_projection.hpp"
#include "ripple/fluid/solid_boundary.hpp"

namespace ripple {

struct MonolithicSolveParams {
  double dt = 0.0;          ///< s
  double density = 1000.0;  ///< liquid, kg/m^3
  WallSides walls{};        ///< closed sides (static walls)
  FrictionalContactSettings contact;
  bool multigrid = true;    ///< precondition the pressure rows by the multigrid V-cycle (else their diagonal)
  double viscosity = 0.0;   ///< Pa s: the liquid's viscous stress joins the solve (viscous_rows.hpp)
};

/// The elastic volumes' part of one Newton iteration (Sec. 3.7.2-3.7.3 and Appendix B): their
/// velocity unknowns v with the lumped mass M' and the target v* = v_k - M'^-1 g_k, so that
/// 1/2 |v - v*|^2_M' is the model's inertia and gradient, and the stiffness K' = Q D Q^T
/// entering as compliant rows Q^T (v - v_k) with compliance D^-1 (the SPD reformulation,
/// Eq. 22-24); the liquid sees them through their surface cut by the cells (F_e,p, Eq. 8-9):
/// a piece of area a, normal n (into the solid) and barycentrics b pushes the flux
/// a n . sum_i b_i v_i out of its cell; `covered` closes each face's share inside them.
struct ElasticBlock {
  VectorX mass;     ///< M' (kg) per unknown
  VectorX target;   ///< v* (m/s)
  VectorX current;  ///< v_k (m/s)
  LdltSplit split;  ///< of K' (kg)
  std::vector<SurfacePiece> pieces;
  std::vector<std::array<int, 3>> piece_unknowns;  ///< per surface triangle: its vertices' first unknowns (-1: pinned)
  std::array<ScalarGrid, 3> covered;               ///< per face, the share inside the volumes (empty: none)
  const ScalarGrid* phi = nullptr;  ///< m, at nodes: the volumes' signed distance (null: none)
  /// Applies the split rows' own block inverse, (D^-1 + Q^T M'^-1 Q)^-1 r
  /// = D Q^T (M' + K')^-1 M' Q^-T r (one sparse Cholesky and one triangular solve): MPRGP's
  /// preconditioner on those rows (empty: their diagonal).
  std::function<void(const VectorX& r, VectorX& z)> split_inverse;
  /// H^-1 r with H = M' + K' the whole elastic Hessian (through its sparse Cholesky factor):
  /// set, the stiffness enters the dual through H^-1 in its operator instead of split rows
  /// (`split` then has no columns) and `mass` only estimates H's diagonal for the rows' scaling.
  std::function<void(const VectorX& r, VectorX& z)> inverse_hessian;
  int64_t size() const { return mass.size(); }
};

struct MonolithicSolveReport {
  int64_t pressure_unknowns = 0;
  int contacts = 0;
  int solves = 0, iterations = 0;  ///< MPRGP solves (friction updates) and their iterations
  bool converged = true;
  double residual = 0.0;        ///< MPRGP's relative projected gradient, largest over the solves
  double max_divergence = 0.0;  ///< 1/s over the liquid cells after the solve
  std::vector<Vec3> contact_force;  ///< per body, from its contacts (N)
  VectorX contact_impulse;          ///< per contact: normal, then the pyramid's two edges (N s)
  VectorX elastic_velocity;         ///< the elastic unknowns' solution (m/s)
  VectorX elastic_impulse;          ///< what the pressures and contacts give them over the step (kg m/s)
};

/// Solves one step: `liquid.velocity` holds u* (with gravity) on entry and the new velocity on
/// exit, `liquid.pressure` the pressure (Pa); the bodies' velocities hold V* on entry.
/// `obstacles` gives the static solids' face fractions and velocities (walls included; null:
/// walls only). `valid` (optional) flags the faces whose velocity the solve set. `elastic`
/// (optional) adds the elastic volumes; `multipliers` (optional) warm-starts the dual unknowns
/// and returns them (kept when its size matches this system's rows).
MonolithicSolveReport solve_liquid_rigid_contact(LiquidState& liquid, std::vector<RigidBody>& bodies,
                                                 const std::vector<SolidContact>& contacts,
                                                 const SolidBoundary* obstacles, const MonolithicSolveParams& params,
                                                 FaceFlags* valid = nullptr, const ElasticBlock* elastic = nullptr,
                                                 VectorX* multipliers = nullptr);

}  // namespace ripple
