#pragma once
// Lagged, smoothed Coulomb friction (IPC, Li et al. 2020, Sec. 5, Eq. 14-17): for every pair
// in contact at a lag point x^k (the start of the step, or the last solution when the step is
// solved again with the friction updated), with normal force lambda = kappa |b'(gap)|,
// closest points and tangent basis P frozen at x^k, a dissipative potential
// dt^2 mu lambda f0(|u|), u = P^T (relative displacement of the closest points since x^n),
// where f0 smooths the static-kinetic transition below a sliding speed eps_v (|u| < eps_v dt).
#include "ripple/contact/contact_stencil.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

class FrictionForm : public Form {
 public:
  /// `candidates` are the pairs near x0 (#V*3 positions at the start of the step) over `mesh`
  /// (default: the model's collision mesh); kappa the barrier stiffness; friction per pair of
  /// bodies (SolidModel::friction_between).
  FrictionForm(const SolidModel& model, const Candidates& candidates, const VectorX& x0, double kappa, double dhat,
               double dt, double eps_v, const CollisionMesh* mesh = nullptr);
  /// Adds the pair `s` with a given normal force times friction coefficient (N), lagged at the
  /// constructor's x0 like the others (for contacts whose force another solve carried).
  void add_pair(const ContactStencil& s, double mu_lambda);
  /// Replaces every pair by the candidates within dhat at x_lag (#V*3), their normal forces,
  /// closest points and bases taken there; the slip stays measured from x0 (IPC, Sec. 5.1:
  /// the lagged iteration that makes friction implicit as it converges).
  void relag(const Candidates& candidates, const VectorX& x_lag, double kappa, double dhat);
  std::string name() const override { return "friction"; }
  double value(const VectorX& z) const override;
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override;
  size_t size() const { return entries_.size(); }

  /// f0 and f1 = f0' of the smoothed friction, y and eps in m.
  static double f0(double y, double eps);
  static double f1_over_y(double y, double eps);

 private:
  struct Entry {
    ContactStencil stencil;
    std::array<double, 4> weights{};
    Eigen::Matrix<double, 3, 2> basis;
    double mu_lambda = 0.0;  ///< N
  };
  Eigen::Vector2d slip(const Entry& e, const VectorX& x) const;
  void add_barrier_pairs(const Candidates& candidates, const VectorX& x_lag, double kappa, double dhat);
  void add_entry(const ContactStencil& s, double mu_lambda, const VectorX& x_lag);
  const SolidModel& m_;
  const CollisionMesh& mesh_;
  VectorX x0_;
  double weight_;  ///< dt^2
  double eps_;     ///< eps_v dt (m)
  std::vector<Entry> entries_;
};

}  // namespace ripple
