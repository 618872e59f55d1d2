// SPDX-License-Identifier: GPL-3.0-or-later
#include "explaintab.h"
#include "textconv.h"

#include "catalogue.h"
#include "explanations.h"
#include "language.h"
#include "lessons/examples.h"
#include "preflight.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace sharescope {
namespace {

QWidget *codeView(const QString &code, QWidget *parent)
{
    auto *page = new QWidget(parent);
    auto *text = new QPlainTextEdit(code, page);
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *copy = new QPushButton(QObject::tr("Copy"), page);
    QObject::connect(copy, &QPushButton::clicked, page, [code] { QApplication::clipboard()->setText(code); });
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(text, 1);
    auto *bar = new QHBoxLayout;
    bar->addStretch(1);
    bar->addWidget(copy);
    layout->addLayout(bar);
    return page;
}

constexpr int pageRole = Qt::UserRole;

// A heading of the page list: not a page, not selectable.
void addHeading(QListWidget *list, const QString &text)
{
    auto *item = new QListWidgetItem(text, list);
    item->setFlags(Qt::ItemIsEnabled);
    QFont font = item->font();
    font.setBold(true);
    item->setFont(font);
}

} // namespace

ExplainTab::ExplainTab(QWidget *parent)
    : QWidget(parent)
    , m_pages(new QListWidget(this))
    , m_notice(new QLabel(this))
    , m_text(new QTextBrowser(this))
    , m_examples(new QTabWidget(this))
    , m_command(new QLineEdit(this))
{
    // Links are ours to follow: a page of this tab, or a web page in a browser.
    m_text->setOpenLinks(false);
    connect(m_text, &QTextBrowser::anchorClicked, this, &ExplainTab::openLink);
    m_command->setReadOnly(true);
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    auto *copyCommand = new QPushButton(tr("Copy"), this);
    connect(copyCommand, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(command()); });
    auto *commandBar = new QHBoxLayout;
    commandBar->addWidget(new QLabel(tr("The same on the command line:"), this));
    commandBar->addWidget(m_command, 1);
    commandBar->addWidget(copyCommand);
    fillPages();
    connect(m_pages, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (item && !item->data(pageRole).toString().isEmpty())
            showPage(item->data(pageRole).toString());
    });
    m_notice->setWordWrap(true);
    m_notice->setTextFormat(Qt::RichText);
    m_notice->setVisible(false);
    connect(m_notice, &QLabel::linkActivated, this,
            [this](const QString &link) { emit exampleRequested(link.section(QLatin1Char(':'), 1)); });
    m_notice->setStyleSheet(QStringLiteral("color: #8a5300"));
    auto *page = new QWidget(this);
    auto *pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(m_notice);
    pageLayout->addWidget(m_text, 1);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_pages);
    splitter->addWidget(page);
    splitter->addWidget(m_examples);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 3);
    splitter->setSizes({m_pages->sizeHintForColumn(0) + 24, 400, 600});
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(commandBar);
    layout->addWidget(splitter, 1);
}

void ExplainTab::fillPages()
{
    const QString current = m_page;
    const QSignalBlocker blocker(m_pages);
    m_pages->clear();
    for (const BackendKind backend : {BackendKind::Cuda, BackendKind::OpenCL}) {
        addHeading(m_pages, tr("%1 modes").arg(q(backendName(backend))));
        for (const ModeInfo &mode : modes()) {
            if (mode.backend != backend)
                continue;
            const QString name = q(mode.name);
            const QString why = m_cannotRun.value(name);
            auto *item = new QListWidgetItem(name, m_pages);
            item->setData(pageRole, name);
            const QString summary = coreText(std::string(mode.summary));
            if (why.isEmpty()) {
                item->setToolTip(summary);
            } else {
                // Greyed and slanted, as the name alone fits the list; the
                // tooltip and the notice above the page say why.
                item->setForeground(m_pages->palette().brush(QPalette::PlaceholderText));
                QFont font = item->font();
                font.setItalic(true);
                item->setFont(font);
                item->setToolTip(tr("%1\nThis machine cannot run it: %2").arg(summary, why));
            }
        }
    }
    addHeading(m_pages, tr("More"));
    for (const QString &page : explanationPages()) {
        auto *item = new QListWidgetItem(page, m_pages);
        item->setData(pageRole, page);
        item->setToolTip(explanationTitle(page));
    }
    for (int row = 0; row < m_pages->count(); ++row) {
        if (m_pages->item(row)->data(pageRole).toString() == current)
            m_pages->setCurrentRow(row);
    }
}

