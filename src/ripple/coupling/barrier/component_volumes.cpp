#include "ripple/coupling/barrier/component_volumes.hpp"

#include <map>

namespace ripple {

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
  for (size_t o = 0; o < previous_target.size(); ++o) {
    double total = 0.0;
    for (const auto& [n, count] : overlaps[o]) total += measured[n];
    if (overlaps[o].empty() || total <= 0.0) {
      out.lost += previous_target[o];
      continue;
    }
    for (const auto& [n, count] : overlaps[o]) {
      out.target[n] += previous_target[o] * measured[n] / total;
      inherited[n] = true;
    }
  }
  for (size_t n = 0; n < measured.size(); ++n)
    if (!inherited[n]) out.target[n] = measured[n];
  return out;
}

}  // namespace ripple
