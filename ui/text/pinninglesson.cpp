// SPDX-License-Identifier: GPL-3.0-or-later
#include "pinninglesson.h"

#include "demoquestion.h"

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
    // The two runs of each size, smallest first.
    std::map<std::uint64_t, std::pair<const RunReport *, const RunReport *>> sizes;
    for (const MeasuredRun &m : w.runs()) {
        const RunReport &run = m.run();
        auto &pair = sizes[run.spec.bytes];
        // The demo's two modes, told by their host memory: ordinary, page-locked.
        const HostMemory memory = run.spec.modeInfo().hostMemory;
        if (memory == HostMemory::Pageable)
            pair.first = &run;
        else if (memory == HostMemory::PageLocked)
            pair.second = &run;
    }
    std::vector<std::pair<std::uint64_t, double>> paid; // size, iterations to break even
    bool never = false;
    for (const auto &[bytesPerBuffer, pair] : sizes) {
        if (!pair.first || !pair.second)
            continue;
        const auto balance = pinningBalance(*pair.first, *pair.second);
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
