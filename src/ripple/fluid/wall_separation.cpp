#include "ripple/fluid/wall_separation.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <utility>

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

// Net flux (m/s: per unit face area) out of cell I through its faces, each face's open part at
// the liquid's velocity and its closed part at the solid's.
double net_outflow(const MacVelocity& velocity, const SolidBoundary& sb, const Vec3i& I) {
  double outflow = 0.0;
  for (int a = 0; a < 3; ++a)
    for (int side = 0; side < 2; ++side) {
      Vec3i f = I;
      f[a] += side;
      const double w = sb.face_open[a](f.x(), f.y(), f.z());
      const double flux = w * velocity.u[a](f.x(), f.y(), f.z()) + (1.0 - w) * sb.velocity.u[a](f.x(), f.y(), f.z());
      outflow += side ? flux : -flux;
    }
  return outflow;
}

// True when face f (normal to axis a) is a closed face on the domain's boundary (n: the grid's
// cells per axis).
bool closed_domain_wall(const SolidBoundary& sb, const Vec3i& n, int a, const Vec3i& f) {
  return (f[a] == 0 || f[a] == n[a]) && sb.face_open[a](f.x(), f.y(), f.z()) <= 0.0;
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

void open_separating_walls(MacVelocity& velocity, const std::vector<uint8_t>& released, const LiquidState& liquid,
                           const SolidBoundary& sb) {
  if (released.empty()) return;
  const Vec3i n = liquid.grid.n;
  // Each domain-wall face belongs to one cell, so the cells write disjoint faces.
  parallel_for(0, static_cast<int64_t>(released.size()), [&](int64_t c) {
    if (!released[c] || !(liquid.phi[c] < 0.0)) return;
    const Vec3i I = liquid.phi.coords(c);
    const double outflow = net_outflow(velocity, sb, I);
    if (!(outflow > 0.0)) return;
    std::array<std::pair<int, Vec3i>, 6> walls;  // (axis, face)
    int count = 0;
    for (int a = 0; a < 3; ++a)
      for (int side = 0; side < 2; ++side) {
        Vec3i f = I;
        f[a] += side;
        if (closed_domain_wall(sb, n, a, f)) walls[static_cast<size_t>(count++)] = {a, f};
      }
    for (int k = 0; k < count; ++k) {
      const auto& [a, f] = walls[static_cast<size_t>(k)];
      // Inflow through the wall, away from it: + on a low face, - on a high one.
      const double inflow = (f[a] == I[a] ? outflow : -outflow) / count;
      velocity.u[a](f.x(), f.y(), f.z()) = sb.velocity.u[a](f.x(), f.y(), f.z()) + inflow;
    }
  });
}

void open_separation_gaps(ScalarGrid& phi, const std::vector<uint8_t>& released, const MacVelocity& velocity,
                          const SolidBoundary& sb, double dx, double dt) {
  if (released.empty()) return;
  const Vec3i n = phi.dims();
  parallel_for(0, static_cast<int64_t>(released.size()), [&](int64_t c) {
    if (!released[c] || !(phi[c] < 0.0)) return;
    const Vec3i I = phi.coords(c);
    const double outflow = net_outflow(velocity, sb, I);
    if (!(outflow > 0.0)) return;
    // The gap widens as fast as the liquid moves away from the wall, read on the cell's face
    // opposite each closed face; an expansion along the wall (a film stretched between walls)
    // opens none.
    double away = 0.0;  // m/s
    for (int a = 0; a < 3; ++a)
      for (int side = 0; side < 2; ++side) {
        Vec3i f = I, o = I;
        f[a] += side;
        o[a] += 1 - side;
        // Domain walls only: redistance keeps the gaps only there.
        if (!closed_domain_wall(sb, n, a, f) || sb.face_open[a](o.x(), o.y(), o.z()) <= 0.0) continue;
        const double u_wall = sb.velocity.u[a](f.x(), f.y(), f.z()), u = velocity.u[a](o.x(), o.y(), o.z());
        away += std::max(0.0, side ? u_wall - u : u - u_wall);
      }
    // Only where the cell's expansion is at least half that speed does the liquid leave the
    // wall as a whole; liquid streaming past or towards the middle of a slab expands little,
    // and raising its deep value to the gap's -dx/2 would shift its surface beside the wall.
    const double widen = std::min(outflow, away) * dt;  // m
    if (outflow >= 0.5 * away && widen > 0.0) phi[c] = std::max(phi[c], -0.5 * dx) + widen;
  });
}

}  // namespace ripple
