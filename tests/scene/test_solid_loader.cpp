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

}  // namespace
}  // namespace ripple
