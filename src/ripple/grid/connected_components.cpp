#include "ripple/grid/connected_components.hpp"

namespace ripple {

CellComponents label_components(const Vec3i& n, const std::vector<uint8_t>& inside) {
  CellComponents out;
  out.label.resize(n.x(), n.y(), n.z(), -1);
  Array3<int>& label = out.label;
  std::vector<int64_t> stack;
  for (int64_t start = 0; start < label.size(); ++start) {
    if (label[start] >= 0 || !inside[static_cast<size_t>(start)]) continue;
    const int id = out.count++;
    label[start] = id;
    stack.assign(1, start);
    while (!stack.empty()) {  // depth-first flood fill
      const Vec3i c = label.coords(stack.back());
      stack.pop_back();
      for (int a = 0; a < 3; ++a)
        for (int s : {-1, 1}) {
          Vec3i q = c;
          q[a] += s;
          if (!label.in_range(q.x(), q.y(), q.z())) continue;
          const int64_t qi = label.index(q.x(), q.y(), q.z());
          if (label[qi] >= 0 || !inside[static_cast<size_t>(qi)]) continue;
          label[qi] = id;
          stack.push_back(qi);
        }
    }
  }
  return out;
}

}  // namespace ripple
