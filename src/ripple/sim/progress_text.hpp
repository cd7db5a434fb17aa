#pragma once
// The one-line progress report of a frame ("frame 3/60  t=0.0500s  ..."), shown live by the
// command line program: the liquid's volume change where there is liquid, the solids' Newton
// iterations and smallest contact gap where there are solids.
#include <string>

#include "ripple/sim/simulation.hpp"

namespace ripple {

std::string format_progress(const ProgressInfo& info);

/// "12.3s", "4m05s", "2h10m"; "?" when not finite.
std::string format_duration(double seconds);

}  // namespace ripple
