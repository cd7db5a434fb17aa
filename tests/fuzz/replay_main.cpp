// Replays saved inputs through a fuzz harness without libFuzzer, so every build (GCC too) runs
// the seed corpora and the crash regressions as ordinary tests:
//   fuzz_<harness>_replay DIR_OR_FILE...
// Folders are read in name order; a missing folder is skipped (a harness may have no saved
// crashes yet). A crash, a sanitizer report or an exception the harness lets through fails the
// test; no input at all is an error too (a wrong path would otherwise pass).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> inputs;
  for (int a = 1; a < argc; ++a) {
    const fs::path p(argv[a]);
    if (fs::is_directory(p)) {
      std::vector<fs::path> found;
      for (const auto& e : fs::directory_iterator(p))
        if (e.is_regular_file()) found.push_back(e.path());
      std::sort(found.begin(), found.end());
      inputs.insert(inputs.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p)) {
      inputs.push_back(p);
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "replay: no input files found\n");
    return 1;
  }
  for (const fs::path& p : inputs) {
    std::printf("replay: %s\n", p.string().c_str());
    std::fflush(stdout);  // the name is out before a crash
    std::ifstream in(p, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replay: %zu inputs, no failure\n", inputs.size());
  return 0;
}
