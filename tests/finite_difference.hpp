#pragma once
// Central finite-difference checks of analytic gradients and Hessians.
#include <gtest/gtest.h>

#include <Eigen/Core>
#include <functional>

namespace ripple::test {

struct ValueGradHess {
  double value = 0.0;
  Eigen::VectorXd gradient;
  Eigen::MatrixXd hessian;
};

template <class D>
ValueGradHess to_dynamic(const D& d) {
  return {d.value, d.gradient, d.hessian};
}

/// Relative errors of the analytic gradient and Hessian of f at x against central differences
/// with step h: max |analytic - fd| / max(max |analytic|, floor).
struct DerivativeErrors {
  double gradient = 0.0;
  double hessian = 0.0;
};

inline DerivativeErrors derivative_errors(const std::function<ValueGradHess(const Eigen::VectorXd&)>& f,
                                          const Eigen::VectorXd& x, double h, double floor = 1e-12) {
  const ValueGradHess at = f(x);
  const Eigen::Index n = x.size();
  Eigen::VectorXd g_fd(n);
  Eigen::MatrixXd h_fd(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    Eigen::VectorXd xp = x, xm = x;
    xp[i] += h;
    xm[i] -= h;
    const ValueGradHess fp = f(xp), fm = f(xm);
    g_fd[i] = (fp.value - fm.value) / (2 * h);
    h_fd.col(i) = (fp.gradient - fm.gradient) / (2 * h);
  }
  DerivativeErrors e;
  e.gradient = (at.gradient - g_fd).cwiseAbs().maxCoeff() / std::max(at.gradient.cwiseAbs().maxCoeff(), floor);
  e.hessian = (at.hessian - h_fd).cwiseAbs().maxCoeff() / std::max(at.hessian.cwiseAbs().maxCoeff(), floor);
  return e;
}

/// Expects both relative errors below tol.
inline void expect_derivatives(const std::function<ValueGradHess(const Eigen::VectorXd&)>& f,
                               const Eigen::VectorXd& x, double h, double tol, const std::string& what,
                               double floor = 1e-12) {
  const DerivativeErrors e = derivative_errors(f, x, h, floor);
  EXPECT_LT(e.gradient, tol) << what << ": gradient";
  EXPECT_LT(e.hessian, tol) << what << ": Hessian";
}

}  // namespace ripple::test
