#include "ripple/coupling/barrier/volume_control.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/fluid/grid_advection.hpp"
#include "ripple/fluid/velocity_extrapolation.hpp"
#include "ripple/grid/level_set_volume.hpp"

namespace ripple {

namespace {

// A semi-Lagrangian move of the level set realises only part of the volume its displacement
// carries (82 % on a 4-cell drop, under half on a dam break's sheet against the walls), so the
// remainder is asked again, up to this many moves in all, until under kSatisfied of the ask.
constexpr int kMaxMoves = 4;  // with 3 moves and 5 % the bands dipped 0.52-0.67 % at a frame
constexpr double kSatisfied = 0.02;
/// Rounds of putting cells back around refused points before the whole move is halved.
constexpr int kPutBackRounds = 3;

/// Puts `phi` back to `start` in the cells whose samples a point at p can read: the 4 x 4 x 4
/// block from one cell below the trilinear stencil's lower corner, which holds the quadratic
/// B-spline's 27 cells too. Returns the cells changed.
int64_t put_back_around(const GridGeometry& g, const Vec3& p, const ScalarGrid& start, ScalarGrid& phi) {
  const Vec3 t = g.to_index_space(p, cell_sample_offset());
  int64_t changed = 0;
  const Vec3i lo(static_cast<int>(std::floor(t.x())) - 1, static_cast<int>(std::floor(t.y())) - 1,
                 static_cast<int>(std::floor(t.z())) - 1);
  for (int k = std::max(lo.z(), 0); k <= std::min(lo.z() + 3, g.n.z() - 1); ++k)
    for (int j = std::max(lo.y(), 0); j <= std::min(lo.y() + 3, g.n.y() - 1); ++j)
      for (int i = std::max(lo.x(), 0); i <= std::min(lo.x() + 3, g.n.x() - 1); ++i)
        if (phi(i, j, k) != start(i, j, k)) {
          phi(i, j, k) = start(i, j, k);
          ++changed;
        }
  return changed;
}

/// The guard's check of phi, with the cells around each refused point put back to `start` and
/// the check repeated, up to kPutBackRounds times (or until nothing is left to put back).
/// Adds the cells put back to `cells_kept`; returns the points still refused.
std::vector<Vec3> put_back_refused(const VolumeControlGuard& guard, const GridGeometry& g, const ScalarGrid& start,
                                   ScalarGrid& phi, int64_t& cells_kept) {
  std::vector<Vec3> refused = guard.too_close(phi);
  for (int round = 0; round < kPutBackRounds && !refused.empty(); ++round) {
    int64_t changed = 0;
    for (const Vec3& p : refused) changed += put_back_around(g, p, start, phi);
    if (changed == 0) break;
    cells_kept += changed;
    refused = guard.too_close(phi);
  }
  return refused;
}

/// One move of liquid.phi along d = -grad q, A q = (each component's share of `volume` per
/// cell volume); returns the faces where d is nonzero, `kept` the share of the move the guard
/// kept (0: dropped), `cells_kept` adds the cells put back around refused points.
int64_t move_once(const PressureSystem& sys, LiquidState& liquid, const SolidBoundary& solids, const Array3<int>& label,
                  const std::vector<double>& volume, const ProjectionParams& params, int layers,
                  const VolumeControlGuard& guard, double& kept, int64_t& cells_kept) {
  kept = 0.0;
  const GridGeometry& g = liquid.grid;
  const int64_t cells = sys.A.cells();
  const int components = static_cast<int>(volume.size());
  auto component = [&](int64_t c) {
    const int l = label.data()[static_cast<size_t>(c)];
    return sys.A.active[c] && l >= 0 && l < components ? l : -1;
  };
  std::vector<int64_t> count(volume.size(), 0);
  for (int64_t c = 0; c < cells; ++c)
    if (const int l = component(c); l >= 0) ++count[static_cast<size_t>(l)];
  const double cell_volume = g.dx * g.dx * g.dx;
  std::vector<double> share(volume.size(), 0.0);  // of each cell's volume
  bool any = false;
  for (size_t l = 0; l < volume.size(); ++l)
    if (count[l] > 0 && volume[l] != 0.0) {
      share[l] = volume[l] / (static_cast<double>(count[l]) * cell_volume);
      any = true;
    }
  if (!any) return 0;
  std::vector<double> s(static_cast<size_t>(cells), 0.0);
  for (int64_t c = 0; c < cells; ++c)
    if (const int l = component(c); l >= 0) s[static_cast<size_t>(c)] = share[static_cast<size_t>(l)];
  // A q = s; d = -coef grad q then has divergence s (the identity the particles' density
  // correction uses, density_correction.cpp).
  std::vector<double> q(static_cast<size_t>(cells), 0.0);
  solve_again(sys, s, q, 1e-3, 100);
  ProjectionParams plain = params;
  plain.surface_tension = 0.0;  // a volume source has no interface jump
  MacVelocity d;
  d.resize(g);
  for (auto& u : d.u) u.fill(0.0);
  FaceFlags valid;
  const double coef = params.dt / (params.density * g.dx);
  subtract_pressure_gradient(sys, liquid, solids, nullptr, plain, q, coef, nullptr, d, &valid);
  int64_t moved = 0;
  for (const auto& u : d.u)
    for (double v : u.data()) moved += v != 0.0;
  extrapolate_velocity(d, valid, layers);
  // phi(x) <- phi(x - d(x)): the displacement as a velocity over a unit time.
  ScalarGrid phi = liquid.phi;
  advect_samples(phi, cell_sample_offset(), g, d, 1.0, LevelSetAdvection::SemiLagrangian);
  kept = 1.0;
  if (guard.too_close) {
    const ScalarGrid& start = liquid.phi;  // still the start of the move
    // What putting back cannot settle halves the whole move.
    std::vector<Vec3> refused = put_back_refused(guard, g, start, phi, cells_kept);
    const ScalarGrid full = refused.empty() ? ScalarGrid() : phi;  // copied only when halving
    for (int halving = 0; !refused.empty(); ++halving) {
      if (halving == 6) {  // nothing moved
        kept = 0.0;
        return 0;
      }
      kept *= 0.5;
      for (size_t i = 0; i < phi.data().size(); ++i)
        phi.data()[i] = start.data()[i] + kept * (full.data()[i] - start.data()[i]);
      refused = guard.too_close(phi);
    }
  }
  liquid.phi = std::move(phi);
  return moved;
}

/// The volume inside the surface is not linear in phi, and a thin film is not moved as a
/// thick drop is: a move of a fraction of a cell can remove a film a cell thick, and the
/// semi-Lagrangian resampling of a film thinner than a cell loses more than the displacement
/// adds (measured on the plate test's spreading drop). So where a move changed a component's
/// volume the wrong way, its cells are put back to `start`; where it changed it by more than
/// asked, they are blended back, phi = start + t (phi - start), with t found by bisection so
/// that the change is the asked one within kSatisfied. `after` (the volumes of phi) is updated;
/// returns, per component, whether its move was undone.
std::vector<uint8_t> hold_to_asked(const ScalarGrid& start, const Array3<int>& label, const std::vector<double>& before,
                                   const std::vector<double>& asked, const GridGeometry& g, ScalarGrid& phi,
                                   std::vector<double>& after) {
  const size_t n = asked.size();
  auto overshoots = [&](size_t c, double change) {
    return asked[c] != 0.0 && change * asked[c] > 0.0 && std::abs(change) > (1.0 + kSatisfied) * std::abs(asked[c]);
  };
  std::vector<uint8_t> active(n, 0), undone(n, 0);
  std::vector<double> lo(n, 0.0), hi(n, 1.0), t(n, 1.0);
  bool any = false;
  for (size_t c = 0; c < n; ++c) {
    const double change = after[c] - before[c];
    if (asked[c] != 0.0 && change * asked[c] < 0.0) {
      t[c] = 0.0;  // the wrong way: undone
      undone[c] = 1;
      any = true;
    } else if (overshoots(c, change)) {
      active[c] = 1;
      any = true;
    }
  }
  if (!any) return undone;
  const ScalarGrid moved = phi;
  auto blend = [&] {  // each labelled cell by its component's t; the others keep the move
    for (size_t i = 0; i < phi.data().size(); ++i) {
      const int l = label.data()[i];
      const double share = l >= 0 && static_cast<size_t>(l) < n ? t[static_cast<size_t>(l)] : 1.0;
      phi.data()[i] = start.data()[i] + share * (moved.data()[i] - start.data()[i]);
    }
    after = liquid_volumes_by_label(phi, g, label, static_cast<int>(n));
  };
  for (int iteration = 0; iteration < 12 && std::find(active.begin(), active.end(), 1) != active.end(); ++iteration) {
    for (size_t c = 0; c < n; ++c)
      if (active[c]) t[c] = 0.5 * (lo[c] + hi[c]);
    blend();
    bool open = false;
    for (size_t c = 0; c < n; ++c) {
      if (!active[c]) continue;
      const double change = after[c] - before[c];
      if (overshoots(c, change)) {
        hi[c] = t[c];
      } else if (std::abs(change) < (1.0 - kSatisfied) * std::abs(asked[c]) || change * asked[c] < 0.0) {
        lo[c] = t[c];
      } else {
        active[c] = 0;  // within kSatisfied of the ask: keep this t
        continue;
      }
      open = true;
    }
    if (!open) return undone;
  }
  // Out of iterations (or only reverts): keep the largest blend that did not overshoot.
  for (size_t c = 0; c < n; ++c)
    if (active[c]) t[c] = lo[c];
  blend();
  return undone;
}

/// Last resort for what the moves left of an ask (`left`, m^3 per component; `before` the
/// volumes of phi now): a film thinner than a cell is not thickened by a semi-Lagrangian move
/// (its deepest value is only ever resampled, never lowered), so each such component's
/// labelled cells are shifted, phi - delta, which moves its whole surface outwards by delta
/// (m, negative inwards; |delta| <= dx/2), with delta by bisection on the volume inside the
/// surface until within kSatisfied of what is left. The guard's refused points get their
/// cells put back; if that does not settle them, phi is left as it was. Returns the cells put
/// back.
int64_t offset_surface(const Array3<int>& label, const GridGeometry& g, const VolumeControlGuard& guard,
                       const std::vector<double>& before, const std::vector<double>& left, ScalarGrid& phi) {
  const size_t n = left.size();
  std::vector<double> lo(n, 0.0), hi(n, 0.5 * g.dx), delta(n, 0.0);
  std::vector<uint8_t> active(n, 0);
  for (size_t c = 0; c < n; ++c) active[c] = left[c] != 0.0;
  if (std::find(active.begin(), active.end(), 1) == active.end()) return 0;
  const ScalarGrid start = phi;
  for (int iteration = 0; iteration < 16 && std::find(active.begin(), active.end(), 1) != active.end(); ++iteration) {
    for (size_t c = 0; c < n; ++c)
      if (active[c]) delta[c] = std::copysign(0.5 * (lo[c] + hi[c]), left[c]);
    for (size_t i = 0; i < phi.data().size(); ++i) {
      const int l = label.data()[i];
      phi.data()[i] = start.data()[i] - (l >= 0 && static_cast<size_t>(l) < n ? delta[static_cast<size_t>(l)] : 0.0);
    }
    const std::vector<double> after = liquid_volumes_by_label(phi, g, label, static_cast<int>(n));
    for (size_t c = 0; c < n; ++c) {
      if (!active[c]) continue;
      const double change = after[c] - before[c];
      if (std::abs(change - left[c]) <= kSatisfied * std::abs(left[c])) active[c] = 0;
      else if (std::abs(change) < std::abs(left[c]) || change * left[c] < 0.0) lo[c] = std::abs(delta[c]);
      else hi[c] = std::abs(delta[c]);
    }
  }
  int64_t kept = 0;
  if (guard.too_close && !put_back_refused(guard, g, start, phi, kept).empty()) phi = start;
  return kept;
}

}  // namespace

int64_t apply_volume_control(const PressureSystem& sys, LiquidState& liquid, const SolidBoundary& solids,
                             const Array3<int>& label, const std::vector<double>& volume,
                             const ProjectionParams& params, int layers, const VolumeControlGuard& guard,
                             double* fraction, int64_t* cells_kept) {
  if (fraction) *fraction = 0.0;
  if (cells_kept) *cells_kept = 0;
  int64_t put_back = 0;
  const GridGeometry& g = liquid.grid;
  if (sys.A.active_count() == 0 || volume.empty() || label.size() != sys.A.cells()) return 0;
  const int components = static_cast<int>(volume.size());
  std::vector<double> left = volume;
  int64_t moved = 0;
  std::vector<double> before = liquid_volumes_by_label(liquid.phi, g, label, components);
  bool held = false;  // a move came to nothing or the guard held it back
  for (int move = 0; move < kMaxMoves; ++move) {
    const ScalarGrid start_of_move = liquid.phi;
    double kept = 0.0;
    const int64_t faces = move_once(sys, liquid, solids, label, left, params, layers, guard, kept, put_back);
    if (move == 0) {
      moved = faces;
      if (fraction) *fraction = kept;
    }
    if (faces == 0 || kept < 1.0) {  // nothing asked, or the guard held the move back
      held = true;
      break;
    }
    std::vector<double> after = liquid_volumes_by_label(liquid.phi, g, label, components);
    const std::vector<uint8_t> undone = hold_to_asked(start_of_move, label, before, left, g, liquid.phi, after);
    bool satisfied = true;
    for (size_t c = 0; c < left.size(); ++c) {
      const double change = after[c] - before[c];
      left[c] -= change;
      // Stop a component once under kSatisfied of its ask, past it (never overshoot back), or
      // when its move was undone.
      if (std::abs(left[c]) <= kSatisfied * std::abs(volume[c]) || left[c] * volume[c] < 0.0 || undone[c]) left[c] = 0.0;
      satisfied = satisfied && left[c] == 0.0;
    }
    before = std::move(after);  // the next move starts where this one ended
    if (satisfied) break;
  }
  // What the moves could not give (films): the surface offset, for components the moves left
  // short by more than kSatisfied of the ask and not undone.
  bool short_left = false;
  for (size_t c = 0; c < left.size(); ++c) short_left = short_left || left[c] != 0.0;
  if (short_left && !held) put_back += offset_surface(label, g, guard, before, left, liquid.phi);
  if (cells_kept) *cells_kept = put_back;
  return moved;
}

}  // namespace ripple
