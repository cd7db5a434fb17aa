#include "ripple/solid/forms/contact_form.hpp"

#include <chrono>
#include <limits>

#include "ripple/contact/additive_ccd.hpp"
#include "ripple/contact/barrier.hpp"
#include "ripple/contact/contact_stencil.hpp"
#include "ripple/contact/edge_edge_mollifier.hpp"
#include "ripple/contact/pair_distance.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/solid/forms/stencil_scatter.hpp"
#include "ripple/solid/psd_projection.hpp"

namespace ripple {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

using Stencil = ContactStencil;

Vec3 at(const VectorX& x, int v) { return x.segment<3>(3 * v); }
double offset_of(const CollisionMesh& mesh, const Stencil& s) { return stencil_offset(mesh, s); }
double squared_distance(const VectorX& x, const Stencil& s) { return stencil_distance_sq(x, s); }

/// Barrier of one pair with derivatives over its (up to) 12 stencil coordinates (Hessian not
/// yet projected: scatter_stencils projects it over the free coordinates).
Derivatives<12> pair_barrier(const CollisionMesh& mesh, const VectorX& x, const Stencil& s, double dhat) {
  Derivatives<12> d2;
  const Vec3 a = at(x, s.v[0]), b = at(x, s.v[1]);
  switch (s.type) {
    case Stencil::vertex_face: d2 = point_triangle_distance_sq_derivatives(a, b, at(x, s.v[2]), at(x, s.v[3])); break;
    case Stencil::edge_edge: d2 = edge_edge_distance_sq_derivatives(a, b, at(x, s.v[2]), at(x, s.v[3])); break;
    case Stencil::vertex_edge: {
      const Derivatives<9> d = point_edge_distance_sq_derivatives(a, b, at(x, s.v[2]));
      d2.value = d.value;
      d2.gradient.head<9>() = d.gradient;
      d2.hessian.topLeftCorner<9, 9>() = d.hessian;
      break;
    }
    default: {
      const Derivatives<6> d = point_point_distance_sq_derivatives(a, b);
      d2.value = d.value;
      d2.gradient.head<6>() = d.gradient;
      d2.hessian.topLeftCorner<6, 6>() = d.hessian;
    }
  }
  const ScalarDerivatives bs = barrier_of_squared_distance(d2.value, offset_of(mesh, s), dhat);
  Derivatives<12> out;
  out.value = bs.value;
  out.gradient = bs.first * d2.gradient;
  out.hessian = bs.second * d2.gradient * d2.gradient.transpose() + bs.first * d2.hessian;
  if (s.type == Stencil::edge_edge) {
    const VectorX& r = mesh.rest_positions;
    const double eps = edge_edge_mollifier_threshold(at(r, s.v[0]), at(r, s.v[1]), at(r, s.v[2]), at(r, s.v[3]));
    const Derivatives<12> m = edge_edge_mollifier_derivatives(a, b, at(x, s.v[2]), at(x, s.v[3]), eps);
    if (m.value < 1.0) {
      const Derivatives<12> bb = out;
      out.value = m.value * bb.value;
      out.gradient = m.value * bb.gradient + bb.value * m.gradient;
      out.hessian = m.value * bb.hessian + bb.value * m.hessian + m.gradient * bb.gradient.transpose() +
                    bb.gradient * m.gradient.transpose();
    }
  }
  return out;
}

}  // namespace

double min_barrier_stiffness(double dhat, double bbox_diagonal, double average_mass) {
  double g0 = 1e-8 * bbox_diagonal;
  if (g0 <= 0.0 || g0 >= dhat) g0 = 0.5 * dhat;  // no scale (no solids) or a huge one
  const double stiffness = barrier(g0, dhat).second;
  return 1e11 * average_mass / stiffness;
}

double balanced_barrier_stiffness(const ContactForm& contact, const VectorX& z, const VectorX& other_gradient,
                                  double weight, double kappa, double kappa_max) {
  if (contact.candidates().size() == 0) return kappa;
  const VectorX gb = contact.barrier_gradient(z);
  if (gb.squaredNorm() == 0.0) return kappa;
  const double ratio = -other_gradient.dot(gb) / (weight * gb.squaredNorm());
  return std::max(kappa, std::min(ratio, kappa_max));
}

void ContactForm::begin_iteration(const VectorX& z) {
  if (candidates_cover_step_) {
    candidates_cover_step_ = false;
    return;
  }
  if (near_covers(z)) {
    candidates_ = near_;
    return;
  }
  update_candidates(z);
}

bool ContactForm::near_covers(const VectorX& z) const {
  return near_reference_.size() == z.size() && m_.max_vertex_displacement(z - near_reference_) <= near_radius_;
}

void ContactForm::update_candidates(const VectorX& z) {
  candidates_cover_step_ = false;
  const auto t0 = std::chrono::steady_clock::now();
  const VectorX x = m_.positions(z);
  candidates_ = find_candidates(mesh_, x, x, dhat_);
  time_broad_phase += seconds_since(t0);
}

double ContactForm::value(const VectorX& z) const {
  const VectorX x = m_.positions(z);
  const auto stencils = stencils_of(mesh_, candidates_);
  return weight_ * kappa_ * parallel_sum(0, static_cast<int64_t>(stencils.size()), [&](int64_t i) {
    const Stencil& s = stencils[i];
    const double d2 = squared_distance(x, s);
    const double b = barrier_of_squared_distance(d2, offset_of(mesh_, s), dhat_).value;
    if (b == 0.0 || s.type != Stencil::edge_edge) return b;
    const VectorX& r = mesh_.rest_positions;
    const double eps = edge_edge_mollifier_threshold(at(r, s.v[0]), at(r, s.v[1]), at(r, s.v[2]), at(r, s.v[3]));
    const double c = (at(x, s.v[1]) - at(x, s.v[0])).cross(at(x, s.v[3]) - at(x, s.v[2])).squaredNorm();
    return edge_edge_mollifier(c, eps).value * b;
  });
}

