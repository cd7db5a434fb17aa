#include "ripple/coupling/barrier/liquid_prediction.hpp"

#include <cmath>

#include "ripple/fluid/body_forces.hpp"
#include "ripple/fluid/grid_advection.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/fluid/semi_implicit_surface_tension.hpp"
#include "ripple/fluid/surface_tension.hpp"
#include "ripple/fluid/velocity_extrapolation.hpp"
#include "ripple/fluid/wall_separation.hpp"

namespace ripple {

LiquidPrediction predict_liquid(World& w, const BarrierSettings& settings, double dt, PhaseTimings& timings) {
  const Scene& s = w.scene;
  LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  LiquidPrediction out;
  {
    ScopedPhase t(timings, "forces");
    apply_gravity(L.velocity, s.gravity, dt);
  }
  apply_liquid_viscosity(w, dt, timings);
  if (s.fluid.surface_tension > 0.0) {
    // Eq. 8. With `ghost_fluid` only its implicit term acts here (it damps the capillary
    // stiffness beyond the explicit step limit) and the final projection carries the jump.
    ScopedPhase t(timings, "surface_tension");
    const bool csf = settings.surface_tension == BarrierSurfaceTension::csf;
    const ScalarGrid kappa = csf ? interface_curvature(L.phi, g.dx) : ScalarGrid();
    SurfaceTensionParams st;
    st.surface_tension = s.fluid.surface_tension;
    st.density = s.fluid.density;
    st.dt = dt;
    st.band = settings.band_cells * g.dx;
    out.surface_tension_iterations = apply_semi_implicit_surface_tension(L.velocity, L.phi, csf ? &kappa : nullptr, g, st).iterations;
  }
  FaceFlags valid;
  {
    ScopedPhase t(timings, "pressure");
    ProjectionParams pp = projection_params(s, dt);
    pp.surface_tension = 0.0;
    const ProjectionResult r = project_pressure(L, w.solids, nullptr, pp, valid, w.pressure_system);
    out.pressure_iterations = r.iterations;
    out.pressure_residual = r.residual;
    out.pressure_converged = r.converged;
  }
  {
    ScopedPhase t(timings, "extrapolate");
    extrapolate_velocity(L.velocity, valid, extrapolation_layers(s));
  }
  {
    ScopedPhase t(timings, "advect");
    out.phi = L.phi;
    // Semi-Lagrangian, as Algorithm 2 line 4: MacCormack's correction can overshoot to phi < 0
    // in air cells behind a thin solid, where the velocity is extrapolated, and the barrier
    // (on vertices only) would then keep that liquid there: a leak (test_barrier_step.cpp).
    advect_samples(out.phi, cell_sample_offset(), g, L.velocity, dt, LevelSetAdvection::SemiLagrangian);
    open_separation_gaps(out.phi, w.pressure_system.released, L.velocity, w.solids, g.dx, dt);
    advect_velocity(L.velocity, g, dt);
    if (w.solids.has_obstacles) extend_level_set_into_solids(out.phi, g, w.solids);
  }
  return out;
}

}  // namespace ripple
