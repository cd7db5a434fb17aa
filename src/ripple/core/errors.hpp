#pragma once
// Typed exceptions. Library code never calls exit(); the app maps these to exit codes:
// InputError -> 2 (nothing simulated), SimulationError -> 3 (frames already written are kept).
#include <stdexcept>
#include <string>

namespace ripple {

/// Bad user input: malformed scene, missing file, out-of-range value. `where` names the
/// file and/or JSON pointer the problem was found at.
class InputError : public std::runtime_error {
 public:
  InputError(std::string where, const std::string& reason)
      : std::runtime_error(where.empty() ? reason : where + ": " + reason), where_(std::move(where)) {}
  const std::string& where() const { return where_; }

 private:
  std::string where_;
};

/// The simulation itself failed: non-finite state, diverging solver, exploding time step.
class SimulationError : public std::runtime_error {
 public:
  explicit SimulationError(const std::string& reason) : std::runtime_error(reason) {}
};

}  // namespace ripple
