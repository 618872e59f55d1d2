// SPDX-License-Identifier: GPL-3.0-or-later
#include "watchtab.h"

#include "bytesize.h"
#include "catalogue.h"
#include "explanations.h"
#include "language.h"
#include "nativename.h"
#include "outputfile.h"
#include "plotexport.h"
#include "plotstyle.h"
#include "tableview.h"
#include "textconv.h"
#include "trnoop.h"
#include "watch/watchjson.h"
#include "watchsource.h"
#include "watchtext.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSplitter>
#include <QStandardPaths>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <qcustomplot.h>

namespace sharescope {
namespace {

// The interval of the tab's own watches (the watch's default).
constexpr double liveInterval = 0.1;

// One colour per process, the same for its three lines.
const QColor processColors[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                                QColor(0x94, 0x67, 0xbd), QColor(0xff, 0x7f, 0x0e), QColor(0x8c, 0x56, 0x4b)};

QString bytesCell(const std::optional<uvm::UvmCounterValues> &values, std::uint64_t uvm::UvmCounterValues::*field)
{
    return values ? q(formatBytes((*values).*field)) : WatchProcessModel::tr("not reported");
}

QString countCell(const std::optional<uvm::UvmCounterValues> &values, std::uint64_t uvm::UvmCounterValues::*field)
{
    return values ? q(formatCount((*values).*field)) : WatchProcessModel::tr("not reported");
}

} // namespace

QVariant WatchProcessModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return SnapshotModel::headerData(section, orientation, role);
    switch (section) {
    case Process:
        return tr("process");
    case Pid:
        return tr("pid");
    case Counted:
        return tr("counted");
    case ToDevice:
        return tr("to device");
    case ToHost:
        return tr("to host");
    case CpuFaults:
        return tr("CPU faults");
    case GpuFaults:
        return tr("GPU faults");
    case Note:
        return tr("note");
    default:
        return {};
    }
}

QVariant WatchProcessModel::cell(const watch::WatchedProcess &row, int column, int role) const
{
    if (role == Qt::ToolTipRole)
        return q(row.commandLine);
    if (role == Qt::TextAlignmentRole && column >= Pid && column <= GpuFaults && column != Counted)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case Process:
        return QString(q(row.name) + (row.endedNs ? tr(" (ended)") : QString()));
    case Pid:
        return row.pid;
    case Counted:
        return attachText(row);
    case ToDevice:
        return bytesCell(row.totals, &uvm::UvmCounterValues::bytesHostToDevice);
    case ToHost:
        return bytesCell(row.totals, &uvm::UvmCounterValues::bytesDeviceToHost);
    case CpuFaults:
        return countCell(row.totals, &uvm::UvmCounterValues::cpuPageFaults);
    case GpuFaults:
        return countCell(row.totals, &uvm::UvmCounterValues::gpuPageFaults);
    case Note:
        return messageText(row.note);
    default:
        return {};
    }
}

