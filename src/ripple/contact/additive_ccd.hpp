#pragma once
// Continuous collision detection by additive CCD (Li, Kaufman and Jiang 2021, Algorithm 1):
// advance along the linear trajectory by steps that provably cannot close the remaining gap
// (the gap shrinks at most by the relative speed bound l_p times the step), so a reported
// time is always safe. Conservative by construction; never reports a step that intersects.
#include "ripple/core/types.hpp"

namespace ripple {

struct CcdOptions {
  double offset = 0.0;          ///< thickness offset (m): the gap is distance - offset
  double min_separation = 0.1;  ///< stop once the gap falls below this fraction of its start
  double t_max = 1.0;           ///< only look at [0, t_max] of the trajectory
  /// Cap on the advancing steps of one pair (each covers 0.9 of the gap over the relative
  /// speed bound): the time reached so far is returned, still safe. A pair resting a hair apart
  /// under a stiff contact (gap 1e-10 m against a motion of 1e-5 m) legitimately needs many
  /// steps, so reaching the cap is not an error; runaway speeds are refused elsewhere (the
  /// scene's speed limit, the solids' speed check after every substep).
  int max_iterations = 100000;
};

/// Largest safe fraction t in [0, t_max] of the step: every vertex moves from its *_t0 to its
/// *_t1 position. Returns t_max when the pair keeps a gap of at least min_separation times the
/// initial gap over the whole interval; 0 when the primitives start touching.
double point_point_ccd(const Vec3& p_t0, const Vec3& q_t0, const Vec3& p_t1, const Vec3& q_t1,
                       const CcdOptions& options = {});
double point_edge_ccd(const Vec3& p_t0, const Vec3& e0_t0, const Vec3& e1_t0, const Vec3& p_t1,
                      const Vec3& e0_t1, const Vec3& e1_t1, const CcdOptions& options = {});
double point_triangle_ccd(const Vec3& p_t0, const Vec3& t0_t0, const Vec3& t1_t0, const Vec3& t2_t0,
                          const Vec3& p_t1, const Vec3& t0_t1, const Vec3& t1_t1, const Vec3& t2_t1,
                          const CcdOptions& options = {});
double edge_edge_ccd(const Vec3& ea0_t0, const Vec3& ea1_t0, const Vec3& eb0_t0, const Vec3& eb1_t0,
                     const Vec3& ea0_t1, const Vec3& ea1_t1, const Vec3& eb0_t1, const Vec3& eb1_t1,
                     const CcdOptions& options = {});

}  // namespace ripple
