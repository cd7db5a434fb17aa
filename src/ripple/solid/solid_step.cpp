#include "ripple/solid/solid_step.hpp"

#include <Eigen/SparseCore>

#include <algorithm>
#include <memory>

#include "ripple/core/errors.hpp"
#include "ripple/solid/forms/contact_form.hpp"
#include "ripple/solid/forms/elastic_form.hpp"
#include "ripple/solid/forms/friction_form.hpp"
#include "ripple/solid/forms/inertia_form.hpp"
#include "ripple/solver/quadratic_form.hpp"

namespace ripple {
namespace {

double bbox_diagonal(const VectorX& x) {
  if (x.size() == 0) return 0.0;  // no solids: no scale (not the empty box's infinite one)
  Aabb b;
  for (Eigen::Index i = 0; i < x.size(); i += 3) b.extend(x.segment<3>(i));
  return (b.hi - b.lo).norm();
}

/// Pose of a kinematic body after dt: translated by v dt, rotated by omega dt about its centre.
/// The kinematic body's coordinates at t1 = t0 + dt (s): along its path, or on at its velocities.
void advance_kinematic(const SolidBodyInfo& b, double t1, double dt, VectorX& z) {
  if (b.path) {
    const Pose pose = b.path->at(t1);
    z.segment<3>(b.first_dof) = pose.centre + pose.rotation * b.path_offset;
    Eigen::Map<Mat3>(z.data() + b.first_dof + 3) = pose.rotation;
    return;
  }
  z.segment<3>(b.first_dof) += dt * b.linear_velocity;
  const double angle = b.angular_velocity.norm() * dt;
  if (angle == 0.0) return;
  const Mat3 R = Eigen::AngleAxisd(angle, b.angular_velocity.normalized()).toRotationMatrix();
  Eigen::Map<Mat3> A(z.data() + b.first_dof + 3);
  A = (R * A).eval();
}

}  // namespace

NewtonMeasures solid_newton_measures(const SolidModel& m) {
  NewtonMeasures out;
  out.step_size = [&m](const VectorX& dz) { return m.max_vertex_displacement(dz.head(m.num_dofs)); };
  out.residual_size = [&m](const VectorX& g) { return body_residual(m, g); };
  return out;
}

double body_residual(const SolidModel& m, const VectorX& g) {
  // Rigid bodies: the largest vertex motion of M^-1 g (their 12 coordinates move together).
  VectorX rigid = InertiaForm::inverse_mass_times(m, g.head(m.num_dofs));
  for (int v = 0; v < m.num_vertices; ++v)
    if (!m.vertex_rigid[v]) rigid.segment<3>(m.vertex_dof[v]).setZero();
  double worst = m.max_vertex_displacement(rigid);
  // Deformable bodies: sum |g_v| / the body's mass, the unbalanced force of the whole body
  // per its mass. A per-vertex measure would hold a 0.1 mm thread's lightest vertices, whose
  // forces round off and converge with the liquid's unknowns, to the same acceleration as a block.
  std::vector<double> force(m.bodies.size(), 0.0), mass(m.bodies.size(), 0.0);
  for (int v = 0; v < m.num_vertices; ++v) {
    if (m.vertex_rigid[v] || m.vertex_mass[v] <= 0.0) continue;
    const int b = m.vertex_body[v];
    force[b] += g.segment<3>(m.vertex_dof[v]).norm();
    mass[b] += m.vertex_mass[v];
  }
  for (size_t b = 0; b < m.bodies.size(); ++b)
    if (mass[b] > 0.0) worst = std::max(worst, force[b] / mass[b]);
  return worst;
}

SolidState initial_solid_state(const SolidModel& model) {
  SolidState s;
  s.z = model.rest_coordinates();
  s.velocity = VectorX::Zero(model.num_dofs);
  // Bodies on a path start where it is at t = 0.
  for (const SolidBodyInfo& b : model.bodies)
    if (b.path) advance_kinematic(b, 0.0, 0.0, s.z);
  // A body whose pins follow a path starts moved rigidly with them to where the path is at t = 0.
  for (const ScriptedPins& pins : model.scripted_pins) {
    const SolidBodyInfo& b = model.bodies[model.vertex_body[pins.vertices.front()]];
    for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v)
      s.z.segment<3>(model.vertex_dof[v]) = pins.position_at(v, model.rest_positions.segment<3>(3 * v), 0.0);
  }
  return s;
}

void place_colliders(const SolidModel& model, double t, double dt, SolidState& state) {
  for (const ScriptedPins& pins : model.scripted_pins) {
    if (!pins.sequence) continue;
    for (int v : pins.vertices) {
      const int d = model.vertex_dof[v];
      const Vec3 x = pins.position_at(v, model.rest_positions.segment<3>(3 * v), t);
      if (dt > 0.0) state.velocity.segment<3>(d) = (x - state.z.segment<3>(d)) / dt;
      state.z.segment<3>(d) = x;
    }
  }
}

