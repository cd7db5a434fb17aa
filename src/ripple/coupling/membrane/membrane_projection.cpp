#include "ripple/coupling/membrane/membrane_projection.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/membrane/capillary_force.hpp"
#include "ripple/solver/multigrid_preconditioner.hpp"
#include "ripple/solver/operator_pcg.hpp"
#include "ripple/solver/sparse_spd_solver.hpp"

namespace ripple {

namespace {

using RowMatrix = Eigen::SparseMatrix<double, Eigen::RowMajor>;

/// One axis's membrane block: its fluid-air faces (rows of W), W over the free particles, and
/// the factor of A_a.
struct AxisBlock {
  std::vector<int> rows;        ///< indices into SurfaceFaces::faces
  Eigen::SparseMatrix<double> W;  ///< rows by free particles
  VectorX w0;                   ///< the wall particles' share of each row's velocity (m/s)
  Eigen::SparseMatrix<double> A;
  VectorX b;
  SparseSpdSolver solver;
};

}  // namespace

MembraneProjectionResult project_with_membrane(LiquidState& liquid, const SolidBoundary& sb, const SurfaceFaces& sf,
                                               const LiquidMembrane& m, const MembraneProjectionParams& params,
                                               std::vector<Vec3>& v_out, FaceFlags& valid, PressureSystem& sys) {
  MembraneProjectionResult result;
  const GridGeometry& g = liquid.grid;
  const ProjectionParams& pp = params.projection;
  const double dt = pp.dt, rho = pp.density, dx = g.dx, V = dx * dx * dx;
  const double sigma = params.surface_tension;

  // Free particles and their masses (Sec. 4.2), floored so that A_a stays definite.
  std::vector<int> free_index(m.size(), -1);
  std::vector<int> free_particles;
  for (size_t i = 0; i < m.size(); ++i)
    if (m.free(i)) {
      free_index[i] = static_cast<int>(free_particles.size());
      free_particles.push_back(static_cast<int>(i));
    }
  const int nf = static_cast<int>(free_particles.size());
  result.free_particles = nf;
  const std::vector<double> mass_all = membrane_masses(m, rho, params.thickness);
  const double mass_floor = 1e-6 * rho * params.thickness * dx * dx;
  VectorX mass(nf);
  for (int j = 0; j < nf; ++j) mass[j] = std::max(mass_all[static_cast<size_t>(free_particles[static_cast<size_t>(j)])], mass_floor);

  // Capillary force and stiffness over the free particles (Eq. 9-11).
  Eigen::SparseMatrix<double> Lff(nf, nf);
  std::vector<Vec3> fc(m.size(), Vec3::Zero());
  if (sigma > 0.0) {
    fc = capillary_forces(m, sigma);
    const Eigen::SparseMatrix<double> L = capillary_stiffness(m, sigma);
    std::vector<Eigen::Triplet<double>> trips;
    for (int c = 0; c < L.outerSize(); ++c)
      for (Eigen::SparseMatrix<double>::InnerIterator it(L, c); it; ++it) {
        const int r = free_index[static_cast<size_t>(it.row())], k = free_index[static_cast<size_t>(it.col())];
        if (r >= 0 && k >= 0) trips.emplace_back(r, k, it.value());
      }
    Lff.setFromTriplets(trips.begin(), trips.end());
  }

  // Per axis: W_a, A_a = M_s + dt^2 K_c + W_a^T M_a W_a and b_a (Eq. 18).
  std::array<AxisBlock, 3> blocks;
  for (size_t r = 0; r < sf.faces.size(); ++r)
    if (sf.W.row(static_cast<int>(r)).nonZeros() > 0) blocks[static_cast<size_t>(sf.faces[r].axis)].rows.push_back(static_cast<int>(r));
  for (int a = 0; a < 3; ++a) {
    AxisBlock& B = blocks[static_cast<size_t>(a)];
    const int nr = static_cast<int>(B.rows.size());
    std::vector<Eigen::Triplet<double>> trips;
    B.w0 = VectorX::Zero(nr);
    VectorX ustar(nr), face_mass(nr);
    for (int q = 0; q < nr; ++q) {
      const SurfaceFace& f = sf.faces[static_cast<size_t>(B.rows[static_cast<size_t>(q)])];
      for (RowMatrix::InnerIterator it(sf.W, B.rows[static_cast<size_t>(q)]); it; ++it) {
        const int j = free_index[static_cast<size_t>(it.col())];
        if (j >= 0) trips.emplace_back(q, j, it.value());
        else B.w0[q] += it.value() * m.v[static_cast<size_t>(it.col())][a];
      }
      ustar[q] = liquid.velocity.u[a](f.index.x(), f.index.y(), f.index.z());
      face_mass[q] = f.mass;
    }
    B.W.resize(nr, nf);
    B.W.setFromTriplets(trips.begin(), trips.end());
    Eigen::SparseMatrix<double> MsD(nf, nf);
    MsD.reserve(Eigen::VectorXi::Constant(nf, 1));
    for (int j = 0; j < nf; ++j) MsD.insert(j, j) = mass[j];
    B.A = MsD + (dt * dt) * Lff + Eigen::SparseMatrix<double>(B.W.transpose() * face_mass.asDiagonal() * B.W);
    VectorX vn(nf), f(nf);
    for (int j = 0; j < nf; ++j) {
      vn[j] = m.v[static_cast<size_t>(free_particles[static_cast<size_t>(j)])][a];
      f[j] = fc[static_cast<size_t>(free_particles[static_cast<size_t>(j)])][a];
    }
    B.b = mass.cwiseProduct(vn) + dt * f + (dt * dt) * (Lff * vn) +
          B.W.transpose() * face_mass.cwiseProduct(ustar - B.w0);
  }

  // The membrane's velocity without pressure on each fluid-air face: the assembled right-hand
  // side is then -div(u*, W A^-1 b).
  std::array<VectorX, 3> v0;
  for (int a = 0; a < 3; ++a) {
    AxisBlock& B = blocks[static_cast<size_t>(a)];
    VectorX u0 = B.w0;
    if (nf > 0 && !B.rows.empty()) {
      if (!B.solver.solve(B.A, B.b, v0[static_cast<size_t>(a)]))
        throw SimulationError("the membrane's mass matrix could not be factorised (axis " + std::to_string(a) + ")");
      u0 += B.W * v0[static_cast<size_t>(a)];
    }
    for (size_t q = 0; q < B.rows.size(); ++q) {
      const SurfaceFace& sfc = sf.faces[static_cast<size_t>(B.rows[q])];
      liquid.velocity.u[a](sfc.index.x(), sfc.index.y(), sfc.index.z()) = u0[static_cast<Eigen::Index>(q)];
    }
  }
  assemble_pressure_system(sys, liquid, sb, nullptr, pp);
  const PoissonSystem& P = sys.A;
  const CompactLayout& layout = P.layout;
  const int64_t nc = layout.size;
  result.liquid_cells = nc;
  if (nc == 0) {
    v_out = m.v;
    return result;
  }
  const double scale = dt / (rho * dx * dx);

  // L: the assembled ghost-fluid matrix without the ghost terms of the fluid-air faces the
  // membrane reaches (their velocity is the membrane's).
  std::vector<double> ghost(static_cast<size_t>(nc), 0.0);
  for (int a = 0; a < 3; ++a)
    for (int r : blocks[static_cast<size_t>(a)].rows) {
      const SurfaceFace& f = sf.faces[static_cast<size_t>(r)];
      Vec3i air = f.index;
      if (f.sign > 0) air[a] -= 1;
      const InterfaceSample s = interface_between(liquid.phi[f.liquid_cell], liquid.phi(air.x(), air.y(), air.z()), 0.0,
                                                  0.0, 0.0, pp.min_theta);
      ghost[static_cast<size_t>(layout.grid_to_compact[static_cast<size_t>(f.liquid_cell)])] += scale * f.open / s.theta;
    }
  std::vector<Eigen::Triplet<double>> trips;
  trips.reserve(static_cast<size_t>(nc) * 7);
  for (int64_t c = 0; c < P.cells(); ++c) {
    if (!P.active[static_cast<size_t>(c)]) continue;
    const int64_t i = layout.grid_to_compact[static_cast<size_t>(c)];
    trips.emplace_back(i, i, P.diag[static_cast<size_t>(c)] - ghost[static_cast<size_t>(i)]);
    for (int a = 0; a < 3; ++a) {
      const int64_t cn = c + P.stride[a];
      const double off = P.off[a][static_cast<size_t>(c)];
      if (off == 0.0 || cn >= P.cells() || !P.active[static_cast<size_t>(cn)]) continue;
      const int64_t k = layout.grid_to_compact[static_cast<size_t>(cn)];
      trips.emplace_back(i, k, off);
      trips.emplace_back(k, i, off);
    }
  }
  Eigen::SparseMatrix<double> L(nc, nc);
  L.setFromTriplets(trips.begin(), trips.end());

  // (w G) per fluid-air face: sign * open / dx at its liquid cell.
  auto compact_of = [&](const SurfaceFace& f) { return layout.grid_to_compact[static_cast<size_t>(f.liquid_cell)]; };
  // W_a^T (w G p)_a: the pressure's impulse on the particles (per unit V dt).
  auto membrane_rhs = [&](int a, const VectorX& x) {
    const AxisBlock& B = blocks[static_cast<size_t>(a)];
    VectorX g(static_cast<Eigen::Index>(B.rows.size()));
    for (size_t q = 0; q < B.rows.size(); ++q) {
      const SurfaceFace& f = sf.faces[static_cast<size_t>(B.rows[q])];
      g[static_cast<Eigen::Index>(q)] = f.sign * f.open / dx * x[compact_of(f)];
    }
    return VectorX(B.W.transpose() * g);
  };
  bool factor_failed = false;
  // (L + V dt sum_a B_a A_a^-1 B_a^T) p.
  const LinearMap apply = [&](const VectorX& x, VectorX& y) {
    y = L * x;
    if (nf == 0) return;
    for (int a = 0; a < 3; ++a) {
      AxisBlock& B = blocks[static_cast<size_t>(a)];
      if (B.rows.empty()) continue;
      VectorX z;
      if (!B.solver.solve_same_matrix(B.A, membrane_rhs(a, x), z)) factor_failed = true;
      const VectorX q = B.W * z;
      for (size_t r = 0; r < B.rows.size(); ++r) {
        const SurfaceFace& f = sf.faces[static_cast<size_t>(B.rows[r])];
        y[compact_of(f)] += V * dt * f.sign * f.open / dx * q[static_cast<Eigen::Index>(r)];
      }
    }
  };
  MultigridPreconditioner mg(sys.A, sys.mg);
  std::vector<double> rs, zs;
  const LinearMap precondition = [&](const VectorX& r, VectorX& z) {
    rs.assign(static_cast<size_t>(layout.padded), 0.0);
    std::copy(r.data(), r.data() + nc, rs.begin());
    zs.assign(static_cast<size_t>(layout.padded), 0.0);
    mg.apply(rs, zs);
    z = Eigen::Map<const VectorX>(zs.data(), nc);
  };
  std::vector<double> rhs_c;
  layout.gather(sys.rhs, rhs_c);
  const VectorX b = Eigen::Map<const VectorX>(rhs_c.data(), nc);
  VectorX p = VectorX::Zero(nc);
  const OperatorPcgResult cg = operator_pcg(apply, precondition, b, p, pp.solver.tolerance, pp.solver.max_iterations);
  if (factor_failed) throw SimulationError("the membrane's mass matrix could not be applied in the pressure solve");
  result.iterations = cg.iterations;
  result.residual = cg.residual;
  result.converged = cg.converged;

  // Back to the grid and the membrane: v_a = A_a^-1 (b_a - V dt W_a^T (w G p)_a).
  std::vector<double> p_grid(static_cast<size_t>(P.cells()), 0.0);
  std::vector<double> p_compact(static_cast<size_t>(layout.padded), 0.0);
  std::copy(p.data(), p.data() + nc, p_compact.begin());
  layout.scatter(p_compact, p_grid);
  liquid.pressure = ScalarGrid(g.n, 0.0);
  for (int64_t c = 0; c < P.cells(); ++c) liquid.pressure[c] = p_grid[static_cast<size_t>(c)];
  for (int a = 0; a < 3; ++a)
    valid[static_cast<size_t>(a)] = Array3<uint8_t>(g.face_dims(a), 0);
  subtract_pressure_gradient(sys, liquid, sb, nullptr, pp, p_grid, dt / (rho * dx), &sb.velocity, liquid.velocity, &valid);
  v_out = m.v;
  for (int a = 0; a < 3; ++a) {
    AxisBlock& B = blocks[static_cast<size_t>(a)];
    if (nf == 0) continue;
    VectorX va;
    const bool ok = B.rows.empty() ? B.solver.solve(B.A, B.b, va)
                                   : B.solver.solve_same_matrix(B.A, B.b - V * dt * membrane_rhs(a, p), va);
    if (!ok)
      throw SimulationError("the membrane's mass matrix could not be factorised (axis " + std::to_string(a) + ")");
    for (int j = 0; j < nf; ++j) v_out[static_cast<size_t>(free_particles[static_cast<size_t>(j)])][a] = va[j];
    const VectorX u = B.W * va + B.w0;
    for (size_t q = 0; q < B.rows.size(); ++q) {
      const SurfaceFace& f = sf.faces[static_cast<size_t>(B.rows[q])];
      liquid.velocity.u[a](f.index.x(), f.index.y(), f.index.z()) = u[static_cast<Eigen::Index>(q)];
      valid[static_cast<size_t>(a)](f.index.x(), f.index.y(), f.index.z()) = 1;
    }
  }
  return result;
}

}  // namespace ripple
