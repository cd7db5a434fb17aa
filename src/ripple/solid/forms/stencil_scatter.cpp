#include "ripple/solid/forms/stencil_scatter.hpp"

namespace ripple {
namespace {

struct VertexMap {
  int first = 0;
  int size = 3;
  Vec3 local = Vec3::Zero();
  double weight(int col) const { return col < 3 ? 1.0 : local[(col - 3) / 3]; }
};

VertexMap map_of(const SolidModel& m, int v) {
  VertexMap map;
  map.first = m.vertex_dof[v];
  if (m.vertex_rigid[v]) {
    map.size = 12;
    map.local = m.vertex_local[v];
  }
  return map;
}

}  // namespace

void scatter_stencil(const SolidModel& m, const ContactStencil& s, const Derivatives<12>& d, double w,
                     VectorX& gradient, std::vector<Triplet>* hessian) {
  VertexMap maps[4];
  for (int a = 0; a < s.count; ++a) {
    maps[a] = map_of(m, s.v[a]);
    m.add_vertex_gradient(s.v[a], w * d.gradient.segment<3>(3 * a), gradient);
  }
  if (!hessian) return;
  for (int a = 0; a < s.count; ++a)
    for (int b = 0; b < s.count; ++b) {
      const Mat3 h = w * d.hessian.block<3, 3>(3 * a, 3 * b);
      for (int ca = 0; ca < maps[a].size; ca += 3)
        for (int cb = 0; cb < maps[b].size; cb += 3) {
          const double s2 = maps[a].weight(ca) * maps[b].weight(cb);
          if (s2 == 0.0) continue;
          for (int r = 0; r < 3; ++r)
            for (int c = 0; c < 3; ++c) hessian->emplace_back(maps[a].first + ca + r, maps[b].first + cb + c, s2 * h(r, c));
        }
    }
}

}  // namespace ripple
