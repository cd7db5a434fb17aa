#include "ripple/solid/forms/orthogonality_form.hpp"

#include "ripple/solid/energies/affine_orthogonality.hpp"

namespace ripple {
namespace {

Mat3 affine_matrix(const VectorX& z, int first_dof) { return Eigen::Map<const Mat3>(z.data() + first_dof + 3); }

}  // namespace

double orthogonality_energy(const SolidModel& m, const VectorX& z) {
  double e = 0.0;
  for (const SolidBodyInfo& b : m.bodies)
    if (b.kind == SolidKind::rigid && !b.fixed)
      e += b.orthogonality_stiffness * b.volume * orthogonality_potential(affine_matrix(z, b.first_dof), false).value;
  return e;
}

void add_orthogonality_derivatives(const SolidModel& m, const VectorX& z, double weight,
                                   const std::vector<double>* body_scale, VectorX& gradient,
                                   std::vector<Triplet>* hessian) {
  for (size_t bi = 0; bi < m.bodies.size(); ++bi) {
    const SolidBodyInfo& b = m.bodies[bi];
    if (b.kind != SolidKind::rigid || b.fixed) continue;
    const double w = weight * b.orthogonality_stiffness * b.volume * (body_scale ? (*body_scale)[bi] : 1.0);
    const Derivatives<9> d = orthogonality_potential(affine_matrix(z, b.first_dof), true);
    gradient.segment<9>(b.first_dof + 3) += w * d.gradient;
    if (hessian)
      for (int i = 0; i < 9; ++i)
        for (int j = 0; j < 9; ++j) hessian->emplace_back(b.first_dof + 3 + i, b.first_dof + 3 + j, w * d.hessian(i, j));
  }
}

}  // namespace ripple
