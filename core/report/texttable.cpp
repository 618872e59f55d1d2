// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/texttable.h"

#include <algorithm>

namespace sharescope {

namespace {

// East Asian wide and full-width characters take two columns of a terminal
// (the ranges of Unicode's East Asian Width "W" and "F" that text uses).
bool wide(char32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF)
        || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF)
        || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F)
        || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

} // namespace

std::size_t displayWidth(const std::string &utf8)
{
    std::size_t width = 0;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto lead = static_cast<unsigned char>(utf8[i]);
        // A stray continuation byte (0x80-0xBF) counts as one column on its own.
        const std::size_t length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        char32_t c = length == 1 ? lead : lead & (0xFF >> (length + 1));
        for (std::size_t k = 1; k < length && i + k < utf8.size(); ++k)
            c = (c << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
        width += wide(c) ? 2 : 1;
        i += length;
    }
    return width;
}

void TextTable::addColumn(std::string header, Align align)
{
    m_columns.push_back({std::move(header), align});
}

void TextTable::addRow(std::vector<std::string> cells)
{
    cells.resize(m_columns.size());
    m_rows.push_back({std::move(cells), {}});
}

void TextTable::addNote(std::string note)
{
    m_rows.push_back({{}, std::move(note)});
}

std::string TextTable::renderList(int width) const
{
    std::string out;
    const std::string separator = " · ";
    for (const Row &row : m_rows) {
        if (!row.note.empty()) {
            out += row.note + "\n";
            continue;
        }
        out += row.cells.empty() ? std::string() : row.cells.front();
        out += "\n";
        std::string line = "  ";
        std::size_t used = 2;
        for (std::size_t i = 1; i < m_columns.size() && i < row.cells.size(); ++i) {
            if (row.cells[i].empty())
                continue;
            const std::string pair = m_columns[i].header + " " + row.cells[i];
            const std::size_t pairWidth = displayWidth(pair);
            if (used > 2 && used + separator.size() - 2 + pairWidth > static_cast<std::size_t>(width)) {
                out += line + "\n";
                line = "  ";
                used = 2;
            }
            if (used > 2) {
                line += separator;
                used += 3;
            }
            line += pair;
            used += pairWidth;
        }
        if (used > 2)
            out += line + "\n";
    }
    return out;
}

std::string TextTable::render(int gap, int width) const
{
    std::vector<std::size_t> widths;
    for (const Column &column : m_columns)
        widths.push_back(displayWidth(column.header));
    for (const Row &row : m_rows) {
        for (std::size_t i = 0; i < row.cells.size(); ++i)
            widths[i] = std::max(widths[i], displayWidth(row.cells[i]));
    }
    const auto line = [&](const std::vector<std::string> &cells) {
        std::string out;
        for (std::size_t i = 0; i < m_columns.size(); ++i) {
            const std::string &cell = cells[i];
            const std::size_t pad = widths[i] - displayWidth(cell);
            const bool last = i + 1 == m_columns.size();
            if (i > 0)
                out.append(static_cast<std::size_t>(gap), ' ');
            if (m_columns[i].align == Align::Right)
                out.append(pad, ' ').append(cell);
            else
                out.append(cell).append(last ? 0 : pad, ' ');
        }
        while (!out.empty() && out.back() == ' ')
            out.pop_back();
        return out + "\n";
    };
    std::vector<std::string> headers;
    for (const Column &column : m_columns)
        headers.push_back(column.header);
    if (width > 0) {
        std::size_t total = 0;
        for (const std::size_t w : widths)
            total += w;
        total += static_cast<std::size_t>(gap) * (widths.empty() ? 0 : widths.size() - 1);
        if (total > static_cast<std::size_t>(width))
            return renderList(width);
    }
    std::string out = line(headers);
    for (const Row &row : m_rows)
        out += row.note.empty() ? line(row.cells) : row.note + "\n";
    return out;
}

} // namespace sharescope
