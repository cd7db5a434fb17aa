#include "ripple/coupling/slip/collidable_velocity.hpp"

#include <array>
#include <limits>

#include "ripple/coupling/slip/masked_trilinear.hpp"

namespace ripple {

CollidableVelocity::CollidableVelocity(const MacVelocity& velocity, const OccludedFaces& occluded,
                                       const UpperSamples& upper, const SurfaceBins& bins)
    : velocity_(velocity), occluded_(occluded), upper_(upper), bins_(bins) {
  const GridGeometry& g = bins.grid();
  near_ = Array3<uint8_t>(g.n, 0);
  for (int k = 0; k < g.n.z(); ++k)
    for (int j = 0; j < g.n.y(); ++j)
      for (int i = 0; i < g.n.x(); ++i) {
        if (bins.cell_triangles({i, j, k}).empty()) continue;
        for (int c = std::max(0, k - 1); c <= std::min(g.n.z() - 1, k + 1); ++c)
          for (int b = std::max(0, j - 1); b <= std::min(g.n.y() - 1, j + 1); ++b)
            for (int a = std::max(0, i - 1); a <= std::min(g.n.x() - 1, i + 1); ++a) near_(a, b, c) = 1;
      }
}

bool CollidableVelocity::near_surface(const Vec3& x) const {
  const GridGeometry& g = bins_.grid();
  Vec3i c;
  for (int a = 0; a < 3; ++a) c[a] = std::clamp(static_cast<int>(std::floor((x[a] - g.origin[a]) / g.dx)), 0, g.n[a] - 1);
  return near_(c.x(), c.y(), c.z()) != 0;
}

Vec3 CollidableVelocity::sample(const Vec3& x) const {
  if (!near_surface(x)) return velocity_.sample(bins_.grid(), x);
  const GridGeometry& g = bins_.grid();
  // Visibility of the few cell centres the three stencils use, each ray cast once.
  std::array<std::pair<Vec3i, bool>, 16> seen;
  int nseen = 0;
  auto visible = [&](const Vec3i& c) {
    for (int i = 0; i < nseen; ++i)
      if (seen[i].first == c) return seen[i].second;
    const bool v = bins_.visible(x, g.cell_center(c.x(), c.y(), c.z()));
    if (nseen < static_cast<int>(seen.size())) seen[nseen++] = {c, v};
    return v;
  };
  Vec3 out;
  for (int a = 0; a < 3; ++a) {
    const Vec3i dims = g.face_dims(a);
    const Vec3 s = g.to_index_space(x, face_sample_offset(a));
    Vec3i base;
    Vec3 frac;
    for (int d = 0; d < 3; ++d) linear_stencil(s[d], dims[d], base[d], frac[d]);
    MaskedTrilinear sum;
    for (int corner = 0; corner < 8; ++corner) {
      const double w = trilinear_corner_weight(frac, corner);
      if (w <= 0.0) continue;
      Vec3i f = base;
      for (int d = 0; d < 3; ++d) f[d] += ((corner >> d) & 1) && dims[d] > 1 ? 1 : 0;
      Vec3i cell = f;  // the cell this sample belongs to: the one around x along the axis
      cell[a] = std::min(base[a], g.n[a] - 1);
      if (!visible(cell)) {
        sum.add_invalid(w);
        continue;
      }
      const bool interior = f[a] > 0 && f[a] < g.n[a];
      const int32_t o = interior ? occluded_.at(a, f) : -1;
      sum.add_valid(w, (o >= 0 && cell[a] == f[a]) ? upper_.value[o] : velocity_.u[a](f.x(), f.y(), f.z()));
    }
    if (!sum.any_valid()) return solid_velocity_near(x);
    out[a] = sum.value();
  }
  return out;
}

Vec3 CollidableVelocity::solid_velocity_near(const Vec3& x) const {
  const SlipSurface& s = bins_.surface();
  const double dx = bins_.grid().dx;
  double best = std::numeric_limits<double>::infinity();
  Vec3 v = Vec3::Zero();
  for (int t : bins_.triangles_near(x - Vec3::Constant(dx), x + Vec3::Constant(dx)))
    for (int k = 0; k < 3; ++k) {
      const int vertex = s.triangles[t][k];
      const double d = (s.x[vertex] - x).squaredNorm();
      if (d < best) best = d, v = s.v[vertex];
    }
  return v;
}

}  // namespace ripple
