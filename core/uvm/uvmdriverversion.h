// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <optional>
#include <string>
#include <string_view>

namespace sharescope::uvm {

class UvmSystem;

// The first "580.159.04"-like word of the text (at least two dot-separated
// numbers), so both /sys/module/nvidia_uvm/version ("580.159.04\n") and the
// first line of /proc/driver/nvidia/version ("NVRM version: NVIDIA UNIX Open
// Kernel Module for x86_64  580.159.04  Release Build ...") parse.
std::optional<std::string> findDriverVersion(std::string_view text);

// Whether UvmCounters knows the tools interface of this driver branch (the
// number before the first dot).
bool uvmCountersKnowBranch(int branch);

// Whether an NVIDIA driver is here at all: its UVM module's or its own
// version file can be read (what supportedUvmDriverVersion reads).
bool nvidiaDriverPresent(UvmSystem &system);

// The running UVM driver's version when UvmCounters knows it, else why not.
// Reads the UVM module's own version, else the NVIDIA driver's.
Result<std::string> supportedUvmDriverVersion(UvmSystem &system);

} // namespace sharescope::uvm
