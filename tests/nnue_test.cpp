// The network's inference: the file format, incremental accumulators against
// sums from scratch, the quantised integer output against a floating point
// reference, and the embedded network's evaluation (colour symmetry, material).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <sstream>

#include "movegen.h"
#include "nnue/accumulator.h"
#include "nnue/inference.h"
#include "nnue/network.h"
#include "position.h"
#include "test_support.h"
#include "training/trainer.h"

using namespace shiftmate;
using namespace shiftmate_test;

namespace {

// A network with random weights of the size training starts from.
std::unique_ptr<nnue::Network> random_network(
    std::uint64_t seed, nnue::InputMapping mapping = nnue::InputMapping::Plain) {
  FloatNetwork f;
  f.randomise(seed);
  f.mapping = mapping;
  for (int b = 0; b < nnue::OutputBuckets; ++b) f.outputBias[b] = 0.02f * float(b);
  auto net = std::make_unique<nnue::Network>();
  f.quantise(*net);
  return net;
}

// Walks every line to `depth`, checking the lazily updated accumulator of
// each node against one computed from scratch. Evaluates only at some
// nodes, so that updates across several plies are exercised too.
void walk(const nnue::Network& net, Position& pos, nnue::AccumulatorStack& stack, int depth,
          int& checked) {
  if ((depth + checked) % 3 != 1 || depth == 0) {
    auto fresh = std::make_unique<nnue::Accumulator>();
    nnue::refresh(net, pos, *fresh);
    const nnue::Accumulator& lazy = stack.current(net, pos);
    for (Color c : {WHITE, BLACK})
      for (int i = 0; i < nnue::HiddenSize; ++i)
        ASSERT_EQ(lazy.values[c][i], fresh->values[c][i]) << pos.fen() << " index " << i;
    ASSERT_EQ(nnue::output(net, lazy, pos), nnue::evaluate(net, pos));
    ++checked;
  }
  if (depth == 0) return;
  for (Move m : MoveList<LEGAL>(pos)) {
    stack.push(pos, m);
    pos.do_move(m);
    walk(net, pos, stack, depth - 1, checked);
    pos.undo_move(m);
    stack.pop();
  }
  if (depth >= 2 && !pos.in_check()) {  // a null move copies the parent's sums
    stack.push_null();
    pos.do_null_move();
    walk(net, pos, stack, 1, checked);
    pos.undo_null_move();
    stack.pop();
  }
}

void expect_incremental_equals_scratch(const std::string& fen, bool chess960, int depth,
                                       nnue::InputMapping mapping = nnue::InputMapping::Plain) {
  auto net = random_network(7, mapping);
  Position pos;
  ASSERT_FALSE(pos.set(fen, chess960)) << fen;
  nnue::AccumulatorStack stack;
  stack.reset(*net, pos);
  int checked = 0;
  walk(*net, pos, stack, depth, checked);
  EXPECT_GT(checked, 100) << fen;
}

}  // namespace

TEST(NnueFile, WriteThenReadGivesTheSameNetwork) {
  auto net = random_network(1);
  std::vector<char> bytes = nnue::write_network(*net, "test net");
  EXPECT_EQ(bytes.size(), nnue::FileSize);
  auto back = std::make_unique<nnue::Network>();
  std::string description;
  ASSERT_FALSE(nnue::read_network(bytes, *back, &description));
  EXPECT_EQ(description, "test net");
  EXPECT_EQ(std::memcmp(net.get(), back.get(), sizeof(nnue::Network)), 0);
  EXPECT_EQ(nnue::write_network(*back, "test net"), bytes);

  TempPath file;
  ASSERT_FALSE(nnue::save_network_file(file.path(), *net, "on disk"));
  auto loaded = std::make_unique<nnue::Network>();
  ASSERT_FALSE(nnue::load_network_file(file.path(), *loaded, &description));
  EXPECT_EQ(description, "on disk");
  EXPECT_EQ(std::memcmp(net.get(), loaded.get(), sizeof(nnue::Network)), 0);
}

