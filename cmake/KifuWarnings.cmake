# Project-wide compiler settings applied through an interface target, so that
# nothing leaks into the flags of projects that consume an installed kifu.
add_library(kifu_build_options INTERFACE)
target_compile_options(kifu_build_options INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                       -Wno-sign-conversion)
if(KIFU_WERROR)
  target_compile_options(kifu_build_options INTERFACE -Werror)
endif()
if(KIFU_SANITIZE)
  set(_kifu_san -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_compile_options(kifu_build_options INTERFACE ${_kifu_san})
  target_link_options(kifu_build_options INTERFACE ${_kifu_san})
endif()
if(KIFU_BUILD_FUZZ)
  # The library is instrumented for coverage; only the fuzz targets link libFuzzer's main.
  target_compile_options(kifu_build_options INTERFACE -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                         -fno-omit-frame-pointer)
  target_link_options(kifu_build_options INTERFACE -fsanitize=address,undefined)
endif()
