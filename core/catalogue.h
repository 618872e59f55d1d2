#pragma once

#include "deviceinfo.h"
#include "result.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace sharescope {

struct ModeInfo
{
    std::string_view id;
    BackendKind backend;
    std::string_view summary; // one line
};

enum class ElementType { Float32, UInt32 };
enum class BufferRole { Input, Output, InOut };

struct BufferSpec
{
    std::string_view name;
    ElementType type;
    BufferRole role;
};

struct KernelInfo
{
    std::string_view id;
    std::string_view summary;
    std::span<const BufferSpec> buffers;
};

constexpr std::uint64_t elementBytes = 4; // every buffer holds 32-bit elements

std::span<const ModeInfo> modes();
std::span<const KernelInfo> kernels();
const ModeInfo *findMode(std::string_view id);
const KernelInfo *findKernel(std::string_view id);

// The first mode of a backend: plain copies ("device" or "cl-copy").
std::string_view defaultMode(BackendKind backend);

// Comma-separated ids, for "accepted:" lists in error messages.
std::string modeIdList(std::string_view separator = ", ");
std::string modeIdList(BackendKind backend, std::string_view separator = ", ");
std::string kernelIdList(std::string_view separator = ", ");

inline bool hostWrites(BufferRole role)
{
    return role != BufferRole::Output;
}
inline bool hostReads(BufferRole role)
{
    return role != BufferRole::Input;
}
std::string_view elementTypeName(ElementType type); // "f32", "u32"

struct Support
{
    bool supported = false;
    std::string reason; // why not, when not supported
    MessageTemplate translatable; // the reason, for the front ends to translate
};

// Not supported, with the reason as a template marked for translation.
Support notSupported(const char *text, std::vector<std::string> args);

// Whether a device can run a mode, and if not, why ("device reports no
// fine-grained buffer SVM"). Never guesses: unknown means unsupported.
Support supportOf(const DeviceInfo &device, const ModeInfo &mode);

} // namespace sharescope
