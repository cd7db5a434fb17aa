#include "ripple/coupling/membrane/surface_faces.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "ripple/core/box_clipping.hpp"

namespace ripple {

namespace {

/// Barycentric weights of p in triangle (a, b, c), clamped to the triangle (non-negative,
/// summing to one).
Vec3 clamped_barycentric(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 w = barycentric_coordinates(p, a, b, c).cwiseMax(0.0);
  return w.sum() > 0.0 ? Vec3(w / w.sum()) : Vec3::Constant(1.0 / 3.0);
}

}  // namespace

SurfaceFaces surface_faces(const ScalarGrid& phi, const SolidBoundary& sb, const GridGeometry& g,
                           const LiquidMembrane& m, double density, const Array3<int>* cell_body) {
  SurfaceFaces out;
  const Vec3i n = g.n;
  std::array<std::unordered_map<int64_t, int>, 3> row_of;  // face linear index -> row
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    for (int k = 0; k < fd.z(); ++k)
      for (int j = 0; j < fd.y(); ++j)
        for (int i = 0; i < fd.x(); ++i) {
          const Vec3i f(i, j, k);
          if (f[a] == 0 || f[a] == n[a]) continue;  // domain sides: walls (open sides are refused)
          const double open = sb.face_open[a](i, j, k);
          if (open <= 0.0) continue;
          Vec3i lo = f;
          lo[a] -= 1;
          const double pl = phi(lo.x(), lo.y(), lo.z()), ph = phi(i, j, k);
          if ((pl < 0.0) == (ph < 0.0)) continue;
          SurfaceFace s;
          s.axis = a;
          s.index = f;
          s.open = open;
          const bool liquid_hi = ph < 0.0;
          s.liquid_cell = liquid_hi ? phi.index(i, j, k) : phi.index(lo.x(), lo.y(), lo.z());
          s.sign = liquid_hi ? 1.0 : -1.0;
          const double pin = liquid_hi ? ph : pl, pout = liquid_hi ? pl : ph;
          double share = std::clamp(pin / (pin - pout), 0.01, 1.0);
          if (cell_body && cell_body->size() > 0) {
            const Vec3i other = liquid_hi ? lo : f;
            s.body = (*cell_body)(other.x(), other.y(), other.z());
            if (s.body >= 0) share = 0.5;  // the liquid's half of the dual cell
          }
          s.mass = density * g.dx * g.dx * g.dx * share;
          if (s.body < 0)
            row_of[static_cast<size_t>(a)].emplace(sb.face_open[a].index(i, j, k), static_cast<int>(out.faces.size()));
          out.faces.push_back(s);
        }
  }
  std::vector<Eigen::Triplet<double>> trips;
  const double dx = g.dx;
  for (const Eigen::Vector3i& t : m.triangles) {
    if (m.in_contact(t)) continue;
    const Vec3 &A = m.x[static_cast<size_t>(t[0])], &B = m.x[static_cast<size_t>(t[1])],
               &C = m.x[static_cast<size_t>(t[2])];
    const Vec3 lo = A.cwiseMin(B).cwiseMin(C), hi = A.cwiseMax(B).cwiseMax(C);
    for (int a = 0; a < 3; ++a) {
      // Dual cell of face f (axis a): [f_a - 1/2, f_a + 1/2] dx along a, [f_b, f_b + 1] dx across.
      Vec3i flo, fhi;
      for (int b = 0; b < 3; ++b) {
        const double shift = b == a ? 0.5 : 0.0;
        flo[b] = static_cast<int>(std::floor((lo[b] - g.origin[b]) / dx + shift));
        fhi[b] = static_cast<int>(std::floor((hi[b] - g.origin[b]) / dx + shift));
        const int top = g.face_dims(a)[b] - 1;
        flo[b] = std::clamp(flo[b], 0, top);
        fhi[b] = std::clamp(fhi[b], 0, top);
      }
      for (int k = flo.z(); k <= fhi.z(); ++k)
        for (int j = flo.y(); j <= fhi.y(); ++j)
          for (int i = flo.x(); i <= fhi.x(); ++i) {
            const auto it = row_of[static_cast<size_t>(a)].find(sb.face_open[a].index(i, j, k));
            if (it == row_of[static_cast<size_t>(a)].end()) continue;
            Vec3 center = g.face_center(a, i, j, k);
            const Aabb box{center - Vec3::Constant(0.5 * dx), center + Vec3::Constant(0.5 * dx)};
            const std::vector<Vec3> piece = clip_polygon_to_box({A, B, C}, box);
            if (piece.size() < 3) continue;
            const double area = polygon_area(piece);
            if (!(area > 0.0)) continue;
            Vec3 centroid = Vec3::Zero();
            for (const Vec3& p : piece) centroid += p;
            centroid /= static_cast<double>(piece.size());
            const Vec3 w = clamped_barycentric(centroid, A, B, C);
            for (int c = 0; c < 3; ++c) trips.emplace_back(it->second, t[c], area * w[c]);
          }
    }
  }
  Eigen::SparseMatrix<double, Eigen::RowMajor> W(static_cast<int>(out.faces.size()), static_cast<int>(m.size()));
  W.setFromTriplets(trips.begin(), trips.end());
  for (int r = 0; r < W.outerSize(); ++r) {
    double sum = 0.0;
    for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(W, r); it; ++it) sum += it.value();
    if (sum > 0.0)
      for (Eigen::SparseMatrix<double, Eigen::RowMajor>::InnerIterator it(W, r); it; ++it) it.valueRef() /= sum;
    else if (out.faces[static_cast<size_t>(r)].body < 0)
      ++out.unreached;
  }
  out.W = std::move(W);
  return out;
}

}  // namespace ripple
