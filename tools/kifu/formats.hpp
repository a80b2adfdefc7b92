#pragma once
// The formats the CLI reads and writes, by name, and how a command gets a
// position out of its input. Go formats are handled here; chess ones in
// chess_commands.cpp.

#include <string>
#include <string_view>
#include <vector>

#include "cli_io.hpp"
#include "kifu/core/result.hpp"
#include "kifu/go/hen.hpp"
#include "kifu/go/position.hpp"
#include "kifu/go/sgf.hpp"

namespace kifu::cli {

struct PositionInput;

enum class Format {
    hen,
    hen_url,
    sgf,
    fen,
    xfen,
    shredder,
    epd,
    txt,
    pgn,
    jsonl,
    sfen,
    xiangqi_fen,
    feen,
    feen2015
};

inline const std::vector<std::string> kReadableFormats{
    "hen", "hen-url", "sgf", "fen", "xfen", "shredder", "epd", "pgn", "sfen", "xfen-xiangqi", "feen",
    "feen2015",
    // shogi move lists (convert --game shogi)
    "usi", "csa", "hodges", "hodges-number", "hosking", "japanese", "sassersson"};
inline const std::vector<std::string> kWritableFormats{"hen",      "hen-url",      "sgf",  "fen",     "xfen",
                                                       "shredder", "epd",          "txt",  "pgn",     "jsonl",
                                                       "sfen",     "xfen-xiangqi", "feen", "feen2015"};

constexpr bool is_chess(Format f) noexcept {
    return f == Format::fen || f == Format::xfen || f == Format::shredder || f == Format::epd ||
           f == Format::pgn || f == Format::jsonl;
}

// FEEN and xiangqi FEN, and any position to FEEN (feen_commands.cpp). `letters`: the seed's
// form with letters instead of the chess glyphs.
constexpr bool is_feen_family(Format f) noexcept {
    return f == Format::feen || f == Format::feen2015 || f == Format::xiangqi_fen;
}
int convert_feen_family(const PositionInput& in, Format to, const OutputOptions& output, bool letters);
std::vector<Error> validate_feen_family(const PositionInput& in);

// The shogi position side of convert and validate (shogi_commands.cpp).
int convert_sfen(const PositionInput& in, Format to, const OutputOptions& output);
std::vector<Error> validate_sfen_input(const PositionInput& in);

// The chess side of convert and validate (chess_commands.cpp).
int convert_chess(const PositionInput& in, Format to, const OutputOptions& output);
std::vector<Error> validate_chess(const PositionInput& in);

Format format_from_name(std::string_view name);

// The format of a text given without --from. Fails on text that is no format kifu
// reads (the message says what it looks like, when it can tell).
Result<Format> detect_format(std::string_view text);

struct PositionInput {
    Input input;
    Format format;
};

// INPUT, --text, --from and the SGF node to take, as the commands that read a position
// take them.
struct PositionInputOptions {
    InputOptions input;
    std::string from;
    int move = -1;     // SGF: the position after this move of the main line
    std::string node;  // SGF: a node path (see kifu::go::node_at_path)
    bool superko = false;

    void add_to(CLI::App& command, bool with_node_choice);
};

// Reads the input and settles its format; when the format cannot be told, reports why
// and exits with kInvalidInput.
PositionInput read_position_input(const PositionInputOptions& options);

// Reads an SGF input; a fatal error is reported and exits with kInvalidInput, warnings
// are reported and reading goes on.
go::SgfCollection read_sgf_input(const Input& input);

// The position the input describes; for SGF, at the chosen node of the first game.
// Errors and warnings are reported; an error exits with kInvalidInput.
go::Position read_position(const PositionInput& in, const PositionInputOptions& options);

// Every error in a position text (empty when valid); warnings are reported as they come.
std::vector<Error> validate_position(const PositionInput& in, const PositionInputOptions& options);

Result<std::string> write_position(Format format, const go::Position& position, go::HenWriteOptions options);

// "SOURCE:LINE:COL: warning: MESSAGE [kind]" on stderr.
void report(const go::SgfWarning& warning, std::string_view source);

}  // namespace kifu::cli
