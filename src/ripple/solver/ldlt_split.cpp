#include "ripple/solver/ldlt_split.hpp"

#include <Eigen/SparseCholesky>
#include <algorithm>

#include "ripple/core/errors.hpp"

namespace ripple {

VectorX solve_q_transpose(const LdltSplit& s, const VectorX& r) {
  // Q^T w = L^T P w = r: P w = L^-T r.
  const VectorX y = s.l.transpose().triangularView<Eigen::UnitUpper>().solve(r);
  return s.p.inverse() * y;
}

LdltSplit ldlt_split(const SparseMatrix& k, double relative_floor) {
  LdltSplit out;
  const int64_t n = k.rows();
  if (n == 0) {
    out.q = out.l = SparseMatrix(0, 0);
    out.diagonal = VectorX(0);
    return out;
  }
  for (int64_t i = 0; i < k.nonZeros(); ++i)
    if (!std::isfinite(k.valuePtr()[i])) throw SimulationError("non-finite entry in the matrix to split (LDL^T)");
  Eigen::SimplicialLDLT<SparseMatrix, Eigen::Lower, Eigen::AMDOrdering<int>> ldlt;
  ldlt.compute(k);
  if (ldlt.info() != Eigen::Success) {
    // An exact zero pivot (a semi-definite matrix hit in exact arithmetic): shift by the floor.
    const double shift = relative_floor * std::max(k.diagonal().cwiseAbs().maxCoeff(), 1e-300);
    SparseMatrix shifted = k;
    for (int64_t i = 0; i < n; ++i) shifted.coeffRef(i, i) += shift;
    ldlt.compute(shifted);
    out.shifted = true;
    if (ldlt.info() != Eigen::Success) throw SimulationError("the LDL^T factorisation of the elastic Hessian failed");
  }
  out.l = ldlt.matrixL();
  out.p = ldlt.permutationP();
  out.q = ldlt.permutationPinv() * out.l;
  out.diagonal = ldlt.vectorD();
  const double floor = relative_floor * std::max(out.diagonal.maxCoeff(), 1e-300);
  for (int64_t i = 0; i < n; ++i)
    if (!(out.diagonal[i] >= floor)) {
      out.diagonal[i] = floor;
      ++out.clamped;
    }
  return out;
}

}  // namespace ripple
