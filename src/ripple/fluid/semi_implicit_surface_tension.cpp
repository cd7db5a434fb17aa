#include "ripple/fluid/semi_implicit_surface_tension.hpp"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>
#include <cmath>
#include <numbers>
#include <vector>

namespace ripple {

double narrow_band_delta(double phi, double band) {
  if (std::abs(phi) >= band) return 0.0;
  return (1.0 + std::cos(std::numbers::pi * phi / band)) / (2.0 * band);
}

SurfaceTensionReport apply_semi_implicit_surface_tension(MacVelocity& vel, const ScalarGrid& phi,
                                                         const ScalarGrid* curvature, const GridGeometry& g,
                                                         const SurfaceTensionParams& p) {
  SurfaceTensionReport report;
  if (p.surface_tension <= 0.0) return report;
  const double k = p.surface_tension / p.density;          // m^3/s^2
  const double c = p.dt * p.dt * k / (g.dx * g.dx);         // m times delta: dimensionless
  for (int a = 0; a < 3; ++a) {
    ScalarGrid& u = vel.u[a];
    const Vec3i dims = g.face_dims(a);
    // Face values from the two cells beside the face (one at the domain's boundary faces).
    auto cell = [&](int i, int j, int kk) {
      return Vec3i(std::clamp(i, 0, g.n.x() - 1), std::clamp(j, 0, g.n.y() - 1), std::clamp(kk, 0, g.n.z() - 1));
    };
    std::vector<int> index(static_cast<size_t>(u.size()), -1);
    std::vector<double> delta(static_cast<size_t>(u.size()), 0.0), rhs(static_cast<size_t>(u.size()), 0.0);
    int n = 0;
    for (int64_t f = 0; f < u.size(); ++f) {
      const Vec3i q = u.coords(f);
      Vec3i below = q;
      below[a] -= 1;
      const Vec3i c0 = cell(below.x(), below.y(), below.z()), c1 = cell(q.x(), q.y(), q.z());
      const double p0 = phi(c0.x(), c0.y(), c0.z()), p1 = phi(c1.x(), c1.y(), c1.z());
      const double d = narrow_band_delta(0.5 * (p0 + p1), p.band);
      if (d == 0.0) continue;
      delta[f] = d;
      rhs[f] = u.data()[f];
      if (curvature) {
        const double kappa = 0.5 * ((*curvature)(c0.x(), c0.y(), c0.z()) + (*curvature)(c1.x(), c1.y(), c1.z()));
        const double normal = c0 == c1 ? 0.0 : (p1 - p0) / g.dx;  // d phi / d x_a
        rhs[f] -= p.dt * k * d * kappa * normal;
      }
      index[f] = n++;
    }
    report.unknowns += n;
    if (n == 0) continue;
    // Rows divided by delta: (1/delta) u + c sum_nbr (u - u_nbr) = rhs / delta, symmetric
    // positive definite; neighbours outside the band keep their value and move right.
    std::vector<Eigen::Triplet<double>> t;
    Eigen::VectorXd b(n), x(n);
    for (int64_t f = 0; f < u.size(); ++f) {
      const int r = index[f];
      if (r < 0) continue;
      const Vec3i q = u.coords(f);
      double diag = 1.0 / delta[f];
      b[r] = rhs[f] / delta[f];
      x[r] = rhs[f];
      for (int axis = 0; axis < 3; ++axis)
        for (int s : {-1, 1}) {
          Vec3i nb = q;
          nb[axis] += s;
          if (nb[axis] < 0 || nb[axis] >= dims[axis]) continue;  // no flux through the domain edge
          const int64_t fn = u.index(nb.x(), nb.y(), nb.z());
          diag += c;
          if (index[fn] >= 0) t.emplace_back(r, index[fn], -c);
          else b[r] += c * u.data()[fn];
        }
      t.emplace_back(r, r, diag);
    }
    Eigen::SparseMatrix<double> A(n, n);
    A.setFromTriplets(t.begin(), t.end());
    Eigen::ConjugateGradient<Eigen::SparseMatrix<double>, Eigen::Lower | Eigen::Upper> cg;
    cg.setTolerance(1e-10);
    cg.compute(A);
    x = cg.solveWithGuess(b, x);
    report.iterations += static_cast<int>(cg.iterations());
    for (int64_t f = 0; f < u.size(); ++f)
      if (index[f] >= 0) u.data()[f] = x[index[f]];
  }
  return report;
}

}  // namespace ripple
