#include "ripple/solver/multigrid_preconditioner.hpp"

#include <Eigen/SparseCholesky>
#include <algorithm>

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

// The V-cycle runs in single precision, as in McAdams et al. 2010: it is a preconditioner, and
// halving the bytes it streams roughly halves its time, which memory bandwidth bounds.
struct FloatOperator {
  Vec3i n = Vec3i::Zero();
  int64_t stride[3] = {1, 0, 0};
  int64_t cells = 0;
  std::vector<float> diag, off[3];
  std::vector<CellSpan> spans;

  void assign(const PoissonSystem& A) {
    n = A.n;
    cells = A.cells();
    for (int a = 0; a < 3; ++a) stride[a] = A.stride[a];
    spans = A.spans;
    diag.assign(static_cast<size_t>(cells), 1.0f);
    for (auto& o : off) o.assign(static_cast<size_t>(cells), 0.0f);
    for_each_span(A, [&](int64_t s, int64_t e) {
      for (int64_t c = s; c < e; ++c) {
        diag[c] = static_cast<float>(A.diag[c]);
        for (int a = 0; a < 3; ++a) off[a][c] = static_cast<float>(A.off[a][c]);
      }
    });
  }
};

struct MultigridPreconditioner::Level {
  // Level 0 points at the caller's matrix, labels and face fractions; coarse levels own theirs.
  const PoissonSystem* A = nullptr;
  const Array3<uint8_t>* labels = nullptr;
  const std::array<ScalarGrid, 3>* face_open = nullptr;
  PoissonSystem own_A;
  Array3<uint8_t> own_labels;
  std::array<ScalarGrid, 3> own_face_open;
  Vec3 spacing_factor = Vec3::Ones();  // (H_a / h_a) relative to the fine level
  FloatOperator op;                    // single-precision copy of *A used by the V-cycle
  std::vector<float> x, b, r;
  std::array<AxisTransfer, 3> to_coarse;  // transfer to the next coarser level
};

struct MultigridPreconditioner::CoarseSolver {
  std::vector<int64_t> cells;      // active cell linear index per unknown
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> ldlt;
  Eigen::VectorXd rhs, sol;
  bool ok = false;
};

