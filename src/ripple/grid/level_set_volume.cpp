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

SampleCube sample_cube(const Vec3i& n, double dx, int i, int j, int k) {
  SampleCube cube;
  const Vec3i lo(i, j, k);
  cube.volume = 1.0;
  for (int a = 0; a < 3; ++a) cube.volume *= (lo[a] < 0 || lo[a] + 1 >= n[a]) ? 0.5 * dx : dx;
  for (int c = 0; c < 8; ++c) {
    const int ci = std::clamp(i + (c & 1), 0, n.x() - 1), cj = std::clamp(j + ((c >> 1) & 1), 0, n.y() - 1),
              ck = std::clamp(k + ((c >> 2) & 1), 0, n.z() - 1);
    cube.cell[static_cast<size_t>(c)] = ci + static_cast<int64_t>(n.x()) * (cj + static_cast<int64_t>(n.y()) * ck);
  }
  return cube;
}

namespace {

/// The volumes per label; a null `label` counts every tetrahedron as component 0.
std::vector<double> volumes(const ScalarGrid& phi, const GridGeometry& g, const Array3<int>* label, int components) {
  std::vector<double> volume(static_cast<size_t>(std::max(components, 0)), 0.0);
  const Vec3i n(phi.nx(), phi.ny(), phi.nz());
  for (int k = -1; k < n.z(); ++k)
    for (int j = -1; j < n.y(); ++j)
      for (int i = -1; i < n.x(); ++i) {
        const SampleCube cube = sample_cube(n, g.dx, i, j, k);
        std::array<double, 8> f;
        int liquid = 0;
        for (int c = 0; c < 8; ++c) {
          f[static_cast<size_t>(c)] = phi[cube.cell[static_cast<size_t>(c)]];
          liquid += f[static_cast<size_t>(c)] < 0.0;
        }
        if (liquid == 0) continue;
        for_each_liquid_tet(f, cube.volume, [&](int corner, double v) {
          const int l = label ? (*label)[cube.cell[static_cast<size_t>(corner)]] : 0;
          if (l >= 0 && l < components) volume[static_cast<size_t>(l)] += v;
        });
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
