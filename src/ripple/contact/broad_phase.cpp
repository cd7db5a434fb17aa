#include "ripple/contact/broad_phase.hpp"

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/parallel_sort.h>

#include <algorithm>
#include <cmath>

#include "ripple/core/parallel.hpp"

namespace ripple {
namespace {

enum Kind : uint8_t { kVertex = 0, kEdge = 1, kFace = 2 };

struct Boxes {
  std::vector<Aabb> vertex, edge, face;
};

Boxes primitive_boxes(const CollisionMesh& mesh, const VectorX& x0, const VectorX& x1, double inflation) {
  Boxes b;
  b.vertex.resize(static_cast<size_t>(mesh.num_vertices));
  parallel_for(0, mesh.num_vertices, [&](int64_t i) {
    Aabb box;
    box.extend(x0.segment<3>(3 * i));
    box.extend(x1.segment<3>(3 * i));
    const double grow = 0.5 * inflation + mesh.thickness[i];
    box.lo.array() -= grow;
    box.hi.array() += grow;
    b.vertex[i] = box;
  });
  auto join = [&](auto const& prims, std::vector<Aabb>& out) {
    out.resize(prims.size());
    parallel_for(0, static_cast<int64_t>(prims.size()), [&](int64_t p) {
      Aabb box;
      for (int v : prims[p]) {
        box.lo = box.lo.cwiseMin(b.vertex[v].lo);
        box.hi = box.hi.cwiseMax(b.vertex[v].hi);
      }
      out[p] = box;
    });
  };
  join(mesh.edges, b.edge);
  join(mesh.faces, b.face);
  return b;
}

bool overlap(const Aabb& a, const Aabb& b) {
  return (a.lo.array() <= b.hi.array()).all() && (b.lo.array() <= a.hi.array()).all();
}

/// Decides whether two primitives (given by their vertex lists) may form a contact pair.
struct PairFilter {
  const CollisionMesh& mesh;
  template <size_t A, size_t B>
  bool operator()(const std::array<int, A>& a, const std::array<int, B>& b) const {
    bool all_fixed = true;
    for (int i : a) {
      for (int j : b)
        if (i == j) return false;
      all_fixed = all_fixed && mesh.fixed[i];
    }
    for (int j : b) all_fixed = all_fixed && mesh.fixed[j];
    if (all_fixed) return false;
    const int body = mesh.body[a[0]];
    return body != mesh.body[b[0]] || mesh.self_contact[body];
  }
};

/// The linear motion of a swept query (x0 -> x1) and the inflation, for the relative-motion
/// test; absent (nullptr) for a static query.
struct SweptMotion {
  const CollisionMesh& mesh;
  const VectorX& x0;
  const VectorX& x1;
  double inflation;

