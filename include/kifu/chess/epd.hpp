#pragma once
// EPD: the first four FEN fields, then operations "opcode operand ...;" such as
// bm Nf3; id "WAC.001"; c0 "a comment"; hmvc 0; fmvn 1; pv e4 e5 Nf3;
// Operands are kept as text (quoted strings unquoted, \" and \\ unescaped); hmvc
// and fmvn also set the position's clocks.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kifu/chess/fen.hpp"

namespace kifu::chess {

struct EpdOperation {
    std::string opcode;
    std::vector<std::string> operands;
    bool operator==(const EpdOperation&) const = default;
};

struct Epd {
    Position position;
    std::vector<EpdOperation> operations;

    // The operands of an opcode, or nullptr.
    const std::vector<std::string>* find(std::string_view opcode) const;
};

Result<Epd> parse_epd(std::string_view text);

// Four FEN fields, then the operations; an operand holding a blank, ';' or '"' is quoted.
std::string write_epd(const Position& position, std::span<const EpdOperation> operations,
                      FenWriteOptions options = {});

}  // namespace kifu::chess
