#pragma once
// Adds a contact stencil's derivatives (over up to 4 vertex positions) to the solver
// coordinates: deformable vertices map one to one, rigid vertices through
// J = [I, l.x I, l.y I, l.z I] onto their body's 12 affine coordinates (J^T g, J^T H J).
#include <vector>

#include "ripple/contact/contact_stencil.hpp"
#include "ripple/core/derivatives.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

void scatter_stencil(const SolidModel& m, const ContactStencil& s, const Derivatives<12>& d, double weight,
                     VectorX& gradient, std::vector<Triplet>* hessian);

}  // namespace ripple
