#include "ripple/fluid/particle_transfer.hpp"

#include <cmath>

namespace ripple {
namespace {

struct Stencil {
  int base[3];
  double frac[3];
};

Stencil stencil_for(const Vec3& x, const GridGeometry& g, int axis, const Vec3i& dims) {
  Stencil s;
  const Vec3 q = g.to_index_space(x, face_sample_offset(axis));
  for (int d = 0; d < 3; ++d) linear_stencil(q[d], dims[d], s.base[d], s.frac[d]);
  return s;
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
  for_cells_in_colored_slabs(g, [&](const Vec3i& cell) {
    const int64_t c = cell.x() + static_cast<int64_t>(g.n.x()) * (cell.y() + static_cast<int64_t>(g.n.y()) * cell.z());
    for (int64_t q = bins.start[c]; q < bins.start[c + 1]; ++q) {
      const Vec3 xp = p.x[q].cast<double>();
      for (int a = 0; a < 3; ++a) {
        ScalarGrid& u = velocity.u[a];
        ScalarGrid& wsum = weight[a];
        const Stencil s = stencil_for(xp, g, a, u.dims());
        const Vec3 grad_row = affine ? Vec3(p.c[q].row(a).cast<double>().transpose()) : Vec3::Zero();
        const double va = p.v[q][a];
        for (int corner = 0; corner < 8; ++corner) {
          const int di = corner & 1, dj = (corner >> 1) & 1, dk = (corner >> 2) & 1;
          const double w = (di ? s.frac[0] : 1 - s.frac[0]) * (dj ? s.frac[1] : 1 - s.frac[1]) *
                           (dk ? s.frac[2] : 1 - s.frac[2]);
          if (w == 0.0) continue;
          const int i = s.base[0] + di, j = s.base[1] + dj, k = s.base[2] + dk;
          const Vec3 xf = g.origin + g.dx * (Vec3(i, j, k) + face_sample_offset(a));
          const int64_t idx = u.index(i, j, k);
          u[idx] += w * (va + grad_row.dot(xf - xp));
          wsum[idx] += w;
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
  parallel_for(0, static_cast<int64_t>(p.size()), [&](int64_t q) {
    const Vec3 xp = p.x[q].cast<double>();
    Vec3 v;
    Mat3 c;
    for (int a = 0; a < 3; ++a) {
      const ScalarGrid& u = velocity.u[a];
      const Stencil s = stencil_for(xp, g, a, u.dims());
      double va = 0.0;
      Vec3 grad = Vec3::Zero();
      for (int corner = 0; corner < 8; ++corner) {
        const int d[3] = {corner & 1, (corner >> 1) & 1, (corner >> 2) & 1};
        double wd[3], dwd[3];
        for (int e = 0; e < 3; ++e) {
          wd[e] = d[e] ? s.frac[e] : 1 - s.frac[e];
          dwd[e] = (d[e] ? 1.0 : -1.0) / g.dx;
        }
        const double uf = u(s.base[0] + d[0], s.base[1] + d[1], s.base[2] + d[2]);
        va += wd[0] * wd[1] * wd[2] * uf;
        grad += uf * Vec3(dwd[0] * wd[1] * wd[2], wd[0] * dwd[1] * wd[2], wd[0] * wd[1] * dwd[2]);
      }
      v[a] = va;
      c.row(a) = grad.transpose();
    }
    p.v[q] = v.cast<float>();
    p.c[q] = c.cast<float>();
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
