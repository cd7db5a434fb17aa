#include "ripple/scene/solid_schema.hpp"

#include <limits>

#include "ripple/scene/scene_enums.hpp"

namespace ripple {

using nlohmann::json;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

SchemaNode required_vec3(const std::string& doc, const std::string& unit) {
  SchemaNode n = schema_vec3(doc, unit, nullptr);
  n.optional = false;
  return n;
}

SchemaNode mesh_file(const std::string& what) {
  auto mesh = schema_object(what);
  SchemaNode file = schema_string("File; a relative path resolves against the scene file's folder.", "");
  file.default_value = nullptr;
  mesh.add("file", file)
      .add("scale", schema_number("Uniform scale applied to the file's coordinates (about the origin).", "", 1.0)
                        .range(0, kInf, true))
      .add("translate", schema_vec3("Translation applied after scaling.", "m", json::array({0, 0, 0})));
  return mesh;
}

/// Fields every Lagrangian solid has.
void add_common(SchemaNode& s, double density) {
  auto rotation = rotation_schema("Initial rotation of the geometry about the centre of its bounding box, applied "
                                  "after the geometry is placed (and before pinned regions select vertices).");
  s.add("name", schema_string("Name used in output file names and messages (default: solid<index>): letters, digits, "
                                    "'_', '-' and '.', at most 64, not starting with '.'.", ""))
      .add("density", schema_number("Mass density.", "kg/m^3", density).range(0, 1e6, true))
      .add("velocity", schema_vec3("Initial velocity.", "m/s", json::array({0, 0, 0})))
      .add("rotation", rotation)
      .add("friction", schema_number("Coulomb friction coefficient; a pair of solids uses sqrt(mu_a mu_b) unless "
                                     "`contact.pairs` sets the pair.", "", 0.3)
                           .range(0, 10));
  auto damping = schema_object("Rayleigh damping: force -(mass M + stiffness K) v.");
  damping.add("mass", schema_number("Mass-proportional coefficient alpha.", "1/s", 0.0).range(0, 1e6))
      .add("stiffness", schema_number("Stiffness-proportional coefficient beta.", "s", 0.0).range(0, 1e3));
  s.add("damping", damping);
}

}  // namespace

std::vector<std::pair<std::string, SchemaNode>> path_keyframe_fields(const std::string& what,
                                                                     const std::string& centre_doc) {
  auto keyframe = schema_object("Where the " + what + " is at a time.");
  keyframe.add("time", schema_number("Time of the key.", "s", 0.0).range(0, kInf))
      .add("position", schema_vec3("Where " + centre_doc + " is.", "m", nullptr))
      .add("rotation", rotation_schema("Rotation about that centre from the shape as described (after its "
                                       "`rotation`); between two keys the " + what + " turns the short way, so keys "
                                       "of a full turn lie less than 180 degrees apart."));
  keyframe.fields[0].second.default_value = nullptr;
  keyframe.fields[0].second.optional = false;
  keyframe.fields[1].second.optional = false;
  return {{"keyframes", schema_array("A keyframed " + what + " (instead of `velocity` and `angular_velocity`): at "
                                     "least two keys, times increasing; before the first key it rests there, after "
                                     "the last it stays there. The liquid and the other solids see its velocity.",
                                     keyframe, json::array())},
          {"interpolation", schema_enum("Between keys: `linear` moves (and turns) at a constant velocity, `smooth` "
                                        "eases out of and into every key (at rest at each key).",
                                        path_interpolation_names(), PathInterpolation::linear)}};
}

namespace {

void add_pinned(SchemaNode& s) {
  auto region = schema_object("Box region: vertices inside it (at rest) are pinned.");
  region.add("min", required_vec3("Lower corner.", "m")).add("max", required_vec3("Upper corner.", "m"));
  auto pinned = schema_object("Vertices held fixed in space, or moved rigidly along a prescribed path.");
  pinned.add("indices", schema_array("Vertex indices (0-based, in the body's own numbering).",
                                     schema_integer("Vertex index.", 0).range(0, 1e9), json::array()))
      .add("regions", schema_array("Box regions.", region, json::array()))
      .add("velocity", schema_vec3("Scripted motion: the pinned vertices translate with this velocity.", "m/s",
                                   json::array({0, 0, 0})))
      .add("angular_velocity", schema_vec3("Scripted motion: and rotate with this angular velocity about their rest "
                                           "centroid.",
                                           "rad/s", json::array({0, 0, 0})));
  for (auto& f : path_keyframe_fields("pinned group", "the pinned vertices' centroid (at rest); the whole body "
                                                      "starts moved with them to where the path is at t = 0"))
    pinned.add(f.first, f.second);
  s.add("pinned", pinned);
}

}  // namespace

