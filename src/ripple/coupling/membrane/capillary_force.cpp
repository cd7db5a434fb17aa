#include "ripple/coupling/membrane/capillary_force.hpp"

#include <cmath>

namespace ripple {

namespace {

const Vec3& at(const LiquidMembrane& m, int i) { return m.x[static_cast<size_t>(i)]; }

}  // namespace

double capillary_energy(const LiquidMembrane& m, double sigma) {
  double area = 0.0;
  for (const Eigen::Vector3i& t : m.triangles)
    if (!m.in_contact(t)) area += 0.5 * (at(m, t[1]) - at(m, t[0])).cross(at(m, t[2]) - at(m, t[0])).norm();
  return sigma * area;
}

std::vector<Vec3> capillary_forces(const LiquidMembrane& m, double sigma) {
  std::vector<Vec3> f(m.size(), Vec3::Zero());
  for (const Eigen::Vector3i& t : m.triangles) {
    if (m.in_contact(t)) continue;
    const Vec3 cross = (at(m, t[1]) - at(m, t[0])).cross(at(m, t[2]) - at(m, t[0]));
    const double len = cross.norm();
    if (len <= 0.0) continue;
    const Vec3 n = cross / len;
    for (int c = 0; c < 3; ++c) {
      const int i = t[c], j = t[(c + 1) % 3], k = t[(c + 2) % 3];
      f[static_cast<size_t>(i)] += 0.5 * sigma * (at(m, k) - at(m, j)).cross(n);  // Eq. 10
    }
  }
  return f;
}

Eigen::SparseMatrix<double> capillary_stiffness(const LiquidMembrane& m, double sigma) {
  std::vector<Eigen::Triplet<double>> trips;
  trips.reserve(m.triangles.size() * 12);
  for (const Eigen::Vector3i& t : m.triangles) {
    if (m.in_contact(t)) continue;
    const double twice_area = (at(m, t[1]) - at(m, t[0])).cross(at(m, t[2]) - at(m, t[0])).norm();
    if (twice_area <= 0.0) continue;
    for (int c = 0; c < 3; ++c) {
      // Edge (i, j) and the angle at k opposite it: cot = (e_ki . e_kj) / |e_ki x e_kj|.
      const int i = t[c], j = t[(c + 1) % 3], k = t[(c + 2) % 3];
      const double cot = (at(m, i) - at(m, k)).dot(at(m, j) - at(m, k)) / twice_area;
      const double w = 0.5 * sigma * cot;  // Eq. 11
      trips.emplace_back(i, i, w);
      trips.emplace_back(j, j, w);
      trips.emplace_back(i, j, -w);
      trips.emplace_back(j, i, -w);
    }
  }
  const int n = static_cast<int>(m.size());
  Eigen::SparseMatrix<double> L(n, n);
  L.setFromTriplets(trips.begin(), trips.end());
  return L;
}

}  // namespace ripple
