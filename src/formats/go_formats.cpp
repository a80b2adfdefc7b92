// Go's formats: HEN, HEN in a URL, SGF, and the servers' GIB, NGF and UGF (read as SGF).

#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "format_support.hpp"
#include "kifu/core/charset.hpp"
#include "kifu/core/percent_encoding.hpp"
#include "kifu/core/utf8.hpp"
#include "kifu/core/walk.hpp"
#include "kifu/formats/problems.hpp"
#include "kifu/go/board_view.hpp"
#include "kifu/go/coordinates.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/record.hpp"
#include "kifu/go/score.hpp"
#include "kifu/go/server_records.hpp"
#include "kifu/go/sgf_hen.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::formats {
namespace {

constexpr std::string_view kHenExtensions[] = {".hen"};
constexpr std::string_view kSgfExtensions[] = {".sgf"};
constexpr std::string_view kGibExtensions[] = {".gib"};
constexpr std::string_view kNgfExtensions[] = {".ngf"};
constexpr std::string_view kUgfExtensions[] = {".ugf", ".ugi"};

int detect_hen(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    if (t.empty()) return 0;
    const char c = t.front();
    return c == '.' || c == '_' || c == '~' ? 50 : 0;
}

// Percent-encoded HEN is told from plain HEN by what kifu's URL writer does: '%' is a label
// character of plain HEN (a label "%41" is written as it is), and the URL form escapes only
// '%' itself and non-ASCII bytes. So the text is taken as the URL form when it does not read
// as plain HEN, or when each of its escapes is %25 or a byte of a non-ASCII UTF-8 character.
int detect_hen_url(std::string_view text) {
    const std::string_view t = trim_blanks(text);
    if (!looks_percent_encoded(t)) return 0;
    thread_local go::Position scratch;
    if (!go::parse_hen(t, scratch)) return 60;
    const Result<std::string> decoded = percent_decode(t);
    if (!decoded || !utf8::is_valid(*decoded)) return 0;
    for (std::size_t i = t.find('%'); i != std::string_view::npos; i = t.find('%', i + 1)) {
        if (i + 2 >= t.size()) return 0;
        const std::string_view hex = t.substr(i + 1, 2);
        const bool non_ascii = (hex[0] >= '8' && hex[0] <= '9') || (hex[0] >= 'A' && hex[0] <= 'F') ||
                               (hex[0] >= 'a' && hex[0] <= 'f');
        if (!non_ascii && hex != "25") return 0;
        i += 2;
    }
    return 60;
}

int detect_sgf(std::string_view text) {
    // A UTF-16 byte-order mark: SGF is what kifu reads in UTF-16; a UTF-8 one: what follows tells.
    const auto [bom, length] = charset::byte_order_mark(text);
    if (!bom.empty() && bom != "UTF-8") return 100;
    const std::string_view t = trim_blanks(text.substr(length));
    if (t.empty()) return 0;
    if (t.front() == '(' || t.find("(;") != std::string_view::npos) return 100;
    // UTF-16 text has NUL bytes between the ASCII ones; a bounded prefix tells.
    if (!charset::utf16_without_bom(text).empty()) return 100;
    return 0;
}

bool accepts_go_position(const Document& d) {
    return get<go::Position>(d) != nullptr;
}

// HEN's last move is a stone on the board: a suicide's is gone, so it is dropped, and said.
const go::Position* without_gone_last_move(const go::Position& p, go::Position& copy,
                                           std::vector<std::string>& notes) {
    if (!p.last_move_gone()) return &p;
    copy = p;
    copy.last_move.reset();
    const go::Point at = p.last_move->move.point;
    const Result<std::string> human = go::to_human(p.size, at);
    notes.push_back(fmt::format("the last move ({} {}, a suicide: its stone is gone)",
                                go::stone_name(p.last_move->stone), human ? *human : go::to_index(at)));
    return &copy;
}

Result<std::string> write_hen(const Document& d, const WriteOptions& o, std::vector<std::string>& notes) {
    go::Position copy;
    if (const auto* p = get<go::Position>(d))
        return go::write_hen(*without_gone_last_move(*p, copy, notes), {o.always_size, o.pretty});
    return cannot_write(d, "hen");
}

Result<std::string> write_hen_url(const Document& d, const WriteOptions& o, std::vector<std::string>& notes) {
    go::Position copy;
    if (const auto* p = get<go::Position>(d))
        return go::write_hen_url(*without_gone_last_move(*p, copy, notes), {o.always_size, o.pretty});
    return cannot_write(d, "hen-url");
}

std::vector<Error> validate_hen(std::string_view text, const ReadOptions&, std::vector<Error>&) {
    return go::validate_hen(text);
}

std::vector<Error> validate_hen_url(std::string_view text, const ReadOptions&, std::vector<Error>&) {
    Result<std::string> decoded = percent_decode(text);
    if (!decoded) return {decoded.error()};
    return go::validate_hen(*decoded);
}

// Every check of the games of a collection read from any Go record format.
std::vector<Error> validate_collection(Result<go::SgfCollection> sgf, const ReadOptions& options,
                                       std::vector<Error>& warnings) {
    if (!sgf) return {sgf.error()};
    if (sgf->games().empty())
        return {Error{ErrorCode::unexpected_end, {0, 1, 1}, "expected a game tree '(;...)', found none"}};
    std::vector<go::SgfWarning> found = sgf->warnings();
    std::vector<Error> errors;
    for (const std::uint32_t root : sgf->games())
        if (Result<void> ok = go::check_game(*sgf, root, sgf_replay_options(options), found); !ok)
            errors.push_back(ok.error());
    for (const go::SgfWarning& w : found) warnings.push_back(go::warning_error(w));
    return errors;
}

// SGF, GIB, NGF and UGF: each read into an SGF collection (GIB, NGF and UGF by
// go/server_records.hpp), and the collection as the record.
using CollectionReader = Result<go::SgfCollection> (*)(std::string_view, const go::SgfReadOptions&);

template <CollectionReader reader>
Result<Document> read_collection(std::string_view text, const ReadOptions& options) {
    Result<go::SgfCollection> sgf = reader(text, {.charset = options.charset});
    if (!sgf) return std::move(sgf).error();
    if (sgf->games().empty())
        return Error{ErrorCode::unexpected_end, {0, 1, 1}, "expected a game tree '(;...)', found none"};
    Document d{Value{go::record_of(std::move(*sgf))}, {}};
    for (const go::SgfWarning& w : std::get<go::Record>(d.value).sgf.warnings())
        d.warnings.push_back(go::warning_error(w));
    return d;
}

template <CollectionReader reader>
std::vector<Error> validate_with(std::string_view text, const ReadOptions& options,
                                 std::vector<Error>& warnings) {
    return validate_collection(reader(text, {.charset = options.charset}), options, warnings);
}

std::string_view without_bom(std::string_view text) {
    const auto [bom, length] = charset::byte_order_mark(text);
    return bom == "UTF-8" ? text.substr(length) : text;
}

int detect_gib(std::string_view text) {
    const std::string_view t = trim_blanks(without_bom(text));
    return t.starts_with("\\HS") || t.starts_with("\\GS") ? 100 : 0;
}

int detect_ugf(std::string_view text) {
    return trim_blanks(without_bom(text)).starts_with("[Header]") ? 100 : 0;
}

// NGF has no mark of its own: the board size on its second line, the number of moves on
// its twelfth, and "PM" moves after it (or none); or the "GI" variant (go/server_records.hpp).
int detect_ngf(std::string_view text) {
    text = without_bom(text);
    std::string_view line[13];
    std::size_t n = 0;
    while (n < 13 && !text.empty()) {
        const std::size_t end = text.find('\n');
        line[n++] = trim_blanks(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    }
    const auto number = [](std::string_view s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    // The variant whose header lines start with "GI" has the board size on its seventh.
    if (n >= 7 && line[0].starts_with("GI") && line[6].starts_with("GI") && number(line[6].substr(2)))
        return 80;
    if (n < 12 || !number(line[1]) || !number(line[5]) || !number(line[11])) return 0;
    return n == 12 || line[12].starts_with("PM") ? 80 : 0;
}

bool accepts_sgf(const Document& d) {
    return get<go::Position>(d) || get<go::Record>(d);
}

Result<std::string> write_sgf(const Document& d, const WriteOptions&, std::vector<std::string>& notes) {
    if (const auto* record = get<go::Record>(d)) return go::write_sgf(record->sgf);
    if (const auto* p = get<go::Position>(d)) {
        Result<go::SgfCollection> sgf = go::hen_to_sgf(*p, &notes);
        if (!sgf) return sgf.error();
        return go::write_sgf(*sgf);
    }
    return cannot_write(d, "sgf");
}

// Game-info properties (FF[4]) in the order a reader wants them, with their names.
constexpr std::pair<std::string_view, std::string_view> kGameInfo[] = {
    {"GN", "game"},     {"EV", "event"},      {"RO", "round"},      {"DT", "date"},
    {"PC", "place"},    {"PB", "black"},      {"BR", "black rank"}, {"BT", "black team"},
    {"PW", "white"},    {"WR", "white rank"}, {"WT", "white team"}, {"RE", "result"},
    {"KM", "komi"},     {"HA", "handicap"},   {"RU", "rules"},      {"TM", "time"},
    {"OT", "overtime"}, {"GC", "comment"},    {"ON", "opening"},    {"SO", "source"},
    {"US", "user"},     {"AN", "annotator"},  {"CP", "copyright"},  {"AP", "application"},
};

// Dead stones as given: points in SGF ("dd") or human ("D16") coordinates, separated by
// commas or blanks.
Result<std::vector<go::Point>> dead_points(go::BoardSize size, std::string_view list) {
    std::vector<go::Point> out;
    std::size_t i = 0;
    while (i < list.size()) {
        while (i < list.size() && (list[i] == ',' || list[i] == ' ')) ++i;
        const std::size_t start = i;
        while (i < list.size() && list[i] != ',' && list[i] != ' ') ++i;
        if (i == start) break;
        const std::string_view token = list.substr(start, i - start);
        Result<go::Point> p = go::from_sgf(size, token);
        if (!p) p = go::from_human(size, token);
        if (!p)
            return unplaced_error(
                ErrorCode::unexpected_character,
                fmt::format("dead stones: '{}' is no point of a {}x{} board (SGF 'dd' or human 'D16')", token,
                            size.width, size.height));
        out.push_back(*p);
    }
    return out;
}

// The count of a game as facts: the rule set, and the count where there is one.
void add_count_facts(GameReport& r, const go::GameCount& g) {
    r.facts.push_back(
        {"rule set",
         fmt::format("{} ({}, {} count{}){}", g.rules.name, go::to_string(g.rules.ko),
                     go::to_string(g.rules.scoring), g.rules.suicide_allowed ? ", group suicide allowed" : "",
                     g.rules_from_game ? "" : ": no RU that kifu knows, so Japanese")});
    // Only a counted game (TB/TW) or one played out (two passes) has a count to show.
    if (g.marked || g.ended_by_passes) {
        const go::Count& c = g.count;
        const bool area = c.scoring == go::Scoring::area;
        r.facts.push_back(
            {"count",
             fmt::format("{}: black {} ({} territory, {} {}), white {} ({} territory, {} {}, komi {}{}); {}",
                         go::to_string(c.scoring), c.black(), c.territory[0],
                         area ? c.stones[0] : c.prisoners[0], area ? "stones" : "prisoners", c.white(),
                         c.territory[1], area ? c.stones[1] : c.prisoners[1], area ? "stones" : "prisoners",
                         c.komi, c.compensation != 0 ? fmt::format(", handicap {}", c.compensation) : "",
                         c.result())});
        if (!g.dead.empty())
            r.facts.push_back({"dead stones", std::to_string(g.dead.size())});
        else if (!g.marked)
            r.facts.push_back({"dead stones", "none marked (the count takes every stone as alive)"});
    }
    if (g.result_differs) r.warnings.push_back(unplaced_error(ErrorCode::conflict, *g.result_differs));
}

// The shape of a game's tree, in SGF's terms: nodes, not moves.
struct TreeShape {
    std::size_t nodes = 0;
    std::size_t lines = 0;    // nodes without children
    std::size_t deepest = 0;  // in nodes: an SGF line's length
};

TreeShape tree_shape(const go::Game& tree) {
    TreeShape shape{tree.size(), tree.line_count(), 0};
    // The one walk (core/walk.hpp), its state a node's depth: nothing is played.
    walk_depth_first(
        go::Game::kRoot, std::size_t{1},
        [&](NodeId n, auto&& child) {
            for (const NodeId c : tree.nodes[n].children) child(c);
        },
        [](std::size_t& depth, NodeId) { ++depth; },
        [&](NodeId n, std::size_t depth) {
            if (tree.nodes[n].children.empty()) shape.deepest = std::max(shape.deepest, depth);
            return true;
        });
    return shape;
}

}  // namespace

GameReport describe_game(const go::Record& record, std::size_t i, const DescribeOptions& options) {
    const go::SgfCollection& sgf = record.sgf;  // the game-info and the count read the raw properties
    const go::ReplayOptions replay = sgf_replay_options(options.read);
    GameReport r;
    const std::uint32_t root = sgf.games()[i];
    // A tree made for the report and not kept (go::check_game's way): `kifu info` on a
    // collection holds one game's tree at a time.
    std::vector<go::SgfWarning> warnings;
    std::vector<std::uint32_t> sgf_nodes;
    const Result<go::Game> tree = go::game_tree(sgf, root, &warnings, &sgf_nodes, go::TreeContent::actions);
    if (!tree) {
        r.errors.push_back(tree.error());
        return r;
    }
    const go::BoardSize size = tree->start.board.size();
    r.facts.push_back({"size", fmt::format("{}x{}", size.width, size.height)});
    r.facts.push_back({"charset", std::string(sgf.charset(i))});
    for (const auto& [id, name] : kGameInfo)
        if (const std::string_view* v = sgf.value(root, id)) {
            std::string value = go::sgf_simple_text(*v);
            if (id == "KM")
                if (const std::optional<go::Komi> k = go::komi_of(sgf, root); k && k->fox_units)
                    value = fmt::format("{} (KM[{}]: Fox's hundredths of a stone)", k->points, value);
            r.facts.push_back({std::string(name), std::move(value)});
        }
    const NodeId end = tree->main_line_end();
    const go::GameState state = go::replay_to(sgf, *tree, sgf_nodes, end, replay, &warnings);
    r.facts.push_back({"moves", std::to_string(state.moves)});
    r.facts.push_back({"prisoners", fmt::format("black {}, white {}", state.board.prisoners(go::Stone::black),
                                                state.board.prisoners(go::Stone::white))});
    const TreeShape shape = tree_shape(*tree);
    r.facts.push_back(
        {"lines", fmt::format("{} (the main line and {} other)", shape.lines, shape.lines - 1)});
    r.facts.push_back({"nodes", fmt::format("{} (deepest line {})", shape.nodes, shape.deepest)});
    go::CountOptions count_options{.rules = replay.rules};
    if (!options.dead.empty()) {
        Result<std::vector<go::Point>> dead = dead_points(size, options.dead);
        if (!dead) {
            r.errors.push_back(dead.error());
            return r;
        }
        count_options.dead = std::move(*dead);
    }
    if (const Result<go::GameCount> counted = go::count_game(sgf, *tree, sgf_nodes, count_options))
        add_count_facts(r, *counted);
    go::in_file_order(warnings);
    for (const go::SgfWarning& w : warnings) r.warnings.push_back(go::warning_error(w));
    return r;
}

go::ReplayOptions sgf_replay_options(const ReadOptions& options) {
    go::ReplayOptions out;
    out.superko = options.superko;
    if (!options.rules.empty()) out.rules = go::rules_named(options.rules);
    return out;
}

Result<Document> node_document(const go::Record& record, std::size_t game, NodeId node,
                               const ReadOptions& options) {
    std::vector<go::SgfWarning> warnings;
    Result<go::Position> p = go::position_at(record, game, node, sgf_replay_options(options), &warnings);
    if (!p) return p.error();
    Document out{Value{std::move(*p)}, {}};
    // The values the tree could not read (a point off the board, ...), then the rules
    // broken on the way to the node.
    out.warnings = record.game(game).warnings;
    for (const go::SgfWarning& w : warnings) out.warnings.push_back(go::warning_error(w));
    return out;
}

std::vector<NodeReadings> game_readings(const go::Record& record, std::size_t game) {
    const std::vector<std::uint32_t>& raw = record.sgf_nodes(game);
    std::vector<NodeReadings> out(raw.size());
    // A number as Sabaki writes it ("55.20"); a value that is none is no reading.
    const auto number = [&](std::uint32_t node, std::string_view id) -> std::optional<double> {
        const std::string_view* v = record.sgf.value(node, id);
        if (!v) return std::nullopt;
        const std::string_view t = trim_blanks(*v);
        double x = 0;
        const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), x);
        if (ec != std::errc{} || end != t.data() + t.size() || !std::isfinite(x)) return std::nullopt;
        return x;
    };
    for (std::size_t id = 0; id < raw.size(); ++id) {
        if (const auto v = number(raw[id], "SBKV"); v && *v >= 0 && *v <= 100) out[id].win_rate = *v / 100.0;
        out[id].eval = number(raw[id], "SBKS");
    }
    return out;
}

