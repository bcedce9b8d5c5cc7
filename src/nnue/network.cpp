#include "nnue/network.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "util/regular_file.h"

namespace shiftmate::nnue {

static_assert(std::endian::native == std::endian::little, "the net file is read in place");

namespace {

constexpr char Magic[4] = {'S', 'M', 'N', 'N'};

std::uint32_t fnv1a(std::span<const char> bytes) {
  std::uint32_t h = 2166136261u;
  for (char c : bytes) h = (h ^ std::uint8_t(c)) * 16777619u;
  return h;
}

void put_u32(std::vector<char>& out, std::size_t at, std::uint32_t v) {
  std::memcpy(out.data() + at, &v, 4);
}
std::uint32_t get_u32(std::span<const char> in, std::size_t at) {
  std::uint32_t v;
  std::memcpy(&v, in.data() + at, 4);
  return v;
}

// The payload fields in file order, as (address, bytes).
template <typename Net, typename F>
void for_each_field(Net& net, F&& f) {
  f(net.featureWeights, sizeof(net.featureWeights));
  f(net.featureBias, sizeof(net.featureBias));
  f(net.outputWeights, sizeof(net.outputWeights));
  f(net.outputBias, sizeof(net.outputBias));
}

}  // namespace

std::vector<char> write_network(const Network& net, std::string_view description) {
  std::vector<char> out(FileSize);
  std::memcpy(out.data(), Magic, 4);
  const std::uint32_t version = net.mapping == InputMapping::Plain ? 2 : 3;
  put_u32(out, 4, version);
  put_u32(out, 8, InputSize);
  put_u32(out, 12, HiddenSize);
  put_u32(out, 16, QA);
  put_u32(out, 20, QB);
  put_u32(out, 24, EvalScale);
  put_u32(out, 32, OutputBuckets);
  if (version >= 3) put_u32(out, MappingOffset, std::uint32_t(net.mapping));
  const std::size_t at = description_offset(version);
  std::memcpy(out.data() + at, description.data(),
              std::min(description.size(), FileHeaderSize - at - 1));
  std::size_t payload = FileHeaderSize;
  for_each_field(net, [&](const void* p, std::size_t n) {
    std::memcpy(out.data() + payload, p, n);
    payload += n;
  });
  put_u32(out, 28, fnv1a(std::span(out).subspan(FileHeaderSize)));
  return out;
}

namespace {

// What is wrong with a file's header (magic, version, architecture,
// quantisation), if anything.
std::optional<std::string> header_error(std::span<const char> bytes,
                                        std::uint32_t expectedBuckets = OutputBuckets) {
  if (bytes.size() < FileHeaderSize || std::memcmp(bytes.data(), Magic, 4) != 0)
    return "not a Shiftmate network file (no SMNN header)";
  const std::uint32_t version = get_u32(bytes, 4);
  if (version < 2 || version > FileVersion)
    return fmt::format("network file version {}, this build reads versions 2 to {}", version,
                       FileVersion);
  if (version >= 3 && get_u32(bytes, MappingOffset) > std::uint32_t(InputMapping::Mirrored))
    return fmt::format("network input mapping {} is unknown to this build",
                       get_u32(bytes, MappingOffset));
  const std::uint32_t inputs = get_u32(bytes, 8), hidden = get_u32(bytes, 12),
                      buckets = get_u32(bytes, 32);
  if (inputs != InputSize || hidden != HiddenSize || buckets != expectedBuckets)
    return fmt::format("network is {}->{}x2->1x{}, this build is {}->{}x2->1x{}", inputs, hidden,
                       buckets, InputSize, HiddenSize, expectedBuckets);
  if (get_u32(bytes, 16) != QA || get_u32(bytes, 20) != QB || get_u32(bytes, 24) != EvalScale)
    return fmt::format("network quantised with QA={} QB={} scale={}, this build uses {} {} {}",
                       get_u32(bytes, 16), get_u32(bytes, 20), get_u32(bytes, 24), QA, QB,
                       EvalScale);
  return std::nullopt;
}

std::string size_error(std::uintmax_t size, std::size_t expected = FileSize) {
  return fmt::format("network file is {} bytes, expected {}", size, expected);
}

// What is wrong with the rest of a file whose header is right, if anything.
std::optional<std::string> payload_error(std::span<const char> bytes, std::size_t expectedSize) {
  if (bytes.size() != expectedSize) return size_error(bytes.size(), expectedSize);
  if (fnv1a(bytes.subspan(FileHeaderSize)) != get_u32(bytes, 28))
    return "network file checksum mismatch (damaged file)";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> spread_output_bucket(std::span<const char> bytes, int buckets,
                                                std::vector<char>& out) {
  if (buckets < 1 || buckets > 31) return fmt::format("{} output buckets: 1 to 31", buckets);
  if (auto error = header_error(bytes, 1)) return error;
  if (auto error = payload_error(bytes, file_size(1))) return error;
  const std::size_t features = FileHeaderSize + 2 * (InputSize * HiddenSize + HiddenSize);
  const std::size_t weights = 2 * 2 * HiddenSize, bias = 4;
  out.assign(file_size(buckets), 0);
  std::memcpy(out.data(), bytes.data(), features);
  for (int b = 0; b < buckets; ++b) {
    std::memcpy(out.data() + features + b * weights, bytes.data() + features, weights);
    std::memcpy(out.data() + features + buckets * weights + b * bias,
                bytes.data() + features + weights, bias);
  }
  put_u32(out, 32, std::uint32_t(buckets));
  put_u32(out, 28, fnv1a(std::span(out).subspan(FileHeaderSize)));
  return std::nullopt;
}

std::optional<std::string> read_network(std::span<const char> bytes, Network& net,
                                        std::string* description, OneBucketNet oneBucket) {
  if (oneBucket == OneBucketNet::Spread && OutputBuckets > 1 && bytes.size() >= FileHeaderSize &&
      get_u32(bytes, 32) == 1) {
    std::vector<char> spread;
    if (auto error = spread_output_bucket(bytes, OutputBuckets, spread)) return error;
    return read_network(spread, net, description);
  }
  if (auto error = header_error(bytes)) return error;
  if (auto error = payload_error(bytes, FileSize)) return error;
  std::size_t at = FileHeaderSize;
  for_each_field(net, [&](void* p, std::size_t n) {
    std::memcpy(p, bytes.data() + at, n);
    at += n;
  });
  const std::uint32_t version = get_u32(bytes, 4);
  net.mapping = version >= 3 ? InputMapping(get_u32(bytes, MappingOffset)) : InputMapping::Plain;
  if (description) {
    const std::size_t textAt = description_offset(version);
    const char* d = bytes.data() + textAt;
    *description = std::string(d, strnlen(d, FileHeaderSize - textAt));
  }
  return std::nullopt;
}

std::optional<std::string> load_network_file(const std::string& path, Network& net,
                                             std::string* description, OneBucketNet oneBucket) {
  // EvalFile may name a directory, a device such as /dev/zero or a huge
  // file: only a regular file is read, and never more than a network's size.
  if (auto error = not_a_regular_file(path)) return error;
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path_from_utf8(path), ec);
  std::ifstream in(path_from_utf8(path), std::ios::binary);
  if (ec || !in) return fmt::format("cannot open network file '{}'", path);
  std::vector<char> bytes(std::size_t(std::min<std::uintmax_t>(size, FileSize)));
  in.read(bytes.data(), std::streamsize(bytes.size()));
  if (std::size_t(in.gcount()) != bytes.size())
    return fmt::format("cannot read network file '{}'", path);
  if (size > FileSize) {
    if (auto error = header_error(bytes)) return fmt::format("'{}': {}", path, *error);
    return fmt::format("'{}': {}", path, size_error(size));
  }
  if (auto error = read_network(bytes, net, description, oneBucket))
    return fmt::format("'{}': {}", path, *error);
  return std::nullopt;
}

std::optional<std::string> save_network_file(const std::string& path, const Network& net,
                                             std::string_view description) {
  std::vector<char> bytes = write_network(net, description);
  std::ofstream out(path_from_utf8(path), std::ios::binary | std::ios::trunc);
  if (!out.write(bytes.data(), std::streamsize(bytes.size())) || !out.flush())
    return fmt::format("cannot write network file '{}'", path);
  return std::nullopt;
}

}  // namespace shiftmate::nnue
