// SPDX-License-Identifier: GPL-3.0-or-later
#include "textwrap.h"

#include "report/texttable.h"
#include "textconv.h"

#include <QTextBoundaryFinder>

namespace sharescope {
namespace {

QString withoutTrailingSpaces(QString text)
{
    while (!text.isEmpty() && text.back().isSpace())
        text.chop(1);
    return text;
}

bool wide(QChar c)
{
    return displayWidth(QString(c)) == 2;
}

// The units a figure is written with: never on a line of their own.
bool isUnit(const QString &word)
{
    static const QStringList units{QStringLiteral("ns"),   QStringLiteral("µs"),   QStringLiteral("ms"),
                                   QStringLiteral("s"),    QStringLiteral("B"),    QStringLiteral("KiB"),
                                   QStringLiteral("MiB"),  QStringLiteral("GiB"),  QStringLiteral("TiB"),
                                   QStringLiteral("KB"),   QStringLiteral("MB"),   QStringLiteral("GB"),
                                   QStringLiteral("GB/s"), QStringLiteral("MB/s"), QStringLiteral("MHz"),
                                   QStringLiteral("倍"),   QStringLiteral("%"),    QStringLiteral("×")};
    return units.contains(word);
}

// Words that end the word before them in Chinese (答对了, 我的): no line
// starts with one.
bool attachesBefore(QChar c)
{
    return QStringLiteral("了的着过吗呢吧们").contains(c);
}

// Unicode allows a break after every hyphen ("cl-|use-host-ptr",
// "--|device"): on a command line that splits a name the user types. A
// line breaks at spaces and beside wide characters only; never between a
// figure and its unit ("4.37 ms"), nor before a word that ends the one
// before it (答对了).
bool breaksHere(const QString &line, qsizetype at)
{
    if (at <= 0 || at >= line.size())
        return true;
    if (attachesBefore(line[at]))
        return false;
    if (line[at - 1].isSpace()) {
        qsizetype before = at - 1;
        while (before > 0 && line[before].isSpace())
            --before;
        // The word after the space: letters, µ, / and the signs a unit is.
        qsizetype end = at;
        while (end < line.size()
               && ((line[end].isLetter() && !wide(line[end])) || line[end] == QLatin1Char('/')
                   || line[end] == QLatin1Char('%') || line[end] == QChar(0x00D7) || line[end] == QChar(0x500D)))
            ++end;
        if (line[before].isDigit() && isUnit(line.mid(at, end - at)))
            return false;
        return true;
    }
    return wide(line[at - 1]) || wide(line[at]);
}

// One line of a paragraph without newlines, greedily filled with the
// pieces between break opportunities; a piece's trailing spaces do not
// count at the end of a line.
void wrapLine(const QString &line, int width, QStringList &lines)
{
    QTextBoundaryFinder finder(QTextBoundaryFinder::Line, line);
    QString current;
    qsizetype start = 0;
    for (qsizetype end = finder.toNextBoundary(); end != -1 && start < line.size(); end = finder.toNextBoundary()) {
        if (!breaksHere(line, end))
            continue;
        const QString piece = line.mid(start, end - start);
        start = end;
        const QString candidate = current + piece;
        if (current.isEmpty() || displayWidth(withoutTrailingSpaces(candidate)) <= width) {
            current = candidate;
            continue;
        }
        lines << withoutTrailingSpaces(current);
        current = piece;
    }
    lines << withoutTrailingSpaces(current);
}

} // namespace

int displayWidth(const QString &text)
{
    return static_cast<int>(sharescope::displayWidth(s(text)));
}

QStringList wrapToWidth(const QString &paragraph, int width)
{
    QStringList lines;
    for (const QString &line : paragraph.split(QLatin1Char('\n')))
        wrapLine(line, width, lines);
    return lines;
}

QString unbreakable(const QString &text)
{
    QString result;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        // Not inside a surrogate pair.
        if (i > 0 && !c.isLowSurrogate())
            result += QChar(0x2060);
        result += c == QLatin1Char(' ') ? QChar(QChar::Nbsp) : c;
    }
    return result;
}

} // namespace sharescope
