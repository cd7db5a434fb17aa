#pragma once
// The `ripple` command's exit codes (README, "The command").
namespace ripple {

constexpr int kExitInput = 2;             ///< invalid input: nothing simulated
constexpr int kExitSimulation = 3;        ///< a simulation failed; frames already written are kept
constexpr int kExitSignalBase = 128;      ///< + the signal: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP

}  // namespace ripple
