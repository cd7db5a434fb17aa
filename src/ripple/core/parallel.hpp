#pragma once
// Parallel loop helpers over oneTBB. Reductions are deterministic (fixed blocks, summed in
// order) so that a run gives bit-identical results for any thread count, which checkpoint
// resume relies on.
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>

#include <cstdint>
#include <vector>

namespace ripple {

/// Calls f(i) for i in [begin, end) in parallel.
template <class F>
void parallel_for(int64_t begin, int64_t end, F&& f, int64_t grain = 1024) {
  if (end <= begin) return;
  tbb::parallel_for(tbb::blocked_range<int64_t>(begin, end, grain),
                    [&](const tbb::blocked_range<int64_t>& r) {
                      for (int64_t i = r.begin(); i != r.end(); ++i) f(i);
                    });
}

/// Calls f(block_begin, block_end) over fixed-size blocks in parallel.
template <class F>
void parallel_blocks(int64_t begin, int64_t end, int64_t block, F&& f) {
  if (end <= begin) return;
  const int64_t nblocks = (end - begin + block - 1) / block;
  tbb::parallel_for(int64_t(0), nblocks, [&](int64_t b) {
    const int64_t lo = begin + b * block;
    const int64_t hi = std::min(end, lo + block);
    f(lo, hi);
  });
}

/// Deterministic sum of f(i) over [begin, end): partial sums over fixed blocks, added in order.
template <class F>
double parallel_sum(int64_t begin, int64_t end, F&& f) {
  constexpr int64_t kBlock = 8192;
  if (end <= begin) return 0.0;
  const int64_t nblocks = (end - begin + kBlock - 1) / kBlock;
  std::vector<double> partial(static_cast<size_t>(nblocks), 0.0);
  tbb::parallel_for(int64_t(0), nblocks, [&](int64_t b) {
    const int64_t lo = begin + b * kBlock;
    const int64_t hi = std::min(end, lo + kBlock);
    double s = 0.0;
    for (int64_t i = lo; i < hi; ++i) s += f(i);
    partial[static_cast<size_t>(b)] = s;
  });
  double total = 0.0;
  for (double s : partial) total += s;
  return total;
}

/// Deterministic max of f(i) over [begin, end) (returns `init` for an empty range).
template <class F>
double parallel_max(int64_t begin, int64_t end, double init, F&& f) {
  constexpr int64_t kBlock = 8192;
  if (end <= begin) return init;
  const int64_t nblocks = (end - begin + kBlock - 1) / kBlock;
  std::vector<double> partial(static_cast<size_t>(nblocks), init);
  tbb::parallel_for(int64_t(0), nblocks, [&](int64_t b) {
    const int64_t lo = begin + b * kBlock;
    const int64_t hi = std::min(end, lo + kBlock);
    double m = init;
    for (int64_t i = lo; i < hi; ++i) m = std::max(m, f(i));
    partial[static_cast<size_t>(b)] = m;
  });
  double m = init;
  for (double s : partial) m = std::max(m, s);
  return m;
}

}  // namespace ripple
