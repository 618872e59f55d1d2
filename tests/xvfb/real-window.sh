#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The window on a real X server: Xvfb and Qt's xcb platform plugin, so that
# fonts, focus, menus and the file dialogs run as on a user's desktop (every
# other GUI test runs on the offscreen platform). Driven from outside with
# the keyboard through xdotool (XTEST), with a fresh home: start the window,
# run a PoCL experiment with Ctrl+R, save the report (File > Save, through
# the dialog) once the run has finished, export the Timeline as a PNG (File >
# Export plot), open the Demos menu, choose View > Language > 简体中文 (it
# applies from the next start), quit, start again and find the Open dialog
# under its Chinese title. Then checks what was written: the report is a
# verified run, the PNG a plot of the window's size that is not blank.
#
# Usage: tests/xvfb/real-window.sh SHARESCOPE [TIMEOUT_SECONDS]
# Exit 0 passed, 1 failed (with the step and the window's output), 77
# skipped: Xvfb, xdotool or python3 missing (scripts/setup.sh installs them).
set -euo pipefail
binary=${1:?usage: real-window.sh SHARESCOPE [TIMEOUT_SECONDS]}
limit=${2:-30} # seconds for each wait; the whole test takes about 6 s
source_dir=$(cd "$(dirname "$0")/../.." && pwd)
for tool in Xvfb xdotool python3; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "real-window: SKIP: $tool is not installed (scripts/setup.sh installs it)"
    exit 77
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/sharescope-real-window.XXXXXX")
app_pid=
xvfb_pid=
started=$SECONDS
cleanup() {
  local status=$?
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill "$app_pid" 2>/dev/null || true
    sleep 0.5
    kill -9 "$app_pid" 2>/dev/null || true
  fi
  if [ -n "$xvfb_pid" ]; then
    kill "$xvfb_pid" 2>/dev/null || true
    wait "$xvfb_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 143' TERM INT

step() { echo "real-window: $* ($((SECONDS - started)) s)"; }
fail() {
  echo "real-window: FAIL: $*" >&2
  for log in "$work"/app-*.log; do
    [ -s "$log" ] && sed "s|^|  $(basename "$log" .log): |" "$log" >&2
  done
  exit 1
}
# wait_for WHAT COMMAND...: polls every 0.1 s, at most $limit seconds.
wait_for() {
  local what=$1
  shift
  local deadline=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || fail "no $what within $limit s"
    if [ -n "$app_pid" ] && ! kill -0 "$app_pid" 2>/dev/null; then
      fail "the window ended while waiting for $what"
    fi
    sleep 0.1
  done
}

# A home of its own: no remembered settings, no calibration, a cold PoCL cache.
export HOME=$work/home
export XDG_CONFIG_HOME=$HOME/.config XDG_CACHE_HOME=$HOME/.cache XDG_DATA_HOME=$HOME/.local/share
export XDG_RUNTIME_DIR=$work/runtime
mkdir -p "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR" "$work/out"
chmod 700 "$XDG_RUNTIME_DIR"
# Qt's own widgets for the file dialogs (no desktop's platform theme), in
# English to begin with.
unset QT_QPA_PLATFORMTHEME XDG_CURRENT_DESKTOP DESKTOP_SESSION WAYLAND_DISPLAY SESSION_MANAGER LANGUAGE
unset DBUS_SESSION_BUS_ADDRESS
export QT_QPA_PLATFORM=xcb LC_ALL=C.UTF-8 LANG=C.UTF-8 NO_AT_BRIDGE=1

# Xvfb picks a free display and writes its number once it accepts clients.
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
wait_for "X server (Xvfb)" test -s "$work/display"
export DISPLAY=":$(head -n1 "$work/display")"
step "Xvfb on $DISPLAY"

# The visible windows of the program whose title matches a regular
# expression (--all: every condition, not any). Qt appends " — ShareScope"
# to a dialog's title. Menus are windows of their own.
windows_named() { xdotool search --all --onlyvisible --pid "$app_pid" --name "$1" 2>/dev/null; }
window_named() { windows_named "$1" | head -n1; }
visible_count() { windows_named '' | wc -l; }
# visible_count compared with a number, evaluated anew at every try of wait_for.
windows_are() { test "$(visible_count)" "$1" "$2"; }
key() { xdotool key --clearmodifiers "$@"; }

start_window() {
  "$binary" gui "$@" >"$work/app-$run.log" 2>&1 &
  app_pid=$!
  wait_for "main window" window_named '^ShareScope$'
  main=$(window_named '^ShareScope$')
  xdotool windowfocus --sync "$main"
}
# Types a path into the file dialog titled $1 and accepts it.
through_dialog() {
  local title=$1 path=$2
  wait_for "dialog '$title'" window_named "^$title"
  local dialog
  dialog=$(window_named "^$title")
  xdotool windowfocus --sync "$dialog"
  key ctrl+a
  xdotool type --delay 5 "$path"
  key Return
}
# Closes the dialog titled $1 with Escape, given to the dialog itself, again
# until it is gone: a key sent before the dialog has the focus is lost.
close_dialog() {
  local title=$1 dialog deadline=$((SECONDS + limit))
  while dialog=$(window_named "^$title") && [ -n "$dialog" ]; do
    [ $SECONDS -lt $deadline ] || fail "the dialog '$title' did not close within $limit s"
    xdotool windowfocus --sync "$dialog" 2>/dev/null || true
    key Escape
    sleep 0.5
  done
}
quit_window() {
  key ctrl+q
  local deadline=$((SECONDS + limit))
  while kill -0 "$app_pid" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || fail "the window did not quit within $limit s of Ctrl+Q"
    sleep 0.1
  done
  local status=0
  wait "$app_pid" || status=$?
  app_pid=
  [ "$status" -eq 0 ] || fail "the window quit with exit code $status"
}

run=first
start_window --device opencl:0 --size 1MiB
step "window up"
key ctrl+r
# Save is enabled once the run has finished: until then Ctrl+S does nothing.
report=$work/out/report.json
deadline=$((SECONDS + limit * 2))
until [ -n "$(window_named '^Save report')" ]; do
  [ $SECONDS -lt $deadline ] || fail "the run did not finish (no Save dialog) within $((limit * 2)) s of Ctrl+R"
  kill -0 "$app_pid" 2>/dev/null || fail "the window ended during the run"
  xdotool windowfocus "$main" 2>/dev/null || true
  key ctrl+s
  sleep 0.5
done
step "run finished"
through_dialog 'Save report' "$report"
wait_for "report at $report" test -s "$report"
step "report saved"

# File > Export plot… (the Timeline, the tab on show).
plot=$work/out/timeline.png
xdotool windowfocus --sync "$main"
key alt+f
wait_for "File menu" windows_are -gt 1
key e
through_dialog 'Export plot' "$plot"
wait_for "plot at $plot" test -s "$plot"
step "plot exported"
read -r width height < <(xdotool getwindowgeometry --shell "$main" | sed -n 's/^\(WIDTH\|HEIGHT\)=//p' | paste -sd' ')

xdotool windowfocus --sync "$main"
key alt+d
wait_for "Demos menu" windows_are -gt 1
key Escape
wait_for "Demos menu to close" windows_are -eq 1
step "Demos menu opened and closed"

# View > Language > 简体中文, the last entry (Up from the first wraps to it).
xdotool windowfocus --sync "$main"
key alt+v
wait_for "View menu" windows_are -gt 1
key l
wait_for "Language menu" windows_are -gt 2
key Up Return
xdotool windowfocus --sync "$main"
quit_window
settings=$XDG_CONFIG_HOME/ShareScope/sharescope.conf
grep -qx 'language=zh_CN' "$settings" 2>/dev/null ||
  fail "View > Language > 简体中文 was not remembered ($settings: $(cat "$settings" 2>/dev/null))"
step "language chosen, window quit"

# The next start speaks Chinese: the Open dialog's title, as translated.
run=second
start_window
open_title=$(python3 - "$source_dir/resources/translations/sharescope_zh_CN.ts" <<'PY'
import sys, xml.etree.ElementTree as tree
for message in tree.parse(sys.argv[1]).iter('message'):
    if message.findtext('source') == 'Open a ShareScope report':
        print(message.findtext('translation'))
PY
)
[ -n "$open_title" ] || fail "no Chinese for 'Open a ShareScope report' in the translations"
xdotool windowfocus --sync "$main"
key ctrl+o
wait_for "dialog '$open_title'" window_named "^$open_title"
close_dialog "$open_title"
wait_for "Open dialog to close" windows_are -eq 1
xdotool windowfocus --sync "$main"
quit_window
step "second start in Chinese"

python3 - "$report" "$plot" "$width" "$height" <<'PY' || fail "what was written is wrong (above)"
import json, struct, sys, zlib

report_path, plot_path, width, height = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
report = json.load(open(report_path))
assert report.get('format') == 'sharescope-report', 'not a ShareScope report: %r' % report.get('format')
verification = report['verification']
assert verification['checked'] > 0 and verification['mismatches'] == 0, 'run not verified: %r' % verification
assert report['spec']['device'] == 'opencl:0', report['spec']

data = open(plot_path, 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
chunks, at = {}, 8
while at < len(data):
    length, kind = struct.unpack('>I4s', data[at:at + 8])
    chunks.setdefault(kind, []).append(data[at + 8:at + 8 + length])
    at += 12 + length
w, h, depth, colour = struct.unpack('>IIBB', chunks[b'IHDR'][0][:10])
# The plot is drawn at twice its size on screen: within the window, and
# most of its width.
assert depth == 8 and colour in (2, 6), 'PNG of depth %d, colour type %d' % (depth, colour)
assert w <= 2 * width and h <= 2 * height, 'PNG %dx%d is larger than twice the window, %dx%d' % (w, h, width, height)
assert w >= width and h >= height // 2, 'PNG %dx%d is small for a window of %dx%d' % (w, h, width, height)
channels = 3 if colour == 2 else 4
raw = zlib.decompress(b''.join(chunks[b'IDAT']))
stride, rows, previous = w * channels, [], bytearray(w * channels)
for y in range(h):
    kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - channels] if i >= channels else 0
        b, c = previous[i], previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + a) & 255
        elif kind == 2: line[i] = (line[i] + b) & 255
        elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line))
    previous = line
pixels = [row[i:i + 3] for row in rows[::4] for i in range(0, stride, channels * 4)]
background = max(set(pixels), key=pixels.count)
drawn = sum(1 for p in pixels if p != background) / len(pixels)
colours = len(set(pixels))
assert colours >= 4 and drawn >= 0.01, 'the plot looks blank: %d colours, %.1f%% drawn' % (colours, 100 * drawn)
print('real-window: report verified (%d elements checked); plot %dx%d for a window of %dx%d, %d colours, %.0f%% drawn'
      % (verification['checked'], w, h, width, height, colours, 100 * drawn))
PY
step "passed"
