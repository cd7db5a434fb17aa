#include "ripple/scene/scene_schema.hpp"

#include "ripple/scene/solid_schema.hpp"

namespace ripple {

using nlohmann::json;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Shape fields shared by liquid regions and obstacles.
std::vector<std::pair<std::string, SchemaNode>> shape_variants(const std::string& what,
                                                               const std::vector<std::pair<std::string, SchemaNode>>& extra) {
  auto box = schema_object("Axis-aligned box " + what + ".");
  box.add("min", schema_vec3("Lower corner.", "m", nullptr))
      .add("max", schema_vec3("Upper corner.", "m", nullptr));
  box.fields[0].second.optional = false;
  box.fields[1].second.optional = false;
  auto sphere = schema_object("Sphere " + what + ".");
  sphere.add("center", schema_vec3("Centre.", "m", nullptr))
      .add("radius", schema_number("Radius.", "m", 0.1).range(0, kInf, true));
  sphere.fields[0].second.optional = false;
  sphere.fields[1].second.default_value = nullptr;
  auto mesh = schema_object("Closed triangle mesh (Wavefront OBJ) " + what + ".");
  mesh.add("file", schema_string("OBJ file; a relative path resolves against the scene file's folder.", ""))
      .add("scale", schema_number("Uniform scale applied to the file's coordinates (about the origin).", "", 1.0)
                        .range(0, kInf, true))
      .add("translate", schema_vec3("Translation applied after scaling.", "m", json::array({0, 0, 0})));
  mesh.fields[0].second.default_value = nullptr;
  for (auto* v : {&box, &sphere, &mesh})
    for (const auto& e : extra) v->fields.push_back(e);
  return {{"box", box}, {"sphere", sphere}, {"mesh", mesh}};
}

}  // namespace

