#include "ripple/solid/solid_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>

#include "ripple/solid/energies/discrete_shell_bending.hpp"
#include "ripple/solid/energies/rod_energies.hpp"
#include "ripple/solid/midedge_elements.hpp"

namespace ripple {
namespace {

void append(VectorX& v, const VectorX& more) {
  VectorX out(v.size() + more.size());
  out << v, more;
  v = std::move(out);
}

}  // namespace

int SolidModelBuilder::begin_body(const std::string& name, SolidKind kind, const std::vector<Vec3>& x, bool rigid,
                                  const BodyMotion& motion) {
  SolidModel& m = model_;
  const int body = static_cast<int>(m.bodies.size());
  SolidBodyInfo info;
  info.name = name;
  info.kind = kind;
  info.first_vertex = m.num_vertices;
  info.num_vertices = static_cast<int>(x.size());
  info.mass_damping = motion.mass_damping;
  info.stiffness_damping = motion.stiffness_damping;
  info.friction = motion.friction;
  info.fixed = motion.fixed;
  info.kinematic = motion.kinematic;
  info.linear_velocity = motion.velocity;
  info.angular_velocity = motion.angular_velocity;
  if (rigid && motion.kinematic) info.path = motion.path;
  m.bodies.push_back(info);
  VectorX rest(3 * x.size());
  for (size_t i = 0; i < x.size(); ++i) rest.segment<3>(3 * i) = x[i];
  append(m.rest_positions, rest);
  const int first_dof = m.num_dofs;
  for (size_t i = 0; i < x.size(); ++i) {
    m.vertex_body.push_back(body);
    m.vertex_rigid.push_back(rigid);
    m.vertex_dof.push_back(rigid ? first_dof : first_dof + 3 * static_cast<int>(i));
    m.vertex_local.push_back(Vec3::Zero());
  }
  const int dofs = rigid ? 12 : 3 * static_cast<int>(x.size());
  m.num_dofs += dofs;
  m.dof_fixed.resize(m.num_dofs, rigid && motion.fixed);
  append(m.vertex_mass, VectorX::Zero(static_cast<Eigen::Index>(x.size())));
  VectorX v0 = VectorX::Zero(dofs);
  if (!rigid)
    for (size_t i = 0; i < x.size(); ++i) v0.segment<3>(3 * i) = motion.velocity;
  append(velocity_, v0);
  const bool scripted = !rigid && motion.pin_path.moves() && !motion.pinned.empty();
  if (scripted) {
    // Moving pins stay coordinates of the solve, pulled onto their script (KinematicForm).
    ScriptedPins pins;
    for (int p : motion.pinned) pins.vertices.push_back(m.num_vertices + p);
    pins.path = motion.pin_path;
    m.scripted_pins.push_back(pins);
  } else {
    for (int p : motion.pinned)
      for (int k = 0; k < 3; ++k) m.dof_fixed[first_dof + 3 * p + k] = 1;
  }
  m.num_vertices += static_cast<int>(x.size());
  // Collision data per vertex.
  m.collision.num_vertices = m.num_vertices;
  m.collision.body.resize(m.num_vertices, body);
  m.collision.thickness.resize(m.num_vertices, 0.0);
  m.collision.collidable.resize(m.num_vertices, 1);
  // Scripted bodies (static or kinematic rigid bodies, colliders) never answer a contact: pairs
  // of their primitives are skipped, and a collider's own primitives never meet.
  m.collision.fixed.resize(m.num_vertices, (rigid && motion.fixed) || motion.kinematic);
  if (!scripted)
    for (int p : motion.pinned) m.collision.fixed[info.first_vertex + p] = 1;
  m.collision.self_contact.push_back(!rigid && !motion.kinematic);
  m.collision.rest_positions = m.rest_positions;
  return body;
}

void SolidModelBuilder::add_surface(int v0, const std::vector<std::array<int, 3>>& triangles, double thickness) {
  CollisionMesh& c = model_.collision;
  std::vector<std::array<int, 2>> edges;
  for (const auto& t : triangles) {
    c.faces.push_back({v0 + t[0], v0 + t[1], v0 + t[2]});
    for (int k = 0; k < 3; ++k) {
      const int a = v0 + t[k], b = v0 + t[(k + 1) % 3];
      edges.push_back({std::min(a, b), std::max(a, b)});
      c.thickness[a] = thickness;
    }
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  c.edges.insert(c.edges.end(), edges.begin(), edges.end());
}

void SolidModelBuilder::add_shell(const std::string& name, const std::vector<Vec3>& x,
                                  const std::vector<std::array<int, 3>>& triangles, const ShellMaterial& mat,
                                  const BodyMotion& motion) {
  const int body = begin_body(name, SolidKind::shell, x, false, motion);
  SolidModel& m = model_;
  const int v0 = m.bodies[body].first_vertex;
  const Lame lame = Lame::plane_stress(mat.young, mat.poisson);
  std::vector<double> area(triangles.size());
  for (size_t t = 0; t < triangles.size(); ++t) {
    const auto& tri = triangles[t];
    const std::array<int, 3> g{v0 + tri[0], v0 + tri[1], v0 + tri[2]};
    m.membranes.push_back(g);
    m.membrane_rest.push_back(triangle_rest(x[tri[0]], x[tri[1]], x[tri[2]]));
    m.membrane_thickness.push_back(mat.thickness);
    m.membrane_lame.push_back(lame);
    area[t] = m.membrane_rest.back().measure;
    const double mass = mat.density * mat.thickness * area[t];
    for (int k : g) m.vertex_mass[k] += mass / 3.0;
    m.bodies[body].mass += mass;
  }
  // Hinges: interior edges shared by exactly two triangles.
  const double D = mat.bending_scale * mat.young * std::pow(mat.thickness, 3) / (12.0 * (1.0 - mat.poisson * mat.poisson));
  std::map<std::pair<int, int>, std::vector<std::pair<int, int>>> edge_faces;  // edge -> (triangle, opposite)
  for (size_t t = 0; t < triangles.size(); ++t)
    for (int k = 0; k < 3; ++k) {
      const int a = triangles[t][k], b = triangles[t][(k + 1) % 3], c = triangles[t][(k + 2) % 3];
      edge_faces[{std::min(a, b), std::max(a, b)}].push_back({static_cast<int>(t), c});
    }
  if (mat.bending == ShellBending::midedge) {
    add_midedge_bending_elements(model_, v0, x, triangles, D, mat.poisson);
    add_surface(v0, triangles, 0.5 * mat.thickness);
    return;
  }
  for (const auto& [edge, faces] : edge_faces) {
    if (faces.size() != 2) continue;
    const auto [a, b] = edge;
    const int c = faces[0].second, d = faces[1].second;
    const double rest_area = area[faces[0].first] + area[faces[1].first];
    m.hinges.push_back({v0 + a, v0 + b, v0 + c, v0 + d});
    m.hinge_rest_angle.push_back(dihedral_angle(x[a], x[b], x[c], x[d]));
    m.hinge_stiffness.push_back(D * (x[a] - x[b]).squaredNorm() / (2.0 * rest_area));
  }
  add_surface(v0, triangles, 0.5 * mat.thickness);
}

void SolidModelBuilder::add_collider(const std::string& name, std::shared_ptr<const MeshSequence> sequence,
                                     double friction, double areal_weight) {
  const std::vector<Vec3> x = sequence->positions(0.0);
  BodyMotion motion;
  motion.kinematic = true;
  motion.friction = friction;
  const int body = begin_body(name, SolidKind::shell, x, false, motion);
  SolidModel& m = model_;
  const int v0 = m.bodies[body].first_vertex;
  ScriptedPins pins;
  pins.first_vertex = v0;
  for (int v = 0; v < static_cast<int>(x.size()); ++v) pins.vertices.push_back(pins.first_vertex + v);
  const std::vector<std::array<int, 3>> triangles = triangle_arrays(sequence->triangles());
  double weight = 0.0;  // kg: the whole surface's pull
  for (size_t k = 0; k < sequence->frame_count(); ++k) {
    const std::vector<Vec3>& f = sequence->frame(k);
    double area = 0.0;
    for (const auto& t : triangles) area += 0.5 * (f[t[1]] - f[t[0]]).cross(f[t[2]] - f[t[0]]).norm();
    weight = std::max(weight, areal_weight * area);
  }
  for (size_t b = 0; b + 1 < m.bodies.size(); ++b)
    if (!m.bodies[b].fixed && !m.bodies[b].kinematic) weight = std::max(weight, m.bodies[b].mass);
  pins.weight_mass = std::max(weight, 1e-3) / static_cast<double>(std::max<size_t>(x.size(), 1));
  pins.sequence = std::move(sequence);
  m.scripted_pins.push_back(std::move(pins));
  add_surface(v0, triangles, 0.0);
}

void SolidModelBuilder::set_pair_friction(const std::string& a, const std::string& b, double friction) {
  auto index = [&](const std::string& name) {
    for (size_t i = 0; i < model_.bodies.size(); ++i)
      if (model_.bodies[i].name == name) return static_cast<int>(i);
    throw std::invalid_argument("no solid named \"" + name + "\"");
  };
  const int i = index(a), j = index(b);
  model_.pair_friction[{std::min(i, j), std::max(i, j)}] = friction;
}

void SolidModelBuilder::add_rod(const std::string& name, const std::vector<Vec3>& x,
                                const std::vector<std::array<int, 2>>& edges, const RodMaterial& mat,
                                const BodyMotion& motion) {
  const int body = begin_body(name, SolidKind::rod, x, false, motion);
  SolidModel& m = model_;
  const int v0 = m.bodies[body].first_vertex;
  const double area = std::numbers::pi * mat.radius * mat.radius;
  const double ks = mat.young * area, kb = mat.young * std::numbers::pi * std::pow(mat.radius, 4) / 4.0;
  std::vector<std::vector<int>> incident(x.size());
  for (size_t e = 0; e < edges.size(); ++e) {
    const auto [a, b] = edges[e];
    const double l = (x[a] - x[b]).norm();
    m.rod_edges.push_back({v0 + a, v0 + b});
    m.rod_rest_length.push_back(l);
    m.rod_stretch_stiffness.push_back(ks);
    const double mass = mat.density * area * l;
    m.vertex_mass[v0 + a] += mass / 2.0;
    m.vertex_mass[v0 + b] += mass / 2.0;
    m.bodies[body].mass += mass;
    incident[a].push_back(static_cast<int>(e));
    incident[b].push_back(static_cast<int>(e));
    model_.collision.edges.push_back({std::min(v0 + a, v0 + b), std::max(v0 + a, v0 + b)});
  }
  // Bending pairs: at every vertex, each edge is paired with the edge that continues it most
  // straightly (a greedy matching, so a junction of a web keeps its threads' stiffness).
  for (size_t v = 0; v < x.size(); ++v) {
    std::vector<int> free_edges = incident[v];
    while (free_edges.size() >= 2) {
      double best = 2.0;
      size_t bi = 0, bj = 1;
      for (size_t i = 0; i < free_edges.size(); ++i)
        for (size_t j = i + 1; j < free_edges.size(); ++j) {
          auto other = [&](int e) { return edges[e][0] == static_cast<int>(v) ? edges[e][1] : edges[e][0]; };
          const Vec3 u = (x[other(free_edges[i])] - x[v]).normalized(), w = (x[other(free_edges[j])] - x[v]).normalized();
          if (u.dot(w) < best) {
            best = u.dot(w);
            bi = i;
            bj = j;
          }
        }
      auto other = [&](int e) { return edges[e][0] == static_cast<int>(v) ? edges[e][1] : edges[e][0]; };
      const int a = other(free_edges[bi]), b = other(free_edges[bj]);
      if (best > 0.0) break;  // no pair within 90 degrees of straight left
      m.rod_bends.push_back({v0 + a, v0 + static_cast<int>(v), v0 + b});
      m.rod_rest_curvature.push_back(rod_curvature(x[a], x[v], x[b]));
      m.rod_rest_length_sum.push_back((x[a] - x[v]).norm() + (x[b] - x[v]).norm());
      m.rod_bend_stiffness.push_back(kb);
      free_edges.erase(free_edges.begin() + static_cast<long>(bj));
      free_edges.erase(free_edges.begin() + static_cast<long>(bi));
    }
  }
  for (size_t i = 0; i < x.size(); ++i) model_.collision.thickness[v0 + i] = mat.radius;
}

void SolidModelBuilder::add_volume(const std::string& name, const std::vector<Vec3>& x,
                                   const std::vector<std::array<int, 4>>& tets, const VolumeMaterial& mat,
                                   const BodyMotion& motion) {
  const int body = begin_body(name, SolidKind::volume, x, false, motion);
  SolidModel& m = model_;
  const int v0 = m.bodies[body].first_vertex;
  const Lame lame = Lame::from_young_poisson(mat.young, mat.poisson);
  std::map<std::array<int, 3>, std::pair<std::array<int, 3>, int>> faces;  // sorted -> (oriented, count)
  for (const auto& t : tets) {
    m.tets.push_back({v0 + t[0], v0 + t[1], v0 + t[2], v0 + t[3]});
    m.tet_rest.push_back(tet_rest(x[t[0]], x[t[1]], x[t[2]], x[t[3]]));
    m.tet_lame.push_back(lame);
    m.tet_model.push_back(mat.model);
    const double mass = mat.density * std::abs(m.tet_rest.back().measure);
    for (int k : t) m.vertex_mass[v0 + k] += mass / 4.0;
    m.bodies[body].mass += mass;
    // Outward-oriented faces of a positively oriented tet (0,1,2,3).
    const std::array<std::array<int, 3>, 4> f{{{t[0], t[2], t[1]}, {t[0], t[1], t[3]}, {t[0], t[3], t[2]}, {t[1], t[2], t[3]}}};
    for (const auto& face : f) {
      std::array<int, 3> key = face;
      std::sort(key.begin(), key.end());
      auto [it, inserted] = faces.try_emplace(key, face, 0);
      ++it->second.second;
    }
  }
  std::vector<std::array<int, 3>> boundary;
  for (const auto& [key, entry] : faces)
    if (entry.second == 1) boundary.push_back(entry.first);
  for (size_t i = 0; i < x.size(); ++i) m.collision.collidable[v0 + i] = 0;
  for (const auto& f : boundary)
    for (int k : f) m.collision.collidable[v0 + k] = 1;
  add_surface(v0, boundary, 0.0);
}

void SolidModelBuilder::add_rigid(const std::string& name, const std::vector<Vec3>& x,
                                  const std::vector<std::array<int, 3>>& triangles, const RigidMaterial& mat,
                                  const BodyMotion& motion) {
  const int body = begin_body(name, SolidKind::rigid, x, true, motion);
  SolidModel& m = model_;
  SolidBodyInfo& b = m.bodies[body];
  // Mass properties of the closed surface: sum over tetrahedra (origin, triangle).
  double volume = 0.0;
  Vec3 first = Vec3::Zero();
  Mat3 second = Mat3::Zero();
  for (const auto& t : triangles) {
    const Vec3 &a = x[t[0]], &c = x[t[1]], &d = x[t[2]];
    const double v = a.dot(c.cross(d)) / 6.0;
    volume += v;
    first += v * (a + c + d) / 4.0;
    const Vec3 s = a + c + d;
    second += v / 20.0 * (a * a.transpose() + c * c.transpose() + d * d.transpose() + s * s.transpose());
  }
  // Static colliders (domain walls face inwards) need no mass properties.
  const Vec3 com = motion.fixed ? Vec3::Zero() : Vec3(first / volume);
  if (motion.fixed) volume = std::abs(volume), second.setZero();
  b.volume = volume;
  b.mass = mat.density * volume;
  b.second_moment = mat.density * (second - volume * com * com.transpose());
  b.orthogonality_stiffness = mat.orthogonality_stiffness;
  b.first_dof = m.vertex_dof[b.first_vertex];
  for (int i = 0; i < b.num_vertices; ++i) m.vertex_local[b.first_vertex + i] = x[i] - com;
  if (b.path) b.path_offset = com - b.path->rest_centre();
  // Initial affine velocity: p_dot = v, A_dot = [omega]x A with A = I.
  const Mat3 w = skew(motion.angular_velocity);
  velocity_.segment<3>(b.first_dof) = motion.velocity + motion.angular_velocity.cross(b.path_offset);
  for (int k = 0; k < 3; ++k) velocity_.segment<3>(b.first_dof + 3 + 3 * k) = w.col(k);
  add_surface(b.first_vertex, triangles, 0.0);
}

}  // namespace ripple
