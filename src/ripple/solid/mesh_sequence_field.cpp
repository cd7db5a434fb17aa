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

constexpr int kPad = 4;  // samples beyond the surface, as ShapeSdf keeps

/// Samples of a lattice every h over `box` and kPad samples beyond it.
Vec3i lattice_dims(const Aabb& box, double h) {
  return (((box.hi - box.lo) / h).array().ceil().cast<int>() + 2 * kPad + 1).matrix();
}

Aabb frame_box(const MeshSequence& s, size_t k) {
  Aabb b;
  for (const Vec3& x : s.frame(k)) b.extend(x);
  return b;
}

}  // namespace

double MeshSequenceField::estimate_bytes(const MeshSequence& s, double h) {
  double bytes = 0.0;
  for (size_t k = 0; k < s.frame_count(); ++k) {
    // The sampled distance (8 B) and the closest triangle (4 B) per sample.
    bytes += 12.0 * lattice_dims(frame_box(s, k), h).cast<double>().prod();
    if (k + 1 == s.frame_count()) continue;
    Aabb both = frame_box(s, k);
    both.extend(frame_box(s, k + 1).lo);
    both.extend(frame_box(s, k + 1).hi);
    bytes += 24.0 * lattice_dims(both, h).cast<double>().prod();  // the interval's velocity
  }
  return bytes;
}

double MeshSequenceField::bytes() const {
  double total = 0.0;
  for (const MeshClosestTriangles& c : closest_) total += 12.0 * static_cast<double>(c.samples());
  for (const IntervalVelocity& iv : intervals_) total += 24.0 * static_cast<double>(iv.samples.size());
  return total;
}

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
  const double band = kPad * h;
  for (size_t k = 0; k < s.frame_count(); ++k) {
    const Aabb box = frame_box(s, k);
    closest_.emplace_back(s.frame(k), triangles, Lattice{box.lo - Vec3::Constant(band), h}, lattice_dims(box, h), band);
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
    const Vec3i n = lattice_dims(box, h);
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
