#include "ripple/solid/mesh_sequence.hpp"

#include <algorithm>
#include <cmath>

namespace ripple {

MeshSequence::MeshSequence(std::vector<Eigen::Vector3i> triangles, std::vector<std::vector<Vec3>> frames,
                           double start, double frame_time)
    : triangles_(std::move(triangles)), frames_(std::move(frames)), start_(start), frame_time_(frame_time) {}

bool MeshSequence::moves() const {
  for (size_t k = 1; k < frames_.size(); ++k)
    if (frames_[k] != frames_[0]) return true;
  return false;
}

MeshSequence::Interval MeshSequence::interval(double t) const {
  Interval out;
  const size_t last = frames_.size() - 1;
  const double u = (t - start_) / frame_time_;
  if (!(u >= 0.0)) return out;  // before the first frame
  if (u >= static_cast<double>(last)) {
    out.k = out.next = last;
    return out;
  }
  out.k = std::min(static_cast<size_t>(std::floor(u)), last - 1);
  out.next = out.k + 1;
  out.s = u - static_cast<double>(out.k);
  out.moving = true;
  return out;
}

std::vector<Vec3> MeshSequence::positions(double t) const {
  const Interval i = interval(t);
  std::vector<Vec3> x = frames_[i.k];
  if (i.s > 0.0)
    for (size_t v = 0; v < x.size(); ++v) x[v] += i.s * (frames_[i.next][v] - frames_[i.k][v]);
  return x;
}

Vec3 MeshSequence::position(size_t vertex, double t) const {
  const Interval i = interval(t);
  const Vec3& a = frames_[i.k][vertex];
  return i.s > 0.0 ? Vec3(a + i.s * (frames_[i.next][vertex] - a)) : a;
}

std::vector<Vec3> MeshSequence::velocities(size_t k) const {
  std::vector<Vec3> u(frames_[k].size(), Vec3::Zero());
  if (k + 1 >= frames_.size()) return u;
  for (size_t v = 0; v < u.size(); ++v) u[v] = (frames_[k + 1][v] - frames_[k][v]) / frame_time_;
  return u;
}

TriangleMesh MeshSequence::surface(double t) const {
  TriangleMesh m;
  m.vertices = positions(t);
  m.triangles = triangles_;
  return m;
}

Aabb MeshSequence::bounds() const {
  Aabb b;
  for (const auto& f : frames_)
    for (const Vec3& x : f) b.extend(x);
  return b;
}

double MeshSequence::max_speed() const {
  double fastest = 0.0;
  for (size_t k = 0; k + 1 < frames_.size(); ++k)
    for (size_t v = 0; v < frames_[k].size(); ++v)
      fastest = std::max(fastest, (frames_[k + 1][v] - frames_[k][v]).norm() / frame_time_);
  return fastest;
}

}  // namespace ripple
