// SPDX-License-Identifier: GPL-3.0-or-later
#include "bufferstab.h"
#include "textconv.h"

#include "buffermodel.h"
#include "bytesize.h"
#include "runcontroller.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace sharescope {

BuffersTab::BuffersTab(RunController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_model(new BufferModel(this))
    , m_table(new QTableView(this))
    , m_buffer(new QComboBox(this))
    , m_format(new QComboBox(this))
    , m_goTo(new QLineEdit(this))
    , m_note(new QLabel(this))
{
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed); // millions of rows: no per-row sizing
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(0, 140);
    m_table->setColumnWidth(1, 180);
    m_format->addItem(tr("Numbers"));
    m_format->addItem(tr("Hex"));
    m_goTo->setPlaceholderText(tr("Go to index…"));
    m_goTo->setClearButtonEnabled(true);
    m_note->setWordWrap(true);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Buffer"), this));
    bar->addWidget(m_buffer);
    bar->addWidget(new QLabel(tr("Show as"), this));
    bar->addWidget(m_format);
    bar->addStretch(1);
    bar->addWidget(m_goTo);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_note);
    layout->addWidget(m_table, 1);

    connect(m_model, &BufferModel::fetchRequested, m_controller, &RunController::readBuffer);
    connect(m_controller, &RunController::bufferRead, m_model, &BufferModel::addChunk);
    connect(m_buffer, &QComboBox::currentIndexChanged, this, &BuffersTab::showBuffer);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_model->setFormat(index == 1 ? BufferModel::Format::Hex : BufferModel::Format::Number);
    });
    connect(m_goTo, &QLineEdit::returnPressed, this, &BuffersTab::goToIndex);
    clear();
}

void BuffersTab::clear()
{
    m_job = 0;
    m_report = {};
    m_buffer->clear();
    m_model->clear();
    m_note->setText(tr("After a run, its buffers can be read here."));
}

void BuffersTab::setRun(quint64 job, const RunReport &report)
{
    m_job = job;
    m_report = report;
    const QSignalBlocker blocker(m_buffer);
    m_buffer->clear();
    for (const BufferReport &buffer : report.buffers)
        m_buffer->addItem(QString::fromStdString(buffer.name));
    // The output is the most interesting one: show it first.
    m_buffer->setCurrentIndex(std::max(0, m_buffer->count() - 1));
    showBuffer(m_buffer->currentIndex());
}

void BuffersTab::setReportFromFile(const RunReport &report)
{
    clear();
    m_note->setText(tr("This report was opened from a file: the buffers of %1 are not here to read. Run it again to "
                       "inspect them.")
                        .arg(q(modeName(report.spec.mode))));
}

void BuffersTab::setComparedRun(const RunReport &report)
{
    clear();
    m_note->setText(tr("A comparison frees each mode's buffers when its run ends: the buffers of %1 are not here to "
                       "read. Run it alone to inspect them.")
                        .arg(q(modeName(report.spec.mode))));
}

void BuffersTab::showBuffer(int index)
{
    if (index < 0 || index >= static_cast<int>(m_report.buffers.size()))
        return;
    const BufferReport &buffer = m_report.buffers[static_cast<std::size_t>(index)];
    const std::uint64_t elements = buffer.bytes / elementBytes;
    m_model->setBuffer(m_job, index, elements, buffer.type);
    QString note = tr("%1: %2 elements of %3, read from the device as you scroll; cells that differ from the CPU "
                      "reference are highlighted.")
                       .arg(QString::fromStdString(buffer.name), QString::fromStdString(formatCount(elements)),
                            buffer.type == ElementType::UInt32 ? QStringLiteral("u32") : QStringLiteral("f32"));
    if (buffer.managed)
        note += tr(" Managed memory: reading it here moves its pages to the host, as any CPU access would.");
    if (m_model->truncated())
        note += tr(" The table shows the first %1 elements.")
                    .arg(QString::fromStdString(formatCount(m_model->rowCount())));
    m_note->setText(note);
}

void BuffersTab::goToIndex()
{
    bool ok = false;
    const qlonglong index = m_goTo->text().trimmed().toLongLong(&ok);
    if (!ok || index < 0 || index >= m_model->rowCount()) {
        m_goTo->setStyleSheet(QStringLiteral("border: 2px solid #b00020"));
        m_goTo->setToolTip(tr("An index from 0 to %1").arg(m_model->rowCount() - 1));
        return;
    }
    m_goTo->setStyleSheet({});
    const QModelIndex target = m_model->index(static_cast<int>(index), 1);
    m_table->scrollTo(target, QAbstractItemView::PositionAtCenter);
    m_table->setCurrentIndex(target);
}

} // namespace sharescope
