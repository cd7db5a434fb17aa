// Gmsh tetrahedral meshes: ASCII 2.2 and 4.1 read the same tets; bad files are named.
#include <gtest/gtest.h>

#include "../test_support.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/io/gmsh_reader.hpp"

namespace ripple {
namespace {

const char* kMsh22 = R"($MeshFormat
2.2 0 8
$EndMeshFormat
$Nodes
6
10 0 0 0
11 1 0 0
12 0 1 0
13 0 0 1
14 1 1 1
15 9 9 9
$EndNodes
$Elements
3
1 2 2 0 1 10 11 12
2 4 2 0 1 10 11 12 13
3 4 2 0 1 11 12 13 14
$EndElements
)";

const char* kMsh41 = R"($MeshFormat
4.1 0 8
$EndMeshFormat
$Nodes
1 5 10 14
3 1 0 5
10
11
12
13
14
0 0 0
1 0 0
0 1 0
0 0 1
1 1 1
$EndNodes
$Elements
2 3 1 3
2 1 2 1
1 10 11 12
3 1 4 2
2 10 11 12 13
3 11 12 13 14
$EndElements
)";

TEST(GmshReader, ReadsFormats22And41) {
  const auto dir = test::temp_dir("gmsh");
  for (const char* text : {kMsh22, kMsh41}) {
    const TetMesh m = read_gmsh_tets(test::write_text(dir / "m.msh", text));
    ASSERT_EQ(m.tets.size(), 2u);
    EXPECT_EQ(m.vertices.size(), 5u);  // the unused node 15 is dropped, the triangle ignored
    EXPECT_EQ(m.vertices[m.tets[0][1]], Vec3(1, 0, 0));
    EXPECT_EQ(m.vertices[m.tets[1][3]], Vec3(1, 1, 1));
  }
}

TEST(GmshReader, BadFilesAreNamed) {
  const auto dir = test::temp_dir("gmsh_bad");
  auto error_of = [&](const std::string& text) {
    try {
      read_gmsh_tets(test::write_text(dir / "bad.msh", text));
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error_of("$MeshFormat\n4.1 1 8\n$EndMeshFormat\n").find("binary"), std::string::npos);
  EXPECT_NE(error_of("$MeshFormat\n3.0 0 8\n$EndMeshFormat\n").find("not supported"), std::string::npos);
  EXPECT_NE(error_of("hello\n").find("not a Gmsh mesh"), std::string::npos);
  EXPECT_NE(error_of("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 0\n").find("bad.msh:6"), std::string::npos);
  EXPECT_NE(error_of("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 0 0\n$EndNodes\n$Elements\n1\n1 4 0 1 2 3 4\n$EndElements\n")
                .find("unknown node"),
            std::string::npos);
  EXPECT_THROW(read_gmsh_tets((dir / "missing.msh").string()), InputError);
}

TEST(GmshReader, InvertedTetInASceneIsRefused) {
  const auto dir = test::temp_dir("gmsh_scene");
  // Tet 2 of the 2.2 file with two nodes swapped: inverted.
  std::string text = kMsh22;
  text.replace(text.find("2 4 2 0 1 10 11 12 13"), 21, "2 4 2 0 1 11 10 12 13");
  test::write_text(dir / "inv.msh", text);
  auto j = nlohmann::json::parse(R"({
    "domain": {"min": [-1, -1, -1], "max": [2, 2, 2], "resolution": 8},
    "solids": [{"type": "volume", "geometry": {"type": "msh", "file": "inv.msh"}}]
  })");
  try {
    test::scene_from(j, dir.string());
    FAIL() << "expected an error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("/solids/0/geometry: tetrahedron 0 is inverted"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ripple
