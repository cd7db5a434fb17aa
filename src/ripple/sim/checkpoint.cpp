#include "ripple/sim/checkpoint.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/fluid/liquid_phases.hpp"
#include "ripple/io/binary_stream.hpp"
#include "ripple/io/mesh_writers.hpp"

namespace ripple {
namespace fs = std::filesystem;

namespace {

constexpr char kMagic[8] = {'R', 'I', 'P', 'P', 'L', 'E', 'C', 'K'};
// 9: a gas's smoke and temperature grids; 8: a header with the payload's length and CRC-32;
// 7: the coupling method's block (Coupler::save) after the common state.
constexpr uint32_t kVersion = 10;
// magic, version, payload bytes (u64), payload CRC-32 (u32)
constexpr size_t kHeaderBytes = 8 + 4 + 8 + 4;

uint32_t crc32_of(const char* bytes, size_t n) {
  uLong crc = crc32(0L, Z_NULL, 0);
  while (n > 0) {  // zlib takes at most a uInt per call
    const uInt chunk = static_cast<uInt>(std::min<size_t>(n, 1u << 30));
    crc = crc32(crc, reinterpret_cast<const Bytef*>(bytes), chunk);
    bytes += chunk;
    n -= chunk;
  }
  return static_cast<uint32_t>(crc);
}

std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open checkpoint");
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The payload of a checkpoint file after its header has been checked: magic, version, length
/// and checksum, before anything in it is trusted.
std::string verified_payload(const std::string& path, const std::string& data) {
  if (data.size() < 8 || std::memcmp(data.data(), kMagic, 8) != 0) throw InputError(path, "not a ripple checkpoint");
  BinaryReader header(data, path);
  header.skip(8);
  const uint32_t version = header.get<uint32_t>();
  if (version != kVersion)
    throw InputError(path, "checkpoint format version " + std::to_string(version) + " (this ripple reads version " +
                               std::to_string(kVersion) + "): rerun the scene without --resume");
  const uint64_t bytes = header.get<uint64_t>();
  const uint32_t crc = header.get<uint32_t>();
  if (bytes != data.size() - kHeaderBytes)
    throw InputError(path, "checkpoint is truncated or corrupt: its header announces " + std::to_string(bytes) +
                               " bytes of state, the file holds " + std::to_string(data.size() - kHeaderBytes));
  if (crc32_of(data.data() + kHeaderBytes, bytes) != crc)
    throw InputError(path, "checkpoint is corrupt: its CRC-32 checksum does not match its contents");
  return data.substr(kHeaderBytes);
}

int frame_of_checkpoint(const fs::path& p) {
  const std::string stem = p.stem().string();  // frame_0012 or frame_0012_interrupted
  try {
    return std::stoi(stem.substr(6));
  } catch (const std::exception&) {
    return -1;
  }
}

bool is_checkpoint_file(const fs::path& p) {
  return p.filename().string().rfind("frame_", 0) == 0 && p.extension() == ".ckpt";
}

}  // namespace

uint64_t scene_fingerprint(const Scene& scene) {
  nlohmann::json j = scene.resolved;
  j.erase("output");
  // Only what is written changes with the exported surface's volume control: a run can be
  // resumed with it switched.
  if (j.contains("fluid") && j["fluid"].is_object()) j["fluid"].erase("surface_volume");
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
  s.put(scene_fingerprint(w.scene));
  s.put<int32_t>(w.frame);
  s.put(w.time);
  s.put<int64_t>(w.steps);
  for (const auto& u : w.liquid.velocity.u) s.put_grid(u);
  s.put_grid(w.liquid.phi);
  s.put_grid(w.liquid.pressure);
  s.put_grid(w.liquid.smoke);
  s.put_grid(w.liquid.temperature);
  s.put_vec(w.liquid.particles.x);
  s.put_vec(w.liquid.particles.v);
  s.put_vec(w.liquid.particles.c);
  s.put<uint8_t>(w.liquid.phi_matches_particles ? 1 : 0);
  s.put_vec(w.flows.record.emitted);
  s.put_vec(w.flows.record.emitted_until);
  s.put_vec(w.flows.record.drained);
  if (w.lagrangian) {
    const SolidState& st = w.lagrangian->state;
    s.put_vec(std::vector<double>(st.z.data(), st.z.data() + st.z.size()));
    s.put_vec(std::vector<double>(st.velocity.data(), st.velocity.data() + st.velocity.size()));
    s.put(st.barrier_stiffness);
  }
  coupler.save(s);
  BinaryWriter header;
  header.put_bytes(kMagic, 8);
  header.put(kVersion);
  header.put<uint64_t>(s.data().size());
  header.put(crc32_of(s.data().data(), s.data().size()));
  fs::create_directories(fs::path(path).parent_path());
  write_file_atomic(path, header.data() + s.data());
}

void verify_checkpoint(const std::string& path) { verified_payload(path, read_whole_file(path)); }

void read_checkpoint(const std::string& path, World& w, Coupler& coupler) {
  const std::string data = verified_payload(path, read_whole_file(path));
  BinaryReader r(data, path);
  if (r.get<uint64_t>() != scene_fingerprint(w.scene))
    throw InputError(path, "checkpoint was written by a different scene (physics settings differ)");
  w.frame = r.get<int32_t>();
  w.time = r.get<double>();
  w.steps = r.get<int64_t>();
  if (w.frame < 0 || !(w.time >= 0.0) || w.steps < 0) r.fail("checkpoint clock is invalid (corrupt file)");
  // The grids must keep the sizes the scene gave them (empty without liquid): permuted sizes
  // with the same cell count passed before, and the next step indexed past them
  // (tests/fuzz/regressions/checkpoint).
  const auto get_same_size_grid = [&r](auto& g) {
    const int64_t nx = g.nx(), ny = g.ny(), nz = g.nz();
    r.get_grid(g);
    if (g.nx() != nx || g.ny() != ny || g.nz() != nz) r.fail("checkpoint grid size differs from the scene's (corrupt file)");
  };
  for (auto& u : w.liquid.velocity.u) get_same_size_grid(u);
  get_same_size_grid(w.liquid.phi);
  get_same_size_grid(w.liquid.pressure);
  get_same_size_grid(w.liquid.smoke);
  get_same_size_grid(w.liquid.temperature);
  r.get_vec(w.liquid.particles.x);
  r.get_vec(w.liquid.particles.v);
  r.get_vec(w.liquid.particles.c);
  w.liquid.phi_matches_particles = r.get<uint8_t>() != 0;
  {
    LiquidFlowRecord& f = w.flows.record;
    const size_t emitters = f.emitted.size(), drains = f.drained.size();
    r.get_vec(f.emitted);
    r.get_vec(f.emitted_until);
    r.get_vec(f.drained);
    if (f.emitted.size() != emitters || f.emitted_until.size() != emitters || f.drained.size() != drains)
      r.fail("checkpoint emitters and drains differ from the scene's (corrupt file)");
  }
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
  if (!r.at_end()) r.fail("checkpoint holds bytes after its state (corrupt file)");
  if (w.lagrangian && (!w.lagrangian->state.z.allFinite() || !w.lagrangian->state.velocity.allFinite()))
    r.fail("checkpoint solid state is not finite (corrupt file)");
  // What the state implies between steps: the moving obstacles where the last step left them
  // (the world was built at t = 0), then what the method derives.
  PhaseTimings unused;
  move_obstacles(w, w.time, unused);
  coupler.after_load(w);
}

std::vector<std::string> checkpoints_newest_first(const std::string& output_dir) {
  const fs::path dir = fs::path(output_dir) / "checkpoints";
  std::vector<std::string> found;
  if (!fs::is_directory(dir)) return found;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file() && is_checkpoint_file(e.path())) found.push_back(e.path().string());
  // frame_0012_interrupted.ckpt (mid-frame 13) sorts after frame_0012.ckpt: '.' < '_'.
  std::sort(found.begin(), found.end(), [](const std::string& a, const std::string& b) {
    const int fa = frame_of_checkpoint(a), fb = frame_of_checkpoint(b);
    return fa != fb ? fa > fb : fs::path(a).filename().string() > fs::path(b).filename().string();
  });
  return found;
}

