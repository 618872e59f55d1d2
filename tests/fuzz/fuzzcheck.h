// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What every fuzz target shares: an invariant that must hold, checked in
// every build type (assert() is gone from release builds), and that aborts
// so that libFuzzer keeps the input that broke it.

#include <cstdio>
#include <cstdlib>

namespace sharescope::fuzz {

[[noreturn]] inline void fail(const char *condition, const char *file, int line)
{
    std::fprintf(stderr, "%s:%d: invariant broken: %s\n", file, line, condition);
    std::abort();
}

} // namespace sharescope::fuzz

#define FUZZ_CHECK(condition) ((condition) ? void() : ::sharescope::fuzz::fail(#condition, __FILE__, __LINE__))
