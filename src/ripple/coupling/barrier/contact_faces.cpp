#include "ripple/coupling/barrier/contact_faces.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "ripple/coupling/barrier/face_velocity_weights.hpp"

namespace ripple {

std::vector<ContactFace> find_contact_faces(const GridGeometry& g, const ScalarGrid& phi, const VectorX& x,
                                            const std::vector<int>& contacting) {
  std::vector<std::tuple<int, int, int, int>> keys;  // (axis, i, j, k)
  for (int v : contacting) {
    // The vertex's dual cell spans cells floor(s) .. floor(s) + 1; one more cell around it.
    const Vec3 s = g.to_index_space(x.segment<3>(3 * v), cell_sample_offset());
    const Vec3i lo = (s.array().floor().cast<int>() - 1).matrix(), hi = lo + Vec3i::Constant(3);
    for (int a = 0; a < 3; ++a)
      for (int i = lo.x(); i <= hi.x(); ++i)
        for (int j = lo.y(); j <= hi.y(); ++j)
          for (int k = lo.z(); k <= hi.z(); ++k) {
            Vec3i c(i, j, k), below(i, j, k);
            below[a] -= 1;
            if (!phi.in_range(c.x(), c.y(), c.z()) || !phi.in_range(below.x(), below.y(), below.z())) continue;
            const bool liquid = phi(c.x(), c.y(), c.z()) < 0.0, liquid_below = phi(below.x(), below.y(), below.z()) < 0.0;
            if (liquid != liquid_below) keys.emplace_back(a, i, j, k);
          }
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<ContactFace> faces;
  faces.reserve(keys.size());
  for (const auto& [a, i, j, k] : keys) faces.push_back({a, Vec3i(i, j, k), g.face_center(a, i, j, k)});
  return faces;
}

int64_t liquid_cell_beside(const ScalarGrid& phi, int a, const Vec3i& q) {
  Vec3i lo = q;
  lo[a] -= 1;
  if (phi.in_range(q.x(), q.y(), q.z()) && phi(q.x(), q.y(), q.z()) < 0.0) return phi.index(q.x(), q.y(), q.z());
  if (phi.in_range(lo.x(), lo.y(), lo.z()) && phi(lo.x(), lo.y(), lo.z()) < 0.0) return phi.index(lo.x(), lo.y(), lo.z());
  return -1;
}

int close_contact_faces(SolidBoundary& sb, const std::vector<ContactFace>& faces, const CollisionMesh& mesh,
                        const VectorX& x, const VectorX& vertex_velocity, double half_size,
                        std::vector<FaceWeights>* rows_out) {
  std::vector<Vec3> centres;
  centres.reserve(faces.size());
  for (const ContactFace& f : faces) centres.push_back(f.centre);
  const std::vector<FaceWeights> rows = face_velocity_weights(mesh, x, centres, half_size);
  int closed = 0;
  for (size_t f = 0; f < faces.size(); ++f) {
    if (rows[f].vertices.empty()) continue;
    const double u = face_velocity(rows[f], faces[f].axis, vertex_velocity);
    const Vec3i& q = faces[f].index;
    sb.face_open[faces[f].axis](q.x(), q.y(), q.z()) = 0.0;
    sb.velocity.u[faces[f].axis](q.x(), q.y(), q.z()) = u;
    ++closed;
  }
  if (rows_out) *rows_out = rows;
  return closed;
}

}  // namespace ripple
