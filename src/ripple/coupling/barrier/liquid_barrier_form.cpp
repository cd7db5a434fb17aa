#include "ripple/coupling/barrier/liquid_barrier_form.hpp"

#include <algorithm>
#include <limits>

#include "ripple/contact/barrier.hpp"
#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

/// Cap on the conservative advances along one stencil's piece of a path (each covers the
/// fraction of the remaining gap the rate bound allows): the step reached is returned, still
/// safe, so a motion far beyond the gap costs bounded work instead of a crawl.
constexpr int kMaxAdvances = 100000;

/// The P^3 samples of a stencil: values read from z (unknowns; at z + alpha dz when dz is
/// given, without forming that vector) or the constants, and their unknowns (-1: constant).
template <int P>
void gather_samples(const LevelSetUnknowns& ls, const LevelSetStencil& st, const VectorX& z, const VectorX* dz,
                    double alpha, Eigen::Matrix<double, P * P * P, 1>& phi, std::array<int, P * P * P>& dof) {
  const Vec3i hi = ls.grid.n - Vec3i::Ones();
  for (int a = 0; a < P; ++a)
    for (int b = 0; b < P; ++b)
      for (int c = 0; c < P; ++c) {
        const int s = (a * P + b) * P + c;
        const Vec3i cell = (st.base + Vec3i(a, b, c)).cwiseMax(Vec3i::Zero()).cwiseMin(hi);
        dof[s] = ls.dof(cell.x(), cell.y(), cell.z());
        phi[s] = dof[s] < 0 ? ls.phi(cell.x(), cell.y(), cell.z()) : z[dof[s]] + (dz ? alpha * (*dz)[dof[s]] : 0.0);
      }
}

/// Interpolated distance over P^3 samples with its gradient over the unknowns and the point.
template <int P>
LiquidBarrierForm::VertexDistance sample_distance(const LevelSetUnknowns& ls, const LevelSetStencil& st, const Vec3& x,
                                                  const VectorX& z) {
  constexpr int K = P * P * P;
  Eigen::Matrix<double, K, 1> phi;
  std::array<int, K> dof;
  gather_samples<P>(ls, st, z, nullptr, 0.0, phi, dof);
  // The stencil's t is relative to the cell base at the time it was taken; the point moves.
  const Vec3 t = ls.grid.to_index_space(x, cell_sample_offset()) - st.base.cast<double>();
  const Derivatives<K + 3> d = interpolated_distance<P>(phi, t, ls.grid.dx);
  LiquidBarrierForm::VertexDistance out;
  out.value = d.value;
  for (int s = 0; s < K; ++s)
    if (dof[s] >= 0 && d.gradient[s] != 0.0) out.gradient.push_back({dof[s], d.gradient[s]});
  for (int k = 0; k < 3; ++k) out.gradient.push_back({-1 - k, d.gradient[K + k]});  // position, mapped below
  return out;
}

/// The interpolated distance alone at x with the unknowns at z + alpha dz (the CCD filter's).
template <int P>
double sample_value(const LevelSetUnknowns& ls, const LevelSetStencil& st, const Vec3& x, const VectorX& z,
                    const VectorX& dz, double alpha) {
  Eigen::Matrix<double, P * P * P, 1> phi;
  std::array<int, P * P * P> dof;
  gather_samples<P>(ls, st, z, &dz, alpha, phi, dof);
  return interpolated_distance_value<P>(phi, ls.grid.to_index_space(x, cell_sample_offset()) - st.base.cast<double>());
}

/// Bounds over a stencil for the rate of its interpolated distance along a step on which every
/// sample moves linearly from phi0 to phi1: the largest sample change, and per axis k the
/// largest difference between neighbouring samples along k (at either end, so over the whole
/// step: a difference is linear in alpha too). d g / d t_k is a convex combination of those
/// differences (linear: the difference itself; quadratic B-spline: of the two along a line,
/// with weights 1.5 - t and t - 0.5), times the other axes' weights.
template <int P>
void rate_bounds(const Eigen::Matrix<double, P * P * P, 1>& phi0, const Eigen::Matrix<double, P * P * P, 1>& phi1,
                 double& max_change, Vec3& max_difference) {
  max_change = (phi1 - phi0).cwiseAbs().maxCoeff();
  max_difference.setZero();
  for (int a = 0; a < P; ++a)
    for (int b = 0; b < P; ++b)
      for (int c = 0; c < P; ++c) {
        const int s = (a * P + b) * P + c;
        const std::array<int, 3> i{a, b, c};
        const std::array<int, 3> stride{P * P, P, 1};
        for (int k = 0; k < 3; ++k) {
          if (i[k] + 1 >= P) continue;
          const int n = s + stride[k];
          max_difference[k] = std::max({max_difference[k], std::abs(phi0[n] - phi0[s]), std::abs(phi1[n] - phi1[s])});
        }
      }
}

}  // namespace

