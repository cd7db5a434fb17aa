#pragma once
// Particle <-> grid velocity transfers on the MAC grid with trilinear weights.
// APIC: Jiang et al. 2015 (affine matrix C_p = sum_i u_i grad w_ip^T for multilinear weights).
// FLIP/PIC blend: Zhu & Bridson 2005.
#include "ripple/fluid/particle_bins.hpp"
#include "ripple/fluid/pressure_projection.hpp"

namespace ripple {

/// Particle -> grid. Faces that received weight are flagged valid; others are set to zero.
void particles_to_grid(const Particles& p, const ParticleBins& bins, const GridGeometry& g, bool affine,
                       MacVelocity& velocity, FaceFlags& valid);

/// Grid -> particle, APIC (velocity and affine matrix from the new grid velocity).
void grid_to_particles_apic(Particles& p, const GridGeometry& g, const MacVelocity& velocity);

/// Grid -> particle, FLIP/PIC blend: v = blend (v + u_new - u_old) + (1 - blend) u_new.
void grid_to_particles_flip(Particles& p, const GridGeometry& g, const MacVelocity& velocity,
                            const MacVelocity& old_velocity, double blend);

}  // namespace ripple
