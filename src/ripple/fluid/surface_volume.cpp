#include "ripple/fluid/surface_volume.hpp"

#include <algorithm>
#include <cmath>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include "ripple/core/parallel.hpp"
#include "ripple/grid/connected_components.hpp"
#include "ripple/grid/level_set_volume.hpp"

namespace ripple {
namespace {

constexpr double kTolerance = 2e-4;  // relative, on each component's volume
constexpr int kMaxEvaluations = 16;

/// phi - offset, but a liquid cell whose six neighbours are all liquid stays liquid: the
/// particles' level set can hold values near zero inside the liquid (in a corner of two walls
/// against a flat layer: -0.18 dx two cells deep), which an offset inwards would turn into a
/// bubble of air the pressure solve then collapses.
double offset_value(double phi, double offset, bool interior) {
  const double v = phi - offset;
  return interior ? std::min(v, -1e-9 * std::abs(phi) - 1e-300) : v;
}

/// Cells whose value and whose six neighbours' values are all negative.
std::vector<uint8_t> interior_cells(const ScalarGrid& phi) {
  std::vector<uint8_t> interior(static_cast<size_t>(phi.size()));
  parallel_for(0, phi.size(), [&](int64_t c) {
    if (phi[c] >= 0.0) return;
    const Vec3i I = phi.coords(c);
    for (int a = 0; a < 3; ++a)
      for (int s : {-1, 1}) {
        Vec3i q = I;
        q[a] += s;
        if (phi.in_range(q.x(), q.y(), q.z()) && phi(q.x(), q.y(), q.z()) >= 0.0) return;
      }
    interior[static_cast<size_t>(c)] = 1;
  });
  return interior;
}


/// The volumes per component of the visible level set with phi shifted by each component's
/// offset, for many offsets of at most `reach`: cubes no such offset changes are summed once,
/// the others (the band around each surface) are kept and summed again per evaluation.
class OffsetVolumes {
 public:
  OffsetVolumes(const ScalarGrid& phi, const std::vector<double>& floor, const std::vector<uint8_t>& interior,
                const GridGeometry& g, const Array3<int>& label, int components, double reach)
      : phi_(phi), floor_(floor), interior_(interior), label_(label), components_(components),
        fixed_(static_cast<size_t>(components), 0.0) {
    const Vec3i n = phi.dims();
    // Slabs of cubes along z (k = -1 .. n.z - 1) in parallel, merged in order (deterministic).
    std::vector<std::vector<SampleCube>> band(static_cast<size_t>(n.z()) + 1);
    std::vector<std::vector<double>> fixed(band.size(), std::vector<double>(static_cast<size_t>(components), 0.0));
    parallel_for(-1, n.z(), [&](int64_t k) {
      const size_t slab = static_cast<size_t>(k + 1);
      for (int j = -1; j < n.y(); ++j)
        for (int i = -1; i < n.x(); ++i) {
          const SampleCube cube = sample_cube(n, g.dx, i, j, static_cast<int>(k));
          bool all_wet = true, all_dry = true;  // whatever the offsets
          for (int64_t c : cube.cell) {
            const bool labelled = label_[c] >= 0;
            all_wet = all_wet && visible(c, labelled ? -reach : 0.0) < 0.0;
            all_dry = all_dry && visible(c, labelled ? reach : 0.0) >= 0.0;
          }
          if (all_dry) continue;
          if (all_wet) fixed[slab][static_cast<size_t>(label_[cube.cell[0]])] += cube.volume;  // every tet's first corner
          else band[slab].push_back(cube);
        }
    }, 1);
    for (size_t slab = 0; slab < band.size(); ++slab) {
      band_.insert(band_.end(), band[slab].begin(), band[slab].end());
      for (size_t l = 0; l < fixed_.size(); ++l) fixed_[l] += fixed[slab][l];
    }
  }

  std::vector<double> operator()(const std::vector<double>& offset) const {
    constexpr int64_t kBlock = 4096;
    const int64_t cubes = static_cast<int64_t>(band_.size());
    // Each block's sums as (component, m^3) pairs (a spray can make thousands of components),
    // gathered in a dense buffer of the thread's and added to the total block by block in order:
    // the same sum for any thread count.
    std::vector<std::vector<std::pair<int, double>>> sums(static_cast<size_t>((cubes + kBlock - 1) / kBlock));
    tbb::enumerable_thread_specific<std::vector<double>> dense(std::vector<double>(static_cast<size_t>(components_), 0.0));
    parallel_blocks(0, cubes, kBlock, [&](int64_t begin, int64_t end) {
      std::vector<double>& sum = dense.local();
      std::vector<int> touched;
      for (int64_t b = begin; b < end; ++b) {
        const SampleCube& cube = band_[static_cast<size_t>(b)];
        std::array<double, 8> f;
        for (size_t c = 0; c < 8; ++c) {
          const int l = label_[cube.cell[c]];
          f[c] = visible(cube.cell[c], l >= 0 ? offset[static_cast<size_t>(l)] : 0.0);
        }
        for_each_liquid_tet(f, cube.volume, [&](int corner, double v) {
          const int l = label_[cube.cell[static_cast<size_t>(corner)]];
          if (l < 0) return;
          if (sum[static_cast<size_t>(l)] == 0.0) touched.push_back(l);
          sum[static_cast<size_t>(l)] += v;
        });
      }
      std::sort(touched.begin(), touched.end());
      touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
      auto& out = sums[static_cast<size_t>(begin / kBlock)];
      for (int l : touched) {
        out.emplace_back(l, sum[static_cast<size_t>(l)]);
        sum[static_cast<size_t>(l)] = 0.0;
      }
    });
    std::vector<double> total = fixed_;
    for (const auto& block : sums)
      for (const auto& [l, v] : block) total[static_cast<size_t>(l)] += v;
    return total;
  }

