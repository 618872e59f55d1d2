// SPDX-License-Identifier: GPL-3.0-or-later
#include "peerbox.h"

#include "catalogue.h"
#include "peers.h"
#include "peertext.h"
#include "textconv.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QVBoxLayout>

namespace sharescope {

PeerBox::PeerBox(QWidget *parent)
    : QGroupBox(tr("Peer device"), parent)
    , m_peer(new QComboBox(this))
    , m_access(new QCheckBox(tr("Enable peer access first"), this))
    , m_pair(new QLabel(this))
{
    m_access->setChecked(true);
    m_access->setToolTip(tr("peer-copy: with peer access the copies go straight over the link between the GPUs; "
                            "without it the driver stages them through host memory"));
    m_pair->setWordWrap(true);
    m_pair->setForegroundRole(QPalette::PlaceholderText);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_peer);
    layout->addWidget(m_pair);
    layout->addWidget(m_access);
    connect(m_peer, &QComboBox::currentIndexChanged, this, [this] {
        showPair();
        emit changed();
    });
    connect(m_access, &QCheckBox::toggled, this, &PeerBox::changed);
    setVisible(false);
}

void PeerBox::setDevice(const std::optional<DeviceInfo> &device)
{
    const QString previous = peerId();
    m_device = device;
    {
        const QSignalBlocker blocker(m_peer);
        m_peer->clear();
        if (device) {
            for (const PeerLink &link : device->peers)
                m_peer->addItem(QStringLiteral("%1  %2").arg(q(link.peerId), q(link.peerName)), q(link.peerId));
        }
        if (!selectPeer(previous) && m_peer->count() > 0)
            m_peer->setCurrentIndex(0);
    }
    m_peer->setEnabled(m_peer->count() > 0);
    showPair();
}

void PeerBox::setMode(std::optional<ModeId> mode)
{
    setVisible(mode && modeInfo(*mode).needsPeer());
    m_access->setVisible(mode && takesOption(modeInfo(*mode), ModeOption::PeerAccess));
}

QString PeerBox::peerId() const
{
    return m_peer->currentData().toString();
}

bool PeerBox::selectPeer(const QString &id)
{
    const int index = m_peer->findData(id);
    if (index < 0)
        return false;
    m_peer->setCurrentIndex(index);
    return true;
}

bool PeerBox::peerAccess() const
{
    return m_access->isChecked();
}

void PeerBox::setPeerAccess(bool on)
{
    m_access->setChecked(on);
}

void PeerBox::showPair()
{
    const PeerLink *link = m_device ? peerLink(*m_device, s(peerId())) : nullptr;
    if (!link) {
        m_pair->setText(m_device ? tr("%1 is the only CUDA device here").arg(q(m_device->id)) : QString());
        return;
    }
    m_pair->setText(peerLinkSummary(*link));
    m_pair->setToolTip(peerLinkText(*link));
    // Peer access that the pair cannot have is no choice.
    const bool both = link->canAccessPeer == true && link->peerCanAccess == true;
    m_access->setEnabled(both);
    if (!both)
        m_access->setChecked(false);
}

} // namespace sharescope
