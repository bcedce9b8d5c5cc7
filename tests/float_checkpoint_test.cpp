// The trainer's float checkpoint: every weight comes back bit for bit, and
// anything else (a net file, a cut or padded file, another shape, a weight
// that is not a number) is refused with the file's name, leaving the net as
// it was.
#include "training/float_checkpoint.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>

#include "nnue/network.h"
#include "test_support.h"

using namespace shiftmate;
using shiftmate_test::read_file;
using shiftmate_test::TempPath;
using shiftmate_test::write_file;

namespace {

bool same_weights(const FloatNetwork& a, const FloatNetwork& b) {
  return a.mapping == b.mapping && a.featureWeights == b.featureWeights &&
         a.featureBias == b.featureBias && a.outputWeights == b.outputWeights &&
         a.outputBias == b.outputBias;
}

// Weights with detail below the int16 net's step, as a trained net has.
FloatNetwork detailed_net(std::uint64_t seed) {
  FloatNetwork net;
  net.randomise(seed);
  for (std::size_t i = 0; i < net.featureWeights.size(); i += 7)
    net.featureWeights[i] += 1e-6f * float(i % 13);
  return net;
}

}  // namespace

TEST(FloatCheckpoint, EveryWeightComesBackBitForBit) {
  for (nnue::InputMapping mapping : {nnue::InputMapping::Plain, nnue::InputMapping::Mirrored}) {
    FloatNetwork net = detailed_net(3);
    net.mapping = mapping;
    TempPath file(".float");
    ASSERT_FALSE(save_float_checkpoint(file.path(), net));
    EXPECT_TRUE(is_float_checkpoint(file.path()));
    FloatNetwork loaded;
    loaded.randomise(4);  // every weight must be overwritten
    ASSERT_FALSE(load_float_checkpoint(file.path(), loaded));
    EXPECT_TRUE(same_weights(loaded, net));
  }
  // The rounded net does not keep that detail: the checkpoint is not the file.
  FloatNetwork net = detailed_net(3);
  auto quantised = std::make_unique<nnue::Network>();
  net.quantise(*quantised);
  FloatNetwork rounded;
  rounded.dequantise(*quantised);
  EXPECT_NE(rounded.featureWeights, net.featureWeights);
}

TEST(FloatCheckpoint, AnythingElseIsRefusedByNameAndLeavesTheNetAlone) {
  const FloatNetwork original = detailed_net(5);
  TempPath good(".float");
  ASSERT_FALSE(save_float_checkpoint(good.path(), original));
  const std::string bytes = read_file(good.path());

  auto refused = [&](const std::string& content, const std::string& why) {
    TempPath file(".float");
    write_file(file.path(), content);
    FloatNetwork net = original;
    const auto error = load_float_checkpoint(file.path(), net);
    EXPECT_TRUE(error) << why;
    if (error) {
      EXPECT_NE(error->find(file.path()), std::string::npos) << *error;
      EXPECT_NE(error->find(why), std::string::npos) << *error;
    }
    EXPECT_TRUE(same_weights(net, original)) << why;
  };
  refused(bytes.substr(0, bytes.size() - 4), "bytes where this shape needs");
  refused(bytes + '\0', "bytes where this shape needs");
  refused("", "not a float checkpoint");
  refused(bytes.substr(0, 10), "not a float checkpoint");

  // The header's hidden size (the third word after the 16-byte magic).
  std::string otherShape = bytes;
  otherShape[16 + 8] = char(otherShape[16 + 8] + 32);
  refused(otherShape, "this build trains");
  std::string badMapping = bytes;
  badMapping[16] = 7;
  refused(badMapping, "unknown input mapping");

  std::string notANumber = bytes;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  notANumber.replace(notANumber.size() - sizeof(float), sizeof(float),
                     reinterpret_cast<const char*>(&nan), sizeof(float));
  refused(notANumber, "not a finite number");

  // A net file is no checkpoint, and a missing file is neither.
  auto quantised = std::make_unique<nnue::Network>();
  original.quantise(*quantised);
  TempPath netFile(".nnue");
  ASSERT_FALSE(nnue::save_network_file(netFile.path(), *quantised, "a net"));
  EXPECT_FALSE(is_float_checkpoint(netFile.path()));
  refused(read_file(netFile.path()), "not a float checkpoint");
  FloatNetwork net = original;
  EXPECT_TRUE(load_float_checkpoint("/nonexistent/shiftmate/n.float", net));
  EXPECT_FALSE(is_float_checkpoint("/nonexistent/shiftmate/n.float"));
  EXPECT_TRUE(same_weights(net, original));
}
