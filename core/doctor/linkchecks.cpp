// SPDX-License-Identifier: GPL-3.0-or-later
// The checks of the GPU's paths: the PCIe link under load, peer-to-peer.
#include "doctor/checks.h"

#include "bytesize.h"
#include "ceilings/pcielink.h"
#include "trnoop.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace sharescope::doctor {

using namespace detail;

namespace {

std::optional<double> generationRate(unsigned generation)
{
    static constexpr double rates[] = {2.5, 5.0, 8.0, 16.0, 32.0, 64.0, 128.0};
    if (generation < 1 || generation > std::size(rates))
        return std::nullopt;
    return rates[generation - 1];
}
std::optional<unsigned> generationOf(double gigaTransfers)
{
    for (unsigned generation = 1; generation <= 7; ++generation) {
        if (std::abs(*generationRate(generation) - gigaTransfers) < 0.01)
            return generation;
    }
    return std::nullopt;
}

std::string linkText(std::optional<unsigned> generation, std::optional<int> width)
{
    return "Gen" + (generation ? std::to_string(*generation) : std::string("?")) + " x"
        + (width ? std::to_string(*width) : std::string("?"));
}

struct LinkState
{
    std::optional<unsigned> generation;
    std::optional<int> width;
    bool known() const { return generation && width; }
};

// The link's state from sysfs where it could be read, else from NVML.
LinkState stateOf(const std::optional<LinkFiles> &files, bool max, const cuda::Answer<unsigned> &nvmlGeneration,
                  const cuda::Answer<unsigned> &nvmlWidth)
{
    LinkState state;
    if (files) {
        const sys::FileResult &speed = max ? files->maxSpeed : files->speed;
        const sys::FileResult &width = max ? files->maxWidth : files->width;
        if (speed.ok()) {
            if (const auto rate = parseLinkSpeed(*speed.text))
                state.generation = generationOf(*rate);
        }
        if (width.ok())
            state.width = parseLinkWidth(*width.text);
    }
    if (!state.generation && nvmlGeneration.value)
        state.generation = *nvmlGeneration.value;
    if (!state.width && nvmlWidth.value)
        state.width = static_cast<int>(*nvmlWidth.value);
    return state;
}

MessageTemplate linkFilesText(const char *when, const LinkFiles &files)
{
    const auto text = [](const sys::FileResult &file) {
        if (!file.ok())
            return std::string("?");
        std::string t = *file.text;
        while (!t.empty() && (t.back() == '\n' || t.back() == ' '))
            t.pop_back();
        return t;
    };
    return say(when, {text(files.speed), text(files.width), text(files.maxSpeed), text(files.maxWidth)});
}

std::string percent(double share)
{
    return std::to_string(static_cast<int>(std::lround(share * 100))) + " %";
}

} // namespace

