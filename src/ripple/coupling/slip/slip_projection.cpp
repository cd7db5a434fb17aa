#include "ripple/coupling/slip/slip_projection.hpp"

#include <cmath>
#include <numeric>
#include <set>

#include "ripple/coupling/slip/cell_block_multigrid.hpp"
#include "ripple/coupling/slip/coupled_solve.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

namespace {

constexpr int32_t kNone = -1;  // no unknown: a face of no liquid cell
constexpr int32_t kWall = -2;  // a closed domain side: velocity zero

/// Below this |N[axis]| a constraint on an occluded face holds its axial sample to the solid's
/// axial velocity instead: the ray grazed a surface almost parallel to it, and N^T W v would
/// hardly involve the face's own sample.
constexpr double kMinAxialNormal = 0.1;

/// Share of the responding solids' mass moved into Z1 = sigma M (coupled_solve.hpp).
constexpr double kResponseSplit = 0.9;

/// Smallest share of a control volume given to a slip sample (a surface through the cell centre).
constexpr double kMinSideFraction = 0.05;

struct Layout {
  const GridGeometry& g;
  const OccludedFaces& occ;
  Array3<int32_t> row;                             ///< liquid cell -> divergence row
  std::array<Array3<int32_t>, 3> face;             ///< non-occluded face -> unknown, kNone, kWall
  std::vector<std::array<int32_t, 2>> side;        ///< occluded face -> unknown per side
  std::vector<double> ustar, inv_mass;             ///< per unknown
  std::vector<std::array<int, 2>> slip_of;         ///< slip unknown -> (occluded face, side)

