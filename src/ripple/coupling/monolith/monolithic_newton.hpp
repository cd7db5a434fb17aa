#pragma once
// The monolith method's projected Newton iteration (Takahashi & Batty 2022, Sec. 3.7.1-3.7.6):
// each iteration takes the elastic volumes' quadratic model at the current velocities, brings
// its stiffness into the dual (ElasticSplit: the Hessian's Cholesky factor, or split rows by
// LDL^T, per element or by incomplete Cholesky), and solves the whole constrained QP (liquid,
// rigid bodies, elastic volumes, contacts) once with MPRGP (monolithic_solve.hpp), warm-started
// with the last multipliers; the elastic update is then scaled back by a line search until the
// merit E_e(v) - v . f (f the pressures' and contacts' impulse, fixed) decreases enough and no
// tetrahedron inverts. The liquid and the rigid bodies are quadratic, so each QP solves them
// exactly for the elastic model it is given; the iteration ends when an update moves no
// elastic vertex farther than the tolerance, its QP then taken whole. Without elastic volumes
// it is the single solve.
#include "ripple/coupling/monolith/elastic_volumes.hpp"
#include "ripple/coupling/monolith/monolithic_solve.hpp"

namespace ripple {

/// How the stiffness K' enters the dual (Takahashi & Batty 2022, Table 1): `ldlt`, its exact
/// sparse LDL^T (the paper's scheme); `natural`, K' = B D B^T over the tetrahedra's eigen-
/// directions (NF: many more rows, no factorisation); `incomplete`, its incomplete Cholesky
/// factor (IC: an approximate K', so inexact Newton directions); `schur`, no split rows: the
/// dual's operator applies the whole elastic Hessian's inverse through its sparse Cholesky
/// factor (the constraints' Schur complement C H^-1 C^T, SPD with the box constraints kept).
enum class ElasticSplit { ldlt, natural, incomplete, schur };

struct MonolithicNewtonSettings {
  int max_iterations = 30;
  double tolerance = 1e-4;  ///< m: the largest vertex move of an update that ends the iteration
  ElasticSplit split = ElasticSplit::schur;
  /// Takes the direction of a QP that stopped at MPRGP's cap instead of ending the iteration
  /// (the paper's protocol for Table 1's NF and IC).
  bool accept_unconverged_qp = false;
};

struct MonolithicNewtonReport {
  MonolithicSolveReport solve;  ///< the last QP's (solves and iterations summed over the QPs)
  int newton_iterations = 0;
  bool newton_converged = true;
  bool line_search_failed = false;  ///< no step along the last direction decreased the merit without inverting
  double last_update = 0.0;     ///< m, the largest vertex move of the last update
  int clamped_pivots = 0;       ///< LDL^T pivots raised to the floor, summed
};

/// The elastic volumes' geometry for one step at vertex positions x (m, #V): their surface cut
/// by the grid's cells, each triangle's unknowns, and each face's share inside them from
/// `node_phi` (their signed distance at the grid's nodes; empty: none).
ElasticBlock elastic_geometry(const ElasticVolumes& volumes, const std::vector<Vec3>& x, const GridGeometry& grid,
                              const ScalarGrid& node_phi);

/// One step's solve. `liquid.velocity` and the bodies' velocities hold the predictions on entry
/// and the solution on exit; `elastic` (null: none) holds the step's geometry, `volumes` is
/// begun for the step and receives nothing (the caller writes the velocities: report's
/// solve.elastic_velocity).
MonolithicNewtonReport solve_monolithic_step(LiquidState& liquid, std::vector<RigidBody>& bodies,
                                             const std::vector<SolidContact>& contacts, const SolidBoundary* obstacles,
                                             const MonolithicSolveParams& params, FaceFlags* valid,
                                             const ElasticVolumes* volumes, ElasticBlock* elastic,
                                             const MonolithicNewtonSettings& newton);

}  // namespace ripple