 private:
  double visible(int64_t c, double offset) const {
    const double v = offset_value(phi_[c], offset, interior_[static_cast<size_t>(c)]);
    return floor_.empty() ? v : std::max(v, floor_[static_cast<size_t>(c)]);
  }

  const ScalarGrid& phi_;
  const std::vector<double>& floor_;
  const std::vector<uint8_t>& interior_;
  const Array3<int>& label_;
  int components_;
  std::vector<double> fixed_;
  std::vector<SampleCube> band_;
};

/// -solid distance at each cell centre (positive inside solids); empty without solids.
std::vector<double> solid_floor(const GridGeometry& g, const SolidBoundary& solids) {
  std::vector<double> floor;
  if (!solids.has_obstacles) return floor;
  floor.resize(static_cast<size_t>(g.n.prod()));
  parallel_for(0, static_cast<int64_t>(floor.size()), [&](int64_t c) {
    const int i = static_cast<int>(c % g.n.x()), j = static_cast<int>((c / g.n.x()) % g.n.y()),
              k = static_cast<int>(c / (static_cast<int64_t>(g.n.x()) * g.n.y()));
    floor[static_cast<size_t>(c)] = -solid_phi_at(solids, g, g.cell_center(i, j, k));
  });
  return floor;
}

/// Particles per component: those of a labelled cell, or of an unlabelled cell next to one (the
/// first labelled neighbour in x-fastest order); `unassigned` counts the rest.
std::vector<int64_t> particles_per_component(const std::vector<int64_t>& per_cell, const Array3<int>& label,
                                             int components, int64_t& unassigned) {
  std::vector<int64_t> count(static_cast<size_t>(components), 0);
  unassigned = 0;
  for (int64_t c = 0; c < label.size(); ++c) {
    const int64_t n = per_cell[static_cast<size_t>(c)];
    if (n == 0) continue;
    int l = label[c];
    if (l < 0) {
      const Vec3i I = label.coords(c);
      for (int dk = -1; dk <= 1 && l < 0; ++dk)
        for (int dj = -1; dj <= 1 && l < 0; ++dj)
          for (int di = -1; di <= 1 && l < 0; ++di)
            if (label.in_range(I.x() + di, I.y() + dj, I.z() + dk)) l = label(I.x() + di, I.y() + dj, I.z() + dk);
    }
    if (l >= 0) count[static_cast<size_t>(l)] += n;
    else unassigned += n;
  }
  return count;
}

}  // namespace

ScalarGrid visible_level_set(const ScalarGrid& phi, const GridGeometry& g, const SolidBoundary& solids) {
  ScalarGrid out = phi;
  const std::vector<double> floor = solid_floor(g, solids);
  if (!floor.empty())
    parallel_for(0, out.size(), [&](int64_t c) { out[c] = std::max(out[c], floor[static_cast<size_t>(c)]); });
  return out;
}

std::vector<int64_t> particles_per_cell(const Particles& particles, const GridGeometry& g, const SolidBoundary* solids,
                                        double depth, int64_t* in_solids) {
  std::vector<int64_t> count(static_cast<size_t>(g.n.prod()), 0);
  std::vector<uint8_t> hidden;
  if (solids && solids->has_obstacles) {
    hidden.resize(particles.size());
    parallel_for(0, static_cast<int64_t>(particles.size()), [&](int64_t q) {
      hidden[static_cast<size_t>(q)] = solid_phi_at(*solids, g, particles.x[static_cast<size_t>(q)].cast<double>()) < -depth;
    });
  }
  if (in_solids) *in_solids = 0;
  for (size_t q = 0; q < particles.size(); ++q) {
    if (!hidden.empty() && hidden[q]) {
      if (in_solids) ++*in_solids;
      continue;
    }
    const Vec3f& x = particles.x[q];
    const Vec3 t = (x.cast<double>() - g.origin) / g.dx;
    const int i = std::clamp(static_cast<int>(std::floor(t.x())), 0, g.n.x() - 1),
              j = std::clamp(static_cast<int>(std::floor(t.y())), 0, g.n.y() - 1),
              k = std::clamp(static_cast<int>(std::floor(t.z())), 0, g.n.z() - 1);
    ++count[static_cast<size_t>(i + static_cast<int64_t>(g.n.x()) * (j + static_cast<int64_t>(g.n.y()) * k))];
  }
  return count;
}

SurfaceVolumeReport hold_surface_volume(ScalarGrid& phi, const GridGeometry& g, const std::vector<int64_t>& per_cell,
                                        double particle_volume, const SolidBoundary& solids) {
  SurfaceVolumeReport report;
  const double reach = kSurfaceOffsetCells * g.dx;
  const int64_t cells = phi.size();
  const std::vector<double> floor = solid_floor(g, solids);
  // Components: cells outside the solids that are liquid or could become it within the largest
  // offset (a cell inside a solid is never visible liquid: a thin wall keeps two bodies apart).
  std::vector<uint8_t> inside(static_cast<size_t>(cells));
  parallel_for(0, cells, [&](int64_t c) {
    inside[static_cast<size_t>(c)] = phi[c] < reach && (floor.empty() || floor[static_cast<size_t>(c)] < 0.0);
  });
  const CellComponents comp = label_components(phi.dims(), inside);
  const int n = comp.count;
  int64_t unassigned = 0;
  const std::vector<int64_t> count = particles_per_component(per_cell, comp.label, n, unassigned);
  report.unassigned = static_cast<double>(unassigned) * particle_volume;
  report.target.resize(static_cast<size_t>(n));
  for (int l = 0; l < n; ++l) report.target[static_cast<size_t>(l)] = static_cast<double>(count[static_cast<size_t>(l)]) * particle_volume;
  report.offset.assign(static_cast<size_t>(n), 0.0);
  if (n == 0) return report;

  // Each component's volume grows with its offset: a bracketed secant (Illinois) on all
  // components at once, from the bracket [-reach, reach] evaluated after offset 0.
  const std::vector<uint8_t> interior = interior_cells(phi);
  const OffsetVolumes volumes(phi, floor, interior, g, comp.label, n, reach);
  std::vector<double>& offset = report.offset;
  std::vector<double> v = volumes(offset);
  std::vector<double> lo(static_cast<size_t>(n), -reach), hi(static_cast<size_t>(n), reach), vlo, vhi;
  std::vector<uint8_t> active(static_cast<size_t>(n), 0);
  auto met = [&](size_t l, double value) {
    return std::abs(value - report.target[l]) <= kTolerance * std::max(report.target[l], particle_volume);
  };
  for (size_t l = 0; l < active.size(); ++l) active[l] = !met(l, v[l]);
  if (std::find(active.begin(), active.end(), 1) == active.end()) {
    report.volume = v;
    return report;
  }
  vlo = volumes(lo);
  vhi = volumes(hi);
  for (size_t l = 0; l < active.size(); ++l) {
    if (!active[l]) continue;
    const double t = report.target[l];
    if (t <= vlo[l] || t >= vhi[l]) {  // out of reach: held at the nearer end
      offset[l] = t <= vlo[l] ? lo[l] : hi[l];
      active[l] = 0;
      ++report.unmet;
    } else if (v[l] < t) {
      lo[l] = 0.0;
      vlo[l] = v[l];
    } else {
      hi[l] = 0.0;
      vhi[l] = v[l];
    }
  }
  std::vector<int> side(static_cast<size_t>(n), 0);  // Illinois: which end was kept last
  for (int evaluation = 3; evaluation < kMaxEvaluations && std::find(active.begin(), active.end(), 1) != active.end();
       ++evaluation) {
    for (size_t l = 0; l < active.size(); ++l)
      if (active[l]) {
        const double t = report.target[l];
        const double s = lo[l] + (t - vlo[l]) * (hi[l] - lo[l]) / std::max(vhi[l] - vlo[l], 1e-300);
        offset[l] = std::clamp(s, lo[l], hi[l]);
      }
    v = volumes(offset);
    for (size_t l = 0; l < active.size(); ++l) {
      if (!active[l]) continue;
      const double t = report.target[l];
      if (met(l, v[l])) {
        active[l] = 0;
        continue;
      }
      if (v[l] < t) {
        lo[l] = offset[l];
        vlo[l] = v[l];
        if (side[l] == -1) vhi[l] = t + 0.5 * (vhi[l] - t);
        side[l] = -1;
      } else {
        hi[l] = offset[l];
        vhi[l] = v[l];
        if (side[l] == 1) vlo[l] = t - 0.5 * (t - vlo[l]);
        side[l] = 1;
      }
    }
  }
  report.volume = volumes(offset);
  for (uint8_t a : active) report.unmet += a;  // still off target after the last evaluation

  // The offset on the labelled cells (the others are measured unmoved too).
  const Array3<int>& label = comp.label;
  parallel_for(0, cells, [&](int64_t c) {
    const int l = label[c];
    if (l >= 0) phi[c] = offset_value(phi[c], offset[static_cast<size_t>(l)], interior[static_cast<size_t>(c)]);
  });
  return report;
}

}  // namespace ripple
