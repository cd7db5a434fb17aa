#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/scene/scene_schema.hpp"

using namespace ripple;
using nlohmann::json;

namespace {
std::string error_of(const json& j) { return test::input_error_of(j); }
}  // namespace

TEST(Schema, DefaultsAreFilledIn) {
  const Scene s = test::scene_from(test::small_scene());
  EXPECT_DOUBLE_EQ(s.fluid.density, 1000.0);
  EXPECT_EQ(s.fluid.representation, LiquidRepresentation::Apic);
  EXPECT_DOUBLE_EQ(s.gravity.y(), -9.81);
  EXPECT_EQ(s.pressure.preconditioner, PressurePreconditioner::Multigrid);
  EXPECT_EQ(s.resolved["solver"]["pressure"]["tolerance"], 1e-6);
  EXPECT_EQ(s.grid.n, Vec3i(16, 12, 4));
  EXPECT_NEAR(s.grid.dx, 0.025, 1e-15);
}

TEST(Schema, UnknownKeyNamesPointerAndSuggests) {
  json j = test::small_scene();
  j["fluid"]["densty"] = 998;
  const std::string e = error_of(j);
  EXPECT_NE(e.find("/fluid/densty"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean \"density\""), std::string::npos) << e;
}

TEST(Schema, WrongTypeOutOfRangeAndUnknownOption) {
  json j = test::small_scene();
  j["time"]["fps"] = "thirty";
  EXPECT_NE(error_of(j).find("/time/fps: expected a number"), std::string::npos);
  j = test::small_scene();
  j["fluid"]["density"] = -5;
  EXPECT_NE(error_of(j).find("/fluid/density: value -5 must be > 0"), std::string::npos) << error_of(j);
  j = test::small_scene();
  j["fluid"]["representation"] = "aipc";
  const std::string e = error_of(j);
  EXPECT_NE(e.find("/fluid/representation: unknown option \"aipc\""), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean \"apic\""), std::string::npos) << e;
}

TEST(Schema, MissingRequiredKeyAndBadShapeType) {
  json j = test::small_scene();
  j["fluid"]["regions"][0].erase("max");
  EXPECT_NE(error_of(j).find("/fluid/regions/0/max: required key is missing"), std::string::npos) << error_of(j);
  j = test::small_scene();
  j["fluid"]["regions"][0]["type"] = "cube";
  EXPECT_NE(error_of(j).find("/fluid/regions/0/type: unknown option \"cube\""), std::string::npos) << error_of(j);
}

TEST(Schema, ReportsEveryProblemAtOnce) {
  json j = test::small_scene();
  j["time"]["cfl"] = -1;
  j["gravity"] = {0, "down", 0};
  const std::string e = error_of(j);
  EXPECT_NE(e.find("2 problems"), std::string::npos) << e;
  EXPECT_NE(e.find("/gravity/1"), std::string::npos) << e;
}

TEST(Schema, MalformedJsonReportsLineAndColumn) {
  try {
    parse_json_text("{\n  \"time\": {\"end\": 1,,}\n}", "bad.json");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.json:2:"), std::string::npos) << e.what();
  }
}

TEST(Schema, DocsAreInStepWithTheSchema) {
  const std::string doc = test::read_text(std::string(RIPPLE_SOURCE_DIR) + "/docs/scene-format.md");
  EXPECT_EQ(doc, scene_format_markdown())
      << "docs/scene-format.md is stale: regenerate with `build/ripple schema > docs/scene-format.md`";
}
