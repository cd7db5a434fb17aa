#pragma once
// coupling.barrier: the settings of the barrier method (Liu et al. 2025), their schema and
// their parsing from the scene. Lengths in cells are multiplied by dx when used.
#include <nlohmann/json.hpp>
#include <string>

#include "ripple/contact/level_set_distance.hpp"
#include "ripple/coupling/barrier/barrier_points.hpp"
#include "ripple/scene/scene.hpp"
#include "ripple/scene/schema.hpp"

namespace ripple {

/// Where the barrier method applies surface tension (coupling.barrier.surface_tension).
enum class BarrierSurfaceTension {
  ghost_fluid,  ///< the jump gamma kappa at the interface in the final projection
  csf           ///< Eq. 8's continuum surface force in the prediction, as the paper writes it
};

/// Which volume of each liquid component the barrier method holds (coupling.barrier.volume_measure).
enum class BarrierVolumeMeasure {
  smoothed,  ///< Eq. 11's smoothed volume, held by the optimisation's constraint (the paper)
  sharp      ///< the volume inside the surface, steered by a divergence source (volume_control.hpp)
};

/// How the barrier method's final projection treats the solids at closed contact faces
/// (coupling.barrier.final_projection).
enum class BarrierFinalProjection {
  one_way,  ///< Eq. 23: the faces take the solids' velocity; the solids are not pushed
  two_way   ///< the solids' masses in the pressure solve: the pressure pushes them (momentum kept)
};

struct BarrierSettings {
  LevelSetInterpolation interpolation = LevelSetInterpolation::quadratic;
  BarrierSampling points = BarrierSampling::vertices;  ///< where the solids feel the liquid
  double dhat_cells = 0.5;             ///< solid-liquid barrier activation distance (cells)
  double band_cells = 3.0;             ///< eps: narrow band half width, Eq. 8 and Sec. 4.2.2 (cells)
  double heaviside_width_cells = 1.0;  ///< 1/k of the smoothed Heaviside, Eq. 11 (cells)
  double stiffness = 0.0;              ///< kappa (kg); 0 = automatic (rho dx^3, adapted)
  double volume_tolerance = 1e-6;      ///< relative, per liquid component
  double air_density = 1.0;            ///< rho_a of Eq. 13 in the level-set inertia (kg/m^3)
  bool line_search = true;             ///< backtracking in the coupled Newton solve
  int max_iterations = 50;             ///< Newton cap of the coupled solve
  bool trace = false;                  ///< print every coupled Newton iteration to stderr
  bool volume_constraint = true;       ///< hold each liquid component's volume (Eq. 11)
  BarrierVolumeMeasure volume_measure = BarrierVolumeMeasure::sharp;
  BarrierSurfaceTension surface_tension = BarrierSurfaceTension::ghost_fluid;
  BarrierFinalProjection final_projection = BarrierFinalProjection::one_way;
};

/// The settings' lengths in world units for cells of size dx (m).
struct BarrierScales {
  double eps = 0.0;   ///< m, narrow band half width (Sec. 4.2.2)
  double k = 0.0;     ///< 1/m, sharpness of the smoothed Heaviside (Eq. 11, smoothed_heaviside.hpp)
  double dhat = 0.0;  ///< m, solid-liquid barrier activation distance
};
inline BarrierScales barrier_scales(const BarrierSettings& s, double dx) {
  return {s.band_cells * dx, 1.0 / (s.heaviside_width_cells * dx), s.dhat_cells * dx};
}

/// The schema of the coupling.barrier block.
SchemaNode barrier_settings_schema();

/// The settings of a validated scene (its resolved coupling.barrier block), checked against
/// the scene: throws InputError naming the key when the method cannot run it.
BarrierSettings barrier_settings(const Scene& scene);

}  // namespace ripple
