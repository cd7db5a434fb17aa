#include "ripple/contact/mesh_self_intersection.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "ripple/contact/intersection_check.hpp"

namespace ripple {

std::optional<std::array<int, 2>> first_self_intersection(const TriangleMesh& m) {
  const int n = static_cast<int>(m.triangles.size());
  if (n < 2) return std::nullopt;
  std::vector<Aabb> box(n);
  Aabb all;
  double mean_extent = 0.0;
  for (int t = 0; t < n; ++t) {
    for (int k = 0; k < 3; ++k) box[t].extend(m.vertices[m.triangles[t][k]]);
    all.extend(box[t].lo);
    all.extend(box[t].hi);
    mean_extent += (box[t].hi - box[t].lo).maxCoeff();
  }
  // Cells twice the mean triangle size, but no more than 2^20 per axis (packed keys).
  constexpr int64_t kAxisCells = int64_t(1) << 20;
  const double cell = std::max({2.0 * mean_extent / n, (all.hi - all.lo).maxCoeff() / double(kAxisCells - 1), 1e-300});
  auto cell_of = [&](double v, int a) {
    return std::clamp<int64_t>(static_cast<int64_t>(std::floor((v - all.lo[a]) / cell)), 0, kAxisCells - 1);
  };
  struct Entry {
    uint64_t key;
    int triangle;
    bool operator<(const Entry& o) const { return key != o.key ? key < o.key : triangle < o.triangle; }
  };
  // Triangles far larger than the mean (a ground plane under fine detail) would fill very
  // many cells: they are tested against every triangle instead.
  constexpr int64_t kMaxCells = 4096;
  std::vector<Entry> entries;
  std::vector<int> big;
  std::vector<std::array<int64_t, 3>> lo(n);
  for (int t = 0; t < n; ++t) {
    int64_t l[3], h[3], count = 1;
    for (int a = 0; a < 3; ++a) {
      l[a] = cell_of(box[t].lo[a], a);
      h[a] = cell_of(box[t].hi[a], a);
      lo[t][a] = l[a];
      count *= h[a] - l[a] + 1;
    }
    if (count > kMaxCells) {
      big.push_back(t);
      continue;
    }
    for (int64_t i = l[0]; i <= h[0]; ++i)
      for (int64_t j = l[1]; j <= h[1]; ++j)
        for (int64_t k = l[2]; k <= h[2]; ++k)
          entries.push_back({(uint64_t(i) << 40) | (uint64_t(j) << 20) | uint64_t(k), t});
  }
  std::sort(entries.begin(), entries.end());
  auto overlap = [&](int a, int b) {
    return (box[a].lo.array() <= box[b].hi.array()).all() && (box[b].lo.array() <= box[a].hi.array()).all();
  };
  auto neighbours = [&](int a, int b) {
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j)
        if (m.triangles[a][i] == m.triangles[b][j]) return true;
    return false;
  };
  std::optional<std::array<int, 2>> first;
  auto test = [&](int a, int b) {
    if (!overlap(a, b) || neighbours(a, b)) return;
    const std::array<int, 2> pair{std::min(a, b), std::max(a, b)};
    if (first && *first <= pair) return;
    const auto& ta = m.triangles[a];
    const auto& tb = m.triangles[b];
    if (triangles_cross(m.vertices[ta[0]], m.vertices[ta[1]], m.vertices[ta[2]], m.vertices[tb[0]], m.vertices[tb[1]],
                        m.vertices[tb[2]]))
      first = pair;
  };
  std::vector<char> is_big(n, 0);
  for (int t : big) is_big[t] = 1;
  for (int a : big)
    for (int b = 0; b < n; ++b)
      if (b != a && (!is_big[b] || b > a)) test(a, b);
  for (size_t s = 0; s < entries.size();) {
    size_t e = s;
    while (e < entries.size() && entries[e].key == entries[s].key) ++e;
    const uint64_t key = entries[s].key;
    const int64_t cell_index[3] = {int64_t(key >> 40), int64_t((key >> 20) & (kAxisCells - 1)),
                                   int64_t(key & (kAxisCells - 1))};
    for (size_t p = s; p < e; ++p)
      for (size_t q = p + 1; q < e; ++q) {
        const int a = entries[p].triangle, b = entries[q].triangle;
        // A pair sharing several cells is tested once: in the cell holding its boxes'
        // common lower corner.
        bool home = true;
        for (int ax = 0; ax < 3; ++ax) home = home && std::max(lo[a][ax], lo[b][ax]) == cell_index[ax];
        if (home) test(a, b);
      }
    s = e;
  }
  return first;
}

}  // namespace ripple
