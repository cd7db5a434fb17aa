// Scenes with Lagrangian solids through the scene loader and the `ripple` binary: bad input
// exits 2 naming the key and primitive, a run keeps every contact invariant, resume is exact.
#include <gtest/gtest.h>

#include "../test_support.hpp"

using namespace ripple;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

json solids_scene() {
  return json::parse(R"({
    "domain": {"min": [-0.3, 0, -0.3], "max": [0.3, 0.4, 0.3], "resolution": 8},
    "time": {"end": 0.3, "fps": 20, "max_dt": 0.01},
    "solids": [
      {"type": "rigid", "name": "block", "motion": "fixed", "geometry": {"type": "box", "min": [-0.1, 0, -0.1], "max": [0.1, 0.1, 0.1]}},
      {"type": "shell", "name": "cloth", "geometry": {"type": "grid", "center": [0, 0.13, 0], "width": 0.3, "depth": 0.3, "resolution": 10}},
      {"type": "rod", "name": "thread", "geometry": {"type": "polyline", "points": [[-0.2, 0.25, 0], [0.2, 0.25, 0]], "segments": 8},
       "pinned": {"indices": [0]}},
      {"type": "volume", "name": "jelly", "geometry": {"type": "box", "min": [0.15, 0.02, 0.15], "max": [0.25, 0.08, 0.25], "resolution": 2}},
      {"type": "rigid", "name": "pebble", "geometry": {"type": "sphere", "center": [-0.2, 0.1, -0.2], "radius": 0.04, "subdivisions": 1}}
    ],
    "contact": {"dhat": 2e-3},
    "output": {"preview": {"enabled": false}, "checkpoint_every": 2}
  })");
}

