#pragma once
// The weighted Gram product C diag(d) C^T of a sparse matrix, formed row by row in parallel. The
// slip projection's multiplier matrix is one (C its constraint matrix, d the inverse masses) over
// every liquid cell; Eigen's sparse product forms it on one thread through a general
// sparse-sparse kernel, several times slower.
#include "ripple/solver/form.hpp"

namespace ripple {

/// C diag(d) C^T (rows x rows, symmetric, column-major like C). `d` has one weight per column of
/// C; columns beyond d.size() weigh nothing.
SparseMatrix weighted_gram(const SparseMatrix& c, const VectorX& d);

/// The same with C^T given (`c_transposed`, column r holding row r of C), when the caller has it.
SparseMatrix weighted_gram(const SparseMatrix& c, const SparseMatrix& c_transposed, const VectorX& d);

}  // namespace ripple
