#include "ripple/coupling/membrane/capillary_force.hpp"

#include <bit>
#include <cmath>

namespace ripple {

namespace {

const Vec3& at(const LiquidMembrane& m, int i) { return m.x[static_cast<size_t>(i)]; }

/// The wetting energy per area (N/m) of triangle t: -sigma cos(theta_s) when its three
/// particles lie on wall s (and touch no body), 0 otherwise.
double wetting_coefficient(const LiquidMembrane& m, const Eigen::Vector3i& t, double sigma,
                           const std::array<double, 6>& contact_angle) {
  const unsigned common = m.wall_of(t);
  if (common == 0) return 0.0;
  return -sigma * std::cos(contact_angle[static_cast<size_t>(std::countr_zero(common))]);
}

/// Adds triangle t's pull -gamma dA/dx (Eq. 10 with coefficient gamma, N/m) to f.
void add_area_pull(const LiquidMembrane& m, const Eigen::Vector3i& t, double gamma, std::vector<Vec3>& f) {
  const Vec3 cross = (at(m, t[1]) - at(m, t[0])).cross(at(m, t[2]) - at(m, t[0]));
  const double len = cross.norm();
  if (len <= 0.0) return;
  const Vec3 n = cross / len;
  for (int c = 0; c < 3; ++c) {
    const int i = t[c], j = t[(c + 1) % 3], k = t[(c + 2) % 3];
    f[static_cast<size_t>(i)] += 0.5 * gamma * (at(m, k) - at(m, j)).cross(n);
  }
}

}  // namespace

double capillary_energy(const LiquidMembrane& m, double sigma) {
  double area = 0.0;
  for (const Eigen::Vector3i& t : m.triangles)
    if (!m.in_contact(t)) area += 0.5 * (at(m, t[1]) - at(m, t[0])).cross(at(m, t[2]) - at(m, t[0])).norm();
  return sigma * area;
}

std::vector<Vec3> capillary_forces(const LiquidMembrane& m, double sigma) {
  std::vector<Vec3> f(m.size(), Vec3::Zero());
  for (const Eigen::Vector3i& t : m.triangles)
    if (!m.in_contact(t)) add_area_pull(m, t, sigma, f);  // Eq. 10
  return f;
}

std::vector<Vec3> wetting_forces(const LiquidMembrane& m, double sigma, const std::array<double, 6>& contact_angle) {
  std::vector<Vec3> f(m.size(), Vec3::Zero());
  for (const Eigen::Vector3i& t : m.triangles) {
    const double gamma = wetting_coefficient(m, t, sigma, contact_angle);
    if (std::abs(gamma) > 1e-12 * sigma) add_area_pull(m, t, gamma, f);
  }
  return f;
}

namespace {

/// Triangle t's stiffness gamma cot(theta_ij) / 2 [I -I; -I I] per edge ij (Eq. 11).
void add_cotan_stiffness(const LiquidMembrane& m, const Eigen::Vector3i& t, double gamma,
                         std::vector<Eigen::Triplet<double>>& trips) {
  const double twice_area = (at(m, t[1]) - at(m, t[0])).cross(at(m, t[2]) - at(m, t[0])).norm();
  if (twice_area <= 0.0) return;
  for (int c = 0; c < 3; ++c) {
    // Edge (i, j) and the angle at k opposite it: cot = (e_ki . e_kj) / |e_ki x e_kj|.
    const int i = t[c], j = t[(c + 1) % 3], k = t[(c + 2) % 3];
    const double w = 0.5 * gamma * (at(m, i) - at(m, k)).dot(at(m, j) - at(m, k)) / twice_area;
    trips.emplace_back(i, i, w);
    trips.emplace_back(j, j, w);
    trips.emplace_back(i, j, -w);
    trips.emplace_back(j, i, -w);
  }
}

Eigen::SparseMatrix<double> from_triplets(const LiquidMembrane& m, const std::vector<Eigen::Triplet<double>>& trips) {
  const int n = static_cast<int>(m.size());
  Eigen::SparseMatrix<double> L(n, n);
  L.setFromTriplets(trips.begin(), trips.end());
  return L;
}

}  // namespace

Eigen::SparseMatrix<double> capillary_stiffness(const LiquidMembrane& m, double sigma) {
  std::vector<Eigen::Triplet<double>> trips;
  trips.reserve(m.triangles.size() * 12);
  for (const Eigen::Vector3i& t : m.triangles)
    if (!m.in_contact(t)) add_cotan_stiffness(m, t, sigma, trips);  // Eq. 11
  return from_triplets(m, trips);
}

Eigen::SparseMatrix<double> wetting_stiffness(const LiquidMembrane& m, double sigma,
                                              const std::array<double, 6>& contact_angle) {
  std::vector<Eigen::Triplet<double>> trips;
  for (const Eigen::Vector3i& t : m.triangles) {
    const double gamma = wetting_coefficient(m, t, sigma, contact_angle);
    if (gamma > 1e-12 * sigma) add_cotan_stiffness(m, t, gamma, trips);
  }
  return from_triplets(m, trips);
}

}  // namespace ripple
