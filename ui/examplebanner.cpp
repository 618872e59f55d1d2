// SPDX-License-Identifier: GPL-3.0-or-later
#include "examplebanner.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace sharescope {

ExampleBanner::ExampleBanner(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("exampleBanner"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    // The palette's tooltip colours: a note, in light and dark themes alike.
    setBackgroundRole(QPalette::ToolTipBase);
    setForegroundRole(QPalette::ToolTipText);
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *close = new QToolButton(this);
    close->setText(tr("Close"));
    close->setAutoRaise(true);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 4, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(close, 0, Qt::AlignTop);
    hide();
}

void ExampleBanner::showExample(const QString &title, const QString &provenance)
{
    m_label->setText(tr("Example: %1. %2").arg(title, provenance));
    show();
}

QString ExampleBanner::text() const
{
    return m_label->text();
}

} // namespace sharescope
