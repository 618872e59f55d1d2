// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogue.h"
#include "metatypes.h"

#include <QAbstractTableModel>

#include <list>
#include <set>
#include <unordered_map>

namespace sharescope {

// A kept buffer as a table (index, value, expected), read lazily: a row that
// is not cached asks the controller for its page of rows, and an answer fills
// it in. At most maxPages pages stay cached, so a 1 GiB buffer costs the view
// a few hundred KiB however far one scrolls.
class BufferModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Columns { IndexColumn, ValueColumn, ExpectedColumn, ColumnCount };
    enum class Format { Number, Hex };
    enum Roles { MismatchRole = Qt::UserRole + 1 };
    static constexpr int pageRows = 256;
    static constexpr std::size_t maxPages = 64;

    using QAbstractTableModel::QAbstractTableModel;

    void setBuffer(quint64 job, int buffer, std::uint64_t elements, ElementType type);
    void clear();
    void setFormat(Format format);
    Format format() const { return m_format; }
    void addChunk(const BufferChunk &chunk);

    std::uint64_t elements() const { return m_elements; }
    bool truncated() const { return m_elements > static_cast<std::uint64_t>(rowCount()); }
    std::size_t cachedRows() const { return m_pages.size() * pageRows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void fetchRequested(quint64 job, int buffer, quint64 first, int count);

private:
    struct Page
    {
        std::vector<std::uint32_t> values;
        std::vector<double> expected;
    };
    const Page *page(std::uint64_t pageIndex) const; // requests it when missing
    QString format(std::uint32_t bits) const;
    QString formatExpected(double value) const;
    bool matches(std::uint32_t bits, double expected) const;

    quint64 m_job = 0;
    int m_buffer = -1;
    std::uint64_t m_elements = 0;
    ElementType m_type = ElementType::Float32;
    Format m_format = Format::Number;
    std::unordered_map<std::uint64_t, Page> m_pages;
    std::list<std::uint64_t> m_recent; // most recently filled first
    mutable std::set<std::uint64_t> m_pending;
};

} // namespace sharescope
