#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Python package as a user gets it: from a clean clone of the committed
# sources, a source distribution (python -m build --sdist), unpacked, then
# `pip install .` of it in a fresh virtual environment (python3 -m venv; pip
# brings scikit-build-core and nanobind from PyPI), and tests/python run with
# pytest against the installed package and its bundled command line (on PoCL
# where there is no GPU; the gpu-marked tests skip themselves). So the sdist
# is proved to build, and the build uses committed files only.
#
# Usage: scripts/python-package.sh   (CI; prints the time of each step)
# PYTHON: the interpreter that makes the environments (default python3).
# SHARESCOPE_PACKAGE_CUDA=ON builds the CUDA backend where the toolkit is
# (off by default here: nothing runs it without a GPU, and nvcc would cost
# CI minutes); the build's warnings are errors, as in every CI build.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
python=${PYTHON:-python3}
scripts/setup.sh
scripts/setup.sh python
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seconds() { echo $(( $(date +%s) - $1 )); }

start=$(date +%s)
git clone --quiet --no-hardlinks "$root" "$work/src"
"$python" -m venv "$work/tools"
"$work/tools/bin/pip" install --quiet --disable-pip-version-check build
"$work/tools/bin/python" -m build --sdist --outdir "$work/dist" "$work/src" >"$work/sdist.log" 2>&1 \
  || { cat "$work/sdist.log" >&2; exit 1; }
sdist=$(ls "$work"/dist/sharescope-*.tar.gz)
mkdir "$work/unpacked"
tar -C "$work/unpacked" -xzf "$sdist"
package=$(ls -d "$work"/unpacked/sharescope-*)
sdist_time=$(seconds "$start")
echo "python-package: $(basename "$sdist") ($(du -h "$sdist" | cut -f1)) in ${sdist_time} s"

start=$(date +%s)
"$python" -m venv "$work/venv"
(cd "$package" && "$work/venv/bin/pip" install --quiet --no-cache-dir --disable-pip-version-check ".[test]" \
  -Ccmake.define.SHARESCOPE_WITH_CUDA="${SHARESCOPE_PACKAGE_CUDA:-OFF}" -Ccmake.define.SHARESCOPE_WERROR=ON) \
  >"$work/install.log" 2>&1 || { cat "$work/install.log" >&2; exit 1; }
install_time=$(seconds "$start")
echo "python-package: pip install . of the sdist in a fresh venv in ${install_time} s"

# The tests of the clone, run from outside it: the package imported is the
# installed one, and the program the one pip put into the venv's bin.
start=$(date +%s)
status=0
(cd "$work" && "$work/venv/bin/python" -m pytest -p no:cacheprovider -rs "$work/src/tests/python") || status=$?
echo "python-package: pytest in $(seconds "$start") s (sdist ${sdist_time} s, pip install ${install_time} s)"
exit $status
