#include "ripple/coupling/barrier/step_correction.hpp"

#include <algorithm>

#include "ripple/coupling/barrier/band_and_targets.hpp"
#include "ripple/coupling/barrier/barrier_start_checks.hpp"
#include "ripple/coupling/barrier/contact_preserving_redistance.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"
#include "ripple/coupling/barrier/volume_budget.hpp"

namespace ripple {
namespace {

// The volume control returns at most this share of a component's volume per step, so that a
// film the level set has all but lost is not blown up from a few cells.
constexpr double kVolumeControlShare = 0.25;

/// Velocity changes dv (#V*3, m/s) onto the deformable vertices' coordinates.
void add_to_solid_velocity(const SolidModel& m, SolidState& state, const VectorX& dv) {
  for (int v = 0; v < m.num_vertices; ++v)
    if (m.vertex_mass[v] > 0.0) state.velocity.segment<3>(m.vertex_dof[v]) += dv.segment<3>(3 * v);
}

}  // namespace

CorrectionReport correct_step(World& w, const BarrierCouplingState& st, const SolidModel& m, SolidState& solid_state,
                              const VectorX& x_start, const CoupledResult& cr, const std::vector<BarrierPoint>& points,
                              const Array3<int>& label, bool two_way, double dt, PhaseTimings& timings) {
  const BarrierSettings& b = st.settings;
  const GridGeometry& g = w.liquid.grid;
  const double dhat = barrier_scales(b, g.dx).dhat;
  const bool sharp = holds_sharp_volume(b);
  CorrectionReport out;
  const VectorX x = m.positions(solid_state.z);
  VectorX vertex_velocity = (x - x_start) / dt;  // Eq. 7
  if (two_way) {
    // The barrier's push moved the solids off the liquid, but the liquid's velocity never felt
    // its reaction: the two-way projection below exchanges the momentum instead, so the push
    // (-g / (m dt)) is kept in the positions and taken out of the velocities.
    VectorX unpush = VectorX::Zero(vertex_velocity.size());
    for (int v = 0; v < m.num_vertices; ++v) {
      const int dof = m.vertex_dof[v];
      if (m.vertex_mass[v] <= 0.0) continue;
      for (int a = 0; a < 3; ++a)
        if (!m.dof_fixed[static_cast<size_t>(dof + a)])
          unpush[3 * v + a] = cr.barrier_gradient[dof + a] / (m.vertex_mass[v] * dt);
    }
    vertex_velocity += unpush;
    add_to_solid_velocity(m, solid_state, unpush);
  }
  auto redistance = [&](ScalarGrid& phi) {
    redistance_keeping_contacts(phi, g, kLevelSetBandCells, points, x, b.interpolation, dhat + g.dx);
  };
  VolumeControlRequest control;
  if (sharp) {  // each component's deficit inside its surface, at most a share of it per step
    control.label = &label;
    control.target = st.sharp_target;
    control.max_share = kVolumeControlShare;
    // Redistanced before the control measures (redistancing moved the surface by up to 6 % of
    // the rod's drop in a frame, which a control run before it left at the step's end).
    control.redistance = [&](ScalarGrid& phi) {
      redistance(phi);
      out.volume_redistanced = budget_volume(phi, g, timings);
    };
    // The move is not CCD-filtered: it may not bring a solid vertex nearer the liquid than
    // half of its gap or of dhat, whichever is smaller (both interpolations).
    if (w.lagrangian) {
      const std::vector<uint8_t> coupled = liquid_coupled_vertices(w);
      std::vector<double> floor = vertex_gaps(g, w.liquid.phi, m.collision, x, b.interpolation, coupled);
      for (double& f : floor) f = 0.5 * std::min(f, dhat);
      control.guard.too_close = [&, coupled, floor](const ScalarGrid& phi) {
        const std::vector<double> gap = vertex_gaps(g, phi, m.collision, x, b.interpolation, coupled);
        std::vector<Vec3> refused;
        for (size_t v = 0; v < gap.size(); ++v)
          if (gap[v] < floor[v]) refused.push_back(x.segment<3>(3 * static_cast<Eigen::Index>(v)));
        return refused;
      };
    }
  }
  out.projection =
      project_with_contacts(w, b, m, x, vertex_velocity, cr.contacting, dt, timings, sharp ? &control : nullptr);
  if (sharp) out.volume_control = budget_volume(w.liquid.phi, g, timings) - out.volume_redistanced;
  // Two-way final projection: the contacting vertices leave with the pressure's push.
  if (two_way && out.projection.vertex_velocity_change.size() > 0)
    add_to_solid_velocity(m, solid_state, out.projection.vertex_velocity_change);
  if (!sharp) {
    ScopedPhase t(timings, "redistance");
    redistance(w.liquid.phi);
    out.volume_redistanced = budget_volume(w.liquid.phi, g, timings);
  }
  return out;
}

}  // namespace ripple
