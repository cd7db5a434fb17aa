#include "ripple/scene/scene_loader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <set>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/io/input_file.hpp"
#include "ripple/io/obj_reader.hpp"
#include "ripple/scene/scene_enums.hpp"
#include "ripple/scene/scene_schema.hpp"
#include "ripple/scene/solid_loader.hpp"
#include "ripple/solid/mesh_sequence_field.hpp"

namespace ripple {

using nlohmann::json;
namespace fs = std::filesystem;

int TimeSettings::frame_count() const { return std::max(1, static_cast<int>(std::floor(end * fps + 1e-9))); }

namespace {

/// Arrays and objects nested deeper than a scene can need: the JSON values are copied and
/// freed recursively, so a hostile file of 300000 nested brackets would overflow the stack.
constexpr int kMaxJsonDepth = 128;
/// More output frames than any film or study needs: end or fps in the wrong unit.
constexpr int kMaxFrames = 1000000;

/// Refuses nesting beyond kMaxJsonDepth, naming the line and column, before parsing.
void check_nesting(const std::string& text, const std::string& origin) {
  int depth = 0, line = 1, col = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    ++col;
    if (c == '\n') {
      ++line;
      col = 0;
    }
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw InputError(origin + ":" + std::to_string(line) + ":" + std::to_string(col),
                         "malformed JSON: arrays and objects nested deeper than " + std::to_string(kMaxJsonDepth) +
                             " levels");
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
}

/// JSON pointer escaping of one reference token (RFC 6901).
std::string pointer_token(const std::string& key) {
  std::string out;
  for (const char c : key) out += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
  return out;
}

/// A parser callback that refuses a key given twice in one object: nlohmann::json would keep
/// the last silently, and a scene's author meant one of the two.
class DuplicateKeyCheck {
 public:
  explicit DuplicateKeyCheck(std::string origin) : origin_(std::move(origin)) {}
  bool operator()(int, json::parse_event_t event, json& parsed) {
    using E = json::parse_event_t;
    switch (event) {
      case E::object_start:
      case E::array_start:
        if (!frames_.empty() && frames_.back().is_array) ++frames_.back().index;
        frames_.push_back({event == E::array_start, -1, {}, {}});
        break;
      case E::object_end:
      case E::array_end:
        if (!frames_.empty()) frames_.pop_back();
        break;
      case E::key: {
        Frame& f = frames_.back();
        f.key = parsed.get<std::string>();
        if (!f.keys.insert(f.key).second)
          throw InputError(origin_ + ": " + pointer(), "key \"" + f.key + "\" appears twice in one object: keep one");
        break;
      }
      case E::value:
        if (!frames_.empty() && frames_.back().is_array) ++frames_.back().index;
        break;
    }
    return true;
  }

