// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

class QCustomPlot;

namespace sharescope {

// A plot as the bytes of a PNG image (at twice the screen's scale) or a PDF
// document, for OutputFile to write; empty when it cannot be drawn.
QByteArray plotImage(QCustomPlot *plot, bool pdf);

} // namespace sharescope
