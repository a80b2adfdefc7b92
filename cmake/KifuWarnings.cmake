# Project-wide compiler settings applied through an interface target, so that
# nothing leaks into the flags of projects that consume an installed kifu.
add_library(kifu_build_options INTERFACE)
target_compile_options(kifu_build_options INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                       -Wno-sign-conversion)
if(KIFU_WERROR)
  target_compile_options(kifu_build_options INTERFACE -Werror)
endif()
if(KIFU_SANITIZE)
  # UBSan's null and alignment checks are left out: at -O0 under ASan their static data is
  # five sixths of a file's (2.2 of 2.7 MB), which every test process registers with ASan at
  # its start and scans for leaks at its end, and they cost a quarter of the compile time.
  # A null dereference still stops the run (ASan reports the SEGV with its stack); x86-64
  # does not trap on alignment, and the binary readers copy bytes with memcpy.
  set(_kifu_san -fsanitize=address,undefined -fno-sanitize=null,alignment -fno-sanitize-recover=all
                -fno-omit-frame-pointer)
  target_compile_options(kifu_build_options INTERFACE ${_kifu_san})
  target_link_options(kifu_build_options INTERFACE ${_kifu_san})
  # The programs at a fixed address: a position-independent one spent half its start (0.35 of
  # 0.68 s, each of the ~650 test processes and every kifu a CLI test runs) relocating the
  # 4.5 million pointers of the instrumentation's data.
  target_link_options(kifu_build_options INTERFACE $<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:-no-pie>)
endif()
if(KIFU_BUILD_FUZZ)
  # The library is instrumented for coverage; only the fuzz targets link libFuzzer's main.
  target_compile_options(kifu_build_options INTERFACE -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                         -fno-omit-frame-pointer)
  target_link_options(kifu_build_options INTERFACE -fsanitize=address,undefined)
endif()
