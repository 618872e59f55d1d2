// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/reportset.h"

#include <string>

namespace sharescope {

// The runs of `set` as Trace Event Format JSON (the object form:
// {"traceEvents": [...], "displayTimeUnit": "ns", "metadata": {...}}), which
// Perfetto and chrome://tracing open. ts and dur are microseconds.
//
// Layout, per run (one process each, named "mode · kernel · size · device"):
// - the phases as complete ("X") events, laid end to end from the run's start
//   by their host times, because a report keeps durations but no start times:
//   alloc, then every iteration's five phases, then free. alloc and free (and
//   the ipc peer's opening of the handles, inside alloc) have their own
//   tracks; every iteration has one;
// - a "device time" track where the backend timed the device's work: each
//   phase's device time, drawn from the start of its phase (the device time
//   is a sum, with no start of its own);
// - a "migrations" track of instant events. Their timestamps are in the
//   counters' clock, whose offset to the host times is not in the report, so
//   each is placed in the phase it was attributed to: the phase's first
//   migration at the phase's start, the others at their distance from it,
//   none past the phase's end. The exact counter timestamps, and the
//   devices the record names (sourceDevice, destinationDevice), are in args;
// - counter ("C") events at every phase's start: bytes copied to the device
//   and to the host, and, where the driver reports them, bytes migrated each
//   way.
// The command line and the tool version are in metadata. Never throws: text
// that is not UTF-8 (a driver's device name) is replaced, not refused.
std::string toTraceJson(const ReportSet &set, int indent = -1);

} // namespace sharescope
