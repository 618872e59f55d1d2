// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostilebuilder.h"

namespace hostile {
namespace {

void everyCommand(Builder &b)
{
    for (const QString command : {"devices", "modes", "run", "compare", "sweep", "demo", "ipc-export", "gui"}) {
        b.add(command + QStringLiteral(" --help"), {command, "--help"}, 0);
        b.add(command + QStringLiteral(" -h"), {command, "-h"}, 0);
        b.add(command + QStringLiteral(" --frobnicate"), {command, "--frobnicate"}, 2).mentions = "frobnicate";
        b.add(command + QStringLiteral(" --frobnicate=1"), {command, "--frobnicate=1"}, 2);
        b.add(command + QStringLiteral(" stray words"), {command, "stray", "words"}, 2);
        b.add(command + QStringLiteral(" --lang"), {command, "--lang"}, 2);
        b.add(command + QStringLiteral(" --lang ''"), {command, "--lang", ""}, 2);
        b.add(command + QStringLiteral(" --lang klingon"), {command, "--lang", "klingon"}, 2).mentions = "klingon";
        b.add(command + QStringLiteral(" --lang twice"), {command, "--lang", "en", "--lang", "zh_CN"}, 2);
        b.add(command + QStringLiteral(" -- --help"), {command, "--", "--help"}, 2);
        b.add(command + QStringLiteral(" Unicode option"), {command, "--größe", "4KiB"}, 2);
        b.add(command + QStringLiteral(" huge option"), {command, "--" + QString(100000, QLatin1Char('x'))}, 2);
        b.add(command + QStringLiteral(" in Chinese, bad option"), {command, "--bogus", "--lang", "zh_CN"}, 2);
    }
    b.add("no arguments, no display", {}, 0);
    b.add("--help", {"--help"}, 0);
    b.add("help", {"help"}, 0);
    b.add("--version", {"--version"}, 0);
    b.add("-v", {"-v"}, 0);
    b.add("unknown command", {"launch"}, 2).mentions = "launch";
    b.add("empty command", {""}, 2);
    b.add("Unicode command", {"运行"}, 2).mentions = "运行";
    b.add("emoji command", {"💥"}, 2).mentions = "💥";
    b.add("huge command", {QString(100000, QLatin1Char('r'))}, 2);
    b.add("--lang alone", {"--lang"}, 2);
    b.add("--lang bad, alone", {"--lang", "xx"}, 2);
    b.add("--lang first, then help", {"--lang", "zh_CN", "--help"}, 0);
    b.add("--lang= empty first", {"--lang=", "run"}, 2);
    b.add("an option, no command", {"--frobnicate"}, 2);
    b.add("devices --json=yes", {"devices", "--json=yes"}, 2);
    b.add("devices --device", {"devices", "--device", "opencl:0"}, 2);
    b.add("control: devices", {"devices"}, 0);
    b.add("control: devices --json", {"devices", "--json"}, 0);
    b.add("control: modes", {"modes"}, 0);
    b.add("control: modes --json, repeated flag", {"modes", "--json", "--json"}, 0);
}

void experimentOptions(Builder &b, const QStringList &command, const QStringList &base)
{
    b.badValues(command, base, "--device", "opencl:0",
                {"", " ", "opencl:99", "opencl:-1", "opencl:", ":0", "cuda:0", "opencl:99999999999999999999",
                 "OPENCL:0", "opencl:0 ", "💥", QString(5000, QLatin1Char('d'))});
    b.badValues(command, base, "--iterations", "1",
                {"", "0", "-1", "10001", "2147483648", "99999999999999999999", "1.0", "1e1", "one", "１", "0x1"});
    b.badValues(command, base, "--warmup", "0", {"", "-1", "10001", "x", "-0.5"});
    b.badValues(command, base, "--kernel", "scale", {"", "bogus", "vector_add", "Vector-Add", "ping pong", "全部"});
    const QStringList stride = with(base, "--kernel", "stride");
    b.badValues(command, stride, "--stride", "4KiB", {"", "0", "3", "-4", "1.5", "18446744073709551616", "4KiB4"});
    const QStringList pingPong = with(base, "--kernel", "ping-pong");
    b.badValues(command, pingPong, "--rounds", "1", {"", "0", "-1", "10001", "x", "4294967300"});
    const QString prefix = command.join(QLatin1Char(' '));
    b.add(prefix + QStringLiteral(" --stride with vector-add"),
          command + base << "--stride"
                         << "4KiB",
          2);
    b.add(prefix + QStringLiteral(" --rounds with scale"),
          command + with(base, "--kernel", "scale") << "--rounds"
                                                    << "2",
          2);
    b.add(prefix + QStringLiteral(" --no-counters=yes"), command + base << "--no-counters=yes", 2);
    b.add(prefix + QStringLiteral(" --no-counters twice"),
          command + base << "--no-counters"
                         << "--no-counters",
          0);
    b.add(prefix + QStringLiteral(" --advice bogus"),
          command + base << "--advice"
                         << "bogus",
          2)
        .mentions
        = "bogus";
    b.add(prefix + QStringLiteral(" --advice ''"),
          command + base << "--advice"
                         << "",
          2);
}

void sizes(Builder &b, const QStringList &command, const QStringList &base)
{
    b.badValues(command, base, "--size", "4KiB",
                {"",
                 " ",
                 "0",
                 "-1",
                 "-0",
                 "+4",
                 "3",
                 "4.5",
                 "0.5",
                 "1e3",
                 "0x10",
                 "NaN",
                 "inf",
                 "18446744073709551616",
                 "16EiB",
                 "99999999999999999999999999",
                 "4KiB4KiB",
                 "4 K iB",
                 "４KiB",
                 "٤",
                 "1.000000000000000000001KiB",
                 "4 parsecs",
                 QString(10000, QLatin1Char('9'))});
    const QString prefix = command.join(QLatin1Char(' '));
    b.add(prefix + QStringLiteral(" --size 1TiB, too large here"), command + with(base, "--size", "1TiB"), 2).mentions
        = "1TiB";
    b.add(prefix + QStringLiteral(" --size 4, one element"), command + with(base, "--size", "4"), 0);
    b.add(prefix + QStringLiteral(" --size ' 4 KiB '"), command + with(base, "--size", " 4 KiB "), 0);
}

void outputs(Builder &b, const QStringList &command, const QStringList &base, const HostileFixtures &f)
{
    b.badValues(command, base, "--json", f.dir + "/out.json", {"", f.dir + "/no/such/dir/out.json"});
    b.badValues(command, base, "--csv", f.dir + "/out.csv", {"", f.dir + "/no/such/dir/out.csv"});
    const QString prefix = command.join(QLatin1Char(' '));
    b.add(prefix + QStringLiteral(" --json - --csv -"),
          command + base << "--json"
                         << "-"
                         << "--csv"
                         << "-",
          2)
        .mentions
        = "stdout";
    b.add(prefix + QStringLiteral(" --json into a folder"), command + base << "--json" << f.dir, 2);
    HostileCase &longName
        = b.add(prefix + QStringLiteral(" --json, a name too long"), command + base << "--json" << f.longName, 2);
    longName.mustNotExist = f.longName;
}

void runLike(Builder &b, const HostileFixtures &f)
{
    const QStringList run{"run"};
    const QStringList quickRun = with(quick, "--mode", "cl-copy");
    experimentOptions(b, run, quickRun);
    sizes(b, run, quickRun);
    outputs(b, run, quickRun, f);
    b.badValues(run, quickRun, "--mode", "cl-copy", {"", "bogus", "CL-COPY", "cl-copy,cl-use-host-ptr", "全部"});
    b.add("run --mode managed on OpenCL", run + with(quickRun, "--mode", "managed"), 3).mentions = "managed";
    b.add("run --mode device on OpenCL", run + with(quickRun, "--mode", "device"), 3);
    b.add("run managed-advise on OpenCL",
          run + with(quickRun, "--mode", "managed-advise") << "--advice"
                                                           << "read-mostly",
          3);
    b.add("run --advice with cl-copy",
          run + quickRun << "--advice"
                         << "read-mostly",
          2);
    b.add("run --modes",
          run + quickRun << "--modes"
                         << "all",
          2);
    b.add("control: run", run + quickRun, 0);
    b.add("control: run stride", run + with(with(quickRun, "--kernel", "stride"), "--stride", "4"), 0);
    b.add("control: run ping-pong", run + with(with(quickRun, "--kernel", "ping-pong"), "--rounds", "1"), 0);
    b.add("control: run --json -",
          run + quickRun << "--json"
                         << "-",
          0);
    b.add("control: run in Chinese",
          run + quickRun << "--lang"
                         << "zh_CN",
          0);

    const QStringList compare{"compare"};
    experimentOptions(b, compare, quick);
    sizes(b, compare, quick);
    outputs(b, compare, quick, f);
    b.badValues(compare, quick, "--modes", "cl-copy",
                {"", ",", "bogus", "cl-copy,bogus", "cl-copy,,cl-use-host-ptr", "all,cl-copy"},
                {"", ",", "bogus", "'bogus'", "cl-copy,,cl-use-host-ptr", "'all'"});
    b.add("compare CUDA modes only, on OpenCL",
          compare + quick << "--modes"
                          << "managed,pinned",
          3);
    b.add("control: compare", compare + quick, 0);
    b.add("control: compare ' cl-copy , cl-svm-fine'",
          compare + quick << "--modes"
                          << " cl-copy , cl-svm-fine",
          0);

    const QStringList sweep{"sweep"};
    const QStringList quickSweep = without(quick, "--size");
    b.badValues(sweep, quickSweep, "--sizes", "4KiB:8KiB",
                {"", ":", "4KiB:", ":4KiB", "8KiB:4KiB", "4KiB:8KiB:x1", "4KiB:8KiB:x", "4KiB:8KiB:y2",
                 "4KiB:8KiB:x1001", "4KiB,,8KiB", "3:8", "4KiB:8KiB:x2:x2", "-4KiB:8KiB",
                 "4,8,12,16,20,24,28,32,36,40,"
                 "44,48,52,56,60,64,68,72,76,80,84,88,92,96,100,104,108,112,116,120,124,128,132,136,140,144,148,152,"
                 "156,160,164,168,172,176,180,184,188,192,196,200,204,208,212,216,220,224,228,232,236,240,244,248,252,"
                 "256,260"});
    b.add("sweep --size", sweep + quick, 2);
    experimentOptions(b, sweep, quickSweep);
    b.add("control: sweep",
          sweep + quickSweep << "--sizes"
                             << "4KiB:8KiB",
          0);
    // 64 B, 62.5 KiB and 61 MiB run; from 59.6 GiB on, each size is refused
    // (a start of 4 would run 3 × 3.7 GiB on a CPU device).
    b.add("control: sweep to 16 EiB, the rest too large",
          sweep + quickSweep << "--sizes"
                             << "64:18446744073709551612:x1000",
          0);
}

void demosAndExport(Builder &b)
{
    const QStringList demo = without(quick, "--warmup");
    b.add("demo, the list", {"demo"}, 0);
    b.add("demo --list", {"demo", "--list"}, 0);
    b.add("demo --list and a name", {"demo", "--list", "prefetch"}, 2);
    for (const QString name : {"", "bogus", "PREFETCH", "prefetch-", "📚"})
        b.add(QStringLiteral("demo '%1'").arg(name), QStringList{"demo", name} + demo, 2);
    // A CUDA demo on OpenCL tells its lesson from the report shipped with
    // ShareScope (measured on a real GPU, said so); written files would be
    // this machine's, so --json is refused; peer-access ships none.
    b.add("demo prefetch on OpenCL, the shipped example", QStringList{"demo", "prefetch"} + demo, 0);
    b.add("demo other-process on OpenCL, the shipped example", QStringList{"demo", "other-process"} + demo, 0);
    b.add("demo prefetch on OpenCL with --json",
          QStringList{"demo", "prefetch"} + demo << "--json"
                                                 << "-",
          3);
    b.add("demo peer-access on OpenCL", QStringList{"demo", "peer-access"} + demo, 3);
    b.add("demo with --mode",
          QStringList{"demo", "ping-pong"} + demo << "--mode"
                                                  << "cl-copy",
          2);
    b.add("demo with --kernel",
          QStringList{"demo", "ping-pong"} + demo << "--kernel"
                                                  << "scale",
          2);
    b.add("demo two names", QStringList{"demo", "ping-pong", "prefetch"} + demo, 2);
    sizes(b, {"demo", "copies-vs-zero-copy"}, demo);
    b.add("control: demo", QStringList{"demo", "copies-vs-zero-copy"} + demo, 0);

    const QStringList exportBuffer{"ipc-export"};
    b.badValues(exportBuffer, {}, "--fill", "index", {"", "nan", "inf", "-inf", "1e39", "x", "0x1p3", "1,5"});
    b.badValues(exportBuffer, {}, "--memory", "device", {"", "bogus", "DEVICE"});
    b.badValues(exportBuffer, {}, "--size", "4KiB", {"", "0", "-1", "3", "16EiB"});
    b.add("ipc-export without a CUDA device", {"ipc-export"}, 3);
    b.add("ipc-export on an OpenCL device", {"ipc-export", "--device", "opencl:0"}, 3);
    b.add("demo --answer negative", {"demo", "prefetch", "--answer", "-1"}, 2);
    b.add("demo --answer empty", {"demo", "prefetch", "--answer", ""}, 2);
    b.add("demo --answer Unicode digit", {"demo", "prefetch", "--answer", "３"}, 2);
    b.add("demo --answer with a fraction", {"demo", "prefetch", "--answer", "2.5"}, 2).mentions = "2.5";
    b.add("demo --predict --json -", {"demo", "prefetch", "--predict", "--json", "-"}, 2);
    b.add("gui --answer without a demo", {"gui", "--answer", "2"}, 2);
    b.add("ipc-export --memory managed", {"ipc-export", "--memory", "managed"}, 3);
    b.add("ipc-export --memory vmm without a CUDA device", {"ipc-export", "--memory", "vmm"}, 3);
    b.add("ipc-export --memory pool without a CUDA device", {"ipc-export", "--memory", "pool"}, 3);
    b.add("ipc-export --socket with device memory", {"ipc-export", "--socket", "/tmp/x.sock"}, 2);
    b.add("ipc-export --socket empty", {"ipc-export", "--memory", "vmm", "--socket", ""}, 2);
}

} // namespace
} // namespace hostile

std::vector<HostileCase> hostileCases(const HostileFixtures &f)
{
    using namespace hostile;
    Builder b;
    everyCommand(b);
    runLike(b, f);
    demosAndExport(b);
    windowCases(b, f);
    return std::move(b.cases);
}
