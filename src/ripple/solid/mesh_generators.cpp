#include "ripple/solid/mesh_generators.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

#include "ripple/grid/interpolation.hpp"
#include "ripple/contact/mesh_signed_distance.hpp"

namespace ripple {

SurfaceGeometry cloth_grid(const Vec3& c, double width, double depth, int resolution) {
  SurfaceGeometry s;
  const double h = std::max(width, depth) / (resolution - 1);
  const int nx = std::max(2, static_cast<int>(std::lround(width / h)) + 1);
  const int nz = std::max(2, static_cast<int>(std::lround(depth / h)) + 1);
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j < nz; ++j)
      s.vertices.push_back(Vec3(c.x() - 0.5 * width + width * i / (nx - 1), c.y(), c.z() - 0.5 * depth + depth * j / (nz - 1)));
  for (int i = 0; i + 1 < nx; ++i)
    for (int j = 0; j + 1 < nz; ++j) {
      const int a = i * nz + j, b = (i + 1) * nz + j, d = (i + 1) * nz + j + 1, e = i * nz + j + 1;
      if ((i + j) % 2 == 0) {
        s.triangles.push_back({a, e, d});
        s.triangles.push_back({a, d, b});
      } else {
        s.triangles.push_back({a, e, b});
        s.triangles.push_back({e, d, b});
      }
    }
  return s;
}

SurfaceGeometry box_surface(const Vec3& lo, const Vec3& hi) {
  SurfaceGeometry s;
  for (int k = 0; k < 8; ++k) s.vertices.push_back(Vec3(k & 1 ? hi.x() : lo.x(), k & 2 ? hi.y() : lo.y(), k & 4 ? hi.z() : lo.z()));
  s.triangles = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6}, {0, 1, 4}, {1, 5, 4},
                 {2, 6, 3}, {3, 6, 7}, {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  return s;
}

SurfaceGeometry sphere_surface(const Vec3& centre, double radius, int subdivisions) {
  const double t = (1.0 + std::sqrt(5.0)) / 2.0;
  std::vector<Vec3> v = {{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0}, {0, -1, t}, {0, 1, t},
                         {0, -1, -t}, {0, 1, -t}, {t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1}};
  std::vector<std::array<int, 3>> f = {{0, 11, 5}, {0, 5, 1},  {0, 1, 7},   {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
                                       {11, 10, 2}, {10, 7, 6}, {7, 1, 8},  {3, 9, 4}, {3, 4, 2},   {3, 2, 6}, {3, 6, 8},
                                       {3, 8, 9},  {4, 9, 5},  {2, 4, 11}, {6, 2, 10}, {8, 6, 7},  {9, 8, 1}};
  for (Vec3& p : v) p.normalize();
  for (int s = 0; s < subdivisions; ++s) {
    std::map<std::pair<int, int>, int> mid;
    auto midpoint = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      auto it = mid.find(key);
      if (it != mid.end()) return it->second;
      v.push_back((v[a] + v[b]).normalized());
      return mid[key] = static_cast<int>(v.size()) - 1;
    };
    std::vector<std::array<int, 3>> g;
    for (const auto& t3 : f) {
      const int a = midpoint(t3[0], t3[1]), b = midpoint(t3[1], t3[2]), c = midpoint(t3[2], t3[0]);
      g.push_back({t3[0], a, c});
      g.push_back({t3[1], b, a});
      g.push_back({t3[2], c, b});
      g.push_back({a, b, c});
    }
    f = std::move(g);
  }
  SurfaceGeometry out;
  for (const Vec3& p : v) out.vertices.push_back(centre + radius * p);
  out.triangles = f;
  return out;
}

TetGeometry tet_box(const Vec3& lo, const Vec3& hi, int resolution) {
  TetGeometry g;
  const Vec3 size = hi - lo;
  const double h = size.maxCoeff() / resolution;
  Vec3i n;
  for (int a = 0; a < 3; ++a) n[a] = std::max(1, static_cast<int>(std::lround(size[a] / h)));
  auto id = [&](int i, int j, int k) { return (i * (n.y() + 1) + j) * (n.z() + 1) + k; };
  for (int i = 0; i <= n.x(); ++i)
    for (int j = 0; j <= n.y(); ++j)
      for (int k = 0; k <= n.z(); ++k)
        g.vertices.push_back(lo + Vec3(size.x() * i / n.x(), size.y() * j / n.y(), size.z() * k / n.z()));
  // Freudenthal (Kuhn) split of each cube along its main diagonal: six tets, conforming.
  const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int i = 0; i < n.x(); ++i)
    for (int j = 0; j < n.y(); ++j)
      for (int k = 0; k < n.z(); ++k)
        for (const auto& p : perms) {
          Vec3i c(i, j, k);
          std::array<int, 4> t;
          t[0] = id(c.x(), c.y(), c.z());
          for (int s = 0; s < 3; ++s) {
            c[p[s]] += 1;
            t[s + 1] = id(c.x(), c.y(), c.z());
          }
          Mat3 dm;
          dm << g.vertices[t[1]] - g.vertices[t[0]], g.vertices[t[2]] - g.vertices[t[0]], g.vertices[t[3]] - g.vertices[t[0]];
          if (dm.determinant() < 0) std::swap(t[2], t[3]);
          g.tets.push_back(t);
        }
  return g;
}

