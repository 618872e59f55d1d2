// SPDX-License-Identifier: GPL-3.0-or-later
#include "system/ptracerules.h"

#include "trnoop.h"

#include <cerrno>
#include <charconv>

namespace sharescope::sys {
namespace {

constexpr int capSysPtraceBit = 19; // linux/capability.h

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' || text.back() == '\n'))
        text.remove_suffix(1);
    return text;
}

template<typename T>
std::optional<T> number(std::string_view text, int base = 10)
{
    text = trimmed(text);
    // The first word: "Uid:\t1000\t1000\t1000\t1000" gives the real uid.
    const std::size_t end = text.find_first_of(" \t");
    if (end != std::string_view::npos)
        text = text.substr(0, end);
    T value{};
    const auto [last, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (error != std::errc() || last != text.data() + text.size() || text.empty())
        return std::nullopt;
    return value;
}

} // namespace

bool ProcessStatus::capSysPtrace() const
{
    return capEffective && ((*capEffective >> capSysPtraceBit) & 1u);
}

ProcessStatus parseProcessStatus(std::string_view text)
{
    ProcessStatus status;
    while (!text.empty()) {
        const std::size_t newline = text.find('\n');
        const std::string_view line = text.substr(0, newline);
        text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view key = line.substr(0, colon);
        const std::string_view value = line.substr(colon + 1);
        if (key == "Name")
            status.name = std::string(trimmed(value));
        else if (key == "Tgid")
            status.threadGroup = number<int>(value);
        else if (key == "PPid")
            status.parentPid = number<int>(value);
        else if (key == "Uid")
            status.realUid = number<std::uint32_t>(value);
        else if (key == "CapEff")
            status.capEffective = number<std::uint64_t>(value, 16);
        else if (key == "NoNewPrivs") {
            if (const auto flag = number<int>(value); flag && (*flag == 0 || *flag == 1))
                status.noNewPrivs = *flag == 1;
        } else if (key == "Seccomp")
            status.seccompMode = number<int>(value);
        else if (key == "Seccomp_filters")
            status.seccompFilters = number<int>(value);
    }
    return status;
}

std::optional<KernelVersion> parseKernelRelease(std::string_view text)
{
    KernelVersion version;
    int *parts[] = {&version.major, &version.minor, &version.patch};
    const char *at = text.data();
    const char *end = text.data() + text.size();
    for (int i = 0; i < 3; ++i) {
        const auto [next, error] = std::from_chars(at, end, *parts[i]);
        if (error != std::errc() || *parts[i] < 0) {
            if (i < 2)
                return std::nullopt;
            version.patch = 0;
            break;
        }
        at = next;
        if (i < 2) {
            if (at == end || *at != '.') {
                if (i == 0)
                    return std::nullopt;
                break;
            }
            ++at;
        }
    }
    return version;
}

std::string kernelText(const KernelVersion &version)
{
    return std::to_string(version.major) + '.' + std::to_string(version.minor) + '.' + std::to_string(version.patch);
}

std::optional<bool> PtraceRules::kernelHasPidfdGetfd() const
{
    if (!kernel)
        return std::nullopt;
    return *kernel >= KernelVersion{5, 6, 0};
}

PtraceRules readPtraceRules(SystemFiles &files)
{
    PtraceRules rules;
    if (const FileResult scope = files.read("/proc/sys/kernel/yama/ptrace_scope", 64); scope.ok())
        rules.yamaScope = number<int>(*scope.text);
    if (const FileResult release = files.read("/proc/sys/kernel/osrelease", 256); release.ok())
        rules.kernel = parseKernelRelease(trimmed(*release.text));
    if (const FileResult status = files.read("/proc/self/status", 64 * 1024); status.ok())
        rules.self = parseProcessStatus(*status.text);
    return rules;
}

TakeRefusal explainTakeRefusal(int error, const PtraceRules &rules, const ProcessStatus &target,
                               bool targetIsDescendant)
{
    if (error == ESRCH)
        return TakeRefusal::Gone;
    if (error == EBADF)
        return TakeRefusal::NoSuchDescriptor;
    if (error == ENOSYS) {
        // An old kernel has no such call; a newer one refusing it with
        // ENOSYS is a seccomp profile that does not know it.
        return rules.kernelHasPidfdGetfd() == false ? TakeRefusal::KernelTooOld : TakeRefusal::Seccomp;
    }
    if (error != EPERM && error != EACCES)
        return TakeRefusal::Other;
    const bool privileged = rules.self.capSysPtrace();
    if (target.realUid && rules.self.realUid && *target.realUid != *rules.self.realUid && !privileged)
        return TakeRefusal::OtherUser;
    if (rules.yamaScope) {
        if (*rules.yamaScope >= 3 || (*rules.yamaScope == 2 && !privileged)
            || (*rules.yamaScope == 1 && !targetIsDescendant && !privileged))
            return TakeRefusal::Yama;
    }
    // Docker's default profile refuses pidfd_getfd with EPERM unless the
    // container has CAP_SYS_PTRACE: a filter and no such capability.
    if (rules.self.seccompMode == 2 && !privileged)
        return TakeRefusal::Seccomp;
    return TakeRefusal::Other;
}

MessageTemplate takeRefusalText(TakeRefusal refusal, const PtraceRules &rules, const ProcessStatus &target)
{
    switch (refusal) {
    case TakeRefusal::KernelTooOld:
        return MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                  "this kernel (%1) has no pidfd_getfd, which came with Linux "
                                                  "5.6: a newer kernel is needed"),
                               {rules.kernel ? kernelText(*rules.kernel) : std::string("?")});
    case TakeRefusal::Seccomp:
        return MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                  "a seccomp filter refuses pidfd_getfd here (Seccomp: %1, "
                                                  "no CAP_SYS_PTRACE), as a container's default profile "
                                                  "does: start the container with --cap-add SYS_PTRACE"),
                               {std::to_string(rules.self.seccompMode.value_or(-1))});
    case TakeRefusal::Yama:
        if (rules.yamaScope == 1)
            return MessageTemplate(
                SHARESCOPE_TR_NOOP("Core",
                                   "Yama's ptrace_scope is 1: a process may take descriptors only from its "
                                   "own descendants; start the program under ShareScope "
                                   "(sharescope watch -- COMMAND) instead of attaching to it"),
                std::vector<std::string>{});
        return MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                                  "Yama's ptrace_scope is %1: taking another process's "
                                                  "descriptors needs CAP_SYS_PTRACE (2) or is off (3); "
                                                  "an administrator sets it in kernel.yama.ptrace_scope"),
                               {std::to_string(*rules.yamaScope)});
    case TakeRefusal::OtherUser:
        return MessageTemplate(
            SHARESCOPE_TR_NOOP("Core",
                               "the process runs as user %1 and ShareScope as user %2: "
                               "run ShareScope as the same user"),
            {std::to_string(target.realUid.value_or(0)), std::to_string(rules.self.realUid.value_or(0))});
    case TakeRefusal::Gone:
        return MessageTemplate(SHARESCOPE_TR_NOOP("Core", "the process has ended"), std::vector<std::string>{});
    case TakeRefusal::NoSuchDescriptor:
        return MessageTemplate(SHARESCOPE_TR_NOOP("Core", "the process closed the descriptor before it was taken"),
                               std::vector<std::string>{});
    case TakeRefusal::Other:
        break;
    }
    return MessageTemplate(SHARESCOPE_TR_NOOP("Core",
                                              "the kernel refused pidfd_getfd for a reason ShareScope cannot "
                                              "see (a process that is not dumpable, a security module)"),
                           std::vector<std::string>{});
}

} // namespace sharescope::sys
