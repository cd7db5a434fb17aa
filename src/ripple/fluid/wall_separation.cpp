#include "ripple/fluid/wall_separation.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

// True when one of the cell's faces is (partly) closed by a wall or an obstacle.
bool touches_wall(const SolidBoundary& sb, const Vec3i& I) {
  for (int a = 0; a < 3; ++a)
    for (int side = 0; side < 2; ++side) {
      Vec3i f = I;
      f[a] += side;
      if (sb.face_open[a](f.x(), f.y(), f.z()) < 1.0) return true;
    }
  return false;
}

// Divergence (1/s) of the projected velocity in a released cell (p = 0 there): faces towards
// active cells feel their pressure, every other face keeps its velocity (an air or released
// neighbour is at p = 0 too; surface-tension jumps are ignored in this sign test).
double released_divergence(const PoissonSystem& A, const LiquidState& L, const SolidBoundary& sb,
                           const std::vector<double>& p, double coef, const Vec3i& I) {
  const double dx = L.grid.dx;
  double div = 0.0;
  for (int a = 0; a < 3; ++a)
    for (int side = 0; side < 2; ++side) {
      Vec3i f = I, nb = I;
      f[a] += side;
      nb[a] += side ? 1 : -1;
      const double w = sb.face_open[a](f.x(), f.y(), f.z());
      double u = L.velocity.u[a](f.x(), f.y(), f.z());
      if (w > 0.0 && L.phi.in_range(nb.x(), nb.y(), nb.z())) {
        const int64_t cn = L.phi.index(nb.x(), nb.y(), nb.z());
        if (A.active[cn]) u -= side ? coef * p[cn] : -coef * p[cn];  // u -= coef (p_high - p_low)
      }
      const double flux = w * u + (1.0 - w) * sb.velocity.u[a](f.x(), f.y(), f.z());
      div += side ? flux / dx : -flux / dx;
    }
  return div;
}

}  // namespace

int update_released_cells(std::vector<uint8_t>& released, const PoissonSystem& A, const LiquidState& liquid,
                          const SolidBoundary& sb, const std::vector<double>& p, double coef) {
  const int64_t cells = A.cells();
  if (released.empty()) released.assign(static_cast<size_t>(cells), 0);
  // Thresholds relative to the solution's own scale, so that solver round-off never flips a cell.
  const double p_max =
      parallel_max(0, cells, 0.0, [&](int64_t c) { return A.active[c] ? std::abs(p[c]) : 0.0; });
  const double p_eps = 1e-4 * p_max;
  const double div_eps = 1e-4 * p_max * coef / liquid.grid.dx;
  std::atomic<int> changed{0};
  parallel_for(0, cells, [&](int64_t c) {
    if (!(liquid.phi[c] < 0.0)) {
      released[c] = 0;
      return;
    }
    const Vec3i I = liquid.phi.coords(c);
    if (A.active[c]) {
      if (p[c] < -p_eps && touches_wall(sb, I)) {
        released[c] = 1;
        changed.fetch_add(1, std::memory_order_relaxed);
      }
    } else if (released[c] && released_divergence(A, liquid, sb, p, coef, I) < -div_eps) {
      released[c] = 0;
      changed.fetch_add(1, std::memory_order_relaxed);
    }
  });
  return changed.load();
}

}  // namespace ripple
