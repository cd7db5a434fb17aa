#pragma once
// The contacts of one monolith step, found at its start (Takahashi & Batty 2022, Sec. 3.5):
// the rigid bodies' points and the elastic volumes' surface vertices near the domain's closed
// walls, the obstacles, the rigid bodies' surfaces and the volumes' surface triangles, within
// a margin of how far the bodies may move over the step.
#include <vector>

#include "ripple/coupling/monolith/elastic_volumes.hpp"
#include "ripple/coupling/monolith/frictional_contact.hpp"
#include "ripple/world/world.hpp"

namespace ripple {

/// `bodies`: the rigid bodies (their velocities predicted with gravity), `model_body` their
/// model bodies; `volumes` (null: none) begun for the step, `x_start` the model's vertex
/// positions (m) at the step's start; dt (s); t1 (s) the step's end, where the obstacles are.
std::vector<SolidContact> gather_step_contacts(const World& world, const std::vector<RigidBody>& bodies,
                                               const std::vector<int>& model_body, const ElasticVolumes* volumes,
                                               const std::vector<Vec3>& x_start, double dt, double t1);

}  // namespace ripple