LiquidBarrierForm::LiquidBarrierForm(const SolidModel& solids, const LevelSetUnknowns& level_set,
                                     LevelSetInterpolation kind, double dhat, double stiffness, const VectorX& z_start,
                                     std::vector<BarrierPoint> points)
    : m_(solids), ls_(level_set), kind_(kind), dhat_(dhat), kappa_(stiffness), points_(std::move(points)) {
  take_stencils(z_start);
}

LiquidBarrierForm::LiquidBarrierForm(const SolidModel& solids, const LevelSetUnknowns& level_set,
                                     LevelSetInterpolation kind, double dhat, double stiffness, const VectorX& z_start)
    : LiquidBarrierForm(solids, level_set, kind, dhat, stiffness, z_start,
                        barrier_points(solids.collision, {}, BarrierSampling::vertices)) {}

void LiquidBarrierForm::take_stencils(const VectorX& z) {
  const VectorX x = m_.positions(z);
  stencils_.resize(points_.size());
  repair_.assign(points_.size(), 0);
  for (size_t i = 0; i < points_.size(); ++i)
    stencils_[i] = level_set_stencil(ls_.grid, point_position(points_[i], x), kind_);
}

void LiquidBarrierForm::begin_iteration(const VectorX& z) {
  if (kind_ == LevelSetInterpolation::quadratic) {
    take_stencils(z);
    return;
  }
  const VectorX x = m_.positions(z);
  for (size_t i = 0; i < points_.size(); ++i)
    if (repair_[i]) {
      const LevelSetStencil fresh = level_set_stencil(ls_.grid, point_position(points_[i], x), kind_);
      if (fresh.base != stencils_[i].base) ++repaired_;  // otherwise it is the same pair
      stencils_[i] = fresh;
      repair_[i] = 0;
    }
}

LiquidBarrierForm::VertexDistance LiquidBarrierForm::distance(const VectorX& z, const VectorX& x, int i) const {
  const BarrierPoint& pt = points_[i];
  const Vec3 p = point_position(pt, x);
  VertexDistance d = kind_ == LevelSetInterpolation::linear ? sample_distance<2>(ls_, stencils_[i], p, z)
                                                            : sample_distance<3>(ls_, stencils_[i], p, z);
  // Chain the position part through each of the point's vertices (weight w_j: dp/dx_j = w_j I),
  // then through the vertex's coordinates: one block for a deformable vertex, translation and
  // affine columns (weights 1, l) for a rigid one; none if fixed.
  Vec3 dx;
  for (int k = 0; k < 3; ++k) dx[k] = d.gradient[d.gradient.size() - 3 + k].second;
  d.gradient.resize(d.gradient.size() - 3);
  auto add_block = [&](int dof, double w) {
    for (int k = 0; k < 3; ++k) d.gradient.push_back({dof + k, w * dx[k]});
  };
  for (int j = 0; j < pt.count; ++j) {
    const int v = pt.vertex[j], first = m_.vertex_dof[v];
    if (m_.dof_fixed[first]) continue;
    add_block(first, pt.weight[j]);
    if (m_.vertex_rigid[v])
      for (int c = 0; c < 3; ++c) add_block(first + 3 + 3 * c, pt.weight[j] * m_.vertex_local[v][c]);
  }
  return d;
}

double LiquidBarrierForm::value(const VectorX& z) const {
  const VectorX x = m_.positions(z);
  return kappa_ * parallel_sum(0, num_points(), [&](int64_t i) {
    const double g = gap(z, x, static_cast<int>(i));
    return g < dhat_ ? barrier(g, dhat_).value : 0.0;
  });
}

void LiquidBarrierForm::add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const {
  const VectorX x = m_.positions(z);
  std::vector<VertexDistance> active(points_.size());
  std::vector<ScalarDerivatives> b(points_.size());
  parallel_for(0, num_points(), [&](int64_t v) {
    VertexDistance d = distance(z, x, static_cast<int>(v));
    const double gap = d.value - points_[v].thickness;
    if (gap >= dhat_) return;
    b[v] = barrier(gap, dhat_);
    active[v] = std::move(d);
  }, 256);
  for (size_t v = 0; v < points_.size(); ++v) {  // serial: deterministic sums
    const auto& g = active[v].gradient;
    if (g.empty()) continue;
    for (const auto& [i, w] : g) gradient[i] += kappa_ * b[v].first * w;
    if (!hessian) continue;
    const double h = kappa_ * b[v].second;
    for (const auto& [i, wi] : g)
      for (const auto& [j, wj] : g) hessian->emplace_back(i, j, h * wi * wj);
  }
}

