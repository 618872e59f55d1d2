// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctortext.h"

#include "bytesize.h"
#include "language.h"
#include "textconv.h"
#include "textwrap.h"

#include <QFile>
#include <QRegularExpression>

#include <algorithm>

namespace sharescope {

using namespace doctor;

QString verdictText(Verdict verdict)
{
    return coreText(verdictTitle(verdict));
}

QString checkTitle(CheckId id)
{
    return coreText(checkInfo(id).title);
}

QString evidenceLine(const Evidence &evidence)
{
    return DoctorText::tr("%1: %2").arg(q(evidence.source), messageText(evidence.text));
}

QString doctorHeading(const DoctorReport &report)
{
    const QString device = report.deviceId.empty()
        ? (report.deviceNote.empty() ? DoctorText::tr("no CUDA device") : messageText(report.deviceNote))
        : QStringLiteral("%1 (%2)").arg(q(report.deviceId), q(report.deviceName));
    return DoctorText::tr("Machine check · %1 · %2 · %3 · %4 s")
        .arg(device, q(report.tool), q(report.createdUtc), QString::number(report.seconds, 'f', 1));
}

QString doctorSummary(const DoctorReport &report)
{
    QStringList parts;
    for (const Verdict verdict : allVerdicts) {
        if (const int n = report.count(verdict); n > 0)
            parts << DoctorText::tr("%1 %2").arg(n).arg(verdictText(verdict));
    }
    return DoctorText::tr("%1 checks: %2").arg(report.checks.size()).arg(parts.join(DoctorText::tr(", ")));
}

QString doctorText(const DoctorReport &report, int width)
{
    QStringList lines;
    const auto wrapped = [&](const QString &text, const QString &first, const QString &rest) {
        const int room = std::max(20, width - displayWidth(rest));
        const QStringList broken = wrapToWidth(text, room);
        for (qsizetype i = 0; i < broken.size(); ++i)
            lines << (i == 0 ? first : rest) + broken[i];
    };
    wrapped(doctorHeading(report), {}, {});
    wrapped(DoctorText::tr("Plan: %1 workers, %2 batches in flight each, %3 a batch (--workers, --batch)")
                .arg(report.plan.workers)
                .arg(report.plan.prefetch)
                .arg(q(formatBytes(report.plan.batchBytes))),
            {}, {});
    int verdictWidth = 0;
    for (const Verdict verdict : allVerdicts)
        verdictWidth = std::max(verdictWidth, displayWidth(verdictText(verdict)));
    const QString indent(4, QLatin1Char(' '));
    for (const Check &check : report.checks) {
        lines << QString();
        QString verdict = verdictText(check.verdict);
        verdict += QString(verdictWidth - displayWidth(verdict) + 2, QLatin1Char(' '));
        lines << verdict + checkTitle(check.id);
        wrapped(messageText(check.finding), indent, indent);
        if (!check.advice.empty())
            wrapped(messageText(check.advice), indent + DoctorText::tr("what to do: "), indent + QStringLiteral("  "));
        if (check.verdict != Verdict::NotApplicable) {
            for (const Evidence &evidence : check.evidence)
                wrapped(evidenceLine(evidence), indent + QStringLiteral("· "), indent + QStringLiteral("  "));
        }
        if (check.verdict == Verdict::Problem || check.verdict == Verdict::Warning)
            wrapped(DoctorText::tr("more: %1").arg(q(docsLink(check.id))), indent, indent);
    }
    lines << QString();
    wrapped(doctorSummary(report), {}, {});
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

namespace {

// The anchor GitHub gives a heading (as scripts/check-docs.py computes it).
QString slug(QString heading)
{
    heading.remove(QRegularExpression(QStringLiteral("[`*_]")));
    heading = heading.trimmed().toLower();
    QString out;
    for (const QChar c : heading) {
        if (c.isLetterOrNumber() || c == QLatin1Char(' ') || c == QLatin1Char('-') || c == QLatin1Char('_'))
            out += c == QLatin1Char(' ') ? QLatin1Char('-') : c;
    }
    return out;
}

} // namespace

QString doctorDocsSection(CheckId id)
{
    QFile file(QStringLiteral(":/docs/doctor.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    const QString anchor = q(checkInfo(id).anchor);
    QStringList section;
    bool inside = false;
    bool fenced = false;
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("```")))
            fenced = !fenced;
        const bool heading = !fenced && line.startsWith(QLatin1String("## "));
        if (heading && inside)
            break;
        if (heading && slug(line.mid(3)) == anchor)
            inside = true;
        if (inside)
            section << line;
    }
    return section.join(QLatin1Char('\n')).trimmed();
}

} // namespace sharescope
