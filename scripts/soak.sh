#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Soak on the CPU's OpenCL device (PoCL): long runs and many experiments in
# one process, and what they leave behind.
#   run     `sharescope run` with many iterations; its resident memory is
#           sampled from outside (/proc/PID/status) while the progress line,
#           on a pseudo-terminal, says how far it is. The RSS at the end of the
#           iterations must be within 2 % of the RSS once the first 1 % of them
#           had run (the progress line's resolution).
#   window  tst_soak: the window compares every mode many times in one
#           process; RSS, open files and threads must not grow (2 % for RSS),
#           and the Timeline must still redraw in under 100 ms.
# Usage: scripts/soak.sh [run|window|all] (default all)
# Knobs (environment): SOAK_ITERATIONS (2000), SOAK_SIZE per buffer (16MiB),
# SOAK_MODE (cl-copy), SOAK_COMPARES (200), SOAK_COMPARE_SIZE (64KiB),
# BUILD (build/default). CTest runs a small version of both (label soak).
set -euo pipefail
cd "$(dirname "$0")/.."
part=${1:-all}
build=${BUILD:-build/default}
binary=${SHARESCOPE:-$build/app/sharescope}

soak_run() {
  local iterations=${SOAK_ITERATIONS:-2000} size=${SOAK_SIZE:-16MiB} mode=${SOAK_MODE:-cl-copy}
  [ -x "$binary" ] || { echo "soak: no $binary; build it first (scripts/build.sh)" >&2; return 2; }
  echo "soak run: $mode vector-add, $size per buffer, $iterations iterations on opencl:0"
  python3 - "$binary" "$mode" "$size" "$iterations" <<'PY'
import json, os, pty, re, select, subprocess, sys, tempfile, time

binary, mode, size, iterations = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
report = tempfile.NamedTemporaryFile(suffix='.json', delete=False).name
command = [binary, 'run', '--device', 'opencl:0', '--mode', mode, '--size', size,
           '--iterations', str(iterations), '--warmup', '1', '--no-counters', '--json', report]
# stderr on a terminal: the progress line shows (percent of the run's phases).
master, slave = pty.openpty()
env = dict(os.environ, LC_ALL='C.UTF-8')
started = time.monotonic()
process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave, env=env)
os.close(slave)

def rss_kib():
    try:
        with open('/proc/%d/status' % process.pid) as status:
            for line in status:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1])
    except OSError:
        return None

percent, samples, text = 0, [], b''
while process.poll() is None:
    ready, _, _ = select.select([master], [], [], 0.02)
    if ready:
        try:
            text = (text + os.read(master, 4096))[-4096:]
        except OSError:
            pass
        found = re.findall(rb'(\d+)%', text)
        if found:
            percent = int(found[-1])
    rss = rss_kib()
    if rss is not None:
        samples.append((percent, rss))
process.wait()
os.close(master)
elapsed = time.monotonic() - started
if process.returncode != 0:
    sys.exit('soak run: sharescope exited %d: %s' % (process.returncode, text.decode(errors='replace')[-500:]))
with open(report) as f:
    result = json.load(f)
os.unlink(report)
verification = result['verification']
assert verification['mismatches'] == 0 and verification['checked'] > 0, verification
# Once 1 % of the phases had run (past alloc and the first iteration), and at
# the end of the iterations (before free, which the progress line reaches at 100 %).
first = [rss for p, rss in samples if 1 <= p < 100]
if len(first) < 10:
    sys.exit('soak run: too few samples during the iterations (%d); give it more iterations' % len(first))
baseline, last = first[0], first[-1]
peak = max(first)
growth = 100.0 * (last - baseline) / baseline
print('soak run: %.1f s, %d RSS samples; RSS after the first 1 %% of iterations %d KiB, at the end %d KiB '
      '(%+.2f %%), peak %d KiB; median iteration %.2f ms; verified %d elements' % (
          elapsed, len(samples), baseline, last, growth, peak,
          sorted(sum(p['hostNs'] for p in it['phases']) for it in result['iterations'])[len(result['iterations']) // 2] / 1e6,
          verification['checked']))
if last > baseline * 1.02:
    sys.exit('soak run: FAIL: RSS grew %.2f %% over the run (limit 2 %%)' % growth)
PY
}

soak_window() {
  local test=$build/tests/tst_soak
  [ -x "$test" ] || { echo "soak: no $test; build it first (cmake --build $build --target tst_soak)" >&2; return 2; }
  echo "soak window: ${SOAK_COMPARES:-200} compares of every mode at ${SOAK_COMPARE_SIZE:-64KiB} per buffer"
  QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} SHARESCOPE_SOAK_COMPARES=${SOAK_COMPARES:-200} \
    SHARESCOPE_SOAK_SIZE=${SOAK_COMPARE_SIZE:-64KiB} "$test" -maxwarnings 0
}

case $part in
  run) soak_run ;;
  window) soak_window ;;
  all) soak_run && soak_window ;;
  *) echo "usage: scripts/soak.sh [run|window|all]" >&2; exit 2 ;;
esac
