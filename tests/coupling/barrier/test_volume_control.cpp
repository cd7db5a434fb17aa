// Volume control of the level set (coupling.barrier.volume_measure = "sharp",
// volume_control.hpp; after Kim et al. 2007): the displacement asked for a volume adds about
// that volume through the free surface, only to the components that ask, without touching
// the velocity.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "../../test_support.hpp"
#include "ripple/coupling/barrier/narrow_band.hpp"
#include "ripple/coupling/barrier/volume_control.hpp"
#include "../../stepping.hpp"
#include "ripple/grid/interpolation.hpp"
#include "ripple/grid/level_set_volume.hpp"

namespace ripple {
namespace {

// Two still drops in zero gravity: A (radius 10 mm) floating, B (radius 8 mm) resting on
// the floor wall, dx = 2 mm.
Scene two_drops() {
  return test::scene_from(nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.08, 0.06, 0.04], "dx": 0.002},
    "time": {"end": 0.1, "fps": 30},
    "gravity": [0, 0, 0],
    "fluid": {"representation": "levelset", "regions": [
      {"type": "sphere", "center": [0.02, 0.03, 0.02], "radius": 0.01},
      {"type": "sphere", "center": [0.06, 0.007, 0.02], "radius": 0.008}]},
    "coupling": {"method": "barrier"},
    "output": {"preview": {"enabled": false}}
  })"));
}

// What every case sets up before the control: the world of `scene` (which must outlive it),
// the narrow band the barrier step selects on its level set (3 cells), and one projection of
// its liquid for dt (s), as the final projection solves before the control.
struct Prepared {
  Prepared(const Scene& scene, double dt) : w(scene) {
    initialise_world(w);
    const GridGeometry& g = w.liquid.grid;
    band = select_narrow_band(g, w.liquid.phi, 3 * g.dx, 1.0 / g.dx, 0);
    pp = projection_params(w.scene, dt);
    FaceFlags valid;
    project_pressure(w.liquid, w.solids, nullptr, pp, valid, w.pressure_system);
  }
  /// apply_volume_control on this world with the band's labels and 4 extrapolation layers.
  int64_t control(const std::vector<double>& ask, const VolumeControlGuard& guard = {}, double* kept = nullptr,
                  int64_t* cells_kept = nullptr) {
    return apply_volume_control(w.pressure_system, w.liquid, w.solids, band.label, ask, pp, 4, guard, kept, cells_kept);
  }
  World w;
  NarrowBand band;
  ProjectionParams pp;
};

TEST(VolumeControl, AddsTheAskedVolumeThroughTheFreeSurfaceOfThatComponentOnly) {
  const Scene s = two_drops();
  Prepared p(s, 0.002);  // still liquid: u stays 0
  LiquidState& L = p.w.liquid;
  const GridGeometry& g = L.grid;
  const NarrowBand& band = p.band;
  ASSERT_EQ(band.sharp_volumes.size(), 2u);
  const int a = band.label(10, 15, 10), b = band.label(30, 3, 10);  // the cells at the drops' centres
  ASSERT_GE(a, 0);
  ASSERT_GE(b, 0);
  ASSERT_NE(a, b);
  std::vector<double> ask(2, 0.0);
  const double asked = 0.05 * band.sharp_volumes[static_cast<size_t>(b)];  // B grows by 5 %
  ask[static_cast<size_t>(b)] = asked;
  const ScalarGrid before = L.phi;
  EXPECT_GT(p.control(ask), 0);

  // B gains the asked volume (within 6 %: one semi-Lagrangian move of a 4-cell drop realises
  // 82 % of it, and the control moves again for the rest until under 5 % is left), A keeps
  // its level set exactly, and no velocity changes (no energy is added).
  const std::vector<double> v0 = liquid_volumes_by_label(before, g, band.label, 2);
  const std::vector<double> v1 = liquid_volumes_by_label(L.phi, g, band.label, 2);
  for (int k = 0; k < g.n.z(); ++k)
    for (int j = 0; j < g.n.y(); ++j)
      for (int i = 0; i < g.n.x() / 2; ++i) ASSERT_EQ(L.phi(i, j, k), before(i, j, k));
  const double added = v1[static_cast<size_t>(b)] - v0[static_cast<size_t>(b)];
  EXPECT_NEAR(added, asked, 0.06 * asked);
  std::printf("realised share of the asked volume: %.3f\n", added / asked);
  for (const auto& u : L.velocity.u)
    for (double v : u.data()) ASSERT_EQ(v, 0.0);
  // Resting on the floor, B grows upwards and sideways: its lowest liquid row stays where it was.
  for (int k = 0; k < g.n.z(); ++k)
    for (int i = g.n.x() / 2; i < g.n.x(); ++i) EXPECT_EQ(L.phi(i, 0, k) < 0, before(i, 0, k) < 0);
}

