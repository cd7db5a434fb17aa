#include "ripple/coupling/monolith/monolithic_newton.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

ElasticBlock elastic_geometry(const ElasticVolumes& volumes, const std::vector<Vec3>& x, const GridGeometry& g,
                              const ScalarGrid& node_phi) {
  ElasticBlock e;
  e.pieces = cut_surface_by_cells(x, volumes.surface(), g);
  for (const auto& t : volumes.surface())
    e.piece_unknowns.push_back({volumes.unknown_of(t[0]), volumes.unknown_of(t[1]), volumes.unknown_of(t[2])});
  if (node_phi.size() == 0) return e;
  e.phi = &node_phi;
  for (int a = 0; a < 3; ++a) {
    e.covered[a] = ScalarGrid(g.face_dims(a), 0.0);
    const int b1 = (a + 1) % 3, b2 = (a + 2) % 3;
    for (int64_t f = 0; f < e.covered[a].size(); ++f) {
      const Vec3i I = e.covered[a].coords(f);
      auto node = [&](int d1, int d2) {
        Vec3i n = I;
        n[b1] += d1;
        n[b2] += d2;
        return node_phi(n.x(), n.y(), n.z());
      };
      const double p00 = node(0, 0), p10 = node(1, 0), p01 = node(0, 1), p11 = node(1, 1);
      if (std::min({p00, p10, p01, p11}) >= 0.0) continue;
      e.covered[a][f] = face_fraction_inside(p00, p10, p01, p11);
    }
  }
  return e;
}

namespace {

/// Splits the Hessian M' + K' into the diagonal block elastic.mass and the factored
/// elastic.split, and sets the split rows' preconditioner (elastic.split_inverse) where the
/// split's Q is square; `hessian` and `cholesky` hold what the preconditioner refers to.
void split_stiffness(const ElasticVolumes& volumes, const VectorX& v, ElasticSplit scheme, SparseMatrix& stiffness,
                     ElasticBlock& elastic, SparseMatrix& hessian, SparseSpdSolver& cholesky) {
  elastic.split_inverse = nullptr;
  elastic.inverse_hessian = nullptr;
  if (scheme == ElasticSplit::schur) {  // H = M' + K' factored whole; no split rows
    hessian = stiffness;
    for (int64_t i = 0; i < hessian.rows(); ++i) hessian.coeffRef(i, i) += volumes.mass()[i];
    // H's diagonal scales the rows (diag(C H^-1 C^T) estimated by diag(C diag(H)^-1 C^T): half
    // the MPRGP iterations of M's on a bowl resting on the floor) and sizes their regularisation.
    elastic.mass = hessian.diagonal();
    elastic.split = LdltSplit{};
    elastic.split.q = SparseMatrix(volumes.size(), 0);
    elastic.split.diagonal = VectorX(0);
    VectorX unused;
    if (hessian.rows() > 0 && !cholesky.solve(hessian, VectorX::Zero(hessian.rows()), unused))
      throw SimulationError("the Cholesky factorisation of the elastic Hessian failed");
    elastic.inverse_hessian = [h = &hessian, factor = &cholesky](const VectorX& r, VectorX& z) {
      factor->solve_same_matrix(*h, r, z);
    };
    return;
  }
  if (scheme == ElasticSplit::natural) {  // K' itself, per tetrahedron: no definiteness needed
    elastic.mass = volumes.mass();
    elastic.split = volumes.natural_split(v);
    return;
  }
  // H = M' + K' split as (1 - s) M' (the diagonal block) + (K' + s M') (the factored one):
  // K' alone is singular for a free volume (its rigid motions), and its LDL^T then meets
  // near-zero pivots mid-elimination with huge multipliers after them; K' + s M' is definite.
  constexpr double kMassShare = 0.05;
  elastic.mass = (1.0 - kMassShare) * volumes.mass();
  for (int64_t i = 0; i < stiffness.rows(); ++i) stiffness.coeffRef(i, i) += kMassShare * volumes.mass()[i];
  if (scheme == ElasticSplit::incomplete) {
    elastic.split = incomplete_ldlt_split(stiffness);
    // The QP sees the incomplete factor's K, so its preconditioner inverts that one.
    stiffness = elastic.split.q * elastic.split.diagonal.asDiagonal() * SparseMatrix(elastic.split.q.transpose());
  } else {
    elastic.split = ldlt_split(stiffness);
  }
  // The split rows' preconditioner: their block's inverse through a Cholesky factor of the
  // Hessian H (the same for both splits), so MPRGP's iterations do not grow with the volumes'
  // stiffness.
  hessian = stiffness;
  for (int64_t i = 0; i < hessian.rows(); ++i) hessian.coeffRef(i, i) += elastic.mass[i];
  VectorX unused;
  if (hessian.rows() > 0 && cholesky.solve(hessian, VectorX::Zero(hessian.rows()), unused) &&
      cholesky.last_used() == "cholmod") {
    // With M the diagonal block and K = Q D Q^T the factored one (Q invertible):
    // (D^-1 + Q^T M^-1 Q)^-1 = Q^-1 (M^-1 + K^-1)^-1 Q^-T = D Q^T H^-1 M Q^-T, no difference
    // of large terms however stiff the volume.
    elastic.split_inverse = [h = &hessian, factor = &cholesky, split = &elastic.split, mass = &elastic.mass](
                                const VectorX& r, VectorX& z) {
      const VectorX w = mass->cwiseProduct(solve_q_transpose(*split, r));
      VectorX t;
      factor->solve_same_matrix(*h, w, t);
      z = split->diagonal.cwiseProduct(split->q.transpose() * t);
    };
  }
}

}  // namespace

