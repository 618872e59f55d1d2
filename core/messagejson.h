// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <optional>
#include <string>

namespace sharescope {

// A message template as JSON, {"text": ..., "args": [...]}, so that a
// message travels (from a child process, in a report file) and is still
// said in the reader's language. Messages nest one or two deep; a value
// nested deeper than `maxDepth` is not ours and is refused.
template<typename Json>
Json messageToJson(const MessageTemplate &message)
{
    Json args = Json::array();
    for (const MessageTemplate &arg : message.args)
        args.push_back(messageToJson<Json>(arg));
    return Json{{"text", message.text}, {"args", args}};
}

template<typename Json>
std::optional<MessageTemplate> messageFromJson(const Json &value, int depth = 0)
{
    constexpr int maxDepth = 8;
    if (depth > maxDepth || !value.is_object() || !value.contains("text") || !value.contains("args")
        || !value["text"].is_string() || !value["args"].is_array())
        return std::nullopt;
    MessageTemplate message(value["text"].template get<std::string>());
    for (const auto &arg : value["args"]) {
        auto nested = messageFromJson(arg, depth + 1);
        if (!nested)
            return std::nullopt;
        message.args.push_back(std::move(*nested));
    }
    return message;
}

} // namespace sharescope
