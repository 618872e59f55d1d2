// SPDX-License-Identifier: GPL-3.0-or-later
#include "ipcprotocol.h"

#include "catalogue.h"
#include "trnoop.h"

#include <charconv>
#include <cmath>
#include <sstream>

namespace sharescope {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator)
{
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return parts;
}

template<typename Number>
bool parseNumber(std::string_view text, Number &value)
{
    if (text.empty())
        return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

Error protocolError(std::string_view line, std::string_view why)
{
    std::string shown(line.substr(0, 80));
    if (line.size() > 80)
        shown += "...";
    return failed("malformed ipc message '" + shown + "': " + std::string(why));
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

Result<FillPattern> parseFill(const std::string &text)
{
    if (text.empty() || text == "index")
        return FillPattern{};
    if (text == "zeros")
        return FillPattern{FillPattern::Kind::Constant, 0.0f};
    if (text == "ones")
        return FillPattern{FillPattern::Kind::Constant, 1.0f};
    float value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
        return badArgument(
            SHARESCOPE_TR_NOOP(
                "Core", "invalid --fill '%1'; accepted: index (0, 1, 2, ...), zeros, ones, or a number such as 2.5"),
            {text});
    }
    return FillPattern{FillPattern::Kind::Constant, value};
}

std::string toHex(std::span<const std::uint8_t> bytes)
{
    static constexpr char digits[] = "0123456789abcdef";
    std::string text;
    text.reserve(bytes.size() * 2);
    for (const std::uint8_t byte : bytes) {
        text += digits[byte >> 4];
        text += digits[byte & 0xF];
    }
    return text;
}

Result<std::vector<std::uint8_t>> fromHex(std::string_view text, std::size_t bytes)
{
    if (text.size() != 2 * bytes) {
        return failed("a handle must be " + std::to_string(2 * bytes) + " hex digits, not "
                      + std::to_string(text.size()));
    }
    std::vector<std::uint8_t> data(bytes);
    for (std::size_t i = 0; i < bytes; ++i) {
        const int high = hexValue(text[2 * i]);
        const int low = hexValue(text[2 * i + 1]);
        if (high < 0 || low < 0)
            return failed("a handle may hold only hex digits, and '" + std::string(text.substr(2 * i, 2)) + "' is not");
        data[i] = static_cast<std::uint8_t>(high << 4 | low);
    }
    return data;
}

std::size_t descriptorCount(const PeerOpen &open)
{
    switch (open.memory) {
    case IpcMemory::VmmDescriptor:
        return open.mappedBytes.size();
    case IpcMemory::PoolDescriptor:
        return 1;
    case IpcMemory::LegacyHandle:
    case IpcMemory::None:
        break;
    }
    return 0;
}

std::string formatCommand(const PeerCommand &command)
{
    switch (command.kind) {
    case PeerCommand::Kind::Run:
        return "run";
    case PeerCommand::Kind::Release:
        return "release";
    case PeerCommand::Kind::Open:
        break;
    }
    const PeerOpen &o = command.open;
    std::string verb = "open";
    std::string handles;
    if (o.memory == IpcMemory::VmmDescriptor) {
        verb = "open-vmm";
        for (const std::uint64_t bytes : o.mappedBytes)
            handles += (handles.empty() ? "" : ",") + std::to_string(bytes);
    } else {
        if (o.memory == IpcMemory::PoolDescriptor)
            verb = "open-pool";
        for (const std::string &handle : o.memoryHandles)
            handles += (handles.empty() ? "" : ",") + handle;
    }
    return verb + " " + std::to_string(o.device) + " " + std::string(kernelName(o.kernel)) + " "
        + std::to_string(o.count) + " " + std::to_string(o.strideElements) + " " + handles + " " + o.eventHandle;
}

Result<PeerCommand> parseCommand(std::string_view line)
{
    const auto words = split(line, ' ');
    PeerCommand command;
    if (line == "run")
        return command;
    if (line == "release") {
        command.kind = PeerCommand::Kind::Release;
        return command;
    }
    PeerOpen &o = command.open;
    if (words.front() == "open")
        o.memory = IpcMemory::LegacyHandle;
    else if (words.front() == "open-vmm")
        o.memory = IpcMemory::VmmDescriptor;
    else if (words.front() == "open-pool")
        o.memory = IpcMemory::PoolDescriptor;
    else
        return protocolError(line, "expected open, open-vmm, open-pool, run or release");
    if (words.size() != 7)
        return protocolError(line,
                             std::string(words.front()) + " takes DEVICE KERNEL COUNT STRIDE HANDLES EVENTHANDLE");
    command.kind = PeerCommand::Kind::Open;
    if (!parseNumber(words[1], o.device) || o.device < 0)
        return protocolError(line, "the device must be a number");
    const auto kernel = kernelFromName(words[2]);
    if (!kernel)
        return protocolError(line, "unknown kernel '" + std::string(words[2]) + "'");
    o.kernel = *kernel;
    const std::size_t buffers = kernelInfo(o.kernel).buffers.size();
    if (!parseNumber(words[3], o.count) || o.count == 0)
        return protocolError(line, "the element count must be a positive number");
    if (!parseNumber(words[4], o.strideElements) || o.strideElements == 0)
        return protocolError(line, "the stride must be a positive number");
    for (const std::string_view handle : split(words[5], ',')) {
        if (o.memory == IpcMemory::VmmDescriptor) {
            std::uint64_t bytes = 0;
            // Each buffer maps at least its elements.
            if (!parseNumber(handle, bytes) || o.count > bytes / elementBytes)
                return protocolError(line, "each mapped size must be a number of bytes that holds COUNT elements");
            o.mappedBytes.push_back(bytes);
        } else {
            if (const auto bytes = fromHex(handle, ipcHandleBytes); !bytes)
                return protocolError(line, bytes.error().message);
            o.memoryHandles.emplace_back(handle);
        }
    }
    if (const std::size_t given = o.memoryHandles.size() + o.mappedBytes.size(); given != buffers) {
        return protocolError(line,
                             std::string(words[2]) + " needs " + std::to_string(buffers) + " memory handles, not "
                                 + std::to_string(given));
    }
    if (const auto bytes = fromHex(words[6], ipcHandleBytes); !bytes)
        return protocolError(line, "event handle: " + bytes.error().message);
    o.eventHandle = std::string(words[6]);
    return command;
}

std::string formatReply(const PeerReply &reply)
{
    switch (reply.kind) {
    case PeerReply::Kind::Opened: {
        std::string line = "opened " + std::to_string(reply.ns);
        if (reply.steps) {
            const PeerOpenTimes &t = *reply.steps;
            line += " " + std::to_string(t.importNs) + " " + (t.mapNs ? std::to_string(*t.mapNs) : "-") + " "
                + std::to_string(t.readyAt) + " " + std::to_string(t.receivedAt);
        }
        return line;
    }
    case PeerReply::Kind::Done:
        return "done " + std::to_string(reply.ns);
    case PeerReply::Kind::Released:
        return "released";
    case PeerReply::Kind::Error:
        break;
    }
    std::string message = reply.message;
    for (char &c : message) {
        if (c == '\n' || c == '\r')
            c = ' ';
    }
    return "error " + message;
}

Result<PeerReply> parseReply(std::string_view line)
{
    PeerReply reply;
    if (line == "released") {
        reply.kind = PeerReply::Kind::Released;
        return reply;
    }
    if (line.starts_with("error ") && line.size() > 6) {
        reply.message = std::string(line.substr(6));
        return reply;
    }
    const auto words = split(line, ' ');
    const bool opened = !words.empty() && words[0] == "opened";
    if ((words.size() == 2 && (opened || words[0] == "done")) || (words.size() == 6 && opened)) {
        reply.kind = opened ? PeerReply::Kind::Opened : PeerReply::Kind::Done;
        if (!parseNumber(words[1], reply.ns))
            return protocolError(line, "the time must be a whole number of nanoseconds");
        if (words.size() == 6) {
            PeerOpenTimes t;
            std::uint64_t map = 0;
            const bool mapped = words[3] != "-";
            if (!parseNumber(words[2], t.importNs) || (mapped && !parseNumber(words[3], map))
                || !parseNumber(words[4], t.readyAt) || !parseNumber(words[5], t.receivedAt))
                return protocolError(line, "the steps' times must be whole numbers of nanoseconds (map may be -)");
            if (mapped)
                t.mapNs = map;
            if (t.importNs > reply.ns || map > reply.ns - t.importNs)
                return protocolError(line, "import and map cannot take longer than the whole open");
            if (t.receivedAt < t.readyAt)
                return protocolError(line, "the line cannot arrive before the peer waited for it");
            reply.steps = t;
        }
        return reply;
    }
    return protocolError(line, "expected opened NS [IMPORT MAP READY RECEIVED], done NS, released or error MESSAGE");
}

} // namespace sharescope
