include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(KIFU_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/kifu")

# One export set a component, so that find_package(kifu) looks for a component's
# dependencies (cairo, SQLite, ...) only when the component is asked for.
foreach(component IN ITEMS kifu:kifuTargets kifu_image:kifuImageTargets kifu_index:kifuIndexTargets
                           kifu_serve:kifuServeTargets)
  string(REPLACE ":" ";" pair "${component}")
  list(GET pair 0 target)
  list(GET pair 1 export)
  install(TARGETS ${target} EXPORT ${export}
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  install(EXPORT ${export} NAMESPACE kifu:: DESTINATION ${KIFU_CMAKE_DIR})
endforeach()
install(DIRECTORY include/kifu DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/generated/include/kifu/version.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kifu)
if(TARGET kifu_cli)
  install(TARGETS kifu_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

configure_package_config_file(cmake/kifuConfig.cmake.in "${PROJECT_BINARY_DIR}/kifuConfig.cmake"
                              INSTALL_DESTINATION ${KIFU_CMAKE_DIR})
write_basic_package_version_file("${PROJECT_BINARY_DIR}/kifuConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/kifuConfig.cmake" "${PROJECT_BINARY_DIR}/kifuConfigVersion.cmake"
        DESTINATION ${KIFU_CMAKE_DIR})

# pkg-config, a file a component: `pkg-config --cflags --libs kifu` (kifu-image, kifu-index,
# kifu-serve). Where only archives are installed, a program needs their dependencies in any
# link, so they are public (Requires, Libs); a shared library keeps them private. The prefix
# is the one given at install time (cmake --install --prefix ...).
if(BUILD_SHARED_LIBS)
  set(_kifu_pc_public "")
  set(_kifu_pc_private "1")
else()
  set(_kifu_pc_public "1")
  set(_kifu_pc_private "")
endif()
install(CODE "
  set(CMAKE_INSTALL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(CMAKE_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(CMAKE_INSTALL_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(PROJECT_DESCRIPTION \"${PROJECT_DESCRIPTION}\")
  set(PROJECT_VERSION \"${PROJECT_VERSION}\")
  set(pc_dir \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\")
  # Each component's own needs (dependencies: pkg-config modules; libraries: -l flags).
  set(kifu_deps \"fmt zlib libzstd liblzma icu-i18n icu-uc\")
  set(kifu_libs \"-lbz2 -pthread\")
  set(kifu-image_deps \"fmt zlib cairo freetype2 fontconfig libdeflate\")
  set(kifu-image_libs \"-lgif\")
  set(kifu-index_deps \"fmt sqlite3 libarchive\")
  set(kifu-index_libs \"\")
  set(kifu-serve_deps \"fmt\")
  set(kifu-serve_libs \"-pthread\")
  foreach(pc IN ITEMS kifu kifu-image kifu-index kifu-serve)
    set(PC_REQUIRES \"\")
    set(PC_REQUIRES_PRIVATE \"\")
    set(PC_LIBS \"\")
    set(PC_LIBS_PRIVATE \"\")
    if(\"${_kifu_pc_public}\")
      set(PC_REQUIRES \"\${\${pc}_deps}\")
      set(PC_LIBS \"\${\${pc}_libs}\")
    else()
      set(PC_REQUIRES_PRIVATE \"\${\${pc}_deps}\")
      set(PC_LIBS_PRIVATE \"\${\${pc}_libs}\")
    endif()
    configure_file(\"${PROJECT_SOURCE_DIR}/cmake/\${pc}.pc.in\" \"\${pc_dir}/\${pc}.pc\" @ONLY)
  endforeach()
")

# GCC's LTO: the archives are built with its intermediate code beside the object code (the
# tool links them with link-time optimisation), and g++ runs that optimisation on any link
# of objects that carry the code, -flto or not (1 min 35 s for a small program). The
# installed archives keep the object code alone: every compiler links them at once.
if(CMAKE_INTERPROCEDURAL_OPTIMIZATION AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT BUILD_SHARED_LIBS)
  install(CODE "
    foreach(lib IN ITEMS kifu kifu_image kifu_index kifu_serve)
      set(archive \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/lib\${lib}.a\")
      if(EXISTS \"\${archive}\")
        execute_process(COMMAND \"${CMAKE_OBJCOPY}\" -R \".gnu.lto_*\" -R \".gnu.debuglto_*\" \"\${archive}\"
                        RESULT_VARIABLE stripped)
        if(NOT stripped EQUAL 0)
          message(FATAL_ERROR \"cannot take the LTO code out of \${archive}\")
        endif()
      endif()
    endforeach()
  ")
endif()
