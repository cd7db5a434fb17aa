#pragma once
// Compact (liquid-only) storage for 7-point systems on a cell grid. Active cells are numbered
// 0..size-1 in grid order (x fastest), so a span of active cells along x is a run of
// consecutive indices and the x neighbours are the previous and next index. Each span is cut
// into segments along which the compact offsets of the four y/z neighbours are constant, so
// every kernel streams unit-stride arrays with fixed offsets: the same access pattern as a
// full grid, on a quarter of the bytes in a dam break (the arrays of a 128^3 level then fit
// in the last-level cache). A missing neighbour's offset points into a zero tail pad, so the
// loops need no branches.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ripple/core/parallel.hpp"
#include "ripple/core/types.hpp"

namespace ripple {

struct CompactSegment {
  int64_t begin = 0;       ///< compact index of the first cell
  int64_t grid_begin = 0;  ///< linear grid index of the first cell
  int32_t length = 0;
  int32_t parity = 0;      ///< (i + j + k) & 1 of the first cell
  /// Compact offsets of the -y, +y, -z, +z neighbours (into the zero pad when absent).
  int64_t nb[4] = {0, 0, 0, 0};
};

struct CompactLayout {
  Vec3i n = Vec3i::Zero();  ///< grid dimensions
  int64_t size = 0;         ///< active cells
  int64_t padded = 0;       ///< vector length: size plus a zero pad of the longest segment
  std::vector<CompactSegment> segments;
  /// Compact index of each active grid cell (entries of inactive cells are stale).
  std::vector<int64_t> grid_to_compact;

  /// Numbers the active cells of the grid (`active`, one flag per cell) in grid order.
  void build(const Vec3i& dims, const std::vector<uint8_t>& active);
  /// No active cells; keeps grid_to_compact's storage for the next build.
  void clear() {
    size = padded = 0;
    segments.clear();
  }

  /// Calls f(segment, begin, end) for chunks of segments in parallel (compact cells [begin, end)).
  template <class F>
  void for_each_segment(F&& f) const {
    parallel_blocks(0, static_cast<int64_t>(segments.size()), 64, [&](int64_t lo, int64_t hi) {
      for (int64_t s = lo; s < hi; ++s) {
        const CompactSegment& sg = segments[static_cast<size_t>(s)];
        f(sg, sg.begin, sg.begin + sg.length);
      }
    });
  }
  /// Calls f(begin, end) over fixed blocks of [0, size) in parallel.
  template <class F>
  void for_each_block(F&& f) const {
    parallel_blocks(0, size, 8192, f);
  }

  /// compact[c] = grid[cell c]; the pad is zeroed. `compact` is resized to `padded`.
  template <class T, class U>
  void gather(const std::vector<U>& grid, std::vector<T>& compact) const {
    compact.assign(static_cast<size_t>(padded), T(0));
    for_each_segment([&](const CompactSegment& sg, int64_t s, int64_t e) {
      for (int64_t c = s; c < e; ++c) compact[c] = static_cast<T>(grid[sg.grid_begin + (c - s)]);
    });
  }
  /// grid[cell c] = compact[c]; other grid entries are left untouched.
  template <class T, class U>
  void scatter(const std::vector<T>& compact, std::vector<U>& grid) const {
    for_each_segment([&](const CompactSegment& sg, int64_t s, int64_t e) {
      for (int64_t c = s; c < e; ++c) grid[sg.grid_begin + (c - s)] = static_cast<U>(compact[c]);
    });
  }
  /// Grid coordinates of the first cell of a segment.
  Vec3i coords(const CompactSegment& sg) const {
    const int64_t r = sg.grid_begin / n.x();
    return Vec3i(static_cast<int>(sg.grid_begin % n.x()), static_cast<int>(r % n.y()), static_cast<int>(r / n.y()));
  }
};

/// Symmetric 7-point operator in compact storage: off[a][c] couples cell c with its +a grid
/// neighbour (0 when that neighbour is inactive or a wall); all arrays have `padded` entries.
template <class T>
struct CompactOperator {
  const CompactLayout* layout = nullptr;
  std::vector<T> diag, off[3];

  /// out[c - s] = sum over the six neighbours of A(c, nb) x[nb] for cells [s, e) of segment sg.
  void neighbour_sum(const CompactSegment& sg, int64_t s, int64_t e, const T* x, T* out) const {
    const T *o0 = off[0].data(), *o1 = off[1].data(), *o2 = off[2].data();
    const int64_t ym = sg.nb[0], yp = sg.nb[1], zm = sg.nb[2], zp = sg.nb[3];
    int64_t c0 = s;
    if (s == 0) {  // no cell before the first: skip its -x term
      out[0] = o0[0] * x[1] + o1[0] * x[yp] + o1[ym] * x[ym] + o2[0] * x[zp] + o2[zm] * x[zm];
      c0 = 1;
    }
    for (int64_t c = c0; c < e; ++c)
      out[c - s] = o0[c] * x[c + 1] + o0[c - 1] * x[c - 1] + o1[c] * x[c + yp] + o1[c + ym] * x[c + ym] +
                   o2[c] * x[c + zp] + o2[c + zm] * x[c + zm];
  }
  /// y = A x on [0, size); the pad of y is left untouched.
  void multiply(const std::vector<T>& x, std::vector<T>& y) const {
    layout->for_each_segment([&](const CompactSegment& sg, int64_t s, int64_t e) {
      neighbour_sum(sg, s, e, x.data(), y.data() + s);
      for (int64_t c = s; c < e; ++c) y[c] += diag[c] * x[c];
    });
  }
};

/// Deterministic parallel dot product and max-norm over the compact cells [0, size).
double compact_dot(const CompactLayout& L, const std::vector<double>& x, const std::vector<double>& y);
double compact_max_abs(const CompactLayout& L, const std::vector<double>& x);

}  // namespace ripple
