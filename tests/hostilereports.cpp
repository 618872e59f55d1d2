// SPDX-License-Identifier: GPL-3.0-or-later
#include "hostilecases.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

namespace {

using Reports = std::vector<std::pair<QString, QByteArray>>;

// The valid report with one field set to `value` (JSON text), at a path of
// keys and array indexes ("spec/iterations", "iterations/0/phases").
QByteArray edited(const QByteArray &valid, const QStringList &path, const QByteArray &value)
{
    const QJsonValue replacement = QJsonDocument::fromJson("[" + value + "]").array().at(0);
    const auto set = [&](auto &&self, QJsonValue node, qsizetype depth) -> QJsonValue {
        if (depth == path.size())
            return replacement;
        bool isIndex = false;
        const int index = path[depth].toInt(&isIndex);
        if (isIndex) {
            QJsonArray array = node.toArray();
            array[index] = self(self, array.at(index), depth + 1);
            return array;
        }
        QJsonObject object = node.toObject();
        object[path[depth]] = self(self, object.value(path[depth]), depth + 1);
        return object;
    };
    return QJsonDocument(set(set, QJsonDocument::fromJson(valid).object(), 0).toObject()).toJson();
}

void truncations(Reports &reports, const QByteArray &valid)
{
    reports.emplace_back("empty", QByteArray());
    reports.emplace_back("whitespace", QByteArray("  \n\t  "));
    for (const int percent : {1, 10, 50, 90, 99})
        reports.emplace_back(QStringLiteral("truncated-%1").arg(percent), valid.left(valid.size() * percent / 100));
    reports.emplace_back("one-byte-short", valid.left(valid.trimmed().size() - 1));
    QByteArray garbage(4096, Qt::Uninitialized);
    QRandomGenerator random(42);
    for (char &c : garbage)
        c = static_cast<char>(random.bounded(256));
    reports.emplace_back("garbage", garbage);
    reports.emplace_back("nul-bytes", QByteArray(1024, '\0'));
    const QString text = QString::fromUtf8(valid);
    reports.emplace_back(
        "utf16", QByteArray("\xFF\xFE") + QByteArray(reinterpret_cast<const char *>(text.utf16()), text.size() * 2));
    reports.emplace_back("two-documents", valid + valid);
    reports.emplace_back("comment", "// a report\n" + valid);
    reports.emplace_back("top-array", "[" + valid + "]");
    reports.emplace_back("top-number", "42");
    reports.emplace_back("top-string", "\"sharescope-report\"");
    reports.emplace_back("top-null", "null");
    reports.emplace_back("foreign", "{\"name\": \"package\", \"version\": \"1.0\"}");
}

void wrongTypes(Reports &reports, const QByteArray &valid)
{
    const auto add = [&](const char *name, const QString &path, const QByteArray &value) {
        reports.emplace_back(QString::fromLatin1(name), edited(valid, path.split('/'), value));
    };
    add("format-number", "format", "1");
    add("format-version-string", "formatVersion", "\"1\"");
    add("format-version-0", "formatVersion", "0");
    add("format-version-negative", "formatVersion", "-1");
    add("format-version-future", "formatVersion", "999");
    add("iterations-string", "spec/iterations", "\"5\"");
    add("iterations-object", "iterations", "{}");
    add("host-ns-negative", "alloc/hostNs", "-1");
    add("host-ns-fraction", "alloc/hostNs", "1.5");
    add("device-index-string", "device/index", "\"0\"");
    add("verification-array", "verification", "[]");
    add("phase-unknown", "iterations/0/phases/0/phase", "\"nap\"");
    add("mode-unknown", "spec/mode", "\"teleport\"");
    add("backend-unknown", "device/backend", "\"vulkan\"");
    add("environment-missing", "environment", "null");
}

void inconsistent(Reports &reports, const QByteArray &valid)
{
    const auto add = [&](const char *name, const QString &path, const QByteArray &value) {
        reports.emplace_back(QString::fromLatin1(name), edited(valid, path.split('/'), value));
    };
    add("iterations-1e9", "spec/iterations", "1000000000");
    add("iterations-disagree", "spec/iterations", "9999");
    add("warmup-disagree", "spec/warmup", "3");
    add("bytes-huge", "spec/bytes", "18446744073709551612");
    add("rounds-huge", "spec/rounds", "2147483648");
    add("checked-max", "verification/checked", "18446744073709551615");
    add("mismatches-beyond-checked", "verification/mismatches", "18446744073709551615");
    add("four-phases", "iterations/0/phases", "[]");
    add("index-negative", "iterations/0/index", "-1");
    add("device-index-negative", "device/index", "-1");
    add("summary-disagrees", "summary/0/hostNs/median", "1");
    add("buffers-of-another-kernel", "buffers/0/name", "\"perm\"");
    add("buffers-empty", "buffers", "[]");
    // A few hundred bytes that would decode to 48 MiB per snapshot.
    QByteArray snapshots = "[";
    for (int i = 0; i < 30; ++i)
        snapshots += QByteArray(i ? "," : "")
            + R"({"iteration":0,"phase":"kernel","chunks":["16777216h","16777216h","16777216d"]})";
    add("residency-bomb", "residency",
        R"({"chunkBytes":1,"unexplainedBytes":0,"buffers":[{"name":"x","address":0,"bytes":16777216,"hostWritten":true},)"
        R"({"name":"y","address":0,"bytes":16777216,"hostWritten":true},{"name":"out","address":0,"bytes":16777216,)"
        R"("hostWritten":false}],"snapshots":)"
            + snapshots + "]}");
    add("deep-100", "command", QByteArray(100, '[') + QByteArray(100, ']'));
    reports.emplace_back("deep-100000", QByteArray(100000, '[') + QByteArray(100000, ']'));
    QByteArray huge = valid;
    huge.insert(huge.lastIndexOf('}'), ", \"extra\": 1e400");
    reports.emplace_back("number-1e400", huge);
    QByteArray nan = valid;
    nan.insert(nan.lastIndexOf('}'), ", \"extra\": NaN");
    reports.emplace_back("number-nan", nan);
}

} // namespace

std::vector<std::pair<QString, QByteArray>> malformedReports(const QByteArray &valid)
{
    Reports reports;
    truncations(reports, valid);
    wrongTypes(reports, valid);
    inconsistent(reports, valid);
    return reports;
}

std::vector<std::pair<QString, QByteArray>> acceptedReports(const QByteArray &valid)
{
    Reports reports;
    reports.emplace_back("utf8-bom", "\xEF\xBB\xBF" + valid);
    reports.emplace_back("crlf", QByteArray(valid).replace("\n", "\r\n"));
    reports.emplace_back("compact", QJsonDocument::fromJson(valid).toJson(QJsonDocument::Compact));
    reports.emplace_back("long-name", edited(valid, {"device", "name"}, "\"" + QByteArray(1 << 20, 'n') + "\""));
    reports.emplace_back("unicode-name", edited(valid, {"device", "name"}, "\"设备 💥 \\u0000\""));
    QByteArray extra = valid;
    extra.insert(extra.lastIndexOf('}'), ", \"extra\": [" + QByteArray("null,").repeated(100000) + "null]");
    reports.emplace_back("unknown-field", extra);
    reports.emplace_back("empty-compare",
                         R"({"format":"sharescope-compare","formatVersion":1,"command":"x","runs":[],"skipped":[]})");
    return reports;
}