  explicit Layout(const GridGeometry& grid, const OccludedFaces& o) : g(grid), occ(o) {}
  bool liquid(const Vec3i& c) const {
    return (c.array() >= 0).all() && (c.array() < g.n.array()).all() && row(c.x(), c.y(), c.z()) >= 0;
  }
  /// The unknown of face (axis, f) as seen from cell c (one of its two cells).
  int32_t seen_from(int axis, const Vec3i& f, const Vec3i& c) const {
    const int32_t o = occ.at(axis, f);
    if (o >= 0) return side[o][c[axis] == f[axis] ? 1 : 0];
    return face[axis](f.x(), f.y(), f.z());
  }
  int32_t add(double u, double inv_m) {
    ustar.push_back(u);
    inv_mass.push_back(inv_m);
    return static_cast<int32_t>(ustar.size() - 1);
  }
};

/// Union-find over liquid rows, for the regions that no Dirichlet boundary reaches.
struct Regions {
  std::vector<int64_t> parent;
  explicit Regions(int64_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int64_t find(int64_t a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  }
  void join(int64_t a, int64_t b) { parent[find(a)] = find(b); }
};

/// The predicted sample of occluded face (axis, f) seen from its side `side`: the grid holds one
/// value per face, which may come from across the solid, so take the value of the same cell's
/// opposite face (constant extrapolation on that side, as Sec. 3.3 refills invalid faces) when
/// that face is open.
double one_sided_sample(const MacVelocity& v, const OccludedFaces& occ, int axis, const Vec3i& f, int side) {
  Vec3i other = f;
  other[axis] += side ? 1 : -1;
  const bool inside = other[axis] >= 0 && other[axis] <= occ.index[axis].dims()[axis] - 1;
  if (inside && occ.at(axis, other) < 0) return v.u[axis](other.x(), other.y(), other.z());
  return v.u[axis](f.x(), f.y(), f.z());
}

}  // namespace

SlipProjectionResult project_with_slip(LiquidState& L, const OccludedFaces& occ,
                                       const std::vector<FaceSolidVelocity>& jv, const ScalarGrid* curvature,
                                       const SlipProjectionParams& prm, FaceFlags& valid, UpperSamples& upper,
                                       SlipSolidSolve* solids, SlipProjectionDetail* detail) {
  const GridGeometry& g = L.grid;
  const double dx = g.dx, area = dx * dx, cell_mass = prm.density * dx * dx * dx;
  const double coef = prm.dt / (prm.density * dx);
  SlipProjectionResult result;
  Layout lay(g, occ);

  // Liquid cells, numbered in grid order.
  lay.row = Array3<int32_t>(g.n, -1);
  int32_t rows = 0;
  for (int64_t c = 0; c < lay.row.size(); ++c)
    if (L.phi.data()[c] < 0.0 && !(prm.solid_cells && prm.solid_cells->data()[c])) lay.row.data()[c] = rows++;
  result.liquid_cells = rows;

  // Velocity unknowns; the free surface's ghost-fluid jump goes into v* (p = sigma kappa beyond).
  lay.side.assign(occ.faces.size(), {kNone, kNone});
  for (int a = 0; a < 3; ++a) {
    lay.face[a] = Array3<int32_t>(g.face_dims(a), kNone);
    valid[a] = Array3<uint8_t>(g.face_dims(a), 0);
    const ScalarGrid& u = L.velocity.u[a];
    for (int64_t i = 0; i < lay.face[a].size(); ++i) {
      const Vec3i f = lay.face[a].coords(i);
      Vec3i lo = f;
      lo[a] -= 1;
      const bool lo_in = f[a] > 0, hi_in = f[a] < g.n[a];
      const bool lo_liq = lo_in && lay.liquid(lo), hi_liq = hi_in && lay.liquid(f);
      if (!lo_liq && !hi_liq) continue;
      if (!lo_in || !hi_in) {  // a domain side
        const bool wall = prm.walls[2 * a + (hi_in ? 0 : 1)];
        lay.face[a].data()[i] = wall ? kWall : lay.add(u.data()[i], 1.0 / cell_mass);
        continue;
      }
      const int32_t o = occ.at(a, f);
      if (o >= 0) {
        for (int side = 0; side < 2; ++side) {
          if (!(side ? hi_liq : lo_liq)) continue;
          // The sample stands for the liquid between its cell's centre and the surface: its mass
          // is that share of the control volume (a full cell would hang the weight of liquid
          // that is not there on the solid, half a cell too little buoyancy per side).
          const double share = std::max(occ.faces[o].side_fraction[side], kMinSideFraction);
          lay.side[o][side] = lay.add(one_sided_sample(L.velocity, occ, a, f, side), 1.0 / (cell_mass * share));
          lay.slip_of.push_back({o, side});
        }
        continue;
      }
      if (lo_liq && hi_liq) {
        lay.face[a].data()[i] = lay.add(u.data()[i], 1.0 / cell_mass);
        continue;
      }
      const Vec3i liq = lo_liq ? lo : f, air = lo_liq ? f : lo;
      const double kc = curvature ? (*curvature)(liq.x(), liq.y(), liq.z()) : 0.0;
      const double kn = curvature ? (*curvature)(air.x(), air.y(), air.z()) : 0.0;
      const InterfaceSample s = interface_between(L.phi(liq.x(), liq.y(), liq.z()), L.phi(air.x(), air.y(), air.z()),
                                                  kc, kn, prm.surface_tension, prm.min_theta);
      // u = u* - coef (p_hi - p_lo) with the ghost pressure p_liq + (p_jump - p_liq) / theta.
      const double jump = coef * s.p_jump / s.theta;
      lay.face[a].data()[i] = lay.add(u.data()[i] + (lo_liq ? -jump : jump), 1.0 / (cell_mass * s.theta));
    }
  }
  // Ghost cells (Sec. 3.2): a flux unknown through every liquid side of an occluded face, one per
  // link between neighbouring ghost cells; a divergence row per ghost cell.
  GhostCells ghosts = build_ghost_cells(g, occ, [&](const Vec3i& c) { return lay.liquid(c); });
  std::vector<std::array<int32_t, 2>> ghost_flux(occ.faces.size(), {kNone, kNone});
  // Their predicted values: through an occluded face, the axial part of the velocity's tangential
  // component there (v_ghost represents P^T V_T, Sec. 3.2) plus the step's body force; between
  // ghost cells, the predicted velocity of the open face joining their real cells along the link.
  const MacVelocity& vs = L.velocity;
  for (size_t o = 0; o < occ.faces.size(); ++o)
    for (int side = 0; side < 2; ++side) {
      if (ghosts.of_side[o][side] < 0) continue;
      const OccludedFace& of = occ.faces[o];
      Vec3i cell = of.face;
      if (side == 0) cell[of.axis] -= 1;
      Vec3 w;
      for (int t = 0; t < 3; ++t) {
        const Vec3i& f = cell;
        w[t] = t == of.axis ? lay.ustar[lay.side[o][side]]
                            : 0.5 * (vs.u[t](f.x(), f.y(), f.z()) + vs.u[t](f.x() + (t == 0), f.y() + (t == 1), f.z() + (t == 2)));
      }
      // The body force acts on the ghost flux as on any other velocity sample: the tangential
      // part of the velocity before it, plus its own dt g.
      const Vec3 before = w - prm.dt * prm.gravity;
      const Vec3 tangential = before - of.normal * of.normal.dot(before);
      ghost_flux[o][side] = lay.add(tangential[of.axis] + prm.dt * prm.gravity[of.axis], 1.0 / cell_mass);
    }
  std::vector<int32_t> link_flux(ghosts.links.size());
  for (size_t l = 0; l < ghosts.links.size(); ++l) {
    const int axis = ghosts.link_axis[l];
    double sum = 0.0;
    int count = 0;
    for (const Vec3i& r1 : ghosts.real_cells[ghosts.links[l][0]])
      for (const Vec3i& r2 : ghosts.real_cells[ghosts.links[l][1]])
        if (r2 - r1 == Vec3i::Unit(axis) && occ.at(axis, r2) < 0) {
          sum += vs.u[axis](r2.x(), r2.y(), r2.z());
          ++count;
        }
    link_flux[l] = lay.add(count ? sum / count : 0.0, 1.0 / cell_mass);
  }
  const int64_t ghost_rows = ghosts.count();
  result.ghost_cells = ghost_rows;
  result.ghost_links = static_cast<int64_t>(ghosts.links.size());
  // Slip sides were numbered in the order met; the slip rows follow the unknowns' order.
  const int64_t unknowns = static_cast<int64_t>(lay.ustar.size());
  const int64_t constraints = static_cast<int64_t>(lay.slip_of.size());
  result.velocity_unknowns = unknowns;
  result.constraints = constraints;
  // Solid velocity unknowns are columns after the liquid's: a row's coefficient `a` on J V_s
  // goes to the known right-hand side and to the unknowns' columns.
  const int64_t solid_n = solids ? solids->velocity.size() : 0;
  auto add_solid = [&](int64_t row, int o, const Vec3& a, std::vector<Triplet>& out) {
    for (const FaceSolidVelocity::Term& t : jv[o].terms) out.emplace_back(row, unknowns + t.unknown, a[t.component] * t.value);
  };

  // The one-sided stencil of each constraint, N^T W v over the velocity unknowns (Fig. 3c): the
  // axial component is the sample itself, the others average the faces of the sample's own cell
  // (the cell across is not visible). A grazing constraint uses the axis as its normal.
  struct Stencil {
    Vec3 normal;
    std::vector<std::pair<int32_t, double>> terms;
  };
  std::vector<Stencil> stencil(constraints);
  std::vector<std::array<int64_t, 2>> slip_index(occ.faces.size(), {-1, -1});
  for (int64_t k = 0; k < constraints; ++k) {
    const auto [o, s] = lay.slip_of[k];
    slip_index[o][s] = k;
    const OccludedFace& of = occ.faces[o];
    const int a = of.axis;
    Vec3i cell = of.face;
    if (s == 0) cell[a] -= 1;
    Stencil& st = stencil[k];
    const bool grazing = std::abs(of.normal[a]) < kMinAxialNormal;
    st.normal = grazing ? Vec3(Vec3::Unit(a)) : of.normal;
    st.terms.emplace_back(lay.side[o][s], st.normal[a]);
    if (grazing) continue;
    for (int t = 0; t < 3; ++t) {
      if (t == a) continue;
      for (int hi = 0; hi < 2; ++hi) {
        Vec3i f = cell;
        f[t] += hi;
        const int32_t d = lay.seen_from(t, f, cell);
        if (d >= 0) st.terms.emplace_back(d, 0.5 * st.normal[t]);
      }
    }
  }

  // C^T: divergence rows of real then ghost cells (volume flux, m^3/s), then slip rows
  // (dx^2 N^T W v, the same units).
  // No-slip (the comparison of Fig. 9): the whole interpolated velocity matches the solid's, not
  // only its normal part: each slip row holds its axial sample, and once per liquid cell next to
  // the solid and per other axis a row holds the average of the cell's two faces along it.
  struct TangentRow {
    Vec3i cell;
    int component;
    int o;  ///< the occluded face whose solid velocity it takes
  };
  std::vector<TangentRow> tangent_rows;
  if (prm.no_slip) {
    std::set<std::pair<int64_t, int>> seen;
    for (int64_t k = 0; k < constraints; ++k) {
      const auto [o, s] = lay.slip_of[k];
      const OccludedFace& of = occ.faces[o];
      Vec3i cell = of.face;
      if (s == 0) cell[of.axis] -= 1;
      for (int t = 0; t < 3; ++t)
        if (t != of.axis && seen.insert({lay.row.index(cell.x(), cell.y(), cell.z()), t}).second)
          tangent_rows.push_back({cell, t, o});
    }
  }
  const int64_t slip_row0 = rows + ghost_rows, tangent_row0 = slip_row0 + constraints;
  const int64_t all_rows = tangent_row0 + static_cast<int64_t>(tangent_rows.size());
  std::vector<Triplet> ct;
  VectorX b = VectorX::Zero(all_rows);
  Regions regions(rows + ghost_rows);
  std::vector<uint8_t> dirichlet(rows + ghost_rows, 0);
  for (int64_t c = 0; c < lay.row.size(); ++c) {
    const int32_t r = lay.row.data()[c];
    if (r < 0) continue;
    const Vec3i cell = lay.row.coords(c);
    for (int a = 0; a < 3; ++a)
      for (int hi = 0; hi < 2; ++hi) {
        Vec3i f = cell;
        f[a] += hi;
        const double sign = hi ? 1.0 : -1.0;
        Vec3i nb = cell;
        nb[a] += hi ? 1 : -1;
        const int32_t o = (f[a] > 0 && f[a] < g.n[a]) ? occ.at(a, f) : -1;
        if (o >= 0) {
          // The modified divergence (Sec. 4): the axial part of the normal velocity seen from
          // this side, P^T N N^T W v, plus the ghost flux into the ghost cell behind the face.
          const int side = hi ? 0 : 1;
          const Stencil& st = stencil[slip_index[o][side]];
          for (const auto& [d, w] : st.terms) ct.emplace_back(r, d, sign * area * st.normal[a] * w);
          const int32_t gf = ghost_flux[o][side];
          if (gf >= 0) {
            const int64_t gr = rows + ghosts.of_side[o][side];
            ct.emplace_back(r, gf, sign * area);
            ct.emplace_back(gr, gf, -sign * area);
            regions.join(r, gr);
          }
          continue;
        }
        const int32_t d = lay.face[a](f.x(), f.y(), f.z());
        if (d == kWall) continue;
        ct.emplace_back(r, d, sign * area);
        const bool inside = (nb.array() >= 0).all() && (nb.array() < g.n.array()).all();
        if (inside && lay.liquid(nb)) regions.join(r, lay.row(nb.x(), nb.y(), nb.z()));
        else dirichlet[r] = 1;  // air beyond, or an open side
      }
  }
  for (size_t l = 0; l < ghosts.links.size(); ++l) {
    const int64_t lo = rows + ghosts.links[l][0], hi = rows + ghosts.links[l][1];
    ct.emplace_back(lo, link_flux[l], area);
    ct.emplace_back(hi, link_flux[l], -area);
    regions.join(lo, hi);
  }
  // Slip rows N^T W v = N^T J V_s (Eq. 7, 11): the solid feels only these rows' forces (Sec. 5).
  for (int64_t k = 0; k < constraints; ++k) {
    const int o = lay.slip_of[k][0];
    const int64_t r = slip_row0 + k;
    const Stencil& st = stencil[k];
    if (prm.no_slip) {
      const int a = occ.faces[o].axis;
      ct.emplace_back(r, lay.side[o][lay.slip_of[k][1]], area);
      b[r] = area * jv[o].known[a];
      add_solid(r, o, -area * Vec3::Unit(a), ct);
      continue;
    }
    for (const auto& [d, w] : st.terms) ct.emplace_back(r, d, area * w);
    b[r] = area * st.normal.dot(jv[o].known);
    add_solid(r, o, -area * st.normal, ct);
  }
  for (size_t k = 0; k < tangent_rows.size(); ++k) {
    const TangentRow& tr = tangent_rows[k];
    const int64_t r = tangent_row0 + static_cast<int64_t>(k);
    for (int hi = 0; hi < 2; ++hi) {
      Vec3i f = tr.cell;
      f[tr.component] += hi;
      const int32_t d = lay.seen_from(tr.component, f, tr.cell);
      if (d >= 0) ct.emplace_back(r, d, 0.5 * area);
    }
    b[r] = area * jv[tr.o].known[tr.component];
    add_solid(r, tr.o, -area * Vec3::Unit(tr.component), ct);
  }
  SparseMatrix Ct(all_rows, unknowns + solid_n);
  Ct.setFromTriplets(ct.begin(), ct.end());
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
  std::vector<Triplet> minv, rigid_minv;
  VectorX z1(responding.size());  // sigma M of the responding unknowns (kg)
  for (int64_t k = 0; k < unknowns; ++k) minv.emplace_back(k, k, lay.inv_mass[k]);
  if (solids)
    for (int k = 0; k < solids->inverse_mass->outerSize(); ++k)
      for (SparseMatrix::InnerIterator it(*solids->inverse_mass, k); it; ++it) {
        if (position[it.row()] < 0 && position[it.col()] < 0)
          rigid_minv.emplace_back(it.row(), it.col(), it.value());
        else if (it.row() == it.col())
          z1[position[it.row()]] = kResponseSplit / it.value();
      }
  SparseMatrix inv_m(unknowns + solid_n, unknowns + solid_n);
  inv_m.setFromTriplets(minv.begin(), minv.end());
  VectorX us(unknowns + solid_n);
  for (int64_t k = 0; k < unknowns; ++k) us[k] = lay.ustar[k];
  if (solids) us.tail(solid_n) = solids->velocity;
  const SparseMatrix Ctt = Ct.transpose();
  SparseMatrix A = Ct * inv_m * Ctt;  // the solid columns carry no entry of inv_m
  SparseMatrix solid_inverse_mass(solid_n, solid_n), solid_columns;
  solid_inverse_mass.setFromTriplets(rigid_minv.begin(), rigid_minv.end());
  if (solid_n > 0) solid_columns = Ct.rightCols(solid_n);
  // A region that no free surface or open side bounds fixes its pressure only up to a constant:
  // pin one cell of each.
  std::vector<uint8_t> region_ok(rows + ghost_rows, 0);
  for (int64_t r = 0; r < rows + ghost_rows; ++r)
    if (dirichlet[r]) region_ok[regions.find(r)] = 1;
  for (int64_t r = 0; r < rows + ghost_rows; ++r)
    if (regions.find(r) == r && !region_ok[r]) {
      A.coeffRef(r, r) += area / (prm.density * dx);
      ++result.pinned_regions;
    }
  const VectorX rhs = b - Ct * us;

  VectorX mu = VectorX::Zero(all_rows), w;
  for (int64_t c = 0; c < lay.row.size(); ++c)
    if (lay.row.data()[c] >= 0) mu[lay.row.data()[c]] = L.pressure.data()[c] * prm.dt;  // warm start
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
  }
  const bool respond = !responding.empty();
  // The liquid cells' rows by the liquid's own multigrid (with the occluded faces closed).
  CellBlockMultigrid cell_block(g, lay.row, occ, prm.walls, A.diagonal().head(rows), prm.density);
  LeadingBlock leading;
  leading.rows = rows;
  leading.apply = [&](const VectorX& r, VectorX& z) { cell_block.apply(r, z); };
  LowRankTerm rigid;
  if (solid_n > 0 && solid_inverse_mass.nonZeros() > 0) {
    rigid.c = &solid_columns;
    rigid.inverse_mass = &solid_inverse_mass;
  }
  const CoupledSolveResult solve =
      solve_coupled_multipliers(A, respond ? &coupling : nullptr, respond ? &response_block : nullptr,
                                respond ? &z1 : nullptr, rhs, mu, w, prm.tolerance, prm.max_iterations, leading, rigid);
  result.iterations = solve.iterations;
  result.residual = solve.residual;
  result.converged = solve.converged;
  const VectorX ct_mu = Ctt * mu;
  VectorX u = us + inv_m * ct_mu;
  if (solid_n > 0) u.tail(solid_n) += solid_inverse_mass * ct_mu.tail(solid_n);
  for (size_t k = 0; k < responding.size(); ++k) u[unknowns + responding[k]] = us[unknowns + responding[k]] + w[k];
  if (solids) {
    solids->velocity = u.tail(solid_n);
    solids->impulse = ct_mu.tail(solid_n);
  }

