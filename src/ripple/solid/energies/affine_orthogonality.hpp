#pragma once
// Affine body dynamics (Lan et al. 2022): a rigid body is an affine map x = p + A x_rest
// (q = (p, a1, a2, a3), the columns of A: 12 coordinates), kept rigid by the stiff
// orthogonality potential E = stiffness * volume * ||A^T A - I||_F^2 (Eq. 8). Everything
// else (contact, inertia) sees the body's vertices through a linear map of q.
#include "ripple/core/derivatives.hpp"

namespace ripple {

/// ||A^T A - I||_F^2 over (a1, a2, a3) (9 coordinates; p does not enter).
Derivatives<9> orthogonality_potential(const Mat3& A, bool project);

}  // namespace ripple
