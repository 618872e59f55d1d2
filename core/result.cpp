// SPDX-License-Identifier: GPL-3.0-or-later
#include "result.h"

#include "phase.h"
#include "trnoop.h"

namespace sharescope {

MessageTemplate templateOf(const Error &error)
{
    return error.translatable.empty() ? MessageTemplate(error.message) : error.translatable;
}

int exitCodeFor(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::BadArgument:
        return 2;
    case ErrorKind::Unsupported:
        return 3;
    case ErrorKind::Cancelled:
        return 130; // what a shell reports for a command that Ctrl+C ended
    case ErrorKind::Failed:
        break;
    }
    return 1;
}

std::string fillTemplate(std::string_view text, const std::vector<std::string> &args)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        std::size_t end = i + 1;
        std::size_t number = 0;
        while (text[i] == '%' && end < text.size() && text[end] >= '0' && text[end] <= '9')
            number = number * 10 + static_cast<std::size_t>(text[end++] - '0');
        if (end > i + 1 && number >= 1 && number <= args.size()) {
            out += args[number - 1];
            i = end - 1;
        } else {
            out += text[i];
        }
    }
    return out;
}

MessageTemplate::MessageTemplate(std::string text, std::vector<MessageTemplate> args)
    : text(std::move(text))
    , args(std::move(args))
{
}

MessageTemplate::MessageTemplate(const char *text, std::vector<std::string> values)
    : text(text)
{
    for (std::string &value : values)
        args.emplace_back(std::move(value));
}

std::string MessageTemplate::english() const
{
    if (args.empty())
        return text;
    std::vector<std::string> values;
    for (const MessageTemplate &arg : args)
        values.push_back(arg.english());
    return fillTemplate(text, values);
}

std::string describe(const Error &error)
{
    if (!error.phase)
        return error.message;
    return std::string(phaseName(*error.phase)) + ": " + error.message;
}

Error errorOf(ErrorKind kind, MessageTemplate message)
{
    std::string english = message.english();
    return {kind, std::move(english), std::move(message), std::nullopt};
}

Error errorOf(ErrorKind kind, const char *text, std::vector<std::string> args)
{
    return errorOf(kind, MessageTemplate(text, std::move(args)));
}

Error cancelledByUser()
{
    return errorOf(ErrorKind::Cancelled, SHARESCOPE_TR_NOOP("Core", "cancelled by the user"), {});
}

} // namespace sharescope
