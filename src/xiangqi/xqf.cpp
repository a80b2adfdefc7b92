// XQF: xiangqi/xqf.hpp states the layout; docs/xqf.md the decisions.

#include "kifu/xiangqi/xqf.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <optional>

#include "kifu/core/charset.hpp"
#include "kifu/core/problem.hpp"
#include "piece_places.hpp"

namespace kifu::xiangqi {
namespace {

constexpr std::size_t kHeaderSize = 0x400;
constexpr std::uint8_t kVersion10 = 10, kVersion18 = 18;
constexpr std::size_t kPieces = 0x10, kWhoPlays = 0x32, kResult = 0x33, kType = 0x40;

// The header's strings: where each stands, how many bytes it may hold, and the tag the
// game keeps it under (DhtmlXQ's names for the same fields: docs/xqf.md).
struct Field {
    std::size_t at;
    std::size_t room;
    std::string_view tag;
};
constexpr Field kFields[] = {{0x050, 127, "Title"},      {0x0D0, 63, "Event"},    {0x110, 15, "Date"},
                             {0x120, 15, "Site"},        {0x130, 15, "Red"},      {0x140, 15, "Black"},
                             {0x150, 63, "TimeControl"}, {0x190, 15, "RedTime"},  {0x1A0, 15, "BlackTime"},
                             {0x1D0, 15, "Remark"},      {0x1E0, 15, "Annotator"}};
// XQF 1.0's room for the title is 63 bytes (0x090-0x0CF are reserved there).
constexpr std::size_t kTitleRoom10 = 63;

constexpr std::string_view kTypeWords[] = {"全局", "布局", "中局", "残局"};

// A square byte (X * 10 + Y, Y from Red's side) as a square; kNoSquare when off the board.
Square square_of(int xqf) noexcept {
    if (xqf < 0 || xqf >= 90) return kNoSquare;
    return make_square(xqf / 10, 9 - xqf % 10);
}
std::uint8_t xqf_of(Square s) noexcept {
    return static_cast<std::uint8_t>(file_of(s) * 10 + 9 - row_of(s));
}

// The keys of versions 11 and later (all zero before).
struct XqfKeys {
    std::uint8_t pieces = 0, from = 0, to = 0;
    std::uint32_t comment = 0;
    std::array<std::uint8_t, 32> stream{};
};

XqfKeys keys_of(std::string_view header, std::uint8_t version) {
    XqfKeys k;
    if (version <= kVersion10) return k;
    const auto byte = [&](std::size_t i) {
        return static_cast<unsigned>(static_cast<unsigned char>(header[i]));
    };
    const auto square54 = [](unsigned x) { return x * x * 54 + 221; };
    k.pieces = static_cast<std::uint8_t>(square54(byte(13)) * byte(13));
    k.from = static_cast<std::uint8_t>(square54(byte(14)) * k.pieces);
    k.to = static_cast<std::uint8_t>(square54(byte(15)) * k.from);
    k.comment = (byte(12) * 256 + byte(13)) % 32000 + 767;
    // The key stream: four keys masked by this text, byte by byte (ElephantEye's XQFTOOLS).
    constexpr std::string_view kMask = "[(C) Copyright Mr. Dong Shiwei.]";
    for (std::size_t i = 0; i < 32; ++i) {
        const unsigned key = byte(8 + i % 4) | (byte(12 + i % 4) & byte(3));
        k.stream[i] = static_cast<std::uint8_t>(key & static_cast<unsigned char>(kMask[i]));
    }
    return k;
}

Error at_byte(std::size_t offset, ErrorCode code, std::string_view message) {
    return Error(code, TextPlace{offset, 0, 0},
                 fmt::format("at byte {} (0x{:X}): {}", offset, offset, message));
}

// One record of the move tree, decrypted.
struct Record {
    std::uint8_t from = 0, to = 0;
    bool child = false, sibling = false;
    std::size_t offset = 0;    // of the record in the file
    std::string_view comment;  // its bytes (in the decrypted body)
    std::size_t comment_offset = 0;
};

// A move's text, ICCS ("h2e2"): the file has none of its own.
std::array<char, 4> iccs(Move move) noexcept {
    return {static_cast<char>('a' + file_of(move.from())), static_cast<char>('9' - row_of(move.from())),
            static_cast<char>('a' + file_of(move.to())), static_cast<char>('9' - row_of(move.to()))};
}

class Reader {
  public:
    Reader(std::string_view bytes, std::string_view charset, std::vector<Error>* warnings)
        : bytes_(bytes), charset_(charset.empty() ? "GB18030" : charset), warnings_(warnings) {}