WatchTab::WatchTab(QWidget *parent)
    : QWidget(parent)
    , m_command(new QLineEdit(this))
    , m_browse(new QPushButton(tr("Script…"), this))
    , m_start(new QPushButton(tr("Start"), this))
    , m_stop(new QPushButton(tr("Stop"), this))
    , m_save(new QPushButton(tr("Save…"), this))
    , m_status(new QLabel(this))
    , m_how(new QLabel(this))
    , m_plot(new QCustomPlot(this))
    , m_model(new WatchProcessModel(this))
    , m_routes(new QTextBrowser(this))
    , m_output(new QPlainTextEdit(this))
{
    m_command->setPlaceholderText(tr("python3 your_script.py (any command)"));
    m_command->setToolTip(tr("The program to watch, as you would type it in a shell; the Script… button picks a "
                             "Python script for your python3."));
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    m_command->setText(python.isEmpty() ? QString() : QStringLiteral("python3 "));
    m_stop->setEnabled(false);
    m_save->setEnabled(false);
    m_status->setWordWrap(true);
    m_status->setText(tr("Starts your program under `sharescope watch` and counts, per process, the pages it "
                         "migrates each way, exactly, from the driver."));

    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Command:"), this));
    row->addWidget(m_command, 1);
    row->addWidget(m_browse);
    row->addWidget(m_start);
    row->addWidget(m_stop);
    row->addWidget(m_save);
    m_how->setText(QStringLiteral("<a href=\"explain:watch\">%1</a>").arg(tr("How watching works").toHtmlEscaped()));
    m_how->setToolTip(tr("What the counters and the routes can and cannot see, and why a container or another "
                         "user's process may refuse the watch"));
    m_how->setTextInteractionFlags(Qt::LinksAccessibleByMouse | Qt::LinksAccessibleByKeyboard);
    row->addWidget(m_how);

    m_plot->setMinimumHeight(160);
    applyPalette(m_plot);
    // Lines of thousands of points redrawn ten times a second: drawn as one
    // polyline each, without smoothing (the dashes and dots stay one pixel
    // wide, which Qt draws far faster).
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    m_plot->setNotAntialiasedElements(QCP::aePlottables);
    m_plot->xAxis->setLabel(tr("seconds"));
    m_plot->yAxis->setLabel(tr("MB/s migrated"));
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setLabel(tr("page faults/s"));
    m_plot->legend->setVisible(true);
    placeLegendAbove(m_plot);

    m_table = makeTable(m_model, this);
    m_routes->setOpenLinks(false);
    m_routes->setPlaceholderText(tr("The routes the program takes (its CUDA memory calls) appear here."));
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(5000); // a program that prints a lot keeps the newest
    m_output->setPlaceholderText(tr("The program's output."));

    auto *lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(m_table);
    lower->addWidget(m_routes);
    lower->setStretchFactor(0, 3);
    lower->setStretchFactor(1, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_plot);
    split->addWidget(lower);
    split->addWidget(m_output);
    split->setStretchFactor(0, 5);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    split->setSizes({500, 300, 200}); // the plot first; in these proportions when shown
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connect(m_browse, &QPushButton::clicked, this, &WatchTab::chooseScript);
    connect(m_start, &QPushButton::clicked, this, &WatchTab::start);
    connect(m_command, &QLineEdit::returnPressed, this, &WatchTab::start);
    connect(m_stop, &QPushButton::clicked, this, &WatchTab::stop);
    connect(m_save, &QPushButton::clicked, this, &WatchTab::save);
    connect(m_how, &QLabel::linkActivated, this,
            [this](const QString &link) { emit explainRequested(explanationLinkTarget(QUrl(link))); });
    connect(m_routes, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == QLatin1String("explain"))
            emit explainRequested(url.path());
    });
    clearPlot();
    setSource(new ProcessWatchSource(this));
}

void WatchTab::setSource(WatchSource *source)
{
    if (m_source && m_source != source)
        m_source->deleteLater();
    m_source = source;
    source->setParent(this);
    connect(source, &WatchSource::progress, this, &WatchTab::onProgress);
    connect(source, &WatchSource::output, this, [this](const QString &text) {
        m_output->moveCursor(QTextCursor::End);
        m_output->insertPlainText(text);
    });
    connect(source, &WatchSource::finished, this, &WatchTab::onFinished);
    connect(source, &WatchSource::failed, this, &WatchTab::onFailed);
}

bool WatchTab::busy() const
{
    return m_source && m_source->running();
}

void WatchTab::chooseScript()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("A Python script to watch"), {},
                                                      tr("Python scripts (*.py);;All files (*)"));
    if (path.isEmpty())
        return;
    m_command->setText(QStringLiteral("python3 ")
                       + (path.contains(QLatin1Char(' ')) ? QLatin1Char('"') + path + QLatin1Char('"') : path));
}

void WatchTab::start()
{
    if (busy())
        return;
    const QStringList command = QProcess::splitCommand(m_command->text());
    if (command.isEmpty()) {
        m_status->setText(tr("Give a command to watch, such as: python3 train.py"));
        return;
    }
    m_report.reset();
    m_model->clear();
    m_routes->clear();
    m_output->clear();
    clearPlot();
    setRunning(true);
    m_status->setText(tr("Watching %1…").arg(command.join(QLatin1Char(' '))));
    m_source->start(command);
}

void WatchTab::stop()
{
    if (!busy())
        return;
    m_status->setText(tr("Asking the program to end (SIGINT, then SIGTERM after a few seconds)…"));
    m_source->stop();
}

