// SPDX-License-Identifier: GPL-3.0-or-later
// The report reader: any bytes, as File -> Open and `gui --open` get them.
#include "fuzzcheck.h"

#include "report/reportconsistency.h"
#include "report/reportjson.h"

#include <cstdint>
#include <string_view>

using namespace sharescope;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const auto set = readReports(text);
    if (!set) {
        FUZZ_CHECK(set.error().kind == ErrorKind::BadArgument && !set.error().message.empty());
        return 0;
    }
    FUZZ_CHECK(checkConsistency(*set).ok());
    FUZZ_CHECK(set->kind != ReportSet::Kind::Run || set->runs.size() == 1);
    // A report that reads writes JSON that reads back equal, and writes the
    // same JSON again: nothing read is lost or changed.
    const std::string written = toJson(*set);
    const auto back = readReports(written);
    FUZZ_CHECK(back.ok());
    FUZZ_CHECK(back->kind == set->kind && back->runs.size() == set->runs.size());
    FUZZ_CHECK(toJson(*back) == written);
    for (const RunReport &run : set->runs) {
        // What the window and the tables compute from a report.
        FUZZ_CHECK(summarize(run).size() >= 6); // alloc and the five iteration phases, at least
        (void)iterationTotals(run);
    }
    return 0;
}
