#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ripple/scene/schema.hpp"

namespace ripple {

/// What the scene format knows of one coupling method: its name (a value of coupling.method),
/// one sentence for the reference, and the schema of its settings block coupling.<name>, if
/// it has one. The methods themselves supply these (coupling/coupler_factory.hpp).
struct CouplingSchema {
  std::string name;
  std::string summary;
  std::optional<SchemaNode> settings;
};

/// The ripple scene schema for these coupling methods (the first is the default).
SchemaNode scene_schema(const std::vector<CouplingSchema>& methods);

}  // namespace ripple
