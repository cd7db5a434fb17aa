#pragma once
// Two-way final projection of the barrier method: the solids' masses in the pressure solve.
// Eq. 23 (Liu et al. 2025) closes the liquid-air faces near contact at the solids' velocity
// u_f = (W v)_f and leaves the solids as they are, so the pressure that stops the liquid there
// pushes nothing: momentum is lost at every impact (docs/validation.md, momentum). Here the
// pressure p_c of a closed face's liquid cell also pushes the face's vertices through W^T
// (force p_c dx^2 n_f, n_f the face's normal out of the liquid), and the faces move with the
// pushed vertices: the pressure matrix gains K = dt dx B^T M^-1 B, B_vc = sum over the closed
// faces f of cell c of W_fv n_f, as in monolithic pressure-solid projections (Robinson-Mosher
// et al. 2008). Pinned vertices and rigid bodies' vertices have no inverse mass: their
// velocity stays imposed.
#include <vector>

#include "ripple/coupling/barrier/contact_faces.hpp"
#include "ripple/coupling/barrier/face_velocity_weights.hpp"
#include "ripple/solid/solid_model.hpp"
#include "ripple/solver/pcg.hpp"

namespace ripple {

class SolidPressureCoupling : public CompactTerm {
 public:
  /// `faces` closed with their rows of W (`rows`, aligned; empty rows are skipped); `phi` the
  /// level set the projection solves on; dt (s), dx (m).
  SolidPressureCoupling(const std::vector<ContactFace>& faces, const std::vector<FaceWeights>& rows,
                        const ScalarGrid& phi, const SolidModel& model, double dt, double dx);

  /// Faces whose liquid cell is not an unknown of A (held at p = 0) are left out.
  void bind(const PoissonSystem& A) override;
  void add_product(const std::vector<double>& x, std::vector<double>& y) const override;

  /// The vertices' velocity change (#V*3, m/s) under the full-grid pressure p (Pa).
  VectorX velocity_change(const std::vector<double>& p, int num_vertices) const;

  struct Face {
    int axis = 0;
    Vec3i index = Vec3i::Zero();
    int64_t cell = -1;  ///< the liquid cell beside the face (full-grid index)
    double normal = 1;  ///< +1 or -1: the face's normal out of the liquid, along its axis
    std::vector<std::pair<int, double>> weights;  ///< (vertex, W_fv) of vertices with inverse mass
    FaceWeights row;                              ///< W's row: every vertex, for the face's velocity
  };
  const std::vector<Face>& faces() const { return faces_; }
  bool empty() const { return faces_.empty(); }

 private:
  std::vector<Face> faces_;
  std::vector<int> vertices_;        ///< coupled vertices with inverse mass
  std::vector<double> inverse_mass_; ///< per vertex of vertices_ (1/kg)
  std::vector<int> slot_;            ///< #V: index into vertices_, or -1
  std::vector<int64_t> compact_;     ///< per face: its cell's compact index in the bound system, or -1
  mutable std::vector<Vec3> scratch_;  ///< add_product's per-vertex sums, kept between PCG iterations
  double dt_ = 0.0, dx_ = 0.0;
};

}  // namespace ripple
