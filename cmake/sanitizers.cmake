# Instrumented builds (docs/reliability.md). Included before any target is made, so the flags
# reach every library, the executable and the tests alike.
#   RIPPLE_SANITIZE  AddressSanitizer + UndefinedBehaviorSanitizer; any finding aborts the
#                    process, so a test or scene run fails instead of printing and going on.
#   RIPPLE_FUZZ      libFuzzer harnesses of tests/fuzz (clang only; implies RIPPLE_SANITIZE).
#                    The libraries get coverage instrumentation (-fsanitize=fuzzer-no-link);
#                    only the harness executables link the fuzzer's main.
option(RIPPLE_SANITIZE "Build every target with ASan + UBSan (use clang++)" OFF)
option(RIPPLE_FUZZ "Build the libFuzzer harnesses in tests/fuzz (clang++; implies RIPPLE_SANITIZE)" OFF)

if(RIPPLE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "RIPPLE_FUZZ needs clang++ (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
  endif()
  set(RIPPLE_SANITIZE ON CACHE BOOL "" FORCE)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

if(RIPPLE_SANITIZE)
  set(RIPPLE_SANITIZE_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=undefined
      -fno-omit-frame-pointer)
  add_compile_options(${RIPPLE_SANITIZE_FLAGS})
  add_link_options(${RIPPLE_SANITIZE_FLAGS})
endif()
