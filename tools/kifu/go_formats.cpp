#include "go_formats.hpp"

#include "kifu/core/percent_encoding.hpp"
#include "kifu/core/scanner.hpp"
#include "kifu/core/text_position.hpp"
#include "kifu/go/diagram.hpp"

namespace kifu::cli {

Format format_from_name(std::string_view name) {
    if (name == "hen-url") return Format::hen_url;
    if (name == "txt") return Format::txt;
    return Format::hen;
}

Result<Format> detect_format(std::string_view text) {
    Scanner in(text, Scanner::Blanks::ignored);
    const std::size_t start = in.offset();
    if (in.at_end()) return Format::hen;  // an empty HEN is an empty 19x19 board
    // HEN is all unreserved URL characters but for its labels, so an escape means the URL form.
    if (looks_percent_encoded(text)) return Format::hen_url;
    const char first = in.peek();
    if (first == '.' || first == '_' || first == '~') return Format::hen;
    if (first == '(' || first == '[')
        return error_at(text, start, ErrorCode::unsupported,
                        "this looks like SGF or PGN, which this version of kifu does not read; give --from");
    return error_at(text, start, ErrorCode::unexpected_character,
                    "cannot tell the input format (HEN starts with '.', '_' or '~'); give --from");
}

Result<Format> input_format(std::string_view from_name, std::string_view text) {
    if (!from_name.empty()) return format_from_name(from_name);
    return detect_format(text);
}

void PositionInputOptions::add_to(CLI::App& command) {
    command.add_option("--from", from, "input format (detected from the content when omitted)")
        ->check(CLI::IsMember(kReadableFormats));
    input.add_to(command, "the position");
}

PositionInput read_position_input(const PositionInputOptions& options) {
    Input input = read_input(options.input);
    const Result<Format> format = input_format(options.from, input.text);
    if (!format) {
        report(format.error(), input.source);
        throw Exit{kInvalidInput};
    }
    return {std::move(input), *format};
}

Result<go::Position> read_position(Format format, std::string_view text) {
    return format == Format::hen_url ? go::parse_hen_url(text) : go::parse_hen(text);
}

std::vector<Error> validate_position(Format format, std::string_view text) {
    if (format != Format::hen_url) return go::validate_hen(text);
    Result<std::string> decoded = percent_decode(text);
    if (!decoded) return {decoded.error()};
    return go::validate_hen(*decoded);
}

Result<std::string> write_position(Format format, const go::Position& position, go::HenWriteOptions options) {
    switch (format) {
        case Format::hen:
            return go::write_hen(position, options);
        case Format::hen_url:
            return go::write_hen_url(position, options);
        case Format::txt:
            return go::render_diagram(position);
    }
    return go::write_hen(position, options);
}

}  // namespace kifu::cli
