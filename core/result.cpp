// SPDX-License-Identifier: GPL-3.0-or-later
#include "result.h"

#include "phase.h"
#include "trnoop.h"

#include <algorithm>

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

std::optional<MessageTemplate> matchTemplate(const char *pattern, std::string_view text)
{
    constexpr auto none = std::string_view::npos;
    const std::string_view form(pattern);
    std::vector<std::string_view> literals; // between the placeholders
    std::vector<int> numbers; // each placeholder's, in the order they stand
    for (std::size_t p = 0;;) {
        std::size_t mark = form.find('%', p);
        while (mark != none && (mark + 1 >= form.size() || form[mark + 1] < '1' || form[mark + 1] > '9'))
            mark = form.find('%', mark + 1);
        if (mark == none) {
            literals.push_back(form.substr(p));
            break;
        }
        literals.push_back(form.substr(p, mark - p));
        numbers.push_back(form[mark + 1] - '0');
        p = mark + 2;
    }
    if (!text.starts_with(literals.front()))
        return std::nullopt;
    if (numbers.empty())
        return text == form ? std::optional(MessageTemplate(std::string(pattern))) : std::nullopt;
    std::size_t at = literals.front().size();
    std::vector<std::string> values(static_cast<std::size_t>(*std::ranges::max_element(numbers)));
    for (std::size_t i = 1; i < literals.size(); ++i) {
        const std::string_view literal = literals[i];
        std::size_t end = none;
        if (i + 1 == literals.size()) { // the last literal ends the text
            if (text.ends_with(literal) && text.size() - literal.size() >= at)
                end = text.size() - literal.size();
        } else if (!literal.empty()) {
            end = text.find(literal, at);
        }
        if (end == none)
            return std::nullopt;
        values[static_cast<std::size_t>(numbers[i - 1] - 1)] = std::string(text.substr(at, end - at));
        at = end + literal.size();
    }
    MessageTemplate message{std::string(pattern)};
    for (std::string &value : values)
        message.args.emplace_back(std::move(value));
    return message;
}

} // namespace sharescope
