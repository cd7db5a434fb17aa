#pragma once
// Connected components of a set of grid cells (6-connected: cells sharing a face).
#include <cstdint>
#include <vector>

#include "ripple/grid/array3.hpp"

namespace ripple {

struct CellComponents {
  Array3<int> label;  ///< component of each cell, -1 where the cell is not in the set
  int count = 0;      ///< number of components
};

/// Labels the cells of an n-cell grid whose `inside` flag (x fastest) is nonzero. Components are
/// numbered in the order of their first cell (x fastest), so the numbering is deterministic.
CellComponents label_components(const Vec3i& n, const std::vector<uint8_t>& inside);

}  // namespace ripple