/// Everything one step's forms refer to, built in the order the old single function used.
struct SolidStepProblem::Impl {
  const SolidModel& m;
  const SolidStepSettings& settings;
  double dt;
  SolidState& state;
  VectorX z0, x0;
  double diag = 0.0;
  std::unique_ptr<InertiaForm> inertia;
  std::unique_ptr<ElasticForm> elastic;
  std::unique_ptr<KinematicForm> kinematic;
  std::unique_ptr<ContactForm> contact;
  std::unique_ptr<QuadraticForm> damping;
  std::unique_ptr<FrictionForm> friction;
  bool has_friction = false;  ///< some pair of bodies has mu > 0
  std::vector<Form*> forms;

  Impl(const SolidModel& model, const SolidStepSettings& st, double step, SolidState& s)
      : m(model), settings(st), dt(step), state(s), z0(s.z) {
    // Predicted positions: z + dt v + dt^2 g (gravity on deformable vertices and rigid centres).
    VectorX target = z0 + dt * state.velocity;
    for (int v = 0; v < m.num_vertices; ++v)
      if (!m.vertex_rigid[v]) target.segment<3>(m.vertex_dof[v]) += dt * dt * settings.gravity;
    VectorX kinematic_target = z0;
    bool any_kinematic = false, any_damping = false;
    for (const SolidBodyInfo& b : m.bodies) {
      any_damping = any_damping || b.mass_damping > 0.0 || b.stiffness_damping > 0.0;
      if (b.kind != SolidKind::rigid || b.fixed) continue;
      if (b.kinematic) {
        advance_kinematic(b, state.time + dt, dt, kinematic_target);
        any_kinematic = true;
      } else {
        target.segment<3>(b.first_dof) += dt * dt * settings.gravity;
      }
    }
    for (int i = 0; i < m.num_dofs; ++i)
      if (m.dof_fixed[i]) target[i] = z0[i];

    inertia = std::make_unique<InertiaForm>(m, target);
    elastic = std::make_unique<ElasticForm>(m, dt * dt);
    elastic->update_rotations(z0);
    elastic->set_hinge_hessian(settings.bending_hessian);
    std::vector<VertexTarget> pin_targets;
    for (const ScriptedPins& pins : m.scripted_pins)
      for (int v : pins.vertices)
        pin_targets.push_back({v, pins.position_at(v, m.rest_positions.segment<3>(3 * v), state.time + dt),
                               m.vertex_mass[v] > 0.0 ? m.vertex_mass[v] : pins.weight_mass});
    any_kinematic = any_kinematic || !pin_targets.empty();
    kinematic = std::make_unique<KinematicForm>(m, kinematic_target, settings.kinematic_weight, std::move(pin_targets));
    contact = std::make_unique<ContactForm>(m, settings.dhat, dt * dt);
    forms = {inertia.get(), elastic.get(), contact.get()};
    if (any_kinematic) forms.push_back(kinematic.get());

    if (any_damping) {
      std::vector<double> beta(m.bodies.size());
      for (size_t b = 0; b < m.bodies.size(); ++b) beta[b] = m.bodies[b].stiffness_damping;
      std::vector<Triplet> t;
      VectorX unused = VectorX::Zero(m.num_dofs);
      elastic->add_scaled(z0, 1.0, &beta, unused, &t);
      for (int v = 0; v < m.num_vertices; ++v) {
        const double alpha = m.bodies[m.vertex_body[v]].mass_damping;
        if (m.vertex_rigid[v] || alpha == 0.0) continue;
        for (int i = 0; i < 3; ++i) t.emplace_back(m.vertex_dof[v] + i, m.vertex_dof[v] + i, alpha * m.vertex_mass[v]);
      }
      Eigen::SparseMatrix<double> D(m.num_dofs, m.num_dofs);
      D.setFromTriplets(t.begin(), t.end());
      // Rayleigh damping as a potential: dt/2 (z - z^n)^T (alpha M + beta K^n) (z - z^n), whose
      // gradient is dt^2 times the damping force -(alpha M + beta K) v at v = (z - z^n)/dt.
      damping = std::make_unique<QuadraticForm>("damping", std::move(D), z0, dt);
      forms.push_back(damping.get());
    }

    // Barrier stiffness: kappa_min from the mean mass at first use, then raised to balance the
    // other forces wherever contact is active at the start of the step (IPC supplement, Sec. 3).
    x0 = m.positions(z0);
    diag = bbox_diagonal(x0);
    double moving_mass = 0.0;
    int moving_vertices = 0;
    for (const SolidBodyInfo& b : m.bodies)
      if (!b.fixed && !b.kinematic) {
        moving_mass += b.mass;
        moving_vertices += b.num_vertices;
      }
    const double kappa_min = min_barrier_stiffness(settings.dhat, diag, moving_mass / std::max(1, moving_vertices));
    const double kappa_max = 100.0 * kappa_min;
    if (state.barrier_stiffness <= 0.0) state.barrier_stiffness = kappa_min;
    contact->set_stiffness(state.barrier_stiffness, kappa_max);
    contact->update_candidates(z0);
    if (contact->candidates().size() > 0) {
      VectorX ge = VectorX::Zero(m.num_dofs);
      inertia->add_derivatives(z0, ge, nullptr);
      elastic->add_derivatives(z0, ge, nullptr);
      state.barrier_stiffness = balanced_barrier_stiffness(*contact, z0, ge, dt * dt, state.barrier_stiffness, kappa_max);
      contact->set_stiffness(state.barrier_stiffness, kappa_max);
    }

    // Friction, lagged at the start of the step (IPC, Sec. 5).
    friction = std::make_unique<FrictionForm>(m, contact->candidates(), x0, contact->stiffness(), settings.dhat, dt,
                                              settings.friction_velocity);
    for (const SolidBodyInfo& b : m.bodies) has_friction = has_friction || b.friction > 0.0;
    for (const auto& [pair, mu] : m.pair_friction) has_friction = has_friction || mu > 0.0;
    if (friction->size() > 0) forms.push_back(friction.get());
  }