void ExplainTab::setDevices(const DeviceList &list)
{
    m_cannotRun.clear();
    for (const ModeInfo &mode : modes()) {
        const ModeSupport here = supportHere(list, mode.id);
        if (!here.support.supported)
            m_cannotRun.insert(q(mode.name), supportText(here.support));
    }
    fillPages();
    if (!m_page.isEmpty())
        showPage(m_page);
}

void ExplainTab::setExperiment(const ExperimentSpec &spec)
{
    m_base = spec;
    m_baseCommand = QString::fromStdString(spec.commandLine());
    const QString mode = q(modeName(spec.mode));
    if (mode == m_mode)
        return showCommand();
    m_mode = mode;
    showPage(mode);
}

void ExplainTab::showRun(const RunReport &run)
{
    m_base = run.spec;
    m_baseCommand = QString::fromStdString(run.commandLine.empty() ? run.spec.commandLine() : run.commandLine);
    m_mode = q(modeName(run.spec.mode));
    showPage(m_mode);
}

void ExplainTab::showCommand()
{
    QString command = m_baseCommand;
    const auto pageMode = modeFromName(s(m_page));
    if (pageMode && *pageMode != m_base.mode && !m_baseCommand.isEmpty()) {
        // The same experiment in the page's mode; on a device of the
        // mode's own backend, so without the device where it is another's.
        ExperimentSpec spec = inMode(m_base, *pageMode);
        if (modeInfo(*pageMode).backend != modeInfo(m_base.mode).backend)
            spec.deviceId.clear();
        command = QString::fromStdString(spec.commandLine());
    }
    m_command->setText(command);
    m_command->setCursorPosition(0);
}

void ExplainTab::showPage(const QString &page)
{
    m_page = page;
    {
        const QSignalBlocker blocker(m_pages);
        for (int row = 0; row < m_pages->count(); ++row) {
            if (m_pages->item(row)->data(pageRole).toString() == page)
                m_pages->setCurrentRow(row);
        }
    }
    const QString why = m_cannotRun.value(page);
    QString notice;
    if (!why.isEmpty()) {
        notice = tr("This machine cannot run %1: %2. Its explanation and examples are here to read; the Run button "
                    "stays off for it.")
                     .arg(page, why)
                     .toHtmlEscaped();
        const auto mode = modeFromName(s(page));
        if (const auto example = mode ? exampleForMode(*mode) : std::nullopt) {
            //: A link on the Explain tab to the report shipped with ShareScope.
            notice += QStringLiteral(" <a href=\"example:%1\">%2</a>")
                          .arg(q(exampleInfo(*example).name), tr("See it measured on an NVIDIA H200."));
        }
    }
    m_notice->setText(notice);
    m_notice->setVisible(!why.isEmpty());
    const Explanation explanation = explanationFor(page);
    m_text->setMarkdown(explanation.markdown.isEmpty() ? tr("No explanation for %1 yet.").arg(page)
                                                       : explanation.markdown);
    while (m_examples->count() > 0) {
        QWidget *tab = m_examples->widget(0);
        m_examples->removeTab(0);
        tab->deleteLater();
    }
    for (const CodeExample &example : explanation.examples)
        m_examples->addTab(codeView(example.code, m_examples), example.label);
    showCommand();
}

void ExplainTab::openLink(const QUrl &link)
{
    const QString page = explanationLinkTarget(link);
    if (!page.isEmpty())
        showPage(page);
    else
        QDesktopServices::openUrl(link);
}

QString ExplainTab::command() const
{
    return m_command->text();
}

} // namespace sharescope
