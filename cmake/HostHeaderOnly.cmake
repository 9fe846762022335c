# Under emcmake, find_package is confined to the Emscripten sysroot, and pointing a target at
# /usr/include drags the host libc headers into the wasm build (toolchain.md §1). Find Debian's
# header-only package anyway (for the version check and the target name), then point the target
# at a build-tree directory that holds only a link to the library's own header directory.
set(_gs_hho "${CMAKE_BINARY_DIR}/host-header-only")
file(MAKE_DIRECTORY "${_gs_hho}")
macro(gs_host_header_package pkg version target subdir)
  find_package(${pkg} ${version} REQUIRED CONFIG NO_CMAKE_FIND_ROOT_PATH)
  get_target_property(_gs_incs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  list(GET _gs_incs 0 _gs_inc)
  file(CREATE_LINK "${_gs_inc}/${subdir}" "${_gs_hho}/${subdir}" SYMBOLIC)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_gs_hho}")
endmacro()
