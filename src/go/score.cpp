#include "kifu/go/score.hpp"

#include <cmath>

#include <fmt/format.h>

#include "kifu/go/coordinates.hpp"
#include "kifu/go/game.hpp"
#include "kifu/go/sgf_values.hpp"

namespace kifu::go {
namespace {

int colour_index(Stone s) noexcept {
    return s == Stone::white ? 1 : 0;
}

// "B+3.5" or "W+R" as a margin, when it is a score.
std::optional<double> result_margin(std::string_view re) {
    if (re == "0" || re == "Draw") return 0.0;
    if (re.size() < 3 || (re[0] != 'B' && re[0] != 'W') || re[1] != '+') return std::nullopt;
    const std::string number(re.substr(2));
    char* end = nullptr;
    const double value = std::strtod(number.c_str(), &end);
    if (end == number.c_str() || *end != '\0' || !std::isfinite(value)) return std::nullopt;
    return re[0] == 'B' ? value : -value;
}

std::string format_points(double points) {
    return std::fmod(points, 1.0) == 0 ? fmt::format("{}", static_cast<long long>(points))
                                       : fmt::format("{}", points);
}

}  // namespace

double Count::black() const noexcept {
    return scoring == Scoring::area ? stones[0] + territory[0] : territory[0] + prisoners[0];
}

double Count::white() const noexcept {
    const double own = scoring == Scoring::area ? stones[1] + territory[1] : territory[1] + prisoners[1];
    return own + komi + compensation;
}

std::string Count::result() const {
    const double m = margin();
    if (m == 0) return "0";
    return fmt::format("{}+{}", m > 0 ? 'B' : 'W', format_points(std::fabs(m)));
}

Count count_board(const Board& board, std::span<const Point> dead, Scoring scoring, double komi,
                  double compensation) {
    const BoardSize size = board.size();
    const int points = size.points();
    // 0 empty, 1 black, 2 white, as the board holds them; dead stones become empty here.
    std::vector<std::uint8_t> cell(static_cast<std::size_t>(points));
    std::vector<bool> is_dead(static_cast<std::size_t>(points), false);
    Count c;
    c.scoring = scoring;
    c.komi = komi;
    c.compensation = compensation;
    c.prisoners[0] = board.prisoners(Stone::black);
    c.prisoners[1] = board.prisoners(Stone::white);
    for (const Point p : dead) {
        if (!p.on(size)) continue;
        const Stone s = board.at(p);
        if (s != Stone::black && s != Stone::white) continue;
        const auto i = static_cast<std::size_t>(p.index(size));
        if (is_dead[i]) continue;
        is_dead[i] = true;
        ++c.prisoners[1 - colour_index(s)];
    }
    for (int i = 0; i < points; ++i) {
        const Stone s = board.at(Point::from_index(size, i));
        const bool alive = (s == Stone::black || s == Stone::white) && !is_dead[static_cast<std::size_t>(i)];
        cell[static_cast<std::size_t>(i)] = alive ? static_cast<std::uint8_t>(colour_index(s) + 1) : 0;
        if (alive) ++c.stones[colour_index(s)];
    }
    // Each region of empty (and dead) points, flooded once: who borders it.
    std::vector<bool> seen(static_cast<std::size_t>(points), false);
    std::vector<int> stack;
    for (int start = 0; start < points; ++start) {
        if (cell[static_cast<std::size_t>(start)] != 0 || seen[static_cast<std::size_t>(start)]) continue;
        int region = 0;
        bool borders[2] = {false, false};
        stack.assign(1, start);
        seen[static_cast<std::size_t>(start)] = true;
        while (!stack.empty()) {
            const int i = stack.back();
            stack.pop_back();
            ++region;
            const int x = i % size.width;
            const int y = i / size.width;
            const int neighbours[4][2] = {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}};
            for (const auto& [nx, ny] : neighbours) {
                if (nx < 0 || ny < 0 || nx >= size.width || ny >= size.height) continue;
                const int n = ny * size.width + nx;
                const std::uint8_t v = cell[static_cast<std::size_t>(n)];
                if (v != 0) {
                    borders[v - 1] = true;
                } else if (!seen[static_cast<std::size_t>(n)]) {
                    seen[static_cast<std::size_t>(n)] = true;
                    stack.push_back(n);
                }
            }
        }
        if (borders[0] != borders[1])
            c.territory[borders[0] ? 0 : 1] += region;
        else
            c.dame += region;
    }
    return c;
}

