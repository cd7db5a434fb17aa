#pragma once
// Reads, validates and types a scene against the scene schema for the given coupling methods
// (sim/scene_input.hpp passes the factory's). All problems raise InputError naming the file and
// the JSON pointer.
#include <string>
#include <utility>
#include <vector>

#include "ripple/scene/scene.hpp"
#include "ripple/scene/scene_schema.hpp"

namespace ripple {

/// `--set /pointer=value` overrides applied before validation (value parsed as JSON, or
/// taken as a string if it is not valid JSON).
using SceneOverrides = std::vector<std::pair<std::string, std::string>>;

/// Parses JSON text; syntax errors name `origin` with line and column.
nlohmann::json parse_json_text(const std::string& text, const std::string& origin);

/// Loads the scene file at `path`.
Scene read_scene_file(const std::string& path, const std::vector<CouplingSchema>& methods,
                      const SceneOverrides& overrides = {});

/// Builds a scene from JSON in memory (relative mesh paths resolve against `base_dir`).
Scene read_scene_json(const nlohmann::json& input, const std::string& origin, const std::string& base_dir,
                      const std::vector<CouplingSchema>& methods, const SceneOverrides& overrides = {});

/// Rough peak memory (bytes) a run of this scene needs.
double estimate_memory_bytes(const Scene& scene);

/// The memory the system has available now (bytes, MemAvailable of /proc/meminfo); 0 if unknown.
double available_memory_bytes();

/// Refuses (InputError at /domain) a scene whose run would need more than 80 % of the memory
/// available, before anything is allocated; called once the liquid's representation is final.
void check_memory_fits(const Scene& scene);

}  // namespace ripple
