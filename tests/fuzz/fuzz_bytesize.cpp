// SPDX-License-Identifier: GPL-3.0-or-later
// Sizes as the command line and the panel read them: "64MiB", "1.5 GiB",
// "4KiB:1GiB:x4", "1MiB,16MiB".
#include "fuzzcheck.h"

#include "bytesize.h"

#include <cstdint>
#include <string_view>

using namespace sharescope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    // The first byte picks the element size (1 or 4, as the program uses).
    const std::uint64_t elementBytes = data[0] % 2 ? 4 : 1;
    const std::string_view text(reinterpret_cast<const char *>(data + 1), size - 1);

    if (const auto bytes = parseByteSize(text, elementBytes)) {
        FUZZ_CHECK(*bytes > 0);
        FUZZ_CHECK(*bytes % elementBytes == 0);
        // What the program writes back (a reproduce line) reads the same.
        const auto again = parseByteSize(formatSizeArgument(*bytes), elementBytes);
        FUZZ_CHECK(again.ok() && *again == *bytes);
        FUZZ_CHECK(!formatBytes(*bytes).empty());
    } else {
        FUZZ_CHECK(bytes.error().kind == ErrorKind::BadArgument && !bytes.error().message.empty());
    }

    if (const auto list = parseSizeList(text, elementBytes)) {
        FUZZ_CHECK(!list->empty() && list->size() <= 64);
        for (const std::uint64_t bytes : *list) {
            FUZZ_CHECK(bytes > 0 && bytes % elementBytes == 0);
            const auto again = parseByteSize(formatSizeArgument(bytes), elementBytes);
            FUZZ_CHECK(again.ok() && *again == bytes);
        }
        // A range grows; a list is as given.
        if (text.find(':') != std::string_view::npos) {
            for (std::size_t i = 1; i < list->size(); ++i)
                FUZZ_CHECK((*list)[i] > (*list)[i - 1]);
        }
    } else {
        FUZZ_CHECK(list.error().kind == ErrorKind::BadArgument && !list.error().message.empty());
    }
    return 0;
}
