#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <random>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/coupling/slip/slip_projection.hpp"
#include "ripple/fluid/pressure_projection.hpp"

namespace ripple {

namespace {

LiquidState liquid_box(const Vec3i& n, double dx) {
  LiquidState L;
  L.grid.n = n;
  L.grid.dx = dx;
  L.velocity.resize(L.grid);
  L.phi = ScalarGrid(n, -1.0);
  L.pressure = ScalarGrid(n, 0.0);
  return L;
}

/// A flat rectangle through `centre` spanned by unit vectors s and t (half sizes hs, ht), as
/// m x m squares of two triangles each, all moving at `velocity`.
SlipSurface rectangle(const Vec3& centre, const Vec3& s, const Vec3& t, double hs, double ht, int m,
                      const Vec3& velocity = Vec3::Zero()) {
  SlipSurface out;
  for (int j = 0; j <= m; ++j)
    for (int i = 0; i <= m; ++i) {
      out.x.push_back(centre + s * hs * (2.0 * i / m - 1.0) + t * ht * (2.0 * j / m - 1.0));
      out.v.push_back(velocity);
      out.model_vertex.push_back(-1);
    }
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) {
      const int v = j * (m + 1) + i;
      out.triangles.push_back({v, v + 1, v + m + 2});
      out.triangles.push_back({v, v + m + 2, v + m + 1});
      out.triangle_body.push_back(0);
      out.triangle_body.push_back(0);
    }
  out.bodies = {"plane"};
  return out;
}

/// Velocity at p seen from cell c: the average of c's two faces per axis (the one-sided stencil
/// of the method at a cell centre).
Vec3 cell_velocity(const LiquidState& L, const OccludedFaces& occ, const UpperSamples& up, const Vec3i& c) {
  Vec3 v;
  for (int a = 0; a < 3; ++a) {
    double sum = 0.0;
    for (int hi = 0; hi < 2; ++hi) {
      Vec3i f = c;
      f[a] += hi;
      const bool interior = f[a] > 0 && f[a] < L.grid.n[a];
      const int32_t o = interior ? occ.at(a, f) : -1;
      // The upper sample when c is the face's upper cell (hi == 0).
      sum += (o >= 0 && hi == 0) ? up.value[o] : L.velocity.u[a](f.x(), f.y(), f.z());
    }
    v[a] = 0.5 * sum;
  }
  return v;
}

}  // namespace

