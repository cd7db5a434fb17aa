#pragma once
#include <memory>
// Assembles a SolidModel body by body: element rest data, lumped masses, hinges from
// triangle adjacency, rigid-body mass properties from the closed surface, coordinates and
// the collision mesh. Input is assumed checked (scene loader); shapes: #V positions,
// triangles/edges/tets as vertex index tuples into them.
#include <string>
#include <vector>

#include "ripple/solid/solid_model.hpp"

namespace ripple {

/// How a shell's bending energy is discretised: one term per interior edge (`hinge`,
/// Grinspun 2003) or a second fundamental form per triangle (`midedge`, with the plate's
/// Poisson term; accurate on regular grids, where hinges are ~20 % too soft in bending).
enum class ShellBending { hinge, midedge };

struct ShellMaterial {
  double density = 200.0;     ///< kg/m^3
  double thickness = 1e-3;    ///< m
  double young = 1e5;         ///< Pa
  double poisson = 0.3;
  double bending_scale = 1.0; ///< multiplies the flexural rigidity E h^3 / (12 (1 - nu^2))
  ShellBending bending = ShellBending::hinge;
};

struct RodMaterial {
  double density = 1000.0;  ///< kg/m^3
  double radius = 1e-3;     ///< m
  double young = 1e7;       ///< Pa
};

struct VolumeMaterial {
  double density = 1000.0;  ///< kg/m^3
  double young = 1e5;       ///< Pa
  double poisson = 0.4;
  VolumeModel model = VolumeModel::stable_neohookean;
};

struct RigidMaterial {
  double density = 1000.0;                 ///< kg/m^3
  double orthogonality_stiffness = 1e8;    ///< Pa
};

struct BodyMotion {
  Vec3 velocity = Vec3::Zero();          ///< m/s initial (or scripted, kinematic)
  Vec3 angular_velocity = Vec3::Zero();  ///< rad/s initial (or scripted), about the centre of mass (with a path: its centre)
  bool fixed = false;                    ///< rigid only: static obstacle
  bool kinematic = false;                ///< rigid only: follows the velocities (or `path`) exactly
  /// Rigid kinematic only: the prescribed motion of its shape (overrides the velocities).
  std::shared_ptr<const MotionPath> path;
  double mass_damping = 0.0;             ///< Rayleigh alpha (1/s)
  double stiffness_damping = 0.0;        ///< Rayleigh beta (s)
  double friction = 0.0;                 ///< Coulomb coefficient (a pair uses sqrt(mu_a mu_b))
  std::vector<int> pinned;               ///< deformable only: vertices held in place, or moved
  /// Deformable only: the pinned vertices move rigidly along it (its rest centre their rest
  /// centroid); at rest (the default), they are held in place.
  MotionPath pin_path = MotionPath();
};

class SolidModelBuilder {
 public:
  void add_shell(const std::string& name, const std::vector<Vec3>& x, const std::vector<std::array<int, 3>>& triangles,
                 const ShellMaterial& material, const BodyMotion& motion = {});
  void add_rod(const std::string& name, const std::vector<Vec3>& x, const std::vector<std::array<int, 2>>& edges,
               const RodMaterial& material, const BodyMotion& motion = {});
  void add_volume(const std::string& name, const std::vector<Vec3>& x, const std::vector<std::array<int, 4>>& tets,
                  const VolumeMaterial& material, const BodyMotion& motion = {});
  void add_rigid(const std::string& name, const std::vector<Vec3>& x, const std::vector<std::array<int, 3>>& triangles,
                 const RigidMaterial& material, const BodyMotion& motion = {});

  /// A collider that moves as a mesh sequence animates it: every vertex scripted (pulled onto
  /// its frame-interpolated position by KinematicForm, weighed by `areal_weight` kg/m^2 of its
  /// largest frame's surface, and at least by the heaviest moving body added before it), no mass, no
  /// elasticity, no self-contact; it only collides with the other bodies.
  void add_collider(const std::string& name, std::shared_ptr<const MeshSequence> sequence, double friction,
                    double areal_weight = 10.0);

  /// Friction coefficient of the pair of bodies named a and b (replaces sqrt(mu_a mu_b));
  /// throws std::invalid_argument for an unknown name.
  void set_pair_friction(const std::string& a, const std::string& b, double friction);

  /// The model, and initial velocities (dz/dt) of its coordinates.
  SolidModel build() const { return model_; }
  const VectorX& initial_velocity() const { return velocity_; }

 private:
  int begin_body(const std::string& name, SolidKind kind, const std::vector<Vec3>& x, bool rigid, const BodyMotion& motion);
  void add_surface(int first_vertex, const std::vector<std::array<int, 3>>& triangles, double thickness);
  SolidModel model_;
  VectorX velocity_;
};

}  // namespace ripple
