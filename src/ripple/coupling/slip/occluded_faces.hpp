#pragma once
// Occluded faces (Robinson-Mosher et al. 2009, Sec. 3.1): an interior grid face whose
// visibility ray, from the centre of the cell on one side to the centre of the cell on the
// other, meets the slip surface. Each carries the surface's normal and the weights that map the
// surface's vertex velocities to one solid velocity there (the operator J of Appendix A, over
// the triangles clipped to the face's dual cell).
//
// The normal: the paper averages the normals of every triangle in the dual cell, by area. Near
// a sharp edge that tilts the normal of a flat face by up to 45 degrees, and the constraint
// forces then push a body sideways in still water (a cube of 6 cells, placed off the grid's
// symmetry, felt a sideways force of 77 % of its buoyancy). ripple averages, by their area in
// the dual cell, the normals of the triangles the face's own ray crosses: the surface the
// constraint is about.
#include <array>
#include <utility>
#include <vector>

#include "ripple/coupling/slip/surface_bins.hpp"
#include "ripple/grid/array3.hpp"

namespace ripple {

struct OccludedFace {
  int axis = 0;
  Vec3i face = Vec3i::Zero();  ///< face index: lower cell face - e_axis, upper cell face
  Vec3 normal = Vec3::UnitX(); ///< unit; oriented so that normal[axis] >= 0
  /// Per side (0 lower, 1 upper): the part of the ray between that side's cell centre and the
  /// nearest crossing, in [0, 1]: the share of the face's control volume that is on that side.
  std::array<double, 2> side_fraction{0.5, 0.5};
  /// (surface vertex, weight), weights summing to 1: J of Appendix A.
  std::vector<std::pair<int, double>> weights;
  /// J V_s: the solid's velocity at this face (m/s).
  Vec3 solid_velocity(const SlipSurface& s) const;
};

struct OccludedFaces {
  std::array<Array3<int32_t>, 3> index;  ///< per face: into `faces`, -1 when not occluded
  std::vector<OccludedFace> faces;
  int32_t at(int axis, const Vec3i& f) const { return index[axis](f.x(), f.y(), f.z()); }
};

/// Casts every interior face's visibility ray; builds normals and J weights of the occluded ones.
OccludedFaces find_occluded_faces(const SurfaceBins& bins);

/// The triangles that the visibility ray of interior face (axis, f) meets.
std::vector<int> crossed_triangles(const SurfaceBins& bins, int axis, const Vec3i& f);

/// OccludedFace::side_fraction from the crossed triangles.
std::array<double, 2> crossing_fractions(const SurfaceBins& bins, int axis, const Vec3i& f,
                                         const std::vector<int>& crossed);

/// Normal and J weights of the surface inside the dual cell of face (axis, f): the triangles
/// clipped to the cell, each sub-triangle's area times the barycentric coordinates of its
/// centroid (Appendix A); the normal from the pieces of `crossed` only (all when empty). False
/// when no surface lies in the cell.
bool dual_cell_surface(const SurfaceBins& bins, int axis, const Vec3i& f, const std::vector<int>& crossed,
                       Vec3& normal, std::vector<std::pair<int, double>>& weights);

}  // namespace ripple
