#include "ripple/solid/solid_model.hpp"

#include <algorithm>
#include <cmath>

#include "ripple/core/parallel.hpp"

namespace ripple {

Vec3 ScriptedPins::position_at(int v, const Vec3& rest, double t) const {
  if (sequence) return sequence->position(static_cast<size_t>(v - first_vertex), t);
  const Pose pose = path.at(t);
  return pose.centre + pose.rotation * (rest - path.rest_centre());
}

VectorX SolidModel::positions(const VectorX& z) const {
  VectorX x(3 * num_vertices);
  parallel_for(0, num_vertices, [&](int64_t v) {
    const int d = vertex_dof[v];
    if (!vertex_rigid[v]) {
      x.segment<3>(3 * v) = z.segment<3>(d);
    } else {
      const Vec3& l = vertex_local[v];
      x.segment<3>(3 * v) = z.segment<3>(d) + l.x() * z.segment<3>(d + 3) + l.y() * z.segment<3>(d + 6) +
                            l.z() * z.segment<3>(d + 9);
    }
  });
  return x;
}

VectorX SolidModel::rest_coordinates() const {
  VectorX z = VectorX::Zero(num_dofs);
  for (int v = 0; v < num_vertices; ++v)
    if (!vertex_rigid[v]) z.segment<3>(vertex_dof[v]) = rest_positions.segment<3>(3 * v);
  for (const SolidBodyInfo& b : bodies) {
    if (b.kind != SolidKind::rigid) continue;
    const int v0 = b.first_vertex;
    z.segment<3>(b.first_dof) = rest_positions.segment<3>(3 * v0) - vertex_local[v0];  // centre of mass
    for (int k = 0; k < 3; ++k) z[b.first_dof + 3 + 4 * k] = 1.0;                        // A = I
  }
  return z;
}

double SolidModel::friction_between(int a, int b) const {
  if (const auto it = pair_friction.find({std::min(a, b), std::max(a, b)}); it != pair_friction.end()) return it->second;
  return std::sqrt(bodies[a].friction * bodies[b].friction);
}

double SolidModel::max_vertex_displacement(const VectorX& dz) const {
  const VectorX dx = positions(dz);  // linear map without offsets: p and A enter linearly
  return parallel_max(0, num_vertices, 0.0, [&](int64_t v) { return dx.segment<3>(3 * v).norm(); });
}

void SolidModel::add_vertex_gradient(int v, const Vec3& g, VectorX& grad) const {
  const int d = vertex_dof[v];
  grad.segment<3>(d) += g;
  if (vertex_rigid[v]) {
    const Vec3& l = vertex_local[v];
    for (int k = 0; k < 3; ++k) grad.segment<3>(d + 3 + 3 * k) += l[k] * g;
  }
}

}  // namespace ripple
