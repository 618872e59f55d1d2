# SPDX-License-Identifier: GPL-3.0-or-later
# How much debug information the RelWithDebInfo and Debug builds carry:
# "full" (-g, the default), or "lines" (-g1: functions, files and lines, which
# is what backtraces and the sanitizers' reports print; no variables for a
# debugger). "lines" compiles about a third faster (the report's JSON units:
# 21 s with -g, 14.5 s with -g1, alone on the development machine); CI uses it.
set(SHARESCOPE_DEBUG_INFO full CACHE STRING "Debug information: full (-g) or lines (-g1)")
set_property(CACHE SHARESCOPE_DEBUG_INFO PROPERTY STRINGS full lines)
if(NOT SHARESCOPE_DEBUG_INFO MATCHES "^(full|lines)$")
  message(FATAL_ERROR "SHARESCOPE_DEBUG_INFO is '${SHARESCOPE_DEBUG_INFO}'; it takes full or lines")
endif()
add_feature_info(DebugInfoLinesOnly "SHARESCOPE_DEBUG_INFO STREQUAL lines" "debug information of files and lines only (-g1)")
if(SHARESCOPE_DEBUG_INFO STREQUAL "lines")
  # After CMAKE_<LANG>_FLAGS_<CONFIG> on the command line: the last -g wins.
  add_compile_options("$<$<AND:$<COMPILE_LANGUAGE:C,CXX>,$<CONFIG:RelWithDebInfo,Debug>>:-g1>")
endif()
