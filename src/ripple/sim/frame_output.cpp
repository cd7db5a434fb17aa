#include "ripple/sim/frame_output.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "ripple/core/parallel.hpp"
#include "ripple/grid/marching_tetrahedra.hpp"
#include "ripple/grid/surface_smoothing.hpp"
#include "ripple/io/mesh_writers.hpp"
#include "ripple/io/preview_renderer.hpp"
#include "ripple/io/volume_writer.hpp"
#include "ripple/contact/intersection_check.hpp"
#include "ripple/solid/forms/elastic_form.hpp"

namespace ripple {
namespace fs = std::filesystem;

std::string frame_file(const std::string& prefix, int frame, const std::string& ext) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d", frame);
  return prefix + "_" + buf + "." + ext;
}

namespace {

/// The domain's box (m): its walls.
Aabb domain_box(const Scene& s) {
  Aabb b;
  b.extend(s.grid.origin);
  b.extend(s.grid.upper());
  return b;
}


/// The solids' entries of a stats line (see docs/scene-format.md, "stats.jsonl"); returns their
/// kinetic, elastic and potential energy (J).
double add_solid_stats(const SolidWorld& sw, const VectorX& x, const FrameLog& log, nlohmann::json& j) {
  const SolidModel& m = sw.model;
  ElasticForm elastic(m, 1.0);
  elastic.update_rotations(sw.state.z);  // corotated energy measured from the current rotation
  j["newton_iterations"] = log.newton_iterations;
  j["newton_iterations_max"] = log.newton_iterations_max;
  j["newton_unconverged"] = log.newton_unconverged;
  j["line_search_steps"] = log.line_search_steps;
  j["linear_solver"] = log.linear_solver;
  j["min_contact_distance"] = finite_or_null(log.min_contact_gap);
  j["intersecting_pairs"] = count_intersecting_pairs(m.collision, x);
  j["inverted_elements"] = elastic.inverted_elements(sw.state.z);
  const double kinetic = solid_kinetic_energy(m, sw.state), elastic_energy = elastic.energy(sw.state.z);
  const double potential = solid_potential_energy(m, sw.state.z, sw.settings.gravity);
  j["solid_kinetic_energy"] = kinetic;
  j["solid_elastic_energy"] = elastic_energy;
  j["solid_potential_energy"] = potential;
  j["barrier_stiffness"] = sw.state.barrier_stiffness;
  nlohmann::json bodies = nlohmann::json::array();
  for (int b : sw.scene_bodies) {
    const SolidBodyInfo& info = m.bodies[b];
    Vec3 com = Vec3::Zero(), momentum = Vec3::Zero();
    double mass = 0.0;
    if (info.kind == SolidKind::rigid) {
      com = sw.state.z.segment<3>(info.first_dof);
      momentum = info.mass * sw.state.velocity.segment<3>(info.first_dof);
      mass = info.mass;
    } else {
      for (int v = info.first_vertex; v < info.first_vertex + info.num_vertices; ++v) {
        const double mv = m.vertex_mass[v];
        com += mv * x.segment<3>(3 * v);
        momentum += mv * sw.state.velocity.segment<3>(m.vertex_dof[v]);
        mass += mv;
      }
      com /= mass;
    }
    const Vec3 vel = mass > 0 ? Vec3(momentum / mass) : Vec3::Zero();
    bodies.push_back({{"name", info.name},
                      {"mass", mass},
                      {"center_of_mass", {com.x(), com.y(), com.z()}},
                      {"velocity", {vel.x(), vel.y(), vel.z()}},
                      {"momentum", {momentum.x(), momentum.y(), momentum.z()}}});
  }
  j["bodies"] = bodies;
  return kinetic + elastic_energy + potential;
}

bool has_markers(const Scene& s) {
  bool any = !s.fluid.gas.markers.empty();
  for (const GasSourceDesc& src : s.fluid.gas.sources) any = any || src.markers_per_second > 0.0;
  return any;
}

// A gas's markers coloured by speed as in Robinson-Mosher et al. 2009, Fig. 7: slow red, fast
// blue (against the fastest marker of the frame).
PreviewPoints marker_points(const World& w) {
  PreviewPoints out;
  const Particles& p = w.liquid.particles;
  std::vector<double> speed(p.size());
  double fastest = 1e-12;
  for (size_t i = 0; i < p.size(); ++i) {
    out.positions.push_back(p.x[i].cast<double>());
    speed[i] = w.liquid.velocity.sample(w.liquid.grid, out.positions.back()).norm();
    fastest = std::max(fastest, speed[i]);
  }
  for (double v : speed) {
    const double t = std::clamp(v / fastest, 0.0, 1.0);
    out.colors.push_back((1.0 - t) * Vec3(0.85, 0.15, 0.10) + t * Vec3(0.10, 0.25, 0.90));
  }
  return out;
}

/// The particle liquid's volume control (surface_volume, liquid_components: the 16 largest).
void write_surface_volume(const SurfaceVolumeReport& r, double volume, nlohmann::json& j) {
  double target = 0.0;
  for (double t : r.target) target += t;
  j["surface_volume"] = {{"target", target},
                         {"change", target > 0.0 ? (volume - target) / target : 0.0},
                         {"unassigned", r.unassigned},
                         {"in_solids", r.in_solids},
                         {"unmet", r.unmet},
                         {"components", r.target.size()}};
  std::vector<size_t> order(r.target.size());
  for (size_t l = 0; l < order.size(); ++l) order[l] = l;
  constexpr size_t kListed = 16;
  const size_t listed = std::min(kListed, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(listed), order.end(),
                    [&](size_t a, size_t b) { return r.target[a] > r.target[b] || (r.target[a] == r.target[b] && a < b); });
  nlohmann::json list = nlohmann::json::array();
  for (size_t i = 0; i < listed; ++i) {
    const size_t l = order[i];
    const double v = l < r.volume.size() ? r.volume[l] : 0.0;
    list.push_back({{"volume", v},
                    {"target", r.target[l]},
                    {"change", r.target[l] > 0.0 ? (v - r.target[l]) / r.target[l] : 0.0},
                    {"offset", r.offset[l]}});
  }
  j["liquid_components"] = list;
}

}  // namespace

