#pragma once
// The scene as `ripple` reads it: validated against the scene schema with every coupling
// method's settings block (coupling/coupler_factory.hpp), and checked against its method
// (which must be able to couple the scene's liquid and solids).
#include <string>

#include "ripple/scene/scene_loader.hpp"

namespace ripple {

/// Loads and checks the scene file at `path`.
Scene load_scene_file(const std::string& path, const SceneOverrides& overrides = {});

/// Builds and checks a scene from JSON in memory (relative mesh paths resolve against `base_dir`).
Scene build_scene(const nlohmann::json& input, const std::string& origin, const std::string& base_dir,
                  const SceneOverrides& overrides = {});

/// The scene format reference (Markdown; docs/scene-format.md is this text).
std::string scene_format_markdown();

/// The stats.jsonl reference (Markdown; docs/stats.md is this text).
std::string stats_format_markdown();

}  // namespace ripple
