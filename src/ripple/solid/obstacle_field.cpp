#include "ripple/solid/obstacle_field.hpp"

#include <cmath>

namespace ripple {

ObstacleField::ObstacleField(const std::vector<ObstacleDesc>& obstacles, double dx) : descs_(obstacles), dx_(dx) {
  for (const auto& o : descs_) sdfs_.emplace_back(o.shape, 0.5 * dx);
}

bool ObstacleField::any_kinematic() const {
  for (const auto& o : descs_)
    if (o.kinematic()) return true;
  return false;
}

Mat3 ObstacleField::rotation(size_t i, double t) const {
  const Vec3 w = descs_[i].angular_velocity * t;
  const double angle = w.norm();
  if (angle == 0.0) return Mat3::Identity();
  return Eigen::AngleAxisd(angle, w / angle).toRotationMatrix();
}

// Rigid motion: x(t) = c0 + v t + R(t) (X - c0).
Vec3 ObstacleField::to_rest(size_t i, const Vec3& p, double t) const {
  const auto& o = descs_[i];
  if (!o.kinematic()) return p;
  const Vec3 c0 = o.shape.centroid();
  return c0 + rotation(i, t).transpose() * (p - c0 - o.velocity * t);
}

double ObstacleField::signed_distance(const Vec3& p, double t) const {
  double d = 1e30;
  for (size_t i = 0; i < sdfs_.size(); ++i) d = std::min(d, sdfs_[i](to_rest(i, p, t)));
  return d;
}

Vec3 ObstacleField::velocity(const Vec3& p, double t) const {
  double best = 1e30;
  Vec3 v = Vec3::Zero();
  for (size_t i = 0; i < sdfs_.size(); ++i) {
    const double d = sdfs_[i](to_rest(i, p, t));
    if (d < best) {
      best = d;
      const auto& o = descs_[i];
      const Vec3 c = o.shape.centroid() + o.velocity * t;
      v = o.velocity + o.angular_velocity.cross(p - c);
    }
  }
  return v;
}

namespace {

TriangleMesh sphere_mesh(const Vec3& c, double r, int rings = 24, int segments = 48) {
  TriangleMesh m;
  m.vertices.push_back(c + Vec3(0, r, 0));
  for (int i = 1; i < rings; ++i) {
    const double th = M_PI * i / rings;
    for (int j = 0; j < segments; ++j) {
      const double ph = 2 * M_PI * j / segments;
      m.vertices.push_back(c + r * Vec3(std::sin(th) * std::cos(ph), std::cos(th), -std::sin(th) * std::sin(ph)));
    }
  }
  m.vertices.push_back(c - Vec3(0, r, 0));
  const int south = static_cast<int>(m.vertices.size()) - 1;
  auto id = [&](int ring, int seg) { return 1 + (ring - 1) * segments + (seg % segments); };
  for (int j = 0; j < segments; ++j) m.triangles.emplace_back(0, id(1, j), id(1, j + 1));
  for (int i = 1; i + 1 < rings; ++i)
    for (int j = 0; j < segments; ++j) {
      m.triangles.emplace_back(id(i, j), id(i + 1, j), id(i + 1, j + 1));
      m.triangles.emplace_back(id(i, j), id(i + 1, j + 1), id(i, j + 1));
    }
  for (int j = 0; j < segments; ++j) m.triangles.emplace_back(south, id(rings - 1, j + 1), id(rings - 1, j));
  return m;
}

}  // namespace

TriangleMesh ObstacleField::surface(size_t i, double t) const {
  const auto& s = descs_[i].shape;
  TriangleMesh m = s.kind == ShapeDesc::Kind::Box      ? box_mesh(s.min, s.max)
                   : s.kind == ShapeDesc::Kind::Sphere ? sphere_mesh(s.center, s.radius)
                                                       : *s.mesh;
  const auto& o = descs_[i];
  if (o.kinematic()) {
    const Vec3 c0 = s.centroid();
    const Mat3 R = rotation(i, t);
    for (auto& v : m.vertices) v = c0 + o.velocity * t + R * (v - c0);
  }
  return m;
}

}  // namespace ripple
