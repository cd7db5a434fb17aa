#include "ripple/coupling/slip/constraint_rows.hpp"

#include <algorithm>
#include <atomic>
#include <set>

#include "ripple/core/parallel.hpp"
#include "ripple/solver/sparse_from_rows.hpp"

namespace ripple {

namespace {

/// Below this |N[axis]| a constraint on an occluded face holds its axial sample to the solid's
/// axial velocity instead: the ray grazed a surface almost parallel to it, and N^T W v would
/// hardly involve the face's own sample.
constexpr double kMinAxialNormal = 0.1;

/// Union-find over liquid and ghost rows, for the regions that no Dirichlet boundary reaches,
/// joined from many threads at once: a root is linked under a smaller root by compare-and-swap
/// only (Anderson & Woll 1991), so each region's root ends as its smallest row whatever the
/// threads' order, and the rows pinned from it are the same on every run.
class Regions {
 public:
  explicit Regions(int64_t n) : parent_(static_cast<size_t>(n)) {
    parallel_for(0, n, [&](int64_t i) { parent_[static_cast<size_t>(i)].store(static_cast<int32_t>(i), std::memory_order_relaxed); });
  }
  int32_t find(int32_t a) {
    for (;;) {
      int32_t p = parent_[static_cast<size_t>(a)].load(std::memory_order_relaxed);
      if (p == a) return a;
      const int32_t grand = parent_[static_cast<size_t>(p)].load(std::memory_order_relaxed);
      if (grand != p) parent_[static_cast<size_t>(a)].compare_exchange_weak(p, grand, std::memory_order_relaxed);  // halve the path
      a = grand;
    }
  }
  void join(int32_t a, int32_t b) {
    for (;;) {
      a = find(a);
      b = find(b);
      if (a == b) return;
      if (a < b) std::swap(a, b);
      int32_t expected = a;
      if (parent_[static_cast<size_t>(a)].compare_exchange_strong(expected, b, std::memory_order_relaxed)) return;
    }
  }

