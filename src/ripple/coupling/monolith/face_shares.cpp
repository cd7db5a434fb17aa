#include "ripple/coupling/monolith/face_shares.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>

#include "ripple/core/parallel.hpp"

namespace ripple {

double static_open_share(const SolidBoundary* obstacles, const WallSides& walls, const GridGeometry& g, int a,
                         int64_t f, const Vec3i& I) {
  if (obstacles && obstacles->face_open[a].size() == g.face_dims(a).prod()) return obstacles->face_open[a][f];
  const bool wall = (I[a] == 0 && walls[static_cast<size_t>(2 * a)]) ||
                    (I[a] == g.n[a] && walls[static_cast<size_t>(2 * a + 1)]);
  return wall ? 0.0 : 1.0;
}

FaceShares face_shares(const GridGeometry& g, const std::vector<RigidBody>& bodies, const SolidBoundary* obstacles,
                       const WallSides& walls, const std::array<ScalarGrid, 3>* covered) {
  const double dx = g.dx;
  std::vector<double> reach(bodies.size());  // a body's distance is needed within this of its centre
  for (size_t k = 0; k < bodies.size(); ++k) reach[k] = bounding_radius(bodies[k]) + 2.0 * dx;
  // A body whose volume the shares cannot hold: it reaches out of the grid (its faces there
  // are missing) or shares a face with another body (which takes the face).
  std::unique_ptr<std::atomic<bool>[]> unscalable(new std::atomic<bool>[bodies.size()]);
  for (size_t k = 0; k < bodies.size(); ++k) {
    const Vec3 lo = g.origin, hi = g.origin + dx * g.n.cast<double>();
    const Vec3 c = bodies[k].position;
    const double r = bounding_radius(bodies[k]);
    unscalable[k] = (c.array() - r < lo.array()).any() || (c.array() + r > hi.array()).any();
  }
  FaceShares out;
  std::array<ScalarGrid, 3> others;         // the other bodies' shares of the face (touching bodies)
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    out.fluid[a] = ScalarGrid(fd, 1.0);
    out.body_part[a] = ScalarGrid(fd, 0.0);
    out.body_of[a] = Array3<int>(fd, -1);
    others[a] = ScalarGrid(fd, 0.0);
    const int b1 = (a + 1) % 3, b2 = (a + 2) % 3;
    parallel_for(0, out.fluid[a].size(), [&](int64_t f) {
      const Vec3i I = out.fluid[a].coords(f);
      const Vec3 centre = g.face_center(a, I.x(), I.y(), I.z());
      int covering = -1;  // a body with a share of this face
      double total = 0.0;
      for (size_t k = 0; k < bodies.size(); ++k) {
        const RigidBody& body = bodies[k];
        if ((centre - body.position).norm() > reach[k]) continue;
        const double d = rigid_body_distance(body, centre);
        double s = d <= -dx ? 1.0 : 0.0;
        if (std::abs(d) < dx) {
          // 4 x 4 sub-squares, each from its corners' distances: a box's distance bends at its
          // edges, where one linear fit per face would misjudge the covered part by half.
          constexpr int kSub = 4;
          double sample[kSub + 1][kSub + 1];
          for (int i1 = 0; i1 <= kSub; ++i1)
            for (int i2 = 0; i2 <= kSub; ++i2) {
              Vec3 x = centre;
              x[b1] += dx * (static_cast<double>(i1) / kSub - 0.5);
              x[b2] += dx * (static_cast<double>(i2) / kSub - 0.5);
              sample[i1][i2] = rigid_body_distance(body, x);
            }
          s = 0.0;
          for (int i1 = 0; i1 < kSub; ++i1)
            for (int i2 = 0; i2 < kSub; ++i2)
              s += face_fraction_inside(sample[i1][i2], sample[i1 + 1][i2], sample[i1][i2 + 1], sample[i1 + 1][i2 + 1]);
          s /= kSub * kSub;
        }
        if (s > 0.0) {
          if (covering >= 0) unscalable[k] = unscalable[static_cast<size_t>(covering)] = true;
          covering = static_cast<int>(k);
          total += s;
        }
        if (s > out.body_part[a][f]) {
          out.body_part[a][f] = s;
          out.body_of[a][f] = static_cast<int>(k);
        }
      }
      others[a][f] = total - out.body_part[a][f];
    });
  }
  for (int a = 0; a < 3; ++a) {
    // The shares a body covers along axis a add up to a volume, sum s dx^3 (a midpoint rule over
    // the body's cross-sections), which the hydrostatic pressure lifts: for a body a few cells
    // across it misses the true volume by up to 2 % depending on where the body sits in its
    // cell, a buoyancy error as large as a nearly neutral body's net weight. The shares are
    // scaled so that the sum is the body's volume.
    std::vector<double> full(bodies.size(), 0.0), partial(bodies.size(), 0.0);
    const double cell = dx * dx * dx;
    for (int64_t f = 0; f < out.fluid[a].size(); ++f) {
      const int k = out.body_of[a][f];
      if (k < 0) continue;
      const double s = out.body_part[a][f];
      (s >= 1.0 ? full : partial)[static_cast<size_t>(k)] += s * cell;
    }
    // The partly covered faces are scaled. A scale beyond [0.5, 2] means the shares are too far
    // off to mend this way (a surface lying in a plane of faces, which come out 0 or 1 there
    // where the midpoint rule wants a half): they are left as they are.
    std::vector<double> scale(bodies.size(), 1.0);
    for (size_t k = 0; k < bodies.size(); ++k) {
      if (bodies[k].volume <= 0.0 || unscalable[k] || partial[k] <= 0.0) continue;
      const double beta = (bodies[k].volume - full[k]) / partial[k];
      if (beta >= 0.5 && beta <= 2.0) scale[k] = beta;
    }
    parallel_for(0, out.fluid[a].size(), [&](int64_t f) {
      const int k = out.body_of[a][f];
      double& s = out.body_part[a][f];
      if (k >= 0 && s < 1.0) s = std::min(1.0, s * scale[static_cast<size_t>(k)]);
      const Vec3i I = out.fluid[a].coords(f);
      const double open = static_open_share(obstacles, walls, g, a, f, I);
      const double inside_elastic = covered && (*covered)[a].size() > 0 ? (*covered)[a][f] : 0.0;
      out.fluid[a][f] = std::clamp(std::min({open, 1.0 - s - others[a][f], 1.0 - inside_elastic}), 0.0, 1.0);
    });
  }
  return out;
}

}  // namespace ripple
