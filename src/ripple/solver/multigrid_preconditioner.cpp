#include "ripple/solver/multigrid_preconditioner.hpp"

#include <Eigen/SparseCholesky>
#include <algorithm>
#include <climits>

namespace ripple {
namespace {

// Per-axis transfer stencil between a fine and a coarse level: fine index i maps to up to two
// coarse indices with weights (3/4, 1/4) when the axis is coarsened (trilinear between cell
// centres, constant beyond the last centre), or to itself when it is not.
struct AxisTransfer {
  std::vector<std::array<std::pair<int, double>, 2>> fine_to_coarse;  // per fine index
  std::vector<std::vector<std::pair<int, double>>> coarse_to_fine;    // per coarse index
  int factor = 1;

  void build(int nfine, int ncoarse, int f) {
    factor = f;
    fine_to_coarse.assign(static_cast<size_t>(nfine), {});
    coarse_to_fine.assign(static_cast<size_t>(ncoarse), {});
    for (int i = 0; i < nfine; ++i) {
      std::array<std::pair<int, double>, 2> st;
      if (f == 1) st = {{{i, 1.0}, {i, 0.0}}};
      else {
        const int I = i / 2;
        const int J = std::clamp(i % 2 == 0 ? I - 1 : I + 1, 0, ncoarse - 1);
        st = {{{I, 0.75}, {J, 0.25}}};
      }
      fine_to_coarse[static_cast<size_t>(i)] = st;
      for (const auto& [I, w] : st)
        if (w != 0.0) {
          auto& list = coarse_to_fine[static_cast<size_t>(I)];
          auto it = std::find_if(list.begin(), list.end(), [&](const auto& p) { return p.first == i; });
          if (it != list.end()) it->second += w;
          else list.push_back({i, w});
        }
    }
  }
};

}  // namespace

struct MultigridPreconditioner::Level {
  // Level 0 points at the caller's matrix, labels and face fractions; coarse levels own theirs.
  const PoissonSystem* A = nullptr;
  const Array3<uint8_t>* labels = nullptr;
  const std::array<ScalarGrid, 3>* face_open = nullptr;
  PoissonSystem own_A;
  Array3<uint8_t> own_labels;
  std::array<ScalarGrid, 3> own_face_open;
  Vec3 spacing_factor = Vec3::Ones();  // (H_a / h_a) relative to the fine level
  // The V-cycle runs in single precision, as in McAdams et al. 2010: it is a preconditioner,
  // and halving the bytes it streams roughly halves its time, which memory bandwidth bounds.
  CompactOperator<float> op;
  std::vector<float> x, b;             // compact
  std::vector<float> r_grid, x_grid;   // full grid, zero off the liquid: restriction reads the
                                       // residual and prolongation this level's correction
  std::array<AxisTransfer, 3> to_coarse;  // transfer to the next coarser level
  // Extra couplings (finest level, periodic sides): cell c's partners are
  // extra_cell/extra_coef[extra_start[c] .. extra_start[c + 1]).
  std::vector<int32_t> extra_start;
  std::vector<int64_t> extra_cell;
  std::vector<float> extra_coef;
};

struct MultigridPreconditioner::CoarseSolver {
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> ldlt;
  Eigen::VectorXd rhs, sol;
  bool ok = false;
};

namespace {

constexpr int64_t kChunk = 256;  // cells per stack buffer

// Couplings beyond the 7-point stencil (periodic sides), in compressed rows; empty: none.
struct ExtraCouplings {
  const std::vector<int32_t>* start = nullptr;
  const std::vector<int64_t>* cell = nullptr;
  const std::vector<float>* coef = nullptr;
  bool any() const { return start && !start->empty(); }
  // t[c - cs] += sum of coef * x[partner] over cells [cs, ce).
  void add(int64_t cs, int64_t ce, const float* x, float* t) const {
    const int32_t* st = start->data();
    if (st[cs] == st[ce]) return;
    for (int64_t c = cs; c < ce; ++c)
      for (int32_t q = st[c]; q < st[c + 1]; ++q) t[c - cs] += (*coef)[q] * x[(*cell)[q]];
  }
};

// One colour of red-black Gauss-Seidel. Cells of one colour only neighbour the other colour,
// so the neighbour sums of a whole chunk can be formed first (vectorised, for both colours)
// and then written for this colour alone.
void rbgs_sweep(const CompactOperator<float>& A, const std::vector<float>& b, std::vector<float>& x, int color,
                const ExtraCouplings& extra = {}) {
  const bool any_extra = extra.any();
  A.layout->for_each_segment([&](const CompactSegment& sg, int64_t s, int64_t e) {
    float t[kChunk];
    for (int64_t cs = s; cs < e; cs += kChunk) {
      const int64_t ce = std::min(e, cs + kChunk);
      A.neighbour_sum(sg, cs, ce, x.data(), t);
      if (any_extra) extra.add(cs, ce, x.data(), t);
      const int first = ((sg.parity + (cs - s)) & 1) != color ? 1 : 0;
      for (int64_t c = cs + first; c < ce; c += 2) x[c] = (b[c] - t[c - cs]) / A.diag[c];
    }
  });
}

// The first sweep from x = 0: the neighbour sums vanish, so colour `color` gets b / diag and
// the other colour stays zero. Replaces zeroing x plus one half-sweep.
void rbgs_first_sweep(const CompactOperator<float>& A, const std::vector<float>& b, std::vector<float>& x, int color) {
  A.layout->for_each_segment([&](const CompactSegment& sg, int64_t s, int64_t e) {
    for (int64_t c = s; c < e; ++c) x[c] = ((sg.parity + (c - s)) & 1) == color ? b[c] / A.diag[c] : 0.0f;
  });
}

// r = b - A x, written to the full-grid array r_grid.
void residual(const CompactOperator<float>& A, const std::vector<float>& b, const std::vector<float>& x,
              std::vector<float>& r_grid, const ExtraCouplings& extra = {}) {
  const bool any_extra = extra.any();
  A.layout->for_each_segment([&](const CompactSegment& sg, int64_t s, int64_t e) {
    float t[kChunk];
    for (int64_t cs = s; cs < e; cs += kChunk) {
      const int64_t ce = std::min(e, cs + kChunk);
      A.neighbour_sum(sg, cs, ce, x.data(), t);
      if (any_extra) extra.add(cs, ce, x.data(), t);
      float* r = r_grid.data() + sg.grid_begin + (cs - s);
      for (int64_t c = cs; c < ce; ++c) r[c - cs] = b[c] - A.diag[c] * x[c] - t[c - cs];
    }
  });
}

}  // namespace

MultigridPreconditioner::MultigridPreconditioner(const PoissonSystem& fine, const MultigridFineLevel& info,
                                                 int smoothing_sweeps)
    : sweeps_(smoothing_sweeps) {
  auto level0 = std::make_unique<Level>();
  level0->A = &fine;
  level0->labels = &info.labels;
  level0->face_open = info.face_open;
  levels_.push_back(std::move(level0));
  const double s0 = info.scale;

  while (true) {
    Level& F = *levels_.back();
    const Vec3i nf = F.A->n;
    if (nf.maxCoeff() <= 8 || levels_.size() >= 16) break;
    Vec3i factor, nc;
    for (int a = 0; a < 3; ++a) {
      factor[a] = nf[a] >= 2 ? 2 : 1;
      nc[a] = (nf[a] + factor[a] - 1) / factor[a];
    }
    for (int a = 0; a < 3; ++a) F.to_coarse[a].build(nf[a], nc[a], factor[a]);
    auto C = std::make_unique<Level>();
    C->spacing_factor = F.spacing_factor.cwiseProduct(factor.cast<double>());
    // Labels: air dominates, then liquid, then solid.
    C->own_labels.resize(nc.x(), nc.y(), nc.z(), static_cast<uint8_t>(CellLabel::Solid));
    const Array3<uint8_t>& fl = *F.labels;
    parallel_for(0, static_cast<int64_t>(nc.y()) * nc.z(), [&](int64_t row) {
      const int J = static_cast<int>(row % nc.y()), K = static_cast<int>(row / nc.y());
      uint8_t* out = &C->own_labels(0, J, K);
      // One bit per label present among the children: bit 1 solid, 2 liquid, 4 air.
      std::vector<uint8_t> bits(static_cast<size_t>(nc.x()), 0);
      for (int k = K * factor.z(); k < std::min(nf.z(), (K + 1) * factor.z()); ++k)
        for (int j = J * factor.y(); j < std::min(nf.y(), (J + 1) * factor.y()); ++j) {
          const uint8_t* in = &fl(0, j, k);
          for (int i = 0; i < nf.x(); ++i) bits[static_cast<size_t>(i / factor.x())] |= static_cast<uint8_t>(1u << in[i]);
        }
      for (int I = 0; I < nc.x(); ++I)
        out[I] = static_cast<uint8_t>(bits[I] & (1u << static_cast<int>(CellLabel::Air))      ? CellLabel::Air
                                      : bits[I] & (1u << static_cast<int>(CellLabel::Liquid)) ? CellLabel::Liquid
                                                                                              : CellLabel::Solid);
    }, 16);
    // Face open fractions: average of the child faces lying on each coarse face (the fine
    // faces at index factor * I along the face normal, all children across it). Only faces
    // next to a non-air coarse cell are ever read: by this level's operator (faces of liquid
    // cells), or averaged into the next level's faces of non-air cells, whose children are
    // all non-air because air dominates the coarsening. The rest stay 0.
    for (int a = 0; a < 3; ++a) {
      Vec3i fd = nc, ffd = nf;
      fd[a] += 1;
      ffd[a] += 1;
      C->own_face_open[a].resize(fd.x(), fd.y(), fd.z(), 0.0);
      const ScalarGrid& ff = (*F.face_open)[a];
      // Fine index range [lo, hi) of coarse index I along axis b for this face grid.
      // Along the normal, a coarse level that overhangs an odd fine one (nc = (nf + 1) / 2) keeps
      // the fine boundary face as its last face: an open side stays open on every level.
      auto range = [&](int b, int I) {
        const int lo = b == a ? std::min(I * factor[b], nf[b]) : I * factor[b];
        const int hi = b == a ? lo + 1 : lo + factor[b];
        return std::pair<int, int>(lo, std::min(hi, ffd[b]));
      };
      parallel_for(0, static_cast<int64_t>(fd.y()) * fd.z(), [&](int64_t row) {
        const int J = static_cast<int>(row % fd.y()), K = static_cast<int>(row / fd.y());
        double* out = &C->own_face_open[a](0, J, K);
        const auto [k0, k1] = range(2, K);
        const auto [j0, j1] = range(1, J);
        // Label rows of the cells below (-a) and above (+a) the faces of this row.
        const uint8_t air = static_cast<uint8_t>(CellLabel::Air);
        Vec3i below(0, J, K), above(0, J, K);
        below[a] -= a == 0 ? 0 : 1;
        const bool has_below = below[a] >= 0, has_above = above[a] < nc[a];
        const uint8_t* lb = has_below ? &C->own_labels(0, below.y(), below.z()) : nullptr;
        const uint8_t* la = has_above ? &C->own_labels(0, above.y(), above.z()) : nullptr;
        for (int I = 0; I < fd.x(); ++I) {
          const int ib = a == 0 ? I - 1 : I, ia = I;
          const bool needed = (lb && ib >= 0 && ib < nc.x() && lb[ib] != air) || (la && ia < nc.x() && la[ia] != air);
          if (!needed) continue;
          const auto [i0, i1] = range(0, I);
          double sum = 0.0;
          int count = 0;
          for (int k = k0; k < k1; ++k)
            for (int j = j0; j < j1; ++j) {
              const double* in = &ff(0, j, k);
              for (int i = i0; i < i1; ++i, ++count) sum += in[i];
            }
          out[I] = count ? sum / count : 0.0;
        }
      }, 16);
    }
    // Rediscretised operator: coefficient s0 * open / (H_a/h)^2 per face.
    C->own_A.resize(nc);
    for (int64_t c = 0; c < C->own_A.cells(); ++c)
      C->own_A.active[c] = C->own_labels[c] == static_cast<uint8_t>(CellLabel::Liquid);
    parallel_for(0, C->own_A.cells(), [&](int64_t c) {
      if (!C->own_A.active[c]) return;
      const Vec3i I = C->own_labels.coords(c);
      double d = 0.0;
      for (int a = 0; a < 3; ++a) {
        const double coef = s0 / (C->spacing_factor[a] * C->spacing_factor[a]);
        for (int side = 0; side < 2; ++side) {
          Vec3i face = I;
          face[a] += side;
          const double w = C->own_face_open[a](face.x(), face.y(), face.z());
          if (w <= 0.0) continue;
          Vec3i nb = I;
          nb[a] += side ? 1 : -1;
          if (!C->own_labels.in_range(nb.x(), nb.y(), nb.z())) { d += coef * w; continue; }  // open boundary
          const auto l = static_cast<CellLabel>(C->own_labels(nb.x(), nb.y(), nb.z()));
          if (l == CellLabel::Liquid) {
            d += coef * w;
            if (side) C->own_A.off[a][c] = -coef * w;
          } else if (l == CellLabel::Air) {
            d += coef * w;
          }
        }
      }
      C->own_A.diag[c] = d > 0.0 ? d : 1.0;
    });
    C->own_A.build_layout();
    C->own_A.regularize_floating_components();
    C->A = &C->own_A;
    C->labels = &C->own_labels;
    C->face_open = &C->own_face_open;
    levels_.push_back(std::move(C));
  }
  for (size_t l = 0; l < levels_.size(); ++l) {
    Level& L = *levels_[l];
    const size_t padded = static_cast<size_t>(L.A->layout.padded);
    L.op = L.A->compact<float>();
    L.x.assign(padded, 0.0f);
    L.b.assign(padded, 0.0f);
    if (l + 1 < levels_.size()) L.r_grid.assign(static_cast<size_t>(L.A->cells()), 0.0f);
    if (l > 0) L.x_grid.assign(static_cast<size_t>(L.A->cells()), 0.0f);
  }
  // The finest level's couplings across periodic sides: off-diagonal -k both ways, k on both
  // diagonals (the fine matrix leaves them out).
  if (info.periodic) {
    Level& L0 = *levels_[0];
    const int64_t padded = L0.A->layout.padded;
    std::vector<std::vector<std::pair<int64_t, float>>> rows(static_cast<size_t>(padded));
    for (const auto& axis : info.periodic->pairs())
      for (const PeriodicCoupling::Pair& p : axis) {
        rows[static_cast<size_t>(p.i)].push_back({p.j, static_cast<float>(-p.k)});
        rows[static_cast<size_t>(p.j)].push_back({p.i, static_cast<float>(-p.k)});
        L0.op.diag[p.i] += static_cast<float>(p.k);
        L0.op.diag[p.j] += static_cast<float>(p.k);
      }
    L0.extra_start.assign(static_cast<size_t>(padded) + 1, 0);
    for (int64_t c = 0; c < padded; ++c) {
      L0.extra_start[static_cast<size_t>(c) + 1] = L0.extra_start[static_cast<size_t>(c)] + static_cast<int32_t>(rows[static_cast<size_t>(c)].size());
      for (const auto& [cell, coef] : rows[static_cast<size_t>(c)]) {
        L0.extra_cell.push_back(cell);
        L0.extra_coef.push_back(coef);
      }
    }
  }
  // Exact solve on the coarsest level, numbered as its compact layout.
  coarse_ = std::make_unique<CoarseSolver>();
  const CompactOperator<float>& Ac = levels_.back()->op;
  const CompactLayout& Lc = *Ac.layout;
  const int64_t m = Lc.size;
  if (m > 0) {
    std::vector<Eigen::Triplet<double>> trip;
    for (const CompactSegment& sg : Lc.segments)
      for (int64_t c = sg.begin; c < sg.begin + sg.length; ++c) {
        trip.emplace_back(c, c, Ac.diag[c]);
        const int64_t upper[3] = {c + 1, c + sg.nb[1], c + sg.nb[3]};
        for (int a = 0; a < 3; ++a)
          if (Ac.off[a][c] != 0.0f && upper[a] < m) {
            trip.emplace_back(c, upper[a], Ac.off[a][c]);
            trip.emplace_back(upper[a], c, Ac.off[a][c]);
          }
        const Level& Lc0 = *levels_.back();
        if (!Lc0.extra_start.empty())
          for (int32_t q = Lc0.extra_start[static_cast<size_t>(c)]; q < Lc0.extra_start[static_cast<size_t>(c) + 1]; ++q)
            trip.emplace_back(c, Lc0.extra_cell[static_cast<size_t>(q)], Lc0.extra_coef[static_cast<size_t>(q)]);
      }
    Eigen::SparseMatrix<double> M(m, m);
    M.setFromTriplets(trip.begin(), trip.end());
    coarse_->ldlt.compute(M);
    coarse_->ok = coarse_->ldlt.info() == Eigen::Success;
    coarse_->rhs.resize(m);
  }
}

MultigridPreconditioner::~MultigridPreconditioner() = default;

std::vector<int64_t> MultigridPreconditioner::active_cells_per_level() const {
  std::vector<int64_t> out;
  for (const auto& L : levels_) out.push_back(L->A->active_count());
  return out;
}

void MultigridPreconditioner::apply(const std::vector<double>& r, std::vector<double>& z) {
  Level& L0 = *levels_[0];
  L0.op.layout->for_each_block([&](int64_t s, int64_t e) {
    for (int64_t c = s; c < e; ++c) L0.b[c] = static_cast<float>(r[c]);
  });
  vcycle(0);
  L0.op.layout->for_each_block([&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) z[c] = L0.x[c]; });
}