std::vector<std::pair<std::string, SchemaNode>> lagrangian_solid_variants() {
  // Shell.
  auto grid = schema_object("Horizontal rectangular cloth (normal +y) centred at `center`.");
  grid.add("center", required_vec3("Centre.", "m"))
      .add("width", schema_number("Extent along x.", "m", 1.0).range(0, kInf, true))
      .add("depth", schema_number("Extent along z.", "m", 1.0).range(0, kInf, true))
      .add("resolution", schema_integer("Vertices along the longer side.", 32).range(2, 2048));
  auto shell_geometry = schema_variant("Shell geometry.", shell_geometry_names(),
                                       {{ShellGeometry::grid, grid},
                                        {ShellGeometry::mesh, mesh_file("Triangle mesh (Wavefront OBJ).")}});
  auto shell = schema_object("Thin shell (cloth, leaf, paper): StVK membrane and discrete-shell hinge bending with "
                             "rest angles taken from the input (a creased sheet keeps its folds).");
  shell.add("geometry", shell_geometry);
  add_common(shell, 200.0);
  shell.add("thickness", schema_number("Shell thickness (also the contact offset: half on each side).", "m", 1e-3)
                             .range(0, kInf, true))
      .add("young", schema_number("Young's modulus.", "Pa", 1e5).range(0, kInf, true))
      .add("poisson", schema_number("Poisson's ratio.", "", 0.3).range(0, 0.49))
      .add("bending_scale", schema_number("Multiplies the flexural rigidity E h^3 / (12 (1 - nu^2)).", "", 1.0).range(0, 1e9))
      .add("bending", schema_enum("Bending discretisation. `hinge`: one term per interior edge (discrete shells, "
                                  "Grinspun 2003; fastest; on regular grids about 20 % too soft in bending and without "
                                  "the Poisson effect). `midedge`: a second fundamental form per triangle from mid-edge "
                                  "normals with the plate energy D/2 [nu tr(II)^2 + (1 - nu) tr(II^2)]; accurate on any "
                                  "triangulation (cantilever validation), free boundary edges; denser Hessian.",
                                  shell_bending_names(), ShellBending::hinge));
  add_pinned(shell);

  // Rod.
  auto line = schema_object("Polyline through `points`.");
  SchemaNode points = schema_array("Points (at least two).", schema_vec3("Point.", "m", nullptr), nullptr);
  points.min_items = 2;
  line.add("points", points).add("segments", schema_integer("Edges per span between points.", 10).range(1, 100000));
  auto web = schema_object("Orb-weaver spider web: radial spokes joined by polygonal rings, in the plane through "
                           "`center` normal to `normal`.");
  web.add("center", required_vec3("Hub.", "m"))
      .add("normal", schema_vec3("Normal of the web's plane.", "", json::array({0, 0, 1})))
      .add("radius", schema_number("Length of the spokes.", "m", 0.1).range(0, kInf, true))
      .add("spokes", schema_integer("Number of radial threads.", 12).range(3, 256))
      .add("rings", schema_integer("Number of rings (the outermost is the frame).", 6).range(1, 256))
      .add("segments", schema_integer("Edges per thread between junctions.", 3).range(1, 1000));
  auto rod_geometry = schema_variant("Rod geometry.", rod_geometry_names(),
                                     {{RodGeometry::polyline, line}, {RodGeometry::web, web}});
  auto rod = schema_object("Rod network (hair, thread, web): stretching per edge, bending per pair of edges at each "
                           "vertex (junctions pair their straightest continuations).");
  rod.add("geometry", rod_geometry);
  add_common(rod, 1000.0);
  rod.add("radius", schema_number("Cross-section radius (also the contact offset).", "m", 1e-3).range(0, kInf, true))
      .add("young", schema_number("Young's modulus.", "Pa", 1e7).range(0, kInf, true));
  add_pinned(rod);

  // Volume.
  auto tet_box = schema_object("Tetrahedralised box.");
  tet_box.add("min", required_vec3("Lower corner.", "m"))
      .add("max", required_vec3("Upper corner.", "m"))
      .add("resolution", schema_integer("Cells along the longest side (6 tets per cell).", 8).range(1, 512));
  auto tet_ball = schema_object("Tetrahedralised ball: a cube grid mapped onto the ball (its faces onto the sphere).");
  tet_ball.add("center", required_vec3("Centre.", "m"))
      .add("radius", schema_number("Radius.", "m", 0.1).range(0, kInf, true))
      .add("resolution", schema_integer("Cells across the diameter (6 tets per cell).", 8).range(1, 256))
      .add("inner_radius", schema_number("Radius of a hollow in the middle (0: solid ball). Tetrahedra whose centroid "
                                         "lies inside it are removed; its wall is as jagged as the tetrahedra.",
                                         "m", 0.0)
                               .range(0, kInf));
  auto mesh_fill = mesh_file("Closed triangle mesh (Wavefront OBJ) filled with tetrahedra: the cubes of a lattice "
                            "inside it, 6 tets each, their boundary vertices moved onto the surface.");
  mesh_fill.add("resolution", schema_integer("Lattice cells along the surface's longest side.", 12).range(2, 256));
  auto volume = schema_object("Volumetric elastic body (tetrahedra).");
  volume.add("geometry",
             schema_variant("Volume geometry.", volume_geometry_names(),
                            {{VolumeGeometry::box, tet_box},
                             {VolumeGeometry::sphere, tet_ball},
                             {VolumeGeometry::msh, mesh_file("Tetrahedral mesh (Gmsh .msh, ASCII 2.2 or 4.1).")},
                             {VolumeGeometry::mesh, mesh_fill}}));
  add_common(volume, 1000.0);
  volume.add("model", schema_enum("Material model.", volume_model_names(), VolumeModel::stable_neohookean))
      .add("young", schema_number("Young's modulus.", "Pa", 1e5).range(0, kInf, true))
      .add("poisson", schema_number("Poisson's ratio.", "", 0.4).range(0, 0.495))
      .add("initial_scale", schema_number("Starts deformed: the initial positions are the rest shape scaled by this "
                                          "about its centroid (0.5 starts at 1/8 of the rest volume, squeezed; the "
                                          "rest shape is unchanged).",
                                          "", 1.0)
                                .range(0.1, 2.0));
  add_pinned(volume);

  // Rigid.
  auto rbox = schema_object("Box.");
  rbox.add("min", required_vec3("Lower corner.", "m")).add("max", required_vec3("Upper corner.", "m"));
  auto rsphere = schema_object("Sphere (icosphere surface).");
  rsphere.add("center", required_vec3("Centre.", "m"))
      .add("radius", schema_number("Radius.", "m", 0.1).range(0, kInf, true))
      .add("subdivisions", schema_integer("Icosahedron subdivisions (20 * 4^n triangles).", 3).range(0, 7));
  auto rigid = schema_object("Rigid body (affine body dynamics: 12 coordinates kept rigid by a stiff orthogonality "
                             "potential, Lan et al. 2022), in contact with everything through the same barrier.");
  rigid.add("geometry", schema_variant("Rigid geometry (a closed surface).", rigid_geometry_names(),
                                       {{RigidGeometry::box, rbox},
                                        {RigidGeometry::sphere, rsphere},
                                        {RigidGeometry::mesh, mesh_file("Closed triangle mesh (OBJ).")}}));
  add_common(rigid, 1000.0);
  rigid.add("motion", schema_enum("`dynamic`: free; `fixed`: static; `kinematic`: moves with `velocity` and "
                                  "`angular_velocity` exactly.",
                                  rigid_motion_names(), RigidMotion::dynamic))
      .add("angular_velocity", schema_vec3("Angular velocity about the centre of mass (initial, or scripted).", "rad/s",
                                           json::array({0, 0, 0})))
      .add("orthogonality_stiffness", schema_number("Stiffness of the orthogonality potential.", "Pa", 1e8).range(0, kInf, true));
  const auto& kinds = solid_kind_names();
  return {{enum_name(SolidKind::shell, kinds), shell},
          {enum_name(SolidKind::rod, kinds), rod},
          {enum_name(SolidKind::volume, kinds), volume},
          {enum_name(SolidKind::rigid, kinds), rigid}};
}