    Result<Game> read() {
        if (!looks_like_xqf(bytes_))
            return at_byte(0, ErrorCode::unexpected_character,
                           bytes_.starts_with("XQ") ? "an XQF header is 1,024 bytes; the file is shorter"
                                                    : "expected an XQF file (it starts with \"XQ\")");
        version_ = static_cast<std::uint8_t>(bytes_[2]);
        keys_ = keys_of(bytes_, version_);
        Game game;
        Result<Position> start = start_position();
        if (!start) return start.error();
        game.start = *start;
        if (Result<void> r = header_fields(game); !r) return r.error();

        Result<std::vector<Record>> records = records_of();
        if (!records) return records.error();
        if (records->empty()) {
            game.warnings = std::move(said_);
            return game;
        }
        // Who moves: the colour of the piece the first move moves, else the header's byte.
        game.start.side_to_move = bytes_[kWhoPlays] == 1 ? Color::black : Color::red;
        if (records->size() > 1 && (*records)[0].child)
            if (const Square from = square_of(move_square((*records)[1].from, 24, keys_.from));
                from != kNoSquare && !game.start.board[from].empty())
                game.start.side_to_move = game.start.board[from].color;
        if (Result<void> r = build(game, *records); !r) return r.error();
        game.warnings = std::move(said_);
        return game;
    }

  private:
    static int move_square(std::uint8_t stored, int base, std::uint8_t key) {
        return static_cast<std::uint8_t>(stored - base - key);
    }

    // A warning is the game's (Game::warnings, what Python's Game.warnings gives) and the
    // caller's.
    void warn(Error e) {
        if (warnings_) warnings_->push_back(e);
        said_.push_back(std::move(e));
    }

    Result<Position> start_position() const {
        Position p;
        for (std::size_t i = 0; i < 32; ++i) {
            const auto stored = static_cast<std::uint8_t>(bytes_[kPieces + i]);
            // From version 12 the places are rotated by the key.
            const std::size_t place = version_ >= 12 ? (keys_.pieces + 1 + i) % 32 : i;
            const Square s = square_of(static_cast<std::uint8_t>(stored - keys_.pieces));
            if (s == kNoSquare) continue;
            if (!p.board[s].empty())
                return at_byte(kPieces + i, ErrorCode::duplicate,
                               fmt::format("two pieces on the square {}", xqf_of(s)));
            p.board[s] = {kPlaceOrder[place % 16], place < 16 ? Color::red : Color::black};
        }
        return p;
    }

    // A header string: its bytes up to the first NUL (as ElephantEye's strncpy reads them;
    // some writers pad with NULs), decoded.
    Result<std::string> text_of(std::string_view raw) const {
        raw = raw.substr(0, raw.find('\0'));
        Result<charset::Converted> c = charset::to_utf8(raw, charset_);
        if (!c) return std::move(c).error();
        return std::move(c->text);
    }

    // A comment: the same, its CR LF line ends read as LF, and the line end XQStudio puts at
    // the end of every comment dropped.
    Result<std::string> comment_of(std::string_view raw) const {
        Result<std::string> text = text_of(raw);
        if (!text) return text;
        std::erase(*text, '\r');
        if (!text->empty() && text->back() == '\n') text->pop_back();
        return text;
    }

    Result<void> header_fields(Game& game) {
        for (const Field& f : kFields) {
            const std::size_t room = f.tag == "Title" && version_ <= kVersion10 ? kTitleRoom10 : f.room;
            std::size_t length = static_cast<std::uint8_t>(bytes_[f.at]);
            if (length > room) {
                warn(at_byte(f.at, ErrorCode::out_of_range,
                             fmt::format("the {} says {} bytes; its field holds {}: read up to there", f.tag,
                                         length, room)));
                length = room;
            }
            if (length == 0) continue;
            Result<std::string> text = text_of(bytes_.substr(f.at + 1, length));
            if (!text) return text.error();
            if (!text->empty()) game.set_tag(f.tag, *text);
        }
        const auto type = static_cast<std::uint8_t>(bytes_[kType]);
        if (type >= 1 && type <= 3) game.set_tag("Type", kTypeWords[type]);
        // 4: a draw too (some files have it: cchess reads it so).
        constexpr std::string_view kResults[] = {"", "1-0", "0-1", "1/2-1/2", "1/2-1/2"};
        if (const auto r = static_cast<std::uint8_t>(bytes_[kResult]); r >= 1 && r <= 4) {
            game.result = kResults[r];
            game.set_tag("Result", kResults[r]);
        }
        return {};
    }

