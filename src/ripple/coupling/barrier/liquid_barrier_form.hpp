#pragma once
// The solid-liquid barrier of the coupled optimisation (Liu et al. 2025, Eq. 18-21): for every
// barrier point (a solid vertex, or with denser sampling also edge midpoints and face centroids:
// barrier_points.hpp), kappa b(d - r) where d is its distance to the liquid surface read from the
// level set around it (contact/level_set_distance: linear over its dual cell, or quadratic),
// r its surface offset (half a shell's thickness, a rod's radius, 0 for points) and b the IPC
// barrier, active below dhat. The level-set samples are unknowns of the optimisation inside
// the narrow band and constants outside it. Hessian: kappa b''(g) grad d grad d^T (Eq. 20,
// without b' Hess d), PSD as it stands. Linear interpolation keeps each vertex's stencil from
// the start of the solve (Sec. 4.3.3: its gradient jumps between dual cells), except that a
// vertex whose step the level set's own trilinear field had to stop (its frozen stencil,
// extrapolated, read the liquid as farther) is paired afresh; quadratic refreshes the stencils
// every iteration.
#include <vector>

#include "ripple/contact/level_set_distance.hpp"
#include "ripple/coupling/barrier/barrier_points.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// The level set as the optimisation sees it: cell-centred values, and for each cell the
/// solver coordinate of its unknown (-1: not an unknown, the value is a constant). Samples
/// outside the grid read the nearest cell.
struct LevelSetUnknowns {
  GridGeometry grid;
  Array3<double> phi;  ///< m; the constants, and the start values of the unknowns
  Array3<int> dof;     ///< solver coordinate, or -1
};

class LiquidBarrierForm : public Form {
 public:
  /// `z_start`: the coordinates the solve starts from (where linear stencils are taken).
  /// `points`: where the solids feel the liquid (barrier_points: by default every vertex, the
  /// paper's; obstacles and domain walls are left out, the liquid sees them as cut-cell
  /// boundaries).
  LiquidBarrierForm(const SolidModel& solids, const LevelSetUnknowns& level_set, LevelSetInterpolation kind, double dhat,
                    double stiffness, const VectorX& z_start, std::vector<BarrierPoint> points);
  /// The same at every vertex.
  LiquidBarrierForm(const SolidModel& solids, const LevelSetUnknowns& level_set, LevelSetInterpolation kind, double dhat,
                    double stiffness, const VectorX& z_start);
  std::string name() const override { return "liquid_barrier"; }
  double value(const VectorX& z) const override;
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override;
  void begin_iteration(const VectorX& z) override;
  /// Largest fraction of z -> z + dz along which every point keeps at least 10 % of its
  /// starting gap: conservative advancement on a bound of the gap's rate (see the .cpp). For
  /// linear interpolation both the frozen stencil's gap and the trilinear field's are kept.
  double max_step(const VectorX& z, const VectorX& dz) override;
  /// Pairs every point afresh at z (fresh stencils): for reading the final gaps.
  void take_stencils(const VectorX& z);
  /// Linear stencils re-taken because the trilinear field stopped a step (since construction).
  int repaired_stencils() const { return repaired_; }
  /// Smallest gap d - r over all points at z (m); negative: a point inside the liquid.
  double min_gap(const VectorX& z) const;
  /// Makes z a feasible start: every point whose gap is below `floor` (m) gets it
  /// raised to `target` (m) by adding the same amount to the level-set unknowns it reads.
  /// Raising phi only widens other points' gaps (the stencils' weights are non-negative where
  /// they were taken), so one pass suffices. Needed where the last step ended with a vertex
  /// just inside the liquid as read from fresh stencils (frozen linear pairs extrapolate, Sec.
  /// 4.3.3) or where redistancing moved the surface. Returns the points raised; `stuck`
  /// counts those whose stencil holds no unknown.
  int make_feasible(VectorX& z, double floor, double target, int* stuck = nullptr) const;
  const std::vector<BarrierPoint>& points() const { return points_; }
  int num_points() const { return static_cast<int>(points_.size()); }

  /// d of point i at z (x: the vertex positions at z), with its gradient over the solver
  /// coordinates (sparse entries).
  struct VertexDistance {
    double value = 0.0;
    std::vector<std::pair<int, double>> gradient;
  };
  VertexDistance distance(const VectorX& z, const VectorX& x, int i) const;
  /// Gap d - r of point i at z.
  double gap(const VectorX& z, const VectorX& x, int i) const { return distance(z, x, i).value - points_[i].thickness; }

 private:
  const SolidModel& m_;
  const LevelSetUnknowns& ls_;
  LevelSetInterpolation kind_;
  double dhat_, kappa_;
  std::vector<BarrierPoint> points_;
  std::vector<LevelSetStencil> stencils_;  ///< per point
  std::vector<uint8_t> repair_;            ///< per point: re-take its linear stencil next iteration
  int repaired_ = 0;

  double point_max_step(const VectorX& z, const VectorX& dz, const Vec3& x0, const Vec3& x1, int i,
                        bool follow) const;
};

}  // namespace ripple
