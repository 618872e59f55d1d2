// SPDX-License-Identifier: GPL-3.0-or-later
#include "cuda/cudaerror.h"

#include <QTest>

using namespace sharescope;
using namespace sharescope::cuda;

// Sticky CUDA errors, without a GPU: the error values are the runtime's own.
class TestCudaError : public QObject
{
    Q_OBJECT

private slots:
    void ordinaryErrorsLeaveTheContextUsable()
    {
        ContextHealth health;
        const Error error = health.fail(cudaErrorMemoryAllocation, "cudaMalloc(&p, bytes)");
        QCOMPARE(error.kind, ErrorKind::Failed);
        QVERIFY2(QString::fromStdString(error.message).startsWith("cudaMalloc failed: cudaErrorMemoryAllocation"),
                 error.message.c_str());
        QVERIFY(QString::fromStdString(error.message).contains("smaller --size"));
        QVERIFY(!error.deviceLost);
        QVERIFY(!health.lost());
        QVERIFY(health.check().ok());
    }

    void stickyErrorsLoseTheContextForGood_data()
    {
        QTest::addColumn<int>("code");
        QTest::addRow("illegal address") << int(cudaErrorIllegalAddress);
        QTest::addRow("launch failure") << int(cudaErrorLaunchFailure);
        QTest::addRow("misaligned address") << int(cudaErrorMisalignedAddress);
    }
    void stickyErrorsLoseTheContextForGood()
    {
        QFETCH(int, code);
        ContextHealth health;
        const Error error = health.fail(static_cast<cudaError_t>(code), "cudaEventSynchronize(m_stop)");
        QVERIFY(health.lost());
        QVERIFY2(QString::fromStdString(error.message).contains("GPU context is lost"), error.message.c_str());
        QVERIFY(QString::fromStdString(error.message).contains("until it is opened again"));
        QVERIFY(error.deviceLost); // the window closes the device and opens it again
        // Every later call fails at once with the same message.
        const Status later = health.check();
        QVERIFY(!later.ok());
        QCOMPARE(later.error().message, error.message);
        QVERIFY(later.error().deviceLost);
        QVERIFY(!isSticky(cudaErrorInvalidValue));
    }
};

QTEST_APPLESS_MAIN(TestCudaError)
#include "tst_cudaerror.moc"