// Fig. 5 of Robinson-Mosher et al. 2009: a thin plane at pi/16 with opposite tangential flows on
// its two sides. The plane is leak-proof (no open face joins the two sides), the projection
// keeps both flows, and no flux crosses it.
namespace {

struct PlaneFlows {
  double above = 0.0, below = 0.0, normal = 0.0;  ///< mean tangential speeds, largest normal speed (m/s)
};

PlaneFlows project_plane_flows(bool no_slip) {
  const int n = 32;
  const double dx = 1.0 / n, U = 1.0;
  LiquidState L = liquid_box({n, n, 4}, dx);
  const double angle = M_PI / 16;
  const Vec3 t(std::cos(angle), std::sin(angle), 0.0), nrm(-std::sin(angle), std::cos(angle), 0.0);
  const Vec3 centre(0.5, 0.5 + 0.13 * dx, 2 * dx);
  const SlipSurface plane = rectangle(centre, t, Vec3::UnitZ(), 0.8, 4 * dx, 24);
  const SurfaceBins bins(L.grid, plane);
  const OccludedFaces occ = find_occluded_faces(bins);
  EXPECT_GT(occ.faces.size(), 20u);
  auto above = [&](const Vec3& p) { return (p - centre).dot(nrm) > 0.0; };
  // Leak-proof: every face whose two cell centres lie on opposite sides is occluded.
  int crossing = 0;
  for (int a = 0; a < 3; ++a)
    for (int64_t i = 0; i < occ.index[a].size(); ++i) {
      const Vec3i f = occ.index[a].coords(i);
      if (f[a] == 0 || f[a] == L.grid.n[a]) continue;
      Vec3i lo = f;
      lo[a] -= 1;
      const bool sides_differ = above(L.grid.cell_center(lo.x(), lo.y(), lo.z())) != above(L.grid.cell_center(f.x(), f.y(), f.z()));
      if (sides_differ) {
        ++crossing;
        EXPECT_GE(occ.index[a].data()[i], 0) << "open face between the plane's sides at axis " << a;
      }
    }
  EXPECT_GT(crossing, 0);
  for (const OccludedFace& f : occ.faces) EXPECT_NEAR(std::abs(f.normal.dot(nrm)), 1.0, 1e-9);

  // Opposite tangential flows, divergence free as they stand: open x and y sides let them pass,
  // so the exact answer is the field itself and what the projection changes is its error.
  for (int a = 0; a < 3; ++a)
    for (int64_t i = 0; i < L.velocity.u[a].size(); ++i) {
      const Vec3i f = L.velocity.u[a].coords(i);
      const Vec3 p = L.grid.face_center(a, f.x(), f.y(), f.z());
      L.velocity.u[a].data()[i] = (above(p) ? U : -U) * t[a];
    }
  SlipProjectionParams prm;
  prm.dt = 0.01;
  prm.walls = {false, false, false, false, true, true};
  prm.tolerance = 1e-10;
  prm.no_slip = no_slip;
  FaceFlags valid;
  UpperSamples up;
  const SlipProjectionResult r =
      project_with_slip(L, occ, face_solid_velocities(occ, plane, nullptr, nullptr), nullptr, prm, valid, up);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.constraints, 2 * static_cast<int64_t>(occ.faces.size()));
  EXPECT_EQ(r.pinned_regions, 0);
  EXPECT_LT(r.max_divergence, 1e-6);
  EXPECT_LT(r.max_normal_mismatch, 1e-6);
  // The flows along the plane in the cells next to it (within 1.5 dx, away from the open ends).
  double sum_above = 0.0, sum_below = 0.0, normal = 0.0;
  int count_above = 0, count_below = 0;
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 6; i < n - 6; ++i) {
        const Vec3 p = L.grid.cell_center(i, j, k);
        const double d = (p - centre).dot(nrm);
        if (std::abs(d) > 1.5 * dx) continue;
        const Vec3 v = cell_velocity(L, occ, up, {i, j, k});
        (d > 0 ? sum_above : sum_below) += v.dot(t);
        (d > 0 ? count_above : count_below) += 1;
        normal = std::max(normal, std::abs(v.dot(nrm)));
      }
  EXPECT_GT(count_above, 10);
  EXPECT_GT(count_below, 10);
  return {sum_above / std::max(count_above, 1), sum_below / std::max(count_below, 1), normal};
}

}  // namespace

TEST(SlipProjection, ThinPlaneKeepsOppositeTangentialFlows) {
  const double U = 1.0;
  const PlaneFlows f = project_plane_flows(false);
  std::printf("tangential speed next to the plane: above %.4f, below %.4f (U = 1); largest normal speed %.4f\n",
              f.above, f.below, f.normal);
  EXPECT_NEAR(f.above, U, 0.05 * U);
  EXPECT_NEAR(f.below, -U, 0.05 * U);
  EXPECT_LT(f.normal, 0.1 * U);
}

// The no-slip variant (Fig. 9's comparison) holds the liquid next to the plane to the plane's
// velocity: the opposite flows stop there.
TEST(SlipProjection, NoSlipVariantStopsTheFlowsAtThePlane) {
  const PlaneFlows f = project_plane_flows(true);
  std::printf("no-slip: tangential speed next to the plane: above %.4f, below %.4f (U = 1)\n", f.above, f.below);
  EXPECT_LT(std::abs(f.above), 0.35);
  EXPECT_LT(std::abs(f.below), 0.35);
}

