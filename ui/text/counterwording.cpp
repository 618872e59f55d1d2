// SPDX-License-Identifier: GPL-3.0-or-later
#include "counterwording.h"

#include "bytesize.h"
#include "textconv.h"

#include <QCoreApplication>

namespace sharescope {

QString notReportedText()
{
    return QCoreApplication::translate("Counters", "not reported");
}

QString counterText(const std::optional<std::uint64_t> &value, CounterUnit unit, bool lowerBound)
{
    if (!value)
        return notReportedText();
    const QString number = q(unit == CounterUnit::Bytes ? formatBytes(*value) : formatCount(*value));
    return lowerBound ? QCoreApplication::translate("Counters", "≥ %1").arg(number) : number;
}

QString counterLabel(const CounterField &field)
{
    return QCoreApplication::translate("Counters", std::string(field.label).c_str());
}

} // namespace sharescope
