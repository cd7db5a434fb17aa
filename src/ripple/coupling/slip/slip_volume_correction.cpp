#include "ripple/coupling/slip/slip_volume_correction.hpp"

#include "ripple/fluid/density_correction.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

bool correct_particle_volume_with_slip(World& w, const OccludedFaces& occ, double dt, PhaseTimings& timings) {
  const Scene& s = w.scene;
  if (!uses_particles(s.fluid.representation) || s.fluid.volume_correction <= 0.0 ||
      w.steps % kVolumeCorrectionInterval != 0)
    return false;
  ScopedPhase t(timings, "volume_correction");
  SolidBoundary closed = w.solids;  // the bodies' and obstacles' fractions, and the shells' faces shut
  for (const OccludedFace& f : occ.faces) {
    closed.face_open[f.axis](f.face.x(), f.face.y(), f.face.z()) = 0.0;
    closed.velocity.u[f.axis](f.face.x(), f.face.y(), f.face.z()) = 0.0;
  }
  closed.has_obstacles = closed.has_obstacles || !occ.faces.empty();
  PressureSystem& sys = w.pressure_system;
  const ProjectionParams params = projection_params(s, dt);
  assemble_pressure_system(sys, w.liquid, closed, nullptr, params);
  sys.A.build_layout();
  bool displaced = false;
  if (sys.A.active_count() > 0) {
    sys.preconditioner = std::make_unique<MultigridPreconditioner>(sys.A, sys.mg);
    displaced = density_correction_displacement(sys, w.liquid, closed, w.particle_bins, s.fluid.particles_per_cell,
                                                s.fluid.volume_correction, params, w.volume_correction);
  }
  sys.mg.face_open = nullptr;  // `closed` goes out of scope
  sys.preconditioner.reset();
  return displaced;
}

}  // namespace ripple