// Without any surface the method is the plain projection: the same velocities as ripple's
// ghost-fluid pressure projection on a free-surface liquid with closed walls.
TEST(SlipProjection, WithoutSolidsMatchesThePlainProjection) {
  const int n = 12;
  const double dx = 0.1;
  LiquidState L = liquid_box({n, n, n}, dx);
  for (int64_t c = 0; c < L.phi.size(); ++c) {
    const Vec3i ijk = L.phi.coords(c);
    L.phi.data()[c] = L.grid.cell_center(ijk.x(), ijk.y(), ijk.z()).y() - 0.63;
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> uni(-1.0, 1.0);
  for (auto& u : L.velocity.u)
    for (double& x : u.data()) x = uni(rng);
  LiquidState plain = L;

  SlipProjectionParams prm;
  prm.dt = 0.01;
  prm.walls = {true, true, true, true, true, true};
  prm.tolerance = 1e-12;
  FaceFlags valid;
  UpperSamples up;
  const SlipSurface none;
  const SurfaceBins bins(L.grid, none);
  const OccludedFaces occ = find_occluded_faces(bins);
  const SlipProjectionResult r =
      project_with_slip(L, occ, face_solid_velocities(occ, none, nullptr, nullptr), nullptr, prm, valid, up);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.constraints, 0);
  EXPECT_EQ(r.pinned_regions, 0);

  SolidBoundary sb;
  const ObstacleField no_obstacles({}, dx);
  sb.node_phi = ScalarGrid(L.grid.node_dims(), 1e30);
  sb.velocity.resize(L.grid);
  update_face_fractions(sb, L.grid, prm.walls, no_obstacles, 0.0);
  ProjectionParams pp;
  pp.dt = prm.dt;
  pp.solver.tolerance = 1e-12;
  pp.solver.max_iterations = 2000;
  pp.solver.wall_contact = WallContact::Bilateral;
  FaceFlags valid_plain;
  PressureSystem scratch;
  project_pressure(plain, sb, nullptr, pp, valid_plain, scratch);
  double diff = 0.0, scale = 0.0;
  int compared = 0;
  for (int a = 0; a < 3; ++a)
    for (int64_t i = 0; i < L.velocity.u[a].size(); ++i) {
      if (!valid[a].data()[i] || !valid_plain[a].data()[i]) continue;
      diff = std::max(diff, std::abs(L.velocity.u[a].data()[i] - plain.velocity.u[a].data()[i]));
      scale = std::max(scale, std::abs(plain.velocity.u[a].data()[i]));
      ++compared;
    }
  EXPECT_GT(compared, 1000);
  EXPECT_LT(diff, 1e-6 * scale);
  double pdiff = 0.0;
  for (int64_t c = 0; c < L.pressure.size(); ++c)
    if (L.phi.data()[c] < 0) pdiff = std::max(pdiff, std::abs(L.pressure.data()[c] - plain.pressure.data()[c]));
  EXPECT_LT(pdiff, 1e-4);
}

// Appendix A: J averages the vertex velocities with weights summing to one, so a surface in
// rigid translation gives its velocity at every occluded face, whatever the triangulation.
TEST(SlipProjection, JWeightsReproduceATranslation) {
  const GridGeometry g{Vec3::Zero(), 0.1, Vec3i(10, 10, 10)};
  const Vec3 v(0.3, -0.2, 0.5);
  const Vec3 s = Vec3(1, 0.2, 0.1).normalized(), t = Vec3(0, 0.3, 1).normalized().cross(s).normalized();
  const SlipSurface plane = rectangle({0.51, 0.47, 0.52}, s, t, 0.33, 0.31, 7, v);
  const SurfaceBins bins(g, plane);
  const OccludedFaces occ = find_occluded_faces(bins);
  ASSERT_GT(occ.faces.size(), 10u);
  const Vec3 nrm = s.cross(t).normalized();
  for (const OccludedFace& f : occ.faces) {
    double sum = 0.0;
    for (const auto& [vertex, w] : f.weights) sum += w;
    EXPECT_NEAR(sum, 1.0, 1e-12);
    EXPECT_LT((f.solid_velocity(plane) - v).norm(), 1e-12);
    EXPECT_NEAR(std::abs(f.normal.dot(nrm)), 1.0, 1e-9);
    EXPECT_GE(f.normal[f.axis], 0.0);
  }
}