  /// Whether primitives a and b may come within the inflation (beyond their offsets) while
  /// moving linearly. Distances at every time are unchanged by a common translation t*c, so
  /// the test sweeps both primitives in the frame moving with a's first vertex: pairs that
  /// move together (cloth sliding along itself, a falling body's own primitives) keep small
  /// relative boxes and drop out, although their world-space swept boxes overlap.
  template <size_t A, size_t B>
  bool may_meet(const std::array<int, A>& a, const std::array<int, B>& b) const {
    const Vec3 c = x1.segment<3>(3 * a[0]) - x0.segment<3>(3 * a[0]);
    auto box = [&](const auto& vs) {
      Aabb r;
      for (int v : vs) {
        const Vec3 p0 = x0.segment<3>(3 * v), p1 = x1.segment<3>(3 * v) - c;
        const Vec3 grow = Vec3::Constant(0.5 * inflation + mesh.thickness[v]);
        r.lo = r.lo.cwiseMin(p0.cwiseMin(p1) - grow);
        r.hi = r.hi.cwiseMax(p0.cwiseMax(p1) + grow);
      }
      return r;
    };
    const Aabb ba = box(a), bb = box(b);
    return (ba.lo.array() <= bb.hi.array()).all() && (bb.lo.array() <= ba.hi.array()).all();
  }
};

/// Adds the pair (kind ka, index ia) x (kind kb, index ib) to `out` if the kinds combine
/// into a contact type, the filter admits it and (swept queries) the relative motion may
/// bring it together.
void add_pair(const CollisionMesh& mesh, const std::vector<uint8_t>& isolated, const SweptMotion* motion, Kind ka,
              int ia, Kind kb, int ib, Candidates& out) {
  if (ka > kb) {
    std::swap(ka, kb);
    std::swap(ia, ib);
  }
  const PairFilter admit{mesh};
  auto meet = [&](const auto& a, const auto& b) { return motion == nullptr || motion->may_meet(a, b); };
  const std::array<int, 1> va{ia};
  if (ka == kVertex && kb == kFace) {
    if (admit(va, mesh.faces[ib]) && meet(va, mesh.faces[ib])) out.vertex_face.push_back({ia, ib});
  } else if (ka == kEdge && kb == kEdge) {
    if (admit(mesh.edges[ia], mesh.edges[ib]) && meet(mesh.edges[ia], mesh.edges[ib]))
      out.edge_edge.push_back({std::min(ia, ib), std::max(ia, ib)});
  } else if (ka == kVertex && kb == kEdge) {
    if (isolated[ia] && admit(va, mesh.edges[ib]) && meet(va, mesh.edges[ib])) out.vertex_edge.push_back({ia, ib});
  } else if (ka == kVertex && kb == kVertex) {
    const std::array<int, 1> vb{ib};
    if (isolated[ia] && isolated[ib] && admit(va, vb) && meet(va, vb))
      out.vertex_vertex.push_back({std::min(ia, ib), std::max(ia, ib)});
  }
}

const Aabb& box_of(const Boxes& b, Kind k, int i) {
  return k == kVertex ? b.vertex[i] : (k == kEdge ? b.edge[i] : b.face[i]);
}

struct Entry {
  uint64_t key;
  Kind kind;
  bool all_fixed;  ///< every vertex of the primitive is fixed
  int index;
  int body;        ///< body of the primitive's first vertex
  bool operator<(const Entry& o) const {
    return key != o.key ? key < o.key : (kind != o.kind ? kind < o.kind : index < o.index);
  }
};

constexpr int64_t kCellBias = int64_t(1) << 20;  // cell coordinates packed in 21 bits each

uint64_t cell_key(int64_t i, int64_t j, int64_t k) {
  return (uint64_t(i + kCellBias) << 42) | (uint64_t(j + kCellBias) << 21) | uint64_t(k + kCellBias);
}

void merge_into(Candidates& dst, const Candidates& src) {
  dst.vertex_face.insert(dst.vertex_face.end(), src.vertex_face.begin(), src.vertex_face.end());
  dst.edge_edge.insert(dst.edge_edge.end(), src.edge_edge.begin(), src.edge_edge.end());
  dst.vertex_edge.insert(dst.vertex_edge.end(), src.vertex_edge.begin(), src.vertex_edge.end());
  dst.vertex_vertex.insert(dst.vertex_vertex.end(), src.vertex_vertex.begin(), src.vertex_vertex.end());
}

}  // namespace

Candidates find_candidates(const CollisionMesh& mesh, const VectorX& x0, const VectorX& x1, double inflation) {
  const Boxes boxes = primitive_boxes(mesh, x0, x1, inflation);
  const auto isolated = mesh.isolated_vertices();
  const SweptMotion swept{mesh, x0, x1, inflation};
  const SweptMotion* motion = (&x0 == &x1 || x0 == x1) ? nullptr : &swept;

  // Cell size: twice the mean extent of the edge boxes (vertex boxes when there are none).
  const auto& sizing = boxes.edge.empty() ? boxes.vertex : boxes.edge;
  double mean_extent = 0.0;
  for (const Aabb& b : sizing) mean_extent += (b.hi - b.lo).maxCoeff();
  const double h = std::max(2.0 * mean_extent / std::max<size_t>(sizing.size(), 1), 1e-9);
  // Coordinates far from the origin would overflow the packed keys: shift by the scene's corner.
  Aabb all;
  for (const Aabb& b : boxes.vertex) {
    all.lo = all.lo.cwiseMin(b.lo);
    all.hi = all.hi.cwiseMax(b.hi);
  }
  const double cell_limit = double(kCellBias - 1);
  const double cell = std::max(h, (all.hi - all.lo).maxCoeff() / cell_limit);
  auto cell_of = [&](double v, int axis) { return static_cast<int64_t>(std::floor((v - all.lo[axis]) / cell)); };

  // Entries (cell, primitive); primitives spanning very many cells go to a brute-force list.
  constexpr int64_t kMaxCells = 512;
  auto first_vertex = [&](Kind kind, int index) {
    return kind == kVertex ? index : (kind == kEdge ? mesh.edges[index][0] : mesh.faces[index][0]);
  };
  auto body_of = [&](Kind kind, int index) { return mesh.body[first_vertex(kind, index)]; };
  auto fixed_of = [&](Kind kind, int index) {
    auto all = [&](const auto& vs) {
      for (int v : vs)
        if (!mesh.fixed[v]) return false;
      return true;
    };
    return kind == kVertex ? bool(mesh.fixed[index]) : (kind == kEdge ? all(mesh.edges[index]) : all(mesh.faces[index]));
  };
  std::vector<Entry> entries;
  std::vector<std::pair<Kind, int>> big;
  auto insert = [&](Kind kind, int index) {
    const Aabb& b = box_of(boxes, kind, index);
    int64_t lo[3], hi[3], count = 1;
    for (int a = 0; a < 3; ++a) {
      lo[a] = cell_of(b.lo[a], a);
      hi[a] = cell_of(b.hi[a], a);
      count *= hi[a] - lo[a] + 1;
    }
    if (count > kMaxCells) {
      big.push_back({kind, index});
      return;
    }
    for (int64_t i = lo[0]; i <= hi[0]; ++i)
      for (int64_t j = lo[1]; j <= hi[1]; ++j)
        for (int64_t k = lo[2]; k <= hi[2]; ++k)
          entries.push_back({cell_key(i, j, k), kind, fixed_of(kind, index), index, body_of(kind, index)});
  };
  for (int v = 0; v < mesh.num_vertices; ++v)
    if (mesh.is_collidable(v)) insert(kVertex, v);
  for (int e = 0; e < static_cast<int>(mesh.edges.size()); ++e) insert(kEdge, e);
  for (int f = 0; f < static_cast<int>(mesh.faces.size()); ++f) insert(kFace, f);
  tbb::parallel_sort(entries.begin(), entries.end());

  std::vector<size_t> group_start;
  for (size_t i = 0; i < entries.size(); ++i)
    if (i == 0 || entries[i].key != entries[i - 1].key) group_start.push_back(i);
  group_start.push_back(entries.size());

  tbb::enumerable_thread_specific<Candidates> local;
  parallel_for(0, static_cast<int64_t>(group_start.size()) - 1, [&](int64_t g) {
    Candidates& out = local.local();
    const size_t begin = group_start[g], end = group_start[g + 1];
    // Entries of a cell are sorted by kind (vertices, edges, faces); only vertex-face,
    // edge-edge and (isolated) vertex-edge and vertex-vertex pairs make contact pairs.
    size_t first_edge = begin, first_face = begin;
    while (first_edge < end && entries[first_edge].kind == kVertex) ++first_edge;
    first_face = first_edge;
    while (first_face < end && entries[first_face].kind == kEdge) ++first_face;
    auto visit = [&](size_t a, size_t b) {
        const Entry &ea = entries[a], &eb = entries[b];
        if (ea.all_fixed && eb.all_fixed) return;
        if (ea.body == eb.body && !mesh.self_contact[ea.body]) return;
        const Aabb &ba = box_of(boxes, ea.kind, ea.index), &bb = box_of(boxes, eb.kind, eb.index);
        if (!overlap(ba, bb)) return;
        // Report a pair only in the cell holding the lower corner of the boxes' overlap.
        const uint64_t home = cell_key(cell_of(std::max(ba.lo.x(), bb.lo.x()), 0),
                                       cell_of(std::max(ba.lo.y(), bb.lo.y()), 1),
                                       cell_of(std::max(ba.lo.z(), bb.lo.z()), 2));
        if (home != ea.key) return;
        add_pair(mesh, isolated, motion, ea.kind, ea.index, eb.kind, eb.index, out);
    };
    for (size_t a = begin; a < first_edge; ++a) {
      for (size_t b = first_face; b < end; ++b) visit(a, b);
      if (!isolated[entries[a].index]) continue;
      for (size_t b = a + 1; b < first_face; ++b) visit(a, b);  // isolated vertex: vertices and edges
    }
    for (size_t a = first_edge; a < first_face; ++a)
      for (size_t b = a + 1; b < first_face; ++b) visit(a, b);
  }, 16);

  Candidates result;
  for (const Candidates& c : local) merge_into(result, c);
  // Big primitives against everything (each big-big pair once).
  for (size_t q = 0; q < big.size(); ++q) {
    // Plain variables, not a structured binding: the lambda below captures them, which clang
    // accepts only from version 16 (the sanitizer and fuzz builds use clang 14).
    const Kind kind = big[q].first;
    const int index = big[q].second;
    const Aabb& bq = box_of(boxes, kind, index);
    auto test = [&](Kind k, int i) {
      if (overlap(bq, box_of(boxes, k, i))) add_pair(mesh, isolated, motion, kind, index, k, i, result);
    };
    auto is_big_before = [&](Kind k, int i) {
      for (size_t r = 0; r <= q; ++r)
        if (big[r].first == k && big[r].second == i) return true;
      return false;
    };
    for (int v = 0; v < mesh.num_vertices; ++v)
      if (mesh.is_collidable(v) && !is_big_before(kVertex, v)) test(kVertex, v);
    for (int e = 0; e < static_cast<int>(mesh.edges.size()); ++e)
      if (!is_big_before(kEdge, e)) test(kEdge, e);
    for (int f = 0; f < static_cast<int>(mesh.faces.size()); ++f)
      if (!is_big_before(kFace, f)) test(kFace, f);
  }
  result.sort();
  return result;
}

Candidates find_candidates_brute_force(const CollisionMesh& mesh, const VectorX& x0, const VectorX& x1,
                                       double inflation) {
  const Boxes boxes = primitive_boxes(mesh, x0, x1, inflation);
  const auto isolated = mesh.isolated_vertices();
  const SweptMotion swept{mesh, x0, x1, inflation};
  const SweptMotion* motion = (&x0 == &x1 || x0 == x1) ? nullptr : &swept;
  Candidates out;
  const int nv = mesh.num_vertices, ne = static_cast<int>(mesh.edges.size()),
            nf = static_cast<int>(mesh.faces.size());
  for (int v = 0; v < nv; ++v)
    for (int f = 0; f < nf && mesh.is_collidable(v); ++f)
      if (overlap(boxes.vertex[v], boxes.face[f])) add_pair(mesh, isolated, motion, kVertex, v, kFace, f, out);
  for (int a = 0; a < ne; ++a)
    for (int b = a + 1; b < ne; ++b)
      if (overlap(boxes.edge[a], boxes.edge[b])) add_pair(mesh, isolated, motion, kEdge, a, kEdge, b, out);
  for (int v = 0; v < nv; ++v)
    for (int e = 0; e < ne && mesh.is_collidable(v); ++e)
      if (overlap(boxes.vertex[v], boxes.edge[e])) add_pair(mesh, isolated, motion, kVertex, v, kEdge, e, out);
  for (int a = 0; a < nv; ++a)
    for (int b = a + 1; b < nv; ++b)
      if (overlap(boxes.vertex[a], boxes.vertex[b])) add_pair(mesh, isolated, motion, kVertex, a, kVertex, b, out);
  out.sort();
  return out;
}

}  // namespace ripple
