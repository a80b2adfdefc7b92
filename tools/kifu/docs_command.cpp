// kifu man and kifu completion: the manual page and the shell completion, made from the
// commands as the app holds them and from the registry, so that neither can drift from the
// tool (the build writes them; make install installs them).

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli_io.hpp"
#include "commands.hpp"
#include "kifu/formats/games.hpp"
#include "kifu/formats/options.hpp"
#include "kifu/formats/registry.hpp"
#include "kifu/version.hpp"

namespace kifu::cli {
namespace {

std::vector<const CLI::App*> commands_of(const CLI::App& app) {
    std::vector<const CLI::App*> out;
    for (const CLI::App* c : app.get_subcommands([](const CLI::App* c) { return !c->get_name().empty(); }))
        if (!c->get_group().empty()) out.push_back(c);  // hidden commands have no group
    return out;
}

// The values an option takes, where they are few: format names, games, a read or write
// option's choices.
std::vector<std::string> values_of(const CLI::Option& o) {
    std::vector<std::string> out;
    const std::vector<std::string>& names = o.get_lnames();
    const auto named = [&](std::string_view n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    if (named("from") || named("to")) {
        for (const formats::Format& f : formats::all_formats())
            if (named("from") ? f.can_read() : f.can_write()) out.emplace_back(f.name);
    } else if (named("game")) {
        for (const formats::GameInfo& g : formats::all_games()) out.emplace_back(g.name);
    } else {
        for (const formats::ReadOptionSpec& s : formats::read_option_specs())
            if (s.choices && named(formats::cli_flag(s.name).substr(2))) out = s.choices();
        for (const formats::WriteOptionSpec& s : formats::write_option_specs())
            if (s.choices && named(formats::cli_flag(s.name).substr(2))) out = s.choices();
    }
    return out;
}

// roff text: a backslash is \e, and a line may not begin with '.' or '\''.
std::string roff(std::string_view text) {
    std::string out;
    bool line_start = true;
    for (const char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        line_start = c == '\n';
    }
    return out;
}

std::string manual(const CLI::App& app) {
    std::string m = fmt::format(".TH KIFU 1 \"\" \"kifu {}\" \"User Commands\"\n", version);
    m += ".SH NAME\nkifu \\- " + roff(app.get_description().substr(app.get_description().find(':') + 2)) +
         "\n";
    m += ".SH SYNOPSIS\n.B kifu\n.I COMMAND\n[\\fIOPTIONS\\fR] [\\fIINPUT\\fR...]\n";
    m += ".SH DESCRIPTION\n" + roff(app.get_footer()) + "\n";
    m += ".SH COMMANDS\n";
    for (const CLI::App* c : commands_of(app)) {
        m += ".SS kifu " + roff(c->get_name()) + "\n" + roff(c->get_description()) + "\n";
        const std::vector<const CLI::Option*> options = options_of(*c);
        for (const CLI::Option* o : options) {
            if (o->get_lnames().empty() && o->get_snames().empty()) {  // a positional
                m += ".TP\n.I " + roff(o->get_name()) + "\n" + roff(o->get_description()) + "\n";
                continue;
            }
            std::string names;
            for (const std::string& n : flag_names(*o)) names += (names.empty() ? "" : ", ") + roff(n);
            const std::string value =
                o->get_type_size() == 0 ? "" : " \\fI" + roff(o->get_option_text()) + "\\fR";
            m += ".TP\n\\fB" + names + "\\fR" +
                 (o->get_type_size() == 0 || o->get_option_text().empty() ? "" : value) + "\n" +
                 roff(o->get_description()) + "\n";
        }
        if (!c->get_footer().empty()) m += ".PP\n.nf\n" + roff(c->get_footer()) + "\n.fi\n";
    }
    m += ".SH FORMATS\n";
    for (const formats::Format& f : formats::all_formats())
        m += fmt::format(".TP\n.B {}\n{} {}, {}{}\n", roff(f.name), roff(formats::to_string(f.game)),
                         roff(formats::to_string(f.kind)), roff(f.description),
                         f.can_read() && f.can_write() ? " (read, written)"
                         : f.can_read()                ? " (read)"
                                                       : " (written)");
    m += ".SH EXIT STATUS\n0 ok, 1 invalid input, 2 usage error, 3 I/O error.\n";
    m += ".SH SEE ALSO\nThe kifu README and docs/ (cli.md, one file a format).\n";
    return m;
}

// A shell word list.
std::string words(const std::vector<std::string>& list) {
    std::string out;
    for (const std::string& w : list) out += (out.empty() ? "" : " ") + w;
    return out;
}

std::string bash_completion(const CLI::App& app) {
    std::vector<std::string> names;
    std::string per_command, per_option;
    for (const CLI::App* c : commands_of(app)) {
        names.push_back(c->get_name());
        const std::vector<const CLI::Option*> options = options_of(*c);
        std::vector<std::string> flags;
        for (const CLI::Option* o : options) {
            const std::vector<std::string> n = flag_names(*o);
            flags.insert(flags.end(), n.begin(), n.end());
            if (const std::vector<std::string> values = values_of(*o); !values.empty())
                for (const std::string& flag : n)
                    per_option += fmt::format(
                        "      {}\\ {}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return ;;\n",
                        c->get_name(), flag, words(values));
        }
        per_command += fmt::format("      {}) options=\"{}\" ;;\n", c->get_name(), words(flags));
    }
    return fmt::format(
        R"(# bash completion of kifu {version} (made by 'kifu completion bash': the commands, their
# options and the values of --to, --from, --game and the options that have few).
_kifu() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}}
  if (( COMP_CWORD == 1 )); then
    COMPREPLY=($(compgen -W "{commands} --help --version" -- "$cur"))
    return
  fi
  local command=${{COMP_WORDS[1]}} options=""
  case "$command $prev" in
{per_option}  esac
  case "$command" in
{per_command}  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}}
complete -o filenames -F _kifu kifu
)",
        fmt::arg("version", version), fmt::arg("commands", words(names)), fmt::arg("per_option", per_option),
        fmt::arg("per_command", per_command));
}

