#pragma once
// The solids' side of the two-way projection (Robinson-Mosher et al. 2009, Sec. 5): the velocity
// unknowns of the simulated bodies (3 per free vertex of a shell or volume; 6 per dynamic rigid
// body, the linear velocity of its centre of mass and its angular velocity, so that the liquid
// can push and turn a rigid body but never stretch its affine coordinates), their mass matrix's
// inverse, and per occluded face the solid velocity J V_s split into a known part (obstacles,
// pinned and scripted vertices, and every vertex when the coupling is one-way) and coefficients
// on the unknowns.
#include <vector>

#include "ripple/coupling/slip/occluded_faces.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// J V_s at one occluded face: known + sum of value * q[unknown] along axis `component`.
struct FaceSolidVelocity {
  struct Term {
    int unknown;
    int component;
    double value;
  };
  Vec3 known = Vec3::Zero();  ///< m/s
  std::vector<Term> terms;
};

struct SolidUnknowns {
  struct Rigid {
    int body = 0;
    int first = 0;              ///< its unknowns: first..first+2 velocity (m/s), +3..+5 angular (rad/s)
    Vec3 centre = Vec3::Zero(); ///< m, at the coordinates the unknowns were built for
    Mat3 a = Mat3::Identity();  ///< the affine A there (a rotation)
  };
  std::vector<int> unknown_of_dof;  ///< deformable model dof -> unknown, -1 otherwise
  std::vector<int> rigid_of_body;   ///< model body -> index into `rigid`, -1 otherwise
  std::vector<Rigid> rigid;
  int count = 0;
  SparseMatrix inverse_mass;        ///< count x count (1/kg; world inverse inertia for rotations)
};

/// The unknowns of the model's first `simulated` bodies (the scene's Lagrangian solids) at
/// coordinates z.
SolidUnknowns build_solid_unknowns(const SolidModel& model, int simulated, const VectorX& z);

/// The unknowns' values of the coordinates' velocity zdot (a rigid body's angular velocity from
/// the skew part of dA/dt A^T).
VectorX solid_unknown_velocity(const SolidModel& model, const SolidUnknowns& u, const VectorX& zdot);

/// The coordinates' velocity change of an unknowns' change dq at coordinates z (dA/dt changes by
/// [d omega]x A).
VectorX coordinate_velocity_change(const SolidModel& model, const SolidUnknowns& u, const VectorX& dq,
                                   const VectorX& z);

/// J V_s per occluded face. `unknowns` null: every vertex's velocity is known (one-way).
std::vector<FaceSolidVelocity> face_solid_velocities(const OccludedFaces& occluded, const SlipSurface& surface,
                                                     const SolidModel* model, const SolidUnknowns* unknowns);

}  // namespace ripple
