#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds and runs the benchmarks, whose figures docs/testing.md quotes.
# Usage: scripts/bench.sh [--size S] [--rounds N]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh default >&2
status=0
build/default/tests/bench/bench_usehostptr "$@" || status=$?
echo
build/default/tests/bench/bench_host "$@" || status=$?
exit $status
