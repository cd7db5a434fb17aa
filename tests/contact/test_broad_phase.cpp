// The spatial-hash broad phase finds exactly the pairs the brute-force oracle finds.
#include <gtest/gtest.h>

#include <random>

#include "ripple/contact/broad_phase.hpp"
#include "ripple/contact/pair_distance.hpp"

namespace ripple {
namespace {

/// A crumpled n x n cloth (body 0, self contact), a rod polyline (body 1), free particles
/// (body 2) and a fixed floor quad (body 3, fixed).
struct Soup {
  CollisionMesh mesh;
  VectorX x;
};

Soup make_soup(int n, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Soup s;
  std::vector<Vec3> p;
  std::vector<int> body;
  auto id = [n](int i, int j) { return i * n + j; };
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      p.push_back(Vec3(i, 0.3 * u(rng), j) / n + 0.02 * Vec3(u(rng), u(rng), u(rng)));
      body.push_back(0);
    }
  for (int i = 0; i + 1 < n; ++i)
    for (int j = 0; j + 1 < n; ++j) {
      s.mesh.faces.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
      s.mesh.faces.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
    }
  for (const auto& f : s.mesh.faces)
    for (int k = 0; k < 3; ++k) {
      int a = f[k], b = f[(k + 1) % 3];
      s.mesh.edges.push_back({std::min(a, b), std::max(a, b)});
    }
  std::sort(s.mesh.edges.begin(), s.mesh.edges.end());
  s.mesh.edges.erase(std::unique(s.mesh.edges.begin(), s.mesh.edges.end()), s.mesh.edges.end());
  const int rod0 = static_cast<int>(p.size());
  for (int k = 0; k < 20; ++k) {
    p.push_back(Vec3(0.05 * k, 0.05 + 0.02 * u(rng), 0.5 + 0.1 * u(rng)));
    body.push_back(1);
    if (k) s.mesh.edges.push_back({rod0 + k - 1, rod0 + k});
  }
  for (int k = 0; k < 30; ++k) {
    p.push_back(Vec3(0.5 + 0.5 * u(rng), 0.1 * u(rng), 0.5 + 0.5 * u(rng)));
    body.push_back(2);
  }
  const int f0 = static_cast<int>(p.size());
  for (Vec3 c : {Vec3(-1, -0.2, -1), Vec3(2, -0.2, -1), Vec3(2, -0.2, 2), Vec3(-1, -0.2, 2)}) {
    p.push_back(c);
    body.push_back(3);
  }
  s.mesh.faces.push_back({f0, f0 + 1, f0 + 2});
  s.mesh.faces.push_back({f0, f0 + 2, f0 + 3});
  for (auto e : {std::array<int, 2>{f0, f0 + 1}, {f0 + 1, f0 + 2}, {f0 + 2, f0 + 3}, {f0, f0 + 3}, {f0, f0 + 2}})
    s.mesh.edges.push_back(e);
  s.mesh.num_vertices = static_cast<int>(p.size());
  s.mesh.body = body;
  s.mesh.thickness.assign(p.size(), 0.0);
  for (int k = rod0; k < rod0 + 20; ++k) s.mesh.thickness[k] = 0.01;
  s.mesh.self_contact = {1, 1, 1, 0};
  s.mesh.fixed.assign(p.size(), 0);
  for (int k = f0; k < f0 + 4; ++k) s.mesh.fixed[k] = 1;
  s.x.resize(3 * p.size());
  for (size_t i = 0; i < p.size(); ++i) s.x.segment<3>(3 * i) = p[i];
  s.mesh.rest_positions = s.x;
  return s;
}

void expect_same(const Candidates& a, const Candidates& b) {
  EXPECT_EQ(a.vertex_face, b.vertex_face);
  EXPECT_EQ(a.edge_edge, b.edge_edge);
  EXPECT_EQ(a.vertex_edge, b.vertex_edge);
  EXPECT_EQ(a.vertex_vertex, b.vertex_vertex);
}

TEST(BroadPhase, MatchesBruteForceStaticAndSwept) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 4; ++trial) {
    const Soup s = make_soup(12 + 4 * trial, rng);
    const double inflation = 0.02 + 0.02 * trial;
    const Candidates hashed = find_candidates(s.mesh, s.x, s.x, inflation);
    const Candidates brute = find_candidates_brute_force(s.mesh, s.x, s.x, inflation);
    EXPECT_GT(brute.vertex_face.size(), 0u);
    EXPECT_GT(brute.edge_edge.size(), 0u);
    EXPECT_GT(brute.vertex_edge.size(), 0u);
    expect_same(hashed, brute);
    // Swept: every vertex moves by a random displacement (some far, so boxes span many cells).
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    VectorX x1 = s.x;
    for (int i = 0; i < s.mesh.num_vertices; ++i)
      if (!s.mesh.fixed[i]) x1.segment<3>(3 * i) += (i % 17 == 0 ? 0.5 : 0.05) * Vec3(u(rng), u(rng), u(rng));
    expect_same(find_candidates(s.mesh, s.x, x1, inflation), find_candidates_brute_force(s.mesh, s.x, x1, inflation));
  }
}

