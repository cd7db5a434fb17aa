#include "ripple/solid/mesh_sequence_field.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/contact/mesh_surface_velocity.hpp"
#include "ripple/grid/interpolation.hpp"

namespace ripple {

namespace {

std::vector<std::array<int, 3>> triangle_list(const MeshSequence& s) {
  std::vector<std::array<int, 3>> t(s.triangles().size());
  for (size_t f = 0; f < t.size(); ++f) t[f] = {s.triangles()[f][0], s.triangles()[f][1], s.triangles()[f][2]};
  return t;
}

}  // namespace

MeshSequenceField::MeshSequenceField(std::shared_ptr<const MeshSequence> sequence, double h)
    : sequence_(std::move(sequence)), h_(h) {
  const MeshSequence& s = *sequence_;
  for (size_t k = 0; k < s.frame_count(); ++k) {
    ShapeDesc shape;
    shape.kind = ShapeDesc::Kind::Mesh;
    auto mesh = std::make_shared<TriangleMesh>();
    mesh->vertices = s.frame(k);
    mesh->triangles = s.triangles();
    shape.mesh = std::move(mesh);
    frames_.emplace_back(shape, h);
  }
  const auto triangles = triangle_list(s);
  const int pad = 4;  // samples beyond the surface, as ShapeSdf keeps
  const double band = pad * h;
  for (size_t k = 0; k < s.frame_count(); ++k) {
    Aabb box;
    for (const Vec3& x : s.frame(k)) box.extend(x);
    const Vec3i n = (((box.hi - box.lo) / h).array().ceil().cast<int>() + 2 * pad + 1).matrix();
    closest_.emplace_back(s.frame(k), triangles, Lattice{box.lo - Vec3::Constant(band), h}, n, band);
  }
  for (size_t k = 0; k + 1 < s.frame_count(); ++k) {
    const std::vector<Vec3> u = s.velocities(k);
    std::vector<Vec3> middle = s.frame(k);
    Aabb box;
    for (size_t v = 0; v < middle.size(); ++v) {
      box.extend(s.frame(k)[v]);
      box.extend(s.frame(k + 1)[v]);
      middle[v] = 0.5 * (s.frame(k)[v] + s.frame(k + 1)[v]);
    }
    IntervalVelocity iv;
    for (const Vec3& w : u) iv.mean += w / static_cast<double>(u.size());
    iv.origin = box.lo - Vec3::Constant(band);
    const Vec3i n = (((box.hi - box.lo) / h).array().ceil().cast<int>() + 2 * pad + 1).matrix();
    iv.samples.resize(n.x(), n.y(), n.z(), iv.mean);
    sample_closest_surface_velocity(middle, triangles, u, Lattice{iv.origin, h}, band, iv.samples);
    intervals_.push_back(std::move(iv));
  }
}

double MeshSequenceField::signed_distance(const Vec3& p, double t) const {
  const MeshSequence::Interval i = sequence_->interval(t);
  if (!i.moving || i.s == 0.0) return frame_distance(i.k, p);
  // Each frame's distance at where p was (frame k) or will be (frame k + 1) carried by the
  // surface's motion, blended: exact for a translation however far it moves in a frame, where
  // a blend at p itself would thin a shape moving more than its thickness per frame.
  const Vec3 step = sequence_->frame_time() * interval_velocity(i.k, p);
  return (1.0 - i.s) * frame_distance(i.k, p - i.s * step) + i.s * frame_distance(i.next, p + (1.0 - i.s) * step);
}

double MeshSequenceField::frame_distance(size_t k, const Vec3& p) const {
  return closest_[k].signed_distance(p, frames_[k](p));
}

Vec3 MeshSequenceField::interval_velocity(size_t k, const Vec3& p) const {
  const IntervalVelocity& iv = intervals_[k];
  const Vec3 s = (p - iv.origin) / h_;
  const Vec3i n = iv.samples.dims();
  if ((s.array() < 0.0).any() || (s.array() > (n - Vec3i::Ones()).cast<double>().array()).any()) return iv.mean;
  return trilinear(iv.samples, s);
}

Vec3 MeshSequenceField::velocity(const Vec3& p, double t) const {
  const MeshSequence::Interval i = sequence_->interval(t);
  return i.moving ? interval_velocity(i.k, p) : Vec3::Zero();
}

}  // namespace ripple
