#include "training/float_checkpoint.h"

#include <fmt/format.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

#include "nnue/network.h"
#include "util/platform.h"

namespace shiftmate {

namespace {

static_assert(std::endian::native == std::endian::little, "the checkpoint is written as is");

constexpr std::array<char, 16> CheckpointMagic = {'S', 'h', 'i', 'f', 't', 'm', 'a', 't',
                                                  'e', 'F', 'l', 'o', 'a', 't', '1', '\n'};

// After the magic: the mapping, then the four shapes the arrays must have.
struct Header {
  std::uint32_t mapping, inputSize, hiddenSize, outputBuckets;
};

constexpr std::size_t HeaderBytes = CheckpointMagic.size() + sizeof(Header);

// The four arrays in the order the file holds them: one list for writing
// and reading, so the two cannot disagree.
template <typename Net>
auto arrays_of(Net& net) {
  return std::array{&net.featureWeights, &net.featureBias, &net.outputWeights, &net.outputBias};
}

template <typename T>
void append(std::vector<char>& out, const T* data, std::size_t count) {
  const char* bytes = reinterpret_cast<const char*>(data);
  out.insert(out.end(), bytes, bytes + count * sizeof(T));
}

}  // namespace

bool is_float_checkpoint(const std::string& path) {
  std::ifstream in(path_from_utf8(path), std::ios::binary);
  std::array<char, CheckpointMagic.size()> start{};
  return in.read(start.data(), start.size()) && start == CheckpointMagic;
}

std::optional<std::string> save_float_checkpoint(const std::string& path, const FloatNetwork& net) {
  const Header header{std::uint32_t(net.mapping), nnue::InputSize, nnue::HiddenSize,
                      nnue::OutputBuckets};
  std::vector<char> bytes(CheckpointMagic.begin(), CheckpointMagic.end());
  append(bytes, &header, 1);
  for (const std::vector<float>* v : arrays_of(net)) append(bytes, v->data(), v->size());
  // Written beside and renamed over: a run killed mid-write leaves the old
  // checkpoint whole rather than a cut one.
  const std::filesystem::path target = path_from_utf8(path);
  std::filesystem::path partial = target;
  partial += ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    if (!out || !out.write(bytes.data(), std::streamsize(bytes.size())) || !out.flush())
      return fmt::format("cannot write the float checkpoint {}", path);
  }
  std::error_code error;
  std::filesystem::rename(partial, target, error);
  if (error) return fmt::format("cannot write the float checkpoint {}: {}", path, error.message());
  return std::nullopt;
}

std::optional<std::string> load_float_checkpoint(const std::string& path, FloatNetwork& net) {
  std::ifstream in(path_from_utf8(path), std::ios::binary);
  if (!in) return fmt::format("cannot open {}", path);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in),
                                std::istreambuf_iterator<char>()};
  auto bad = [&](const std::string& why) { return fmt::format("{}: {}", path, why); };
  if (bytes.size() < HeaderBytes ||
      !std::equal(CheckpointMagic.begin(), CheckpointMagic.end(), bytes.begin()))
    return bad("not a float checkpoint (train writes one beside its --output net)");
  Header h;
  std::memcpy(&h, bytes.data() + CheckpointMagic.size(), sizeof h);
  if (h.inputSize != nnue::InputSize || h.hiddenSize != nnue::HiddenSize ||
      h.outputBuckets != nnue::OutputBuckets)
    return bad(fmt::format("a {}->{}x2->1x{} checkpoint; this build trains {}->{}x2->1x{}",
                           h.inputSize, h.hiddenSize, h.outputBuckets, nnue::InputSize,
                           nnue::HiddenSize, nnue::OutputBuckets));
  if (h.mapping > std::uint32_t(nnue::InputMapping::Mirrored)) return bad("unknown input mapping");
  FloatNetwork loaded;
  loaded.mapping = nnue::InputMapping(h.mapping);
  std::size_t expected = HeaderBytes;
  for (const std::vector<float>* v : arrays_of(loaded)) expected += v->size() * sizeof(float);
  if (bytes.size() != expected)
    return bad(fmt::format("{} bytes where this shape needs {}", bytes.size(), expected));
  const char* at = bytes.data() + HeaderBytes;
  for (std::vector<float>* v : arrays_of(loaded)) {
    std::memcpy(v->data(), at, v->size() * sizeof(float));
    at += v->size() * sizeof(float);
    for (float w : *v)
      if (!std::isfinite(w)) return bad("a weight is not a finite number");
  }
  net = std::move(loaded);
  return std::nullopt;
}

std::optional<std::string> check_checkpoint_matches_net(const std::string& path,
                                                        const FloatNetwork& net) {
  const std::string suffix = FloatCheckpointSuffix;
  if (!path.ends_with(suffix)) return std::nullopt;
  const std::string netPath = path.substr(0, path.size() - suffix.size());
  std::error_code error;
  if (!std::filesystem::is_regular_file(path_from_utf8(netPath), error)) return std::nullopt;
  auto beside = std::make_unique<nnue::Network>();
  if (auto why = nnue::load_network_file(netPath, *beside, nullptr, nnue::OneBucketNet::Spread))
    return fmt::format("cannot check {} against the {} beside it: {}", path, netPath, *why);
  auto rounded = std::make_unique<nnue::Network>();
  net.quantise(*rounded);
  std::size_t differ = 0;
  for (std::size_t i = 0; i < std::size(rounded->featureWeights); ++i)
    differ += rounded->featureWeights[i] != beside->featureWeights[i];
  for (std::size_t i = 0; i < std::size(rounded->featureBias); ++i)
    differ += rounded->featureBias[i] != beside->featureBias[i];
  if (!differ && rounded->mapping == beside->mapping) return std::nullopt;
  return fmt::format(
      "{} does not belong to {}: {} of its {} first-layer weights round to other values{} (train "
      "writes the two together; give --init {} to start from that net)",
      path, netPath, differ, std::size(rounded->featureWeights) + std::size(rounded->featureBias),
      rounded->mapping == beside->mapping ? "" : ", and the input mappings differ", netPath);
}

}  // namespace shiftmate
