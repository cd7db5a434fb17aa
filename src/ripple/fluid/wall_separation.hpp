#pragma once
// Separating walls: liquid may pull away from a wall or obstacle but never be sucked onto it.
// In the cells touching a closed face this is the complementarity p >= 0, div u >= 0,
// p * div u = 0 (the linear complementarity problem of Chentanez & Mueller 2011, "A multigrid
// fluid pressure solver handling separating solid boundary conditions", restricted to the
// cells where the wall can pull); it is solved by active-set rounds: a wall cell with suction
// is released (held at p = 0, free to expand), a released cell whose liquid would be pressed
// into the wall (div u < 0) is constrained again, and the pressure is solved anew.
#include <cstdint>
#include <vector>

#include "ripple/fluid/liquid_state.hpp"
#include "ripple/fluid/solid_boundary.hpp"
#include "ripple/solver/poisson_system.hpp"

namespace ripple {

/// Most active-set rounds (extra pressure solves) per projection; the rounds stop earlier as
/// soon as no cell changes.
inline constexpr int kMaxSeparationRounds = 4;

/// One active-set round. `released` (one flag per cell, resized if empty) marks the cells held at
/// p = 0; `A` is the system just solved with them released; `p` its solution (zero outside
/// the active cells); `coef` = dt / (rho dx) converts a pressure difference into a face velocity
/// change (m/s per Pa). Returns how many flags changed.
int update_released_cells(std::vector<uint8_t>& released, const PoissonSystem& A, const LiquidState& liquid,
                          const SolidBoundary& solids, const std::vector<double>& p, double coef);

}  // namespace ripple
