#include "ripple/coupling/barrier/barrier_stats.hpp"

#include <cmath>
#include <limits>

#include "ripple/coupling/barrier/barrier_start_checks.hpp"
#include "ripple/coupling/barrier/component_volumes.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"
#include "ripple/coupling/barrier/penetration_check.hpp"
#include "ripple/world/stats_fields.hpp"

namespace ripple {

nlohmann::json barrier_frame_stats(const World& w, const BarrierCouplingState& st) {
  const BarrierSettings& b = st.settings;
  const GridGeometry& g = w.liquid.grid;
  nlohmann::json j;
  const VectorX x = w.lagrangian ? w.lagrangian->model.positions(w.lagrangian->state.z) : VectorX();
  const std::vector<uint8_t> coupled = liquid_coupled_vertices(w);
  if (w.lagrangian) {
    const SolidModel& m = w.lagrangian->model;
    const PenetrationReport r = check_penetration(g, w.liquid.phi, m.collision, x, b.interpolation, coupled);
    const PenetrationReport t = check_penetration(g, w.liquid.phi, m.collision, x, coupled);
    j["penetrating_vertices"] = r.penetrating;
    j["penetrating_vertices_trilinear"] = t.penetrating;
    j["min_solid_fluid_distance"] = finite_or_null(r.min_distance);
  } else {
    j["penetrating_vertices"] = 0;
    j["penetrating_vertices_trilinear"] = 0;
    j["min_solid_fluid_distance"] = nullptr;
  }
  // Components of the current level set and the targets the next step will hold them to.
  const BarrierScales sc = barrier_scales(b, g.dx);
  const double eps = sc.eps;
  const NarrowBand band = select_narrow_band(g, w.liquid.phi, sc.eps, sc.k, 0);
  const bool sharp = b.volume_measure == BarrierVolumeMeasure::sharp;
  const std::vector<double>& measured = sharp ? band.sharp_volumes : band.volumes;
  const std::vector<double> target =
      st.label.size() == 0 ? measured
                           : carry_volume_targets(st.label, sharp ? st.sharp_target : st.target, band.label, measured).target;
  std::vector<double> gap(band.volumes.size(), std::numeric_limits<double>::infinity());
  if (w.lagrangian)
    gap = component_min_distances(g, w.liquid.phi, band.label, static_cast<int>(band.volumes.size()), eps,
                                  w.lagrangian->model.collision, x, coupled);
  nlohmann::json comps = nlohmann::json::array();
  for (size_t c = 0; c < band.volumes.size(); ++c)
    comps.push_back({{"volume", band.volumes[c]},
                     {"target", target[c]},
                     {"change", target[c] > 0 ? measured[c] / target[c] - 1.0 : 0.0},
                     {"sharp_volume", band.sharp_volumes[c]},
                     {"min_solid_distance", finite_or_null(gap[c])}});
  j["liquid_components"] = comps;
  j["liquid_volume_lost"] = st.lost_volume;
  j["liquid_volume_returned"] = st.returned_volume;
  return j;
}

}  // namespace ripple
