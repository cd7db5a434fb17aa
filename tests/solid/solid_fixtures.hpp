#pragma once
// Small generated solids for tests: a cloth grid, a closed box surface, a tet box.
#include <vector>

#include "ripple/solid/solid_builder.hpp"

namespace ripple::test {

struct TriangleSurface {
  std::vector<Vec3> x;
  std::vector<std::array<int, 3>> triangles;
};

/// n x n vertices spanning size x size (m) in the y = height plane, centred at (cx, cz).
inline TriangleSurface cloth_grid(int n, double size, double height, double cx = 0.0, double cz = 0.0) {
  TriangleSurface s;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      s.x.push_back(Vec3(cx - 0.5 * size + size * i / (n - 1), height, cz - 0.5 * size + size * j / (n - 1)));
  for (int i = 0; i + 1 < n; ++i)
    for (int j = 0; j + 1 < n; ++j) {
      const int a = i * n + j, b = (i + 1) * n + j, c = (i + 1) * n + j + 1, d = i * n + j + 1;
      s.triangles.push_back({a, b, c});
      s.triangles.push_back({a, c, d});
    }
  return s;
}

/// Closed, outward-oriented surface of the box [lo, hi] (8 vertices, 12 triangles).
inline TriangleSurface box_surface(const Vec3& lo, const Vec3& hi) {
  TriangleSurface s;
  for (int k = 0; k < 8; ++k) s.x.push_back(Vec3(k & 1 ? hi.x() : lo.x(), k & 2 ? hi.y() : lo.y(), k & 4 ? hi.z() : lo.z()));
  s.triangles = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                 {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  return s;
}

}  // namespace ripple::test
