# SPDX-License-Identifier: GPL-3.0-or-later
# Which linker the C++ targets use: "auto" (the default) takes LLVM's lld
# when the compiler can drive it, else the system's; "lld" requires it;
# "system" keeps the compiler's own (GNU ld). The program is the same
# either way; lld links the tests about three times faster (an ASan test:
# 3.5 s with GNU ld, 1.1 s with lld, alone on the development machine), and
# the sanitizer builds link some seventy of them.
set(SHARESCOPE_LINKER auto CACHE STRING "Linker of the C++ targets: auto, lld or system")
set_property(CACHE SHARESCOPE_LINKER PROPERTY STRINGS auto lld system)
if(NOT SHARESCOPE_LINKER MATCHES "^(auto|lld|system)$")
  message(FATAL_ERROR "SHARESCOPE_LINKER is '${SHARESCOPE_LINKER}'; it takes auto, lld or system")
endif()
if(NOT SHARESCOPE_LINKER STREQUAL "system")
  include(CheckLinkerFlag)
  check_linker_flag(CXX -fuse-ld=lld SHARESCOPE_HAVE_LLD)
  if(SHARESCOPE_HAVE_LLD)
    # C++ links only: nvcc, where it links, is not told about it.
    add_link_options("$<$<LINK_LANGUAGE:CXX>:-fuse-ld=lld>")
  elseif(SHARESCOPE_LINKER STREQUAL "lld")
    message(FATAL_ERROR "SHARESCOPE_LINKER is lld, and ${CMAKE_CXX_COMPILER} cannot link with -fuse-ld=lld (Debian: apt-get install lld)")
  endif()
endif()
add_feature_info(Lld SHARESCOPE_HAVE_LLD "links with LLVM's lld")
