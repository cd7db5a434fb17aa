#include "ripple/io/volume_writer.hpp"

#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "ripple/io/mesh_writers.hpp"

namespace ripple {
namespace {

// VTK's legacy binary format is big-endian.
uint32_t to_big_endian(uint32_t x) {
  if constexpr (std::endian::native == std::endian::little) return __builtin_bswap32(x);
  return x;
}

}  // namespace

void write_vtk_volume(const std::string& path, const GridGeometry& g, const std::vector<VolumeField>& fields) {
  std::ostringstream out;
  const Vec3 o = g.origin + Vec3::Constant(0.5 * g.dx);
  out << "# vtk DataFile Version 3.0\nripple cell-centred volume\nBINARY\nDATASET STRUCTURED_POINTS\n";
  out << "DIMENSIONS " << g.n.x() << ' ' << g.n.y() << ' ' << g.n.z() << '\n';
  out.precision(17);
  out << "ORIGIN " << o.x() << ' ' << o.y() << ' ' << o.z() << '\n';
  out << "SPACING " << g.dx << ' ' << g.dx << ' ' << g.dx << '\n';
  out << "POINT_DATA " << g.cell_count() << '\n';
  for (const auto& [name, grid] : fields) {
    if (grid->dims() != g.n) throw std::logic_error("write_vtk_volume: field " + name + " is not on the grid");
    out << "SCALARS " << name << " float 1\nLOOKUP_TABLE default\n";
    std::string bytes(static_cast<size_t>(grid->size()) * 4, '\0');
    for (int64_t i = 0; i < grid->size(); ++i) {
      const uint32_t b = to_big_endian(std::bit_cast<uint32_t>(static_cast<float>((*grid)[i])));
      std::memcpy(&bytes[static_cast<size_t>(i) * 4], &b, 4);
    }
    out << bytes << '\n';
  }
  write_file_atomic(path, out.str());
}

std::vector<std::pair<std::string, std::vector<float>>> read_vtk_volume(const std::string& path, Vec3i& dims) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::vector<std::pair<std::string, std::vector<float>>> out;
  std::string line;
  int64_t count = 0;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string key;
    words >> key;
    if (key == "DIMENSIONS") words >> dims.x() >> dims.y() >> dims.z();
    if (key == "POINT_DATA") words >> count;
    if (key != "SCALARS") continue;
    std::string name;
    words >> name;
    std::getline(in, line);  // LOOKUP_TABLE
    std::vector<float> values(static_cast<size_t>(count));
    for (float& v : values) {
      uint32_t b = 0;
      in.read(reinterpret_cast<char*>(&b), 4);
      v = std::bit_cast<float>(to_big_endian(b));
    }
    if (!in) throw std::runtime_error(path + ": truncated field " + name);
    out.emplace_back(name, std::move(values));
  }
  return out;
}

}  // namespace ripple
