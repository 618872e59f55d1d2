// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <string>
#include <vector>

namespace sharescope {

// Whether something can run here, and if not, why ("device reports no
// fine-grained buffer SVM"): the answer of every support check.
struct Support
{
    bool supported = false;
    std::string reason; // why not, when not supported
    MessageTemplate translatable; // the reason, for the front ends to translate
};

inline Support supported()
{
    return {true, {}, {}};
}

struct ModeInfo;

// A mode judged on a device, as `sharescope modes` lists it.
struct ModeSupport
{
    const ModeInfo *mode = nullptr;
    std::string deviceId; // the device it was decided for; empty when there is none
    Support support;
};

// Not supported, with the reason as a template marked for translation.
Support notSupported(const char *text, std::vector<std::string> args = {});
// The reason as an error of the given kind (Unsupported, usually).
Error supportError(const Support &support);

} // namespace sharescope
