#include "kifu/chess/epd.hpp"

#include <fmt/format.h>

#include "kifu/chess/san.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"

namespace kifu::chess {

const std::vector<std::string>* Epd::find(std::string_view opcode) const {
    for (const EpdOperation& op : operations)
        if (op.opcode == opcode) return &op.operands;
    return nullptr;
}

namespace {

// The operands that are moves: bm (best moves), am (avoid moves), pm (predicted move) and
// sm (supplied move) name moves of the position; pv is a line played from it.
Result<void> check_moves(const Position& position, const EpdOperation& op, const std::vector<std::size_t>& at,
                         std::string_view text) {
    const bool alternatives =
        op.opcode == "bm" || op.opcode == "am" || op.opcode == "pm" || op.opcode == "sm";
    if (!alternatives && op.opcode != "pv") return {};
    Position p = position;
    for (std::size_t k = 0; k < op.operands.size(); ++k) {
        const Result<Move> move = parse_san(p, op.operands[k]);
        if (!move)
            return error_at(
                text, at[k], move.error().code,
                fmt::format("the {} operation names a move: {}", op.opcode, move.error().message));
        if (!alternatives) p.play(*move);
    }
    return {};
}

}  // namespace

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
    // A full FEN's two clocks after the four fields (the perft suites' "... - 0 1 ;D1 20"):
    // read as the clocks, not as an operation "0".
    int clocks[2] = {0, 1};
    bool has_clocks = false;
    {
        std::size_t j = i, k = 0;
        int value[2] = {0, 0};
        for (; k < 2; ++k) {
            while (j < n && is_blank(text[j])) ++j;
            const std::size_t digits = j;
            while (j < n && is_digit(text[j]) && j - digits < 7) value[k] = value[k] * 10 + (text[j++] - '0');
            // The first number ends at a blank, the second at a blank or the end: "0 1448;"
            // is an operation (opcode 0), as write_epd writes one.
            if (j == digits || (j < n && !is_blank(text[j]))) break;
        }
        if (k == 2) {
            has_clocks = true;
            clocks[0] = value[0];
            clocks[1] = value[1];
            i = j;
        }
    }
    std::vector<std::size_t> operand_at;  // where each operand of the operation begins
    while (i < n) {
        while (i < n && is_blank(text[i])) ++i;
        if (i >= n) break;
        if (text[i] == ';') {  // ";D1 20 ;D2 400": the perft suites put the ';' before each operation
            ++i;
            continue;
        }
        EpdOperation op;
        const std::size_t opcode_at = i;
        while (i < n && !is_blank(text[i]) && text[i] != ';') op.opcode.push_back(text[i++]);
        if (op.opcode.empty()) return expected_at(text, opcode_at, "an EPD opcode");
        for (;;) {
            while (i < n && is_blank(text[i])) ++i;
            // The end of the text ends the last operation too: perft suites and many other
            // EPD files leave out its ';' (docs/chess.md).
            if (i >= n) break;
            if (text[i] == ';') {
                ++i;
                break;
            }
            operand_at.push_back(i);
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
        if (Result<void> moves = check_moves(epd.position, op, operand_at, text); !moves)
            return moves.error();
        operand_at.clear();
        epd.operations.push_back(std::move(op));
    }
    const auto number = [&](std::string_view opcode, int fallback) {
        const auto* v = epd.find(opcode);
        if (!v || v->empty()) return fallback;
        Scanner in((*v)[0]);
        const Scanner::Number value = in.read_number(1'000'000);
        return value.digits && in.at_end() ? static_cast<int>(value.value) : fallback;
    };
    // Clocks given as a full FEN's fields are kept as EPD's own opcodes (when they say
    // anything), so that writing the EPD keeps them.
    if (has_clocks && clocks[0] != 0 && !epd.find("hmvc"))
        epd.operations.push_back({"hmvc", {std::to_string(clocks[0])}});
    if (has_clocks && clocks[1] != 1 && !epd.find("fmvn"))
        epd.operations.push_back({"fmvn", {std::to_string(clocks[1])}});
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
            // A first operation "0 1" would read back as a full FEN's clocks: its number is
            // quoted then.
            const auto digits = [](std::string_view t) {
                return !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos;
            };
            bool quote = operand.empty() || (&op == &operations.front() && &operand == &op.operands.front() &&
                                             digits(op.opcode) && digits(operand));
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
