#include "ripple/solid/forms/elastic_form.hpp"

#include "ripple/solid/energies/discrete_shell_bending.hpp"
#include "ripple/solid/energies/midedge_bending.hpp"
#include "ripple/solid/energies/rod_energies.hpp"
#include "ripple/solid/forms/element_assembly.hpp"
#include "ripple/solid/forms/orthogonality_form.hpp"

namespace ripple {
namespace {

Derivatives<9> membrane(const SolidModel& m, const VectorX& z, int e) {
  const auto x = gather<3>(m, z, m.membranes[e]);
  const auto& rest = m.membrane_rest[e];
  return element_energy<2>(rest, m.membrane_thickness[e], stvk_membrane_density(deformation_gradient<2>(rest, x), m.membrane_lame[e]), true);
}

EnergyDensity<3> tet_density(const SolidModel& m, const std::vector<Mat3>& rotations, const VectorX& z, int e) {
  const Mat3 F = deformation_gradient<3>(m.tet_rest[e], gather<4>(m, z, m.tets[e]));
  if (m.tet_model[e] == VolumeModel::corotated_linear) return corotated_linear_density(F, rotations[e], m.tet_lame[e]);
  return stable_neohookean_density(F, m.tet_lame[e]);
}

Derivatives<12> tet(const SolidModel& m, const std::vector<Mat3>& rotations, const VectorX& z, int e) {
  return element_energy<3>(m.tet_rest[e], 1.0, tet_density(m, rotations, z, e), true);
}

}  // namespace

double ElasticForm::energy(const VectorX& z) const {
  double e = 0.0;
  e += parallel_sum(0, static_cast<int64_t>(m_.membranes.size()), [&](int64_t i) {
    const auto x = gather<3>(m_, z, m_.membranes[i]);
    const auto& rest = m_.membrane_rest[i];
    return rest.measure * m_.membrane_thickness[i] *
           stvk_membrane_density(deformation_gradient<2>(rest, x), m_.membrane_lame[i]).psi;
  });
  e += parallel_sum(0, static_cast<int64_t>(m_.hinges.size()), [&](int64_t i) {
    return hinge_bending_energy(gather<4>(m_, z, m_.hinges[i]), m_.hinge_stiffness[i], m_.hinge_rest_angle[i], HingeHessian::gauss_newton).value;
  });
  e += parallel_sum(0, static_cast<int64_t>(m_.bending_triangles.size()), [&](int64_t i) {
    return midedge_bending_energy(gather<6>(m_, z, m_.bending_triangles[i]), m_.bending_triangle_stiffness[i],
                                  m_.bending_triangle_rest_angle[i], HingeHessian::gauss_newton).value;
  });
  e += parallel_sum(0, static_cast<int64_t>(m_.rod_edges.size()), [&](int64_t i) {
    const auto x = gather<2>(m_, z, m_.rod_edges[i]);
    const double l = m_.rod_rest_length[i], s = (x.segment<3>(3) - x.segment<3>(0)).norm();
    return 0.5 * m_.rod_stretch_stiffness[i] / l * (s - l) * (s - l);
  });
  e += parallel_sum(0, static_cast<int64_t>(m_.rod_bends.size()), [&](int64_t i) {
    return rod_bending_energy(gather<3>(m_, z, m_.rod_bends[i]), m_.rod_bend_stiffness[i], m_.rod_rest_curvature[i],
                              m_.rod_rest_length_sum[i], false).value;
  });
  e += parallel_sum(0, static_cast<int64_t>(m_.tets.size()), [&](int64_t i) {
    const auto x = gather<4>(m_, z, m_.tets[i]);
    const auto& rest = m_.tet_rest[i];
    const Mat3 F = deformation_gradient<3>(rest, x);
    const double psi = m_.tet_model[i] == VolumeModel::corotated_linear
                           ? corotated_linear_density(F, rotations_[i], m_.tet_lame[i]).psi
                           : stable_neohookean_density(F, m_.tet_lame[i]).psi;
    return std::abs(rest.measure) * psi;
  });
  return e + orthogonality_energy(m_, z);
}

void ElasticForm::add_scaled(const VectorX& z, double weight, const std::vector<double>* body_scale,
                             VectorX& gradient, std::vector<Triplet>* hessian) const {
  auto scale = [&](int vertex) { return body_scale ? (*body_scale)[m_.vertex_body[vertex]] : 1.0; };
  // Elements of one body share its scale; the scale enters through the element's value.
  auto scaled = [&](auto d, int vertex) {
    const double s = scale(vertex);
    d.gradient *= s;
    d.hessian *= s;
    return d;
  };
  assemble_elements<3>(m_, static_cast<int>(m_.membranes.size()), [&](int e) { return m_.membranes[e]; },
                       [&](int e) { return scaled(membrane(m_, z, e), m_.membranes[e][0]); }, weight, gradient, hessian);
  assemble_elements<4>(m_, static_cast<int>(m_.hinges.size()), [&](int e) { return m_.hinges[e]; },
                       [&](int e) {
                         return scaled(hinge_bending_energy(gather<4>(m_, z, m_.hinges[e]), m_.hinge_stiffness[e],
                                                            m_.hinge_rest_angle[e], hinge_hessian_), m_.hinges[e][0]);
                       }, weight, gradient, hessian);
  assemble_elements<6>(m_, static_cast<int>(m_.bending_triangles.size()), [&](int e) { return m_.bending_triangles[e]; },
                       [&](int e) {
                         return scaled(midedge_bending_energy(gather<6>(m_, z, m_.bending_triangles[e]),
                                                              m_.bending_triangle_stiffness[e],
                                                              m_.bending_triangle_rest_angle[e], hinge_hessian_),
                                       m_.bending_triangles[e][0]);
                       }, weight, gradient, hessian);
  assemble_elements<2>(m_, static_cast<int>(m_.rod_edges.size()), [&](int e) { return m_.rod_edges[e]; },
                       [&](int e) {
                         return scaled(rod_stretching_energy(gather<2>(m_, z, m_.rod_edges[e]), m_.rod_stretch_stiffness[e],
                                                             m_.rod_rest_length[e], true), m_.rod_edges[e][0]);
                       }, weight, gradient, hessian);
  assemble_elements<3>(m_, static_cast<int>(m_.rod_bends.size()), [&](int e) { return m_.rod_bends[e]; },
                       [&](int e) {
                         return scaled(rod_bending_energy(gather<3>(m_, z, m_.rod_bends[e]), m_.rod_bend_stiffness[e],
                                                          m_.rod_rest_curvature[e], m_.rod_rest_length_sum[e], true),
                                       m_.rod_bends[e][0]);
                       }, weight, gradient, hessian);
  assemble_elements<4>(m_, static_cast<int>(m_.tets.size()), [&](int e) { return m_.tets[e]; },
                       [&](int e) { return scaled(tet(m_, rotations_, z, e), m_.tets[e][0]); }, weight, gradient, hessian);
  add_orthogonality_derivatives(m_, z, weight, body_scale, gradient, hessian);
}

void ElasticForm::update_rotations(const VectorX& z) {
  rotations_.assign(m_.tets.size(), Mat3::Identity());
  parallel_for(0, static_cast<int64_t>(m_.tets.size()), [&](int64_t e) {
    if (m_.tet_model[e] != VolumeModel::corotated_linear) return;
    rotations_[e] = polar_rotation(deformation_gradient<3>(m_.tet_rest[e], gather<4>(m_, z, m_.tets[e])));
  });
}

int ElasticForm::inverted_elements(const VectorX& z) const {
  return static_cast<int>(parallel_sum(0, static_cast<int64_t>(m_.tets.size()), [&](int64_t e) {
    return deformation_gradient<3>(m_.tet_rest[e], gather<4>(m_, z, m_.tets[e])).determinant() <= 0.0 ? 1.0 : 0.0;
  }));
}

std::vector<TetNaturalFactor> ElasticForm::tet_natural_factors(const VectorX& z, const std::vector<double>* body_scale,
                                                               double relative_floor) const {
  std::vector<std::array<TetNaturalFactor, 9>> per_tet(m_.tets.size());
  parallel_for(0, static_cast<int64_t>(m_.tets.size()), [&](int64_t e) {
    const double scale = body_scale ? (*body_scale)[static_cast<size_t>(m_.vertex_body[m_.tets[e][0]])] : 1.0;
    const ElementRest<3>& rest = m_.tet_rest[e];
    Eigen::SelfAdjointEigenSolver<Eigen::Matrix<double, 9, 9>> eig(tet_density(m_, rotations_, z, static_cast<int>(e)).stress_derivative);
    const double floor = relative_floor * eig.eigenvalues().cwiseAbs().maxCoeff();
    for (int k = 0; k < 9; ++k) {
      TetNaturalFactor& f = per_tet[static_cast<size_t>(e)][static_cast<size_t>(k)];
      f.tet = static_cast<int>(e);
      const double lambda = eig.eigenvalues()[k];
      if (!(scale > 0.0) || !(lambda > floor)) continue;  // the projection's clamped directions hold nothing
      f.weight = scale * std::abs(rest.measure) * lambda;
      f.column = rest.dF_dx.transpose() * eig.eigenvectors().col(k);
    }
  });
  std::vector<TetNaturalFactor> out;
  for (const auto& factors : per_tet)
    for (const TetNaturalFactor& f : factors)
      if (f.weight > 0.0) out.push_back(f);
  return out;
}

}  // namespace ripple
