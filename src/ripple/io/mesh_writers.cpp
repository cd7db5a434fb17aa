#include "ripple/io/mesh_writers.hpp"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ripple/core/errors.hpp"

namespace ripple {

void write_file_atomic(const std::string& path, const std::string& contents) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw SimulationError("cannot write " + tmp);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    if (!out) throw SimulationError("failed writing " + tmp + " (disk full?)");
  }
  std::filesystem::rename(tmp, path);
}

void write_ply(const std::string& path, const TriangleMesh& m) {
  std::ostringstream os;
  os << "ply\nformat binary_little_endian 1.0\ncomment written by ripple\n"
     << "element vertex " << m.vertices.size() << "\nproperty float x\nproperty float y\nproperty float z\n"
     << "element face " << m.triangles.size() << "\nproperty list uchar int vertex_indices\nend_header\n";
  std::string data = os.str();
  data.reserve(data.size() + m.vertices.size() * 12 + m.triangles.size() * 13);
  for (const auto& v : m.vertices) {
    const float f[3] = {static_cast<float>(v.x()), static_cast<float>(v.y()), static_cast<float>(v.z())};
    data.append(reinterpret_cast<const char*>(f), sizeof f);
  }
  for (const auto& t : m.triangles) {
    data.push_back(static_cast<char>(3));
    const int32_t idx[3] = {t[0], t[1], t[2]};
    data.append(reinterpret_cast<const char*>(idx), sizeof idx);
  }
  write_file_atomic(path, data);
}

void write_obj(const std::string& path, const TriangleMesh& m) {
  std::ostringstream os;
  os << "# written by ripple\n";
  char buf[96];
  for (const auto& v : m.vertices) {
    std::snprintf(buf, sizeof buf, "v %.7g %.7g %.7g\n", v.x(), v.y(), v.z());
    os << buf;
  }
  for (const auto& t : m.triangles) os << "f " << t[0] + 1 << ' ' << t[1] + 1 << ' ' << t[2] + 1 << '\n';
  write_file_atomic(path, os.str());
}

TriangleMesh read_ply(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open PLY file");
  std::string line;
  size_t nv = 0, nf = 0;
  while (std::getline(in, line)) {
    if (line.rfind("element vertex", 0) == 0) nv = std::stoul(line.substr(15));
    if (line.rfind("element face", 0) == 0) nf = std::stoul(line.substr(13));
    if (line == "end_header") break;
  }
  TriangleMesh m;
  m.vertices.resize(nv);
  for (auto& v : m.vertices) {
    float f[3];
    in.read(reinterpret_cast<char*>(f), sizeof f);
    v = Vec3(f[0], f[1], f[2]);
  }
  m.triangles.resize(nf);
  for (auto& t : m.triangles) {
    unsigned char count;
    int32_t idx[3];
    in.read(reinterpret_cast<char*>(&count), 1);
    in.read(reinterpret_cast<char*>(idx), sizeof idx);
    t = Eigen::Vector3i(idx[0], idx[1], idx[2]);
  }
  if (!in) throw InputError(path, "truncated PLY file");
  return m;
}

}  // namespace ripple
