// SPDX-License-Identifier: GPL-3.0-or-later
// The command line, as main() hands it over: one argument per line of the
// input, after the program's name.
#include "fuzzcheck.h"

#include "commandline.h"

#include <QStringList>

#include <cstdint>
#include <string>

using namespace sharescope;

namespace {

// The words of a reproduce line: plain, or quoted as the parser quotes them
// ('it'\''s'), as a POSIX shell splits them.
QStringList shellWords(const std::string &line)
{
    QStringList words;
    std::string word;
    bool inWord = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == ' ') {
            if (inWord)
                words << QString::fromStdString(word);
            word.clear();
            inWord = false;
        } else if (c == '\'') {
            const std::size_t end = line.find('\'', i + 1);
            FUZZ_CHECK(end != std::string::npos); // every quote is closed
            word += line.substr(i + 1, end - i - 1);
            i = end;
            inWord = true;
        } else if (c == '\\' && i + 1 < line.size()) {
            word += line[++i];
            inWord = true;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words << QString::fromStdString(word);
    return words;
}

DeviceInfo device(BackendKind backend)
{
    DeviceInfo d;
    d.backend = backend;
    d.id = backend == BackendKind::Cuda ? "cuda:0" : "opencl:0";
    d.globalMemoryBytes = 16ULL << 30;
    d.maxAllocationBytes = 4ULL << 30;
    d.versionMajor = backend == BackendKind::Cuda ? 9 : 3;
    d.managedMemory = d.concurrentManagedAccess = d.canMapHostMemory = d.unifiedAddressing = true;
    d.svmCoarseBuffer = d.svmFineBuffer = true;
    return d;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    QStringList arguments{QStringLiteral("sharescope")};
    if (!text.isEmpty())
        arguments += text.split(QLatin1Char('\n'));

    const CommandLineResult result = parseCommandLine(arguments);
    const CommandLineResult again = parseCommandLine(arguments);
    FUZZ_CHECK(again.status == result.status && again.text == result.text); // no state between calls

    switch (result.status) {
    case CommandLineResult::Status::Error:
        FUZZ_CHECK(result.exitCode() == 2 && !result.text.isEmpty());
        return 0;
    case CommandLineResult::Status::Help:
    case CommandLineResult::Status::Version:
        FUZZ_CHECK(result.exitCode() == 0 && !result.text.isEmpty());
        return 0;
    case CommandLineResult::Status::Ok:
        break;
    }
    const CommandLineOptions &options = result.options;
    if (options.noArguments)
        return 0;
    const RunRequest &request = options.request;
    const bool runs = options.command == Command::Run || options.command == Command::Compare
        || options.command == Command::Sweep || (options.command == Command::Demo && !options.listDemos)
        || (options.command == Command::Gui && !options.listDemos);
    if (runs) {
        FUZZ_CHECK(validateRequest(request).ok()); // the parser passes on nothing the core refuses
        if (options.command == Command::Sweep)
            FUZZ_CHECK(!request.sizes.empty());
        for (const BackendKind backend : {BackendKind::Cuda, BackendKind::OpenCL}) {
            const PlannedRuns plan = planRuns(request, device(backend));
            for (const ExperimentSpec &spec : plan.runs)
                FUZZ_CHECK(validate(spec).ok());
        }
    }
    // The command line a report carries reads back as the same request.
    FUZZ_CHECK(request.commandLine.rfind("sharescope", 0) == 0);
    const CommandLineResult reproduced = parseCommandLine(shellWords(request.commandLine));
    FUZZ_CHECK(reproduced.status == CommandLineResult::Status::Ok);
    FUZZ_CHECK(reproduced.options.command == options.command);
    FUZZ_CHECK(reproduced.options.request.commandLine == request.commandLine);
    FUZZ_CHECK(reproduced.options.request.base.bytes == request.base.bytes);
    FUZZ_CHECK(reproduced.options.request.sizes == request.sizes);
    return 0;
}
