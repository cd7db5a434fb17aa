#include "ripple/coupling/membrane/membrane_remesh.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace ripple {

namespace {

uint64_t edge_key(int a, int b) {
  if (a > b) std::swap(a, b);
  return (static_cast<uint64_t>(static_cast<uint32_t>(a)) << 32) | static_cast<uint32_t>(b);
}

/// Triangles around each edge.
std::unordered_map<uint64_t, std::vector<int>> edge_triangles(const LiquidMembrane& m) {
  std::unordered_map<uint64_t, std::vector<int>> out;
  out.reserve(m.triangles.size() * 2);
  for (size_t t = 0; t < m.triangles.size(); ++t)
    for (int e = 0; e < 3; ++e) out[edge_key(m.triangles[t][e], m.triangles[t][(e + 1) % 3])].push_back(static_cast<int>(t));
  return out;
}

Vec3 normal_of(const LiquidMembrane& m, const Eigen::Vector3i& t) {
  const Vec3& a = m.x[static_cast<size_t>(t[0])];
  return (m.x[static_cast<size_t>(t[1])] - a).cross(m.x[static_cast<size_t>(t[2])] - a);
}

double length(const LiquidMembrane& m, int a, int b) { return (m.x[static_cast<size_t>(a)] - m.x[static_cast<size_t>(b)]).norm(); }

/// The vertex of t opposite edge (a, b).
int opposite(const Eigen::Vector3i& t, int a, int b) {
  for (int c = 0; c < 3; ++c)
    if (t[c] != a && t[c] != b) return t[c];
  return -1;
}

/// Per particle: 1 on the contact line at a wall (on a wall, in a free-surface triangle).
std::vector<uint8_t> contact_line(const LiquidMembrane& m) {
  const std::vector<uint8_t> axes = solved_axes(m);
  std::vector<uint8_t> line(m.size(), 0);
  for (size_t i = 0; i < m.size(); ++i) line[i] = m.wall[i] != 0 && m.body[i] < 0 && axes[i] != 0;
  return line;
}

/// Area-weighted unit normals of the free surface at the particles (a contact line's from its
/// free-surface triangles only: the wall's would tilt it and bulge the midpoints by it).
std::vector<Vec3> vertex_normals(const LiquidMembrane& m) {
  std::vector<Vec3> n(m.size(), Vec3::Zero());
  for (const Eigen::Vector3i& t : m.triangles)
    if (!m.in_contact(t))
      for (int c = 0; c < 3; ++c) n[static_cast<size_t>(t[c])] += normal_of(m, t);
  for (Vec3& v : n) v = v.norm() > 0.0 ? Vec3(v.normalized()) : Vec3::Zero();
  return n;
}

/// The midpoint of edge (a, b) lifted onto the surface: the chord's midpoint moved along the
/// mean normal by the sagitta kappa L^2 / 8 of the edge's normal curvature kappa =
/// (n_a - n_b).(x_a - x_b) / L^2 (exact on a sphere), so that splits and collapses neither
/// flatten curved parts nor lose their volume. A midpoint between wall particles stays on the
/// wall's plane (the chord's).
Vec3 surface_midpoint(const LiquidMembrane& m, const std::vector<Vec3>& normals, int a, int b) {
  const Vec3 &xa = m.x[static_cast<size_t>(a)], &xb = m.x[static_cast<size_t>(b)];
  const Vec3 mid = 0.5 * (xa + xb);
  if (m.wall[static_cast<size_t>(a)] & m.wall[static_cast<size_t>(b)]) return mid;
  const Vec3 d = xa - xb;
  const double L2 = d.squaredNorm();
  const Vec3 n = normals[static_cast<size_t>(a)] + normals[static_cast<size_t>(b)];
  if (!(L2 > 0.0) || !(n.norm() > 0.0)) return mid;
  const double kappa = (normals[static_cast<size_t>(a)] - normals[static_cast<size_t>(b)]).dot(d) / L2;
  return mid + (kappa * L2 / 8.0) * n.normalized();
}

int split_long_edges(LiquidMembrane& m, double longest) {
  const std::vector<Vec3> normals = vertex_normals(m);
  const auto edges = edge_triangles(m);
  std::vector<std::pair<double, uint64_t>> todo;
  for (const auto& [key, tris] : edges) {
    const int a = static_cast<int>(key >> 32), b = static_cast<int>(key & 0xffffffffu);
    const double len = length(m, a, b);
    if (len > longest && tris.size() == 2) todo.emplace_back(len, key);
  }
  std::sort(todo.begin(), todo.end(), [](const auto& p, const auto& q) { return p.first > q.first; });
  std::vector<uint8_t> touched(m.triangles.size(), 0);
  int splits = 0;
  for (const auto& [len, key] : todo) {
    const std::vector<int>& tris = edges.at(key);
    if (touched[static_cast<size_t>(tris[0])] || touched[static_cast<size_t>(tris[1])]) continue;
    const int a = static_cast<int>(key >> 32), b = static_cast<int>(key & 0xffffffffu);
    const int mid = static_cast<int>(m.x.size());
    m.x.push_back(surface_midpoint(m, normals, a, b));
    m.v.push_back(0.5 * (m.v[static_cast<size_t>(a)] + m.v[static_cast<size_t>(b)]));
    m.wall.push_back(m.wall[static_cast<size_t>(a)] & m.wall[static_cast<size_t>(b)]);
    m.body.push_back(m.body[static_cast<size_t>(a)] == m.body[static_cast<size_t>(b)] ? m.body[static_cast<size_t>(a)] : -1);
    for (int t : tris) {
      Eigen::Vector3i& tri = m.triangles[static_cast<size_t>(t)];
      int e = 0;  // the edge's position in t's order: tri[e] -> tri[e + 1]
      while (!((tri[e] == a && tri[(e + 1) % 3] == b) || (tri[e] == b && tri[(e + 1) % 3] == a))) ++e;
      const int p = tri[e], q = tri[(e + 1) % 3], c = tri[(e + 2) % 3];
      tri = Eigen::Vector3i(p, mid, c);
      m.triangles.emplace_back(mid, q, c);
      touched[static_cast<size_t>(t)] = 1;
      touched.push_back(1);
    }
    ++splits;
  }
  return splits;
}

/// Where edge (a, b) collapses to, and the walls the merged particle lies on.
struct Collapse {
  Vec3 x;
  uint8_t wall = 0;
};

/// Between free particles: the lifted midpoint. A free particle merges into a wall particle at
/// the wall particle's place, a particle on one wall into one on that wall and another at the
/// latter's place (walls' edges and corners stay put), and two on the same walls at the chord's
/// midpoint, or at the contact line's particle when only one is on it (the line stays where it
/// is). Two particles on one body merge at the chord's midpoint (the contact update puts it back
/// on the surface); a body's particle and a free one, and pairs on different walls, do not
/// collapse.
std::optional<Collapse> collapse_target(const LiquidMembrane& m, const std::vector<Vec3>& normals,
                                        const std::vector<uint8_t>& line, int a, int b) {
  const size_t ia = static_cast<size_t>(a), ib = static_cast<size_t>(b);
  if (m.body[ia] >= 0 || m.body[ib] >= 0) {
    if (m.body[ia] != m.body[ib] || m.wall[ia] || m.wall[ib]) return std::nullopt;
    return Collapse{0.5 * (m.x[ia] + m.x[ib]), 0};  // on one body: the contact update puts it back on the surface
  }
  const uint8_t wa = m.wall[ia], wb = m.wall[ib], both = static_cast<uint8_t>(wa | wb);
  if (wa == 0 && wb == 0) return Collapse{surface_midpoint(m, normals, a, b), 0};
  if (wa == wb) {
    if (line[ia] && !line[ib]) return Collapse{m.x[ia], both};
    if (line[ib] && !line[ia]) return Collapse{m.x[ib], both};
    return Collapse{0.5 * (m.x[ia] + m.x[ib]), both};
  }
  if (both == wa) return Collapse{m.x[ia], both};
  if (both == wb) return Collapse{m.x[ib], both};
  return std::nullopt;
}

int collapse_short_edges(LiquidMembrane& m, double shortest) {
  const auto edges = edge_triangles(m);
  const std::vector<Vec3> normals = vertex_normals(m);
  const std::vector<uint8_t> line = contact_line(m);
  std::vector<std::vector<int>> vertex_tris(m.size());
  for (size_t t = 0; t < m.triangles.size(); ++t)
    for (int c = 0; c < 3; ++c) vertex_tris[static_cast<size_t>(m.triangles[t][c])].push_back(static_cast<int>(t));
  std::vector<std::pair<double, uint64_t>> todo;
  for (const auto& [key, tris] : edges) {
    const int a = static_cast<int>(key >> 32), b = static_cast<int>(key & 0xffffffffu);
    if (tris.size() != 2 || !collapse_target(m, normals, line, a, b)) continue;
    const double len = length(m, a, b);
    if (len < shortest) todo.emplace_back(len, key);
  }
  std::sort(todo.begin(), todo.end());
  std::vector<uint8_t> touched(m.size(), 0), dead(m.triangles.size(), 0);
  int collapses = 0;
  for (const auto& [len, key] : todo) {
    const int a = static_cast<int>(key >> 32), b = static_cast<int>(key & 0xffffffffu);
    if (touched[static_cast<size_t>(a)] || touched[static_cast<size_t>(b)]) continue;
    // Link condition: the ends share exactly the two vertices opposite the edge.
    std::unordered_set<int> around_a;
    for (int t : vertex_tris[static_cast<size_t>(a)])
      for (int c = 0; c < 3; ++c) around_a.insert(m.triangles[static_cast<size_t>(t)][c]);
    std::unordered_set<int> shared;
    for (int t : vertex_tris[static_cast<size_t>(b)])
      for (int c = 0; c < 3; ++c) {
        const int v = m.triangles[static_cast<size_t>(t)][c];
        if (v != a && v != b && around_a.count(v)) shared.insert(v);
      }
    if (shared.size() != 2) continue;
    // No triangle may turn over or degenerate when both ends move to the new point.
    const std::optional<Collapse> target = collapse_target(m, normals, line, a, b);
    if (!target) continue;
    const Vec3 mid = target->x;
    bool ok = true;
    for (int end : {a, b})
      for (int t : vertex_tris[static_cast<size_t>(end)]) {
        const Eigen::Vector3i& tri = m.triangles[static_cast<size_t>(t)];
        if ((tri.array() == a).any() && (tri.array() == b).any()) continue;  // removed
        const Vec3 before = normal_of(m, tri);
        std::vector<Vec3> p(3);
        for (int c = 0; c < 3; ++c) p[static_cast<size_t>(c)] = tri[c] == end ? mid : m.x[static_cast<size_t>(tri[c])];
        const Vec3 after = (p[1] - p[0]).cross(p[2] - p[0]);
        if (after.dot(before) < 0.2 * before.norm() * after.norm() || after.norm() < 1e-3 * before.norm()) ok = false;
        // A triangle coming to lie on a wall must face out through it (no flap over the wall).
        unsigned common = 0xffu;
        for (int c = 0; c < 3; ++c) common &= tri[c] == end ? target->wall : m.wall[static_cast<size_t>(tri[c])];
        if (!wall_triangle_faces_out(p[0], p[1], p[2], common)) ok = false;
      }
    if (!ok) continue;
    m.x[static_cast<size_t>(a)] = mid;
    m.v[static_cast<size_t>(a)] = 0.5 * (m.v[static_cast<size_t>(a)] + m.v[static_cast<size_t>(b)]);
    m.wall[static_cast<size_t>(a)] = target->wall;
    for (int axis = 0; axis < 3; ++axis)
      if (target->wall & (3u << (2 * axis))) m.v[static_cast<size_t>(a)][axis] = 0.0;  // at rest across its walls
    for (int t : vertex_tris[static_cast<size_t>(b)]) {
      Eigen::Vector3i& tri = m.triangles[static_cast<size_t>(t)];
      if ((tri.array() == a).any()) dead[static_cast<size_t>(t)] = 1;
      else
        for (int c = 0; c < 3; ++c)
          if (tri[c] == b) tri[c] = a;
    }
    // The neighbourhoods changed: leave every vertex around both ends alone this pass.
    for (int end : {a, b})
      for (int t : vertex_tris[static_cast<size_t>(end)])
        for (int c = 0; c < 3; ++c) touched[static_cast<size_t>(m.triangles[static_cast<size_t>(t)][c])] = 1;
    touched[static_cast<size_t>(b)] = 1;
    ++collapses;
  }
  if (collapses == 0) return 0;
  std::vector<Eigen::Vector3i> kept;
  kept.reserve(m.triangles.size());
  for (size_t t = 0; t < m.triangles.size(); ++t)
    if (!dead[t]) kept.push_back(m.triangles[t]);
  m.triangles = std::move(kept);
  // Drop the particles no triangle uses any more.
  std::vector<int> new_index(m.size(), -1);
  for (const Eigen::Vector3i& t : m.triangles)
    for (int c = 0; c < 3; ++c) new_index[static_cast<size_t>(t[c])] = 0;
  int n = 0;
  for (size_t i = 0; i < m.size(); ++i)
    if (new_index[i] == 0) {
      new_index[i] = n;
      m.x[static_cast<size_t>(n)] = m.x[i];
      m.v[static_cast<size_t>(n)] = m.v[i];
      m.wall[static_cast<size_t>(n)] = m.wall[i];
      m.body[static_cast<size_t>(n)] = m.body[i];
      ++n;
    }
  m.x.resize(static_cast<size_t>(n));
  m.v.resize(static_cast<size_t>(n));
  m.wall.resize(static_cast<size_t>(n));
  m.body.resize(static_cast<size_t>(n));
  for (Eigen::Vector3i& t : m.triangles)
    for (int c = 0; c < 3; ++c) t[c] = new_index[static_cast<size_t>(t[c])];
  return collapses;
}

double angle_at(const LiquidMembrane& m, int at, int p, int q) {
  const Vec3 u = m.x[static_cast<size_t>(p)] - m.x[static_cast<size_t>(at)], w = m.x[static_cast<size_t>(q)] - m.x[static_cast<size_t>(at)];
  return std::atan2(u.cross(w).norm(), u.dot(w));
}

int flip_edges(LiquidMembrane& m) {
  const auto edges = edge_triangles(m);
  std::vector<uint8_t> touched(m.triangles.size(), 0);
  std::unordered_set<uint64_t> created;  // edges this pass's flips made (not in `edges`)
  const double flat = std::cos(10.0 * std::numbers::pi / 180.0);
  int flips = 0;
  for (const auto& [key, tris] : edges) {
    if (tris.size() != 2 || touched[static_cast<size_t>(tris[0])] || touched[static_cast<size_t>(tris[1])]) continue;
    const Eigen::Vector3i t1 = m.triangles[static_cast<size_t>(tris[0])], t2 = m.triangles[static_cast<size_t>(tris[1])];
    // Free-surface pairs, and pairs on the same wall (coplanar: a flip only reshapes them).
    const bool on_wall1 = m.in_contact(t1), on_wall2 = m.in_contact(t2);
    if (on_wall1 != on_wall2) continue;
    bool on_body = on_wall1 && m.body[static_cast<size_t>(t1[0])] >= 0;  // both on one body, off the walls
    for (int c = 0; c < 3; ++c)
      for (const Eigen::Vector3i* t : {&t1, &t2}) {
        const size_t v = static_cast<size_t>((*t)[c]);
        on_body = on_body && m.body[v] == m.body[static_cast<size_t>(t1[0])] && m.wall[v] == 0;
      }
    if (on_wall1 && !on_body && (m.wall_of(t1) & m.wall_of(t2)) == 0) continue;
    const int a = static_cast<int>(key >> 32), b = static_cast<int>(key & 0xffffffffu);
    const int c = opposite(t1, a, b), d = opposite(t2, a, b);
    if (c < 0 || d < 0 || c == d || edges.count(edge_key(c, d)) || created.count(edge_key(c, d))) continue;
    if (angle_at(m, c, a, b) + angle_at(m, d, a, b) <= std::numbers::pi + 1e-9) continue;  // Delaunay already
    const Vec3 n1 = normal_of(m, t1), n2 = normal_of(m, t2);
    // A crease: a flip would change the shape. On a body the body's surface is the shape, so
    // up to 45 degrees (a sphere's sheet), but not over a box's edge (a chord through it).
    if (n1.dot(n2) < (on_body ? std::cos(std::numbers::pi / 4.0) : flat) * n1.norm() * n2.norm()) continue;
    // t1 runs p -> q -> c along its order with {p, q} = {a, b}; t2 runs q -> p -> d.
    int e = 0;
    while (!((t1[e] == a || t1[e] == b) && (t1[(e + 1) % 3] == a || t1[(e + 1) % 3] == b))) ++e;
    const int p = t1[e], q = t1[(e + 1) % 3];
    const Eigen::Vector3i n1t(p, d, c), n2t(d, q, c);
    // Both new triangles must face the old way.
    const Vec3 na = normal_of(m, n1t), nb = normal_of(m, n2t);
    if (na.dot(n1 + n2) <= 0.0 || nb.dot(n1 + n2) <= 0.0) continue;
    m.triangles[static_cast<size_t>(tris[0])] = n1t;
    m.triangles[static_cast<size_t>(tris[1])] = n2t;
    touched[static_cast<size_t>(tris[0])] = touched[static_cast<size_t>(tris[1])] = 1;
    created.insert(edge_key(c, d));
    ++flips;
  }
  return flips;
}

/// The held particles of the wetted walls (on a wall, off the contact line) move, along their
/// walls' planes, to their neighbours' mean where no triangle around them turns over: the
/// contact line slides over the wall, and its wall triangles would otherwise be stretched
/// behind it and squeezed ahead of it. Their place carries no energy and no weight.
void relax_wetted_walls(LiquidMembrane& m) {
  const std::vector<uint8_t> line = contact_line(m);
  std::vector<std::vector<int>> vertex_tris(m.size());
  for (size_t t = 0; t < m.triangles.size(); ++t)
    for (int c = 0; c < 3; ++c) vertex_tris[static_cast<size_t>(m.triangles[t][c])].push_back(static_cast<int>(t));
  for (size_t i = 0; i < m.size(); ++i) {
    if (m.wall[i] == 0 || m.body[i] >= 0 || line[i] || vertex_tris[i].empty()) continue;
    Vec3 mean = Vec3::Zero();
    int count = 0;
    for (int t : vertex_tris[i])
      for (int c = 0; c < 3; ++c)
        if (static_cast<size_t>(m.triangles[static_cast<size_t>(t)][c]) != i) {
          mean += m.x[static_cast<size_t>(m.triangles[static_cast<size_t>(t)][c])];
          ++count;
        }
    Vec3 to = mean / count;
    for (int a = 0; a < 3; ++a)
      if (m.wall[i] & (3u << (2 * a))) to[a] = m.x[i][a];
    const Vec3 from = m.x[i];
    std::vector<Vec3> before;
    for (int t : vertex_tris[i]) before.push_back(normal_of(m, m.triangles[static_cast<size_t>(t)]));
    m.x[i] = to;
    for (size_t k = 0; k < before.size(); ++k) {
      const Vec3 after = normal_of(m, m.triangles[static_cast<size_t>(vertex_tris[i][k])]);
      if (after.dot(before[k]) < 0.2 * before[k].norm() * after.norm()) {
        m.x[i] = from;
        break;
      }
    }
  }
}

}  // namespace

RemeshCounts remesh_membrane(LiquidMembrane& m, double target) {
  RemeshCounts counts;
  relax_wetted_walls(m);
  for (int pass = 0; pass < 3; ++pass) {
    const int s = split_long_edges(m, 1.75 * target);
    const int c = collapse_short_edges(m, 0.4 * target);
    const int f = flip_edges(m);
    counts.splits += s;
    counts.collapses += c;
    counts.flips += f;
    if (s + c + f == 0) break;
  }
  return counts;
}

}  // namespace ripple
