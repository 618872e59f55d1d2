// SPDX-License-Identifier: GPL-3.0-or-later
#include "buffermodel.h"

#include <QBrush>
#include <QColor>

#include <bit>
#include <climits>
#include <cstring>

namespace sharescope {

void BufferModel::setBuffer(quint64 job, int buffer, std::uint64_t elements, ElementType type)
{
    beginResetModel();
    m_job = job;
    m_buffer = buffer;
    m_elements = elements;
    m_type = type;
    m_pages.clear();
    m_recent.clear();
    m_pending.clear();
    endResetModel();
}

void BufferModel::clear()
{
    setBuffer(0, -1, 0, ElementType::Float32);
}

void BufferModel::setFormat(Format format)
{
    m_format = format;
    if (rowCount() > 0)
        emit dataChanged(index(0, ValueColumn), index(rowCount() - 1, ExpectedColumn), {Qt::DisplayRole});
}

void BufferModel::addChunk(const BufferChunk &chunk)
{
    if (chunk.job != m_job || chunk.buffer != m_buffer || chunk.first % pageRows != 0)
        return; // an answer for another buffer, or a stale one
    const std::uint64_t pageIndex = chunk.first / pageRows;
    m_pending.erase(pageIndex);
    m_pages[pageIndex] = {chunk.values, chunk.expected};
    m_recent.remove(pageIndex);
    m_recent.push_front(pageIndex);
    while (m_pages.size() > maxPages) {
        m_pages.erase(m_recent.back());
        m_recent.pop_back();
    }
    const int first = static_cast<int>(chunk.first);
    const int last = static_cast<int>(std::min<std::uint64_t>(chunk.first + chunk.values.size(), rowCount())) - 1;
    if (last >= first)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

const BufferModel::Page *BufferModel::page(std::uint64_t pageIndex) const
{
    const auto it = m_pages.find(pageIndex);
    if (it != m_pages.end())
        return &it->second;
    if (m_pending.insert(pageIndex).second) {
        // data() must not change the model: ask once the view is done painting.
        const quint64 job = m_job;
        const int buffer = m_buffer;
        auto *self = const_cast<BufferModel *>(this);
        QMetaObject::invokeMethod(
            self,
            [self, job, buffer, pageIndex] { emit self->fetchRequested(job, buffer, pageIndex * pageRows, pageRows); },
            Qt::QueuedConnection);
    }
    return nullptr;
}

QString BufferModel::format(std::uint32_t bits) const
{
    if (m_format == Format::Hex)
        return QStringLiteral("0x%1").arg(bits, 8, 16, QLatin1Char('0'));
    if (m_type == ElementType::UInt32)
        return QString::number(bits);
    return QString::number(std::bit_cast<float>(bits), 'g', 9);
}

QString BufferModel::formatExpected(double value) const
{
    if (m_type == ElementType::UInt32)
        return format(static_cast<std::uint32_t>(value));
    return format(std::bit_cast<std::uint32_t>(static_cast<float>(value)));
}

bool BufferModel::matches(std::uint32_t bits, double expected) const
{
    if (m_type == ElementType::UInt32)
        return bits == static_cast<std::uint32_t>(expected);
    return std::bit_cast<float>(bits) == static_cast<float>(expected);
}

int BufferModel::rowCount(const QModelIndex &parent) const
{
    // A view counts rows in int: a buffer beyond 2^31 elements shows its start.
    return parent.isValid() ? 0 : static_cast<int>(std::min<std::uint64_t>(m_elements, INT_MAX));
}

int BufferModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BufferModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto row = static_cast<std::uint64_t>(index.row());
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (index.column() == IndexColumn)
        return role == Qt::DisplayRole ? QVariant(QString::number(row)) : QVariant();
    if (role != Qt::DisplayRole && role != MismatchRole && role != Qt::BackgroundRole && role != Qt::ToolTipRole)
        return {};
    const Page *cached = page(row / pageRows);
    if (!cached)
        return role == Qt::DisplayRole ? QVariant(QStringLiteral("…")) : QVariant();
    const std::size_t offset = row % pageRows;
    if (offset >= cached->values.size())
        return {};
    const std::uint32_t bits = cached->values[offset];
    const double expected = cached->expected[offset];
    const bool ok = matches(bits, expected);
    switch (role) {
    case MismatchRole:
        return !ok;
    case Qt::BackgroundRole:
        return ok ? QVariant() : QVariant(QBrush(QColor(0xF4, 0xC7, 0xC3)));
    case Qt::ToolTipRole:
        return ok ? QVariant() : QVariant(tr("Differs from the CPU reference"));
    }
    return index.column() == ValueColumn ? format(bits) : formatExpected(expected);
}

QVariant BufferModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IndexColumn:
        return tr("Index");
    case ValueColumn:
        return tr("Value");
    case ExpectedColumn:
        return tr("Expected");
    }
    return {};
}

} // namespace sharescope
