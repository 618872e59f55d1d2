// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "doctor/doctor.h"
#include "lessons/demos.h"

#include <QDialog>

#include <optional>

class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTextBrowser;
class QTreeWidget;
class QUrl;

namespace sharescope {

// Help → Check this machine: while the worker thread checks, the step it is
// on and Cancel; then every check's verdict in a list, and the one chosen in
// full below it: what was found, what to do, the evidence, and links to its
// section of the docs (shown here), the demo and the Explain page that show
// it at work. Not modal: the window stays usable.
class DoctorDialog : public QDialog
{
    Q_OBJECT

public:
    explicit DoctorDialog(QWidget *parent = nullptr);

    void begin(quint64 job);
    void setProgress(int done, int total);
    void showReport(const doctor::DoctorReport &report);
    void showEnd(const QString &message); // failed or cancelled

    quint64 job() const { return m_job; }
    bool running() const { return m_running; }
    const std::optional<doctor::DoctorReport> &report() const { return m_report; }
    QTreeWidget *list() const { return m_list; }
    QTextBrowser *details() const { return m_details; }
    QLabel *statusLabel() const { return m_status; }
    QProgressBar *progressBar() const { return m_progress; }
    QPushButton *cancelButton() const;
    QPushButton *againButton() const { return m_again; }
    // Shows one check in the lower part (its row selected).
    void showCheck(doctor::CheckId id);
    // The check's section of docs/doctor.md, in the lower part.
    void showDocs(doctor::CheckId id);

signals:
    void cancelRequested();
    void checkRequested(); // Check again
    void demoRequested(sharescope::DemoId demo);
    void explainRequested(const QString &page);

public slots:
    void reject() override; // Escape or closing: cancels a check that runs

private:
    void setRunning(bool running);
    void openLink(const QUrl &link);
    void save();

    QLabel *m_status;
    QProgressBar *m_progress;
    QTreeWidget *m_list;
    QTextBrowser *m_details;
    QLabel *m_summary;
    QDialogButtonBox *m_buttons;
    QPushButton *m_again;
    QPushButton *m_save;
    quint64 m_job = 0;
    bool m_running = false;
    std::optional<doctor::DoctorReport> m_report;
};

} // namespace sharescope
