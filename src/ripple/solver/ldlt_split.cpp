#include "ripple/solver/ldlt_split.hpp"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCholesky>
#include <algorithm>
#include <string>

#include "ripple/core/errors.hpp"

namespace ripple {

VectorX solve_q_transpose(const LdltSplit& s, const VectorX& r) {
  // Q^T w = L^T P w = r: P w = L^-T r.
  const VectorX y = s.l.transpose().triangularView<Eigen::UnitUpper>().solve(r);
  return s.p.inverse() * y;
}

namespace {

/// The split of an empty K (true), or false after checking K's entries are finite.
bool split_of_empty(const SparseMatrix& k, const char* scheme, LdltSplit& out) {
  if (k.rows() == 0) {
    out.q = out.l = SparseMatrix(0, 0);
    out.diagonal = VectorX(0);
    return true;
  }
  for (int64_t i = 0; i < k.nonZeros(); ++i)
    if (!std::isfinite(k.valuePtr()[i]))
      throw SimulationError(std::string("non-finite entry in the matrix to split (") + scheme + ")");
  return false;
}

}  // namespace

LdltSplit ldlt_split(const SparseMatrix& k, double relative_floor) {
  LdltSplit out;
  const int64_t n = k.rows();
  if (split_of_empty(k, "LDL^T", out)) return out;
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

LdltSplit incomplete_ldlt_split(const SparseMatrix& k) {
  LdltSplit out;
  const int64_t n = k.rows();
  if (split_of_empty(k, "IC", out)) return out;
  Eigen::IncompleteCholesky<double, Eigen::Lower, Eigen::AMDOrdering<int>> ic;
  ic.compute(k);
  if (ic.info() != Eigen::Success) throw SimulationError("the incomplete Cholesky factorisation of the elastic Hessian failed");
  // S P K P^T S ~ L L^T (S the scaling): with L = U0 Lambda (U0 unit lower), K ~ P^T U D U^T P
  // where U = S^-1 U0 S stays unit lower and D = (Lambda / S)^2.
  const SparseMatrix& l = ic.matrixL();
  const VectorX& s = ic.scalingS();
  out.diagonal.resize(n);
  for (int64_t j = 0; j < n; ++j) out.diagonal[j] = std::pow(l.coeff(j, j) / s[j], 2);
  std::vector<Triplet> t;
  for (int64_t j = 0; j < l.outerSize(); ++j) {
    const double pivot = l.coeff(j, j);
    for (SparseMatrix::InnerIterator it(l, j); it; ++it)
      t.emplace_back(it.row(), j, it.row() == j ? 1.0 : it.value() / pivot * s[j] / s[it.row()]);
  }
  out.l = SparseMatrix(n, n);
  out.l.setFromTriplets(t.begin(), t.end());
  out.p = ic.permutationP();
  out.q = out.p.inverse() * out.l;
  return out;
}

}  // namespace ripple