// A mirrored net is a version 3 file that says so; a plain one stays
// version 2, which builds before version 3 read.
TEST(NnueFile, AMirroredNetIsVersionThreeAndReadsBackMirrored) {
  auto net = random_network(11, nnue::InputMapping::Mirrored);
  std::vector<char> bytes = nnue::write_network(*net, "mirrored test net");
  EXPECT_EQ(bytes.size(), nnue::FileSize);
  EXPECT_EQ(bytes[4], 3);
  EXPECT_EQ(bytes[36], 1);
  auto back = std::make_unique<nnue::Network>();
  std::string description;
  ASSERT_FALSE(nnue::read_network(bytes, *back, &description));
  EXPECT_EQ(description, "mirrored test net");
  EXPECT_EQ(back->mapping, nnue::InputMapping::Mirrored);
  EXPECT_EQ(std::memcmp(net.get(), back.get(), sizeof(nnue::Network)), 0);
  EXPECT_EQ(nnue::write_network(*back, "mirrored test net"), bytes);
  // The longest description that fits leaves its terminating zero.
  const std::string longText(100, 'x');
  ASSERT_FALSE(nnue::read_network(nnue::write_network(*net, longText), *back, &description));
  EXPECT_EQ(description, longText.substr(0, nnue::FileHeaderSize - 40 - 1));

  auto plain = random_network(11);
  const std::vector<char> plainBytes = nnue::write_network(*plain, "plain");
  EXPECT_EQ(plainBytes[4], 2);
  ASSERT_FALSE(nnue::read_network(plainBytes, *back, &description));
  EXPECT_EQ(back->mapping, nnue::InputMapping::Plain);
  EXPECT_EQ(description, "plain");

  std::vector<char> unknown = bytes;
  unknown[36] = 2;  // no such mapping
  auto error = nnue::read_network(unknown, *back);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("mapping 2"), std::string::npos) << *error;
}

TEST(NnueFile, DamagedFilesAreRefusedWithTheReason) {
  auto net = random_network(2);
  const std::vector<char> good = nnue::write_network(*net, "");
  auto scratch = std::make_unique<nnue::Network>();
  auto error_for = [&](std::vector<char> bytes) {
    auto e = nnue::read_network(bytes, *scratch);
    return e ? *e : std::string("accepted");
  };
  std::vector<char> bad = good;
  bad[nnue::FileHeaderSize + 1000] ^= 1;
  EXPECT_NE(error_for(bad).find("checksum"), std::string::npos);
  bad = good;
  bad[0] = 'X';
  EXPECT_NE(error_for(bad).find("SMNN"), std::string::npos);
  bad = good;
  bad[12] = 1;  // hidden size
  EXPECT_NE(error_for(bad).find("->"), std::string::npos);
  bad = good;
  bad[4] = 9;  // version
  EXPECT_NE(error_for(bad).find("version"), std::string::npos);
  bad = good;
  bad[32] = 3;  // output buckets
  EXPECT_NE(error_for(bad).find("->"), std::string::npos);
  bad = good;
  bad.pop_back();
  EXPECT_NE(error_for(bad).find("bytes"), std::string::npos);
  EXPECT_NE(error_for({}).find("SMNN"), std::string::npos);
  EXPECT_TRUE(nnue::load_network_file("/nonexistent/net.nnue", *scratch).has_value());

  // Files: a good one loads; one byte more, a directory or an endless
  // device are refused without being read whole.
  auto load_error = [&](const std::string& path) {
    auto e = nnue::load_network_file(path, *scratch);
    return e ? *e : std::string("accepted");
  };
  shiftmate_test::TempFile goodFile(std::string(good.begin(), good.end()));
  EXPECT_EQ(load_error(goodFile.path()), "accepted");
  shiftmate_test::TempFile longer(std::string(good.begin(), good.end()) + "x");
  EXPECT_NE(load_error(longer.path()).find(std::to_string(nnue::FileSize + 1) + " bytes"),
            std::string::npos);
  std::vector<char> renamed = good;
  renamed[4] = 9;
  shiftmate_test::TempFile longerOtherVersion(std::string(renamed.begin(), renamed.end()) + "x");
  EXPECT_NE(load_error(longerOtherVersion.path()).find("version 9"), std::string::npos);
  EXPECT_NE(load_error("/dev/zero").find("not a regular file"), std::string::npos);
  EXPECT_NE(load_error("/tmp").find("not a regular file"), std::string::npos);
}

