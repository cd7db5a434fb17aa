#pragma once
// The IPC log barrier (Li et al. 2020, Eq. 6): b(g) = -(g - dhat)^2 ln(g / dhat) for
// 0 < g < dhat, zero beyond; C2 at g = dhat and infinite as g -> 0. The gap g is the
// distance minus the primitives' thickness offset (shells and rods). Lengths in m.

namespace ripple {

/// A scalar function of one variable with its first and second derivative.
struct ScalarDerivatives {
  double value = 0.0;
  double first = 0.0;
  double second = 0.0;
};

/// b(g) and its derivatives over the gap g (m); zero for g >= dhat, +inf for g <= 0.
ScalarDerivatives barrier(double gap, double dhat);

/// The barrier as a function of the squared distance s (m^2) between two primitives whose
/// surfaces sit `offset` (m) apart from their mid-surfaces: b(sqrt(s) - offset) and its
/// derivatives with respect to s (what the contact potential chains with grad s).
ScalarDerivatives barrier_of_squared_distance(double s, double offset, double dhat);

}  // namespace ripple
