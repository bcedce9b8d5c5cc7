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

// The sample table, with what its handlers saw and the errors it reported.
class UciOptionTable : public testing::Test {
 protected:
  bool set(const std::string& name, const std::string& value) {
    return options.set(name, value, [&](const std::string& e) { r.errors.push_back(e); });
  }
  Recorded r;
  UciOptions options = sample(r);
};

}  // namespace

TEST_F(UciOptionTable, ListsEachOptionInOrderWithItsTypeDefaultAndRange) {
  EXPECT_EQ(options.declarations(),
            (std::vector<std::string>{"option name Size type spin default 8 min 1 max 64",
                                      "option name Fast Mode type check default true",
                                      "option name Path type string default <empty>",
                                      "option name Reset type button"}));
}

TEST_F(UciOptionTable, FindsAnOptionInAnyCaseAndPassesTheValueOn) {
  EXPECT_TRUE(set("size", "64"));
  EXPECT_EQ(r.spin, 64);
  EXPECT_TRUE(set("FAST MODE", "TRUE"));
  EXPECT_TRUE(r.check);
  EXPECT_TRUE(set("Path", "/some where"));
  EXPECT_EQ(r.text, "/some where");
  EXPECT_TRUE(set("reset", "ignored"));
  EXPECT_EQ(r.presses, 1);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_FALSE(set("Sizes", "3"));
  EXPECT_FALSE(set("", ""));
}

TEST_F(UciOptionTable, RefusesAValueOutsideTheTypeNamingTheOptionAsSent) {
  EXPECT_TRUE(set("size", "65"));
  EXPECT_TRUE(set("Size", "0"));
  EXPECT_TRUE(set("Size", "x"));
  EXPECT_EQ(r.spin, -1);
  EXPECT_TRUE(set("fast mode", "yes"));
  EXPECT_EQ(r.checks, 0);
  // The after-hook runs whether or not the value was accepted.
  EXPECT_EQ(r.afters, 1);
  EXPECT_EQ(r.errors, (std::vector<std::string>{"option 'size' needs a number from 1 to 64",
                                                "option 'Size' needs a number from 1 to 64",
                                                "option 'Size' needs a number from 1 to 64",
                                                "option 'fast mode' needs true or false"}));
}
