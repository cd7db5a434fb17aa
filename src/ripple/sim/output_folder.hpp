#pragma once
// The output folder of a run: created on demand, and never mixed with another run's outputs
// (old frames beside new ones, an old checkpoint picked by a later --resume).
#include <string>
#include <vector>

namespace ripple {

/// The files and folders of a ripple run in `dir` (scene.resolved.json, stats.jsonl,
/// checkpoints/, <name>_NNNN.{ply,obj,png} frames), by name; empty if none.
std::vector<std::string> run_outputs_in(const std::string& dir);

/// Makes `dir` ready for a new run. Throws InputError (nothing deleted) if `dir` is a file,
/// cannot be created, or holds another run's outputs and `overwrite` is false; with
/// `overwrite`, deletes those outputs (and nothing else) first.
void prepare_output_folder(const std::string& dir, bool overwrite);

}  // namespace ripple
