#include <gtest/gtest.h>

#include <cstdlib>  // defines __GLIBC__ under glibc
#include <vector>

#include "ripple/core/allocator_policy.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace ripple {

// Under the policy a 16 MiB buffer comes from the heap, not from a mapping of its own that
// freeing it would hand back to the kernel (glibc maps such blocks by default).
TEST(AllocatorPolicy, LargeBuffersComeFromTheHeap) {
#if defined(__GLIBC__)
  keep_freed_memory_for_reuse();
  const size_t mapped_before = mallinfo2().hblkhd;
  {
    std::vector<double> buffer(2 << 20, 1.0);  // 16 MiB
    EXPECT_EQ(mallinfo2().hblkhd, mapped_before);
    EXPECT_EQ(buffer.back(), 1.0);
  }
  std::vector<char> larger(64 << 20, 0);  // past the 32 MiB threshold: mapped as before
  EXPECT_GT(mallinfo2().hblkhd, mapped_before);
#else
  GTEST_SKIP() << "not glibc";
#endif
}

}  // namespace ripple