    // The records of the tree, to its last one: the root's children and siblings counted,
    // so that the bytes after it are known for what they are.
    Result<std::vector<Record>> records_of() {
        if (version_ > kVersion10) {
            body_.assign(bytes_.substr(kHeaderSize));
            for (std::size_t i = 0; i < body_.size(); ++i)
                body_[i] = static_cast<char>(static_cast<std::uint8_t>(body_[i]) - keys_.stream[i % 32]);
        }
        const std::string_view body =
            version_ > kVersion10 ? std::string_view(body_) : bytes_.substr(kHeaderSize);
        std::vector<Record> out;
        out.reserve(body.size() / 4 + 1);  // a record takes 4 bytes at least
        std::size_t at = 0;
        std::size_t open = 1;  // subtrees still to end: the root's, and one for each sibling to come
        const auto u32 = [&](std::size_t i) {
            std::uint32_t v = 0;
            for (std::size_t k = 0; k < 4; ++k)
                v |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(body[i + k])) << (8 * k);
            return v;
        };
        while (open > 0) {
            const std::size_t record_at = kHeaderSize + at;
            const bool old = version_ <= kVersion10;
            if (body.size() - at < (old ? 8u : 4u)) {
                truncated(record_at, out.size());
                break;
            }
            // Filled where it is kept: a record made aside and copied in was read back
            // before its byte-wide stores had landed (a tenth of the reading).
            Record& r = out.emplace_back();
            r.offset = record_at;
            r.from = static_cast<std::uint8_t>(body[at]);
            r.to = static_cast<std::uint8_t>(body[at + 1]);
            const auto flag = static_cast<std::uint8_t>(body[at + 2]);
            r.child = (flag & (old ? 0xF0 : 0x80)) != 0;
            r.sibling = (flag & (old ? 0x0F : 0x40)) != 0;
            at += 4;
            std::optional<std::int64_t> length;
            if (old) {
                length = u32(at);
                at += 4;
            } else if (flag & 0x20) {
                if (body.size() - at < 4) {
                    out.pop_back();
                    truncated(record_at, out.size());
                    break;
                }
                length = static_cast<std::int64_t>(u32(at)) - keys_.comment;
                at += 4;
            }
            if (length && *length < 0)
                return at_byte(kHeaderSize + at - 4, ErrorCode::out_of_range,
                               "a comment's length is below its key: the file is damaged");
            if (length && *length > 0) {
                if (static_cast<std::uint64_t>(*length) > body.size() - at) {
                    out.pop_back();
                    truncated(record_at, out.size());
                    break;
                }
                r.comment = body.substr(at, static_cast<std::size_t>(*length));
                r.comment_offset = kHeaderSize + at;
                at += static_cast<std::size_t>(*length);
            }
            // The root's sibling flag means nothing (XQStudio 1.0 sets 0xF0 or 0x00 there).
            if (out.size() == 1) r.sibling = false;
            if (r.child && r.sibling) ++open;
            if (!r.child && !r.sibling) --open;
        }
        if (open == 0 && at < body.size())
            warn(at_byte(
                kHeaderSize + at, ErrorCode::unexpected_character,
                fmt::format("{} byte(s) after the move tree's last record are ignored", body.size() - at)));
        return out;
    }

    void truncated(std::size_t offset, std::size_t records) {
        warn(at_byte(
            offset, ErrorCode::unexpected_end,
            fmt::format("the file ends inside the move tree: its first {} record(s) are read", records)));
    }