TetGeometry tet_sphere(const Vec3& centre, double radius, int resolution) {
  TetGeometry g = tet_box(Vec3::Constant(-1.0), Vec3::Constant(1.0), resolution);
  for (Vec3& p : g.vertices) {
    const Vec3 q = p.cwiseProduct(p);
    const Vec3 ball(p.x() * std::sqrt(1.0 - 0.5 * (q.y() + q.z()) + q.y() * q.z() / 3.0),
                    p.y() * std::sqrt(1.0 - 0.5 * (q.z() + q.x()) + q.z() * q.x() / 3.0),
                    p.z() * std::sqrt(1.0 - 0.5 * (q.x() + q.y()) + q.x() * q.y() / 3.0));
    p = centre + radius * ball;
  }
  return g;
}

CurveGeometry polyline(const std::vector<Vec3>& points, int segments) {
  CurveGeometry c;
  for (size_t s = 0; s + 1 < points.size(); ++s)
    for (int k = 0; k < segments; ++k) c.vertices.push_back(points[s] + (points[s + 1] - points[s]) * double(k) / segments);
  c.vertices.push_back(points.back());
  for (size_t i = 0; i + 1 < c.vertices.size(); ++i) c.edges.push_back({static_cast<int>(i), static_cast<int>(i + 1)});
  return c;
}

