#pragma once
// For harnesses whose reader takes a path: the fuzz bytes written to a temporary file of this
// process (its id in the name), so parallel fuzz jobs never read each other's inputs.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace ripple::fuzz {

/// Writes `data` to <tmp>/ripple_fuzz_<pid>.<extension> (replacing it) and returns the path.
inline std::string write_input_file(const uint8_t* data, size_t size, const std::string& extension) {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("ripple_fuzz_" + std::to_string(::getpid()) + "." + extension);
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data), std::streamsize(size));
  return path.string();
}

}  // namespace ripple::fuzz
