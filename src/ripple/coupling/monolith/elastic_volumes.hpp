#pragma once
// The monolith method's elastic volumes (Takahashi & Batty 2022, Sec. 3.2 and Eq. 2): the free
// vertices of tetrahedral bodies, moved over a step by their velocities v (x = x^n + dt v, so the
// unknowns share the liquid's units), with the incremental potential
//     E_e(v) = 1/2 |v - v^|^2_M + Psi(x^n + dt v) + 1/2 dt v^T (a M + b K^n) v    (J)
// (v^ = v^n + dt g; Psi the stable neo-Hookean or corotated energy; a, b the body's Rayleigh
// damping, K^n the projected Hessian at the step's start), and its quadratic model at an
// iterate: gradient M' (v - v^') + dt grad Psi + dt b K^n v and Hessian M' + K', with
// M' = (1 + dt a) M lumped and K' = dt^2 K_proj + dt b K^n, whose LDL^T split enters the
// monolithic solve (Sec. 3.7.3).
#include <array>
#include <vector>

#include "ripple/solid/forms/elastic_form.hpp"
#include "ripple/solver/ldlt_split.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {

class ElasticVolumes {
 public:
  /// The model's non-rigid volume bodies (pinned vertices are not unknowns).
  explicit ElasticVolumes(const SolidModel& model);
  int64_t size() const { return static_cast<int64_t>(dof_coordinate_.size()); }  ///< 3 per free vertex
  bool empty() const { return dof_coordinate_.empty(); }
  /// Starts a step of dt (s) from the state (positions, velocities) with gravity (m/s^2).
  void begin_step(const SolidState& state, double dt, const Vec3& gravity);
  /// The velocities at the step's start (#size, m/s), and with gravity over the step (v^).
  const VectorX& start_velocity() const { return v_start_; }
  const VectorX& predicted_velocity() const { return v_hat_; }
  /// E_e(v) (J).
  double energy(const VectorX& v) const;
  /// The gradient of E_e at v (kg m/s) and K' (size x size, both triangles).
  void quadratic_model(const VectorX& v, VectorX& gradient, SparseMatrix& stiffness) const;
  /// K' at v as Q D Q^T with one column of Q per tetrahedron and eigen-direction of its Hessian
  /// in F (the natural factorisation, NF of Takahashi & Batty 2022, Table 1): Q is size x m,
  /// D (kg) positive, `l` and `p` empty.
  LdltSplit natural_split(const VectorX& v) const;
  /// M' (kg) per unknown.
  const VectorX& mass() const { return mass_; }
  /// The model coordinates with the volumes at x^n + dt v (the rest as at the step's start).
  VectorX coordinates(const VectorX& v) const;
  /// Writes positions x^n + dt v and velocities v into the state.
  void write(const VectorX& v, SolidState& state) const;
  /// Tetrahedra with det F <= 0 at x^n + dt v.
  int inverted(const VectorX& v) const { return elastic_.inverted_elements(coordinates(v)); }
  /// First unknown of a model vertex's three (-1: pinned, or not an elastic volume's).
  int unknown_of(int vertex) const { return vertex_unknown_[static_cast<size_t>(vertex)]; }
  /// The volumes' outward surface triangles (model vertex indices) and their vertices.
  const std::vector<std::array<int, 3>>& surface() const { return surface_; }
  const std::vector<int>& surface_vertices() const { return surface_vertices_; }
  /// Model vertex positions (#V) at coordinates z.
  std::vector<Vec3> vertex_positions(const VectorX& z) const;

 private:
  const SolidModel& m_;
  ElasticForm elastic_;
  std::vector<double> volume_scale_;       ///< per body: 1 for elastic volumes, 0 otherwise
  std::vector<double> damping_scale_;      ///< per body: dt b for elastic volumes (s^2), 0 otherwise
  std::vector<int> dof_coordinate_;        ///< per unknown: its model coordinate
  std::vector<int> coordinate_unknown_;    ///< per model coordinate: its unknown (-1: none)
  std::vector<int> vertex_unknown_;        ///< per model vertex
  std::vector<double> mass_damping_;       ///< per unknown (1/s)
  std::vector<std::array<int, 3>> surface_;
  std::vector<int> surface_vertices_;
  VectorX mass_, lumped_;                  ///< M' and M (kg)
  VectorX z_start_, v_start_, v_hat_;
  SparseMatrix damping_stiffness_;         ///< dt b K^n (kg/s * s = kg)
  double dt_ = 0.0;
  bool stiffness_damping_ = false;
};

}  // namespace ripple
