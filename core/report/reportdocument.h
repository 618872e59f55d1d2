// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Checks of a parsed report document that need the JSON itself, for
// reportjson.cpp only (nlohmann/json is the core's private dependency).

#include "report/reportset.h"
#include "result.h"

#include <nlohmann/json.hpp>

namespace sharescope {

// Before the document is read: every format version is at least 1, and the
// residency snapshots of all its runs decode to at most maxResidencyChunks
// (reportlimits.h), computed from their chunkBytes, buffer bytes and
// snapshot counts. Values of the wrong type are left for the reader, which
// names them.
Status checkDocument(const nlohmann::ordered_json &document);

// After it was read: each run's "summary", which ShareScope writes for other
// programs and never reads, agrees with the summary recomputed from the
// iterations, so that a script and the window never show different numbers
// for the same file. Keys this version does not write are not compared.
Status checkSummaries(const nlohmann::ordered_json &document, const ReportSet &set);

} // namespace sharescope
