#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian package: a Release build in build/package, cpack -G DEB,
# then checks it: the desktop entry and AppStream metainfo validate, the
# installed binary runs, and lintian reports no error (its warnings are
# printed). Prints the package's path last.
# Usage: scripts/package.sh [CMAKE ARGS...]
#
# Built without CUDA by default: the CUDA build links CUPTI from the CUDA
# toolkit, which no Debian package provides, so the package would not start
# where the toolkit is missing. -DSHARESCOPE_WITH_CUDA=ON is for a machine
# whose toolkit comes from NVIDIA's Debian packages (dpkg-shlibdeps must
# find the package that holds libcupti).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh package
build=build/package

# Debian's hardening flags, all of them (fortify, stack protector, PIE,
# relro, bind now).
# Passed as cache values, not through the environment, which CMake reads
# only on the first configure.
export DEB_BUILD_MAINT_OPTIONS=hardening=+all
# Without dpkg-buildflags' -g: the package's binary is stripped
# (CPACK_STRIP_FILES) and no debug-symbol package is made, so the debug
# information would be compiled only to be thrown away (a third of the time).
cxxflags="$(dpkg-buildflags --get CXXFLAGS | sed -E 's/(^| )-g( |$)/ /g') $(dpkg-buildflags --get CPPFLAGS)"
ldflags=$(dpkg-buildflags --get LDFLAGS)
mkdir -p build
# CMAKE_SKIP_INSTALL_ALL_DEPENDENCY: cpack installs what was built below
# instead of building every target, tests included, first.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSHARESCOPE_WITH_CUDA=OFF -DSHARESCOPE_FAULT_INJECTION=OFF \
  "-DCMAKE_CXX_FLAGS=$cxxflags" "-DCMAKE_EXE_LINKER_FLAGS=$ldflags" \
  -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON -DSHARESCOPE_LINKER=system "$@" >"$build.configure.log" 2>&1 \
  || { cat "$build.configure.log" >&2; exit 1; }
# Only stdout's last line is the package: everything else goes to stderr.
cmake --build "$build" --target sharescope sharescope_install_files >&2

version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
# The notes of this version, before anything is built from it.
if ! head -1 packaging/debian/changelog.in | grep -q "^sharescope ($version) "; then
  echo "package: packaging/debian/changelog.in has no entry for $version at the top" >&2
  exit 1
fi
(cd "$build" && rm -f sharescope_*.deb && cpack -G DEB >cpack.log 2>&1) || { cat "$build/cpack.log" >&2; exit 1; }
deb=$(ls "$build"/sharescope_"$version"_*.deb)

# What a user gets: unpacked into a scratch root.
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
dpkg-deb -x "$deb" "$root"
desktop-file-validate "$root"/usr/share/applications/*.desktop >&2
# The id is the project's name, "sharescope", not a reverse domain name:
# the project owns no domain, and an id under one it does not own would
# claim an address it does not have. AppStream recommends a reverse domain
# name and warns without one; that warning alone is lowered to a note.
appstreamcli validate-tree --no-net --override=cid-desktopapp-is-not-rdns=info "$root/usr" >&2
"$root/usr/bin/sharescope" --version >&2
"$root/usr/bin/sharescope" devices >&2
# A release injects no fault: asked to, it runs as if it had not been asked.
if ! SHARESCOPE_INJECT_FAULT=kernel:illegal-address "$root/usr/bin/sharescope" run --device opencl:0 --size 64KiB \
  --iterations 1 --warmup 0 >/dev/null 2>"$root.err"; then
  cat "$root.err" >&2
  if grep -q "injected" "$root.err"; then
    echo "package: the release binary injected a fault (built with SHARESCOPE_FAULT_INJECTION?)" >&2
  else
    echo "package: the release binary could not run an experiment on opencl:0" >&2
  fi
  rm -f "$root.err"
  exit 1
fi
rm -f "$root.err"

echo "== lintian (errors fail the package; warnings are listed) ==" >&2
lintian --fail-on error --display-info "$deb" >&2
echo "$deb"