// The CCD filter of the solid-liquid pairs. Along z + alpha dz the point moves linearly
// (x0 -> x1) and every level-set unknown linearly, so on a fixed stencil the gap
// g(alpha) = sum_s w_s(t(alpha)) phi_s(alpha) - r has a rate bounded by
//   |g'| <= max|dphi_s| prod_k W_k + sum_k D_k |dt_k| prod_{j != k} W_j,
// W_k bounding the axis weights' absolute sum over the path (1 inside the stencil's own cell
// range, for both interpolations; larger when a frozen linear stencil is extrapolated) and D_k
// the largest difference of neighbouring samples along axis k (rate_bounds; the weights'
// derivatives sum to zero, so dg/dt_k weighs differences, not values: a bound 2 max|phi| / D_k
// times tighter than the values' and as many times fewer advancement rounds). Conservative advancement with that bound never lets g
// fall below 10 % of its start (IPC's additive-CCD separation). With `follow` the advancement
// stops where the point leaves its stencil's cell range and continues on the next stencil, so
// it bounds the level set's own interpolation along the path (the quadratic barrier's, and the
// true trilinear field behind a frozen linear stencil); without it, the frozen stencil's.
double LiquidBarrierForm::point_max_step(const VectorX& z, const VectorX& dz, const Vec3& x0, const Vec3& x1, int v,
                                         bool follow) const {
  constexpr double separation = 0.1;
  const bool linear = kind_ == LevelSetInterpolation::linear;
  // The cell range in which a fresh stencil's t lies (level_set_stencil).
  const double lo = linear ? 0.0 : 0.5, hi_t = linear ? 1.0 : 1.5;
  auto gap_at = [&](double alpha, const LevelSetStencil& st) {
    const Vec3 p = x0 + alpha * (x1 - x0);
    const double d = linear ? sample_value<2>(ls_, st, p, z, dz, alpha) : sample_value<3>(ls_, st, p, z, dz, alpha);
    return d - points_[v].thickness;
  };
  LevelSetStencil st = follow ? level_set_stencil(ls_.grid, x0, kind_) : stencils_[v];
  const double g0 = gap_at(0.0, st);
  if (!(g0 > 0.0)) return 0.0;
  const double floor = separation * g0;
  double alpha = 0.0, g = g0;
  for (int round = 0; round < 200 && alpha < 1.0; ++round) {
    // The piece of the path [alpha, end] on this stencil, and the bound over it.
    Vec3 t0 = ls_.grid.to_index_space(x0 + alpha * (x1 - x0), cell_sample_offset()) - st.base.cast<double>();
    Vec3 t1 = ls_.grid.to_index_space(x1, cell_sample_offset()) - st.base.cast<double>();
    const Vec3 dt = t1 - t0;  // over the rest of the path
    if (follow)  // on a stencil's edge and leaving it: the next stencil along the path (same value there)
      for (int k = 0; k < 3; ++k) {
        const int shift = dt[k] < 0.0 && t0[k] <= lo ? -1 : dt[k] > 0.0 && t0[k] >= hi_t ? 1 : 0;
        st.base[k] += shift;
        t0[k] -= shift;
        t1[k] -= shift;
      }
    double end = 1.0;
    if (follow)
      for (int k = 0; k < 3; ++k) {  // leave [lo, hi_t] on axis k: the stencil changes
        if (dt[k] > 0.0) end = std::min(end, alpha + (1.0 - alpha) * (hi_t - t0[k]) / dt[k]);
        if (dt[k] < 0.0) end = std::min(end, alpha + (1.0 - alpha) * (lo - t0[k]) / dt[k]);
      }
    end = std::max(end, alpha);
    Vec3 W = Vec3::Ones();
    if (!follow)
      for (int k = 0; k < 3; ++k)
        for (double t : {t0[k], t1[k]}) W[k] = std::max(W[k], std::abs(1.0 - t) + std::abs(t));
    double max_dphi = 0.0;
    Vec3 max_difference;
    if (linear) {
      Eigen::Matrix<double, 8, 1> phi0, phi1;
      std::array<int, 8> dof;
      gather_samples<2>(ls_, st, z, &dz, 0.0, phi0, dof);
      gather_samples<2>(ls_, st, z, &dz, 1.0, phi1, dof);
      rate_bounds<2>(phi0, phi1, max_dphi, max_difference);
    } else {
      Eigen::Matrix<double, 27, 1> phi0, phi1;
      std::array<int, 27> dof;
      gather_samples<3>(ls_, st, z, &dz, 0.0, phi0, dof);
      gather_samples<3>(ls_, st, z, &dz, 1.0, phi1, dof);
      rate_bounds<3>(phi0, phi1, max_dphi, max_difference);
    }
    // Rates per unit alpha: dt covers (1 - alpha) of alpha, so scale it to a unit of alpha.
    const Vec3 rate_t = dt / std::max(1.0 - alpha, 1e-300);
    double bound = max_dphi * W.prod();
    for (int k = 0; k < 3; ++k) bound += max_difference[k] * std::abs(rate_t[k]) * W.prod() / W[k];
    // Advance within [alpha, end] while the gap is certainly above the floor.
    for (int advance = 0; alpha < end; ++advance) {
      const double step = bound > 0.0 ? (g - floor) / bound : 1.0;
      if (step <= 1e-12) return alpha;  // stalled at the floor
      if (advance == kMaxAdvances) return alpha;  // bounded work; alpha is still safe
      const double next = std::min(end, alpha + step);
      alpha = next;
      if (alpha >= 1.0) return 1.0;
      g = gap_at(alpha, st);
      if (g <= floor) return alpha;  // cannot happen with a valid bound; stop to be safe
    }
    // At a crossing the next round moves to the neighbouring stencil (the top of the loop).
  }
  return alpha;
}

