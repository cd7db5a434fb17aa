#pragma once
// coupling.slip: the settings of the slip method (Robinson-Mosher, English & Fedkiw 2009), their
// schema and their parsing from the scene, with the checks that the scene's solids are ones it
// couples.
#include "ripple/scene/scene.hpp"
#include "ripple/scene/schema.hpp"

namespace ripple {

/// How the solids and the liquid affect each other: `two_way`, the liquid's pressure and the slip
/// constraints' forces act on the solids in the same solve (Sec. 5); `one_way`, the solids move
/// on their own and the liquid follows their normal velocity (Sec. 3-4).
enum class SlipSolids { two_way, one_way };

/// The condition at the solids: `slip`, only the normal velocity is constrained (the method);
/// `no_slip`, every component (the paper's comparison, Fig. 9).
enum class SlipCondition { slip, no_slip };

struct SlipSettings {
  SlipCondition condition = SlipCondition::slip;
  SlipSolids solids = SlipSolids::two_way;
  double tolerance = 1e-6;  ///< relative residual (2-norm) of the multiplier solve
  int max_iterations = 2000;
};

/// The schema of the coupling.slip block.
SchemaNode slip_settings_schema();

/// The settings of a validated scene, checked against its solids: throws InputError naming the
/// solid and key the method cannot couple.
SlipSettings slip_settings(const Scene& scene);

}  // namespace ripple
