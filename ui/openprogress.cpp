// SPDX-License-Identifier: GPL-3.0-or-later
#include "openprogress.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace sharescope {

OpenProgress::OpenProgress(QWidget *parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    m_bar->setRange(0, 1000);
    m_bar->setMaximumWidth(160);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop opening this report"));
    connect(m_cancel, &QToolButton::clicked, this, &OpenProgress::cancelRequested);
    setVisible(false);
}

void OpenProgress::start(const QString &path)
{
    m_label->setText(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    m_bar->setValue(0);
    setVisible(true);
}

void OpenProgress::setPermille(int permille)
{
    m_bar->setValue(permille);
}

void OpenProgress::finish()
{
    setVisible(false);
}

} // namespace sharescope
