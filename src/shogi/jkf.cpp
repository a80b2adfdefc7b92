// JKF, the JSON Kifu Format of json-kifu-format (record.hpp): read with nlohmann's JSON
// parser, whose SAX events are watched to know where each move object starts (for errors
// with a line and column), and written directly. Variations ("forks") are read and written
// with explicit stacks, so that no nesting depth can exhaust the call stack.

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kifu/core/json.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/movegen.hpp"
#include "kifu/shogi/record.hpp"
#include "reading.hpp"
#include "record_parts.hpp"

namespace kifu::shogi {
namespace {

using Json = nlohmann::ordered_json;  // header keys keep their order

// JKF's names of the presets, by 手合割.
constexpr std::pair<std::string_view, std::string_view> kPresets[] = {
    {"平手", "HIRATE"},    {"香落ち", "KY"},      {"右香落ち", "KY_R"},  {"角落ち", "KA"},
    {"飛車落ち", "HI"},    {"飛香落ち", "HIKY"},  {"二枚落ち", "2"},     {"三枚落ち", "3"},
    {"四枚落ち", "4"},     {"五枚落ち", "5"},     {"左五枚落ち", "5_L"}, {"六枚落ち", "6"},
    {"左七枚落ち", "7_L"}, {"右七枚落ち", "7_R"}, {"八枚落ち", "8"},     {"十枚落ち", "10"},
};

// An input iterator over the text that tells how far the parser has read.
class CountingIterator {
  public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;
    CountingIterator(const char* p, const char* base, std::size_t* read) : p_(p), base_(base), read_(read) {}
    reference operator*() const { return *p_; }
    CountingIterator& operator++() {
        ++p_;
        *read_ = static_cast<std::size_t>(p_ - base_);
        return *this;
    }
    CountingIterator operator++(int) {
        CountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const CountingIterator& o) const { return p_ == o.p_; }
    bool operator!=(const CountingIterator& o) const { return p_ != o.p_; }

  private:
    const char* p_;
    const char* base_;
    std::size_t* read_;
};

// Builds the DOM from nlohmann's SAX events, noting where each object starts, keyed by the
// object's own storage (which stays put while the tree grows): memory in proportion to the
// number of objects, whatever their nesting (keyed by path, it grew as depth squared).
class LocatingBuilder {
  public:
    LocatingBuilder(Json& root, const std::size_t* read) : root_(root), read_(read) {}

    bool null() { return put(nullptr), true; }
    bool boolean(bool v) { return put(v), true; }
    bool number_integer(Json::number_integer_t v) { return put(v), true; }
    bool number_unsigned(Json::number_unsigned_t v) { return put(v), true; }
    bool number_float(Json::number_float_t v, const std::string&) { return put(v), true; }
    bool string(std::string& v) { return put(std::move(v)), true; }
    bool binary(Json::binary_t& v) { return put(Json::binary(std::move(v))), true; }
    bool start_object(std::size_t) {
        const std::size_t at = *read_ > 0 ? *read_ - 1 : 0;
        Json& object = put(Json::object());
        // A duplicate key's earlier object is freed and its storage may be handed to a later
        // object: that one's start overwrites the stale entry.
        offsets_[object.get_ptr<const Json::object_t*>()] = at;
        open_.push_back(&object);
        return true;
    }
    bool key(std::string& k) {
        slot_ = &(*open_.back())[k];  // a repeated key: the later value wins, as in nlohmann's DOM
        return true;
    }
    bool end_object() { return open_.pop_back(), true; }
    bool start_array(std::size_t) {
        open_.push_back(&put(Json::array()));
        return true;
    }
    bool end_array() { return open_.pop_back(), true; }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) {
        error_offset_ = position > 0 ? position - 1 : 0;
        error_ = e.what();
        return false;
    }

