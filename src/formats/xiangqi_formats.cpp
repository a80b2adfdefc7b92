// Xiangqi's formats: its FEN, move lists in each notation (ICCS, UCI, WXF, Chinese, SAN),
// and games in PGN, DhtmlXQ and XQF.

#include <algorithm>

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/core/charset.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/xiangqi/dhtmlxq.hpp"
#include "kifu/xiangqi/game.hpp"
#include "kifu/xiangqi/movegen.hpp"
#include "kifu/xiangqi/pgn.hpp"
#include "kifu/xiangqi/xqf.hpp"

namespace kifu::formats {
namespace {

int detect_xiangqi_fen(std::string_view text) {
    if (trim_blanks(text) == "startpos") return kStartposScore;
    const std::string_view board = first_field(trim_blanks(text));
    return std::count(board.begin(), board.end(), '/') == 9 ? 93 : 0;
}

bool accepts_xiangqi_position(const Document& d) {
    return get<xiangqi::Position>(d) != nullptr;
}

Result<std::string> write_xiangqi_fen(const Document& d, const WriteOptions&, std::vector<std::string>&) {
    if (const auto* x = get<xiangqi::Position>(d)) return xiangqi::write_fen(*x);
    return cannot_write(d, "xfen-xiangqi");
}

bool accepts_xiangqi_games(const Document& d) {
    const auto* games = get<std::vector<xiangqi::Game>>(d);
    return games && !games->empty();
}

Result<xiangqi::Position> start_of(const ReadOptions& options) {
    if (options.start.empty() || options.start == "startpos") return xiangqi::Position::start();
    Result<xiangqi::Position> p = xiangqi::parse_fen(trim_blanks(options.start));
    if (!p) {
        Error e = p.error();
        e.message = "--position: " + e.message;
        e.line = e.column = 0;
        return e;
    }
    return p;
}

template <xiangqi::Notation N>
Result<Document> read_moves(std::string_view text, const ReadOptions& options) {
    Result<xiangqi::Position> start = start_of(options);
    if (!start) return start.error();
    Result<xiangqi::Game> game = xiangqi::read_move_list(text, N, *start);
    if (!game) return game.error();
    std::vector<xiangqi::Game> games;
    games.push_back(std::move(*game));
    return Document{Value{std::move(games)}, {}};
}

template <xiangqi::Notation N>
std::vector<Error> validate_moves(std::string_view text, const ReadOptions& options, std::vector<Error>&) {
    return read_errors(read_moves<N>(text, options));
}

template <xiangqi::Notation N>
Result<std::string> write_moves(const Document& d, const WriteOptions&, std::vector<std::string>& notes) {
    const auto* games = get<std::vector<xiangqi::Game>>(d);
    if (!games || games->empty()) return cannot_write(d, xiangqi::to_string(N));
    if (games->size() > 1)
        notes.push_back(fmt::format(
            "games 2 to {} (a move list holds one game; --game-index N picks another)", games->size()));
    const xiangqi::Game& g = games->front();
    std::size_t variations = 0;
    for (const xiangqi::Game::Node& n : g.nodes)
        variations += n.children.size() > 1 ? n.children.size() - 1 : 0;
    if (variations)
        notes.push_back(fmt::format("{} variation{} (a move list holds the main line only)", variations,
                                    variations == 1 ? "" : "s"));
    return xiangqi::write_move_list(g, N);
}

// A move list's format: "xiangqi-" and the notation's name (ICCS, WXF and Chinese are
// xiangqi's alone, but "san" and "uci" are chess words too).
template <xiangqi::Notation N>
Format move_list(std::string_view name, std::string_view description) {
    return {name,
            Game::xiangqi,
            Kind::move,
            description,
            {},
            kStartPosition | kNodeChoice,
            nullptr,
            read_moves<N>,
            validate_moves<N>,
            accepts_xiangqi_games,
            write_moves<N>};
}

int detect_pgn(std::string_view text) {
    return xiangqi::looks_like_xiangqi_pgn(text) ? 60 : 0;  // above chess PGN's 40
}

// A file's text as UTF-8: in the charset given, else UTF-8 when the bytes are valid UTF-8
// (a BOM dropped), else the guess (GB2312 and Big5 from Chinese programs; docs/xiangqi.md);
// converted text is kept in `storage`.
Result<std::string_view> as_utf8(std::string_view text, const ReadOptions& options, std::string& storage) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    std::string charset = options.charset;
    if (charset.empty() && !utf8::is_valid(text)) charset = charset::guess(text).charset;
    if (charset.empty() || charset == "UTF-8") return text;
    Result<charset::Converted> converted = charset::to_utf8(text, charset);
    if (!converted) return std::move(converted).error();
    storage = std::move(converted->text);
    return std::string_view(storage);
}

Result<Document> read_pgn(std::string_view text, const ReadOptions& options) {
    std::string storage;
    const Result<std::string_view> t = as_utf8(text, options, storage);
    if (!t) return t.error();
    return document(xiangqi::read_pgn(*t));
}

std::vector<Error> validate_pgn(std::string_view text, const ReadOptions& options, std::vector<Error>&) {
    return read_errors(read_pgn(text, options));
}

Result<std::string> write_pgn(const Document& d, const WriteOptions& o, std::vector<std::string>&) {
    const auto* games = get<std::vector<xiangqi::Game>>(d);
    if (!games) return cannot_write(d, "pgn-xiangqi");
    std::optional<xiangqi::Notation> notation;
    if (!o.notation.empty()) {
        xiangqi::Notation n{};
        if (!xiangqi::notation_from_name(o.notation, n))
            return unplaced_error(ErrorCode::unsupported,
                                  fmt::format("no xiangqi notation '{}'", o.notation));
        notation = n;
    }
    std::string out;
    for (const xiangqi::Game& g : *games) {
        if (!out.empty()) out += '\n';
        out += xiangqi::write_pgn(g, notation);
    }
    return out;
}

constexpr std::string_view kPgnExtensions[] = {".pgn"};

// The games, with a warning for each line cut at an illegal move.
Result<Document> read_dhtmlxq(std::string_view text, const ReadOptions& options) {
    std::string storage;
    const Result<std::string_view> t = as_utf8(text, options, storage);
    if (!t) return t.error();
    std::vector<Error> warnings;
    Result<Document> d = document(xiangqi::read_dhtmlxq(*t, &warnings));
    if (d) d->warnings = std::move(warnings);
    return d;
}

int detect_dhtmlxq(std::string_view text) {
    return xiangqi::looks_like_dhtmlxq(text) ? 100 : 0;
}

std::vector<Error> validate_dhtmlxq(std::string_view text, const ReadOptions& options,
                                    std::vector<Error>& warnings) {
    return read_errors(read_dhtmlxq(text, options), warnings);
}

Result<std::string> write_dhtmlxq(const Document& d, const WriteOptions&, std::vector<std::string>& notes) {
    const auto* games = get<std::vector<xiangqi::Game>>(d);
    if (!games) return cannot_write(d, "dhtmlxq");
    std::string out;
    for (const xiangqi::Game& g : *games) {
        Result<std::string> block = xiangqi::write_dhtmlxq(g, &notes);
        if (!block) return block.error();
        out += *block;
    }
    return out;
}

// XQF: one game a file, its strings in GBK unless --charset says otherwise; a subtree cut
// at an illegal move and bytes after the tree are warnings.
Result<Document> read_xqf(std::string_view bytes, const ReadOptions& options) {
    std::vector<Error> warnings;
    Result<xiangqi::Game> game = xiangqi::read_xqf(bytes, options.charset, &warnings);
    if (!game) return game.error();
    std::vector<xiangqi::Game> games;
    games.push_back(std::move(*game));
    return Document{Value{std::move(games)}, std::move(warnings)};
}

int detect_xqf(std::string_view bytes) {
    return xiangqi::looks_like_xqf(bytes) ? 1000 : 0;  // magic bytes and a whole header
}

std::vector<Error> validate_xqf(std::string_view bytes, const ReadOptions& options,
                                std::vector<Error>& warnings) {
    return read_errors(read_xqf(bytes, options), warnings);
}

Result<std::string> write_xqf(const Document& d, const WriteOptions&, std::vector<std::string>& notes) {
    const auto* games = get<std::vector<xiangqi::Game>>(d);
    if (!games || games->empty()) return cannot_write(d, "xqf");
    if (games->size() > 1)
        notes.push_back(fmt::format(
            "games 2 to {} (an XQF file holds one game; --game-index N picks another)", games->size()));
    return xiangqi::write_xqf(games->front(), &notes);
}

constexpr std::string_view kXqfExtensions[] = {".xqf"};

}  // namespace