 private:
  std::vector<std::atomic<int32_t>> parent_;
};

/// The one-sided stencil of a constraint, N^T W v over the velocity unknowns (Fig. 3c).
struct Stencil {
  Vec3 normal;
  std::vector<std::pair<int32_t, double>> terms;
};

/// Each constraint's stencil: the axial component is the sample itself, the others average the
/// faces of the sample's own cell (the cell across is not visible). A grazing constraint uses
/// the axis as its normal. `slip_index`: the constraint of each occluded face's side (-1: none).
std::vector<Stencil> slip_stencils(const ProjectionUnknowns& lay, std::vector<std::array<int64_t, 2>>& slip_index) {
  const OccludedFaces& occ = lay.occ;
  const int64_t constraints = static_cast<int64_t>(lay.slip_of.size());
  std::vector<Stencil> stencil(constraints);
  slip_index.assign(occ.faces.size(), {-1, -1});
  for (int64_t k = 0; k < constraints; ++k) {
    const auto [o, s] = lay.slip_of[k];
    slip_index[o][s] = k;
    const OccludedFace& of = occ.faces[o];
    const int a = of.axis;
    Vec3i cell = of.face;
    if (s == 0) cell[a] -= 1;
    Stencil& st = stencil[k];
    const bool grazing = std::abs(of.normal[a]) < kMinAxialNormal;
    st.normal = grazing ? Vec3(Vec3::Unit(a)) : of.normal;
    st.terms.emplace_back(lay.side[o][s], st.normal[a]);
    if (grazing) continue;
    for (int t = 0; t < 3; ++t) {
      if (t == a) continue;
      for (int hi = 0; hi < 2; ++hi) {
        Vec3i f = cell;
        f[t] += hi;
        const int32_t d = lay.seen_from(t, f, cell);
        if (d >= 0) st.terms.emplace_back(d, 0.5 * st.normal[t]);
      }
    }
  }
  return stencil;
}

/// The liquid cells' divergence rows (volume flux, m^3/s), built in parallel; a row's entries
/// may repeat a column.
struct CellRows {
  std::vector<int64_t> start;       ///< row r's entries begin at start[r]; rows + 1 of them
  std::vector<std::pair<int, double>> entries;  ///< (column, value)
};

/// `dirichlet` (one per liquid and ghost cell) is set for a cell next to air or an open side; a
/// cell joins the regions of its liquid neighbours and of the ghost cells behind its faces;
/// `spare`: room to keep in `entries` for the rows that follow.
CellRows cell_divergence_rows(const ProjectionUnknowns& lay, const std::vector<Stencil>& stencil,
                              const std::vector<std::array<int64_t, 2>>& slip_index, const SlipProjectionParams& prm,
                              std::vector<uint8_t>& dirichlet, Regions& regions, size_t spare) {
  const GridGeometry& g = lay.g;
  const OccludedFaces& occ = lay.occ;
  const double area = g.dx * g.dx;
  const int64_t rows = lay.rows;
  CellRows out;
  using Entry = std::pair<int, double>;
  auto visit_cell = [&](int64_t r, auto&& emit) {
    const Vec3i cell = lay.row.coords(lay.cell_of_row[static_cast<size_t>(r)]);
    auto join = [&](int64_t other) { regions.join(static_cast<int32_t>(r), static_cast<int32_t>(other)); };
    for (int a = 0; a < 3; ++a)
      for (int hi = 0; hi < 2; ++hi) {
        Vec3i f = cell;
        f[a] += hi;
        const double sign = hi ? 1.0 : -1.0;
        Vec3i nb = cell;
        nb[a] += hi ? 1 : -1;
        const int32_t o = (f[a] > 0 && f[a] < g.n[a]) ? occ.at(a, f) : -1;
        if (o >= 0) {
          // The modified divergence (Sec. 4): the axial part of the normal velocity seen from
          // this side, P^T N N^T W v, plus the ghost flux into the ghost cell behind the face.
          const int side = hi ? 0 : 1;
          const Stencil& st = stencil[slip_index[o][side]];
          for (const auto& [d, w] : st.terms) emit(d, sign * area * st.normal[a] * w);
          const int32_t gf = lay.ghost_flux[o][side];
          if (gf >= 0) {
            emit(gf, sign * area);
            join(rows + lay.ghosts.of_side[o][side]);
          }
          continue;
        }
        const int32_t d = lay.face[a](f.x(), f.y(), f.z());
        if (d == kWallFace) continue;
        emit(d, sign * area);
        if (prm.periodic[a]) nb[a] = (nb[a] + g.n[a]) % g.n[a];
        const bool inside = (nb.array() >= 0).all() && (nb.array() < g.n.array()).all();
        // A neighbour joins through its face along +axis only: the other way adds nothing.
        if (inside && lay.liquid(nb)) {
          if (hi) join(lay.row(nb.x(), nb.y(), nb.z()));
        } else {
          dirichlet[static_cast<size_t>(r)] = 1;  // air beyond, or an open side
        }
      }
  };
  // One visit per row: each block of rows fills its own list, then the lists are laid end to
  // end (a count-then-fill pass would visit every cell twice).
  std::vector<int64_t>& start = out.start;
  start.assign(static_cast<size_t>(rows) + 1, 0);
  constexpr int64_t kBlock = 4096;
  const int64_t blocks = (rows + kBlock - 1) / kBlock;
  std::vector<std::vector<Entry>> block_entries(static_cast<size_t>(blocks));
  parallel_blocks(0, rows, kBlock, [&](int64_t lo, int64_t hi) {
    std::vector<Entry>& mine = block_entries[static_cast<size_t>(lo / kBlock)];
    mine.reserve(static_cast<size_t>(hi - lo) * 7);
    for (int64_t r = lo; r < hi; ++r) {
      visit_cell(r, [&](int64_t col, double v) { mine.emplace_back(static_cast<int>(col), v); });
      start[static_cast<size_t>(r) + 1] = static_cast<int64_t>(mine.size());
    }
  });
  int64_t offset = 0;  // entries before the block
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t lo = b * kBlock, hi = std::min(rows, lo + kBlock);
    for (int64_t r = lo; r < hi; ++r) start[static_cast<size_t>(r) + 1] += offset;
    offset += static_cast<int64_t>(block_entries[static_cast<size_t>(b)].size());
  }
  std::vector<Entry>& entries = out.entries;
  entries.reserve(static_cast<size_t>(offset) + spare);
  entries.resize(static_cast<size_t>(offset));
  parallel_for(0, blocks, [&](int64_t b) {
    const std::vector<Entry>& mine = block_entries[static_cast<size_t>(b)];
    std::copy(mine.begin(), mine.end(), entries.begin() + start[static_cast<size_t>(b * kBlock)]);
  }, 1);
  return out;
}

}  // namespace

