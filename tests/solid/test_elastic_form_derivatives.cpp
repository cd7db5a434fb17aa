// Derivative checks (form_check.hpp) of the solids' ElasticForm (shells: membranes, hinges,
// mid-edge bending; rods; tetrahedra; the rigid bodies' orthogonality term over their affine
// coordinates), OrthogonalityForm, InertiaForm and KinematicForm. Every elastic element
// projects its Hessian (membranes and tets in F-space), so exact comparisons sit in tension and
// at rest bending angles/curvatures, where each element's Hessian is PSD.
#include <gtest/gtest.h>

#include <random>

#include "../form_check.hpp"
#include "form_fixtures.hpp"
#include "ripple/solid/forms/elastic_form.hpp"
#include "ripple/solid/forms/inertia_form.hpp"
#include "ripple/solid/forms/orthogonality_form.hpp"
#include "ripple/solid/mesh_generators.hpp"
#include "solid_fixtures.hpp"

namespace ripple {
namespace {

using test::check_form;
using test::deform_body;
using test::FormCheck;
using test::free_coordinates;
using test::HessianCheck;
using test::rotation;
using test::set_affine;
using test::stretch;

// ElasticForm

/// A 3 x 3 cloth (8 triangles, hinges), a bent 5-vertex rod, a 6-tet box, a rigid box.
SolidModel all_kinds(ShellBending bending = ShellBending::hinge, VolumeModel volume = VolumeModel::stable_neohookean) {
  SolidModelBuilder b;
  ShellMaterial shell;
  shell.bending = bending;
  const auto cloth = test::cloth_grid(3, 0.1, 0.0);
  b.add_shell("cloth", cloth.x, cloth.triangles, shell);
  const CurveGeometry rod = polyline({Vec3(0, 0.2, 0), Vec3(0.05, 0.22, 0.01), Vec3(0.08, 0.25, 0.05)}, 2);
  b.add_rod("rod", rod.vertices, rod.edges, RodMaterial{});
  VolumeMaterial vol;
  vol.model = volume;
  const TetGeometry tets = tet_box(Vec3(0.2, 0, 0), Vec3(0.26, 0.05, 0.04), 1);
  b.add_volume("tets", tets.vertices, tets.tets, vol);
  const auto box = test::box_surface(Vec3(0.4, 0, 0), Vec3(0.46, 0.03, 0.05));
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{});
  return b.build();
}

FormCheck elastic_check(const SolidModel& m, const VectorX& z) {
  FormCheck c;
  c.h = 1e-8;  // 1e-7 of the 0.1 m bodies; the rigid box's A coordinates move vertices by < 1e-9 m
  c.coordinates = free_coordinates(m, z.size());
  return c;
}

TEST(FormDerivatives, ElasticAllBodyKindsInTension) {
  // Default settings (Gauss-Newton hinges): the cloth stretched in its plane with in-plane
  // jitter (hinges flat, at their rest angle, where Gauss-Newton is the exact Hessian), the
  // rod scaled by 1.03 and turned (curvature unchanged, edges in tension), the tets stretched
  // with jitter, the rigid box's A stretched (A^T A - I PSD).
  const SolidModel m = all_kinds();
  VectorX z = m.rest_coordinates();
  deform_body(m, 0, Vec3(1.05, 1.0, 1.04).asDiagonal(), Vec3(1e-3, 0, 1e-3), 1, z);
  deform_body(m, 1, 1.03 * rotation(0.4, Vec3(1, 1, 0)), Vec3::Zero(), 2, z);
  deform_body(m, 2, stretch(1.06, 1.04, 1.05), Vec3::Constant(5e-4), 3, z);
  set_affine(m, 3, stretch(1.03, 1.02, 1.04), Vec3(0.01, -0.02, 0.005), z);
  ElasticForm f(m, 0.7);
  f.update_rotations(z);
  check_form(f, z, elastic_check(m, z));
}

TEST(FormDerivatives, ElasticBentShellExactHinges) {
  // Out-of-plane jitter bends every hinge away from its rest angle; with exact hinge Hessians
  // (indefinite, so no PSD demand) the membranes, still stretched, are the only projected units.
  const SolidModel m = all_kinds();
  VectorX z = m.rest_coordinates();
  deform_body(m, 0, Vec3(1.05, 1.0, 1.04).asDiagonal(), Vec3(1e-3, 4e-3, 1e-3), 4, z);
  ElasticForm f(m, 1.0);
  f.set_hinge_hessian(HingeHessian::exact);
  f.update_rotations(z);
  FormCheck c = elastic_check(m, z);
  c.psd = false;
  check_form(f, z, c);
}

TEST(FormDerivatives, ElasticBentShellMidedgeExact) {
  const SolidModel m = all_kinds(ShellBending::midedge);
  ASSERT_GT(m.bending_triangles.size(), 0u);
  VectorX z = m.rest_coordinates();
  deform_body(m, 0, Vec3(1.05, 1.0, 1.04).asDiagonal(), Vec3(1e-3, 4e-3, 1e-3), 5, z);
  ElasticForm f(m, 1.0);
  f.set_hinge_hessian(HingeHessian::exact);
  f.update_rotations(z);
  FormCheck c = elastic_check(m, z);
  c.psd = false;
  check_form(f, z, c);
}

TEST(FormDerivatives, ElasticBentRodGradient) {
  // Jitter changes the rod's curvatures, where the bending Hessian is indefinite and three
  // overlapping projected units (two edges, one bend) meet: the gradient only.
  const SolidModel m = all_kinds();
  VectorX z = m.rest_coordinates();
  deform_body(m, 1, 1.03 * Mat3::Identity(), Vec3::Constant(3e-3), 6, z);
  ElasticForm f(m, 1.0);
  f.update_rotations(z);
  FormCheck c = elastic_check(m, z);
  c.hessian = HessianCheck::gradient_only;
  check_form(f, z, c);
}

TEST(FormDerivatives, ElasticNearlyInvertedTetsGradient) {
  // Stable neo-Hookean is defined through inversion: the tets squashed to 1 % of their height
  // with jitter of 40 % of that, and one vertex pushed through the opposite face: nearly flat
  // and inverted tets. Indefinite F-space Hessians, projected per tet: gradient only.
  const SolidModel m = all_kinds();
  VectorX z = m.rest_coordinates();
  deform_body(m, 2, Vec3(1.0, 0.01, 1.0).asDiagonal(), Vec3::Constant(2e-4), 7, z);
  const int v = m.tets[0][0];
  z.segment<3>(m.vertex_dof[v]) += Vec3(0.0, 0.03, 0.0);  // through the opposite face
  ElasticForm f(m, 1.0);
  f.update_rotations(m.rest_coordinates());
  EXPECT_GT(f.inverted_elements(z), 0);
  FormCheck c = elastic_check(m, z);
  c.hessian = HessianCheck::gradient_only;
  check_form(f, z, c);
}

TEST(FormDerivatives, ElasticCorotatedTetsCompressedAndInverted) {
  // Corotated linear elasticity is quadratic in F with rotations held from another
  // configuration: its Hessian is PSD at every input, so compressed and inverted tets compare exactly.
  const SolidModel m = all_kinds(ShellBending::hinge, VolumeModel::corotated_linear);
  VectorX rotations_at = m.rest_coordinates();
  deform_body(m, 2, rotation(0.5, Vec3(0, 1, 1)), Vec3::Zero(), 8, rotations_at);
  VectorX z = m.rest_coordinates();
  deform_body(m, 2, rotation(0.45, Vec3(0, 1, 1)) * Vec3(0.8, 0.9, 0.7).asDiagonal(), Vec3::Constant(3e-3), 9, z);
  z.segment<3>(m.vertex_dof[m.tets[0][0]]) += Vec3(0.0, 0.06, 0.0);
  ElasticForm f(m, 1.0);
  f.update_rotations(rotations_at);
  EXPECT_GT(f.inverted_elements(z), 0);
  check_form(f, z, elastic_check(m, z));
}

TEST(FormDerivatives, ElasticRigidBodyCompressedAndSheared) {
  // A lone rigid body: its orthogonality term is one projected unit over its 9 A coordinates
  // (the translation has none), so with A compressed and sheared (indefinite) the Hessian is
  // compared with projected differences.
  SolidModelBuilder b;
  const auto box = test::box_surface(Vec3(0, 0, 0), Vec3(0.06, 0.03, 0.05));
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{});
  const SolidModel m = b.build();
  VectorX z = m.rest_coordinates();
  Mat3 A = stretch(0.9, 1.05, 0.97);
  A(0, 1) += 0.08;
  set_affine(m, 0, A, Vec3(0.01, 0.02, 0.0), z);
  ElasticForm f(m, 1.0);
  f.update_rotations(z);
  FormCheck c = elastic_check(m, z);
  c.h = 1e-7;  // A is dimensionless, about 1
  c.hessian = HessianCheck::projected;
  check_form(f, z, c);
}

