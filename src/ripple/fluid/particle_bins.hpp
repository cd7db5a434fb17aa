#pragma once
// Particles sorted by cell (stable counting sort): cell c owns particles
// [start[c], start[c+1]). Sorting keeps memory access local and makes the parallel transfers
// race-free and deterministic.
#include <vector>

#include "ripple/fluid/liquid_state.hpp"

namespace ripple {

struct ParticleBins {
  std::vector<int64_t> start;  ///< size cells + 1
  // Scratch kept between substeps so that sorting millions of particles does not allocate
  // (and page-fault) hundreds of megabytes every step.
  std::vector<int64_t> cell_of, dest;
  Particles spare;
};

/// Reorders `particles` by cell and fills `bins` (reusing its scratch).
void sort_particles_by_cell(Particles& particles, const GridGeometry& g, ParticleBins& bins);

/// Calls f(cell_range_begin_k, cell_range_end_k) over z... generic slab colouring: runs
/// body(cell) for every cell, in slabs along the longest axis of thickness >= 4 cells, first
/// the even slabs in parallel, then the odd ones, so that writes reaching one cell beyond a
/// slab never collide.
template <class F>
void for_cells_in_colored_slabs(const GridGeometry& g, F&& body);

}  // namespace ripple

#include "ripple/core/parallel.hpp"

namespace ripple {
template <class F>
void for_cells_in_colored_slabs(const GridGeometry& g, F&& body) {
  int axis = 0;
  for (int a = 1; a < 3; ++a)
    if (g.n[a] > g.n[axis]) axis = a;
  constexpr int kThickness = 4;
  const int nslabs = (g.n[axis] + kThickness - 1) / kThickness;
  const int b1 = (axis + 1) % 3, b2 = (axis + 2) % 3;
  for (int color = 0; color < 2; ++color) {
    parallel_for(0, (nslabs + 1 - color) / 2, [&](int64_t s2) {
      const int slab = static_cast<int>(2 * s2 + color);
      const int lo = slab * kThickness, hi = std::min(g.n[axis], lo + kThickness);
      // Visit cells in increasing linear index within the slab for locality.
      for (int q2 = 0; q2 < g.n[std::max(b1, b2)]; ++q2)
        for (int q1 = 0; q1 < g.n[std::min(b1, b2)]; ++q1)
          for (int s = lo; s < hi; ++s) {
            Vec3i c;
            c[axis] = s;
            c[std::min(b1, b2)] = q1;
            c[std::max(b1, b2)] = q2;
            body(c);
          }
    }, 1);
  }
}
}  // namespace ripple
