// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cuda/cudasession.h"

namespace sharescope::cuda {

// Makes a GPU current for a scope, and the one current before again after.
class CurrentDevice
{
public:
    explicit CurrentDevice(int device);
    ~CurrentDevice();
    CurrentDevice(const CurrentDevice &) = delete;
    CurrentDevice &operator=(const CurrentDevice &) = delete;
    cudaError_t error() const { return m_error; }

private:
    int m_previous = -1;
    cudaError_t m_error = cudaSuccess;
};

// Lets `from` map `to`'s memory, or stops it, whatever the state was: a
// backend is reused for many runs and keeps what an earlier one enabled.
cudaError_t setPeerAccess(int from, int to, bool on);

// What peer-copy and peer-access share: the data lives in cudaMalloc memory
// on the device (--device), the kernel runs on the peer (--peer), and the
// host's page-locked arrays are staging copies of the device's buffers. The
// CPU's writes go up to the device at the end of host-init, and its reads
// come down at the start of host-read, so that to-device and to-host hold
// only what moves between the two GPUs. The peer is current throughout;
// work on the device switches to it and back.
class PeerSession : public CudaSession
{
public:
    PeerSession(CudaContext &context, const ExperimentSpec &spec, const PeerLink &link);
    ~PeerSession() override;

    Status allocate(PhaseMeter &meter) override;
    Result<std::vector<void *>> acquireHost(HostAccess access, PhaseMeter &meter) override;
    Status releaseHost(PhaseMeter &meter) override { return upload(meter); }
    Status hostWritten(PhaseMeter &meter) override { return upload(meter); }
    Status hostReading(PhaseMeter &meter) override { return download(meter); }
    Status read(std::size_t buffer, std::uint64_t first, std::span<std::uint32_t> out) override;
    Status release(PhaseMeter &meter) override;

protected:
    // The peer's access to the device's memory, and the device's to the
    // peer's, each set as asked before anything is allocated.
    virtual Status setAccess() = 0;
    // After the device's buffers: what the mode allocates besides, and
    // frees before them (the subclass frees it in its destructor too: this
    // class's destructor no longer reaches it).
    virtual Status allocateMore() { return okStatus(); }
    virtual cudaError_t freeMore() { return cudaSuccess; }

    const int m_device;
    const int m_peer;
    std::vector<void *> m_onDevice; // cudaMalloc on the device

private:
    // Copies the host's arrays up to the device's buffers (after the CPU
    // wrote them), or down (before it reads): synchronous, on the device.
    Status upload(PhaseMeter &meter);
    Status download(PhaseMeter &meter);
    Status stage(const std::vector<std::size_t> &buffers, bool up, PhaseMeter &meter);
    cudaError_t freeAll();

    std::vector<void *> m_host; // page-locked
    std::vector<std::size_t> m_pendingUpload;
    std::vector<std::size_t> m_pendingDownload;
};

} // namespace sharescope::cuda
