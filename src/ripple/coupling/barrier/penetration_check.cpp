#include "ripple/coupling/barrier/penetration_check.hpp"

#include <algorithm>
#include <limits>

#include "ripple/grid/interpolation.hpp"

namespace ripple {

PenetrationReport check_penetration(const GridGeometry& g, const ScalarGrid& phi, const CollisionMesh& mesh,
                                    const VectorX& x, const std::vector<uint8_t>& coupled) {
  PenetrationReport r;
  r.min_distance = std::numeric_limits<double>::infinity();
  for (int v = 0; v < mesh.num_vertices; ++v) {
    if (!coupled.empty() && !coupled[static_cast<size_t>(v)]) continue;
    const double d = sample(phi, g, cell_sample_offset(), Vec3(x.segment<3>(3 * v))) - mesh.thickness[v];
    r.min_distance = std::min(r.min_distance, d);
    r.penetrating += d < 0.0;
  }
  return r;
}

}  // namespace ripple
