#include "ripple/world/rod_tube.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <unordered_map>
#include <utility>

namespace ripple {
namespace {

// A triangular cross-section keeps the output at 6 triangles per rod edge; rods are
// millimetres thick, so a rounder tube would not show in a preview.
constexpr int kSides = 3;

/// A run of rod vertices between two vertices that are not of degree two (open), or a loop
/// of degree-two vertices (closed, its first vertex not repeated at the end).
struct Chain {
  std::vector<int> vertices;
  bool closed = false;
  bool junction_start = false, junction_end = false;  ///< that end is shared with other chains
};

std::vector<Chain> chains_of(int n, const std::vector<std::array<int, 2>>& edges) {
  std::vector<std::vector<std::pair<int, int>>> adjacent(n);  // (neighbour, edge)
  for (int e = 0; e < static_cast<int>(edges.size()); ++e) {
    const auto [a, b] = edges[e];
    if (a == b) continue;  // a zero-length loop has no tube
    adjacent[a].push_back({b, e});
    adjacent[b].push_back({a, e});
  }
  std::vector<char> used(edges.size(), 0);
  auto walk = [&](int start, int edge) {
    Chain c;
    c.vertices.push_back(start);
    for (int v = start;;) {
      used[edge] = 1;
      v = edges[edge][0] == v ? edges[edge][1] : edges[edge][0];
      if (v == start || adjacent[v].size() != 2) {
        if (v == start && adjacent[v].size() == 2) c.closed = true;
        else c.vertices.push_back(v);
        return c;
      }
      c.vertices.push_back(v);
      edge = adjacent[v][0].second == edge ? adjacent[v][1].second : adjacent[v][0].second;
      if (used[edge]) return c;  // two parallel edges: stop rather than loop forever
    }
  };
  std::vector<Chain> chains;
  // Chains from every free end and junction first, then the loops left over.
  for (int v = 0; v < n; ++v)
    if (adjacent[v].size() != 2)
      for (const auto& [w, e] : adjacent[v])
        if (!used[e]) chains.push_back(walk(v, e));
  for (int v = 0; v < n; ++v)
    for (const auto& [w, e] : adjacent[v])
      if (!used[e]) chains.push_back(walk(v, e));
  for (Chain& c : chains) {
    c.junction_start = adjacent[c.vertices.front()].size() > 2;
    c.junction_end = adjacent[c.vertices.back()].size() > 2;
  }
  return chains;
}

Vec3 any_perpendicular(const Vec3& n) {
  return (std::abs(n.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY()).cross(n).normalized();
}

Vec3 direction(const Vec3& from, const Vec3& to, const Vec3& fallback) {
  const Vec3 d = to - from;
  return d.norm() > 0.0 ? Vec3(d.normalized()) : fallback;
}

}  // namespace

TriangleMesh rod_tube_mesh(const std::vector<Vec3>& x, const std::vector<std::array<int, 2>>& edges, double radius) {
  TriangleMesh out;
  std::unordered_map<int, int> centre;  // rod vertex -> its cap centre in `out` (shared at junctions)
  auto centre_of = [&](int v) {
    const auto [it, added] = centre.emplace(v, static_cast<int>(out.vertices.size()));
    if (added) out.vertices.push_back(x[v]);
    return it->second;
  };
  for (const Chain& c : chains_of(static_cast<int>(x.size()), edges)) {
    const int m = static_cast<int>(c.vertices.size());
    // The section (offsets from the centre line) is carried along the chain by the minimal
    // rotation between consecutive segments, so the tube does not twist; at a bend the ring
    // is where the incoming prism meets the bisector plane (a mitre: the tube keeps its
    // radius through the bend, and every segment is an exact prism).
    auto segment = [&](int i) { return direction(x[c.vertices[i]], x[c.vertices[(i + 1) % m]], Vec3::UnitX()); };
    Vec3 d = c.closed ? segment(m - 1) : segment(0);  // direction of the segment the section belongs to
    const Vec3 u = any_perpendicular(d), w = d.cross(u);
    std::array<Vec3, kSides> section;
    for (int k = 0; k < kSides; ++k) {
      const double a = 2.0 * std::numbers::pi * k / kSides;
      section[k] = radius * (std::cos(a) * u + std::sin(a) * w);
    }
    std::vector<int> ring(m);
    for (int i = 0; i < m; ++i) {
      Vec3 p = x[c.vertices[i]];
      const bool interior = c.closed || (i > 0 && i + 1 < m);
      const Vec3 next = interior || i == 0 ? segment(i) : d;
      // At a junction each chain's ring steps back into its own chain, so that chains
      // meeting in a straight line get distinct rings; the cap becomes a short cone.
      if (!c.closed && ((i == 0 && c.junction_start) || (i == m - 1 && c.junction_end))) {
        const double length = (x[c.vertices[i == 0 ? 1 : m - 2]] - p).norm();
        p += std::min(radius, 0.25 * length) * (i == 0 ? next : Vec3(-d));
      }
      Vec3 n = d + next;  // the bisector plane's normal
      const bool fold = n.norm() < 1e-3;  // (nearly) straight back
      n = fold ? d : Vec3(n.normalized());
      ring[i] = static_cast<int>(out.vertices.size());
      for (const Vec3& o : section)  // along d onto the bisector plane; near folds capped
        out.vertices.push_back(p + o - o.dot(n) / std::max(d.dot(n), 1.0 / 3.0) * d);
      if (!interior) continue;
      // Minimal rotation taking d to next (Rodrigues), half a turn about the section's
      // first offset for a fold straight back.
      const Vec3 v = d.cross(next);
      const double cosine = d.dot(next);
      const Vec3 axis = section[0].normalized();
      for (Vec3& o : section)
        o = fold ? Vec3(2.0 * axis.dot(o) * axis - o) : Vec3(cosine * o + v.cross(o) + v.dot(o) / (1.0 + cosine) * v);
      d = next;
    }
    // Sides between consecutive rings, counter-clockwise about the normal, so facing out.
    auto connect = [&](int a, int b, int shift) {
      for (int k = 0; k < kSides; ++k) {
        const int a0 = a + k, a1 = a + (k + 1) % kSides;
        const int b0 = b + (k + shift) % kSides, b1 = b + (k + 1 + shift) % kSides;
        out.triangles.push_back({a0, a1, b1});
        out.triangles.push_back({a0, b1, b0});
      }
    };
    for (int i = 0; i + 1 < m; ++i) connect(ring[i], ring[i + 1], 0);
    if (c.closed) {
      // Closing a loop: the transported frame comes back turned, so join the last ring to
      // the rotation of the first that lies nearest.
      int best = 0;
      double best_gap = INFINITY;
      for (int s = 0; s < kSides; ++s) {
        double gap = 0.0;
        for (int k = 0; k < kSides; ++k)
          gap += (out.vertices[ring[m - 1] + k] - out.vertices[ring[0] + (k + s) % kSides]).squaredNorm();
        if (gap < best_gap) best_gap = gap, best = s;
      }
      connect(ring[m - 1], ring[0], best);
      continue;
    }
    // Caps fanned to the end vertices (flat at free ends, short cones at junctions, whose
    // vertex every chain there shares): facing back at the start, forward at the end.
    const int cs = centre_of(c.vertices.front()), ce = centre_of(c.vertices.back());
    for (int k = 0; k < kSides; ++k) {
      const int k1 = (k + 1) % kSides;
      out.triangles.push_back({cs, ring[0] + k1, ring[0] + k});
      out.triangles.push_back({ce, ring[m - 1] + k, ring[m - 1] + k1});
    }
  }
  return out;
}

}  // namespace ripple
