# `cmake --install build --prefix P` installs tacos as a CMake package:
# tools in P/bin, libraries in P/lib, headers (with the generated .inc files)
# in P/include, the Python package in P/python_packages/tacos, and
# P/lib/cmake/tacos/TACOSConfig.cmake, so that a project embedding tacos
# writes
#
#   find_package(TACOS REQUIRED CONFIG)   # also finds MLIR 22
#   target_link_libraries(mine PRIVATE TACOS::TACOSInitAll)
#
# Libraries made by add_mlir_library are already in the MLIRTargets export
# set (AddMLIR puts them there); the core libraries, plain CMake targets,
# join it here, and the set is installed under the TACOS:: namespace.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TACOS_CORE_LIBRARIES TACOSSupport TACOSNetwork TACOSCollective TACOSSimulation
  TACOSSynthesis TACOSVerification TACOSExecution TACOSLibraModel
  TACOSLibraSolver)
install(TARGETS ${TACOS_CORE_LIBRARIES} EXPORT MLIRTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

# Installed targets carry their include directory; MLIR's comes with
# find_package(MLIR) (MLIR_INCLUDE_DIRS), as for any MLIR project.
get_property(TACOS_MLIR_LIBRARIES GLOBAL PROPERTY MLIR_EXPORTS)
foreach(library ${TACOS_CORE_LIBRARIES} ${TACOS_MLIR_LIBRARIES})
  target_include_directories(${library} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()

# Installed binaries find libMLIR.so where the build found it (LLVM's
# default install run path is $ORIGIN/../lib only).
set_target_properties(tacos-opt tacos-translate tacos-run TACOSCAPI PROPERTIES
  INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")
set_target_properties(_tacos PROPERTIES INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
install(TARGETS tacos-opt tacos-translate tacos-run tacos-run-rank
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The Python package, laid out as in the build tree so that it finds the
# tools in ../../bin: PYTHONPATH=PREFIX/python_packages.
install(TARGETS _tacos LIBRARY DESTINATION python_packages/tacos)
install(DIRECTORY python/tacos/ DESTINATION python_packages/tacos
  FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
# The interpreter the module was built for, which `import tacos` names when
# it cannot load (python/tacos/_build.py.in).
install(FILES ${PROJECT_BINARY_DIR}/python_packages/tacos/_build.py
  DESTINATION python_packages/tacos)

install(DIRECTORY include/tacos include/tacos-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.td")
# The build tree's include/ also holds CMake's own CMakeFiles/ folders
# (tablegen targets'), which FILES_MATCHING would install empty.
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/tacos
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc" PATTERN "*.h"
  PATTERN "CMakeFiles" EXCLUDE)

set(TACOS_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/tacos)
install(EXPORT MLIRTargets NAMESPACE TACOS:: FILE TACOSTargets.cmake
  DESTINATION ${TACOS_CMAKE_DIR})
configure_package_config_file(cmake/TACOSConfig.cmake.in
  ${PROJECT_BINARY_DIR}/TACOSConfig.cmake
  INSTALL_DESTINATION ${TACOS_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/TACOSConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/TACOSConfig.cmake
  ${PROJECT_BINARY_DIR}/TACOSConfigVersion.cmake
  DESTINATION ${TACOS_CMAKE_DIR})
