#pragma once
// Schema of the Lagrangian solids (entries of `solids` with type shell, rod, volume, rigid),
// of the `contact` section and of `solver.newton`.
#include "ripple/scene/schema.hpp"

namespace ripple {

std::vector<std::pair<std::string, SchemaNode>> lagrangian_solid_variants();
SchemaNode contact_schema();
/// `rotation` {axis, degrees}: an initial rotation about the centre of the bounding box
/// (Lagrangian solids and obstacles alike).
SchemaNode rotation_schema(const std::string& doc);
SchemaNode newton_schema();
/// `keyframes` and `interpolation`: a path through poses of `centre_doc` for `what` (an
/// obstacle, a pinned group), instead of its `velocity` and `angular_velocity`.
std::vector<std::pair<std::string, SchemaNode>> path_keyframe_fields(const std::string& what,
                                                                     const std::string& centre_doc);

}  // namespace ripple