// A one-bucket net spread to eight buckets: the same header but the count
// and checksum, the same feature layer, and each bucket a copy of the one
// output neuron; spread to one bucket it is the same file, byte for byte.
TEST(NnueFile, SpreadingTheOutputBucketCopiesTheOneOutput) {
  auto u32 = [](const std::vector<char>& bytes, std::size_t at) {
    std::uint32_t v;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
  };
  auto fnv1a = [](const std::vector<char>& bytes) {  // over everything after the header
    std::uint32_t h = 2166136261u;
    for (std::size_t i = nnue::FileHeaderSize; i < bytes.size(); ++i)
      h = (h ^ std::uint8_t(bytes[i])) * 16777619u;
    return h;
  };
  const std::size_t features =
      nnue::FileHeaderSize + 2 * (nnue::InputSize * nnue::HiddenSize + nnue::HiddenSize);
  const std::size_t weights = 4 * nnue::HiddenSize;

  // The source: this build's file cut to its first output neuron.
  const std::vector<char> built = nnue::write_network(*random_network(3), "spread me");
  std::vector<char> one(built.begin(), built.begin() + features + weights);
  one.insert(one.end(), built.begin() + features + nnue::OutputBuckets * weights,
             built.begin() + features + nnue::OutputBuckets * weights + 4);
  ASSERT_EQ(one.size(), nnue::file_size(1));
  const std::uint32_t oneBucket = 1, checksum = fnv1a(one);
  std::memcpy(one.data() + 32, &oneBucket, 4);
  std::memcpy(one.data() + 28, &checksum, 4);

  std::vector<char> same;
  ASSERT_FALSE(nnue::spread_output_bucket(one, 1, same));
  EXPECT_EQ(same, one);

  std::vector<char> eight;
  ASSERT_FALSE(nnue::spread_output_bucket(one, 8, eight));
  ASSERT_EQ(eight.size(), nnue::file_size(8));
  EXPECT_EQ(u32(eight, 32), 8u);
  for (std::size_t at : {0, 4, 8, 12, 16, 20, 24}) EXPECT_EQ(u32(eight, at), u32(one, at)) << at;
  EXPECT_TRUE(std::equal(one.begin() + 36, one.begin() + 96, eight.begin() + 36));
  EXPECT_EQ(u32(eight, 28), fnv1a(eight));
  EXPECT_TRUE(std::equal(one.begin() + nnue::FileHeaderSize, one.begin() + features,
                         eight.begin() + nnue::FileHeaderSize));
  for (std::size_t b = 0; b < 8; ++b) {
    EXPECT_TRUE(std::equal(one.begin() + features, one.begin() + features + weights,
                           eight.begin() + features + b * weights))
        << "bucket " << b;
    EXPECT_EQ(u32(eight, features + 8 * weights + 4 * b), u32(one, features + weights))
        << "bias " << b;
  }

  if (nnue::OutputBuckets == 8) {  // what train --init reads: the spread file
    auto spread = std::make_unique<nnue::Network>(), direct = std::make_unique<nnue::Network>();
    ASSERT_FALSE(nnue::read_network(one, *spread, nullptr, nnue::OneBucketNet::Spread));
    ASSERT_FALSE(nnue::read_network(eight, *direct));
    EXPECT_EQ(std::memcmp(spread.get(), direct.get(), sizeof(nnue::Network)), 0);
    EXPECT_TRUE(nnue::read_network(one, *spread)) << "a game refuses a one-bucket net";
  }

  std::vector<char> out;
  EXPECT_TRUE(nnue::spread_output_bucket(eight, 8, out)) << "only a one-bucket net spreads";
  EXPECT_TRUE(nnue::spread_output_bucket(one, 0, out));
  std::vector<char> damaged = one;
  damaged[features] ^= 1;
  auto error = nnue::spread_output_bucket(damaged, 8, out);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("checksum"), std::string::npos) << *error;
}

