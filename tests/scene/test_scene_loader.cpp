#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/scene/scene_loader.hpp"

using namespace ripple;
using nlohmann::json;

namespace {
std::string error_of(const json& j, const std::string& base = ".") { return test::input_error_of(j, base); }
const char* kCubeObj =
    "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
    "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 4 8 7 3\nf 1 5 8 4\nf 2 3 7 6\n";
}  // namespace

TEST(SceneLoader, DomainMustHavePositiveExtent) {
  json j = test::small_scene();
  j["domain"]["max"][1] = 0.0;
  EXPECT_NE(error_of(j).find("/domain: min must be below max"), std::string::npos) << error_of(j);
}

TEST(SceneLoader, DxAndResolutionAreExclusive) {
  json j = test::small_scene();
  j["domain"]["dx"] = 0.01;
  EXPECT_NE(error_of(j).find("either dx or resolution"), std::string::npos);
  j["domain"].erase("resolution");
  j["domain"]["dx"] = 0.0;
  EXPECT_NE(error_of(j).find("/domain/dx: value 0 must be > 0"), std::string::npos) << error_of(j);
}

TEST(SceneLoader, RegionOutsideDomainAndEmptyLiquidAreErrors) {
  json j = test::small_scene();
  j["fluid"]["regions"][0] = json::parse(R"({"type": "sphere", "center": [5, 5, 5], "radius": 0.1})");
  EXPECT_NE(error_of(j).find("/fluid/regions/0: liquid region lies entirely outside"), std::string::npos);
  j["fluid"]["regions"] = json::array();
  EXPECT_NE(error_of(j).find("nothing to simulate"), std::string::npos);
}

TEST(SceneLoader, MeshesResolveRelativeToSceneAndMustBeClosed) {
  const auto dir = test::temp_dir("meshes");
  test::write_text(dir / "cube.obj", kCubeObj);
  json j = test::small_scene();
  j["solids"] = json::parse(R"([{"type": "mesh", "file": "cube.obj", "scale": 0.05, "translate": [0.2, 0, 0]}])");
  const Scene s = test::scene_from(j, dir.string());
  ASSERT_EQ(s.obstacles.size(), 1u);
  EXPECT_NEAR(s.obstacles[0].shape.mesh->signed_volume(), 0.05 * 0.05 * 0.05, 1e-12);

  j["solids"][0]["file"] = "missing.obj";
  EXPECT_NE(error_of(j, dir.string()).find("cannot open mesh file"), std::string::npos);

  std::string open_cube = kCubeObj;
  open_cube = open_cube.substr(0, open_cube.rfind("f 2"));  // drop one face
  test::write_text(dir / "open.obj", open_cube);
  j["solids"][0]["file"] = "open.obj";
  EXPECT_NE(error_of(j, dir.string()).find("not a closed 2-manifold"), std::string::npos) << error_of(j, dir.string());

  std::string inverted = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
                         "f 1 2 3 4\nf 5 8 7 6\nf 1 5 6 2\nf 4 3 7 8\nf 1 4 8 5\nf 2 6 7 3\n";
  test::write_text(dir / "inverted.obj", inverted);
  j["solids"][0]["file"] = "inverted.obj";
  EXPECT_NE(error_of(j, dir.string()).find("inverted"), std::string::npos) << error_of(j, dir.string());
}

TEST(SceneLoader, AbsurdSizesAreRefusedBeforeAllocating) {
  json j = test::small_scene();
  j["domain"]["resolution"] = 4000;
  j["domain"]["max"] = {1, 1, 1};
  const std::string e = error_of(j);
  EXPECT_NE(e.find("this scene needs about"), std::string::npos) << e;
}

TEST(SceneLoader, OverridesApplyBeforeValidation) {
  const auto dir = test::temp_dir("overrides");
  const std::string path = test::write_text(dir / "s.json", test::small_scene().dump());
  const Scene s = load_scene_file(path, {{"/time/end", "0.5"}, {"/fluid/representation", "flip"}});
  EXPECT_DOUBLE_EQ(s.time.end, 0.5);
  EXPECT_EQ(s.fluid.representation, LiquidRepresentation::Flip);
  EXPECT_THROW(load_scene_file(path, {{"/time/end", "-1"}}), InputError);
  EXPECT_THROW(load_scene_file((dir / "nope.json").string()), InputError);
}

