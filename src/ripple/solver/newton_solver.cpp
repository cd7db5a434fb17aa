#include "ripple/solver/newton_solver.hpp"

#include "ripple/solver/hessian_assembler.hpp"

#include <Eigen/Dense>

#include <chrono>
#include <cstdio>
#include <cmath>
#include <limits>

namespace ripple {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double total_value(const std::vector<Form*>& forms, const VectorX& z) {
  double e = 0.0;
  for (const Form* f : forms) e += f->value(z);
  return e;
}

/// Every |c_i(z)| within its tolerance.
bool constraints_hold(const std::vector<EqualityConstraint*>& constraints, const VectorX& z) {
  for (const EqualityConstraint* c : constraints) {
    VectorX v(c->count());
    c->evaluate(z, v, nullptr);
    for (int i = 0; i < c->count(); ++i)
      if (!(std::abs(v[i]) <= c->tolerance(i))) return false;
  }
  return true;
}

struct ConstrainedStep {
  bool solved = false;
  bool met = false;                 ///< every |c_i| within its tolerance at z
  double largest_multiplier = 0.0;  ///< max |lambda_i|
};

/// Turns the unconstrained Newton step y = -H^{-1} g into the KKT step of Eq. 12 (Liu 2025)
/// through the Schur complement of the few constraint rows: with Y = H^{-1} J^T,
/// lambda = (J Y)^{-1} (J y + c) and dz = y - Y lambda, so that J dz = -c.
ConstrainedStep constrain_step(const std::vector<EqualityConstraint*>& constraints, const std::vector<uint8_t>& fixed,
                               const Eigen::SparseMatrix<double>& H, SparseSpdSolver& solver, const VectorX& z,
                               VectorX& dz) {
  ConstrainedStep out;
  std::vector<Eigen::SparseVector<double>> rows;
  std::vector<double> values, tolerances;
  for (const EqualityConstraint* c : constraints) {
    VectorX v(c->count());
    std::vector<Eigen::SparseVector<double>> J;
    c->evaluate(z, v, &J);
    for (int i = 0; i < c->count(); ++i) {
      rows.push_back(J[i]);
      values.push_back(v[i]);
      tolerances.push_back(c->tolerance(i));
    }
  }
  const int m = static_cast<int>(rows.size());
  out.met = true;
  for (int i = 0; i < m; ++i) out.met = out.met && std::abs(values[i]) <= tolerances[i];
  Eigen::MatrixXd Y(z.size(), m);
  for (int i = 0; i < m; ++i) {
    VectorX row = VectorX(rows[i]);
    for (Eigen::Index k = 0; k < row.size(); ++k)
      if (fixed[k]) row[k] = 0.0;
    VectorX y;
    if (!solver.solve_same_matrix(H, row, y)) return out;
    Y.col(i) = y;
  }
  Eigen::MatrixXd S(m, m);
  VectorX rhs(m);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < m; ++j) S(i, j) = rows[i].dot(Y.col(j));
    rhs[i] = rows[i].dot(dz) + values[i];
  }
  const VectorX lambda = S.ldlt().solve(rhs);
  if (!lambda.allFinite()) return out;
  dz -= Y * lambda;
  out.largest_multiplier = lambda.cwiseAbs().maxCoeff();
  out.solved = true;
  return out;
}

}  // namespace

void accumulate(NewtonResult& total, const NewtonResult& next) {
  total.converged = next.converged;
  total.iterations += next.iterations;
  total.line_search_steps += next.line_search_steps;
  total.final_step = next.final_step;
  total.final_residual = next.final_residual;
  total.linear_solver = next.linear_solver;
  total.time_assembly += next.time_assembly;
  total.time_solve += next.time_solve;
  total.time_ccd += next.time_ccd;
  total.time_line_search += next.time_line_search;
}

NewtonResult newton_minimise(const std::vector<Form*>& forms, const std::vector<uint8_t>& fixed,
                             const NewtonMeasures& measures, const NewtonSettings& s, VectorX& z) {
  return newton_minimise(forms, {}, fixed, measures, s, z);
}

