#include "ripple/contact/mesh_closest_triangle.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "ripple/contact/point_triangle_distance.hpp"
#include "ripple/contact/triangle_band_sweep.hpp"
#include "ripple/core/triangle_mesh.hpp"

namespace ripple {

MeshClosestTriangles::MeshClosestTriangles(std::vector<Vec3> vertices, std::vector<std::array<int, 3>> triangles,
                                           const Lattice& lattice, const Vec3i& dims, double band)
    : x_(std::move(vertices)), t_(std::move(triangles)), lattice_(lattice) {
  closest_.resize(dims.x(), dims.y(), dims.z(), -1);
  face_normal_.resize(t_.size());
  vertex_normal_.assign(x_.size(), Vec3::Zero());
  edge_normal_.resize(t_.size());
  std::map<std::pair<int, int>, Vec3> edge_sum;
  for (size_t f = 0; f < t_.size(); ++f) {
    const auto& t = t_[f];
    const Vec3 n = (x_[t[1]] - x_[t[0]]).cross(x_[t[2]] - x_[t[0]]).normalized();
    face_normal_[f] = n;
    for (int i = 0; i < 3; ++i) {
      const Vec3 a = x_[t[(i + 1) % 3]] - x_[t[i]], b = x_[t[(i + 2) % 3]] - x_[t[i]];
      const double angle = std::atan2(a.cross(b).norm(), a.dot(b));
      vertex_normal_[t[i]] += angle * n;
      const int u = t[(i + 1) % 3], v = t[(i + 2) % 3];
      edge_sum.try_emplace({std::min(u, v), std::max(u, v)}, Vec3::Zero()).first->second += n;
    }
  }
  for (size_t f = 0; f < t_.size(); ++f)
    for (int i = 0; i < 3; ++i) {
      const int u = t_[f][(i + 1) % 3], v = t_[f][(i + 2) % 3];
      edge_normal_[f][i] = edge_sum[{std::min(u, v), std::max(u, v)}];
    }
  const BandWindow window = band_window(x_, t_, lattice, band, dims);
  if (window.empty()) return;
  const Vec3i n = window.size();
  ScalarGrid best(n.x(), n.y(), n.z(), band);
  for_each_sample_near_triangle(x_, t_, lattice, band, dims, window, [&](int i, int j, int k, int f) {
    const Vec3 p = lattice.origin + lattice.h * Vec3(i, j, k);
    const double d = (p - closest_point_on_triangle(p, x_[t_[f][0]], x_[t_[f][1]], x_[t_[f][2]])).norm();
    double& b = best(i - window.lo.x(), j - window.lo.y(), k - window.lo.z());
    if (d < b) {
      b = d;
      closest_(i, j, k) = f;
    }
  });
}

double MeshClosestTriangles::signed_distance(const Vec3& p, double fallback) const {
  const Vec3 s = (p - lattice_.origin) / lattice_.h;
  const Vec3i n = closest_.dims();
  // Far from the surface (or off the lattice) the sampled distance is good and the closest
  // triangles around p may not hold p's own: keep it.
  const double h = lattice_.h;
  if (std::abs(fallback) > 3.0 * h || (s.array() < 0.0).any() || (s.array() > (n - Vec3i::Ones()).cast<double>().array()).any())
    return fallback;
  const Vec3i c0 = s.array().floor().cast<int>().max(0).min((n - Vec3i::Ones()).array()).matrix();
  double best = 1e300;
  int face = -1;
  Vec3 q_best = Vec3::Zero();
  // The closest triangles of the 4 x 4 x 4 samples around p: p's own is among them (the
  // 8 corners alone miss it near edges and corners, where the closest triangle changes).
  std::array<int, 64> seen;
  int seen_count = 0;
  for (int dz = -1; dz < 3; ++dz)
    for (int dy = -1; dy < 3; ++dy)
      for (int dx = -1; dx < 3; ++dx) {
        const Vec3i c = (c0 + Vec3i(dx, dy, dz)).cwiseMax(0).cwiseMin(n - Vec3i::Ones());
        const int f = closest_(c.x(), c.y(), c.z());
        if (f < 0 || std::find(seen.begin(), seen.begin() + seen_count, f) != seen.begin() + seen_count) continue;
        seen[seen_count++] = f;
        const Vec3 q = closest_point_on_triangle(p, x_[t_[f][0]], x_[t_[f][1]], x_[t_[f][2]]);
        const double d = (p - q).norm();
        if (d < best) {
          best = d;
          face = f;
          q_best = q;
        }
      }
  // Triangles much smaller than h: p's own may belong to none of the samples around it, and
  // the distance found is too long. Interpolation overestimates a distance by under h / 2.
  if (face < 0 || best > std::abs(fallback) + 0.5 * h) return fallback;
  // Interpolated, the sampled distance is off by a fraction of h at most: its sign holds
  // beyond half a sample spacing.
  if (std::abs(fallback) > 0.5 * h) return fallback < 0.0 ? -best : best;
  // The closest feature of the closest triangle: its inside, an edge or a vertex.
  const auto& t = t_[face];
  const Vec3 w = barycentric_coordinates(q_best, x_[t[0]], x_[t[1]], x_[t[2]]);
  const double eps = 1e-6;  // barycentric rounding: a point closest to an edge is on it
  const int zeros = (w[0] < eps) + (w[1] < eps) + (w[2] < eps);
  Vec3 normal = face_normal_[face];
  if (zeros == 1) {
    for (int i = 0; i < 3; ++i)
      if (w[i] < eps) normal = edge_normal_[face][i];
  } else if (zeros >= 2) {
    for (int i = 0; i < 3; ++i)
      if (w[i] >= eps) normal = vertex_normal_[t[i]];
  }
  return (p - q_best).dot(normal) < 0.0 ? -best : best;
}

}  // namespace ripple
