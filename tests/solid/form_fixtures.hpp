#pragma once
// Small solid models and inputs for the form-derivative checks (form_check.hpp): the
// coordinates a solve moves, deformed and affinely moved bodies, and the contact pairs shared
// by the contact and friction cases and by the harness's own test.
#include <Eigen/Geometry>
#include <cmath>
#include <random>
#include <vector>

#include "ripple/solid/solid_builder.hpp"
#include "solid_fixtures.hpp"

namespace ripple::test {

/// The coordinates a solve moves: solid coordinates that are not fixed, and any appended ones.
inline std::vector<int> free_coordinates(const SolidModel& m, Eigen::Index size) {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(size); ++i)
    if (i >= m.num_dofs || !m.dof_fixed[i]) out.push_back(i);
  return out;
}

inline Mat3 rotation(double angle, const Vec3& axis) {
  return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix();
}

/// Moves every vertex of deformable `body` to c + F (x_rest - c) + noise, c its rest centroid,
/// noise uniform in [-amplitude_k, amplitude_k] per axis k.
inline void deform_body(const SolidModel& m, int body, const Mat3& F, const Vec3& amplitude, unsigned seed,
                        VectorX& z) {
  const SolidBodyInfo& b = m.bodies[body];
  Vec3 c = Vec3::Zero();
  for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) c += m.rest_positions.segment<3>(3 * v);
  c /= b.num_vertices;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v) {
    const Vec3 noise(amplitude.x() * u(rng), amplitude.y() * u(rng), amplitude.z() * u(rng));
    z.segment<3>(m.vertex_dof[v]) = c + F * (m.rest_positions.segment<3>(3 * v) - c) + noise;
  }
}

/// Sets rigid `body`'s affine matrix A (columns a1, a2, a3) and moves its centre by `shift`.
inline void set_affine(const SolidModel& m, int body, const Mat3& A, const Vec3& shift, VectorX& z) {
  const int d = m.bodies[body].first_dof;
  z.segment<3>(d) += shift;
  z.segment<9>(d + 3) = Eigen::Map<const Eigen::Matrix<double, 9, 1>>(A.data());
}

/// A stretch (principal stretches above 1) turned by a rotation: the elastic energies'
/// Hessians are PSD in tension, so there projection changes nothing.
inline Mat3 stretch(double a, double b, double c) {
  return rotation(0.3, Vec3(1, 2, 3)) * Vec3(a, b, c).asDiagonal() * rotation(-0.2, Vec3(-2, 1, 1));
}

inline ShellMaterial thin_shell() {
  ShellMaterial s;
  s.thickness = 2e-4;  // offset 1e-4 m
  return s;
}
inline RodMaterial thin_rod() {
  RodMaterial r;
  r.radius = 1e-4;
  return r;
}

/// The contact cases' barrier distance (m).
inline constexpr double kDhat = 1e-3;

struct ContactCase {
  SolidModel m;
  CollisionMesh mesh;  ///< what the form sees (the model's, or a part of it)
  VectorX z;
};

/// Triangle a = (0,0,0), b = (0.1,0,0), c = (0,0,0.1) (thin shell, offset 1e-4 m) and a
/// vertical one-edge rod (radius 1e-4 m) whose lower end p sits at (px, gap + 2e-4, pz).
/// The form sees the triangle's face and p only (no edges, the other vertices not
/// collidable): one vertex-face pair, whatever the closest feature.
inline ContactCase point_over_triangle(double px, double pz, double gap) {
  ContactCase c;
  SolidModelBuilder b;
  b.add_shell("triangle", {Vec3(0, 0, 0), Vec3(0.1, 0, 0), Vec3(0, 0, 0.1)}, {{0, 1, 2}}, thin_shell());
  const Vec3 p(px, gap + 2e-4, pz);
  b.add_rod("rod", {p, p + Vec3(0, 0.05, 0)}, {{0, 1}}, thin_rod());
  c.m = b.build();
  c.mesh = c.m.collision;
  c.mesh.edges.clear();
  c.mesh.collidable = {0, 0, 0, 1, 0};
  c.z = c.m.rest_coordinates();
  return c;
}

/// Two one-edge rods (radius 1e-4 m): A along x through the origin, B at height gap + 2e-4
/// turned by `angle` about `axis` and shifted by `slide` along x.
inline ContactCase two_rods(double angle, double gap, double slide = 0.0, const Vec3& axis = Vec3::UnitY()) {
  ContactCase c;
  SolidModelBuilder b;
  b.add_rod("a", {Vec3(-0.05, 0, 0), Vec3(0.05, 0, 0)}, {{0, 1}}, thin_rod());
  const Mat3 R = rotation(angle, axis);
  const Vec3 centre(slide, gap + 2e-4, 0.0);
  b.add_rod("b", {centre + R * Vec3(-0.04, 0, 0), centre + R * Vec3(0.04, 0, 0)}, {{0, 1}}, thin_rod());
  c.m = b.build();
  c.mesh = c.m.collision;
  c.z = c.m.rest_coordinates();
  return c;
}

/// A 5 cm rigid cube standing on a corner (its diagonal vertical) `gap` above a fixed slab,
/// the corner's foot inside one of the slab's top triangles. `cloth`: a free triangle (thin
/// shell) between them instead of the slab being the contact partner; `free_slab`: the slab
/// a free rigid body too.
inline ContactCase rigid_corner(double gap, bool cloth, bool free_slab = false) {
  ContactCase c;
  SolidModelBuilder b;
  BodyMotion fixed;
  fixed.fixed = !free_slab;
  fixed.friction = 0.5;
  const auto slab = box_surface(Vec3(-0.2, -0.1, -0.2), Vec3(0.2, 0.0, 0.2));
  b.add_rigid("slab", slab.x, slab.triangles, RigidMaterial{}, fixed);
  const Vec3 down = Vec3(-1, -1, -1).normalized();
  const Mat3 R = Eigen::Quaterniond::FromTwoVectors(down, -Vec3::UnitY()).toRotationMatrix();
  auto cube = box_surface(Vec3::Constant(-0.025), Vec3::Constant(0.025));
  const double below = 0.025 * std::sqrt(3.0);  // centre to corner
  const double floor = cloth ? 0.02 : 0.0;
  for (Vec3& x : cube.x) x = R * x + Vec3(0.08, floor + 1e-4 * cloth + gap + below, 0.03);
  BodyMotion free_body;
  free_body.friction = 0.5;
  b.add_rigid("cube", cube.x, cube.triangles, RigidMaterial{}, free_body);
  if (cloth)
    b.add_shell("cloth", {Vec3(0.0, floor, 0.0), Vec3(0.2, floor, 0.0), Vec3(0.05, floor, 0.15)}, {{0, 2, 1}},
                thin_shell(), free_body);
  c.m = b.build();
  c.mesh = c.m.collision;
  c.z = c.m.rest_coordinates();
  return c;
}

}  // namespace ripple::test