TEST(SceneLoader, ObstaclesTurnByTheirRotationAboutTheirCentre) {
  json j = test::small_scene();
  j["solids"] = json::parse(R"([{"type": "box", "name": "ramp", "min": [0.1, 0.0, 0.0], "max": [0.3, 0.02, 0.1],
                                 "rotation": {"axis": [0, 0, 1], "degrees": 90}}])");
  const Scene s = test::scene_from(j);
  ASSERT_EQ(s.obstacles.size(), 1u);
  const ShapeDesc& shape = s.obstacles[0].shape;
  ASSERT_EQ(shape.kind, ShapeDesc::Kind::Mesh);  // a turned box is its faces' mesh
  const Aabb b = shape.bounds();
  // The 0.2 x 0.02 slab turned a quarter about z around its centre (0.2, 0.01): 0.02 x 0.2.
  EXPECT_NEAR(b.lo.x(), 0.19, 1e-12);
  EXPECT_NEAR(b.hi.x(), 0.21, 1e-12);
  EXPECT_NEAR(b.lo.y(), -0.09, 1e-12);
  EXPECT_NEAR(b.hi.y(), 0.11, 1e-12);
  EXPECT_GT(shape.mesh->signed_volume(), 0.0);  // still facing outwards
  j["solids"][0]["rotation"]["axis"] = json::array({0, 0, 0});
  EXPECT_NE(error_of(j).find("/solids/0/rotation/axis: must not be zero"), std::string::npos) << error_of(j);
}

TEST(SceneLoader, DeeplyNestedJsonIsRefusedNotACrash) {
  // 300000 nested arrays once overflowed the stack while the value was copied.
  const std::string deep = std::string(300000, '[') + std::string(300000, ']');
  std::string message;
  try {
    parse_json_text(deep, "deep.json");
  } catch (const InputError& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("deep.json:1:129"), std::string::npos) << message;
  EXPECT_NE(message.find("nested deeper than 128 levels"), std::string::npos) << message;
  // Brackets inside strings do not count, and 128 levels are fine.
  EXPECT_NO_THROW(parse_json_text(R"({"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["})", "s.json"));
  EXPECT_NO_THROW(parse_json_text(std::string(128, '[') + std::string(128, ']'), "ok.json"));
  // The same through the command line: exit 2, not a crash.
  const auto dir = test::temp_dir("deep_json");
  const std::string path = test::write_text(dir / "deep.json", deep);
  EXPECT_EQ(test::run_ripple("validate " + path, (dir / "log.txt").string()), 2);
  EXPECT_NE(test::read_text(dir / "log.txt").find("nested deeper than 128 levels"), std::string::npos);
}

TEST(SceneLoader, InputMistakesExitTwoWithTheirReason) {
  const auto dir = test::temp_dir("input_mistakes");
  const std::string log = (dir / "log.txt").string();
  json j = test::small_scene();
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  auto run = [&](const std::string& args) {
    const int rc = test::run_ripple(args, log);
    return std::make_pair(rc, test::read_text(log));
  };
  // A number beyond a double's range.
  std::string text = j.dump();
  text.replace(text.find("0.1"), 3, "1e999");
  const std::string big = test::write_text(dir / "big.json", text);
  auto [rc, out] = run("validate " + big);
  EXPECT_EQ(rc, 2);
  EXPECT_NE(out.find("number out of range"), std::string::npos) << out;
  std::tie(rc, out) = run("validate " + scene + " --set /time/end=1e999");
  EXPECT_EQ(rc, 2);
  EXPECT_NE(out.find("--set /time/end: number out of range"), std::string::npos) << out;
  // A pointer that names no key.
  std::tie(rc, out) = run("validate " + scene + " --set /=1");
  EXPECT_EQ(rc, 2);
  EXPECT_NE(out.find("the pointer names no key"), std::string::npos) << out;
  // A directory where a file belongs: the scene, a mesh.
  std::tie(rc, out) = run("validate " + dir.string());
  EXPECT_EQ(rc, 2);
  EXPECT_NE(out.find("it is a directory, not a file"), std::string::npos) << out;
  std::filesystem::create_directories(dir / "meshdir");
  j["solids"] = json::parse(R"([{"type": "mesh", "file": "meshdir"}])");
  const std::string mesh_scene = test::write_text(dir / "m.json", j.dump());
  std::tie(rc, out) = run("validate " + mesh_scene);
  EXPECT_EQ(rc, 2);
  EXPECT_NE(out.find("/solids/0/file"), std::string::npos) << out;
  EXPECT_NE(out.find("it is a directory, not a file"), std::string::npos) << out;
  // An output directory that is a file.
  test::write_text(dir / "afile", "");
  std::tie(rc, out) = run("run " + scene + " --out " + (dir / "afile").string() + " --frames 1 -q");
  EXPECT_EQ(rc, 2);
  EXPECT_NE(out.find("the output directory is a file"), std::string::npos) << out;
  std::tie(rc, out) = run("run " + scene + " --out " + (dir / "afile" / "sub").string() + " --frames 1 -q");
  EXPECT_EQ(rc, 2);
  EXPECT_NE(out.find("cannot create the output directory"), std::string::npos) << out;
}

TEST(SceneLoader, SolidNamesAreSafeInFileNames) {
  json j = test::small_scene();
  j["solids"] = json::parse(R"([{"type": "box", "name": "ok_name-1.2", "min": [0.2, 0, 0], "max": [0.3, 0.1, 0.1]}])");
  EXPECT_EQ(error_of(j), "");
  for (const std::string& bad : std::vector<std::string>{"../../x", "a/b", "bell\a", "\x1b[31mred", ".hidden", std::string(65, 'n')}) {
    j["solids"][0]["name"] = bad;
    EXPECT_NE(error_of(j).find("/solids/0/name"), std::string::npos) << bad << ": " << error_of(j);
  }
  j["solids"][0]["name"] = "domain_walls";
  EXPECT_NE(error_of(j).find("the walls' name"), std::string::npos) << error_of(j);
}

TEST(SceneLoader, DuplicateKeysAreRefusedNamingThePointer) {
  const std::string text = R"({"domain": {"min": [0, 0, 0], "max": [0.4, 0.3, 0.1], "resolution": 16},
    "fluid": {"density": 1000, "regions": [{"type": "box", "min": [0, 0, 0], "max": [0.1, 0.1, 0.1]}], "density": 10}})";
  try {
    parse_json_text(text, "dup.json");
    FAIL() << "a key given twice was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("dup.json: /fluid/density"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("appears twice"), std::string::npos) << e.what();
  }
  // In an array element, the pointer counts the elements; equal keys in two objects are fine.
  const std::string in_array = R"({"solids": [{"name": "a"}, {"name": "b", "type": "box", "name": "c"}]})";
  try {
    parse_json_text(in_array, "dup.json");
    FAIL() << "a key given twice was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("/solids/1/name"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(parse_json_text(R"({"a": {"x": 1}, "b": {"x": [1, {"x": 2}]}})", "ok.json"));
}

