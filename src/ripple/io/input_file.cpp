#include "ripple/io/input_file.hpp"

#include <filesystem>

#include "ripple/core/errors.hpp"

namespace ripple {

std::ifstream open_input_file(const std::string& path, const std::string& what) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (!fs::exists(st)) throw InputError(path, "cannot open " + what + ": no such file");
  if (fs::is_directory(st)) throw InputError(path, "cannot open " + what + ": it is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open " + what + " (unreadable: check its permissions)");
  return in;
}

}  // namespace ripple
