include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(KIFU_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/kifu")

install(TARGETS kifu EXPORT kifuTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY include/kifu DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${PROJECT_BINARY_DIR}/generated/include/kifu/version.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kifu)
if(TARGET kifu_cli)
  install(TARGETS kifu_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(EXPORT kifuTargets NAMESPACE kifu:: DESTINATION ${KIFU_CMAKE_DIR})
configure_package_config_file(cmake/kifuConfig.cmake.in "${PROJECT_BINARY_DIR}/kifuConfig.cmake"
                              INSTALL_DESTINATION ${KIFU_CMAKE_DIR})
write_basic_package_version_file("${PROJECT_BINARY_DIR}/kifuConfigVersion.cmake"
                                 COMPATIBILITY SameMinorVersion)
install(FILES "${PROJECT_BINARY_DIR}/kifuConfig.cmake" "${PROJECT_BINARY_DIR}/kifuConfigVersion.cmake"
        DESTINATION ${KIFU_CMAKE_DIR})

# pkg-config: `pkg-config --cflags --libs kifu` (add --static for the archive's own needs).
# The prefix is the one given at install time (cmake --install --prefix ...).
install(CODE "
  set(CMAKE_INSTALL_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(CMAKE_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(CMAKE_INSTALL_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(PROJECT_DESCRIPTION \"${PROJECT_DESCRIPTION}\")
  set(PROJECT_VERSION \"${PROJECT_VERSION}\")
  configure_file(\"${PROJECT_SOURCE_DIR}/cmake/kifu.pc.in\"
                 \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/kifu.pc\" @ONLY)
")
