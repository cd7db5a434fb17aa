#include "ripple/coupling/membrane/liquid_membrane.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/grid/interpolation.hpp"
#include "ripple/grid/marching_tetrahedra.hpp"

namespace ripple {

TriangleMesh LiquidMembrane::mesh() const {
  TriangleMesh out;
  out.vertices = x;
  out.triangles = triangles;
  return out;
}

void mark_wall_particles(LiquidMembrane& m, const GridGeometry& g) {
  const Vec3 lo = g.origin, hi = g.upper();
  const double tol = 1e-9 * g.dx;
  m.wall.assign(m.x.size(), 0);
  for (size_t i = 0; i < m.x.size(); ++i)
    for (int a = 0; a < 3; ++a) {
      if (std::abs(m.x[i][a] - lo[a]) <= tol) m.wall[i] |= static_cast<uint8_t>(1u << (2 * a));
      if (std::abs(m.x[i][a] - hi[a]) <= tol) m.wall[i] |= static_cast<uint8_t>(1u << (2 * a + 1));
    }
}

std::vector<uint8_t> solved_axes(const LiquidMembrane& m) {
  std::vector<uint8_t> axes(m.size(), 0);
  for (size_t i = 0; i < m.size(); ++i)
    if (m.free(i)) axes[i] = 7;
  for (const Eigen::Vector3i& t : m.triangles) {
    if (m.in_contact(t)) continue;
    for (int c = 0; c < 3; ++c) {
      const size_t i = static_cast<size_t>(t[c]);
      if (m.wall[i] == 0 || m.body[i] >= 0) continue;
      uint8_t blocked = 0;
      for (int a = 0; a < 3; ++a)
        if (m.wall[i] & (3u << (2 * a))) blocked |= static_cast<uint8_t>(1u << a);
      axes[i] = static_cast<uint8_t>(7u & ~blocked);
    }
  }
  return axes;
}

bool wall_triangle_faces_out(const Vec3& a, const Vec3& b, const Vec3& c, unsigned walls) {
  if (walls == 0) return true;
  const Vec3 n = (b - a).cross(c - a);
  for (int s = 0; s < 6; ++s)
    if (walls & (1u << s)) {
      const int axis = s / 2;
      if ((s % 2 == 0 && !(n[axis] < 0.0)) || (s % 2 == 1 && !(n[axis] > 0.0))) return false;
    }
  return true;
}

int64_t attach_to_walls(LiquidMembrane& m, const GridGeometry& g, double reach) {
  const Vec3 lo = g.origin, hi = g.upper();
  std::vector<std::vector<int>> around(m.size());
  for (size_t t = 0; t < m.triangles.size(); ++t)
    for (int c = 0; c < 3; ++c) around[static_cast<size_t>(m.triangles[t][c])].push_back(static_cast<int>(t));
  int64_t joined = 0;
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.body[i] >= 0) continue;
    Vec3 to = m.x[i];
    uint8_t walls = m.wall[i];
    for (int a = 0; a < 3; ++a) {
      if (walls & (3u << (2 * a))) continue;  // on a side of this axis already
      if (to[a] - lo[a] < reach) {
        to[a] = lo[a];
        walls |= static_cast<uint8_t>(1u << (2 * a));
      } else if (hi[a] - to[a] < reach) {
        to[a] = hi[a];
        walls |= static_cast<uint8_t>(1u << (2 * a + 1));
      }
    }
    if (walls == m.wall[i]) continue;
    // Not where it would fold the membrane: every triangle around keeps its side, and one that
    // comes to lie on a wall faces out through it (not a flap over the wetted wall).
    bool ok = true;
    for (int t : around[i]) {
      const Eigen::Vector3i& tri = m.triangles[static_cast<size_t>(t)];
      Vec3 p[3], q[3];
      unsigned common = 0xffu;
      for (int c = 0; c < 3; ++c) {
        const size_t k = static_cast<size_t>(tri[c]);
        p[c] = m.x[k];
        q[c] = k == i ? to : m.x[k];
        common &= k == i ? walls : m.wall[k];
      }
      const Vec3 before = (p[1] - p[0]).cross(p[2] - p[0]), after = (q[1] - q[0]).cross(q[2] - q[0]);
      if (!(after.dot(before) > 0.0) || !wall_triangle_faces_out(q[0], q[1], q[2], common)) ok = false;
    }
    if (!ok) continue;
    m.x[i] = to;
    m.wall[i] = walls;
    for (int a = 0; a < 3; ++a)
      if (walls & (3u << (2 * a))) m.v[i][a] = 0.0;  // at rest across its walls
    ++joined;
  }
  return joined;
}

LiquidMembrane build_membrane(const ScalarGrid& phi, const GridGeometry& g, int refinement) {
  const double h = g.dx / refinement;
  SamplePositions x;
  Vec3i n;
  for (int a = 0; a < 3; ++a) {
    n[a] = g.n[a] * refinement + 1;
    x[a].resize(static_cast<size_t>(n[a]));
    for (int i = 0; i < n[a]; ++i) x[a][static_cast<size_t>(i)] = g.origin[a] + i * h;
  }
  ScalarGrid fine(n, 0.0);
  for (int k = 0; k < n.z(); ++k)
    for (int j = 0; j < n.y(); ++j)
      for (int i = 0; i < n.x(); ++i) {
        const Vec3 p(x[0][static_cast<size_t>(i)], x[1][static_cast<size_t>(j)], x[2][static_cast<size_t>(k)]);
        double s = sample(phi, g, cell_sample_offset(), p);
        // A sample exactly on the zero set would give a zero-length edge: nudge it out.
        if (std::abs(s) < 1e-6 * h) s = 1e-6 * h;
        fine(i, j, k) = s;
      }
  const TriangleMesh mesh = marching_tetrahedra(fine, x, true);
  LiquidMembrane m;
  m.x = mesh.vertices;
  m.triangles = mesh.triangles;
  m.v.assign(m.x.size(), Vec3::Zero());
  m.body.assign(m.x.size(), -1);
  mark_wall_particles(m, g);
  return m;
}

std::vector<Vec3> area_normals(const LiquidMembrane& m) {
  std::vector<Vec3> n(m.size(), Vec3::Zero());
  for (const Eigen::Vector3i& t : m.triangles) {
    const Vec3& a = m.x[static_cast<size_t>(t[0])];
    const Vec3 an = 0.5 * (m.x[static_cast<size_t>(t[1])] - a).cross(m.x[static_cast<size_t>(t[2])] - a);
    for (int c = 0; c < 3; ++c) n[static_cast<size_t>(t[c])] += an;
  }
  return n;
}

std::vector<double> membrane_masses(const LiquidMembrane& m, double density, double thickness) {
  std::vector<double> mass(m.size(), 0.0);
  for (const Eigen::Vector3i& t : m.triangles) {
    if (m.in_contact(t)) continue;
    const Vec3& a = m.x[static_cast<size_t>(t[0])];
    const double area = 0.5 * (m.x[static_cast<size_t>(t[1])] - a).cross(m.x[static_cast<size_t>(t[2])] - a).norm();
    for (int c = 0; c < 3; ++c) mass[static_cast<size_t>(t[c])] += density * thickness * area / 3.0;
  }
  return mass;
}

}  // namespace ripple