MonolithicNewtonReport solve_monolithic_step(LiquidState& liquid, std::vector<RigidBody>& bodies,
                                             const std::vector<SolidContact>& contacts, const SolidBoundary* obstacles,
                                             const MonolithicSolveParams& params, FaceFlags* valid,
                                             const ElasticVolumes* volumes, ElasticBlock* elastic,
                                             const MonolithicNewtonSettings& newton) {
  MonolithicNewtonReport out;
  if (!volumes || !elastic) {
    out.solve = solve_liquid_rigid_contact(liquid, bodies, contacts, obstacles, params, valid);
    return out;
  }
  // The preconditioner and the Schur operator refer to this call's factor: cleared however it ends.
  struct ClearFactorViews {
    ElasticBlock* block;
    ~ClearFactorViews() {
      block->split_inverse = nullptr;
      block->inverse_hessian = nullptr;
    }
  } clear_views{elastic};
  const MacVelocity predicted_liquid = liquid.velocity;
  std::vector<std::pair<Vec3, Vec3>> predicted_bodies;
  for (const RigidBody& b : bodies) predicted_bodies.emplace_back(b.velocity, b.angular_velocity);
  const double dt = params.dt;
  VectorX v = volumes->predicted_velocity();
  VectorX multipliers, gradient;
  SparseMatrix stiffness, hessian;
  SparseSpdSolver cholesky;
  int solves = 0, qp_iterations = 0;
  double residual = 0.0;
  for (int it = 0; it < newton.max_iterations; ++it) {
    liquid.velocity = predicted_liquid;
    for (size_t k = 0; k < bodies.size(); ++k) {
      bodies[k].velocity = predicted_bodies[k].first;
      bodies[k].angular_velocity = predicted_bodies[k].second;
    }
    volumes->quadratic_model(v, gradient, stiffness);
    split_stiffness(*volumes, v, newton.split, stiffness, *elastic, hessian, cholesky);
    out.clamped_pivots += elastic->split.clamped;
    elastic->current = v;
    if (elastic->inverse_hessian) {  // the Newton step's target v - H^-1 g
      VectorX step;
      elastic->inverse_hessian(gradient, step);
      elastic->target = v - step;
    } else {
      elastic->target = v - gradient.cwiseQuotient(elastic->mass);
    }
    out.solve = solve_liquid_rigid_contact(liquid, bodies, contacts, obstacles, params, valid, elastic, &multipliers);
    ++out.newton_iterations;
    solves += out.solve.solves;
    qp_iterations += out.solve.iterations;
    residual = std::max(residual, out.solve.residual);
    if (!out.solve.converged && !newton.accept_unconverged_qp) break;
    const VectorX step = out.solve.elastic_velocity - v;
    out.last_update = dt * (step.size() ? step.cwiseAbs().maxCoeff() : 0.0);
    if (out.last_update <= newton.tolerance) {  // converged: this QP's solution whole
      v = out.solve.elastic_velocity;
      break;
    }
    // Line search on the merit with the multipliers' impulse f fixed (Sec. 3.7.6).
    const VectorX& f = out.solve.elastic_impulse;
    auto merit = [&](const VectorX& y) { return volumes->energy(y) - f.dot(y); };
    const double slope = (gradient - f).dot(step);
    const double start = merit(v);
    double alpha = 1.0;
    VectorX trial = v + step;
    const double roundoff = 1e-12 * std::abs(start);  // near the minimum the merit's decrease drowns in it
    auto accepted = [&] {
      return merit(trial) <= start + 1e-4 * alpha * std::min(slope, 0.0) + roundoff && volumes->inverted(trial) == 0;
    };
    while (!accepted()) {
      alpha *= 0.5;
      if (alpha < 1e-4) break;
      trial = v + alpha * step;
    }
    if (alpha < 1e-4) {  // no acceptable step: stop here, unconverged (Sec. 3.7.6)
      out.newton_converged = false;
      out.line_search_failed = true;
      break;
    }
    v = trial;
    if (it + 1 == newton.max_iterations) out.newton_converged = false;
  }
  out.solve.solves = solves;
  out.solve.iterations = qp_iterations;
  out.solve.residual = residual;
  out.solve.elastic_velocity = v;
  return out;
}

}  // namespace ripple
