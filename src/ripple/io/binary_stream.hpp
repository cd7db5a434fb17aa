#pragma once
// Little binary writer and bounds-checked reader for checkpoints: plain values, vectors of
// plain values (fixed-size Eigen types included) and grids.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "ripple/core/errors.hpp"
#include "ripple/grid/array3.hpp"

namespace ripple {

class BinaryWriter {
 public:
  template <class T>
  void put(const T& v) { data_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  template <class T>
  void put_vec(const std::vector<T>& v) {
    put<uint64_t>(v.size());
    data_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  template <class T>
  void put_grid(const Array3<T>& g) {
    put<int32_t>(g.nx());
    put<int32_t>(g.ny());
    put<int32_t>(g.nz());
    put_vec(g.data());
  }
  void put_bytes(const char* bytes, size_t n) { data_.append(bytes, n); }
  const std::string& data() const { return data_; }

 private:
  std::string data_;
};

/// Reads what a BinaryWriter wrote; a read past the end throws InputError naming `path`.
class BinaryReader {
 public:
  BinaryReader(const std::string& data, std::string path) : data_(data), path_(std::move(path)) {}
  template <class T>
  T get() {
    if (pos_ + sizeof(T) > data_.size()) fail("checkpoint is truncated");
    T v;
    std::memcpy(&v, data_.data() + pos_, sizeof v);
    pos_ += sizeof v;
    return v;
  }
  template <class T>
  void get_vec(std::vector<T>& v) {
    const uint64_t n = get<uint64_t>();
    if (n > (data_.size() - pos_) / sizeof(T)) fail("checkpoint is truncated");
    v.resize(n);
    if (n == 0) return;  // an empty vector's data() may be null, which memcpy may not be given
    std::memcpy(static_cast<void*>(v.data()), data_.data() + pos_, n * sizeof(T));  // fixed-size Eigen types are plain arrays
    pos_ += n * sizeof(T);
  }
  template <class T>
  void get_grid(Array3<T>& g) {
    const int nx = get<int32_t>(), ny = get<int32_t>(), nz = get<int32_t>();
    // Checked against what the file still holds before anything is allocated: a corrupt size
    // must not ask for gigabytes.
    if (nx < 0 || ny < 0 || nz < 0) fail("checkpoint grid size is negative (corrupt file)");
    const unsigned __int128 cells = static_cast<unsigned __int128>(nx) * static_cast<uint64_t>(ny) * static_cast<uint64_t>(nz);
    if (cells > (data_.size() - pos_) / sizeof(T)) fail("checkpoint grid size exceeds the file (corrupt or truncated)");
    g.resize(nx, ny, nz);
    get_vec(g.data());
    if (g.size() != static_cast<int64_t>(nx) * ny * nz) fail("checkpoint grid size mismatch");
  }
  void skip(size_t n) {
    if (n > data_.size() - pos_) fail("checkpoint is truncated");
    pos_ += n;
  }
  bool at_end() const { return pos_ == data_.size(); }
  [[noreturn]] void fail(const std::string& reason) const { throw InputError(path_, reason); }

 private:
  const std::string& data_;
  std::string path_;
  size_t pos_ = 0;
};

}  // namespace ripple
