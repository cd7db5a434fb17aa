#pragma once
// coupling.monolith: the settings of ElastoMonolith (Takahashi & Batty 2022), their schema and
// their parsing from the scene, with the checks that the scene's solids are ones it couples.
#include "ripple/coupling/monolith/frictional_contact.hpp"
#include "ripple/coupling/monolith/monolithic_newton.hpp"
#include "ripple/scene/scene.hpp"
#include "ripple/scene/schema.hpp"

namespace ripple {

/// How MPRGP preconditions the pressure rows (the contact rows always by their diagonal).
enum class MonolithPreconditioner { multigrid, jacobi };

struct MonolithSettings {
  FrictionalContactSettings contact;  ///< Baumgarte share, friction updates, MPRGP tolerance and cap
  MonolithPreconditioner preconditioner = MonolithPreconditioner::multigrid;
  int newton_iterations = 20;      ///< cap on the Newton iterations of a step with elastic volumes
  double newton_tolerance = 1e-3;  ///< cells: a Newton update moving no vertex farther ends the step
  ElasticSplit elastic_split = ElasticSplit::schur;  ///< how the elastic stiffness enters the solve
};

/// The schema of the coupling.monolith block.
SchemaNode monolith_settings_schema();

/// The settings of a validated scene, checked against its liquid and solids: throws InputError
/// naming the solid and key the method cannot couple.
MonolithSettings monolith_settings(const Scene& scene);

}  // namespace ripple
