#include "ripple/coupling/cutcell/coupled_system.hpp"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <algorithm>
#include <chrono>
#include <unsupported/Eigen/IterativeSolvers>

#include "ripple/core/phase_timer.hpp"
#include "ripple/solver/operator_pcg.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {
namespace {

/// Appends `scale * m` at (row0, col0) of a triplet list.
void add_block(const SparseMatrix& m, int64_t row0, int64_t col0, double scale, std::vector<Triplet>& t) {
  for (int k = 0; k < m.outerSize(); ++k)
    for (SparseMatrix::InnerIterator it(m, k); it; ++it)
      t.emplace_back(static_cast<int>(row0 + it.row()), static_cast<int>(col0 + it.col()), scale * it.value());
}

SparseMatrix blocks_2x2(const SparseMatrix& a11, const SparseMatrix& a12, const SparseMatrix& a22, double s12,
                        double s22) {
  const int64_t nf = a11.rows(), ns = a22.rows();
  std::vector<Triplet> t;
  t.reserve(a11.nonZeros() + 2 * a12.nonZeros() + a22.nonZeros());
  add_block(a11, 0, 0, 1.0, t);
  add_block(a12, 0, nf, s12, t);
  const SparseMatrix a21 = a12.transpose();
  add_block(a21, nf, 0, s12, t);
  add_block(a22, nf, nf, s22, t);
  SparseMatrix m(nf + ns, nf + ns);
  m.setFromTriplets(t.begin(), t.end());
  return m;
}

/// CG with incomplete Cholesky (natural ordering: better than AMD on grid matrices) from x.
void ic_cg(const SparseMatrix& A, const VectorX& rhs, const CoupledSystemSettings& s, VectorX& x,
           CoupledSystemReport& rep) {
  if (rhs.norm() == 0.0) {
    x.setZero();
    return;
  }
  Eigen::ConjugateGradient<SparseMatrix, Eigen::Lower | Eigen::Upper,
                           Eigen::IncompleteCholesky<double, Eigen::Lower, Eigen::NaturalOrdering<int>>>
      cg;
  cg.setTolerance(s.tolerance);
  cg.setMaxIterations(s.max_iterations);
  cg.compute(A);
  x = cg.solveWithGuess(rhs, x);
  rep.iterations = static_cast<int>(cg.iterations());
  rep.residual = cg.error();
  rep.converged = cg.info() == Eigen::Success;
}

/// Eq. 19's residual at (p, v): each block relative to its own right-hand side (they have
/// different units), the larger of the two.
double coupled_residual(const CoupledSystemBlocks& b, const VectorX& p, const VectorX& v) {
  auto relative = [](const VectorX& res, const VectorX& rhs) {
    return rhs.norm() > 0.0 ? res.norm() / rhs.norm() : res.norm();
  };
  double r = relative(b.fluid * p + b.coupling * v - b.fluid_rhs, b.fluid_rhs);
  if (b.mass.rows() > 0)
    r = std::max(r, relative(b.coupling.transpose() * p - (b.mass + b.stiffness) * v - b.solid_rhs, b.solid_rhs));
  return r;
}

/// CG on the SPD form with the block-diagonal preconditioner diag(P_fluid, (alpha^2 A_22)^-1).
void block_preconditioned_cg(const AssembledSystem& sys, int64_t nf, const CoupledSystemSettings& s, VectorX& x,
                             CoupledSystemReport& rep) {
  const int64_t n = sys.matrix.rows(), ns = n - nf;
  const auto fluid = s.fluid_preconditioner(sys.coupling_diagonal);
  // (alpha^2 A_22)^-1 = H^-1 Z1 Z2^-1 / alpha^2: two factorisations of stiffness-sparse matrices.
  // CHOLMOD's factors (sparse_spd_solver): the first solve factorises.
  SparseSpdSolver z2, h;
  VectorX scratch(ns), y(ns);
  bool first = true;
  const double a2 = sys.alpha * sys.alpha;
  auto apply = [&](const VectorX& r, VectorX& z) {
    VectorX zf(nf);
    fluid(r.head(nf), zf);
    z.resize(n);
    z.head(nf) = zf;
    const VectorX rs = r.tail(ns);
    if (first) z2.solve(sys.z2, rs, scratch);
    else z2.solve_same_matrix(sys.z2, rs, scratch);
    const VectorX c = sys.z1 * scratch;
    if (first) h.solve(sys.h, c, y);
    else h.solve_same_matrix(sys.h, c, y);
    first = false;
    z.tail(ns) = y / a2;
  };
  rep.solver = "cg+block(multigrid, cholesky)";
  const OperatorPcgResult pcg = operator_pcg([&](const VectorX& v, VectorX& out) { out = sys.matrix * v; }, apply,
                                             sys.rhs, x, s.tolerance, s.max_iterations);
  rep.iterations = pcg.iterations;
  rep.residual = pcg.residual;
  rep.converged = pcg.converged;
}

}  // namespace

