#include "ripple/coupling/monolith/monolith_coupler.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/fluid/liquid_phases.hpp"

namespace ripple {

namespace {

/// The closed sides of the domain as contact planes (normals into the domain).
std::vector<ContactPlane> wall_planes(const Scene& s, double friction) {
  std::vector<ContactPlane> out;
  const Vec3 lo = s.grid.origin, hi = s.grid.upper();
  const WallSides walls = wall_sides(s);
  for (int a = 0; a < 3; ++a) {
    Vec3 n = Vec3::Zero();
    n[a] = 1.0;
    if (walls[static_cast<size_t>(2 * a)]) out.push_back({lo, n, friction});
    if (walls[static_cast<size_t>(2 * a + 1)]) out.push_back({hi, -n, friction});
  }
  return out;
}

}  // namespace

void MonolithCoupler::prepare(World& w) {
  model_body_.clear();
  bodies_.clear();
  if (!w.lagrangian) return;
  const SolidModel& model = w.lagrangian->model;
  const double h = 0.25 * w.scene.grid.dx;  // the shapes' distance sampled at a quarter cell
  for (size_t i = 0; i < w.scene.lagrangian_solids.size(); ++i) {
    const LagrangianSolidDesc& d = w.scene.lagrangian_solids[i];
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
    for (const auto& t : d.triangles) mesh->triangles.emplace_back(t[0], t[1], t[2]);
    ShapeDesc shape;
    shape.kind = ShapeDesc::Kind::Mesh;
    shape.mesh = mesh;
    body.shape = std::make_shared<const ShapeSdf>(shape, h);
    model_body_.push_back(b);
    bodies_.push_back(std::move(body));
  }
  read_bodies(w);
  // The liquid is seeded outside the bodies: they join the solid boundary until the first step.
  update_body_phi(w);
  SolidBoundary& sb = w.solids;
  parallel_for(0, sb.node_phi.size(), [&](int64_t i) { sb.node_phi[i] = std::min(sb.node_phi[i], body_phi_[i]); });
  sb.has_obstacles = true;
  update_face_fractions(sb, w.scene.grid, wall_sides(w.scene), w.obstacles, w.time);
  obstacles_only_ = false;
}

void MonolithCoupler::read_bodies(const World& w) {
  const SolidState& st = w.lagrangian->state;
  const SolidModel& model = w.lagrangian->model;
  for (size_t k = 0; k < bodies_.size(); ++k) {
    const int d = model.bodies[static_cast<size_t>(model_body_[k])].first_dof;
    RigidBody& b = bodies_[k];
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

void MonolithCoupler::write_bodies(World& w) const {
  SolidState& st = w.lagrangian->state;
  const SolidModel& model = w.lagrangian->model;
  for (size_t k = 0; k < bodies_.size(); ++k) {
    const int d = model.bodies[static_cast<size_t>(model_body_[k])].first_dof;
    const RigidBody& b = bodies_[k];
    const Mat3 r = b.orientation.toRotationMatrix();
    st.z.segment<3>(d) = b.position;
    st.velocity.segment<3>(d) = b.velocity;
    for (int c = 0; c < 3; ++c) {
      st.z.segment<3>(d + 3 + 3 * c) = r.col(c);
      st.velocity.segment<3>(d + 3 + 3 * c) = b.angular_velocity.cross(r.col(c));
    }
  }
}

void MonolithCoupler::update_body_phi(const World& w) {
  const GridGeometry& g = w.scene.grid;
  const Vec3i nd = g.node_dims();
  body_phi_.resize(nd.x(), nd.y(), nd.z(), 1e30);
  std::fill(body_phi_.data().begin(), body_phi_.data().end(), 1e30);
  for (const RigidBody& b : bodies_) {
    const double radius = bounding_radius(b);
    const Vec3 lo = (b.position.array() - radius - 2.0 * g.dx).matrix(), hi = (b.position.array() + radius + 2.0 * g.dx).matrix();
    const Vec3i i0 = ((lo - g.origin) / g.dx).array().floor().cast<int>().max(0).matrix();
    const Vec3i i1 = ((hi - g.origin) / g.dx).array().ceil().cast<int>().min(nd.array() - 1).matrix();
    parallel_for(i0.z(), i1.z() + 1, [&](int64_t k) {
      for (int j = i0.y(); j <= i1.y(); ++j)
        for (int i = i0.x(); i <= i1.x(); ++i) {
          double& v = body_phi_(i, j, static_cast<int>(k));
          v = std::min(v, rigid_body_distance(b, g.node(i, j, static_cast<int>(k))));
        }
    }, 1);
  }
}

void MonolithCoupler::step(World& w, double dt, const StepContext& ctx) {
  const Scene& s = w.scene;
  const double t1 = w.time + dt;
  if (w.lagrangian) read_bodies(w);
  if (!obstacles_only_) {  // the bodies were in the solid boundary for seeding only
    update_solid_boundary(w.solids, s.grid, wall_sides(s), w.obstacles, w.time);
    obstacles_only_ = true;
  }
  move_obstacles(w, t1, ctx.timings);
  ProjectionInput in = prepare_projection(w, dt, ctx.timings);
  for (RigidBody& b : bodies_) b.velocity += s.gravity * dt;
  std::vector<RigidContact> contacts;
  {
    ScopedPhase t(ctx.timings, "contacts");
    double speed = 0.0;
    for (const RigidBody& b : bodies_)
      speed = std::max(speed, b.velocity.norm() + b.angular_velocity.norm() * bounding_radius(b));
    const double margin = 2.0 * speed * dt + 0.1 * s.grid.dx;
    ContactField field;
    if (!w.obstacles.empty())
      field = ContactField{[&](const Vec3& x) { return w.obstacles.signed_distance(x, t1); }, s.obstacle_friction,
                           [&](const Vec3& x) { return w.obstacles.velocity(x, t1); }};
    contacts = find_rigid_contacts(bodies_, wall_planes(s, s.obstacle_friction), field, margin);
  }
  MonolithicSolveReport r;
  {
    ScopedPhase t(ctx.timings, "monolithic_solve");
    MonolithicSolveParams p;
    p.dt = dt;
    p.density = s.fluid.density;
    p.walls = wall_sides(s);
    p.contact = settings_.contact;
    p.multigrid = settings_.preconditioner == MonolithPreconditioner::multigrid;
    r = solve_liquid_rigid_contact(w.liquid, bodies_, contacts, &w.solids, p, &in.valid);
  }
  record_pressure(r.iterations, r.residual, r.converged, ctx);
  if (!r.converged)
    throw SimulationError("the monolithic solve (MPRGP) did not converge in " + std::to_string(r.iterations) +
                          " iterations (relative residual " + std::to_string(r.residual) +
                          "); raise coupling.monolith.max_iterations or loosen coupling.monolith.tolerance");
  for (const RigidBody& b : bodies_)
    if (!b.velocity.allFinite() || !b.angular_velocity.allFinite())
      throw SimulationError("non-finite rigid body velocity after the monolithic solve");
  frame_.solves += r.solves;
  frame_.iterations += r.iterations;
  frame_.iterations_max = std::max<int64_t>(frame_.iterations_max, r.iterations);
  frame_.contacts_max = std::max(frame_.contacts_max, r.contacts);
  frame_.pressure_unknowns_max = std::max(frame_.pressure_unknowns_max, r.pressure_unknowns);
  frame_.divergence_max = std::max(frame_.divergence_max, r.max_divergence);
  frame_.contact_force = r.contact_force;
  // Particles leave the bodies (a body moving into them, or their own step into it).
  LiquidAdvanceHooks hooks;
  hooks.moves.filter = [&](const Vec3&, Vec3& x1) {
    for (const RigidBody& b : bodies_) {
      const double d = rigid_body_distance(b, x1);
      if (d >= 0.0) continue;
      const Vec3 grad = distance_gradient([&b](const Vec3& y) { return rigid_body_distance(b, y); }, x1, 0.1 * s.grid.dx);
      if (grad.norm() > 0.0) x1 += (-d + 0.05 * s.grid.dx) * grad.normalized();
    }
  };
  for (RigidBody& b : bodies_) advance_position(b, dt);
  ctx.log.particles_removed += advance_liquid_after_projection(w, in, dt, false, ctx.timings, &hooks);
  if (w.lagrangian) {
    write_bodies(w);
    w.lagrangian->state.time = t1;
  }
  update_body_phi(w);
}

void MonolithCoupler::write_frame_stats(const World& w, const FrameLog&, nlohmann::json& j) {
  nlohmann::json forces = nlohmann::json::array();
  for (size_t k = 0; k < frame_.contact_force.size() && k < w.scene.lagrangian_solids.size(); ++k) {
    const Vec3& f = frame_.contact_force[k];
    forces.push_back({{"name", w.scene.lagrangian_solids[k].name}, {"force", {f.x(), f.y(), f.z()}}});
  }
  j["monolith"] = {{"solves", frame_.solves},
                   {"iterations", frame_.iterations},
                   {"iterations_max", frame_.iterations_max},
                   {"contacts_max", frame_.contacts_max},
                   {"pressure_unknowns_max", frame_.pressure_unknowns_max},
                   {"divergence_max", frame_.divergence_max},
                   {"contact_forces", forces}};
  frame_ = FrameFigures{};
}

std::vector<StatsField> monolith_stats_fields() {
  return {
      {"monolith.solves", "", "MPRGP solves (one per substep plus its friction updates), summed."},
      {"monolith.iterations", "", "MPRGP iterations, summed over the frame's solves."},
      {"monolith.iterations_max", "", "Most MPRGP iterations of one substep."},
      {"monolith.contacts_max", "", "Most contact points (body points near a wall, an obstacle or another body) in a "
                                    "substep."},
      {"monolith.pressure_unknowns_max", "", "Most liquid cells with a pressure unknown."},
      {"monolith.divergence_max", "1/s", "Largest divergence of a liquid cell after the solve."},
      {"monolith.contact_forces[].name", "", "A body's name."},
      {"monolith.contact_forces[].force", "N", "The contact force on it [x, y, z] at the last substep."},
  };
}

}  // namespace ripple
