// SPDX-License-Identifier: GPL-3.0-or-later
#include "support.h"

namespace sharescope {

Support notSupported(const char *text, std::vector<std::string> args)
{
    MessageTemplate reason(text, std::move(args));
    std::string english = reason.english();
    return {false, std::move(english), std::move(reason)};
}

Error supportError(const Support &support)
{
    return {ErrorKind::Unsupported, support.reason, support.translatable, std::nullopt};
}

} // namespace sharescope
