#include "ripple/scene/solid_loader.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <numbers>

#include "ripple/contact/mesh_self_intersection.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/io/gmsh_reader.hpp"
#include "ripple/io/obj_reader.hpp"
#include "ripple/scene/scene_enums.hpp"
#include "ripple/scene/schema.hpp"
#include "ripple/solid/mesh_generators.hpp"

namespace ripple {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

Vec3 v3(const json& j) { return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()}; }

std::string mesh_path(const json& g, const std::string& base_dir, const char* key = "file") {
  fs::path p = g.at(key).get<std::string>();
  if (p.is_relative()) p = fs::path(base_dir) / p;
  return p.lexically_normal().string();
}

TriangleMesh read_mesh(const json& g, const std::string& where, const std::string& base_dir) {
  TriangleMesh m;
  try {
    m = read_obj(mesh_path(g, base_dir));
  } catch (const InputError& e) {
    throw InputError(where + "/file", e.what());
  }
  const double scale = g.at("scale").get<double>();
  const Vec3 t = v3(g.at("translate"));
  for (auto& v : m.vertices) v = scale * v + t;
  return m;
}

/// read_mesh, checked to be a closed, outward-oriented 2-manifold that does not cross itself
/// (a rigid body, a volume's fill).
TriangleMesh read_closed_mesh(const json& g, const std::string& gwhere, const std::string& base_dir) {
  TriangleMesh m = read_mesh(g, gwhere, base_dir);
  if (const int64_t bad = m.boundary_or_nonmanifold_edges(); bad > 0)
    throw InputError(gwhere + "/file", "not a closed 2-manifold (" + std::to_string(bad) +
                                           " edges are not shared by exactly two triangles)");
  if (m.signed_volume() <= 0)
    throw InputError(gwhere + "/file", "inverted or zero volume (triangles must face outwards, counter-clockwise)");
  check_not_self_intersecting(m, mesh_path(g, base_dir), gwhere + "/file");
  return m;
}

/// Zero-area triangles and duplicate vertices break the elastic rest state and the barrier.
void check_surface(const std::vector<Vec3>& x, const std::vector<std::array<int, 3>>& tris, const std::string& where) {
  Aabb b;
  for (const Vec3& p : x) b.extend(p);
  const double scale = (b.hi - b.lo).norm();
  std::vector<int> order(x.size());
  for (size_t i = 0; i < x.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int a, int c) {
    return std::lexicographical_compare(x[a].data(), x[a].data() + 3, x[c].data(), x[c].data() + 3);
  });
  for (size_t i = 1; i < order.size(); ++i)
    if ((x[order[i]] - x[order[i - 1]]).norm() <= 1e-9 * scale)
      throw InputError(where, "vertices " + std::to_string(std::min(order[i], order[i - 1])) + " and " +
                                  std::to_string(std::max(order[i], order[i - 1])) + " are duplicates (same position)");
  for (size_t t = 0; t < tris.size(); ++t) {
    const auto& f = tris[t];
    if (0.5 * (x[f[1]] - x[f[0]]).cross(x[f[2]] - x[f[0]]).norm() <= 1e-12 * scale * scale)
      throw InputError(where, "triangle " + std::to_string(t) + " (vertices " + std::to_string(f[0]) + ", " +
                                  std::to_string(f[1]) + ", " + std::to_string(f[2]) + ") has zero area");
  }
}

/// A shell's edge may border one triangle (its rim) or two; three or more make no surface (a hinge
/// has no single angle there, a side no single normal).
void check_shell_edges(const std::vector<std::array<int, 3>>& tris, const std::string& where) {
  std::map<std::pair<int, int>, int> uses;
  for (const auto& f : tris)
    for (int k = 0; k < 3; ++k) {
      const int a = f[k], b = f[(k + 1) % 3];
      if (++uses[{std::min(a, b), std::max(a, b)}] == 3)
        throw InputError(where, "edge (vertices " + std::to_string(std::min(a, b)) + ", " + std::to_string(std::max(a, b)) +
                                    ") borders three or more triangles: a shell must be a manifold surface (each "
                                    "edge on one or two triangles)");
    }
}

