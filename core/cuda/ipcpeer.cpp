// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/ipcpeer.h"

#include "catalogue.h"
#include "cuda/cudaerror.h"
#include "cuda/cudakernels.h"
#include "cuda/ipcmemory.h"
#include "cuda/ipcpeerlink.h"
#include "cuda/launchgate.h"
#include "ipcprotocol.h"
#include "linereader.h"

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sharescope::cuda {
namespace {

class Peer
{
public:
    ~Peer() { close(); }

    // `readyAt` and `receivedAt`: when this process began waiting for the
    // open line and when it had it (steadyNowNs).
    PeerReply open(const PeerOpen &request, std::vector<int> &descriptors, std::uint64_t readyAt,
                   std::uint64_t receivedAt)
    {
        if (m_memory) {
            closeDescriptors(descriptors);
            return {PeerReply::Kind::Error, 0, "open after open"};
        }
        if (const cudaError_t e = cudaSetDevice(request.device); e != cudaSuccess) {
            closeDescriptors(descriptors);
            return error("cudaSetDevice", e);
        }
        cudaFree(nullptr); // the context, before the clock starts
        cudaDeviceGetAttribute(&m_multiprocessors, cudaDevAttrMultiProcessorCount, request.device);
        m_request = request;
        const std::uint64_t start = steadyNowNs();
        m_memory = makeImportedBuffers(request.memory);
        if (const std::string problem = m_memory->open(request, descriptors); !problem.empty())
            return {PeerReply::Kind::Error, 0, problem};
        m_pointers = m_memory->pointers();
        cudaIpcEventHandle_t eventHandle{};
        std::memcpy(&eventHandle, fromHex(request.eventHandle, sizeof eventHandle)->data(), sizeof eventHandle);
        const std::uint64_t eventStart = steadyNowNs();
        if (const cudaError_t e = cudaIpcOpenEventHandle(&m_event, eventHandle); e != cudaSuccess)
            return error("cudaIpcOpenEventHandle", e);
        const PeerOpenTimes steps{m_memory->importNs() + (steadyNowNs() - eventStart), m_memory->mapNs(), readyAt,
                                  receivedAt};
        const std::uint64_t ns = steadyNowNs() - start;
        if (cudaEventCreate(&m_start) != cudaSuccess || cudaEventCreate(&m_stop) != cudaSuccess)
            return error("cudaEventCreate", cudaGetLastError());
        if (const cudaError_t e = loadKernel(request.kernel); e != cudaSuccess)
            return error("loading the kernel", e);
        m_gate.open();
        return {PeerReply::Kind::Opened, ns, {}, steps};
    }

    PeerReply run()
    {
        if (m_pointers.empty())
            return {PeerReply::Kind::Error, 0, "run before open"};
        // Timed as the exporting process times its own kernels (see
        // launchgate.h), so that the two modes' kernel times compare.
        m_gate.hold(nullptr);
        const GateRelease releaseOnEveryPath(&m_gate);
        cudaEventRecord(m_start, nullptr);
        if (const cudaError_t e = launchKernel(m_request.kernel, m_pointers.data(), m_request.count,
                                               m_request.strideElements, m_multiprocessors, nullptr);
            e != cudaSuccess)
            return error("kernel launch", e);
        cudaEventRecord(m_stop, nullptr);
        // The exporting process waits for this event before it reads.
        cudaEventRecord(m_event, nullptr);
        m_gate.release();
        if (const cudaError_t e = cudaEventSynchronize(m_stop); e != cudaSuccess)
            return error("kernel", e);
        float ms = 0;
        cudaEventElapsedTime(&ms, m_start, m_stop);
        return {PeerReply::Kind::Done, static_cast<std::uint64_t>(static_cast<double>(ms) * 1e6), {}};
    }

    PeerReply release()
    {
        close();
        return {PeerReply::Kind::Released, 0, {}};
    }

private:
    static PeerReply error(const char *what, cudaError_t e)
    {
        return {PeerReply::Kind::Error, 0, std::string(what) + " failed in the peer: " + describe(e)};
    }

    void close()
    {
        if (m_memory)
            m_memory->close();
        m_pointers.clear();
        for (cudaEvent_t *event : {&m_event, &m_start, &m_stop}) {
            if (*event)
                cudaEventDestroy(*event);
            *event = nullptr;
        }
    }

    PeerOpen m_request;
    std::unique_ptr<ImportedBuffers> m_memory;
    std::vector<void *> m_pointers;
    cudaEvent_t m_event = nullptr;
    cudaEvent_t m_start = nullptr;
    cudaEvent_t m_stop = nullptr;
    LaunchGate m_gate;
    int m_multiprocessors = 1;
};

} // namespace

int runIpcPeer()
{
    const char *faultText = std::getenv("SHARESCOPE_TEST_PEER_FAULT");
    const std::string fault = faultText ? faultText : "";
    if (fault == "exit-before-open")
        return 3;
    Peer peer;
    bool opened = false;
    // Lines with recvmsg: the descriptors of ipc-vmm and ipc-pool come beside them.
    LineReader reader(STDIN_FILENO);
    std::vector<int> descriptors;
    for (std::optional<std::string> next;;) {
        const std::uint64_t readyAt = steadyNowNs();
        if (!(next = reader.next(descriptors)))
            break;
        const std::uint64_t receivedAt = steadyNowNs();
        const std::string &line = *next;
        if (opened && fault == "abort-after-open")
            std::abort();
        // As if someone stopped it (SIGSTOP, a debugger): no answer, and
        // nothing it should have done on the GPU.
        if (opened && fault == "stop-after-open")
            std::raise(SIGSTOP);
        if (opened && fault == "hang-after-open") {
            for (;;)
                ::pause();
        }
        const auto command = parseCommand(line);
        PeerReply reply;
        if (!command) {
            reply = {PeerReply::Kind::Error, 0, command.error().message};
        } else if (command->kind == PeerCommand::Kind::Open) {
            reply = peer.open(command->open, descriptors, readyAt, receivedAt);
            opened = reply.kind == PeerReply::Kind::Opened;
        } else if (command->kind == PeerCommand::Kind::Run) {
            reply = peer.run();
        } else {
            reply = peer.release();
        }
        closeDescriptors(descriptors); // any that came with another line
        std::cout << formatReply(reply) << std::endl;
        if (reply.kind == PeerReply::Kind::Released)
            return 0;
    }
    return 1; // the exporting process went away without releasing us
}

} // namespace sharescope::cuda
