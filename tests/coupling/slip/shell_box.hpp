#pragma once
// A closed box made of a thin shell, written as an OBJ file, for the slip method's leak tests.
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple::test {

/// The surface of the box [lo, hi] as an OBJ file of m x m squares per side (a closed shell,
/// outward triangles, shared vertices along the edges).
inline std::string write_box_obj(const std::filesystem::path& path, const Vec3& lo, const Vec3& hi, int m) {
  std::map<std::array<int, 3>, int> index;  // lattice point (0..m per axis) -> vertex number
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> faces;
  auto vertex = [&](const std::array<int, 3>& q) {
    const auto it = index.find(q);
    if (it != index.end()) return it->second;
    vertices.push_back(lo + (hi - lo).cwiseProduct(Vec3(q[0], q[1], q[2]) / m));
    return index[q] = static_cast<int>(vertices.size());
  };
  for (int axis = 0; axis < 3; ++axis)
    for (int side = 0; side < 2; ++side) {
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      auto at = [&](int i, int j) {
        std::array<int, 3> q{};
        q[axis] = side ? m : 0;
        q[u] = i;
        q[v] = j;
        return vertex(q);
      };
      for (int j = 0; j < m; ++j)
        for (int i = 0; i < m; ++i) {
          const int a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
          if (side) faces.push_back({a, b, c}), faces.push_back({a, c, d});
          else faces.push_back({a, c, b}), faces.push_back({a, d, c});
        }
    }
  std::ofstream out(path);
  for (const Vec3& p : vertices) out << "v " << p.x() << " " << p.y() << " " << p.z() << "\n";
  for (const auto& f : faces) out << "f " << f[0] << " " << f[1] << " " << f[2] << "\n";
  return path.string();
}

}  // namespace ripple::test
