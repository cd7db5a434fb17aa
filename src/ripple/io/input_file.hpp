#pragma once
// Opening a user's input file with a message that says what is wrong with the path: missing,
// a directory, or unreadable (rather than a parser's complaint about empty content).
#include <fstream>
#include <string>

namespace ripple {

/// Opens `path` for reading; throws InputError naming the path and `what` it should be
/// ("scene file", "mesh file") when it does not exist, is a directory, or cannot be read.
std::ifstream open_input_file(const std::string& path, const std::string& what);

}  // namespace ripple
