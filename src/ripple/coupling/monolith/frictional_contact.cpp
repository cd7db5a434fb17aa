#include "ripple/coupling/monolith/frictional_contact.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

namespace {

/// The contacts of one solid point x (friction mu) against the planes, the field and the rigid
/// bodies other than `self`, each passed to add(other body or -1, normal, gap, friction of the
/// pair, surface velocity).
template <class Add>
void point_contacts(const Vec3& x, double mu, int self, const std::vector<RigidBody>& bodies,
                    const std::vector<double>& radius, const std::vector<ContactPlane>& planes,
                    const ContactField& field, double margin, const Add& add) {
  const double h = 1e-3 * std::max(margin, 1e-3);  // the distance gradients' step
  for (const ContactPlane& plane : planes) {
    const double gap = plane.normal.dot(x - plane.point);
    if (gap < margin) add(-1, plane.normal, gap, std::sqrt(mu * plane.friction), Vec3::Zero());
  }
  if (field.distance) {
    const double gap = field.distance(x);
    const Vec3 grad = gap < margin ? distance_gradient(field.distance, x, h) : Vec3::Zero();
    if (grad.norm() > 0.0)
      add(-1, grad.normalized(), gap, std::sqrt(mu * field.friction), field.velocity ? field.velocity(x) : Vec3::Zero());
  }
  for (size_t o = 0; o < bodies.size(); ++o) {  // against the other bodies' surfaces
    if (static_cast<int>(o) == self || (bodies[o].position - x).norm() > radius[o] + margin) continue;
    const RigidBody& other = bodies[o];
    auto distance = [&other](const Vec3& y) { return rigid_body_distance(other, y); };
    const double gap = distance(x);
    if (gap >= margin) continue;
    const Vec3 grad = distance_gradient(distance, x, h);
    if (grad.norm() > 0.0) add(static_cast<int>(o), grad.normalized(), gap, std::sqrt(mu * other.friction), Vec3::Zero());
  }
}

std::vector<double> bounding_radii(const std::vector<RigidBody>& bodies) {
  std::vector<double> radius(bodies.size());
  for (size_t b = 0; b < bodies.size(); ++b) radius[b] = bounding_radius(bodies[b]);
  return radius;
}

}  // namespace

std::vector<SolidContact> find_rigid_contacts(const std::vector<RigidBody>& bodies,
                                              const std::vector<ContactPlane>& planes, const ContactField& field,
                                              double margin) {
  std::vector<SolidContact> out;
  const std::vector<double> radius = bounding_radii(bodies);
  for (size_t b = 0; b < bodies.size(); ++b)
    for (size_t k = 0; k < bodies[b].points.size(); ++k) {
      const Vec3 x = world_point(bodies[b], k);
      point_contacts(x, bodies[b].friction, static_cast<int>(b), bodies, radius, planes, field, margin,
                     [&](int other, const Vec3& normal, double gap, double mu, const Vec3& surface) {
                       out.push_back({static_cast<int>(b), other, x, normal, gap, mu, surface});
                     });
    }
  return out;
}

std::vector<SolidContact> find_elastic_contacts(const std::vector<Vec3>& vertices, const std::vector<int>& unknowns,
                                                const std::vector<double>& friction,
                                                const std::vector<RigidBody>& bodies,
                                                const std::vector<ContactPlane>& planes, const ContactField& field,
                                                double margin) {
  std::vector<SolidContact> out;
  const std::vector<double> radius = bounding_radii(bodies);
  for (size_t i = 0; i < vertices.size(); ++i)
    point_contacts(vertices[i], friction[i], -1, bodies, radius, planes, field, margin,
                   [&](int other, const Vec3& normal, double gap, double mu, const Vec3& surface) {
                     out.push_back({-1, other, vertices[i], normal, gap, mu, surface, unknowns[i]});
                   });
  return out;
}

