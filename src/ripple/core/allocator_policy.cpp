#include "ripple/core/allocator_policy.hpp"

#include <cstdlib>  // defines __GLIBC__ under glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ripple {

void keep_freed_memory_for_reuse() {
#if defined(__GLIBC__)
  // 32 MiB is glibc's largest mmap threshold on 64-bit systems; larger blocks are still mapped
  // and unmapped each time.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

}  // namespace ripple
