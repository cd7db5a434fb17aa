#include "ripple/solid/mesh_sequence_field.hpp"

#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>

#include "ripple/contact/mesh_surface_velocity.hpp"
#include "ripple/grid/interpolation.hpp"

namespace ripple {

namespace {

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

/// Bytes frame k's samples take: the sampled distance (8 B) and the closest triangle (4 B) each.
double frame_bytes(const MeshSequence& s, size_t k, double h) {
  return 12.0 * lattice_dims(frame_box(s, k), h).cast<double>().prod();
}

/// Bytes interval k's velocity samples take (24 B each).
double interval_bytes(const MeshSequence& s, size_t k, double h) {
  Aabb both = frame_box(s, k);
  both.extend(frame_box(s, k + 1).lo);
  both.extend(frame_box(s, k + 1).hi);
  return 24.0 * lattice_dims(both, h).cast<double>().prod();
}

}  // namespace

struct MeshSequenceField::Frame {
  ShapeSdf sdf;
  MeshClosestTriangles closest;
};

double MeshSequenceField::estimate_bytes(const MeshSequence& s, double h) {
  // What is held at once: the frames from the current interval's start to the next step's
  // interval's end (kHeldFrames) and the intervals between them.
  double frame = 0.0, interval = 0.0;
  for (size_t k = 0; k < s.frame_count(); ++k) {
    frame = std::max(frame, frame_bytes(s, k, h));
    if (k + 1 < s.frame_count()) interval = std::max(interval, interval_bytes(s, k, h));
  }
  const double held = static_cast<double>(std::min<size_t>(kHeldFrames, s.frame_count()));
  return held * frame + (held - 1.0) * interval;
}

double MeshSequenceField::bytes() const {
  double total = 0.0;
  for (const auto& slot : frames_)
    if (slot->data) total += 12.0 * static_cast<double>(slot->data->closest.samples());
  for (const auto& slot : intervals_)
    if (slot->data) total += 24.0 * static_cast<double>(slot->data->samples.size());
  return total;
}

MeshSequenceField::MeshSequenceField(std::shared_ptr<const MeshSequence> sequence, double h)
    : sequence_(std::move(sequence)), h_(h), triangles_(triangle_arrays(sequence_->triangles())) {
  for (size_t k = 0; k < sequence_->frame_count(); ++k) frames_.push_back(std::make_unique<Slot<Frame>>());
  for (size_t k = 0; k + 1 < sequence_->frame_count(); ++k)
    intervals_.push_back(std::make_unique<Slot<IntervalVelocity>>());
}

MeshSequenceField::~MeshSequenceField() = default;

template <class T, class Build>
const T& MeshSequenceField::built(Slot<T>& slot, Build&& build) {
  // Built once by the first thread that needs it, the others waiting; isolated so that the
  // builder's own parallel loops never pick up an outer task that waits on this same slot.
  std::call_once(slot.once, [&] { tbb::this_task_arena::isolate([&] { slot.data = build(); }); });
  return *slot.data;
}

const MeshSequenceField::Frame& MeshSequenceField::frame(size_t k) const {
  return built(*frames_[k], [&] {
    const MeshSequence& s = *sequence_;
    ShapeDesc shape;
    shape.kind = ShapeDesc::Kind::Mesh;
    auto mesh = std::make_shared<TriangleMesh>();
    mesh->vertices = s.frame(k);
    mesh->triangles = s.triangles();
    shape.mesh = std::move(mesh);
    const Aabb box = frame_box(s, k);
    const double band = kPad * h_;
    return std::make_unique<Frame>(Frame{ShapeSdf(shape, h_),
                                         MeshClosestTriangles(s.frame(k), triangles_,
                                                              Lattice{box.lo - Vec3::Constant(band), h_},
                                                              lattice_dims(box, h_), band)});
  });
}

const MeshSequenceField::IntervalVelocity& MeshSequenceField::interval(size_t k) const {
  return built(*intervals_[k], [&] {
    const MeshSequence& s = *sequence_;
    const std::vector<Vec3> u = s.velocities(k);
    std::vector<Vec3> middle = s.frame(k);
    Aabb box;
    for (size_t v = 0; v < middle.size(); ++v) {
      box.extend(s.frame(k)[v]);
      box.extend(s.frame(k + 1)[v]);
      middle[v] = 0.5 * (s.frame(k)[v] + s.frame(k + 1)[v]);
    }
    auto iv = std::make_unique<IntervalVelocity>();
    for (const Vec3& w : u) iv->mean += w / static_cast<double>(u.size());
    const double band = kPad * h_;
    iv->origin = box.lo - Vec3::Constant(band);
    const Vec3i n = lattice_dims(box, h_);
    iv->samples.resize(n.x(), n.y(), n.z(), iv->mean);
    sample_closest_surface_velocity(middle, triangles_, u, Lattice{iv->origin, h_}, band, iv->samples);
    return iv;
  });
}

void MeshSequenceField::release_before(double t) {
  const size_t first = sequence_->interval(t).k;
  for (size_t k = 0; k < first; ++k) {
    if (frames_[k]->data) frames_[k] = std::make_unique<Slot<Frame>>();
    if (k < intervals_.size() && intervals_[k]->data) intervals_[k] = std::make_unique<Slot<IntervalVelocity>>();
  }
}

double MeshSequenceField::signed_distance(const Vec3& p, double t) const {
  const MeshSequence::Interval i = sequence_->interval(t);
  // A share within round-off of a frame is that frame (a frame's end time rounds either way,
  // and the frame before may already be freed).
  constexpr double kRoundOff = 1e-9;
  if (!i.moving || i.s < kRoundOff) return frame_distance(i.k, p);
  if (i.s > 1.0 - kRoundOff) return frame_distance(i.next, p);
  // Each frame's distance at where p was (frame k) or will be (frame k + 1) carried by the
  // surface's motion, blended: exact for a translation however far it moves in a frame, where
  // a blend at p itself would thin a shape moving more than its thickness per frame.
  const Vec3 step = sequence_->frame_time() * interval_velocity(i.k, p);
  return (1.0 - i.s) * frame_distance(i.k, p - i.s * step) + i.s * frame_distance(i.next, p + (1.0 - i.s) * step);
}

double MeshSequenceField::frame_distance(size_t k, const Vec3& p) const {
  const Frame& f = frame(k);
  return f.closest.signed_distance(p, f.sdf(p));
}

Vec3 MeshSequenceField::interval_velocity(size_t k, const Vec3& p) const {
  const IntervalVelocity& iv = interval(k);
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
