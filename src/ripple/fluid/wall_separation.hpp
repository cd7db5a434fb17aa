#pragma once
// Separating walls: liquid may pull away from a wall or obstacle but never be sucked onto it.
// In the cells touching a closed face this is the complementarity p >= 0, div u >= 0,
// p * div u = 0 (the linear complementarity problem of Chentanez & Mueller 2011, "A multigrid
// fluid pressure solver handling separating solid boundary conditions", restricted to the
// cells where the wall can pull); it is solved by active-set rounds: a wall cell with suction
// is released (held at p = 0, free to expand), a released cell whose liquid would be pressed
// into the wall (div u < 0) is constrained again, and the pressure is solved anew.
// A level set cannot carry the gap a released cell opens at its wall by advection alone: it
// re-reads liquid there, and a dam break's liquid grew by 111 % in 10 frames;
// open_separation_gaps takes the gap out.
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

/// Particle liquids, after the projection: a released cell may expand (div u > 0), and the
/// particles next to the wall, reading the wall's velocity there, would stay on it while the
/// rest falls away (the liquid stretches and its surface grows). The cell's closed domain-wall
/// faces get the velocity (m/s, into the cell) that makes its divergence zero, so the particles
/// leave the wall with the liquid. Obstacle faces inside the grid stay closed.
void open_separating_walls(MacVelocity& velocity, const std::vector<uint8_t>& released, const LiquidState& liquid,
                           const SolidBoundary& solids);

/// Level-set liquids, right after phi's advection through `velocity` (the projected one whose
/// released cells are `released`) for dt (s): a released cell expands (div u > 0 at p = 0),
/// and where it touches a closed domain wall that expansion is the gap the liquid opens between
/// itself and the wall. Semi-Lagrangian advection cannot open it (it re-reads liquid from
/// behind the wall), so it is opened here: the gap widens by dt times the liquid's speed away
/// from the wall (read on the face opposite the wall face), at most the cell's expansion,
/// phi <- max(phi, -dx/2) + widening (the interface between the cell centre and the wall; the
/// liquid fraction 1/2 - phi/dx falls by the widening over dx). Only where the expansion is
/// at least half that speed (the liquid leaves the wall as a whole, not streaming past it).
/// redistance keeps such a border cell's value (grid/redistance.hpp) until the gap crosses
/// its centre. dx: cell size (m).
void open_separation_gaps(ScalarGrid& phi, const std::vector<uint8_t>& released, const MacVelocity& velocity,
                          const SolidBoundary& solids, double dx, double dt);

}  // namespace ripple
