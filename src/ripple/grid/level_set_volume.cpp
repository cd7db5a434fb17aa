#include "ripple/grid/level_set_volume.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/core/types.hpp"
#include "ripple/grid/marching_tetrahedra.hpp"

namespace ripple {
namespace {

double tet_volume(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) {
  return std::abs((b - a).dot((c - a).cross(d - a))) / 6.0;
}

/// Where the interpolant crosses zero on the edge from p to q (values fp < 0 <= fq or back).
Vec3 crossing(const Vec3& p, const Vec3& q, double fp, double fq) {
  const double t = std::clamp(fp / (fp - fq), 0.0, 1.0);
  return p + t * (q - p);
}

}  // namespace

double negative_fraction_of_tet(const std::array<double, 4>& phi) {
  int neg[4], pos[4], nn = 0, np = 0;
  for (int i = 0; i < 4; ++i) (phi[i] < 0.0 ? neg[nn++] : pos[np++]) = i;
  if (nn == 0) return 0.0;
  if (nn == 4) return 1.0;
  // One corner on its own side: a corner tetrahedron with the edge fractions as its sides.
  auto corner = [&](int apex, const int* others) {
    double f = 1.0;
    for (int k = 0; k < 3; ++k) f *= std::clamp(phi[apex] / (phi[apex] - phi[others[k]]), 0.0, 1.0);
    return f;
  };
  if (nn == 1) return corner(neg[0], pos);
  if (nn == 3) return 1.0 - corner(pos[0], neg);
  // Two and two: the liquid is a prism with triangles (a, P, Q) and (b, R, S), P, Q on a's
  // edges to the air corners c, d and R, S on b's; convex, so three tetrahedra fill it.
  static const Vec3 v[4] = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  const int a = neg[0], b = neg[1], c = pos[0], d = pos[1];
  const Vec3 P = crossing(v[a], v[c], phi[a], phi[c]), Q = crossing(v[a], v[d], phi[a], phi[d]);
  const Vec3 R = crossing(v[b], v[c], phi[b], phi[c]), S = crossing(v[b], v[d], phi[b], phi[d]);
  const double liquid = tet_volume(v[a], P, Q, S) + tet_volume(v[a], P, R, S) + tet_volume(v[a], v[b], R, S);
  return std::clamp(liquid * 6.0, 0.0, 1.0);  // the reference tetrahedron's volume is 1/6
}

namespace {

/// The volumes per label; a null `label` counts every tetrahedron as component 0.
std::vector<double> volumes(const ScalarGrid& phi, const GridGeometry& g, const Array3<int>* label, int components) {
  std::vector<double> volume(static_cast<size_t>(std::max(components, 0)), 0.0);
  const Vec3i n(phi.nx(), phi.ny(), phi.nz());
  // Cubes between sample positions -1 .. n (the pads sit on the walls): the first and last
  // cube along an axis are half a cell wide.
  auto width = [&](int axis, int i) { return (i < 0 || i + 1 >= n[axis]) ? 0.5 * g.dx : g.dx; };
  for (int k = -1; k < n.z(); ++k)
    for (int j = -1; j < n.y(); ++j)
      for (int i = -1; i < n.x(); ++i) {
        std::array<double, 8> f;
        std::array<Vec3i, 8> cell;
        int liquid = 0;
        for (int c = 0; c < 8; ++c) {
          cell[c] = Vec3i(std::clamp(i + (c & 1), 0, n.x() - 1), std::clamp(j + ((c >> 1) & 1), 0, n.y() - 1),
                          std::clamp(k + ((c >> 2) & 1), 0, n.z() - 1));
          f[c] = phi(cell[c].x(), cell[c].y(), cell[c].z());
          liquid += f[c] < 0.0;
        }
        if (liquid == 0) continue;
        const double box = width(0, i) * width(1, j) * width(2, k);
        for (const auto& tet : kKuhnTets) {  // as the exported surface splits them
          int first = -1;
          std::array<double, 4> tf;
          for (int v = 0; v < 4; ++v) {
            tf[v] = f[tet[v]];
            if (first < 0 && tf[v] < 0.0) first = tet[v];
          }
          if (first < 0) continue;
          const int l = label ? (*label)(cell[first].x(), cell[first].y(), cell[first].z()) : 0;
          if (l < 0 || l >= components) continue;
          volume[static_cast<size_t>(l)] += negative_fraction_of_tet(tf) * box / 6.0;
        }
      }
  return volume;
}

}  // namespace

std::vector<double> liquid_volumes_by_label(const ScalarGrid& phi, const GridGeometry& g, const Array3<int>& label,
                                            int components) {
  return volumes(phi, g, &label, components);
}

double liquid_volume(const ScalarGrid& phi, const GridGeometry& g) { return volumes(phi, g, nullptr, 1)[0]; }

}  // namespace ripple