AssembledSystem assemble_coupled_system(const CoupledSystemBlocks& b, const CoupledSystemSettings& s) {
  AssembledSystem out;
  const int64_t nf = b.fluid.rows(), ns = b.mass.rows();
  const SparseMatrix H = b.mass + b.stiffness;
  out.rhs.resize(nf + ns);
  if (s.formulation == CutCellFormulation::indefinite || ns == 0) {
    // Eq. 19: the solid rows negated for symmetry.
    out.matrix = blocks_2x2(b.fluid, b.coupling, H, 1.0, -1.0);
    out.rhs << b.fluid_rhs, b.solid_rhs;
    return out;
  }
  // Eq. 28-30: Z1 = sigma (1/dt + tau_m) M (its inverse is block diagonal), Z2 = H - Z1.
  const SparseMatrix z1_inv = b.mass_inverse / s.sigma;
  const SparseMatrix z2 = (1.0 - s.sigma) * b.mass + b.stiffness;
  const SparseMatrix t = z1_inv * z2;  // Z1^-1 Z2
  const SparseMatrix J_z1 = b.coupling * z1_inv;
  const SparseMatrix a11 = b.fluid + SparseMatrix(J_z1 * b.coupling.transpose());
  const SparseMatrix a12 = -(b.coupling * t);
  const SparseMatrix a22 = z2 + SparseMatrix(z2 * t);
  const VectorX z1w = z1_inv * b.solid_rhs;
  const VectorX b1 = b.fluid_rhs + b.coupling * z1w;
  const VectorX b2 = -(z2 * z1w);
  // Eq. 33: scale the solid rows so that neither block dominates the residual's norm.
  double alpha = s.alpha;
  if (alpha <= 0.0) alpha = b1.norm() > 0.0 && b2.norm() > 0.0 ? b1.norm() / b2.norm() : 1.0;
  out.alpha = alpha;
  out.matrix = blocks_2x2(a11, a12, a22, alpha, alpha * alpha);
  out.z1 = s.sigma * b.mass;
  out.z2 = z2;
  out.h = H;
  out.coupling_diagonal = J_z1.cwiseProduct(b.coupling) * VectorX::Ones(b.coupling.cols());  // diag(J Z1^-1 J^T)
  out.rhs << b1, alpha * b2;
  return out;
}

CoupledSystemReport solve_coupled_system(const CoupledSystemBlocks& b, const CoupledSystemSettings& s, VectorX& p,
                                         VectorX& v) {
  CoupledSystemReport r;
  const int64_t nf = b.fluid.rows(), ns = b.mass.rows();
  r.unknowns = nf + ns;
  if (r.unknowns == 0) return r;
  auto t0 = std::chrono::steady_clock::now();
  const AssembledSystem sys = assemble_coupled_system(b, s);
  r.alpha = sys.alpha;
  r.nonzeros = sys.matrix.nonZeros();
  r.assembly_seconds = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const bool spd = s.formulation == CutCellFormulation::spd || ns == 0;
  VectorX x(nf + ns);
  x << p, (spd ? VectorX(v / sys.alpha) : v);
  if (sys.rhs.norm() == 0.0) {
    x.setZero();
  } else if (spd && s.fluid_preconditioner && ns > 0) {
    block_preconditioned_cg(sys, nf, s, x, r);
  } else if (spd) {
    ic_cg(sys.matrix, sys.rhs, s, x, r);
    r.solver = "cg+ic";
  } else if (s.indefinite_solver == IndefiniteSolver::bicgstab) {
    Eigen::BiCGSTAB<SparseMatrix, Eigen::IncompleteLUT<double>> solver;
    solver.setTolerance(s.tolerance);
    solver.setMaxIterations(s.max_iterations);
    solver.compute(sys.matrix);
    x = solver.solveWithGuess(sys.rhs, x);
    r.iterations = static_cast<int>(solver.iterations());
    r.residual = solver.error();
    r.converged = solver.info() == Eigen::Success;
    r.solver = "bicgstab+ilut";
  } else {
    // MINRES needs an SPD preconditioner: scale symmetrically by 1 / sqrt|diagonal| instead.
    VectorX d = sys.matrix.diagonal().cwiseAbs();
    for (Eigen::Index i = 0; i < d.size(); ++i) d[i] = d[i] > 0.0 ? 1.0 / std::sqrt(d[i]) : 1.0;
    const SparseMatrix scaled = d.asDiagonal() * sys.matrix * d.asDiagonal();
    Eigen::MINRES<SparseMatrix, Eigen::Lower | Eigen::Upper, Eigen::IdentityPreconditioner> solver;
    solver.setTolerance(s.tolerance);
    solver.setMaxIterations(s.max_iterations);
    solver.compute(scaled);
    const VectorX y0 = x.cwiseQuotient(d);
    const VectorX y = solver.solveWithGuess(VectorX(d.cwiseProduct(sys.rhs)), y0);
    x = d.cwiseProduct(y);
    r.iterations = static_cast<int>(solver.iterations());
    r.residual = solver.error();
    r.converged = solver.info() == Eigen::Success;
    r.solver = "minres+jacobi";
  }
  r.solve_seconds = seconds_since(t0);
  p = x.head(nf);
  v = spd ? VectorX(sys.alpha * x.tail(ns)) : VectorX(x.tail(ns));
  r.coupled_residual = coupled_residual(b, p, v);  // Eq. 19 itself, whichever form was solved
  return r;
}

CoupledSystemReport solve_weakly_coupled(const CoupledSystemBlocks& b, const CoupledSystemSettings& s, VectorX& p,
                                         VectorX& v) {
  CoupledSystemReport r;
  const int64_t nf = b.fluid.rows(), ns = b.mass.rows();
  r.unknowns = nf + ns;
  r.solver = "weak: ldlt + cg+ic";
  auto t0 = std::chrono::steady_clock::now();
  const SparseMatrix H = b.mass + b.stiffness;
  Eigen::SimplicialLDLT<SparseMatrix> solid(H);
  if (ns > 0) v = solid.solve(VectorX(b.coupling.transpose() * p - b.solid_rhs));
  r.nonzeros = b.fluid.nonZeros() + H.nonZeros();
  if (nf > 0) ic_cg(b.fluid, VectorX(b.fluid_rhs - b.coupling * v), s, p, r);
  r.solve_seconds = seconds_since(t0);
  // Eq. 19's residual: the solid rows are off by the pressure change, which is the point.
  r.coupled_residual = coupled_residual(b, p, v);
  return r;
}

}  // namespace ripple
