#include "ripple/solver/column_dots.hpp"

#include "ripple/core/parallel.hpp"

namespace ripple {

void column_dots(const SparseMatrix& m, const VectorX& v, VectorX& out) {
  out.resize(m.cols());
  parallel_for(0, m.cols(), [&](int64_t c) {
    double sum = 0.0;
    for (SparseMatrix::InnerIterator it(m, c); it; ++it) sum += it.value() * v[it.row()];
    out[c] = sum;
  }, 4096);
}

}  // namespace ripple
