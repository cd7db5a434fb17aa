#include "ripple/scene/scene_schema.hpp"

#include "ripple/scene/scene_enums.hpp"
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
  const auto& kinds = shape_kind_names();
  return {{enum_name(ShapeDesc::Kind::Box, kinds), box},
          {enum_name(ShapeDesc::Kind::Sphere, kinds), sphere},
          {enum_name(ShapeDesc::Kind::Mesh, kinds), mesh}};
}

/// An obstacle animated as one OBJ per frame (same vertices and triangles in every frame).
SchemaNode mesh_sequence_schema(const SchemaNode& name) {
  auto seq = schema_object("Collider animated as a sequence of closed triangle meshes (Wavefront OBJ), one per "
                           "frame, all with the same vertices and triangles in the same order (an exported "
                           "animation); its vertices move linearly between frames, the liquid sees their "
                           "velocity, and the shells, rods, volumes and rigid bodies collide with it. Before its "
                           "first frame it rests there, after its last it stays there.");
  seq.add("name", name)
      .add("files", schema_string("File name pattern: a run of '#' stands for the frame number, zero-padded to the "
                                  "run's length (\"paddle_####.obj\" reads paddle_0001.obj, ...); a relative path "
                                  "resolves against the scene file's folder.",
                                  ""))
      .add("first_frame", schema_integer("Frame number of the first file.", 1).range(0, 1e9))
      .add("last_frame", schema_integer("Frame number of the last file (at least first_frame + 1).", 2).range(0, 1e9))
      .add("frame_rate", schema_number_optional("Frames per second of the sequence (absent: time.fps).", "1/s")
                             .range(0, kInf, true))
      .add("start", schema_number("Time of the first frame.", "s", 0.0).range(0, kInf))
      .add("scale", schema_number("Uniform scale applied to the files' coordinates (about the origin).", "", 1.0)
                        .range(0, kInf, true))
      .add("translate", schema_vec3("Translation applied after scaling.", "m", json::array({0, 0, 0})));
  seq.fields[1].second.default_value = nullptr;
  seq.fields[3].second.default_value = nullptr;
  return seq;
}

/// coupling.method: one option per method, each described by its summary.
SchemaNode coupling_method_enum(const std::vector<CouplingSchema>& methods) {
  std::string doc = "Coupling method:";
  std::vector<std::string> names;
  for (const CouplingSchema& m : methods) {
    doc += " `" + m.name + "`: " + m.summary;
    names.push_back(m.name);
  }
  return schema_enum(doc, names, names.empty() ? std::string() : names.front());
}

}  // namespace

