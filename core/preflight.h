// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "deviceinfo.h"
#include "devicelist.h"
#include "experimentspec.h"
#include "result.h"
#include "support.h"

namespace sharescope {

// "Can this run here, and if not, why": the one answer the engine, the
// command line and the window give. Every refusal's message is written here
// or in the unit that owns the rule (experimentspec, peers, safetylimits),
// once.

// Whether a device can run a mode, and if not, why ("device reports no
// fine-grained buffer SVM"). Never guesses: unknown means unsupported. A mode
// that needs a peer is judged with the device's default peer.
Support supportOf(const DeviceInfo &device, ModeId mode);

// Whether the device can run the experiment: its mode, with its peer and
// peer access where the mode needs a peer.
Support supportOf(const DeviceInfo &device, const ExperimentSpec &spec);

// Whether this machine can run a mode at all: on the first of its backend's
// devices that can (the one `deviceId` names), else why the first cannot, or
// what it needs where no device of its backend is here ("needs an NVIDIA GPU
// with CUDA"). What `sharescope modes` lists without --device, and what the
// Explain tab marks.
ModeSupport supportHere(const DeviceList &list, ModeId mode);

// How far the pre-flight goes.
enum class PreflightScope : std::uint8_t {
    Choice, // an experiment chosen, not yet run (the window's panel): no size limits yet
    Run, // an experiment about to run: the device's size limits too
};

// The checks in order: the experiment's own ranges and options (validate),
// its --peer against the device's peers, the mode's support on the device
// (an Unsupported error: "mode M is not supported on D: why"), and, for a
// run, the size limits known without asking the device (checkLimits). What
// only the open device knows (free memory now) is Backend::check's.
Status preflight(const ExperimentSpec &spec, const DeviceInfo &device, PreflightScope scope = PreflightScope::Run);

} // namespace sharescope
