#pragma once
// A sparse matrix assembled from its rows in parallel, when the rows' entries are produced row by
// row (the slip projection's constraint rows): each row's (column, value) pairs are sorted and
// duplicates summed in the order given, as Eigen's setFromTriplets sums them, without its passes
// over every triplet on one thread.
#include <utility>
#include <vector>

#include "ripple/solver/form.hpp"

namespace ripple {

/// Row r of the matrix holds entries[start[r]] to entries[start[r + 1] - 1] (column, value), in
/// any column order; `width` is the number of columns. Returns its transpose, column-major
/// (width x rows: column r holds row r), which is the matrix itself stored row-major.
/// `entries` is reordered.
SparseMatrix transpose_from_rows(int64_t width, const std::vector<int64_t>& start,
                                 std::vector<std::pair<int, double>>& entries);

}  // namespace ripple
