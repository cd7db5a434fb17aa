#include "ripple/io/gmsh_reader.hpp"

#include <fstream>
#include <sstream>
#include <unordered_map>

#include "ripple/core/errors.hpp"
#include "ripple/io/input_file.hpp"

namespace ripple {
namespace {

/// Line-by-line reader that knows where it is, for messages.
struct Lines {
  std::ifstream in;
  std::string path;
  int line_no = 0;
  bool next(std::string& line) {
    if (!std::getline(in, line)) return false;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw InputError(path + ":" + std::to_string(line_no), why);
  }
  std::istringstream expect_line() {
    std::string line;
    if (!next(line)) fail("unexpected end of file");
    return std::istringstream(line);
  }
};

}  // namespace

TetMesh read_gmsh_tets(const std::string& path) {
  Lines r;
  r.path = path;
  r.in = open_input_file(path, "Gmsh file");
  std::unordered_map<long, Vec3> nodes;
  std::vector<std::array<long, 4>> tets;
  double version = 0.0;
  std::string line;
  while (r.next(line)) {
    if (line == "$MeshFormat") {
      int file_type = 0, data_size = 0;
      auto s = r.expect_line();
      if (!(s >> version >> file_type >> data_size)) r.fail("malformed $MeshFormat line");
      if (file_type != 0) r.fail("binary Gmsh files are not supported: save as ASCII (format 2.2 or 4.1)");
      if (!(version >= 2.0 && version < 3.0) && !(version >= 4.0 && version < 5.0))
        r.fail("Gmsh format " + std::to_string(version) + " is not supported (use 2.2 or 4.1)");
    } else if (line == "$Nodes") {
      if (version == 0.0) r.fail("$Nodes before $MeshFormat");
      if (version < 3.0) {
        long n = 0;
        if (!(r.expect_line() >> n)) r.fail("malformed node count");
        for (long k = 0; k < n; ++k) {
          long id;
          Vec3 p;
          if (!(r.expect_line() >> id >> p.x() >> p.y() >> p.z())) r.fail("malformed node line");
          nodes[id] = p;
        }
      } else {
        long blocks = 0, total = 0, lo = 0, hi = 0;
        if (!(r.expect_line() >> blocks >> total >> lo >> hi)) r.fail("malformed $Nodes header");
        for (long b = 0; b < blocks; ++b) {
          long dim, tag, parametric, count;
          if (!(r.expect_line() >> dim >> tag >> parametric >> count)) r.fail("malformed node block header");
          if (parametric) r.fail("parametric nodes are not supported");
          if (count < 0) r.fail("negative node count");
          // Grown as tags are read, never sized from the count: a corrupt count (-1 threw
          // std::length_error) must not allocate before the lines it announces exist.
          std::vector<long> ids;
          for (long k = 0; k < count; ++k)
            if (!(r.expect_line() >> ids.emplace_back())) r.fail("malformed node tag");
          for (long k = 0; k < count; ++k) {
            Vec3 p;
            if (!(r.expect_line() >> p.x() >> p.y() >> p.z())) r.fail("malformed node coordinates");
            nodes[ids[k]] = p;
          }
        }
      }
    } else if (line == "$Elements") {
      if (version < 3.0) {
        long n = 0;
        if (!(r.expect_line() >> n)) r.fail("malformed element count");
        for (long k = 0; k < n; ++k) {
          auto s = r.expect_line();
          long id, type, ntags;
          if (!(s >> id >> type >> ntags)) r.fail("malformed element line");
          // Stops at the line's end: a corrupt tag count (found by fuzzing) looped on a failed
          // stream up to 2^63 times.
          for (long t = 0; t < ntags && s >> id; ++t) {
          }
          if (type != 4) continue;
          std::array<long, 4> t4;
          if (!(s >> t4[0] >> t4[1] >> t4[2] >> t4[3])) r.fail("malformed tetrahedron");
          tets.push_back(t4);
        }
      } else {
        long blocks = 0, total = 0, lo = 0, hi = 0;
        if (!(r.expect_line() >> blocks >> total >> lo >> hi)) r.fail("malformed $Elements header");
        for (long b = 0; b < blocks; ++b) {
          long dim, tag, type, count;
          if (!(r.expect_line() >> dim >> tag >> type >> count)) r.fail("malformed element block header");
          for (long k = 0; k < count; ++k) {
            auto s = r.expect_line();
            if (type != 4) continue;
            long id;
            std::array<long, 4> t4;
            if (!(s >> id >> t4[0] >> t4[1] >> t4[2] >> t4[3])) r.fail("malformed tetrahedron");
            tets.push_back(t4);
          }
        }
      }
    }
  }
  if (version == 0.0) throw InputError(path, "not a Gmsh mesh file (no $MeshFormat section)");
  if (tets.empty()) throw InputError(path, "contains no linear tetrahedra (Gmsh element type 4)");
  TetMesh mesh;
  std::unordered_map<long, int> index;
  for (const auto& t : tets) {
    std::array<int, 4> local;
    for (int c = 0; c < 4; ++c) {
      auto it = index.find(t[c]);
      if (it == index.end()) {
        const auto node = nodes.find(t[c]);
        if (node == nodes.end()) throw InputError(path, "tetrahedron uses unknown node " + std::to_string(t[c]));
        it = index.emplace(t[c], static_cast<int>(mesh.vertices.size())).first;
        mesh.vertices.push_back(node->second);
      }
      local[c] = it->second;
    }
    mesh.tets.push_back(local);
  }
  return mesh;
}

}  // namespace ripple
