#include "ripple/coupling/monolith/viscous_rows.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

ViscousRows build_viscous_rows(const StrainSamples& samples, const FaceStencilFn& stencil, double dx, double dt,
                               double viscosity, int64_t first_row, const DifferenceFn& difference) {
  ViscousRows out;
  std::vector<double> bias, compliance;
  const double volume = dx * dx * dx;
  FaceStencil face;
  std::vector<std::pair<int64_t, double>> row;
  for (int64_t s = 0; s < samples.size(); ++s) {
    row.clear();
    double constant = 0.0;
    bool liquid = false;
    const int64_t t0 = samples.start[static_cast<size_t>(s)], t1 = samples.start[static_cast<size_t>(s) + 1];
    auto add = [&](const FaceStencil& f, double c) {
      constant += c * f.constant;
      for (const auto& [column, weight] : f.columns) row.emplace_back(column, c * weight);
      liquid = liquid || f.liquid;
    };
    for (int which = 0; which < 2; ++which) {
      // A plain difference (+1, -1) may be replaced as a whole.
      const StrainTerm* plus = nullptr;
      const StrainTerm* minus = nullptr;
      int count = 0;
      for (int64_t t = t0; t < t1; ++t) {
        const StrainTerm& term = samples.terms[static_cast<size_t>(t)];
        if (term.difference != which) continue;
        ++count;
        if (term.coefficient == 1.0) plus = &term;
        else if (term.coefficient == -1.0) minus = &term;
      }
      if (count == 0) continue;
      if (difference && count == 2 && plus && minus) {
        face.columns.clear();
        face.constant = 0.0;
        face.liquid = false;
        if (difference(*plus, *minus, face)) {
          add(face, 1.0 / dx);
          continue;
        }
      }
      for (int64_t t = t0; t < t1; ++t) {
        const StrainTerm& term = samples.terms[static_cast<size_t>(t)];
        if (term.difference != which) continue;
        face.columns.clear();
        face.constant = 0.0;
        face.liquid = false;
        stencil(term.axis, term.face, face);
        add(face, term.coefficient / dx);
      }
    }
    if (!liquid) continue;
    // Merge repeated columns (a body's six appear once per face it closes).
    std::sort(row.begin(), row.end());
    int64_t kept = 0;
    for (size_t e = 0; e < row.size(); ++e) {
      if (kept > 0 && row[static_cast<size_t>(kept - 1)].first == row[e].first) row[static_cast<size_t>(kept - 1)].second += row[e].second;
      else row[static_cast<size_t>(kept++)] = row[e];
    }
    row.resize(static_cast<size_t>(kept));
    // A body's own samples (all their faces inside it) cancel to rounding: a rigid motion has
    // no strain. Entries that small are dropped, and with them such rows.
    double largest = 0.0;
    for (const auto& e : row) largest = std::max(largest, std::abs(e.second));
    std::erase_if(row, [&](const std::pair<int64_t, double>& e) { return std::abs(e.second) <= 1e-12 * largest; });
    if (largest <= 1e-12 / dx) row.clear();
    if (row.empty()) continue;
    const int64_t r = first_row + static_cast<int64_t>(bias.size());
    for (const auto& [column, value] : row) out.entries.emplace_back(r, column, value);
    bias.push_back(constant);
    compliance.push_back(1.0 / (2.0 * dt * viscosity * volume * samples.weight[static_cast<size_t>(s)]));
  }
  out.bias = Eigen::Map<const VectorX>(bias.data(), static_cast<int64_t>(bias.size()));
  out.compliance = Eigen::Map<const VectorX>(compliance.data(), static_cast<int64_t>(compliance.size()));
  return out;
}

}  // namespace ripple