// OrthogonalityForm: rigid (affine) body coordinates only.

SolidModel two_rigid_bodies() {
  SolidModelBuilder b;
  const auto box = test::box_surface(Vec3(0, 0, 0), Vec3(0.06, 0.03, 0.05));
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{});
  const auto slab = test::box_surface(Vec3(0.2, 0, 0), Vec3(0.3, 0.01, 0.1));
  b.add_rigid("slab", slab.x, slab.triangles, RigidMaterial{});
  BodyMotion fixed;
  fixed.fixed = true;
  const auto floor = test::box_surface(Vec3(-1, -0.1, -1), Vec3(1, -0.05, 1));
  b.add_rigid("floor", floor.x, floor.triangles, RigidMaterial{}, fixed);
  return b.build();
}

TEST(FormDerivatives, OrthogonalityStretchedBodies) {
  // Two free bodies (and a fixed one, without coordinates), both stretched: exact.
  const SolidModel m = two_rigid_bodies();
  VectorX z = m.rest_coordinates();
  set_affine(m, 0, stretch(1.02, 1.05, 1.01), Vec3::Zero(), z);
  set_affine(m, 1, rotation(1.2, Vec3(1, 0, 1)) * Vec3(1.01, 1.03, 1.02).asDiagonal(), Vec3::Zero(), z);
  OrthogonalityForm f(m, 0.3);
  FormCheck c;
  c.h = 1e-7;
  c.coordinates = free_coordinates(m, z.size());
  check_form(f, z, c);
}

