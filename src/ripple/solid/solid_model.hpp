#pragma once
// The Lagrangian solids of a scene as one system (immutable during a run): vertices, the
// elements of every energy with their rest data and stiffness, lumped masses, and the map
// from the solver's coordinates z to vertex positions x (#V*3). Deformable vertices own 3
// coordinates each; a rigid body owns 12 (affine body dynamics: x = p + A x_local).
#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ripple/contact/collision_mesh.hpp"
#include "ripple/solid/energies/deformation_gradient.hpp"
#include "ripple/solid/energies/strain_energy.hpp"
#include "ripple/solid/mesh_sequence.hpp"
#include "ripple/solid/motion_path.hpp"

namespace ripple {

enum class SolidKind { shell, rod, volume, rigid };
enum class VolumeModel { stable_neohookean, corotated_linear };

struct SolidBodyInfo {
  std::string name;
  SolidKind kind = SolidKind::shell;
  int first_vertex = 0;
  int num_vertices = 0;
  double mass = 0.0;               ///< kg
  double mass_damping = 0.0;       ///< Rayleigh alpha (1/s)
  double stiffness_damping = 0.0;  ///< Rayleigh beta (s)
  double friction = 0.0;           ///< Coulomb coefficient; a pair uses sqrt(mu_a mu_b) unless set per pair
  // Rigid bodies (affine): coordinates z[first_dof .. first_dof + 12) = (p, a1, a2, a3).
  int first_dof = 0;
  Mat3 second_moment = Mat3::Zero();  ///< integral of rho x_local x_local^T (kg m^2)
  double volume = 0.0;                ///< m^3
  double orthogonality_stiffness = 0.0;  ///< Pa
  bool fixed = false;                 ///< static: never moves
  bool kinematic = false;             ///< scripted: its velocities, or its path (a collider: its sequence)
  Vec3 linear_velocity = Vec3::Zero();   ///< m/s (kinematic)
  Vec3 angular_velocity = Vec3::Zero();  ///< rad/s about the centre of mass (kinematic, no path)
  /// Kinematic along a path instead: its centre of mass sits at path_offset from the path's
  /// centre as the body rests, and turns with it.
  std::shared_ptr<const MotionPath> path;
  Vec3 path_offset = Vec3::Zero();  ///< m
};

/// Pinned vertices of a deformable body that follow a script: a rigid motion,
/// x(t) = c0 + v t + R(omega t) (x_rest - c0), c0 the pinned vertices' rest centroid; or, for
/// a collider body (a mesh sequence), every vertex its own sequence vertex.
struct ScriptedPins {
  std::vector<int> vertices;
  MotionPath path;  ///< moves the pinned group's rest centroid (path.rest_centre()) and turns about it
  /// A collider's animation: model vertex v is sequence vertex v - first_vertex.
  std::shared_ptr<const MeshSequence> sequence;
  int first_vertex = 0;
  /// kg: what weighs the pull onto the script (KinematicForm) at a vertex without mass of its own.
  double weight_mass = 0.0;
  /// Where the script puts model vertex v (rest position `rest`, m) at time t (s).
  Vec3 position_at(int v, const Vec3& rest, double t) const;
};

struct SolidModel {
  int num_vertices = 0;
  int num_dofs = 0;
  VectorX rest_positions;            ///< #V*3
  std::vector<int> vertex_body;      ///< #V
  std::vector<int> vertex_dof;       ///< #V: first coordinate (deformable) or the body's first (rigid)
  std::vector<uint8_t> vertex_rigid; ///< #V
  std::vector<Vec3> vertex_local;    ///< #V: rest position relative to the rigid body's centre of mass
  VectorX vertex_mass;               ///< #V lumped mass (kg) of deformable vertices, 0 for rigid
  std::vector<uint8_t> dof_fixed;    ///< #dofs: pinned or static

  // Shell membranes (StVK) and hinges.
  std::vector<std::array<int, 3>> membranes;
  std::vector<ElementRest<2>> membrane_rest;
  std::vector<double> membrane_thickness;  ///< m
  std::vector<Lame> membrane_lame;
  std::vector<std::array<int, 4>> hinges;  ///< (edge v0, edge v1, opposite a, opposite b)
  std::vector<double> hinge_rest_angle;    ///< rad
  std::vector<double> hinge_stiffness;     ///< J
  // Shell bending by mid-edge second fundamental forms (energies/midedge_bending.hpp).
  std::vector<std::array<int, 6>> bending_triangles;  ///< (triangle x0..x2, neighbour across each edge)
  std::vector<Mat3> bending_triangle_stiffness;       ///< K_T, N m
  std::vector<Vec3> bending_triangle_rest_angle;      ///< rad, per edge
  // Rods.
  std::vector<std::array<int, 2>> rod_edges;
  std::vector<double> rod_rest_length;        ///< m
  std::vector<double> rod_stretch_stiffness;  ///< N
  std::vector<std::array<int, 3>> rod_bends;  ///< (a, middle, b)
  std::vector<double> rod_rest_curvature;
  std::vector<double> rod_rest_length_sum;    ///< m
  std::vector<double> rod_bend_stiffness;     ///< N m^2
  // Volumes.
  std::vector<std::array<int, 4>> tets;
  std::vector<ElementRest<3>> tet_rest;
  std::vector<Lame> tet_lame;
  std::vector<VolumeModel> tet_model;

  std::vector<SolidBodyInfo> bodies;
  /// Friction coefficients set per pair of bodies (sorted body indices), overriding
  /// sqrt(mu_a mu_b); see friction_between.
  std::map<std::pair<int, int>, double> pair_friction;
  std::vector<ScriptedPins> scripted_pins;
  CollisionMesh collision;

  /// Vertex positions x (#V*3) of coordinates z.
  VectorX positions(const VectorX& z) const;
  /// Coordinates z of vertex positions where every rigid body is at rest pose
  /// (p = centre of mass, A = I); used to initialise.
  VectorX rest_coordinates() const;
  /// Largest vertex displacement (m) that the coordinate change dz causes.
  double max_vertex_displacement(const VectorX& dz) const;
  /// Coulomb coefficient between bodies a and b: set per pair, else sqrt(mu_a mu_b).
  double friction_between(int a, int b) const;
  /// Adds a vertex-space gradient block g (3) of vertex v to the coordinate gradient.
  void add_vertex_gradient(int v, const Vec3& g, VectorX& grad) const;
};

}  // namespace ripple