SchemaNode contact_schema() {
  auto c = schema_object("Contact between Lagrangian solids (IPC barrier).");
  c.add("dhat", schema_number("Barrier activation distance: the barrier acts on gaps below it.", "m", 1e-3)
                    .range(0, kInf, true))
      .add("friction", schema_number("Friction coefficient of the obstacles (`box`, `sphere`, `mesh` solids) and the "
                                     "domain walls against the simulated solids.",
                                     "", 0.3)
                           .range(0, 10))
      .add("friction_velocity", schema_number("Sliding speed below which friction is smoothed (IPC's eps_v): a body "
                                              "held by static friction creeps at most this fast, at "
                                              "eps_v (1 - sqrt(1 - f / (mu N))) under a tangential load f.",
                                              "m/s", 1e-3)
                                    .range(0, kInf, true))
      .add("friction_updates",
           schema_integer("Times a step is solved again with the friction's normal forces and sliding directions "
                          "taken at the last solution instead of the step's start, while they move the friction "
                          "force by more than `solver.newton.residual_tolerance` (0.05 m/s^2 when that is 0). 0: "
                          "lagged at the step's start, one step late at a first touch. Applies to the solids' own steps (method `none`); the "
                          "`barrier` and `cutcell` methods' joint solves lag friction at the step's start. Each "
                          "update costs a Newton solve: 2 took 68 % more Newton iterations than 0 on the cloth on the "
                          "rotating sphere, "
                          "while 0 let a block on a ramp slide 15 % short of Coulomb's distance.",
                          2)
               .range(0, 100));
  auto pair = schema_object("Friction of one pair of solids, replacing sqrt(mu_a mu_b) for it.");
  SchemaNode bodies = schema_array("Names of the two solids (a solid's `name`, an obstacle's, or `domain_walls`).",
                                   schema_string("Solid name.", ""), nullptr);
  bodies.min_items = 2;
  pair.add("bodies", bodies).add("friction", schema_number("Coulomb friction coefficient of the pair.", "", 0.3).range(0, 10));
  c.add("pairs", schema_array("Friction coefficients per pair of solids.", pair, json::array()));
  return c;
}