namespace {

int parity(const Vec3i& n, int64_t c) {
  const int64_t i = c % n.x(), r = c / n.x();
  return static_cast<int>((i + r % n.y() + r / n.y()) & 1);
}

constexpr int64_t kChunk = 256;  // cells per stack buffer

// One colour of red-black Gauss-Seidel. Cells of one colour only neighbour the other colour,
// so the neighbour sums of a whole chunk can be formed first (vectorised, for both colours)
// and then written for this colour alone.
void rbgs_sweep(const FloatOperator& A, const std::vector<float>& b, std::vector<float>& x, int color) {
  for_each_span(A, [&](int64_t s, int64_t e) {
    float t[kChunk];
    for (int64_t cs = s; cs < e; cs += kChunk) {
      const int64_t ce = std::min(e, cs + kChunk);
      stencil_neighbour_sum(A.stride, A.cells, A.off, x.data(), cs, ce, t);
      for (int64_t c = cs + (parity(A.n, cs) != color ? 1 : 0); c < ce; c += 2) x[c] = (b[c] - t[c - cs]) / A.diag[c];
    }
  });
}

// r = b - A x on active cells.
void residual(const FloatOperator& A, const std::vector<float>& b, const std::vector<float>& x, std::vector<float>& r) {
  for_each_span(A, [&](int64_t s, int64_t e) {
    float t[kChunk];
    for (int64_t cs = s; cs < e; cs += kChunk) {
      const int64_t ce = std::min(e, cs + kChunk);
      stencil_neighbour_sum(A.stride, A.cells, A.off, x.data(), cs, ce, t);
      for (int64_t c = cs; c < ce; ++c) r[c] = b[c] - A.diag[c] * x[c] - t[c - cs];
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
    parallel_for(0, C->own_labels.size(), [&](int64_t idx) {
      const Vec3i I = C->own_labels.coords(idx);
      bool any_air = false, any_liquid = false;
      for (int dk = 0; dk < factor.z(); ++dk)
        for (int dj = 0; dj < factor.y(); ++dj)
          for (int di = 0; di < factor.x(); ++di) {
            const int i = I.x() * factor.x() + di, j = I.y() * factor.y() + dj, k = I.z() * factor.z() + dk;
            if (!(*F.labels).in_range(i, j, k)) continue;
            const auto l = static_cast<CellLabel>((*F.labels)(i, j, k));
            any_air |= l == CellLabel::Air;
            any_liquid |= l == CellLabel::Liquid;
          }
      C->own_labels[idx] = static_cast<uint8_t>(any_air ? CellLabel::Air : any_liquid ? CellLabel::Liquid : CellLabel::Solid);
    });
    // Face open fractions: average of the child faces lying on each coarse face.
    for (int a = 0; a < 3; ++a) {
      Vec3i fd = nc;
      fd[a] += 1;
      C->own_face_open[a].resize(fd.x(), fd.y(), fd.z(), 0.0);
      const int b1 = (a + 1) % 3, b2 = (a + 2) % 3;
      parallel_for(0, C->own_face_open[a].size(), [&](int64_t idx) {
        const Vec3i I = C->own_face_open[a].coords(idx);
        double sum = 0.0;
        int count = 0;
        for (int d1 = 0; d1 < factor[b1]; ++d1)
          for (int d2 = 0; d2 < factor[b2]; ++d2) {
            Vec3i fi;
            fi[a] = I[a] * factor[a];
            fi[b1] = I[b1] * factor[b1] + d1;
            fi[b2] = I[b2] * factor[b2] + d2;
            if (!(*F.face_open)[a].in_range(fi.x(), fi.y(), fi.z())) continue;
            sum += (*F.face_open)[a](fi.x(), fi.y(), fi.z());
            ++count;
          }
        C->own_face_open[a][idx] = count ? sum / count : 0.0;
      });
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
    C->own_A.build_spans();
    C->own_A.regularize_floating_components();
    C->A = &C->own_A;
    C->labels = &C->own_labels;
    C->face_open = &C->own_face_open;
    levels_.push_back(std::move(C));
  }
  for (auto& L : levels_) {
    const size_t nc = static_cast<size_t>(L->A->cells());
    L->op.assign(*L->A);
    L->x.assign(nc, 0.0f);
    L->b.assign(nc, 0.0f);
    L->r.assign(nc, 0.0f);
  }
  // Exact solve on the coarsest level.
  coarse_ = std::make_unique<CoarseSolver>();
  const PoissonSystem& Ac = *levels_.back()->A;
  std::vector<int64_t> id(static_cast<size_t>(Ac.cells()), -1);
  for (const CellSpan& sp : Ac.spans)
    for (int64_t c = sp.begin; c < sp.begin + sp.length; ++c) {
      id[c] = static_cast<int64_t>(coarse_->cells.size());
      coarse_->cells.push_back(c);
    }
  const int64_t m = static_cast<int64_t>(coarse_->cells.size());
  if (m > 0) {
    std::vector<Eigen::Triplet<double>> trip;
    for (int64_t u = 0; u < m; ++u) {
      const int64_t c = coarse_->cells[u];
      trip.emplace_back(u, u, Ac.diag[c]);
      for (int a = 0; a < 3; ++a) {
        const int64_t nb = c + Ac.stride[a];
        if (nb < Ac.cells() && Ac.off[a][c] != 0.0 && id[nb] >= 0) {
          trip.emplace_back(u, id[nb], Ac.off[a][c]);
          trip.emplace_back(id[nb], u, Ac.off[a][c]);
        }
      }
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
  for (const auto& L : levels_) out.push_back(L->A->active_count);
  return out;
}

void MultigridPreconditioner::apply(const std::vector<double>& r, std::vector<double>& z) {
  Level& L0 = *levels_[0];
  for_each_span(L0.op, [&](int64_t s, int64_t e) {
    for (int64_t c = s; c < e; ++c) L0.b[c] = static_cast<float>(r[c]);
  });
  vcycle(0);
  for_each_span(L0.op, [&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) z[c] = L0.x[c]; });
}

void MultigridPreconditioner::vcycle(size_t l) {
  Level& L = *levels_[l];
  for_each_span(L.op, [&](int64_t s, int64_t e) { for (int64_t c = s; c < e; ++c) L.x[c] = 0.0f; });
  if (l + 1 == levels_.size()) {
    if (coarse_->ok) {
      const int64_t m = static_cast<int64_t>(coarse_->cells.size());
      for (int64_t u = 0; u < m; ++u) coarse_->rhs[u] = L.b[coarse_->cells[u]];
      coarse_->sol = coarse_->ldlt.solve(coarse_->rhs);
      for (int64_t u = 0; u < m; ++u) L.x[coarse_->cells[u]] = static_cast<float>(coarse_->sol[u]);
    } else {
      for (int it = 0; it < 50; ++it) {
        rbgs_sweep(L.op, L.b, L.x, 0);
        rbgs_sweep(L.op, L.b, L.x, 1);
        rbgs_sweep(L.op, L.b, L.x, 1);
        rbgs_sweep(L.op, L.b, L.x, 0);
      }
    }
    return;
  }
  for (int s = 0; s < sweeps_; ++s) {
    rbgs_sweep(L.op, L.b, L.x, 0);
    rbgs_sweep(L.op, L.b, L.x, 1);
  }
  residual(L.op, L.b, L.x, L.r);
  // Restrict: b_c = P^T r / (product of factors). Along one span the y and z stencils are
  // fixed, so they are gathered once per span.
  Level& C = *levels_[l + 1];
  const Vec3i nf = (*L.A).n;
  const double inv_f = 1.0 / (L.to_coarse[0].factor * L.to_coarse[1].factor * L.to_coarse[2].factor);
  for_each_span(C.op, [&](int64_t s, int64_t e) {
    const Vec3i I0 = (*C.labels).coords(s);
    std::array<std::pair<int64_t, double>, 16> rows;
    int nrows = 0;
    for (const auto& [k, wk] : L.to_coarse[2].coarse_to_fine[I0.z()])
      for (const auto& [j, wj] : L.to_coarse[1].coarse_to_fine[I0.y()])
        rows[nrows++] = {static_cast<int64_t>(nf.x()) * (j + static_cast<int64_t>(nf.y()) * k), wj * wk * inv_f};
    const auto& tx = L.to_coarse[0].coarse_to_fine;
    for (int64_t c = s, I = I0.x(); c < e; ++c, ++I) {
      double acc = 0.0;
      for (int q = 0; q < nrows; ++q) {
        double row = 0.0;
        for (const auto& [i, wi] : tx[static_cast<size_t>(I)]) row += wi * L.r[rows[q].first + i];
        acc += rows[q].second * row;
      }
      C.b[c] = static_cast<float>(acc);
    }
  });
  vcycle(l + 1);
  // Prolong and correct, with the y and z stencils fixed along each span.
  const Vec3i ncd = (*C.A).n;
  for_each_span(L.op, [&](int64_t s, int64_t e) {
    const Vec3i I0 = (*L.labels).coords(s);
    const auto& ty = L.to_coarse[1].fine_to_coarse[I0.y()];
    const auto& tz = L.to_coarse[2].fine_to_coarse[I0.z()];
    int64_t rows[4];
    double wrow[4];
    for (int q = 0; q < 4; ++q) {
      const auto& [J, wj] = ty[q & 1];
      const auto& [K, wk] = tz[q >> 1];
      rows[q] = static_cast<int64_t>(ncd.x()) * (J + static_cast<int64_t>(ncd.y()) * K);
      wrow[q] = wj * wk;
    }
    const auto& tx = L.to_coarse[0].fine_to_coarse;
    for (int64_t c = s, i = I0.x(); c < e; ++c, ++i) {
      const auto& [Ia, wa] = tx[static_cast<size_t>(i)][0];
      const auto& [Ib, wb] = tx[static_cast<size_t>(i)][1];
      double acc = 0.0;
      for (int q = 0; q < 4; ++q) acc += wrow[q] * (wa * C.x[rows[q] + Ia] + wb * C.x[rows[q] + Ib]);
      L.x[c] += static_cast<float>(acc);
    }
  });
  for (int s = 0; s < sweeps_; ++s) {
    rbgs_sweep(L.op, L.b, L.x, 1);
    rbgs_sweep(L.op, L.b, L.x, 0);
  }
}

}  // namespace ripple
