#pragma once
// How the process's allocator treats the large buffers a step allocates and frees again (grids,
// sparse matrices, particle arrays): kept in the heap for the next step instead of handed back
// to the kernel, so that the next step does not fault every page of them in again. At 64^3 the
// slip projection spent about a sixth of its time in such page faults.

namespace ripple {

/// Keeps freed memory for reuse (glibc: allocations up to 32 MiB from the heap, the heap's top
/// never trimmed). The resident size stays at a run's peak. Call once, first thing in main; does
/// nothing with another C library.
void keep_freed_memory_for_reuse();

}  // namespace ripple
