// SPDX-License-Identifier: GPL-3.0-or-later
#include "tableview.h"

#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>

#include <algorithm>
#include <vector>

namespace sharescope {
namespace {

// Watches a table and lays its columns out once the events of a change have
// passed (a resize, a model reset, new data), not once for each.
class WidthSharer : public QObject
{
public:
    explicit WidthSharer(QTableView *table)
        : QObject(table)
        , m_table(table)
    {
        table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
        table->horizontalHeader()->setStretchLastSection(false);
        table->viewport()->installEventFilter(this);
        QAbstractItemModel *model = table->model();
        connect(model, &QAbstractItemModel::modelReset, this, &WidthSharer::schedule);
        connect(model, &QAbstractItemModel::layoutChanged, this, &WidthSharer::schedule);
        connect(model, &QAbstractItemModel::rowsInserted, this, &WidthSharer::schedule);
        connect(model, &QAbstractItemModel::dataChanged, this, &WidthSharer::schedule);
        connect(model, &QAbstractItemModel::headerDataChanged, this, &WidthSharer::schedule);
        schedule();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show)
            schedule();
        return QObject::eventFilter(watched, event);
    }

private:
    void schedule()
    {
        if (m_pending)
            return;
        m_pending = true;
        QTimer::singleShot(0, this, [this] {
            m_pending = false;
            share();
        });
    }

    void share()
    {
        QHeaderView *header = m_table->horizontalHeader();
        const QAbstractItemView *view = m_table; // where sizeHintForColumn is public
        const int columns = header->count();
        std::vector<int> wanted(static_cast<std::size_t>(columns), 0);
        int total = 0;
        for (int c = 0; c < columns; ++c) {
            if (header->isSectionHidden(c))
                continue;
            const int width = std::max(header->sectionSizeHint(c), view->sizeHintForColumn(c));
            wanted[static_cast<std::size_t>(c)] = width;
            total += width;
        }
        if (total == 0)
            return;
        const int spare = std::max(0, m_table->viewport()->width() - total);
        int given = 0;
        int last = -1;
        for (int c = 0; c < columns; ++c) {
            const int want = wanted[static_cast<std::size_t>(c)];
            if (want == 0)
                continue;
            const int extra = static_cast<int>(static_cast<long long>(spare) * want / total);
            header->resizeSection(c, want + extra);
            given += extra;
            last = c;
        }
        // What rounding left over goes to the last column: a pixel or so
        // per column, so that the columns reach the viewport's edge.
        if (last >= 0 && spare > given)
            header->resizeSection(last, header->sectionSize(last) + spare - given);
    }

    QTableView *m_table; // our parent
    bool m_pending = false;
};

} // namespace

void shareWidthByContent(QTableView *table)
{
    new WidthSharer(table);
}

void keepRowsVisible(QTableView *table, int rows)
{
    table->setMinimumHeight(table->horizontalHeader()->sizeHint().height()
                            + rows * table->verticalHeader()->defaultSectionSize() + 2 * table->frameWidth()
                            + table->horizontalScrollBar()->sizeHint().height());
}

QTableView *makeTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *table = new QTableView(parent);
    table->setModel(model);
    table->verticalHeader()->hide();
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setAlternatingRowColors(true);
    shareWidthByContent(table);
    return table;
}

} // namespace sharescope
