# SPDX-License-Identifier: GPL-3.0-or-later
# Run at build time (cmake -P), not at configure time, so that a commit made
# since configuring still shows in `sharescope --version`. Writes OUTPUT, a
# header defining SHARESCOPE_GIT_COMMIT, only when its text changes, so that
# an unchanged commit rebuilds nothing.
#   -DSOURCE_DIR=...  the source tree
#   -DOUTPUT=...      the header
#   -DOVERRIDE=...    the commit to report (a build from a tarball); empty: ask git
set(commit "unknown")
if(OVERRIDE)
  set(commit "${OVERRIDE}")
else()
  find_package(Git QUIET)
  if(GIT_FOUND)
    # Only the source tree's own repository: a tarball unpacked inside some
    # other repository is "unknown", not that repository's commit.
    execute_process(COMMAND "${GIT_EXECUTABLE}" rev-parse --show-toplevel
      WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE top RESULT_VARIABLE status
      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(status EQUAL 0)
      file(REAL_PATH "${top}" top)
      file(REAL_PATH "${SOURCE_DIR}" source)
    endif()
    if(status EQUAL 0 AND top STREQUAL source)
      execute_process(COMMAND "${GIT_EXECUTABLE}" rev-parse --short=12 HEAD
        WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE head RESULT_VARIABLE status
        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(status EQUAL 0 AND head)
        set(commit "${head}")
        execute_process(COMMAND "${GIT_EXECUTABLE}" status --porcelain --untracked-files=no
          WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE changes ERROR_QUIET)
        if(changes)
          string(APPEND commit "-dirty")
        endif()
      endif()
    endif()
  endif()
endif()

set(text "#pragma once\n\n#define SHARESCOPE_GIT_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
