#include "ripple/solver/box_qp.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

namespace {

VectorX project(const VectorX& x, const VectorX& lower, const VectorX& upper) {
  return x.cwiseMax(lower).cwiseMin(upper);
}

/// The free part phi and the chopped part beta of the gradient (phi + beta: the projected one).
void split_gradient(const VectorX& g, const VectorX& x, const VectorX& lower, const VectorX& upper, VectorX& phi,
                    VectorX& beta) {
  const int64_t n = g.size();
  phi.setZero(n);
  beta.setZero(n);
  for (int64_t i = 0; i < n; ++i) {
    if (lower[i] >= upper[i]) continue;  // a fixed variable (equal bounds): no freedom at all
    if (x[i] <= lower[i]) beta[i] = std::min(g[i], 0.0);
    else if (x[i] >= upper[i]) beta[i] = std::max(g[i], 0.0);
    else phi[i] = g[i];
  }
}

/// The longest step a >= 0 with lower <= x - a p <= upper.
double feasible_step(const VectorX& x, const VectorX& p, const VectorX& lower, const VectorX& upper) {
  double a = kNoBound;
  for (int64_t i = 0; i < x.size(); ++i) {
    if (p[i] > 0.0 && std::isfinite(lower[i])) a = std::min(a, (x[i] - lower[i]) / p[i]);
    else if (p[i] < 0.0 && std::isfinite(upper[i])) a = std::min(a, (x[i] - upper[i]) / p[i]);
  }
  return std::max(a, 0.0);
}

/// A's largest eigenvalue, by power iteration (an estimate from below, raised 5 %).
double largest_eigenvalue(const LinearMap& apply, int64_t n) {
  VectorX v(n), av;
  for (int64_t i = 0; i < n; ++i) v[i] = 1.0 + 0.1 * std::sin(1.0 + static_cast<double>(i));
  v.normalize();
  double lambda = 0.0;
  for (int it = 0; it < 30; ++it) {
    apply(v, av);
    lambda = v.dot(av);
    const double norm = av.norm();
    if (!(norm > 0.0)) break;
    v = av / norm;
  }
  return 1.05 * lambda;
}

}  // namespace

VectorX projected_gradient(const VectorX& g, const VectorX& x, const VectorX& lower, const VectorX& upper) {
  VectorX phi, beta;
  split_gradient(g, x, lower, upper, phi, beta);
  return phi + beta;
}

BoxQpResult solve_box_qp_mprgp(const LinearMap& apply, const LinearMap& precondition, const VectorX& b,
                               const VectorX& lower, const VectorX& upper, VectorX& x,
                               const BoxQpSettings& settings) {
  BoxQpResult out;
  const int64_t n = b.size();
  if (x.size() != n) x = VectorX::Zero(n);
  x = project(x, lower, upper);
  const double scale = b.norm() > 0.0 ? b.norm() : 1.0;
  VectorX g, phi, beta, z, p, ap, tmp;
  apply(x, g);
  g -= b;
  auto precondition_free = [&]() {  // z = M^-1 phi, restricted to the free set
    if (!precondition) {
      z = phi;
      return;
    }
    precondition(phi, tmp);
    z = tmp;
    for (int64_t i = 0; i < n; ++i)
      if (!(x[i] > lower[i] && x[i] < upper[i])) z[i] = 0.0;
  };
  auto restart = [&]() {
    split_gradient(g, x, lower, upper, phi, beta);
    precondition_free();
    p = z;
  };
  restart();
  // The expansion step's fixed length: below 2 / ||A|| (Dostal & Schoberl 2005, Theorem 4.1).
  const double step_bar = 1.9 / std::max(largest_eigenvalue(apply, n), 1e-300);
  for (out.iterations = 0; out.iterations < settings.max_iterations; ++out.iterations) {
    out.residual = (phi + beta).norm() / scale;
    if (out.residual <= settings.tolerance) break;
    if (beta.squaredNorm() <= settings.gamma * settings.gamma * phi.dot(z)) {
      apply(p, ap);
      const double pap = p.dot(ap);
      if (!(pap > 0.0)) break;  // A not positive definite on this direction
      const double a_cg = g.dot(p) / pap;
      const double a_feasible = feasible_step(x, p, lower, upper);
      if (a_cg <= a_feasible) {  // conjugate gradient step
        x -= a_cg * p;
        g -= a_cg * ap;
        split_gradient(g, x, lower, upper, phi, beta);
        precondition_free();
        p = z - (z.dot(ap) / pap) * p;
        ++out.cg_steps;
      } else {
        // Expansion. First the whole CG step projected onto the box (the fast expansion of
        // Kruzik et al. 2020), kept when it lowers f; otherwise Dostal's: to the box's face,
        // then a projected free-gradient step of fixed length.
        const double f_old = 0.5 * x.dot(g - b);
        VectorX trial = project(x - a_cg * p, lower, upper), g_trial;
        apply(trial, g_trial);
        g_trial -= b;
        if (0.5 * trial.dot(g_trial - b) < f_old) {
          x = std::move(trial);
          g = std::move(g_trial);
        } else {
          x -= a_feasible * p;
          g -= a_feasible * ap;
          x = project(x, lower, upper);
          split_gradient(g, x, lower, upper, phi, beta);
          x = project(x - step_bar * phi, lower, upper);
          apply(x, g);
          g -= b;
        }
        restart();
        ++out.expansion_steps;
      }
    } else {  // proportioning: release bound variables along the chopped gradient
      apply(beta, ap);
      const double dad = beta.dot(ap);
      if (!(dad > 0.0)) break;
      const double a = std::min(g.dot(beta) / dad, feasible_step(x, beta, lower, upper));
      x = project(x - a * beta, lower, upper);
      g -= a * ap;
      restart();
      ++out.proportioning_steps;
    }
  }
  split_gradient(g, x, lower, upper, phi, beta);
  out.residual = (phi + beta).norm() / scale;
  out.converged = out.residual <= settings.tolerance;
  return out;
}

BoxQpResult solve_box_qp_pgs(const SparseMatrix& a, const VectorX& b, const VectorX& lower, const VectorX& upper,
                             VectorX& x, const BoxQpSettings& settings) {
  BoxQpResult out;
  const int64_t n = b.size();
  if (x.size() != n) x = VectorX::Zero(n);
  x = project(x, lower, upper);
  const double scale = b.norm() > 0.0 ? b.norm() : 1.0;
  const VectorX diagonal = a.diagonal();
  auto residual = [&]() { return projected_gradient(a * x - b, x, lower, upper).norm() / scale; };
  for (out.iterations = 0; out.iterations < settings.max_iterations; ++out.iterations) {
    out.residual = residual();
    if (out.residual <= settings.tolerance) break;
    for (int64_t i = 0; i < n; ++i) {  // A is symmetric: row i is column i
      double off = 0.0;
      for (SparseMatrix::InnerIterator it(a, i); it; ++it)
        if (it.row() != i) off += it.value() * x[it.row()];
      x[i] = std::clamp((b[i] - off) / diagonal[i], lower[i], upper[i]);
    }
  }
  out.residual = residual();
  out.converged = out.residual <= settings.tolerance;
  return out;
}

}  // namespace ripple