std::vector<StatsGroup> frame_stats_groups() {
  StatsGroup every{"Every frame", {
      {"frame", "", "Frame number; 0 is the initial state."},
      {"time", "s", "Simulated time at the frame."},
      {"substeps", "", "Substeps taken in the frame."},
      {"wall_seconds", "s", "Wall-clock time of the frame, its output included (frame 0: setup and first output)."},
      {"fluid_volume", "m^3", "Volume enclosed by the liquid's surface mesh (before output smoothing)."},
      {"fluid_volume_change", "", "fluid_volume relative to frame 0's plus what emitters added and drains removed "
                                  "since (0 while that is 0)."},
      {"fluid_kinetic_energy", "J", "Kinetic energy of the liquid, from the face velocities."},
      {"fluid_potential_energy", "J", "Gravity's potential energy of the liquid, zero at the world origin."},
      {"fluid_surface_energy", "J", "Surface tension times the surface's area, the caps on the domain's walls left out."},
      {"total_energy", "J", "The liquid's three energies plus, with Lagrangian solids, theirs (kinetic, elastic, "
                            "potential); contact and barrier potentials are not in it."},
      {"fluid_momentum", "kg m/s", "Liquid momentum [x, y, z], rho u summed over the liquid's faces."},
      {"max_fluid_speed", "m/s", "Largest particle speed, or cell-centred speed in liquid cells for a level set or a gas."},
      {"fluid_bbox", "m", "Bounding box of the liquid's surface {min, max}; null without liquid."},
      {"particles", "", "Liquid particles (0 for a level set); for a gas, its marker particles."},
      {"particles_removed", "", "Particles that left the domain through open sides in the frame."},
      {"pressure_iterations", "", "Pressure-solve iterations, summed over the substeps."},
      {"pressure_iterations_max", "", "Iterations of the frame's longest pressure solve."},
      {"pressure_residual", "", "Largest relative residual a pressure solve stopped at."},
      {"pressure_unconverged", "", "Pressure solves that hit solver.pressure.max_iterations (also a log warning)."},
      {"wall_separation_solves", "", "Extra pressure solves for liquid leaving walls (wall_contact \"separating\")."},
      {"wall_separation_cells_max", "", "Most wall cells released in one substep (liquid pulling away from a wall)."},
      {"timings", "s", "Wall-clock seconds per phase of the frame, by phase name (`output_meshes`, "
                       "`output_preview`, `pressure`, ...)."}}};
  StatsGroup solids{"With Lagrangian solids (shells, rods, volumes, rigid bodies)", {
      {"newton_iterations", "", "Newton iterations of the solids' (or the coupled) solves, summed over the substeps."},
      {"newton_iterations_max", "", "Iterations of the frame's longest Newton solve."},
      {"newton_unconverged", "", "Newton solves that hit their iteration cap (also a log warning)."},
      {"line_search_steps", "", "Backtracking steps of the line searches, summed."},
      {"linear_solver", "", "Linear solver of the frame's last solids' Newton solve: `cholmod`, `pcg` or `none` (no "
                            "system to solve); empty when no Newton solve ran (frame 0, method `cutcell`)."},
      {"min_contact_distance", "m", "Smallest gap between solids over the frame; null without a pair near."},
      {"intersecting_pairs", "", "Edge-triangle pairs that intersect (an exact check, independent of the barrier)."},
      {"inverted_elements", "", "Tetrahedra with negative volume."},
      {"solid_kinetic_energy", "J", "Kinetic energy of the solids."},
      {"solid_elastic_energy", "J", "Elastic energy of the solids."},
      {"solid_potential_energy", "J", "Gravity's potential energy of deformable vertices and free rigid bodies."},
      {"barrier_stiffness", "J/m^2", "Stiffness kappa of the solids' contact barrier (adapted during the run)."},
      {"bodies[].name", "", "The solid's name."},
      {"bodies[].mass", "kg", "Its mass."},
      {"bodies[].center_of_mass", "m", "Its centre of mass [x, y, z]."},
      {"bodies[].velocity", "m/s", "Velocity of its centre of mass."},
      {"bodies[].momentum", "kg m/s", "Its linear momentum."}}};
  StatsGroup held{"With a particle liquid (apic, flip) and fluid.surface_volume \"held\"", {
      {"surface_volume.target", "m^3", "What the particles carry (the regions' volume shared among the particles "
                                       "seeded in them; dx^3 / particles_per_cell each without regions), summed over "
                                       "the liquid's components."},
      {"surface_volume.change", "", "fluid_volume against that target, relative."},
      {"surface_volume.unassigned", "m^3", "Particles more than a cell from any surface (spray the surface does not show)."},
      {"surface_volume.in_solids", "m^3", "Particles deeper inside a solid than their radius (the surface, cut at the "
                                          "solids, does not show them)."},
      {"surface_volume.unmet", "", "Components whose target needed more than the largest offset (one cell), or "
                                   "that the search left off target."},
      {"surface_volume.components", "", "Connected bodies of liquid."},
      {"liquid_components[].volume", "m^3", "A component's volume inside its surface (the 16 largest components)."},
      {"liquid_components[].target", "m^3", "What its particles carry."},
      {"liquid_components[].change", "", "Its volume against its target, relative."},
      {"liquid_components[].offset", "m", "How far its surface was moved out (negative: in) to hold the target."}}};
  StatsGroup gas{"With a gas (fluid.representation \"gas\")", {
      {"smoke_amount", "m^3", "Smoke density integrated over the domain (sources add to it, open sides take from it)."},
      {"smoke_max", "", "Largest smoke density of a cell."},
      {"temperature_max", "K", "Highest temperature above ambient of a cell."}}};
  StatsGroup flows{"With liquid emitters or drains (fluid.emitters, fluid.drains)", {
      {"emitted_volume", "m^3", "Liquid each emitter has added since the start, by emitter name (apic, flip: the "
                                "particles it seeded, a cell's volume per particles_per_cell of them)."},
      {"drained_volume", "m^3", "Liquid each drain has removed since the start, by drain name."}}};
  return {every, held, flows, gas, solids};
}

