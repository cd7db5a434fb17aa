#include "ripple/coupling/slip/projection_unknowns.hpp"

#include <algorithm>

#include "ripple/core/parallel.hpp"

namespace ripple {

namespace {

/// Smallest share of a control volume given to a slip sample (a surface through the cell centre).
constexpr double kMinSideFraction = 0.05;

/// The predicted sample of occluded face (axis, f) seen from its side `side`: the grid holds one
/// value per face, which may come from across the solid, so take the value of the same cell's
/// opposite face (constant extrapolation on that side, as Sec. 3.3 refills invalid faces) when
/// that face is open.
double one_sided_sample(const MacVelocity& v, const OccludedFaces& occ, int axis, const Vec3i& f, int side) {
  Vec3i other = f;
  other[axis] += side ? 1 : -1;
  // Interior faces only: a domain side's value may be a closed wall's.
  const bool inside = other[axis] > 0 && other[axis] < occ.index[axis].dims()[axis] - 1;
  if (inside && occ.at(axis, other) < 0) return v.u[axis](other.x(), other.y(), other.z());
  return v.u[axis](f.x(), f.y(), f.z());
}

/// The velocity unknowns of the faces next to `lay`'s liquid cells (numbered already), with
/// their predicted values and inverse masses, and the slip samples of the occluded faces.
void number_face_unknowns(ProjectionUnknowns& lay, const LiquidState& L, const ScalarGrid* curvature,
                          const SlipProjectionParams& prm) {
  const GridGeometry& g = L.grid;
  const OccludedFaces& occ = lay.occ;
  const double dx = g.dx, cell_mass = prm.density * dx * dx * dx;
  const double coef = prm.dt / (prm.density * dx);
  // Velocity unknowns; the free surface's ghost-fluid jump goes into v* (p = sigma kappa beyond).
  // Numbered in face order, in parallel: each block of faces counts its unknowns and slip
  // samples first, then numbers them from its offsets.
  lay.side.assign(occ.faces.size(), {kNoUnknown, kNoUnknown});
  struct Sink {  ///< a block's unknowns, numbered from 0 until its offset is known
    std::vector<double> ustar, inv_mass;
    std::vector<std::array<int, 2>> slip_of;
    int64_t offset = 0, slip_offset = 0;
  };
  auto visit = [&](int a, int64_t i, const Vec3i& f, Sink& sink) {
    auto add = [&](double u, double inverse_mass) {
      sink.ustar.push_back(u);
      sink.inv_mass.push_back(inverse_mass);
      return static_cast<int32_t>(sink.ustar.size() - 1);
    };
    auto set_face = [&](int32_t value) { lay.face[a].data()[i] = value; };
    const ScalarGrid& u = L.velocity.u[a];
    Vec3i lo = f;
    lo[a] -= 1;
    bool lo_in = f[a] > 0;
    const bool hi_in = f[a] < g.n[a];
    if (prm.periodic[a] && !hi_in) return;  // a periodic seam's second copy: face 0's unknown, below
    if (prm.periodic[a] && !lo_in) {  // the seam: between cell n - 1 and cell 0
      lo[a] = g.n[a] - 1;
      lo_in = true;
    }
    const bool lo_liq = lo_in && lay.liquid(lo), hi_liq = hi_in && lay.liquid(f);
    if (!lo_liq && !hi_liq) return;
    // A held face (an unknown no impulse moves: infinite mass), unless a surface blocks it:
    // then its slip samples stand, as the ghost cells behind it expect.
    const bool seam = prm.periodic[a] && f[a] == 0;  // solids keep clear of periodic sides
    const bool occluded = !seam && lo_in && hi_in && occ.at(a, f) >= 0;
    if (prm.prescribed && (*prm.prescribed)[a].data()[i] && !occluded) {
      set_face(add(u.data()[i], 0.0));
      return;
    }
    if (!lo_in || !hi_in) {  // a domain side
      const bool wall = prm.walls[2 * a + (hi_in ? 0 : 1)];
      set_face(wall ? kWallFace : add(u.data()[i], 1.0 / cell_mass));
      return;
    }
    const int32_t o = seam ? -1 : occ.at(a, f);
    if (o >= 0) {
      for (int side = 0; side < 2; ++side) {
        if (!(side ? hi_liq : lo_liq)) continue;
        // The sample stands for the liquid between its cell's centre and the surface: its mass
        // is that share of the control volume (a full cell would hang the weight of liquid
        // that is not there on the solid, half a cell too little buoyancy per side).
        const double share = std::max(occ.faces[o].side_fraction[side], kMinSideFraction);
        lay.side[o][side] = add(one_sided_sample(L.velocity, occ, a, f, side), 1.0 / (cell_mass * share));
        sink.slip_of.push_back({o, side});
      }
      return;
    }
    if (lo_liq && hi_liq) {
      set_face(add(u.data()[i], 1.0 / cell_mass));
      return;
    }
    const Vec3i liq = lo_liq ? lo : f, air = lo_liq ? f : lo;
    if (prm.solid_cells && (*prm.solid_cells)(air.x(), air.y(), air.z())) {
      // A cell inside a closed body or obstacle whose ray missed the body's mesh (its surface
      // and signed distance differ by less than a cell): a wall, not a free surface.
      set_face(kWallFace);
      return;
    }
    const double kc = curvature ? (*curvature)(liq.x(), liq.y(), liq.z()) : 0.0;
    const double kn = curvature ? (*curvature)(air.x(), air.y(), air.z()) : 0.0;
    const InterfaceSample s = interface_between(L.phi(liq.x(), liq.y(), liq.z()), L.phi(air.x(), air.y(), air.z()),
                                                kc, kn, prm.surface_tension, prm.min_theta);
    // u = u* - coef (p_hi - p_lo) with the ghost pressure p_liq + (p_jump - p_liq) / theta.
    const double jump = coef * s.p_jump / s.theta;
    set_face(add(u.data()[i] + (lo_liq ? -jump : jump), 1.0 / (cell_mass * s.theta)));
  };
  // Blocks of whole grid lines along x (no index arithmetic per face).
  constexpr int64_t kLinesPerBlock = 64;
  struct Block {
    int axis;
    int64_t first_line, end_line;
  };
  std::vector<Block> blocks;
  for (int a = 0; a < 3; ++a) {
    lay.face[a] = Array3<int32_t>(g.face_dims(a), kNoUnknown);
    const Vec3i fd = g.face_dims(a);
    const int64_t lines = static_cast<int64_t>(fd.y()) * fd.z();
    for (int64_t l = 0; l < lines; l += kLinesPerBlock) blocks.push_back({a, l, std::min(lines, l + kLinesPerBlock)});
  }
  std::vector<Sink> sinks(blocks.size());
  parallel_for(0, static_cast<int64_t>(blocks.size()), [&](int64_t b) {
    const Block& bl = blocks[static_cast<size_t>(b)];
    const Vec3i fd = g.face_dims(bl.axis);
    for (int64_t line = bl.first_line; line < bl.end_line; ++line) {
      Vec3i f(0, static_cast<int>(line % fd.y()), static_cast<int>(line / fd.y()));
      for (f.x() = 0; f.x() < fd.x(); ++f.x()) visit(bl.axis, line * fd.x() + f.x(), f, sinks[static_cast<size_t>(b)]);
    }
  }, 1);
  int64_t unknowns = 0, samples = 0;
  for (Sink& k : sinks) {
    k.offset = unknowns;
    k.slip_offset = samples;
    unknowns += static_cast<int64_t>(k.ustar.size());
    samples += static_cast<int64_t>(k.slip_of.size());
  }
  lay.ustar.resize(static_cast<size_t>(unknowns));
  lay.inv_mass.resize(static_cast<size_t>(unknowns));
  lay.slip_of.resize(static_cast<size_t>(samples));
  // Each block's unknowns moved to its offset, and its faces' and samples' numbers with them.
  parallel_for(0, static_cast<int64_t>(blocks.size()), [&](int64_t b) {
    const Block& bl = blocks[static_cast<size_t>(b)];
    const Sink& k = sinks[static_cast<size_t>(b)];
    std::copy(k.ustar.begin(), k.ustar.end(), lay.ustar.begin() + k.offset);
    std::copy(k.inv_mass.begin(), k.inv_mass.end(), lay.inv_mass.begin() + k.offset);
    std::copy(k.slip_of.begin(), k.slip_of.end(), lay.slip_of.begin() + k.slip_offset);
    for (const auto& [o, side] : k.slip_of) lay.side[o][side] += static_cast<int32_t>(k.offset);
    const int64_t nx = g.face_dims(bl.axis).x();
    int32_t* face = lay.face[bl.axis].data().data();
    for (int64_t i = bl.first_line * nx; i < bl.end_line * nx; ++i)
      if (face[i] >= 0) face[i] += static_cast<int32_t>(k.offset);
  }, 1);
  for (int a = 0; a < 3; ++a) {
    if (!prm.periodic[a]) continue;
    for (int64_t i = 0; i < lay.face[a].size(); ++i) {  // the seam's second copy takes face 0's
      const Vec3i f = lay.face[a].coords(i);
      if (f[a] != g.n[a]) continue;
      Vec3i first = f;
      first[a] = 0;
      lay.face[a].data()[i] = lay.face[a](first.x(), first.y(), first.z());
    }
  }
}

}  // namespace

ProjectionUnknowns number_unknowns(const LiquidState& L, const OccludedFaces& occ, const ScalarGrid* curvature,
                                   const SlipProjectionParams& prm) {
  const GridGeometry& g = L.grid;
  const double dx = g.dx, cell_mass = prm.density * dx * dx * dx;
  ProjectionUnknowns lay(g, occ);
  // Liquid cells, numbered in grid order.
  lay.row = Array3<int32_t>(g.n, -1);
  for (int64_t c = 0; c < lay.row.size(); ++c)
    if (L.phi.data()[c] < 0.0 && !(prm.solid_cells && prm.solid_cells->data()[c])) {
      lay.row.data()[c] = lay.rows++;
      lay.cell_of_row.push_back(c);
    }

  number_face_unknowns(lay, L, curvature, prm);
  // Ghost cells (Sec. 3.2): a flux unknown through every liquid side of an occluded face, one per
  // link between neighbouring ghost cells; a divergence row per ghost cell.
  lay.ghosts = build_ghost_cells(g, occ, [&](const Vec3i& c) { return lay.liquid(c); });
  lay.ghost_flux.assign(occ.faces.size(), {kNoUnknown, kNoUnknown});
  // Their predicted values: through an occluded face, the axial part of the velocity's tangential
  // component there (v_ghost represents P^T V_T, Sec. 3.2) plus the step's body force; between
  // ghost cells, the predicted velocity of the open face joining their real cells along the link.
  const MacVelocity& vs = L.velocity;
  for (size_t o = 0; o < occ.faces.size(); ++o)
    for (int side = 0; side < 2; ++side) {
      if (lay.ghosts.of_side[o][side] < 0) continue;
      const OccludedFace& of = occ.faces[o];
      Vec3i cell = of.face;
      if (side == 0) cell[of.axis] -= 1;
      Vec3 w;
      for (int t = 0; t < 3; ++t) {
        const Vec3i& f = cell;
        w[t] = t == of.axis ? lay.ustar[lay.side[o][side]]
                            : 0.5 * (vs.u[t](f.x(), f.y(), f.z()) + vs.u[t](f.x() + (t == 0), f.y() + (t == 1), f.z() + (t == 2)));
      }
      // The body force acts on the ghost flux as on any other velocity sample: the tangential
      // part of the velocity before it, plus its own dt g.
      const Vec3 before = w - prm.dt * prm.gravity;
      const Vec3 tangential = before - of.normal * of.normal.dot(before);
      lay.ghost_flux[o][side] = lay.add(tangential[of.axis] + prm.dt * prm.gravity[of.axis], 1.0 / cell_mass);
    }
  lay.link_flux.resize(lay.ghosts.links.size());
  for (size_t l = 0; l < lay.ghosts.links.size(); ++l) {
    const int axis = lay.ghosts.link_axis[l];
    double sum = 0.0;
    int count = 0;
    for (const Vec3i& r1 : lay.ghosts.real_cells[lay.ghosts.links[l][0]])
      for (const Vec3i& r2 : lay.ghosts.real_cells[lay.ghosts.links[l][1]])
        if (r2 - r1 == Vec3i::Unit(axis) && occ.at(axis, r2) < 0) {
          sum += vs.u[axis](r2.x(), r2.y(), r2.z());
          ++count;
        }
    lay.link_flux[l] = lay.add(count ? sum / count : 0.0, 1.0 / cell_mass);
  }
  return lay;
}

}  // namespace ripple
