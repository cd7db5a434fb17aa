#include "ripple/io/checkpoint.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/io/mesh_writers.hpp"

namespace ripple {
namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'R', 'I', 'P', 'P', 'L', 'E', 'C', 'K'};
constexpr uint32_t kVersion = 6;  // 6: barrier sharp volume targets; 2: Lagrangian solid state; 3: barrier coupling state; 4: cut-cell held contacts;
                                   // 5: barrier targets handed back from vanished components

template <class T>
void put(std::string& s, const T& v) { s.append(reinterpret_cast<const char*>(&v), sizeof v); }
template <class T>
void put_vec(std::string& s, const std::vector<T>& v) {
  put<uint64_t>(s, v.size());
  s.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
}
template <class T>
void put_grid(std::string& s, const Array3<T>& g) {
  put<int32_t>(s, g.nx()); put<int32_t>(s, g.ny()); put<int32_t>(s, g.nz());
  put_vec(s, g.data());
}

struct Reader {
  const std::string& data;
  size_t pos = 0;
  std::string path;
  template <class T>
  T get() {
    if (pos + sizeof(T) > data.size()) throw InputError(path, "checkpoint is truncated");
    T v;
    std::memcpy(&v, data.data() + pos, sizeof v);
    pos += sizeof v;
    return v;
  }
  template <class T>
  void get_vec(std::vector<T>& v) {
    const uint64_t n = get<uint64_t>();
    if (pos + n * sizeof(T) > data.size()) throw InputError(path, "checkpoint is truncated");
    v.resize(n);
    std::memcpy(static_cast<void*>(v.data()), data.data() + pos, n * sizeof(T));  // fixed-size Eigen types are plain arrays
    pos += n * sizeof(T);
  }
  template <class T>
  void get_grid(Array3<T>& g) {
    const int nx = get<int32_t>(), ny = get<int32_t>(), nz = get<int32_t>();
    g.resize(nx, ny, nz);
    get_vec(g.data());
    if (g.size() != static_cast<int64_t>(nx) * ny * nz) throw InputError(path, "checkpoint grid size mismatch");
  }
};

}  // namespace

uint64_t scene_fingerprint(const Scene& scene) {
  nlohmann::json j = scene.resolved;
  j.erase("output");
  // Debug printing changes no result: a stuck run can be resumed with its trace switched on.
  if (j.contains("coupling") && j["coupling"].contains("barrier")) j["coupling"]["barrier"].erase("trace");
  const std::string s = j.dump();
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : s) { h ^= c; h *= 1099511628211ull; }
  return h;
}

void write_checkpoint(const std::string& path, const World& w) {
  std::string s;
  s.append(kMagic, 8);
  put(s, kVersion);
  put(s, scene_fingerprint(w.scene));
  put<int32_t>(s, w.frame);
  put(s, w.time);
  put<int64_t>(s, w.steps);
  for (const auto& u : w.liquid.velocity.u) put_grid(s, u);
  put_grid(s, w.liquid.phi);
  put_grid(s, w.liquid.pressure);
  put_vec(s, w.liquid.particles.x);
  put_vec(s, w.liquid.particles.v);
  put_vec(s, w.liquid.particles.c);
  put<uint8_t>(s, w.liquid.phi_matches_particles ? 1 : 0);
  if (w.lagrangian) {
    const SolidState& st = w.lagrangian->state;
    put_vec(s, std::vector<double>(st.z.data(), st.z.data() + st.z.size()));
    put_vec(s, std::vector<double>(st.velocity.data(), st.velocity.data() + st.velocity.size()));
    put(s, st.barrier_stiffness);
  }
  // The barrier coupling's volume targets, their cell labels and kappa (empty before a step).
  const BarrierCouplingState& b = w.barrier;
  put_grid(s, b.label);
  put_vec(s, b.target);
  put(s, b.stiffness);
  put(s, b.lost_volume);
  put(s, b.returned_volume);
  put_vec(s, b.sharp_target);
  // The cut-cell coupling's held pairs of bodies with the force they carried: the next step's
  // friction (7 numbers each: type, count, 4 vertices, force).
  std::vector<double> held;
  for (const HeldContact& h : w.cutcell.held) {
    if (h.pair_type < 0) continue;
    held.insert(held.end(), {double(h.pair_type), double(h.count), double(h.vertices[0]), double(h.vertices[1]),
                             double(h.vertices[2]), double(h.vertices[3]), h.force});
  }
  put_vec(s, held);
  fs::create_directories(fs::path(path).parent_path());
  write_file_atomic(path, s);
}