    // Where the object starts, or nullopt for a value that is not an object read here.
    std::optional<std::size_t> offset_of(const Json& object) const {
        const auto* storage = object.get_ptr<const Json::object_t*>();
        const auto o = storage ? offsets_.find(storage) : offsets_.end();
        if (o == offsets_.end()) return std::nullopt;
        return o->second;
    }
    const std::string& error() const { return error_; }
    std::size_t error_offset() const { return error_offset_; }

  private:
    // The value goes where the open container expects it. The containers on the open stack
    // are not appended to while a child of theirs is open, so the pointers stay valid.
    template <class V>
    Json& put(V&& v) {
        if (open_.empty()) return root_ = Json(std::forward<V>(v));
        Json& top = *open_.back();
        if (top.is_array()) {
            top.get_ref<Json::array_t&>().emplace_back(std::forward<V>(v));
            return top.get_ref<Json::array_t&>().back();
        }
        return *slot_ = Json(std::forward<V>(v));
    }

    Json& root_;
    const std::size_t* read_;
    std::vector<Json*> open_;
    Json* slot_ = nullptr;
    std::unordered_map<const Json::object_t*, std::size_t> offsets_;
    std::string error_;
    std::size_t error_offset_ = 0;
};

class JkfReader {
  public:
    JkfReader(std::string_view text, const LocatingBuilder& located) : text_(text), located_(located) {}

    Result<Game> read(const Json& root) {
        root_ = &root;
        game_.start = Position::start();  // no "initial": the even game
        const At record{&root, kRecord, 0};
        if (!root.is_object())
            return fail(record, "a JKF record is a JSON object with \"header\" and \"moves\"");
        if (const auto h = root.find("header"); h != root.end()) {
            if (!h->is_object()) return fail(record, "\"header\" is an object of strings");
            for (const auto& [key, value] : h->items())
                game_.tags.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
        }
        if (const auto i = root.find("initial"); i != root.end() && !i->is_null())
            if (Result<void> r = initial(*i); !r) return r.error();
        const auto moves = root.find("moves");
        if (moves == root.end()) return game_;
        if (!moves->is_array()) return fail(record, "\"moves\" is an array of move objects");
        // Lines to read: the array, the node they follow, the object that holds them, and the
        // line's place among lines_ (its path is built from there only for a message).
        struct Pending {
            const Json* moves;
            NodeId parent;
            const Json* holder;
            std::size_t line;
        };
        lines_.push_back({kRecord, 0, 0});
        std::vector<Pending> pending{{&*moves, Game::kRoot, &root, 0}};
        while (!pending.empty()) {
            const Pending p = pending.back();
            pending.pop_back();
            if (Result<void> r = line(*p.moves, p.parent, {p.holder, p.line, kWholeLine}, pending); !r)
                return r.error();
        }
        return std::move(game_);
    }

  private:
    // Where a message points: the object to locate (or the nearest enclosing one that is an
    // object) and the path it names, as a line among lines_ and a move of it, or the record
    // itself, or "initial".
    static constexpr std::size_t kRecord = static_cast<std::size_t>(-1);
    static constexpr std::size_t kInitial = static_cast<std::size_t>(-2);
    static constexpr std::size_t kWholeLine = static_cast<std::size_t>(-1);
    struct At {
        const Json* object;
        std::size_t line;
        std::size_t move;
    };
    // A line of moves: "moves", or the fork-th fork of a move of another line.
    struct LineOrigin {
        std::size_t parent;
        std::size_t move;
        std::size_t fork;
    };

