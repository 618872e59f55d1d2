#include "reportcsv.h"

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
