#pragma once
// Every Form's derivatives against central finite differences, through one harness (after
// polyfem's tests/test_forms.cpp): check_form compares the analytic gradient with central
// differences of value() and the analytic Hessian with central differences of the analytic
// gradient, over chosen coordinates of z. The cases, one short TEST per form and input, sit
// next to their forms' tests (FormDerivatives.* under tests/solid, tests/coupling/barrier and
// tests/solver).
//
// The Hessian a Form adds is PSD-projected (form.hpp). A case therefore compares it in one of
// three ways, named at the case:
//  - exact: at inputs where every projected unit (element, contact pair) is already PSD, or
//    for forms that do not project; then projection is the identity and the differences of
//    the gradient are the reference;
//  - projected: against the PSD projection of those differences; valid only where the form
//    projects one unit whose coordinates are all the checked ones (one contact pair over all
//    free coordinates, one rigid body's orthogonality term), since the projection of a sum is
//    not the sum of projections;
//  - gradient only, where neither holds (several indefinite units); the Hessian is then still
//    required to be PSD.
// Tolerance: 1e-5 on relative errors max|analytic - fd| / max(max|analytic|, max|fd|), as
// test::derivative_errors measures them (with the FD side in the denominator as well, so a
// missing term cannot pass as 0/0). Steps h are 1e-7 of the model's size (0.1 m models:
// h = 1e-8 m) unless a shorter length is in play (a gap, the distance to a distance-type
// boundary, friction's smoothing length), then at most 1e-3 of it; cases say where h differs.
// Every comparison was seen to fail with the analytic gradient, or Hessian, scaled by 1.01
// (but the gradients at the two stationary points, which are zero);
// FormDerivatives.HarnessCatchesOnePercentErrors (tests/solver/test_form_check.cpp) keeps that.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "finite_difference.hpp"
#include "ripple/solver/form.hpp"

