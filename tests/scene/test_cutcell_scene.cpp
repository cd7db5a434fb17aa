// Scene checks of coupling "cutcell" (issue 5's bad input): what it cannot simulate is refused
// with the JSON pointer and the reason.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/core/errors.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

std::string error_of(const json& j) { return test::input_error_of(j); }

json cutcell_scene(const json& solid) {
  json j = test::small_scene();
  j["coupling"]["method"] = "cutcell";
  j["solids"] = json::array({solid});
  return j;
}

const json kBall = json::parse(R"({"type": "rigid", "name": "ball", "density": 500,
                                   "geometry": {"type": "sphere", "center": [0.3, 0.2, 0.05], "radius": 0.03}})");

}  // namespace

TEST(CutCellScene, AcceptsVolumesAndDynamicRigidBodies) {
  EXPECT_EQ(error_of(cutcell_scene(kBall)), "");
  const json cube = json::parse(R"({"type": "volume", "geometry": {"type": "box", "min": [0.25, 0.1, 0.02],
                                     "max": [0.3, 0.15, 0.07], "resolution": 3}})");
  EXPECT_EQ(error_of(cutcell_scene(cube)), "");
}

TEST(CutCellScene, RefusesShellsRodsAndScriptedBodies) {
  const json shell = json::parse(R"({"type": "shell", "geometry": {"type": "grid", "center": [0.3, 0.2, 0.05],
                                      "width": 0.05, "depth": 0.05, "resolution": 4}})");
  EXPECT_NE(error_of(cutcell_scene(shell)).find("/solids/0/type: coupling.method \"cutcell\" couples volumes and rigid"),
            std::string::npos)
      << error_of(cutcell_scene(shell));
  json fixed = kBall;
  fixed["motion"] = "fixed";
  EXPECT_NE(error_of(cutcell_scene(fixed)).find("/solids/0/motion"), std::string::npos) << error_of(cutcell_scene(fixed));
  json scripted = json::parse(R"({"type": "volume", "geometry": {"type": "box", "min": [0.25, 0.1, 0.02],
                                  "max": [0.3, 0.15, 0.07], "resolution": 3},
                                  "pinned": {"indices": [0], "velocity": [0.1, 0, 0]}})");
  EXPECT_NE(error_of(cutcell_scene(scripted)).find("/solids/0/pinned"), std::string::npos)
      << error_of(cutcell_scene(scripted));
}

TEST(CutCellScene, RefusesExtremeDensitiesAndBodiesOutsideTheDomain) {
  for (double density : {2e5, 1e-4}) {
    json ball = kBall;
    ball["density"] = density;
    EXPECT_NE(error_of(cutcell_scene(ball)).find("/solids/0/density: density"), std::string::npos)
        << error_of(cutcell_scene(ball));
  }
  json out = kBall;
  out["geometry"]["center"] = json::array({0.39, 0.2, 0.05});
  EXPECT_NE(error_of(cutcell_scene(out)).find("starts partly outside the domain"), std::string::npos)
      << error_of(cutcell_scene(out));
}

TEST(CutCellScene, OpenRigidMeshIsRefusedAndTheProgramExitsWith2) {
  const auto dir = test::temp_dir("cutcell_open_mesh");
  // A cube missing its top face: not watertight.
  const std::string obj = test::write_text(
      dir / "open.obj",
      "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
      "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 1 5 8 4\nf 2 3 7 6\n");
  json j = cutcell_scene(json::parse(R"({"type": "rigid", "geometry": {"type": "mesh", "file": "open.obj",
                                           "scale": 0.05, "translate": [0.25, 0.15, 0.02]}})"));
  const std::string scene = test::write_text(dir / "scene.json", j.dump());
  const int rc = test::run_ripple("run " + scene + " --out " + (dir / "out").string(), (dir / "log.txt").string());
  EXPECT_EQ(rc, 2);
  const std::string log = test::read_text(dir / "log.txt");
  EXPECT_NE(log.find("not a closed 2-manifold"), std::string::npos) << log;
}
