#include "ripple/fluid/implicit_viscosity.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>

#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/solver/column_dots.hpp"
#include "ripple/solver/operator_pcg.hpp"

namespace ripple {

namespace {

/// A face's part in a strain sample: +1 or -1 (a face mirrored across a wall appears twice).
struct Term {
  int axis;
  Vec3i face;  ///< unwrapped face coordinates
  double sign;
};

}  // namespace

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

int64_t ViscositySystem::face_index(int a, int i, int j, int k) const {
  Vec3i f(i, j, k);
  const Vec3i dims = g_.face_dims(a);
  for (int b = 0; b < 3; ++b) {
    if (p_.periodic[b]) {
      const int n = g_.n[b];  // faces normal to b: index n is index 0
      f[b] = ((f[b] % n) + n) % n;
    } else if (f[b] < 0 || f[b] >= dims[b]) {
      return -1;
    }
  }
  return (static_cast<int64_t>(f.z()) * dims.y() + f.y()) * dims.x() + f.x();
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

  // Strain samples: u_a,a at cell centres (c = 1), u_a,b + u_b,a at the edges (c = 1/2), built
  // in slabs of constant z (in parallel) and laid end to end in slab order.
  struct Slab {
    std::vector<std::pair<int, double>> entries;
    std::vector<int> counts;
    std::vector<double> weight, e0;
    std::vector<Term> terms;
  };
  auto add_sample = [&](Slab& out, double c, double w) {
    std::array<std::pair<int, double>, 4> row;
    int count = 0;
    double constant = 0.0;
    for (const Term& t : out.terms) {
      const int64_t f = face_index(t.axis, t.face.x(), t.face.y(), t.face.z());
      if (f < 0) return;  // reaches past an open side: traction-free there
      const int64_t q = unknown[t.axis][static_cast<size_t>(f)];
      if (q < 0) {
        constant += t.sign * fixed_value[t.axis][static_cast<size_t>(f)];
        continue;
      }
      int e = 0;
      while (e < count && row[e].first != q) ++e;
      if (e == count) row[count++] = {static_cast<int>(q), 0.0};
      row[e].second += t.sign;
    }
    std::sort(row.begin(), row.begin() + count);
    int kept = 0;
    for (int e = 0; e < count; ++e)
      if (row[e].second != 0.0) {  // a periodic axis one cell wide cancels its own difference
        out.entries.push_back(row[e]);
        ++kept;
      }
    if (kept == 0) return;  // only fixed faces: a constant, no force
    out.counts.push_back(kept);
    out.weight.push_back(c * w);
    out.e0.push_back(constant);
  };
  // The difference of component `comp` across the edge E along axis `along`: the face at E
  // minus the one a cell below. Across a domain side a wall mirrors the inside face (no-slip,
  // u_ghost = -u) and an open side has no face (face_index answers -1: the sample is dropped);
  // periodic axes wrap in face_index.
  auto difference = [&](std::vector<Term>& terms, int comp, const Vec3i& E, int along) {
    Vec3i below = E;
    below[along] -= 1;
    if (!p_.periodic[along] && E[along] == 0) {
      terms.push_back({comp, E, 1.0});
      if (p_.walls[static_cast<size_t>(2 * along)]) terms.push_back({comp, E, 1.0});
      else terms.push_back({comp, below, -1.0});
    } else if (!p_.periodic[along] && E[along] == g_.n[along]) {
      terms.push_back({comp, below, -1.0});
      if (p_.walls[static_cast<size_t>(2 * along + 1)]) terms.push_back({comp, below, -1.0});
      else terms.push_back({comp, E, 1.0});
    } else {
      terms.push_back({comp, E, 1.0});
      terms.push_back({comp, below, -1.0});
    }
  };
  auto cell_slab = [&](Slab& out, int k) {
    for (int j = 0; j < g_.n.y(); ++j)
      for (int i = 0; i < g_.n.x(); ++i) {
        const Vec3i I(i, j, k);
        const double w = liquid_fraction(phi, g_, g_.cell_center(i, j, k));
        if (w <= 0.0) continue;
        for (int a = 0; a < 3; ++a) {
          Vec3i hi = I;
          hi[a] += 1;
          out.terms.assign({{a, hi, 1.0}, {a, I, -1.0}});
          add_sample(out, 1.0, w);
        }
      }
  };
  // Edges between axes a and b: nodes along a and b, cells along the third axis.
  auto edge_dims = [&](int a, int b) {
    Vec3i dims = g_.n;
    if (!p_.periodic[a]) dims[a] += 1;
    if (!p_.periodic[b]) dims[b] += 1;
    return dims;
  };
  auto edge_slab = [&](Slab& out, int a, int b, int k) {
    const int c3 = 3 - a - b;
    const Vec3i dims = edge_dims(a, b);
    for (int j = 0; j < dims.y(); ++j)
      for (int i = 0; i < dims.x(); ++i) {
        const Vec3i E(i, j, k);
        Vec3 x = g_.origin + dx * E.cast<double>();
        x[c3] += 0.5 * dx;
        // On a wall the sample's control volume is half outside the domain: half its weight.
        // With the mirrored face counted twice in the strain, the wall's force on the face
        // next to it is then mu (u - u_ghost) / dx^2, the no-slip wall half a cell away.
        double w = liquid_fraction(phi, g_, x);
        for (int axis : {a, b})
          if (!p_.periodic[axis] && (E[axis] == 0 || E[axis] == g_.n[axis])) w *= 0.5;
        if (w <= 0.0) continue;
        out.terms.clear();
        difference(out.terms, a, E, b);  // u_a,b
        difference(out.terms, b, E, a);  // u_b,a
        add_sample(out, 0.5, w);
      }
  };
  struct Task {
    int a, b, k;  // a < 0: the cells of slab k
  };
  std::vector<Task> tasks;
  for (int k = 0; k < g_.n.z(); ++k) tasks.push_back({-1, -1, k});
  for (int a = 0; a < 3; ++a)
    for (int b = a + 1; b < 3; ++b)
      for (int k = 0; k < edge_dims(a, b).z(); ++k) tasks.push_back({a, b, k});
  std::vector<Slab> slabs(tasks.size());
  parallel_for(0, static_cast<int64_t>(tasks.size()), [&](int64_t t) {
    const Task& task = tasks[static_cast<size_t>(t)];
    if (task.a < 0) cell_slab(slabs[static_cast<size_t>(t)], task.k);
    else edge_slab(slabs[static_cast<size_t>(t)], task.a, task.b, task.k);
  }, 1);
  std::vector<int64_t> start{0};
  std::vector<std::pair<int, double>> entries;
  std::vector<double> weight, e0;
  for (const Slab& slab : slabs) {
    for (int count : slab.counts) start.push_back(start.back() + count);
    entries.insert(entries.end(), slab.entries.begin(), slab.entries.end());
    weight.insert(weight.end(), slab.weight.begin(), slab.weight.end());
    e0.insert(e0.end(), slab.e0.begin(), slab.e0.end());
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
