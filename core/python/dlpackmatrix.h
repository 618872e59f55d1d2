// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/pythonroutes.h"
#include "result.h"

#include <span>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sharescope {

// The hand-offs between Python frameworks (resources/python/dlpack-matrix.py):
// each producer's array of each memory kind given to each consumer, through
// DLPack (CuPy, PyTorch, JAX) or __cuda_array_interface__ (numba).
enum class HandOff : std::uint8_t {
    Shared, // the consumer's array has the producer's address
    Copied, // another address
    Refused, // the consumer raised: message
    Unavailable, // the producer cannot make that memory, or a framework is missing: message
};

struct DlpackCell
{
    std::string producer; // "cupy", "torch", "jax", "numba"
    std::string memory; // "device", "pinned", "managed"
    std::string consumer;
    std::string interface; // "dlpack" or "cuda-array-interface"
    HandOff outcome = HandOff::Unavailable;
    std::string message; // why, for Refused and Unavailable
    std::string producerDevice; // the DLPack device type the producer reported ("kDLCUDAManaged"), if any
};

struct DlpackMatrix
{
    std::map<std::string, std::string> versions; // framework -> version, for those that loaded
    std::vector<DlpackCell> cells; // producer, memory, consumer order

    // The cell of one hand-off; nullptr where the script gave none.
    const DlpackCell *cell(std::string_view producer, std::string_view memory, std::string_view consumer) const;
};

inline constexpr std::array<std::string_view, 4> dlpackFrameworks{"cupy", "torch", "jax", "numba"};
inline constexpr std::array<std::string_view, 3> dlpackMemories{"device", "pinned", "managed"};

// The script's line, checked: every cell names known frameworks and memory,
// a known outcome, a message where one is owed; texts at most 1024 bytes.
Result<DlpackMatrix> parseDlpackMatrixLine(std::string_view line);
std::string_view handOffName(HandOff outcome); // "shared", ...

// What running the matrix's script came to: the matrix, or the problem
// (Unreadable, with what was wrong, where its line could not be read).
struct DlpackMatrixRun
{
    RouteProblem problem = RouteProblem::None;
    std::string detail;
    DlpackMatrix matrix; // when problem is None
};

// Runs resources/python/dlpack-matrix.py's `source` with the plan's
// interpreter and deadline (its size is the script's own).
DlpackMatrixRun runDlpackMatrix(PythonRunPlan plan, const std::string &source, const std::atomic<bool> *stop = nullptr);

} // namespace sharescope
