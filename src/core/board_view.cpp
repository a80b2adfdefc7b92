#include "kifu/core/board_view.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kifu/core/utf8.hpp"

namespace kifu {
namespace {

// Columns a text takes on a terminal: East Asian wide characters (kanji, kana, hangul,
// full-width forms) two, the rest one. Decoded with the project's UTF-8 decoder; a byte that
// is not UTF-8 counts as one column.
bool is_wide(char32_t c) noexcept {
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) ||
           c >= 0x20000;
}

std::size_t display_width(std::string_view text) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size();) {
        const utf8::Decoded d = utf8::decode(text, i);
        width += d.length != 0 && is_wide(d.code_point) ? 2 : 1;
        i += d.length != 0 ? d.length : 1;
    }
    return width;
}

std::string padded(std::string_view text, std::size_t width) {
    std::string out(text);
    for (std::size_t w = display_width(text); w < width; ++w) out += ' ';
    return out;
}

std::string cell_text(const BoardView::Cell& c) {
    if (c.piece.empty()) return ".";
    return c.promoted ? "+" + c.piece : c.piece;
}

std::string_view side_name(const BoardView& view, std::uint8_t side) {
    if (side < view.side_names.size()) return view.side_names[side];
    return side == 0 ? "first" : "second";
}

}  // namespace

std::string render_text(const BoardView& view) {
    std::size_t cell_width = 1, rank_width = 0;
    for (const BoardView::Cell& c : view.cells)
        cell_width = std::max(cell_width, display_width(cell_text(c)));
    for (const std::string& f : view.file_names) cell_width = std::max(cell_width, display_width(f));
    for (const std::string& r : view.rank_names) rank_width = std::max(rank_width, display_width(r));
    const std::string margin(rank_width + 1, ' ');
    std::string out;
    const auto file_line = [&] {
        if (view.file_names.empty()) return;
        std::string line = margin;
        for (int x = 0; x < view.width; ++x) {
            line += padded(static_cast<std::size_t>(x) < view.file_names.size()
                               ? view.file_names[static_cast<std::size_t>(x)]
                               : "",
                           cell_width);
            if (x + 1 < view.width) line += ' ';
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    };
    file_line();
    for (int y = 0; y < view.height; ++y) {
        const std::string rank = static_cast<std::size_t>(y) < view.rank_names.size()
                                     ? view.rank_names[static_cast<std::size_t>(y)]
                                     : "";
        std::string line = padded(rank, rank_width) + ' ';
        if (rank_width == 0) line.clear();
        for (int x = 0; x < view.width; ++x) {
            line += padded(cell_text(view.at(x, y)), cell_width);
            if (x + 1 < view.width) line += ' ';
        }
        if (!rank.empty()) line += ' ' + rank;
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    }
    file_line();
    if (view.side_to_move != BoardView::kNoSide)
        out += fmt::format("to move: {}\n", side_name(view, view.side_to_move));
    for (const BoardView::Hand& h : view.hands) {
        std::string pieces;
        for (const BoardView::HandPiece& p : h.pieces)
            pieces += fmt::format("{}{}{}", pieces.empty() ? "" : " ", p.piece,
                                  p.count > 1 ? fmt::format("x{}", p.count) : "");
        out += fmt::format("in hand, {}: {}\n", side_name(view, h.side), pieces.empty() ? "-" : pieces);
    }
    if (view.last_move) out += fmt::format("last move: {}\n", view.last_move->text);
    for (const std::string& note : view.notes) out += note + '\n';
    return out;
}

}  // namespace kifu
