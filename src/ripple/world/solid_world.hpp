#pragma once
// The scene's Lagrangian solids as a SolidModel: its simulated bodies plus the liquid
// obstacles (fixed or kinematic rigid colliders, mesh sequences as scripted collider surfaces)
// and the domain's walls (a fixed inward box), checked to start free of contact.
#include <memory>
#include <string>
#include <vector>

#include "ripple/scene/scene.hpp"
#include "ripple/solid/solid_step.hpp"

namespace ripple {

struct SolidWorld {
  SolidModel model;
  SolidState state;
  SolidStepSettings settings;
  std::vector<int> scene_bodies;  ///< model body index of each scene.lagrangian_solids entry
};

/// nullptr when the scene has no Lagrangian solid. Throws InputError (naming the bodies and
/// primitives) when solids start intersecting or touching.
std::unique_ptr<SolidWorld> build_solid_world(const Scene& scene);

/// Warnings for bodies whose own non-adjacent primitives start closer than contact.dhat (m):
/// the self-contact barrier then pushes a resting shell's or rod's neighbours apart from the
/// first step, which stiffens it and loads every Newton iteration with contact pairs; and for
/// two solids (walls included) that start within a thousandth of dhat, touching to round-off,
/// at `start` (#V*3, m: where every vertex starts, keyframes and scripts applied).
std::vector<std::string> rest_contact_warnings(const SolidModel& model, const VectorX& start, double dhat);

/// Surface of body b at state z for output and preview: rods as one closed triangular tube
/// (rod_tube_mesh), other bodies as their surface triangles over only the vertices they use.
TriangleMesh body_surface(const SolidModel& model, int body, const VectorX& x, const Scene& scene);

}  // namespace ripple