void check_tets(const std::vector<Vec3>& x, const std::vector<std::array<int, 4>>& tets, const std::string& where) {
  for (size_t t = 0; t < tets.size(); ++t) {
    const auto& e = tets[t];
    const double v = (x[e[1]] - x[e[0]]).dot((x[e[2]] - x[e[0]]).cross(x[e[3]] - x[e[0]])) / 6.0;
    if (v <= 0.0)
      throw InputError(where, "tetrahedron " + std::to_string(t) + (v == 0.0 ? " has zero volume" : " is inverted"));
  }
}

}  // namespace

MotionPath motion_path_of(const json& owner, const std::string& where, const Vec3& centre) {
  const Vec3 velocity = v3(owner["velocity"]), angular_velocity = v3(owner["angular_velocity"]);
  const json& keys = owner["keyframes"];
  if (keys.empty()) return MotionPath::constant(centre, velocity, angular_velocity);
  if (velocity.squaredNorm() > 0.0 || angular_velocity.squaredNorm() > 0.0)
    throw InputError(where + "/keyframes", "give either keyframes or velocity and angular_velocity, not both");
  if (keys.size() < 2)
    throw InputError(where + "/keyframes", "a path needs at least two keys (one: place the shape there)");
  std::vector<PoseKey> poses;
  for (size_t k = 0; k < keys.size(); ++k) {
    const std::string at = where + "/keyframes/" + std::to_string(k);
    PoseKey key;
    key.time = keys[k]["time"];
    if (k > 0 && !(key.time > poses.back().time))
      throw InputError(at + "/time", "keyframes out of order: " + format_number(key.time) +
                                         " s does not come after the previous key's " +
                                         format_number(poses.back().time) + " s");
    key.position = v3(keys[k]["position"]);
    const json& r = keys[k]["rotation"];
    const Vec3 axis = v3(r["axis"]);
    if (axis.norm() == 0.0 && r["degrees"].get<double>() != 0.0) throw InputError(at + "/rotation/axis", "must not be zero");
    if (axis.norm() > 0.0)
      key.rotation = Eigen::AngleAxisd(r["degrees"].get<double>() * std::numbers::pi / 180.0, axis.normalized());
    poses.push_back(key);
  }
  return MotionPath::keyframed(centre, std::move(poses), enum_value(owner["interpolation"], path_interpolation_names()));
}

namespace {

/// `pattern` with its run of '#' replaced by `frame`, zero-padded to the run's length.
std::string frame_file(const std::string& pattern, int64_t frame) {
  const size_t a = pattern.find('#'), b = pattern.find_first_not_of('#', a);
  const size_t run = (b == std::string::npos ? pattern.size() : b) - a;
  std::string number = std::to_string(frame);
  if (number.size() < run) number.insert(0, run - number.size(), '0');
  return pattern.substr(0, a) + number + pattern.substr(a + run);
}

}  // namespace

