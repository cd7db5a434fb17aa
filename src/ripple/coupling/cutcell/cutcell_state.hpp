#pragma once
// What the cut-cell coupling (Zarifi & Batty 2017) keeps between its phases and steps besides
// the liquid and the solids: its settings, which solid unknowns it couples, and this step's
// geometry (the bodies' signed distance at grid nodes and their surface cut by the cells).
#include <array>
#include <vector>

#include "ripple/coupling/cutcell/coupled_solids.hpp"
#include "ripple/coupling/cutcell/cutcell_settings.hpp"
#include "ripple/grid/surface_cut_cells.hpp"
#include "ripple/grid/array3.hpp"

namespace ripple {

/// A contact the step's projection holds: the relative normal velocity
/// sum_i weights[i] normal . v(vertices[i]) stays near zero (a stiff spring, coupled_projection).
/// One vertex for a wall or obstacle (weight 1, the boundary's outward normal); a point-triangle
/// or edge-edge pair between coupled bodies otherwise (closest-point weights, normal from B to A).
struct HeldContact {
  std::array<int, 4> vertices{-1, -1, -1, -1};  ///< model vertices
  std::array<double, 4> weights{};
  int count = 0;
  Vec3 normal = Vec3::UnitY();
  double normal_velocity = 0.0;  ///< m/s: the boundary's own along `normal` (a moving obstacle; 0 for walls)
  int pair_type = -1;     ///< ContactStencil::Type of a pair of bodies; -1 for a wall or obstacle
  double stiffness = 0.0; ///< kg/s, the spring's k (set by the projection's assembly)
  double force = 0.0;     ///< N, the normal force it carried in the projection (>= 0 pushes apart);
                          ///< the next step's friction on the pair is mu times this (body_contact)
};

struct CutCellCouplingState {
  CutCellSettings settings;          ///< coupling.cutcell
  CoupledSolids solids;              ///< built once, at the start of the run
  ScalarGrid body_phi;               ///< m, the coupled bodies' signed distance at grid nodes
  std::vector<SurfacePiece> pieces;  ///< their surface cut by the cells, sorted by cell
  /// Contacts this step's projection holds at zero normal velocity: free vertices put back on a
  /// wall or obstacle, and pairs of bodies the contact filter pushed apart (solid_motion.hpp).
  std::vector<HeldContact> held;
  /// The coupled bodies' surfaces without walls and obstacles, for their mutual contact
  /// (body_contact.hpp); built once with `solids`.
  CollisionMesh body_collision;
};

}  // namespace ripple
