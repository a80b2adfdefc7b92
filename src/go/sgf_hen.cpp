#include "kifu/go/sgf_hen.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kifu/go/board.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::go {
namespace {

Error unsupported(std::string message) {
    return Error{ErrorCode::unsupported, std::move(message)};
}

std::string sgf_point(BoardSize size, Point p) {
    return *to_sgf(size, p);
}

char colour_letter(Stone s) {
    return s == Stone::black ? 'B' : 'W';
}

std::string point_name(BoardSize size, Point p) {
    const Result<std::string> human = to_human(size, p);
    return human ? *human : to_index(p);
}

// A suicide as the last move: does playing it on the board as it is now (the move's point
// empty) remove its stone again, and nothing else?
bool replays_to_itself(const Position& pos) {
    Board board(pos.size);
    for (int i = 0; i < pos.size.points(); ++i) {
        const Point p = Point::from_index(pos.size, i);
        if (pos.at(p) != Stone::none) board.set(p, pos.at(p));
    }
    const PlayOutcome outcome = board.play(pos.last_move->stone, pos.last_move->move.point);
    return outcome.captured == 0 && outcome.suicided == 1;
}

}  // namespace

Result<SgfCollection> hen_to_sgf(const Position& pos, std::vector<std::string>* dropped) {
    const BoardSize size = pos.size;
    for (int i = 0; i < size.points(); ++i) {
        const Point p = Point::from_index(size, i);
        const Stone s = pos.at(p);
        if (s != Stone::none && s != Stone::black && s != Stone::white)
            return unsupported(fmt::format("SGF has no {} stones (at {}); only black and white",
                                           stone_name(s), point_name(size, p)));
    }
    std::optional<LastMove> last = pos.last_move;
    if (last && last->stone != Stone::black && last->stone != Stone::white)
        return unsupported(fmt::format("SGF has no {} moves; only black and white", stone_name(last->stone)));
    if (pos.turn && *pos.turn != Stone::black && *pos.turn != Stone::white)
        return unsupported(fmt::format("SGF has no {} player; only black and white", stone_name(*pos.turn)));

    if (pos.last_move_gone() && !replays_to_itself(pos)) {
        if (dropped)
            dropped->push_back(fmt::format("the last move ({} {}, a suicide of more than its own stone)",
                                           stone_name(last->stone), point_name(size, last->move.point)));
        last.reset();
    }

    SgfCollection sgf;
    const std::uint32_t root = sgf.add_game();
    sgf.set_property(root, "GM", "1");
    sgf.set_property(root, "FF", "4");
    sgf.set_property(root, "CA", "UTF-8");
    sgf.set_property(
        root, "SZ",
        size.is_square() ? fmt::format("{}", size.width) : fmt::format("{}:{}", size.width, size.height));

    // The setup: every stone but the last move's, and the stone it captured on the ko point.
    std::vector<std::string> black, white;
    const bool placed_move = last && !last->move.is_pass;
    for (int i = 0; i < size.points(); ++i) {
        const Point p = Point::from_index(size, i);
        const Stone s = pos.at(p);
        if (s == Stone::none || (placed_move && p == last->move.point)) continue;
        (s == Stone::black ? black : white).push_back(sgf_point(size, p));
    }
    if (pos.ko && last) (last->stone == Stone::black ? white : black).push_back(sgf_point(size, *pos.ko));

    std::uint32_t tip = root;
    if (!black.empty() || !white.empty()) {
        tip = sgf.add_child(root);
        if (!black.empty()) sgf.set_property(tip, "AB", black);
        if (!white.empty()) sgf.set_property(tip, "AW", white);
    }
    if (last) {
        tip = sgf.add_child(tip);
        sgf.set_property(tip, std::string(1, colour_letter(last->stone)),
                         last->move.is_pass ? std::string() : sgf_point(size, last->move.point));
    }

    // Markup on the last node: one property a kind of mark, the kinds in the order they
    // first appear (so that reading it back gives the marks in their order when each kind
    // comes in one run); then labels, then move numbers.
    std::vector<Mark> kinds;
    for (const MarkedPoint& m : pos.marks)
        if (std::find(kinds.begin(), kinds.end(), m.mark) == kinds.end()) kinds.push_back(m.mark);
    for (const Mark kind : kinds) {
        std::vector<std::string> points;
        for (const MarkedPoint& m : pos.marks)
            if (m.mark == kind) points.push_back(sgf_point(size, m.point));
        if (!points.empty()) sgf.set_property(tip, mark_code(kind), points);
    }
    std::vector<std::string> labels;
    for (const Label& l : pos.labels)
        labels.push_back(sgf_point(size, l.point) + ":" + sgf_escape(l.text, true));
    for (const NumberedStone& n : pos.numbered)
        labels.push_back(fmt::format("{}:{}", sgf_point(size, n.point), n.number));
    if (!labels.empty()) sgf.set_property(tip, "LB", labels);

    if (pos.turn && !last) sgf.set_property(tip, "PL", std::string(1, colour_letter(*pos.turn)));
    if (pos.turn && last && *pos.turn == last->stone) {
        // The same player again: say so in a node of its own (PL cannot share a move's node).
        tip = sgf.add_child(tip);
        sgf.set_property(tip, "PL", std::string(1, colour_letter(*pos.turn)));
    }
    return sgf;
}

}  // namespace kifu::go
