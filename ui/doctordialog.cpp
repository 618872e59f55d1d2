// SPDX-License-Identifier: GPL-3.0-or-later
#include "doctordialog.h"

#include "doctor/doctorjson.h"
#include "doctortext.h"
#include "language.h"
#include "lesson.h"
#include "nativename.h"
#include "outputfile.h"
#include "textconv.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QUrl>
#include <QVBoxLayout>

namespace sharescope {

using namespace doctor;

namespace {

constexpr int checkRole = Qt::UserRole + 1;
const QString linkScheme = QStringLiteral("sharescope");

// The colour of a verdict, readable on the light and the dark palette.
QColor verdictColour(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Ok:
        return QColor(0x2e, 0x9e, 0x44);
    case Verdict::Warning:
        return QColor(0xd0, 0x86, 0x00);
    case Verdict::Problem:
        return QColor(0xd9, 0x30, 0x25);
    case Verdict::NotApplicable:
    case Verdict::CouldNotCheck:
        break;
    }
    return QColor(0x80, 0x80, 0x80);
}

QString escaped(const QString &text)
{
    return text.toHtmlEscaped();
}

QString link(const QString &target, const QString &text)
{
    return QStringLiteral("<a href=\"%1:%2\">%3</a>").arg(linkScheme, target, escaped(text));
}

} // namespace

DoctorDialog::DoctorDialog(QWidget *parent)
    : QDialog(parent)
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_list(new QTreeWidget(this))
    , m_details(new QTextBrowser(this))
    , m_summary(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel | QDialogButtonBox::Close, this))
    , m_again(new QPushButton(tr("Check &again"), this))
    , m_save(new QPushButton(tr("&Save as JSON…"), this))
{
    setWindowTitle(tr("Check this machine"));
    setModal(false);
    m_status->setWordWrap(true);
    m_status->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_summary->setWordWrap(true);
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("Verdict"), tr("Check"), tr("What was found")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setWordWrap(false);
    m_list->header()->setStretchLastSection(true);
    m_list->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_details->setOpenLinks(false);
    m_details->setOpenExternalLinks(false);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_list);
    split->addWidget(m_details);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    m_buttons->addButton(m_again, QDialogButtonBox::ActionRole);
    m_buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_progress);
    layout->addWidget(split, 100);
    layout->addWidget(m_summary);
    layout->addWidget(m_buttons);
    connect(cancelButton(), &QPushButton::clicked, this, &DoctorDialog::cancelRequested);
    connect(m_buttons->button(QDialogButtonBox::Close), &QPushButton::clicked, this, &QDialog::accept);
    connect(m_again, &QPushButton::clicked, this, &DoctorDialog::checkRequested);
    connect(m_save, &QPushButton::clicked, this, &DoctorDialog::save);
    connect(m_details, &QTextBrowser::anchorClicked, this, &DoctorDialog::openLink);
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item)
            showCheck(static_cast<CheckId>(item->data(0, checkRole).toInt()));
    });
    resize(960, 680);
    setRunning(false);
}

QPushButton *DoctorDialog::cancelButton() const
{
    return m_buttons->button(QDialogButtonBox::Cancel);
}

void DoctorDialog::setRunning(bool running)
{
    m_running = running;
    m_progress->setVisible(running);
    cancelButton()->setVisible(running);
    cancelButton()->setEnabled(running);
    m_buttons->button(QDialogButtonBox::Close)->setVisible(!running);
    m_again->setEnabled(!running);
    m_save->setEnabled(!running && m_report.has_value());
}

void DoctorDialog::begin(quint64 job)
{
    m_job = job;
    m_report.reset();
    m_list->clear();
    m_details->clear();
    m_summary->clear();
    m_progress->setRange(0, 0); // busy until the first step reports
    m_status->setText(tr("Checking this machine: its files, NVML and CUDA, then copies that measure what they "
                         "suspect. This takes about ten seconds with a GPU."));
    setRunning(true);
}

void DoctorDialog::setProgress(int done, int total)
{
    if (!m_running || total <= 0)
        return;
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    m_progress->setFormat(tr("step %1 of %2").arg(std::min(done + 1, total)).arg(total));
}

