#include "result.h"

namespace sharescope {

int exitCodeFor(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::BadArgument:
        return 2;
    case ErrorKind::Unsupported:
        return 3;
    case ErrorKind::Failed:
    case ErrorKind::Cancelled:
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

Error errorOf(ErrorKind kind, const char *text, std::vector<std::string> args)
{
    return {kind, fillTemplate(text, args), {text, std::move(args)}};
}

} // namespace sharescope
