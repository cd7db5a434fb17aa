#include "ripple/solver/compact_layout.hpp"

#include <cmath>

namespace ripple {

void CompactLayout::build(const Vec3i& dims, const std::vector<uint8_t>& active, const std::vector<CellSpan>& spans) {
  n = dims;
  segments.clear();
  // Compact index of every active cell (other entries are never read: `active` guards them).
  const int64_t cells = static_cast<int64_t>(n.x()) * n.y() * n.z();
  grid_to_compact.resize(static_cast<size_t>(cells));  // kept: no reallocation between solves
  int64_t* index = grid_to_compact.data();
  std::vector<int64_t> first(spans.size() + 1, 0);
  for (size_t s = 0; s < spans.size(); ++s) first[s + 1] = first[s] + spans[s].length;
  size = first.back();
  parallel_for(0, static_cast<int64_t>(spans.size()), [&](int64_t s) {
    for (int32_t q = 0; q < spans[s].length; ++q) index[spans[s].begin + q] = first[s] + q;
  }, 64);
  const int64_t stride[2] = {n.x(), static_cast<int64_t>(n.x()) * n.y()};
  constexpr int64_t kAbsent = INT64_MIN;
  // Cut each span where a y/z neighbour's offset changes.
  int32_t longest = 1;
  for (size_t s = 0; s < spans.size(); ++s) {
    const int64_t g0 = spans[s].begin;
    const int64_t row = g0 / n.x();
    const int j = static_cast<int>(row % n.y()), k = static_cast<int>(row / n.y());
    const bool has[4] = {j > 0, j + 1 < n.y(), k > 0, k + 1 < n.z()};
    const int64_t step[4] = {-stride[0], stride[0], -stride[1], stride[1]};
    CompactSegment cur;
    for (int32_t q = 0; q < spans[s].length; ++q) {
      const int64_t g = g0 + q, c = first[s] + q;
      int64_t off[4];
      for (int d = 0; d < 4; ++d) off[d] = has[d] && active[g + step[d]] ? index[g + step[d]] - c : kAbsent;
      const bool same = q > 0 && std::equal(off, off + 4, cur.nb);
      if (!same) {
        if (q > 0) segments.push_back(cur);
        cur = CompactSegment{};
        cur.begin = c;
        cur.grid_begin = g;
        const int i = static_cast<int>(g % n.x());
        cur.parity = (i + j + k) & 1;
        std::copy(off, off + 4, cur.nb);
      }
      ++cur.length;
    }
    if (spans[s].length > 0) segments.push_back(cur);
  }
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
