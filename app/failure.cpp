// SPDX-License-Identifier: GPL-3.0-or-later
#include "failure.h"

#include "language.h"

#include <QTextStream>

namespace sharescope {

int printFailure(QTextStream &err, const Error &error)
{
    err << "sharescope: " << errorText(error) << Qt::endl;
    return exitCodeFor(error.kind);
}

} // namespace sharescope