  bool update_friction(const VectorX& z) {
    if (!has_friction) return false;  // nothing to re-lag: no broad phase in frictionless scenes
    contact->update_candidates(z.head(m.num_dofs));  // the pairs near z, timed with the contact's
    VectorX before = VectorX::Zero(z.size()), after = VectorX::Zero(z.size());
    friction->add_derivatives(z, before, nullptr);
    friction->relag(contact->candidates(), m.positions(z.head(m.num_dofs)), contact->stiffness(), settings.dhat);
    friction->add_derivatives(z, after, nullptr);
    if (friction->size() > 0 && std::find(forms.begin(), forms.end(), friction.get()) == forms.end())
      forms.push_back(friction.get());
    // The change of the friction force as an acceleration, the unit of the residual test.
    const double moved = body_residual(m, after - before) / (dt * dt);
    const double tolerance = settings.newton.residual_tolerance > 0.0 ? settings.newton.residual_tolerance
                                                                      : SolidStepSettings::kResidualTolerance;
    return moved > tolerance;
  }
};

SolidStepProblem::SolidStepProblem(const SolidModel& model, const SolidStepSettings& settings, double dt,
                                   SolidState& state)
    : impl_(std::make_unique<Impl>(model, settings, dt, state)) {}

SolidStepProblem::~SolidStepProblem() = default;

const std::vector<Form*>& SolidStepProblem::forms() const { return impl_->forms; }

NewtonSettings SolidStepProblem::newton_settings() const {
  NewtonSettings ns = impl_->settings.newton;
  ns.dt = impl_->dt;
  if (ns.tolerance <= 0.0) ns.tolerance = 1e-3 * impl_->diag;  // 0.1 % of the scene size per second (IPC uses 1 %)
  return ns;
}

double SolidStepProblem::barrier_stiffness() const { return impl_->contact->stiffness(); }

bool SolidStepProblem::update_friction(const VectorX& z) { return impl_->update_friction(z); }

int SolidStepProblem::friction_updates() const { return impl_->settings.friction_updates; }

SolidStepReport SolidStepProblem::finish(const VectorX& z, const NewtonResult& newton) {
  Impl& p = *impl_;
  SolidStepReport report;
  report.newton = newton;
  p.state.z = z.head(p.m.num_dofs);
  if (!p.state.z.allFinite()) throw SimulationError("solid step produced non-finite positions");
  p.state.velocity = (p.state.z - p.z0) / p.dt;
  p.state.time += p.dt;
  p.state.barrier_stiffness = p.contact->stiffness();

  p.contact->update_candidates(p.state.z);
  report.min_gap = p.contact->min_gap(p.state.z);
  report.contact_pairs = p.contact->active_pairs(p.state.z);
  report.barrier_stiffness = p.contact->stiffness();
  report.time_broad_phase = p.contact->time_broad_phase;
  report.time_ccd = p.contact->time_ccd;
  return report;
}

SolidStepReport step_solids(const SolidModel& m, const SolidStepSettings& settings, double dt, SolidState& state) {
  SolidStepProblem problem(m, settings, dt, state);
  VectorX z = state.z;
  const NewtonMeasures measures = solid_newton_measures(m);
  NewtonResult newton = newton_minimise(problem.forms(), m.dof_fixed, measures, problem.newton_settings(), z);
  for (int u = 0; u < settings.friction_updates && problem.update_friction(z); ++u)
    accumulate(newton, newton_minimise(problem.forms(), m.dof_fixed, measures, problem.newton_settings(), z));
  return problem.finish(z, newton);
}

double solid_kinetic_energy(const SolidModel& m, const SolidState& s) {
  return 0.5 * s.velocity.dot(InertiaForm::mass_times(m, s.velocity, false));
}

double solid_potential_energy(const SolidModel& m, const VectorX& z, const Vec3& gravity) {
  double e = 0.0;
  for (int v = 0; v < m.num_vertices; ++v)
    if (!m.vertex_rigid[v]) e -= m.vertex_mass[v] * gravity.dot(z.segment<3>(m.vertex_dof[v]));
  for (const SolidBodyInfo& b : m.bodies)
    if (b.kind == SolidKind::rigid && !b.fixed && !b.kinematic) e -= b.mass * gravity.dot(z.segment<3>(b.first_dof));
  return e;
}

}  // namespace ripple
