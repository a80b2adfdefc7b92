// kifu serve's JSON answers: the CLI's convert and validate, and what the web page shows.

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "kifu/core/json.hpp"
#include "kifu/formats/describe.hpp"
#include "kifu/formats/options.hpp"
#include "kifu/formats/problems.hpp"
#include "kifu/formats/viewer.hpp"
#include "kifu/formats/write.hpp"
#include "kifu/serve/service.hpp"

namespace kifu::serve {
namespace {

using Json = JsonWriter;

Response json_response(int status, Json&& json) {
    std::string body = json.take();
    body.push_back('\n');
    return {status, "application/json", std::move(body), {}, {}};
}

Response bad_request(std::string message) {
    Json j;
    j.open('{');
    j.errors("errors", {unplaced_error(ErrorCode::unsupported, std::move(message))}, "request");
    j.close('}');
    return json_response(400, std::move(j));
}

// Only the parameters an endpoint knows.
// Parameters other than `known` and the read options (formats/options.hpp) are refused.
std::optional<Response> unknown_params(const Target& t, std::span<const std::string_view> known) {
    std::vector<std::string_view> names(known.begin(), known.end());
    for (const formats::ReadOptionSpec& spec : formats::read_option_specs()) names.push_back(spec.name);
    if (std::optional<std::string> why = unknown_parameter(t, names)) return bad_request(std::move(*why));
    return std::nullopt;
}

// The options of a table (formats/options.hpp) among the parameters, by their names
// (charset=GB2312, pretty=true, comments=false), each one `format` does not take refused.
template <class Options>
Result<Options> options_from(const Target& t, const formats::Format& format,
                             std::span<const formats::OptionSpec<Options>> specs,
                             Result<void> (*set)(Options&, std::string_view, std::string_view)) {
    Options options;
    for (const formats::OptionSpec<Options>& spec : specs) {
        const std::string* value = t.find(spec.name);
        if (value == nullptr) continue;
        if (Result<void> ok = formats::check_applies(format, spec); !ok) return ok.error();
        if (Result<void> ok = set(options, spec.name, *value); !ok) return ok.error();
    }
    return options;
}

Result<formats::ReadOptions> read_options(const Target& t, const formats::Format& format) {
    return options_from(t, format, formats::read_option_specs(), formats::set_read_option);
}

// The write options (/convert). The answer is JSON, so UTF-8: encoding=shift_jis is refused.
Result<formats::WriteOptions> write_options(const Target& t, const formats::Format& format) {
    Result<formats::WriteOptions> options =
        options_from(t, format, formats::write_option_specs(), formats::set_write_option);
    if (options && options->shift_jis)
        return unplaced_error(
            ErrorCode::unsupported,
            "encoding: the service answers in JSON, which is UTF-8: shift_jis is the CLI's and "
            "Python's (kifu convert --encoding shift_jis)");
    return options;
}

// The text's format: `from` when given (a format kifu reads), else detected (`game`
// choosing among formats equally sure: "startpos" converted to SFEN is shogi's).
Result<const formats::Format*> source_format(const Target& t, std::string_view from_name,
                                             const std::string& text,
                                             formats::Game game = formats::Game::any) {
    if (const std::string* from = t.find(from_name)) {
        const formats::Format* f = formats::find_format(*from);
        if (f == nullptr || !f->can_read())
            return unplaced_error(ErrorCode::unsupported,
                                  fmt::format("{}: '{}' is no format kifu reads", from_name, *from));
        return f;
    }
    return formats::detect_format(text, {}, game);
}

// The node a record is narrowed to: ply, move, node, game (as the image URLs read them).
Result<formats::NodeChoice> node_choice(const Target& t, bool& chosen) {
    Expected<formats::NodeChoice> c = read_node_choice(t, chosen);
    if (HttpError* e = std::get_if<HttpError>(&c))
        return unplaced_error(ErrorCode::unexpected_character, e->message);
    return std::get<formats::NodeChoice>(std::move(c));
}

// `doc` (or, for a position format, its chosen position) in `to` (formats/write.hpp): the
// output as the CLI prints it, or the first game's error.
struct Converted {
    std::string text;
    std::vector<std::string> notes;
    std::vector<Error> warnings;
};
Result<Converted> write_as(const formats::Document& doc, const formats::Format& to,
                           const formats::NodeChoice& choice, bool chosen, bool every_game,
                           const formats::ReadOptions& read = {}, const formats::WriteOptions& write = {}) {
    Converted out;
    for (formats::Written& w :
         formats::write_document(doc, to, choice, chosen, every_game && !chosen, read, write)) {
        if (w.error) return std::move(*w.error);
        out.text += w.text;
        out.notes.insert(out.notes.end(), w.notes.begin(), w.notes.end());
        out.warnings.insert(out.warnings.end(), w.warnings.begin(), w.warnings.end());
    }
    return out;
}

constexpr std::string_view kConvertNames[] = {"from", "to", "text", "ply", "move", "node", "game"};
constexpr std::string_view kValidateNames[] = {"format", "from", "text"};
constexpr std::string_view kInspectNames[] = {"from", "text", "ply", "node", "game"};
constexpr std::string_view kProblemsNames[] = {"from", "text", "convention"};
// The games a page's picker lists: a collection of thousands is picked from by its first.
constexpr std::size_t kGameListLimit = 500;

// A text whose format could not be settled: 200 (the request was fine), with the error.
Response unreadable(const Error& error) {
    Json j;
    j.open('{');
    j.errors("errors", {error}, "text");
    j.close('}');
    return json_response(200, std::move(j));
}

}  // namespace

Response formats_json() {
    Json j;
    j.open('{');
    j.key("formats");
    j.open('[');
    for (const formats::Format& f : formats::all_formats()) {
        j.open('{');
        j.key("name"), j.string(f.name);
        j.key("game"), j.string(formats::to_string(f.game));
        j.key("kind"), j.string(formats::to_string(f.kind));
        j.key("description"), j.string(f.description);
        j.key("read"), j.boolean(f.can_read());
        j.key("write"), j.boolean(f.can_write());
        j.key("image"), j.boolean(f.takes(formats::kImage));
        j.key("read_options");
        j.open('[');
        for (const formats::ReadOptionSpec& o : formats::read_option_specs())
            if (f.can_read() && f.takes(o.applies)) j.string(o.name);
        j.close(']');
        j.key("write_options");
        j.open('[');
        for (const formats::WriteOptionSpec& o : formats::write_option_specs())
            if (f.can_write() && f.takes(o.applies)) j.string(o.name);
        j.close(']');
        j.close('}');
    }
    j.close(']');
    j.close('}');
    return json_response(200, std::move(j));
}

Response convert_json(const Target& t) {
    std::vector<std::string_view> known(std::begin(kConvertNames), std::end(kConvertNames));
    for (const formats::WriteOptionSpec& spec : formats::write_option_specs()) known.push_back(spec.name);
    if (auto r = unknown_params(t, known)) return *r;
    const std::string* text = t.find("text");
    const std::string* to_name = t.find("to");
    if (text == nullptr || to_name == nullptr) return bad_request("expected to=FORMAT and text=NOTATION");
    const formats::Format* to = formats::find_format(*to_name);
    if (to == nullptr || !to->can_write() || to->takes(formats::kImage))
        return bad_request(fmt::format("to: '{}' is no text format kifu writes", *to_name));
    Json j;
    j.open('{');
    const auto fail = [&](const std::vector<Error>& errors, std::string_view source) {
        j.errors("errors", errors, source);
        j.close('}');
        return json_response(400, std::move(j));
    };
    Result<const formats::Format*> from = source_format(t, "from", *text, to->game);
    if (!from) return fail({from.error()}, "text");
    bool chosen = false;
    Result<formats::NodeChoice> choice = node_choice(t, chosen);
    if (!choice) return fail({choice.error()}, "request");
    Result<formats::ReadOptions> options = read_options(t, **from);
    if (!options) return fail({options.error()}, "request");
    Result<formats::WriteOptions> write = write_options(t, *to);
    if (!write) return fail({write.error()}, "request");
    Result<formats::Document> doc = (*from)->read(*text, *options);
    if (!doc) return fail({doc.error()}, "text");
    j.key("from"), j.string((*from)->name);
    j.key("to"), j.string(to->name);
    Result<Converted> written = write_as(*doc, *to, *choice, chosen, true, *options, *write);
    if (!written) return fail({written.error()}, "text");
    std::vector<Error> warnings = doc->warnings;
    warnings.insert(warnings.end(), written->warnings.begin(), written->warnings.end());
    j.key("output"), j.string(written->text);
    j.key("notes");
    j.open('[');
    for (const std::string& n : written->notes)
        j.string(fmt::format("{} cannot be written in {}: dropped", n, to->name));
    j.close(']');
    j.errors("warnings", warnings, "text", "warning");
    j.close('}');
    return json_response(200, std::move(j));
}

Response validate_json(const Target& t) {
    if (auto r = unknown_params(t, kValidateNames)) return *r;
    const std::string* text = t.find("text");
    if (text == nullptr) return bad_request("expected text=NOTATION");
    if (t.find("format") != nullptr && t.find("from") != nullptr)
        return bad_request("give format or from, not both");
    Result<const formats::Format*> from =
        source_format(t, t.find("format") != nullptr ? "format" : "from", *text);
    Json j;
    j.open('{');
    if (!from) {
        j.key("valid"), j.boolean(false);
        j.errors("errors", {from.error()}, "text");
        j.close('}');
        return json_response(200, std::move(j));
    }
    Result<formats::ReadOptions> options = read_options(t, **from);
    if (!options) return bad_request(options.error().message);
    std::vector<Error> warnings;
    const std::vector<Error> errors = (*from)->validate(*text, *options, warnings);
    j.key("format"), j.string((*from)->name);
    j.key("valid"), j.boolean(errors.empty());
    j.errors("errors", errors, "text");
    j.errors("warnings", warnings, "text", "warning");
    j.close('}');
    return json_response(200, std::move(j));
}

Response problems_json(const Target& t) {
    if (auto r = unknown_params(t, kProblemsNames)) return *r;
    const std::string* text = t.find("text");
    if (text == nullptr) return bad_request("expected text=NOTATION");
    go::ProblemOptions problem_options;
    if (const std::string* name = t.find("convention")) {
        problem_options.convention = go::problem_convention_named(*name);
        if (!problem_options.convention)
            return bad_request(
                fmt::format("convention: '{}' is none of {}", *name, go::problem_convention_names()));
    }
    Result<const formats::Format*> from = source_format(t, "from", *text);
    if (!from) return unreadable(from.error());
    Json j;
    j.open('{');
    Result<formats::ReadOptions> options = read_options(t, **from);
    if (!options) return bad_request(options.error().message);
    Result<formats::Document> doc = (*from)->read(*text, *options);
    Result<const go::Record*> record =
        doc ? formats::problem_collection(*doc) : Result<const go::Record*>(doc.error());
    std::vector<Error> errors;
    j.key("problems");
    j.open('[');
    if (record) {
        go::ProblemKeys keys;
        for (std::size_t g = 0; g < (*record)->size(); ++g) {
            Result<go::Problem> p = go::read_problem(**record, g, problem_options);
            if (!p) {
                errors.push_back(p.error());
                continue;
            }
            keys.check(*p, fmt::format("problem {}", g + 1));
            j.raw(go::problem_json(**record, *p));
        }
    } else {
        errors.push_back(record.error());
    }
    j.close(']');
    j.errors("errors", errors, "text");
    j.close('}');
    return json_response(200, std::move(j));
}

Response inspect_json(const Target& t) {
    if (auto r = unknown_params(t, kInspectNames)) return *r;
    const std::string* text = t.find("text");
    if (text == nullptr) return bad_request("expected text=NOTATION");
    bool chosen = false;
    Result<formats::NodeChoice> choice = node_choice(t, chosen);
    if (!choice) return bad_request(choice.error().message);
    Result<const formats::Format*> from = source_format(t, "from", *text);
    if (!from) return unreadable(from.error());
    Json j;
    j.open('{');
    const formats::Format& f = **from;
    Result<formats::ReadOptions> options = read_options(t, f);
    if (!options) return bad_request(options.error().message);
    j.key("format"), j.string(f.name);
    j.key("detected"), j.boolean(t.find("from") == nullptr);
    j.key("game"), j.string(formats::to_string(f.game));
    j.key("kind"), j.string(formats::to_string(f.kind));
    std::vector<Error> warnings;
    std::vector<Error> errors = f.validate(*text, *options, warnings);
    Result<formats::Document> doc = f.read(*text, *options);
    if (!doc && errors.empty()) errors.push_back(doc.error());
    // A node, ply or game asked for that the record does not have: said, not a silence.
    if (doc && chosen && formats::is_record(*doc))
        if (Result<formats::Document> at = formats::position_in(*doc, *choice); !at)
            errors.push_back(at.error());
    j.errors("errors", errors, "text");
    j.errors("warnings", warnings, "text", "warning");
    if (doc) {
        const bool record = formats::is_record(*doc);
        j.key("record"), j.boolean(record);
        j.key("games"), j.number(formats::game_count(*doc));
        if (record) {
            Result<std::vector<BoardView>> views = formats::main_line_views(*doc, choice->game_index);
            j.key("plies"), j.number(views ? views->size() - 1 : 0);
            // The game picker's list, and the chosen game's nodes for the move list
            // (formats/viewer.hpp).
            j.key("game_list");
            j.raw(formats::game_list_json(*doc, kGameListLimit));
            if (Result<std::string> nodes = formats::game_nodes_json(*doc, choice->game_index)) {
                j.key("tree");
                j.raw(*nodes);
            }
            // What each game says about itself, as kifu info prints it (formats/describe.hpp).
            j.key("reports");
            j.open('[');
            for (const formats::GameReport& r : formats::describe(*doc, {.read = *options, .dead = {}})) {
                j.open('{');
                j.key("facts");
                j.open('[');
                for (const formats::GameReport::Fact& fact : r.facts) {
                    j.open('{');
                    j.key("label"), j.string(fact.label);
                    j.key("text"), j.string(fact.text);
                    j.close('}');
                }
                j.close(']');
                j.errors("errors", r.errors, "text");
                j.errors("warnings", r.warnings, "text", "warning");
                j.close('}');
            }
            j.close(']');
        }
        // The position in every notation that holds it; a record also as every record format.
        j.key("conversions");
        j.open('[');
        for (const formats::Format& to : formats::all_formats()) {
            if (!to.can_write() || to.takes(formats::kImage) ||
                (to.game != formats::game_of(*doc) && to.game != formats::Game::any))
                continue;
            Result<Converted> w = write_as(*doc, to, *choice, chosen, false, *options);
            if (!w) continue;  // it cannot hold this document
            j.open('{');
            j.key("format"), j.string(to.name);
            j.key("kind"), j.string(formats::to_string(to.kind));
            j.key("text"), j.string(w->text);
            j.close('}');
        }
        j.close(']');
    }
    j.close('}');
    return json_response(200, std::move(j));
}

}  // namespace kifu::serve
