#pragma once
// The collidable interpolation's arithmetic (Robinson-Mosher et al. 2009, Sec. 3.3, Fig. 6): a
// trilinear sample whose invalid corners (hidden from the point by a surface) take the average of
// the valid ones. The callers decide validity; this sums.
#include "ripple/core/types.hpp"

namespace ripple {

/// The trilinear weight of corner `corner` (bit d set: the upper sample along axis d).
inline double trilinear_corner_weight(const Vec3& frac, int corner) {
  double w = 1.0;
  for (int d = 0; d < 3; ++d) w *= (corner >> d) & 1 ? frac[d] : 1.0 - frac[d];
  return w;
}

class MaskedTrilinear {
 public:
  void add_valid(double weight, double value) {
    sum_ += weight * value;
    valid_sum_ += value;
    ++valid_;
  }
  void add_invalid(double weight) { invalid_weight_ += weight; }
  bool any_valid() const { return valid_ > 0; }
  /// The sample, with the invalid corners' weight on the valid corners' average (any_valid()).
  double value() const { return sum_ + invalid_weight_ * (valid_sum_ / valid_); }

 private:
  double sum_ = 0.0, valid_sum_ = 0.0, invalid_weight_ = 0.0;
  int valid_ = 0;
};

}  // namespace ripple
