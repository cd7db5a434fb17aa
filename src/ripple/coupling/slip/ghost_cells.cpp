#include "ripple/coupling/slip/ghost_cells.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace ripple {

namespace {

struct Member {
  int32_t occluded;  ///< occluded face
  int side;          ///< side of the real cell
  Vec3i real;        ///< the real (liquid) cell
};

int64_t key_of(const GridGeometry& g, const Vec3i& c) { return c.x() + int64_t(g.n.x()) * (c.y() + int64_t(g.n.y()) * c.z()); }

/// Is the face between cell c and cell c + d (d a unit step) inside the grid and not occluded?
bool open_between(const GridGeometry& g, const OccludedFaces& occ, const Vec3i& c, const Vec3i& d) {
  const Vec3i nb = c + d;
  if ((c.array() < 0).any() || (c.array() >= g.n.array()).any()) return false;
  if ((nb.array() < 0).any() || (nb.array() >= g.n.array()).any()) return false;
  int axis = 0;
  while (d[axis] == 0) ++axis;
  const Vec3i face = d[axis] > 0 ? nb : c;
  return occ.at(axis, face) < 0;
}

/// Real cells a and b in each other's one-ring: neighbours through an open face.
bool one_ring(const GridGeometry& g, const OccludedFaces& occ, const Vec3i& a, const Vec3i& b) {
  const Vec3i d = b - a;
  return d.cwiseAbs().sum() == 1 && open_between(g, occ, a, d);
}

/// Real cells a and b (both next to one location, on different axes) in each other's two-ring:
/// the path a -> a + (b - loc) -> b through open faces.
bool two_ring(const GridGeometry& g, const OccludedFaces& occ, const Vec3i& loc, const Vec3i& a, const Vec3i& b) {
  const Vec3i da = a - loc, db = b - loc;
  if (da == -db) return false;  // opposite sides: the only short path passes the location itself
  return open_between(g, occ, a, db) && open_between(g, occ, a + db, -da);
}

}  // namespace

GhostCells build_ghost_cells(const GridGeometry& g, const OccludedFaces& occ,
                             const std::function<bool(const Vec3i&)>& liquid) {
  GhostCells out;
  out.of_side.assign(occ.faces.size(), {-1, -1});
  // Group the liquid sides of occluded faces by the location behind them.
  std::unordered_map<int64_t, std::vector<Member>> at;
  for (size_t o = 0; o < occ.faces.size(); ++o) {
    const OccludedFace& f = occ.faces[o];
    Vec3i lower = f.face;
    lower[f.axis] -= 1;
    if (liquid(lower)) at[key_of(g, f.face)].push_back({static_cast<int32_t>(o), 0, lower});
    if (liquid(f.face)) at[key_of(g, lower)].push_back({static_cast<int32_t>(o), 1, f.face});
  }
  std::vector<int64_t> keys;
  keys.reserve(at.size());
  for (const auto& [k, v] : at) keys.push_back(k);
  std::sort(keys.begin(), keys.end());  // a fixed numbering, whatever the hash order
  std::unordered_map<int64_t, std::vector<int32_t>> ghosts_at;
  std::vector<std::vector<Vec3i>>& reals = out.real_cells;
  for (int64_t k : keys) {
    std::vector<Member>& m = at[k];
    const Vec3i loc(static_cast<int>(k % g.n.x()), static_cast<int>((k / g.n.x()) % g.n.y()),
                    static_cast<int>(k / (int64_t(g.n.x()) * g.n.y())));
    // Merge members whose real cells are one cell apart diagonally and joined by open faces.
    std::vector<int> parent(m.size());
    std::iota(parent.begin(), parent.end(), 0);
    auto find = [&](int a) {
      while (parent[a] != a) a = parent[a] = parent[parent[a]];
      return a;
    };
    for (size_t i = 0; i < m.size(); ++i)
      for (size_t j = i + 1; j < m.size(); ++j)
        if (m[i].real != m[j].real && two_ring(g, occ, loc, m[i].real, m[j].real)) parent[find(int(i))] = find(int(j));
    std::vector<int32_t> id(m.size(), -1);
    for (size_t i = 0; i < m.size(); ++i) {
      const int r = find(int(i));
      if (id[r] < 0) {
        id[r] = out.count();
        out.location.push_back(loc);
        reals.emplace_back();
        ghosts_at[k].push_back(id[r]);
      }
      out.of_side[m[i].occluded][m[i].side] = id[r];
      reals[id[r]].push_back(m[i].real);
    }
  }
  // Links between ghost cells at neighbouring locations whose real cells are one-ring neighbours.
  for (int32_t a = 0; a < out.count(); ++a)
    for (int axis = 0; axis < 3; ++axis) {
      const Vec3i up = out.location[a] + Vec3i::Unit(axis);
      if (up[axis] >= g.n[axis]) continue;
      const auto it = ghosts_at.find(key_of(g, up));
      if (it == ghosts_at.end()) continue;
      for (int32_t b : it->second) {
        bool linked = false;
        for (const Vec3i& ra : reals[a])
          for (const Vec3i& rb : reals[b]) linked = linked || one_ring(g, occ, ra, rb);
        if (!linked) continue;
        out.links.push_back({a, b});
        out.link_axis.push_back(axis);
      }
    }
  return out;
}

}  // namespace ripple
