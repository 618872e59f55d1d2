# SPDX-License-Identifier: GPL-3.0-or-later
# Precompiled headers: Qt's module headers and QCustomPlot's take seconds to
# parse, again in every file of every target; parsed once per target (once
# for all the tests), a clean build on two cores takes minutes less.
# Sources still include what they use: the build is the same without them.
option(SHARESCOPE_PCH "Precompile the heavy headers (Qt, QCustomPlot)" ON)
add_feature_info(PrecompiledHeaders SHARESCOPE_PCH "Qt and QCustomPlot headers parsed once per target")

function(sharescope_pch target)
  if(SHARESCOPE_PCH)
    target_precompile_headers(${target} PRIVATE ${ARGN})
    # A header that cannot be used says so instead of costing time silently.
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Winvalid-pch>)
  endif()
endfunction()

# Targets that share one precompiled header (the tests): compiled with the
# same options as `from`.
function(sharescope_pch_reuse target from)
  if(SHARESCOPE_PCH)
    target_precompile_headers(${target} REUSE_FROM ${from})
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Winvalid-pch>)
  endif()
endfunction()
