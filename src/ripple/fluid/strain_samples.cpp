#include "ripple/fluid/strain_samples.hpp"

#include <algorithm>
#include <array>

#include "ripple/core/parallel.hpp"

namespace ripple {

namespace {

/// A face in unwrapped coordinates and its sign in a difference.
struct RawTerm {
  int axis;
  Vec3i face;
  double sign;
  int difference = 0;
};

}  // namespace

StrainSamples build_strain_samples(const GridGeometry& g, const WallSides& walls, const PeriodicAxes& periodic,
                                   const std::function<double(const Vec3&)>& fraction) {
  const double dx = g.dx;
  // Index of face (a, f) after wrapping periodic axes; -1 outside the grid.
  auto face_index = [&](int a, Vec3i f) -> int64_t {
    const Vec3i dims = g.face_dims(a);
    for (int b = 0; b < 3; ++b) {
      if (periodic[static_cast<size_t>(b)]) {
        const int n = g.n[b];  // faces normal to b: index n is index 0
        f[b] = ((f[b] % n) + n) % n;
      } else if (f[b] < 0 || f[b] >= dims[b]) {
        return -1;
      }
    }
    return (static_cast<int64_t>(f.z()) * dims.y() + f.y()) * dims.x() + f.x();
  };
  struct Slab {
    std::vector<int64_t> counts;
    std::vector<StrainTerm> terms;
    std::vector<double> weight;
    std::vector<Vec3> position;
    std::vector<RawTerm> raw;
  };
  auto add_sample = [&](Slab& out, double c, double w, const Vec3& x) {
    std::array<StrainTerm, 4> row;
    int count = 0;
    for (const RawTerm& t : out.raw) {
      const int64_t f = face_index(t.axis, t.face);
      if (f < 0) return;  // reaches past an open side: traction-free there
      int e = 0;
      while (e < count && !(row[static_cast<size_t>(e)].axis == t.axis && row[static_cast<size_t>(e)].face == f)) ++e;
      if (e == count) row[static_cast<size_t>(count++)] = {t.axis, f, 0.0, t.difference};
      row[static_cast<size_t>(e)].coefficient += t.sign;
    }
    int kept = 0;
    for (int e = 0; e < count; ++e)
      if (row[static_cast<size_t>(e)].coefficient != 0.0) {  // a periodic axis one cell wide cancels itself
        out.terms.push_back(row[static_cast<size_t>(e)]);
        ++kept;
      }
    if (kept == 0) return;
    out.counts.push_back(kept);
    out.weight.push_back(c * w);
    out.position.push_back(x);
  };
  // The difference of component `comp` across the edge E along axis `along`: the face at E
  // minus the one a cell below. Across a domain side a wall mirrors the inside face (no-slip,
  // u_ghost = -u) and an open side has no face (the sample is dropped).
  auto difference = [&](std::vector<RawTerm>& terms, int comp, const Vec3i& E, int along, int which) {
    const size_t first = terms.size();
    Vec3i below = E;
    below[along] -= 1;
    const bool wrap = periodic[static_cast<size_t>(along)];
    if (!wrap && E[along] == 0) {
      terms.push_back({comp, E, 1.0});
      if (walls[static_cast<size_t>(2 * along)]) terms.push_back({comp, E, 1.0});
      else terms.push_back({comp, below, -1.0});
    } else if (!wrap && E[along] == g.n[along]) {
      terms.push_back({comp, below, -1.0});
      if (walls[static_cast<size_t>(2 * along + 1)]) terms.push_back({comp, below, -1.0});
      else terms.push_back({comp, E, 1.0});
    } else {
      terms.push_back({comp, E, 1.0});
      terms.push_back({comp, below, -1.0});
    }
    for (size_t t = first; t < terms.size(); ++t) terms[t].difference = which;
  };
  auto cell_slab = [&](Slab& out, int k) {
    for (int j = 0; j < g.n.y(); ++j)
      for (int i = 0; i < g.n.x(); ++i) {
        const Vec3i I(i, j, k);
        const Vec3 x = g.cell_center(i, j, k);
        const double w = fraction(x);
        if (w <= 0.0) continue;
        for (int a = 0; a < 3; ++a) {
          Vec3i hi = I;
          hi[a] += 1;
          out.raw.assign({{a, hi, 1.0}, {a, I, -1.0}});
          add_sample(out, 1.0, w, x);
        }
      }
  };
  // Edges between axes a and b: nodes along a and b, cells along the third axis.
  auto edge_dims = [&](int a, int b) {
    Vec3i dims = g.n;
    if (!periodic[static_cast<size_t>(a)]) dims[a] += 1;
    if (!periodic[static_cast<size_t>(b)]) dims[b] += 1;
    return dims;
  };
  auto edge_slab = [&](Slab& out, int a, int b, int k) {
    const int c3 = 3 - a - b;
    const Vec3i dims = edge_dims(a, b);
    for (int j = 0; j < dims.y(); ++j)
      for (int i = 0; i < dims.x(); ++i) {
        const Vec3i E(i, j, k);
        Vec3 x = g.origin + dx * E.cast<double>();
        x[c3] += 0.5 * dx;
        // On a wall the control volume is half outside the domain: half its weight. With the
        // mirrored face counted twice, the wall's force on the face next to it is then
        // mu (u - u_ghost) / dx^2, the no-slip wall half a cell away.
        double w = fraction(x);
        for (int axis : {a, b})
          if (!periodic[static_cast<size_t>(axis)] && (E[axis] == 0 || E[axis] == g.n[axis])) w *= 0.5;
        if (w <= 0.0) continue;
        out.raw.clear();
        difference(out.raw, a, E, b, 0);  // u_a,b
        difference(out.raw, b, E, a, 1);  // u_b,a
        add_sample(out, 0.5, w, x);
      }
  };
  struct Task {
    int a, b, k;  // a < 0: the cells of slab k
  };
  std::vector<Task> tasks;
  for (int k = 0; k < g.n.z(); ++k) tasks.push_back({-1, -1, k});
  for (int a = 0; a < 3; ++a)
    for (int b = a + 1; b < 3; ++b)
      for (int k = 0; k < edge_dims(a, b).z(); ++k) tasks.push_back({a, b, k});
  std::vector<Slab> slabs(tasks.size());
  parallel_for(0, static_cast<int64_t>(tasks.size()), [&](int64_t t) {
    const Task& task = tasks[static_cast<size_t>(t)];
    if (task.a < 0) cell_slab(slabs[static_cast<size_t>(t)], task.k);
    else edge_slab(slabs[static_cast<size_t>(t)], task.a, task.b, task.k);
  }, 1);
  StrainSamples out;
  for (const Slab& slab : slabs) {
    for (int64_t count : slab.counts) out.start.push_back(out.start.back() + count);
    out.terms.insert(out.terms.end(), slab.terms.begin(), slab.terms.end());
    out.weight.insert(out.weight.end(), slab.weight.begin(), slab.weight.end());
    out.position.insert(out.position.end(), slab.position.begin(), slab.position.end());
  }
  return out;
}

}  // namespace ripple
