#pragma once
// The solid-liquid barrier of the coupled optimisation (Liu et al. 2025, Eq. 18-21): for every
// solid vertex, kappa b(d - r) where d is its distance to the liquid surface read from the
// level set around it (contact/level_set_distance: linear over its dual cell, or quadratic),
// r its surface offset (half a shell's thickness, a rod's radius, 0 for points) and b the IPC
// barrier, active below dhat. The level-set samples are unknowns of the optimisation inside
// the narrow band and constants outside it. Hessian: kappa b''(g) grad d grad d^T (Eq. 20,
// without b' Hess d), PSD as it stands. Linear interpolation keeps each vertex's stencil from
// the start of the solve (Sec. 4.3.3: its gradient jumps between dual cells); quadratic
// refreshes the stencils every iteration.
#include <vector>

#include "ripple/contact/level_set_distance.hpp"
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
  LiquidBarrierForm(const SolidModel& solids, const LevelSetUnknowns& level_set, LevelSetInterpolation kind, double dhat,
                    double stiffness, const VectorX& z_start);
  std::string name() const override { return "liquid_barrier"; }
  double value(const VectorX& z) const override;
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override;
  void begin_iteration(const VectorX& z) override;
  /// Largest fraction of z -> z + dz along which every vertex keeps at least 10 % of its
  /// starting gap: conservative advancement on a bound of the gap's rate (see the .cpp).
  double max_step(const VectorX& z, const VectorX& dz) override;
  /// Smallest gap d - r over all solid vertices at z (m); negative: a vertex inside the liquid.
  double min_gap(const VectorX& z) const;

  /// d of vertex v at z, with its gradient over the solver coordinates (sparse entries).
  struct VertexDistance {
    double value = 0.0;
    std::vector<std::pair<int, double>> gradient;
  };
  VertexDistance distance(const VectorX& z, const VectorX& x, int v) const;

 private:
  const SolidModel& m_;
  const LevelSetUnknowns& ls_;
  LevelSetInterpolation kind_;
  double dhat_, kappa_;
  std::vector<LevelSetStencil> stencils_;  ///< per vertex

  void take_stencils(const VectorX& z);
  double vertex_max_step(const VectorX& z, const VectorX& dz, const Vec3& x0, const Vec3& x1, int v) const;
};

}  // namespace ripple