double LiquidBarrierForm::max_step(const VectorX& z, const VectorX& dz) {
  const VectorX x0 = m_.positions(z), x1 = m_.positions(z + dz);
  const bool linear = kind_ == LevelSetInterpolation::linear;
  std::vector<double> a(points_.size(), 1.0);
  parallel_for(0, num_points(), [&](int64_t v) {
    const int i = static_cast<int>(v);
    const Vec3 p0 = point_position(points_[v], x0), p1 = point_position(points_[v], x1);
    a[v] = point_max_step(z, dz, p0, p1, i, true);
    if (!linear) return;
    // A frozen stencil extrapolates beyond its cell and can read the liquid as farther than
    // the level set's own trilinear field does (Sec. 4.3.3); the step is bounded by both, and a
    // vertex held by the field its stencil misses is paired afresh at the next iteration. A
    // path that stays in the frozen stencil's cell reads the same samples both ways.
    const LevelSetStencil& own = stencils_[v];
    const Vec3 t0 = ls_.grid.to_index_space(p0, cell_sample_offset()) - own.base.cast<double>();
    const Vec3 t1 = ls_.grid.to_index_space(p1, cell_sample_offset()) - own.base.cast<double>();
    if (t0.minCoeff() >= 0.0 && t0.maxCoeff() <= 1.0 && t1.minCoeff() >= 0.0 && t1.maxCoeff() <= 1.0) return;
    const double frozen = point_max_step(z, dz, p0, p1, i, false);
    if (a[v] < frozen) repair_[v] = 1;
    a[v] = std::min(a[v], frozen);
  }, 64);
  double alpha = 1.0;
  for (double v : a) alpha = std::min(alpha, v);
  return alpha;
}

int LiquidBarrierForm::make_feasible(VectorX& z, double floor, double target, int* stuck) const {
  const VectorX x = m_.positions(z);
  int raised = 0, none = 0;
  for (int v = 0; v < num_points(); ++v) {
    const VertexDistance d = distance(z, x, v);
    const double gap = d.value - points_[v].thickness;
    if (gap >= floor) continue;
    std::vector<std::pair<int, double>> samples;  // level-set unknowns, without repeats
    for (const auto& [i, w] : d.gradient)
      if (i >= m_.num_dofs) samples.push_back({i, w});
    std::sort(samples.begin(), samples.end());
    double weight = 0.0;
    std::vector<int> dofs;
    for (size_t k = 0; k < samples.size(); ++k) {
      if (k > 0 && samples[k].first == samples[k - 1].first) continue;
      dofs.push_back(samples[k].first);
    }
    for (const auto& [i, w] : samples) weight += w;  // repeats are summed: the sample's full weight
    if (weight < 1e-6) {
      ++none;
      continue;
    }
    const double raise = (target - gap) / weight;
    for (int i : dofs) z[i] += raise;
    ++raised;
  }
  if (stuck) *stuck = none;
  return raised;
}

double LiquidBarrierForm::min_gap(const VectorX& z) const {
  const VectorX x = m_.positions(z);
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < num_points(); ++i) best = std::min(best, gap(z, x, i));
  return best;
}

}  // namespace ripple
