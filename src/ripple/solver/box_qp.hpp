#pragma once
// Box-constrained convex quadratic programs: minimise f(x) = 1/2 x^T A x - b^T x subject to
// lower <= x <= upper (bounds may be infinite), A symmetric positive definite. These are the
// contact and friction problems of the monolithic coupling (Takahashi & Batty 2022, Sec. 3.7.4:
// normal forces n >= 0, pyramid friction |z| <= mu n with n from the last iteration).
//
// MPRGP (Dostal & Schoberl 2005, "Minimizing quadratic functions subject to bound constraints
// with the rate of convergence and finite termination"): conjugate gradients on the free
// variables while the gradient's part that would free bound variables (the chopped gradient)
// stays proportional to the free part, an expansion step when a CG step would leave the box (the
// CG step projected onto the box when that lowers f, Kruzik et al. 2020's fast expansion; else
// a projected gradient step of fixed length), and a step along the chopped gradient otherwise
// (the proportioning step). With a preconditioner, "preconditioning in face": M^-1 applied to the free
// gradient and restricted to the free set, exact for a diagonal M.
//
// Projected Gauss-Seidel is the baseline the paper compares against (Table 2).
#include <limits>

#include "ripple/solver/form.hpp"
#include "ripple/solver/operator_pcg.hpp"

namespace ripple {

struct BoxQpSettings {
  double tolerance = 1e-8;   ///< stop when ||projected gradient||_2 <= tolerance ||b||_2
  int max_iterations = 10000;
  double gamma = 1.0;        ///< MPRGP's proportioning parameter Gamma
};

struct BoxQpResult {
  int iterations = 0;
  double residual = 0.0;     ///< ||projected gradient||_2 / ||b||_2 at the end
  bool converged = false;
  int cg_steps = 0, expansion_steps = 0, proportioning_steps = 0;  ///< MPRGP's step kinds
};

constexpr double kNoBound = std::numeric_limits<double>::infinity();

/// The projected gradient of f at x (g = A x - b given): g_i where x_i is free, min(g_i, 0) at a
/// lower bound and max(g_i, 0) at an upper one (zero at the minimiser).
VectorX projected_gradient(const VectorX& g, const VectorX& x, const VectorX& lower, const VectorX& upper);

/// MPRGP from the guess in x (projected onto the box first). `precondition` may be empty.
BoxQpResult solve_box_qp_mprgp(const LinearMap& apply, const LinearMap& precondition, const VectorX& b,
                               const VectorX& lower, const VectorX& upper, VectorX& x,
                               const BoxQpSettings& settings = {});

/// Projected Gauss-Seidel sweeps (A explicit, with a positive diagonal) from the guess in x.
BoxQpResult solve_box_qp_pgs(const SparseMatrix& a, const VectorX& b, const VectorX& lower, const VectorX& upper,
                             VectorX& x, const BoxQpSettings& settings = {});

}  // namespace ripple
