#include "uci_options.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "parse.h"

namespace shiftmate {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Lets std::visit take one lambda per option type.
template <typename... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
// Clang 14 (the fuzz build) does not deduce an aggregate's arguments itself.
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace

std::vector<std::string> UciOptions::declarations() const {
  std::vector<std::string> lines;
  for (const UciOption& o : options)
    lines.push_back(std::visit(
        Overloaded{
            [&](const UciOption::Spin& t) {
              return fmt::format("option name {} type spin default {} min {} max {}", o.name,
                                 t.defaultValue, t.min, t.max);
            },
            [&](const UciOption::Check& t) {
              return fmt::format("option name {} type check default {}", o.name, t.defaultValue);
            },
            [&](const UciOption::Text& t) {
              return fmt::format("option name {} type string default {}", o.name, t.defaultValue);
            },
            [&](const UciOption::Button&) {
              return fmt::format("option name {} type button", o.name);
            }},
        o.type));
  return lines;
}

bool UciOptions::set(const std::string& name, const std::string& value,
                     const std::function<void(const std::string&)>& report) const {
  const std::string key = lower(name);
  auto option = std::find_if(options.begin(), options.end(),
                             [&](const UciOption& o) { return lower(o.name) == key; });
  if (option == options.end()) return false;
  // Errors name the option as the GUI spelled it.
  std::visit(Overloaded{[&](const UciOption::Spin& t) {
                          if (auto v = parse_number(value, t.min, t.max))
                            t.set(*v);
                          else
                            report(fmt::format("option '{}' needs a number from {} to {}", name,
                                               t.min, t.max));
                        },
                        [&](const UciOption::Check& t) {
                          const std::string v = lower(value);
                          if (v == "true" || v == "false")
                            t.set(v == "true");
                          else
                            report(fmt::format("option '{}' needs true or false", name));
                        },
                        [&](const UciOption::Text& t) { t.set(value); },
                        [&](const UciOption::Button& t) { t.press(); }},
             option->type);
  if (option->after) option->after();
  return true;
}

}  // namespace shiftmate
