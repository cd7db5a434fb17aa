#include "ripple/coupling/cutcell/coupled_projection.hpp"

#include <limits>

#include "ripple/core/parallel.hpp"
#include "ripple/coupling/cutcell/coupling_matrix.hpp"
#include "ripple/coupling/cutcell/cut_cell_boundary.hpp"
#include "ripple/solid/forms/elastic_form.hpp"
#include "ripple/coupling/cutcell/liquid_block_multigrid.hpp"

namespace ripple {
namespace {

SparseMatrix from_triplets(int64_t n, const std::vector<Triplet>& t) {
  SparseMatrix m(n, n);
  m.setFromTriplets(t.begin(), t.end());
  return m;
}

}  // namespace

CoupledBlocksWithMaps assemble_coupled_blocks(World& w, CutCellCouplingState& cc, const ProjectionInput& in, double dt) {
  const Scene& s = w.scene;
  const LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  CoupledBlocksWithMaps out;
  CoupledSystemBlocks& b = out.blocks;

  // Fluid block: the cut-cell Poisson system (face fractions from the solids' signed distance,
  // Sec. 7), its rows times dx^3 so that they are volume fluxes (m^3/s), Eq. 17.
  PressureSystem& sys = w.pressure_system;
  sys.released.clear();
  const ProjectionParams pp = projection_params(s, dt);
  assemble_pressure_system(sys, L, w.solids, s.fluid.surface_tension > 0.0 ? &in.curvature : nullptr, pp);
  const PoissonSystem& A = sys.A;
  const double dx3 = g.dx * g.dx * g.dx;
  const int64_t cells = A.cells();
  out.cell_row.assign(static_cast<size_t>(cells), -1);
  for (int64_t c = 0; c < cells; ++c)
    if (A.active[c]) out.cell_row[c] = A.layout.grid_to_compact[c];
  const int64_t nf = A.active_count();
  std::vector<Triplet> t;
  t.reserve(static_cast<size_t>(7 * nf));
  b.fluid_rhs = VectorX::Zero(nf);
  for (int64_t c = 0; c < cells; ++c) {
    const int64_t r = out.cell_row[c];
    if (r < 0) continue;
    t.emplace_back(r, r, dx3 * A.diag[c]);
    b.fluid_rhs[r] = dx3 * sys.rhs[c];
    for (int a = 0; a < 3; ++a) {
      const int64_t cn = c + A.stride[a];
      if (cn >= cells || A.off[a][c] == 0.0 || out.cell_row[cn] < 0) continue;
      t.emplace_back(r, out.cell_row[cn], dx3 * A.off[a][c]);
      t.emplace_back(out.cell_row[cn], r, dx3 * A.off[a][c]);
    }
  }
  b.fluid = from_triplets(nf, t);

  // Solid blocks (Eq. 16): H = (1/dt + tau_m) M + (dt + tau_k) K at the current positions.
  const CoupledSolids& cs = cc.solids;
  const int ns = cs.num_dofs;
  if (ns == 0 || !w.lagrangian) {
    b.coupling = SparseMatrix(nf, 0);
    b.mass = b.mass_inverse = b.stiffness = SparseMatrix(0, 0);
    b.solid_rhs = VectorX(0);
    return out;
  }
  const SolidModel& m = w.lagrangian->model;
  const VectorX& z = w.lagrangian->state.z;
  b.coupling = coupling_matrix(cc.pieces, cs, m, z, out.cell_row, nf);
  std::vector<double> mass_scale(ns), unit(ns, 1.0);
  for (int d = 0; d < ns; ++d) mass_scale[d] = 1.0 / dt + cs.mass_damping[d];
  t.clear();
  add_mass_matrix(cs, m, z, mass_scale, t);
  b.mass = from_triplets(ns, t);
  t.clear();
  add_inverse_mass_matrix(cs, m, z, mass_scale, t);
  b.mass_inverse = from_triplets(ns, t);
  t.clear();
  add_mass_matrix(cs, m, z, unit, t);
  const SparseMatrix M = from_triplets(ns, t);
  // Corotated stiffness K with the rotations of the current positions (Mueller & Gross 2004),
  // and the elastic force's gradient K (x - x0) there.
  ElasticForm elastic(m, 1.0);
  elastic.update_rotations(z);
  VectorX gradient = VectorX::Zero(m.num_dofs);
  std::vector<Triplet> hz;
  elastic.add_derivatives(z, gradient, &hz);
  std::vector<int> coord_dof(m.num_dofs, -1);
  for (int v = 0; v < m.num_vertices; ++v)
    if (cs.vertex_dof[v] >= 0)
      for (int k = 0; k < 3; ++k) coord_dof[m.vertex_dof[v] + k] = cs.vertex_dof[v] + k;
  t.clear();
  VectorX elastic_gradient = VectorX::Zero(ns);
  for (int i = 0; i < m.num_dofs; ++i)
    if (coord_dof[i] >= 0) elastic_gradient[coord_dof[i]] = gradient[i];
  for (const Triplet& e : hz) {
    const int r = coord_dof[e.row()], c = coord_dof[e.col()];
    // Eq. 16's implicit elasticity dt K; without it (damping_only) K (x - x0) in w stays explicit.
    const double implicit = cc.settings.scheme == CutCellScheme::damping_only ? 0.0 : dt;
    if (r >= 0 && c >= 0) t.emplace_back(r, c, (implicit + cs.stiffness_damping[r]) * e.value());
  }
  // Held contacts (solid_motion): a stiff spring on their relative normal velocity c^T q,
  // 1/2 k (c^T q - u_n)^2 with k = 1e3 times the lightest involved mass term, keeps it near the
  // boundary's own u_n (zero but for a moving obstacle) inside the implicit solve: k c c^T joins
  // the stiffness (PSD, so Z2 and the SPD form stay SPD) and -k u_n c the right-hand side w.
  std::vector<Triplet> row;
  VectorX held_rhs = VectorX::Zero(ns);
  for (HeldContact& h : cc.held) {
    row.clear();
    double mass = std::numeric_limits<double>::infinity(), damping = 0.0;
    for (int i = 0; i < h.count; ++i) {
      const int v = h.vertices[i];
      add_vertex_row(cs, m, z, v, h.weights[i] * h.normal, 0, row);
      if (cs.vertex_dof[v] >= 0) {
        mass = std::min(mass, m.vertex_mass[v]);
        damping = std::max(damping, cs.mass_damping[cs.vertex_dof[v]]);
      } else if (cs.vertex_rigid[v] >= 0) {
        const CoupledRigid& r = cs.rigid[cs.vertex_rigid[v]];
        mass = std::min(mass, r.mass);
        damping = std::max(damping, cs.mass_damping[r.dof]);
      }
    }
    if (row.empty()) continue;
    const double k = 1e3 * (1.0 / dt + damping) * mass;
    h.stiffness = k;
    for (const Triplet& a : row) {
      held_rhs[a.col()] -= k * h.normal_velocity * a.value();
      for (const Triplet& b2 : row) t.emplace_back(a.col(), b2.col(), k * a.value() * b2.value());
    }
  }
  b.stiffness = from_triplets(ns, t);
  // w = -(1/dt) M v* + K (x - x0), v* with gravity (explicit forces, Sec. 7).
  const VectorX q = coupled_velocity(m, cs, z, w.lagrangian->state.velocity);
  out.velocity_star = q;
  for (int v = 0; v < m.num_vertices; ++v)
    if (cs.vertex_dof[v] >= 0) out.velocity_star.segment<3>(cs.vertex_dof[v]) += dt * s.gravity;
  for (const CoupledRigid& r : cs.rigid) out.velocity_star.segment<3>(r.dof) += dt * s.gravity;
  b.solid_rhs = -(M * out.velocity_star) / dt + elastic_gradient + held_rhs;
  return out;
}

CutCellProjectionReport coupled_projection(World& w, CutCellCouplingState& cc, ProjectionInput& in, double dt,
                                           PhaseTimings& timings) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  CutCellProjectionReport rep;
  const auto t_blocks = std::chrono::steady_clock::now();
  CoupledBlocksWithMaps cb = assemble_coupled_blocks(w, cc, in, dt);
  const double blocks_seconds = seconds_since(t_blocks);
  const CoupledSystemBlocks& b = cb.blocks;
  rep.fluid_unknowns = b.fluid.rows();
  rep.solid_unknowns = b.mass.rows();
  for (const SurfacePiece& p : cc.pieces) rep.pieces += cb.cell_row[p.cell] >= 0;

