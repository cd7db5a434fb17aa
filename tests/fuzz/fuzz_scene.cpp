// libFuzzer harness: scene text through the whole input path of `ripple run`: JSON parse,
// schema validation with every method's settings, typed Scene (solids built, meshes read) and
// the method's check (sim/scene_input.hpp). Bad input must end in InputError; any other
// exception, a crash or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "ripple/core/errors.hpp"
#include "ripple/sim/scene_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    // Relative mesh paths resolve as in scenes/cutcell, so seeds that name meshes/torus.obj
    // reach the mesh readers.
    ripple::build_scene(ripple::parse_json_text(text, "fuzz.json"), "fuzz.json", RIPPLE_SOURCE_DIR "/scenes/cutcell");
  } catch (const ripple::InputError&) {
  }
  return 0;
}
