// libFuzzer harness: the Gmsh tetrahedral mesh reader (io/gmsh_reader.hpp). Bad input must end
// in InputError; any other exception, a crash or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>

#include "fuzz_input.hpp"
#include "ripple/core/errors.hpp"
#include "ripple/io/gmsh_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    ripple::read_gmsh_tets(ripple::fuzz::write_input_file(data, size, "msh"));
  } catch (const ripple::InputError&) {
  }
  return 0;
}