    template <class Pending>
    Result<void> line(const Json& moves, NodeId parent, At here, std::vector<Pending>& pending) {
        if (!moves.is_array()) return fail(here, "a line of moves is an array");
        Position position = game_.position_after(parent);
        NodeId node = parent;
        bool ended = false;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const Json& m = moves[i];
            const At at{m.is_object() ? &m : here.object, here.line, i};
            if (!m.is_object()) return fail(at, "a move is an object");
            if (ended && (m.contains("move") || m.contains("special")))
                return fail(
                    at, fmt::format("a move after the line ended ({})", to_string(game_.node(node).ending)));
            if (const auto f = m.find("forks"); f != m.end()) {
                if (!f->is_array()) return fail(at, "\"forks\" is an array of lines");
                for (std::size_t k = f->size(); k-- > 0;) {
                    lines_.push_back({here.line, i, k});
                    pending.push_back({&(*f)[k], node, &m, lines_.size() - 1});
                }
            }
            if (const auto s = m.find("special"); s != m.end()) {
                const Ending e =
                    s->is_string() ? special(s->get<std::string>(), position.side_to_move()) : Ending::none;
                if (e == Ending::none)
                    return fail(at, fmt::format("unknown special {}", utf8::snippet(s->dump())));
                Result<std::int32_t> t = time(m, at);
                if (!t) return t.error();
                Game::Node& leaf = game_.node(node);
                if (leaf.children.empty()) {
                    leaf.ending = e;
                    leaf.ending_time_ms = *t;
                } else {  // a fork that is only a special: no node to hold it
                    Error w =
                        fail(at, fmt::format("a fork that is only the ending {}: left out", to_string(e)),
                             ErrorCode::unsupported);
                    game_.warnings.push_back(std::move(w));
                }
                ended = true;
            } else if (const auto mv = m.find("move"); mv != m.end()) {
                Result<Move> move = read_move(*mv, position, node, at);
                if (!move) return move.error();
                // A fork off a node whose line ended there (forks are read after their line): a
                // node that goes on has no ending to hold, as a fork that is only a special has no
                // node to hold it.
                if (Game::Node& from = game_.node(node); from.ending != Ending::none) {
                    game_.warnings.push_back(
                        fail(at,
                             fmt::format("a fork after the ending {}: the ending left out",
                                         to_string(from.ending)),
                             ErrorCode::unsupported));
                    from.ending = Ending::none;
                    from.ending_time_ms = -1;
                }
                node = game_.add_move(node, *move, {});
                position.play(*move);
                Result<std::int32_t> t = time(m, at);
                if (!t) return t.error();
                game_.node(node).time_ms = *t;
            } else if (i > 0) {
                // An element with comments only, after the first: they belong to the node before.
            }
            if (const auto c = m.find("comments"); c != m.end()) {
                if (!c->is_array()) return fail(at, "\"comments\" is an array of strings");
                for (const Json& line : *c)
                    game_.node(node).notes().comments.push_back(line.is_string() ? line.get<std::string>()
                                                                                 : line.dump());
            }
        }
        return {};
    }

    static Ending special(const std::string& s, Color side_to_move) {
        for (int e = 1; e <= static_cast<int>(Ending::error); ++e)
            if (csa_special(static_cast<Ending>(e), side_to_move) == s) return static_cast<Ending>(e);
        if (s == "+ILLEGAL_ACTION" || s == "-ILLEGAL_ACTION")
            return (s[0] == '+') == (side_to_move == Color::black) ? Ending::illegal_loss
                                                                   : Ending::illegal_win;
        return Ending::none;
    }

    // "time": {"now": {"m": 0, "s": 16}, "total": {...}}: the time of the move (-1: none).
    Result<std::int32_t> time(const Json& m, const At& at) {
        const auto t = m.find("time");
        if (t == m.end()) return -1;
        const auto now = t->is_object() ? t->find("now") : t->end();
        if (now == t->end() || !now->is_object())
            return fail(at, "\"time\" has \"now\": {\"m\": M, \"s\": S}");
        double seconds = 0;
        for (const auto& [unit, scale] : {std::pair{"h", 3600.0}, {"m", 60.0}, {"s", 1.0}})
            if (const auto v = now->find(unit); v != now->end()) {
                if (!v->is_number() || v->get<double>() < 0 || v->get<double>() > 1e6)
                    return fail(at, fmt::format("\"{}\" of a time is a number of at most a million", unit));
                seconds += v->get<double>() * scale;
            }
        return record::capped_time_ms(static_cast<std::int64_t>(std::floor(seconds * 1000 + 0.5)));
    }