SchemaNode scene_schema() {
  SchemaNode root = schema_object(
      "A scene has the sections below; every key has a default except where marked required.");
  root.add("description", schema_string("Free text shown in logs.", ""));

  auto boundary = schema_object("Boundary type of each side of the domain: a `wall` is closed and free-slip, an "
                                "`open` side lets liquid leave (p = 0 outside).");
  for (const char* side : {"x_min", "x_max", "y_min", "y_max", "z_min", "z_max"})
    boundary.add(side, schema_enum(std::string("Boundary at ") + side + ".", {"wall", "open"}, "wall"));
  auto domain = schema_object("Simulation box and grid.");
  domain.add("min", schema_vec3("Lower corner of the domain.", "m", json::array({0, 0, 0})))
      .add("max", schema_vec3("Upper corner of the domain.", "m", json::array({1, 1, 1})))
      .add("dx", schema_number_optional("Grid cell size; give either dx or resolution.", "m").range(0, kInf, true))
      .add("resolution", schema_integer("Cells along the longest side (used when dx is absent).", 64).range(1, 4096))
      .add("boundary", boundary);
  root.add("domain", domain);

  auto time = schema_object("Time span and stepping.");
  time.add("end", schema_number("Simulated time at which the run stops.", "s", 2.0).range(0, kInf, true))
      .add("fps", schema_number("Output frames per second of simulated time.", "1/s", 30.0).range(0, 10000, true))
      .add("cfl", schema_number("CFL number: largest distance (in cells) the liquid moves in one substep.", "", 1.0)
                      .range(0, 20, true))
      .add("max_dt", schema_number("Largest substep.", "s", 0.01).range(0, kInf, true))
      .add("min_dt", schema_number("Smallest substep; a run that needs a smaller one stops with an error (exit 3).",
                                   "s", 1e-7)
                         .range(0, kInf, true));
  root.add("time", time);
  root.add("gravity", schema_vec3("Gravitational acceleration.", "m/s^2", json::array({0, -9.81, 0})));

  std::vector<std::pair<std::string, SchemaNode>> region_extra = {
      {"velocity", schema_vec3("Initial liquid velocity in this region.", "m/s", json::array({0, 0, 0}))}};
  auto region = schema_variant("A liquid region: the union of all regions is the initial liquid.",
                               shape_variants("filled with liquid", region_extra));
  auto fluid = schema_object("The liquid.");
  fluid.add("density", schema_number("Liquid density.", "kg/m^3", 1000.0).range(0, 1e6, true))
      .add("viscosity", schema_number("Dynamic viscosity (explicit, with its own step limit).", "Pa s", 0.0)
                            .range(0, 1e6))
      .add("surface_tension", schema_number("Surface tension coefficient (ghost-fluid pressure jump).", "N/m", 0.0)
                                  .range(0, 1e3))
      .add("representation", schema_enum("How the liquid is carried: APIC or FLIP particles, or a pure level set.",
                                         {"apic", "flip", "levelset"}, "apic"))
      .add("particles_per_cell", schema_integer("Particles seeded per liquid cell (apic, flip).", 8).range(1, 64))
      .add("flip_blend", schema_number("FLIP share of the velocity update for `flip` (1 = pure FLIP, 0 = PIC).", "",
                                       0.97)
                             .range(0, 1))
      .add("volume_correction",
           schema_number("Share of the excess of particles in over-dense cells spread out per correction (every "
                         "second substep) by moving particles (not velocities) apart (apic, flip; 0 = off). Keeps "
                         "the liquid's volume from drifting down as particles cluster.",
                         "", 0.5)
               .range(0, 1))
      .add("levelset_advection",
           schema_enum("Advection scheme for `levelset` (coupling `barrier` always uses `semi_lagrangian`, as "
                                   "Liu et al. 2025, Algorithm 2).",
                                   {"semi_lagrangian", "maccormack"}, "maccormack"))
      .add("regions", schema_array("Initial liquid shapes.", region, json::array()));
  root.add("fluid", fluid);

  std::vector<std::pair<std::string, SchemaNode>> solid_extra = {
      {"name", schema_string("Name used in outputs (default: solid<index>).", "")},
      {"velocity", schema_vec3("Linear velocity of a kinematic obstacle.", "m/s", json::array({0, 0, 0}))},
      {"angular_velocity",
       schema_vec3("Angular velocity about the shape's centre (kinematic obstacle).", "rad/s", json::array({0, 0, 0}))}};
  auto solid_variants = shape_variants("obstacle", solid_extra);
  for (auto& v : lagrangian_solid_variants()) solid_variants.push_back(std::move(v));
  auto solid = schema_variant("A solid: `box`, `sphere` and `mesh` are static or kinematic obstacles (cut-cell "
                              "boundaries for the liquid, fixed colliders for the other solids); `shell`, `rod`, "
                              "`volume` and `rigid` are simulated Lagrangian solids.",
                              std::move(solid_variants));
  root.add("solids", schema_array("Solids.", solid, json::array()));
  root.add("contact", contact_schema());

  auto coupling = schema_object("Solid-fluid coupling method.");
  auto barrier = schema_object(
      "Settings of `barrier` (Liu et al. 2025): one optimisation over the shells', rods' and bodies' positions and "
      "the level set near the surface, with a barrier that keeps every solid vertex out of the liquid.");
  barrier
      .add("interpolation",
           schema_enum("Point-to-liquid distance through the level set: `quadratic` (C1 B-spline, stencils refreshed "
                       "every Newton iteration) or `linear` (trilinear, stencils frozen per solve; Sec. 4.3.3).",
                       {"quadratic", "linear"}, "quadratic"))
      .add("points",
           schema_enum("Where the solids feel the liquid's barrier: `vertices` (the paper's; liquid thinner than the "
                       "vertex spacing can slip between vertices at hard impacts, Sec. 4.3.3), `edges` (also every "
                       "edge's midpoint: shells and rods) or `triangles` (also every triangle's centroid). Denser "
                       "points cost barrier evaluations in proportion.",
                       {"vertices", "edges", "triangles"}, "vertices"))
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
                       {"smoothed", "sharp"}, "sharp"))
      .add("surface_tension",
           schema_enum("Where surface tension (fluid.surface_tension) acts: `ghost_fluid` puts the pressure jump "
                       "gamma kappa at the interface in the final projection and keeps Eq. 8's implicit term in "
                       "the prediction as its stabiliser; `csf` applies Eq. 8 as the paper writes it, a continuum "
                       "surface force in the band before the first projection. With a free surface at p = 0 the "
                       "force's air half is lost: `csf` drops oscillate at half the capillary frequency and "
                       "resting drops spread into films (docs/validation.md).",
                       {"ghost_fluid", "csf"}, "ghost_fluid"))
      .add("final_projection",
           schema_enum("How the final projection treats the solids at the liquid-air faces it closes near contact "
                       "(Eq. 23): `one_way`, the paper's, gives the faces the solids' velocity and leaves the solids "
                       "as they are, so the pressure that stops the liquid there pushes nothing and an impact loses "
                       "momentum; `two_way` puts the contacting vertices' masses in the pressure solve, so that the "
                       "same pressure pushes them through W^T and the liquid and the solids leave the projection at "
                       "one velocity on those faces (docs/validation.md, momentum).",
                       {"one_way", "two_way"}, "one_way"))
      .add("trace", schema_boolean("Print every coupled Newton iteration (step and its solid and level-set parts, "
                                   "CCD limits, merit) to stderr; for debugging a slow or stuck solve. Changes no "
                                   "result: a run can be resumed from its checkpoint with the trace switched on.",
                                   false));
  auto cutcell = schema_object(
      "Settings of `cutcell` (Zarifi & Batty 2017): one linear system for the liquid's pressures and the volumes' and "
      "rigid bodies' velocities, coupled through the solid surface cut by the grid's cells (free slip at the true "
      "interface).");
  cutcell
      .add("formulation", schema_enum("`spd`: the positive-definite transformation (Eq. 28-33), solved by "
                                      "incomplete-Cholesky CG; `indefinite`: the symmetric indefinite system (Eq. 19) "
                                      "as it stands, for comparison.",
                                      {"spd", "indefinite"}, "spd"))
      .add("indefinite_solver", schema_enum("Solver of the `indefinite` form: `bicgstab` (ILU-preconditioned, as the "
                                            "paper's Table 2) or `minres` (Jacobi-scaled).",
                                            {"bicgstab", "minres"}, "bicgstab"))
      .add("preconditioner",
           schema_enum("Preconditioner of CG on the `spd` form: `multigrid` (block diagonal: the liquid block by "
                       "ripple's multigrid V-cycle with the coupling's diagonal added, the solid block by a sparse "
                       "Cholesky factorisation) or `incomplete_cholesky` (on the whole matrix, as the paper).",
                       {"multigrid", "incomplete_cholesky"}, "multigrid"))
      .add("sigma", schema_number("Share of the solid's mass term moved into Z1 = sigma (1/dt + tau_m) M (Eq. 30).", "",
                                  0.9)
                        .range(0, 0.999, true))
      .add("scaling", schema_enum("Scale alpha of the solid rows in the `spd` form (Eq. 33): `automatic` balances "
                                  "the two right-hand sides' norms every step; `fixed` uses `alpha`.",
                                  {"automatic", "fixed"}, "automatic"))
      .add("alpha", schema_number("Solid-row scale with `scaling` `fixed` (the paper used 0.001).", "", 0.001)
                        .range(0, 1e12, true))
      .add("tolerance", schema_number("Relative residual (2-norm) at which the coupled solve stops.", "", 1e-8)
                            .range(0, 1, true))
      .add("max_iterations", schema_integer("Iteration cap of the coupled solve; hitting it is reported in stats "
                                            "and the log.",
                                            5000)
                                 .range(1, 1000000))
      .add("slip", schema_enum("Tangential condition at the bodies: `free` (the paper's: only the normal velocity is "
                               "coupled, at the true interface); `no_slip` (a comparison variant: after the projection "
                               "the liquid in every cell the surface cuts takes the body's full velocity, as "
                               "voxelised couplings do).",
                               {"free", "no_slip"}, "free"))
      .add("scheme", schema_enum("How the solids' dynamics enter the projection (the paper's stability study, Sec. 8): "
                                 "`strong` (mass, damping and elasticity in one solve with the pressures: the "
                                 "method), `damping_only` (elastic forces explicit), `weak` (the solids step alone "
                                 "under the last step's pressure, then the liquid sees their velocity). The last two "
                                 "are for comparison: they go unstable or wrong where `strong` does not.",
                                 {"strong", "damping_only", "weak"}, "strong"));
  coupling.add("method", schema_enum("Coupling method; `none` treats solids as prescribed boundaries (the liquid does "
                                     "not move shells, rods or bodies); `barrier` couples the liquid two ways with "
                                     "shells, rods and bodies (Liu et al. 2025; needs fluid.representation "
                                     "`levelset`); `cutcell` couples it two ways with volumes and rigid bodies in "
                                     "one linear solve (Zarifi & Batty 2017).",
                                     {"none", "barrier", "cutcell"}, "none"))
      .add("barrier", barrier)
      .add("cutcell", cutcell);
  root.add("coupling", coupling);

  auto pressure = schema_object("Pressure projection solver.");
  pressure.add("tolerance", schema_number("Relative residual ||r||_inf / ||b||_inf to stop at.", "", 1e-6)
                                .range(0, 1, true))
      .add("max_iterations", schema_integer("Iteration cap; hitting it is reported in stats and the log.", 500)
                                 .range(1, 100000))
      .add("preconditioner", schema_enum("`mgpcg`: multigrid-preconditioned CG (McAdams 2010); `mic`: MIC(0)-PCG; "
                                         "`none`: plain CG.",
                                         {"mgpcg", "mic", "none"}, "mgpcg"))
      .add("wall_contact", schema_enum("`separating`: liquid may pull away from walls and obstacles (no suction "
                                       "in cells touching them: p >= 0 there, complementary to a separating "
                                       "normal velocity); `bilateral`: the liquid's normal velocity always equals "
                                       "the wall's, so liquid can hang from a ceiling.",
                                       {"separating", "bilateral"}, "separating"));
  auto solver = schema_object("Linear solvers.");
  solver.add("pressure", pressure);
  solver.add("newton", newton_schema());
  root.add("solver", solver);

  auto camera = schema_object("Preview camera; absent position/look_at are chosen from the domain.");
  camera.add("position", schema_vec3("Eye position.", "m", nullptr))
      .add("look_at", schema_vec3("Point looked at.", "m", nullptr))
      .add("fov_degrees", schema_number("Vertical field of view.", "deg", 40.0).range(1, 170));
  auto preview = schema_object("Shaded preview images (PNG) of the liquid surface and solids.");
  preview.add("enabled", schema_boolean("Write preview images.", true))
      .add("every", schema_integer("Write a preview every N frames.", 1).range(1, 1000000))
      .add("width", schema_integer("Image width.", 640).range(16, 8192))
      .add("height", schema_integer("Image height.", 360).range(16, 8192))
      .add("camera", camera);
  SchemaNode formats = schema_array("Mesh formats written per frame.",
                                    schema_enum("Mesh format.", {"ply", "obj"}, "ply"), json::array({"ply"}));
  formats.min_items = 1;
  auto output = schema_object("What a run writes.");
  output.add("directory", schema_string("Output folder (relative to the working directory); empty: out/<scene name>. "
                                        "`--out` overrides it.",
                                        ""))
      .add("formats", formats)
      .add("liquid_mesh", schema_boolean("Write the liquid surface mesh every frame (never for a scene without liquid).", true))
      .add("surface_smoothing",
           schema_integer("Taubin smoothing iterations applied to the exported liquid mesh and the preview (0 = the "
                          "raw marching-tetrahedra surface). Output only: the simulation and `fluid_volume` use the "
                          "unsmoothed level set.",
                          5)
               .range(0, 100))
      .add("solid_meshes", schema_boolean("Write obstacle meshes every frame.", true))
      .add("checkpoint_every", schema_integer("Write a resumable checkpoint every N frames (0: never).", 10)
                                   .range(0, 1000000))
      .add("preview", preview);
  root.add("output", output);
  return root;
}

}  // namespace ripple