std::optional<Komi> komi_of(const SgfCollection& sgf, std::uint32_t root) {
    const std::string_view* km = sgf.value(root, "KM");
    if (!km || sgf_type_problem("KM", *km)) return std::nullopt;
    Komi k{std::strtod(std::string(*km).c_str(), nullptr), false};
    if (std::abs(k.points) <= 50) return k;
    // A root may carry AP twice (Fox's files do: the editor's, then foxwq).
    for (const SgfCollection::Property& p : sgf.properties(root))
        if (p.id == "AP")
            for (const std::string_view v : sgf.values(p))
                if (sgf_simple_text(v).starts_with("foxwq")) return Komi{k.points / 50, true};
    return k;
}

Result<GameCount> count_game(const SgfCollection& sgf, std::uint32_t root, const CountOptions& options) {
    std::vector<std::uint32_t> sgf_nodes;
    const Result<Game> tree = game_tree(sgf, root, nullptr, &sgf_nodes, TreeContent::actions);
    if (!tree) return tree.error();
    return count_game(sgf, *tree, sgf_nodes, options);
}

GameCount count_game(const SgfCollection& sgf, const Game& tree, std::span<const std::uint32_t> sgf_nodes,
                     const CountOptions& options) {
    const std::uint32_t root = sgf_nodes[Game::kRoot];
    GameCount out;
    out.rules = *rules_named("Japanese");
    if (options.rules) {
        out.rules = *options.rules;
    } else if (const std::string_view* ru = sgf.value(root, "RU")) {
        if (const std::optional<Rules> r = rules_named(sgf_simple_text(*ru))) {
            out.rules = *r;
            out.rules_from_game = true;
        }
    }
    const NodeId last = tree.main_line_end();
    const std::uint32_t end = sgf_nodes[last];
    const GameState state = replay_to(sgf, tree, sgf_nodes, last, {.rules = out.rules});
    const BoardSize size = state.board.size();

    const double komi = komi_of(sgf, root).value_or(Komi{}).points;
    int handicap = 0;
    if (const std::string_view* ha = sgf.value(root, "HA"); ha && !sgf_type_problem("HA", *ha))
        handicap = std::atoi(std::string(*ha).c_str());
    double compensation = 0;
    if (out.rules.scoring == Scoring::area && handicap >= 2)
        compensation = out.rules.handicap_points_per_stone *
                       (out.rules.first_handicap_stone_counts ? handicap : handicap - 1);

    // Dead stones: given, or the stones that stand on the other colour's marked territory.
    if (options.dead) {
        out.dead = *options.dead;
    } else {
        std::vector<Point> marked;
        for (const auto& [id, owner] : {std::pair{"TB", Stone::black}, std::pair{"TW", Stone::white}}) {
            const SgfCollection::Property* p = sgf.find(end, id);
            if (!p) continue;
            out.marked = true;
            marked.clear();
            for (const std::string_view v : sgf.values(*p)) (void)sgf_expand_points(size, v, marked);
            for (const Point pt : marked)
                if (const Stone s = state.board.at(pt); s != Stone::none && s != owner)
                    out.dead.push_back(pt);
        }
    }
    out.count = count_board(state.board, out.dead, out.rules.scoring, komi, compensation);

    // Two passes at the end of the main line (a node a move, as games are written).
    int passes = 0;
    for (std::uint32_t n = end; n != SgfCollection::kNone && passes < 2; n = sgf.node(n).parent) {
        const SgfCollection::Property* b = sgf.find(n, "B");
        const SgfCollection::Property* w = sgf.find(n, "W");
        const SgfCollection::Property* move = b ? b : w;
        if (!move) {
            if (n == end) continue;  // a last node for the count's markup
            break;
        }
        const auto values = sgf.values(*move);
        const bool pass = values.empty() || values[0].empty() ||
                          (values[0] == "tt" && size.width <= 19 && size.height <= 19);
        if (!pass) break;
        ++passes;
    }
    out.ended_by_passes = passes == 2;

    if (const std::string_view* re = sgf.value(root, "RE")) {
        out.result = sgf_simple_text(*re);
        const std::optional<double> margin = result_margin(out.result);
        // Only a count whose dead stones are known says what RE should be: marked (TB/TW) or
        // given, or played out under rules that take no stones off (Tromp-Taylor). Engines
        // pass with dead stones still on the board, so two passes alone are not enough.
        const bool known =
            out.marked || options.dead || (out.ended_by_passes && out.rules.name == "Tromp-Taylor");
        if (margin && known && std::fabs(*margin - out.count.margin()) > 1e-9)
            out.result_differs =
                fmt::format("RE[{}] but the {} count ({} rules, komi {}{}) gives {}", out.result,
                            to_string(out.rules.scoring), out.rules.name, format_points(komi),
                            options.dead ? ", dead stones as given"
                            : out.marked ? ", dead stones from TB/TW"
                                         : ", no dead stones: the game was played out",
                            out.count.result());
    }
    return out;
}

}  // namespace kifu::go
