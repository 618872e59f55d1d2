// SPDX-License-Identifier: GPL-3.0-or-later
#include "run/countedpass.h"

#include "childprocess.h"
#include "messagejson.h"
#include "report/reportjson.h"
#include "trnoop.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <istream>
#include <ostream>

namespace sharescope {
namespace {

using namespace std::chrono_literals;

constexpr std::array<std::pair<ErrorKind, std::string_view>, 4> kindNames{{
    {ErrorKind::BadArgument, "bad-argument"},
    {ErrorKind::Unsupported, "unsupported"},
    {ErrorKind::Failed, "failed"},
    {ErrorKind::Cancelled, "cancelled"},
}};

// Passes the engine's callbacks in the child on as progress lines.
class LineObserver final : public EngineObserver
{
public:
    explicit LineObserver(std::ostream &out)
        : m_out(out)
    {
    }
    void progress(int done, int total) override { m_out << "progress " << done << ' ' << total << std::endl; }

private:
    std::ostream &m_out;
};

bool readNumber(std::string_view &text, int &value)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return error == std::errc();
}

} // namespace

std::string formatErrorLine(const Error &error)
{
    std::string_view kind = "failed";
    for (const auto &[k, name] : kindNames) {
        if (k == error.kind)
            kind = name;
    }
    nlohmann::json line{
        {"kind", kind}, {"message", error.message}, {"template", messageToJson<nlohmann::json>(error.translatable)}};
    if (error.phase)
        line["phase"] = phaseName(*error.phase);
    return line.dump();
}

std::optional<Error> parseErrorLine(std::string_view text)
{
    try {
        const nlohmann::json line = nlohmann::json::parse(text);
        auto message = messageFromJson(line.at("template"));
        if (!message)
            return std::nullopt;
        Error error{ErrorKind::Failed, line.at("message").get<std::string>(), std::move(*message), std::nullopt};
        const std::string kind = line.at("kind").get<std::string>();
        for (const auto &[k, name] : kindNames) {
            if (name == kind)
                error.kind = k;
        }
        if (line.contains("phase"))
            error.phase = phaseFromName(line.at("phase").get<std::string>());
        return error;
    } catch (const nlohmann::json::exception &) {
        return std::nullopt;
    }
}

Result<RunReport> runCountedPass(const std::string &program, const ExperimentSpec &spec, EngineObserver *observer,
                                 const std::atomic<bool> *cancel)
{
    auto child = ChildProcess::spawn(program, {"counted-pass"});
    if (!child)
        return failed("the counted pass could not start: " + child.error().message);
    child->setDescription("the counted pass (pid " + std::to_string(child->pid()) + ")");
    if (Status sent = child->send(specToJson(spec)); !sent)
        return sent.error();
    for (;;) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            child->kill();
            return cancelledByUser();
        }
        auto line = child->receiveWithin(100ms);
        if (!line)
            return line.error();
        if (!*line)
            continue;
        std::string_view text = **line;
        if (text.starts_with("progress ")) {
            text.remove_prefix(9);
            int done = 0;
            int total = 0;
            if (observer && readNumber(text, done) && readNumber(text, total))
                observer->progress(done, total);
        } else if (text.starts_with("report ")) {
            child->finish(5s);
            auto set = readReports(text.substr(7));
            if (!set || set->runs.size() != 1)
                return failed("the counted pass sent a report this program cannot read");
            return std::move(set->runs.front());
        } else if (text.starts_with("error ")) {
            child->finish(5s);
            auto error = parseErrorLine(text.substr(6));
            return error ? *error : failed("the counted pass failed and said why in words this program cannot read");
        }
        // Anything else is not ours (a library writing to stdout): ignored.
    }
}

int serveCountedPass(std::istream &in, std::ostream &out, const CountedRun &run)
{
    std::string line;
    if (!std::getline(in, line))
        return 2;
    const auto spec = specFromJson(line);
    if (!spec) {
        out << "error " << formatErrorLine(spec.error()) << std::endl;
        return 2;
    }
    LineObserver observer(out);
    const auto report = run(*spec, &observer);
    if (!report) {
        out << "error " << formatErrorLine(report.error()) << std::endl;
        return 1;
    }
    std::string body = toJson(*report, -1);
    while (!body.empty() && body.back() == '\n')
        body.pop_back();
    out << "report " << body << std::endl;
    return 0;
}

} // namespace sharescope
