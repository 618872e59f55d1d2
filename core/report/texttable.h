// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace sharescope {

// A plain-text table with aligned columns, for terminals. Text columns are
// left-aligned and numeric ones right-aligned; widths count UTF-8 characters.
class TextTable
{
public:
    enum class Align { Left, Right };

    void addColumn(std::string header, Align align = Align::Right);
    void addRow(std::vector<std::string> cells);
    // A line that spans the table, e.g. "cl-svm-fine: not supported: ...".
    void addNote(std::string note);

    // `width`: the columns of the terminal it goes to, 0 for no limit (a
    // pipe, a file). A table wider than that is written as a list: each
    // row's first cell on a line of its own, then its other cells as
    // "header value" pairs, wrapped at the width.
    std::string render(int gap = 2, int width = 0) const;
    std::string renderList(int width) const;

private:
    struct Column
    {
        std::string header;
        Align align;
    };
    struct Row
    {
        std::vector<std::string> cells;
        std::string note;
    };
    std::vector<Column> m_columns;
    std::vector<Row> m_rows;
};

std::size_t displayWidth(const std::string &utf8);

} // namespace sharescope