CurveGeometry spider_web(const Vec3& centre, const Vec3& normal, double radius, int spokes, int rings, int segments) {
  CurveGeometry c;
  const Vec3 nrm = normal.normalized();
  const Vec3 u = (std::abs(nrm.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(nrm).normalized();
  const Vec3 w = nrm.cross(u);
  c.vertices.push_back(centre);  // hub
  // junction[s][r]: ring r (1..rings) on spoke s; ring `rings` is the frame at `radius`.
  std::vector<std::vector<int>> junction(spokes, std::vector<int>(rings + 1, 0));
  auto add_thread = [&](int a, int b) {
    int prev = a;
    for (int k = 1; k < segments; ++k) {
      c.vertices.push_back(c.vertices[a] + (c.vertices[b] - c.vertices[a]) * double(k) / segments);
      const int cur = static_cast<int>(c.vertices.size()) - 1;
      c.edges.push_back({prev, cur});
      prev = cur;
    }
    c.edges.push_back({prev, b});
  };
  for (int s = 0; s < spokes; ++s) {
    const double ang = 2.0 * std::numbers::pi * s / spokes;
    const Vec3 dir = std::cos(ang) * u + std::sin(ang) * w;
    for (int r = 1; r <= rings; ++r) {
      c.vertices.push_back(centre + radius * double(r) / rings * dir);
      junction[s][r] = static_cast<int>(c.vertices.size()) - 1;
    }
  }
  for (int s = 0; s < spokes; ++s) {
    add_thread(0, junction[s][1]);
    for (int r = 1; r < rings; ++r) add_thread(junction[s][r], junction[s][r + 1]);
  }
  for (int r = 1; r <= rings; ++r)
    for (int s = 0; s < spokes; ++s) add_thread(junction[s][r], junction[(s + 1) % spokes][r]);
  return c;
}

TetGeometry without_tets_inside(const TetGeometry& t, const Vec3& centre, double radius) {
  TetGeometry out;
  std::vector<int> renumber(t.vertices.size(), -1);
  for (const auto& tet : t.tets) {
    const Vec3 c = 0.25 * (t.vertices[tet[0]] + t.vertices[tet[1]] + t.vertices[tet[2]] + t.vertices[tet[3]]);
    if ((c - centre).norm() < radius) continue;
    std::array<int, 4> kept;
    for (int k = 0; k < 4; ++k) {
      int& r = renumber[tet[k]];
      if (r < 0) {
        r = static_cast<int>(out.vertices.size());
        out.vertices.push_back(t.vertices[tet[k]]);
      }
      kept[k] = r;
    }
    out.tets.push_back(kept);
  }
  return out;
}

namespace {

double tet_volume(const std::vector<Vec3>& x, const std::array<int, 4>& t) {
  return (x[t[1]] - x[t[0]]).dot((x[t[2]] - x[t[0]]).cross(x[t[3]] - x[t[0]])) / 6.0;
}

}  // namespace

TetGeometry tet_fill(const std::vector<Vec3>& vertices, const std::vector<std::array<int, 3>>& triangles, int resolution) {
  Aabb box;
  for (const Vec3& v : vertices) box.extend(v);
  const double h = (box.hi - box.lo).maxCoeff() / resolution;
  const Vec3 lo = box.lo - Vec3::Constant(h);
  Vec3i n;
  for (int a = 0; a < 3; ++a) n[a] = static_cast<int>(std::ceil((box.hi[a] - box.lo[a]) / h)) + 2;
  const Vec3 hi = lo + h * n.cast<double>();
  // Signed distance at the cube centres and at the lattice nodes.
  ScalarGrid centre_phi(n.x(), n.y(), n.z(), 2 * h), node_phi(n.x() + 1, n.y() + 1, n.z() + 1, 2 * h);
  min_with_mesh_signed_distance(vertices, triangles, Lattice{lo + Vec3::Constant(0.5 * h), h}, 2 * h, centre_phi);
  min_with_mesh_signed_distance(vertices, triangles, Lattice{lo, h}, 2 * h, node_phi);
  // tet_box on the same lattice makes 6 tets per cube, cubes in (i, j, k) order.
  const TetGeometry lattice = tet_box(lo, hi, std::max({n.x(), n.y(), n.z()}));
  TetGeometry out;
  std::vector<int> renumber(lattice.vertices.size(), -1);
  for (size_t t = 0; t < lattice.tets.size(); ++t) {
    const int cube = static_cast<int>(t / 6);
    const int k = cube % n.z(), j = (cube / n.z()) % n.y(), i = cube / (n.z() * n.y());
    if (centre_phi(i, j, k) >= 0.0) continue;
    std::array<int, 4> kept;
    for (int c = 0; c < 4; ++c) {
      int& r = renumber[lattice.tets[t][c]];
      if (r < 0) {
        r = static_cast<int>(out.vertices.size());
        out.vertices.push_back(lattice.vertices[lattice.tets[t][c]]);
      }
      kept[c] = r;
    }
    out.tets.push_back(kept);
  }
  // Snap the boundary vertices onto the surface.
  std::map<std::array<int, 3>, int> face_count;
  for (const auto& t : out.tets)
    for (int f = 0; f < 4; ++f) {
      std::array<int, 3> key = {t[(f + 1) % 4], t[(f + 2) % 4], t[(f + 3) % 4]};
      std::sort(key.begin(), key.end());
      ++face_count[key];
    }
  std::vector<uint8_t> boundary(out.vertices.size(), 0);
  for (const auto& [key, count] : face_count)
    if (count == 1)
      for (int v : key) boundary[v] = 1;
  auto phi_at = [&](const Vec3& p) { return trilinear(node_phi, ((p - lo) / h).cwiseMax(0.0).cwiseMin(n.cast<double>())); };
  const std::vector<Vec3> start = out.vertices;
  for (size_t v = 0; v < out.vertices.size(); ++v) {
    if (!boundary[v]) continue;
    Vec3 x = out.vertices[v];
    for (int it = 0; it < 3; ++it) {
      const double d = phi_at(x), e = 1e-3 * h;
      Vec3 grad;
      for (int a = 0; a < 3; ++a) {
        Vec3 s = Vec3::Zero();
        s[a] = e;
        grad[a] = (phi_at(x + s) - phi_at(x - s)) / (2 * e);
      }
      if (grad.norm() < 1e-9) break;
      x -= d * grad / grad.squaredNorm();
    }
    if ((x - start[v]).norm() <= h) out.vertices[v] = x;
  }
  // Undo moves around tetrahedra that flattened, until none does.
  const double rest = h * h * h / 6.0;
  for (int pass = 0; pass < 10; ++pass) {
    bool undone = false;
    for (const auto& t : out.tets)
      if (tet_volume(out.vertices, t) < 0.1 * rest)
        for (int c : t)
          if (out.vertices[c] != start[c]) {
            out.vertices[c] = start[c];
            undone = true;
          }
    if (!undone) break;
  }
  return out;
}

}  // namespace ripple
