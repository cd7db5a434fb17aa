#include "ripple/fluid/particle_transfer.hpp"

#include <cmath>

namespace ripple {
namespace {

// Trilinear stencil of one particle on one staggered face grid: the eight samples are
// base + {0,1} * {sx, sy, sz}; w[e][d] is the 1D weight and r[e][d] the sample's offset from
// the particle along axis e in cells (x_f - x_p) / dx, used by the APIC affine term. An axis
// with a single sample gets stride 0 and weights (1, 0).
struct FaceStencil {
  int64_t base = 0, sx = 1, sy = 0, sz = 0;
  double w[3][2], r[3][2];

  FaceStencil(const Vec3& s_cell, int axis, const Vec3i& dims) {
    int b[3];
    for (int e = 0; e < 3; ++e) {
      const double s = s_cell[e] - (e == axis ? 0.0 : 0.5);  // index space of this face grid
      double f;
      linear_stencil(s, dims[e], b[e], f);
      w[e][0] = 1.0 - f;
      w[e][1] = f;
      r[e][0] = b[e] - s;
      r[e][1] = b[e] + 1 - s;
    }
    const int64_t row = dims.x(), plane = static_cast<int64_t>(dims.x()) * dims.y();
    base = b[0] + row * b[1] + plane * b[2];
    sx = dims.x() > 1 ? 1 : 0;
    sy = dims.y() > 1 ? row : 0;
    sz = dims.z() > 1 ? plane : 0;
  }
};

// Particle position in cell-index units (cell (i,j,k) spans [i, i+1) on each axis).
inline Vec3 cell_units(const Vec3f& x, const GridGeometry& g, double inv_dx) {
  return (x.cast<double>() - g.origin) * inv_dx;
}

}  // namespace

void particles_to_grid(const Particles& p, const ParticleBins& bins, const GridGeometry& g, bool affine,
                       MacVelocity& velocity, FaceFlags& valid) {
  std::array<ScalarGrid, 3> weight;
  for (int a = 0; a < 3; ++a) {
    const Vec3i fd = g.face_dims(a);
    velocity.u[a].resize(fd.x(), fd.y(), fd.z(), 0.0);
    weight[a].resize(fd.x(), fd.y(), fd.z(), 0.0);
  }
  const double inv_dx = 1.0 / g.dx;
  for_cells_in_colored_slabs(g, [&](const Vec3i& cell) {
    const int64_t c = cell.x() + static_cast<int64_t>(g.n.x()) * (cell.y() + static_cast<int64_t>(g.n.y()) * cell.z());
    for (int64_t q = bins.start[c]; q < bins.start[c + 1]; ++q) {
      const Vec3 s = cell_units(p.x[q], g, inv_dx);
      for (int a = 0; a < 3; ++a) {
        double* u = velocity.u[a].data().data();
        double* wsum = weight[a].data().data();
        const FaceStencil st(s, a, velocity.u[a].dims());
        // APIC (Jiang et al. 2015): u_f += w (v_a + C_a . (x_f - x_p)), split per axis.
        double g_dx[3] = {0.0, 0.0, 0.0};
        if (affine)
          for (int e = 0; e < 3; ++e) g_dx[e] = static_cast<double>(p.c[q](a, e)) * g.dx;
        const double va = p.v[q][a];
        for (int dk = 0; dk < 2; ++dk)
          for (int dj = 0; dj < 2; ++dj) {
            const double wyz = st.w[1][dj] * st.w[2][dk];
            const double vyz = va + g_dx[1] * st.r[1][dj] + g_dx[2] * st.r[2][dk];
            const int64_t row = st.base + dj * st.sy + dk * st.sz;
            for (int di = 0; di < 2; ++di) {
              const double w = st.w[0][di] * wyz;
              u[row + di * st.sx] += w * (vyz + g_dx[0] * st.r[0][di]);
              wsum[row + di * st.sx] += w;
            }
          }
      }
    }
  });
  for (int a = 0; a < 3; ++a) {
    ScalarGrid& u = velocity.u[a];
    valid[a].resize(u.nx(), u.ny(), u.nz(), 0);
    parallel_for(0, u.size(), [&](int64_t idx) {
      const double w = weight[a][idx];
      if (w > 1e-12) { u[idx] /= w; valid[a][idx] = 1; }
      else { u[idx] = 0.0; valid[a][idx] = 0; }
    });
  }
}

void grid_to_particles_apic(Particles& p, const GridGeometry& g, const MacVelocity& velocity) {
  const double inv_dx = 1.0 / g.dx;
  parallel_for(0, static_cast<int64_t>(p.size()), [&](int64_t q) {
    const Vec3 s = cell_units(p.x[q], g, inv_dx);
    Vec3f v;
    Mat3f c;
    for (int a = 0; a < 3; ++a) {
      const double* u = velocity.u[a].data().data();
      const FaceStencil st(s, a, velocity.u[a].dims());
      // v_a = sum w u_f; row a of C = sum u_f grad w (Jiang et al. 2015, multilinear weights).
      double va = 0.0, gx = 0.0, gy = 0.0, gz = 0.0;
      for (int dk = 0; dk < 2; ++dk)
        for (int dj = 0; dj < 2; ++dj) {
          const int64_t row = st.base + dj * st.sy + dk * st.sz;
          const double u0 = u[row], u1 = u[row + st.sx];
          const double ux = st.w[0][0] * u0 + st.w[0][1] * u1;  // interpolated along x
          const double dux = u1 - u0;                            // x-derivative (per cell)
          const double wy = st.w[1][dj], wz = st.w[2][dk];
          const double sy = dj ? 1.0 : -1.0, sz = dk ? 1.0 : -1.0;
          va += wy * wz * ux;
          gx += wy * wz * dux;
          gy += sy * wz * ux;
          gz += wy * sz * ux;
        }
      v[a] = static_cast<float>(va);
      c(a, 0) = static_cast<float>(gx * inv_dx);
      c(a, 1) = static_cast<float>(gy * inv_dx);
      c(a, 2) = static_cast<float>(gz * inv_dx);
    }
    p.v[q] = v;
    p.c[q] = c;
  });
}

void grid_to_particles_flip(Particles& p, const GridGeometry& g, const MacVelocity& velocity,
                            const MacVelocity& old_velocity, double blend) {
  parallel_for(0, static_cast<int64_t>(p.size()), [&](int64_t q) {
    const Vec3 xp = p.x[q].cast<double>();
    const Vec3 u_new = velocity.sample(g, xp), u_old = old_velocity.sample(g, xp);
    const Vec3 v = blend * (p.v[q].cast<double>() + u_new - u_old) + (1.0 - blend) * u_new;
    p.v[q] = v.cast<float>();
    p.c[q].setZero();
  });
}

}  // namespace ripple
