#pragma once
// The coupled pressure projection of Zarifi & Batty 2017: fluid pressures p and solid
// velocities v in one linear system, either the symmetric indefinite form (Eq. 19)
//   [ A_ff   J ] [p]   [b_f]        A_ff = dt/rho G^T A G (with ghost-fluid free surface)
//   [ J^T   -H ] [v] = [ w ],       J = N^T C, H = (1/dt + tau_m) M + (dt + tau_k) K,
//                                   w = -(1/dt) M v* + K (x - x0)
// or its positive-definite transformation (Eq. 28-33) with Z1 = sigma (1/dt + tau_m) M and
// Z2 = H - Z1, the solid rows scaled by alpha. Units: fluid rows in m^3/s (volume flux), solid
// rows in N, so that the coupling block is the same J (m^2) in both.
#include <functional>
#include <string>

#include "ripple/coupling/cutcell/cutcell_settings.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// The scene's coupling.cutcell settings (the solve reads formulation, indefinite_solver, sigma,
/// alpha, tolerance and max_iterations), plus what only code can give:
struct CoupledSystemSettings : CutCellSettings {
  /// For the SPD form: an approximate inverse of the liquid block A_11 (z = P r over the fluid
  /// rows), given the diagonal that J Z1^-1 J^T adds to A_ff. When set, CG runs with the block
  /// preconditioner diag(P, (alpha^2 A_22)^-1), the solid block exactly, as H^-1 Z1 Z2^-1 with
  /// CHOLMOD factors of H and Z2, instead of incomplete Cholesky on the whole matrix.
  std::function<std::function<void(const VectorX& r, VectorX& z)>(const VectorX& coupling_diagonal)>
      fluid_preconditioner;
};

/// The blocks of Eq. 19 (solid unknowns may be absent: then it is the plain projection).
struct CoupledSystemBlocks {
  SparseMatrix fluid;          ///< A_ff (m^3 / (s Pa)), SPD
  VectorX fluid_rhs;           ///< b_f = G^T A u* (m^3/s)
  SparseMatrix coupling;       ///< J = N^T C (m^2), fluid rows x solid columns
  SparseMatrix mass;           ///< (1/dt + tau_m) M (kg/s), block diagonal
  SparseMatrix mass_inverse;   ///< its inverse
  SparseMatrix stiffness;      ///< (dt + tau_k) K (kg/s), symmetric PSD
  VectorX solid_rhs;           ///< w (N)
};

struct CoupledSystemReport {
  int iterations = 0;
  double residual = 0.0;          ///< relative residual of the system solved (its own norm)
  double coupled_residual = 0.0;  ///< Eq. 19 at the solution, either form: max of the fluid and
                                  ///< solid blocks' ||r|| / ||b||
  bool converged = true;
  double alpha = 1.0;
  int64_t unknowns = 0;
  int64_t nonzeros = 0;           ///< of the matrix solved (both triangles)
  double assembly_seconds = 0.0;
  double solve_seconds = 0.0;
  std::string solver;             ///< e.g. "cg+ic", "bicgstab+ilut", "minres+jacobi"
};

/// The matrix and right-hand side of the chosen form (for the benchmark's comparisons).
struct AssembledSystem {
  SparseMatrix matrix;
  VectorX rhs;
  double alpha = 1.0;
  /// SPD form: the factors of A_22 = Z2 Z1^-1 H (Z1 diagonal by blocks; Z2 and H with the
  /// stiffness's sparsity, much sparser than A_22 itself), so A_22^-1 = H^-1 Z1 Z2^-1.
  SparseMatrix z1, z2, h;
  VectorX coupling_diagonal;   ///< SPD form: the diagonal of J Z1^-1 J^T (fluid rows)
};
AssembledSystem assemble_coupled_system(const CoupledSystemBlocks& b, const CoupledSystemSettings& s);

/// Solves for p (#fluid rows, Pa) and v (#solid columns, m/s); p and v hold the initial guess.
CoupledSystemReport solve_coupled_system(const CoupledSystemBlocks& b, const CoupledSystemSettings& s, VectorX& p,
                                         VectorX& v);

/// The weak (alternating) comparison of Sec. 8: the solid rows alone with the pressures p on
/// entry (last step's), H v = J^T p - w, then the liquid rows with that v, A_ff p = b_f - J v.
CoupledSystemReport solve_weakly_coupled(const CoupledSystemBlocks& b, const CoupledSystemSettings& s, VectorX& p,
                                         VectorX& v);

}  // namespace ripple
