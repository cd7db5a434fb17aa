#include "ripple/solver/constant_null_space.hpp"

#include <numeric>

namespace ripple {

namespace {

struct UnionFind {
  std::vector<int64_t> parent;
  explicit UnionFind(int64_t n) : parent(static_cast<size_t>(n)) { std::iota(parent.begin(), parent.end(), 0); }
  int64_t find(int64_t a) {
    while (parent[static_cast<size_t>(a)] != a) a = parent[static_cast<size_t>(a)] = parent[static_cast<size_t>(parent[static_cast<size_t>(a)])];
    return a;
  }
  void join(int64_t a, int64_t b) { parent[static_cast<size_t>(find(a))] = find(b); }
};

}  // namespace

std::vector<int32_t> floating_regions(const PoissonSystem& A, const PeriodicCoupling* seam, int& count) {
  const CompactLayout& lay = A.layout;
  const int64_t n = lay.size;
  UnionFind uf(n);
  std::vector<uint8_t> dirichlet(static_cast<size_t>(n), 0);
  const CompactOperator<double> op = A.compact<double>();
  for (const CompactSegment& sg : lay.segments)
    for (int64_t c = sg.begin; c < sg.begin + sg.length; ++c) {
      const int64_t upper[3] = {c + 1, c + sg.nb[1], c + sg.nb[3]};
      const int64_t lower[3] = {c - 1, c + sg.nb[0], c + sg.nb[2]};
      double offsum = 0.0;
      for (int a = 0; a < 3; ++a) {
        if (op.off[a][c] != 0.0 && upper[a] < n) {
          uf.join(c, upper[a]);
          offsum += std::abs(op.off[a][c]);
        }
        if (lower[a] >= 0 && lower[a] < n && lower[a] != c && op.off[a][lower[a]] != 0.0 &&
            (a != 0 || c > sg.begin))
          offsum += std::abs(op.off[a][lower[a]]);
      }
      // As regularize_floating_components: a row heavier than its neighbours has a Dirichlet side.
      if (op.diag[c] > offsum * (1.0 + 1e-6)) dirichlet[static_cast<size_t>(c)] = 1;
    }
  if (seam)
    for (const auto& axis : seam->pairs())
      for (const PeriodicCoupling::Pair& p : axis) uf.join(p.i, p.j);
  std::vector<uint8_t> bounded(static_cast<size_t>(n), 0);
  for (int64_t c = 0; c < n; ++c)
    if (dirichlet[static_cast<size_t>(c)]) bounded[static_cast<size_t>(uf.find(c))] = 1;
  std::vector<int32_t> number(static_cast<size_t>(n), -1), region(static_cast<size_t>(lay.padded), -1);
  count = 0;
  for (int64_t c = 0; c < n; ++c) {
    const int64_t root = uf.find(c);
    if (bounded[static_cast<size_t>(root)]) continue;
    if (number[static_cast<size_t>(root)] < 0) number[static_cast<size_t>(root)] = count++;
    region[static_cast<size_t>(c)] = number[static_cast<size_t>(root)];
  }
  return region;
}

ConstantNullSpace::ConstantNullSpace(std::unique_ptr<Preconditioner> inner, std::vector<int32_t> region, int count)
    : inner_(std::move(inner)), region_(std::move(region)), size_(static_cast<size_t>(count), 0.0) {
  for (int32_t r : region_)
    if (r >= 0) size_[static_cast<size_t>(r)] += 1.0;
}

void ConstantNullSpace::apply(const std::vector<double>& r, std::vector<double>& z) {
  inner_->apply(r, z);
  std::vector<double> mean(size_.size(), 0.0);
  for (size_t c = 0; c < region_.size(); ++c)
    if (region_[c] >= 0) mean[static_cast<size_t>(region_[c])] += z[c];
  for (size_t k = 0; k < mean.size(); ++k) mean[k] /= size_[k];
  for (size_t c = 0; c < region_.size(); ++c)
    if (region_[c] >= 0) z[c] -= mean[static_cast<size_t>(region_[c])];
}

}  // namespace ripple
