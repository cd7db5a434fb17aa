#pragma once
// One implicit-Euler step of the solids as an incremental potential (IPC, Li et al. 2020):
// minimise 1/2 |z - z_tilde|_M^2 + dt^2 (elastic + kappa barrier) + damping + kinematic
// terms by projected Newton with CCD-filtered line search, then v = (z - z^n) / dt.
#include <memory>
#include <vector>

#include "ripple/solid/energies/discrete_shell_bending.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/newton_solver.hpp"

namespace ripple {

struct SolidState {
  VectorX z;                        ///< coordinates (see SolidModel)
  VectorX velocity;                 ///< dz/dt
  double barrier_stiffness = 0.0;   ///< kappa (J/m^2), adapted over the run; 0 = not yet set
  double time = 0.0;                ///< s, for scripted pins
};

struct SolidStepSettings {
  Vec3 gravity = Vec3(0, -9.81, 0);  ///< m/s^2
  double dhat = 1e-3;                ///< barrier activation distance (m)
  double friction_velocity = 1e-3;   ///< eps_v (m/s): below this sliding speed friction is smoothed
  int friction_updates = 2;          ///< re-solves with friction re-lagged at the solution (IPC, Sec. 5.1)
  double kinematic_weight = 1e4;     ///< penalty weight (relative to inertia) of scripted bodies
  NewtonSettings newton = auto_tolerance();
  HingeHessian bending_hessian = HingeHessian::gauss_newton;  ///< tolerance 0: 1e-3 x scene diagonal per second

  static constexpr double kResidualTolerance = 0.05;  ///< m/s^2, the default residual test

  static NewtonSettings auto_tolerance() {
    NewtonSettings n;
    n.tolerance = 0.0;
    n.residual_tolerance = kResidualTolerance;
    return n;
  }
};

struct SolidStepReport {
  NewtonResult newton;
  double min_gap = 0.0;          ///< smallest gap over all candidate pairs after the step (m), inf if none
  int contact_pairs = 0;         ///< pairs within dhat after the step
  double barrier_stiffness = 0.0;
  double time_broad_phase = 0.0, time_ccd = 0.0;  ///< s
};

/// The solids' incremental potential of one step as forms over the solver coordinates z (the
/// solids' coordinates first; a coupler may append unknowns of its own after them and add
/// its forms). Built from `state` at the start of the step; `finish` writes the result back.
class SolidStepProblem {
 public:
  SolidStepProblem(const SolidModel& model, const SolidStepSettings& settings, double dt, SolidState& state);
  ~SolidStepProblem();
  SolidStepProblem(const SolidStepProblem&) = delete;
  SolidStepProblem& operator=(const SolidStepProblem&) = delete;
  /// Inertia, elasticity, contact (with its CCD max step), kinematic, damping, friction.
  const std::vector<Form*>& forms() const;
  /// The step's Newton settings: dt set, and the automatic tolerance resolved.
  NewtonSettings newton_settings() const;
  /// kappa (J/m^2) of the solid-solid barrier this step.
  double barrier_stiffness() const;
  /// Re-lags the friction at the solution z (normal forces, closest points and sliding
  /// directions taken there, slip still from the step's start) and says whether the friction
  /// force at z moved by more than the Newton residual tolerance (as an acceleration), that is
  /// whether z must be solved again. Adds the friction form to forms() if it was empty.
  bool update_friction(const VectorX& z);
  /// How many times a step may be solved again after update_friction (settings).
  int friction_updates() const;
  /// Takes the solution (its first num_dofs entries): positions, v = (z - z^n)/dt, time,
  /// kappa; reports the gap, contact pairs and timings.
  SolidStepReport finish(const VectorX& z, const NewtonResult& newton);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The solids' step and residual measures for newton_minimise over coordinates whose first
/// model.num_dofs entries are the solids' (a coupler's unknowns after them are not measured).
NewtonMeasures solid_newton_measures(const SolidModel& model);

/// The residual measure of solid_newton_measures (m; over dt^2 an acceleration): for rigid
/// bodies the largest vertex motion of M^-1 g, for deformable bodies sum_v |g_v| over the
/// body's mass; the largest over the bodies.
double body_residual(const SolidModel& model, const VectorX& g);

/// Initial state at rest pose with zero velocity.
SolidState initial_solid_state(const SolidModel& model);

/// Puts the collider bodies (mesh sequences) where their animation is at time t (s), with the
/// velocity that moved them there over dt (s; 0 keeps the velocity): for couplings that leave
/// the colliders out of their solid solve and meet them through the obstacles' distance field.
void place_colliders(const SolidModel& model, double t, double dt, SolidState& state);

/// One solid step: Newton on the problem's forms, re-solved up to settings.friction_updates
/// times while update_friction says the friction moved.
SolidStepReport step_solids(const SolidModel& model, const SolidStepSettings& settings, double dt, SolidState& state);

/// Kinetic energy 1/2 v^T M v (J) of the free (non-kinematic) solids.
double solid_kinetic_energy(const SolidModel& model, const SolidState& state);

/// Gravitational potential energy -sum m g.x (J, zero at the world origin) of the deformable
/// vertices and the free rigid bodies' centres of mass, at coordinates `z`.
double solid_potential_energy(const SolidModel& model, const VectorX& z, const Vec3& gravity);

}  // namespace ripple
