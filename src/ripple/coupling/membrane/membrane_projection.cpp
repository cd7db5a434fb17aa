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
using Triplets = std::vector<Eigen::Triplet<double>>;

/// Row a of the body's Jacobian at world point x: d(velocity_a)/d(v, omega), velocity = v +
/// omega x (x - c).
Eigen::Matrix<double, 1, 6> jacobian_row(const RigidBody& b, const Vec3& x, int a) {
  const Vec3 r = x - b.position;
  Eigen::Matrix<double, 1, 6> J = Eigen::Matrix<double, 1, 6>::Zero();
  J(a) = 1.0;
  // (omega x r)_a = sum_k omega_k (e_k x r)_a.
  for (int k = 0; k < 3; ++k) J(3 + k) = Vec3::Unit(k).cross(r)[a];
  return J;
}

}  // namespace

MembraneProjectionResult project_with_membrane(LiquidState& liquid, const SolidBoundary& sb, const SurfaceFaces& sf,
                                               const LiquidMembrane& m, std::vector<MembraneBody>& bodies,
                                               const MembraneProjectionParams& params, std::vector<Vec3>& v_out,
                                               FaceFlags& valid, PressureSystem& sys) {
  MembraneProjectionResult result;
  const GridGeometry& g = liquid.grid;
  for (int a = 0; a < 3; ++a) valid[static_cast<size_t>(a)] = Array3<uint8_t>(g.face_dims(a), 0);
  liquid.pressure = ScalarGrid(g.n, 0.0);
  const ProjectionParams& pp = params.projection;
  const double dt = pp.dt, rho = pp.density, dx = g.dx, V = dx * dx * dx;
  const double sigma = params.surface_tension;

  // The unknowns z: the particles' velocities along their solved axes (all three for a free
  // particle, the wall's tangents on a contact line), then six per body solved for.
  const std::vector<uint8_t> axes = solved_axes(m);
  std::array<std::vector<int>, 3> column;      // per axis: particle -> column of z, or -1
  std::array<std::vector<int>, 3> axis_particles;  // per axis: the particles solved along it
  int nz = 0;
  for (int a = 0; a < 3; ++a) {
    column[static_cast<size_t>(a)].assign(m.size(), -1);
    for (size_t i = 0; i < m.size(); ++i)
      if (axes[i] & (1u << a)) {
        column[static_cast<size_t>(a)][i] = nz++;
        axis_particles[static_cast<size_t>(a)].push_back(static_cast<int>(i));
      }
  }
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.free(i)) ++result.free_particles;
    else if (axes[i]) ++result.line_particles;
  }
  std::vector<int> body_column(bodies.size(), -1);
  for (size_t k = 0; k < bodies.size(); ++k)
    if (bodies[k].unknown) {
      body_column[k] = nz;
      nz += 6;
    }
  auto body_velocity = [&](int k, const Vec3& x) { return velocity_at(*bodies[static_cast<size_t>(k)].body, x); };

  // D and b without the coupled faces: M_s + dt^2 K_c per axis (Eq. 18), M_r per body (Eq. 14).
  const std::vector<double> mass_all = membrane_masses(m, rho, params.thickness);
  const double mass_floor = 1e-6 * rho * params.thickness * dx * dx;
  Triplets D;
  VectorX b = VectorX::Zero(nz);
  std::vector<Vec3> fc(m.size(), Vec3::Zero());
  if (sigma > 0.0) {
    fc = capillary_forces(m, sigma);
    const std::vector<Vec3> fw = wetting_forces(m, sigma, params.wall_contact_angle);
    for (size_t i = 0; i < m.size(); ++i) fc[i] += fw[i];
  }
  for (int a = 0; a < 3; ++a)
    for (int i : axis_particles[static_cast<size_t>(a)]) {
      const size_t si = static_cast<size_t>(i);
      const int c = column[static_cast<size_t>(a)][si];
      const double mi = std::max(mass_all[si], mass_floor);
      D.emplace_back(c, c, mi);
      b[c] = mi * m.v[si][a] + dt * fc[si][a];
    }
  if (sigma > 0.0) {
    const Eigen::SparseMatrix<double> L =
        capillary_stiffness(m, sigma) + wetting_stiffness(m, sigma, params.wall_contact_angle);
    for (int k = 0; k < L.outerSize(); ++k)
      for (Eigen::SparseMatrix<double>::InnerIterator it(L, k); it; ++it)
        for (size_t a = 0; a < 3; ++a) {
          const int r = column[a][static_cast<size_t>(it.row())], c = column[a][static_cast<size_t>(it.col())];
          if (r < 0 || c < 0) continue;
          D.emplace_back(r, c, dt * dt * it.value());
          b[r] += dt * dt * it.value() * m.v[static_cast<size_t>(it.col())][static_cast<int>(a)];
        }
  }
  for (size_t k = 0; k < bodies.size(); ++k) {
    if (body_column[k] < 0) continue;
    const RigidBody& rb = *bodies[k].body;
    const int c0 = body_column[k];
    Eigen::Matrix<double, 6, 6> Mr = Eigen::Matrix<double, 6, 6>::Zero();
    Mr.topLeftCorner<3, 3>() = rb.mass * Mat3::Identity();
    Mr.bottomRightCorner<3, 3>() = world_inertia(rb);
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 6; ++c)
        if (Mr(r, c) != 0.0) D.emplace_back(c0 + r, c0 + c, Mr(r, c));
    Eigen::Matrix<double, 6, 1> vr;
    vr << rb.velocity, rb.angular_velocity;
    Eigen::Matrix<double, 6, 1> f;
    f << bodies[k].force, bodies[k].torque;
    b.segment<6>(c0) = Mr * vr + dt * f;
  }

  // The coupled faces: u_f = R_f z + u0_f. Rows the membrane does not reach stay plain free
  // surface (not coupled).
  std::vector<int> rows;
  for (size_t r = 0; r < sf.faces.size(); ++r)
    if (sf.faces[r].body >= 0 || sf.W.row(static_cast<int>(r)).nonZeros() > 0) rows.push_back(static_cast<int>(r));
  const int nr = static_cast<int>(rows.size());
  Triplets Rt;
  VectorX u0 = VectorX::Zero(nr), ustar(nr), face_mass(nr);
  for (int q = 0; q < nr; ++q) {
    const SurfaceFace& f = sf.faces[static_cast<size_t>(rows[static_cast<size_t>(q)])];
    const int a = f.axis;
    ustar[q] = liquid.velocity.u[a](f.index.x(), f.index.y(), f.index.z());
    face_mass[q] = f.mass;
    if (f.body >= 0) {  // a fluid-solid dual cell (Eq. 23)
      const Vec3 xf = g.face_center(a, f.index.x(), f.index.y(), f.index.z());
      const int c0 = body_column[static_cast<size_t>(f.body)];
      if (c0 < 0) u0[q] = body_velocity(f.body, xf)[a];
      else {
        const Eigen::Matrix<double, 1, 6> J = jacobian_row(*bodies[static_cast<size_t>(f.body)].body, xf, a);
        for (int c = 0; c < 6; ++c)
          if (J(c) != 0.0) Rt.emplace_back(q, c0 + c, J(c));
      }
      continue;
    }
    for (RowMatrix::InnerIterator it(sf.W, rows[static_cast<size_t>(q)]); it; ++it) {
      const size_t i = static_cast<size_t>(it.col());
      const int j = column[static_cast<size_t>(a)][i];
      if (j >= 0) {
        Rt.emplace_back(q, j, it.value());
      } else if (m.body[i] >= 0 && body_column[static_cast<size_t>(m.body[i])] >= 0) {
        const Eigen::Matrix<double, 1, 6> J = jacobian_row(*bodies[static_cast<size_t>(m.body[i])].body, m.x[i], a);
        const int c0 = body_column[static_cast<size_t>(m.body[i])];
        for (int c = 0; c < 6; ++c)
          if (J(c) != 0.0) Rt.emplace_back(q, c0 + c, it.value() * J(c));
      } else if (m.body[i] >= 0) {
        u0[q] += it.value() * body_velocity(m.body[i], m.x[i])[a];
      } else {
        u0[q] += it.value() * m.v[i][a];  // a held wall particle, or a wall's normal: at rest
      }
    }
  }
  Eigen::SparseMatrix<double> R(nr, nz);
  R.setFromTriplets(Rt.begin(), Rt.end());
  Eigen::SparseMatrix<double> A(nz, nz);
  A.setFromTriplets(D.begin(), D.end());
  A += Eigen::SparseMatrix<double>(R.transpose() * face_mass.asDiagonal() * R);
  b += R.transpose() * face_mass.cwiseProduct(ustar - u0);
  SparseSpdSolver solver;

  // The solid side's velocity without pressure on each coupled face: the assembled right-hand
  // side is then -div(u*, R A^-1 b + u0).
  VectorX z0 = VectorX::Zero(nz);
  if (nz > 0 && !solver.solve(A, b, z0)) throw SimulationError("the membrane and bodies' mass matrix could not be factorised");
  const VectorX ufree = R * z0 + u0;
  for (int q = 0; q < nr; ++q) {
    const SurfaceFace& f = sf.faces[static_cast<size_t>(rows[static_cast<size_t>(q)])];
    liquid.velocity.u[f.axis](f.index.x(), f.index.y(), f.index.z()) = ufree[q];
  }
  assemble_pressure_system(sys, liquid, sb, nullptr, pp);
  const PoissonSystem& P = sys.A;
  const CompactLayout& layout = P.layout;
  const int64_t nc = layout.size;
  auto scatter_solid = [&](const VectorX& z) {
    v_out = m.v;
    for (size_t a = 0; a < 3; ++a)
      for (int i : axis_particles[a]) v_out[static_cast<size_t>(i)][static_cast<int>(a)] = z[column[a][static_cast<size_t>(i)]];
    for (size_t k = 0; k < bodies.size(); ++k)
      if (body_column[k] >= 0) {
        bodies[k].body->velocity = z.segment<3>(body_column[k]);
        bodies[k].body->angular_velocity = z.segment<3>(body_column[k] + 3);
      }
  };
  if (nc == 0) {
    scatter_solid(z0);
    return result;
  }
  const double scale = dt / (rho * dx * dx);
  auto compact_of = [&](const SurfaceFace& f) { return layout.grid_to_compact[static_cast<size_t>(f.liquid_cell)]; };

  // L: the assembled ghost-fluid matrix without the ghost terms of the coupled faces (their
  // velocity is the membrane's or a body's).
  std::vector<double> ghost(static_cast<size_t>(nc), 0.0);
  for (int r : rows) {
    const SurfaceFace& f = sf.faces[static_cast<size_t>(r)];
    Vec3i other = f.index;
    if (f.sign > 0) other[f.axis] -= 1;
    const InterfaceSample s = interface_between(liquid.phi[f.liquid_cell], liquid.phi(other.x(), other.y(), other.z()),
                                                0.0, 0.0, 0.0, pp.min_theta);
    ghost[static_cast<size_t>(compact_of(f))] += scale * f.open / s.theta;
  }
  Triplets trips;
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

  // R^T (w G p): the pressure's impulse on the solid side (per unit V dt), Eq. 16 and 26.
  auto impulse = [&](const VectorX& p) {
    VectorX gp(nr);
    for (int q = 0; q < nr; ++q) {
      const SurfaceFace& f = sf.faces[static_cast<size_t>(rows[static_cast<size_t>(q)])];
      gp[q] = f.sign * f.open / dx * p[compact_of(f)];
    }
    return VectorX(R.transpose() * gp);
  };
  bool factor_failed = false;
  const LinearMap apply = [&](const VectorX& x, VectorX& y) {
    y = L * x;
    if (nz == 0) return;
    VectorX z;
    if (!solver.solve_same_matrix(A, impulse(x), z)) factor_failed = true;
    const VectorX q = R * z;
    for (int r = 0; r < nr; ++r) {
      const SurfaceFace& f = sf.faces[static_cast<size_t>(rows[static_cast<size_t>(r)])];
      y[compact_of(f)] += V * dt * f.sign * f.open / dx * q[r];
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
  const VectorX rhs = Eigen::Map<const VectorX>(rhs_c.data(), nc);
  VectorX p = VectorX::Zero(nc);
  const OperatorPcgResult cg = operator_pcg(apply, precondition, rhs, p, pp.solver.tolerance, pp.solver.max_iterations);
  if (factor_failed) throw SimulationError("the membrane and bodies' mass matrix could not be applied in the pressure solve");
  result.iterations = cg.iterations;
  result.residual = cg.residual;
  result.converged = cg.converged;

  // Back to the grid and the solid side: z = A^-1 (b - V dt R^T (w G p)).
  std::vector<double> p_grid(static_cast<size_t>(P.cells()), 0.0);
  std::vector<double> p_compact(static_cast<size_t>(layout.padded), 0.0);
  std::copy(p.data(), p.data() + nc, p_compact.begin());
  layout.scatter(p_compact, p_grid);
  for (int64_t c = 0; c < P.cells(); ++c) liquid.pressure[c] = p_grid[static_cast<size_t>(c)];
  subtract_pressure_gradient(sys, liquid, sb, nullptr, pp, p_grid, dt / (rho * dx), &sb.velocity, liquid.velocity, &valid);
  VectorX z = z0;
  if (nz > 0 && !solver.solve_same_matrix(A, b - V * dt * impulse(p), z))
    throw SimulationError("the membrane and bodies' mass matrix could not be factorised");
  scatter_solid(z);
  const VectorX u = R * z + u0;
  for (int q = 0; q < nr; ++q) {
    const SurfaceFace& f = sf.faces[static_cast<size_t>(rows[static_cast<size_t>(q)])];
    liquid.velocity.u[f.axis](f.index.x(), f.index.y(), f.index.z()) = u[q];
    valid[static_cast<size_t>(f.axis)](f.index.x(), f.index.y(), f.index.z()) = 1;
  }
  return result;
}

}  // namespace ripple
