# SPDX-License-Identifier: GPL-3.0-or-later
# Warnings and sanitizers applied to the project's own targets only.
option(SHARESCOPE_SANITIZE "Build with AddressSanitizer and UBSan" OFF)
add_feature_info(Sanitizers SHARESCOPE_SANITIZE "AddressSanitizer and UndefinedBehaviorSanitizer")
# ThreadSanitizer cannot share a process with AddressSanitizer: its own
# preset (tsan) builds the threading tests with it.
option(SHARESCOPE_SANITIZE_THREAD "Build with ThreadSanitizer" OFF)
add_feature_info(ThreadSanitizer SHARESCOPE_SANITIZE_THREAD "ThreadSanitizer")
if(SHARESCOPE_SANITIZE AND SHARESCOPE_SANITIZE_THREAD)
  message(FATAL_ERROR "SHARESCOPE_SANITIZE and SHARESCOPE_SANITIZE_THREAD exclude each other; use the asan or the tsan preset")
endif()

# CI builds with it (SHARESCOPE_WERROR=ON in .ci/run, passed on by
# scripts/build.sh): a new warning fails the build there, not on a user's
# machine with another compiler.
option(SHARESCOPE_WERROR "Treat the project's own C++ warnings as errors" OFF)
add_feature_info(Werror SHARESCOPE_WERROR "warnings are errors")

function(sharescope_target_defaults target)
  # -Werror=switch in every build: a switch over an enum that misses a
  # value does not build, so a new mode (core/ids.h) cannot compile without
  # its catalogue row and the places that must handle it.
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wno-missing-field-initializers -Werror=switch>)
  if(SHARESCOPE_WERROR)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
  endif()
  if(SHARESCOPE_SANITIZE)
    target_compile_options(${target} PRIVATE
      $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined>)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
  if(SHARESCOPE_SANITIZE_THREAD)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=thread -fno-omit-frame-pointer>)
    target_link_options(${target} PRIVATE -fsanitize=thread)
  endif()
endfunction()

# Qt targets: no implicit conversions from char* to QString.
function(sharescope_qt_defaults target)
  sharescope_target_defaults(${target})
  target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII
    QT_NO_URL_CAST_FROM_STRING QT_USE_QSTRINGBUILDER)
endfunction()
