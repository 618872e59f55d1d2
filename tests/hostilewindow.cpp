// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostilebuilder.h"

#include <QFileInfo>

#include <csignal>

namespace hostile {
namespace {

// The window, offscreen, saving a screenshot and quitting: exit 0 once the
// report is shown, 2 before any window for what cannot be a report.
HostileCase &screenshot(Builder &b, const QString &name, QStringList arguments, int exitCode, const HostileFixtures &f)
{
    const QString png = f.dir + QStringLiteral("/never-%1.png").arg(b.cases.size());
    HostileCase &c = b.add(name, QStringList{"gui"} + arguments << "--screenshot" << png, exitCode);
    c.display = Display::Offscreen;
    if (exitCode != 0)
        c.mustNotExist = png;
    return c;
}

void openPaths(Builder &b, const HostileFixtures &f)
{
    screenshot(b, "gui --open ''", {"--open", ""}, 2, f);
    screenshot(b, "gui --open missing", {"--open", f.dir + "/missing.json"}, 2, f).mentions = "missing.json";
    screenshot(b, "gui --open a folder", {"--open", f.dir}, 2, f).mentions = f.dir;
    screenshot(b, "gui --open /dev/zero", {"--open", "/dev/zero"}, 2, f).mentions = "/dev/zero";
    screenshot(b, "gui --open /dev/null", {"--open", "/dev/null"}, 2, f);
    screenshot(b, "gui --open /dev/stdin", {"--open", "/dev/stdin"}, 2, f);
    screenshot(b, "gui --open a fifo", {"--open", f.fifo}, 2, f).mentions = f.fifo;
    screenshot(b, "gui --open unreadable", {"--open", f.unreadable}, 2, f).skipAsRoot = true;
    screenshot(b, "gui --open a link to itself", {"--open", f.loop}, 2, f);
    screenshot(b, "gui --open a name too long", {"--open", f.longName}, 2, f);
    screenshot(b, "gui --open '-'", {"--open", "-"}, 2, f);
    screenshot(b, "gui --open a report named twice", {"--open", f.validReport, "--open", f.validReport}, 2, f);
    screenshot(b, "gui --open two reports", {"--open", f.validReport, "--open", f.validCompare}, 2, f);
    for (const QString &report : f.malformedReports) {
        HostileCase &c
            = screenshot(b, "gui --open malformed " + QFileInfo(report).fileName(), {"--open", report}, 2, f);
        c.mentions = "is not a ShareScope report";
    }
    for (const QString &report : f.acceptedReports)
        screenshot(b, "gui --open odd but valid " + QFileInfo(report).fileName(), {"--open", report}, 0, f);
    screenshot(b, "control: gui --open a report", {"--open", f.validReport, "--tab", "timeline"}, 0, f);
    screenshot(b, "control: gui --open a compare", {"--open", f.validCompare, "--tab", "compare"}, 0, f);
    screenshot(b, "control: gui --open a Chinese name", {"--open", f.unicodeReport}, 0, f);
}

void windowOptions(Builder &b, const HostileFixtures &f)
{
    const QStringList gui{"gui"};
    b.badValues(gui, {}, "--tab", "timeline", {"", "graphs", "TIMELINE", "时间线"});
    b.badValues(gui, {}, "--screenshot", f.dir + "/s.png", {""});
    b.badValues(gui, {}, "--demo", "prefetch", {"", "bogus"});
    b.badValues(gui, {}, "--mode", "cl-copy", {"", "bogus"});
    b.badValues(gui, {}, "--size", "4KiB", {"", "0", "3", "16EiB", "x"});
    b.badValues(gui, {}, "--open", f.validReport, {""});
    b.add("gui --run --compare", {"gui", "--run", "--compare"}, 2);
    b.add("gui --demo with --run", {"gui", "--demo", "prefetch", "--run"}, 2);
    b.add("gui --demo with --mode", {"gui", "--demo", "prefetch", "--mode", "cl-copy"}, 2);
    b.add("gui --json", {"gui", "--json", "x.json"}, 2);
    b.add("gui --screenshot, no display", {"gui", "--screenshot", f.dir + "/nodisplay.png"}, 3).mustNotExist
        = f.dir + "/nodisplay.png";
    b.add("gui, a platform plugin that does not exist", {"gui", "--screenshot", f.dir + "/b.png"}, 3).display
        = Display::Bogus;
    screenshot(b, "gui --screenshot into a missing folder", {"--device", "opencl:0"}, 2, f).arguments.last()
        = f.dir + "/no/such/dir/s.png";
    screenshot(b, "gui --run a CUDA mode on OpenCL",
               {"--device", "opencl:0", "--mode", "managed", "--size", "4KiB", "--run"}, 3, f);
    screenshot(b, "gui --demo prefetch on OpenCL: the shipped example", {"--device", "opencl:0", "--demo", "prefetch"},
               0, f);
    screenshot(b, "gui --demo peer-access on OpenCL", {"--device", "opencl:0", "--demo", "peer-access"}, 3, f);
    b.badValues(gui, {}, "--example", "compare", {"", "bogus", "COMPARE", "compare.json"});
    b.add("gui --example with --open", {"gui", "--example", "compare", "--open", f.validReport}, 2);
    screenshot(b, "control: gui --example managed", {"--example", "managed", "--tab", "migration"}, 0, f);
    screenshot(b, "gui --device opencl:99", {"--device", "opencl:99"}, 2, f);
    screenshot(b, "control: gui --run", {"--device", "opencl:0", "--size", "4KiB", "--iterations", "1", "--run"}, 0, f);
}

void interruptions(Builder &b, const HostileFixtures &f)
{
    // Long enough to be running when the signal comes.
    const QStringList longCompare{"compare", "--device", "opencl:0", "--size", "64MiB", "--iterations", "200"};
    for (const auto &[name, signal, exitCode] :
         {std::tuple{"SIGINT", SIGINT, 130}, std::tuple{"SIGTERM", SIGTERM, 143}}) {
        const QString json = f.dir + QStringLiteral("/interrupted-%1.json").arg(QLatin1String(name));
        HostileCase &c = b.add(QStringLiteral("compare, then %1").arg(QLatin1String(name)),
                               QStringList(longCompare) << "--json" << json, exitCode);
        c.signal = signal;
        c.mustNotExist = json;
    }
}

} // namespace

void windowCases(Builder &b, const HostileFixtures &f)
{
    openPaths(b, f);
    windowOptions(b, f);
    interruptions(b, f);
}

} // namespace hostile
