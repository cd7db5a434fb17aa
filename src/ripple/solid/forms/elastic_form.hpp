#pragma once
// All elastic energies of the solids (membranes, hinges, rods, tetrahedra, rigid bodies'
// orthogonality potential) as one form, times a weight (dt^2 in the incremental potential).
#include "ripple/solid/energies/discrete_shell_bending.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

/// One rank-one term weight * c c^T of the tetrahedra's projected Hessian
/// sum_e V_e dF_e^T H_e dF_e, with H_e = sum_k lambda_k u_k u_k^T and c = dF_e^T u_k over the
/// tetrahedron's 12 vertex coordinates (the natural factorisation K = B D B^T of Takahashi &
/// Batty 2022, Sec. 4.1.1, with D diagonalised per element).
struct TetNaturalFactor {
  int tet = -1;
  Eigen::Matrix<double, 12, 1> column = Eigen::Matrix<double, 12, 1>::Zero();  ///< 1/m
  double weight = 0.0;                                                         ///< J (V_e lambda_k times the body's scale)
};

class ElasticForm : public Form {
 public:
  ElasticForm(const SolidModel& model, double weight) : m_(model), weight_(weight) {}
  std::string name() const override { return "elastic"; }
  bool fixed_hessian_pattern() const override { return true; }
  double value(const VectorX& z) const override { return weight_ * energy(z); }
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override {
    add_scaled(z, weight_, nullptr, gradient, hessian);
  }
  /// Unweighted elastic energy (J).
  double energy(const VectorX& z) const;
  /// Derivatives times `weight`, each body's elements further times body_scale[body] when given.
  void add_scaled(const VectorX& z, double weight, const std::vector<double>* body_scale, VectorX& gradient,
                  std::vector<Triplet>* hessian) const;
  /// The tetrahedra's Hessian at z as rank-one terms (each body's scaled by body_scale[body]
  /// when given; eigenvalues at or below relative_floor times their element's largest dropped,
  /// as the PSD projection drops the negative ones).
  std::vector<TetNaturalFactor> tet_natural_factors(const VectorX& z, const std::vector<double>* body_scale,
                                                    double relative_floor = 1e-12) const;
  /// Fixes the corotated tetrahedra's rotations at the polar rotations of configuration z.
  void update_rotations(const VectorX& z);
  /// How hinge Hessians are made PSD (default Gauss-Newton).
  void set_hinge_hessian(HingeHessian mode) { hinge_hessian_ = mode; }
  /// Tetrahedra with det F <= 0 at z.
  int inverted_elements(const VectorX& z) const;

 private:
  const SolidModel& m_;
  double weight_;
  std::vector<Mat3> rotations_;  ///< per tet (corotated model only)
  HingeHessian hinge_hessian_ = HingeHessian::gauss_newton;
};

}  // namespace ripple
