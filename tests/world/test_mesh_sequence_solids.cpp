// A mesh-sequence collider meets the Lagrangian solids: a platform exported as one OBJ per
// frame lifts a rigid ball as the same motion given as keyframes does, and the ball never
// sinks into it: dry (the solids' own step), and out of a pool under every method that moves
// obstacles and couples rigid bodies.
#include <gtest/gtest.h>

#include <cmath>

#include "../stepping.hpp"
#include "../test_support.hpp"
#include "ripple/coupling/coupler_factory.hpp"
#include "ripple/io/mesh_writers.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

const Vec3 kHalf(0.08, 0.01, 0.08);  // m: the platform's half extents
const double kStartY = 0.03;         // m: its centre at t = 0
const double kSpeed = 0.5;           // m/s upwards
const double kEnd = 0.2;             // s: the motion's last key and frame
const double kFps = 30.0;
const double kRadius = 0.03;         // m: the ball

Vec3 platform_centre(double t) { return Vec3(0.15, kStartY + kSpeed * std::min(t, kEnd), 0.15); }

/// Writes the platform at every 1/30 s from 0 to kEnd as lift_0001.obj, ... into `dir`.
void write_sequence(const std::filesystem::path& dir) {
  const int frames = static_cast<int>(std::lround(kEnd * kFps));
  for (int f = 0; f <= frames; ++f) {
    const Vec3 c = platform_centre(f / kFps);
    char name[64];
    std::snprintf(name, sizeof name, "lift_%04d.obj", f + 1);
    write_obj((dir / name).string(), box_mesh(c - kHalf, c + kHalf));
  }
}

json sequence_platform() {
  return {{"type", "mesh_sequence"}, {"name", "lift"}, {"files", "lift_####.obj"},
          {"last_frame", 1 + static_cast<int>(std::lround(kEnd * kFps))}, {"frame_rate", kFps}};
}

json keyframed_platform() {
  const Vec3 a = platform_centre(0.0) - kHalf, b = platform_centre(0.0) + kHalf;
  json keys = json::array();
  for (double t : {0.0, kEnd}) {
    const Vec3 c = platform_centre(t);
    keys.push_back({{"time", t}, {"position", {c.x(), c.y(), c.z()}}});
  }
  return {{"type", "box"}, {"name", "lift"}, {"min", {a.x(), a.y(), a.z()}}, {"max", {b.x(), b.y(), b.z()}},
          {"keyframes", keys}};
}

/// A ball (1500 kg/m^3) 3 cm above the platform; `wet`: in a pool 6 cm deep, the ball above it.
json lift_scene(const json& platform, const std::string& method, bool wet) {
  json j = json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.01},
    "time": {"end": 0.3, "fps": 30},
    "solids": [{"type": "rigid", "name": "ball", "density": 1500,
                "geometry": {"type": "sphere", "center": [0.15, 0.1, 0.15], "radius": 0.03}}],
    "output": {"preview": {"enabled": false}}
  })");
  j["solids"].push_back(platform);
  if (wet) j["fluid"]["regions"] = json::parse(R"([{"type": "box", "min": [-1, -1, -1], "max": [1, 0.06, 1]}])");
  j["coupling"]["method"] = method;
  if (method == "barrier") j["fluid"]["representation"] = "levelset";
  return j;
}

struct Lift {
  double height = 0.0;        ///< m: the ball's centre at the end
  double deepest = 0.0;       ///< m: deepest its bottom went below the platform's top, over the steps
  double mid_time = 0.0, mid_height = 0.0;  ///< s, m: the first step from half the motion on
  double end_time = 0.0;                     ///< s
  double collider_off = 0.0;  ///< m: farthest a collider vertex lies from its frames' place at the end
  /// m/s: how fast it rose from then to the end (its velocity after a cut-cell step jitters by
  /// +-40 % while it rests on a moving obstacle in the liquid; its positions do not).
  double speed() const { return (height - mid_height) / (end_time - mid_time); }
};

Lift lift(const json& platform, const std::string& method, bool wet, const std::filesystem::path& dir,
          double seconds) {
  const Scene s = test::scene_from(lift_scene(platform, method, wet), dir.string());
  const auto coupler = make_coupler(s);
  World w(s);
  initialise_world(w, *coupler);
  const SolidWorld& sw = *w.lagrangian;
  const SolidBodyInfo& ball = sw.model.bodies[sw.scene_bodies[0]];
  Lift r;
  test::run_for(w, *coupler, seconds, [&](const World& world) {
    const double bottom = world.lagrangian->state.z[ball.first_dof + 1] - kRadius;
    const double top = platform_centre(world.time).y() + kHalf.y();
    r.deepest = std::max(r.deepest, top - bottom);
    if (world.time >= 0.5 * kEnd && r.mid_time == 0.0) {
      r.mid_time = world.time;
      r.mid_height = world.lagrangian->state.z[ball.first_dof + 1];
    }
  });
  r.height = sw.state.z[ball.first_dof + 1];
  r.end_time = w.time;
  // The collider's own vertices (a mesh sequence's) are where its frames put them.
  for (const SolidBodyInfo& b : sw.model.bodies)
    if (b.name == "lift" && b.kind == SolidKind::shell)
      for (int v = b.first_vertex; v < b.first_vertex + b.num_vertices; ++v)
        r.collider_off = std::max(r.collider_off, std::abs(sw.state.z[sw.model.vertex_dof[v] + 1] -
                                                           platform_centre(w.time).y()) - kHalf.y());
  return r;
}

}  // namespace

TEST(MeshSequenceSolids, LiftARigidBallAsTheSameKeyframedMotionDoes) {
  const auto dir = test::temp_dir("mesh_sequence_lift");
  write_sequence(dir);
  struct Case {
    std::string method;
    bool wet;
  };
  for (const Case& c : {Case{"cutcell", false}, Case{"monolith", false}, Case{"barrier", true}, Case{"slip", true},
                        Case{"cutcell", true}, Case{"monolith", true}}) {
    SCOPED_TRACE(c.method + (c.wet ? " in a pool" : " dry"));
    const double T = 0.9 * kEnd;  // the platform still rising
    const Lift by_keys = lift(keyframed_platform(), c.method, c.wet, dir, T);
    const Lift by_frames = lift(sequence_platform(), c.method, c.wet, dir, T);
    // Carried up (on the platform's top or just tossed off it), as the keyframed platform carries it.
    const double top = platform_centre(T).y() + kHalf.y();
    EXPECT_GT(by_frames.height - kRadius, top - 0.004);
    EXPECT_LT(by_frames.height - kRadius, top + 0.01);
    EXPECT_NEAR(by_frames.height, by_keys.height, 0.002);
    EXPECT_NEAR(by_frames.speed(), by_keys.speed(), 0.02 * kSpeed);
    EXPECT_NEAR(by_frames.speed(), kSpeed, 0.05 * kSpeed);
    EXPECT_LT(by_frames.deepest, 0.004);  // never sunk into the platform (a cell is 0.01 m)
    EXPECT_LT(by_frames.collider_off, 1e-4) << "the collider's vertices follow their frames";
    std::printf("%s%s: keys height %.5f m, rising %.4f m/s, deepest %.2g m; frames %.5f m, %.4f m/s, %.2g m\n",
                c.method.c_str(), c.wet ? " wet" : " dry", by_keys.height, by_keys.speed(), by_keys.deepest,
                by_frames.height, by_frames.speed(), by_frames.deepest);
  }
}
