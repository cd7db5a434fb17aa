#pragma once
// Inertia of the incremental potential (IPC, Li et al. 2020, Eq. 2): 1/2 |z - z_tilde|_M^2,
// z_tilde = z^n + dt v^n + dt^2 M^-1 f_ext. Lumped vertex masses for deformables; for
// rigid (affine) bodies M = diag(m I, Sigma (x) I) with Sigma the body's second moment about
// its centre of mass (Lan et al. 2022, Eq. 4). Kinematic bodies are left to KinematicForm.
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

class InertiaForm : public Form {
 public:
  InertiaForm(const SolidModel& model, VectorX target) : m_(model), target_(std::move(target)) {}
  std::string name() const override { return "inertia"; }
  bool fixed_hessian_pattern() const override { return true; }
  double value(const VectorX& z) const override;
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override;
  /// M v for a coordinate-space vector (momentum-like products for stats and damping).
  static VectorX mass_times(const SolidModel& m, const VectorX& v, bool include_kinematic);
  /// M^-1 g over the free coordinates (deformable vertices with mass, free rigid bodies); zero
  /// on fixed, massless and kinematic ones. g may be longer than the solids' coordinates.
  static VectorX inverse_mass_times(const SolidModel& m, const VectorX& g);

 private:
  const SolidModel& m_;
  VectorX target_;
};

/// Holds kinematic bodies on their scripted pose: w/2 (q - q_target)^T M (q - q_target) with
/// a stiff weight, an augmented-Lagrangian style boundary condition (IPC, Sec. 4.4) that
/// keeps the bodies inside the CCD-filtered optimisation instead of teleporting them.
/// A scripted vertex: where it must be (m) and the mass (kg) that weighs its pull there.
struct VertexTarget {
  int vertex = 0;
  Vec3 position = Vec3::Zero();
  double mass = 0.0;
};

class KinematicForm : public Form {
 public:
  /// `target`: coordinates of the kinematic rigid bodies' poses; `vertex_targets`: scripted
  /// pinned vertices of deformable bodies and their positions (m).
  KinematicForm(const SolidModel& model, VectorX target, double weight,
                std::vector<VertexTarget> vertex_targets = {})
      : m_(model), target_(std::move(target)), weight_(weight), vertex_targets_(std::move(vertex_targets)) {}
  std::string name() const override { return "kinematic"; }
  bool fixed_hessian_pattern() const override { return true; }
  double value(const VectorX& z) const override;
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override;

 private:
  const SolidModel& m_;
  VectorX target_;
  double weight_;
  std::vector<VertexTarget> vertex_targets_;
};

}  // namespace ripple
