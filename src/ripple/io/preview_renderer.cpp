#include "ripple/io/preview_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ripple/core/parallel.hpp"
#include "ripple/grid/interpolation.hpp"

namespace ripple {

PreviewCamera preview_camera(const Aabb& domain, const std::optional<Vec3>& position, const std::optional<Vec3>& look_at,
                             double fov_degrees) {
  PreviewCamera cam;
  const Vec3 lo = domain.lo, hi = domain.hi;
  const Vec3 center = 0.5 * (lo + hi);
  cam.fov_degrees = fov_degrees;
  cam.target = look_at.value_or(center);
  if (position) {
    cam.eye = *position;
  } else {
    const double radius = 0.5 * (hi - lo).norm();
    const double dist = 0.85 * radius / std::tan(0.5 * cam.fov_degrees * M_PI / 180.0);
    cam.eye = cam.target + dist * Vec3(0.35, 0.45, 1.0).normalized();
  }
  return cam;
}

namespace {

struct Projected {
  double x, y, inv_z;
  bool ok;
};

struct View {
  Vec3 eye, right, up, forward;
  double focal, cx, cy;
  Projected project(const Vec3& p) const {
    const Vec3 d = p - eye;
    const double z = d.dot(forward);
    if (z < 1e-6) return {0, 0, 0, false};
    return {cx + focal * d.dot(right) / z, cy - focal * d.dot(up) / z, 1.0 / z, true};
  }
};

// Emission-absorption along each pixel's ray through the grid's box, up to the nearest opaque
// surface, half a cell per step: the smoke's colour over what lies behind, by its opacity.
void ray_march_volume(const PreviewVolume& vol, const View& v, const std::vector<double>& depth, int width, int height,
                      std::vector<Vec3>& color) {
  const GridGeometry& g = vol.grid;
  const Vec3 lo = g.origin, hi = g.upper();
  const double h = 0.5 * g.dx;
  parallel_for(0, height, [&](int64_t py) {
    for (int px = 0; px < width; ++px) {
      const Vec3 dir = (v.focal * v.forward + (px + 0.5 - v.cx) * v.right - (py + 0.5 - v.cy) * v.up).normalized();
      double t0 = 0.0, t1 = std::numeric_limits<double>::infinity();
      for (int a = 0; a < 3; ++a) {
        if (std::abs(dir[a]) < 1e-12) {
          if (v.eye[a] < lo[a] || v.eye[a] > hi[a]) t1 = -1.0;
          continue;
        }
        double ta = (lo[a] - v.eye[a]) / dir[a], tb = (hi[a] - v.eye[a]) / dir[a];
        if (ta > tb) std::swap(ta, tb);
        t0 = std::max(t0, ta);
        t1 = std::min(t1, tb);
      }
      const size_t pix = static_cast<size_t>(py * width + px);
      if (depth[pix] > 0.0) t1 = std::min(t1, 1.0 / (depth[pix] * dir.dot(v.forward)));
      if (!(t1 > t0)) continue;
      double transmit = 1.0;
      Vec3 glow = Vec3::Zero();
      for (double t = t0 + 0.5 * h; t < t1 && transmit > 1e-3; t += h) {
        const double rho = sample(*vol.density, g, cell_sample_offset(), Vec3(v.eye + t * dir));
        if (rho <= 0.0) continue;
        const double a = 1.0 - std::exp(-vol.extinction * rho * std::min(h, t1 - t + 0.5 * h));
        glow += transmit * a * vol.color;
        transmit *= 1.0 - a;
      }
      color[pix] = glow + transmit * color[pix];
    }
  });
}

Vec3 background(double t) { return (1 - t) * Vec3(0.93, 0.95, 0.98) + t * Vec3(0.62, 0.70, 0.80); }

}  // namespace

RgbImage render_preview(const std::vector<PreviewItem>& items, const Aabb& domain, const PreviewCamera& camera,
                        int width, int height, const PreviewVolume* volume, const PreviewPoints* points) {
  View v;
  v.eye = camera.eye;
  v.forward = (camera.target - camera.eye).normalized();
  Vec3 world_up(0, 1, 0);
  if (std::abs(v.forward.dot(world_up)) > 0.99) world_up = Vec3(0, 0, -1);
  v.right = v.forward.cross(world_up).normalized();
  v.up = v.right.cross(v.forward);
  v.focal = 0.5 * height / std::tan(0.5 * camera.fov_degrees * M_PI / 180.0);
  v.cx = 0.5 * width;
  v.cy = 0.5 * height;

  std::vector<Vec3> color(static_cast<size_t>(width * height));
  std::vector<double> depth(static_cast<size_t>(width * height), 0.0);  // stores 1/z; larger is nearer
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) color[static_cast<size_t>(y * width + x)] = background(static_cast<double>(y) / height);

