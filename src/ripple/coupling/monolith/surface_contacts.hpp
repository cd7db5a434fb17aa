#pragma once
// Contacts with the elastic volumes' surfaces (Takahashi & Batty 2022, Sec. 3.5): a rigid
// body's vertex, or another volume's surface vertex, near a volume's surface triangle, found by
// the solids' broad phase at the step's start. The contact's other side is the triangle's
// point nearest the vertex, moving with the triangle's vertices weighted by its barycentrics,
// so a rigid body resting on a volume, or two volumes pressed together, push on each other.
#include <vector>

#include "ripple/coupling/monolith/elastic_volumes.hpp"
#include "ripple/coupling/monolith/frictional_contact.hpp"

namespace ripple {

/// Vertices within `margin` (m) of another body's elastic surface triangle, one contact per
/// vertex (its nearest triangle), at vertex positions x (#V*3, the model's numbering).
/// `rigid_of_body`: per model body, its index in `bodies` (-1: not a coupled rigid body).
std::vector<SolidContact> find_surface_contacts(const SolidModel& model, const VectorX& x, const ElasticVolumes& volumes,
                                                const std::vector<int>& rigid_of_body, double margin);

}  // namespace ripple
