#include "ripple/solver/compact_layout.hpp"

#include <cmath>

namespace ripple {

void CompactLayout::build(const Vec3i& dims, const std::vector<uint8_t>& active) {
  n = dims;
  segments.clear();
  // Number the active cells in grid order (entries of inactive cells are never read).
  const int64_t cells = static_cast<int64_t>(n.x()) * n.y() * n.z();
  grid_to_compact.resize(static_cast<size_t>(cells));  // kept: no reallocation between solves
  int64_t* index = grid_to_compact.data();
  size = 0;
  for (int64_t g = 0; g < cells; ++g)
    if (active[g]) index[g] = size++;
  const int64_t stride[2] = {n.x(), static_cast<int64_t>(n.x()) * n.y()};
  constexpr int64_t kAbsent = INT64_MIN;
  // Walk each row's runs of active cells, cutting a run where a y/z neighbour's offset changes.
  const int64_t rows = static_cast<int64_t>(n.y()) * n.z();
  for (int64_t row = 0; row < rows; ++row) {
    const int j = static_cast<int>(row % n.y()), k = static_cast<int>(row / n.y());
    const bool has[4] = {j > 0, j + 1 < n.y(), k > 0, k + 1 < n.z()};
    const int64_t step[4] = {-stride[0], stride[0], -stride[1], stride[1]};
    CompactSegment cur;
    bool open = false;  // cur holds a segment not yet pushed
    for (int i = 0; i < n.x(); ++i) {
      const int64_t g = row * n.x() + i;
      if (!active[g]) {
        if (open) segments.push_back(cur);
        open = false;
        continue;
      }
      const int64_t c = index[g];
      int64_t off[4];
      for (int d = 0; d < 4; ++d) off[d] = has[d] && active[g + step[d]] ? index[g + step[d]] - c : kAbsent;
      if (!open || !std::equal(off, off + 4, cur.nb)) {
        if (open) segments.push_back(cur);
        cur = CompactSegment{};
        cur.begin = c;
        cur.grid_begin = g;
        cur.parity = (i + j + k) & 1;
        std::copy(off, off + 4, cur.nb);
        open = true;
      }
      ++cur.length;
    }
    if (open) segments.push_back(cur);
  }
  int32_t longest = 1;
  for (auto& sg : segments) {
    longest = std::max(longest, sg.length);
    for (auto& o : sg.nb)
      if (o == kAbsent) o = size - sg.begin;  // lands in the zero pad [size, size + length)
  }
  padded = size + longest;
}

double compact_dot(const CompactLayout& L, const std::vector<double>& x, const std::vector<double>& y) {
  return parallel_sum(0, L.size, [&](int64_t c) { return x[c] * y[c]; });
}

double compact_max_abs(const CompactLayout& L, const std::vector<double>& x) {
  return parallel_max(0, L.size, 0.0, [&](int64_t c) { return std::abs(x[c]); });
}

}  // namespace ripple