ContactRows build_contact_rows(const std::vector<RigidBody>& bodies, const std::vector<SolidContact>& contacts,
                               double dt, const FrictionalContactSettings& settings,
                               const VectorX* elastic_velocity) {
  ContactRows out;
  const int64_t rows = 3 * static_cast<int64_t>(contacts.size());
  out.rows.resize(static_cast<size_t>(rows));
  out.predicted.resize(rows);
  out.moving = VectorX::Zero(rows);
  out.bias = VectorX::Zero(rows);
  for (size_t c = 0; c < contacts.size(); ++c) {
    const SolidContact& k = contacts[c];
    const bool elastic = k.unknown >= 0;
    Vec3 v = elastic ? Vec3(elastic_velocity->segment<3>(k.unknown))
                     : velocity_at(bodies[static_cast<size_t>(k.body)], k.point);  // relative to the other's material
    if (k.other >= 0) v -= velocity_at(bodies[static_cast<size_t>(k.other)], k.point);
    else v -= k.surface_velocity;
    for (int i = 0; i < 3; ++i)  // an elastic triangle's point
      if (k.other_unknowns[static_cast<size_t>(i)] >= 0)
        v -= k.other_weights[i] * Vec3(elastic_velocity->segment<3>(k.other_unknowns[static_cast<size_t>(i)]));
    const Vec3 slide = v - v.dot(k.normal) * k.normal;  // the pyramid's first edge along the sliding
    const Vec3 t1 = slide.norm() > 1e-12 ? Vec3(slide.normalized()) : Vec3(k.normal.unitOrthogonal());
    const Vec3 dirs[3] = {k.normal, t1, k.normal.cross(t1)};
    for (int d = 0; d < 3; ++d) {
      const size_t i = 3 * c + static_cast<size_t>(d);
      ContactRow& row = out.rows[i];
      if (elastic) {
        row.unknown = k.unknown;
        row.d = dirs[d];
      } else {
        row.body[0] = k.body;
        row.j[0] << dirs[d], (k.point - bodies[static_cast<size_t>(k.body)].position).cross(dirs[d]);
      }
      row.other_unknowns = k.other_unknowns;
      row.other_weights = k.other_weights;
      if (k.other >= 0) {
        row.body[1] = k.other;
        row.j[1] << -dirs[d], -(k.point - bodies[static_cast<size_t>(k.other)].position).cross(dirs[d]);
      }
      out.predicted[static_cast<int64_t>(i)] = dirs[d].dot(v);
      if (k.other < 0) out.moving[static_cast<int64_t>(i)] = -dirs[d].dot(k.surface_velocity);
    }
    const double gap = k.gap - settings.skin;
    out.bias[3 * static_cast<int64_t>(c)] = (gap > 0.0 ? 1.0 : settings.baumgarte) * gap / dt;
  }
  return out;
}

void solve_with_friction_bounds(const LinearMap& apply, const LinearMap& precondition, const VectorX& b,
                                const std::vector<SolidContact>& contacts, int64_t first, VectorX& x,
                                const FrictionalContactSettings& settings, FrictionalContactReport& report,
                                const VectorX* diagonal_for_scaling) {
  const int64_t n = b.size();
  VectorX lower = VectorX::Constant(n, -kNoBound), upper = VectorX::Constant(n, kNoBound);
  const int updates = contacts.empty() ? 0 : settings.friction_updates;
  for (int update = 0; update <= updates; ++update) {
    for (size_t c = 0; c < contacts.size(); ++c) {
      const int64_t i = first + 3 * static_cast<int64_t>(c);
      lower[i] = 0.0;
      // The first solve is frictionless; later ones bound friction by the last normal impulse.
      const double limit = update == 0 ? 0.0 : contacts[c].friction * x[i];
      lower[i + 1] = lower[i + 2] = -limit;
      upper[i + 1] = upper[i + 2] = limit;
    }
    BoxQpResult r;
    if (diagonal_for_scaling) {
      // Symmetric diagonal scaling, y = x / s with s = diag(A)^-1/2: A' = S A S has a unit
      // diagonal, so the contact rows (~1/m) and the pressure rows (~dx/rho) share one scale, and
      // MPRGP's fixed expansion step, set by A's largest eigenvalue, moves both.
      const VectorX scale = diagonal_for_scaling->cwiseMax(1e-300).cwiseSqrt().cwiseInverse();
      VectorX y = x.cwiseQuotient(scale), in;
      r = solve_box_qp_mprgp(
          [&](const VectorX& v, VectorX& out) {
            in = scale.cwiseProduct(v);
            apply(in, out);
            out = scale.cwiseProduct(out);
          },
          [&](const VectorX& v, VectorX& out) {
            in = v.cwiseQuotient(scale);
            precondition(in, out);
            out = out.cwiseQuotient(scale);
          },
          scale.cwiseProduct(b), lower.cwiseQuotient(scale), upper.cwiseQuotient(scale), y, settings.qp);
      x = scale.cwiseProduct(y);
    } else {
      r = solve_box_qp_mprgp(apply, precondition, b, lower, upper, x, settings.qp);
    }
    ++report.solves;
    report.qp_iterations += r.iterations;
    report.residual = std::max(report.residual, r.residual);
    report.converged = report.converged && r.converged;
  }
}

