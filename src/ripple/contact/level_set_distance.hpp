#pragma once
// Distance from a solid vertex to the liquid surface, read from the level set around it (Liu
// et al. 2025, Sec. 4.3.1): d(phi, x) = sum_s w_s(x) phi_s over cell-centred samples s, either
// the 8 corners of the point's dual cell with trilinear weights (Eq. 15-16), or the 27 nearest
// cell centres with quadratic B-spline weights, which make d C1 in x (Sec. 4.3.3). Value,
// gradient and Hessian over (phi_s..., x), for the point-to-dual-cell barrier (Eq. 18-21).
#include <array>

#include "ripple/core/derivatives.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

enum class LevelSetInterpolation { linear, quadratic };

/// Samples per axis: 2 (linear) or 3 (quadratic).
constexpr int samples_per_axis(LevelSetInterpolation kind) { return kind == LevelSetInterpolation::linear ? 2 : 3; }

/// The cell-centred samples a point's distance depends on: cells base + (a, b, c) for a, b, c
/// in [0, P), sample s = (a P + b) P + c; `t` is the point's position relative to the centre
/// of cell `base`, in cells (linear: [0, 1)^3; quadratic: [0.5, 1.5]^3). Indices may lie
/// outside the grid near its boundary; the caller decides what those samples read.
struct LevelSetStencil {
  Vec3i base = Vec3i::Zero();
  Vec3 t = Vec3::Zero();
};

LevelSetStencil level_set_stencil(const GridGeometry& grid, const Vec3& x, LevelSetInterpolation kind);

/// d and its derivatives over the P^3 samples followed by the point's 3 coordinates (m);
/// `dx` is the cell size (m). Exact for affine phi with either interpolation.
template <int P>
Derivatives<P * P * P + 3> interpolated_distance(const Eigen::Matrix<double, P * P * P, 1>& phi, const Vec3& t, double dx);

extern template Derivatives<11> interpolated_distance<2>(const Eigen::Matrix<double, 8, 1>&, const Vec3&, double);
extern template Derivatives<30> interpolated_distance<3>(const Eigen::Matrix<double, 27, 1>&, const Vec3&, double);

/// d alone (m): the value of interpolated_distance without its derivatives, for the CCD filter
/// and the checks that evaluate it many times.
template <int P>
double interpolated_distance_value(const Eigen::Matrix<double, P * P * P, 1>& phi, const Vec3& t);

extern template double interpolated_distance_value<2>(const Eigen::Matrix<double, 8, 1>&, const Vec3&);
extern template double interpolated_distance_value<3>(const Eigen::Matrix<double, 27, 1>&, const Vec3&);

}  // namespace ripple