    static int number(const Json& object, const char* key) {
        const auto v = object.find(key);
        if (v == object.end() || !v->is_number_integer()) return 0;
        const auto n = v->get<std::int64_t>();
        return n >= 1 && n <= 9 ? static_cast<int>(n) : 0;
    }

    Result<Square> place(const Json& m, const char* key, const At& at) {
        const Json& p = m[key];
        const int x = p.is_object() ? number(p, "x") : 0, y = p.is_object() ? number(p, "y") : 0;
        if (!x || !y) return fail(at, fmt::format("\"{}\" is a square {{\"x\": 1-9, \"y\": 1-9}}", key));
        return make_square(x, y - 1);
    }

    Result<Move> read_move(const Json& m, const Position& position, NodeId node, const At& at) {
        if (!m.is_object()) return fail(at, "\"move\" is an object");
        const auto piece = m.find("piece");
        const PieceType type = piece != m.end() && piece->is_string()
                                   ? record::csa_piece(piece->get<std::string>())
                                   : PieceType::none;
        if (type == PieceType::none)
            return fail(at, "\"piece\" is a CSA piece code: FU KY KE GI KI KA HI OU TO NY NK NG UM RY");
        if (const auto c = m.find("color"); c != m.end()) {
            const bool black = c->is_number_integer() && c->get<std::int64_t>() == 0;
            const bool white = c->is_number_integer() && c->get<std::int64_t>() == 1;
            if (!black && !white) return fail(at, "\"color\" is 0 (Black, sente) or 1 (White, gote)");
            if ((black ? Color::black : Color::white) != position.side_to_move())
                return fail(at, fmt::format("it is {} to move", side_name(position)),
                            ErrorCode::illegal_move);
        }
        Square to = kNoSquare;
        if (m.contains("to")) {
            Result<Square> t = place(m, "to", at);
            if (!t) return t.error();
            to = *t;
        } else if (m.value("same", false) && node != Game::kRoot) {
            to = game_.node(node).move.to();
        } else {
            return fail(at, "a move has \"to\"");
        }
        const bool promote = m.value("promote", false);
        if (m.contains("from") && !m["from"].is_null()) {
            Result<Square> from = place(m, "from", at);
            if (!from) return from.error();
            const Move move = Move::make(*from, to, promote);
            if (position.piece_on(*from).type == type && is_legal(position, move)) return move;
            return fail(
                at,
                fmt::format("illegal move: {} from {}{} to {}{}{}", record::csa_code(type), file_of(*from),
                            rank_of(*from) + 1, file_of(to), rank_of(to) + 1, promote ? ", promoting" : ""),
                ErrorCode::illegal_move);
        }
        // No "from": a drop (as json-kifu-format defines it).
        const Move drop = Move::drop(type, to);
        if (is_legal(position, drop)) return drop;
        return fail(at,
                    fmt::format("illegal move: {} dropped on {}{}", record::csa_code(type), file_of(to),
                                rank_of(to) + 1),
                    ErrorCode::illegal_move);
    }

