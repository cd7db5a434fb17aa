#pragma once
// The smoothed Heaviside of the level set (Liu et al. 2025, Eq. 11): H(phi) = 1 / (1 +
// e^{2 k phi}), 1 deep in the liquid (phi < 0), 0 in air, 1/2 on the surface. The paper sets
// k = L / eps for a domain of length L and a narrow band eps in domain units; in metres that
// is k = 1 / eps (1/m), which is what ripple uses: H(-eps) = 0.88, H(-3 eps) = 0.998.
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