TEST(SceneLoader, LimitsThatCanOnlyBeMistakesGiveTheirReason) {
  json j = test::small_scene();
  j["time"] = {{"end", 1e300}, {"fps", 30}};
  EXPECT_NE(error_of(j).find("/time/end"), std::string::npos) << error_of(j);
  j["time"] = {{"end", 1e5}, {"fps", 1000}};  // 1e8 frames
  EXPECT_NE(error_of(j).find("at most 1000000"), std::string::npos) << error_of(j);
  j["time"] = {{"end", 1e300}, {"fps", 1e-300}};
  EXPECT_NE(error_of(j).find("/time/fps"), std::string::npos) << error_of(j);
  j = test::small_scene();
  j["output"]["preview"]["width"] = 8192;
  EXPECT_NE(error_of(j).find("a larger preview costs"), std::string::npos) << error_of(j);
  // Speeds beyond one cell per min_dt (dx 0.025 m, min_dt 1e-7 s: 2.5e5 m/s).
  j = test::small_scene();
  j["fluid"]["regions"][0]["velocity"] = {1e6, 0, 0};
  EXPECT_NE(error_of(j).find("/fluid/regions/0/velocity"), std::string::npos) << error_of(j);
  j["fluid"]["regions"][0]["velocity"] = {1e4, 0, 0};
  EXPECT_EQ(error_of(j), "");
  j = test::small_scene();
  j["solids"] = json::parse(R"([{"type": "rigid", "name": "fast", "velocity": [0, -1e6, 0],
      "geometry": {"type": "box", "min": [0.2, 0.22, 0.02], "max": [0.26, 0.28, 0.08]}}])");
  EXPECT_NE(error_of(j).find("/solids/0/velocity"), std::string::npos) << error_of(j);
  // Viscosity is implicit: no step limit, even at the schema's largest value.
  j = test::small_scene();
  j["fluid"]["viscosity"] = 1e6;
  EXPECT_EQ(error_of(j), "");
}
