#include "ripple/sim/checkpoint.hpp"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/io/binary_stream.hpp"
#include "ripple/io/mesh_writers.hpp"

namespace ripple {
namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'R', 'I', 'P', 'P', 'L', 'E', 'C', 'K'};
constexpr uint32_t kVersion = 7;  // 7: the coupling method's block (Coupler::save) after the common state

}  // namespace

uint64_t scene_fingerprint(const Scene& scene) {
  nlohmann::json j = scene.resolved;
  j.erase("output");
  // Debug printing (any method's `trace`) changes no result: a stuck run can be resumed with
  // its trace switched on.
  if (j.contains("coupling"))
    for (auto& [method, settings] : j["coupling"].items())
      if (settings.is_object()) settings.erase("trace");
  const std::string s = j.dump();
  uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (unsigned char c : s) { h ^= c; h *= 1099511628211ull; }
  return h;
}

void write_checkpoint(const std::string& path, const World& w, const Coupler& coupler) {
  BinaryWriter s;
  s.put_bytes(kMagic, 8);
  s.put(kVersion);
  s.put(scene_fingerprint(w.scene));
  s.put<int32_t>(w.frame);
  s.put(w.time);
  s.put<int64_t>(w.steps);
  for (const auto& u : w.liquid.velocity.u) s.put_grid(u);
  s.put_grid(w.liquid.phi);
  s.put_grid(w.liquid.pressure);
  s.put_vec(w.liquid.particles.x);
  s.put_vec(w.liquid.particles.v);
  s.put_vec(w.liquid.particles.c);
  s.put<uint8_t>(w.liquid.phi_matches_particles ? 1 : 0);
  if (w.lagrangian) {
    const SolidState& st = w.lagrangian->state;
    s.put_vec(std::vector<double>(st.z.data(), st.z.data() + st.z.size()));
    s.put_vec(std::vector<double>(st.velocity.data(), st.velocity.data() + st.velocity.size()));
    s.put(st.barrier_stiffness);
  }
  coupler.save(s);
  fs::create_directories(fs::path(path).parent_path());
  write_file_atomic(path, s.data());
}

void read_checkpoint(const std::string& path, World& w, Coupler& coupler) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open checkpoint");
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string data = ss.str();
  if (data.size() < 8 || std::memcmp(data.data(), kMagic, 8) != 0) throw InputError(path, "not a ripple checkpoint");
  BinaryReader r(data, path);
  r.skip(8);
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
  coupler.load(r);
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
