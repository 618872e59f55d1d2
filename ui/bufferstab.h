// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metatypes.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace sharescope {

class BufferModel;
class RunController;

// The Buffers tab: what each buffer of the last run holds, read from the
// device a page of rows at a time, with mismatches against the CPU reference
// highlighted.
class BuffersTab : public QWidget
{
    Q_OBJECT

public:
    BuffersTab(RunController *controller, QWidget *parent = nullptr);
    void clear();
    // A run of this window, whose buffers the controller keeps.
    void setRun(quint64 job, const RunReport &report);
    // A report opened from a file: its buffers are not here to read.
    void setReportFromFile(const RunReport &report);
    // One run of a comparison, whose buffers were freed when it ended.
    void setComparedRun(const RunReport &report);
    BufferModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

private:
    void showBuffer(int index);
    void goToIndex();

    RunController *m_controller;
    BufferModel *m_model;
    QTableView *m_table;
    QComboBox *m_buffer;
    QComboBox *m_format;
    QLineEdit *m_goTo;
    QLabel *m_note;
    quint64 m_job = 0;
    RunReport m_report;
};

} // namespace sharescope