void DoctorDialog::showReport(const DoctorReport &report)
{
    m_report = report;
    m_status->setText(doctorHeading(report));
    m_list->clear();
    QTreeWidgetItem *firstProblem = nullptr;
    QTreeWidgetItem *firstWarning = nullptr;
    for (const Check &check : report.checks) {
        auto *item = new QTreeWidgetItem(
            m_list, {verdictText(check.verdict), checkTitle(check.id), messageText(check.finding)});
        item->setData(0, checkRole, static_cast<int>(check.id));
        item->setForeground(0, verdictColour(check.verdict));
        QFont bold = item->font(0);
        bold.setBold(check.verdict == Verdict::Problem || check.verdict == Verdict::Warning);
        item->setFont(0, bold);
        item->setToolTip(2, messageText(check.finding));
        if (check.verdict == Verdict::Problem && !firstProblem)
            firstProblem = item;
        if (check.verdict == Verdict::Warning && !firstWarning)
            firstWarning = item;
    }
    m_summary->setText(doctorSummary(report));
    setRunning(false);
    // The first problem, else the first warning, else the first check.
    m_list->setCurrentItem(firstProblem ? firstProblem : firstWarning ? firstWarning : m_list->topLevelItem(0));
}

void DoctorDialog::showCheck(CheckId id)
{
    if (!m_report)
        return;
    const auto found = std::ranges::find(m_report->checks, id, &Check::id);
    if (found == m_report->checks.end())
        return;
    for (int row = 0; row < m_list->topLevelItemCount(); ++row) {
        QTreeWidgetItem *item = m_list->topLevelItem(row);
        if (item->data(0, checkRole).toInt() == static_cast<int>(id) && m_list->currentItem() != item)
            m_list->setCurrentItem(item);
    }
    const Check &check = *found;
    const CheckInfo &info = checkInfo(id);
    QString html = QStringLiteral("<h3><span style=\"color:%1\">%2</span> · %3</h3><p>%4</p>")
                       .arg(verdictColour(check.verdict).name(), escaped(verdictText(check.verdict)),
                            escaped(checkTitle(id)), escaped(messageText(check.finding)));
    if (!check.advice.empty())
        html += QStringLiteral("<p><b>%1</b> %2</p>")
                    .arg(escaped(tr("What to do:")), escaped(messageText(check.advice)));
    if (!check.evidence.empty()) {
        html += QStringLiteral("<p><b>%1</b></p><ul>").arg(escaped(tr("Evidence:")));
        for (const Evidence &evidence : check.evidence)
            html
                += QStringLiteral("<li>%1</li>")
                       .arg(DoctorText::tr("%1: %2").arg(QStringLiteral("<tt>%1</tt>").arg(escaped(q(evidence.source))),
                                                         escaped(messageText(evidence.text))));
        html += QStringLiteral("</ul>");
    }
    QStringList links{link(QStringLiteral("docs/") + q(info.name), tr("Read more: %1").arg(q(docsLink(id))))};
    if (const auto demo = demoFromName(info.lesson))
        links << link(QStringLiteral("demo/") + q(info.lesson),
                      tr("Run the lesson: %1").arg(demoTitle(demoInfo(*demo))));
    if (!info.explain.empty())
        links << link(QStringLiteral("explain/") + q(info.explain), tr("Explain: %1").arg(q(info.explain)));
    html += QStringLiteral("<p>%1</p>").arg(links.join(QStringLiteral(" · ")));
    m_details->setHtml(html);
}

void DoctorDialog::showDocs(CheckId id)
{
    const QString section = doctorDocsSection(id);
    if (section.isEmpty())
        return;
    m_details->setMarkdown(section + QStringLiteral("\n\n[") + tr("Back to the check") + QStringLiteral("](")
                           + linkScheme + QStringLiteral(":check/") + q(checkInfo(id).name) + QStringLiteral(")\n"));
}

void DoctorDialog::openLink(const QUrl &url)
{
    if (url.scheme() != linkScheme)
        return;
    const QString target = url.path();
    const QString kind = target.section(QLatin1Char('/'), 0, 0);
    const QString name = target.section(QLatin1Char('/'), 1);
    if (kind == QLatin1String("docs") || kind == QLatin1String("check")) {
        if (const auto id = checkFromName(s(name)))
            kind == QLatin1String("docs") ? showDocs(*id) : showCheck(*id);
    } else if (kind == QLatin1String("demo")) {
        if (const auto demo = demoFromName(s(name)))
            emit demoRequested(*demo);
    } else if (kind == QLatin1String("explain")) {
        emit explainRequested(name);
    }
}

void DoctorDialog::save()
{
    if (!m_report)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the machine check"), QStringLiteral("doctor.json"),
                                                      tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const Status saved = writeOutput(nativeName(path), doctorToJson(*m_report));
    m_summary->setText(saved ? tr("Saved in %1.").arg(path) : errorText(saved.error()));
}

void DoctorDialog::showEnd(const QString &message)
{
    m_status->setText(message);
    setRunning(false);
}

void DoctorDialog::reject()
{
    if (m_running)
        emit cancelRequested();
    QDialog::reject();
}

} // namespace sharescope