NewtonResult newton_minimise(const std::vector<Form*>& forms, const std::vector<EqualityConstraint*>& constraints,
                             const std::vector<uint8_t>& fixed, const NewtonMeasures& measures,
                             const NewtonSettings& s, VectorX& z) {
  using Clock = std::chrono::steady_clock;
  NewtonResult result;
  SparseSpdSolver solver(s.linear_solver);
  const Eigen::Index n = z.size();
  HessianAssembler assembler(n, fixed);
  std::vector<Triplet> same_pattern, varying;
  // The line search with constraints decreases the exact penalty E + mu sum |c_i|, mu above
  // every multiplier so far (Nocedal & Wright, Sec. 18.3): the KKT step descends on it.
  double multiplier_bound = 0.0;
  auto merit = [&](const VectorX& q) {
    double e = total_value(forms, q);
    if (constraints.empty()) return e;
    for (const EqualityConstraint* c : constraints) {
      VectorX v(c->count());
      c->evaluate(q, v, nullptr);
      e += multiplier_bound * v.lpNorm<1>();
    }
    return e;
  };
  for (int it = 0; it < s.max_iterations; ++it) {
    auto t0 = Clock::now();
    for (Form* f : forms) f->begin_iteration(z);
    VectorX g = VectorX::Zero(n);
    same_pattern.clear();
    varying.clear();
    for (const Form* f : forms) f->add_derivatives(z, g, f->fixed_hessian_pattern() ? &same_pattern : &varying);
    // Fixed coordinates: identity rows (in the assembler), zero right-hand side.
    for (Eigen::Index i = 0; i < n; ++i)
      if (fixed[i]) g[i] = 0.0;
    const Eigen::SparseMatrix<double>& H = assembler.assemble(same_pattern, varying);
    result.time_assembly += seconds_since(t0);

    t0 = Clock::now();
    VectorX dz;
    if (!solver.solve(H, -g, dz)) break;
    result.linear_solver = solver.last_used();
    bool constraints_met = true;
    if (!constraints.empty()) {
      const ConstrainedStep c = constrain_step(constraints, fixed, H, solver, z, dz);
      if (!c.solved) break;
      constraints_met = c.met;
      multiplier_bound = std::max(multiplier_bound, 2.0 * c.largest_multiplier);
    }
    result.time_solve += seconds_since(t0);
    result.iterations = it + 1;
    result.final_step = measures.step_size(dz) / s.dt;
    const bool test_residual = s.residual_tolerance > 0.0 && measures.residual_size;
    if (test_residual) result.final_residual = measures.residual_size(g) / (s.dt * s.dt);
    const bool balanced = !test_residual || result.final_residual < s.residual_tolerance;
    if (result.final_step < s.tolerance && balanced && constraints_met) {
      result.converged = true;
      break;
    }

    t0 = Clock::now();
    double alpha = 1.0;
    for (Form* f : forms) {
      const double a = f->max_step(z, dz);
      if (s.trace && a < 1.0) std::fprintf(stderr, "  %s max step %.3e\n", f->name().c_str(), a);
      alpha = std::min(alpha, a);
    }
    result.time_ccd += seconds_since(t0);

    t0 = Clock::now();
    const double e0 = merit(z);
    VectorX trial = z + alpha * dz;
    double e1 = merit(trial);
    // Without line search only a non-finite merit (outside the barriers' domain) is refused.
    auto acceptable = [&](double e) { return s.line_search ? e <= e0 : std::isfinite(e); };
    while (!acceptable(e1) && alpha > 1e-12) {  // also rejects NaN/inf
      alpha *= 0.5;
      ++result.line_search_steps;
      trial = z + alpha * dz;
      e1 = merit(trial);
    }
    result.time_line_search += seconds_since(t0);
    if (!acceptable(e1)) break;  // no decrease along a descent direction: numerical floor
    z = trial;
    for (Form* f : forms) f->end_iteration(z);
    if (s.trace)
      std::fprintf(stderr, "newton %d: |dz|/dt %.3e (tol %.3e) residual %.3e (tol %.3e) met %d alpha %.3e E %.6e -> %.6e\n", it, result.final_step,
                   s.tolerance, result.final_residual, s.residual_tolerance, int(constraints_met), alpha, e0, e1);
    // A full step below the tolerance taken only to restore the constraints: z already met
    // the step test, so once c(z + dz) is within its tolerance (J dz = -c makes it second
    // order) the solve is done, without assembling and factoring again just to confirm it.
    if (!constraints_met && balanced && alpha == 1.0 && result.final_step < s.tolerance &&
        constraints_hold(constraints, z)) {
      result.converged = true;
      break;
    }
  }
  return result;
}

}  // namespace ripple
