#include "command.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "version.h"

namespace shiftmate {

namespace {

constexpr std::size_t SummaryColumn = 33;  // where a summary starts
constexpr std::size_t LineWidth = 100;     // longer usage forms wrap before an option

// One usage form, wrapped at the spaces before '[' so that options stay whole;
// continuation lines line up under the first argument.
std::string wrap_form(std::string_view program, std::string_view form) {
  std::string text = fmt::format("  {}", program);
  const std::size_t indent = text.size() + 1;
  std::size_t lineStart = 0;
  while (!form.empty()) {
    std::size_t next = form.find(" [", 1);
    std::string_view word = form.substr(0, next);
    form.remove_prefix(next == std::string_view::npos ? form.size() : next + 1);
    bool wrap =
        text.size() - lineStart > indent && text.size() - lineStart + 1 + word.size() > LineWidth;
    if (wrap) {
      text.push_back('\n');
      lineStart = text.size();
      text.append(indent, ' ');
    } else {
      text.push_back(' ');
    }
    text.append(word);
  }
  return text;
}

bool listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// How an option reads in a usage: DEPTH, FILE.bin ..., --output FILE,
// [--divide], [--fen FEN], [--data FILE...]; its argument is its arg_help,
// else its name in capitals.
std::string usage_word(const CommandSyntax& syntax, const cxxopts::HelpOptionDetails& option) {
  const std::string& name = option.l.front();
  std::string arg = option.arg_help;
  if (arg.empty())
    for (char c : name) arg.push_back(char(std::toupper(static_cast<unsigned char>(c))));
  std::string word;
  if (listed(syntax.positional, name))
    word = arg + (option.is_container ? " ..." : "");
  else
    word = "--" + name + (option.is_boolean ? "" : " " + arg + (option.is_container ? "..." : ""));
  return listed(syntax.required, name) ? word : "[" + word + "]";
}

// The summary after the usage's last line when it fits there, else below it.
std::string with_summary(std::string usage, std::string_view summary) {
  std::size_t last = usage.size() - (usage.rfind('\n') + 1);
  if (last > SummaryColumn) usage.push_back('\n');
  usage.append(
      last > SummaryColumn ? SummaryColumn : std::max<std::size_t>(2, SummaryColumn - last), ' ');
  usage.append(summary).push_back('\n');
  return usage;
}

}  // namespace

cxxopts::ParseResult CommandSyntax::parse(int argc, char** argv) {
  options.parse_positional(positional);
  return options.parse(argc, argv);
}

std::string usage_lines(const CommandSyntax& syntax) {
  const cxxopts::HelpGroupDetails* shared = nullptr;
  std::vector<const cxxopts::HelpGroupDetails*> forms;
  for (const std::string& group : syntax.options.groups()) {
    const cxxopts::HelpGroupDetails& details = syntax.options.group_help(group);
    if (group.empty())
      shared = &details;
    else
      forms.push_back(&details);
  }
  if (forms.empty()) forms.push_back(nullptr);  // one form: the unnamed group alone
  std::string lines;
  for (const cxxopts::HelpGroupDetails* form : forms) {
    std::vector<const cxxopts::HelpOptionDetails*> options;
    for (const cxxopts::HelpGroupDetails* group : {shared, form})
      if (group)
        for (const cxxopts::HelpOptionDetails& option : group->options)
          if (!option.l.empty() && option.l.front() != "help") options.push_back(&option);
    auto rank = [&](const cxxopts::HelpOptionDetails* option) {  // required ones first
      const std::string& name = option->l.front();
      return (listed(syntax.required, name) ? 0 : 2) + (listed(syntax.positional, name) ? 0 : 1);
    };
    std::stable_sort(options.begin(), options.end(),
                     [&](auto* a, auto* b) { return rank(a) < rank(b); });
    std::string words;
    for (const cxxopts::HelpOptionDetails* option : options) {
      if (!words.empty()) words += ' ';
      words += usage_word(syntax, *option);
    }
    if (!lines.empty()) lines += '\n';
    lines += wrap_form(syntax.options.program(), words);
  }
  return lines;
}

std::string usage_text(std::span<const Command> commands) {
  std::string text = fmt::format("Shiftmate {}, a UCI chess engine.\n\nusage:\n", version());
  text += with_summary("  shiftmate", "speak UCI on standard input/output");
  text += with_summary("  shiftmate --version", "print the version");
  for (const Command& command : commands) {
    std::string usage;
    for (const CommandSyntax& syntax : command.syntax()) {
      if (!usage.empty()) usage += '\n';
      usage += usage_lines(syntax);
    }
    text += with_summary(usage, command.summary);
  }
  return text + "Each subcommand takes --help.\n";
}

int usage_error(std::string_view command, std::string_view message) {
  fmt::print(stderr, "{}: {}; see --help\n", command, message);
  return 2;
}

}  // namespace shiftmate