// zsh: the commands with their descriptions, each command's options, and the values of
// those that have few; files otherwise.
std::string zsh_completion(const CLI::App& app) {
    std::string commands, per_command;
    for (const CLI::App* c : commands_of(app)) {
        std::string description = c->get_description();
        std::replace(description.begin(), description.end(), '\'', ' ');
        std::replace(description.begin(), description.end(), ':', ' ');
        commands += fmt::format("    '{}:{}'\n", c->get_name(), description);
        const std::vector<const CLI::Option*> options = options_of(*c);
        std::string specs;
        for (const CLI::Option* o : options) {
            const std::vector<std::string> values = values_of(*o);
            for (const std::string& flag : flag_names(*o)) {
                if (o->get_type_size() == 0)
                    specs += fmt::format(" '{}'", flag);
                else if (!values.empty())
                    specs += fmt::format(" '{}:value:({})'", flag, words(values));
                else
                    specs += fmt::format(" '{}:value:_files'", flag);
            }
        }
        per_command += fmt::format("    {}) _arguments -s{} '*:input:_files' ;;\n", c->get_name(), specs);
    }
    return fmt::format(R"(#compdef kifu
# zsh completion of kifu {version} (made by 'kifu completion zsh').
_kifu() {{
  local -a commands
  commands=(
{commands}  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  local command=${{words[2]}}
  shift words
  (( CURRENT-- ))
  case $command in
{per_command}  esac
}}
_kifu "$@"
)",
                       fmt::arg("version", version), fmt::arg("commands", commands),
                       fmt::arg("per_command", per_command));
}

}  // namespace

Run add_docs_commands(CLI::App& app) {
    struct Options {
        std::string shell;
        OutputOptions output;
    };
    auto o = std::make_shared<Options>();
    // Hidden (no group): tools for packagers, not in 'kifu --help'.
    CLI::App* man =
        app.add_subcommand("man", "Print the manual page (roff), made from the commands and formats");
    man->group("");
    o->output.add_to(*man);
    CLI::App* completion = app.add_subcommand("completion", "Print the bash or zsh completion of kifu");
    completion->group("");
    completion->add_option("SHELL", o->shell, "bash or zsh")
        ->required()
        ->check(CLI::IsMember({"bash", "zsh"}));
    o->output.add_to(*completion);
    return [&app, man, completion, o]() -> int {
        if (!man->parsed() && !completion->parsed()) return -1;
        Output out(o->output);
        out.write(man->parsed()        ? manual(app)
                  : o->shell == "bash" ? bash_completion(app)
                                       : zsh_completion(app));
        out.close();
        return kOk;
    };
}

}  // namespace kifu::cli