  const Vec3 light = Vec3(0.4, 1.0, 0.6).normalized();
  // Floor of the domain as two checkered triangles.
  TriangleMesh floor;
  floor.vertices = {{domain.lo.x(), domain.lo.y(), domain.lo.z()}, {domain.hi.x(), domain.lo.y(), domain.lo.z()},
                    {domain.hi.x(), domain.lo.y(), domain.hi.z()}, {domain.lo.x(), domain.lo.y(), domain.hi.z()}};
  floor.triangles = {{0, 2, 1}, {0, 3, 2}};
  struct Layer {
    const TriangleMesh* mesh;
    Vec3 base;
    double opacity;
  };
  std::vector<Layer> all;
  all.push_back({&floor, Vec3(-1, -1, -1), 1.0});  // negative colour marks the checkered floor
  for (const auto& it : items) all.push_back({it.mesh, it.color, it.opacity});
  // Translucent surfaces: the nearest one per pixel, blended over the opaque image at the end.
  std::vector<double> glass_depth(static_cast<size_t>(width * height), 0.0);
  std::vector<Vec3> glass_color(static_cast<size_t>(width * height), Vec3::Zero());
  std::vector<double> glass_alpha(static_cast<size_t>(width * height), 0.0);
  const double checker = std::max((domain.hi - domain.lo).maxCoeff() / 16.0, 1e-9);

  constexpr int kBands = 16;
  parallel_for(0, kBands, [&](int64_t band) {
    const int y0 = static_cast<int>(band * height / kBands), y1 = static_cast<int>((band + 1) * height / kBands);
    for (const Layer& layer : all) {
      const TriangleMesh* mesh = layer.mesh;
      const Vec3& base = layer.base;
      const bool glass = layer.opacity < 1.0;
      for (const auto& t : mesh->triangles) {
        const Vec3 &A = mesh->vertices[t[0]], &B = mesh->vertices[t[1]], &C = mesh->vertices[t[2]];
        const Projected a = v.project(A), b = v.project(B), c = v.project(C);
        if (!a.ok || !b.ok || !c.ok) continue;
        const double miny = std::min({a.y, b.y, c.y}), maxy = std::max({a.y, b.y, c.y});
        if (maxy < y0 || miny >= y1) continue;
        const double area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
        if (std::abs(area) < 1e-12) continue;
        Vec3 n = (B - A).cross(C - A);
        if (n.norm() == 0) continue;
        n.normalize();
        if (n.dot(v.eye - A) < 0) n = -n;  // two-sided lighting
        const double diffuse = std::max(0.0, n.dot(light));
        const Vec3 half = (light + (v.eye - A).normalized()).normalized();
        const double spec = std::pow(std::max(0.0, n.dot(half)), 40.0);
        const int xa = std::max(0, static_cast<int>(std::floor(std::min({a.x, b.x, c.x}))));
        const int xb = std::min(width - 1, static_cast<int>(std::ceil(std::max({a.x, b.x, c.x}))));
        const int ya = std::max(y0, static_cast<int>(std::floor(miny)));
        const int yb = std::min(y1 - 1, static_cast<int>(std::ceil(maxy)));
        for (int py = ya; py <= yb; ++py)
          for (int px = xa; px <= xb; ++px) {
            const double sx = px + 0.5, sy = py + 0.5;
            const double w0 = ((b.x - sx) * (c.y - sy) - (c.x - sx) * (b.y - sy)) / area;
            const double w1 = ((c.x - sx) * (a.y - sy) - (a.x - sx) * (c.y - sy)) / area;
            const double w2 = 1.0 - w0 - w1;
            if (w0 < 0 || w1 < 0 || w2 < 0) continue;
            const double iz = w0 * a.inv_z + w1 * b.inv_z + w2 * c.inv_z;
            const size_t pix = static_cast<size_t>(py * width + px);
            if (glass) {
              if (iz <= glass_depth[pix]) continue;
              glass_depth[pix] = iz;
              glass_color[pix] = base * (0.30 + 0.70 * diffuse) + Vec3::Constant(0.35 * spec);
              glass_alpha[pix] = layer.opacity;
              continue;
            }
            if (iz <= depth[pix]) continue;
            depth[pix] = iz;
            Vec3 col;
            if (base.x() < 0) {
              const Vec3 P = (w0 * a.inv_z * A + w1 * b.inv_z * B + w2 * c.inv_z * C) / iz;
              const int cx = static_cast<int>(std::floor((P.x() - domain.lo.x()) / checker));
              const int cz = static_cast<int>(std::floor((P.z() - domain.lo.z()) / checker));
              col = ((cx + cz) & 1) ? Vec3(0.78, 0.78, 0.76) : Vec3(0.68, 0.68, 0.66);
            } else {
              col = base * (0.30 + 0.70 * diffuse) + Vec3::Constant(0.35 * spec);
            }
            color[pix] = col;
          }
      }
    }
  }, 1);

