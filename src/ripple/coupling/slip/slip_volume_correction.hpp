#pragma once
// The particles' volume correction (fluid/density_correction.hpp) under the slip method. The
// correction solves with the projection's matrix, and the slip projection solved another
// system, so it runs on ripple's Poisson matrix of the same liquid with every occluded face
// closed (a shell is a wall for it), with a multigrid preconditioner of its own.
#include "ripple/coupling/slip/occluded_faces.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

/// On every kVolumeCorrectionInterval-th substep, for particle liquids with
/// fluid.volume_correction > 0: sets world.volume_correction.displacement and returns true
/// when some cell needs a correction.
bool correct_particle_volume_with_slip(World& world, const OccludedFaces& occluded, double dt, PhaseTimings& timings);

}  // namespace ripple
