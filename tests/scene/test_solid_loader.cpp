// Meshes for bodies with an inside (rigid bodies, volume fills, obstacles) are refused when
// they cross themselves, naming the file and the first crossing pair; a closed cube and two
// separate cubes in one file still load.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/scene/solid_loader.hpp"

namespace ripple {
namespace {

using nlohmann::json;

const char* kCube =
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
    "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 4 8 7 3\nf 1 5 8 4\nf 2 3 7 6\n";

/// Two unit cubes in one OBJ, the second shifted by (dx, dy, dz).
std::string two_cubes(double dx, double dy, double dz) {
  std::string s = kCube;
  const double c[8][3] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  for (const auto& v : c)
    s += "v " + std::to_string(v[0] + dx) + " " + std::to_string(v[1] + dy) + " " + std::to_string(v[2] + dz) + "\n";
  s += "f 9 12 11 10\nf 13 14 15 16\nf 9 10 14 13\nf 12 16 15 11\nf 9 13 16 12\nf 10 11 15 14\n";
  return s;
}

json scene_with(const json& solid) {
  json j = test::small_scene();
  j["solids"] = json::array({solid});
  return j;
}

json mesh_solid(const std::string& type, const std::string& file) {
  json s = {{"type", type}, {"geometry", {{"type", "mesh"}, {"file", file}, {"scale", 0.04}, {"translate", {0.28, 0.18, 0.03}}}}};
  if (type == "volume") s["geometry"]["resolution"] = 4;
  return s;
}

json obstacle(const std::string& file) {
  return {{"type", "mesh"}, {"file", file}, {"scale", 0.04}, {"translate", {0.28, 0.18, 0.03}}};
}

TEST(SolidLoader, SelfIntersectingMeshIsRefusedForBodiesWithAnInside) {
  const auto dir = test::temp_dir("self_intersecting");
  test::write_text(dir / "two_cubes.obj", two_cubes(0.5, 0.3, 0.2));
  for (const json& j : {scene_with(mesh_solid("rigid", "two_cubes.obj")), scene_with(mesh_solid("volume", "two_cubes.obj")),
                        scene_with(obstacle("two_cubes.obj"))}) {
    const std::string e = test::input_error_of(j, dir.string());
    EXPECT_NE(e.find("/solids/0/"), std::string::npos) << e;
    EXPECT_NE(e.find("two_cubes.obj intersects itself: triangle "), std::string::npos) << e;
    EXPECT_NE(e.find(") crosses triangle "), std::string::npos) << e;
  }
}

TEST(SolidLoader, ClosedMeshesThatDoNotCrossThemselvesLoad) {
  const auto dir = test::temp_dir("simple_meshes");
  test::write_text(dir / "cube.obj", kCube);
  test::write_text(dir / "apart.obj", two_cubes(1.5, 0, 0));
  for (const std::string file : {"cube.obj", "apart.obj"}) {
    for (const json& j : {scene_with(mesh_solid("rigid", file)), scene_with(mesh_solid("volume", file)),
                          scene_with(obstacle(file))})
      EXPECT_EQ(test::input_error_of(j, dir.string()), "") << file;
  }
}

/// A cloth whose top row (y = 0.25) is pinned and moved by `motion` (velocity or keyframes).
json pinned_cloth(const json& motion) {
  json pinned = {{"regions", json::array({{{"min", {0.19, 0.249, 0.0}}, {"max", {0.35, 0.251, 0.1}}}})}};
  pinned.update(motion);
  return {{"type", "shell"},
          {"geometry", {{"type", "grid"}, {"center", {0.27, 0.18, 0.05}}, {"width", 0.14}, {"depth", 0.14},
                        {"resolution", 6}}},
          {"rotation", {{"axis", {1, 0, 0}}, {"degrees", 90}}},
          {"pinned", pinned}};
}

TEST(SolidLoader, PinnedGroupsFollowKeyframes) {
  const Scene s = test::scene_from(scene_with(pinned_cloth(json::parse(R"({"keyframes": [
      {"time": 0.0, "position": [0.27, 0.25, 0.05]},
      {"time": 0.1, "position": [0.3, 0.25, 0.05], "rotation": {"axis": [0, 1, 0], "degrees": 30}}]})"))));
  ASSERT_EQ(s.lagrangian_solids.size(), 1u);
  const BodyMotion& m = s.lagrangian_solids[0].motion;
  ASSERT_FALSE(m.pinned.empty());
  EXPECT_TRUE(m.pin_path.moves());
  EXPECT_NEAR(m.pin_path.rest_centre().y(), 0.25, 1e-9) << "the path moves the pinned vertices' centroid";
  EXPECT_LT((m.pin_path.at(0.1).centre - Vec3(0.3, 0.25, 0.05)).norm(), 1e-12);
  EXPECT_LT((m.pin_path.velocity(0.05) - Vec3(0.3, 0, 0)).norm(), 1e-9);
}

TEST(SolidLoader, BadPinnedKeyframesAreRefused) {
  auto error_with = [](const char* motion) { return test::input_error_of(scene_with(pinned_cloth(json::parse(motion)))); };
  EXPECT_NE(error_with(R"({"keyframes": [{"time": 0.2, "position": [0.27, 0.25, 0.05]},
                                        {"time": 0.1, "position": [0.3, 0.25, 0.05]}]})")
                .find("/solids/0/pinned/keyframes/1/time: keyframes out of order"),
            std::string::npos);
  EXPECT_NE(error_with(R"({"velocity": [0.1, 0, 0], "keyframes": [{"time": 0, "position": [0.27, 0.25, 0.05]},
                                        {"time": 0.1, "position": [0.3, 0.25, 0.05]}]})")
                .find("/solids/0/pinned/keyframes: give either keyframes or velocity"),
            std::string::npos);
  EXPECT_NE(error_with(R"({"keyframes": [{"time": 0, "position": [0.27, 0.25, 0.05]},
                                        {"time": 1e-9, "position": [0.3, 0.25, 0.05]}]})")
                .find("/solids/0/pinned/keyframes/1/position: speed"),
            std::string::npos);
}

}  // namespace
}  // namespace ripple
