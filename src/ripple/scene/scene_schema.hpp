#pragma once
#include "ripple/scene/schema.hpp"

namespace ripple {

/// The ripple scene schema (built once per call; cheap).
SchemaNode scene_schema();

}  // namespace ripple
