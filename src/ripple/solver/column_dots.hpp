#pragma once
// M^T v for a column-major sparse M, each entry the dot product of one column with v, in
// parallel: Eigen forms M v by scattering columns on one thread, and the slip projection's
// products with its constraint matrix (a million entries at 64^3) are taken this way from
// whichever of C and C^T it holds.
#include "ripple/solver/form.hpp"

namespace ripple {

/// out[c] = column c of m . v (m.cols() entries).
void column_dots(const SparseMatrix& m, const VectorX& v, VectorX& out);

/// The same, returned.
inline VectorX column_dots(const SparseMatrix& m, const VectorX& v) {
  VectorX out;
  column_dots(m, v, out);
  return out;
}

}  // namespace ripple
