// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"
#include "system/systemfiles.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sharescope::sys {

// The lines of /proc/PID/status that decide what one process may take from
// another. Each is empty where the file lacks it (older kernels) or could
// not be read.
struct ProcessStatus
{
    std::optional<std::string> name; // Name:
    std::optional<int> threadGroup; // Tgid: the process a thread belongs to
    std::optional<int> parentPid; // PPid:
    std::optional<std::uint32_t> realUid; // Uid: the first of four
    std::optional<std::uint64_t> capEffective; // CapEff: hex
    std::optional<bool> noNewPrivs; // NoNewPrivs:
    std::optional<int> seccompMode; // Seccomp: 0 none, 1 strict, 2 filter
    std::optional<int> seccompFilters; // Seccomp_filters: (Linux 5.9)

    bool capSysPtrace() const; // CapEff has CAP_SYS_PTRACE (bit 19)
};
// Tolerant of anything: a line it does not know, or cannot read, is left out.
ProcessStatus parseProcessStatus(std::string_view text);

struct KernelVersion
{
    int major = 0;
    int minor = 0;
    int patch = 0;
    friend auto operator<=>(const KernelVersion &, const KernelVersion &) = default;
};
// "6.18.44-2-cloud" and "5.4.0-150-generic" read; empty where the text
// does not start with at least MAJOR.MINOR.
std::optional<KernelVersion> parseKernelRelease(std::string_view text);
std::string kernelText(const KernelVersion &version); // "6.18.44"

// What the kernel lets this process take from another's descriptors
// (pidfd_getfd, Linux 5.6: the ptrace access check ATTACH_REALCREDS), as far
// as this process can read it.
struct PtraceRules
{
    // Yama's kernel.yama.ptrace_scope: 0 classic, 1 descendants only,
    // 2 CAP_SYS_PTRACE only, 3 none; empty without Yama.
    std::optional<int> yamaScope;
    std::optional<KernelVersion> kernel;
    ProcessStatus self;

    // pidfd_getfd exists in this kernel (5.6 or later); empty: unknown.
    std::optional<bool> kernelHasPidfdGetfd() const;
};
PtraceRules readPtraceRules(SystemFiles &files);

// Why pidfd_getfd refused, from its errno and what could be read.
enum class TakeRefusal {
    KernelTooOld, // ENOSYS with a kernel before 5.6
    Seccomp, // a seccomp filter refused the call: a container without CAP_SYS_PTRACE
    Yama, // Yama's scope forbids it (1: not a descendant; 2: needs CAP_SYS_PTRACE; 3: never)
    OtherUser, // the target runs as another user
    Gone, // the target ended
    NoSuchDescriptor, // the target closed the descriptor
    Other, // EPERM with no rule this process can see (a non-dumpable target, an LSM)
};
// error: the errno of pidfd_open or pidfd_getfd. targetIsDescendant: the
// target was started by this process or a child of it.
TakeRefusal explainTakeRefusal(int error, const PtraceRules &rules, const ProcessStatus &target,
                               bool targetIsDescendant);
// The reason and what to do about it, in words the front ends translate
// ("Yama's ptrace_scope is 1: only descendants ...").
MessageTemplate takeRefusalText(TakeRefusal refusal, const PtraceRules &rules, const ProcessStatus &target);

} // namespace sharescope::sys
