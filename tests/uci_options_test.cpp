// The UCI option table on its own: the `option name` lines it lists, and how
// setoption finds an option and checks its value before the handler runs.
#include "uci_options.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace shiftmate;

namespace {

struct Recorded {
  long long spin = -1;
  int checks = 0, presses = 0, afters = 0;
  bool check = false;
  std::string text = "unset";
  std::vector<std::string> errors;
};

UciOptions sample(Recorded& r) {
  UciOptions options;
  options.add({"Size", UciOption::Spin{8, 1, 64, [&](long long v) { r.spin = v; }}});
  options.add({"Fast Mode",
               UciOption::Check{true,
                                [&](bool on) {
                                  r.check = on;
                                  ++r.checks;
                                }},
               [&] { ++r.afters; }});
  options.add({"Path", UciOption::Text{"<empty>", [&](const std::string& v) { r.text = v; }}});
  options.add({"Reset", UciOption::Button{[&] { ++r.presses; }}});
  return options;
}

}  // namespace

TEST(UciOptions, ListsEachOptionInOrderWithItsTypeDefaultAndRange) {
  Recorded r;
  EXPECT_EQ(sample(r).declarations(),
            (std::vector<std::string>{"option name Size type spin default 8 min 1 max 64",
                                      "option name Fast Mode type check default true",
                                      "option name Path type string default <empty>",
                                      "option name Reset type button"}));
}

TEST(UciOptions, FindsAnOptionInAnyCaseAndPassesTheValueOn) {
  Recorded r;
  UciOptions options = sample(r);
  auto report = [&](const std::string& e) { r.errors.push_back(e); };
  EXPECT_TRUE(options.set("size", "64", report));
  EXPECT_EQ(r.spin, 64);
  EXPECT_TRUE(options.set("FAST MODE", "False", report));
  EXPECT_FALSE(r.check);
  EXPECT_TRUE(options.set("Path", "/some where", report));
  EXPECT_EQ(r.text, "/some where");
  EXPECT_TRUE(options.set("reset", "ignored", report));
  EXPECT_EQ(r.presses, 1);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_FALSE(options.set("Sizes", "3", report));
  EXPECT_FALSE(options.set("", "", report));
}

TEST(UciOptions, RefusesAValueOutsideTheTypeNamingTheOptionAsSent) {
  Recorded r;
  UciOptions options = sample(r);
  auto report = [&](const std::string& e) { r.errors.push_back(e); };
  EXPECT_TRUE(options.set("size", "65", report));
  EXPECT_TRUE(options.set("Size", "0", report));
  EXPECT_TRUE(options.set("Size", "x", report));
  EXPECT_EQ(r.spin, -1);
  EXPECT_TRUE(options.set("fast mode", "yes", report));
  EXPECT_EQ(r.checks, 0);
  // The after-hook runs whether or not the value was accepted.
  EXPECT_EQ(r.afters, 1);
  EXPECT_EQ(r.errors, (std::vector<std::string>{"option 'size' needs a number from 1 to 64",
                                                "option 'Size' needs a number from 1 to 64",
                                                "option 'Size' needs a number from 1 to 64",
                                                "option 'fast mode' needs true or false"}));
}