FrictionalContactReport resolve_rigid_contacts(std::vector<RigidBody>& bodies,
                                               const std::vector<SolidContact>& contacts, double dt,
                                               const FrictionalContactSettings& settings) {
  FrictionalContactReport report;
  report.contacts = static_cast<int>(contacts.size());
  if (contacts.empty()) return report;
  const ContactRows cr = build_contact_rows(bodies, contacts, dt, settings);
  const int64_t rows = static_cast<int64_t>(cr.rows.size());
  std::vector<Eigen::Matrix<double, 6, 6>> inverse_masses(bodies.size());
  for (size_t b = 0; b < bodies.size(); ++b) inverse_masses[b] = inverse_mass(bodies[b]);
  // J M^-1 J^T: rows couple through the bodies they share.
  std::vector<std::vector<std::pair<int64_t, int>>> rows_of(bodies.size());  // (row, part)
  for (int64_t i = 0; i < rows; ++i)
    for (int p = 0; p < 2; ++p)
      if (cr.rows[static_cast<size_t>(i)].body[p] >= 0)
        rows_of[static_cast<size_t>(cr.rows[static_cast<size_t>(i)].body[p])].emplace_back(i, p);
  std::vector<Triplet> entries;
  for (size_t b = 0; b < bodies.size(); ++b)
    for (const auto& [i, pi] : rows_of[b])
      for (const auto& [j, pj] : rows_of[b])
        entries.emplace_back(i, j, cr.rows[static_cast<size_t>(i)].j[pi].dot(inverse_masses[b] * cr.rows[static_cast<size_t>(j)].j[pj]));
  SparseMatrix a(rows, rows);
  a.setFromTriplets(entries.begin(), entries.end());  // sums the two bodies' shares
  const VectorX diagonal = a.diagonal();
  const VectorX regular = kContactRegularisation * diagonal;  // Sec. 3.7.4: strictly definite
  const VectorX inverse_diagonal = (diagonal + regular).cwiseInverse();
  const VectorX b = -(cr.predicted + cr.bias);
  VectorX impulse = VectorX::Zero(rows);
  const VectorX full_diagonal = diagonal + regular;
  solve_with_friction_bounds([&](const VectorX& x, VectorX& y) { y = a * x + regular.cwiseProduct(x); },
                             [&](const VectorX& x, VectorX& y) { y = inverse_diagonal.cwiseProduct(x); }, b, contacts,
                             0, impulse, settings, report, &full_diagonal);
  // V = V* + M^-1 J^T c.
  for (int64_t i = 0; i < rows; ++i)
    for (int p = 0; p < 2; ++p) {
      const ContactRow& r = cr.rows[static_cast<size_t>(i)];
      if (r.body[p] < 0) continue;
      RigidBody& body = bodies[static_cast<size_t>(r.body[p])];
      const Eigen::Matrix<double, 6, 1> dv = inverse_masses[static_cast<size_t>(r.body[p])] * (impulse[i] * r.j[p]);
      body.velocity += dv.head<3>();
      body.angular_velocity += dv.tail<3>();
    }
  return report;
}

}  // namespace ripple
