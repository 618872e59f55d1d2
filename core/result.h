// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace sharescope {

// What went wrong decides the command line's exit code (see exitCodeFor).
enum class ErrorKind {
    BadArgument, // the user asked for something malformed or out of range: exit 2
    Unsupported, // the device cannot do what was asked: exit 3
    Failed, // the device or the results failed: exit 1
    Cancelled, // the user stopped the run: exit 130, 128 + SIGINT (143 when SIGTERM stopped it)
};

enum class Phase; // phase.h

// A message as a template ("unknown kernel '%1'; accepted: %2"), marked
// with SHARESCOPE_TR_NOOP("Core", ...), and its values, so that a front end
// can say it in the user's language. Each value is itself a message: a
// plain value (a number, a path) is one with no values of its own, which
// the front ends still look up, so that marked words put into a template
// (a support reason inside "mode %1 is not supported: %3") are translated
// too. Empty text: the message is not templated (driver and device errors,
// which quote their API).
struct MessageTemplate
{
    std::string text;
    std::vector<MessageTemplate> args;

    MessageTemplate() = default;
    MessageTemplate(std::string text, std::vector<MessageTemplate> args = {});
    MessageTemplate(const char *text, std::vector<std::string> values);

    bool empty() const { return text.empty(); }
    std::string english() const; // the values put in, all in English
    bool operator==(const MessageTemplate &) const = default;
};

struct Error
{
    ErrorKind kind = ErrorKind::Failed;
    std::string message; // complete, in English, without the phase
    MessageTemplate translatable;
    std::optional<Phase> phase; // the phase that failed, when one did
    // The device's context cannot be used again (a CUDA sticky error): every
    // later call fails until the device is opened again.
    bool deviceLost = false;
};

int exitCodeFor(ErrorKind kind);
// The error's message as a template: its own, or its English text as a
// plain message where it has none (driver and device errors).
MessageTemplate templateOf(const Error &error);
// The whole message in English: "kernel: cudaMemcpy failed ...".
std::string describe(const Error &error);

// Replaces %1 .. %N in one pass (a value that holds "%2" stays as it is).
std::string fillTemplate(std::string_view text, const std::vector<std::string> &args);
// The template `pattern` (with %1 to %9, in any order) whose English
// `text` is, with the values read back out of it; empty where `text` is
// not that pattern filled in. For reports that kept a message's English
// alone, so that a reader can say it in its own language again.
std::optional<MessageTemplate> matchTemplate(const char *pattern, std::string_view text);
Error errorOf(ErrorKind kind, MessageTemplate message);
Error errorOf(ErrorKind kind, const char *text, std::vector<std::string> args);

inline Error badArgument(std::string message)
{
    return {ErrorKind::BadArgument, std::move(message)};
}
inline Error unsupported(std::string message)
{
    return {ErrorKind::Unsupported, std::move(message)};
}
inline Error failed(std::string message)
{
    return {ErrorKind::Failed, std::move(message)};
}
inline Error badArgument(const char *text, std::vector<std::string> args)
{
    return errorOf(ErrorKind::BadArgument, text, std::move(args));
}
inline Error unsupported(const char *text, std::vector<std::string> args)
{
    return errorOf(ErrorKind::Unsupported, text, std::move(args));
}
// The user stopped the work: one message, translated once.
Error cancelledByUser();

// Expected failures are values. C++20 has no std::expected, so this is the
// small subset the project needs.
template<typename T>
class Result
{
public:
    Result(T value)
        : m_data(std::move(value))
    {
    }
    Result(Error error)
        : m_data(std::move(error))
    {
    }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<0>(m_data); }
    const T &value() const & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    const Error &error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

struct Ok
{
};
using Status = Result<Ok>;
inline Status okStatus()
{
    return Ok{};
}

} // namespace sharescope
