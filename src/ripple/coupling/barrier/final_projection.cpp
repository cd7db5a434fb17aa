#include "ripple/coupling/barrier/final_projection.hpp"

#include "ripple/coupling/barrier/contact_faces.hpp"
#include "ripple/coupling/barrier/liquid_prediction.hpp"
#include "ripple/coupling/none/liquid_only_step.hpp"
#include "ripple/fluid/surface_tension.hpp"
#include "ripple/fluid/velocity_extrapolation.hpp"

namespace ripple {

FinalProjectionReport project_with_contacts(World& w, const SolidModel& m, const VectorX& x,
                                            const VectorX& vertex_velocity, const std::vector<int>& contacting,
                                            double dt, PhaseTimings& timings) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  FinalProjectionReport out;
  FaceFlags valid;
  {
    ScopedPhase t(timings, "pressure_final");
    const SolidBoundary* boundary = &w.solids;
    SolidBoundary with_contacts;
    if (!contacting.empty()) {
      with_contacts = w.solids;
      const auto faces = find_contact_faces(L.grid, L.phi, x, contacting);
      // A box one cell wide around each face (Eq. 23's dhat-sized box, at least a cell so
      // that it reaches the solid from faces half a cell off the surface).
      out.closed_faces = close_contact_faces(with_contacts, faces, m.collision, x, vertex_velocity, 0.5 * L.grid.dx);
      boundary = &with_contacts;
    }
    // Surface tension: the ghost-fluid jump gamma kappa on phi^{n+1}, or none when Eq. 8's
    // force acted in the prediction (coupling.barrier.surface_tension = "csf").
    ProjectionParams pp = projection_params(s, dt);
    const bool jump = s.fluid.surface_tension > 0.0 && s.barrier.surface_tension == BarrierSurfaceTension::ghost_fluid;
    if (!jump) pp.surface_tension = 0.0;
    const ScalarGrid kappa = jump ? interface_curvature(L.phi, L.grid.dx) : ScalarGrid();
    const ProjectionResult r =
        project_pressure(L, s, *boundary, jump ? &kappa : nullptr, pp, valid, w.pressure_system);
    out.iterations = r.iterations;
    out.residual = r.residual;
    out.converged = r.converged;
  }
  {
    ScopedPhase t(timings, "extrapolate");
    extrapolate_velocity(L.velocity, valid, barrier_extrapolation_layers(s));
  }
  return out;
}

}  // namespace ripple
