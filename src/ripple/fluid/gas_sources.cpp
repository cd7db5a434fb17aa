#include "ripple/fluid/gas_sources.hpp"

#include <cmath>

#include "ripple/core/errors.hpp"
#include "ripple/solid/shape_sdf.hpp"

namespace ripple {

std::vector<GasSourceCells> gas_source_cells(const Scene& s) {
  const GridGeometry& g = s.grid;
  std::vector<GasSourceCells> out;
  for (const GasSourceDesc& d : s.fluid.gas.sources) {
    const ShapeSdf sdf(d.shape, 0.5 * g.dx);
    GasSourceCells c;
    c.pointer = d.pointer;
    c.velocity = d.velocity;
    c.smoke = d.smoke;
    c.temperature = d.temperature;
    c.markers_per_second = d.markers_per_second;
    for (int k = 0; k < g.n.z(); ++k)
      for (int j = 0; j < g.n.y(); ++j)
        for (int i = 0; i < g.n.x(); ++i)
          if (sdf(g.cell_center(i, j, k)) < 0.0) c.cells.push_back(i + int64_t(g.n.x()) * (j + int64_t(g.n.y()) * k));
    if (c.cells.empty())
      throw InputError(s.source_path + ": " + d.pointer,
                       "the source holds no cell centre at this resolution (dx = " + std::to_string(g.dx) +
                           " m): make it larger");
    // A still source only emits: its faces stay free (closed faces at rest would be a solid).
    for (int a = 0; a < 3 && d.velocity != Vec3::Zero(); ++a) {
      const Vec3i fd = g.face_dims(a);
      for (int k = 0; k < fd.z(); ++k)
        for (int j = 0; j < fd.y(); ++j)
          for (int i = 0; i < fd.x(); ++i)
            if (sdf(g.face_center(a, i, j, k)) < 0.0) c.faces[a].push_back(i + int64_t(fd.x()) * (j + int64_t(fd.y()) * k));
    }
    out.push_back(std::move(c));
  }
  const bool open_side = s.any_open_side();
  const double inflow = gas_source_inflow(out, g);
  if (!open_side && std::abs(inflow) > 1e-9 * g.dx * g.dx)
    throw InputError(s.source_path + ": /fluid/gas/sources",
                     "the sources blow " + std::to_string(inflow) +
                         " m^3/s of gas through the domain's sides, but every side is a wall: make a side `open` "
                         "(domain.boundary) for the gas to leave, or move the sources off the walls");
  return out;
}

double gas_source_inflow(const std::vector<GasSourceCells>& sources, const GridGeometry& g) {
  double flux = 0.0;
  for (const GasSourceCells& c : sources)
    for (int a = 0; a < 3; ++a) {
      const Vec3i fd = g.face_dims(a);
      for (int64_t f : c.faces[a]) {
        const int64_t along = a == 0 ? f % fd.x() : a == 1 ? (f / fd.x()) % fd.y() : f / (int64_t(fd.x()) * fd.y());
        if (along == 0) flux += c.velocity[a] * g.dx * g.dx;
        if (along == g.n[a]) flux -= c.velocity[a] * g.dx * g.dx;
      }
    }
  return flux;
}

void emit_gas_sources(const std::vector<GasSourceCells>& sources, LiquidState& gas) {
  for (const GasSourceCells& c : sources)
    for (int64_t cell : c.cells) {
      gas.smoke[cell] = c.smoke;
      gas.temperature[cell] = c.temperature;
    }
}

void apply_gas_sources(const std::vector<GasSourceCells>& sources, LiquidState& gas, SolidBoundary& boundary) {
  emit_gas_sources(sources, gas);
  for (const GasSourceCells& c : sources) {
    for (int a = 0; a < 3; ++a)
      for (int64_t f : c.faces[a]) {
        gas.velocity.u[a][f] = c.velocity[a];
        boundary.face_open[a][f] = 0.0;
        boundary.velocity.u[a][f] = c.velocity[a];
      }
  }
}

}  // namespace ripple
