// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessonwriter.h"

#include "language.h"

namespace sharescope::lesson {

QString bytes(std::uint64_t value)
{
    return QString::fromStdString(formatBytes(value));
}
QString duration(std::uint64_t ns)
{
    return QString::fromStdString(formatDuration(ns));
}
QString count(std::uint64_t value)
{
    return QString::fromStdString(formatCount(value));
}
QString code(std::string_view text)
{
    return QStringLiteral("`%1`").arg(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
}
QString notReported()
{
    return notReportedText();
}
QString times(double a, double b)
{
    const double ratio = b > 0 ? a / b : 0;
    return timesText(ratio, ratio < 10 ? 1 : 0);
}

} // namespace sharescope::lesson

namespace sharescope {

QString demoTitle(const DemoInfo &demo)
{
    return QCoreApplication::translate("Demos", std::string(demo.title).c_str());
}

QString demoNeedsText(const DemoInfo &demo)
{
    switch (demoNeeds(demo)) {
    case DemoNeeds::AnyDevice:
        return pointNeedsCuda(demo)
            ? QCoreApplication::translate("Demos",
                                          "runs on any device; what it shows needs CUDA (elsewhere: its H200 run, "
                                          "shipped)")
            : QCoreApplication::translate("Demos", "runs on any device (CUDA or OpenCL)");
    case DemoNeeds::Cuda:
        return QCoreApplication::translate("Demos", "needs CUDA");
    case DemoNeeds::Cuda13:
        return QCoreApplication::translate("Demos", "needs CUDA; its discard modes need CUDA 13.0");
    case DemoNeeds::TwoCudaGpus:
        return QCoreApplication::translate("Demos", "needs two CUDA GPUs");
    }
    return {};
}

} // namespace sharescope
