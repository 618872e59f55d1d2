#pragma once

#include "deviceinfo.h"
#include "ids.h"
#include "result.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sharescope {

struct ModeInfo
{
    ModeId id;
    std::string_view name; // "managed-advise"
    BackendKind backend;
    ModeFamily family;
    bool takesAdvice;
    bool needsPeer; // runs its kernel on a second GPU (--peer)
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

// What a kernel is, for every part of the program that needs to know.
struct KernelInfo
{
    KernelId id;
    std::string_view name; // "vector-add"
    std::string_view summary;
    std::span<const BufferSpec> buffers;
    // 32-bit reads plus writes per element the kernel visits, per launch.
    std::uint8_t accessesPerItem;
    bool usesStride; // visits every --stride-th element only
    bool usesRounds; // --rounds launches, each followed by the CPU's turn
    // Buffer-sized arrays the CPU reference keeps besides the buffers
    // (gather's permutation).
    std::uint8_t referenceArrays;
    std::uint64_t maxElements; // 0: only memory limits it
    std::string_view openclFunction;
};

constexpr std::uint64_t elementBytes = 4; // every buffer holds 32-bit elements

std::span<const ModeInfo> modes();
std::span<const KernelInfo> kernels();
const ModeInfo &modeInfo(ModeId id);
const KernelInfo &kernelInfo(KernelId id);
std::string_view modeName(ModeId id);
std::string_view kernelName(KernelId id);
std::string_view adviceName(Advice advice);
std::span<const Advice> adviceValues();

std::optional<ModeId> modeFromName(std::string_view name);
std::optional<KernelId> kernelFromName(std::string_view name);
std::optional<Advice> adviceFromName(std::string_view name);
// The same, as bad arguments that list what is accepted.
Result<ModeId> parseMode(std::string_view name);
Result<KernelId> parseKernel(std::string_view name);
Result<Advice> parseAdvice(std::string_view name);

// The first mode of a backend: plain copies (device or cl-copy).
ModeId defaultMode(BackendKind backend);
// What managed-advise uses when no advice is given.
inline constexpr Advice defaultAdvice = Advice::PreferredDevice;

// Comma-separated names, for "accepted:" lists in messages.
std::string modeNameList(std::string_view separator = ", ");
std::string peerModeNameList(std::string_view separator = ", "); // the modes that need a peer
std::string kernelNameList(std::string_view separator = ", ");
std::string adviceNameList(std::string_view separator = ", ");

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
Support notSupported(const char *text, std::vector<std::string> args = {});
// The reason as an error of the given kind (Unsupported, usually).
Error supportError(const Support &support);

// A mode judged on a device, as `sharescope modes` lists it.
struct ModeSupport
{
    const ModeInfo *mode = nullptr;
    std::string deviceId; // the device it was decided for; empty when there is none
    Support support;
};

// Whether a device can run a mode, and if not, why ("device reports no
// fine-grained buffer SVM"). Never guesses: unknown means unsupported. A mode
// that needs a peer is judged with the device's default peer (peers.h, where
// an experiment's own peer is judged).
Support supportOf(const DeviceInfo &device, ModeId mode);

} // namespace sharescope