ConstraintRows assemble_constraint_rows(const ProjectionUnknowns& lay, const std::vector<FaceSolidVelocity>& jv,
                                        const SlipProjectionParams& prm, int64_t solid_n) {
  const GridGeometry& g = lay.g;
  const OccludedFaces& occ = lay.occ;
  const double area = g.dx * g.dx;
  const int64_t rows = lay.rows, ghost_rows = lay.ghosts.count();
  const int64_t unknowns = lay.count(), constraints = static_cast<int64_t>(lay.slip_of.size());
  ConstraintRows out;
  // Solid velocity unknowns are columns after the liquid's: a row's coefficient `a` on J V_s
  // goes to the known right-hand side and to the unknowns' columns.
  auto add_solid = [&](int64_t row, int o, const Vec3& a, std::vector<Triplet>& into) {
    for (const FaceSolidVelocity::Term& t : jv[o].terms) into.emplace_back(row, unknowns + t.unknown, a[t.component] * t.value);
  };

  std::vector<std::array<int64_t, 2>> slip_index;
  const std::vector<Stencil> stencil = slip_stencils(lay, slip_index);

  // C^T: divergence rows of real then ghost cells (volume flux, m^3/s), then slip rows
  // (dx^2 N^T W v, the same units).
  // No-slip (the comparison of Fig. 9): the whole interpolated velocity matches the solid's, not
  // only its normal part: each slip row holds its axial sample, and once per liquid cell next to
  // the solid and per other axis a row holds the average of the cell's two faces along it.
  struct TangentRow {
    Vec3i cell;
    int component;
    int o;  ///< the occluded face whose solid velocity it takes
  };
  std::vector<TangentRow> tangent_rows;
  if (prm.no_slip) {
    std::set<std::pair<int64_t, int>> seen;
    for (int64_t k = 0; k < constraints; ++k) {
      const auto [o, s] = lay.slip_of[k];
      const OccludedFace& of = occ.faces[o];
      Vec3i cell = of.face;
      if (s == 0) cell[of.axis] -= 1;
      for (int t = 0; t < 3; ++t) {
        if (t == of.axis || !seen.insert({lay.row.index(cell.x(), cell.y(), cell.z()), t}).second) continue;
        bool any = false;  // a row needs an unknown (a cell between two walls along t has none)
        for (int hi = 0; hi < 2; ++hi) {
          Vec3i f = cell;
          f[t] += hi;
          any = any || lay.seen_from(t, f, cell) >= 0;
        }
        if (any) tangent_rows.push_back({cell, t, o});
      }
    }
  }
  const int64_t slip_row0 = rows + ghost_rows, tangent_row0 = slip_row0 + constraints;
  const int64_t all_rows = tangent_row0 + static_cast<int64_t>(tangent_rows.size());
  VectorX b = VectorX::Zero(all_rows);
  Regions regions(rows + ghost_rows);
  std::vector<uint8_t> dirichlet(rows + ghost_rows, 0);
  // The other rows' entries, few, as triplets in the order they are made, then grouped by row:
  // first the ghost cells' rows, the ghost fluxes out of the liquid cells beside them (flowing
  // along +axis from a cell below the face, into the ghost cell above it).
  std::vector<Triplet> other;
  for (size_t o = 0; o < occ.faces.size(); ++o)
    for (int side = 0; side < 2; ++side) {
      const int32_t gf = lay.ghost_flux[o][side];
      if (gf >= 0) other.emplace_back(rows + lay.ghosts.of_side[o][side], gf, side == 0 ? -area : area);
    }
  for (size_t l = 0; l < lay.ghosts.links.size(); ++l) {
    const int64_t lo = rows + lay.ghosts.links[l][0], hi = rows + lay.ghosts.links[l][1];
    other.emplace_back(lo, lay.link_flux[l], area);
    other.emplace_back(hi, lay.link_flux[l], -area);
  }
  // Slip rows N^T W v = N^T J V_s (Eq. 7, 11): the solid feels only these rows' forces (Sec. 5).
  for (int64_t k = 0; k < constraints; ++k) {
    const int o = lay.slip_of[k][0];
    const int64_t r = slip_row0 + k;
    const Stencil& st = stencil[k];
    if (prm.no_slip) {
      const int a = occ.faces[o].axis;
      other.emplace_back(r, lay.side[o][lay.slip_of[k][1]], area);
      b[r] = area * jv[o].known[a];
      add_solid(r, o, -area * Vec3::Unit(a), other);
      continue;
    }
    for (const auto& [d, w] : st.terms) other.emplace_back(r, d, area * w);
    b[r] = area * st.normal.dot(jv[o].known);
    add_solid(r, o, -area * st.normal, other);
  }
  for (size_t k = 0; k < tangent_rows.size(); ++k) {
    const TangentRow& tr = tangent_rows[k];
    const int64_t r = tangent_row0 + static_cast<int64_t>(k);
    // The average over the cell's faces along the axis that are unknowns (a wall's is not).
    int32_t d[2];
    int count = 0;
    for (int hi = 0; hi < 2; ++hi) {
      Vec3i f = tr.cell;
      f[tr.component] += hi;
      const int32_t k = lay.seen_from(tr.component, f, tr.cell);
      if (k >= 0) d[count++] = k;
    }
    for (int i = 0; i < count; ++i) other.emplace_back(r, d[i], area / count);
    b[r] = area * jv[tr.o].known[tr.component];
    add_solid(r, tr.o, -area * Vec3::Unit(tr.component), other);
  }
  // The cells' divergence rows first, then the others'.
  CellRows cells = cell_divergence_rows(lay, stencil, slip_index, prm, dirichlet, regions, other.size());
  std::vector<int64_t>& start = cells.start;
  std::vector<std::pair<int, double>>& entries = cells.entries;
  start.resize(static_cast<size_t>(all_rows) + 1);
  for (const auto& link : lay.ghosts.links)
    regions.join(static_cast<int32_t>(rows + link[0]), static_cast<int32_t>(rows + link[1]));
  std::stable_sort(other.begin(), other.end(), [](const Triplet& x, const Triplet& y) { return x.row() < y.row(); });
  size_t next = 0;
  for (int64_t r = rows; r < all_rows; ++r) {
    for (; next < other.size() && other[next].row() == r; ++next) entries.emplace_back(static_cast<int>(other[next].col()), other[next].value());
    start[static_cast<size_t>(r) + 1] = static_cast<int64_t>(entries.size());
  }
  out.ctt = transpose_from_rows(unknowns + solid_n, start, entries);
  out.ct = out.ctt.transpose();
  // A region that no free surface or open side bounds: one row of it to pin.
  const int64_t cells_and_ghosts = rows + ghost_rows;
  std::vector<int32_t> root(static_cast<size_t>(cells_and_ghosts));
  parallel_for(0, cells_and_ghosts, [&](int64_t r) { root[static_cast<size_t>(r)] = regions.find(static_cast<int32_t>(r)); }, 8192);
  std::vector<uint8_t> region_ok(static_cast<size_t>(cells_and_ghosts), 0);
  for (int64_t r = 0; r < cells_and_ghosts; ++r)
    if (dirichlet[static_cast<size_t>(r)]) region_ok[static_cast<size_t>(root[static_cast<size_t>(r)])] = 1;
  for (int64_t r = 0; r < cells_and_ghosts; ++r)
    if (root[static_cast<size_t>(r)] == r && !region_ok[static_cast<size_t>(r)]) out.floating.push_back(r);
  out.slip_row0 = slip_row0;
  out.tangent_row0 = tangent_row0;
  out.b = std::move(b);
  return out;
}

}  // namespace ripple
