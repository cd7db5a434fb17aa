#pragma once
// Dense 3D array, x fastest: index = i + nx * (j + ny * k).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "ripple/core/types.hpp"

namespace ripple {

template <class T>
class Array3 {
 public:
  Array3() = default;
  Array3(int nx, int ny, int nz, T value = T()) { resize(nx, ny, nz, value); }
  explicit Array3(const Vec3i& n, T value = T()) { resize(n.x(), n.y(), n.z(), value); }

  void resize(int nx, int ny, int nz, T value = T()) {
    nx_ = nx; ny_ = ny; nz_ = nz;
    data_.assign(static_cast<size_t>(nx) * ny * nz, value);
  }
  void fill(T value) { std::fill(data_.begin(), data_.end(), value); }

  int nx() const { return nx_; }
  int ny() const { return ny_; }
  int nz() const { return nz_; }
  Vec3i dims() const { return {nx_, ny_, nz_}; }
  int64_t size() const { return static_cast<int64_t>(data_.size()); }

  int64_t index(int i, int j, int k) const {
    return i + static_cast<int64_t>(nx_) * (j + static_cast<int64_t>(ny_) * k);
  }
  Vec3i coords(int64_t idx) const {
    const int i = static_cast<int>(idx % nx_);
    const int64_t r = idx / nx_;
    return {i, static_cast<int>(r % ny_), static_cast<int>(r / ny_)};
  }
  bool in_range(int i, int j, int k) const {
    return i >= 0 && j >= 0 && k >= 0 && i < nx_ && j < ny_ && k < nz_;
  }
  T& operator()(int i, int j, int k) { return data_[static_cast<size_t>(index(i, j, k))]; }
  const T& operator()(int i, int j, int k) const { return data_[static_cast<size_t>(index(i, j, k))]; }
  T& operator[](int64_t idx) { return data_[static_cast<size_t>(idx)]; }
  const T& operator[](int64_t idx) const { return data_[static_cast<size_t>(idx)]; }
  /// Value at clamped coordinates (constant extension outside the array).
  const T& clamped(int i, int j, int k) const {
    return (*this)(std::clamp(i, 0, nx_ - 1), std::clamp(j, 0, ny_ - 1), std::clamp(k, 0, nz_ - 1));
  }
  std::vector<T>& data() { return data_; }
  const std::vector<T>& data() const { return data_; }

 private:
  int nx_ = 0, ny_ = 0, nz_ = 0;
  std::vector<T> data_;
};

using ScalarGrid = Array3<double>;

}  // namespace ripple
