# Installs the kifu build in KIFU_BUILD_DIR into a scratch prefix, then configures,
# builds and runs the consumer project against that prefix only.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "failed (${code}): ${ARGN}\n${out}\n${err}")
  endif()
  message(STATUS "${out}")
endfunction()

run(${CMAKE_COMMAND} --install "${KIFU_BUILD_DIR}" --prefix "${prefix}")
run(${CMAKE_COMMAND} -S "${CONSUMER_SOURCE_DIR}" -B "${WORK_DIR}/build" -G Ninja
    "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}"
    "-DCMAKE_EXE_LINKER_FLAGS=${CONSUMER_FLAGS}")
run(${CMAKE_COMMAND} --build "${WORK_DIR}/build")
run("${WORK_DIR}/build/consumer")
run("${WORK_DIR}/build/consumer_components")
# The core alone needs none of the components' libraries at run time.
execute_process(COMMAND ldd "${WORK_DIR}/build/consumer" OUTPUT_VARIABLE needed RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "ldd failed on the consumer")
endif()
foreach(library IN ITEMS libcairo libsqlite3 libarchive libgif libdeflate libfontconfig)
  string(FIND "${needed}" "${library}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "the core-only consumer needs ${library}:\n${needed}")
  endif()
endforeach()
message(STATUS "the core-only consumer needs none of cairo, SQLite, libarchive, giflib, libdeflate, fontconfig")
