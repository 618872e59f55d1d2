// SPDX-License-Identifier: GPL-3.0-or-later
#include "lessonwriter.h"

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
    return QString::number(ratio, 'f', ratio < 10 ? 1 : 0) + QChar(0x00D7);
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
        return QCoreApplication::translate("Demos", "runs on any device (CUDA or OpenCL)");
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
