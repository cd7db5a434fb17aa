#include "ripple/solver/newton_solver.hpp"

#include "ripple/solver/hessian_assembler.hpp"

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

}  // namespace

NewtonResult newton_minimise(const std::vector<Form*>& forms, const std::vector<uint8_t>& fixed,
                             const std::function<double(const VectorX&)>& step_size, const NewtonSettings& s,
                             VectorX& z) {
  using Clock = std::chrono::steady_clock;
  NewtonResult result;
  SparseSpdSolver solver(s.linear_solver);
  const Eigen::Index n = z.size();
  HessianAssembler assembler(n, fixed);
  std::vector<Triplet> same_pattern, varying;
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
    result.time_solve += seconds_since(t0);
    result.iterations = it + 1;
    result.final_step = step_size(dz) / s.dt;
    if (result.final_step < s.tolerance) {
      result.converged = true;
      break;
    }

    t0 = Clock::now();
    double alpha = 1.0;
    for (Form* f : forms) alpha = std::min(alpha, f->max_step(z, dz));
    result.time_ccd += seconds_since(t0);

    t0 = Clock::now();
    const double e0 = total_value(forms, z);
    VectorX trial = z + alpha * dz;
    double e1 = total_value(forms, trial);
    while (!(e1 <= e0) && alpha > 1e-12) {  // also rejects NaN/inf
      alpha *= 0.5;
      ++result.line_search_steps;
      trial = z + alpha * dz;
      e1 = total_value(forms, trial);
    }
    result.time_line_search += seconds_since(t0);
    if (!(e1 <= e0)) break;  // no decrease along a descent direction: numerical floor
    z = trial;
    for (Form* f : forms) f->end_iteration(z);
    if (s.trace) std::fprintf(stderr, "newton %d: |dz|/dt %.3e alpha %.3e E %.6e -> %.6e\n", it, result.final_step, alpha, e0, e1);
  }
  return result;
}

}  // namespace ripple
