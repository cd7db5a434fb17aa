#include "ripple/coupling/barrier/barrier_settings.hpp"

#include "ripple/core/errors.hpp"

namespace ripple {

using nlohmann::json;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

const EnumTable<LevelSetInterpolation>& level_set_interpolation_names() {
  static const EnumTable<LevelSetInterpolation> t{{"quadratic", LevelSetInterpolation::quadratic},
                                                  {"linear", LevelSetInterpolation::linear}};
  return t;
}

const EnumTable<BarrierSampling>& barrier_sampling_names() {
  static const EnumTable<BarrierSampling> t{
      {"vertices", BarrierSampling::vertices}, {"edges", BarrierSampling::edges}, {"triangles", BarrierSampling::triangles}};
  return t;
}

const EnumTable<BarrierVolumeMeasure>& volume_measure_names() {
  static const EnumTable<BarrierVolumeMeasure> t{{"smoothed", BarrierVolumeMeasure::smoothed},
                                                 {"sharp", BarrierVolumeMeasure::sharp}};
  return t;
}

const EnumTable<BarrierSurfaceTension>& surface_tension_names() {
  static const EnumTable<BarrierSurfaceTension> t{{"ghost_fluid", BarrierSurfaceTension::ghost_fluid},
                                                  {"csf", BarrierSurfaceTension::csf}};
  return t;
}

const EnumTable<BarrierFinalProjection>& final_projection_names() {
  static const EnumTable<BarrierFinalProjection> t{{"one_way", BarrierFinalProjection::one_way},
                                                   {"two_way", BarrierFinalProjection::two_way}};
  return t;
}

}  // namespace

SchemaNode barrier_settings_schema() {
  SchemaNode barrier = schema_object(
      "Settings of `barrier` (Liu et al. 2025): one optimisation over the shells', rods' and bodies' positions and "
      "the level set near the surface, with a barrier that keeps every solid vertex out of the liquid. The level set "
      "is always advected semi-Lagrangian, as Algorithm 2 does (fluid.levelset_advection is not used).");
  barrier
      .add("interpolation",
           schema_enum("Point-to-liquid distance through the level set: `quadratic` (C1 B-spline, stencils refreshed "
                       "every Newton iteration) or `linear` (trilinear, stencils frozen per solve; Sec. 4.3.3).",
                       level_set_interpolation_names(), LevelSetInterpolation::quadratic))
      .add("points",
           schema_enum("Where the solids feel the liquid's barrier: `vertices` (the paper's; liquid thinner than the "
                       "vertex spacing can slip between vertices at hard impacts, Sec. 4.3.3), `edges` (also every "
                       "edge's midpoint: shells and rods) or `triangles` (also every triangle's centroid). Denser "
                       "points cost barrier evaluations in proportion.",
                       barrier_sampling_names(), BarrierSampling::vertices))
      .add("dhat_cells", schema_number("Distance at which the solid-liquid barrier starts to push, in cells (voxel "
                                       "units: times dx). Solids rest about this far from the liquid.",
                                       "cells", 0.5)
                             .range(0.01, 4, true))
      .add("band_cells", schema_number("Half width eps of the narrow band of level-set unknowns and of the surface "
                                       "tension delta (Eq. 8), in cells. Must exceed the CFL number by at least 1.",
                                       "cells", 3.0)
                             .range(1, 20, true))
      .add("heaviside_width_cells",
           schema_number("Width 1/k of the smoothed Heaviside in the volume constraint (Eq. 11), in cells. The "
                         "paper's 1/k = eps inflates small drops' measured volume (docs/validation.md).",
                         "cells", 1.0)
               .range(0.1, 20, true))
      .add("stiffness", schema_number("Solid-liquid barrier stiffness kappa; 0 = automatic (liquid density times a "
                                      "cell's volume, doubled whenever a gap falls below dhat/10).",
                                      "kg", 0.0)
                            .range(0, 1e12))
      .add("air_density",
           schema_number("Density rho_a of the air side in the level-set inertia of the optimisation (Eq. 10, 13): "
                         "the mass of a level-set unknown goes from the liquid's density inside to this outside. "
                         "Near air's own (the default) the barrier lifts the air side of the level set next to a "
                         "solid almost for free: the optimisation then needs many Newton iterations, the impact "
                         "loses volume under the solid, and putting it back adds energy. A tenth of the liquid's "
                         "density cuts the Newton iterations by 20-50 % on the bands, the web and the drops on a "
                         "cloth, and holds the volume through impacts, but damps rebounds (docs/validation.md, "
                         "air density).",
                         "kg/m^3", 1.0)
               .range(0, 1e5, true))
      .add("volume_tolerance", schema_number("Largest relative error of each liquid component's volume constraint "
                                             "at the end of a coupled solve.",
                                             "", 1e-6)
                                   .range(0, 0.1, true))
      .add("line_search", schema_boolean("Backtrack on the merit function in the coupled Newton solve (false: take "
                                         "each CCD-filtered step; for Fig. 12-style comparisons).",
                                         true))
      .add("max_iterations", schema_integer("Newton iteration cap of one coupled solve; hitting it is reported in "
                                            "stats (coupling_newton_unconverged) and the log.",
                                            50)
                                 .range(1, 10000))
      .add("volume_constraint", schema_boolean("Hold each connected liquid component's volume (Eq. 11); false "
                                               "leaves the level set to its advection's volume drift (for comparisons).",
                                               true))
      .add("volume_measure",
           schema_enum("Which volume each connected liquid component keeps: `sharp` (the default) holds the "
                       "volume inside the surface, the one the exported mesh encloses: after the final projection the "
                       "surface is moved along a potential displacement that returns each component's deficit "
                       "through its free surface (Kim et al. 2007's volume control), held back where it would near "
                       "a solid vertex, and the optimisation holds at least Eq. 11's target; `smoothed`, the "
                       "paper's, holds only Eq. 11's smoothed volume in the optimisation, which counts the air gap "
                       "the barrier keeps, so a drop in contact loses 15-50 % of the volume inside its surface "
                       "(docs/validation.md).",
                       volume_measure_names(), BarrierVolumeMeasure::sharp))
      .add("surface_tension",
           schema_enum("Where surface tension (fluid.surface_tension) acts: `ghost_fluid` puts the pressure jump "
                       "gamma kappa at the interface in the final projection and keeps Eq. 8's implicit term in "
                       "the prediction as its stabiliser; `csf` applies Eq. 8 as the paper writes it, a continuum "
                       "surface force in the band before the first projection. With a free surface at p = 0 the "
                       "force's air half is lost: `csf` drops oscillate at half the capillary frequency and "
                       "resting drops spread into films (docs/validation.md).",
                       surface_tension_names(), BarrierSurfaceTension::ghost_fluid))
      .add("final_projection",
           schema_enum("How the final projection treats the solids at the liquid-air faces it closes near contact "
                       "(Eq. 23): `one_way`, the paper's, gives the faces the solids' velocity and leaves the solids "
                       "as they are, so the pressure that stops the liquid there pushes nothing and an impact loses "
                       "momentum; `two_way` puts the contacting vertices' masses in the pressure solve, so that the "
                       "same pressure pushes them through W^T and the liquid and the solids leave the projection at "
                       "one velocity on those faces (docs/validation.md, momentum).",
                       final_projection_names(), BarrierFinalProjection::one_way))
      .add("trace", schema_boolean("Print every coupled Newton iteration (step and its solid and level-set parts, "
                                   "CCD limits, merit) to stderr; for debugging a slow or stuck solve. Changes no "
                                   "result: a run can be resumed from its checkpoint with the trace switched on.",
                                   false));
  return barrier;
}