    Result<void> initial(const Json& i) {
        const At at{i.is_object() ? &i : root_, kInitial, 0};
        if (!i.is_object()) return fail(at, "\"initial\" is an object with \"preset\"");
        const std::string preset = i.value("preset", std::string("OTHER"));
        for (const auto& [name, jkf] : kPresets)
            if (preset == jkf) {
                Result<Position> p = read_start_position(handicap_named(name)->sfen);
                if (!p) return p.error();
                game_.start = *p;
                return {};
            }
        if (preset != "OTHER") return fail(at, fmt::format("unknown preset '{}'", utf8::snippet(preset)));
        const auto data = i.find("data");
        if (data == i.end() || !data->is_object()) return fail(at, "preset OTHER needs \"data\"");
        Position p;
        const Json& board = (*data)["board"];
        if (!board.is_array() || board.size() != 9)
            return fail(at, "\"board\" is nine files of nine squares, file 1 first");
        for (int x = 0; x < 9; ++x) {
            const Json& file = board[static_cast<std::size_t>(x)];
            if (!file.is_array() || file.size() != 9)
                return fail(at, "\"board\" is nine files of nine squares, file 1 first");
            for (int y = 0; y < 9; ++y) {
                const Json& cell = file[static_cast<std::size_t>(y)];
                if (!cell.is_object() || !cell.contains("kind")) continue;
                const PieceType t = cell["kind"].is_string()
                                        ? record::csa_piece(cell["kind"].get<std::string>())
                                        : PieceType::none;
                if (t == PieceType::none) return fail(at, "a square's \"kind\" is a CSA piece code");
                p.put({t, cell.value("color", 0) == 1 ? Color::white : Color::black}, make_square(x + 1, y));
            }
        }
        if (const auto hands = data->find("hands"); hands != data->end() && hands->is_array())
            for (std::size_t c = 0; c < 2 && c < hands->size(); ++c)
                for (const auto& [code, n] : (*hands)[c].items()) {
                    const PieceType t = record::csa_piece(code);
                    if (t == PieceType::none || index(t) >= kHandTypes || !n.is_number_integer() ||
                        n.get<std::int64_t>() < 0 || n.get<std::int64_t>() > 18)
                        return fail(at, fmt::format("a hand holds {} pieces 0-18", utf8::snippet(code)));
                    p.set_hand(c == 0 ? Color::black : Color::white, t,
                               static_cast<int>(n.get<std::int64_t>()));
                }
        p.set_side_to_move(data->value("color", 0) == 1 ? Color::white : Color::black);
        game_.start = p;
        return {};
    }

    Error fail(const At& at, std::string_view message,
               ErrorCode code = ErrorCode::unexpected_character) const {
        const std::optional<std::size_t> offset = located_.offset_of(*at.object);
        return error_at(text_, offset.value_or(0), code, fmt::format("{}: {}", path(at), message));
    }

    // The path of a place ("moves/3/forks/0/2"), with its middle left out when it is long (a
    // deep fork would make the message as long as the file).
    std::string path(const At& at) const {
        if (at.line == kRecord) return "the record";
        if (at.line == kInitial) return "initial";
        std::vector<std::string> parts;  // from the move back to "moves"
        if (at.move != kWholeLine) parts.push_back(std::to_string(at.move));
        for (std::size_t l = at.line; l != 0; l = lines_[l].parent)
            parts.push_back(fmt::format("{}/forks/{}", lines_[l].move, lines_[l].fork));
        std::reverse(parts.begin(), parts.end());
        constexpr std::size_t kKeep = 6;  // parts kept at each end of a long path
        if (parts.size() > 2 * kKeep) {
            const std::size_t left_out = parts.size() - 2 * kKeep;
            parts.erase(parts.begin() + kKeep, parts.end() - kKeep);
            parts.insert(parts.begin() + kKeep, fmt::format("...({} more)...", left_out));
        }
        std::string p = "moves";
        for (const std::string& part : parts) p += '/' + part;
        return p;
    }

    std::string_view text_;
    const LocatingBuilder& located_;
    const Json* root_ = nullptr;
    std::vector<LineOrigin> lines_;
    Game game_;
};

void put_place(std::string& out, Square s) {
    out += fmt::format("{{\"x\":{},\"y\":{}}}", file_of(s), rank_of(s) + 1);
}

void put_time(std::string& out, std::int32_t ms, std::int64_t total_ms) {
    const std::int64_t now = std::max(ms, 0), t = std::max<std::int64_t>(total_ms, 0) / 1000;
    out += fmt::format(",\"time\":{{\"now\":{{\"m\":{},\"s\":{}}},\"total\":{{\"h\":{},\"m\":{},\"s\":{}}}}}",
                       now / 60000, record::seconds_text(now % 60000), t / 3600, t / 60 % 60, t % 60);
}

void put_comments(std::string& out, const Game::Node& n, bool first = false) {
    if (n.comments().empty()) return;
    out += first ? "\"comments\":[" : ",\"comments\":[";
    for (std::size_t i = 0; i < n.comments().size(); ++i) {
        if (i) out += ',';
        append_json_string(out, n.comments()[i]);
    }
    out += ']';
}