std::shared_ptr<const MeshSequence> load_mesh_sequence(const json& j, const std::string& where,
                                                       const std::string& base_dir, double default_fps) {
  const fs::path pattern = mesh_path(j, base_dir, "files");
  const std::string name = pattern.filename().string();
  const size_t hash = name.find('#'), run_end = std::min(name.find_first_not_of('#', hash), name.size());
  if (hash == std::string::npos || name.find('#', run_end) != std::string::npos)
    throw InputError(where + "/files", "\"" + j["files"].get<std::string>() +
                                           "\" needs one run of '#' in its file name for the frame number "
                                           "(\"paddle_####.obj\")");
  const int64_t first = j["first_frame"], last = j["last_frame"];
  if (last <= first)
    throw InputError(where + "/last_frame", "last_frame (" + std::to_string(last) + ") must come after first_frame (" +
                                                std::to_string(first) + "): a sequence needs two frames to move");
  if (last - first > 100000) throw InputError(where + "/last_frame", "more than 100000 frames");
  const double fps = j.contains("frame_rate") ? j["frame_rate"].get<double>() : default_fps;
  const double scale = j["scale"];
  const Vec3 shift = v3(j["translate"]);
  TriangleMesh first_mesh;
  std::vector<std::vector<Vec3>> frames;
  for (int64_t f = first; f <= last; ++f) {
    const std::string file = (pattern.parent_path() / frame_file(name, f)).string();
    TriangleMesh m;
    try {
      m = read_obj(file);
    } catch (const InputError& e) {
      throw InputError(where + "/files", std::string(e.what()) + " (frame " + std::to_string(f) + " of the sequence)");
    }
    for (auto& v : m.vertices) v = scale * v + shift;
    if (f == first) {
      if (const int64_t bad = m.boundary_or_nonmanifold_edges(); bad > 0)
        throw InputError(where + "/files", file + " is not a closed 2-manifold (" + std::to_string(bad) +
                                               " edges are not shared by exactly two triangles)");
      check_not_self_intersecting(m, file, where + "/files");
      first_mesh = m;
    } else if (m.vertices.size() != first_mesh.vertices.size() || m.triangles != first_mesh.triangles) {
      throw InputError(where + "/files",
                       file + " changes the sequence's topology: " +
                           (m.vertices.size() != first_mesh.vertices.size()
                                ? std::to_string(m.vertices.size()) + " vertices where the first frame has " +
                                      std::to_string(first_mesh.vertices.size())
                                : std::string("its triangles differ from the first frame's")) +
                           " (every frame needs the same vertices and triangles in the same order)");
    }
    if (m.signed_volume() <= 0)
      throw InputError(where + "/files", file + " is inverted or has zero volume (triangles must face outwards, "
                                                "counter-clockwise)");
    frames.push_back(std::move(m.vertices));
  }
  return std::make_shared<const MeshSequence>(first_mesh.triangles, std::move(frames), j["start"].get<double>(),
                                              1.0 / fps);
}

