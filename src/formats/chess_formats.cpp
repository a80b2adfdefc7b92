// Chess's formats: FEN, X-FEN, Shredder-FEN, EPD, PGN, and JSON Lines out.

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/chess/epd.hpp"
#include "kifu/chess/fen.hpp"
#include "kifu/chess/game.hpp"
#include "kifu/chess/opening_files.hpp"
#include "kifu/chess/pgn_writer.hpp"
#include "kifu/chess/puzzles.hpp"
#include "kifu/chess/status.hpp"
#include "kifu/feen/games.hpp"
#include "kifu/formats/collection.hpp"

namespace kifu::formats {
namespace {

constexpr std::string_view kFenExtensions[] = {".fen"};
constexpr std::string_view kEpdExtensions[] = {".epd"};
constexpr std::string_view kPgnExtensions[] = {".pgn"};
constexpr std::string_view kJsonlExtensions[] = {".jsonl"};
constexpr std::string_view kScidEcoExtensions[] = {".eco"};
constexpr std::string_view kOpeningTsvExtensions[] = {".tsv"};

bool fen_like(std::string_view t) {
    return looks_like_placement(first_field(t), 8, "pnbrqkPNBRQK12345678");
}

int detect_fen(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    if (t == "startpos") return kStartposScore;
    return fen_like(t) ? 92 : 0;
}

// EPD: a FEN's four fields, then operations ("bm Nf3;") instead of the two clocks.
int detect_epd(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    if (!fen_like(t) || t.find('\n') != std::string_view::npos) return 0;
    std::size_t fields = 0, i = 0;
    std::string_view fifth;
    while (i < t.size() && fields < 5) {
        while (i < t.size() && is_blank(t[i])) ++i;
        const std::size_t start = i;
        while (i < t.size() && !is_blank(t[i])) ++i;
        if (i > start) ++fields, fifth = t.substr(start, i - start);
    }
    return fields == 5 && !fifth.empty() && !is_digit(fifth.front()) ? 93 : 0;
}

int detect_pgn(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    if (t.empty()) return 0;
    if (t.front() == '[') return 40;
    if (t.starts_with("1.") && !t.starts_with("1.0")) return 40;
    if (t.front() == '{') return 30;  // movetext that opens with a comment
    return 0;
}

bool accepts_chess_position(const Document& d) {
    return chess_position_of(d) != nullptr;
}

Result<Document> read_fen(std::string_view text, const ReadOptions& options) {
    const std::string_view t = trim_blanks(text);
    if (t == "startpos") return Document{Value{chess::Position::start()}, {}};
    return document(chess::parse_fen(t, {.relaxed = false, .any_placement = options.any_placement}));
}

std::vector<Error> validate_fen(std::string_view text, const ReadOptions&, std::vector<Error>&) {
    const std::string_view t = trim_blanks(text);
    if (t == "startpos") return {};
    return chess::validate_fen(t);
}

template <chess::CastlingNotation Castling>
Result<std::string> write_fen(const Document& d, const WriteOptions&, std::vector<std::string>& notes) {
    const chess::Position* p = chess_position_of(d);
    if (!p) return cannot_write(d, Castling == chess::CastlingNotation::shredder ? "shredder" : "fen");
    if (const auto* e = get<chess::Epd>(d); e && !e->operations.empty())
        notes.push_back("the EPD operations");
    return chess::write_fen(*p, {.castling = Castling});
}

Result<Document> read_epd(std::string_view text, const ReadOptions&) {
    return document(chess::parse_epd(trim_blanks(text)));
}

std::vector<Error> validate_epd(std::string_view text, const ReadOptions&, std::vector<Error>&) {
    Result<chess::Epd> epd = chess::parse_epd(trim_blanks(text));
    if (!epd) return {epd.error()};
    std::vector<Error> out;
    for (const chess::Problem& p : chess::validity_problems(epd->position)) out.push_back(problem_error(p));
    return out;
}

Result<std::string> write_epd(const Document& d, const WriteOptions&, std::vector<std::string>& notes) {
    if (const auto* e = get<chess::Epd>(d)) return chess::write_epd(e->position, e->operations);
    const chess::Position* p = chess_position_of(d);
    if (!p) return cannot_write(d, "epd");
    if (p->halfmove_clock() != 0 || p->fullmove_number() != 1) notes.push_back("the clocks");
    return chess::write_epd(*p, {});
}

Result<Document> read_pgn(std::string_view text, const ReadOptions& options) {
    std::vector<chess::Game> games = chess::read_pgn(text, {.charset = options.charset});
    if (games.empty()) return Error{ErrorCode::unexpected_end, {0, 1, 1}, "expected a PGN game, found none"};
    for (const chess::Game& g : games)
        if (!g.errors.empty()) return g.errors.front();
    return Document{Value{std::move(games)}, {}};
}

std::vector<Error> validate_pgn(std::string_view text, const ReadOptions& options, std::vector<Error>&) {
    std::vector<Error> out;
    const std::vector<chess::Game> games = chess::read_pgn(text, {.charset = options.charset});
    if (games.empty())
        return {Error{ErrorCode::unexpected_end, {0, 1, 1}, "expected a PGN game, found none"}};
    for (const chess::Game& g : games)
        for (Error e : g.errors) {
            e.message = fmt::format("game {}: {}", g.index + 1, e.message);
            out.push_back(std::move(e));
        }
    return out;
}

bool accepts_games(const Document& d) {
    return get<std::vector<chess::Game>>(d) != nullptr;
}

constexpr std::string_view kNoOpening = "expected an opening, found none";
constexpr std::string_view kNoPuzzle = "expected a puzzle, found none";

// A file of games that is no PGN (an opening book, lichess's puzzles) read as chess games:
// the first error stops the read (a book with a wrong line would name games wrongly);
// validate lists every entry's.
template <chess::GameFile (*ReadFile)(std::string_view), const std::string_view& None>
Result<Document> read_game_file(std::string_view text, const ReadOptions&) {
    chess::GameFile file = ReadFile(text);
    if (!file.errors.empty()) return std::move(file.errors.front());
    if (file.games.empty()) return Error{ErrorCode::unexpected_end, {0, 1, 1}, std::string(None)};
    return Document{Value{std::move(file.games)}, {}};
}

template <chess::GameFile (*ReadFile)(std::string_view), const std::string_view& None>
std::vector<Error> validate_game_file(std::string_view text, const ReadOptions&, std::vector<Error>&) {
    chess::GameFile file = ReadFile(text);
    if (file.errors.empty() && file.games.empty())
        return {Error{ErrorCode::unexpected_end, {0, 1, 1}, std::string(None)}};
    return std::move(file.errors);
}

int detect_scid_eco(std::string_view text) {
    return chess::detect_scid_eco(text);
}
int detect_opening_tsv(std::string_view text) {
    return chess::detect_opening_tsv(text);
}

Result<void> append_pgn(std::string& out, const Document& d, const WriteOptions& o,
                        std::vector<std::string>&) {
    const auto* games = get<std::vector<chess::Game>>(d);
    if (!games) return cannot_write(d, "pgn");
    for (const chess::Game& g : *games) chess::append_pgn(out, g, o.pgn);
    return {};
}

Result<void> append_jsonl(std::string& out, const Document& d, const WriteOptions& o,
                          std::vector<std::string>&) {
    const auto* games = get<std::vector<chess::Game>>(d);
    if (!games) return cannot_write(d, "jsonl");
    for (const chess::Game& g : *games) chess::append_game_json(out, g, {.positions = o.positions});
    return {};
}

template <Result<void> (*Append)(std::string&, const Document&, const WriteOptions&,
                                 std::vector<std::string>&)>
Result<std::string> write_by_appending(const Document& d, const WriteOptions& o,
                                       std::vector<std::string>& notes) {
    std::string out;
    if (Result<void> ok = Append(out, d, o, notes); !ok) return ok.error();
    return out;
}

}  // namespace

GameReport describe_game(const std::vector<chess::Game>& games, std::size_t index, const DescribeOptions&) {
    const chess::Game& g = games[index];
    GameReport r;
    for (const auto& [name, value] : g.tags) r.facts.push_back({name, value});
    r.facts.push_back({"result", std::string(chess::termination(g))});
    if (const std::string ending = chess::describe(chess::final_status(g)); !ending.empty())
        r.facts.push_back({"final", ending});  // how the main line ends
    add_tree_facts(r, g);
    return r;
}

ValueInfo value_info(const chess::Position&) noexcept {
    return {"a chess position", Game::chess, false};
}
ValueInfo value_info(const chess::Epd&) noexcept {
    return {"a chess position", Game::chess, false};
}
ValueInfo value_info(const std::vector<chess::Game>&) noexcept {
    return {"a chess game", Game::chess, true};
}

std::unique_ptr<chess::PgnVisitor> pgn_game_writer(const Format& to, std::string& out,
                                                   const WriteOptions& options) {
    if (to.name == "pgn") return std::make_unique<chess::PgnExporter>(out, options.pgn, true);
    if (to.name == "jsonl")
        return std::make_unique<chess::JsonExporter>(out, true,
                                                     chess::JsonWriteOptions{.positions = options.positions});
    return nullptr;
}

void add_chess_formats(std::vector<Format>& out) {
    out.push_back({"fen", Game::chess, Kind::position,
                   "Forsyth-Edwards Notation (X-FEN castling), or 'startpos'", kFenExtensions, 0, detect_fen,
                   read_fen, validate_fen, accepts_chess_position, write_fen<chess::CastlingNotation::xfen>});
    out.push_back({"xfen",
                   Game::chess,
                   Kind::position,
                   "X-FEN: FEN with Chess960 castling by rook file when needed",
                   {},
                   0,
                   nullptr,
                   read_fen,
                   validate_fen,
                   accepts_chess_position,
                   write_fen<chess::CastlingNotation::xfen>});
    out.push_back({"shredder",
                   Game::chess,
                   Kind::position,
                   "Shredder-FEN: castling always by rook file (HAha)",
                   {},
                   0,
                   nullptr,
                   read_fen,
                   validate_fen,
                   accepts_chess_position,
                   write_fen<chess::CastlingNotation::shredder>});
    out.push_back({"epd", Game::chess, Kind::position,
                   "Extended Position Description: FEN's four fields, operations", kEpdExtensions, 0,
                   detect_epd, read_epd, validate_epd, accepts_chess_position, write_epd});
    out.push_back({"pgn", Game::chess, Kind::record,
                   "Portable Game Notation: tags, moves, comments, variations", kPgnExtensions,
                   kPgnWrite | kStreams | kNodeChoice | kCharset, detect_pgn, read_pgn, validate_pgn,
                   accepts_games, write_by_appending<append_pgn>, append_pgn});
    out.back().eval_notes = EvalNotes::pgn_eval;
    out.push_back(
        {"scid-eco", Game::chess, Kind::record,
         "Scid's ECO opening file (scid.eco): B90a \"Sicilian: Najdorf\" 1.e4 c5 ... *, read as games",
         kScidEcoExtensions, 0, detect_scid_eco, read_game_file<chess::read_scid_eco, kNoOpening>,
         validate_game_file<chess::read_scid_eco, kNoOpening>, nullptr, nullptr});
    out.push_back({"openings-tsv", Game::chess, Kind::record,
                   "lichess's chess-openings TSV: eco, name and pgn columns, read as games",
                   kOpeningTsvExtensions, 0, detect_opening_tsv,
                   read_game_file<chess::read_opening_tsv, kNoOpening>,
                   validate_game_file<chess::read_opening_tsv, kNoOpening>, nullptr, nullptr});
    out.push_back({"lichess-puzzles",
                   Game::chess,
                   Kind::record,
                   "lichess's puzzle database (CSV: PuzzleId, FEN, Moves, ...), each puzzle read as a game "
                   "from its position with its solution",
                   {},
                   0,
                   chess::detect_lichess_puzzles,
                   read_game_file<chess::read_lichess_puzzles, kNoPuzzle>,
                   validate_game_file<chess::read_lichess_puzzles, kNoPuzzle>,
                   nullptr,
                   nullptr});
    out.push_back({"jsonl", Game::chess, Kind::record, "JSON Lines: one object a game (docs/pgn.md)",
                   kJsonlExtensions, kPositions, nullptr, nullptr, nullptr, accepts_games,
                   write_by_appending<append_jsonl>, append_jsonl});
}

}  // namespace kifu::formats