 private:
  struct Frame {
    bool is_array = false;
    int index = -1;
    std::set<std::string> keys;
    std::string key;
  };
  std::string pointer() const {
    std::string p;
    for (const Frame& f : frames_) p += "/" + (f.is_array ? std::to_string(f.index) : pointer_token(f.key));
    return p;
  }
  std::string origin_;
  std::vector<Frame> frames_;
};

}  // namespace

json parse_json_text(const std::string& text, const std::string& origin) {
  check_nesting(text, origin);
  try {
    return json::parse(text, DuplicateKeyCheck(origin));
  } catch (const json::parse_error& e) {
    // Translate the byte offset into line and column.
    const size_t pos = std::min<size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    size_t line = 1, col = 1;
    for (size_t i = 0; i < pos; ++i) {
      if (text[i] == '\n') { ++line; col = 1; }
      else ++col;
    }
    std::string what = e.what();
    const auto cut = what.find("parse error");
    if (cut != std::string::npos) what = what.substr(cut);
    throw InputError(origin + ":" + std::to_string(line) + ":" + std::to_string(col), "malformed JSON: " + what);
  } catch (const json::out_of_range& e) {  // "number overflow parsing '1e999'"
    std::string what = e.what();
    if (const auto cut = what.find("number overflow"); cut != std::string::npos) what = what.substr(cut);
    throw InputError(origin, "number out of range (beyond +-1.8e308): " + what);
  }
}

namespace {

Vec3 vec3_of(const json& j) { return {j[0].get<double>(), j[1].get<double>(), j[2].get<double>()}; }

ShapeDesc shape_of(const json& j, const std::string& ptr, const std::string& origin, const std::string& base_dir) {
  ShapeDesc s;
  s.kind = enum_value(j.at("type"), shape_kind_names());
  if (s.kind == ShapeDesc::Kind::Box) {
    s.min = vec3_of(j.at("min"));
    s.max = vec3_of(j.at("max"));
    for (int a = 0; a < 3; ++a)
      if (!(s.min[a] < s.max[a]))
        throw InputError(origin + ": " + ptr, "box min must be below max on every axis (axis " + std::to_string(a) + ")");
  } else if (s.kind == ShapeDesc::Kind::Sphere) {
    s.center = vec3_of(j.at("center"));
    s.radius = j.at("radius").get<double>();
  } else {
    fs::path p = j.at("file").get<std::string>();
    if (p.is_relative()) p = fs::path(base_dir) / p;
    s.file = p.lexically_normal().string();
    TriangleMesh m;
    try {
      m = read_obj(s.file);
    } catch (const InputError& e) {
      throw InputError(origin + ": " + ptr + "/file", e.what());
    }
    const double scale = j.at("scale").get<double>();
    const Vec3 t = vec3_of(j.at("translate"));
    for (auto& v : m.vertices) v = scale * v + t;
    if (const int64_t bad = m.boundary_or_nonmanifold_edges(); bad > 0)
      throw InputError(origin + ": " + ptr + "/file",
                       s.file + " is not a closed 2-manifold (" + std::to_string(bad) +
                           " edges are not shared by exactly two triangles)");
    if (m.signed_volume() <= 0)
      throw InputError(origin + ": " + ptr + "/file",
                       s.file + " is inverted or has zero volume (triangles must face outwards, counter-clockwise)");
    check_not_self_intersecting(m, s.file, origin + ": " + ptr + "/file");
    s.mesh = std::make_shared<const TriangleMesh>(std::move(m));
  }
  return s;
}

/// An obstacle's initial rotation: a rotated box becomes the mesh of its six faces; a mesh's
/// vertices turn about its bounding box's centre; a sphere is unchanged.
void rotate_obstacle(const json& rotation, const std::string& where, ShapeDesc& s) {
  if (rotation["degrees"].get<double>() == 0.0 || s.kind == ShapeDesc::Kind::Sphere) return;
  TriangleMesh m = s.kind == ShapeDesc::Kind::Box ? box_mesh(s.min, s.max) : *s.mesh;
  rotate_about_centre(rotation, where, m.vertices);
  s.kind = ShapeDesc::Kind::Mesh;
  s.mesh = std::make_shared<const TriangleMesh>(std::move(m));
}

/// Why `name` cannot name output files ("" when it can): letters, digits, '_', '-' and '.',
/// 1 to 64 of them, not starting with '.' (no paths, control characters or hidden files).
std::string name_problem(const std::string& name) {
  if (name.empty()) return "a name must not be empty";
  if (name.size() > 64) return "a name has at most 64 characters (this one has " + std::to_string(name.size()) + ")";
  if (name.front() == '.') return "a name must not start with '.'";
  for (const char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.')
      return "a name may hold only letters, digits, '_', '-' and '.' (it goes into output file names)";
  return "";
}

bool overlaps(const Aabb& a, const Aabb& b) {
  return (a.lo.array() < b.hi.array()).all() && (b.lo.array() < a.hi.array()).all();
}

// Why a solid whose bounds are `box` may not start there (empty: it may): ripple does not wrap
// solids across periodic sides, so each keeps a cell clear of them.
std::string periodic_clearance_problem(const Aabb& box, const Scene& s) {
  static const char* names[6] = {"x_min", "x_max", "y_min", "y_max", "z_min", "z_max"};
  const Vec3 lo = s.grid.origin, hi = s.grid.upper();
  for (int a = 0; a < 3; ++a) {
    if (!s.periodic_axes()[a]) continue;
    const double d = s.grid.dx;
    if (box.lo[a] < lo[a] + d || box.hi[a] > hi[a] - d)
      return std::string("comes within a cell (") + format_number(d) + " m) of the periodic sides " + names[2 * a] +
             "/" + names[2 * a + 1] + " (it spans " + format_number(box.lo[a]) + " to " + format_number(box.hi[a]) +
             " m along that axis); ripple does not wrap solids across periodic sides";
  }
  return "";
}

void apply_override(json& doc, const std::string& ptr, const std::string& value_text) {
  if (ptr.empty() || ptr == "/" || ptr.find("//") != std::string::npos || ptr.back() == '/')
    throw InputError("--set " + ptr, "the pointer names no key: give one, e.g. --set /time/end=0.5");
  json value;
  check_nesting(value_text, "--set " + ptr);
  try {
    value = json::parse(value_text);
  } catch (const json::out_of_range&) {
    throw InputError("--set " + ptr, "number out of range (beyond +-1.8e308): " + value_text);
  } catch (const json::parse_error&) {
    value = value_text;  // plain strings need no quotes on the command line
  }
  try {
    doc[json::json_pointer(ptr)] = value;
  } catch (const json::exception& e) {
    throw InputError("--set " + ptr, std::string("cannot apply override: ") + e.what());
  }
}

}  // namespace

/// The mesh sequences' vertices (every frame's, read at load) and the most their sampled fields
/// hold at once (ObstacleField samples them every dx / 2).
double mesh_sequence_bytes(const Scene& scene) {
  double bytes = 0.0;
  for (const ObstacleDesc& o : scene.obstacles)
    if (o.sequence)
      bytes += MeshSequenceField::estimate_bytes(*o.sequence, 0.5 * scene.grid.dx) +
               sizeof(Vec3) * static_cast<double>(o.sequence->frame_count() * o.sequence->frame(0).size());
  return bytes;
}

double estimate_memory_bytes(const Scene& scene) {
  const double cells = static_cast<double>(scene.grid.cell_count());
  // About 40 doubles per cell across grids, solver vectors and multigrid levels.
  double bytes = cells * 40 * 8;
  if (uses_particles(scene.fluid.representation)) {
    double liquid_fraction = 0.0;
    const double cell_volume = std::pow(scene.grid.dx, 3);
    for (const auto& r : scene.fluid.regions) {
      const Aabb b = r.shape.bounds();
      liquid_fraction += (b.hi - b.lo).prod() / cell_volume;
    }
    bytes += std::min(liquid_fraction, cells) * scene.fluid.particles_per_cell * 80.0;
  }
  return bytes + mesh_sequence_bytes(scene);
}

Scene read_scene_json(const json& input_raw, const std::string& origin, const std::string& base_dir,
                      const std::vector<CouplingSchema>& methods, const SceneOverrides& overrides) {
  json input = input_raw;
  for (const auto& [ptr, value] : overrides) apply_override(input, ptr, value);
  std::vector<SchemaError> errors;
  const SchemaNode schema = scene_schema(methods);
  json j = validate_with_defaults(input, schema, errors);
  if (!errors.empty()) {
    std::ostringstream os;
    os << errors.size() << " problem" << (errors.size() > 1 ? "s" : "") << " in the scene:";
    for (const auto& e : errors) os << "\n  " << (e.pointer.empty() ? "/" : e.pointer) << ": " << e.reason;
    throw InputError(origin, os.str());
  }
  auto fail = [&](const std::string& ptr, const std::string& reason) { throw InputError(origin + ": " + ptr, reason); };

  Scene s;
  s.source_path = origin;
  s.name = fs::path(origin).stem().string();
  s.description = j["description"];
  // Domain and grid.
  const json& d = j["domain"];
  const Vec3 lo = vec3_of(d["min"]), hi = vec3_of(d["max"]);
  for (int a = 0; a < 3; ++a)
    if (!(lo[a] < hi[a])) fail("/domain", "min must be below max on every axis (axis " + std::to_string(a) + ")");
  const Vec3 size = hi - lo;
  if (input.contains("domain") && input["domain"].contains("dx") && input["domain"].contains("resolution"))
    fail("/domain", "give either dx or resolution, not both");
  const double dx = d.contains("dx") ? d["dx"].get<double>() : size.maxCoeff() / d["resolution"].get<double>();
  Vec3i n;
  for (int a = 0; a < 3; ++a) {
    const double cells = size[a] / dx;
    if (cells > 1e5) fail("/domain", "grid too large: " + std::to_string(cells) + " cells along axis " + std::to_string(a));
    n[a] = std::max(1, static_cast<int>(std::lround(cells)));
  }
  s.grid.origin = lo;
  s.grid.dx = dx;
  s.grid.n = n;
  const char* sides[6] = {"x_min", "x_max", "y_min", "y_max", "z_min", "z_max"};
  for (int i = 0; i < 6; ++i) s.boundary[i] = enum_value(d["boundary"][sides[i]], boundary_type_names());
  for (int a = 0; a < 3; ++a)
    if ((s.boundary[2 * a] == BoundaryType::Periodic) != (s.boundary[2 * a + 1] == BoundaryType::Periodic)) {
      const int lone = s.boundary[2 * a] == BoundaryType::Periodic ? 2 * a : 2 * a + 1;
      fail(std::string("/domain/boundary/") + sides[lone],
           std::string("a periodic side joins the opposite one: set ") + sides[lone ^ 1] + " to \"periodic\" too");
    }
  for (int a = 0; a < 3; ++a)
    if (s.boundary[2 * a] == BoundaryType::Periodic && n[a] % 2 != 0)
      fail(std::string("/domain/boundary/") + sides[2 * a],
           "a periodic axis needs an even number of cells (the pressure solver's red-black smoother pairs the two "
           "sides); axis " + std::string(1, "xyz"[a]) + " has " + std::to_string(n[a]) + " (its length / dx): change "
           "domain.max or dx");
  // Time.
  const json& t = j["time"];
  s.time.end = t["end"];
  s.time.fps = t["fps"];
  s.time.cfl = t["cfl"];
  s.time.max_dt = t["max_dt"];
  s.time.min_dt = t["min_dt"];
  if (s.time.min_dt >= s.time.max_dt) fail("/time/min_dt", "must be smaller than max_dt");
  if (s.time.end * s.time.fps > kMaxFrames)
    fail("/time/end", "end x fps = " + format_number(s.time.end * s.time.fps) + " frames; at most " +
                          std::to_string(kMaxFrames) + " (is end in seconds and fps in frames per second?)");
  s.gravity = vec3_of(j["gravity"]);
  // Fluid.
  const json& f = j["fluid"];
  s.fluid.density = f["density"];
  s.fluid.viscosity = f["viscosity"];
  s.fluid.surface_tension = f["surface_tension"];
  s.fluid.representation = enum_value(f["representation"], liquid_representation_names());
  s.fluid.particles_per_cell = f["particles_per_cell"];
  s.fluid.flip_blend = f["flip_blend"];
  s.fluid.volume_correction = f["volume_correction"];
  s.fluid.levelset_advection = enum_value(f["levelset_advection"], level_set_advection_names());
  s.fluid.surface_volume = enum_value(f["surface_volume"], surface_volume_names());
  Aabb domain_box;
  domain_box.extend(lo);
  domain_box.extend(hi);
  // A speed beyond one cell per smallest substep can only be a mistake (a unit, an exponent):
  // no substep the run may take can carry it (the liquid's CFL step would be below min_dt, the
  // solids' collision detection would crawl through the step).
  const double max_speed = dx / s.time.min_dt, diagonal = (hi - lo).norm();
  auto check_speed = [&](const std::string& ptr, const Vec3& v, double lever_arm) {
    const double speed = v.norm() * lever_arm;
    if (speed > max_speed)
      fail(ptr, (lever_arm == 1.0 ? "speed " : "rim speed (across the domain) ") + format_number(speed) +
                    " m/s is faster than one grid cell per time.min_dt (" + format_number(max_speed) +
                    " m/s): no substep could carry it (a unit or exponent mistake?)");
  };
  // A path's fastest point: `lever` (m) from its centre, at the middle of each key interval
  // (where a smooth interval peaks at 1.5 times the linear rate).
  auto check_path_speed = [&](const std::string& ptr, const json& owner, const MotionPath& path, double lever) {
    const json& keys = owner["keyframes"];
    if (keys.empty()) {
      check_speed(ptr + "/velocity", vec3_of(owner["velocity"]), 1.0);
      check_speed(ptr + "/angular_velocity", vec3_of(owner["angular_velocity"]), diagonal);
      return;
    }
    const double peak = owner["interpolation"] == "smooth" ? 1.5 : 1.0;
    for (size_t k = 1; k < keys.size(); ++k) {
      const double t = 0.5 * (keys[k - 1]["time"].get<double>() + keys[k]["time"].get<double>());
      check_speed(ptr + "/keyframes/" + std::to_string(k) + "/position", path.velocity(t) * peak, 1.0);
      check_speed(ptr + "/keyframes/" + std::to_string(k) + "/rotation", path.angular_velocity(t) * peak, lever);
    }
  };
  for (size_t i = 0; i < f["regions"].size(); ++i) {
    check_speed("/fluid/regions/" + std::to_string(i) + "/velocity", vec3_of(f["regions"][i]["velocity"]), 1.0);
    const std::string ptr = "/fluid/regions/" + std::to_string(i);
    FluidRegionDesc r;
    r.shape = shape_of(f["regions"][i], ptr, origin, base_dir);
    r.velocity = vec3_of(f["regions"][i]["velocity"]);
    r.smoke = f["regions"][i]["smoke"];
    r.temperature = f["regions"][i]["temperature"];
    if (!overlaps(r.shape.bounds(), domain_box)) fail(ptr, "liquid region lies entirely outside the domain");
    s.fluid.regions.push_back(std::move(r));
  }
  const bool gas = s.fluid.representation == LiquidRepresentation::Gas;
  // Emitters and drains: a shape, a time window, a name unique among them.
  std::vector<std::string> flow_names;
  auto flow_piece = [&](const char* list, size_t i, const char* what, ShapeDesc& shape, std::string& name,
                        std::string& pointer, double& start, double& end) {
    const json& e = f[list][i];
    pointer = std::string("/fluid/") + list + "/" + std::to_string(i);
    if (gas) fail(pointer, std::string("a gas fills the domain: use fluid.gas.sources instead of ") + list);
    shape = shape_of(e, pointer, origin, base_dir);
    if (!overlaps(shape.bounds(), domain_box)) fail(pointer, std::string(what) + " lies entirely outside the domain");
    name = e["name"].get<std::string>().empty() ? std::string(what) + std::to_string(i) : e["name"].get<std::string>();
    if (const std::string problem = name_problem(name); !problem.empty()) fail(pointer + "/name", problem);
    if (std::find(flow_names.begin(), flow_names.end(), name) != flow_names.end())
      fail(pointer + "/name", "duplicate emitter or drain name \"" + name + "\"");
    flow_names.push_back(name);
    start = e["start"];
    if (e.contains("end") && !e["end"].is_null()) {
      end = e["end"];
      if (!(end > start)) fail(pointer + "/end", "end (" + format_number(end) + " s) must come after start (" +
                                                 format_number(start) + " s)");
    }
  };
  for (size_t i = 0; i < f["emitters"].size(); ++i) {
    EmitterDesc e;
    flow_piece("emitters", i, "emitter", e.shape, e.name, e.pointer, e.start, e.end);
    e.velocity = vec3_of(f["emitters"][i]["velocity"]);
    e.mode = enum_value(f["emitters"][i]["mode"], emitter_mode_names());
    if (e.mode == EmitterMode::Once && std::isfinite(e.end))
      fail(e.pointer + "/end", "an emitter of mode \"once\" fills its shape at its start: it has no end");
    check_speed(e.pointer + "/velocity", e.velocity, 1.0);
    s.fluid.emitters.push_back(std::move(e));
  }
  for (size_t i = 0; i < f["drains"].size(); ++i) {
    DrainDesc d;
    flow_piece("drains", i, "drain", d.shape, d.name, d.pointer, d.start, d.end);
    s.fluid.drains.push_back(std::move(d));
  }
  const json& gj = f["gas"];
  s.fluid.gas.smoke_weight = gj["smoke_weight"];
  s.fluid.gas.heat_lift = gj["heat_lift"];
  for (size_t i = 0; i < gj["sources"].size(); ++i) {
    const std::string ptr = "/fluid/gas/sources/" + std::to_string(i);
    if (!gas) fail(ptr, "gas sources need fluid.representation \"gas\"");
    GasSourceDesc src;
    src.pointer = ptr;
    src.shape = shape_of(gj["sources"][i], ptr, origin, base_dir);
    src.velocity = vec3_of(gj["sources"][i]["velocity"]);
    src.smoke = gj["sources"][i]["smoke"];
    src.temperature = gj["sources"][i]["temperature"];
    src.markers_per_second = gj["sources"][i]["markers_per_second"];
    check_speed(ptr + "/velocity", src.velocity, 1.0);
    if (!overlaps(src.shape.bounds(), domain_box)) fail(ptr, "gas source lies entirely outside the domain");
    s.fluid.gas.sources.push_back(std::move(src));
  }
  for (size_t i = 0; i < gj["markers"].size(); ++i) {
    const std::string ptr = "/fluid/gas/markers/" + std::to_string(i);
    if (!gas) fail(ptr, "markers ride a gas: they need fluid.representation \"gas\"");
    GasMarkerRegion m;
    m.shape = shape_of(gj["markers"][i], ptr, origin, base_dir);
    m.per_cell = gj["markers"][i]["per_cell"];
    if (!overlaps(m.shape.bounds(), domain_box)) fail(ptr, "marker region lies entirely outside the domain");
    s.fluid.gas.markers.push_back(std::move(m));
  }
  if (!gas && s.any_periodic_side())
    fail("/domain/boundary", "periodic sides need fluid.representation \"gas\" (a liquid's particles and surface do "
                             "not wrap around)");
  if (gas && s.fluid.surface_tension > 0.0)
    fail("/fluid/surface_tension", "a gas has no free surface: surface tension must be 0 with representation \"gas\"");
  // Solids, each with a name that is safe in an output file name and unique.
  std::vector<std::string> names;
  auto add_name = [&](const std::string& name, const std::string& ptr) {
    if (const std::string problem = name_problem(name); !problem.empty()) fail(ptr + "/name", problem);
    if (std::find(names.begin(), names.end(), name) != names.end() || name == "domain_walls")
      fail(ptr + "/name", "duplicate solid name \"" + name + "\"" + (name == "domain_walls" ? " (the walls' name)" : ""));
    names.push_back(name);
  };
  for (size_t i = 0; i < j["solids"].size(); ++i) {
    const json& sj = j["solids"][i];
    const std::string ptr = "/solids/" + std::to_string(i);
    const std::string type = sj["type"];
    if (is_simulated_solid(type)) {
      LagrangianSolidDesc d = load_lagrangian_solid(sj, ptr, origin, base_dir, "solid" + std::to_string(i));
      add_name(d.name, ptr);
      check_speed(ptr + "/velocity", d.motion.velocity, 1.0);
      check_speed(ptr + "/angular_velocity", d.motion.angular_velocity, diagonal);
      if (sj.contains("pinned")) check_path_speed(ptr + "/pinned", sj["pinned"], d.motion.pin_path, diagonal);
      Aabb box;  // where it starts: moved with its pins to where their path is at t = 0
      const Pose start = d.motion.pin_path.at(0.0);
      for (const Vec3& x : d.vertices) box.extend(start.centre + start.rotation * (x - d.motion.pin_path.rest_centre()));
      if (const std::string problem = periodic_clearance_problem(box, s); !problem.empty())
        fail(ptr, "solid \"" + d.name + "\" " + problem);
      s.lagrangian_solids.push_back(std::move(d));
      continue;
    }
    ObstacleDesc o;
    o.pointer = ptr;
    o.name = sj["name"].get<std::string>().empty() ? "solid" + std::to_string(i) : sj["name"].get<std::string>();
    Aabb reach;  // everywhere it goes
    if (type == "mesh_sequence") {
      o.sequence = load_mesh_sequence(sj, origin + ": " + ptr, base_dir, s.time.fps);
      o.shape.kind = ShapeDesc::Kind::Mesh;
      o.shape.mesh = std::make_shared<const TriangleMesh>(o.sequence->surface(0.0));
      o.path = MotionPath(o.shape.centroid());
      check_speed(ptr + "/files", Vec3(o.sequence->max_speed(), 0.0, 0.0), 1.0);
      reach = o.sequence->bounds();
    } else {
      o.shape = shape_of(sj, ptr, origin, base_dir);
      rotate_obstacle(sj["rotation"], ptr + "/rotation", o.shape);
      o.path = motion_path_of(sj, origin + ": " + ptr, o.shape.centroid());
      check_path_speed(ptr, sj, o.path, 0.5 * (o.shape.bounds().hi - o.shape.bounds().lo).norm());
      reach = o.shape.bounds();
    }
    if (!overlaps(reach, domain_box)) fail(ptr, "solid lies entirely outside the domain");
    if (const std::string problem = periodic_clearance_problem(reach, s); !problem.empty())
      fail(ptr, "solid \"" + o.name + "\" " + problem);
    add_name(o.name, ptr);
    s.obstacles.push_back(std::move(o));
  }
  if (s.fluid.regions.empty() && s.fluid.emitters.empty() && s.lagrangian_solids.empty() && !gas)
    fail("/fluid/regions",
         "the scene has nothing to simulate: add a liquid region or emitter, or a shell, rod, volume or rigid solid");
  s.contact_dhat = j["contact"]["dhat"];
  s.obstacle_friction = j["contact"]["friction"];
  s.friction_velocity = j["contact"]["friction_velocity"];
  s.friction_updates = j["contact"]["friction_updates"];
  bool any_wall = false;
  for (BoundaryType b : s.boundary) any_wall = any_wall || b == BoundaryType::Wall;
  const json& pairs = j["contact"]["pairs"];
  for (size_t i = 0; i < pairs.size(); ++i) {
    const std::string ptr = "/contact/pairs/" + std::to_string(i) + "/bodies";
    const json& bodies = pairs[i]["bodies"];
    if (bodies.size() != 2) fail(ptr, "names " + std::to_string(bodies.size()) + " solids; a pair names exactly two");
    for (size_t k = 0; k < 2; ++k) {
      const std::string name = bodies[k];
      const bool known = std::find(names.begin(), names.end(), name) != names.end() || (any_wall && name == "domain_walls");
      if (!known) {
        std::string list;
        for (const auto& n : names) list += (list.empty() ? "" : ", ") + ("\"" + n + "\"");
        if (any_wall) list += (list.empty() ? "" : ", ") + std::string("\"domain_walls\"");
        fail(ptr + "/" + std::to_string(k), "no solid named \"" + name + "\" (solids: " + list + ")");
      }
    }
    if (bodies[0] == bodies[1] && bodies[0] == "domain_walls") fail(ptr, "the domain walls do not touch themselves");
    s.friction_pairs.push_back({bodies[0], bodies[1], pairs[i]["friction"]});
  }
  const json& nj = j["solver"]["newton"];
  s.newton.tolerance = nj["tolerance"];
  s.newton.residual_tolerance = nj["residual_tolerance"];
  s.newton.max_iterations = nj["max_iterations"];
  s.newton.linear_solver = enum_value(nj["linear_solver"], linear_solver_names());
  s.bending_hessian = enum_value(nj["bending_hessian"], hinge_hessian_names());
  s.coupling_method = j["coupling"]["method"];
  // Solver.
  const json& p = j["solver"]["pressure"];
  s.pressure.tolerance = p["tolerance"];
  s.pressure.max_iterations = p["max_iterations"];
  s.pressure.preconditioner = enum_value(p["preconditioner"], pressure_preconditioner_names());
  s.pressure.wall_contact = enum_value(p["wall_contact"], wall_contact_names());
  // Output.
  const json& o = j["output"];
  s.output.directory = o["directory"];
  s.output.write_ply = s.output.write_obj = false;
  for (const auto& fmt : o["formats"]) {
    if (fmt == "ply") s.output.write_ply = true;
    else if (fmt == "obj") s.output.write_obj = true;
    else throw std::logic_error("output.formats: " + fmt.dump() + " passed the schema");
  }
  s.output.liquid_mesh = o["liquid_mesh"];
  s.output.surface_smoothing = o["surface_smoothing"];
  s.output.solid_meshes = o["solid_meshes"];
  s.output.checkpoint_every = o["checkpoint_every"];
  s.output.checkpoint_keep = o["checkpoint_keep"];
  s.output.preview = o["preview"]["enabled"];
  s.output.preview_every = o["preview"]["every"];
  s.output.preview_width = o["preview"]["width"];
  s.output.preview_height = o["preview"]["height"];
  const json& cam = o["preview"]["camera"];
  if (cam.contains("position")) s.output.camera.position = vec3_of(cam["position"]);
  if (cam.contains("look_at")) s.output.camera.look_at = vec3_of(cam["look_at"]);
  s.output.camera.fov_degrees = cam["fov_degrees"];
  s.resolved = j;
  if (!d.contains("dx")) s.resolved["domain"]["dx"] = dx;

  return s;
}

double available_memory_bytes() {
  if (std::ifstream mi("/proc/meminfo"); mi) {
    std::string key;
    double kb;
    std::string unit;
    while (mi >> key >> kb >> unit)
      if (key == "MemAvailable:") return kb * 1024.0;
  }
  return 0.0;
}

void check_memory_fits(const Scene& s) {
  const double need = estimate_memory_bytes(s);
  const double avail = available_memory_bytes();
  if (avail > 0 && need > 0.8 * avail) {
    std::ostringstream os;
    os << "this scene needs about " << need / 1e9 << " GB (grid " << s.grid.n.x() << "x" << s.grid.n.y() << "x" << s.grid.n.z()
       << "), more than 80% of the " << avail / 1e9 << " GB available; use a larger dx or a smaller domain";
    if (const double frames = mesh_sequence_bytes(s); frames > 0.1 * need)
      os << " (" << frames / 1e9 << " GB of it are the mesh sequences: every frame's vertices and "
         << MeshSequenceField::kHeldFrames
         << " sampled frames at a time; fewer frames or a collider spanning less of the domain would help too)";
    throw InputError(s.source_path + ": /domain", os.str());
  }
}

Scene read_scene_file(const std::string& path, const std::vector<CouplingSchema>& methods,
                      const SceneOverrides& overrides) {
  std::ifstream in = open_input_file(path, "scene file");
  std::stringstream ss;
  ss << in.rdbuf();
  const json j = parse_json_text(ss.str(), path);
  const std::string base = fs::absolute(fs::path(path)).parent_path().string();
  return read_scene_json(j, path, base, methods, overrides);
}

}  // namespace ripple
