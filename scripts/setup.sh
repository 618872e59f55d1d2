#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian packages that ShareScope needs to build, run and test.
# Idempotent and quiet when everything is present; runs `apt-get update` once
# when something is missing; uses sudo when not root.
# Usage: scripts/setup.sh [package|fuzz|tidy|format|python]   (also what scripts/package.sh, scripts/fuzz.sh,
# scripts/tidy.sh, scripts/format.sh or scripts/python-package.sh needs)
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config
  lld                      # links the tests about three times faster (cmake/ShareScopeLinker.cmake)
  qt6-base-dev qt6-base-dev-tools qt6-qpa-plugins libgl-dev
  qt6-tools-dev qt6-l10n-tools  # lrelease builds the translations; lupdate keeps them current
  qt6-translations-l10n    # Qt's own words (dialogs, option errors) in Chinese
  libqcustomplot-dev
  ocl-icd-opencl-dev opencl-headers opencl-clhpp-headers
  pocl-opencl-icd          # every machine gets an OpenCL device: the CPU
  nlohmann-json3-dev
  zlib1g-dev               # sharescope doctor reads /proc/config.gz
  fonts-dejavu-core
  fonts-wqy-microhei       # draws the Chinese interface (--lang zh_CN)
  xvfb xdotool             # tests/xvfb/real-window.sh: the window on a real X server, driven by keyboard
  python3-pyopencl         # `sharescope python`: its pyopencl routes run on PoCL in the tests
)
if [ "${1:-}" = fuzz ]; then
  # scripts/fuzz.sh: clang and its libFuzzer and sanitizer runtimes.
  packages+=(clang libclang-rt-14-dev)
fi
if [ "${1:-}" = tidy ]; then
  packages+=(clang-tidy)
fi
if [ "${1:-}" = format ]; then
  packages+=(clang-format)  # scripts/format.sh
fi
if [ "${1:-}" = python ]; then
  # scripts/python-package.sh: a virtual environment, and Python's headers for the module.
  packages+=(python3-venv python3-dev)
fi
if [ "${1:-}" = package ]; then
  # dpkg-shlibdeps (with file) computes the package's dependencies; the rest check it.
  packages+=(dpkg-dev file lintian desktop-file-utils appstream)
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: this script installs Debian packages, and apt-get is not here." >&2
  echo "setup: install these (or your system's equivalents) yourself: ${missing[*]}" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "setup: these packages are missing: ${missing[*]}" >&2
  echo "setup: installing them needs root, and sudo is not available. As root, run:" >&2
  echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done" >&2