Result<BoardView> node_view(const go::Game& game, const go::GameState& state, NodeId node,
                            const go::GameState*) {
    return go::board_view(go::position_of(state, game.nodes[node].marks()));
}

Result<const go::Record*> problem_collection(const Document& document) {
    if (const auto* record = get<go::Record>(document)) return record;
    return Error{ErrorCode::unsupported,
                 "expected a Go problem collection (SGF), found something else: a shogi tsume or a chess "
                 "mate is solved by kifu solve"};
}

ValueInfo value_info(const go::Position&) noexcept {
    return {"a Go position", Game::go, false};
}
ValueInfo value_info(const go::Record&) noexcept {
    return {"an SGF collection", Game::go, true};
}

void add_go_formats(std::vector<Format>& out) {
    out.push_back({"hen", Game::go, Kind::position, "Hemme Notation: a Go position on one line",
                   kHenExtensions, kPretty | kAlwaysSize, detect_hen,
                   [](std::string_view text, const ReadOptions&) { return document(go::parse_hen(text)); },
                   validate_hen, accepts_go_position, write_hen});
    out.push_back({"hen-url",
                   Game::go,
                   Kind::position,
                   "HEN percent-encoded for a URL",
                   {},
                   kPretty | kAlwaysSize,
                   detect_hen_url,
                   [](std::string_view text, const ReadOptions&) {
                       return document(go::parse_hen_url(trim_blanks(text)));
                   },
                   validate_hen_url,
                   accepts_go_position,
                   write_hen_url});
    out.push_back({"sgf", Game::go, Kind::record, "Smart Game Format FF[1]-FF[4] (Go), any charset",
                   kSgfExtensions, kSuperko | kNodeChoice | kSgfMove | kCharset, detect_sgf,
                   read_collection<go::read_sgf>, validate_with<go::read_sgf>, accepts_sgf, write_sgf});
    out.back().eval_notes = EvalNotes::sabaki_values;
    constexpr std::uint32_t kServerRecord = kSuperko | kNodeChoice | kSgfMove | kCharset;
    out.push_back({"gib", Game::go, Kind::record, "Tygem's and Fox's Go records (read as SGF)",
                   kGibExtensions, kServerRecord, detect_gib, read_collection<go::read_gib>,
                   validate_with<go::read_gib>});
    out.push_back({"ngf", Game::go, Kind::record, "WBaduk's (Cyberoro's) Go records (read as SGF)",
                   kNgfExtensions, kServerRecord, detect_ngf, read_collection<go::read_ngf>,
                   validate_with<go::read_ngf>});
    out.push_back({"ugf", Game::go, Kind::record, "Pandanet's Go records, UGF and UGI (read as SGF)",
                   kUgfExtensions, kServerRecord, detect_ugf, read_collection<go::read_ugf>,
                   validate_with<go::read_ugf>});
}

}  // namespace kifu::formats