void MultigridPreconditioner::vcycle(size_t l) {
  Level& L = *levels_[l];
  const CompactLayout& lay = *L.op.layout;
  ExtraCouplings extra;
  if (!L.extra_start.empty()) extra = {&L.extra_start, &L.extra_cell, &L.extra_coef};
  if (l + 1 == levels_.size()) {
    if (coarse_->ok) {
      for (int64_t c = 0; c < lay.size; ++c) coarse_->rhs[c] = L.b[c];
      coarse_->sol = coarse_->ldlt.solve(coarse_->rhs);
      for (int64_t c = 0; c < lay.size; ++c) L.x[c] = static_cast<float>(coarse_->sol[c]);
    } else {
      // Symmetric fallback: 50 x (red, black, black, red), starting from x = 0.
      for (int it = 0; it < 50; ++it) {
        if (it == 0) rbgs_first_sweep(L.op, L.b, L.x, 0);
        else rbgs_sweep(L.op, L.b, L.x, 0, extra);
        rbgs_sweep(L.op, L.b, L.x, 1, extra);
        rbgs_sweep(L.op, L.b, L.x, 1, extra);
        rbgs_sweep(L.op, L.b, L.x, 0, extra);
      }
    }
    if (l > 0) lay.scatter(L.x, L.x_grid);
    return;
  }
  rbgs_first_sweep(L.op, L.b, L.x, 0);
  rbgs_sweep(L.op, L.b, L.x, 1, extra);
  for (int s = 1; s < sweeps_; ++s) {
    rbgs_sweep(L.op, L.b, L.x, 0, extra);
    rbgs_sweep(L.op, L.b, L.x, 1, extra);
  }
  residual(L.op, L.b, L.x, L.r_grid, extra);
  // Restrict: b_c = P^T r / (product of factors), separably: along a coarse segment the y and
  // z stencils are fixed, so their (up to 16) fine rows are first summed into one fine row,
  // which the x stencil then restricts.
  Level& C = *levels_[l + 1];
  const Vec3i nf = (*L.A).n;
  const float inv_f = 1.0f / static_cast<float>(L.to_coarse[0].factor * L.to_coarse[1].factor * L.to_coarse[2].factor);
  C.op.layout->for_each_segment([&](const CompactSegment& sg, int64_t s, int64_t e) {
    const Vec3i I0 = C.op.layout->coords(sg);
    std::array<std::pair<int64_t, float>, 16> rows;
    int nrows = 0;
    for (const auto& [k, wk] : L.to_coarse[2].coarse_to_fine[I0.z()])
      for (const auto& [j, wj] : L.to_coarse[1].coarse_to_fine[I0.y()])
        rows[nrows++] = {static_cast<int64_t>(nf.x()) * (j + static_cast<int64_t>(nf.y()) * k),
                         static_cast<float>(wj * wk) * inv_f};
    const auto& tx = L.to_coarse[0].coarse_to_fine;
    float acc[2 * kChunk + 8];
    for (int64_t cs = s; cs < e; cs += kChunk) {
      const int64_t ce = std::min(e, cs + kChunk);
      const int64_t Ib = I0.x() + (cs - s), Ie = I0.x() + (ce - s);  // coarse x range
      const int lo = tx[static_cast<size_t>(Ib)].front().first, hi = tx[static_cast<size_t>(Ie - 1)].back().first + 1;
      std::fill(acc, acc + (hi - lo), 0.0f);
      for (int q = 0; q < nrows; ++q) {
        const float w = rows[q].second;
        const float* src = L.r_grid.data() + rows[q].first + lo;
        for (int i = 0; i < hi - lo; ++i) acc[i] += w * src[i];
      }
      for (int64_t c = cs, I = Ib; c < ce; ++c, ++I) {
        float v = 0.0f;
        for (const auto& [i, wi] : tx[static_cast<size_t>(I)]) v += static_cast<float>(wi) * acc[i - lo];
        C.b[c] = v;
      }
    }
  });
  vcycle(l + 1);
  // Prolong and correct, separably: the (up to 4) coarse rows of a fine segment's y and z
  // stencils are combined into one coarse row, which the x stencil then interpolates.
  const Vec3i ncd = (*C.A).n;
  lay.for_each_segment([&](const CompactSegment& sg, int64_t s, int64_t e) {
    const Vec3i I0 = lay.coords(sg);
    const auto& ty = L.to_coarse[1].fine_to_coarse[I0.y()];
    const auto& tz = L.to_coarse[2].fine_to_coarse[I0.z()];
    int64_t rows[4];
    float wrow[4];
    for (int q = 0; q < 4; ++q) {
      const auto& [J, wj] = ty[q & 1];
      const auto& [K, wk] = tz[q >> 1];
      rows[q] = static_cast<int64_t>(ncd.x()) * (J + static_cast<int64_t>(ncd.y()) * K);
      wrow[q] = static_cast<float>(wj * wk);
    }
    const auto& tx = L.to_coarse[0].fine_to_coarse;
    float crow[kChunk + 8];
    for (int64_t cs = s; cs < e; cs += kChunk) {
      const int64_t ce = std::min(e, cs + kChunk);
      const int ib = I0.x() + static_cast<int>(cs - s), ie = I0.x() + static_cast<int>(ce - s);  // fine x range
      int lo = INT32_MAX, hi = 0;
      for (int i : {ib, ie - 1})
        for (const auto& [I, w] : tx[static_cast<size_t>(i)]) lo = std::min(lo, I), hi = std::max(hi, I + 1);
      std::fill(crow, crow + (hi - lo), 0.0f);
      for (int q = 0; q < 4; ++q) {
        const float* src = C.x_grid.data() + rows[q] + lo;
        for (int I = 0; I < hi - lo; ++I) crow[I] += wrow[q] * src[I];
      }
      for (int64_t c = cs, i = ib; c < ce; ++c, ++i) {
        const auto& [Ia, wa] = tx[static_cast<size_t>(i)][0];
        const auto& [Ib, wb] = tx[static_cast<size_t>(i)][1];
        L.x[c] += static_cast<float>(wa) * crow[Ia - lo] + static_cast<float>(wb) * crow[Ib - lo];
      }
    }
  });
  for (int s = 0; s < sweeps_; ++s) {
    rbgs_sweep(L.op, L.b, L.x, 1, extra);
    rbgs_sweep(L.op, L.b, L.x, 0, extra);
  }
  if (l > 0) lay.scatter(L.x, L.x_grid);
}

}  // namespace ripple
