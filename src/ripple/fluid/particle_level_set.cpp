#include "ripple/fluid/particle_level_set.hpp"

#include <array>
#include <atomic>
#include <cmath>

#include "ripple/grid/redistance.hpp"

namespace ripple {
namespace {

// out[c] = 1 where some cell within Chebyshev distance m of c has flag 1. Cells beyond side s
// of the grid count as outside[s]. Separable: a running count along each axis in turn.
std::vector<uint8_t> dilate(std::vector<uint8_t> cur, const Vec3i& n, int m, const std::array<uint8_t, 6>& outside) {
  std::vector<uint8_t> next(cur.size());
  const int64_t stride[3] = {1, n.x(), static_cast<int64_t>(n.x()) * n.y()};
  for (int a = 0; a < 3; ++a) {
    const int b1 = (a + 1) % 3, b2 = (a + 2) % 3, len = n[a];
    parallel_for(0, static_cast<int64_t>(n[b1]) * n[b2], [&](int64_t line) {
      const int64_t first = (line % n[b1]) * stride[b1] + (line / n[b1]) * stride[b2];
      auto flag = [&](int i) -> int {
        if (i < 0) return outside[2 * a];
        if (i >= len) return outside[2 * a + 1];
        return cur[first + i * stride[a]];
      };
      int count = 0;  // flagged cells in [i - m, i + m]
      for (int i = -m; i <= m; ++i) count += flag(i);
      for (int i = 0; i < len; ++i) {
        next[first + i * stride[a]] = count > 0;
        count += flag(i + m + 1) - flag(i - m);
      }
    }, 64);
    cur.swap(next);
  }
  return cur;
}

}  // namespace

double particle_radius(double dx, int particles_per_cell) { return dx / std::cbrt(static_cast<double>(particles_per_cell)); }

void level_set_from_particles(LiquidState& liquid, const ParticleBins& bins, double r, const SolidBoundary& solids,
                              const WallSides& walls, SolidExtension extension) {
  const GridGeometry& g = liquid.grid;
  const Particles& p = liquid.particles;
  const double R = 2.0 * r;
  const int reach = static_cast<int>(std::ceil(R / g.dx));
  const double far = kLevelSetBandCells * g.dx;
  liquid.phi.resize(g.n.x(), g.n.y(), g.n.z(), far);
  // Weighted mean of the particles within R (Zhu & Bridson 2005), accumulated in single
  // precision relative to the cell centre (offsets of a few dx: no cancellation) with a
  // branch-free weight max(0, 1 - s^2)^3, so the loop over ~300 candidates per cell runs
  // without mispredicted branches. Walls within R mirror the particles (at most one plane per
  // axis, every subset of them), which keeps phi flat against a wall.
  const float inv_R2 = static_cast<float>(1.0 / (R * R));
  auto kernel_phi = [&](int64_t c) {
    const Vec3i I = liquid.phi.coords(c);
    const Vec3 x = g.cell_center(I.x(), I.y(), I.z());
    const float cx = static_cast<float>(x.x()), cy = static_cast<float>(x.y()), cz = static_cast<float>(x.z());
    float wsum = 0.0f, sx = 0.0f, sy = 0.0f, sz = 0.0f;
    int mirror_axis[3], nmirror = 0;
    float plane[3];  // wall plane relative to the cell centre
    const Vec3 lo = g.origin, hi = g.upper();
    for (int a = 0; a < 3; ++a) {
      if (walls[2 * a] && x[a] - lo[a] < R) { mirror_axis[nmirror] = a; plane[nmirror++] = static_cast<float>(lo[a] - x[a]); }
      else if (walls[2 * a + 1] && hi[a] - x[a] < R) { mirror_axis[nmirror] = a; plane[nmirror++] = static_cast<float>(hi[a] - x[a]); }
    }
    auto add = [&](float dx, float dy, float dz) {  // one particle (or mirror image) at offset d
      const float t = std::max(0.0f, 1.0f - (dx * dx + dy * dy + dz * dz) * inv_R2);
      const float w = t * t * t;
      wsum += w;
      sx += w * dx;
      sy += w * dy;
      sz += w * dz;
    };
    const Vec3f* P = p.x.data();
    for (int k = std::max(0, I.z() - reach); k <= std::min(g.n.z() - 1, I.z() + reach); ++k)
      for (int j = std::max(0, I.y() - reach); j <= std::min(g.n.y() - 1, I.y() + reach); ++j) {
        const int i0 = std::max(0, I.x() - reach), i1 = std::min(g.n.x() - 1, I.x() + reach);
        const int64_t row = static_cast<int64_t>(g.n.x()) * (j + static_cast<int64_t>(g.n.y()) * k);
        const int64_t q0 = bins.start[row + i0], q1 = bins.start[row + i1 + 1];
        for (int64_t q = q0; q < q1; ++q) add(P[q].x() - cx, P[q].y() - cy, P[q].z() - cz);
        for (int mask = 1; mask < (1 << nmirror); ++mask)
          for (int64_t q = q0; q < q1; ++q) {
            float d[3] = {P[q].x() - cx, P[q].y() - cy, P[q].z() - cz};
            for (int b = 0; b < nmirror; ++b)
              if (mask & (1 << b)) d[mirror_axis[b]] = 2.0f * plane[b] - d[mirror_axis[b]];
            add(d[0], d[1], d[2]);
          }
      }
    return wsum > 0.0f ? std::sqrt(static_cast<double>(sx * sx + sy * sy + sz * sz)) / wsum - r : far;
  };
  // Deep inside the liquid only the sign of phi matters, because redistancing recomputes every
  // value except those of cells bordering the interface (and reads their neighbours for the
  // gradient). So the kernel sum is skipped where every cell within the kernel's reach + 1 holds
  // at least half the seeded particle count, unless a non-negative value turns up within two
  // cells; those are then computed too. The one known difference from evaluating everywhere:
  // particles pressed flat against a wall can put their weighted mean half a cell from the
  // centre of the wall cell, so the full kernel calls that cell dry (phi ~ +1e-4 dx) although
  // it is full of particles; the shortcut keeps it wet.
  const int64_t cells = liquid.phi.size();
  std::array<uint8_t, 6> beyond{};
  for (int s = 0; s < 6; ++s) beyond[static_cast<size_t>(s)] = walls[static_cast<size_t>(s)] ? 0 : 1;
  std::vector<uint8_t> empty(static_cast<size_t>(cells));
  // "Sparse": fewer than half the seeded particles per cell, (dx / r)^3 / 2.
  const double half_seeded = 0.5 * std::pow(g.dx / r, 3.0);
  for (int64_t c = 0; c < cells; ++c) empty[c] = static_cast<double>(bins.start[c + 1] - bins.start[c]) < half_seeded;
  const std::vector<uint8_t> shallow = dilate(std::move(empty), g.n, reach + 1, beyond);
  parallel_for(0, cells, [&](int64_t c) { liquid.phi[c] = shallow[c] ? kernel_phi(c) : -far; });
  std::vector<uint8_t> dry(static_cast<size_t>(cells));
  parallel_for(0, cells, [&](int64_t c) { dry[c] = liquid.phi[c] >= 0.0; });
  const std::vector<uint8_t> near_dry = dilate(std::move(dry), g.n, 2, {});
  parallel_for(0, cells, [&](int64_t c) { if (!shallow[c] && near_dry[c]) liquid.phi[c] = kernel_phi(c); });
  if (extension == SolidExtension::mark_wet) extend_level_set_into_solids(liquid.phi, g, solids);
  redistance(liquid.phi, g.dx, kLevelSetBandCells);
  if (extension == SolidExtension::extrapolate) extrapolate_level_set_into_solids(liquid.phi, g, solids, 3);
  liquid.phi_matches_particles = true;
}

void extend_level_set_into_solids(ScalarGrid& phi, const GridGeometry& g, const SolidBoundary& solids) {
  if (!solids.has_obstacles) return;
  ScalarGrid out = phi;
  parallel_for(0, phi.size(), [&](int64_t c) {
    const Vec3i I = phi.coords(c);
    if (phi[c] < 0.0) return;
    if (solid_phi_at(solids, g, g.cell_center(I.x(), I.y(), I.z())) >= 0.0) return;
    constexpr int off[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    for (const auto& o : off) {
      const int i = I.x() + o[0], j = I.y() + o[1], k = I.z() + o[2];
      if (phi.in_range(i, j, k) && phi(i, j, k) < 0.0) { out[c] = -0.5 * g.dx; return; }
    }
  });
  phi = std::move(out);
}

void extrapolate_level_set_into_solids(ScalarGrid& phi, const GridGeometry& g, const SolidBoundary& solids, int layers) {
  if (!solids.has_obstacles) return;
  std::vector<uint8_t> known(static_cast<size_t>(phi.size()));
  parallel_for(0, phi.size(), [&](int64_t c) {
    const Vec3i I = phi.coords(c);
    known[c] = solid_phi_at(solids, g, g.cell_center(I.x(), I.y(), I.z())) >= 0.0;
  });
  constexpr int off[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  std::vector<uint8_t> next = known;
  ScalarGrid out = phi;
  for (int layer = 0; layer < layers; ++layer) {
    std::atomic<bool> grew{false};
    parallel_for(0, phi.size(), [&](int64_t c) {
      if (known[c]) return;
      const Vec3i I = phi.coords(c);
      double sum = 0.0;
      int n = 0;
      for (const auto& o : off) {
        const int i = I.x() + o[0], j = I.y() + o[1], k = I.z() + o[2];
        if (!phi.in_range(i, j, k)) continue;
        const int64_t cn = phi.index(i, j, k);
        if (known[cn]) { sum += out[cn]; ++n; }
      }
      if (n > 0) {
        out[c] = sum / n;
        next[c] = 1;
        grew.store(true, std::memory_order_relaxed);
      }
    });
    if (!grew) break;  // every cell the known ones reach has its value
    known = next;
  }
  parallel_for(0, phi.size(), [&](int64_t c) { phi[c] = known[c] ? out[c] : g.dx; });
}

}  // namespace ripple
