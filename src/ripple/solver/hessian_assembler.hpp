#pragma once
// Builds the Newton system matrix from the forms' Hessian entries. Entries of forms whose
// sparsity pattern never changes (inertia, elasticity, damping) are summed straight into a
// cached compressed matrix through a slot map made once; only the entries of the other forms
// (contact, friction) go through a sort. Fixed coordinates get identity rows and columns.
#include <Eigen/SparseCore>
#include <cstdint>
#include <vector>

#include "ripple/solver/form.hpp"

namespace ripple {

class HessianAssembler {
 public:
  HessianAssembler(Eigen::Index size, const std::vector<uint8_t>& fixed) : n_(size), fixed_(fixed) {}
  /// `same_pattern`: entries whose (row, col) sequence is the same at every call (the slot map
  /// is rebuilt when their count changes); `varying`: all other entries. Duplicates are summed.
  const Eigen::SparseMatrix<double>& assemble(const std::vector<Triplet>& same_pattern, const std::vector<Triplet>& varying);

 private:
  void build_slots(const std::vector<Triplet>& same_pattern);

  Eigen::Index n_;
  const std::vector<uint8_t>& fixed_;
  Eigen::SparseMatrix<double> base_;  ///< the same-pattern part, with identity at fixed coordinates
  std::vector<int> slot_;             ///< per same-pattern entry: index into base_'s values, -1 if fixed
  std::vector<int> entries_start_;    ///< per value of base_: start of its entries in entries_of_
  std::vector<int> entries_of_;       ///< same-pattern entry indices grouped by value, in entry order
  std::vector<int> fixed_diagonal_;   ///< value indices of the fixed coordinates' diagonal
  size_t cached_count_ = size_t(-1);
  Eigen::SparseMatrix<double> varying_, result_;
};

}  // namespace ripple
