// SPDX-License-Identifier: GPL-3.0-or-later
// What `sharescope python` reads from the user's interpreter: a route's one
// JSON line, and the DLPack matrix's. Whatever a route prints, a result
// that is read back holds what the parser promises.
#include "fuzzcheck.h"

#include "python/dlpackmatrix.h"
#include "python/pythonroutes.h"

#include <algorithm>
#include <cstdint>
#include <string>

using namespace sharescope;

namespace {

bool plainText(const std::string &text)
{
    return text.size() <= pythonTextLimit
        && std::ranges::none_of(text, [](char c) { return static_cast<unsigned char>(c) < 0x20; });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    // The first byte picks the route, the rest is the line.
    const auto route = static_cast<PythonRouteId>(data[0] % pythonRoutes().size());
    const std::string line(reinterpret_cast<const char *>(data + 1), size - 1);
    constexpr std::uint64_t bytes = 1 << 20;
    if (const auto result = parsePythonRouteLine(route, line, bytes)) {
        FUZZ_CHECK(result->route == route);
        FUZZ_CHECK(plainText(result->reason) && plainText(result->framework) && plainText(result->memory));
        if (result->state == RouteState::Measured) {
            FUZZ_CHECK(result->bytes == bytes && result->medianNs > 0 && result->samples > 0);
            FUZZ_CHECK(!result->framework.empty() && !result->memory.empty());
        } else {
            FUZZ_CHECK(!result->reason.empty());
        }
    }
    if (const auto matrix = parseDlpackMatrixLine(line)) {
        FUZZ_CHECK(matrix->cells.size() <= 48);
        for (const DlpackCell &cell : matrix->cells) {
            FUZZ_CHECK(plainText(cell.message) && plainText(cell.producerDevice));
            FUZZ_CHECK(cell.outcome == HandOff::Shared || cell.outcome == HandOff::Copied || !cell.message.empty());
        }
    }
    return 0;
}
