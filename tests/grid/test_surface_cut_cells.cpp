#include <gtest/gtest.h>

#include <map>

#include "ripple/grid/surface_cut_cells.hpp"
#include "ripple/solid/mesh_generators.hpp"

using namespace ripple;

namespace {

GridGeometry unit_grid(int n) {
  GridGeometry g;
  g.n = Vec3i::Constant(n);
  g.dx = 1.0 / n;
  return g;
}

Vec3 centroid_of(const SurfacePiece& p, const SurfaceGeometry& s) {
  const auto& t = s.triangles[p.triangle];
  return p.barycentric[0] * s.vertices[t[0]] + p.barycentric[1] * s.vertices[t[1]] + p.barycentric[2] * s.vertices[t[2]];
}

}  // namespace

TEST(SurfaceCutCells, SphereAreasCentroidsAndEnclosedVolume) {
  const GridGeometry g = unit_grid(17);
  const SurfaceGeometry s = sphere_surface(Vec3(0.51, 0.48, 0.5), 0.31, 3);
  const std::vector<SurfacePiece> pieces = cut_surface_by_cells(s.vertices, s.triangles, g);
  double area = 0.0, mesh_area = 0.0, volume = 0.0, mesh_volume = 0.0;
  Vec3 normal_sum = Vec3::Zero();
  for (const auto& t : s.triangles) {
    const Vec3 &A = s.vertices[t[0]], &B = s.vertices[t[1]], &C = s.vertices[t[2]];
    mesh_area += 0.5 * (B - A).cross(C - A).norm();
    mesh_volume += A.dot(B.cross(C)) / 6.0;
  }
  for (size_t i = 0; i < pieces.size(); ++i) {
    const SurfacePiece& p = pieces[i];
    if (i > 0) {
      EXPECT_LE(pieces[i - 1].cell, p.cell);
    }
    area += p.area;
    normal_sum += p.area * p.normal;
    EXPECT_NEAR(p.barycentric.sum(), 1.0, 1e-12);
    EXPECT_GE(p.barycentric.minCoeff(), -1e-9);
    // The centroid lies in its cell.
    const Vec3 c = centroid_of(p, s);
    const Vec3i I = ((c - g.origin) / g.dx).array().floor().cast<int>();
    EXPECT_EQ(I.x() + g.n.x() * (I.y() + g.n.y() * I.z()), p.cell);
    // Divergence theorem: V = 1/3 sum a (c . n_out), exact for planar pieces.
    volume -= p.area * c.dot(p.normal) / 3.0;
  }
  EXPECT_GT(pieces.size(), s.triangles.size());
  EXPECT_NEAR(area, mesh_area, 1e-12);
  EXPECT_NEAR(volume, mesh_volume, 1e-12);
  EXPECT_LT(normal_sum.norm(), 1e-12);  // a closed surface
}

TEST(SurfaceCutCells, FacesInGridPlanesGoToTheOuterCellOnly) {
  const GridGeometry g = unit_grid(10);
  const SurfaceGeometry b = box_surface(Vec3(0.2, 0.3, 0.2), Vec3(0.6, 0.7, 0.5));
  std::map<int64_t, double> area_per_cell;
  for (const SurfacePiece& p : cut_surface_by_cells(b.vertices, b.triangles, g)) {
    area_per_cell[p.cell] += p.area;
    const Vec3i I(p.cell % 10, (p.cell / 10) % 10, p.cell / 100);
    // The cell lies outside the box on the side the piece faces: n (into the solid) points
    // from the cell's centre towards the box.
    const Vec3 centre = g.cell_center(I.x(), I.y(), I.z());
    int axis = 0;
    p.normal.cwiseAbs().maxCoeff(&axis);
    EXPECT_NEAR(std::abs(p.normal[axis]), 1.0, 1e-12);
    const double face = p.normal[axis] > 0 ? Vec3(0.2, 0.3, 0.2)[axis] : Vec3(0.6, 0.7, 0.5)[axis];
    EXPECT_NEAR(face - centre[axis], p.normal[axis] * 0.5 * g.dx, 1e-12);
  }
  // Every face cell gets exactly one cell's face area: 2 (4x3 + 4x4 + 3x4) cells.
  EXPECT_EQ(area_per_cell.size(), 2u * (12 + 16 + 12));
  for (const auto& [cell, a] : area_per_cell) EXPECT_NEAR(a, g.dx * g.dx, 1e-12) << cell;
}
