// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "deviceinfo.h"
#include "ids.h"

#include <QGroupBox>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;

namespace sharescope {

// The second GPU of the modes that use two: which one (the device's peers),
// what the driver reports of the pair, and, for peer-copy, whether peer
// access is enabled first. Shown only while such a mode is chosen.
class PeerBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit PeerBox(QWidget *parent = nullptr);

    // The device whose peers to offer; keeps the peer chosen where it is one.
    void setDevice(const std::optional<DeviceInfo> &device);
    // Shows the box for a mode that needs a peer, and the access choice for peer-copy.
    void setMode(std::optional<ModeId> mode);

    QString peerId() const; // empty without a peer
    bool selectPeer(const QString &id);
    bool peerAccess() const;
    void setPeerAccess(bool on);

    QComboBox *peerCombo() const { return m_peer; }
    QCheckBox *accessBox() const { return m_access; }
    QLabel *pairLabel() const { return m_pair; }

signals:
    void changed();

private:
    void showPair();

    QComboBox *m_peer;
    QCheckBox *m_access;
    QLabel *m_pair;
    std::optional<DeviceInfo> m_device;
};

} // namespace sharescope