// Sec. 4, one-way: a small plate moving along its normal through resting liquid. The liquid's
// normal velocity at the plate matches the plate's, and the liquid next to it moves with it.
TEST(SlipProjection, MovingPlatePushesTheLiquid) {
  const int n = 24;
  const double dx = 1.0 / n, V = 0.5;
  LiquidState L = liquid_box({n, n, n}, dx);
  for (int64_t c = 0; c < L.phi.size(); ++c) {
    const Vec3i ijk = L.phi.coords(c);
    L.phi.data()[c] = L.grid.cell_center(ijk.x(), ijk.y(), ijk.z()).y() - 0.9;  // free surface on top
  }
  const Vec3 nrm = Vec3(1, 0.3, 0).normalized(), s = Vec3::UnitZ(), t = nrm.cross(s);
  const Vec3 centre(0.47, 0.45, 0.52);
  const SlipSurface plate = rectangle(centre, s, t, 0.2, 0.2, 6, V * nrm);
  const SurfaceBins bins(L.grid, plate);
  const OccludedFaces occ = find_occluded_faces(bins);
  SlipProjectionParams prm;
  prm.dt = 0.01;
  prm.walls = {true, true, true, true, true, true};
  prm.tolerance = 1e-10;
  FaceFlags valid;
  UpperSamples up;
  const SlipProjectionResult r =
      project_with_slip(L, occ, face_solid_velocities(occ, plate, nullptr, nullptr), nullptr, prm, valid, up);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.pinned_regions, 0);
  EXPECT_LT(r.max_divergence, 1e-6);
  EXPECT_LT(r.max_normal_mismatch, 1e-6 * V);
  double sum = 0.0;
  int count = 0;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i) {
        const Vec3 p = L.grid.cell_center(i, j, k) - centre;
        if (std::abs(p.dot(nrm)) > dx || std::abs(p.dot(s)) > 0.1 || std::abs(p.dot(t)) > 0.1) continue;
        sum += cell_velocity(L, occ, up, {i, j, k}).dot(nrm);
        ++count;
      }
  ASSERT_GT(count, 20);
  EXPECT_NEAR(sum / count, V, 0.2 * V);
}

// Sec. 3.2: each connected set of ghost cells passes on exactly what flows into it, so the
// liquid's mass is conserved although flow enters and leaves the solid's stair steps.
TEST(SlipProjection, EveryConnectedSetOfGhostCellsHasZeroNetFlux) {
  const int n = 20;
  const double dx = 1.0 / n, U = 1.0;
  LiquidState L = liquid_box({n, n, n}, dx);
  // A cube turned about a skew axis, in a uniform stream along x.
  const Eigen::AngleAxisd turn(0.6, Vec3(1, 1, 0.3).normalized());
  const TriangleMesh cube = box_mesh(Vec3::Constant(-0.18), Vec3::Constant(0.18));
  SlipSurface s;
  for (const Vec3& p : cube.vertices) {
    s.x.push_back(Vec3(0.5, 0.49, 0.51) + turn * p);
    s.v.push_back(Vec3::Zero());
    s.model_vertex.push_back(-1);
  }
  for (const Eigen::Vector3i& t : cube.triangles) {
    s.triangles.push_back({t[0], t[1], t[2]});
    s.triangle_body.push_back(0);
  }
  s.bodies = {"cube"};
  for (double& u : L.velocity.u[0].data()) u = U;
  const SurfaceBins bins(L.grid, s);
  const OccludedFaces occ = find_occluded_faces(bins);
  SlipProjectionParams prm;
  prm.dt = 0.01;
  prm.walls = {false, false, true, true, true, true};
  prm.tolerance = 1e-12;
  FaceFlags valid;
  UpperSamples up;
  SlipProjectionDetail detail;
  const SlipProjectionResult r = project_with_slip(L, occ, face_solid_velocities(occ, s, nullptr, nullptr), nullptr,
                                                   prm, valid, up, nullptr, &detail);
  EXPECT_TRUE(r.converged);
  ASSERT_GT(r.ghost_cells, 50);
  ASSERT_GT(r.ghost_links, 50);
  // Connected sets of ghost cells through their links.
  const GhostCells& gc = detail.ghosts;
  std::vector<int> set(gc.count());
  std::iota(set.begin(), set.end(), 0);
  auto find = [&](int a) {
    while (set[a] != a) a = set[a] = set[set[a]];
    return a;
  };
  for (const auto& l : gc.links) set[find(l[0])] = find(l[1]);
  std::vector<double> inflow(gc.count(), 0.0), through(gc.count(), 0.0);
  for (size_t o = 0; o < occ.faces.size(); ++o)
    for (int side = 0; side < 2; ++side) {
      const int32_t ghost = gc.of_side[o][side];
      if (ghost < 0) continue;
      // The flux along +axis enters the ghost cell when the real cell is the lower one.
      const double q = (side == 0 ? 1.0 : -1.0) * detail.ghost_flux[o][side] * dx * dx;
      inflow[find(ghost)] += q;
      through[find(ghost)] += std::abs(q);
    }
  double worst = 0.0, busiest = 0.0;
  int sets = 0;
  for (int a = 0; a < gc.count(); ++a) {
    if (find(a) != a) continue;
    ++sets;
    worst = std::max(worst, std::abs(inflow[a]));
    busiest = std::max(busiest, through[a]);
  }
  EXPECT_GT(sets, 0);
  EXPECT_GT(busiest, 1e-3 * U * dx * dx);  // flow does pass through the ghost cells
  EXPECT_LT(worst, 1e-9 * U * dx * dx);
}

