#include "ripple/contact/mesh_surface_velocity.hpp"

#include <Eigen/Eigenvalues>

#include "ripple/contact/point_triangle_distance.hpp"
#include "ripple/contact/triangle_band_sweep.hpp"
#include "ripple/core/triangle_mesh.hpp"

namespace ripple {

namespace {

/// The angular velocity (rad/s) of the rigid motion closest to a triangle's vertex velocities:
/// minimises sum |u_i - u_c - w x r_i|^2 over w, r_i = x_i - x_c (unique for a non-degenerate triangle).
Vec3 triangle_spin(const Vec3* x, const Vec3* u) {
  const Vec3 xc = (x[0] + x[1] + x[2]) / 3.0, uc = (u[0] + u[1] + u[2]) / 3.0;
  Mat3 A = Mat3::Zero();
  Vec3 b = Vec3::Zero();
  for (int i = 0; i < 3; ++i) {
    const Vec3 r = x[i] - xc;
    A += r.squaredNorm() * Mat3::Identity() - r * r.transpose();
    b += r.cross(u[i] - uc);
  }
  // A sliver (nearly collinear vertices) does not fix its spin about its long axis: none then.
  const Eigen::SelfAdjointEigenSolver<Mat3> eig(A);
  if (!(eig.eigenvalues()[0] > 1e-3 * eig.eigenvalues()[2])) return Vec3::Zero();
  return eig.eigenvectors() * (eig.eigenvectors().transpose() * b).cwiseQuotient(eig.eigenvalues());
}

}  // namespace

void sample_closest_surface_velocity(const std::vector<Vec3>& vertices,
                                     const std::vector<std::array<int, 3>>& triangles,
                                     const std::vector<Vec3>& vertex_velocity, const Lattice& lattice, double band,
                                     Array3<Vec3>& velocity) {
  if (triangles.empty() || velocity.size() == 0) return;
  const Vec3i dims = velocity.dims();
  const BandWindow window = band_window(vertices, triangles, lattice, band, dims);
  if (window.empty()) return;
  const Vec3i n = window.size();
  std::vector<Vec3> spin(triangles.size());
  for (size_t f = 0; f < triangles.size(); ++f) {
    const auto& t = triangles[f];
    const Vec3 x[3] = {vertices[t[0]], vertices[t[1]], vertices[t[2]]};
    const Vec3 u[3] = {vertex_velocity[t[0]], vertex_velocity[t[1]], vertex_velocity[t[2]]};
    spin[f] = triangle_spin(x, u);
  }
  ScalarGrid best(n.x(), n.y(), n.z(), band);
  for_each_sample_near_triangle(vertices, triangles, lattice, band, dims, window, [&](int i, int j, int k, int f) {
    const auto& t = triangles[f];
    const Vec3 &A = vertices[t[0]], &B = vertices[t[1]], &C = vertices[t[2]];
    const Vec3 p = lattice.origin + lattice.h * Vec3(i, j, k);
    const Vec3 q = closest_point_on_triangle(p, A, B, C);
    double& d = best(i - window.lo.x(), j - window.lo.y(), k - window.lo.z());
    const double dist = (p - q).norm();
    if (!(dist < d)) return;
    d = dist;
    const Vec3 w = barycentric_coordinates(q, A, B, C);
    velocity(i, j, k) = w[0] * vertex_velocity[t[0]] + w[1] * vertex_velocity[t[1]] + w[2] * vertex_velocity[t[2]] +
                        spin[f].cross(p - q);
  });
}

}  // namespace ripple
