#include "texttable.h"

#include <algorithm>

namespace sharescope {

std::size_t displayWidth(const std::string &utf8)
{
    // Count code points (every byte that does not continue a sequence).
    return static_cast<std::size_t>(
        std::ranges::count_if(utf8, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
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

std::string TextTable::render(int gap) const
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
    std::string out = line(headers);
    for (const Row &row : m_rows)
        out += row.note.empty() ? line(row.cells) : row.note + "\n";
    return out;
}

} // namespace sharescope
