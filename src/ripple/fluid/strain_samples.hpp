#pragma once
// The strain-rate samples of the staggered grid (Batty & Bridson 2008; the stress layout of
// Larionov, Batty & Bridson 2017): u_a,a at cell centres (c = 1) and u_a,b + u_b,a at the
// edges between axes a and b (c = 1/2), each a difference of face velocities over dx. With
// them the viscous dissipation of a step is dt mu V sum_s c_s w_s e_s^2 (V = dx^3; w_s the
// liquid's share of the sample's control volume, a cube of side dx around it), i.e. dt / 2
// times 2 mu eps:eps summed over the grid. Shared by the liquid's implicit viscosity and the
// monolithic solve, which adds the samples as stress rows.
//
// Domain sides: across a wall the velocity is mirrored (no-slip on the domain's face: the
// inside face counts twice) and the sample's control volume is half outside (half its weight);
// a sample that reaches past an open side is dropped (traction-free); periodic axes wrap.
#include <cstdint>
#include <functional>
#include <vector>

#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/grid/periodic_grid.hpp"

namespace ripple {

/// A face's part in a sample: e_s = sum over its terms of coefficient * u(axis, face) / dx.
struct StrainTerm {
  int axis = 0;
  int64_t face = 0;          ///< index into the axis's face array (wrapped on periodic axes)
  double coefficient = 0.0;  ///< +-1, or +-2 for a face mirrored across a wall
  int difference = 0;        ///< which of the sample's differences it is in: 0, or 1 (u_b,a at an edge)
};

/// Samples in compressed rows: sample s has terms[start[s] .. start[s + 1]).
struct StrainSamples {
  std::vector<int64_t> start{0};
  std::vector<StrainTerm> terms;
  std::vector<double> weight;  ///< c_s w_s
  std::vector<Vec3> position;  ///< m, the sample's centre
  int64_t size() const { return static_cast<int64_t>(weight.size()); }
};

/// The samples whose control volume holds liquid: `fraction(x)` gives the liquid's share (in
/// [0, 1]) of the cube of side dx centred at x (m); it is called from several threads.
StrainSamples build_strain_samples(const GridGeometry& grid, const WallSides& walls, const PeriodicAxes& periodic,
                                   const std::function<double(const Vec3&)>& fraction);

}  // namespace ripple
