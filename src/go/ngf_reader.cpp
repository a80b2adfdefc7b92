// NGF (WBaduk, Cyberoro): go/server_records.hpp states the grammar; docs/ngf.md the decisions.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "kifu/go/handicap.hpp"
#include "kifu/go/server_records.hpp"
#include "server_record_text.hpp"

namespace kifu::go {
namespace {

using namespace server_record;

// Where each header field stands: NGF as WBaduk writes it, and the variant whose header
// lines start with "GI" (a Chinese editor's: fields in another order, the result on an
// "IDB[N] TEXT[EndTxt]" line after the moves). -1: the layout has no such line.
struct Layout {
    int title, size, white, black, place, handicap, komi, date, result;
};
constexpr Layout kWbaduk{0, 1, 2, 3, 4, 5, 7, 8, 10};
constexpr Layout kGiLines{0, 6, 1, 2, -1, 7, 9, 5, -1};

// "LQC         9DP" -> "LQC", "9p"; "ace550      7D*" -> "ace550", "7d*".
std::pair<std::string_view, std::string> name_and_rank(std::string_view line) {
    line = trim(line);
    const std::size_t blank = line.find_first_of(" \t");
    if (blank == std::string_view::npos) return {line, {}};
    const std::string_view raw = trim(line.substr(line.find_last_of(" \t") + 1));
    std::string rank;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw.substr(i, 2) == "DP") {
            rank += 'p';
            ++i;
        } else {
            rank += raw[i] == 'D' ? 'd' : raw[i] == 'K' ? 'k' : raw[i];
        }
    }
    return {line.substr(0, blank), rank};
}

bool has(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

// "Black wins by 0.5!", "White wins by  resign!", "White wins by time!", the Korean forms
// ("흑 3.5집 승", "백 불계승", "백 시간승") and the Chinese ("黑中盘胜", "白胜2.5目", "黑胜1子":
// a margin in stones is twice as many points); "" when no winner is named.
std::string result_of(std::string_view line) {
    std::string lower(line);
    for (char& c : lower)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    const bool wins = has(line, "승") || has(line, "胜");
    std::string winner;
    if (has(lower, "white win") || has(lower, "black lose") || (wins && (has(line, "백") || has(line, "白"))))
        winner = "W";
    else if (has(lower, "black win") || has(lower, "white lose") ||
             (wins && (has(line, "흑") || has(line, "黑"))))
        winner = "B";
    if (winner.empty()) return {};
    if (has(lower, "resign") || has(line, "불계") || has(line, "中盘")) return winner + "+R";
    if (has(lower, "time") || has(line, "시간") || has(line, "超时")) return winner + "+T";
    // The margin: the last number of the line.
    std::string margin;
    for (std::size_t i = 0; i < lower.size();) {
        if (lower[i] < '0' || lower[i] > '9') {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < lower.size() && ((lower[end] >= '0' && lower[end] <= '9') || lower[end] == '.')) ++end;
        if (std::optional<std::string> r = real(std::string_view(lower).substr(i, end - i))) {
            margin = *r;
            if (std::string_view(lower).substr(end).starts_with("子"))
                margin = fmt::format("{:g}", 2 * std::stod(*r));
        }
        i = end;
    }
    return winner + "+" + margin;
}

}  // namespace

