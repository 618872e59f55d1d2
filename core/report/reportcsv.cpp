// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/reportcsv.h"

#include "report/ceilingshare.h"

#include <charconv>
#include <sstream>

namespace sharescope {
namespace {

std::string cell(const std::optional<std::uint64_t> &value)
{
    return value ? std::to_string(*value) : std::string();
}

std::string quoted(const std::string &text)
{
    if (text.find_first_of(",\"\n") == std::string::npos)
        return text;
    std::string out = "\"";
    for (const char c : text)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// A share of a ceiling: the percentage, else empty, so that the column
// stays numeric for a spreadsheet; why there is none is in ceiling_note.
std::string cell(const CeilingShare &share)
{
    if (share.state != CeilingShare::State::Value)
        return {};
    char text[32]; // to_chars: no locale's decimal comma in a CSV
    const auto end = std::to_chars(text, text + sizeof text, share.percent, std::chars_format::fixed, 1).ptr;
    return std::string(text, end);
}

// Why a share column is empty: "no ceiling" (for either), "measurement
// problem"; empty where both hold a number or the phase moved nothing.
std::string note(const PhaseShares &shares)
{
    if (shares.problem())
        return "measurement problem";
    for (const CeilingShare *share : {&shares.ofMeasured, &shares.ofSpecification}) {
        if (share->state == CeilingShare::State::NoCeiling)
            return "no ceiling";
    }
    return {};
}

void row(std::ostringstream &out, const RunReport &run, const std::string &iteration, const std::string &warmup,
         const PhaseResult &phase)
{
    const Counters counters = phase.counters.value_or(Counters{});
    out << quoted(run.device.id) << ',' << modeName(run.spec.mode) << ',' << kernelName(run.spec.kernel) << ','
        << run.spec.bytes << ',' << iteration << ',' << warmup << ',' << phaseName(phase.phase) << ',' << phase.hostNs
        << ',' << cell(phase.deviceNs) << ',' << phase.bytesToDevice << ',' << phase.bytesToHost << ','
        << phase.bytesBetweenDevices << ',' << phase.bytesAccessed;
    for (const CounterField &field : counterFields())
        out << ',' << cell(counters.*field.member);
    const PhaseShares shares = phaseShares(run, phase);
    out << ',' << (shares.ceiling && shares.ceiling->path ? pathName(*shares.ceiling->path) : std::string_view()) << ','
        << cell(shares.ofMeasured) << ',' << cell(shares.ofSpecification) << ',' << note(shares);
    out << '\n';
}

} // namespace

std::string toCsv(const std::vector<RunReport> &runs)
{
    std::ostringstream out;
    out << "device,mode,kernel,bytes,iteration,warmup,phase,host_ns,device_ns,bytes_to_device,bytes_to_host,"
           "bytes_between_devices,bytes_accessed";
    for (const CounterField &field : counterFields())
        out << ',' << field.csvName;
    out << ",ceiling_path,percent_of_measured_ceiling,percent_of_specification,ceiling_note";
    out << '\n';
    for (const RunReport &run : runs) {
        row(out, run, {}, {}, run.alloc);
        if (run.ipc) {
            PhaseResult open;
            open.phase = Phase::IpcOpen;
            open.hostNs = run.ipc->openNs;
            row(out, run, {}, {}, open);
        }
        for (const IterationResult &iteration : run.iterations) {
            for (const PhaseResult &phase : iteration.phases)
                row(out, run, std::to_string(iteration.index), iteration.warmup ? "1" : "0", phase);
        }
        if (run.free)
            row(out, run, {}, {}, *run.free);
    }
    return out.str();
}

} // namespace sharescope