namespace ripple::test {

enum class HessianCheck { exact, projected, gradient_only };

struct FormCheck {
  double h = 1e-8;          ///< central-difference step, in the coordinates' units
  double tolerance = 1e-5;  ///< on both relative errors
  HessianCheck hessian = HessianCheck::exact;
  std::vector<int> coordinates;  ///< the coordinates of z perturbed and compared; empty: all
  bool psd = true;               ///< the form promises a PSD Hessian here (all but exact-hinge modes)
  /// z is a stationary point: the gradient may vanish, and its errors are measured against
  /// max |H| h, the gradient the Hessian makes over one step, where that is larger.
  bool stationary = false;
  /// Replaces the differences of the gradient as the Hessian's reference (over `coordinates`).
  std::function<Eigen::MatrixXd(const VectorX&)> hessian_reference;
};

struct FormErrors {
  double gradient = 0.0, hessian = 0.0;              ///< relative errors
  double gradient_scale = 0.0, hessian_scale = 0.0;  ///< max |analytic|
  double min_eigenvalue = 0.0;                       ///< of the analytic Hessian, over max |H|
  double projection_change = 0.0;  ///< projected: how far projection moved the reference (relative)
};

inline Eigen::MatrixXd project_psd(const Eigen::MatrixXd& h) {
  const Eigen::MatrixXd sym = 0.5 * (h + h.transpose());
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(sym);
  return eig.eigenvectors() * eig.eigenvalues().cwiseMax(0.0).asDiagonal() * eig.eigenvectors().transpose();
}

inline double relative_error(const Eigen::MatrixXd& analytic, const Eigen::MatrixXd& reference, double floor = 1e-300) {
  const double scale = std::max({analytic.cwiseAbs().maxCoeff(), reference.cwiseAbs().maxCoeff(), floor});
  return (analytic - reference).cwiseAbs().maxCoeff() / scale;
}

inline FormErrors form_errors(const Form& form, const VectorX& z, const FormCheck& c) {
  std::vector<int> coords = c.coordinates;
  if (coords.empty())
    for (int i = 0; i < z.size(); ++i) coords.push_back(i);
  const Eigen::Index n = static_cast<Eigen::Index>(coords.size());
  // The form as a function of the checked coordinates (ValueGradHess, as finite_difference.hpp's).
  auto evaluate = [&](const VectorX& at, bool hessian) {
    ValueGradHess out;
    out.value = form.value(at);
    VectorX g = VectorX::Zero(at.size());
    std::vector<Triplet> t;
    form.add_derivatives(at, g, hessian ? &t : nullptr);
    out.gradient.resize(n);
    for (Eigen::Index i = 0; i < n; ++i) out.gradient[i] = g[coords[i]];
    if (hessian) {
      SparseMatrix H(at.size(), at.size());
      H.setFromTriplets(t.begin(), t.end());
      const Eigen::MatrixXd Hd(H);
      out.hessian.resize(n, n);
      for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j) out.hessian(i, j) = Hd(coords[i], coords[j]);
    }
    return out;
  };
  const ValueGradHess at = evaluate(z, true);
  Eigen::VectorXd g_fd(n);
  Eigen::MatrixXd h_fd(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    VectorX zp = z, zm = z;
    zp[coords[i]] += c.h;
    zm[coords[i]] -= c.h;
    const double step = zp[coords[i]] - zm[coords[i]];  // the representable 2h
    const ValueGradHess fp = evaluate(zp, false), fm = evaluate(zm, false);
    g_fd[i] = (fp.value - fm.value) / step;
    h_fd.col(i) = (fp.gradient - fm.gradient) / step;
  }
  Eigen::MatrixXd reference = h_fd;
  if (c.hessian_reference) reference = c.hessian_reference(z);
  else if (c.hessian == HessianCheck::projected) reference = project_psd(h_fd);
  const double projection_change = relative_error(reference, h_fd);
  FormErrors e;
  e.gradient_scale = at.gradient.cwiseAbs().maxCoeff();
  e.hessian_scale = at.hessian.cwiseAbs().maxCoeff();
  e.gradient = relative_error(at.gradient, g_fd, c.stationary ? e.hessian_scale * c.h : 1e-300);
  e.hessian = relative_error(at.hessian, reference);
  e.projection_change = projection_change;
  const Eigen::MatrixXd sym = 0.5 * (at.hessian + at.hessian.transpose());
  e.min_eigenvalue = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(sym).eigenvalues().minCoeff() /
                     std::max(e.hessian_scale, 1e-300);
  return e;
}

/// The check itself: both errors below the tolerance, neither derivative vacuously zero, the
/// Hessian PSD where the form promises it. Records the errors as test properties.
inline void check_form(const Form& form, const VectorX& z, const FormCheck& c) {
  const FormErrors e = form_errors(form, z, c);
  SCOPED_TRACE(form.name());
  if (!c.stationary) {
    EXPECT_GT(e.gradient_scale, 0.0) << "vacuous: zero gradient";
  }
  EXPECT_GT(e.hessian_scale, 0.0) << "vacuous: zero Hessian";
  EXPECT_LT(e.gradient, c.tolerance) << "gradient vs differences of value()";
  if (c.hessian != HessianCheck::gradient_only || c.hessian_reference) {
    EXPECT_LT(e.hessian, c.tolerance) << "Hessian vs " << (c.hessian_reference ? "the given reference"
                                                           : c.hessian == HessianCheck::projected
                                                               ? "projected differences of the gradient"
                                                               : "differences of the gradient");
  }
  if (c.psd) {
    EXPECT_GT(e.min_eigenvalue, -1e-10) << "Hessian not PSD";
  }
  ::testing::Test::RecordProperty("gradient_error", std::to_string(e.gradient));
  ::testing::Test::RecordProperty("hessian_error", std::to_string(e.hessian));
  std::printf("  %-48s gradient %.1e  Hessian %.1e%s", ::testing::UnitTest::GetInstance()->current_test_info()->name(),
              e.gradient, e.hessian,
              c.hessian == HessianCheck::gradient_only && !c.hessian_reference ? " (not compared)" : "");
  if (c.hessian == HessianCheck::projected) std::printf(" (projection moved the differences by %.1e)", e.projection_change);
  std::printf("\n");
}

}  // namespace ripple::test