void WatchTab::setRunning(bool running)
{
    m_start->setEnabled(!running);
    m_browse->setEnabled(!running);
    m_command->setEnabled(!running);
    m_stop->setEnabled(running);
}

void WatchTab::clearPlot()
{
    m_plot->clearGraphs();
    m_series.clear();
    // The key: which line is which, in grey, before the processes' colours.
    const QColor grey(0x70, 0x70, 0x70);
    const auto key = [&](const QString &label, Qt::PenStyle style, QCPAxis *axis) {
        QCPGraph *g = m_plot->addGraph(m_plot->xAxis, axis);
        g->setName(label);
        g->setPen(QPen(grey, style == Qt::SolidLine ? 2 : 1, style));
    };
    key(tr("to device"), Qt::SolidLine, m_plot->yAxis);
    key(tr("to host"), Qt::DashLine, m_plot->yAxis);
    key(tr("page faults (right axis)"), Qt::DotLine, m_plot->yAxis2);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void WatchTab::addPoint(int pid, const QString &name, double seconds, const uvm::UvmCounterValues &values,
                        double interval, bool gapMeansIdle)
{
    auto found = m_series.find(pid);
    if (found == m_series.end()) {
        const QColor color = processColors[m_series.size() % std::size(processColors)];
        Series series;
        const auto graph = [&](const QString &label, Qt::PenStyle style, QCPAxis *axis) {
            QCPGraph *g = m_plot->addGraph(m_plot->xAxis, axis);
            g->setName(label);
            g->setPen(QPen(color, style == Qt::SolidLine ? 2 : 1, style));
            // Each point is the rate over the interval that ends there.
            g->setLineStyle(QCPGraph::lsStepRight);
            return m_plot->graphCount() - 1;
        };
        // One legend entry per process (its colour); the key says which
        // line is which.
        const QString who = QStringLiteral("%1[%2]").arg(name).arg(pid);
        series.toDevice = graph(who, Qt::SolidLine, m_plot->yAxis);
        series.toHost = graph(tr("%1 to host").arg(who), Qt::DashLine, m_plot->yAxis);
        series.faults = graph(tr("%1 faults").arg(who), Qt::DotLine, m_plot->yAxis2);
        m_plot->graph(series.toHost)->removeFromLegend();
        m_plot->graph(series.faults)->removeFromLegend();
        // What moved at its first point moved in the interval before it.
        series.lastSeconds = seconds - interval;
        found = m_series.emplace(pid, series).first;
        addRates(found->second, series.lastSeconds, {});
    } else if (gapMeansIdle && seconds - found->second.lastSeconds > 1.5 * interval) {
        // A report keeps a sample only where the counts changed: nothing
        // moved until the interval before this one.
        addRates(found->second, seconds - interval, found->second.last);
    }
    addRates(found->second, seconds, values);
}

void WatchTab::addRates(Series &series, double seconds, const uvm::UvmCounterValues &values)
{
    const double span = seconds - series.lastSeconds;
    const uvm::UvmCounterValues delta = values - series.last;
    const auto rate = [span](std::uint64_t count) { return span > 0 ? static_cast<double>(count) / span : 0.0; };
    m_plot->graph(series.toDevice)->addData(seconds, rate(delta.bytesHostToDevice) / 1e6);
    m_plot->graph(series.toHost)->addData(seconds, rate(delta.bytesDeviceToHost) / 1e6);
    m_plot->graph(series.faults)->addData(seconds, rate(delta.cpuPageFaults + delta.gpuPageFaults));
    series.lastSeconds = seconds;
    series.last = values;
}

void WatchTab::onProgress(const watch::WatchProgress &progress)
{
    const double seconds = static_cast<double>(progress.atNs) / 1e9;
    std::vector<watch::WatchedProcess> rows;
    for (const watch::WatchProgress::Line &line : progress.processes) {
        watch::WatchedProcess row;
        row.pid = line.pid;
        row.name = line.name;
        row.attach = line.attach;
        row.totals = line.values;
        row.usedGpu = line.values.has_value();
        if (line.ended)
            row.endedNs = progress.atNs;
        rows.push_back(std::move(row));
        if (line.values)
            addPoint(line.pid, q(line.name), seconds, *line.values, liveInterval, false);
    }
    m_model->setProcesses(std::move(rows));
    m_plot->rescaleAxes();
    m_plot->yAxis->setRangeLower(0);
    m_plot->yAxis2->setRangeLower(0);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    m_status->setText(watchLiveLine(progress, 160));
}

void WatchTab::showReport(const watch::WatchReport &report)
{
    m_report = report;
    if (!busy() && !report.command.empty()) {
        // What was watched, ready to watch again.
        QStringList words;
        for (const std::string &word : report.command) {
            const QString w = q(word);
            words << (w.isEmpty() || w.contains(QLatin1Char(' ')) || w.contains(QLatin1Char('"')) ? QLatin1Char('"')
                              + QString(w).replace(QLatin1Char('"'), QStringLiteral("\"\"\"")) + QLatin1Char('"')
                                                                                                  : w);
        }
        m_command->setText(words.join(QLatin1Char(' ')));
    }
    clearPlot();
    for (const watch::WatchedProcess &process : report.processes) {
        for (const watch::WatchSample &sample : process.samples)
            addPoint(process.pid, q(process.name), static_cast<double>(sample.atNs) / 1e9, sample.values,
                     static_cast<double>(report.intervalNs) / 1e9, true);
    }
    m_plot->rescaleAxes();
    m_plot->yAxis->setRangeLower(0);
    m_plot->yAxis2->setRangeLower(0);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    m_model->setProcesses(report.processes);
    showRoutes(report);
    m_save->setEnabled(true);
    QString summary = watchSummary(report, 100, 0).section(QLatin1Char('\n'), 0, 1);
    m_status->setText(summary.trimmed());
}

void WatchTab::showRoutes(const watch::WatchReport &report)
{
    QString html;
    for (const watch::WatchedProcess &process : report.processes) {
        if (process.routes.empty() && process.routesNote.empty())
            continue;
        html += QStringLiteral("<p><b>%1[%2]</b>").arg(q(process.name).toHtmlEscaped()).arg(process.pid);
        if (!process.routesNote.empty())
            html += QStringLiteral("<br>") + messageText(process.routesNote).toHtmlEscaped();
        for (const watch::RouteUse &use : process.routes) {
            const QString mode = q(modeName(watch::routeMode(use.route)));
            html += QStringLiteral("<br>") + routeUseText(use).toHtmlEscaped()
                + QStringLiteral(" <a href=\"explain:%1\">%2</a>").arg(mode, tr("how `%1` works").arg(mode));
        }
        html += QStringLiteral("</p>");
    }
    if (html.isEmpty() && report.api)
        html = tr("No CUDA memory call was seen.").toHtmlEscaped();
    else if (html.isEmpty() && !report.apiNote.empty())
        html = tr("Routes not reported: %1.").arg(messageText(report.apiNote)).toHtmlEscaped();
    m_routes->setHtml(html);
}

void WatchTab::onFinished(const watch::WatchReport &report)
{
    setRunning(false);
    showReport(report);
    emit ended();
}

void WatchTab::onFailed(const QString &message)
{
    setRunning(false);
    m_status->setText(tr("The watch did not finish: %1").arg(message));
    emit ended();
}

void WatchTab::save()
{
    if (!m_report)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the watch"), QStringLiteral("watch.json"),
                                                      tr("Watch report (*.json);;One row per sample (*.csv);;The "
                                                         "plot (*.png)"));
    if (path.isEmpty())
        return;
    const Status saved = saveTo(path);
    m_status->setText(saved ? tr("Saved %1.").arg(path) : errorText(saved.error()));
}

Status WatchTab::saveTo(const QString &path)
{
    if (!m_report)
        return badArgument(SHARESCOPE_TR_NOOP("Core", "there is no watch to save yet"), {});
    if (path.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive))
        return writeOutput(nativeName(path), watch::watchToCsv(*m_report));
    if (path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive)) {
        const QByteArray image = plotImage(m_plot, false);
        if (image.isEmpty())
            return failed(tr("the plot could not be drawn").toStdString());
        return writeOutput(nativeName(path),
                           std::string_view(image.constData(), static_cast<std::size_t>(image.size())));
    }
    return writeOutput(nativeName(path), watch::watchToJson(*m_report));
}

} // namespace sharescope
