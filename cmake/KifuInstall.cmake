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
# kifu-serve; add --static for the archives' own needs). The prefix is the one given at
# install time (cmake --install --prefix ...).
install(CODE "
  set(CMAKE_INSTALL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(CMAKE_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(CMAKE_INSTALL_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(PROJECT_DESCRIPTION \"${PROJECT_DESCRIPTION}\")
  set(PROJECT_VERSION \"${PROJECT_VERSION}\")
  set(pc_dir \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig\")
  foreach(pc IN ITEMS kifu kifu-image kifu-index kifu-serve)
    configure_file(\"${PROJECT_SOURCE_DIR}/cmake/\${pc}.pc.in\" \"\${pc_dir}/\${pc}.pc\" @ONLY)
  endforeach()
")
