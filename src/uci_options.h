// The engine's UCI options, each declared once: its name, type, default,
// range and what setting it does. One table answers both `uci` (the
// `option name ...` lines) and `setoption`, so the two cannot disagree.
#pragma once

#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace shiftmate {

struct UciOption {
  // The four UCI option types used, each with what setting it calls.
  struct Spin {
    long long defaultValue, min, max;
    std::function<void(long long)> set;
  };
  struct Check {
    bool defaultValue;
    std::function<void(bool)> set;
  };
  struct Text {  // UCI's `string` type; the handler sees the value as sent
    std::string defaultValue;
    std::function<void(const std::string&)> set;
  };
  struct Button {
    std::function<void()> press;
  };

  std::string name;  // as `uci` lists it; `setoption` matches it in any case
  std::variant<Spin, Check, Text, Button> type;
  // Runs after every `setoption` of this option, even one whose value was
  // refused: a warning about the state the option leaves.
  std::function<void()> after = {};
};

class UciOptions {
 public:
  void add(UciOption option) { options.push_back(std::move(option)); }

  // The `option name ... type ...` lines, in the order the options were added.
  std::vector<std::string> declarations() const;

  // Sets the option `name` (any case) from `value`. A value its type refuses
  // (a number out of range, a check that is not true or false) is reported
  // through `report` and not applied. False when no option has that name.
  bool set(const std::string& name, const std::string& value,
           const std::function<void(const std::string&)>& report) const;

 private:
  std::vector<UciOption> options;
};

}  // namespace shiftmate