class JkfWriter {
  public:
    JkfWriter(const Game& game, std::vector<std::string>& notes) : game_(game), notes_(notes) {}

    std::string write() {
        out_ += "{\"header\":{";
        for (std::size_t i = 0; i < game_.tags.size(); ++i) {
            if (i) out_ += ',';
            append_json_string(out_, game_.tags[i].first);
            out_ += ':';
            append_json_string(out_, game_.tags[i].second);
        }
        out_ += "},\n\"initial\":";
        initial();
        out_ += ",\n\"moves\":[\n{";
        put_comments(out_, game_.node(Game::kRoot), true);
        out_ += '}';
        lines();
        out_ += "]}\n";
        return std::move(out_);
    }

  private:
    void initial() {
        if (const Handicap* h = handicap_of(game_.start))
            for (const auto& [name, jkf] : kPresets)
                if (name == h->japanese) {
                    out_ += fmt::format("{{\"preset\":\"{}\"}}", jkf);
                    return;
                }
        const Position& p = game_.start;
        out_ += fmt::format("{{\"preset\":\"OTHER\",\"data\":{{\"color\":{},\"board\":[",
                            p.side_to_move() == Color::black ? 0 : 1);
        for (int x = 1; x <= 9; ++x) {
            out_ += x > 1 ? ",[" : "[";
            for (int y = 0; y < 9; ++y) {
                if (y) out_ += ',';
                const Piece q = p.piece_on(make_square(x, y));
                if (q.empty())
                    out_ += "{}";
                else
                    out_ += fmt::format("{{\"color\":{},\"kind\":\"{}\"}}", q.color == Color::black ? 0 : 1,
                                        record::csa_code(q.type));
            }
            out_ += ']';
        }
        out_ += "],\"hands\":[";
        for (const Color c : {Color::black, Color::white}) {
            out_ += c == Color::black ? "{" : ",{";
            for (int t = 0; t < kHandTypes; ++t)
                out_ += fmt::format("{}\"{}\":{}", t ? "," : "", record::csa_code(static_cast<PieceType>(t)),
                                    p.hand(c, static_cast<PieceType>(t)));
            out_ += '}';
        }
        out_ += "]}}";
    }

    // One element of "moves": the move of `id` from `position`, without its closing brace.
    void open_move(NodeId id, const Position& position, std::array<std::int64_t, 2>& totals) {
        const Game::Node& n = game_.node(id);
        const Move m = n.move;
        const Color us = position.side_to_move();
        out_ += "{\"move\":{";
        if (!m.is_drop()) {
            out_ += "\"from\":";
            put_place(out_, m.from());
            out_ += ',';
        }
        out_ += "\"to\":";
        put_place(out_, m.to());
        out_ += fmt::format(",\"piece\":\"{}\",\"color\":{}", record::csa_code(moving_type(position, m)),
                            index(us));
        if (m.promotes()) out_ += ",\"promote\":true";
        if (n.parent != Game::kRoot && game_.node(n.parent).move.to() == m.to()) out_ += ",\"same\":true";
        if (!m.is_drop() && !position.piece_on(m.to()).empty())
            out_ += fmt::format(",\"capture\":\"{}\"", record::csa_code(position.piece_on(m.to()).type));
        out_ += '}';
        totals[index(us)] += std::max(n.time_ms, 0);
        if (n.time_ms >= 0) put_time(out_, n.time_ms, totals[index(us)]);
        put_comments(out_, n);
    }

    void close_line(NodeId leaf, const Position& position, std::array<std::int64_t, 2>& totals) {
        const Game::Node& n = game_.node(leaf);
        if (n.ending == Ending::none) return;
        const std::string_view s = csa_special(n.ending, position.side_to_move());
        if (s.empty()) {
            notes_.push_back(fmt::format("the ending {}", to_string(n.ending)));
            return;
        }
        out_ += fmt::format(",\n{{\"special\":\"{}\"", s);
        totals[index(position.side_to_move())] += std::max(n.ending_time_ms, 0);
        if (n.ending_time_ms >= 0) put_time(out_, n.ending_time_ms, totals[index(position.side_to_move())]);
        out_ += '}';
    }

