#include "ripple/solid/forms/friction_form.hpp"

#include <cmath>

#include "ripple/contact/barrier.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/solid/forms/stencil_scatter.hpp"

namespace ripple {

double FrictionForm::f0(double y, double eps) {
  if (y >= eps) return y;
  return y * y / eps - y * y * y / (3.0 * eps * eps) + eps / 3.0;
}

double FrictionForm::f1_over_y(double y, double eps) {
  if (y >= eps) return 1.0 / y;
  return 2.0 / eps - y / (eps * eps);
}

FrictionForm::FrictionForm(const SolidModel& m, const Candidates& candidates, const VectorX& x0, double kappa,
                           double dhat, double dt, double eps_v, const CollisionMesh* mesh)
    : m_(m), mesh_(mesh ? *mesh : m.collision), x0_(x0), weight_(dt * dt), eps_(eps_v * dt) {
  add_barrier_pairs(candidates, x0, kappa, dhat);
}

void FrictionForm::add_barrier_pairs(const Candidates& candidates, const VectorX& x_lag, double kappa, double dhat) {
  for (const ContactStencil& s : stencils_of(mesh_, candidates)) {
    const double mu = m_.friction_between(mesh_.body[s.v[0]], mesh_.body[s.v[s.count - 1]]);
    if (mu <= 0.0) continue;
    const double gap = std::sqrt(stencil_distance_sq(x_lag, s)) - stencil_offset(mesh_, s);
    if (gap >= dhat || gap <= 0.0) continue;
    add_entry(s, mu * kappa * std::abs(barrier(gap, dhat).first), x_lag);  // Eq. 14
  }
}

void FrictionForm::relag(const Candidates& candidates, const VectorX& x_lag, double kappa, double dhat) {
  entries_.clear();
  add_barrier_pairs(candidates, x_lag, kappa, dhat);
}

void FrictionForm::add_pair(const ContactStencil& s, double mu_lambda) { add_entry(s, mu_lambda, x0_); }

void FrictionForm::add_entry(const ContactStencil& s, double mu_lambda, const VectorX& x_lag) {
  Entry e;
  e.stencil = s;
  e.mu_lambda = mu_lambda;
  e.weights = closest_point_weights(x_lag, s);
  Vec3 n = Vec3::Zero();
  for (int i = 0; i < s.count; ++i) n += e.weights[i] * x_lag.segment<3>(3 * s.v[i]);
  n.normalize();
  const Vec3 t0 = (std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized();
  e.basis << t0, n.cross(t0);
  entries_.push_back(e);
}

Eigen::Vector2d FrictionForm::slip(const Entry& e, const VectorX& x) const {
  Vec3 d = Vec3::Zero();
  for (int i = 0; i < e.stencil.count; ++i) {
    const int v = e.stencil.v[i];
    d += e.weights[i] * (x.segment<3>(3 * v) - x0_.segment<3>(3 * v));
  }
  return e.basis.transpose() * d;
}

double FrictionForm::value(const VectorX& z) const {
  if (entries_.empty()) return 0.0;
  const VectorX x = m_.positions(z);
  return weight_ * parallel_sum(0, static_cast<int64_t>(entries_.size()), [&](int64_t i) {
    return entries_[i].mu_lambda * f0(slip(entries_[i], x).norm(), eps_);
  });
}

void FrictionForm::add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const {
  if (entries_.empty()) return;
  const VectorX x = m_.positions(z);
  const size_t n = entries_.size();
  std::vector<ContactStencil> stencils(n);
  std::vector<Derivatives<12>> derivatives(n);
  std::vector<double> weights(n);
  parallel_for(0, static_cast<int64_t>(n), [&](int64_t i) {
    const Entry& e = entries_[i];
    const Eigen::Vector2d u = slip(e, x);
    const double y = u.norm();
    const double g = f1_over_y(y, eps_);
    // Hessian over u: f1/y I + (f1' - f1/y)/y^2 u u^T, PSD in both regimes (Sec. 5.2).
    Eigen::Matrix2d hu = g * Eigen::Matrix2d::Identity();
    if (y > 0.0) {
      const Eigen::Vector2d uh = u / y;
      hu -= (y >= eps_ ? 1.0 / y : y / (eps_ * eps_)) * uh * uh.transpose();
    }
    const Vec3 force_dir = e.basis * (g * u);
    const Mat3 h3 = e.basis * hu * e.basis.transpose();
    Derivatives<12>& d = derivatives[i];
    for (int a = 0; a < e.stencil.count; ++a) {
      d.gradient.segment<3>(3 * a) = e.weights[a] * force_dir;
      for (int b = 0; b < e.stencil.count; ++b) d.hessian.block<3, 3>(3 * a, 3 * b) = e.weights[a] * e.weights[b] * h3;
    }
    stencils[i] = e.stencil;
    weights[i] = weight_ * e.mu_lambda;
  });
  scatter_stencils(m_, stencils, derivatives, weights, false, gradient, hessian);  // PSD already
}

}  // namespace ripple
