#include "kifu/formats/evaluations.hpp"

#include <cmath>
#include <iterator>

#include <fmt/format.h>

namespace kifu::formats {

std::string pgn_eval_command(const engine::FirstPlayerEval& eval, std::optional<int> depth) {
    std::string value = eval.mate ? fmt::format("#{}", static_cast<long long>(eval.value))
                                  : fmt::format("{:.2f}", eval.value == 0 ? 0.0 : eval.value);
    if (value == "-0.00") value = "0.00";
    if (depth) return fmt::format("[%eval {},{}]", value, *depth);
    return fmt::format("[%eval {}]", value);
}

void put_pgn_eval(std::vector<std::string>& comments, std::string_view command) {
    for (std::string& c : comments) {
        const std::size_t at = c.find("[%eval");
        if (at == std::string::npos) continue;
        const std::size_t end = c.find(']', at);
        c.replace(at, end == std::string::npos ? c.size() - at : end + 1 - at, command);
        return;
    }
    if (comments.empty()) {
        comments.emplace_back(command);
        return;
    }
    comments.front() = std::string(command) + (comments.front().empty() ? "" : " ") + comments.front();
}

std::string engine_comment(EvalNotes style, const engine::Info& info, bool first_to_move, int candidate,
                           std::string_view line) {
    const std::optional<engine::FirstPlayerEval> first = engine::first_player_eval(info.score, first_to_move);
    if (!first || first->points) return {};
    const engine::FirstPlayerEval& eval = *first;
    // Centipawns from black's view; a mate is +-30000, as ShogiHome and Floodgate write it.
    const long long value = eval.mate ? (eval.value > 0 ? 30000 : -30000) : std::llround(eval.value * 100.0);
    std::string out;
    if (style == EvalNotes::floodgate_comment) {
        out = fmt::format("* {}", value);
        if (!line.empty()) fmt::format_to(std::back_inserter(out), " {}", line);
        return out;
    }
    out = "*解析 0";
    if (candidate > 0) fmt::format_to(std::back_inserter(out), " 候補{}", candidate);
    if (info.time_ms) {
        const int tenths = *info.time_ms / 100;
        fmt::format_to(std::back_inserter(out), " 時間 {:02}:{:02}.{}", tenths / 600, tenths / 10 % 60,
                       tenths % 10);
    }
    if (info.depth) {
        fmt::format_to(std::back_inserter(out), " 深さ {}", *info.depth);
        if (info.seldepth) fmt::format_to(std::back_inserter(out), "/{}", *info.seldepth);
    }
    if (info.nodes) fmt::format_to(std::back_inserter(out), " ノード数 {}", *info.nodes);
    fmt::format_to(std::back_inserter(out), " 評価値 {}", value);
    // ShogiGUI's arrows say which way a bound leans, from black's view like the value.
    if (info.score.lower_bound || info.score.upper_bound)
        out += info.score.lower_bound == first_to_move ? "↑" : "↓";
    if (!line.empty()) fmt::format_to(std::back_inserter(out), " 読み筋 {}", line);
    return out;
}

bool is_engine_comment(EvalNotes style, std::string_view comment) noexcept {
    if (style == EvalNotes::shogigui_comment) return comment.starts_with("*解析");
    if (style != EvalNotes::floodgate_comment || !comment.starts_with("* ")) return false;
    std::size_t i = 2;
    if (i < comment.size() && (comment[i] == '-' || comment[i] == '+')) ++i;
    const std::size_t digits = i;
    while (i < comment.size() && comment[i] >= '0' && comment[i] <= '9') ++i;
    return i > digits && (i == comment.size() || comment[i] == ' ');
}

void put_engine_comments(std::vector<std::string>& comments, EvalNotes style,
                         std::vector<std::string> lines) {
    std::erase_if(comments, [&](const std::string& c) { return is_engine_comment(style, c); });
    comments.insert(comments.begin(), std::make_move_iterator(lines.begin()),
                    std::make_move_iterator(lines.end()));
}

std::size_t note_verdicts(go::Record& record, std::size_t game,
                          std::span<const engine::NodeVerdict<go::GameTraits>> verdicts) {
    std::size_t noted = 0;
    for (const engine::NodeVerdict<go::GameTraits>& v : verdicts) {
        if (!v.verdict) continue;
        const auto values = sabaki_values(*v.verdict);
        if (values.empty()) continue;
        // An earlier analysis's values go, also the one this engine does not give (GNU Go's
        // lead after KataGo's win rate would mix two engines' words on one node).
        for (const std::string_view id : {"SBKV", "SBKS"})
            record.sgf.remove_property(record.sgf_nodes(game)[v.node], id);
        for (const auto& [id, text] : values) record.set_node_property(game, v.node, id, text);
        ++noted;
    }
    return noted;
}

double winning_chances(const engine::FirstPlayerEval& eval, bool first_view) {
    double chances = 0;
    if (eval.mate)
        chances = eval.value > 0 ? 1.0 : -1.0;
    else
        chances = 2.0 / (1.0 + std::exp(-0.00368208 * eval.value * 100.0)) - 1.0;
    return first_view ? chances : -chances;
}

int judgement_nag(double loss) noexcept {
    if (loss >= 0.3) return 4;
    if (loss >= 0.2) return 2;
    if (loss >= 0.1) return 6;
    return 0;
}

std::string_view judgement_word(int nag) noexcept {
    switch (nag) {
        case 4:
            return "Blunder";
        case 2:
            return "Mistake";
        case 6:
            return "Inaccuracy";
        default:
            return "";
    }
}

}  // namespace kifu::formats
