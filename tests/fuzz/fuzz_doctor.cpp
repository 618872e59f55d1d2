// SPDX-License-Identifier: GPL-3.0-or-later
// The machine check's readers of the system's files (doctor/machinefiles.h),
// in one target: the input's first byte picks the reader, the rest is the
// file (one target rather than seven: CI fuzzes each for the same time).
#include "fuzzcheck.h"

#include "doctor/machinefiles.h"

#include <algorithm>
#include <cstdint>
#include <string_view>

using namespace sharescope::doctor;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);
    switch (data[0] % 7 + 1) {
    case 1: { // /proc/self/mountinfo
        const std::vector<MountEntry> mounts = parseMountinfo(text);
        FUZZ_CHECK(mounts.size() <= std::ranges::count(text, '\n') + 1);
        if (const MountEntry *shm = mountAt(mounts, "/dev/shm")) {
            FUZZ_CHECK(shm->mountPoint == "/dev/shm");
            (void)tmpfsSize(shm->options);
        }
        (void)tmpfsSize(text);
        break;
    }
    case 2: { // /proc/self/limits
        const ProcessLimits limits = parseLimits(text);
        FUZZ_CHECK(!limits.openFiles || text.find("Max open files") != std::string_view::npos);
        FUZZ_CHECK(!limits.lockedMemory || text.find("Max locked memory") != std::string_view::npos);
        break;
    }
    case 3: // local_cpulist, node/online
        if (const auto cpus = parseCpuList(text, 4096)) {
            FUZZ_CHECK(std::ranges::is_sorted(*cpus));
            FUZZ_CHECK(std::ranges::adjacent_find(*cpus) == cpus->end());
            FUZZ_CHECK(cpus->empty() || (cpus->front() >= 0 && cpus->back() <= 4096));
        }
        break;
    case 4: // /proc/driver/nvidia/version
        if (const auto module = parseNvidiaVersion(text)) {
            FUZZ_CHECK(!module->version.empty());
            FUZZ_CHECK(text.find(module->version) != std::string_view::npos);
        }
        break;
    case 5: // /boot/config-*, /proc/config.gz
        for (const auto &[option, value] : parseKernelConfig(text))
            FUZZ_CHECK(option.starts_with("CONFIG_"));
        if (const auto unpacked = gunzip(text, 1 << 20))
            FUZZ_CHECK(unpacked->size() <= (1 << 20));
        break;
    case 6: // aer_dev_*
        if (const auto aer = parseAer(text))
            FUZZ_CHECK(!aer->counts.empty());
        break;
    default: // /proc/PID/ns/*, /proc/1/cgroup, /proc/cmdline, single numbers
        (void)parseNamespaceLink(text, "pid");
        for (const std::string &hint : containerHints(text))
            FUZZ_CHECK(!hint.empty());
        for (const std::string &word : iommuWords(text))
            FUZZ_CHECK(text.find(word) != std::string_view::npos);
        (void)parseInteger(text);
        (void)parseModuleBool(text);
        FUZZ_CHECK(countLines(text) <= text.size());
        break;
    }
    return 0;
}
