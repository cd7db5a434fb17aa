#pragma once
// Fast software rasteriser for preview images: z-buffered, flat-shaded triangles, a checkered
// floor, the domain's outline and, optionally, a density volume (smoke) ray-marched in front of
// the surfaces, and points. No GPU or display needed.
#include <optional>
#include <vector>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"
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

/// A density at cell centres drawn as absorbing, self-coloured smoke.
struct PreviewVolume {
  const ScalarGrid* density = nullptr;  ///< cell-centred, on `grid`
  GridGeometry grid;
  Vec3 color = Vec3(0.22, 0.24, 0.30);  ///< linear RGB of dense smoke
  double extinction = 10.0;             ///< 1/m per unit density
};

/// Points (marker particles) drawn as small depth-tested squares over everything else.
struct PreviewPoints {
  std::vector<Vec3> positions;  ///< m
  std::vector<Vec3> colors;     ///< linear RGB, one per point
  int radius_px = 1;            ///< half the square's side, in pixels
};

RgbImage render_preview(const std::vector<PreviewItem>& items, const Aabb& domain, const PreviewCamera& camera,
                        int width, int height, const PreviewVolume* volume = nullptr,
                        const PreviewPoints* points = nullptr);

}  // namespace ripple
