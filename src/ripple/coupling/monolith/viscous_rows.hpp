#pragma once
// The liquid's viscous stress as compliant rows of the monolithic QP (Takahashi & Batty 2022,
// Eq. 20's viscous term, in the unified pressure-viscosity form of Larionov, Batty & Bridson
// 2017). Each strain sample s (strain_samples.hpp) becomes a row
//     e_s(X) = sum_t c_t u_t(X) / dx,
// whose faces' velocities u_t are the liquid's unknowns, a body's velocity at the face (faces
// a body closes) or fixed values (walls, obstacles, air), with the compliance
// 1 / (2 dt mu V c_s w_s): the dual's 1/2 tau_s^2 / (2 dt mu V c_s w_s) is the primal's
// dt mu V c_s w_s e_s^2. The stress multipliers tau_s are free (no box), so the rows join the
// pressure and contact rows in one MPRGP solve: the bodies feel the liquid's viscous drag and
// the liquid near them moves with them (no-slip to the grid's resolution).
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "ripple/core/types.hpp"
#include "ripple/fluid/strain_samples.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// A face's velocity component as a linear function of the QP's unknowns: sum of
/// weight * X[column], plus a constant (m/s).
struct FaceStencil {
  std::vector<std::pair<int64_t, double>> columns;
  double constant = 0.0;
  bool liquid = false;  ///< the face carries a liquid unknown
};
/// Fills the stencil of face `face` of axis `axis` (`out` arrives empty).
using FaceStencilFn = std::function<void(int axis, int64_t face, FaceStencil& out)>;
/// Optionally replaces a difference u(plus) - u(minus) of two faces (m/s; `out` arrives empty):
/// returns false to keep the faces' own stencils. A no-slip solid between the two faces is
/// then met where it is, not a face away (a ghost-fluid difference).
using DifferenceFn = std::function<bool(const StrainTerm& plus, const StrainTerm& minus, FaceStencil& out)>;

struct ViscousRows {
  std::vector<Triplet> entries;  ///< C's entries, rows numbered from `first_row`
  VectorX bias;                  ///< each row's constant: e_s = C_s X + bias_s (1/s)
  VectorX compliance;            ///< 1 / (2 dt mu V c_s w_s) per row (1/(kg m^2): e_s^2 / (2 compliance) is J)
  int64_t size() const { return bias.size(); }
};

/// The rows of the samples that reach at least one liquid unknown: a sample of solid and
/// fixed faces alone (inside a body, or between two bodies or a body and a wall that touch)
/// holds no liquid to shear. dx (m), dt (s), viscosity (Pa s).
ViscousRows build_viscous_rows(const StrainSamples& samples, const FaceStencilFn& stencil, double dx, double dt,
                               double viscosity, int64_t first_row, const DifferenceFn& difference = nullptr);

}  // namespace ripple
