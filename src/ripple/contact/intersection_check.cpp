#include "ripple/contact/intersection_check.hpp"

#include <algorithm>

#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

double orient(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& d) { return (b - a).dot((c - a).cross(d - a)); }

}  // namespace

bool segment_crosses_triangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b, const Vec3& c) {
  // Signed volumes within round-off of zero (coplanar or touching configurations, e.g. the
  // edges and triangles of one flat or folded sheet) count as zero, and zero is no crossing:
  // the check reports proper crossings only.
  const double scale = std::max({(q - p).norm(), (b - a).norm(), (c - a).norm(), (p - a).norm()});
  const double eps = 1e-12 * scale * scale * scale;
  auto sign = [eps](double v) { return v > eps ? 1 : (v < -eps ? -1 : 0); };
  const int op = sign(orient(a, b, c, p)), oq = sign(orient(a, b, c, q));
  if (op * oq >= 0) return false;
  const int s0 = sign(orient(p, q, a, b)), s1 = sign(orient(p, q, b, c)), s2 = sign(orient(p, q, c, a));
  return (s0 > 0 && s1 > 0 && s2 > 0) || (s0 < 0 && s1 < 0 && s2 < 0);
}

bool triangles_cross(const Vec3& a0, const Vec3& a1, const Vec3& a2, const Vec3& b0, const Vec3& b1, const Vec3& b2) {
  return segment_crosses_triangle(a0, a1, b0, b1, b2) || segment_crosses_triangle(a1, a2, b0, b1, b2) ||
         segment_crosses_triangle(a2, a0, b0, b1, b2) || segment_crosses_triangle(b0, b1, a0, a1, a2) ||
         segment_crosses_triangle(b1, b2, a0, a1, a2) || segment_crosses_triangle(b2, b0, a0, a1, a2);
}

int count_intersecting_pairs(const CollisionMesh& mesh, const VectorX& x) {
  struct Item {
    double lo, hi;
    int index;
    bool face;
  };
  std::vector<Item> items;
  auto box = [&](auto const& verts, int index, bool face) {
    double lo = 1e300, hi = -1e300;
    for (int v : verts) {
      lo = std::min(lo, x[3 * v]);
      hi = std::max(hi, x[3 * v]);
    }
    items.push_back({lo, hi, index, face});
  };
  for (size_t e = 0; e < mesh.edges.size(); ++e) box(mesh.edges[e], static_cast<int>(e), false);
  for (size_t f = 0; f < mesh.faces.size(); ++f) box(mesh.faces[f], static_cast<int>(f), true);
  std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.lo < b.lo; });
  auto v3 = [&](int v) { return Vec3(x.segment<3>(3 * v)); };
  return static_cast<int>(parallel_sum(0, static_cast<int64_t>(items.size()), [&](int64_t i) {
    double count = 0.0;
    for (size_t j = i + 1; j < items.size() && items[j].lo <= items[i].hi; ++j) {
      const Item &a = items[i], &b = items[j];
      if (a.face == b.face) continue;
      const Item& f = a.face ? a : b;
      const Item& e = a.face ? b : a;
      const auto& tri = mesh.faces[f.index];
      const auto& edge = mesh.edges[e.index];
      bool shared = false;
      for (int u : tri) shared = shared || u == edge[0] || u == edge[1];
      if (shared) continue;
      bool all_fixed = !mesh.fixed.empty();
      for (int u : tri) all_fixed = all_fixed && mesh.fixed[u];
      for (int u : edge) all_fixed = all_fixed && mesh.fixed[u];
      if (all_fixed) continue;  // two static colliders may touch (a block on the floor)
      const int body = mesh.body[tri[0]];
      if (body == mesh.body[edge[0]] && !mesh.self_contact[body]) continue;
      count += segment_crosses_triangle(v3(edge[0]), v3(edge[1]), v3(tri[0]), v3(tri[1]), v3(tri[2]));
    }
    return count;
  }));
}

}  // namespace ripple