// The move is not CCD-filtered; a guard that refuses it halves it (up to six times), then
// drops it.
TEST(VolumeControl, AGuardHalvesOrDropsTheMove) {
  const Scene s = two_drops();
  for (const double limit : {0.5, 0.0}) {
    Prepared p(s, 0.002);
    const std::vector<double> ask{0.01 * p.band.sharp_volumes[0], 0.0};
    const ScalarGrid start = p.w.liquid.phi;
    ScalarGrid full = start;
    {  // the whole move, for reference
      Prepared free(s, 0.002);
      // The first move proposed (later moves ask for what it fell short of).
      bool recorded = false;
      auto record = [&](const ScalarGrid& phi) {
        if (!recorded) full = phi;
        recorded = true;
        return std::vector<Vec3>{};
      };
      free.control(ask, VolumeControlGuard{record});
    }
    double largest = 0.0;  // of the full move
    for (size_t i = 0; i < start.data().size(); ++i) largest = std::max(largest, std::abs(full.data()[i] - start.data()[i]));
    ASSERT_GT(largest, 0.0);
    // Accept a move of at most `limit` of the full one; a refusal names a point outside the
    // grid, around which there is nothing to put back.
    auto acceptable = [&](const ScalarGrid& phi) {
      for (size_t i = 0; i < phi.data().size(); ++i)
        if (std::abs(phi.data()[i] - start.data()[i]) > limit * largest + 1e-15) return std::vector<Vec3>{Vec3(-1.0, -1.0, -1.0)};
      return std::vector<Vec3>{};
    };
    double kept = -1.0;
    p.control(ask, VolumeControlGuard{acceptable}, &kept);
    EXPECT_EQ(kept, limit);
    for (size_t i = 0; i < start.data().size(); ++i)
      ASSERT_NEAR(p.w.liquid.phi.data()[i], start.data()[i] + limit * (full.data()[i] - start.data()[i]), 1e-15);
  }
}

