#pragma once
// The smoothed Heaviside of the level set (Liu et al. 2025, Eq. 11): H(phi) = 1 / (1 +
// e^{2 k phi}), 1 deep in the liquid (phi < 0), 0 in air, 1/2 on the surface. The paper sets
// k = L / eps for a domain of length L and a narrow band eps in domain units, i.e. k = 1 / eps
// in metres. The smoothed volume sum H(phi) V_c of a ball of radius R exceeds the true one by
// pi^2 / (4 k^2 R^2) (Sommerfeld's expansion; tested in test_narrow_band.cpp): with eps =
// 3 dx that is 89 % for a 5-cell drop, and it changes with the drop's shape, so holding the
// smoothed volume does not hold the true one. k = 1 / dx brings it to 10 % (5 cells) and
// 2.5 % (10 cells) while H still spans about two cells; the coupler's choice is documented
// where it is made.
#include <cmath>

#include "ripple/contact/barrier.hpp"

namespace ripple {

/// H(phi) and its first two derivatives in phi (m); `sharpness` k in 1/m.
inline ScalarDerivatives smoothed_heaviside(double phi, double sharpness) {
  // In terms of s = tanh(k phi): H = (1 - s) / 2, H' = -k (1 - s^2) / 2, H'' = k^2 s (1 - s^2).
  const double s = std::tanh(sharpness * phi);
  const double q = 1.0 - s * s;
  return {0.5 * (1.0 - s), -0.5 * sharpness * q, sharpness * sharpness * s * q};
}

}  // namespace ripple
