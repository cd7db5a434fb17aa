#pragma once
// The velocity unknowns the cut-cell projection solves for together with the pressures
// (Zarifi & Batty 2017, Eq. 19): 3 per free vertex of a simulated volume (tetrahedra), and 6
// per dynamic rigid body (linear velocity of the centre of mass, angular velocity), so that a
// rigid body enters the same cut-cell operator through a 6-DOF Jacobian,
// v(x) = v_c + omega x (x - c). The bodies keep their SolidModel coordinates (a rigid body's
// affine A stays a rotation: it is only ever rotated, never deformed).
#include <array>
#include <vector>

#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

struct CoupledRigid {
  int body = 0;             ///< model body index
  int dof = 0;              ///< first of its 6 unknowns (v, omega)
  double mass = 0.0;        ///< kg
  Mat3 inertia_local = Mat3::Zero();  ///< about the centre of mass, rest frame (kg m^2)
};

struct CoupledSolids {
  int num_dofs = 0;
  std::vector<int> vertex_dof;    ///< #V: first of 3 unknowns of a free deformable vertex, -1 otherwise
  std::vector<int> vertex_rigid;  ///< #V: index into `rigid` for vertices of coupled rigid bodies, -1 otherwise
  std::vector<CoupledRigid> rigid;
  std::vector<int> bodies;        ///< coupled model bodies
  /// Their outward surface triangles (model vertex indices): volume boundaries, rigid surfaces.
  std::vector<std::array<int, 3>> surface;
  std::vector<double> mass_damping;       ///< #dofs: Rayleigh tau_m of the dof's body (1/s)
  std::vector<double> stiffness_damping;  ///< #dofs: Rayleigh tau_k (s)
  bool empty() const { return bodies.empty(); }
};

/// The coupled bodies: every volume and every dynamic rigid body among `bodies` (model body
/// indices). Pinned vertices are not unknowns (their velocity is zero).
CoupledSolids build_coupled_solids(const SolidModel& model, const std::vector<int>& bodies);

/// A rigid body's centre of mass and rotation (the affine A) at coordinates z.
Vec3 rigid_centre(const SolidModel& model, const CoupledRigid& r, const VectorX& z);
Mat3 rigid_rotation(const SolidModel& model, const CoupledRigid& r, const VectorX& z);

/// The unknowns' values (#dofs) of the coordinates' velocity zdot at z; a rigid body's
/// angular velocity is read from dA/dt = [omega]x A.
VectorX coupled_velocity(const SolidModel& model, const CoupledSolids& cs, const VectorX& z, const VectorX& zdot);

/// Writes the unknowns q back into zdot (pinned and uncoupled coordinates keep theirs).
void set_coupled_velocity(const SolidModel& model, const CoupledSolids& cs, const VectorX& z, const VectorX& q,
                          VectorX& zdot);

/// Moves the coupled bodies by dt with their unknowns' velocities q (forward Euler for vertices,
/// Eq. 34; a rigid body's rotation by the exact rotation of omega dt, so A stays orthonormal).
/// q must be read at the z before the move: dA/dt = [omega]x A refers to the old A.
void advance_coupled_positions(const SolidModel& model, const CoupledSolids& cs, double dt, const VectorX& q,
                               VectorX& z);

/// Adds a 3-vector `a` times vertex v's velocity Jacobian to row `row` of a sparse matrix:
/// entries (row, dof, value) of a . dv/dq. x is the vertex's position (m).
void add_vertex_row(const CoupledSolids& cs, const SolidModel& model, const VectorX& z, int v, const Vec3& a,
                    int row, std::vector<Triplet>& out);

/// The velocity (m/s) of vertex v for unknowns q (zero for pinned or uncoupled vertices).
Vec3 vertex_velocity(const CoupledSolids& cs, const SolidModel& model, const VectorX& z, const VectorX& q, int v);

/// The mass matrix over the unknowns (kg; kg m^2 for a rigid body's angular block, in world
/// axes at z), each dof's row and column times dof_scale[dof] (the same within a body), as
/// triplets.
void add_mass_matrix(const CoupledSolids& cs, const SolidModel& model, const VectorX& z,
                     const std::vector<double>& dof_scale, std::vector<Triplet>& out);

/// The inverse of that matrix (block diagonal: 1 x 1 per vertex coordinate, 3 x 3 per rigid
/// body's angular block), as triplets.
void add_inverse_mass_matrix(const CoupledSolids& cs, const SolidModel& model, const VectorX& z,
                             const std::vector<double>& dof_scale, std::vector<Triplet>& out);

}  // namespace ripple
