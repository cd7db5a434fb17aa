// Scenes the slip method cannot run are refused when loaded (exit 2), naming the key.
#include <gtest/gtest.h>

#include "../../test_support.hpp"

using namespace ripple;
using nlohmann::json;

namespace {

json with_solid(const json& solid, const std::string& representation) {
  json j = test::small_scene();
  j["fluid"]["representation"] = representation;
  j["solids"] = json::array({solid});
  j["coupling"]["method"] = "slip";
  return j;
}

}  // namespace

TEST(SlipSettings, RodsAreRefusedShellsAreNot) {
  const json rod = json::parse(R"({"type": "rod", "name": "hair",
      "geometry": {"type": "polyline", "points": [[0.2, 0.25, 0.05], [0.3, 0.25, 0.05]]}})");
  const json sheet = json::parse(R"({"type": "shell", "name": "sheet",
      "geometry": {"type": "grid", "center": [0.3, 0.25, 0.05], "width": 0.08, "depth": 0.06, "resolution": 4}})");
  const std::string rod_error = test::input_error_of(with_solid(rod, "apic"));
  EXPECT_NE(rod_error.find("/solids/0/type"), std::string::npos) << rod_error;
  EXPECT_NE(rod_error.find("solid \"hair\" is a rod, which only \"barrier\" couples"), std::string::npos) << rod_error;
  // A level set is advected collidably: with shells it is accepted as particles are.
  EXPECT_EQ(test::input_error_of(with_solid(sheet, "levelset")), "");
  EXPECT_EQ(test::input_error_of(with_solid(sheet, "apic")), "");
}

TEST(SlipSettings, AGasWithSolidsNeedsAnOpenSide) {
  const json sheet = json::parse(R"({"type": "shell", "name": "sheet",
      "geometry": {"type": "grid", "center": [0.3, 0.25, 0.05], "width": 0.08, "depth": 0.06, "resolution": 4}})");
  json closed = with_solid(sheet, "gas");
  closed["fluid"]["regions"] = json::array();
  const std::string error = test::input_error_of(closed);
  EXPECT_NE(error.find("/domain/boundary"), std::string::npos) << error;
  json open = closed;
  open["domain"]["boundary"] = {{"y_max", "open"}};
  EXPECT_EQ(test::input_error_of(open), "");
}
