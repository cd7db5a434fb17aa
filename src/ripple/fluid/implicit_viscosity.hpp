#pragma once
// Implicit viscosity on the MAC grid, variational with volume fractions (Batty & Bridson 2008,
// "Accurate viscous free surfaces for buckling, coiling, and rotating liquids"; the stress
// layout of Larionov, Batty & Bridson 2017). The new face velocities u minimise
//     E(u) = sum_f (rho V w_f / 2) (u_f - u*_f)^2 + dt mu V sum_s c_s w_s e_s(u)^2,
// where e_s are the strain-rate samples of the staggered grid: u_a,a at cell centres
// (c_s = 1) and u_a,b + u_b,a at the edges between axes a and b (c_s = 1/2), so that the
// second term is dt mu V eps:eps summed over the grid (dt / 2 times the dissipation rate
// 2 mu eps:eps); w_f, w_s are the liquid's
// volume fractions of each sample's control volume (a cube of side dx around it). The Euler-
// Lagrange equation is rho (u - u*) = dt div(2 mu eps). Built on the symmetric strain rate, a
// rigid rotation feels no viscous force, and the free surface is stress-free by construction:
// the stress samples outside the liquid weigh nothing.
//
// Boundary conditions: closed domain sides are no-slip walls (the velocity across a wall is
// mirrored, so the wall sits on the domain's face: u_ghost = -u); faces that a solid closes
// completely keep the solid's velocity (no-slip, to the grid's resolution); open sides are
// traction-free; periodic axes wrap. Faces with no liquid in their control volume keep their
// (extrapolated) velocity where a stress sample reaches them.
//
// The system (W + (2 dt mu / rho) D^T C W_s D) u = W u* - ... is symmetric positive definite
// and solved matrix-free by Jacobi-preconditioned CG.
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/grid/periodic_grid.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

struct ViscosityParams {
  double viscosity = 0.0;  ///< Pa s (dynamic)
  double density = 1000.0; ///< kg/m^3
  double dt = 0.0;         ///< s
  WallSides walls{};       ///< closed sides (no-slip walls)
  PeriodicAxes periodic{};
  double tolerance = 1e-8; ///< CG relative residual
  int max_iterations = 20000; ///< Jacobi-CG needs about sqrt(nu dt / dx^2) times a few hundred
};

struct ViscosityResult {
  int64_t unknowns = 0;
  int iterations = 0;
  double residual = 0.0;
  bool converged = true;
};

/// The viscous step's quadratic problem over the face velocities that move freely (its
/// unknowns), divided through by rho V: E(u) / (rho V) = 1/2 u^T A u - b^T u + const.
class ViscositySystem {
 public:
  /// `phi`: the liquid's signed distance at cell centres (negative inside; a gas is all
  /// negative); `solids` may be null (walls only); `velocity` the predicted u*.
  ViscositySystem(const MacVelocity& velocity, const ScalarGrid& phi, const GridGeometry& grid,
                  const SolidBoundary* solids, const ViscosityParams& params);
  int64_t unknowns() const { return static_cast<int64_t>(face_of_.size()); }
  /// E(u) / (rho V) for the unknowns' values u (the fixed faces at their given values).
  double energy(const VectorX& u) const;
  /// A u.
  void apply(const VectorX& u, VectorX& out) const;
  /// b (so that the gradient of energy() is A u - b).
  const VectorX& rhs() const { return b_; }
  /// u* of the unknowns (the start of the solve).
  const VectorX& predicted() const { return ustar_; }
  /// Solves A u = b from u* and writes the unknowns back into `velocity` (both copies of a
  /// periodic side's faces).
  ViscosityResult solve(MacVelocity& velocity) const;

 private:
  GridGeometry g_;
  ViscosityParams p_;
  double k_ = 0.0;                    ///< 2 dt mu / (rho dx^2)
  std::vector<std::pair<int, int64_t>> face_of_;  ///< unknown -> (axis, face array index)
  VectorX w_, ustar_, b_, diagonal_;  ///< face fractions, u*, rhs, A's diagonal
  SparseMatrix d_, dt_;               ///< strain samples x unknowns (entries 1, scaled by k later), and transposed
  VectorX sample_weight_, e0_;        ///< c_s w_s, and each sample's strain from fixed faces
  double e_const_ = 0.0;              ///< u*^T W u* / 2 (energy's constant)
};

/// One implicit viscous step on `velocity` (nothing when viscosity is 0). Throws
/// SimulationError when the solve does not converge.
ViscosityResult apply_implicit_viscosity(MacVelocity& velocity, const ScalarGrid& phi, const GridGeometry& grid,
                                         const SolidBoundary* solids, const ViscosityParams& params);

/// Liquid fraction of the cube of side dx centred at p (phi at cell centres, clamped outside):
/// 0 or 1 a cell or more from the surface, else 8 sub-cubes each with a linear fraction.
double liquid_fraction(const ScalarGrid& phi, const GridGeometry& grid, const Vec3& p);

}  // namespace ripple
