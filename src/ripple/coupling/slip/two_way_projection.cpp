#include "ripple/coupling/slip/two_way_projection.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/core/parallel.hpp"
#include "ripple/coupling/slip/closed_bodies.hpp"
#include "ripple/coupling/slip/solid_response.hpp"

namespace ripple {

namespace {

/// A relative residual above this after the iteration cap is a failed projection.
constexpr double kGiveUpResidual = 1e-2;

/// Cells whose centre lies inside a closed body or obstacle: by the solid boundary, and for the
/// simulated bodies by their surfaces too (closed_bodies.hpp).
Array3<uint8_t> cells_inside_solids(const World& w) {
  const GridGeometry& g = w.liquid.grid;
  Array3<uint8_t> out(g.n, 0);
  parallel_for(0, out.size(), [&](int64_t c) {
    const Vec3i I = out.coords(c);
    out.data()[c] = solid_phi_at(w.solids, g, g.cell_center(I.x(), I.y(), I.z())) < 0.0;
  });
  mark_cells_inside_closed_bodies(w, out);
  return out;
}

}  // namespace

SlipProjectionResult project_liquid_and_solids(World& w, const SlipSettings& settings, double dt,
                                               const SlipSurface& end, const OccludedFaces& occluded,
                                               const std::optional<SolidState>& start_state, ProjectionInput& in,
                                               UpperSamples& upper, const StepContext& ctx) {
  const Scene& s = w.scene;
  SlipProjectionResult result;
  {
    ScopedPhase p(ctx.timings, "pressure");
    SlipProjectionParams prm;
    prm.dt = dt;
    prm.density = s.fluid.density;
    prm.surface_tension = s.fluid.surface_tension;
    prm.gravity = w.is_gas() ? Vec3::Zero() : s.gravity;  // gravity does not act on a gas
    prm.no_slip = settings.condition == SlipCondition::no_slip;
    Array3<uint8_t> solid_cells = w.solids.has_obstacles ? cells_inside_solids(w) : Array3<uint8_t>();
    prm.walls = wall_sides(s);
    prm.periodic = s.periodic_axes();
    // A gas source's inflow faces and a running liquid emitter's faces are held; a cell all of
    // whose faces are held is no unknown's (its divergence is the source's): it is left out of
    // the projection as a solid's cell is.
    std::array<Array3<uint8_t>, 3> inflow;
    bool any_inflow = !w.flows.held_faces().empty();
    for (const GasSourceCells& src : w.gas_sources)
      for (int a = 0; a < 3; ++a) any_inflow = any_inflow || !src.faces[a].empty();
    if (any_inflow) {
      for (int a = 0; a < 3; ++a) inflow[a] = Array3<uint8_t>(s.grid.face_dims(a), 0);
      std::vector<int64_t> beside;  // cells next to a held face
      for (const GasSourceCells& src : w.gas_sources) {
        for (int a = 0; a < 3; ++a)
          for (int64_t f : src.faces[a]) inflow[a].data()[f] = 1;
        beside.insert(beside.end(), src.cells.begin(), src.cells.end());
      }
      for (const LiquidFlows::HeldFace& h : w.flows.held_faces()) {
        inflow[h.axis].data()[h.index] = 1;
        const Vec3i F = inflow[h.axis].coords(h.index);
        if (F[h.axis] < s.grid.n[h.axis]) beside.push_back(w.liquid.phi.index(F.x(), F.y(), F.z()));
      }
      prm.prescribed = &inflow;
      if (solid_cells.size() == 0) solid_cells = Array3<uint8_t>(s.grid.n, 0);
      for (int64_t c : beside) {
        const Vec3i I = solid_cells.coords(c);
        bool held = true;
        for (int a = 0; a < 3 && held; ++a) {
          Vec3i hi = I;
          hi[a] += 1;
          held = inflow[a](I.x(), I.y(), I.z()) && inflow[a](hi.x(), hi.y(), hi.z());
        }
        if (held) solid_cells.data()[c] = 1;
      }
    }
    if (solid_cells.size() > 0) prm.solid_cells = &solid_cells;
    prm.tolerance = settings.tolerance;
    prm.max_iterations = settings.max_iterations;
    // Two-way: the solids' velocities after their own step are the predicted ones (Eq. 15).
    const int simulated = static_cast<int>(s.lagrangian_solids.size());
    const SolidUnknowns unknowns =
        settings.solids == SlipSolids::two_way && w.lagrangian
            ? build_solid_unknowns(w.lagrangian->model, simulated, w.lagrangian->state.z)
            : SolidUnknowns{};
    const bool two_way = unknowns.count > 0;
    const SolidModel* model = w.lagrangian ? &w.lagrangian->model : nullptr;
    SlipSolidSolve solids;
    SparseMatrix response;
    if (two_way) {
      solids.inverse_mass = &unknowns.inverse_mass;
      solids.velocity = solid_unknown_velocity(*model, unknowns, w.lagrangian->state.velocity);
      SolidState begin = *start_state;
      begin.time = w.time;
      response = deformable_response(*w.lagrangian, begin, w.lagrangian->state.z, dt, unknowns);
      if (response.nonZeros() > 0) solids.response = &response;
    }
    result = project_with_slip(w.liquid, occluded,
                                          face_solid_velocities(occluded, end, model, two_way ? &unknowns : nullptr),
                                          s.fluid.surface_tension > 0.0 ? &in.curvature : nullptr, prm, in.valid, upper,
                                          two_way ? &solids : nullptr);
    // A solve that ends far from its tolerance has no usable answer: stop here, with the frames
    // written so far kept, rather than let the liquid blow up over the next steps.
    const SlipProjectionResult& pr = result;
    if (!std::isfinite(pr.residual) || (!pr.converged && pr.residual > kGiveUpResidual))
      throw SimulationError("the slip projection did not converge (relative residual " + format_number(pr.residual) +
                            " after " + std::to_string(pr.iterations) + " iterations)" +
                            (settings.condition == SlipCondition::no_slip
                                 ? ": with coupling.slip.condition \"no_slip\" the constraints can contradict each "
                                   "other where liquid is enclosed next to a solid; try \"slip\" or a finer grid"
                                 : "; raise coupling.slip.max_iterations or loosen coupling.slip.tolerance"));
    if (two_way) {
      // The liquid's impulse on the solids (their velocity change in the projection) goes into
      // their step, solved again from its start: positions and velocities stay consistent (the
      // solids move as far as the liquid made room for), and contact keeps its guarantees.
      SolidState& state = w.lagrangian->state;
      state = *start_state;
      // Their step from its start with velocity M^-1 P added reproduces (M + dt^2 K)^-1 P to first
      // order (and M^-1 P exactly where the projection used the mass alone).
      const VectorX impulse_velocity =
          coordinate_velocity_change(*model, unknowns, unknowns.inverse_mass * solids.impulse, state.z);
      state.velocity += impulse_velocity;
      p.stop();
      step_free_solids(w, dt, ctx);
    }
  }
  return result;
}

}  // namespace ripple