namespace {

// What the copies under load said: their speed, and the replays around them.
void addLoadEvidence(const cuda::LoadTrial &load, Check &check)
{
    if (!load.problem.empty())
        check.evidence.push_back(
            evidence("cudaMemcpyAsync", say(SHARESCOPE_TR_NOOP("Core", "failed: %1"), {load.problem})));
    else
        check.evidence.push_back(
            evidence("cudaMemcpyAsync",
                     say(SHARESCOPE_TR_NOOP("Core", "%1 copied from page-locked memory to the device in %2: %3"),
                         {bytes(load.bytes), seconds(load.seconds),
                          formatBandwidth(static_cast<double>(load.bytes) / std::max(load.seconds, 1e-9))})));
    if (load.replaysBefore.value && load.replaysAfter.value)
        check.evidence.push_back(evidence("nvmlDeviceGetPcieReplayCounter",
                                          say(SHARESCOPE_TR_NOOP("Core", "%1 before the copies, %2 after"),
                                              {number(*load.replaysBefore.value), number(*load.replaysAfter.value)})));
    else
        check.evidence.push_back(answered("nvmlDeviceGetPcieReplayCounter", load.replaysAfter, number));
}

struct AerErrors
{
    std::uint64_t fatal = 0;
    std::uint64_t correctable = 0;
    std::string where; // the device that counted the last of them
};

// The AER counters' growth across the copies, added to the evidence.
AerErrors aerErrors(const DoctorInputs &in, Check &check)
{
    AerErrors errors;
    bool anyAer = false;
    for (const AerReading &after : in.aerAfter) {
        const auto before = std::ranges::find_if(
            in.aerBefore, [&](const AerReading &r) { return r.device == after.device && r.file == after.file; });
        if (!after.total || before == in.aerBefore.end() || !before->total)
            continue;
        anyAer = true;
        const std::uint64_t delta = *after.total > *before->total ? *after.total - *before->total : 0;
        if (delta == 0)
            continue;
        (after.file == "aer_dev_correctable" ? errors.correctable : errors.fatal) += delta;
        errors.where = after.device;
    }
    if (!in.aerAfter.empty())
        check.evidence.push_back(evidence(
            "aer_dev_correctable, aer_dev_nonfatal, aer_dev_fatal",
            anyAer ? say(SHARESCOPE_TR_NOOP("Core", "%1 correctable and %2 uncorrectable errors more after the copies"),
                         {std::to_string(errors.correctable), std::to_string(errors.fatal)})
                   : say(SHARESCOPE_TR_NOOP("Core", "no AER counters (the kernel or the device has no AER)"))));
    return errors;
}

// The verdict of a link read while copying: the copies' share of its ceiling.
Check judgedUnderLoad(const cuda::LoadTrial &load, const LinkState &max, const LinkState &now, Check check)
{
    const double rate = static_cast<double>(load.bytes) / std::max(load.seconds, 1e-9);
    const double ceiling = linkBytesPerSecond(*generationRate(*max.generation), *max.width);
    check.evidence.push_back(evidence("linkBytesPerSecond",
                                      say(SHARESCOPE_TR_NOOP("Core", "%1, of which the copies reached %2"),
                                          {formatBandwidth(ceiling), percent(rate / ceiling)})));
    if (rate < 0.5 * ceiling) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "page-locked copies reached %1, %2 of the %3 that %4 "
                                               "carries"),
                            {formatBandwidth(rate), percent(rate / ceiling), formatBandwidth(ceiling),
                             linkText(max.generation, max.width)});
        check.advice = say(SHARESCOPE_TR_NOOP("Core",
                                              "Look at the NUMA check above, at other traffic on the "
                                              "link, and at the slot (a switch shared with other "
                                              "devices)."));
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = say(SHARESCOPE_TR_NOOP("Core", "%1 under load, its most; copies reached %2 (%3 of the link)"),
                        {linkText(now.generation, now.width), formatBandwidth(rate), percent(rate / ceiling)});
    return check;
}

} // namespace

