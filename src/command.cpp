#include "command.h"

#include <fmt/format.h>

#include <algorithm>

#include "version.h"

namespace shiftmate {

namespace {

constexpr std::size_t SummaryColumn = 33;  // where a summary starts
constexpr std::size_t LineWidth = 100;     // longer usage forms wrap before an option

// One usage form, wrapped at the spaces before '[' so that options stay whole;
// continuation lines line up under the first argument.
std::string wrap_form(std::string_view name, std::string_view form) {
  std::string text = fmt::format("  shiftmate {}", name);
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

std::string usage_text(std::span<const Command> commands) {
  std::string text = fmt::format("Shiftmate {}, a UCI chess engine.\n\nusage:\n", version());
  text += with_summary("  shiftmate", "speak UCI on standard input/output");
  text += with_summary("  shiftmate --version", "print the version");
  for (const Command& command : commands) {
    std::string usage;
    std::string_view forms = command.usage;
    do {  // once for a command without arguments
      std::size_t end = forms.find('\n');
      if (!usage.empty()) usage.push_back('\n');
      usage += wrap_form(command.name, forms.substr(0, end));
      forms.remove_prefix(end == std::string_view::npos ? forms.size() : end + 1);
    } while (!forms.empty());
    text += with_summary(usage, command.summary);
  }
  return text + "Each subcommand takes --help.\n";
}

int usage_error(std::string_view command, std::string_view message) {
  fmt::print(stderr, "{}: {}; see --help\n", command, message);
  return 2;
}

}  // namespace shiftmate