std::optional<std::string> latest_checkpoint(const std::string& output_dir) {
  const auto all = checkpoints_newest_first(output_dir);
  if (all.empty()) return std::nullopt;
  return all.front();
}

std::optional<std::string> newest_good_checkpoint_before(const std::string& output_dir, const std::string& bad) {
  bool past = false;
  for (const std::string& c : checkpoints_newest_first(output_dir)) {
    if (past) {
      try {
        verify_checkpoint(c);
        return c;
      } catch (const InputError&) {
      }
    }
    if (fs::path(c).filename() == fs::path(bad).filename()) past = true;
  }
  return std::nullopt;
}

void prune_checkpoints(const std::string& output_dir, int keep) {
  if (keep <= 0) return;
  const auto all = checkpoints_newest_first(output_dir);
  std::error_code ec;  // a checkpoint that cannot be removed costs only disk space
  for (size_t i = static_cast<size_t>(keep); i < all.size(); ++i) fs::remove(all[i], ec);
}

void remove_checkpoints_after(const std::string& output_dir, const std::string& resumed) {
  std::error_code ec;
  for (const std::string& c : checkpoints_newest_first(output_dir)) {
    if (fs::path(c).filename() == fs::path(resumed).filename()) return;
    fs::remove(c, ec);
  }
}

}  // namespace ripple
