// libFuzzer harness: the checkpoint reader (sim/checkpoint.hpp) against four tiny worlds,
// built once from checkpoint_scenes/: liquid only (no coupling state), barrier and cut-cell
// (their Coupler::load, and the Lagrangian solid state), and a gas under the slip method (smoke
// and temperature grids). Each input is read into every world; the scene fingerprint turns away
// the three it was not written for, cheaply. Bad input must end
// in InputError; any other exception, a crash or a sanitizer report is a finding, and so is a
// read that succeeds with grids of another size than the scene's (the next step would index
// past them). The reader checks the grids against the sizes the world has, which a failed
// read may have changed; `ripple run` drops such a world (exit 2), so here the grids get
// their sizes back after each failed read.
//
// The file header carries the payload's length and CRC-32, which turn away nearly every
// mutated input before the state is parsed. So each input is read twice: as it is (the header
// checks), and with length and CRC made to match its payload (the state parser behind them).
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_input.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/sim/checkpoint.hpp"
#include "ripple/sim/scene_input.hpp"
#include "ripple/sim/world_setup.hpp"

namespace {

// The header as sim/checkpoint.cpp writes it: magic (8 bytes), version (u32), payload bytes
// (u64), payload CRC-32 (u32). If the format moves on, the repaired copy merely stops passing.
constexpr size_t kLengthAt = 12, kCrcAt = 20, kHeaderBytes = 24;

uint32_t crc32(const uint8_t* p, size_t n) {  // zlib's CRC-32 (reflected 0xEDB88320)
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return ~c;
}

/// The input with its header's length and CRC-32 set to match the bytes after the header.
std::string with_matching_header(const uint8_t* data, size_t size) {
  std::string out(reinterpret_cast<const char*>(data), size);
  if (size < kHeaderBytes) return out;
  const uint64_t bytes = size - kHeaderBytes;
  const uint32_t crc = crc32(data + kHeaderBytes, bytes);
  std::memcpy(out.data() + kLengthAt, &bytes, sizeof bytes);
  std::memcpy(out.data() + kCrcAt, &crc, sizeof crc);
  return out;
}

using Dims = std::array<int, 3>;

struct Target {
  std::unique_ptr<ripple::Scene> scene;  // World keeps a reference: its address must not move
  std::unique_ptr<ripple::World> world;
  std::unique_ptr<ripple::Coupler> coupler;
  std::vector<Dims> grid_dims;  // velocity components, phi, pressure, smoke, temperature at t = 0
};

std::vector<Dims> grid_dims(const ripple::World& w) {
  std::vector<Dims> d;
  for (const auto& u : w.liquid.velocity.u) d.push_back({u.nx(), u.ny(), u.nz()});
  d.push_back({w.liquid.phi.nx(), w.liquid.phi.ny(), w.liquid.phi.nz()});
  d.push_back({w.liquid.pressure.nx(), w.liquid.pressure.ny(), w.liquid.pressure.nz()});
  d.push_back({w.liquid.smoke.nx(), w.liquid.smoke.ny(), w.liquid.smoke.nz()});
  d.push_back({w.liquid.temperature.nx(), w.liquid.temperature.ny(), w.liquid.temperature.nz()});
  return d;
}

std::vector<Target> make_targets() {
  std::vector<Target> targets;
  for (const char* name : {"liquid", "barrier", "cutcell", "gas"}) {
    Target t;
    t.scene = std::make_unique<ripple::Scene>(
        ripple::load_scene_file(std::string(RIPPLE_SOURCE_DIR "/tests/fuzz/checkpoint_scenes/") + name + ".json"));
    t.world = std::make_unique<ripple::World>(*t.scene);
    t.coupler = ripple::initialise_world(*t.world);
    t.grid_dims = grid_dims(*t.world);
    targets.push_back(std::move(t));
  }
  return targets;
}

void restore_grid_sizes(ripple::World& w, const std::vector<Dims>& dims) {
  auto grids = {&w.liquid.velocity.u[0], &w.liquid.velocity.u[1], &w.liquid.velocity.u[2], &w.liquid.phi,
                &w.liquid.pressure, &w.liquid.smoke, &w.liquid.temperature};
  size_t k = 0;
  for (auto* g : grids) {
    const Dims& d = dims[k++];
    if (g->nx() != d[0] || g->ny() != d[1] || g->nz() != d[2]) g->resize(d[0], d[1], d[2]);
  }
}

void read_into_every_world(std::vector<Target>& targets, const std::string& path) {
  for (Target& t : targets) {
    try {
      ripple::read_checkpoint(path, *t.world, *t.coupler);
    } catch (const ripple::InputError&) {
      restore_grid_sizes(*t.world, t.grid_dims);
      continue;
    }
    if (grid_dims(*t.world) != t.grid_dims) {
      std::fprintf(stderr, "fuzz_checkpoint: a checkpoint with grids of another size than the scene's was accepted\n");
      std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static std::vector<Target> targets = make_targets();  // built once per process, on first use
  read_into_every_world(targets, ripple::fuzz::write_input_file(data, size, "ckpt"));
  const std::string repaired = with_matching_header(data, size);
  read_into_every_world(targets, ripple::fuzz::write_input_file(reinterpret_cast<const uint8_t*>(repaired.data()),
                                                                repaired.size(), "ckpt"));
  return 0;
}
