#include "ripple/coupling/barrier/coupled_optimisation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "ripple/coupling/barrier/level_set_inertia_form.hpp"
#include "ripple/coupling/barrier/liquid_barrier_form.hpp"
#include "ripple/coupling/barrier/liquid_volume_constraint.hpp"

namespace ripple {

CoupledResult optimise_coupled(const SolidModel& m, SolidStepProblem& solids, const NarrowBand& band,
                               const ScalarGrid& phi_start, const BarrierCouplingSettings& st, VectorX& z_solids,
                               ScalarGrid& phi) {
  CoupledResult result;
  result.unknowns = band.count;
  const int n_solid = m.num_dofs;
  // z = [solid coordinates; level-set unknowns], the unknowns starting at phi^n.
  VectorX z(n_solid + band.count);
  z.head(n_solid) = z_solids;
  const LevelSetUnknowns& ls = band.level_set;
  for (int64_t i = 0; i < ls.dof.size(); ++i) {
    const int d = ls.dof.data()[static_cast<size_t>(i)];
    if (d >= 0) z[d] = phi_start.data()[static_cast<size_t>(i)];
  }

  LevelSetInertiaSettings inertia_settings;
  inertia_settings.cell_volume = ls.grid.dx * ls.grid.dx * ls.grid.dx;
  inertia_settings.sharpness = st.sharpness;
  inertia_settings.liquid_density = st.liquid_density;
  inertia_settings.air_density = st.air_density;
  std::vector<int> dofs(static_cast<size_t>(band.count));
  for (int i = 0; i < band.count; ++i) dofs[i] = band.first_dof + i;
  LevelSetInertiaForm inertia(dofs, band.predicted, inertia_settings);
  LiquidBarrierForm barrier(m, ls, st.interpolation, st.dhat, st.stiffness, z, st.points);
  // A start inside a barrier would stall the solve; raise the surface off such vertices to a
  // tenth of dhat (see make_feasible).
  result.start_repairs = barrier.make_feasible(z, 1e-3 * st.dhat, 0.1 * st.dhat, &result.start_infeasible);
  std::vector<Form*> forms = solids.forms();
  forms.push_back(&inertia);
  forms.push_back(&barrier);

  LiquidVolumeConstraint volume(band.components, inertia_settings.cell_volume, st.sharpness, st.volume_tolerance);
  std::vector<EqualityConstraint*> constraints;
  if (st.volume_constraint && !band.components.empty()) constraints.push_back(&volume);

  std::vector<uint8_t> fixed = m.dof_fixed;
  fixed.resize(static_cast<size_t>(z.size()), 0);
  NewtonSettings ns = solids.newton_settings();
  if (st.max_iterations > 0) ns.max_iterations = st.max_iterations;
  ns.line_search = st.line_search;
  ns.trace = st.trace;
  ns.tolerance = std::max(ns.tolerance, st.min_tolerance);  // without solids theirs is 0
  // Step size: the largest solid vertex motion (m), and the largest level-set change scaled so
  // that it meets the tolerance once it is below level_set_tolerance dx: the solids' velocity
  // tolerance (0.1 % of the scene per second) would ask 1e-4 of a cell of the level set, which
  // the lagged masses of Eq. 13 approach only linearly (rate about 0.9 per iteration).
  const double level_set_scale = ns.tolerance * ns.dt / (st.level_set_tolerance * ls.grid.dx);
  // Each level-set change is weighted by its cell's share of the liquid's mass (Eq. 13 at the
  // current phi): air cells, which weigh rho_a / rho_l, drift in the lagged-mass iteration
  // without moving the surface.
  const double liquid_cell_mass = st.liquid_density * inertia_settings.cell_volume;
  auto step = [&](const VectorX& dz) {
    const double solid = m.max_vertex_displacement(dz.head(n_solid));
    if (band.count == 0) return solid;
    const VectorX& mass = inertia.masses();
    double ls_step = 0.0;
    for (int i = 0; i < band.count; ++i)
      ls_step = std::max(ls_step, std::abs(dz[band.first_dof + i]) * mass[i] / liquid_cell_mass);
    if (st.trace)  // which part keeps a slow solve going
      std::fprintf(stderr, "  step: solids %.3e m/s, level set %.3e m/s (scaled)\n", solid / ns.dt,
                   level_set_scale * ls_step / ns.dt);
    return std::max(solid, level_set_scale * ls_step);
  };
  NewtonMeasures measures = solid_newton_measures(m);
  measures.step_size = step;
  // The solids' friction stays lagged at the step's start: solving the joint problem again
  // with it re-lagged (contact.friction_updates in the solids' own steps) cost 28 % more Newton
  // iterations on rain_on_web for a one-step delay of friction at a first touch.
  result.newton = newton_minimise(forms, constraints, fixed, measures, ns, z);
  if (st.barrier_gradient) {
    VectorX g = VectorX::Zero(z.size());
    barrier.add_derivatives(z, g, nullptr);
    result.barrier_gradient = g.head(n_solid);
  }

  z_solids = z.head(n_solid);
  phi = ls.phi;
  for (int64_t i = 0; i < ls.dof.size(); ++i) {
    const int d = ls.dof.data()[static_cast<size_t>(i)];
    if (d >= 0) phi.data()[static_cast<size_t>(i)] = z[d];
  }
  result.stencil_repairs = barrier.repaired_stencils();
  barrier.take_stencils(z);  // the final gaps from fresh pairs: what the level set says now
  const VectorX x = m.positions(z);
  result.min_gap = std::numeric_limits<double>::infinity();
  std::vector<int> contacting;
  for (int i = 0; i < barrier.num_points(); ++i) {
    const double gap = barrier.gap(z, x, i);
    result.min_gap = std::min(result.min_gap, gap);
    if (gap < st.dhat) contacting.push_back(i);
  }
  result.contacting = vertices_of(barrier.points(), contacting);
  return result;
}

}  // namespace ripple
