#include "ripple/solid/obstacle_field.hpp"

#include <cmath>

namespace ripple {

ObstacleField::ObstacleField(const std::vector<ObstacleDesc>& obstacles, double dx) : descs_(obstacles), dx_(dx) {
  for (const auto& o : descs_) {
    sdfs_.emplace_back(o.sequence ? ShapeDesc{} : o.shape, 0.5 * dx);  // a sequence samples its own frames
    sequences_.push_back(o.sequence ? std::make_shared<MeshSequenceField>(o.sequence, 0.5 * dx) : nullptr);
  }
}

void ObstacleField::release_before(double t) {
  for (const auto& s : sequences_)
    if (s) s->release_before(t);
}

double ObstacleField::distance_to(size_t i, const Vec3& p, double t) const {
  return sequences_[i] ? sequences_[i]->signed_distance(p, t) : sdfs_[i](to_rest(i, p, t));
}

bool ObstacleField::any_kinematic() const {
  for (const auto& o : descs_)
    if (o.kinematic()) return true;
  return false;
}

// Rigid motion: x(t) = c(t) + R(t) (X - c0), c0 the shape's centre as described.
Vec3 ObstacleField::to_rest(size_t i, const Vec3& p, double t) const {
  const auto& o = descs_[i];
  if (!o.kinematic()) return p;
  const Pose pose = o.path.at(t);
  return o.path.rest_centre() + pose.rotation.transpose() * (p - pose.centre);
}

double ObstacleField::signed_distance(const Vec3& p, double t) const {
  double d = 1e30;
  for (size_t i = 0; i < sdfs_.size(); ++i) d = std::min(d, distance_to(i, p, t));
  return d;
}

Vec3 ObstacleField::velocity(const Vec3& p, double t) const {
  double best = 1e30;
  Vec3 v = Vec3::Zero();
  for (size_t i = 0; i < sdfs_.size(); ++i) {
    const double d = distance_to(i, p, t);
    if (d < best) {
      best = d;
      v = sequences_[i] ? sequences_[i]->velocity(p, t) : descs_[i].path.velocity_at(p, t);
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
  if (descs_[i].sequence) return descs_[i].sequence->surface(t);
  const auto& s = descs_[i].shape;
  TriangleMesh m = s.kind == ShapeDesc::Kind::Box      ? box_mesh(s.min, s.max)
                   : s.kind == ShapeDesc::Kind::Sphere ? sphere_mesh(s.center, s.radius)
                                                       : *s.mesh;
  const auto& o = descs_[i];
  if (o.kinematic()) {
    const Pose pose = o.path.at(t);
    for (auto& v : m.vertices) v = pose.centre + pose.rotation * (v - o.path.rest_centre());
  }
  return m;
}

}  // namespace ripple
