#include "ripple/coupling/monolith/monolithic_solve.hpp"

#include <algorithm>
#include <cmath>
#include <memory>

#include "ripple/coupling/monolith/face_shares.hpp"
#include "ripple/coupling/monolith/viscous_rows.hpp"
#include "ripple/fluid/implicit_viscosity.hpp"
#include "ripple/grid/interpolation.hpp"
#include "ripple/fluid/row_multigrid.hpp"
#include "ripple/solver/column_dots.hpp"

namespace ripple {


MonolithicSolveReport solve_liquid_rigid_contact(LiquidState& liquid, std::vector<RigidBody>& bodies,
                                                 const std::vector<SolidContact>& contacts,
                                                 const SolidBoundary* obstacles, const MonolithicSolveParams& prm,
                                                 FaceFlags* valid, const ElasticBlock* elastic, VectorX* multipliers) {
  MonolithicSolveReport report;
  const GridGeometry& g = liquid.grid;
  const double dx = g.dx, area = dx * dx, volume = dx * dx * dx;
  const ScalarGrid& phi = liquid.phi;
  const int nb = static_cast<int>(bodies.size());

  // The static solids' open share of a face (walls, obstacles).
  auto static_open = [&](int a, int64_t f, const Vec3i& I) { return static_open_share(obstacles, prm.walls, g, a, f, I); };
  // Each face's fluid fraction w and body fraction s (of the body covering most of it).
  FaceShares shares = face_shares(g, bodies, obstacles, prm.walls, elastic ? &elastic->covered : nullptr);
  const std::array<ScalarGrid, 3>& fluid = shares.fluid;
  const std::array<ScalarGrid, 3>& body_part = shares.body_part;
  const std::array<Array3<int>, 3>& body_of = shares.body_of;
  // Rows: liquid cells with an open face.
  Array3<int32_t> row(g.n, -1);
  int64_t rows = 0;
  for (int64_t c = 0; c < phi.size(); ++c) {
    if (phi[c] >= 0.0) continue;
    const Vec3i I = phi.coords(c);
    double open = 0.0;
    for (int a = 0; a < 3; ++a) {
      Vec3i hi = I;
      hi[a] += 1;
      open += fluid[a](I.x(), I.y(), I.z()) + fluid[a](hi.x(), hi.y(), hi.z());
    }
    if (open > 0.0) row[c] = static_cast<int32_t>(rows++);
  }
  report.pressure_unknowns = rows;
  // Sealed: no liquid cell beside an air cell or an open domain side.
  bool sealed = rows > 0;
  for (int64_t c = 0; c < phi.size() && sealed; ++c) {
    if (row[c] < 0) continue;
    const Vec3i I = phi.coords(c);
    for (int a = 0; a < 3 && sealed; ++a)
      for (int side = 0; side < 2 && sealed; ++side) {
        Vec3i n = I;
        n[a] += side == 0 ? -1 : 1;
        Vec3i face = I;
        if (side == 1) face[a] += 1;
        if (fluid[a](face.x(), face.y(), face.z()) <= 0.0) continue;  // closed
        if (n[a] < 0 || n[a] >= g.n[a] || phi(n.x(), n.y(), n.z()) >= 0.0) sealed = false;
      }
  }
  const int64_t contact_rows = 3 * static_cast<int64_t>(contacts.size());
  const int64_t ne = elastic ? elastic->size() : 0;           // elastic unknowns
  const int64_t ns = elastic ? elastic->split.q.cols() : 0;   // their compliant split rows
  const int64_t viscous0 = rows + contact_rows + ns;          // then the stress rows

  // A viscous liquid's stress samples, weighted by the liquid's share of each control volume
  // with the level set continued into the solids (as Batty & Bridson 2008: the solids act
  // through their velocities; leaving their share out of the weights weakens the stress across
  // their surface, the no-slip, where it matters most).
  const bool viscous = prm.viscosity > 0.0;
  auto liquid_share = [&](const Vec3& x) { return liquid_fraction(phi, g, x); };
  StrainSamples samples;
  if (viscous) samples = build_strain_samples(g, prm.walls, PeriodicAxes{}, liquid_share);

  // Unknowns: open faces next to a liquid cell (with viscosity, and those its stress reaches),
  // then 6 per body.
  std::vector<std::pair<int, int64_t>> face_of;
  std::vector<double> face_mass;
  std::vector<Triplet> entries;  // C (rows x unknowns)
  auto in_grid = [&](const Vec3i& c) {
    return c.x() >= 0 && c.y() >= 0 && c.z() >= 0 && c.x() < g.n.x() && c.y() < g.n.y() && c.z() < g.n.z();
  };
  auto cell_row = [&](const Vec3i& c) { return in_grid(c) ? row(c.x(), c.y(), c.z()) : -1; };
  // The flux the static solids' moving parts push through each liquid cell's faces (a moving
  // obstacle): the constant of its divergence row.
  VectorX obstacle_flux = VectorX::Zero(rows);
  const bool moving_obstacles = obstacles && obstacles->velocity.u[0].size() == fluid[0].size();
  const int64_t body0 = [&] {
    int64_t count = 0;
    for (int a = 0; a < 3; ++a)
      for (int64_t f = 0; f < fluid[a].size(); ++f) {
        const Vec3i I = fluid[a].coords(f);
        Vec3i lo = I;
        lo[a] -= 1;
        const int32_t r_lo = cell_row(lo), r_hi = cell_row(I);
        if (r_lo < 0 && r_hi < 0) continue;
        const double w = fluid[a][f];
        const Vec3 x = g.face_center(a, I.x(), I.y(), I.z());
        const double inside_elastic = elastic && elastic->covered[a].size() > 0 ? elastic->covered[a][f] : 0.0;
        const double obstacle_share = std::max(0.0, 1.0 - w - body_part[a][f] - inside_elastic);
        if (moving_obstacles && obstacle_share > 0.0 && obstacles->velocity.u[a][f] != 0.0) {
          const double flux = area * obstacle_share * obstacles->velocity.u[a][f];
          if (r_lo >= 0) obstacle_flux[r_lo] += flux;
          if (r_hi >= 0) obstacle_flux[r_hi] -= flux;
        }
        if (w > 0.0) {
          // Across the free surface the face's mass is scaled by theta (ghost fluid, p = 0 there).
          double theta = 1.0;
          if ((r_lo >= 0) != (r_hi >= 0)) {
            const Vec3i& mine = r_lo >= 0 ? lo : I;
            const Vec3i& other = r_lo >= 0 ? I : lo;
            if (in_grid(other) && phi(other.x(), other.y(), other.z()) >= 0.0) {
              const double pc = phi(mine.x(), mine.y(), mine.z()), pn = phi(other.x(), other.y(), other.z());
              theta = std::clamp(pc / (pc - pn), 0.01, 1.0);
            }
          }
          // With viscosity the stress rows share this mass: at least the liquid's share of
          // the face's cube, as the liquid-only viscous step weighs it (a face of theta = 0.01
          // would take a hundredfold kick from the stress).
          if (viscous && theta < 1.0) theta = std::max(theta, liquid_share(x));
          const int64_t q = count++;
          face_of.emplace_back(a, f);
          face_mass.push_back(prm.density * volume * w * theta);
          if (r_lo >= 0) entries.emplace_back(r_lo, q, area * w);
          if (r_hi >= 0) entries.emplace_back(r_hi, q, -area * w);
        }
        const int k = body_of[a][f];
        if (k >= 0 && body_part[a][f] > 0.0) {  // the body's share of the face's flux
          Vec3 e = Vec3::Zero();
          e[a] = 1.0;
          const Vec3 r = x - bodies[static_cast<size_t>(k)].position;
          Eigen::Matrix<double, 6, 1> j;
          j << e, r.cross(e);
          for (int side = 0; side < 2; ++side) {
            const int32_t rr = side == 0 ? r_lo : r_hi;
            if (rr < 0) continue;
            const double sign = side == 0 ? 1.0 : -1.0;
            for (int d = 0; d < 6; ++d)
              entries.emplace_back(rr, -1 - (6 * k + d), sign * area * body_part[a][f] * j[d]);
          }
        }
      }
    if (viscous) {
      // The open faces away from the liquid cells whose control volume holds liquid: the
      // stress moves them too (their mass the liquid's share of it).
      std::array<std::vector<uint8_t>, 3> taken;
      for (int a = 0; a < 3; ++a) taken[a].assign(static_cast<size_t>(fluid[a].size()), 0);
      for (const auto& [a, f] : face_of) taken[a][static_cast<size_t>(f)] = 1;
      for (int a = 0; a < 3; ++a)
        for (int64_t f = 0; f < fluid[a].size(); ++f) {
          if (taken[a][static_cast<size_t>(f)] || fluid[a][f] <= 0.0) continue;
          const Vec3i I = fluid[a].coords(f);
          const double share = liquid_share(g.face_center(a, I.x(), I.y(), I.z()));
          if (share <= 0.0) continue;
          ++count;
          face_of.emplace_back(a, f);
          face_mass.push_back(prm.density * volume * fluid[a][f] * share);
        }
    }
    return count;
  }();
  const int64_t elastic0 = body0 + 6 * nb;
  const int64_t unknowns = elastic0 + ne;
  for (Triplet& t : entries)  // body columns were numbered -1 - local: now after the faces
    if (t.col() < 0) t = Triplet(t.row(), body0 - 1 - t.col(), t.value());
  if (elastic) {
    // F_e,p: each cut piece's flux a n . v(c) out of its liquid cell (Eq. 9).
    for (const SurfacePiece& piece : elastic->pieces) {
      const int32_t r = row[piece.cell];
      if (r < 0) continue;
      const auto& tri = elastic->piece_unknowns[static_cast<size_t>(piece.triangle)];
      for (int k = 0; k < 3; ++k)
        if (tri[static_cast<size_t>(k)] >= 0)
          for (int d = 0; d < 3; ++d)
            entries.emplace_back(r, elastic0 + tri[static_cast<size_t>(k)] + d, piece.area * piece.barycentric[k] * piece.normal[d]);
    }
  }
  // The elastic volumes' velocity at a face: the nearest cut piece in its two cells (Eq. 12).
  std::vector<int64_t> first_piece;
  if (elastic && !elastic->pieces.empty()) {
    first_piece.assign(static_cast<size_t>(phi.size()) + 1, 0);
    for (const SurfacePiece& piece : elastic->pieces) ++first_piece[static_cast<size_t>(piece.cell) + 1];
    for (int64_t c = 0; c < phi.size(); ++c) first_piece[static_cast<size_t>(c) + 1] += first_piece[static_cast<size_t>(c)];
  }
  auto nearest_piece = [&](int a, const Vec3i& I) -> const SurfacePiece* {
    if (first_piece.empty()) return nullptr;
    const Vec3 xf = g.face_center(a, I.x(), I.y(), I.z());
    double best = 1e300;
    const SurfacePiece* nearest = nullptr;
    for (int side = 0; side < 2; ++side) {
      Vec3i c = I;
      c[a] -= side;
      if (!in_grid(c)) continue;
      const int64_t ci = c.x() + static_cast<int64_t>(g.n.x()) * (c.y() + static_cast<int64_t>(g.n.y()) * c.z());
      for (int64_t k = first_piece[static_cast<size_t>(ci)]; k < first_piece[static_cast<size_t>(ci) + 1]; ++k) {
        const double d = (elastic->pieces[static_cast<size_t>(k)].centroid - xf).squaredNorm();
        if (d < best) { best = d; nearest = &elastic->pieces[static_cast<size_t>(k)]; }
      }
    }
    return nearest;
  };
  auto covered_share = [&](int a, int64_t f) {
    return elastic && elastic->covered[a].size() > 0 ? elastic->covered[a][f] : 0.0;
  };
  // The stress rows: each sample's faces are the liquid's unknowns, a body's velocity where it
  // closes the face, the static solids' (walls, obstacles) or, in the air, u* (extrapolated).
  // Columns of a velocity component `a` times `weight`: an elastic volume's at a cut piece (its
  // vertices' barycentric mix, Eq. 12), a rigid body's at point x (v + omega x r).
  using Columns = std::vector<std::pair<int64_t, double>>;
  auto piece_columns = [&](const SurfacePiece& piece, int a, double weight, Columns& out) {
    const auto& tri = elastic->piece_unknowns[static_cast<size_t>(piece.triangle)];
    for (int v = 0; v < 3; ++v)
      if (tri[static_cast<size_t>(v)] >= 0) out.emplace_back(elastic0 + tri[static_cast<size_t>(v)] + a, weight * piece.barycentric[v]);
  };
  auto rigid_columns = [&](int k, const Vec3& x, int a, double weight, Columns& out) {
    Vec3 e = Vec3::Zero();
    e[a] = 1.0;
    const Vec3 re = (x - bodies[static_cast<size_t>(k)].position).cross(e);
    for (int d = 0; d < 3; ++d) {
      out.emplace_back(body0 + 6 * k + d, weight * e[d]);
      out.emplace_back(body0 + 6 * k + 3 + d, weight * re[d]);
    }
  };
  ViscousRows viscous_rows;
  if (viscous) {
    std::array<std::vector<int64_t>, 3> unknown_of;
    for (int a = 0; a < 3; ++a) unknown_of[a].assign(static_cast<size_t>(fluid[a].size()), -1);
    for (int64_t q = 0; q < body0; ++q) unknown_of[face_of[static_cast<size_t>(q)].first][static_cast<size_t>(face_of[static_cast<size_t>(q)].second)] = q;
    // A face's velocity is its parts' mean, as in the flux rows: the liquid's share w of it,
    // an elastic volume's, a body's and the static solids' (no-slip at the bodies' true
    // surface, to first order, rather than at the nearest closed face).
    auto stencil = [&](int a, int64_t f, FaceStencil& out) {
      const Vec3i I = fluid[a].coords(f);
      const double w = fluid[a][f];
      const int64_t q = unknown_of[a][static_cast<size_t>(f)];
      if (q >= 0) out.columns.emplace_back(q, w);
      else out.constant += w * liquid.velocity.u[a][f];  // air: u* (extrapolated)
      out.liquid = q >= 0 && w > 0.0;
      if (w >= 1.0) return;
      const double in_elastic = static_open(a, f, I) > 0.0 ? std::min(covered_share(a, f), 1.0 - w) : 0.0;
      if (in_elastic > 0.0) {
        if (const SurfacePiece* piece = nearest_piece(a, I)) {
          piece_columns(*piece, a, in_elastic, out.columns);
        } else {
          out.constant += in_elastic * liquid.velocity.u[a][f];
        }
      }
      const int k = body_of[a][f];
      const double in_body = k >= 0 && static_open(a, f, I) > 0.0  // a wall face under a body stays the wall's
                                 ? std::clamp(std::min(body_part[a][f], 1.0 - w - in_elastic), 0.0, 1.0)
                                 : 0.0;
      if (in_body > 0.0) rigid_columns(k, g.face_center(a, I.x(), I.y(), I.z()), a, in_body, out.columns);
      const double in_static = std::max(0.0, 1.0 - w - in_elastic - in_body);
      if (in_static > 0.0 && obstacles && obstacles->velocity.u[a].size() == fluid[a].size())
        out.constant += in_static * obstacles->velocity.u[a][f];
    };
    // A difference between a face inside a solid (a rigid body, an elastic volume) and a liquid
    // face outside it: the liquid's own velocity against the solid's at the surface between
    // them, over the liquid's part of the distance (ghost fluid, the no-slip where the surface
    // is; the faces' means would put it up to a face away, and a sphere a few cells across
    // would feel too little drag).
    auto ghost = [&](const StrainTerm& plus, const StrainTerm& minus, FaceStencil& out) {
      for (int side = 0; side < 2; ++side) {
        const StrainTerm& in = side == 0 ? plus : minus;
        const StrainTerm& out_face = side == 0 ? minus : plus;
        const int64_t q = unknown_of[out_face.axis][static_cast<size_t>(out_face.face)];
        if (q < 0 || fluid[in.axis][in.face] > 0.0) continue;
        const double sign = side == 0 ? -1.0 : 1.0;  // plus - minus = +-(u_liquid - v_solid(xs)) / theta
        const Vec3i Ii = fluid[in.axis].coords(in.face), Io = fluid[out_face.axis].coords(out_face.face);
        const Vec3 xi = g.face_center(in.axis, Ii.x(), Ii.y(), Ii.z()), xo = g.face_center(out_face.axis, Io.x(), Io.y(), Io.z());
        if (covered_share(in.axis, in.face) >= 1.0 && elastic->phi && static_open(in.axis, in.face, Ii) > 0.0) {
          // Inside an elastic volume: its velocity at the nearest cut piece (Eq. 12).
          const double di = sample(*elastic->phi, g, Vec3::Zero(), xi), dout = sample(*elastic->phi, g, Vec3::Zero(), xo);
          const SurfacePiece* piece = nearest_piece(in.axis, Ii);
          if (di >= 0.0 || dout <= 0.0 || !piece) continue;
          const double theta = std::max(dout / (dout - di), 0.25);
          out.columns.emplace_back(q, sign / theta);
          piece_columns(*piece, in.axis, -sign / theta, out.columns);
          out.liquid = true;
          return true;
        }
        const int k = body_of[in.axis][in.face];
        if (k < 0 || covered_share(in.axis, in.face) > 0.0 || static_open(in.axis, in.face, Ii) <= 0.0) continue;
        const RigidBody& body = bodies[static_cast<size_t>(k)];
        const double di = rigid_body_distance(body, xi), dout = rigid_body_distance(body, xo);
        if (di >= 0.0 || dout <= 0.0) continue;
        // The liquid's share of the segment (at least a quarter: closer, the difference would
        // stiffen without bound), and the point that far along it, on the surface.
        const double theta = std::max(dout / (dout - di), 0.25);
        const Vec3 xs = xo + theta * (xi - xo);
        out.columns.emplace_back(q, sign / theta);
        rigid_columns(k, xs, in.axis, -sign / theta, out.columns);
        out.liquid = true;
        return true;
      }
      return false;
    };
    viscous_rows = build_viscous_rows(samples, stencil, dx, prm.dt, prm.viscosity, viscous0, ghost);
    entries.insert(entries.end(), viscous_rows.entries.begin(), viscous_rows.entries.end());
  }
  const int64_t all_rows = viscous0 + viscous_rows.size();
  // Contact rows (frictional_contact.hpp): J on one or two bodies' velocities, and their bias.
  VectorX predicted(unknowns);
  for (int64_t q = 0; q < body0; ++q) {
    const auto [a, f] = face_of[static_cast<size_t>(q)];
    predicted[q] = liquid.velocity.u[a][f];
  }
  for (int k = 0; k < nb; ++k) {
    predicted.segment<3>(body0 + 6 * k) = bodies[static_cast<size_t>(k)].velocity;
    predicted.segment<3>(body0 + 6 * k + 3) = bodies[static_cast<size_t>(k)].angular_velocity;
  }
  if (elastic) predicted.tail(ne) = elastic->target;
  const ContactRows cr = build_contact_rows(bodies, contacts, prm.dt, prm.contact,
                                            elastic ? &elastic->current : nullptr);
  VectorX bias = VectorX::Zero(all_rows);  // the rows' constants: C X + bias is what they hold
  bias.head(rows) = obstacle_flux;
  bias.segment(rows, contact_rows) = cr.bias + cr.moving;
  for (int64_t i = 0; i < contact_rows; ++i) {
    const ContactRow& row = cr.rows[static_cast<size_t>(i)];
    for (int p = 0; p < 2; ++p) {
      if (row.body[p] < 0) continue;
      for (int e = 0; e < 6; ++e) entries.emplace_back(rows + i, body0 + 6 * row.body[p] + e, row.j[p][e]);
    }
    if (row.unknown >= 0)
      for (int d = 0; d < 3; ++d) entries.emplace_back(rows + i, elastic0 + row.unknown + d, row.d[d]);
    for (int k = 0; k < 3; ++k)
      if (row.other_unknowns[static_cast<size_t>(k)] >= 0)
        for (int d = 0; d < 3; ++d)
          entries.emplace_back(rows + i, elastic0 + row.other_unknowns[static_cast<size_t>(k)] + d,
                               -row.other_weights[k] * row.d[d]);
  }
  const int64_t split0 = rows + contact_rows;  // the compliant rows Q^T (v - v_k) (Eq. 23)
  if (elastic) {
    const SparseMatrix& q = elastic->split.q;
    for (int64_t j = 0; j < q.outerSize(); ++j)
      for (SparseMatrix::InnerIterator it(q, j); it; ++it) entries.emplace_back(split0 + j, elastic0 + it.row(), it.value());
    bias.segment(split0, ns) = -(q.transpose() * elastic->current);
  }
  SparseMatrix cm(all_rows, unknowns);
  cm.setFromTriplets(entries.begin(), entries.end());
  const SparseMatrix ct = cm.transpose();  // its columns are C's rows
  std::vector<Eigen::Matrix<double, 6, 6>> body_inverse(static_cast<size_t>(nb));
  for (int k = 0; k < nb; ++k) body_inverse[static_cast<size_t>(k)] = inverse_mass(bodies[static_cast<size_t>(k)]);
  VectorX elastic_rhs, elastic_solution;
  auto apply_inverse_mass = [&](VectorX& y) {
    for (int64_t q = 0; q < body0; ++q) y[q] /= face_mass[static_cast<size_t>(q)];
    for (int k = 0; k < nb; ++k) {
      const Eigen::Matrix<double, 6, 1> s = y.segment<6>(body0 + 6 * k);
      y.segment<6>(body0 + 6 * k) = body_inverse[static_cast<size_t>(k)] * s;
    }
    if (elastic && elastic->inverse_hessian) {
      elastic_rhs = y.tail(ne);
      elastic->inverse_hessian(elastic_rhs, elastic_solution);
      y.tail(ne) = elastic_solution;
    } else if (elastic) {
      y.tail(ne) = y.tail(ne).cwiseQuotient(elastic->mass);
    }
  };
  // diag(C M^-1 C^T) (under the Schur scheme the elastic part estimated with diag(H) for M), the
  // contact rows scaled by (1 + kContactRegularisation) (Sec. 3.7.4).
  VectorX diagonal = VectorX::Zero(all_rows);
  std::vector<Eigen::Matrix<double, 6, 1>> body_part_row(static_cast<size_t>(nb));
  for (int64_t i = 0; i < all_rows; ++i) {
    for (auto& v : body_part_row) v.setZero();
    for (SparseMatrix::InnerIterator it(ct, i); it; ++it) {
      if (it.row() < body0) diagonal[i] += it.value() * it.value() / face_mass[static_cast<size_t>(it.row())];
      else if (it.row() >= elastic0) diagonal[i] += it.value() * it.value() / elastic->mass[it.row() - elastic0];
      else body_part_row[static_cast<size_t>((it.row() - body0) / 6)][(it.row() - body0) % 6] += it.value();
    }
    for (int k = 0; k < nb; ++k)
      diagonal[i] += body_part_row[static_cast<size_t>(k)].dot(body_inverse[static_cast<size_t>(k)] * body_part_row[static_cast<size_t>(k)]);
  }
  VectorX regular = VectorX::Zero(all_rows);
  if (sealed) {
    // No free surface and no open side: the pressures are fixed up to a constant, which a
    // compliance of 1e-10 of each row's diagonal pins (the divergence it leaves is that share
    // of the pressure's own size).
    for (int64_t r = 0; r < rows; ++r) {
      regular[r] = 1e-10 * diagonal[r];
      diagonal[r] += regular[r];
    }
  }
  {
    // An elastic vertex with one contact has as many rows as velocities: no scaling needed (a
    // scaled row gives way under load and Baumgarte pushes it back: the vertex jitters).
    std::vector<int> contacts_of(static_cast<size_t>(ne), 0);
    for (const SolidContact& c : contacts)
      if (c.unknown >= 0) ++contacts_of[static_cast<size_t>(c.unknown)];
    for (size_t c = 0; c < contacts.size(); ++c) {
      const int u = contacts[c].unknown;
      const bool single = u >= 0 && contacts_of[static_cast<size_t>(u)] == 1 && contacts[c].other_unknowns[0] < 0 &&
                          contacts[c].other_unknowns[1] < 0 && contacts[c].other_unknowns[2] < 0;
      const double share = single ? 1e-10 : kContactRegularisation;
      for (int64_t i = rows + 3 * static_cast<int64_t>(c); i < rows + 3 * static_cast<int64_t>(c) + 3; ++i) {
        regular[i] = share * diagonal[i];
        diagonal[i] *= 1.0 + share;
      }
    }
  }
  if (elastic) {  // the compliance D^-1 of the split rows (Eq. 24's D^-1 + B^T M^-1 B)
    regular.segment(split0, ns) = elastic->split.diagonal.cwiseInverse();
    diagonal.segment(split0, ns) += regular.segment(split0, ns);
  }
  if (viscous) {  // the stress rows' compliance
    bias.tail(viscous_rows.size()) = viscous_rows.bias;
    regular.tail(viscous_rows.size()) = viscous_rows.compliance;
    diagonal.tail(viscous_rows.size()) += viscous_rows.compliance;
  }
  VectorX y;
  auto apply = [&](const VectorX& lambda, VectorX& out) {
    column_dots(cm, lambda, y);  // C^T lambda
    apply_inverse_mass(y);
    column_dots(ct, y, out);  // C M^-1 C^T lambda
    out += regular.cwiseProduct(lambda);
  };
  const VectorX inverse_diagonal = diagonal.cwiseMax(1e-300).cwiseInverse();
  const VectorX b = -(column_dots(ct, predicted) + bias);
  // Preconditioner: the pressure rows by the liquid's multigrid V-cycle over the fluid fractions
  // (the bodies' low-rank coupling left out), the contact rows by their diagonal, the elastic
  // split rows by their own block's inverse; block diagonal, so MPRGP's restriction to the free
  // set keeps it exact on the contact rows.
  std::vector<int64_t> cell_of_row(static_cast<size_t>(rows));
  for (int64_t c = 0; c < row.size(); ++c)
    if (row[c] >= 0) cell_of_row[static_cast<size_t>(row[c])] = c;
  std::unique_ptr<RowMultigrid> multigrid;
  if (rows > 0 && prm.multigrid && !sealed)  // its V-cycle needs a free surface or an open side
    multigrid = std::make_unique<RowMultigrid>(g, row, fluid, prm.density, dx * dx * dx, nullptr, cell_of_row,
                                               diagonal, PeriodicAxes{});
  VectorX head, z_head, tail, z_tail;
  auto precondition = [&](const VectorX& v, VectorX& z) {
    z = inverse_diagonal.cwiseProduct(v);
    if (elastic && elastic->split_inverse && ns > 0) {
      tail = v.segment(split0, ns);
      elastic->split_inverse(tail, z_tail);
      z.segment(split0, ns) = z_tail;
    }
    if (!multigrid) return;
    head = v.head(rows);
    multigrid->apply(head, z_head);
    z.head(rows) = z_head;
  };
  VectorX lambda = VectorX::Zero(all_rows);
  if (multipliers && multipliers->size() == all_rows) lambda = *multipliers;
  FrictionalContactReport solved;
  solve_with_friction_bounds(apply, precondition, b, contacts, rows, lambda, prm.contact, solved, &diagonal);
  report.solves = solved.solves;
  report.iterations = solved.qp_iterations;
  report.residual = solved.residual;
  report.converged = solved.converged;
  if (multipliers) *multipliers = lambda;
  report.contact_impulse = lambda.segment(rows, contact_rows);
  // X = X* + M^-1 C^T lambda.
  VectorX x = column_dots(cm, lambda);
  apply_inverse_mass(x);
  x += predicted;
  for (int64_t q = 0; q < body0; ++q) {
    const auto [a, f] = face_of[static_cast<size_t>(q)];
    liquid.velocity.u[a][f] = x[q];
  }
  if (elastic) {
    report.elastic_velocity = x.tail(ne);
    VectorX dual = lambda;
    dual.segment(split0, ns).setZero();  // the split rows are the elastic energy's own, not forces on it
    report.elastic_impulse = column_dots(cm, dual).tail(ne);
  }
  auto elastic_face_velocity = [&](int a, const Vec3i& I, double& out) {
    const SurfacePiece* nearest = nearest_piece(a, I);
    if (!nearest) return false;
    Columns columns;
    piece_columns(*nearest, a, 1.0, columns);
    out = 0.0;
    for (const auto& [column, weight] : columns) out += weight * x[column];
    return true;
  };
  // A face a body covers in part carries the flux w u + s u_body: its mean velocity is what the
  // particles take (the liquid's own velocity on a face with a sliver of liquid can be large and
  // carries almost nothing).
  for (int64_t q = 0; q < body0; ++q) {
    const auto [a, f] = face_of[static_cast<size_t>(q)];
    const int k = body_of[a][f];
    const Vec3i I = fluid[a].coords(f);
    double ve = 0.0;
    if (covered_share(a, f) > 0.0 && elastic_face_velocity(a, I, ve)) {
      liquid.velocity.u[a][f] = fluid[a][f] * x[q] + std::min(covered_share(a, f), 1.0 - fluid[a][f]) * ve;
      continue;
    }
    if (k < 0 || body_part[a][f] <= 0.0) continue;
    const Vec3 xf = g.face_center(a, I.x(), I.y(), I.z());
    const Vec3 vb = x.segment<3>(body0 + 6 * k) + Vec3(x.segment<3>(body0 + 6 * k + 3)).cross(xf - bodies[static_cast<size_t>(k)].position);
    liquid.velocity.u[a][f] = fluid[a][f] * x[q] + body_part[a][f] * vb[a];
  }
  report.contact_force.assign(static_cast<size_t>(nb), Vec3::Zero());
  for (int k = 0; k < nb; ++k) {
    RigidBody& body = bodies[static_cast<size_t>(k)];
    body.velocity = x.segment<3>(body0 + 6 * k);
    body.angular_velocity = x.segment<3>(body0 + 6 * k + 3);
  }
  for (int64_t i = 0; i < contact_rows; ++i)
    for (int p = 0; p < 2; ++p) {
      const ContactRow& row = cr.rows[static_cast<size_t>(i)];
      if (row.body[p] >= 0)
        report.contact_force[static_cast<size_t>(row.body[p])] += lambda[rows + i] / prm.dt * row.j[p].head<3>();
    }
  if (valid)
    for (int a = 0; a < 3; ++a) (*valid)[a] = Array3<uint8_t>(g.face_dims(a), 0);
  for (int64_t q = 0; q < body0 && valid; ++q) (*valid)[face_of[static_cast<size_t>(q)].first][face_of[static_cast<size_t>(q)].second] = 1;
  // Closed faces take their solid's velocity: a body's, or the static solids' (for the
  // advection after the solve).
  for (int a = 0; a < 3; ++a)
    for (int64_t f = 0; f < fluid[a].size(); ++f) {
      if (fluid[a][f] > 0.0) continue;
      if (valid) (*valid)[a][f] = 1;
      const Vec3i I = fluid[a].coords(f);
      if (covered_share(a, f) > 0.0 && static_open(a, f, I) > 0.0) {  // in an elastic volume: its velocity
        double ve = 0.0;
        if (elastic_face_velocity(a, I, ve)) liquid.velocity.u[a][f] = ve;
        else if (valid) (*valid)[a][f] = 0;
      } else if (body_of[a][f] >= 0 && body_part[a][f] > 0.0)
        liquid.velocity.u[a][f] =
            velocity_at(bodies[static_cast<size_t>(body_of[a][f])], g.face_center(a, I.x(), I.y(), I.z()))[a];
      else
        liquid.velocity.u[a][f] = obstacles && obstacles->velocity.u[a].size() == fluid[a].size()
                                      ? obstacles->velocity.u[a][f]
                                      : 0.0;
    }
  liquid.pressure.resize(g.n.x(), g.n.y(), g.n.z(), 0.0);
  for (int64_t c = 0; c < phi.size(); ++c) liquid.pressure[c] = row[c] >= 0 ? lambda[row[c]] / prm.dt : 0.0;
  const VectorX flux = column_dots(ct, x);  // C X (+ the obstacles'): the cells' net outflow (m^3/s)
  for (int64_t r = 0; r < rows; ++r)
    report.max_divergence = std::max(report.max_divergence, std::abs(flux[r] + obstacle_flux[r]) / volume);
  report.contacts = static_cast<int>(contacts.size());
  return report;
}

}  // namespace ripple