SchemaNode rotation_schema(const std::string& doc) {
  auto rotation = schema_object(doc);
  rotation.add("axis", schema_vec3("Rotation axis (any length but zero).", "", json::array({0, 1, 0})))
      .add("degrees", schema_number("Angle, counter-clockwise about the axis.", "deg", 0.0).range(-360, 360));
  return rotation;
}

SchemaNode newton_schema() {
  auto n = schema_object("Newton solver of the solids' implicit steps.");
  n.add("tolerance", schema_number("Stop when the largest vertex step / dt is below this (0: 1e-3 x the scene's "
                                   "diagonal per second).",
                                   "m/s", 0.0)
                         .range(0, kInf))
      .add("residual_tolerance",
           schema_number("Also stop only when every body's unbalanced force per unit mass is below this: for a "
                         "rigid body the largest vertex acceleration of M^-1 g, for a deformable body the sum of "
                         "its vertices' unbalanced forces over its mass. The step test alone stops a body at rest "
                         "on a slope before its static friction gives way (0: no residual test).",
                         "m/s^2", 0.05)
               .range(0, kInf))
      .add("max_iterations", schema_integer("Iteration cap; hitting it is reported in stats and the log.", 100).range(1, 100000))
      .add("linear_solver", schema_enum("`cholmod`: sparse Cholesky (SuiteSparse); `pcg`: Jacobi-preconditioned CG.",
                                        linear_solver_names(), LinearSolverKind::cholmod))
      .add("bending_hessian",
           schema_enum("Hessian of the shells' hinge bending: `gauss_newton` (2k grad(theta) grad(theta)^T, PSD "
                       "without an eigensolve; fewer iterations on the cloth benchmark) or `projected` (exact, "
                       "negative eigenvalues clamped).",
                       hinge_hessian_names(), HingeHessian::gauss_newton));
  return n;
}

}  // namespace ripple
