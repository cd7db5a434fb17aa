#include "ripple/solid/midedge_elements.hpp"

#include <map>

#include "ripple/solid/energies/midedge_bending.hpp"

namespace ripple {

void add_midedge_bending_elements(SolidModel& m, int first_vertex, const std::vector<Vec3>& rest,
                                  const std::vector<std::array<int, 3>>& triangles, double D, double nu) {
  // Edge (sorted vertex pair) -> (triangle, vertex opposite the edge in it).
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> edge_faces;
  for (size_t t = 0; t < triangles.size(); ++t)
    for (int k = 0; k < 3; ++k) {
      const int a = triangles[t][(k + 1) % 3], b = triangles[t][(k + 2) % 3];
      edge_faces[{std::min(a, b), std::max(a, b)}].push_back({static_cast<int>(t), triangles[t][k]});
    }
  for (size_t t = 0; t < triangles.size(); ++t) {
    const auto& tri = triangles[t];
    std::array<int, 6> stencil{tri[0], tri[1], tri[2], tri[0], tri[1], tri[2]};
    std::array<bool, 3> interior{false, false, false};
    for (int i = 0; i < 3; ++i) {
      const int a = tri[(i + 1) % 3], b = tri[(i + 2) % 3];
      const auto& faces = edge_faces.at({std::min(a, b), std::max(a, b)});
      if (faces.size() != 2) continue;
      stencil[3 + i] = faces[0].first == static_cast<int>(t) ? faces[1].second : faces[0].second;
      interior[i] = true;
    }
    Eigen::Matrix<double, 18, 1> x;
    for (int k = 0; k < 6; ++k) x.segment<3>(3 * k) = rest[stencil[k]];
    Vec3 rest_angle = Vec3::Zero();
    for (int i = 0; i < 3; ++i)
      if (interior[i]) rest_angle[i] = midedge_angle(x, i);
    for (int& v : stencil) v += first_vertex;
    m.bending_triangles.push_back(stencil);
    m.bending_triangle_stiffness.push_back(midedge_bending_stiffness(rest[tri[0]], rest[tri[1]], rest[tri[2]], interior, D, nu));
    m.bending_triangle_rest_angle.push_back(rest_angle);
  }
}

}  // namespace ripple
