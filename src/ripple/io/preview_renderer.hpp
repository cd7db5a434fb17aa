#pragma once
// Fast software rasteriser for preview images: z-buffered, flat-shaded triangles, a checkered
// floor and the domain's outline. No GPU or display needed.
#include <optional>
#include <vector>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/io/png_writer.hpp"

namespace ripple {

struct PreviewCamera {
  Vec3 eye, target;
  double fov_degrees = 40.0;
};

/// A camera at `position` looking at `look_at` (m) where given; else looking at the domain box's
/// centre from the front, right and above, far enough to see all of it.
PreviewCamera preview_camera(const Aabb& domain, const std::optional<Vec3>& position, const std::optional<Vec3>& look_at,
                             double fov_degrees);

struct PreviewItem {
  const TriangleMesh* mesh;
  Vec3 color;            ///< linear RGB in [0, 1]
  double opacity = 1.0;  ///< below 1: the nearest such surface is blended over what lies behind it
};

RgbImage render_preview(const std::vector<PreviewItem>& items, const Aabb& domain, const PreviewCamera& camera,
                        int width, int height);

}  // namespace ripple