  // Warm start: last pressures, v*.
  if (L.pressure.size() != w.pressure_system.A.cells()) L.pressure.resize(g.n.x(), g.n.y(), g.n.z(), 0.0);
  std::vector<double>& pressure = L.pressure.data();
  VectorX p(rep.fluid_unknowns);
  for (int64_t c = 0; c < static_cast<int64_t>(cb.cell_row.size()); ++c)
    if (cb.cell_row[c] >= 0) p[cb.cell_row[c]] = pressure[c];
  VectorX q = cb.velocity_star;
  CoupledSystemSettings settings;
  static_cast<CutCellSettings&>(settings) = cc.settings;
  LiquidBlockMultigrid multigrid(w.pressure_system, cb.cell_row, g.dx);
  if (cc.settings.multigrid) settings.fluid_preconditioner = multigrid.factory();
  if (cc.settings.scheme == CutCellScheme::weak && rep.solid_unknowns > 0)
    rep.system = solve_weakly_coupled(b, settings, p, q);
  else
    rep.system = solve_coupled_system(b, settings, p, q);
  timings.add("coupled_assembly", blocks_seconds + rep.system.assembly_seconds);
  timings.add("coupled_solve", rep.system.solve_seconds);
  ScopedPhase update_phase(timings, "pressure_update");

