// Writing KIF and KI2 records as Kifu for Windows lays them out (record.hpp): the header,
// 手合割 or a BOD diagram, the moves, and each variation as a 変化 block after the line it
// branches from, the last branch first, so that a reader attaching each block to the line
// it read last rebuilds the same tree.

#include <fmt/format.h>

#include "japanese.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/record.hpp"
#include "record_parts.hpp"

namespace kifu::shogi {
namespace {

using record::one_line;

// Columns as the fixed-width layout counts them: two for every character beyond ASCII.
std::size_t columns(std::string_view text) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < text.size();) {
        const utf8::Decoded d = utf8::decode(text, i);
        n += d.code_point < 0x80 ? 1 : 2;
        i += d.length ? d.length : 1;
    }
    return n;
}

void pad_to(std::string& out, std::string_view text, std::size_t width) {
    out += text;
    for (std::size_t n = columns(text); n < width; ++n) out += ' ';
}

std::string kif_time(std::int32_t ms, std::int64_t total_ms) {
    const std::int64_t s = std::max(ms, 0) / 1000, total = std::max<std::int64_t>(total_ms, 0) / 1000;
    return fmt::format("({:2}:{:02}/{:02}:{:02}:{:02})", s / 60, s % 60, total / 3600, total / 60 % 60,
                       total % 60);
}

class KifWriter {
  public:
    KifWriter(const Game& game, record::KifFlavour flavour, std::vector<std::string>& notes)
        : game_(game), flavour_(flavour), notes_(notes) {
        const Handicap* h = handicap_of(game.start);
        handicap_ = h && h->japanese != "平手";
        for (const Game::Node& n : game.nodes) timed_ = timed_ || n.time_ms >= 0 || n.ending_time_ms >= 0;
    }

    std::string write() {
        if (flavour_ == record::KifFlavour::kif) out_ += "#KIF version=2.0 encoding=UTF-8\n";
        // 手合割 (or the diagram) comes before the players, as Kifu for Windows writes it.
        bool start_written = false;
        for (const auto& [key, value] : game_.tags) {
            if (!start_written && (key == "先手" || key == "後手" || key == "下手" || key == "上手")) {
                start();
                start_written = true;
            }
            out_ += fmt::format("{}：{}\n", one_line(key), one_line(value));
        }
        if (!start_written) start();
        if (flavour_ == record::KifFlavour::kif)
            out_ += timed_ ? "手数----指手---------消費時間--\n" : "手数----指手--\n";
        annotations(Game::kRoot);
        if (flavour_ == record::KifFlavour::ki2 && timed_) notes_.push_back("the times of the moves");
        // Lines to write, each from its first node on; the top is written next.
        std::vector<NodeId> pending;
        if (!game_.node(Game::kRoot).children.empty()) {
            line(game_.node(Game::kRoot).children.front(), pending);
        } else {
            ending(Game::kRoot);
        }
        while (!pending.empty()) {
            const NodeId first = pending.back();
            pending.pop_back();
            line(first, pending);
        }
        return std::move(out_);
    }

  private:
    void start() {
        if (const Handicap* h = handicap_of(game_.start))
            out_ += fmt::format("手合割：{}\n", h->japanese);
        else
            out_ += record::write_bod(game_.start, handicap_);
    }

    void annotations(NodeId id) {
        const Game::Node& n = game_.node(id);
        record::append_comments(out_, "*", n.comments());
        if (!n.name().empty()) {
            if (flavour_ == record::KifFlavour::kif)
                out_ += fmt::format("&{}\n", one_line(n.name()));
            else
                notes_.push_back("the bookmark '&" + n.name() + "'");
        }
    }

    // Totals of each side's times up to and with `id`, for KIF's second time.
    std::array<std::int64_t, 2> totals_before(NodeId id) const {
        std::array<std::int64_t, 2> totals{0, 0};
        const std::size_t depth = game_.depth(id);
        std::size_t ply = depth;
        for (NodeId n = id; n != Game::kRoot; n = game_.node(n).parent, --ply)
            totals[(ply + (game_.start.side_to_move() == Color::white)) % 2 == 1 ? 0 : 1] +=
                std::max(game_.node(n).time_ms, 0);
        return totals;
    }