Check checkPcieLink(const DoctorInputs &in)
{
    if (!in.device)
        return noCudaDevice(CheckId::PcieLink, in);
    Check check;
    check.id = CheckId::PcieLink;
    const cuda::NvmlFacts nvml = in.gpu ? in.gpu->nvml : cuda::NvmlFacts{};
    const std::string base = "/sys/bus/pci/devices/" + in.busId;
    if (in.linkIdle)
        check.evidence.push_back(
            evidence(base, linkFilesText(SHARESCOPE_TR_NOOP("Core", "idle: %1 x%2, at most %3 x%4"), *in.linkIdle)));
    if (in.linkLoaded)
        check.evidence.push_back(evidence(
            base, linkFilesText(SHARESCOPE_TR_NOOP("Core", "while copying: %1 x%2, at most %3 x%4"), *in.linkLoaded)));
    check.evidence.push_back(answered("nvmlDeviceGetMaxPcieLinkGeneration", nvml.maxLinkGeneration, number));
    const LinkState max = stateOf(in.linkIdle, true, nvml.maxLinkGeneration, nvml.maxLinkWidth);
    const bool loaded = in.measured && in.measured->load.problem.empty() && in.linkLoaded;
    const cuda::NvmlLoadSample sample = in.measured ? in.measured->load.sample : cuda::NvmlLoadSample{};
    const LinkState now = loaded ? stateOf(in.linkLoaded, false, sample.linkGeneration, sample.linkWidth)
                                 : stateOf(in.linkIdle, false, nvml.linkGeneration, nvml.linkWidth);
    if (in.measured)
        addLoadEvidence(in.measured->load, check);
    if (!max.known() || !now.known()) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the link's state could not be read: neither sysfs nor NVML "
                                               "said it"));
        return check;
    }
    // Errors across the copies: AER counters (where the kernel has AER) and replays.
    const AerErrors aer = aerErrors(in, check);
    const std::uint64_t fatal = aer.fatal;
    const std::uint64_t correctable = aer.correctable;
    const std::string &where = aer.where;
    std::optional<unsigned> replays;
    if (in.measured && in.measured->load.replaysBefore.value && in.measured->load.replaysAfter.value)
        replays = *in.measured->load.replaysAfter.value
            - std::min(*in.measured->load.replaysAfter.value, *in.measured->load.replaysBefore.value);
    const MessageTemplate reseat
        = say(SHARESCOPE_TR_NOOP("Core",
                                 "Check the slot and the riser: reseat the card, use a slot wired for the "
                                 "full width, and look at the BIOS's PCIe setting (Auto, not Gen1/Gen3); a "
                                 "link that trains down after boot points at the cable or riser."));
    if (fatal > 0) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "%1 uncorrectable PCIe errors (AER) at %2 during the copies"),
                            {std::to_string(fatal), where});
        check.advice = reseat;
        return check;
    }
    if (loaded && (*now.generation < *max.generation || *now.width < *max.width)) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "the link runs at %1 while copying, below its %2"),
                            {linkText(now.generation, now.width), linkText(max.generation, max.width)});
        check.advice = reseat;
        return check;
    }
    if (replays && *replays > 100) {
        check.verdict = Verdict::Problem;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the link replayed %1 packets during the copies: it is "
                                               "unreliable"),
                            {std::to_string(*replays)});
        check.advice = reseat;
        return check;
    }
    if ((replays && *replays > 0) || correctable > 0) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the link corrected errors during the copies (%1 replays, %2 "
                                               "correctable AER errors): it works, below its best"),
                            {std::to_string(replays.value_or(0)), std::to_string(correctable)});
        check.advice = reseat;
        return check;
    }
    if (loaded)
        return judgedUnderLoad(in.measured->load, max, now, std::move(check));
    if (*now.generation < *max.generation || *now.width < *max.width) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "the idle link runs at %1, below its %2 (an idle link slows "
                                               "down); it was not read under load"),
                            {linkText(now.generation, now.width), linkText(max.generation, max.width)});
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = say(SHARESCOPE_TR_NOOP("Core", "%1, its most (read idle; not measured under load)"),
                        {linkText(now.generation, now.width)});
    return check;
}