namespace {

std::vector<int> pinned_vertices(const json& pinned, const std::vector<Vec3>& x, const std::string& where) {
  std::vector<int> out;
  const auto& idx = pinned["indices"];
  for (size_t i = 0; i < idx.size(); ++i) {
    const int v = idx[i].get<int>();
    if (v < 0 || v >= static_cast<int>(x.size()))
      throw InputError(where + "/indices/" + std::to_string(i), "vertex index " + std::to_string(v) +
                                                                      " is out of range (the body has " +
                                                                      std::to_string(x.size()) + " vertices)");
    out.push_back(v);
  }
  for (size_t r = 0; r < pinned["regions"].size(); ++r) {
    const Vec3 lo = v3(pinned["regions"][r]["min"]), hi = v3(pinned["regions"][r]["max"]);
    int found = 0;
    for (size_t v = 0; v < x.size(); ++v)
      if ((x[v].array() >= lo.array()).all() && (x[v].array() <= hi.array()).all()) {
        out.push_back(static_cast<int>(v));
        ++found;
      }
    if (found == 0) throw InputError(where + "/regions/" + std::to_string(r), "the region contains no vertex of the body");
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

void check_not_self_intersecting(const TriangleMesh& m, const std::string& file, const std::string& where) {
  const auto pair = first_self_intersection(m);
  if (!pair) return;
  auto vertices = [&](int t) {
    const auto& f = m.triangles[t];
    return std::to_string(f[0]) + ", " + std::to_string(f[1]) + ", " + std::to_string(f[2]);
  };
  throw InputError(where, file + " intersects itself: triangle " + std::to_string((*pair)[0]) + " (vertices " +
                              vertices((*pair)[0]) + ") crosses triangle " + std::to_string((*pair)[1]) +
                              " (vertices " + vertices((*pair)[1]) +
                              "); a body with an inside needs a surface that does not overlap itself (merge the "
                              "overlapping parts into one surface)");
}

void rotate_about_centre(const json& rotation, const std::string& where, std::vector<Vec3>& x) {
  const double degrees = rotation["degrees"];
  if (degrees == 0.0) return;
  const Vec3 axis = v3(rotation["axis"]);
  if (axis.norm() == 0.0) throw InputError(where + "/axis", "must not be zero");
  Aabb box;
  for (const Vec3& p : x) box.extend(p);
  const Vec3 c = 0.5 * (box.lo + box.hi);
  const Mat3 R = Eigen::AngleAxisd(degrees * std::numbers::pi / 180.0, axis.normalized()).toRotationMatrix();
  for (Vec3& p : x) p = c + R * (p - c);
}

LagrangianSolidDesc load_lagrangian_solid(const json& j, const std::string& ptr, const std::string& origin,
                                          const std::string& base_dir, const std::string& default_name) {
  const std::string where = origin + ": " + ptr;
  LagrangianSolidDesc d;
  d.name = j["name"].get<std::string>().empty() ? default_name : j["name"].get<std::string>();
  d.pointer = ptr;
  d.kind = enum_value(j["type"], solid_kind_names());
  const json& g = j["geometry"];
  const std::string gwhere = where + "/geometry";
  d.motion.velocity = v3(j["velocity"]);
  d.motion.mass_damping = j["damping"]["mass"];
  d.motion.stiffness_damping = j["damping"]["stiffness"];
  d.motion.friction = j["friction"];
  if (d.kind == SolidKind::shell) {
    if (enum_value(g["type"], shell_geometry_names()) == ShellGeometry::grid) {
      const auto s = cloth_grid(v3(g["center"]), g["width"], g["depth"], g["resolution"]);
      d.vertices = s.vertices;
      d.triangles = s.triangles;
    } else {
      const TriangleMesh m = read_mesh(g, gwhere, base_dir);
      d.vertices = m.vertices;
      d.triangles = triangle_arrays(m.triangles);
    }
    check_surface(d.vertices, d.triangles, gwhere);
    check_shell_edges(d.triangles, gwhere);
    d.shell.density = j["density"];
    d.shell.thickness = j["thickness"];
    d.shell.young = j["young"];
    d.shell.poisson = j["poisson"];
    d.shell.bending_scale = j["bending_scale"];
    d.shell.bending = enum_value(j["bending"], shell_bending_names());
  } else if (d.kind == SolidKind::rod) {
    CurveGeometry c;
    if (enum_value(g["type"], rod_geometry_names()) == RodGeometry::polyline) {
      std::vector<Vec3> pts;
      for (const auto& p : g["points"]) pts.push_back(v3(p));
      for (size_t i = 1; i < pts.size(); ++i)
        if ((pts[i] - pts[i - 1]).norm() == 0.0)
          throw InputError(gwhere + "/points/" + std::to_string(i), "repeats the previous point (zero-length span)");
      c = polyline(pts, g["segments"]);
    } else {
      const Vec3 n = v3(g["normal"]);
      if (n.norm() == 0.0) throw InputError(gwhere + "/normal", "must not be zero");
      c = spider_web(v3(g["center"]), n, g["radius"], g["spokes"], g["rings"], g["segments"]);
    }
    d.vertices = c.vertices;
    d.edges = c.edges;
    d.rod.density = j["density"];
    d.rod.radius = j["radius"];
    d.rod.young = j["young"];
  } else if (d.kind == SolidKind::volume) {
    const VolumeGeometry geometry = enum_value(g["type"], volume_geometry_names());
    if (geometry == VolumeGeometry::box) {
      const Vec3 lo = v3(g["min"]), hi = v3(g["max"]);
      for (int a = 0; a < 3; ++a)
        if (!(lo[a] < hi[a])) throw InputError(gwhere, "min must be below max on every axis");
      const auto t = tet_box(lo, hi, g["resolution"]);
      d.vertices = t.vertices;
      d.tets = t.tets;
    } else if (geometry == VolumeGeometry::sphere) {
      const Vec3 centre = v3(g["center"]);
      const double inner = g["inner_radius"];
      if (inner >= g["radius"].get<double>())
        throw InputError(gwhere + "/inner_radius", "must be smaller than radius (a hollow larger than the ball)");
      auto t = tet_sphere(centre, g["radius"], g["resolution"]);
      if (inner > 0.0) t = without_tets_inside(t, centre, inner);
      if (t.tets.empty()) throw InputError(gwhere + "/inner_radius", "the hollow removes every tetrahedron");
      d.vertices = t.vertices;
      d.tets = t.tets;
    } else if (geometry == VolumeGeometry::mesh) {
      const TriangleMesh m = read_closed_mesh(g, gwhere, base_dir);
      const TetGeometry t = tet_fill(m.vertices, triangle_arrays(m.triangles), g["resolution"]);
      if (t.tets.empty())
        throw InputError(gwhere + "/resolution", "no lattice cell lies inside the surface: raise the resolution");
      d.vertices = t.vertices;
      d.tets = t.tets;
    } else {
      fs::path p = g.at("file").get<std::string>();
      if (p.is_relative()) p = fs::path(base_dir) / p;
      TetMesh t;
      try {
        t = read_gmsh_tets(p.lexically_normal().string());
      } catch (const InputError& e) {
        throw InputError(gwhere + "/file", e.what());
      }
      const double scale = g.at("scale").get<double>();
      const Vec3 shift = v3(g.at("translate"));
      for (auto& v : t.vertices) v = scale * v + shift;
      d.vertices = t.vertices;
      d.tets = t.tets;
    }
    check_tets(d.vertices, d.tets, gwhere);
    d.volume.density = j["density"];
    d.volume.young = j["young"];
    d.volume.poisson = j["poisson"];
    d.volume.model = enum_value(j["model"], volume_model_names());
    d.initial_scale = j["initial_scale"];
  } else {
    SurfaceGeometry s;
    const RigidGeometry geometry = enum_value(g["type"], rigid_geometry_names());
    if (geometry == RigidGeometry::box) {
      const Vec3 lo = v3(g["min"]), hi = v3(g["max"]);
      for (int a = 0; a < 3; ++a)
        if (!(lo[a] < hi[a])) throw InputError(gwhere, "min must be below max on every axis");
      s = box_surface(lo, hi);
    } else if (geometry == RigidGeometry::sphere) {
      s = sphere_surface(v3(g["center"]), g["radius"], g["subdivisions"]);
    } else {
      const TriangleMesh m = read_closed_mesh(g, gwhere, base_dir);
      s.vertices = m.vertices;
      s.triangles = triangle_arrays(m.triangles);
    }
    d.vertices = s.vertices;
    d.triangles = s.triangles;
    check_surface(d.vertices, d.triangles, gwhere);
    d.rigid.density = j["density"];
    d.rigid.orthogonality_stiffness = j["orthogonality_stiffness"];
    const RigidMotion motion = enum_value(j["motion"], rigid_motion_names());
    d.motion.fixed = motion == RigidMotion::fixed;
    d.motion.kinematic = motion == RigidMotion::kinematic;
    d.motion.angular_velocity = v3(j["angular_velocity"]);
  }
  rotate_about_centre(j["rotation"], where + "/rotation", d.vertices);
  if (j.contains("pinned")) {
    d.motion.pinned = pinned_vertices(j["pinned"], d.vertices, where + "/pinned");
    Vec3 centroid = Vec3::Zero();
    for (int v : d.motion.pinned) centroid += d.vertices[v];
    if (!d.motion.pinned.empty()) centroid /= static_cast<double>(d.motion.pinned.size());
    d.motion.pin_path = motion_path_of(j["pinned"], where + "/pinned", centroid);
    if (d.motion.pinned.empty() && d.motion.pin_path.moves())
      throw InputError(where + "/pinned", "a moving pinned group needs vertices (indices or regions)");
  }
  return d;
}

}  // namespace ripple
