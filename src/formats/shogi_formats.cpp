// Shogi's formats: SFEN (and USI position commands), move lists in each notation, and the
// records KIF, KI2, CSA (V2.2 and V3.0 written) and JKF.

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/shogi/game.hpp"
#include "kifu/shogi/handicap.hpp"
#include "kifu/shogi/record.hpp"
#include "kifu/shogi/sfen.hpp"

namespace kifu::formats {
namespace {

constexpr std::string_view kSfenExtensions[] = {".sfen"};

int detect_sfen(std::string_view text) {
    std::string_view t = trim_blanks(text);
    if (t == "startpos") return kStartposScore;
    if (t.starts_with("startpos ") || t.starts_with("position ")) return 91;
    if (t.starts_with("sfen ")) t = trim_blanks(t.substr(5));
    return looks_like_placement(first_field(t), 9, "plnsgbrkPLNSGBRK+123456789") ? 91 : 0;
}

bool usi_position_command(std::string_view t) {
    return t == "startpos" || t.starts_with("startpos ") || t.starts_with("sfen ") ||
           t.starts_with("position ");
}

// The sfen format: an SFEN or a USI position (handicap names are for --position only).
Result<shogi::Position> shogi_position(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    if (usi_position_command(t)) return shogi::parse_usi_position(t);
    return shogi::parse_sfen(t, {.relaxed = true});
}

std::vector<Error> validate_sfen(std::string_view text, const ReadOptions&, std::vector<Error>&) {
    const std::string_view t = trim_blanks(text);
    if (!usi_position_command(t)) return shogi::validate_sfen(t, {.relaxed = true});
    Result<shogi::Position> p = shogi::parse_usi_position(t);
    if (!p) return {p.error()};
    std::vector<Error> out;
    for (const shogi::Problem& problem : shogi::validity_problems(*p)) out.push_back(problem_error(problem));
    return out;
}

bool accepts_shogi_position(const Document& d) {
    return get<shogi::Position>(d) != nullptr;
}

Result<std::string> write_sfen(const Document& d, const WriteOptions&, std::vector<std::string>&) {
    if (const auto* p = get<shogi::Position>(d)) return shogi::write_sfen(*p);
    return cannot_write(d, "sfen");
}

template <shogi::Notation N>
Result<Document> read_moves(std::string_view text, const ReadOptions& options) {
    shogi::Position start = shogi::Position::start();
    if (!options.start.empty()) {
        Result<shogi::Position> p = shogi::read_start_position(options.start);
        if (!p) {
            Error e = p.error();
            e.message = "--position: " + e.message;
            e.line = e.column = 0;
            return e;
        }
        start = *p;
    }
    Result<shogi::Game> game = shogi::read_move_list(text, N, start);
    if (!game) return game.error();
    std::vector<shogi::Game> games;
    games.push_back(std::move(*game));
    return Document{Value{std::move(games)}, {}};
}

template <shogi::Notation N>
std::vector<Error> validate_moves(std::string_view text, const ReadOptions& options, std::vector<Error>&) {
    return read_errors(read_moves<N>(text, options));
}

bool accepts_shogi_game(const Document& d) {
    const auto* games = get<std::vector<shogi::Game>>(d);
    return games && !games->empty();
}

// The first game of a record, saying what is left out of one that holds several.
const shogi::Game* first_game(const Document& d, std::string_view format, std::vector<std::string>& notes) {
    const auto* games = get<std::vector<shogi::Game>>(d);
    if (!games || games->empty()) return nullptr;
    if (games->size() > 1)
        notes.push_back(fmt::format("games 2 to {} ({} holds one game; --game-index N picks another)",
                                    games->size(), format));
    return &games->front();
}

template <shogi::Notation N>
Result<std::string> write_moves(const Document& d, const WriteOptions&, std::vector<std::string>& notes) {
    if (const shogi::Game* g = first_game(d, shogi::to_string(N), notes)) {
        std::size_t variations = 0;
        for (const shogi::Game::Node& n : g->nodes)
            variations += n.children.size() > 1 ? n.children.size() - 1 : 0;
        if (variations)
            notes.push_back(fmt::format("{} variation{} (a move list holds the main line only)", variations,
                                        variations == 1 ? "" : "s"));
        return shogi::write_move_list(*g, N);
    }
    return cannot_write(d, shogi::to_string(N));
}

// A move list's format is named after its notation; CSA's is csa-moves, since csa is the record.
template <shogi::Notation N>
Format move_list(std::string_view description) {
    return {N == shogi::Notation::csa ? std::string_view("csa-moves") : shogi::to_string(N),
            Game::shogi,
            Kind::move,
            description,
            {},
            kStartPosition | kNodeChoice,
            nullptr,
            read_moves<N>,
            validate_moves<N>,
            accepts_shogi_game,
            write_moves<N>};
}

// Records ------------------------------------------------------------------------------

// The decoded text of a record's first lines, for the detectors (.kif files are Shift_JIS).
std::string head_of(std::string_view text) {
    std::string_view head = text.substr(0, 8192);
    if (head.size() < text.size())
        if (const std::size_t end = head.rfind('\n'); end != std::string_view::npos)
            head = head.substr(0, end + 1);
    Result<std::string> decoded = shogi::decode_record(head);
    return decoded ? std::move(*decoded) : std::string();
}

// Whether a line of `t` starts with `prefix` (after blanks).
bool has_line_starting(std::string_view t, std::string_view prefix) {
    for (std::size_t at = 0; at < t.size();) {
        std::size_t end = t.find('\n', at);
        if (end == std::string_view::npos) end = t.size();
        std::string_view line = t.substr(at, end - at);
        while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
        if (line.starts_with(prefix)) return true;
        at = end + 1;
    }
    return false;
}

bool has_header_line(std::string_view t) {
    for (const std::string_view key :
         {"手合割：", "先手：", "後手：", "開始日時：", "棋戦：", "下手：", "上手："})
        if (has_line_starting(t, key)) return true;
    return false;
}

int detect_kif(std::string_view text) {
    const std::string t = head_of(text);
    if (t.starts_with("#KIF") || t.find("手数----指手") != std::string::npos) return 95;
    if (has_header_line(t) && t.find("(77)") != std::string::npos) return 80;
    return 0;
}

int detect_ki2(std::string_view text) {
    const std::string t = head_of(text);
    if (t.find("手数----指手") != std::string::npos || t.starts_with("#KIF")) return 0;
    const bool moves = has_line_starting(t, "▲") || has_line_starting(t, "△");
    if (moves && (has_header_line(t) || t.find("まで") != std::string::npos)) return 85;
    return 0;
}

int detect_csa(std::string_view text) {
    const std::string t = head_of(text);
    if (t.starts_with("'CSA") || has_line_starting(t, "V2") || has_line_starting(t, "V3.")) return 90;
    if (has_line_starting(t, "PI") || has_line_starting(t, "P1") || has_line_starting(t, "N+")) return 85;
    return 0;
}

int detect_jkf(std::string_view text) {
    const std::string_view t = trim_blanks(text.substr(0, 4096));
    if (t.starts_with("{") && t.find("\"moves\"") != std::string_view::npos) return 90;
    if (t.starts_with("{") && t.find("\"header\"") != std::string_view::npos) return 80;
    return 0;
}

template <Result<std::vector<shogi::Game>> (*Read)(std::string_view, std::string_view)>
Result<Document> read_record(std::string_view text, const ReadOptions& options) {
    Result<std::vector<shogi::Game>> games = Read(text, options.charset);
    if (!games) return games.error();
    // A game's warnings are its own (Python's Game.warnings) and the document's (the CLI's).
    Document d{Value{}, {}};
    for (const shogi::Game& g : *games)
        d.warnings.insert(d.warnings.end(), g.warnings.begin(), g.warnings.end());
    d.value = std::move(*games);
    return d;
}

template <Result<std::vector<shogi::Game>> (*Read)(std::string_view, std::string_view)>
std::vector<Error> validate_record(std::string_view text, const ReadOptions& options,
                                   std::vector<Error>& warnings) {
    return read_errors(read_record<Read>(text, options), warnings);
}

enum class RecordOut : std::uint8_t { kif, ki2, csa, csa3, jkf };

template <RecordOut F>
Result<std::string> write_record(const Document& d, const WriteOptions& options,
                                 std::vector<std::string>& notes) {
    constexpr std::string_view kNames[] = {"kif", "ki2", "csa", "csa3", "jkf"};
    const std::string_view name = kNames[static_cast<std::size_t>(F)];
    std::string out;
    if constexpr (F == RecordOut::csa || F == RecordOut::csa3) {
        // CSA holds several records, separated by '/'.
        const auto* games = get<std::vector<shogi::Game>>(d);
        if (!games || games->empty()) return cannot_write(d, name);
        for (const shogi::Game& g : *games) {
            if (!out.empty()) out += "/\n";
            out += shogi::write_csa(
                g, F == RecordOut::csa ? shogi::CsaVersion::v2_2 : shogi::CsaVersion::v3_0, notes);
        }
    } else {
        const shogi::Game* g = first_game(d, name, notes);
        if (!g) return cannot_write(d, name);
        out = F == RecordOut::kif   ? shogi::write_kif(*g, notes)
              : F == RecordOut::ki2 ? shogi::write_ki2(*g, notes)
                                    : shogi::write_jkf(*g, notes);
    }
    if (options.shift_jis) return shogi::to_shift_jis(out);
    return out;
}

constexpr std::string_view kKifExtensions[] = {".kif", ".kifu"};
constexpr std::string_view kKi2Extensions[] = {".ki2", ".ki2u"};
constexpr std::string_view kCsaExtensions[] = {".csa"};
constexpr std::string_view kJkfExtensions[] = {".jkf"};

}  // namespace

GameReport describe_game(const std::vector<shogi::Game>& games, std::size_t index, const DescribeOptions&) {
    const shogi::Game& game = games[index];
    GameReport r;
    for (const auto& [name, value] : game.tags) r.facts.push_back({name, value});
    const shogi::Handicap* h = shogi::handicap_of(game.start);
    r.facts.push_back(
        {"start", h ? fmt::format("{} ({})", h->japanese, h->romanised) : shogi::write_sfen(game.start)});
    add_tree_facts(r, game);
    const std::vector<NodeId> main = game.main_line();
    const NodeId last = main.empty() ? shogi::Game::kRoot : main.back();
    const shogi::Position end = game.position_after(last);
    if (const Ending ending = game.node(last).ending; ending != Ending::none)
        r.facts.push_back({"result", fmt::format("{} ({})", to_string(ending),
                                                 shogi::closing_line(ending, main.size(), end.side_to_move(),
                                                                     h && h->japanese != "平手"))});
    else if (!game.result.empty())
        r.facts.push_back({"result", game.result});
    for (const shogi::LineFinding& f : shogi::judge_lines(game))
        r.facts.push_back({"judged", f.message + (f.contradicts ? " (the record says otherwise)" : "")});
    if (Result<BoardView> view = board_view(Document{Value{end}, {}})) r.board = std::move(*view);
    return r;
}

ValueInfo value_info(const shogi::Position&) noexcept {
    return {"a shogi position", Game::shogi, false};
}
ValueInfo value_info(const std::vector<shogi::Game>&) noexcept {
    return {"a shogi record", Game::shogi, true};
}

void add_shogi_formats(std::vector<Format>& out) {
    out.push_back({"sfen", Game::shogi, Kind::position, "SFEN, or a USI position ('startpos moves 7g7f ...')",
                   kSfenExtensions, 0, detect_sfen,
                   [](std::string_view text, const ReadOptions&) { return document(shogi_position(text)); },
                   validate_sfen, accepts_shogi_position, write_sfen});
    out.push_back(move_list<shogi::Notation::usi>("shogi moves in USI: 7g7f 8h2b+ P*5e"));
    out.push_back(move_list<shogi::Notation::csa>("shogi moves in CSA: +7776FU -8822UM (csa is the record)"));
    out.push_back(move_list<shogi::Notation::hodges>("shogi moves in Hodges' notation: P-7f Bx2b+ N*3c"));
    out.push_back(
        move_list<shogi::Notation::hodges_number>("shogi moves in Hodges' notation with rank digits: P-76"));
    out.push_back(move_list<shogi::Notation::hosking>("shogi moves in Hosking's notation: P76 Bx22+ N'33"));
    out.push_back(move_list<shogi::Notation::japanese>("shogi moves in Japanese (KI2): ▲７六歩 △同　歩"));
    out.push_back(
        move_list<shogi::Notation::sassersson>("shogi moves in Sassersson's notation: 76fu 22gin↗+"));
    out.push_back({"kif", Game::shogi, Kind::record,
                   "KIF (Kakinoki) shogi record: 手合割, '   1 ７六歩(77)   ( 0:16/00:00:16)', 変化 branches",
                   kKifExtensions, kNodeChoice | kEncoding | kCharset, detect_kif,
                   read_record<shogi::read_kif>, validate_record<shogi::read_kif>, accepts_shogi_game,
                   write_record<RecordOut::kif>});
    out.back().eval_notes = EvalNotes::shogigui_comment;
    out.push_back({"ki2", Game::shogi, Kind::record,
                   "KI2 shogi record: the KIF header, moves in Japanese notation, 'まで109手で先手の勝ち'",
                   kKi2Extensions, kNodeChoice | kEncoding | kCharset, detect_ki2,
                   read_record<shogi::read_ki2>, validate_record<shogi::read_ki2>, accepts_shogi_game,
                   write_record<RecordOut::ki2>});
    out.back().eval_notes = EvalNotes::shogigui_comment;
    out.push_back({"csa", Game::shogi, Kind::record,
                   "CSA shogi record (reads V2 to V3.0, writes V2.2): N+, $EVENT:, PI, +7776FU, T12, %TORYO",
                   kCsaExtensions, kNodeChoice | kEncoding | kCharset, detect_csa,
                   read_record<shogi::read_csa>, validate_record<shogi::read_csa>, accepts_shogi_game,
                   write_record<RecordOut::csa>});
    out.back().eval_notes = EvalNotes::floodgate_comment;
    out.push_back({"csa3",
                   Game::shogi,
                   Kind::record,
                   "CSA V3.0 shogi record (as csa, written as V3.0 in UTF-8, with times to the millisecond)",
                   {},
                   kNodeChoice | kEncoding | kCharset,
                   nullptr,
                   read_record<shogi::read_csa>,
                   validate_record<shogi::read_csa>,
                   accepts_shogi_game,
                   write_record<RecordOut::csa3>});
    out.back().eval_notes = EvalNotes::floodgate_comment;
    out.push_back({"jkf", Game::shogi, Kind::record,
                   "JKF (JSON Kifu Format) shogi record, as json-kifu-format defines it", kJkfExtensions,
                   kNodeChoice, detect_jkf, read_record<shogi::read_jkf>, validate_record<shogi::read_jkf>,
                   accepts_shogi_game, write_record<RecordOut::jkf>});
    // JKF's comments are KIF's lines (json-kifu-format): Kifu for JS reads ShogiGUI's there too.
    out.back().eval_notes = EvalNotes::shogigui_comment;
}

}  // namespace kifu::formats