void ContactForm::add_derivatives(const VectorX& z, VectorX& gradient, std::vector<Triplet>* hessian) const {
  const VectorX x = m_.positions(z);
  const auto stencils = stencils_of(mesh_, candidates_);
  // Derivatives only for pairs within dhat: swept candidate lists can be millions long while
  // a few percent are active, and 12x12 blocks for all of them would not fit in memory.
  std::vector<uint8_t> near(stencils.size(), 0);
  parallel_for(0, static_cast<int64_t>(stencils.size()), [&](int64_t i) {
    near[i] = squared_distance(x, stencils[i]) < std::pow(dhat_ + offset_of(mesh_, stencils[i]), 2);
  }, 256);
  std::vector<Stencil> active_stencils;
  for (size_t i = 0; i < stencils.size(); ++i)
    if (near[i]) active_stencils.push_back(stencils[i]);
  std::vector<Derivatives<12>> active_derivatives(active_stencils.size());
  parallel_for(0, static_cast<int64_t>(active_stencils.size()), [&](int64_t i) {
    active_derivatives[i] = pair_barrier(mesh_, x, active_stencils[i], dhat_);
  }, 64);
  const std::vector<double> weights(active_stencils.size(), weight_ * kappa_);
  scatter_stencils(m_, active_stencils, active_derivatives, weights, true, gradient, hessian);
}

VectorX ContactForm::barrier_gradient(const VectorX& z) const {
  VectorX g = VectorX::Zero(z.size());
  ContactForm unit(m_, dhat_, 1.0, &mesh_);
  unit.kappa_ = 1.0;
  unit.candidates_ = candidates_;
  unit.add_derivatives(z, g, nullptr);
  return g;
}

int ContactForm::active_pairs(const VectorX& z) const {
  const VectorX x = m_.positions(z);
  const auto stencils = stencils_of(mesh_, candidates_);
  int n = 0;
  for (const Stencil& s : stencils) n += std::sqrt(squared_distance(x, s)) - offset_of(mesh_, s) < dhat_;
  return n;
}

double ContactForm::min_gap(const VectorX& z) const {
  const VectorX x = m_.positions(z);
  const auto stencils = stencils_of(mesh_, candidates_);
  double best = std::numeric_limits<double>::infinity();
  for (const Stencil& s : stencils) best = std::min(best, std::sqrt(squared_distance(x, s)) - offset_of(mesh_, s));
  return best;
}

void ContactForm::end_iteration(const VectorX& z) {
  const double gap = min_gap(z);
  if (gap < 1e-2 * dhat_ && gap < previous_gap_) kappa_ = std::min(2.0 * kappa_, std::max(kappa_max_, kappa_));
  previous_gap_ = gap;
}

double ContactForm::max_step(const VectorX& z, const VectorX& dz) {
  auto t0 = std::chrono::steady_clock::now();
  const VectorX x0 = m_.positions(z);
  const VectorX x1 = m_.positions(z + dz);
  // The segment x0 -> x1 stays within r of the reference when both ends do (balls are convex).
  if (near_covers(z) && near_covers(z + dz)) {
    candidates_ = near_;
  } else if (m_.max_vertex_displacement(dz) <= 0.5 * dhat_) {
    // A small step, as in Newton's tail: candidates for a ball of r = dhat / 2 around x0, in
    // which the next steps will likely stay (r = dhat / 2 spent the least on the bouncing
    // drop's broad and narrow phases together; with r = 2 dhat the narrow phase took 8x longer).
    near_radius_ = 0.5 * dhat_;
    near_reference_ = z;
    near_ = find_candidates(mesh_, x0, x0, dhat_ + 2.0 * near_radius_);
    candidates_ = near_;
  } else {
    candidates_ = find_candidates(mesh_, x0, x1, dhat_);
  }
  candidates_cover_step_ = true;
  time_broad_phase += seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const auto stencils = stencils_of(mesh_, candidates_);
  std::vector<double> toi(stencils.size(), 1.0);
  parallel_for(0, static_cast<int64_t>(stencils.size()), [&](int64_t i) {
    const Stencil& s = stencils[i];
    CcdOptions o;
    o.offset = offset_of(mesh_, s);
    const auto& v = s.v;
    switch (s.type) {
      case Stencil::vertex_face:
        toi[i] = point_triangle_ccd(at(x0, v[0]), at(x0, v[1]), at(x0, v[2]), at(x0, v[3]), at(x1, v[0]), at(x1, v[1]),
                                    at(x1, v[2]), at(x1, v[3]), o);
        break;
      case Stencil::edge_edge:
        toi[i] = edge_edge_ccd(at(x0, v[0]), at(x0, v[1]), at(x0, v[2]), at(x0, v[3]), at(x1, v[0]), at(x1, v[1]),
                               at(x1, v[2]), at(x1, v[3]), o);
        break;
      case Stencil::vertex_edge:
        toi[i] = point_edge_ccd(at(x0, v[0]), at(x0, v[1]), at(x0, v[2]), at(x1, v[0]), at(x1, v[1]), at(x1, v[2]), o);
        break;
      default: toi[i] = point_point_ccd(at(x0, v[0]), at(x0, v[1]), at(x1, v[0]), at(x1, v[1]), o);
    }
  }, 64);
  double t = 1.0;
  for (double v : toi) t = std::min(t, v);
  time_ccd += seconds_since(t0);
  return t;
}

}  // namespace ripple
