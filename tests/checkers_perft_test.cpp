// Russian checkers perft: the start position's counts with capture paths
// merged and distinct, divide, depth zero.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "checkers/perft.h"
#include "checkers/position.h"

using namespace shiftmate::checkers;

namespace {

using Texts = std::vector<std::string>;

TEST(CheckersPerft, StartPositionDepthsOneToEight) {
  const std::uint64_t expected[] = {7, 49, 302, 1469, 7482, 37986, 190146, 929899};
  Position start = start_position();
  for (int depth = 1; depth <= 8; ++depth)
    EXPECT_EQ(perft(start, depth, CapturePaths::Merged), expected[depth - 1]) << depth;
}

// Counting every path separately first differs at depth 8, where two
// sequences with the same outcome appear.
TEST(CheckersPerft, DistinctPathsCountMoreFromDepthEight) {
  Position start = start_position();
  EXPECT_EQ(perft(start, 7, CapturePaths::Distinct), 190146u);
  EXPECT_EQ(perft(start, 8, CapturePaths::Distinct), 929905u);
}

TEST(CheckersPerft, DivideSumsToTheTotalAndNamesTheSevenOpenings) {
  PerftResult r = run_perft(start_position(), 4, CapturePaths::Merged);
  EXPECT_EQ(r.nodes, 1469u);
  std::vector<std::string> names;
  std::uint64_t sum = 0;
  for (const auto& d : r.divide) names.push_back(d.move), sum += d.nodes;
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, Texts({"a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"}));
  EXPECT_EQ(sum, r.nodes);
}

TEST(CheckersPerft, DepthZeroIsOneNode) {
  EXPECT_EQ(perft(start_position(), 0, CapturePaths::Merged), 1u);
  EXPECT_EQ(run_perft(start_position(), 0, CapturePaths::Merged).nodes, 1u);
}

}  // namespace
