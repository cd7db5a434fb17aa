#include "ripple/io/obj_reader.hpp"

#include <fstream>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/io/input_file.hpp"

namespace ripple {

TriangleMesh read_obj(const std::string& path) {
  std::ifstream in = open_input_file(path, "mesh file");
  TriangleMesh mesh;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "v") {
      Vec3 p;
      if (!(ls >> p.x() >> p.y() >> p.z()) || !p.allFinite())
        throw InputError(path + ":" + std::to_string(line_no), "malformed vertex line");
      mesh.vertices.push_back(p);
    } else if (tag == "f") {
      std::vector<int> ids;
      std::string tok;
      while (ls >> tok) {
        const std::string first = tok.substr(0, tok.find('/'));
        int id = 0;
        try {
          id = std::stoi(first);
        } catch (...) {
          throw InputError(path + ":" + std::to_string(line_no), "malformed face index \"" + tok + "\"");
        }
        const int nv = static_cast<int>(mesh.vertices.size());
        const int idx = id > 0 ? id - 1 : nv + id;
        if (id == 0 || idx < 0 || idx >= nv)
          throw InputError(path + ":" + std::to_string(line_no), "face index " + std::to_string(id) + " out of range");
        ids.push_back(idx);
      }
      if (ids.size() < 3) throw InputError(path + ":" + std::to_string(line_no), "face with fewer than 3 vertices");
      for (size_t i = 1; i + 1 < ids.size(); ++i) mesh.triangles.emplace_back(ids[0], ids[i], ids[i + 1]);
    }
  }
  if (mesh.triangles.empty()) throw InputError(path, "mesh has no faces");
  return mesh;
}

}  // namespace ripple
