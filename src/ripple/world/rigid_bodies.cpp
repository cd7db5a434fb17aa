#include "ripple/world/rigid_bodies.hpp"

#include <Eigen/SVD>

namespace ripple {

std::vector<RigidBody> make_rigid_bodies(const World& w, double h, std::vector<int>& model_body,
                                         std::vector<int>& scene_solid) {
  std::vector<RigidBody> bodies;
  model_body.clear();
  scene_solid.clear();
  if (!w.lagrangian) return bodies;
  const SolidModel& model = w.lagrangian->model;
  for (size_t i = 0; i < w.scene.lagrangian_solids.size(); ++i) {
    const LagrangianSolidDesc& d = w.scene.lagrangian_solids[i];
    if (d.kind != SolidKind::rigid) continue;
    const int b = w.lagrangian->scene_bodies[i];
    const SolidBodyInfo& info = model.bodies[static_cast<size_t>(b)];
    RigidBody body;
    body.mass = info.mass;
    body.inertia = info.second_moment.trace() * Mat3::Identity() - info.second_moment;
    body.friction = info.friction;
    auto mesh = std::make_shared<TriangleMesh>();
    for (int v = 0; v < info.num_vertices; ++v) {
      body.points.push_back(model.vertex_local[static_cast<size_t>(info.first_vertex + v)]);
      mesh->vertices.push_back(body.points.back());
    }
    for (const auto& t : d.triangles) {
      mesh->triangles.emplace_back(t[0], t[1], t[2]);
      const Vec3 &a = mesh->vertices[static_cast<size_t>(t[0])], &bb = mesh->vertices[static_cast<size_t>(t[1])],
                 &c = mesh->vertices[static_cast<size_t>(t[2])];
      body.volume += a.dot(bb.cross(c)) / 6.0;  // divergence theorem over the closed surface
    }
    body.volume = std::abs(body.volume);
    ShapeDesc shape;
    shape.kind = ShapeDesc::Kind::Mesh;
    shape.mesh = mesh;
    body.shape = std::make_shared<const ShapeSdf>(shape, h);
    model_body.push_back(b);
    scene_solid.push_back(static_cast<int>(i));
    bodies.push_back(std::move(body));
  }
  read_rigid_bodies(w, model_body, bodies);
  return bodies;
}

void read_rigid_bodies(const World& w, const std::vector<int>& model_body, std::vector<RigidBody>& bodies) {
  const SolidState& st = w.lagrangian->state;
  const SolidModel& model = w.lagrangian->model;
  for (size_t k = 0; k < bodies.size(); ++k) {
    const int d = model.bodies[static_cast<size_t>(model_body[k])].first_dof;
    RigidBody& b = bodies[k];
    Mat3 a, a_dot;
    for (int c = 0; c < 3; ++c) {
      a.col(c) = st.z.segment<3>(d + 3 + 3 * c);
      a_dot.col(c) = st.velocity.segment<3>(d + 3 + 3 * c);
    }
    // The nearest rotation to A (affine coordinates are rigid to the orthogonality stiffness).
    const Eigen::JacobiSVD<Mat3> svd(a, Eigen::ComputeFullU | Eigen::ComputeFullV);
    Mat3 r = svd.matrixU() * svd.matrixV().transpose();
    if (r.determinant() < 0.0)  // the nearest proper rotation flips the smallest singular direction
      r = svd.matrixU() * Vec3(1.0, 1.0, -1.0).asDiagonal() * svd.matrixV().transpose();
    b.position = st.z.segment<3>(d);
    b.orientation = Eigen::Quaterniond(r).normalized();
    b.velocity = st.velocity.segment<3>(d);
    const Mat3 w_hat = a_dot * r.transpose();  // A' = [omega]x A
    b.angular_velocity = 0.5 * Vec3(w_hat(2, 1) - w_hat(1, 2), w_hat(0, 2) - w_hat(2, 0), w_hat(1, 0) - w_hat(0, 1));
  }
}

void write_rigid_bodies(World& w, const std::vector<int>& model_body, const std::vector<RigidBody>& bodies) {
  SolidState& st = w.lagrangian->state;
  const SolidModel& model = w.lagrangian->model;
  for (size_t k = 0; k < bodies.size(); ++k) {
    const int d = model.bodies[static_cast<size_t>(model_body[k])].first_dof;
    const RigidBody& b = bodies[k];
    const Mat3 r = b.orientation.toRotationMatrix();
    st.z.segment<3>(d) = b.position;
    st.velocity.segment<3>(d) = b.velocity;
    for (int c = 0; c < 3; ++c) {
      st.z.segment<3>(d + 3 + 3 * c) = r.col(c);
      st.velocity.segment<3>(d + 3 + 3 * c) = b.angular_velocity.cross(r.col(c));
    }
  }
}

}  // namespace ripple