  parallel_for(0, static_cast<int64_t>(cb.cell_row.size()), [&](int64_t c) {
    pressure[c] = cb.cell_row[c] >= 0 ? p[cb.cell_row[c]] : 0.0;
  });
  // Liquid: Eq. 20 on open faces; closed faces near a body take its velocity.
  std::array<Array3<uint8_t>, 3> unset;
  set_body_face_velocities(w, cc, q, unset);
  const ProjectionParams pp = projection_params(s, dt);
  subtract_pressure_gradient(w.pressure_system, L, w.solids, s.fluid.surface_tension > 0.0 ? &in.curvature : nullptr,
                             pp, pressure, dt / (s.fluid.density * g.dx), &w.solids.velocity, L.velocity, &in.valid);
  for (int a = 0; a < 3; ++a)
    parallel_for(0, in.valid[a].size(), [&](int64_t i) { if (unset[a][i]) in.valid[a][i] = 0; });
  if (cc.settings.no_slip) impose_no_slip(w, cc, q);
  // Solids: the solved velocities, and the liquid's force on each body.
  if (w.lagrangian && !cc.solids.empty()) {
    const CoupledSolids& cs = cc.solids;
    const SolidModel& m = w.lagrangian->model;
    const VectorX& z = w.lagrangian->state.z;
    set_coupled_velocity(m, cs, z, q, w.lagrangian->state.velocity);
    // The normal force each held contact's spring carried, -k (c^T q - u_n) (N), for next step's friction.
    for (HeldContact& h : cc.held) {
      double cq = 0.0;
      for (int i = 0; i < h.count; ++i) cq += h.weights[i] * h.normal.dot(vertex_velocity(cs, m, z, q, h.vertices[i]));
      h.force = -h.stiffness * (cq - h.normal_velocity);
    }
    const VectorX f = b.coupling.transpose() * p;
    rep.body_force.assign(cs.bodies.size(), Vec3::Zero());
    for (size_t i = 0; i < cs.bodies.size(); ++i) {
      const SolidBodyInfo& info = m.bodies[cs.bodies[i]];
      for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v)
        if (cs.vertex_dof[v] >= 0) rep.body_force[i] += f.segment<3>(cs.vertex_dof[v]);
      if (info.kind == SolidKind::rigid)
        for (const CoupledRigid& r : cs.rigid)
          if (r.body == cs.bodies[i]) rep.body_force[i] = f.segment<3>(r.dof);
    }
  }
  return rep;
}

}  // namespace ripple
