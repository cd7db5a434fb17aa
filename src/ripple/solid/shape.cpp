#include "ripple/solid/shape.hpp"

namespace ripple {

Aabb ShapeDesc::bounds() const {
  Aabb b;
  switch (kind) {
    case Kind::Box: b.extend(min); b.extend(max); break;
    case Kind::Sphere: b.extend(center - Vec3::Constant(radius)); b.extend(center + Vec3::Constant(radius)); break;
    case Kind::Mesh: b = mesh->bounds(); break;
  }
  return b;
}

Vec3 ShapeDesc::centroid() const {
  const Aabb b = bounds();
  return kind == Kind::Sphere ? center : Vec3(0.5 * (b.lo + b.hi));
}

}  // namespace ripple
