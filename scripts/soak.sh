#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Soak on the CPU's OpenCL device (PoCL): long runs and many experiments in
# one process, and what they leave behind.
#   run     `sharescope run` with many iterations; its resident memory is
#           sampled from outside (/proc/PID/status) while the progress line,
#           on a pseudo-terminal, says how far it is. The RSS at the end of the
#           iterations must be within 2 % of the RSS once the first 1 % of them
#           had run (the progress line's resolution). On a CUDA device the
#           process's GPU memory (nvidia-smi, once a second) too: the most
#           it held over the last tenth of the iterations within 2 % of the
#           most over the first tenth.
#   window  tst_soak: the window compares every mode many times in one
#           process; RSS, open files and threads must not grow (2 % for RSS),
#           and the Timeline must still redraw in under 100 ms.
# Usage: scripts/soak.sh [run|window|all] (default all)
# Knobs (environment): SOAK_ITERATIONS (2000), SOAK_SIZE per buffer (16MiB),
# SOAK_MODE (cl-copy), SOAK_DEVICE (opencl:0; e.g. cuda:0 with
# SOAK_MODE=managed), SOAK_COMPARES (200), SOAK_COMPARE_SIZE (64KiB),
# BUILD (build/default). CTest runs a small version of both (label soak).
set -euo pipefail
cd "$(dirname "$0")/.."
part=${1:-all}
build=${BUILD:-build/default}
binary=${SHARESCOPE:-$build/app/sharescope}

soak_run() {
  local iterations=${SOAK_ITERATIONS:-2000} size=${SOAK_SIZE:-16MiB} mode=${SOAK_MODE:-cl-copy}
  local device=${SOAK_DEVICE:-opencl:0}
  [ -x "$binary" ] || { echo "soak: no $binary; build it first (scripts/build.sh)" >&2; return 2; }
  echo "soak run: $mode vector-add, $size per buffer, $iterations iterations on $device"
  python3 - "$binary" "$mode" "$size" "$iterations" "$device" <<'PY'
import json, os, pty, re, select, subprocess, sys, tempfile, time

binary, mode, size, iterations, device = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
report = tempfile.NamedTemporaryFile(suffix='.json', delete=False).name
command = [binary, 'run', '--device', device, '--mode', mode, '--size', size,
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

def gpu_mib():
    # The process's GPU memory as the driver accounts it; None where it
    # does not say (not a CUDA device, no nvidia-smi).
    try:
        out = subprocess.run(['nvidia-smi', '--query-compute-apps=pid,used_memory', '--format=csv,noheader,nounits'],
                             capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in out.splitlines():
        fields = [f.strip() for f in line.split(',')]
        if len(fields) == 2 and fields[0] == str(process.pid) and fields[1].isdigit():
            return int(fields[1])
    return None

percent, samples, gpu, text, last_gpu = 0, [], [], b'', 0.0
while process.poll() is None:
    if device.startswith('cuda:') and time.monotonic() - last_gpu >= 1.0:
        last_gpu = time.monotonic()
        used = gpu_mib()
        if used is not None:
            gpu.append((percent, used))
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
if device.startswith('cuda:'):
    early = [m for p, m in gpu if 1 <= p < 10]
    late = [m for p, m in gpu if 90 <= p < 100]
    if not early or not late:
        sys.exit('soak run: too few GPU memory samples (%d); give it more iterations' % len(gpu))
    gpu_growth = 100.0 * (max(late) - max(early)) / max(early)
    print('soak run: GPU memory of the process (nvidia-smi, %d samples): at most %d MiB over the first tenth of the '
          'iterations, %d MiB over the last (%+.2f %%)' % (len(gpu), max(early), max(late), gpu_growth))
    if max(late) > max(early) * 1.02:
        sys.exit('soak run: FAIL: GPU memory grew %.2f %% over the run (limit 2 %%)' % gpu_growth)
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
