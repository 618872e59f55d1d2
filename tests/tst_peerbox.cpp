// SPDX-License-Identifier: GPL-3.0-or-later
#include "experimentpanel.h"
#include "migrationtab.h"
#include "peerbox.h"
#include "residencymap.h"
#include "twogpus.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTest>

using namespace sharescope;
using namespace sharescope::testing;

namespace {

QListWidgetItem *modeItem(const ExperimentPanel &panel, ModeId mode)
{
    for (int row = 0; row < panel.modeList()->count(); ++row) {
        if (panel.modeList()->item(row)->data(Qt::UserRole).toInt() == static_cast<int>(mode))
            return panel.modeList()->item(row);
    }
    return nullptr;
}

// A managed-peer run whose map has the three places.
RunReport managedPeerRun()
{
    RunReport report;
    report.device = twoGpus(true).devices[0];
    report.spec.deviceId = "cuda:0";
    report.spec.peerId = "cuda:1";
    report.spec.mode = ModeId::ManagedPeer;
    report.counted.enabled = true;
    report.counted.residency.chunkBytes = 64 << 10;
    report.counted.residency.buffers = {{"x", 0x1000, 4 * (64 << 10), true}};
    report.counted.residency.snapshots = {{0, Phase::HostInit, {"dddd"}, 0}, {0, Phase::Kernel, {"eehh"}, 0}};
    return report;
}

} // namespace

// The Peer device box of the panel, and the Migration tab's three places.
class TestPeerBox : public QObject
{
    Q_OBJECT

private slots:
    void appearsForTheModesThatNeedAPeer()
    {
        ExperimentPanel panel;
        panel.setDevices(twoGpus(true));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        PeerBox *box = panel.peerBox();
        QVERIFY(panel.selectMode(ModeId::Device));
        QVERIFY(box->isHidden());
        QVERIFY(panel.selectMode(ModeId::PeerCopy));
        QVERIFY(!box->isHidden());
        QVERIFY(!box->accessBox()->isHidden()); // peer-copy chooses peer access
        QCOMPARE(box->peerCombo()->count(), 1);
        QCOMPARE(panel.peerId(), QStringLiteral("cuda:1"));
        QVERIFY2(box->pairLabel()->text().contains("peer access both ways"), qPrintable(box->pairLabel()->text()));
        auto spec = panel.spec();
        QVERIFY(spec.ok());
        QCOMPARE(spec->peerId, std::string("cuda:1"));
        QCOMPARE(spec->peerAccess, std::optional(true));
        QTest::mouseClick(box->accessBox(), Qt::LeftButton);
        QCOMPARE(panel.spec()->peerAccess, std::optional(false));
        QVERIFY(panel.selectMode(ModeId::ManagedPeer));
        QVERIFY(!box->isHidden());
        QVERIFY(box->accessBox()->isHidden());
        QVERIFY(!panel.spec()->peerAccess); // only peer-copy takes it
        QVERIFY(panel.selectMode(ModeId::Managed));
        QVERIFY(panel.spec()->peerId.empty());
        QVERIFY(panel.runButton()->isEnabled());
    }

    void offersNoPeerAccessThePairCannotHave()
    {
        ExperimentPanel panel;
        panel.setDevices(twoGpus(false));
        QVERIFY(panel.selectMode(ModeId::PeerCopy));
        QVERIFY(!panel.peerBox()->accessBox()->isEnabled());
        QCOMPARE(panel.spec()->peerAccess, std::optional(false));
        // peer-access needs it: listed, but not to be chosen.
        QListWidgetItem *direct = modeItem(panel, ModeId::PeerAccess);
        QVERIFY(direct);
        QVERIFY(!(direct->flags() & Qt::ItemIsEnabled));
        QVERIFY2(direct->toolTip().contains("cannot access the memory of cuda:0"), qPrintable(direct->toolTip()));
    }

    void listsThePeerModesAsUnsupportedOnOneGpu()
    {
        ExperimentPanel panel;
        DeviceList one{{gpu(0)}, {}};
        panel.setDevices(one);
        for (const ModeId mode : {ModeId::PeerCopy, ModeId::PeerAccess, ModeId::ManagedPeer}) {
            QListWidgetItem *item = modeItem(panel, mode);
            QVERIFY(item);
            QVERIFY(!(item->flags() & Qt::ItemIsEnabled));
            QVERIFY2(item->toolTip().contains("is the only one here"), qPrintable(item->toolTip()));
        }
        QVERIFY(!panel.selectMode(ModeId::PeerCopy));
        QVERIFY(panel.peerId().isEmpty());
    }

    void showsThreePlacesOnTheMigrationTab()
    {
        MigrationTab tab;
        tab.setReport(managedPeerRun());
        const auto entry = [&](Location location) {
            return std::ranges::find(tab.legend(), location, &std::pair<Location, QLabel *>::first)->second;
        };
        QVERIFY(!entry(Location::Peer)->isHidden());
        QVERIFY2(entry(Location::Peer)->text().contains("on the peer (cuda:1)"),
                 qPrintable(entry(Location::Peer)->text()));
        QVERIFY(entry(Location::Device)->text().contains("on the device (cuda:0)"));
        QCOMPARE(tab.map()->snapshotCount(), 2);
        QCOMPARE(tab.map()->residency().snapshots[1].chunks[0], std::string("eehh"));
        // One GPU: no third place.
        RunReport managed = managedPeerRun();
        managed.spec.mode = ModeId::Managed;
        managed.spec.peerId.clear();
        tab.setReport(managed);
        QVERIFY(entry(Location::Peer)->isHidden());
        QVERIFY(!entry(Location::Device)->text().contains("cuda:0"));
        // peer-copy: nothing migrates, and the tab says why.
        RunReport copies = managedPeerRun();
        copies.spec.mode = ModeId::PeerCopy;
        copies.counted.residency = {};
        tab.setReport(copies);
        QVERIFY2(tab.note()->text().contains("cudaMalloc memory on two GPUs"), qPrintable(tab.note()->text()));
    }
};

QTEST_MAIN(TestPeerBox)
#include "tst_peerbox.moc"
