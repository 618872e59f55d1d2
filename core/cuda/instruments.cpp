// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/instruments.h"

#include "counting/residency.h"
#include "cuda/cupticollector.h"
#include "trnoop.h"

#include <algorithm>

namespace sharescope::cuda {

Instruments::Instruments(CudaContext &context)
    : m_context(context)
{
}

Instruments::~Instruments()
{
    if (m_collecting)
        CuptiCollector::instance().stop();
}

Status Instruments::start(RecordsSource wanted)
{
    if (m_context.uvmEvents && wanted == RecordsSource::DriverEvents) {
        // The driver's records replace CUPTI's, which would only add their
        // cost: CUPTI stays out of the way.
        CuptiCollector::instance().disable();
        m_context.uvmEvents->take(); // what came before this run
        m_droppedBefore = m_context.uvmEvents->dropped();
        m_queueing = true;
        return okStatus();
    }
    if (wanted == RecordsSource::None) {
        CuptiCollector::instance().disable();
        m_noRecords = true;
        return okStatus();
    }
    m_cuptiInstead = m_context.uvmEvents
        ? MessageTemplate(SHARESCOPE_TR_NOOP("Core", "CUPTI's records were asked for"), {})
        : m_context.uvmEventsProblem;
    if (!CuptiCollector::instance().available())
        return okStatus();
    if (Status started = CuptiCollector::instance().start(); !started)
        return started;
    m_collecting = true;
    return okStatus();
}

std::uint64_t Instruments::now() const
{
    if (m_queueing)
        return uvm::UvmEventQueue::now();
    if (m_collecting)
        return CuptiCollector::instance().timestamp().value_or(0);
    return 0;
}

void Instruments::phaseStarting()
{
    m_window = {};
    m_window.startNs = now();
    if (m_context.uvm)
        m_before = m_context.uvm->read();
}

void Instruments::phaseEnded(int iteration, Phase phase, const std::vector<BufferReport> &buffers)
{
    m_window.iteration = iteration;
    m_window.phase = phase;
    m_window.endNs = now();
    // The driver records a migration once the copy is seen complete: every
    // record of the phase is drained before the next one starts.
    if (m_queueing)
        m_context.uvmEvents->flush();
    if (m_context.uvm) {
        const uvm::UvmCounterValues counted = m_context.uvm->read() - m_before;
        m_window.exact = ExactCounts{counted.bytesHostToDevice, counted.bytesDeviceToHost, counted.cpuPageFaults,
                                     counted.gpuPageFaults};
    }
    if (phase != Phase::Free) // freed buffers have no pages to read
        m_window.hostPages = readPages(buffers);
    m_windows.push_back(std::move(m_window));
}

std::vector<std::vector<ChunkPages>> Instruments::readPages(const std::vector<BufferReport> &buffers)
{
    if (!m_context.pagemap || !m_pagesProblem.empty())
        return {};
    std::uint64_t largest = 0;
    for (const BufferReport &buffer : buffers)
        largest = buffer.managed ? std::max(largest, buffer.bytes) : largest;
    const std::uint64_t chunk = residencyChunkBytes(largest);
    std::vector<std::vector<ChunkPages>> pages;
    for (const BufferReport &buffer : buffers) {
        if (!buffer.managed || !buffer.address)
            continue;
        auto read = m_context.pagemap->chunkPages(buffer.address, buffer.bytes, chunk);
        if (!read) {
            m_pagesProblem = templateOf(read.error()); // the map falls back to CUPTI's replay
            return {};
        }
        pages.push_back(std::move(*read));
    }
    return pages;
}

CounterRecords Instruments::finish()
{
    CounterRecords records;
    if (m_queueing) {
        records.events = m_context.uvmEvents->take();
        records.source = RecordsSource::DriverEvents;
        records.reported = uvm::UvmEventQueue::reportedKinds();
        records.lost = m_context.uvmEvents->dropped() - m_droppedBefore;
        m_queueing = false;
    } else if (m_collecting) {
        records = CuptiCollector::instance().stop();
        m_collecting = false;
    } else if (m_noRecords) {
        records.source = RecordsSource::None;
        records.recordsNote = {SHARESCOPE_TR_NOOP("Core", "no migration records were asked for (--records none)"), {}};
    } else {
        records.recordsNote = m_context.recordsProblem.empty()
            ? MessageTemplate(SHARESCOPE_TR_NOOP("Core", "CUPTI was not started"), {})
            : m_context.recordsProblem;
    }
    if (records.source == RecordsSource::Cupti)
        records.driverEventsNote = m_cuptiInstead;
    records.accessCounterMigration = m_context.accessCounterMigration;
    records.windows = std::move(m_windows);
    records.exactNote = m_context.uvm ? MessageTemplate() : m_context.uvmProblem;
    records.pagesNote = !m_pagesProblem.empty() ? m_pagesProblem : m_context.pagemapProblem;
    return records;
}

} // namespace sharescope::cuda