  for (size_t pix = 0; pix < color.size(); ++pix)
    if (glass_depth[pix] > depth[pix])
      color[pix] = glass_alpha[pix] * glass_color[pix] + (1.0 - glass_alpha[pix]) * color[pix];

  if (volume && volume->density && volume->density->size() > 0) ray_march_volume(*volume, v, depth, width, height, color);
  if (points)
    for (size_t i = 0; i < points->positions.size(); ++i) {
      const Projected q = v.project(points->positions[i]);
      if (!q.ok || !(q.x > -1.0 && q.x < width + 1.0 && q.y > -1.0 && q.y < height + 1.0)) continue;
      const int cx = static_cast<int>(std::floor(q.x)), cy = static_cast<int>(std::floor(q.y)), r = points->radius_px;
      for (int py = std::max(0, cy - r); py <= std::min(height - 1, cy + r); ++py)
        for (int px = std::max(0, cx - r); px <= std::min(width - 1, cx + r); ++px) {
          const size_t pix = static_cast<size_t>(py * width + px);
          if (q.inv_z * (1 + 1e-4) >= depth[pix]) color[pix] = points->colors[i];
        }
    }

  // Domain outline (depth-tested lines).
  const Vec3 lo = domain.lo, hi = domain.hi;
  auto corner = [&](int c) { return Vec3(c & 1 ? hi.x() : lo.x(), c & 2 ? hi.y() : lo.y(), c & 4 ? hi.z() : lo.z()); };
  const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  for (const auto& e : edges) {
    const Projected p0 = v.project(corner(e[0])), p1 = v.project(corner(e[1]));
    if (!p0.ok || !p1.ok) continue;
    const int steps = static_cast<int>(std::max(std::abs(p1.x - p0.x), std::abs(p1.y - p0.y))) + 1;
    for (int s = 0; s <= steps; ++s) {
      const double t = static_cast<double>(s) / steps;
      const int px = static_cast<int>(p0.x + t * (p1.x - p0.x)), py = static_cast<int>(p0.y + t * (p1.y - p0.y));
      if (px < 0 || py < 0 || px >= width || py >= height) continue;
      const double iz = (1 - t) * p0.inv_z + t * p1.inv_z;
      const size_t pix = static_cast<size_t>(py * width + px);
      if (iz * (1 + 1e-3) >= depth[pix]) color[pix] = Vec3(0.25, 0.25, 0.3);
    }
  }
  RgbImage img(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const Vec3 c = color[static_cast<size_t>(y * width + x)].cwiseMax(0.0).cwiseMin(1.0);
      uint8_t* px = img.at(x, y);
      for (int k = 0; k < 3; ++k) px[k] = static_cast<uint8_t>(std::lround(255.0 * std::pow(c[k], 1.0 / 1.6)));
    }
  return img;
}

}  // namespace ripple
