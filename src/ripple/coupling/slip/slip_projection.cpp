#include "ripple/coupling/slip/slip_projection.hpp"

#include <cmath>

#include "ripple/core/parallel.hpp"
#include "ripple/coupling/slip/cell_block_multigrid.hpp"
#include "ripple/coupling/slip/constraint_rows.hpp"
#include "ripple/coupling/slip/coupled_solve.hpp"
#include "ripple/coupling/slip/projection_unknowns.hpp"
#include "ripple/solver/column_dots.hpp"
#include "ripple/solver/sparse_gram.hpp"

namespace ripple {

SlipProjectionResult project_with_slip(LiquidState& L, const OccludedFaces& occ,
                                       const std::vector<FaceSolidVelocity>& jv, const ScalarGrid* curvature,
                                       const SlipProjectionParams& prm, FaceFlags& valid, UpperSamples& upper,
                                       SlipSolidSolve* solids, SlipProjectionDetail* detail) {
  const GridGeometry& g = L.grid;
  const double dx = g.dx, area = dx * dx;
  SlipProjectionResult result;
  PhaseTimings& timings = result.timings;
  auto clock = std::chrono::steady_clock::now();
  auto lap = [&](const char* phase) {
    timings.add(phase, seconds_since(clock));
    clock = std::chrono::steady_clock::now();
  };
  join_periodic_faces(L.velocity, prm.periodic);
  ProjectionUnknowns lay = number_unknowns(L, occ, curvature, prm);
  lap("unknowns");
  const int64_t rows = lay.rows, unknowns = lay.count();
  const int64_t constraints = static_cast<int64_t>(lay.slip_of.size());
  const int64_t solid_n = solids ? solids->velocity.size() : 0;
  result.liquid_cells = rows;
  result.ghost_cells = lay.ghosts.count();
  result.ghost_links = static_cast<int64_t>(lay.ghosts.links.size());
  result.velocity_unknowns = unknowns;
  result.constraints = constraints;
  const ConstraintRows cr = assemble_constraint_rows(lay, jv, prm, solid_n);
  const SparseMatrix& Ct = cr.ct;
  const VectorX& b = cr.b;
  const int64_t all_rows = cr.rows(), slip_row0 = cr.slip_row0;
  lap("constraint_rows");

  // Unknowns that answer an impulse through the solids' response M + dt^2 K (deformable
  // vertices, Eq. 15 with D = -dt K) rather than through their mass alone.
  std::vector<int> responding;  // solid unknown indices
  if (solids && solids->response && solids->response->rows() == solid_n) {
    const VectorX diag = solids->response->diagonal();
    for (int64_t k = 0; k < solid_n; ++k)
      if (diag[k] > 0.0) responding.push_back(static_cast<int>(k));
  }
  std::vector<int> position(solid_n, -1);
  for (size_t k = 0; k < responding.size(); ++k) position[responding[k]] = static_cast<int>(k);
  // M^-1 of the liquid's unknowns; the solids' mass-only unknowns (rigid bodies) enter as a
  // term applied without forming it, the responding ones through their response.
  std::vector<Triplet> rigid_minv;
  const Eigen::Map<const VectorX> inv_mass(lay.inv_mass.data(), unknowns);
  if (solids)
    for (int k = 0; k < solids->inverse_mass->outerSize(); ++k)
      for (SparseMatrix::InnerIterator it(*solids->inverse_mass, k); it; ++it) {
        if (position[it.row()] < 0 && position[it.col()] < 0) rigid_minv.emplace_back(it.row(), it.col(), it.value());
      }
  VectorX us(unknowns + solid_n);
  us.head(unknowns) = Eigen::Map<const VectorX>(lay.ustar.data(), unknowns);
  if (solids) us.tail(solid_n) = solids->velocity;
  const SparseMatrix& Ctt = cr.ctt;
  // C M^-1 C^T over the liquid's unknowns (the solid columns weigh nothing here).
  SparseMatrix A = weighted_gram(Ct, Ctt, inv_mass);
  SparseMatrix solid_inverse_mass(solid_n, solid_n), solid_columns;
  solid_inverse_mass.setFromTriplets(rigid_minv.begin(), rigid_minv.end());
  if (solid_n > 0) solid_columns = Ct.rightCols(solid_n);
  // A region that no free surface or open side bounds fixes its pressure only up to a constant:
  // pin one cell of each.
  for (int64_t r : cr.floating) A.coeffRef(r, r) += area / (prm.density * dx);
  result.pinned_regions = static_cast<int64_t>(cr.floating.size());
  VectorX rhs = b - column_dots(Ctt, us);  // C^T v* (Ctt's column r is row r)
  // A row no unknown answers (a cell whose faces are all held, inside a gas source's inflow):
  // its divergence is what the held faces make it; the row is decoupled from the rest.
  const VectorX diagonal = A.diagonal();
  std::vector<uint8_t> held_row(static_cast<size_t>(all_rows), 0);
  for (int64_t r = 0; r < all_rows; ++r)
    if (diagonal[r] == 0.0) {
      held_row[static_cast<size_t>(r)] = 1;
      A.coeffRef(r, r) = 1.0;
      rhs[r] = 0.0;
    }
  A.makeCompressed();  // an inserted diagonal leaves room in its column

  VectorX mu = VectorX::Zero(all_rows), w;
  parallel_for(0, lay.row.size(), [&](int64_t c) {  // warm start
    if (lay.row.data()[c] >= 0) mu[lay.row.data()[c]] = L.pressure.data()[c] * prm.dt;
  }, 8192);
  VectorX response_bound;
  SparseMatrix coupling, response_block;  // the responding unknowns' columns of C^T and their response
  if (!responding.empty()) {
    std::vector<Triplet> sel, sub;
    for (size_t k = 0; k < responding.size(); ++k) sel.emplace_back(unknowns + responding[k], k, 1.0);
    SparseMatrix select(unknowns + solid_n, responding.size());
    select.setFromTriplets(sel.begin(), sel.end());
    coupling = Ct * select;
    for (int k = 0; k < solids->response->outerSize(); ++k)
      for (SparseMatrix::InnerIterator it(*solids->response, k); it; ++it)
        if (position[it.row()] >= 0 && position[it.col()] >= 0)
          sub.emplace_back(position[it.row()], position[it.col()], it.value());
    response_block.resize(responding.size(), responding.size());
    response_block.setFromTriplets(sub.begin(), sub.end());
    // M^-1 >= (M + dt^2 K)^-1: the preconditioner's stand-in for the response.
    response_bound.resize(static_cast<int64_t>(responding.size()));
    for (size_t k = 0; k < responding.size(); ++k)
      response_bound[static_cast<int64_t>(k)] = solids->inverse_mass->coeff(responding[k], responding[k]);
  }
  const bool respond = !responding.empty();
  lap("multiplier_matrix");
  // The liquid cells' rows by the liquid's own multigrid (with the occluded faces closed).
  CellBlockMultigrid cell_block(g, lay.row, occ, prm.walls, A, lay.cell_of_row, prm.density, prm.prescribed,
                                prm.periodic);
  lap("multigrid");
  LeadingBlock leading;
  leading.rows = rows;
  leading.apply = [&](const VectorX& r, VectorX& z) { cell_block.apply(r, z); };
  LowRankTerm rigid;
  if (solid_n > 0 && solid_inverse_mass.nonZeros() > 0) {
    rigid.c = &solid_columns;
    rigid.inverse_mass = &solid_inverse_mass;
  }
  const CoupledSolveResult solve =
      solve_coupled_multipliers(A, respond ? &coupling : nullptr, respond ? &response_block : nullptr, rhs, mu, w,
                                prm.tolerance, prm.max_iterations, leading, rigid, respond ? &response_bound : nullptr);
  timings.add("preconditioner", seconds_since(clock) - solve.solve_seconds);
  timings.add("iterations", solve.solve_seconds);
  clock = std::chrono::steady_clock::now();
  result.iterations = solve.iterations;
  result.residual = solve.residual;
  result.converged = solve.converged;
  const VectorX ct_mu = column_dots(Ct, mu);  // C mu
  VectorX u = us;
  u.head(unknowns) += inv_mass.cwiseProduct(ct_mu.head(unknowns));
  if (solid_n > 0) u.tail(solid_n) += solid_inverse_mass * ct_mu.tail(solid_n);
  for (size_t k = 0; k < responding.size(); ++k) u[unknowns + responding[k]] = us[unknowns + responding[k]] + w[k];
  if (solids) {
    solids->velocity = u.tail(solid_n);
    solids->impulse = ct_mu.tail(solid_n);
  }

  // Diagnostics on the constraints as posed (the pinned cells aside); a NaN shows as NaN.
  const VectorX violation = column_dots(Ctt, u) - b;
  auto worst = [](double current, double v) { return std::isnan(current) || !(std::isnan(v) || v > current) ? current : v; };
  for (int64_t r = 0; r < slip_row0; ++r) {
    if (held_row[static_cast<size_t>(r)]) continue;
    double& max = r < rows ? result.max_divergence : result.max_ghost_divergence;
    max = worst(max, std::abs(violation[r]) / (area * dx));
  }
  for (int64_t r = slip_row0; r < all_rows; ++r)
    result.max_normal_mismatch = worst(result.max_normal_mismatch, std::abs(violation[r]) / area);
  if (detail) {
    detail->ghosts = std::move(lay.ghosts);
    detail->ghost_flux.assign(occ.faces.size(), {0.0, 0.0});
    for (size_t o = 0; o < occ.faces.size(); ++o)
      for (int side = 0; side < 2; ++side)
        if (lay.ghost_flux[o][side] >= 0) detail->ghost_flux[o][side] = u[lay.ghost_flux[o][side]];
    detail->link_flux.resize(lay.link_flux.size());
    for (size_t l = 0; l < lay.link_flux.size(); ++l) detail->link_flux[l] = u[lay.link_flux[l]];
  }

  // Back to the grid: pressures, face samples, the upper sides of occluded faces.
  parallel_for(0, lay.row.size(), [&](int64_t c) {
    const int32_t r = lay.row.data()[c];
    L.pressure.data()[c] = r >= 0 ? mu[r] / prm.dt : 0.0;
  }, 8192);
  for (int a = 0; a < 3; ++a) {
    valid[a] = Array3<uint8_t>(g.face_dims(a), 0);
    parallel_for(0, lay.face[a].size(), [&](int64_t i) {
      const int32_t d = lay.face[a].data()[i];
      if (d == kNoUnknown) return;
      L.velocity.u[a].data()[i] = d == kWallFace ? 0.0 : u[d];
      valid[a].data()[i] = 1;
    }, 8192);
  }
  upper.value.assign(occ.faces.size(), 0.0);
  for (size_t o = 0; o < occ.faces.size(); ++o) {
    const OccludedFace& of = occ.faces[o];
    const int32_t lo = lay.side[o][0], hi = lay.side[o][1];
    if (lo < 0 && hi < 0) continue;
    const Vec3i& f = of.face;
    L.velocity.u[of.axis](f.x(), f.y(), f.z()) = lo >= 0 ? u[lo] : u[hi];
    valid[of.axis](f.x(), f.y(), f.z()) = 1;
    upper.value[o] = hi >= 0 ? u[hi] : u[lo];
  }
  lap("write_back");
  return result;
}

}  // namespace ripple
