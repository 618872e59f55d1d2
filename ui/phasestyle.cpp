// SPDX-License-Identifier: GPL-3.0-or-later
#include "phasestyle.h"

#include <QCoreApplication>

namespace sharescope {

QColor phaseColor(Phase phase)
{
    // Colour-blind-safe (Okabe-Ito), one per phase.
    switch (phase) {
    case Phase::Alloc:
        return QColor(0x99, 0x99, 0x99);
    case Phase::IpcOpen:
        return QColor(0xCC, 0x79, 0xA7);
    case Phase::HostInit:
        return QColor(0xE6, 0x9F, 0x00);
    case Phase::ToDevice:
        return QColor(0x56, 0xB4, 0xE9);
    case Phase::Kernel:
        return QColor(0x00, 0x9E, 0x73);
    case Phase::ToHost:
        return QColor(0x00, 0x72, 0xB2);
    case Phase::HostRead:
        return QColor(0xD5, 0x5E, 0x00);
    case Phase::Free:
        break;
    }
    return QColor(0x66, 0x66, 0x66);
}

QString phaseLabel(Phase phase)
{
    return QString::fromLatin1(phaseName(phase).data(), phaseName(phase).size());
}

QColor hostColor()
{
    return QColor(0xE6, 0x9F, 0x00);
}
QColor deviceColor()
{
    return QColor(0x00, 0x9E, 0x73);
}
QColor untouchedColor()
{
    return QColor(0xE0, 0xE0, 0xE0);
}

} // namespace sharescope

namespace sharescope {

QColor locationColor(Location location)
{
    switch (location) {
    case Location::Host:
        return hostColor();
    case Location::Partly:
        return QColor(0xF0, 0xE4, 0x42);
    case Location::Device:
        return deviceColor();
    case Location::Peer:
        return QColor(0x00, 0x72, 0xB2);
    case Location::Both:
        return QColor(0x56, 0xB4, 0xE9);
    case Location::Remote:
        return QColor(0xCC, 0x79, 0xA7);
    case Location::Untouched:
        break;
    }
    return untouchedColor();
}

QString locationLabel(Location location)
{
    switch (location) {
    case Location::Host:
        return QCoreApplication::translate("Residency", "on the host");
    case Location::Partly:
        return QCoreApplication::translate("Residency", "partly on the host");
    case Location::Device:
        return QCoreApplication::translate("Residency", "on the GPU");
    case Location::Peer:
        return QCoreApplication::translate("Residency", "on the peer GPU");
    case Location::Both:
        return QCoreApplication::translate("Residency", "on both (read-mostly copy)");
    case Location::Remote:
        return QCoreApplication::translate("Residency", "on the host, mapped for the GPU");
    case Location::Untouched:
        break;
    }
    return QCoreApplication::translate("Residency", "untouched");
}

} // namespace sharescope