TEST(FormDerivatives, OrthogonalityNearlyARotation) {
  // A one part in 1e6 from a rotation, in compression along one axis: the gradient is tiny,
  // the Hessian nearly the Gauss-Newton one with a small indefinite part; one body, projected.
  SolidModelBuilder b;
  const auto box = test::box_surface(Vec3(0, 0, 0), Vec3(0.06, 0.03, 0.05));
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{});
  const SolidModel m = b.build();
  VectorX z = m.rest_coordinates();
  set_affine(m, 0, rotation(2.0, Vec3(1, -1, 2)) * Vec3(1.0 - 1e-6, 1.0 + 2e-6, 1.0).asDiagonal(), Vec3::Zero(), z);
  OrthogonalityForm f(m, 1.0);
  FormCheck c;
  c.h = 1e-9;  // far below the 1e-6 distance from the rotations, where the gradient varies
  c.coordinates = free_coordinates(m, z.size());
  c.hessian = HessianCheck::projected;
  check_form(f, z, c);
}

// InertiaForm and KinematicForm: quadratic, unprojected.

TEST(FormDerivatives, InertiaDeformableAndRigid) {
  // Deformable cloth, rod and tets with one pinned vertex, a free rigid body with a full
  // second-moment matrix (turned box), a kinematic one (left to KinematicForm) and a fixed one.
  SolidModelBuilder b;
  const auto cloth = test::cloth_grid(3, 0.1, 0.0);
  BodyMotion pinned;
  pinned.pinned = {0};
  b.add_shell("cloth", cloth.x, cloth.triangles, ShellMaterial{}, pinned);
  const CurveGeometry rod = polyline({Vec3(0, 0.2, 0), Vec3(0.05, 0.22, 0.01)}, 3);
  b.add_rod("rod", rod.vertices, rod.edges, RodMaterial{});
  const TetGeometry tets = tet_box(Vec3(0.2, 0, 0), Vec3(0.26, 0.05, 0.04), 1);
  b.add_volume("tets", tets.vertices, tets.tets, VolumeMaterial{});
  auto box = test::box_surface(Vec3(-0.03, -0.01, -0.02), Vec3(0.03, 0.01, 0.02));
  for (Vec3& x : box.x) x = rotation(0.7, Vec3(1, 2, 0)) * x + Vec3(0.5, 0, 0);
  b.add_rigid("box", box.x, box.triangles, RigidMaterial{});
  BodyMotion kinematic;
  kinematic.kinematic = true;
  const auto paddle = test::box_surface(Vec3(0.7, 0, 0), Vec3(0.75, 0.02, 0.03));
  b.add_rigid("paddle", paddle.x, paddle.triangles, RigidMaterial{}, kinematic);
  BodyMotion fixed;
  fixed.fixed = true;
  const auto floor = test::box_surface(Vec3(-1, -0.1, -1), Vec3(1, -0.05, 1));
  b.add_rigid("floor", floor.x, floor.triangles, RigidMaterial{}, fixed);
  const SolidModel m = b.build();
  ASSERT_NE(m.bodies[3].second_moment(0, 1), 0.0);
  VectorX target = m.rest_coordinates();
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (auto& v : target) v += 0.01 * u(rng);
  VectorX z = m.rest_coordinates();
  for (auto& v : z) v += 0.02 * u(rng);
  InertiaForm f(m, target);
  FormCheck c;
  c.h = 1e-7;
  c.coordinates = free_coordinates(m, z.size());
  check_form(f, z, c);
}