TEST(NnueFile, TheEmbeddedNetworkReadsBack) {
  auto net = std::make_unique<nnue::Network>();
  std::string description;
  auto error = nnue::read_network(nnue::embedded_network_file(), *net, &description);
  EXPECT_FALSE(error) << *error;
  EXPECT_FALSE(description.empty());
  EXPECT_EQ(std::memcmp(net.get(), &nnue::active_network(), sizeof(nnue::Network)), 0);
}

TEST(NnueAccumulator, IncrementalEqualsScratchOverPerftWalks) {
  // Castling both ways, en passant, promotions with and without capture.
  expect_incremental_equals_scratch(std::string(START_FEN), false, 3);
  expect_incremental_equals_scratch(
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 3);
  expect_incremental_equals_scratch("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 4);
  expect_incremental_equals_scratch(
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", false, 3);
  expect_incremental_equals_scratch("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                                    false, 3);
  expect_incremental_equals_scratch("8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 0 1", false, 4);
}

// Under a mirrored net a viewer's half is recomputed when its king crosses
// between the d and e files (castling too); the lazy sums must still equal
// sums from scratch everywhere.
TEST(NnueAccumulator, IncrementalEqualsScratchWithMirroredInputs) {
  const auto mirrored = nnue::InputMapping::Mirrored;
  expect_incremental_equals_scratch(std::string(START_FEN), false, 3, mirrored);
  expect_incremental_equals_scratch(
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false, 3, mirrored);
  expect_incremental_equals_scratch("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false, 4,
                                    mirrored);
  // Both kings next to the middle: every king move may cross it.
  expect_incremental_equals_scratch("8/8/3pk3/8/8/3PK3/8/8 w - - 0 1", false, 5, mirrored);
  expect_incremental_equals_scratch("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                                    false, 3, mirrored);
  std::vector<std::string> fens = suite_fens("fischer.epd");
  ASSERT_GE(fens.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) expect_incremental_equals_scratch(fens[i], true, 3, mirrored);
}

TEST(NnueAccumulator, IncrementalEqualsScratchInChess960) {
  std::vector<std::string> fens = suite_fens("fischer.epd");
  ASSERT_GE(fens.size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) expect_incremental_equals_scratch(fens[i], true, 3);
}

TEST(NnueInference, QuantisedOutputMatchesTheFloatReference) {
  auto net = random_network(3);
  int compared = 0;
  for (const std::string& fen : suite_fens("standard.epd")) {
    Position pos;
    ASSERT_FALSE(pos.set(fen, true)) << fen;
    for (Move m : MoveList<LEGAL>(pos)) {
      pos.do_move(m);
      int fast = nnue::evaluate(*net, pos);
      double reference = nnue::reference_output(*net, pos);
      // Integer division truncates twice: at most a centipawn or two.
      EXPECT_NEAR(fast, reference, 2.0) << pos.fen();
      ++compared;
      pos.undo_move(m);
    }
  }
  EXPECT_GT(compared, 100);
}

// Every kernel against the plain sum at the extremes: accumulators at and
// past the clamp, the largest weights the trainer writes (+-127, whose
// products with QA just fit int16) and weights past them (whose products
// wrap to 16 bits, alike everywhere; 128 * 256 wraps to -32768). Each
// side's sum nears int32's limit at 256 hidden neurons and passes it in a
// wider build (make HIDDEN=384).
TEST(NnueInference, SaturatedSumsAreExactInEveryKernel) {
  auto net = random_network(5);
  Position pos;
  const int bucket = nnue::output_bucket(popcount(pos.pieces()));
  auto acc = std::make_unique<nnue::Accumulator>();
  for (int weightCase = 0; weightCase < 4; ++weightCase) {
    std::int64_t sum = 0;
    for (int i = 0; i < 2 * nnue::HiddenSize; ++i) {
      const std::int16_t w = weightCase == 0   ? 127
                             : weightCase == 1 ? std::int16_t(i % 2 ? -127 : 127)
                             : weightCase == 2 ? std::int16_t(200 + i % 7)
                                               : 256;
      const std::int16_t a = weightCase == 3 ? 128 : std::int16_t(i % 5 == 4 ? 100 + i : 300 + i);
      net->outputWeights[bucket][i] = w;
      acc->values[i < nnue::HiddenSize ? WHITE : BLACK][i % nnue::HiddenSize] = a;
      const std::int32_t v = std::clamp<std::int32_t>(a, 0, nnue::QA);
      sum += std::int64_t(std::int16_t(v * w)) * v;
    }
    net->outputBias[bucket] = 12345;
    const std::int64_t expected =
        (sum / nnue::QA + 12345) * nnue::EvalScale / (nnue::QA * nnue::QB);
    EXPECT_EQ(nnue::output(*net, *acc, pos), expected) << "weights case " << weightCase;
  }
}

TEST(NnueInference, TheOutputNeuronFollowsThePieceCount) {
  static_assert(nnue::OutputBuckets == 1 || nnue::OutputBuckets == 8, "the cases below");
  // Output weights zero and bucket b's bias b + 1: the output names the bucket.
  auto net = random_network(5);
  for (int b = 0; b < nnue::OutputBuckets; ++b) {
    std::fill(std::begin(net->outputWeights[b]), std::end(net->outputWeights[b]), 0);
    net->outputBias[b] = (b + 1) * nnue::QA * nnue::QB;
  }
  const std::pair<const char*, int> cases[] = {
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0},                                         // 2 pieces
      {"4k3/8/8/8/8/8/1P6/1N2K2R w - - 0 1", 0},                                    // 5
      {"4k3/p7/8/8/8/8/1P6/1N2K2R w - - 0 1", 1},                                   // 6
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 7},  // 32
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPPP/R3K2R w KQkq - 0 1", 7},   // 31
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBPP1/R3K2R w KQkq - 0 1", 7},   // 30
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q2/PPPBBP2/R3K2R w Qkq - 0 1", 6},     // 29
  };
  for (auto [fen, bucket] : cases) {
    Position pos;
    ASSERT_FALSE(pos.set(fen)) << fen;
    const int expected = nnue::OutputBuckets == 8 ? bucket : 0;
    EXPECT_EQ(nnue::evaluate(*net, pos), (expected + 1) * nnue::EvalScale) << fen;
  }
}

TEST(NnueInference, LeavingASquareOutIsThePositionWithoutItsPiece) {
  auto net = random_network(6);
  Position with, without;
  ASSERT_FALSE(with.set("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
  ASSERT_FALSE(without.set("r3k2r/p1ppqpb1/bn2pnp1/3P4/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
  EXPECT_NEAR(nnue::reference_output(*net, with, SQ_E5), nnue::reference_output(*net, without),
              1e-6);
  // An empty square leaves the position as it is.
  EXPECT_NEAR(nnue::reference_output(*net, with, SQ_D6), nnue::reference_output(*net, with), 1e-6);
}

TEST(NnueInference, SideToMoveSeesTheBoardFromItsOwnSide) {
  // A position and its colour-flipped mirror are the same to the side to move.
  auto net = random_network(4);
  Position a, b;
  ASSERT_FALSE(a.set("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"));
  ASSERT_FALSE(b.set("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3"));
  EXPECT_EQ(nnue::evaluate(*net, a), nnue::evaluate(*net, b));
}

namespace {

// The position flipped left to right (a FEN without castling rights).
std::string flipped_left_to_right(const std::string& fen) {
  std::istringstream in(fen);
  std::string board, rest;
  in >> board;
  std::getline(in, rest);
  std::string out, rank;
  for (char c : board + "/") {
    if (c != '/') {
      rank += c;
      continue;
    }
    out += std::string(rank.rbegin(), rank.rend()) + "/";
    rank.clear();
  }
  out.pop_back();
  return out + rest;
}

}  // namespace

// Under mirrored inputs a position and its left-to-right mirror are the same
// inputs for both viewers, so every net, even a random one, scores them the
// same; under plain inputs they are different positions.
TEST(NnueInference, MirroredInputsSeeAPositionAndItsMirrorAlike) {
  auto mirrored = random_network(12, nnue::InputMapping::Mirrored);
  auto plain = random_network(12);
  const char* fens[] = {
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      "8/8/3pk3/8/8/3PK3/8/8 b - - 0 1",
      "2kr3r/ppp2ppp/2n5/8/8/2N5/PPP2PPP/2KR3R w - - 0 12",
  };
  int differ = 0;
  for (const char* fen : fens) {
    const std::string flipped = flipped_left_to_right(fen);
    Position a, b;
    ASSERT_FALSE(a.set(fen)) << fen;
    ASSERT_FALSE(b.set(flipped)) << flipped;
    EXPECT_EQ(nnue::evaluate(*mirrored, a), nnue::evaluate(*mirrored, b)) << fen;
    EXPECT_NEAR(nnue::reference_output(*mirrored, a), nnue::evaluate(*mirrored, a), 2.0) << fen;
    differ += nnue::evaluate(*plain, a) != nnue::evaluate(*plain, b);
  }
  EXPECT_EQ(differ, 4);
}

namespace {

// What any trained net must know, whichever file it came from: a position and
// its colour-flipped mirror score the same for the side to move, and a queen
// or a rook more is a large advantage.
void expect_sound_evaluation(const nnue::Network& net, const std::string& name) {
  const char* mirrored[][2] = {
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
       "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1"},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "8/4p1p1/8/1r3P1K/kp5R/3P4/2P5/8 b - - 0 1"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
       "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
  };
  for (auto& f : mirrored)
    EXPECT_EQ(nnue::evaluate(net, pos_of(f[0])), nnue::evaluate(net, pos_of(f[1])))
        << name << ": " << f[0];
  auto score = [&](const char* fen) { return nnue::evaluate(net, pos_of(fen)); };
  EXPECT_GT(score("4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), 700) << name;
  EXPECT_LT(score("4k3/8/8/8/8/8/8/3QK3 b - - 0 1"), -700) << name;
  // A rook more in the middlegame, for either side to move.
  EXPECT_GT(score("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1"), 250) << name;
  EXPECT_LT(score("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQq - 0 1"), -250) << name;
  // The start position is close to level.
  EXPECT_LT(std::abs(score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")), 100)
      << name;
}

}  // namespace

TEST(Evaluation, TheEmbeddedNetworkIsSound) {
  expect_sound_evaluation(nnue::active_network(), "the embedded network");
}

// nets/ keeps the default and the nets the next one trains on from (the chain
// survives a lost machine only there): each must load and evaluate soundly in
// a build of its shape. Builds of another width or bucket count skip it.
TEST(Evaluation, EveryNetInTheRepositoryIsSound) {
  int loaded = 0, found = 0;
  for (const auto& entry : std::filesystem::directory_iterator(SHIFTMATE_NETS_DIR)) {
    if (entry.path().extension() != ".nnue") continue;
    ++found;
    auto net = std::make_unique<nnue::Network>();
    auto error = nnue::load_network_file(entry.path().string(), *net);
    if (error && error->find("this build is") != std::string::npos) continue;
    ASSERT_FALSE(error) << entry.path() << ": " << *error;
    expect_sound_evaluation(*net, entry.path().filename().string());
    ++loaded;
  }
  EXPECT_GE(found, 1) << SHIFTMATE_NETS_DIR;
  if (loaded == 0) GTEST_SKIP() << "no net in " << SHIFTMATE_NETS_DIR << " has this build's shape";
}
