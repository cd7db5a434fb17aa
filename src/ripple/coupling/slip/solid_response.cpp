#include "ripple/coupling/slip/solid_response.hpp"

namespace ripple {

SparseMatrix deformable_response(const SolidWorld& solids, const SolidState& start, const VectorX& z_end, double dt,
                                 const SolidUnknowns& unknowns) {
  SparseMatrix out(unknowns.count, unknowns.count);
  bool any = false;
  for (int u : unknowns.unknown_of_dof) any = any || u >= 0;
  if (!any) return out;
  // The step's incremental potential, 1/2 |x - x_hat|^2_M + dt^2 (the solids' potentials): its
  // Hessian at the step's end is M + dt^2 K.
  SolidState copy = start;
  SolidStepProblem problem(solids.model, solids.settings, dt, copy);
  VectorX gradient = VectorX::Zero(z_end.size());
  std::vector<Triplet> hessian;
  for (Form* f : problem.forms()) {
    f->begin_iteration(z_end);
    f->add_derivatives(z_end, gradient, &hessian);
  }
  std::vector<Triplet> kept;
  kept.reserve(hessian.size());
  for (const Triplet& t : hessian) {
    const int r = unknowns.unknown_of_dof[t.row()], c = unknowns.unknown_of_dof[t.col()];
    if (r >= 0 && c >= 0) kept.emplace_back(r, c, t.value());
  }
  out.setFromTriplets(kept.begin(), kept.end());
  return out;
}

}  // namespace ripple