TEST(FormDerivatives, KinematicRigidBodyAndScriptedVertices) {
  SolidModelBuilder b;
  const auto cloth = test::cloth_grid(3, 0.1, 0.0);
  b.add_shell("cloth", cloth.x, cloth.triangles, ShellMaterial{});
  BodyMotion kinematic;
  kinematic.kinematic = true;
  auto paddle = test::box_surface(Vec3(-0.03, -0.01, -0.02), Vec3(0.03, 0.01, 0.02));
  for (Vec3& x : paddle.x) x = rotation(0.7, Vec3(1, 2, 0)) * x + Vec3(0.5, 0, 0);
  b.add_rigid("paddle", paddle.x, paddle.triangles, RigidMaterial{}, kinematic);
  const SolidModel m = b.build();
  VectorX target = m.rest_coordinates();
  set_affine(m, 1, rotation(0.1, Vec3(0, 1, 0)), Vec3(0.01, 0, 0), target);
  VectorX z = m.rest_coordinates();
  set_affine(m, 1, stretch(1.01, 0.99, 1.0), Vec3(0.0, 0.01, 0), z);
  deform_body(m, 0, Mat3::Identity(), Vec3::Constant(0.01), 12, z);
  KinematicForm f(m, target, 1e3, {{0, Vec3(-0.06, 0.01, -0.05)}, {4, Vec3(0.0, 0.02, 0.01)}});
  FormCheck c;
  c.h = 1e-7;
  c.coordinates = free_coordinates(m, z.size());
  check_form(f, z, c);
}

}  // namespace
}  // namespace ripple
