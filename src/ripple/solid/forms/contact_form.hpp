#pragma once
// The IPC barrier potential over all primitive pairs of the solids' collision mesh
// (Li et al. 2020, Eq. 5-8): kappa * sum b(d - offset) with edge-edge terms mollified,
// times the incremental potential's weight dt^2. Its max_step is the CCD filter: the
// largest fraction of a Newton step along which no pair closes its gap.
#include <limits>

#include "ripple/contact/broad_phase.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/form.hpp"

namespace ripple {

class ContactForm : public Form {
 public:
  /// `mesh`: the primitives that may touch (default: the model's whole collision mesh); a
  /// coupler passes a subset, e.g. the cut-cell coupling's bodies without walls or obstacles.
  ContactForm(const SolidModel& model, double dhat, double weight, const CollisionMesh* mesh = nullptr)
      : m_(model), mesh_(mesh ? *mesh : model.collision), dhat_(dhat), weight_(weight) {}
  std::string name() const override { return "contact"; }
  double value(const VectorX& z) const override;
  void add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const override;
  double max_step(const VectorX& z, const VectorX& dz) override;
  /// Refreshes the candidate pairs at z, unless the last max_step's swept candidates
  /// already cover z (the line search only accepts points on that segment) or z lies in the
  /// ball of the reusable candidates (below).
  void begin_iteration(const VectorX& z) override;
  /// Candidate pairs within dhat of the static configuration z (always recomputed).
  void update_candidates(const VectorX& z);

  void end_iteration(const VectorX& z) override;

  /// Barrier stiffness kappa (J/m^2) and the bounds of its adaptive update: kappa doubles
  /// (up to kappa_max) whenever the smallest gap falls below 1e-2 dhat and keeps shrinking.
  void set_stiffness(double kappa, double kappa_max) {
    kappa_ = kappa;
    kappa_max_ = kappa_max;
  }
  double stiffness() const { return kappa_; }
  double dhat() const { return dhat_; }
  /// Gradient of the unweighted, unit-stiffness barrier sum (for the stiffness choice).
  VectorX barrier_gradient(const VectorX& z) const;
  /// Smallest gap (distance minus offset, m) over the pairs within dhat at z; +inf if none.
  double min_gap(const VectorX& z) const;
  /// Pairs whose gap is below dhat at z.
  int active_pairs(const VectorX& z) const;
  /// Pairs found by the last broad phase.
  const Candidates& candidates() const { return candidates_; }
  double time_broad_phase = 0.0, time_ccd = 0.0;  ///< s, accumulated

 private:
  const SolidModel& m_;
  const CollisionMesh& mesh_;
  double dhat_;
  double weight_;
  double kappa_ = 0.0;
  double kappa_max_ = 0.0;
  double previous_gap_ = std::numeric_limits<double>::infinity();
  Candidates candidates_;
  bool candidates_cover_step_ = false;  ///< set by max_step: candidates_ were swept over the step
  // Candidates within dhat + 2 r of reference positions: they hold every pair that can come
  // within dhat while each vertex stays within r of its reference (a pair's gap moves by at
  // most the motion of its two primitives), so Newton's small tail steps reuse them instead
  // of hashing the whole mesh every iteration.
  Candidates near_;
  VectorX near_reference_;    ///< solver coordinates z of the reference; empty: none yet
  double near_radius_ = 0.0;  ///< m
  bool near_covers(const VectorX& z) const;  ///< every vertex of z within r of the reference
};

/// The barrier stiffness kappa raised, up to kappa_max, to balance the other forms' gradient
/// `other_gradient` at z where contact is active (IPC supplement, Sec. 3); `weight` is the
/// barrier's weight in the objective (dt^2). Uses `contact`'s current candidates.
double balanced_barrier_stiffness(const ContactForm& contact, const VectorX& z, const VectorX& other_gradient,
                                  double weight, double kappa, double kappa_max);

/// kappa_min of the adaptive barrier stiffness (IPC supplement, Sec. 3): the stiffness that
/// gives a mean vertex mass a 1e11 /s^2 restoring scale at a gap of 1e-8 of the scene size.
double min_barrier_stiffness(double dhat, double bbox_diagonal, double average_mass);

}  // namespace ripple
