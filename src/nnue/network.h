// The evaluation network: (768 -> HiddenSize) x 2 -> 1 with SCReLU. The
// file format and the code allow OutputBuckets output neurons, one chosen by
// the number of pieces on the board; the network has one.
//
// Inputs are one per (piece colour relative to the viewer, piece type,
// square from the viewer's side); each side to move "sees" the board from
// its own side, so the same weights serve both perspectives. The hidden
// layer (the accumulator) is kept up to date move by move; the output
// neuron reads the side to move's half first, then the other side's.
//
// Quantisation: accumulator weights and biases are int16 scaled by QA, output
// weights int16 scaled by QB, the output bias int32 scaled by QA * QB.
// SCReLU(x) = clamp(x, 0, 1)^2.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "types.h"

namespace shiftmate::nnue {

constexpr int InputSize = 768;
// The shape is chosen when building (CMake SHIFTMATE_HIDDEN and
// SHIFTMATE_OUTPUT_BUCKETS, make HIDDEN= and BUCKETS=) so that nets of other
// sizes can be trained and played against the default; the embedded network
// must have the build's shape (CMake checks its header).
#ifndef SHIFTMATE_HIDDEN_SIZE
#define SHIFTMATE_HIDDEN_SIZE 256
#endif
#ifndef SHIFTMATE_OUTPUT_BUCKETS
#define SHIFTMATE_OUTPUT_BUCKETS 1
#endif
constexpr int HiddenSize = SHIFTMATE_HIDDEN_SIZE;
static_assert(HiddenSize >= 32 && HiddenSize % 32 == 0,
              "the vector kernels take 32 int16 lanes a step (AVX-512)");
static_assert(HiddenSize <= 1024, "screlu_dot's int32 lanes stay exact up to 1024 (simd.h)");
constexpr int QA = 255;  // accumulator quantisation (1.0 = QA)
constexpr int QB = 64;   // output weight quantisation (1.0 = QB)
// Network output 1.0 = this many centipawns. The trainer reads scores
// through sigmoid(score / EvalScale); 170 is what the results of our
// self-play say (+170 cp scores 73%), which keeps the network's centipawns
// those the search's margins and the WDL model were tuned for.
constexpr int EvalScale = 170;
// Output neurons, one chosen by the number of pieces on the board (an
// endgame may want other output weights than a middlegame): with 8, a bucket
// is (pieces on the board - 2) / 4, kings included. The default network has
// one, used in every position.
constexpr int OutputBuckets = SHIFTMATE_OUTPUT_BUCKETS;
static_assert(OutputBuckets >= 1 && OutputBuckets <= 31);
constexpr int output_bucket(int pieceCount, int buckets = OutputBuckets) {
  return (pieceCount - 2) * buckets / 31;
}
static_assert(output_bucket(2) == 0 && output_bucket(32) == OutputBuckets - 1);
static_assert(output_bucket(2, 8) == 0 && output_bucket(5, 8) == 0 && output_bucket(6, 8) == 1 &&
              output_bucket(29, 8) == 6 && output_bucket(30, 8) == 7 && output_bucket(32, 8) == 7);

// How the inputs are laid out for a viewer. Plain: as above. Mirrored: the
// board is also flipped horizontally for a viewer whose king stands on files
// e-h, so the weights see every king on files a-d and learn twice from each
// position's pattern (chess is nearly symmetric left to right; castling
// rights are not inputs). A viewer's half of the accumulator is then
// recomputed when its king crosses between the d and e files.
enum class InputMapping : std::uint32_t { Plain = 0, Mirrored = 1 };

// Whether a viewer whose king stands on `kingSquare` sees the board mirrored.
constexpr bool mirrors_for(InputMapping mapping, Square kingSquare) {
  return mapping == InputMapping::Mirrored && file_of(kingSquare) >= FILE_E;
}

// What a viewer's squares are XORed with: the board is flipped vertically
// for Black, and horizontally when `mirror` (see InputMapping).
constexpr int square_flip(Color viewer, bool mirror) {
  return (viewer == WHITE ? 0 : 56) ^ (mirror ? 7 : 0);
}

// The feature that a piece is for the viewer's half of the accumulator,
// given its square as the viewer sees it (already XORed with square_flip).
constexpr int feature_of(Color viewer, Piece pc, int viewedSquare) {
  return (color_of(pc) != viewer) * 384 + (type_of(pc) - 1) * 64 + viewedSquare;
}

// The feature that a piece on a square is for the viewer's half.
constexpr int feature_index(Color viewer, Piece pc, Square sq, bool mirror = false) {
  return feature_of(viewer, pc, sq ^ square_flip(viewer, mirror));
}

struct alignas(64) Network {
  std::int16_t featureWeights[InputSize * HiddenSize];  // feature-major
  std::int16_t featureBias[HiddenSize];
  std::int16_t outputWeights[OutputBuckets][2 * HiddenSize];  // side to move's half first
  std::int32_t outputBias[OutputBuckets];
  InputMapping mapping = InputMapping::Plain;  // from the file's header, not its payload
};

// The file: a 96-byte header, then the weights in the order of Network's
// fields, all little-endian.
//    0  "SMNN"               16  u32 QA
//    4  u32 version (2, 3)   20  u32 QB
//    8  u32 InputSize        24  u32 EvalScale
//   12  u32 HiddenSize       28  u32 FNV-1a checksum of everything after the header
//   32  u32 OutputBuckets
// Version 2 (plain inputs):
//   36  60 bytes: a description (NUL-padded), e.g. the training run
// Version 3:
//   36  u32 InputMapping
//   40  56 bytes: the description
// A plain net is written as version 2, so that builds before version 3 read it.
constexpr std::uint32_t FileVersion = 3;  // the newest this build reads
constexpr std::size_t FileHeaderSize = 96;
constexpr std::size_t MappingOffset = 36;  // version 3 and later
// Version 2's description starts where version 3's mapping field sits.
constexpr std::size_t description_offset(std::uint32_t version) {
  return version >= 3 ? MappingOffset + 4 : MappingOffset;
}
constexpr std::size_t file_size(int buckets) {
  return FileHeaderSize + 2 * (InputSize * HiddenSize + HiddenSize + buckets * 2 * HiddenSize) +
         4 * buckets;
}
constexpr std::size_t FileSize = file_size(OutputBuckets);

// What a build with several output buckets does with a net that has one:
// reject it (play), or start every bucket as that one output (train on from
// it into a bucketed net, `train --init`).
enum class OneBucketNet { Reject, Spread };

std::vector<char> write_network(const Network& net, std::string_view description);
// A one-bucket network file image (this build's width) as `out`, the same net
// with `buckets` output buckets, each a copy of its one output neuron: where a
// bucketed net's training starts from a one-bucket net.
std::optional<std::string> spread_output_bucket(std::span<const char> bytes, int buckets,
                                                std::vector<char>& out);
// Reads a network file image; the message says what is wrong (wrong magic,
// version, architecture, size or checksum).
std::optional<std::string> read_network(std::span<const char> bytes, Network& net,
                                        std::string* description = nullptr,
                                        OneBucketNet oneBucket = OneBucketNet::Reject);
std::optional<std::string> load_network_file(const std::string& path, Network& net,
                                             std::string* description = nullptr,
                                             OneBucketNet oneBucket = OneBucketNet::Reject);
std::optional<std::string> save_network_file(const std::string& path, const Network& net,
                                             std::string_view description);

// The network compiled into the binary (nets/default.nnue); empty in a build
// made with SHIFTMATE_NET=none, whose evaluation is zero until EvalFile is set.
std::span<const char> embedded_network_file();

}  // namespace shiftmate::nnue
