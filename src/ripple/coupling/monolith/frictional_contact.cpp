#include "ripple/coupling/monolith/frictional_contact.hpp"

#include <cmath>

namespace ripple {

std::vector<RigidContact> find_rigid_contacts(const std::vector<RigidBody>& bodies,
                                              const std::vector<ContactPlane>& planes, const ContactField& field,
                                              double margin) {
  std::vector<RigidContact> out;
  for (size_t b = 0; b < bodies.size(); ++b)
    for (size_t k = 0; k < bodies[b].points.size(); ++k) {
      const Vec3 x = world_point(bodies[b], k);
      for (const ContactPlane& plane : planes) {
        const double gap = plane.normal.dot(x - plane.point);
        if (gap < margin)
          out.push_back({static_cast<int>(b), x, plane.normal, gap, std::sqrt(bodies[b].friction * plane.friction)});
      }
      if (!field.distance) continue;
      const double gap = field.distance(x);
      if (gap >= margin) continue;
      const double h = 1e-3 * std::max(margin, 1e-3);  // central differences for the normal
      Vec3 grad;
      for (int a = 0; a < 3; ++a) {
        Vec3 e = Vec3::Zero();
        e[a] = h;
        grad[a] = (field.distance(x + e) - field.distance(x - e)) / (2.0 * h);
      }
      if (grad.norm() > 0.0)
        out.push_back({static_cast<int>(b), x, grad.normalized(), gap, std::sqrt(bodies[b].friction * field.friction)});
    }
  return out;
}

FrictionalContactReport resolve_rigid_contacts(std::vector<RigidBody>& bodies,
                                               const std::vector<RigidContact>& contacts, double dt,
                                               const FrictionalContactSettings& settings) {
  FrictionalContactReport report;
  report.contacts = static_cast<int>(contacts.size());
  if (contacts.empty()) return report;
  const int64_t rows = 3 * static_cast<int64_t>(contacts.size());
  // Each row: a direction d at a point of one body, J = [d^T, (r x d)^T] on its (v, omega).
  struct Row {
    int body;
    Vec3 linear, angular;
  };
  std::vector<Row> row(static_cast<size_t>(rows));
  std::vector<Mat3> inverse_inertia(bodies.size());
  for (size_t b = 0; b < bodies.size(); ++b) inverse_inertia[b] = world_inertia(bodies[b]).inverse();
  VectorX predicted(rows), bias = VectorX::Zero(rows);
  for (size_t c = 0; c < contacts.size(); ++c) {
    const RigidContact& k = contacts[c];
    const RigidBody& body = bodies[static_cast<size_t>(k.body)];
    const Vec3 r = k.point - body.position;
    const Vec3 v = velocity_at(body, k.point);
    Vec3 slide = v - v.dot(k.normal) * k.normal;  // the pyramid's first edge along the sliding
    const Vec3 t1 = slide.norm() > 1e-12 ? Vec3(slide.normalized()) : Vec3(k.normal.unitOrthogonal());
    const Vec3 t2 = k.normal.cross(t1);
    const Vec3 dirs[3] = {k.normal, t1, t2};
    for (int d = 0; d < 3; ++d) {
      const int64_t i = 3 * static_cast<int64_t>(c) + d;
      row[static_cast<size_t>(i)] = {k.body, dirs[d], r.cross(dirs[d])};
      predicted[i] = dirs[d].dot(v);
    }
    bias[3 * static_cast<int64_t>(c)] = (k.gap > 0.0 ? 1.0 : settings.baumgarte) * k.gap / dt;
  }
  // J M^-1 J^T: rows of one body couple through its 6 x 6 inverse mass.
  std::vector<std::vector<int64_t>> rows_of(bodies.size());
  for (int64_t i = 0; i < rows; ++i) rows_of[static_cast<size_t>(row[static_cast<size_t>(i)].body)].push_back(i);
  std::vector<Triplet> entries;
  for (size_t body_index = 0; body_index < bodies.size(); ++body_index)
    for (int64_t i : rows_of[body_index])
      for (int64_t j : rows_of[body_index]) {
        const Row& a = row[static_cast<size_t>(i)];
        const Row& b = row[static_cast<size_t>(j)];
        double value = a.linear.dot(b.linear) / bodies[body_index].mass +
                       a.angular.dot(inverse_inertia[body_index] * b.angular);
        if (i == j) value *= 1.0 + 1e-3;  // Sec. 3.7.4: strictly definite
        entries.emplace_back(i, j, value);
      }
  SparseMatrix a(rows, rows);
  a.setFromTriplets(entries.begin(), entries.end());
  const VectorX b = -(predicted + bias);
  const VectorX inverse_diagonal = a.diagonal().cwiseInverse();
  VectorX lower(rows), upper(rows), impulse = VectorX::Zero(rows);
  for (int update = 0; update <= settings.friction_updates; ++update) {
    for (size_t c = 0; c < contacts.size(); ++c) {
      const int64_t i = 3 * static_cast<int64_t>(c);
      lower[i] = 0.0;
      upper[i] = kNoBound;
      // The first solve is frictionless; later ones bound friction by the last normal impulse.
      const double limit = update == 0 ? 0.0 : contacts[c].friction * impulse[i];
      for (int d = 1; d < 3; ++d) {
        lower[i + d] = -limit;
        upper[i + d] = limit;
      }
    }
    const BoxQpResult r = solve_box_qp_mprgp([&](const VectorX& x, VectorX& y) { y = a * x; },
                                             [&](const VectorX& x, VectorX& y) { y = inverse_diagonal.cwiseProduct(x); },
                                             b, lower, upper, impulse, settings.qp);
    ++report.solves;
    report.qp_iterations += r.iterations;
    report.converged = report.converged && r.converged;
  }
  // V = V* + M^-1 J^T c.
  for (int64_t i = 0; i < rows; ++i) {
    const Row& r = row[static_cast<size_t>(i)];
    RigidBody& body = bodies[static_cast<size_t>(r.body)];
    body.velocity += impulse[i] / body.mass * r.linear;
    body.angular_velocity += inverse_inertia[static_cast<size_t>(r.body)] * (impulse[i] * r.angular);
  }
  return report;
}

}  // namespace ripple