GameReport describe_game(const std::vector<xiangqi::Game>& games, std::size_t index, const DescribeOptions&) {
    const xiangqi::Game& game = games[index];
    GameReport r;
    for (const auto& [name, value] : game.tags) r.facts.push_back({name, value});
    if (game.start != xiangqi::Position::start())
        r.facts.push_back({"start", xiangqi::write_fen(game.start)});
    add_tree_facts(r, game);
    if (!game.result.empty()) r.facts.push_back({"result", game.result});
    const xiangqi::Position end = game.position_after(game.main_line_end());
    if (const xiangqi::Status s = xiangqi::status(end); s != xiangqi::Status::ongoing)
        r.facts.push_back({"final", fmt::format("{}: {} loses", to_string(s),
                                                end.side_to_move == xiangqi::Color::red ? "Red" : "Black")});
    else if (xiangqi::insufficient_material(end))
        r.facts.push_back({"final", "no piece left that can cross the river: a draw"});
    for (const xiangqi::Repetition& rep : xiangqi::repetitions(game))
        r.facts.push_back({"judged", rep.message});
    if (Result<BoardView> view = board_view(Document{Value{end}, {}})) r.board = std::move(*view);
    return r;
}

ValueInfo value_info(const xiangqi::Position&) noexcept {
    return {"a xiangqi position", Game::xiangqi, false};
}
ValueInfo value_info(const std::vector<xiangqi::Game>&) noexcept {
    return {"a xiangqi game", Game::xiangqi, true};
}