Result<SgfCollection> read_ngf(std::string_view bytes, const SgfReadOptions& options) {
    // The names are the only text beyond ASCII: the guess reads the header (as Sabaki's does).
    Result<SgfCollection> made = collection_over(bytes, options, {}, bytes.substr(0, bytes.find("\nPM")));
    if (!made) return std::move(made).error();
    SgfCollection sgf = std::move(*made);
    const std::string_view text = sgf.source();
    const std::vector<Line> all_lines = lines_of(text);
    // The header: the lines before the first move ("GI" dropped in that variant).
    const bool gi = !all_lines.empty() && begins_with(all_lines[0].text, "GI");
    const Layout& layout = gi ? kGiLines : kWbaduk;
    std::vector<Line> lines;
    std::string_view result_line;
    for (const Line& l : all_lines) {
        if (gi && begins_with(l.text, "GI"))
            lines.push_back({l.text.substr(2), l.offset + 2});
        else if (!gi && !begins_with(l.text, "PM"))
            lines.push_back(l);
        else if (gi && begins_with(l.text, "IDB[")) {
            const std::string_view t = l.text.substr(l.text.find(']') + 1);
            result_line = t.substr(0, t.find("[EndTxt]"));
        }
    }

    const auto header_number = [&](int k, long low, long high, std::string_view what) -> Result<long> {
        const auto i = static_cast<std::size_t>(k);
        if (i >= lines.size())
            return error_at(
                text, text.size(), ErrorCode::unexpected_end,
                fmt::format("expected {} on line {} of the NGF header, found the end", what, k + 1));
        const std::string_view t = trim(lines[i].text);
        return number_in(text, t, lines[i].offset + static_cast<std::size_t>(t.data() - lines[i].text.data()),
                         low, high, what);
    };
    Result<long> size = header_number(layout.size, 2, kMaxBoardSide, "the board size");
    if (!size) return std::move(size).error();
    const int side = static_cast<int>(*size);
    Result<long> handicap = header_number(layout.handicap, 0, 9, "the number of handicap stones");
    if (!handicap) return std::move(handicap).error();

    const std::uint32_t root = sgf.add_game();
    sgf.set_property(root, "GM", "1");
    sgf.set_property(root, "SZ", std::to_string(side));
    const auto line = [&](int k) {
        return k >= 0 && static_cast<std::size_t>(k) < lines.size()
                   ? trim(lines[static_cast<std::size_t>(k)].text)
                   : std::string_view{};
    };
    const auto [white, white_rank] = name_and_rank(line(layout.white));
    const auto [black, black_rank] = name_and_rank(line(layout.black));
    set_text(sgf, root, "PB", black);
    set_text(sgf, root, "BR", black_rank);
    set_text(sgf, root, "PW", white);
    set_text(sgf, root, "WR", white_rank);
    // Komi is written without its half point in even games (7 for 7.5), as Sabaki and
    // KaTrain read it (docs/ngf.md).
    if (std::optional<std::string> komi = real(line(layout.komi))) {
        const std::optional<long> whole = integer(line(layout.komi));
        sgf.set_property(root, "KM", whole && *handicap == 0 ? fmt::format("{}.5", *whole) : *komi);
    }
    if (*handicap >= 2) {
        sgf.set_property(root, "HA", std::to_string(*handicap));
        std::vector<std::string> stones;
        const auto s = static_cast<std::uint8_t>(side);
        for (const Point p : handicap_points({s, s}, static_cast<int>(*handicap), HandicapLayout::tygem))
            stones.emplace_back(sgf_point_text(p.col, p.row));
        if (!stones.empty()) sgf.set_property(root, "AB", stones);
    }
    if (layout.result >= 0) result_line = line(layout.result);
    if (const std::string result = result_of(result_line); !result.empty())
        sgf.set_property(root, "RE", result);
    if (std::string date = date_of(line(layout.date)); !date.empty()) {
        sgf.set_property(root, "DT", date);
    } else if (const std::string_view digits = line(layout.date).substr(0, 8);
               digits.size() == 8 && integer(digits)) {
        sgf.set_property(
            root, "DT",
            fmt::format("{}-{}-{}", digits.substr(0, 4), digits.substr(4, 2), digits.substr(6, 2)));
    }
    set_text(sgf, root, "GN", line(layout.title));
    set_text(sgf, root, "PC", line(layout.place));

    sgf.reserve(all_lines.size());  // a line a move at most
    std::uint32_t at = root;
    for (const Line& l : all_lines) {
        const std::string_view t = trim(l.text);
        if (!begins_with(t, "PM")) continue;
        const std::size_t offset = l.offset + static_cast<std::size_t>(t.data() - l.text.data());
        if (t.size() < 7)
            return expected_at(text, offset + t.size(), "a move: PM, its number, B or W and a point");
        const char colour = t[4];
        if (colour != 'B' && colour != 'W') return expected_at(text, offset + 4, "B or W");
        std::string_view point;
        if (t[5] != 'A' || t[6] != 'A') {
            const int col = t[5] - 'B', row = t[6] - 'B';
            for (const auto& [v, i] : {std::pair{col, 5}, std::pair{row, 6}})
                if (v < 0 || v >= side)
                    return error_at(text, offset + static_cast<std::size_t>(i), ErrorCode::out_of_range,
                                    fmt::format("'{}' is off the {}x{} board ('B' is the first line, "
                                                "\"AA\" a pass)",
                                                t[static_cast<std::size_t>(i)], side, side));
            point = sgf_point_text(col, row);
        }
        at = sgf.add_move(at, colour == 'B', point, static_cast<std::uint32_t>(offset));
    }
    return sgf;
}

}  // namespace kifu::go