LiquidMeasures measure_liquid(World& w, const ScalarGrid* body_phi, const TriangleMesh* surface) {
  LiquidMeasures m;
  if (!w.has_liquid()) return m;
  refresh_level_set(w);
  const LiquidState& L = w.liquid;
  const GridGeometry& g = L.grid;
  // Where a method's pressure cells reach into its bodies the level set is wet inside them;
  // what is shown and measured is the liquid outside the bodies.
  const ScalarGrid* phi = &L.phi;
  ScalarGrid clipped;
  if (body_phi) {
    clipped = L.phi;
    parallel_for(0, clipped.size(), [&](int64_t c) {
      const Vec3i I = clipped.coords(c);
      const double body = sample(*body_phi, g, node_sample_offset(), g.cell_center(I.x(), I.y(), I.z()));
      clipped[c] = std::max(clipped[c], -body);
    });
    phi = &clipped;
  }
  // A particle liquid's surface: its level set (outside the method's bodies) held to the
  // particles' volume (a copy: the simulation keeps the particles' own), shown outside the
  // solid boundary's solids (obstacles, and the bodies a method puts there), as the volume
  // control measures it.
  // The liquid cells of the energies on faces are those of the held level set (one body of
  // liquid with the surface's), outside the method's bodies as above.
  const ScalarGrid* shown = phi;
  ScalarGrid held, visible;
  if (uses_particles(w.scene.fluid.representation) && !w.is_gas()) {
    held = *phi;
    if (w.scene.fluid.surface_volume == SurfaceVolume::Held)
      w.surface_volume = hold_particle_surface(w, held);
    phi = &held;
    visible = w.solids.has_obstacles ? visible_level_set(held, g, w.solids) : held;
    shown = &visible;
  }
  if (!w.is_gas()) {  // a gas fills the domain: it has no surface
    m.surface = surface ? *surface : liquid_surface_mesh(*shown, g);
    m.volume = m.surface.signed_volume();
    m.bbox = m.surface.bounds();
  } else {
    const double cell_volume = g.dx * g.dx * g.dx;
    m.smoke_amount = cell_volume * parallel_sum(0, L.smoke.size(), [&](int64_t c) { return L.smoke[c]; });
    m.smoke_max = parallel_max(0, L.smoke.size(), 0.0, [&](int64_t c) { return L.smoke[c]; });
    m.temperature_max = parallel_max(0, L.temperature.size(), -1e300, [&](int64_t c) { return L.temperature[c]; });
  }
  // Energies of a uniform liquid enclosed by the surface: -rho g . integral of x dV, and
  // gamma times the area in contact with air (the caps on the walls left out).
  const Scene& s = w.scene;
  m.potential_energy = -s.fluid.density * s.gravity.dot(m.surface.volume_moment());
  m.surface_energy = s.fluid.surface_tension * m.surface.area_off_walls(domain_box(s));
  // Kinetic energy and momentum on faces, each face weighted by the liquid share of its two cells.
  const double cell_mass = w.scene.fluid.density * g.dx * g.dx * g.dx;
  double ke = 0.0, vmax = 0.0;
  for (int a = 0; a < 3; ++a) {
    const ScalarGrid& u = L.velocity.u[a];
    auto share = [&](int64_t idx) {
      const Vec3i f = u.coords(idx);
      Vec3i lo = f;
      lo[a] -= 1;
      double s = 0.0;
      if (phi->in_range(lo.x(), lo.y(), lo.z()) && (*phi)(lo.x(), lo.y(), lo.z()) < 0) s += 0.5;
      if (phi->in_range(f.x(), f.y(), f.z()) && (*phi)(f.x(), f.y(), f.z()) < 0) s += 0.5;
      return s;
    };
    ke += parallel_sum(0, u.size(), [&](int64_t idx) { return share(idx) * u[idx] * u[idx]; });
    m.momentum[a] = cell_mass * parallel_sum(0, u.size(), [&](int64_t idx) { return share(idx) * u[idx]; });
  }
  m.kinetic_energy = 0.5 * cell_mass * ke;
  const auto& p = L.particles;
  if (p.size() > 0 && !w.is_gas()) {  // a gas's particles are its markers: its speed is the grid's
    vmax = parallel_max(0, static_cast<int64_t>(p.size()), 0.0, [&](int64_t q) { return static_cast<double>(p.v[q].norm()); });
  } else {
    // Cell-centred speed in liquid cells.
    vmax = parallel_max(0, L.phi.size(), 0.0, [&](int64_t c) {
      if ((*phi)[c] >= 0) return 0.0;
      const Vec3i I = phi->coords(c);
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

nlohmann::json write_frame(World& w, Coupler& coupler, const std::string& out_dir, const FrameLog& log,
                           double initial_volume, LiquidMeasures& m) {
  const Scene& s = w.scene;
  const auto t0 = std::chrono::steady_clock::now();
  const std::optional<TriangleMesh> carried = coupler.liquid_surface(w);
  m = measure_liquid(w, coupler.body_phi(), carried ? &*carried : nullptr);
  if (s.output.surface_smoothing > 0) taubin_smooth(m.surface, s.output.surface_smoothing, domain_box(s));
  const fs::path dir(out_dir);
  if (w.is_gas())
    write_vtk_volume((dir / frame_file("gas", w.frame, "vtk")).string(), w.liquid.grid,
                     {{"smoke", &w.liquid.smoke}, {"temperature", &w.liquid.temperature}});
  if (w.is_gas() && has_markers(s)) {
    TriangleMesh points;
    for (const Vec3f& x : w.liquid.particles.x) points.vertices.push_back(x.cast<double>());
    write_ply((dir / frame_file("markers", w.frame, "ply")).string(), points);
  }
  // A solids-only scene writes no empty liquid files, a gas no surface.
  if (s.output.liquid_mesh && (!s.fluid.regions.empty() || !s.fluid.emitters.empty()) && !w.is_gas()) {
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
  // Lagrangian solids: one mesh per body and frame.
  std::vector<TriangleMesh> body_meshes;
  std::vector<Vec3> body_colours;
  VectorX solid_x;
  if (w.lagrangian) {
    const SolidWorld& sw = *w.lagrangian;
    solid_x = sw.model.positions(sw.state.z);
    for (int b : sw.scene_bodies) {
      body_meshes.push_back(body_surface(sw.model, b, solid_x, s));
      const SolidKind kind = sw.model.bodies[b].kind;
      body_colours.push_back(kind == SolidKind::shell    ? Vec3(0.85, 0.30, 0.35)
                             : kind == SolidKind::rod    ? Vec3(0.90, 0.85, 0.60)
                             : kind == SolidKind::volume ? Vec3(0.35, 0.75, 0.40)
                                                         : Vec3(0.60, 0.60, 0.70));
      if (!s.output.solid_meshes) continue;
      const std::string prefix = "solid_" + sw.model.bodies[b].name;
      if (s.output.write_ply) write_ply((dir / frame_file(prefix, w.frame, "ply")).string(), body_meshes.back());
      if (s.output.write_obj) write_obj((dir / frame_file(prefix, w.frame, "obj")).string(), body_meshes.back());
    }
  }
  const double mesh_seconds = seconds_since(t0);
  double preview_seconds = 0.0;
  if (s.output.preview && w.frame % s.output.preview_every == 0) {
    const auto t1 = std::chrono::steady_clock::now();
    std::vector<PreviewItem> items;
    // With simulated solids the liquid is drawn translucent, so that submerged bodies show.
    items.push_back({&m.surface, Vec3(0.15, 0.45, 0.85), w.lagrangian ? 0.6 : 1.0});
    for (const auto& sm : solid_meshes) items.push_back({&sm, Vec3(0.85, 0.55, 0.30)});
    for (size_t b = 0; b < body_meshes.size(); ++b) items.push_back({&body_meshes[b], body_colours[b]});
    PreviewVolume smoke;
    if (w.is_gas()) {
      smoke.density = &w.liquid.smoke;
      smoke.grid = w.liquid.grid;
      // Unit smoke across a tenth of the domain's mean size (the geometric mean of its sides, so
      // that a thin slab of a domain still shows its smoke) leaves e^-1 of the light behind it.
      const Vec3 size = domain_box(s).hi - domain_box(s).lo;
      smoke.extinction = 10.0 / std::cbrt(size.prod());
    }
    PreviewPoints markers;
    if (w.is_gas()) markers = marker_points(w);
    const RgbImage img =
        render_preview(items, domain_box(s),
                       preview_camera(domain_box(s), s.output.camera.position, s.output.camera.look_at,
                                      s.output.camera.fov_degrees),
                       s.output.preview_width, s.output.preview_height, w.is_gas() ? &smoke : nullptr,
                       w.is_gas() ? &markers : nullptr);
    write_png((dir / frame_file("preview", w.frame, "png")).string(), img);
    preview_seconds = seconds_since(t1);
  }
  nlohmann::json j;
  j["frame"] = w.frame;
  j["time"] = w.time;
  j["substeps"] = log.substeps;
  j["fluid_volume"] = m.volume;
  // With emitters and drains the volume to keep is frame 0's plus what they added and removed.
  const LiquidFlowRecord& flows = w.flows.record;
  double expected_volume = initial_volume;
  for (double v : flows.emitted) expected_volume += v;
  for (double v : flows.drained) expected_volume -= v;
  j["fluid_volume_change"] = expected_volume > 0 ? (m.volume - expected_volume) / expected_volume : 0.0;
  if (uses_particles(s.fluid.representation) && s.fluid.surface_volume == SurfaceVolume::Held && !w.is_gas())
    write_surface_volume(w.surface_volume, m.volume, j);
  if (!w.flows.empty()) {
    j["emitted_volume"] = nlohmann::json::object();
    j["drained_volume"] = nlohmann::json::object();
    for (size_t e = 0; e < flows.emitted.size(); ++e) j["emitted_volume"][s.fluid.emitters[e].name] = flows.emitted[e];
    for (size_t d = 0; d < flows.drained.size(); ++d) j["drained_volume"][s.fluid.drains[d].name] = flows.drained[d];
  }
  j["fluid_kinetic_energy"] = m.kinetic_energy;
  j["fluid_momentum"] = {m.momentum.x(), m.momentum.y(), m.momentum.z()};
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
  if (w.is_gas()) {
    j["smoke_amount"] = m.smoke_amount;
    j["smoke_max"] = m.smoke_max;
    j["temperature_max"] = m.temperature_max;
  }
  j["fluid_potential_energy"] = m.potential_energy;
  j["fluid_surface_energy"] = m.surface_energy;
  const double solid_energy = w.lagrangian ? add_solid_stats(*w.lagrangian, solid_x, log, j) : 0.0;
  j["total_energy"] = m.kinetic_energy + m.potential_energy + m.surface_energy + solid_energy;
  if (coupler_steps(coupler, w)) coupler.write_frame_stats(w, log, j);
  nlohmann::json t = log.timings;
  t["output_meshes"] = mesh_seconds;
  t["output_preview"] = preview_seconds;
  j["timings"] = t;
  return j;
}

}  // namespace ripple