SchemaNode scene_schema(const std::vector<CouplingSchema>& methods) {
  SchemaNode root = schema_object(
      "A scene has the sections below; every key has a default except where marked required.");
  root.add("description", schema_string("Free text shown in logs.", ""));

  auto boundary = schema_object("Boundary type of each side of the domain: a `wall` is closed (the liquid slides "
                                "along it; with `fluid.viscosity` it sticks: no-slip), an `open` side lets liquid leave "
                                "(p = 0 outside), a `periodic` side joins the opposite one (both sides of an axis, gas "
                                "only; solids must stay a cell clear of it).");
  for (const char* side : {"x_min", "x_max", "y_min", "y_max", "z_min", "z_max"})
    boundary.add(side, schema_enum(std::string("Boundary at ") + side + ".", boundary_type_names(), BoundaryType::Wall));
  auto domain = schema_object("Simulation box and grid.");
  domain.add("min", schema_vec3("Lower corner of the domain.", "m", json::array({0, 0, 0})))
      .add("max", schema_vec3("Upper corner of the domain.", "m", json::array({1, 1, 1})))
      .add("dx", schema_number_optional("Grid cell size; give either dx or resolution.", "m").range(0, kInf, true))
      .add("resolution", schema_integer("Cells along the longest side (used when dx is absent).", 64).range(1, 4096))
      .add("boundary", boundary);
  root.add("domain", domain);

  auto time = schema_object("Time span and stepping.");
  time.add("end", schema_number("Simulated time at which the run stops.", "s", 2.0)
                     .range(0, 1e6, true, "11 days of simulated time; end x fps may give at most 1000000 frames"))
      .add("fps", schema_number("Output frames per second of simulated time.", "1/s", 30.0)
                      .range(1e-3, 10000, false, "a frame may span at most 1000 s of simulated time"))
      .add("cfl", schema_number("CFL number: largest distance (in cells) the liquid moves in one substep.", "", 1.0)
                      .range(0, 20, true))
      .add("max_dt", schema_number("Largest substep.", "s", 0.01).range(0, kInf, true))
      .add("min_dt", schema_number("Smallest substep; a run that needs a smaller one stops with an error (exit 3).",
                                   "s", 1e-7)
                         .range(0, kInf, true));
  root.add("time", time);
  root.add("gravity", schema_vec3("Gravitational acceleration.", "m/s^2", json::array({0, -9.81, 0})));

  std::vector<std::pair<std::string, SchemaNode>> region_extra = {
      {"velocity", schema_vec3("Initial liquid velocity in this region.", "m/s", json::array({0, 0, 0}))},
      {"smoke", schema_number("`gas` only: initial smoke density (concentration) in this region.", "", 1.0)
                    .range(0, 1e6)},
      {"temperature",
       schema_number("`gas` only: initial temperature above ambient in this region.", "K", 0.0).range(-1e4, 1e4)}};
  auto region = schema_variant("A liquid region: the union of all regions is the initial liquid (for `gas`: the "
                               "initial smoke; the gas fills the whole domain).",
                               shape_variants("filled with liquid", region_extra));
  std::vector<std::pair<std::string, SchemaNode>> source_extra = {
      {"velocity", schema_vec3("Inflow velocity: the grid faces inside the shape are held at it (zero: the source "
                               "only emits smoke and heat).",
                               "m/s",
                               json::array({0, 0, 0}))},
      {"smoke", schema_number("Smoke density held inside the shape.", "", 1.0).range(0, 1e6)},
      {"temperature", schema_number("Temperature above ambient held inside the shape.", "K", 0.0).range(-1e4, 1e4)},
      {"markers_per_second", schema_number("Passive marker particles released inside the shape per second (written "
                                           "as markers_NNNN.ply, drawn in the preview).",
                                           "1/s", 0.0)
                                 .range(0, 1e7)}};
  auto source = schema_variant("A gas source: every substep, smoke and temperature inside the shape are set to its "
                               "values and the faces inside it are an inflow at its velocity. A source on a wall "
                               "that blows into the domain needs an open side for the gas to leave.",
                               shape_variants("emitting smoke", source_extra));
  auto window = [](const std::string& what) {
    return std::vector<std::pair<std::string, SchemaNode>>{
        {"name", schema_string("Name in stats and messages (default: " + what + "<index>).", "")},
        {"start", schema_number("When it starts.", "s", 0.0).range(0, kInf)},
        {"end", schema_number_optional("When it stops (absent: never).", "s").range(0, kInf)}};
  };
  std::vector<std::pair<std::string, SchemaNode>> emitter_extra = window("emitter");
  emitter_extra.push_back({"velocity", schema_vec3("Velocity of the liquid it emits; the grid faces inside the shape "
                                                   "are held at it while it runs.",
                                                   "m/s", json::array({0, 0, 0}))});
  emitter_extra.push_back({"mode", schema_enum("`continuous`: the shape is kept full of liquid from `start` to `end`, "
                                               "so liquid leaves it through its downstream side at speed x "
                                               "cross-section; `once`: the shape is filled a single time at `start`.",
                                               emitter_mode_names(), EmitterMode::Continuous)});
  auto emitter = schema_variant("A liquid emitter (a tap, a hose): adds liquid moving at its velocity inside its shape "
                                "(apic, flip: particles seeded as the initial ones; levelset: the shape united into "
                                "the level set). Its emitted volume is in the stats.",
                                shape_variants("emitting liquid", emitter_extra));
  auto drain = schema_variant("A drain: while it runs, the liquid inside its shape is removed (and counted in the "
                              "stats), so liquid flowing into it leaves the scene.",
                              shape_variants("removing liquid", window("drain")));
  std::vector<std::pair<std::string, SchemaNode>> marker_extra = {
      {"per_cell", schema_integer("Markers per grid cell inside the shape.", 1).range(1, 64)}};
  auto marker = schema_variant("Passive marker particles seeded in a shape at t = 0: they ride the gas (and, under "
                               "`slip`, never cross a surface) and show its flow.",
                               shape_variants("seeded with markers", marker_extra));
  auto gas = schema_object("The gas of `representation: gas`: buoyancy (Fedkiw, Stam & Jensen 2001) and sources. "
                           "Gravity does not act on the gas itself.");
  gas.add("smoke_weight", schema_number("Downward acceleration per unit smoke density.", "m/s^2", 0.0).range(0, 1e4))
      .add("heat_lift", schema_number("Upward acceleration (against gravity, +y without it) per kelvin above "
                                      "ambient.",
                                      "m/s^2/K", 0.0)
                            .range(0, 1e4))
      .add("sources", schema_array("Smoke and inflow sources.", source, json::array()))
      .add("markers", schema_array("Passive marker particles seeded at t = 0.", marker, json::array()));
  auto fluid = schema_object("The liquid, or with `representation: gas` a gas filling the domain.");
  fluid.add("density", schema_number("Liquid density.", "kg/m^3", 1000.0).range(0, 1e6, true))
      .add("viscosity", schema_number("Dynamic viscosity, solved implicitly (no-slip at walls and solids, stress-free at the surface).", "Pa s", 0.0)
                            .range(0, 1e6))
      .add("surface_tension", schema_number("Surface tension coefficient (ghost-fluid pressure jump).", "N/m", 0.0)
                                  .range(0, 1e3))
      .add("representation", schema_enum("How the liquid is carried: APIC or FLIP particles, or a pure level set; "
                                         "`gas`: a gas that fills the domain (smoke and temperature on the grid, "
                                         "semi-Lagrangian advection; methods `none` and `slip`).",
                                         liquid_representation_names(), LiquidRepresentation::Apic))
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
      .add("surface_volume",
           schema_enum("The exported surface of a particle liquid (apic, flip): `held` offsets each connected body "
                       "of liquid's surface (at most one cell) until it encloses the volume its particles carry "
                       "(the regions' volume shared among the particles seeded in them); `free` shows the "
                       "particles' level set as built (Zhu & Bridson 2005). Both are cut at the solids. The pressure solve uses the "
                       "particles' level set either way.",
                       surface_volume_names(), SurfaceVolume::Held))
      .add("levelset_advection",
           schema_enum("Advection scheme for `levelset` (a coupling method may prescribe its own: see its "
                       "settings under `coupling`).",
                                   level_set_advection_names(), LevelSetAdvection::MacCormack))
      .add("regions", schema_array("Initial liquid shapes.", region, json::array()))
      .add("emitters", schema_array("Liquid emitters (not with `gas`: it has `gas.sources`).", emitter, json::array()))
      .add("drains", schema_array("Liquid drains (not with `gas`).", drain, json::array()))
      .add("gas", gas);
  root.add("fluid", fluid);

  std::vector<std::pair<std::string, SchemaNode>> solid_extra = {
      {"name", schema_string("Name used in output file names and messages (default: solid<index>): letters, digits, '_', "
                            "'-' and '.', at most 64, not starting with '.'.", "")},
      {"velocity", schema_vec3("Linear velocity of a kinematic obstacle.", "m/s", json::array({0, 0, 0}))},
      {"angular_velocity",
       schema_vec3("Angular velocity about the shape's centre (kinematic obstacle).", "rad/s", json::array({0, 0, 0}))},
      {"rotation", rotation_schema("Initial rotation about the centre of the shape's bounding box (a tilted box "
                                   "makes an inclined plane).")}};
  for (auto& f : path_keyframe_fields("obstacle", "the shape's centre (of its bounding box; a sphere's centre)"))
    solid_extra.push_back(std::move(f));
  auto solid_variants = shape_variants("obstacle", solid_extra);
  solid_variants.push_back({"mesh_sequence", mesh_sequence_schema(solid_extra.front().second)});
  for (auto& v : lagrangian_solid_variants()) solid_variants.push_back(std::move(v));
  auto solid = schema_variant("A solid: `box`, `sphere` and `mesh` are static or kinematic obstacles (cut-cell "
                              "boundaries for the liquid, fixed colliders for the other solids); `mesh_sequence` is "
                              "an obstacle animated as one mesh per frame; `shell`, `rod`, `volume` and `rigid` are "
                              "simulated Lagrangian solids.",
                              std::move(solid_variants));
  root.add("solids", schema_array("Solids.", solid, json::array()));
  root.add("contact", contact_schema());

  auto coupling = schema_object("Solid-fluid coupling method.");
  coupling.add("method", coupling_method_enum(methods));
  for (const CouplingSchema& m : methods)
    if (m.settings) coupling.add(m.name, *m.settings);
  root.add("coupling", coupling);

  auto pressure = schema_object("Pressure projection solver.");
  pressure.add("tolerance", schema_number("Relative residual ||r||_inf / ||b||_inf to stop at.", "", 1e-6)
                                .range(0, 1, true))
      .add("max_iterations", schema_integer("Iteration cap; hitting it is reported in stats and the log.", 500)
                                 .range(1, 100000))
      .add("preconditioner", schema_enum("`mgpcg`: multigrid-preconditioned CG (McAdams 2010); `mic`: MIC(0)-PCG; "
                                         "`none`: plain CG.",
                                         pressure_preconditioner_names(), PressurePreconditioner::Multigrid))
      .add("wall_contact", schema_enum("`separating`: liquid may pull away from walls and obstacles (no suction "
                                       "in cells touching them: p >= 0 there, complementary to a separating "
                                       "normal velocity); `bilateral`: the liquid's normal velocity always equals "
                                       "the wall's, so liquid can hang from a ceiling.",
                                       wall_contact_names(), WallContact::Separating));
  auto solver = schema_object("Linear solvers.");
  solver.add("pressure", pressure);
  solver.add("newton", newton_schema());
  root.add("solver", solver);

  auto camera = schema_object("Preview camera; absent position/look_at are chosen from the domain.");
  camera.add("position", schema_vec3("Eye position.", "m", nullptr))
      .add("look_at", schema_vec3("Point looked at.", "m", nullptr))
      .add("fov_degrees", schema_number("Vertical field of view.", "deg", 40.0).range(1, 170));
  auto preview = schema_object("Shaded preview images (PNG) of the liquid surface (a gas: its smoke) and solids.");
  preview.add("enabled", schema_boolean("Write preview images.", true))
      .add("every", schema_integer("Write a preview every N frames.", 1).range(1, 1000000))
      .add("width", schema_integer("Image width.", 640).range(16, 4096, false, "4K; a larger preview costs seconds a frame"))
      .add("height", schema_integer("Image height.", 360).range(16, 4096, false, "4K; a larger preview costs seconds a frame"))
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
      .add("checkpoint_keep",
           schema_integer("Checkpoints kept on disk: older ones are deleted as new ones are written (0: keep all).", 3)
               .range(0, 1000000))
      .add("preview", preview);
  root.add("output", output);
  return root;
}

}  // namespace ripple
