#include <gtest/gtest.h>

#include <Eigen/IterativeLinearSolvers>
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "../../test_support.hpp"
#include "../../liquid_surface.hpp"
#include "ripple/coupling/cutcell/coupled_projection.hpp"
#include "../../stepping.hpp"
#include "ripple/fluid/particle_level_set.hpp"
#include "ripple/world/world.hpp"

using namespace ripple;

namespace {

/// A still pool (surface at y = 0.15 m) in a 0.3 m box, dx = 1 cm, with a rigid sphere of
/// radius 5 cm (an icosphere) at height `centre_y` and density `density`.
nlohmann::json pool_with_sphere(double centre_y, double density) {
  nlohmann::json j = nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.3, 0.3, 0.3], "dx": 0.01},
    "time": {"end": 1.0, "fps": 30},
    "fluid": {"regions": [{"type": "box", "min": [0, 0, 0], "max": [0.3, 0.15, 0.3]}]},
    "solids": [{"type": "rigid", "name": "ball", "geometry": {"type": "sphere", "center": [0.15, 0.15, 0.15],
                "radius": 0.05, "subdivisions": 4}}],
    "coupling": {"method": "cutcell", "cutcell": {"tolerance": 1e-10}},
    "output": {"preview": {"enabled": false}}
  })");
  j["solids"][0]["geometry"]["center"][1] = centre_y;
  j["solids"][0]["density"] = density;
  return j;
}

double icosphere_volume(const World& w, const CutCellCoupler& c) {
  const SolidModel& m = w.lagrangian->model;
  return m.bodies[c.state.solids.bodies[0]].volume;
}

/// Volume (m^3) of the ball of radius r centred at height c below the plane y = level.
double submerged_ball_volume(double r, double c, double level) {
  const double h = std::clamp(level - (c - r), 0.0, 2 * r);  // cap height
  return M_PI * h * h * (3 * r - h) / 3.0;
}

}  // namespace

TEST(CutCellProjection, PressureForceOnABodyAtRestIsItsBuoyancy) {
  // The liquid's pressure force sum_i p a_i n_i (J^T p, Eq. 15) on a sphere held still, half and
  // fully submerged: rho g V_submerged within 2 % (Archimedes; issue 5's validation).
  for (const double centre_y : {0.15, 0.08}) {
    const Scene scene = test::scene_from(pool_with_sphere(centre_y, 500.0));
    World w(scene);
    CutCellCoupler c(cutcell_settings(scene));
    initialise_world(w, c);
    PhaseTimings timings;
    const double dt = 1e-3;
    ProjectionInput in = prepare_projection(w, dt, timings);
    const CoupledBlocksWithMaps cb = assemble_coupled_blocks(w, c.state, in, dt);
    // The body held at rest: v = 0, so the fluid rows alone, A_ff p = b_f.
    Eigen::ConjugateGradient<SparseMatrix, Eigen::Lower | Eigen::Upper> cg;
    cg.setTolerance(1e-12);
    cg.compute(cb.blocks.fluid);
    const VectorX p = cg.solve(cb.blocks.fluid_rhs);
    const VectorX f = cb.blocks.coupling.transpose() * p;
    const Vec3 force = f.head<3>();
    // Below the surface as the particles' level set places it (about 0.4 dx above the top
    // particles, 0.1536 m here), with the icosphere's volume.
    const double level = test::surface_height(w, 3, 3);
    EXPECT_NEAR(level, 0.15, 0.5 * scene.grid.dx);
    const double r = 0.05, ball = 4.0 / 3.0 * M_PI * r * r * r;
    const double submerged = icosphere_volume(w, c) * submerged_ball_volume(r, centre_y, level) / ball;
    const double archimedes = scene.fluid.density * 9.81 * submerged;
    std::printf("sphere at %.2f m, surface at %.4f m: pressure force %.4f N, rho g V_submerged %.4f N (%+.2f %%)\n",
                centre_y, level, force.y(), archimedes, 100.0 * (force.y() - archimedes) / archimedes);
    EXPECT_NEAR(force.y(), archimedes, 0.02 * archimedes) << "centre " << centre_y;
    EXPECT_LT(std::hypot(force.x(), force.z()), 0.01 * archimedes) << "centre " << centre_y;
    EXPECT_LT(f.tail<3>().norm(), 1e-3 * archimedes * 0.05) << "torque, centre " << centre_y;
  }
}

TEST(CutCellProjection, NeutrallyBuoyantBodyStaysAtRestAndBothFormsAgree) {
  // A submerged sphere of the liquid's density: after one coupled step it barely moves, with the
  // SPD (Eq. 33) and the indefinite (Eq. 19) systems giving the same pressures and velocities.
  VectorX v_spd;
  std::vector<double> p_spd;
  for (const char* form : {"spd", "indefinite"}) {
    nlohmann::json j = pool_with_sphere(0.08, 1000.0);
    j["coupling"]["cutcell"]["formulation"] = form;
    const Scene scene = test::scene_from(j);
    World w(scene);
    CutCellCoupler c(cutcell_settings(scene));
    initialise_world(w, c);
    PhaseTimings timings;
    const double dt = 2e-3;
    const CutCellStepReport r = test::step(w, c, dt, timings);
    EXPECT_TRUE(r.projection.system.converged) << form;
    EXPECT_LT(r.projection.system.coupled_residual, 1e-8) << form;
    const Vec3 v = w.lagrangian->state.velocity.segment<3>(w.lagrangian->model.bodies[c.state.solids.bodies[0]].first_dof);
    // Free fall would reach g dt = 2 cm/s; the liquid holds it within 2 % of that.
    EXPECT_LT(v.norm(), 0.02 * 9.81 * dt) << form << " v = " << v.transpose();
    if (std::string(form) == "spd") {
      v_spd = v;
      p_spd = w.liquid.pressure.data();
    } else {
      EXPECT_LT((v - v_spd).norm(), 1e-6 * 9.81 * dt);
      double dp = 0.0, pmax = 0.0;
      for (size_t c = 0; c < p_spd.size(); ++c) {
        dp = std::max(dp, std::abs(p_spd[c] - w.liquid.pressure.data()[c]));
        pmax = std::max(pmax, std::abs(p_spd[c]));
      }
      EXPECT_LT(dp, 1e-5 * pmax);
    }
  }
}
