// SPDX-License-Identifier: GPL-3.0-or-later
#include "peertext.h"

#include "peers.h"
#include "textconv.h"

#include <QCoreApplication>

// The translation context of this file's messages.
class PeerText
{
    Q_DECLARE_TR_FUNCTIONS(PeerText)
};

namespace sharescope {
namespace {

QString yesNo(const std::optional<bool> &value)
{
    if (!value)
        return PeerText::tr("not reported");
    return *value ? PeerText::tr("yes") : PeerText::tr("no");
}

QString accessWays(const PeerLink &link)
{
    if (link.canAccessPeer == true && link.peerCanAccess == true)
        return PeerText::tr("peer access both ways");
    if (link.canAccessPeer == true || link.peerCanAccess == true)
        return PeerText::tr("peer access one way only");
    if (!link.canAccessPeer || !link.peerCanAccess)
        return PeerText::tr("peer access not reported");
    return PeerText::tr("no peer access (copies go through the host)");
}

} // namespace

QString peerLinkText(const PeerLink &link)
{
    const QString rank = link.performanceRank ? QString::number(*link.performanceRank) : PeerText::tr("not reported");
    return PeerText::tr("%1 (%2): maps its memory %3, it maps this one's %4, performance rank %5 (0 is the "
                        "fastest), native atomics %6, only some atomics %7, CUDA arrays %8; peer access enabled "
                        "in this process %9")
        .arg(q(link.peerId), q(link.peerName), yesNo(link.canAccessPeer), yesNo(link.peerCanAccess), rank,
             yesNo(link.nativeAtomics), yesNo(link.partialAtomics), yesNo(link.cudaArrayAccess),
             yesNo(link.accessEnabled));
}

QString peerLinkSummary(const PeerLink &link)
{
    QStringList parts{q(link.peerId), accessWays(link)};
    if (link.performanceRank)
        parts << PeerText::tr("rank %1").arg(*link.performanceRank);
    if (link.nativeAtomics == true)
        parts << PeerText::tr("native atomics");
    return parts.join(QStringLiteral(" · "));
}

QString modeLabel(const ExperimentSpec &spec)
{
    QString mode = q(modeName(spec.mode));
    if (spec.threaded()) {
        if (spec.hostThreads == 1) // threaded only on its per-thread stream (CUDA)
            return PeerText::tr("%1 (one thread, per-thread stream)").arg(mode);
        if (spec.modeInfo().backend != BackendKind::Cuda)
            return PeerText::tr("%1 (%2 threads)").arg(mode).arg(spec.hostThreads);
        return spec.defaultStream == DefaultStream::PerThread
            ? PeerText::tr("%1 (%2 threads, per-thread streams)").arg(mode).arg(spec.hostThreads)
            : PeerText::tr("%1 (%2 threads, legacy stream)").arg(mode).arg(spec.hostThreads);
    }
    if (spec.writeCombined)
        return PeerText::tr("%1 (write-combined)").arg(mode);
    if (!takesOption(spec.modeInfo(), ModeOption::PeerAccess) || !spec.peerAccess)
        return mode;
    return *spec.peerAccess ? PeerText::tr("%1 (peer access on)").arg(mode)
                            : PeerText::tr("%1 (peer access off)").arg(mode);
}

QString peerRunText(const DeviceInfo &device, const ExperimentSpec &spec)
{
    if (!spec.modeInfo().needsPeer())
        return {};
    const PeerLink *link = peerLink(device, spec.peerId);
    const QString peer = link ? QStringLiteral("%1 (%2)").arg(q(link->peerId), q(link->peerName)) : q(spec.peerId);
    if (spec.modeInfo().family != ModeFamily::Peer)
        return PeerText::tr("the kernel ran on the peer %1; the managed pages moved between %2 and it")
            .arg(peer, q(device.id));
    return peerAccessOn(spec)
        ? PeerText::tr("the kernel ran on the peer %1, with peer access on").arg(peer)
        : PeerText::tr("the kernel ran on the peer %1, with peer access off: the copies went through the "
                       "host")
              .arg(peer);
}

} // namespace sharescope
