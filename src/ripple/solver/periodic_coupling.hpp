#pragma once
// The pressure matrix's couplings across periodic sides, applied as a term added to the 7-point
// system (which stores couplings to the next cell only): each open face joining cell n - 1 to
// cell 0 of a periodic axis adds k (p_i - p_j)^2 / 2 to the energy, k = scale * open fraction.
// Symmetric positive semi-definite, as CompactTerm requires; the preconditioners see those
// faces closed.
#include <array>
#include <vector>

#include "ripple/grid/array3.hpp"
#include "ripple/solver/pcg.hpp"

namespace ripple {

class PeriodicCoupling : public CompactTerm {
 public:
  /// `face_open` (not owned, must outlive bind) are the faces' open fractions; `scale` the
  /// matrix's coefficient per unit fraction (dt / (rho dx^2)).
  PeriodicCoupling(const std::array<bool, 3>& periodic, const std::array<ScalarGrid, 3>* face_open, double scale);
  /// Another term to bind and add with this one (none: null).
  void chain(CompactTerm* next) { next_ = next; }
  void bind(const PoissonSystem& A) override;
  void add_product(const std::vector<double>& x, std::vector<double>& y) const override;
  struct Pair {
    int64_t i, j;  ///< compact indices
    double k;      ///< coefficient
  };
  /// The pairs bound (faces across the periodic sides between two active cells), per axis.
  const std::array<std::vector<Pair>, 3>& pairs() const { return pairs_; }

 private:
  std::array<bool, 3> periodic_;
  const std::array<ScalarGrid, 3>* face_open_;
  double scale_;
  CompactTerm* next_ = nullptr;
  std::array<std::vector<Pair>, 3> pairs_;  ///< per axis: no cell twice, so each is applied in parallel
};

}  // namespace ripple
