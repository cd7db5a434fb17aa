#pragma once
// Cell-centred grids as a volume file: legacy VTK STRUCTURED_POINTS (binary, big-endian float32),
// which ParaView, VisIt, Houdini (via its VTK importer) and Python (meshio, pyvista) open.
#include <string>
#include <utility>
#include <vector>

#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

/// One named scalar field, cell-centred on the grid (its dims must be grid.n).
using VolumeField = std::pair<std::string, const ScalarGrid*>;

/// Writes the fields as point data of a structured-points data set whose points are the grid's
/// cell centres (origin = grid.origin + dx/2, spacing dx). Atomic (temporary file + rename).
void write_vtk_volume(const std::string& path, const GridGeometry& grid, const std::vector<VolumeField>& fields);

/// Reads back the fields of a file written by write_vtk_volume (for tests and tools): their
/// names and values, each in the grid's index order.
std::vector<std::pair<std::string, std::vector<float>>> read_vtk_volume(const std::string& path, Vec3i& dims);

}  // namespace ripple
