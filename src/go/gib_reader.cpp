// GIB (Tygem, Fox): go/server_records.hpp states the grammar; docs/gib.md the decisions.

#include <fmt/format.h>

#include <array>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "kifu/go/handicap.hpp"
#include "kifu/go/server_records.hpp"
#include "server_record_text.hpp"

namespace kifu::go {
namespace {

using namespace server_record;

constexpr int kGibSide = 19;

// The fields of a line, with their offsets in the decoded text.
struct Token {
    std::string_view text;
    std::size_t offset = 0;
};

// The first fields of a line (a game line has six): no allocation a line.
struct Tokens {
    std::array<Token, 8> items;
    std::size_t count = 0;
    std::size_t size() const noexcept { return count; }
    bool empty() const noexcept { return count == 0; }
    const Token& operator[](std::size_t k) const noexcept { return items[k]; }
};

Tokens tokens_of(const Line& line) {
    Tokens out;
    const std::string_view t = line.text;
    std::size_t i = 0;
    while (i < t.size() && out.count < out.items.size()) {
        while (i < t.size() && (t[i] == ' ' || t[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < t.size() && t[i] != ' ' && t[i] != '\t') ++i;
        if (i > start) out.items[out.count++] = {t.substr(start, i - start), line.offset + start};
    }
    return out;
}

// "K1:V1,K2:V2" (GAMEINFOMAIN, GAMEINFOSUB, the USERINFO lines): the value of `key`.
std::optional<std::string_view> listed(std::string_view list, std::string_view key) {
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string_view item = trim(list.substr(0, comma));
        const std::size_t colon = item.find(':');
        if (colon != std::string_view::npos && item.substr(0, colon) == key) return item.substr(colon + 1);
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return std::nullopt;
}

// GAMETAG's "S1,R3,D5,G0,W255,Z0,T30-3-1200,C2016:03:26:17:29,I:name,...": the value of the
// one-letter key (its first letter; a ':' after it is dropped).
std::optional<std::string_view> tagged(std::string_view list, char key) {
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string_view item = trim(list.substr(0, comma));
        if (!item.empty() && item.front() == key) {
            std::string_view value = item.substr(1);
            if (!value.empty() && value.front() == ':') value.remove_prefix(1);
            return value;
        }
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
    return std::nullopt;
}

// The client edition the record was saved by implies its charset; a hint, used only when
// the text is not UTF-8 (docs/gib.md).
std::string_view implied_charset(std::string_view bytes) {
    bytes = bytes.substr(0, 4096);  // the header's first lines
    const std::size_t at = bytes.find("GIBOKIND=");
    if (at == std::string_view::npos) return {};
    const std::string_view kind = bytes.substr(at + 9, bytes.find('\\', at) - at - 9);
    if (kind == "China") return "GB18030";
    if (kind == "Korea") return "CP949";
    if (kind == "Japan") return "CP932";
    return {};
}

// Whether a game line (at least one field) is a move, "STO ...": compared by hand, as most
// lines are.
bool is_sto(const Tokens& f) noexcept {
    const std::string_view w = f[0].text;
    return w.size() == 3 && w[0] == 'S' && w[1] == 'T' && w[2] == 'O';
}

// A number of one or two digits, or -1: a move's colour, column and row (others, and their
// errors, are left to number_in).
int small_number(std::string_view s) noexcept {
    const auto digit = [](char c) { return static_cast<unsigned>(static_cast<unsigned char>(c) - '0'); };
    if (s.size() == 1 && digit(s[0]) <= 9) return static_cast<int>(digit(s[0]));
    if (s.size() == 2 && digit(s[0]) <= 9 && digit(s[1]) <= 9)
        return static_cast<int>(digit(s[0]) * 10 + digit(s[1]));
    return -1;
}

struct Header {
    std::vector<std::pair<std::string_view, std::string_view>> fields;
    std::optional<std::string_view> find(std::string_view name) const {
        for (const auto& [key, value] : fields)
            if (key == name) return value;
        return std::nullopt;
    }
    std::string_view get(std::string_view name) const { return find(name).value_or(std::string_view{}); }
};

struct GibMove {
    int colour;  // 1 black, 2 white
    int col = 0, row = 0;
    bool pass = false;
    std::size_t offset;
};

// "name (rank)" -> name, rank; a name without a bracketed rank is all name.
std::pair<std::string_view, std::string_view> name_and_rank(std::string_view raw) {
    raw = trim(raw);
    const std::size_t open = raw.rfind('(');
    if (open == std::string_view::npos || raw.back() != ')') return {raw, {}};
    return {trim(raw.substr(0, open)), trim(raw.substr(open + 1, raw.size() - open - 2))};
}

std::string result_of(long grlt, long margin_tenths) {
    switch (grlt) {
        case 0:
        case 1: {
            const std::string winner = grlt == 0 ? "B+" : "W+";
            return margin_tenths > 0 ? winner + tenths(margin_tenths) : winner;
        }
        case 3:
            return "B+R";
        case 4:
            return "W+R";
        case 7:
            return "B+T";
        case 8:
            return "W+T";
        default:
            return {};  // 255: unfinished; others unknown
    }
}

void set_game_information(SgfCollection& sgf, std::uint32_t root, const Header& h, int handicap) {
    sgf.set_property(root, "GM", "1");
    sgf.set_property(root, "SZ", std::to_string(kGibSide));
    const std::string_view info = h.get("GAMEINFOMAIN");
    const std::string_view tag = h.get("GAMETAG");
    for (const auto& [name_key, nick_key, userinfo, nick_field, player, rank] :
         {std::tuple{"GAMEBLACKNAME", "GAMEBLACKNICK", "BUSERINFO", "BNICK", "PB", "BR"},
          std::tuple{"GAMEWHITENAME", "GAMEWHITENICK", "WUSERINFO", "WNICK", "PW", "WR"}}) {
        auto [name, level] = name_and_rank(h.get(name_key));
        if (name.empty()) name = trim(h.get(nick_key));
        if (name.empty()) name = trim(listed(h.get(userinfo), nick_field).value_or(""));
        set_text(sgf, root, player, name);
        set_text(sgf, root, rank, level);
    }
    std::optional<long> komi = integer(trim(h.get("GAMEGONGJE")));
    if (!komi) komi = integer(listed(info, "GONGJE").value_or(""));
    if (!komi) komi = integer(tagged(tag, 'G').value_or(""));
    if (komi) sgf.set_property(root, "KM", tenths(*komi));
    if (handicap >= 2) {
        sgf.set_property(root, "HA", std::to_string(handicap));
        std::vector<std::string> stones;
        for (const Point p : handicap_points({kGibSide, kGibSide}, handicap, HandicapLayout::tygem))
            stones.emplace_back(sgf_point_text(p.col, p.row));
        sgf.set_property(root, "AB", stones);
    }
    std::optional<long> grlt = integer(listed(info, "GRLT").value_or(""));
    std::optional<long> margin = integer(listed(info, "ZIPSU").value_or(""));
    if (!grlt) {
        grlt = integer(tagged(tag, 'W').value_or(""));
        margin = integer(tagged(tag, 'Z').value_or(""));
    }
    if (grlt) {
        const std::string result = result_of(*grlt, margin.value_or(0));
        if (!result.empty()) sgf.set_property(root, "RE", result);
    }
    std::string date = date_of(listed(h.get("GAMEINFOSUB"), "GDATE").value_or(""));
    if (date.empty()) date = date_of(h.get("GAMEDATE"));
    if (date.empty()) date = date_of(tagged(tag, 'C').value_or(""));
    if (!date.empty()) sgf.set_property(root, "DT", date);
    set_text(sgf, root, "GN", h.get("GAMENAME"));
    set_text(sgf, root, "PC", h.get("GAMEPLACE"));
    // Time: GTIME "MAIN-BYOYOMI-PERIODS" in seconds, or GAMETAG's "TBYOYOMI-PERIODS-MAIN".
    long main = -1, byoyomi = 0, periods = 0;
    const auto three = [](std::string_view s, long& a, long& b, long& c) {
        const std::size_t d1 = s.find('-');
        if (d1 == std::string_view::npos) return false;
        const std::size_t d2 = s.find('-', d1 + 1);
        if (d2 == std::string_view::npos) return false;
        const auto x = integer(s.substr(0, d1)), y = integer(s.substr(d1 + 1, d2 - d1 - 1)),
                   z = integer(s.substr(d2 + 1));
        if (!x || !y || !z) return false;
        a = *x, b = *y, c = *z;
        return true;
    };
    if (!three(listed(info, "GTIME").value_or(""), main, byoyomi, periods))
        three(tagged(tag, 'T').value_or(""), byoyomi, periods, main);
    if (main >= 0) {
        sgf.set_property(root, "TM", std::to_string(main));
        if (byoyomi > 0 && periods > 0)
            sgf.set_property(root, "OT", fmt::format("{}x{} byo-yomi", periods, byoyomi));
    }
    set_text(sgf, root, "GC", h.get("GAMECOMMENT"));
}

}  // namespace

Result<SgfCollection> read_gib(std::string_view bytes, const SgfReadOptions& options) {
    Result<SgfCollection> made = collection_over(bytes, options, implied_charset(bytes));
    if (!made) return std::move(made).error();
    SgfCollection sgf = std::move(*made);
    const std::string_view text = sgf.source();

    enum class Part { outside, header, game } part = Part::outside;
    bool saw_header = false, saw_game = false;
    Header header;
    int handicap = 0;
    std::vector<GibMove> moves;
    moves.reserve(text.size() / 20);  // a move line is about twenty bytes
    for (const Line line : Lines(text)) {
        const std::string_view t = trim(line.text);
        if (!t.empty() && t.front() == '\\') {  // a section's mark (a move line never starts so)
            if (t == "\\HS" || t == "\\GS") {
                part = t == "\\HS" ? Part::header : Part::game;
                (t == "\\HS" ? saw_header : saw_game) = true;
                continue;
            }
            if (t == "\\HE" || t == "\\GE") {
                part = Part::outside;
                continue;
            }
        }
        if (part == Part::header) {
            const std::size_t eq = t.find('=');
            if (t.starts_with("\\[") && t.ends_with("\\]") && eq != std::string_view::npos &&
                eq + 2 <= t.size()) {
                header.fields.emplace_back(t.substr(2, eq - 2), t.substr(eq + 1, t.size() - eq - 3));
            } else if (!t.empty()) {
                sgf.warn(
                    {SgfIssue::bad_value, error_at(text, line.offset, ErrorCode::unexpected_character,
                                                   "a header line that is not \\[NAME=VALUE\\]; ignored")});
            }
            continue;
        }
        if (part != Part::game) continue;
        const Tokens f = tokens_of(line);
        if (f.empty()) continue;
        const auto number = [&](std::size_t k, long low, long high, std::string_view what) -> Result<long> {
            if (k >= f.size()) return expected_at(text, line.offset + line.text.size(), what);
            return number_in(text, f[k].text, f[k].offset, low, high, what);
        };
        if (is_sto(f)) {
            // Most lines: a move, its one- or two-digit numbers read by hand; other widths and
            // every error by number_in.
            int colour = f.size() >= 6 ? small_number(f[3].text) : -1;
            int col = f.size() >= 6 ? small_number(f[4].text) : -1;
            int row = f.size() >= 6 ? small_number(f[5].text) : -1;
            if (colour < 1 || colour > 2 || col < 0 || col >= kGibSide || row < 0 || row >= kGibSide) {
                Result<long> c = number(3, 1, 2, "a colour (1 black, 2 white)");
                if (!c) return std::move(c).error();
                Result<long> x = number(4, 0, kGibSide - 1, "a column");
                if (!x) return std::move(x).error();
                Result<long> y = number(5, 0, kGibSide - 1, "a row");
                if (!y) return std::move(y).error();
                colour = static_cast<int>(*c), col = static_cast<int>(*x), row = static_cast<int>(*y);
            }
            moves.push_back({colour, col, row, false, f[0].offset});
        } else if (f[0].text == "INI") {
            Result<long> stones = number(3, 0, 9, "the number of handicap stones");
            if (!stones) return std::move(stones).error();
            handicap = static_cast<int>(*stones);
        } else if (f[0].text == "SKI") {
            // A pass: by the colour given after the move number when there is one, else by
            // the side whose turn it is (docs/gib.md).
            int colour = moves.empty() ? (handicap >= 2 ? 2 : 1) : 3 - moves.back().colour;
            if (f.size() > 3) {
                Result<long> given = number(3, 1, 2, "a colour (1 black, 2 white)");
                if (!given) return std::move(given).error();
                colour = static_cast<int>(*given);
            }
            moves.push_back({colour, 0, 0, true, f[0].offset});
        }
        // Other lines of the game part ("2 1 0", "119 0 &4") say nothing kifu uses.
    }
    if (!saw_header && !saw_game)
        return error_at(text, 0, ErrorCode::unexpected_character,
                        "expected a GIB record: \\HS (the header) and \\GS (the moves)");

    sgf.reserve(moves.size() + 1);
    const std::uint32_t root = sgf.add_game();
    set_game_information(sgf, root, header, handicap);
    std::uint32_t at = root;
    for (const GibMove& m : moves)
        at = sgf.add_move(at, m.colour == 1, m.pass ? std::string_view() : sgf_point_text(m.col, m.row),
                          static_cast<std::uint32_t>(m.offset));
    return sgf;
}

}  // namespace kifu::go
