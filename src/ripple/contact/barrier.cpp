#include "ripple/contact/barrier.hpp"

#include <cmath>
#include <limits>

namespace ripple {

ScalarDerivatives barrier(double g, double dhat) {
  ScalarDerivatives b;
  if (g >= dhat) return b;
  if (g <= 0.0) {
    b.value = std::numeric_limits<double>::infinity();
    return b;
  }
  const double r = g - dhat, lg = std::log(g / dhat);
  b.value = -r * r * lg;
  b.first = -2.0 * r * lg - r * r / g;
  b.second = -2.0 * lg - 4.0 * r / g + r * r / (g * g);
  return b;
}

ScalarDerivatives barrier_of_squared_distance(double s, double offset, double dhat) {
  const double d = std::sqrt(s);
  const ScalarDerivatives b = barrier(d - offset, dhat);
  ScalarDerivatives out;
  out.value = b.value;
  if (b.first == 0.0 && b.second == 0.0) return out;
  // g = sqrt(s) - offset: dg/ds = 1 / (2d), d2g/ds2 = -1 / (4 d^3).
  out.first = b.first / (2.0 * d);
  out.second = b.second / (4.0 * s) - b.first / (4.0 * s * d);
  return out;
}

}  // namespace ripple