BarrierSettings barrier_settings(const Scene& s) {
  const json& bj = s.resolved.at("coupling").at("barrier");
  BarrierSettings b;
  b.interpolation = enum_value(bj["interpolation"], level_set_interpolation_names());
  b.points = enum_value(bj["points"], barrier_sampling_names());
  b.dhat_cells = bj["dhat_cells"];
  b.band_cells = bj["band_cells"];
  b.heaviside_width_cells = bj["heaviside_width_cells"];
  b.stiffness = bj["stiffness"];
  b.volume_tolerance = bj["volume_tolerance"];
  b.air_density = bj["air_density"];
  b.line_search = bj["line_search"];
  b.max_iterations = bj["max_iterations"];
  b.trace = bj["trace"];
  b.volume_constraint = bj["volume_constraint"];
  b.volume_measure = enum_value(bj["volume_measure"], volume_measure_names());
  b.surface_tension = enum_value(bj["surface_tension"], surface_tension_names());
  b.final_projection = enum_value(bj["final_projection"], final_projection_names());
  auto fail = [&](const std::string& ptr, const std::string& reason) { throw InputError(s.source_path + ": " + ptr, reason); };
  if (b.band_cells < s.time.cfl + 1.0)
    fail("/coupling/barrier/band_cells",
         "narrow band of " + format_number(b.band_cells) + " cells is too thin for cfl " + format_number(s.time.cfl) +
             ": the surface moves up to cfl cells per step and must stay inside the band; use band_cells >= cfl + 1");
  if (b.air_density > s.fluid.density)
    fail("/coupling/barrier/air_density", "air density " + format_number(b.air_density) +
                                              " kg/m^3 exceeds the liquid's (fluid.density " +
                                              format_number(s.fluid.density) + " kg/m^3): Eq. 13 needs rho_a <= rho_l");
  if (b.dhat_cells >= b.band_cells)
    fail("/coupling/barrier/dhat_cells", "must be smaller than band_cells (the barrier acts inside the band)");
  return b;
}

}  // namespace ripple
