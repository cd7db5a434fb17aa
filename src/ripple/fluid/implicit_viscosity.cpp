#include "ripple/fluid/implicit_viscosity.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/fluid/strain_samples.hpp"
#include "ripple/solver/column_dots.hpp"
#include "ripple/solver/operator_pcg.hpp"

namespace ripple {


double liquid_fraction(const ScalarGrid& phi, const GridGeometry& g, const Vec3& p) {
  // The nearest cell centre first: the cube's points lie within 1.74 dx of it, and phi is a
  // distance (or clamped beyond the band at a larger magnitude).
  const Vec3 s = g.to_index_space(p, cell_sample_offset());
  const double nearest = phi.clamped(static_cast<int>(std::lround(s.x())), static_cast<int>(std::lround(s.y())),
                                     static_cast<int>(std::lround(s.z())));
  if (nearest <= -2.0 * g.dx) return 1.0;
  if (nearest >= 2.0 * g.dx) return 0.0;
  const double centre = sample(phi, g, cell_sample_offset(), p);
  if (centre <= -g.dx) return 1.0;
  if (centre >= g.dx) return 0.0;
  // Eight sub-cubes of side dx/2, each with the fraction a linear phi would give it along its
  // gradient (clamped): continuous in phi, exact where the surface is far.
  double sum = 0.0;
  const double q = 0.25 * g.dx;
  for (int s = 0; s < 8; ++s) {
    const Vec3 x = p + Vec3((s & 1) ? q : -q, (s & 2) ? q : -q, (s & 4) ? q : -q);
    const double v = sample(phi, g, cell_sample_offset(), x);
    sum += std::clamp(0.5 - v / (0.5 * g.dx), 0.0, 1.0);
  }
  return sum / 8.0;
}

ViscositySystem::ViscositySystem(const MacVelocity& velocity, const ScalarGrid& phi, const GridGeometry& grid,
                                 const SolidBoundary* solids, const ViscosityParams& params)
    : g_(grid), p_(params) {
  const double dx = g_.dx;
  k_ = 2.0 * p_.dt * p_.viscosity / (p_.density * dx * dx);
  // Each face's role: an unknown (its index), or fixed at a value.
  std::array<std::vector<int64_t>, 3> unknown;
  std::array<std::vector<double>, 3> fixed_value, fraction;
  for (int a = 0; a < 3; ++a) {
    const Vec3i dims = g_.face_dims(a);
    const int64_t count = static_cast<int64_t>(dims.x()) * dims.y() * dims.z();
    unknown[a].assign(static_cast<size_t>(count), -1);
    fixed_value[a].assign(static_cast<size_t>(count), 0.0);
    fraction[a].assign(static_cast<size_t>(count), 0.0);
    parallel_for(0, count, [&](int64_t idx) {
      const Vec3i f = velocity.u[a].coords(idx);
      fraction[a][static_cast<size_t>(idx)] = liquid_fraction(phi, g_, g_.face_center(a, f.x(), f.y(), f.z()));
    });
  }
  for (int a = 0; a < 3; ++a) {
    const Vec3i dims = g_.face_dims(a);
    const ScalarGrid& u = velocity.u[a];
    for (int64_t idx = 0; idx < u.size(); ++idx) {
      const Vec3i f = u.coords(idx);
      const bool on_low = f[a] == 0, on_high = f[a] == dims[a] - 1;
      if (p_.periodic[a] && on_high) continue;  // the copy of face 0
      const bool wall = (on_low && p_.walls[static_cast<size_t>(2 * a)]) ||
                        (on_high && p_.walls[static_cast<size_t>(2 * a + 1)]);
      const bool closed = solids && solids->face_open[a].size() == u.size() && solids->face_open[a][idx] <= 0.0;
      double value = u[idx];
      if (p_.periodic[a] && on_low) {  // both copies of a seam face as one: their mean
        Vec3i top = f;
        top[a] = dims[a] - 1;
        value = 0.5 * (value + u(top.x(), top.y(), top.z()));
      }
      if (wall) {
        fixed_value[a][static_cast<size_t>(idx)] = 0.0;
      } else if (closed) {
        fixed_value[a][static_cast<size_t>(idx)] = solids->velocity.u[a][idx];
      } else if (fraction[a][static_cast<size_t>(idx)] <= 0.0) {
        fixed_value[a][static_cast<size_t>(idx)] = value;  // air: keeps its extrapolated velocity
      } else {
        unknown[a][static_cast<size_t>(idx)] = static_cast<int64_t>(face_of_.size());
        face_of_.emplace_back(a, idx);
        fixed_value[a][static_cast<size_t>(idx)] = value;  // u*
      }
    }
  }
  const int64_t n = unknowns();
  w_.resize(n);
  ustar_.resize(n);
  for (int64_t q = 0; q < n; ++q) {
    const auto [a, idx] = face_of_[static_cast<size_t>(q)];
    w_[q] = fraction[a][static_cast<size_t>(idx)];
    ustar_[q] = fixed_value[a][static_cast<size_t>(idx)];
  }

  // The strain samples (strain_samples.hpp), each split into its unknowns' entries and the
  // constant its fixed faces give.
  const StrainSamples all = build_strain_samples(g_, p_.walls, p_.periodic, [&](const Vec3& x) {
    return liquid_fraction(phi, g_, x);
  });
  std::vector<int64_t> start{0};
  std::vector<std::pair<int, double>> entries;
  std::vector<double> weight, e0;
  for (int64_t s = 0; s < all.size(); ++s) {
    const size_t first = entries.size();
    double constant = 0.0;
    for (int64_t t = all.start[static_cast<size_t>(s)]; t < all.start[static_cast<size_t>(s) + 1]; ++t) {
      const StrainTerm& term = all.terms[static_cast<size_t>(t)];
      const int64_t q = unknown[term.axis][static_cast<size_t>(term.face)];
      if (q < 0) constant += term.coefficient * fixed_value[term.axis][static_cast<size_t>(term.face)];
      else entries.emplace_back(static_cast<int>(q), term.coefficient);
    }
    if (entries.size() == first) continue;  // only fixed faces: a constant, no force
    std::sort(entries.begin() + static_cast<std::ptrdiff_t>(first), entries.end());
    start.push_back(static_cast<int64_t>(entries.size()));
    weight.push_back(all.weight[static_cast<size_t>(s)]);
    e0.push_back(constant);
  }
  const int64_t samples = static_cast<int64_t>(weight.size());
  // Stored as D^T (unknowns x samples): column s holds sample s's entries.
  dt_.resize(n, samples);
  dt_.resizeNonZeros(static_cast<int64_t>(entries.size()));
  std::copy(start.begin(), start.end(), dt_.outerIndexPtr());
  for (size_t e = 0; e < entries.size(); ++e) {
    dt_.innerIndexPtr()[e] = entries[e].first;
    dt_.valuePtr()[e] = entries[e].second;
  }
  d_ = dt_.transpose();
  sample_weight_ = Eigen::Map<const VectorX>(weight.data(), samples);
  e0_ = Eigen::Map<const VectorX>(e0.data(), samples);
  // b = W u* - k D^T C W_s e0; diag(A) = w + k sum_s c_s w_s D_sf^2.
  b_ = w_.cwiseProduct(ustar_) - k_ * column_dots(d_, VectorX(sample_weight_.cwiseProduct(e0_)));
  diagonal_ = w_;
  for (int64_t s = 0; s < samples; ++s)
    for (SparseMatrix::InnerIterator it(dt_, s); it; ++it)
      diagonal_[it.row()] += k_ * sample_weight_[s] * it.value() * it.value();
}

double ViscositySystem::energy(const VectorX& u) const {
  const VectorX e = column_dots(dt_, u) + e0_;
  return 0.5 * (u - ustar_).cwiseAbs2().dot(w_) + 0.5 * k_ * e.cwiseAbs2().dot(sample_weight_);
}

void ViscositySystem::apply(const VectorX& u, VectorX& out) const {
  const VectorX e = column_dots(dt_, u).cwiseProduct(sample_weight_);
  column_dots(d_, e, out);
  out = w_.cwiseProduct(u) + k_ * out;
}

ViscosityResult ViscositySystem::solve(MacVelocity& velocity) const {
  ViscosityResult result;
  result.unknowns = unknowns();
  if (result.unknowns == 0) return result;
  VectorX u = ustar_;
  const VectorX inverse_diagonal = diagonal_.cwiseInverse();
  const OperatorPcgResult pcg = operator_pcg([&](const VectorX& x, VectorX& y) { apply(x, y); },
                                             [&](const VectorX& r, VectorX& z) { z = inverse_diagonal.cwiseProduct(r); },
                                             b_, u, p_.tolerance, p_.max_iterations);
  result.iterations = pcg.iterations;
  result.residual = pcg.residual;
  result.converged = pcg.converged;
  for (int64_t q = 0; q < result.unknowns; ++q) {
    const auto [a, idx] = face_of_[static_cast<size_t>(q)];
    ScalarGrid& field = velocity.u[a];
    field[idx] = u[q];
    const Vec3i f = field.coords(idx);
    if (p_.periodic[a] && f[a] == 0) {
      Vec3i top = f;
      top[a] = g_.n[a];
      field(top.x(), top.y(), top.z()) = u[q];
    }
  }
  return result;
}

ViscosityResult apply_implicit_viscosity(MacVelocity& velocity, const ScalarGrid& phi, const GridGeometry& grid,
                                         const SolidBoundary* solids, const ViscosityParams& params) {
  if (params.viscosity <= 0.0 || params.dt <= 0.0) return {};
  const ViscositySystem system(velocity, phi, grid, solids, params);
  const ViscosityResult r = system.solve(velocity);
  if (!r.converged || !std::isfinite(r.residual)) {
    char residual[32];
    std::snprintf(residual, sizeof residual, "%.3g", r.residual);
    throw SimulationError(std::string("the implicit viscosity solve did not converge (relative residual ") + residual +
                          " after " + std::to_string(r.iterations) + " iterations of " +
                          std::to_string(r.unknowns) + " unknowns); lower /fluid/viscosity or /time/max_dt");
  }
  return r;
}

}  // namespace ripple
