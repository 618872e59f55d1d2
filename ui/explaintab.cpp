// SPDX-License-Identifier: GPL-3.0-or-later
#include "explaintab.h"
#include "textconv.h"

#include "explanations.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
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

} // namespace

ExplainTab::ExplainTab(QWidget *parent)
    : QWidget(parent)
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
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_text);
    splitter->addWidget(m_examples);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(commandBar);
    layout->addWidget(splitter, 1);
}

void ExplainTab::setExperiment(const ExperimentSpec &spec)
{
    m_command->setText(QString::fromStdString(spec.commandLine()));
    m_command->setCursorPosition(0);
    const QString mode = q(modeName(spec.mode));
    if (mode == m_mode)
        return;
    m_mode = mode;
    showPage(mode);
}

void ExplainTab::showPage(const QString &page)
{
    m_page = page;
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
