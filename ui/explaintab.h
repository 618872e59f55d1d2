// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "devicelist.h"
#include "experimentspec.h"
#include "report/runreport.h"

#include <QHash>
#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QTabWidget;
class QTextBrowser;

namespace sharescope {

// The Explain tab: every page, of every mode of every backend, listed to
// read whether or not this machine can run it (those it cannot are marked,
// with why); what the chosen mode does to memory, what to look for, when
// to use it, its pitfalls; the same thing in C++ and Python, each with a Copy
// button; and the command that reproduces the experiment on screen. Links
// between pages (explain:PAGE) show that page here; other links open in a
// browser.
class ExplainTab : public QWidget
{
    Q_OBJECT

public:
    explicit ExplainTab(QWidget *parent = nullptr);
    // The experiment the panel holds: its mode's page, its command line.
    void setExperiment(const ExperimentSpec &spec);
    // A run on screen (a report opened, a run just made, the Compare row
    // chosen): its mode's page, and its `reproduce` line as the command.
    void showRun(const RunReport &run);
    // The command line beside the page: the run on screen's own where the
    // page is its mode; another mode's page gives the same experiment in
    // that mode; a page that is no mode keeps the run's.
    QString command() const;
    // Marks the modes no device here can run, with the reason; their pages
    // stay readable. Running them is the panel's to refuse.
    void setDevices(const DeviceList &list);
    // Shows a mode's page or one of explanationPages(); the experiment's
    // mode shows again when it changes.
    void showPage(const QString &page);
    QString page() const { return m_page; }
    QTextBrowser *text() const { return m_text; }
    QTabWidget *examples() const { return m_examples; }
    QListWidget *pageList() const { return m_pages; }
    // Why this machine cannot run the page's mode; empty when it can, or
    // the page is not a mode.
    QString cannotRunReason(const QString &page) const { return m_cannotRun.value(page); }
    QLabel *notice() const { return m_notice; }

signals:
    // The notice's link to a mode this machine cannot run, measured on a
    // real GPU: the example's name.
    void exampleRequested(const QString &example);

private:
    void openLink(const QUrl &link);
    void fillPages();
    void showCommand();

    QString m_mode;
    ExperimentSpec m_base; // the experiment on screen
    QString m_baseCommand; // its command line, as its report wrote it
    QString m_page;
    QHash<QString, QString> m_cannotRun; // page -> why no device here can run it
    QListWidget *m_pages;
    QLabel *m_notice;
    QTextBrowser *m_text;
    QTabWidget *m_examples;
    QLineEdit *m_command;
};

} // namespace sharescope