std::string load_error(const json& j) {
  try {
    test::scene_from(j);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(SolidScenes, BadInputNamesKeyAndPrimitive) {
  json j = solids_scene();
  j["solids"][2]["pinned"]["indices"] = {42};
  EXPECT_NE(load_error(j).find("/solids/2/pinned/indices/0: vertex index 42 is out of range"), std::string::npos)
      << load_error(j);
  j = solids_scene();
  j["solids"][1]["young"] = -5;
  EXPECT_NE(load_error(j).find("/solids/1/young"), std::string::npos);
  j = solids_scene();
  j["solids"][2]["pinned"] = {{"regions", {{{"min", {5, 5, 5}}, {"max", {6, 6, 6}}}}}};
  EXPECT_NE(load_error(j).find("contains no vertex"), std::string::npos) << load_error(j);
  j = solids_scene();
  j["solids"][0]["geometry"]["type"] = "cone";
  EXPECT_NE(load_error(j).find("/solids/0/geometry"), std::string::npos) << load_error(j);
  // Meshes: duplicate vertices, zero-area triangles, open rigid surfaces.
  const auto dir = test::temp_dir("solid_bad_mesh");
  test::write_text(dir / "dup.obj", "v 0 0 0\nv 1 0 0\nv 0 0 1\nv 1 0 0\nf 1 2 3\nf 2 4 3\n");
  test::write_text(dir / "flat.obj", "v 0 0 0\nv 1 0 0\nv 2 0 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\n");
  test::write_text(dir / "open.obj", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n");
  j = solids_scene();
  j["solids"][1]["geometry"] = {{"type", "mesh"}, {"file", (dir / "dup.obj").string()}};
  EXPECT_NE(load_error(j).find("duplicates"), std::string::npos) << load_error(j);
  j["solids"][1]["geometry"]["file"] = (dir / "flat.obj").string();
  EXPECT_NE(load_error(j).find("zero area"), std::string::npos) << load_error(j);
  // A shell edge on three triangles (a fin on a sheet).
  test::write_text(dir / "fin.obj", "v 0 0 0\nv 1 0 0\nv 0.5 0 1\nv 0.5 1 0.5\nv 0.5 -1 0.5\nf 1 2 3\nf 1 2 4\nf 1 2 5\n");
  j["solids"][1]["geometry"]["file"] = (dir / "fin.obj").string();
  EXPECT_NE(load_error(j).find("edge (vertices 0, 1) borders three or more triangles"), std::string::npos) << load_error(j);
  j = solids_scene();
  j["solids"][0]["geometry"] = {{"type", "mesh"}, {"file", (dir / "open.obj").string()}};
  EXPECT_NE(load_error(j).find("not a closed 2-manifold"), std::string::npos) << load_error(j);
  // Per-pair friction: unknown names, and walls when the domain has none, are named.
  j = solids_scene();
  j["contact"]["pairs"] = json::parse(R"([{"bodies": ["cloth", "block"], "friction": 0.8}, {"bodies": ["cloth", "blok"]}])");
  EXPECT_NE(load_error(j).find("/contact/pairs/1/bodies/1: no solid named \"blok\""), std::string::npos) << load_error(j);
  j["contact"]["pairs"][1]["bodies"] = {"cloth"};
  EXPECT_NE(load_error(j).find("/contact/pairs/1/bodies"), std::string::npos) << load_error(j);
  j["contact"]["pairs"][1]["bodies"] = {"cloth", "domain_walls"};
  EXPECT_EQ(load_error(j), "");  // closed domain: the walls are a solid
  for (const char* side : {"x_min", "x_max", "y_min", "y_max", "z_min", "z_max"}) j["domain"]["boundary"][side] = "open";
  EXPECT_NE(load_error(j).find("no solid named \"domain_walls\""), std::string::npos) << load_error(j);
}

TEST(SolidScenes, RotationAndTetSphereGeometry) {
  json j = solids_scene();
  // The cloth (0.3 m square at y = 0.13) turned 90 degrees about x stands upright, same centre.
  j["solids"][1]["geometry"]["center"] = {0, 0.25, 0};
  j["solids"][1]["rotation"] = {{"axis", {2, 0, 0}}, {"degrees", 90}};
  j["solids"][3]["geometry"] = {{"type", "sphere"}, {"center", {0.2, 0.06, 0.2}}, {"radius", 0.04}, {"resolution", 3}};
  const Scene s = test::scene_from(j);
  Aabb box;
  for (const Vec3& p : s.lagrangian_solids[1].vertices) box.extend(p);
  EXPECT_NEAR(box.hi.y() - box.lo.y(), 0.3, 1e-12);
  EXPECT_NEAR(box.hi.z() - box.lo.z(), 0.0, 1e-12);
  EXPECT_NEAR(0.5 * (box.hi.y() + box.lo.y()), 0.25, 1e-12);
  const auto& ball = s.lagrangian_solids[3];
  EXPECT_EQ(ball.tets.size(), 6u * 27);
  for (const Vec3& p : ball.vertices) EXPECT_LE((p - Vec3(0.2, 0.06, 0.2)).norm(), 0.04 + 1e-12);
  j["solids"][1]["rotation"]["axis"] = {0, 0, 0};
  EXPECT_NE(load_error(j).find("/solids/1/rotation/axis: must not be zero"), std::string::npos) << load_error(j);
}

TEST(SolidScenes, StartingInContactIsRefused) {
  const auto dir = test::temp_dir("solid_contact");
  json j = solids_scene();
  j["solids"][1]["geometry"]["center"] = {0, 0.1, 0};  // cloth lying on the block's top face
  const std::string scene = test::write_text(dir / "s.json", j.dump());
  EXPECT_EQ(test::run_ripple("run " + scene + " --quiet --out " + (dir / "o").string(), (dir / "r.log").string()), 2);
  const std::string log = test::read_text(dir / "r.log");
  EXPECT_NE(log.find("start in contact"), std::string::npos) << log;
  // `validate` refuses what `run` refuses.
  EXPECT_EQ(test::run_ripple("validate " + scene, (dir / "v.log").string()), 2);
  EXPECT_NE(test::read_text(dir / "v.log").find("start in contact"), std::string::npos) << test::read_text(dir / "v.log");
  EXPECT_NE(log.find("\"cloth\""), std::string::npos) << log;
  EXPECT_NE(log.find("\"block\""), std::string::npos) << log;
}

TEST(SolidScenes, RunKeepsContactInvariantsAndResumesExactly) {
  const auto dir = test::temp_dir("solid_run");
  const std::string scene = test::write_text(dir / "s.json", solids_scene().dump());
  const std::string a = (dir / "a").string(), b = (dir / "b").string();
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --out " + a, (dir / "a.log").string()), 0)
      << test::read_text(dir / "a.log");
  EXPECT_TRUE(fs::exists(fs::path(a) / "solid_cloth_0000.ply"));
  EXPECT_FALSE(fs::exists(fs::path(a) / "liquid_0000.ply"));  // no liquid, no empty liquid meshes
  std::istringstream stats(test::read_text(fs::path(a) / "stats.jsonl"));
  std::string line;
  int frames = 0;
  bool touched = false;
  double first_energy = 0.0;
  while (std::getline(stats, line)) {
    const auto s = json::parse(line);
    for (const char* k : {"newton_iterations", "line_search_steps", "min_contact_distance", "intersecting_pairs",
                          "inverted_elements", "solid_kinetic_energy", "solid_elastic_energy", "solid_potential_energy",
                          "total_energy", "bodies", "linear_solver"})
      EXPECT_TRUE(s.contains(k)) << k;
    // No liquid: the total is the solids' three energies, and implicit Euler with contact and
    // friction never adds energy to the frame 0 total.
    const double total = s["total_energy"].get<double>();
    EXPECT_NEAR(total,
                s["solid_kinetic_energy"].get<double>() + s["solid_elastic_energy"].get<double>() +
                    s["solid_potential_energy"].get<double>(),
                1e-12 * std::abs(total));
    if (frames == 0) first_energy = total;
    EXPECT_LE(total, first_energy + 1e-9 * std::abs(first_energy)) << line;
    EXPECT_EQ(s["intersecting_pairs"], 0) << line;
    EXPECT_EQ(s["inverted_elements"], 0) << line;
    if (!s["min_contact_distance"].is_null()) {
      EXPECT_GT(s["min_contact_distance"].get<double>(), 0.0) << line;
    }
    EXPECT_EQ(s["newton_unconverged"], 0) << line;
    EXPECT_EQ(s["bodies"].size(), 5u);
    touched = touched || (!s["min_contact_distance"].is_null() && s["min_contact_distance"].get<double>() < 2e-3);
    ++frames;
  }
  EXPECT_EQ(frames, 7);
  EXPECT_TRUE(touched) << "the cloth should reach the block within 0.3 s";
  for (const char* f : {"solid_cloth_0006.ply", "solid_thread_0006.ply", "solid_jelly_0006.ply", "solid_pebble_0006.ply"})
    EXPECT_TRUE(fs::exists(fs::path(a) / f)) << f;
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --frames 3 --out " + b, (dir / "b.log").string()), 0);
  ASSERT_EQ(test::run_ripple("run " + scene + " --quiet --resume " + b + " --threads 1", (dir / "c.log").string()), 0)
      << test::read_text(dir / "c.log");
  EXPECT_EQ(test::read_text(fs::path(a) / "solid_cloth_0006.ply"), test::read_text(fs::path(b) / "solid_cloth_0006.ply"));
  EXPECT_EQ(test::read_text(fs::path(a) / "solid_pebble_0006.ply"), test::read_text(fs::path(b) / "solid_pebble_0006.ply"));
}