    void line(NodeId first, std::vector<NodeId>& pending) {
        const NodeId parent = game_.node(first).parent;
        std::size_t ply = game_.depth(first);
        Position position = game_.position_after(parent);
        std::array<std::int64_t, 2> totals = totals_before(parent);
        if (parent != Game::kRoot || first != game_.node(Game::kRoot).children.front()) {
            out_ += flavour_ == record::KifFlavour::kif ? fmt::format("\n変化：{}手\n", ply)
                                                        : fmt::format("\n変化：{:>4}手\n", ply);
        }
        Square previous = parent == Game::kRoot ? kNoSquare : game_.node(parent).move.to();
        std::vector<NodeId> nodes;
        std::size_t on_line = 0;
        for (NodeId id = first;; id = game_.node(id).children.front(), ++ply) {
            nodes.push_back(id);
            const Game::Node& n = game_.node(id);
            const Color mover = position.side_to_move();
            const NodeId up = n.parent;
            const ChildList& siblings = game_.node(up).children;
            const bool more = siblings[siblings.size() - 1] != id;  // a variation of this move follows
            if (flavour_ == record::KifFlavour::kif) {
                out_ += fmt::format("{:>4} ", ply);
                const std::string text = kif_move(position, n.move, previous);
                totals[index(mover)] += std::max(n.time_ms, 0);
                if (n.time_ms >= 0) {  // a move without a time is written without one, as it was read
                    pad_to(out_, text, 13);
                    out_ += kif_time(n.time_ms, totals[index(mover)]);
                    if (more) out_ += '+';
                } else if (more) {
                    pad_to(out_, text, 13);
                    out_ += '+';
                } else {
                    out_ += text;
                }
                out_ += '\n';
                annotations(id);
            } else {
                const std::string text = japanese::write(position, n.move, previous, true);
                if (on_line == 6) {
                    out_ += '\n';
                    on_line = 0;
                }
                if (on_line > 0) {
                    const std::size_t width = columns(std::string_view(out_).substr(last_move_at_));
                    for (std::size_t c = width; c < 12 || c == width; ++c) out_ += ' ';
                }
                last_move_at_ = out_.size();
                out_ += text;
                ++on_line;
                if (!n.comments().empty() || !n.name().empty()) {
                    out_ += '\n';
                    on_line = 0;
                    annotations(id);
                }
            }
            previous = n.move.to();
            position.play(n.move);
            if (n.children.empty()) break;
        }
        if (flavour_ == record::KifFlavour::ki2 && on_line > 0) out_ += '\n';
        ending(nodes.back(), ply + 1, position, totals);
        // The branches of this line, the last first: pushed so that they come off in that order.
        for (const NodeId id : nodes) {
            const ChildList& siblings = game_.node(game_.node(id).parent).children;
            if (siblings.front() != id) continue;
            for (std::size_t j = siblings.size(); j-- > 1;) pending.push_back(siblings[j]);
        }
    }

    void ending(NodeId root) {
        std::array<std::int64_t, 2> totals{0, 0};
        ending(root, 1, game_.start, totals);
    }

    void ending(NodeId leaf, std::size_t number, const Position& position,
                std::array<std::int64_t, 2>& totals) {
        const Game::Node& n = game_.node(leaf);
        if (n.ending == Ending::none) return;
        if (flavour_ == record::KifFlavour::kif) {
            out_ += fmt::format("{:>4} ", number);
            const Color mover = position.side_to_move();
            totals[index(mover)] += std::max(n.ending_time_ms, 0);
            if (n.ending_time_ms >= 0) {
                pad_to(out_, kif_word(n.ending), 13);
                out_ += kif_time(n.ending_time_ms, totals[index(mover)]);
            } else {
                out_ += kif_word(n.ending);
            }
            out_ += '\n';
        }
        out_ += closing_line(n.ending, number - 1, position.side_to_move(), handicap_);
        out_ += '\n';
    }

    const Game& game_;
    record::KifFlavour flavour_;
    std::vector<std::string>& notes_;
    std::string out_;
    std::size_t last_move_at_ = 0;
    bool handicap_ = false;
    bool timed_ = false;
};

}  // namespace

std::string kif_move(const Position& position, Move move, Square previous) {
    std::string out;
    if (move.to() == previous) {
        out += "同　";
    } else {
        out += record::kWideDigits[static_cast<std::size_t>(file_of(move.to()))];
        out += record::kKanjiDigits[static_cast<std::size_t>(rank_of(move.to()) + 1)];
    }
    if (move.is_drop()) {
        out += record::piece_name(move.dropped());
        out += "打";
        return out;
    }
    out += record::piece_name(position.piece_on(move.from()).type);
    if (move.promotes()) out += "成";
    out += fmt::format("({}{})", file_of(move.from()), rank_of(move.from()) + 1);
    return out;
}

std::string write_kif(const Game& game, std::vector<std::string>& notes) {
    return KifWriter(game, record::KifFlavour::kif, notes).write();
}

std::string write_ki2(const Game& game, std::vector<std::string>& notes) {
    return KifWriter(game, record::KifFlavour::ki2, notes).write();
}

}  // namespace kifu::shogi
