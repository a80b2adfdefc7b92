#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/go/coordinates.hpp"

namespace kifu::cli {
namespace {

enum class Form { human, sgf, index };

// Which alphabet a point is written in: "3,15" is an index pair, two letters are SGF,
// a letter and digits (or "pass") are human.
Form detect_form(std::string_view text) {
    if (text.find(',') != std::string_view::npos) return Form::index;
    if (text.size() == 2 && !is_digit(text[1])) return Form::sgf;
    if (text.empty()) return Form::sgf;  // SGF's pass
    return Form::human;
}

Form form_from_name(std::string_view name) {
    return name == "sgf" ? Form::sgf : name == "index" ? Form::index : Form::human;
}

Result<go::Move> read_move(Form form, go::BoardSize size, std::string_view text) {
    switch (form) {
        case Form::sgf:
            return go::sgf_move(size, text);
        case Form::index: {
            Result<go::Point> p = go::from_index(size, text);
            if (!p) return std::move(p).error();
            return go::Move::at(*p);
        }
        case Form::human:
            return go::human_move(size, text);
    }
    return go::human_move(size, text);
}

Result<std::string> write_move(Form form, go::BoardSize size, go::Move move) {
    if (move.is_pass) return form == Form::sgf ? std::string("[]") : std::string("pass");
    switch (form) {
        case Form::sgf:
            return go::to_sgf(size, move.point);
        case Form::index:
            return go::to_index(move.point);
        case Form::human:
            return go::to_human(size, move.point);
    }
    return go::to_human(size, move.point);
}

}  // namespace

Run add_coord_command(CLI::App& app) {
    struct Options {
        std::string size = "19";
        std::vector<std::string> points;
        std::string from;
        std::string to;
        OutputOptions output;
    };
    auto options = std::make_shared<Options>();
    const std::vector<std::string> forms{"human", "sgf", "index"};
    CLI::App* command =
        app.add_subcommand("coord", "Convert Go points between human (D4), SGF (dp) and index (3,15)");
    command->footer(
        "Human columns skip I and count rows from the bottom; SGF counts rows from the top: on 19x19, J10 is "
        "column 8 and jj is column 9.\nExamples:\n  kifu coord --size 19 D4\n  kifu coord --size 19 --to "
        "human jj tt\n"
        "  kifu coord --size 13x9 --to sgf 0,0");
    command->add_option("--size", options->size, "board size, WIDTH or WIDTHxHEIGHT (default 19)")
        ->option_text("W[xH]");
    command
        ->add_option("POINT", options->points, "points to convert (a pass is 'pass', '' or 'tt' up to 19x19)")
        ->required();
    command->add_option("--from", options->from, "the form of the POINTs (detected when omitted)")
        ->check(CLI::IsMember(forms));
    command->add_option("--to", options->to, "print only this form")->check(CLI::IsMember(forms));
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        const Result<go::BoardSize> size = go::parse_board_size(options->size);
        if (!size) fail(kUsage, fmt::format("--size {}: {}", options->size, size.error().message));
        std::string out;
        int status = kOk;
        for (const std::string& text : options->points) {
            const Form from = options->from.empty() ? detect_form(text) : form_from_name(options->from);
            const Result<go::Move> move = read_move(from, *size, text);
            if (!move) {
                report(move.error(), fmt::format("<point '{}'>", text));
                status = kInvalidInput;
                continue;
            }
            if (!options->to.empty()) {
                const Result<std::string> written = write_move(form_from_name(options->to), *size, *move);
                if (!written) {
                    report(written.error(), fmt::format("<point '{}'>", text));
                    status = kInvalidInput;
                    continue;
                }
                out += *written + '\n';
                continue;
            }
            std::string line;
            for (const Form form : {Form::human, Form::sgf, Form::index}) {
                const Result<std::string> written = write_move(form, *size, *move);
                const char* name = form == Form::human ? "human" : form == Form::sgf ? "sgf" : "index";
                line += fmt::format("{}{} {}", line.empty() ? "" : "  ", name,
                                    written ? *written : std::string("-"));
            }
            out += line + '\n';
        }
        {
            Output output(options->output);
            output.write(out);
            output.close();
        }
        return status;
    };
}

}  // namespace kifu::cli
