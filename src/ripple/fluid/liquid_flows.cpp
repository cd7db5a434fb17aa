#include "ripple/fluid/liquid_flows.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ripple/core/parallel.hpp"
#include "ripple/fluid/particle_advection.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/grid/redistance.hpp"

namespace ripple {
namespace {

constexpr double kNever = -std::numeric_limits<double>::infinity();

/// The index range [lo, hi] of samples (offset `offset` cells from the origin, `dims` of them)
/// within `box` grown by `margin` cells.
std::pair<Vec3i, Vec3i> sample_range(const GridGeometry& g, const Vec3& offset, const Vec3i& dims, const Aabb& box,
                                     double margin) {
  Vec3i lo, hi;
  for (int a = 0; a < 3; ++a) {
    lo[a] = std::max(0, static_cast<int>(std::floor((box.lo[a] - g.origin[a]) / g.dx - offset[a] - margin)));
    hi[a] = std::min(dims[a] - 1, static_cast<int>(std::ceil((box.hi[a] - g.origin[a]) / g.dx - offset[a] + margin)));
  }
  return {lo, hi};
}

template <class F>
void for_range(const std::pair<Vec3i, Vec3i>& r, F&& f) {
  for (int k = r.first.z(); k <= r.second.z(); ++k)
    for (int j = r.first.y(); j <= r.second.y(); ++j)
      for (int i = r.first.x(); i <= r.second.x(); ++i) f(i, j, k);
}

/// The level set's liquid volume in a cell (m^3): a linear ramp over one cell across the surface.
double cell_liquid(double phi, double dx) { return std::clamp(0.5 - phi / dx, 0.0, 1.0) * dx * dx * dx; }

/// A deterministic offset in [-0.3, 0.3) per lattice point (for a particle count that is no cube).
Vec3 lattice_jitter(int64_t i, int64_t j, int64_t k) {
  uint64_t h = static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ull ^ static_cast<uint64_t>(j) * 0xC2B2AE3D27D4EB4Full ^
               static_cast<uint64_t>(k) * 0x165667B19E3779F9ull;
  Vec3 out;
  for (int a = 0; a < 3; ++a) {
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    out[a] = 0.6 * (static_cast<double>(h >> 11) / 9007199254740992.0) - 0.3;
  }
  return out;
}

bool inside_domain(const GridGeometry& g, const Vec3& x) {
  const Vec3 hi = g.upper();
  for (int a = 0; a < 3; ++a)
    if (!(x[a] > g.origin[a] && x[a] < hi[a])) return false;
  return true;
}

}  // namespace

LiquidFlows::LiquidFlows(const Scene& scene) : scene_(scene) {
  const double h = 0.5 * scene.grid.dx;
  for (const EmitterDesc& e : scene.fluid.emitters) emitter_sdf_.emplace_back(e.shape, h);
  for (const DrainDesc& d : scene.fluid.drains) drain_sdf_.emplace_back(d.shape, h);
  record.emitted.assign(emitter_sdf_.size(), 0.0);
  record.emitted_until.assign(emitter_sdf_.size(), kNever);
  record.drained.assign(drain_sdf_.size(), 0.0);
}

bool LiquidFlows::emitter_runs(size_t e, double t0, double dt) const {
  const EmitterDesc& E = scene_.fluid.emitters[e];
  if (E.mode == EmitterMode::Once) return E.start < t0 + dt && record.emitted_until[e] == kNever;
  return E.start < t0 + dt && t0 < E.end;
}

double LiquidFlows::max_speed(double t0, double dt) const {
  double speed = 0.0;
  for (size_t e = 0; e < emitter_sdf_.size(); ++e)
    if (emitter_runs(e, t0, dt)) speed = std::max(speed, scene_.fluid.emitters[e].velocity.norm());
  return speed;
}

double LiquidFlows::emit_particles(size_t e, LiquidState& L, const SolidBoundary& solids, double t0, double from,
                                   double until) {
  const EmitterDesc& E = scene_.fluid.emitters[e];
  const ShapeSdf& sdf = emitter_sdf_[e];
  const GridGeometry& g = L.grid;
  const int ppc = scene_.fluid.particles_per_cell;
  const int strata = static_cast<int>(std::lround(std::cbrt(static_cast<double>(ppc))));
  const bool stratified = strata * strata * strata == ppc;
  const double s = g.dx / (stratified ? strata : std::cbrt(static_cast<double>(ppc)));
  // The lattice the initial seeding uses, carried with the emitter's velocity since its start:
  // where it is at `until`, what it moved since `from`, and back to t0.
  const Vec3 offset = E.velocity * (until - E.start);
  const bool first = from == kNever;
  const Vec3 moved = first ? Vec3::Zero() : Vec3(E.velocity * (until - from));
  const Vec3 back = E.velocity * (until - t0);
  const Aabb box = E.shape.bounds();
  // Particles per cell around the shape: a point is not added to a cell already full.
  const auto cells = sample_range(g, cell_sample_offset(), g.n, box, 1.0);
  const Vec3i span = cells.second - cells.first + Vec3i::Ones();
  std::vector<int> count(static_cast<size_t>(span.x()) * span.y() * span.z(), 0);
  auto cell_slot = [&](const Vec3& x) -> int* {
    const Vec3 q = (x - g.origin) / g.dx;
    const Vec3i c(static_cast<int>(std::floor(q.x())), static_cast<int>(std::floor(q.y())),
                  static_cast<int>(std::floor(q.z())));
    const Vec3i r = c - cells.first;
    if ((r.array() < 0).any() || (r.array() >= span.array()).any()) return nullptr;
    return &count[static_cast<size_t>(r.x() + span.x() * (r.y() + static_cast<int64_t>(span.y()) * r.z()))];
  };
  for (const Vec3f& x : L.particles.x)
    if (int* n = cell_slot(x.cast<double>())) ++*n;
  Vec3i lo, hi;
  for (int a = 0; a < 3; ++a) {
    lo[a] = static_cast<int>(std::floor((box.lo[a] - g.origin[a] - offset[a]) / s)) - 1;
    hi[a] = static_cast<int>(std::ceil((box.hi[a] - g.origin[a] - offset[a]) / s)) + 1;
  }
  int64_t added = 0;
  for (int k = lo.z(); k <= hi.z(); ++k)
    for (int j = lo.y(); j <= hi.y(); ++j)
      for (int i = lo.x(); i <= hi.x(); ++i) {
        Vec3 local = Vec3(i, j, k) + Vec3::Constant(0.5);
        if (!stratified) local += lattice_jitter(i, j, k);
        const Vec3 x = g.origin + s * local + offset;
        if (!(sdf(x) < 0.0) || !inside_domain(g, x) || solid_phi_at(solids, g, x) < 0.0) continue;
        if (!first && sdf(x - moved) < 0.0) continue;  // inside at the last emission: emitted then
        // Where the point is at t0, unless that is outside the domain or in a solid.
        Vec3 at = x - back;
        if (!inside_domain(g, at) || solid_phi_at(solids, g, at) < 0.0) at = x;
        int* n = cell_slot(at);  // null: upstream beyond the counted cells (cfl > 1), empty there
        if (n && *n >= ppc) continue;
        if (n) ++*n;
        L.particles.x.push_back(at.cast<float>());
        L.particles.v.push_back(E.velocity.cast<float>());
        L.particles.c.push_back(Mat3f::Zero());
        ++added;
      }
  if (added > 0) L.phi_matches_particles = false;
  // The liquid inside moves with the emitter.
  const Vec3f v = E.velocity.cast<float>();
  parallel_for(0, static_cast<int64_t>(L.particles.size()), [&](int64_t q) {
    const Vec3 x = L.particles.x[static_cast<size_t>(q)].cast<double>();
    for (int a = 0; a < 3; ++a)
      if (x[a] < box.lo[a] || x[a] > box.hi[a]) return;
    if (sdf(x) >= 0.0) return;
    L.particles.v[static_cast<size_t>(q)] = v;
    L.particles.c[static_cast<size_t>(q)] = Mat3f::Zero();
  });
  return static_cast<double>(added) * g.dx * g.dx * g.dx / ppc;
}

double LiquidFlows::emit_level_set(size_t e, LiquidState& L, const SolidBoundary& solids) {
  const EmitterDesc& E = scene_.fluid.emitters[e];
  const ShapeSdf& sdf = emitter_sdf_[e];
  const GridGeometry& g = L.grid;
  const Aabb box = E.shape.bounds();
  double added = 0.0;
  for_range(sample_range(g, cell_sample_offset(), g.n, box, 2.0), [&](int i, int j, int k) {
    const Vec3 x = g.cell_center(i, j, k);
    const double d = std::max(sdf(x), -solid_phi_at(solids, g, x));
    double& phi = L.phi(i, j, k);
    if (d >= phi) return;
    added += cell_liquid(d, g.dx) - cell_liquid(phi, g.dx);
    phi = d;
  });
  for (int a = 0; a < 3; ++a) {
    ScalarGrid& u = L.velocity.u[a];
    for_range(sample_range(g, face_sample_offset(a), g.face_dims(a), box, 1.0), [&](int i, int j, int k) {
      if (sdf(g.face_center(a, i, j, k)) < 0.0) u(i, j, k) = E.velocity[a];
    });
  }
  return added;
}

void LiquidFlows::emit_and_drain(LiquidState& L, const SolidBoundary& solids, double t0, double dt) {
  if (empty()) return;
  const GridGeometry& g = L.grid;
  const bool particles = uses_particles(scene_.fluid.representation);
  const double t1 = t0 + dt;
  bool level_set_changed = false;
  for (size_t d = 0; d < drain_sdf_.size(); ++d) {
    const DrainDesc& D = scene_.fluid.drains[d];
    if (!(D.start < t1 && t0 < D.end)) continue;
    const ShapeSdf& sdf = drain_sdf_[d];
    const Aabb box = D.shape.bounds();
    if (particles) {
      Particles& p = L.particles;
      std::vector<uint8_t> keep(p.size(), 1);
      parallel_for(0, static_cast<int64_t>(p.size()), [&](int64_t q) {
        const Vec3 x = p.x[static_cast<size_t>(q)].cast<double>();
        for (int a = 0; a < 3; ++a)
          if (x[a] < box.lo[a] || x[a] > box.hi[a]) return;
        keep[static_cast<size_t>(q)] = sdf(x) >= 0.0;
      });
      const int64_t removed = remove_particles(p, keep);
      if (removed > 0) L.phi_matches_particles = false;
      record.drained[d] += static_cast<double>(removed) * g.dx * g.dx * g.dx / scene_.fluid.particles_per_cell;
    } else {
      for_range(sample_range(g, cell_sample_offset(), g.n, box, 2.0), [&](int i, int j, int k) {
        double& phi = L.phi(i, j, k);
        const double air = -sdf(g.cell_center(i, j, k));
        if (air <= phi) return;
        const double removed = cell_liquid(phi, g.dx) - cell_liquid(air, g.dx);
        level_set_changed = level_set_changed || removed > 0.0;
        record.drained[d] += removed;
        phi = air;
      });
    }
  }
  for (size_t e = 0; e < emitter_sdf_.size(); ++e) {
    if (!emitter_runs(e, t0, dt)) continue;
    level_set_changed = true;
    const EmitterDesc& E = scene_.fluid.emitters[e];
    // A running emitter fills its shape for the substep's end (its own end, if sooner); `once`
    // fills it at the substep's start.
    const double until = E.mode == EmitterMode::Once ? t0 : std::min(t1, E.end);
    const bool first = record.emitted_until[e] == kNever;
    if (particles) {
      // The shape fills at the emitter's start (or the substep's, if later), then the conveyor
      // runs on to `until`.
      double from = record.emitted_until[e];
      if (first) {
        from = E.mode == EmitterMode::Once ? until : std::max(E.start, t0);
        record.emitted[e] += emit_particles(e, L, solids, t0, kNever, from);
      }
      if (until > from) record.emitted[e] += emit_particles(e, L, solids, t0, from, until);
    } else if (first || E.mode == EmitterMode::Once) {
      record.emitted[e] += emit_level_set(e, L, solids);  // the fill; then the outflow (hold_faces)
    } else {
      emit_level_set(e, L, solids);
    }
    record.emitted_until[e] = until;
  }
  // A union or a cut leaves a kink in the level set that its (MacCormack) advection smears and
  // loses volume at: a distance again first.
  if (!particles && level_set_changed) redistance(L.phi, g.dx, kLevelSetBandCells);
}

void LiquidFlows::hold_faces(LiquidState& L, SolidBoundary& solids, FaceFlags& valid, double t0, double dt) {
  held_.clear();
  const GridGeometry& g = L.grid;
  const bool level_set = !uses_particles(scene_.fluid.representation);
  for (size_t e = 0; e < emitter_sdf_.size(); ++e) {
    const EmitterDesc& E = scene_.fluid.emitters[e];
    if (E.mode != EmitterMode::Continuous || !(E.start < t0 + dt && t0 < E.end)) continue;
    const ShapeSdf& sdf = emitter_sdf_[e];
    for (int a = 0; a < 3; ++a) {
      // Faces on the shape's boundary too (a box's outflow side lies on grid faces).
      const double on = 1e-6 * g.dx;
      for_range(sample_range(g, face_sample_offset(a), g.face_dims(a), E.shape.bounds(), 0.0), [&](int i, int j, int k) {
        if (sdf(g.face_center(a, i, j, k)) > on) return;
        const int64_t f = L.velocity.u[a].index(i, j, k);
        if (solids.face_open[a][f] <= 0.0) return;  // a wall or solid already
        // A level set's emitted volume is the outflow: through the last held face downstream
        // (the next face along the velocity lies outside the shape; a tap's bottom side).
        if (level_set && E.velocity[a] != 0.0) {
          Vec3i next(i, j, k);
          next[a] += E.velocity[a] < 0.0 ? -1 : 1;
          if (sdf(g.face_center(a, next.x(), next.y(), next.z())) > on)
            record.emitted[e] += std::abs(E.velocity[a]) * g.dx * g.dx * (std::min(t0 + dt, E.end) - t0);
        }
        held_.push_back({a, f, solids.face_open[a][f], solids.velocity.u[a][f]});
        solids.face_open[a][f] = 0.0;
        solids.velocity.u[a][f] = E.velocity[a];
        L.velocity.u[a][f] = E.velocity[a];
        if (valid[a].size() > 0) valid[a][f] = 1;
      });
    }
  }
}

void LiquidFlows::release_faces(SolidBoundary& solids) {
  for (auto it = held_.rbegin(); it != held_.rend(); ++it) {
    solids.face_open[it->axis][it->index] = it->open;
    solids.velocity.u[it->axis][it->index] = it->velocity;
  }
  held_.clear();
}

}  // namespace ripple