void read_checkpoint(const std::string& path, World& w) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open checkpoint");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string data = ss.str();
  Reader r{data, 0, path};
  if (data.size() < 8 || std::memcmp(data.data(), kMagic, 8) != 0) throw InputError(path, "not a ripple checkpoint");
  r.pos = 8;
  if (r.get<uint32_t>() != kVersion) throw InputError(path, "checkpoint version not supported");
  if (r.get<uint64_t>() != scene_fingerprint(w.scene))
    throw InputError(path, "checkpoint was written by a different scene (physics settings differ)");
  w.frame = r.get<int32_t>();
  w.time = r.get<double>();
  w.steps = r.get<int64_t>();
  for (auto& u : w.liquid.velocity.u) r.get_grid(u);
  r.get_grid(w.liquid.phi);
  r.get_grid(w.liquid.pressure);
  r.get_vec(w.liquid.particles.x);
  r.get_vec(w.liquid.particles.v);
  r.get_vec(w.liquid.particles.c);
  w.liquid.phi_matches_particles = r.get<uint8_t>() != 0;
  if (w.lagrangian) {
    SolidState& st = w.lagrangian->state;
    std::vector<double> z, v;
    r.get_vec(z);
    r.get_vec(v);
    if (static_cast<Eigen::Index>(z.size()) != st.z.size() || v.size() != z.size())
      throw InputError(path, "checkpoint solid state does not match the scene's solids");
    st.z = Eigen::Map<VectorX>(z.data(), static_cast<Eigen::Index>(z.size()));
    st.velocity = Eigen::Map<VectorX>(v.data(), static_cast<Eigen::Index>(v.size()));
    st.barrier_stiffness = r.get<double>();
  }
  BarrierCouplingState& b = w.barrier;
  r.get_grid(b.label);
  r.get_vec(b.target);
  b.stiffness = r.get<double>();
  b.lost_volume = r.get<double>();
  b.returned_volume = r.get<double>();
  r.get_vec(b.sharp_target);
  std::vector<double> held;
  r.get_vec(held);
  if (held.size() % 7 != 0) throw InputError(path, "checkpoint held contacts are malformed");
  w.cutcell.held.clear();
  for (size_t i = 0; i < held.size(); i += 7) {
    HeldContact h;
    h.pair_type = static_cast<int>(held[i]);
    h.count = static_cast<int>(held[i + 1]);
    for (int k = 0; k < 4; ++k) h.vertices[k] = static_cast<int>(held[i + 2 + k]);
    h.force = held[i + 6];
    if (h.count < 1 || h.count > 4) throw InputError(path, "checkpoint held contacts are malformed");
    w.cutcell.held.push_back(h);
  }
  if (w.liquid.particles.x.size() != w.liquid.particles.v.size() ||
      w.liquid.particles.x.size() != w.liquid.particles.c.size())
    throw InputError(path, "checkpoint particle arrays disagree");
}

std::optional<std::string> latest_checkpoint(const std::string& output_dir) {
  const fs::path dir = fs::path(output_dir) / "checkpoints";
  if (!fs::is_directory(dir)) return std::nullopt;
  std::optional<std::string> best;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("frame_", 0) == 0 && e.path().extension() == ".ckpt")
      if (!best || name > fs::path(*best).filename().string()) best = e.path().string();
  }
  return best;
}

}  // namespace ripple