    // Every line, forks nested in the move they are alternatives to, by an explicit stack.
    void lines() {
        struct Frame {
            NodeId next;        // the node to write next; kRoot when the line has ended
            NodeId last;        // the node written last
            Position position;  // before `next`
            std::array<std::int64_t, 2> totals;
            std::size_t fork = 0;  // while writing the forks of `next`: the next sibling
        };
        const Game::Node& root = game_.node(Game::kRoot);
        std::vector<Frame> stack;
        if (root.children.empty()) {
            std::array<std::int64_t, 2> totals{0, 0};
            close_line(Game::kRoot, game_.start, totals);
            return;
        }
        stack.push_back({root.children.front(), Game::kRoot, game_.start, {0, 0}, 0});
        std::vector<bool> fork_frames{false};
        while (!stack.empty()) {
            Frame& f = stack.back();
            if (f.next == Game::kRoot) {
                close_line(f.last, f.position, f.totals);
                if (fork_frames.back()) out_ += ']';
                stack.pop_back();
                fork_frames.pop_back();
                continue;
            }
            const Game::Node& n = game_.node(f.next);
            const ChildList& siblings = game_.node(n.parent).children;
            const bool forks = siblings.size() > 1 && siblings.front() == f.next;
            if (f.fork == 0) {
                // Open the move; the first element of a fork's line needs no comma before it.
                if (out_.back() != '[') out_ += ",\n";
                open_move(f.next, f.position, f.totals);
                if (forks) {
                    out_ += ",\"forks\":[";
                    f.fork = 1;
                }
            }
            if (forks && f.fork < siblings.size()) {
                if (f.fork > 1) out_ += ',';
                const Frame child{siblings[f.fork], n.parent, f.position, f.totals, 0};
                ++f.fork;
                out_ += '[';
                stack.push_back(child);
                fork_frames.push_back(true);
                continue;
            }
            if (forks) out_ += ']';
            out_ += '}';
            // On along the line.
            Frame& g = stack.back();
            const Game::Node& written = game_.node(g.next);
            g.position.play(written.move);
            g.last = g.next;
            g.next = written.children.empty() ? Game::kRoot : written.children.front();
            g.fork = 0;
        }
    }

    const Game& game_;
    std::vector<std::string>& notes_;
    std::string out_;
};

}  // namespace

Result<std::vector<Game>> read_jkf(std::string_view bytes, std::string_view charset) {
    Result<std::string> decoded = decode_record(bytes, charset);
    if (!decoded) return decoded.error();
    const std::string& text = *decoded;
    Json root;
    std::size_t read = 0;
    LocatingBuilder parser(root, &read);
    const CountingIterator first(text.data(), text.data(), &read),
        last(text.data() + text.size(), text.data(), &read);
    if (!Json::sax_parse(first, last, &parser, nlohmann::detail::input_format_t::json, true) ||
        !parser.error().empty()) {
        std::string message = parser.error();
        if (const std::size_t at = message.find("error while parsing"); at != std::string::npos)
            message = message.substr(at);
        // nlohmann quotes the token it stopped at, which can be any length.
        if (message.size() > 200) message = std::string(utf8::prefix(message, 200)) + "...";
        return error_at(text, parser.error_offset(), ErrorCode::unexpected_character,
                        "invalid JSON: " + (message.empty() ? std::string("not a JSON value") : message));
    }
    Result<Game> game = JkfReader(text, parser).read(root);
    if (!game) return game.error();
    std::vector<Game> games;
    games.push_back(std::move(*game));
    add_judgements(games);
    return games;
}

std::string write_jkf(const Game& game, std::vector<std::string>& notes) {
    return JkfWriter(game, notes).write();
}

}  // namespace kifu::shogi
