// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experimentspec.h"
#include "report/runreport.h"
#include "result.h"
#include "run/engineobserver.h"

#include <atomic>
#include <functional>
#include <iosfwd>
#include <string>

namespace sharescope {

// The counted pass of an experiment, run in a child process so that the
// process that times the experiment never loads the instruments (CUPTI
// slows the very phases it annotates, and stays in a process once loaded).
// The child is this program in its hidden `counted-pass` role; they speak
// one line at a time on the child's stdin and stdout:
//   parent: spec JSON
//   child:  progress DONE TOTAL        (any number)
//           report JSON | error JSON   (the last line)

// Runs the pass in `program counted-pass` and returns the child's report,
// passing its progress on. A cancel kills the child (its memory goes with
// it) and returns Cancelled; a child that fails or dies is an error naming it.
Result<RunReport> runCountedPass(const std::string &program, const ExperimentSpec &spec, EngineObserver *observer,
                                 const std::atomic<bool> *cancel);

// The child's side: reads the spec from `in`, runs it with `run`, writes
// the progress and the outcome to `out`. Returns the process's exit code.
using CountedRun = std::function<Result<RunReport>(const ExperimentSpec &spec, EngineObserver *observer)>;
int serveCountedPass(std::istream &in, std::ostream &out, const CountedRun &run);

// The lines, for the two sides and the tests.
std::string formatErrorLine(const Error &error);
std::optional<Error> parseErrorLine(std::string_view json); // empty when unreadable

} // namespace sharescope
