#include "dedupe.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "kifu/core/json.hpp"

namespace kifu::cli {

void DuplicateOptions::add_to(CLI::App& command, bool for_convert) {
    const std::string_view rules =
        "moves (the same main line, whatever the tags), position (the same final position) or depth:N "
        "(the same position after N plies; a shorter game by its moves); Go games up to the board's "
        "symmetries and a swap of colours";
    if (for_convert)
        unique_option_ = command.add_flag("--unique", unique_,
                                          "write only the first game of each set of duplicates (what makes "
                                          "them duplicates: --by)");
    command
        .add_option(
            "--by", rule_text,
            fmt::format("what makes games duplicates: {}{}", rules, for_convert ? " (with --unique)" : ""))
        ->type_name("RULE");
    command
        .add_option("--duplicates", duplicates_path,
                    "write the duplicates (every game but the first of each set) to FILE, as the output has "
                    "them")
        ->type_name("FILE");
    command
        .add_option("--groups", groups_path,
                    "write each game that has duplicates and its duplicates to FILE as JSON Lines: "
                    "{\"kept\": GAME, \"duplicates\": [GAME, ...]}, a GAME {\"input\", \"game\", \"line\"}")
        ->type_name("FILE");
}

bool DuplicateOptions::unique_given() const {
    return !unique_option_ || unique_;
}

formats::DuplicateRule DuplicateOptions::rule() const {
    if (rule_text.empty()) return {};
    const Result<formats::DuplicateRule> rule = formats::parse_duplicate_rule(rule_text);
    if (!rule) {
        report(rule.error(), "--by");
        throw Exit{kUsage};
    }
    return *rule;
}

void DuplicateOptions::check(const OutputOptions& output, const InputOptions& input) const {
    if (!unique_given()) {
        if (!rule_text.empty()) not_applicable("--by", "it says what --unique takes for duplicates");
        if (!duplicates_path.empty())
            not_applicable("--duplicates", "it writes the duplicates that --unique leaves out");
        if (!groups_path.empty()) not_applicable("--groups", "it lists the duplicates that --unique finds");
        return;
    }
    (void)rule();
    const std::pair<std::string_view, const std::string*> files[] = {{"--duplicates", &duplicates_path},
                                                                     {"--groups", &groups_path}};
    for (const auto& [flag, path] : files) {
        if (path->empty()) continue;
        if (!input.text_given) check_not_an_input(flag, *path, input.paths);
        if (!output.path.empty() && output.path != "-") check_outputs_apart("-o", output.path, flag, *path);
    }
    if (!duplicates_path.empty() && !groups_path.empty())
        check_outputs_apart("--duplicates", duplicates_path, "--groups", groups_path);
}

Deduplication::Deduplication(const DuplicateOptions& options)
    : rule_(options.rule()), groups_path_(options.groups_path) {
    if (!options.duplicates_path.empty())
        duplicates_ = std::make_unique<Output>(OutputOptions{options.duplicates_path});
}

void Deduplication::begin_input(std::string name) {
    inputs_.push_back(std::move(name));
}

bool Deduplication::keep(std::uint64_t key, std::uint32_t game, std::uint32_t line) {
    const std::uint32_t number = games_++;
    if (!groups_path_.empty()) refs_.push_back({static_cast<std::uint32_t>(inputs_.size() - 1), game, line});
    const std::optional<std::uint32_t> first = table_.see(key, number);
    if (!first) return true;
    ++duplicates_found_;
    pairs_.emplace_back(*first, number);
    return false;
}

void Deduplication::keep_unread(std::uint32_t game, std::uint32_t line) {
    ++games_;
    if (!groups_path_.empty()) refs_.push_back({static_cast<std::uint32_t>(inputs_.size() - 1), game, line});
}

void Deduplication::write_duplicate(std::string_view text) {
    if (!duplicates_) return;
    if (!duplicates_header_.empty()) duplicates_->write(std::exchange(duplicates_header_, {}));
    duplicates_->write(text);
}

void Deduplication::finish() {
    if (duplicates_) duplicates_->close();
    // Each first game once, in the order of the games; its duplicates in theirs.
    std::stable_sort(pairs_.begin(), pairs_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t groups = 0;
    for (std::size_t i = 0; i < pairs_.size(); ++i)
        groups += i == 0 || pairs_[i].first != pairs_[i - 1].first;
    if (!groups_path_.empty()) {
        Output out(OutputOptions{groups_path_});
        const auto game = [this](std::uint32_t number) {
            const GameRef& r = refs_[number];
            std::string text = "{\"input\": ";
            append_json_string(text, inputs_[r.input]);
            text += fmt::format(", \"game\": {}", r.game);
            if (r.line) text += fmt::format(", \"line\": {}", r.line);
            return text + "}";
        };
        std::string line;
        for (std::size_t i = 0; i < pairs_.size(); ++i) {
            if (i == 0 || pairs_[i].first != pairs_[i - 1].first)
                line = fmt::format("{{\"kept\": {}, \"duplicates\": [", game(pairs_[i].first));
            else
                line += ", ";
            line += game(pairs_[i].second);
            if (i + 1 == pairs_.size() || pairs_[i + 1].first != pairs_[i].first) {
                line += "]}\n";
                out.write(line);
            }
        }
        out.close();
    }
    clear_progress();
    fmt::print(stderr, "kifu: {} ({}): {} kept, {} of {}\n", counted(games_, "game"), to_string(rule_),
               thousands(games_ - duplicates_found_), counted(duplicates_found_, "duplicate"),
               counted(groups, "game"));
}

}  // namespace kifu::cli
