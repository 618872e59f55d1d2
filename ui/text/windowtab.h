// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace sharescope {

// The window's tabs, in order, and their names on the command line
// (`gui --tab migration`).
enum class WindowTab { Timeline, Migration, Buffers, Compare, Sweep, Explain, Python, Watch };

QStringList windowTabNames();
std::optional<WindowTab> windowTabFromName(const QString &name);

} // namespace sharescope
