#pragma once
// Adds a contact stencil's derivatives (over up to 4 vertex positions) to the solver
// coordinates: deformable vertices map one to one, rigid vertices through
// J = [I, l.x I, l.y I, l.z I] onto their body's 12 affine coordinates (J^T g, J^T H J).
// Fixed coordinates are left out and the blocks of vertices of one rigid body merged, so a
// pair against a fixed obstacle emits 9 Hessian entries rather than 39^2.
#include <vector>

#include "ripple/contact/contact_stencil.hpp"
#include "ripple/core/derivatives.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// Adds the derivatives of stencils[i] (over up to 4 vertex positions), times weights[i], for
/// every i. `project`: make each Hessian PSD, in the smaller of the free-block space and the
/// 12 stencil coordinates. Parallel; the result does not depend on the thread count.
void scatter_stencils(const SolidModel& m, const std::vector<ContactStencil>& stencils,
                      const std::vector<Derivatives<12>>& derivatives, const std::vector<double>& weights, bool project,
                      VectorX& gradient, std::vector<Triplet>* hessian);

}  // namespace ripple
