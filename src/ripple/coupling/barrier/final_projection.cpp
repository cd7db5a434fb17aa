#include "ripple/coupling/barrier/final_projection.hpp"

#include "ripple/coupling/barrier/contact_faces.hpp"
#include "ripple/coupling/barrier/liquid_prediction.hpp"
#include "ripple/coupling/barrier/solid_pressure_coupling.hpp"
#include "ripple/coupling/barrier/volume_control.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/fluid/surface_tension.hpp"
#include "ripple/fluid/velocity_extrapolation.hpp"
#include "ripple/fluid/wall_separation.hpp"  // kMaxSeparationRounds
#include "ripple/grid/level_set_volume.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

namespace ripple {

namespace {

/// A contact face pushes the liquid but does not hold it (Eq. 23 closes it both ways): where
/// the liquid beside a closed face is below the pressure its free surface would have there
/// (sigma kappa; 0 without surface tension) or was released by the separating-wall rounds
/// (wall_separation.hpp: suction, held at p = 0), the liquid is leaving the solid, and the
/// face gets back its state in `base`. Removes the opened faces from `closed`; returns how many.
int open_pulling_faces(std::vector<ContactFace>& closed, std::vector<FaceWeights>& rows, SolidBoundary& with_contacts,
                       const SolidBoundary& base, const LiquidState& L, const std::vector<uint8_t>& released,
                       const ScalarGrid* kappa, double sigma) {
  double p_max = 0.0;
  for (double p : L.pressure.data()) p_max = std::max(p_max, std::abs(p));
  std::vector<ContactFace> still;
  std::vector<FaceWeights> still_rows;
  int opened = 0;
  for (size_t n = 0; n < closed.size(); ++n) {
    const ContactFace& f = closed[n];
    const int64_t c = liquid_cell_beside(L.phi, f.axis, f.index);
    if (c < 0) {
      still.push_back(f);
      still_rows.push_back(rows[n]);
      continue;
    }
    const size_t i = static_cast<size_t>(c);
    const double reference = kappa ? sigma * kappa->data()[i] : 0.0;
    const bool pulls = (!released.empty() && released[i]) || L.pressure.data()[i] < reference - 1e-4 * p_max;
    if (!pulls) {
      still.push_back(f);
      still_rows.push_back(rows[n]);
      continue;
    }
    const Vec3i& q = f.index;
    with_contacts.face_open[f.axis](q.x(), q.y(), q.z()) = base.face_open[f.axis](q.x(), q.y(), q.z());
    with_contacts.velocity.u[f.axis](q.x(), q.y(), q.z()) = base.velocity.u[f.axis](q.x(), q.y(), q.z());
    ++opened;
  }
  closed = std::move(still);
  rows = std::move(still_rows);
  return opened;
}

}  // namespace

FinalProjectionReport project_with_contacts(World& w, const BarrierSettings& settings, const SolidModel& m,
                                            const VectorX& x,
                                            const VectorX& vertex_velocity, const std::vector<int>& contacting,
                                            double dt, PhaseTimings& timings, const VolumeControlRequest* control) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  FinalProjectionReport out;
  FaceFlags valid;
  const SolidBoundary* boundary = &w.solids;
  SolidBoundary with_contacts;
  ProjectionParams pp = projection_params(s, dt);
  {
    ScopedPhase t(timings, "pressure_final");
    std::vector<ContactFace> closed;
    std::vector<FaceWeights> closed_rows;  // W's rows of the closed faces
    if (!contacting.empty()) {
      with_contacts = w.solids;
      const auto faces = find_contact_faces(L.grid, L.phi, x, contacting);
      // A box one cell wide around each face (Eq. 23's dhat-sized box, at least a cell so
      // that it reaches the solid from faces half a cell off the surface).
      std::vector<FaceWeights> rows;
      out.closed_faces =
          close_contact_faces(with_contacts, faces, m.collision, x, vertex_velocity, 0.5 * L.grid.dx, &rows);
      for (size_t f = 0; f < faces.size(); ++f) {
        const Vec3i& q = faces[f].index;
        if (with_contacts.face_open[faces[f].axis](q.x(), q.y(), q.z()) !=
            w.solids.face_open[faces[f].axis](q.x(), q.y(), q.z())) {
          closed.push_back(faces[f]);
          closed_rows.push_back(rows[f]);
        }
      }
      boundary = &with_contacts;
    }
    const bool two_way = settings.final_projection == BarrierFinalProjection::two_way;
    // Surface tension: the ghost-fluid jump gamma kappa on phi^{n+1}, or none when Eq. 8's
    // force acted in the prediction (coupling.barrier.surface_tension = "csf").
    const bool jump = s.fluid.surface_tension > 0.0 && settings.surface_tension == BarrierSurfaceTension::ghost_fluid;
    if (!jump) pp.surface_tension = 0.0;
    const ScalarGrid kappa = jump ? interface_curvature(L.phi, L.grid.dx) : ScalarGrid();
    const MacVelocity predicted = L.velocity;
    std::unique_ptr<SolidPressureCoupling> coupling;
    for (int round = 0;; ++round) {
      coupling.reset();
      pp.extra_term = nullptr;
      if (two_way && !closed.empty()) {
        coupling = std::make_unique<SolidPressureCoupling>(closed, closed_rows, L.phi, m, dt, L.grid.dx);
        if (!coupling->empty()) pp.extra_term = coupling.get();
      }
      const ProjectionResult r =
          project_pressure(L, *boundary, jump ? &kappa : nullptr, pp, valid, w.pressure_system);
      out.iterations += r.iterations;
      out.residual = r.residual;
      out.converged = r.converged;
      if (round == kMaxSeparationRounds || closed.empty()) break;
      // Faces where the liquid pulls are opened, and the pressure solved again.
      const int opened = open_pulling_faces(closed, closed_rows, with_contacts, w.solids, L,
                                            w.pressure_system.released, jump ? &kappa : nullptr,
                                            s.fluid.surface_tension);
      if (opened == 0) break;
      out.closed_faces -= opened;
      out.released_faces += opened;
      L.velocity = predicted;
    }
    if (coupling && !coupling->empty()) {
      // The pressure pushed the contacting vertices; the closed faces move with them.
      out.vertex_velocity_change = coupling->velocity_change(L.pressure.data(), m.num_vertices);
      const VectorX v = vertex_velocity + out.vertex_velocity_change;
      for (size_t f = 0; f < coupling->faces().size(); ++f) {
        const auto& face = coupling->faces()[f];
        const double u = face_velocity(face.row, face.axis, v);
        L.velocity.u[face.axis](face.index.x(), face.index.y(), face.index.z()) = u;
        with_contacts.velocity.u[face.axis](face.index.x(), face.index.y(), face.index.z()) = u;
      }
    }
    pp.extra_term = nullptr;  // the coupling ends with this block; the volume control moves the liquid alone
  }
  if (control && control->label) {
    if (control->redistance) {
      ScopedPhase t(timings, "redistance");
      control->redistance(L.phi);
    }
    ScopedPhase t(timings, "volume_control");
    const std::vector<double> v =
        liquid_volumes_by_label(L.phi, L.grid, *control->label, static_cast<int>(control->target.size()));
    std::vector<double> ask(v.size());
    for (size_t c = 0; c < v.size(); ++c)
      ask[c] = std::clamp(control->target[c] - v[c], -control->max_share * v[c], control->max_share * v[c]);
    apply_volume_control(w.pressure_system, L, *boundary, *control->label, ask, pp, extrapolation_layers(s),
                         control->guard, nullptr, &out.control_cells_kept);
  }
  {
    ScopedPhase t(timings, "extrapolate");
    extrapolate_velocity(L.velocity, valid, extrapolation_layers(s));
  }
  return out;
}

}  // namespace ripple