Check checkPeerToPeer(const DoctorInputs &in)
{
    if (!in.device)
        return noCudaDevice(CheckId::PeerToPeer, in);
    Check check;
    check.id = CheckId::PeerToPeer;
    if (in.device->peers.empty()) {
        check.verdict = Verdict::NotApplicable;
        check.finding = say(SHARESCOPE_TR_NOOP("Core", "one CUDA device is visible: there is no peer"));
        return check;
    }
    const auto iommus = in.files.list("/sys/class/iommu");
    const bool iommuOn = iommus && !iommus->empty();
    check.evidence.push_back(value("/sys/class/iommu", iommus ? (iommus->empty() ? "-" : (*iommus)[0]) : "?"));
    std::string groupType;
    if (const sys::FileResult group = in.files.readLink("/sys/bus/pci/devices/" + in.busId + "/iommu_group");
        group.ok()) {
        const std::string groupName = group.text->substr(group.text->rfind('/') + 1);
        if (const sys::FileResult type = in.files.read("/sys/kernel/iommu_groups/" + groupName + "/type", 64);
            type.ok()) {
            groupType = *type.text;
            while (!groupType.empty() && (groupType.back() == '\n' || groupType.back() == ' '))
                groupType.pop_back();
            check.evidence.push_back(value("/sys/kernel/iommu_groups/" + groupName + "/type", groupType));
        }
    }
    if (const sys::FileResult line = in.files.read("/proc/cmdline", 64 * 1024); line.ok()) {
        std::string words;
        for (const std::string &word : iommuWords(*line.text))
            words += (words.empty() ? "" : " ") + word;
        check.evidence.push_back(value("/proc/cmdline", words.empty() ? std::string("-") : words));
    }
    const bool translating = iommuOn && (groupType.empty() || groupType.starts_with("DMA"));
    std::vector<std::string> noAccess;
    for (const PeerLink &peer : in.device->peers) {
        check.evidence.push_back(value("cudaDeviceCanAccessPeer " + in.device->id + " → " + peer.peerId,
                                       peer.canAccessPeer ? (*peer.canAccessPeer ? "1" : "0") : "?"));
        if (!peer.canAccessPeer.value_or(false))
            noAccess.push_back(peer.peerId);
    }
    const MessageTemplate acs
        = say(SHARESCOPE_TR_NOOP("Core",
                                 "An IOMMU or PCI ACS sends peer traffic through the CPU: boot with "
                                 "iommu=pt (or disable ACS in the BIOS), as NCCL's troubleshooting advises; "
                                 "meanwhile NCCL_P2P_DISABLE=1 avoids the peer path."));
    if (in.measured) {
        for (const cuda::PeerTrial &trial : in.measured->peers) {
            const std::string peerId = "cuda:" + std::to_string(trial.peer);
            if (!trial.problem.empty()) {
                check.evidence.push_back(evidence("cudaMemcpyPeerAsync → " + peerId,
                                                  say(SHARESCOPE_TR_NOOP("Core", "failed: %1"), {trial.problem})));
                check.verdict = Verdict::Problem;
                check.finding = say(SHARESCOPE_TR_NOOP("Core", "a copy to %1 failed: %2"), {peerId, trial.problem});
                check.advice = acs;
                return check;
            }
            check.evidence.push_back(
                evidence("cudaMemcpyPeerAsync → " + peerId,
                         say(SHARESCOPE_TR_NOOP("Core", "%1 at %2; %3 bytes arrived wrong"),
                             {bytes(trial.bytes),
                              formatBandwidth(static_cast<double>(trial.bytes) / std::max(trial.seconds, 1e-9)),
                              std::to_string(trial.wrongBytes)})));
            if (trial.wrongBytes > 0) {
                check.verdict = Verdict::Problem;
                check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                                       "a copy to %1 arrived with %2 wrong bytes: the peer "
                                                       "path corrupts data"),
                                    {peerId, std::to_string(trial.wrongBytes)});
                check.advice = acs;
                return check;
            }
        }
    }
    if (translating) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "an IOMMU translates the GPUs' DMA (%1): peer copies may be "
                                               "slow, hang, or be refused"),
                            {groupType.empty() ? (*iommus)[0] : groupType});
        check.advice = acs;
        return check;
    }
    if (!noAccess.empty()) {
        check.verdict = Verdict::Warning;
        check.finding = say(SHARESCOPE_TR_NOOP("Core",
                                               "no peer access to %1: copies between the GPUs go through "
                                               "host memory"),
                            {noAccess.front()});
        check.advice = acs;
        return check;
    }
    if (!in.measured) {
        check.verdict = Verdict::CouldNotCheck;
        check.finding = notMeasured();
        return check;
    }
    check.verdict = Verdict::Ok;
    check.finding = say(SHARESCOPE_TR_NOOP("Core", "peer copies arrive whole, with peer access on"));
    return check;
}

} // namespace sharescope::doctor