// A guard refusing any approach of the surface to one point just above drop A (a cloth vertex
// a cell over its top) is met by putting back only the cells that point reads: the rest of
// A's surface still takes the asked volume, and the whole move is not halved. (With halving
// alone, the session-19 guard, the bouncing drop's first impact kept a quarter of each move and
// its volume fell 8.9 %.)
TEST(VolumeControl, AGuardPutsBackOnlyTheCellsAroundARefusedPoint) {
  const Scene s = two_drops();
  Prepared p(s, 0.002);
  LiquidState& L = p.w.liquid;
  const GridGeometry& g = L.grid;
  const NarrowBand& band = p.band;
  const int a = band.label(10, 15, 10);
  ASSERT_GE(a, 0);
  const Vec3 point(0.021, 0.0415, 0.0205);  // 1.5 mm above A's top
  const ScalarGrid before = L.phi;
  const double floor = sample(before, g, cell_sample_offset(), point);
  ASSERT_GT(floor, 0.001);
  int calls = 0;
  auto too_close = [&](const ScalarGrid& phi) {
    ++calls;
    return sample(phi, g, cell_sample_offset(), point) < floor - 1e-12 ? std::vector<Vec3>{point} : std::vector<Vec3>{};
  };
  std::vector<double> ask(2, 0.0);
  const double asked = 0.05 * band.sharp_volumes[static_cast<size_t>(a)];
  ask[static_cast<size_t>(a)] = asked;
  double kept = -1.0;
  int64_t cells_kept = -1;
  p.control(ask, VolumeControlGuard{too_close}, &kept, &cells_kept);
  EXPECT_EQ(kept, 1.0);
  EXPECT_GT(cells_kept, 0);
  EXPECT_LE(cells_kept, 4 * 64);  // one block per move, four moves at most
  EXPECT_GE(calls, 2);            // the refusal, and the check after the put-back
  EXPECT_GE(sample(L.phi, g, cell_sample_offset(), point), floor - 1e-12);
  // The block around the point is the start's; A took the ask within 6 %.
  const Vec3 t = g.to_index_space(point, cell_sample_offset());
  for (int k = -1; k <= 2; ++k)
    for (int j = -1; j <= 2; ++j)
      for (int i = -1; i <= 2; ++i) {
        const int ci = static_cast<int>(std::floor(t.x())) + i, cj = static_cast<int>(std::floor(t.y())) + j,
                  ck = static_cast<int>(std::floor(t.z())) + k;
        EXPECT_EQ(L.phi(ci, cj, ck), before(ci, cj, ck));
      }
  const std::vector<double> v0 = liquid_volumes_by_label(before, g, band.label, 2);
  const std::vector<double> v1 = liquid_volumes_by_label(L.phi, g, band.label, 2);
  const double added = v1[static_cast<size_t>(a)] - v0[static_cast<size_t>(a)];
  EXPECT_NEAR(added, asked, 0.06 * asked);
  std::printf("cells put back %lld, realised share of the ask %.3f\n", static_cast<long long>(cells_kept), added / asked);
}

TEST(VolumeControl, NoFlowWhenNoComponentAsks) {
  const Scene s = two_drops();
  Prepared p(s, 0.002);
  const ScalarGrid before = p.w.liquid.phi;
  EXPECT_EQ(p.control({0.0, 0.0}), 0);
  EXPECT_EQ(p.w.liquid.phi.data(), before.data());
}

// A film 0.65 of a cell thick on the floor (zero gravity, dx = 2 mm): the volume inside the
// surface is far from linear in phi there, and a move can change it the wrong way or by more
// than asked. Whatever the ask, the change has its sign and at most its size (plus 5 %).
// Without the bisection back to the ask, asking -25 % took 72 % away (checked by mutation).
// Measured: +25.0 %, +5.0 %, -4.9 %, -25.2 % for the four asks.
TEST(VolumeControl, AFilmNeverChangesTheWrongWayOrBeyondTheAsk) {
  const Scene s = test::scene_from(nlohmann::json::parse(R"({
    "domain": {"min": [0, 0, 0], "max": [0.04, 0.02, 0.04], "dx": 0.002},
    "time": {"end": 0.1, "fps": 30},
    "gravity": [0, 0, 0],
    "fluid": {"representation": "levelset", "regions": [
      {"type": "box", "min": [0.006, 0, 0.006], "max": [0.034, 0.0013, 0.034]}]},
    "coupling": {"method": "barrier"},
    "output": {"preview": {"enabled": false}}
  })"));
  for (const double share : {0.25, 0.05, -0.05, -0.25}) {
    SCOPED_TRACE(share);
    Prepared p(s, 0.002);
    const GridGeometry& g = p.w.liquid.grid;
    ASSERT_EQ(p.band.sharp_volumes.size(), 1u);
    const double v0 = liquid_volumes_by_label(p.w.liquid.phi, g, p.band.label, 1)[0];
    const double asked = share * v0;
    p.control({asked});
    const double change = liquid_volumes_by_label(p.w.liquid.phi, g, p.band.label, 1)[0] - v0;
    std::printf("film asked %+.3f of its volume, changed by %+.3f\n", share, change / v0);
    EXPECT_GE(change * asked, 0.0);
    EXPECT_LE(std::abs(change), 1.05 * std::abs(asked) + 1e-15);
    // And it gets the ask: what the moves cannot give is given by offsetting the surface
    // (the moves alone give +22.3 % of an ask of +25 %).
    EXPECT_NEAR(change, asked, 0.03 * std::abs(asked));
  }
}

}  // namespace
}  // namespace ripple
