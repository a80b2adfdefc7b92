// UGF and UGI (Pandanet): go/server_records.hpp states the grammar; docs/ugf.md the decisions.

#include <fmt/format.h>

#include <array>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "kifu/go/server_records.hpp"
#include "server_record_text.hpp"

namespace kifu::go {
namespace {

using namespace server_record;

// The charset a header's Lang names (read from the raw bytes: the line is ASCII).
std::string declared_charset(std::string_view bytes) {
    const std::size_t at = bytes.find("Lang=");
    if (at == std::string_view::npos) return {};
    std::string_view lang = bytes.substr(at + 5, bytes.find_first_of("\r\n", at) - at - 5);
    lang = trim(lang);
    if (lang == "SJIS" || lang == "JPN") return "CP932";
    if (lang == "GB" || lang == "GB2312" || lang == "CHS" || lang == "CHN") return "GB18030";
    if (lang == "BIG5" || lang == "CHT") return "BIG5";
    if (lang == "KOR" || lang == "KSC" || lang == "EUC-KR") return "CP949";
    // Another name is looked up (an iconv call) only when the text needs it.
    return utf8::is_valid(bytes) ? std::string() : charset::canonical_name(lang);
}

struct UgfMove {
    char colour;             // 'B' or 'W'
    std::string_view point;  // "" for a pass
    long number;             // 0: a handicap stone
    std::size_t offset;
};

std::string_view field(std::string_view list, std::size_t k) {
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t comma = list.find(',');
        if (comma == std::string_view::npos) return {};
        list.remove_prefix(comma + 1);
    }
    return trim(list.substr(0, list.find(',')));
}

// field(list, 0) to field(list, N - 1) in one pass: a move line's point, colour and number.
template <std::size_t N>
std::array<std::string_view, N> first_fields(std::string_view list) {
    std::array<std::string_view, N> out{};
    for (std::size_t k = 0; k < N; ++k) {
        const std::size_t comma = list.find(',');
        out[k] = trim(list.substr(0, comma));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return out;
}

std::string rules_name(std::string_view rule) {
    if (rule == "JPN") return "Japanese";
    if (rule == "CHN") return "Chinese";
    if (rule == "KOR") return "Korean";
    return std::string(rule);
}

}  // namespace

Result<SgfCollection> read_ugf(std::string_view bytes, const SgfReadOptions& options) {
    Result<SgfCollection> made = collection_over(bytes, options, declared_charset(bytes));
    if (!made) return std::move(made).error();
    SgfCollection sgf = std::move(*made);
    const std::string_view text = sgf.source();
    const auto offset_of = [&](const Line& line, std::string_view part) {
        return line.offset + static_cast<std::size_t>(part.data() - line.text.data());
    };

    enum class Part { none, header, data, comments, other } part = Part::none;
    bool saw_header = false;
    std::vector<std::pair<std::string_view, Line>> header;  // (key, its line)
    std::vector<Line> move_lines;
    std::map<long, std::string> comments;  // by node number (the root is 1)
    long commented = -1;
    for (const Line line : Lines(text)) {
        const std::string_view t = trim(line.text);
        if (t.size() >= 2 && t.front() == '[' && t.back() == ']') {
            const std::string_view name = t.substr(1, t.size() - 2);
            part = name == "Header"          ? Part::header
                   : name == "Data"          ? Part::data
                   : name == "ReviewComment" ? Part::comments
                                             : Part::other;
            saw_header = saw_header || part == Part::header;
            commented = -1;
            continue;
        }
        if (t.empty() && part != Part::comments) continue;
        switch (part) {
            case Part::header: {
                const std::size_t eq = t.find('=');
                if (eq == std::string_view::npos)
                    return expected_at(text, offset_of(line, t) + t.size(),
                                       "'=' between a header key and its value");
                header.emplace_back(t.substr(0, eq), line);
                break;
            }
            case Part::data:
                move_lines.push_back(line);
                break;
            case Part::comments:
                if (t.starts_with(".Comment,")) {
                    const std::optional<long> node = integer(trim(t.substr(9)));
                    if (!node || *node < 1)
                        return expected_at(text, offset_of(line, t) + 9, "a node number (1 for the root)");
                    commented = *node;
                } else if (commented > 0 && !t.empty()) {
                    std::string& c = comments[commented];
                    if (!c.empty()) c += '\n';
                    c += t;
                }
                break;
            case Part::none:
                return expected_at(text, offset_of(line, t), "a UGF section: [Header]");
            case Part::other:
                break;  // [ReviewNode] repeats the moves; others kifu has no use for
        }
    }
    if (!saw_header) return expected_at(text, 0, "a UGF record: [Header] and [Data]");
    const auto value = [&](std::string_view key) -> std::pair<std::string_view, const Line*> {
        for (const auto& [k, line] : header)
            if (k == key) {
                const std::string_view t = trim(line.text);
                return {trim(t.substr(t.find('=') + 1)), &line};
            }
        return {{}, nullptr};
    };

    int side = 19;
    if (const auto [v, line] = value("Size"); line) {
        const std::optional<long> n = integer(v);
        if (!n || *n < 2 || *n > kMaxBoardSide)
            return error_at(text, offset_of(*line, v),
                            n ? ErrorCode::out_of_range : ErrorCode::unexpected_character,
                            fmt::format("the board size must be a number from 2 to {}", kMaxBoardSide));
        side = static_cast<int>(*n);
    }

    std::vector<UgfMove> moves;
    for (const Line& line : move_lines) {
        const std::string_view t = trim(line.text);
        const std::size_t at = offset_of(line, t);
        const auto [xy, colour, number] = first_fields<3>(t);
        if (xy.size() != 2 || xy[0] < 'A' || xy[0] > 'Z' || xy[1] < 'A' || xy[1] > 'Z')
            return expected_at(text, at, "a point: two letters from A");
        if (colour.empty() || (colour[0] != 'B' && colour[0] != 'W'))
            return expected_at(text, colour.empty() ? at + t.size() : offset_of(line, colour), "B or W");
        const std::optional<long> n = integer(number);
        if (!n || *n < 0)
            return expected_at(text, number.empty() ? at + t.size() : offset_of(line, number),
                               "a move number");
        const int col = xy[0] - 'A', row = side - 1 - (xy[1] - 'A');
        const bool on_board = col < side && row >= 0;
        if (!on_board && *n == 0)
            return error_at(text, at, ErrorCode::out_of_range,
                            fmt::format("a handicap stone off the {}x{} board", side, side));
        moves.push_back({colour[0], on_board ? sgf_point_text(col, row) : std::string_view(), *n, at});
    }

    sgf.reserve(moves.size() + 1);
    const std::uint32_t root = sgf.add_game();
    sgf.set_property(root, "GM", "1");
    sgf.set_property(root, "SZ", std::to_string(side));
    for (const auto& [key, player, rank] :
         {std::tuple{"PlayerB", "PB", "BR"}, std::tuple{"PlayerW", "PW", "WR"}}) {
        const std::string_view v = value(key).first;
        set_text(sgf, root, player, field(v, 0));
        set_text(sgf, root, rank, field(v, 1));
    }
    const std::string_view hdcp = value("Hdcp").first;
    if (const std::optional<std::string> komi = real(field(hdcp, 1))) sgf.set_property(root, "KM", *komi);
    const std::optional<long> stones = integer(field(hdcp, 0));
    if (stones && *stones >= 2) sgf.set_property(root, "HA", std::to_string(*stones));
    std::vector<std::string> black_setup, white_setup;
    for (const UgfMove& m : moves)
        if (m.number == 0) (m.colour == 'B' ? black_setup : white_setup).emplace_back(m.point);
    if (!black_setup.empty()) sgf.set_property(root, "AB", black_setup);
    if (!white_setup.empty()) sgf.set_property(root, "AW", white_setup);
    const std::string_view winner = value("Winner").first;
    if (const std::string_view who = field(winner, 0); who == "B" || who == "W") {
        const std::string_view margin = field(winner, 1);
        const std::optional<std::string> points = real(margin);
        std::string result = std::string(who) + "+";
        if (points && points->front() != '-' && *points != "0")
            result += *points;
        else if (margin == "R" || margin == "T")
            result += margin;
        sgf.set_property(root, "RE", result);
    }
    if (const std::string date = date_of(value("Date").first); !date.empty())
        sgf.set_property(root, "DT", date);
    if (const std::string_view rule = value("Rule").first; !rule.empty())
        sgf.set_property(root, "RU", sgf_escape(rules_name(rule)));
    std::string_view title = value("Title").first;
    while (!title.empty() && title.back() == ',') title.remove_suffix(1);
    set_text(sgf, root, "GN", title);
    set_text(sgf, root, "PC", value("Place").first);
    set_text(sgf, root, "CP", value("Copyright").first);
    set_text(sgf, root, "GC", value("Comment").first);
    if (const auto c = comments.find(1); c != comments.end()) set_text(sgf, root, "C", c->second);

    std::uint32_t at = root;
    long node = 1;
    for (const UgfMove& m : moves) {
        if (m.number == 0) continue;
        at = sgf.add_move(at, m.colour == 'B', m.point, static_cast<std::uint32_t>(m.offset));
        if (const auto c = comments.find(++node); c != comments.end()) set_text(sgf, at, "C", c->second);
    }
    return sgf;
}

}  // namespace kifu::go
