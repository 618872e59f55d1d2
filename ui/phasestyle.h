// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "counting/residency.h"
#include "phase.h"

#include <QColor>
#include <QString>

namespace sharescope {

// One colour per phase, the same in every plot and table of the window.
QColor phaseColor(Phase phase);
QString phaseLabel(Phase phase); // "host-init", as the command line names it

// Location colours of the residency map (colour-blind safe, as the phases).
QColor hostColor();
QColor deviceColor();
QColor untouchedColor();
QColor locationColor(Location location);
QString locationLabel(Location location); // "on the host"

} // namespace sharescope