  // Diagnostics on the constraints as posed (the pinned cells aside).
  const VectorX violation = Ct * u - b;
  for (int64_t r = 0; r < slip_row0; ++r)
    result.max_divergence = std::max(result.max_divergence, std::abs(violation[r]) / (area * dx));
  for (int64_t k = 0; k < constraints; ++k)
    result.max_normal_mismatch = std::max(result.max_normal_mismatch, std::abs(violation[slip_row0 + k]) / area);
  if (detail) {
    detail->ghosts = std::move(ghosts);
    detail->ghost_flux.assign(occ.faces.size(), {0.0, 0.0});
    for (size_t o = 0; o < occ.faces.size(); ++o)
      for (int side = 0; side < 2; ++side)
        if (ghost_flux[o][side] >= 0) detail->ghost_flux[o][side] = u[ghost_flux[o][side]];
    detail->link_flux.resize(link_flux.size());
    for (size_t l = 0; l < link_flux.size(); ++l) detail->link_flux[l] = u[link_flux[l]];
  }

  // Back to the grid: pressures, face samples, the upper sides of occluded faces.
  L.pressure.fill(0.0);
  for (int64_t c = 0; c < lay.row.size(); ++c)
    if (lay.row.data()[c] >= 0) L.pressure.data()[c] = mu[lay.row.data()[c]] / prm.dt;
  for (int a = 0; a < 3; ++a)
    for (int64_t i = 0; i < lay.face[a].size(); ++i) {
      const int32_t d = lay.face[a].data()[i];
      if (d == kNone) continue;
      L.velocity.u[a].data()[i] = d == kWall ? 0.0 : u[d];
      valid[a].data()[i] = 1;
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
  return result;
}

}  // namespace ripple
