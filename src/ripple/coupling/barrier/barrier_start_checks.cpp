#include "ripple/coupling/barrier/barrier_start_checks.hpp"

#include <algorithm>
#include <sstream>

#include "ripple/core/errors.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"

namespace ripple {

std::vector<uint8_t> liquid_coupled_vertices(const World& w) {
  if (!w.lagrangian) return {};
  const SolidModel& m = w.lagrangian->model;
  std::vector<uint8_t> mask(static_cast<size_t>(m.num_vertices), 0);
  for (int b : w.lagrangian->scene_bodies) {
    const SolidBodyInfo& info = m.bodies[b];
    for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v) mask[v] = 1;
  }
  return mask;
}

void check_solids_start_outside_liquid(const World& w) {
  if (!w.lagrangian || !w.has_liquid()) return;
  const SolidWorld& sw = *w.lagrangian;
  const SolidModel& m = sw.model;
  const VectorX x = m.positions(sw.state.z);
  for (size_t i = 0; i < sw.scene_bodies.size(); ++i) {
    const SolidBodyInfo& info = m.bodies[sw.scene_bodies[i]];
    std::vector<uint8_t> mask(static_cast<size_t>(m.num_vertices), 0);
    for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v) mask[v] = 1;
    const PenetrationReport r = check_penetration(w.liquid.grid, w.liquid.phi, m.collision, x, mask);
    if (r.penetrating == 0) continue;
    // Name the scene entry: simulated solids follow the obstacles in the scene's solid list
    // only by name, so report the name.
    std::ostringstream os;
    os << "solid \"" << info.name << "\" starts with " << r.penetrating << " of its " << info.num_vertices
       << " vertices inside the liquid (deepest " << -r.min_distance
       << " m, thickness included); coupling \"barrier\" needs every shell, rod and body to start outside "
          "the liquid: move it or shrink the liquid region";
    throw InputError(w.scene.source_path + ": /solids (" + info.name + ")", os.str());
  }
}

std::vector<std::string> barrier_resolution_warnings(const World& w, const BarrierSettings& settings) {
  std::vector<std::string> out;
  if (!w.lagrangian || !w.has_liquid()) return out;
  const SolidModel& m = w.lagrangian->model;
  const VectorX x = m.positions(w.lagrangian->state.z);
  const double dx = w.liquid.grid.dx;
  std::vector<double> longest(m.bodies.size(), 0.0);
  for (const auto& e : m.collision.edges) {
    const int b = m.collision.body[static_cast<size_t>(e[0])];
    longest[b] = std::max(longest[b], (x.segment<3>(3 * e[0]) - x.segment<3>(3 * e[1])).norm());
  }
  // Edge midpoints (and centroids) halve the gaps between barrier points.
  const bool vertices_only = settings.points == BarrierSampling::vertices;
  const double spacing_per_edge = vertices_only ? 1.0 : 0.5;
  for (int b : w.lagrangian->scene_bodies)
    if (spacing_per_edge * longest[b] > dx) {
      std::ostringstream os;
      os << "solid \"" << m.bodies[b].name << "\" has edges up to " << longest[b] << " m: its barrier points are up to "
         << spacing_per_edge * longest[b] << " m apart, more than the cell size " << dx
         << " m, so liquid may pass between them (Liu et al. 2025, Sec. 4.3.3); refine the solid"
         << (vertices_only ? " or set coupling.barrier.points to \"edges\" or \"triangles\"" : "");
      out.push_back(os.str());
    }
  return out;
}

}  // namespace ripple
