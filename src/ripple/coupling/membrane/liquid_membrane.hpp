#pragma once
// The liquid's free surface as a Lagrangian triangle membrane of thickness h (Ruan et al. 2021,
// Sec. 4.2): #V particles with positions (m) and velocities (m/s), #F triangles facing out of
// the liquid. The membrane is closed: where the liquid touches a domain wall it is closed by
// triangles lying in the wall's plane (the wetted wall). Particles inside the wetted wall are
// held; those on its edge, the contact line (on a wall and in a free-surface triangle), slide
// along the wall's plane, pulled by the wall's wetting energy (capillary_force.hpp) until the
// membrane meets the wall at that side's contact angle.
#include <cstdint>
#include <vector>

#include "ripple/core/triangle_mesh.hpp"
#include "ripple/core/types.hpp"
#include "ripple/grid/array3.hpp"
#include "ripple/grid/grid_geometry.hpp"

namespace ripple {

struct LiquidMembrane {
  std::vector<Vec3> x;                       ///< #V particle positions (m)
  std::vector<Vec3> v;                       ///< #V particle velocities (m/s)
  std::vector<Eigen::Vector3i> triangles;    ///< #F, counter-clockwise seen from the air
  /// #V: the domain sides a particle lies on (bit s for side s: x_min, x_max, y_min, ...);
  /// 0 for a free particle.
  std::vector<uint8_t> wall;
  /// #V: the rigid body a particle is in contact with, its velocity the body's (Sec. 5.2's
  /// contact particles C); -1 for none.
  std::vector<int> body;

  size_t size() const { return x.size(); }
  /// A free particle: on no wall, in contact with no body; the solves find its velocity.
  bool free(size_t i) const { return wall[i] == 0 && body[i] < 0; }
  /// A triangle whose three particles share a wall lies in that wall's plane; one whose three
  /// particles touch the same body lies on it (one bridging two bodies is free surface). Neither is free surface: no surface energy, no weight
  /// in W, no mass.
  bool in_contact(const Eigen::Vector3i& t) const {
    const size_t a = static_cast<size_t>(t[0]), b = static_cast<size_t>(t[1]), c = static_cast<size_t>(t[2]);
    return (wall[a] & wall[b] & wall[c]) != 0 || (body[a] >= 0 && body[a] == body[b] && body[b] == body[c]);
  }
  /// The walls all three particles of t lie on (bits as `wall`); 0 when one touches a body.
  uint8_t wall_of(const Eigen::Vector3i& t) const {
    const size_t a = static_cast<size_t>(t[0]), b = static_cast<size_t>(t[1]), c = static_cast<size_t>(t[2]);
    if (body[a] >= 0 || body[b] >= 0 || body[c] >= 0) return 0;
    return static_cast<uint8_t>(wall[a] & wall[b] & wall[c]);
  }
  /// The membrane as a mesh (closed: its volume is the liquid's).
  TriangleMesh mesh() const;
};

/// The membrane of the liquid phi < 0 (phi: signed distance at the cells' centres of `grid`),
/// from a lattice `refinement` times finer than the grid (Ruan et al. 2021 use 2), closed on
/// the walls; velocities zero.
LiquidMembrane build_membrane(const ScalarGrid& phi, const GridGeometry& grid, int refinement);

/// Per particle, the axes (bit a for axis a) along which the solves find its velocity: all
/// three for a free particle; for a particle on the contact line at a wall, the axes its walls
/// do not block; none for the others (inside the wetted wall, or touching a body).
std::vector<uint8_t> solved_axes(const LiquidMembrane& m);

/// Particles touching no body within `reach` (m) of a domain side they are not on (or past it)
/// are put on it and join that wall, where no triangle around them would turn over or come to
/// lie on the wall facing into the domain (a flap over the wetted wall): the liquid touches the
/// wall there. Without it, the surface the flow presses against a wall would crowd along it as
/// a film the grid cannot see, and the contact line could slide past the walls it meets.
/// Their velocities across their walls are zeroed. Returns how many joined.
int64_t attach_to_walls(LiquidMembrane& m, const GridGeometry& grid, double reach);

/// Whether triangle (a, b, c), lying on the walls `walls` (bits as LiquidMembrane::wall), faces
/// out of the domain through each of them, as the membrane's wall triangles do; true for none.
bool wall_triangle_faces_out(const Vec3& a, const Vec3& b, const Vec3& c, unsigned walls);

/// Marks the particles lying on the domain's sides (within 1e-9 dx).
void mark_wall_particles(LiquidMembrane& m, const GridGeometry& grid);

/// Per particle, the sum of its triangles' area-weighted normals A_t n_t (m^2); a third of it is
/// the enclosed volume's gradient.
std::vector<Vec3> area_normals(const LiquidMembrane& membrane);

/// Lumped particle masses (kg): m_i = rho h sum_t A_t / 3 over the triangles around i not in
/// contact
/// (Sec. 4.2), rho the liquid's density (kg/m^3), h the thickness (m).
std::vector<double> membrane_masses(const LiquidMembrane& m, double density, double thickness);

}  // namespace ripple
