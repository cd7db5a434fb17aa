#include "ripple/sim/frame_output.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "ripple/core/parallel.hpp"
#include "ripple/grid/marching_tetrahedra.hpp"
#include "ripple/grid/surface_smoothing.hpp"
#include "ripple/io/mesh_writers.hpp"
#include "ripple/io/preview_renderer.hpp"

namespace ripple {
namespace fs = std::filesystem;

std::string frame_file(const std::string& prefix, int frame, const std::string& ext) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d", frame);
  return prefix + "_" + buf + "." + ext;
}

LiquidMeasures measure_liquid(World& w) {
  refresh_level_set(w);
  LiquidMeasures m;
  const LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  m.surface = liquid_surface_mesh(L.phi, g);
  m.volume = m.surface.signed_volume();
  m.bbox = m.surface.bounds();
  // Kinetic energy on faces, weighted by the liquid share of the two adjacent cells.
  const double rho_v = 0.5 * w.scene.fluid.density * g.dx * g.dx * g.dx;
  double ke = 0.0, vmax = 0.0;
  for (int a = 0; a < 3; ++a) {
    const ScalarGrid& u = L.velocity.u[a];
    ke += parallel_sum(0, u.size(), [&](int64_t idx) {
      const Vec3i f = u.coords(idx);
      Vec3i lo = f;
      lo[a] -= 1;
      double share = 0.0;
      if (L.phi.in_range(lo.x(), lo.y(), lo.z()) && L.phi(lo.x(), lo.y(), lo.z()) < 0) share += 0.5;
      if (L.phi.in_range(f.x(), f.y(), f.z()) && L.phi(f.x(), f.y(), f.z()) < 0) share += 0.5;
      return share * u[idx] * u[idx];
    });
  }
  m.kinetic_energy = rho_v * ke;
  const auto& p = L.particles;
  if (p.size() > 0) {
    vmax = parallel_max(0, static_cast<int64_t>(p.size()), 0.0, [&](int64_t q) { return static_cast<double>(p.v[q].norm()); });
  } else {
    // Cell-centred speed in liquid cells.
    vmax = parallel_max(0, L.phi.size(), 0.0, [&](int64_t c) {
      if (L.phi[c] >= 0) return 0.0;
      const Vec3i I = L.phi.coords(c);
      Vec3 v;
      for (int a = 0; a < 3; ++a) {
        Vec3i hi = I;
        hi[a] += 1;
        v[a] = 0.5 * (L.velocity.u[a](I.x(), I.y(), I.z()) + L.velocity.u[a](hi.x(), hi.y(), hi.z()));
      }
      return v.norm();
    });
  }
  m.max_speed = vmax;
  return m;
}

nlohmann::json write_frame(World& w, const std::string& out_dir, const FrameLog& log, double initial_volume,
                           LiquidMeasures& m) {
  const Scene& s = w.scene;
  const auto t0 = std::chrono::steady_clock::now();
  m = measure_liquid(w);
  if (s.output.surface_smoothing > 0) {
    Aabb walls;
    walls.extend(s.grid.origin);
    walls.extend(s.grid.upper());
    taubin_smooth(m.surface, s.output.surface_smoothing, walls);
  }
  const fs::path dir(out_dir);
  if (s.output.liquid_mesh) {
    if (s.output.write_ply) write_ply((dir / frame_file("liquid", w.frame, "ply")).string(), m.surface);
    if (s.output.write_obj) write_obj((dir / frame_file("liquid", w.frame, "obj")).string(), m.surface);
  }
  std::vector<TriangleMesh> solid_meshes;
  for (size_t i = 0; i < w.obstacles.size(); ++i) solid_meshes.push_back(w.obstacles.surface(i, w.time));
  if (s.output.solid_meshes)
    for (size_t i = 0; i < solid_meshes.size(); ++i) {
      if (!w.obstacles.any_kinematic() && w.frame > 0) break;  // static solids: frame 0 only
      const std::string prefix = "solid_" + w.obstacles.name(i);
      if (s.output.write_ply) write_ply((dir / frame_file(prefix, w.frame, "ply")).string(), solid_meshes[i]);
      if (s.output.write_obj) write_obj((dir / frame_file(prefix, w.frame, "obj")).string(), solid_meshes[i]);
    }
  const double mesh_seconds = seconds_since(t0);
  double preview_seconds = 0.0;
  if (s.output.preview && w.frame % s.output.preview_every == 0) {
    const auto t1 = std::chrono::steady_clock::now();
    std::vector<PreviewItem> items;
    items.push_back({&m.surface, Vec3(0.15, 0.45, 0.85)});
    for (const auto& sm : solid_meshes) items.push_back({&sm, Vec3(0.85, 0.55, 0.30)});
    Aabb domain;
    domain.extend(s.grid.origin);
    domain.extend(s.grid.upper());
    const RgbImage img = render_preview(items, domain, preview_camera(s), s.output.preview_width, s.output.preview_height);
    write_png((dir / frame_file("preview", w.frame, "png")).string(), img);
    preview_seconds = seconds_since(t1);
  }
  nlohmann::json j;
  j["frame"] = w.frame;
  j["time"] = w.time;
  j["substeps"] = log.substeps;
  j["fluid_volume"] = m.volume;
  j["fluid_volume_change"] = initial_volume > 0 ? (m.volume - initial_volume) / initial_volume : 0.0;
  j["fluid_kinetic_energy"] = m.kinetic_energy;
  j["max_fluid_speed"] = m.max_speed;
  if (m.bbox.empty()) j["fluid_bbox"] = nullptr;
  else
    j["fluid_bbox"] = {{"min", {m.bbox.lo.x(), m.bbox.lo.y(), m.bbox.lo.z()}},
                       {"max", {m.bbox.hi.x(), m.bbox.hi.y(), m.bbox.hi.z()}}};
  j["particles"] = w.liquid.particles.size();
  j["particles_removed"] = log.particles_removed;
  j["pressure_iterations"] = log.pressure_iterations;
  j["pressure_iterations_max"] = log.pressure_iterations_max;
  j["pressure_residual"] = log.pressure_residual_max;
  j["pressure_unconverged"] = log.unconverged_solves;
  j["wall_separation_solves"] = log.separation_rounds;
  j["wall_separation_cells_max"] = log.released_cells_max;
  nlohmann::json t = log.timings;
  t["output_meshes"] = mesh_seconds;
  t["output_preview"] = preview_seconds;
  j["timings"] = t;
  return j;
}

}  // namespace ripple
