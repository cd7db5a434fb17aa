// Derivative checks (form_check.hpp) of the solids' ContactForm and FrictionForm.
//
// ContactForm: each pair's barrier Hessian is indefinite (b' < 0 times the distance's
// curvature) and projected per pair, so the Hessian is compared with projected differences
// where exactly one pair is within dhat and its stencil spans every free coordinate (checked
// with active_pairs); a pair over several rigid bodies or a rigid and a deformable one
// projects in stencil space and is checked through its gradient. The collision mesh is cut
// down where that isolates one pair type (a coupler may pass such a subset too).
//
// FrictionForm: lagged normal forces, closest points and bases, so a smooth function of z;
// its Hessian is exact (PSD by construction, not projected). eps = eps_v dt = 1e-5 m.
#include <gtest/gtest.h>

#include <cmath>

#include "../form_check.hpp"
#include "form_fixtures.hpp"
#include "ripple/contact/broad_phase.hpp"
#include "ripple/contact/pair_distance.hpp"
#include "ripple/solid/forms/contact_form.hpp"
#include "ripple/solid/forms/friction_form.hpp"
#include "solid_fixtures.hpp"

namespace ripple {
namespace {

using test::check_form;
using test::ContactCase;
using test::deform_body;
using test::FormCheck;
using test::free_coordinates;
using test::HessianCheck;
using test::kDhat;
using test::point_over_triangle;
using test::rigid_corner;
using test::set_affine;
using test::thin_shell;
using test::two_rods;

// ContactForm

void check_contact(const ContactCase& c, const VectorX& z, HessianCheck hessian, double h = 1e-8,
                   double tolerance = 1e-5) {
  ContactForm f(c.m, kDhat, 0.01, &c.mesh);
  f.set_stiffness(1e4, 1e4);
  f.update_candidates(z);
  if (hessian == HessianCheck::projected) {
    ASSERT_EQ(f.active_pairs(z), 1);
  }
  ASSERT_GT(f.active_pairs(z), 0);
  FormCheck check;
  check.h = h;
  check.tolerance = tolerance;
  check.hessian = hessian;
  check.coordinates = free_coordinates(c.m, z.size());
  check_form(f, z, check);
}

/// The closest-feature types of the two cases' pairs at z (vertices: triangle 0-2, point 3;
/// rod A 0-1, rod B 2-3), to pin down which side of a type boundary a case sits on.
PointTriangleType foot_type(const ContactCase& c, const VectorX& z) {
  const VectorX x = c.m.positions(z);
  return point_triangle_type(x.segment<3>(9), x.segment<3>(0), x.segment<3>(3), x.segment<3>(6));
}
EdgeEdgeType rods_type(const ContactCase& c, const VectorX& z) {
  const VectorX x = c.m.positions(z);
  return edge_edge_type(x.segment<3>(0), x.segment<3>(3), x.segment<3>(6), x.segment<3>(9));
}

/// The case's rest coordinates with every deformable vertex jittered by up to `amplitude`.
VectorX jittered(const ContactCase& c, double amplitude, unsigned seed) {
  VectorX z = c.z;
  for (int body = 0; body < static_cast<int>(c.m.bodies.size()); ++body)
    if (c.m.bodies[body].kind != SolidKind::rigid) deform_body(c.m, body, Mat3::Identity(), Vec3::Constant(amplitude), seed + body, z);
  return z;
}

TEST(FormDerivatives, ContactPointTriangleInterior) {
  const ContactCase c = point_over_triangle(0.03, 0.035, 0.4 * kDhat);
  check_contact(c, jittered(c, 2e-5, 1), HessianCheck::projected);
}

TEST(FormDerivatives, ContactPointJustInsideTriangleEdge) {
  // p's foot 1e-5 m (1e-4 of the edge) inside edge ab (z = 0): the point-triangle type, next
  // to the point-edge one. h = 1e-9 m stays on one side.
  const ContactCase c = point_over_triangle(0.05, 1e-5, 0.4 * kDhat);
  ASSERT_EQ(foot_type(c, c.z), PointTriangleType::P_T);
  check_contact(c, c.z, HessianCheck::projected, 1e-9);
}

TEST(FormDerivatives, ContactPointJustOutsideTriangleEdge) {
  const ContactCase c = point_over_triangle(0.05, -1e-5, 0.4 * kDhat);
  ASSERT_EQ(foot_type(c, c.z), PointTriangleType::P_E01);
  check_contact(c, c.z, HessianCheck::projected, 1e-9);
}

TEST(FormDerivatives, ContactPointNearTriangleCorner) {
  // Foot 1e-5 m outside the corner a in both x and z: the point-point distance type.
  const ContactCase c = point_over_triangle(-1e-5, -1e-5, 0.4 * kDhat);
  ASSERT_EQ(foot_type(c, c.z), PointTriangleType::P_T0);
  check_contact(c, c.z, HessianCheck::projected, 1e-9);
}

TEST(FormDerivatives, ContactGapNearDhat) {
  // 0.99 dhat: the barrier and its first two derivatives nearly vanish (C2 at dhat).
  const ContactCase c = point_over_triangle(0.03, 0.035, 0.99 * kDhat);
  check_contact(c, c.z, HessianCheck::projected, 1e-9);
}

TEST(FormDerivatives, ContactTinyGap) {
  // 1e-2 dhat = 1e-5 m: the barrier's stiff end; h = 1e-10 m is 1e-5 of the gap.
  const ContactCase c = point_over_triangle(0.03, 0.035, 1e-2 * kDhat);
  check_contact(c, c.z, HessianCheck::projected, 1e-10);
}

TEST(FormDerivatives, ContactCrossingEdges) {
  const ContactCase c = two_rods(1.0, 0.5 * kDhat);
  check_contact(c, jittered(c, 2e-5, 2), HessianCheck::projected);
}

TEST(FormDerivatives, ContactNearlyParallelEdgesMollified) {
  // 0.01 rad: |ea x eb|^2 is 1e-4 |ea|^2 |eb|^2, a tenth of the mollifier's threshold, so
  // the product of mollifier and barrier and its four cross terms are all exercised.
  const ContactCase c = two_rods(0.01, 0.5 * kDhat);
  ASSERT_EQ(rods_type(c, c.z), EdgeEdgeType::EA_EB);
  check_contact(c, c.z, HessianCheck::projected);
}

TEST(FormDerivatives, ContactNearlyParallelEdgesIllConditioned) {
  // 1e-4 rad: still classified by the line-line formula (|ea x eb|^2 / |ea|^2 |eb|^2 = 1e-8,
  // threshold 1e-10), whose denominator is tiny; B slid to overlap A over 6 of its 8 cm.
  const ContactCase c = two_rods(1e-4, 0.5 * kDhat, 0.03);
  ASSERT_EQ(rods_type(c, c.z), EdgeEdgeType::EA_EB);
  check_contact(c, c.z, HessianCheck::projected, 1e-9);
}

TEST(FormDerivatives, ContactParallelEdgesClassifiedByEndpoints) {
  // 1e-6 rad: below the parallel threshold, the distance is taken from the closest
  // endpoint-segment pair, and the mollifier (about 1e-9) all but cancels the barrier. B is
  // tilted about z, so its lower end (8e-8 m lower) is the closest feature without a tie
  // that the differences' steps could flip.
  const ContactCase c = two_rods(1e-6, 0.5 * kDhat, 0.03, Vec3::UnitZ());
  ASSERT_EQ(rods_type(c, c.z), EdgeEdgeType::EA_EB0);  // B's lower end over A's middle
  check_contact(c, c.z, HessianCheck::projected, 1e-9);
}

TEST(FormDerivatives, ContactExactlyParallelEdges) {
  // |ea x eb| = 0: the mollifier and its gradient vanish, so the value and gradient do too
  // (a stationary point) and the Hessian is the barrier times the mollifier's curvature.
  // The endpoint-segment pairs tie and the differences flip between them: the jumps in the
  // barrier's gradient enter times the mollifier, O(h^2), so the error is O(h / gap): h = 1e-10 m.
  const ContactCase c = two_rods(0.0, 0.5 * kDhat, 0.03);
  ContactForm f(c.m, kDhat, 0.01, &c.mesh);
  f.set_stiffness(1e4, 1e4);
  f.update_candidates(c.z);
  ASSERT_EQ(f.active_pairs(c.z), 1);
  EXPECT_EQ(f.value(c.z), 0.0);
  FormCheck check;
  check.h = 1e-10;
  check.hessian = HessianCheck::projected;
  check.stationary = true;
  check.coordinates = free_coordinates(c.m, c.z.size());
  check_form(f, c.z, check);
}

TEST(FormDerivatives, ContactPointEdge) {
  // Rod A's edge left out of the mesh: its vertices are free points, p meets B's edge.
  ContactCase c = two_rods(1.0, 0.5 * kDhat);
  c.mesh.edges = {c.m.collision.edges[1]};
  // p 7e-4 m under B's middle and 1e-4 m aside (B runs along (cos 1, 0, -sin 1)).
  c.z.segment<3>(c.m.vertex_dof[0]) = 1e-4 * Vec3(std::sin(1.0), 0, std::cos(1.0));
  check_contact(c, c.z, HessianCheck::projected);
}

TEST(FormDerivatives, ContactPointPoint) {
  ContactCase c = two_rods(1.0, 0.5 * kDhat);
  c.mesh.edges.clear();
  c.z.segment<3>(c.m.vertex_dof[0]) = c.z.segment<3>(c.m.vertex_dof[2]) - Vec3(3e-4, 6e-4, 2e-4);
  check_contact(c, c.z, HessianCheck::projected);
}

TEST(FormDerivatives, ContactRigidCornerOnFixedSlab) {
  // The cube's 12 affine coordinates are the pair's only free ones (the slab is fixed), so
  // its Hessian is projected over them: compared with projected differences. A is stretched
  // and sheared a little so that the vertex map is a general affine one.
  ContactCase c = rigid_corner(0.5 * kDhat, false);
  Mat3 A = Mat3::Identity();
  A(0, 1) = 2e-3;
  A(2, 2) = 1.001;
  set_affine(c.m, 1, A, Vec3(0, -1e-4, 0), c.z);
  check_contact(c, c.z, HessianCheck::projected, 1e-9);
}

TEST(FormDerivatives, ContactRigidCornerOnClothGradient) {
  // A free rigid body against a deformable triangle: 7 coordinate blocks, projected over the
  // 12 stencil coordinates before the map to the body's coordinates: gradient only.
  const ContactCase c = rigid_corner(0.5 * kDhat, true);
  check_contact(c, jittered(c, 1e-5, 3), HessianCheck::gradient_only, 1e-9);
}

TEST(FormDerivatives, ContactRigidCornerOnFreeRigidSlabGradient) {
  // Two free rigid bodies: 8 coordinate blocks, projected in stencil space: gradient only.
  ContactCase c = rigid_corner(0.5 * kDhat, false, true);
  Mat3 A = Vec3(1.001, 1.0, 1.002).asDiagonal();
  A(0, 2) = 1e-3;  // the slab's top stays put to 2e-4 m: the corner still in contact
  set_affine(c.m, 0, A, Vec3::Zero(), c.z);
  set_affine(c.m, 1, A.transpose(), Vec3::Zero(), c.z);
  check_contact(c, c.z, HessianCheck::gradient_only, 1e-9);
}

TEST(FormDerivatives, ContactClothOverClothGradient) {
  // Two 5 x 5 cloths 0.6 dhat apart (beyond the offsets), jittered: many vertex-face and
  // edge-edge pairs at once, each projected: gradient only.
  ContactCase c;
  SolidModelBuilder b;
  const auto lower = test::cloth_grid(5, 0.04, 0.0);
  const auto upper = test::cloth_grid(5, 0.04, 2e-4 + 0.6 * kDhat, 0.0021, 0.0013);
  b.add_shell("lower", lower.x, lower.triangles, thin_shell());
  b.add_shell("upper", upper.x, upper.triangles, thin_shell());
  c.m = b.build();
  c.mesh = c.m.collision;
  c.z = c.m.rest_coordinates();
  const VectorX z = jittered(c, 1e-4, 4);
  ContactForm f(c.m, kDhat, 0.01, &c.mesh);
  f.set_stiffness(1e4, 1e4);
  f.update_candidates(z);
  EXPECT_GT(f.active_pairs(z), 10);
  FormCheck check;
  check.hessian = HessianCheck::gradient_only;
  check.coordinates = free_coordinates(c.m, z.size());
  check_form(f, z, check);
}

// FrictionForm

constexpr double kDt = 0.01, kEpsV = 1e-3, kEps = kEpsV * kDt;

/// The friction of `c` lagged at its coordinates c.z, checked at c.z + dz.
void check_friction(const ContactCase& c, const VectorX& dz, double h, bool stationary = false) {
  const VectorX x0 = c.m.positions(c.z);
  const Candidates candidates = find_candidates(c.mesh, x0, x0, kDhat);
  const FrictionForm f(c.m, candidates, x0, 1e4, kDhat, kDt, kEpsV, &c.mesh);
  ASSERT_GT(f.size(), 0u);
  FormCheck check;
  check.h = h;
  check.coordinates = free_coordinates(c.m, c.z.size());
  check.stationary = stationary;
  check_form(f, c.z + dz, check);
}

/// A tangential slip of `amount` (m) of the point against the triangle, plus a normal push.
VectorX point_slip(const ContactCase& c, double amount) {
  VectorX dz = VectorX::Zero(c.z.size());
  dz.segment<3>(c.m.vertex_dof[3]) = amount * Vec3(0.8, 0.0, 0.6) + Vec3(0, -1e-5, 0);
  dz.segment<3>(c.m.vertex_dof[1]) = amount * Vec3(-0.3, 0.0, 0.1);
  return dz;
}

ContactCase friction_point(double px, double pz) {
  ContactCase c = point_over_triangle(px, pz, 0.4 * kDhat);
  c.m.bodies[0].friction = c.m.bodies[1].friction = 0.4;
  return c;
}

TEST(FormDerivatives, FrictionPointTriangleSliding) {
  const ContactCase c = friction_point(0.03, 0.035);
  check_friction(c, point_slip(c, 3 * kEps), 1e-9);
}

TEST(FormDerivatives, FrictionPointTriangleSticking) {
  const ContactCase c = friction_point(0.03, 0.035);
  check_friction(c, point_slip(c, 0.2 * kEps), 1e-9);
}

TEST(FormDerivatives, FrictionAtSmoothingBoundary) {
  // |u| within 1e-3 eps of eps, where f0 switches from its cubic to |u| (C2 there).
  const ContactCase c = friction_point(0.03, 0.035);
  VectorX dz = VectorX::Zero(c.z.size());
  const Vec3 t(0.8, 0.0, 0.6);  // in the contact plane
  dz.segment<3>(c.m.vertex_dof[3]) = (1.0 + 1e-3) * kEps * t;
  check_friction(c, dz, 1e-12);
}

TEST(FormDerivatives, FrictionAtRest) {
  // u = 0, where the first Newton iterate of every step sits: the gradient vanishes and the
  // Hessian is only Lipschitz (its |u| / eps^2 term), so differences err by O(h / eps):
  // h = 1e-11 m = 1e-6 eps.
  const ContactCase c = friction_point(0.03, 0.035);
  check_friction(c, VectorX::Zero(c.z.size()), 1e-11, true);
}

TEST(FormDerivatives, FrictionPointNearTriangleEdge) {
  // The closest point's weights lagged 1e-5 m inside an edge (one weight about 1e-4).
  const ContactCase c = friction_point(0.05, 1e-5);
  check_friction(c, point_slip(c, 2 * kEps), 1e-9);
}

TEST(FormDerivatives, FrictionCrossingEdges) {
  ContactCase c = two_rods(1.0, 0.5 * kDhat);
  c.m.bodies[0].friction = c.m.bodies[1].friction = 0.3;
  VectorX dz = VectorX::Zero(c.z.size());
  dz.segment<3>(c.m.vertex_dof[2]) = Vec3(2e-5, 0, -1e-5);
  dz.segment<3>(c.m.vertex_dof[0]) = Vec3(-1e-5, 0, 0.5e-5);
  check_friction(c, dz, 1e-9);
}

TEST(FormDerivatives, FrictionRigidCornerOnFixedSlab) {
  // Rigid (affine) coordinates: the slip reaches the cube's translation and A columns.
  const ContactCase c = rigid_corner(0.5 * kDhat, false);
  VectorX dz = VectorX::Zero(c.z.size());
  const int d = c.m.bodies[1].first_dof;
  dz.segment<3>(d) = Vec3(2e-5, 0, 1e-5);
  dz[d + 4] = 3e-4;  // shear: moves the corner along x by 3e-4 l_y
  check_friction(c, dz, 1e-9);
}

TEST(FormDerivatives, FrictionRigidCornerOnCloth) {
  const ContactCase c = rigid_corner(0.5 * kDhat, true);
  VectorX dz = VectorX::Zero(c.z.size());
  dz.segment<3>(c.m.bodies[1].first_dof) = Vec3(2e-5, 0, 1e-5);
  dz.segment<3>(c.m.vertex_dof[c.m.bodies[2].first_vertex]) = Vec3(-1e-5, 0, 0);
  check_friction(c, dz, 1e-9);
}

TEST(FormDerivatives, FrictionRelaggedAwayFromTheStepStart) {
  // Re-lagged at x1 (normal force, closest point and basis there) while the slip is still
  // measured from x0: the update between a step's solves.
  const ContactCase c = friction_point(0.03, 0.035);
  const VectorX x0 = c.m.positions(c.z);
  VectorX z1 = c.z + point_slip(c, 2 * kEps);
  z1.segment<3>(c.m.vertex_dof[3]) += Vec3(0, 0.2 * kDhat, 0);  // a weaker normal force at x1
  const VectorX x1 = c.m.positions(z1);
  FrictionForm f(c.m, find_candidates(c.mesh, x0, x0, kDhat), x0, 1e4, kDhat, kDt, kEpsV, &c.mesh);
  const double lagged_at_start = f.value(z1);
  f.relag(find_candidates(c.mesh, x1, x1, kDhat), x1, 1e4, kDhat);
  ASSERT_GT(f.size(), 0u);
  EXPECT_LT(f.value(z1), lagged_at_start);  // the same slip against the weaker force
  FormCheck check;
  check.h = 1e-9;
  check.coordinates = free_coordinates(c.m, c.z.size());
  check_form(f, z1 + point_slip(c, 0.5 * kEps), check);
}

}  // namespace
}  // namespace ripple
