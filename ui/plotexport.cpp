// SPDX-License-Identifier: GPL-3.0-or-later
#include "plotexport.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <qcustomplot.h>

namespace sharescope {

QByteArray plotImage(QCustomPlot *plot, bool pdf)
{
    if (pdf) {
        // QCustomPlot prints a PDF only into a named file: a private one,
        // read back, so that the real target is written like any other.
        const QTemporaryDir directory;
        const QString path = directory.filePath(QStringLiteral("plot.pdf"));
        QFile file(path);
        if (!directory.isValid() || !plot->savePdf(path) || !file.open(QIODevice::ReadOnly))
            return {};
        return file.readAll();
    }
    QImage image = plot->toPixmap(0, 0, 2.0).toImage();
    constexpr int dotsPerMeter = 3780; // 96 dpi, as QCustomPlot::savePng writes it
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG"))
        return {};
    return bytes;
}

} // namespace sharescope
