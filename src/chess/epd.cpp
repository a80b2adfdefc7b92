#include "kifu/chess/epd.hpp"

#include <fmt/format.h>

#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::chess {

const std::vector<std::string>* Epd::find(std::string_view opcode) const {
    for (const EpdOperation& op : operations)
        if (op.opcode == opcode) return &op.operands;
    return nullptr;
}

Result<Epd> parse_epd(std::string_view text) {
    // The four position fields end where the fourth field ends.
    std::size_t i = 0;
    const std::size_t n = text.size();
    for (int field = 0; field < 4; ++field) {
        while (i < n && is_blank(text[i])) ++i;
        while (i < n && !is_blank(text[i])) ++i;
    }
    Result<Position> pos = parse_fen(text.substr(0, i), {.relaxed = true});
    if (!pos) return pos.error();
    Epd epd{std::move(*pos), {}};
    while (i < n) {
        while (i < n && is_blank(text[i])) ++i;
        if (i >= n) break;
        EpdOperation op;
        const std::size_t opcode_at = i;
        while (i < n && !is_blank(text[i]) && text[i] != ';') op.opcode.push_back(text[i++]);
        if (op.opcode.empty()) return expected_at(text, opcode_at, "an EPD opcode");
        for (;;) {
            while (i < n && is_blank(text[i])) ++i;
            if (i >= n) return expected_at(text, i, fmt::format("';' to end the operation {}", op.opcode));
            if (text[i] == ';') {
                ++i;
                break;
            }
            std::string operand;
            if (text[i] == '"') {
                const std::size_t open = i++;
                while (i < n && text[i] != '"') {
                    if (text[i] == '\\' && i + 1 < n) ++i;
                    operand.push_back(text[i++]);
                }
                if (i >= n)
                    return error_at(text, open, ErrorCode::unexpected_end,
                                    "expected '\"' to close the string opened here, found end of input");
                ++i;
            } else {
                while (i < n && !is_blank(text[i]) && text[i] != ';') operand.push_back(text[i++]);
            }
            op.operands.push_back(std::move(operand));
        }
        epd.operations.push_back(std::move(op));
    }
    const auto number = [&](std::string_view opcode, int fallback) {
        const auto* v = epd.find(opcode);
        if (!v || v->empty()) return fallback;
        Scanner in((*v)[0]);
        const Scanner::Number value = in.read_number(1'000'000);
        return value.digits && in.at_end() ? static_cast<int>(value.value) : fallback;
    };
    epd.position.set_clocks(number("hmvc", 0), number("fmvn", 1));
    return epd;
}

std::string write_epd(const Position& position, std::span<const EpdOperation> operations,
                      FenWriteOptions options) {
    std::string fen = write_fen(position, options);
    // Drop the two clock fields.
    for (int k = 0; k < 2; ++k) fen.erase(fen.rfind(' '));
    for (const EpdOperation& op : operations) {
        fen += ' ';
        fen += op.opcode;
        for (const std::string& operand : op.operands) {
            fen += ' ';
            bool quote = operand.empty();
            for (const char c : operand) quote = quote || is_blank(c) || c == ';' || c == '"' || c == '\\';
            if (!quote) {
                fen += operand;
                continue;
            }
            fen += '"';
            for (const char c : operand) {
                if (c == '"' || c == '\\') fen += '\\';
                fen += c;
            }
            fen += '"';
        }
        fen += ';';
    }
    return fen;
}

}  // namespace kifu::chess