TEST(BroadPhase, FiltersAdjacentFixedAndRigidPairs) {
  std::mt19937 rng(12);
  Soup s = make_soup(8, rng);
  const Candidates c = find_candidates(s.mesh, s.x, s.x, 0.05);
  for (const auto& [v, f] : c.vertex_face)
    for (int w : s.mesh.faces[f]) EXPECT_NE(v, w);
  for (const auto& [a, b] : c.edge_edge)
    for (int i : s.mesh.edges[a])
      for (int j : s.mesh.edges[b]) EXPECT_NE(i, j);
  // The fixed floor never pairs with itself; a body without self contact neither.
  s.mesh.self_contact[0] = 0;
  const Candidates no_self = find_candidates(s.mesh, s.x, s.x, 0.05);
  for (const auto& [v, f] : no_self.vertex_face) EXPECT_NE(s.mesh.body[v], s.mesh.body[s.mesh.faces[f][0]]);
}

/// The relative-motion test may drop a swept pair only if it never comes within the
/// inflation: every admissible pair whose sampled distance along the linear motion gets
/// that close must be a candidate.
TEST(BroadPhase, SweptPairsKeepEveryPairThatComesClose) {
  std::mt19937 rng(13);
  const Soup s = make_soup(9, rng);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  VectorX x1 = s.x;
  for (int i = 0; i < s.mesh.num_vertices; ++i)
    if (!s.mesh.fixed[i]) x1.segment<3>(3 * i) += Vec3(0.3, -0.2, 0.1) + 0.08 * Vec3(u(rng), u(rng), u(rng));
  const double inflation = 0.01;
  const Candidates swept = find_candidates(s.mesh, s.x, x1, inflation);
  const Candidates all = find_candidates_brute_force(s.mesh, s.x, s.x, 1e9);  // every admissible pair
  auto at = [&](int v, double t) -> Vec3 { return (1 - t) * s.x.segment<3>(3 * v) + t * x1.segment<3>(3 * v); };
  auto comes_close = [&](auto distance_sq, double offset) {
    for (int k = 0; k <= 100; ++k)
      if (std::sqrt(distance_sq(0.01 * k)) - offset < inflation) return true;
    return false;
  };
  auto contains = [](const auto& list, const std::array<int, 2>& p) {
    return std::binary_search(list.begin(), list.end(), p);
  };
  int close_pairs = 0;
  for (const auto& p : all.vertex_face) {
    const auto& f = s.mesh.faces[p[1]];
    const double offset = s.mesh.thickness[p[0]] + s.mesh.thickness[f[0]];
    if (!comes_close([&](double t) { return point_triangle_distance_sq(at(p[0], t), at(f[0], t), at(f[1], t), at(f[2], t)); },
                     offset))
      continue;
    ++close_pairs;
    EXPECT_TRUE(contains(swept.vertex_face, p)) << "vertex " << p[0] << " face " << p[1];
  }
  for (const auto& p : all.edge_edge) {
    const auto &a = s.mesh.edges[p[0]], &b = s.mesh.edges[p[1]];
    const double offset = s.mesh.thickness[a[0]] + s.mesh.thickness[b[0]];
    if (!comes_close([&](double t) { return edge_edge_distance_sq(at(a[0], t), at(a[1], t), at(b[0], t), at(b[1], t)); },
                     offset))
      continue;
    ++close_pairs;
    EXPECT_TRUE(contains(swept.edge_edge, p)) << "edges " << p[0] << " " << p[1];
  }
  EXPECT_GT(close_pairs, 100);
  EXPECT_LT(swept.size(), find_candidates_brute_force(s.mesh, s.x, x1, inflation).size() + 1);
}

/// A rigid translation of everything leaves the candidate set of the static query: pairs that
/// move together are not candidates however far they move (the 64k-vertex cloth had 21 M
/// swept-box pairs in one falling step without this).
TEST(BroadPhase, CommonTranslationKeepsStaticPairs) {
  std::mt19937 rng(14);
  const Soup s = make_soup(10, rng);
  VectorX x1 = s.x;
  for (int i = 0; i < s.mesh.num_vertices; ++i) x1.segment<3>(3 * i) += Vec3(0.1, -0.7, 0.2);
  const Candidates moved = find_candidates(s.mesh, s.x, x1, 0.02);
  expect_same(moved, find_candidates(s.mesh, s.x, s.x, 0.02));
  expect_same(moved, find_candidates_brute_force(s.mesh, s.x, x1, 0.02));
}

}  // namespace
}  // namespace ripple
