// SPDX-License-Identifier: GPL-3.0-or-later
#include "pinninglesson.h"

#include "lessons/demoquestion.h"

#include <algorithm>
#include <map>

namespace sharescope {
namespace {

using namespace lesson;

QString iterationsText(double value)
{
    return QString::number(value, 'f', value < 10 ? 1 : 0);
}

} // namespace

void whenPinningPaysLesson(LessonWriter &w)
{
    // The demo's runs of each size, smallest first, told by their host
    // memory: ordinary, page-locked by cudaHostAlloc, page-locked in place.
    struct Runs
    {
        const RunReport *pageable = nullptr;
        const RunReport *pinned = nullptr;
        const RunReport *registered = nullptr;
    };
    std::map<std::uint64_t, Runs> sizes;
    for (const MeasuredRun &m : w.runs()) {
        const RunReport &run = m.run();
        Runs &runs = sizes[run.spec.bytes];
        switch (run.spec.modeInfo().hostMemory) {
        case HostMemory::Pageable:
            runs.pageable = &run;
            break;
        case HostMemory::PageLocked:
            runs.pinned = &run;
            break;
        case HostMemory::Registered:
            runs.registered = &run;
            break;
        default:
            break;
        }
    }
    std::vector<std::pair<std::uint64_t, double>> paid; // size, iterations to break even
    bool never = false;
    for (const auto &[bytesPerBuffer, runs] : sizes) {
        if (!runs.pageable || !runs.pinned)
            continue;
        const auto balance = pinningBalance(*runs.pageable, *runs.pinned);
        if (!balance) {
            w.say(Lessons::tr("At %1 per buffer the setup or the copies were not timed.").arg(bytes(bytesPerBuffer)));
            continue;
        }
        QString verdict;
        if (!balance->breakEven) {
            verdict = Lessons::tr("The pinned copies were no faster: pinning never paid.");
            never = true;
        } else if (*balance->breakEven <= 0) {
            verdict = Lessons::tr("Pinning cost nothing extra here.");
            paid.emplace_back(bytesPerBuffer, 0.0);
        } else {
            verdict
                = Lessons::tr("Pinning paid for itself after %1 iterations.").arg(iterationsText(*balance->breakEven));
            paid.emplace_back(bytesPerBuffer, *balance->breakEven);
        }
        w.say(Lessons::tr("At %1 per buffer: allocating the page-locked host arrays (cudaHostAlloc) and freeing them "
                          "took %2, against %3 for ordinary arrays touched once; one iteration's copies took %4 "
                          "from page-locked memory against %5 from ordinary memory. %6")
                  .arg(bytes(bytesPerBuffer), duration(balance->pinnedSetupNs), duration(balance->pageableSetupNs),
                       duration(balance->pinnedCopiesNs), duration(balance->pageableCopiesNs), verdict));
        if (!runs.registered)
            continue;
        // The same arrays as the ordinary run's, registered after their
        // first touch: the difference in setup is the registration's.
        const auto registered = pinningBalance(*runs.pageable, *runs.registered);
        if (!registered)
            continue;
        const std::int64_t registering = static_cast<std::int64_t>(registered->pinnedSetupNs)
            - static_cast<std::int64_t>(registered->pageableSetupNs);
        QString registeredVerdict;
        if (!registered->breakEven)
            registeredVerdict = Lessons::tr("Its copies were no faster: registering never paid.");
        else if (*registered->breakEven <= 0)
            registeredVerdict = Lessons::tr("Registering cost nothing measurable here.");
        else
            registeredVerdict = Lessons::tr("Registering paid for itself after %1 iterations.")
                                    .arg(iterationsText(*registered->breakEven));
        const QString more = registering > 0 ? Lessons::tr("%1 more than the ordinary arrays alone")
                                                   .arg(duration(static_cast<std::uint64_t>(registering)))
                                             : Lessons::tr("no more than the ordinary arrays alone");
        w.say(Lessons::tr("Page-locking ordinary arrays in place instead (cudaHostRegister, then "
                          "cudaHostUnregister before freeing them) took %1 with their allocation and first touch, "
                          "%2; its copies took %3. %4")
                  .arg(duration(registered->pinnedSetupNs), more, duration(registered->pinnedCopiesNs),
                       registeredVerdict));
    }
    // Said only where every larger size paid no later than the one before.
    const bool sooner = paid.size() >= 2 && paid.front().second > paid.back().second
        && std::ranges::is_sorted(paid, std::ranges::greater{}, &std::pair<std::uint64_t, double>::second);
    if (sooner) {
        w.say(Lessons::tr("The larger the buffers, the sooner pinning pays: %1 iterations at %2, %3 at %4.")
                  .arg(iterationsText(paid.front().second), bytes(paid.front().first),
                       iterationsText(paid.back().second), bytes(paid.back().first)));
    } else if (never && paid.empty()) {
        w.say(Lessons::tr("Here pinning never paid at any size."));
    }
    w.say(Lessons::tr("A program that pins memory once and copies it many times pays the allocation once; one that "
                      "pins a buffer to copy it once pays it every time, which is why PyTorch's tutorial finds "
                      "%1 can be slower than %2. PyTorch's pinned-memory allocator keeps the blocks it frees for the "
                      "next tensor, so pinning again costs less than the first time.")
              .arg(code("pin_memory().to(device, non_blocking=True)"), code("to(device)")));
}

} // namespace sharescope
