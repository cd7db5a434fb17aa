#include "ripple/coupling/barrier/solid_pressure_coupling.hpp"

namespace ripple {

SolidPressureCoupling::SolidPressureCoupling(const std::vector<ContactFace>& faces, const std::vector<FaceWeights>& rows,
                                             const ScalarGrid& phi, const SolidModel& m, double dt, double dx)
    : dt_(dt), dx_(dx) {
  slot_.assign(static_cast<size_t>(m.num_vertices), -1);
  for (size_t i = 0; i < faces.size(); ++i) {
    if (rows[i].vertices.empty()) continue;
    const ContactFace& cf = faces[i];
    Face f;
    f.axis = cf.axis;
    f.index = cf.index;
    f.cell = liquid_cell_beside(phi, cf.axis, cf.index);
    if (f.cell < 0) continue;
    // The normal out of the liquid: -e_a when the liquid cell is above the face, +e_a below.
    f.normal = f.cell == phi.index(cf.index.x(), cf.index.y(), cf.index.z()) ? -1.0 : 1.0;
    f.row = rows[i];
    for (const auto& [v, w] : rows[i].vertices) {
      const double mass = m.vertex_mass[v];
      const int dof = m.vertex_dof[v];
      const bool movable = mass > 0.0 && dof >= 0 && !m.dof_fixed[static_cast<size_t>(dof + f.axis)];
      if (!movable) continue;
      f.weights.push_back({v, w});
      if (slot_[v] < 0) {
        slot_[v] = static_cast<int>(vertices_.size());
        vertices_.push_back(v);
        inverse_mass_.push_back(1.0 / mass);
      }
    }
    faces_.push_back(std::move(f));
  }
}

void SolidPressureCoupling::bind(const PoissonSystem& A) {
  compact_.assign(faces_.size(), -1);
  for (size_t f = 0; f < faces_.size(); ++f) {
    const size_t c = static_cast<size_t>(faces_[f].cell);
    if (A.active[c]) compact_[f] = A.layout.grid_to_compact[c];
  }
}

void SolidPressureCoupling::add_product(const std::vector<double>& x, std::vector<double>& y) const {
  // t_v = sum_f W_fv n_f p_c(f) (Pa, per vertex and axis); y_c(f) += dt dx n_f sum_v W_fv t_v / m_v.
  std::vector<Vec3>& t = scratch_;
  t.assign(vertices_.size(), Vec3::Zero());
  for (size_t f = 0; f < faces_.size(); ++f) {
    if (compact_[f] < 0) continue;
    const double p = x[static_cast<size_t>(compact_[f])];
    for (const auto& [v, w] : faces_[f].weights) t[static_cast<size_t>(slot_[v])][faces_[f].axis] += w * faces_[f].normal * p;
  }
  for (size_t f = 0; f < faces_.size(); ++f) {
    if (compact_[f] < 0) continue;
    double sum = 0.0;
    for (const auto& [v, w] : faces_[f].weights) {
      const size_t s = static_cast<size_t>(slot_[v]);
      sum += w * t[s][faces_[f].axis] * inverse_mass_[s];
    }
    y[static_cast<size_t>(compact_[f])] += dt_ * dx_ * faces_[f].normal * sum;
  }
}

VectorX SolidPressureCoupling::velocity_change(const std::vector<double>& p, int num_vertices) const {
  VectorX dv = VectorX::Zero(3 * static_cast<Eigen::Index>(num_vertices));
  // The impulse p dx^2 dt n_f through each closed face, shared by W^T.
  for (const Face& f : faces_)
    for (const auto& [v, w] : f.weights) {
      const size_t s = static_cast<size_t>(slot_[v]);
      dv[3 * v + f.axis] += dt_ * dx_ * dx_ * inverse_mass_[s] * w * f.normal * p[static_cast<size_t>(f.cell)];
    }
  return dv;
}

}  // namespace ripple
