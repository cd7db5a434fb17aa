#include "ripple/coupling/barrier/component_volumes.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <map>

namespace ripple {

NearestLabel nearest_label(const Array3<int>& label) {
  NearestLabel out{label, Array3<int>(label.nx(), label.ny(), label.nz(), 0)};
  std::deque<int64_t> queue;
  for (int64_t i = 0; i < label.size(); ++i)
    if (label.data()[static_cast<size_t>(i)] >= 0) queue.push_back(i);
  const int nx = label.nx(), ny = label.ny(), nz = label.nz();
  while (!queue.empty()) {
    const int64_t c = queue.front();
    queue.pop_front();
    const Vec3i ijk = label.coords(c);
    const std::array<Vec3i, 6> steps{Vec3i(1, 0, 0), Vec3i(-1, 0, 0), Vec3i(0, 1, 0),
                                     Vec3i(0, -1, 0), Vec3i(0, 0, 1), Vec3i(0, 0, -1)};
    for (const Vec3i& d : steps) {
      const Vec3i q = ijk + d;
      if (q.x() < 0 || q.y() < 0 || q.z() < 0 || q.x() >= nx || q.y() >= ny || q.z() >= nz) continue;
      int& l = out.label(q.x(), q.y(), q.z());
      if (l >= 0) continue;
      l = out.label.data()[static_cast<size_t>(c)];
      out.steps(q.x(), q.y(), q.z()) = out.steps.data()[static_cast<size_t>(c)] + 1;
      queue.push_back(label.index(q.x(), q.y(), q.z()));
    }
  }
  return out;
}

VolumeTargets carry_volume_targets(const Array3<int>& previous_label, const std::vector<double>& previous_target,
                                   const Array3<int>& label, const std::vector<double>& measured) {
  // Which new components each old one overlaps (ordered maps: deterministic sums).
  std::vector<std::map<int, int>> overlaps(previous_target.size());
  for (int64_t i = 0; i < label.size(); ++i) {
    const int o = previous_label.data()[static_cast<size_t>(i)], n = label.data()[static_cast<size_t>(i)];
    if (o >= 0 && n >= 0) ++overlaps[o][n];
  }
  VolumeTargets out;
  out.target.assign(measured.size(), 0.0);
  std::vector<bool> inherited(measured.size(), false);
  std::vector<int> vanished;
  for (size_t o = 0; o < previous_target.size(); ++o) {
    double total = 0.0;
    for (const auto& [n, count] : overlaps[o]) total += measured[n];
    if (overlaps[o].empty() || total <= 0.0) {
      vanished.push_back(static_cast<int>(o));
      continue;
    }
    for (const auto& [n, count] : overlaps[o]) {
      out.target[n] += previous_target[o] * measured[n] / total;
      inherited[n] = true;
    }
  }
  if (!vanished.empty()) {
    // Each vanished component's target goes whole to the new component nearest to any of its
    // old cells (fewest cell steps; the lowest label among equals, for determinism).
    const NearestLabel nearest = nearest_label(label);
    std::vector<int> best_label(previous_target.size(), -1), best_steps(previous_target.size(), 0);
    std::vector<bool> is_vanished(previous_target.size(), false);
    for (int o : vanished) is_vanished[o] = true;
    for (int64_t i = 0; i < previous_label.size(); ++i) {
      const int o = previous_label.data()[static_cast<size_t>(i)];
      if (o < 0 || !is_vanished[o]) continue;
      const int n = nearest.label.data()[static_cast<size_t>(i)], d = nearest.steps.data()[static_cast<size_t>(i)];
      if (n < 0) continue;
      if (best_label[o] < 0 || d < best_steps[o] || (d == best_steps[o] && n < best_label[o])) {
        best_label[o] = n;
        best_steps[o] = d;
      }
    }
    for (int o : vanished) {
      if (best_label[o] < 0) {
        out.lost += previous_target[o];
        continue;
      }
      out.target[best_label[o]] += previous_target[o];
      inherited[best_label[o]] = true;
      out.returned += previous_target[o];
    }
  }
  for (size_t n = 0; n < measured.size(); ++n)
    if (!inherited[n]) out.target[n] = measured[n];
  return out;
}

double optimisation_volume_target(double smoothed_target, double smoothed, double sharp_target, double sharp) {
  const double sharp_deficit = sharp_target - sharp;
  const bool film = smoothed > kFilmSmoothedRatio * sharp;
  const double ask = film ? sharp_deficit : std::min(smoothed_target - smoothed, sharp_deficit);
  return smoothed + std::max(0.0, ask);
}

}  // namespace ripple
