#pragma once
// The solids as the liquid sees them on the grid: a signed distance at grid nodes, the open
// fraction of every face (cut cells, Batty et al. 2007) and the solid velocity at faces.
// Domain walls are closed faces on the boundary; open sides stay open.
#include <array>

#include "ripple/grid/mac_velocity.hpp"
#include "ripple/scene/scene.hpp"
#include "ripple/solid/obstacle_field.hpp"

namespace ripple {

/// Which domain sides are closed walls (x_min, x_max, y_min, y_max, z_min, z_max); the others
/// are open (p = 0 outside, liquid leaves).
using WallSides = std::array<bool, 6>;
WallSides wall_sides(const Scene& scene);

struct SolidBoundary {
  ScalarGrid node_phi;                 ///< m, negative inside solids (nodes)
  std::array<ScalarGrid, 3> face_open; ///< in [0, 1], 1 = fully open to liquid
  MacVelocity velocity;                ///< solid velocity at faces (m/s)
  bool has_obstacles = false;
};

/// Recomputes the solid boundary for obstacles at time t (the two steps below).
void update_solid_boundary(SolidBoundary& sb, const GridGeometry& grid, const WallSides& walls,
                           const ObstacleField& obstacles, double t);

/// node_phi from the obstacles at time t (+1e30 everywhere without obstacles).
void sample_obstacle_phi(SolidBoundary& sb, const GridGeometry& grid, const ObstacleField& obstacles, double t);

/// Face fractions from node_phi (and the domain walls); the obstacles' velocity on faces that
/// a solid closes in part, within a cell of an obstacle (zero elsewhere: other solids set
/// theirs). Fractions below 0.01 close the face; above `open_above` they open it fully.
void update_face_fractions(SolidBoundary& sb, const GridGeometry& grid, const WallSides& walls,
                           const ObstacleField& obstacles, double t, double open_above = 1.0);

/// Fraction of a square face inside the solid from its four corner values (bilinear split
/// into four triangles around the centre, each exact for linear data).
double face_fraction_inside(double p00, double p10, double p01, double p11);

/// Fraction of a triangle where the linear interpolant of corner values is negative.
double triangle_fraction_inside(double a, double b, double c);

/// Signed distance to the solids at p, interpolated from node samples.
double solid_phi_at(const SolidBoundary& sb, const GridGeometry& g, const Vec3& p);

}  // namespace ripple