void add_xiangqi_formats(std::vector<Format>& out) {
    out.push_back({"xfen-xiangqi",
                   Game::xiangqi,
                   Kind::position,
                   "xiangqi FEN (WXF/UCCI), or 'startpos'",
                   {},
                   0,
                   detect_xiangqi_fen,
                   [](std::string_view text, const ReadOptions&) {
                       return document(xiangqi::GameTraits::read_position(text));
                   },
                   [](std::string_view text, const ReadOptions&, std::vector<Error>&) {
                       const std::string_view t = trim_blanks(text);
                       return t == "startpos" ? std::vector<Error>{} : xiangqi::validate_fen(t);
                   },
                   accepts_xiangqi_position,
                   write_xiangqi_fen});
    out.push_back(move_list<xiangqi::Notation::iccs>("iccs", "xiangqi moves in ICCS/UCCI: h2e2 h9g7"));
    out.push_back(move_list<xiangqi::Notation::wxf>("wxf", "xiangqi moves in WXF notation: C2.5 H8+7 R+.3"));
    out.push_back(
        move_list<xiangqi::Notation::chinese>("chinese", "xiangqi moves in Chinese: 炮二平五 馬８進７"));
    out.push_back(move_list<xiangqi::Notation::san>("xiangqi-san",
                                                    "xiangqi moves in algebraic SAN (ranks 1-10): Ce3 Hg8"));
    out.push_back({"pgn-xiangqi", Game::xiangqi, Kind::record,
                   "xiangqi games in PGN: [Game \"Chinese Chess\"] or [Variant \"xiangqi\"], Format "
                   "ICCS/WXF/Chinese or SAN",
                   kPgnExtensions, kNodeChoice | kNotation | kCharset, detect_pgn, read_pgn, validate_pgn,
                   accepts_xiangqi_games, write_pgn});
    out.back().eval_notes = EvalNotes::pgn_eval;
    out.push_back({"dhtmlxq",
                   Game::xiangqi,
                   Kind::record,
                   "xiangqi records of Chinese web viewers: [DhtmlXQ]...[/DhtmlXQ], variations and comments",
                   {},
                   kNodeChoice | kCharset,
                   detect_dhtmlxq,
                   read_dhtmlxq,
                   validate_dhtmlxq,
                   accepts_xiangqi_games,
                   write_dhtmlxq});
    out.push_back(
        {"xqf", Game::xiangqi, Kind::record,
         "XQStudio's binary xiangqi records (every version, the encrypted ones too); written as XQF 1.0",
         kXqfExtensions, kNodeChoice | kCharset | kBinary, detect_xqf, read_xqf, validate_xqf,
         accepts_xiangqi_games, write_xqf});
}

}  // namespace kifu::formats
