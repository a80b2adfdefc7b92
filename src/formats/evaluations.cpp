#include "kifu/formats/evaluations.hpp"

#include <cmath>

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
