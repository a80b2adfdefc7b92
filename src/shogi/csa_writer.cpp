// Writing CSA records, V2.2 or V3.0 (record.hpp): the main line only (CSA has no
// variations), a start by PI when it is the even game less some pieces, else P1..P9 and P+/P-.

#include <fmt/format.h>

#include "kifu/shogi/notation.hpp"
#include "kifu/shogi/record.hpp"
#include "record_parts.hpp"

namespace kifu::shogi {
namespace {

// "PI82HI22KA" when `start` is the even game with some pieces taken away and nothing added,
// or "".
std::string pi_line(const Position& start) {
    const Position even = Position::start();
    std::string out = "PI";
    for (int t = 0; t < kHandTypes; ++t)
        for (const Color c : {Color::black, Color::white})
            if (start.hand(c, static_cast<PieceType>(t)) != 0) return {};
    for (int s = 0; s < kSquares; ++s) {
        const Piece p = start.piece_on(static_cast<Square>(s)), q = even.piece_on(static_cast<Square>(s));
        if (p == q) continue;
        if (!p.empty() || q.type == PieceType::king) return {};
        out += fmt::format("{}{}{}", file_of(static_cast<Square>(s)), rank_of(static_cast<Square>(s)) + 1,
                           record::csa_code(q.type));
    }
    return out;
}

std::string board_lines(const Position& start) {
    std::string out;
    for (int rank = 0; rank < 9; ++rank) {
        out += fmt::format("P{}", rank + 1);
        for (int file = 9; file >= 1; --file) {
            const Piece p = start.piece_on(make_square(file, rank));
            if (p.empty())
                out += " * ";
            else
                out += fmt::format("{}{}", p.color == Color::black ? '+' : '-', record::csa_code(p.type));
        }
        out += '\n';
    }
    for (const Color c : {Color::black, Color::white}) {
        std::string hand;
        for (int t = kHandTypes - 1; t >= 0; --t)
            for (int n = start.hand(c, static_cast<PieceType>(t)); n > 0; --n)
                hand += fmt::format("00{}", record::csa_code(static_cast<PieceType>(t)));
        if (!hand.empty()) out += fmt::format("P{}{}\n", c == Color::black ? '+' : '-', hand);
    }
    return out;
}

std::string csa_time(std::int32_t ms, CsaVersion version, bool& rounded) {
    if (version == CsaVersion::v3_0) return "T" + record::seconds_text(ms);
    rounded = rounded || ms % 1000 != 0;
    return fmt::format("T{}", ms / 1000);
}

// A value on one line, and no ',' (it separates CSA's statements).
std::string one_line(std::string_view text) {
    return record::one_line(text, ",");
}

void comments(std::string& out, const Game::Node& node) {
    record::append_comments(out, "'*", node.comments());
}

}  // namespace

std::string write_csa(const Game& game, CsaVersion version, std::vector<std::string>& notes) {
    std::string out;
    out += version == CsaVersion::v3_0 ? "'CSA encoding=UTF-8\nV3.0\n" : "V2.2\n";
    std::vector<std::string> dropped;
    // Names first, as CSA orders them, then the $ keys.
    for (const auto& [key, value] : game.tags) {
        if (key == "先手" || key == "下手") out += fmt::format("N+{}\n", one_line(value));
        if (key == "後手" || key == "上手") out += fmt::format("N-{}\n", one_line(value));
    }
    for (const auto& [key, value] : game.tags) {
        if (key == "先手" || key == "下手" || key == "後手" || key == "上手") continue;
        std::string_view csa;
        for (const record::CsaKey& k : record::kCsaKeys)
            if (k.kif == key) csa = k.csa;
        if (csa.empty() && key.starts_with("$")) csa = key;
        if (csa.empty()) {
            dropped.push_back(key);
            continue;
        }
        out += fmt::format("{}:{}\n", csa, one_line(value));
    }
    if (!dropped.empty()) {
        std::string list;
        for (const std::string& k : dropped) list += (list.empty() ? "" : ", ") + k;
        notes.push_back(
            fmt::format("the header {} (CSA has no key for {})", list, dropped.size() == 1 ? "it" : "them"));
    }
    const std::string pi = pi_line(game.start);
    out += pi.empty() ? board_lines(game.start) : pi + '\n';
    out += game.start.side_to_move() == Color::black ? "+\n" : "-\n";
    comments(out, game.node(Game::kRoot));

    bool rounded = false;
    Position position = game.start;
    NodeId leaf = Game::kRoot;
    std::size_t variations = 0, names = 0;
    for (const Game::Node& n : game.nodes) {
        variations += n.children.size() > 1 ? n.children.size() - 1 : 0;
        names += !n.name().empty();
    }
    for (const NodeId id : game.main_line()) {
        const Game::Node& n = game.node(id);
        out += write_move(position, n.move, Notation::csa);
        out += '\n';
        if (n.time_ms >= 0) out += csa_time(n.time_ms, version, rounded) + '\n';
        comments(out, n);
        position.play(n.move);
        leaf = id;
    }
    const Game::Node& end = game.node(leaf);
    if (end.ending != Ending::none) {
        const std::string_view special = csa_special(end.ending, position.side_to_move());
        if (special.empty()) {
            notes.push_back(fmt::format("the ending {} ({})", to_string(end.ending), kif_word(end.ending)));
        } else {
            out += fmt::format("%{}\n", special);
            if (end.ending_time_ms >= 0) out += csa_time(end.ending_time_ms, version, rounded) + '\n';
        }
    }
    if (variations)
        notes.push_back(fmt::format("{} variation{} (CSA holds the main line only)", variations,
                                    variations == 1 ? "" : "s"));
    if (names) notes.push_back("the bookmarks");
    if (rounded) notes.push_back("the fractions of seconds of the times");
    return out;
}

}  // namespace kifu::shogi