    Result<void> build(Game& game, const std::vector<Record>& records) {
        struct Frame {
            NodeId parent;
            LineBoard board;  // the position at the parent
            bool dead;        // under a move left out
        };
        if (!records[0].comment.empty()) {
            Result<std::string> c = comment_of(records[0].comment);
            if (!c) return c.error();
            if (!c->empty()) game.node(Game::kRoot).notes().comments.push_back(std::move(*c));
        }
        if (!records[0].child) return {};
        game.nodes.reserve(records.size());  // a node a record at most
        // `at` is the position the next record's move is made from; it is copied only where
        // a sibling is still to come (copying it for every record was a fifth of the time).
        Frame at{Game::kRoot, LineBoard(game.start), false};
        std::vector<Frame> returns;  // where each sibling still to come hangs
        for (std::size_t i = 1; i < records.size(); ++i) {
            const Record& r = records[i];
            NodeId node = Game::kRoot;
            const Square from = square_of(move_square(r.from, 24, keys_.from));
            const Square to = square_of(move_square(r.to, 32, keys_.to));
            const Move move(from, to);
            const bool made = !at.dead && from != kNoSquare && to != kNoSquare && at.board.is_legal(move);
            if (made) {
                const std::array<char, 4> text = iccs(move);
                node = game.add_move(at.parent, move, {text.data(), text.size()});
                if (!r.comment.empty()) {
                    Result<std::string> c = comment_of(r.comment);
                    if (!c) return c.error();
                    if (!c->empty()) game.node(node).notes().comments.push_back(std::move(*c));
                }
            } else if (!at.dead) {
                warn(at_byte(r.offset, ErrorCode::illegal_move,
                             fmt::format("the move {}-{} is not legal here (ply {}); it and the moves after "
                                         "it are left out",
                                         move_square(r.from, 24, keys_.from), move_square(r.to, 32, keys_.to),
                                         game.depth(at.parent) + 1)));
            }
            if (r.child) {
                if (r.sibling) returns.push_back(at);
                if (made) at.board.play(move);
                at.parent = node;
                at.dead = !made;
            } else if (!r.sibling) {
                if (returns.empty()) break;
                at = returns.back();
                returns.pop_back();
            }
        }
        return {};
    }

    std::string_view bytes_;
    std::string charset_;
    std::vector<Error>* warnings_;
    std::vector<Error> said_;
    std::uint8_t version_ = kVersion10;
    XqfKeys keys_;
    std::string body_;  // the decrypted records (versions 11 and later)
};

// Writing.

void put_u32(std::string& out, std::size_t at, std::uint32_t v) {
    for (std::size_t k = 0; k < 4; ++k) out[at + k] = static_cast<char>((v >> (8 * k)) & 0xFF);
}

// A string in its field: GB18030 (GBK's superset: any text can be written), cut at the
// field's room on a character's boundary.
Result<void> put_string(std::string& out, std::size_t at, std::size_t room, std::string_view tag,
                        std::string_view text, std::vector<std::string>* notes) {
    Result<std::string> bytes = charset::from_utf8(text, "GB18030");
    if (!bytes) return bytes.error();
    if (bytes->size() > room) {
        // GB18030 characters are 1, 2 or 4 bytes: count them from the start to cut between two.
        std::size_t cut = 0;
        for (std::size_t i = 0; i < bytes->size();) {
            const auto b = static_cast<std::uint8_t>((*bytes)[i]);
            const std::size_t n =
                b < 0x80 ? 1
                         : (i + 1 < bytes->size() && static_cast<std::uint8_t>((*bytes)[i + 1]) >= 0x30 &&
                                    static_cast<std::uint8_t>((*bytes)[i + 1]) <= 0x39
                                ? 4
                                : 2);
            if (i + n > room) break;
            i += n;
            cut = i;
        }
        if (notes) notes->push_back(fmt::format("the {} past its field's {} bytes", tag, room));
        bytes->resize(cut);
    }
    out[at] = static_cast<char>(bytes->size());
    out.replace(at + 1, bytes->size(), *bytes);
    return {};
}

}  // namespace

bool looks_like_xqf(std::string_view bytes) noexcept {
    return bytes.size() >= kHeaderSize && bytes.starts_with("XQ");
}

Result<Game> read_xqf(std::string_view bytes, std::string_view charset, std::vector<Error>* warnings) {
    return Reader(bytes, charset, warnings).read();
}

