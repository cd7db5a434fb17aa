#include "ripple/fluid/pressure_projection.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/core/parallel.hpp"
#include "ripple/fluid/wall_separation.hpp"
#include "ripple/solver/constant_null_space.hpp"
#include "ripple/solver/mic0_preconditioner.hpp"

namespace ripple {
namespace {

bool cell_closed(const SolidBoundary& sb, int i, int j, int k) {
  for (int a = 0; a < 3; ++a) {
    Vec3i lo(i, j, k), hi(i, j, k);
    hi[a] += 1;
    if (sb.face_open[a](lo.x(), lo.y(), lo.z()) > 0.0 || sb.face_open[a](hi.x(), hi.y(), hi.z()) > 0.0) return false;
  }
  return true;
}

}  // namespace

InterfaceSample interface_between(double phi_c, double phi_n, double kappa_c, double kappa_n, double sigma,
                                  double min_theta) {
  double theta = phi_c / (phi_c - phi_n);
  if (!(theta > min_theta)) theta = min_theta;
  theta = std::min(theta, 1.0);
  // Curvatures are already carried to the interface (interface_curvature).
  const double kappa = kappa_c + theta * (kappa_n - kappa_c);
  return {theta, sigma * kappa};
}

void assemble_pressure_system(PressureSystem& sys, const LiquidState& liquid,
                              const SolidBoundary& sb, const ScalarGrid* curvature, const ProjectionParams& params) {
  const GridGeometry& g = liquid.grid;
  const Vec3i n = g.n;
  PoissonSystem& A = sys.A;
  A.resize(n);
  sys.rhs.assign(static_cast<size_t>(A.cells()), 0.0);
  sys.mg.labels.resize(n.x(), n.y(), n.z(), 0);
  sys.mg.face_open = &sb.face_open;
  const double scale = params.dt / (params.density * g.dx * g.dx);
  sys.mg.scale = scale;
  const PeriodicAxes& periodic = params.periodic;
  const ScalarGrid& phi = liquid.phi;

  // Without obstacles only domain walls close faces, and they close all six faces of a cell
  // only in a one-cell grid.
  const bool any_closed = sb.has_obstacles || n.maxCoeff() == 1;
  const bool any_released = !sys.released.empty();
  parallel_for(0, static_cast<int64_t>(n.y()) * n.z(), [&](int64_t row) {
    const int j = static_cast<int>(row % n.y()), k = static_cast<int>(row / n.y());
    const int64_t c0 = row * n.x();
    for (int i = 0; i < n.x(); ++i) {
      const int64_t c = c0 + i;
      const bool closed = any_closed && cell_closed(sb, i, j, k);
      const bool liquid_cell = phi[c] < 0.0 && !closed && !(any_released && sys.released[c]);
      A.active[c] = liquid_cell;
      sys.mg.labels[c] = static_cast<uint8_t>(liquid_cell ? CellLabel::Liquid : closed ? CellLabel::Solid : CellLabel::Air);
    }
  }, 16);
  const double sigma = params.surface_tension;
  parallel_for(0, A.cells(), [&](int64_t c) {
    if (!A.active[c]) return;
    const Vec3i I = phi.coords(c);
    double diag = 0.0, rhs = 0.0;
    for (int a = 0; a < 3; ++a) {
      for (int side = 0; side < 2; ++side) {
        Vec3i f = I;
        f[a] += side;
        const double w = sb.face_open[a](f.x(), f.y(), f.z());
        const double flux = w * liquid.velocity.u[a](f.x(), f.y(), f.z()) +
                            (1.0 - w) * sb.velocity.u[a](f.x(), f.y(), f.z());
        rhs += side ? -flux / g.dx : flux / g.dx;
        if (w <= 0.0) continue;
        Vec3i nb = I;
        nb[a] += side ? 1 : -1;
        if (!phi.in_range(nb.x(), nb.y(), nb.z())) {
          if (periodic[a]) continue;  // the cell across is the periodic coupling's
          diag += scale * w / 0.5;    // open side: p = 0 on the boundary face
          continue;
        }
        const int64_t cn = phi.index(nb.x(), nb.y(), nb.z());
        if (A.active[cn]) {
          diag += scale * w;
          if (side) A.off[a][c] = -scale * w;
        } else if (any_released && sys.released[cn]) {
          diag += scale * w;  // p = 0 at the released cell's centre
        } else if (sys.mg.labels[cn] == static_cast<uint8_t>(CellLabel::Air)) {
          const double kc = curvature ? (*curvature)[c] : 0.0, kn = curvature ? (*curvature)[cn] : 0.0;
          const InterfaceSample s = interface_between(phi[c], phi[cn], kc, kn, sigma, params.min_theta);
          diag += scale * w / s.theta;
          rhs += scale * w / s.theta * s.p_jump;
        }
      }
    }
    A.diag[c] = diag > 0.0 ? diag : 1.0;
    sys.rhs[c] = rhs;
  });
  A.build_layout();
  A.regularize_floating_components();
  attach_periodic_coupling(sys, sb.face_open, periodic, scale);
}

void attach_periodic_coupling(PressureSystem& sys, const std::array<ScalarGrid, 3>& face_open,
                              const PeriodicAxes& periodic, double scale) {
  sys.periodic.reset();
  sys.mg.periodic = nullptr;
  if (!any_periodic(periodic)) return;
  sys.periodic = std::make_unique<PeriodicCoupling>(periodic, &face_open, scale);
  sys.multigrid_face_open = face_open;
  for (int a = 0; a < 3; ++a) {
    if (!periodic[a]) continue;
    ScalarGrid& open = sys.multigrid_face_open[a];
    for (int64_t f = 0; f < open.size(); ++f) {
      const int fa = open.coords(f)[a];
      if (fa == 0 || fa == sys.A.n[a]) open[f] = 0.0;
    }
  }
  sys.mg.face_open = &sys.multigrid_face_open;
  sys.periodic->bind(sys.A);
  sys.mg.periodic = sys.periodic.get();
}

ProjectionResult solve_pressure_system(PressureSystem& sys, std::vector<double>& x, const PressureSolverSettings& s,
                                       CompactTerm* extra) {
  sys.preconditioner.reset();
  if (sys.A.active_count() == 0) return {};
  if (s.preconditioner == PressurePreconditioner::Multigrid)
    sys.preconditioner = std::make_unique<MultigridPreconditioner>(sys.A, sys.mg);

  else if (s.preconditioner == PressurePreconditioner::Mic)
    sys.preconditioner = std::make_unique<Mic0Preconditioner>(sys.A);
  if (sys.periodic && sys.preconditioner) {
    // A region closed but for periodic sides: keep CG off its constant null space.
    int regions = 0;
    std::vector<int32_t> region = floating_regions(sys.A, sys.periodic.get(), regions);
    if (regions > 0)
      sys.preconditioner = std::make_unique<ConstantNullSpace>(std::move(sys.preconditioner), std::move(region), regions);
  }
  return solve_again(sys, sys.rhs, x, s.tolerance, s.max_iterations, extra);
}

namespace {

// The term a solve adds to the 7-point matrix: `extra`, and the periodic couplings before it
// (a copy of the system's, bound to this solve).
CompactTerm* added_term(const PressureSystem& sys, CompactTerm* extra, std::unique_ptr<PeriodicCoupling>& chained) {
  if (!sys.periodic) return extra;
  chained = std::make_unique<PeriodicCoupling>(*sys.periodic);
  chained->chain(extra);
  return chained.get();
}

}  // namespace

ProjectionResult solve_again(const PressureSystem& sys, const std::vector<double>& b, std::vector<double>& x,
                             double tolerance, int max_iterations, CompactTerm* extra) {
  ProjectionResult res;
  res.liquid_cells = sys.A.active_count();
  if (res.liquid_cells == 0) return res;
  std::unique_ptr<PeriodicCoupling> chained;
  const PcgResult r =
      pcg_solve(sys.A, b, x, sys.preconditioner.get(), tolerance, max_iterations, added_term(sys, extra, chained));
  res.iterations = r.iterations;
  res.residual = r.relative_residual;
  res.converged = r.converged;
  return res;
}

void subtract_pressure_gradient(const PressureSystem& sys, const LiquidState& liquid, const SolidBoundary& sb,
                                const ScalarGrid* curvature, const ProjectionParams& params,
                                const std::vector<double>& p, double coef, const MacVelocity* closed_faces,
                                MacVelocity& out, FaceFlags* valid) {
  const GridGeometry& g = liquid.grid;
  const ScalarGrid& phi = liquid.phi;
  const double sigma = params.surface_tension;
  // A released cell takes part in the velocity update as a liquid cell at p = 0.
  const bool any_released = !sys.released.empty();
  auto liquid_cell = [&](int64_t c) { return sys.A.active[c] || (any_released && sys.released[c]); };
  for (int a = 0; a < 3; ++a) {
    ScalarGrid& u = out.u[a];
    if (valid) (*valid)[a].resize(u.nx(), u.ny(), u.nz(), 0);
    const Vec3i fn(u.nx(), u.ny(), u.nz());
    const int64_t cstride[3] = {1, g.n.x(), static_cast<int64_t>(g.n.x()) * g.n.y()};
    parallel_for(0, static_cast<int64_t>(fn.y()) * fn.z(), [&](int64_t row) {
      const int fj = static_cast<int>(row % fn.y()), fk = static_cast<int>(row / fn.y());
      for (int fi = 0; fi < fn.x(); ++fi) {
        const int64_t idx = row * fn.x() + fi;
        const double w = sb.face_open[a][idx];
        if (w <= 0.0) {
          if (closed_faces) u[idx] = closed_faces->u[a][idx];
          if (valid) (*valid)[a][idx] = 1;
          continue;
        }
        // Face (fi, fj, fk) lies between cells cl = (fi, fj, fk) - e_a and ch = (fi, fj, fk);
        // -1 outside the grid, the cell across on a periodic axis.
        const int fa = a == 0 ? fi : a == 1 ? fj : fk;
        const int64_t base = fi + cstride[1] * fj + cstride[2] * fk;
        int64_t ch = fa < g.n[a] ? base : -1;
        int64_t cl = fa > 0 ? base - cstride[a] : -1;
        if (params.periodic[a]) {
          if (fa == 0) cl = base + (g.n[a] - 1) * cstride[a];
          if (fa == g.n[a]) ch = base - g.n[a] * cstride[a];
        }
        const bool l_liq = cl >= 0 && liquid_cell(cl), h_liq = ch >= 0 && liquid_cell(ch);
        if (!l_liq && !h_liq) { if (valid) (*valid)[a][idx] = 0; continue; }
        // Pressure on each side; a non-liquid side gets the ghost-fluid value.
        auto ghost = [&](int64_t liq, int64_t other) {
          if (other < 0) return p[liq] + (0.0 - p[liq]) / 0.5;  // open boundary
          const double kc = curvature ? (*curvature)[liq] : 0.0, kn = curvature ? (*curvature)[other] : 0.0;
          const InterfaceSample s = interface_between(phi[liq], phi[other], kc, kn, sigma, params.min_theta);
          return p[liq] + (s.p_jump - p[liq]) / s.theta;
        };
        double pl, ph;
        if (l_liq && h_liq) { pl = p[cl]; ph = p[ch]; }
        else if (l_liq) {
          pl = p[cl];
          if (ch >= 0 && sys.mg.labels[ch] != static_cast<uint8_t>(CellLabel::Air)) { if (valid) (*valid)[a][idx] = 0; continue; }
          ph = ghost(cl, ch);
        } else {
          ph = p[ch];
          if (cl >= 0 && sys.mg.labels[cl] != static_cast<uint8_t>(CellLabel::Air)) { if (valid) (*valid)[a][idx] = 0; continue; }
          pl = ghost(ch, cl);
        }
        u[idx] -= coef * (ph - pl);
        if (valid) (*valid)[a][idx] = 1;
      }
    }, 16);
  }
}

ProjectionResult project_pressure(LiquidState& liquid, const SolidBoundary& sb,
                                  const ScalarGrid* curvature, const ProjectionParams& params, FaceFlags& valid,
                                  PressureSystem& sys) {
  const GridGeometry& g = liquid.grid;
  sys.released.clear();
  join_periodic_faces(liquid.velocity, params.periodic);
  assemble_pressure_system(sys, liquid, sb, curvature, params);
  // Warm start from the previous pressure (zero where the liquid is new); the solve writes the
  // liquid cells, and cells that left the liquid are zeroed.
  if (liquid.pressure.size() != sys.A.cells()) liquid.pressure.resize(g.n.x(), g.n.y(), g.n.z(), 0.0);
  std::vector<double>& p = liquid.pressure.data();
  ProjectionResult res = solve_pressure_system(sys, p, params.solver, params.extra_term);
  parallel_for(0, sys.A.cells(), [&](int64_t c) { if (!sys.A.active[c]) p[c] = 0.0; });
  const double coef = params.dt / (params.density * g.dx);
  if (params.solver.wall_contact == WallContact::Separating) {
    for (int round = 0; round < kMaxSeparationRounds; ++round) {
      if (update_released_cells(sys.released, sys.A, liquid, sb, p, coef) == 0) break;
      assemble_pressure_system(sys, liquid, sb, curvature, params);
      const ProjectionResult r = solve_pressure_system(sys, p, params.solver, params.extra_term);
      parallel_for(0, sys.A.cells(), [&](int64_t c) { if (!sys.A.active[c]) p[c] = 0.0; });
      res.iterations += r.iterations;
      res.residual = r.residual;
      res.converged = r.converged;
      res.liquid_cells = r.liquid_cells;
      ++res.separation_rounds;
    }
    if (res.separation_rounds > 0)
      for (uint8_t f : sys.released) res.released_cells += f;
  }
  subtract_pressure_gradient(sys, liquid, sb, curvature, params, p, coef, &sb.velocity, liquid.velocity, &valid);
  return res;
}

}  // namespace ripple
