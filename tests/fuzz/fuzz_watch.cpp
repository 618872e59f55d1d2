// SPDX-License-Identifier: GPL-3.0-or-later
// What `sharescope watch` reads from outside: /proc/PID/stat, cmdline and
// children lines, /proc/PID/status, the kernel's release, and watch reports
// (`gui --open`, the Python package's load). The first byte picks the
// reader; the rest is the text.
#include "fuzzcheck.h"

#include "system/ptracerules.h"
#include "watch/procstat.h"
#include "watch/watchjson.h"

#include <cstdint>
#include <string_view>

using namespace sharescope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);
    switch (data[0] % 5) {
    case 0:
        if (const auto stat = watch::parseProcStat(text)) {
            FUZZ_CHECK(stat->pid > 0);
            FUZZ_CHECK(stat->parentPid >= 0);
            FUZZ_CHECK(stat->name.size() < text.size());
        }
        break;
    case 1: {
        for (const int pid : watch::parseChildren(text))
            FUZZ_CHECK(pid > 0);
        const auto arguments = watch::parseCommandLine(text);
        const std::string shown = watch::commandText(arguments, 64);
        FUZZ_CHECK(shown.size() <= 64 + 3); // cut, with "…"
        break;
    }
    case 2: {
        // Every field is either read whole or left out: a name holds no
        // line break, a mode is a number.
        const sys::ProcessStatus status = sys::parseProcessStatus(text);
        if (status.name)
            FUZZ_CHECK(status.name->find('\n') == std::string::npos);
        (void)status.capSysPtrace();
        break;
    }
    case 3:
        if (const auto version = sys::parseKernelRelease(text))
            FUZZ_CHECK(version->major >= 0 && version->minor >= 0 && version->patch >= 0);
        break;
    case 4:
        // A report read is written the same way and read back the same.
        if (const auto report = watch::readWatch(text)) {
            const std::string again = watch::watchToJson(*report);
            const auto back = watch::readWatch(again);
            FUZZ_CHECK(back.ok());
            FUZZ_CHECK(*back == *report);
        }
        break;
    }
    return 0;
}