Result<std::string> write_xqf(const Game& game, std::vector<std::string>* notes) {
    // Version 18 where 1.0 cannot hold the game: variations, or Black to move at a start
    // without moves (1.0 tells the side by the first move; 18 has a byte for it).
    bool variations = false;
    for (const Game::Node& n : game.nodes) variations = variations || n.children.size() > 1;
    const bool black_without_moves =
        game.start.side_to_move == Color::black && game.node(Game::kRoot).children.empty();
    const std::uint8_t version = variations || black_without_moves ? kVersion18 : kVersion10;
    std::string out(kHeaderSize, '\0');
    out[0] = 'X';
    out[1] = 'Q';
    out[2] = static_cast<char>(version);

    // The pieces in their places (piece_places.hpp); version 18 rotates the places by its
    // (zero) key: byte i holds place i + 1.
    const std::optional<std::array<Square, 32>> places = places_of(game.start.board);
    if (!places)
        return unplaced_error(ErrorCode::unsupported,
                              "XQF's header holds the pieces of one set: this start has more of a kind");
    for (std::size_t i = 0; i < 32; ++i) {
        const Square s = (*places)[version == kVersion18 ? (i + 1) % 32 : i];
        out[kPieces + i] = static_cast<char>(s == kNoSquare ? 0xFF : xqf_of(s));
    }

    std::string_view result = game.result;
    if (result.empty())
        if (const auto r = game.tag("Result")) result = *r;
    out[kResult] = result == "1-0" ? 1 : result == "0-1" ? 2 : result == "1/2-1/2" ? 3 : 0;
    // The type: the record's word, but a whole game or an opening only from the standard
    // start (ElephantEye sets the standard start up for those, whatever the header's pieces).
    const bool standard = game.start.board == Position::start().board;
    std::uint8_t type = standard ? 0 : 3;
    if (const auto t = game.tag("Type"))
        for (std::uint8_t k = 0; k < 4; ++k)
            if (*t == kTypeWords[k] && (k >= 2 || standard)) type = k;
    out[kType] = static_cast<char>(type);
    if (version == kVersion18) out[kWhoPlays] = game.start.side_to_move == Color::black ? 1 : 0;
    for (const Field& f : kFields)
        if (const auto v = game.tag(f.tag); v && !v->empty()) {
            const std::size_t room = f.tag == "Title" && version == kVersion10 ? kTitleRoom10 : f.room;
            if (Result<void> r = put_string(out, f.at, room, f.tag, *v, notes); !r) return r.error();
        }

    // The tree in preorder: a node, its children's subtrees, then its next sibling's.
    std::size_t dropped_nags = 0;
    const auto record = [&](NodeId id, bool sibling) -> Result<void> {
        const Game::Node& n = game.node(id);
        std::vector<std::string> texts = n.starting_comments();
        texts.insert(texts.end(), n.comments().begin(), n.comments().end());
        std::string joined;
        for (const std::string& t : texts) joined += (joined.empty() ? "" : "\n") + t;
        std::string comment;
        if (!joined.empty()) {
            Result<std::string> c = charset::from_utf8(joined, "GB18030");
            if (!c) return c.error();
            for (const char ch : *c) {
                if (ch == '\n') comment += '\r';  // XQStudio's line ends
                comment += ch;
            }
            comment += "\r\n";  // XQStudio ends every comment with a line end
        }
        dropped_nags += n.nags().size();
        const std::size_t at = out.size();
        const bool child = !n.children.empty();
        if (id == Game::kRoot) {
            out += version == kVersion10 ? "\x18\x20" : "XQ";
        } else {
            out += static_cast<char>(xqf_of(n.move.from()) + 24);
            out += static_cast<char>(xqf_of(n.move.to()) + 32);
        }
        if (version == kVersion10) {
            out += static_cast<char>(child ? 0xF0 : 0x00);
            out += static_cast<char>(id == Game::kRoot ? 0xFF : 0x00);
            out.append(4, '\0');
            put_u32(out, at + 4, static_cast<std::uint32_t>(comment.size()));
        } else {
            out +=
                static_cast<char>((child ? 0x80 : 0) | (sibling ? 0x40 : 0) | (comment.empty() ? 0 : 0x20));
            out += '\0';
            if (!comment.empty()) {
                out.append(4, '\0');
                put_u32(out, at + 4,
                        static_cast<std::uint32_t>(comment.size() + 767));  // the comments' zero key
            }
        }
        out += comment;
        return {};
    };
    // An explicit stack: a long game is a deep tree.
    struct Visit {
        NodeId id;
        bool sibling;
    };
    std::vector<Visit> stack{{Game::kRoot, false}};
    while (!stack.empty()) {
        const Visit v = stack.back();
        stack.pop_back();
        if (Result<void> r = record(v.id, v.sibling); !r) return r.error();
        const ChildList& children = game.node(v.id).children;
        for (std::size_t k = children.size(); k-- > 0;)
            stack.push_back({children[k], k + 1 < children.size()});
    }
    if (notes && dropped_nags)
        notes->push_back(fmt::format("{} NAG{}", dropped_nags, dropped_nags == 1 ? "" : "s"));
    return out;
}

}  // namespace kifu::xiangqi
