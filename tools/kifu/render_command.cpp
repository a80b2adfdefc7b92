// kifu render: a board image (SVG, PNG, GIF) of any position of any input format, or an
// animation of a record's main line.

#include <unistd.h>

#include <memory>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "formats.hpp"
#include "kifu/core/problem.hpp"
#include "kifu/image/formats.hpp"
#include "kifu/image/render.hpp"

namespace kifu::cli {
namespace {

struct RenderCommandOptions {
    SourceOptions source;
    OutputOptions output;
    std::string to;
    // The image rows of the write options' table (size, theme, crop, flip), as convert has them.
    OptionValues<formats::WriteOptions> image_values;
    // Flags, not the table's --coordinates WHICH: a value after it would take the INPUT that follows.
    bool coordinates = false;
    bool sgf_coordinates = false;
    bool animate = false;
    std::optional<int> delay_ms;
};

// --to, else the -o file's extension, else SVG.
image::ImageFormat output_format(const RenderCommandOptions& o) {
    std::string_view name = o.to;
    if (name.empty()) {
        const std::string& path = o.output.path;
        for (const std::string_view ext : {"png", "gif", "svg"})
            if (path.size() > 4 && path.ends_with(ext) && path[path.size() - 4] == '.') name = ext;
    }
    if (name == "png") return image::ImageFormat::png;
    if (name == "gif") return image::ImageFormat::gif;
    return image::ImageFormat::svg;
}

// The write options' rows for images but coordinates (a flag pair here).
std::span<const formats::WriteOptionSpec> image_rows() {
    static const std::vector<formats::WriteOptionSpec> rows = [] {
        std::vector<formats::WriteOptionSpec> out;
        for (const formats::WriteOptionSpec& spec : formats::write_option_specs())
            if (spec.applies == formats::kImage && spec.name != "coordinates") out.push_back(spec);
        return out;
    }();
    return rows;
}

void check_options(const RenderCommandOptions& o, const image::RenderOptions& render,
                   const formats::Document& doc) {
    const formats::Game game = formats::game_of(doc);
    if (const std::string_view option = image::option_not_for(render, game); !option.empty())
        not_applicable(option == "crop" ? "--crop" : "--sgf-coordinates",
                       fmt::format("it is for Go, and the input is {}", formats::to_string(game)));
    if (o.animate && !formats::is_record(doc))
        not_applicable("--animate", "it is for records (SGF, PGN, KIF, ...), and the input is one position");
    if (o.animate && render.format == image::ImageFormat::png)
        not_applicable("--animate", "an animation is a GIF or an SVG (--to gif or --to svg), not a PNG");
    if (o.animate && (o.source.ply || o.source.move || !o.source.node.empty()))
        not_applicable("--ply/--move/--node", "--animate shows the whole main line");
}

int render_one(const RenderCommandOptions& o, const std::string& path, Output& out) {
    const Input in = read_input(o.source.input, path);
    const formats::Format& from = input_format(in, o.source);
    // Read only to be drawn: a diagram without kings is a picture too.
    formats::ReadOptions read = o.source.read_options();
    read.any_placement = true;
    Result<formats::Document> doc = from.read(in.text, read);
    if (!doc) {
        report(doc.error(), in.source);
        return kInvalidInput;
    }
    report_warnings(doc->warnings, in.source);
    image::RenderOptions render(o.image_values.collect(formats::set_write_option).image);
    render.format = output_format(o);
    render.coordinates = o.sgf_coordinates ? image::DrawOptions::Coordinates::sgf
                         : o.coordinates   ? image::DrawOptions::Coordinates::game
                                           : image::DrawOptions::Coordinates::none;
    if (o.delay_ms) render.delay_ms = *o.delay_ms;
    check_options(o, render, *doc);

    const std::size_t games = formats::game_count(*doc);
    const std::size_t game = o.source.game_index ? *o.source.game_index - 1 : 0;
    if (formats::is_record(*doc) && games > 1 && !o.source.game_index)
        note(
            in.source,
            fmt::format("the input holds {} games: drawing the first (--game-index N picks another)", games));
    Result<std::string> image = std::string{};
    if (o.animate) {
        Result<std::vector<BoardView>> views = formats::main_line_views(*doc, game);
        if (!views) {
            report(views.error(), in.source);
            return kInvalidInput;
        }
        image = image::render_animation(*views, render, image::texts_of(*doc));
    } else {
        // A record narrowed to the position asked for; a position as it is.
        const formats::Document* shown = &*doc;
        Result<formats::Document> position = unplaced_error(ErrorCode::unsupported, "");
        if (formats::is_record(*doc)) {
            formats::NodeChoice choice = o.source.choice();
            choice.game_index = game;
            position = formats::position_in(*doc, choice, o.source.read_options());
            if (!position) {
                report(position.error(), in.source);
                return kInvalidInput;
            }
            report_warnings(position->warnings, in.source);
            shown = &*position;
        } else if (o.source.chooses_node()) {
            not_applicable("--ply/--move/--node/--game-index", "the input is one position, not a record");
        }
        Result<BoardView> view = formats::board_view(*shown);
        if (!view) {
            report(view.error(), in.source);
            return kInvalidInput;
        }
        // What makes a diagram no game's position is said, not refused.
        for (const std::string& n : view->notes)
            if (n.starts_with("a diagram")) note(in.source, n);
        image = image::render(*view, render, image::texts_of(*shown));
    }
    if (!image) {
        // A theme or size refused is the command line's fault.
        if (image.error().code == ErrorCode::unsupported || image.error().code == ErrorCode::out_of_range)
            fail(kUsage, image.error().message);
        report(image.error(), in.source);
        return kInvalidInput;
    }
    out.write(*image);
    return kOk;
}

}  // namespace

Run add_render_command(CLI::App& app) {
    auto options = std::make_shared<RenderCommandOptions>();
    CLI::App* command =
        app.add_subcommand("render", "Draw a board image (SVG, PNG or GIF) of a position or game");
    std::string themes;
    for (const image::Theme& t : image::themes())
        themes += fmt::format("{}{}", themes.empty() ? "" : ", ", t.name);
    command->footer(fmt::format(
        "Any input format of 'kifu formats'; a record shows the end of its main line, or "
        "--ply/--move/--node, "
        "or with --animate every position of it. The image carries the notation it shows (PNG text chunks, a "
        "GIF comment, SVG metadata): 'kifu convert board.png --to hen' reads it back. Themes: "
        "{}.\nExamples:\n"
        "  kifu render examples/ear-reddening.hen -o ear-reddening.png\n"
        "  kifu render --coordinates --crop --text '.9x9_5Gb.b' --to svg\n"
        "  kifu render --ply 20 --flip examples/opera-game.pgn -o opera.png\n"
        "  kifu render --animate --size 300 examples/opera-game.pgn -o opera.gif",
        themes));
    command->add_option("--to", options->to, "svg, png or gif (default: the -o file's extension, else svg)")
        ->check(CLI::IsMember({"svg", "png", "gif"}))
        ->option_text("FORMAT");
    options->image_values.add_to(*command, image_rows());
    command->add_flag("--coordinates", options->coordinates, "draw the coordinates around the board");
    command->add_flag("--sgf-coordinates", options->sgf_coordinates,
                      "Go: coordinates in SGF letters (aa top left)");
    command->add_flag("--animate", options->animate,
                      "a record: every position of its main line, a frame each (GIF or SVG)");
    command->add_option("--delay", options->delay_ms, "--animate: milliseconds a frame (default 800)")
        ->check(CLI::Range(20, 60000))
        ->option_text("MS");
    options->source.add_to(*command, true);
    options->output.add_to(*command);

    return [command, options]() -> int {
        if (!command->parsed()) return -1;
        if (options->delay_ms && !options->animate) not_applicable("--delay", "it is for --animate");
        const std::vector<std::string> sources = options->source.input.sources();
        if (sources.size() > 1) fail(kUsage, "render draws one input a time: give one INPUT (or --text)");
        const image::ImageFormat format = output_format(*options);
        const std::string& path = options->output.path;
        if (format != image::ImageFormat::svg && (path.empty() || path == "-") && isatty(STDOUT_FILENO))
            fail(kUsage, fmt::format("a {} image is binary: give -o FILE, or pipe the output",
                                     image::to_string(format)));
        check_output_is_not_input(options->output, options->source.input);
        Output out(options->output);
        const int status = render_one(*options, sources.front(), out);
        out.close();
        return status;
    };
}

}  // namespace kifu::cli