// Two-way (Sec. 5): a heavy cube held in hydrostatic liquid under gravity receives, through the
// constraint forces of one projection, the liquid's buoyancy rho g V (Archimedes), and no
// sideways force although it sits off the grid's symmetry. The cube is 6 cells wide, so that its
// cross-section on the grid is exact; its height is not a whole number of cells.
TEST(SlipProjection, SubmergedCubeFeelsArchimedesBuoyancy) {
  const int n = 24;
  const double dx = 1.0 / n, g = 9.81, dt = 1e-3, rho = 1000.0;
  LiquidState L = liquid_box({n, n, n}, dx);
  for (int64_t c = 0; c < L.phi.size(); ++c) {
    const Vec3i ijk = L.phi.coords(c);
    L.phi.data()[c] = L.grid.cell_center(ijk.x(), ijk.y(), ijk.z()).y() - 0.8;
  }
  for (double& v : L.velocity.u[1].data()) v = -g * dt;  // one step of gravity from rest
  const Vec3 lo = Vec3(0.393, 0.293, 0.381), hi = lo + Vec3(6 * dx, 0.23, 6 * dx);
  const TriangleMesh cube = box_mesh(lo, hi);
  for (int64_t c = 0; c < L.phi.size(); ++c) {  // no liquid inside the cube
    const Vec3i ijk = L.phi.coords(c);
    const Vec3 x = L.grid.cell_center(ijk.x(), ijk.y(), ijk.z());
    if ((x.array() > lo.array()).all() && (x.array() < hi.array()).all()) L.phi.data()[c] = dx;
  }
  SlipSurface s;
  for (const Vec3& p : cube.vertices) {
    s.x.push_back(p);
    s.v.push_back(Vec3::Zero());
    s.model_vertex.push_back(0);
  }
  for (const Eigen::Vector3i& t : cube.triangles) {
    s.triangles.push_back({t[0], t[1], t[2]});
    s.triangle_body.push_back(0);
  }
  const SurfaceBins bins(L.grid, s);
  const OccludedFaces occ = find_occluded_faces(bins);
  // The cube's translation as three unknowns, with a mass large enough to hold it still.
  std::vector<FaceSolidVelocity> jv(occ.faces.size());
  for (auto& f : jv)
    for (int c = 0; c < 3; ++c) f.terms.push_back({c, c, 1.0});
  const double mass = 1e9;
  SparseMatrix inv(3, 3);
  for (int c = 0; c < 3; ++c) inv.insert(c, c) = 1.0 / mass;
  SlipSolidSolve solid;
  solid.inverse_mass = &inv;
  solid.velocity = VectorX::Zero(3);
  SlipProjectionParams prm;
  prm.dt = dt;
  prm.gravity = Vec3(0, -g, 0);
  prm.walls = {true, true, true, true, true, true};
  prm.tolerance = 1e-12;
  FaceFlags valid;
  UpperSamples up;
  const SlipProjectionResult r = project_with_slip(L, occ, jv, nullptr, prm, valid, up, &solid);
  EXPECT_TRUE(r.converged);
  const Vec3 force = mass * solid.velocity / dt;
  const double buoyancy = rho * g * (hi - lo).prod();
  std::printf("force on the cube (%.2f, %.2f, %.2f) N; rho g V = %.2f N\n", force.x(), force.y(), force.z(), buoyancy);
  EXPECT_NEAR(force.y(), buoyancy, 0.03 * buoyancy);
  EXPECT_LT(std::abs(force.x()) + std::abs(force.z()), 0.01 * buoyancy);
}

}  // namespace ripple
